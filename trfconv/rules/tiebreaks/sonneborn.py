"""Sonneborn-Berger and Koya (C.07 Art. 9) and the seed systems weighting opponents by result."""

from __future__ import annotations

from fractions import Fraction

from ...messages import msg
from .buchholz import scores_seen, sums
from .context import Column, Context
from .field import PAB, PLAYED
from .registry import FFE_MANUAL, WIKIPEDIA, tiebreak
from .rules import seed_data
from .spec import Spec


@tiebreak("SB", "C.07 9.1", msg("Sonneborn-Berger"), modifiers="CMPD")
def sonneborn_berger(ctx: Context, spec: Spec) -> Column:
    """SB (C.07 9.1): the sum over the rounds of the opponent's adjusted score times the points
    scored against it; an own unplayed round counts the edition's own-round value (Art. 16.4
    dummy, 2026 caps, 2009 virtual opponent) times the points awarded. ``/Cn`` cuts the
    lowest-scoring opponent, then the lowest product (Art. 14.1 as worded from Aug 2024; the
    2023 wording gives the same values on the TEC exercises), comparing with the lowest VUR
    product (Art. 16.5: the higher of the two is cut). ``/Mn`` (SB median of seed 003) also cuts
    the best-scoring opponents. Values are in units squared."""
    f = ctx.f
    return Column(sums(ctx, spec, weighted=True, fore=False, low=spec.cut_low, high=spec.cut_high),
                  f.unit * f.unit)


def koya_limit(ctx: Context, spec: Spec) -> Fraction:
    """The Koya limit in units: 50 % (``/Lp``: p %) of the points a player can score, moved by
    ``/L±n`` half-points (Art. 14.5). In a round robin with an odd number of players each
    player has byes, and players who never played do not count (as FIDE's checker does)."""
    f = ctx.f
    games = f.rounds
    if f.round_robin:
        if f.size and f.rounds % f.size == 0:
            games -= f.rounds // f.size
        games -= sum(1 for opps, kinds in zip(f.opponent, f.kind, strict=True)
                     if all(o < 0 for o in opps) and PLAYED not in kinds and PAB not in kinds)
    percent = spec.limit_percent if spec.limit_percent is not None else 50
    return Fraction(percent * f.win * games, 100) + spec.limit_points * f.unit


@tiebreak("KS", "C.07 9.2", msg("Koya system"), modifiers="L")
def koya(ctx: Context, spec: Spec) -> Column:
    """KS (C.07 9.2): points scored against the opponents whose final score reaches the limit
    (:func:`koya_limit`). Every scheduled game counts, forfeits included (Art. 15.2: in a round
    robin forfeits are games; a Swiss may use KS only when its regulations define it)."""
    f = ctx.f
    limit = koya_limit(ctx, spec)
    reaches = [s >= limit for s in f.score]
    return Column([sum(p for o, p in zip(f.opponent[i], f.points[i], strict=True) if o >= 0 and reaches[o])
                   for i in range(f.size)], f.unit)


@tiebreak("OTHER_KOYAX", msg("{manual} 2.1.3.1", manual=FFE_MANUAL), msg("extended Koya"))
def extended_koya(ctx: Context, spec: Spec) -> Column:
    """Extended Koya (seed 000 §2.1.3.1): Koya at the 50 % limit, then extended step by step to
    each lower score group of opponents. The value is the tuple of the successive Koya values,
    compared in order (seed example: Claude 3 / 3.5 / 4.5 before Bernard 3 / 3.5 / 4)."""
    f = ctx.f
    limit = koya_limit(ctx, spec)
    levels = [limit] + sorted({s for s in f.score if s < limit}, reverse=True)
    values = []
    for i in range(f.size):
        against = [(f.score[o], p) for o, p in zip(f.opponent[i], f.points[i], strict=True) if o >= 0]
        values.append(tuple(sum(p for s, p in against if s >= level) for level in levels))
    return Column(values, f.unit)


@tiebreak("OTHER_COONS", WIKIPEDIA, msg("Coons (opponents beaten, half drawn, a fifth lost)"), brief=msg("Coons"), modifiers="D")
def coons(ctx: Context, spec: Spec) -> Column:
    """Coons (seed 003): the adjusted scores of the opponents beaten, half of those drawn and a
    fifth of those lost to (games over the board). Exact fractions."""
    f = ctx.f
    seen, _ = scores_seen(ctx, draws=spec.draws)
    weights = {2: Fraction(*seed_data()["coons"][0]), 1: Fraction(*seed_data()["coons"][1]),
               0: Fraction(*seed_data()["coons"][2])}
    values = []
    for i in range(f.size):
        total = Fraction(0)
        for k, o, out in zip(f.kind[i], f.opponent[i], f.outcome[i], strict=True):
            if k == PLAYED and o >= 0 and out >= 0:
                total += weights[out] * seen[o]
        values.append(total / f.unit)
    return Column(values)
