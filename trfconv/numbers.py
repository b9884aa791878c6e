"""Exact numbers as text: points and other fractional values are written without ever going
through float."""

from __future__ import annotations

from fractions import Fraction


def ascii_digits(text: str) -> bool:
    """ASCII digits only: what ``int`` reads as a number in a file (``str.isdigit`` also accepts
    ``²``, which ``int`` refuses, and other scripts' digits, which it takes)."""
    return text.isascii() and text.isdigit()


def decimal_text(value: Fraction, places: int = 1) -> str | None:
    """``value`` with at least ``places`` decimals (``Fraction(7, 2)`` -> ``"3.5"``, ``3`` ->
    ``"3.0"``, ``Fraction(1, 4)`` -> ``"0.25"``), or None when it has no finite decimal form."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    digits = places
    while (value * 10**digits).denominator != 1:
        digits += 1
        if digits > 6:
            return None
    scaled = int(value * 10**digits)
    whole, frac = divmod(scaled, 10**digits)
    return f"{sign}{whole}" + (f".{frac:0{digits}d}" if digits else "")


def short_text(value: Fraction) -> str:
    """The shortest exact text for messages: ``3``, ``3.5``, ``0.25``, else ``1/3``."""
    if value.denominator == 1:
        return str(value.numerator)
    return decimal_text(value, 0) or str(value)
