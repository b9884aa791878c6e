"""The seed's round robin of the rating report's tests (the French text's 10-player example,
worked as FIDE rates it), built as TRF text."""

from __future__ import annotations

from trfbuild import player_line, trf

import trfconv

# seed 002, 10.54: A..J, rating (None = unrated); the results below give A 8, B 7, C 7, D 6, E 6,
# F 4, G 3, H 2, I 1, J 1: the stronger player wins, except J beats A and E beats B.
SEED_RR = [("A", 2600), ("B", 2500), ("C", None), ("D", 2400), ("E", None), ("F", 2150), ("G", 2300),
           ("H", None), ("I", None), ("J", 2300)]
UPSETS = {(0, 9), (1, 4)}


def round_robin_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Pairings of a single round robin (circle method), 0-based players."""
    order = list(range(n))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(order[i], order[n - 1 - i]) for i in range(n // 2)])
        order = [order[0], order[-1], *order[1:-1]]
    return rounds


def seed_round_robin() -> trfconv.Tournament:
    """Seed 002's example 10.54 as a TRF event (FIDE IDs 1000 on)."""
    n = len(SEED_RR)
    blocks: list[list[str]] = [[] for _ in range(n)]
    for pairs in round_robin_rounds(n):
        for white, black in pairs:
            high, low = min(white, black), max(white, black)
            winner = low if (high, low) in UPSETS else high
            blocks[white].append(f"{black + 1:>4} w {'1' if winner == white else '0'}")
            blocks[black].append(f"{white + 1:>4} b {'1' if winner == black else '0'}")
    lines = [player_line(i + 1, f"Player {name}", rating=str(rating or ""), rounds=tuple(blocks[i]),
                         fide_id=str(1000 + i)) for i, (name, rating) in enumerate(SEED_RR)]
    return trfconv.reads(trf("012 Seed 10.54", "042 2006/03/01", "052 2006/03/09", *lines))
