"""A chess-results crosstable export (the real one of ``fixtures/crosstables``) as rows, and rows
saved as an xlsx workbook, as a spreadsheet program would."""

from __future__ import annotations

import csv
import io

from paths import FIXTURES

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
