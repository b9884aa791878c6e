"""Test helper (no tests here): Swiss tournaments paired round by round by FIDE TEC's reference
Dutch engine (gacrux, test-only), for the differential tests of ``trfconv pairings``
(``test_pairings_differential.py``, ``tests/bench/pairings_bench.py``).

A tournament is drawn from a seed: 10 to 300 players, 5 to 11 rounds, with requested byes (half-,
zero- and full-point), forfeits and double forfeits, late entries, withdrawals, forbidden pairs
(260) and the Baku acceleration (250, as C.04.7 gives it: the first half of the field, rounded up
to an even number, carries 1 point in the first quarter of the rounds and half a point up to half
of them). Each round is paired by gacrux from the TRF of the rounds before it, the absences of the
round entered in its column as zero-point byes (how JaVaFo and bbpPairings take them); the
results are drawn from the ratings. The file written at the end is what an arbiter's program
would export; a late entry's rounds before his arrival and a withdrawn player's rounds after it
are written without an entry in half of the tournaments, as zero-point byes in the others.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from trfbuild import player_line

START = "2026/03/01"  # the Swiss rules of 2026 (gacrux implements those)


@dataclass
class Spec:
    """What a seed draws."""

    seed: int
    players: int
    rounds: int
    baku: bool
    late: dict[int, int]  # player -> the first round he plays
    withdrawn: dict[int, int]  # player -> the first round he no longer plays
    forbidden: list[tuple[int, int]]
    white_first: bool
    blank_absences: bool
    #: the round gacrux found no legal pairing for (the tournament stops before it), if any
    stopped: int | None = None


@dataclass
class _Player:
    number: int
    rating: int
    half_points: int = 0
    blocks: list[str] = field(default_factory=list)


def spec(seed: int, players: int | None = None, rounds: int | None = None) -> Spec:
    rng = random.Random(seed)
    if players is None:
        players = rng.randint(10, 60) if rng.random() < 0.6 else rng.randint(61, 300)
    if rounds is None:
        rounds = rng.randint(5, 11)
    rounds = min(rounds, players - 1)
    numbers = list(range(1, players + 1))
    late = {}
    if rng.random() < 0.3:
        for n in rng.sample(numbers, max(1, players // 25)):
            late[n] = rng.randint(2, min(3, rounds))
    withdrawn = {}
    if rng.random() < 0.3:
        for n in rng.sample([n for n in numbers if n not in late], max(1, players // 25)):
            withdrawn[n] = rng.randint(3, rounds)
    forbidden = []
    if rng.random() < 0.15:
        forbidden = [tuple(sorted(rng.sample(numbers, 2))) for _ in range(rng.randint(1, 3))]
    return Spec(seed, players, rounds, rng.random() < 0.25 and players >= 12, late, withdrawn, forbidden,
                rng.random() < 0.5, rng.random() < 0.5)


def _recount(field_: list[_Player]) -> None:
    """The players' points from their round blocks (after a round is taken back)."""
    values = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "U": 2, "H": 1, "F": 2, "Z": 0, " ": 0}
    for p in field_:
        p.half_points = sum(values[block[-1]] for block in p.blocks)


def _header(s: Spec, last: int) -> list[str]:
    lines = ["012 Differential Open " + str(s.seed), "022 Nowhere", "032 FID", f"042 {START}", f"052 {START}",
             f"062 {s.players}", "092 Individual: Swiss-System", f"142 {s.rounds}", "152 " + ("W" if s.white_first else "B"),
             "192 FIDE_DUTCH_2026" + ("_BAKU" if s.baku else "")]
    if s.baku:
        q = ((s.players + 3) // 4) * 2  # C.04.7: group A, the first half rounded up to an even number
        first_half = (s.rounds + 3) // 4
        lines += [f"250  2.0  1.0 {1:>3} {first_half:>3} {1:>4} {q:>4}",
                  f"250  1.0  0.5 {first_half + 1:>3} {(s.rounds + 1) // 2:>3} {1:>4} {q:>4}"]
    lines += [f"260 {1:>3} {s.rounds:>3} {a:>4} {b:>4}" for a, b in s.forbidden]
    return lines


def _text(s: Spec, players: list[_Player], last: int) -> str:
    lines = _header(s, last)
    for p in players:
        points = f"{p.half_points // 2}.{5 if p.half_points % 2 else 0}"
        lines.append(player_line(p.number, f"Player {p.number:04}", rating=str(p.rating), points=points,
                                 rounds=tuple(p.blocks)))
    return "\n".join(lines) + "\n"


def _gacrux_pairs(text: str, rnd: int) -> list[tuple[int, int]] | None:
    """gacrux's pairing of round ``rnd`` of ``text``: (white, black) pairs, black 0 for the bye;
    None when no pairing meets the absolute criteria (1.9.3: the arbiter decides)."""
    from gacrux.gacruxexeptions import GacruxNoLegalPairing
    from gacrux.pairingdutch import pairing_dutch
    from gacrux.trf2json import trf2json

    chessfile = trf2json()
    chessfile.parse_file(text, 0)
    tournament = chessfile.get_tournament(1)
    engine = pairing_dutch(tournament, rnd, {"experimental": [], "verbose": 0, "top_color": ""})
    try:
        brackets = engine.compute_pairing(False, 0)
    except GacruxNoLegalPairing:
        return None
    return [(pair["w"], pair["b"]) for bracket in brackets for pair in bracket["pairs"]]


def generate(seed: int, players: int | None = None, rounds: int | None = None) -> tuple[Spec, str]:
    """(the drawn spec, the TRF of the whole tournament). When gacrux finds no legal pairing for a
    round, the tournament stops before it (``Spec.stopped``), its absences for it not entered."""
    s = spec(seed, players, rounds)
    rng = random.Random(seed * 7919 + 1)
    field_ = [_Player(n, 2400 - (n * 1200) // s.players) for n in range(1, s.players + 1)]
    for rnd in range(1, s.rounds + 1):
        absent = {}
        for p in field_:
            if s.late.get(p.number, 0) > rnd or s.withdrawn.get(p.number, s.rounds + 1) <= rnd:
                absent[p.number] = "Z"
            elif rnd < s.rounds - 1 and rng.random() < 0.05:
                absent[p.number] = rng.choice("HHHHZZF")
        for p in field_:
            if p.number in absent:
                p.blocks.append("0000 - " + absent[p.number])
                p.half_points += {"H": 1, "F": 2, "Z": 0}[absent[p.number]]
        pairs = _gacrux_pairs(_text(s, field_, rnd - 1), rnd)
        if pairs is None:
            s.stopped = rnd
            for p in field_:
                del p.blocks[rnd - 1:]
            _recount(field_)
            break
        by_number = {p.number: p for p in field_}
        for white, black in pairs:
            w = by_number[white]
            if black == 0:
                w.blocks.append("0000 - U")
                w.half_points += 2
                continue
            b = by_number[black]
            draw = rng.random()
            if draw < 0.03:
                wr, br = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            elif draw < 0.035:
                wr, br = "-", "-"
            else:
                expected = 1 / (1 + 10 ** ((b.rating - w.rating) / 400))
                x = rng.random()
                wr, br = ("1", "0") if x < expected * 0.8 else ("=", "=") if x < expected * 0.8 + 0.3 else ("0", "1")
            w.blocks.append(f"{black:>4} w {wr}")
            b.blocks.append(f"{white:>4} b {br}")
            w.half_points += {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0}[wr]
            b.half_points += {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0}[br]
    if s.blank_absences:
        for p in field_:
            for r in range(len(p.blocks)):
                if s.late.get(p.number, 0) > r + 1 or s.withdrawn.get(p.number, s.rounds + 1) <= r + 1:
                    p.blocks[r] = "        "
    return s, _text(s, field_, s.rounds)
