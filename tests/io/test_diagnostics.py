"""Each read-time check produces its diagnostic, at the right line and column."""

from __future__ import annotations

import json
from fractions import Fraction

import paths
import pytest
from trfbuild import HEADER, player_line, trf

import trfconv
from trfconv.diagnostics import CODES, Severity
from trfconv.errors import TrfconvError
from trfconv.model import Bye, ByeKind, Colour, Forfeit, Game, Outcome, Pending, Unreadable
from trfconv.rules.tiebreaks.standings import standings


def read(*lines: str, **kwargs) -> trfconv.Tournament:
    return trfconv.reads(trf(*lines), path="t.trf", **kwargs)


def found(t, code: str) -> list[tuple[int | None, int | None]]:
    return [(d.location.line, d.location.column) for d in t.diagnostics if d.code == code]


PAIR = (player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w 1",)),
        player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b 0",)))


def test_clean_file_has_no_diagnostics():
    t = read(*HEADER, "062 2", *PAIR)
    assert t.diagnostics == ()
    assert t.player(1).rounds == (Game(2, trfconv.model.Colour.WHITE, Outcome.WIN),)


def test_every_diagnostic_code_is_registered_and_documented():
    assert all(code.code == key and code.title for key, code in CODES.items())


def test_misaligned_columns_are_errors_with_their_column():
    good = player_line(3, "Gamma, Gil", rating="2100", points="0.0")
    shifted = good[:20] + "x" + good[20:]  # a name one character too long pushes the rest right
    t = read(*HEADER, *PAIR, shifted)
    assert found(t, "TRF010") == [(len(HEADER) + 3, 53)]
    assert next(d for d in t.diagnostics if d.code == "TRF010").severity is Severity.ERROR


def test_points_column_against_results():
    t = read(*HEADER, player_line(1, "Alpha, Ann", points="0.5", rounds=("   2 w 1",)),
             player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b 0",)))
    (d,) = [d for d in t.diagnostics if d.code == "TRF033"]
    assert (d.location.line, d.location.column) == (len(HEADER) + 1, 81)
    assert "declares 0.5 points, the results give 1" in d.message
    assert d.consumer == "bbpPairings"


def test_points_follow_the_score_system():
    t = read(*HEADER, "162  W 3.0    D 1.0", player_line(1, "Alpha, Ann", points="3.0", rounds=("   2 w 1",)),
             player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b 0",)))
    assert t.scores.win_white == 3 and t.scores.pab == 3 and t.scores.half_bye == 1
    assert found(t, "TRF033") == []
    bbp = read(*HEADER, "BBW  3.0", "BBD  1.0", player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w =",)),
               player_line(2, "Beta, Bob", points="1.0", rounds=("   1 b =",)))
    assert bbp.scores.draw_black == 1 and found(bbp, "TRF033") == []
    javafo = read(*HEADER, "XXS WW=1 BW=1.5 D=0.5", player_line(1, "Alpha, Ann", points="0.0", rounds=("   2 w 0",)),
                  player_line(2, "Beta, Bob", points="1.5", rounds=("   1 b 1",)))
    assert javafo.scores.win_black == Fraction(3, 2) and found(javafo, "TRF033") == []


def test_pairing_symmetry_colours_and_results():
    t = read(*HEADER,
             player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w 1",)),
             player_line(2, "Beta, Bob", points="1.0", rounds=("   1 w 1",)),
             player_line(3, "Gamma, Gil", points="0.0", rounds=("   1 b 0",)))
    assert found(t, "TRF031") == [(len(HEADER) + 1, 92)]  # 1 and 2 both White
    assert found(t, "TRF032") == [(len(HEADER) + 1, 92)]  # both won
    assert found(t, "TRF030") == [(len(HEADER) + 3, 92)]  # 3 names 1, who names 2


def test_forfeit_symmetry():
    ok = read(*HEADER, player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w +",)),
              player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b -",)))
    assert not ok.diagnostics
    double = read(*HEADER, player_line(1, "Alpha, Ann", points="0.0", rounds=("   2 w -",)),
                  player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b -",)))
    assert not double.diagnostics
    both_won = read(*HEADER, player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w +",)),
                    player_line(2, "Beta, Bob", points="1.0", rounds=("   1 b +",)))
    assert found(both_won, "TRF032")
    mixed = read(*HEADER, player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w +",)),
                 player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b 0",)))
    assert found(mixed, "TRF032")


def test_start_numbers_duplicate_missing_and_unknown_opponents():
    t = read(*HEADER, player_line(1, "Alpha, Ann", points="1.0", rounds=("   9 w 1",)),
             player_line(1, "Again, Ann"), player_line(4, "Delta, Dan"))
    assert found(t, "TRF014") == [(len(HEADER) + 2, 5)]
    assert found(t, "TRF015")  # 2 and 3 missing
    assert found(t, "TRF022") == [(len(HEADER) + 1, 92)]
    assert len(t.players) == 3  # the duplicate is kept, not dropped


def test_header_counts_against_the_file():
    t = read(*HEADER, "062 5", "072 1", "082 2", *PAIR)
    assert [d.message for d in t.diagnostics if d.code == "TRF034"] == [
        "062 declares 5 players, the file has 2", "072 declares 1 rated players, the file has 0",
        "082 declares 2 teams, the file has 0"]
    assert found(t, "TRF034")[0] == (len(HEADER) + 1, None)


def test_dates_that_do_not_parse():
    t = read("012 X", "042 sometime in spring", *PAIR)
    assert found(t, "TRF037") == [(2, 5)]
    assert t.event.start_date == "sometime in spring"  # kept as written


def test_rounds_beyond_the_declared_number():
    t = read(*HEADER, "XXR 1", player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w 1", "0000 - H")),
             player_line(2, "Beta, Bob", points="0.0", rounds=("   1 b 0",)))
    assert [d.message for d in t.diagnostics if d.code == "TRF035"] == [
        "round 2 has entries for 1 player(s) but the file declares 1 rounds"]


def test_absurd_number_of_rounds_is_refused_and_kept_verbatim():
    """'XXR 99999999' (a corruption CI's property test made) once made the XML writer and the
    standings lay out a hundred million rounds until memory ran out."""
    t = read(*HEADER, "XXR 99999999", *PAIR)
    assert t.event.declared_rounds is None
    assert [d.message for d in t.diagnostics if d.code == "TRF039"] == [
        "XXR says 99999999 rounds, more than the 999 TRF can number; line kept verbatim"]
    assert "XXR 99999999" in trfconv.dumps(t, "trf16")[0].decode()
    assert b' rounds="1"' in trfconv.dumps(t, "xml")[0]
    assert len(standings(t, ["BH", "SB"]).rows) == 2
    document = trfconv.dumps(t, "json")[0].replace(b'"declared_rounds": null', b'"declared_rounds": 99999999')
    assert [d.code for d in trfconv.reads(document).diagnostics] == ["JSN001"]


def test_json_player_with_more_rounds_than_any_format_numbers_is_refused():
    """Found by fuzzing: a JSON document giving one player 200,000 rounds (a 6 MB file) made the
    standings lay out 200,000 rounds for each of 284 players (over 2.4 GB, minutes). A player's
    rounds are bounded like the declared number (999); 999 rounds still read."""
    t = read(*HEADER, *PAIR)
    document = json.loads(trfconv.dumps(t, "json")[0])
    first = document["tournament"]["players"][0]
    first["rounds"] += [{"type": "not-paired"}] * (999 - len(first["rounds"]))
    assert len(trfconv.reads(json.dumps(document)).player(1).rounds) == 999
    first["rounds"].append({"type": "not-paired"})
    (d,) = trfconv.reads(json.dumps(document)).diagnostics
    assert (d.code, d.message) == ("JSN001", "player 1 has 1,000 rounds, more than 999")


def test_huge_start_number_is_counted_not_listed():
    """Found by fuzzing: a JSON (or CSV) start number of 10^12 made the TRF015 check list every
    missing number from 1 up (MemoryError). The missing numbers are counted; the first ten shown."""
    document = json.loads(trfconv.dumps(read(*HEADER, *PAIR), "json")[0])
    beta = document["tournament"]["players"][1]
    beta["start_number"] = 10**12
    document["tournament"]["players"][0]["rounds"][0]["opponent"] = 10**12
    t = trfconv.reads(json.dumps(document))
    assert [p.start_number for p in t.players] == [1, 10**12]
    assert [d.message for d in t.diagnostics] == [
        "999999999998 start number(s) between 1 and 1000000000000 have no player: 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 …"]


def test_unknown_result_and_colour_codes_keep_the_block():
    t = read(*HEADER, player_line(1, "Alpha, Ann", rounds=("   2 w Q", "   2 x 1")))
    assert found(t, "TRF020") == [(len(HEADER) + 1, 99)]
    assert found(t, "TRF021") == [(len(HEADER) + 1, 107)]
    assert t.player(1).rounds == (Unreadable("   2 w Q"), Unreadable("   2 x 1"))


def test_legacy_byes_and_forfeits_without_opponent():
    t = read(*HEADER, player_line(1, "Alpha, Ann", rounds=("0000 - =", "0000 - +", "0000 - -", "     - B")))
    assert t.player(1).rounds == (Bye(ByeKind.HALF), Forfeit(True), Forfeit(False), Bye(ByeKind.PAB))
    assert {d.code for d in t.diagnostics} >= {"TRF023", "TRF024"}


def test_bye_with_opponent_is_an_error():
    t = read(*HEADER, player_line(1, "Alpha, Ann", rounds=("  62 b Z",)))
    assert t.player(1).rounds == (Bye(ByeKind.ZERO),)
    assert found(t, "TRF025") == [(len(HEADER) + 1, 92)]


def test_strict_mode_raises_on_errors_only():
    with pytest.raises(TrfconvError) as info:
        trfconv.reads(trf(*HEADER, player_line(1, "Alpha, Ann", rounds=("   2 w Q",))), strict=True)
    assert any(d.code == "TRF020" for d in info.value.diagnostics)
    assert trfconv.reads(trf(*HEADER, "062 9", *PAIR), strict=True).players  # a warning is fine


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_line_endings(ending):
    t = trfconv.reads(trf(*HEADER, *PAIR, ending=ending))
    assert len(t.players) == 2 and not t.diagnostics
    assert t.source.line_ending == ending


def test_mixed_line_endings():
    data = trf(*HEADER, ending="\r\n") + trf(*PAIR, ending="\r")
    t = trfconv.reads(data)
    assert len(t.players) == 2
    assert found(t, "LIN001")


def test_latin1_bytes_are_detected_and_utf8_mojibake_is_reported():
    name = "Müller, Jürgen"
    latin = (player_line(1, name, points="1.0", rounds=("   2 w 1",)) + "\n" + PAIR[1] + "\n").encode("latin-1")
    t = trfconv.reads(latin)
    assert t.player(1).name == name
    assert found(t, "ENC001") and not found(t, "TRF010")
    mojibake = trfconv.reads(trf(player_line(1, "MÃ¼ller, JÃ¼rgen", points="1.0", rounds=("   2 w 1",)), PAIR[1]))
    (d,) = [d for d in mojibake.diagnostics if d.code == "ENC003"]
    assert "'ü'" in d.message and (d.location.line, d.location.column) == (1, 16)


def test_utf8_read_as_latin1_is_noticed():
    """Forcing the wrong encoding shifts the columns after an accented name; the reader says
    which encoding would line them up."""
    data = trf(player_line(1, "Müller, Jürgen", points="1.0", rounds=("   2 w 1",)), PAIR[1])
    t = trfconv.reads(data, encoding="latin-1")
    assert found(t, "ENC004")
    assert "utf-8" in next(d.message for d in t.diagnostics if d.code == "ENC004")
    assert trfconv.reads(data).player(1).name == "Müller, Jürgen"


def test_invalid_bytes_for_a_forced_encoding():
    t = trfconv.reads(b"012 Caf\xc3\x28\n", encoding="utf-8")
    (d,) = [d for d in t.diagnostics if d.code == "ENC005"]
    assert (d.location.line, d.location.column) == (1, 8)


def test_unknown_records_survive_with_a_warning():
    t = read(*HEADER, "QRS private data", "### a comment", *PAIR)
    assert found(t, "TRF001") == [(len(HEADER) + 1, 1)]
    assert [x.text for x in t.extras] == ["QRS private data", "### a comment"]
    out, _ = trfconv.dumps(t)
    assert b"QRS private data\r\n### a comment\r\n001" in out


def test_empty_and_garbage_input():
    assert found(trfconv.reads(b""), "IO002")
    assert found(trfconv.reads(b"\x00\xff garbage"), "IO002")
    bad_json = trfconv.reads(b'{"format": "trfconv-tournament", "version": 1, "tournament": {"players": 3}}')
    assert found(bad_json, "JSN001")


@pytest.mark.parametrize("tag", [{"a": 1}, ["game"], 3, None])
def test_json_round_entry_with_a_type_that_is_not_a_name_is_jsn001(tag):
    """Found by fuzzing: a round entry whose "type" was an object raised TypeError (unhashable)."""
    document = json.loads(trfconv.dumps(read(*HEADER, *PAIR), "json")[0])
    document["tournament"]["players"][0]["rounds"][0]["type"] = tag
    (d,) = trfconv.reads(json.dumps(document)).diagnostics
    assert d.code == "JSN001" and "tournament.players[0].rounds[0]" in d.message


@pytest.mark.parametrize("points", ["1e400", "1_000", " 1", "\u0661", "1/0", "0x1", "3,5", "inf"])
def test_json_number_outside_the_writers_spelling_is_jsn001(points):
    """Found by fuzzing: the JSON reader took whatever Fraction takes ("1e400" as a 401-digit
    number, "1_000", " 1", Arabic-Indic digits). It takes what the writer writes: a decimal with
    ASCII digits (3.5) or a fraction (1/3)."""
    document = json.loads(trfconv.dumps(read(*HEADER, *PAIR), "json")[0])
    assert document["tournament"]["players"][0]["points"] == "1"
    document["tournament"]["players"][0]["points"] = points
    (d,) = trfconv.reads(json.dumps(document)).diagnostics
    assert (d.code, d.message) == ("JSN001", f"tournament.players[0].points: {points!r} is not an exact number "
                                             "(like 3.5 or 1/3)")
    document["tournament"]["players"][0]["points"] = "7/2"
    assert trfconv.reads(json.dumps(document)).player(1).points == Fraction(7, 2)


@pytest.mark.parametrize("result", ["", "+", "x+", "+-+"])
def test_json_team_forfeit_result_outside_330s_codes_is_jsn001(result):
    """Found by fuzzing: a JSON 330 result of "" raised IndexError in the team standings, and
    "x+" was silently read as a forfeit loss. JSON takes the results the TRF reader takes."""
    path = paths.FIXTURES / "tiebreak" / "tec-team14.trf"
    document = json.loads(trfconv.dumps(trfconv.read(path), "json")[0])
    assert document["tournament"]["team_event"]["forfeits"][0]["result"] == "-+"
    document["tournament"]["team_event"]["forfeits"][0]["result"] = result
    (d,) = trfconv.reads(json.dumps(document)).diagnostics
    assert d.code == "JSN001"
    assert d.message == f"tournament.team_event.forfeits[0].result: {result!r} is not one of +-, -+, --"


def test_read_missing_file_raises_io001(tmp_path):
    with pytest.raises(TrfconvError) as info:
        trfconv.read(tmp_path / "missing.trf")
    assert info.value.diagnostics[0].code == "IO001"


@pytest.mark.parametrize("cut", [0, 1, 2, 3])
def test_a_line_cut_short_in_its_round_blocks(cut):
    """A 001 line is cut into round blocks whatever their number, the last one as short as the
    line: two rounds played, the third paired with its result (or more) trimmed away."""
    first = player_line(1, "Alpha, Ann", points="1.0", rounds=("   2 w 1", "   3 b 0", "   2 b ="))
    second = player_line(2, "Beta, Bob", points="1.0", rounds=("   1 b 0", "   3 w 1", "   1 w ="))
    t = read(*HEADER, first[:len(first) - cut], second, player_line(3, "Gamma, Gil", points="1.0",
                                                                       rounds=("   4 w 1", "   1 w 1", "   4 b =")),
             player_line(4, "Delta, Dan", points="0.0", rounds=("   3 b 0", "   2 b 0", "   3 w =")))
    third = {0: Game(2, Colour.BLACK, Outcome.DRAW), 1: Pending(2, Colour.BLACK), 2: Pending(2, Colour.BLACK),
             3: Pending(2, None)}[cut]  # '   2 b ', '   2 b', '   2': paired, no result yet
    assert t.player(1).rounds[:2] == (Game(2, Colour.WHITE, Outcome.WIN),
                                      Game(3, Colour.BLACK, Outcome.LOSS))
    assert t.player(1).rounds[2] == third
    assert all(len(p.rounds) == 3 for p in t.players)


def test_every_code_is_declared_once():
    """Two branches adding the same new code would leave one meaning silently overridden in
    :data:`CODES` (a dict): the table's source names each code once."""
    import re
    from pathlib import Path

    import trfconv.diagnostics as table

    declared = re.findall(r'Code\("([A-Z]{2,3}\d{3})"', Path(table.__file__).read_text("utf-8"))
    assert len(declared) == len(set(declared)) == len(CODES)
