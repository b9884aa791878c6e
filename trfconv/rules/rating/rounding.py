"""Rounding rules of the rating regulations, named as in the edition data files.

Every rounding happens once, where the regulation says, with the rule the edition's data file
names for it (``half-up`` or ``half-away-from-zero``); values are exact :class:`Fraction` until
then.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor


def half_up(value: Fraction) -> int:
    """Nearest whole number, halves up (2410.5 -> 2411, -2.5 -> -2)."""
    return floor(value + Fraction(1, 2))


def half_away_from_zero(value: Fraction) -> int:
    """Nearest whole number, halves away from zero (B.02 2024 art. 8.3.4: -2.5 -> -3)."""
    magnitude = floor(abs(value) + Fraction(1, 2))
    return -magnitude if value < 0 else magnitude


RULES = {"half-up": half_up, "half-away-from-zero": half_away_from_zero}


def rounder(name: str):
    """The rounding function called ``name`` in an edition file."""
    try:
        return RULES[name]
    except KeyError:
        raise ValueError(f"unknown rounding rule {name!r}; known: {', '.join(RULES)}") from None


def hundredths(value: Fraction, rule: str = "half-up") -> int:
    """``value`` rounded to two decimals, as a whole number of hundredths."""
    return rounder(rule)(value * 100)
