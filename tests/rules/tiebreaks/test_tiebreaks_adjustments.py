"""TRF-2026 record 299 (abnormal points assignment) in the standings and tie-breaks, against FIDE
TEC's reference checker (gacrux 1.11.65) and hand computations.

The hand-made event (5 players, 3 rounds, 042 2025/03/01: the 2024 rules, a dummy opponent with
the player's own score, Art. 16.4):

    R1: 1-2 1-0, 3-4 draw, 5 PAB        scores: 1: W W D = 2.5   2: L W U = 2   3: D L W = 1.5
    R2: 5-1 0-1, 2-3 1-0, 4 HPB                 4: D H D = 1.5   5: U L L = 1
    R3: 1-4 draw, 3-5 1-0, 2 PAB

No round is 16.2.5, so every opponent is seen with its score. BH: 1 = 2 + 1 + 1.5 = 4.5;
2 = 2.5 + 1.5 + own 2 (PAB) = 6; 3 = 1.5 + 2 + 1 = 4.5; 4 = 1.5 + own 1.5 (HPB) + 2.5 = 5.5;
5 = own 1 (PAB) + 2.5 + 1.5 = 5. SB: 1 = 2x1 + 1x1 + 1.5x0.5 = 3.75; 2 = 1.5x1 + 2x1 = 3.5;
3 = 1.5x0.5 + 1x1 = 1.75; 4 = 1.5x0.5 + 1.5x0.5 + 2.5x0.5 = 2.75; 5 = 1x1 = 1.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import paths
import pytest
from gacrux_oracle import EDITION_OF, gacrux, same
from swissbuild import generate_swiss_trf
from trfbuild import HEADER, player_line, trf

import trfconv
from trfconv.documents.basis import Basis
from trfconv.documents.standings import StandingsReport, render_text
from trfconv.model import Game
from trfconv.rules.tiebreaks import compute_columns, parse_list, standings

FIXTURES = paths.FIXTURES
PLAYERS = (player_line(1, "Alpha, Ann", rounds=("   2 w 1", "   5 b 1", "   4 w =")),
           player_line(2, "Beta, Bob", rounds=("   1 b 0", "   3 w 1", "0000 - U")),
           player_line(3, "Gamma, Gus", rounds=("   4 w =", "   2 b 0", "   5 w 1")),
           player_line(4, "Delta, Dan", rounds=("   3 b =", "0000 - H", "   1 b =")),
           player_line(5, "Eps, Eve", rounds=("0000 - U", "   1 w 0", "   3 b 0")))
TB = ["PTS", "BH", "SB", "KS"]


def ours(*records: str) -> dict[int, list]:
    """Start number -> exact PTS, BH, SB, KS (2024 rules, as gacrux picks for 042 2025/03/01)."""
    t = trfconv.reads(trf(*HEADER, *PLAYERS, *records))
    specs, _ = parse_list(TB)
    _, columns = compute_columns(t, specs, rules="tb-2024")
    return {p.start_number: [c.exact(i) for c in columns] for i, p in enumerate(t.players)}


def theirs(*records: str) -> dict[int, list]:
    rules, values = gacrux(trf(*HEADER, *PLAYERS, *records).decode(), TB)
    assert rules == "2024-08-01"
    return {k: [F(str(x)) for x in v] for k, v in values.items()}


def messages(*records: str) -> list[tuple[str, str]]:
    s = standings(trfconv.reads(trf(*HEADER, *PLAYERS, *records)), TB, rules="tb-2024")
    return [(d.code, d.message) for d in s.diagnostics if d.code in ("TB009", "TB010", "TB011")]


def test_without_299_the_hand_values():
    expected = {1: [F(5, 2), F(9, 2), F(15, 4), F(3, 2)], 2: [2, 6, F(7, 2), 1], 3: [F(3, 2), F(9, 2), F(7, 4), F(1, 2)],
                4: [F(3, 2), F(11, 2), F(11, 4), 1], 5: [1, 5, 1, 0]}
    assert ours() == expected == theirs()


def test_penalty_from_a_round_counts_in_own_score_not_in_what_opponents_see():
    """``299    -1.0 1 2`` (meaning 3): player 2 has 1 point, PTS 1. Its PAB of round 3 is a dummy
    opponent with its own (penalised) score: BH 2.5 + 1.5 + 1 = 5, SB 1.5x1 + 1x1 = 2.5. Its
    opponents 1 and 3 still see the 2 of its results (gacrux ``tiebreak.py`` 1171 leaves the
    adjustment out of ``abh``): BH 4.5 and 4.5 as without the record. Koya counts opponents
    with at least half the points (1.5) by their final score, penalty included (gacrux 1113):
    player 1's win against 2 no longer counts, KS 1.5 -> 0.5."""
    record = "299          -1.0    1    2"
    v = ours(record)
    assert v[2] == [1, 5, F(5, 2), 1]
    assert v[1] == [F(5, 2), F(9, 2), F(15, 4), F(1, 2)] and v[3][1] == F(9, 2)
    assert v == theirs(record)
    assert messages(record) == [("TB011", ("299 record #1 (type blank, round 1): player 2 gets -1 point from round 1 "
                                          "on, in its score and the tie-breaks built on it (its opponents' Buchholz "
                                          "counts its results only)"))]


def test_penalty_of_round_999_counts_in_pts_only():
    """``299    -1.0 999 2`` (meaning 4): PTS 1, and nothing else changes: its own dummy still has
    its 2 points (BH 6, SB 3.5), gacrux ``compute_pts`` adds ``top`` to PTS only (1466-1475)."""
    record = "299          -1.0  999    2"
    v = ours(record)
    assert v[2] == [1, 6, F(7, 2), 1]
    assert v == theirs(record)
    s = standings(trfconv.reads(trf(*HEADER, *PLAYERS, record)), ["BH"], rules="tb-2024")
    assert [(r.rank, r.number, r.values[0]) for r in s.rows] == [
        (1, 1, F(5, 2)), (2, 4, F(3, 2)), (3, 3, F(3, 2)), (4, 2, 1), (5, 5, 1)]
    assert render_text(StandingsReport(Basis(None, ()), s)).splitlines()[4].split() == ["4", "2", "Beta,", "Bob", "1", "6"]


def test_bonus_of_a_quarter_point_stays_exact():
    """``299     0.25 999 5``: PTS 1 + 0.25 = 1.25 (the field's unit becomes 1/4)."""
    record = "299          0.25  999    5"
    assert ours(record)[5] == [F(5, 4), 5, 1, 0] and ours(record) == theirs(record)


def test_result_set_in_a_round():
    """``299 W  1.0 3 4`` (meaning 2): player 4's drawn game of round 3 becomes a win (its
    opponent's draw stays): 4 has 2 points; BH 1.5 + own 2 + 2.5 = 6, SB 1.5x0.5 + 2x0.5 +
    2.5x1 = 4.25. Player 1 sees 4 with 2: BH 2 + 1 + 2 = 5, SB 2 + 1 + 2x0.5 = 4; player 3:
    BH 2 + 2 + 1 = 5, SB 2x0.5 + 1 = 2."""
    record = "299 W         1.0    3    4"
    v = ours(record)
    assert v[4][:3] == [2, 6, F(17, 4)] and v[1][:3] == [F(5, 2), 5, 4] and v[3][:3] == [F(3, 2), 5, 2]
    assert v == theirs(record)
    assert ours("299 W                3    4") == v
    assert messages("299 W                3    4") == [
        ("TB011", ("299 record #1 (type W, round 3): player 4's result in round 3 is W, worth the score system's "
                  "value of W"))]


def test_reference_defect_result_points_of_an_individual_record():
    """``299 D  0.25 3 4``: the record gives player 4 a draw worth 0.25 in round 3; trfconv
    scores it 0.25 (PTS 1.25, and 3 sees 4 with 1.25: BH 4.25). gacrux writes the points under
    ``points`` of the game's side (``update_abnormal_list``, trf2json.py 806-818) but scores a
    side by its result letter only (``get_score``, tiebreak.py 295-313): it keeps 1.5."""
    record = "299 D        0.25    3    4"
    assert ours(record)[4][0] == F(5, 4) and ours(record)[3][1] == F(17, 4)
    assert theirs(record)[4][0] == F(3, 2) and theirs(record)[3][1] == F(9, 2)


def test_reference_defect_unplayed_value_in_an_individual_event():
    """``299 H  1.0`` (meaning 1): a half-point bye is worth 1 in this event; player 4's HPB of
    round 2 gives 1: PTS 2, and 3 sees 4 with 2 (BH 5). gacrux's reader stores a record without
    ids and round in the *match* score table (``parse_trf_abnormal`` trf2json.py 1319-1320 ->
    ``add_unplayed``, scoresystem.py 74-77), which an individual event never reads; the branch
    of ``update_abnormal_list`` that would set the game score (797-805) is unreachable. So gacrux
    keeps 1.5. (Its unreachable branch also maps ``+`` to F and ``-`` to Z, bye keys that in its
    own scoring double as forfeit values; trfconv reads ``+``/``-`` as the forfeit win/loss.)"""
    record = "299 H         1.0"
    assert ours(record)[4][:2] == [2, 6] and ours(record)[3][1] == 5
    assert theirs(record)[4][:2] == [F(3, 2), F(11, 2)]
    assert messages(record) == [("TB011", ("299 record #1 (type H, round all): a half-point bye is worth 1 point "
                                          "in this event"))]


def test_reference_defect_full_point_bye_set_by_a_record_is_a_vur():
    """``299 F 2 4``: player 4's half-point bye of round 2 becomes a full-point bye (1 point):
    PTS 2, BH 1.5 + own 2 + 2.5 = 6. A full-point bye is of category 16.2.1, not a voluntary
    unplayed round (C.07 Art. 16.1.2: requested byes and forfeit losses), so BH/C1 cuts the least
    significant value, the 1.5 of player 3 (Art. 14.1): 4.5; SB 1.5x0.5 + 2x1 + 2.5x0.5 = 4,
    SB/C1 cuts 3's 0.75: 3.25. gacrux stores the record's letter as the result ``F``
    (``update_abnormal_list`` maps only ``+`` and ``-``, trf2json.py 818) and ``is_vur`` exempts
    only ``W`` (tiebreak.py 315-333), so its FPB is a VUR and Art. 16.5 cuts it first: BH/C1 6 - 2
    = 4, SB/C1 the higher of the VUR's 2 and 0.75: 2. The same bye written in the 001 record
    (``0000 - F``, read as an unplayed ``W``) or set by ``299 W`` is no VUR for gacrux either."""
    names = ["PTS", "BH", "BH/C1", "SB", "SB/C1"]
    t = trfconv.reads(trf(*HEADER, *PLAYERS, "299 F                2    4"))
    specs, _ = parse_list(names)
    _, columns = compute_columns(t, specs, rules="tb-2024")
    assert [c.exact(3) for c in columns] == [2, 6, F(9, 2), 4, F(13, 4)]
    for letter, expected in (("F", [2, 6, 4, 4, 2]), ("W", [2, 6, F(9, 2), 4, F(13, 4)])):
        text = trf(*HEADER, *PLAYERS, f"299 {letter}                2    4").decode()
        assert [F(str(x)) for x in gacrux(text, names)[1][4]] == expected


def test_reference_defect_full_point_or_half_point_set_on_a_game_in_rating_tiebreaks():
    """``299 F 3 1``: player 1's drawn game of round 3 is scored a full point: PTS 3. The game
    was played, so it counts in the rating-based tie-breaks (C.07 Art. 10) with the points the
    record gives it. With every player at 1500 (unrated rule): ARO 1500, p = 3/3 = 1.00, TPR =
    1500 + dp(1.00) = 2300 (Art. 10.2), as with ``299 W``. gacrux scores the rating points of a
    result by its own table (``self.rating``, tiebreak.py 184-185), which gives ``F`` and ``H``
    the value of ``Z``: the game counts as played and lost, p = 2/3 -> 0.67, TPR 1500 + 125 =
    1625 (and with ``299 H``, 1625 instead of 1500 + dp(0.83) = 1773)."""
    names = ["PTS", "ARO", "TPR"]
    specs, _ = parse_list(names)
    for letter, expected, theirs_ in (("F", [3, 1500, 2300], [3, 1500, 1625]), ("W", [3, 1500, 2300], [3, 1500, 2300]),
                                      ("H", [F(5, 2), 1500, 1773], [F(5, 2), 1500, 1625])):
        text = trf(*HEADER, *PLAYERS, f"299 {letter}                3    1")
        _, columns = compute_columns(trfconv.reads(text), specs, rules="tb-2024", unrated=1500)
        assert [c.exact(0) for c in columns] == expected
        assert [F(str(x)) for x in gacrux(text.decode(), names, 1500)[1][1]] == theirs_


#: A second hand-made event (042 2025/03/01: the 2024 rules) with a PAB in every round:
#:     R1: 2-3 1-0, 4-5 draw, 1 PAB      scores: 1: U W W = 3    2: W L D = 1.5   3: L L U = 1
#:     R2: 1-2 1-0, 4-3 1-0, 5 PAB               4: D W L = 1.5  5: D U D = 2
#:     R3: 4-1 0-1, 5-2 draw, 3 PAB
PAB_PLAYERS = (player_line(1, "Alpha, Ann", rounds=("0000 - U", "   2 w 1", "   4 b 1")),
               player_line(2, "Beta, Bob", rounds=("   3 w 1", "   1 b 0", "   5 b =")),
               player_line(3, "Gamma, Gus", rounds=("   2 b 0", "   4 b 0", "0000 - U")),
               player_line(4, "Delta, Dan", rounds=("   5 w =", "   3 w 1", "   1 w 0")),
               player_line(5, "Eps, Eve", rounds=("   4 b =", "0000 - U", "   2 w =")))


def test_result_set_on_a_pairing_allocated_bye_keeps_it_a_pab():
    """``299 L`` on a PAB sets its points to a loss's (0), and the round stays a pairing-allocated
    bye (C.07 Art. 16.2.1): not a requested bye, so not a voluntary unplayed round (Art. 16.1.2).

    ``299 L 1 1``: player 1 has 2 points; BH = own 2 (dummy, Art. 16.4) + 1.5 + 1.5 = 5; BH/C1
    cuts the least significant value, an opponent's 1.5 (Art. 14.1; no VUR, so no Art. 16.5
    exception): 3.5 (as a ZPB, a VUR, the 2 was cut: 3); REP 3 (Art. 7.6).
    ``299 L 3 3``: player 3's PAB of the final round gives 0 (score 0); it is no requested bye,
    so not of category 16.2.5 and 3 is seen with its 0 (Art. 16.3.1): BH of 2 = 0 + 2 + 2 = 4,
    of 4 = 2 + 0 + 2 = 4 (as a ZPB of the final round 3 was seen with a draw: 4.5); SB of 2 =
    0x1 + 2x0 + 2x0.5 = 1 (was 1.5); REP of 3 = 3 (was 2). FIDE's reference checker agrees."""
    records = ("299 L                1    1", "299 L                3    3")
    names = ["PTS", "BH", "BH/C1", "SB", "REP"]
    text = trf(*HEADER, *PAB_PLAYERS, *records)
    specs, _ = parse_list(names)
    t = trfconv.reads(text)
    _, columns = compute_columns(t, specs, rules="tb-2024")
    values = {p.start_number: [c.exact(i) for c in columns] for i, p in enumerate(t.players)}
    assert values[1] == [2, 5, F(7, 2), 3, 3]
    assert values[2][:4] == values[4][:4] == [F(3, 2), 4, 4, 1]
    assert values[3] == [0, 3, 3, 0, 3]
    _, theirs_ = gacrux(text.decode(), names)
    assert values == {k: [F(str(x)) for x in v] for k, v in theirs_.items()}


def test_records_that_cannot_be_applied_are_reported_and_change_nothing():
    records = ("299          -1.0    2   17", "299 W         1.0", "299          -1.0    9    2",
               "299 W         1.0         3", "299          -1.0", "299 X         1.0    1    1")
    assert ours(*records) == ours()
    assert messages(*records) == [
        ("TB009", "299 record #1 (type blank, round 2) names player 17, who is not in the file; not applied to it"),
        ("TB010", ("299 record #2 (type W, round all): without ids it would set the value of a W result for the "
                  "whole event, which is the score system's business (162/362), not an unplayed result's; not "
                  "applied")),
        ("TB010", "299 record #3 (type blank, round 9): round 9 is beyond the 3 rounds of the event; not applied"),
        ("TB010", "299 record #4 (type W, round all): a result needs its round (columns 20-22); not applied"),
        ("TB010", "299 record #5 (type blank, round all): a penalty or bonus needs the ids it applies to; not applied"),
        ("TB010", "299 record #6 (type X, round 1): type 'X' is not one of W D L F H Z + -; not applied")]


# --- team events -------------------------------------------------------------------------------

TEAM_TB = ["MPTS", "GPTS", "BH:MP", "BH:GP", "SB:MP", "EMGSB"]
OUR_TEAM_TB = ["PTS:MP", "PTS:GP", "BH:MP", "BH:GP", "SB:MP", "EMGSB"]


def _team_values(text: str) -> tuple[dict, dict]:
    t = trfconv.reads(text.encode())
    specs, _ = parse_list(OUR_TEAM_TB)
    ctx, columns = compute_columns(t, specs, rules="tb-2024")
    ours_ = {x.number: [c.exact(i) for c in columns] for i, x in enumerate(ctx.team.matches.teams)}
    _, values = gacrux(text, TEAM_TB)
    return ours_, {k: [F(str(x)) for x in v] for k, v in values.items()}


def test_team_records_agree_with_fide_checker():
    """TEC's 14-team example (tiebreak/tec-team14.trf) with the three team records of gacrux's
    comment: team 3 loses 1 MP and 2 GP from round 4 (MP 10 -> 9, GP 16 -> 14; its opponents'
    Buchholz unchanged), team 5 loses 4 GP in the final score only (GP 18 -> 14), team 7's
    round-2 match becomes a win with 2 MP and 2.5 GP (MP 6 -> 7, GP 11.5 -> 12; its round-2
    opponent, team 1, sees it: BH:MP 64 -> 65)."""
    base = (FIXTURES / "tiebreak" / "tec-team14.trf").read_text(encoding="utf-8").rstrip("\n")
    records = ["299    -1.0  -2.0    4    3", "299     0.0  -4.0  999    5", "299 W   2.0   2.5    2    7"]
    ours_, theirs_ = _team_values(base + "\n" + "\n".join(records) + "\n")
    assert ours_ == theirs_
    assert ours_[3][:3] == [9, 14, 58] and ours_[5][:2] == [10, 14] and ours_[7][:2] == [7, 12]
    assert ours_[1][2] == 65


def test_reference_defect_game_points_of_a_team_record_on_a_team_pab():
    """The same defect as for a player's record (above), on a team's pairing-allocated bye: in
    the TEC team file 320 gives the team PAB 1.0 MP and 2.0 GP, to team 12 in round 5 and team 14
    in round 7. ``299 L 0.0 0.0 5 12`` sets team 12's PAB to 0 MP and 0 GP: its GP 7.5 - 2 = 5.5;
    ``299 W 2.0 4.0 7 14`` sets team 14's to 2 MP and 4 GP: 11.5 + 2 = 13.5. gacrux applies the
    record's match points but keeps the 320 game points: 7.5 and 11.5."""
    base = (FIXTURES / "tiebreak" / "tec-team14.trf").read_text(encoding="utf-8").rstrip("\n")
    for record, team, ours_gp, theirs_gp in (("299 L   0.0   0.0    5   12", 12, F(11, 2), F(15, 2)),
                                             ("299 W   2.0   4.0    7   14", 14, F(27, 2), F(23, 2))):
        ours_, theirs_ = _team_values(base + "\n" + record + "\n")
        plain, _ = _team_values(base + "\n")
        assert (plain[team][1], ours_[team][1], theirs_[team][1]) == (theirs_gp, ours_gp, theirs_gp)
        assert ours_[team][0] == theirs_[team][0]  # match points: both apply the record's


def test_sharly_sample_keeps_agreeing_with_fide_checker():
    """The TEC sample adapted to TRF26 by Sharly-Chess kept its two 299 records in the draft's
    columns (``299 +  2.0  2.5   1    1``). trfconv keeps them verbatim (TRF010) and applies
    nothing; gacrux reads them as defaults for its keys ``+`` and ``-`` (MP 2.0 / GP 0.5 from
    the wrong columns), which nothing reads. Both give India (team 1) 15 MP, 28 GP, and the one
    TB008 (Denmark) stays the only one."""
    path = FIXTURES / "trf" / "Sharly-Chess__sharly-chess__example_trf26.trf"
    s = standings(trfconv.read(path))
    assert [d.code for d in s.diagnostics if d.code.startswith("TB0") and "TB009" <= d.code <= "TB012"] == []
    assert [r.scores for r in s.rows if r.number == 1] == [(15, 28)]
    _, values = gacrux(path.read_text(encoding="utf-8"), ["MPTS", "GPTS"])
    assert [F(str(x)) for x in values[1]] == [15, 28]


# --- generated events --------------------------------------------------------------------------

COMPARED = ["PTS", "WIN", "WON", "REP", "BH", "BH/C1", "SB", "SB/C1", "KS", "PS", "FB", "AOB"]


def _records(t: trfconv.model.Tournament, rnd: random.Random) -> list[str]:
    """Penalties/bonuses (any round, all rounds, 999) and results set on any round: games played
    over the board, PABs, requested byes, forfeits (the benchmark generator writes every round,
    so gacrux has an entry to change). Left out: ``F`` on an unplayed round (a VUR for gacrux,
    see test_reference_defect_full_point_bye_set_by_a_record_is_a_vur) and points on a result
    (which gacrux does not read, test_reference_defect_result_points_of_an_individual_record)."""
    out = []
    unplayed = [(p, r) for p in t.players for r, e in enumerate(p.rounds, 1) if not isinstance(e, Game)]
    for _ in range(rnd.randint(1, 4)):
        p = rnd.choice(t.players)
        if rnd.random() < 0.5:
            if unplayed and rnd.random() < 0.6:
                p, r = rnd.choice(unplayed)
            else:
                r = rnd.randint(1, len(p.rounds))
            letters = "WDLFHZ+-" if isinstance(p.rounds[r - 1], Game) else "WDLHZ+-"
            out.append(f"299 {rnd.choice(letters)}              {r:>3} {p.start_number:>4}")
        else:
            value = rnd.choice(["-1.0", "-0.5", " 0.5", " 1.0", "-2.0", "0.25", "-1.5"])
            r = rnd.choice([999, 0, rnd.randint(1, t.rounds)])
            out.append(f"299          {value}  {r:>3} {p.start_number:>4}")
    return out


@pytest.mark.parametrize("seed", range(40))
def test_generated_events_with_random_299_agree_with_fide_checker(seed):
    rnd = random.Random(seed)
    base = generate_swiss_trf(rnd.randint(6, 14), rnd.randint(3, 6), seed=seed).replace("\r\n", "\n")
    records = _records(trfconv.reads(base.encode()), rnd)
    text = base.rstrip("\n") + "\n" + "\n".join(records) + "\n"
    rules, values = gacrux(text, COMPARED)
    t = trfconv.reads(text.encode())
    specs, _ = parse_list(COMPARED)
    ctx, columns = compute_columns(t, specs, rules=EDITION_OF[rules])
    wrong = [(p.start_number, s.text, c.exact(i), values[p.start_number][k])
             for i, p in enumerate(t.players) for k, (s, c) in enumerate(zip(specs, columns, strict=True))
             if not same(c.exact(i), values[p.start_number][k], s.code, ctx.f.rounds)]
    assert wrong == [], records
    assert len(t.point_adjustments) == len(records)
