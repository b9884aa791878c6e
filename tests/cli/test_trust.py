"""What a rating officer files never hides a defect or an assumption (issue 14): one test per case
found on real files, each on a file of that kind, asserting the exit code, the first lines of the
output and what the document says of itself."""

from __future__ import annotations

import json
import os
import stat
import sys

import paths
import pytest
from eventbuild import round_robin
from trfbuild import HEADER, player_line, trf

import trfconv
from trfconv.rules.rateability import Decision

FIXTURES = paths.FIXTURES
VALID = FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"
EXAMPLE1 = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
EXPORT = FIXTURES / "crosstables" / "mrrookes__arbitools__testing.chess-results.csv"


def shifted(tmp_path, path=VALID, start="001    5"):
    """``path`` with one player line shifted right by one column."""
    lines = path.read_text("utf-8").split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith(start))
    lines[i] = "001 " + lines[i][3:]
    out = tmp_path / "shifted.trf"
    out.write_text("\n".join(lines), "utf-8")
    return out


# -- an official output never rests silently on a defect ---------------------------------------
@pytest.mark.parametrize("command", ["validate", "standings", "report"])
def test_a_shifted_player_line_withholds_every_official_document(cli, tmp_path, command):
    """Player 5's line is shifted by one column: its start number cannot be read. Each official
    command exits 1 and its document starts with the errors and says it is not produced."""
    result = cli(command, shifted(tmp_path))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    errors = next(i for i, line in enumerate(lines) if line.startswith("ERRORS ("))
    assert "TRF013" in lines[errors + 1] or "TRF010" in lines[errors + 1]
    assert any("not produced: the file has" in line for line in lines)
    assert "Griffiths" not in result.stdout  # no table, no verdict resting on the defect


def test_lenient_produces_the_document_marked_as_defective(cli, tmp_path):
    result = cli("standings", shifted(tmp_path), "--lenient")
    assert result.exit_code == 1  # the file still has errors
    assert "RESTS ON A DEFECTIVE FILE" in result.stdout and "Griffiths" in result.stdout
    data = json.loads(cli("validate", shifted(tmp_path), "--lenient", "--json").stdout)
    assert data["defective"] is True and data["withheld"] is False and data["errors"][0]["code"] in ("TRF010", "TRF013")
    refused = json.loads(cli("validate", shifted(tmp_path), "--json").stdout)
    assert refused["withheld"] is True and "decision" not in refused


def test_report_withheld_in_every_format(cli, tmp_path):
    path = shifted(tmp_path)
    for form in ("text", "csv", "json", "html"):
        out = tmp_path / f"report.{form}"
        result = cli("report", path, "--format", form, "-o", out)
        assert result.exit_code == 1 and "NOT PRODUCED" in result.stderr
        text = out.read_bytes().decode("utf-8-sig")
        assert "not produced: the file has" in text and "TRF01" in text


def test_not_a_trf_file_is_unreadable_and_says_what_it_looks_like(cli, tmp_path):
    """A text table no reader knows (a Vega crosstable without its header line, which the Vega
    reader needs) was read as an empty TRF-2026 whose rows 102/122/142 became the chief arbiter,
    time control and rounds."""
    vega = tmp_path / "vega.txt"
    vega.write_text("Open 2026\nCross Table at round 3 sorted by score\n\n"
                    "  1 Zheng,Tony 2125 NSW 3.0 | +W3 +B2 +W4\n102 Smith,Jo 2000 AUS 2.0 | -W1 +B4 +W3\n"
                    "122 Doe,Ann 1900 AUS 1.0 | -B1 +W2 -B4\n142 Roe,Kim 1800 AUS 0.0 | -W2 -B3 -W1\n", "utf-8")
    for command in ("check", "info", "validate", "standings"):
        result = cli(command, vega)
        assert result.exit_code == 2, command
        assert result.stderr.startswith(f"trfconv: {vega}:1: no player line (001)")
        assert "this is not a TRF file (it starts 'Open 2026')" in result.stderr


INSTEAD = ("export the tournament from the pairing program (TRF, or the chess-results XML), or download it from "
           "chess-results.com (the tournament's Excel export, .xlsx)")


@pytest.mark.parametrize(("data", "what"), [
    (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", f"a PDF document, not a tournament file: {INSTEAD}"),
    (bytes(range(256)) * 8, "binary data, not a tournament file"),
    (b"PK\x03\x04\x14\x00\x00\x00word/document.xml", f"a Word document (.docx), not a tournament file: {INSTEAD}"),
    (b"PK\x03\x04\x14\x00\x00\x00notes.txt", "a ZIP archive (several files), not a tournament file: take the "
     "tournament file out of it first"),
    (b"\x89PNG\r\n\x1a\n", "a PNG picture, not a tournament file"),
])
def test_a_file_that_is_no_tournament_file_is_named(cli, tmp_path, data, what):
    path = tmp_path / "mystery.trf"
    path.write_bytes(data)
    result = cli("info", path)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"trfconv: {path}: {what} (IO004)\n"
    assert json.loads(cli("info", path, "--json").stdout)["readable"] is False


def test_utf16_without_byte_order_mark_is_read_and_said(cli, tmp_path):
    path = tmp_path / "utf16.trf"
    path.write_bytes(VALID.read_text("utf-8").encode("utf-16-le"))
    result = cli("check", path)
    assert result.exit_code == 0 and "ENC006" in result.stdout
    assert len(trfconv.read(path).players) == 12


@pytest.mark.parametrize("command", ["check", "info", "validate", "standings"])
def test_json_commands_say_an_unreadable_file_on_stdout(cli, tmp_path, command):
    missing = tmp_path / "missing.trf"
    result = cli(command, missing, "--json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["readable"] is False and data["errors"][0]["code"] == "IO001"


# -- the event's kind, the players, the games --------------------------------------------------
def test_a_stray_team_record_does_not_make_a_team_event(cli, tmp_path):
    """One 013 line in an individual Swiss (092 Swiss, 062 12) made it a team event everywhere."""
    path = tmp_path / "stray.trf"
    path.write_text(VALID.read_text("utf-8").replace("092 Swiss\n", "092 Individual: Swiss\n") +
                    "013 Strays                              1    2\n", "utf-8")
    t = trfconv.read(path)
    assert [d.code for d in t.diagnostics if d.code == "TRF047"] == ["TRF047"]
    result = cli("standings", path, "--json")
    assert json.loads(result.stdout)["participants"] == "players"
    assert "team" not in trfconv.validate(t).event_kind


def test_games_against_players_cut_from_the_export_still_count(cli, tmp_path):
    """A chess-results crosstable cut after its first 40 rows: the winner's games against players
    below the cut are still his points (the cut lost them from the standings: 9/9 became 8)."""
    rows = EXPORT.read_bytes().split(b"\r\n")
    header = next(i for i, row in enumerate(rows) if row.startswith(b"Rank;"))
    cut = tmp_path / "cut.csv"
    cut.write_bytes(b"\r\n".join(rows[:header + 41]) + b"\r\n")
    t = trfconv.read(cut)
    s = trfconv.standings(t, "BH")
    top = s.rows[0]
    assert top.values[0] == t.player(top.player.start_number).points  # own points whatever the opponents' lines
    tb015 = [d for d in s.diagnostics if d.code == "TB015"]
    assert len(tb015) == 1 and "count in the players' own points" in tb015[0].message


def test_a_ranking_list_is_ranked_on_its_declared_values(cli, tmp_path):
    path = tmp_path / "ranking.csv"
    path.write_text("Rk.;Name;FED;Rtg;Pts.\n1;Alpha, A;GER;2300;6\n2;Beta, B;FRA;2200;5,5\n"
                    "2;Gamma, C;ESP;2100;5,5\n4;Delta, D;ITA;2000;4\n", "utf-8")
    result = cli("standings", path)
    assert result.exit_code == 0
    assert "ranked on the points and ranks it declares" in result.stdout
    table = [line.split() for line in result.stdout.splitlines() if line[:4].strip().isdigit()]
    assert [(row[0], row[-1]) for row in table] == [("1", "6"), ("2", "1)"), ("2", "1)"), ("4", "4")]  # lots (group 1)


def test_team_files_check_the_players_points(tmp_path):
    """A player's points column in a team file disagreeing with his games was not reported."""
    text = (FIXTURES / "canonical" / "trf26-team.trf").read_text("utf-8")
    line = next(x for x in text.splitlines() if x.startswith("001    6"))
    wrong = line[:80] + " 3.0" + line[84:]
    t = trfconv.reads(text.replace(line, wrong).encode())
    assert [d.message for d in t.diagnostics if d.code == "TRF033"] == [
        "player 6 declares 3 points, the results give 1 (difference +2)"]


def test_a_round_robin_with_a_game_of_no_move_is_rated_as_a_swiss_under_2005():
    """B.02 2005 5.1: a game of fewer than one move is unplayed; 6.43: a round robin with unplayed
    games is rated as a Swiss (as trfconv already did for forfeits and byes)."""
    t = round_robin([2300, 2250, 2200, 2150, 2100, 2050], results={(1, 6): "W-L"}, start="2006/03/01")
    v = trfconv.validate(t, "b02-2005")
    assert not v.round_robin and [f.code for f in v.findings] == ["VAL031"]
    assert v.decision is Decision.WITH_EXCLUSIONS


def test_the_bye_dummy_is_no_player(cli):
    """FIDE's example1 lists Swiss-Manager's 'spielfrei' as player 284."""
    t = trfconv.read(EXAMPLE1)
    assert len(t.players) == 283 and t.player(284) is None
    (note,) = [d for d in t.diagnostics if d.code == "PAR003"]
    assert note.message.startswith("player 284 'spielfrei' is the pairing program's bye")
    built = trfconv.reads(trf(*HEADER, player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w 1",)),
                              player_line(2, "BYE", points="0.0", rounds=("   1 b 0",)),
                              player_line(3, "Gamma, Gus", points="0.0", rounds=("0000 - Z",))))
    assert [p.start_number for p in built.players] == [1, 3]
    assert built.player(1).rounds[0] == trfconv.model.Bye(trfconv.model.ByeKind.PAB)


# -- assumptions are in the document ---------------------------------------------------------
def test_caveats_are_in_the_document(cli):
    report = json.loads(cli("report", EXAMPLE1, "--format", "json").stdout)
    caveats = report["caveats"]
    assert any(c.startswith("judged under b02-2005") and "start date, 2005-07-28" in c for c in caveats)
    assert any("no round dates" in c for c in caveats)
    assert any(c.startswith("K inferred from the b02-2005 rules for 144 player(s)") for c in caveats)
    text = cli("report", EXAMPLE1).stdout
    assert text.index("Caveats (3)") < text.index("Rated players")


def test_no_tiebreak_list_applies_the_recommended_one_and_says_so(cli):
    result = cli("standings", FIXTURES / "trf" / "erral__fidetournament__test_demo.trf")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "FIDE's recommended list for an individual Swiss (not every player rated) is applied: DE, WIN, BPG, " \
           "BH/C1, BH, SB" in lines[2]
    assert lines[3].split()[5:12] == ["PTS", "DE", "WIN", "BPG", "BH/C1", "BH", "SB"]  # after fed, rating


def test_unknown_tiebreak_stops_before_any_output(cli):
    result = cli("standings", VALID, "-t", "XYZ,BH")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("trfconv: -t: unknown tie-break 'XYZ'")
    assert "BH" in cli("standings", "--help").stdout  # the names are listed


# -- time controls --------------------------------------------------------------------------
@pytest.mark.parametrize(("given", "read_as", "minutes"), [
    ("90+30", "90 min + 30 s a move from move 1 (120 min for 60 moves)", "120"),
    ("3+2", "3 min + 2 s a move from move 1 (5 min for 60 moves)", "5"),
    ("5400+30", "90 min + 30 s a move from move 1 (120 min for 60 moves)", "120"),
])
def test_one_time_control_reader_for_the_file_and_the_option(cli, given, read_as, minutes):
    result = cli("validate", VALID, "--time-control", given, "--json")
    assert result.stderr == f"time control {given!r} read as {read_as}\n"
    data = json.loads(result.stdout)
    assert data["minutes_for_60_moves"] == minutes
    assert any(c == f"time control given instead of the file's: {read_as}" for c in data["caveats"])
    t = trfconv.reads(VALID.read_bytes().replace(b"122 120 minutes per player per game", f"122 {given}".encode()))
    assert json.loads(cli("validate", VALID, "--json").stdout)["rules"]  # the file's own 122 reads
    assert trfconv.validate(t).minutes == int(minutes)


def test_a_time_control_not_understood_is_a_usage_error(cli):
    result = cli("validate", VALID, "--time-control", "fast please")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("trfconv: --time-control: 'fast please' is not a time control")


# -- files written, files given ---------------------------------------------------------------
@pytest.mark.parametrize("where", ["missing/out.trf", "folder", "file.trf/out.trf"])
def test_output_problems_are_one_line(cli, tmp_path, where):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.trf").write_text("x", "utf-8")
    result = cli("convert", VALID, "-o", tmp_path / where)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"trfconv: {tmp_path / where}: ")
    assert not [p for p in tmp_path.rglob(".*")]  # no temporary file left behind


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_device_is_written_not_replaced(cli):
    before = os.stat("/dev/null")
    assert cli("convert", VALID, "-o", "/dev/null").exit_code == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and os.stat("/dev/null").st_ino == before.st_ino
    full = cli("convert", VALID, "-o", "/dev/full")
    assert full.exit_code == 2 and stat.S_ISCHR(os.stat("/dev/full").st_mode)
    assert full.stderr.splitlines()[-1].startswith("trfconv: /dev/full: no space left on device")


def test_written_files_follow_the_umask(cli, tmp_path):
    old = os.umask(0o022)
    try:
        out = tmp_path / "new.trf"
        assert cli("convert", VALID, "-o", out).exit_code == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o644
        out.chmod(0o640)
        assert cli("convert", VALID, "-o", out).exit_code == 0
        assert stat.S_IMODE(out.stat().st_mode) == 0o640  # a replaced file keeps its mode
    finally:
        os.umask(old)


@pytest.mark.parametrize("content", [None, b"\x00\x01\x02binary\x00"])
def test_a_k_file_that_cannot_be_read_is_a_usage_error(cli, tmp_path, content):
    k_file = tmp_path / "k.csv"
    if content is not None:
        k_file.write_bytes(content)
    result = cli("report", VALID, "--k-file", k_file)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"trfconv: --k-file: {k_file}: ")


# -- the command line itself --------------------------------------------------------------------
def test_version_help_and_case_insensitive_choices(cli):
    assert cli("--version").stdout == f"trfconv {trfconv.__version__}\n"
    top = cli("-h").stdout
    assert "chess-results XML" in top and "rating report" in top
    assert cli("convert", VALID, "--to", "TRF16").exit_code == 0
    unknown = cli("convert", VALID, "--to", "pdf")
    assert unknown.exit_code == 2 and unknown.stderr.startswith("trfconv: convert: invalid value for '--to'")


def test_no_traceback_on_an_internal_error(cli, monkeypatch):
    import trfconv.cli.files as files

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(files, "ran", broken)
    result = cli("check", VALID)
    assert result.exit_code == 3 and "Traceback" not in result.stderr
    assert result.stderr.startswith("trfconv: internal error: RuntimeError: boom")


def test_check_sorts_and_groups(cli):
    result = cli("check", EXAMPLE1)
    lines = result.stdout.splitlines()[:-1]
    numbers = [int(line.split(":")[1]) for line in lines if line.count(":") > 3]
    assert numbers == sorted(numbers)
    assert "(and 1 more like it, line 15)" in lines[0]
    assert len(cli("check", EXAMPLE1, "--details").stdout.splitlines()) > len(lines)


def test_messages_carry_no_python_repr():
    t = trfconv.read(EXAMPLE1)
    _, written = trfconv.dumps(t, "xml")
    assert all("=" not in d.message.split("(", 1)[-1] or "won=" not in d.message for d in written)
    assert not [d for d in (*t.diagnostics, *written) if "Forfeit(" in d.message or "Game(" in d.message]


def test_validate_fits_a_screen_and_ends_with_the_verdict(cli):
    result = cli("validate", EXAMPLE1)
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and len(lines) <= 40
    assert lines[-1] == "verdict     RATEABLE WITH EXCLUSIONS"


def test_report_tells_the_terminal_where_its_file_went(cli, tmp_path):
    out = tmp_path / "example1-report.html"
    result = cli("report", EXAMPLE1, "--format", "html", "-o", out)
    assert result.exit_code == 0
    assert result.stderr.splitlines()[-1] == (f"wrote {out}: rating report (html), 144 rated players, "
                                              "51 initial ratings")


@pytest.mark.skipif(sys.platform != "linux", reason="terminal encodings as on Linux")
def test_a_terminal_that_cannot_show_a_name_gets_replacement_characters(tmp_path):
    import subprocess

    path = tmp_path / "polish.trf"
    path.write_text(trf(*HEADER, player_line(1, "Łukasiewicz, Żaneta", points="0.0")).decode(), "utf-8")
    done = subprocess.run([sys.executable, "-m", "trfconv", "standings", str(path)], capture_output=True,
                          env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"?ukasiewicz, ?aneta" in done.stdout
