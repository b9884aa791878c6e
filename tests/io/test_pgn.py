"""The PGN reader: the Vega sample event's five per-round PGN exports give the crosstable Vega
itself wrote (its TRFx: points and ranks), with the one double forfeit, written ``*``, reported
as what it is (ambiguous); the rules for forfeits, absences and players' identity on small
PGN texts."""

from __future__ import annotations

from fractions import Fraction

import paths
import pytest

import trfconv
from trfconv.io.registry import detect_format
from trfconv.model import Colour, Forfeit, Game, NotPaired, Outcome, Pending

NATIVE = paths.FIXTURES / "native"
ROUNDS = sorted((NATIVE / "pgn").glob("*.pgn"))
TRFX = NATIVE / "vega" / "samuraitruong__vegachess-html-generator__Sample_Tournament.trfx"


@pytest.fixture(scope="module")
def event():
    """The five rounds as one collection, as ``cat Sample_Tournament?.pgn`` makes it."""
    return trfconv.reads(b"\n".join(p.read_bytes() for p in ROUNDS), path="event.pgn")


def codes(t):
    return [d.code for d in t.diagnostics]


def test_each_round_file_is_detected_and_read():
    for r, path in enumerate(ROUNDS, 1):
        assert detect_format(path.read_bytes()) == "pgn"
        t = trfconv.read(path)
        assert (len(t.players), t.rounds, t.source.format) == (6, r, "pgn")
        assert not any(d.severity.value == "error" for d in t.diagnostics)


def test_the_event_counts_and_the_diagnostics_it_deserves(event):
    assert (len(event.players), event.rounds, len(event.teams)) == (6, 5, 0)
    assert (event.event.name, event.event.city, str(event.event.start_date)) == (
        "Vega sample tournament", "Melbourne AUS", "2023-12-29")
    # the double forfeit of round 2 board 2 is written "*": kept pending and said to be ambiguous;
    # the numbering is said; nothing else
    assert codes(event) == ["PGN003", "PGN007"]
    pending = event.diagnostics[0].message
    assert "round 2 board 2" in pending and "double forfeit" in pending


def test_points_and_ranks_equal_vegas_own_trfx(event):
    vega = trfconv.read(TRFX)
    assert not any(d.severity.value == "error" for d in vega.diagnostics)
    by_name = {p.name.replace(",", ""): p for p in event.players}
    standings = {row.player.start_number: row for row in trfconv.standings(event, "BH").rows}
    for p in vega.players:
        mine = by_name[p.name]
        assert sum(map(event.scores.points, mine.rounds)) == p.points, p.start_number
        assert standings[mine.start_number].rank == p.rank, p.start_number
        assert (mine.rating, mine.fide_id) == (p.rating, p.fide_id)


def test_players_numbered_by_rating_then_name_and_three_players(event):
    assert [p.rating for p in event.players[:4]] == [2345, 1987, 1675, 1234]
    p1, p3, p5 = event.player(1), event.player(3), event.player(5)
    assert (p1.fide_id, p1.rounds[1]) == ("93849384", Game(2, Colour.WHITE, Outcome.WIN))
    assert p3.rounds[1] == Pending(4, Colour.WHITE) and event.player(4).rounds[1] == Pending(3, Colour.BLACK)
    # the two unrated players come last, in name order (Vega numbered them otherwise: 5 and 6
    # swapped; start numbers are not in a PGN)
    assert (p5.rating, p5.fide_id, p5.rounds[2]) == (None, None, Game(1, Colour.WHITE, Outcome.WIN))


def test_round_trip_through_trf26(event):
    data, _ = trfconv.dumps(event, "trf26")
    assert trfconv.reads(data) == event


GAME = '[Event "E"]\n[Round "{round}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n{extra}\n{moves} {result}\n\n'


def pgn(*games: dict) -> bytes:
    return "".join(GAME.format(**{"extra": "", "moves": "", **g}) for g in games).encode()


def test_forfeits_as_the_pgn_says_them_and_a_decisive_game_without_moves_is_a_game():
    t = trfconv.reads(pgn(
        {"round": "1.1", "white": "A", "black": "B", "result": "1-0", "extra": '[Termination "forfeit"]'},
        {"round": "1.2", "white": "C", "black": "D", "result": "0-1", "moves": "{White did not show up: forfeit}"},
        {"round": "1.3", "white": "E", "black": "F", "result": "1-0", "moves": "{A long game}"},
        {"round": "1.4", "white": "G", "black": "H", "result": "0-1", "moves": "1. e4 {forfeit? no} e5"}))
    by_name = {p.name: p for p in t.players}
    assert by_name["A"].rounds[0] == Forfeit(True, by_name["B"].start_number, Colour.WHITE)
    assert by_name["D"].rounds[0] == Forfeit(True, by_name["C"].start_number, Colour.BLACK)
    assert isinstance(by_name["E"].rounds[0], Game) and isinstance(by_name["G"].rounds[0], Game)
    assert "PGN005" in codes(t) and "2 game(s)" in next(d.message for d in t.diagnostics if d.code == "PGN005")


def test_a_player_without_a_game_is_absent_and_said_so_and_ids_join_names():
    t = trfconv.reads(pgn(
        {"round": "1", "white": "A", "black": "B", "result": "1-0",
         "extra": '[WhiteFideId "100"]\n[WhiteElo "2000"]'},
        {"round": "1", "white": "C", "black": "D", "result": "1/2-1/2"},
        {"round": "2", "white": "B", "black": "A", "result": "0-1"},
        {"round": "3", "white": "A", "black": "C", "result": "*"}))
    assert len(t.players) == 4
    a = t.player(1)
    assert (a.name, a.fide_id, a.rating) == ("A", "100", 2000)  # the id of round 1 joins "A" of rounds 2-3
    assert [p.name for p in t.players] == ["A", "B", "C", "D"]  # rated first, then by name
    assert a.rounds[1] == Game(2, Colour.BLACK, Outcome.WIN) and a.rounds[2] == Pending(3, Colour.WHITE)
    absent = next(d.message for d in t.diagnostics if d.code == "PGN004")
    assert absent.startswith("4 round(s) without a game") and "bye" in absent
    d = next(p for p in t.players if p.name == "D")
    assert d.rounds[1:] == (NotPaired(), NotPaired())
    assert sum(map(t.scores.points, a.rounds)) == 2


def test_games_without_a_round_are_placed_and_games_without_names_left_out():
    t = trfconv.reads(pgn({"round": "?", "white": "A", "black": "B", "result": "1-0"},
                          {"round": "1", "white": "C", "black": "D", "result": "1-0"},
                          {"round": "2", "white": "?", "black": "C", "result": "1-0"}))
    assert [p.name for p in t.players] == ["A", "B", "C", "D"] and codes(t).count("PGN002") == 1
    assert t.player(1).rounds == (Game(2, Colour.WHITE, Outcome.WIN),)  # A - B: round 1, both were free
    assert "PGN008" in codes(t)
    assert t.player(3).points is None and sum(map(t.scores.points, t.player(3).rounds)) == Fraction(1)
    empty = trfconv.reads(b'[Event "nothing"]\n\n*\n', path="x.pgn")
    assert codes(empty) == ["PGN001"] and empty.players == ()


def _match(round_tags: list[str]) -> bytes:
    """A six-game match between the same two players, colours alternating, numbered in Site."""
    return pgn(*({"round": tag, "white": "Anand" if i % 2 == 0 else "Gelfand",
                  "black": "Gelfand" if i % 2 == 0 else "Anand", "result": "1/2-1/2",
                  "extra": f'[Site "Game {i + 1}"]'} for i, tag in enumerate(round_tags)))


@pytest.mark.parametrize("tag", ["?", "-", "", "1"])
def test_a_match_whose_games_give_no_round_keeps_every_game_in_file_order(tag):
    t = trfconv.reads(_match([tag] * 6), path="match.pgn")
    assert len(t.players) == 2 and t.rounds == 6
    anand = next(p for p in t.players if p.name == "Anand")
    assert [e.colour for e in anand.rounds] == [Colour.WHITE, Colour.BLACK] * 3
    assert sum(map(t.scores.points, anand.rounds)) == 3
    said = [d for d in t.diagnostics if d.code == "PGN008"]
    assert len(said) == 1 and said[0].message.startswith("6 game(s)" if tag != "1" else "5 game(s)")
    assert not [d for d in t.diagnostics if d.code in ("PAR002", "PGN002")]


def test_a_file_without_a_tournament_game_is_refused(cli, tmp_path):
    """An opening book: every game ``White "?"``/``Black "?"``, ``Result "*"``; nothing to read: exit 2."""
    book = "".join(f'[Event "?"]\n[Site "?"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 e5 {i} *\n\n'
                   for i in range(5))
    path = tmp_path / "book.pgn"
    path.write_text(book)
    t = trfconv.read(path)
    assert codes(t) == ["PGN001"] and "none of the 5 game(s)" in t.diagnostics[0].message
    for command in ("check", "convert", "standings"):
        assert cli(command, path).exit_code == 2
