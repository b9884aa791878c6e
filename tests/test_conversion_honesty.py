"""What a conversion writes is what it says, and only what the target format defines (issue 24):
the players counted are the players written, points and ranks are written, and the writers
write nothing that TRF16/TRF-2026 do not define."""

from __future__ import annotations

import paths

import trfconv

NATIVE = paths.FIXTURES / "native"
SWT = NATIVE / "swt" / "fnogatz__swtparser.js__SwissIndividual.SWT"


def _nameless_swt(tmp_path):
    """The Swiss-Chess sample with every player's name blanked (a damaged file: 24 players, no names)."""
    t = trfconv.read(SWT)
    data = SWT.read_bytes()
    for p in t.players:
        name = p.name.replace(", ", ",").encode("latin-1")
        data = data.replace(name, b" " * len(name))
    path = tmp_path / "damaged.SWT"
    path.write_bytes(data)
    return path


def test_the_count_said_is_the_players_written(cli, tmp_path):
    out = tmp_path / "a.csv"
    result = cli("convert", _nameless_swt(tmp_path), "-o", out)
    assert result.exit_code == 0, result.output
    assert sum(1 for line in out.read_text().splitlines() if line[:1].isdigit()) == 0
    assert result.stderr.splitlines()[-1].endswith(", 0 players")
    assert "cannot hold 24 player(s) (1, 2, 3, 4, 5 …)" in result.output
