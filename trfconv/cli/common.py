"""What every command shares: loading a file (exit 2 when it cannot be read), printing
diagnostics, JSON output, writing an output file, and the options that mean the same everywhere.
One error style: ``trfconv: <what>: <why>`` on standard error."""

from __future__ import annotations

import json
import sys
from collections import Counter
from enum import Enum
from pathlib import Path

import typer

from .. import TrfconvError, read
from ..diagnostics import Severity
from ..io.files import OutputError, write_output
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


EncodingOption = typer.Option(None, "--encoding", "-e", help="Input encoding (default: detected).")
JsonOption = typer.Option(False, "--json", help="Machine-readable output (schema in the README).")


def fail(what: object, why: str, code: int = EXIT_UNREADABLE) -> typer.Exit:
    """Print ``trfconv: what: why`` and return the exit to raise."""
    typer.echo(f"trfconv: {what}: {why}", err=True)
    return typer.Exit(code)


def load(path: Path, encoding: str | None) -> Tournament | None:
    """The tournament, or None (after printing why) when the file cannot be opened."""
    try:
        return read(path, encoding=encoding)
    except TrfconvError as err:
        print_diagnostics(err.diagnostics)
        return None


def unreadable(t: Tournament | None) -> bool:
    codes = unreadable_codes()
    return t is None or any(d.code in codes for d in t.diagnostics)


def readable(path: Path, encoding: str | None) -> Tournament:
    """The tournament, or exit 2 (after printing why) when the file cannot be read."""
    t = load(path, encoding)
    if unreadable(t):
        if t is not None:
            print_diagnostics(t.diagnostics)
        raise typer.Exit(EXIT_UNREADABLE)
    return t


def print_diagnostics(diagnostics, stream=None) -> None:
    lines = [with_hint(d) for d in diagnostics]
    if lines:  # one write: echo flushes after each call
        typer.echo("\n".join(lines), file=stream or sys.stderr)


def severity_counts(diagnostics) -> dict[str, int]:
    c = Counter(d.severity.value for d in diagnostics)
    return {s.value: c[s.value] for s in Severity}


def echo_json(data: dict) -> None:
    """Print ``data`` as the ``--json`` output (UTF-8, one key per line)."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=1))


def emit(text: str, output: Path | None, source: Path) -> None:
    """A document to standard output, or to ``output`` (never over ``source``; exit 1 when it
    cannot be written)."""
    if output is None:
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.flush()
        return
    try:
        write_output(output, text.encode("utf-8"), source=source)
    except OutputError as err:
        raise fail(output, str(err), EXIT_ERRORS) from None
