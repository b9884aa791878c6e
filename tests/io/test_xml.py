"""chess-results.com upload XML: the four real files read with their values, the writer's output
validates against the schema, TRF -> XML -> TRF keeps what XML holds and names what it drops,
and hostile documents end in a diagnostic."""

from __future__ import annotations

import dataclasses
import re
import tracemalloc
from datetime import date
from fractions import Fraction

import paths
import pytest
from crosstablebuild import computed
from lxml import etree
from hostile import LAUGHS

import trfconv
from trfconv.dates import PartialDate
from trfconv.io.lossy import dropped_items
from trfconv.io.registry import detect_format
from trfconv.io.xml_safe import MAX_XML_BYTES, parser
from trfconv.io.xml_write import project
from trfconv.model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    Outcome,
    Pending,
    Tournament,
)
from trfconv.rules.tiebreaks import compute_columns, parse_list

FIXTURES = paths.FIXTURES
XML = FIXTURES / "crosstables"
SCHEMA = etree.XMLSchema(etree.parse(str(FIXTURES.parent / "formats" / "xml" / "chessresults.xsd")))
CORPUS = sorted((FIXTURES / "trf").glob("*.trf"))
W, B = Colour.WHITE, Colour.BLACK


def read(name: str) -> Tournament:
    return trfconv.read(XML / f"chess-results-upload_{name}.xml")


def problems(t: Tournament) -> list[str]:
    return [str(d) for d in t.diagnostics if d.severity.value != "info"]


# -- the real files --------------------------------------------------------------------------
@pytest.mark.parametrize("name, players, rounds, teams, games", [
    ("Single_SwissSystem", 21, 7, 0, 65), ("Single_RoundRobin", 8, 7, 0, 28),
    ("Team_SwissSystem", 51, 7, 11, 140), ("Team_RoundRobin", 6, 2, 2, 5),
])
def test_real_files_read_with_counts_and_points_that_agree_with_the_results(name, players, rounds, teams, games):
    t = read(name)
    assert t.source.format == "xml" and t.source.encoding == "utf-8"
    assert (len(t.players), t.rounds, len(t.teams)) == (players, rounds, teams)
    assert sum(1 for p in t.players for e in p.rounds if isinstance(e, Game)) == 2 * games
    assert problems(t) == []
    # points recomputed from the results are the file's points, for every player
    assert [p.points for p in t.players] == [computed(t, p) for p in t.players]
    assert SCHEMA.validate(etree.parse(str(XML / f"chess-results-upload_{name}.xml")))


def test_individual_swiss_values():
    t = read("Single_SwissSystem")
    e = t.event
    assert (e.name, e.city, e.federation, e.type) == ("Test Single Swiss-System Test", "Postsdam", "XXX",
                                                      "Individual: Swiss-System")
    assert (e.start_date, e.end_date, e.declared_rounds) == (date(2025, 9, 26), date(2025, 9, 26), 7)
    brunk = t.player(1)
    assert (brunk.name, brunk.rating, brunk.fide_id, brunk.federation, brunk.sex) == (
        "Brunk,Dirk", 1960, "24665550", "GER", "m")
    assert (brunk.birth_date, brunk.points, brunk.rank) == (PartialDate(1965), Fraction(3), 12)
    assert brunk.rounds[:2] == (Game(9, B, Outcome.LOSS), Game(15, W, Outcome.WIN))
    assert t.player(3).name == "Käding,Taro" and t.player(3).points == Fraction(9, 2)  # pts="4,5"
    # blackno=-1 (with forfeit="K") is the pairing-allocated bye; -2 without result: not paired
    assert [(p.start_number, r) for p in t.players for r, x in enumerate(p.rounds, 1)
            if x == Bye(ByeKind.PAB)] == [(12, 5), (13, 4), (17, 1), (21, 6)]
    assert t.player(18).rounds[0] is NOT_PAIRED and t.player(21).rounds[:4] == (NOT_PAIRED,) * 4
    assert t.player(21).sex is None  # sex="*"


def test_round_robin_values():
    t = read("Single_RoundRobin")
    assert t.event.type == "Individual: Round-Robin" and t.event.chief_arbiter == "Jürgen Müller Ia"
    assert t.event.time_control_text == "20min"
    lara = t.player(8)
    assert (lara.name, lara.sex, lara.points, lara.rank, lara.rating) == ("von Zimmermann,Lara", "w", 1, 7, None)
    assert lara.rounds[0] == Game(1, W, Outcome.LOSS)
    assert all(len({e.opponent for e in p.rounds}) == 7 for p in t.players)


def test_team_swiss_values_and_team_bye():
    t = read("Team_SwissSystem")
    assert t.event.type == "Team: Swiss-System" and t.event.round_dates[0] == date(2025, 9, 20)
    assert [(x.number, x.name, x.match_points, x.rank) for x in t.teams[:2]] == [
        (1, "DJK Regensburg-Nord", 10, 2), (2, "SV Neustadt bei Coburg", 9, 4)]
    assert t.teams[0].members == (1, 2, 3, 4, 5)
    pab = t.team_event.pab
    assert pab.teams == (11, 9, 6, 10, 8, 7, 5) and pab.game_points == 4
    # the bye's 4.0-0.0 is a won match: 2 match points, as every team's declared points count it
    # (teams 5-11 each had a bye; with a drawn match's 1 point their standing was one short)
    assert pab.match_points == 2
    specs, _ = parse_list(["PTS:MP"])
    _, [match_points] = compute_columns(t, specs)
    assert [match_points.exact(i) for i in range(len(t.teams))] == [x.match_points for x in t.teams]
    # the team bye is a bye for the 4 players on the boards (playerperteam="4"): their pts count it
    assert [t.player(n).rounds[2] for n in (23, 24, 25, 26, 27)] == [Bye(ByeKind.PAB)] * 4 + [NOT_PAIRED]
    assert (t.player(23).points, computed(t, t.player(23))) == (Fraction(5, 2), Fraction(5, 2))
    assert t.player(1).name == "Schatz, Christian" and t.player(1).title == "CM"


def test_team_round_robin_board_without_result_is_not_finished():
    t = read("Team_RoundRobin")
    assert t.player(1).rounds == (Pending(4, W), Game(4, B, Outcome.WIN))
    assert [d.code for d in t.diagnostics] == ["XML006"]
    assert t.event.round_dates == (date(2025, 9, 5), date(2025, 9, 26))
    assert t.event.time_control_text == "90 Min + 30 Sek/Zug  30 Min + 30 Sek/Zug"
    assert t.teams[1].nickname == "SV Künsebeck" and t.teams[1].members == (4, 5, 6)


def test_format_is_detected_from_content_not_extension():
    data = (XML / "chess-results-upload_Single_RoundRobin.xml").read_bytes()
    assert detect_format(data) == "xml"
    assert len(trfconv.reads(data).players) == 8


def test_reader_quirks_decimal_comma_dates_forfeit_codes():
    t = trfconv.reads(b"""<chessresults><tournamentdata><tournament type="0" from="01.02.2025" to="2025-02-03"
        rounds="2"/></tournamentdata><players>
        <player no="1" lastname="Alpha" firstname="Ann" pts="1,5" dob="03.05.1990" sex="W"/>
        <player no="2" lastname="Beta" pts="0,5" dob="19900503"/><player no="3" lastname="Gamma" pts="1,0"/>
        </players><playerpairings>
        <playerpairing round="1" whiteno="1" blackno="2" reswhite="1.0" resblack="0.0" forfeit="K"/>
        <playerpairing round="1" whiteno="3" blackno="-2" reswhite="0.5" resblack="" forfeit=""/>
        <playerpairing round="2" whiteno="2" blackno="1" reswhite="0.5" resblack="0.5" forfeit="U"/>
        <playerpairing round="2" whiteno="3" blackno="-2" reswhite="" resblack="" forfeit=""/>
        </playerpairings></chessresults>""")
    assert (t.event.start_date, t.event.end_date) == (date(2025, 2, 1), date(2025, 2, 3))
    alpha, beta, gamma = t.players
    assert (alpha.name, alpha.sex, alpha.birth_date) == ("Alpha, Ann", "w", PartialDate(1990, 5, 3))
    assert beta.birth_date == PartialDate(1990, 5, 3)
    assert alpha.rounds == (Forfeit(True, 2, W), Game(2, B, Outcome.DRAW, rated=False))
    assert gamma.rounds == (Bye(ByeKind.HALF), NOT_PAIRED)
    # the read-time checks run on XML too: Gamma declares 1,0 but the results give ½
    assert [d.code for d in t.diagnostics if d.severity.value != "info"] == ["TRF033"]
    assert t.diagnostics[0].message.startswith("player 3 declares 1 points, the results give 0.5")


# -- writing and the round trip --------------------------------------------------------------
def strip(t: Tournament) -> Tournament:
    return dataclasses.replace(t, source=trfconv.model.Source())


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_trf_to_xml_to_trf_keeps_what_xml_holds_and_names_what_it_drops(path):
    t = trfconv.read(path)
    data, diagnostics = trfconv.dumps(t, "xml")
    assert SCHEMA.validate(etree.fromstring(data)), SCHEMA.error_log.last_error
    back = trfconv.reads(data)
    assert back == project(t)
    lossy = [d.message for d in diagnostics if d.code == "WRT004"]
    assert lossy == [f"chess-results XML cannot hold {item}; left out" for item in dropped_items(t, back)]
    assert [d.code for d in diagnostics] == ["WRT004"] * len(lossy)
    again = trfconv.reads(trfconv.dumps(back, "trf26")[0])
    assert again == back


@pytest.mark.parametrize("name", ["Single_SwissSystem", "Single_RoundRobin", "Team_SwissSystem", "Team_RoundRobin"])
def test_real_xml_round_trips_without_loss(name):
    t = read(name)
    data, diagnostics = trfconv.dumps(t, "xml")
    assert diagnostics == []
    assert SCHEMA.validate(etree.fromstring(data))
    assert trfconv.reads(data) == t
    trf, written = trfconv.dumps(t, "trf26")  # and on to TRF-2026: players, games and event survive
    again = trfconv.reads(trf)
    assert (again.players, again.event, again.team_event) == (t.players, t.event, t.team_event)
    assert [(x.number, x.name, x.members) for x in again.teams] == [(x.number, x.name, x.members) for x in t.teams]
    # TRF-2026 310 gives a team's short name 5 columns: the writer says so
    assert {d.code for d in written} <= {"WRT001"}


def test_writer_output_has_the_format_quirks_and_no_security_block():
    data, _ = trfconv.dumps(read("Single_SwissSystem"), "xml")
    root = etree.fromstring(data)
    assert root.find("security") is None
    brunk = root.find("players/player[@no='1']")
    assert (brunk.get("lastname"), brunk.get("firstname"), brunk.get("pts"), brunk.get("dob")) == (
        "Brunk,Dirk", "", "3,0", "1965")
    assert root.find("tournamentdata/tournament").get("from") == "20250926"
    bye = root.find("playerpairings/playerpairing[@whiteno='17'][@round='1']")
    assert (bye.get("blackno"), bye.get("reswhite"), bye.get("forfeit")) == ("-1", "1.0", "K")
    assert root.find("playerpairings/playerpairing[@whiteno='18'][@round='1']").get("blackno") == "-2"


def test_lossy_warnings_name_each_dropped_item():
    t = trfconv.read(FIXTURES / "trf" / "Sharly-Chess__sharly-chess__trf-import-test.trf")
    _, diagnostics = trfconv.dumps(t, "xml")
    assert [d.message.removeprefix("chess-results XML cannot hold ").removesuffix("; left out")
            for d in diagnostics] == [
        "event declared players (16)", "event declared rated players (16)", "event rank method ('NIDOF')",
        "event pairing controller ('Sharly Chess')", "the players' national ratings (1 player(s): 1)",
        "pairing system ('FIDE_DUTCH_2026_BAKU')", "pairing initial colour ('b')",
        "pairing requested byes (4 item(s))",
        "8 line(s) kept verbatim from the source (comments, unknown or private records)"]


def test_team_file_lossy_warnings_include_team_records():
    t = trfconv.read(FIXTURES / "trf" / "echecsjs__trf__grandmommyscup.trf")
    data, diagnostics = trfconv.dumps(t, "xml")
    messages = [d.message for d in diagnostics]
    assert "chess-results XML cannot hold team event lineups (141 item(s)); left out" in messages
    assert "chess-results XML cannot hold event time control ('40/6000+30:20/3000+30:1500+30'); left out" in messages
    back = trfconv.reads(data)
    assert len(back.teams) == 50 and back.team_event.pab.teams[2] == 50
    # the team bye worth a drawn match (320: 1 match point, 2 game points) is written as a drawn
    # result, 2.0-2.0, which reads back as the same match points
    assert (t.team_event.pab.match_points, t.team_event.pab.game_points) == (1, 2)
    assert not [m for m in messages if "pab match points" in m]
    assert (back.team_event.pab.match_points, back.team_event.pab.game_points) == (1, 2)
    assert re.search(rb'no2="-1"\s+res1="2.0"\s+res2="2.0"', data)


def test_games_the_two_lines_disagree_on_are_reported_not_written():
    from trfbuild import HEADER, player_line, trf

    t = trfconv.reads(trf(*HEADER, player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w 1",)),
                          player_line(2, "Beta, Bob", points="1.0", rounds=("   1 b 1",))))
    data, diagnostics = trfconv.dumps(t, "xml")
    back = trfconv.reads(data)
    assert [p.rounds for p in back.players] == [(NOT_PAIRED,), (NOT_PAIRED,)]
    assert [d.message for d in diagnostics] == [(
        "chess-results XML cannot hold 2 round entries (player 1 round 1: a win against 2, with White; "
        "player 2 round 1: a win against 1, with Black); left out")]  # in words, never a Python repr


EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE chessresults [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<chessresults><tournamentdata><tournament type="0" name="&secret;"/></tournamentdata><players/></chessresults>"""


def test_billion_laughs_is_refused_with_a_diagnostic():
    t = trfconv.reads(LAUGHS)
    assert [(d.code, d.location.line) for d in t.diagnostics] == [("XML002", 2)]
    assert t.players == () and t.event.name is None


def test_external_entity_is_refused_and_nothing_is_read():
    t = trfconv.reads(EXTERNAL)
    assert [d.code for d in t.diagnostics] == ["XML002"]
    assert "root:" not in repr(t)


def test_parser_itself_neither_expands_nor_fetches_entities():
    """Defence in depth: even without the refusal of DTDs, the parser keeps entities unexpanded
    and reads no file."""
    for document in (LAUGHS, EXTERNAL):
        try:
            root = etree.fromstring(document, parser())
        except etree.XMLSyntaxError:
            continue  # libxml2 refusing is as good
        name = root.find("tournamentdata/tournament").get("name") or ""
        assert "lollollol" not in name and "root:" not in name and len(name) < 100


def test_oversized_file_is_refused_before_parsing():
    data = b"<chessresults>" + b" " * (50 * 1024 * 1024) + b"</chessresults>"
    assert len(data) > MAX_XML_BYTES
    tracemalloc.start()
    t = trfconv.reads(data)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [d.code for d in t.diagnostics] == ["XML001"]
    assert "limited to" in t.diagnostics[0].message
    assert peak < 1024 * 1024  # nothing was copied or parsed: the check comes first


def test_not_well_formed_and_foreign_xml_are_diagnostics():
    broken = trfconv.reads(b"<chessresults><players><player no='1'></chessresults>")
    assert [d.code for d in broken.diagnostics] == ["XML001"] and broken.diagnostics[0].location.line == 1
    foreign = trfconv.reads(b"<tournament><name>x</name></tournament>")
    assert [d.code for d in foreign.diagnostics] == ["XML003"]


def test_start_number_used_twice_still_writes():
    """A player line repeated (TRF014) leaves a forfeit whose opponent's line is another one:
    the writer reads that side as unplayed instead of failing (found by the corruption tests)."""
    path = paths.FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"
    lines = path.read_bytes().splitlines(keepends=True)
    # the 012 line replaced by a copy of player 11's line, one column shifted (hypothesis's find)
    repeated = next(line for line in lines if line.startswith(b"001   11")).replace(b"11      B", b"11     B")
    t = trfconv.reads(b"\n" + repeated + b"".join(lines[1:]))
    assert "TRF014" in [d.code for d in t.diagnostics]
    data, _ = trfconv.dumps(t, "xml")
    assert trfconv.reads(data).players


def test_control_character_in_sex_column_is_replaced_and_reported():
    """A NUL byte in a player's sex column (hypothesis's find in a corrupted lichess export):
    XML cannot carry it, so the reader replaces it by U+FFFD and says so (ENC007, issue 15:
    replaced at reading, whatever the format written), and the XML writer writes it as it is."""
    path = paths.FIXTURES / "trf" / "GrzegorzKi__CompetiChess__testLargeFile.trf"
    data = path.read_bytes().replace(b"001    1       sherwin", b"001    1 \x00      sherwin", 1)
    t = trfconv.reads(data)
    assert t.player(1).sex == "\ufffd"
    assert any(d.code == "ENC007" and d.message.startswith("player 1 sex: character U+0000") for d in t.diagnostics)
    xml, diagnostics = trfconv.dumps(t, "xml")
    assert trfconv.reads(xml).player(1).sex == "\ufffd"


@pytest.mark.parametrize("encoding, declared", [("latin-1", b"ISO-8859-1"), ("cp1252", b"windows-1252"),
                                                ("ascii", b"US-ASCII")])
def test_single_byte_output_encodings_write_references_and_read_back(encoding, declared):
    """--output-encoding latin-1 with --to xml raised lxml's LookupError ('LATIN-1' is not a
    name libxml2 knows; found by fuzzing). The declaration names the encoding as IANA does;
    characters it lacks are character references, so nothing is lost."""
    t = read("Single_SwissSystem")
    t = dataclasses.replace(t, players=(dataclasses.replace(t.players[0], name="Łukasz, Müller"),) + t.players[1:])
    data, _ = trfconv.dumps(t, "xml", encoding=encoding)
    assert data.startswith(b"<?xml version='1.0' encoding='" + declared + b"'?>")
    assert b"&#321;ukasz" in data
    back = trfconv.reads(data)
    assert back.players[0].name == "Łukasz, Müller"
    assert back.players == trfconv.reads(trfconv.dumps(t, "xml")[0]).players


def test_utf16_document_is_detected_as_xml():
    """A UTF-16 document with its byte-order mark was detected as TRF (IO002; found by fuzzing)."""
    data = (XML / "chess-results-upload_Single_SwissSystem.xml").read_bytes().decode("utf-8").encode("utf-16")
    assert detect_format(data) == "xml"
    assert trfconv.reads(data).players == read("Single_SwissSystem").players
