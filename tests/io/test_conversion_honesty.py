"""What a conversion writes is what it says, and only what the target format defines (issue 24):
the players counted are the players written, points and ranks are written, and the writers
write nothing that TRF16/TRF-2026 do not define."""

from __future__ import annotations

from dataclasses import replace

import paths
import pytest
from trfbuild import HEADER, player_line, trf

import trfconv
from trfconv.io.registry import outputs, write_bytes
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


def _fixtures() -> list:
    return [p for p in sorted(paths.FIXTURES.rglob("*")) if p.is_file() and p.suffix.lower() not in (".md", ".png")]


@pytest.mark.slow
@pytest.mark.parametrize("path", _fixtures(), ids=lambda p: str(p.relative_to(paths.FIXTURES)))
def test_every_writer_counts_the_players_a_reader_of_its_output_finds(path):
    """``convert`` says how many players it wrote from the writer's own count, without reading
    its output back: for every file of the fixtures that reads, as read and with the standings
    ``convert`` fills in, in every format written, the count is what reading the bytes gives."""
    t = trfconv.read(path)
    for tournament in (t, with_standings(t)[0]):
        for name, output in outputs().items():
            written = write_bytes(tournament, name)
            back = trfconv.reads(written.data, path="out" + (output.suffixes or (".trf",))[0])
            assert written.players == len(back.players), name


@pytest.mark.parametrize("to", list(outputs()))
def test_a_player_without_a_start_number_the_output_holds_is_not_counted(cli, tmp_path, to):
    """The JSON form holds any start number; chess-results XML and CSV read back no player
    without a positive one, TRF none without one from 1 to 9999 (its four columns)."""
    t = trfconv.read(paths.FIXTURES / "tiebreak" / "tec-swiss16-rated.trf")
    odd = {1: 0, 2: -5, 3: 12345}
    source = tmp_path / "odd.json"
    trfconv.write(replace(t, players=tuple(replace(p, start_number=odd.get(p.start_number, p.start_number))
                                           for p in t.players)), source, "json")
    out = tmp_path / "out"
    result = cli("convert", source, "-o", out, "--to", to, "--lenient")
    assert result.exit_code == 0, result.output
    said = int(result.stderr.splitlines()[-1].split(", ")[-1].removesuffix(" players"))
    assert said == len(trfconv.read(out, format={"trf26": "trf", "trf16": "trf"}.get(to, to)).players)
    assert said == {"json": 16, "xml": 14, "csv": 14, "trf26": 13, "trf16": 13}[to]
    if to.startswith("trf"):  # each player lost is said, 0 as well as -5 and 12345
        lost = [line for line in result.stderr.splitlines() if "WRT003" in line and "start number" in line]
        assert [line.split("player ")[1].split(" ")[0] for line in lost] == ["0", "-5", "12345"]


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


# -- the writers write only what TRF16 and TRF-2026 define (C.04 Annex 2 3.2) ----------------------

def _event(*rounds_of: tuple[str, ...], points=("1.0", "0.0", "0.5", "0.5"), extra: tuple[str, ...] = ()):
    lines = [player_line(n, f"Player, {n}", rating=str(2000 - n), points=points[n - 1], rounds=r)
             for n, r in enumerate(rounds_of, 1)]
    return trfconv.reads(trf(*HEADER, *extra, *lines), path="x.trf")


def _blocks(data: bytes) -> list[str]:
    return [line[91:] for line in data.decode().splitlines() if line.startswith("001 ")]


def test_an_adjourned_result_is_never_written_as_x_and_162_has_no_x():
    t = _event(("   2 w 1",), ("   1 b 0",), ("   4 w X",), ("   3 b X",), extra=("162  W 3.0    D 1.0",))
    assert t.player(3).rounds[0].adjourned
    for version in ("trf26", "trf16"):
        data, said = trfconv.dumps(t, version)
        assert not any(b.rstrip().endswith("X") for b in _blocks(data))
        assert not [line for line in data.decode().splitlines() if line.startswith("162") and " X" in line]
        assert any(d.code == "WRT004" and "adjourned or unknown result (X) against 4" in d.message for d in said)
    assert _blocks(trfconv.dumps(t, "trf26")[0])[2] == "   4 w"  # a pairing without a result
    assert _blocks(trfconv.dumps(t, "trf16")[0])[2] == ""  # TRF16 has none


def test_a_pairing_without_a_result_is_not_written_into_trf16():
    t = _event(("   2 w 1", "   3 w  "), ("   1 b 0", "   4 b  "), ("   4 w =", "   1 b  "), ("   3 b =", "   2 w  "),
               points=("1.0", "0.0", "0.5", "0.5"))
    data, said = trfconv.dumps(t, "trf16")
    assert [b.rstrip() for b in _blocks(data)] == ["   2 w 1", "   1 b 0", "   4 w =", "   3 b ="]
    assert any(d.code == "WRT004" and "a pairing without a result against 3, left blank" in d.message for d in said)
    assert _blocks(trfconv.dumps(t, "trf26")[0])[0].endswith("   3 w")  # TRF-2026 keeps the round in progress


def test_a_forfeit_without_colour_gets_the_colours_of_the_start_numbers():
    t = _event(("   2 - +",), ("   1 - -",), ("   4 w 1",), ("   3 b 0",), points=("1.0", "0.0", "1.0", "0.0"))
    data, said = trfconv.dumps(t, "trf16")
    assert [b.rstrip() for b in _blocks(data)][:2] == ["   2 w +", "   1 b -"]
    assert [d.code for d in said if d.code == "WRT009"] == ["WRT009"]
    back = trfconv.reads(data, path="y.trf")
    assert not [d for d in back.diagnostics if d.severity.value == "error"]


def test_an_invalid_block_is_not_copied(cli, tmp_path):
    """``0000 - *`` is no TRF block (TRF020): the file converts only with --lenient, and the
    block is not copied into the output."""
    source = tmp_path / "star.trf"
    source.write_bytes(trf(*HEADER, player_line(1, "Player, 1", points="0.0", rounds=("0000 - *",)),
                           player_line(2, "Player, 2", points="0.0")))
    out = tmp_path / "out.trf"
    assert cli("convert", source, "-o", out).exit_code == 1 and not out.exists()
    result = cli("convert", source, "-o", out, "--lenient")
    assert result.exit_code == 0 and "WRT004" in result.stderr
    assert "0000 - *" not in out.read_text()
