"""The pairings of a Swiss event, checked before upload (FIDE's checklist asks a program to
re-check imported rounds, a hard fail: Q54, VCL.12): every finding comes from the pairings checker
(:func:`..swiss.check.check_pairings`), under the edition of the Swiss rules in force at the
event's start, so that ``check --upload`` and ``trfconv pairings`` say the same:

- UPL050, UPL051, UPL052: the absolute criteria the file breaks (:mod:`..swiss.absolute`: a
  rematch, a pairing-allocated bye the rules bar, a colour sequence C.04.1 forbids), errors,
  whatever Swiss system the file declares, or none;
- UPL054: in a file that says it was paired by the Dutch system (192 FIDE_DUTCH…, or 092), a round
  that is not the Dutch system's pairing, with the criterion that decides, a warning: FIDE's
  rating server does not check pairings;
- UPL056: the same comparison in a file that names no pairing system (most TRF16 files,
  Swiss-Manager files of a Swiss), once for the file: the Dutch system is assumed and said, and
  the rounds that differ are information, never an error;
- UPL055: the rounds the checker cannot judge, or a system it does not check that the file
  declares.

Round robins, team events and files without a Swiss system are not checked: C1 does not hold in
a double round robin.
"""

from __future__ import annotations

from ...diagnostics import Diagnostic, diagnostic
from ...messages import SEMICOLON, Message, joined, msg
from ...model import Tournament
from ..progress import rounds_named
from ..swiss.check import PairingsCheck, RoundCheck, RoundVerdict, check_pairings
from ..tiebreaks.field import event_rounds, is_round_robin

#: The code of each kind of absolute criterion broken.
CODES = {"rematch": "UPL050", "pab_bar": "UPL051", "colour": "UPL052"}


def is_swiss(t: Tournament, team: bool) -> bool:
    """The event is an individual Swiss: 192/092 say so, or the counts do (not a round robin);
    a Swiss has fewer rounds than players (a match of two players over six games is none)."""
    return not team and event_rounds(t) < len(t.players) and not is_round_robin(t)


def swiss_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL050-UPL052 (absolute criteria broken) and UPL054-UPL056 (the rounds held to the Dutch
    system) for a Swiss event, under the edition in force at its start."""
    if not is_swiss(t, team):
        return []
    check = check_pairings(t)
    out = []
    for b in check.broken:
        path, line, _ = t.source.player_at(b.player)
        name = t.player(b.player).name
        out.append(diagnostic(CODES[b.kind], msg("player {number} ({name}), round {round}: {problem}", number=b.player,
                                                 name=name, round=b.round, problem=b.message), path=path,
                              line=line, column=92 + 10 * (b.round - 1)))
    path = t.source.path
    if not check.checked:
        return out + [diagnostic("UPL055", msg("pairings not checked: {why}", why=check.why_not), path=path)]
    differ = [r for r in check.rounds if r.verdict in (RoundVerdict.DIFFERS, RoundVerdict.COLOURS)]
    edition = check.rules.name
    if check.assumed and differ:
        rest = tuple(r.round for r in differ[1:])
        first = msg("{rounds} not the Dutch system's pairing ({edition}{assumed}): round {round}: {why}",
                    rounds=rounds_named(tuple(r.round for r in differ)), edition=edition, assumed=_assumed(check),
                    round=differ[0].round, why=_why(differ[0]))
        out.append(diagnostic("UPL056", msg("{first}; and {rest}: trfconv pairings shows each", first=first,
                                            rest=rounds_named(rest)) if rest else first, path=path))
    for r in () if check.assumed else differ:
        if r.verdict is RoundVerdict.COLOURS:
            said = msg("round {round}: the colours of {count} pair(s) are not the Dutch system's ({edition}): {why}",
                       round=r.round, count=len(r.colours), edition=edition, why=_why(r))
        else:
            said = msg("round {round} is not the Dutch system's pairing ({edition}): {why}", round=r.round,
                       edition=edition, why=_why(r))
        out.append(diagnostic("UPL054", said, path=path))
    cannot = [r for r in check.rounds if r.verdict is RoundVerdict.CANNOT]
    if cannot:
        reasons = dict.fromkeys(reason for r in cannot for reason in r.reasons)
        out.append(diagnostic("UPL055", msg("round(s) {rounds} not judged against the Dutch system{assumed}: {why}",
                                            rounds=", ".join(str(r.round) for r in cannot), assumed=_assumed(check),
                                            why=joined(list(reasons), SEMICOLON)), path=path))
    return out


def _why(r: RoundCheck) -> Message:
    """Why a round is not the Dutch system's pairing: the criterion that decides, or the colour rule."""
    if r.verdict is RoundVerdict.COLOURS:
        c = r.colours[0]
        return msg("White for {player} in the file; {rule}: {text}", player=c.file_white, rule=c.rule, text=c.text)
    return msg("{label}: {text}", label=r.difference.label, text=r.difference.text)


def _assumed(check: PairingsCheck) -> str:
    """What a comparison rests on when the file names no pairing system."""
    return msg("; the file names no pairing system: the Dutch one assumed, for information") if check.assumed else ""
