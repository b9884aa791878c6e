"""Unplayed rounds (C.07 Art. 15-16, and the 2009 / seed methods): categories, the score a
participant's opponents see, and what a participant's own unplayed round is worth.

Categories (Art. 16.2): 16.2.1 PAB/FPB, 16.2.2 forfeit win, 16.2.3 requested bye followed by an
available round, 16.2.4 forfeit loss, 16.2.5 requested bye followed only by voluntary unplayed
rounds (VUR, 16.1.2), which covers withdrawal (16.1.1: every round after it is a ZPB). Only 16.2.5
changes the score opponents see (16.3.2: counted as a draw). Which requested byes are 16.2.5
depends on the whole event, so it is decided from each player's last available round.
"""

from __future__ import annotations

from .field import PAB, PLAYED, VUR_KINDS, Field
from .rules import TieBreakRules


def adjusted_scores(f: Field, rules: TieBreakRules, *, draws_all: bool = False,
                    fore: bool = False) -> tuple[list[int], list[int]]:
    """(score each player's opponents see, the player's own score for its dummy), in units.

    - Art. 16.3 (2023-2026): rounds of category 16.2.5 count as a draw (in a round robin, Art.
      15.2, a round without opponent counts 0, as FIDE's reference checker does); a forfeit loss
      whose opponent is known is 16.2.4 anywhere and keeps its value.
    - Kallithea 2009 (b) / seed 001 "score ajusté de type indirect" (``rules.adjusted ==
      "draws-all"`` or ``draws_all``, the ``/D`` modifier): every unplayed round counts a draw.
    - Fore Buchholz (Art. 8.3, ``fore``): every game paired in the final round (forfeits
      included: the definition "conceals" them, TEC exercise 10) counts as a draw, for the player
      and for the opponents; a player paired in the final round has no 16.2.5 round.

    A 299 penalty/bonus (``f.penalty``) is part of the player's own score but not of the score
    its opponents see, which is built from its results, as in FIDE's reference checker (gacrux
    ``tiebreak.py`` ``abh``).
    """
    draw, n = f.draw, f.rounds
    replace = 0 if f.round_robin else draw
    all_draws = draws_all or rules.adjusted == "draws-all"
    seen, own = [], []
    last_round = n - 1
    penalty = f.penalty or [0] * f.size
    for i, (kinds, opps, pts) in enumerate(zip(f.kind, f.opponent, f.points, strict=True)):
        total = f.score[i]
        if all_draws:
            adj = total
            for r, k in enumerate(kinds):
                if k != PLAYED:
                    adj += draw - pts[r]
            seen.append(adj - penalty[i])
            own.append(total)
            continue
        fore_paired = fore and n > 0 and (kinds[last_round] in (PLAYED, PAB) or opps[last_round] >= 0)
        if fore_paired:
            adj = total
            if opps[last_round] >= 0:
                adj += draw - pts[last_round]
            seen.append(adj - penalty[i])
            own.append(adj)
            continue
        adj = total
        r = n - 1
        while r >= 0 and kinds[r] in VUR_KINDS:
            if opps[r] < 0:
                adj += replace - pts[r]
            r -= 1
        seen.append(adj - penalty[i])
        own.append(total)
    return seen, own


def own_round_values(f: Field, rules: TieBreakRules, player: int, own: int, seen: list[int]):
    """What each own unplayed round contributes as an opponent score: a function of the round.

    - Art. 16.4 (2023/2024): a dummy opponent with the player's own final score.
    - Art. 16.4.1/16.4.2 (2026, ``dummy_cap``): a forfeit against a known opponent is capped at
      that opponent's adjusted score, any other unplayed round at draw x number of rounds.
    - Kallithea 2009 (a): the virtual opponent, see :func:`virtual_opponent`.
    """
    if rules.own_round == "virtual":
        pts = f.points[player]

        def virtual(r: int) -> int:
            return virtual_opponent(sum(pts[:r]), pts[r], f.rounds, r + 1, f.win, f.draw)
        return virtual
    if not rules.dummy_cap:
        return lambda r: own
    cap = f.draw * f.rounds
    opps = f.opponent[player]

    def capped(r: int) -> int:
        opp = opps[r]
        return min(own, seen[opp]) if opp >= 0 else min(own, cap)
    return capped


def virtual_opponent(before: int, result: int, n: int, r: int, win: int, draw: int) -> int:
    """Kallithea 2009: San = SJR + (1 - SfJR) + 0.5 * (n - R), the final score of the virtual
    opponent of a player who had no opponent in round ``r`` (1-based) of ``n``: the player's
    score before the round, plus the opponent's result in the round (the complement of the
    player's points there), plus a draw in every later round. All values in units."""
    return before + (win - result) + draw * (n - r)
