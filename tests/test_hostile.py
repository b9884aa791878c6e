"""Hostile and malformed input (issue 15): one regression test per example of the issue, and a
property test per class of defect. Every input is generated here, small."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
import threading
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import ROOT
from trfbuild import HEADER, player_line, trf
from hostile import written_everywhere

import trfconv
from trfconv.io import files, xml_safe
from trfconv.io.files import MAX_LINES, OutputError, write_output
from trfconv.numbers import MAX_DIGITS, decimal_number, exact_number
from trfconv.rules.tiebreaks.spec import Spec, parse
from trfconv.tabular import guard, split_rows, unguard, write_rows

LONG = "9" * 4301  # one digit more than Python converts to an int


def base_lines(*extra: str, names=("Alpha, A", "Beta, B")) -> list[str]:
    return [*HEADER, player_line(1, names[0], rating="2000", fide_id="12345", rounds=("   2 w 1",)),
            player_line(2, names[1], rating="1900", rounds=("   1 b 0",)), *extra]


def codes(t) -> set[str]:
    return {d.code for d in t.diagnostics}


def base_json() -> dict:
    return json.loads(trfconv.dumps(trfconv.reads(trf(*base_lines())), "json")[0])


def base_xml() -> bytes:
    return trfconv.dumps(trfconv.reads(trf(*base_lines())), "xml")[0]


# -- numbers longer than Python converts -----------------------------------------------------
@pytest.mark.parametrize("record, code", [("XXR " + LONG, "TRF039"), ("062 " + LONG, "TRF039"),
                                          ("072 " + LONG, "TRF039")])
def test_long_numbers_in_trf_records_are_diagnostics(record, code):
    t = trfconv.reads(trf(*base_lines(record)))
    found = [d for d in t.diagnostics if d.code == code]
    assert found and "4,301 digits" in found[0].message and len(found[0].message) < 200
    written_everywhere(t)


def test_bbw_exponent_then_comment_is_a_diagnostic():
    t = trfconv.reads(b"BBW 1e5000\n###\n")
    assert "TRF040" in codes(t)
    trfconv.dumps(t, "trf26")


def test_long_cut_in_202_is_a_tiebreak_diagnostic():
    t = trfconv.reads(trf(*base_lines("202 BH/C" + LONG)))
    standings = trfconv.standings(t)
    assert any(d.code == "TB002" and "18 digits" in d.message for d in standings.diagnostics)


def test_long_fideid_in_xml_is_left_out():
    data = base_xml().replace(b'fideid="12345"', b'fideid="' + LONG.encode() + b'"')
    t = trfconv.reads(data)
    assert "XML004" in codes(t) and t.players[0].fide_id is None


def test_long_integer_literal_and_points_in_json_are_jsn001():
    document = base_json()
    document["tournament"]["players"][0]["rating"] = "RATING"
    t = trfconv.reads(json.dumps(document).replace('"RATING"', LONG))
    assert codes(t) == {"JSN001"} and "4,301 digits" in t.diagnostics[0].message
    document = base_json()
    document["tournament"]["players"][0]["points"] = LONG
    assert codes(trfconv.reads(json.dumps(document))) == {"JSN001"}


# -- exponent bombs --------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["1e99999999", "1e9999999", "1E5", "1.5e3", "inf", "nan", "1_000"])
def test_xxs_exponents_are_no_numbers(value):
    t = trfconv.reads(trf(*base_lines(f"XXS W={value}")))
    assert "TRF040" in codes(t) and t.scores.win_white == 1


def test_exact_numbers_come_from_a_bounded_grammar():
    assert decimal_number("3,5") == Fraction(7, 2) and decimal_number("-.5") == Fraction(-1, 2)
    assert exact_number("1/3") == Fraction(1, 3) and exact_number("-2/4") == Fraction(-1, 2)
    for text in ("1e5", "", ".", "1/0", "9" * (MAX_DIGITS + 1), "0." + "1" * 7, "١٢", "1 2"):
        assert exact_number(text) is None, text


# -- catastrophic backtracking ---------------------------------------------------------------
@pytest.mark.parametrize("record", ["202", "212"])
def test_adversarial_tiebreak_spec_is_refused(record):
    t = trfconv.reads(trf(*base_lines(f"{record} BH" + "/L5" * 26 + "!")))
    standings = trfconv.standings(t)
    assert any(d.code == "TB001" for d in standings.diagnostics)


def test_spec_scanner_reads_what_the_regular_expression_read():
    assert parse("BH-C1") == parse("BH/C1") == Spec("BH", "BH/C1", cut_low=1)
    assert parse("KS/L-1").limit_points == Fraction(-1, 2) and parse("KS-L+1.5").limit_points == Fraction(3, 2)
    assert parse("KS/L60").limit_percent == 60 and parse("bh : mp / c1").score == "MP"
    assert parse("BH/L5X").code == "TB002" and parse("BH//C1").code == "TB001" and parse("BH:XX").code == "TB001"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="BHSCMKLPRUDFTAOWINPTS_:/-+.!0123456789 ", max_size=200))
def test_property_random_specs_parse_without_exception(text):
    result = parse(text)
    assert isinstance(result, Spec) or result.code in ("TB001", "TB002")


# -- unbounded input -------------------------------------------------------------------------
def test_many_short_lines_are_no_trf_file_read_no_further(tmp_path):
    path = tmp_path / "short.trf"
    path.write_bytes(b"0\n" * (2 * 1024 * 1024))  # 4 MB
    t = trfconv.read(path)
    assert "IO002" in codes(t) and "LIM001" in codes(t)
    assert "1000 of 1000 lines" in next(d.message for d in t.diagnostics if d.code == "IO002")


@pytest.mark.slow
def test_more_lines_than_the_limit_are_lim001():
    t = trfconv.reads(trf(*base_lines()) + b"\n" * (MAX_LINES + 1))
    assert "LIM001" in codes(t) and len(t.players) == 2
    csv_text = "SNo,Name,Rtg,Pts,1.Rd\n1,A,2000,1,2w1\n" + "\n" * MAX_LINES
    assert "LIM001" in codes(trfconv.reads(csv_text, format="csv"))


def test_sparse_huge_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "sparse.trf"
    with open(path, "wb") as fh:
        fh.truncate(1 << 30)
    with pytest.raises(trfconv.TrfconvError) as err:
        trfconv.read(path)
    assert "1,073,741,824 bytes" in err.value.diagnostics[0].message


def test_device_is_refused():
    with pytest.raises(trfconv.TrfconvError) as err:
        trfconv.read("/dev/zero")
    assert "not a regular file" in err.value.diagnostics[0].message


def test_fifo_without_writer_is_refused_at_once(tmp_path):
    path = tmp_path / "fifo.trf"
    os.mkfifo(path)
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(pytest.raises(trfconv.TrfconvError, trfconv.read, path)),
                              daemon=True)
    worker.start()
    worker.join(30)  # a guard against a hang, not a time measurement
    assert outcome and "not a regular file" in outcome[0].value.diagnostics[0].message


def test_max_size_option(tmp_path, cli):
    path = tmp_path / "t.trf"
    path.write_bytes(trf(*base_lines()))
    refused = cli("--max-size", "100", "check", path)
    assert refused.exit_code == 2 and "more than the 100 read at most" in refused.output
    assert cli("--max-size", "100000", "check", path).exit_code == 0


# -- the safe-XML promise --------------------------------------------------------------------
XML_ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be",
                 "cp037"]
DTD = '<!DOCTYPE chessresults [<!ENTITY e "BOOM"><!ATTLIST chessresults x CDATA "y">]>'


def with_dtd(encoding: str, prolog: bool = True) -> bytes:
    text = base_xml().decode().split("?>", 1)[1].replace('name="Test Open"', 'name="&e;"')
    declared = f'<?xml version="1.0" encoding="{encoding.replace("-sig", "")}"?>' if prolog else ""
    return (declared + DTD + text).encode(encoding)


@pytest.mark.parametrize("encoding", XML_ENCODINGS)
def test_dtd_refused_whatever_the_encoding(encoding):
    t = trfconv.reads(with_dtd(encoding), format="xml")
    assert "XML002" in codes(t) and not t.players


def test_utf16_bom_without_prolog_is_refused():
    t = trfconv.reads(with_dtd("utf-16", prolog=False), format="xml")
    assert "XML002" in codes(t) and not t.players


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_parser_refuses_a_dtd_on_its_own(encoding, monkeypatch):
    monkeypatch.setattr(xml_safe, "declaration", lambda data, encoding=None: None)  # guard 1 off
    parsed = xml_safe.parse(with_dtd(encoding))
    assert parsed.root is None and [d.code for d in parsed.diagnostics] == ["XML002"]
    assert "found by the parser" in parsed.diagnostics[0].message


def xlsx_with(part_name: str, dtd: bool) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    for row in (["SNo", "Name", "Rtg", "Pts", "1.Rd"], [1, "Alpha", 2000, 1, "2w1"], [2, "Beta", 1900, 0, "1b0"]):
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    source, out = zipfile.ZipFile(buffer), io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            data = source.read(info).replace(b"sheet1.xml", part_name.encode())
            if info.filename == "xl/worksheets/sheet1.xml" and dtd:
                data = data.replace(b"<worksheet", b'<!DOCTYPE worksheet [<!ENTITY e "BOOM">]><worksheet', 1)
            target.writestr(info.filename.replace("sheet1.xml", part_name), data)
    return out.getvalue()


def test_xlsx_part_named_in_upper_case_is_checked():
    assert len(trfconv.reads(xlsx_with("sheet1.XML", dtd=False)).players) == 2
    t = trfconv.reads(xlsx_with("sheet1.XML", dtd=True))
    assert codes(t) == {"CSV007"} and "sheet1.XML declares a DTD" in t.diagnostics[0].message


def test_openpyxl_parses_through_defusedxml():
    from openpyxl.xml import DEFUSEDXML

    assert DEFUSEDXML is True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(XML_ENCODINGS), st.binary(max_size=200), st.booleans())
def test_property_random_bytes_with_a_dtd_are_refused(encoding, noise, bom_only):
    """A DTD in any encoding is refused, whatever bytes follow it (EBCDIC and UTF-16/32 with
    the byte order in their name have no signature without their prolog: such bytes are no XML
    at all (XML 1.0 4.3.3), and may be refused as such)."""
    head = ("" if bom_only else f'<?xml version="1.0" encoding="{encoding.replace("-sig", "")}"?>') + DTD
    data = head.encode(encoding) + noise
    t = trfconv.reads(data, format="xml")
    unsigned = bom_only and encoding in ("cp037", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
    assert codes(t) & ({"XML002", "XML001"} if unsigned else {"XML002"}) and not t.players


# -- text that cannot be written -------------------------------------------------------------
def test_lone_surrogate_in_a_json_name_is_replaced():
    document = base_json()
    document["tournament"]["players"][0]["name"] = "\ud800X"
    t = trfconv.reads(json.dumps(document))
    assert "ENC007" in codes(t) and t.players[0].name == "\ufffdX"
    written_everywhere(t)


@pytest.mark.parametrize("bad", ["\x01", "\x85", "\u2028"])
def test_an_unwritable_character_in_a_trf_name_is_replaced(bad):
    """The TRF reader skips the walk over the model when its lines hold no such character
    (control_chars.writable_lines): the one scan must still find each kind."""
    lines = [*HEADER, *(player_line(i, f"Player{i}{bad if i == 2 else ''}, P", rating=str(2000 - i))
                        for i in range(1, 13))]
    t = trfconv.reads(trf(*lines))
    assert t.players[1].name == "Player2\ufffd, P" and "ENC007" in codes(t)


def test_every_text_of_a_trf_is_cut_from_its_lines():
    """Why the TRF reader may skip the walk: on every TRF of the fixtures, the walk finds
    nothing to replace and returns the very same model."""
    from trfconv.io.control_chars import cleaned

    read = [trfconv.read(path) for path in sorted((ROOT / "fixtures").glob("**/*.trf*"))]
    assert len(read) >= 40
    for t in read:
        found = []
        assert cleaned(t, found) is t and found == []


def test_newline_in_a_name_survives_the_canonical_csv():
    names = [f"Player{i}, P" for i in range(1, 13)]
    lines = [*HEADER, *(player_line(i, name, rating=str(2000 - i)) for i, name in enumerate(names, 1))]
    document = json.loads(trfconv.dumps(trfconv.reads(trf(*lines)), "json")[0])
    document["tournament"]["players"][0]["name"] = "Test Open\nSNo,Name"
    t = trfconv.reads(json.dumps(document))
    back = trfconv.reads(trfconv.dumps(t, "csv")[0], format="csv")
    assert len(back.players) == 12 and back.players[0].name == "Test Open\ufffdSNo,Name"


def test_csv_reading_works_on_records():
    text = 'SNo,Name,Rtg,Pts,1.Rd\n1,"Alpha\nA",2000,1,2w1\n2,Beta,1900,0,1b0\n'
    t = trfconv.reads(text, format="csv")
    assert [p.name for p in t.players] == ["Alpha\ufffdA", "Beta"] and "ENC007" in codes(t)


# -- CSV injection ---------------------------------------------------------------------------
def test_formula_guard_cells():
    text = write_rows([["=2+5+A1", "\tx", "\rCR", "-", "-5", "+1.5", "@x", "x\ny", "-1/2"]])
    assert text == "'=2+5+A1,'\tx,\"'\rCR\",-,-5,+1.5,'@x,\"x\ny\",-1/2\n"


def test_rating_report_and_standings_csv_guard_every_text_cell(tmp_path, cli):
    document = base_json()
    players = document["tournament"]["players"]
    players[0]["fide_id"], players[0]["name"] = "=2+5+A1", "@SUM(A1)"
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document))
    report = cli("report", path, "--format", "csv").stdout
    assert ",'=2+5+A1," in report and ",'@SUM(A1)," in report and ",=2+5" not in report
    standings = cli("standings", path, "-t", "BH", "--format", "csv").stdout
    assert ",'@SUM(A1)," in standings


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.text(max_size=12), min_size=1, max_size=5), min_size=1, max_size=5),
       st.sampled_from(["\n", "\r\n", "\r"]))
def test_property_text_cells_through_the_csv_writer_and_back(rows, ending):
    rows = [r for r in rows if r != [""]] or [["x"]]  # the csv module writes [""] as an empty line
    text = write_rows(rows, line_ending=ending)
    back, unsplit = split_rows(io.StringIO(text, newline=""))
    assert not unsplit and [[unguard(c) for c in row] for row in back] == rows
    for row in back:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")) or decimal_number(cell) is not None \
                or cell == "+"


_CELLS = st.one_of(st.none(), st.integers(-50, 50), st.text(alphabet="=+-@\t\r'\",.0123/x\n", max_size=6))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_CELLS, min_size=1, max_size=5), min_size=1, max_size=6))
def test_property_a_row_written_once_is_the_row_guarded_cell_by_cell(rows):
    """write_rows writes a row once and looks at its cells only when the written row may hold a
    cell to guard: the same text, and the same cells said guarded, as guarding every cell."""
    guarded: list = []
    text = write_rows(rows, guarded=guarded)
    cells = [["" if c is None else str(c) for c in row] for row in rows]
    expected = [(i, c) for i, row in enumerate(cells) for c in row if guard(c) != c]
    expected_text = ""
    for row in cells:
        out = io.StringIO()
        csv.writer(out, lineterminator="\r\n").writerow([guard(c) for c in row])
        expected_text += out.getvalue()[:-2] + "\n"
    assert text == expected_text
    assert guarded == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(min_size=1, max_size=20).filter(lambda s: s.strip()), min_size=2, max_size=4))
def test_property_names_through_the_canonical_csv_and_back(names):
    document = base_json()
    players = document["tournament"]["players"]
    document["tournament"]["players"] = [dict(players[i % 2], start_number=i + 1, name=name, rounds=[])
                                         for i, name in enumerate(names)]
    t = trfconv.reads(json.dumps(document))
    back = trfconv.reads(trfconv.dumps(t, "csv")[0], format="csv")
    assert [p.name for p in back.players] == [p.name.strip() for p in t.players]


# -- encodings -------------------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["base64", "hex", "rot13", "zlib", "uu", "punycode", "idna", "nosuch"])
def test_only_text_encodings_are_accepted(encoding, tmp_path, cli):
    path = tmp_path / "t.trf"
    path.write_bytes(trf(*base_lines()))
    for args in (("check", path, "--encoding", encoding), ("convert", path, "--output-encoding", encoding)):
        result = cli(*args)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
        assert "encoding" in result.output and "Traceback" not in result.output
    t = trfconv.reads(trf(*base_lines()), encoding=encoding)
    assert "ENC005" in codes(t) and len(t.players) == 2


def test_terminal_that_cannot_show_a_name(tmp_path):
    path = tmp_path / "t.trf"
    path.write_bytes(trf(*base_lines(names=("Łukasz, Ż", "Beta, B"))))
    run = subprocess.run([sys.executable, "-m", "trfconv", "standings", str(path)], capture_output=True,
                         env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    assert run.returncode == 0 and b"?ukasz" in run.stdout


# -- writing ---------------------------------------------------------------------------------
def output_kinds(tmp_path: Path):
    """Every kind of output path: (name, path, what write_output must do)."""
    regular = tmp_path / "regular.trf"
    regular.write_bytes(b"old")
    regular.chmod(0o640)
    target = tmp_path / "target.trf"
    target.write_bytes(b"old")
    link = tmp_path / "link.trf"
    link.symlink_to(target)
    dangling = tmp_path / "dangling.trf"
    dangling.symlink_to(tmp_path / "made.trf")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_bytes(b"")
    return [("new", tmp_path / "new.trf", "regular"), ("regular", regular, "regular"), ("symlink", link, "link"),
            ("dangling symlink", dangling, "link"), ("fifo", fifo, "fifo"), ("null device", Path("/dev/null"), "device"),
            ("folder", tmp_path / "folder", "is a folder"), ("missing folder", tmp_path / "no" / "x.trf", "does not exist"),
            ("file as folder", tmp_path / "file" / "x.trf", "is not a folder"),
            ("full disk", Path("/dev/full"), "no space left")]


def test_every_output_path_kind(tmp_path):
    for name, path, expected in output_kinds(tmp_path):
        if expected in ("regular", "link", "device"):
            before = os.stat(path).st_mode if path.exists() else None
            write_output(path, b"data")
            real = Path(os.path.realpath(path))
            assert real.read_bytes() in (b"data", b""), name
            if expected == "link":
                assert path.is_symlink() and real.read_bytes() == b"data", name
            if expected == "device":
                assert stat.S_ISCHR(os.stat(path).st_mode), name
            if before is not None and expected == "regular":
                assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IMODE(before), name
        elif expected == "fifo":
            got = []
            reader = threading.Thread(target=lambda p=path, got=got: got.append(Path(p).read_bytes()), daemon=True)
            reader.start()
            write_output(path, b"data")
            reader.join(30)
            assert got == [b"data"] and stat.S_ISFIFO(os.stat(path).st_mode)
        else:
            with pytest.raises(OutputError, match=expected):
                write_output(path, b"data")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_new_file_mode_follows_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_output(tmp_path / "x.trf", b"data")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "x.trf").st_mode) == 0o640


def test_replaced_file_keeps_its_group(tmp_path):
    path = tmp_path / "x.trf"
    path.write_bytes(b"old")
    groups = [g for g in os.getgroups() if g != os.stat(path).st_gid] or ([1] if os.geteuid() == 0 else [])
    if not groups:
        pytest.skip("no other group to give the file")
    os.chown(path, -1, groups[0])
    write_output(path, b"new")
    assert os.stat(path).st_gid == groups[0] and path.read_bytes() == b"new"


def test_temporary_file_removed_when_writing_fails(tmp_path, monkeypatch):
    """Without O_TMPFILE (another system) the hidden temporary file goes on every failure."""
    monkeypatch.setattr(files, "_unnamed_file", lambda folder: None)

    def fail(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(OutputError, match="no space left"):
        write_output(tmp_path / "x.trf", b"data")
    assert list(tmp_path.iterdir()) == []


def test_output_to_dev_stdout(tmp_path):
    path = tmp_path / "t.trf"
    path.write_bytes(trf(*base_lines()))
    run = subprocess.run([sys.executable, "-m", "trfconv", "convert", str(path), "-o", "/dev/stdout"],
                         capture_output=True)
    assert run.returncode == 0 and run.stdout.startswith(b"012 Test Open")


# -- round trips that lose data: never silently (issue 15, last class) ---------------------------

CANONICAL = ROOT / "fixtures" / "canonical" / "trf26-individual.trf"
ROUND_ROBIN_XML = ROOT / "fixtures" / "crosstables" / \
    "chess-results-upload_Single_RoundRobin.xml"


def test_trailing_rounds_nobody_is_paired_in_are_said_when_a_trf_cannot_hold_them():
    import dataclasses

    from trfconv.model import NOT_PAIRED

    t = trfconv.read(ROUND_ROBIN_XML)
    longer = dataclasses.replace(t, players=tuple(dataclasses.replace(p, rounds=p.rounds + (NOT_PAIRED,) * 2)
                                                  for p in t.players))
    for fmt in ("trf26", "trf16"):
        data, said = trfconv.dumps(longer, fmt)
        assert trfconv.reads(data).rounds == 7
        assert [d.message for d in said if "no player is paired" in d.message] == [
            f"{fmt.upper()} cannot hold rounds 8-9, in which no player is paired (a player line ends with its last "
            "round written); left out"]
    assert not any("no player is paired" in d.message for d in trfconv.dumps(t, "trf26")[1])
    assert trfconv.reads(trfconv.dumps(longer, "json")[0]).rounds == 9  # JSON and XML hold them


def test_the_canonical_csv_never_renumbers_opponents():
    """A file with a pairing error (player 1 names 3 in round 1, 3 names 2) written to the
    canonical CSV read back with its opponents as written: its round cells name start numbers,
    the ranking-row guess (CSV010) is for exports."""
    import dataclasses

    t = trfconv.read(CANONICAL)
    first = t.player(1)
    wrong = dataclasses.replace(first.rounds[0], opponent=3 if first.rounds[0].opponent != 3 else 4)
    broken = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, rounds=(wrong, *p.rounds[1:])) if p.start_number == 1 else p for p in t.players))
    back = trfconv.reads(trfconv.dumps(broken, "csv")[0])
    assert [p.rounds for p in back.players] == [p.rounds for p in broken.players]
    assert "CSV010" not in {d.code for d in back.diagnostics}


def test_a_round_date_that_reads_back_as_another_is_said():
    """132 writes two-digit years; an ambiguous one is read as the date nearest the file's other
    dates. Round 5 in 2029 of an event of 2025 is written 29/10/25 and reads back as 2025-10-29."""
    import dataclasses
    from datetime import date

    t = trfconv.read(CANONICAL)
    odd = dataclasses.replace(t, event=dataclasses.replace(t.event, round_dates=(
        *t.event.round_dates[:4], date(2029, 10, 25))))
    data, said = trfconv.dumps(odd, "trf26")
    assert trfconv.reads(data).event.round_dates[4] == date(2025, 10, 29)
    assert [d.message for d in said if d.code == "WRT004"] == [
        "TRF26 cannot hold round 5's date 2029-10-25 as such: written '29/10/25' (132, two-digit year), it reads "
        "back as 2025-10-29 beside the file's other dates; left out"]
    assert not [d for d in trfconv.dumps(t, "trf26")[1] if "reads back" in d.message]


def test_a_team_bye_in_a_file_without_teams_is_said_at_reading_and_writing():
    text = CANONICAL.read_text("utf-8").rstrip("\n") + "\n320  2.0  5.0   5   3\n"
    t = trfconv.reads(text.encode())
    assert [d.message for d in t.diagnostics if d.code == "TRF047"] == [
        "a team pairing-allocated bye (320: teams 5, 3) in a file without teams (no 310/013 record): kept, not used"]
    for fmt, words in (("trf16", "the team PAB record 320"), ("xml", "team event pab"), ("csv", "team event pab")):
        assert any(words in d.message for d in trfconv.dumps(t, fmt)[1] if d.code == "WRT004"), fmt
    assert trfconv.reads(trfconv.dumps(t, "trf26")[0]).team_event.pab == t.team_event.pab


def test_what_the_fuzz_target_found_when_it_began_to_assert():
    """A canonical CSV cut after its header was read as no player with nothing said; lxml's
    message for a NUL in an XML prolog spanned two lines."""
    cut = b"Event: Test Open\r\nSNo,Name,FED,FIDE-ID,Rtg,Born,Sex,Title,Pts,Rk,1"
    assert [d.code for d in trfconv.reads(cut).diagnostics] == ["CSV012"]
    nul = b"<?\x00\x00xml version='1.0' encoding='UTF-8'?>\n<chessresults/>"
    said = trfconv.reads(nul, format="xml").diagnostics
    assert said and all("\n" not in d.message for d in said)
