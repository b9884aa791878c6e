"""The ``trfconv`` command: exit codes, the documented JSON output, conversions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import paths
import pytest

import trfconv

FIXTURES = paths.FIXTURES
VALID = FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"
CLEAN = FIXTURES / "canonical" / "trf26-individual.trf"
MISALIGNED = FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf"



def test_check_exit_codes(cli):
    assert cli("check", CLEAN).exit_code == 0
    assert cli("check", VALID).exit_code == 0  # warnings only
    assert cli("check", MISALIGNED).exit_code == 1
    assert cli("check", FIXTURES / "missing.trf").exit_code == 2


def test_check_json_schema(cli):
    result = cli("check", MISALIGNED, "--json")
    data = json.loads(result.stdout)
    assert set(data) == {"schema", "file", "readable", "error", "warning", "info", "diagnostics"}
    assert data["schema"] == 1 and data["readable"] is True
    # TRF045, TRF033 twice (team files are checked too), TRF048 twice (each birth date read where it moved)
    assert data["error"] == 2 and data["warning"] == 5
    first = data["diagnostics"][0]
    assert first == {"code": "TRF010", "severity": "error",
                     "message": "column 80 should be blank but holds '3': fields are shifted",
                     "path": str(MISALIGNED), "line": 13, "column": 80, "consumer": "FIDE rating server"}


def test_check_text_output_names_file_line_and_column(cli):
    result = cli("check", MISALIGNED)
    assert f"{MISALIGNED}:13:80: error TRF010:" in result.stdout
    assert result.stdout.rstrip().endswith("2 error(s), 5 warning(s), 0 note(s): errors found")


def test_info_json_schema(cli):
    data = json.loads(cli("info", VALID, "--json").stdout)
    assert set(data) == {"schema", "file", "format", "version", "dialects", "encoding", "line_ending",
                         "event", "counts", "diagnostics"}
    assert (data["format"], data["version"], data["encoding"], data["line_ending"]) == ("trf", "TRF16", "utf-8", "LF")
    assert data["event"]["name"] == "Gonzaga Classic" and data["event"]["start_date"] == "2008-02-01"
    assert data["counts"]["players"] == 12 and data["counts"]["rounds"] == 5
    assert data["counts"]["rated_games"] == 24 and data["counts"]["byes_half"] == 3
    assert data["diagnostics"] == {"error": 0, "warning": 1, "info": 1, "codes": {"TRF023": 1, "TRF024": 1}}


def test_info_text(cli):
    result = cli("info", FIXTURES / "trf" / "sanichi__icu_tournament__latin-1.trf")
    assert result.exit_code == 0
    assert "Läs Végas National Opeñ" in result.stdout and "cp1252" in result.stdout


def test_info_text_keeps_labels_and_values_apart(cli):
    """The values start in one column, after the longest label ("declared rounds" once ran into
    its value: "declared rounds14")."""
    lines = cli("info", FIXTURES / "trf" / "Sharly-Chess__sharly-chess__example_trf26.trf").stdout.splitlines()
    assert "declared rounds  14" in lines
    starts = {len(line) - len(line.split("  ", 1)[1].lstrip()) for line in lines}
    assert starts == {len("declared rounds  ")}


def test_convert_to_stdout_and_files(cli, tmp_path):
    result = cli("convert", VALID, "--to", "trf26")
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b"012 Gonzaga Classic\r\n")
    out = tmp_path / "valid.json"
    assert cli("convert", VALID, "-o", out).exit_code == 0  # .json -> JSON
    assert json.loads(out.read_text())["format"] == "trfconv-tournament"
    back = tmp_path / "back.trf"
    assert cli("convert", out, "--to", "trf16", "-o", back).exit_code == 0
    assert trfconv.read(back).players == trfconv.read(VALID).players


def test_convert_options(cli, tmp_path):
    out = tmp_path / "x.trf"
    latin = FIXTURES / "trf" / "sanichi__icu_tournament__latin-1.trf"
    result = cli("convert", latin, "-o", out, "--output-encoding", "ascii", "--line-ending", "lf")
    assert result.exit_code == 0
    data = out.read_bytes()
    assert data.isascii() and b"\r" not in data and b"Las Vegas National Open" in data
    assert "WRT002" in result.stderr


def test_convert_of_a_file_with_errors_needs_lenient_and_says_so(cli, tmp_path):
    """A conversion is an official output: a column-shifted file (TRF010) is refused, exit 1 and
    nothing written; with --lenient it is written, its first line saying it rests on errors."""
    out = tmp_path / "x.trf"
    result = cli("convert", MISALIGNED, "-o", out)
    assert result.exit_code == 1 and "--lenient" in result.stderr
    assert not out.exists()
    result = cli("convert", MISALIGNED, "-o", out, "--lenient")
    assert result.exit_code == 0 and "WRT008" in result.stderr
    first = out.read_text("utf-8").splitlines()[0]
    assert first.startswith("### trfconv convert --lenient: written from") and "TRF010" in first


def test_convert_refuses_to_overwrite_its_input(cli, tmp_path):
    copy = tmp_path / "in.trf"
    shutil.copy(VALID, copy)
    before = copy.read_bytes()
    assert cli("convert", copy, "-o", copy).exit_code == 2  # refused in one line, like any unwritable output
    assert copy.read_bytes() == before


def test_convert_forced_encoding(cli):
    utf8 = FIXTURES / "trf" / "sanichi__icu_tournament__utf-8.trf"
    result = cli("convert", utf8, "--encoding", "latin-1")
    assert "ENC004" in result.stderr


def test_console_script_is_installed():
    exe = shutil.which("trfconv") or str(Path(sys.executable).with_name("trfconv"))
    result = subprocess.run([exe, "check", str(MISALIGNED)], capture_output=True, text=True)
    assert result.returncode == 1 and "TRF010" in result.stdout
    module = subprocess.run([sys.executable, "-m", "trfconv", "check", str(CLEAN)], capture_output=True)
    assert module.returncode == 0


@pytest.mark.parametrize("args", [("info",), ("convert", VALID, "--to", "pdf")])
def test_usage_errors_do_not_trace(cli, args):
    result = cli(*args)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_the_guides_info_example_is_real(cli):
    """The guide shows this file's `info --json` output (docs/reference/json.md); keep them equal."""
    import re

    page = (FIXTURES.parent / "docs" / "reference" / "json.md").read_text("utf-8")
    shown = json.loads(re.search(r'```json\n(\{"schema": 1, "file": "fixtures.*?)\n```', page, re.DOTALL).group(1))
    path = FIXTURES / "examples" / "example-open-2026.trf"
    actual = json.loads(cli("info", path, "--json").stdout)
    assert {k: v for k, v in actual.items() if k != "file"} == {k: v for k, v in shown.items() if k != "file"}


def test_validate_exit_codes_and_text(cli):
    fide = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
    result = cli("validate", fide)
    assert result.exit_code == 0
    assert "verdict     RATEABLE WITH EXCLUSIONS" in result.stdout
    assert "VAL032: results of 58 unrated players (155, 157, 159," in result.stdout
    assert len(result.stdout.splitlines()) <= 40  # fits a screen; --details lists players and games
    detailed = cli("validate", fide, "--details").stdout
    assert len(detailed.splitlines()) > 900 and "games not counted for a player" in detailed
    masters = FIXTURES / "trf" / "sanichi__icu_tournament__bunratty_masters_2011.trf"
    assert cli("validate", masters).exit_code == 1
    assert cli("validate", masters, "--rules", "b02-2024").exit_code == 0
    assert cli("validate", masters, "--time-control", "120 min").exit_code == 0
    slower = cli("validate", masters, "--time-control", "40/120, 60")
    assert slower.exit_code == 1
    assert ("VAL021: rounds 2, 3 and 4 on 2011-02-26: 3 rounds, 18 h of play > 12 h (art. 3.1; 6 h a round "
            "on the 60-move basis)") in slower.stdout
    assert cli("validate", masters, "--rules", "b02-1999").exit_code == 2
    assert cli("validate", FIXTURES / "missing.trf").exit_code == 2


def test_validate_national_championship(cli, tmp_path):
    """--national-championship (B.02 2005 6.33) rates an 8-player round robin with 3 rated men,
    which art. 6.31 refuses (4 rated needed under 10 players); the rating report takes it too."""
    from eventbuild import round_robin

    path = tmp_path / "championship.trf"
    trfconv.write(round_robin([2000, 1900, 1800, None, None, None, None, None]), path, format="trf16")
    assert cli("validate", path, "--rules", "b02-2005").exit_code == 1
    national = cli("validate", path, "--rules", "b02-2005", "--national-championship")
    assert national.exit_code == 0
    assert "national championship round robin with 3 rated men, 3 needed (art. 6.33)" in national.stdout  # a caveat
    assert cli("report", path, "--rules", "b02-2005", "--national-championship").exit_code == 0


def test_validate_json_schema(cli):
    data = json.loads(cli("validate", VALID, "--json").stdout)
    assert set(data) == {"schema", "file", "rules", "rules_title", "decision", "decision_text",
                         "text_in_force_modelled", "rateable", "event_kind",
                         "round_robin", "rating_list", "minutes_for_60_moves", "findings", "games_not_rated",
                         "players", "diagnostics", "defective", "lenient", "withheld", "note", "errors", "caveats"}
    assert data["note"] is None  # no error, nothing to say about the document resting on one
    assert (data["rules"], data["decision"], data["minutes_for_60_moves"]) == ("b02-2005", "not rateable", "120")
    assert data["findings"] == [{"code": "VAL040", "article": "5.1", "fatal": True, "rounds": [], "players": [],
                                 "message": "no game of the event can be rated (0 of 12 players rated)"}]
    assert data["players"][0] == {"start_number": 1, "name": data["players"][0]["name"], "rating": None,
                                  "outcome": "nothing", "reason": "the event is not rateable",
                                  "rated_games": 0, "rated_opponents": 0}
    assert data["games_not_rated"][:2] == [
        {"round": 1, "player": 2, "opponent": 3, "score": "0", "reasons": ["unrated_opponent", "event"]},
        {"round": 1, "player": 3, "opponent": 2, "score": "1", "reasons": ["unrated_opponent", "event"]}]


def test_every_csv_output_guards_against_formulas(cli, tmp_path):
    """A name a spreadsheet would evaluate is written with a leading apostrophe in the rating
    report and standings CSVs too, not only in the crosstable CSV."""
    from trfbuild import HEADER, player_line, trf

    evil = "=HYPERLINK(1)"
    source = tmp_path / "evil.trf"
    source.write_bytes(trf(*HEADER,
                           player_line(1, evil, rating="2000", points="1.0", rounds=("   2 w 1",)),
                           player_line(2, "Plain, Paul", rating="1900", points="0.0", rounds=("   1 b 0",))))
    for args in (("report", source, "--format", "csv"), ("standings", source, "--format", "csv", "-t", "BH")):
        out = cli(*args).stdout
        assert f",'{evil}," in out and f",{evil}," not in out, out
