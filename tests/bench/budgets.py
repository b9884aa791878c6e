"""The speed budgets, measured side by side in one run (the machine may be loaded: only
figures taken in the same run compare).

Run it from the checkout, after ``pip install ".[test]"``, as::

    python tests/bench/budgets.py                 # 9,999 players x 11 rounds, best of 5
    python tests/bench/budgets.py --repeat 9 --before ../trfconv-main   # before and after, in turn

Each round runs every process once, in turn (the ``trf`` package's whole parse, ``trfconv
check``, the HTML rating report, ``convert`` to XML, standings with BH, BH/C1, SB), so that a
load that comes and goes touches them alike; the best wall time of each over the rounds, and the
peak memory, are compared with the budgets (the CPU time, user and system, is printed too: a
loaded machine changes it least):

- ``check`` at most 1.5 times the ``trf`` package's whole parse (a process that only parses),
- the HTML rating report at most 1.5 s, XML at most 1.2 s and 120 MB, standings at most 1.0 s.

Not part of the test suite (pytest does not collect ``tests/bench``).
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

#: name -> (arguments after ``python``, budget: seconds or a ratio to ``trf``, MB or None)
PROCESSES = {
    "trf": (["-c", "import sys, trf; trf.load(open(sys.argv[1], encoding='utf-8'))", "{file}"], None, None),
    "check": (["-m", "trfconv", "check", "{file}"], ("x trf", 1.5), None),
    "report-html": (["-m", "trfconv", "report", "{file}", "--format", "html", "-o", "{out}.html"], ("s", 1.5), None),
    "xml": (["-m", "trfconv", "convert", "{file}", "-o", "{out}.xml"], ("s", 1.2), 120),
    "standings": (["-m", "trfconv", "standings", "{file}", "-t", "BH,BH/C1,SB", "--format", "csv"], ("s", 1.0), None),
}


def run(command: list[str], checkout: Path, folder: str) -> tuple[float, float, float]:  # float ok: timings
    """(wall seconds, CPU seconds, peak MB) of one process, with ``checkout``'s trfconv, run in
    ``folder`` (``python -m`` puts the working folder first on the path: run from a checkout, it
    would import that checkout's trfconv whatever PYTHONPATH says); fails loudly on a crash (exit
    0 and 1 are answers). The CPU time (user + system) is what a loaded machine changes least."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    with tempfile.TemporaryFile() as errors:  # a pipe would fill up and block the child
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env, cwd=folder)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) not in (0, 1):
            errors.seek(0)
            raise SystemExit(f"{' '.join(command)} failed: {errors.read().decode()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/bench/budgets.py", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", metavar="DIR", type=Path,
                        help="another checkout (e.g. 'git worktree' or 'git archive' of an earlier commit), run "
                             "in turn with this one: before and after side by side")
    args = parser.parse_args(argv)
    checkouts = {"after": Path(__file__).resolve().parents[2], **({"before": args.before} if args.before else {})}
    best: dict[tuple[str, str], float] = {}  # float ok: timings
    cpu: dict[tuple[str, str], float] = {}  # float ok: timings
    peak: dict[tuple[str, str], float] = {}  # float ok: timings
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "swiss.trf"
        path.write_text(generate_swiss_trf(args.players, args.rounds, 1), encoding="utf-8", newline="")
        out = str(Path(folder) / "out")
        for _ in range(args.repeat):
            for name, (command, _, _) in PROCESSES.items():
                for which, checkout in checkouts.items():
                    key = (which, name)
                    wall, used, mb = run([sys.executable, *(a.format(file=path, out=out) for a in command)], checkout,
                                         folder)
                    best[key] = min(best.get(key, wall), wall)
                    cpu[key] = min(cpu.get(key, used), used)
                    peak[key] = max(peak.get(key, mb), mb)
    print(f"{args.players} players x {args.rounds} rounds, best of {args.repeat} (side by side)")
    failed = 0
    for which in reversed(checkouts):
        for name, (_, budget, memory) in PROCESSES.items():
            key, trf = (which, name), (which, "trf")
            line = f"{which:<7}{name:<12} {best[key]:7.3f} s wall {cpu[key]:7.3f} s CPU {peak[key]:7.1f} MB"
            if budget:
                unit, limit = budget
                value = best[key] / best[trf] if unit == "x trf" else best[key]
                ok = value <= limit and (memory is None or peak[key] <= memory)
                failed += not ok and which == "after"
                line += f"   {value:.2f} {unit} (budget {limit}{' ' + unit if unit == 's' else unit}" + \
                        (f", {memory} MB" if memory else "") + f"): {'ok' if ok else 'OVER'}" + \
                        (f"; CPU {cpu[key] / cpu[trf]:.2f} x trf" if unit == "x trf" else "")
            print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
