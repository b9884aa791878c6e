"""What every tie-break reads: the flattened field, the edition's rules, and derived arrays
computed once and shared (adjusted scores, Buchholz values other tie-breaks build on)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from .field import Field
from .rules import TieBreakRules

#: A tie-break value: an int (in units of 1/``scale``), an exact Fraction, a tuple compared
#: lexicographically (extended Koya), or None when undefined.
Value = Any


@dataclass
class Column:
    """One tie-break's values for every player (by position), exact."""

    values: list[Value]
    scale: int = 1  #: values that are ints are multiples of 1/scale
    higher_first: bool = True

    def exact(self, i: int) -> Value:
        v = self.values[i]
        if isinstance(v, int) and self.scale != 1:
            return Fraction(v, self.scale)
        if isinstance(v, tuple):
            return tuple(Fraction(x, self.scale) for x in v)
        return v


@dataclass
class Context:
    f: Field
    rules: TieBreakRules
    unrated: int | None = None  #: rating given to unrated players (rating-based tie-breaks)
    cache: dict[Any, Any] = field(default_factory=dict)

    def cached(self, key: Any, compute: Callable[[], Any]) -> Any:
        try:
            return self.cache[key]
        except KeyError:
            value = self.cache[key] = compute()
            return value
