"""A chess-results crosstable export (the real one of ``fixtures/crosstables``) as rows, and rows
saved as an xlsx workbook, as a spreadsheet program would."""

from __future__ import annotations

import csv
import io
from collections import Counter
from fractions import Fraction

from paths import FIXTURES

from trfconv.model import Bye, Player, Tournament

EXPORT = FIXTURES / "crosstables" / "mrrookes__arbitools__testing.chess-results.csv"


def export_rows() -> list[list[str]]:
    """The export's rows, as a CSV reader gives them."""
    return list(csv.reader(io.StringIO(EXPORT.read_text("utf-8"), newline=""), delimiter=";"))


def workbook(rows) -> bytes:
    """``rows`` as an xlsx workbook (whole numbers as numbers), as a spreadsheet saves them."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append([int(c) if c.isdigit() else c for c in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def computed(t: Tournament, p: Player) -> Fraction:
    """``p``'s points summed from his round entries as ``t`` scores them: what a crosstable's
    total column is held to."""
    return sum((t.scores.points(e) for e in p.rounds), Fraction(0))


def kinds(t: Tournament) -> Counter:
    """How many round entries of each kind (a bye by its kind) ``t`` holds."""
    return Counter(type(e).__name__ + (f".{e.kind.name}" if isinstance(e, Bye) else "")
                   for p in t.players for e in p.rounds)
