"""Issue 24, "Confusing, as a new user met it": what a person new to trfconv was told, and what
it should have been. Each test failed before its fix."""

from __future__ import annotations

import re
import shutil

import pytest
from paths import FIXTURES
from trfbuild import ratings_as_letters

EXAMPLE = FIXTURES / "trf" / "pypi__fidereport__example1.trf"
VALID = FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"


def bad_ratings(path, n: int = 81):
    """example1 with the rating of its first ``n`` players written as letters: ``n`` TRF016
    errors that say the same thing."""
    return ratings_as_letters(EXAMPLE, path, n)


# 1. Batch validate/check show a failing file's first error lines


@pytest.mark.parametrize("command", ["check", "validate", "report", "standings"])
def test_a_batch_shows_the_first_errors_of_a_failing_file(cli, tmp_path, command):
    folder = tmp_path / "month"
    folder.mkdir()
    shutil.copy(VALID, folder / "valid.trf")
    bad_ratings(folder / "bad.trf", 5)
    bad_ratings(folder / "worse.trf", 81)
    result = cli(command, folder)
    assert result.exit_code == 1
    said = [line for line in result.output.splitlines() if "TRF016" in line]
    assert len(said) == 2  # one grouped line per failing file
    assert all("more like it" in line for line in said)


def test_a_batch_conversion_shows_the_errors_it_converted_over(cli, tmp_path):
    folder = tmp_path / "month"
    folder.mkdir()
    bad_ratings(folder / "bad.trf", 5)
    out = tmp_path / "out"
    out.mkdir()
    result = cli("convert", folder, "-o", out)
    assert result.exit_code == 1
    said = [line for line in result.stderr.splitlines() if "TRF016" in line]
    assert len(said) == 1 and "(and 4 more like it, lines 17, 18, 19, 20)" in said[0]


# 2. Repeated errors grouped in validate, report and the documents, as check does


@pytest.mark.parametrize("args", [("validate",), ("validate", "--lenient"), ("report",), ("report", "--lenient"),
                                  ("report", "--format", "html"), ("report", "--format", "csv"),
                                  ("standings",), ("standings", "--format", "html")])
def test_repeated_errors_are_one_group_with_a_count_and_the_lines(cli, tmp_path, args):
    result = cli(args[0], bad_ratings(tmp_path / "bad.trf"), *args[1:])
    assert result.exit_code == 1
    groups = re.findall(r"TRF016[^\n<]*?and (\d+) more like it, lines ([\d, ]+)", result.stdout)
    assert groups and all(n == "80" for n, _ in groups)
    assert all(len(lines.split(", ")) == 80 for _, lines in groups)  # every line, in the document
    assert result.stdout.count("TRF016") == len(groups)


def test_the_terminal_groups_a_reports_errors_too(cli, tmp_path):
    result = cli("report", bad_ratings(tmp_path / "bad.trf"), "-o", tmp_path / "r.txt")
    errors = [line for line in result.stderr.splitlines() if "TRF016" in line]
    assert len(errors) == 1 and "(and 80 more like it, lines 17, 18, 19, 20, 21, 22, 23, 24 …)" in errors[0]


# 3. Tie-break names: the closest ones suggested, the long names accepted


@pytest.mark.parametrize("given,meant", [("BUCHOLZ", "BH (Buchholz)"), ("Sonnenborn", "SB (Sonneborn-Berger)"),
                                         ("progresive", "PS (progressive scores)")])
def test_an_unknown_tie_break_gets_the_closest_names(cli, given, meant):
    result = cli("standings", EXAMPLE, "-t", given)
    assert result.exit_code == 2
    assert f"did you mean {meant}" in result.stderr


@pytest.mark.parametrize("given,code", [("Buchholz", "BH"), ("buchholz", "BH"), ("Sonneborn-Berger", "SB"),
                                        ("sonneborn berger", "SB"), ("Buchholz Cut 1", "BH/C1"),
                                        ("Buchholz/C1", "BH/C1"), ("Buchholz-C1", "BH/C1"),
                                        ("Direct encounter", "DE"), ("Koya system", "KS"),
                                        ("Progressive scores", "PS"), ("Average rating of opponents", "ARO"),
                                        ("Number of wins", "WIN"), ("Fore Buchholz", "FB"), ("BH-C1", "BH/C1")])
def test_long_tie_break_names_are_read(given, code):
    from trfconv.rules.tiebreaks import parse

    found = parse(given)
    assert (getattr(found, "text", None)) == code


def test_long_names_everywhere_a_list_is_parsed(cli, tmp_path):
    result = cli("standings", EXAMPLE, "-t", "Buchholz Cut1,Buchholz,Sonneborn-Berger")
    assert result.exit_code == 0 and "BH/C1" in result.stdout  # a cut in words (issue 37)
    result = cli("standings", EXAMPLE, "-t", "Buchholz/C1,Buchholz,Sonneborn-Berger,direct encounter")
    assert result.exit_code == 0 and "BH/C1" in result.stdout and "SB" in result.stdout
    out = tmp_path / "e.trf"
    assert cli("convert", EXAMPLE, "-o", out, "-t", "Buchholz,Sonneborn-Berger").exit_code == 0
    assert "BH" in out.read_text("utf-8") and "SB" in out.read_text("utf-8")
    assert cli("playoff", EXAMPLE, "--places", "2", "-t", "Buchholz,Sonneborn-Berger", "--seed", "1").exit_code == 0
    assert cli("playoff", EXAMPLE, "--places", "2", "-t", "Bucholz", "--seed", "1").exit_code == 2


# 4. A file that shows a tournament rather than holding it is named, with what to do instead

PAGE = (b'<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        b'"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml">'
        b"<head><title>Chess-Results Server Chess-results.com - Open</title></head><body>&nbsp;</body></html>")
PDF = b"%PDF-1.1\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def docx() -> bytes:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:  # as Word writes it: the content types, the relations, then word/
        z.writestr("[Content_Types].xml", "<Types/>" * 600)
        z.writestr("_rels/.rels", "<Relationships/>" * 600)
        z.writestr("docProps/app.xml", "<Properties/>" * 600)
        z.writestr("word/document.xml", "<w:document/>")
    return out.getvalue()


@pytest.mark.parametrize("name,data,what", [
    ("open.html", PAGE, "a web page (HTML) saved from chess-results.com, not a tournament file"),
    ("open.htm", b"\xef\xbb\xbf\r\n<?xml version='1.0'?>\n<!-- saved -->\n<html><body>x</body></html>",
     "a web page (HTML), not a tournament file"),
    ("crosstable.pdf", PDF, "a PDF document, not a tournament file"),
    ("crosstable.pdf", b"\xef\xbb\xbf\r\n" + PDF, "a PDF document, not a tournament file"),
    ("crosstable.docx", None, "a Word document (.docx), not a tournament file"),
])
@pytest.mark.parametrize("command", ["info", "check", "validate", "standings"])
def test_a_document_that_shows_a_tournament_is_named(cli, tmp_path, name, data, what, command):
    path = tmp_path / name
    path.write_bytes(data if data is not None else docx())
    result = cli(command, path)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"trfconv: {path}: {what}: ") and result.stderr.endswith("(IO004)\n")
    assert "export the tournament from the pairing program (TRF, or the chess-results XML)" in result.stderr
    assert "DTD" not in result.stderr and "workbook" not in result.stderr


# 5. Time controls: a doubtful reading is said; an increment or a delay after a space is read


@pytest.mark.parametrize("text", ["G/90 inc30", "G/90 inc 30", "G/90;inc30", "90 min inc 30 s"])
def test_an_increment_after_a_space_is_read(text):
    from trfconv.timecontrol import Period, describe, parse_text

    tc = parse_text(text)
    assert tc.white == (Period(5400, None, 30),) and not tc.delay
    assert describe(tc) == "90 min + 30 s a move from move 1 (120 min for 60 moves)"


@pytest.mark.parametrize("text", ["G/90 d30", "G/90;d30", "G/90 delay 30", "G/90, d 30"])
def test_a_delay_is_read_and_said_to_be_one(text):
    from trfconv.timecontrol import Period, describe, parse_text

    tc = parse_text(text)
    assert tc.white == (Period(5400, None, 30),) and tc.delay
    assert describe(tc) == ("90 min + a delay of 30 s a move (counted as an increment of 30 s, the most it gives) "
                            "(120 min for 60 moves)")


def test_minutes_and_moves_swapped_are_doubted_on_the_command_line(cli):
    result = cli("validate", EXAMPLE, "--time-control", "90/40+30+30")
    assert ("trfconv: --time-control: warning: '90/40' is read as 90 moves in 40 min (moves/minutes, as in 40/90); "
            "if it means 90 min for 40 moves, write 40/90 or 90'/40") in result.stderr
    assert "time control: '90/40' is read as 90 moves in 40 min" in result.stdout  # a caveat


def test_minutes_and_moves_swapped_in_the_file_are_doubted(cli, tmp_path):
    path = tmp_path / "swapped.trf"
    path.write_text(EXAMPLE.read_text("utf-8").replace("122 40/120, 60", "122 90/40+30+30"), "utf-8")
    result = cli("validate", path)
    assert "time control (122): '90/40' is read as 90 moves in 40 min" in result.stdout  # a caveat
    assert cli("validate", EXAMPLE).stdout.count("is read as") == 0  # 40/120: as FIDE writes it
    found = cli("check", path).stdout
    assert "VAL016" not in found  # a reading of the rules, not of the file: validate and report say it


# 6. A verdict under a text that is not modelled says so in the verdict line


def event_of_2011(tmp_path):
    path = tmp_path / "e2011.trf"
    text = EXAMPLE.read_text("utf-8").replace("042 28. 07. 2005", "042 2011/03/05").replace("052 31. 07. 2005",
                                                                                          "052 2011/03/08")
    path.write_text(text, "utf-8")
    return path


NOT_MODELLED = ("under b02-2005, the nearest modelled text: the one in force on this date (from 2009-07-01) is "
                "not modelled")


def test_a_verdict_under_a_text_not_modelled_says_so_in_its_line(cli, tmp_path):
    path = event_of_2011(tmp_path)
    validate = cli("validate", path)
    assert validate.stdout.splitlines()[-1] == f"verdict     RATEABLE WITH EXCLUSIONS {NOT_MODELLED}"
    report = cli("report", path, "-o", tmp_path / "r.txt")
    assert f"verdict: RATEABLE WITH EXCLUSIONS {NOT_MODELLED}" in report.stderr
    assert f"Verdict: rateable with exclusions {NOT_MODELLED}" in (tmp_path / "r.txt").read_text("utf-8")
    assert cli("report", path, "--format", "html", "-o", tmp_path / "r.html").exit_code == 0
    assert f"RATEABLE WITH EXCLUSIONS {NOT_MODELLED}" in (tmp_path / "r.html").read_text("utf-8")
    import json

    data = json.loads(cli("validate", path, "--json").stdout)
    assert data["text_in_force_modelled"] is False and data["decision_text"].endswith(NOT_MODELLED)
    # in force and modelled, or asked for: the line is the decision alone
    assert cli("validate", EXAMPLE).stdout.splitlines()[-1] == "verdict     RATEABLE WITH EXCLUSIONS"
    asked = cli("validate", path, "--rules", "b02-2005").stdout
    assert asked.splitlines()[-1] == "verdict     RATEABLE WITH EXCLUSIONS"


# 7. report on a terminal is concise; --details gives every game


def test_report_on_a_terminal_fits_a_screen(cli, tmp_path):
    short = cli("report", EXAMPLE)
    assert short.exit_code == 0
    lines = short.stdout.splitlines()
    assert len(lines) <= 25  # 283 players: the summary only, no player line
    assert ("Rated players 144: sum change +1, sum K(W-We) +6.20; unrated players 51, 51 with an initial rating; "
            "88 without a rated game") in lines
    assert lines[-1] == "(--details: every player and every game; -o FILE writes the whole report)"
    whole = cli("report", EXAMPLE, "--details")
    assert len(whole.stdout.splitlines()) == 1277  # every player and every game, as -o writes it
    cli("report", EXAMPLE, "-o", tmp_path / "r.txt")
    assert (tmp_path / "r.txt").read_text("utf-8") == whole.stdout
    assert cli("report", EXAMPLE, "--format", "csv").stdout.count("\n") > 280  # a form for programs: all of it


def test_a_small_events_summary_lists_each_players_totals(cli):
    small = FIXTURES / "trf" / "Sharly-Chess__sharly-chess__trf-import-test.trf"
    lines = cli("report", small, "--time-control", "90+30").stdout.splitlines()
    table = lines.index(next(line for line in lines if line.startswith("  No Name")))
    players = lines[table + 1:-1]
    assert players and all(re.match(r"\s+\d+ ", line) for line in players)  # totals, no game lines
    assert not any(line.lstrip().startswith("r1 ") for line in lines)


# 8. a withheld report's terminal line does not count what it does not hold


@pytest.mark.parametrize("command,what", [("report", "rating report (text)"), ("standings", "standings (text)")])
def test_a_withheld_documents_line_says_it_holds_the_errors(cli, tmp_path, command, what):
    result = cli(command, bad_ratings(tmp_path / "bad.trf"), "-o", tmp_path / "out.txt")
    assert result.exit_code == 1
    wrote = next(line for line in result.stderr.splitlines() if line.startswith("wrote "))
    assert wrote == (f"wrote {tmp_path / 'out.txt'}: {what}, not produced: it holds the file's 81 error(s) only "
                     "(--lenient to produce it anyway)")
    assert "drawing of lots" not in result.stderr  # nor the ties of a table not produced
    lenient = cli(command, tmp_path / "bad.trf", "-o", tmp_path / "out2.txt", "--lenient").stderr
    assert re.search(r"wrote .*out2.txt: .*, \d+ (rated players|players)", lenient)


# 9. info says what applies; an empty folder and an interrupted batch are said


def test_info_says_what_applies_of_encoding_and_line_ending(cli, tmp_path):
    from crosstablebuild import export_rows, workbook

    book = tmp_path / "crosstable.xlsx"
    book.write_bytes(workbook(export_rows()))
    rows = {line.split(None, 1)[0]: line.split(None, 1)[1] for line in cli("info", book).stdout.splitlines()}
    assert rows["encoding"] == "none: a binary file"
    tunx = FIXTURES / "native" / "swissmanager" / "echecsjs__tunx__sample.TUNX"
    assert "encoding         a binary file, its texts in utf-16-le\n" in cli("info", tunx).stdout
    xml = FIXTURES / "crosstables" / "chess-results-upload_Single_RoundRobin.xml"
    assert re.search(r"^encoding +utf-8$", cli("info", xml).stdout, re.M)  # no line ending it goes by
    assert re.search(r"^encoding +utf-8, line ending LF$", cli("info", EXAMPLE).stdout, re.M)
    assert "None" not in cli("info", book).stdout and "line ending -" not in cli("info", tunx).stdout


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_info_names_the_utf16_it_read(cli, tmp_path, codec):
    path = tmp_path / "wide.trf"
    path.write_bytes(VALID.read_text("utf-8").encode(codec))  # no byte-order mark
    assert re.search(rf"^encoding +{codec}, line ending", cli("info", path).stdout, re.M)


def test_an_empty_folder_holds_no_tournament_file(cli, tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    for command in ("info", "check", "validate", "report", "standings", "convert"):
        result = cli(command, empty)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == f"trfconv: {empty}: holds no tournament file\n"
    period = cli("period", empty)  # not a batch: the period of what the folder holds
    assert period.exit_code == 2 and period.stderr == f"trfconv: {empty}: error PER001: no tournament file among " \
                                                      "the inputs\n"
    (empty / "notes.txt").write_text("call the arbiter\n", "utf-8")
    result = cli("check", empty)
    assert result.stderr.splitlines()[-1] == f"trfconv: {empty}: holds no tournament file (the files skipped are " \
                                             "said above)"
    assert cli("check", tmp_path / "*.nothing").stderr.endswith("matches no tournament file (the files skipped are "
                                                                 "said above)\n")


def test_an_interrupted_batch_says_what_was_finished(cli, tmp_path, monkeypatch):
    from trfconv.cli import batch

    folder = tmp_path / "month"
    folder.mkdir()
    for name in ("a", "b", "c", "d"):
        shutil.copy(VALID, folder / f"{name}.trf")
    real = batch.run_one

    def interrupted_at_c(job):
        if job.file.name == "c.trf":
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(batch, "run_one", interrupted_at_c)
    result = cli("info", folder, "--jobs", "1")
    assert result.exit_code == 130
    assert [line.split()[0].rsplit("/", 1)[-1] for line in result.stdout.splitlines()[1:-1]] == ["a.trf", "b.trf"]
    assert result.stderr.splitlines()[-1] == (f"trfconv: interrupted: 2 of 4 file(s) finished (in the table above); "
                                              f"not finished: 2 ({folder}/c.trf, {folder}/d.trf)")


def test_a_run_that_ends_interrupted_stops_the_batch(cli, tmp_path, monkeypatch):
    """In one process the interrupt reaches the command run on a file, which ends with 130: the
    batch stops there instead of going on with the next file."""
    from trfconv.cli import batch

    folder = tmp_path / "month"
    folder.mkdir()
    for name in ("a", "b", "c"):
        shutil.copy(VALID, folder / f"{name}.trf")
    real = batch.run_one
    monkeypatch.setattr(batch, "run_one", lambda job: batch.FileRun(str(job.file), 130, "", "trfconv: interrupted\n")
                        if job.file.name == "b.trf" else real(job))
    result = cli("check", folder, "--jobs", "1")
    assert result.exit_code == 130 and "interrupted: 1 of 3 file(s) finished" in result.stderr


# 10. Users are cited what they can look up, never the project's source labels


def every_help(cli) -> dict[str, str]:
    """Every command's --help, at 80 columns (a terminal's usual width)."""
    import typer

    from trfconv.cli import app

    def walk(command, path):
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, [*path, name])

    from typer.testing import CliRunner

    runner = CliRunner()
    return {" ".join(path): (command, runner.invoke(app, [*path, "--help"], env={"COLUMNS": "80"}).stdout)
            for path, command in walk(typer.main.get_command(app), [])}


def test_no_user_facing_text_cites_a_seed_label(cli, tmp_path):
    texts = {f"help {name}": out for name, (_, out) in every_help(cli).items()}
    for page in [FIXTURES.parent / "README.md", *sorted((FIXTURES.parent / "docs").rglob("*.md"))]:
        texts[str(page.relative_to(FIXTURES.parent))] = page.read_text("utf-8")
    for form in ("text", "json", "html"):
        texts[f"playoff {form}"] = cli("playoff", EXAMPLE, "--places", "2", "--seed", "1", "--armageddon-after", "2",
                                       "--format", form).stdout
        texts[f"playoff 3 {form}"] = cli("playoff", "--players", "A,B,C", "--seed", "1", "--format", form).stdout
        texts[f"validate {form}"] = cli("validate", EXAMPLE, *(["--json"] if form == "json" else [])).stdout
        texts[f"report {form}"] = cli("report", EXAMPLE, "--format", form).stdout
        texts[f"standings {form}"] = cli("standings", EXAMPLE, "--format", form, "-t",
                                         "KASHDAN,COONS,HARKNESS,BHSUM,YUGOSLAV,PERF,OCUM,KOYAX,CUMF").stdout
    texts["formats"] = cli("formats").stdout
    cited = {name: re.findall(r".{0,30}seed 0.{0,30}", text) for name, text in texts.items()}
    assert {name: found for name, found in cited.items() if found} == {}
    assert "C.05 Annex 3" in texts["playoff text"] and "restated in the French federation" in texts["playoff html"]
    assert "effective 1 July 2005 (articles as numbered there)" in texts["validate text"]


# 11. Help texts, legends, play-off numbering, points in messages, CSV key lines


def test_every_help_is_whole(cli):
    for name, (command, out) in every_help(cli).items():
        assert "trfconv: : " not in out and "{" not in out, name  # markup ate <what>: <why>; typer's {files}
        assert "…" not in out, name  # a name or a word cut by the width
        for param in command.params:
            if not param.hidden:
                for option in (o for o in param.opts if o.startswith("--")):
                    assert option in out, (name, option)
    root = every_help(cli)[""][1]
    assert "trfconv: <what>: <why>" in root
    assert "Usage: trfconv check [OPTIONS] FILES..." in every_help(cli)["check"][1]


@pytest.mark.parametrize("command", ["validate", "report"])
def test_rules_offers_the_editions_of_the_command(cli, command):
    result = cli(command, VALID, "--rules", "tb-2024")
    assert result.exit_code == 2
    assert result.stderr == ("trfconv: --rules: tb-2024 is an edition of the tie-break regulations (C.07), not of the "
                             "Rating Regulations; known: b02-2005, b02-2024\n")
    assert cli(command, VALID, "--rules", "xx").stderr.endswith("known: b02-2005, b02-2024\n")


def test_standings_rules_offers_tie_break_editions(cli):
    result = cli("standings", VALID, "--rules", "b02-2024")  # was an internal error
    assert result.exit_code == 2 and result.stderr.endswith("known: tb-2009, tb-2023, tb-2024, tb-2026\n")


def test_every_rules_option_refuses_an_edition_of_another_family(cli):
    """Every command taking --rules, given an edition of each family it does not read: a usage
    error naming both families and the editions that would do, exit 2 (issue 35: a title
    regulations edition given to standings, validate or report was an internal error, KeyError
    'b01', since the table of families was written twice). The commands are found from the help."""
    from trfconv.rules.editions import EDITIONS

    taking = [name for name, (_, text) in every_help(cli).items() if name and "--rules" in text]
    assert sorted(taking) == ["norms", "pairings", "report", "standings", "validate"]
    read = {"norms": "b01", "pairings": "swiss", "report": "b02", "standings": "tb", "validate": "b02"}
    for command in taking:
        for ed in (e for e in EDITIONS if e.family != read[command]):
            result = cli(command, VALID, "--rules", ed.name)
            assert result.exit_code == 2, (command, ed.name, result.stderr)
            assert result.stderr.startswith(f"trfconv: --rules: {ed.name} is an edition of the "), result.stderr
            assert "internal error" not in result.stderr and len(result.stderr.splitlines()) == 1


def test_standings_end_with_the_table(cli):
    team = FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf"
    for path in (team, VALID):
        out = cli("standings", path, "--rules", "tb-2024").stdout
        assert not out.splitlines()[-1].startswith("rules ")
        assert "ranked under tb-2024" in out  # said once, among the caveats


def test_the_legend_tells_a_cut_buchholz_from_the_whole(cli):
    page = cli("standings", EXAMPLE, "-t", "BH/C1,BH,SB", "--format", "html").stdout
    legend = page[page.index('id="tiebreaks"'):]
    assert "Buchholz, cut 1 (the least significant value cut)" in legend
    assert re.search(r"<td[^>]*>Buchholz</td>", legend)


def test_a_play_offs_games_are_numbered_on(cli):
    out = cli("playoff", "--players", "Anna,Boris", "--seed", "3").stdout
    stage2 = out[out.index("Stage 2"):]
    assert "game 3  " in stage2 and "game 1  " not in stage2
    four = cli("playoff", "--players", "A,B,C,D", "--seed", "3").stdout
    semi = four[four.index("Stage 2"):four.index("Stage 3")]  # each match numbers on from its own games
    assert "semi-final 1 game 3 " in semi and "game 1 " not in semi
    final = four[four.index("Stage 4"):]
    assert "final game 3 " in final and "game 1 " not in final


def test_points_in_a_play_off_message_are_written_as_the_documents_do(cli):
    result = cli("playoff", EXAMPLE, "--seed", "1")
    assert result.stderr == "trfconv: --places: place 1 is not shared: no other player has its 6.5 points\n"


def test_a_csv_key_line_keeps_the_comma_of_its_value(tmp_path):
    import trfconv

    path = tmp_path / "open.csv"
    path.write_text("Example Open 2026\nChief arbiter: Jansen, Piet (IA)\nRk.,SNo,Name,Pts.\n"
                    '1,1,"Aa, Bb",1\n2,2,"Cc, Dd",0\n', "utf-8")
    event = trfconv.read(path).event
    assert (event.name, event.chief_arbiter) == ("Example Open 2026", "Jansen, Piet (IA)")
    semi = tmp_path / "semi.csv"
    semi.write_text("Example Open 2026\nChief arbiter:;Jansen, Piet (IA)\nRk.;SNo;Name;Pts.\n1;1;Aa, Bb;1\n"
                    "2;2;Cc, Dd;0\n", "utf-8")
    assert trfconv.read(semi).event.chief_arbiter == "Jansen, Piet (IA)"  # a key cell and a value cell
