"""Readers and writers, and how a file's format is recognised from its content."""

from __future__ import annotations

import re

from ..encoding import byte_order_mark
from ..model import Tournament

_TRF_RECORD = re.compile(rb"(?m)^(?:001|012|022|032|042|052|062|092|102|122|132|142|XX[RCSPZA]|BB[WDLZFU]) ")

#: Output formats: name -> short description.
WRITERS = {
    "trf26": "FIDE TRF-2026 (C.02.03 Annex A), the default",
    "trf16": "FIDE TRF16 (C.04 Annex 2) with JaVaFo XX? lines for engine data",
    "json": "trfconv's lossless JSON form of the model",
    "xml": "chess-results.com upload XML (individual and team, Swiss and round robin; no <security> block)",
    "csv": "trfconv's canonical crosstable CSV (one row per player, one cell per round)",
}
READERS = {
    "trf": "FIDE TRF06 / TRF16 / TRF-2026, JaVaFo TRF(x), bbpPairings TRF(bx), lichess exports",
    "json": "trfconv's JSON form of the model",
    "xml": "chess-results.com upload XML (Swiss-Manager and others)",
    "csv": "crosstable CSV: trfconv's canonical form, chess-results / Swiss-Manager / Vega exports, "
           "SwissPerfect SPExport",
    "xlsx": "crosstable workbook (.xlsx), as chess-results serves its exports",
}


def detect_format(data: bytes, path: str | None = None) -> str:
    """The input format from the content: ``json`` for a JSON object, ``xml`` for a document
    that starts with ``<``, ``xlsx`` for a zip package, ``trf`` when a TRF record starts a line,
    ``csv`` when a crosstable header row is found. Content that is none of these is read by the
    reader its name asks for when it ends in ``.csv`` (which then says that no header row names
    a crosstable's columns), otherwise by the TRF reader (which says that it holds no TRF
    record). A UTF-16 or UTF-32 file with its byte-order mark (Excel's "Unicode text" export) is
    recognised on its text."""
    mark = byte_order_mark(data)
    if mark and mark[1] != "utf-8":  # UTF-16/32: looked at as the text they hold
        bom, name = mark
        data = data[len(bom):4 * 65536].decode(name, errors="replace").encode("utf-8")
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"{"):
        return "json"
    if head.startswith(b"<"):
        return "xml"
    if data.startswith(b"PK\x03\x04"):
        return "xlsx"
    start = data[:65536]
    if _TRF_RECORD.search(start.replace(b"\r", b"\n")):
        return "trf"
    from .csv_read import looks_like_table

    if looks_like_table(start.decode("utf-8", errors="replace")):
        return "csv"
    return "csv" if path and path.lower().endswith(".csv") else "trf"


def read_bytes(data: bytes, path: str | None = None, *, encoding: str | None = None,
               format: str | None = None) -> Tournament:
    kind = format or detect_format(data, path)
    if kind == "json":
        from .json_io import read_json

        return read_json(data, path)
    if kind == "trf":
        from .trf_read import read_trf

        return read_trf(data, path, encoding)
    if kind == "xml":
        from .xml_read import read_xml

        return read_xml(data, path, encoding)
    if kind in ("csv", "xlsx"):
        from .csv_read import read_csv, read_xlsx

        return (read_csv if kind == "csv" else read_xlsx)(data, path, encoding)
    raise ValueError(f"unknown input format {format!r}; use one of {', '.join(READERS)}")


def render(t: Tournament, format: str = "trf26", *, line_ending: str = "\r\n",
           encoding: str = "utf-8") -> tuple[bytes, list]:
    """The bytes of ``t`` in ``format`` and the writer's diagnostics."""
    if format == "json":
        from .json_io import dumps

        return dumps(t).encode("utf-8"), []
    if format in ("trf26", "trf16"):
        from .trf_write import write_trf

        text, diagnostics = write_trf(t, format, line_ending=line_ending, encoding=encoding)
        return text.encode(encoding), diagnostics
    if format == "xml":
        from .xml_write import write_xml

        return write_xml(t, encoding=encoding)
    if format == "csv":
        from .csv_write import write_csv

        return write_csv(t, line_ending=line_ending, encoding=encoding)
    raise ValueError(f"unknown output format {format!r}; use one of {', '.join(WRITERS)}")
