"""Counts derived from a tournament: players, rounds, and round entries by kind (``trfconv info``)."""

from __future__ import annotations

from collections import Counter

from .model import Bye, Forfeit, Game, NotPaired, Pending, Tournament, Unreadable


def counts(t: Tournament) -> dict[str, int]:
    """Players, teams and rounds, and every round entry by kind. Games and forfeits are counted
    once per pairing (a double forfeit is one forfeit)."""
    kinds: Counter[str] = Counter()
    for p in t.players:
        for e in p.rounds:
            match e:
                case Game(rated=True, opponent=o) if p.start_number < o:
                    kinds["rated_games"] += 1
                case Game(rated=False, opponent=o) if p.start_number < o:
                    kinds["unrated_games"] += 1
                case Forfeit(opponent=o) if o is None or p.start_number < o:
                    kinds["forfeits"] += 1
                case Bye(kind=kind):
                    kinds[f"byes_{kind.name.lower()}"] += 1
                case NotPaired():
                    kinds["not_paired"] += 1
                case Pending(opponent=o) if p.start_number < o:
                    kinds["pending_games"] += 1
                case Unreadable():
                    kinds["unreadable"] += 1
    out = {
        "players": len(t.players),
        "rated_players": sum(1 for p in t.players if p.rating),
        "teams": len(t.teams),
        "rounds": t.rounds,
    }
    for key in ("rated_games", "unrated_games", "forfeits", "byes_pab", "byes_full", "byes_half",
                "byes_zero", "not_paired", "pending_games", "unreadable"):
        out[key] = kinds[key]
    return out
