"""The formats trfconv reads and writes: one :class:`Format` record per format in
:data:`FORMATS`, and everything derived from them (detection, reading, writing, the command
line's choices, suffix map and help texts, the ``formats`` command).

Adding a format is writing its module (a ``sniff`` function, a reader, a writer) and adding its
record here; nothing else changes. A record names its functions as ``"module:function"``, so
that a module is imported only when its format is asked about: detection imports the sniffers'
modules in order until one recognises the file, and a format module must be cheap to import (a
library such as lxml, openpyxl or python-chess is imported inside the functions that need it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..actions import Action
from ..diagnostics import Diagnostic, diagnostic, has_errors
from ..errors import TrfconvError
from ..encoding import byte_order_mark, utf16_without_mark
from ..messages import msg
from ..model import Source, Tournament
from ..named import named
from .files import OutputError, write_output
from .identify import disguised, what_it_is

#: The reader of content no sniffer recognises and whose name asks for no format.
FALLBACK = "trf"
#: The output format when neither ``--to`` nor the output file's suffix names one.
DEFAULT_OUTPUT = "trf26"
#: How much of a file the sniffers look at.
SNIFF_BYTES = 65536
#: What makes any file unreadable, whatever its format: it cannot be opened.
CANNOT_OPEN = "IO001"
#: What makes any file unreadable, whatever its format: it is plainly something else.
NOT_A_TOURNAMENT = "IO004"
#: What makes any file unreadable, whatever its format: it is beyond the limits read.
TOO_LARGE = "LIM001"
#: What :attr:`Format.starts` looks past: a UTF-8 byte-order mark's bytes and ASCII blanks.
_LEADING = b"\xef\xbb\xbf \t\r\n\f\v"



class Written(NamedTuple):
    """What a writer wrote: the bytes, its diagnostics, and how many players a reader of the
    bytes finds (a writer may leave players out, each said by ``WRT004``), counted from what the
    writer wrote so that nobody has to read the output back to know."""

    data: bytes
    diagnostics: list[Diagnostic]
    players: int


@dataclass(frozen=True)
class Output:
    """A way of writing a tournament: ``write`` is ``"module:function"`` with
    ``function(tournament, *, line_ending, encoding) -> Written``, imported when used."""

    name: str
    description: str
    write: str | Callable
    suffixes: tuple[str, ...] = ()

    def writer(self) -> Callable[..., Written]:
        return _load(self.write)


@dataclass(frozen=True)
class Format:
    """A file format: what it is, the file names it usually has, how to recognise its content
    (``sniff``: ``"module:function"`` (or the function itself) with ``function(head: bytes) -> bool``, given the first
    :data:`SNIFF_BYTES` bytes, as UTF-8 when the file had a UTF-16/32 byte-order mark), its reader
    (``read``: ``function(data, path, encoding) -> Tournament``, never raising on bad content), the
    outputs it can be written as, and which of its reader's diagnostic codes mean the file could
    not be read at all."""

    name: str
    description: str
    suffixes: tuple[str, ...] = ()
    sniff: str | Callable | None = None
    read: str | Callable | None = None
    outputs: tuple[Output, ...] = ()
    unreadable: frozenset[str] = frozenset()
    #: The file is binary (no text encoding nor line ending of its own; its texts may have one).
    binary: bool = False
    #: What the content of every such file starts with, after any byte-order mark and blanks,
    #: when it has a fixed start: the sniffer (and its module) is asked only about content that
    #: does, so that recognising a TRF file imports no other reader.
    starts: tuple[bytes, ...] = ()

    def recognises(self, head: bytes) -> bool:
        if self.starts and not head.lstrip(_LEADING).startswith(self.starts):
            return False
        return self.sniff is not None and _load(self.sniff)(head)

    def reader(self) -> Callable[..., Tournament]:
        return _load(self.read)


#: Every format, in the order their sniffers are asked: binary signatures before text, the most
#: specific text first (CSV, whose sniffer looks for a crosstable header anywhere, last).
FORMATS = (
    Format("swissmanager", msg("Swiss-Manager tournament file (.TUNX, .TURX, .TUMX, .TUTX)"),
           (".tunx", ".turx", ".tumx", ".tutx"), "trfconv.io.swissmanager:sniff",
           "trfconv.io.swissmanager.mapping:read_swissmanager", (), frozenset({"SWM001"}), binary=True),
    Format("papi", msg("Papi tournament file (.papi, the FFE's pairing program; an Access 2000 database)"), (".papi",),
           "trfconv.io.papi:sniff", "trfconv.io.papi:read_papi", (), frozenset({"PAP001", "PAP002"}), binary=True,
           starts=(b"\x00\x01\x00\x00Standard Jet DB\x00",)),
    Format("papi-json", msg("Papi-JSON: Sharly-Chess's JSON form of a Papi file (variables and players)"), (),
           "trfconv.io.papi_json:sniff", "trfconv.io.papi_json:read_papi_json", (), frozenset({"PAP009"}),
           starts=(b"{",)),
    Format("json", msg("trfconv's JSON form of the model"), (".json",), "trfconv.io.json_io:sniff",
           "trfconv.io.json_io:read_json",
           (Output("json", msg("trfconv's lossless JSON form of the model"), "trfconv.io.json_io:write_json",
                   (".json",)),),
           frozenset({"JSN001"}), starts=(b"{",)),
    Format("xml", msg("chess-results.com upload XML (Swiss-Manager and others)"), (".xml",), "trfconv.io.xml_read:sniff",
           "trfconv.io.xml_read:read_xml",
           (Output("xml", msg("chess-results.com upload XML (individual and team, Swiss and round robin; no "
                              "<security> block)"), "trfconv.io.xml_write:write_xml", (".xml",)),),
           frozenset({"XML001", "XML002", "XML003"}), starts=(b"<",)),
    Format("xlsx", msg("crosstable workbook (.xlsx), as chess-results serves its exports"), (".xlsx",),
           "trfconv.io.xlsx_read:sniff", "trfconv.io.xlsx_read:read_xlsx", (), frozenset({"CSV007"}), binary=True,
           starts=(b"PK\x03\x04",)),
    Format("swisschess", msg("Swiss-Chess tournament file (.SWT, Swiss-Chess for Windows 8.xx), individual and team"),
           (".swt",), "trfconv.io.swisschess:sniff", "trfconv.io.swisschess:read_swisschess", (),
           frozenset({"SWT001", "SWT002"}), binary=True),
    Format("vega", msg("Vega: its text crosstable (Cross Table … sorted by score); its .vegz file is recognised and "
                       "refused (no public layout)"), (".vegz", ".bakz"), "trfconv.io.vega:sniff", "trfconv.io.vega:read_vega",
           (), frozenset({"VEG001", "VEG002"})),
    Format("pgn", msg("PGN game collection: the crosstable from the games' tags (Round, White, Black, Result, Elo, "
                      "FIDE ids)"), (".pgn",), "trfconv.io.pgn:sniff", "trfconv.io.pgn:read_pgn", (), frozenset({"PGN001"}),
           starts=(b"[",)),
    Format("trf", msg("FIDE TRF06 / TRF16 / TRF-2026, JaVaFo TRF(x), bbpPairings TRF(bx), lichess exports"),
           (".trf", ".trfx"), "trfconv.io.trf_read:sniff", "trfconv.io.trf_read:read_trf",
           (Output("trf26", msg("FIDE TRF-2026 (C.02.03 Annex A), the default"), "trfconv.io.trf_write:write_trf26",
                   (".trf",)),
            Output("trf16", msg("FIDE TRF16 (C.04 Annex 2) with JaVaFo XX? lines for engine data"),
                   "trfconv.io.trf_write:write_trf16")),
           frozenset({"IO002"})),
    Format("csv", msg("crosstable CSV: trfconv's canonical form, chess-results / Swiss-Manager / Vega exports, "
                      "SwissPerfect SPExport"), (".csv",), "trfconv.io.csv_read:sniff", "trfconv.io.csv_read:read_csv",
           (Output("csv", msg("trfconv's canonical crosstable CSV (one row per player, one cell per round)"),
                   "trfconv.io.csv_write:write_csv", (".csv",)),),
           frozenset({"CSV001", "CSV012"})),
)


_registered: list[Format] = []


def register(fmt: Format) -> None:
    """Add a format defined outside :data:`FORMATS` (a plug-in, a test); detection asks its
    sniffer first. A format of the same name is replaced."""
    _registered[:] = [f for f in _registered if f.name != fmt.name]
    _registered.insert(0, fmt)


def unregister(name: str) -> None:
    _registered[:] = [f for f in _registered if f.name != name]


def formats() -> tuple[Format, ...]:
    """Every format, in detection order (the registered ones first)."""
    return (*_registered, *FORMATS)


def readers() -> dict[str, Format]:
    return {f.name: f for f in formats() if f.read is not None}


def outputs() -> dict[str, Output]:
    return {o.name: o for f in formats() for o in f.outputs}


def unreadable_codes() -> frozenset[str]:
    """The diagnostic codes after which a file counts as not read (exit 2)."""
    return frozenset({CANNOT_OPEN, NOT_A_TOURNAMENT, TOO_LARGE}.union(*(f.unreadable for f in formats())))


def output_for(suffix: str) -> str:
    """The output format an output file's suffix asks for (``.xml`` -> ``xml``), else the default."""
    suffix = suffix.lower()
    return next((o.name for o in outputs().values() if suffix in o.suffixes), DEFAULT_OUTPUT)


def detect_format(data: bytes, path: str | None = None, *, identify: bool = False) -> str | None:
    """The input format from the content: the first format whose sniffer recognises it; else the
    format the file's name asks for (``.csv``, whose reader then says what is missing); else
    :data:`FALLBACK` (whose reader says that it holds no record). A UTF-16 or UTF-32 file with its
    byte-order mark (Excel's "Unicode text") is sniffed on its text. With ``identify``, None
    when no format recognises the content and it is plainly no text (:mod:`.identify`)."""
    found = recognised(data)
    if found:
        return found
    if identify and what_it_is(data) is not None:
        return None
    name = (path or "").lower()
    return next((f.name for f in formats() if f.read and name.endswith(f.suffixes or ("\0",))), FALLBACK)


def recognised(data: bytes) -> str | None:
    """The first format whose sniffer recognises the content (UTF-16/32 text with its byte-order
    mark sniffed as UTF-8), else None: no fallback on the name."""
    head = data[:4 * SNIFF_BYTES]
    if disguised(head):  # a web page starts like XML, a Word document like a workbook
        return None
    mark = byte_order_mark(head)
    if mark and mark[1] != "utf-8":
        bom, name = mark
        head = head[len(bom):].decode(name, errors="replace").encode("utf-8")
    head = head[:SNIFF_BYTES]
    return next((f.name for f in formats() if f.read and f.recognises(head)), None)


def read_bytes(data: bytes, path: str | None = None, *, encoding: str | None = None,
               format: str | None = None) -> Tournament:
    """The tournament in ``data``, read by ``format`` or by the detected one. Bytes no format
    recognises and that are plainly something else (a PDF, an archive, a picture, binary data)
    give an empty tournament with ``IO004`` saying what the file is; UTF-16 text without a
    byte-order mark is read as such (``ENC006``)."""
    notes: list[Diagnostic] = []
    utf16 = None
    if encoding is None and (utf16 := utf16_without_mark(data)) is not None:
        data = data.decode(utf16, errors="replace").encode("utf-8")
        notes.append(diagnostic("ENC006", msg("the file is UTF-16 text without a byte-order mark; read as {utf16}",
                                              utf16=utf16), path=path, actions=(Action("give-encoding", utf16, msg("to say so")),)))
    name = format or detect_format(data, path, identify=True)
    if name is None:
        what = what_it_is(data)
        assert what is not None  # detect_format(identify=True) gives None only for such data
        return Tournament(source=Source(path=path, diagnostics=(
            diagnostic("IO004", what, path=path),)))
    fmt = readers().get(name)
    if fmt is None:
        raise ValueError(f"unknown input format {name!r}; use one of {', '.join(readers())}")
    t = fmt.reader()(data, path, encoding)
    if notes:  # the file's encoding is the one read, not the UTF-8 the reader was given
        t = replace(t, source=replace(t.source, diagnostics=(*notes, *t.source.diagnostics), encoding=utf16))
    return t


def write_bytes(t: Tournament, output: str = DEFAULT_OUTPUT, *, line_ending: str = "\r\n",
                encoding: str = "utf-8") -> Written:
    """``t`` written in the ``output`` format: the bytes, the writer's diagnostics, the players."""
    found = outputs().get(output)
    if found is None:
        raise ValueError(f"unknown output format {output!r}; use one of {', '.join(outputs())}")
    return found.writer()(t, line_ending=line_ending, encoding=encoding)


def write_file(t: Tournament, path, output: str = DEFAULT_OUTPUT, *, line_ending: str = "\r\n",
               encoding: str = "utf-8", strict: bool = False) -> Written:
    """``t`` written to ``path`` as :func:`trfconv.write` says, and what was written (the
    diagnostics located at ``path``): a :class:`TrfconvError` when nothing was written."""
    data, diagnostics, players = write_bytes(t, output, line_ending=line_ending, encoding=encoding)
    diagnostics = [d.located(str(path)) for d in diagnostics]
    if strict and has_errors(diagnostics):
        raise TrfconvError(diagnostics)
    try:
        write_output(path, data, source=t.source.path)
    except OutputError as err:
        raise TrfconvError([diagnostic("IO003", msg("cannot write: {err}", err=err), path=str(path))]) from None
    return Written(data, diagnostics, players)


def _load(function: str | Callable):
    """A record's function: named ``"module:function"`` (imported now), or given itself."""
    return named(function) if isinstance(function, str) else function
