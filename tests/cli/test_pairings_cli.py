"""``trfconv pairings`` as a person runs it: the verdict per round and the criterion that decides,
one round board by board (--round), the next round (--next), JSON, the printed page read back
from headless Chromium, the exit codes, and the same answer from the library."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from browser import needs_chromium, pages, print_to_pdf
from lxml import etree
from paths import FIXTURES
from eventbuild import swapped

import trfconv

PAIRED = FIXTURES / "pairings" / "dutch-1009.trf"
C5 = FIXTURES / "trf" / "BieremaBoyzProgramming__bbpPairings__dutch_2025_C5.trf"


@pytest.fixture(scope="module")
def wrong(tmp_path_factory):
    """The last round of a reference tournament with two opponents exchanged, written as TRF-2026."""
    t = swapped(trfconv.read(PAIRED), 6, 2, 8)
    path = tmp_path_factory.mktemp("pairings") / "wrong.trf"
    path.write_bytes(trfconv.dumps(t, "trf26")[0])
    return path


def test_every_round_as_the_dutch_system_pairs_it(cli):
    result = cli("pairings", PAIRED)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Pairings held to the Dutch system (C.04.3, swiss-2026): Differential Open 1009"
    assert lines[-7:] == [f"round  {r}: as the Dutch system pairs it" for r in range(1, 7)] + [
        "verdict: 6 of 6 rounds as the Dutch system pairs them"]
    assert "judged under swiss-2026" in result.stdout  # the caveats say the edition and why


def test_a_round_that_differs_names_the_criterion(cli, wrong):
    result = cli("pairings", wrong)
    assert result.exit_code == 1
    assert ("round  6: differs: C.04.3 4.2: both pairings are as good by every criterion; in the first "
            "transposition that makes them 2 meets 4 (BSN 2), not 9 (BSN 3)") in result.stdout
    assert result.stdout.rstrip().endswith("verdict: 5 of 6 rounds as the Dutch system pairs them; 1 differs")


def test_one_round_board_by_board(cli, wrong):
    result = cli("pairings", wrong, "--round", "6")
    assert result.exit_code == 1
    assert "round  1" not in result.stdout
    assert "    the file only:    2-9, 4-8" in result.stdout
    assert "    the Dutch system: 2-4, 8-9" in result.stdout
    assert "    round 6 as the Dutch system pairs it:" in result.stdout
    assert cli("pairings", wrong, "--round", "7").exit_code == 2


def test_the_next_round(cli):
    """bbpPairings' [C5] test: the bye to the player with the lowest score."""
    result = cli("pairings", C5, "--next")
    assert result.exit_code == 0
    board = [line.split() for line in result.stdout.splitlines() if line.startswith("  ") and line.strip()[0].isdigit()]
    assert [(b[0], b[1], b[4]) for b in board[:2]] == [("1", "1", "5"), ("2", "3", "2")]
    assert "6 Test0006 Player0006            pairing-allocated bye" in result.stdout


def test_json(cli, wrong):
    data = json.loads(cli("pairings", wrong, "--json").stdout)
    assert data["schema"] == 1 and data["rules"] == "swiss-2026" and data["checked"]
    assert data["counts"] == {"same": 5, "colours": 0, "differs": 1, "cannot": 0}
    last = data["rounds"][-1]
    assert (last["verdict"], last["criterion"]["label"]) == ("differs", "C.04.3 4.2")
    assert last["file_only"] == [[2, 9], [4, 8]] and last["dutch_only"] == [[2, 4], [8, 9]]
    nxt = json.loads(cli("pairings", C5, "--next", "--json").stdout)["next"]
    assert nxt["pairing"]["bye"] == 6 and nxt["pairing"]["boards"][0]["white"] == 1


def test_the_library_says_the_same(cli, wrong):
    check = trfconv.pairings(trfconv.read(wrong))
    data = json.loads(cli("pairings", wrong, "--json").stdout)
    assert check.verdict == data["verdict"]
    assert [r.verdict.name.lower() for r in check.rounds] == ["same"] * 5 + ["differs"]
    assert trfconv.pairings(trfconv.read(wrong), round=6).rounds[0].difference.label == "C.04.3 4.2"


def test_usage_errors(cli, tmp_path):
    assert cli("pairings", PAIRED, "--rules", "swiss-1999").exit_code == 2
    assert cli("pairings", PAIRED, "--system", "dubov").exit_code == 2
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    assert cli("pairings", empty).exit_code == 2


def test_other_systems_and_editions_asked(cli):
    dubov = FIXTURES / "trf" / "pierotofy__CPPDubovSystem__random2.trf"
    result = cli("pairings", dubov)
    assert result.exit_code == 0 and "not checked: the Dubov system (C.04.4.1)" in result.stdout
    forced = cli("pairings", PAIRED, "--rules", "swiss-2017")
    assert "judged under swiss-2017" in forced.stdout and "as asked" in forced.stdout


def test_the_html_page_is_well_formed(cli, wrong, tmp_path):
    page = tmp_path / "pairings.html"
    assert cli("pairings", wrong, "--format", "html", "--round", "6", "-o", page).exit_code == 1
    root = etree.fromstring(page.read_bytes())
    text = " ".join(root.itertext())
    assert "Pairings held to the Dutch system (C.04.3, swiss-2026)" in text
    assert "C.04.3 4.2" in text and "Round 6 as the Dutch system pairs it" in text


@pytest.mark.slow
@needs_chromium
def test_the_printed_page(cli, wrong, tmp_path):
    page, pdf = tmp_path / "pairings.html", tmp_path / "pairings.pdf"
    cli("pairings", wrong, "--format", "html", "-o", page)
    print_to_pdf(page, pdf)
    first = pages(pdf)[0].replace("\ufb00", "ff").replace("\ufb01", "fi").replace("\n", " ")  # ligatures, wraps
    assert "Pairings held to the Dutch system" in first and "Verdict" in first
    assert "differs" in first and "2 meets 4 (BSN 2), not 9 (BSN 3)" in first


def test_a_file_with_errors_is_withheld_unless_lenient(cli, tmp_path):
    t = trfconv.read(PAIRED)
    broken = tmp_path / "broken.trf"
    text = PAIRED.read_text().replace("   2 w ", "   3 w ", 1)  # a pairing that no longer agrees
    broken.write_text(text)
    result = cli("pairings", broken)
    assert result.exit_code == 1 and "not produced" in result.stdout
    assert "round  1" in cli("pairings", broken, "--lenient").stdout
    assert replace(t) == t


def test_the_absolute_criteria_broken_are_shown_beside_the_verdict(cli):
    """Vega's sample: round 5 repeats three games; each is named at its player, citing the edition."""
    vega = FIXTURES / "native" / "vega" / "samuraitruong__vegachess-html-generator__Sample_Tournament.trfx"
    text = cli("pairings", vega).stdout
    assert "    player 1: meets 6 again (first in round 3; C.04.3 C.1, C.04.1 b; swiss-2017 edition)" in text
    broken = json.loads(cli("pairings", vega, "--json").stdout)["broken"]
    assert [(b["round"], b["player"], b["kind"], b["opponent"]) for b in broken] == [
        (5, 1, "rematch", 6), (5, 2, "rematch", 3), (5, 4, "rematch", 5)]
