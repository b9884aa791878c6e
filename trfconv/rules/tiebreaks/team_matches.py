"""Team matches derived from a team file (TRF-2026 310/300/320/330/240, TRF16 013): who met whom
in each round, the match points (MP) and game points (GP) of each side (C.07 Art. 11.1), what
kind of round it was for the team (Art. 15-16: played, forfeited, bye, absent), and the points
scored on each board (Art. 12).

The players' 001 records are the source of the games; a team's match in a round is the team its
players met (300 names it when the line-up is out of order); 330 records forfeited matches,
320 the team pairing-allocated byes, 240 (with team numbers) the requested byes. The values of
unplayed matches come from the edition's ``[team]`` table, 320 and 299 records without ids; the
other 299 records set a team's result in a round or add a penalty/bonus (:mod:`.adjustments`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ...adjustments import Resolved, resolve
from ...diagnostics import Diagnostic, diagnostic
from ...messages import msg
from ...model import (
    ByeKind,
    Colour,
    Forfeit,
    Game,
    MatchPointSystem,
    Outcome,
    Pending,
    Team,
    Tournament,
)
from .field import (
    ABSENT,
    FLOSS,
    FPB,
    FWIN,
    HPB,
    KIND_OF_LETTER,
    PAB,
    PLAYED,
    ZPB,
    Field,
    event_rounds,
    is_round_robin,
    result_kind,
)

_BYE_KIND = {ByeKind.FULL: FPB, ByeKind.HALF: HPB, ByeKind.ZERO: ZPB, ByeKind.PAB: PAB}


@dataclass(frozen=True)
class TeamRound:
    """One team's round: kind (field.PLAYED, FWIN …), opponent team position (-1 none), colour
    (1 White, -1 Black, 0 none: the colour of the team's first board, with 352's sequence),
    outcome of a played match (2 won, 1 drawn, 0 lost; -1 otherwise), MP, GP and the points on
    each board (Art. 12 preamble: a PAB scores a win on every board)."""

    kind: int
    opponent: int
    colour: int
    outcome: int
    mp: Fraction
    gp: Fraction
    boards: tuple[Fraction, ...]
    #: the team's games (kind, points, colour, outcome), board by board: the games of its players
    #: in a match, one entry per board of the match's kind and value in an unplayed one
    games: tuple[tuple[int, Fraction, int, int], ...] = ()


@dataclass(frozen=True)
class TeamMatches:
    teams: tuple[Team, ...]
    rounds: int
    boards: int  #: players per team in a match (352's length, else the most fielded)
    match_system: MatchPointSystem
    game_win: Fraction
    game_draw: Fraction
    table: tuple[tuple[TeamRound, ...], ...]  #: [team position][round]
    diagnostics: tuple[Diagnostic, ...]
    adjustments: Resolved = field(default_factory=Resolved)  #: the 299 records, sorted by meaning


def _bye_values(t: Tournament, team_data: dict, system: MatchPointSystem, boards: int,
                win: Fraction, draw: Fraction, adjustments: Resolved) -> dict[int, tuple[Fraction, Fraction]]:
    """(MP, GP) of each kind of unplayed match: the edition's defaults (``[team]``), a 299
    record without ids (TRF-2026: unplayed-match values; ``+`` and ``-`` are the forfeited
    matches, FWIN and FLOSS) and 320 for the PAB."""
    result = {FPB: (system.win, win * boards), HPB: (system.draw, draw * boards), ZPB: (Fraction(0), Fraction(0)),
              FWIN: (system.win, win * boards), FLOSS: (Fraction(0), Fraction(0))}
    pab_mp = system.draw if team_data["pab_match"] == "draw" else system.win
    pab_gp = (draw if team_data["pab_game"] == "draw" else win) * boards
    result[PAB] = (pab_mp, pab_gp)
    for letter, change in adjustments.defaults.items():
        mp, gp = result[KIND_OF_LETTER[letter]]
        result[KIND_OF_LETTER[letter]] = (change.mp if change.mp is not None else mp,
                                          change.points if change.points is not None else gp)
    pab = t.team_event.pab
    if pab is not None:
        result[PAB] = (pab.match_points if pab.match_points is not None else pab_mp,
                       pab.game_points if pab.game_points is not None else pab_gp)
    return result


def declared_primary(t: Tournament) -> str | None:
    """The primary score a team event's pairing-system code (TRF-2026 ``192``, ETT26
    ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]``, ``CUSTOM_TEAM_SWISS[_MP|_GP]``)
    declares: the first of ``MP``/``GP`` it names ("the first of MP/GP is the primary score";
    C.04.6 1.2.1: the regulations say which score is primary). None when the code names
    neither (``FIDE_TEAM`` alone means MP). C.07 Art. 13: a team tie-break without ``:MP``/``:GP``
    is on the primary score, and PTS is the primary score."""
    for token in (t.pairing.system or "").upper().split("_"):
        if token in ("MP", "GP"):
            return token
    return None


def derive(t: Tournament, team_data: dict) -> TeamMatches:
    """The team matches of ``t``. ``team_data`` is the edition's ``[team]`` table."""
    teams = t.teams
    n = event_rounds(t)
    system = t.team_event.match_points or MatchPointSystem()
    s = t.scores
    win, draw = s.win_white, s.draw_white
    position = {team.number: i for i, team in reversed(list(enumerate(teams)))}
    team_of: dict[int, int] = {}
    for i, team in enumerate(teams):
        for m in team.members:
            team_of.setdefault(m, i)
    players = {p.start_number: p for p in reversed(t.players)}
    lineups = {(x.round, position.get(x.team, -1)): x for x in t.team_event.lineups}
    forfeits = {}
    for x in t.team_event.forfeits:
        w, b = position.get(x.white, -1), position.get(x.black, -1)
        forfeits[(x.round, w)] = (b, x.result[0] == "+", 1)
        forfeits[(x.round, b)] = (w, x.result[1] == "+", -1)
    byes: dict[tuple[int, int], int] = {}
    for rb in t.pairing.requested_byes:
        for team_number in rb.ids:
            if team_number in position:
                byes[(rb.round, position[team_number])] = _BYE_KIND[rb.kind]
    pab = t.team_event.pab
    if pab is not None:
        for r, team_number in enumerate(pab.teams, 1):
            if team_number in position:
                byes[(r, position[team_number])] = PAB
    problems: list[Diagnostic] = []

    def entry(number: int, r: int):
        p = players.get(number)
        return p.rounds[r - 1] if p is not None and r <= len(p.rounds) else None

    def opponent_of(entry_) -> int | None:
        opp = getattr(entry_, "opponent", None)
        return team_of.get(opp) if opp else None

    # pass 1: the opponent team of each team in each round, and who played on which board
    opponents: dict[tuple[int, int], int] = {}
    fielded: dict[tuple[int, int], list[int | None]] = {}
    for r in range(1, n + 1):
        for i, team in enumerate(teams):
            votes = Counter(u for u in (opponent_of(entry(m, r)) for m in team.members) if u is not None and u != i)
            lineup = lineups.get((r, i))
            if lineup is not None and lineup.opponent in position:
                u = position[lineup.opponent]
            elif (r, i) in forfeits and forfeits[(r, i)][0] >= 0:
                u = forfeits[(r, i)][0]
            elif votes:
                u = votes.most_common(1)[0][0]
                if len(votes) > 1:
                    problems.append(diagnostic("TB007", msg("round {round}: players of team {team} met players of "
                                                            "{count} teams; the match is taken against team {other}",
                                                            round=r, team=team.number, count=len(votes),
                                                            other=teams[u].number)))
            else:
                continue
            opponents[(r, i)] = u
            if lineup is not None:
                fielded[(r, i)] = list(lineup.boards)
            else:
                fielded[(r, i)] = [m for m in team.members if _in_match(entry(m, r), opponent_of(entry(m, r)), u)]
    declared = len(t.team_event.board_colours or "")
    boards = declared or max((len(x) for x in fielded.values()), default=0)
    adjustments = resolve(t, set(position), n, team=True)
    bye_values = _bye_values(t, team_data, system, boards, win, draw, adjustments)
    sequence = (t.team_event.board_colours or "WB").upper()

    def board_points(r: int, i: int) -> tuple[list[Fraction], bool]:
        """Points per board and whether a game on those boards was played over the board."""
        points, played = [], False
        for m in fielded.get((r, i), [])[:boards]:
            e = entry(m, r) if m else None
            points.append(s.points(e) if e is not None else Fraction(0))
            played = played or isinstance(e, (Game, Pending))
        points.extend([Fraction(0)] * (boards - len(points)))
        return points, played

    table = []
    for i in range(len(teams)):
        row = []
        for r in range(1, n + 1):
            u = opponents.get((r, i))
            if u is None:
                kind = byes.get((r, i), ABSENT)
                mp, gp = bye_values.get(kind, (Fraction(0), Fraction(0)))
                per_board = win if kind in (PAB, FPB) else (draw if kind == HPB else Fraction(0))
                row.append(TeamRound(kind, -1, 0, -1, mp, gp, (per_board,) * boards,
                                     ((kind, per_board, 0, -1),) * boards))
                continue
            own, own_played = board_points(r, i)
            other, other_played = board_points(r, u)
            gp, gp_other = sum(own, Fraction(0)), sum(other, Fraction(0))
            colour = _colour([entry(m, r) if m else None for m in fielded[(r, i)][:boards]], sequence)
            if (r, i) in forfeits:
                _, won, colour = forfeits[(r, i)]
                played = False
                if not fielded[(r, i)] or not any(entry(m, r) for m in fielded[(r, i)] if m):
                    gp = bye_values[FWIN if won else FLOSS][1]
            else:
                # a match is played when a game of it was, or both teams scored (FIDE's checker)
                won = gp > gp_other
                played = own_played or other_played or (gp > 0 and gp_other > 0)
            if played:
                outcome = 2 if gp > gp_other else (1 if gp == gp_other else 0)
                mp = (system.loss, system.draw, system.win)[outcome]
                games = tuple(_game(entry(m, r), s) for m in fielded[(r, i)][:boards] if m and entry(m, r))
                row.append(TeamRound(PLAYED, u, colour, outcome, mp, gp, tuple(own), games))
            else:
                kind = FWIN if won else FLOSS
                per_board = win if won else Fraction(0)
                row.append(TeamRound(kind, u, colour, -1, bye_values[kind][0], gp,
                                     (per_board,) * boards, ((kind, per_board, 0, -1),) * boards))
        table.append(row)
    for (number, r), (letter, change) in adjustments.results.items():
        i = position[number]
        table[i][r - 1] = _set_result(table[i][r - 1], letter, change, system, bye_values)
    problems.extend(adjustments.diagnostics)
    return TeamMatches(teams, n, boards, system, win, draw, tuple(tuple(row) for row in table), tuple(problems),
                       adjustments)


def _set_result(tr: TeamRound, letter: str, change, system: MatchPointSystem,
                values: dict[int, tuple[Fraction, Fraction]]) -> TeamRound:
    """A team's round whose result a 299 record sets (meaning 2): the kind and outcome as for a
    player (:func:`.field.result_kind`), the record's MP and GP, else the letter's MP and the
    match's GP (an unplayed round's: the value of the kind the letter names; a PAB stays a PAB)."""
    kind, outcome, priced = result_kind(letter, tr.kind, tr.opponent)
    if kind == PLAYED:
        mp, gp = (system.loss, system.draw, system.win)[outcome], tr.gp
    else:
        mp, gp = values[priced]
    return replace(tr, kind=kind, outcome=outcome, mp=mp if change.mp is None else change.mp,
                   gp=gp if change.points is None else change.points)


_OUTCOME = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}


def _game(e, scores) -> tuple[int, Fraction, int, int]:
    """(kind, points, colour, outcome) of a player's board in a match (a fielded player whose
    entry is no game, e.g. a bye in a 300 line-up, is an absence)."""
    colour = getattr(e, "colour", None)
    colour = 1 if colour is Colour.WHITE else (-1 if colour is Colour.BLACK else 0)
    if isinstance(e, Game):
        return PLAYED, scores.points(e), colour, _OUTCOME[e.outcome]
    if isinstance(e, Forfeit):
        return (FWIN if e.won else FLOSS), scores.points(e), colour, -1
    if isinstance(e, Pending):
        return PLAYED, scores.points(e), colour, -1
    return ABSENT, scores.points(e), 0, -1


def _in_match(e, opponent_team: int | None, u: int) -> bool:
    """Whether a member's round entry is a board of the match against team ``u``: a game or a
    forfeit against a player of ``u``, or a board won by forfeit against an empty board
    (TRF-2026: ``0000 - +``). ``0000 - -`` is a player not fielded."""
    if opponent_team is not None:
        return opponent_team == u
    return isinstance(e, Forfeit) and e.won and e.opponent is None


def _colour(entries: list, sequence: str) -> int:
    """The team's colour in a match: the colour of its first board with a colour, read through
    the board sequence of 352 (``WBWB``: the team with White on board 1, or Black on board 2,
    is the White team)."""
    for board, e in enumerate(entries):
        colour = getattr(e, "colour", None)
        if colour is not None:
            c = 1 if colour is Colour.WHITE else -1
            return c if sequence[board % len(sequence)] == "W" else -c
    return 0


def team_fields(t: Tournament, tm: TeamMatches, round_robin: bool | None = None) -> dict[str, Field]:
    """The teams as participants of two fields, one scored in MP and one in GP (C.07 Art. 13:
    every individual tie-break applies to teams on either score), held in one common unit so
    that the extended Sonneborn-Berger can multiply one by the other."""
    values = [x for row in tm.table for tr in row for x in (tr.mp, tr.gp)]
    values += [tm.match_system.win, tm.match_system.draw, tm.game_win, tm.game_draw, *tm.adjustments.values()]
    unit = math.lcm(*(Fraction(v).denominator for v in values))
    rr = is_round_robin(t, len(tm.teams)) if round_robin is None else round_robin
    kinds = [[tr.kind for tr in row] for row in tm.table]
    opponents = [[tr.opponent for tr in row] for row in tm.table]
    colours = [[tr.colour for tr in row] for row in tm.table]
    outcomes = [[tr.outcome for tr in row] for row in tm.table]
    numbers = [team.number for team in tm.teams]
    fields = {}
    for score, win, draw in (("MP", tm.match_system.win, tm.match_system.draw),
                             ("GP", tm.game_win * tm.boards, tm.game_draw * tm.boards)):
        points = [[int(getattr(tr, score.lower()) * unit) for tr in row] for row in tm.table]
        penalty, final = ([int(tm.adjustments.total(x, score == "MP", final=last) * unit) for x in numbers]
                          for last in (False, True))
        fields[score] = Field(tm.rounds, unit, int(win * unit), int(draw * unit), rr, numbers,
                              [None] * len(numbers), kinds, opponents, colours, outcomes, points,
                              [sum(row) + x for row, x in zip(points, penalty, strict=True)],
                              penalty if any(penalty) else None, final if any(final) else None)
    fields["boards"] = _board_field(tm, unit, rr, numbers)
    return fields


def _board_field(tm: TeamMatches, unit: int, rr: bool, numbers: list[int]) -> Field:
    """The teams' games as the rounds of a field (``boards`` per match, padded with absences):
    the Type B counts on game points (WIN:GP, WON:GP, BPG:GP, BWG:GP, REP:GP, STD:GP) count
    games, as FIDE's checker does."""
    n = tm.rounds * tm.boards
    pad = (ABSENT, Fraction(0), 0, -1)
    rows = [[g for tr in row for g in (tr.games + (pad,) * tm.boards)[:tm.boards]] for row in tm.table]
    points = [[int(g[1] * unit) for g in row] for row in rows]
    return Field(n, unit, int(tm.game_win * unit), int(tm.game_draw * unit), rr, numbers, [None] * len(numbers),
                 [[g[0] for g in row] for row in rows], [[-1] * n for _ in rows],
                 [[g[2] for g in row] for row in rows], [[g[3] for g in row] for row in rows], points,
                 [sum(row) for row in points])
