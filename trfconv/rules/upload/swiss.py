"""The pairings of a Swiss event re-checked against the absolute criteria every file must meet
(FIDE's checklist asks a program to re-check imported rounds, a hard fail: Q54, VCL.12).

From the FIDE Dutch system (C.04.3) and the basic rules of Swiss systems (C.04.1):

- C1: two players do not meet more than once. Only games played over the board are counted
  (a forfeited pairing is no game played; this is trfconv's reading, not a quotation).
- C2: a player who has already received a pairing-allocated bye, or has already scored a win
  because the opponent did not appear (a forfeit win), does not receive the pairing-allocated bye.
- C3 with A.6 and A.7: non-topscorers with the same absolute colour preference (colour
  difference beyond ±1, or the same colour in the two latest games played) do not meet; the
  consequence a file shows is a colour sequence C.04.1 forbids: the same colour three times in a
  row, or a colour difference beyond ±2. C.04.3 allows it only when pairing the last round and
  only for topscorers (A.7: a score of over 50 % of the maximum possible when pairing the final
  round), so in the last round a sequence is not reported when the player or the opponent is a
  topscorer (C3 forbids the meeting of two non-topscorers only).

Colours count games played (A.6: unplayed games do not count for colours). Round robins, team
events and files without a Swiss system are not checked: C1 does not hold in a double round robin.
"""

from __future__ import annotations

from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic
from ...model import Bye, ByeKind, Colour, Forfeit, Game, Player, Tournament
from ..tiebreaks.field import event_rounds, is_round_robin


def is_swiss(t: Tournament, team: bool) -> bool:
    """The event is an individual Swiss: 192/092 say so, or the counts do (not a round robin);
    a Swiss has fewer rounds than players (a match of two players over six games is none)."""
    return not team and event_rounds(t) < len(t.players) and not is_round_robin(t)


def swiss_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL050 (met twice), UPL051 (a second PAB, or a PAB after a forfeit win) and UPL052 (a
    colour sequence FIDE forbids) for a Swiss event."""
    if not is_swiss(t, team):
        return []
    last = event_rounds(t)
    out = []
    for p in t.players:
        path, line, _ = t.source.player_at(p.start_number)

        def report(code: str, r: int, message: str, p: Player = p) -> None:
            out.append(diagnostic(code, f"player {p.start_number} ({p.name}), round {r}: {message}", path=path,
                                  line=line, column=92 + 10 * (r - 1)))
        met: dict[int, int] = {}
        bye_reason: str | None = None
        colours: list[Colour] = []
        for r, e in enumerate(p.rounds, 1):
            if isinstance(e, Game):
                if e.opponent in met and p.start_number < e.opponent:
                    report("UPL050", r, f"meets {e.opponent} again (first in round {met[e.opponent]}; C.04.3 C1)")
                met.setdefault(e.opponent, r)
                if e.colour is not None:
                    colours.append(e.colour)
                    problem = _colour_problem(colours)
                    opponent = t.player(e.opponent)
                    if problem and not (r == last and (_topscorer(t, p, r) or (opponent is not None
                                                                              and _topscorer(t, opponent, r)))):
                        report("UPL052", r, f"{problem} (C.04.1; C.04.3 C3, A.6: allowed only to topscorers "
                                            "in the last round)")
            elif isinstance(e, Bye) and e.kind is ByeKind.PAB:
                if bye_reason:
                    report("UPL051", r, f"a pairing-allocated bye after {bye_reason} (C.04.3 C2)")
                bye_reason = bye_reason or f"the one of round {r}"
            elif isinstance(e, Forfeit) and e.won and e.opponent is not None:
                bye_reason = bye_reason or f"a forfeit win in round {r}"
    return out


def _colour_problem(colours: list[Colour]) -> str | None:
    """What is wrong with a colour sequence that ends with the game just added."""
    if len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3]:
        return f"{'White' if colours[-1] is Colour.WHITE else 'Black'} three times in a row"
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if abs(difference) > 2:
        return f"colour difference {difference:+d} (beyond ±2)"
    return None


def _topscorer(t: Tournament, p: Player, r: int) -> bool:
    """A.7: the player's score before round ``r`` is over 50 % of the maximum possible then."""
    before = sum((t.scores.points(e) for e in p.rounds[:r - 1]), Fraction(0))
    return before > Fraction(r - 1) * t.scores.win_white / 2
