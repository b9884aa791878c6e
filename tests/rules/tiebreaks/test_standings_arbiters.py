"""Standings as arbiters run them (issue 19): after any round, a reproducible drawing of lots,
the title, federation and rating columns. The standings after round N are checked against the
same file cut after round N by hand (its text: round columns dropped, points recomputed, XXR
set to N), read by trfconv and by FIDE's reference checker (gacrux)."""

from __future__ import annotations

import hashlib
import json
import unicodedata
from fractions import Fraction
from pathlib import Path

import paths
import pytest
from browser import needs_chromium, pages, print_to_pdf
from gacrux_oracle import COMPARED, gacrux, same

import trfconv

FIXTURES = paths.FIXTURES
EX25 = FIXTURES / "tiebreak" / "tec-swiss16-9rounds-ex25.trf"  # byes H U Z, forfeits, a withdrawal
DEMO = FIXTURES / "trf" / "erral__fidetournament__test_demo.trf"  # 137 players, 7 rounds

#: A TRF result letter's points (the default score system).
POINTS = {"1": 1, "+": 1, "W": 1, "F": 1, "U": 1, "=": Fraction(1, 2), "D": Fraction(1, 2), "H": Fraction(1, 2),
          "0": 0, "-": 0, "L": 0, "Z": 0, " ": 0}


def cut_text(text: str, n: int) -> str:
    """A TRF16 file's text as it was after round ``n``: each 001 line ends with round ``n``
    (round r's result is column 99 + 10(r-1)), its points are those of rounds 1..n, XXR is n."""
    out = []
    for line in text.splitlines():
        if line.startswith("001"):
            body = line[:89 + 10 * n].rstrip()
            points = sum(POINTS[body[98 + 10 * r]] for r in range(n) if len(body) > 98 + 10 * r)
            out.append(body[:80] + f"{float(points):4.1f}" + body[84:])
        elif line.startswith("XXR"):
            out.append(f"XXR {n}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _values(s) -> list:
    return [(r.rank, r.number, r.values, r.lots) for r in s.rows]


@pytest.mark.parametrize(("path", "rounds"), [(EX25, range(1, 10)), (DEMO, (1, 4, 6))], ids=["ex25", "demo"])
def test_after_round_is_the_file_cut_after_that_round(path, rounds):
    text = path.read_text("utf-8")
    t = trfconv.reads(text.encode())
    compared = 0
    for n in rounds:
        short = cut_text(text, n)
        ours = trfconv.standings(t, COMPARED, rules="tb-2024", after_round=n)
        assert ours.after_round == n and ours.rounds == n
        assert _values(ours) == _values(trfconv.standings(trfconv.reads(short.encode()), COMPARED, rules="tb-2024"))
        checker_rules, theirs = gacrux(short, COMPARED)
        assert checker_rules == "2024-08-01"
        for r in ours.rows:
            for k, code in enumerate(COMPARED):
                assert same(r.values[k], theirs[r.number][k], code, n), (n, r.number, code)
                compared += 1
    assert compared == {EX25: 9 * 16 * 20, DEMO: 3 * 137 * 20}[path]


def test_after_round_applies_the_unplayed_rounds_rules_as_they_stood():
    """Ex. 25: Nick (12) takes zero-point byes in rounds 4 and 5 and plays again from round 6.
    In the whole file they are byes followed by games (C.07 16.2.3); after round 5 nothing
    follows them yet, so they are byes followed only by the end (16.2.5), as in the file cut
    there."""
    from fractions import Fraction

    from trfconv.rules.tiebreaks import compute_columns, parse_list
    from trfconv.rules.tiebreaks.after_round import after_round
    from trfconv.rules.tiebreaks.buchholz import scores_seen

    t = trfconv.read(EX25)

    def seen_beyond_own(t):  # what Nick's opponents see beyond his own score (C.07 16.3.2: 16.2.5 as draws)
        seen, own = scores_seen(compute_columns(t, parse_list(["BH"])[0])[0])
        return Fraction(seen[11] - own[11], 2)
    assert seen_beyond_own(t) == 0  # 16.2.3: counted as they are
    assert seen_beyond_own(after_round(t, 5)) == 1  # 16.2.5: two draws instead of two zeros
    assert "STD001" not in {d.code for d in trfconv.standings(t, "BH", after_round=9).diagnostics}  # nothing cut


def test_after_round_out_of_range(cli):
    t = trfconv.read(EX25)
    with pytest.raises(ValueError, match=r"the file holds 9 round\(s\); round 10 is not one of them"):
        trfconv.standings(t, "BH", after_round=10)
    result = cli("standings", EX25, "--after-round", "10")
    assert result.exit_code == 2 and "the file holds 9 round(s)" in result.stderr and result.stdout == ""
    result = cli("standings", EX25, "-t", "BH", "--after-round", "3", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["after_round"] == 3 and data["rounds"] == 3
    assert any("the standings after round 3 of 9" in c for c in data["caveats"])


def _by_hand(seed: str, numbers) -> list[int]:
    """The drawing of lots as the guide (docs/standings.md) says anyone can redo it."""
    return sorted(numbers, key=lambda x: hashlib.sha256(f"{seed}:{x}".encode()).hexdigest())


def test_drawing_of_lots_is_reproducible_and_depends_on_the_seed():
    t = trfconv.read(EX25)
    plain = trfconv.standings(t, "PTS")
    tied = [r.number for r in plain.rows if r.group == 1]
    assert tied == [1, 2, 4, 6] and {r.rank for r in plain.rows if r.group == 1} == {2}  # 6 points each
    first = trfconv.standings(t, "PTS", lots_seed="1")
    again = trfconv.standings(t, "PTS", lots_seed="1")
    other = trfconv.standings(t, "PTS", lots_seed="2")
    assert _values(first) == _values(again) and first.draw == again.draw
    assert first.draw.groups[0] == (4, 6, 2, 1) == tuple(_by_hand("1", tied))
    assert other.draw.groups[0] == (2, 6, 1, 4) == tuple(_by_hand("2", tied))
    assert [(r.rank, r.number, r.drawn) for r in first.rows[1:5]] == [(2, 4, 1), (3, 6, 2), (4, 2, 3), (5, 1, 4)]
    assert len(first.draw.groups) == 4 and not any(r.lots and r.drawn is None for r in first.rows)
    said = [d for d in first.diagnostics if d.code == "STD002"]
    assert len(said) == 1 and "seed '1'" in said[0].message and "4, 6, 2, 1" in said[0].message


def test_cli_drawing_of_lots_text_and_json(cli):
    text = cli("standings", EX25, "-t", "PTS", "--draw-lots", "1")
    assert text.exit_code == 0 and "Drawing of lots, seed 1: 4, 6, 2, 1; " in text.stdout
    row = next(line for line in text.stdout.splitlines() if line.split()[:2] == ["3", "6"])
    assert row.endswith("group 1, lot 2")
    data = json.loads(cli("standings", EX25, "-t", "PTS", "--draw-lots", "1", "--json").stdout)
    assert data["drawing_of_lots"]["seed"] == "1" and data["drawing_of_lots"]["groups"][0] == [4, 6, 2, 1]
    assert data["standings"][1] == {"rank": 2, "start_number": 4, "title": None, "name": "David, TEC-Ex25",
                                    "federation": None, "rating": 2050, "values": {"PTS": "6"}, "lots": True,
                                    "lots_group": 1, "drawn": 1}
    undrawn = cli("standings", EX25, "-t", "PTS")
    assert "drawing of lots needed (group 1)" in undrawn.stdout


def test_rating_and_federation_columns_in_every_format(cli):
    csv = cli("standings", DEMO, "-t", "BH", "--format", "csv").stdout_bytes.decode("utf-8-sig").splitlines()
    header = csv.index("rank,sno,title,name,fed,rating,PTS,BH,lots")
    assert csv[header + 1].startswith("1,8,,") and csv[header + 1].endswith(",ESP,1661,6.5,25,")
    text = cli("standings", DEMO, "-t", "BH").stdout.splitlines()
    assert text[2].split() == ["rank", "sno", "name", "fed", "rating", "PTS", "BH", "lots"]
    data = json.loads(cli("standings", DEMO, "-t", "BH", "--json").stdout)
    assert {(e["federation"], e["rating"]) for e in data["standings"][:1]} == {("ESP", 1661)}


def printed_text(html: Path, tmp_path: Path) -> str:
    """The text of the PDF headless Chromium prints of ``html`` (what an arbiter gets on paper)."""
    pdf = tmp_path / (html.stem + ".pdf")
    print_to_pdf(html, pdf)
    return unicodedata.normalize("NFKC", "\n".join(pages(pdf)))  # the ligatures the fonts print (ﬀ)


@needs_chromium
def test_html_standings_print_with_legend_and_lots_groups(cli, tmp_path):
    html = tmp_path / "ex25.html"
    result = cli("standings", EX25, "-t", "BH", "--after-round", "5", "--format", "html", "-o", html)
    assert result.exit_code == 0 and "wrote" in result.stderr
    page = html.read_text("utf-8")
    assert page.count('<tr class="lots') == 4 and page.count('<tr class="lots even">') == 2  # groups 1 and 2
    text = " ".join(printed_text(html, tmp_path).split())
    for seen in ("Standings", "Rounds after round 5 of 9", "Rules tb-2023: FIDE C.07 Play-off and tie-break",
                 "Caveats: what this result assumes", "the standings after round 5 of 9",
                 "Tie-breaks, in the order applied", "1 PTS points C.07 2", "2 BH Buchholz C.07 8.1",
                 "Standings after round 5", "group 1: drawing of lots needed", "group 2: drawing of lots needed"):
        assert seen in text, seen
    assert "Drawing of lots" not in text.replace("drawing of lots needed", "")
    drawn = tmp_path / "drawn.html"
    assert cli("standings", EX25, "-t", "PTS", "--draw-lots", "7", "--format", "html", "-o", drawn).exit_code == 0
    text = " ".join(printed_text(drawn, tmp_path).split())
    assert "Seed 7;" in text and "group 1: 4, 2, 1, 6" in text and "group 1: lot 2" in text


@needs_chromium
def test_html_team_standings_print_match_and_game_points(cli, tmp_path):
    html = tmp_path / "team.html"
    assert cli("standings", FIXTURES / "tiebreak" / "tec-team14.trf", "--format", "html", "-o", html).exit_code == 0
    text = " ".join(printed_text(html, tmp_path).split())
    assert "Ranked 14 teams" in text and "Rank No Team MP GP MPvGP EDE BH SB" in text
    assert "1 5 Elephants 10 18 18 0 55 70" in text and "MPvGP match points versus game points C.07 13.1" in text
