"""FIDE rating lists: look-ups, the list in force, K and rating from it, the cross-check of a
tournament file against it and the fill of what the file is missing."""

from __future__ import annotations

from datetime import date

import pytest
import ratinglist_build as build
from trfbuild import player_line, trf

import trfconv
from trfconv.diagnostics import Severity
from trfconv.ratinglists import (
    Pinned,
    Rating,
    crosscheck,
    fill,
    import_list,
    k_and_rating,
    open_lists,
)

MONTH = "2026-10"
HEADER = ("012 Lists Open", "022 Ghent", "032 BEL", "042 2026/10/03", "052 2026/10/05", "102 Arbiter, Anne")


@pytest.fixture
def lists(tmp_path):
    db = tmp_path / "lists.sqlite"
    import_list(build.FIXTURES / "players_list_foa.txt", db=db, month=MONTH)
    import_list(build.FIXTURES / "players_list.txt", db=db, month="2026-08")
    return open_lists(db)


def tournament(*lines: str, header=HEADER) -> trfconv.Tournament:
    return trfconv.reads(trf(*header, *lines), path="event.trf")


def found(diagnostics) -> list[tuple[str, int | None, str]]:
    return [(d.code, d.location.line, d.severity.value) for d in diagnostics]


# -- look-ups -------------------------------------------------------------------------------------

def test_months_and_the_list_in_force(lists, tmp_path):
    assert list(lists.months()) == ["2026-08", MONTH]
    assert lists.in_force(date(2026, 10, 31)) == MONTH
    assert lists.in_force(date(2026, 9, 1), "blitz") == "2026-08"
    assert lists.in_force("2026-08") == "2026-08"
    assert lists.in_force(date(2026, 7, 31)) is None
    assert lists.player(90100011).month == MONTH  # the latest by default
    assert lists.player(90100011, "2026-08").source == "players_list.txt"
    assert open_lists(tmp_path / "none.sqlite").months() == {}
    assert not (tmp_path / "none.sqlite").exists()


def test_find_ignores_accents_case_punctuation_and_word_order(lists):
    def names(query, **kwargs):
        return [(m.entry.fide_id, m.score) for m in lists.find(query, **kwargs)]

    assert names("José María Núñez García")[0] == (90100046, 100)
    assert names("nunez garcia")[0] == (90100046, 100)
    assert names("Maja Lindqvist Oyelaran")[0] == (90100089, 100)
    assert names("Quorvath") == [(90100038, 100)]
    assert sorted(names("Pel Morlan", fed="FRA")) == [(90100100, 100), (90100119, 100)]
    assert names("Pel Morlan", fed="ESP") == []
    best = lists.find("Tchervenkov Aleksander")[0]  # a transliteration: close, not equal
    assert best.entry.fide_id == 90100054 and 80 <= best.score < 100
    assert names("Zzyzx") == []


def test_k_and_rating_from_the_list_in_force_with_its_source(lists):
    r = k_and_rating(lists, 90100011, date(2026, 10, 3), "standard")
    assert r == Rating("standard", 2612, 9, 10, MONTH, "players_list_foa.txt")
    assert r.origin == "FIDE standard list 2026-10 (players_list_foa.txt)"
    assert k_and_rating(lists, "90100097", date(2026, 10, 3), "rapid").k == 40
    assert k_and_rating(lists, 90100097, date(2026, 10, 3), "standard") == Rating(
        "standard", None, 0, None, MONTH, "players_list_foa.txt")  # in the list, unrated: no K
    assert k_and_rating(lists, 90100020, date(2026, 9, 15), "standard").month == "2026-08"
    assert k_and_rating(lists, 90100011, date(2026, 7, 1), "standard") is None  # no list that early
    assert k_and_rating(lists, 90199999, date(2026, 10, 3), "standard") is None


# -- cross-check ----------------------------------------------------------------------------------

CLEAN = (
    player_line(1, "Toren Vardanel", sex="m", title="GM", rating="2612", fed="NED", fide_id="90100011", birth="1991"),
    player_line(2, "Ostrakova, Mirela", sex="w", title="WGM", rating="2288", fed="SVK", fide_id="90100020",
                birth="1999/05/04"),
    player_line(3, "Núñez García, José María", sex="m", title="FM", rating="2305", fed="ESP", fide_id="90100046",
                birth="1985"),
    player_line(4, "Quorvath", sex="m", rating="1755", fed="MNG", fide_id="90100038"),
    player_line(5, "Newcomer, Ann", sex="w", fed="BEL", birth="2010"),
)


def test_a_file_that_agrees_with_the_list_gives_nothing(lists):
    t = tournament(*CLEAN)
    assert crosscheck(t, lists, "standard") == []


def test_each_difference_is_one_diagnostic(lists):
    lines = {n: len(HEADER) + n for n in range(1, 14)}
    t = tournament(
        player_line(1, "Vardanel, Toren", sex="m", title="GM", rating="2612", fed="NED", fide_id="90100011"),
        player_line(2, "Unknown, Ulla", sex="w", rating="1500", fed="BEL", fide_id="90199999"),       # LST001
        player_line(3, "Vardanel, Toren", sex="m", title="GM", rating="2612", fed="NED", fide_id="90100011"),  # TRF060
        player_line(4, "Chervenkov, Alexander", sex="m", rating="1980", fed="BUL", fide_id="90100054"),  # 003 010
        player_line(5, "Smith, John", sex="m", rating="1500", fed="FRA", fide_id="90100100", birth="1990"),  # 003
        player_line(6, "Ekwueme, Chidi", sex="m", rating="1899", fed="GHA", fide_id="90100135"),       # LST004
        player_line(7, "Sorvina, Kaisa", sex="m", rating="1688", fed="FIN", fide_id="90100127"),       # LST005
        player_line(8, "Pakrazian, Davit", sex="m", title="CM", fed="ARM", fide_id="90100097", birth="2011"),  # 006
        player_line(9, "Brenzola, Ilario", sex="m", title="GM", rating="2401", fed="ITA", fide_id="90100070"),  # 007
        player_line(10, "Morlan, Pel", sex="m", rating="1510", fed="FRA", fide_id="90100119"),        # LST008
        player_line(11, "Hallgrimsdottir, Sunna", sex="w", rating="1400", fed="ISL", fide_id="90100062"),  # 009
        player_line(12, "Newcomer, Ann", sex="w", fed="BEL"),                                          # LST011
        player_line(13, "Lindqvist-Oyelaran, Maja", sex="w", title="WIM", rating="2195", fed="SWE",
                    fide_id="90100089"),                                                               # LST010
    )
    diagnostics = crosscheck(t, lists, "standard", locate=lambda n: ("event.trf", lines[n], 58))
    assert found(diagnostics) == [
        ("LST001", 8, "error"), ("LST003", 10, "info"), ("LST010", 10, "info"),
        ("LST003", 11, "warning"), ("LST004", 12, "warning"), ("LST005", 13, "warning"), ("LST006", 14, "warning"),
        ("LST007", 15, "warning"), ("LST008", 16, "warning"), ("LST009", 17, "warning"), ("LST011", 18, "warning"),
        ("LST010", 19, "info")]
    text = [str(d) for d in diagnostics]
    assert text[0] == ("event.trf:8:58: error LST001: player 2 (Unknown, Ulla): FIDE ID 90199999 is not in the "
                       "FIDE standard list of 2026-10 [rejected by FIDE rating server]")
    # player 3 repeats player 1's FIDE ID: the file's own check says it (TRF060), the list once
    assert [d.code for d in t.diagnostics if d.location.line == 9] == ["TRF060"]
    assert "the 2026-10 list spells the name 'Tchervenkov, Aleksandr' (closeness 87/100)" in text[1]
    assert "spells the name 'Morlan, Pel' (closeness 30/100)" in text[3]
    assert "federation GHA in the file, NGR in the 2026-10 list" in text[4]
    assert "sex m in the file, F in the 2026-10 list" in text[5]
    assert "born 2011 in the file, 2012 in the 2026-10 list" in text[6]
    assert "title GM in the file, IM in the 2026-10 list" in text[7]
    assert "1510 in the file, 1620 in the standard list of 2026-10" in text[8]
    assert "rated 1400 in the file, unrated in the standard list of 2026-10" in text[9]
    assert "no FIDE ID and no birth date" in text[10]
    assert "inactive in the 2026-10 list (flag wi)" in text[11]


def test_rate_of_play_chooses_the_list(lists):
    t = tournament(player_line(1, "Pakrazian, Davit", sex="m", title="CM", rating="1650", fed="ARM",
                               fide_id="90100097", birth="2012"))
    assert crosscheck(t, lists, "rapid") == []
    assert [d.code for d in crosscheck(t, lists, "standard")] == ["LST009"]
    assert [d.code for d in crosscheck(t, lists, "blitz")] == ["LST008"]


def test_without_locate_the_file_is_named_and_the_month_said(lists):
    early = tournament(CLEAN[0], header=(*HEADER[:3], "042 2026/07/01"))
    assert found(crosscheck(early, lists, "standard")) == [("LST012", None, "warning")]
    september = tournament(CLEAN[0], header=(*HEADER[:3], "042 2026/09/12"))
    (d,) = crosscheck(september, lists, "standard")
    assert (d.code, d.location.path) == ("LST013", "event.trf")
    assert "checked against the standard list of 2026-08, not the list of 2026-09" in d.message
    undated = tournament(CLEAN[0], header=HEADER[:3])
    assert [d.code for d in crosscheck(undated, lists, "standard")] == ["LST013"]
    pinned = crosscheck(tournament(CLEAN[0]), Pinned(lists, "2026-08"), "standard")
    assert [d.code for d in pinned] == ["LST013"] and "2026-08" in pinned[0].message


# -- fill -----------------------------------------------------------------------------------------

def test_fill_adds_ids_ratings_titles_and_says_so_in_the_file(lists, tmp_path):
    t = tournament(
        "072 2",
        player_line(1, "Sorvina, Kaisa", sex="w", fed="FIN", birth="2009/03/01"),       # ID, then rating
        player_line(2, "Pel Morlan", sex="m", fed="FRA", birth="1990"),                  # two entries: not filled
        player_line(3, "Vardanel, Toren", sex="m", rating="2600", fed="NED", fide_id="90100011"),  # rating, title
        player_line(4, "Ostrakova, Mirela", sex="w", title="WGM", rating="2288", fed="SVK", fide_id="90100020"),
        player_line(5, "Hallgrimsdottir, Sunna", sex="w", fed="ISL", fide_id="90100062"),  # agrees
    )
    filled, diagnostics = fill(t, lists, "standard")
    assert [(d.code, d.severity) for d in diagnostics] == [
        ("LST020", Severity.INFO), ("LST021", Severity.INFO), ("LST023", Severity.WARNING),
        ("LST021", Severity.INFO), ("LST022", Severity.INFO), ("LST021", Severity.INFO)]
    assert "90100100 Morlan, Pel FRA 1990; 90100119 Morlan, Pel FRA 1990" in diagnostics[2].message
    by_number = {p.start_number: p for p in filled.players}
    assert (by_number[1].fide_id, by_number[1].rating) == ("90100127", 1688)
    assert by_number[2].fide_id is None
    assert (by_number[3].rating, by_number[3].title) == (2612, "GM")
    assert by_number[4] == t.players[3]
    assert by_number[5] == t.players[4]
    assert filled.event.declared_rated_players == 3
    out = tmp_path / "filled.trf"
    trfconv.write(filled, out)
    back = trfconv.read(out)
    assert [(p.fide_id, p.rating, p.title) for p in back.players] == [
        ("90100127", 1688, None), (None, None, None), ("90100011", 2612, "GM"), ("90100020", 2288, "WGM"),
        ("90100062", None, None)]
    comments = [e.text for e in back.extras if e.text.startswith("###")]
    assert sorted(comments) == sorted(e.text for e in filled.extras)
    assert comments[1] == ("### trfconv fill, FIDE standard list 2026-10 (players_list_foa.txt): player 1 (Sorvina, "
                           "Kaisa): FIDE ID 90100127 added: the one entry of the list with this name, federation and "
                           "birth year")
    assert comments[0] == "### trfconv fill, FIDE standard list 2026-10: 072 rated players 2 -> 3"
    lines = out.read_text("utf-8").splitlines()
    assert lines.index(comments[0]) == lines.index("072 3") + 1
    assert lines.index(comments[1]) == next(i for i, line in enumerate(lines) if line.startswith("001    1")) + 1
    assert back.event.declared_rated_players == 3 and not [d for d in back.diagnostics if d.code == "TRF034"]


def test_fill_never_guesses(lists):
    t = tournament(player_line(1, "Sorvina, Kaisa", sex="w", fed="FIN"),      # no birth year to confirm
                   player_line(2, "Sorvina, Kaisa", sex="w", fed="SWE", birth="2009"),  # other federation
                   player_line(3, "Sorvina, Kaija", sex="w", fed="FIN", birth="2009"))  # other name
    filled, diagnostics = fill(t, lists, "standard")
    assert filled == t
    assert [d.code for d in diagnostics] == ["LST023"] and "no birth year" in diagnostics[0].message


def test_fill_with_a_fide_id_of_digits_that_are_not_ascii(lists):
    """``1007²19`` (kept as written by the TRF reader, with TRF016) is no FIDE id to look up:
    ``fill`` neither crashes (``int`` refuses ``²``, which ``str.isdigit`` accepts) nor fills it."""
    t = tournament(player_line(1, "Sorvina, Kaisa", sex="w", fed="FIN", birth="2009", fide_id="1007²19"))
    assert t.players[0].fide_id == "1007²19"
    filled, _ = fill(t, lists, "standard")
    assert filled.players[0].fide_id == "1007²19" and filled.players[0].rating is None


def test_ids_no_list_can_hold(lists):
    assert lists.player(10**30) is None and lists.player("12a") is None and lists.player(-5) is None
    t = tournament(player_line(1, "Vardanel, Toren", sex="m", rating="2612", fed="NED", fide_id="99999999999"))
    assert [d.code for d in crosscheck(t, lists, "standard")] == ["LST001"]
