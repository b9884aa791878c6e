"""Run the fuzz target of ``tests/helpers/fuzzing.py`` long, on demand (not part of the suite)::

    python tests/bench/fuzz.py --examples 100000 [--seed 1]

Each input is read and written in every format; an exception is a finding, printed with the
input that raised it (shortened), and the run goes on. At the end: inputs run, findings, time."""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))  # the target

from fuzzing import exercise, hostile_inputs  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    counts = {"inputs": 0, "findings": 0}
    seen: set[str] = set()

    @seed(args.seed)
    @settings(max_examples=args.examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(hostile_inputs())
    def run(data: bytes) -> None:
        counts["inputs"] += 1
        try:
            exercise(data)
        except Exception as err:  # noqa: BLE001 - every exception is a finding
            counts["findings"] += 1
            where = traceback.extract_tb(err.__traceback__)[-1]
            key = f"{type(err).__name__} at {where.filename}:{where.lineno}"
            if key not in seen:
                seen.add(key)
                print(f"finding: {key}: {str(err)[:200]}\n  input: {data[:300]!r}", flush=True)

    start = time.perf_counter()
    run()
    print(f"{counts['inputs']:,} inputs, {counts['findings']} findings ({len(seen)} distinct), "
          f"{time.perf_counter() - start:.0f} s")
    return 1 if counts["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
