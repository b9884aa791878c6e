"""Reader for crosstable workbooks (``.xlsx``, as chess-results serves its exports): the first
worksheet holding a crosstable header is read like a CSV table (:mod:`.csv_read`).

A workbook is a zip package of XML parts, so it is checked before openpyxl sees it: bounded
uncompressed size, no DTD or entity declaration in any XML part, bounded cells.
"""

from __future__ import annotations

import io
import warnings
import zipfile
import zlib

from ..errors import InputError
from ..messages import msg
from ..model import Tournament
from .build import TournamentBuilder

MAX_XLSX_BYTES = 64 * 1024 * 1024  # uncompressed size of a workbook's parts
MAX_XLSX_CELLS = 4_000_000  # cells of a workbook's rows (10,000 players x 400 columns)


def read_xlsx(data: bytes, path: str | None = None, encoding: str | None = None) -> Tournament:
    """The first worksheet holding a crosstable header, read like a CSV table."""
    from .csv_read import find_header, read_rows  # the table reading, shared with CSV

    builder = TournamentBuilder(path, "xlsx")
    try:
        sheets = _workbook_rows(data)
    except _NotAWorkbook as err:
        builder.report("IO004", err.args[0])
        return builder.unreadable()
    except InputError as err:
        builder.report("CSV007", err.args[0])
        return builder.unreadable()
    for rows in sheets:
        header = find_header(rows)
        if header:
            return read_rows(builder, rows, header)
    return read_rows(builder, sheets[0] if sheets else [], None)


class _NotAWorkbook(InputError):
    """The package is another office document (a Word document): said as such (IO004)."""


#: What a damaged package raises while it is unpacked and parsed: the zip layer (bad headers,
#: truncated or corrupt deflate streams, unsupported zip versions), the XML parsers (lxml's and
#: ElementTree's errors are SyntaxErrors) and openpyxl's checks of what the parts hold.
_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, OSError, SyntaxError,
            ValueError, KeyError, TypeError, IndexError)


def _workbook_rows(data: bytes) -> list[list[list[str]]]:
    """Every worksheet as rows of text. The package is checked first: bounded uncompressed
    size, and no DTD or entity declaration in any part, whatever its name (``sheet1.XML`` is
    XML too) and its encoding (:func:`~trfconv.io.xml_safe.declaration`); openpyxl then parses
    with defusedxml, which refuses them again (two guards, as for XML files). Then the cells are
    bounded (:data:`MAX_XLSX_CELLS`)."""
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    from .identify import package, said
    from .xml_safe import declaration

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        parts = archive.infolist()
        other = package("\n".join(p.filename for p in parts).encode("utf-8", "replace"))
        if other and not any(p.filename.startswith("xl/") for p in parts):
            raise _NotAWorkbook(said(other))
        if sum(p.file_size for p in parts) > MAX_XLSX_BYTES:
            raise InputError(msg("the workbook unpacks to more than {max_xlsx_bytes:,} bytes; refused",
                                 max_xlsx_bytes=MAX_XLSX_BYTES))
        for part in parts:
            if declaration(archive.read(part)):
                raise InputError(msg("{filename} declares a DTD or entities; refused", filename=part.filename))
        with warnings.catch_warnings():  # openpyxl warns about parts it skips; the cells are what counts
            warnings.simplefilter("ignore")
            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            return _sheets(book)
    except zipfile.BadZipFile as err:
        raise InputError(msg("not an .xlsx workbook: {err}", err=err)) from None
    except (InvalidFileException, *_DAMAGED) as err:
        raise InputError(msg("the workbook cannot be read ({name}: {err})", name=type(err).__name__, err=err)) from None


def _sheets(book) -> list[list[list[str]]]:
    """The rows of every worksheet, each as wide as its last cell. The dimension a sheet
    declares is not used: one cell at XFD1048576 in a workbook of a few kilobytes would make
    openpyxl pad a grid of 17 billion cells."""
    sheets, cells = [], 0
    for sheet in book.worksheets:
        sheet.reset_dimensions()
        rows = []
        for row in sheet.iter_rows(values_only=True):
            cells += max(len(row), 1)
            if cells > MAX_XLSX_CELLS:
                raise InputError(msg("the workbook spans more than {max_xlsx_cells:,} cells (counting empty rows and "
                                     "the empty cells before a row's last one); refused",
                                     max_xlsx_cells=MAX_XLSX_CELLS))
            rows.append([_cell_text(v) for v in row])
        sheets.append(rows)
    return sheets


def _cell_text(value) -> str:
    """A spreadsheet value as the text a CSV export would hold (whole numbers without ``.0``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "date") and hasattr(value, "isoformat"):
        return value.date().isoformat() if hasattr(value, "hour") else value.isoformat()
    return str(value)


def sniff(head: bytes) -> bool:
    """Whether the first bytes of a file are this format's (the format registry asks)."""
    return head.startswith(b"PK\x03\x04") and (b"xl/" in head or b"[Content_Types].xml" in head)
