"""The model's classes whose ``__init__`` is :func:`trfconv.records.quick_init`'s: the same
parameters, defaults and behaviour as the frozen dataclass's own, and still frozen."""

from __future__ import annotations

import dataclasses
import inspect
from fractions import Fraction

import pytest

from trfconv import records
from trfconv.dates import PartialDate
from trfconv.model import Colour, Game, Outcome, Player
from trfconv.records import quick_init
from trfconv.rules.rateability.verdict import (
    Exclusion,
    GameVerdict,
    Gets,
    PlayerVerdict,
    game_verdict,
    player_verdict,
)
from trfconv.rules.rating.change import RatedGame


@pytest.mark.parametrize("cls", [Game, Player, PartialDate, GameVerdict, RatedGame])
def test_quick_init_takes_the_fields_with_their_defaults(cls):
    parameters = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in parameters] == [f.name for f in dataclasses.fields(cls)]
    assert [p.default for p in parameters] == [inspect.Parameter.empty if f.default is dataclasses.MISSING
                                               else f.default for f in dataclasses.fields(cls)]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)


def test_quick_init_objects_are_the_dataclass_objects():
    """Given by position, by keyword or left to their default, the values land in their own
    fields; equality, hashing, replace and repr are the dataclass's; assigning still raises."""
    game = Game(12, Colour.WHITE, Outcome.DRAW)
    assert (game.opponent, game.colour, game.outcome, game.rated) == (12, Colour.WHITE, Outcome.DRAW, True)
    assert game == Game(rated=True, outcome=Outcome.DRAW, colour=Colour.WHITE, opponent=12)
    assert hash(game) == hash(Game(12, Colour.WHITE, Outcome.DRAW, True)) and game != Game(12, Colour.BLACK,
                                                                                           Outcome.DRAW)
    assert dataclasses.replace(game, rated=False).rated is False
    player = Player(7, "Doe, Jane", rating=2011, points=Fraction(5, 2), rounds=(game,))
    assert (player.start_number, player.name, player.rating, player.points, player.rounds, player.fide_id) == \
        (7, "Doe, Jane", 2011, Fraction(5, 2), (game,), None)
    assert repr(game) == "Game(opponent=12, colour=<Colour.WHITE: 'w'>, outcome=<Outcome.DRAW: 'draw'>, rated=True)"
    for value, name in ((game, "opponent"), (player, "rating")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, name, 1)
    with pytest.raises(TypeError):
        Game(1, Colour.WHITE)  # outcome has no default


def test_quick_init_on_another_class():
    """Any frozen dataclass with slots: an unknown argument is the TypeError a dataclass gives;
    ``__post_init__`` runs after the fields are set, as a dataclass's own ``__init__`` runs it (a
    partial birth date is checked); a default factory is refused."""
    @quick_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Pair:
        a: int
        b: str = "x"

    assert (Pair(1).a, Pair(1).b, Pair(2, "y").b) == (1, "x", "y")
    with pytest.raises(TypeError):
        Pair(1, c=2)
    assert PartialDate(1993, 2) == PartialDate(year=1993, month=2, day=None) and str(PartialDate(1978)) == "1978/00/00"
    for bad in ((1993, None, 5), (1993, 2, 30), (0,)):
        with pytest.raises(ValueError):
            PartialDate(*bad)
    with pytest.raises(TypeError, match="default factory"):
        @quick_init
        @dataclasses.dataclass(frozen=True, slots=True)
        class Listed:
            a: tuple = dataclasses.field(default_factory=tuple)


def test_game_verdict_builds_the_dataclass_object():
    """The validator's fast builder: its parameters are GameVerdict's fields (a field added to
    GameVerdict and not to the builder fails here), and what it returns is a GameVerdict equal to,
    hashing and printing as the dataclass's own, and frozen."""
    assert list(inspect.signature(game_verdict).parameters) == [f.name for f in dataclasses.fields(GameVerdict)]
    built = game_verdict(3, 7, 12, Fraction(1, 2), False, (Exclusion.UNRATED_OPPONENT,))
    own = GameVerdict(3, 7, 12, Fraction(1, 2), False, (Exclusion.UNRATED_OPPONENT,))
    assert type(built) is GameVerdict and built == own and hash(built) == hash(own) and repr(built) == repr(own)
    assert built != game_verdict(3, 7, 12, Fraction(1, 2), True, ())
    assert dataclasses.replace(built, counts=True, reasons=()) == GameVerdict(3, 7, 12, Fraction(1, 2), True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.counts = True


def test_player_verdict_builds_the_dataclass_object():
    """As :func:`test_game_verdict_builds_the_dataclass_object`, for the player's verdict."""
    assert list(inspect.signature(player_verdict).parameters) == [f.name for f in dataclasses.fields(PlayerVerdict)]
    games = (GameVerdict(1, 7, 12, Fraction(1), True),)
    built, own = player_verdict(7, None, Gets.INITIAL, "a note", games), PlayerVerdict(7, None, Gets.INITIAL, "a note",
                                                                                     games)
    assert type(built) is PlayerVerdict and built == own and repr(built) == repr(own) and vars(built) == vars(own)
    assert built.counted_games == games and dataclasses.replace(built, rating=1500).rated
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.reason = None


def test_builder_on_another_class():
    """A builder takes the class's parameters with their defaults, returns the class's own
    objects (frozen), runs ``__post_init__`` (a partial birth date is checked), works without
    slots too, and refuses a default factory."""
    @dataclasses.dataclass(frozen=True, slots=True)
    class Pair:
        a: int
        b: str = "x"

    make = records.builder(Pair)
    assert make(1) == Pair(1) and make(2, b="y") == Pair(2, "y") and type(make(1)) is Pair
    with pytest.raises(TypeError):
        make(1, c=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        make(1).a = 2
    date = records.builder(PartialDate)
    assert date(1993, 2) == PartialDate(1993, 2) and str(date(1978)) == "1978/00/00"
    for bad in ((1993, None, 5), (1993, 2, 30), (0,)):
        with pytest.raises(ValueError):
            date(*bad)

    @dataclasses.dataclass(frozen=True)
    class Loose:
        a: int

    assert records.builder(Loose)(3) == Loose(3) and vars(records.builder(Loose)(3)) == {"a": 3}
    with pytest.raises(TypeError, match="default factory"):
        records.builder(dataclasses.make_dataclass("Listed", [("a", tuple, dataclasses.field(default_factory=tuple))],
                                                   frozen=True))
