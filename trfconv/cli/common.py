"""What every command shares: loading a file (exit 2, in one line, when it cannot be read),
printing diagnostics sorted and with repeats grouped, short summaries, JSON output, writing an
output file, and the options that mean the same everywhere.

One error style: ``trfconv: <what>: <why>`` on standard error."""

from __future__ import annotations

import io
import json
import re
import sys
from dataclasses import asdict, dataclass, replace
from datetime import date
from enum import Enum
from pathlib import Path

import typer
from typer.core import TyperCommand

from ..actions import voice
from ..diagnostics import Severity, grouped_lines, severity_counts
from ..encoding import printable, shown, text_encoding
from ..io.files import MAX_INPUT_BYTES, OutputError, write_output
from ..jobs.findings import findings
from ..jobs.inputs import Lists, refused_path, tournament
from ..jobs.result import JobResult, Problem, Rendered, stopped
from ..messages import msg, plural
from ..model import Tournament
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
        raise typer.BadParameter(msg("{given} is not a date YYYY-MM-DD", given=repr(text))) from None


def list_month_argument(args: list[str]) -> list[str]:
    """``args`` with ``--list YYYY-MM`` written as ``--list --list-month YYYY-MM``."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--list" and i + 1 < len(args) and MONTH.fullmatch(args[i + 1]):
            out.append("--list-month")
    return out


#: The option of each job parameter a problem can be about (:attr:`~trfconv.jobs.result.Problem.about`):
#: the terminal's words for the jobs' parameters (a command whose option differs gives its own).
OPTIONS = {"rules": "--rules", "after_round": "--after-round", "finished_after": "--finished-after",
           "tiebreaks": "-t", "k_file": "--k-file", "lists": "--list", "places": "--places", "players": "--players",
           "output_encoding": "--output-encoding", "query": "NAME"}


def subject(problem: Problem, options: dict[str, str] | None = None) -> str:
    """What ``problem`` is about, as the terminal names it: the option of the parameter, with the
    value given when it is what is wrong (``--list 2025-10``), else the file."""
    if problem.about is None:
        return problem.path or "trfconv"
    option = {**OPTIONS, **(options or {})}[problem.about]
    return f"{option} {problem.given}" if problem.given is not None else option


def stop(result: JobResult, *, as_json: bool = False, options: dict[str, str] | None = None) -> typer.Exit:
    """Say why a job stopped and return the exit to raise: a file that cannot be read one line
    per reason (and with ``as_json`` a ``{"readable": false}`` document on standard output);
    anything else one line, ``trfconv: <option or file>: <why>`` (``options``: the command's own
    options, where they differ from :data:`OPTIONS`)."""
    problem = result.refused[0]
    if not problem.diagnostics:
        return fail(subject(problem, options), problem.said(face["lang"]))
    if as_json:
        echo_json({"schema": JSON_SCHEMA_VERSION, "file": problem.path, "readable": False,
                   "errors": [d.as_dict() for d in problem.diagnostics]})
    said = voice()
    for d in problem.diagnostics:
        place = ":".join(str(x) for x in (d.location.path or problem.path, d.location.line) if x is not None)
        typer.echo(printable(f"trfconv: {place}: {face['lang'].say(said.message(d))} ({d.code})"), err=True)
    return typer.Exit(EXIT_UNREADABLE)


def ran(params, *, as_json: bool = False, options: dict[str, str] | None = None) -> JobResult:
    """The result of the job ``params`` are for, run under the input size limit of the command;
    exit (after saying why) when it stopped."""
    from ..jobs import run

    if hasattr(params, "max_bytes"):
        params = replace(params, max_bytes=input_limit["max_bytes"])
    params = replace(params, lang=face["lang"])
    result = run(params)
    if not result.done:
        raise stop(result, as_json=as_json, options=options)
    return result


def rating_lists(use: bool, month: str | None, db: Path | None):
    """What ``--list [MONTH]`` asks for (:func:`trfconv.jobs.lists.lookup`), or exit 2 saying
    why it cannot be used; None without ``--list``."""
    from ..jobs.lists import lookup

    found = lookup(lists_choice(use, month, db))
    if isinstance(found, Problem):
        raise stop(stopped("lists", found))
    return found


def lists_choice(use: bool, month: str | None, db: Path | None) -> Lists | None:
    """The rating lists ``--list [MONTH]`` and ``--db`` choose (None without ``--list``)."""
    return Lists(db, month) if use or month is not None else None


def ended(err: BaseException) -> int:
    """The exit code of a command that stopped on ``err``, after saying why in one line (never a
    traceback): interrupted 130; the reader of the output gone (``| head``) 0, nothing said; the
    rating lists database met unreadable in the middle of a command 2; anything else is a bug, 3."""
    if isinstance(err, (KeyboardInterrupt, typer.Abort)):
        typer.echo("trfconv: " + say(msg("interrupted")), err=True)
        return EXIT_INTERRUPTED
    if isinstance(err, BrokenPipeError):
        return EXIT_OK
    from ..io.ratinglist.store import StoreError

    if isinstance(err, StoreError):
        typer.echo(printable(f"trfconv: {err}"), err=True)
        return EXIT_UNREADABLE
    typer.echo("trfconv: " + say(msg("internal error: {kind}: {error} (a bug in trfconv; please report it with the "
                                     "command and the file)", kind=type(err).__name__, error=str(err))), err=True)
    return EXIT_INTERNAL


def say(text: object) -> str:
    """``text`` (a message, or a text as it is) in the language of the command run."""
    return face["lang"].say(text)


def fail(what: object, why: str, code: int = EXIT_UNREADABLE) -> typer.Exit:
    """Print ``trfconv: what: why`` and return the exit to raise (``why`` a message, said in the
    command's language); the control characters of what the user gave (an argument, a path)
    written ``\\xNN``, never sent to the terminal as commands."""
    typer.echo(printable(f"trfconv: {say(what)}: {say(why)}"), err=True)
    return typer.Exit(code)


#: The largest input the command run reads (``trfconv --max-size``; set by the root callback).
input_limit = {"max_bytes": MAX_INPUT_BYTES}


def readable(path: Path, encoding: str | None, as_json: bool = False) -> Tournament:
    """The tournament, or exit 2 after saying why it cannot be read (:func:`stop`)."""
    found = tournament(path, encoding=encoding, max_bytes=input_limit["max_bytes"])
    if isinstance(found, Problem):
        raise stop(stopped("read", found), as_json=as_json)
    return found


def diagnostic_lines(diagnostics, *, details: bool = False) -> list[str]:
    """Every diagnostic as a line, as ``check`` lists them (:func:`trfconv.jobs.findings.findings`)."""
    return [f.line for f in findings(diagnostics, details=details, lang=face["lang"])]


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
        lines = diagnostic_lines(diagnostics) + ([say(plural(
            "{n} note(s) on how the file was read: trfconv check lists them",
            "{n} note(s) on how the file was read: trfconv check lists them", n=infos))] if infos else [])
    else:
        lines = diagnostic_lines(diagnostics, details=details)
    if lines:  # one write: echo flushes after each call
        typer.echo("\n".join(lines), file=stream or sys.stderr)


def echo_json(data: dict) -> None:
    """Print ``data`` as the ``--json`` output (UTF-8, one key per line)."""
    typer.echo(shown(json.dumps(data, ensure_ascii=False, indent=1), json=True))


def check_output(output: Path | None, *inputs: Path | None) -> None:
    """Exit 2 before any work when ``output`` can plainly not be written or is one of the
    command's ``inputs`` (:func:`trfconv.jobs.inputs.refused_path`)."""
    if output is None:
        return
    problem = refused_path(output, tuple(p for p in inputs if p is not None))
    if problem is not None:
        raise fail(problem.path, str(problem))


def wrote(output: Path | str, what: str, basis, counts: str = "") -> str:
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


def written_lines(result: JobResult, counts: str = "") -> list[str]:
    """The terminal line of each document a job wrote (:func:`wrote`)."""
    return [wrote(w.path, w.what, result.basis, counts) for w in result.written]


def show(rendered: Rendered) -> None:
    """A document on standard output: a text document in the terminal's encoding (a character it
    cannot show is replaced); the other forms are files for programs, in their encoding. A file
    name's bytes that are not UTF-8 are written ``\\xNN`` (:func:`~trfconv.encoding.shown`)."""
    text = shown(rendered.text, json=rendered.form == "json")
    if rendered.form == "text":
        typer.echo(text, nl=False)
        return
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode(rendered.encoding))
    sys.stdout.flush()


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
