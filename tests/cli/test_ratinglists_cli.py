"""``trfconv list import/show/find/info`` and ``trfconv fill``: output lines and exit codes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import ratinglist_build as build
from trfbuild import player_line, trf
from eventbuild import listed_round_robin

import trfconv

FIXTURES = build.FIXTURES


@pytest.fixture
def db(cli, tmp_path):
    path = tmp_path / "lists.sqlite"
    result = cli("list", "import", str(FIXTURES / "players_list.zip"), "--date", "2026-10", "--db", str(path))
    assert result.exit_code == 0, result.output
    return path


def test_import_prints_a_summary_per_file_and_a_verdict(cli, tmp_path):
    path = tmp_path / "lists.sqlite"
    result = cli("list", "import", str(FIXTURES / "standard_oct26frl.txt"), str(FIXTURES / "rapid_oct26frl.txt"),
                 "--db", str(path))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith(f"{FIXTURES / 'standard_oct26frl.txt'}: list of 2026-10, single-type: 11 players, "
                               "rated standard 11; ")
    assert lines[1].startswith(f"{FIXTURES / 'rapid_oct26frl.txt'}: list of 2026-10, single-type: 7 players, "
                               "rated rapid 7; ")
    assert lines[2] == "2 of 2 file(s) imported"


def test_import_errors_are_one_line_and_exit_2(cli, tmp_path):
    path = tmp_path / "lists.sqlite"
    result = cli("list", "import", str(FIXTURES / "players_list.zip"),
                                                      str(FIXTURES / "players_list_foa.txt"), "--db", str(path))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"trfconv: {FIXTURES / 'players_list.zip'}: error LST033: the file does not tell its month: give it "
        "(--date YYYY-MM)",
        f"trfconv: {FIXTURES / 'players_list_foa.txt'}: error LST033: the file does not tell its month: give it "
        "(--date YYYY-MM)"]
    assert result.stdout == "0 of 2 file(s) imported\n"
    bad = tmp_path / "bad.txt"
    bad.write_text("not a list\n")
    result = cli("list", "import", str(bad), "--date", "2026-10",
                                                      "--db", str(path))
    assert result.exit_code == 2 and "error LST030" in result.stderr and "Traceback" not in result.stderr


def test_a_database_that_cannot_be_written(cli, tmp_path):
    result = cli("list", "import", str(FIXTURES / "standard_oct26frl.txt"), "--db", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr == f"trfconv: {tmp_path}: is a folder; give the database's file name\n"


def test_show(cli, db):
    result = cli("list", "show", "90100070", "--db", str(db))
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "FIDE ID     90100070",
        "name        Brenzola, Ilario",
        "federation  ITA",
        "sex         M",
        "born        1969",
        "titles      IM; other IA, FT, LSI, SLI, NA; FOA AFM",
        "flag        -",
        "standard    2401, K 10, 0 games  [players_list.zip:players_list_foa.txt]",
        "rapid       2388, K 20, 0 games  [players_list.zip:players_list_foa.txt]",
        "blitz       2410, K 20, 0 games  [players_list.zip:players_list_foa.txt]",
        "list        2026-10"]
    assert cli("list", "show", "90100062", "--db", str(db)).output.splitlines()[7] == (
        "standard    unrated  [players_list.zip:players_list_foa.txt]")
    missing = cli("list", "show", "90199999", "--db", str(db))
    assert (missing.exit_code, missing.output) == (1, "FIDE ID 90199999: not in the list of 2026-10\n")
    assert cli("list", "show", "90100070", "--month", "2026-09", "--db", str(db)).exit_code == 2


def test_find(cli, db):
    result = cli("list", "find", "josé maría núñez", "--db", str(db))
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "  90100046  Nunez Garcia, Jose Maria                 ESP 1985  std 2305  rpd 2250  blz 2270  (100)",
        "1 player(s) found in the list of 2026-10"]
    morlan = cli("list", "find", "Pel Morlan", "--fed", "FRA", "--db", str(db))
    assert [line.split()[0] for line in morlan.output.splitlines()[:2]] == ["90100100", "90100119"]
    none = cli("list", "find", "Zzyzx", "--db", str(db))
    assert (none.exit_code, none.output) == (1, "0 player(s) found in the list of 2026-10\n")


def test_info(cli, db, tmp_path):
    lines = cli("list", "info", "--db", str(db)).output.splitlines()
    assert lines[0] == f"database  {db}"
    assert lines[1].startswith("2026-10  standard/rapid/blitz   players_list.zip:players_list_foa.txt (combined (FOA)): "
                               "13 players, rated standard 11, rapid 7, blitz 7; imported ")
    assert lines[2] == "1 month(s) held"
    empty = cli("list", "info", "--db", str(tmp_path / "empty.sqlite"))
    assert empty.exit_code == 0 and empty.output.splitlines()[1].startswith("no list held")
    assert cli("list", "show", "1", "--db", str(tmp_path / "empty.sqlite")).exit_code == 2


def test_database_from_the_environment_and_a_file_that_is_not_one(cli, db, tmp_path, monkeypatch):
    monkeypatch.setenv("TRFCONV_DB", str(db))
    assert cli("list", "show", "90100011").exit_code == 0
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database" * 100)
    result = cli("list", "info", "--db", str(junk))
    assert result.exit_code == 2
    assert result.stderr == f"trfconv: {junk}: not a rating lists database: not an SQLite file, or its header is damaged\n"


def test_fill_writes_the_corrected_file(cli, db, tmp_path):
    source = tmp_path / "event.trf"
    source.write_bytes(trf("012 Lists Open", "042 2026/10/03", "122 90 min + 30 sec",
                           player_line(1, "Sorvina, Kaisa", sex="w", fed="FIN", birth="2009"),
                           player_line(2, "Vardanel, Toren", sex="m", rating="2600", fed="NED", fide_id="90100011")))
    out = tmp_path / "filled.trf"
    result = cli("fill", str(source), "--list", "-o", str(out), "--db", str(db))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split(": ")[1].split()[1] for line in lines[:-1]] == ["LST020", "LST021", "LST021", "LST022"]
    assert lines[-1] == f"{out}: 4 change(s) from the FIDE standard list, 0 warning(s)"
    back = trfconv.read(out)
    assert [(p.fide_id, p.rating, p.title) for p in back.players] == [("90100127", 1688, None), ("90100011", 2612, "GM")]
    assert sum(e.text.startswith("### trfconv fill") for e in back.extras) == 4
    pinned = cli("fill", str(source), "--list", "2026-10", "--kind", "rapid", "-o", str(out), "--db", str(db))
    assert pinned.exit_code == 0 and pinned.output.splitlines()[-1].endswith("FIDE rapid list, 0 warning(s)")
    assert cli("fill", str(source), "--list", "2025-01", "-o", str(out), "--db", str(db)).exit_code == 2
    assert cli("fill", str(source), "-o", str(source), "--db", str(db)).exit_code == 2  # not over the input
    assert cli("fill", str(source), "--kind", "bullet", "-o", str(out), "--db", str(db)).exit_code == 2


def test_the_console_script_has_the_commands(db):
    env = {**os.environ, "TRFCONV_DB": str(db)}
    done = subprocess.run([sys.executable, "-m", "trfconv", "list", "show", "90100011"], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0 and "Vardanel, Toren" in done.stdout and not done.stderr


# -- the list on check, validate and report (issue 16, items 3 and 4) ----------------------------


def test_report_takes_ratings_and_k_from_the_list_and_says_so(cli, db, tmp_path):
    import json

    event = listed_round_robin(tmp_path / "rr.trf")
    without = json.loads(cli("report", str(event), "--format", "json").stdout)
    assert [p["k"]["source"] for p in without["players"]] == ["the rules"] * 4  # inferred: K? and RAT001
    result = cli("report", str(event), "--list", "--db", str(db), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [(p["rating"], p["k"]["value"], p["k"]["source"]) for p in data["players"]] == [
        (2288, 20, "the FIDE standard list of 2026-10"), (2305, 20, "the FIDE standard list of 2026-10"),
        (1980, 20, "the FIDE standard list of 2026-10"), (1620, 20, "the FIDE standard list of 2026-10")]
    assert data["caveats"][0] == ("ratings and K of 4 player(s) from the FIDE standard list of 2026-10 (1 rating(s) "
                                  "of the file replaced: LST008/LST009 name them); the other players' from the file")
    assert not any("K inferred" in c for c in data["caveats"])
    # the cross-check's findings are in the report's basis, at the players' lines
    text = cli("report", str(event), "--list", "2026-10", "--db", str(db))
    assert "1 warning(s) (LST007 ×2" not in text.stderr and "LST008" in text.stderr


def test_check_and_validate_hold_the_file_against_the_list(cli, db, tmp_path):
    event = listed_round_robin(tmp_path / "rr.trf")
    check = cli("check", str(event), "--list", "--db", str(db))
    assert check.exit_code == 0
    found = [line for line in check.stdout.splitlines() if " LST0" in line]
    assert [line.split(": ", 1)[1].split(":")[0] for line in found] == [
        "warning LST007", "warning LST007", "info LST010", "warning LST008"]
    assert found[-1] == (f"{event}:12: warning LST008: player 4 (Morlan, Pel): 1610 in the file, 1620 in the "
                         "standard list of 2026-10, which the rating uses")
    assert cli("check", str(event), "--list", "2025-01", "--db", str(db)).exit_code == 2  # no list of that month
    assert cli("check", str(event), "--list", "--db", str(tmp_path / "empty.sqlite")).exit_code == 2
    validate = cli("validate", str(event), "--list", "--db", str(db))
    assert validate.exit_code == 0 and "from the FIDE standard list of 2026-10" in validate.stdout
