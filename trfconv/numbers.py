"""Exact numbers as text: points and other fractional values are written without ever going
through float."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import lcm


def exact_sum(values: Iterable[Fraction | int]) -> Fraction:
    """The exact sum of ``values``, added as integers over a common denominator (one reduction
    at the end instead of one per term, which matters on hot paths)."""
    numerator, denominator = 0, 1
    for v in values:
        d = v.denominator
        if denominator % d:
            common = lcm(denominator, d)
            numerator *= common // denominator
            denominator = common
        numerator += v.numerator * (denominator // d)
    return Fraction(numerator, denominator)


def ascii_digits(text: str) -> bool:
    """ASCII digits only: what ``int`` reads as a number in a file (``str.isdigit`` also accepts
    ``²``, which ``int`` refuses, and other scripts' digits, which it takes)."""
    return text.isascii() and text.isdigit()


def decimal_text(value: Fraction, places: int = 1) -> str | None:
    """``value`` with at least ``places`` decimals (``Fraction(7, 2)`` -> ``"3.5"``, ``3`` ->
    ``"3.0"``, ``Fraction(1, 4)`` -> ``"0.25"``), or None when it has no finite decimal form."""
    n, d = value.numerator, value.denominator
    sign = "-" if n < 0 else ""
    digits = places
    while 10**digits % d:
        digits += 1
        if digits > 6:
            return None
    whole, frac = divmod(abs(n) * (10**digits // d), 10**digits)
    return f"{sign}{whole}" + (f".{frac:0{digits}d}" if digits else "")


def short_text(value: Fraction) -> str:
    """The shortest exact text for messages: ``3``, ``3.5``, ``0.25``, else ``1/3``."""
    if value.denominator == 1:
        return str(value.numerator)
    return decimal_text(value, 0) or str(value)
