"""Team tie-breaks: C.07 Art. 11-13 on the team matches of a file (:mod:`.team_matches`; the
teams are the participants of an MP field and a GP field, so every individual tie-break applies
to them with ``:MP``/``:GP``)."""

from __future__ import annotations

from fractions import Fraction

from ...messages import msg
from .buchholz import sums
from .context import Column, Context
from .encounter import direct_encounter
from .field import PLAYED
from .registry import ranks_groups, tiebreak
from .spec import Spec


# --- C.07 Art. 11-13 on a team file ----------------------------------------------------------
# Each function takes the context of the primary score (``ctx.team`` holds both scores'
# contexts, :class:`.context.TeamData`) and a parsed :class:`.spec.Spec`.

@tiebreak("MPVGP", "C.07 13.1", msg("match points versus game points"), team=True, spelling="MPvGP")
def match_vs_game_points(ctx: Context, spec: Spec) -> Column:
    """MPvGP (C.07 13.1): the secondary score (GP when the standings are by MP, MP when by GP)."""
    f = ctx.team.context(ctx.team.secondary).f
    return Column(list(f.score), f.unit)


@tiebreak("ESB", "C.07 13.2", msg("extended Sonneborn-Berger"), modifiers="CP", team=True)
@tiebreak("EMMSB", "C.07 13.2", msg("extended Sonneborn-Berger, opponents' MP x own MP"), modifiers="CP", team=True)
@tiebreak("EMGSB", "C.07 13.2", msg("extended Sonneborn-Berger, opponents' MP x own GP"), modifiers="CP", team=True)
@tiebreak("EGMSB", "C.07 13.2", msg("extended Sonneborn-Berger, opponents' GP x own MP"), modifiers="CP", team=True)
@tiebreak("EGGSB", "C.07 13.2", msg("extended Sonneborn-Berger, opponents' GP x own GP"), modifiers="CP", team=True)
def extended_sonneborn_berger(ctx: Context, spec: Spec) -> Column:
    """ESB (C.07 13.2): the sum over the rounds of the opponent's final score times the score the
    team made against it, in the four combinations EMMSB, EMGSB, EGMSB, EGGSB (second letter:
    the opponent's score, third: the team's own; ``ESB:MG`` is EMGSB; plain ESB takes the
    opponent's primary and the team's secondary score, as FIDE's checker does). Unplayed rounds
    as for SB (Art. 16: adjusted opponent scores, the dummy opponent with the team's own score of
    the opponents' kind); ``/C1`` cuts the lowest-scoring opponent, then the lowest product, with
    the Art. 16.5 VUR rule; ``/P`` counts forfeited matches as played."""
    letters = _esb_letters(ctx, spec)
    opponents = ctx.team.context(letters[0])
    own = ctx.team.context(letters[1]).f
    f = opponents.f
    return Column(sums(opponents, spec, weighted=True, fore=False, low=spec.cut_low, high=0, weigh=own),
                  f.unit * f.unit)


def _esb_letters(ctx: Context, spec: Spec) -> str:
    if spec.code != "ESB":
        return spec.code[1:3]
    if spec.score and len(spec.score) == 2 and spec.score not in ("MP", "GP"):
        return spec.score
    return ctx.team.primary[0] + ctx.team.secondary[0]


@tiebreak("SSSC", "C.07 13.4", msg("score and schedule strength combination"), modifiers="PFK", team=True)
def score_strength(ctx: Context, spec: Spec) -> Column:
    """SSSC (C.07 13.4): the secondary score plus the Buchholz on the primary score (Fore
    Buchholz with ``/F``; forfeits as matches with ``/P``) divided by F: the maximum primary
    score of the tournament divided by the maximum secondary score of one match, rounded down
    (13.4.2), unless ``/Kx`` sets F. Exact (FIDE's checker rounds to 0.01). Undefined (None) when
    F rounds down to 0, as after one round of matches on more boards than a match win's points,
    or when no match was played (standings reports TB012)."""
    team = ctx.team
    f, other = ctx.f, team.context(team.secondary).f
    factor = spec.factor or (other.win and (f.win * f.rounds) // other.win)
    if not factor:  # fewer primary points in the event than secondary points in one match
        return Column([None] * f.size)
    bh = sums(ctx, spec, weighted=False, fore=spec.fore, low=0, high=0)
    return Column([Fraction(s, f.unit) + Fraction(b, f.unit * factor) for s, b in zip(other.score, bh, strict=True)])


@tiebreak("BC", "C.07 12.1", msg("board count"), higher_first=False, team=True)
def board_count(ctx: Context, spec: Spec) -> Column:
    """BC (C.07 12.1): the sum over all matches of each board's number times the game points
    scored on it; the lower the better. Art. 12 preamble: individual forfeits count as wins and
    losses, a PAB as a win on every board."""
    return Column([sum((Fraction(b) * p for r in row for b, p in enumerate(r.boards, 1)), Fraction(0))
                   for row in ctx.team.matches.table], 1, False)


def _board_totals(ctx: Context) -> list[list[Fraction]]:
    boards = ctx.team.matches.boards
    return [[sum((r.boards[b] for r in row), Fraction(0)) for b in range(boards)]
            for row in ctx.team.matches.table]


@tiebreak("TBR", "C.07 12.2", msg("top board result"), team=True)
def top_board_result(ctx: Context, spec: Spec) -> Column:
    """TBR (C.07 12.2): the game points on board 1 over all matches; if equal, on board 2, and
    so on (a tuple compared in order)."""
    return Column([tuple(totals) for totals in _board_totals(ctx)])


@tiebreak("BBE", "C.07 12.3", msg("bottom board elimination"), team=True)
def bottom_board_elimination(ctx: Context, spec: Spec) -> Column:
    """BBE (C.07 12.3): the game points on every board but the last; if equal, without the last
    two, and so on (a tuple compared in order)."""
    values = []
    for totals in _board_totals(ctx):
        left, steps = sum(totals, Fraction(0)), []
        for p in reversed(totals):
            left -= p
            steps.append(left)
        values.append(tuple(steps))
    return Column(values)


#: C.07 13.3.2 (named in the 2026 edition): the Art. 12 criteria that decide between exactly two
#: teams still tied after EDE on both scores. EDEC is FIDE's checker's name for EDE with BC.
EDE_CHAINS = {"EDE": (), "EDEC": ("BC",), "EDET": ("TBR",), "EDEB": ("BBE",),
              "EDEBT": ("BC", "TBR"), "EDEBB": ("BC", "BBE")}


@ranks_groups("EDE", "C.07 13.3", msg("extended direct encounter"), modifiers="P", team=True)
@ranks_groups("EDEC", "C.07 13.3.2", msg("extended direct encounter, then board count"), modifiers="P", team=True)
@ranks_groups("EDET", "C.07 13.3.2 (2026)", msg("extended direct encounter, then top board result"), modifiers="P", team=True)
@ranks_groups("EDEB", "C.07 13.3.2 (2026)", msg("extended direct encounter, then bottom board elimination"), modifiers="P", team=True)
@ranks_groups("EDEBT", "C.07 13.3.2 (2026)", msg("extended direct encounter, then BC and TBR"), modifiers="P", team=True)
@ranks_groups("EDEBB", "C.07 13.3.2 (2026)", msg("extended direct encounter, then BC and BBE"), modifiers="P", team=True)
def extended_direct_encounter(ctx: Context, group: list[int], spec: Spec) -> list[list[int]]:
    """EDE (C.07 13.3): direct encounter (Art. 6, re-applied to the sub-groups it leaves tied)
    on the primary score; when it separates nobody, on the secondary score (13.3.1); when exactly
    two teams are still tied, the Art. 12 criteria the name chains, on the boards of the matches
    between them (13.3.2: EDEBT, EDEBB, EDET, EDEB). A tied sub-group that forms is ranked again
    from the start (13.3.3)."""
    team = ctx.team
    for score in (team.primary, team.secondary):
        parts = direct_encounter(team.context(score), group, spec)
        if len(parts) > 1:
            return [q for part in parts
                    for q in (extended_direct_encounter(ctx, part, spec) if len(part) > 1 else [part])]
    if len(group) == 2:
        for criterion in EDE_CHAINS[spec.code]:
            parts = _two_teams(ctx, group, spec, criterion)
            if len(parts) > 1:
                return parts
    return [group]


def _two_teams(ctx: Context, group: list[int], spec: Spec, criterion: str) -> list[list[int]]:
    """Split two teams by an Art. 12 criterion on their matches against each other (13.3.2),
    repeated meetings averaged (6.1.2): BC (lower first), TBR (board 1, then board 2 …), BBE
    (all boards but the last, then but the last two …)."""
    f, boards = ctx.f, ctx.team.matches.boards
    a, b = group
    count_forfeits = f.round_robin or spec.played_forfeits
    if criterion == "BC":
        weights = [[-(k + 1) for k in range(boards)]]
    elif criterion == "TBR":
        weights = [[int(k == j) for k in range(boards)] for j in range(boards)]
    else:
        weights = [[int(k < boards - j) for k in range(boards)] for j in range(1, boards)]
    for w in weights:
        values = []
        for p, q in ((a, b), (b, a)):
            met = [r for r in ctx.team.matches.table[p]
                   if r.opponent == q and (r.kind == PLAYED or count_forfeits)]
            if not met:
                return [group]
            values.append(sum((sum((x * y for x, y in zip(w, r.boards, strict=True)), Fraction(0)) for r in met),
                              Fraction(0)) / len(met))
        if values[0] != values[1]:
            return [[a], [b]] if values[0] > values[1] else [[b], [a]]
    return [group]
