"""Which function computes which tie-break."""

from __future__ import annotations

from collections.abc import Callable

from . import buchholz, own_results, rating_based, sonneborn, team
from .context import Column, Context
from .encounter import direct_encounter
from .spec import Spec

#: Tie-break code -> function computing its column for every player. DE and EDE are not here:
#: they depend on the groups still tied where they stand in the list (see :mod:`.standings`).
FUNCTIONS: dict[str, Callable[[Context, Spec], Column]] = {
    "PTS": own_results.points,
    "WIN": own_results.wins,
    "WON": own_results.games_won,
    "BPG": own_results.black_games,
    "BWG": own_results.black_wins,
    "PS": own_results.progressive,
    "REP": own_results.elected_to_play,
    "STD": own_results.standard_points,
    "TPN": own_results.pairing_number,
    "RTNG": own_results.rating,
    "BH": buchholz.buchholz,
    "FB": buchholz.fore_buchholz,
    "AOB": buchholz.average_of_buchholz,
    "SB": sonneborn.sonneborn_berger,
    "KS": sonneborn.koya,
    "ARO": rating_based.average_rating,
    "TPR": rating_based.performance,
    "PTP": rating_based.perfect_performance,
    "APRO": rating_based.average_performance,
    "APPO": rating_based.average_perfect,
    "OTHER_HARKNESS": buchholz.harkness,
    "OTHER_BRAZILIAN": buchholz.brazilian,
    "OTHER_BHSUM": buchholz.sum_of_buchholz,
    "OTHER_YUGOSLAV": buchholz.yugoslav,
    "OTHER_CUMF": own_results.cumulative_less_unplayed_wins,
    "OTHER_OCUM": own_results.opponents_cumulative,
    "OTHER_KOYAX": sonneborn.extended_koya,
    "OTHER_KASHDAN": own_results.kashdan,
    "OTHER_COONS": sonneborn.coons,
    "OTHER_PERF": rating_based.seed_performance,
    "MPVGP": team.match_vs_game_points,
    "ESB": team.extended_sonneborn_berger,
    "EMMSB": team.extended_sonneborn_berger,
    "EMGSB": team.extended_sonneborn_berger,
    "EGMSB": team.extended_sonneborn_berger,
    "EGGSB": team.extended_sonneborn_berger,
    "SSSC": team.score_strength,
    "BC": team.board_count,
    "TBR": team.top_board_result,
    "BBE": team.bottom_board_elimination,
}

#: Tie-breaks that rank a group of tied participants: code -> function(ctx, group, spec) -> parts.
GROUP_FUNCTIONS = {"DE": direct_encounter, **{code: team.extended_direct_encounter for code in team.EDE_CHAINS}}


#: Art. 7 counts that, on game points, count the team's games rather than its matches.
BOARD_COUNTS = ("WIN", "WON", "BPG", "BWG", "REP", "STD")


def for_score(ctx: Context, spec: Spec) -> Context:
    """The context a tie-break is computed in: in a team event, the ``:MP``/``:GP`` score asked
    for (C.07 Art. 13), else the primary one; on game points the Type B counts of
    :data:`BOARD_COUNTS` count games (boards); the team tie-breaks read both scores themselves."""
    if ctx.team is None or spec.definition.team:
        return ctx
    score = spec.score if spec.score in ("MP", "GP") else ctx.team.primary
    if score == "GP" and spec.code in BOARD_COUNTS:
        return ctx.team.contexts["boards"]
    return ctx.team.context(score)


def column(ctx: Context, spec: Spec) -> Column:
    result = FUNCTIONS[spec.code](for_score(ctx, spec), spec)
    if not spec.definition.higher_first or spec.reverse:
        result.higher_first = spec.higher_first
    return result
