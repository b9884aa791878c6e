"""A candidate's games as the norm rules count them (1.4.2): games played over the board, each
with what the rules need of the opponent, and the rounds without a counted game."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model import Bye, ByeKind, Forfeit, Game, Outcome, Pending, Player, Tournament
from .people import Person
from .rules import NormRules

#: Half points of a played game's outcome.
HALF = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}


@dataclass(frozen=True, slots=True)
class NormGame:
    """One counted game: round, opponent, twice the points scored, the opponent's rating for the
    average (unrated: the edition's 1400, 1.4.6d), federation (None when it counts for none: FID,
    or not in the file, ``unknown_federation``), whether they hold a title for 1.4.5a, and their
    titles."""

    round: int
    opponent: int
    half_points: int
    rating: int
    unrated: bool
    federation: str | None
    titled: bool
    titles: frozenset[str]
    unknown_federation: bool = False  #: the file gives the opponent no federation
    brief: bool = False  #: the game lasted less than one move (TRF W D L), counted as played
    forfeit: bool = False  #: a last-round forfeit counted as a game lost (1.4.2c, its reading)

    @property
    def won(self) -> bool:
        return self.half_points == 2


@dataclass(frozen=True, slots=True)
class Missing:
    """A round without a counted game, and why: ``forfeit-win``, ``pab`` (the two that 1.4.1c
    accepts), ``forfeit-loss``, ``bye``, ``absent``, ``not finished``, ``excluded`` (1.4.2b); the
    opponent who forfeited, for a forfeit win (1.4.2c)."""

    round: int
    why: str
    opponent: int | None = None


@dataclass(frozen=True)
class Record:
    """A candidate's counted games in round order and the rounds without one."""

    games: tuple[NormGame, ...]
    missing: tuple[Missing, ...]
    #: The opponents' ratings and the games' half points, highest first (the bounds of
    #: :func:`.search.possible`), computed once.
    ratings: list[int] = field(init=False, repr=False, compare=False)
    results: list[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "ratings", sorted([g.rating for g in self.games], reverse=True))
        object.__setattr__(self, "results", sorted([g.half_points for g in self.games], reverse=True))

    def with_forfeit(self, rounds: int, facts: dict[int, tuple]) -> Record | None:
        """1.4.2c's last round: this record with the last round's forfeit win counted as a game
        lost against the opponent who forfeited; None when the last round (of ``rounds``) is no
        forfeit win against an opponent of the event."""
        last = next((m for m in self.missing if m.round == rounds), None)
        if last is None or last.why != "forfeit-win" or last.opponent not in facts:
            return None
        game = NormGame(rounds, last.opponent, 0, *facts[last.opponent], forfeit=True)
        return Record((*self.games, game), tuple(m for m in self.missing if m is not last))


def zero_against_rated(t: Tournament, people: dict[int, Person]) -> frozenset[int]:
    """1.4.2b: in a round robin, the unrated players who scored nothing against rated players
    (their games are not counted)."""
    out = set()
    for p in t.players:
        if people[p.start_number].rating is not None:
            continue
        against_rated = [e for e in p.rounds if isinstance(e, Game)
                         and people.get(e.opponent) is not None and people[e.opponent].rating is not None]
        if against_rated and all(e.outcome is Outcome.LOSS for e in against_rated):
            out.add(p.start_number)
    return frozenset(out)


def opponents(rules: NormRules, people: dict[int, Person]) -> dict[int, tuple]:
    """What a game needs of each player as an opponent, once per event: rating for the average
    (unrated: 1400, 1.4.6d), unrated, federation (None: FID or not in the file), titled (1.4.5a),
    titles, federation not in the file (:class:`NormGame`'s fields in order)."""
    return {n: (o.rating if o.rating is not None else rules.unrated_rating, o.rating is None,
                o.federation if o.federation not in rules.disregarded_federations else None,
                not o.titles.isdisjoint(rules.titled), o.titles, o.federation is None) for n, o in people.items()}


#: Why a round without a game has none, by the entry's kind.
_BYES = {ByeKind.PAB: "pab"}


def record(player: Player, facts: dict[int, tuple], rounds: int, excluded: frozenset[int],
           by_round: dict[int, dict[int, tuple]] | None = None) -> Record:
    """The counted games of ``player`` over the event's ``rounds`` (1.4.2c: forfeits, byes and
    unfinished games are not games; 1.4.2b: ``excluded`` opponents); ``facts``: :func:`opponents`,
    or ``by_round[round]`` where given (1.1.4: the list in force when the game was played)."""
    games, missing = [], []
    entries = player.rounds
    for number in range(1, rounds + 1):
        entry = entries[number - 1] if number <= len(entries) else None
        kind = type(entry)
        if kind is Game:
            o = entry.opponent
            known = by_round.get(number, facts) if by_round else facts
            if o in excluded or o not in known:
                missing.append(Missing(number, "excluded"))
            else:
                games.append(NormGame(number, o, HALF[entry.outcome], *known[o], not entry.rated))
        elif kind is Forfeit:
            missing.append(Missing(number, "forfeit-win" if entry.won else "forfeit-loss", entry.opponent))
        elif kind is Bye:
            missing.append(Missing(number, _BYES.get(entry.kind, "bye")))
        elif kind is Pending:
            missing.append(Missing(number, "not finished"))
        else:  # not paired, past the player's last round, unreadable
            missing.append(Missing(number, "absent"))
    return Record(tuple(games), tuple(missing))
