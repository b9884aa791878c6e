"""The pairings of a Swiss event re-checked against the absolute criteria every file must meet
(FIDE's checklist asks a program to re-check imported rounds, a hard fail: Q54, VCL.12), under the
edition of the Swiss rules in force at the event's start (:mod:`..swiss.rules`: C.04.1 and C.04.3
before and from 1 February 2026), each finding citing that edition's articles:

- C1 (C.04.1 b / Art. 2): two players do not meet more than once. Only games played over the
  board are counted (a forfeited pairing is no game played: C.04.2 Art. 3.5 from 2026; trfconv's
  reading of the 2017 texts, not a quotation).
- C2 (C.04.1 d / Art. 4): a player barred from the pairing-allocated bye does not receive it: one
  who already had one, or (2017) a forfeit win, or (2026) any round scored without playing at a
  win's points under the file's point system (a forfeit win, a full-point bye).
- C3 with the colour preferences and topscorers (2017 A.6, A.7; 2026 1.7, 1.8): non-topscorers with
  the same absolute colour preference do not meet; the consequence a file shows is a colour
  sequence C.04.1 forbids: the same colour three times in a row, or a colour difference beyond ±2.
  C.04.3 allows it only when pairing the last round and only for topscorers (over 50 % of the
  maximum possible score), so in the last round a sequence is not reported when the player or the
  opponent is a topscorer (C3 forbids the meeting of two non-topscorers only).

Colours count games played (unplayed games do not count for colours: C.04.2 D.5 / Art. 3.4). Round
robins, team events and files without a Swiss system are not checked: C1 does not hold in a double
round robin.
"""

from __future__ import annotations

from fractions import Fraction

from ...diagnostics import Diagnostic, diagnostic
from ...model import Bye, ByeKind, Colour, Forfeit, Game, Player, Tournament
from ..swiss.rules import SwissRules, event_start, swiss_rules
from ..tiebreaks.field import event_rounds, is_round_robin


def is_swiss(t: Tournament, team: bool) -> bool:
    """The event is an individual Swiss: 192/092 say so, or the counts do (not a round robin);
    a Swiss has fewer rounds than players (a match of two players over six games is none)."""
    return not team and event_rounds(t) < len(t.players) and not is_round_robin(t)


def swiss_findings(t: Tournament, team: bool) -> list[Diagnostic]:
    """UPL050 (met twice), UPL051 (a pairing-allocated bye the rules bar) and UPL052 (a colour
    sequence FIDE forbids) for a Swiss event, under the edition in force at its start."""
    if not is_swiss(t, team):
        return []
    rules = swiss_rules(event_start(t))
    last = event_rounds(t)
    edition = f"{rules.name} edition"
    out = []
    for p in t.players:
        path, line, _ = t.source.player_at(p.start_number)

        def report(code: str, r: int, message: str, p: Player = p, path: str | None = path,
                   line: int | None = line) -> None:
            out.append(diagnostic(code, f"player {p.start_number} ({p.name}), round {r}: {message}", path=path,
                                  line=line, column=92 + 10 * (r - 1)))
        met: dict[int, int] = {}
        barred: str | None = None
        colours: list[Colour] = []
        for r, e in enumerate(p.rounds, 1):
            if isinstance(e, Game):
                if e.opponent in met and p.start_number < e.opponent:
                    report("UPL050", r, f"meets {e.opponent} again (first in round {met[e.opponent]}; "
                                        f"{rules.criterion('rematch')}, {rules.article('rematch')}; {edition})")
                met.setdefault(e.opponent, r)
                if e.colour is not None:
                    colours.append(e.colour)
                    problem = _colour_problem(colours, rules)
                    opponent = t.player(e.opponent)
                    if problem and not (r == last and (_topscorer(t, p, r, rules) or (
                            opponent is not None and _topscorer(t, opponent, r, rules)))):
                        report("UPL052", r, f"{problem} ({problem_article(problem, rules)}; "
                                            f"{rules.criterion('absolute_colour')}, {rules.article('topscorer')}: "
                                            f"allowed only to topscorers in the last round; {edition})")
            elif isinstance(e, Bye) and e.kind is ByeKind.PAB and barred:
                report("UPL051", r, f"a pairing-allocated bye after {barred} ({rules.criterion('pab_bar')}, "
                                    f"{rules.article('pab_bar')}: barred after {rules.pab_bar_text}; {edition})")
            if barred is None and rules.bars_pab(e, t.scores):
                barred = f"{_unplayed_name(e)} in round {r}"
    return out


def _unplayed_name(e) -> str:
    """What an unplayed round that bars the PAB was, as a message names it."""
    if isinstance(e, Forfeit):
        return "a forfeit win"
    return {ByeKind.PAB: "the pairing-allocated bye", ByeKind.FULL: "a full-point bye"}.get(e.kind, "a bye")


def problem_article(problem: str, rules: SwissRules) -> str:
    """The C.04.1 article a colour problem breaks."""
    return rules.article("same_colour" if "in a row" in problem else "colour_difference")


def _colour_problem(colours: list[Colour], rules: SwissRules) -> str | None:
    """What is wrong with a colour sequence that ends with the game just added."""
    run = rules.same_colour_limit + 1
    if len(colours) >= run and len(set(colours[-run:])) == 1:
        times = {3: "three times", 4: "four times"}.get(run, f"{run} times")
        return f"{'White' if colours[-1] is Colour.WHITE else 'Black'} {times} in a row"
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    limit = rules.colour_difference_limit
    if abs(difference) > limit:
        return f"colour difference {difference:+d} (beyond ±{limit})"
    return None


def _topscorer(t: Tournament, p: Player, r: int, rules: SwissRules) -> bool:
    """The player's score before round ``r`` is over the edition's share (50 %) of the maximum
    possible then (2017 A.7, 2026 1.8)."""
    before = sum((t.scores.points(e) for e in p.rounds[:r - 1]), Fraction(0))
    return before > Fraction(r - 1) * max(t.scores.win_white, t.scores.win_black) * rules.topscorer_share
