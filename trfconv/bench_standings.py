"""Benchmark of the whole ``trfconv standings`` process against FIDE TEC's checker (gacrux).

Run it as::

    python -m trfconv.bench_standings                    # 1000, 2500, 5000, 9999 players, 11 rounds
    python -m trfconv.bench_standings --sizes 1000 --repeat 1 --gacrux-max 1000

Not part of the test suite. Files come from :func:`trfconv.bench.generate_swiss_trf`; each run is
a fresh process (``python -m trfconv standings FILE -t … --format csv``), timed as wall clock and
as CPU time of the child (user + system), best of ``--repeat``. Every tie-break the differential
tests compare is computed, with unrated players at 1400 so that the rating-based ones are defined.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .bench import generate_swiss_trf

TIEBREAKS = ["PTS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "BH/C1", "BH/M1", "FB", "AOB", "SB",
             "SB/C1", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "DE"]


def _run(command: list[str]) -> tuple[float, float]:  # float ok: timings
    """(wall seconds, child CPU seconds) of one process; fails loudly on a non-zero exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr[-500:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _best(command: list[str], repeat: int) -> tuple[float, float]:  # float ok: timings
    runs = [_run(command) for _ in range(repeat)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def trfconv_command(path: Path) -> list[str]:
    return [sys.executable, "-m", "trfconv", "standings", str(path), "-t", ",".join(TIEBREAKS),
            "--unrated", "1400", "--format", "csv"]


def gacrux_command(path: Path) -> list[str]:
    return [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-b", "utf-8", "-u", "1400",
            "-d", "C",
            "-t", *TIEBREAKS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trfconv.bench_standings", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,2500,5000,9999")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--gacrux-max", type=int, default=1000, help="time gacrux up to this size (slow)")
    args = parser.parse_args(argv)
    print(f"{'players':>8} {'rounds':>6} {'trfconv wall':>13} {'cpu':>6} {'us/(p*r) cpu':>13} {'gacrux wall':>12} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(s) for s in args.sizes.split(",")):
            path = Path(folder) / f"swiss-{size}.trf"
            path.write_text(generate_swiss_trf(size, args.rounds, 1), encoding="utf-8", newline="")
            wall, cpu = _best(trfconv_command(path), args.repeat)
            per = cpu / (size * args.rounds) * 1e6
            line = f"{size:>8} {args.rounds:>6} {wall:>12.3f}s {cpu:>5.2f}s {per:>13.2f}"
            if size <= args.gacrux_max:
                g_wall, _ = _best(gacrux_command(path), 1)
                line += f" {g_wall:>11.2f}s {g_wall / wall:>6.1f}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
