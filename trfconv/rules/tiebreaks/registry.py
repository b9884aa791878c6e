"""Which function computes which tie-break."""

from __future__ import annotations

from collections.abc import Callable

from . import buchholz, own_results, rating_based, sonneborn
from .context import Column, Context
from .spec import Spec

#: Tie-break code -> function computing its column for every player. DE is not here: it depends
#: on the groups still tied where it stands in the list (see :mod:`.standings`).
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
}


def column(ctx: Context, spec: Spec) -> Column:
    result = FUNCTIONS[spec.code](ctx, spec)
    if not spec.definition.higher_first or spec.reverse:
        result.higher_first = spec.higher_first
    return result
