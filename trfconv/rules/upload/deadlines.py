"""By when an event must reach FIDE's rating server (B.02 9.1, 7.1.3, 4), as data of the B.02
edition in force on the day asked about (``[upload]`` and ``[rating.period]`` of its TOML).

- 9.1: the report is uploaded "in time for the tournament to be rated in the monthly list in
  which the tournament is registered or, if there are five days or less from the last day of the
  tournament to the end of the month, for the following list". The file does not say in which
  list the event was registered; it is taken as the list after the month of the end (the list
  whose period holds the end, as :mod:`..rating.period` rates it), or the following one.
- 7.1.3: the closing date of a list is 3 days before its date; an event ending later is not on it.
- 9.1: "If the tournament report is not submitted in time to be included in the third rating list
  after it ends, the tournament will not be rated": the third list dated after the end (as the
  rating period's PER004).
- 4: an event longer than 30 days reports month by month: the rounds of each month go to the list
  after that month, each part with its own deadlines.

"Upload by" is the day before the list's date: FIDE's server closes uploads for a list at a time
it does not publish, so a rating officer should not wait for that day.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

from ...diagnostics import Diagnostic, diagnostic
from ...messages import SEMICOLON, Message, joined, msg
from ...model import Tournament
from ..editions import Edition, editions
from ..rating.period import first_day, month_of, shift


@dataclass(frozen=True)
class DeadlineRules:
    """The numbers, with their articles, of the B.02 edition in force on the day asked about."""

    edition: Edition
    grace_days: int  #: 9.1: five days or less to the month's end: the following list
    closing_days: int  #: 7.1.3: the closing date is this many days before the list date
    lists_after_end: int  #: 9.1: not rated after the third list after the end
    monthly_after_days: int  #: 4: longer events report month by month
    articles: dict


def deadline_rules(today: date) -> DeadlineRules:
    """The rules of the latest B.02 edition with deadline data in force on ``today`` (the oldest
    such edition for an earlier day)."""
    known = [e for e in editions("b02") if "upload" in e.data()]
    chosen = ([e for e in known if e.effective <= today] or known)[-1]
    data, period = chosen.data()["upload"], chosen.data()["rating"]["period"]
    return DeadlineRules(chosen, data["registration_grace_days"], data["closing_days"],
                         period["lists_after_end"], period["monthly_after_days"], data["articles"])


@dataclass(frozen=True)
class Part:
    """An event, or the part of one played in a month (over 30 days): its last day, the list it
    goes to, that list's closing date, and the last list it can still reach."""

    rounds: tuple[int, ...] | None  #: None: the whole event
    ended: date
    target: str  #: YYYY-MM of the list of registration
    closing: date
    last: str  #: YYYY-MM of the third list after the end

    @property
    def upload_by(self) -> date:
        """The last day to upload for the list of registration."""
        return first_day(self.target) - timedelta(days=1)

    @property
    def last_day(self) -> date:
        """The last day to upload at all (the day before the third list after the end)."""
        return first_day(self.last) - timedelta(days=1)

    def state(self, today: date) -> str:
        """``in time``, ``late`` (the list of registration missed, a later one reachable) or ``too late``."""
        if today <= self.upload_by:
            return "in time"
        return "late" if today <= self.last_day else "too late"


def part_for(ended: date, rules: DeadlineRules, rounds: tuple[int, ...] | None = None) -> Part:
    """The deadlines of an event (or part) ending on ``ended``."""
    month_end = date(ended.year, ended.month, calendar.monthrange(ended.year, ended.month)[1])
    target = shift(month_of(ended), 2 if (month_end - ended).days <= rules.grace_days else 1)
    return Part(rounds, ended, target, first_day(target) - timedelta(days=rules.closing_days),
                shift(month_of(ended), rules.lists_after_end))


@dataclass(frozen=True)
class Deadlines:
    parts: tuple[Part, ...]
    today: date
    diagnostics: tuple[Diagnostic, ...]

    @property
    def too_late(self) -> bool:
        return any(p.state(self.today) == "too late" for p in self.parts)

    @property
    def upload_by(self) -> date | None:
        """The earliest day by which a part still to be rated must be uploaded: its list of
        registration's, else its last list's (None: nothing can be rated any more)."""
        return min((day for day, _ in self._pending()), default=None)

    def _pending(self) -> list[tuple[date, Part]]:
        return [(p.upload_by if p.state(self.today) == "in time" else p.last_day, p)
                for p in self.parts if p.state(self.today) != "too late"]

    def advice(self) -> Message:
        """By when to upload, in words, for the summary line."""
        if not self.parts:
            return msg("no date to upload by (the end date is unknown)")
        pending = self._pending()
        if not pending:
            return msg("too late: the third list after its end is past, it will not be rated (B.02 9.1)")
        day, p = min(pending, key=lambda x: x[0])
        if p.state(self.today) == "in time":
            when = msg("upload by {day} for the list of {month}", day=day, month=p.target)
        else:
            when = msg("upload by {day} at the latest (the list of {month} is missed; {last} is the last it can reach)",
                       day=day, month=p.target, last=p.last)
        return msg("part of it is too late (B.02 9.1); {when}", when=when) if self.too_late else when


def deadlines(t: Tournament, today: date) -> Deadlines:
    """The parts of ``t`` and their deadlines against ``today`` (UPL030-UPL034)."""
    rules = deadline_rules(today)
    a = rules.articles
    path = t.source.path
    start = t.event.start_date if isinstance(t.event.start_date, date) else None
    rounds = [d if isinstance(d, date) else None for d in t.event.round_dates]
    end = t.event.end_date if isinstance(t.event.end_date, date) else max((d for d in rounds if d), default=None)
    if end is None:
        return Deadlines((), today, (diagnostic("UPL034", msg("the event's end date (052) is unknown: the list it goes "
                                                             "to and its deadlines ({article}) cannot be computed",
                                                             article=a['registration']),
                                                path=path, line=t.source.record_at("052")[1]),))
    out: list[Diagnostic] = []
    parts = [part_for(end, rules)]
    days = (end - start).days + 1 if start else None
    if days is not None and days > rules.monthly_after_days:
        if rounds and None not in rounds:
            months = sorted({month_of(d) for d in rounds})
            parts = [part_for(max(d for d in rounds if month_of(d) == m), rules,
                              tuple(r for r, d in enumerate(rounds, 1) if month_of(d) == m)) for m in months]
            said = joined([msg("round(s) {rounds} to the list of {month}", rounds=_span(p.rounds), month=p.target)
                           for p in parts if p.rounds is not None], SEMICOLON)
            out.append(diagnostic("UPL033", msg("the event lasted {days} days (more than {most}): reported month by "
                                                "month (article {article}): {said}", days=days,
                                                most=rules.monthly_after_days, article=a['monthly'], said=said),
                                  path=path))
        else:
            out.append(diagnostic("UPL033", msg("the event lasted {days} days (more than {most}: reported month by month, "
                                                "article {article}) but its round dates are not all known: taken whole "
                                                "by its end date", days=days, most=rules.monthly_after_days,
                                                article=a['monthly']), path=path))
    for p in parts:
        goes = (msg("the event, ending {ended}, goes to the list of {month}", ended=p.ended, month=p.target)
                if p.rounds is None else
                msg("round(s) {rounds}, the last on {ended}, go to the list of {month}", rounds=_span(p.rounds),
                    ended=p.ended, month=p.target))
        facts = msg("{goes} ({registration}, by its end date: a file does not record its registration; closing date "
                    "{closing}, {closing_article}): upload by {upload_by}; the last list it can reach is {last} (the "
                    "third after its end, {last_article}): upload by {last_day} at the latest", goes=goes,
                    registration=a['registration'], closing=p.closing, closing_article=a['closing'],
                    upload_by=p.upload_by, last=p.last, last_article=a['last_list'], last_day=p.last_day)
        state = p.state(today)
        if state == "in time":
            out.append(diagnostic("UPL030", facts, path=path))
        elif state == "late":
            out.append(diagnostic("UPL031", msg("on {today} the list of {month} is missed: {facts}", today=today,
                                                month=p.target, facts=facts), path=path))
        else:
            out.append(diagnostic("UPL032", msg("on {today} it is too late: {facts}; not rated", today=today,
                                                facts=facts), path=path))
    return Deadlines(tuple(parts), today, tuple(out))


def _span(rounds: tuple[int, ...]) -> str:
    """``1-4`` for consecutive rounds, else ``1, 3, 5``."""
    if rounds == tuple(range(rounds[0], rounds[-1] + 1)) and len(rounds) > 1:
        return f"{rounds[0]}-{rounds[-1]}"
    return ", ".join(map(str, rounds))
