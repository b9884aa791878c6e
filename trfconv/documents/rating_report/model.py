"""What the rating report shows: the event's facts, the rateability verdict and the rating
arithmetic the rules computed (:class:`~trfconv.rules.rating.event.EventRating`). Nothing here
computes a rating number; the writers (:mod:`.text`, :mod:`.csv`, :mod:`.json`, :mod:`.html`)
only format them, FIDE's printed forms (two decimals, halves up) with :func:`fixed`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property

from ...diagnostics import Diagnostic
from ...messages import ENGLISH, Language, msg
from ...model import Player, Tournament
from ...rules.rateability.rules import RATING_LISTS
from ...rules.rateability.verdict import Verdict
from ...rules.rating.event import EventRating, PlayerRating
from ...rules.rating.rounding import half_up
from ..basis import Basis
from ..event import FACTS, dates, place


def fixed(value: Fraction | int, places: int = 2) -> str:
    """``value`` with exactly ``places`` decimals, halves up (``Fraction(13107, 7)`` ->
    ``"1872.43"``), as FIDE prints its calculations."""
    scaled = half_up(value, 10**places)
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}" + (f".{frac:0{places}d}" if places else "")


def signed(value: Fraction | int, places: int = 2) -> str:
    """Like :func:`fixed`, with a ``+`` on positive values."""
    text = fixed(value, places)
    return text if text.startswith("-") or value == 0 else "+" + text


@cache
def hundredths(value: int) -> str:
    """A whole number of hundredths (a PD of table 8.1.2) as FIDE prints it: 64 -> ``0.64``."""
    return fixed(Fraction(value, 100))


@dataclass(frozen=True)
class Line:
    """One player's row: who he is (from the file) and what the event gives him (from the rules)."""

    player: Player
    result: PlayerRating


@dataclass(frozen=True)
class RatingReport:
    """The whole report of one event under one edition, and what it rests on."""

    basis: Basis
    tournament: Tournament
    verdict: Verdict
    rating: EventRating
    #: Every player's games (the document filed); False: the summary a terminal shows, with the
    #: players' totals only for a small event (:mod:`.text`).
    details: bool = True

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return self.rating.diagnostics

    @cached_property
    def lines(self) -> list[Line]:
        return [Line(p, r) for p, r in zip(self.tournament.players, self.rating.players, strict=True)]

    @property
    def rated(self) -> list[Line]:
        return [line for line in self.lines if line.result.change is not None]

    @property
    def unrated(self) -> list[Line]:
        return [line for line in self.lines if line.result.initial is not None]

    @property
    def without_game(self) -> list[Line]:
        return [line for line in self.lines if line.result.change is None and line.result.initial is None]

    def name_of(self, start_number: int) -> str:
        player = self.tournament.player(start_number)
        return player.name if player else f"#{start_number}"

    def facts(self, lang: Language = ENGLISH) -> list[tuple[str, object]]:
        """What FIDE's tournament report heads with: the event, place, dates, chief arbiter, rate
        of play, players and rated players, rounds and the rules edition; in ``lang``."""
        t, v = self.tournament, self.verdict
        e, say = t.event, lang.say
        name, place, dates, rounds = self.event_line(lang)
        rate = e.time_control_text or (None if v.minutes is None else "")
        if v.minutes is not None:
            written = f"{rate}; " if rate else ""
            rate = say(msg("{written}{minutes} min per player for 60 moves ({list})", written=written, minutes=v.minutes,
                           list=RATING_LISTS.get(v.rating_list, v.rating_list)))
        rated = sum(1 for p in v.players if p.rating is not None)
        return [(say(FACTS[0]), name), (say(FACTS[1]), place), (say(FACTS[2]), dates),
                (say(FACTS[3]), e.chief_arbiter), (say(FACTS[4]), rate),
                (say(FACTS[5]), say(msg("{players}, of whom {rated} rated", players=len(t.players), rated=rated))),
                (say(FACTS[6]), rounds),
                (say(FACTS[7]), say(msg("{edition}: {title}", edition=v.edition.name, title=v.edition.title))),
                (say(FACTS[8]), say(v.event_kind))]

    def event_line(self, lang: Language = ENGLISH) -> tuple[str, str, str, int]:
        """The event's name, place, dates and rounds as the header prints them (dates in ``lang``:
        ISO in English, ``du 1er mars 2026 au 9 mars 2026`` in French)."""
        e = self.tournament.event
        return e.name or "", place(e), dates(e.start_date, e.end_date, lang), self.tournament.rounds
