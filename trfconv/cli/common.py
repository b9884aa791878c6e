"""What every command shares: loading a file (exit 2, in one line, when it cannot be read),
printing diagnostics sorted and with repeats grouped, short summaries, JSON output, writing an
output file, and the options that mean the same everywhere.

One error style: ``trfconv: <what>: <why>`` on standard error."""

from __future__ import annotations

import io
import json
import re
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import date
from enum import Enum
from pathlib import Path

import typer
from typer.core import TyperCommand

from .. import TrfconvError, read
from ..diagnostics import Diagnostic, Severity, grouped, grouped_lines
from ..encoding import printable, shown, text_encoding
from ..io.files import MAX_INPUT_BYTES, OutputError, same_file, writable, write_output
from ..io.registry import unreadable_codes
from ..messages import msg, plural
from ..model import Tournament
from .hints import with_hint
from .wording import Worded, face

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
#: Bounds of the numeric options (every one has a least and a greatest value: an option such as
#: ``--armageddon-after 99999999999`` would otherwise run without end). Worker processes of a
#: batch; a rating (four digits, as every list and file writes it); a place or a count of players
#: (a TRF start number has at most 5 digits in any dialect).
MAX_JOBS = 256
MAX_RATING = 9999
MAX_PLACE = 99_999
JSON_SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Facts:
    """What a reading command found out about one file, returned by its per-file function: the
    exit code, and for a batch's summary table (:mod:`.batch`) the event, players, errors,
    warnings, the verdict and the output written (None: not known); ``said``: the errors the
    command shows in its document or on standard output, which the batch shows for a failing
    file as it does a command's error lines on standard error."""

    code: int = 0
    event: str | None = None
    players: int | None = None
    errors: int | None = None
    warnings: int | None = None
    verdict: str | None = None
    written: str | None = None
    said: tuple[str, ...] = ()

    def known(self) -> dict:
        """The facts known, by name, for a batch's JSON summary (the exit code and the lines said
        left out)."""
        return {k: v for k, v in asdict(self).items() if v is not None and k not in ("code", "said")}


def facts_of(t: Tournament, code: int = 0, **more) -> Facts:
    """The facts of a file read: its event, players and the reader's errors and warnings, with
    ``more`` (verdict, written, said …)."""
    counts = severity_counts(t.diagnostics)
    return Facts(code, t.event.name, len(t.players), counts["error"], counts["warning"], **more)


class PlainUsage(Worded, TyperCommand):
    """A command whose usage line writes its arguments as people read them (``FILES...``), not
    with the braces typer puts around a required one (``{files}...``)."""

    def collect_usage_pieces(self, ctx) -> list[str]:
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p for p in super().collect_usage_pieces(ctx)]


def choices(name: str, values) -> type[Enum]:
    """An option's choices as the Enum typer wants, from a registry (case-insensitive use:
    ``case_sensitive=False`` on the option)."""
    return Enum(name, {v: v for v in values}, type=str)


def edition_names(family: str) -> str:
    """The editions of a family of regulations, for an option's help (imported here: the
    commands that take no edition do not load the regulations' data)."""
    from ..rules.editions import editions

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
JsonOption = typer.Option(False, "--json", help="Machine-readable output (schema: docs/reference/json.md).")
DetailsOption = typer.Option(False, "--details", help="Everything: every diagnostic, player and game.")
LenientOption = typer.Option(False, "--lenient", help="Produce the document even when the file has errors; "
                                                      "it then says that it rests on a defective file.")
FilesArgument = typer.Argument(..., metavar="FILES...", help="Tournament file(s), folders (searched recursively, "
                                                               "by content) or patterns such as 'events/*.trf'.")
JobsOption = typer.Option(None, "--jobs", "-j", min=1, max=MAX_JOBS, metavar="N",
                          help="Several files: worker processes (default: one per core).")
DbOption = typer.Option(None, "--db", help="Rating lists database (default: $TRFCONV_DB, else "
                                           "ratinglists.sqlite in the user data folder: on Linux "
                                           ".local/share/trfconv in the home folder).")
ListOption = typer.Option(False, "--list", help="Hold the players against the FIDE rating list in force at the "
                                                "event's start, for its rate of play (trfconv list import); "
                                                "'--list YYYY-MM' takes the list of that month.")
#: ``--list 2026-10`` is rewritten to ``--list --list-month 2026-10`` (:func:`list_month_argument`):
#: typer has no option with an optional value.
ListMonthOption = typer.Option(None, "--list-month", hidden=True)
MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")  #: YYYY-MM


def iso_date(text: str) -> date:
    """A ``YYYY-MM-DD`` option value, or a usage error (exit 2)."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a date YYYY-MM-DD") from None


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
    from ..ratinglists import StoreError, open_lists

    lists = open_lists(db)
    try:
        lists.months()
    except StoreError as err:
        raise fail(str(err.path), err.why) from None
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
    at the player's line; exit 2 when no ``kind`` list is in force at the event's start
    (``docs/rating-lists.md``: the list asked for is not held), saying which lists are held."""
    from ..ratinglists import Pinned, crosscheck, event_list

    month, said = event_list(t, lookup, kind)
    if month is None:
        store = lookup.lookup if isinstance(lookup, Pinned) else lookup
        held = "; ".join(f"{m} ({', '.join(kinds)})" for m, kinds in store.months().items())
        raise fail(t.source.path, f"{said[0].message}; the lists held: {held or 'none'}")
    return crosscheck(t, lookup, kind, locate=t.source.player_at)


def tiebreak_list(names: list[str], rules: str | None, start):
    """The tie-breaks named on the command line (``-t``), read under the edition ``rules`` (or
    the one in force on ``start``); exit 2 when a name is none (the closest names suggested)."""
    from ..rules.tiebreaks import parse_list, resolve

    specs, problems = parse_list(names, aliases=resolve(rules, start).aliases)
    if problems:
        raise fail("-t", "; ".join(d.message for d in problems))
    return specs


def ended(err: BaseException) -> int:
    """The exit code of a command that stopped on ``err``, after saying why in one line (never a
    traceback): interrupted 130; the reader of the output gone (``| head``) 0, nothing said; the
    rating lists database met unreadable in the middle of a command 2; anything else is a bug, 3."""
    if isinstance(err, (KeyboardInterrupt, typer.Abort)):
        typer.echo("trfconv: interrupted", err=True)
        return EXIT_INTERRUPTED
    if isinstance(err, BrokenPipeError):
        return EXIT_OK
    from ..io.ratinglist.store import StoreError

    if isinstance(err, StoreError):
        typer.echo(printable(f"trfconv: {err}"), err=True)
        return EXIT_UNREADABLE
    typer.echo(f"trfconv: internal error: {type(err).__name__}: {err} (a bug in trfconv; please report it with the "
               "command and the file)", err=True)
    return EXIT_INTERNAL


def fail(what: object, why: str, code: int = EXIT_UNREADABLE) -> typer.Exit:
    """Print ``trfconv: what: why`` and return the exit to raise; the control characters of what
    the user gave (an argument, a path) written ``\\xNN``, never sent to the terminal as commands."""
    typer.echo(printable(f"trfconv: {what}: {why}"), err=True)
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
        typer.echo(printable(f"trfconv: {place}: {d.message} ({d.code})"), err=True)
    raise typer.Exit(EXIT_UNREADABLE)


def diagnostic_lines(diagnostics, *, details: bool = False) -> list[str]:
    """Every diagnostic as a line, sorted by position; without ``details`` a repeated one is
    shown once with how many more there are and where."""
    if details:  # a message may quote a file or a list: never a raw control character
        return [printable(with_hint(d)) for d, more in grouped(diagnostics) for d in (d, *more)]
    return [printable(line) for line in grouped_lines(diagnostics, with_hint)]



def error_lines(diagnostics) -> list[str]:
    """The errors as the terminal shows them under a command's document: ``trfconv: …`` lines,
    a repeated error once with how many more, in the order noticed (a cause before its
    consequences); in the command's language."""
    lang = face["lang"]
    return grouped_lines([d for d in diagnostics if d.severity is Severity.ERROR],
                         lambda d: f"trfconv: {d.line(lang)}", by_position=False, lang=lang)


class Unseen(io.TextIOBase):
    """The standard output of a batch's file run that nobody reads (a batch without ``--details``
    or ``--json`` shows its summary table, not each file's output): what is written is dropped,
    and the diagnostics' lines are not even made (:func:`print_diagnostics`; 142,567 lines over the
    1,000-event month checked against the list)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


def print_diagnostics(diagnostics, stream=None, *, details: bool = False, notes: bool = True) -> None:
    """The diagnostics, grouped unless ``details``; ``notes`` False: the notes (info) counted in one
    line, for commands whose job is not to list them."""
    if isinstance(stream, Unseen):
        return
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
    typer.echo(shown(json.dumps(data, ensure_ascii=False, indent=1), json=True))


def check_output(output: Path | None, *inputs: Path | None) -> None:
    """Exit 2 before any work when ``output`` can plainly not be written (its folder is missing
    or a file, it is a folder) or is one of the command's ``inputs`` (any file it reads: the
    events, a K file, the rating lists database), which are never overwritten."""
    if output is None or str(output) == "-":
        return
    try:
        writable(output)
    except OutputError as err:
        raise fail(output, str(err)) from None
    for given in inputs:
        if same_file(output, given):
            raise fail(output, f"is an input of this command ({given}); refusing to overwrite it")


def lists_file(use: bool, db: Path | None) -> Path | None:
    """The rating lists database a command reads when ``use`` (``--list``, ``--keep-unrated``),
    else None."""
    if not use:
        return None
    from ..ratinglists import default_path

    return Path(db) if db is not None else default_path()


def wrote(output: Path, what: str, basis, counts: str = "") -> str:
    """The terminal line of a document written to ``output``: what it holds (``counts``), or,
    when its body was withheld, that it holds the errors only (never the counts of a document
    that was not produced)."""
    say = face["lang"].say
    if basis.withheld:
        return say(plural("wrote {output}: {what}, not produced: it holds the file's {n} error(s) only (--lenient to "
                          "produce it anyway)", "wrote {output}: {what}, not produced: it holds the file's {n} "
                          "error(s) only (--lenient to produce it anyway)", n=len(basis.errors), output=str(output),
                          what=what))
    if counts:
        return say(msg("wrote {output}: {what}, {counts}", output=str(output), what=what, counts=counts))
    return say(msg("wrote {output}: {what}", output=str(output), what=what))


def emit(text: str, output: Path | None, source: Path, *, encoding: str = "utf-8", form: str = "text") -> None:
    """A document to standard output, or to ``output`` (never over ``source``; exit 2 when it
    cannot be written). ``encoding`` ``utf-8-sig`` writes the byte-order mark spreadsheets want.
    A text document on standard output takes the terminal's encoding (a character it cannot
    show is replaced); the other forms are files for programs: UTF-8. A file name's bytes that are
    not UTF-8 are written ``\\xNN`` (:func:`~trfconv.encoding.shown`)."""
    if output is None or str(output) == "-":
        text = shown(text, json=form == "json")
        if form == "text":
            typer.echo(text, nl=False)
            return
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode(encoding))
        sys.stdout.flush()
        return
    try:  # encoded once: only a lone surrogate (a file name's byte) fails, and is then shown
        data = text.encode(encoding)
    except UnicodeEncodeError:
        data = shown(text, json=form == "json").encode(encoding)
    try:
        write_output(output, data, source=source)
    except OutputError as err:
        raise fail(output, str(err)) from None
