"""The made Papi files (``fixtures/papi``, built by ``tests/helpers/papibuild.py`` from invented
players) read through trfconv, everything asserted against the events as written there and
worked out by hand: a Swiss in progress (byes against EXEMPT, a forfeit, a double forfeit,
absences, a half-point bye, a withdrawal, byes asked for rounds not paired yet, results still to
come), a Swiss not started (rated in rapid) and a round robin (rated in blitz). They are
committed, so these tests run wherever the tests run, unlike the real files' (``test_papi.py``)."""

from __future__ import annotations

import json
import re
from datetime import date
from fractions import Fraction

import pytest

import papibuild
from trfconv.io.registry import read_bytes
from trfconv.model import Bye, ByeKind, Colour, Forfeit, Game, Outcome, Pending

W, B = Colour.WHITE, Colour.BLACK


def read(stem: str):
    path = papibuild.path(stem)
    return read_bytes(path.read_bytes(), str(path))


def test_the_committed_files_are_the_ones_built():
    assert papibuild.differing() == [], "run: python tests/helpers/papibuild.py"


def test_a_swiss_in_progress():
    t = read("swiss-in-progress")
    e = t.event
    assert (t.source.format, t.source.version) == ("papi", "Papi 3.3.7")
    # the table's values, not those of the orphaned INFO page (another time control, no Dep1)
    assert (e.name, e.city, e.chief_arbiter, e.time_control_text) == (
        "Open d'été de Trévoux", "Trévoux", "Hélène Arbitre", "90 min + 30 s/cp")
    assert (e.start_date, e.end_date, e.declared_rounds, e.type, e.federation) == (
        date(2024, 7, 13), date(2024, 7, 21), 7, "Individual: Swiss-System", "FRA")
    assert e.tiebreaks == ("OTHER_BRAZILIAN", "OTHER_HARKNESS", "OTHER_PERF")
    said = {d.code: d.message for d in t.source.diagnostics}
    assert set(said) == {"PAP006", "PAP007", "PAP008", "PAP010"}
    assert all(what in said["PAP007"] for what in ("homologation", "club", "category"))
    # numbered by Ref, the deleted players' gaps (Refs 5 and 11) closed, EXEMPT left out
    assert [(p.start_number, p.name, p.sex, p.title) for p in t.players] == [
        (1, "DURAND, Étienne", "m", "GM"), (2, "ŁUKASZEWSKA, Zofia", "w", "WIM"), (3, "MOREAU, Gaëlle", "w", "WGM"),
        (4, "LEFÈVRE, Jérôme", "m", "IM"), (5, "GARCÍA, Iñaki", "m", "FM"), (6, "PETIT, Anaïs", "w", "WFM"),
        (7, "ROUSSEAU, François", "m", None), (8, "SCHNEIDER, Jürgen", "m", None), (9, "FONTAINE, Chloé", "w", None),
        (10, "BONNET, Loïc", "m", None), (11, "CHEVALIER-DE-LA-TOUR, Marc", "m", None),
        (12, "NGUYEN, Thi Lan", "w", None), (13, "ROBERT, Zoë", "w", None), (14, "DA SILVA FERNANDES", "m", None),
        (15, "MERCIER, Théo", "m", None)]
    # the standard list (ClassElo Elo): a FIDE rating when flagged F, a national one when N
    assert [p.rating for p in t.players] == [2385, 2290, 2260, 2205, 2140, 2010, 1950, 1880, None, 1720, None, 1590,
                                             None, None, None]
    by_number = {p.start_number: p for p in t.players}
    assert [(n.federation, n.rating, n.national_id) for n in by_number[9].national_ratings] == [("FRA", 1795, "T00012")]
    assert [(n.federation, n.rating, n.national_id) for n in by_number[1].national_ratings] == [("FRA", None, "T00002")]
    assert by_number[2].national_ratings == () and by_number[2].federation == "POL"
    assert (by_number[3].fide_id, by_number[9].fide_id, by_number[14].fide_id) == ("90000004", None, None)
    assert (str(by_number[1].birth_date), by_number[13].birth_date) == ("1985/04/02", None)
    # every kind of round
    assert by_number[15].rounds == (Bye(ByeKind.PAB), Forfeit(False, 5, W), Forfeit(False, 7, B), Game(13, B, Outcome.DRAW),
                                    Game(9, W, Outcome.LOSS))
    assert by_number[5].rounds[1] == Forfeit(True, 15, B)
    assert by_number[7].rounds[2] == Forfeit(False, 15, W)  # the double forfeit, from the other side
    assert by_number[14].rounds == (Game(7, B, Outcome.LOSS), Bye(ByeKind.ZERO), Game(8, B, Outcome.WIN),
                                    Bye(ByeKind.PAB), Pending(3, W))
    assert by_number[13].rounds[2] == Bye(ByeKind.HALF)
    assert by_number[11].rounds[3:] == (Bye(ByeKind.ZERO), Bye(ByeKind.ZERO))  # withdrawn from round 4
    assert by_number[8].rounds[3:] == (Bye(ByeKind.ZERO), Pending(12, B))
    # absences entered for rounds 6 and 7 (the withdrawn player's among them): byes asked for
    assert [(b.kind, b.round, b.ids) for b in t.pairing.requested_byes] == [
        (ByeKind.HALF, 6, (2,)), (ByeKind.ZERO, 6, (7, 11)), (ByeKind.ZERO, 7, (7, 11, 12))]
    # Papi stores no points: 1 a win, a forfeit won, the pairing bye; ½ a draw, a half-point bye
    assert [sum(t.scores.points(r) for r in p.rounds) for p in t.players] == [Fraction(x, 2) for x in (
        7, 6, 4, 6, 7, 5, 4, 1, 5, 8, 0, 2, 3, 4, 3)]


def test_a_swiss_before_its_first_round():
    t = read("swiss-not-started")
    e = t.event
    assert (e.name, e.start_date, e.end_date, e.time_control_text, e.declared_rounds) == (
        "Rapide du Marais", date(2024, 10, 5), date(2024, 10, 5), "15 min + 5 s", 5)  # dates written with a time
    assert e.tiebreaks == ("OTHER_PERF", "OTHER_BRAZILIAN")
    assert all(p.rounds == () for p in t.players) and len(t.players) == 12
    # the rapid list (ClassElo Rapide), the flags of the rapid column
    assert [p.rating for p in t.players] == [2150, 2010, None, 1875, None, None, 1650, 1610, None, 1480, None, None]
    assert [n.rating for n in t.players[2].national_ratings] == [1960]
    assert [(b.kind, b.round, b.ids) for b in t.pairing.requested_byes] == [
        (ByeKind.HALF, 1, (4,)), (ByeKind.ZERO, 2, (6, 8)), (ByeKind.ZERO, 3, (6,))]
    assert "PAP008" in {d.code for d in t.source.diagnostics}


def test_a_round_robin():
    t = read("round-robin")
    assert (t.event.type, t.event.declared_rounds, t.event.tiebreaks) == ("Individual: Round-Robin", 5, ("OTHER_PERF",))
    # the blitz list (ClassElo Blitz)
    assert [p.rating for p in t.players] == [2285, 2240, None, None, None, None]
    assert [[(n.rating, n.national_id) for n in p.national_ratings] for p in t.players] == [
        [(None, "S00202")], [(None, "S00203")], [(2105, None)], [(1975, "S00205")], [(None, "S00206")],
        [(1830, "S00207")]]
    assert t.players[0].rounds == (Game(6, W, Outcome.WIN), Game(2, W, Outcome.DRAW), Game(3, B, Outcome.WIN),
                                   Forfeit(True, 4, W), Game(5, B, Outcome.WIN))
    assert [sum(t.scores.points(r) for r in p.rounds) for p in t.players] == [Fraction(x, 2) for x in (9, 7, 6, 4, 3, 1)]


# -- the commands ---------------------------------------------------------------------------------

#: What each file's counts are (``trfconv info --json``).
COUNTS = {
    "swiss-in-progress": {"players": 15, "rated_players": 10, "rounds": 5, "rated_games": 29, "forfeits": 2,
                          "byes_pab": 2, "byes_half": 1, "byes_zero": 4, "pending_games": 3},
    "swiss-not-started": {"players": 12, "rated_players": 6, "rounds": 0, "rated_games": 0, "pending_games": 0},
    "round-robin": {"players": 6, "rated_players": 2, "rounds": 5, "rated_games": 14, "forfeits": 1},
}
#: The errors check --upload finds in each converted file, each for a reason the event gives:
#: Papi leaves the round dates empty (UPL001: 132 missing); results still to come (UPL004); a
#: new player without a birth date (UPL010); no ranks before the first round (UPL003). Besides,
#: all three are of 2024: too late for any rating list (UPL032) from 2025 on.
UPLOAD_ERRORS = {
    "swiss-in-progress": {"UPL001", "UPL004", "UPL010", "UPL061"},  # a round paired without all its results
    "swiss-not-started": {"UPL001", "UPL003", "UPL010", "UPL060"},  # no game has a result
    "round-robin": {"UPL001"},
}


@pytest.mark.parametrize("stem", papibuild.EVENTS)
def test_info_and_standings(stem, cli):
    path = papibuild.path(stem)
    info = json.loads(cli("info", "--json", path).stdout)
    assert info["format"] == "papi" and info["diagnostics"]["error"] == info["diagnostics"]["warning"] == 0
    assert {k: info["counts"][k] for k in COUNTS[stem]} == COUNTS[stem]
    standings = cli("standings", "--json", path)
    assert standings.exit_code == 0, standings.stderr
    ranked = json.loads(standings.stdout)["standings"]
    points = {row["name"]: Fraction(row["values"]["PTS"]) for row in ranked}
    t = read(stem)
    assert points == {p.name: sum(t.scores.points(r) for r in p.rounds) for p in t.players}
    assert [points[row["name"]] for row in ranked] == sorted(points.values(), reverse=True)


@pytest.mark.slow
@pytest.mark.parametrize("stem", papibuild.EVENTS)
def test_convert_then_check_upload_judges_the_event_on_its_merits(stem, tmp_path, cli):
    out = tmp_path / "event.trf"
    converted = cli("convert", papibuild.path(stem), "-o", out)
    assert converted.exit_code == 0, converted.stderr
    assert "012 " + read(stem).event.name in out.read_text(encoding="utf-8")
    check = cli("check", "--upload", out)
    errors = set(re.findall(r"error (UPL\d{3})", check.stdout + check.stderr))
    assert errors - {"UPL032"} == UPLOAD_ERRORS[stem]
    assert check.exit_code == 1 and "NOT READY to upload" in check.stdout + check.stderr
