"""One candidate, one title, one set of games: every requirement of B.01 with its article, its
numbers and whether it is met, the average Ra, the performance Rp, the score the norm needs and
the games it is credited with.

Exact integer arithmetic throughout: scores are kept as half points; Ra is rounded once (1.4.7,
halves up), p once (1.4.9, halves up); minimum counts are rounded up and maximum counts down
(1.4.3/1.4.4)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .games import Missing, NormGame
from .people import Person
from .rules import NormRules, TitleRule, half_up, percent

#: The two readings of 1.4.8b at 13 games (4.5/13 = 34.6 %): the percentage rounded as 1.4.9 says,
#: or the score itself at least 35 % of the games.
READING_NAMES = {"rounded": "the percentage rounded as 1.4.9 says", "exact": "the score at least 35 % of the games"}
READINGS = tuple(READING_NAMES)
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
    exemption with the federation it applies to (1.4.3b: home players only), and the reading of
    1.4.8b."""

    rules: NormRules
    rounds: int
    round_robin: bool = False
    double: bool = False
    players: int = 0
    event_type: str | None = None
    exemption: str | None = None
    home: str | None = None
    reading: str = "rounded"

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
class Requirement:
    """One requirement: its article, what it asks (with the numbers), what the games give, met;
    ``known`` False: what it needs is not in the file (no round dates, no rate of play, no
    arbiter's title): not checked, neither met nor failed."""

    article: str
    rule: str
    value: str
    ok: bool
    known: bool = True

    @property
    def status(self) -> str:
        """``ok``, ``FAILS`` or ``not checked``, as the documents print it."""
        return "ok" if self.ok else "FAILS" if self.known else "not checked"


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
    credited_games: int | None  #: None when the norm is not achieved
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
    reading_decided: bool = False  #: the two readings of 1.4.8b give different answers here

    @property
    def dropped_rounds(self) -> tuple[int, ...]:
        return tuple(d.round for d in self.dropped)

    @property
    def failed(self) -> tuple[Requirement, ...]:
        return tuple(r for r in self.requirements if not r.ok)


@dataclass(frozen=True)
class Route:
    article: str
    rule: str
    base: int  #: the games the norm counts before the overscore
    ok: bool
    overscore_needed: int = 0


def route_of(ctx: Context, n: int, whole: bool, missing: tuple[Missing, ...]) -> Route:
    """Which article of 1.4.1 the number of games meets: ``whole`` when every counted game is kept."""
    r = ctx.rules
    if ctx.event_type == "world-cup" and n >= r.world_cup_games:
        return Route(r.article("world_cup"), f"at least {r.world_cup_games} games at the World Cup, counted as "
                                              f"{r.world_cup_counts_as}", max(n, r.world_cup_counts_as), True)
    if ctx.event_type == "team-championship" and ctx.rounds in r.team_championship_rounds \
            and n >= r.team_championship_games:
        return Route(r.article("team_championship"), f"at least {r.team_championship_games} games in a "
                                                      f"{ctx.rounds}-round team championship", n, True)
    if n >= r.min_games:
        return Route(r.article("min_games"), f"at least {r.min_games} games", n, True)
    if ctx.rounds == r.nine_round_event and n == r.nine_round_event - 1 and whole and len(missing) == 1 \
            and missing[0].why in ("forfeit-win", "pab"):
        why = "a forfeit win" if missing[0].why == "forfeit-win" else "a pairing-allocated bye"
        return Route(r.article("nine_rounds"), f"{n} games of a {ctx.rounds}-round event, round {missing[0].round} "
                                                f"{why}: counted as {r.nine_round_event}", r.nine_round_event, True)
    if ctx.rounds < r.min_games and n >= r.short_event_games and whole and not missing:
        need = r.min_games - n
        return Route(r.article("overscore"), f"{n} games of a {ctx.rounds}-round event and an overscore of at least "
                                              f"{need} point(s) (QC 2023)", n, True, need)
    return Route(r.article("min_games"), f"at least {r.min_games} games", n, False)


def _score_ok(rules: NormRules, reading: str, half_points: int, n: int) -> bool:
    """1.4.8b under ``reading``."""
    if reading == "exact":
        return 100 * half_points >= 2 * rules.min_score_percent * n
    return percent(half_points, n) >= rules.min_score_percent


def required_half_points(ctx: Context, title: TitleRule, ra: int, n: int) -> int | None:
    """The least score (in half points) that meets 1.4.8 and 1.4.8b on ``n`` games against ``ra``:
    the least percentage whose dp reaches ``title.rp - ra``, turned into the least score that rounds
    to it (1.4.9: ``percent(s, n) >= p`` is ``100 s + n >= 2 n p``); None when no score does."""
    r = ctx.rules
    p = r.least_percent(title.rp - ra)
    if p is None:
        return None
    if ctx.reading == "rounded":
        p = max(p, r.min_score_percent)
    s = max(0, -(-(2 * n * p - n) // 100))
    if ctx.reading == "exact":
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
    with under ``route`` (1.4.1): its games, plus one per full point of overscore (1.4.1d), capped
    (1.7); None when they fail 1.4.8a, 1.4.8, 1.4.8b or the overscore the route needs. Never lower
    for a higher ``ra`` (the score needed only falls as Ra rises): the search relies on it."""
    if not route.ok or ra < title.ra:
        return None
    need = required_half_points(ctx, title, ra, n)
    if need is None or half_points < need:
        return None
    overscore = (half_points - need) // 2
    if overscore < route.overscore_needed:
        return None
    return min(ctx.rules.credited_cap, route.base + overscore)


def least_count(fraction: Fraction, n: int, double: bool, minimum: int = 0) -> int:
    """A minimum count: ``fraction`` of ``n`` rounded up (at least ``minimum``); in a double round
    robin half of it, rounded up, over different opponents (1.4.5)."""
    need = max(minimum, -(-fraction.numerator * n // fraction.denominator))
    return -(-need // 2) if double else need


def evaluate(ctx: Context, candidate: Person, title: TitleRule, kept: tuple[NormGame, ...],
             dropped: tuple[Dropped, ...], missing: tuple[Missing, ...]) -> TitleNorm:
    """The requirements of ``title`` for ``candidate`` on the games ``kept``."""
    r = ctx.rules
    n = len(kept)
    half_points = sum(g.half_points for g in kept)
    route = route_of(ctx, n, not dropped, missing)
    reqs: list[Requirement] = []
    add = reqs.append
    if title.women:
        add(Requirement(r.article("women"), "a women's title: the player is a woman",
                        {True: "woman", False: "not a woman", None: "sex unknown"}[candidate.woman],
                        candidate.woman is True))
    if ctx.double:
        add(Requirement(r.article("double_round_robin"), f"a double round robin of at least "
                                                         f"{r.double_round_robin_players} players",
                        str(ctx.players), ctx.players >= r.double_round_robin_players))
    if n == 0:
        add(Requirement(route.article, route.rule, "0 games", False))
        return TitleNorm(title.title, False, 0, None, Fraction(0), None, None, None, None, None, None, kept, dropped,
                         tuple(reqs), route.article)
    population = tuple({g.opponent: g for g in kept}.values()) if ctx.double else kept
    m = len(population)
    feds: dict[str, int] = {}
    titled = holders = 0
    for g in population:  # one pass: this runs for every player and title judged
        if g.federation:
            feds[g.federation] = feds.get(g.federation, 0) + 1
        titled += g.titled
        holders += not g.titles.isdisjoint(title.holders)
    own_fed = candidate.federation if candidate.federation not in r.disregarded_federations else None
    own = feds.get(own_fed, 0) if own_fed else 0
    foreign = len(feds) - (own_fed in feds)
    if ctx.exempt(candidate):
        add(Requirement(r.article("foreign"), f"opponents from at least {r.foreign_federations} other federations",
                        f"exempt ({ctx.exemption})", True))
        add(Requirement(r.article("own_federation"), "federation maxima", f"exempt ({ctx.exemption})", True))
    else:
        add(Requirement(r.article("foreign"), f"opponents from at least {r.foreign_federations} federations other "
                                              f"than {own_fed or 'the player’s'}", str(foreign),
                        foreign >= r.foreign_federations))
        own_max = r.own_federation_max.numerator * m // r.own_federation_max.denominator
        add(Requirement(r.article("own_federation"), f"at most {r.own_federation_max} of {m} opponents from "
                                                     f"{own_fed or 'the player’s federation'}: {own_max}",
                        str(own), own <= own_max))
        one_max = r.one_federation_max.numerator * m // r.one_federation_max.denominator
        top_fed, top = max(feds.items(), key=lambda kv: kv[1]) if feds else ("-", 0)
        add(Requirement(r.article("one_federation"), f"at most {r.one_federation_max} of {m} opponents from one "
                                                     f"federation: {one_max}", f"{top} ({top_fed})", top <= one_max))
    need_titled = least_count(r.titled_fraction, n, ctx.double)
    add(Requirement(r.article("titled"), f"at least {need_titled} titled opponents ({r.titled_fraction}"
                                         f"{', half, different opponents' if ctx.double else ''})",
                    str(titled), titled >= need_titled))
    need_holders = least_count(r.holders_fraction, n, ctx.double, r.holders_minimum)
    add(Requirement(r.article("holders"), f"at least {need_holders} opponents holding {'/'.join(sorted(title.holders))}"
                                          f" ({r.holders_fraction}, at least {r.holders_minimum}"
                                          f"{', half, different opponents' if ctx.double else ''})",
                    str(holders), holders >= need_holders))
    ra, raised = average(title, kept)
    p = percent(half_points, n)
    dp = r.dp(p)
    rp = ra + dp
    add(Requirement(r.article("ra_min"), f"Ra at least {title.ra}", str(ra), ra >= title.ra))
    add(Requirement(r.article("rp"), f"Rp = Ra + dp({p} %) at least {title.rp}", str(rp), rp >= title.rp))
    score_ok = _score_ok(r, ctx.reading, half_points, n)
    other = "exact" if ctx.reading == "rounded" else "rounded"
    add(Requirement(r.article("score"), f"a score of at least {r.min_score_percent} % "
                                        f"({'rounded as 1.4.9' if ctx.reading == 'rounded' else 'not rounded'})",
                    f"{p} %", score_ok))
    need = required_half_points(ctx, title, ra, n)
    overscore = (half_points - need) // 2 if need is not None and half_points >= need else None
    games_ok = route.ok and (route.overscore_needed == 0 or (overscore is not None
                                                           and overscore >= route.overscore_needed))
    add(Requirement(route.article, route.rule, f"{n} games", games_ok))
    achieved = all(q.ok for q in reqs)
    credited = credit(ctx, title, n, half_points, ra, route) if achieved else None
    if credited is not None and route.base + overscore > credited:
        add(Requirement(r.article("cap"), f"credited games at most {r.credited_cap}", str(route.base + overscore),
                        True))
    return TitleNorm(title.title, achieved, n, credited, Fraction(half_points, 2),
                     None if need is None else Fraction(need, 2), ra, rp, p, dp, raised, kept, dropped, tuple(reqs),
                     route.article, score_ok != _score_ok(r, other, half_points, n))
