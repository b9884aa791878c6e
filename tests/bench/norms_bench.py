"""Benchmark of the title norms.

    python tests/bench/norms_bench.py [--players 9999] [--rounds 11] [--repeat 3]

1. The whole process ``trfconv norms FILE`` (wall time and peak memory, from ``wait4``) on a
   generated Swiss of ``--players`` x ``--rounds`` (tests/swissbuild.py, women with WGM/WIM
   titles), next to ``trfconv check`` on the same file.
2. The best-subset search (1.4.1e/f) per player on a 13-round event: every player of a generated
   400-player, 13-round Swiss, each title looked at, and a hard case of the search: nine wins
   against FMs of 2000-2080 and four draws against 2650 GMs (385 sets of games for GM, none
   passing, so nothing stops the search early), timed in-process.

Nothing is written into the repository, and pytest does not collect this file.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from commands import best  # noqa: E402
from swissbuild import generate_swiss_trf  # noqa: E402

import trfconv  # noqa: E402


def process(players: int, rounds: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "swiss.trf"
        path.write_text(generate_swiss_trf(players, rounds, three_letter_titles=True), "utf-8", newline="")
        for name, args in (("check", ["check"]), ("norms", ["norms"]), ("norms --json", ["norms", "--json"])):
            wall, peak = best([sys.executable, "-m", "trfconv", *args, str(path)], repeat)
            print(f"{name:<14} {players} x {rounds}: {wall:.3f} s, {peak:.0f} MB")


def search() -> None:
    from normbuild import gm_field, norm_event, opponent

    from trfconv.rules.norms import search as searching

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r13.trf"
        path.write_text(generate_swiss_trf(400, 13, three_letter_titles=True), "utf-8", newline="")
        t = trfconv.read(path)
        calls = []
        original = searching.best

        def timed(*args):
            start = time.perf_counter()
            out = original(*args)
            calls.append(time.perf_counter() - start)
            return out

        searching.best = timed
        import trfconv.rules.norms as package

        package.best = timed
        try:
            trfconv.norms(t)
            field = [opponent(2000 + 10 * i, "FM", ("SUI", "AUT", "BEL")[i % 3]) for i in range(9)]
            worst = trfconv.norms(norm_event("1=1=1=1=11111", field + gm_field(4, rating=2650)),
                                  titles=("GM", "IM"), player=1)
        finally:
            searching.best = package.best = original
        ms = sorted(1000 * c for c in calls[:-2])
        print(f"search, 400 x 13 Swiss: {len(ms)} player-titles searched, mean {sum(ms) / len(ms):.2f} ms, "
              f"max {ms[-1]:.2f} ms")
        print(f"search, 9 wins against FMs and 4 draws against GMs: {1000 * calls[-2]:.2f} ms GM, "
              f"{1000 * calls[-1]:.2f} ms IM; credited {[n.credited_games for n in worst.players[0].results]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=9999, help="0: the search only")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    if options.players:
        process(options.players, options.rounds, options.repeat)
    search()


if __name__ == "__main__":
    main()
