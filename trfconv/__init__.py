"""trfconv: read, check and write chess tournament files through one exact model.

    >>> import trfconv
    >>> t = trfconv.read("fixtures/tiebreak/tec-swiss16-rated.trf")  # a file of the checkout
    >>> t.event.name[:40], len(t.players), t.rounds
    ("FIDE TEC 'Exercises in Tie-Breaking' (IA", 16, 5)
    >>> t.diagnostics                                # what the reader noticed: nothing
    ()
    >>> data, noticed = trfconv.dumps(t, "trf26")    # the TRF-2026 bytes, what the writer noticed
    >>> data[:4], noticed
    (b'012 ', [])
"""

from __future__ import annotations

import os

from .diagnostics import Diagnostic, Severity, diagnostic, has_errors
from .errors import InputError, OutputError, TrfconvError, UsageError
from .messages import msg
from .io.files import MAX_INPUT_BYTES, read_input
from .io.registry import read_bytes, write_bytes, write_file
from .model import Tournament

__all__ = [
    "Diagnostic",
    "InputError",
    "OutputError",
    "Severity",
    "Tournament",
    "TrfconvError",
    "UsageError",
    "dumps",
    "norms",
    "pairings",
    "period",
    "rate",
    "read",
    "read_many",
    "reads",
    "standings",
    "validate",
    "write",
]
__version__ = "0.1.0"


def read(path: str | os.PathLike, *, encoding: str | None = None, format: str | None = None,
         strict: bool = False, max_bytes: int = MAX_INPUT_BYTES) -> Tournament:
    """Read a tournament file. Problems are in ``tournament.diagnostics``; with ``strict=True``
    any error raises :class:`TrfconvError` instead. A file that cannot be opened, or is not a
    regular file of at most ``max_bytes``, raises :class:`TrfconvError` with an ``IO001``
    diagnostic."""
    try:
        data = read_input(path, max_bytes=max_bytes)
    except InputError as err:
        raise TrfconvError([diagnostic("IO001", f"cannot read: {err}", path=str(path))]) from None
    return reads(data, path=str(path), encoding=encoding, format=format, strict=strict)


def reads(data: bytes | str, *, path: str | None = None, encoding: str | None = None,
          format: str | None = None, strict: bool = False) -> Tournament:
    """Read a tournament from bytes (or text, which is taken as UTF-8)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    tournament = read_bytes(data, path, encoding=encoding, format=format)
    if strict and has_errors(tournament.diagnostics):
        raise TrfconvError(tournament.diagnostics)
    return tournament


def read_many(paths, *, encoding: str | None = None, jobs: int | None = 1):
    """Read many files: ``paths`` are files, folders (searched recursively, taking what a format
    recognises by content) or glob patterns. Yields ``(path, tournament)`` in order, the
    tournament of a file that cannot be read holding the diagnostics that say why (never
    raising); ``jobs`` > 1 reads in that many worker processes. What was skipped is given by
    :func:`trfconv.io.many.expand`."""
    from functools import partial

    from .io.many import expand, in_workers

    files, _ = expand(paths)
    one = partial(_read_or_say, encoding=encoding)
    if (jobs or 1) <= 1 or len(files) <= 1:
        yield from zip(files, map(one, files), strict=True)
        return
    yield from zip(files, in_workers(one, files, jobs), strict=True)


def _read_or_say(path, *, encoding: str | None) -> Tournament:
    try:
        return read(path, encoding=encoding)
    except TrfconvError as err:
        from .model import Source

        return Tournament(source=Source(path=str(path), diagnostics=tuple(err.diagnostics)))


def dumps(tournament: Tournament, format: str = "trf26", *, line_ending: str = "\r\n",
          encoding: str = "utf-8") -> tuple[bytes, list[Diagnostic]]:
    """The file content in ``format`` (``trfconv formats`` lists them: ``trf26``, ``trf16``,
    ``json``, ``xml``, ``csv``) and the writer's diagnostics (truncations, replaced characters,
    data the format cannot hold)."""
    data, diagnostics, _ = write_bytes(tournament, format, line_ending=line_ending, encoding=encoding)
    return data, diagnostics


def write(tournament: Tournament, path: str | os.PathLike, format: str = "trf26", *,
          line_ending: str = "\r\n", encoding: str = "utf-8", strict: bool = False) -> list[Diagnostic]:
    """Write ``tournament`` to ``path``: atomically over a regular file, keeping its mode (see
    :mod:`trfconv.io.files`). Refuses to overwrite the file the tournament was read from. With
    ``strict=True`` nothing is written when the writer reports an error."""
    return write_file(tournament, path, format, line_ending=line_ending, encoding=encoding, strict=strict).diagnostics


def validate(tournament: Tournament, rules=None, time_control=None, *, national_championship: bool = False,
             today=None, after_round: int | None = None, finished_after: int | None = None):
    """Would FIDE rate this event, which games and for whom: a
    :class:`~trfconv.rules.rateability.Verdict` under ``rules`` (``"b02-2005"``, ``"b02-2024"``;
    default: the edition in force on the start date). ``time_control`` (a 222 code or 122-style
    text) replaces the file's. ``national_championship``: the event is a national championship
    (B.02 2005 6.33). An event is judged when it is over: one with a round declared or paired
    without its results, or whose last day is after ``today`` (default: the current day), is NOT
    FINISHED, unless the arbiter says it ended after round ``finished_after`` or asks for the
    verdict ``after_round`` N (a round outside the file, or both, raise ``ValueError``)."""
    from datetime import date

    from .rules.rateability import validate as judge

    return judge(tournament, rules, time_control, national_championship=national_championship,
                 today=today or date.today(), after_round=after_round, finished_after=finished_after)


def rate(tournament: Tournament, verdict=None, *, rules=None, k: dict[str, int] | None = None):
    """What the event does to each player's FIDE rating
    (:class:`~trfconv.rules.rating.event.EventRating`): the rating arithmetic of B.02 under the
    edition the ``verdict`` was decided under (default: :func:`validate` under ``rules``). ``k``
    gives players' K by FIDE id (otherwise inferred from the edition's rules, with RAT001)."""
    from .rules.rating.event import rate as compute

    return compute(tournament, verdict if verdict is not None else validate(tournament, rules), k=k)


def norms(tournament: Tournament, lists=None, *, rules=None, player: int | None = None, titles=None,
          exemption: str | None = None, event_type: str | None = None, readings=None,
          forecast: bool = False, after_round: int | None = None, arbiters: bool = False):
    """The title norms of the event (:class:`~trfconv.rules.norms.EventNorms`, FIDE Title
    Regulations B.01 in force at its start, or ``rules``): for every player (or ``player``) and
    every title above the one held (or ``titles``: ``("GM", "IM")``), every requirement with its
    article and numbers, the best set of games (1.4.1e/f) and the games the norm is credited with.
    ``lists``: a rating lists look-up (:func:`trfconv.ratinglists.open_lists`): opponents' titles,
    ratings, federations and sex from the standard list in force at the start (1.4.6a); without
    it, the file's columns (a caveat says so). ``exemption``: ``"1.4.3a"``…``"1.4.3d"``;
    ``event_type``: ``"team-championship"`` or ``"world-cup"`` (1.4.1b); ``readings``: a choice
    for the readings of the text where it leaves a result open, by name (``{"score": "exact"}``;
    :func:`trfconv.rules.norms.readings` lists them; the others take their default); each result a
    reading decides carries its other outcome (``alternatives``). ``forecast``: also
    ``forecasts``, what each candidate needs in the rounds left after the last complete round (or
    ``after_round``). A result the file cannot decide (titles, federations or ratings missing, rounds
    to come) is ``status`` "cannot judge". ``arbiters``: also the event as its arbiters' norm (B.06.1:
    ``arbiters``). Findings and caveats are in ``diagnostics``."""
    from .rules.norms import norms as judge

    return judge(tournament, lists, rules=rules, player=player, titles=titles, exemption=exemption,
                 event_type=event_type, readings=readings, forecast=forecast, after_round=after_round,
                 arbiters=arbiters)


def standings(tournament: Tournament, tiebreaks: list[str] | str | None = None, *, rules: str | None = None,
              unrated: int | None = None, after_round: int | None = None, lots_seed: str | None = None):
    """The standings (:class:`~trfconv.rules.tiebreaks.Standings`): points, then ``tiebreaks``
    (names such as ``"BH/C1,BH,SB,DE"``; default: the file's 212/202 list) under the C.07
    edition ``rules`` (default: the one in force on the start date); ``unrated`` is the rating
    the rating-based tie-breaks give unrated players; ``after_round`` gives the standings as
    they stood after that round; ``lots_seed`` breaks the ties left by a reproducible drawing of
    lots with that seed."""
    from .rules.tiebreaks import standings as rank

    return rank(tournament, tiebreaks, rules=rules, unrated=unrated, after_round=after_round, lots_seed=lots_seed)


def pairings(tournament: Tournament, *, round: int | None = None, next: bool = False, rules: str | None = None,
             system: str | None = None):
    """The file's Swiss pairings held to FIDE's Dutch system
    (:class:`~trfconv.rules.swiss.check.PairingsCheck`): every round (or only ``round``) re-paired
    from the state before it as the file records it, under the edition of C.04.1/C.04.3 in force at
    the event's start (``rules``: ``swiss-2017`` or ``swiss-2026`` to choose one), compared with
    the file's round, each difference explained by the criterion that decides it; with ``next``,
    the pairing of the round after the file's last. A round the file cannot decide is said so
    (``Verdict.CANNOT`` and why). Systems other than the Dutch one, team events and round robins
    are not checked (``checked`` False and why); ``system="dutch"`` checks a file that declares
    another system."""
    from .rules.swiss.check import check_pairings

    return check_pairings(tournament, rules=rules, system=system, rounds=None if round is None else [round],
                          next_round=next)


def period(events, *, lists=None, month: str | None = None, file_ratings: bool = False,
           encoding: str | None = None, keep=None, jobs: int | None = 1, unfinished: bool = False,
           undated: bool = False, tick=None):
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
    from dataclasses import replace

    from .month import PeriodWork, keep_unrated, period_events, said_once
    from .rules.rating.period import PeriodBuilder, period_rules

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
                "PER001", msg("no event has a date: give the period (--period YYYY-MM)") if counted["events"] else
                msg("no tournament file among the inputs"), path=where)])
        found, counted["events"] = [], 0
    rules = period_rules(month)
    if rules is None:
        raise TrfconvError([*found, diagnostic(
            "PER015", msg("the list of {month} was computed under rules without a monthly rating period (before March "
                          "2024); trfconv computes periods from April 2024", month=month), path=where)])
    builder, kinds, noticed, periods = PeriodBuilder(month, rules), set(), [], set()
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
        none = msg("no event of the period of {month} (games of the month before) among the {count} event(s) given",
                   month=month, count=counted['events'])
        raise TrfconvError([*found, diagnostic(
            "PER001", msg("{none}; they end in the periods of the lists of {held}", none=none, held=held) if held
            else none)])
    kind = kinds.pop() if len(kinds) == 1 else "standard"
    result = builder.result(lists, kind, keep)
    if keep is not None:
        found.append(keep_unrated(keep, result, kind, (*found, *result.diagnostics)))
    return replace(result, diagnostics=(*found, *result.diagnostics))
