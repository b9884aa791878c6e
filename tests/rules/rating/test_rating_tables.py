"""Tables 8.1.1 / 8.1.2 as data, checked row by row against the 2005 seed's 10.1a / 10.1b."""

from __future__ import annotations

import re
from fractions import Fraction

import paths
import pytest

from trfconv.rules.rating.tables import tables

SEED = paths.FIXTURES / "seeds" / "b02-2005-tables.txt"


def _seed_sections() -> tuple[list[list[str]], list[list[str]]]:
    text = SEED.read_text("utf-8")
    a, b = text.split("(b) Table", 1)
    rows_a = [line.split("\t") for line in a.splitlines() if re.match(r"^\s*\t?[.\d]", line)]
    rows_b = [line.split("\t") for line in b.splitlines() if re.match(r"^\d+-\d+\t", line)]
    return rows_a, rows_b


def test_dp_table_equals_the_seed_row_by_row():
    rows_a, _ = _seed_sections()
    seen = 0
    for row in rows_a:
        for p, dp in zip(row[0::2], row[1::2], strict=False):  # a line of prose (10.1 …) is one cell
            p, dp = p.strip(), dp.strip()
            if not p or not dp or p == "1.0":
                # The seed leaves dp blank for p = 0 and 1.0 ("necessarily indeterminate", 10.1);
                # its first line even slips "1.0" into the dp column of the p = 1.0 row.
                continue
            assert tables().dp(round(Fraction(p) * 100)) == int(dp), p
            seen += 1
    assert seen == 99  # every p from .01 to .99


def test_dp_table_is_antisymmetric_and_notional_at_the_ends():
    t = tables()
    assert all(t.dp(p) == -t.dp(100 - p) for p in range(101))
    assert (t.dp(100), t.dp(0)) == (800, -800)  # current 8.1: "shown notionally as 800"


def test_pd_table_equals_the_seed_row_by_row():
    _, rows_b = _seed_sections()
    seen = 0
    for row in rows_b:
        cells = [c for c in row if c.strip()]
        for i in range(0, len(cells) - 2, 3):
            d, h, l = cells[i].strip(), cells[i + 1].strip(), cells[i + 2].strip()
            if d.startswith(">"):
                lo = hi = int(d[1:]) + 1
            else:
                lo, hi = map(int, d.split("-"))
            hundredths_h, hundredths_l = round(Fraction(h) * 100), round(Fraction(l) * 100)
            for diff in {lo, hi}:
                assert tables().pd(diff) == hundredths_h, d
                assert tables().pd(-diff) == hundredths_l, d
            seen += 1
    assert seen == 51  # 50 ranges and "> 735"


@pytest.mark.parametrize("d, expected", [(0, 50), (3, 50), (4, 51), (-4, 49), (400, 92), (-400, 8),
                                         (413, 93), (735, 99), (736, 100), (-1026, 0)])
def test_pd_edges(d, expected):
    assert tables().pd(d) == expected


@pytest.mark.parametrize("score, games, p", [(4, 7, 57), (Fraction(9, 2), 6, 75), (1, 9, 11), (8, 9, 89),
                                             (Fraction(1, 200), 1, 1), (1, 8, 13)])
def test_p_is_rounded_to_hundredths_halves_up(score, games, p):
    # 1/8 = .125 -> .13 (half up, [Z-SPEC] R-30); 1/200 = .005 -> .01
    assert tables().p(Fraction(score), games) == p
