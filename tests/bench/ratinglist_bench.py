"""Benchmark of the FIDE rating lists: a full-size synthetic list imported and looked up.

    python tests/bench/ratinglist_bench.py [--players 1932867] [--dir DIR] [--skip-xml]

It writes, in a temporary folder (or DIR), a combined list with FOA column of 1.93 million
invented players in FIDE's layout (sorted by name, 317 MB, CRLF, three 163-character lines),
its zip and the same players as XML (about 850 MB); then it times, each as a whole
``trfconv list import`` process (wall time and peak memory, from ``wait4``), the import of the
TXT, of the zip and of the XML; in-process, a look-up by FIDE ID (10,000 of them) and by name
(200 names, given name first, some with accents); and the cross-check of a generated
300-player Swiss whose players come from the list, in-process and as a whole ``trfconv fill``
process. It prints a table. Nothing is written into the repository, and pytest does not
collect this file (its name does not start with ``test_``).
"""

from __future__ import annotations

import argparse
import gc
import random
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "helpers"))

from ratinglist_build import HEADER_FOA, P, foa_line, xml_player  # noqa: E402

FULL = 1_932_867
MONTH = "2026-10"
_SYLLABLES = ("ka", "lo", "mi", "ra", "ven", "tor", "bel", "sa", "du", "pe", "zan", "ko", "li", "mar", "nes", "ti",
              "gor", "an", "el", "ul", "vik", "os", "ba", "re", "chi", "dra", "mo", "si", "tek", "ha")


def _federations() -> list[str]:
    path = HERE.parent.parent / "formats" / "trf" / "federations.txt"
    return [w for line in path.read_text("utf-8").splitlines() if not line.startswith("#") for w in line.split()]


def players(count: int, seed: int = 2026) -> list[P]:
    """``count`` invented players, sorted by name as FIDE's list is, with the list's proportions
    (October 2026: 59% unrated in all three lists, K 40 / 20 / 10 about 59% / 40% / 1% of the
    rated, birth year 0 for 1.7%, flags i / w / wi)."""
    rng = random.Random(seed)
    surnames = ["".join(rng.choices(_SYLLABLES, k=rng.randint(2, 4))).capitalize() for _ in range(count // 8 + 1)]
    given = ["".join(rng.choices(_SYLLABLES, k=rng.randint(2, 3))).capitalize() for _ in range(5000)]
    names = sorted(f"{s}, {g}" for s, g in zip(rng.choices(surnames, k=count), rng.choices(given, k=count), strict=True))
    ids = rng.sample(range(100_000, 800_000_000), count)
    feds = _federations()
    out = []
    for i, (name, fide_id) in enumerate(zip(names, ids, strict=True)):
        woman = rng.random() < 0.11
        rated = rng.random()
        def rating(share: float, rated: float = rated) -> tuple[int, int, int]:
            if rated >= share:
                return (0, 0, 0)
            value = rng.randint(1001, 2850)
            k = 10 if value >= 2400 else rng.choice((40, 40, 40, 20, 20))
            return (value, rng.choice((0, 0, 0, 4, 9)), k)
        title = rng.choice(("GM", "IM", "FM", "CM")) if rated < 0.01 else ""
        inactive = rated < 0.3 and rng.random() < 0.4
        out.append(P(fide_id, name, rng.choice(feds), "F" if woman else "M", title,
                     otit="IA,FT,LSI,SLI,NA" if i in (count // 4, count // 2, 3 * count // 4) else "",
                     foa="AFM" if rng.random() < 0.002 else "",
                     std=rating(0.295), rpd=rating(0.25), blz=rating(0.17),
                     born=0 if rng.random() < 0.017 else rng.randint(1930, 2020),
                     flag=("w" if woman else "") + ("i" if inactive else "")))
    return out


def write_lists(folder: Path, people: list[P], xml: bool) -> dict[str, Path]:
    txt = folder / "players_list_foa.txt"
    with txt.open("w", encoding="ascii", newline="") as out:
        out.write(HEADER_FOA + "\r\n")
        for start in range(0, len(people), 50_000):
            out.write("".join(foa_line(p) + "\r\n" for p in people[start:start + 50_000]))
    archive = folder / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        z.write(txt, "players_list_foa.txt")
    paths = {"txt": txt, "zip": archive}
    if xml:
        paths["xml"] = folder / "players_list_xml_foa.xml"
        with paths["xml"].open("w", encoding="ascii", newline="") as out:
            out.write("<playerslist>\r\n")
            for start in range(0, len(people), 50_000):
                out.write("".join(xml_player(p) + "\r\n" for p in people[start:start + 50_000]))
            out.write("</playerslist>\r\n")
    return paths


#: Runs a command and reports its wall time, peak memory and exit status. The benchmark's own
#: process holds the generated players; a child forked from it would inherit that peak (Linux
#: records the pre-exec high-water mark), so the command is started from this small launcher.
_LAUNCHER = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
output = child.stdout.read()
_, status, usage = os.wait4(child.pid, 0)
print(output + f"\\n@@ {time.perf_counter() - start} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)} "
      f"{usage.ru_utime + usage.ru_stime}")
"""


def run(command: list[str]) -> tuple[float, float, int, str]:
    """Wall seconds, peak memory (MB) and exit status of a whole process, and its output."""
    seconds, _, mb, status, output = measured(command)
    return seconds, mb, status, output


def measured(command: list[str]) -> tuple[float, float, float, int, str]:
    """Wall seconds, CPU seconds (user and system, its worker processes included), the peak
    memory of its largest process (MB), the exit status of a whole process, and its output."""
    done = subprocess.run([sys.executable, "-c", _LAUNCHER, *command], capture_output=True, text=True, check=True)
    output, _, figures = done.stdout.rpartition("@@ ")
    seconds, kilobytes, status, cpu = figures.split()
    return float(seconds), float(cpu), int(kilobytes) / 1024, int(status), output.strip()


def command(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from trfconv.cli import main; sys.argv[0] = 'trfconv'; main()", *args]


def lookups(db: Path, sample: list[P], named: list[P]) -> dict[str, str]:
    from trfconv.ratinglists import open_lists

    lists = open_lists(db)
    lists.player(sample[0].fide_id, MONTH)
    start = time.perf_counter()
    for p in sample:
        assert lists.player(p.fide_id, MONTH).fide_id == p.fide_id
    by_id = (time.perf_counter() - start) / len(sample)
    times, found = [], 0
    for p in named:
        surname, given = p.name.split(", ")
        query = f"{given} {surname}".replace("a", "á", 1)
        start = time.perf_counter()
        matches = lists.find(query, limit=10)
        times.append(time.perf_counter() - start)
        found += any(m.entry.fide_id == p.fide_id for m in matches)
    times.sort()
    return {"ID look-up (mean of 10,000)": f"{by_id * 1e3:.3f} ms",
            "name search, given name first, accents (200)": f"median {times[100] * 1e3:.1f} ms, "
                                                           f"max {times[-1] * 1e3:.1f} ms, found {found}/200"}


def tournament(folder: Path, chosen: list[P]) -> Path:
    """A 300-player Swiss (tests/helpers/swissbuild.py's generator) whose players are players of the list:
    their names, FIDE IDs, federations and standard ratings, a few with differences."""
    from dataclasses import replace

    from swissbuild import generate_swiss_trf

    import trfconv
    from trfconv.dates import PartialDate

    swiss = trfconv.reads(generate_swiss_trf(300, 9, seed=3).encode("utf-8"), path="swiss.trf")
    by_rating = sorted(chosen, key=lambda p: -p.std[0])
    players = [replace(pl, name=p.name, fide_id=str(p.fide_id), federation=p.fed, rating=p.std[0] + (i % 50 == 0),
                       sex="w" if p.sex == "F" else "m", title=None, birth_date=PartialDate(p.born))
               for i, (pl, p) in enumerate(zip(swiss.players, by_rating, strict=True))]
    t = replace(swiss, players=tuple(players), event=replace(swiss.event, start_date=__import__("datetime").date(2026, 10, 3)))
    path = folder / "swiss300.trf"
    trfconv.write(t, path)
    return path


def crosscheck_times(db: Path, path: Path, folder: Path) -> dict[str, str]:
    import trfconv
    from trfconv.ratinglists import crosscheck, open_lists

    t = trfconv.read(path)
    lists = open_lists(db)
    start = time.perf_counter()
    found = crosscheck(t, lists, "standard")
    inside = time.perf_counter() - start
    seconds, memory, status, output = run(command("fill", str(path), "--list", "-o", str(folder / "filled.trf"),
                                                  "--db", str(db)))
    return {"cross-check of 300 players (library)": f"{inside * 1e3:.1f} ms, {len(found)} diagnostics",
            "whole `trfconv fill` of the 300 players": f"{seconds:.2f} s, {memory:.0f} MB, exit {status}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=FULL)
    parser.add_argument("--dir", type=Path, default=None, help="folder for the generated files (default: a "
                                                               "temporary one, removed at the end)")
    parser.add_argument("--skip-xml", action="store_true", help="do not write and import the XML (850 MB)")
    args = parser.parse_args(argv)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="trfconv-lists-"))
    folder.mkdir(parents=True, exist_ok=True)
    rows: list[tuple[str, str]] = []
    try:
        start = time.perf_counter()
        people = players(args.players)
        paths = write_lists(folder, people, not args.skip_xml)
        sizes = ", ".join(f"{k} {v.stat().st_size / 1e6:.0f} MB" for k, v in paths.items())
        print(f"generated {len(people):,} players in {time.perf_counter() - start:.0f} s: {sizes}", flush=True)
        rng = random.Random(7)
        sample, named = rng.sample(people, 10_000), rng.sample(people, 200)
        chosen = rng.sample([p for p in people if p.std[0] and p.born], 300)
        del people  # the imports run as child processes, which start with the parent's memory
        gc.collect()
        db = folder / "lists.sqlite"
        for kind, path in paths.items():
            if db.exists():
                db.unlink()
            seconds, memory, status, output = run(command("list", "import", str(path), "--date", MONTH,
                                                          "--db", str(db)))
            rows.append((f"`trfconv list import` {kind} ({path.stat().st_size / 1e6:.0f} MB)",
                         f"{seconds:.1f} s, peak {memory:.0f} MB, exit {status}"))
            print(f"{rows[-1][0]}: {rows[-1][1]}\n  {output.splitlines()[-1] if output else ''}", flush=True)
        rows.extend(lookups(db, sample, named).items())
        rows.extend(crosscheck_times(db, tournament(folder, chosen), folder).items())
    finally:
        if args.dir is None:
            shutil.rmtree(folder, ignore_errors=True)
    width = max(len(k) for k, _ in rows)
    print()
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
