"""The jobs (issue 35 item 1): one result record for every job; every job's outputs held against
all its inputs in one place; the same job through the library, the command line and the page
gives the same result; what to do is an action, which no job words as an option."""

from __future__ import annotations

import json
import re
from html import unescape

from lxml import html
import shutil
from datetime import date
from pathlib import Path

import pytest
from pageclient import SESSION, client, key_of, upload
from paths import FIXTURES
from ratinglist_build import FIXTURES as LISTS

import trfconv
from trfconv import ratinglists
from trfconv.actions import PLAIN, speaking
from trfconv.jobs import JOBS, run
from trfconv.jobs.result import Exit, JobResult
from trfconv.named import named
from trfconv.web.voice import PAGE

EXAMPLE = FIXTURES / "examples" / "example-open-2026.trf"
#: 20 ratings written as letters (TRF016): a file with errors.
DEFECT = FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf"
READINGS = FIXTURES / "examples" / "norms-readings-2026.trf"
NORMS_EXAMPLE = FIXTURES / "examples" / "norms-example-2026.trf"
OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*")


@pytest.fixture
def event(tmp_path) -> Path:
    path = tmp_path / "event.trf"
    shutil.copy(EXAMPLE, path)
    return path


@pytest.fixture
def database(tmp_path) -> Path:
    db = tmp_path / "lists.sqlite"
    ratinglists.import_list(LISTS / "players_list_foa.txt", db=db, month="2026-03")
    return db


def test_every_job_is_registered_with_its_parameters_and_function():
    for name, where in JOBS.items():
        params = named(where)
        assert params.name == name and callable(named(params.job)), name


def outputs_over_inputs(event: Path, database: Path, k_file: Path):
    """Each job that writes a file, asked to write it over each file it reads (``norms --list
    --db DB -o DB`` and ``norms A B --application ID -o B`` wrote over their input, exit 0)."""
    lists = trfconv.Lists(database)
    second = event.parent / "second.trf"
    shutil.copy(event, second)
    return [
        trfconv.Report(event, output=event), trfconv.Report(event, k_file=k_file, output=k_file),
        trfconv.Report(event, lists=lists, output=database), trfconv.Standings(event, output=event),
        trfconv.Playoff(event, output=event), trfconv.Convert(event, output=event),
        trfconv.Period((event,), output=event), trfconv.Period((event,), lists=lists, output=database),
        trfconv.Period((event,), keep=lists, output=database), trfconv.Period((event.parent,), output=event),
        trfconv.Fill(event, event, lists), trfconv.Fill(event, database, lists),
        trfconv.Norms(event, lists=lists, output=database), trfconv.Norms(event, output=event),
        trfconv.NormsApplication((event, second), "1", output=second), trfconv.Pairings(event, output=event),
    ]


def test_no_job_writes_over_a_file_it_reads(event, database, tmp_path):
    """One check, before any work, for every job: the events (a folder's files too), the K file
    and the rating lists database are inputs; each refusal is the same sentence, exit 2, and
    the file is left as it was."""
    k_file = tmp_path / "k.csv"
    k_file.write_text("1503014,20\n")
    before = {p: p.read_bytes() for p in (event, database, k_file)}
    for params in outputs_over_inputs(event, database, k_file):
        result = run(params)
        assert result.exit is Exit.UNUSABLE and not result.written, params
        (problem,) = result.refused
        assert problem.why.startswith("is an input of this command") and problem.path == str(params.outputs()[0]
                                                                                             if params.outputs()
                                                                                             else event), params
    assert {p: p.read_bytes() for p in before} == before


def test_a_list_import_never_writes_its_database_over_the_list(tmp_path):
    listed = tmp_path / "players_list_foa.txt"
    shutil.copy(LISTS / "players_list_foa.txt", listed)
    ratinglists.import_list(listed, db=tmp_path / "other.sqlite", month="2026-03")
    result = run(trfconv.ListImport(listed, trfconv.Lists(listed, "2026-03")))
    assert result.exit is Exit.UNUSABLE and "is an input of this command" in str(result.refused[0])


def test_the_record_says_what_was_refused_and_what_to_do(tmp_path):
    """A file with errors: the report is withheld (its errors only), the conversion refused;
    each says so and carries the action that allows it, worded by no option."""
    report = run(trfconv.Report(DEFECT))
    assert isinstance(report, JobResult) and report.exit is Exit.PROBLEMS and report.verdict == "not produced"
    assert report.basis.withheld and report.actions[0].kind == "allow-defective"  # then judge it before its end
    assert report.document.document == "rating-report" and "not produced: the file has" in report.document.text
    converted = trfconv.convert(DEFECT, "xml")
    assert converted.exit is Exit.PROBLEMS and converted.data is None and converted.verdict == "not written: errors"
    assert str(converted.refused[0]) == "errors in the input; nothing written"
    allowed = trfconv.convert(DEFECT, "trf26", lenient=True)
    assert allowed.exit is Exit.OK and allowed.data.startswith(b"### trfconv convert --lenient: written from")
    assert [d.code for d in allowed.diagnostics if d.code == "WRT008"] == ["WRT008"]


def test_no_job_names_an_option(tmp_path, database):
    """Every sentence the jobs make, where each asks for an action (allow a defective file, judge
    an event before its end, give a list, import one, name the tied players), in the library's
    voice: no option named."""
    running = FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__esp_1385606.TUNX"
    results = [run(trfconv.Report(DEFECT)), run(trfconv.Standings(DEFECT)), run(trfconv.Playoff()),
               run(trfconv.Convert(DEFECT, "trf26")), run(trfconv.Validate(running)),
               run(trfconv.Report(running, form="html")), run(trfconv.Period((DEFECT, EXAMPLE), form="fide")),
               run(trfconv.Check(EXAMPLE, lists=trfconv.Lists(tmp_path / "none.sqlite"))),
               run(trfconv.Period((EXAMPLE, running), month="2026-05")),
               run(trfconv.Norms(DEFECT)), run(trfconv.Norms(READINGS, details=True)), run(trfconv.Norms(running)),
               run(trfconv.Norms(NORMS_EXAMPLE, titles=("GM",), details=True))]
    said = [text for r in results for text in (*map(str, r.refused), *map(str, r.diagnostics), *r.caveats,
                                                *(d.text for d in r.documents))]
    assert {a.kind for r in results for a in r.actions} >= {"allow-defective", "after-round", "give-players",
                                                             "import-list"}
    # the norms' hints are actions of their diagnostics: the withheld file's, the readings', the list's
    assert {a.kind for r in results[-4:] for d in r.diagnostics for a in d.actions} >= {"choose-reading", "give-list"}
    assert sorted({m for text in said for m in OPTION.findall(text)}) == []


# -- one job, three faces ------------------------------------------------------------------------

def test_the_same_job_gives_the_same_result_in_the_library_the_command_line_and_the_page(page_cli, monkeypatch):
    """The documents of one file through each face, the actions worded as the page's controls
    (:mod:`trfconv.web.voice`): the bytes are the same."""
    monkeypatch.chdir(EXAMPLE.parent)
    name = EXAMPLE.name
    c = client()
    key = key_of(upload(c, name, EXAMPLE.read_bytes()))
    with speaking(PAGE):
        library = {
            "report": run(trfconv.Report(name, form="html")).document.text,
            "standings": run(trfconv.Standings(name, form="html")).document.text,
            "playoff": run(trfconv.Playoff(name, place=3, seed="7", form="html")).document.text,
            "period": run(trfconv.Period((name,), form="html")).document.text,
            "trf26": run(trfconv.Convert(name, "trf26")).data,
        }
    command = {
        "report": page_cli("report", name, "--format", "html").stdout,
        "standings": page_cli("standings", name, "--format", "html").stdout,
        "playoff": page_cli("playoff", name, "--places", "3", "--seed", "7", "--format", "html").stdout,
        "period": page_cli("period", name, "--format", "html").stdout,
        "trf26": page_cli("convert", name, "--to", "trf26").stdout_bytes,
    }
    page = {
        "report": c.get(f"/files/{key}/rating-report.html").text,
        "standings": c.get(f"/files/{key}/standings.html").text,
        "playoff": c.get(f"/files/{key}/playoff.html", params={"place": "3", "seed": "7"}).text,
        "period": c.get(f"/sessions/{SESSION}/period.html").text,
        "trf26": c.get(f"/files/{key}/convert.trf26").content,
    }
    for job in library:
        assert library[job] == command[job] == page[job], job


def test_a_defective_file_is_refused_or_withheld_alike_on_every_face(page_cli, monkeypatch, tmp_path):
    """A conversion of a file with errors is refused by the page as by the command, and written
    the same, marked, when allowed; the report withheld the same, saying how to have it as each
    face does it."""
    monkeypatch.chdir(DEFECT.parent)
    c = client()
    key = key_of(upload(c, DEFECT.name, DEFECT.read_bytes()))
    page = c.get(f"/files/{key}/convert.xml")
    assert page.status_code == 422 and "errors in the input; nothing written (tick 'even with errors' to write it " \
                                      "anyway, marked as resting on them)" in unescape(page.text)
    refused = page_cli("convert", DEFECT.name, "--to", "xml")
    assert refused.exit_code == 1 and "errors in the input; nothing written" in refused.stderr
    allowed = c.get(f"/files/{key}/convert.trf26", params={"lenient": "1"})
    assert allowed.status_code == 200
    assert allowed.content == page_cli("convert", DEFECT.name, "--to", "trf26", "--lenient").stdout_bytes
    withheld = c.get(f"/files/{key}/rating-report.html").text
    assert withheld == page_cli("report", DEFECT.name, "--format", "html").stdout
    assert "ask for the document anyway (tick &#x27;even with errors&#x27;)" in withheld


def test_the_upload_check_of_the_library_is_the_commands(cli):
    today = date(2026, 12, 1)
    library = trfconv.upload_check(EXAMPLE, today=today, gacrux=False)
    command = cli("check", EXAMPLE, "--upload", "--today", today.isoformat(), "--no-gacrux", "--json")
    data = json.loads(command.stdout)
    assert command.exit_code == int(library.exit)
    assert data["upload"] == {"ready": library.value.ready, "summary": library.value.summary}
    with speaking(PLAIN):
        assert [d["message"] for d in data["diagnostics"]] == [d.message for d in library.diagnostics]


def test_an_edition_of_another_family_is_a_usage_error(cli):
    """``--rules b01-2024`` for the standings was an internal error (``KeyError 'b01'``: the
    families of regulations were named twice, the second without the Title Regulations)."""
    result = cli("standings", EXAMPLE, "--rules", "b01-2024")
    assert result.exit_code == 2
    assert result.stderr == ("trfconv: --rules: b01-2024 is an edition of the Title Regulations (B.01), not of the "
                             "tie-break regulations (C.07); known: tb-2009, tb-2023, tb-2024, tb-2026\n")


def test_norms_never_write_over_the_database_or_an_event_they_read(cli, event, database):
    """Issue 35: ``norms --list --db DB -o DB`` overwrote the rating lists database it read, and
    ``norms A B --application ID -o B`` event B, both exit 0; refused now as ``report`` refuses."""
    second = event.parent / "second.trf"
    shutil.copy(event, second)
    before = {p: p.read_bytes() for p in (database, second)}
    over_db = cli("norms", event, "--list", "--db", database, "-o", database)
    assert over_db.exit_code == 2 and "is an input of this command" in over_db.stderr
    over_event = cli("norms", event, second, "--application", "1503014", "-o", second)
    assert over_event.exit_code == 2 and "is an input of this command" in over_event.stderr
    assert {p: p.read_bytes() for p in before} == before


# -- what the page gained (issue 35 item 2) ---------------------------------------------------------

def test_the_page_checks_a_file_before_upload_as_the_command_does(page_cli, monkeypatch):
    """The upload check on the page: its verdict, its one line (what to fix first, by when) and
    every finding, as ``check --upload`` prints them (gacrux reads a file on disk: --no-gacrux)."""
    monkeypatch.chdir(EXAMPLE.parent)
    c = client()
    key = key_of(upload(c, EXAMPLE.name, EXAMPLE.read_bytes()))
    card = c.get(f"/sessions/{SESSION}/cards").text
    assert f'data-get="/files/{key}/upload"' in card
    page = html.fragment_fromstring(f"<div>{c.get(f'/files/{key}/upload').text}</div>")
    command = page_cli("check", EXAMPLE.name, "--upload", "--no-gacrux").stdout.splitlines()
    assert command[-1] == f"{EXAMPLE.name}: " + page.xpath("string(.//p[@class='upload-summary'])")
    assert "fix first" in command[-1] and "then " in command[-1]  # what first, then the deadline
    assert page.xpath("string(.//strong[@class='decision'])") == "NOT READY TO UPLOAD"
    assert sorted(li.text_content() for li in page.xpath(".//li")) == sorted(command[:-2])  # by severity, or place


def test_the_page_refuses_a_conversion_of_a_file_with_errors_before_it_is_asked(monkeypatch):
    """A file with errors: the page says, before any download, that its conversions are refused
    (in the command's words, the page's control for allowing them), and offers them only with
    'even with errors' ticked (a conversion then marked as resting on them)."""
    c = client()
    key = key_of(upload(c, DEFECT.name, DEFECT.read_bytes()))
    card = html.fragment_fromstring(c.get(f"/sessions/{SESSION}/cards").text)
    assert card.get("data-file") == key
    said = card.xpath("string(.//form[@class='refused-conversions']/p)")
    assert said == ("errors in the input; nothing written (tick 'even with errors' to write it anyway, marked as "
                    "resting on them)")
    assert len(card.xpath(".//form[@class='refused-conversions']//input[@name='lenient'][@required]")) == 1
    assert not card.xpath(".//ul[@class='downloads']")
    clean = key_of(upload(c, EXAMPLE.name, EXAMPLE.read_bytes()))
    assert len(html.fragment_fromstring(f"<div>{c.get(f'/sessions/{SESSION}/cards').text}</div>")
               .xpath(f".//article[@data-file='{clean}']//ul[@class='downloads']/li/a")) == 5


@pytest.mark.parametrize("native", [FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__2023_elllobregat_a_753347.TUNX",
                                    *sorted((FIXTURES / "native" / "pgn").glob("*.pgn"))[:1]], ids=lambda p: p.suffix)
def test_the_page_fills_points_and_ranks_as_convert_does(cli, monkeypatch, native):
    """Swiss-Manager and PGN files hold no points or ranks: the page's TRF is the command's,
    byte for byte, the standings' points and ranks filled (WRT007), and reads back with them."""
    monkeypatch.chdir(native.parent)
    c = client()
    key = key_of(upload(c, native.name, native.read_bytes()))
    page = c.get(f"/files/{key}/convert.trf26")
    command = cli("convert", native.name, "--to", "trf26")
    assert page.status_code == 200 and page.content == command.stdout_bytes and "WRT007" in command.stderr
    back = trfconv.reads(page.content)
    assert all(p.rank is not None for p in back.players)


#: Every job the page runs, asked the same of the library, the command line and the page, on one
#: file: (job, its parameters, the command's arguments, the page's address and query).
FACES = [
    ("info", lambda f: trfconv.Info(f, form="json"), ("info", "--json"), ("info.json", {})),
    ("validate", lambda f: trfconv.Validate(f, form="text"), ("validate",), ("verdict.text", {})),
    ("report", lambda f: trfconv.Report(f, form="csv"), ("report", "--format", "csv"), ("rating-report.csv", {})),
    ("standings", lambda f: trfconv.Standings(f, ("BH/C1", "SB"), form="json"),
     ("standings", "-t", "BH/C1,SB", "--format", "json"), ("standings.json", {"tiebreaks": "BH/C1,SB"})),
    ("playoff", lambda f: trfconv.Playoff(f, place=3, seed="7", form="text"),
     ("playoff", "--places", "3", "--seed", "7", "--format", "text"), ("playoff.text", {"place": "3", "seed": "7"})),
    ("norms", lambda f: trfconv.Norms(f, form="it1"), ("norms", "--format", "it1"), ("norms.it1", {})),
    ("norms-json", lambda f: trfconv.Norms(f, forecast=True, form="json"), ("norms", "--forecast", "--json"),
     ("norms.json", {"forecast": "1"})),
    ("convert", lambda f: trfconv.Convert(f, "xml"), ("convert", "--to", "xml"), ("convert.xml", {})),
]


@pytest.mark.parametrize(("job", "params", "args", "asked"), FACES, ids=[f[0] for f in FACES])
def test_every_job_gives_the_same_bytes_through_the_library_the_command_line_and_the_page(
        page_cli, monkeypatch, job, params, args, asked):
    """Issue 35 item 2: the same document of the same file, from each face, byte for byte (the
    text forms the command writes with -o, as the page hands out a file)."""
    monkeypatch.chdir(EXAMPLE.parent)
    name = EXAMPLE.name
    c = client()
    key = key_of(upload(c, name, EXAMPLE.read_bytes()))
    with speaking(PAGE):
        result = run(params(name))
    library = result.data if result.data is not None else result.document.text.encode(result.document.encoding)
    page = c.get(f"/files/{key}/{asked[0]}", params=asked[1])
    assert page.status_code == 200, page.text
    command = page_cli(args[0], name, *args[1:])
    assert command.exit_code in (0, 1), command.output
    assert library == command.stdout_bytes == page.content, job


# -- the norms and the pairings on the page (issues 36 and 38) --------------------------------------

READINGS = FIXTURES / "examples" / "norms-readings-2026.trf"


def test_the_page_shows_the_norms_readings_near_misses_and_forms_as_the_command(page_cli, monkeypatch):
    """The norms job on the page: its verdict, each reading that decides with both outcomes, the
    near misses, another reading chosen, the IT1 and the arbiters' FA1/IA1 forms: the command's."""
    monkeypatch.chdir(READINGS.parent)
    c = client()
    key = key_of(upload(c, READINGS.name, READINGS.read_bytes()))
    page = c.get(f"/files/{key}/norms.html").text
    assert page == page_cli("norms", READINGS.name, "--format", "html").stdout
    text = html.document_fromstring(page).text_content()
    assert "'complete-event' (the default) gives the norm" in text and "'all-rounds' gives no norm" in text
    assert "missed narrowly: 1.4.8 by 15 rating points" in text
    other = c.get(f"/files/{key}/norms.html", params={"reading-round-robin-beaten": "all-rounds"}).text
    assert other == page_cli("norms", READINGS.name, "--reading", "round-robin-beaten=all-rounds", "--format",
                             "html").stdout != page
    for form in ("it1", "arbiters"):
        assert c.get(f"/files/{key}/norms.{form}").text == page_cli("norms", READINGS.name, "--format", form).stdout
    card = c.get(f"/sessions/{SESSION}/cards").text
    assert 'name="reading-round-robin-beaten"' in card and f'/files/{key}/norms.arbiters' in card


def test_the_page_shows_each_rounds_pairings_verdict_as_the_command(page_cli, monkeypatch):
    """The pairings checker on the page: each round's verdict and the criterion that decides, one
    round board by board, and the next round as the rules pair it: the command's."""
    monkeypatch.chdir(EXAMPLE.parent)
    c = client()
    key = key_of(upload(c, EXAMPLE.name, EXAMPLE.read_bytes()))
    page = c.get(f"/files/{key}/pairings.html")
    assert page.status_code == 200 and page.text == page_cli("pairings", EXAMPLE.name, "--format", "html").stdout
    text = html.document_fromstring(page.text).text_content()
    assert "C.04.3 [C12]" in text and "0 of 7 rounds as the Dutch system pairs them" in text
    one = c.get(f"/files/{key}/pairings.text", params={"round": "5", "next": "1"}).text
    assert one == page_cli("pairings", EXAMPLE.name, "--round", "5", "--next", "--format", "text").stdout
    refused = c.get(f"/files/{key}/pairings.html", params={"round": "9"})
    assert refused.status_code == 422 and "round 9: the file holds 7 paired round(s)" in refused.text
