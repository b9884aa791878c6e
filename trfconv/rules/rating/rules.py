"""An edition's rating numbers (the ``[rating]`` section of its data file) as one typed object.

Zero in the data file means "this edition has no such rule" (no 2650 exemption in 2005, no K x n
cap, no maximum initial rating).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache

from ...messages import data as fixed_text
from ..editions import Edition
from .tables import Tables, tables


@dataclass(frozen=True)
class InitialRules:
    """How an unrated player's rating Ru is found (2005: 10.2, 9.14; 2024: 8.2, 7.1.4)."""

    method: str  #: ``b02-2005`` or ``b02-2024``
    half_point: Fraction  #: 2005 10.23: points per half point above 50 %
    min_points: Fraction  #: 2005 10.21: fewer points than this give no Ru
    rounding: str
    maximum: int  #: 2024 8.2.3 (0 = none)
    floor: int  #: the lowest rating published
    min_games: int  #: games needed before a first rating is published
    pool: str  #: (a message) over what results are pooled to reach ``min_games``
    hypothetical_opponents: int  #: 2024 8.2.2
    hypothetical_rating: int


@dataclass(frozen=True)
class RoundRobinRules:
    """Unrated players in a round robin (2005: 10.21 b, 10.25, 10.54); ``passes`` 0 = no rule."""

    ra_rounding: str
    passes: int


@dataclass(frozen=True)
class RatingRules:
    """The numbers of one edition's rating arithmetic, each from its data file."""

    edition: str
    tables: Tables
    cap: int
    cap_exempt_from: int
    cap_exempt_since: date | None
    change_rounding: str
    k_new: int
    k_new_games: int
    k_standard: int
    k_top: int
    k_top_rating: int
    k_junior: int
    k_junior_age: int
    k_junior_below: int
    k_games_cap: int
    initial: InitialRules
    round_robin: RoundRobinRules

    @property
    def k_values(self) -> tuple[int, ...]:
        """The K values the edition gives (2024 8.3.3: 40, 20, 10; 2005 10.52: 25, 15, 10),
        highest first: what a published list can show for a player."""
        return tuple(sorted({self.k_new, self.k_standard, self.k_top, self.k_junior} - {0}, reverse=True))

    def capped(self, own: int, start: date | None) -> bool:
        """Whether the rating-difference cap applies to a player rated ``own`` in an event starting
        on ``start`` (2024 8.3.1: not from 2650 for events from 1 October 2025; an unknown start
        date gets the newest rule, as the edition itself does)."""
        if not self.cap_exempt_from or own < self.cap_exempt_from:
            return True
        return start is not None and self.cap_exempt_since is not None and start < self.cap_exempt_since


@cache
def rules_of(edition: Edition) -> RatingRules:
    """The rating rules of ``edition`` (a ``b02`` edition)."""
    data = edition.data()["rating"]
    ini, rr = data["initial"], data["round_robin"]
    since = data["cap_exempt_since"]
    return RatingRules(
        edition=edition.name,
        tables=tables(data["tables"]),
        cap=data["cap"],
        cap_exempt_from=data["cap_exempt_from"],
        cap_exempt_since=date.fromisoformat(since) if since else None,
        change_rounding=data["change_rounding"],
        k_new=data["k_new"], k_new_games=data["k_new_games"], k_standard=data["k_standard"],
        k_top=data["k_top"], k_top_rating=data["k_top_rating"], k_junior=data["k_junior"],
        k_junior_age=data["k_junior_age"], k_junior_below=data["k_junior_below"],
        k_games_cap=data["k_games_cap"],
        initial=InitialRules(
            method=ini["method"], half_point=Fraction(ini["half_point"]),
            min_points=Fraction(ini["min_points"]), rounding=ini["rounding"],
            maximum=ini["maximum"], floor=ini["floor"], min_games=ini["min_games"], pool=fixed_text(ini["pool"]),
            hypothetical_opponents=ini["hypothetical_opponents"],
            hypothetical_rating=ini["hypothetical_rating"]),
        round_robin=RoundRobinRules(ra_rounding=rr["rar_rounding"], passes=rr["adjustment_passes"]),
    )
