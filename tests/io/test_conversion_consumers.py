"""A conversion is correct when the consumers that accept its input accept its output (issue 24):
every file of the corpus copied into fixtures/ (TRF, crosstables and the pairing programs' own
files) that ``convert`` writes (no error in it) gives a TRF-2026 and a TRF16 that gacrux, FIDE
TEC's reference checker (its pairing checker reads TRF with this reader), accepts. Left aside:
a TRF original gacrux refuses, an input trfconv already finds a consumer would refuse (a
diagnostic naming one, such as declared points that the results do not give, TRF033), and team
events (gacrux wants a 300 line-up record for a match with an empty board, which trfconv writes
only when the source has them)."""

from __future__ import annotations

from pathlib import Path

import paths
import pytest
from gacrux_oracle import OracleError, accepted

import trfconv
from trfconv.diagnostics import has_errors
from trfconv.eventkind import is_team_event
from trfconv.rules.tiebreaks.declare import with_standings

_SUFFIXES = {".trf", ".trfx", ".tunx", ".turx", ".tumx", ".tutx", ".swt", ".pgn", ".xml", ".csv", ".txt"}


def _inputs() -> list[Path]:
    found = [p for folder in (paths.FIXTURES / "trf", paths.FIXTURES / "native", paths.FIXTURES / "crosstables")
             for p in sorted(folder.rglob("*")) if p.suffix.lower() in _SUFFIXES]
    return [p for p in found if not p.name.endswith((".expected.md", ".pairings.txt"))]


def _gacrux_error(text: str) -> str | None:
    try:
        accepted(text)
    except OracleError as err:
        return str(err)
    return None


@pytest.mark.slow
@pytest.mark.parametrize("path", _inputs(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_gacrux_accepts_what_convert_writes(path):
    t = trfconv.read(path)
    if not t.players or has_errors(t.diagnostics):
        pytest.skip("not converted without --lenient (errors, or no players)")
    if t.source.format == "trf" and _gacrux_error(path.read_bytes().decode(t.source.encoding or "utf-8")):
        pytest.skip("gacrux refuses the original")
    refused = sorted({d.code for d in t.diagnostics if d.consumer and d.severity.value != "info"})
    if refused:
        pytest.skip(f"the input has what a consumer refuses: {', '.join(refused)}")
    if is_team_event(t):
        pytest.skip("a team event: gacrux wants 300 line-up records")
    filled, _ = with_standings(t)
    for version in ("trf26", "trf16"):
        data, _ = trfconv.dumps(filled, version)
        assert _gacrux_error(data.decode("utf-8")) is None, version
