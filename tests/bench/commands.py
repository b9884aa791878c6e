"""Benchmark of whole ``trfconv`` processes on generated Swiss events: ``check``, ``validate``,
``report`` (text and HTML), ``convert`` (TRF-2026, JSON, XML, CSV) and ``standings`` (four
tie-breaks, and the 21 the differential tests compare, against FIDE TEC's checker gacrux).

Run it from the checkout, after ``pip install ".[test]"``, as::

    python tests/bench/commands.py                          # 1000 and 9999 players, 11 rounds
    python tests/bench/commands.py --sizes 9999 --repeat 5 --only report,xml

Not part of the test suite (pytest does not collect ``tests/bench``). Each run is a fresh
process, timed as wall clock, with the peak resident memory of that process (``os.wait4``),
best of ``--repeat``. Files come from ``tests/helpers/swissbuild.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))  # the generator
from swissbuild import generate_swiss_trf  # noqa: E402

#: The 21 tie-breaks the differential tests compare (unrated players at 1400).
TIEBREAKS = ["PTS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "BH/C1", "BH/M1", "FB", "AOB", "SB",
             "SB/C1", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "DE"]
#: name -> trfconv arguments after the file (the output, when there is one, goes to a temporary file).
COMMANDS = {
    "check": ["check"],
    "validate": ["validate"],
    "report": ["report", "-o", "{out}.txt"],
    "report-html": ["report", "--format", "html", "-o", "{out}.html"],
    "trf26": ["convert", "-o", "{out}.trf"],
    "json": ["convert", "-o", "{out}.json"],
    "xml": ["convert", "-o", "{out}.xml"],
    "csv": ["convert", "-o", "{out}.csv"],
    "standings": ["standings", "-t", "BH,BH/C1,SB", "--format", "csv"],
    "standings-21": ["standings", "-t", ",".join(TIEBREAKS), "--unrated", "1400", "--format", "csv"],
}


def run(command: list[str]) -> tuple[float, float]:  # float ok: timings
    """(wall seconds, peak MB) of one process; fails loudly on a crash (exit 0 and 1 are answers)."""
    wall, _, peak = measure(command)
    return wall, peak


def measure(command: list[str]) -> tuple[float, float, float]:  # float ok: timings
    """(wall seconds, CPU seconds (user + system), peak MB) of one process: the CPU time stays
    near what an idle machine's wall time would be when other jobs load it."""
    with tempfile.TemporaryFile() as errors:  # a pipe would fill up and block the child
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"{' '.join(command)} failed ({code}): {errors.read().decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def best(command: list[str], repeat: int) -> tuple[float, float]:  # float ok: timings
    runs = [run(command) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def trfconv(path: Path, name: str, out: str) -> list[str]:
    first, *rest = COMMANDS[name]
    return [sys.executable, "-m", "trfconv", first, str(path), *(a.format(out=out) for a in rest)]


def gacrux(path: Path) -> list[str]:
    return [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-b", "utf-8", "-u", "1400",
            "-d", "C", "-t", *TIEBREAKS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/bench/commands.py", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,9999")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default=",".join(COMMANDS), help="commands to time (comma-separated)")
    parser.add_argument("--gacrux-max", type=int, default=1000, help="time gacrux's standings up to this size")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n]
    print(f"{'players':>8} {'command':<13} {'wall':>8} {'peak MB':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(s) for s in args.sizes.split(",")):
            path = Path(folder) / f"swiss-{size}.trf"
            path.write_text(generate_swiss_trf(size, args.rounds, 1), encoding="utf-8", newline="")
            for name in names:
                wall, peak = best(trfconv(path, name, str(Path(folder) / f"out-{size}")), args.repeat)
                print(f"{size:>8} {name:<13} {wall:>7.3f}s {peak:>8.1f}", flush=True)
            if "standings-21" in names and size <= args.gacrux_max:
                wall, peak = best(gacrux(path), 1)
                print(f"{size:>8} {'gacrux-21':<13} {wall:>7.3f}s {peak:>8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
