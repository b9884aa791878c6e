"""Every real TRF of the corpus (fixtures/trf, copied from shared/corpus/trf; see SOURCES.md)
reads without an exception, with asserted counts, named players and expected diagnostics.

Expected values marked "(expected.md)" restate the assertions of the source repository's own
test suite (the ``*.expected.md`` files beside the samples)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import paths
import pytest

import trfconv
from trfconv.dates import PartialDate
from trfconv.diagnostics import Severity
from trfconv.model import (
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    NotPaired,
    Outcome,
    Pending,
)

FIXTURES = paths.FIXTURES / "trf"
CORPUS = sorted(FIXTURES.glob("*.trf"))


def load(name: str) -> trfconv.Tournament:
    return trfconv.read(FIXTURES / name)


def codes(t, severity: Severity | None = None) -> set[str]:
    return {d.code for d in t.diagnostics if severity is None or d.severity is severity}


# name: players, rounds with data, teams, version, dialects, error codes, warning codes
EXPECTED = {
    "BieremaBoyzProgramming__bbpPairings__dutch_2025_C5.trf": (6, 3, 0, "TRF16", ("javafo",), set(), set()),
    "BieremaBoyzProgramming__bbpPairings__dutch_2025_C9.trf": (5, 1, 0, "TRF16", ("javafo",), set(), set()),
    "BieremaBoyzProgramming__bbpPairings__issue_15.trf": (180, 11, 0, "TRF16", (), set(), set()),
    "BieremaBoyzProgramming__bbpPairings__issue_7.trf": (60, 14, 0, "TRF16", ("javafo",), set(), set()),
    "GrzegorzKi__CompetiChess__testLargeFile.trf": (112, 20, 0, "TRF16", ("javafo", "lichess"), set(), {"TRF024"}),
    "GrzegorzKi__CompetiChess__testTrfFile.trf": (52, 5, 0, "TRF16", ("javafo",), set(), set()),
    "MarkDechamps__fide-swiss-pairing-engine__case4a-forfeit-c1.trf": (12, 1, 6, "TRF26", (), set(), set()),
    "MarkDechamps__fide-swiss-pairing-engine__kd-4-javafo-half-point-byes.trf": (18, 3, 0, "TRF26", ("javafo",), set(), {"TRF033"}),
    "MarkDechamps__fide-swiss-pairing-engine__olympiad-six-teams.trf": (24, 1, 6, "TRF26", (), set(), {"TRF041"}),
    "MarkDechamps__fide-swiss-pairing-engine__team-tie-breaks-roundrobin.trf": (16, 3, 4, "TRF26", (), set(), set()),
    # TRF010: its two 299 records kept the TRF-2025 draft's columns (test_sharly_trf26_adaptation...)
    "Sharly-Chess__sharly-chess__example_trf26.trf": (249, 14, 50, "TRF26", ("unmarked-rulers",), set(), {"TRF010"}),
    "Sharly-Chess__sharly-chess__trf-import-test.trf": (16, 5, 0, "TRF26", (), set(), {"TRF010"}),
    "Sharly-Chess__sharly-chess__trf-team-import-test.trf": (26, 2, 5, "TRF26", (), set(), set()),
    "echecsjs__trf__grandmommyscup.trf": (249, 14, 50, "TRF26", (), set(), {"LIN002"}),
    "echecsjs__trf__javafo_sample2.trf": (52, 5, 0, "TRF16", ("javafo",), set(), set()),
    "echecsjs__trf__trf26_team.trf": (2, 1, 1, "TRF26", ("javafo",), {"TRF010"}, {"TRF045", "TRF033", "TRF048"}),
    "erral__fidetournament__test_demo.trf": (137, 7, 0, "TRF16", (), set(), set()),
    "pierotofy__CPPDubovSystem__baku_test.trf": (20, 5, 0, "TRF16", ("CPPDubovSystem",), set(),
        {"TRF005", "TRF037", "FID001"}),
    "pierotofy__CPPDubovSystem__parsing_test.trf": (20, 5, 0, "TRF16", ("CPPDubovSystem",), set(),
        {"TRF005", "TRF037", "FID001"}),
    "pierotofy__CPPDubovSystem__random2.trf": (81, 10, 0, "TRF06", ("CPPDubovSystem",), set(),
        {"TRF005", "TRF024", "TRF037", "FID001"}),
    "pierotofy__CPPDubovSystem__test2.trf": (21, 5, 0, "TRF06", ("CPPDubovSystem",), set(),
        {"TRF005", "TRF024", "TRF037", "FID001"}),
    # player 284 is Swiss-Manager's "spielfrei", the bye dummy: left out (PAR003)
    "pypi__fidereport__example1.trf": (283, 7, 0, "TRF06", ("unmarked-rulers",), set(), {"TRF024", "PAR003"}),
    "sanichi__icu_tournament__armstrong_2011.trf": (160, 11, 12, "TRF06", ("unmarked-rulers",), set(), {"TRF003"}),
    "sanichi__icu_tournament__armstrong_2012_with_bom.trf": (2, 1, 0, "TRF16", ("unmarked-rulers",), set(), set()),
    # the ICU's files write the player's Irish club in the federation column (COR, DUB, KIL ...): TRF062
    "sanichi__icu_tournament__bunratty_challengers_2011.trf": (63, 6, 0, "TRF16", (), set(), {"TRF033", "TRF062"}),
    "sanichi__icu_tournament__bunratty_major_2011.trf": (56, 6, 0, "TRF06", (), set(),
                                                         {"TRF024", "TRF033", "TRF062"}),
    "sanichi__icu_tournament__bunratty_masters_2011.trf": (34, 6, 0, "TRF16", (), set(), {"TRF033", "TRF062"}),
    "sanichi__icu_tournament__bunratty_minor_2011.trf": (103, 6, 0, "TRF06", (), set(),
                                                         {"TRF024", "TRF033", "TRF062"}),
    "sanichi__icu_tournament__irish_intermediate_champs_2011.trf": (21, 5, 0, "TRF16", (), set(), {"TRF033"}),
    "sanichi__icu_tournament__irish_junior_champs_2011.trf": (34, 5, 0, "TRF16", (), set(), {"TRF033"}),
    "sanichi__icu_tournament__latin-1.trf": (3, 3, 0, "TRF16", (), set(), set()),
    "sanichi__icu_tournament__utf-8.trf": (3, 3, 0, "TRF16", (), set(), set()),
    "sanichi__icu_tournament__valid.trf": (12, 5, 0, "TRF16", (), set(), {"TRF024"}),
    "sklangen__TRF__2020_06.trf": (13, 10, 0, "TRF16", ("javafo", "lichess"), set(), {"TRF024"}),
    "sklangen__TRF__2021_03.trf": (9, 9, 0, "TRF16", ("javafo", "lichess"), set(), set()),
    "sklangen__TRF__example1.trf": (283, 7, 0, "TRF06", (), set(), {"TRF024", "PAR003"}),
}


def test_every_corpus_file_has_expectations():
    assert {p.name for p in CORPUS} == set(EXPECTED)
    assert len(CORPUS) == 36


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_file_reads_with_expected_counts_and_diagnostics(name):
    players, rounds, teams, version, dialects, errors, warnings = EXPECTED[name]
    t = load(name)
    assert len(t.players) == players
    assert t.rounds == rounds
    assert len(t.teams) == teams
    assert t.source.version == version
    assert t.source.dialects == dialects
    assert codes(t, Severity.ERROR) == errors
    assert codes(t, Severity.WARNING) == warnings
    for d in t.diagnostics:
        assert d.location.path == str(FIXTURES / name)
        assert d.message


def test_tec_team_sample_grandmommyscup():
    """FIDE TEC's TRF-2025/26 team sample (expected.md)."""
    t = load("echecsjs__trf__grandmommyscup.trf")
    e = t.event
    assert e.name == "Grandmommy's Cup"
    assert e.city == "Test"
    assert e.type == "Team Swiss"
    assert e.chief_arbiter == "The Chief Arbiter"
    assert e.deputy_arbiters == ("The First Deputy Arbiter", "The Second Deputy Arbiter")
    assert "100'x40mm" in e.time_control_text
    assert e.declared_rounds == 14
    p1 = t.players[0]
    assert (p1.name, p1.rating, p1.federation, p1.points, p1.rank) == (
        "Test0001 Player0001", 2586, "IND", Fraction(8), 12)
    assert t.teams[0].name == "India"
    assert len([r for r in t.pairing.prohibited if r.first_round]) == 3
    assert len(t.pairing.accelerations) == 4
    assert e.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
    assert len(e.round_dates) == 14
    assert e.round_dates[0] == date(2024, 12, 1) and e.round_dates[-1] == date(2024, 12, 14)
    assert e.round_dates[6] == e.round_dates[5] == date(2024, 12, 6)  # repeated, as in the TEC sample
    assert e.round_dates[11] == date(2024, 12, 11)
    assert t.pairing.system == "FIDE_TEAM_BAKU"
    assert t.team_event.board_colours == "WBWB"
    assert t.team_event.match_points.win == 2
    # every record is recognised: nothing but information and the TABs of the 240 lines
    assert codes(t, Severity.WARNING) == {"LIN002"}
    assert len(t.pairing.requested_byes) == 18
    assert len(t.team_event.forfeits) == 22
    assert len(t.team_event.lineups) == 141
    nrs = {p.start_number: p.national_ratings for p in t.players if p.national_ratings}
    assert nrs[1][0].federation == "IND" and nrs[1][0].rating == 2634 and nrs[1][0].classification == "GM"


def test_sharly_trf26_adaptation_of_the_tec_sample():
    """Sharly-Chess's TRF26 adaptation (expected.md, second part)."""
    t = load("Sharly-Chess__sharly-chess__example_trf26.trf")
    e = t.event
    assert (e.start_date, e.end_date) == (date(2024, 1, 1), date(2024, 1, 14))
    assert (e.declared_players, e.declared_rated_players, e.declared_teams) == (249, 249, 50)
    assert e.type == "FIDE-TEAM-BAKU" and t.pairing.system == "FIDE_TEAM_BAKU"
    assert e.time_control_text == "100'x40+15'+30\""
    assert len(e.round_dates) == 14 and e.round_dates[3] == date(2024, 1, 4)
    assert e.declared_rounds == 14
    assert len(e.tiebreaks) == 4 and e.tiebreaks[2] == "BH:MP/C1/P"
    assert e.time_control.white[0].moves == 40 and e.time_control.white[0].base_seconds == 6000
    assert t.team_event.board_colours == "WBWB"
    m = t.team_event.match_points
    assert (m.win, m.draw, m.loss) == (2, 1, 0)
    p = t.players
    assert p[144].name == "Test0145 Player0145"
    assert p[25].fide_id == "72623454321"
    assert p[74].rating == 2321
    assert p[114].birth_date == PartialDate(1993)
    assert p[81].rounds[6] == Game(56, Colour.BLACK, Outcome.WIN)
    (nrs,) = [(q.start_number, n) for q in p for n in q.national_ratings]
    assert nrs[0] == 14
    n = nrs[1]
    assert (n.federation, n.sex, n.classification, n.rating, n.origin, n.national_id, n.birth_date) == (
        "FRA", "m", "A", 2700, "BRE", "L01854", PartialDate(1990))
    teams = t.teams
    assert len(teams) == 50
    assert teams[45].name == "Uzbekistan"
    assert teams[22].nickname == "CZE"
    assert teams[12].strength == 2327
    assert teams[25].match_points == 9
    assert teams[32].game_points == Fraction(39, 2)
    assert teams[5].rank == 6
    assert teams[7].members == (8, 75, 54, 66, 64)
    assert len(t.pairing.accelerations) == 4
    assert len(t.pairing.requested_byes) == 18
    assert len(t.pairing.prohibited) == 1
    assert len(t.team_event.forfeits) == 22
    # Sharly's importer counts 2 records 299 (expected.md). They were not moved to the TRF-2026
    # columns like the other records ("299 +  2.0  2.5   1    1": 2.5 straddles columns 13-15, so
    # MP 8-11 reads "2.0 ", points 14-17 ".5  " and round 20-22 is blank): both are kept verbatim
    # with a TRF010 warning, never applied to the standings with numbers read from the wrong columns.
    assert t.point_adjustments == ()
    assert [x.text for x in t.extras if x.text.startswith("299")] == ["299 +  2.0  2.5   1    1", "299 -  0.0  1.5"]
    assert [(d.location.line, d.location.column) for d in t.diagnostics if d.code == "TRF010"] == [(539, 13), (540, 13)]
    assert len(t.team_event.lineups) == 141
    kept = [x.text[:3] for x in t.extras]
    assert kept.count("801") == 50 and kept.count("802") == 50


def test_fide_example1():
    """FIDE's own example1.txt (expected.md), in both copies."""
    for name in ("sklangen__TRF__example1.trf", "pypi__fidereport__example1.trf"):
        t = load(name)
        e = t.event
        assert e.name == "9. Karl-Mala-Gedenkturnier"
        assert e.city == "Frankfurt (Main) /GER"
        assert e.federation is None
        assert (e.start_date, e.end_date) == (date(2005, 7, 28), date(2005, 7, 31))
        assert (e.declared_players, e.declared_rated_players, e.declared_teams) == (284, 146, 0)
        assert e.type == "Individual: Swiss-System (Standard)"
        assert e.chief_arbiter == "Ralph Blum (SV Griesheim)"
        assert e.time_control_text == "40/120, 60"
        assert e.round_dates == ()
        assert t.rounds == 7
        p = t.players
        assert p[25].name == "Schaffer,Hendrik"
        assert p[144].fide_id == "24615480"
        assert p[114].rating == 1994
        assert p[81].birth_date == PartialDate(1965, 9, 7)
        assert p[74].rounds[4] == Game(188, Colour.WHITE, Outcome.WIN)
        # TRF06-era forms: sex 'f' means a woman, titles are one or two letters
        assert sum(1 for q in p if q.sex == "w") == 8
        assert p[0].title == "GM"
    original = load("pypi__fidereport__example1.trf")
    assert [x.text[:3] for x in original.extras] == ["", "123", "DDD"]
    assert "TRF002" in codes(original)
    # FIDE's forfeits: opponent given, colour '-' ('153 - -')
    forfeits = [e for q in original.players for e in q.rounds if isinstance(e, Forfeit) and e.opponent]
    assert len(forfeits) == 20 and all(f.colour is None for f in forfeits)


def test_bunratty_masters():
    """icu_tournament's expectations (expected.md). The 132 dates are YY.DD.MM."""
    t = load("sanichi__icu_tournament__bunratty_masters_2011.trf")
    assert (t.event.start_date, t.event.end_date) == (date(2011, 2, 25), date(2011, 2, 27))
    assert t.event.round_dates[0] == date(2011, 2, 25) and t.event.round_dates[1] == date(2011, 2, 26)
    short = t.player(1)
    assert (short.name, short.sex, short.rating, short.federation, short.rank, short.title, short.points) == (
        "Short, Nigel", "m", 2658, "ENG", 5, "GM", 4)
    oconnor = t.player(16)
    assert (oconnor.rating, oconnor.rank, oconnor.points) == (2111, 25, Fraction(5, 2))
    # icu_tournament turns the two blank rounds into half-point byes to match the declared 2.5
    # ("D W L D D L"); trfconv never guesses: they stay not paired, and TRF033 says what
    # would explain the gap.
    assert [type(e).__name__ for e in oconnor.rounds] == ["Game", "Game", "Game", "NotPaired", "NotPaired", "Game"]
    (gap,) = [d for d in t.diagnostics if d.code == "TRF033" and d.location.line == 29]
    assert "half-point byes" in gap.message and "2 round(s)" in gap.message
    murray = t.player(24)
    assert (murray.rating, murray.rank, murray.points) == (2023, 34, Fraction(1, 2))
    assert [e.outcome for e in murray.rounds if isinstance(e, Game)] == [Outcome.LOSS, Outcome.DRAW]
    wilson = t.player(26)
    assert (wilson.sex, wilson.rating, wilson.federation, wilson.rank, wilson.title, wilson.points) == (
        "w", 2020, "ENG", 29, "WFM", 2)


def test_bunratty_major():
    t = load("sanichi__icu_tournament__bunratty_major_2011.trf")
    assert (t.event.start_date, t.event.end_date) == (date(2011, 2, 25), date(2011, 2, 27))
    clancy, foenander, cummins = t.player(1), t.player(10), t.player(40)
    assert (clancy.name, clancy.rating, clancy.fide_id, clancy.rank, clancy.points) == (
        "Clancy, Dan", None, "204", 12, 4)
    # '0000 - +' in round 1: read literally as a forfeit win without opponent, flagged TRF024
    assert clancy.rounds[0] == Forfeit(won=True)
    assert (foenander.name, foenander.fide_id, foenander.rank, foenander.points) == (
        "Foenander, Phillip", "7168", 18, Fraction(7, 2))
    assert (cummins.name, cummins.rank, cummins.points) == ("Cummins, Ron", 56, 0)
    assert sum(isinstance(e, Game) for e in cummins.rounds) == 1


@pytest.mark.parametrize("name", ["sanichi__icu_tournament__utf-8.trf", "sanichi__icu_tournament__latin-1.trf"])
def test_latin1_and_utf8_give_the_same_accents(name):
    """The same data in two encodings (expected.md)."""
    t = load(name)
    assert t.event.name == "Läs Végas National Opeñ"
    assert [p.name for p in t.players] == ["Uì Laighlèis,Gearoìdin", "Örr,Mârk", "Bologan,Viktor"]
    assert t.source.encoding == ("utf-8" if "utf-8" in name else "cp1252")
    assert ("ENC001" in codes(t)) == ("latin-1" in name)
    assert "TRF010" not in codes(t)


def test_latin1_championships_read_with_accents():
    for name in ("sanichi__icu_tournament__irish_intermediate_champs_2011.trf",
                 "sanichi__icu_tournament__irish_junior_champs_2011.trf"):
        t = load(name)
        assert t.source.encoding == "cp1252"
        assert any(not p.name.isascii() for p in t.players)
        assert not any("Ã" in p.name for p in t.players)


def test_bom_is_removed():
    t = load("sanichi__icu_tournament__armstrong_2012_with_bom.trf")
    assert "ENC002" in codes(t)
    assert not t.event.name.startswith("\ufeff")
    assert t.player(1).name == "Griffiths, Ryan-Rhys"


def test_line_endings_of_the_corpus():
    assert load("BieremaBoyzProgramming__bbpPairings__issue_15.trf").source.line_ending == "\r"
    assert load("echecsjs__trf__grandmommyscup.trf").source.line_ending == "\r\n"
    assert load("sklangen__TRF__2020_06.trf").source.line_ending == "\n"
    mixed = load("pierotofy__CPPDubovSystem__random2.trf")
    assert "LIN001" in codes(mixed)


def test_lichess_dialect():
    t = load("sklangen__TRF__2020_06.trf")
    assert t.event.start_date == date(2020, 5, 29)
    assert t.event.city == "https://lichess.org/swiss/FaLp5fSD"
    assert t.event.declared_rounds == 10
    assert t.pairing.initial_colour is Colour.WHITE
    p5 = t.player(5)
    # blank opponent + blank colour: 'H' is a half-point bye, '-' an absence written as a forfeit
    assert p5.rounds[0] == Bye(ByeKind.HALF)
    assert p5.rounds[1] == Forfeit(won=False)
    assert p5.name == "defrank" and p5.points == Fraction(11, 2)
    assert "TRF033" not in codes(t)  # lichess points agree with the results


def test_javafo_extensions():
    t = load("GrzegorzKi__CompetiChess__testTrfFile.trf")
    assert len(t.pairing.player_accelerations) == 26
    assert t.pairing.player_accelerations[0].points[:3] == (1, 1, 1)
    sample = load("echecsjs__trf__javafo_sample2.trf")
    assert sample.event.declared_rounds == 9
    assert sample.player(1).name == "Mirzoev Azer" and sample.player(1).birth_date == PartialDate(1978)
    # round 5 holds the JaVaFo "unusual info" byes of the round being paired
    future = [p.rounds[4] for p in sample.players if not isinstance(p.rounds[4], NotPaired)]
    assert future and all(isinstance(e, Bye) for e in future)


def test_bbp_score_points_and_scheduled_forfeits():
    t = load("BieremaBoyzProgramming__bbpPairings__issue_15.trf")
    forfeits = [e for p in t.players for e in p.rounds if isinstance(e, Forfeit)]
    assert forfeits and all(f.opponent and f.colour for f in forfeits)
    assert not codes(t)


def test_team_files_and_pending_round():
    t = load("Sharly-Chess__sharly-chess__trf-team-import-test.trf")
    assert t.pairing.system == "FIDE_TEAM_TYPEA_MP_GP"
    assert t.scores.pab == 5 and t.scores.win_white == 1
    assert t.event.standings_tiebreaks == ("PTS", "WIN", "BH", "AOB")
    assert t.team_event.match_points.win == 3
    assert t.team_event.pab.match_points == 2 and t.team_event.pab.teams == (5, 3)
    assert t.player(1).rounds[1] == Pending(2, Colour.WHITE)
    assert "TRF027" in codes(t, Severity.INFO)
    boards = [lu.boards for lu in t.team_event.lineups]
    assert any(None in b for b in boards)  # 0000 = empty board


def test_misaligned_hand_made_fixture():
    t = load("echecsjs__trf__trf26_team.trf")
    errors = [d for d in t.diagnostics if d.code == "TRF010"]
    assert [(d.location.line, d.location.column) for d in errors] == [(13, 80), (14, 80)]
    assert t.player(1).title == "GM"  # left-aligned but in its columns


def test_cppdubov_private_records_are_kept():
    t = load("pierotofy__CPPDubovSystem__parsing_test.trf")
    kept = [x.text.split()[0] for x in t.extras]
    assert {"TNR", "BYE", "FOR"} <= set(kept)


def test_round_blocks_beyond_round_999_are_not_read():
    """Found by fuzzing: one 5 MB player line (500,000 blocks) made every player of the file
    500,000 rounds long (56 million entries, 1.3 GB for a 112-player file). Blocks after the
    999 rounds any format numbers are reported (TRF046) and not read; the rest of the file is."""
    data = (FIXTURES / "sanichi__icu_tournament__valid.trf").read_bytes()
    before = trfconv.reads(data)
    line = next(x for x in data.splitlines() if x.startswith(b"001    1"))
    t = trfconv.reads(data.replace(line, line + b"     0 - Z" * 1500))
    (d,) = [d for d in t.diagnostics if d.code == "TRF046"]
    assert (d.location.line, d.location.column) == (10, 10080) and "1,505 blocks" in d.message
    assert len(t.player(1).rounds) == 999 and t.player(1).rounds[:5] == before.player(1).rounds
    assert t.player(1).rounds[5:] == (Bye(ByeKind.ZERO),) * 994
    # the others are padded to the longest line, as always (TRF035: played beyond XXR/142)
    assert [p.rounds[:5] for p in t.players[1:]] == [p.rounds for p in before.players[1:]]
    assert {len(p.rounds) for p in t.players} == {999} and {e for p in t.players[1:] for e in p.rounds[5:]} == {
        NotPaired()}
