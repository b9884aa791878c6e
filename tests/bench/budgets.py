"""The speed budgets, measured side by side in one run (the machine may be loaded: only
figures taken in the same run compare).

Run it from the checkout, after ``pip install ".[test]"``, as::

    python tests/bench/budgets.py                 # 9,999 players x 11 rounds, best of 5
    python tests/bench/budgets.py --repeat 9 --players 9999

Each round runs every process once, in turn (the ``trf`` package's whole parse, ``trfconv
check``, the HTML rating report, ``convert`` to XML, standings with BH, BH/C1, SB), so that a
load that comes and goes touches them alike; the best wall time of each over the rounds, and the
peak memory, are compared with the budgets:

- ``check`` at most 1.5 times the ``trf`` package's whole parse (a process that only parses),
- the HTML rating report at most 1.5 s, XML at most 1.2 s and 120 MB, standings at most 1.0 s.

Not part of the test suite (pytest does not collect ``tests/bench``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the generator
sys.path.insert(0, str(Path(__file__).resolve().parent))
from commands import run  # noqa: E402
from swissbuild import generate_swiss_trf  # noqa: E402

#: name -> (arguments after ``python``, budget: seconds or a ratio to ``trf``, MB or None)
PROCESSES = {
    "trf": (["-c", "import sys, trf; trf.load(open(sys.argv[1], encoding='utf-8'))", "{file}"], None, None),
    "check": (["-m", "trfconv", "check", "{file}"], ("x trf", 1.5), None),
    "report-html": (["-m", "trfconv", "report", "{file}", "--format", "html", "-o", "{out}.html"], ("s", 1.5), None),
    "xml": (["-m", "trfconv", "convert", "{file}", "-o", "{out}.xml"], ("s", 1.2), 120),
    "standings": (["-m", "trfconv", "standings", "{file}", "-t", "BH,BH/C1,SB", "--format", "csv"], ("s", 1.0), None),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/bench/budgets.py", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=9999)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "swiss.trf"
        path.write_text(generate_swiss_trf(args.players, args.rounds, 1), encoding="utf-8", newline="")
        out = str(Path(folder) / "out")
        best: dict[str, float] = {}  # float ok: timings
        peak: dict[str, float] = {}  # float ok: timings
        for _ in range(args.repeat):
            for name, (command, _, _) in PROCESSES.items():
                wall, mb = run([sys.executable, *(a.format(file=path, out=out) for a in command)])
                best[name] = min(best.get(name, wall), wall)
                peak[name] = max(peak.get(name, mb), mb)
    print(f"{args.players} players x {args.rounds} rounds, best of {args.repeat} (side by side)")
    failed = 0
    for name, (_, budget, memory) in PROCESSES.items():
        line = f"{name:<12} {best[name]:7.3f} s {peak[name]:7.1f} MB"
        if budget:
            unit, limit = budget
            value = best[name] / best["trf"] if unit == "x trf" else best[name]
            ok = value <= limit and (memory is None or peak[name] <= memory)
            failed += not ok
            line += f"   {value:.2f} {unit} (budget {limit}{' ' + unit if unit == 's' else unit}" + \
                    (f", {memory} MB" if memory else "") + f"): {'ok' if ok else 'OVER'}"
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
