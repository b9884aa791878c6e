"""chess-results exports in the languages its pages are written in: the real English export in
``fixtures/crosstables`` with its header row and banner lines put in Portuguese, Russian and
Czech, in the words chess-results uses (sources in ``formats/csv/profiles/chess-results.toml``),
reads as the same crosstable; so do the starting-rank lists, the Portuguese one of issue 14
(refused with exit 2 before these words were in the profile)."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import paths
import pytest

import trfconv
from trfconv.model import Colour, Game, Outcome, Tournament

EXPORT = paths.FIXTURES / "crosstables" / "mrrookes__arbitools__testing.chess-results.csv"
HEADER_ROW = 5  # "Rank;SNo.;;Name;Rtg;FED;1.Rd.;;;…;9.Rd.;;;Pts;RecRp"
W, B = Colour.WHITE, Colour.BLACK


def english_rows() -> list[list[str]]:
    return list(csv.reader(io.StringIO(EXPORT.read_text("utf-8"), newline=""), delimiter=";"))


def reference() -> Tournament:
    return trfconv.read(EXPORT)


def text(rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode("utf-8")


def translated(banners: list[str], columns: list[str], round_header: str, tail: list[str]) -> bytes:
    """The English export with banner lines above it and its header row in another language:
    ``columns`` for Rank, SNo., the unnamed title column, Name, Rtg and FED, ``round_header``
    ("{}.Rd" style) for each round's first cell, ``tail`` for Pts and RecRp."""
    rows = english_rows()
    header = rows[HEADER_ROW]
    assert header[:6] == ["Rank", "SNo.", "", "Name", "Rtg", "FED"] and header[-2:] == ["Pts", "RecRp"]
    rows[HEADER_ROW] = columns + [round_header.format(r) if i == 0 else "" for r in range(1, 10)
                                  for i in range(3)] + tail
    rows[3] = ""  # the English list title ("Final Ranking") gives way to the translated banners
    return text([[b] for b in banners] + rows)


# Portuguese words: the Portuguese page of an event also saved in English (Rk. = Rk., SNo =
# Nº.Inic., Name = Nome, RtgI = EloI, Pts. = Pts., Rp = Rp). Russian: "Ном." / "Имя" / "Рейт." /
# "ФЕД." and rounds "Тур1" from a Russian page; chess-results' Russian for the rank and points
# columns was not found, so those two stay in English. Czech: a Czech-page scraper's dictionary.
LANGUAGES = {
    "pt": (["Servidor de resultados de torneio de xadrez", "Última Atualização 23.02.2024 02:43:33",
            "Classificação final após 9 rondas"],
           ["Rk.", "Nº.Inic.", "", "Nome", "EloI", "FED"], "{}.Rd", ["Pts.", "Rp"]),
    "ru": (["сервер Chess-Tournament-Results", "Последнее обновление 18.08.2026 05:24:42",
            "Положение после тура 9"],
           ["Rk.", "Ном.", "", "Имя", "Рейт.", "ФЕД."], "Тур{}", ["Pts.", "Rp"]),
    "ru-numbered-first": ([], ["Rk.", "Ном.", "", "Имя", "Рейт.", "ФЕД."], "{}.Тур", ["Pts.", "Rp"]),
    "cs": ([], ["Poř.", "St.č.", "", "Jméno", "Elo", "FED"], "{}. kolo", ["Body", "Rp"]),
    "cs-no-space": ([], ["Pořadí", "St.č.", "", "Jméno", "Rtg", "FED"], "{}.kolo", ["Body", "Rp"]),
}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_english_export_in_another_language_reads_as_the_same_crosstable(language):
    ref = reference()
    t = trfconv.reads(translated(*LANGUAGES[language]))
    assert (t.source.format, t.source.version) == ("csv", "chess-results")
    assert (len(t.players), t.rounds) == (150, 9)
    assert [(p.start_number, p.name, p.title, p.rating, p.federation, p.rank, p.points, p.rounds)
            for p in t.players] == [(p.start_number, p.name, p.title, p.rating, p.federation, p.rank, p.points,
                                     p.rounds) for p in ref.players]
    first = t.players[0]
    assert (first.start_number, first.name, first.rating, first.federation, first.rank, first.points) == (
        14, "Alvarez Pedraza Aramis", 2486, "CUB", 1, Fraction(15, 2))
    assert first.rounds[:2] == (Game(89, B, Outcome.WIN), Game(53, W, Outcome.WIN))
    assert t.player(34).rank == 24  # a tied player's blank rank
    # the banners are neither the event's name nor unknown columns
    assert t.event.name == "33 Open Internacional Ciudad de San Sebastian"
    assert [d.message for d in t.diagnostics if d.code == "CSV005"] == ["columns not used: Rp"]


def starting_list(header: list[str], title: str) -> bytes:
    """The export's players as a starting-rank list (no rounds): number, title, name, rating,
    federation, under the list's title."""
    players = [r for r in english_rows()[HEADER_ROW + 1:] if len(r) > 6]
    return text([[title], []] + [header] + [[r[1], r[2], r[3], r[4], r[5]] for r in players])


@pytest.mark.parametrize("header, title", [
    (["No.", "", "Name", "Rtg", "FED"], "Starting rank"),
    (["Nº.", "", "Nome", "EloI", "FED"], "Ranking inicial"),
    (["Ном.", "", "Имя", "Рейт.", "ФЕД."], "Стартовый список"),
])
def test_starting_rank_lists_read_in_each_language(header, title):
    ref = reference()
    t = trfconv.reads(starting_list(header, title))
    assert t.source.version == "chess-results"
    assert t.event.name is None  # the list's title is a banner
    assert sorted((p.start_number, p.name, p.title, p.rating, p.federation) for p in t.players) == sorted(
        (p.start_number, p.name, p.title, p.rating, p.federation) for p in ref.players)
    assert t.player(1).name == "Spraggett Kevin" and t.player(1).rating == 2580


def test_portuguese_starting_list_of_issue_14_reads_like_the_english_one(cli, tmp_path):
    """Before the Portuguese words: "no row names the crosstable's columns", exit 2."""
    for language, header, title in (("en", ["No.", "", "Name", "Rtg", "FED"], "Starting rank"),
                                    ("pt", ["Nº.", "", "Nome", "EloI", "FED"], "Ranking inicial")):
        path = tmp_path / f"{language}.csv"
        path.write_bytes(starting_list(header, title))
        result = cli("info", path)
        assert result.exit_code == 0, result.output
        assert "csv chess-results" in result.output and "players 150, rated players 139" in result.output


def test_a_shared_name_reads_but_does_not_make_a_swiss_manager_list_chess_results():
    """"EloI" is chess-results' Portuguese rating column and Swiss-Manager's own: in a Portuguese
    header it gives the ratings, in a Swiss-Manager header it does not take the file away from
    the Swiss-Manager profile."""
    swiss_manager = trfconv.reads(translated([], ["Rg.", "Snr", "Titel", "Name", "EloI", "Land"], "{}.Rd",
                                             ["Pkt.", "Rp"]))
    assert swiss_manager.source.version == "swiss-manager"
    portuguese = trfconv.reads(translated(*LANGUAGES["pt"]))
    assert portuguese.player(14).rating == 2486


@pytest.mark.parametrize("key", ["Time control (Standard)", "Time control (Rapid)", "Time control"])
def test_time_control_line_with_the_kind_of_play_in_its_key(key):
    data = translated([f"{key}: 90 min + 30 sec"], ["Rank", "SNo.", "", "Name", "Rtg", "FED"], "{}.Rd.",
                      ["Pts", "RecRp"])
    t = trfconv.reads(data)
    assert t.event.time_control_text == "90 min + 30 sec"
    assert t.event.name == "33 Open Internacional Ciudad de San Sebastian"
