"""The tournament as it stood after round N: what standings "after round N" are computed on.

C.07 computes the tie-breaks of a player from the rounds that exist; after round N the later
rounds do not exist yet, so they are not unplayed rounds either (a requested bye in round N is a
bye of the last round, Art. 16.2.5; a player absent from N+1 on has not withdrawn). So the
standings after round N are the standings of the file cut after round N: every round entry past
N left out, the event declared with N rounds, the round dates, requested byes, 299 records and
team line-ups of later rounds left out, and the points and ranks the file declares (which are
those after the last round) no longer claimed.
"""

from __future__ import annotations

from dataclasses import replace

from ...adjustments import FINAL_ROUND
from ...errors import UsageError
from ...messages import msg
from ...model import Tournament


class NoSuchRound(UsageError):
    """A round the file does not hold."""


def after_round(t: Tournament, n: int, *, declared: bool = False) -> Tournament:
    """``t`` cut after round ``n`` (1 <= n <= the rounds the file holds; :class:`NoSuchRound`
    otherwise, whose message is what the command line and the web page say).
    A 299 record of the final standings (round 999) is dropped unless ``n`` is the last round:
    it is counted in the final standings only. ``declared``: the points and ranks the file
    declares are kept, as they are those after round ``n`` (a file in progress, cut after its
    last round held)."""
    held = t.rounds
    if not 1 <= n <= held:
        raise NoSuchRound(msg("the file holds {held} round(s); round {n} is not one of them", held=held, n=n))
    final = n >= max(held, t.event.declared_rounds or 0)
    if declared:
        players = tuple(replace(p, rounds=p.rounds[:n]) for p in t.players)
        teams = t.teams
    else:
        players = tuple(replace(p, rounds=p.rounds[:n], points=None, rank=None) for p in t.players)
        teams = tuple(replace(x, match_points=None, game_points=None, rank=None) for x in t.teams)
    event = replace(t.event, declared_rounds=n, round_dates=t.event.round_dates[:n])
    pairing = replace(t.pairing, requested_byes=tuple(b for b in t.pairing.requested_byes if b.round <= n),
                      absent_next_round=())
    team_event = replace(t.team_event, forfeits=tuple(f for f in t.team_event.forfeits if f.round <= n),
                         lineups=tuple(x for x in t.team_event.lineups if x.round <= n))
    adjustments = tuple(a for a in t.point_adjustments
                        if a.round is None or a.round <= n or (a.round == FINAL_ROUND and final))
    return replace(t, event=event, players=players, teams=teams, pairing=pairing, team_event=team_event,
                   point_adjustments=adjustments)
