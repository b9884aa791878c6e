"""Benchmark of the rating period: a generated month of events rated as one period.

    python tests/bench/period_bench.py [--events 1000] [--min 20] [--max 300] [--list-players 0] [--dir DIR]

It writes, in a temporary folder (or DIR), ``--events`` Swiss tournaments of 9 rounds (March
2026) of between ``--min`` and ``--max`` players each (tests/swissbuild.py; every player line
given a FIDE ID of its own), then times the whole process ``trfconv period FOLDER --period 2026-04
--format csv -o period.csv`` (wall time and peak memory, from ``wait4``). With ``--list-players N``
it first writes and imports a synthetic FIDE list of N players (tests/bench/ratinglist_bench.py;
the full list is 1,932,867), gives the events' players FIDE IDs from it, and times the period
with ``--list``: each event rated on the list in force at its start, the rating before the
period and K from the previous list. It prints a table. Nothing is written into the repository,
and pytest does not collect this file.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from ratinglist_bench import players as list_players  # noqa: E402
from ratinglist_bench import run, write_lists  # noqa: E402
from swissbuild import generate_swiss_trf  # noqa: E402

ROUNDS = 9
PERIOD = "2026-04"  # the generated events are played from 1 March 2026


def write_events(folder: Path, count: int, low: int, high: int, ids) -> int:
    """``count`` event files; each player line gets the next FIDE ID from ``ids``. Returns the
    number of player lines."""
    rng = random.Random(f"period-bench/{count}/{low}/{high}")
    lines = 0
    for i in range(count):
        size = rng.randint(low, high)
        text = generate_swiss_trf(size, ROUNDS, seed=i)
        out = []
        for line in text.split("\r\n"):
            if line.startswith("001 "):
                line = f"{line[:57]}{next(ids):>11}{line[68:]}"
                lines += 1
            elif line.startswith("012 "):
                line = f"012 trfconv period benchmark {i + 1:04d}"
            out.append(line)
        (folder / f"event{i + 1:04d}.trf").write_text("\r\n".join(out), encoding="utf-8", newline="")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--min", type=int, default=20)
    parser.add_argument("--max", type=int, default=300)
    parser.add_argument("--list-players", type=int, default=0, help="players of the synthetic list (0: no list)")
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="trfconv-period-"))
    events = folder / "events"
    shutil.rmtree(events, ignore_errors=True)
    events.mkdir(parents=True)
    rows = []
    command = [sys.executable, "-m", "trfconv", "period", str(events), "--period", PERIOD, "--format", "csv",
               "-o", str(folder / "period.csv")]
    if args.list_players:
        people = list_players(args.list_players)
        paths = write_lists(folder, people, xml=False)
        db = folder / "lists.sqlite"
        db.unlink(missing_ok=True)
        seconds, mb, status, _ = run([sys.executable, "-m", "trfconv", "list", "import", str(paths["txt"]),
                                      "--date", "2026-03", "--db", str(db)])
        rows.append((f"list import, {len(people):,} players", seconds, mb, status))
        ids = iter([p.fide_id for p in people] * 2)
        command += ["--list", "--db", str(db)]
    else:
        ids = iter(range(10_000_001, 99_999_999))
    started = time.perf_counter()
    lines = write_events(events, args.events, args.min, args.max, ids)
    print(f"wrote {args.events} events, {lines:,} player lines in {time.perf_counter() - started:.1f} s ({folder})")
    seconds, mb, status, output = run(command)
    rows.append((f"trfconv period, {args.events} events" + (" --list" if args.list_players else ""),
                 seconds, mb, status))
    print(output.splitlines()[-1] if output else "")
    print(f"{'what':<48} {'wall s':>8} {'peak MB':>8} {'exit':>5}")
    for what, seconds, mb, status in rows:
        print(f"{what:<48} {seconds:>8.1f} {mb:>8.0f} {status:>5}")
    if args.dir is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
