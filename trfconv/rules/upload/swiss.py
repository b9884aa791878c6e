"""The pairings of a Swiss event, checked before upload (FIDE's checklist asks a program to
re-check imported rounds, a hard fail: Q54, VCL.12) by the pairings checker of
:mod:`..swiss` under the edition of the Swiss rules in force at the event's start:

- UPL050, UPL051, UPL052: the absolute criteria the file breaks (:mod:`..swiss.absolute`: a
  rematch, a pairing-allocated bye the rules bar, a colour sequence C.04.1 forbids), errors;
- UPL054: in a file that says it was paired by the Dutch system (192 FIDE_DUTCH…, or 092), a round
  that is not the Dutch system's pairing, with the criterion that decides (:mod:`..swiss.check`), a
  warning: FIDE's rating server does not check pairings;
- UPL055: the rounds the checker cannot judge from such a file, or a system it does not check
  that the file declares.

A file that names no pairing system is held to the absolute criteria only (``trfconv pairings``
holds it to the Dutch system, and says it assumes so).

Round robins, team events and files without a Swiss system are not checked: C1 does not hold in
a double round robin.
"""

from __future__ import annotations

from ...diagnostics import Diagnostic, diagnostic
from ...model import Tournament
from ..swiss.absolute import broken_rules
from ..swiss.check import Verdict, check_pairings, declares_dutch
from ..swiss.rules import event_start, swiss_rules
from ..tiebreaks.field import event_rounds, is_round_robin

#: The code of each kind of absolute criterion broken.
CODES = {"rematch": "UPL050", "pab_bar": "UPL051", "colour": "UPL052"}


def is_swiss(t: Tournament, team: bool) -> bool:
    """The event is an individual Swiss: 192/092 say so, or the counts do (not a round robin);
    a Swiss has fewer rounds than players (a match of two players over six games is none)."""
    return not team and event_rounds(t) < len(t.players) and not is_round_robin(t)


def swiss_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL050-UPL052 (absolute criteria broken) and UPL054/UPL055 (the rounds held to the Dutch
    system) for a Swiss event, under the edition in force at its start."""
    if not is_swiss(t, team):
        return []
    out = []
    for b in broken_rules(t, swiss_rules(event_start(t))):
        path, line, _ = t.source.player_at(b.player)
        name = t.player(b.player).name
        out.append(diagnostic(CODES[b.kind], f"player {b.player} ({name}), round {b.round}: {b.message}", path=path,
                              line=line, column=92 + 10 * (b.round - 1)))
    path = t.source.path
    if not (declares_dutch(t) or t.pairing.system):
        return out
    check = check_pairings(t)
    if not check.checked:
        return out + [diagnostic("UPL055", f"pairings not checked: {check.why_not}", path=path)]
    edition = check.rules.name
    for r in check.rounds:
        if r.verdict is Verdict.DIFFERS and r.difference is not None:
            out.append(diagnostic("UPL054", f"round {r.round} is not the Dutch system's pairing ({edition}): "
                                            f"{r.difference.label}: {r.difference.text}", path=path))
        elif r.verdict is Verdict.COLOURS:
            c = r.colours[0]
            out.append(diagnostic("UPL054", f"round {r.round}: the colours of {len(r.colours)} pair(s) are not the "
                                            f"Dutch system's ({edition}): White for {c.file_white} in the file; "
                                            f"{c.rule}: {c.text}", path=path))
    cannot = [r for r in check.rounds if r.verdict is Verdict.CANNOT]
    if cannot:
        reasons = dict.fromkeys(reason for r in cannot for reason in r.reasons)
        out.append(diagnostic("UPL055", f"round(s) {', '.join(str(r.round) for r in cannot)} not judged against the "
                                        f"Dutch system: {'; '.join(reasons)}", path=path))
    return out
