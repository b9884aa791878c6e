"""The jobs (issue 35 item 1): one result record for every job; every job's outputs held against
all its inputs in one place; the same job through the library, the command line and the page
gives the same result; what to do is an action, which no job words as an option."""

from __future__ import annotations

import json
import re
from html import unescape
import shutil
from datetime import date
from pathlib import Path

import pytest
from paths import FIXTURES
from ratinglist_build import FIXTURES as LISTS
from test_serve import SESSION, client, key_of, upload

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
    """Each job that writes a file, asked to write it over each file it reads."""
    lists = trfconv.Lists(database)
    return [
        trfconv.Report(event, output=event), trfconv.Report(event, k_file=k_file, output=k_file),
        trfconv.Report(event, lists=lists, output=database), trfconv.Standings(event, output=event),
        trfconv.Playoff(event, output=event), trfconv.Convert(event, output=event),
        trfconv.Period((event,), output=event), trfconv.Period((event,), lists=lists, output=database),
        trfconv.Period((event,), keep=lists, output=database), trfconv.Period((event.parent,), output=event),
        trfconv.Fill(event, event, lists), trfconv.Fill(event, database, lists),
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
               run(trfconv.Period((EXAMPLE, running), month="2026-05"))]
    said = [text for r in results for text in (*map(str, r.refused), *map(str, r.diagnostics), *r.caveats,
                                                *(d.text for d in r.documents))]
    assert {a.kind for r in results for a in r.actions} >= {"allow-defective", "after-round", "give-players",
                                                             "import-list"}
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
