"""The best set of games for a norm: an exhaustive search over what 1.4.1e and 1.4.1f allow.

In an event without predetermined pairings (a Swiss), the games after the title result may be
ignored (1.4.1e: a trailing run of rounds), and in any event the games against beaten opponents
(1.4.1f: any subset of real wins), provided the rest still meets every requirement. A round robin
is judged on all its scheduled rounds (QC 2023: "a norm cannot be based on 9 rounds in a 12-player
round robin").

Among the sets that achieve the norm, the one chosen (documented, so that two tools agree):

1. the most **credited games** (1.4.1b/c/d, 1.7: what the norm is worth in a title application);
2. then the fewest dropped games;
3. then the one keeping the earlier rounds (its kept rounds, in order, compare lowest first).

When no set achieves it, the result on every counted game is given, with what fails.
"""

from __future__ import annotations

from itertools import combinations

from .evaluate import Context, Dropped, TitleNorm, credit_bound, evaluate
from .games import Record
from .people import Person
from .rules import TitleRule, half_up, percent


def possible(ctx: Context, title: TitleRule, rec: Record) -> bool:
    """Whether some set of games could meet 1.4.8a, 1.4.8 and 1.4.5b-e at all, by bounds over the
    fewest games any route accepts: the average of the highest ratings (each at least the floor)
    reaches Ra, that average plus the dp of the best results reaches Rp, and enough opponents hold
    the title. A quick test that spares the search for most players."""
    least = ctx.least_games
    if len(rec.games) < least:
        return False
    top = sorted((max(g.rating, title.floor) for g in rec.games), reverse=True)[:least]
    ra = half_up(sum(top), least)
    if ra < title.ra:
        return False
    results = sorted((g.half_points for g in rec.games), reverse=True)[:least]
    if ra + ctx.rules.dp(percent(sum(results), least)) < title.rp:
        return False
    holders = sum(1 for g in rec.games if not g.titles.isdisjoint(title.holders))
    return holders >= least_holders(ctx)


def least_holders(ctx: Context) -> int:
    """The fewest opponents holding the title any norm needs (1.4.5b-e; a double round robin: half,
    over different opponents)."""
    return -(-ctx.rules.holders_minimum // 2) if ctx.double else ctx.rules.holders_minimum


def best(ctx: Context, candidate: Person, title: TitleRule, rec: Record) -> TitleNorm:
    """The chosen result of ``candidate`` for ``title`` (see the module docstring)."""
    games = rec.games
    full = evaluate(ctx, candidate, title, games, (), rec.missing)
    if ctx.round_robin or not possible(ctx, title, rec):
        return full
    rules = ctx.rules
    chosen = full if full.achieved else None
    least = ctx.least_games
    for cut in range(len(games), least - 1, -1):
        prefix, tail = games[:cut], games[cut:]
        dropped_tail = tuple(Dropped(g, rules.article("later_games")) for g in tail)
        wins = [i for i, g in enumerate(prefix) if g.won]
        for size in range(0, min(len(wins), cut - least) + 1):
            if not cut < len(games) and size == 0:
                continue  # the full set, judged above
            if chosen is not None and chosen.credited_games == rules.credited_cap \
                    and len(tail) + size > len(chosen.dropped):
                break  # the chosen set has the most credit there is (1.7) and fewer drops
            for drop in combinations(wins, size):
                out = set(drop)
                kept = tuple(g for i, g in enumerate(prefix) if i not in out)
                bound = credit_bound(ctx, title, kept)
                if bound is None or (chosen is not None and (bound, -(len(tail) + size))
                                     < (chosen.credited_games, -len(chosen.dropped))):
                    continue  # fails, or cannot be chosen over the set already chosen
                dropped = tuple(sorted((*(Dropped(prefix[i], rules.article("beaten"))
                                          for i in drop), *dropped_tail), key=lambda d: d.round))
                result = evaluate(ctx, candidate, title, kept, dropped, rec.missing)
                if result.achieved and (chosen is None or _better(result, chosen)):
                    chosen = result
    return chosen or full


def _better(a: TitleNorm, b: TitleNorm) -> bool:
    """``a`` is chosen over ``b`` (credited games, fewer drops, earlier rounds kept)."""
    key_a = (-(a.credited_games or 0), len(a.dropped), tuple(g.round for g in a.kept))
    key_b = (-(b.credited_games or 0), len(b.dropped), tuple(g.round for g in b.kept))
    return key_a < key_b
