"""The pairing check's one-pass round test (`_round_agrees`) against the entry-by-entry
examination it stands in for: on any tournament, `_pairings` must report exactly what examining
every round reports, in the same order. Tournaments are built from mirrored pairings (what a
consistent file holds), then damaged at random, with start numbers in order, shuffled, with gaps
or repeated, and lines of different lengths."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfconv.io.checks import _examine_pairings, _pairings, _round_agrees
from trfconv.model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    Outcome,
    Pending,
    Player,
    Tournament,
    Unreadable,
)

COLOURS = st.sampled_from((Colour.WHITE, Colour.BLACK, None))


def _entry(opponents):
    """Any round entry, naming one of ``opponents`` where it names someone."""
    return st.one_of(
        st.builds(Game, opponents, COLOURS, st.sampled_from(Outcome), st.booleans()),
        st.builds(Forfeit, st.booleans(), st.none() | opponents, COLOURS),
        st.builds(Pending, opponents, COLOURS, st.booleans()),
        st.builds(Bye, st.sampled_from(ByeKind)),
        st.just(NOT_PAIRED),
        st.just(Unreadable("  12 w ?")),
    )


@st.composite
def _damaged(draw, entry, opponents):
    """``entry`` with one field changed (a wrong opponent, colour, result...), or another entry."""
    if not isinstance(entry, (Game, Forfeit, Pending)) or draw(st.integers(0, 3)) == 0:
        return draw(_entry(opponents))
    name = draw(st.sampled_from([f.name for f in fields(entry)]))
    values = {"opponent": opponents if not isinstance(entry, Forfeit) else st.none() | opponents,
              "colour": COLOURS, "outcome": st.sampled_from(Outcome)}.get(name, st.booleans())
    return replace(entry, **{name: draw(values)})


@st.composite
def _pair(draw, n: int, o: int) -> tuple:
    """The entries of ``n`` and ``o`` for a pairing both lines agree on."""
    colour = draw(COLOURS)
    other_colour = colour.opposite if colour and draw(st.integers(0, 3)) else None
    kind = draw(st.sampled_from(("game", "forfeit", "double forfeit", "pending")))
    if kind == "game":
        outcome, rated = draw(st.sampled_from(Outcome)), draw(st.booleans())
        return Game(o, colour, outcome, rated), Game(n, other_colour, outcome.reversed, rated)
    if kind == "pending":
        adjourned = draw(st.booleans())
        return Pending(o, colour, adjourned), Pending(n, other_colour, adjourned)
    won = kind == "forfeit" and draw(st.booleans())
    lost = kind == "forfeit" and not won
    return Forfeit(won, o, colour), Forfeit(lost, n, other_colour)


@st.composite
def _round(draw, numbers: list[int]) -> dict[int, object]:
    """One round: the players paired at random, the others with a bye or nothing."""
    order = draw(st.permutations(numbers))
    pairs = len(order) // 2 - draw(st.integers(0, 1) if len(order) > 1 else st.just(0))
    entries = {}
    for i in range(pairs):
        n, o = order[2 * i], order[2 * i + 1]
        entries[n], entries[o] = draw(_pair(n, o))
    for n in order[2 * pairs:]:
        entries[n] = draw(st.sampled_from((Bye(ByeKind.PAB), Bye(ByeKind.HALF), NOT_PAIRED)))
    return entries


@st.composite
def tournaments(draw) -> Tournament:
    size = draw(st.integers(1, 9))
    numbers = list(range(1, size + 1))
    numbering = draw(st.sampled_from(("in order", "shuffled", "gaps", "repeated")))
    if numbering == "shuffled":
        numbers = draw(st.permutations(numbers))
    elif numbering == "gaps":
        numbers = sorted(draw(st.sets(st.integers(1, 2 * size), min_size=size, max_size=size)))
    elif numbering == "repeated":
        numbers = numbers + [draw(st.sampled_from(numbers))]
    rounds = [draw(_round(sorted(set(numbers)))) for _ in range(draw(st.integers(1, 4)))]
    lines = {i: [r[n] for r in rounds] for i, n in enumerate(numbers)}
    opponents = st.integers(0, max(numbers) + 1)
    for _ in range(draw(st.integers(0, 3))):  # damage
        i = draw(st.sampled_from(sorted(lines)))
        r = draw(st.integers(0, len(rounds) - 1))
        lines[i][r] = draw(_damaged(lines[i][r], opponents))
    for i in draw(st.sets(st.sampled_from(sorted(lines)), max_size=2)):  # short lines
        del lines[i][draw(st.integers(0, len(rounds) - 1)):]
    return Tournament(players=tuple(Player(n, rounds=tuple(lines[i])) for i, n in enumerate(numbers)))


def _findings(run, t: Tournament) -> list[tuple]:
    out = []
    run(lambda code, message, where: out.append((code, message, where)), lambda *what: what)
    return out


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(tournaments())
def test_round_test_changes_nothing_that_is_reported(t):
    players = {p.start_number: p for p in t.players}
    assert _findings(lambda report, locate: _pairings(t, players, report, locate), t) == \
        _findings(lambda report, locate: _examine_pairings(t, range(t.rounds), report, locate), t)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12).flatmap(lambda size: _round(list(range(1, size + 1)))))
def test_a_round_whose_pairings_agree_needs_no_examination(entries):
    """Completeness: the one-pass test accepts every consistent round (no team forfeit here), so
    that the examination runs only where something differs."""
    assert _round_agrees(tuple(entries[n] for n in sorted(entries)))


def test_a_round_with_a_disagreement_is_examined():
    agree = (Game(2, Colour.WHITE, Outcome.WIN), Game(1, Colour.BLACK, Outcome.LOSS), Bye(ByeKind.PAB))
    assert _round_agrees(agree)
    assert not _round_agrees((Game(2, Colour.WHITE, Outcome.WIN), Game(1, Colour.BLACK, Outcome.WIN), NOT_PAIRED))
    assert not _round_agrees((Game(2, Colour.WHITE, Outcome.WIN), Game(3, Colour.BLACK, Outcome.LOSS),
                              Game(2, Colour.WHITE, Outcome.WIN)))  # 1 and 3 both name 2
    white, black = Game(3, Colour.WHITE, Outcome.WIN), Game(1, Colour.BLACK, Outcome.LOSS)
    assert not _round_agrees((white, white, black, Game(2, Colour.BLACK, Outcome.LOSS)))  # 2 names 3, who names 1
    assert not _round_agrees((Game(1, None, Outcome.DRAW),))  # paired against himself
    assert not _round_agrees((Game(2, Colour.WHITE, Outcome.WIN), None))  # 2's line ends earlier


def _two_players(first_points: str, *records: str) -> list[str]:
    """Codes and messages of a 1-round file where player 1 beats player 2, player 1 declaring
    ``first_points``, with the 299 ``records``."""
    from trfbuild import HEADER, player_line, trf

    import trfconv

    lines = (player_line(1, "Alpha, Ann", points=first_points, rounds=("   2 w 1",)),
             player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b 0",)))
    t = trfconv.reads(trf(*HEADER, *lines, *records))
    return [f"{d.code} {d.message}" for d in t.diagnostics if d.code == "TRF033"]


def _record(kind: str, points: str, round_: int, player: int) -> str:
    """A 299 line: type 5, MP 8-11 (blank), points 14-17, round 20-22, id 24-27."""
    return f"299 {kind:1}  {'':4}  {points:>4}  {round_:>3} {player:>4}"


def test_declared_points_explained_by_299_records():
    """The points column counts what 299 assigns: a penalty (blank type) adds its points; a
    result set for a round (``D 0.5`` on a won game) replaces what the round gave (1 -> 0.5, a
    difference of -0.5, not +0.5). Anything else is still reported."""
    assert _two_players("1.0") == []
    assert _two_players("0.0", _record(" ", "-1.0", 1, 1)) == []
    assert _two_players("0.5", _record("D", "0.5", 1, 1)) == []
    assert _two_players("1.5", _record("D", "0.5", 1, 1)) == [
        "TRF033 player 1 declares 1.5 points, the results give 1 (difference +0.5)"]
