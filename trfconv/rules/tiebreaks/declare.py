"""Points and ranks for a file that does not give them: what a converted file's player lines
hold. TRF16 and TRF-2026 give every player line its points (columns 81-84) and rank (86-89),
and programs reading TRF refuse a line without them (bbpPairings: "Invalid line"); the pairing
programs' own files (Swiss-Manager, PGN) store neither, since they compute them. trfconv computes
them too: its standings (the file's tie-break list, else the recommended one, as ``standings``
says), for the rounds held (a file in progress stands after its last round held).

Only what the file does not give is filled: a declared value is the file's own and stays (a
disagreement is the checks' to report, TRF033). Ranks are filled when no player has one (a rank
filled beside declared ones could repeat one of them). A team event ranks teams, not players: its
players' ranks stay blank, and that is said (``WRT004``)."""

from __future__ import annotations

from dataclasses import replace

from ...diagnostics import Diagnostic, diagnostic
from ...model import Tournament
from ...numbers import exact_sum
from .standings import standings

_SHOWN = 5


def with_standings(t: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    """``t`` with the points and ranks it does not give filled from trfconv's standings, and
    what was filled (``WRT007``) or could not be (``WRT004``)."""
    no_points = [p.start_number for p in t.players if p.points is None]
    no_rank = not any(p.rank is not None for p in t.players)
    if not t.players or not t.rounds or not (no_points or no_rank):
        return t, []
    result = standings(t)
    list_used = ", ".join(s.text for s in result.specs)
    said: list[Diagnostic] = []
    if result.teams:
        points = {p.start_number: exact_sum(t.scores.points(e) for e in p.rounds) for p in t.players}
        ranks: dict[int, int] = {}
        if no_rank:
            said.append(diagnostic("WRT004", "the players' ranks cannot be filled: a team event ranks teams (their "
                                             "ranks are the teams'); the players' rank columns are left blank"))
    else:
        points = {r.player.start_number: r.values[0] for r in result.rows}
        ranks = {r.player.start_number: r.rank for r in result.rows} if no_rank else {}
    filled = []
    if no_points:
        filled.append(f"the points of {len(no_points)} player(s) ({_numbers(no_points)})")
    if ranks:
        tied = sum(1 for r in result.rows if r.lots)
        filled.append(f"every player's rank, by points then {list_used.removeprefix('PTS, ') or 'nothing else'}"
                      + (f" ({tied} players still tied share a rank)" if tied else ""))
    after = f" after round {result.after_round}" if result.after_round is not None else ""
    said.insert(0, diagnostic("WRT007", f"the file does not give {' and '.join(filled)}: written from trfconv's "
                                        f"standings{after}"))
    players = tuple(replace(p, points=points.get(p.start_number) if p.points is None else p.points,
                            rank=ranks.get(p.start_number, p.rank))
                    for p in t.players)
    return replace(t, players=players), said


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:_SHOWN])) + (" …" if len(numbers) > _SHOWN else "")
