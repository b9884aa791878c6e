"""Every reader reads numbers with the bounded grammar of :mod:`trfconv.numbers` (issue 24):
digits that are not ASCII digits (``³``, ``22¹0``, ``2²00``, a FIDE id ``1007²19``) and numbers
of thousands of digits are no numbers, said by a diagnostic, never a crash; a rating is at most 4
digits, so that what is read can be written and read again."""

from __future__ import annotations

import paths
import pytest

import trfconv
from trfconv.io.build import MAX_SAID
from trfconv.io.files import MAX_LINES
from trfconv.io.swisschess import _P_ELO, _P_FIDE_ID, _P_NAME, _P_NATIONAL

VEGA = paths.FIXTURES / "native" / "vega" / "made__byes-forfeits-crosstable.txt"
SWT = paths.FIXTURES / "native" / "swt" / "fnogatz__swtparser.js__SwissIndividual.SWT"
HOSTILE = ["³", "22¹0", "2²00", "٢٢١٠", "9" * 4400, "1" * 25]


@pytest.mark.parametrize("rating", HOSTILE)
def test_vega_rating_that_is_no_number(rating):
    text = VEGA.read_text().replace(" 2210  FM", f" {rating}  FM")
    t = trfconv.reads(text, path="x.txt")
    assert [p.start_number for p in t.players] == [2, 3, 4, 5, 6, 7]
    assert any(d.code == "VEG003" and "row" in d.message for d in t.diagnostics)
    data, _ = trfconv.dumps(t, "json")
    assert len(trfconv.reads(data, path="x.json").players) == 6  # its own JSON reads back


@pytest.mark.parametrize("position", ["³", "1¹", "9" * 4400])
def test_vega_position_and_opponent_that_are_no_numbers(position):
    text = VEGA.read_text().replace("  1 Alpha", f"  {position} Alpha").replace("+W6   +B3", f"+W{position} +B3")
    t = trfconv.reads(text, path="x.txt")
    assert 1 not in [p.start_number for p in t.players]
    assert any(d.code == "VEG003" for d in t.diagnostics)


def _swt_with(field: tuple[int, int], value: bytes) -> bytes:
    """The Swiss-Chess sample with ``value`` in ``field`` of the first player's record (found
    by his name, which starts the record)."""
    data = bytearray(SWT.read_bytes())
    record = data.find(trfconv.read(SWT).players[0].name.replace(", ", ",").encode("latin-1")) - _P_NAME[0]
    start, end = record + field[0], record + field[1] + 1
    data[start:end] = value.ljust(end - start, b"\0")[:end - start]
    return bytes(data)


@pytest.mark.parametrize("field, value", [(f, v) for f in (_P_ELO, _P_NATIONAL, _P_FIDE_ID)
                                          for v in ("³", "2²00", "22¹0")] + [(_P_FIDE_ID, "1007²19")])
def test_swisschess_number_fields_that_are_no_numbers(field, value):
    t = trfconv.reads(_swt_with(field, value.encode("cp1252")), path="x.SWT")
    assert [d.code for d in t.diagnostics if d.code == "SWT010"] == ["SWT010"]
    first = t.player(1)
    assert (first.rating, first.fide_id, first.national_ratings)[(_P_ELO, _P_FIDE_ID, _P_NATIONAL).index(field)] \
        in (None, ())


def test_swisschess_fide_id_of_dashes():
    t = trfconv.reads(_swt_with(_P_FIDE_ID, b"----------"), path="x.SWT")
    assert [d.code for d in t.diagnostics if d.code in ("FID001", "SWT010")] == ["FID001"]


@pytest.mark.parametrize("detail", ["²", "1²", "9" * 4400])
def test_chess_results_tiebreak_parameters_that_are_no_numbers(detail):
    from trfconv.io.xml_tiebreaks import name_of, parse_name
    assert name_of(68, detail, False) is None and name_of(88, detail, False) is None
    assert parse_name(f"BH/C{detail}") is None or parse_name(f"BH/C{detail}").low == 0


@pytest.mark.parametrize("text", ['[Round "²"]', '[Round "1.²"]', '[Date "２０２４.01.01"]'])
def test_pgn_round_and_date_digits_are_ascii(text):
    pgn = f'[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n{text}\n\n1-0\n'
    trfconv.reads(pgn, path="x.pgn")  # no crash; a round that is no number places no game


# -- the same input bounds in every reader (issue 24: a 61 MB PGN took 48 s and 1.84 GB) ----------

def _too_long_pgn() -> bytes:
    game = '[Event "E"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n\n'
    return (game * (MAX_LINES // 8 + 2)).encode()


def _too_long_vega() -> bytes:
    head, _, rows = VEGA.read_text().partition("-----\n")
    return (head + "-----\n" + rows * (MAX_LINES // 7 + 2)).encode()


@pytest.mark.parametrize("make, suffix", [(_too_long_pgn, "pgn"), (_too_long_vega, "txt")])
def test_pgn_and_vega_have_the_line_bound_of_every_reader(cli, tmp_path, make, suffix):
    path = tmp_path / f"long.{suffix}"
    path.write_bytes(make())
    t = trfconv.read(path)
    assert [d.code for d in t.diagnostics if d.severity.value == "error"] == ["LIM001"] and t.players == ()
    result = cli("check", path)
    assert result.exit_code == 2 and "LIM001" in result.output


def test_vega_header_with_more_rounds_than_a_file_holds():
    text = VEGA.read_text().replace("|   1     2     3    |", "| " + " ".join(map(str, range(1, 1201))) + " |")
    t = trfconv.reads(text, path="x.txt")
    assert [d.code for d in t.diagnostics] == ["VEG002"] and t.players == ()


def test_a_problem_repeated_many_times_is_kept_once_per_thousand():
    """Memory follows what is kept: 20,000 rows naming the same positions give 1,000 diagnostics
    of a kind and one that counts the rest, not one each."""
    head, _, rows = VEGA.read_text().partition("-----\n")
    t = trfconv.reads((head + "-----\n" + rows * 3000).encode(), path="x.txt")
    duplicates = [d for d in t.diagnostics if d.code == "TRF014"]
    assert len(duplicates) == MAX_SAID + 1
    assert duplicates[-1].message == f"and {3000 * 7 - 7 - MAX_SAID:,} more like the 1,000 above, not listed"
