"""Where an event stands: which rounds are declared, paired, complete or still to come, and whether
the event is over. Every command reads the event's progress from here, once, so that standings,
the rating report, the upload check, the norms and the rating period agree on it.

A file is often exported while the event runs, usually just after the next round was paired
(Swiss-Manager, Vega): that round's pairings are in the file, without results (a ``Pending``
entry). Such a round is no round played: its pairings are no games (no tie-break counts them),
the standings are those after the last round with results, and the event is not finished. A
round whose results are partly in (a round being played, a game postponed) counts with the
results it has: its pairings still waiting are no games, and are named.

The words, round by round (a round of the file, or one it declares: 142, XXR, TRF-2026):

- *complete*: at least one result (a game, a forfeit, an unreadable result) and no pairing
  waiting for its result;
- *in play*: some pairing waits for its result (the round was paired; some results may be in);
- *to come*: nobody is paired in it, nor in any later round (byes entered ahead of the round are
  not a pairing);
- *not recorded*: nobody is paired in it, but a later round has pairings: the file lacks it (a PGN
  of one round's games, a damaged export).

A game whose result is unknown or adjourned (TRF-2026 ``X``) is not a pairing waiting for its
result: the round it is in can be complete, and the game is a defect the checks report.

The event is *finished* when every round it declares or holds is complete and its last day
(the end date, else the last round date) is not after the day it is judged on. An event that
ended early (the arbiter stopped it after round N) is said so by the caller, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import Enum

from ..messages import SEMICOLON, Message, joined, msg, plural
from ..model import Forfeit, Game, Pending, Tournament, Unreadable


class RoundState(Enum):
    """What a round of the file is (see the module docstring)."""

    COMPLETE = "complete"
    IN_PLAY = "in play"
    TO_COME = "to come"
    NOT_RECORDED = "not recorded"


@dataclass(frozen=True)
class Progress:
    """The progress of one event, as its file shows it on the day it is judged.

    ``states[r - 1]`` is round ``r``'s state, for every round the file holds or declares;
    ``standing_after`` the last round with results (0: none), after which the standings stand;
    ``pending`` the rounds, per start number, whose pairing waits for its result; ``games``
    those pairings, each once: (round, player, opponent), the player the lower start number."""

    declared: int | None  #: the rounds the file declares (142, XXR, TRF-2026), None if it does not
    states: tuple[RoundState, ...]
    standing_after: int
    pending: dict[int, tuple[int, ...]]
    results: dict[int, int]  #: per round, the pairings with a result (a pairing counted once)
    waiting: dict[int, int]  #: per round, the pairings waiting for their result (counted once)
    last_day: date | None  #: the end date, else the last round date; None when the file has neither
    judged_on: date | None  #: the day the event is judged on (None: not compared with the last day)
    games: tuple[tuple[int, int, int], ...] = ()  #: the pairings waiting for their result

    @property
    def rounds(self) -> int:
        """The rounds the file holds or declares."""
        return len(self.states)

    def rounds_in(self, state: RoundState) -> tuple[int, ...]:
        return tuple(r for r, s in enumerate(self.states, 1) if s is state)

    @property
    def in_play(self) -> tuple[int, ...]:
        """The rounds paired whose results are not all in."""
        return self.rounds_in(RoundState.IN_PLAY)

    @property
    def to_come(self) -> tuple[int, ...]:
        """The rounds in which nobody is paired."""
        return self.rounds_in(RoundState.TO_COME)

    @property
    def not_recorded(self) -> tuple[int, ...]:
        """The rounds without any pairing before a round that has some."""
        return self.rounds_in(RoundState.NOT_RECORDED)

    @property
    def paired(self) -> tuple[int, ...]:
        """The rounds the file holds pairings of: complete or in play."""
        return tuple(r for r, s in enumerate(self.states, 1) if s is RoundState.COMPLETE or s is RoundState.IN_PLAY)

    @property
    def last_paired(self) -> int:
        """The last round the file holds pairings of (0: none); the rounds after it are to come."""
        return max(self.paired, default=0)

    def waiting_games(self, r: int) -> tuple[tuple[int, int], ...]:
        """Round ``r``'s pairings waiting for their result, each once (the lower start number first)."""
        return tuple((a, b) for k, a, b in self.games if k == r)

    @property
    def unfinished_rounds(self) -> tuple[int, ...]:
        """The rounds that are not complete (in play, to come or not recorded), in order."""
        return tuple(r for r, s in enumerate(self.states, 1) if s is not RoundState.COMPLETE)

    @property
    def played(self) -> bool:
        """Some game or forfeit has a result."""
        return any(self.results.values())

    @property
    def before_last_day(self) -> bool:
        """The event is judged on a day before its last day."""
        return self.last_day is not None and self.judged_on is not None and self.judged_on < self.last_day

    @property
    def finished(self) -> bool:
        """Every round declared or held is complete, and the last day is past (or unknown)."""
        return bool(self.states) and not self.unfinished_rounds and not self.before_last_day

    @property
    def last_complete(self) -> int:
        """The last round whose results are all in (0: none)."""
        return max(self.rounds_in(RoundState.COMPLETE), default=0)

    def cut(self) -> int | None:
        """The round the standings and tie-breaks stand after, when it is not the last round the
        file holds or declares (None: the event is judged whole)."""
        return self.standing_after if self.standing_after < self.rounds and self.standing_after else None

    def summary(self) -> Message:
        """One phrase: where the event stands, for a caveat or a verdict."""
        if not self.states or not self.played:
            return msg("no game has a result yet")
        parts = []
        if len(self.in_play) == 1:
            r = self.in_play[0]
            parts.append(msg("round {round} paired, {results} of its {games} results in", round=r,
                             results=self.results[r], games=self.results[r] + self.waiting[r]))
        elif self.in_play:
            parts.append(msg("rounds {rounds} paired, results not all in ({counts})", rounds=span(self.in_play),
                             counts=_in_counts(self)))
        if self.not_recorded:
            parts.append(msg("{rounds} not in the file", rounds=rounds_named(self.not_recorded)))
        if self.to_come:
            parts.append(msg("{rounds} not paired yet", rounds=rounds_named(self.to_come)))
        if self.before_last_day:
            parts.append(msg("it ends on {last}, after {today}", last=self.last_day, today=self.judged_on))
        if not parts:
            return msg("all {rounds} rounds complete", rounds=self.rounds)
        return msg("{parts}; {rounds} rounds in all", parts=joined(parts, SEMICOLON), rounds=self.rounds)


def progress(t: Tournament, today: date | None = None) -> Progress:
    """The progress of ``t`` judged on ``today`` (None: the last day is not compared with any day).
    One pass over the round entries; a pairing is counted once, from its lower start number (or
    from its only side when the opponent is not in the file)."""
    declared = t.event.declared_rounds
    total = max(t.rounds, declared or 0)
    results = [0] * (total + 1)
    waiting = [0] * (total + 1)
    pending: dict[int, tuple[int, ...]] = {}
    games: list[tuple[int, int, int]] = []
    known = {p.start_number for p in t.players}
    for p in t.players:
        mine = []
        for r, e in enumerate(p.rounds, 1):
            kind = type(e)
            if kind is Game or kind is Forfeit:
                o = e.opponent
                if o is None or o not in known or p.start_number < o:
                    results[r] += 1
            elif kind is Pending:
                if e.adjourned:
                    if e.opponent not in known or p.start_number < e.opponent:
                        results[r] += 1
                    continue
                mine.append(r)
                if e.opponent not in known or p.start_number < e.opponent:
                    waiting[r] += 1
                    games.append((r, p.start_number, e.opponent))
            elif kind is Unreadable:
                results[r] += 1
        if mine:
            pending[p.start_number] = tuple(mine)
    last_paired = max((r for r in range(1, total + 1) if results[r] or waiting[r]), default=0)
    states = tuple(RoundState.IN_PLAY if waiting[r] else RoundState.COMPLETE if results[r] else
                   RoundState.NOT_RECORDED if r < last_paired else RoundState.TO_COME for r in range(1, total + 1))
    standing_after = max((r for r in range(1, total + 1) if results[r]), default=0)
    return Progress(declared, states, standing_after, pending,
                    {r: results[r] for r in range(1, total + 1)}, {r: waiting[r] for r in range(1, total + 1)},
                    last_day(t), today, tuple(sorted(games)))


def last_day(t: Tournament) -> date | None:
    """The event's last day: its end date (052), else its last round
    date, else None."""
    if isinstance(t.event.end_date, date):
        return t.event.end_date
    return max((d for d in t.event.round_dates if isinstance(d, date)), default=None)


def span(rounds: tuple[int, ...] | range) -> str:
    """Rounds as a reader writes them: ``4``, ``4-6``, ``2, 5-7``."""
    rounds = list(rounds)
    out, k = [], 0
    while k < len(rounds):
        end = k
        while end + 1 < len(rounds) and rounds[end + 1] == rounds[end] + 1:
            end += 1
        out.append(str(rounds[k]) if end == k else f"{rounds[k]}-{rounds[end]}")
        k = end + 1
    return ", ".join(out)


def rounds_named(rounds: tuple[int, ...] | range) -> Message:
    """``round 4``, ``rounds 4-6``, ``rounds 2, 5-7``."""
    return plural("round {rounds}", "rounds {rounds}", n=2 if len(rounds) > 1 else 1, rounds=span(rounds))


def _in_counts(p: Progress) -> Message:
    return joined([msg("{results} of {games} in round {round}", results=p.results[r],
                       games=p.results[r] + p.waiting[r], round=r) for r in p.in_play], ", ")
