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

from .evaluate import Context, Dropped, TitleNorm, credit_bound, evaluate, least_count, raised_average, route_of
from .games import NormGame, Record
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
    """The chosen result of ``candidate`` for ``title`` (see the module docstring).

    The sets are looked at in a fixed order (the longest trailing cut first; within it, fewer
    beaten opponents dropped first, each number of them in ``combinations`` order), and a set
    replaces the one chosen only when strictly better, so ties go to the first found. Whole
    groups of sets (one cut, one number dropped) are passed over when a bound shows that none of
    them achieves the norm or could be chosen (:class:`_Cut`); the others are judged one by one,
    first on their numbers (:func:`credit_bound`), then in full (:func:`evaluate`)."""
    games = rec.games
    full = evaluate(ctx, candidate, title, games, (), rec.missing)
    if ctx.round_robin or (title.women and candidate.woman is not True) or not possible(ctx, title, rec):
        return full  # a women's title for a player not known to be a woman: no set achieves it
    rules = ctx.rules
    chosen = full if full.achieved else None
    least = ctx.least_games
    for cut in range(len(games), least - 1, -1):
        prefix, tail = games[:cut], games[cut:]
        dropped_tail = tuple(Dropped(g, rules.article("later_games")) for g in tail)
        group = _Cut(ctx, title, prefix, rec)
        for size in range(0, min(len(group.wins), cut - least) + 1):
            if not cut < len(games) and size == 0:
                continue  # the full set, judged above
            drops = len(tail) + size
            if chosen is not None and chosen.credited_games == rules.credited_cap and drops > len(chosen.dropped):
                break  # the chosen set has the most credit there is (1.7) and fewer drops
            if not _could_be_chosen(group.bound(size), drops, chosen):
                continue  # no set of this size achieves the norm, or none can be chosen
            n, half_points = cut - size, group.half_points - 2 * size
            for drop in combinations(group.wins, size):
                out = set(drop)
                lowest = group.lowest(next((prefix[i].rating for i in group.by_rating if i not in out), None))
                ra = raised_average(title, n, group.total - sum(prefix[i].rating for i in drop), lowest)
                if not _could_be_chosen(credit_bound(ctx, title, n, half_points, ra), drops, chosen):
                    continue  # fails, or cannot be chosen over the set already chosen
                kept = tuple(g for i, g in enumerate(prefix) if i not in out)
                dropped = tuple(sorted((*(Dropped(prefix[i], rules.article("beaten")) for i in drop),
                                        *dropped_tail), key=lambda d: d.round))
                result = evaluate(ctx, candidate, title, kept, dropped, rec.missing)
                if result.achieved and (chosen is None or _better(result, chosen)):
                    chosen = result
    return chosen or full


def _could_be_chosen(bound: int | None, drops: int, chosen: TitleNorm | None) -> bool:
    """Whether sets of ``drops`` dropped games credited with at most ``bound`` games (None: none
    achieves the norm) could be chosen over ``chosen``: more credit, or as much with no more drops
    (equal ones are judged, and kept only when strictly better, see :func:`_better`)."""
    if bound is None:
        return False
    return chosen is None or (bound, -drops) >= (chosen.credited_games, -len(chosen.dropped))


class _Cut:
    """The games up to one trailing cut (1.4.1e), summed once, and what dropping ``size`` of its
    wins (1.4.1f) can reach at best. Every set of one size has the same games and score; the
    highest Ra among them drops the lowest-rated wins (kept ratings, sorted, are then highest one
    by one, and Ra with its one raise to the floor only rises with each), and the most opponents
    holding a title keeps every holder it can. So :meth:`bound` bounds the whole group exactly as
    :func:`credit_bound`, 1.4.5 and the number of games (1.4.1) judge one set."""

    def __init__(self, ctx: Context, title: TitleRule, prefix: tuple[NormGame, ...], rec: Record):
        self.ctx, self.title, self.missing = ctx, title, rec.missing
        self.games = len(prefix)
        self.wins = [i for i, g in enumerate(prefix) if g.won]  #: the games 1.4.1f may drop
        self.by_rating = sorted(self.wins, key=lambda i: prefix[i].rating)  #: the wins, lowest rated first
        self.win_ratings = [prefix[i].rating for i in self.by_rating]
        others = [g for g in prefix if not g.won]  #: kept in every set
        self.lowest_other = min((g.rating for g in others), default=None)
        self.total = sum(g.rating for g in prefix)
        self.half_points = sum(g.half_points for g in prefix)
        wins = [prefix[i] for i in self.wins]
        self.holders = (sum(1 for g in others if not g.titles.isdisjoint(title.holders)),
                        sum(1 for g in wins if not g.titles.isdisjoint(title.holders)))
        self.titled = (sum(1 for g in others if g.titled), sum(1 for g in wins if g.titled))

    def lowest(self, lowest_win: int | None) -> int:
        """The lowest kept rating, given the lowest kept win's (None: every win dropped)."""
        return min(x for x in (self.lowest_other, lowest_win) if x is not None)

    def bound(self, size: int) -> int | None:
        """The most games any set dropping ``size`` wins is credited with; None: none of them
        achieves the norm."""
        ctx, rules, n = self.ctx, self.ctx.rules, self.games - size
        kept_wins = len(self.wins) - size
        if not route_of(ctx, n, False, self.missing).ok:
            return None  # 1.4.1a/b: too few games once one is dropped (1.4.1c and d need them all)
        if self.holders[0] + min(kept_wins, self.holders[1]) < least_count(
                rules.holders_fraction, n, ctx.double, rules.holders_minimum):
            return None  # 1.4.5b-e
        if self.titled[0] + min(kept_wins, self.titled[1]) < least_count(rules.titled_fraction, n, ctx.double):
            return None  # 1.4.5a
        kept = self.win_ratings[size:]
        ra = raised_average(self.title, n, self.total - sum(self.win_ratings[:size]),
                            self.lowest(kept[0] if kept else None))
        return credit_bound(ctx, self.title, n, self.half_points - 2 * size, ra)


def _better(a: TitleNorm, b: TitleNorm) -> bool:
    """``a`` is chosen over ``b`` (credited games, fewer drops, earlier rounds kept)."""
    key_a = (-(a.credited_games or 0), len(a.dropped), tuple(g.round for g in a.kept))
    key_b = (-(b.credited_games or 0), len(b.dropped), tuple(g.round for g in b.kept))
    return key_a < key_b
