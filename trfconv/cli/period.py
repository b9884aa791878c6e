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
from dataclasses import replace
from pathlib import Path

import typer

from ..documents.registry import document
from ..encoding import printable
from ..jobs.inputs import Lists
from ..messages import joined, msg
from .common import (
    EXIT_INTERRUPTED,
    EXIT_UNREADABLE,
    MONTH,
    choices,
    DbOption,
    DetailsOption,
    EncodingOption,
    error_lines,
    face,
    fail,
    JobsOption,
    LenientOption,
    ListMonthOption,
    ListOption,
    lists_choice,
    say,
    show,
    stop,
    written_lines,
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
    from ..jobs import run
    from ..jobs.period import Period

    if month is not None and not MONTH.fullmatch(month):
        raise fail("--period", msg("'{month}' is not a month YYYY-MM", month=month))
    params = Period(tuple(events), month, PeriodFormat(fmt).value, output, lists_choice(use_list, list_month, db),
                    file_ratings, Lists(db) if keep_unrated else None, unfinished, undated, encoding, lenient, details,
                    jobs)
    try:
        with _progress(sys.stderr.isatty()) as tick:
            result = run(replace(params, tick=tick))
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM while workers run: said, as a batch says it
        raise fail(msg("interrupted"), msg("the period was not computed; nothing written"), EXIT_INTERRUPTED) from None
    if not result.done:
        problem = result.refused[0]
        if not problem.diagnostics:
            raise stop(result)
        for d in problem.diagnostics:
            typer.echo(printable(f"trfconv: {d.line(face['lang'])}"), err=True)
        raise typer.Exit(EXIT_UNREADABLE)
    basis, done = result.grounds, result.computed
    lines = [f"trfconv: {d.line(face['lang'])}" for d in done.skipped] + error_lines(basis.errors)
    lines += [problem.said(face["lang"]) for problem in result.refused]
    if result.document is not None:
        show(result.document)
    lines += [f"trfconv: {d.line(face['lang'])}" for d in done.cut]
    lines.append(say(msg("noticed: {summary}; {caveats} caveat(s) in the document", summary=basis.summary(),
                         caveats=len(basis.caveats))))
    lines.append(say(joined([
        msg("period: list of {month} (games of {played}): {events} event(s), {rated} rated player(s), "
            "{unrated} unrated", month=done.period.month, played=done.period.played, events=len(done.period.events),
            rated=done.rated, unrated=done.unrated),
        msg(", {n} file(s) skipped", n=len(done.skipped)) if done.skipped else ""])))
    lines += written_lines(result)
    typer.echo("\n".join(lines), file=sys.stderr)
    raise typer.Exit(int(result.exit))


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
