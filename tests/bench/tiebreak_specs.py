"""Time the tie-break spec scanner on adversarial and random specs (on demand, not in the suite)::

    python tests/bench/tiebreak_specs.py [--count 20000]

The budget of issue 15: every spec of up to 200 characters parsed in under 10 ms. Prints the
slowest spec of each kind and its time; exit 1 when one is over the budget."""

from __future__ import annotations

import argparse
import random
import sys
import time

from trfconv.rules.tiebreaks.spec import parse

BUDGET_SECONDS = 0.010
_ALPHABET = "BHSCMKLPRUDFTAOWINPTS_:/-+.!0123456789 "


def adversarial() -> list[str]:
    """Specs shaped to make a backtracking parser explode, each at most 200 characters."""
    return [("BH" + "/L5" * 66)[:199] + "!", ("KS" + "/L+1" * 49)[:199] + ".", "BH" + "-L5" * 66 + "!",
            "BH" + "/C" + "9" * 196, "BH:MP" + "/L" * 97 + "!", ("BH" + "/L5/L+5.5" * 25)[:199] + "/"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(1)
    kinds = {"adversarial": adversarial(),
             "random": ["".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 200))) for _ in range(args.count)]}
    parse("BH/C1")  # the tie-break registry is loaded once, on first use
    over = 0
    for kind, specs in kinds.items():
        slowest, worst = 0.0, ""
        for spec in specs:
            spent = float("inf")
            for _ in range(3):  # the best of three: the scanner's time, not the machine's hiccups
                start = time.perf_counter()
                parse(spec)
                spent = min(spent, time.perf_counter() - start)
            if spent > slowest:
                slowest, worst = spent, spec
            over += spent > BUDGET_SECONDS
        print(f"{kind}: {len(specs):,} specs, slowest {slowest * 1000:.3f} ms ({worst[:40]!r}…)")
    print(f"over the {BUDGET_SECONDS * 1000:.0f} ms budget: {over}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
