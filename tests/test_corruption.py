"""Issue 14, "Done means": for random corruptions of real files, ``validate``, ``report``,
``standings`` and ``norms`` either exit 0 with no error-severity diagnostic, or exit non-zero; never 0 with an
error, never an internal error (3). The corruptions are the ones files suffer on their way to a
rating officer: a line lost, doubled or swapped, a line shifted by one column, a byte changed, a
file cut short."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import FIXTURES

import trfconv
from trfconv.diagnostics import Severity

SAMPLES = {
    "trf": FIXTURES / "trf" / "sanichi__icu_tournament__valid.trf",
    "team-trf": FIXTURES / "trf" / "MarkDechamps__fide-swiss-pairing-engine__team-tie-breaks-roundrobin.trf",
    "xml": FIXTURES / "crosstables" / "chess-results-upload_Team_RoundRobin.xml",
    "csv": FIXTURES / "crosstables" / "ChristerNilsson__2026__seniorschack-km-2026.chess-results.csv",
}
COMMANDS = {
    "validate": ("validate", "--json"),
    "report": ("report", "--format", "json"),
    "standings": ("standings", "--json"),
    "norms": ("norms", "--json"),
}


def corrupt(data: bytes, how: str, a: int, b: int, byte: int) -> bytes:
    """``data`` with one corruption; ``a`` and ``b`` pick lines or offsets."""
    lines = data.split(b"\n")
    i, j = a % len(lines), b % len(lines)
    if how == "drop line":
        del lines[i]
    elif how == "double line":
        lines.insert(i, lines[i])
    elif how == "swap lines":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "shift line":
        lines[i] = b" " + lines[i]
    elif how == "change byte":
        k = a % len(data)
        return data[:k] + bytes([byte]) + data[k + 1:]
    elif how == "cut":
        return data[:a % len(data)]
    return b"\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("sample", SAMPLES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(["drop line", "double line", "swap lines", "shift line", "change byte", "cut"]),
       a=st.integers(0, 10**6), b=st.integers(0, 10**6), byte=st.integers(0, 255))
def test_a_corrupted_file_never_passes_with_an_error(cli, tmp_path, sample, command, how, a, b, byte):
    source = SAMPLES[sample]
    path = tmp_path / f"corrupt{source.suffix}"
    path.write_bytes(corrupt(source.read_bytes(), how, a, b, byte))
    result = cli(*COMMANDS[command][:1], path, *COMMANDS[command][1:])
    assert result.exit_code in (0, 1, 2), result.stderr
    if result.exit_code != 0:
        return
    document = json.loads(result.stdout)
    assert document["errors"] == [] and not document["defective"]
    errors = [d for d in trfconv.read(path).diagnostics if d.severity is Severity.ERROR]
    assert errors == [], f"{command} exit 0 on a file with errors: {errors[:3]}"
