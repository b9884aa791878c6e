"""The TRF writers: exact columns, encodings with a warning per replaced character, line endings,
values that do not fit, atomic writes that never overwrite the input."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import paths
import pytest
from trfbuild import player_line

import trfconv
from trfconv.model import (
    NOT_PAIRED,
    Bye,
    ByeKind,
    Colour,
    Event,
    Forfeit,
    Game,
    Outcome,
    Player,
    ScoreSystem,
    Tournament,
    Unreadable,
)

FIXTURES = paths.FIXTURES


def two_players(name: str = "Müller, Jürgen", **event) -> Tournament:
    return Tournament(
        event=Event(name="Open", start_date=date(2025, 3, 1), **event),
        players=(
            Player(1, name, sex="m", rating=2100, federation="GER", points=Fraction(3, 2),
                   rounds=(Game(2, Colour.WHITE, Outcome.WIN), Bye(ByeKind.HALF))),
            Player(2, "Beta, Bob", points=Fraction(0),
                   rounds=(Game(1, Colour.BLACK, Outcome.LOSS), NOT_PAIRED)),
        ),
    )


def test_player_line_columns_match_the_specification():
    data, diagnostics = trfconv.dumps(two_players("Alpha, Ann"))
    lines = data.decode().split("\r\n")
    expected = player_line(1, "Alpha, Ann", rating="2100", fed="GER", points="1.5",
                           rounds=("   2 w 1", "0000 - H"))
    assert expected in lines
    assert player_line(2, "Beta, Bob", sex="", points="0.0", rounds=("   1 b 0",)) in lines
    assert lines[:2] == ["012 Open", "042 2025/03/01"]
    assert diagnostics == []


@pytest.mark.parametrize("ending", ["\r\n", "\n", "\r"])
def test_line_endings(ending):
    data, _ = trfconv.dumps(two_players(), line_ending=ending)
    text = data.decode()
    assert text.endswith(ending)
    assert text.count(ending) == 4
    assert trfconv.reads(data) == two_players()


def test_utf8_is_the_default_encoding():
    data, diagnostics = trfconv.dumps(two_players())
    assert "Müller, Jürgen".encode() in data and diagnostics == []


def test_latin1_output_keeps_latin1_letters_and_folds_the_rest():
    t = two_players("Łukasz, Müller")
    data, diagnostics = trfconv.dumps(t, encoding="latin-1")
    assert "Lukasz, Müller".encode("latin-1") in data
    (d,) = diagnostics
    assert d.code == "WRT002" and "'Ł' (U+0141)" in d.message and "player 1 name" in d.message


def test_ascii_folding_warns_for_every_changed_character_and_keeps_columns():
    t = two_players("Müller, Jürgen Œdipe Straße")
    data, diagnostics = trfconv.dumps(t, encoding="ascii")
    assert b"Muller, Jurgen OEdipe Strasse" in data
    changed = {d.message.split("'")[1] for d in diagnostics if d.code == "WRT002"}
    assert changed == {"ü", "Œ", "ß"}
    line = next(x for x in data.decode("ascii").split("\r\n") if x.startswith("001    1"))
    assert line[48:52] == "2100"  # rating still in columns 49-52


def test_values_that_do_not_fit_are_reported():
    long = two_players("A" * 40)
    data, diagnostics = trfconv.dumps(long)
    assert ("A" * 33).encode() + b" 2100" in data
    assert [d.code for d in diagnostics] == ["WRT001"]
    huge = replace(long, players=(replace(long.players[0], name="A", rating=12345),) + long.players[1:])
    _, diagnostics = trfconv.dumps(huge)
    assert [d.code for d in diagnostics] == ["WRT003"]


def test_unreadable_block_is_left_out_not_copied():
    """A round block the reader could not read (``   5 b ½``) used to go back as read (WRT005),
    which every consumer rejects again, and its ``½`` raised UnicodeEncodeError in ASCII (found
    by fuzzing): it is left blank, said (WRT004), and the next blocks keep their columns."""
    path = FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf"
    t = trfconv.reads(path.read_bytes().replace(b"    5 b =     7 w 1", "    5 b ½     7 w 1".encode()))
    assert t.player(1).rounds[3] == Unreadable("   5 b ½")
    data, diagnostics = trfconv.dumps(t, encoding="ascii")
    line = next(x for x in data.decode("ascii").split("\r\n") if x.startswith("001    1"))
    assert line[121:129] == " " * 8 and line[131:139] == "   7 w 1"
    assert [d.code for d in diagnostics] == ["WRT004"]
    assert "player 1 round 4: the unreadable block" in diagnostics[0].message and "left blank" in diagnostics[0].message


def test_declared_count_kept_as_text_is_folded_into_the_output_encoding():
    """A 072 the reader could not read as a number is kept as text (TRF039) and written back;
    a character of it the output encoding lacks raised UnicodeEncodeError (found by fuzzing)."""
    path = FIXTURES / "tiebreak" / "tec-swiss16-rated.trf"
    t = trfconv.reads(path.read_bytes().replace(b"072 16", "072 16 (sèniors)".encode()))
    assert t.event.declared_rated_players == "16 (sèniors)"
    data, diagnostics = trfconv.dumps(t, encoding="ascii")
    assert b"\r\n072 16 (seniors)\r\n" in data
    assert [d.message for d in diagnostics] == [
        "'è' (U+00E8) is not in ascii; replaced in 1 place(s): 072 number of rated players"]


def test_values_too_wide_for_team_and_national_records_are_reported():
    """Found by fuzzing: a 330 result of three characters, a 299 type of two, or a start number
    of five digits on a player with a national rating record (all from JSON), reached the column
    layout unchecked and raised ValueError. A code too long is left blank rather than cut (a cut code can read as
    another); the JSON reader now refuses such a 330 result, a model built in code can hold it."""
    team = trfconv.read(FIXTURES / "tiebreak" / "tec-team14.trf")
    (forfeit,) = team.team_event.forfeits
    team = replace(team, team_event=replace(team.team_event, forfeits=(replace(forfeit, result="-+-"),)))
    data, diagnostics = trfconv.dumps(team)
    assert [d.message for d in diagnostics if d.code == "WRT003"] == [
        "330 result: '-+-' does not fit in 2 columns; left blank"]
    assert b"\r\n330      6   6   1\r\n" in data
    national = trfconv.read(FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf")
    national = replace(national, players=(replace(national.players[0], start_number=12345),) + national.players[1:])
    data, diagnostics = trfconv.dumps(national)
    assert [d.message for d in diagnostics if d.code == "WRT003"] == [
        "player 12345 start number: 12345 does not fit in 4 columns; left blank",
        "RUS record of player 12345 start number: 12345 does not fit in 4 columns; left blank"]
    assert b"\r\nRUS                                             2650\r\n" in data  # columns kept
    valid = (FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf").read_text("utf-8")
    adjusted = trfconv.reads(valid + "\n299 F        1.0    1    2\n")
    (adjustment,) = adjusted.point_adjustments
    adjusted = replace(adjusted, point_adjustments=(replace(adjustment, kind="TX"),))
    data, diagnostics = trfconv.dumps(adjusted)
    assert [d.message for d in diagnostics] == ["299 type: 'TX' does not fit in 1 columns; left blank"]
    assert b"\r\n299           1.0    1    2\r\n" in data


def test_score_system_is_written_as_162_or_xxs():
    t = replace(two_players(), scores=ScoreSystem(win_white=Fraction(3), win_black=Fraction(3),
                                                  forfeit_win=Fraction(3), full_bye=Fraction(3),
                                                  pab=Fraction(3), draw_white=Fraction(1),
                                                  draw_black=Fraction(1), half_bye=Fraction(1),
                                                  unknown=Fraction(1)))
    data, _ = trfconv.dumps(t)
    assert b"\r\n162  W 3.0    D 1.0\r\n" in data
    assert trfconv.reads(data).scores == t.scores
    colour_dependent = replace(t, scores=replace(t.scores, win_black=Fraction(7, 2), unknown=Fraction(1, 2)))
    data, diagnostics = trfconv.dumps(colour_dependent)
    assert b"162" not in data and b"XXS " in data and b"BW=3.5" in data
    assert trfconv.reads(data).scores == colour_dependent.scores and diagnostics == []
    # XXS has no symbol for an unknown result: a value other than its default is reported
    _, diagnostics = trfconv.dumps(replace(colour_dependent, scores=replace(colour_dependent.scores, unknown=Fraction(1))))
    assert [d.code for d in diagnostics] == ["WRT004"] and "162 X" in diagnostics[0].message


def test_forfeits_and_byes_are_written_in_the_canonical_form():
    t = Tournament(players=(
        Player(1, "A", rounds=(Forfeit(True, 2, Colour.WHITE), Forfeit(True), Bye(ByeKind.PAB))),
        Player(2, "B", rounds=(Forfeit(False, 1, Colour.BLACK), Bye(ByeKind.ZERO), Bye(ByeKind.FULL))),
    ))
    text = trfconv.dumps(t)[0].decode()
    assert "     2 w +  0000 - +  0000 - U" in text
    assert "     1 b -  0000 - Z  0000 - F" in text


def test_write_is_atomic_and_never_overwrites_the_input(tmp_path):
    source = tmp_path / "in.trf"
    source.write_bytes(trfconv.dumps(two_players())[0])
    t = trfconv.read(source)
    with pytest.raises(trfconv.TrfconvError):
        trfconv.write(t, source)
    assert trfconv.read(source) == t
    out = tmp_path / "out.trf"
    assert trfconv.write(t, out, format="trf16") == []
    assert trfconv.read(out) == t
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.trf", "out.trf"]  # no temporary left


def test_strict_write_refuses_errors(tmp_path):
    t = two_players()
    bad = replace(t, players=(replace(t.players[0], rating=123456),) + t.players[1:])
    with pytest.raises(trfconv.TrfconvError):
        trfconv.write(bad, tmp_path / "x.trf", strict=True)
    assert not (tmp_path / "x.trf").exists()
