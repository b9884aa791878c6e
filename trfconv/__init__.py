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
from dataclasses import dataclass

from .diagnostics import Diagnostic, Severity, TrfconvError, diagnostic, has_errors
from .io.files import MAX_INPUT_BYTES, InputError, read_input
from .io.registry import read_bytes, write_bytes, write_file
from .model import Tournament

__all__ = [
    "Diagnostic",
    "Severity",
    "Tournament",
    "TrfconvError",
    "dumps",
    "norms",
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
        yield from zip(files, map(one, files))
        return
    yield from zip(files, in_workers(one, files, jobs))


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


def validate(tournament: Tournament, rules=None, time_control=None, *, national_championship: bool = False):
    """Would FIDE rate this event, which games and for whom: a
    :class:`~trfconv.rules.rateability.Verdict` under ``rules`` (``"b02-2005"``, ``"b02-2024"``;
    default: the edition in force on the start date). ``time_control`` (a 222 code or 122-style
    text) replaces the file's. ``national_championship``: the event is a national championship
    (B.02 2005 6.33)."""
    from .rules.rateability import validate as judge

    return judge(tournament, rules, time_control, national_championship=national_championship)


def rate(tournament: Tournament, verdict=None, *, rules=None, k: dict[str, int] | None = None):
    """What the event does to each player's FIDE rating
    (:class:`~trfconv.rules.rating.event.EventRating`): the rating arithmetic of B.02 under the
    edition the ``verdict`` was decided under (default: :func:`validate` under ``rules``). ``k``
    gives players' K by FIDE id (otherwise inferred from the edition's rules, with RAT001)."""
    from .rules.rating.event import rate as compute

    return compute(tournament, verdict if verdict is not None else validate(tournament, rules), k=k)


def norms(tournament: Tournament, lists=None, *, rules=None, player: int | None = None, titles=None,
          exemption: str | None = None, event_type: str | None = None, reading: str = "rounded",
          forecast: bool = False, after_round: int | None = None):
    """The title norms of the event (:class:`~trfconv.rules.norms.EventNorms`, FIDE Title
    Regulations B.01 in force at its start, or ``rules``): for every player (or ``player``) and
    every title above the one held (or ``titles``: ``("GM", "IM")``), every requirement with its
    article and numbers, the best set of games (1.4.1e/f) and the games the norm is credited with.
    ``lists``: a rating lists look-up (:func:`trfconv.ratinglists.open_lists`): opponents' titles,
    ratings, federations and sex from the standard list in force at the start (1.4.6a); without
    it, the file's columns (a caveat says so). ``exemption``: ``"1.4.3a"``…``"1.4.3d"``;
    ``event_type``: ``"team-championship"`` or ``"world-cup"`` (1.4.1b); ``reading``: 1.4.8b's
    35 % ``"rounded"`` (1.4.9) or ``"exact"``. ``forecast``: also ``forecasts``, what each candidate
    needs in the rounds left after the last round played (or ``after_round``). Findings and caveats
    are in ``diagnostics``."""
    from .rules.norms import norms as judge

    return judge(tournament, lists, rules=rules, player=player, titles=titles, exemption=exemption,
                 event_type=event_type, reading=reading, forecast=forecast, after_round=after_round)


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


def period(events, *, lists=None, month: str | None = None, file_ratings: bool = False,
           encoding: str | None = None, keep=None, jobs: int | None = 1):
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
    process, are judged in this one)."""
    from dataclasses import replace

    from .rules.rating.period import PeriodBuilder, period_rules

    events = [events] if isinstance(events, (str, os.PathLike, Tournament)) else list(events)  # read twice below
    where = str(events[0]) if len(events) == 1 and not isinstance(events[0], Tournament) else None  # else <input>
    found: list[Diagnostic] = []
    counted: dict[str, int] = {"events": 0}
    if month is None:  # a first reading for the dates (the events are read again, one at a time, below)
        month = max((one.period for one in _period_events(events, _PeriodWork(None, None, None, False, encoding),
                                                           jobs, found, counted) if one.period), default=None)
        if month is None:
            raise TrfconvError([*found, diagnostic(
                "PER001", "no event has a date: give the period (--period YYYY-MM)" if counted["events"] else
                          "no tournament file among the inputs", path=where)])
        found, counted["events"] = [], 0
    rules = period_rules(month)
    if rules is None:
        raise TrfconvError([*found, diagnostic(
            "PER015", f"the list of {month} was computed under rules without a monthly rating period (before "
                      "March 2024); trfconv computes periods from April 2024", path=where)])
    builder, kinds, noticed, periods = PeriodBuilder(month, rules), set(), [], set()
    work = _PeriodWork(month, rules, lists, file_ratings, encoding)
    for one in _period_events(events, work, jobs, found, counted):  # each event's lines taken in order: it streams
        noticed.extend((one.name, d) for d in one.diagnostics)
        periods.add(one.period or "")
        if one.lines is not None:
            builder.take(one.lines)
            kinds.add(one.lines.event.rating_list)
    found.extend(_said_once(noticed))
    if not builder.events:
        held = ", ".join(sorted(periods - {""}))
        raise TrfconvError([*found, diagnostic(
            "PER001", f"no event of the period of {month} (games of the month before) among the "
                      f"{counted['events']} event(s) given" + (f"; they end in the periods of the lists of {held}"
                                                               if held else ""))])
    kind = kinds.pop() if len(kinds) == 1 else "standard"
    result = builder.result(lists, kind, keep)
    if keep is not None:
        found.append(_keep(keep, result, kind, (*found, *result.diagnostics)))
    return replace(result, diagnostics=(*found, *result.diagnostics))


def _keep(store, result, kind: str, said) -> Diagnostic:
    """Keep the games of the players still unrated after ``result`` in ``store``, unless the
    period rests on files with errors."""
    from .rules.rating.period import first_events, kept

    if has_errors(said):
        return diagnostic("PER018", "unrated players' games not kept for later periods: the period rests on files "
                                    "with errors")
    games = kept(result)
    store.keep_games(result.month, kind, games, first_events(result))
    return diagnostic("PER017", f"games of {len(games)} player(s) still unrated kept in {store.path} for later "
                                "periods (7.1.4)")


@dataclass(frozen=True)
class _PeriodEvent:
    """What :class:`_PeriodWork` says of one input: why it was skipped (``skipped``), else the
    digest that tells a copy of an event apart (``key``) and what to say of a copy (``twice``),
    the list whose period it falls in (``period``, from its end), and, once judged for a period,
    its name, what was noticed and its player lines (:class:`~trfconv.rules.rating.period.EventLines`,
    None when it is not rated in the period)."""

    skipped: Diagnostic | None = None
    key: bytes = b""
    twice: Diagnostic | None = None
    period: str | None = None
    name: str = ""
    diagnostics: tuple[Diagnostic, ...] = ()
    lines: object | None = None


@dataclass(frozen=True)
class _PeriodWork:
    """Reading, judging and rating one event for the period of ``month`` (None: only read it, for
    its dates): what a worker process runs on each file (picklable; sent to each worker once)."""

    month: str | None
    rules: object | None
    lists: object | None
    file_ratings: bool
    encoding: str | None

    def __call__(self, source) -> _PeriodEvent:
        import hashlib

        from .io.registry import unreadable_codes
        from .rules.rating.period import default_month, judge_event

        t = source
        if not isinstance(source, Tournament):
            try:
                t = read(source, encoding=self.encoding)
            except TrfconvError as err:
                return _PeriodEvent(_skipped(source, err.diagnostics))
            codes = unreadable_codes()
            problems = [d for d in t.diagnostics if d.code in codes]
            if problems or not t.players:
                return _PeriodEvent(_skipped(source, problems))
        key = hashlib.sha256(repr((t.event.name, t.event.start_date, t.event.end_date, t.rounds,
                                   tuple((p.fide_id, p.name, p.rating) for p in t.players))).encode()).digest()
        twice = diagnostic("PER016", f"{t.event.name or 'the event'} is given twice; this copy is left out",
                           path=t.source.path)
        period = default_month([t])
        if self.month is None:
            return _PeriodEvent(None, key, twice, period)
        lines, said = judge_event(t, self.month, self.rules, self.lists, file_ratings=self.file_ratings)
        return _PeriodEvent(None, key, twice, period, t.event.name or t.source.path or "an event",
                            (*t.diagnostics, *said), lines)


def _period_events(events, work: _PeriodWork, jobs: int | None, said: list[Diagnostic], counted: dict[str, int]):
    """``work`` on each tournament given, in order (folders read recursively, by content:
    :func:`trfconv.io.many.expand`), in ``jobs`` worker processes (None: one per core); files that
    are no tournament file add one ``PER014`` each to ``said``, an event given twice one ``PER016``
    (events are told apart by a digest of their facts and players, so that none is held);
    ``counted["events"]`` counts the tournaments given."""
    import pickle

    from .io.many import expand, in_workers

    entries: list = []
    for item in events:
        if isinstance(item, Tournament):
            entries.append(item)
            continue
        found, skipped = expand([item])
        entries.extend(diagnostic("PER014", f"not a tournament file, skipped: {why}", path=name)
                       for name, why in skipped)
        entries.extend(found)
    files = [e for e in entries if isinstance(e, os.PathLike)]
    jobs = jobs or os.cpu_count() or 1
    done = None
    if jobs > 1 and len(files) > 1:
        try:
            pickle.dumps(work)
        except (pickle.PicklingError, TypeError, AttributeError):  # a look-up of the caller's: judged here
            pass
        else:
            done = in_workers(work, files, min(jobs, len(files)))
    seen: set[bytes] = set()
    try:
        for entry in entries:
            if isinstance(entry, Diagnostic):
                said.append(entry)
                continue
            one = next(done) if done is not None and isinstance(entry, os.PathLike) else work(entry)
            if one.skipped is not None:
                said.append(one.skipped)
            elif one.key in seen:
                said.append(one.twice)
            else:
                seen.add(one.key)
                counted["events"] += 1
                yield one
    finally:
        if done is not None:
            done.close()


def _said_once(diagnostics: list[tuple[str, Diagnostic]]) -> list[Diagnostic]:
    """The events' diagnostics (each with its event's name), each caveat that several events
    share (the same words but for numbers and dates) once, naming the events it was said of (a
    caveat is printed without its file: it names its event itself)."""
    import re
    from dataclasses import replace

    from .diagnostics import CODES

    groups: dict[tuple[str, str], list[tuple[str, Diagnostic]]] = {}
    out: list[Diagnostic | tuple[str, str]] = []
    for name, d in diagnostics:
        if not CODES[d.code].caveat:
            out.append(d)
            continue
        key = (d.code, re.sub(r"\d+", "#", d.message.replace(name, "")))
        if key not in groups:
            groups[key] = []
            out.append(key)
        groups[key].append((name, d))
    said = []
    for item in out:
        if isinstance(item, Diagnostic):
            said.append(item)
            continue
        group = groups[item]
        first = group[0][1]
        names = list(dict.fromkeys(name for name, _ in group))
        if len(group) > 1:
            shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
            said.append(replace(first, message=f"{first.message} (in {len(group)} events: {shown})"))
        else:
            said.append(first if names[0] in first.message else replace(first, message=f"{first.message} "
                                                                                        f"({names[0]})"))
    return said


def _skipped(path, problems) -> Diagnostic:
    why = "; ".join(f"{d.message} ({d.code})" for d in problems) or "no player in it"
    return diagnostic("PER014", f"not a tournament file, skipped: {why}", path=str(path))
