"""Dates in FIDE TRF files, as they are actually written.

The TRF specification asks for ``YYYY/MM/DD`` in records 042/052 (event start
and end), ``YY/MM/DD`` in record 132 (round dates) and ``YYYY/MM/DD`` in the
birth-date field of record 001.  Real files use many other forms: day-first
and month-first orders, dots and dashes, English month names, and even the
year-day-month order.  Several of these are ambiguous (``08/04/2018``), so
this module lists every valid interpretation of a text, ranks them by how
plausible they are, and can settle ambiguities with the dates of the same
file that are certain.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from .records import quick_init

_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)
# Full English names, their three-letter abbreviations, and the common "Sept".
_MONTHS = {
    **{name: number for number, name in enumerate(_MONTH_NAMES, start=1)},
    **{name[:3]: number for number, name in enumerate(_MONTH_NAMES, start=1)},
    "sept": 9,
}

# Three numbers with the same separator, spaces allowed around it ("28. 07. 2005").
_NUMERIC = re.compile(r"(\d{1,4})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{1,4})", re.ASCII)
_MONTH_FIRST = re.compile(r"([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})", re.ASCII)
_DAY_FIRST = re.compile(r"(\d{1,2})\.?\s+([a-z]+)\.?,?\s+(\d{4})", re.ASCII)

# Field orders of the numeric forms, most plausible first.  A text only fits
# the orders whose field widths match it, so the ranking that matters is within
# one width class: the year-first TRF orders before the day-first and month-
# first ones for two-digit years (the year-day-month order has been seen in
# 132 records), and day-first before month-first for four-digit years.
_NUMERIC_ORDERS = (
    ("YYYY", "MM", "DD"),
    ("YY", "MM", "DD"),
    ("YY", "DD", "MM"),
    ("DD", "MM", "YY"),
    ("MM", "DD", "YY"),
    ("DD", "MM", "YYYY"),
    ("MM", "DD", "YYYY"),
)
_SLACK = timedelta(days=7)  # how far outside the file's certain dates a reading may still fall
_FIELD_WIDTHS = {"YYYY": (4,), "YY": (2,), "MM": (1, 2), "DD": (1, 2)}

_BIRTH_DATE_FORMS = (
    re.compile(
        r"(?P<year>\d{4})(?:\s*(?P<sep>[./-])\s*(?P<month>\d{1,2})\s*(?P=sep)\s*(?P<day>\d{1,2}))?",
        re.ASCII,
    ),
    re.compile(
        r"(?P<day>\d{1,2})\s*(?P<sep>[./-])\s*(?P<month>\d{1,2})\s*(?P=sep)\s*(?P<year>\d{4})",
        re.ASCII,
    ),
)


@dataclass(frozen=True)
class DateReading:
    """The interpretation chosen for a date text.

    ``value`` is None when the text holds no valid date.  ``alternatives`` are
    the other valid dates, in order of preference; it is empty when the text
    is unambiguous, so a caller can warn exactly when a guess was made.
    """

    value: date | None
    pattern: str | None
    alternatives: tuple[date, ...]


@quick_init  # one per player of a file
@dataclass(frozen=True, order=True, slots=True)
class PartialDate:
    """A birth date of which only the year, or the year and month, may be known.

    TRF files write unknown parts as ``00`` ("1993/00/00") or leave them out
    ("1978").  A day without a month is meaningless and is rejected.
    """

    year: int
    month: int | None = None
    day: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.year <= 9999:
            raise ValueError(f"year out of range: {self.year}")
        if self.month is None:
            if self.day is not None:
                raise ValueError("a day needs a month")
        elif not 1 <= self.month <= 12:
            raise ValueError(f"month out of range: {self.month}")
        elif self.day is not None:
            date(self.year, self.month, self.day)  # raises ValueError for a day the month lacks

    def __str__(self) -> str:
        """The TRF form YYYY/MM/DD, with 00 for the unknown parts."""
        return f"{self.year:04d}/{self.month or 0:02d}/{self.day or 0:02d}"

    def __reduce__(self) -> tuple[type, tuple[int, int | None, int | None]]:
        """Pickled as its numbers: unpickled by the constructor, at a fraction of the cost of a
        frozen dataclass's state (a month's player lines go from the worker processes to the one
        that computes the period)."""
        return PartialDate, (self.year, self.month, self.day)


def date_candidates(text: str) -> list[tuple[date, str]]:
    """All valid (date, pattern) interpretations of ``text``, most plausible first.

    For two-digit years the TRF convention YY/MM/DD comes first; for four-digit
    years DD/MM/YYYY comes before MM/DD/YYYY.  Two-digit years 00-69 are read
    as 2000-2069 and 70-99 as 1970-1999.  A date reached by several patterns
    is listed once, with its most plausible pattern.  Empty when nothing parses.
    """
    candidates: list[tuple[date, str]] = []
    for value, pattern in _interpretations(" ".join(text.lower().split())):
        if all(value != seen for seen, _ in candidates):
            candidates.append((value, pattern))
    return candidates


def read_date(text: str, near: Sequence[date] = ()) -> DateReading:
    """Choose one interpretation of ``text``.

    ``near`` holds dates known for sure from the same file (such as the event
    start).  When it is given, the candidate closest to its median wins, so a
    single wrong anchor cannot pull the choice; ties, and readings without
    ``near``, go to the most plausible pattern.
    """
    return _choose(date_candidates(text), near)


def resolve_dates(texts: Sequence[str]) -> list[DateReading]:
    """Read the dates of one file together (042, 052, then every 132 round date).

    The texts with exactly one interpretation are anchors; every ambiguous
    text is then read as the interpretation closest to them.  Without any
    anchor each text is read on its own.
    """
    candidate_lists = [date_candidates(text) for text in texts]
    anchors = [candidates[0][0] for candidates in candidate_lists if len(candidates) == 1]
    return [_choose(candidates, anchors) for candidates in candidate_lists]


def read_birth_date(text: str) -> PartialDate | None:
    """Read a birth date: YYYY/MM/DD (any of / . -), a bare YYYY, or DD.MM.YYYY.

    Parts written as 00 are unknown.  Returns None for blank or unparseable
    text and for impossible dates, including 0000/00/00.
    """
    stripped = text.strip()
    for form in _BIRTH_DATE_FORMS:
        match = form.fullmatch(stripped)
        if match:
            year, month, day = int(match["year"]), int(match["month"] or 0), int(match["day"] or 0)
            try:
                return PartialDate(year, month or None, day or None)
            except ValueError:
                return None
    return None


def format_date(d: date) -> str:
    """The TRF-2026 form of records 042/052: YYYY/MM/DD."""
    return f"{d.year:04d}/{d.month:02d}/{d.day:02d}"


def format_round_date(d: date) -> str:
    """The TRF form of record 132: YY/MM/DD.

    Raises ValueError for years outside 1970-2069, whose two-digit form would
    read back as another century.
    """
    if not 1970 <= d.year <= 2069:
        raise ValueError(f"a two-digit year cannot express {d.year}")
    return f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}"


def _choose(candidates: list[tuple[date, str]], near: Sequence[date]) -> DateReading:
    """Pick the most plausible candidate within a week of the span of ``near``; when none is,
    the candidate closest to the median of ``near``; without ``near``, the first one."""
    if not candidates:
        return DateReading(None, None, ())
    if near:
        # differences, not min(near) - _SLACK: that overflows next to year 1 or 9999
        first, last = min(near), max(near)
        inside = [c for c in candidates if first - c[0] <= _SLACK and c[0] - last <= _SLACK]
        if inside:
            candidates = inside + [c for c in candidates if c not in inside]
        else:
            centre = sorted(near)[(len(near) - 1) // 2]  # the low median
            candidates = sorted(candidates, key=lambda candidate: abs(candidate[0] - centre))
    (value, pattern), *others = candidates
    return DateReading(value, pattern, tuple(other for other, _ in others))


def _interpretations(text: str) -> list[tuple[date, str]]:
    """Every valid (date, pattern) reading of normalised text, duplicates included."""
    if match := _NUMERIC.fullmatch(text):
        first, separator, middle, last = match.groups()
        return [
            (value, separator.join(order))
            for order in _NUMERIC_ORDERS
            if (value := _numeric_date(order, (first, middle, last)))
        ]
    if (match := _MONTH_FIRST.fullmatch(text)) and match[1] in _MONTHS:
        return _named_month_date(match[3], _MONTHS[match[1]], match[2], "Mon D, YYYY")
    if (match := _DAY_FIRST.fullmatch(text)) and match[2] in _MONTHS:
        return _named_month_date(match[3], _MONTHS[match[2]], match[1], "D Mon YYYY")
    return []


def _numeric_date(order: tuple[str, str, str], fields: tuple[str, str, str]) -> date | None:
    """The date the digit ``fields`` give when read in ``order``, if they fit it."""
    if any(len(field) not in _FIELD_WIDTHS[name] for name, field in zip(order, fields, strict=True)):
        return None
    parts = {name: int(field) for name, field in zip(order, fields, strict=True)}
    year = parts["YYYY"] if "YYYY" in parts else _century(parts["YY"])
    try:
        return date(year, parts["MM"], parts["DD"])
    except ValueError:
        return None


def _century(two_digit_year: int) -> int:
    """Place a two-digit year in 1970-2069."""
    return two_digit_year + (2000 if two_digit_year < 70 else 1900)


def _named_month_date(year: str, month: int, day: str, pattern: str) -> list[tuple[date, str]]:
    """The single reading of a month-name date, or none if the day does not exist."""
    try:
        return [(date(int(year), month, int(day)), pattern)]
    except ValueError:
        return []


def as_text(value: date | str | None) -> str | None:
    """A date of the model as text: ISO when it was read, as written when it could not be."""
    return value.isoformat() if isinstance(value, date) else value
