"""One candidate, one title, one set of games: every requirement of B.01 with its article, its
numbers and whether it is met, the average Ra, the performance Rp, the score the norm needs and
the games it is credited with.

Exact integer arithmetic throughout: scores are kept as half points; Ra is rounded once (1.4.7,
halves up), p once (1.4.9, halves up); minimum counts are rounded up and maximum counts down
(1.4.3/1.4.4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property

from ...messages import Message, joined, msg, plural
from ..requirement import Requirement
from .games import Missing, NormGame
from .people import Person
from .rules import NormRules, TitleRule, half_up, percent

#: A near miss in rating points (of Ra or Rp): "missed by a few points" (not a regulation number:
#: what the documents single out, :attr:`TitleNorm.near_miss`).
NEAR_RATING = 10
#: The event types of 1.4.1b.
EVENT_TYPES = ("team-championship", "world-cup")
#: The exemptions of 1.4.3 an arbiter may declare, and what each is for (the command's help and
#: the page's choices).
EXEMPTION_NAMES = {"1.4.3a": "national championship final", "1.4.3b": "national team championship (home players)",
                   "1.4.3c": "zonal or sub-zonal", "1.4.3d": "foreign-heavy Swiss"}
EXEMPTIONS = tuple(EXEMPTION_NAMES)


@dataclass(frozen=True)
class Context:
    """What the event says for every candidate: its scheduled rounds, whether it is a round robin
    (single or double) and its number of players, the 1.4.1b event type, the declared 1.4.3
    exemption with the federation it applies to (1.4.3b: home players only), and the readings
    chosen where the text leaves a result open (name, choice; the others take their default:
    :class:`~.rules.Reading`)."""

    rules: NormRules
    rounds: int
    round_robin: bool = False
    double: bool = False
    players: int = 0
    event_type: str | None = None
    exemption: str | None = None
    home: str | None = None
    readings: tuple[tuple[str, str], ...] = ()
    #: What the file does not show of any player (``titles``, ``federations``, ``ratings``, ``sex``):
    #: the requirements needing it are not checked, and the search assumes the best of it.
    unknown: frozenset[str] = frozenset()

    def reading(self, name: str) -> str:
        """The choice applied for the reading ``name``."""
        return self._chosen.get(name) or self.rules.readings[name].default

    @cached_property
    def _chosen(self) -> dict[str, str]:
        return dict(self.readings)

    def choosing(self, name: str, choice: str) -> Context:
        """This context with ``choice`` for the reading ``name``."""
        return replace(self, readings=tuple(sorted({**self._chosen, name: choice}.items())))

    def exempt(self, candidate: Person) -> bool:
        if self.exemption == "1.4.3b":
            return candidate.federation is not None and candidate.federation == self.home
        return self.exemption is not None

    @property
    def least_games(self) -> int:
        """The fewest games any route of 1.4.1 accepts in this event."""
        r = self.rules
        least = r.min_games
        if self.rounds == r.nine_round_event:
            least = r.min_games - 1
        if self.rounds < r.min_games:
            least = r.short_event_games
        if self.event_type == "world-cup":
            least = min(least, r.world_cup_games)
        if self.event_type == "team-championship" and self.rounds in r.team_championship_rounds:
            least = min(least, r.team_championship_games)
        return least


@dataclass(frozen=True)
class Dropped:
    """A game left out of the norm, and the article allowing it (1.4.1e a later game in a Swiss,
    1.4.1f a beaten opponent)."""

    game: NormGame
    article: str

    @property
    def round(self) -> int:
        return self.game.round

    @property
    def opponent(self) -> int:
        return self.game.opponent


@dataclass(frozen=True)
class TitleNorm:
    """A candidate's result for one title on one set of games."""

    title: str
    achieved: bool
    games: int
    credited_games: int | None  #: None when the norm is not achieved (undecided: what it would be)
    score: Fraction
    required_score: Fraction | None  #: the least score meeting 1.4.8 and 1.4.8b on these games
    ra: int | None
    rp: int | None
    p: int | None
    dp: int | None
    raised: int | None  #: the opponent whose rating was raised to the floor (1.4.6b-c)
    kept: tuple[NormGame, ...]
    dropped: tuple[Dropped, ...]
    requirements: tuple[Requirement, ...]
    route: str  #: the article that satisfied the number of games (1.4.1a/b/c/d)
    #: Where a reading decides: the result under each other choice that changes it (its achieved
    #: or its credited games), the chosen one being this result (:mod:`trfconv.rules.norms`).
    alternatives: tuple[Alternative, ...] = ()
    #: In an event not finished: the player's rounds still to come that can change this result
    #: (a round robin's, or a score that can still make the norm: :mod:`.judge`); empty: final.
    pending: tuple[int, ...] = ()

    @property
    def dropped_rounds(self) -> tuple[int, ...]:
        return tuple(d.round for d in self.dropped)

    @property
    def failed(self) -> tuple[Requirement, ...]:
        """The requirements the games fail (not those the file cannot show)."""
        return tuple(r for r in self.requirements if not r.ok and r.known)

    @property
    def unchecked(self) -> tuple[Requirement, ...]:
        """The requirements the file cannot show (:attr:`Requirement.known` False)."""
        return tuple(r for r in self.requirements if not r.known)

    @property
    def undecided(self) -> bool:
        """The file cannot decide this norm: no requirement fails but some cannot be checked, or
        rounds still to come can change the result (:attr:`pending`)."""
        return bool(self.pending) or (not self.achieved and not self.failed)

    @property
    def status(self) -> str:
        """``achieved``, ``cannot judge`` or ``not achieved`` (a key: the documents say it)."""
        return "cannot judge" if self.undecided else "achieved" if self.achieved else "not achieved"

    @property
    def made(self) -> bool:
        """A norm the file shows, final: achieved, nothing left to decide it."""
        return self.achieved and not self.pending

    @property
    def near_miss(self) -> tuple[Requirement, ...]:
        """The requirements a norm missed narrowly, each with by how much: only numbers missed by a
        little (Ra or Rp by at most :data:`NEAR_RATING` points or half a point, the score by half a
        point), or one requirement of the games or the opponents (1.4.1, 1.4.3-1.4.5) missed by one
        (:attr:`Requirement.narrow`). Empty when the miss is not narrow, or there is none."""
        failed = self.failed
        if self.achieved or self.undecided or not all(q.narrow for q in failed):
            return ()
        return failed if len(failed) == 1 or all(q.number for q in failed) else ()

@dataclass(frozen=True)
class Alternative:
    """A result under another choice of one reading (``name``, ``choice``) than the one applied."""

    name: str
    choice: str
    norm: TitleNorm


@dataclass(frozen=True)
class Route:
    article: str
    rule: Message
    base: int  #: the games the norm counts before the overscore
    ok: bool
    overscore_needed: int = 0


def route_of(ctx: Context, n: int, whole: bool, missing: tuple[Missing, ...]) -> Route:
    """Which article of 1.4.1 the number of games meets: ``whole`` when every counted game is kept."""
    r = ctx.rules
    if ctx.event_type == "world-cup" and n >= r.world_cup_games:
        return Route(r.article("world_cup"), msg("at least {games} games at the World Cup, counted as {counted}",
                                                 games=r.world_cup_games, counted=r.world_cup_counts_as),
                     max(n, r.world_cup_counts_as), True)
    if ctx.event_type == "team-championship" and ctx.rounds in r.team_championship_rounds \
            and n >= r.team_championship_games:
        return Route(r.article("team_championship"), msg("at least {games} games in a {rounds}-round team "
                                                         "championship", games=r.team_championship_games,
                                                         rounds=ctx.rounds), n, True)
    if n >= r.min_games:
        return Route(r.article("min_games"), msg("at least {games} games", games=r.min_games), n, True)
    if ctx.rounds == r.nine_round_event and n == r.nine_round_event - 1 and whole and len(missing) == 1 \
            and missing[0].why in ("forfeit-win", "pab"):
        why = msg("a forfeit win") if missing[0].why == "forfeit-win" else msg("a pairing-allocated bye")
        return Route(r.article("nine_rounds"), msg("{n} games of a {rounds}-round event, round {round} {why}: counted "
                                                   "as {counted}", n=n, rounds=ctx.rounds, round=missing[0].round,
                                                   why=why, counted=r.nine_round_event), r.nine_round_event, True)
    if ctx.rounds < r.min_games and n >= r.short_event_games and whole and not missing:
        need = r.min_games - n
        return Route(r.article("overscore"), msg("{n} games of a {rounds}-round event and an overscore of at least "
                                                 "{need} point(s) (QC 2023)", n=n, rounds=ctx.rounds, need=need),
                     n, True, need)
    return Route(r.article("min_games"), msg("at least {games} games", games=r.min_games), n, False)


def score_ok(ctx: Context, half_points: int, n: int) -> bool:
    """1.4.8b under its reading (``score``: the percentage rounded as 1.4.9 says, or exact)."""
    r = ctx.rules
    if ctx.reading("score") == "exact":
        return 100 * half_points >= 2 * r.min_score_percent * n
    return percent(half_points, n) >= r.min_score_percent


def required_half_points(ctx: Context, title: TitleRule, ra: int, n: int) -> int | None:
    """The least score (in half points) that meets 1.4.8 and 1.4.8b on ``n`` games against ``ra``:
    the least percentage whose dp reaches ``title.rp - ra``, turned into the least score that rounds
    to it (1.4.9: ``percent(s, n) >= p`` is ``100 s + n >= 2 n p``); None when no score does."""
    r = ctx.rules
    p = r.least_percent(title.rp - ra)
    if p is None:
        return None
    exact = ctx.reading("score") == "exact"
    if not exact:
        p = max(p, r.min_score_percent)
    s = max(0, -(-(2 * n * p - n) // 100))
    if exact:
        s = max(s, -(-(2 * r.min_score_percent * n) // 100))
    return s if s <= 2 * n else None


def average(title: TitleRule, kept: tuple[NormGame, ...]) -> tuple[int, int | None]:
    """Ra (1.4.7, halves up) of ``kept`` with the lowest opponent below the title's floor raised to
    it, the only one (1.4.6b-c; unrated opponents already count 1400, 1.4.6d), and that opponent's
    start number (None: nobody was raised)."""
    low = kept[0]
    total = 0
    for g in kept:
        total += g.rating
        if g.rating < low.rating:
            low = g
    return raised_average(title, len(kept), total, low.rating), None if low.rating >= title.floor else low.opponent


def raised_average(title: TitleRule, n: int, total: int, lowest: int) -> int:
    """Ra of ``n`` ratings summing to ``total``, the ``lowest`` of them raised to the title's floor
    when below it (1.4.6b-c, 1.4.7 halves up): :func:`average` from its aggregates."""
    return half_up(total + max(0, title.floor - lowest), n)


def credit(ctx: Context, title: TitleRule, n: int, half_points: int, ra: int, route: Route) -> int | None:
    """The games ``n`` games scoring ``half_points`` against an average of ``ra`` are credited
    with under ``route`` (1.4.1): :func:`uncapped`, capped by 1.7 as its reading says; None when
    they fail 1.4.8a, 1.4.8, 1.4.8b or the overscore the route needs. Never lower for a higher
    ``ra`` (the score needed only falls as Ra rises): the search relies on it."""
    games = uncapped(ctx, title, n, half_points, ra, route)
    if games is None or (ctx.reading("thirteen-cap") == "long-events" and ctx.rounds <= ctx.rules.credited_cap):
        return games
    return min(ctx.rules.credited_cap, games)


def uncapped(ctx: Context, title: TitleRule, n: int, half_points: int, ra: int, route: Route) -> int | None:
    """:func:`credit` before 1.7: the route's games, plus one per full point of overscore
    (1.4.1d; for a 1.4.1c norm as its reading says)."""
    if not route.ok or ra < title.ra:
        return None
    need = required_half_points(ctx, title, ra, n)
    if need is None or half_points < need:
        return None
    overscore = (half_points - need) // 2
    if overscore < route.overscore_needed:
        return None
    if route.article == ctx.rules.article("nine_rounds") and ctx.reading("nine-rounds-overscore") == "nine":
        return route.base
    return route.base + overscore


def least_count(fraction: Fraction, n: int, double: bool, minimum: int = 0) -> int:
    """A minimum count: ``fraction`` of ``n`` rounded up (at least ``minimum``); in a double round
    robin half of it, rounded up, over different opponents (1.4.5)."""
    need = max(minimum, -(-fraction.numerator * n // fraction.denominator))
    return -(-need // 2) if double else need


def evaluate(ctx: Context, candidate: Person, title: TitleRule, kept: tuple[NormGame, ...],
             dropped: tuple[Dropped, ...], missing: tuple[Missing, ...],
             mix: tuple[NormGame, ...] | None = None) -> TitleNorm:
    """The requirements of ``title`` for ``candidate`` on the games ``kept``; ``mix``: the games
    whose opponents 1.4.3-1.4.5 count, when not the games kept (1.4.1f in a round robin: the
    complete event's). What the file cannot show (:attr:`Context.unknown`, an opponent without a
    federation, the candidate's sex) is not checked where it could change the answer."""
    r = ctx.rules
    n = len(kept)
    half_points = sum(g.half_points for g in kept)
    route = route_of(ctx, n, not dropped, missing)
    reqs: list[Requirement] = []
    add = reqs.append
    if title.women:
        add(Requirement(r.article("women"), msg("a women's title: the player is a woman"),
                        {True: msg("woman"), False: msg("not a woman"), None: msg("sex not in the file")}[candidate.woman],
                        candidate.woman is True, known=candidate.woman is not None))
    if ctx.double:
        add(Requirement(r.article("double_round_robin"), msg("a double round robin of at least {n} players",
                                                             n=r.double_round_robin_players),
                        str(ctx.players), ctx.players >= r.double_round_robin_players))
    if n == 0:
        add(Requirement(route.article, route.rule, games_said(0), False, short=games_said(ctx.least_games)))
        return TitleNorm(title.title, False, 0, None, Fraction(0), None, None, None, None, None, None, kept, dropped,
                         tuple(reqs), route.article)
    opponents = kept if mix is None else mix
    of_all = "" if mix is None else msg(", the complete event's opponents (1.4.1f)")
    half = msg(", half, different opponents") if ctx.double else ""
    population = tuple({g.opponent: g for g in opponents}.values()) if ctx.double else opponents
    reqs.extend(_federations(ctx, candidate, population, of_all))
    titles_known = "titles" not in ctx.unknown
    titled = holders = 0
    for g in population:
        titled += g.titled
        holders += not g.titles.isdisjoint(title.holders)
    need_titled = least_count(r.titled_fraction, len(opponents), ctx.double)
    add(_count(r.article("titled"), msg("at least {need} titled opponents ({fraction}{half}{of_all})", need=need_titled,
                                        fraction=str(r.titled_fraction), half=half, of_all=of_all),
               titled, need_titled, lambda k: plural("{n} more titled opponent(s)", "{n} more titled opponent(s)", n=k),
               titles_known))
    need_holders = least_count(r.holders_fraction, len(opponents), ctx.double, r.holders_minimum)
    held = "/".join(sorted(title.holders))
    add(_count(r.article("holders"), msg("at least {need} opponents holding {held} ({fraction}, at least {minimum}"
                                         "{half}{of_all})", need=need_holders, held=held,
                                         fraction=str(r.holders_fraction), minimum=r.holders_minimum, half=half,
                                         of_all=of_all),
               holders, need_holders, lambda k: plural("{n} more opponent(s) holding {held}",
                                                       "{n} more opponent(s) holding {held}", n=k, held=held),
               titles_known))
    ratings_known = "ratings" not in ctx.unknown
    ra, raised = average(title, kept)
    p = percent(half_points, n)
    dp = r.dp(p)
    rp = ra + dp
    need = required_half_points(ctx, title, ra, n)
    add(Requirement(r.article("ra_min"), msg("Ra at least {ra}", ra=title.ra), str(ra), ra >= title.ra,
                    ra >= title.ra or ratings_known, None if ra >= title.ra else points_said(title.ra - ra),
                    title.ra - ra <= NEAR_RATING, True))
    half_more = rp < title.rp and half_points < 2 * n and ra + r.dp(percent(half_points + 1, n)) >= title.rp
    add(Requirement(r.article("rp"), msg("Rp = Ra + dp({p} %) at least {rp}", p=p, rp=title.rp), str(rp),
                    rp >= title.rp, rp >= title.rp or ratings_known, None if rp >= title.rp else
                    joined([points_said(title.rp - rp), msg(" (half a point more reaches it)") if half_more else ""]),
                    title.rp - rp <= NEAR_RATING or half_more, True))
    passed = score_ok(ctx, half_points, n)
    least_score = -(-(2 * r.min_score_percent * n - (n if ctx.reading("score") == "rounded" else 0)) // 100)
    rounded = msg("rounded as 1.4.9") if ctx.reading("score") == "rounded" else msg("not rounded")
    add(Requirement(r.article("score"), msg("a score of at least {percent} % ({rounded})", percent=r.min_score_percent,
                                            rounded=rounded),
                    f"{p} %", passed, True, None if passed else
                    msg("{points} point(s)", points=Fraction(least_score - half_points, 2)),
                    least_score - half_points <= 1, True))
    overscore = (half_points - need) // 2 if need is not None and half_points >= need else None
    games_ok = route.ok and (route.overscore_needed == 0 or (overscore is not None
                                                           and overscore >= route.overscore_needed))
    add(Requirement(route.article, route.rule, games_said(n), games_ok,
                    short=None if games_ok else plural("{n} game(s)", "{n} game(s)", n=r.min_games - n)
                    if not route.ok else msg("an overscore of {need} point(s)", need=route.overscore_needed),
                    narrow=not route.ok and r.min_games - n == 1))
    achieved = all(q.ok for q in reqs)
    possible = all(q.ok or not q.known for q in reqs)
    credited = credit(ctx, title, n, half_points, ra, route) if possible and ratings_known else None
    whole = uncapped(ctx, title, n, half_points, ra, route) if credited is not None else None
    if credited is not None and whole > credited:
        add(Requirement(r.article("cap"), msg("credited games at most {cap}", cap=r.credited_cap), str(whole), True))
    return TitleNorm(title.title, achieved, n, credited, Fraction(half_points, 2),
                     None if need is None else Fraction(need, 2), ra, rp, p, dp, raised, kept, dropped, tuple(reqs),
                     route.article)


def games_said(n: int) -> Message:
    """``9 games``: a number of games, as a requirement's value says it."""
    return plural("{n} games", "{n} games", n=n)


def points_said(n: int) -> Message:
    """``9 rating points``: by how much Ra or Rp fails."""
    return plural("{n} rating points", "{n} rating points", n=n)


def _count(article: str, rule: Message, have: int, need: int, more: Callable[[int], Message],
           known: bool) -> Requirement:
    """A minimum count of opponents (1.4.5), not checked when the file shows no titles and it
    fails (any opponent might hold one); ``more`` says how many more are needed."""
    ok = have >= need
    return Requirement(article, rule, str(have), ok, ok or known, None if ok else more(need - have), need - have == 1)


def _federations(ctx: Context, candidate: Person, population: tuple[NormGame, ...],
                 of_all: Message | str) -> list[Requirement]:
    """1.4.3 and 1.4.4 (or the exemption lifting both). Opponents whose federation the file does
    not give (``unknown_federation``) could be of any: a requirement they could turn is not
    checked; so could the candidate's own, when the file does not give it."""
    r = ctx.rules
    if ctx.exempt(candidate):
        exempt = msg("exempt ({exemption})", exemption=ctx.exemption)
        return [Requirement(r.article("foreign"), msg("opponents from at least {n} other federations",
                                                      n=r.foreign_federations), exempt, True),
                Requirement(r.article("own_federation"), msg("federation maxima"), exempt, True)]
    m = len(population)
    feds: dict[str, int] = {}
    unknown = 0
    for g in population:
        if g.unknown_federation:
            unknown += 1
        elif g.federation:
            feds[g.federation] = feds.get(g.federation, 0) + 1
    mine = candidate.federation
    own_fed = mine if mine not in r.disregarded_federations else None
    if mine is None:  # the candidate's own federation is not in the file: it may be any
        foreign, at_least = max(0, len(feds) - 1), len(feds) + unknown
        own_low, own_high = 0, max(feds.values(), default=0) + unknown
    else:
        foreign = len(feds) - (own_fed in feds)
        at_least = foreign + unknown
        own_low = feds.get(own_fed, 0) if own_fed else 0
        own_high = own_low + (unknown if own_fed else 0)
    own_max = r.own_federation_max.numerator * m // r.own_federation_max.denominator
    one_max = r.one_federation_max.numerator * m // r.one_federation_max.denominator
    top_fed, top = max(feds.items(), key=lambda kv: kv[1]) if feds else ("-", 0)
    short_of = r.foreign_federations - foreign
    unknowns = msg("; {n} opponent(s) without a federation in the file", n=unknown) if unknown else ""
    return [
        Requirement(r.article("foreign"),
                    msg("opponents from at least {n} federations other than {federation}{of_all}",
                        n=r.foreign_federations, federation=own_fed or msg("the player’s"), of_all=of_all),
                    joined([str(foreign), unknowns]),
                    foreign >= r.foreign_federations, foreign >= r.foreign_federations or at_least < r.foreign_federations,
                    None if foreign >= r.foreign_federations else msg("{n} more federation(s)", n=short_of),
                    short_of == 1),
        Requirement(r.article("own_federation"),
                    msg("at most {fraction} of {m} opponents from {federation}: {most}", fraction=str(r.own_federation_max),
                        m=m, federation=own_fed or msg("the player’s federation"), most=own_max),
                    joined([str(own_low), unknowns]), own_high <= own_max, own_high <= own_max or own_low > own_max,
                    None if own_low <= own_max else msg("{n} too many", n=own_low - own_max), own_low - own_max == 1),
        Requirement(r.article("one_federation"),
                    msg("at most {fraction} of {m} opponents from one federation: {most}",
                        fraction=str(r.one_federation_max), m=m, most=one_max), joined([f"{top} ({top_fed})", unknowns]),
                    top + unknown <= one_max, top + unknown <= one_max or top > one_max,
                    None if top <= one_max else msg("{n} too many", n=top - one_max), top - one_max == 1),
    ]
