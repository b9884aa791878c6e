"""Rating-based tie-breaks (C.07 Art. 10) and the seed's tournament performance.

Only games played over the board count (Art. 16; in a round robin too since 2026, Art. 15.2).
Results are the game's own result (1, ½, 0), whatever the score system. Without a rating for
unrated players (``/U`` or the ``unrated`` option) the tie-breaks are undefined as soon as one
participant is unrated (Art. 10: "only if the handling of unrated players is published").
Rounding: ARO, APRO, APPO to the nearest integer, .5 up (Art. 10.1); TPR uses the rounded ARO
and p rounded to two decimals, .005 up, before the table lookup (Art. 10.2).
"""

from __future__ import annotations

from fractions import Fraction

from ...messages import msg
from .context import Column, Context
from .field import PLAYED
from .registry import FFE_MANUAL, tiebreak
from .rules import seed_data
from .spec import Spec


def half_up(numerator: int, denominator: int) -> int:
    """round(numerator / denominator), halves away from minus infinity, exactly."""
    return (2 * numerator + denominator) // (2 * denominator)


def ratings_with_unrated(ctx: Context, spec: Spec) -> list[int] | None:
    """Every player's rating, unrated players at the ``/U`` (else ``ctx.unrated``) rating; None
    when someone is unrated and no such rating is given."""
    unrated = spec.unrated if spec.unrated is not None else ctx.unrated
    ratings = ctx.f.ratings
    if unrated is None:
        return None if any(r is None for r in ratings) else list(ratings)
    return [unrated if r is None else r for r in ratings]


def _games(ctx: Context, i: int) -> list[tuple[int, int]]:
    """(opponent, result in halves) of the games player i played over the board."""
    return ctx.cached("games", lambda: _all_games(ctx))[i]


def _all_games(ctx: Context) -> list[list[tuple[int, int]]]:
    f = ctx.f
    return [[(o, out) for k, o, out in zip(f.kind[i], f.opponent[i], f.outcome[i], strict=True)
             if k == PLAYED and o >= 0 and out >= 0] for i in range(f.size)]


@tiebreak("ARO", "C.07 10.1", msg("average rating of opponents"), modifiers="CMU")
def average_rating(ctx: Context, spec: Spec) -> Column:
    """ARO (C.07 10.1): the mean rating of the opponents met over the board, rounded. ``/Cn``
    drops the n lowest ratings, ``/Mn`` also the n highest (Art. 14); undefined without a game
    left (ARO-C1 of a one-game player)."""
    ratings = ratings_with_unrated(ctx, spec)
    if ratings is None:
        return Column([None] * ctx.f.size)
    n = ctx.f.rounds
    low = min(spec.cut_low, n)
    high = min(spec.cut_high, n - low)
    values = []
    for i in range(ctx.f.size):
        opp = sorted(ratings[o] for o, _ in _games(ctx, i))
        opp = opp[low:len(opp) - high] if high else opp[low:]
        values.append(half_up(sum(opp), len(opp)) if opp else None)
    return Column(values)


def _performances(ctx: Context, spec: Spec, *, perfect: bool) -> list[int | None]:
    """Every player's TPR, or PTP when ``perfect`` (cached per kind and ``/U`` rating: each is
    computed only when a tie-break asks for it, PTP's search being the costlier)."""
    key = ("ptp" if perfect else "tpr", spec.unrated)
    return ctx.cached(key, lambda: _compute_performances(ctx, spec, perfect))


def _compute_performances(ctx: Context, spec: Spec, perfect: bool) -> list[int | None]:
    ratings = ratings_with_unrated(ctx, spec)
    size = ctx.f.size
    if ratings is None:
        return [None] * size
    rules = ctx.rules
    dp = rules.dp
    expected = _expected_table(rules.pd_upper) if perfect else []
    values: list[int | None] = []
    for i in range(size):
        games = _games(ctx, i)
        if not games:
            values.append(None)
            continue
        opp = [ratings[o] for o, _ in games]
        halves = sum(out for _, out in games)
        if perfect:
            values.append(_perfect(opp, halves, expected, rules.ptp_zero_offset))
        else:
            count = len(games)
            aro = half_up(sum(opp), count)
            p = half_up(100 * halves, 2 * count)  # percentage, .5 up
            values.append(aro + (dp[p - 50] if p >= 50 else -dp[50 - p]))
    return values


def _expected_table(pd_upper: tuple[int, ...]) -> list[int]:
    """PD of the higher-rated player, in hundredths, for a rating difference 0 … 800."""
    table, k = [], 0
    for d in range(801):
        while k < len(pd_upper) and d > pd_upper[k]:
            k += 1
        table.append(50 + k)
    return table


def _perfect(opp: list[int], halves: int, expected: list[int], zero_offset: int) -> int:
    """PTP (C.07 10.3): the lowest integer R with sum of PD(R - Rj) >= the score (B.02 8.1.2,
    no 400-point cap); a zero score gives the lowest opponent rating less 800."""
    if halves == 0:
        return min(opp) - zero_offset
    target = 50 * halves  # hundredths

    def total(r: int) -> int:
        s = 0
        for rj in opp:
            d = r - rj
            s += expected[min(800, d)] if d >= 0 else 100 - expected[-d if d > -800 else 800]
        return s

    # bracket the answer from a good guess (the average rating), doubling the step, then bisect;
    # total() is non-decreasing in r, total(min - 801) = 0 < target <= total(max + 801)
    guess, step = sum(opp) // len(opp), 32
    if total(guess) >= target:
        high, low = guess, guess - step
        while low > min(opp) - 801 and total(low) >= target:
            high, step = low, step * 2
            low = high - step
        low = max(low, min(opp) - 801)
    else:
        low, high = guess, guess + step
        while high < max(opp) + 801 and total(high) < target:
            low, step = high, step * 2
            high = low + step
        high = min(high, max(opp) + 801)
    while high - low > 1:
        mid = (low + high) // 2
        if total(mid) >= target:
            high = mid
        else:
            low = mid
    return high


@tiebreak("TPR", "C.07 10.2", msg("tournament performance rating"), modifiers="U")
def performance(ctx: Context, spec: Spec) -> Column:
    """TPR (C.07 10.2): ARO + dp(p), dp from B.02 table 8.1.1 (p = 1.0 gives +800)."""
    return Column(_performances(ctx, spec, perfect=False))


@tiebreak("PTP", "C.07 10.3", msg("perfect tournament performance"), modifiers="U")
def perfect_performance(ctx: Context, spec: Spec) -> Column:
    """PTP (C.07 10.3), see :func:`_perfect`."""
    return Column(_performances(ctx, spec, perfect=True))


def _average_of(ctx: Context, values: list[int | None]) -> list[int | None]:
    result = []
    for i in range(ctx.f.size):
        found = [values[o] for o, _ in _games(ctx, i) if values[o] is not None]
        result.append(half_up(sum(found), len(found)) if found else None)
    return result


@tiebreak("APRO", "C.07 10.4", msg("average performance rating of opponents"), modifiers="U")
def average_performance(ctx: Context, spec: Spec) -> Column:
    """APRO (C.07 10.4): the mean TPR of the opponents met over the board, rounded."""
    return Column(_average_of(ctx, _performances(ctx, spec, perfect=False)))


@tiebreak("APPO", "C.07 10.5", msg("average perfect performance of opponents"), modifiers="U")
def average_perfect(ctx: Context, spec: Spec) -> Column:
    """APPO (C.07 10.5): the mean PTP of the opponents met over the board, rounded."""
    return Column(_average_of(ctx, _performances(ctx, spec, perfect=True)))


# --- seed 000 "La Performance" -----------------------------------------------------------------

def q_value(games: int, halves: int) -> int | None:
    """The seed's quantity Q for ``halves`` half-points in ``games`` games (4 to 13), else None."""
    row = seed_data()["performance_q"].get(str(games))
    return row[halves] if row is not None and 0 <= halves < len(row) else None


def provisional_ratings(scores: list[int], ratings: list[int | None], unit: int, rounds: int) -> list[int | None]:
    """Seed 000 "Classement provisoire": an unrated player gets the mean rating of the rated
    players of his score group; a group with no rated player is placed between the nearest
    groups above and below in proportion to the Q table for ``rounds`` games ("moyenne
    pondérée", 4.5 / 4 / 3.5 of 7: 1890 - 53/110 x 140 = 1823), or at the Q difference from
    the only neighbour; such groups are placed top first and then serve as neighbours.
    Returns every player's rating to use (None when it cannot be determined)."""
    groups: dict[int, list[int]] = {}
    for i, s in enumerate(scores):
        groups.setdefault(s, []).append(i)
    level: dict[int, Fraction | None] = {}
    for s, members in groups.items():
        rated = [ratings[i] for i in members if ratings[i] is not None]
        level[s] = Fraction(sum(rated), len(rated)) if rated else None

    def q(s: int) -> int | None:
        halves = Fraction(2 * s, unit)
        return q_value(rounds, int(halves)) if halves.denominator == 1 else None

    order = sorted(groups, reverse=True)
    for position, s in enumerate(order):
        if level[s] is not None:
            continue
        above = next((a for a in reversed(order[:position]) if level[a] is not None), None)
        below = next((b for b in order[position + 1:] if level[b] is not None), None)
        qs = q(s)
        if qs is None:
            continue
        if above is not None and below is not None and q(above) is not None and q(below) is not None \
                and q(above) != q(below):
            level[s] = level[above] - Fraction(q(above) - qs, q(above) - q(below)) * (level[above] - level[below])
        elif above is not None and q(above) is not None:
            level[s] = level[above] - (q(above) - qs)
        elif below is not None and q(below) is not None:
            level[s] = level[below] + (qs - q(below))
    result = []
    for i, s in enumerate(scores):
        if ratings[i] is not None:
            result.append(ratings[i])
        else:
            v = level[s]
            result.append(half_up(v.numerator, v.denominator) if v is not None else None)
    return result


@tiebreak("OTHER_PERF", msg("{manual} 'La Performance'", manual=FFE_MANUAL), msg("tournament performance, the manual's Q table, 350 rule"))
def seed_performance(ctx: Context, spec: Spec) -> Column:
    """Tournament performance of seed 000: P = M + Q over games played over the board, M the
    mean opponents' rating with every difference above 350 points counted as 350 (the 350-point
    rule), unrated players at their provisional rating (:func:`provisional_ratings`), Q from
    the seed's table (4 to 13 games; undefined otherwise). Rounded to the nearest integer."""
    f = ctx.f
    rated = provisional_ratings(f.score, f.ratings, f.unit, f.rounds)
    cap = seed_data()["performance_cap"]
    values = []
    for i in range(f.size):
        own = rated[i]
        games = _games(ctx, i)
        opp = [rated[o] for o, _ in games]
        q = q_value(len(games), sum(out for _, out in games))
        if own is None or q is None or any(r is None for r in opp):
            values.append(None)
            continue
        clamped = [min(max(r, own - cap), own + cap) for r in opp]
        values.append(half_up(sum(clamped) + q * len(clamped), len(clamped)))
    return Column(values)
