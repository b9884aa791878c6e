"""Benchmark of the rating period: a generated month of events rated as one period.

    python tests/bench/period_bench.py [--events 1000] [--min 20] [--max 300] [--list-players 0]
        [--jobs N] [--dir DIR]

It writes, in a temporary folder (or DIR), ``--events`` Swiss tournaments of 9 rounds (March
2026) of between ``--min`` and ``--max`` players each (tests/helpers/swissbuild.py; every player line
given a FIDE ID of its own), then times the whole processes ``trfconv check FOLDER`` and
``trfconv period FOLDER --period 2026-04 --format csv -o period.csv`` (wall time, CPU time of the
process and its workers, and the peak memory of its largest process, from ``wait4``; ``--jobs N``
is given to both). With ``--list-players N`` it first writes and imports a synthetic FIDE list of
N players (tests/bench/ratinglist_bench.py; the full list is 1,932,867), gives the events'
players FIDE IDs from it, and times both with ``--list``: each event rated on the list in force at
its start, the rating before the period and K from the previous list. It prints a table. With
``--dir`` the events and the imported list are kept there and reused by the next run with the
same settings (the list's setup takes minutes). Nothing is written into the repository, and
pytest does not collect this file.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "helpers"))
sys.path.insert(0, str(HERE))

from ratinglist_bench import measured, write_lists  # noqa: E402
from ratinglist_bench import players as list_players  # noqa: E402
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
    parser.add_argument("--jobs", type=int, default=None, help="--jobs of both commands (default: theirs)")
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="trfconv-period-"))
    folder.mkdir(parents=True, exist_ok=True)
    events, db, stamp = folder / "events", folder / "lists.sqlite", folder / "bench.json"
    made = json.dumps({"events": args.events, "min": args.min, "max": args.max, "list": args.list_players})
    rows = []
    if stamp.exists() and stamp.read_text() == made and events.is_dir():
        print(f"reusing the events and the list of {folder}")
    else:
        stamp.unlink(missing_ok=True)
        shutil.rmtree(events, ignore_errors=True)
        events.mkdir(parents=True)
        if args.list_players:
            people = list_players(args.list_players)
            paths = write_lists(folder, people, xml=False)
            db.unlink(missing_ok=True)
            seconds, cpu, mb, status, _ = measured([sys.executable, "-m", "trfconv", "list", "import",
                                                    str(paths["txt"]), "--date", "2026-03", "--db", str(db)])
            rows.append((f"list import, {len(people):,} players", seconds, cpu, mb, status))
            ids = iter([p.fide_id for p in people] * 2)
            del people
        else:
            ids = iter(range(10_000_001, 99_999_999))
        started = time.perf_counter()
        lines = write_events(events, args.events, args.min, args.max, ids)
        print(f"wrote {args.events} events, {lines:,} player lines in {time.perf_counter() - started:.1f} s ({folder})")
        stamp.write_text(made)
    listed = ["--list", "--db", str(db)] if args.list_players else []
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    commands = [("check", [sys.executable, "-m", "trfconv", "check", str(events), *listed, *jobs]),
                ("period", [sys.executable, "-m", "trfconv", "period", str(events), "--period", PERIOD, "--format",
                            "csv", "-o", str(folder / "period.csv"), *listed, *jobs])]
    for name, command in commands:
        seconds, cpu, mb, status, output = measured(command)
        rows.append((f"trfconv {name}, {args.events} events" + (" --list" if listed else ""), seconds, cpu, mb,
                     status))
        print(output.splitlines()[-1] if output else "")
    print(f"{'what':<48} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'exit':>5}")
    for what, seconds, cpu, mb, status in rows:
        print(f"{what:<48} {seconds:>8.1f} {cpu:>8.1f} {mb:>8.0f} {status:>5}")
    if args.dir is None:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
