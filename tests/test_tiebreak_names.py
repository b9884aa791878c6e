"""Tie-break names as arbiters type them (issue 37): FIDE's, the pairing programs' and the
arbiters' manuals' names read into the TRF-2026 form, a cut or a median written in words, the
reading of a name two systems share said in the output, the closest names for an unknown one,
and docs/tiebreak-names.md generated from the data."""

from __future__ import annotations

import re

import pytest
from paths import FIXTURES, ROOT

from trfconv.diagnostics import Diagnostic
from trfconv.rules.tiebreaks import parse
from trfconv.tiebreak_names import data, key, read, said, shared

EXAMPLE = FIXTURES / "trf" / "pypi__fidereport__example1.trf"


def text_of(name: str) -> str | None:
    found = parse(name)
    return None if isinstance(found, Diagnostic) else found.text


def reading_of(name: str) -> str | None:
    found = parse(name)
    return None if isinstance(found, Diagnostic) else found.reading


# Every name issue 37 lists, as the arbiter typed it, and what it is.
ISSUE_37 = [
    ("Buchholz tronqué", "BH/C1"), ("Buchholz médian", "BH/M1"), ("Cumulatif", "PS"),
    ("Nombre de victoires", "WIN"), ("Confrontation directe", "DE"), ("Moyenne Elo des adversaires", "ARO"),
    ("Départage Kashdan", "OTHER_KASHDAN"), ("Brésilien", "OTHER_BRAZILIAN"), ("Parties avec les Noirs", "BPG"),
    ("Buchholz Cut 1", "BH/C1"), ("BH C1", "BH/C1"), ("Buchholz Tie-Breaks (variabel with parameter)", "BH"),
    ("Sonneborn-Berger-Tie-Break variable", "SB"), ("Median Buchholz", "BH/M1"), ("Median", "BH/M1"),
    ("Most black", "BPG"), ("Greater number of victories", "WIN"), ("Result between tied players", "DE"),
    ("Perf", "OTHER_PERF"), ("Performance", "TPR"),
]


@pytest.mark.parametrize("name,meant", ISSUE_37)
def test_every_name_of_issue_37_is_read(name, meant):
    assert text_of(name) == meant


@pytest.mark.parametrize("name,other", [("Median Buchholz", "OTHER_HARKNESS"), ("Median", "OTHER_HARKNESS"),
                                        ("Buchholz médian", "OTHER_HARKNESS"), ("Buchholz tronqué", "OTHER_BRAZILIAN"),
                                        ("Performance", "OTHER_PERF"), ("Perf", "TPR"), ("Cumulatif", "OTHER_CUMF"),
                                        ("Buchholz Tie-Breaks (variabel with parameter)", "BH/C1")])
def test_a_name_two_systems_share_says_its_reading_and_the_other(name, other):
    reading = reading_of(name)
    assert reading.startswith(f"{name!r} read as {text_of(name)}") and other in reading


def test_a_code_or_an_unshared_name_says_nothing():
    assert [reading_of(n) for n in ("BH/C1", "Buchholz", "OTHER_PERF", "Harkness", "Buchholz Cut 1")] == [None] * 5


# A cut or a median written in words (C.07 Art. 14)


@pytest.mark.parametrize("name,meant", [
    ("Buchholz Cut 1", "BH/C1"), ("Buchholz Cut-1", "BH/C1"), ("Buchholz cut1", "BH/C1"), ("BH C1", "BH/C1"),
    ("bh c2", "BH/C2"), ("Buchholz -1", "BH/C1"), ("BH-2", "BH/C2"), ("Buchholz moins le plus faible", "BH/C1"),
    ("Buchholz moins les deux plus faibles", "BH/C2"), ("Buchholz tronqué 2", "BH/C2"), ("Sonneborn-Berger C1", "SB/C1"),
    ("Sonneborn Berger - 1", "SB/C1"), ("Cumulatif tronqué", "PS/C1"), ("Moyenne Elo tronquée", "ARO/C1"),
    ("Median Buchholz 2", "BH/M2"), ("Buchholz médian 2", "BH/M2"), ("Buchholz Median", "BH/M1"), ("BH M1", "BH/M1"),
    ("Mittlere Buchholz", "BH/M1"), ("Buchholz mediano 2", "BH/M2"), ("ARO median 1", "ARO/M1"),
    ("Buchholz Cut 1/P", "BH/C1/P"), ("Buchholz:GP", "BH:GP"), ("Sonneborn-Berger:MP/C1", "SB:MP/C1")])
def test_a_cut_or_a_median_in_words(name, meant):
    assert text_of(name) == meant


@pytest.mark.parametrize("name", ["BUCHHOLZ TRONQUE", "buchholz tronque", "Buchholz  Tronqué", "buchholz-tronqué",
                                  "BUCHHOLZ TRONQUÉ"])
def test_case_accents_spaces_and_dashes_are_ignored(name):
    assert text_of(name) == "BH/C1"


def test_a_cut_of_a_name_that_has_one_is_no_name():
    assert text_of("Median Buchholz Cut 1") is None and text_of("Median") == "BH/M1" and text_of("Cut 1") is None


# The programs' names, each as the program writes it


def test_vega_names_as_its_standings_legend_writes_them():
    """Vega's standings (a real file): each column's code and its name in the legend read alike."""
    qtf = (FIXTURES / "native" / "vega" / "samuraitruong__vegachess-html-generator__standings.qtf").read_text("utf-8")
    legend = re.findall(r"\[\*2\s+([A-Z0-9-]+) \]\[2\s+`=\s+([^\]]+?) \]", qtf)
    assert legend == [("BH", "Buchholz Total"), ("BH-C1", "Buchholz Cut 1"), ("BH-C2", "Buchholz Cut 2")]
    assert [text_of(name) for _, name in legend] == [text_of(code) for code, _ in legend] == ["BH", "BH/C1", "BH/C2"]


@pytest.mark.parametrize("name,meant", [("Buccholz Cut 1", "BH/C1"), ("Buccholz Total", "BH"), ("Bucholz Median", "BH/M1"),
                                        ("Cumulative", "PS"), ("Average Rating Opp.", "ARO"), ("Most Wins", "WIN"),
                                        ("Av. Per. Rat. Opp.", "APRO"), ("Av. Rat. Opp. Cut 1", "ARO/C1"),
                                        ("Direct Encounter", "DE"), ("Most Blacks", "BPG"), ("Koya", "KS"),
                                        ("Standard Score (1-1/2-0)", "STD"), ("Sonneborn-Berger", "SB")])
def test_vega_names_as_its_manual_writes_them(name, meant):
    assert text_of(name) == meant


def test_swiss_manager_names_read_as_their_chess_results_ids():
    """Swiss-Manager's names (H. Herzog's id table) read as the C.07 tie-break that the same
    table's id is read as by the chess-results XML reader: two readings of one source agree."""
    from trfconv.io.xml_tiebreaks import PLAIN

    by_id = {2: "Buchholz Tie-Breaks (all Results)", 3: "Buchholz Tie-Breaks (without one result)",
             4: "Buchholz Tie-Breaks (without two results=middle Tie-Breaks)", 11: "Direct Encounter (The results of "
             "the players in the same point group)", 12: "The greater number of victories", 25: "Sum of Buchholz-Tie-"
             "Breaks (all Results)", 45: "Koya Tie-Break", 77: "Average of Opponents' Buchholz (AOB)",
             78: "Board Count (BC)", 79: "Rounds Elected to Play", 89: "Top Board Results TBR",
             90: "Bottom Board Elimination (BBE)", 91: "Scores and Schedule Strength Combination (SSSC)", 92: "Kashdan"}
    assert {number: text_of(name) for number, name in by_id.items()} == {number: PLAIN[number] for number in by_id}
    assert [text_of(n) for n in ("Most black", "mBl", "Rounds Elected to Play", "Performance", "BH1", "BHm")] == [
        "BPG", "BPG", "REP", "TPR", "BH/C1", "BH/M1"]


@pytest.mark.parametrize("name,meant", [("Direkte Begegnung", "DE"), ("Zahl der Siege", "WIN"),
                                        ("Zahl der Partien mit Schwarz", "BPG"), ("Buchholz (variabel)", "BH"),
                                        ("Sonneborn-Berger-Wertung variabel", "SB"), ("Buchholzwertung", "BH"),
                                        ("Summenwertung", "PS"), ("Mittlere Buchholz", "BH/M1"),
                                        ("Buchholzsumme", "OTHER_BHSUM"), ("Anzahl der Siege", "WIN"),
                                        ("Gegner-NWZ/Elo-Mittel", "ARO"), ("Mannschaftspunkte", "PTS:MP"),
                                        ("Brettpunkte", "PTS:GP")])
def test_german_names_of_chess_results_and_swiss_chess(name, meant):
    assert text_of(name) == meant


def test_papi_names_as_its_files_store_them():
    """The tie-breaks Papi's files name in INFO Dep1-Dep3 (the corpus's five files hold Brésilien,
    Harkness and Performance) and the rest of Papi's list."""
    names = {"Solkoff": "BH", "Brésilien": "OTHER_BRAZILIAN", "Harkness": "OTHER_HARKNESS", "Cumulatif": "PS",
             "Performance": "TPR", "SommeDesBuchholz": "OTHER_BHSUM", "Kashdan": "OTHER_KASHDAN",
             "Nombre de Victoires": "WIN", "Sonnenborn-Berger": "SB", "Koya": "KS"}
    assert {n: text_of(n) for n in names} == names
    # Papi's Performance is the French federation's: its reading says so, and how to ask for it
    assert "OTHER_PERF (-t Perf)" in reading_of("Performance") and text_of("Perf") == "OTHER_PERF"


@pytest.mark.parametrize("name,meant", [
    ("Le Cumulatif", "PS"), ("Cumulatif des Adversaires", "OTHER_OCUM"), ("Confrontation Directe", "DE"),
    ("Le Système KOYA", "KS"), ("Le Système KOYA étendu", "OTHER_KOYAX"), ("Nombre de Parties Gagnées", "WON"),
    ("Nombre de Parties Jouées avec les Noirs", "BPG"), ("Kashdan", "OTHER_KASHDAN"), ("Le Buchholz", "BH"),
    ("Le Buchholz Médian 1", "BH/M1"), ("Le Buchholz Médian 2", "BH/M2"), ("Le Buchholz Tronqué 1", "BH/C1"),
    ("Le Buchholz Tronqué 2", "BH/C2"), ("La Somme des Buchholz", "OTHER_BHSUM"), ("Le Sonneborn-Berger", "SB"),
    ("Moyenne Elo des adversaires", "ARO"), ("Moyenne Elo tronquée", "ARO/C1"),
    ("Performance Elo du Tournoi", "OTHER_PERF"), ("Nombre de parties avec les Noirs", "BPG"),
    ("Scores cumulés", "PS"), ("Système brésilien", "OTHER_BRAZILIAN"), ("Solkoff tronqué", "OTHER_BRAZILIAN"),
    ("Solkoff médian", "OTHER_HARKNESS"), ("Yougoslave", "OTHER_YUGOSLAV"), ("Coons", "OTHER_COONS"),
    ("Koya étendu", "OTHER_KOYAX"), ("Numéro d'appariement", "TPN"), ("Performance parfaite", "PTP")])
def test_french_names_of_the_federation_s_manual_and_the_guides(name, meant):
    """As the seeds write them (000 the FFE's arbiters' manual 5.1, 003 French Wikipedia, 004 the
    French guide) and Sharly-Chess's French interface."""
    assert text_of(name) == meant


@pytest.mark.parametrize("name,meant", [("Buchholz mediano", "BH/M1"), ("Buchholz mediano 2", "BH/M2"),
                                        ("Buchholz -1", "BH/C1"), ("Sistema Buchholz", "BH"),
                                        ("Valoración media de los oponentes", "ARO"),
                                        ("Corte de valoración media de los oponentes", "ARO/C1")])
def test_spanish_names_of_the_arbiters_manual(name, meant):
    assert text_of(name) == meant


@pytest.mark.parametrize("name,meant", [("Games one Elected to Play", "REP"), ("GE", "REP"),
                                        ("Rounds one Elected to Play", "REP"), ("The greater number of wins", "WIN"),
                                        ("Average Rating of Opponents Cut", "ARO/C1"), ("Median Buchholz 2", "BH/M2"),
                                        ("Standard Points", "STD"), ("Tournament Pairing Number", "TPN"),
                                        ("Rating", "RTNG"), ("Number of Games Played with Black", "BPG")])
def test_fide_names_of_each_edition(name, meant):
    assert text_of(name) == meant


@pytest.mark.parametrize("source", sorted(data()["sources"]))
def test_every_name_of_a_source_reads_as_the_table_says(source):
    """Per source (each program, manual and FIDE edition): every name it writes reads as the
    tie-break it is listed under, or, for a name two systems share, as the reading chosen."""
    listed = [(target, name) for target, names in data()["names"].items() for name, sources in names.items()
              if source in sources]
    assert listed, f"source {source} names no tie-break"
    chosen = said()
    for target, name in listed:
        expected = chosen[key(name)].text if key(name) in chosen else target
        assert text_of(name) == text_of(expected) is not None, (source, name)


# The data: sources, shared names, the page


def test_a_name_two_tie_breaks_share_has_its_reading_written():
    chosen = said()
    for k, targets in shared().items():
        assert k in chosen and chosen[k].text in targets, (k, targets)
    for name, entry in data()["said"].items():
        assert text_of(name) == entry["means"], name


def test_every_source_named_is_described_and_every_target_is_a_tie_break():
    d = data()
    used = {s for names in d["names"].values() for sources in names.values() for s in sources}
    assert used == set(d["sources"])
    assert all(text_of(target).upper() == target.upper() for target in d["names"])


def test_every_fide_tie_break_is_read_by_its_title():
    """The registry's titles that can be typed in a list (no comma) are names of the data: a
    tie-break added to the registry without its names is noticed."""
    from trfconv.rules.tiebreaks import definitions

    titled = {c: d.title for c, d in definitions().items() if not c.startswith("OTHER_") and "," not in d.title}
    assert {c: text_of(t) for c, t in titled.items()} == {c: text_of(c) for c in titled}


def test_the_page_is_generated_from_the_data():
    """docs/tiebreak-names.md holds the names' tables as docgen makes them from the data (the
    guide's test regenerates every such part; this one says which page and what it holds)."""
    import docgen

    text = (ROOT / "docs" / "tiebreak-names.md").read_text("utf-8")
    assert "tiebreak-names" in docgen.used([ROOT / "docs" / "tiebreak-names.md"])
    assert docgen.regenerated(text) == text, f"run '{docgen.COMMAND}'"
    assert "| Buchholz tronqué | `BH/C1` |" in text and "| papi | Papi (the FFE's pairing program)" in text


# The closest names, accented or not


@pytest.mark.parametrize("given,meant", [("Brésillien", "OTHER_BRAZILIAN"), ("Confrontaton directe", "DE"),
                                         ("Buchholz tronqe", "BH/C1"), ("Harknes", "OTHER_HARKNESS"),
                                         ("Sonnenborn", "SB"), ("BUCHOLZ", "BH")])
def test_an_unknown_name_accented_or_not_gets_the_closest(given, meant):
    found = parse(given)
    assert isinstance(found, Diagnostic) and found.code == "TB001"
    assert f"did you mean {meant} (" in found.message


def test_read_gives_none_for_no_name():
    assert read("NOPE") is None and read("") is None and read("-1") is None


# The reading said where the list is used


def test_standings_say_the_reading_in_their_caveats(cli):
    result = cli("standings", EXAMPLE, "-t", "Median,Performance,Buchholz tronqué")
    assert result.exit_code == 0
    assert "'Median' read as BH/M1" in result.stdout and "'Performance' read as TPR" in result.stdout
    assert "'Buchholz tronqué' read as BH/C1" in result.stdout and "BH/M1" in result.stdout


def test_convert_says_the_reading_and_writes_the_code(cli, tmp_path):
    out = tmp_path / "e.trf"
    result = cli("convert", EXAMPLE, "-o", out, "-t", "Buchholz médian,Cumulatif")
    assert result.exit_code == 0 and "TB017" in result.stderr and "'Cumulatif' read as PS" in result.stderr
    assert re.search(r"^202 .*BH/M1.*PS", out.read_text("utf-8"), re.MULTILINE)


def test_an_accented_unknown_name_on_the_command_line(cli):
    result = cli("standings", EXAMPLE, "-t", "Brésillien")
    assert result.exit_code == 2 and "did you mean OTHER_BRAZILIAN" in result.stderr


def test_a_program_s_own_names_are_read_as_the_program_means_them():
    """A reader asks the table what a program means by a name it stores: Papi's Performance is
    the French federation's (no choice to say), the whole list Papi offers is in the table."""
    from trfconv.tiebreak_names import named_by

    papi = {"Solkoff": "BH", "Brésilien": "OTHER_BRAZILIAN", "Harkness": "OTHER_HARKNESS", "Cumulatif": "PS",
            "Performance": "OTHER_PERF", "SommeDesBuchholz": "OTHER_BHSUM", "Kashdan": "OTHER_KASHDAN",
            "Nombre de Victoires": "WIN", "Sonnenborn-Berger": "SB", "Koya": "KS"}
    assert {n: named_by("papi", n) for n in papi} == papi
    assert named_by("papi", "Manuel") is None and named_by("vega", "Performance") is None
    assert named_by("swiss-manager", "Performance") == "TPR"
