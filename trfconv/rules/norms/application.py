"""The title application (IT2) over several events, as the QC checks it: norms covering at least
27 credited games (1.5.1), one norm meeting the federation rules without an exemption (1.4.3e),
for GM/WGM one norm from an event of one round a day on 3 days (1.1.3a), one norm from a mandatory
event type when a norm is dated after 30 June 2022 (1.5.6), the 9-round rule used at most once
(1.4.1c), the rating reached at some time (1.5.3, from the lists database where it holds the
history) and each event rateable (B.02: trfconv's verdict; whether FIDE has rated it is FIDE's)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ...actions import voice
from ...messages import SEMICOLON, joined, msg, plural
from ...model import Tournament
from ..editions import edition_for
from ..rateability import validate
from ..rateability.schedule import round_days
from ..rateability.shape import shape_of
from .conditions import presence
from .evaluate import Requirement, TitleNorm
from .people import GIVE_LIST, Person


@dataclass(frozen=True)
class EventEntry:
    """One event of the application: the file, the player's start number there (None: not in it),
    the norm result for the title, whether the event is rateable, and its round facts."""

    file: str
    tournament: Tournament
    start_number: int | None
    person: Person | None
    norm: TitleNorm | None
    exempt: bool
    rateable: bool
    one_round_days: int
    participants_min: int  #: the fewest participants of any round (1.5.6)
    average_all: int | None  #: the lowest round average of all rated participants (1.5.6, reading 1)
    average_top: int | None  #: the lowest round average of the 40 highest rated (1.5.6, reading 2)

    @property
    def end(self) -> date | None:
        e = self.tournament.event
        last = e.end_date if isinstance(e.end_date, date) else None
        return last or max((d for d in e.round_dates if isinstance(d, date)), default=None)

    @property
    def swiss(self) -> bool:
        shape = shape_of(self.tournament)
        return not (shape.team or shape.round_robin or shape.match)


@dataclass(frozen=True)
class Application:
    """The application of FIDE id ``fide_id`` for ``title``: each event, and each check."""

    fide_id: str
    title: str
    events: tuple[EventEntry, ...]
    checks: tuple[Requirement, ...]
    rating: tuple[int, str] | None  #: the highest standard rating in the lists held, and its month

    @property
    def norms(self) -> tuple[EventEntry, ...]:
        return tuple(x for x in self.events if x.norm is not None and x.norm.achieved)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


def one_round_days(t: Tournament) -> int:
    """Days on which exactly one round was played (TRF 132 round dates)."""
    return sum(1 for rounds in round_days(t).values() if len(rounds) == 1)


def application_rules(last: date | None) -> dict:
    """The application's numbers (``[norms.application]``) of the edition in force at ``last``."""
    return edition_for("b01", last).data()["norms"]["application"]


def check(fide_id: str, title: str, events: list[EventEntry], rating: tuple[int, str] | None,
          exemption: str | None) -> Application:
    """Every IT2 check on the events given (see the module docstring)."""
    data = application_rules(max((x.end for x in events if x.end), default=None))
    made = [x for x in events if x.norm is not None and x.norm.achieved]
    checks = []
    credited = sum(x.norm.credited_games for x in made)
    checks.append(Requirement("1.5.1", msg("norms covering at least {games} credited games", games=data["games"]),
                              plural("{credited} in {n} norm(s)", "{credited} in {n} norm(s)", n=len(made),
                                     credited=credited), credited >= data["games"]))
    normal = [x for x in made if not x.exempt]
    checks.append(Requirement("1.4.3e", msg("one norm meets 1.4.3/1.4.4 without an exemption"),
                              plural("{n} norm(s)", "{n} norm(s)", n=len(normal)) if exemption is None
                              else msg("none: {exemption} declared", exemption=exemption), bool(normal)))
    if title in data["one_round_titles"]:
        days = [x for x in made if x.one_round_days >= data["one_round_days"]]
        checks.append(Requirement("1.1.3a", msg("one norm from an event of one round a day on at least {days} days",
                                                days=data["one_round_days"]),
                                  ", ".join(x.file for x in days) or NONE, bool(days)))
    late = [x for x in made if x.end and x.end > data["mandatory_after"]]
    if late:
        need, avg = data["mandatory_participants"], data["mandatory_average"]
        both = [x for x in made if x.swiss and x.participants_min >= need
                and (x.average_all or 0) >= avg and (x.average_top or 0) >= avg]
        either = [x for x in made if x.swiss and x.participants_min >= need
                  and max(x.average_all or 0, x.average_top or 0) >= avg]
        swiss = [msg("{file}: {least} a round at least, average {all} (all rated) / {top} (top {need})", file=x.file,
                     least=x.participants_min, all=str(x.average_all), top=str(x.average_top), need=need)
                 for x in made if x.swiss]
        checks.append(Requirement(
            "1.5.6", msg("a norm dated after {after}: one from an individual Swiss of at least {need} participants "
                         "every round averaging at least {average}, both readings (other mandatory events are not "
                         "known from the files)", after=data["mandatory_after"], need=need, average=avg),
            msg("{shown}; both readings: {both}, one: {either}",
                shown=joined(swiss, SEMICOLON) if swiss else msg("no individual Swiss"), both=len(both),
                either=len(either)), bool(both)))
    nine = [x for x in made if x.norm.route == "1.4.1c"]
    checks.append(Requirement("1.4.1c", msg("the 9-round rule used at most once"), str(len(nine)), len(nine) <= 1))
    threshold = data["rating"][title]
    checks.append(Requirement("1.5.3", msg("a standard rating of at least {rating} at some time", rating=threshold),
                              msg("not checked: no rating list held{how}", how=voice().hints([GIVE_LIST]))
                              if rating is None else
                              msg("{rating} (list of {month})", rating=rating[0], month=rating[1]),
                              rating is not None and rating[0] >= threshold))
    rateable = [x for x in events if x.rateable]
    checks.append(Requirement("B.02", msg("each event rateable (trfconv's verdict; FIDE must have rated it: QC 2023)"),
                              msg("{n} of {total}", n=len(rateable), total=len(events)), len(rateable) == len(events)))
    return Application(fide_id, title, tuple(events), tuple(checks), rating)


def entry(file: str, t: Tournament, start_number: int | None, person: Person | None, norm: TitleNorm | None,
          exempt: bool, known: dict[int, Person], top: int) -> EventEntry:
    """One event's facts for the application (1.5.6: the fewest participants of a round, the lowest
    round averages read both ways)."""
    rounds = presence(t, known, top)
    low_all = min((r.average_all for r in rounds if r.average_all is not None), default=None)
    low_top = min((r.average_top for r in rounds if r.average_top is not None), default=None)
    return EventEntry(file, t, start_number, person, norm, exempt, validate(t).rateable, one_round_days(t),
                      min((r.participants for r in rounds), default=0), low_all, low_top)


NONE = msg("none")
