"""``trfconv list ...`` (import, show, find, info) and ``trfconv fill``: thin over
:mod:`trfconv.ratinglists`. Mounted by :mod:`trfconv.cli`; nothing heavy is imported until a
command runs."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import typer

from ..encoding import printable
from ..jobs.inputs import Lists
from ..jobs.listlookup import Found, ListLookup
from ..jobs.result import Problem, stopped
from ..messages import joined, msg, plural
from .wording import Group
from .common import (
    EXIT_ERRORS,
    EXIT_OK,
    EXIT_UNREADABLE,
    DbOption,
    ListMonthOption,
    PlainUsage,
    face,
    fail,
    input_limit,
    print_diagnostics,
    say,
    stop,
)

app = typer.Typer(cls=Group, add_completion=False, no_args_is_help=True,
                  help="FIDE rating lists: import them into a local database, look players up.")


_SHORT = {"standard": "std", "rapid": "rpd", "blitz": "blz"}
MonthOption = typer.Option(None, "--month", help="List of this month, YYYY-MM (default: the latest held).")


def _rating_text(r) -> str:
    if r.rating is None:
        return say(plural("unrated ({n} game)", "unrated ({n} games)", n=r.games) if r.games else msg("unrated"))
    return say(msg("{rating}, K {k}, {games} games", rating=str(r.rating), k=str(r.k) if r.k is not None else "-",
                   games=str(r.games) if r.games is not None else "-"))


@app.command("import", cls=PlainUsage)
def import_(files: list[Path] = typer.Argument(..., metavar="FILES...",
                                               help="List files: TXT (any FIDE layout) or XML, zipped or not."),
            date: str | None = typer.Option(None, "--date", help="Month of the list, YYYY-MM, when the file "
                                                                 "does not tell (players_list.zip does not)."),
            kind: str | None = typer.Option(None, "--kind", help="standard, rapid or blitz, for a single-type "
                                                                 "list whose name does not say."),
            db: Path | None = DbOption) -> None:
    """Import FIDE rating lists, one month each, side by side; importing a month again replaces
    it (all or nothing). Exit 0 when every file was imported, 2 otherwise."""
    from ..jobs import run
    from ..jobs.listimport import ListImport

    failed = 0
    for path in files:
        started = time.perf_counter()
        with _progress(path.name) as progress:
            result = run(ListImport(path, Lists(db, date), kind, progress))
        if not result.done:
            problem = result.refused[0]
            said = (problem.diagnostics[0].line(face["lang"]) if problem.diagnostics
                    else f"{problem.path}: {problem.said(face['lang'])}")
            typer.echo(printable(f"trfconv: {said}"), err=True)
            failed += 1
            continue
        info = result.computed
        rated = joined([msg("{kind} {n:,}", kind=k, n=n) for k, n in info.rated.items()], ", ")
        typer.echo(f"{path}: " + say(msg("list of {month}, {layout}: {players:,} players, rated {rated}; {seconds} s",
                                         month=info.month, layout=info.layout, players=info.players, rated=rated,
                                         seconds=face["lang"].number(f"{time.perf_counter() - started:.1f}"))))
    typer.echo(say(msg("{done} of {n} file(s) imported", done=len(files) - failed, n=len(files))))
    raise typer.Exit(EXIT_UNREADABLE if failed else EXIT_OK)


class _progress:
    """A rich progress bar over the bytes read, when standard output is a terminal; otherwise
    nothing (a pipe or a log gets the summary line only)."""

    def __init__(self, name: str):
        self.name, self.bar = name, None

    def __enter__(self):
        if not sys.stdout.isatty():
            return None
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TimeElapsedColumn(),
                            transient=True)
        self.bar.start()
        task = self.bar.add_task(self.name, total=None)
        return lambda done, total: self.bar.update(task, completed=done, total=total, description=self.name if
                                                   done < total else f"{self.name}: " + say(msg("indexing")))

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


@app.command(cls=PlainUsage)
def show(fide_id: str = typer.Argument(..., metavar="FIDE_ID", help="FIDE ID."), month: str | None = MonthOption,
         db: Path | None = DbOption) -> None:
    """A player as the list gives him. Exit 0 found, 1 not in the list, 2 no list held."""
    if not fide_id.isascii() or not fide_id.isdigit():
        raise fail(f"FIDE ID {fide_id!r}", msg("not a number"))
    found = _looked_up(ListLookup(fide_id, Lists(db, month), by_id=True))
    if not found.matches:
        typer.echo(f"FIDE ID {fide_id}: " + say(msg("not in the list of {month}", month=found.month)))
        raise typer.Exit(EXIT_ERRORS)
    e = found.matches[0].entry
    other = say(msg("other {titles}", titles=list(e.other_titles))) if e.other_titles else ""
    titles = "; ".join(part for part in ("/".join(e.titles), other, f"FOA {e.foa_title}" if e.foa_title else "")
                       if part)
    flags = {"i": msg("i (inactive)"), "w": msg("w (woman)"), "wi": msg("wi (woman, inactive)")}
    rows = [("FIDE ID", str(e.fide_id)), (msg("name"), e.name), (msg("federation"), e.federation),
            (msg("sex"), e.sex or "-"), (msg("born"), str(e.birth_year or say(msg("unknown")))),
            (msg("titles"), titles or "-"), (msg("flag"), say(flags.get(e.flag, "-"))),
            *((r.kind, f"{_rating_text(r)}  [{r.source}]") for r in e.ratings),
            (msg("list"), f"{e.month}")]
    for label, value in rows:  # values from the database: never a raw control character
        typer.echo(f"{say(label):<12}{printable(value)}")
    raise typer.Exit(EXIT_OK)


@app.command(cls=PlainUsage)
def find(name: str = typer.Argument(..., metavar="NAME", help="Name, in any order, with or without accents."),
         fed: str | None = typer.Option(None, "--fed", help="Only players of this federation (3 letters)."),
         month: str | None = MonthOption,
         limit: int = typer.Option(10, "--limit", min=1, max=1000, help="At most this many players."),
         db: Path | None = DbOption) -> None:
    """Players whose names are closest to NAME, best first, with how close (0-100).
    Exit 0 when some are found, 1 when none, 2 when no list is held."""
    found = _looked_up(ListLookup(name, Lists(db, month), fed, limit, by_id=False))
    matches, chosen = found.matches, found.month
    for m in matches:
        e = m.entry
        ratings = "  ".join(f"{_SHORT[r.kind]} {r.rating or '-'}" for r in e.ratings)
        typer.echo(printable(f"{e.fide_id:>10}  {e.name:<40} {e.federation:<3} {e.birth_year or '?':>4}  {ratings}  "
                             f"({m.score})"))
    typer.echo(say(msg("{n} player(s) found in the list of {month}", n=len(matches), month=chosen)))
    raise typer.Exit(EXIT_OK if matches else EXIT_ERRORS)


def _looked_up(params: ListLookup) -> Found:
    """What the look-up found, or exit 2 saying why it could not look."""
    from ..jobs import run

    result = run(params)
    if not result.done:
        raise stop(result, options={"lists": "--month"})
    return result.computed


@app.command(cls=PlainUsage)
def info(db: Path | None = DbOption) -> None:
    """Where the database is, the months held and, for each, the files and their counts."""
    lists = _database(db)
    database = say(msg("database"))
    typer.echo(f"{database:<10}{lists.path}")
    held = lists.months()
    for month, kinds in held.items():
        for source in dict.fromkeys(kinds.values()):
            served = [k for k, s in kinds.items() if s is source]
            rated = joined([msg("{kind} {n:,}", kind=k, n=n) for k, n in source.rated.items() if k in served], ", ")
            typer.echo(printable(f"{month}  {'/'.join(served):<22} {source.file} ({source.layout}): " + say(
                msg("{players:,} players, rated {rated}; imported {imported}", players=source.players, rated=rated,
                    imported=source.imported))))
    typer.echo(say(msg("{n} month(s) held", n=len(held)) if held
                   else msg("no list held; import one with 'trfconv list import FILE'")))
    raise typer.Exit(EXIT_OK)


def _database(db: Path | None):
    """The rating lists database (it may hold no list), or exit 2 when it cannot be read."""
    from ..jobs.lists import store

    found = store(Lists(db), holding=False)
    if isinstance(found, Problem):
        raise stop(stopped("list", found))
    return found


def fill_command(
    file: Path = typer.Argument(..., metavar="FILE", help="Tournament file."),
    use_list: bool = typer.Option(False, "--list", help="Fill from the FIDE list in force at the event's start "
                                                        "(always done); '--list YYYY-MM' takes the list of that "
                                                        "month."),
    list_month: str | None = ListMonthOption,
    output: Path = typer.Option(..., "-o", "--output", help="Output TRF file (not the input)."),
    kind: str | None = typer.Option(None, "--kind", help="standard, rapid or blitz (default: the event's rate "
                                                         "of play, from its time control)."),
    db: Path | None = DbOption,
) -> None:
    """Write a corrected TRF: missing FIDE IDs (only when exactly one list entry has the player's
    name, federation and birth year), ratings and titles from the FIDE list; each change is a
    '###' line after the player and a diagnostic. Exit 0 written, 1 written with warnings,
    2 when the file, the list or the output cannot be used."""
    from ..jobs import run
    from ..jobs.fill import Fill
    from ..ratinglists import KINDS

    if kind is not None and kind not in KINDS:
        raise typer.BadParameter(msg("{given} is not one of {kinds}", given=repr(kind), kinds=list(KINDS)),
                                 param_hint="--kind")
    params = Fill(file, output, Lists(db, list_month), kind, input_limit["max_bytes"])
    result = run(params)
    if result.value is None:
        raise stop(result)
    done = result.computed
    print_diagnostics(done.found, sys.stdout)
    print_diagnostics(done.written)
    if result.written:
        typer.echo(f"{output}: " + say(msg("{changes} change(s) from the FIDE {kind} list, {warnings} warning(s)",
                                           changes=done.changes, kind=done.kind, warnings=done.warnings)))
    raise typer.Exit(int(result.exit))
