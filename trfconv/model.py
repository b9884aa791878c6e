"""The tournament model: the one description of an event that every reader produces and every
writer, check and computation reads.

Nothing here knows about a file format or a regulation. Values are exact: points are
:class:`fractions.Fraction`, ratings and numbers are ``int``. Everything is immutable, so a
model can be compared (``==``) after a round trip and shared between computations.

What a player did in a round is one :data:`RoundEntry`, a closed set of variants, so every
consumer has to say what it does with each case (played game, forfeit, bye kind, not paired,
paired but not finished, and the rare block a reader could not understand).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from fractions import Fraction
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING

from .dates import PartialDate
from .records import quick_init

if TYPE_CHECKING:
    from .diagnostics import Diagnostic
    from .timecontrol import TimeControl

#: A date as found in a file: parsed when it could be, otherwise the text as written.
DateValue = date | str


class Colour(Enum):
    WHITE = "w"
    BLACK = "b"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow on hot paths

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    __hash__ = object.__hash__

    @property
    def reversed(self) -> Outcome:
        """The opponent's outcome."""
        return OPPOSITE[self]


#: The opponent's outcome (also usable directly on hot paths).
OPPOSITE = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}


@quick_init
@dataclass(frozen=True, slots=True)
class Game:
    """A game played over the board. ``rated=False`` for a game that lasted less than one move
    (TRF ``W D L``), which is scored but never rated."""

    opponent: int
    colour: Colour | None
    outcome: Outcome
    rated: bool = True


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A game won or lost without play (TRF ``+``/``-``). The scheduled opponent and colour are
    kept when the file gives them; a double forfeit is two ``Forfeit(won=False)``."""

    won: bool
    opponent: int | None = None
    colour: Colour | None = None


class ByeKind(Enum):
    """Bye kinds of TRF16/TRF-2026 (the value is the TRF letter)."""

    __hash__ = object.__hash__

    PAB = "U"  #: pairing-allocated bye (odd number of players)
    FULL = "F"  #: requested full-point bye
    HALF = "H"  #: requested half-point bye
    ZERO = "Z"  #: zero-point bye: known absence


@dataclass(frozen=True, slots=True)
class Bye:
    """A bye of ``kind``; what it is worth is the :class:`ScoreSystem`'s business."""

    kind: ByeKind


@dataclass(frozen=True, slots=True)
class NotPaired:
    """Not paired in this round and no bye recorded: absent, withdrawn, or a round the player
    never reached. Whether a player withdrew is derived (nothing after a certain round), not
    stored."""


@dataclass(frozen=True, slots=True)
class Pending:
    """Paired, but no final result is known: the round is still being played (ITDX files), or
    the game was adjourned / its result is unknown (``adjourned=True``, the TRF-2026 ``X``
    scoring symbol)."""

    opponent: int
    colour: Colour | None
    adjourned: bool = False


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A round block the reader could not understand, kept verbatim (8 characters: opponent,
    blank, colour, blank, result) so that it survives a round trip."""

    text: str


RoundEntry = Game | Forfeit | Bye | NotPaired | Pending | Unreadable
NOT_PAIRED = NotPaired()
#: The most rounds a reader accepts. TRF-2026 numbers rounds with three digits, and consumers lay
#: out one slot per round, so a typo or a hostile "99999999" would otherwise exhaust memory.
MAX_ROUNDS = 999


@dataclass(frozen=True)
class ScoreSystem:
    """Points for each kind of round entry, exactly (JaVaFo ``XXS`` granularity, which covers
    TRF-2026 ``162`` and bbpPairings ``BB?``). Unrated games (``W D L``) score as played games."""

    win_white: Fraction = Fraction(1)
    win_black: Fraction = Fraction(1)
    draw_white: Fraction = Fraction(1, 2)
    draw_black: Fraction = Fraction(1, 2)
    loss_white: Fraction = Fraction(0)
    loss_black: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    zero_bye: Fraction = Fraction(0)
    unknown: Fraction = Fraction(1, 2)  #: an adjourned game / unknown result (162 ``X``)

    def points(self, entry: RoundEntry) -> Fraction:
        """Points one round entry is worth. A game with no colour is scored as White's."""
        match entry:
            case Game(outcome=outcome, colour=colour):
                black = colour is Colour.BLACK
                if outcome is Outcome.WIN:
                    return self.win_black if black else self.win_white
                if outcome is Outcome.DRAW:
                    return self.draw_black if black else self.draw_white
                return self.loss_black if black else self.loss_white
            case Forfeit(won=won):
                return self.forfeit_win if won else self.forfeit_loss
            case Bye(kind=kind):
                return {
                    ByeKind.PAB: self.pab,
                    ByeKind.FULL: self.full_bye,
                    ByeKind.HALF: self.half_bye,
                    ByeKind.ZERO: self.zero_bye,
                }[kind]
            case Pending(adjourned=True):
                return self.unknown
            case NotPaired():
                return self.zero_bye
            case _:
                return Fraction(0)


DEFAULT_SCORES = ScoreSystem()


@dataclass(frozen=True)
class MatchPointSystem:
    """Team match points for a won, drawn and lost match (TRF-2026 ``362``)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


@dataclass(frozen=True)
class NationalRating:
    """A National Rating Support record (TRF-2026): the player's data in a national list."""

    federation: str
    sex: str | None = None
    classification: str | None = None
    name: str | None = None
    rating: int | None = None
    origin: str | None = None
    national_id: str | None = None
    birth_date: PartialDate | str | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Player:
    """One participant. ``points`` and ``rank`` are what the file declares; computations derive
    their own from ``rounds`` and never trust these."""

    start_number: int
    name: str = ""
    sex: str | None = None  #: ``m`` or ``w`` (other codes kept as written)
    title: str | None = None  #: one of :data:`~trfconv.titles.TITLE_CODES` when FIDE's (legacy letters normalised)
    rating: int | None = None  #: FIDE rating; None when unrated
    federation: str | None = None
    fide_id: str | None = None  #: digits; None when absent (``0`` or blank)
    birth_date: PartialDate | str | None = None
    points: Fraction | None = None
    rank: int | None = None
    rounds: tuple[RoundEntry, ...] = ()
    national_ratings: tuple[NationalRating, ...] = ()


@dataclass(frozen=True)
class Team:
    """A team (TRF ``013`` or TRF-2026 ``310``); ``members`` are start numbers in board order."""

    number: int
    name: str
    members: tuple[int, ...] = ()
    nickname: str | None = None
    strength: Fraction | None = None
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None


@dataclass(frozen=True)
class RequestedBye:
    """TRF-2026 ``240``: players or teams given a bye of ``kind`` in ``round``."""

    kind: ByeKind
    round: int
    ids: tuple[int, ...]


@dataclass(frozen=True)
class Acceleration:
    """TRF-2026 ``250``: fictitious points for the id range in the round range."""

    game_points: Fraction
    first_round: int
    last_round: int
    first_id: int
    last_id: int
    match_points: Fraction | None = None


@dataclass(frozen=True)
class PlayerAcceleration:
    """JaVaFo ``XXA``: a player's fictitious points per round (None = none that round)."""

    player: int
    points: tuple[Fraction | None, ...]


@dataclass(frozen=True)
class ProhibitedPairing:
    """TRF-2026 ``260`` (with a round range) or JaVaFo ``XXP`` (all rounds): these ids may not
    meet."""

    ids: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None


@dataclass(frozen=True)
class PointAdjustment:
    """TRF-2026 ``299``: points assigned outside the results (penalty, bonus, abnormal result).
    ``kind`` is the TRF type letter or None for a plain penalty/bonus; ``round`` None = all."""

    kind: str | None
    ids: tuple[int, ...]
    points: Fraction | None = None
    match_points: Fraction | None = None
    round: int | None = None


@dataclass(frozen=True)
class TeamPab:
    """TRF-2026 ``320``: the points of a team pairing-allocated bye and the team that got it in
    each round (None = no team)."""

    match_points: Fraction | None
    game_points: Fraction | None
    teams: tuple[int | None, ...]


#: The results a forfeited team match (330) can have.
TEAM_FORFEIT_RESULTS = ("+-", "-+", "--")


@dataclass(frozen=True)
class TeamForfeit:
    """TRF-2026 ``330``: a forfeited team match. ``result`` is ``+-`` (White team wins), ``-+``
    or ``--`` (double forfeit)."""

    result: str
    round: int
    white: int
    black: int


@dataclass(frozen=True)
class Lineup:
    """TRF-2026 ``300``: the players a team fielded in a round, board by board (None = empty
    board), when they differ from the default order."""

    round: int
    team: int
    opponent: int | None
    boards: tuple[int | None, ...]


@dataclass(frozen=True)
class Pairing:
    """What a pairing engine needs beyond the results (TRF-2026 and JaVaFo/bbpPairings data)."""

    system: str | None = None  #: TRF-2026 ``192`` code, e.g. ``FIDE_DUTCH_2026``
    initial_colour: Colour | None = None  #: ``152`` / ``XXC white1|black1``
    by_rank: bool = False  #: ``XXC rank``: pair by position in the file
    requested_byes: tuple[RequestedBye, ...] = ()
    absent_next_round: tuple[int, ...] = ()  #: JaVaFo ``XXZ``
    accelerations: tuple[Acceleration, ...] = ()
    player_accelerations: tuple[PlayerAcceleration, ...] = ()
    prohibited: tuple[ProhibitedPairing, ...] = ()


@dataclass(frozen=True)
class TeamEvent:
    """Team-competition data of TRF-2026."""

    board_colours: str | None = None  #: ``352``, e.g. ``WBWB``
    match_points: MatchPointSystem | None = None  #: ``362``; None = default 2/1/0
    pab: TeamPab | None = None
    forfeits: tuple[TeamForfeit, ...] = ()
    lineups: tuple[Lineup, ...] = ()


@dataclass(frozen=True)
class Event:
    """Event data (TRF ``012``–``222``)."""

    name: str | None = None
    city: str | None = None
    federation: str | None = None
    start_date: DateValue | None = None
    end_date: DateValue | None = None
    declared_players: int | str | None = None  #: ``062`` as declared
    declared_rated_players: int | str | None = None  #: ``072``
    declared_teams: int | str | None = None  #: ``082``
    type: str | None = None  #: ``092`` free text
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] = ()
    time_control_text: str | None = None  #: ``122`` as written
    time_control: TimeControl | str | None = None  #: ``222``, parsed (or the text if it did not parse)
    round_dates: tuple[DateValue | None, ...] = ()
    declared_rounds: int | None = None  #: ``142`` / ``XXR``
    rank_method: str | None = None  #: ``172``, e.g. ``IND FIDE``
    pairing_controller: str | None = None  #: ``182``
    tiebreaks: tuple[str, ...] = ()  #: ``202``
    standings_tiebreaks: tuple[str, ...] = ()  #: ``212`` (starts with ``PTS``)


@dataclass(frozen=True)
class Extra:
    """A line the reader kept without interpreting it (comment, ruler, unknown or private
    record), with the key of the record it followed so that writers put it back near its
    place. The anchor is a placement hint, not content: it does not take part in equality."""

    text: str
    after: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Source:
    """Where a tournament came from; not part of the model's identity."""

    path: str | None = None
    format: str | None = None  #: ``trf`` or ``json``
    version: str | None = None  #: ``TRF06``, ``TRF16``, ``TRF26``
    dialects: tuple[str, ...] = ()
    encoding: str | None = None
    line_ending: str | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    #: (start number, line) of each player's line in the file, for findings made after reading
    #: (the rating list cross-check)
    player_lines: tuple[tuple[int, int], ...] = ()
    #: (record, line) of each header record read from a TRF (``012`` … ``212``; the deputy
    #: arbiters as ``112#1``, ``112#2`` …), for findings made after reading (``check --upload``)
    record_lines: tuple[tuple[str, int], ...] = ()

    def player_at(self, start_number: int) -> tuple[str | None, int | None, None]:
        """Where player ``start_number`` is in the file: (path, line, column)."""
        return self.path, self._lines.get(start_number), None

    def record_at(self, record: str) -> tuple[str | None, int | None, None]:
        """Where header record ``record`` (``012``, ``112#2`` …) is in the file: (path, line, column)."""
        return self.path, self._records.get(record), None

    @cached_property
    def _lines(self) -> dict[int, int]:
        return dict(self.player_lines)

    @cached_property
    def _records(self) -> dict[str, int]:
        return dict(self.record_lines)


@dataclass(frozen=True)
class Tournament:
    """One event: header, players with their rounds, teams, scoring and pairing data, and the
    lines kept verbatim. ``source`` (where it was read, with the reader's diagnostics) is not
    part of its identity."""

    event: Event = field(default_factory=Event)
    players: tuple[Player, ...] = ()
    teams: tuple[Team, ...] = ()
    scores: ScoreSystem = DEFAULT_SCORES
    pairing: Pairing = field(default_factory=Pairing)
    team_event: TeamEvent = field(default_factory=TeamEvent)
    point_adjustments: tuple[PointAdjustment, ...] = ()
    extras: tuple[Extra, ...] = ()
    source: Source = field(default_factory=Source, compare=False)

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return self.source.diagnostics

    @property
    def rounds(self) -> int:
        """Number of rounds with data: the most round entries any player has."""
        return max(map(len, map(attrgetter("rounds"), self.players)), default=0)

    @property
    def last_round_held(self) -> int:
        """The last round in which some player has an entry other than "not paired" (0: none):
        how far the player lines reach, as a writer lays them out (where an event stands, and
        the round its standings stand after, are :mod:`trfconv.rules.progress`'s). Each
        player's rounds are read from his last one down to the latest found so far (a finished
        event: one entry a player)."""
        last = 0
        for p in self.players:
            rounds = p.rounds
            for r in range(len(rounds), last, -1):
                if not isinstance(rounds[r - 1], NotPaired):
                    last = r
                    break
        return last

    def digest(self) -> bytes:
        """What tells one event from another and a copy from its event (its name, dates, rounds,
        and each player's FIDE id, name and rating): two copies of an event, in one format or two
        (a TRF and its JSON), have the same; a period or a title application counts it once."""
        import hashlib

        return hashlib.sha256(repr((self.event.name, self.event.start_date, self.event.end_date, self.rounds,
                                    tuple((p.fide_id, p.name, p.rating) for p in self.players))).encode()).digest()

    def player(self, start_number: int) -> Player | None:
        """The player with this start number (the first one if a file repeats it)."""
        return self._by_start_number.get(start_number)

    @cached_property
    def _by_start_number(self) -> dict[int, Player]:
        index: dict[int, Player] = {}
        for p in self.players:
            index.setdefault(p.start_number, p)
        return index
