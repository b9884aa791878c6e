"""The rating change of a rated player (2005: 10.51-10.53; 2024: 8.3.1-8.3.4).

For each counted game: D = own rating - opponent's rating, capped (350 / 400 points) unless the
edition exempts the player; PD from table 8.1.2; dR = score - PD. The change is K x sum(dR),
rounded once with the edition's rule. Everything is exact: PD in hundredths, scores as Fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache

from ...numbers import exact_sum
from ...records import quick_init
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


def rate_game(own: int, opponent: int, score: Fraction, rules: RatingRules, start: date | None, *,
              round: int | None = None, opponent_number: int | None = None,
              provisional: bool = False) -> RatedGame:
    """One game of a player rated ``own`` against ``opponent`` (8.3.1-8.3.2)."""
    return _game(own, opponent, score, _cap(own, rules, start), rules.tables.pd, round, opponent_number, provisional)


def _cap(own: int, rules: RatingRules, start: date | None) -> int | None:
    """The rating-difference cap of a player rated ``own`` (None: exempt, 8.3.1)."""
    return rules.cap if rules.capped(own, start) else None


def _game(own: int, opponent: int, score: Fraction, cap: int | None, pd, round: int | None,
          opponent_number: int | None, provisional: bool) -> RatedGame:
    """:func:`rate_game` with the player's cap and table 8.1.2 (``pd``) looked up once for all
    his games: a 10,000-player event rates some 70,000 of them."""
    difference = own - opponent
    if cap is not None and not -cap <= difference <= cap:
        difference = cap if difference > 0 else -cap
    expected = pd(difference)
    return RatedGame(opponent, own - difference, expected, score,
                     _delta(score.numerator, score.denominator, expected), round, opponent_number, provisional)


@cache
def _delta(numerator: int, denominator: int, expected: int) -> Fraction:
    """dR = score - PD: a few scores and PD values, each pair computed once."""
    return Fraction(numerator, denominator) - Fraction(expected, 100)


def counted_game(rating: int, score: Fraction, *, round: int | None = None, opponent: int | None = None,
                 used: int | None = None, provisional: bool = False) -> RatedGame:
    """A game an unrated player's Ru counts: the opponent's rating (or the value the 2005
    round-robin pass used, ``used``), no PD."""
    score = score if type(score) is Fraction else Fraction(score)  # the same score object: documents write it once
    return RatedGame(rating, rating if used is None else used, None, score, None, round, opponent, provisional)


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
    ``provisional`` say, game by game, which games they are."""
    n = len(games)
    cap, pd = _cap(own, rules, start), rules.tables.pd
    rated = tuple([_game(own, r, s, cap, pd, rounds[i] if rounds else None, opponents[i] if opponents else None,
                         bool(provisional and provisional[i])) for i, (r, s) in enumerate(games)])
    score = exact_sum([g.score for g in rated])
    expected = sum([g.expected for g in rated])  # hundredths
    # K x (W - We) = K x (100 W - We in hundredths) / 100, one fraction
    exact = Fraction(k * (score.numerator * 100 - expected * score.denominator), score.denominator * 100)
    return Change(own, k, rated, score, Fraction(expected, 100), exact, rounder(rules.change_rounding)(exact),
                  Fraction(sum([g.used_rating for g in rated]), n) if n else None)


def performance(average: Fraction, score: Fraction, games: int, rules: RatingRules) -> int:
    """Rating performance: the average of the opponents as used plus dp(p) (table 8.1.1),
    halves up; the seed's tie-break example (000, "La Performance") gives 1780 + 193 = 1973.
    dp is a whole number, so the average rounded plus dp is the sum rounded (one fraction less)."""
    return half_up(average) + rules.tables.dp(rules.tables.p(score, games))
