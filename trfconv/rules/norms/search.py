"""The best set of games for a norm: the set an exhaustive search over what 1.4.1e and 1.4.1f
allow would choose, found in polynomial time.

In an event without predetermined pairings (a Swiss), the games after the title result may be
ignored (1.4.1e: a trailing run of rounds), and the games against beaten opponents (1.4.1f: any
subset of real wins), provided the rest still meets every requirement. A round robin is judged on
all its scheduled rounds (QC 2023: "a norm cannot be based on 9 rounds in a 12-player round
robin"); whether 1.4.1f applies there is a reading (``round-robin-beaten``): by default it does,
"the mix of opponents" being that of the complete event (1.4.1f's sentence for round robins).

Among the sets that achieve the norm, the one chosen (documented, so that two tools agree):

1. the most **credited games** (1.4.1b/c/d, 1.7: what the norm is worth in a title application);
2. then the fewest dropped games (the most kept);
3. then the one keeping the earlier rounds (its kept rounds, in order, compare lowest first).

What the file cannot show is assumed at its best (titles, federations: not constraining), so that
a set the missing data would decide is found too; a set that surely achieves the norm comes before
one the file cannot decide (:attr:`~.evaluate.TitleNorm.undecided`). When no set achieves it, the
result on every counted game is given, with what fails.

How it is found without trying every set. A set keeps, of the games that are not wins, the first
``j`` (a non-win can only be left out with everything after it, 1.4.1e), and ``k`` of the wins
before the next non-win (1.4.1f). For one ``(j, k)`` every set has the same number of games and
the same score, so whether it makes the norm and how many games it is credited with depend only
on its Ra, which only rises with the ratings kept (:func:`.evaluate.credit`); the best such set is
the one of the highest Ra that meets 1.4.3-1.4.5 (:class:`_Pairing`, an exact maximum: a flow of
greatest weight when the highest-rated choice fails the mix). The pairs ``(j, k)`` are taken in
the order of an upper bound of their credited games (the highest Ra any ``k`` wins can give), the
longest first, and the search stops at the first pair that cannot beat the set chosen; among the
sets of the chosen pair reaching its credit, the earliest rounds are kept one by one, each kept
when a set keeping it still reaches that credit. At most ``(non-wins + 1) x (wins + 1)`` pairs,
each solved by at most ``wins + 2`` maxima, each a flow of at most ``wins`` augmentations on a
graph of ``O(wins + federations)`` arcs: polynomial, whatever the file (``MAX_ROUNDS``). The
result equals the exhaustive search's field by field (tests/rules/norms/test_norms_search.py).
"""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache

from .evaluate import NEAR_RATING, Context, Dropped, TitleNorm, credit, evaluate, least_count, route_of
from .games import NormGame, Record
from .people import Person
from .rules import NormRules, TitleRule, half_up, percent


def possible(ctx: Context, title: TitleRule, rec: Record, slack: bool = False) -> bool:
    """Whether some set of games could meet 1.4.8a, 1.4.8 and 1.4.5b-e at all, by bounds over the
    fewest games any route accepts: the average of the highest ratings (each at least the floor)
    reaches Ra, that average plus the dp of the best results reaches Rp, and enough opponents hold
    the title. A quick test that spares the search for most players. With ``slack``, whether the
    games could miss narrowly (:attr:`.evaluate.TitleNorm.near_miss`), on one game fewer and half a
    point more: Ra and Rp reached with one title holder too few, or within ``NEAR_RATING`` points
    with enough."""
    least = ctx.least_games - slack
    if len(rec.games) < least or not least:
        return False
    margin = NEAR_RATING if slack else 0
    ratings = rec.ratings  # the highest, the lowest of them raised (or another raised: the same bound, 1.4.6b)
    ra = half_up(sum(ratings[:least - 1]) + max(ratings[least - 1], title.floor), least)
    rp = ra + ctx.rules.dp(percent(min(2 * least, sum(rec.results[:least]) + slack), least))
    short = 0 if "titles" in ctx.unknown else \
        least_holders(ctx) - sum(1 for g in rec.games if not g.titles.isdisjoint(title.holders))
    if ra >= title.ra and rp >= title.rp:
        return short <= 0 or (slack and short == 1 and _titled_enough(ctx, rec))
    return slack and short <= 0 and ra + margin >= title.ra and rp + margin >= title.rp


def _titled_enough(ctx: Context, rec: Record) -> bool:
    """1.4.5a met by all the games (a near miss by one title holder needs the rest met there)."""
    return "titles" in ctx.unknown or sum(g.titled for g in rec.games) >= least_count(
        ctx.rules.titled_fraction, len(rec.games), ctx.double)


def least_holders(ctx: Context) -> int:
    """The fewest opponents holding the title any norm needs (1.4.5b-e; a double round robin: half,
    over different opponents)."""
    return -(-ctx.rules.holders_minimum // 2) if ctx.double else ctx.rules.holders_minimum


def best(ctx: Context, candidate: Person, title: TitleRule, rec: Record, hopeful: bool | None = None) -> TitleNorm:
    """The chosen result of ``candidate`` for ``title`` (see the module docstring); ``hopeful``:
    :func:`possible`, when the caller has asked it already."""
    full = evaluate(ctx, candidate, title, rec.games, (), rec.missing)
    if hopeful is None:
        hopeful = possible(ctx, title, rec)
    if (title.women and candidate.woman is False) or not hopeful or "ratings" in ctx.unknown:
        return full  # a women's title for a man, or no set reaches Ra and Rp, or no rating to tell
    r = ctx.rules
    if ctx.round_robin and (ctx.reading("round-robin-beaten") == "all-rounds" or any(
            q.article in {r.article(x) for x in ("foreign", "own_federation", "titled", "holders")}
            for q in full.failed)):
        return full  # 1.4.1f not read into round robins, or the complete event's mix fails
    sure = not ctx.unknown & {"titles", "federations"} and (not title.women or candidate.woman is not None)
    chosen = full if full.achieved or full.undecided else None
    if chosen is not None and chosen.achieved and chosen.credited_games == r.credited_cap:
        return chosen  # the most credit there is, and every game kept: no set beats it
    search = _Search(ctx, candidate, title, rec)
    for bound, n, j, k in search.pairs():
        if chosen is not None and (chosen.achieved or not sure) and \
                (bound, n) < (chosen.credited_games or 0, len(chosen.kept)):
            break  # neither more credit nor more games kept than the set chosen
        result = search.solve(j, k)
        if result is not None and (chosen is None or _rank_of(result) < _rank_of(chosen)):
            chosen = result
    return chosen or full


@lru_cache(maxsize=64)  # one per event judged (a server judges many)
def _fewest_with_drops(ctx: Context) -> int:
    """The fewest games a set with a game dropped can have and meet 1.4.1 (a or b; c and d need
    every game kept: :func:`route_of`), more than the rounds when none can."""
    return next((n for n in range(ctx.rounds + 1) if route_of(ctx, n, False, ()).ok), ctx.rounds + 1)


@lru_cache(maxsize=4096)
def _route(ctx: Context, n: int):
    """The route of 1.4.1 of ``n`` games with a game dropped (:func:`route_of`)."""
    return route_of(ctx, n, False, ())


@cache
def _opponents_needed(rules: NormRules, n: int) -> tuple[int, int]:
    """The titled opponents (1.4.5a) and the title holders (1.4.5b-e) ``n`` games need (the search
    runs in single round events only)."""
    return (least_count(rules.titled_fraction, n, False),
            least_count(rules.holders_fraction, n, False, rules.holders_minimum))


def _rank_of(norm: TitleNorm) -> tuple:
    """The order of choice of the module docstring, lowest first."""
    return not norm.achieved, -(norm.credited_games or 0), len(norm.dropped), tuple(g.round for g in norm.kept)


def _best_sum(top: list[int], ratings: list[int], k: int, floor: int, base_sum: int, base_min: int | None) -> int:
    """The most ``base_sum`` plus ``k`` of ``ratings`` (highest first; ``top[k]`` the sum of the
    first ``k``) can give once the lowest rating kept is raised to ``floor`` (1.4.6b): the highest
    ``k``, the lowest of all raised; or the highest ``k - 1`` and any other, that one raised (it then
    counts ``floor`` whatever its rating). An upper bound of every set of ``k``."""
    lows = [x for x in (base_min, ratings[k - 1] if k else None) if x is not None]
    value = base_sum + top[k] + (max(0, floor - min(lows)) if lows else 0)
    if k:
        value = max(value, base_sum + top[k - 1] + floor)
    return value


class _Search:
    """One candidate's games for one title: the pairs ``(j, k)`` of the module docstring, and the
    best set of each."""

    def __init__(self, ctx: Context, candidate: Person, title: TitleRule, rec: Record):
        self.ctx, self.candidate, self.title, self.rec = ctx, candidate, title, rec
        self.games = rec.games
        self.nonwins = [i for i, g in enumerate(self.games) if not g.won]
        self.complete = ctx.round_robin  #: 1.4.1f in a round robin: every non-win kept, the complete event's mix
        self.titles_known = "titles" not in ctx.unknown

    def _limit(self, j: int) -> int:
        """The position of the first non-win left out when ``j`` are kept (the games end there)."""
        return self.nonwins[j] if j < len(self.nonwins) else len(self.games)

    def pairs(self) -> list[tuple[int, int, int, int]]:
        """Every ``(bound, n, j, k)`` that may achieve the norm, best first: ``bound`` the most
        games any set of the pair can be credited with, ``n = j + k`` its games."""
        ctx, title, games = self.ctx, self.title, self.games
        least = max(ctx.least_games, _fewest_with_drops(ctx))
        out = []
        base_sum = base_hp = base_titled = base_holders = 0
        base_min = None
        for j in range(len(self.nonwins) + 1):
            if j:
                g = games[self.nonwins[j - 1]]
                base_sum += g.rating
                base_hp += g.half_points
                base_titled += g.titled
                base_holders += not g.titles.isdisjoint(title.holders)
                base_min = g.rating if base_min is None else min(base_min, g.rating)
            if self.complete and j < len(self.nonwins):
                continue  # a round robin keeps all its non-wins
            wins = [games[i] for i in range(self._limit(j)) if games[i].won]
            ratings = sorted((g.rating for g in wins), reverse=True)
            top = [0]
            for x in ratings:
                top.append(top[-1] + x)
            titled_wins = sum(g.titled for g in wins)
            holder_wins = sum(not g.titles.isdisjoint(title.holders) for g in wins)
            last = len(wins) - (j == len(self.nonwins))  # every game kept: the full set, judged already
            for k in range(max(0, least - j), last + 1):
                n = j + k
                need_titled, need_holders = _opponents_needed(ctx.rules, n)
                if self.titles_known and not self.complete and (base_titled + min(k, titled_wins) < need_titled or
                                                                base_holders + min(k, holder_wins) < need_holders):
                    continue  # 1.4.5
                ra = half_up(_best_sum(top, ratings, k, title.floor, base_sum, base_min), n)
                bound = credit(ctx, title, n, base_hp + 2 * k, ra, _route(ctx, n))
                if bound is not None:
                    out.append((bound, n, j, k))
        out.sort(key=lambda x: (-x[0], -x[1]))
        return out

    def solve(self, j: int, k: int) -> TitleNorm | None:
        """The best set of the pair ``(j, k)``: the most credited games, then the earliest rounds
        kept; None when no set of it achieves the norm."""
        ctx, title, games = self.ctx, self.title, self.games
        limit = self._limit(j)
        base = [games[i] for i in self.nonwins[:j]]
        wins = [i for i in range(limit) if games[i].won]
        pairing = _Pairing(ctx, self.candidate, title, base, [games[i] for i in wins], k, self.complete)
        top = pairing.most(frozenset(), frozenset())
        if top is None:
            return None  # 1.4.3-1.4.5 fail for every set of the pair
        n, hp = j + k, sum(g.half_points for g in base) + 2 * k
        route = _route(ctx, n)
        credited = credit(ctx, title, n, hp, half_up(top[0], n), route)
        if credited is None:
            return None
        lo, hi = 0, half_up(top[0], n)  # the least Ra that is credited as much
        while lo < hi:
            mid = (lo + hi) // 2
            if (credit(ctx, title, n, hp, mid, route) or 0) >= credited:
                hi = mid
            else:
                lo = mid + 1
        needed = (2 * n * lo - n + 1) // 2  # the least sum whose average rounds to that Ra (1.4.7)
        keep: set[int] = set()
        drop: set[int] = set()
        witness = top[1]  # a set of the pair reaching the credit, keeping ``keep``, dropping ``drop``
        for at in range(len(wins)):
            if at in witness:
                keep.add(at)
                continue
            if len(keep) < k:
                found = pairing.most(frozenset(keep | {at}), frozenset(drop))
                if found is not None and found[0] >= needed:
                    keep.add(at)
                    witness = found[1]
                    continue
            drop.add(at)
        kept_positions = set(self.nonwins[:j]) | {wins[at] for at in keep}
        kept = tuple(g for i, g in enumerate(games) if i in kept_positions)
        rules = ctx.rules
        dropped = tuple(Dropped(g, rules.article("beaten") if i < limit else rules.article("later_games"))
                        for i, g in enumerate(games) if i not in kept_positions)
        result = evaluate(ctx, self.candidate, title, kept, dropped, self.rec.missing,
                          self.games if self.complete else None)
        return result if result.achieved or result.undecided else None


#: A weight above any sum of ratings: what a set must have (1.4.3-1.4.5, a game forced kept) is
#: worth this much each in :class:`_Flow`, so that the heaviest flow has all of it when any does.
_MUST = 10**9


class _Pairing:
    """The sets of one pair: the non-wins ``base`` (all kept) and ``k`` of the ``wins``, and the
    greatest sum of the ratings of such a set (the lowest raised, 1.4.6b) meeting 1.4.3, 1.4.4 and
    1.4.5 (:meth:`most`)."""

    def __init__(self, ctx: Context, candidate: Person, title: TitleRule, base: list[NormGame],
                 wins: list[NormGame], k: int, complete: bool):
        """``complete``: 1.4.3-1.4.5 are the complete event's (1.4.1f in a round robin), met
        already: no set is constrained. What the file does not show constrains no set either."""
        rules = ctx.rules
        self.title, self.wins, self.k = title, wins, k
        n = len(base) + k
        self.base_sum = sum(g.rating for g in base)
        self.base_min = min((g.rating for g in base), default=None)
        need_titled, need_holders = _opponents_needed(rules, n) if not complete and "titles" not in ctx.unknown \
            else (0, 0)
        self.need_titled = max(0, need_titled - sum(g.titled for g in base))
        self.need_holders = max(0, need_holders - sum(not g.titles.isdisjoint(title.holders) for g in base))
        self.holder = [not g.titles.isdisjoint(title.holders) for g in wins]
        self.feds = not (complete or ctx.exempt(candidate) or "federations" in ctx.unknown)
        self.own = candidate.federation if candidate.federation not in rules.disregarded_federations else None
        self.base_feds: dict[str, int] = {}  #: opponents of each federation among the base
        for g in base:
            if g.federation:
                self.base_feds[g.federation] = self.base_feds.get(g.federation, 0) + 1
        self.room: dict[str, int] = {}  #: how many more opponents of each federation 1.4.4 allows
        self.cover = 0  #: federations other than the candidate's the wins kept must add (1.4.3)
        if self.feds:
            one_max = rules.one_federation_max.numerator * n // rules.one_federation_max.denominator
            own_max = rules.own_federation_max.numerator * n // rules.own_federation_max.denominator
            for fed in {g.federation for g in wins if g.federation} | set(self.base_feds):
                self.room[fed] = (own_max if fed == self.own else one_max) - self.base_feds.get(fed, 0)
            self.cover = max(0, rules.foreign_federations - sum(1 for f in self.base_feds if f != self.own))
        self.impossible = any(x < 0 for x in self.room.values())
        self.order = sorted(range(len(wins)), key=lambda i: -wins[i].rating)  #: highest rated first

    def _meets(self, chosen: list[int]) -> bool:
        """Whether the wins ``chosen`` (positions) kept with the base meet 1.4.3-1.4.5."""
        wins = self.wins
        if sum(wins[i].titled for i in chosen) < self.need_titled or \
                sum(self.holder[i] for i in chosen) < self.need_holders:
            return False
        if not self.feds:
            return True
        used: dict[str, int] = {}
        for i in chosen:
            fed = wins[i].federation
            if fed:
                used[fed] = used.get(fed, 0) + 1
        if any(c > self.room[f] for f, c in used.items()):
            return False
        return sum(1 for f in used if f != self.own and f not in self.base_feds) >= self.cover

    def most(self, keep: frozenset[int], drop: frozenset[int]) -> tuple[int, frozenset[int]] | None:
        """The greatest sum of a set keeping the wins ``keep`` and none of ``drop`` (positions in
        ``wins``), the lowest rating raised to the floor (1.4.6b), meeting 1.4.3-1.4.5, and the wins
        of such a set; None when no set does. First the two sets that are the greatest without the
        mix (the highest ratings, the lowest of all raised; the highest but one and the lowest other
        win, raised: :func:`_best_sum`): when the greater meets the mix it is the answer, else
        :meth:`_exact`."""
        if self.impossible or len(keep) > self.k or len(self.wins) - len(drop) < self.k:
            return None
        wins, floor = self.wins, self.title.floor
        free = [i for i in self.order if i not in keep and i not in drop]
        left = self.k - len(keep)
        top = [*keep, *free[:left]]
        lows = [x for x in (self.base_min, *(wins[i].rating for i in top)) if x is not None]
        choices = [(self.base_sum + sum(wins[i].rating for i in top) + (max(0, floor - min(lows)) if lows else 0),
                    top)]
        if left:
            other = [*keep, *free[:left - 1], free[-1]]
            choices.append((self.base_sum + sum(wins[i].rating for i in other) - wins[free[-1]].rating
                            + max(floor, wins[free[-1]].rating), other))
        value, chosen = max(choices, key=lambda c: c[0])
        return (value, frozenset(chosen)) if self._meets(chosen) else self._exact(keep, drop)

    def _exact(self, keep: frozenset[int], drop: frozenset[int]) -> tuple[int, frozenset[int]] | None:
        """:meth:`most` by flows of greatest weight: without a raise (the lowest base game or kept
        win raised after), and with a lower win kept and raised, the lowest of its group (the wins
        of a group are alike for 1.4.3-1.4.5): a group is tried only when raising its lowest could
        beat the best so far (the flow without a raise plus what the raise adds bounds it)."""
        floor = self.title.floor
        plain = self._flow(keep, drop, None)
        if plain is None:
            return None
        total, chosen = plain
        lows = [x for x in (self.base_min, *(self.wins[i].rating for i in keep)) if x is not None]
        low = min(lows, default=floor)
        best = (self.base_sum + total + max(0, floor - low), chosen)
        lowest: dict[tuple, int] = {}
        for i in self.order:  # highest first: the last one seen in a group is its lowest
            if i not in keep and i not in drop and self.wins[i].rating < min(floor, low):
                lowest[(self.wins[i].federation, self.wins[i].titled, self.holder[i])] = i
        for i in sorted(lowest.values(), key=lambda i: self.wins[i].rating):
            if self.base_sum + total + floor - self.wins[i].rating <= best[0]:
                break  # no set keeping it raised beats the best (and no higher one will)
            raised = self._flow(keep | {i}, drop, i)
            if raised is not None and self.base_sum + raised[0] > best[0]:
                best = (self.base_sum + raised[0], raised[1])
        return best

    def _flow(self, keep: frozenset[int], drop: frozenset[int], raised: int | None
              ) -> tuple[int, frozenset[int]] | None:
        """The greatest sum of ``k`` wins (``raised`` counting the floor) keeping ``keep`` and none
        of ``drop``, meeting 1.4.3-1.4.5, and its wins; None when no set does. Source -> federation
        (1.4.4's room; through a node worth ``_MUST`` a unit, one unit into each federation new to
        1.4.3) -> the wins of a group, best first (their ratings, ``_MUST`` more when forced) ->
        holder / titled / other -> sink (1.4.5's counts worth ``_MUST`` each, up to the need): the
        heaviest flow has every must when any flow does."""
        flow = _Flow()
        source, sink, cover, holders, titled, other, titled_all = (flow.node() for _ in range(7))
        gates: dict[str | None, int] = {}
        groups: dict[tuple, list[tuple[int, int]]] = {}
        must = len(keep)
        for i, g in enumerate(self.wins):
            if i in drop:
                continue
            fed = g.federation if self.feds else None
            if fed not in gates:
                gate = gates[fed] = flow.node()
                if fed is None:
                    flow.arc(source, gate, self.k, 0)
                else:
                    room = flow.node()
                    flow.arc(source, room, self.k, 0)
                    if self.cover and fed != self.own and fed not in self.base_feds:
                        flow.arc(cover, room, 1, _MUST)
                    flow.arc(room, gate, self.room[fed], 0)
            weight = (self.title.floor if i == raised else g.rating) + (_MUST if i in keep else 0)
            groups.setdefault((fed, self.holder[i], g.titled), []).append((weight, i))
        members = []
        for (fed, holder, is_titled), wins in groups.items():
            wins.sort(reverse=True)
            members.append((flow.steps(gates[fed], holders if holder else titled if is_titled else other,
                                       [w for w, _ in wins]), [i for _, i in wins]))
        if self.cover:
            flow.arc(source, cover, self.cover, 0)
            must += self.cover
        flow.arc(holders, titled_all, self.need_holders, _MUST)
        flow.arc(holders, titled_all, self.k, 0)
        flow.arc(titled, titled_all, self.k, 0)
        flow.arc(titled_all, sink, self.need_titled, _MUST)
        flow.arc(titled_all, sink, self.k, 0)
        flow.arc(other, sink, self.k, 0)
        must += self.need_holders + self.need_titled
        total = flow.heaviest(source, sink, self.k)
        if total is None or total // _MUST != must:
            return None
        chosen = frozenset(i for arc, wins in members for i in wins[:flow.used(arc)])
        return total - must * _MUST, chosen


class _Flow:
    """A flow of greatest weight on a small graph: successive heaviest augmenting paths, one unit
    each (Bellman-Ford by queue on the residual graph, whose back arcs weigh minus their arc's last
    unit). An arc made by :meth:`steps` carries units of falling weights (a group's wins, best
    first): the heaviest flow takes its units in that order."""

    def __init__(self):
        self.head: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []
        self.weight: list[int] = []
        self.units: dict[int, list[int]] = {}  #: the weights of a :meth:`steps` arc's units

    def node(self) -> int:
        self.head.append([])
        return len(self.head) - 1

    def arc(self, u: int, v: int, cap: int, weight: int) -> int:
        """An arc of ``cap`` units of ``weight`` each; its number."""
        number = len(self.to)
        for a, b, c, w in ((u, v, cap, weight), (v, u, 0, -weight)):
            self.head[a].append(len(self.to))
            self.to.append(b)
            self.cap.append(max(c, 0))
            self.weight.append(w)
        return number

    def steps(self, u: int, v: int, weights: list[int]) -> int:
        """An arc of one unit per weight, non-increasing: the first unit weighs the first."""
        number = self.arc(u, v, len(weights), weights[0])
        self.units[number] = weights
        return number

    def used(self, arc: int) -> int:
        """The units the flow puts on ``arc``."""
        return self.cap[arc ^ 1]

    def heaviest(self, source: int, sink: int, amount: int) -> int | None:
        """The weight of the heaviest flow of ``amount`` from ``source`` to ``sink``; None when
        no flow of that amount exists."""
        total = 0
        size = len(self.head)
        to, cap, weight, head, units = self.to, self.cap, self.weight, self.head, self.units
        for _ in range(amount):
            best: list[int | None] = [None] * size
            via = [-1] * size
            best[source] = 0
            queue, queued = deque((source,)), [False] * size
            queued[source] = True
            while queue:
                u = queue.popleft()
                queued[u] = False
                here = best[u]
                for a in head[u]:
                    if cap[a]:
                        v = to[a]
                        if best[v] is None or here + weight[a] > best[v]:
                            best[v] = here + weight[a]
                            via[v] = a
                            if not queued[v]:
                                queued[v] = True
                                queue.append(v)
            if best[sink] is None:
                return None
            v = sink
            while v != source:
                a = via[v]
                cap[a] -= 1
                cap[a ^ 1] += 1
                arc = a & ~1
                if arc in units:  # the arc's next unit, and the back arc's last one
                    done = cap[arc ^ 1]
                    steps = units[arc]
                    weight[arc] = steps[done] if done < len(steps) else 0
                    weight[arc ^ 1] = -steps[done - 1] if done else 0
                v = to[a ^ 1]
            total += best[sink]
        return total
