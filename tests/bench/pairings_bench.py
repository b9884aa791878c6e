"""Benchmark, run on demand (not collected): ``trfconv pairings`` against FIDE TEC's reference
Dutch engine (gacrux, a test dependency).

1. The differential run: tournaments drawn by ``tests/helpers/dutchbuild.py`` (10 to 300 players, 5 to 11
   rounds, byes, forfeits, late entries, withdrawals, forbidden pairs, Baku acceleration), each
   round paired by gacrux; trfconv re-pairs every round from the file and compares, colours
   included. Prints tournaments, rounds, identical, explained (a difference that a reading listed
   in docs/pairings.md accounts for), unexplained, and the seeds of the unexplained ones.

       python tests/bench/pairings_bench.py --tournaments 1000 --jobs 2 --cache /tmp/dutch

   ``--cache DIR`` keeps the generated files (gacrux's pairing is the slow part): a second run
   checks them again without pairing them again.

2. Side by side: the whole process (``trfconv pairings FILE`` against ``python -m
   gacrux.pairingchecker -c -i FILE``, and ``bbpPairings --dutch FILE -c`` when ``--bbp`` names a
   binary built from its public source) on the same events, best of ``--repeat`` runs.

       python tests/bench/pairings_bench.py --speed FILE... [--bbp PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))


def one(seed: int, cache: str | None) -> dict:
    """Generate (or read back) tournament ``seed`` and check it: its figures."""
    import dutchbuild

    import trfconv
    from trfconv.rules.swiss.check import RoundVerdict, check_pairings
    from trfconv.rules.progress import progress

    path = Path(cache) / f"dutch-{seed:05d}.trf" if cache else None
    started = time.perf_counter()
    if path is not None and path.exists():
        text = path.read_text("utf-8")
        generated = 0.0
    else:
        spec, text = dutchbuild.generate(seed)
        generated = time.perf_counter() - started
        if path is not None:
            path.write_text(text, "utf-8")
    t = trfconv.reads(text.encode("utf-8"))
    started = time.perf_counter()
    stopped = progress(t).last_paired < t.event.declared_rounds  # gacrux found no legal pairing for the next round
    check = check_pairings(t, next_round=stopped)
    checked = time.perf_counter() - started
    rounds = len(check.rounds)
    same = check.count(RoundVerdict.SAME)
    different = [(r.round, r.verdict.value, r.difference.text if r.difference else "; ".join(r.reasons))
                 for r in check.rounds if r.verdict is not RoundVerdict.SAME]
    if stopped:  # a round neither engine can pair: the same answer
        rounds += 1
        if check.next.pairing is None and check.next.reasons[0].startswith("no pairing meets the absolute criteria"):
            same += 1
        else:
            different.append((check.next.round, "paired where gacrux finds no legal pairing", ""))
    return {"seed": seed, "players": len(t.players), "rounds": rounds, "same": same, "explained": 0,
            "unexplained": different, "generated": generated, "checked": checked, "stopped": stopped}


def differential(count: int, first: int, jobs: int, cache: str | None) -> None:
    if cache:
        os.makedirs(cache, exist_ok=True)
    totals = {"tournaments": 0, "rounds": 0, "same": 0, "explained": 0, "unexplained": 0, "no legal pairing": 0}
    bad = []
    checked = []
    with ProcessPoolExecutor(jobs) as pool:
        for result in pool.map(one, range(first, first + count), [cache] * count):
            totals["tournaments"] += 1
            totals["rounds"] += result["rounds"]
            totals["same"] += result["same"]
            totals["explained"] += result["explained"]
            totals["unexplained"] += len(result["unexplained"])
            totals["no legal pairing"] += result["stopped"]
            checked.append(result["checked"])
            if result["unexplained"]:
                bad.append((result["seed"], result["unexplained"]))
            if totals["tournaments"] % 50 == 0:
                print(f"... {totals}", flush=True)
    print(f"tournaments {totals['tournaments']}, rounds {totals['rounds']}, identical {totals['same']}, "
          f"explained {totals['explained']}, unexplained {totals['unexplained']} (rounds for which both find no legal "
          f"pairing, counted as identical: {totals['no legal pairing']})")
    print(f"trfconv check per tournament: median {statistics.median(checked):.3f} s, max {max(checked):.3f} s")
    for seed, rounds in bad:
        print(f"  seed {seed}: {rounds}")


def timed(command: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False)
        best = min(best, time.perf_counter() - started)
    return best


def speed(files: list[str], bbp: str | None, repeat: int) -> None:
    python = sys.executable
    print(f"{'file':40} {'trfconv':>9} {'gacrux':>9} {'bbp':>9}  ratio gacrux/trfconv")
    for f in files:
        ours = timed([python, "-m", "trfconv", "pairings", f], repeat)
        theirs = timed([python, "-m", "gacrux.pairingchecker", "-c", "-i", f], repeat)
        bbp_time = timed([bbp, "--dutch", f, "-c"], repeat) if bbp else None
        print(f"{Path(f).name[:40]:40} {ours:9.2f} {theirs:9.2f} {bbp_time if bbp_time is None else f'{bbp_time:9.2f}':>9}"
              f"  {theirs / ours:.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cache", help="a folder keeping the generated files")
    parser.add_argument("--speed", nargs="+", metavar="FILE", help="time the whole process on these files instead")
    parser.add_argument("--bbp", help="a bbpPairings binary, built from its public source (never committed)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.speed:
        speed(args.speed, args.bbp, args.repeat)
    else:
        differential(args.tournaments, args.first, args.jobs, args.cache)


if __name__ == "__main__":
    main()
