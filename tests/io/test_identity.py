"""One FIDE ID, one person; FIDE's federation codes; round dates in order (issue 34, item 2).

Within one file: two player lines with the same FIDE ID are an error whether or not a rating list
is given (TRF060; before, only ``--list`` said it, and ``check --upload`` called such a file
READY). A player's federation that is no FIDE federation on the event's date is a warning
(TRF062), the event's own (032) an error for the rating server (UPL063). Round dates that go
backwards are said (TRF061). Made files: the corpus has none of these defects.
"""

from __future__ import annotations

from datetime import date

from trfbuild import player_line, trf
from periodbuild import met

import trfconv
from trfconv import ratinglists
from trfconv.actions import Action
from trfconv.federations import federation, table

HEADER = ("012 Identity Open", "022 Vilnius", "032 LTU", "042 2026/02/02", "052 2026/02/03",
          "102 Arbiter, Anne", "132" + " " * 87 + "26/02/02  26/02/03")


def _event(*lines: str, header: tuple[str, ...] = HEADER) -> bytes:
    return trf(*header, *lines)


def _two(first_id: str = "13000001", second_id: str = "13000002", fed: str = "LTU") -> tuple[str, ...]:
    """Two players who met twice: a win each."""
    return (player_line(1, "Nunez, Anna", sex="w", rating="1800", fed=fed, fide_id=first_id, birth="2011/01/01",
                        points="1.0", rank="1", rounds=("   2 w 1", "   2 b 0")),
            player_line(2, "Schroder, Peter", rating="1900", fed="ROU", fide_id=second_id, birth="1956/01/01",
                        points="1.0", rank="2", rounds=("   1 b 0", "   1 w 1")))


def test_one_fide_id_on_two_player_lines_is_an_error_without_a_list(tmp_path, cli):
    path = tmp_path / "twice.trf"
    path.write_bytes(_event(*_two(second_id="13000001")))
    t = trfconv.read(path)
    (found,) = [d for d in t.diagnostics if d.code == "TRF060"]
    assert found.severity.value == "error"
    assert (found.location.line, found.location.column) == (9, 58)  # player 2's line, the FIDE ID's column
    assert found.message == ("player 2 (Schroder, Peter) has FIDE ID 13000001, as player 1 (Nunez, Anna) has: "
                             "one FIDE ID is one person")
    run = cli("check", path)
    assert run.exit_code == 1 and "TRF060" in run.stdout
    upload = cli("check", path, "--upload", "--today", "2026-02-10", "--no-gacrux")
    assert upload.exit_code == 1, upload.stdout
    assert "not ready to upload" in upload.stdout and "TRF060" in upload.stdout
    path.write_bytes(_event(*_two()))
    assert not [d for d in trfconv.read(path).diagnostics if d.code == "TRF060"]


def test_leading_zeros_do_not_make_two_ids():
    t = trfconv.reads(_event(*_two(first_id="013000001", second_id="13000001")), path="zeros.trf")
    assert [d.code for d in t.diagnostics if d.code == "TRF060"] == ["TRF060"]


def test_round_dates_that_go_backwards_are_said():
    header = (*HEADER[:-1], "132" + " " * 87 + "26/02/03  26/02/02")
    t = trfconv.reads(_event(*_two(), header=header), path="back.trf")
    (found,) = [d for d in t.diagnostics if d.code == "TRF061"]
    assert found.message == ("132: round 2 is dated 2026-02-02, before round 1 (2026-02-03): the round dates go "
                             "backwards")
    assert found.location.line == 7 and found.severity.value == "warning"
    assert not [d for d in trfconv.reads(_event(*_two()), path="on.trf").diagnostics if d.code == "TRF061"]


def test_a_player_federation_fide_does_not_know_is_a_warning():
    t = trfconv.reads(_event(*_two(fed="XYZ")), path="fed.trf")
    (found,) = [d for d in t.diagnostics if d.code == "TRF062"]
    assert found.severity.value == "warning" and (found.location.line, found.location.column) == (8, 54)
    assert found.message == "player 1 (Nunez, Anna): federation 'XYZ' is not the code of a FIDE federation"


def test_the_event_federation_fide_does_not_know_stops_the_upload(tmp_path, cli):
    path = tmp_path / "event.trf"
    path.write_bytes(_event(*_two(), header=("012 Identity Open", "022 Vilnius", "032 XXX", *HEADER[3:])))
    run = cli("check", path, "--upload", "--today", "2026-02-10", "--no-gacrux")
    assert run.exit_code == 1
    assert "UPL063" in run.stdout and "not ready to upload" in run.stdout
    assert "032 federation: 'XXX' is not the code of a FIDE federation" in run.stdout
    path.write_bytes(_event(*_two()))
    assert "UPL063" not in cli("check", path, "--upload", "--today", "2026-02-10", "--no-gacrux").stdout


def test_the_federation_table_is_dated_and_sourced():
    """Former codes are FIDE's while their source says they were (Yugoslavia until 2004, Serbia and
    Montenegro 2004-2006); FID is FIDE's flag, no member federation (B.01 1.4.2a); every row has
    its source."""
    assert federation("YUG", date(2001, 5, 1)).name == "Yugoslavia"
    assert federation("YUG", date(2010, 5, 1)) is None and federation("YUG") is None
    assert federation("SCG", date(2005, 1, 1)) is not None and federation("SCG", date(2003, 1, 1)) is None
    assert federation("srb").code == "SRB" and federation("FID").member is False
    assert all(f.source for f in table().values()) and len([f for f in table().values() if f.until is None]) == 203
    old = (*HEADER[:3], "042 2001/02/02", "052 2001/02/03", "102 Arbiter, Anne")
    assert not [d for d in trfconv.reads(_event(*_two(fed="YUG"), header=old), path="old.trf").diagnostics
                if d.code == "TRF062"]
    (late,) = [d for d in trfconv.reads(_event(*_two(fed="YUG")), path="late.trf").diagnostics if d.code == "TRF062"]
    assert "'YUG' was FIDE's code for Yugoslavia until 2004-12-31, not on 2026-02-02" in late.message


def test_a_former_code_in_a_file_without_dates_is_said_not_a_crash():
    """Held against today's codes (no start date), a code FIDE no longer uses is said with the day
    it ended (mypy --strict on the base layer found the None it took for its first day)."""
    undated = (*HEADER[:3], "102 Arbiter, Anne")
    (late,) = [d for d in trfconv.reads(_event(*_two(fed="YUG"), header=undated), path="undated.trf").diagnostics
               if d.code == "TRF062"]
    assert late.message == ("player 1 (Nunez, Anna): federation 'YUG' was FIDE's code for Yugoslavia until "
                            "2004-12-31, not today (the event's start date is unknown)")


# -- the rating period: one ID, one person; the list in force; events left out ---------------------


ANNA = {"name": "Núñez, Anna", "fide_id": "13000001", "fed": "LTU", "sex": "w", "birth": "2011/01/01"}
PETER = {"name": "Schröder, Peter", "fide_id": "13000001", "fed": "ROU", "sex": "m", "birth": "1956/01/01"}


def test_one_id_for_two_people_across_the_period_is_an_error_naming_both_lines(tmp_path, cli):
    """The issue's case: two events at the same dates, one FIDE ID that is 'Núñez, Anna, LTU, 2011'
    in one and 'Schröder, Peter, ROU, 1956' in the other. Before: rated as one player, 0 errors.
    Now: one PER030 error naming both lines; the ID is left out of the period, never merged."""
    spring, autumn = tmp_path / "spring.trf", tmp_path / "autumn.trf"
    trfconv.write(met("Spring", "2026/02/02", {1: ANNA}), spring)
    trfconv.write(met("Autumn", "2026/02/02", {3: PETER}), autumn)
    result = trfconv.period([spring, autumn], month="2026-03")
    (said,) = [d for d in result.diagnostics if d.code == "PER030"]
    assert said.severity.value == "error"
    assert said.message == (
        "FIDE ID 13000001 is two people: 'Núñez, Anna' (LTU, 2011, w), player 1 of Spring "
        f"({spring} line 10), and 'Schröder, Peter' (ROU, 1956, m), player 3 of Autumn ({autumn} line 12): the names "
        "differ ('Núñez, Anna', 'Schröder, Peter'), born 2011 and 1956, sex w and m, federation LTU and ROU; "
        "neither is rated under this ID in the period (correct the wrong ID)")
    assert (said.location.path, said.location.line) == (str(autumn), 12)
    assert "13000001" not in {p.key for p in result.players}
    assert len(result.players) == 6  # the other six lines, each his own ID
    run = cli("period", spring, autumn, "--period", "2026-03")
    assert run.exit_code == 1 and "PER030" in run.stdout and "not produced" in run.stdout
    lenient = cli("period", spring, autumn, "--period", "2026-03", "--lenient", "--format", "csv")
    assert lenient.exit_code == 1 and "13000001" not in lenient.stdout.split("Error:")[-1].split("\n", 1)[1]


def test_the_same_person_spelt_another_way_is_one_player(tmp_path):
    """Spelling and accents, word order: 'Nunez, Anna' is 'Núñez, Anna'; a line without a birth
    date says nothing against the other."""
    spring = met("Spring", "2026/02/02", {1: ANNA})
    other = {**ANNA, "name": "Anna NUNEZ", "birth": ""}
    autumn = met("Autumn", "2026/02/10", {3: other})
    result = trfconv.period([spring, autumn], month="2026-03")
    assert not [d for d in result.diagnostics if d.code == "PER030"]
    (anna,) = [p for p in result.players if p.key == "13000001"]
    assert len(anna.events) == 2


def _combined_list(path, players) -> None:
    """A combined FIDE list (every registered player) of February 2026 holding ``players`` (P)."""
    from ratinglist_build import HEADER_FOA, foa_line, txt

    path.write_bytes(txt(HEADER_FOA, [foa_line(p) for p in players]))
    ratinglists.import_list(path, db=path.with_suffix(".sqlite"), month="2026-02")


def test_an_id_not_in_the_list_in_force_is_lst001_in_the_period_as_in_report(tmp_path, cli):
    """Before: ``period --list --format fide`` rated a player whose ID is not in the list from the
    file and wrote him into the FIDE layout, where ``report --list`` withholds the report (LST001)."""
    from ratinglist_build import P

    event = tmp_path / "club.trf"
    t = met("Club", "2026/02/02", {})
    trfconv.write(t, event)
    ids = [int(p.fide_id) for p in t.players]
    _combined_list(tmp_path / "list.txt", [P(n, f"Player, {n}", "FRA", "M", std=(1900, 10, 20), born=1990)
                                           for n in ids[:3]])  # the fourth is not in it
    db = tmp_path / "list.sqlite"
    report = cli("report", event, "--list", "--db", db)
    assert report.exit_code == 1 and f"LST001: player 4 (Player 004): FIDE ID {ids[3]}" in report.stdout
    run = cli("period", event, "--period", "2026-03", "--list", "--db", db, "--format", "fide", "-o",
              tmp_path / "out.txt")
    assert run.exit_code == 1
    assert f"LST001: player 4 (Player 004): FIDE ID {ids[3]} is not in the FIDE standard list of 2026-02" in run.stderr
    assert "nothing written" in run.stderr and not (tmp_path / "out.txt").exists()
    result = trfconv.period([event], lists=ratinglists.open_lists(db), month="2026-03")
    (lst,) = [d for d in result.diagnostics if d.code == "LST001"]
    assert (lst.location.path, lst.location.line) == (str(event), 13)


def _in_progress(path, *, round_3: tuple[str, str, str, str]) -> None:
    """Four players, three rounds declared (XXR 3), round 3's blocks as given (``"   2 w  "``: paired,
    no result yet)."""
    header = ("012 Running Open", "022 Paris", "032 FRA", "042 2026/02/02", "052 2026/02/04", "102 Arbiter, Anne",
              "122 90 min + 30 sec", "XXR 3", "132" + " " * 87 + "26/02/02  26/02/03  26/02/04")
    rows = (("   2 w 1", "   4 b 0"), ("   1 b 0", "   3 w 1"), ("   4 w =", "   2 b 0"), ("   3 b =", "   1 w 1"))
    lines = [player_line(n, f"Player {n:03d}", rating=str(1800 + 50 * n), fide_id=str(15000000 + n), birth="1990",
                         rounds=(*rows[n - 1], round_3[n - 1])) for n in range(1, 5)]
    path.write_bytes(trf(*header, *lines))


def test_an_event_not_finished_is_left_out_unless_asked(tmp_path, cli):
    """Round 3 paired, no result yet: before, the period rated the two rounds played with no word.
    Now it is left out and listed (PER031, with where it stands); --unfinished rates it, said."""
    event = tmp_path / "running.trf"
    _in_progress(event, round_3=("   3 w  ", "   4 w  ", "   1 b  ", "   2 b  "))
    result = trfconv.period([trfconv.read(event), met("Club", "2026/02/10", {})], month="2026-03")
    (left,) = [d for d in result.diagnostics if d.code == "PER031"]
    assert left.message == ("Running Open is not finished (round 3 paired, 0 of its 2 results in; 3 rounds in all); "
                            "left out")
    assert left.actions == (Action("take-unfinished", purpose="rates the results it holds"),)
    assert [e.name for e in result.events] == ["Club"]
    club = tmp_path / "club.trf"
    trfconv.write(met("Club", "2026/02/10", {}), club)
    run = cli("period", event, club, "--period", "2026-03")
    assert run.exit_code == 0 and "Left out (1)" in run.stdout and "PER031" in run.stdout
    assert "left out (--unfinished rates the results it holds)" in run.stdout  # the terminal words the action
    asked = trfconv.period([event], month="2026-03", unfinished=True)
    assert [e.name for e in asked.events] == ["Running Open"]
    assert [d.code for d in asked.diagnostics if d.code in ("PER031", "PER033")] == ["PER033"]
    assert {p.n for p in asked.players} == {2}  # the two rounds with results
    finished = tmp_path / "finished.trf"
    _in_progress(finished, round_3=("   3 w 1", "   4 w 0", "   1 b 0", "   2 b 1"))
    assert [e.name for e in trfconv.period([finished], month="2026-03").events] == ["Running Open"]


def test_an_event_without_a_date_is_left_out_unless_asked():
    from dataclasses import replace

    t = met("Nowhen", "2026/02/02", {})
    undated = replace(t, event=replace(t.event, start_date=None, end_date=None, round_dates=()))
    result = trfconv.period([undated, met("Club", "2026/02/10", {})], month="2026-03")
    (left,) = [d for d in result.diagnostics if d.code == "PER032"]
    assert "Nowhen: no date (start, end or round dates)" in left.message
    assert [e.name for e in result.events] == ["Club"]
    asked = trfconv.period([undated], month="2026-03", undated=True)
    assert [e.name for e in asked.events] == ["Nowhen"] and [d.code for d in asked.diagnostics
                                                             if d.code == "PER008"] == ["PER008"]


def test_errors_in_a_file_left_out_do_not_withhold_the_period(tmp_path, cli):
    """An event of another period (March) whose file has an error (one FIDE ID on two lines): it
    is left out and listed; its error is not the period's (before: exit 1, the document withheld)."""
    march, club = tmp_path / "march.trf", tmp_path / "club.trf"
    trfconv.write(met("Club", "2026/02/10", {}), club)
    march.write_bytes(_event(*_two(second_id="13000001"), header=(
        "012 March Open", "022 Vilnius", "032 LTU", "042 2026/03/02", "052 2026/03/03", "102 Arbiter, Anne")))
    run = cli("period", club, march, "--period", "2026-03")
    assert run.exit_code == 0, run.output
    assert "PER003" in run.stdout and "TRF060" not in run.output
