"""What every command shares: loading a file (exit 2, in one line, when it cannot be read),
printing diagnostics sorted and with repeats grouped, short summaries, JSON output, writing an
output file, and the options that mean the same everywhere.

One error style: ``trfconv: <what>: <why>`` on standard error."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from enum import Enum
from pathlib import Path

import typer

from .. import TrfconvError, read
from ..diagnostics import Diagnostic, Severity
from ..encoding import text_encoding
from ..documents.basis import Basis
from ..io.files import MAX_INPUT_BYTES, OutputError, writable, write_output
from ..io.registry import unreadable_codes
from ..model import Tournament
from ..rules.editions import editions
from .hints import with_hint

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
JSON_SCHEMA_VERSION = 1


def choices(name: str, values) -> type[Enum]:
    """An option's choices as the Enum typer wants, from a registry (case-insensitive use:
    ``case_sensitive=False`` on the option)."""
    return Enum(name, {v: v for v in values}, type=str)


def edition_names(family: str) -> str:
    return ", ".join(e.name for e in editions(family))


def checked_encoding(name: str | None) -> str | None:
    """An ``--encoding``/``--output-encoding`` value, or a usage error (one line, exit 2) when it
    is no text encoding (base64, rot13, punycode …)."""
    refused = None if name is None else text_encoding(name)
    if refused:
        raise typer.BadParameter(refused)
    return name


EncodingOption = typer.Option(None, "--encoding", "-e", callback=checked_encoding,
                              help="Input encoding (default: detected).")
JsonOption = typer.Option(False, "--json", help="Machine-readable output (schema in the README).")
DetailsOption = typer.Option(False, "--details", help="Everything: every diagnostic, player and game.")
LenientOption = typer.Option(False, "--lenient", help="Produce the document even when the file has errors; "
                                                      "it then says that it rests on a defective file.")


def fail(what: object, why: str, code: int = EXIT_UNREADABLE) -> typer.Exit:
    """Print ``trfconv: what: why`` and return the exit to raise."""
    typer.echo(f"trfconv: {what}: {why}", err=True)
    return typer.Exit(code)


#: The largest input the command run reads (``trfconv --max-size``; set by the root callback).
input_limit = {"max_bytes": MAX_INPUT_BYTES}


def load(path: Path, encoding: str | None) -> Tournament | TrfconvError:
    """The tournament, or the error that says why the file could not be opened."""
    try:
        return read(path, encoding=encoding, max_bytes=input_limit["max_bytes"])
    except TrfconvError as err:
        return err


def why_unreadable(found: Tournament | TrfconvError) -> list[Diagnostic]:
    """The diagnostics that make a file unreadable (none when it was read)."""
    if isinstance(found, TrfconvError):
        return list(found.diagnostics)
    codes = unreadable_codes()
    return [d for d in found.diagnostics if d.code in codes]


def readable(path: Path, encoding: str | None, as_json: bool = False) -> Tournament:
    """The tournament, or exit 2 after saying why it cannot be read: one line each on standard
    error, and with ``as_json`` a ``{"readable": false}`` document on standard output."""
    found = load(path, encoding)
    problems = why_unreadable(found)
    if not problems:
        return found
    if as_json:
        echo_json({"schema": JSON_SCHEMA_VERSION, "file": str(path), "readable": False,
                   "errors": [d.as_dict() for d in problems]})
    for d in problems:
        place = ":".join(str(x) for x in (d.location.path or str(path), d.location.line) if x is not None)
        typer.echo(f"trfconv: {place}: {d.message} ({d.code})", err=True)
    raise typer.Exit(EXIT_UNREADABLE)


_NUMBERS = re.compile(r"\d+")


def grouped(diagnostics) -> list[tuple[Diagnostic, list[Diagnostic]]]:
    """Diagnostics sorted by file position, each with the later ones that say the same thing
    (same code, same words but for the numbers): a repeated problem is shown once."""
    ordered = sorted(diagnostics, key=lambda d: (d.location.path or "", d.location.line or 0,
                                                 d.location.column or 0))
    groups: dict[tuple, tuple[Diagnostic, list[Diagnostic]]] = {}
    for d in ordered:
        key = (d.code, _NUMBERS.sub("#", d.message))
        if key in groups:
            groups[key][1].append(d)
        else:
            groups[key] = (d, [])
    return list(groups.values())


def diagnostic_lines(diagnostics, *, details: bool = False) -> list[str]:
    """Every diagnostic as a line, sorted by position; without ``details`` a repeated one is
    shown once with how many more there are and where."""
    if details:
        return [with_hint(d) for d, more in grouped(diagnostics) for d in (d, *more)]
    lines = []
    for first, more in grouped(diagnostics):
        line = with_hint(first)
        if more:
            where = [str(d.location.line) for d in more if d.location.line is not None][:8]
            line += f" (and {len(more)} more like it" + (f", lines {', '.join(where)}" if where else "") + \
                    (" …" if len(more) > len(where) and where else "") + ")"
        lines.append(line)
    return lines


def print_diagnostics(diagnostics, stream=None, *, details: bool = False) -> None:
    lines = diagnostic_lines(diagnostics, details=details)
    if lines:  # one write: echo flushes after each call
        typer.echo("\n".join(lines), file=stream or sys.stderr)


def severity_counts(diagnostics) -> dict[str, int]:
    c = Counter(d.severity.value for d in diagnostics)
    return {s.value: c[s.value] for s in Severity}


def basis_summary(basis: Basis) -> list[str]:
    """What the terminal says of a document's basis: its errors in full, the caveats counted."""
    lines = [f"trfconv: {d}" for d in basis.errors]
    if basis.caveats:
        lines.append(f"{len(basis.caveats)} caveat(s): the document lists what its result assumes")
    return lines


def echo_json(data: dict) -> None:
    """Print ``data`` as the ``--json`` output (UTF-8, one key per line)."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=1))


def check_output(output: Path | None) -> None:
    """Exit 2 before any work when ``output`` can plainly not be written (its folder is missing
    or a file, it is a folder)."""
    if output is None or str(output) == "-":
        return
    try:
        writable(output)
    except OutputError as err:
        raise fail(output, str(err)) from None


def emit(text: str, output: Path | None, source: Path, *, encoding: str = "utf-8", form: str = "text") -> None:
    """A document to standard output, or to ``output`` (never over ``source``; exit 2 when it
    cannot be written). ``encoding`` ``utf-8-sig`` writes the byte-order mark spreadsheets want.
    A text document on standard output takes the terminal's encoding (a character it cannot
    show is replaced); the other forms are files for programs: UTF-8."""
    if output is None or str(output) == "-":
        if form == "text":
            typer.echo(text, nl=False)
            return
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode(encoding))
        sys.stdout.flush()
        return
    data = text.encode(encoding)
    try:
        write_output(output, data, source=source)
    except OutputError as err:
        raise fail(output, str(err)) from None
