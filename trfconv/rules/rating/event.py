"""What one event does to each player's FIDE rating: :func:`rate`.

The rateability verdict says which games count for whom (``GameVerdict.counts``), which rating
each player has under the edition (``PlayerVerdict.rating``) and what he gets (a change, an
initial rating, nothing); this module does the B.02 arithmetic of the edition the verdict was
decided under: the change of each rated player (:mod:`.change`), K (:mod:`.k`), the initial
rating Ru of each unrated one (:mod:`.initial`; the 2005 round-robin method of
:mod:`.roundrobin2005` first, because the rated players' games use those Ru). The result holds
every number a rating report prints, exactly (Fraction, int); documents only format it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cached_property

from ...diagnostics import Diagnostic, diagnostic
from ...messages import msg, plural
from ...model import Player, Tournament
from ...numbers import exact_sum
from ...records import quick_init
from ..editions import Edition
from ..rateability.verdict import Gets, PlayerVerdict, Verdict
from .change import GameRater, RatedGame, counted_game, performance
from .initial import Initial, initial_rating
from .k import BIRTH_YEAR_UNKNOWN, GivenK, KChoice, birth_year, games_cap, infer_k
from .rounding import half_up_ratio
from .roundrobin2005 import (
    Average,
    Provisional,
    competition_average,
    provisional_ratings,
)
from .rules import RatingRules, rules_of


@quick_init  # one per unrated player
@dataclass(frozen=True, slots=True)
class InitialRating:
    """An unrated player's Ru from this event and whether it is published (with why)."""

    average: Fraction  #: Rc (2005 Swiss), Ra (2005 round robin) or Ra with the 1800 pair (2024)
    rc: int  #: Rc as printed: the average of the rated opponents (2005 round robin: Ra)
    p: int | None  #: hundredths, when dp was used
    dp: int | None
    value: int | None
    published: bool
    why: str
    first: int | None = None  #: 2005 round robin: Ru before the 350-point pass (10.54)
    rc_new: int | None = None  #: 2005 round robin: Rc after the 350-point pass


class _Cache:
    """A ``__dict__`` for what :class:`PlayerRating` caches (its fields are slots)."""


@quick_init  # one per player of an event
@dataclass(frozen=True, slots=True)
class PlayerRating(_Cache):
    """What the event gives one player, with the per-game detail. ``score`` (W), ``expected``
    (We) and ``delta`` (W - We) are the engine's, computed once; ``expected`` and ``delta`` only
    for a rated player."""

    start_number: int
    rating: int | None  #: Ro, the rating used; None for an unrated player
    gets: Gets
    games: tuple[RatedGame, ...] = ()
    k: KChoice | None = None
    rc: int | None = None
    score: Fraction = Fraction(0)
    expected: Fraction | None = None
    change_exact: Fraction | None = None  #: K x (W - We)
    change: int | None = None  #: rounded once
    performance: int | None = None
    initial: InitialRating | None = None
    reason: str | None = None  #: why there is no change / no rating

    @property
    def n(self) -> int:
        return len(self.games)

    @cached_property
    def delta(self) -> Fraction | None:
        """W - We (every document prints it, some twice: computed once)."""
        return None if self.expected is None else self.score - self.expected

    @property
    def new_rating(self) -> int | None:
        """Ro plus this event's change (FIDE's list adds the unrounded changes of every event
        of the rating period and rounds the total once)."""
        if self.rating is None or self.change is None:
            return None
        return self.rating + self.change


@dataclass(frozen=True)
class EventRating:
    """The rating arithmetic of one event under one edition."""

    edition: Edition
    players: tuple[PlayerRating, ...]
    round_robin_average: Average | None = None
    diagnostics: tuple[Diagnostic, ...] = ()

    @cached_property
    def rated(self) -> tuple[PlayerRating, ...]:
        """The players whose rating changes (the totals and every document go through them)."""
        return tuple(p for p in self.players if p.change is not None)

    @property
    def total_delta(self) -> Fraction:
        """Sum of W - We over the rated players."""
        return exact_sum([p.delta for p in self.rated])

    @property
    def total_change_exact(self) -> Fraction:
        return exact_sum([p.change_exact for p in self.rated])

    @property
    def total_change(self) -> int:
        return sum(p.change for p in self.rated)

    def player(self, start_number: int) -> PlayerRating:
        for p in self.players:
            if p.start_number == start_number:
                return p
        raise KeyError(start_number)


def rate(tournament: Tournament, verdict: Verdict, *, k: Mapping[str, int | GivenK] | None = None,
         own_ru: bool = True) -> EventRating:
    """The rating arithmetic of ``tournament`` as ``verdict`` decided it, under the verdict's
    edition. ``k`` gives K by FIDE id (a :class:`GivenK` says where it was read: the FIDE list in
    force, the officer's K file; a bare number is the K file's); a player without one gets the K
    the edition's rules infer (each player's assumptions are in his ``k``), and one ``RAT001``
    warning says for how many players and what was assumed. ``own_ru`` False: an unrated player's
    games without his Ru from this event alone (a rating period pools his games of every event
    into one Ru)."""
    r = rules_of(verdict.edition)
    path = tournament.source.path
    diagnostics: list[Diagnostic] = []
    given = {_fide_id(fide_id): value if isinstance(value, GivenK) else GivenK(value)
             for fide_id, value in (k or {}).items()}
    start = tournament.event.start_date if isinstance(tournament.event.start_date, date) else None
    verdicts = {p.start_number: p for p in verdict.players}
    average, provisional = _round_robin(verdict, r)
    usable = _usable_ratings(verdicts, provisional)
    rater, inferred_k = GameRater(r), {}  # what the players share, looked up once
    lines = []
    for player in tournament.players:
        pv = verdicts.get(player.start_number)
        if pv is None:
            lines.append(PlayerRating(player.start_number, None, Gets.NOTHING,
                                      reason=msg("not in the validator's verdict")))
        elif pv.gets is Gets.CHANGE and pv.rated:
            lines.append(_rated(player, pv, usable, given, r, start, path, diagnostics, rater, inferred_k))
        elif pv.gets is Gets.INITIAL and not pv.rated:
            lines.append(_unrated(player, pv, verdicts, provisional.get(player.start_number), average, r, path,
                                  diagnostics, own_ru))
        else:
            lines.append(PlayerRating(player.start_number, pv.rating, Gets.NOTHING,
                                      reason=pv.reason or msg("no rated game")))
    inferred = [line for line in lines if line.k is not None and line.k.inferred]
    if inferred:
        diagnostics.append(_inferred(inferred, tournament, r, path))
    known = {_fide_id(p.fide_id) for p in tournament.players if p.fide_id} if given else set()
    for fide_id in given:
        if fide_id not in known:
            diagnostics.append(diagnostic("RAT004", msg("K given for FIDE id {fide_id}, who is not in the tournament",
                                                        fide_id=fide_id)))
    return EventRating(verdict.edition, tuple(lines), average, tuple(diagnostics))


def _fide_id(value: str) -> str:
    return value.lstrip("0") or "0"


def _round_robin(verdict: Verdict, r: RatingRules) -> tuple[Average | None, dict[int, Provisional]]:
    """2005 10.21 b / 10.54: Ra and the unrated players' Ru, needed before any rated player's
    change because his games against them use their Ru."""
    if not (verdict.round_robin and r.round_robin.passes):
        return None, {}
    unrated = {p.start_number: (exact_sum(g.score for g in p.counted_games if g.score is not None),
                                [g.opponent for g in p.counted_games if g.opponent is not None])
               for p in verdict.players if p.gets is Gets.INITIAL and not p.rated and p.counted_games}
    rated = [(p.rating, exact_sum(g.score for g in p.counted_games if g.score is not None),
              len(p.counted_games)) for p in verdict.players if p.rated and p.counted_games]
    if not unrated or not rated:
        return None, {}
    opponents = sum(1 for p in verdict.players if p.counted_games) - 1
    average = competition_average(rated, opponents, r)
    ratings = {p.start_number: p.rating for p in verdict.players if p.rated}
    return average, provisional_ratings(average, unrated, ratings, r)


def _rated(player: Player, pv: PlayerVerdict, usable: dict[int, tuple[int, bool]], given: dict[str, GivenK],
           r: RatingRules, start: date | None, path: str | None, diagnostics: list[Diagnostic],
           rater: GameRater, inferred_k: dict) -> PlayerRating:
    """A rated player's change: his counted games rated in one pass (:class:`GameRater`)."""
    own = pv.rating
    assert own is not None
    counted = []
    for g in pv.games:
        if not g.counts:
            continue
        use, score = usable.get(g.opponent), g.score
        if use is None or score is None:
            diagnostics.append(diagnostic("RAT005", _no_rating(player, g, score is None), path=path))
            continue
        counted.append((use[0], score, g.round, g.opponent, use[1]))
    if not counted:
        return PlayerRating(player.start_number, own, Gets.NOTHING, reason=msg("no game counted for rating"))
    games, halves, expected, used = rater.games(own, start, counted)
    n = len(games)
    k = _k(player, own, n, given, r, start, path, diagnostics, inferred_k)
    score, we, exact, change = rater.values(k.k, halves, expected)
    rc = half_up_ratio(used, n)  # Rc: the average of the ratings used, halves up
    return PlayerRating(player.start_number, own, Gets.CHANGE, games=tuple(games), k=k, rc=rc, score=score,
                        expected=we, change_exact=exact, change=change, performance=performance(rc, score, n, r))


def _usable_ratings(verdicts: dict[int, PlayerVerdict],
                    provisional: dict[int, Provisional]) -> dict[int, tuple[int, bool]]:
    """The rating a counted game uses for each opponent who has one, and whether it is his Ru
    (2005 round robin): his rating under the edition, else his Ru from the 10.54 pass."""
    usable = {number: (ru.final.value, True) for number, ru in provisional.items() if ru.final.value is not None}
    usable.update((number, (v.rating, False)) for number, v in verdicts.items() if v.rating is not None)
    return usable


def _k(player: Player, own: int, games: int, given: dict[str, GivenK], r: RatingRules,
       start: date | None, path: str | None, diagnostics: list[Diagnostic], inferred_k: dict) -> KChoice:
    """K given for the player, else (TRF-2026 carries no K) from the rules, each inference made
    once per rating and birth year (``inferred_k``, for one event); then the K x n cap."""
    value = given.get(_fide_id(player.fide_id)) if given and player.fide_id else None
    if value is not None:
        choice = KChoice(value.k, value.source)
        if value.k not in r.k_values:
            diagnostics.append(diagnostic(
                "RAT006", msg("player {number} ({name}): K {k} from {source} is not a K of {edition} ({values}); "
                              "used as given", number=player.start_number, name=player.name, k=value.k,
                              source=value.source, edition=r.edition, values=r.k_values), path=path))
    else:
        key = (own, birth_year(player.birth_date))
        choice = inferred_k.get(key)
        if choice is None:
            choice = inferred_k[key] = infer_k(own, r, birth=player.birth_date, year=start.year if start else None)
    return games_cap(choice, games, r)


def _inferred(lines: list[PlayerRating], t: Tournament, r: RatingRules, path: str | None) -> Diagnostic:
    """One RAT001 for the players whose K the rules gave: how many, and what was assumed (the
    file holds neither their earlier rated games nor their highest rating)."""
    unknown_birth = sum(1 for line in lines if BIRTH_YEAR_UNKNOWN in line.k.assumptions)
    inferred = plural("K inferred from the {edition} rules for {n} player(s) (K? in the report): the file does not "
                      "say how many rated games they played before nor their highest rating, so at least {games} "
                      "games, and {top} reached only by those rated {top} or more, are assumed",
                      "K inferred from the {edition} rules for {n} player(s) (K? in the report): the file does not "
                      "say how many rated games they played before nor their highest rating, so at least {games} "
                      "games, and {top} reached only by those rated {top} or more, are assumed",
                      n=len(lines), edition=r.edition, games=r.k_new_games, top=r.k_top_rating)
    if unknown_birth and r.k_junior:
        return diagnostic("RAT001", msg("{inferred}; {unknown} without a birth year are not given the junior K "
                                        "{k}; give the list's K with a K file or the rating list", inferred=inferred,
                                        unknown=unknown_birth, k=r.k_junior), path=path)
    return diagnostic("RAT001", msg("{inferred}; give the list's K with a K file or the rating list",
                                    inferred=inferred), path=path)


def _no_rating(player: Player, g, no_result: bool):
    """RAT005's message: a game that counts but cannot be rated."""
    if no_result:
        return msg("player {number} round {round}: the game counts but has no result", number=player.start_number,
                   round=g.round)
    return msg("player {number} round {round}: the game counts but opponent {opponent} has no rating to use",
               number=player.start_number, round=g.round, opponent=g.opponent)


def _unrated(player: Player, pv: PlayerVerdict, verdicts: dict[int, PlayerVerdict], ru: Provisional | None,
             average: Average | None, r: RatingRules, path: str | None,
             diagnostics: list[Diagnostic], own_ru: bool = True) -> PlayerRating:
    if ru is not None and average is not None:
        return _unrated_round_robin(player, pv, verdicts, ru, average)
    games, ratings = [], []
    for g in pv.games:
        if not g.counts:
            continue
        v = verdicts.get(g.opponent)
        if v is None or v.rating is None or g.score is None:
            diagnostics.append(diagnostic("RAT005", _no_rating(player, g, g.score is None), path=path))
            continue
        ratings.append(v.rating)
        games.append(counted_game(v.rating, g.score, round=g.round, opponent=g.opponent))
    if not games:
        return PlayerRating(player.start_number, None, Gets.NOTHING, reason=msg("no game against a rated opponent"))
    score = exact_sum([g.score for g in games])
    rc = half_up_ratio(sum(ratings), len(ratings))
    initial = None
    if own_ru:
        result: Initial = initial_rating(ratings, score, r)
        initial = InitialRating(result.average, rc, result.p, result.dp, result.value, result.published, result.why)
    return PlayerRating(player.start_number, None, Gets.INITIAL, games=tuple(games), rc=rc, score=score,
                        initial=initial)


def _unrated_round_robin(player: Player, pv: PlayerVerdict, verdicts: dict[int, PlayerVerdict],
                         ru: Provisional, average: Average) -> PlayerRating:
    """2005 10.54: the games show each opponent as the 350-point pass counted him (his rating or
    first Ru, and the value used)."""
    used = {o: (value, counted) for o, value, counted in ru.counted}
    games = []
    for g in pv.counted_games:
        if g.score is None or g.opponent is None or g.opponent not in used:
            continue  # an unrated opponent without a Ru (under one point): not counted in the pass
        value, counted = used[g.opponent]
        opponent = verdicts.get(g.opponent)
        games.append(counted_game(value, g.score, round=g.round, opponent=g.opponent, used=counted,
                                  provisional=opponent is None or opponent.rating is None))
    final = ru.final
    initial = InitialRating(Fraction(average.ra), average.ra, final.p, final.dp, final.value, final.published,
                            final.why, first=ru.first.value, rc_new=ru.rc_new)
    return PlayerRating(player.start_number, None, Gets.INITIAL, games=tuple(games), rc=average.ra,
                        score=exact_sum(g.score for g in games), initial=initial)
