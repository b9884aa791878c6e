"""Exact numbers as text, both ways: points and other fractional values are written without
ever going through float, and numbers in files are read from a bounded grammar.

Reading is bounded because a file comes from anyone: Python refuses to convert more than 4,300
digits to an int (ValueError), and ``Fraction("1e99999999")`` builds a number of a hundred
million digits (minutes of work). Every number trfconv reads from text is therefore plain
ASCII digits, at most :data:`MAX_DIGITS` of them, with at most :data:`MAX_DECIMALS` decimals;
anything longer is not a number to the readers, which say so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from math import lcm

#: The most digits a whole number in a file may have (a FIDE id has 9 at most, a count or a
#: rating a handful; 18 digits still fit a 64-bit integer for the programs that read our output).
MAX_DIGITS = 18
#: The most decimals a number in a file may have (points are written with one or two).
MAX_DECIMALS = 6

_DECIMAL = re.compile(rf"(?P<sign>[+-]?)(?P<whole>[0-9]{{1,{MAX_DIGITS}}})?"
                      rf"(?:[.,](?P<frac>[0-9]{{1,{MAX_DECIMALS}}}))?")


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
    """ASCII digits only, at most :data:`MAX_DIGITS` of them: what is read as a whole number in
    a file (``str.isdigit`` also accepts ``²``, which ``int`` refuses, and other scripts'
    digits, which it takes; a longer run of digits is no number, see the module docstring)."""
    return len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


#: The characters pairing programs fill a number field with to say "none" (``-----------`` for
#: a player without a FIDE id).
_FILLER = frozenset("-_.*?")


def placeholder(text: str) -> bool:
    """Whether ``text`` is a field filled to say "none" (dashes, dots, stars, question marks):
    no number, and no defect either; a reader takes it as an empty field and says so."""
    stripped = text.strip()
    return bool(stripped) and set(stripped) <= _FILLER


def decimal_number(text: str) -> Fraction | None:
    """The exact value of a plain decimal (``3``, ``-2.5``, ``0,5``, ``.5``) within the bounds
    of the module docstring, or None: never an exponent, never more digits than the bounds."""
    if len(text) > MAX_DIGITS + MAX_DECIMALS + 2:
        return None
    return _decimal(text)


@lru_cache(maxsize=1024)
def _decimal(text: str) -> Fraction | None:
    """:func:`decimal_number` of a text within the bounds, each text computed once (a file
    writes the same few points values a hundred thousand times; the value is immutable)."""
    m = _DECIMAL.fullmatch(text)
    if m is None or not (m["whole"] or m["frac"]):
        return None
    frac = m["frac"] or ""
    value = Fraction(int((m["whole"] or "0") + frac), 10 ** len(frac))
    return -value if m["sign"] == "-" else value


def exact_number(text: str) -> Fraction | None:
    """A :func:`decimal_number`, or a fraction ``n/d`` of whole numbers (how trfconv writes a
    value with no finite decimal form, ``1/3``), or None; same bounds."""
    numerator, slash, denominator = text.partition("/")
    if not slash:
        return decimal_number(text)
    sign = numerator[:1] if numerator[:1] in "+-" else ""
    digits = numerator[len(sign):]
    if not (ascii_digits(digits) and ascii_digits(denominator)) or not int(denominator):
        return None
    value = Fraction(int(digits), int(denominator))
    return -value if sign == "-" else value


def not_a_number(text: str) -> str:
    """Why ``text`` was not read as a number, as a message: too many digits, or not one."""
    from .messages import msg  # here: messages writes its numbers with this module

    digits = sum(c in "0123456789" for c in text)
    if digits > MAX_DIGITS:
        return msg("has {digits:,} digits, more than the {most} a number is read with", digits=digits, most=MAX_DIGITS)
    return msg("is not a number")


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
