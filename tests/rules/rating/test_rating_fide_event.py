"""A whole event against FIDE's own numbers: the 2025 US Championship (FIDE event 432532, 12-player
round robin, 12-24 October 2025, rated on the November 2025 list, K 10 for all).

Source: FIDE's tournament report and per-player calculation pages as recorded by
zugzwang-foundation/Chess-ELO-Rating, tests/fixtures/validation/us_championship_2025.json
(docs/rating-regulations.md [Z-VAL]). Players are identified by FIDE id, as in FIDE's report.
Four players are rated 2650+ in an event from October 2025 (no cap for them); every difference
is under 400 here, so the report must match FIDE to the hundredth for all twelve.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from trfbuild import player_line, trf

import trfconv
from trfconv import rate, validate

# FIDE id: (Ro on the October list, FIDE's Rc, w, n, chg, K*chg)
FIDE = {
    2020009: (2789, 2675, "8", 11, "0.83", "8.30"),
    5202213: (2756, 2678, "7.5", 11, "0.84", "8.40"),
    2093596: (2738, 2679, "5.5", 11, "-0.88", "-8.80"),
    13300474: (2722, 2681, "6.5", 11, "0.39", "3.90"),
    2056437: (2710, 2682, "5", 11, "-0.92", "-9.20"),
    2040506: (2698, 2683, "6", 11, "0.28", "2.80"),
    2023970: (2664, 2686, "4.5", 11, "-0.66", "-6.60"),
    24125890: (2661, 2686, "5", 11, "-0.13", "-1.30"),
    2004887: (2654, 2687, "4.5", 11, "-0.51", "-5.10"),
    30920019: (2652, 2687, "4", 11, "-0.98", "-9.80"),
    30953499: (2590, 2693, "5.5", 11, "1.53", "15.30"),
    1126881: (2577, 2694, "4", 11, "0.21", "2.10"),
}
# round: "white-black result" (1 = white won, = draw, 0 = black won)
GAMES = {
    1: "1126881-2023970 = 2020009-24125890 1 2040506-2004887 = 2056437-30920019 = 5202213-2093596 = 30953499-13300474 0",
    2: "2004887-1126881 1 2020009-30953499 = 2023970-5202213 0 13300474-2056437 = 24125890-2093596 = 30920019-2040506 =",
    3: "1126881-30920019 = 2040506-13300474 = 2056437-2020009 = 2093596-2023970 = 5202213-2004887 1 30953499-24125890 0",
    4: "2004887-2093596 0 2020009-2040506 = 13300474-1126881 = 24125890-2023970 = 30920019-5202213 = 30953499-2056437 =",
    5: "1126881-2020009 0 2023970-2004887 = 2040506-30953499 0 2056437-24125890 = 2093596-30920019 1 5202213-13300474 =",
    6: "2020009-5202213 = 2056437-2040506 = 13300474-2093596 = 24125890-2004887 = 30920019-2023970 = 30953499-1126881 1",
    7: "1126881-2056437 1 2004887-30920019 1 2023970-13300474 = 2040506-24125890 1 2093596-2020009 0 5202213-30953499 1",
    8: "2020009-2023970 = 2040506-1126881 = 2056437-5202213 = 13300474-2004887 1 24125890-30920019 = 30953499-2093596 1",
    9: "1126881-24125890 = 2004887-2020009 0 2023970-30953499 = 2093596-2056437 1 5202213-2040506 = 30920019-13300474 =",
    10: "1126881-5202213 0 2020009-30920019 1 2040506-2093596 1 2056437-2023970 1 24125890-13300474 = 30953499-2004887 =",
    11: "2004887-2056437 = 2023970-2040506 = 2093596-1126881 = 5202213-24125890 = 13300474-2020009 = 30920019-30953499 =",
}
RESULT = {"1": ("1", "0"), "=": ("=", "="), "0": ("0", "1")}


def us_championship() -> trfconv.Tournament:
    ids = list(FIDE)
    number = {fide_id: i + 1 for i, fide_id in enumerate(ids)}
    blocks: dict[int, list[str]] = {fide_id: [] for fide_id in ids}
    for round_ in sorted(GAMES):
        words = GAMES[round_].split()
        for pairing, result in zip(words[0::2], words[1::2], strict=True):
            white, black = map(int, pairing.split("-"))
            w, b = RESULT[result]
            blocks[white].append(f"{number[black]:>4} w {w}")
            blocks[black].append(f"{number[white]:>4} b {b}")
    lines = [player_line(number[i], f"Player {i}", rating=str(FIDE[i][0]), fide_id=str(i), rounds=tuple(blocks[i]))
             for i in ids]
    return trfconv.reads(trf("012 2025 US Championship", "022 St. Louis", "042 2025/10/12", "052 2025/10/24", *lines))


@pytest.fixture(scope="module")
def report():
    t = us_championship()
    return t, rate(t, validate(t, "b02-2024"), k={str(i): 10 for i in FIDE})


def test_every_player_matches_fide(report):
    t, rating = report
    got = {int(t.player(p.start_number).fide_id): (p.rating, p.rc, p.score, p.n, p.delta, p.change_exact)
           for p in rating.players}
    expected = {i: (ro, rc, F(w), n, F(chg), F(kchg)) for i, (ro, rc, w, n, chg, kchg) in FIDE.items()}
    assert got == expected


def test_list_changes(report):
    # rounded (0.5 away from zero); players without another event in the period moved by exactly
    # this on the November list (e.g. 2756 -> 2764, 2590 -> 2605, 2652 -> 2642)
    t, rating = report
    changes = {int(t.player(p.start_number).fide_id): p.change for p in rating.players}
    assert (changes[5202213], changes[30953499], changes[30920019], changes[1126881]) == (8, 15, -10, 2)
    assert all(not g.capped for p in rating.players for g in p.games)
