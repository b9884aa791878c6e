"""The first perfect candidate of a bracket, found as the Dutch system describes it: candidates in
the order Article 4 generates them (2017: D), the first one that no other candidate can better
taken (2026 3.4, 2017 B.4: a "perfect" candidate is accepted at once).

What "no other candidate can better" means here is a set of bounds that hold for every
candidate of the bracket: every MDP paired, as many pairs as the bracket's size allows, no
topscorer's colour broken, no repeated float, and as few unmet colour preferences as the
bracket's colour preferences allow at all (counted by colour: two players wanting the same colour
meet when there are more of them than players wanting the other colour or none, and then one of
the two loses it). A candidate meeting every bound is the best there is, and the first one met in
the order of Article 4 is the one the rules choose. The search only walks the transpositions that
need no exchange (4.2), the MDPs all paired; when the first MDP-Pairing found leaves a remainder
that meets no bound without an exchange, or the walk grows too long, it gives up and the bracket
is paired by weighted matching (:mod:`.dutch`), which decides every case.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...model import Colour
from .colours import colour_failures
from .state import Entrant, Float, Strength

__all__ = ["first_perfect"]

#: How many partial candidates a search may look at per player of the bracket.
STEPS_PER_PLAYER = 40


class _GiveUp(Exception):
    """The walk grew too long."""


def _kind(p: Entrant) -> int:
    """0 none; 1 mild White, 2 strong-or-absolute White; 3 mild Black, 4 strong-or-absolute Black."""
    colour, strength = p.preference
    if colour is None:
        return 0
    return (1 if colour is Colour.WHITE else 3) + (strength >= Strength.STRONG)


def _bound(counts: list[int], leftovers: int) -> tuple[int, int]:
    """The fewest unmet preferences and unmet strong preferences among players of these colour
    kinds, ``leftovers`` of them left unpaired (chosen as best suits)."""
    if leftovers:
        best = None
        for k in range(5):
            if counts[k]:
                counts[k] -= 1
                found = _bound(counts, leftovers - 1)
                counts[k] += 1
                best = found if best is None or found < best else best
        return best or (0, 0)
    none, white, black = counts[0], counts[1] + counts[2], counts[3] + counts[4]
    if white > black + none:
        pairs = (white - black - none) // 2
        return pairs, max(0, pairs - counts[1])
    if black > white + none:
        pairs = (black - white - none) // 2
        return pairs, max(0, pairs - counts[3])
    return 0, 0


def first_perfect(players: Sequence[Entrant], compatible: list[list[bool]], mdps: list[int], residents: list[int],
                  initial: Colour | None, leftover_ok: Callable[[int], bool]) -> tuple[list[tuple[int, int]], list[int]] | None:
    """(pairs, downfloaters) of the bracket's first perfect candidate (indices in pairing order;
    the higher-ranked player first in a pair), or None when the search cannot prove one.
    ``leftover_ok``: whether a resident may be the bracket's downfloater (or receive the bye)
    without breaking a bound."""
    if len(mdps) > len(residents):
        return None
    members = mdps + residents
    counts = [0] * 5
    for i in members:
        counts[_kind(players[i])] += 1
    leftovers = len(members) % 2
    target = _bound(counts, leftovers)
    budget = [STEPS_PER_PLAYER * len(members) + 200]
    failures: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def fails(a: int, b: int) -> tuple[int, int, int, int]:
        key = (a, b)
        if key not in failures:
            failures[key] = colour_failures(players[a], players[b], initial)
        return failures[key]

    def step() -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _GiveUp

    def within_bound(made: tuple[int, int], counts: list[int], left: int) -> bool:
        rest = _bound(counts, left)
        return made[0] + rest[0] <= target[0] and made[1] + rest[1] <= target[1]

    def remainder(rest: list[int], made: tuple[int, int]) -> tuple[list[tuple[int, int]], list[int]] | None:
        p = len(rest) // 2
        s1, s2 = rest[:p], rest[p:]
        used = [False] * len(s2)
        pairs: list[tuple[int, int]] = []
        left = [0] * 5
        for i in rest:
            left[_kind(players[i])] += 1

        def walk(k: int, made: tuple[int, int]) -> list[int] | None:
            step()
            if k == p:
                out = [s2[j] for j in range(len(s2)) if not used[j]]
                return out if made == target and all(leftover_ok(i) for i in out) else None
            a = s1[k]
            left[_kind(players[a])] -= 1
            for j, b in enumerate(s2):
                if used[j] or not compatible[a][b]:
                    continue
                difference, repeat, preference, strong = fails(a, b)
                if difference or repeat:
                    continue
                now = (made[0] + preference, made[1] + strong)
                left[_kind(players[b])] -= 1
                if within_bound(now, left, len(s2) - p):
                    used[j] = True
                    pairs.append((a, b))
                    found = walk(k + 1, now)
                    if found is not None:
                        return found
                    pairs.pop()
                    used[j] = False
                left[_kind(players[b])] += 1
            left[_kind(players[a])] += 1
            return None

        out = walk(0, made)
        return None if out is None else (list(pairs), out)

    def mdp_walk(k: int, used: set[int], pairs: list[tuple[int, int]], made: tuple[int, int],
                 left: list[int]) -> tuple[list[tuple[int, int]], list[int]] | None | bool:
        """False: nothing found in this branch (go on); None: give up; a result: found."""
        step()
        if k == len(mdps):
            found = remainder([i for i in residents if i not in used], made)
            return None if found is None else (pairs + found[0], found[1])
        a = mdps[k]
        left[_kind(players[a])] -= 1
        for b in residents:
            if b in used or not compatible[a][b]:
                continue
            if players[b].floated(1) is Float.UP or players[b].floated(2) is Float.UP:
                continue
            difference, repeat, preference, strong = fails(a, b)
            if difference or repeat:
                continue
            now = (made[0] + preference, made[1] + strong)
            left[_kind(players[b])] -= 1
            if within_bound(now, left, leftovers):
                used.add(b)
                pairs.append((a, b))
                found = mdp_walk(k + 1, used, pairs, now, left)
                if found is not False:
                    return found
                pairs.pop()
                used.discard(b)
            left[_kind(players[b])] += 1
        left[_kind(players[a])] += 1
        return False

    try:
        found = mdp_walk(0, set(), [], (0, 0), list(counts))
    except _GiveUp:
        return None
    return found or None
