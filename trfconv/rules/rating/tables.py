"""The conversion tables of B.02 (8.1.1 / 8.1.2; 2005: 10.1a / 10.1b), read from their data file.

Probabilities and fractional scores are whole hundredths, as the tables print them, so that the
arithmetic stays exact (B.02 2005 art. 14.2: "the tables are used exactly as printed").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property

from ..editions import load_data
from .rounding import hundredths


@dataclass(frozen=True)
class Tables:
    """Table 8.1.1 as ``dp_by_p`` (p in hundredths -> dp) and table 8.1.2 as ``pd_rows``
    (lowest D, highest D, PD of the higher-rated player in hundredths)."""

    dp_by_p: dict[int, int]
    p_rounding: str
    pd_rows: tuple[tuple[int, int, int], ...]
    pd_above: int

    def p(self, score: Fraction, games: int) -> int:
        """The fractional score p = score / games in hundredths, rounded as the data says."""
        return self.p_of(score.numerator, score.denominator, games)

    def p_of(self, numerator: int, denominator: int, games: int) -> int:
        """:meth:`p` of the score ``numerator`` / ``denominator`` (each score and number of games
        computed once: a month's newcomers share a few dozen; known by two whole numbers, which
        hash faster than a fraction, and without building the score)."""
        known = self._p_by_score
        key = (numerator, denominator, games)
        p = known.get(key)
        if p is None:
            p = known[key] = hundredths(Fraction(numerator, denominator * games), self.p_rounding)
        return p

    @cached_property
    def _p_by_score(self) -> dict[tuple[int, int, int], int]:
        return {}

    def dp(self, p: int) -> int:
        """Table 8.1.1: the rating difference dp for a fractional score of ``p`` hundredths."""
        return self.dp_by_p[p]

    def pd(self, difference: int) -> int:
        """Table 8.1.2: the expected score PD, in hundredths, of a player whose rating exceeds the
        opponent's by ``difference`` (negative: the lower-rated player, column L)."""
        d = abs(difference)
        by_difference = self._pd_by_difference
        high = by_difference[d] if d < len(by_difference) else self.pd_above
        return high if difference >= 0 else 100 - high

    @cached_property
    def _pd_by_difference(self) -> tuple[int, ...]:
        """Table 8.1.2's H column for every difference its rows cover (the rows, looked up once)."""
        top = max(t for _, t, _ in self.pd_rows)
        out = [self.pd_above] * (top + 1)
        for low, t, h in self.pd_rows:
            out[low:t + 1] = [h] * (t + 1 - low)
        return tuple(out)


@cache
def tables(name: str = "b02-tables") -> Tables:
    """The tables of the data file ``name`` (``b02-tables``), as an edition's ``tables`` names it."""
    data = load_data(f"{name}.toml")
    return Tables(
        dp_by_p={int(p): int(dp) for p, dp in data["dp"]["rows"]},
        p_rounding=data["dp"]["p_rounding"],
        pd_rows=tuple((int(lo), int(hi), int(h)) for lo, hi, h in data["pd"]["rows"]),
        pd_above=int(data["pd"]["above"]),
    )
