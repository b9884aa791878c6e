"""The absolute criteria a Swiss file's pairings break, whatever system paired them: C1 (two
players meet twice), C2 (a pairing-allocated bye the rules bar) and the colour sequences C.04.1
forbids, which C3 leads to (the same colour three times in a row, a colour difference beyond
±2), under the edition of the Swiss rules in force at the event's start.

Only games played over the board are meetings (a forfeited pairing is no game played: C.04.2
Art. 3.5 from 2026; trfconv's reading of the 2017 texts, not a quotation). Colours count games
played (C.04.2 D.5 / Art. 3.4). C.04.3 allows a forbidden colour sequence only when pairing the
last round and only to topscorers (over 50 % of the maximum possible score), so in the last round
a sequence is not reported when the player or the opponent is a topscorer (C3 forbids the
meeting of two non-topscorers only).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...model import Bye, ByeKind, Colour, Forfeit, Game, Player, Tournament
from ..tiebreaks.field import event_rounds
from .rules import SwissRules


@dataclass(frozen=True)
class Broken:
    """An absolute criterion the file breaks: ``kind`` (``rematch``, ``pab_bar``, ``colour``),
    the player and round where it shows, and what it is, citing the edition's articles."""

    kind: str
    player: int
    round: int
    message: str


def broken_rules(t: Tournament, rules: SwissRules) -> list[Broken]:
    """Every absolute criterion the file's pairings break, player by player, round by round."""
    last = event_rounds(t)
    edition = f"{rules.name} edition"
    out = []
    for p in t.players:
        met: dict[int, int] = {}
        barred: str | None = None
        colours: list[Colour] = []
        for r, e in enumerate(p.rounds, 1):
            if isinstance(e, Game):
                if e.opponent in met and p.start_number < e.opponent:
                    out.append(Broken("rematch", p.start_number, r, (
                        f"meets {e.opponent} again (first in round {met[e.opponent]}; "
                        f"{rules.criterion('rematch')}, {rules.article('rematch')}; {edition})")))
                met.setdefault(e.opponent, r)
                if e.colour is not None:
                    colours.append(e.colour)
                    problem = _colour_problem(colours, rules)
                    opponent = t.player(e.opponent)
                    if problem and not (r == last and (_topscorer(t, p, r, rules) or (
                            opponent is not None and _topscorer(t, opponent, r, rules)))):
                        out.append(Broken("colour", p.start_number, r, (
                            f"{problem} ({_problem_article(problem, rules)}; {rules.criterion('absolute_colour')}, "
                            f"{rules.article('topscorer')}: allowed only to topscorers in the last round; {edition})")))
            elif isinstance(e, Bye) and e.kind is ByeKind.PAB and barred:
                out.append(Broken("pab_bar", p.start_number, r, (
                    f"a pairing-allocated bye after {barred} ({rules.criterion('pab_bar')}, "
                    f"{rules.article('pab_bar')}: barred after {rules.pab_bar_text}; {edition})")))
            if barred is None and rules.bars_pab(e, t.scores):
                barred = f"{_unplayed_name(e)} in round {r}"
    return out


def _unplayed_name(e) -> str:
    """What an unplayed round that bars the PAB was, as a message names it."""
    if isinstance(e, Forfeit):
        return "a forfeit win"
    return {ByeKind.PAB: "the pairing-allocated bye", ByeKind.FULL: "a full-point bye"}.get(e.kind, "a bye")


def _problem_article(problem: str, rules: SwissRules) -> str:
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
