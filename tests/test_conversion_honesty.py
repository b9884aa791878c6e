"""What a conversion writes is what it says, and only what the target format defines (issue 24):
the players counted are the players written, points and ranks are written, and the writers
write nothing that TRF16/TRF-2026 do not define."""

from __future__ import annotations

from dataclasses import replace

import paths
import pytest

import trfconv
from trfconv.rules.tiebreaks.declare import with_standings

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


TUNX = NATIVE / "swissmanager" / "echecsjs__tunx__2023_elllobregat_a_753347.TUNX"
PGN = b"\n".join(p.read_bytes() for p in sorted((NATIVE / "pgn").glob("*.pgn")))


@pytest.mark.parametrize("suffix", [".trf", ".xml", ".csv"])
def test_a_native_file_converted_gets_its_points_and_ranks(cli, tmp_path, suffix):
    """Swiss-Manager stores no points or ranks: the conversion writes trfconv's standings (the
    same as ``trfconv standings`` prints), says so (WRT007), and the output reads back with them."""
    out = tmp_path / f"a{suffix}"
    result = cli("convert", TUNX, "-o", out)
    assert result.exit_code == 0, result.output
    assert "WRT007" in result.stderr
    back = trfconv.read(out)
    ranked = trfconv.standings(trfconv.read(TUNX))
    assert {p.start_number: (p.points, p.rank) for p in back.players} == \
        {r.player.start_number: (r.values[0], r.rank) for r in ranked.rows}
    assert cli("check", out).exit_code == 0


def test_a_pgn_converted_gets_its_points_and_ranks(cli, tmp_path):
    source = tmp_path / "event.pgn"
    source.write_bytes(PGN)
    out = tmp_path / "a.trf"
    assert cli("convert", source, "-o", out).exit_code == 0
    back = trfconv.read(out)
    assert all(p.points is not None and p.rank is not None for p in back.players)
    assert sorted(p.rank for p in back.players)[0] == 1


def test_a_team_event_says_its_players_ranks_cannot_be_filled(cli, tmp_path):
    team = NATIVE / "swt" / "fnogatz__swtparser.js__SwissTeam.SWT"
    t = trfconv.read(team)
    bare = replace(t, players=tuple(replace(p, points=None, rank=None) for p in t.players))
    filled, said = with_standings(bare)
    assert [d.code for d in said] == ["WRT007", "WRT004"] and "team event ranks teams" in said[1].message
    assert all(p.points is not None and p.rank is None for p in filled.players)
