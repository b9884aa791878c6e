"""``trfconv serve`` end to end (issue 27): the command run for real, its page driven in
headless Chromium by Playwright as a person uses it: open the page with its token, drop a file
through the file input, read the verdict, open the standings and change their tie-breaks,
download the XML, print the rating report to an A4 PDF, open the title norms and print an IT1;
at a laptop's and a phone's width.
Skipped, with the reason, where Chromium or Playwright is missing (``.ci/run`` installs both)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from browser import CHROMIUM, page_size_mm, pages
from lxml import etree
from paths import FIXTURES
from served import browser, server

EXAMPLE = FIXTURES / "examples" / "example-open-2026.trf"
SECOND = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
NORMS = FIXTURES / "examples" / "norms-example-2026.trf"

try:
    from playwright.sync_api import expect
    PLAYWRIGHT = True
except ImportError:
    PLAYWRIGHT = False

needs_browser = pytest.mark.skipif(CHROMIUM is None or not PLAYWRIGHT, reason="headless Chromium or Playwright is "
                                   "not installed (.ci/run installs Debian's chromium and the test extra)")
pytestmark = [pytest.mark.slow]


def test_the_command_listens_on_loopback_with_a_token_and_stops_on_ctrl_c():
    with server() as (address, said):
        assert urllib.request.urlopen(address, timeout=10).status == 200
        bare = address.split("?")[0]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(bare, timeout=10)
        assert refused.value.code == 403
    out, err, code = said
    assert out.splitlines()[-1] == "trfconv serve: stopped" and code == 0
    assert err == ""  # uvicorn says nothing of its own


@needs_browser
def test_a_person_checks_a_file_prints_the_report_and_downloads_the_xml(tmp_path):
    with server() as (address, _), browser() as chromium:
        context = chromium.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
        page = context.new_page()
        page.goto(address)
        page.set_input_files("#files", str(EXAMPLE))
        decision = page.locator(".card .decision")
        decision.wait_for()
        assert decision.inner_text() == "RATEABLE WITH EXCLUSIONS"
        card = page.locator(".card").first
        key = card.get_attribute("data-file")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280

        # the standings, then with the tie-break list changed through the registry's list
        card.get_by_role("button", name="Standings", exact=True).click()
        frame = page.frame(name=f"frame-{key}")
        frame.wait_for_selector("thead")
        ranking = frame.locator("thead").last  # the first table says what each tie-break is
        assert "DE" in ranking.inner_text().split()
        card.locator(f"#tbchoice-{key}").select_option("SB")
        card.get_by_role("button", name="Add", exact=True).click()
        card.locator(f"#tbchoice-{key}").select_option("BH")
        card.get_by_role("button", name="Add", exact=True).click()
        assert card.locator(f"#tb-{key}").input_value() == "SB,BH"
        card.get_by_role("button", name="Standings", exact=True).click()
        expect(frame.locator("thead").last).not_to_contain_text("WIN")  # the page's policy forbids eval
        head = frame.locator("thead").last.inner_text().split()
        assert head[head.index("PTS") + 1:head.index("PTS") + 3] == ["SB", "BH"]

        # the conversion to chess-results XML
        with page.expect_download() as download:
            card.get_by_role("link", name="chess-results.com upload XML").click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        assert saved.name == "example-open-2026.xml"
        assert etree.parse(str(saved)).xpath("string(//tournament/@name)") == "Example Open 2026"

        # the rating report, printed as the browser prints it: A4
        card.get_by_role("button", name="Rating report", exact=True).click()
        frame.wait_for_selector("section#rated")
        report = context.new_page()  # the page's cookie carries the token
        report.goto(address.split("?")[0] + f"files/{key}/report")
        pdf = tmp_path / "report.pdf"
        report.pdf(path=str(pdf), prefer_css_page_size=True)
        assert page_size_mm(pdf) == (210, 297)
        assert "Players 40, of whom 33 rated" in pages(pdf)[0]

        # the title norms of an event where one is made, asked by keyboard, and its IT1 printed: A4
        page.set_input_files("#files", str(NORMS))
        expect(page.locator(".card")).to_have_count(2)
        norms = page.locator(".card").first
        nkey = norms.get_attribute("data-file")
        norms.get_by_label("GM", exact=True).focus()
        page.keyboard.press("Space")
        assert norms.get_by_label("GM", exact=True).is_checked()
        norms.get_by_role("button", name="Norms", exact=True).focus()
        page.keyboard.press("Enter")
        shown = page.frame(name=f"frame-{nkey}")
        expect(shown.locator("p.decision")).to_contain_text("1 norm(s): #1 GM (9 credited games); valid only if 1.1")
        expect(shown.locator("body")).to_contain_text("GM norm ACHIEVED")
        norms.get_by_role("button", name="IT1 certificates", exact=True).click()
        expect(shown.locator("section.it1 h1").first).to_have_text("Certificate of Title Result")
        it1 = context.new_page()
        it1.goto(address.split("?")[0] + f"files/{nkey}/norms/it1?title=GM")
        pdf = tmp_path / "it1.pdf"
        it1.pdf(path=str(pdf), prefer_css_page_size=True)
        assert page_size_mm(pdf) == (210, 297)
        assert "This report is not valid until con" in pages(pdf)[0] and "Name: Quill First name: Amara" in pages(pdf)[0]

        # a file that is no tournament: said in words
        other = tmp_path / "notes.txt"
        other.write_text("bring the clocks\n")
        page.set_input_files("#files", str(other))
        page.locator(".card.refused").wait_for()
        assert "not a tournament file" in page.locator(".card.refused").inner_text()


@needs_browser
def test_the_page_fits_a_phones_width_is_reached_by_keyboard_and_takes_a_dropped_file():
    with server() as (address, _), browser() as chromium:
        page = chromium.new_page(viewport={"width": 375, "height": 740})
        page.goto(address)
        page.set_input_files("#files", str(EXAMPLE))
        page.locator(".card .decision").wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "files"  # the file picker comes first
        # a second file, dropped on the zone: the table of all files and their rating period
        dropped = page.evaluate_handle("""([name, text]) => {
            const data = new DataTransfer();
            data.items.add(new File([text], name));
            return data;
        }""", [SECOND.name, SECOND.read_text("latin-1")])
        page.dispatch_event("#zone", "drop", {"dataTransfer": dropped})
        page.locator("#all").wait_for()
        page.get_by_role("button", name="Show the table of all files").click()
        rows = page.locator("#batch-table tbody tr")
        rows.nth(1).wait_for()
        assert rows.count() == 2
        page.get_by_role("button", name="Rating period", exact=True).click()
        page.frame(name="period-frame").wait_for_selector("h1")
        assert page.locator("#status-period-frame").inner_text() == ""


@needs_browser
def test_a_rating_list_is_imported_searched_and_checked_against_from_the_page(tmp_path):
    from test_ratinglists_cli import listed_round_robin

    event = listed_round_robin(tmp_path / "rr.trf")
    with server("--db", str(tmp_path / "lists.sqlite")) as (address, _), browser() as chromium:
        page = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(address)
        expect(page.locator("#held")).to_contain_text("No rating list is held yet")
        page.set_input_files("#import input[type=file]", str(FIXTURES / "ratinglists" / "players_list.zip"))
        page.get_by_label("Month").first.fill("2026-10")
        page.get_by_role("button", name="Import").click()
        expect(page.locator("#import-state")).to_contain_text("imported: list of 2026-10", timeout=30_000)
        expect(page.locator("#held")).to_contain_text("Lists held: 2026-10.")
        page.get_by_label("Find a player by name or FIDE id").fill("Jose Nunez")
        page.get_by_role("button", name="Find").click()
        expect(page.locator("#players tbody tr").first).to_contain_text("Nunez Garcia, Jose Maria")
        page.set_input_files("#files", str(event))
        card = page.locator(".card").first
        card.get_by_role("button", name="Check the players against the list in force").click()
        expect(card.locator("ul.findings.warning")).to_contain_text("LST008: player 4 (Morlan, Pel): 1610 in the file")
