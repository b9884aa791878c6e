"""A lenient read never invents a value (issue 34, item 6): a field a shift moved out of its
columns (TRF010) is read where the shift put it when that is certain (TRF048), else left blank
and said (TRF049), never read from its own columns where it is cut (a birth date 1963/04/13
written one column right read 1963/04/01)."""

from __future__ import annotations

import pytest

import trfconv
from paths import FIXTURES
from trfconv.io.layout import layouts

MISALIGNED = FIXTURES / "trf" / "echecsjs__trf__trf26_team.trf"
PLAYER = layouts()["player"]
VALUES = {"start_number": "12", "sex": "m", "title": "GM", "name": "Kasparov, Garry", "rating": "2851",
          "federation": "RUS", "fide_id": "4100018363", "birth_date": "1963/04/13", "points": "1", "rank": "1"}


def written(layout: str, code: str, values: dict[str, str], moves: dict[str, int] | None = None) -> str:
    """A ``layout`` record of ``values``, each field of ``moves`` written that many columns right
    of its own (left when negative)."""
    chars = [" "] * 120
    chars[:len(code)] = code
    for f in layouts()[layout].fields:
        text = values.get(f.name, "")
        padded = text.rjust(f.width) if f.align == "right" else text.ljust(f.width)
        start = f.first - 1 + (moves or {}).get(f.name, 0)
        for i, c in enumerate(padded):
            if c != " ":
                if chars[start + i] != " ":
                    raise ValueError(f"{f.name} moved over another field's text")
                chars[start + i] = c
    return "".join(chars).rstrip()


def made(moves: dict[str, int] | None = None, **values: str) -> str:
    """A 001 line of :data:`VALUES` (``values`` instead where given), each field of ``moves``
    moved, round 1 against player 2."""
    return written("player", "001", {**VALUES, **values}, moves).ljust(91) + "   2 w 1"


#: Player 2, in his columns: he met player 12 in round 1.
OTHER = written("player", "001", {"start_number": "2", "sex": "w", "title": "IM", "name": "Polgar, Judith",
                                  "rating": "2735", "federation": "HUN", "fide_id": "735463",
                                  "birth_date": "1976/07/23", "points": "0", "rank": "2"}).ljust(91) + "  12 b 0"


def read(*lines: str):
    return trfconv.reads("\n".join(["012 Shifted", *lines, OTHER]) + "\n", path="shifted.trf")


def said(t, code: str) -> list[str]:
    return [d.message for d in t.diagnostics if d.code == code]


def test_the_line_made_is_a_correct_line():
    t = read(made())
    p = t.player(12)
    assert (p.name, p.rating, p.federation, p.fide_id, str(p.birth_date), p.points, p.rank) == (
        "Kasparov, Garry", 2851, "RUS", "4100018363", "1963/04/13", 1, 1)
    assert not [d for d in t.diagnostics if d.code in ("TRF010", "TRF048", "TRF049")]


def test_the_issue_s_file_writes_the_birth_date_it_holds(cli, tmp_path):
    """The file of issue 34: its birth dates one column right (columns 71-80). Read from 70-79
    they were 1963/04/1, written 1963/04/01; the shift is certain (the blank column 70 before,
    81 after, nothing else in the field's columns): read where it is, and said."""
    out = tmp_path / "out.trf"
    result = cli("convert", MISALIGNED, "-o", out, "--lenient")
    assert result.exit_code == 0
    lines = [line for line in out.read_text("utf-8").splitlines() if line.startswith("001")]
    assert [line[69:79] for line in lines] == ["1963/04/13", "1976/07/23"]
    t = trfconv.read(MISALIGNED)
    assert [str(p.birth_date) for p in t.players] == ["1963/04/13", "1976/07/23"]
    assert said(t, "TRF048")[0] == ("birth date read from columns 71-80, where the shift put it: '1963/04/13' (its own "
                                    "columns 70-79 hold '1963/04/1')")


@pytest.mark.parametrize("field,by,value,read_as", [
    ("start_number", 1, "12", 12),  # from its columns 5-8: 1
    ("rating", 1, "2851", 2851),  # 285
    ("federation", 1, "RUS", "RUS"),  # RU
    ("fide_id", 1, "4100018363", "4100018363"),  # 410001836, another player's id (here without a birth date)
    ("birth_date", 1, "1963/04/13", "1963/04/13"),  # 1963/04/01
    ("birth_date", -1, "1963/04/13", "1963/04/13"),  # 963/04/13
    ("points", 1, "4.5", 4.5),  # 4.
    ("rank", 1, "12", 12),  # 1, the rank in column 90 before the round blocks
    ("rating", 2, "2851", 2851),  # 28, its last digits over the (blank) federation's first column
])
def test_a_field_moved_for_certain_is_read_where_it_is(field, by, value, read_as):
    alone = {"fide_id": {"birth_date": ""}, "birth_date": {"fide_id": ""} if by < 0 else {},
             "rating": {"federation": ""} if by > 1 else {}}.get(field, {})
    t = read(made({field: by}, **{field: value}, **alone))
    p = t.player(12) or t.players[0]
    got = {"start_number": p.start_number, "rating": p.rating, "federation": p.federation, "fide_id": p.fide_id,
           "birth_date": str(p.birth_date), "points": p.points, "rank": p.rank}[field]
    assert got == read_as
    assert said(t, "TRF048")[0].startswith(field.replace("_", " ") + " read from")
    assert not said(t, "TRF049")


def test_a_name_one_column_too_long_is_read_whole():
    """A name that reaches into the separator (column 48), the rating left blank: it is the
    name's, whole."""
    t = read(made(name="Kasparovitch-Weinstein, Garry Kim", rating=""))
    assert len("Kasparovitch-Weinstein, Garry Kim") == 33
    t = read(made({"name": 1}, name="Kasparovitch-Weinstein, Garry Kim", rating=""))
    assert t.player(12).name == "Kasparovitch-Weinstein, Garry Kim" and said(t, "TRF048")


@pytest.mark.parametrize("moves,values,blank", [
    # the FIDE id runs into the birth date: 41000183631963/04/13 could be 4100018363 and 1963/04/13,
    # or 41000183631 and 963/04/13
    ({"fide_id": 1}, {}, ("fide_id", "birth_date")),
    # a title moved over the separator from the sex beside it: mGM cannot be cut once moved
    ({"sex": 1, "title": 1}, {}, ("sex", "title")),
])
def test_a_field_run_into_another_is_left_blank_and_said(moves, values, blank):
    t = read(made(moves, **values))
    p = t.player(12)
    read_as = {"birth_date": p.birth_date, "points": p.points, "sex": p.sex, "title": p.title,
               "rating": p.rating, "federation": p.federation, "fide_id": p.fide_id}
    assert [read_as[f] for f in blank] == [None] * len(blank)
    left = [m.split(" left blank")[0] for m in said(t, "TRF049") if " left blank" in m]
    assert sorted(left) == sorted(f.replace("_", " ") for f in blank)


def test_no_value_of_a_shifted_file_is_invented_whatever_the_shift():
    """Every field moved by one or two columns either way: each value read is the one written
    or none, never a cut one."""
    written = {"start_number": 12, "rating": 2851, "federation": "RUS", "fide_id": "4100018363",
               "birth_date": "1963/04/13", "points": 1, "rank": 1, "sex": "m", "title": "GM"}
    for field in written:
        for by in (-2, -1, 1, 2):
            try:
                line = made({field: by})
            except ValueError:  # moved over another field's text: no file holds that
                continue
            t = read(line)
            p = next((p for p in t.players if p.name.startswith("Kasparov")), None)
            if p is None:  # the start number in doubt, left blank: the line is kept verbatim (TRF013)
                assert said(t, "TRF013") and said(t, "TRF049"), (field, by)
                continue
            got = {"start_number": p.start_number, "rating": p.rating, "federation": p.federation,
                   "fide_id": p.fide_id, "birth_date": None if p.birth_date is None else str(p.birth_date),
                   "points": p.points, "rank": p.rank, "sex": p.sex, "title": p.title}
            for name, value in got.items():
                if name == "title" and said(t, "TRF018"):
                    continue  # the sex moved into the title's columns, no separator filled: kept as written, said
                assert value in (written[name], None), (field, by, name, value)


def test_a_shifted_national_rating_record_is_read_as_a_player_line_is():
    """The TRF-2026 national rating record has 001's columns: the same shift, the same reading
    (it was read from its columns, the birth date cut, without a word)."""
    national = written("national", "FRA", {"start_number": "12", "sex": "m", "name": "Kasparov, Garry",
                                           "rating": "2100", "origin": "FRA", "national_id": "B12345",
                                           "birth_date": "1963/04/13"}, {"birth_date": 1})
    t = read(made(), national)
    record = t.player(12).national_ratings[0]
    assert str(record.birth_date) == "1963/04/13" and said(t, "TRF048")
    assert [d.severity.value for d in t.diagnostics if d.code == "TRF010"] == ["warning"]


def test_a_shifted_team_record_keeps_its_points():
    """310: game points one column right (68 instead of 62-67) were read from their columns, cut:
    21.5 read 21."""
    team = written("team", "310", {"number": "1", "name": "Team A", "strength": "2100.0", "match_points": "10",
                                   "game_points": "21.5", "rank": "1"}, {"game_points": 1})
    t = read(made(), team + "    12    2")
    assert t.teams and (t.teams[0].match_points, t.teams[0].game_points) == (10, 21.5)
    assert said(t, "TRF048") and [d.severity.value for d in t.diagnostics if d.code == "TRF010"] == ["warning"]


def test_a_control_character_in_a_separator_is_a_character_like_any():
    """Found by the corruption property test: U+001F in column 80 filled the separator but was
    no value to the reading of values (a regular expression's \\S), and the reader stopped."""
    line = made(birth_date="")
    line = line[:79] + "\x1f" + line[80:]
    t = read(line)
    assert t.player(12).birth_date is None and [d.code for d in t.diagnostics if d.code == "TRF010"] == ["TRF010"]
