"""Small tournaments for the validator's tests, written as TRF text (so that the reader is part of
what is tested) from a list of games per round."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from fractions import Fraction

from trfbuild import player_line, trf

import trfconv
from trfconv.model import OPPOSITE, Game, Pending

#: result code -> (white's block result, black's block result, white's points, black's points)
RESULTS = {
    "1-0": ("1", "0", 1, 0), "0-1": ("0", "1", 0, 1), "=": ("=", "=", Fraction(1, 2), Fraction(1, 2)),
    "+-": ("+", "-", 1, 0), "-+": ("-", "+", 0, 1),
    "W-L": ("W", "L", 1, 0), "D-D": ("D", "D", Fraction(1, 2), Fraction(1, 2)),
}

#: Points of a bye code.
BYE_POINTS = {"Z": 0, "U": 1, "F": 1, "H": Fraction(1, 2)}


def swiss(ratings: list[int | None], rounds: list[list[tuple[int, int, str]]], *,
          time_control: str | None = "90 min + 30 sec", dates: list[str] | None = None,
          start: str = "2025/03/01", end: str | None = None, kind: str | None = "Individual: Swiss-System",
          system: str | None = None, name: str = "Test Open", people: dict[int, dict] | None = None,
          byes: dict[tuple[int, int], str] | None = None) -> trfconv.Tournament:
    """A tournament of ``len(ratings)`` players (None: unrated) with ``rounds[r]`` the games
    ``(white, black, result)`` of round r+1; players without a game get a zero-point bye, or the
    bye ``byes[(round, player)]`` (``U`` pairing-allocated, ``F`` full, ``H`` half). ``people``
    gives a player's (by start number) other 001 columns (title, fed, sex, fide_id: :func:`trfbuild.player_line`).
    Round dates default to one round a day from ``start``."""
    n = len(ratings)
    blocks = {p: [] for p in range(1, n + 1)}
    points = {p: Fraction(0) for p in range(1, n + 1)}
    for games in rounds:
        paired = set()
        for white, black, result in games:
            w, b, pw, pb = RESULTS[result]
            blocks[white].append(f"{black:>4} w {w}")
            blocks[black].append(f"{white:>4} b {b}")
            points[white] += pw
            points[black] += pb
            paired |= {white, black}
        for p in sorted(set(blocks) - paired):
            bye = (byes or {}).get((len(blocks[p]) + 1, p), "Z")
            blocks[p].append(f"0000 - {bye}")
            points[p] += BYE_POINTS[bye]
    first = date(*map(int, start.split("/")))
    if dates is None:
        dates = [(first + timedelta(days=i)).strftime("%Y/%m/%d") for i in range(len(rounds))]
    last = end or max(dates)
    lines = [f"012 {name}", "022 Paris", "032 FRA", f"042 {start}", f"052 {last}",
             "102 Arbiter, Anne"]
    if kind:
        lines.append(f"092 {kind}")
    if time_control:
        lines.append(f"122 {time_control}")
    if system:
        lines.append(f"192 {system}")
    lines.append("132" + " " * 88 + "  ".join(d[2:] for d in dates))
    for p in range(1, n + 1):
        rating = ratings[p - 1]
        lines.append(player_line(p, f"Player {p:03d}", rating=str(rating or ""),
                                 points=_points(points[p]), rounds=tuple(blocks[p]), **(people or {}).get(p, {})))
    t = trfconv.reads(trf(*lines), path=f"{name}.trf")
    assert not [d for d in t.diagnostics if d.severity.value != "info"], t.diagnostics
    return t


def round_robin(ratings: list[int | None], *, cycles: int = 1, results: dict | None = None,
                **options) -> trfconv.Tournament:
    """A complete round robin (Berger-like: every pair once per cycle), white drawing unless
    ``results[(white, black)]`` says otherwise."""
    n = len(ratings)
    players = list(range(1, n + 1)) + ([None] if n % 2 else [])
    rounds = []
    for cycle in range(cycles):
        order = players[:]
        for _ in range(len(order) - 1):
            games = []
            for i in range(len(order) // 2):
                a, b = order[i], order[-1 - i]
                if a is None or b is None:
                    continue
                white, black = (a, b) if cycle == 0 else (b, a)
                games.append((white, black, (results or {}).get((white, black), "=")))
            rounds.append(games)
            order = [order[0], order[-1], *order[1:-1]]
    options.setdefault("kind", "Round Robin")
    return swiss(ratings, rounds, **options)


def paired_swiss(players: int, rounds: int, *, rated: int | None = None,
                 feds: tuple[str, ...] = ("FRA",), **options) -> trfconv.Tournament:
    """A Swiss of ``players`` (the first ``rated`` of them FIDE-rated; all by default), player p of
    federation ``feds[p % len(feds)]``, over ``rounds`` rounds paired without rematches (the circle
    method), every game drawn."""
    rated = players if rated is None else rated
    order = list(range(1, players + 1)) + ([None] if players % 2 else [])
    games = []
    for _ in range(rounds):
        half = len(order) // 2
        games.append([(a, b, "=") for a, b in zip(order[:half], reversed(order[half:]), strict=True) if a and b])
        order = [order[0], order[-1], *order[1:-1]]
    people = {p: {"fed": feds[p % len(feds)]} for p in range(1, players + 1)}
    return swiss([2000 if p <= rated else None for p in range(1, players + 1)], games, people=people, **options)


def _points(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}.{5 if half else 0}"


def last_round_paired_only(t: trfconv.Tournament) -> trfconv.Tournament:
    """``t`` as exported once its last round was paired: its games without results, its byes kept."""
    def paired(entry):
        return Pending(entry.opponent, entry.colour) if isinstance(entry, Game) else entry
    return replace(t, players=tuple(replace(p, rounds=(*p.rounds[:-1], paired(p.rounds[-1]))) for p in t.players))


def swapped(t: trfconv.Tournament, r: int, a: int, b: int) -> trfconv.Tournament:
    """Round ``r`` with the opponents of ``a`` and ``b`` exchanged, their colours and results
    kept, their new opponents' entries the other side of them."""
    ea, eb = t.player(a).rounds[r - 1], t.player(b).rounds[r - 1]
    x, y = ea.opponent, eb.opponent
    new = {a: Game(y, ea.colour, ea.outcome), b: Game(x, eb.colour, eb.outcome),
           y: Game(a, ea.colour.opposite, OPPOSITE[ea.outcome]), x: Game(b, eb.colour.opposite, OPPOSITE[eb.outcome])}
    return replace(t, players=tuple(replace(p, rounds=p.rounds[:r - 1] + (new[p.start_number],) + p.rounds[r:])
                                    if p.start_number in new else p for p in t.players))


def listed_round_robin(path):
    """A 4-player round robin of October 2026 whose players are in the list fixture; player 4's
    rating in the file (1610) is not the list's (1620)."""
    t = round_robin([2288, 2305, 1980, 1610])
    ids = ["90100020", "90100046", "90100054", "90100119"]
    names = ["Ostrakova, Mirela", "Nunez Garcia, Jose Maria", "Tchervenkov, Aleksandr", "Morlan, Pel"]
    t = replace(t, players=tuple(replace(p, fide_id=i, name=n, sex="w" if i == "90100020" else "m")
                                 for p, i, n in zip(t.players, ids, names, strict=True)),
                event=replace(t.event, start_date=date(2026, 10, 3), end_date=date(2026, 10, 5), round_dates=()))
    trfconv.write(t, path, format="trf26")
    return path
