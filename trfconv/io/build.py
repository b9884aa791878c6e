"""The tournament builder: what every reader hands what it found, and what makes the model.

A reader says what the file says, in the file's own terms: event facts, players (with a start
number, or with a key such as a name or FIDE id when the file numbers nobody, as a PGN
collection), and either each player's round entries (TRF, crosstables) or pairings stated once
with their result (chess-results XML, the pairing programs' own files, PGN). The builder owns
what follows from that in every format alike:

- a pairing becomes both players' round entries (:func:`trfconv.sides.sides`), and a second
  entry for a player in one round, or a pairing naming someone who is not in the file, is
  reported and left out, never merged silently;
- players known by key are numbered as FIDE numbers them (rating, then title, then name:
  C.04.3 A.2) and every pairing follows them;
- every line is as long as the longest (the rounds a player never reached are "not paired");
- where each player, round and record is in the file, so that the consistency checks
  (:mod:`.checks`, run on every tournament read) point at the right line;
- the :class:`~trfconv.model.Source`: format, version, encoding and the diagnostics.

Readers that assemble the frozen model themselves (TRF, the JSON form) hand it to
:meth:`TournamentBuilder.finish`, which does the last two.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..diagnostics import Diagnostic, diagnostic
from ..messages import msg
from ..model import (
    DEFAULT_SCORES,
    NOT_PAIRED,
    Bye,
    ByeKind,
    Event,
    Extra,
    Forfeit,
    Game,
    Outcome,
    Pairing,
    Player,
    PointAdjustment,
    RoundEntry,
    ScoreSystem,
    Source,
    Team,
    TeamEvent,
    Tournament,
)
from ..sides import Result, sides
from ..titles import TITLE_CODES
from .checks import check
from .control_chars import cleaned

#: Where a finding is: ``locate("player", start_number, round)`` (or ``"points"``, ``"federation"``,
#: ``"fide_id"``: a field of the player's line) or ``locate(record_key)``
#: returns ``(path, line, column)`` (see :mod:`.checks`).
Locate = Callable[..., tuple]

#: The most diagnostics of one code a reader keeps; the rest are counted in one more, so that
#: a file of one problem repeated a million times costs memory for what is kept, not for each.
MAX_SAID = 1000

#: FIDE's titles, in FIDE's order for the initial ranking (C.04.3 A.2 b).
_TITLE_ORDER = {t: i for i, t in enumerate(TITLE_CODES)}


@dataclass(frozen=True)
class Codes:
    """The diagnostic codes the builder reports its problems with: a format's own code where it
    has one (chess-results XML reports both as ``XML005``)."""

    unknown_player: str = "PAR001"
    second_entry: str = "PAR002"
    duplicate: str = "TRF014"


@dataclass
class _Person:
    """A player as the builder holds him: his record, the line he was read from, his place."""

    player: Player
    line: int | None
    order: int  #: position in the file


@dataclass
class TournamentBuilder:
    """Collects what a reader found; :meth:`build` makes the frozen :class:`Tournament`.

    ``event`` takes :class:`~trfconv.model.Event` fields by name; ``pairing_data`` and
    ``team_event`` take the fields of :class:`~trfconv.model.Pairing` and
    :class:`~trfconv.model.TeamEvent`. Players are added with :meth:`add_player`, their rounds
    with :meth:`pairing` (a pairing stated once) or :meth:`entry` (one player's round)."""

    path: str | None
    format: str
    version: str | None = None
    dialects: tuple[str, ...] = ()
    encoding: str | None = None
    line_ending: str | None = None
    codes: Codes = Codes()
    diagnostics: list[Diagnostic] = field(default_factory=list)
    event: dict[str, Any] = field(default_factory=dict)
    teams: list[Team] = field(default_factory=list)
    scores: ScoreSystem = DEFAULT_SCORES
    pairing_data: dict[str, Any] = field(default_factory=dict)
    team_event: dict[str, Any] = field(default_factory=dict)
    point_adjustments: list[PointAdjustment] = field(default_factory=list)
    extras: list[Extra] = field(default_factory=list)
    _people: dict[Hashable, _Person] = field(default_factory=dict)  #: by key, the first with that key
    _all: list[tuple[Hashable, _Person]] = field(default_factory=list)  #: everyone, in file order
    _entries: dict[tuple[Hashable, int], tuple[RoundEntry, int | None]] = field(default_factory=dict)
    _said: dict[str, int] = field(default_factory=dict)  #: how many of each code were reported

    # -- what the reader found ----------------------------------------------------------------
    def report(self, code: str, message: str, *, line: int | None = None, column: int | None = None) -> None:
        """A diagnostic; past :data:`MAX_SAID` of one code, only counted (said at the end)."""
        said = self._said[code] = self._said.get(code, 0) + 1
        if said <= MAX_SAID:
            self.diagnostics.append(diagnostic(code, message, path=self.path, line=line, column=column))

    def add_player(self, player: Player, *, key: Hashable | None = None, line: int | None = None) -> Hashable:
        """A player (his rounds may already be in ``player.rounds``). ``key`` is how pairings
        name him when the file gives no start number (then :meth:`build` numbers the players);
        by default it is his start number. Returns the key."""
        key = player.start_number if key is None else key
        person = _Person(player, line, len(self._all))
        if key in self._people:
            first = self._people[key].line
            self.report(self.codes.duplicate, msg("start number {key} already used on line {line}; pairings name the "
                                                  "first", key=key, line=first) if first else
                        msg("start number {key} already used; pairings name the first", key=key), line=line)
        else:
            self._people[key] = person
        self._all.append((key, person))
        return key

    def has_player(self, key: Hashable) -> bool:
        return key in self._people

    def keys(self) -> list[Hashable]:
        """The keys of the players added, in file order (a key used twice once)."""
        return list(self._people)

    def has_entry(self, key: Hashable, round: int) -> bool:
        """Whether the player known by ``key`` has an entry in ``round`` yet."""
        return (key, round) in self._entries

    def player_of(self, key: Hashable) -> Player | None:
        person = self._people.get(key)
        return person.player if person else None

    def missing(self, round: int, *keys: Hashable, line: int | None = None) -> bool:
        """Whether a pairing of ``round`` names a player who is not in the file (reported)."""
        unknown = next((k for k in keys if k not in self._people), None)
        if unknown is not None:
            self.report(self.codes.unknown_player, msg("round {round}: pairing names player {player}, who is not in "
                                                       "the file; left out", round=round, player=unknown), line=line)
        return unknown is not None

    def pairing(self, round: int, white: Hashable, black: Hashable, result: Result, *, rated: bool = True,
                coloured: bool = True, line: int | None = None) -> bool:
        """A pairing of ``round`` stated once, White first (``coloured=False``: the format
        records no colours). False, after reporting why, when a player is not in the file or
        already has an entry in that round (the first one stays)."""
        if self.missing(round, white, black, line=line):
            return False
        taken = next((k for k in (white, black) if (k, round) in self._entries), None)
        if taken is not None:
            self.report(self.codes.second_entry, msg("round {round}: player {player} has a second pairing; the first "
                                                     "is used", round=round, player=taken), line=line)
            return False
        w, b = sides(result, white, black, rated=rated, coloured=coloured)
        self._entries[white, round] = (w, line)
        self._entries[black, round] = (b, line)
        return True

    def entry(self, round: int, player: Hashable, entry: RoundEntry, *, line: int | None = None,
              if_free: bool = False) -> bool:
        """One player's entry of ``round`` (a bye, an absence, a forfeit without opponent); an
        entry naming an opponent names him by key. ``if_free``: only when the player has no
        entry in that round yet, silently otherwise (an entry implied by another, such as each
        player's share of a team's bye)."""
        if player not in self._people:
            self.report(self.codes.unknown_player, msg("round {round}: entry for player {player}, who is not in the "
                                                       "file; left out", round=round, player=player), line=line)
            return False
        if (player, round) in self._entries:
            if not if_free:
                self.report(self.codes.second_entry, msg("round {round}: player {player} has a second pairing; the "
                                                         "first is used", round=round, player=player), line=line)
            return False
        self._entries[player, round] = (entry, line)
        return True

    # -- the model ------------------------------------------------------------------------------
    def build(self, *, numbering: str = "given", locate: Locate | None = None) -> Tournament:
        """The frozen tournament, checked. ``numbering="rating"`` numbers players known by key
        in FIDE's initial order (rating, title, name); ``"given"`` keeps their start numbers."""
        number = self._numbers(numbering)
        rounds: dict[Hashable, list[RoundEntry]] = {}
        where: dict[tuple[int, int], int] = {}
        for (key, r), (entry, line) in sorted(self._entries.items(), key=lambda item: (number[item[0][0]], item[0][1])):
            entries = rounds.setdefault(key, [])
            entries.extend([NOT_PAIRED] * (r - len(entries)))
            opponent = getattr(entry, "opponent", None)
            renumbered = number.get(opponent, opponent)
            entries[r - 1] = entry if renumbered == opponent else replace(entry, opponent=renumbered)
            if line is not None:
                where[number[key], r] = line
        players = []
        for key, person in self._all:
            if numbering != "given" and person is not self._people[key]:
                continue  # a key used twice names one player (reported by add_player)
            p = person.player
            own = (tuple(rounds.get(key, ())) if person is self._people[key] else ()) or p.rounds
            players.append(p if own is p.rounds and p.start_number == number[key]
                           else replace(p, start_number=number[key], rounds=own))
        if numbering != "given":
            players.sort(key=lambda p: p.start_number)
        length = max((len(p.rounds) for p in players), default=0)
        players = [p if len(p.rounds) == length else replace(p, rounds=p.rounds + (NOT_PAIRED,) * (length - len(p.rounds)))
                   for p in players]
        tournament = Tournament(
            event=Event(**self.event), players=tuple(players), teams=tuple(self.teams), scores=self.scores,
            pairing=Pairing(**self.pairing_data), team_event=TeamEvent(**self.team_event),
            point_adjustments=tuple(self.point_adjustments), extras=tuple(self.extras))
        lines = {number[k]: person.line for k, person in self._people.items()}
        return self.finish(tournament, locate=locate or self._locator(lines, where))

    def finish(self, tournament: Tournament, *, locate: Locate | None = None,
               fold: Callable[[list[Diagnostic]], list[Diagnostic]] | None = None,
               writable: bool = False) -> Tournament:
        """``tournament`` with its texts made writable (:func:`.control_chars.cleaned`; a reader
        that knows every text is already, ``writable``, skips that walk), checked
        (:func:`.checks.check`) and with its :class:`Source`, a pairing
        program's bye dummy taken out (:func:`without_bye_dummies`). ``fold`` may rewrite the
        diagnostics last (a reader's grouping of repeated notes)."""
        locate = locate or self._locator({}, {})
        self.diagnostics.extend(diagnostic(code, msg("and {count:,} more like the {most:,} above, not listed",
                                                     count=said - MAX_SAID, most=MAX_SAID), path=self.path)
                                for code, said in self._said.items() if said > MAX_SAID)
        replaced: list[Diagnostic] = []
        if not writable:
            tournament = cleaned(tournament, replaced)
        self.diagnostics.extend(d.located(self.path) for d in replaced)
        self.diagnostics.extend(check(tournament, locate))  # the file as it is, the dummy included
        tournament, found = without_bye_dummies(tournament, locate)
        self.diagnostics.extend(found)
        diagnostics = fold(self.diagnostics) if fold else self.diagnostics
        lines = tuple((p.start_number, line) for p in tournament.players
                      if (line := locate("player", p.start_number)[1]) is not None)
        deputies = tuple(f"112#{n}" for n in range(1, len(tournament.event.deputy_arbiters) + 1))
        records = tuple((code, line) for code in (*HEADER_RECORDS, *deputies) if (line := locate(code)[1]) is not None)
        return replace(tournament, source=Source(
            path=self.path, format=self.format, version=self.version, dialects=self.dialects,
            encoding=self.encoding, line_ending=self.line_ending, diagnostics=tuple(diagnostics),
            player_lines=lines, record_lines=records))

    def unreadable(self) -> Tournament:
        """The empty tournament of a file that could not be read, with the diagnostics that say why."""
        return Tournament(source=Source(path=self.path, format=self.format, version=self.version,
                                        encoding=self.encoding, diagnostics=tuple(self.diagnostics)))

    def _numbers(self, numbering: str) -> dict[Hashable, int]:
        people = self._people
        if numbering == "given":
            return {key: person.player.start_number for key, person in people.items()}
        if numbering != "rating":
            raise ValueError(f"numbering {numbering!r}: 'given' or 'rating'")

        def initial_order(key: Hashable) -> tuple:
            p = people[key].player
            return (-(p.rating or 0), _TITLE_ORDER.get(p.title or "", len(_TITLE_ORDER)), p.name.casefold(),
                    people[key].order)
        return {key: n for n, key in enumerate(sorted(people, key=initial_order), 1)}

    def _locator(self, lines: dict[int, int | None], where: dict[tuple[int, int], int]) -> Locate:
        path = self.path

        def locate(what: str, key: int | str | None = None, round_: int | None = None) -> tuple:
            if what in ("player", "points", "federation", "fide_id"):
                line = where.get((key, round_), lines.get(key)) if round_ else lines.get(key)
                return path, line, None
            return path, None, None
        return locate


#: The TRF header records whose lines a tournament's :class:`Source` keeps (the deputy arbiters'
#: 112 records are numbered: ``112#1`` …).
HEADER_RECORDS = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122", "132", "142",
                  "152", "162", "172", "182", "192", "202", "212", "222")


#: The names pairing programs give the dummy player an odd round's bye is paired against
#: (Swiss-Manager "spielfrei", German "Freilos", English "BYE", French "Exempt", Spanish
#: "Descanso", Italian "Riposo", Polish "Pauza").
_BYE_NAMES = re.compile(r"(bye|spielfrei|freilos|exempt|exempté|descanso|libre|riposo|pausa|pauza|odpočinek)",
                        re.IGNORECASE)
#: What a round against the dummy was for the real player, by his result.
_BYE_OF = {Outcome.WIN: ByeKind.PAB, Outcome.DRAW: ByeKind.HALF, Outcome.LOSS: ByeKind.ZERO}


def counted(counts: Mapping[str, int]) -> list[str]:
    """Each thing of ``counts`` once, in order, with how many there are when more than one
    (``club (5)``): what a reader read but could not keep, in one diagnostic."""
    return [msg("{what} ({count})", what=what, count=n) if n > 1 else what for what, n in counts.items()]


def without_bye_dummies(t: Tournament, locate: Locate) -> tuple[Tournament, list[Diagnostic]]:
    """``t`` without the players that are a pairing program's bye (named as such, no rating, no
    FIDE id): a round against one is the bye it stands for (a win: the pairing-allocated bye, a
    draw a half-point bye, a loss a zero-point bye), and the dummy is ranked and rated as nobody."""
    dummies = {p.start_number: p for p in t.players
               if _BYE_NAMES.fullmatch(p.name.strip()) and not p.rating and not p.fide_id}
    if not dummies:
        return t, []
    changed: list[str] = []

    def real(p: Player) -> Player:
        rounds = list(p.rounds)
        for r, e in enumerate(rounds):
            if getattr(e, "opponent", None) in dummies:
                if isinstance(e, Game):
                    rounds[r] = Bye(_BYE_OF[e.outcome])
                elif isinstance(e, Forfeit):
                    rounds[r] = Bye(ByeKind.PAB if e.won else ByeKind.ZERO)
                else:
                    rounds[r] = NOT_PAIRED
                changed.append(msg("player {number} round {round}", number=p.start_number, round=r + 1))
        return replace(p, rounds=tuple(rounds)) if rounds != list(p.rounds) else p

    players = tuple(real(p) for p in t.players if p.start_number not in dummies)
    teams = tuple(replace(team, members=tuple(m for m in team.members if m not in dummies)) for team in t.teams)
    out = []
    for n, p in dummies.items():
        path, line, _ = locate("player", n)
        name = repr(p.name.strip())
        out.append(diagnostic("PAR003", msg(
            "player {number} {name} is the pairing program's bye, not a player: left out of the ranking and the "
            "rating; {count} round(s) against it read as byes ({rounds}{more})", number=n, name=name,
            count=len(changed), rounds=changed[:5], more=" …" if len(changed) > 5 else "") if changed else msg(
            "player {number} {name} is the pairing program's bye, not a player: left out of the ranking and the "
            "rating; no round names it", number=n, name=name), path=path, line=line))
    return replace(t, players=players, teams=teams), out
