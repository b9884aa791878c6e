"""Benchmark trfconv against the ``trf`` and ``gacrux`` readers.

Run it as::

    python -m trfconv.bench                      # sizes 1000, 5000, 9999; 11 rounds
    python -m trfconv.bench --sizes 200,1000 --repeat 1 --json
    python -m trfconv.bench --gacrux-max 9999    # also time gacrux on big files (slow!)

The benchmark is not part of the test suite.  It

1. generates consistent Swiss TRF16 files (see :func:`generate_swiss_trf`,
   which tests may reuse),
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
import datetime
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# ---------------------------------------------------------------------------
# Generator
# ---------------------------------------------------------------------------

START_DATE = datetime.date(2026, 3, 1)

#: Half-points awarded for each TRF result code.
HALF_POINTS = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "U": 2, "H": 1, "Z": 0}

#: The result the opponent records for a result (played games and forfeits).
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}

LAST_NAMES = [
    "Müller", "Schröder", "Østergaard", "Łukasiewicz", "Dvořák", "Núñez",
    "García", "François", "Håkansson", "Sørensen", "Kovačević", "Gündoğdu",
    "Smith", "Johnson", "Ivanov", "Petrov", "Nakamura", "Kowalski", "Rossi",
    "Novak", "Horváth", "Jensen", "Nielsen", "Fernández", "Öztürk", "Böhm",
    "O'Brien", "Van der Berg", "Popescu", "Jovanović", "Žukauskas", "Ægidius",
]
FIRST_NAMES = [
    "José", "Zoë", "Ágnes", "Jürgen", "Łucja", "Søren", "Ondřej", "Frédéric",
    "Anna", "Peter", "Maria", "John", "Olga", "Pavel", "Hikaru", "Elena",
    "Magnus", "Judit", "Björn", "Iñaki", "Çağla", "Milena", "Tomás", "Ines",
]
FEDERATIONS = ["GER", "NOR", "POL", "CZE", "ESP", "FRA", "SWE", "DEN", "CRO",
               "TUR", "ENG", "USA", "IND", "ITA", "NED", "HUN", "ROU", "LTU"]
#: Titles by rating threshold.  Only two-letter titles by default, because
#: the ``trf`` package's regex cannot read WGM/WIM/WFM/WCM (still valid TRF16).
TITLES = [(2500, "GM"), (2400, "IM"), (2300, "FM"), (2200, "CM")]
WOMEN_TITLES = [(2300, "WGM"), (2200, "WIM"), (2100, "WFM"), (2000, "WCM")]


@dataclass
class Player:
    """One player of the simulated tournament."""

    start_no: int
    name: str
    sex: str
    title: str
    rating: int | None
    federation: str
    fide_id: int
    birth: str
    withdraw_round: int | None = None   # first round the player no longer plays
    half_points: int = 0
    games: list[tuple[int, str, str]] = field(default_factory=list)  # (opp, colour, result)
    opponents: set[int] = field(default_factory=set)
    had_pab: bool = False

    def colour_balance(self) -> int:
        """Whites minus blacks over games with a colour."""
        colours = [colour for _, colour, _ in self.games]
        return colours.count("w") - colours.count("b")

    def last_colour(self) -> str:
        """Most recent colour played, or ``"-"``."""
        for _, colour, _ in reversed(self.games):
            if colour != "-":
                return colour
        return "-"


def _make_players(count: int, rng: random.Random, three_letter_titles: bool) -> list[Player]:
    """Create ``count`` players, ordered by rating (start number 1 strongest)."""
    ratings = sorted((rng.randint(1000, 2750) for _ in range(count)), reverse=True)
    unrated_from = count - max(0, count // 12)           # weakest ~8% unrated
    players = []
    for index, rating in enumerate(ratings):
        start_no = index + 1
        sex = "w" if rng.random() < 0.25 else "m"
        name = f"{rng.choice(LAST_NAMES)}, {rng.choice(FIRST_NAMES)}"[:33]
        is_rated = start_no <= unrated_from
        players.append(Player(
            start_no=start_no,
            name=name,
            sex=sex,
            title=_title_for(rating if is_rated else 0, sex, three_letter_titles),
            rating=rating if is_rated else None,
            federation=rng.choice(FEDERATIONS),
            fide_id=1_000_000 + 7919 * start_no,           # unique, <= 11 digits
            birth=f"{rng.randint(1940, 2016):04d}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
        ))
    return players


def _title_for(rating: int, sex: str, three_letter_titles: bool) -> str:
    """FIDE title plausible for a rating ('' for most players)."""
    table = WOMEN_TITLES if sex == "w" and three_letter_titles else []
    for threshold, title in TITLES + table:
        if rating >= threshold:
            return title
    return ""


def _choose_withdrawals(players: list[Player], rounds: int, rng: random.Random) -> None:
    """Mark a few players (about 1%) as withdrawing before some round >= 2."""
    if rounds < 2 or len(players) < 4:
        return
    count = max(1, len(players) // 100)
    for player in rng.sample(players, count):
        player.withdraw_round = rng.randint(2, rounds)


def _requested_bye(player: Player, rnd: int, rounds: int, rng: random.Random) -> str | None:
    """Return ``"Z"`` for withdrawn players, maybe ``"H"``/``"Z"`` for others."""
    if player.withdraw_round is not None and rnd >= player.withdraw_round:
        return "Z"
    if rnd < rounds:                      # no requested byes in the last round
        draw = rng.random()
        if draw < 0.012:
            return "H"
        if draw < 0.016:
            return "Z"
    return None


def _pairing_order(players: list[Player], rng: random.Random) -> list[Player]:
    """Sort by score, shuffled inside each score group."""
    keyed = [(-p.half_points, rng.random(), p) for p in players]
    keyed.sort(key=lambda item: (item[0], item[1]))
    return [p for _, _, p in keyed]


def _pick_pab(ordered: list[Player]) -> Player:
    """The lowest-placed player who has not had a pairing-allocated bye yet."""
    for player in reversed(ordered):
        if not player.had_pab:
            return player
    return ordered[-1]


def _pair_neighbours(ordered: list[Player]) -> list[tuple[Player, Player]]:
    """Pair each player with the next unpaired one they have not met.

    Looks ahead a few places to avoid rematches; if that fails at the very
    end, tries to swap with an earlier pair; as a last resort it allows the
    rematch (which only happens for tiny, long tournaments).
    """
    unpaired = list(ordered)
    pairs: list[tuple[Player, Player]] = []
    while unpaired:
        first = unpaired.pop(0)
        window = min(len(unpaired), 50)
        partner_index = next(
            (i for i in range(window) if unpaired[i].start_no not in first.opponents), None)
        if partner_index is None:
            second = unpaired.pop(0)
            if not _swap_into_earlier_pair(pairs, first, second):
                pairs.append((first, second))
        else:
            pairs.append((first, unpaired.pop(partner_index)))
    return pairs


def _swap_into_earlier_pair(pairs: list[tuple[Player, Player]], a: Player, b: Player) -> bool:
    """Turn (c, d) + rematch (a, b) into (c, a) + (d, b) or (c, b) + (d, a)."""
    for index in range(len(pairs) - 1, -1, -1):
        c, d = pairs[index]
        for x, y in ((a, b), (b, a)):
            if (x.start_no not in c.opponents and y.start_no not in d.opponents):
                pairs[index] = (c, x)
                pairs.append((d, y))
                return True
    return False


def _allocate_colours(a: Player, b: Player, rng: random.Random) -> tuple[Player, Player]:
    """Return (white, black): lower colour balance gets white, then alternation."""
    key_a = (a.colour_balance(), a.last_colour() == "w")
    key_b = (b.colour_balance(), b.last_colour() == "w")
    if key_a == key_b:
        return (a, b) if rng.random() < 0.5 else (b, a)
    return (a, b) if key_a < key_b else (b, a)


def _game_result(white: Player, black: Player, rng: random.Random) -> str:
    """White's result: ``1``/``=``/``0``, occasionally a forfeit ``+``/``-``."""
    if rng.random() < 0.005:
        return rng.choice("+-")
    difference = (white.rating or 1400) - (black.rating or 1400) + 35
    expected_white = 1 / (1 + 10 ** (-difference / 400))
    if rng.random() < 0.30:
        return "="
    return "1" if rng.random() < expected_white else "0"


def _record(player: Player, opponent: int, colour: str, result: str) -> None:
    """Store a round for ``player`` and update the score (half-points)."""
    player.games.append((opponent, colour, result))
    player.half_points += HALF_POINTS[result]
    if opponent:
        player.opponents.add(opponent)


def _play_round(players: list[Player], rnd: int, rounds: int, rng: random.Random) -> None:
    """Simulate one round: requested byes, one PAB if odd, then pairings."""
    active = []
    for player in players:
        bye = _requested_bye(player, rnd, rounds, rng)
        if bye:
            _record(player, 0, "-", bye)
        else:
            active.append(player)
    ordered = _pairing_order(active, rng)
    if len(ordered) % 2:
        pab = _pick_pab(ordered)
        ordered.remove(pab)
        pab.had_pab = True
        _record(pab, 0, "-", "U")
    for a, b in _pair_neighbours(ordered):
        white, black = _allocate_colours(a, b, rng)
        result = _game_result(white, black, rng)
        _record(white, black.start_no, "w", result)
        _record(black, white.start_no, "b", COMPLEMENT[result])


def _format_points(half_points: int) -> str:
    """Half-points as TRF points text, e.g. 9 -> ``4.5``, 20 -> ``10.0``."""
    return f"{half_points // 2}.{5 if half_points % 2 else 0}"


def _ranks(players: list[Player]) -> dict[int, int]:
    """Start number -> rank by points; equal points share a rank (1, 2, 2, 4).

    The file declares no tie-break, so a shared rank is the only ranking that
    follows from its content (gacrux's checker agrees with it).
    """
    ordered = sorted(players, key=lambda p: -p.half_points)
    ranks: dict[int, int] = {}
    for position, player in enumerate(ordered, start=1):
        previous = ordered[position - 2] if position > 1 else None
        same = previous is not None and previous.half_points == player.half_points
        ranks[player.start_no] = ranks[previous.start_no] if same else position
    return ranks


def _player_line(player: Player, rank: int) -> str:
    """One 001 record in exact TRF16 columns."""
    head = (
        f"001 {player.start_no:>4} {player.sex}{player.title:>3} {player.name:<33} "
        f"{player.rating or '':>4} {player.federation:<3} {player.fide_id:>11} "
        f"{player.birth:>10} {_format_points(player.half_points):>4} {rank:>4}"
    )
    rounds = "".join(f"  {_opponent_text(opp)} {colour} {result}" for opp, colour, result in player.games)
    return head + rounds


def _opponent_text(opponent: int) -> str:
    """Opponent start number, right-aligned in 4 columns; ``0000`` for byes."""
    return "0000" if opponent == 0 else f"{opponent:>4}"


def _header_lines(players: list[Player], rounds: int) -> list[str]:
    """Tournament header records 012 .. 132 and XXR."""
    dates = [START_DATE + datetime.timedelta(days=r) for r in range(rounds)]
    round_dates = "  ".join(d.strftime("%y/%m/%d") for d in dates)
    rated = sum(1 for p in players if p.rating)
    return [
        "012 trfconv benchmark Open 2026",
        "022 Tromsø",
        "032 NOR",
        f"042 {dates[0]:%Y/%m/%d}",
        f"052 {dates[-1]:%Y/%m/%d}",
        f"062 {len(players)}",
        f"072 {rated}",
        "092 Individual: Swiss-System",
        "102 Ærlig, Åse (IA)",
        "122 90 min/40 moves + 30 min + 30 sec/move",
        "132" + " " * 88 + round_dates,
        f"XXR {rounds}",
    ]


def generate_swiss_trf(players: int, rounds: int, seed: int = 1, *,
                       three_letter_titles: bool = False) -> str:
    """Return the text of a consistent Swiss TRF16 file (CRLF line endings).

    ``players`` must be 2..9999 and ``rounds`` >= 1.  Deterministic for a
    given (players, rounds, seed).  The file contains non-ASCII names, some
    unrated players, forfeits, half- and zero-point byes, at most one
    pairing-allocated bye per round and a few withdrawals.  With
    ``three_letter_titles`` women get WGM/WIM/WFM/WCM titles, which the
    ``trf`` package cannot read.
    """
    if not 2 <= players <= 9999:
        raise ValueError("players must be between 2 and 9999")
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    rng = random.Random(f"trfconv-bench/{seed}/{players}/{rounds}")
    roster = _make_players(players, rng, three_letter_titles)
    _choose_withdrawals(roster, rounds, rng)
    for rnd in range(1, rounds + 1):
        _play_round(roster, rnd, rounds, rng)
    ranks = _ranks(roster)
    lines = _header_lines(roster, rounds)
    lines += [_player_line(p, ranks[p.start_no]) for p in roster]
    return "\r\n".join(lines) + "\r\n"


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
    repo_root = str(Path(__file__).resolve().parent.parent)
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
    lines = ["  ".join(c.rjust(w) for c, w in zip(COLUMNS, widths))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in body]
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
        prog="python -m trfconv.bench",
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
