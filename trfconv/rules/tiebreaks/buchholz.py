"""Buchholz family (C.07 Art. 8, and the seed systems built on the opponents' scores).

Every value is a sum over the rounds of a participant of a contribution: the opponent's
adjusted score for a game (Art. 16.3), the edition's own-round value for an unplayed round
(Art. 16.4 dummy, 2026 caps, or the 2009 virtual opponent). Cut and Median remove the least /
most significant contributions, VURs first when the edition says so (Art. 14, 16.5).
"""

from __future__ import annotations

from fractions import Fraction
from operator import mul

from ...messages import msg
from .context import Column, Context
from .field import PLAYED, POSTPONED, VUR_KINDS, Field
from .registry import FFE_MANUAL, FRENCH_GUIDE, WIKIPEDIA, tiebreak
from .rules import seed_data
from .spec import Spec
from .unplayed import adjusted_scores, own_round_values


def scores_seen(ctx: Context, *, draws: bool = False, fore: bool = False) -> tuple[list[int], list[int]]:
    """Adjusted scores (what opponents see, own dummy score), cached per variant."""
    return ctx.cached(("as", draws, fore), lambda: adjusted_scores(ctx.f, ctx.rules, draws_all=draws, fore=fore))


#: One participant's contributions: the opponent score of each counted round, the value each
#: round adds (the same list unless weighted), and which rounds are VURs (None: none is).
Counted = tuple[list[int], list[int], list[bool] | None]


def contributions(ctx: Context, spec: Spec, *, weighted: bool, fore: bool = False,
                  weigh: Field | None = None) -> list[Counted]:
    """Cached :func:`_contributions` (BH, its cuts and AOB share one computation)."""
    key = ("contributions", weighted, fore, spec.draws, spec.played_forfeits, id(weigh))
    return ctx.cached(key, lambda: _contributions(ctx, spec, weighted=weighted, fore=fore, weigh=weigh))


def _contributions(ctx: Context, spec: Spec, *, weighted: bool, fore: bool,
                   weigh: Field | None = None) -> list[Counted]:
    """Per player, a :data:`Counted`: for each counted round the opponent score and the value (units;
    the value is ``score x own points`` when ``weighted``, Sonneborn-Berger, Art. 9.1; the own
    points are those of the field ``weigh`` when given: the extended Sonneborn-Berger of teams,
    Art. 13.2, weighs the opponents' MP or GP by the team's own GP or MP), and which are VURs.

    A game counts the opponent's adjusted score. A forfeit counts as a game against the
    scheduled opponent in a round robin (Art. 15.2), with ``/P``, and for Fore Buchholz in the
    final round (Art. 8.3: every paired game of the last round is taken as drawn). Any other
    unplayed round of a Swiss counts the edition's own-round value; in a round robin a round
    without opponent is not counted (Art. 15.2: only forfeits are unplayed rounds there). A
    pairing waiting for its result (a postponed game) is no round yet: not counted.
    """
    f = ctx.f
    seen, own = scores_seen(ctx, draws=spec.draws, fore=fore)
    rr, n = f.round_robin, f.rounds
    as_games = rr or spec.played_forfeits
    last = n - 1
    result: list[Counted] = []
    weights = (weigh or f).points
    for i in range(f.size):
        kinds, opps, pts = f.kind[i], f.opponent[i], weights[i]
        if n and kinds.count(PLAYED) == n and min(opps) >= 0:  # every round a game: the opponents' scores
            scores = list(map(seen.__getitem__, opps))
            result.append((scores, list(map(mul, scores, pts)) if weighted else scores, None))
            continue
        own_value = None
        scores, values, vurs = [], [], []
        for r in range(n):
            o = opps[r]
            k = kinds[r]
            if o >= 0 and (k == PLAYED or as_games or (fore and r == last)):
                s, vur = seen[o], False
            elif rr or k == POSTPONED:
                continue
            else:
                if own_value is None:
                    own_value = own_round_values(f, ctx.rules, i, own[i], seen)
                s, vur = own_value(r), k in VUR_KINDS
            scores.append(s)
            values.append(s * pts[r])
            vurs.append(vur)
        result.append((scores, values if weighted else scores, vurs if any(vurs) else None))
    return result


def cut_sum(row: Counted, low: int, high: int, rounds: int, vur_first: bool) -> int:
    """Sum of the values after removing ``low`` least and ``high`` most significant ones.

    Least significant (Art. 14.1): the lowest opponent score, then the lowest value. With VURs
    (Art. 16.5, ``vur_first``) the lowest VUR value is cut instead when it is not lower than the
    least significant value (for SB: the higher of the two is cut). The high cut of a Median has
    no VUR exception (Art. 16.5 speaks of the least significant value only)."""
    scores, values, vurs = row
    if not low and not high:
        return sum(values)
    low = min(low, rounds)
    high = min(high, rounds - low)
    if vurs is None or not vur_first:
        # The cuts are then the ends of the rounds in (score, value) order (rounds equal in both
        # are worth the same, whichever is cut); unweighted, the values are the scores.
        ordered = sorted(values) if values is scores else [v for _, v in sorted(zip(scores, values, strict=True))]
        cut_low = min(low, len(ordered))
        return sum(ordered[cut_low:len(ordered) - min(high, len(ordered) - cut_low)])
    items = list(zip(scores, values, vurs, strict=True))
    for _ in range(low):
        if not items:
            break
        lsv = min(items, key=lambda x: (x[0], x[1]))
        pick = lsv
        vur_items = [x for x in items if x[2]]
        if vur_items:
            lowest_vur = min(vur_items, key=lambda x: (x[1], x[0]))
            if not lsv[1] > lowest_vur[1]:
                pick = lowest_vur
        items.remove(pick)
    for _ in range(high):
        if not items:
            break
        items.remove(max(items, key=lambda x: (x[0], x[1])))
    return sum(v for _, v, _ in items)


def sums(ctx: Context, spec: Spec, *, weighted: bool, fore: bool, low: int, high: int,
          weigh: Field | None = None) -> list[int]:
    rows = contributions(ctx, spec, weighted=weighted, fore=fore, weigh=weigh)
    if not low and not high:
        return [sum(values) for _, values, _ in rows]
    n, vur_first = ctx.f.rounds, ctx.rules.vur_cut_first
    return [cut_sum(row, low, high, n, vur_first) for row in rows]


@tiebreak("BH", "C.07 8.1", msg("Buchholz"), modifiers="CMPD")
def buchholz(ctx: Context, spec: Spec) -> Column:
    """BH (C.07 8.1): the sum of the opponents' adjusted scores (Art. 16.3) plus, for each own
    unplayed round, the edition's value: 2023/2024 Art. 16.4 the dummy = own final score; 2026
    Art. 16.4.1/16.4.2 the capped dummy; tb-2009 the virtual opponent (Kallithea 2009, seed 000).
    ``/Cn`` and ``/Mn`` per Art. 14.1-14.4 with the 16.5 VUR exception (not in tb-2009).
    Also Solkoff (seeds 003/004: the same sum of adjusted scores)."""
    return Column(sums(ctx, spec, weighted=False, fore=False, low=spec.cut_low, high=spec.cut_high),
                  ctx.f.unit)


@tiebreak("FB", "C.07 8.3", msg("Fore Buchholz"), modifiers="CMPD")
def fore_buchholz(ctx: Context, spec: Spec) -> Column:
    """FB (C.07 8.3): Buchholz as if every game paired in the final round had been drawn, for
    everyone (the player's own dummy score too); byes of the final round keep their value, a
    final-round forfeit counts as a drawn game (TEC exercise 10: the definition "conceals"
    forfeits of the last round). Modifiers as BH."""
    return Column(sums(ctx, spec, weighted=False, fore=True, low=spec.cut_low, high=spec.cut_high),
                  ctx.f.unit)


def bh_values(ctx: Context, spec: Spec, *, fore: bool) -> list[int]:
    """Plain BH (or FB) of every player, as other tie-breaks read it."""
    plain = Spec("FB" if fore else "BH", "FB" if fore else "BH", draws=spec.draws)
    return sums(ctx, plain, weighted=False, fore=fore, low=0, high=0)


@tiebreak("AOB", "C.07 8.2", msg("average of opponents' Buchholz"), modifiers="FD")
def average_of_buchholz(ctx: Context, spec: Spec) -> Column:
    """AOB (C.07 8.2): the mean Buchholz (``/F``: Fore Buchholz, 2026) of the opponents met over
    the board. Exact (FIDE states no rounding); None without such an opponent."""
    f = ctx.f
    bh = bh_values(ctx, spec, fore=spec.fore)
    values = []
    for i in range(f.size):
        total = count = 0
        for k, o in zip(f.kind[i], f.opponent[i], strict=True):
            if k == PLAYED and o >= 0:
                total += bh[o]
                count += 1
        values.append(Fraction(total, count * f.unit) if count else None)
    return Column(values)


@tiebreak("OTHER_HARKNESS", WIKIPEDIA, msg("Harkness / median Buchholz (cut by number of rounds)"), brief=msg("Harkness / median Buchholz"), modifiers="D")
def harkness(ctx: Context, spec: Spec) -> Column:
    """Harkness / median Buchholz (seeds 003 and 004): Buchholz less the best and the worst
    opponents, as many of each as the number of rounds says (seed 003: 1 below 9 rounds, 2 up
    to 12, 3 above; seed 004 starts the 2 at 8 rounds; seed 003 is followed, see tb-2009.toml)."""
    k = _cut_by_rounds(ctx.f.rounds)
    return Column(sums(ctx, spec, weighted=False, fore=False, low=k, high=k), ctx.f.unit)


@tiebreak("OTHER_BRAZILIAN", WIKIPEDIA, msg("Brazilian / truncated Buchholz (cut by number of rounds)"), brief=msg("Brazilian / truncated Buchholz"), modifiers="D")
def brazilian(ctx: Context, spec: Spec) -> Column:
    """Brazilian / truncated Buchholz (seed 003 "Système brésilien", seed 004): Buchholz less the
    weakest opponents, as many as :func:`harkness` cuts from each end."""
    k = _cut_by_rounds(ctx.f.rounds)
    return Column(sums(ctx, spec, weighted=False, fore=False, low=k, high=0), ctx.f.unit)


def _cut_by_rounds(rounds: int) -> int:
    count = 0
    for first, cut in seed_data()["harkness_cut"]:
        if rounds >= first:
            count = cut
    return count


@tiebreak("OTHER_BHSUM", msg("{manual} 2.2", manual=FFE_MANUAL), msg("sum of the opponents' Buchholz"), modifiers="D")
def sum_of_buchholz(ctx: Context, spec: Spec) -> Column:
    """Sum of Buchholz (seed 000 "La Somme des Buchholz"): the Buchholz of every opponent met
    over the board."""
    f = ctx.f
    bh = bh_values(ctx, spec, fore=False)
    return Column([sum(bh[o] for k, o in zip(f.kind[i], f.opponent[i], strict=True) if k == PLAYED and o >= 0)
                   for i in range(f.size)], f.unit)


@tiebreak("OTHER_YUGOSLAV", FRENCH_GUIDE, msg("adjusted scores of opponents with at least 50 %"), modifiers="D")
def yugoslav(ctx: Context, spec: Spec) -> Column:
    """Yugoslav system (seed 004): the adjusted scores of the opponents (met over the board) who
    scored at least 50 % of the points possible."""
    f = ctx.f
    seen, _ = scores_seen(ctx, draws=spec.draws)
    half = f.win * f.rounds  # compared as 2 x score >= win x rounds
    return Column([sum(seen[o] for k, o in zip(f.kind[i], f.opponent[i], strict=True)
                       if k == PLAYED and o >= 0 and 2 * f.score[o] >= half)
                   for i in range(f.size)], f.unit)
