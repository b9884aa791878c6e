"""Direct encounter (C.07 Art. 6): a ranking among tied participants from their games together."""

from __future__ import annotations

import math

from ...messages import msg
from .context import Context, runs
from .field import PLAYED
from .registry import ranks_groups
from .spec import Spec


@ranks_groups("DE", "C.07 6", msg("direct encounter"), modifiers="P")
def direct_encounter(ctx: Context, group: list[int], spec: Spec) -> list[list[int]]:
    """Split ``group`` (tied players, by position) into ordered sub-groups.

    Art. 6.1: each player's points in the games against the others of the group, a repeated
    pairing counting the average of its games (6.1.2); forfeits count only in a round robin
    (Art. 15.2) or with ``/P`` (6.1.1). Art. 6.2: when all have met, rank by those points. In a
    Swiss where not all have met (6.3) a player is placed first only if alone on top whatever
    the outcome of the missing games (each counted as a win for the others), then the next, and
    so on; the rest stay tied. Art. 6.2 (from 2023; ``rules.de_reapply``): each sub-group still
    tied is ranked again from its own games, until nothing changes. tb-2009 (seed 000 §2.1.2)
    does not re-apply.
    """
    parts = _one_pass(ctx, group, spec)
    if len(parts) == 1 or not ctx.rules.de_reapply:
        return parts
    result = []
    for part in parts:
        result.extend(direct_encounter(ctx, part, spec) if len(part) > 1 else [part])
    return result


def _one_pass(ctx: Context, group: list[int], spec: Spec) -> list[list[int]]:
    """One split of ``group``. Points are compared as integers: in units times the least common
    multiple of the numbers of games a pair played (the average of a repeated pairing is then
    whole), which orders them as the exact averages do."""
    f = ctx.f
    members = set(group)
    count_forfeits = f.round_robin or spec.played_forfeits
    others = len(group) - 1
    met: dict[int, dict[int, list[int]]] = {}
    for p in group:
        games: dict[int, list[int]] = {}
        for k, o, pts in zip(f.kind[p], f.opponent[p], f.points[p], strict=True):
            if o in members and (k == PLAYED or count_forfeits):
                games.setdefault(o, []).append(pts)
        met[p] = games
    scale = math.lcm(*{len(v) for games in met.values() for v in games.values()})
    score: dict[int, int] = {}
    best: dict[int, int] = {}
    all_met = True
    for p, games in met.items():
        score[p] = sum(sum(v) * (scale // len(v)) for v in games.values())
        missing = others - len(games)
        if missing and not f.round_robin:
            all_met = False
        best[p] = score[p] + missing * f.win * scale
    if all_met:
        return runs(sorted(group, key=lambda p: (-score[p], f.numbers[p])), score)
    ordered = sorted(group, key=lambda p: (-score[p], -best[p], f.numbers[p]))
    parts = [[ordered[0]]]
    for index in range(1, len(ordered)):
        rest_best = max(best[p] for p in ordered[index:])
        if score[ordered[index - 1]] > rest_best:
            parts.append([ordered[index]])
        else:
            parts[-1].extend(ordered[index:])
            break
    return parts
