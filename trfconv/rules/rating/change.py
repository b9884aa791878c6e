"""The rating change of a rated player (2005: 10.51-10.53; 2024: 8.3.1-8.3.4).

For each counted game: D = own rating - opponent's rating, capped (350 / 400 points) unless the
edition exempts the player; PD from table 8.1.2; dR = score - PD. The change is K x sum(dR),
rounded once with the edition's rule. Everything is exact: PD in hundredths, scores as Fraction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ...records import builder, quick_init
from .rounding import half_up, rounder
from .rules import RatingRules


@quick_init  # a 10,000-player event rates some 80,000 games
@dataclass(frozen=True, slots=True)
class RatedGame:
    """One counted game seen from the player being rated (also an unrated player's game, which
    has no PD). ``round``, ``opponent`` and ``provisional`` say which game it is in an event."""

    opponent_rating: int  #: the opponent's rating, or his Ru from this event (``provisional``)
    used_rating: int  #: the rating used after the cap ("2800 *" on FIDE's pages)
    expected: int | None  #: PD in hundredths (table 8.1.2); None for an unrated player's game
    score: Fraction
    delta: Fraction | None  #: dR = score - PD (8.3.2 c; 2005 10.51 b)
    round: int | None = None
    opponent: int | None = None
    provisional: bool = False

    @property
    def capped(self) -> bool:
        return self.used_rating != self.opponent_rating


#: ``rated_game(...)`` is ``RatedGame(...)`` built at half the cost (:func:`~trfconv.records.builder`):
#: an event of 10,000 players rates some 80,000 games.
rated_game = builder(RatedGame)


def rate_game(own: int, opponent: int, score: Fraction, rules: RatingRules, start: date | None, *,
              round: int | None = None, opponent_number: int | None = None,
              provisional: bool = False) -> RatedGame:
    """One game of a player rated ``own`` against ``opponent`` (8.3.1-8.3.2): the game of a
    change over it alone."""
    return rating_change(own, 0, [(opponent, score)], rules, start, rounds=[round], opponents=[opponent_number],
                         provisional=[provisional]).games[0]


def _cap(own: int, rules: RatingRules, start: date | None) -> int | None:
    """The rating-difference cap of a player rated ``own`` (None: exempt, 8.3.1)."""
    return rules.cap if rules.capped(own, start) else None


class _Capped(dict):
    """Table 8.1.2 under one cap: D -> (D after the cap, PD in hundredths), each D computed once."""

    __slots__ = ("cap", "pd")

    def __init__(self, cap: int | None, pd):
        super().__init__()
        self.cap, self.pd = cap, pd

    def __missing__(self, difference: int) -> tuple[int, int]:
        cap, used = self.cap, difference
        if cap is not None and not -cap <= difference <= cap:
            used = cap if difference > 0 else -cap
        value = self[difference] = (used, self.pd(used))
        return value


class GameRater:
    """What rating the games of one event's rated players needs (8.3.1-8.3.2; or of one
    :func:`rating_change`), each looked up once: table 8.1.2 by rating difference for each cap,
    dR with the score in halves by score and PD, W, We and K x (W - We) (a 10,000-player event rates
    some 80,000 games, with a few thousand differences and a few hundred pairs). A game's score
    is known by its identity: a Fraction hashes in Python, twenty times a dict look-up; each
    entry holds its score, so that no other object takes its id meanwhile."""

    def __init__(self, rules: RatingRules):
        self.rules = rules
        self._round = rounder(rules.change_rounding)
        self._fractions: dict[tuple[int, int], Fraction] = {}
        self._capped: dict[int | None, _Capped] = {}
        #: (id of a score, PD) -> (dR, the score in halves, the score)
        self._deltas: dict[tuple[int, int], tuple[Fraction, int, Fraction]] = {}

    def _table(self, own: int, start: date | None) -> _Capped:
        """Table 8.1.2 of a player rated ``own`` (his cap): D -> (D after the cap, PD)."""
        cap = _cap(own, self.rules, start)
        table = self._capped.get(cap)
        if table is None:
            table = self._capped[cap] = _Capped(cap, self.rules.tables.pd)
        return table

    def _delta(self, score: Fraction, expected: int) -> tuple[Fraction, int, Fraction]:
        """dR = score - PD (8.3.2 c) and the score in halves (every rated game scores 1, 1/2 or
        0: W is summed in halves), for :attr:`_deltas` when it does not hold them yet."""
        halves, rest = divmod(2 * score.numerator, score.denominator)
        if rest:
            raise ValueError(f"a rated game scores 1, 1/2 or 0, not {score}")
        value = self._deltas[id(score), expected] = (
            Fraction(score.numerator * 100 - expected * score.denominator, score.denominator * 100), halves, score)
        return value

    def values(self, k: int, halves: int, expected: int) -> tuple[Fraction, Fraction, Fraction, int]:
        """W, We, K x (W - We) and the change rounded (8.3.4), from W in ``halves`` and We in
        hundredths (``expected``): K x (W - We) = K x (50 x halves - We) / 100."""
        exact = self._fraction(k * (50 * halves - expected), 100)
        return self._fraction(halves, 2), self._fraction(expected, 100), exact, self._round(exact)

    def _fraction(self, numerator: int, denominator: int) -> Fraction:
        """``numerator`` / ``denominator``, one object per value for the event (its players share
        a few hundred W, We and changes)."""
        key = (numerator, denominator)
        value = self._fractions.get(key)
        if value is None:
            value = self._fractions[key] = Fraction(numerator, denominator)
        return value

    def games(self, own: int, start: date | None, games: Iterable[tuple[int, Fraction, int | None, int | None, bool]]
              ) -> tuple[tuple[RatedGame, ...], int, int, int]:
        """The games of a player rated ``own``, each given as (opponent's rating, score, round,
        opponent, provisional): D = own rating - opponent's rating, capped unless the edition
        exempts the player; PD from table 8.1.2; dR = score - PD (8.3.1-8.3.2). With their sums:
        W in halves, We in hundredths and the ratings used."""
        table, deltas = self._table(own, start), self._deltas
        rated, halves, expected, used = [], 0, 0, 0
        for rating, score, round, opponent, provisional in games:
            difference, pd = table[own - rating]
            delta, twice, _ = deltas.get((id(score), pd)) or self._delta(score, pd)
            rated.append(rated_game(rating, own - difference, pd, score, delta, round, opponent, provisional))
            halves, expected, used = halves + twice, expected + pd, used + own - difference
        return tuple(rated), halves, expected, used


def counted_game(rating: int, score: Fraction, *, round: int | None = None, opponent: int | None = None,
                 used: int | None = None, provisional: bool = False) -> RatedGame:
    """A game an unrated player's Ru counts: the opponent's rating (or the value the 2005
    round-robin pass used, ``used``), no PD."""
    score = score if type(score) is Fraction else Fraction(score)  # the same score object: documents write it once
    return rated_game(rating, rating if used is None else used, None, score, None, round, opponent, provisional)


@dataclass(frozen=True)
class Change:
    """A rated player's result over the counted games: W, We, n, K and the change, each computed
    once (PD and W in whole hundredths, so that the sums stay integers)."""

    own: int
    k: int
    games: tuple[RatedGame, ...]
    score: Fraction  #: W: points against rated opponents
    expected: Fraction  #: We = sum of PD
    exact: Fraction  #: K x (W - We), before rounding (FIDE prints it with two decimals as "K*chg")
    rounded: int  #: the change rounded once, with the edition's rule (8.3.4: 0.5 away from zero)
    average_exact: Fraction | None  #: average of the opponents' ratings as used (after the cap)

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def delta(self) -> Fraction:
        """W - We = sum of dR."""
        return self.score - self.expected

    @property
    def new_rating(self) -> int:
        return self.own + self.rounded

    @property
    def average(self) -> int | None:
        """Rc as FIDE prints it: the average of the ratings used, halves up (F-P02: 2103)."""
        exact = self.average_exact
        return None if exact is None else half_up(exact)


def rating_change(own: int, k: int, games: list[tuple[int, Fraction]], rules: RatingRules,
                  start: date | None = None, *, rounds: list[int] | None = None,
                  opponents: list[int] | None = None, provisional: list[bool] | None = None) -> Change:
    """The change of a player rated ``own`` with development coefficient ``k`` over ``games``
    (opponent's rating, score) of one event (or one rating period); ``rounds``, ``opponents`` and
    ``provisional`` say, game by game, which games they are (:meth:`GameRater.games`)."""
    rater = GameRater(rules)
    n = len(games)
    rated, halves, expected, used = rater.games(own, start, zip(
        [rating for rating, _ in games], [score for _, score in games], rounds or [None] * n,
        opponents or [None] * n, [bool(p) for p in provisional] if provisional else [False] * n, strict=True))
    return Change(own, k, rated, *rater.values(k, halves, expected), Fraction(used, n) if n else None)


def performance(average: Fraction | int, score: Fraction, games: int, rules: RatingRules) -> int:
    """Rating performance: the average of the opponents as used plus dp(p) (table 8.1.1),
    halves up; the seed's tie-break example (000, "La Performance") gives 1780 + 193 = 1973.
    dp is a whole number, so the average rounded plus dp is the sum rounded (one fraction less;
    ``average`` may be given rounded: Rc)."""
    return half_up(average) + rules.tables.dp(rules.tables.p(score, games))
