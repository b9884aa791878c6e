"""What the rateability validator decides: for the event, for every game, for every player.

The rating engine reads a :class:`Verdict` and nothing else to know which games count; the
verdict never holds a rating change itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from fractions import Fraction

from ...actions import Action, voice
from ...diagnostics import Diagnostic
from ...messages import Message, joined, msg
from ...records import builder, quick_init
from ..editions import Edition


class Decision(Enum):
    """The verdict on the event; the value is the English phrase (a message: the documents say
    it in their language; JSON keeps the English)."""

    RATEABLE = msg("rateable")
    WITH_EXCLUSIONS = msg("rateable with exclusions")
    NOT_RATEABLE = msg("not rateable")
    #: a round declared or paired has no results, or the event's last day is not past: it is
    #: judged when it is over (B.02 9.1: the report follows the end of the event)
    NOT_FINISHED = msg("not finished")


class Exclusion(Enum):
    """Why one game does not count for one player. The value is a short phrase for reports."""

    UNPLAYED = msg("not played (forfeit, bye or absence)")
    NO_MOVE = msg("fewer than one move played (W D L result)")
    PENDING = msg("no result yet")
    NOT_FINISHED = msg("the event is not finished")
    UNREADABLE = msg("the round could not be read")
    TIME_CONTROL = msg("time control too fast for these players")
    UNRATED_OPPONENT = msg("opponent is unrated")
    OPPONENT_NOT_COUNTED = msg("opponent's results are not counted")
    PLAYER_NOT_COUNTED = msg("player's results are not counted")
    MATCH_DECIDED = msg("played after the match was decided")
    EVENT = msg("the event is not rateable")


class Gets(Enum):
    """What a player gets from the event."""

    CHANGE = msg("rating change")
    INITIAL = msg("initial rating")
    NOTHING = msg("nothing")


@dataclass(frozen=True)
class Finding:
    """One condition of the regulation that the event does not meet, with the article and the
    numbers behind it. ``fatal`` findings make the event not rateable; the others exclude games."""

    code: str  #: diagnostic code (``VAL…``)
    article: str  #: article of the edition, e.g. ``3.1``
    message: str  #: with the numbers, e.g. "round 5 and 6 on 2025-03-02: 3 rounds, 13.5 h of play > 12 h"
    fatal: bool
    rounds: tuple[int, ...] = ()
    players: tuple[int, ...] = ()


@quick_init  # one per round of every player: 110,000 for a 10,000-player Swiss of 11 rounds
@dataclass(frozen=True, slots=True)
class GameVerdict:
    """One round of one player. ``opponent`` and ``score`` are None for rounds without a game
    over the board (byes, absences, forfeits keep their scheduled opponent when known)."""

    round: int
    player: int
    opponent: int | None
    score: Fraction | None  #: 1, 1/2 or 0 for a game with a result
    counts: bool  #: counted for this player's rating
    reasons: tuple[Exclusion, ...] = ()  #: why not, when ``counts`` is False


#: ``game_verdict(...)`` is ``GameVerdict(...)`` built at half the cost, for the validator's
#: 110,000 game verdicts of a big event (:func:`~trfconv.records.builder`).
game_verdict = builder(GameVerdict)


@dataclass(frozen=True)
class PlayerVerdict:
    """What the event means for one player's rating."""

    start_number: int
    rating: int | None  #: the rating used (Ro); None when unrated under the edition
    gets: Gets
    reason: str | None  #: why nothing / why no initial rating, with the article
    games: tuple[GameVerdict, ...] = ()

    @property
    def rated(self) -> bool:
        return self.rating is not None

    @property
    def counted_games(self) -> tuple[GameVerdict, ...]:
        """The games that count for this player's rating, in round order."""
        return tuple(g for g in self.games if g.counts)

    @property
    def rated_opponents(self) -> int:
        """Distinct opponents in the counted games."""
        return len({g.opponent for g in self.games if g.counts})


#: ``player_verdict(...)`` is ``PlayerVerdict(...)``, built as :data:`game_verdict` is.
player_verdict = builder(PlayerVerdict)


@dataclass(frozen=True)
class Verdict:
    """The validator's answer for one tournament under one edition."""

    edition: Edition
    decision: Decision
    round_robin: bool  #: rated as a round robin (declared or inferred; B.02 2005 6.43 may say no)
    rating_list: str = "standard"  #: ``standard``, ``rapid`` or ``blitz`` (by the rate of play)
    event_kind: str = ""  #: e.g. "Swiss (declared: Individual: Swiss-System)" (a message)
    minutes: Fraction | None = None  #: minutes per player for 60 moves; None when unknown
    findings: tuple[Finding, ...] = ()
    players: tuple[PlayerVerdict, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = field(default=(), compare=False)
    #: When the text in force at the event's start is not modelled (:attr:`Edition.superseded`):
    #: the date that text took effect; the event was judged under :attr:`edition`, the nearest.
    not_modelled_from: date | None = None
    #: How far the event was judged, as the verdict line adds it: for a NOT FINISHED event where it
    #: stands and what to do; ``after round 3 of 5, as asked``; ``the event ended after round 5, as
    #: the arbiter says``; nothing for a finished event judged whole (:mod:`trfconv.rules.progress`).
    judged: str = ""
    #: What the arbiter can do about a NOT FINISHED event: judge it after its last complete round,
    #: say it ended there (:mod:`trfconv.actions`; the verdict line words them).
    actions: tuple[Action, ...] = ()

    @property
    def not_modelled_note(self) -> Message | str:
        """What the verdict line adds when the text in force was not modelled: `` under b02-2005,
        the nearest modelled text: the one in force on this date (from 2009-07-01) is not
        modelled``; else nothing."""
        if self.not_modelled_from is None:
            return ""
        return msg(" under {edition}, the nearest modelled text: the one in force on this date (from {day}) is not "
                   "modelled", edition=self.edition.name, day=self.not_modelled_from)

    @property
    def notes(self) -> Message:
        """What the verdict line adds to the decision: :attr:`not_modelled_note`, then :attr:`judged`."""
        judged = "" if not self.judged else (msg(": {judged}", judged=self.judged)
                                              if self.decision is Decision.NOT_FINISHED
                                              else msg(" ({judged})", judged=self.judged))
        return joined([self.not_modelled_note, judged, voice().hints(self.actions)])

    @property
    def decision_text(self) -> Message:
        """The decision as the verdict line says it (:attr:`notes` included)."""
        return joined([self.decision.value, self.notes])

    @property
    def rateable(self) -> bool:
        """FIDE would rate it now: neither not rateable nor not finished."""
        return self.decision not in (Decision.NOT_RATEABLE, Decision.NOT_FINISHED)

    def player(self, start_number: int) -> PlayerVerdict:
        for p in self.players:
            if p.start_number == start_number:
                return p
        raise KeyError(start_number)
