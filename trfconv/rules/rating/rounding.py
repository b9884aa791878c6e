"""Rounding rules of the rating regulations, named as in the edition data files.

Every rounding happens once, where the regulation says, with the rule the edition's data file
names for it (``half-up`` or ``half-away-from-zero``); values are exact :class:`Fraction` until
then.
"""

from __future__ import annotations

from fractions import Fraction


def half_up(value: Fraction | int, scale: int = 1) -> int:
    """The whole number nearest to ``value`` x ``scale``, halves up (2410.5 -> 2411, -2.5 -> -2)."""
    return half_up_ratio(value.numerator * scale, value.denominator)


def half_up_ratio(numerator: int, denominator: int) -> int:
    """The whole number nearest to ``numerator`` / ``denominator`` (positive), halves up:
    floor(n/d + 1/2), in integers (an average without building its Fraction)."""
    return (2 * numerator + denominator) // (2 * denominator)


def half_away_from_zero(value: Fraction | int) -> int:
    """Nearest whole number, halves away from zero (B.02 2024 art. 8.3.4: -2.5 -> -3)."""
    n, d = value.numerator, value.denominator
    magnitude = (2 * abs(n) + d) // (2 * d)
    return -magnitude if n < 0 else magnitude


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
