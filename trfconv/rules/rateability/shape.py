"""What kind of event the rules see: individual or team, Swiss, round robin (single or double),
or a match; declared by TRF-2026 192 or the 092 text, otherwise inferred from the crosstable."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...eventkind import is_team_event, round_robin_by_counts
from ...messages import Message, msg
from ...model import Tournament
from ...sides import met_twice

_ROUND_ROBIN = re.compile(
    r"round[\s-]*robin|berger|rundenturnier|toutes[\s-]*rondes|all[\s-]*play[\s-]*all|"
    r"todos\s+contra\s+todos|\brr\b", re.IGNORECASE)
_SWISS = re.compile(r"swiss|schweiz|suisse|suizo|dutch|dubov|burstein|\blim\b", re.IGNORECASE)
_DOUBLE = re.compile(r"double|doppel|doble", re.IGNORECASE)
_MATCH = re.compile(r"\bmatch\b|wettkampf", re.IGNORECASE)
_SCHEVENINGEN = re.compile(r"scheveningen", re.IGNORECASE)
_LEAGUE = re.compile(r"league|liga|ligue|championship|championnat|campeonato|meisterschaft", re.IGNORECASE)


@dataclass(frozen=True)
class Shape:
    team: bool
    round_robin: bool  #: individual or team round robin
    double: bool  #: double round robin
    match: bool  #: two players, a fixed number of games
    scheveningen: bool  #: team against team, every player meets every opponent of the other side
    league: bool  #: a league or championship (B.02 2005 4.11: may last over 90 days)
    declared_by: str | None  #: the 192 code or 092 text that declared the system; None: inferred

    @property
    def description(self) -> Message:
        kind = (_KINDS["match"] if self.match else
                _KINDS["double round robin" if self.double else "round robin"] if self.round_robin else
                _KINDS["Scheveningen" if self.scheveningen else "Swiss"])
        if self.team:
            kind = msg("team {kind}", kind=kind)
        if self.declared_by:
            return msg("{kind} (declared: {declared})", kind=kind, declared=self.declared_by)
        return msg("{kind} (inferred from the crosstable)", kind=kind)


#: The kinds of event as the verdict names them.
_KINDS = {"match": msg("match"), "double round robin": msg("double round robin"), "round robin": msg("round robin"),
          "Scheveningen": msg("Scheveningen"), "Swiss": msg("Swiss")}


def shape_of(t: Tournament) -> Shape:
    system = (t.pairing.system or "").upper()
    text = t.event.type or ""
    players, rounds = len(t.players), t.rounds
    team = is_team_event(t)
    league = bool(_LEAGUE.search(f"{text} {t.event.name or ''}"))
    match = not team and (players == 2 or bool(_MATCH.search(text)))
    scheveningen = "SCHEVENINGEN" in system or bool(_SCHEVENINGEN.search(text))
    if system:
        round_robin, declared = "ROUNDROBIN" in system, t.pairing.system
    elif _ROUND_ROBIN.search(text):
        round_robin, declared = True, text
    elif _SWISS.search(text) or scheveningen:
        round_robin, declared = False, text
    else:
        round_robin = not match and players > 2 and round_robin_by_counts(t, players, rounds)
        declared = None
    double = round_robin and (
        "DOUBLE" in system or bool(_DOUBLE.search(text)) or (players > 2 and rounds >= 2 * (players - 1))
        or met_twice(t.players))
    return Shape(team, round_robin, double, match, scheveningen, league, declared)


