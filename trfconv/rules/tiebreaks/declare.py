"""Points and ranks for a file that does not give them: what a converted file's player lines
hold. TRF16 and TRF-2026 give every player line its points (columns 81-84) and rank (86-89),
and programs reading TRF refuse a line without them (bbpPairings: "Invalid line"); the pairing
programs' own files (Swiss-Manager, PGN) store neither, since they compute them. trfconv computes
them too: the points are those of the results the line holds (and the 299 records), as a
consumer adds them up, and the ranks those of its standings (the file's tie-break list, else the
recommended one, as ``standings`` says), which for a file in progress are the standings after its
last round with results (:mod:`trfconv.rules.progress`). An event not started yet (players, no game)
gets its points, 0 each, and no rank: nobody is ranked before a game.

Only what the file does not give is filled: a declared value is the file's own and stays (a
disagreement is the checks' to report, TRF033). Ranks are filled when no player has one (a rank
filled beside declared ones could repeat one of them). A team event ranks teams, not players: its
players' ranks stay blank, and that is said (``WRT004``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic
from ...messages import joined, msg
from ...model import Tournament
from ...numbers import exact_sum
from ..progress import progress
from .after_round import after_round
from .field import build
from .standings import standings

#: What joins the two things the file may lack.
AND = msg(" and ")

_SHOWN = 5


def with_standings(t: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    """``t`` with the points and ranks it does not give filled from trfconv's standings, and
    what was filled (``WRT007``) or could not be (``WRT004``)."""
    no_points = [p.start_number for p in t.players if p.points is None]
    no_rank = not any(p.rank is not None for p in t.players)
    if not t.players or not (no_points or no_rank):
        return t, []
    played = progress(t).played
    result = standings(t) if played else None
    said: list[Diagnostic] = []
    if result is None:
        points = dict.fromkeys(no_points, Fraction(0))
        ranks: dict[int, int] = {}
    elif result.teams:
        points = {p.start_number: exact_sum(t.scores.points(e) for e in p.rounds) for p in t.players}
        ranks = {}
        if no_rank:
            said.append(diagnostic("WRT004", msg("the players' ranks cannot be filled: a team event ranks teams (their "
                                                 "ranks are the teams'); the players' rank columns are left blank")))
    else:  # standings cut after a round leave results out: the points are the whole lines'
        points = _points(t) if result.after_round is not None else {r.player.start_number: r.values[0]
                                                                    for r in result.rows}
        ranks = {r.player.start_number: r.rank for r in result.rows} if no_rank else {}
    filled = []
    if no_points:
        filled.append(msg("the points of {count} player(s) ({numbers})", count=len(no_points),
                          numbers=_numbers(no_points)))
    if ranks and result is not None:
        list_used = ", ".join(s.text for s in result.specs).removeprefix("PTS, ") or msg("nothing else")
        tied = sum(1 for r in result.rows if r.lots)
        rank = (msg("every player's rank after round {round}, by points then {tiebreaks}", round=result.after_round,
                    tiebreaks=list_used) if result.after_round is not None else
                msg("every player's rank, by points then {tiebreaks}", tiebreaks=list_used))
        filled.append(msg("{rank} ({tied} players still tied share a rank)", rank=rank, tied=tied) if tied else rank)
    if not filled:
        return t, said
    where = (msg("the event has no game yet: every player has 0 points and no rank") if result is None
             else msg("written from trfconv's standings"))
    what = joined(filled, AND)
    said.insert(0, diagnostic("WRT007", msg("the file does not give {what}: {where}", what=what, where=where)))
    players = tuple(replace(p, points=points.get(p.start_number) if p.points is None else p.points,
                            rank=ranks.get(p.start_number, p.rank))
                    for p in t.players)
    return replace(t, players=players), said


def _points(t: Tournament) -> dict[int, Fraction]:
    """Each player's points from every result his line holds, with the 299 records: the points a
    consumer adds up from the line (a round still in play counts the results already in)."""
    f = build(after_round(t, t.rounds, declared=True))
    return {n: Fraction(score, f.unit) for n, score in zip(f.numbers, f.standings_scores(), strict=True)}


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers[:_SHOWN])) + (" …" if len(numbers) > _SHOWN else "")
