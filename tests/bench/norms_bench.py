"""Benchmark of the title norms.

    python tests/bench/norms_bench.py [--players 9999] [--rounds 11] [--repeat 3] [--candidates 240]

1. The whole process ``trfconv norms FILE`` on a generated Swiss of ``--players`` x ``--rounds``
   (tests/helpers/swissbuild.py, women with WGM/WIM titles), alternated with ``trfconv check`` on the same
   file ``--repeat`` times, so that both see the same load: wall time, CPU time (user + system,
   from ``wait4``: near the wall time of an idle machine) and peak memory, best of the runs, and
   the ratio norms / check of each pair (the median). Issue 26's budget: 2 s.
2. The best-subset search (1.4.1e/f) per player and title on 13-round events, timed in-process
   with the collector paused (as the CLI runs), each call the best of 3 so that a pause of the
   loaded machine does not count as the search's: every player of a generated 400-player,
   13-round Swiss; ``--candidates`` generated strong candidates of 9 to 14 rounds
   (tests/helpers/normbuild.py, the differential test's); and a hard case, nine wins against FMs of
   2000-2080 and four draws against 2650 GMs (385 sets of games for GM, none passing). Issue
   26's budget: 10 ms a player.
3. Long events (issue 36: a 99-round candidate took 7 minutes before the search was bounded):
   generated strong candidates of 45, 99, 200, 400 and 999 rounds (``--long`` each), every
   title; mean and worst. Issue 36's budget: a few seconds on any file within the input bounds.

Nothing is written into the repository, and pytest does not collect this file.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "helpers"))
sys.path.insert(0, str(HERE))

from commands import measure  # noqa: E402
from swissbuild import generate_swiss_trf  # noqa: E402

import trfconv  # noqa: E402


def process(players: int, rounds: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "swiss.trf"
        path.write_text(generate_swiss_trf(players, rounds, three_letter_titles=True), "utf-8", newline="")
        commands = {"check": ["check"], "norms": ["norms"], "norms --json": ["norms", "--json"]}
        runs: dict[str, list] = {name: [] for name in commands}
        for _ in range(repeat):
            for name, args in commands.items():
                runs[name].append(measure([sys.executable, "-m", "trfconv", *args, str(path)]))
        for name, got in runs.items():
            wall, cpu, peak = min(r[0] for r in got), min(r[1] for r in got), max(r[2] for r in got)
            ratio = "" if name == "check" else (
                f", x{statistics.median(r[0] / c[0] for r, c in zip(got, runs['check'], strict=True)):.2f} check wall, "
                f"x{statistics.median(r[1] / c[1] for r, c in zip(got, runs['check'], strict=True)):.2f} check CPU")
            print(f"{name:<14} {players} x {rounds}: wall {wall:.2f} s, CPU {cpu:.2f} s, {peak:.0f} MB{ratio}")


def timed(calls: list[tuple]) -> list[float]:
    """Milliseconds of each ``search.best(*args)``, best of 3."""
    from trfconv.rules.norms.search import best

    out = []
    for args in calls:
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            best(*args)
            runs.append(time.perf_counter() - start)
        out.append(1000 * min(runs))
    return out


def collected(event, **options) -> list[tuple]:
    """The arguments of every search ``trfconv.norms(event, **options)`` makes."""
    import trfconv.rules.norms.judge as package

    calls, original = [], package.best

    def keep(*args):
        calls.append(args)
        return original(*args)

    package.best = keep
    try:
        trfconv.norms(event, **options)
    finally:
        package.best = original
    return calls


def search(candidates: int) -> None:
    from normbuild import gm_field, norm_event, opponent

    gc.disable()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r13.trf"
        path.write_text(generate_swiss_trf(400, 13, three_letter_titles=True), "utf-8", newline="")
        ms = sorted(timed(collected(trfconv.read(path))))
    print(f"search, 400 x 13 Swiss: {len(ms)} player-titles searched, mean {statistics.mean(ms):.3f} ms, "
          f"max {ms[-1]:.2f} ms")
    ms = sorted(timed(generated(random.Random(1), candidates, (9, 10, 11, 12, 13, 14))))
    print(f"search, {candidates} generated strong candidates, 9-14 rounds: {len(ms)} player-titles, "
          f"mean {statistics.mean(ms):.3f} ms, max {ms[-1]:.2f} ms")
    field = [opponent(2000 + 10 * i, "FM", ("SUI", "AUT", "BEL")[i % 3]) for i in range(9)]
    hard = collected(norm_event("1=1=1=1=11111", field + gm_field(4, rating=2650)), titles=("GM", "IM"), player=1)
    print("search, 9 wins against FMs and 4 draws against GMs: "
          + ", ".join(f"{args[2].title} {ms:.2f} ms" for args, ms in zip(hard, timed(hard), strict=True)))
    gc.enable()


def generated(rng: random.Random, count: int, lengths: tuple[int, ...]) -> list[tuple]:
    """The searches of ``count`` generated strong candidates (tests/helpers/normbuild.py, the differential
    test's) of one of ``lengths`` rounds each, every title."""
    from normbuild import search_candidate, search_context

    from trfconv.rules.editions import edition
    from trfconv.rules.norms.rules import TITLES, norm_rules

    rules, calls = norm_rules(edition("b01-2024")), []
    for _ in range(count):
        rounds = rng.choice(lengths)
        ctx = search_context(rules, rng, rounds)
        me, rec = search_candidate(rules, rng, rounds)
        calls.extend((ctx, me, rules.titles[x], rec) for x in TITLES)
    return calls


def long_events(count: int) -> None:
    gc.disable()
    for rounds in (45, 99, 200, 400, 999):
        ms = sorted(timed(generated(random.Random(rounds), count, (rounds,))))
        print(f"search, {count} generated candidates of {rounds} rounds: {len(ms)} player-titles, "
              f"mean {statistics.mean(ms):.1f} ms, max {ms[-1]:.1f} ms")
    gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=9999, help="0: the search only")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--candidates", type=int, default=240)
    parser.add_argument("--long", type=int, default=5, help="candidates of each long event length")
    options = parser.parse_args()
    if options.players:
        process(options.players, options.rounds, options.repeat)
    search(options.candidates)
    long_events(options.long)


if __name__ == "__main__":
    main()
