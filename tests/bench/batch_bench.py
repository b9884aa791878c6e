"""Benchmark of a rating officer's month (issue 17): a generated month of events (20 to 300
players, about 100 player lines on average per event) checked, validated and reported as one
batch, whole processes, with one worker and with two.

Run it from the checkout, after ``pip install ".[test]"``, as::

    python tests/bench/batch_bench.py                 # 1,000 events
    python tests/bench/batch_bench.py --events 200

Not part of the test suite. Wall clock and the peak resident memory of the parent and its
workers (``os.wait4`` on the whole command: RUSAGE_CHILDREN of the process tree's largest)."""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))  # the generator
from swissbuild import generate_swiss_trf  # noqa: E402


def month(folder: Path, events: int, seed: int = 7) -> int:
    """Write ``events`` generated Swiss events of 20 to 300 players; the number of player lines."""
    rng = random.Random(seed)
    lines = 0
    for i in range(events):
        players = rng.choice([20, 30, 40, 60, 80, 100, 150, 200, 300]) if rng.random() < 0.5 else rng.randint(20, 120)
        rounds = min(9, max(5, players.bit_length()))
        (folder / f"event{i:04d}.trf").write_text(generate_swiss_trf(players, rounds, seed=i), "utf-8")
        lines += players
    return lines


def timed(args: list[str]) -> tuple[float, int, int]:
    """Seconds, exit code and peak resident memory (MB) of ``trfconv ARGS`` and its workers."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "trfconv", *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, os.waitstatus_to_exitcode(status), usage.ru_maxrss // 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=1000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "month"
        folder.mkdir()
        start = time.perf_counter()
        lines = month(folder, options.events)
        print(f"{options.events} events, {lines:,} player lines generated in {time.perf_counter() - start:.1f} s")
        out = Path(work) / "out"
        out.mkdir()
        for name, args in (("check", ["check", str(folder)]), ("validate", ["validate", str(folder)]),
                           ("report", ["report", str(folder), "-o", str(out)])):
            for jobs in (1, 2):
                seconds, code, peak = timed([*args, "--jobs", str(jobs)])
                print(f"{name:<9} --jobs {jobs}: {seconds:6.1f} s, exit {code}, peak {peak} MB per process, "
                      f"{options.events / seconds:5.1f} events/s")


if __name__ == "__main__":
    main()
