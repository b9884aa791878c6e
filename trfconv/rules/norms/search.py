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

from functools import cache, lru_cache
from itertools import combinations

from .evaluate import Context, Dropped, TitleNorm, credit_bound, evaluate, least_count, raised_average, route_of
from .games import NormGame, Record
from .people import Person
from .rules import NormRules, TitleRule, half_up, percent


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


def best(ctx: Context, candidate: Person, title: TitleRule, rec: Record, hopeful: bool | None = None) -> TitleNorm:
    """The chosen result of ``candidate`` for ``title`` (see the module docstring); ``hopeful``:
    :func:`possible`, when the caller has asked it already.

    The sets are looked at cut by cut (1.4.1e, the longest first), and within a cut by the number
    of wins dropped (1.4.1f, fewest first); a set replaces the one chosen only when strictly
    better (:func:`_rank`), so two sets keeping the same games (a last game dropped as a beaten
    opponent or as a later game) go to the first found: a cut just before a win is passed over,
    all its sets found before. A whole group (one cut, one number dropped) is passed over when its
    bound shows that none of its sets achieves the norm or could be chosen (:class:`_Cut`); in the
    others, the sets come best kept rounds first, and each is judged on its numbers
    (:func:`credit_bound`, 1.4.5's counts) and its rank before :func:`evaluate` judges it in full.
    Every pass-over rests on an exact bound: the result is the exhaustive search's
    (tests/test_norms_search.py)."""
    games = rec.games
    full = evaluate(ctx, candidate, title, games, (), rec.missing)
    if hopeful is None:
        hopeful = possible(ctx, title, rec)
    if ctx.round_robin or (title.women and candidate.woman is not True) or not hopeful:
        return full  # a women's title for a player not known to be a woman: no set achieves it
    rules = ctx.rules
    chosen = full if full.achieved else None
    rank = _rank_of(chosen) if chosen else None  #: the chosen set's
    least = max(ctx.least_games, _fewest_with_drops(ctx))  # fewer games fail 1.4.1 once one is dropped
    for cut in range(len(games), least - 1, -1):
        if cut < len(games) and games[cut].won:
            continue  # each set keeps the games of one a longer cut has found first (this win dropped as beaten)
        prefix, tail = games[:cut], games[cut:]
        group = _Cut(title, prefix)
        for size in range(0, min(len(group.wins), cut - least) + 1):
            if not cut < len(games) and size == 0:
                continue  # the full set, judged above
            drops = len(tail) + size
            if chosen is not None and chosen.credited_games == rules.credited_cap and drops > len(chosen.dropped):
                break  # the chosen set has the most credit there is (1.7) and fewer drops
            if not _may_beat(group.bound(ctx, size), drops, (), rank):
                continue  # no set of this size achieves the norm, or none can be chosen
            n, half_points = cut - size, group.half_points - 2 * size
            for keep in combinations(group.wins, len(group.wins) - size):  # the earliest rounds kept first
                if not group.enough_opponents(ctx, n, keep):
                    continue  # fails 1.4.5
                ratings = [prefix[i].rating for i in keep]
                ra = raised_average(title, n, group.total_other + sum(ratings),
                                    group.lowest(min(ratings, default=None)))
                bound = credit_bound(ctx, title, n, half_points, ra)
                if bound is None:
                    continue  # fails 1.4.8, 1.4.8a or 1.4.8b
                kept_set = group.others | set(keep)
                kept = tuple(g for i, g in enumerate(prefix) if i in kept_set)
                if not _may_beat(bound, drops, tuple(g.round for g in kept), rank):
                    continue  # cannot be chosen over the set already chosen
                dropped = tuple(sorted((*(Dropped(g, rules.article("beaten")) for i, g in enumerate(prefix)
                                          if i not in kept_set), *(Dropped(g, rules.article("later_games"))
                                                                   for g in tail)), key=lambda d: d.round))
                result = evaluate(ctx, candidate, title, kept, dropped, rec.missing)
                if result.achieved and (rank is None or _rank_of(result) < rank):
                    chosen, rank = result, _rank_of(result)
    return chosen or full


@lru_cache(maxsize=64)  # one per event judged (a server judges many)
def _fewest_with_drops(ctx: Context) -> int:
    """The fewest games a set with a game dropped can have and meet 1.4.1 (a or b; c and d need
    every game kept: :func:`route_of`), more than the rounds when none can."""
    return next((n for n in range(ctx.rounds + 1) if route_of(ctx, n, False, ()).ok), ctx.rounds + 1)


@cache
def _opponents_needed(rules: NormRules, n: int) -> tuple[int, int]:
    """The titled opponents (1.4.5a) and the title holders (1.4.5b-e) ``n`` games need (the search
    runs in single round events only)."""
    return (least_count(rules.titled_fraction, n, False),
            least_count(rules.holders_fraction, n, False, rules.holders_minimum))


def _enough_opponents(rules: NormRules, n: int, titled: int, holders: int) -> bool:
    """1.4.5 on ``n`` games with ``titled`` titled opponents and ``holders`` title holders."""
    need_titled, need_holders = _opponents_needed(rules, n)
    return titled >= need_titled and holders >= need_holders


def _rank(credited: int, drops: int, kept_rounds: tuple[int, ...]) -> tuple:
    """The order of choice of the module docstring, lowest first."""
    return -credited, drops, kept_rounds


def _rank_of(norm: TitleNorm) -> tuple:
    return _rank(norm.credited_games or 0, len(norm.dropped), tuple(g.round for g in norm.kept))


def _may_beat(bound: int | None, drops: int, kept_rounds: tuple[int, ...], rank: tuple | None) -> bool:
    """Whether a set (or a group of sets: ``kept_rounds`` empty, below every set's) with ``drops``
    dropped games, credited with at most ``bound`` games (None: it fails), could be chosen over
    the set of ``rank`` (None: none chosen yet): its best rank is strictly lower."""
    return bound is not None and (rank is None or _rank(bound, drops, kept_rounds) < rank)


class _Cut:
    """The games up to one trailing cut (1.4.1e), summed once, and what dropping ``size`` of its
    wins (1.4.1f) can reach at best (:meth:`bound`). Every set of one size has the same number of
    games and the same score; the highest Ra among them drops the lowest-rated wins (its kept
    ratings, sorted, are each at least the others', and Ra with its one raise to the floor only
    rises with each); the most opponents holding a title keeps every holder it can."""

    def __init__(self, title: TitleRule, prefix: tuple[NormGame, ...]):
        self.title = title
        self.games = len(prefix)
        self.wins: list[int] = []  #: the games 1.4.1f may drop
        self.others: set[int] = set()  #: kept in every set
        self.lowest_other: int | None = None
        self.total_other = self.half_points = 0
        self.holders = [0, 0]  #: opponents holding the title or a higher one: among the others, the wins
        self.titled = [0, 0]  #: titled opponents (1.4.5a): among the others, the wins
        self.holder_wins: set[int] = set()
        self.titled_wins: set[int] = set()
        for i, g in enumerate(prefix):  # one pass: this runs for every cut of every candidate
            won = g.won
            if won:
                self.wins.append(i)
            else:
                self.others.add(i)
                self.total_other += g.rating
                if self.lowest_other is None or g.rating < self.lowest_other:
                    self.lowest_other = g.rating
            self.half_points += g.half_points
            holder = not g.titles.isdisjoint(title.holders)
            self.holders[won] += holder
            self.titled[won] += g.titled
            if won and holder:
                self.holder_wins.add(i)
            if won and g.titled:
                self.titled_wins.add(i)
        self.win_ratings = sorted(prefix[i].rating for i in self.wins)  #: lowest first

    def lowest(self, lowest_win: int | None) -> int:
        """The lowest kept rating, given the lowest kept win's (None: every win dropped)."""
        return min(x for x in (self.lowest_other, lowest_win) if x is not None)

    def enough_opponents(self, ctx: Context, n: int, keep: tuple[int, ...]) -> bool:
        """Whether the set of ``n`` games keeping the wins ``keep`` has the titled opponents and
        title holders 1.4.5 asks for (as :func:`evaluate` counts them, before it is called)."""
        return _enough_opponents(ctx.rules, n, self.titled[0] + len(self.titled_wins.intersection(keep)),
                                 self.holders[0] + len(self.holder_wins.intersection(keep)))

    def bound(self, ctx: Context, size: int) -> int | None:
        """The most games any set dropping ``size`` wins is credited with, as :func:`credit_bound`
        judges one set; None: none of them achieves the norm (too few titled opponents or title
        holders for 1.4.5, or the numbers of 1.4.8; the search keeps enough games for 1.4.1)."""
        n = self.games - size
        kept_wins = len(self.wins) - size
        if not _enough_opponents(ctx.rules, n, self.titled[0] + min(kept_wins, self.titled[1]),
                                 self.holders[0] + min(kept_wins, self.holders[1])):
            return None  # 1.4.5
        kept = self.win_ratings[size:]
        ra = raised_average(self.title, n, self.total_other + sum(kept), self.lowest(kept[0] if kept else None))
        return credit_bound(ctx, self.title, n, self.half_points - 2 * size, ra)
