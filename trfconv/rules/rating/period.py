"""A rating period as FIDE computes it: :class:`PeriodBuilder`.

FIDE publishes a list on the first day of each month (B.02 2024 7.1); the list of month M rates
the events that ended in month M-1, or earlier when they were sent late, but not after the third
list following their end (9.1). For each rated player the changes K x (W - We) of all his events
of the period are added unrounded and the total is rounded once (8.3.4: "the Rating Change for a
Rating Period"; FIDE's calculations for 58 multi-event periods, tests/rules/rating/test_rating_fide_periods.py),
with one K for the period, lowered so that K x n <= 700 over the period's games (8.3.3). The new
rating is the rating of the previous list plus that change (not the Ro of each event: FIDE's list
moves from the previous list). An unrated player's results against rated opponents in the
period's events are pooled into one Ru (8.2.2-8.2.3, 7.1.4).

Events longer than 30 days are reported month by month (4, interim reports): only the rounds
played in the period's month are rated here, on the list in force when they were played (Title
Regulations 1.1.4). A shorter event over two months is rated whole in the period after it ended,
on the list in force at its start, as FIDE's calculations do (event of 21 Oct - 1 Nov 2025 rated
in the list of December 2025 with the October ratings).

Each event is judged (:func:`~trfconv.rules.rateability.validate`) and rated
(:func:`~trfconv.rules.rating.event.rate`) on its own (:func:`judge_event`); the builder takes
each player's games from it, packed, and drops the event, then does the period's arithmetic
(8.2.1 and 8.2.4 per newcomer, K per player, the total rounded once). It reads models and a
rating list look-up, never a file.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import date
from fractions import Fraction
from operator import attrgetter
from typing import Protocol

from ... import names
from ...actions import Action
from ...dates import PartialDate
from ...diagnostics import Diagnostic, diagnostic
from ...list_entry import KeptGame, Rating
from ...messages import SEMICOLON, Message, joined, msg, shared
from ...model import Player, Tournament
from ...numbers import exact_sum
from ..editions import Edition, edition_for
from ..rateability import rating_list, validate
from ..rateability.verdict import Gets
from ..progress import Progress, RoundState, progress, span
from ..ratinglist.crosscheck import VARIANT, crosscheck
from ..ratinglist.inforce import Lookup, event_entries, event_list, k_and_rating, kind_said, rated_from_list
from .change import RatedGame, rate_game, rated_game
from .event import EventRating, rate
from .initial import Initial, initial_rating
from .k import GivenK, KChoice, birth_year, games_cap, infer_k, next_k
from .rounding import half_up_ratio, rounder
from .rules import RatingRules, rules_of

#: Event diagnostics the period states once for all its events (K inferred, list used).
_SUMMED_UP = frozenset({"RAT001", "LST024"})


@dataclass(frozen=True)
class PeriodRules:
    """The rating-period numbers of an edition (its ``[rating.period]`` data) and its rating rules."""

    edition: Edition
    lists_after_end: int  #: 9.1: rated at the latest in the third list after the end
    monthly_after_days: int  #: 4: an event longer than this is reported month by month
    pool_months: int  #: 7.1.4: a newcomer's results are pooled over the lists of this many months
    rating: RatingRules
    first_min_score: Fraction  #: 8.2.1: a lower score in a newcomer's first event is disregarded
    first_article: str  #: the article of that rule
    rated_minimum: int  #: 7.2.1: a rating below this is shown and treated as unrated


def period_rules(month: str) -> PeriodRules | None:
    """The rules of the period of the list of ``month`` (``YYYY-MM``): those of the edition in
    force on the first day of the month played; None when that edition has no rating period
    (B.02 2005 and its amendments rated periods of several months)."""
    edition = edition_for("b02", first_day(shift(month, -1)))
    data = edition.data()["rating"].get("period")
    if data is None:
        return None
    judging = edition.data()["rateability"]
    return PeriodRules(edition, data["lists_after_end"], data["monthly_after_days"], data["pool_months"],
                       rules_of(edition), Fraction(judging["unrated_min_score"]), judging["articles"]["first_event"],
                       judging["rated_minimum"])


def month_of(day: date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def shift(month: str, months: int) -> str:
    """``month`` (``YYYY-MM``) moved by ``months``."""
    index = int(month[:4]) * 12 + int(month[5:7]) - 1 + months
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def first_day(month: str) -> date:
    return date(int(month[:4]), int(month[5:7]), 1)


def _dates(t: Tournament) -> tuple[date | None, date | None, list[date | None]]:
    """Start, end (else the last round date, else the start) and the round dates, as dates."""
    rounds = [d if isinstance(d, date) else None for d in t.event.round_dates]
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    end = t.event.end_date if isinstance(t.event.end_date, date) else None
    if end is None:
        end = max((d for d in rounds if d is not None), default=start)
    return start or end, end, rounds


def default_month(tournaments: Iterable[Tournament]) -> str | None:
    """The list whose period the events make: the month after the latest end (None when no
    event has a date)."""
    ends = [end for end in (_dates(t)[1] for t in tournaments) if end is not None]
    return shift(month_of(max(ends)), 1) if ends else None


@dataclass(frozen=True)
class Place:
    """Whether an event is rated in the period and how: ``rounds`` None is the whole event,
    else the rounds played in the period's month; ``start`` is the date whose list in force
    rates it (the first of those rounds for a part)."""

    included: bool
    start: date | None = None
    rounds: frozenset[int] | None = None
    note: Diagnostic | None = None


def place(t: Tournament, month: str, rules: PeriodRules) -> Place:
    """Where ``t`` stands in the period of the list of ``month`` (see the module docstring)."""
    path, played = t.source.path, shift(month, -1)
    name = t.event.name or path or THE_EVENT
    start, end, rounds = _dates(t)
    if end is None:
        return Place(True, None, None, diagnostic(
            "PER008", msg("{name}: the dates are unknown; taken whole into the period of {month}", name=name,
                          month=month), path=path))
    days = (end - start).days + 1
    if days > rules.monthly_after_days:
        if not rounds or None in rounds:
            return _by_end(t, month, start, end, rules, diagnostic(
                "PER007", msg("{name} lasted {days} days (more than {most}: reported month by month, article 4) but "
                              "its round dates are not all known: taken whole by its end date", name=name, days=days,
                              most=rules.monthly_after_days), path=path))
        part = frozenset(i + 1 for i, d in enumerate(rounds) if month_of(d) == played)
        if not part:
            return Place(False, note=diagnostic(
                "PER003", msg("{name}: no round of this event was played in {played}; not in the period of {month}",
                              name=name, played=played, month=month), path=path))
        first = min(d for d in rounds if month_of(d) == played)
        return Place(True, first, part, diagnostic(
            "PER006", msg("{name} lasted {days} days (more than {most}): only rounds {rounds}, played in {played}, are "
                          "rated in this period, on the list in force on {first} (article 4, interim reports; Title "
                          "Regulations 1.1.4)", name=name, days=days, most=rules.monthly_after_days,
                          rounds=_span(part), played=played, first=first), path=path))
    return _by_end(t, month, start, end, rules, None)


def _by_end(t: Tournament, month: str, start: date, end: date, rules: PeriodRules, note: Diagnostic | None) -> Place:
    path, ended = t.source.path, month_of(end)
    name = t.event.name or path or THE_EVENT
    if ended >= month:
        return Place(False, note=diagnostic(
            "PER003", msg("{name} ended on {end}: rated in the list of {next} or later, not in the period of {month}",
                          name=name, end=end, next=shift(ended, 1), month=month), path=path))
    if shift(ended, rules.lists_after_end) < month:
        return Place(False, note=diagnostic(
            "PER004", msg("{name} ended on {end}: a tournament not sent in time for the third list after its end "
                          "({last}) is not rated (9.1); left out", name=name, end=end,
                          last=shift(ended, rules.lists_after_end)), path=path))
    if note is None and ended < shift(month, -1):
        note = diagnostic("PER005", msg("{name} ended on {end}, before {played}: rated late, in the period of {month}",
                                        name=name, end=end, played=shift(month, -1), month=month), path=path)
    elif note is None and month_of(start) != ended:
        note = diagnostic("PER010", msg("{name} ran from {start} to {end}: rated whole in the period after its end, on "
                                        "the list in force at its start, as FIDE's own calculations do", name=name,
                                        start=start, end=end), path=path)
    return Place(True, start, None, note)


def _span(rounds: frozenset[int]) -> str:
    ordered = sorted(rounds)
    return f"{ordered[0]}-{ordered[-1]}" if ordered == list(range(ordered[0], ordered[-1] + 1)) else \
        ", ".join(map(str, ordered))


@dataclass(frozen=True)
class PeriodEvent:
    """One event of the period (or its part played in the period's month) as the period keeps
    it: what names and dates it, not its players (the period holds no event's model)."""

    name: str
    path: str | None
    rating_list: str  #: the FIDE list its games belong to, by its rate of play
    edition: str  #: the edition the verdict was decided under
    rounds: frozenset[int] | None  #: None: every round
    start: date | None  #: the date whose list in force gave the ratings
    start_date: date | PartialDate | str | None = None  #: as the file gives them
    end_date: date | PartialDate | str | None = None
    order: tuple = ()  #: chronological (8.2.1 "first event"): end date, then start date, path, name


#: A player line of an event (:class:`EventLines`): his FIDE ID (digits, without the zeros before
#: them; None without one), the player as the event gives him without his games, his games packed
#: (the event's index is set when the period takes them), and what the ``kind`` list the event was
#: rated on gave him (None: not looked up).
Line = tuple[str | None, Player, "PlayerEvent", "Rating | _Unlisted | None"]


@dataclass(frozen=True)
class EventLines:
    """What the period takes of one event judged and rated (:func:`judge_event`): the event as
    the period keeps it and its player lines with games in the period, no model of the event.
    Small and picklable: an event can be judged in a worker process, and the lines taken by
    :meth:`PeriodBuilder.take` in the events' order in the process that computes the period."""

    event: PeriodEvent
    lines: tuple[Line, ...]
    rows: bytes = b""  #: each line's line number in the file (0: unknown), packed (``array("i")``)

    def __reduce__(self):
        """Pickled as plain values, rebuilt by :func:`_event_lines`: unpickling a frozen
        dataclass costs several times building it from a tuple, and the process that takes a
        month's lines unpickles one a player line."""
        return _event_lines, (self.event, tuple(
            (fide_id, _PLAYER(player), (line.start_number, line.rating, line.packed, line.n, line.halves, line.pd,
                                        line.event_k),
             listed if not isinstance(listed, Rating) else _RATING(listed))
            for fide_id, player, line, listed in self.lines), self.rows)


#: What a player is without what an event gives him (points, rank, rounds, national ratings: the
#: period keeps each player's own facts, his games apart): built anew, faster than ``replace``.
_OWN_FIELDS = tuple(f.name for f in fields(Player) if f.name not in ("points", "rank", "rounds", "national_ratings"))
_OWN = attrgetter(*_OWN_FIELDS)
#: A player's and a rating's values in the order of their fields (:meth:`EventLines.__reduce__`).
_PLAYER = attrgetter(*(f.name for f in fields(Player)))
_RATING = attrgetter(*(f.name for f in fields(Rating)))


def _event_lines(event: PeriodEvent, plain: tuple, rows: bytes) -> EventLines:
    """The :class:`EventLines` of :meth:`EventLines.__reduce__`'s values (a rating shared by the
    lines that have the same)."""
    ratings: dict[tuple, Rating] = {}
    lines = []
    for fide_id, player, (number, rating, packed, n, halves, pd, k), listed in plain:
        if isinstance(listed, tuple):
            listed = ratings.get(listed) or ratings.setdefault(listed, Rating(*listed))
        lines.append((fide_id, Player(*player), PlayerEvent(0, number, rating, packed, n, halves, pd, event_k=k),
                      listed))
    return EventLines(event, tuple(lines), rows)


def judge_event(t: Tournament, month: str, rules: PeriodRules, lookup: Lookup | None = None, *,
                file_ratings: bool = False, unfinished: bool = False,
                undated: bool = False) -> tuple[EventLines | None, list[Diagnostic]]:
    """``t`` placed in the period of ``month``, judged and rated: on the ratings and K of the
    FIDE list in force at its start (or at its part's first round) when ``lookup`` is given and
    not ``file_ratings``, else on the file's ratings. None (with why) when it is not rated here.

    An event that is not finished (:func:`~trfconv.rules.progress.progress`: a round declared or
    held without all its results; for an event reported month by month, a round of the period's
    month) is left out (``PER031``), and so is an event without any date (``PER032``), unless
    ``unfinished`` (rated on the results it holds, ``PER033``) or ``undated`` (taken whole into
    the period, ``PER008``) asks for it. Such events, and those of another period, are left out
    before they are judged: only why is said (:data:`NOT_JUDGED`). With ``lookup``, a FIDE ID
    that is not in the list in force is an error (``LST001``), as ``check --list`` and ``report
    --list`` say it."""
    where = place(t, month, rules)
    out = [where.note] if where.note else []
    if not where.included:
        return None, out
    name = t.event.name or t.source.path or THE_EVENT
    if where.start is None and not undated:
        return None, [diagnostic("PER032", msg("{name}: no date (start, end or round dates): the period it belongs to "
                                               "cannot be known; left out", name=name), path=t.source.path,
                                 actions=(Action("take-undated", purpose="takes it whole into this period"),))]
    state = progress(t)  # where the event stands, read once: the judging below asks it twice
    open_rounds = _not_finished(state, where)
    if open_rounds is not None:
        if not unfinished:
            return None, [diagnostic("PER031", msg("{name} is not finished ({where}); left out", name=name,
                                                   where=open_rounds), path=t.source.path,
                                     actions=(Action("take-unfinished", purpose="rates the results it holds"),))]
        out.append(diagnostic("PER033", msg("{name} is not finished ({where}): rated on the results it holds, as asked; "
                                            "a pairing without its result is no game", name=name, where=open_rounds),
                              path=t.source.path))
    dated = t if where.start is None or where.rounds is None else \
        replace(t, event=replace(t.event, start_date=where.start))
    k: dict[str, GivenK] = {}
    listed = None
    if lookup is not None:
        kind = rating_list(dated)
        month_used = event_list(dated, lookup, kind)[0]  # its notes (LST012, LST013) are the cross-check's
        entries = event_entries(dated, lookup, month_used) if month_used is not None else {}
        out.extend(d for d in crosscheck(dated, lookup, kind, locate=dated.source.player_at, entries=entries,
                                         differences=False) if d.code not in _SUMMED_UP)
        if month_used is not None and not file_ratings:
            seen: dict[str, Rating | None] = {}
            dated, k, _ = rated_from_list(dated, lookup, kind, seen, entries)
            listed = (month_used, kind, seen)
    # 8.2.1: the period knows which event was the first. An event not finished (its month's rounds
    # complete, or rated as it holds with --unfinished) is judged on the rounds the period takes.
    verdict = validate(dated, first_event=False, after_round=_judged_after(state, where))
    out.extend(d for d in verdict.diagnostics if d.code != "VAL042")  # the period's own cut: said above
    if not verdict.rateable:
        out.append(diagnostic("PER002", msg("{name} is {decision}{note} (trfconv validate says why); left out of the "
                                            "period", name=dated.event.name or dated.source.path or THE_EVENT,
                                            decision=verdict.decision.value, note=verdict.not_modelled_note),
                              path=dated.source.path))
        return None, out
    rating = rate(dated, verdict, k=k, own_ru=False)  # a newcomer's Ru: from his games of the whole period
    out.extend(d for d in rating.diagnostics if d.code not in _SUMMED_UP)
    return _lines(dated, verdict.rating_list, rating, where, listed), out


#: Why an event is left out before it is judged (another period, too late, not finished, no
#: date): its file's own findings are not the period's (an error in it does not withhold the period).
NOT_JUDGED = frozenset({"PER003", "PER004", "PER031", "PER032"})


def _judged_after(state: Progress, where: Place) -> int | None:
    """The round an event the period rates is judged after, when it is not finished (``state``:
    where it stands): the last round of the period's month for an event reported month by month,
    else its last round with results (None: a finished event is judged whole)."""
    if state.finished:
        return None
    return max(where.rounds) if where.rounds is not None else state.standing_after or None


def _not_finished(state: Progress, where: Place) -> Message | None:
    """Where the event stands (``state``) when the period cannot rate it as finished, or None:
    the whole event (:attr:`~trfconv.rules.progress.Progress.finished`, judged on no day: the
    rounds decide), or, for an event reported month by month, the rounds of the period's month."""
    if where.rounds is None:
        return None if state.finished else state.summary()
    missing = tuple(r for r in sorted(where.rounds)
                    if r > state.rounds or state.states[r - 1] is not RoundState.COMPLETE)
    return msg("round(s) {rounds} of this period without all their results", rounds=span(missing)) if missing else None


def _lines(t: Tournament, rating_list: str, rating: EventRating, where: Place,
           listed: tuple[str, str, dict[str, Rating | None]] | None) -> EventLines:
    """The period's share of ``t`` rated (``rating``): its player lines with games in the rounds
    of the period. ``listed``: the month and kind of the list it was rated on and what that list
    gave each FIDE ID looked up (the period reads the rating before the period from it when that
    list is the previous one: no second look-up)."""
    name = t.event.name or t.source.path or "event"
    start, end, _ = _dates(t)
    event = PeriodEvent(name, t.source.path, rating_list, rating.edition.name, where.rounds, where.start,
                        t.event.start_date, t.event.end_date, (end or date.max, start or date.max, t.source.path or "",
                                                               name))
    month, kind, seen = listed or (None, None, {})
    absent = _Unlisted(month, kind)
    lines, rows = [], array("i")
    for player, result in zip(t.players, rating.players, strict=True):
        games = [g for g in result.games if where.rounds is None or g.round in where.rounds]
        if result.gets is Gets.NOTHING or not games:
            continue
        fide_id = (player.fide_id or "").lstrip("0")
        fide_id = fide_id if fide_id.isdigit() else None
        line = player_event(0, player.start_number, result.rating if result.gets is Gets.CHANGE else None, games,
                            result.k)
        known = seen.get(fide_id) if fide_id is not None else None  # what the list gave him
        if known is None and fide_id is not None and fide_id in seen:
            known = absent
        lines.append((fide_id, Player(**dict(zip(_OWN_FIELDS, _OWN(player), strict=True))), line, known))
        rows.append(t.source.player_at(player.start_number)[1] or 0)
    return EventLines(event, tuple(lines), rows.tobytes())


#: A game packed as seven whole numbers (see :func:`player_event`); -1 stands for None.
_FIELDS = 7


def _numbers(packed: bytes) -> array:
    """The whole numbers of :attr:`PlayerEvent.packed`: its first byte names the array's type
    (``h``, two bytes a number, when every number fits; else ``i``)."""
    values = array(chr(packed[0]))
    values.frombytes(packed[1:])
    return values


@dataclass(frozen=True, slots=True)
class PlayerEvent:
    """A player's games of one event of the period: ``counted`` False when they do not count
    (8.2.1, or games as an unrated player while rated in another event of the period). The games
    are kept packed (:func:`player_event`; a few bytes a game, so that a month of many events
    fits in memory), with their number, score and expected score summed once."""

    event: int  #: index in :attr:`PeriodRating.events`
    start_number: int
    rating: int | None  #: Ro in this event; None when unrated in it
    packed: bytes
    n: int
    halves: int  #: W in half points (every rated result is 1, 1/2 or 0)
    pd: int  #: the sum of PD in hundredths (a rated player's games)
    counted: bool = True
    k: int | None = None  #: the period's K, once the period has set it (a rated player's counted line)
    note: str | None = None  #: why the games do not count, or how they were rated (8.2.1, 8.2.4)
    event_k: KChoice | None = None  #: the K the event's own rating used (the period's when no list gives it)

    @property
    def change_exact(self) -> Fraction | None:
        """The period's K x (W - We)."""
        return None if self.k is None else Fraction(self.k * (50 * self.halves - self.pd), 100)

    @property
    def games(self) -> tuple[RatedGame, ...]:
        values = _numbers(self.packed)
        out = []
        for i in range(0, len(values), _FIELDS):
            opponent_rating, used, expected, halves, round_, opponent, provisional = values[i:i + _FIELDS]
            score = Fraction(halves, 2)
            out.append(rated_game(opponent_rating, used, None if expected < 0 else expected, score,
                                 None if expected < 0 else score - Fraction(expected, 100),
                                 None if round_ < 0 else round_, None if opponent < 0 else opponent,
                                 bool(provisional)))
        return tuple(out)

    @property
    def score(self) -> Fraction:
        return Fraction(self.halves, 2)

    @property
    def used_ratings(self) -> list[int]:
        """The ratings used for the opponents, game by game (an unrated player's Ru rests on them)."""
        return list(_numbers(self.packed)[1::_FIELDS])

    def moved(self, event: int) -> PlayerEvent:
        """This line with the event's index ``event`` (the events sorted; faster than ``replace``)."""
        if event == self.event:
            return self
        return PlayerEvent(event, self.start_number, self.rating, self.packed, self.n, self.halves, self.pd,
                           self.counted, self.k, self.note, self.event_k)

    @property
    def expected(self) -> Fraction | None:
        """We, the sum of PD (a rated player's games only)."""
        return None if self.rating is None else Fraction(self.pd, 100)

    @property
    def delta(self) -> Fraction | None:
        expected = self.expected
        return None if expected is None else self.score - expected


def player_event(event: int, start_number: int, rating: int | None, games: Sequence[RatedGame],
                 event_k: KChoice | None = None) -> PlayerEvent:
    """A :class:`PlayerEvent` holding ``games`` packed."""
    values: list[int] = []
    halves = pd = 0
    for g in games:
        twice, rest = divmod(2 * g.score.numerator, g.score.denominator)
        assert not rest  # a rated game scores 1, 1/2 or 0
        halves += twice
        pd += g.expected or 0
        values.extend((g.opponent_rating, g.used_rating, -1 if g.expected is None else g.expected, twice,
                       -1 if g.round is None else g.round, -1 if g.opponent is None else g.opponent,
                       int(g.provisional)))
    code = "h" if -32768 <= min(values, default=0) and max(values, default=0) <= 32767 else "i"
    return PlayerEvent(event, start_number, rating, code.encode() + array(code, values).tobytes(), len(games), halves,
                       pd, event_k=event_k)


@dataclass(frozen=True, slots=True)
class PlayerPeriod:
    """What the period gives one player: a change (``change``, from ``rating``, the rating before
    the period), an initial rating (``initial``) or nothing (``reason``)."""

    key: str  #: the FIDE ID, or ``file#start number`` for a player without one
    player: Player  #: as his first event of the period gives him
    gets: Gets
    events: tuple[PlayerEvent, ...]
    rating: int | None = None
    rating_source: str = ""
    k: KChoice | None = None
    change_exact: Fraction | None = None
    change: int | None = None
    initial: Initial | None = None
    reason: str | None = None
    earlier: tuple[KeptGame, ...] = ()  #: an unrated player's games of earlier periods, pooled (7.1.4)
    first_event: str | None = None  #: a newcomer's first event, when it is in this period (8.2.1)
    next_k: tuple[int, str] | None = None  #: K of the next list, and why (8.3.3), with a new rating
    rc: int | None = None  #: an unrated player's Rc: his rated opponents' average, rounded (Ra adds 8.2.2's pair)

    @property
    def counted(self) -> tuple[PlayerEvent, ...]:
        return tuple(e for e in self.events if e.counted)

    @property
    def n(self) -> int:
        return self.totals()[1]

    @property
    def score(self) -> Fraction:
        return Fraction(self.totals()[2], 2)

    def totals(self) -> tuple[int, int, int]:
        """The events, games and half points counted, in one pass (a month's CSV asks each
        player's three)."""
        events = n = halves = 0
        for e in self.events:
            if e.counted:
                events, n, halves = events + 1, n + e.n, halves + e.halves
        return events, n, halves

    @property
    def new_rating(self) -> int | None:
        if self.gets is Gets.CHANGE and self.rating is not None and self.change is not None:
            return self.rating + self.change
        if self.gets is Gets.INITIAL and self.initial is not None and self.initial.published:
            return self.initial.value
        return None


@dataclass(frozen=True)
class PeriodRating:
    """The rating period of the list of ``month``: the games of ``played``."""

    month: str
    rules: PeriodRules
    events: tuple[PeriodEvent, ...]
    players: tuple[PlayerPeriod, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
    kind: str = "standard"  #: the FIDE list rated: standard, rapid or blitz
    previous: str | None = None  #: the month of the list the rating before the period came from (with a list)

    @property
    def played(self) -> str:
        return shift(self.month, -1)

    @property
    def rated(self) -> tuple[PlayerPeriod, ...]:
        return tuple(p for p in self.players if p.change is not None)

    @property
    def initial(self) -> tuple[PlayerPeriod, ...]:
        return tuple(p for p in self.players if p.gets is Gets.INITIAL)

    @property
    def games(self) -> int:
        return sum(p.n for p in self.rated)


class Kept(Protocol):
    """Where unrated players' games of earlier periods are kept (the rating lists database)."""

    def kept_games(self, fide_id: int | str, kind: str, since: str, before: str) -> list[KeptGame]: ...

    def first_event(self, fide_id: int | str, kind: str, before: str) -> str | None: ...


class PeriodBuilder:
    """The period's arithmetic, aggregated as the events are judged (:func:`judge_event`): per
    player (by FIDE ID) his games of each event, packed; no event's model is kept, so that a
    month of many events is computed in memory proportional to its player lines' games."""

    def __init__(self, month: str, rules: PeriodRules):
        self.month, self.rules = month, rules
        self.events: list[PeriodEvent] = []
        #: per player his first line's model, his lines, and what the list an event of his was rated
        #: on gave him (None: not looked up): the rating before the period is read from it when that
        #: list is the previous list (no second look-up)
        self.found: dict[str, tuple[Player, list[PlayerEvent], Rating | _Unlisted | None]] = {}
        self.ratings: dict[Rating, Rating] = {}  # each list rating held once (many players share one)
        self.no_id = 0
        #: per event, its lines' start numbers and line numbers in the file (to name a line)
        self.rows: list[tuple[array, array]] = []
        #: per FIDE ID given to two different people, the two lines (event index, start number,
        #: the player) and what differs: the ID is left out of the period
        self.conflicts: dict[str, list[tuple[tuple[int, int, Player], tuple[int, int, Player], str]]] = {}

    def take(self, taken: EventLines) -> None:
        """Take the player lines of an event (:func:`judge_event`), the events in their order. A
        FIDE ID whose line names another person than its first line (:func:`differences`) is
        noted as a conflict, never merged."""
        index = len(self.events)
        event = taken.event
        self.events.append(event)
        rows = array("i")
        rows.frombytes(taken.rows)
        self.rows.append((array("i", (line.start_number for _, _, line, _ in taken.lines)), rows))
        for fide_id, player, line, listed in taken.lines:
            if fide_id is None:
                self.no_id += 1
            key = fide_id if fide_id is not None else f"{event.path or index}#{line.start_number}"
            line = PlayerEvent(index, line.start_number, line.rating, line.packed, line.n, line.halves, line.pd,
                               event_k=_shared(line.event_k))
            if isinstance(listed, Rating):
                listed = self.ratings.setdefault(listed, listed)
            if key in self.found:
                first, lines, known = self.found[key]
                lines.append(line)
                if known is None and listed is not None:
                    self.found[key] = (first, lines, listed)
                why = differences(first, player)
                if why:
                    self.conflicts.setdefault(key, []).append(
                        ((lines[0].event, lines[0].start_number, first), (index, line.start_number, player), why))
            else:  # the player as his first event gives him, without his games
                self.found[key] = (player, [line], listed)

    def _line(self, event: int, start_number: int) -> int | None:
        numbers, rows = self.rows[event]
        at = numbers.index(start_number)
        return rows[at] if at < len(rows) and rows[at] else None

    def _conflicts(self) -> list[Diagnostic]:
        """One PER030 error for each line that gives a FIDE ID to another person than its first
        line, naming both lines; the ID is left out of the period."""
        out = []
        for key, found in self.conflicts.items():
            for (a, a_number, first), (b, b_number, other), why in found:
                one, two = self.events[a], self.events[b]
                line = self._line(b, b_number)
                out.append(diagnostic(
                    "PER030", msg("FIDE ID {id} is two people: {one}, player {one_number} of {one_event} ({one_where}), "
                                  "and {other}, player {other_number} of {other_event} ({other_where}): {why}; neither "
                                  "is rated under this ID in the period (correct the wrong ID)", id=key,
                                  one=_who(first), one_number=a_number, one_event=one.name,
                                  one_where=_where(one.path, self._line(a, a_number)), other=_who(other),
                                  other_number=b_number, other_event=two.name, other_where=_where(two.path, line),
                                  why=why), path=two.path, line=line))
        return out

    def result(self, lookup: Lookup | None = None, kind: str = "standard", kept: Kept | None = None) -> PeriodRating:
        """The period over the events added: per player the games of every event, one K, the total
        rounded once, the new rating; unrated players' results pooled, with their games of
        earlier periods ``kept`` (7.1.4), a zero score in a newcomer's first event disregarded
        (8.2.1), and a player unrated at an event's start but rated since rated in it as a rated
        player (8.2.4). With ``lookup``, the rating before the period and K are those of the
        ``kind`` list in force before the period's list (the previous list). The events are kept
        in the order they started. Called once: it frees what was aggregated as it goes."""
        month, rules = self.month, self.rules
        order = sorted(range(len(self.events)),
                       key=lambda i: (self.events[i].start or date.max, self.events[i].path or "", self.events[i].name))
        moved = {old: new for new, old in enumerate(order)}
        events = [self.events[i] for i in order]
        before = shift(month, -1)
        players, listed, inferred, pooled = [], 0, 0, 0
        since = shift(month, 1 - rules.pool_months)
        used = lookup.in_force(first_day(before), kind) if lookup is not None else None
        self.ratings.clear()
        conflicts = self._conflicts()
        for key in list(self.found):  # each player's lines freed once his line of the period is made
            player, lines, known = self.found.pop(key)
            if key in self.conflicts:  # one ID, two people: left out, named (PER030), never merged
                continue
            entries = [lines[0].moved(moved[lines[0].event])] if len(lines) == 1 else \
                sorted((e.moved(moved[e.event]) for e in lines), key=attrgetter("event"))  # most play one event
            if known is not None and known.month == used and known.kind == kind:  # rated on the previous list
                base = known if isinstance(known, Rating) else None
            else:
                base = k_and_rating(lookup, key, first_day(before), kind) if lookup is not None and key.isdigit() \
                    else None
            earlier = tuple(kept.kept_games(key, kind, since, month)) if kept is not None and key.isdigit() else ()
            first: str | None = kept.first_event(key, kind, month) if kept is not None and key.isdigit() else None
            if first is None and earlier:
                first = msg("{event} (list of {month})", event=earlier[0].event, month=earlier[0].month)
            line = _player(key, player, entries, events, base, rules, month, kind, earlier, first)
            pooled += bool(line.earlier)
            listed += line.gets is Gets.CHANGE and line.rating_source.startswith(_FROM_LIST)  # of the rated: PER009
            inferred += line.k is not None and line.k.inferred
            players.append(line)
        diagnostics = conflicts + _caveats(players, listed, inferred, self.no_id, lookup is not None, before, kind,
                                           rules, pooled if kept is not None else None, since, events, used)
        return PeriodRating(month, rules, tuple(events), tuple(players), tuple(diagnostics), kind, used)


def differences(a: Player, b: Player) -> str:
    """What makes the players of two lines with one FIDE ID two people ("" when nothing does): the
    name beyond spelling, accents and word order (closer than a transliteration variant is the
    same name, as the list's cross-check reads it), the birth year, the sex or the federation,
    each compared when both lines give it."""
    found = []
    if names.closeness(a.name, b.name) < VARIANT:
        found.append(msg("the names differ ({one}, {other})", one=repr(a.name), other=repr(b.name)))
    years = [p.birth_date.year if isinstance(p.birth_date, PartialDate) else None for p in (a, b)]
    if None not in years and years[0] != years[1]:
        found.append(msg("born {one} and {other}", one=years[0], other=years[1]))
    if a.sex in ("m", "w") and b.sex in ("m", "w") and a.sex != b.sex:
        found.append(msg("sex {one} and {other}", one=a.sex, other=b.sex))
    if a.federation and b.federation and a.federation.upper() != b.federation.upper():
        found.append(msg("federation {one} and {other}", one=a.federation, other=b.federation))
    return joined(found, ", ") if found else ""


def _who(p: Player) -> str:
    facts = [p.federation, str(p.birth_date.year) if isinstance(p.birth_date, PartialDate) else None, p.sex]
    shown = ", ".join(x for x in facts if x)
    return f"{p.name!r}" + (f" ({shown})" if shown else "")


def _where(path: str | None, line: int | None) -> Message:
    """A player line's file and line, as PER030 names it."""
    file = path or msg("no file")
    return msg("{file} line {line}", file=file, line=line) if line else msg("{file}", file=file)


#: How a rated player's rating before the period names the list it comes from (its English).
_FROM_LIST = "the FIDE"
#: What names an event that has no name and no file.
THE_EVENT = msg("the event")


@dataclass(frozen=True, slots=True)
class _Unlisted:
    """A player looked up in the ``kind`` list of ``month`` and not in it."""

    month: str
    kind: str


def _shared(k: KChoice | None) -> KChoice | None:
    """``k`` with its words shared with every other player's (each event writes them anew): a
    month of many players holds each sentence once."""
    if k is None:
        return None
    return KChoice(k.k, shared(k.source), tuple(shared(a) for a in k.assumptions), k.before_cap)


def _player(key: str, player: Player, entries: list[PlayerEvent],
            events: Sequence[PeriodEvent], base: Rating | None, rules: PeriodRules, month: str, kind: str,
            earlier: tuple[KeptGame, ...] = (), known_first: str | None = None) -> PlayerPeriod:
    r = rules.rating
    rated = [e for e in entries if e.rating is not None]
    listed = base.rating if base is not None and base.rating is not None and \
        base.rating >= rules.rated_minimum else None  # 7.2.1: below it, unrated
    if not rated and (listed is None or not any(_before(events[e.event], base.month) for e in entries)):
        return _newcomer(key, player, entries, events, rules, earlier, known_first, month)
    if listed is not None:
        rating, source = listed, msg("the FIDE {kind} list of {month}", kind=kind_said(kind), month=base.month)
        since = first_day(base.month)
    else:
        last = max(rated, key=lambda e: (events[e.event].start or date.min, e.event))
        rating, source = last.rating, msg("Ro of {event}, the event that started last", event=events[last.event].name)
        since = events[last.event].start
        since = None if since is None else since.replace(day=1)
    parts = [e if e.rating is not None else _rated_since(e, events[e.event], rating, since, r) for e in entries]
    n = sum(e.n for e in parts if e.counted)
    k = games_cap(_k(base, rated[0].event_k if rated else None, rating, r, kind), n, r)
    parts = [PlayerEvent(e.event, e.start_number, e.rating, e.packed, e.n, e.halves, e.pd, True, k.k, e.note,
                         e.event_k) if e.counted else e for e in parts]
    total = Fraction(sum(k.k * (50 * e.halves - e.pd) for e in parts if e.counted), 100)
    change = rounder(r.change_rounding)(total)
    following = next_k(r, rating=rating + change, k=k.before_cap or k.k, games=n,
                       born=birth_year(player.birth_date), year=int(month[:4]))
    return PlayerPeriod(key, player, Gets.CHANGE, tuple(parts), rating, shared(source), k, total, change,
                        next_k=(following[0], shared(following[1])))


def _before(event: PeriodEvent, month: str) -> bool:
    """Whether ``event`` started before the list of ``month`` was published (8.2.4)."""
    return event.start is not None and event.start < first_day(month)


def _rated_since(part: PlayerEvent, event: PeriodEvent, rating: int, since: date | None,
                 r: RatingRules) -> PlayerEvent:
    """8.2.4: "If an unrated player receives a published rating before a particular tournament in
    which they have played is rated, then they are rated as a rated player with their current
    rating, but in the rating of their opponents they are counted as an unrated player." The
    event's games are rated with ``rating`` (published since the event started: on the list of
    ``since``); the opponents' games against him were judged with him unrated, so they do not
    count for them (8.3.1). When the event did not start before ``since`` (the files disagree),
    his unrated games are not counted."""
    if since is None or event.start is None or event.start >= since:
        return replace(part, counted=False, note=msg("rated in another event of the period"))
    games = [rate_game(rating, g.opponent_rating, g.score, r, event.start, round=g.round, opponent_number=g.opponent)
             for g in part.games]
    return replace(player_event(part.event, part.start_number, rating, games),
                   note=msg("unrated at its start, rated since: rated with the current rating {rating}, as unrated for "
                            "the opponents (8.2.4)", rating=rating))


def _newcomer(key: str, player: Player, parts: list[PlayerEvent], events: Sequence[PeriodEvent],
              rules: PeriodRules, earlier: tuple[KeptGame, ...], known_first: str | None,
              month: str) -> PlayerPeriod:
    """An unrated player's results pooled into Ru (8.2.2-8.2.3, 7.1.4), his first event's score
    disregarded when below the minimum (8.2.1: "If an unrated player scores zero in their first
    event, this score is disregarded"): the first event is the earliest by end date, then start
    date, unless ``known_first`` (an event of an earlier period the database remembers) came
    before. Only that one event: a zero in any later event counts."""
    r, first_here = rules.rating, None
    if known_first is None:
        first = parts[0] if len(parts) == 1 else min(parts, key=lambda e: events[e.event].order)
        first_here = events[first.event].name
        least = rules.first_min_score
        if first.halves * least.denominator < 2 * least.numerator:  # his score (halves / 2) below it, in integers
            note = shared(msg("a score of {score} in the first event is disregarded ({article})",
                              score=str(first.score), article=rules.first_article))
            parts = [replace(e, counted=False, note=note) if e is first else e for e in parts]
    counted = [e for e in parts if e.counted]
    if not counted and not earlier:
        return PlayerPeriod(key, player, Gets.NOTHING, tuple(parts), reason=parts[0].note, first_event=first_here)
    opponents = [g.opponent_rating for g in earlier] + [rating for e in counted for rating in e.used_ratings]
    score = Fraction(sum(e.halves for e in counted), 2)
    if earlier:
        score += exact_sum(g.score for g in earlier)
    initial = initial_rating(opponents, score, r)
    rc = half_up_ratio(sum(opponents), len(opponents)) if opponents else None
    following = next_k(r, rating=initial.value, k=None, games=initial.games, born=birth_year(player.birth_date),
                       year=int(month[:4]), first=True) if initial.published else None
    return PlayerPeriod(key, player, Gets.INITIAL, tuple(parts), initial=initial, earlier=earlier,
                        first_event=first_here, next_k=following, rc=rc)


def _k(base: Rating | None, used: KChoice | None, rating: int, r: RatingRules, kind: str) -> KChoice:
    """K for the period: the previous list's, else the K ``used`` in the player's first event
    (before that event's own K x n cap), else (8.2.4: rated since his events) the rules' K for
    ``rating``."""
    if base is not None and base.k is not None:
        return KChoice(base.k, shared(msg("the FIDE {kind} list of {month}", kind=kind_said(kind),
                                          month=base.month)))
    if used is None:
        return infer_k(rating, r)
    return KChoice(used.before_cap or used.k, used.source, used.assumptions)


def _caveats(players: list[PlayerPeriod], listed: int, inferred: int, no_id: int, with_list: bool, before: str,
             kind: str, rules: PeriodRules, pooled: int | None, since: str,
             events: Sequence[PeriodEvent], used: str | None = None) -> list[Diagnostic]:
    out, r = [], rules.rating
    rated = sum(1 for p in players if p.gets is Gets.CHANGE)
    if rated and with_list:
        said_kind = kind_said(kind)
        if not used:
            where = msg("no FIDE {kind} list (none held on {month})", kind=said_kind, month=before)
        elif used == before:
            where = msg("the FIDE {kind} list of {month}", kind=said_kind, month=used)
        else:
            where = msg("the FIDE {kind} list of {month} (the list of {before} is not held)", kind=said_kind,
                        month=used, before=before)
        out.append(diagnostic(
            "PER009", msg("rating before the period and K: from {where} for {listed} of {rated} rated player(s); the "
                          "others start from the Ro of the event they started last, with the K that event used",
                          where=where, listed=listed, rated=rated)))
    elif rated:
        out.append(diagnostic(
            "PER009", msg("rating before the period and K: no list given, so each rated player starts from the Ro of "
                          "the event he started last, with the K that event used"), actions=(Action("give-list"),)))
    if inferred:
        assumed = msg("K inferred from the {edition} rules for {count} player(s): their earlier rated games and "
                      "highest rating are unknown, so at least {games} games are assumed, and {top} reached only by "
                      "those rated {top} or more", edition=r.edition, count=inferred, games=r.k_new_games,
                      top=r.k_top_rating)
        out.append(diagnostic(
            "PER012", msg("{assumed}; the list held gives no K for them", assumed=assumed) if with_list else
            msg("{assumed}; give the list for the list's K", assumed=assumed),
            actions=() if with_list else (Action("give-list"),)))
    if no_id:
        out.append(diagnostic(
            "PER011", msg("{count} player line(s) without a FIDE ID: their results cannot be joined across events and "
                          "are counted event by event", count=no_id)))
    if any(p.gets is Gets.INITIAL for p in players):
        out.append(diagnostic(
            "PER013", msg("unrated players: the games of earlier periods kept in the database (the lists of {since} "
                          "on, {pool}, 7.1.4) pooled with this period's for {pooled} player(s); games of periods "
                          "computed without keeping them are not known", since=since, pool=r.initial.pool,
                          pooled=pooled) if pooled is not None else
            msg("unrated players: only this period's results are pooled into Ru; their earlier unrated results "
                "({pool}, 7.1.4) are pooled only from the database", pool=r.initial.pool),
            actions=(Action("keep-unrated"),)))
    dropped: dict[str, int] = {}
    for p in players:
        for e in p.events if p.gets is not Gets.CHANGE else ():  # a rated player's unrated lines: 8.2.4
            if not e.counted:
                dropped[events[e.event].name] = dropped.get(events[e.event].name, 0) + 1
    if dropped:
        counts = joined([msg("{count} player(s) in {event}", count=n, event=name) for name, n in dropped.items()],
                        SEMICOLON)
        out.append(diagnostic(
            "PER019", msg("a zero score in a newcomer's first event is disregarded ({article}): {counts}; the first "
                          "event is the earliest the database knows, else the earliest of this period",
                          article=rules.first_article, counts=counts) if pooled is not None else
            msg("a zero score in a newcomer's first event is disregarded ({article}): {counts}; each newcomer's "
                "earliest event of this period is taken as his first: earlier events are known only from the "
                "database", article=rules.first_article, counts=counts),
            actions=() if pooled is not None else (Action("keep-unrated"),)))
    since_rated = [e for p in players for e in p.events if e.rating is not None and e.note]
    if since_rated:
        named = list(dict.fromkeys(events[e.event].name for e in since_rated))
        names = (msg("{names} and {more} more", names=named[:10], more=len(named) - 10) if len(named) > 10
                 else ", ".join(named))
        out.append(diagnostic(
            "PER020", msg("{count} player line(s) unrated at their event's start but rated since are rated as rated "
                          "players with their current rating, and as unrated for their opponents (8.2.4): {names}",
                          count=len(since_rated), names=names)))
    return out


def kept(period: PeriodRating) -> dict[int, list[KeptGame]]:
    """What the rating lists database keeps after ``period`` (:meth:`Store.keep_games`): the
    games of this period of each player with a FIDE ID still unrated after it (his Ru not
    published). A player rated now keeps what earlier periods kept, so that computing this
    period again gives the same result; later periods see him rated."""
    return {int(p.key): [KeptGame(period.month, period.events[e.event].name, g.used_rating, g.score)
                         for e in p.counted for g in e.games]
            for p in period.players
            if p.gets is Gets.INITIAL and p.key.isdigit() and not (p.initial is not None and p.initial.published)}


def first_events(period: PeriodRating) -> dict[int, str]:
    """The newcomers (by FIDE ID) whose first event is in ``period``, and its name: what the
    database remembers (:meth:`Store.keep_games`) so that a later period does not take another
    event for the first, even when this one was disregarded (8.2.1) and nothing was kept."""
    return {int(p.key): p.first_event for p in period.players if p.first_event is not None and p.key.isdigit()}
