"""Whether an event is a team event, from what the file declares, before the records it holds;
and whether an event that declares no system looks like a round robin.

A team record (TRF 013, TRF-2026 310) does not make an event a team competition: one stray 013
line in a 52-player individual Swiss (092 "Individual", 082 0) would turn it into a team event
for the standings, the validator and the checks. So the declarations decide, in order: the
TRF-2026 192 system code (``FIDE_TEAM_…`` or an individual system), the 092 type text
(``Team``/``Mannschaft``/``équipe`` or ``Individual``/``Einzel``), the 082 number of teams; only
when none says, the teams of the file do (and then only when their players met).
"""

from __future__ import annotations

import re

from .model import Tournament
from .sides import met_twice

#: The event types as chess-results' XML numbers them (Swiss-Manager and Swiss-Chess number
#: them alike) -> the TRF 092 wording trfconv uses for each.
NUMBERED_TYPES = {
    "0": "Individual: Swiss-System",
    "1": "Individual: Round-Robin",
    "2": "Team: Round-Robin",
    "3": "Team: Swiss-System",
}
_TEAM = re.compile(r"team|[ée]quipe|mannschaft|equipo|olympiad", re.IGNORECASE)
_INDIVIDUAL = re.compile(r"individu|einzel|personal", re.IGNORECASE)


def declared_team(t: Tournament) -> tuple[bool | None, str]:
    """(True: a team event, False: individual, None: the file does not say; what says so)."""
    system = (t.pairing.system or "").upper()
    if system:
        return ("TEAM" in system or "OLYMPIAD" in system), f"192 {t.pairing.system}"
    text = t.event.type or ""
    if _TEAM.search(text):
        return True, f"092 {text!r}"
    if _INDIVIDUAL.search(text):
        return False, f"092 {text!r}"
    declared = t.event.declared_teams
    if isinstance(declared, int):
        return declared > 0, f"082 {declared}"
    return None, ""


def is_team_event(t: Tournament) -> bool:
    """A team event: declared so, or, when nothing is declared, a file with teams whose players met."""
    declared, _ = declared_team(t)
    if declared is not None:
        return declared
    return bool(t.teams) and any(p.rounds for p in t.players)


def round_robin_by_counts(t: Tournament, participants: int, rounds: int) -> bool:
    """An event whose type says neither Swiss nor round robin: a round robin when its
    ``participants`` (players, or teams) and ``rounds`` are those of one (``n`` participants:
    ``n - 1`` or ``n`` rounds, one bye a round when ``n`` is odd; twice that, or one round less,
    for a double round robin), and no two players met twice within one cycle (a Swiss with
    rematches has such counts too)."""
    n = participants
    return (rounds in (n - 1, n, 2 * (n - 1), 2 * n - 1, 2 * n)
            and not met_twice(t.players, n if n % 2 else n - 1))
