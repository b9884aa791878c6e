"""``trfconv report``: formats, K file, exit codes, on the real validator's verdicts."""

from __future__ import annotations

import json

import paths
from lxml import html

import trfconv

FIXTURES = paths.FIXTURES
MASTERS = FIXTURES / "trf" / "sanichi__icu_tournament__bunratty_masters_2011.trf"
DEMO = FIXTURES / "trf" / "erral__fidetournament__test_demo.trf"  # FIDE ids and ratings



def test_report_text_to_stdout(cli):
    result = cli("report", MASTERS, "--rules", "b02-2024", "--details")  # a terminal gets a summary without it
    assert result.exit_code == 0, result.output
    assert "FIDE RATING REPORT" in result.stdout and "Short, Nigel" in result.stdout
    assert "RAT001" in result.stderr


def test_report_json_and_k_file(cli, tmp_path):
    first = trfconv.read(DEMO).player(1)
    k_file = tmp_path / "k.csv"
    k_file.write_text(f"FIDE id,K\n{first.fide_id},30\n", "utf-8")
    result = cli("report", DEMO, "--rules", "b02-2024", "--format", "json", "--k-file", k_file)
    data = json.loads(result.stdout)
    assert data["schema"] == 1 and data["rules"]["edition"] == "b02-2024"
    assert data["players"][0]["k"] == {"value": 30, "source": "the K file", "before_cap": None, "assumptions": []}
    assert data["players"][1]["k"]["source"] == "the rules"
    assert "RAT006" in result.stderr  # the terminal's summary names it; the report says it
    assert any("(40, 20, 10)" in c for c in data["caveats"])  # 30 is no K of 8.3.3: used, and said so


def test_report_html_to_file_and_never_over_the_input(cli, tmp_path):
    out = tmp_path / "report.html"
    assert cli("report", MASTERS, "--rules", "b02-2024", "--format", "html", "-o", out).exit_code == 0
    assert html.parse(str(out)).getroot().find(".//svg") is not None
    # under the 2005 rules 90'+10" is too fast for a 2658 player: the report is written, exit 1
    assert cli("report", MASTERS, "--format", "html", "-o", out).exit_code == 1
    assert "not rateable" in out.read_text("utf-8")
    assert cli("report", MASTERS, "--time-control", "120 min", "-o", out).exit_code == 0
    copy = tmp_path / "in.trf"
    copy.write_bytes(MASTERS.read_bytes())
    assert cli("report", copy, "-o", copy).exit_code == 2  # refused in one line, like any unwritable output
    assert copy.read_bytes() == MASTERS.read_bytes()


def test_report_exit_codes(cli, tmp_path):
    assert cli("report", FIXTURES / "missing.trf").exit_code == 2
    assert cli("report", MASTERS, "--rules", "b02-1999").exit_code == 2
    bad_k = tmp_path / "k.csv"
    bad_k.write_text("12,abc\n", "utf-8")
    result = cli("report", MASTERS, "--time-control", "120 min", "--k-file", bad_k)
    # a K file's bad line is the K file's problem, named at its line: it does not withhold the report
    assert result.exit_code == 0 and f"trfconv: {bad_k}:1: warning RAT002: K file line ignored" in result.stderr
    assert "NOT PRODUCED" not in result.stderr
