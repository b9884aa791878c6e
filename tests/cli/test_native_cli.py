"""The pairing programs' own files feed every command with no other change: one file of each
new format through ``info``, ``check``, ``validate``, ``report``, ``standings`` and
``convert``; Vega's ``.vegz`` is a file not read (exit 2) with its one sentence."""

from __future__ import annotations

import paths
import pytest

NATIVE = paths.FIXTURES / "native"
FILES = {
    "swisschess": NATIVE / "swt" / "fnogatz__swtparser.js__SwissTeam.SWT",
    "vega": NATIVE / "vega" / "made__byes-forfeits-crosstable.txt",
    "pgn": NATIVE / "pgn" / "samuraitruong__vegachess-html-generator__www_Sample_Tournament5.pgn",
}


@pytest.mark.parametrize("fmt", FILES)
@pytest.mark.parametrize("command", ["info", "check", "validate", "report", "standings"])
def test_every_command_reads_the_new_formats(cli, fmt, command):
    result = cli(command, FILES[fmt])
    assert result.exit_code in (0, 1), result.output  # 1: findings, never "not read" (2) or a crash
    assert "Traceback" not in result.output


@pytest.mark.parametrize("fmt", FILES)
def test_convert_writes_trf26_with_every_player(cli, fmt):
    result = cli("convert", FILES[fmt], "--to", "trf26")
    assert result.exit_code == 0, result.output
    players = {"swisschess": 83, "vega": 7, "pgn": 6}[fmt]
    assert sum(1 for line in result.stdout.splitlines() if line.startswith("001 ")) == players


def test_formats_lists_them_and_a_vegz_is_not_read(cli):
    listed = cli("formats").stdout
    assert all(f"  {name} " in listed for name in FILES)
    result = cli("check", NATIVE / "vega" / "samuraitruong__vegachess-html-generator__Sample_Tournament.vegz")
    assert result.exit_code == 2 and "VEG001" in result.output and "TRF" in result.output
