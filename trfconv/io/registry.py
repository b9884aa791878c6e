"""The formats trfconv reads and writes: one :class:`Format` record per format, declared in the
format's own module, and everything derived from them (detection, reading, writing, the
command line's choices, suffix map and help texts, the ``formats`` command).

Adding a format is writing its module (which declares ``FORMATS``) and adding one line to
:data:`MODULES`; nothing else changes. A format module must be cheap to import (a library such
as lxml, openpyxl or python-chess is imported inside the functions that need it), because the
registry imports every one of them to detect a file's format.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..diagnostics import Diagnostic
from ..encoding import byte_order_mark
from ..model import Tournament

#: The format modules, in the order their sniffers are asked: binary signatures before text,
#: the most specific text first. One line per module.
MODULES = (
    "trfconv.io.json_io",
    "trfconv.io.xml_read",
    "trfconv.io.xlsx_read",
    "trfconv.io.trf_read",
    "trfconv.io.csv_read",
)
#: The reader of content no sniffer recognises and whose name asks for no format.
FALLBACK = "trf"
#: The output format when neither ``--to`` nor the output file's suffix names one.
DEFAULT_OUTPUT = "trf26"
#: How much of a file the sniffers look at.
SNIFF_BYTES = 65536
#: What makes any file unreadable, whatever its format: it cannot be opened.
CANNOT_OPEN = "IO001"

#: ``read(data, path, encoding) -> Tournament``; never raises on bad content.
Read = Callable[[bytes, "str | None", "str | None"], Tournament]


@dataclass(frozen=True)
class Output:
    """A way of writing a tournament: ``write`` is ``"module:function"`` with
    ``function(tournament, *, line_ending, encoding) -> (bytes, diagnostics)``, imported when used."""

    name: str
    description: str
    write: str
    suffixes: tuple[str, ...] = ()

    def writer(self) -> Callable[..., tuple[bytes, list[Diagnostic]]]:
        return _load(self.write)


@dataclass(frozen=True)
class Format:
    """A file format: what it is, the file names it usually has, how to recognise its content
    (``sniff`` gets the first :data:`SNIFF_BYTES` bytes, as UTF-8 when the file had a UTF-16/32
    byte-order mark), its reader, the outputs it can be written as, and which of its reader's
    diagnostic codes mean the file could not be read at all."""

    name: str
    description: str
    suffixes: tuple[str, ...] = ()
    sniff: Callable[[bytes], bool] | None = None
    read: Read | None = None
    outputs: tuple[Output, ...] = ()
    unreadable: frozenset[str] = frozenset()


_registered: list[Format] = []


def register(fmt: Format) -> None:
    """Add a format defined outside :data:`MODULES` (a plug-in, a test); detection asks its
    sniffer first. A format of the same name is replaced."""
    _registered[:] = [f for f in _registered if f.name != fmt.name]
    _registered.insert(0, fmt)


def unregister(name: str) -> None:
    _registered[:] = [f for f in _registered if f.name != name]


def formats() -> tuple[Format, ...]:
    """Every format, in detection order."""
    return (*_registered, *_module_formats())


def readers() -> dict[str, Format]:
    return {f.name: f for f in formats() if f.read is not None}


def outputs() -> dict[str, Output]:
    return {o.name: o for f in formats() for o in f.outputs}


def unreadable_codes() -> frozenset[str]:
    """The diagnostic codes after which a file counts as not read (exit 2)."""
    return frozenset({CANNOT_OPEN}.union(*(f.unreadable for f in formats())))


def output_for(suffix: str) -> str:
    """The output format an output file's suffix asks for (``.xml`` -> ``xml``), else the default."""
    suffix = suffix.lower()
    return next((o.name for o in outputs().values() if suffix in o.suffixes), DEFAULT_OUTPUT)


def detect_format(data: bytes, path: str | None = None) -> str:
    """The input format from the content: the first format whose sniffer recognises it; else the
    format the file's name asks for (``.csv``, whose reader then says what is missing); else
    :data:`FALLBACK` (whose reader says that it holds no record). A UTF-16 or UTF-32 file with its
    byte-order mark (Excel's "Unicode text") is sniffed on its text."""
    head = data[:4 * SNIFF_BYTES]
    mark = byte_order_mark(head)
    if mark and mark[1] != "utf-8":
        bom, name = mark
        head = head[len(bom):].decode(name, errors="replace").encode("utf-8")
    head = head[:SNIFF_BYTES]
    every = formats()
    found = next((f.name for f in every if f.read and f.sniff and f.sniff(head)), None)
    if found:
        return found
    name = (path or "").lower()
    return next((f.name for f in every if f.read and name.endswith(f.suffixes or ("\0",))), FALLBACK)


def read_bytes(data: bytes, path: str | None = None, *, encoding: str | None = None,
               format: str | None = None) -> Tournament:
    """The tournament in ``data``, read by ``format`` or by the detected one."""
    name = format or detect_format(data, path)
    fmt = readers().get(name)
    if fmt is None:
        raise ValueError(f"unknown input format {name!r}; use one of {', '.join(readers())}")
    return fmt.read(data, path, encoding)


def write_bytes(t: Tournament, output: str = DEFAULT_OUTPUT, *, line_ending: str = "\r\n",
                encoding: str = "utf-8") -> tuple[bytes, list[Diagnostic]]:
    """The bytes of ``t`` in the ``output`` format and the writer's diagnostics."""
    found = outputs().get(output)
    if found is None:
        raise ValueError(f"unknown output format {output!r}; use one of {', '.join(outputs())}")
    return found.writer()(t, line_ending=line_ending, encoding=encoding)


@cache
def _module_formats() -> tuple[Format, ...]:
    return tuple(f for module in MODULES for f in importlib.import_module(module).FORMATS)


@cache
def _load(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
