"""The absolute criteria a Swiss file's pairings break, whatever system paired them: C1 (two
players meet twice), C2 (a pairing-allocated bye the rules bar) and the colour sequences C.04.1
forbids, which C3 leads to (the same colour three times in a row, a colour difference beyond
±2), under the edition of the Swiss rules in force at the event's start.

Each round is judged on the players as they stood before it (:mod:`.state`): the same opponents
met, colours, bye bar and topscorers the Dutch system pairs from and the checker's explanations
cite, so that ``check --upload`` and ``trfconv pairings`` say the same. A pairing breaks a
criterion whether or not its game has been played yet (a round in play included).

Only games played over the board are meetings (a forfeited pairing is no game played: C.04.2
Art. 3.5 from 2026; trfconv's reading of the 2017 texts, not a quotation). Colours count games
played (C.04.2 D.5 / Art. 3.4). C.04.3 allows a forbidden colour sequence only when pairing the
last round and only to topscorers (over 50 % of the maximum possible score), so in the last round
a sequence is not reported when the player or the opponent is a topscorer (C3 forbids the
meeting of two non-topscorers only).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...messages import Message, msg
from ...model import Bye, ByeKind, Colour, Forfeit, Game, Pending, Player, Tournament
from .rules import SwissRules
from .state import RoundToPair, colour_difference, played


@dataclass(frozen=True)
class Broken:
    """An absolute criterion the file breaks: ``kind`` (``rematch``, ``pab_bar``, ``colour``),
    the player and round where it shows, and what it is, citing the edition's articles; the
    opponent met again, for a rematch."""

    kind: str
    player: int
    round: int
    message: Message
    opponent: int | None = None


def broken_in(t: Tournament, to_pair: RoundToPair) -> list[Broken]:
    """The absolute criteria the file's pairing of ``to_pair.round`` breaks."""
    r, rules = to_pair.round, to_pair.rules
    edition = msg("{edition} edition", edition=rules.name)
    before = {e.number: e for e in to_pair.entrants}
    out = []
    for e in to_pair.entrants:
        p = t.player(e.number)
        entry = p.rounds[r - 1]
        if isinstance(entry, Game | Pending):
            if entry.opponent in e.opponents and e.number < entry.opponent:
                out.append(Broken("rematch", e.number, r, msg(
                    "meets {opponent} again (first in round {first}; {criterion}, {article}; {edition})",
                    opponent=entry.opponent, first=_met(p, entry.opponent), criterion=str(rules.criterion('rematch')),
                    article=rules.article('rematch'), edition=edition), entry.opponent))
            if entry.colour is not None:
                found = _colour_problem((*e.colours, entry.colour), rules)
                opponent = before.get(entry.opponent)
                if found and not (to_pair.last and (e.topscorer or (opponent is not None and opponent.topscorer))):
                    problem, article = found
                    out.append(Broken("colour", e.number, r, msg(
                        "{problem} ({article}; {criterion}, {topscorer}: allowed only to topscorers in the last round; "
                        "{edition})", problem=problem, article=rules.article(article),
                        criterion=str(rules.criterion('absolute_colour')), topscorer=rules.article('topscorer'),
                        edition=edition)))
        elif isinstance(entry, Bye) and entry.kind is ByeKind.PAB and e.pab_barred:
            out.append(Broken("pab_bar", e.number, r, msg(
                "a pairing-allocated bye after {barred_by} ({criterion}, {article}: barred after {bar}; {edition})",
                barred_by=_barred_by(t, p, r, rules), criterion=str(rules.criterion('pab_bar')),
                article=rules.article('pab_bar'), bar=rules.pab_bar_text, edition=edition)))
    return out


def _met(p: Player, opponent: int) -> int:
    """The round in which ``p`` first met ``opponent`` over the board."""
    return next(r for r, e in enumerate(p.rounds, 1) if played(e) and e.opponent == opponent)


def _barred_by(t: Tournament, p: Player, r: int, rules: SwissRules) -> Message:
    """The first unplayed round before round ``r`` that bars ``p`` from the bye, as a message
    names it."""
    k, e = next((k, e) for k, e in enumerate(p.rounds[:r - 1], 1) if rules.bars_pab(e, t.scores))
    if isinstance(e, Forfeit):
        return msg("a forfeit win in round {round}", round=k)
    kind = getattr(e, "kind", None)
    if kind is ByeKind.PAB:
        return msg("the pairing-allocated bye in round {round}", round=k)
    if kind is ByeKind.FULL:
        return msg("a full-point bye in round {round}", round=k)
    return msg("a bye in round {round}", round=k)


def _colour_problem(colours: tuple[Colour, ...], rules: SwissRules) -> tuple[Message, str] | None:
    """What is wrong with a colour sequence that ends with the game just added, and the key of
    the C.04.1 article it breaks."""
    run = rules.same_colour_limit + 1
    if len(colours) >= run and len(set(colours[-run:])) == 1:
        white = colours[-1] is Colour.WHITE
        if run == 3:
            said = msg("White three times in a row") if white else msg("Black three times in a row")
        elif run == 4:
            said = msg("White four times in a row") if white else msg("Black four times in a row")
        else:
            said = (msg("White {run} times in a row", run=run) if white
                    else msg("Black {run} times in a row", run=run))
        return said, "same_colour"
    difference = colour_difference(colours)
    limit = rules.colour_difference_limit
    if abs(difference) > limit:
        signed = f"{difference:+d}"
        return msg("colour difference {difference} (beyond ±{limit})", difference=signed, limit=limit), \
            "colour_difference"
    return None
