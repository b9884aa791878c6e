"""The rating officer's month, event by event, as :mod:`.period` computes it: each event read,
judged and rated for the period (:class:`PeriodWork`, in worker processes when there are several
files), the events taken in the order given, what several events say said once, and the
unrated players' games kept for a later period. Imported when a period is computed."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from ..diagnostics import Diagnostic, diagnostic, has_errors
from ..errors import TrfconvError
from ..messages import Message, SEMICOLON, joined, msg
from ..model import Tournament
from .inputs import read_file


def keep_unrated(store, result, kind: str, said) -> Diagnostic:
    """Keep the games of the players still unrated after ``result`` in ``store``, unless the
    period rests on files with errors."""
    from ..rules.rating.period import first_events, kept

    if has_errors(said):
        return diagnostic("PER018", msg("unrated players' games not kept for later periods: the period rests on "
                                        "files with errors"))
    games = kept(result)
    store.keep_games(result.month, kind, games, first_events(result))
    return diagnostic("PER017", msg("games of {n} player(s) still unrated kept in {path} for later periods (7.1.4)",
                                    n=len(games), path=str(store.path)))


@dataclass(frozen=True)
class PeriodEvent:
    """What :class:`PeriodWork` says of one input: why it was skipped (``skipped``), else the
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
class PeriodWork:
    """Reading, judging and rating one event for the period of ``month`` (None: only read it, for
    its dates): what a worker process runs on each file (picklable; sent to each worker once)."""

    month: str | None
    rules: object | None
    lists: object | None
    file_ratings: bool
    encoding: str | None
    unfinished: bool = False  #: rate events not finished on the results they hold
    undated: bool = False  #: take events without any date whole into the period

    def __call__(self, source) -> PeriodEvent:
        from ..io.registry import unreadable_codes
        from ..rules.rating.period import NOT_JUDGED, default_month, judge_event

        t = source
        if not isinstance(source, Tournament):
            try:  # only the dates are wanted without a month: the header records of a TRF file
                t, players = headers(source, self.encoding) if self.month is None else \
                    (found := read_file(source, encoding=self.encoding), bool(found.players))
            except TrfconvError as err:
                return PeriodEvent(skipped(source, err.diagnostics))
            codes = unreadable_codes()
            problems = [d for d in t.diagnostics if d.code in codes]
            if problems or not players:
                return PeriodEvent(skipped(source, problems))
        key = t.digest()
        twice = diagnostic("PER016", msg("{event} is given twice; this copy is left out",
                                         event=t.event.name or msg("the event")),
                           path=t.source.path)
        period = default_month([t])
        if self.month is None:
            return PeriodEvent(None, key, twice, period)
        lines, said = judge_event(t, self.month, self.rules, self.lists, file_ratings=self.file_ratings,
                                  unfinished=self.unfinished, undated=self.undated)
        judged = lines is not None or not said or said[-1].code not in NOT_JUDGED  # else only why it is left out
        return PeriodEvent(None, key, twice, period, t.event.name or t.source.path or "an event",
                            (*t.diagnostics, *said) if judged else tuple(said), lines)


def headers(path, encoding: str | None) -> tuple[Tournament, bool]:
    """What the period's first reading needs of a file, its dates: a TRF file is read without its
    player lines (001), which hold nearly all of its bytes and of the reading's time (as
    python-chess's visitors stop after a game's headers); any other file is read whole. With
    whether the file has player lines (a TRF file without any is no event, as when read whole)."""
    from ..encoding import byte_order_mark
    from ..io.files import InputError, read_input
    from ..io.registry import detect_format, read_bytes

    try:
        data = read_input(path)
    except InputError as err:
        raise TrfconvError([diagnostic("IO001", msg("cannot read: {why}", why=err.args[0]), path=str(path),
                                        actions=err.actions)]) from None
    if detect_format(data, str(path)) == "trf" and byte_order_mark(data[:4]) is None:
        lines = data.splitlines(keepends=True)
        kept = [line for line in lines if not line.startswith(b"001")]
        if len(kept) < len(lines):  # without its player lines, the file says it holds none (IO002): not so
            t = read_bytes(b"".join(kept), str(path), encoding=encoding, format="trf")
            said = tuple(d for d in t.source.diagnostics if d.code != "IO002")
            return replace(t, source=replace(t.source, diagnostics=said)), True
    t = read_bytes(data, str(path), encoding=encoding)
    return t, bool(t.players)


def period_events(events, work: PeriodWork, jobs: int | None, said: list[Diagnostic], counted: dict[str, int],
                  tick=None, what: str = "events"):
    """``work`` on each tournament given, in order (folders read recursively, by content:
    :func:`trfconv.io.many.expand`), in ``jobs`` worker processes (None: one per core); files that
    are no tournament file add one ``PER014`` each to ``said``, an event given twice one ``PER016``
    (events are told apart by a digest of their facts and players, so that none is held);
    ``counted["events"]`` counts the tournaments given; ``tick(done, total, what)`` is told of
    each input taken."""
    import pickle

    from ..io.many import expand, in_workers

    entries: list = []
    for item in events:
        if isinstance(item, Tournament):
            entries.append(item)
            continue
        found, skipped = expand([item])
        entries.extend(diagnostic("PER014", msg("not a tournament file, skipped: {why}", why=why), path=name)
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
        for taken, entry in enumerate(entries, 1):
            if tick is not None:
                tick(taken, len(entries), what)
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


def said_once(diagnostics: list[tuple[str, Diagnostic]]) -> list[Diagnostic]:
    """The events' diagnostics (each with its event's name), each caveat that several events
    share (the same words but for numbers and dates) once, naming the events it was said of (a
    caveat is printed without its file: it names its event itself). When their numbers differ,
    the numbers shown are said to be the first event's (start numbers of one event are not
    another's)."""
    import re

    from ..diagnostics import CODES

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
        if len(group) > 1 and len({d.message.replace(name, "") for name, d in group}) > 1:
            # the same words with other numbers (start numbers, counts, dates): the first event's are
            # shown as its own, the others named
            others = names[1:]
            said.append(replace(first, message=msg(
                "{message} ({event}; said with their own numbers and dates of {n} more event(s): {events})",
                message=first.message, event=names[0], n=len(others), events=_some(others))))
        elif len(group) > 1:
            said.append(replace(first, message=msg("{message} (in {n} events: {events})", message=first.message,
                                                   n=len(group), events=_some(names))))
        else:
            said.append(first if names[0] in first.message else replace(first, message=msg(
                "{message} ({event})", message=first.message, event=names[0])))
    return said


def _some(names: list[str]) -> Message:
    """The first ten of ``names``, and how many more."""
    return joined([", ".join(names[:10]), msg(" and {n} more", n=len(names) - 10) if len(names) > 10 else ""])


def skipped(path, problems) -> Diagnostic:
    why = (joined([msg("{message} ({code})", message=d.message, code=d.code) for d in problems], SEMICOLON)
           if problems else msg("no player in it"))
    return diagnostic("PER014", msg("not a tournament file, skipped: {why}", why=why), path=str(path))
