"""Reading and writing back: the model survives, our own output is a fixed point, and a file in
canonical form comes back byte for byte."""

from __future__ import annotations

import paths
import pytest
from trfbuild import as_trf

import trfconv

FIXTURES = paths.FIXTURES
CORPUS = sorted((FIXTURES / "trf").glob("*.trf"))


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_trf26_round_trip_gives_the_same_model_and_stable_bytes(path):
    t = trfconv.read(path)
    first, diagnostics = trfconv.dumps(t, "trf26")
    again = trfconv.reads(first)
    assert again == as_trf(t)
    second, _ = trfconv.dumps(again, "trf26")
    assert second == first
    assert not any(d.severity.value == "error" for d in diagnostics)
    # everything the reader kept verbatim is written back
    for extra in t.extras:
        assert extra.text.replace("\t", " ") in first.decode("utf-8").splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_json_round_trip_is_lossless(path):
    t = trfconv.read(path)
    data, _ = trfconv.dumps(t, "json")
    back = trfconv.reads(data)
    assert back == t
    assert back.source.format == "json"
    assert trfconv.dumps(back, "trf26")[0] == trfconv.dumps(t, "trf26")[0]


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_trf16_output_is_stable(path):
    t = trfconv.read(path)
    first, _ = trfconv.dumps(t, "trf16")
    again = trfconv.reads(first)
    assert trfconv.dumps(again, "trf16")[0] == first
    assert [p.rounds for p in again.players] == [p.rounds for p in as_trf(t, "trf16").players]
    assert again.scores == t.scores


def test_canonical_file_comes_back_byte_identical():
    """fixtures/canonical/trf26-individual.trf is a TRF-2026 file in canonical form (CRLF, UTF-8,
    records in order, every value in its columns): read and written back, nothing changes."""
    path = FIXTURES / "canonical" / "trf26-individual.trf"
    original = path.read_bytes()
    t = trfconv.read(path)
    assert not t.diagnostics
    assert trfconv.dumps(t, "trf26")[0] == original


def test_canonical_team_file_comes_back_byte_identical():
    path = FIXTURES / "canonical" / "trf26-team.trf"
    original = path.read_bytes()
    t = trfconv.read(path)
    assert trfconv.dumps(t, "trf26")[0] == original
    assert len(t.teams) == 5


def test_trf16_writes_javafo_lines_and_reports_what_it_drops():
    t = trfconv.read(FIXTURES / "trf" / "Sharly-Chess__sharly-chess__trf-import-test.trf")
    data, diagnostics = trfconv.dumps(t, "trf16")
    text = data.decode()
    assert "XXR 5\r\n" in text and "XXC black1\r\n" in text
    assert "\r\n142 " not in text and "\r\n192 " not in text
    dropped = [d.message for d in diagnostics if d.code == "WRT004"]
    assert any("192" in m for m in dropped) and any("FRA national rating" in m for m in dropped)
    assert any("240" in m for m in dropped)
