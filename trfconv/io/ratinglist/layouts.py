"""The columns of a FIDE TXT rating list, found from its header line.

FIDE's TXT lists are fixed-width, and the layout has changed over the years (FIDE's download page,
https://ratings.fide.com/download_lists.phtml, and the files themselves): the combined list with an FOA column (162 characters:
``ID Number  Name … Fed Sex Tit  WTit OTit  FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag``),
the combined "legacy" list without it (158), the single-type standard/rapid/blitz lists (136,
``… FOA OCT26 Gms K  B-day Flag``: the rating column is headed by the list's month), and the lists
before 2012 (``ID number Name  TitlFed  Mar11 GamesBorn  Flag``, as in the tests of the Perl
module Chess::FIDE). Published parsers disagree by a column or two, so nothing here is an offset: a column
starts where its header word starts and ends where the next one starts; values are read from
those spans and stripped, whatever their alignment.

A line can be longer than the header when a text column overflows into the next one (three
lines of the October 2026 combined list, whose other-titles list runs into the FOA column,
measured on the whole file in the Zinkelburger/Meow-Chess research notes, research/notes/FIDE.md
§1.2); :meth:`Layout.fields` reads such a line by widening that column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter

from ...errors import InputError
from ...list_entry import KINDS
from ...messages import msg

#: Header words, each with the field it heads. Longest first, so that ``Titl`` wins over ``Tit``
#: and ``TitlFed`` / ``GamesBorn`` (written without a blank before 2012) split in two.
_WORDS = {
    "id number": "fide_id", "name": "name", "fed": "federation", "sex": "sex",
    "titl": "title", "tit": "title", "wtit": "women_title", "otit": "other_titles", "foa": "foa_title",
    "srtng": "standard_rating", "sgm": "standard_games", "sk": "standard_k",
    "rrtng": "rapid_rating", "rgm": "rapid_games", "rk": "rapid_k",
    "brtng": "blitz_rating", "bgm": "blitz_games", "bk": "blitz_k",
    "gms": "games", "games": "games", "k": "k", "b-day": "birth_year", "born": "birth_year", "flag": "flag",
}
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: A single-type list heads its rating column with the month (``OCT26``, ``Mar11``).
_MONTH_CODE = rf"(?:{'|'.join(_MONTHS)})\d\d"
_HEADER_WORD = re.compile(
    "|".join([re.escape(w).replace(r"\ ", " ") for w in sorted(_WORDS, key=len, reverse=True)] + [_MONTH_CODE]),
    re.IGNORECASE)

#: Fields whose values are whole numbers (blank is allowed and read as unknown, except the ID).
NUMERIC = frozenset({"fide_id", "games", "k", "rating", "birth_year",
                     *(f"{kind}_{what}" for kind in KINDS for what in ("rating", "games", "k"))})
#: The most characters a text column is taken to overflow by (the other titles of October 2026
#: overflow by one).
MAX_OVERFLOW = 8
#: Fields of free text that may overflow into the next column.
_TEXT = ("name", "title", "women_title", "other_titles", "foa_title")


class HeaderError(InputError):
    """The first line is not a rating list header; the message says why, ``column`` where."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.column = column


def month_code(code: str) -> str:
    """``OCT26`` -> ``2026-10``. Lists are published from 2001 on, so the year is 20YY."""
    return f"20{code[3:5]}-{_MONTHS.index(code[:3].lower()) + 1:02d}"


@dataclass(frozen=True)
class Column:
    field: str
    start: int
    end: int  #: exclusive; the last column ends at the header's width


@dataclass(frozen=True)
class Layout:
    """The columns of a list, found from ``header``. ``month`` is the month its header names
    (single-type and pre-2012 lists), else None."""

    header: str
    columns: tuple[Column, ...]
    month: str | None

    @property
    def width(self) -> int:
        return self.columns[-1].end

    @cached_property
    def by_field(self) -> dict[str, Column]:
        return {c.field: c for c in self.columns}

    @cached_property
    def _names(self) -> tuple[str, ...]:
        return tuple(c.field for c in self.columns)

    @cached_property
    def _slices(self):
        """The columns of a line of the header's width, in one call."""
        return itemgetter(*(slice(c.start, c.end) for c in self.columns))

    @property
    def combined(self) -> bool:
        """Whether the list holds all three rates of play (the combined lists)."""
        return "standard_rating" in self.by_field

    @property
    def name(self) -> str:
        """The layout's name, for messages and the list of what is held."""
        if self.combined:
            return "combined (FOA)" if "foa_title" in self.by_field else "combined (legacy)"
        return "single-type" if "sex" in self.by_field else "pre-2012"

    def fields(self, line: str) -> dict[str, str]:
        """The stripped value of each column of ``line``. A line longer than the header is read
        with the right-most text column whose value runs into the next one widened by the
        excess; ValueError when there is none (then the line is not in this layout)."""
        line = line.rstrip("\r\n")
        excess = len(line) - self.width
        if not excess:
            return dict(zip(self._names, map(str.strip, self._slices(line)), strict=True))
        if excess > MAX_OVERFLOW and line[self.width:].strip():
            raise ValueError(msg("the line is {count} characters, far longer than the header's {width}",
                                 count=len(line), width=self.width))
        widened = self._overflowing(line) if excess > 0 else None
        out = {}
        shift = 0
        for c in self.columns:
            start, end = c.start + shift, c.end + shift
            if c.field == widened:
                end += excess
                shift = excess
            out[c.field] = line[start:end].strip()
        return out

    def _overflowing(self, line: str) -> str | None:
        """The right-most text column whose value runs into the next one (no blank between),
        None when the excess is only blanks after the last column; ValueError else."""
        for c in reversed(self.columns[:-1]):
            if c.field in _TEXT and " " not in line[c.end - 1:c.end + 1]:
                return c.field
        if not line[self.width:].strip():
            return None
        raise ValueError(msg("the line is {count} characters, longer than the header's {width}, and no text column "
                             "runs into the next one", count=len(line), width=self.width))


def layout(header: str) -> Layout:
    """The layout a header line describes; :class:`HeaderError` when it is not a FIDE list
    header (an unknown word, no ID or name column first, or no rating column)."""
    text = header.rstrip("\r\n")
    found: list[tuple[int, str]] = []
    month = None
    position = 0
    while True:
        while position < len(text) and text[position] == " ":
            position += 1
        if position >= len(text):
            break
        match = _HEADER_WORD.match(text, position)
        if match is None:
            word = text[position:].split(" ", 1)[0]
            raise HeaderError(msg("unknown header word {word}", word=repr(word[:20])), position + 1)
        word = match.group().lower()
        if word in _WORDS:
            field = _WORDS[word]
        else:
            field, month = "rating", month_code(word)
        found.append((position, field))
        position = match.end()
    fields = [f for _, f in found]
    if fields[:2] != ["fide_id", "name"]:
        raise HeaderError(msg("a FIDE list header starts with 'ID Number' and 'Name'"), 1)
    if len(set(fields)) != len(fields):
        raise HeaderError(msg("a header word is repeated"))
    if "rating" not in fields and "standard_rating" not in fields:
        raise HeaderError(msg("no rating column (SRtng, or the month such as OCT26)"))
    ends = [start for start, _ in found[1:]] + [len(text)]
    columns = tuple(Column(field, start, end) for (start, field), end in zip(found, ends, strict=True))
    return Layout(text, columns, month)
