"""What the event itself must be for a norm (the same for every player): 1.1 (rounds and hours of
play a day, the rate of play, the Chief Arbiter's title), and the per-round tables of 1.4.3d (the
foreign-heavy Swiss exemption) and 1.5.6 (the mandatory event type of an application)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...messages import joined, msg
from ...model import Bye, ByeKind, Forfeit, Game, Tournament
from ...numbers import short_text
from ..rateability.schedule import round_days
from .evaluate import Requirement
from .people import Person


@dataclass(frozen=True)
class ForeignRound:
    """1.4.3d in one round: the players counted (rated, not of the host federation, at most one
    round missed, present this round), their federations, and how many hold GM/IM/WGM/WIM."""

    round: int
    counted: tuple[int, ...]
    federations: int
    titled: int
    ok: bool


@dataclass(frozen=True)
class PresenceRound:
    """1.5.6 in one round: participants, and the average rating of every rated participant and of
    the highest rated (halves up)."""

    round: int
    participants: int
    average_all: int | None
    average_top: int | None


@dataclass(frozen=True)
class Conditions:
    requirements: tuple[Requirement, ...]
    foreign: tuple[ForeignRound, ...]  #: empty when the event is not a Swiss
    presence: tuple[PresenceRound, ...]

    @property
    def foreign_ok(self) -> bool:
        return bool(self.foreign) and all(r.ok for r in self.foreign)


def present(entry) -> bool:
    """In the round: a game, a forfeit or a pairing-allocated bye (not a requested bye, not absent)."""
    return isinstance(entry, (Game, Forfeit)) or (isinstance(entry, Bye) and entry.kind is ByeKind.PAB)


def attendance(t: Tournament) -> tuple[tuple[int, ...], ...]:
    """The start numbers present (:func:`present`) in each round, round 1 first."""
    here: list[list[int]] = [[] for _ in range(t.rounds)]
    for p in t.players:  # one pass over each player's rounds, start numbers in the players' order
        for numbers, entry in zip(here, p.rounds, strict=False):  # a player's entries may stop early
            if present(entry):
                numbers.append(p.start_number)
    return tuple(tuple(x) for x in here)


def presence(t: Tournament, people: dict[int, Person], top: int,
             here: tuple[tuple[int, ...], ...] | None = None) -> tuple[PresenceRound, ...]:
    """1.5.6 per round (see :class:`PresenceRound`); ``here``: :func:`attendance`, when known."""
    out = []
    for r, present_ in enumerate(here if here is not None else attendance(t), start=1):
        rated = sorted((people[n].rating for n in present_ if people[n].rating is not None), reverse=True)
        best = rated[:top]
        out.append(PresenceRound(r, len(present_), (2 * sum(rated) + len(rated)) // (2 * len(rated)) if rated else None,
                                 (2 * sum(best) + len(best)) // (2 * len(best)) if best else None))
    return tuple(out)


def foreign_swiss(people: dict[int, Person], data: dict, host: str | None,
                  here: tuple[tuple[int, ...], ...]) -> tuple[ForeignRound, ...]:
    """1.4.3d per round (see :class:`ForeignRound`); ``here``: :func:`attendance`."""
    titles = frozenset(data["titles"])
    rounds = len(here)
    seen: dict[int, int] = {}
    for present_ in here:
        for n in present_:
            seen[n] = seen.get(n, 0) + 1
    eligible = {n for n, x in people.items() if x.rating is not None and x.federation not in (None, host)
                and rounds - seen.get(n, 0) <= data["missed_max"]}
    out = []
    for r, present_ in enumerate(here, start=1):
        counted = tuple(n for n in present_ if n in eligible)
        feds = len({people[n].federation for n in counted})
        titled = sum(1 for n in counted if not people[n].titles.isdisjoint(titles))
        out.append(ForeignRound(r, counted, feds, titled, len(counted) >= data["players"]
                                and feds >= data["federations"] and titled >= data["titled"]))
    return tuple(out)


def conditions(t: Tournament, people: dict[int, Person], data: dict, *, swiss: bool, minutes: Fraction | None,
               arbiter_titles: tuple[str, ...] | None, arbiter_ids: tuple[str, ...], top: int) -> Conditions:
    """The event's conditions under the edition's ``[norms]`` data: ``minutes`` per player for 60
    moves (None: the rate of play is not known); ``arbiter_titles``: the Chief Arbiter's titles
    (from the list's OTit column, or the 102 record; None: not known); ``arbiter_ids``: the FIDE
    IDs of the 102/112 records (:func:`trfconv.rules.arbiters.arbiters`)."""
    event = data["event"]
    days = round_days(t)
    most = max((len(r) for r in days.values()), default=None)
    reqs = [Requirement("1.1", msg("registered with FIDE at least {days} days before the start",
                                   days=event["registration_days"]), msg("not in the file"), False, known=False),
            Requirement("1.1", msg("at most {most} rounds a day", most=event["max_rounds_per_day"]),
                        msg("no round dates") if most is None else str(most),
                        most is not None and most <= event["max_rounds_per_day"], known=most is not None)]
    least = msg("at least {minutes} minutes per player for 60 moves", minutes=event["minimum_minutes"])
    if minutes is None:
        reqs.append(Requirement("1.1", least, msg("rate of play not known"), False, known=False))
    else:
        reqs.append(Requirement("1.1", least, short_text(minutes), minutes >= event["minimum_minutes"]))
        reqs.append(Requirement("1.1", msg("the same rate of play for every game"),
                                msg("the file gives one for the whole event"), False, known=False))
        if most is not None:
            hours = Fraction(2 * most) * minutes / 60
            reqs.append(Requirement("1.1", msg("at most {hours} hours of play a day (60 moves)",
                                               hours=event["max_hours_per_day"]),
                                    short_text(hours), hours <= event["max_hours_per_day"]))
    wanted = event["chief_arbiter_titles"]
    reqs.append(Requirement("1.1", msg("the Chief Arbiter holds {titles}", titles=joined(wanted, OR)),
                            msg("not known") if arbiter_titles is None else ", ".join(arbiter_titles) or msg("none"),
                            arbiter_titles is not None and any(x in wanted for x in arbiter_titles),
                            known=arbiter_titles is not None))
    ids = arbiter_ids
    playing = sorted(p.start_number for p in t.players if p.fide_id and p.fide_id in ids)
    reqs.append(Requirement("1.1", msg("no appointed arbiter plays (FIDE ids of the 102/112 records)"),
                            msg("no arbiter named with a FIDE id") if not ids else
                            ", ".join(f"#{n}" for n in playing) or msg("none of {n}", n=len(ids)),
                            bool(ids) and not playing, known=bool(ids)))
    here = attendance(t)
    foreign = foreign_swiss(people, data["foreign_swiss"], (t.event.federation or "").strip().upper() or None,
                            here) if swiss else ()
    return Conditions(tuple(reqs), foreign, presence(t, people, top, here))


#: Between the titles one of which the Chief Arbiter must hold.
OR = msg(" or ")
