"""Real crosstable exports as people download them (fixtures/crosstables, SOURCES.md), read
with the values each file itself shows, checked by hand against the file's lines."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import paths
import pytest
from crosstablebuild import computed, kinds
from trfbuild import as_trf

import trfconv
from trfconv.model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    Outcome,
    Pending,
)

CROSSTABLES = paths.FIXTURES / "crosstables"
STOCKHOLM = CROSSTABLES / "ChristerNilsson__2026__seniorschack-km-2026.chess-results.csv"
SAN_SEBASTIAN = CROSSTABLES / "mrrookes__arbitools__testing.chess-results.csv"
LIMERICK = CROSSTABLES / "icu-swissperfect-spexport_LimerickClubChampionship09.txt"
W, B = Colour.WHITE, Colour.BLACK


# -- chess-results "Ranking crosstable after Round 4", English, comma-separated ----------------
def test_stockholm_export_players_event_and_diagnostics():
    t = trfconv.read(STOCKHOLM)
    assert (t.source.format, t.source.version, t.source.encoding) == ("csv", "chess-results", "utf-8")
    assert (len(t.players), t.rounds) == (40, 5)  # 5.Rd is paired, not played
    # the three banner lines above the title are not the name
    assert t.event.name == "Seniorschack Stockholm KM Klassiskt 2026"
    # TB1..TB3 are not read; no SNo column: players numbered by their ranking row
    assert Counter(d.code for d in t.diagnostics) == Counter({"CSV005": 1, "CSV008": 1})
    assert [p.start_number for p in t.players] == [p.rank for p in t.players] == list(range(1, 41))


@pytest.mark.parametrize("number, name, title, rating, fed, points", [
    (1, "Strömbäck Henrik", None, 2020, "SWE", Fraction(7, 2)),  # "Strömbäck Henrik ": trailing space
    (3, "Berg Laachiri Susanna", "WFM", 1904, "SWE", Fraction(7, 2)),  # title from the unnamed column
    (14, "Kaminski Andrzej", None, 1929, "POL", Fraction(5, 2)),
    (32, "Ornstein Axel", "IM", 2059, "SWE", Fraction(1)),
    (40, "Bergström Helge", None, 1537, "SWE", Fraction(0)),
])
def test_stockholm_players_as_the_file_lists_them(number, name, title, rating, fed, points):
    p = trfconv.read(STOCKHOLM).player(number)
    assert (p.name, p.title, p.rating, p.federation, p.points, p.rank) == (name, title, rating, fed, points, number)


def test_stockholm_round_cells():
    t = trfconv.read(STOCKHOLM)
    # "1,,Strömbäck Henrik ,2020,SWE, 17b1,  5w1,  9b½, 10w1,  4w ,3.5": round 5 paired, no result yet
    assert t.player(1).rounds == (Game(17, B, Outcome.WIN), Game(5, W, Outcome.WIN), Game(9, B, Outcome.DRAW),
                                  Game(10, W, Outcome.WIN), Pending(4, W))
    assert t.player(17).rounds[0] == Game(1, W, Outcome.LOSS)  # " 1w0" on row 17
    # "32,IM,Ornstein Axel ,…, 20w½, 23b ,  7w-, 21w½, 37b": a postponed round-2 game and a forfeit
    assert t.player(32).rounds == (Game(20, W, Outcome.DRAW), Pending(23, B), Forfeit(False, 7, W),
                                   Game(21, W, Outcome.DRAW), Pending(37, B))
    assert (t.player(7).rounds[2], t.player(23).rounds[1]) == (Forfeit(True, 32, B), Pending(32, W))
    assert (t.player(4).rounds[2], t.player(8).rounds[2]) == (Pending(8, W), Pending(4, B))  # "  8w " / "  4b "
    # "-1": pairing-allocated bye; "   -½": half-point bye (one a round: 39 players paired)
    assert [(n, r) for n in (31, 28, 38) for r, e in enumerate(t.player(n).rounds, 1) if e == Bye(ByeKind.PAB)] == [
        (31, 1), (28, 2), (38, 4)]
    assert [(n, r) for n in (10, 13, 30) for r, e in enumerate(t.player(n).rounds, 1) if e == Bye(ByeKind.HALF)] == [
        (10, 1), (13, 2), (30, 4)]
    # "0" in round 5 (the file's "-0", turned into a number by a spreadsheet): not paired
    assert (t.player(9).rounds[4], t.player(25).rounds[4]) == (NOT_PAIRED, NOT_PAIRED)
    assert kinds(t) == Counter({"Game": 144, "Pending": 46, "Bye.HALF": 3, "Bye.PAB": 3, "Forfeit": 2,
                                "NotPaired": 2})


def test_stockholm_points_column_agrees_with_the_results():
    t = trfconv.read(STOCKHOLM)
    assert [p.start_number for p in t.players if p.points != computed(t, p)] == []
    # the Pts. column's total: 72 games played and one forfeit (a point each), 3 PAB, 3 half-point byes
    assert sum(p.points for p in t.players) == 72 + 1 + 3 + Fraction(3, 2)


# -- both real exports survive the trip through TRF-2026 ---------------------------------------
@pytest.mark.parametrize("path, written, reread", [(STOCKHOLM, [], {"TRF027"}), (SAN_SEBASTIAN, ["WRT009"], {"TRF033"}),
                                                   (LIMERICK, ["WRT006", "WRT009"], {"TRF024", "TRF026"})],
                         ids=["stockholm", "san-sebastian", "limerick"])
def test_real_export_round_trips_through_trf26(path, written, reread):
    t = trfconv.read(path)
    data, diagnostics = trfconv.dumps(t, "trf26")
    again = trfconv.reads(data)
    assert again == as_trf(t)  # a forfeit without a colour: White for the lower start number (WRT009)
    assert trfconv.dumps(again, "trf26")[0] == data
    # the writer says once that SwissPerfect's games have no colour (112 of them)
    assert [d.code for d in diagnostics] == written
    # what the TRF reader says of the same data: paired games without a result (TRF027), the
    # San Sebastián file's own three points slips (TRF033), Limerick's forfeit win without an
    # opponent ("0:+", written "0000 - +": TRF024) and its games without colour (SPExport has
    # none; TRF writes "-": TRF026)
    assert {d.code for d in again.diagnostics} == reread


#: chess-results tnr437642 "Final Ranking crosstable after 5 Rounds" (a 6-player round robin), as
#: quoted in a public R script that converts such tables (the repository is not named by the
#: search index, so the table is quoted here rather than kept as a fixture).
ROUND_ROBIN_TABLE = """\
;Final Ranking crosstable after 5 Rounds
Rk.;;Name;Rtg;FED;1;2;3;4;5;6;Pts.;TB1;TB2 
1;GM;Zaragatski Ilja;2482;GER;*;1;1;1;1;1;5;10,00;0
2;;Kornitzky Tino;2055;GER;0;*;½;1;1;1;3,5;5,00;0
3;;Wüest Andrin;2225;SUI;0;½;*;½;1;1;3;4,00;0
4;;Aeschbacher Johann;2053;FRA;0;0;½;*;1;1;2,5;2,50;0
5;;Vögtlin André;1719;SUI;0;0;0;0;*;1;1;0,00;0
6;;Züllig Flavian;1379;SUI;0;0;0;0;0;*;0;0,00;0
"""


def test_round_robin_crosstable_is_not_read_as_rounds():
    """Columns 1..6 of a round-robin crosstable are the opponents by rank, with '*' where a player
    meets himself: read as rounds they would turn Zaragatski's five wins into five byes. The
    table names no round and no colour, so the games are left out with an error and the players
    kept with their own points; the points are then not checked against results there are none of."""
    t = trfconv.reads(ROUND_ROBIN_TABLE.encode("utf-8"), path="tnr437642.csv")
    assert [d.code for d in t.diagnostics] == ["CSV005", "CSV011", "CSV008"]
    assert t.diagnostics[1].message.startswith("columns 1 to 6 are opponents, not rounds")
    assert t.rounds == 0 and all(p.rounds == () for p in t.players)
    assert [(p.start_number, p.name, p.title, p.rating, p.federation, p.points, p.rank) for p in t.players[:2]] == [
        (1, "Zaragatski Ilja", "GM", 2482, "GER", 5, 1), (2, "Kornitzky Tino", None, 2055, "GER", Fraction(7, 2), 2)]
    assert sum(p.points for p in t.players) == 15  # 15 games in a 6-player round robin


# -- SwissPerfect "SPExport", tab-separated, opponent:result cells without colour -------------
def test_swissperfect_export_players_and_diagnostics():
    t = trfconv.read(LIMERICK)
    assert (t.source.format, t.source.version) == ("csv", "swissperfect")
    assert (len(t.players), t.rounds, t.event.name) == (18, 7, None)  # SPExport has no event name
    # "Loc Id" (the ICU's own number) is national data the model does not hold as such
    assert [(d.code, d.message) for d in t.diagnostics] == [("CSV005", "columns not used: Loc Id")]
    first, last = t.players[0], t.players[-1]
    assert (first.start_number, first.name, first.points) == (1, "Talazec, Laurent", Fraction(11, 2))
    assert (last.start_number, last.name, last.points) == (18, "McCullough, Padraig", Fraction(3, 2))


def test_swissperfect_round_cells():
    t = trfconv.read(LIMERICK)
    p = {x.start_number: x.rounds for x in t.players}
    # 1: " 0:W  3:W  9:W  4:D  5:D  2:D  6:W"; "0:W" is the point of the odd round's bye: 14 players
    # are in games in round 1, and 1 is the fifteenth present (12 absent, 15 and 17 half byes)
    assert p[1] == (Bye(ByeKind.PAB), Game(3, None, Outcome.WIN), Game(9, None, Outcome.WIN),
                    Game(4, None, Outcome.DRAW), Game(5, None, Outcome.DRAW), Game(2, None, Outcome.DRAW),
                    Game(6, None, Outcome.WIN))
    assert p[2][3] == Forfeit(True, 7) and p[7][3] == Forfeit(False, 2)  # " 7:+" / " 2:-"
    # 12: " 0:  0:  0:+ 14:W": absent twice, then a point without play and without opponent
    assert p[12][:4] == (NOT_PAIRED, NOT_PAIRED, Forfeit(True), Game(14, None, Outcome.WIN))
    assert p[15][:3] == (Bye(ByeKind.HALF), Bye(ByeKind.HALF), Game(3, None, Outcome.LOSS))  # " 0:D"
    assert p[16][6] == Forfeit(False, 17) and p[17][6] == Forfeit(True, 16)
    # counted in the file: 43 W, 43 L and 26 D cells with an opponent, 2 "+" and 2 "-", 3 "0:W",
    # 4 "0:D", 1 "0:+", 2 "0:"
    assert kinds(t) == Counter({"Game": 112, "Bye.HALF": 4, "Bye.PAB": 3, "Forfeit": 5, "NotPaired": 2})


def test_swissperfect_total_column_agrees_with_the_results():
    t = trfconv.read(LIMERICK)
    assert [p.start_number for p in t.players if p.points != computed(t, p)] == []
    # 56 games (a point each), 2 forfeits won, 3 byes of the odd rounds, 4 half-point byes, 12's point
    assert sum(p.points for p in t.players) == 56 + 2 + 3 + 2 + 1 == 64


def test_a_number_in_a_header_is_not_a_round_unless_round_1_is_there(tmp_path):
    """ICU's "ForeignCSV" (one player's games at a foreign event) has a row
    ``Player,456,Fox,Anthony``: a name column and a number, which once made a crosstable of
    "round 456" with 9,562 unpaired rounds. A crosstable lists round 1; this file is none."""
    data = (b"Event,\"Isle of Man Masters, 2007\"\nStart,2007-09-22\nRounds,9\n\n"
            b"Player,456,Fox,Anthony\n1,0,B,Taylor,Peter P.,2209,,ENG\n2,=,W,Nadav,Egozi,2205,,ISR\nTotal,4\n")
    t = trfconv.reads(data)
    assert (t.source.format, t.rounds, len(t.players)) == ("trf", 0, 0)
    assert "IO002" in {d.code for d in t.diagnostics}  # no crosstable and no TRF record: unreadable
    # named .csv, it is read as the table it claims to be, and the one problem is the header
    path = tmp_path / "fox.csv"
    path.write_bytes(data)
    t = trfconv.read(path)
    assert (t.source.format, len(t.players)) == ("csv", 0)
    assert [d.code for d in t.diagnostics] == ["CSV001"]


def test_games_without_colour_are_reported_once_by_the_trf_writer():
    _, diagnostics = trfconv.dumps(trfconv.read(LIMERICK), "trf16")
    assert [(d.code, d.message, d.consumer) for d in diagnostics] == [(
        "WRT006", "112 played games without a colour (player 1 round 2, player 1 round 3, player 1 round 4, …): "
                  "the source gives none; written with colour '-'", "bbpPairings"), (
        "WRT009", "4 forfeit(s) without a colour (player 2 round 4, player 7 round 4, player 16 round 7, …): the "
                  "source gives none and TRF requires one; written with White for the lower start number",
        "bbpPairings")]
