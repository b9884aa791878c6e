"""The Swiss-Manager reader (``trfconv.io.swissmanager``) on the 35 real files of
``fixtures/native/swissmanager`` (33 ``.TUNX``, one ``.TURX``, one ``.TUMX``): every file reads
without an error, with the counts the file's own header announces; named players' data as the
source repositories' tests assert them (``EXPECTED-VALUES.md`` of the corpus); the TRF-2026
written for it reads back to the same model; PTS, BH and SB agree with FIDE's reference checker
(gacrux) on that TRF; and damaged copies give diagnostics, never an exception."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from fractions import Fraction

import paths
import pytest
from gacrux_oracle import EDITION_OF, gacrux, same
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trfbuild import as_trf

import trfconv
from trfconv.dates import PartialDate
from trfconv.diagnostics import Severity
from trfconv.titles import TITLE_CODES
from trfconv.io.registry import detect_format, read_bytes
from trfconv.io.swissmanager.layout import decode
from trfconv.model import Bye, ByeKind, Colour, Forfeit, Game, NotPaired, Outcome, Pending
from trfconv.rules.tiebreaks import compute_columns, parse_list

FOLDER = paths.FIXTURES / "native" / "swissmanager"
FILES = sorted(p for p in FOLDER.iterdir() if p.suffix.upper() in (".TUNX", ".TURX", ".TUMX"))

#: file -> (players, rounds scheduled, rounds with pairings, teams, unfinished games), as the
#: corpus' SOURCES.md describes each file.
COUNTS = {
    "echecsjs__tunx__2023_elllobregat_a_753347.TUNX": (210, 9, 9, 0, 0),
    "echecsjs__tunx__abs_fem_1378181.TUNX": (29, 7, 5, 0, 12),
    "echecsjs__tunx__albanian_roundrobin_1381000.TUNX": (6, 5, 5, 0, 0),
    "echecsjs__tunx__argentine_blitz_1200000.TUNX": (8, 5, 5, 0, 0),
    "echecsjs__tunx__austria_roundrobin_blitz_1384827.TUNX": (10, 9, 9, 0, 0),
    "echecsjs__tunx__austria_roundrobin_vereinsmeisterschaft_1288524.TUNX": (9, 9, 9, 0, 4),
    "echecsjs__tunx__aut_1384031.TUNX": (25, 7, 7, 0, 0),
    "echecsjs__tunx__aut_1384474.TUNX": (17, 7, 7, 0, 0),
    "echecsjs__tunx__brazilian_circuit_1370000.TUNX": (24, 5, 2, 0, 4),
    "echecsjs__tunx__cro_1386026.TUNX": (0, 150, 0, 0, 0),  # a new team round robin: 150 placeholder rounds
    "echecsjs__tunx__cro_1386036.TUNX": (5, 7, 0, 0, 0),
    "echecsjs__tunx__cro_1386115.TUNX": (12, 11, 11, 0, 0),
    "echecsjs__tunx__cro_1386483.TUNX": (11, 7, 0, 0, 0),
    "echecsjs__tunx__dubai_mira_1378000.TUNX": (20, 5, 5, 0, 0),
    "echecsjs__tunx__esp_1385606.TUNX": (14, 5, 4, 0, 7),
    "echecsjs__tunx__esp_1385737.TUNX": (76, 7, 0, 0, 0),
    "echecsjs__tunx__esp_1386487.TUNX": (12, 5, 0, 0, 0),
    "echecsjs__tunx__india_u19_kadapa_1385000.TUNX": (3, 3, 0, 0, 0),
    "echecsjs__tunx__indian_u11_1376000.TUNX": (39, 6, 6, 0, 0),
    "echecsjs__tunx__isr_1385616.TUNX": (6, 5, 0, 0, 0),
    "echecsjs__tunx__maestro_1384490.TUNX": (25, 5, 5, 0, 0),
    "echecsjs__tunx__romanian_u1700_1350000.TUNX": (15, 7, 7, 0, 0),
    "echecsjs__tunx__russian_blitz11_1373000.TUNX": (14, 11, 11, 0, 0),
    "echecsjs__tunx__russian_weekend_1383000.TUNX": (11, 7, 7, 0, 0),
    "echecsjs__tunx__sample.TUNX": (29, 7, 7, 0, 0),
    "echecsjs__tunx__srb_1386568.TUNX": (9, 9, 9, 0, 0),
    "echecsjs__tunx__srb_1386570.TUNX": (43, 9, 9, 0, 0),
    "echecsjs__tunx__srb_1386571.TUNX": (21, 9, 9, 0, 0),
    "echecsjs__tunx__srb_1386625.TUNX": (17, 9, 0, 0, 0),
    "echecsjs__tunx__ukraine_rapid8_1377000.TUNX": (18, 8, 8, 0, 0),
    "echecsjs__tunx__vietnamese_1380000.TUNX": (9, 6, 6, 0, 0),
    "felipeamp__fexerj-rating-calculator__round_robin_6players.TURX": (6, 5, 5, 0, 0),
    "felipeamp__fexerj-rating-calculator__swiss_system_18players.TUNX": (18, 6, 6, 0, 0),
    "felipeamp__fexerj-rating-calculator__swiss_system_51players.TUNX": (51, 6, 6, 0, 0),
    "felipeamp__fexerj-rating-calculator__swiss_team_93players.TUMX": (93, 6, 6, 16, 0),
}
#: Round robins saved with the .TUNX name (the type is in the file, not in its name).
ROUND_ROBINS = {"echecsjs__tunx__albanian_roundrobin_1381000.TUNX", "echecsjs__tunx__austria_roundrobin_blitz_1384827.TUNX",
                "echecsjs__tunx__austria_roundrobin_vereinsmeisterschaft_1288524.TUNX",
                "echecsjs__tunx__cro_1386115.TUNX", "echecsjs__tunx__srb_1386568.TUNX",
                "felipeamp__fexerj-rating-calculator__round_robin_6players.TURX"}
#: The one file with result codes no source explains (15 and 17, six games): read as unknown results.
UNKNOWN_CODES = "echecsjs__tunx__ukraine_rapid8_1377000.TUNX"


def read(name: str):
    return trfconv.read(FOLDER / name)

#: The samples whose federation column holds regions or clubs, not FIDE federations (TRF062).
REGIONS = {"echecsjs__tunx__ukraine_rapid8_1377000.TUNX": {"ВІН"},
           "echecsjs__tunx__vietnamese_1380000.TUNX": {"AGI", "BNI", "HCM", "HPH", "VLO"}}


def test_every_sample_is_listed():
    assert sorted(p.name for p in FILES) == sorted(COUNTS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_sample_reads_without_errors_with_its_counts(path):
    t = trfconv.read(path)
    assert t.source.format == "swissmanager"
    assert not [d for d in t.diagnostics if d.severity is Severity.ERROR]
    players, scheduled, rounds, teams, unfinished = COUNTS[path.name]
    assert (len(t.players), t.event.declared_rounds, t.rounds, len(t.teams)) == (players, scheduled, rounds, teams)
    assert t.event.declared_players == players
    assert sum(isinstance(e, Pending) and not e.adjourned for p in t.players for e in p.rounds) == 2 * unfinished
    unknown = [d for d in t.diagnostics if d.code == "SWM003"]
    assert len(unknown) == (6 if path.name == UNKNOWN_CODES else 0)
    kind = "Round-Robin" if path.name in ROUND_ROBINS or path.name.endswith("cro_1386026.TUNX") else "Swiss-System"
    assert t.event.type.endswith(kind)
    # a game is stated once, so both players' entries always agree (no TRF030/TRF032 from the checks)
    assert not [d for d in t.diagnostics if d.code.startswith(("TRF", "PAR")) and d.code != "TRF062"]
    # national events whose federation column holds the player's region (ВІН, HCM ...), not his FIDE federation
    regions = {d.message.split("'")[1] for d in t.diagnostics if d.code == "TRF062"}
    assert regions == REGIONS.get(path.name, set())


def test_sample_event_and_players_1_5_10():
    """sample.TUNX: what echecsjs/tunx's tests assert (name, city, federation, time control, 29
    players, 7 rounds, players 1 and 5), plus player 10's forfeit win in round 1."""
    t = read("echecsjs__tunx__sample.TUNX")
    e = t.event
    assert e.name == "Circuito Sesc de Xadrez - 2026 - Absoluto e Feminino"
    assert (e.city, e.federation, e.time_control_text) == ("Curitiba-PR", "BRA", "7'+5'' ou 12' KO")
    assert e.start_date == e.end_date == date(2026, 3, 28)
    one, five, ten = t.player(1), t.player(5), t.player(10)
    assert (one.name, one.rating, one.fide_id, one.national_ratings[0].rating) == \
        ("Aloisio, Ponti Lopes", 1959, "2108372", 1869)
    assert (five.name, five.rating, five.fide_id) == ("Luciano, Fier", 1835, "2120526")
    assert (ten.sex, ten.birth_date, ten.federation) == ("m", PartialDate(1991), "BRA")
    assert ten.rounds[0] == Forfeit(True, 24, Colour.WHITE)
    assert t.player(24).rounds[0] == Forfeit(False, 10, Colour.BLACK)
    assert any("11 84 84 85 61" in x.text for x in t.extras)  # the tie-break codes echecsjs asserts, kept


def test_elllobregat_players_1_3_40_and_dates():
    """2023_elllobregat (echecsjs/tunx's tests): player 1 GM 2675, FIDE id, SLO; player 40 a
    woman; 9 round dates from 2023-11-30 to 2023-12-08. Decoded round by round with the
    schedule's record counts, player 1 has 7 points and player 3 7½ (EXPECTED-VALUES.md says why
    echecsjs's README, 6½, is wrong)."""
    t = read("echecsjs__tunx__2023_elllobregat_a_753347.TUNX")
    one, three, forty = t.player(1), t.player(3), t.player(40)
    assert (one.title, one.rating, one.fide_id, one.federation, one.sex) == ("GM", 2675, "24130737", "SLO", "m")
    assert (three.title, three.rating) == ("GM", 2668)
    assert (forty.sex, forty.title) == ("w", "IM")
    assert t.event.round_dates[0] == date(2023, 11, 30) and t.event.round_dates[-1] == date(2023, 12, 8)
    assert (t.event.start_date, t.event.end_date) == (date(2023, 11, 30), date(2023, 12, 8))
    assert [sum(t.scores.points(e) for e in t.player(n).rounds) for n in (1, 3)] == [7, Fraction(15, 2)]
    assert one.rounds[0] == Game(106, Colour.BLACK, Outcome.WIN)


def test_fexerj_18_players_national_ids_and_byes():
    """swiss_system_18players (fexerj's tests): national ids of players 1 and 11; player 18 has
    none; 42 games played (byes and forfeits left out)."""
    t = read("felipeamp__fexerj-rating-calculator__swiss_system_18players.TUNX")
    assert t.player(1).national_ratings[0].national_id == "1078"
    assert t.player(11).national_ratings[0].national_id == "3128"
    assert t.player(18).national_ratings[0].national_id is None
    games = sum(isinstance(e, Game) for p in t.players for e in p.rounds)
    assert games == 2 * 42
    assert t.player(1).rounds[0] == Bye(ByeKind.ZERO)  # absent with 0 (0xFFFE, code 3)


def test_team_swiss_teams_and_boards():
    """swiss_team_93players.TUMX: 16 teams of up to 6 players on 4 boards; a board left empty is
    a forfeit without opponent for the player who came."""
    t = read("felipeamp__fexerj-rating-calculator__swiss_team_93players.TUMX")
    assert t.event.type == "Team: Swiss-System" and t.event.declared_teams == 16
    assert [team.members for team in t.teams[:3]] == [(88, 89, 90, 91, 92, 93), (82, 83, 84, 85, 86, 87),
                                                      (7, 8, 9, 10, 11, 12)]
    assert sorted(len(team.members) for team in t.teams) == [5] * 3 + [6] * 13
    assert t.player(1).national_ratings[0].rating == 2496
    assert t.player(2).rounds[0] == Forfeit(True, 77, Colour.WHITE)
    lone = [(p.start_number, r) for p in t.players for r, e in enumerate(p.rounds, 1)
            if isinstance(e, Forfeit) and e.opponent is None]
    assert len(lone) == 5
    lineups = t.team_event.lineups
    assert len(lineups) == 6 * 16 and all(len(x.boards) == 4 for x in lineups)
    assert sum(x.boards.count(None) for x in lineups) == len(lone)  # the boards the other team left empty


def test_in_progress_event_pending_games_and_announced_absences():
    """abs_fem (the earlier snapshot of sample.TUNX): 5 of 7 rounds paired, 12 games of round 5
    without result; absences already entered for rounds 6 and 7 are requested byes (240), not
    rounds of the crosstable. Its finished rounds are the later snapshot's."""
    t = read("echecsjs__tunx__abs_fem_1378181.TUNX")
    later = read("echecsjs__tunx__sample.TUNX")
    assert [(b.kind, b.round, b.ids) for b in t.pairing.requested_byes] == \
        [(ByeKind.ZERO, 6, (2, 3, 24, 26)), (ByeKind.ZERO, 7, (2, 3, 24, 26))]
    assert {d.code for d in t.diagnostics} >= {"SWM010", "SWM005"}
    assert [p.rounds[:4] for p in t.players] == [p.rounds[:4] for p in later.players]
    assert t.player(22).rounds[4] == Pending(9, Colour.WHITE)


def test_round_robin_free_round_is_no_game():
    """A round robin of 9: each player's free round ('spielfrei') is a round without a game."""
    t = read("echecsjs__tunx__austria_roundrobin_vereinsmeisterschaft_1288524.TUNX")
    assert all(sum(isinstance(e, NotPaired) for e in p.rounds) == 1 for p in t.players)
    assert "round robin" in next(d.message for d in t.diagnostics if d.code == "SWM005")


def test_unknown_result_codes_are_unknown_results():
    t = read(UNKNOWN_CODES)
    assert t.player(8).rounds[2] == Pending(18, Colour.WHITE, adjourned=True)
    assert "result code 17" in next(d.message for d in t.diagnostics if d.code == "SWM003")


def test_detected_by_content_not_by_name():
    data = (FOLDER / "echecsjs__tunx__sample.TUNX").read_bytes()
    assert detect_format(data, "whatever.bin") == "swissmanager"
    assert detect_format(b"012 Not a Swiss-Manager file\r\n", "x.TUNX") == "trf"


# -- TRF-2026 round trip ------------------------------------------------------------------------
WITH_PLAYERS = [p for p in FILES if COUNTS[p.name][0]]


@pytest.mark.parametrize("path", WITH_PLAYERS, ids=lambda p: p.name)
def test_trf26_reads_back_to_the_same_model(path):
    """The TRF-2026 written for a file reads back to the same model, except the names longer than
    TRF's 33 columns, which the writer truncates and says so (WRT001). (The file with no player,
    cro_1386026, gives a TRF without any player record, which the TRF reader rightly calls empty.)"""
    t = trfconv.read(path)
    data, diagnostics = trfconv.dumps(t, "trf26")
    assert not [d for d in diagnostics if d.severity is Severity.ERROR]
    back = trfconv.reads(data)
    truncated = {p.start_number for p in t.players if len(p.name) > 33}
    assert len([d for d in diagnostics if d.code == "WRT001"]) == len(truncated)
    expected = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, name=p.name[:33].rstrip()) if p.start_number in truncated else p for p in t.players))
    assert back == as_trf(expected)  # an unknown result (X) is written without a result


# -- FIDE's reference checker -------------------------------------------------------------------
COMPARED = ["PTS", "BH", "SB"]
INDIVIDUAL_PLAYED = [p for p in FILES if COUNTS[p.name][2] and not COUNTS[p.name][3]]


def _disagreements(t) -> list:
    text = trfconv.dumps(t, "trf26")[0].decode("utf-8")
    rules, theirs = gacrux(text, COMPARED)
    specs, _ = parse_list(COMPARED)
    ctx, columns = compute_columns(trfconv.reads(text), specs, rules=EDITION_OF[rules])
    return [(p.start_number, s.text, c.exact(i), theirs[p.start_number][k])
            for i, p in enumerate(t.players) for k, (s, c) in enumerate(zip(specs, columns, strict=True))
            if not same(c.exact(i), theirs[p.start_number][k], s.code, ctx.f.rounds)]


def _complete_rounds(t):
    """``t`` cut to the rounds before its first game without a result (an unknown result, X,
    included: TRF has no X, the writer writes it without a result)."""
    first = min((r for p in t.players for r, e in enumerate(p.rounds) if isinstance(e, Pending)),
                default=t.rounds)
    return dataclasses.replace(t, players=tuple(dataclasses.replace(p, rounds=p.rounds[:first]) for p in t.players))


@pytest.mark.parametrize("path", INDIVIDUAL_PLAYED, ids=lambda p: p.name)
def test_points_buchholz_sonneborn_agree_with_fide_checker(path):
    """PTS, BH and SB of every player equal gacrux's on the TRF-2026 trfconv writes. In the four
    files with games still unplayed (three events in progress, one round robin with postponed
    games) trfconv counts an unfinished game as a game not yet scored and gacrux does not: there
    the points agree on the whole file and every value on the rounds before the first unfinished
    game (also in a file with unknown results, X, which TRF writes as games without a result)."""
    t = trfconv.read(path)
    if COUNTS[path.name][4] or any(isinstance(e, Pending) for p in t.players for e in p.rounds):
        assert [w for w in _disagreements(t) if w[1] == "PTS"] == []
        t = _complete_rounds(t)
        assert t.rounds >= 1
    assert _disagreements(t) == []


def test_team_points_agree_with_fide_checker():
    """The team Swiss: every player's PTS, BH and SB (as gacrux computes them for the players of
    a team file's TRF are the teams': compared on the team numbers)."""
    t = read("felipeamp__fexerj-rating-calculator__swiss_team_93players.TUMX")
    text = trfconv.dumps(t, "trf26")[0].decode("utf-8")
    rules, theirs = gacrux(text, ["MPTS", "GPTS", "BH"])
    specs, _ = parse_list(["MPTS", "GPTS", "BH"])
    back = trfconv.reads(text)
    ctx, columns = compute_columns(back, specs, rules=EDITION_OF[rules])
    wrong = [(team.number, s.text) for i, team in enumerate(ctx.team.matches.teams)
             for k, (s, c) in enumerate(zip(specs, columns, strict=True)) if not same(c.exact(i), theirs[team.number][k], s.code, 6)]
    assert len(theirs) == 16 and wrong == []


# -- damaged files ------------------------------------------------------------------------------
BINARIES = [p.read_bytes() for p in FILES if COUNTS[p.name][0] and COUNTS[p.name][0] <= 60]


def _read_safely(data: bytes):
    t = read_bytes(data, "damaged.TUNX")
    unreadable = [d for d in t.diagnostics if d.code == "SWM001"]
    assert not unreadable or not t.players
    return t


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(BINARIES), st.floats(0, 1))
def test_truncated_copies_give_diagnostics(data, share):
    t = _read_safely(data[:int(len(data) * share)])
    if len(data) * share < len(data):
        assert any(d.code == "SWM001" for d in t.diagnostics)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(BINARIES), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=8))
def test_byte_flipped_copies_give_diagnostics(data, flips):
    damaged = bytearray(data)
    for where, value in flips:
        damaged[min(int(where * len(damaged)), len(damaged) - 1)] = value
    _read_safely(bytes(damaged))


def test_damaged_pairings_keep_the_players():
    """Round 1's record count in the schedule one too high: the pairing section no longer fits
    it, so the players are read and the pairings are not (SWM002)."""
    data = bytearray((FOLDER / "echecsjs__tunx__sample.TUNX").read_bytes())
    first = decode(bytes(data)).schedule[0]
    count = first.offset + sum(2 + 2 * len(text) for text in first.strings) + 6
    data[count] += 1
    t = read_bytes(bytes(data), "damaged.TUNX")
    assert len(t.players) == 29 and t.rounds == 0
    assert [d.code for d in t.diagnostics if d.severity is Severity.ERROR] == ["SWM002"]
    assert next(d.message for d in t.diagnostics if d.code == "SWM002").startswith("the games section ends before")


# -- three players of every file, against the corpus' independent decoding ----------------------
SUMMARY = {f["file"].rsplit("/", 1)[-1]: f for f in
           json.loads((FOLDER / "SWISS-MANAGER.decoded-summary.json").read_text("utf-8"))["files"]}


@pytest.mark.parametrize("path", WITH_PLAYERS, ids=lambda p: p.name)
def test_first_middle_and_last_players_agree_with_the_corpus_decoding(path):
    """Players 1, n/2 and n of every file: name, title, federation, FIDE id, ratings and sex as
    the decoding made while collecting the corpus reads them (``SWISS-MANAGER.decoded-summary.json``),
    and their points where that decoding could sum them (it ignores unknown result codes and
    gives the free round a point, which a round robin does not)."""
    summary = SUMMARY[path.name]
    t = trfconv.read(path)
    assert summary["players"] == len(t.players)
    n = len(t.players)
    for number in sorted({1, n // 2 + 1, n}):
        theirs = summary["players_list"][number - 1]
        p = t.player(number)
        assert theirs["start_rank"] == number
        assert p.name == ", ".join(x for x in (theirs["surname"], theirs["first_name"]) if x)
        # national titles (Brazil's CNM, Croatia's MK, Romania's II …) are not kept (SWM008)
        title = theirs["title"] if theirs["title"] in TITLE_CODES else None
        assert (p.title, p.federation) == (title, theirs["federation"] or None)
        assert (p.fide_id, p.rating) == (str(theirs["fide_id"]) if theirs["fide_id"] else None,
                                         theirs["fide_rating"] or None)
        assert [r.rating for r in p.national_ratings if r.rating] == (
            [theirs["national_rating"]] if theirs["national_rating"] else [])
        assert p.sex == ("w" if theirs["sex_code"] == 1 else "m")
        if theirs["derived_points"] is not None and path.name not in ROUND_ROBINS and path.name != UNKNOWN_CODES:
            assert sum(t.scores.points(e) for e in p.rounds) == Fraction(str(theirs["derived_points"]))
