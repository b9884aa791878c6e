"""What every tie-break reads: the flattened field, the edition's rules, and derived arrays
computed once and shared (adjusted scores, Buchholz values other tie-breaks build on)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from typing import Any

from .field import Field
from .rules import TieBreakRules

#: A tie-break value: an int (in units of 1/``scale``), an exact Fraction, a tuple compared
#: lexicographically (extended Koya), or None when undefined.
Value = Any


def runs(ordered: list[int], value) -> list[list[int]]:
    """``ordered`` (participants sorted by ``value``) cut where ``value`` changes: the groups
    still tied after a tie-break."""
    return [list(part) for _, part in groupby(ordered, key=value.__getitem__)]


@dataclass
class Column:
    """One tie-break's values for every player (by position), exact."""

    values: list[Value]
    scale: int = 1  #: values that are ints are multiples of 1/scale
    higher_first: bool = True

    def exact(self, i: int) -> Value:
        """Player ``i``'s value as an exact number."""
        return self.exact_value(self.values[i])

    def exact_value(self, value: Value) -> Value:
        """One of :attr:`values` as an exact number."""
        if self.scale == 1 or value is None:
            return value
        if isinstance(value, tuple):
            return tuple(Fraction(x, self.scale) for x in value)
        return Fraction(value, self.scale)

    def exact_all(self) -> list[Value]:
        """Every exact value (each distinct value converted once, and shared)."""
        if self.scale == 1:
            return list(self.values)
        converted = {v: self.exact_value(v) for v in set(self.values)}
        return list(map(converted.__getitem__, self.values))


@dataclass
class Context:
    f: Field
    rules: TieBreakRules
    unrated: int | None = None  #: rating given to unrated players (rating-based tie-breaks)
    cache: dict[Any, Any] = field(default_factory=dict)
    team: TeamData | None = None  #: team events: both scores' contexts and the matches

    def cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        try:
            return self.cache[key]
        except KeyError:
            value = self.cache[key] = compute()
            return value


@dataclass
class TeamData:
    """A team event (C.07 Art. 11-13): the matches, one context per score (``"MP"``, ``"GP"``;
    ``primary`` is the one the standings use) and ``"boards"``, the teams' games one by one."""

    matches: Any  #: :class:`.team_matches.TeamMatches`
    primary: str
    contexts: dict[str, Context]

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    def context(self, score: str | None) -> Context:
        """The context of a score letter (``M``/``MP``, ``G``/``GP``), the primary one by default."""
        return self.contexts[(score or self.primary)[0] + "P"]
