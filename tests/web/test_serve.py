"""``trfconv serve``: the local web page's routes through Starlette's test client (issue 27): each
format uploaded, each document the same as the command's, each download, the error paths and
the security items (token, Host, Origin, input bounds, names, escaping, hostile files)."""

from __future__ import annotations

import re
import tempfile
import time
from contextlib import contextmanager
from urllib.parse import unquote

import pytest
from lxml import etree, html
from pageclient import PORT, SESSION, TOKEN, client, key_of, said, upload
from paths import FIXTURES
from starlette.testclient import TestClient
from trfbuild import ratings_as_letters

import trfconv
from trfconv.documents.registry import DOCUMENTS
from trfconv.web import app as web
from trfconv.web import downloads, engine
from trfconv.web.held import Held

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
    held = html.fragment_fromstring(c.get(f"/sessions/{SESSION}/set").text)  # the page's set of files holds it
    assert [td.text_content() for td in held.xpath("//tbody/tr/td")] == [
        "example-open-2026.trf", "Example Open 2026", "40", "0", "0", "rateable with exclusions", "Remove"]
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
    assert c.post(f"/sessions/{SESSION}/files", data={"nothing": "here"}).status_code == 400


# -- the documents: the command's, byte for byte ------------------------------------------------

@pytest.fixture
def here(monkeypatch):
    monkeypatch.chdir(EXAMPLE.parent)  # the command is given the name the page shows
    return EXAMPLE.name


def test_the_rating_report_is_the_commands(served, page_cli, here):
    c, key = served
    page = c.get(f"/files/{key}/rating-report.html")
    assert page.status_code == 200
    assert page.text == page_cli("report", here, "--format", "html").stdout
    assert page.headers["content-security-policy"].startswith("default-src 'none'")  # no script in a document


def test_the_standings_are_the_commands_with_any_list_round_and_lots(served, page_cli, here):
    c, key = served
    page = c.get(f"/files/{key}/standings.html", params={"tiebreaks": "BH/C1,SB", "after_round": "5", "seed": "42"})
    assert page.status_code == 200
    command = page_cli("standings", here, "-t", "BH/C1,SB", "--after-round", "5", "--draw-lots", "42", "--format", "html")
    assert page.text == command.stdout
    head = [th.text_content() for th in html.document_fromstring(page.text).xpath("//thead//th")]
    assert "BH-C1" in " ".join(head) or "BH/C1" in " ".join(head)
    plain = c.get(f"/files/{key}/standings.html")
    assert plain.text == page_cli("standings", here, "--format", "html").stdout


def test_the_playoff_plan_is_the_commands(served, page_cli, here):
    c, key = served
    tied = 3  # places 3 to 6 have 5 points
    page = c.get(f"/files/{key}/playoff.html", params={"place": str(tied), "seed": "7"})
    assert page.status_code == 200, page.text
    assert page.text == page_cli("playoff", here, "--places", str(tied), "--seed", "7", "--format", "html").stdout
    assert "Places 3" in html.document_fromstring(page.text).text_content().replace("places", "Places")


def test_the_rating_period_of_the_files_is_the_commands(served, page_cli, here):
    c, _ = served
    page = c.get(f"/sessions/{SESSION}/period.html")
    assert page.status_code == 200
    assert page.text == page_cli("period", here, "--format", "html").stdout
    assert c.get(f"/sessions/{SESSION}/period.html", params={"month": "2026-13"}).status_code == 422


NORMS = FIXTURES / "examples" / "norms-example-2026.trf"


@pytest.fixture
def norms_served(monkeypatch):
    monkeypatch.chdir(NORMS.parent)
    c = client()
    return c, key_of(upload(c, NORMS.name, NORMS.read_bytes()))


def test_the_norms_and_the_it1_are_the_commands(norms_served, page_cli):
    c, key = norms_served
    page = c.get(f"/files/{key}/norms.html")
    assert page.status_code == 200
    assert page.text == page_cli("norms", NORMS.name, "--format", "html").stdout
    verdict = html.document_fromstring(page.text).xpath("string(//p[@class='decision'])")
    assert verdict == ("2 norm(s): #1 GM (9 credited games), #1 IM (12 credited games); valid only if 1.1 holds where "
                       "the file cannot show it (registered with FIDE at least 30 days before the start; the same rate of play for "
                       "every game; the Chief Arbiter holds IA or FA; no appointed arbiter plays (FIDE ids "
                       "of the 102/112 records))")
    it1 = c.get(f"/files/{key}/norms.it1")
    assert it1.status_code == 200 and it1.text == page_cli("norms", NORMS.name, "--format", "it1").stdout
    sections = html.document_fromstring(it1.text).xpath("//section[@class='it1']/@data-title")
    assert sections == ["GM", "IM"]
    assert it1.headers["content-security-policy"].startswith("default-src 'none'")


def test_the_norms_options_are_the_commands(norms_served, page_cli):
    c, key = norms_served
    asked = c.get(f"/files/{key}/norms.html", params=[("player", "1"), ("title", "GM"), ("title", "IM"),
                                                 ("exemption", "1.4.3a"), ("event_type", "world-cup"),
                                                 ("reading", "exact"), ("details", "1")])
    assert asked.status_code == 200, asked.text
    command = page_cli("norms", NORMS.name, "--player", "1", "--title", "GM", "--title", "IM", "--exemption", "1.4.3a",
                  "--event-type", "world-cup", "--score-reading", "exact", "--details", "--format", "html")
    assert asked.text == command.stdout and "exemption 1.4.3a declared" in asked.text
    ahead = c.get(f"/files/{key}/norms.html", params={"forecast": "1", "after_round": "9"})
    assert ahead.text == page_cli("norms", NORMS.name, "--forecast", "--after-round", "9", "--format", "html").stdout
    assert "Forecast after round 9 of 11" in ahead.text
    for fmt, choices in (("it1", {"player": "1", "title": "GM"}), ("html", {"title": "WIM"})):
        path = f"/files/{key}/norms." + fmt
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
    assert form.xpath(".//button[starts-with(@formaction, '/files/')][not(@name)]/@formaction") == [
        form.get("action")] * 2 + [form.get("action").replace(".html", ".it1")] * 2 + [
        form.get("action").replace(".html", ".arbiters")] * 2
    assert all(field.xpath("ancestor::label") for field in form.xpath(".//input | .//select"))  # every field labelled
    index = html.document_fromstring(c.get("/").text).xpath("//form[@data-action='norms-application']")[0]
    assert tuple(index.xpath(".//select[@name='title']/option/text()"))[1:] == TITLES
    assert tuple(index.xpath(".//select[@name='exemption']/option/@value")) == ("", *EXEMPTIONS)


def test_the_norms_refuse_in_words(norms_served, served):
    c, key = norms_served
    for params, words in (({"player": "99"}, "player 99: no player with that start number in the file"),
                          ({"after_round": "9"}, "after round 9: give it with the forecast"),
                          ({"forecast": "1", "after_round": "12"}, "after round 12: give it with the forecast, and a round"),
                          ({"title": "FM"}, "title FM: unknown; give one of GM, IM, WGM, WIM"),
                          ({"exemption": "1.4.3z"}, "exemption 1.4.3z: unknown; give one of 1.4.3a, 1.4.3b, 1.4.3c, 1.4.3d"),
                          ({"event_type": "blitz"}, "event type blitz: unknown; give one of"),
                          ({"reading": "loose"}, "unknown choice 'loose' for the reading score"),
                          ({"player": "x"}, "player: 'x' is not a whole number")):
        for path in (f"/files/{key}/norms.html", f"/files/{key}/norms.it1"):
            answer = c.get(path, params=params)
            assert answer.status_code == 422, (path, params)
            text = html.document_fromstring(answer.text).text_content()
            assert words in text and "Traceback" not in text, (params, text)
    assert c.get("/files/0000/norms.html").status_code == 404
    assert c.get(f"/files/{key}/norms.html", params={"list": "1"}).status_code == 422  # no rating list is held
    other, seven = served  # the 7-round example: one line, as the command says it
    page = other.get(f"/files/{seven}/norms.html")
    assert page.status_code == 200
    assert html.document_fromstring(page.text).xpath("string(//p[@class='decision'])").startswith(
        "no norm possible: 7 rounds")


def test_the_title_application_is_the_commands(page_cli, tmp_path, monkeypatch):
    from normbuild import events

    monkeypatch.chdir(tmp_path)
    c = client()
    for name, t in events("1=1=1=0=1", "11=1=1=1="):
        trfconv.write(t, tmp_path / name, format="trf16")
        assert upload(c, name, (tmp_path / name).read_bytes()).status_code == 200
    page = c.get(f"/sessions/{SESSION}/norms-application.text", params={"fide_id": "1"})
    assert page.status_code == 200 and page.headers["content-type"] == "text/plain; charset=utf-8"
    assert page.text == page_cli("norms", "e1.trf", "e2.trf", "--application", "1").stdout
    assert page.text.splitlines()[-1] == "verdict     GM application of FIDE id 1: does not meet 1.5.1, 1.5.6, 1.5.3"
    im = c.get(f"/sessions/{SESSION}/norms-application.text", params={"fide_id": "1", "title": "IM", "exemption": "1.4.3c",
                                       "event_type": "team-championship", "reading": "exact"})
    assert im.text == page_cli("norms", "e1.trf", "e2.trf", "--application", "1", "--title", "IM", "--exemption", "1.4.3c",
                          "--event-type", "team-championship", "--score-reading", "exact").stdout
    assert "IM application of FIDE id 1" in im.text
    for params, words in (({"fide_id": "77"}, "FIDE id 77: no file given holds a player or an arbiter (102/112) with this FIDE id"),
                          ({"fide_id": "abc"}, "FIDE id abc: give the applicant's FIDE id (digits)"),
                          ({"fide_id": "1", "title": "CM"}, "title CM: unknown; give one of GM, IM, WGM, WIM, FA, IA")):
        answer = c.get(f"/sessions/{SESSION}/norms-application.text", params=params)
        assert answer.status_code == 422 and words in html.document_fromstring(answer.text).text_content(), params
    assert client().get(f"/sessions/{SESSION}/norms-application.text", params={"fide_id": "1"}).status_code == 422  # no file held


def test_an_arbiters_application_is_the_commands(page_cli, tmp_path, monkeypatch):
    """An NA deputy (FIDE ID 7777) of two Swiss events and a round robin: the page's FA
    application is the command's, in English and in French."""
    from dataclasses import replace

    from eventbuild import paired_swiss, round_robin

    monkeypatch.chdir(tmp_path)
    c = client()
    arbiters = {"chief_arbiter": "IA Chief, Carl 1234", "deputy_arbiters": ("NA Deputy, Dora 7777",)}
    for name, t in (("a.trf", paired_swiss(24, 7, feds=("FRA",))), ("b.trf", paired_swiss(26, 7, feds=("FRA",))),
                    ("rr.trf", round_robin([2000] * 8))):
        trfconv.write(replace(t, event=replace(t.event, name=name, **arbiters)), tmp_path / name, format="trf16")
        assert upload(c, name, (tmp_path / name).read_bytes()).status_code == 200
    page = c.get(f"/sessions/{SESSION}/norms-application.text", params={"fide_id": "7777"})
    assert page.status_code == 200
    assert page.text == page_cli("norms", "a.trf", "b.trf", "rr.trf", "--application", "7777").stdout
    assert page.text.splitlines()[-1].startswith("verdict     FA application of the arbiter FIDE id 7777: meets")
    french = c.get(f"/sessions/{SESSION}/norms-application.text", params={"fide_id": "7777"},
                   headers={"Accept-Language": "fr-FR"}).text
    assert french.splitlines()[-1].startswith("verdict     demande du titre FA de l'arbitre d'identifiant FIDE 7777")


def with_errors(folder, n: int = 20):
    """The example with ``n`` TRF016 errors that say the same thing."""
    return ratings_as_letters(EXAMPLE, folder / "with-errors.trf", n)


def test_the_norms_of_a_file_with_errors_are_withheld_unless_asked(tmp_path):
    path = with_errors(tmp_path)
    c = client()
    key = key_of(upload(c, path.name, path.read_bytes()))
    for path in (f"/files/{key}/norms.html", f"/files/{key}/norms.it1"):
        withheld = html.document_fromstring(c.get(path).text).text_content()
        assert "not produced: the file has 20 error(s)" in withheld and "RESTS ON A DEFECTIVE FILE" not in withheld
        # the page names its own controls, never a command's option (NRM002: --list)
        assert not re.search(r"--[a-z]", withheld) and "(tick 'even with errors')" in withheld
        assert path.endswith(".it1") or \
            "(1.4.6a) (tick 'on the rating lists imported below' to use the FIDE list in force)" in withheld
        lenient = c.get(path, params={"lenient": "1"}).text
        assert "RESTS ON A DEFECTIVE FILE: 20 error(s)" in lenient and "not produced" not in lenient


@pytest.mark.parametrize("fmt", engine.CONVERSIONS)
def test_every_conversion_downloads_as_the_command_writes_it(served, fmt):
    c, key = served
    answer = c.get(f"/files/{key}/convert.{fmt}")
    assert answer.status_code == 200
    suffix = {"trf26": ".trf", "trf16": ".trf", "xml": ".xml", "csv": ".csv", "json": ".json"}[fmt]
    name = {"trf26": "example-open-2026-trf26.trf", "trf16": "example-open-2026-trf16.trf"}.get(
        fmt, "example-open-2026" + suffix)  # the two TRF conversions apart
    assert answer.headers["content-disposition"] == f"attachment; filename=\"{name}\"; filename*=UTF-8''{name}"
    assert answer.content == trfconv.dumps(trfconv.read(EXAMPLE), fmt)[0]
    if fmt == "xml":
        assert etree.fromstring(answer.content).xpath("string(//tournament/@name)") == "Example Open 2026"
    again = trfconv.reads(answer.content, path=f"x{suffix}")
    assert len(again.players) == 40


def test_the_documents_refuse_in_words(served):
    c, key = served
    for url, params, words in (
            (f"/files/{key}/standings.html", {"after_round": "9"}, "the file holds 7 round(s); round 9 is not one of them"),
            (f"/files/{key}/standings.csv", {"after_round": "x"}, "after round: 'x' is not a whole number"),
            (f"/files/{key}/standings.html", {"tiebreaks": "NOPE"}, "NOPE"),
            (f"/files/{key}/playoff.html", {"place": "1"}, "place 1 is not shared: no other player has its 7 points"),
            ("/files/0000/rating-report.html", {}, "no longer held"),
            (f"/files/{key}/standings.pdf", {}, "the document 'standings' has no form 'pdf'; it has text, csv, json, html"),
            (f"/files/{key}/period.html", {}, "no document 'period' here; there are info, verdict, rating-report"),
            (f"/sessions/{SESSION}/standings.html", {}, "no document 'standings' here; there are period, norms-application"),
            (f"/files/{key}/convert.exe", {}, "no conversion 'exe'; there are trf26, trf16, xml, csv, json")):
        answer = c.get(url, params=params)
        assert answer.status_code in (404, 422), url
        text = html.document_fromstring(answer.text).text_content()
        assert words in text and "Traceback" not in text, (url, text)


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
    assert c.delete(f"/sessions/{SESSION}/files/{key}").status_code == 204
    gone = c.get(f"/files/{key}/rating-report.html")
    assert gone.status_code == 404 and "no longer held by the server: it was removed; drop it again" in gone.text


# -- every form of every document, from one route pattern ----------------------------------------

#: Each form of each document of one file, and the command that writes it (``FILE`` the file).
FILE_FORMS = [(name, form) for name in web.FILE_DOCUMENTS for form in DOCUMENTS[name].formats]
COMMANDS = {"info": ("info", "FILE"), "verdict": ("validate", "FILE"), "rating-report": ("report", "FILE"),
            "standings": ("standings", "FILE"), "playoff": ("playoff", "FILE", "--places", "3", "--seed", "7"),
            "norms": ("norms", "FILE")}
#: What the page is asked with, for the same document.
PARAMS = {"playoff": {"place": "3", "seed": "7"}}


def written(cli, folder, name: str, form: str, *files: str, more: tuple[str, ...] = ()) -> bytes:
    """What the command writes of the document ``name`` in ``form``: its file (``-o``: a text
    document on a terminal is a summary), or for info and validate what they print."""
    args = [a for a in COMMANDS.get(name, (name, "FILE")) if a != "FILE"]
    if name in ("info", "verdict"):  # the commands' text, or their --json
        return cli(args[0], *files, *args[1:], *more, *(["--json"] if form == "json" else [])).stdout_bytes
    folder.mkdir(exist_ok=True)
    out = folder / f"written.{form}"
    result = cli(args[0], *files, *args[1:], *more, "--format", form, "-o", out)
    assert out.exists(), result.output
    return out.read_bytes()


@pytest.mark.parametrize(("name", "form"), FILE_FORMS, ids=[f"{n}.{f}" for n, f in FILE_FORMS])
def test_every_form_of_every_document_of_a_file_is_the_commands(served, page_cli, here, tmp_path, name, form):
    c, key = served
    answer = c.get(f"/files/{key}/{name}.{form}", params=PARAMS.get(name, {}))
    assert answer.status_code == 200, answer.text
    assert answer.content == written(page_cli, tmp_path, name, form, here)  # the CSV's byte-order mark too
    suffix = DOCUMENTS[name].formats[form].suffix
    assert answer.headers["content-type"].startswith(downloads.MEDIA_TYPES[suffix].split(";")[0])
    shown = "inline" if suffix in (".html", ".txt") else "attachment"  # the browser shows HTML and text
    assert answer.headers["content-disposition"].startswith(shown + "; ")
    saved = c.get(f"/files/{key}/{name}.{form}", params={**PARAMS.get(name, {}), "download": "1"})
    assert saved.headers["content-disposition"].startswith("attachment; ") and saved.content == answer.content


SET_FORMS = [("period", form) for form in DOCUMENTS["period"].formats]


@pytest.mark.parametrize(("name", "form"), SET_FORMS, ids=[f"{n}.{f}" for n, f in SET_FORMS])
def test_every_form_of_the_period_of_a_pages_files_is_the_commands(served, page_cli, here, tmp_path, name, form):
    c, _ = served
    answer = c.get(f"/sessions/{SESSION}/period.{form}")
    assert answer.status_code == 200, answer.text
    assert answer.content == written(page_cli, tmp_path, "period", form, here)


def events_of_an_applicant(folder):
    """Two events of FIDE id 1 written into ``folder`` (test_norms_application's): their names."""
    from normbuild import events

    names = []
    for name, t in events("1=1=1=0=1", "11=1=1=1="):
        trfconv.write(t, folder / name, format="trf16")
        names.append(name)
    return names


@pytest.mark.parametrize("form", list(DOCUMENTS["norms-application"].formats))
def test_every_form_of_the_title_application_is_the_commands(page_cli, tmp_path, monkeypatch, form):
    monkeypatch.chdir(tmp_path)
    c = client()
    names = events_of_an_applicant(tmp_path)
    for name in names:
        upload(c, name, (tmp_path / name).read_bytes())
    answer = c.get(f"/sessions/{SESSION}/norms-application.{form}", params={"fide_id": "1"})
    assert answer.status_code == 200
    out = tmp_path / "application"  # the command gives the application's JSON with --json (--format is ignored)
    page_cli("norms", *names, "--application", "1", *(["--json"] if form == "json" else []), "-o", out)
    assert answer.content == out.read_bytes()
    assert answer.headers["content-disposition"].endswith(f"2-files-norms-application.{'txt' if form == 'text' else form}")


def test_every_download_of_a_file_has_a_name_of_its_own(served):
    c, key = served
    urls = [f"/files/{key}/{name}.{form}" for name, form in FILE_FORMS]
    urls += [f"/files/{key}/convert.{fmt}" for fmt in engine.CONVERSIONS]
    names = [re.search(r'filename="([^"]+)"', c.get(url, params=PARAMS.get(url.split("/")[-1].split(".")[0], {}))
                       .headers["content-disposition"]).group(1) for url in urls]
    assert len(set(names)) == len(urls) and EXAMPLE.name not in names
    assert {"example-open-2026-trf26.trf", "example-open-2026-trf16.trf", "example-open-2026-standings.csv",
            "example-open-2026-norms-html.html", "example-open-2026-norms-it1.html",
            "example-open-2026-info.json"} <= set(names)
    period = {c.get(f"/sessions/{SESSION}/period.{form}").headers["content-disposition"].split('"')[1]
              for form in DOCUMENTS["period"].formats}
    assert period == {"example-open-2026-period.csv", "example-open-2026-period.json", "example-open-2026-period.html",
                      "example-open-2026-period-text.txt", "example-open-2026-period-fide.txt"}


def test_a_file_named_outside_latin_1_downloads_in_every_form():
    """``Łódź open.trf``: every download answered 500 (a header carries Latin-1 only)."""
    c = client()
    key = key_of(upload(c, "Łódź open.trf", EXAMPLE.read_bytes()))
    urls = [f"/files/{key}/{name}.{form}" for name, form in FILE_FORMS if name != "playoff"]
    urls += [f"/files/{key}/convert.{fmt}" for fmt in engine.CONVERSIONS]
    urls += [f"/sessions/{SESSION}/period.{form}" for form in DOCUMENTS["period"].formats]
    for url in urls:
        answer = c.get(url, params={"download": "1"})
        assert answer.status_code == 200, (url, answer.text)
        disposition = answer.headers["content-disposition"]
        ascii_name, utf8 = re.fullmatch(r'attachment; filename="([ -~]+)"; filename\*=UTF-8\'\'([A-Za-z0-9%._-]+)',
                                        disposition).groups()
        name = unquote(utf8)
        assert name.startswith("Łódź_open-") or name.startswith("Łódź_open."), url
        assert ascii_name == "_odz_open" + name.removeprefix("Łódź_open")
    assert unquote(c.get(f"/files/{key}/convert.xml").headers["content-disposition"].split("''")[1]) == \
        "Łódź_open.xml"


# -- a page's own set of files ------------------------------------------------------------------

OTHER = "07e4" * 8


def rows_of(c: TestClient, session: str = SESSION, first: bool = False) -> list[str]:
    found = html.fragment_fromstring(c.get(f"/sessions/{session}/set", params={"first": "1"} if first else {}).text)
    return found.xpath("//tbody/tr/td[1]/a/text()")


def test_each_tab_holds_its_own_files_and_documents(page_cli, tmp_path, monkeypatch):
    """A title application in one tab was withheld because of an error in a file dropped in
    another: one set of files was shared by every tab."""
    monkeypatch.chdir(tmp_path)
    c = client()
    names = events_of_an_applicant(tmp_path)
    for name in names:
        upload(c, name, (tmp_path / name).read_bytes())
    defective = with_errors(tmp_path)
    assert upload(c, defective.name, defective.read_bytes(), session=OTHER).status_code == 200
    assert rows_of(c) == names and rows_of(c, OTHER) == ["with-errors.trf"]
    page = c.get(f"/sessions/{SESSION}/norms-application.text", params={"fide_id": "1"})
    assert page.text == page_cli("norms", *names, "--application", "1").stdout and "not produced" not in page.text
    assert c.get(f"/sessions/{OTHER}/norms-application.text", params={"fide_id": "1"}).status_code == 422
    period = c.get(f"/sessions/{OTHER}/period.text").text
    assert period == page_cli("period", defective.name).stdout


def test_a_pages_files_come_back_after_a_reload_and_each_is_removable(served):
    c, first = served
    second = key_of(upload(c, NORMS.name, NORMS.read_bytes()))
    cards = html.fragment_fromstring(f"<div>{c.get(f'/sessions/{SESSION}/cards').text}</div>")
    assert cards.xpath("//article/@data-file") == [second, first]  # newest first, as dropped
    held = html.fragment_fromstring(c.get(f"/sessions/{SESSION}/set").text)
    assert held.xpath("//tbody/tr/@data-file") == [first, second]
    assert held.xpath("//button[@data-remove]/@aria-label") == [f"Remove {EXAMPLE.name}", f"Remove {NORMS.name}"]
    assert c.delete(f"/sessions/{OTHER}/files/{first}").status_code == 204  # another tab's removal: left alone
    assert rows_of(c) == [EXAMPLE.name, NORMS.name]
    assert c.delete(f"/sessions/{SESSION}/files/{first}").status_code == 204
    assert rows_of(c) == [NORMS.name]
    assert "No file is held for this page yet." in c.get(f"/sessions/{OTHER}/set").text


def test_thirty_files_are_thirty_files():
    """Files beyond 24 were dropped silently: 30 files dropped gave 29 cards and a period over 24."""
    c = client()
    keys = [key_of(upload(c, f"event-{i:02}.trf", EXAMPLE.read_bytes())) for i in range(30)]
    assert rows_of(c) == [f"event-{i:02}.trf" for i in range(30)]
    assert all(c.get(f"/files/{key}/info.text").status_code == 200 for key in keys)
    assert "The 30 file(s) of this page, 1,200 players" in c.get(f"/sessions/{SESSION}/set").text


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_limit_is_said_when_reached_and_a_file_let_go_is_said_as_such():
    clock = Clock()
    c = TestClient(web.create_app(TOKEN, PORT, held=Held(max_players=100, idle=60, clock=clock)),
                   base_url=f"http://127.0.0.1:{PORT}")
    c.get(f"/?token={TOKEN}")
    mine = [key_of(upload(c, f"mine-{i}.trf", EXAMPLE.read_bytes())) for i in range(2)]  # 80 players
    refused = upload(c, "third.trf", EXAMPLE.read_bytes())
    said = html.fragment_fromstring(refused.text).text_content()
    assert refused.status_code == 422 and ("not added: the page holds files of 100 players at most, all tabs together "
                                           "(now 80 players in 2 file(s), 1 tab(s)), and this file has 40") in said
    clock.now += 30  # this tab is open: its files are kept
    assert upload(c, "other.trf", EXAMPLE.read_bytes(), session=OTHER).status_code == 422
    clock.now += 31  # not heard from for 61 s: its page was closed, its files are let go to make room
    assert upload(c, "other.trf", EXAMPLE.read_bytes(), session=OTHER).status_code == 200
    gone = c.get(f"/files/{mine[0]}/rating-report.html")
    assert gone.status_code == 404 and ("it was let go to make room for files dropped in another tab while its page "
                                        "was closed (the server holds files of 100 players at most)") in gone.text
    back = c.get(f"/sessions/{SESSION}/set", params={"first": "1"}).text
    assert "2 file(s) of this page were let go while it was closed" in back and "mine-0.trf, mine-1.trf" in back
    assert "let go" not in c.get(f"/sessions/{SESSION}/set", params={"first": "1"}).text  # said once


def test_a_tab_the_server_does_not_know_is_told_apart():
    """After a restart the page still knows its session and the names it held: the server says
    it does not know it, and the page says the files are no longer held."""
    c = client()
    assert c.get(f"/sessions/{SESSION}/cards").text == ""  # the page asks for its cards first
    first = html.fragment_fromstring(c.get(f"/sessions/{SESSION}/set", params={"first": "1"}).text)
    assert first.get("data-known") == "0"
    assert html.fragment_fromstring(c.get(f"/sessions/{SESSION}/set").text).get("data-known") == "1"
    assert c.get("/sessions/not-a-session/set").status_code == 404
    assert c.get("/sessions/../files/x/info.text").status_code == 404


def test_a_duplicated_tab_starts_with_a_copy_of_the_files(served):
    c, key = served
    assert c.post(f"/sessions/{OTHER}/copy", data={"from": SESSION}).status_code == 204
    assert rows_of(c, OTHER) == [EXAMPLE.name]
    [copied] = html.fragment_fromstring(c.get(f"/sessions/{OTHER}/set").text).xpath("//tbody/tr/@data-file")
    assert copied != key
    c.delete(f"/sessions/{OTHER}/files/{copied}")
    assert rows_of(c) == [EXAMPLE.name] and rows_of(c, OTHER) == []
    assert c.post(f"/sessions/{OTHER}/copy", data={"from": "x"}).status_code == 404


def test_a_large_event_opens_its_documents_in_a_tab_of_their_own(monkeypatch):
    c = client()
    small = html.fragment_fromstring(upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).text)
    assert small.xpath(".//iframe") and small.xpath(".//form/@target") == [f"frame-{small.get('data-file')}"] * 5
    monkeypatch.setattr(web, "LARGE_PLAYERS", 39)
    large = html.fragment_fromstring(upload(c, EXAMPLE.name, EXAMPLE.read_bytes()).text)
    assert not large.xpath(".//iframe") and large.xpath(".//form/@target") == ["_blank"] * 5
    assert "This event has 40 players: its documents open in a tab of their own" in large.text_content()
    page = html.document_fromstring(c.get("/").text)
    assert page.xpath("//form[@id='period']/@data-large") == ["39"]


# -- the server: slow clients, WebSocket, stopping ---------------------------------------------------

@contextmanager
def running(**held):
    """The page's application under uvicorn as ``trfconv serve`` configures it, in a thread of
    this process: its port."""
    import socket
    import threading

    import uvicorn

    from trfconv.web import server as web_server

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    runner = uvicorn.Server(web_server.config(web.create_app(TOKEN, port)))
    thread = threading.Thread(target=runner.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    for _ in range(200):
        if runner.started:
            break
        time.sleep(0.01)
    try:
        yield port
    finally:
        runner.should_exit = True
        thread.join(10)
        listener.close()


def test_a_request_whose_headers_do_not_come_in_time_is_answered_408_and_closed(monkeypatch):
    from trfconv.web import server as web_server

    monkeypatch.setattr(web_server.HeaderDeadline, "header_seconds", 0.3)
    with running() as port:
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        started = time.monotonic()
        assert said(port, b"GET /?token=" + TOKEN.encode() + b" HTTP/1.1\r\n" + host).startswith(
            b"HTTP/1.1 408 Request Timeout\r\n")
        assert said(port) == b""  # a connection that says nothing: closed without a word
        assert time.monotonic() - started < 5
        whole = said(port, b"GET /?token=" + TOKEN.encode() + b" HTTP/1.1\r\n" + host + b"Connection: close\r\n\r\n")
        assert whole.startswith(b"HTTP/1.1 200 OK\r\n")  # a request in time is answered


def test_a_body_that_stops_arriving_is_answered_408(monkeypatch):
    monkeypatch.setattr(web, "BODY_SECONDS", 0.3)
    with running() as port:
        head = (f"POST /sessions/{SESSION}/files?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n").encode()
        answer = said(port, head, b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.trf\"\r\n\r\n012 ")
    assert answer.startswith(b"HTTP/1.1 408 ") and b"the upload stopped arriving for 0 seconds" in answer


def test_a_websocket_upgrade_is_refused_and_nothing_is_said_on_the_terminal(capfd):
    """Any web site can make the browser ask the port for a WebSocket: uvicorn printed two
    warnings, advising to install a WebSocket library."""
    with running() as port:
        capfd.readouterr()
        answer = said(port, (f"GET /socket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"
                             "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
        time.sleep(0.2)
    assert answer.startswith(b"HTTP/1.1 403 Forbidden\r\n") and answer.endswith(b"this server takes no WebSocket\n")
    out, err = capfd.readouterr()
    assert err == "" and out == ""


def test_an_error_of_the_server_removes_its_temporary_files(monkeypatch, tmp_path):
    import socket

    import uvicorn

    from trfconv.web import server as web_server
    from trfconv.web.scratch import Scratch

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    scratch = Scratch()
    (scratch.folder() / "list.txt").write_bytes(b"x" * 1000)

    def broken(self, sockets=None):
        raise RuntimeError("boom")
    monkeypatch.setattr(uvicorn.Server, "run", broken)
    with socket.socket() as listener, pytest.raises(RuntimeError):
        web_server.run(web.create_app(TOKEN, PORT, scratch=scratch), listener, scratch)
    assert list(tmp_path.iterdir()) == []


# -- the rating lists --------------------------------------------------------------------------

def test_a_list_imported_from_the_page_is_searched_and_checked_against(tmp_path, monkeypatch):
    from eventbuild import listed_round_robin

    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
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
    [scratch] = (tmp_path / "tmp").iterdir()  # the server's temporary folder: the list's copy removed at its end
    for _ in range(100):
        if not list(scratch.iterdir()):
            break
        time.sleep(0.05)
    assert list(scratch.iterdir()) == []
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
    for url in ("/", "/static/page.js", f"/sessions/{SESSION}/set", f"/sessions/{SESSION}/period.csv",
                "/files/0123456789abcdef/standings.csv", "/?token=wrong", "/?token="):
        answer = c.get(url)
        assert answer.status_code == 403, url
        assert "token" in answer.text
    assert upload(c, "a.trf", EXAMPLE.read_bytes()).status_code == 403
    assert c.delete(f"/sessions/{SESSION}/files/0123456789abcdef").status_code == 403
    assert c.post(f"/sessions/{SESSION}/copy", data={"from": OTHER}).status_code == 403
    c.cookies.set("trfconv-x", TOKEN)  # a cookie of another name is no token
    assert c.get(f"/sessions/{SESSION}/set").status_code == 403


def test_a_foreign_host_or_origin_is_refused_even_with_the_token():
    c = client()
    for host in ("evil.example", f"evil.example:{PORT}", f"127.0.0.1:{PORT + 1}", "127.0.0.1"):
        answer = c.get(f"/?token={TOKEN}", headers={"Host": host})
        assert answer.status_code == 403, host
    assert c.get("/", headers={"Host": f"localhost:{PORT}"}).status_code == 200
    refused = c.post(f"/sessions/{SESSION}/files", files={"file": ("a.trf", EXAMPLE.read_bytes())},
                     headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403


def test_uploads_past_the_input_bounds_get_413(monkeypatch):
    c = client()
    claimed = c.post(f"/sessions/{SESSION}/files", content=b"x", headers={"Content-Length": str(trfconv.MAX_INPUT_BYTES + 10**6),
                                                      "Content-Type": "multipart/form-data; boundary=b"})
    assert claimed.status_code == 413 and "67,108,864 bytes" in claimed.text
    monkeypatch.setattr(web, "MAX_INPUT_BYTES", 1000)  # the bound, small enough to test by sending
    big = upload(c, "big.trf", EXAMPLE.read_bytes())
    assert big.status_code == 413
    streamed = c.post(f"/sessions/{SESSION}/files", content=iter([b"--b\r\n", b"x" * 70_000, b"x" * 70_000]),
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
    assert downloads.safe_name("../../etc/passwd") == "passwd"
    assert downloads.safe_name("C:\\Users\\x\\..\\evil\".trf") == "evil_.trf"
    assert downloads.safe_name("..") == "tournament" and downloads.safe_name(None) == "tournament"
    assert downloads.safe_name("Ærlig open 2026.trf") == "Ærlig_open_2026.trf"
    c = client()
    answer = upload(c, '../../"; rm -rf x\r\nSet-Cookie: a=b.trf', EXAMPLE.read_bytes())
    assert answer.status_code == 200
    key = key_of(answer)
    disposition = c.get(f"/files/{key}/convert.xml").headers["content-disposition"]
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
    answers = [card, c.get(f"/sessions/{SESSION}/set"), c.get(f"/files/{key}/rating-report.html", params={"lenient": "1"}),
               c.get(f"/files/{key}/standings.html"), c.get(f"/sessions/{SESSION}/period.html")]
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
    for path in (f"/files/{key}/norms.html", f"/files/{key}/norms.it1"):
        page = c.get(path, params={"player": "1"})
        assert page.status_code == 200
        assert "<script>alert" not in page.text and "<b>A" not in page.text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text and "&lt;b&gt;A &amp; B&lt;/b&gt;" in page.text
    assert html.document_fromstring(c.get(f"/files/{key}/norms.it1").text).xpath(
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
    answer = c.get(f"/files/{key}/rating-report.html")
    assert answer.status_code == 500
    assert "internal error: ZeroDivisionError: boom (a bug in trfconv" in answer.text and "Traceback" not in answer.text
    assert c.get(f"/files/{key}/standings.html").status_code == 200


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
    withheld = c.get(f"/files/{key}/rating-report.html").text
    assert "not produced: the file has" in withheld and "RESTS ON A DEFECTIVE FILE" not in withheld
    assert "RESTS ON A DEFECTIVE FILE" in c.get(f"/files/{key}/rating-report.html", params={"lenient": "1"}).text
    assert "RESTS ON A DEFECTIVE FILE" in c.get(f"/files/{key}/standings.html", params={"lenient": "on"}).text


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
    from crosstablebuild import export_rows, workbook

    data = workbook(export_rows())
    players = len(trfconv.reads(data).players)
    answer = upload(client(), "crosstable.xlsx", data)
    assert answer.status_code == 200, answer.text
    meta = " ".join(html.fragment_fromstring(answer.text).xpath("string(.//p[@class='meta'])").split())
    assert meta.startswith("xlsx") and f"· {players} players ·" in meta
