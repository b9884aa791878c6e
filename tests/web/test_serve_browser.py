"""``trfconv serve`` end to end (issue 27): the command run for real, its page driven in
headless Chromium by Playwright as a person uses it: open the page with its token, drop a file
through the file input, read the verdict, open the standings and change their tie-breaks,
download the XML, print the rating report to an A4 PDF, open the title norms and print an IT1;
at a laptop's and a phone's width.
Skipped, with the reason, where Chromium or Playwright is missing (``.ci/run`` installs both)."""

from __future__ import annotations

import json
import re
import signal
import time
import urllib.error
import urllib.request

import pytest
from browser import CHROMIUM, page_size_mm, pages
from english import english_words
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


def a_large_list(path, players: int = 250_000) -> None:
    """A FIDE list (the FOA layout) of ``players`` invented players, as FIDE publishes it:
    some seconds to import."""
    from ratinglist_build import HEADER_FOA, P, foa_line, txt

    path.write_bytes(txt(HEADER_FOA, (foa_line(P(90_000_000 + i, f"Player{i:06}, Ann", "NOR", "F", std=(1400 + i % 1000, 0, 20)))
                                      for i in range(players))))


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=["ctrl-c", "sigterm", "sighup"])
def test_stopping_the_server_during_a_list_import_leaves_no_temporary_file(tmp_path, stop):
    """The uploaded copy of a list (up to 512 MiB) was left in the temporary folder for good
    when the server was stopped during its import."""
    from pageclient import said as answered

    from trfconv.ratinglists import open_lists

    listed, temporary, db = tmp_path / "standard_oct26frl.txt", tmp_path / "tmp", tmp_path / "lists.sqlite"
    a_large_list(listed)
    temporary.mkdir()
    with server("--db", str(db), env={"TMPDIR": str(temporary)}, stop=stop) as (address, out):
        port, token = re.search(r":(\d+)/\?token=(.+)$", address).groups()
        body = (b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + listed.name.encode()
                + b"\"\r\n\r\n" + listed.read_bytes() + b"\r\n--b--\r\n")
        head = (f"POST /lists?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
                f"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        job = json.loads(answered(int(port), head + body).split(b"\r\n\r\n", 1)[1])["job"]
        for _ in range(600):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/lists/jobs/{job}?token={token}") as answer:
                state = json.loads(answer.read())
            if state["done"]:
                break
            time.sleep(0.01)
        assert 0 < state["done"] < state["total"] and not state["result"]  # being imported: the copy is there
        assert [p.name for p in temporary.glob("trfconv-serve-*/*/*")] == [listed.name]
    stdout, stderr, code = out
    assert code == 0 and stdout.splitlines()[-1] == "trfconv serve: stopped" and "Traceback" not in stderr
    assert list(temporary.iterdir()) == []
    assert not open_lists(db).months()  # the import given up: the database as it was


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
        report.goto(address.split("?")[0] + f"files/{key}/rating-report.html")
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
        it1.goto(address.split("?")[0] + f"files/{nkey}/norms.it1?title=GM")
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
        rows = page.locator("#set tbody tr")
        rows.nth(1).wait_for()
        assert rows.count() == 2
        page.get_by_role("button", name="Rating period", exact=True).click()
        page.frame(name="period-frame").wait_for_selector("h1")
        assert page.locator("#status-period-frame").inner_text() == ""


@needs_browser
def test_a_rating_list_is_imported_searched_and_checked_against_from_the_page(tmp_path):
    from eventbuild import listed_round_robin

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


@needs_browser
def test_a_tabs_files_are_its_own_come_back_after_a_reload_and_are_removed_one_by_one():
    with server() as (address, _), browser() as chromium:
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(address)
        page.set_input_files("#files", [str(EXAMPLE), str(NORMS)])
        rows = page.locator("#set tbody tr")
        expect(rows).to_have_count(2)
        keys = [k for k in page.locator(".card").evaluate_all("cards => cards.map(c => c.dataset.file)")]
        page.reload()
        expect(rows).to_have_count(2)
        assert page.locator(".card").evaluate_all("cards => cards.map(c => c.dataset.file)") == keys
        assert rows.locator("td:first-child").all_inner_texts() == [EXAMPLE.name, NORMS.name]
        page.get_by_role("button", name=f"Remove {EXAMPLE.name}").click()
        expect(rows).to_have_count(1)
        expect(page.locator(".card")).to_have_count(1)
        page.reload()
        expect(rows).to_have_count(1)

        other = context.new_page()  # another tab: a set of its own
        other.goto(address)
        expect(other.locator("#set")).to_contain_text("No file is held for this page yet.")

        # a duplicated tab (the browser copies the tab's sessionStorage): a copy of the set, its own from then on
        session = page.evaluate("sessionStorage.getItem('trfconv.session')")
        copy = context.new_page()
        copy.add_init_script(f"if (window === window.top) sessionStorage.setItem('trfconv.session', '{session}')")
        copy.goto(address)
        expect(copy.locator("#set tbody tr")).to_have_count(1)
        assert copy.evaluate("sessionStorage.getItem('trfconv.session')") != session
        copy.get_by_role("button", name=f"Remove {NORMS.name}").click()
        expect(copy.locator("#set")).to_contain_text("No file is held for this page yet.")
        page.reload()
        expect(rows).to_have_count(1)


@needs_browser
def test_the_page_says_when_the_server_has_stopped_and_when_it_was_restarted():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with browser() as chromium:
        page = chromium.new_page()
        with server("--port", str(port)) as (address, _):
            page.goto(address)
            page.set_input_files("#files", str(EXAMPLE))
            expect(page.locator("#set tbody tr")).to_have_count(1)
            expect(page.locator("#stopped")).to_be_hidden()
        expect(page.locator("#stopped")).to_have_text(
            "The server has stopped: trfconv serve no longer answers. Start it again and open the address it prints "
            "(the files will have to be dropped again).", timeout=15_000)
        with server("--port", str(port)) as (again, _):
            page.goto(again)
            expect(page.locator("#notes")).to_have_text(
                "The server was restarted since this page was last open: the 1 file(s) dropped on it are no longer "
                f"held ({EXAMPLE.name}). Drop them again to use them.")


@needs_browser
def test_a_file_named_outside_latin_1_downloads_under_its_name(tmp_path):
    """Every download of ``Łódź open.trf`` answered 500, and Chromium cancelled it silently."""
    named = tmp_path / "Łódź open.trf"
    named.write_bytes(EXAMPLE.read_bytes())
    with server() as (address, _), browser() as chromium:
        page = chromium.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True).new_page()
        page.goto(address)
        page.set_input_files("#files", str(named))
        card = page.locator(".card").first
        with page.expect_download() as download:
            card.get_by_role("link", name="FIDE TRF-2026").click()
        assert download.value.suggested_filename == "Łódź_open-trf26.trf"
        assert download.value.failure() is None
        with page.expect_download() as download:
            card.get_by_role("button", name="Download the standings as CSV").click()
        assert download.value.suggested_filename == "Łódź_open-standings.csv"
        saved = tmp_path / "standings.csv"
        download.value.save_as(saved)
        assert saved.read_bytes().startswith("\ufeff".encode())  # as trfconv standings --format csv writes it
        with page.expect_download() as download:
            card.get_by_text("What the file is").click()
            card.get_by_role("link", name="Download what the file is as JSON").click()
        assert download.value.suggested_filename == "Łódź_open-info.json"


@needs_browser
def test_a_large_event_opens_its_documents_in_a_tab_of_their_own(tmp_path):
    """A 9,999-player report in a frame of the page kept it busy for 25 s."""
    from swissbuild import generate_swiss_trf

    large = tmp_path / "large.trf"
    large.write_text(generate_swiss_trf(600, 7))
    with server() as (address, _), browser() as chromium:
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(address)
        page.set_input_files("#files", str(large))
        card = page.locator(".card").first
        expect(card).to_contain_text("This event has 600 players: its documents open in a tab of their own")
        assert card.locator("iframe").count() == 0
        with context.expect_page() as opened:
            card.get_by_role("button", name="Standings", exact=True).click()
        opened.value.wait_for_load_state()
        assert opened.value.url.split("?")[0].endswith(f"/files/{card.get_attribute('data-file')}/standings.html")
        expect(opened.value.locator("thead").last).to_contain_text("PTS")


#: The page's own words without what other parts of trfconv say (the tie-break systems' titles in
#: their list, the file summary of ``trfconv info``, the formats' names of the downloads) and the
#: languages' names of the switch.
_PAGE_OWN_TEXT = """() => {
  const body = document.body.cloneNode(true);
  for (const el of body.querySelectorAll("select, pre, iframe, script, .downloads, nav")) el.remove();
  return body.innerText;
}"""


@needs_browser
def test_the_page_speaks_french_when_chosen_and_keeps_it_across_a_reload():
    """The language switch: English by the browser's language, French once 'Français' is chosen,
    still French after a reload (the files kept too); the verdict, the buttons and a document
    in French; a browser whose language is French gets French at once. No English sentence of
    the page's own (the same detector finds the English page's English)."""
    with server() as (address, _), browser() as chromium:
        context = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
        page = context.new_page()
        page.goto(address)
        expect(page.locator("#drop-title")).to_have_text("1. Your tournament files")
        page.set_input_files("#files", str(EXAMPLE))
        expect(page.locator(".card .decision")).to_have_text("RATEABLE WITH EXCLUSIONS")
        english = english_words(page.evaluate(_PAGE_OWN_TEXT), EXAMPLE)
        assert english, "the detector finds the English of the English page"

        page.get_by_role("link", name="Français").click()
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("#drop-title")).to_have_text("1. Vos fichiers de tournoi")
        expect(page.locator(".card .decision")).to_have_text("PRIS EN COMPTE, AVEC DES EXCLUSIONS")
        page.reload()
        expect(page.locator("#drop-title")).to_have_text("1. Vos fichiers de tournoi")
        decision = page.locator(".card .decision")
        expect(decision).to_have_text("PRIS EN COMPTE, AVEC DES EXCLUSIONS")
        expect(page.get_by_role("navigation", name="Langue de la page")).to_contain_text("English")
        assert english_words(page.evaluate(_PAGE_OWN_TEXT), EXAMPLE) == set()

        card = page.locator(".card").first
        key = card.get_attribute("data-file")
        card.get_by_role("button", name="Rapport de classement", exact=True).click()
        frame = page.frame(name=f"frame-{key}")
        expect(frame.locator("body")).to_contain_text("40, dont 33 classés")
        expect(frame.locator("h1").first).to_contain_text("Rapport de classement FIDE")
        card.get_by_text("Le verdict en entier").click()
        expect(card.locator("pre").last).to_contain_text("verdict     PRIS EN COMPTE, AVEC DES EXCLUSIONS")

        french = chromium.new_context(locale="fr-FR").new_page()
        french.goto(address)
        expect(french.locator("html")).to_have_attribute("lang", "fr")
        expect(french.locator("#drop-title")).to_have_text("1. Vos fichiers de tournoi")
