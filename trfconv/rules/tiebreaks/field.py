"""The tournament as flat per-player arrays, built once, read by every tie-break.

Tie-breaks only read the model. To keep all of them O(players x rounds) the round entries are
turned once into parallel lists indexed ``[player][round]`` (player = position in
``Tournament.players``, round = 0-based), and points into integers: every value of the score
system is a multiple of ``1/unit``, so a score is held as an ``int`` count of ``1/unit`` points
and converted back to an exact :class:`~fractions.Fraction` only when a value is reported.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ...adjustments import (
    DEFAULT_KINDS,
    RESULT_OUTCOME,
    Resolved,
    resolve,
    scores_with_defaults,
)
from ...eventkind import round_robin_by_counts
from ...model import (
    Bye,
    ByeKind,
    Colour,
    Forfeit,
    Game,
    Outcome,
    Pending,
    ScoreSystem,
    Tournament,
)

# Kinds of round entry, as C.07 Art. 15-16 need them.
PLAYED = 0  #: a game over the board (also an unrated W/D/L game, and an adjourned one: 162 ``X``)
FWIN = 1  #: forfeit win (16.2.2)
FLOSS = 2  #: forfeit loss (16.2.4)
PAB = 3  #: pairing-allocated bye (16.2.1)
FPB = 4  #: full-point bye (16.2.1)
HPB = 5  #: half-point bye, a requested bye (16.1.1)
ZPB = 6  #: zero-point bye, a requested bye (16.1.1)
ABSENT = 7  #: not paired / withdrawn / no entry: a zero-point bye (16.1.1: rounds after withdrawal)
#: paired, no result yet (a postponed game, or a round in play): no game, and no unplayed round
#: either (C.07 knows no such round): it counts in no tie-break until its result is in
POSTPONED = 8

#: Kinds that are voluntary unplayed rounds (16.1.2: requested byes and forfeit losses).
VUR_KINDS = frozenset((FLOSS, HPB, ZPB, ABSENT))

#: What a game against an opponent without a line counts as for the tie-breaks, by its outcome.
_UNSEEN = {2: FWIN, 1: HPB, 0: FLOSS}

#: The unplayed kind each 299 letter of an unplayed result stands for (``DEFAULT_KINDS``).
KIND_OF_LETTER = dict(zip(DEFAULT_KINDS, (FPB, HPB, ZPB, FWIN, FLOSS), strict=True))
_BYE_KINDS = {ByeKind.PAB: PAB, ByeKind.FULL: FPB, ByeKind.HALF: HPB, ByeKind.ZERO: ZPB}
_OUTCOME = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
_OUTCOME_OF = {v: k for k, v in _OUTCOME.items()}

#: Words of 092/192 that name a round robin (as FIDE's reference checker reads them).
_ROUND_ROBIN_WORDS = ("RR", "ROBIN", "BERGER")


@dataclass
class Field:
    """Per-player arrays of one individual tournament. Lists are indexed by player position."""

    rounds: int  #: n, the number of rounds of the event (declared or played, the larger)
    unit: int  #: points are held as multiples of 1/unit
    win: int  #: points of a win, in units
    draw: int  #: points of a draw, in units
    round_robin: bool  #: Art. 15.2 applies (pre-determined pairings)
    numbers: list[int]  #: start numbers
    ratings: list[int | None]
    kind: list[list[int]]
    opponent: list[list[int]]  #: opponent position (played game or forfeit with a known opponent), else -1
    colour: list[list[int]]  #: 1 white, -1 black, 0 none
    outcome: list[list[int]]  #: played games: 2 win, 1 draw, 0 loss (rating points in halves); else -1
    points: list[list[int]]
    score: list[int]  #: final score, in units (with the penalties/bonuses of 299 records)
    #: per player, the 299 penalties/bonuses included in ``score`` (None: none); the score the
    #: opponents' Buchholz sees leaves them out, as FIDE's reference checker does
    penalty: list[int] | None = None
    #: per player, the 299 round-999 penalties/bonuses: in the standings score (PTS) only
    final: list[int] | None = None
    #: the 299 records of an individual event, sorted by meaning (a team event's are its matches')
    adjustments: Resolved | None = None
    #: games against an opponent without a player line: (start number, round, opponent)
    missing: tuple[tuple[int, int, int], ...] = ()

    @property
    def size(self) -> int:
        return len(self.numbers)

    def standings_scores(self) -> list[int]:
        """The standings score (PTS) of every participant: ``score`` and the round-999 299s."""
        return list(self.score) if self.final is None else [s + x for s, x in zip(self.score, self.final, strict=True)]


def unit_of(s: ScoreSystem, extra: list[Fraction] | tuple = ()) -> int:
    """The least common denominator of every value of the score system and of ``extra`` (the
    values 299 records assign)."""
    values = (s.win_white, s.win_black, s.draw_white, s.draw_black, s.loss_white, s.loss_black,
              s.forfeit_win, s.forfeit_loss, s.pab, s.full_bye, s.half_bye, s.zero_bye, s.unknown, *extra)
    return math.lcm(*(Fraction(v).denominator for v in values))


def is_round_robin(t: Tournament, participants: int | None = None) -> bool:
    """Art. 15.2 applies: the event type (092) or system (192) names a round robin; when neither
    says Swiss or round robin, the counts of participants (players, or ``participants`` teams)
    and rounds decide (:func:`~trfconv.eventkind.round_robin_by_counts`)."""
    text = " ".join(x for x in (t.event.type, t.pairing.system) if x).upper()
    if "SWISS" in text or "DUTCH" in text or "DUBOV" in text or "BURSTEIN" in text:
        return False
    if any(word in text for word in _ROUND_ROBIN_WORDS):
        return True
    return round_robin_by_counts(t, len(t.players) if participants is None else participants, event_rounds(t))


def event_rounds(t: Tournament) -> int:
    """The number of rounds: declared (142/XXR) or the most any player has, whichever is larger."""
    return max(t.event.declared_rounds or 0, t.rounds)


def build(t: Tournament, round_robin: bool | None = None) -> Field:
    """Flatten ``t`` (an individual tournament), with its 299 records applied (see
    :mod:`.adjustments`). A game against an opponent who is not a player of the file (a
    crosstable cut short) keeps its points in the player's own score; the tie-breaks built on
    opponents cannot see that opponent, so it counts there as the unplayed round of that result
    (a win as a forfeit win, a draw as a half-point bye, a loss as a forfeit loss), and the
    game is listed in ``missing``."""
    n = event_rounds(t)
    adjustments = resolve(t, {p.start_number for p in t.players}, n, team=False)
    s = scores_with_defaults(t.scores, adjustments)
    unit = unit_of(s, adjustments.values())
    position = {p.start_number: i for i, p in reversed(list(enumerate(t.players)))}

    def u(value: Fraction) -> int:
        return int(value * unit)

    played_points = {
        (Outcome.WIN, False): u(s.win_white), (Outcome.WIN, True): u(s.win_black),
        (Outcome.DRAW, False): u(s.draw_white), (Outcome.DRAW, True): u(s.draw_black),
        (Outcome.LOSS, False): u(s.loss_white), (Outcome.LOSS, True): u(s.loss_black),
    }
    bye_points = {PAB: u(s.pab), FPB: u(s.full_bye), HPB: u(s.half_bye), ZPB: u(s.zero_bye),
                  ABSENT: u(s.zero_bye)}
    fwin, floss, unknown = u(s.forfeit_win), u(s.forfeit_loss), u(s.unknown)
    black_of = Colour.BLACK
    kinds, opponents, colours, outcomes, points = [], [], [], [], []
    # Entries are frozen and shared by the reader: each distinct object becomes its cell (kind,
    # opponent's index, colour, outcome, points) once; a game against an opponent who is not in
    # the file is a cell of its own, and is listed in ``missing`` where it stands.
    memo: dict[int, tuple[int, int, int, int, int]] = {}
    unseen: dict[int, int] = {}  # id(entry) -> the opponent's start number, for those games
    missing: list[tuple[int, int, int]] = []
    absent = (ABSENT, -1, 0, -1, bye_points[ABSENT])

    # A game's cell is its opponent's index and what its colour and outcome make of it (most
    # entries: taken from this table rather than classified one by one).
    game_cells = {(colour, outcome): _classify(Game(1, colour, outcome), played_points, bye_points, fwin, floss,
                                               unknown, black_of)[2:]
                  for colour in (*Colour, None) for outcome in Outcome}

    def cell_of(entry) -> tuple[int, int, int, int, int]:
        if type(entry) is Game and entry.opponent:
            index = position.get(entry.opponent, -1)
            if index >= 0:
                cell = memo[id(entry)] = (PLAYED, index, *game_cells[entry.colour, entry.outcome])
                return cell
        kind, opp, col, out, pts = _classify(entry, played_points, bye_points, fwin, floss, unknown, black_of)
        index = position.get(opp, -1) if opp else -1
        if opp and index < 0 and kind == PLAYED:
            unseen[id(entry)] = opp
            kind, col, out = _UNSEEN.get(out, ABSENT), 0, -1
            pts = pts if kind != ABSENT else bye_points[ABSENT]
        cell = memo[id(entry)] = (kind, index, col, out, pts)
        return cell

    cell_get = memo.get
    for p in t.players:
        entries = p.rounds[:n]
        cells = [cell_get(id(e)) or cell_of(e) for e in entries]  # a cell is a non-empty tuple
        if unseen:
            missing += [(p.start_number, r, unseen[id(e)]) for r, e in enumerate(entries, 1) if id(e) in unseen]
        if len(cells) < n:
            cells += [absent] * (n - len(cells))
        k_row, o_row, c_row, r_row, p_row = map(list, zip(*cells, strict=True)) if cells else ([], [], [], [], [])
        kinds.append(k_row)
        opponents.append(o_row)
        colours.append(c_row)
        outcomes.append(r_row)
        points.append(p_row)
    numbers = [p.start_number for p in t.players]
    unplayed = {FWIN: fwin, FLOSS: floss, **bye_points}
    for (number, r), (letter, change) in adjustments.results.items():
        i, r = position[number], r - 1
        kind, outcome, priced = result_kind(letter, kinds[i][r], opponents[i][r])
        if change.points is not None:
            value = u(change.points)
        elif kind == PLAYED:
            value = played_points[(_OUTCOME_OF[outcome], colours[i][r] < 0)]
        else:
            value = unplayed[KIND_OF_LETTER.get(letter, priced)]
        kinds[i][r], outcomes[i][r], points[i][r] = kind, outcome, value
    penalty = [u(adjustments.total(x, False, final=False)) for x in numbers] if adjustments.in_score else None
    final = [u(adjustments.total(x, False, final=True)) for x in numbers] if adjustments.final else None
    scores = list(map(sum, points)) if penalty is None else [sum(row) + x for row, x in zip(points, penalty, strict=True)]
    rr = is_round_robin(t) if round_robin is None else round_robin
    return Field(n, unit, u(s.win_white), u(s.draw_white), rr, numbers,
                 [p.rating for p in t.players], kinds, opponents, colours, outcomes, points, scores,
                 penalty if penalty and any(penalty) else None, final if final and any(final) else None, adjustments,
                 tuple(missing))


def result_kind(letter: str, kind: int, opponent: int) -> tuple[int, int, int]:
    """(kind, outcome, priced) of a round whose result a 299 record sets (meaning 2); outcome -1
    for an unplayed round; ``priced`` is the kind whose score-system value the round is worth when
    the record gives no points. As in FIDE's reference checker the record changes the result, not
    whether the round was played: a game keeps its opponent and becomes a win (``W + F``), a draw
    (``D H``) or a loss (``L - Z``); an unplayed round becomes a forfeit win / full-point bye
    (``W + F``: not a voluntarily unplayed round), a half-point bye (``D H``) or a forfeit loss /
    zero-point bye (``L - Z``). Its points are the record's; without them, the score system's
    value of the letter (of the new kind for W, D, L; a game's by colour).

    A pairing-allocated bye stays one whatever the letter, worth the letter's value: C.07 Art.
    16.2.1 puts a PAB in its category because the pairing allocated it, and a voluntary unplayed
    round (Art. 16.1.2) is a requested bye or a forfeit loss, which a record about points does not
    make of a round the participant was available for. So a ``299 L`` on a PAB is not a VUR (no
    VUR-first cut, Art. 16.5), is never of category 16.2.5 (Art. 16.3.2) and counts in REP (Art.
    7.6), as in FIDE's reference checker, which keeps a PAB a played round."""
    outcome = RESULT_OUTCOME[letter]
    if kind == PLAYED:
        return PLAYED, outcome, PLAYED
    if outcome == 2:
        named = FWIN if opponent >= 0 else FPB
    elif outcome == 1:
        named = HPB
    else:
        named = FLOSS if opponent >= 0 else ZPB
    return (PAB if kind == PAB else named), -1, named


def _classify(entry, played_points, bye_points, fwin, floss, unknown, black_of):
    """(kind, opponent start number or 0, colour, outcome, points) of one round entry."""
    match entry:
        case Game(opponent=opp, colour=colour, outcome=outcome):
            black = colour is black_of
            return (PLAYED, opp, -1 if black else (1 if colour else 0), _OUTCOME[outcome],
                    played_points[(outcome, black)])
        case Forfeit(won=won, opponent=opp, colour=colour):
            col = -1 if colour is black_of else (1 if colour else 0)
            return (FWIN, opp or 0, col, -1, fwin) if won else (FLOSS, opp or 0, col, -1, floss)
        case Bye(kind=kind):
            code = _BYE_KINDS[kind]
            return code, 0, 0, -1, bye_points[code]
        case Pending(opponent=opp, colour=colour, adjourned=True):
            return PLAYED, opp, -1 if colour is black_of else (1 if colour else 0), -1, unknown
        case Pending():
            return POSTPONED, 0, 0, -1, 0
        case _:
            return ABSENT, 0, 0, -1, bye_points[ABSENT]
