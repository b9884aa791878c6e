"""``period``: the rating period of a FIDE list as FIDE computes it, over many event files.

The document rests on every event it read: their errors come first and withhold it unless
``--lenient``; the caveats say what it assumes. A file that is no tournament file is skipped,
one line each on standard error. The events are read, judged and rated in worker processes
(``--jobs N``, default: one per core), and taken one at a time in the order given: the document
is the same whatever their number. Exit 0 when no event has an error, 1 otherwise, 2 when there is
nothing to compute (no tournament file, no date) or an option is wrong, 130 when interrupted."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

import typer

from .. import TrfconvError
from ..documents.basis import Basis
from ..documents.registry import document
from ..encoding import printable
from .common import (
    EXIT_ERRORS,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_UNREADABLE,
    MONTH,
    DbOption,
    DetailsOption,
    EncodingOption,
    JobsOption,
    LenientOption,
    ListMonthOption,
    ListOption,
    check_output,
    choices,
    emit,
    error_lines,
    fail,
    lists_file,
    open_rating_lists,
    rating_lists,
    wrote,
)

PeriodFormat = choices("PeriodFormat", document("period").formats)


def period(
    events: list[Path] = typer.Argument(..., metavar="EVENTS...",
                                        help="Tournament files or folders (read recursively, by content)."),
    month: str | None = typer.Option(None, "--period", help="The list whose rating period to compute, YYYY-MM: "
                                     "its games are those of the month before (default: the month after the "
                                     "latest end among the events)."),
    fmt: PeriodFormat = typer.Option("text", "--format", case_sensitive=False,  # type: ignore[valid-type]
                                     help=document("period").format_help()),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file (default: standard output); "
                                       "with --format fide a folder takes FIDE's file name (standard_apr26frl.txt)."),
    use_list: bool = ListOption, list_month: str | None = ListMonthOption, db: Path | None = DbOption,
    file_ratings: bool = typer.Option(False, "--file-ratings", help="Rate each event on the ratings its file "
                                      "gives; the list (--list) then gives only the rating before the period "
                                      "and K."),
    keep_unrated: bool = typer.Option(False, "--keep-unrated", help="Pool unrated players' results with their "
                                      "games of earlier periods kept in the rating lists database (--db), and keep "
                                      "the games of those still unrated for a later period (B.02 7.1.4: events "
                                      "within 26 months)."),
    unfinished: bool = typer.Option(False, "--unfinished", help="Rate the events that are not finished (a round "
                                    "without all its results) on the results they hold (default: left out, "
                                    "listed)."),
    undated: bool = typer.Option(False, "--undated", help="Take the events without any date whole into the period "
                                 "(default: left out, listed)."),
    encoding: str | None = EncodingOption, lenient: bool = LenientOption, jobs: int | None = JobsOption,
    details: bool = DetailsOption,
) -> None:
    """The rating period of a FIDE list: per player every event's rated games and unrounded change,
    K for the period (the list's, K x n <= 700 over the period's games), the total rounded once
    and the new rating; unrated players' results pooled into an initial rating. With --list, the
    events are rated on the list in force at their start and the rating before the period and K
    come from the previous list. Events not finished or without a date are left out and listed
    (--unfinished, --undated take them). Text on a terminal is a summary (--details, or -o FILE,
    gives every player and event). Exit 0 no event has an error, 1 errors, 2 nothing to compute."""
    from .. import period as compute
    from ..documents.period import PeriodReport
    from ..documents.period.fide import cut_values
    from ..io.many import expand
    from ..io.ratinglist.store import StoreError

    if month is not None and not MONTH.fullmatch(month):
        raise fail("--period", f"{month!r} is not a month YYYY-MM")
    form = PeriodFormat(fmt).value
    into_folder = form == "fide" and output is not None and output.is_dir()
    inputs = (*expand(events)[0], lists_file(use_list or list_month is not None or keep_unrated, db))
    if not into_folder:
        check_output(output, *inputs)
    lookup = rating_lists(use_list, list_month, db)
    keep = open_rating_lists(db) if keep_unrated else None
    try:
        with _progress(sys.stderr.isatty()) as tick:
            result = compute(events, lists=lookup, month=month, file_ratings=file_ratings, encoding=encoding,
                             keep=keep, jobs=jobs, unfinished=unfinished, undated=undated, tick=tick)
    except StoreError:  # the database met unreadable in the middle: said as every command says it (ended)
        raise
    except TrfconvError as err:
        for d in err.diagnostics:
            typer.echo(printable(f"trfconv: {d}"), err=True)
        raise typer.Exit(EXIT_UNREADABLE) from None
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM while workers run: said, as a batch says it
        raise fail("interrupted", "the period was not computed; nothing written", EXIT_INTERRUPTED) from None
    skipped = [d for d in result.diagnostics if d.code == "PER014"]
    basis = Basis(str(events[0]) if len(events) == 1 else f"{len(events)} inputs", result.diagnostics, lenient,
                  scope="rating")
    if into_folder:  # FIDE's file name tells the list's month and rate of play: list import needs no option
        from ..documents.period.fide import file_name

        output = output / file_name(result)
        check_output(output, *inputs)
    whole = details or form != "text" or (output is not None and str(output) != "-")
    report = PeriodReport(basis, result, whole, lookup)  # one: it sorts the players once
    lines = [f"trfconv: {d}" for d in skipped] + error_lines(basis.errors)
    if form == "fide" and basis.withheld:
        lines.append("nothing written: the FIDE list layout has no place for the errors above (--lenient to "
                     "write it anyway)")
    else:
        rendered = document("period")
        emit(rendered.render(report, form), output, events[0],
             encoding=rendered.formats[form].encoding, form=form)
        if form == "fide":  # the layout's columns are narrow: what did not fit is said
            lines += [f"trfconv: {d}" for d in cut_values(report, str(output or "-"))]
    lines.append(f"noticed: {basis.summary()}; {len(basis.caveats)} caveat(s) in the document")
    lines.append(f"period: list of {result.month} (games of {result.played}): {len(result.events)} event(s), "
                 f"{len(report.rated)} rated player(s), {len(report.unrated)} unrated"
                 + (f", {len(skipped)} file(s) skipped" if skipped else ""))
    if output is not None and str(output) != "-" and not (form == "fide" and basis.withheld):
        lines.append(wrote(output, f"rating period ({form})", basis))
    typer.echo("\n".join(lines), file=sys.stderr)
    raise typer.Exit(EXIT_ERRORS if basis.defective else EXIT_OK)


@contextmanager
def _progress(shown: bool):
    """A progress bar on standard error (a terminal only) that ``tick(done, total, what)`` moves:
    the files read for their dates, then the events rated; None when not shown."""
    if not shown:
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True, console=Console(stderr=True)) as bar:
        tasks: dict[str, int] = {}

        def tick(done: int, total: int, what: str) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(what, total=total)
            bar.update(tasks[what], completed=done)
        yield tick
