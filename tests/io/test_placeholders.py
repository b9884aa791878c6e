"""A FIDE id written as dashes (``-----------``, as some pairing programs write "none") is no
FIDE id: every reader that reads ids takes it as empty with one warning (FID001), the standings
are not withheld, and no output copies it (issue 24)."""

from __future__ import annotations

import paths
import pytest

import trfconv

TRF = paths.FIXTURES / "trf" / "pypi__fidereport__example1.trf"
XML = paths.FIXTURES / "crosstables" / "chess-results-upload_Single_SwissSystem.xml"
PGN = paths.FIXTURES / "native" / "pgn" / "samuraitruong__vegachess-html-generator__www_Sample_Tournament1.pgn"
DASHES = "-" * 11


def _dashed(data: bytes, id_as_written: str, fide_id: str) -> bytes:
    """``data`` with its one ``id_as_written`` (naming ``fide_id``) naming dashes instead."""
    assert data.count(id_as_written.encode()) == 1
    return data.replace(id_as_written.encode(), id_as_written.replace(fide_id, DASHES).encode())


def _trf() -> bytes:
    return _dashed(TRF.read_bytes(), "    3400042 ", "    3400042")  # columns 58-68


def _csv() -> bytes:
    return _dashed(trfconv.dumps(trfconv.read(TRF), "csv")[0], ",3400042,", "3400042")


def _xml() -> bytes:
    return _dashed(XML.read_bytes(), 'fideid="24665550"', "24665550")


def _json() -> bytes:
    return _dashed(trfconv.dumps(trfconv.read(TRF), "json")[0], '"3400042"', "3400042")


def _pgn() -> bytes:
    return _dashed(PGN.read_bytes(), '[WhiteFideId "1456343"]', "1456343")


@pytest.mark.parametrize("make, suffix", [(_trf, "trf"), (_csv, "csv"), (_xml, "xml"), (_pgn, "pgn"),
                                          (_json, "json")])
def test_a_dashed_fide_id_is_no_id_with_a_warning(make, suffix):
    t = trfconv.reads(make(), path=f"x.{suffix}")
    said = [d for d in t.diagnostics if d.code == "FID001"]
    assert len(said) == 1 and said[0].severity.value == "warning" and DASHES in said[0].message
    assert not [d for d in t.diagnostics if d.severity.value == "error"]
    assert all(p.fide_id is None or p.fide_id.isdigit() for p in t.players)


@pytest.mark.parametrize("fmt", ["trf26", "trf16", "xml", "csv", "json"])
def test_no_output_copies_it(fmt):
    t = trfconv.reads(_trf(), path="x.trf")
    data, _ = trfconv.dumps(t, fmt)
    assert DASHES.encode() not in data


def test_standings_and_check_are_not_withheld(cli, tmp_path):
    source = tmp_path / "dashes.trf"
    source.write_bytes(_trf())
    assert cli("standings", source).exit_code == 0
    out = tmp_path / "out.trf"
    assert cli("convert", source, "-o", out).exit_code == 0
    assert cli("check", out).exit_code == 0
