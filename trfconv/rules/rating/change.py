"""The rating change of a rated player (2005: 10.51-10.53; 2024: 8.3.1-8.3.4).

For each counted game: D = own rating - opponent's rating, capped (350 / 400 points) unless the
edition exempts the player; PD from table 8.1.2; dR = score - PD. The change is K x sum(dR),
rounded once with the edition's rule. Everything is exact: PD in hundredths, scores as Fraction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from .rounding import half_up, rounder
from .rules import RatingRules


@dataclass(frozen=True)
class RatedGame:
    """One counted game seen from the player being rated."""

    opponent_rating: int  #: the opponent's rating (or provisional Ru, 2005 round robin)
    used_rating: int  #: the rating used after the cap ("2800 *" on FIDE's pages)
    difference: int  #: D = own - used rating
    expected: int  #: PD in hundredths (table 8.1.2)
    score: Fraction

    @property
    def capped(self) -> bool:
        return self.used_rating != self.opponent_rating

    @property
    def delta(self) -> Fraction:
        """dR = score - PD (8.3.2 c; 2005 10.51 b)."""
        return self.score - Fraction(self.expected, 100)


def rate_game(own: int, opponent: int, score: Fraction, rules: RatingRules,
              start: date | None) -> RatedGame:
    """One game of a player rated ``own`` against ``opponent`` (8.3.1-8.3.2)."""
    difference = own - opponent
    if rules.capped(own, start):
        difference = max(-rules.cap, min(rules.cap, difference))
    return RatedGame(opponent, own - difference, difference, rules.tables.pd(difference),
                     Fraction(score))


@dataclass(frozen=True)
class Change:
    """A rated player's result over the counted games: W, We, n, K and the change."""

    own: int
    k: int
    games: tuple[RatedGame, ...]
    rounding: str

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def score(self) -> Fraction:
        """W: points against rated opponents."""
        return sum((g.score for g in self.games), Fraction(0))

    @property
    def expected(self) -> Fraction:
        """We = sum of PD."""
        return Fraction(sum(g.expected for g in self.games), 100)

    @property
    def delta(self) -> Fraction:
        """W - We = sum of dR."""
        return self.score - self.expected

    @property
    def exact(self) -> Fraction:
        """K x (W - We), before rounding (FIDE prints it with two decimals as "K*chg")."""
        return self.k * self.delta

    @property
    def rounded(self) -> int:
        """The change rounded once, with the edition's rule (8.3.4: 0.5 away from zero)."""
        return rounder(self.rounding)(self.exact)

    @property
    def new_rating(self) -> int:
        return self.own + self.rounded

    @property
    def average_exact(self) -> Fraction | None:
        """Average of the opponents' ratings as used (after the cap)."""
        if not self.games:
            return None
        return Fraction(sum(g.used_rating for g in self.games), self.n)

    @property
    def average(self) -> int | None:
        """Rc as FIDE prints it: the average of the ratings used, halves up (F-P02: 2103)."""
        exact = self.average_exact
        return None if exact is None else half_up(exact)


def rating_change(own: int, k: int, games: list[tuple[int, Fraction]], rules: RatingRules,
                  start: date | None = None) -> Change:
    """The change of a player rated ``own`` with development coefficient ``k`` over ``games``
    (opponent's rating, score) of one event (or one rating period)."""
    return Change(own, k, tuple(rate_game(own, r, s, rules, start) for r, s in games),
                  rules.change_rounding)


def performance(average: Fraction, score: Fraction, games: int, rules: RatingRules) -> int:
    """Rating performance: the average of the opponents as used plus dp(p) (table 8.1.1),
    halves up; the seed's tie-break example (000, "La Performance") gives 1780 + 193 = 1973."""
    return half_up(average + rules.tables.dp(rules.tables.p(score, games)))
