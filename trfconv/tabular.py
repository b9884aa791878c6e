"""Tables as text: splitting delimited text into rows, and writing rows a spreadsheet opens safely.

Shared by everything that reads a table (crosstable CSV, the K file) and everything that writes
one (the canonical crosstable, the rating report and standings as CSV), so that the rules of
splitting and of the formula guard exist once.

The formula guard (OWASP "CSV injection"): a spreadsheet runs a cell that starts with ``=``,
``+``, ``-`` or ``@`` as a formula, and a TAB or CR at the start of a cell can hide one. Such a
text cell is written with a leading apostrophe, which spreadsheets show as "text"; numbers
(``-5``, ``+1.5``, ``-1/2``) and a lone ``+`` or ``-`` hold no formula and are written as they are.
:func:`unguard` takes the apostrophe off again when trfconv reads its own table.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: The first characters of a cell :func:`needs_guard` may be true of (a formula's, or apostrophes).
_GUARD_FIRST = frozenset((*_FORMULA_START, "'"))
#: A written row, after a comma, in which a cell may start with one of :data:`_GUARD_FIRST`
#: (after a comma, quoted or not); :data:`_MAY_GUARD`: one that is not a plain number written
#: unquoted (``-12``, ``-3.45``, which :func:`needs_guard` passes). Most rows have none and are
#: written once; the first pattern, quick, spares most rows the second.
_GUARD_START = re.compile(r""","?[=+\-@\t\r']""")
_MAY_GUARD = re.compile(r""",(?![+-]?(?:\d+(?:\.\d+)?(?:/\d+)?|\.\d+)(?:,|\r\n))"?[=+\-@\t\r']""", re.ASCII)
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)?(?:/\d+)?|[.,]\d+)", re.ASCII)


def split_rows(lines: Iterable[str], delimiter: str = ",") -> tuple[list[list[str]], dict[int, str]]:
    """The rows of ``lines`` (an iterable of text, as :func:`io.StringIO` gives it with
    ``newline=""``, so that a quoted cell may hold a line break) as cells, and, by row index, the
    csv module's reason for each row it cannot split (a cell longer than its field limit of
    131,072 characters): each of those is an empty row, so that the others keep their places."""
    reader = csv.reader(lines, delimiter=delimiter)
    rows: list[list[str]] = []
    unsplit: dict[int, str] = {}
    while True:
        try:
            rows.append(next(reader))
        except StopIteration:
            return rows, unsplit
        except csv.Error as err:
            unsplit[len(rows)] = str(err)
            rows.append([])


def needs_guard(text: str) -> bool:
    """Whether a spreadsheet could run ``text`` as a formula (see the module docstring)."""
    return text.lstrip("'").startswith(_FORMULA_START) and text not in ("+", "-") and not _NUMBER.fullmatch(text)


def guard(text: str) -> str:
    """``text`` as a cell no spreadsheet runs: with a leading apostrophe when :func:`needs_guard`
    (also when it already starts with apostrophes before a formula character, so that
    :func:`unguard` gives it back exactly)."""
    if text[:1] not in _GUARD_FIRST:  # most cells: no formula or apostrophe can start them
        return text
    return "'" + text if needs_guard(text) else text


def unguard(text: str) -> str:
    """Undo :func:`guard`: ``'=x`` is the text ``=x`` (and ``''=x`` is ``'=x``)."""
    return text[1:] if text[:1] == "'" and needs_guard(text[1:]) else text


def write_rows(rows: Iterable[Iterable[object]], *, line_ending: str = "\n",
               guarded: list[tuple[int, str]] | None = None) -> str:
    """``rows`` as CSV text, every cell through :func:`guard` (``None`` is an empty cell): the one
    writer of every CSV trfconv writes. A cell holding a CR or LF is quoted whatever
    ``line_ending`` is (the csv module quotes only the characters of its own line terminator,
    and a bare CR starts a new row in a spreadsheet). ``guarded`` collects (row index, text) of
    each cell given an apostrophe."""
    out = _Rows()
    writer = csv.writer(out, lineterminator="\r\n")  # CR and LF are then both quoted
    written = out.rows
    for index, row in enumerate(rows):
        row = row if isinstance(row, list | tuple) else list(row)
        writer.writerow(row)  # None an empty cell, any other value its str (the csv module's own)
        line = "," + written[-1]  # the first cell after a comma too
        if _GUARD_START.search(line) and _MAY_GUARD.search(line):  # a cell may need the guard: written again
            cells = []
            for cell in row:
                text = cell if type(cell) is str else "" if cell is None else str(cell)
                if text[:1] in _GUARD_FIRST:  # the first character: most cells need no more (guard's own quick case)
                    safe = guard(text)
                    if safe is not text and guarded is not None:
                        guarded.append((index, text))
                    text = safe
                cells.append(text)
            written.pop()
            writer.writerow(cells)
        if line_ending != "\r\n":  # the row's CRLF, replaced by the ending asked for
            written[-1] = written[-1][:-2] + line_ending
    return "".join(written)


class _Rows:
    """Where the csv writer puts its rows, one string each (it writes a row at once): joined once
    at the end, a large CSV takes a fraction of the memory of a ``StringIO``, which holds four
    bytes a character."""

    def __init__(self) -> None:
        self.rows: list[str] = []

    def write(self, text: str) -> None:
        self.rows.append(text)
