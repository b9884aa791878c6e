"""The format registry: a format is one record, and everything else follows from it."""

from __future__ import annotations

import json

import pytest
from paths import ROOT

from trfconv.io.build import TournamentBuilder
from trfconv.io.registry import (
    Format,
    detect_format,
    formats,
    output_for,
    register,
    unreadable_codes,
    unregister,
)
from trfconv.model import Player
from trfconv.sides import Result


def sniff_dummy(head: bytes) -> bool:
    return head.startswith(b"DUMMY\n")


def read_dummy(data: bytes, path: str | None, encoding: str | None):
    """A toy format: ``DUMMY``, then ``white-black result`` lines of one round."""
    builder = TournamentBuilder(path, "dummy")
    builder.event["name"] = "Dummy Open"
    for line_number, line in enumerate(data.decode("ascii").splitlines()[1:], 2):
        pair, result = line.split()
        white, black = (int(n) for n in pair.split("-"))
        for n in (white, black):
            if not builder.has_player(n):
                builder.add_player(Player(n, f"Player {n}"), line=line_number)
        builder.pairing(1, white, black, Result(result), line=line_number)
    return builder.build()


@pytest.fixture
def dummy():
    register(Format("dummy", "a toy format defined in a test", (".dummy",), sniff_dummy, read_dummy))  # the one line
    yield
    unregister("dummy")


def test_a_format_registered_in_one_line_is_read_by_every_command(dummy, cli, tmp_path):
    path = tmp_path / "event.txt"
    path.write_bytes(b"DUMMY\n1-2 1-0\n3-4 1/2-1/2\n")
    assert detect_format(path.read_bytes()) == "dummy"
    listed = json.loads(cli("formats", "--json").stdout)
    assert listed["read"]["dummy"] == "a toy format defined in a test"
    info = json.loads(cli("info", path, "--json").stdout)
    assert (info["format"], info["event"]["name"], info["counts"]["players"], info["counts"]["rated_games"]) == (
        "dummy", "Dummy Open", 4, 2)
    converted = cli("convert", path, "--to", "TRF16")  # choices are not case-sensitive
    assert converted.exit_code == 0
    lines = converted.stdout.splitlines()
    assert lines[0] == "012 Dummy Open"
    assert [line[:8] for line in lines[1:]] == ["001    1", "001    2", "001    3", "001    4"]
    assert lines[1].endswith("    2 w 1") and lines[4].endswith("    3 b =")


def test_registry_derivations():
    names = [f.name for f in formats()]
    assert names[:11] == ["swissmanager", "papi", "papi-json", "json", "xml", "xlsx", "swisschess", "vega", "pgn",
                          "trf", "csv"]
    assert (output_for(".XML"), output_for(".csv"), output_for(".json"), output_for(".txt")) == (
        "xml", "csv", "json", "trf26")
    assert {"IO001", "IO002", "JSN001", "XML001", "XML002", "XML003", "CSV001", "CSV007", "SWM001", "PAP001", "PAP002",
            "PAP009"} <= unreadable_codes()


def test_a_formats_fixed_start_never_refuses_what_its_sniffer_recognises():
    """``Format.starts`` is tested before the sniffer, to spare importing other readers: it must
    only ever say no where the sniffer says no. Every file of the fixtures (all formats), and
    each with a byte-order mark and blanks before it, and a workbook (the fixtures hold none)."""
    import io

    from openpyxl import Workbook

    from trfconv.io.jet import SIGNATURE
    from trfconv.io.registry import SNIFF_BYTES, named

    files = [p for p in (ROOT / "fixtures").rglob("*") if p.is_file()]
    assert len(files) > 100
    workbook = io.BytesIO()
    Workbook().save(workbook)
    access = SIGNATURE + bytes([1]) + bytes(4096 - len(SIGNATURE) - 1)  # a Papi file's first page (none is a fixture)
    checked = {f.name: 0 for f in formats() if f.starts}
    assert set(checked) == {"papi", "papi-json", "json", "xml", "xlsx", "pgn"}
    for head in [p.read_bytes()[:SNIFF_BYTES] for p in files] + [workbook.getvalue()[:SNIFF_BYTES], access]:
        for variant in (head, b"\xef\xbb\xbf \r\n\t" + head):
            for f in formats():
                if f.starts and named(f.sniff)(variant):
                    assert f.recognises(variant), (f.name, head[:40])
                    checked[f.name] += 1
    assert all(checked.values()), checked  # each format's sniffer recognised some fixture


def test_recognising_a_trf_file_imports_no_other_reader():
    import subprocess
    import sys

    code = ("import sys; from trfconv.io.registry import detect_format; detect_format(b'012 x\\n001    1'); "
            "print(sorted(m for m in ('trfconv.io.json_io', 'trfconv.io.xml_read', 'trfconv.io.xlsx_read', "
            "'trfconv.io.pgn', 'trfconv.io.csv_read') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
