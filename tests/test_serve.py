"""``trfconv serve``: the local web page's routes through Starlette's test client (issue 27): each
format uploaded, each document the same as the command's, each download, the error paths and
the security items (token, Host, Origin, input bounds, names, escaping, hostile files)."""

from __future__ import annotations

import re
import time

import pytest
from lxml import etree, html
from paths import FIXTURES
from starlette.testclient import TestClient
from trfbuild import ratings_as_letters

import trfconv
from trfconv.web import app as web
from trfconv.web import engine

PORT = 8765
TOKEN = "the-token"
EXAMPLE = FIXTURES / "examples" / "example-open-2026.trf"
#: One file of each format trfconv reads, with its format as the page names it and its players.
FORMATS = [
    (EXAMPLE, "trf", 40),
    (FIXTURES / "crosstables" / "chess-results-upload_Single_SwissSystem.xml", "xml", None),
    (FIXTURES / "crosstables" / "mrrookes__arbitools__testing.chess-results.csv", "csv", None),
    (FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__aut_1384031.TUNX", "swissmanager", None),
    (FIXTURES / "native" / "swt" / "fnogatz__swtparser.js__SwissIndividual.SWT", "swisschess", None),
    (FIXTURES / "native" / "vega" / "made__Sample_Tournament-crosstable.txt", "vega", None),
    (FIXTURES / "native" / "pgn" / "samuraitruong__vegachess-html-generator__www_Sample_Tournament1.pgn", "pgn", None),
]
#: The HTML-injection payloads the documents are tested with (test_rating_formats), and a script.
PAYLOADS = ("<b>A & B</b>", "<script>alert(1)</script>")


def client(db=None) -> TestClient:
    c = TestClient(web.create_app(TOKEN, PORT, db), base_url=f"http://127.0.0.1:{PORT}")
    assert c.get(f"/?token={TOKEN}").status_code == 200  # sets the cookie the page then sends
    return c


def upload(c: TestClient, name: str, data: bytes):
    return c.post("/files", files={"file": (name, data)})


def key_of(answer) -> str:
    return re.search(r'data-file="([0-9a-f]+)"', answer.text).group(1)


@pytest.fixture
def served():
    c = client()
    answer = upload(c, EXAMPLE.name, EXAMPLE.read_bytes())
    assert answer.status_code == 200, answer.text
    return c, key_of(answer)


# -- the page and the uploads ------------------------------------------------------------------

def test_the_page_has_labels_its_own_script_and_no_outside_resource():
    c = client()
    page = c.get("/")
    doc = html.document_fromstring(page.text)
    assert [s.get("src") for s in doc.xpath("//script")] == ["/static/page.js"]
    assert not doc.xpath("//*[starts-with(@src, 'http') or starts-with(@href, 'http')]")
    for field in doc.xpath("//input[not(@type='hidden')] | //select"):  # every field has a label
        assert field.xpath("ancestor::label") or doc.xpath(f"//label[@for='{field.get('id')}']"), field.get("name")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert c.get("/static/page.js").status_code == 200


def test_the_example_gives_what_it_is_its_findings_and_its_verdict(served):
    c, key = served
    card = html.fragment_fromstring(c.get("/batch").text)  # the batch table holds it
    assert [td.text_content() for td in card.xpath("//tbody/tr/td")] == [
        "example-open-2026.trf", "Example Open 2026", "40", "0", "0", "rateable with exclusions"]
    again = upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).text
    doc = html.fragment_fromstring(again)
    assert doc.xpath("string(.//strong[@class='decision'])") == "RATEABLE WITH EXCLUSIONS"
    assert "trf TRF16 · Example Open 2026 · 40 players · 7 rounds" in " ".join(doc.xpath("string(.//p[@class='meta'])").split())
    caveats = doc.xpath(".//ul[@class='caveats']/li/text()")
    assert caveats[1] == "4 rating(s) below 1400 treated as unrated (art. 7.2.1): 34 (1372), 35 (1284), 36 (1151), 37 (1069)"
    info = doc.xpath("string(.//details[1]/pre)")
    assert "chief arbiter    Ærlig, Åse (IA)" in info
    assert "verdict     RATEABLE WITH EXCLUSIONS" in doc.xpath("string(.//details[3]/pre)")
    assert len(doc.xpath(".//ul[@class='downloads']/li/a")) == 5


@pytest.mark.parametrize(("path", "fmt", "players"), FORMATS, ids=lambda v: getattr(v, "name", str(v)))
def test_every_format_uploads(path, fmt, players):
    c = client()
    t = trfconv.read(path)
    answer = upload(c, path.name, path.read_bytes())
    assert answer.status_code == 200, answer.text
    meta = " ".join(html.fragment_fromstring(answer.text).xpath("string(.//p[@class='meta'])").split())
    assert meta.startswith(fmt) and f"· {players or len(t.players)} players ·" in meta


def test_a_json_file_uploads(tmp_path):
    data, _ = trfconv.dumps(trfconv.read(EXAMPLE), "json")
    answer = upload(client(), "example.json", data)
    assert answer.status_code == 200 and "json" in answer.text and "40 players" in answer.text


def test_a_file_that_is_no_tournament_is_said_so_in_words():
    c = client()
    answer = upload(c, "shopping.txt", b"milk\nbread\neggs\n")
    assert answer.status_code == 422
    text = html.fragment_fromstring(answer.text).text_content()
    assert "not a tournament file trfconv can read" in text and "Traceback" not in text
    assert upload(c, "empty.trf", b"").status_code == 422
    assert c.post("/files", data={"nothing": "here"}).status_code == 400


# -- the documents: the command's, byte for byte ------------------------------------------------

@pytest.fixture
def here(monkeypatch):
    monkeypatch.chdir(EXAMPLE.parent)  # the command is given the name the page shows
    return EXAMPLE.name


def test_the_rating_report_is_the_commands(served, page_cli, here):
    c, key = served
    page = c.get(f"/files/{key}/report")
    assert page.status_code == 200
    assert page.text == page_cli("report", here, "--format", "html").stdout
    assert page.headers["content-security-policy"].startswith("default-src 'none'")  # no script in a document


def test_the_standings_are_the_commands_with_any_list_round_and_lots(served, page_cli, here):
    c, key = served
    page = c.get(f"/files/{key}/standings", params={"tiebreaks": "BH/C1,SB", "after_round": "5", "seed": "42"})
    assert page.status_code == 200
    command = page_cli("standings", here, "-t", "BH/C1,SB", "--after-round", "5", "--draw-lots", "42", "--format", "html")
    assert page.text == command.stdout
    head = [th.text_content() for th in html.document_fromstring(page.text).xpath("//thead//th")]
    assert "BH-C1" in " ".join(head) or "BH/C1" in " ".join(head)
    plain = c.get(f"/files/{key}/standings")
    assert plain.text == page_cli("standings", here, "--format", "html").stdout


def test_the_playoff_plan_is_the_commands(served, page_cli, here):
    c, key = served
    tied = 3  # places 3 to 6 have 5 points
    page = c.get(f"/files/{key}/playoff", params={"place": str(tied), "seed": "7"})
    assert page.status_code == 200, page.text
    assert page.text == page_cli("playoff", here, "--places", str(tied), "--seed", "7", "--format", "html").stdout
    assert "Places 3" in html.document_fromstring(page.text).text_content().replace("places", "Places")


def test_the_rating_period_of_the_files_is_the_commands(served, page_cli, here):
    c, _ = served
    page = c.get("/period")
    assert page.status_code == 200
    assert page.text == page_cli("period", here, "--format", "html").stdout
    assert c.get("/period", params={"month": "2026-13"}).status_code == 422


NORMS = FIXTURES / "examples" / "norms-example-2026.trf"


@pytest.fixture
def norms_served(monkeypatch):
    monkeypatch.chdir(NORMS.parent)
    c = client()
    return c, key_of(upload(c, NORMS.name, NORMS.read_bytes()))


def test_the_norms_and_the_it1_are_the_commands(norms_served, page_cli):
    c, key = norms_served
    page = c.get(f"/files/{key}/norms")
    assert page.status_code == 200
    assert page.text == page_cli("norms", NORMS.name, "--format", "html").stdout
    verdict = html.document_fromstring(page.text).xpath("string(//p[@class='decision'])")
    assert verdict == ("2 norm(s): #1 GM (9 credited games), #1 IM (12 credited games); valid only if 1.1 holds where "
                       "the file cannot show it (registered with FIDE at least 30 days before the start; the same rate of play for "
                       "every game; the Chief Arbiter holds IA or FA; no appointed arbiter plays (FIDE ids "
                       "of the 102/112 records))")
    it1 = c.get(f"/files/{key}/norms/it1")
    assert it1.status_code == 200 and it1.text == page_cli("norms", NORMS.name, "--format", "it1").stdout
    sections = html.document_fromstring(it1.text).xpath("//section[@class='it1']/@data-title")
    assert sections == ["GM", "IM"]
    assert it1.headers["content-security-policy"].startswith("default-src 'none'")


def test_the_norms_options_are_the_commands(norms_served, page_cli):
    c, key = norms_served
    asked = c.get(f"/files/{key}/norms", params=[("player", "1"), ("title", "GM"), ("title", "IM"),
                                                 ("exemption", "1.4.3a"), ("event_type", "world-cup"),
                                                 ("reading", "exact"), ("details", "1")])
    assert asked.status_code == 200, asked.text
    command = page_cli("norms", NORMS.name, "--player", "1", "--title", "GM", "--title", "IM", "--exemption", "1.4.3a",
                  "--event-type", "world-cup", "--score-reading", "exact", "--details", "--format", "html")
    assert asked.text == command.stdout and "exemption 1.4.3a declared" in asked.text
    ahead = c.get(f"/files/{key}/norms", params={"forecast": "1", "after_round": "9"})
    assert ahead.text == page_cli("norms", NORMS.name, "--forecast", "--after-round", "9", "--format", "html").stdout
    assert "Forecast after round 9 of 11" in ahead.text
    for fmt, choices in (("it1", {"player": "1", "title": "GM"}), ("html", {"title": "WIM"})):
        path = f"/files/{key}/norms" + ("/it1" if fmt == "it1" else "")
        args = [a for k, v in choices.items() for a in (f"--{k}", v)]
        assert c.get(path, params=choices).text == page_cli("norms", NORMS.name, *args, "--format", fmt).stdout


def test_the_norms_choices_are_the_commands(norms_served):
    from trfconv.rules.norms import EVENT_TYPES, EXEMPTIONS, TITLES, readings

    c, _ = norms_served
    card = html.fragment_fromstring(upload(c, NORMS.name, NORMS.read_bytes()).text)
    form = card.xpath(".//form[contains(@action, '/norms')]")[0]
    assert tuple(form.xpath(".//input[@name='title']/@value")) == TITLES
    assert tuple(form.xpath(".//select[@name='exemption']/option/@value")) == ("", *EXEMPTIONS)
    assert tuple(form.xpath(".//select[@name='event_type']/option/text()"))[1:] == EVENT_TYPES
    assert tuple(form.xpath(".//select[@name='reading']/option/@value")) == tuple(readings()["score"].choices)
    assert form.xpath(".//input[@name='after_round']/@max") == ["11"]
    assert form.xpath(".//button[@formaction]/@formaction") == [form.get("action") + "/it1"] * 2
    assert all(field.xpath("ancestor::label") for field in form.xpath(".//input | .//select"))  # every field labelled
    index = html.document_fromstring(c.get("/").text).xpath("//form[@action='/application']")[0]
    assert tuple(index.xpath(".//select[@name='title']/option/text()"))[1:] == TITLES
    assert tuple(index.xpath(".//select[@name='exemption']/option/@value")) == ("", *EXEMPTIONS)


def test_the_norms_refuse_in_words(norms_served, served):
    c, key = norms_served
    for params, words in (({"player": "99"}, "player 99: no player with that start number in the file"),
                          ({"after_round": "9"}, "after round 9: give it with the forecast"),
                          ({"forecast": "1", "after_round": "12"}, "after round 12: give it with the forecast, and a round"),
                          ({"title": "FM"}, "unknown title 'FM'"),
                          ({"exemption": "1.4.3z"}, "unknown exemption '1.4.3z'"),
                          ({"event_type": "blitz"}, "unknown event type 'blitz'"),
                          ({"reading": "loose"}, "unknown choice 'loose' for the reading score"),
                          ({"player": "x"}, "player: 'x' is not a whole number")):
        for path in (f"/files/{key}/norms", f"/files/{key}/norms/it1"):
            answer = c.get(path, params=params)
            assert answer.status_code == 422, (path, params)
            text = html.document_fromstring(answer.text).text_content()
            assert words in text and "Traceback" not in text, (params, text)
    assert c.get("/files/0000/norms").status_code == 404
    assert c.get(f"/files/{key}/norms", params={"list": "1"}).status_code == 422  # no rating list is held
    other, seven = served  # the 7-round example: one line, as the command says it
    page = other.get(f"/files/{seven}/norms")
    assert page.status_code == 200
    assert html.document_fromstring(page.text).xpath("string(//p[@class='decision'])").startswith(
        "no norm possible: 7 rounds")


def test_the_title_application_is_the_commands(page_cli, tmp_path, monkeypatch):
    from test_norms_application import events

    monkeypatch.chdir(tmp_path)
    c = client()
    for name, t in events("1=1=1=0=1", "11=1=1=1="):
        trfconv.write(t, tmp_path / name, format="trf16")
        assert upload(c, name, (tmp_path / name).read_bytes()).status_code == 200
    page = c.get("/application", params={"fide_id": "1"})
    assert page.status_code == 200 and page.headers["content-type"] == "text/plain; charset=utf-8"
    assert page.text == page_cli("norms", "e1.trf", "e2.trf", "--application", "1").stdout
    assert page.text.splitlines()[-1] == "verdict     GM application of FIDE id 1: does not meet 1.5.1, 1.5.6, 1.5.3"
    im = c.get("/application", params={"fide_id": "1", "title": "IM", "exemption": "1.4.3c",
                                       "event_type": "team-championship", "reading": "exact"})
    assert im.text == page_cli("norms", "e1.trf", "e2.trf", "--application", "1", "--title", "IM", "--exemption", "1.4.3c",
                          "--event-type", "team-championship", "--score-reading", "exact").stdout
    assert "IM application of FIDE id 1" in im.text
    for params, words in (({"fide_id": "77"}, "FIDE id 77: no file held has a player with this FIDE id"),
                          ({"fide_id": "abc"}, "'abc' is not a FIDE id (digits)"),
                          ({"fide_id": "1", "title": "CM"}, "unknown title 'CM'")):
        answer = c.get("/application", params=params)
        assert answer.status_code == 422 and words in html.document_fromstring(answer.text).text_content(), params
    assert client().get("/application", params={"fide_id": "1"}).status_code == 422  # no file held


def with_errors(folder, n: int = 20):
    """The example with ``n`` TRF016 errors that say the same thing."""
    return ratings_as_letters(EXAMPLE, folder / "with-errors.trf", n)


def test_the_norms_of_a_file_with_errors_are_withheld_unless_asked(tmp_path):
    path = with_errors(tmp_path)
    c = client()
    key = key_of(upload(c, path.name, path.read_bytes()))
    for path in (f"/files/{key}/norms", f"/files/{key}/norms/it1"):
        withheld = html.document_fromstring(c.get(path).text).text_content()
        assert "not produced: the file has 20 error(s)" in withheld and "RESTS ON A DEFECTIVE FILE" not in withheld
        lenient = c.get(path, params={"lenient": "1"}).text
        assert "RESTS ON A DEFECTIVE FILE: 20 error(s)" in lenient and "not produced" not in lenient


@pytest.mark.parametrize("fmt", engine.CONVERSIONS)
def test_every_conversion_downloads_as_the_command_writes_it(served, fmt):
    c, key = served
    answer = c.get(f"/files/{key}/download/{fmt}")
    assert answer.status_code == 200
    suffix = {"trf26": ".trf", "trf16": ".trf", "xml": ".xml", "csv": ".csv", "json": ".json"}[fmt]
    assert answer.headers["content-disposition"].startswith(f'attachment; filename="example-open-2026{suffix}"')
    assert answer.content == trfconv.dumps(trfconv.read(EXAMPLE), fmt)[0]
    if fmt == "xml":
        assert etree.fromstring(answer.content).xpath("string(//tournament/@name)") == "Example Open 2026"
    again = trfconv.reads(answer.content, path=f"x{suffix}")
    assert len(again.players) == 40


def test_the_documents_refuse_in_words(served):
    c, key = served
    for url, params, words in (
            (f"/files/{key}/standings", {"after_round": "9"}, "the file holds 7 round(s); round 9 is not one of them"),
            (f"/files/{key}/standings", {"after_round": "x"}, "after round: 'x' is not a whole number"),
            (f"/files/{key}/standings", {"tiebreaks": "NOPE"}, "NOPE"),
            (f"/files/{key}/playoff", {"place": "1"}, "place 1 is not shared: no other player has its 7 points"),
            ("/files/0000/report", {}, "no longer held")):
        answer = c.get(url, params=params)
        assert answer.status_code in (404, 422), url
        text = html.document_fromstring(answer.text).text_content()
        assert words in text and "Traceback" not in text, (url, text)
    assert c.get(f"/files/{key}/download/exe").status_code == 404


def test_the_tiebreak_choices_are_the_registrys_with_their_descriptions(served):
    c, key = served
    card = upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).text
    options = html.fragment_fromstring(card).xpath(".//select[starts-with(@id, 'tbchoice-')]/option")
    from trfconv.rules.tiebreaks import definitions

    named = [d for code, d in definitions().items() if not code.startswith("OTHER_")]
    assert [o.get("value") for o in options] == [d.name for d in named]
    assert options[0].text == f"{named[0].name}: {named[0].title} ({named[0].article})"


def test_a_removed_file_is_let_go(served):
    c, key = served
    assert c.post(f"/files/{key}/remove").status_code == 204
    assert c.get(f"/files/{key}/report").status_code == 404


# -- the rating lists --------------------------------------------------------------------------

def test_a_list_imported_from_the_page_is_searched_and_checked_against(tmp_path):
    from test_ratinglists_cli import listed_round_robin

    c = client(tmp_path / "lists.sqlite")
    assert "No rating list is held yet" in c.get("/lists/held").text
    assert c.get("/lists/find", params={"q": "Nunez"}).status_code == 422
    lists = FIXTURES / "ratinglists"
    started = c.post("/lists", files={"file": ("players_list.zip", (lists / "players_list.zip").read_bytes())},
                     data={"month": "2026-10"})
    assert started.status_code == 202
    job = started.json()["job"]
    for _ in range(100):
        state = c.get(f"/lists/jobs/{job}").json()
        if state["result"] or state["error"]:
            break
        time.sleep(0.05)
    assert state["error"] is None and state["result"].startswith("list of 2026-10")
    assert state["done"] == state["total"] > 0
    assert "Lists held: 2026-10." in c.get("/lists/held").text
    found = html.fragment_fromstring(c.get("/lists/find", params={"q": "Jose Nunez"}).text)
    assert "Nunez Garcia, Jose Maria" in found.xpath("string(//tbody/tr[1]/td[2])")
    by_id = html.fragment_fromstring(c.get("/lists/find", params={"q": "90100020"}).text)
    assert by_id.xpath("string(//tbody/tr[1]/td[2])") == "Ostrakova, Mirela"
    event = listed_round_robin(tmp_path / "rr.trf")
    key = key_of(upload(c, "rr.trf", event.read_bytes()))
    check = html.fragment_fromstring(f"<div>{c.get(f'/files/{key}/listcheck').text}</div>")
    lines = check.xpath("//li/text()")
    assert any("LST008: player 4 (Morlan, Pel): 1610 in the file, 1620 in the standard list of 2026-10" in line
               for line in lines)


def test_a_damaged_list_is_said_and_the_server_goes_on(tmp_path):
    c = client(tmp_path / "lists.sqlite")
    job = c.post("/lists", files={"file": ("standard_oct26frl.txt", b"\x00garbage\n" * 10)}).json()["job"]
    for _ in range(100):
        state = c.get(f"/lists/jobs/{job}").json()
        if state["result"] or state["error"]:
            break
        time.sleep(0.05)
    assert state["error"] and state["result"] is None
    assert upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).status_code == 200


# -- security ----------------------------------------------------------------------------------

def test_no_token_no_access():
    c = TestClient(web.create_app(TOKEN, PORT), base_url=f"http://127.0.0.1:{PORT}")
    for url in ("/", "/static/page.js", "/batch", "/?token=wrong", "/?token="):
        answer = c.get(url)
        assert answer.status_code == 403, url
        assert "token" in answer.text
    assert c.post("/files", files={"file": ("a.trf", EXAMPLE.read_bytes())}).status_code == 403
    c.cookies.set("trfconv-x", TOKEN)  # a cookie of another name is no token
    assert c.get("/batch").status_code == 403


def test_a_foreign_host_or_origin_is_refused_even_with_the_token():
    c = client()
    for host in ("evil.example", f"evil.example:{PORT}", f"127.0.0.1:{PORT + 1}", "127.0.0.1"):
        answer = c.get(f"/?token={TOKEN}", headers={"Host": host})
        assert answer.status_code == 403, host
    assert c.get("/", headers={"Host": f"localhost:{PORT}"}).status_code == 200
    refused = c.post("/files", files={"file": ("a.trf", EXAMPLE.read_bytes())},
                     headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403


def test_uploads_past_the_input_bounds_get_413(monkeypatch):
    c = client()
    claimed = c.post("/files", content=b"x", headers={"Content-Length": str(trfconv.MAX_INPUT_BYTES + 10**6),
                                                      "Content-Type": "multipart/form-data; boundary=b"})
    assert claimed.status_code == 413 and "67,108,864 bytes" in claimed.text
    monkeypatch.setattr(web, "MAX_INPUT_BYTES", 1000)  # the bound, small enough to test by sending
    big = upload(c, "big.trf", EXAMPLE.read_bytes())
    assert big.status_code == 413
    streamed = c.post("/files", content=iter([b"--b\r\n", b"x" * 70_000, b"x" * 70_000]),
                      headers={"Content-Type": "multipart/form-data; boundary=b"})
    assert streamed.status_code == 413
    monkeypatch.undo()
    assert upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).status_code == 200  # and it goes on serving


def test_a_file_of_more_lines_than_read_is_refused_with_413(monkeypatch):
    from trfconv.io import files

    monkeypatch.setattr(files, "MAX_LINES", 100)  # the reader's bound (200,000 lines), made small to test
    data = EXAMPLE.read_bytes() + b"\r\n" * 101
    answer = upload(client(), "long.trf", data)
    assert answer.status_code == 413 and "LIM001" in answer.text


def test_names_are_never_paths_and_downloads_are_sanitised():
    assert engine.safe_name("../../etc/passwd") == "passwd"
    assert engine.safe_name("C:\\Users\\x\\..\\evil\".trf") == "evil_.trf"
    assert engine.safe_name("..") == "tournament" and engine.safe_name(None) == "tournament"
    assert engine.safe_name("Ærlig open 2026.trf") == "Ærlig_open_2026.trf"
    c = client()
    answer = upload(c, '../../"; rm -rf x\r\nSet-Cookie: a=b.trf', EXAMPLE.read_bytes())
    assert answer.status_code == 200
    key = key_of(answer)
    disposition = c.get(f"/files/{key}/download/xml").headers["content-disposition"]
    # the client sends the quote and the line break percent-encoded; what is left of them is harmless
    assert disposition == ('attachment; filename="22_rm_-rf_x_0D_0ASet-Cookie_a_b.xml"; '
                           "filename*=UTF-8''22_rm_-rf_x_0D_0ASet-Cookie_a_b.xml")


def hostile_event() -> bytes:
    """The example with the payloads as the event's name, player 1's name and the chief arbiter's."""
    text = EXAMPLE.read_text("utf-8")
    text = re.sub(r"(?m)^012 .*$", "012 " + PAYLOADS[1], text)
    text = re.sub(r"(?m)^102 .*$", "102 " + PAYLOADS[0], text)
    line = next(x for x in text.splitlines() if x.startswith("001    1"))
    text = text.replace(line, line[:14] + PAYLOADS[0].ljust(33)[:33] + line[47:])
    return text.encode("utf-8")


def test_every_value_from_a_file_is_escaped():
    c = client()
    card = upload(c, PAYLOADS[1] + ".trf", hostile_event())
    assert card.status_code == 200, card.text
    key = key_of(card)
    answers = [card, c.get("/batch"), c.get(f"/files/{key}/report", params={"lenient": "1"}),
               c.get(f"/files/{key}/standings"), c.get("/period")]
    for answer in answers:
        assert "<script>alert" not in answer.text and "<b>A" not in answer.text, answer.url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in card.text
    assert "&lt;b&gt;A &amp; B&lt;/b&gt;" in card.text  # the chief arbiter, in what the file is
    assert "&lt;b&gt;A &amp; B&lt;/b&gt;" in answers[3].text  # player 1, in the standings
    assert upload(c, "<b>x</b>.txt", b"<script>alert(1)</script>").text.count("<script>") == 0


def test_the_norms_and_the_it1_escape_every_value_from_the_file():
    text = NORMS.read_text("utf-8").replace("Example Norm Open 2026", PAYLOADS[1]).replace("Arbiter, Anne", PAYLOADS[0])
    text = text.replace("Quill, Amara".ljust(33), PAYLOADS[0].ljust(33)[:33])
    c = client()
    key = key_of(upload(c, "hostile-norms.trf", text.encode("utf-8")))
    for path in (f"/files/{key}/norms", f"/files/{key}/norms/it1"):
        page = c.get(path, params={"player": "1"})
        assert page.status_code == 200
        assert "<script>alert" not in page.text and "<b>A" not in page.text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text and "&lt;b&gt;A &amp; B&lt;/b&gt;" in page.text
    assert html.document_fromstring(c.get(f"/files/{key}/norms/it1").text).xpath(
        "string(//section[@class='it1']/@data-title)") == "GM"


@pytest.mark.parametrize("data", [b"\x00" * 5000, b"PK\x03\x04" + b"\xff" * 200, bytes(range(256)) * 40,
                                  b"012 x\n001 " + b"9" * 4301, "<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a "
                                  "'aaaa'>]><x>&a;</x>".encode()],
                         ids=["nul", "broken-zip", "bytes", "long-number", "xml-entity"])
def test_a_hostile_file_answers_with_a_message_and_the_server_goes_on(data):
    c = client()
    answer = upload(c, "hostile.trf", data)
    assert answer.status_code in (200, 413, 422)
    assert "Traceback" not in answer.text
    assert upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).status_code == 200


def test_a_bug_is_a_message_not_a_traceback(served, monkeypatch):
    c, key = served

    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")
    monkeypatch.setattr(engine, "rating_report", broken)
    answer = c.get(f"/files/{key}/report")
    assert answer.status_code == 500
    assert "internal error: ZeroDivisionError: boom (a bug in trfconv" in answer.text and "Traceback" not in answer.text
    assert c.get(f"/files/{key}/standings").status_code == 200


def test_the_templates_escape():
    assert web._ENV.autoescape is True


def test_a_list_upload_without_a_file_or_past_its_bound_is_refused(monkeypatch, tmp_path):
    c = client(tmp_path / "lists.sqlite")
    assert c.post("/lists", data={"month": "2026-10"}).status_code == 400
    monkeypatch.setattr(web, "MAX_LIST_BYTES", 1000)
    big = c.post("/lists", files={"file": ("players_list.txt", b"x" * 100_000)})
    assert big.status_code == 413


def test_a_port_in_use_is_one_line_and_exit_2(cli):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("serve", "--no-browser", "--port", port)
    assert result.exit_code == 2
    assert result.stderr == f"trfconv: --port {port}: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_a_file_with_errors_has_them_first_and_its_documents_withheld_unless_asked(cli, monkeypatch, tmp_path):
    path = with_errors(tmp_path)
    monkeypatch.chdir(path.parent)
    check = cli("check", path.name).stdout.splitlines()[:-1]
    assert any("(and 19 more like it, lines " in line for line in check)  # TRF016, said once
    c = client()
    card = upload(c, path.name, path.read_bytes())
    doc = html.fragment_fromstring(card.text)
    assert doc.xpath("string(.//strong[@class='decision'])") == "NOT PRODUCED: THE FILE HAS ERRORS"
    errors = doc.xpath(".//ul[@class='findings error']/li/text()")
    assert errors and all(" error TRF016: " in line for line in errors)
    assert len(doc.xpath(".//details[2][@open]")) == 1  # the findings are open when there are errors
    shown = doc.xpath(".//details[2]//li/text()")
    assert sorted(shown) == sorted(check)  # the lines of trfconv check, grouped by severity
    key = key_of(card)
    withheld = c.get(f"/files/{key}/report").text
    assert "not produced: the file has" in withheld and "RESTS ON A DEFECTIVE FILE" not in withheld
    assert "RESTS ON A DEFECTIVE FILE" in c.get(f"/files/{key}/report", params={"lenient": "1"}).text
    assert "RESTS ON A DEFECTIVE FILE" in c.get(f"/files/{key}/standings", params={"lenient": "on"}).text


def test_what_each_format_cannot_hold_is_said_as_convert_says_it(served, cli, tmp_path, here):
    c, key = served
    doc = html.fragment_fromstring(f"<div>{c.get(f'/files/{key}/losses').text}</div>")
    said = {h.text: [li.text for li in h.xpath("following-sibling::*[1]//li")] for h in doc.xpath("//h4")}
    assert said["FIDE TRF-2026"] == [] and "Nothing of the file is left out." in doc.text_content()
    convert = cli("convert", here, "-o", tmp_path / "example-open-2026.xml")
    written = [line.replace(str(tmp_path) + "/", "") for line in convert.stderr.splitlines() if "WRT004" in line]
    assert said["chess-results.com upload XML"] == written
    assert said["chess-results.com upload XML"][0] == ("example-open-2026.xml: warning WRT004: chess-results XML cannot "
                                                        "hold event declared players (40); left out")


def test_an_xlsx_crosstable_uploads():
    from test_csv import export_rows, workbook

    data = workbook(export_rows())
    players = len(trfconv.reads(data).players)
    answer = upload(client(), "crosstable.xlsx", data)
    assert answer.status_code == 200, answer.text
    meta = " ".join(html.fragment_fromstring(answer.text).xpath("string(.//p[@class='meta'])").split())
    assert meta.startswith("xlsx") and f"· {players} players ·" in meta
