"""What the period documents show: the period the rules computed
(:class:`~trfconv.rules.rating.period.PeriodRating`) and what it rests on. Nothing here computes
a rating number; the writers only format them (two decimals, halves up, as FIDE prints them)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from operator import attrgetter

from ...diagnostics import Diagnostic
from ...list_entry import ListEntry
from ...messages import ENGLISH, Language, Message, joined, msg, plural
from ...numbers import short_text
from ...rules.rateability.verdict import Gets
from ...rules.rating.period import PeriodEvent, PeriodRating, PlayerEvent, PlayerPeriod
from ..basis import Basis
from ..event import dates
from ..rating_report.model import fixed, signed

__all__ = ["PeriodReport", "fixed", "signed"]

#: What says that an input is not in the period: not rateable, another period, too late, not a
#: tournament file, a copy, not finished, without a date.
LEFT_OUT = frozenset({"PER002", "PER003", "PER004", "PER014", "PER016", "PER031", "PER032"})


@dataclass(frozen=True)
class PeriodReport:
    """One rating period and its basis (the errors of every event first, then the caveats)."""

    basis: Basis
    period: PeriodRating
    details: bool = True  #: every player and event (False: a summary, for a terminal)
    lists: object | None = None  #: the rating lists the period was computed with (the FIDE layout's identities)

    @cached_property
    def players(self) -> list[PlayerPeriod]:
        """Every player with a game in the period, by name (then key: two stable sorts on one text
        each, three times faster than one on pairs for a month's players)."""
        return sorted(sorted(self.period.players, key=attrgetter("key")), key=lambda p: p.player.name.casefold())

    @property
    def rated(self) -> list[PlayerPeriod]:
        return [p for p in self.players if p.gets is Gets.CHANGE]

    @property
    def unrated(self) -> list[PlayerPeriod]:
        return [p for p in self.players if p.gets is Gets.INITIAL]

    @property
    def left_out(self) -> list[Diagnostic]:
        """The inputs not rated in the period, each with why."""
        return [d for d in self.period.diagnostics if d.code in LEFT_OUT]

    @property
    def listed(self) -> list[PlayerPeriod]:
        """The players the next list shows with a rating from this period (a FIDE ID and a new
        rating)."""
        return [p for p in self.players if p.new_rating is not None and p.key.isdigit()]

    def identities(self, players: list[PlayerPeriod]) -> dict[int, ListEntry]:
        """The entries of ``players`` in the list the rating before the period came from (the
        previous list), by FIDE ID: the FIDE layout keeps the list's name, federation, sex, titles,
        birth year and flag (none without a list)."""
        if self.lists is None or self.period.previous is None:
            return {}
        return self.lists.players([int(p.key) for p in players], self.period.previous)

    def event(self, part: PlayerEvent) -> PeriodEvent:
        return self.period.events[part.event]

    def facts(self, lang: Language = ENGLISH) -> list[tuple[str, object]]:
        """The period's facts, in ``lang`` (English: the CSV's heading rows)."""
        p, say = self.period, lang.say
        return [(say(msg("Rating period")), say(msg("list of {month}: games of {played}", month=p.month,
                                                    played=p.played))),
                (say(msg("Rules")), say(msg("{edition}: {title}", edition=p.rules.edition.name,
                                            title=p.rules.edition.title))),
                (say(msg("Events")), len(p.events)),
                (say(msg("Players")), say(msg("{rated} rated ({games} games), {unrated} unrated",
                                              rated=len(self.rated), games=p.games, unrated=len(self.unrated))))]

    def dates(self, event: PeriodEvent) -> str:
        """An event's dates in the document's language, and its rounds when only some are in the
        period."""
        lang = self.basis.lang
        text = dates(event.start_date, event.end_date, lang)
        if event.rounds is not None:
            text += lang.say(msg(" (rounds {rounds} in this period)", rounds=sorted(event.rounds)))
        return text

    def pooled(self, p: PlayerPeriod) -> str:
        """An unrated player's pooled result as the rating report writes it: the games and score
        against rated opponents (this period's and the earlier ones pooled), Rc (their average),
        Ra when 8.2.2's two hypothetical 1800 draws make it differ, p and dp when dp was used:
        ``n 5 W 2.5 Rc 1800, p 0.50 dp 0`` (the decimal sign the document's)."""
        ini, number = p.initial, self.basis.lang.number
        text = f"n {ini.games} W {number(short_text(ini.score))} Rc {p.rc}"
        if ini.average != p.rc:
            text += f", Ra {number(fixed(ini.average))}"
        if ini.p is not None:
            text += f", p {number(fixed(Fraction(ini.p, 100)))} dp {ini.dp}"
        return text

    @staticmethod
    def earlier(p: PlayerPeriod) -> Message | str:
        """An unrated player's games of earlier periods pooled with this one's, in words ("" when
        none): "with 3 games of earlier periods (list 2026-03: Winter)"."""
        if not p.earlier:
            return ""
        where = list(dict.fromkeys(msg("list {month}: {event}", month=g.month, event=g.event) for g in p.earlier))
        return plural("with {n} game(s) of earlier periods ({where})", "with {n} game(s) of earlier periods ({where})",
                      n=len(p.earlier), where=joined(where, ", "))
