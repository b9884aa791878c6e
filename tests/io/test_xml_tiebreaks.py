"""Tie-break lists travel with the file (issue 19): the chess-results ids ``tb1no``… of the four
real upload files are read into the event's list, written back by the XML writer, and written
into TRF-2026 202/212 by ``convert`` (also when given with ``-t``)."""

from __future__ import annotations

import re

import paths
import pytest

import trfconv
from trfconv.diagnostics import CODES
from trfconv.io.xml_tiebreaks import code_of, name_of

CROSSTABLES = paths.FIXTURES / "crosstables"

#: file -> (202, 212, the ids and details the file has).
REAL = {
    "chess-results-upload_Single_RoundRobin.xml": (("SB", "WIN"), (), ["85", "68"]),
    "chess-results-upload_Single_SwissSystem.xml": (("BH", "SB"), (), ["37", "52"]),
    "chess-results-upload_Team_RoundRobin.xml": ((), ("PTS:MP", "PTS:GP", "SB"), ["13", "1", "52"]),
    "chess-results-upload_Team_SwissSystem.xml": ((), ("PTS:MP", "PTS:GP", "BH"), ["13", "1", "84"]),
}
#: What trfconv writes for them: the same ids, except the historical Buchholz and SB "variable"
#: ids (37, 52), which are written as the C.07 ones (84, 85); WIN carries its type parameter.
WRITTEN = {
    "chess-results-upload_Single_RoundRobin.xml": [("85", ""), ("68", "0")],
    "chess-results-upload_Single_SwissSystem.xml": [("84", ""), ("85", "")],
    "chess-results-upload_Team_RoundRobin.xml": [("13", ""), ("1", ""), ("85", "")],
    "chess-results-upload_Team_SwissSystem.xml": [("13", ""), ("1", ""), ("84", "")],
}


def slots(xml: str) -> list[tuple[str, str]]:
    """The (tbNno, tbN_detail) pairs of a document's tournament element, empty slots left out."""
    found = [(re.search(fr'tb{k}no="(\d*)"', xml).group(1), re.search(fr'tb{k}_detail="([^"]*)"', xml).group(1))
             for k in range(1, 6)]
    return [(n, d) for n, d in found if n not in ("", "0")]


@pytest.mark.parametrize("name", sorted(REAL))
def test_real_files_lists_read_and_written(name, tmp_path, cli):
    path = CROSSTABLES / name
    assert [n for n, _ in slots(path.read_text("utf-8"))] == REAL[name][2]
    t = trfconv.read(path)
    assert (t.event.tiebreaks, t.event.standings_tiebreaks) == REAL[name][:2]
    assert not [d for d in t.diagnostics if d.code == "STD003"]
    out = tmp_path / "out.xml"
    result = cli("convert", path, "-o", out)
    assert result.exit_code == 0 and "tiebreaks" not in result.stderr  # nothing of the list lost
    assert slots(out.read_text("utf-8")) == WRITTEN[name]
    back = trfconv.read(out)
    assert (back.event.tiebreaks, back.event.standings_tiebreaks) == REAL[name][:2]
    trf = cli("convert", path, "--to", "trf26").stdout
    records = {line[:3]: line[4:] for line in trf.splitlines() if line[:3] in ("202", "212")}
    assert records == {k: ",".join(v) for k, v in zip(("202", "212"), REAL[name][:2], strict=True) if v}


def test_an_id_without_c07_counterpart_is_reported(tmp_path):
    text = (CROSSTABLES / "chess-results-upload_Single_RoundRobin.xml").read_text("utf-8")
    path = tmp_path / "arranz.xml"
    path.write_text(text.replace('tb2no="68"', 'tb2no="61"'), "utf-8")  # 61: Arranz system
    t = trfconv.read(path)
    assert t.event.tiebreaks == ("SB",)
    said = [d for d in t.diagnostics if d.code == "STD003"]
    assert len(said) == 1 and "tie-break id 61 (tb2no, Arranz system)" in said[0].message
    assert said[0].location.line is not None


def test_the_list_stops_at_an_id_without_c07_counterpart(tmp_path):
    """Ranking by the next tie-break in the place of one trfconv cannot compute would order
    players by a criterion the organiser put later: the list stops, and the caveat says so."""
    text = (CROSSTABLES / "chess-results-upload_Single_SwissSystem.xml").read_text("utf-8")
    path = tmp_path / "arranz-first.xml"
    path.write_text(text.replace('tb1no="37"', 'tb1no="61"'), "utf-8")
    t = trfconv.read(path)
    assert t.event.tiebreaks == ()  # not ("SB",)
    said = [d for d in t.diagnostics if d.code == "STD003"]
    assert len(said) == 1 and "stops before it (and the 1 after it)" in said[0].message
    assert CODES["STD003"].caveat


@pytest.mark.parametrize("name", ["BH/C1", "BH/M1", "FB", "SB/C1", "SB/P", "PS/C1", "KS", "WON", "BWG", "BPG", "TPR",
                                  "APRO", "PTP", "APPO", "DE/P", "AOB/F", "REP", "OTHER_KASHDAN"])
def test_individual_names_go_there_and_back(name):
    number, detail = code_of(name, team=False)
    assert name_of(number, detail, team=False) == name


@pytest.mark.parametrize("name", ["PTS:MP", "PTS:GP", "BH:GP/C1", "BH:MP", "EGGSB/P", "EMMSB", "EDE/P", "BC", "TBR",
                                  "BBE", "SSSC"])
def test_team_names_go_there_and_back(name):
    number, detail = code_of(name, team=True)
    assert name_of(number, detail, team=True) == name


def test_names_the_format_cannot_say():
    assert code_of("ARO", team=False) is None and code_of("STD", team=False) is None
    assert code_of("BH:GP", team=False) is None  # a score in an individual event
    assert code_of("KS/L1", team=False) is None


def test_convert_with_tiebreaks(cli, tmp_path):
    source = paths.FIXTURES / "trf" / "pypi__fidereport__example1.trf"
    trf = cli("convert", source, "-t", "BH/C1,SB", "-t", "DE", "--to", "trf26").stdout.splitlines()
    assert "202 BH/C1,SB,DE" in trf and "212 PTS,BH/C1,SB,DE" in trf
    out = tmp_path / "e.xml"
    result = cli("convert", source, "-t", "BH/C1,SB,DE,ARO", "-o", out)
    assert result.exit_code == 0
    assert slots(out.read_text("utf-8")) == [("84", ",0,1,-,-"), ("85", ""), ("81", "-")]
    assert "event tiebreaks (4 item(s), written as 3 item(s))" in result.stderr  # ARO has no id
    bad = cli("convert", source, "-t", "BH,NOPE", "--to", "trf26")
    assert bad.exit_code == 2 and "unknown tie-break 'NOPE'" in bad.stderr and bad.stdout == ""
