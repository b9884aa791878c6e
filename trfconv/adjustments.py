"""TRF-2026 record 299, abnormal points assignment: what a record means, whatever reads it.

A 299 record has a type (``W D L F H Z + -`` or blank), match points (8-11, team events), game
points or a player's points (14-17), a round (20-22; blank or ``000`` = all) and ids. Its four
meanings are those of FIDE TEC's reference checker (gacrux 1.11.65, ``trf2json.py``
``parse_trf_abnormal`` and ``update_abnormal_list``; ``tiebreak.py`` ``compute_score``,
``compute_pts``):

1. typed, no ids, no round (``299 H  0.0  0.5``): the value of that kind of unplayed result
   (:attr:`Resolved.defaults`, a letter of :data:`DEFAULT_KINDS`);
2. typed, a round and ids (``299 W  2.0  2.5    2   17``): that competitor's result in that
   round becomes that kind, worth these points (:attr:`Resolved.results`);
3. blank type, ids, a round below 999 or all rounds (``299    -1.0  -2.0    4   31``): a
   penalty/bonus counted in the score from that round on (:attr:`Resolved.in_score`). As in
   gacrux it is part of the competitor's score (PTS, the dummy opponent of its own unplayed
   rounds, the Koya limit), while the score its opponents' Buchholz and Sonneborn-Berger see is
   built from its results alone (gacrux ``tiebreak.py`` 1171 leaves ``adj`` out of ``abh``);
4. blank type, ids, round 999: counted in the final standings score (PTS) only
   (:attr:`Resolved.final`).

Anything else, an id that is not a competitor, or a round beyond the event, is reported (TB009,
TB010) and not applied; each applied record is reported (TB011) so that the standings say why a
score is not the sum of the results.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from .diagnostics import Diagnostic, diagnostic
from .model import PointAdjustment, ScoreSystem, Tournament
from .numbers import short_text

#: Round number of a record that counts in the final standings only (meaning 4).
FINAL_ROUND = 999
#: Letters whose value a record without ids and round sets (meaning 1). ``+`` and ``-`` are the
#: forfeit win and loss, as everywhere in TRF; gacrux's unreachable branch would file them under
#: its full-point and zero-point bye keys (F, Z), and what it does run files them under keys
#: nothing reads, so they change nothing there (see the tests).
DEFAULT_KINDS = "FHZ+-"
#: Letters of a result (meaning 2): the outcome of a game they stand for (2 win, 1 draw, 0 loss).
RESULT_OUTCOME = {"W": 2, "+": 2, "F": 2, "D": 1, "H": 1, "L": 0, "-": 0, "Z": 0}


@dataclass(frozen=True)
class Change:
    """Match points and points (game points, or a player's points) of one record."""

    mp: Fraction | None
    points: Fraction | None


@dataclass
class Resolved:
    """The 299 records of a tournament sorted by meaning (ids are start numbers, or team
    numbers in a team event; rounds are 1-based)."""

    defaults: dict[str, Change] = field(default_factory=dict)
    results: dict[tuple[int, int], tuple[str, Change]] = field(default_factory=dict)
    in_score: dict[int, list[tuple[int | None, Change]]] = field(default_factory=dict)
    final: dict[int, list[Change]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def total(self, number: int, mp: bool, *, final: bool) -> Fraction:
        """The sum of a competitor's penalties/bonuses (meaning 3, or 4 with ``final``) in match
        points or in points."""
        changes = self.final.get(number, []) if final else [c for _, c in self.in_score.get(number, [])]
        return sum(((c.mp if mp else c.points) or Fraction(0) for c in changes), Fraction(0))

    def values(self) -> list[Fraction]:
        """Every value the records apply (for the unit the field is held in)."""
        changes = [*self.defaults.values(), *(c for _, c in self.results.values()),
                   *(c for v in self.in_score.values() for _, c in v), *(c for v in self.final.values() for c in v)]
        return [v for c in changes for v in (c.mp, c.points) if v is not None]


def resolve(t: Tournament, ids: set[int], rounds: int, *, team: bool) -> Resolved:
    """Sort ``t``'s 299 records by meaning. ``ids`` are the competitors (start numbers, or team
    numbers when ``team``), ``rounds`` the number of rounds of the event."""
    out = Resolved()
    who = "team" if team else "player"
    for n, a in enumerate(t.point_adjustments, 1):
        text = _describe(n, a)
        problem = _problem(a, rounds, team)
        if problem:
            out.diagnostics.append(diagnostic("TB010", f"{text}: {problem}; not applied"))
            continue
        if not a.ids:
            assert a.kind is not None  # _problem refuses a record with neither ids nor type
            out.defaults[a.kind] = Change(a.match_points, a.points)
            out.diagnostics.append(diagnostic("TB011", f"{text}: {_KIND_NAMES[a.kind]} worth "
                                                       f"{_values(a, team)} in this event"))
            continue
        change = Change(a.match_points, a.points)
        for number in a.ids:
            if number not in ids:
                out.diagnostics.append(diagnostic("TB009", f"{text} names {who} {number}, who is not in the "
                                                           "file; not applied to it"))
                continue
            if a.kind:
                assert a.round is not None  # _problem refuses a result without its round
                out.results[(number, a.round)] = (a.kind, change)
                worth = (f"the score system's value of {a.kind}" if a.points is None and a.match_points is None
                         else _values(a, team))
                effect = f"{who} {number}'s result in round {a.round} is {a.kind}, worth {worth}"
            elif a.round == FINAL_ROUND:
                out.final.setdefault(number, []).append(change)
                effect = f"{who} {number} gets {_values(a, team, signed=True)} in the final score only (PTS)"
            else:
                out.in_score.setdefault(number, []).append((a.round, change))
                since = f"from round {a.round} on" if a.round else "in every round"
                effect = (f"{who} {number} gets {_values(a, team, signed=True)} {since}, in its score and "
                          "the tie-breaks built on it (its opponents' Buchholz counts its results only)")
            out.diagnostics.append(diagnostic("TB011", f"{text}: {effect}"))
    return out


def scores_with_defaults(scores: ScoreSystem, resolved: Resolved) -> ScoreSystem:
    """An individual event's score system with the unplayed-result values of meaning 1."""
    names = {"F": ("full_bye",), "H": ("half_bye",), "Z": ("zero_bye",), "+": ("forfeit_win",),
             "-": ("forfeit_loss",)}
    changes = {name: c.points for kind, c in resolved.defaults.items() if c.points is not None
               for name in names[kind]}
    return replace(scores, **changes) if changes else scores


_KIND_NAMES = {"F": "a full-point bye is", "H": "a half-point bye is", "Z": "a zero-point bye is",
               "+": "a forfeit win is", "-": "a forfeit loss is"}


def _problem(a: PointAdjustment, rounds: int, team: bool) -> str | None:
    """Why a record has none of the four meanings, or cannot be applied; None when it can."""
    if (not a.kind or not a.ids) and a.points is None and (not team or a.match_points is None):
        return "it gives no points (columns 14-17" + (" or 8-11)" if team else ")")
    if a.kind and a.kind not in RESULT_OUTCOME:
        return f"type {a.kind!r} is not one of W D L F H Z + -"
    if not a.ids:
        if not a.kind:
            return "a penalty or bonus needs the ids it applies to"
        if a.round is not None:
            return "a result needs the ids it applies to"
        if a.kind not in DEFAULT_KINDS:
            return (f"without ids it would set the value of a {a.kind} result for the whole event, "
                    "which is the score system's business (162/362), not an unplayed result's")
        return None
    if a.kind and a.round is None:
        return "a result needs its round (columns 20-22)"
    if a.kind and a.round == FINAL_ROUND:
        return "a result needs a round of the event, not 999"
    if a.round is not None and a.round != FINAL_ROUND and a.round > rounds:
        return f"round {a.round} is beyond the {rounds} rounds of the event"
    return None


def _describe(n: int, a: PointAdjustment) -> str:
    return f"299 record #{n} (type {a.kind or 'blank'}, round {a.round or 'all'})"


def _values(a: PointAdjustment, team: bool, *, signed: bool = False) -> str:
    def text(v: Fraction | None) -> str:
        v = v or Fraction(0)
        return ("+" if signed and v > 0 else "") + short_text(v)
    if team:
        return f"{text(a.match_points)} MP and {text(a.points)} GP"
    points = a.points or Fraction(0)
    return f"{text(points)} point" + ("" if abs(points) == 1 else "s")
