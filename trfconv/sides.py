"""The two sides of a pairing: which round entries name an opponent, when two entries are the
two sides of one pairing, and the entries a pairing's result gives each side.

Every format that holds pairings (chess-results XML, Swiss-Manager, Swiss-Chess, PGN) says a
game once; TRF and the crosstables say it once per player. The tournament builder turns the
first into the second with :func:`sides`, the read-time checks test the second with
:func:`agree`, and writers that write a game once ask the same question before they do.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from .messages import Message, msg
from .model import (
    OPPOSITE,
    Bye,
    Colour,
    Forfeit,
    Game,
    NotPaired,
    Outcome,
    Pending,
    Player,
    RoundEntry,
)

#: The round entries that can name an opponent (a forfeit may leave it out).
NAMES_OPPONENT = frozenset((Game, Forfeit, Pending))
#: One side of a pairing: a round entry of a kind that names an opponent.
Paired = Game | Forfeit | Pending


def opponent(entry: RoundEntry | None) -> int | None:
    """The start number a game, forfeit or pending pairing names (None for byes and blanks)."""
    return getattr(entry, "opponent", None)


def met_twice(players: Iterable[Player], within: int | None = None) -> bool:
    """Whether some two of ``players`` were paired twice in the first ``within`` rounds (all
    rounds: None). Within one cycle of a round robin nobody meets anyone twice: an event whose
    type is not declared and whose pairings repeat within a cycle is no round robin, whatever
    its counts of players and rounds."""
    for p in players:
        seen: set[int] = set()
        for entry in p.rounds[:within]:
            o = opponent(entry)
            if o is not None:
                if o in seen:
                    return True
                seen.add(o)
    return False


def agree(a: Paired, b: Paired) -> bool:
    """Whether ``a`` and ``b`` (two players' entries of one round, each naming the other) are the
    two sides of one pairing: not the same colour, and complementary results."""
    if a.colour is not None and a.colour is b.colour:
        return False
    if type(a) is Game and type(b) is Game:  # the usual case, without the general test
        return OPPOSITE[a.outcome] is b.outcome and a.rated == b.rated
    return complementary(a, b)


def complementary(a: RoundEntry | None, b: RoundEntry | None) -> bool:
    """Whether the results of ``a`` and ``b`` fit together: a game lost where the other won, a
    forfeit where the other forfeited (a double forfeit included), both unfinished."""
    if isinstance(a, Game) and isinstance(b, Game):
        return a.outcome.reversed is b.outcome and a.rated == b.rated
    if isinstance(a, Forfeit) and isinstance(b, Forfeit):
        return a.won != b.won or not a.won
    if isinstance(a, Pending) and isinstance(b, Pending):
        return a.adjourned == b.adjourned
    return False


#: A game in words, by its outcome and whether it is rated.
_GAMES = {(Outcome.WIN, True): msg("a win"), (Outcome.DRAW, True): msg("a draw"), (Outcome.LOSS, True): msg("a loss"),
          (Outcome.WIN, False): msg("a non-rated win"), (Outcome.DRAW, False): msg("a non-rated draw"),
          (Outcome.LOSS, False): msg("a non-rated loss")}


def describe(entry: RoundEntry | None) -> Message:
    """A round entry in words, for messages ("a forfeit win", "no pairing")."""
    match entry:
        case Game(outcome=o, rated=rated):
            return _GAMES[o, rated]
        case Forfeit(won=won):
            return msg("a forfeit win") if won else msg("a forfeit loss")
        case Bye(kind=kind):
            return msg("a bye {kind}", kind=kind.value)
        case Pending():
            return msg("a game without result")
        case NotPaired() | None:
            return msg("no pairing")
    return msg("an unreadable block")


def in_words(entry: RoundEntry | None) -> Message:
    """A round entry in words with its opponent and colour, for messages: ``a forfeit loss against
    153, colour not known``, ``a draw against 4 with Black``, ``a bye H``."""
    text = describe(entry)
    number = opponent(entry)
    if number is None:
        return text
    colour = getattr(entry, "colour", None)
    if colour is None:
        return msg("{entry} against {number}, colour not known", entry=text, number=number)
    if colour is Colour.WHITE:
        return msg("{entry} against {number}, with White", entry=text, number=number)
    return msg("{entry} against {number}, with Black", entry=text, number=number)


class Result(Enum):
    """The result of one pairing as formats that write a game once state it (White's side first)."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_WINS_FORFEIT = "+-"  #: Black did not play
    BLACK_WINS_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"
    PENDING = "*"  #: paired, no result yet
    ADJOURNED = "X"  #: paired, result unknown (TRF-2026 ``X``)


_OUTCOMES = {Result.WHITE_WINS: Outcome.WIN, Result.DRAW: Outcome.DRAW, Result.BLACK_WINS: Outcome.LOSS}


def sides(result: Result, white: int, black: int, *, rated: bool = True,
          coloured: bool = True) -> tuple[RoundEntry, RoundEntry]:
    """White's and Black's round entries of a pairing with ``result``. ``rated=False`` is a game
    of less than one move (TRF ``W D L``); ``coloured=False`` a pairing whose colours the format
    does not record (the first player is then only the first named)."""
    w, b = (Colour.WHITE, Colour.BLACK) if coloured else (None, None)
    outcome = _OUTCOMES.get(result)
    if outcome is not None:
        return Game(black, w, outcome, rated), Game(white, b, outcome.reversed, rated)
    if result in (Result.PENDING, Result.ADJOURNED):
        adjourned = result is Result.ADJOURNED
        return Pending(black, w, adjourned), Pending(white, b, adjourned)
    return (Forfeit(result is Result.WHITE_WINS_FORFEIT, black, w),
            Forfeit(result is Result.BLACK_WINS_FORFEIT, white, b))
