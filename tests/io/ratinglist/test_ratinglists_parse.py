"""FIDE rating lists: every published layout read with exact values, TXT and XML alike, zipped or
not; damaged files refused with their line, leaving the database as it was."""

from __future__ import annotations

import contextlib
import dataclasses
import sqlite3
import threading
import zipfile
from pathlib import Path

import pytest
import ratinglist_build as build

from trfconv.io.ratinglist import parse as parse_module
from trfconv.io.ratinglist import store as store_module
from trfconv.io.ratinglist.layouts import HeaderError, layout
from trfconv.ratinglists import KINDS, ListError, Rating, import_list, open_lists

FIXTURES = build.FIXTURES
MONTH = "2026-10"


def imported(tmp_path: Path, name: str, month: str | None = MONTH, **kwargs):
    tmp_path.mkdir(parents=True, exist_ok=True)  # no folder is made for a database named
    db = tmp_path / "lists.sqlite"
    import_list(FIXTURES / name, db=db, month=month, **kwargs)
    return open_lists(db)


def errors(call) -> tuple[str, int | None, int | None, str]:
    with pytest.raises(ListError) as caught:
        call()
    d = caught.value.diagnostic
    return d.code, d.location.line, d.location.column, d.message


def test_fixtures_are_what_the_builder_writes():
    contents = build.files()
    contents["players_list.zip"] = build.zipped("players_list_foa.txt", contents["players_list_foa.txt"])
    assert sorted(contents) == sorted(p.name for p in FIXTURES.iterdir() if p.suffix != ".md")
    for name, data in contents.items():
        assert (FIXTURES / name).read_bytes() == data, name


def test_fixture_lines_have_the_documented_widths():
    def widths(name):
        return sorted({len(line) for line in (FIXTURES / name).read_bytes().split(b"\r\n")[:-1]})
    assert widths("players_list_foa.txt") == [162, 163]  # 163: the other titles overflow
    assert widths("players_list.txt") == [158, 159]
    assert widths("standard_oct26frl.txt") == [136, 137]
    assert widths("players_list_2011.txt") == [74]


# -- headers ------------------------------------------------------------------------------------

def test_columns_come_from_the_header_words():
    foa = layout(build.HEADER_FOA)
    assert foa.name == "combined (FOA)" and foa.width == 162 and foa.month is None
    assert [(c.field, c.start, c.end) for c in foa.columns][:9] == [
        ("fide_id", 0, 15), ("name", 15, 76), ("federation", 76, 80), ("sex", 80, 84), ("title", 84, 89),
        ("women_title", 89, 94), ("other_titles", 94, 109), ("foa_title", 109, 113), ("standard_rating", 113, 119)]
    assert [(c.field, c.start) for c in foa.columns][9:] == [
        ("standard_games", 119), ("standard_k", 123), ("rapid_rating", 126), ("rapid_games", 132), ("rapid_k", 136),
        ("blitz_rating", 139), ("blitz_games", 145), ("blitz_k", 149), ("birth_year", 152), ("flag", 158)]
    legacy = layout(build.HEADER_LEGACY)
    assert legacy.name == "combined (legacy)" and legacy.width == 158
    assert legacy.by_field["standard_rating"].start == 109 and legacy.by_field["birth_year"].start == 148
    single = layout(build.HEADER_SINGLE.format(code="OCT26"))
    assert single.name == "single-type" and single.month == "2026-10" and single.width == 136
    assert [(c.field, c.start) for c in single.columns][8:] == [("rating", 113), ("games", 119), ("k", 123),
                                                                ("birth_year", 126), ("flag", 132)]


def test_pre_2012_header_splits_words_written_together():
    old = layout("ID number Name                              TitlFed  Mar11 GamesBorn  Flag")
    assert old.name == "pre-2012" and old.month == "2011-03"
    assert [(c.field, c.start, c.end) for c in old.columns] == [
        ("fide_id", 0, 10), ("name", 10, 44), ("title", 44, 48), ("federation", 48, 53), ("rating", 53, 59),
        ("games", 59, 64), ("birth_year", 64, 70), ("flag", 70, 74)]


def test_a_line_that_is_not_a_list_header_is_refused_with_its_column():
    with pytest.raises(HeaderError) as caught:
        layout("ID Number      Name    Fed Colour")
    assert caught.value.column == 28 and "Colour" in str(caught.value)
    with pytest.raises(HeaderError, match="starts with 'ID Number'"):
        layout("Name ID Number SRtng")
    with pytest.raises(HeaderError, match="no rating column"):
        layout("ID Number Name Fed")


# -- every layout, exact values -------------------------------------------------------------------

def _rating(kind, rating, games, k, source="players_list_foa.txt"):
    return Rating(kind, rating, games, k, MONTH, source)


def test_combined_foa_list_edge_lines(tmp_path):
    lists = imported(tmp_path, "players_list_foa.txt")
    overflow = lists.player(90100070)  # the 163-character line
    assert (overflow.name, overflow.federation, overflow.sex, overflow.title, overflow.other_titles,
            overflow.foa_title, overflow.birth_year, overflow.flag) == (
        "Brenzola, Ilario", "ITA", "M", "IM", ("IA", "FT", "LSI", "SLI", "NA"), "AFM", 1969, "")
    assert overflow.ratings == (_rating("standard", 2401, 0, 10), _rating("rapid", 2388, 0, 20),
                                _rating("blitz", 2410, 0, 20))
    single = lists.player(90100038)
    assert (single.name, single.birth_year, single.federation) == ("Quorvath", None, "MNG")
    assert single.ratings == (_rating("standard", 1755, 0, 40), _rating("rapid", None, 0, None),
                              _rating("blitz", None, 0, None))
    woman = lists.player(90100089)
    assert (woman.flag, woman.inactive, woman.title, woman.women_title, woman.titles, woman.foa_title) == (
        "wi", True, "WIM", "WIM", ("WIM",), "AIM")
    unrated = lists.player(90100062)
    assert [r.rating for r in unrated.ratings] == [None, None, None] and unrated.birth_year == 2011
    assert lists.player(90100011).ratings[0] == _rating("standard", 2612, 9, 10)
    assert lists.player(90100020).rating("standard").k == 20
    assert lists.player(90100054).inactive and lists.player(90100054).flag == "i"
    assert lists.player(90100135).other_titles == ("NA", "IO") and lists.player(90100135).foa_title == "ACM"
    assert lists.player(90199999) is None
    (source,) = {s for kinds in lists.months().values() for s in kinds.values()}
    assert (source.players, source.rated, source.layout) == (
        13, {"standard": 11, "rapid": 7, "blitz": 7}, "combined (FOA)")


def test_legacy_list_reads_as_the_foa_list_without_foa_titles(tmp_path):
    foa = imported(tmp_path / "a", "players_list_foa.txt")
    legacy = imported(tmp_path / "b", "players_list.txt")
    for p in build.PLAYERS:
        expected = dataclasses.replace(foa.player(p.fide_id), foa_title=None)
        assert _without_sources(legacy.player(p.fide_id)) == _without_sources(expected)
    assert legacy.player(90100070).other_titles == ("IA", "FT", "LSI", "SLI", "NA")  # the 159-character line


def _without_sources(entry):
    return dataclasses.replace(entry, source="", ratings=tuple(dataclasses.replace(r, source="") for r in entry.ratings))


def test_single_type_lists_of_one_month_make_one_month(tmp_path):
    db = tmp_path / "lists.sqlite"
    for kind in KINDS:  # month from the header's OCT26 (and the name), kind from the name
        info = import_list(FIXTURES / f"{kind}_oct26frl.txt", db=db)
        assert (info.month, info.kinds, info.layout) == (MONTH, (kind,), "single-type")
    lists = open_lists(db)
    assert list(lists.months()) == [MONTH]
    assert {k: s.file for k, s in lists.months()[MONTH].items()} == {
        "standard": "standard_oct26frl.txt", "rapid": "rapid_oct26frl.txt", "blitz": "blitz_oct26frl.txt"}
    assert lists.player(90100070).ratings == (_rating("standard", 2401, 0, 10, "standard_oct26frl.txt"),
                                              _rating("rapid", 2388, 0, 20, "rapid_oct26frl.txt"),
                                              _rating("blitz", 2410, 0, 20, "blitz_oct26frl.txt"))
    davit = lists.player(90100097)  # not in the standard list: unrated there
    assert davit.ratings[0] == _rating("standard", None, None, None, "standard_oct26frl.txt")
    assert (davit.name, davit.source, davit.ratings[1].rating) == ("Pakrazian, Davit", "rapid_oct26frl.txt", 1650)
    assert lists.player(90100062) is None  # unrated in every list: in none of the single-type lists
    foa = imported(tmp_path / "foa", "players_list_foa.txt")
    for p in build.PLAYERS:
        if p.std[0]:
            single, combined = lists.player(p.fide_id), foa.player(p.fide_id)
            assert dataclasses.replace(single, source="", ratings=()) == dataclasses.replace(combined, source="",
                                                                                             ratings=())
            assert [(r.kind, r.rating, r.k) for r in single.ratings] == [(r.kind, r.rating, r.k)
                                                                         for r in combined.ratings]


def test_pre_2012_list_legacy_titles_and_sex_from_the_flag(tmp_path):
    lists = imported(tmp_path, "players_list_2011.txt", month=None)
    assert list(lists.months()) == [MONTH] and list(lists.months()[MONTH]) == ["standard"]
    gm, wgm = lists.player(90100011), lists.player(90100020)
    assert (gm.title, gm.sex, gm.rating("standard")) == ("GM", "M", _rating("standard", 2612, 9, None,
                                                                              "players_list_2011.txt"))
    assert (wgm.title, wgm.sex, wgm.flag, wgm.birth_year) == ("WGM", "F", "w", 1999)
    assert lists.player(90100038).birth_year is None and lists.player(90100089).flag == "wi"


def test_xml_and_txt_of_the_same_month_give_the_same_entries(tmp_path):
    txt = imported(tmp_path / "t", "players_list_foa.txt")
    xml = imported(tmp_path / "x", "players_list_xml_foa.xml")
    for p in build.PLAYERS:
        assert _without_sources(xml.player(p.fide_id)) == _without_sources(txt.player(p.fide_id)), p.name
    assert xml.player(90100011).source == "players_list_xml_foa.xml"
    assert xml.months()[MONTH]["blitz"].layout == "combined XML"


def test_xml_players_read_by_the_expression_and_by_lxml_agree(tmp_path, monkeypatch):
    """Blocks of players shaped like the first are read by one regular expression; others by
    lxml. Both must store the same thing: here the whole list goes through each."""
    fast = imported(tmp_path / "fast", "players_list_xml_foa.xml")
    monkeypatch.setattr(parse_module._XmlBlocks, "_learn", lambda self, text: None)
    careful = imported(tmp_path / "careful", "players_list_xml_foa.xml")
    for p in build.PLAYERS:
        assert fast.player(p.fide_id) == careful.player(p.fide_id) is not None
    assert fast.months()[MONTH]["standard"].rated == careful.months()[MONTH]["standard"].rated


def test_xml_with_another_shape_or_spread_over_chunks(tmp_path, monkeypatch):
    xml = (FIXTURES / "players_list_xml_foa.xml").read_text("ascii")
    reordered = xml.replace("<name>Quorvath</name><country>MNG</country>", "<country>MNG</country><name>Quorvath</name>")
    reordered = reordered.replace("<title></title>", "<title/>", 1).replace("Ostrakova", "Ostr&#225;kov&amp;a")
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<!-- list -->\n' + reordered, "utf-8")
    monkeypatch.setattr(parse_module, "CHUNK", 700)
    import_list(path, db=tmp_path / "db", month=MONTH)
    lists = open_lists(tmp_path / "db")
    assert lists.player(90100038).federation == "MNG" and lists.player(90100020).name == "Ostrákov&a, Mirela"
    assert lists.months()[MONTH]["standard"].players == 13


def test_zip_is_read_as_its_member(tmp_path):
    lists = imported(tmp_path, "players_list.zip")
    assert lists.player(90100070).other_titles == ("IA", "FT", "LSI", "SLI", "NA")
    assert lists.player(90100070).source == "players_list.zip:players_list_foa.txt"


def test_grid_checked_chunks_and_lines_read_one_by_one_agree(tmp_path, monkeypatch):
    """Without the overflowing line every chunk is checked column by column; read one by one
    (the reader's path for lines of another width), every line gives the same entry and the
    same stored line, without the "\r" of the file's line endings."""
    players = [p for p in build.PLAYERS if p.fide_id != 90100070]
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(build.txt(build.HEADER_FOA, map(build.foa_line, players)))
    import_list(path, db=tmp_path / "grid.sqlite", month=MONTH)
    monkeypatch.setattr(parse_module._TxtReader, "_chunk", lambda self, data: self._one_by_one(data.split(b"\n")[:-1]))
    import_list(path, db=tmp_path / "lines.sqlite", month=MONTH)
    grid, lines = open_lists(tmp_path / "grid.sqlite"), open_lists(tmp_path / "lines.sqlite")
    for p in players:
        assert grid.player(p.fide_id) == lines.player(p.fide_id) is not None
    assert grid.months()[MONTH]["standard"].rated == {"standard": 10, "rapid": 6, "blitz": 6}
    stored = [sorted(line for (line,) in sqlite3.connect(tmp_path / name).execute("SELECT line FROM p1"))
              for name in ("grid.sqlite", "lines.sqlite")]
    assert stored[0] == stored[1] and len(stored[0]) == len(players)
    assert path.read_bytes().count(b"\r\n") > len(players) and not any("\r" in line for line in stored[0])


# -- month and kind -------------------------------------------------------------------------------

def test_month_and_kind_from_the_file_name_or_options(tmp_path):
    assert parse_module.month_from_name("standard_oct26frl.zip") == "2026-10"
    assert parse_module.month_from_name("blitz_mar11frl_xml.zip") == "2011-03"
    assert parse_module.month_from_name("players_list_2026-09.zip") == "2026-09"
    assert parse_module.month_from_name("players_list.zip") is None
    assert parse_module.kind_from_name("rapid_rating_list.zip") == "rapid"
    data = (FIXTURES / "players_list_foa.txt").read_bytes()
    named = tmp_path / "players_list_202609.txt"
    named.write_bytes(data)
    assert import_list(named, db=tmp_path / "a.sqlite").month == "2026-09"
    code, _, _, message = errors(lambda: import_list(FIXTURES / "players_list.zip", db=tmp_path / "b.sqlite"))
    assert code == "LST033" and message.endswith("does not tell its month: give it")
    code, _, _, message = errors(lambda: import_list(named, db=tmp_path / "b.sqlite", month="2026-10"))
    assert code == "LST033" and "2026-10 from the month given, 2026-09 from the file name" in message
    unnamed = tmp_path / "list.txt"
    unnamed.write_bytes((FIXTURES / "rapid_oct26frl.txt").read_bytes())
    code, _, _, message = errors(lambda: import_list(unnamed, db=tmp_path / "b.sqlite"))
    assert code == "LST033" and message.endswith("standard, rapid or blitz list: give it")
    assert import_list(unnamed, db=tmp_path / "b.sqlite", kind="rapid").kinds == ("rapid",)
    assert errors(lambda: import_list(unnamed, db=tmp_path / "b.sqlite", month="2026-13"))[0] == "LST033"
    assert not (tmp_path / "c.sqlite").exists()


# -- damaged files --------------------------------------------------------------------------------

def _with_line(tmp_path: Path, number: int, change, name: str = "players_list_foa.txt") -> Path:
    lines = (FIXTURES / name).read_bytes().split(b"\r\n")
    lines[number - 1] = change(lines[number - 1])
    path = tmp_path / name
    path.write_bytes(b"\r\n".join(lines))
    return path


def _grid_list(tmp_path: Path) -> Path:
    """The FOA list without its overflowing line: read by the column-by-column check."""
    path = tmp_path / "regular" / "players_list_foa.txt"
    path.parent.mkdir()
    path.write_bytes(build.txt(build.HEADER_FOA, (build.foa_line(p) for p in build.PLAYERS if p.fide_id != 90100070)))
    return path


@pytest.mark.parametrize("grid", [False, True])
def test_damaged_lines_are_refused_with_line_and_column(tmp_path, grid):
    source = _grid_list(tmp_path) if grid else FIXTURES / "players_list_foa.txt"
    original = source.read_bytes().split(b"\r\n")

    def damaged(number: int, position: int, text: bytes):
        lines = list(original)
        lines[number - 1] = lines[number - 1][:position] + text + lines[number - 1][position + len(text):]
        path = tmp_path / f"damaged-{number}-{position}.txt"
        path.write_bytes(b"\r\n".join(lines))
        return errors(lambda: import_list(path, db=tmp_path / "lists.sqlite", month=MONTH))

    assert damaged(4, 114, b"x") == ("LST031", 4, 114, "standard rating is not a number: '1x55'")
    assert damaged(5, 113, b"19 4") == ("LST031", 5, 114, "standard rating is not a number: '19 4'")
    assert damaged(3, 0, b"        ") == ("LST031", 3, 1, "fide id is not a number: ''")
    assert damaged(6, 153, b"9a") == ("LST031", 6, 153, "birth year is not a number: '19a4'")
    assert not (tmp_path / "lists.sqlite").exists() or not open_lists(tmp_path / "lists.sqlite").months()


def test_truncated_file_names_its_last_line(tmp_path):
    data = (FIXTURES / "players_list_foa.txt").read_bytes()
    cut = tmp_path / "players_list_foa.txt"
    cut.write_bytes(data[:-60])  # the last line stops inside its numbers
    code, line, _, message = errors(lambda: import_list(cut, db=tmp_path / "lists.sqlite", month=MONTH))
    assert (code, line) == ("LST031", 14) and "truncated" in message
    cut.write_bytes(data[:-2])  # only the final line ending is missing: complete
    assert import_list(cut, db=tmp_path / "lists.sqlite", month=MONTH).players == 13


def test_blank_control_and_overlong_lines(tmp_path):
    data = (FIXTURES / "players_list_foa.txt").read_bytes()
    lines = data.split(b"\r\n")
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(b"\r\n".join(lines[:5] + [b""] + lines[5:]))
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[:2] == ("LST031", 6)
    path.write_bytes(data + b"\r\n\r\n")  # blank lines at the end are allowed
    assert import_list(path, db=tmp_path / "db", month=MONTH).players == 13
    path.write_bytes(b"\r\n".join(lines[:3] + [lines[3][:20] + b"\x00" + lines[3][21:]] + lines[4:]))
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[:3] == ("LST031", 4, 21)
    path.write_bytes(b"\r\n".join(lines[:3] + [b"9" * 100_000] + lines[3:]))
    code, line, _, message = errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))
    assert (code, line) == ("LST031", 4) and "longer than 4,096" in message


def test_files_that_are_not_lists(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes(b"012 Some tournament\r\n001    1 m    Player, One\r\n")
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[:3] == ("LST030", 1, 1)
    path.write_bytes(b"")
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[0] == "LST030"
    assert errors(lambda: import_list(tmp_path / "missing.txt", db=tmp_path / "db", month=MONTH))[0] == "IO001"


def test_repeated_fide_id_names_both_lines(tmp_path):
    path = _with_line(tmp_path, 5, lambda line: b"90100011" + line[8:])
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH)) == (
        "LST034", 5, None, "FIDE ID 90100011 is repeated: lines 2 and 5")


def test_xml_refusals(tmp_path):
    path = tmp_path / "players_list_xml_foa.xml"
    xml = (FIXTURES / "players_list_xml_foa.xml").read_bytes()
    path.write_bytes(b'<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY a "aaaa">]>\n' + xml)
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[:2] == ("XML002", 2)
    path.write_bytes(b"<tournament></tournament>")
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[0] == "LST030"
    path.write_bytes(xml.replace(b"<rating>2612</rating>", b"<rating>26x2</rating>"))
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[:2] == ("LST031", 2)
    path.write_bytes(xml[:2000])
    assert errors(lambda: import_list(path, db=tmp_path / "db", month=MONTH))[0] == "XML001"
    assert not open_lists(tmp_path / "db").months()


def test_zip_refusals(tmp_path):
    def archive(name: str, members: dict[str, bytes]) -> Path:
        path = tmp_path / name
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for member, data in members.items():
                z.writestr(member, data)
        return path

    data = (FIXTURES / "players_list_foa.txt").read_bytes()
    two = archive("two.zip", {"a.txt": data, "b.txt": data})
    assert errors(lambda: import_list(two, db=tmp_path / "db", month=MONTH))[0] == "LST032"
    bomb = archive("bomb.zip", {"players_list_foa.txt": data + b" " * 20_000_000})
    code, _, _, message = errors(lambda: import_list(bomb, db=tmp_path / "db", month=MONTH))
    assert code == "LST032" and "times its compressed size" in message
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes((FIXTURES / "players_list.zip").read_bytes()[:400])
    assert errors(lambda: import_list(truncated, db=tmp_path / "db", month=MONTH))[0] in ("LST032", "LST030")


# -- replacing a month ----------------------------------------------------------------------------

def test_reimport_replaces_a_month_and_a_failed_one_changes_nothing(tmp_path):
    db = tmp_path / "lists.sqlite"
    import_list(FIXTURES / "players_list_foa.txt", db=db, month=MONTH)
    import_list(FIXTURES / "players_list.txt", db=db, month="2026-09")
    before = open_lists(db)
    snapshot = (before.months(), [before.player(p.fide_id, m) for p in build.PLAYERS for m in before.months()])
    bad = _with_line(tmp_path, 9, lambda line: line[:120] + b"?" + line[121:])
    with pytest.raises(ListError):
        import_list(bad, db=db, month=MONTH)
    after = open_lists(db)
    assert (after.months(), [after.player(p.fide_id, m) for p in build.PLAYERS for m in after.months()]) == snapshot
    (tmp_path / "changed").mkdir()
    changed = _with_line(tmp_path / "changed", 2, lambda line: line[:113] + b"2613  " + line[119:])
    import_list(changed, db=db, month=MONTH)
    lists = open_lists(db)
    assert lists.player(90100011, MONTH).rating("standard").rating == 2613
    assert lists.player(90100011, "2026-09").rating("standard").rating == 2612
    assert sorted(s.id for kinds in lists.months().values() for s in kinds.values()) == [2, 2, 2, 3, 3, 3]
    import sqlite3

    tables = {name for (name,) in sqlite3.connect(db).execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"sources", "serves", "unrated", "first_events", "p2", "p3"}  # the replaced list's table is gone


# -- read in a thread of its own while SQLite stores -----------------------------------------------

def _stored(db: Path) -> list[tuple[int, str]]:
    """Every stored line of the one list in ``db``, with its row number, in row order."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        (table,) = [t for (t,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                              "AND name GLOB 'p[0-9]*'")]
        return con.execute(f"SELECT rowid, line FROM {table} ORDER BY rowid").fetchall()


def _readers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("trfconv: reading")]


@pytest.fixture
def small_pieces(monkeypatch):
    """Chunks of about three lines, one chunk read ahead, two rows a statement: statements span
    chunks and the reading thread waits for SQLite."""
    monkeypatch.setattr(parse_module, "CHUNK", 500)
    monkeypatch.setattr(store_module, "_AHEAD", 1)
    monkeypatch.setattr(store_module, "_ROWS", 2)


@pytest.mark.parametrize("name", ["players_list_foa.txt", "players_list.zip", "players_list_xml_foa.xml"])
def test_lines_read_ahead_are_stored_in_file_order(tmp_path, name, monkeypatch):
    monkeypatch.setattr(parse_module, "CHUNK", 500)
    whole = tmp_path / "whole.sqlite"
    import_list(FIXTURES / name, db=whole, month=MONTH)
    monkeypatch.setattr(store_module, "_AHEAD", 1)
    monkeypatch.setattr(store_module, "_ROWS", 2)
    pieces = tmp_path / "pieces.sqlite"
    threads = []
    import_list(FIXTURES / name, db=pieces, month=MONTH, progress=lambda *_: threads.append(threading.current_thread()))
    assert _stored(pieces) == _stored(whole)
    assert [(row, int(line[:15])) for row, line in _stored(whole)] == list(enumerate((p.fide_id for p in build.PLAYERS), 1))
    assert threads and set(threads) == {threading.current_thread()}  # progress reported by the caller's thread
    assert not _readers()


def test_an_error_read_ahead_is_raised_with_its_line_and_the_reader_ends(tmp_path, small_pieces):
    db = tmp_path / "lists.sqlite"
    import_list(FIXTURES / "players_list.txt", db=db, month="2026-09")
    bad = _with_line(tmp_path, 13, lambda line: line[:113] + b"x" + line[114:])
    assert errors(lambda: import_list(bad, db=db, month=MONTH)) == ("LST031", 13, 114,
                                                                    "standard rating is not a number: 'x688'")
    assert not _readers()
    assert list(open_lists(db).months()) == ["2026-09"]


def test_a_failure_while_storing_stops_the_reader_and_changes_nothing(tmp_path, small_pieces):
    """An interruption (Ctrl-C) or a failure of the database while the reading thread waits with
    the next chunk: the thread ends, the file is closed after it, nothing is stored."""
    db = tmp_path / "lists.sqlite"
    import_list(FIXTURES / "players_list.txt", db=db, month="2026-09")

    class Interrupted(Exception):
        pass

    def progress(done: int, total: int) -> None:
        raise Interrupted

    with pytest.raises(Interrupted):
        import_list(FIXTURES / "players_list_foa.txt", db=db, month=MONTH, progress=progress)
    assert not _readers()
    assert list(open_lists(db).months()) == ["2026-09"]


def test_a_list_out_of_name_order_gets_the_same_name_index(tmp_path, monkeypatch):
    """The name index is kept up to date while the names come in order (FIDE's lists); a list in
    another order (here in order for its first chunks, then backwards) has it made at the end: the
    same rows, the same indexes, the same answers."""
    monkeypatch.setattr(parse_module, "CHUNK", 500)  # about three lines a chunk
    taken = []
    order = store_module._in_name_order
    monkeypatch.setattr(store_module, "_in_name_order", lambda *a: taken.append(order(*a)[0]) or order(*a))
    by_name = sorted(build.PLAYERS, key=lambda p: (p.name.lower(), p.fide_id))
    results = {}
    for label, players in (("in order", by_name), ("not", by_name[:6] + by_name[:5:-1])):
        taken.clear()
        path = tmp_path / label / "players_list_foa.txt"
        path.parent.mkdir()
        path.write_bytes(build.txt(build.HEADER_FOA, map(build.foa_line, players)))
        db = tmp_path / label / "lists.sqlite"
        import_list(path, db=db, month=MONTH)
        with contextlib.closing(sqlite3.connect(db)) as con:
            schema = sorted(con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
            assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        found = [m.entry.fide_id for m in open_lists(db).find("Pel Morlan")]
        results[label] = (schema, sorted(line for _, line in _stored(db)), found, taken[-1])
    assert results["in order"][:3] == results["not"][:3]
    assert sorted(results["not"][2][:2]) == [90100100, 90100119]  # the two players of that name, by the index
    assert (results["in order"][3], results["not"][3]) == (True, False)


def test_progress_is_reported_up_to_the_size(tmp_path):
    calls = []
    import_list(FIXTURES / "players_list.zip", db=tmp_path / "db", month=MONTH, progress=lambda *a: calls.append(a))
    size = zipfile.ZipFile(FIXTURES / "players_list.zip").getinfo("players_list_foa.txt").file_size
    assert calls[-1] == (size, size) and all(total == size for _, total in calls)
