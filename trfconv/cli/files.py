"""``info``, ``check``, ``convert`` and ``formats``: what a file is, what is wrong in it, and the
same tournament in another format."""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import typer

from ..encoding import shown
from ..io.registry import DEFAULT_OUTPUT, outputs, readers
from ..messages import msg, plural
from .batch import single
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    JSON_SCHEMA_VERSION,
    checked_encoding,
    choices,
    DbOption,
    DetailsOption,
    echo_json,
    EncodingOption,
    error_lines,
    face,
    Facts,
    facts_of,
    fail,
    FilesArgument,
    iso_date,
    JobsOption,
    JsonOption,
    ListMonthOption,
    ListOption,
    lists_choice,
    print_diagnostics,
    ran,
    say,
    severity_counts,
)

OutputFormat = choices("OutputFormat", outputs())
LINE_ENDINGS = {"crlf": "\r\n", "lf": "\n", "cr": "\r"}
LineEnding = choices("LineEnding", LINE_ENDINGS)


def info(files: list[Path] = FilesArgument,
         encoding: str | None = EncodingOption, jobs: int | None = JobsOption, as_json: bool = JsonOption) -> None:
    """What a file is: format and dialect, encoding, the event, counts and a summary of what was
    noticed. Exit 0, or 2 when it is not a tournament file that can be read."""
    options = dict(encoding=encoding, as_json=as_json)
    file = single(files, info_file, options, command="info", document="info", form="json" if as_json else "text",
                  jobs=jobs, as_json=as_json)
    raise typer.Exit(info_file(file, **options).code)


def info_file(file: Path, *, encoding: str | None, as_json: bool) -> Facts:
    """``info`` on one file."""
    from ..jobs.info import Info

    result = ran(Info(file, encoding, "json" if as_json else "text"), as_json=as_json)
    typer.echo(shown(result.rendered.text, json=as_json), nl=False)
    return facts_of(result.event, EXIT_OK, verdict=result.verdict)


def check(files: list[Path] = FilesArgument, encoding: str | None = EncodingOption,
          use_list: bool = ListOption, list_month: str | None = ListMonthOption, db: Path | None = DbOption,
          upload: bool = typer.Option(False, "--upload", help="Also every check a rating officer makes before "
                                      "uploading to FIDE's rating server (UPL codes: TRF-2026 R■/R□/◙ fields, new "
                                      "players, arbiters, deadlines, the ### trail, the Swiss pairings), and a last "
                                      "line that says whether the file is ready to upload and by when."),
          today: date | None = typer.Option(None, "--today", parser=iso_date, metavar="YYYY-MM-DD",
                                            help="With --upload: the day the deadlines are held against "
                                                 "(default: today)."),
          gacrux: bool = typer.Option(True, "--gacrux/--no-gacrux",
                                      help="With --upload: the gacrux pairing checker's verdict beside trfconv's, "
                                           "when it is installed (default; it may take tens of seconds on a large "
                                           "Swiss)."),
          jobs: int | None = JobsOption, details: bool = DetailsOption, as_json: bool = JsonOption) -> None:
    """Every problem found in the file, sorted by line, with file:line:column (a problem repeated
    is shown once with how many more; --details shows each); with --list, also each player held
    against the FIDE rating list in force; with --upload, what FIDE's rating server needs. Exit 0
    no error (warnings allowed), 1 errors found, 2 the file (or the rating lists) cannot be read."""
    options = dict(encoding=encoding, use_list=use_list, list_month=list_month, db=db, upload=upload, today=today,
                   gacrux=gacrux, details=details, as_json=as_json)
    file = single(files, check_file, options, command="check", jobs=jobs, as_json=as_json, details=details)
    raise typer.Exit(check_file(file, **options).code)


def check_file(file: Path, *, encoding: str | None, use_list: bool, list_month: str | None, db: Path | None,
               upload: bool, today: date | None, gacrux: bool, details: bool, as_json: bool) -> Facts:
    """``check`` on one file."""
    from ..jobs.check import Check

    result = ran(Check(file, encoding, lists_choice(use_list, list_month, db), upload, today, gacrux), as_json=as_json)
    diagnostics, ready = result.diagnostics, result.value
    sev = severity_counts(diagnostics)
    if as_json:
        extra = {"upload": {"ready": ready.ready, "summary": ready.summary}} if ready is not None else {}
        echo_json({"schema": JSON_SCHEMA_VERSION, "file": str(file), "readable": True, **sev,
                   "diagnostics": [d.as_dict() for d in diagnostics], **extra})
    else:
        print_diagnostics(diagnostics, sys.stdout, details=details)
        typer.echo(f"{file}: " + say(msg("{errors}, {warnings}, {notes}: {verdict}",
                                         errors=plural("{n} error(s)", "{n} error(s)", n=sev["error"]),
                                         warnings=plural("{n} warning(s)", "{n} warning(s)", n=sev["warning"]),
                                         notes=plural("{n} note(s)", "{n} note(s)", n=sev["info"]),
                                         verdict=result.verdict)))
        if ready is not None:
            typer.echo(f"{file}: {say(ready.summary)}")
    return replace(facts_of(result.event, int(result.exit), verdict=result.verdict,
                            said=tuple(error_lines(diagnostics))), errors=sev["error"], warnings=sev["warning"])


def convert(
    sources: list[Path] = typer.Argument(..., metavar="FILES...",
                                         help="Input file (format detected from the content: trfconv "
                                         "formats); several files, folders or patterns with -o FOLDER."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); "
                                       "for several input files, a folder."),
    to: OutputFormat | None = typer.Option(  # type: ignore[valid-type]
        None, "--to", case_sensitive=False,
        help="Output format (default: from the output file's extension: "
             + ", ".join(f"{s} gives {o.name}" for o in outputs().values() for s in o.suffixes)
             + f"; otherwise {DEFAULT_OUTPUT})."),
    encoding: str | None = EncodingOption,
    output_encoding: str = typer.Option("utf-8", "--output-encoding", callback=checked_encoding,
                                        help="utf-8 (default), utf-8-sig (with the byte-order mark a "
                                             "spreadsheet wants for a CSV), latin-1, cp1252 or ascii "
                                             "(characters folded, each change reported)."),
    line_ending: LineEnding = typer.Option("crlf", "--line-ending", case_sensitive=False,  # type: ignore[valid-type]
                                           help="Line ending of TRF and CSV output."),
    lenient: bool = typer.Option(False, "--lenient", help="Write even when the input or the writer has errors "
                                 "(without it: exit 1, nothing written); the output says it rests on them."),
    tiebreaks: list[str] | None = typer.Option(
        None, "--tiebreaks", "-t", help="The event's ordered tie-break list, written in its place (TRF-2026 202 "
        "and 212, the chess-results tie-break ids); names as for trfconv standings. Default: the source's list."),
    jobs: int | None = JobsOption, details: bool = DetailsOption,
) -> None:
    """Convert a tournament file to another format (trfconv formats lists them). A conversion is
    an official output: a file with errors is converted only with --lenient, and the output says
    so. The points and ranks the file does not give are written from trfconv's standings (WRT007);
    what the output format cannot hold is reported, item by item (WRT004). Exit 0 written, 1
    refused (errors, without --lenient), 2 unreadable input or an output that cannot be written."""
    options = dict(output=output, to=to.value if to else None, encoding=encoding, output_encoding=output_encoding,
                   line_ending=LINE_ENDINGS[LineEnding(line_ending).value], lenient=lenient, tiebreaks=tiebreaks,
                   details=details)
    source = single(sources, convert_file, options, command="convert", form=options["to"], jobs=jobs,
                    details=details)
    raise typer.Exit(convert_file(source, **options).code)


def convert_file(source: Path, *, output: Path | None, to: str | None, encoding: str | None, output_encoding: str,
                 line_ending: str, lenient: bool, tiebreaks: list[str] | None, details: bool) -> Facts:
    """``convert`` on one file (``line_ending``: the characters themselves)."""
    from ..jobs.convert import Convert

    result = ran(Convert(source, to, output, encoding, output_encoding, line_ending, lenient, tuple(tiebreaks or ())))
    done = result.computed
    print_diagnostics(done.readings)
    print_diagnostics(done.read, details=details, notes=False)
    if done.marked:
        print_diagnostics([done.marked])
    print_diagnostics(done.filled, details=details)
    print_diagnostics(done.written, details=details)
    for problem in result.refused:
        fail(problem.path, problem.said(face["lang"]), EXIT_ERRORS)
    if result.data is not None:
        sys.stdout.buffer.write(result.data)
        sys.stdout.flush()
    for written in result.written:
        typer.echo(say(msg("wrote {output}: {what}, {counts}", output=str(written.path), what=written.what,
                           counts=plural("{n} player", "{n} players", n=done.players))), err=True)
    return facts_of(result.event, int(result.exit), verdict=result.verdict, said=tuple(error_lines(done.read)),
                    written=result.written[0].path if result.written else None)


def formats(as_json: bool = JsonOption) -> None:
    """The formats trfconv reads (detected from the content) and writes (--to)."""
    read = {name: f.description for name, f in readers().items()}
    written = {name: o.description for name, o in outputs().items()}
    if as_json:  # JSON stays English
        echo_json({"schema": JSON_SCHEMA_VERSION, "read": {k: str(v) for k, v in read.items()},
                   "write": {k: str(v) for k, v in written.items()}})
    else:
        say = face["lang"].say
        for title, table in ((msg("read:"), read), (msg("write:"), written)):
            typer.echo(say(title))
            for name, what in table.items():
                typer.echo(f"  {name:<14}{say(what)}")
    raise typer.Exit(EXIT_OK)
