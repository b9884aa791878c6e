"""One edition's rateability rules, typed, from the ``[rateability]`` section of its data file.

A rule an edition does not have is None (or empty): the checks that read it are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache

from ...messages import data as fixed_text
from ...messages import msg
from ..editions import Edition

#: The FIDE rating lists by the name the verdict gives them (``standard``, ``rapid``, ``blitz``), as
#: a person reads them.
RATING_LISTS = {"standard": msg("standard"), "rapid": msg("rapid"), "blitz": msg("blitz")}


@dataclass(frozen=True)
class Speed:
    """A faster rating list (rapid, blitz): its window of minutes for 60 moves and day limit."""

    name: str
    above_minutes: Fraction  #: exclusive
    below_minutes: Fraction | None  #: exclusive
    up_to_minutes: Fraction | None  #: inclusive
    max_rounds_per_day: int

    def holds(self, minutes: Fraction) -> bool:
        if minutes <= self.above_minutes:
            return False
        if self.below_minutes is not None:
            return minutes < self.below_minutes
        return self.up_to_minutes is not None and minutes <= self.up_to_minutes


@dataclass(frozen=True)
class RatingGap:
    """R&B 7.3.1: rapid/blitz games ``difference`` apart with a player above ``above_rating``."""

    difference: int
    above_rating: int
    effective: date


@dataclass(frozen=True)
class RateabilityRules:
    edition: Edition
    articles: dict[str, str]
    rated_minimum: int
    time_basis_moves: int
    time_scope: str  #: ``event`` (2005 1.1: the highest rating of the event) or ``game``
    minimum_minutes: tuple[tuple[int, int], ...]  #: (rating at least, minutes), highest first
    first_control_min_moves: int | None
    max_rounds_per_day: int | None
    max_hours_per_day: int | None
    max_days: int | None
    unrated_min_score: Fraction
    rr_min_rated_fraction: Fraction | None
    rr_small_below_players: int | None
    rr_small_min_rated: int | None
    drr_min_players: int | None
    drr_min_rated: int | None
    national_min_rated_men: int | None  #: national round-robin championships (2005 6.33)
    national_min_rated_women: int | None
    rr_counts_unrated_games: bool
    unrated_min_rated_opponents: int | None
    rr_with_unplayed_as_swiss: bool
    match_games_after_decision_rated: bool
    match_with_unrated_rated: bool
    scheveningen_max_unrated: int | None
    initial_publication_games: int
    initial_pooling: str
    speeds: tuple[Speed, ...]
    rapid_blitz_gap: RatingGap | None

    def article(self, rule: str) -> str:
        return self.articles[rule]

    def minimum_for(self, rating: int) -> int:
        """Minutes per player for ``time_basis_moves`` moves when the deciding rating is ``rating``."""
        return next(minutes for floor, minutes in self.minimum_minutes if rating >= floor)

    @property
    def slowest_minimum(self) -> int:
        return self.minimum_minutes[-1][1]


@cache
def rules_of(edition: Edition) -> RateabilityRules:
    data = edition.data()["rateability"]

    def fraction(key: str) -> Fraction | None:
        return Fraction(data[key]) if key in data else None

    gap = data.get("rapid_blitz_gap")
    return RateabilityRules(
        edition=edition,
        articles=dict(data["articles"]),
        rated_minimum=data["rated_minimum"],
        time_basis_moves=data["time_basis_moves"],
        time_scope=data["time_scope"],
        minimum_minutes=tuple(sorted((tuple(pair) for pair in data["minimum_minutes"]), reverse=True)),
        first_control_min_moves=data.get("first_control_min_moves"),
        max_rounds_per_day=data.get("max_rounds_per_day"),
        max_hours_per_day=data.get("max_hours_per_day"),
        max_days=data.get("max_days"),
        unrated_min_score=Fraction(data["unrated_min_score"]),
        rr_min_rated_fraction=fraction("rr_min_rated_fraction"),
        rr_small_below_players=data.get("rr_small_below_players"),
        rr_small_min_rated=data.get("rr_small_min_rated"),
        drr_min_players=data.get("drr_min_players"),
        drr_min_rated=data.get("drr_min_rated"),
        national_min_rated_men=data.get("national_min_rated_men"),
        national_min_rated_women=data.get("national_min_rated_women"),
        rr_counts_unrated_games=data["rr_counts_unrated_games"],
        unrated_min_rated_opponents=data.get("unrated_min_rated_opponents"),
        rr_with_unplayed_as_swiss=data.get("rr_with_unplayed_as_swiss", False),
        match_games_after_decision_rated=data["match_games_after_decision_rated"],
        match_with_unrated_rated=data["match_with_unrated_rated"],
        scheveningen_max_unrated=data.get("scheveningen_max_unrated"),
        initial_publication_games=data["initial_publication_games"],
        initial_pooling=fixed_text(data["initial_pooling"]),
        speeds=tuple(
            Speed(s["name"], Fraction(s["above_minutes"]),
                  Fraction(s["below_minutes"]) if "below_minutes" in s else None,
                  Fraction(s["up_to_minutes"]) if "up_to_minutes" in s else None,
                  s["max_rounds_per_day"])
            for s in data.get("speed", ())
        ),
        rapid_blitz_gap=RatingGap(gap["difference"], gap["above_rating"], gap["from"]) if gap else None,
    )
