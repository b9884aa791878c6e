"""Unrated players in a round robin under B.02 2005 (10.21 b, 10.25, 10.54).

The competition average is Ra = Rar - dpa x n / (n + 1): Rar the average rating of the rated
players, dpa the average of their dp (from their score against all opponents), n the number of
opponents. Each unrated player gets a provisional Ru from Ra (:func:`.initial.initial_2005`); then
the 350-point rule is applied to those provisional ratings: an opponent more than 350 points away
is counted at 350 points, which moves the player's Rc by the sum of those corrections divided by
his games ("Rc new"), and Ru is computed again from it ("Ru new"). The rated players' changes then
use the new Ru of their unrated opponents "as if it were a real rating".

The seed's example (10 players A..J) is reproduced exactly when Ra and Rc new are whole numbers, as
the seed prints and uses them (Ra 2348, not 2348.45: player I gets 2032, not 2033).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .initial import Initial, initial_2005
from .rounding import rounder
from .rules import RatingRules


@dataclass(frozen=True)
class Average:
    """Rar, dpa, n and Ra of 10.21 b."""

    rar: Fraction
    dpa: Fraction
    opponents: int
    ra_exact: Fraction
    ra: int


@dataclass(frozen=True)
class Provisional:
    """An unrated player's first Ru, the corrected Rc and the final Ru (10.54), with the
    opponents' values as the last pass counted them: (opponent, rating or first Ru, value used)."""

    first: Initial
    rc_new: int
    final: Initial
    counted: tuple[tuple[int, int, int], ...] = ()


def competition_average(rated: list[tuple[int, Fraction, int]], opponents: int,
                        rules: RatingRules) -> Average:
    """Ra from the rated players' (rating, score, games) and the number of opponents n."""
    rar = Fraction(sum(r for r, _, _ in rated), len(rated))
    dps = [rules.tables.dp(rules.tables.p(s, g)) for _, s, g in rated]
    dpa = Fraction(sum(dps), len(dps))
    exact = rar - dpa * Fraction(opponents, opponents + 1)
    return Average(rar, dpa, opponents, exact, rounder(rules.round_robin.ra_rounding)(exact))


def provisional_ratings(average: Average, unrated: dict[int, tuple[Fraction, list[int]]],
                        ratings: dict[int, int], rules: RatingRules) -> dict[int, Provisional]:
    """Ru of every unrated player. ``unrated`` maps a start number to (score, opponents' start
    numbers of the counted games); ``ratings`` holds the rated players' ratings."""
    first = {u: initial_2005(Fraction(average.ra), score, len(opps), rules, round_robin=True)
             for u, (score, opps) in unrated.items()}
    current = dict(first)
    rc_new: dict[int, int] = {u: average.ra for u in unrated}
    counted: dict[int, tuple[tuple[int, int, int], ...]] = {u: () for u in unrated}
    for _ in range(rules.round_robin.passes):
        values = {**ratings, **{u: i.value for u, i in current.items() if i.value is not None}}
        updated = {}
        for u, (score, opps) in unrated.items():
            own = current[u].value
            if own is None:
                updated[u] = current[u]
                continue
            counted[u] = tuple((o, values[o], max(own - rules.cap, min(own + rules.cap, values[o])))
                               for o in opps if o in values)
            shift = sum(used - value for _, value, used in counted[u])
            rc_new[u] = rounder(rules.round_robin.ra_rounding)(average.ra + Fraction(shift, len(opps)))
            updated[u] = initial_2005(Fraction(rc_new[u]), score, len(opps), rules, round_robin=True)
        current = updated
    return {u: Provisional(first[u], rc_new[u], current[u], counted[u]) for u in unrated}
