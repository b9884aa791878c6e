"""One FIDE ID, one person; FIDE's federation codes; round dates in order (issue 34, item 2).

Within one file: two player lines with the same FIDE ID are an error whether or not a rating list
is given (TRF060; before, only ``--list`` said it, and ``check --upload`` called such a file
READY). A player's federation that is no FIDE federation on the event's date is a warning
(TRF062), the event's own (032) an error for the rating server (UPL060). Round dates that go
backwards are said (TRF061). Made files: the corpus has none of these defects.
"""

from __future__ import annotations

from datetime import date

from trfbuild import player_line, trf

import trfconv
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
    assert "UPL060" in run.stdout and "not ready to upload" in run.stdout
    assert "032 federation: 'XXX' is not the code of a FIDE federation" in run.stdout
    path.write_bytes(_event(*_two()))
    assert "UPL060" not in cli("check", path, "--upload", "--today", "2026-02-10", "--no-gacrux").stdout


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
