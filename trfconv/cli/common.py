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
from ..io.files import MAX_INPUT_BYTES, OutputError, writable, write_output
from ..io.registry import unreadable_codes
from ..model import Tournament
from ..rules.editions import editions
from .hints import with_hint

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2
JSON_SCHEMA_VERSION = 1
#: What the command running now found out, for a batch's summary table (:mod:`.batch`): event,
#: players, errors, warnings (:func:`readable`), verdict and written (the commands).
FACTS: dict[str, object] = {}


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
FilesArgument = typer.Argument(..., help="Tournament file(s), folders (searched recursively, by content) or "
                                    "patterns such as 'events/*.trf'.")
JobsOption = typer.Option(None, "--jobs", "-j", min=1, help="Several files: worker processes (default: one per "
                                                              "core).")
DbOption = typer.Option(None, "--db", help="Rating lists database (default: $TRFCONV_DB, else the user data "
                                           "folder, e.g. ~/.local/share/trfconv/ratinglists.sqlite).")
ListOption = typer.Option(False, "--list", help="Hold the players against the FIDE rating list in force at the "
                                                "event's start, for its rate of play (trfconv list import); "
                                                "'--list YYYY-MM' takes the list of that month.")
#: ``--list 2026-10`` is rewritten to ``--list --list-month 2026-10`` (:func:`list_month_argument`):
#: typer has no option with an optional value.
ListMonthOption = typer.Option(None, "--list-month", hidden=True)
MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")  #: YYYY-MM


def list_month_argument(args: list[str]) -> list[str]:
    """``args`` with ``--list YYYY-MM`` written as ``--list --list-month YYYY-MM``."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--list" and i + 1 < len(args) and MONTH.fullmatch(args[i + 1]):
            out.append("--list-month")
    return out


def open_rating_lists(db: Path | None):
    """The rating lists database, or exit 2 when it cannot be opened."""
    import sqlite3

    from ..ratinglists import open_lists

    lists = open_lists(db)
    try:
        lists.months()
    except sqlite3.Error as err:
        raise fail(str(lists.path), f"cannot read the database: {err}") from None
    return lists


def held_month(lists, month: str | None, option: str = "--month") -> str:
    """The month asked for, or the latest held; exit 2 when none is held or that one is not."""
    held = lists.months()
    if not held:
        raise fail(str(lists.path), "no rating list held; import one with 'trfconv list import FILE'")
    if month is None:
        return list(held)[-1]
    if month not in held:
        raise fail(f"{option} {month}", f"no list of that month is held ({', '.join(held)})")
    return month


def rating_lists(use: bool, month: str | None, db: Path | None):
    """What ``--list [MONTH]`` asks for: the lists (the one in force at the event's start is
    chosen per event) or, with a month, that month's list whatever the date; None without
    ``--list``."""
    if not use and month is None:
        return None
    from ..ratinglists import Pinned

    lists = open_rating_lists(db)
    chosen = held_month(lists, month, "--list")  # exit 2 when no list is held at all
    return Pinned(lists, chosen) if month else lists


def against_list(t: Tournament, lookup, kind: str) -> list[Diagnostic]:
    """The cross-check of ``t`` against the ``kind`` list in force (LST001-LST013), each finding
    at the player's line; exit 2 when no ``kind`` list is in force at the event's start (README:
    the list asked for is not held), saying which lists are held."""
    from ..ratinglists import Pinned, crosscheck, event_list

    month, said = event_list(t, lookup, kind)
    if month is None:
        store = lookup.lookup if isinstance(lookup, Pinned) else lookup
        held = "; ".join(f"{m} ({', '.join(kinds)})" for m, kinds in store.months().items())
        raise fail(t.source.path, f"{said[0].message}; the lists held: {held or 'none'}")
    return crosscheck(t, lookup, kind, locate=t.source.player_at)


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
        counts = severity_counts(found.diagnostics)
        FACTS.update(event=found.event.name, players=len(found.players), errors=counts["error"],
                     warnings=counts["warning"])
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


def print_diagnostics(diagnostics, stream=None, *, details: bool = False, notes: bool = True) -> None:
    """The diagnostics, grouped unless ``details``; ``notes`` False: the notes (info) counted in one
    line, for commands whose job is not to list them."""
    if not notes and not details:
        infos = sum(1 for d in diagnostics if d.severity is Severity.INFO)
        diagnostics = [d for d in diagnostics if d.severity is not Severity.INFO]
        lines = diagnostic_lines(diagnostics) + ([f"{infos} note(s) on how the file was read: trfconv check "
                                                  "lists them"] if infos else [])
    else:
        lines = diagnostic_lines(diagnostics, details=details)
    if lines:  # one write: echo flushes after each call
        typer.echo("\n".join(lines), file=stream or sys.stderr)


def severity_counts(diagnostics) -> dict[str, int]:
    c = Counter(d.severity.value for d in diagnostics)
    return {s.value: c[s.value] for s in Severity}


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
