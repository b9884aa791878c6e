"""``info``, ``check``, ``convert`` and ``formats``: what a file is, what is wrong in it, and the
same tournament in another format."""

from __future__ import annotations

import sys
from dataclasses import replace
from datetime import date
from pathlib import Path

import typer

from .. import TrfconvError, dumps
from ..diagnostics import has_errors
from ..documents.registry import document
from ..encoding import shown
from ..io.registry import DEFAULT_OUTPUT, output_for, outputs, readers, write_file
from .batch import single
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    JSON_SCHEMA_VERSION,
    DbOption,
    DetailsOption,
    EncodingOption,
    Facts,
    FilesArgument,
    JobsOption,
    JsonOption,
    ListMonthOption,
    ListOption,
    against_list,
    check_output,
    checked_encoding,
    choices,
    echo_json,
    error_lines,
    facts_of,
    fail,
    iso_date,
    print_diagnostics,
    rating_lists,
    readable,
    severity_counts,
    tiebreak_list,
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
    from ..documents.info import InfoReport

    t = readable(file, encoding, as_json)
    binary = readers().get(t.source.format or "")
    typer.echo(shown(document("info").render(InfoReport(str(file), t, bool(binary and binary.binary)),
                                             "json" if as_json else "text"), json=as_json), nl=False)
    return facts_of(t, EXIT_OK, verdict=t.source.format)


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
    lookup = rating_lists(use_list, list_month, db)
    t = readable(file, encoding, as_json)
    diagnostics = t.diagnostics
    kind = None
    if lookup is not None:
        from ..rules.rateability import rating_list  # here: the rules cost a plain check its start

        kind = rating_list(t)
        diagnostics = (*diagnostics, *against_list(t, lookup, kind))
    ready = None
    if upload:
        diagnostics, ready = _upload(t, diagnostics, lookup, kind, today or date.today(), gacrux)
    sev = severity_counts(diagnostics)
    verdict = "errors found" if sev["error"] else "no error"
    if ready is not None:
        verdict = "ready to upload" if ready[0] else "not ready to upload"
    if as_json:
        extra = {"upload": {"ready": ready[0], "summary": ready[1]}} if ready is not None else {}
        echo_json({"schema": JSON_SCHEMA_VERSION, "file": str(file), "readable": True, **sev,
                   "diagnostics": [d.as_dict() for d in diagnostics], **extra})
    else:
        print_diagnostics(diagnostics, sys.stdout, details=details)
        typer.echo(f"{file}: {sev['error']} error(s), {sev['warning']} warning(s), {sev['info']} note(s): {verdict}")
        if ready is not None:
            typer.echo(f"{file}: {ready[1]}")
    return replace(facts_of(t, EXIT_ERRORS if has_errors(diagnostics) else EXIT_OK, verdict=verdict,
                            said=tuple(error_lines(diagnostics))), errors=sev["error"], warnings=sev["warning"])


def _upload(t, diagnostics, lookup, kind: str | None, today: date,
            gacrux: bool) -> tuple[tuple, tuple[bool, str]]:
    """The diagnostics with the upload findings added (LST011 gives way to UPL010/UPL011, which
    say the same more exactly; ``gacrux``: its verdict too, when installed) and (ready, the
    summary line)."""
    from ..io.pairing_checker import finding
    from ..rules.ratinglist.inforce import event_list
    from ..rules.upload import ready, summary, upload_check

    month = event_list(t, lookup, kind)[0] if lookup is not None else None
    result = upload_check(t, today, lookup, month)
    found = [d for d in diagnostics if d.code != "LST011"] + list(result.diagnostics)
    verdict = finding(t.source.path) if gacrux and t.source.format == "trf" and t.source.path else None
    if verdict is not None:
        found.append(verdict)
    return tuple(found), (ready(found, result.deadlines), summary(found, result.deadlines))


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
    from ..rules.tiebreaks.declare import with_standings

    check_output(output)
    t = readable(source, encoding)
    if tiebreaks:
        t = _with_tiebreaks(t, tiebreaks)
    fmt = to or (output_for(output.suffix) if output else DEFAULT_OUTPUT)
    print_diagnostics(t.diagnostics, details=details, notes=False)
    facts = facts_of(t, said=tuple(error_lines(t.diagnostics)))
    if has_errors(t.diagnostics):
        if not lenient:
            fail(source, "errors in the input; nothing written (--lenient to write it anyway, marked as resting on "
                         "them)", EXIT_ERRORS)
            return replace(facts, code=EXIT_ERRORS, verdict="not written: errors")
        t = _marked_lenient(t)
    t, filled = with_standings(t)
    print_diagnostics([d.located(str(source)) for d in filled], details=details)
    try:
        if output is None or str(output) == "-":
            data, written = dumps(t, fmt, line_ending=line_ending, encoding=output_encoding)
            print_diagnostics([d.located("<stdout>") for d in written], details=details)
            if not lenient and has_errors(written):
                fail("<stdout>", "the writer reports errors; nothing written (--lenient to write it anyway)",
                     EXIT_ERRORS)
                return replace(facts, code=EXIT_ERRORS)
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            written = write_file(t, output, fmt, line_ending=line_ending, encoding=output_encoding, strict=not lenient)
            print_diagnostics(written.diagnostics, details=details)
            typer.echo(f"wrote {output}: {outputs()[fmt].description.split(' (')[0]}, {written.players} players",
                       err=True)
            return replace(facts, verdict="written", written=str(output))
    except TrfconvError as err:
        first = err.diagnostics[0] if err.diagnostics else None
        if first is not None and first.code == "IO003":
            raise fail(output, first.message.removeprefix("cannot write: ")) from None
        print_diagnostics(err.diagnostics)
        return replace(facts, code=EXIT_ERRORS)
    except LookupError:
        raise fail("--output-encoding", f"unknown encoding {output_encoding!r}") from None
    return facts


def _marked_lenient(t):
    """``t`` with a first line saying that it was written from a file with errors (``--lenient``):
    a ``###`` comment in TRF, kept in JSON; a format without comments reports it as a line it
    cannot hold (WRT004), next to the WRT008 warning on the terminal."""
    from ..diagnostics import diagnostic
    from ..model import Extra

    errors = [d for d in t.diagnostics if d.severity.value == "error"]
    codes = ", ".join(sorted({d.code for d in errors}))
    text = (f"### trfconv convert --lenient: written from {Path(t.source.path or '-').name}, which has "
            f"{len(errors)} error(s) ({codes}); what rests on them is not reliable")
    print_diagnostics([diagnostic("WRT008", text.removeprefix("### trfconv convert --lenient: "))])
    return replace(t, extras=(Extra(text, None), *t.extras))


def _with_tiebreaks(t, names: list[str]):
    """``t`` with the tie-break list given on the command line as its 202/212 records (a name
    that is no tie-break stops the command, exit 2)."""
    from ..rules.tiebreaks.spec import readings, record_lists

    specs = tiebreak_list(names, None, t.event.start_date)
    print_diagnostics(readings(specs))
    after, full = record_lists(specs)
    return replace(t, event=replace(t.event, tiebreaks=after, standings_tiebreaks=full))


def formats(as_json: bool = JsonOption) -> None:
    """The formats trfconv reads (detected from the content) and writes (--to)."""
    read = {name: f.description for name, f in readers().items()}
    written = {name: o.description for name, o in outputs().items()}
    if as_json:
        echo_json({"schema": JSON_SCHEMA_VERSION, "read": read, "write": written})
    else:
        for title, table in (("read", read), ("write", written)):
            typer.echo(f"{title}:")
            for name, what in table.items():
                typer.echo(f"  {name:<14}{what}")
    raise typer.Exit(EXIT_OK)
