"""``period``: the rating period of a FIDE list as FIDE computes it, over many event files
(B.02 2024 7.1, 8.3.3-8.3.4): :func:`rating_period` computes it (what :func:`trfconv.period`
runs), :func:`period` is the job that renders its document, written to a file (with FIDE's file
name for its list layout in a folder) or handed back.

The document rests on every event it read: their errors come first and withhold it unless
``lenient``; a file that is no tournament file is skipped (PER014) and said."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import ClassVar

from ..actions import Action
from ..diagnostics import Diagnostic, diagnostic
from ..documents.basis import ALLOW_DEFECTIVE, Basis
from ..errors import TrfconvError
from ..io.ratinglist.store import StoreError
from ..messages import joined, msg
from ..model import Tournament
from ..rules.rating.period import PeriodRating
from .inputs import Given, Lists, Params, name_of, paths, refused_path
from .outputs import delivered, rendered_in, to_file
from .result import Exit, JobResult, Problem, stopped


def rating_period(events, *, lists=None, month: str | None = None, file_ratings: bool = False,
                  encoding: str | None = None, keep=None, jobs: int | None = 1, unfinished: bool = False,
                  undated: bool = False, tick=None) -> PeriodRating:
    """The rating period of the FIDE list of ``month`` (``YYYY-MM``; default: the month after the
    latest end among the events) as FIDE computes it
    (:class:`~trfconv.rules.rating.period.PeriodRating`): per player every event's games and
    unrounded change, one K (the list's, capped so that K x n <= 700 over the period), the total
    rounded once, the new rating; unrated players' results pooled into Ru.

    ``events``: tournaments, files or folders (read recursively, by content: a file that is no
    tournament file is skipped with a ``PER014`` warning). ``lists``: a rating lists look-up
    (:func:`trfconv.ratinglists.open_lists`, or a ``Pinned`` month): each event is rated on the
    list in force at its start, and the rating before the period and K come from the previous
    list; with ``file_ratings`` each event keeps the ratings its file gives (the list still gives
    the rating before the period and K). Every problem is in the result's ``diagnostics``; when
    there is no period to compute (no event has a date and no ``month``, no event is in the
    period, or the rules of the month have no monthly period) :class:`TrfconvError` says why. ``keep``: the rating lists
    database (:func:`trfconv.ratinglists.open_lists`) whose kept games of earlier periods the
    unrated players' results are pooled with, and in which the games of those still unrated
    after this period are kept for a later one (B.02 2024 7.1.4). ``jobs``: the worker processes
    that read, judge and rate the files (None: one per core); the result is the same whatever
    their number, as the events' lines are taken in the order given, one event at a time, in this
    process (tournaments given as models, and a look-up that cannot be copied into another
    process, are judged in this one). An event not finished (a round declared or held without all
    its results) or without any date is left out and said (``PER031``, ``PER032``), unless
    ``unfinished`` (rated on the results it holds) or ``undated`` (taken whole into the period)
    asks for it; the findings of a file left out before it is judged (another period, not
    finished, no date) are not the period's. One FIDE ID given to two people in the events
    (name, birth year, sex or federation) is an error naming both lines (``PER030``): that ID is
    left out, never merged. With ``lists``, a FIDE ID not in the list in force is an error
    (``LST001``), as ``check --list`` and ``report --list`` say it. ``tick(done, total, what)``,
    when given, is told of each input taken (a progress bar)."""
    from ..rules.rating.period import PeriodBuilder, period_rules
    from .month import PeriodWork, keep_unrated, period_events, said_once

    events = [events] if isinstance(events, (str, os.PathLike, Tournament)) else list(events)  # read twice below
    where = str(events[0]) if len(events) == 1 and not isinstance(events[0], Tournament) else None  # else <input>
    found: list[Diagnostic] = []
    counted: dict[str, int] = {"events": 0}
    if month is None:  # a first reading for the dates (the events are read again, one at a time, below)
        month = max((one.period for one in period_events(events, PeriodWork(None, None, None, False, encoding),
                                                           jobs, found, counted, tick, "dates") if one.period),
                    default=None)
        if month is None:
            raise TrfconvError([*found, diagnostic(
                "PER001", msg("no event has a date: give the period") if counted["events"] else
                          msg("no tournament file among the inputs"), path=where,
                actions=(Action("give-period"),) if counted["events"] else ())])
        found, counted["events"] = [], 0
    rules = period_rules(month)
    if rules is None:
        raise TrfconvError([*found, diagnostic(
            "PER015", msg("the list of {month} was computed under rules without a monthly rating period (before "
                          "March 2024); trfconv computes periods from April 2024", month=month), path=where)])
    builder, kinds, periods = PeriodBuilder(month, rules), set(), set()
    noticed: list[tuple[str, Diagnostic]] = []
    work = PeriodWork(month, rules, lists, file_ratings, encoding, unfinished, undated)
    for one in period_events(events, work, jobs, found, counted, tick, "events"):  # taken in order: it streams
        noticed.extend((one.name, d) for d in one.diagnostics)
        periods.add(one.period or "")
        if one.lines is not None:
            builder.take(one.lines)
            kinds.add(one.lines.event.rating_list)
    found.extend(said_once(noticed))
    if not builder.events:
        held = ", ".join(sorted(periods - {""}))
        raise TrfconvError([*found, diagnostic(
            "PER001", joined([msg("no event of the period of {month} (games of the month before) among the "
                                  "{n} event(s) given", month=month, n=counted["events"]),
                              msg("; they end in the periods of the lists of {held}", held=held) if held else ""]))])
    kind = kinds.pop() if len(kinds) == 1 else "standard"
    result = builder.result(lists, kind, keep)
    if keep is not None:
        found.append(keep_unrated(keep, result, kind, (*found, *result.diagnostics)))
    return replace(result, diagnostics=(*found, *result.diagnostics))


@dataclass(frozen=True)
class Period(Params):
    """The events (tournaments, files, folders read recursively by content, patterns); the list
    whose period to compute (None: the month after the latest end among them); the document's
    form and output (a folder, for FIDE's list layout: its file takes FIDE's name); the rating
    lists the events are rated on, and whether each keeps the ratings of its file; the rating
    lists database whose kept games of earlier periods unrated players' results are pooled with,
    and in which the games of those still unrated are kept (``keep``; None: neither); whether
    events not finished, or without a date, are taken; the files' encoding; ``lenient``; ``details``: every
    player and event (a text document handed back is otherwise a summary); the worker processes
    (None: one per core); ``tick(done, total, what)``, told of each input taken."""

    name: ClassVar[str] = "period"
    job: ClassVar[str] = "trfconv.jobs.period:period"

    events: tuple[Given, ...]
    month: str | None = None
    form: str = "text"
    output: Path | None = None
    lists: Lists | None = None
    file_ratings: bool = False
    keep: Lists | None = None
    unfinished: bool = False
    undated: bool = False
    encoding: str | None = None
    lenient: bool = False
    details: bool = False
    jobs: int | None = None
    tick: Callable[[int, int, str], None] | None = field(default=None, compare=False)

    def inputs(self) -> tuple[Path, ...]:
        from ..io.many import expand

        given = [e for e in self.events if not isinstance(e, Tournament)]
        return (*expand(given)[0], *paths(self.lists, self.keep))

    def outputs(self) -> tuple[Path, ...]:
        return () if self.into_folder else paths(self.output)

    @property
    def into_folder(self) -> bool:
        """FIDE's list layout written into a folder, under FIDE's file name (known once computed)."""
        return self.form == "fide" and self.output is not None and Path(self.output).is_dir()


@dataclass(frozen=True)
class PeriodDone:
    """The period computed, and what its terminal summary counts: the players rated and unrated,
    the inputs skipped (no tournament file, PER014) and the values FIDE's list layout had to cut."""

    period: PeriodRating
    rated: int
    unrated: int
    skipped: tuple[Diagnostic, ...] = ()
    cut: tuple[Diagnostic, ...] = ()


#: FIDE's list layout has no place for errors: without leave, nothing is written.
WRITE_ANYWAY = Action("allow-defective", purpose=msg("to write it anyway"))


def period(params: Period) -> JobResult[PeriodDone]:
    """The period's document in its form, written or handed back; the period."""
    from ..documents.period import PeriodReport
    from ..documents.period.fide import cut_values, file_name
    from .lists import lookup, store

    lists = lookup(params.lists)
    if isinstance(lists, Problem):
        return stopped(params.name, lists)
    keep = store(params.keep, holding=False) if params.keep is not None else None
    if isinstance(keep, Problem):
        return stopped(params.name, keep)
    try:
        result = rating_period(list(params.events), lists=lists, month=params.month, file_ratings=params.file_ratings,
                               encoding=params.encoding, keep=keep, jobs=params.jobs, unfinished=params.unfinished,
                               undated=params.undated, tick=params.tick)
    except StoreError:  # the database met unreadable in the middle: said as every face says it
        raise
    except TrfconvError as err:
        return stopped(params.name, Problem(msg("nothing to compute"), diagnostics=err.diagnostics))
    events = params.events
    where = name_of(events[0]) if len(events) == 1 else msg("{n} inputs", n=len(events))
    basis = Basis(where, result.diagnostics, params.lenient, scope="rating", lang=params.lang)
    output = params.output
    if output is not None and params.into_folder:  # FIDE's file name tells the list's month and rate of play
        output = Path(output) / file_name(result)
        problem = refused_path(output, params.inputs())
        if problem is not None:
            return stopped(params.name, problem)
    whole = params.details or params.form != "text" or (output is not None and to_file(output))
    report = PeriodReport(basis, result, whole, lists)  # one: it sorts the players once
    skipped = tuple(d for d in result.diagnostics if d.code == "PER014")
    done = PeriodDone(result, len(report.rated), len(report.unrated), skipped)
    code = Exit.PROBLEMS if basis.defective else Exit.OK
    verdict, actions = (msg("not produced"), (ALLOW_DEFECTIVE,)) if basis.withheld else (msg("computed"), ())
    if params.form == "fide" and basis.withheld:
        return JobResult(params.name, code, where, value=done, diagnostics=result.diagnostics, basis=basis,
                         verdict=verdict, actions=actions, refused=(Problem(
                             msg("nothing written: the FIDE list layout has no place for the errors above"),
                             actions=(WRITE_ANYWAY,)),))
    rendered = rendered_in("period", report, params.form)
    if params.form == "fide":  # the layout's columns are narrow: what did not fit is said
        done = replace(done, cut=tuple(cut_values(report, str(output or "-"))))
    return delivered(params.name, code, rendered, output, events[0], msg("rating period ({form})", form=params.form), file=where,
                     value=done, diagnostics=result.diagnostics, basis=basis, verdict=verdict, actions=actions)
