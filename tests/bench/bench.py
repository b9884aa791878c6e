"""Benchmark trfconv against the ``trf`` and ``gacrux`` readers.

Run it from the checkout, after ``pip install ".[test]"``, as::

    python tests/bench/bench.py                      # sizes 1000, 5000, 9999; 11 rounds
    python tests/bench/bench.py --sizes 200,1000 --repeat 1 --json
    python tests/bench/bench.py --gacrux-max 9999    # also time gacrux on big files (slow!)

The benchmark is not part of the test suite (pytest does not collect ``tests/bench``).  It

1. generates consistent Swiss TRF16 files (``tests/helpers/swissbuild.py``),
2. byte-compiles the checkout's package (as installing it would), then
   times, each in a fresh subprocess so that memory figures are honest,
   ``trfconv.read``, ``trfconv.write(..., format="trf26")``, the whole
   ``trfconv check FILE`` process (wall time and peak RSS), the ``trf``
   package's parser and gacrux's ``trf2json`` reader,
3. prints a plain-text table (or JSON with ``--json``).

Scores are handled as integer half-points throughout; no floats.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))  # the generator
from swissbuild import generate_swiss_trf  # noqa: E402

# ---------------------------------------------------------------------------
# Measurements: each runs in a fresh Python subprocess (worker)
# ---------------------------------------------------------------------------

#: Bootstrap for workers: load this file without importing the trfconv package,
#: so the trf/gacrux workers do not pay for (or depend on) trfconv.
_WORKER_BOOTSTRAP = (
    "import importlib.util, sys\n"
    "spec = importlib.util.spec_from_file_location('_trfconv_bench', sys.argv[1])\n"
    "module = sys.modules['_trfconv_bench'] = importlib.util.module_from_spec(spec)\n"
    "spec.loader.exec_module(module)\n"
    "module.worker_main(sys.argv[2:])\n"
)


def _peak_rss_mb(rusage: resource.struct_rusage) -> float:  # float ok: timings
    """ru_maxrss (KiB on Linux) in MiB."""
    return rusage.ru_maxrss / 1024


def _time_trfconv_read(path: str) -> dict[str, Any]:
    """Time ``trfconv.read`` (file I/O included) and count its diagnostics."""
    import trfconv
    start = time.perf_counter()
    tournament = trfconv.read(path)
    seconds = time.perf_counter() - start
    diagnostics = getattr(tournament, "diagnostics", None) or []
    return {"seconds": seconds, "diagnostics": len(diagnostics),
            "first_diagnostics": [str(d) for d in list(diagnostics)[:3]]}


def _time_trfconv_write(path: str, out: str) -> dict[str, Any]:
    """Read (untimed), then time ``trfconv.write(..., format="trf26")``."""
    import trfconv
    tournament = trfconv.read(path)
    start = time.perf_counter()
    trfconv.write(tournament, out, format="trf26")
    return {"seconds": time.perf_counter() - start}


def _time_trf_parse(path: str) -> dict[str, Any]:
    """Time the ``trf`` package (``trf.load``) on the UTF-8 file."""
    import trf
    start = time.perf_counter()
    with open(path, encoding="utf-8") as handle:
        tournament = trf.load(handle)
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "players": len(tournament.players)}


def _time_gacrux_read(path: str) -> dict[str, Any]:
    """Time gacrux's TRF reader (``trf2json.parse_file``), as its CLI uses it.

    gacrux's CLI decodes latin-1 unless given ``-b utf-8``; here the text is
    decoded as UTF-8 first, so only reading/conversion is measured.
    """
    from gacrux.trf2json import trf2json
    start = time.perf_counter()
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    reader = trf2json()
    reader.parse_file(text, False)
    seconds = time.perf_counter() - start
    status = reader.chessjson["status"]
    if status.get("code", 0) > 400:
        raise RuntimeError(f"gacrux status {status.get('code')}: {'; '.join(status.get('error', []))}")
    competitors = reader.chessjson["event"]["tournaments"][0]["competitors"]
    return {"seconds": seconds, "status": status.get("code", 0),
            "messages": status.get("error", [])[:3], "players": len(competitors)}


WORKERS = {
    "trfconv-read": _time_trfconv_read,
    "trfconv-write": _time_trfconv_write,
    "trf-parse": _time_trf_parse,
    "gacrux-read": _time_gacrux_read,
}


def worker_main(argv: list[str]) -> None:
    """Entry point of a measuring subprocess: print one JSON object."""
    kind, *args = argv
    result = WORKERS[kind](*args)
    result["peak_mb"] = _peak_rss_mb(resource.getrusage(resource.RUSAGE_SELF))
    print(json.dumps(result))


@dataclass
class Outcome:
    """Best result of one measurement, or the error that prevented it."""

    seconds: float | None = None  # float ok: timings
    peak_mb: float | None = None  # float ok: timings
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _worker_env() -> dict[str, str]:
    """Environment for subprocesses: make this checkout's trfconv importable."""
    env = dict(os.environ)
    repo_root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [repo_root, env.get("PYTHONPATH")]))
    return env


def _last_line(text: str) -> str:
    """Last non-empty line of some output (for error messages)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(no output)"


def _run_worker(kind: str, *args: str) -> Outcome:
    """Run one worker subprocess and parse its JSON report."""
    command = [sys.executable, "-c", _WORKER_BOOTSTRAP, str(Path(__file__).resolve()), kind, *args]
    proc = subprocess.run(command, capture_output=True, text=True, env=_worker_env())
    if proc.returncode != 0:
        return Outcome(error=_last_line(proc.stderr or proc.stdout))
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    return Outcome(seconds=report.pop("seconds"), peak_mb=report.pop("peak_mb"), extra=report)


def _best_of(repeat: int, run) -> Outcome:
    """Call ``run`` ``repeat`` times; keep the fastest, stop at the first error."""
    best: Outcome | None = None
    for _ in range(max(1, repeat)):
        outcome = run()
        if outcome.error:
            return outcome
        if best is None or outcome.seconds < best.seconds:
            best = outcome
    return best


def _check_command(path: str) -> list[str]:
    """``trfconv check FILE`` via the console script, else ``python -m trfconv``."""
    script = Path(sys.executable).parent / "trfconv"
    found = str(script) if script.exists() else shutil.which("trfconv")
    if found:
        return [found, "check", path]
    return [sys.executable, "-m", "trfconv", "check", path]


def _looks_like_crash(output: str) -> bool:
    """True if the output is Python failing rather than the checker reporting."""
    return "Traceback (most recent call last)" in output or "No module named" in output


def _trf_process_command(path: str) -> list[str]:
    """A whole Python process that only parses the file with the ``trf`` package: the
    like-for-like comparison for the whole ``trfconv check`` process."""
    return [sys.executable, "-c", "import sys, trf; trf.load(open(sys.argv[1], encoding='utf-8'))", path]


def _run_process(command: list[str]) -> Outcome:
    """Wall time and peak RSS of one whole process (via wait4); exit 0 or 1 counts as a run."""
    with tempfile.TemporaryFile() as output:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT,
                                env=_worker_env())
        _, status, rusage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read().decode("utf-8", "replace")
    if proc.returncode not in (0, 1) or _looks_like_crash(text):
        return Outcome(error=f"exit {proc.returncode}: {_last_line(text)}")
    return Outcome(seconds=seconds, peak_mb=_peak_rss_mb(rusage),
                   extra={"exit_code": proc.returncode, "output_lines": len(text.splitlines()),
                          "last_output": _last_line(text)})


# ---------------------------------------------------------------------------
# Benchmark driver and report
# ---------------------------------------------------------------------------

def _write_file(directory: Path, players: int, rounds: int, seed: int) -> Path:
    """Generate the benchmark file for one size and return its path."""
    path = directory / f"swiss_{players}x{rounds}.trf"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(generate_swiss_trf(players, rounds, seed))
    return path


def measure_size(directory: Path, players: int, args: argparse.Namespace) -> dict[str, Any]:
    """Generate one file and run every measurement on it."""
    path = _write_file(directory, players, args.rounds, args.seed)
    out = str(directory / f"swiss_{players}x{args.rounds}.out.trf")
    name = str(path)
    _progress(f"{players} players: {path.stat().st_size / 1e6:.2f} MB")
    results = {
        "trfconv_read": _best_of(args.repeat, lambda: _run_worker("trfconv-read", name)),
        "trfconv_check": _best_of(args.repeat, lambda: _run_process(_check_command(name))),
        "trfconv_write": _best_of(args.repeat, lambda: _run_worker("trfconv-write", name, out)),
        "trf_parse": _best_of(args.repeat, lambda: _run_worker("trf-parse", name)),
        "trf_process": _best_of(args.repeat, lambda: _run_process(_trf_process_command(name))),
    }
    _progress(f"{players} players: trfconv and trf done")
    if players <= args.gacrux_max:
        results["gacrux_read"] = _run_worker("gacrux-read", name)
    else:
        results["gacrux_read"] = Outcome(error="skipped (--gacrux-max)")
    return {"players": players, "rounds": args.rounds,
            "file_mb": path.stat().st_size / 1e6, "results": results}


def _progress(message: str) -> None:
    """Progress on stderr (the table or JSON goes to stdout)."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def _ratio(row: dict[str, Any]) -> float | None:  # float ok: timings
    """gacrux read time over trfconv read time, if both exist."""
    gacrux, read = row["results"]["gacrux_read"], row["results"]["trfconv_read"]
    if gacrux.seconds is None or not read.seconds:
        return None
    return gacrux.seconds / read.seconds


def _cell(outcome: Outcome, attribute: str = "seconds", fmt: str = "{:.3f}") -> str:
    """Table cell: a number, ``ERROR`` (see notes) or ``skipped``."""
    value = getattr(outcome, attribute)
    if value is None:
        return "skipped" if outcome.error and outcome.error.startswith("skipped") else "ERROR"
    return fmt.format(value)


COLUMNS = ["players", "rounds", "file MB", "tc read s", "tc check s", "tc write s",
           "tc peak MB", "trf parse s", "trf proc s", "gacrux s", "gacrux/tc"]


def format_table(rows: list[dict[str, Any]]) -> str:
    """Plain-text table plus linearity line and error notes."""
    body = []
    for row in rows:
        res = row["results"]
        ratio = _ratio(row)
        body.append([
            str(row["players"]), str(row["rounds"]), f"{row['file_mb']:.2f}",
            _cell(res["trfconv_read"]), _cell(res["trfconv_check"]), _cell(res["trfconv_write"]),
            _cell(res["trfconv_check"], "peak_mb", "{:.1f}"), _cell(res["trf_parse"]),
            _cell(res["trf_process"]),
            _cell(res["gacrux_read"]), "-" if ratio is None else f"{ratio:.0f}x",
        ])
    widths = [max(len(c), *(len(r[i]) for r in body)) for i, c in enumerate(COLUMNS)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(COLUMNS, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in body]
    lines.append("")
    lines.append("trfconv read per player-round: " + ", ".join(
        f"{row['players']}: {_per_player_round(row)}" for row in rows))
    lines += _notes(rows)
    return "\n".join(lines)


def _per_player_round(row: dict[str, Any]) -> str:
    """trfconv read time per (players x rounds), which should stay constant."""
    seconds = row["results"]["trfconv_read"].seconds
    if seconds is None:
        return "n/a"
    return f"{seconds * 1e6 / (row['players'] * row['rounds']):.2f} µs"


def _notes(rows: list[dict[str, Any]]) -> list[str]:
    """Error texts and interesting side information, one line each."""
    notes = []
    for row in rows:
        for key, outcome in row["results"].items():
            if outcome.error and not outcome.error.startswith("skipped"):
                notes.append(f"  {row['players']} {key}: {outcome.error}")
            elif outcome.extra.get("diagnostics"):
                notes.append(f"  {row['players']} {key}: {outcome.extra['diagnostics']} diagnostics, "
                             f"e.g. {outcome.extra.get('first_diagnostics')}")
            elif outcome.extra.get("messages"):
                notes.append(f"  {row['players']} {key}: status {outcome.extra.get('status')}, "
                             f"{outcome.extra['messages']}")
            elif key == "trfconv_check" and outcome.extra.get("exit_code"):
                notes.append(f"  {row['players']} {key}: exit {outcome.extra['exit_code']}, "
                             f"{outcome.extra.get('last_output')}")
    return ["", "Notes:"] + notes if notes else []


def to_json(rows: list[dict[str, Any]]) -> str:
    """Machine-readable report."""
    def outcome(o: Outcome) -> dict[str, Any]:
        return {"seconds": o.seconds, "peak_mb": o.peak_mb, "error": o.error, **o.extra}
    report = []
    for row in rows:
        seconds = row["results"]["trfconv_read"].seconds
        report.append({
            "players": row["players"], "rounds": row["rounds"], "file_mb": row["file_mb"],
            "results": {k: outcome(v) for k, v in row["results"].items()},
            "gacrux_over_trfconv": _ratio(row),
            "trfconv_read_us_per_player_round":
                None if seconds is None else seconds * 1e6 / (row["players"] * row["rounds"]),
        })
    return json.dumps(report, indent=2, ensure_ascii=False)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python tests/bench/bench.py",
        description="Benchmark trfconv read/check/write against the trf and gacrux readers.")
    parser.add_argument("--sizes", default="1000,5000,9999",
                        help="comma-separated player counts (max 9999), default %(default)s")
    parser.add_argument("--rounds", type=int, default=11, help="rounds per file (default 11)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3; gacrux 1)")
    parser.add_argument("--gacrux-max", type=int, default=1000,
                        help="run gacrux only up to this many players (default 1000; it is quadratic)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument("--keep", metavar="DIR", help="write the generated files to DIR and keep them")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    args.sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if any(not 2 <= s <= 9999 for s in args.sizes):
        parser.error("sizes must be between 2 and 9999")
    return args


def _compile_package() -> None:
    """Byte-compile this checkout's ``trfconv``, as installing the package does, so that the
    timings do not include compiling its sources (with ``PYTHONDONTWRITEBYTECODE`` set, every
    run would compile them again; ``trf`` and ``gacrux`` are installed with their bytecode)."""
    import compileall

    compileall.compile_dir(Path(__file__).resolve().parent, quiet=1)


def main(argv: list[str] | None = None) -> int:
    """Generate, measure and report; returns the exit code."""
    args = parse_args(argv)
    _compile_package()
    if args.keep:
        directory = Path(args.keep)
        directory.mkdir(parents=True, exist_ok=True)
        rows = [measure_size(directory, size, args) for size in args.sizes]
    else:
        with tempfile.TemporaryDirectory(prefix="trfconv-bench-") as tmp:
            rows = [measure_size(Path(tmp), size, args) for size in args.sizes]
    print(to_json(rows) if args.json else format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
