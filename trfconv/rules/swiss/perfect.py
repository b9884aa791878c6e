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

from ...errors import TrfconvError
from ...model import Colour
from .colours import colour_failures
from .state import PlayerToPair, Float, Strength

__all__ = ["first_perfect"]

#: How many partial candidates a search may look at per player of the bracket.
STEPS_PER_PLAYER = 40


class _GiveUp(TrfconvError):
    """The walk grew too long."""


def _kind(p: PlayerToPair) -> int:
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


def first_perfect(players: Sequence[PlayerToPair], adjacent: list[int], mdps: list[int], residents: list[int],
                  initial: Colour | None, leftover_ok: Callable[[int], bool]) -> tuple[list[tuple[int, int]], list[int]] | None:
    """(pairs, downfloaters) of the bracket's first perfect candidate (indices in pairing order;
    the higher-ranked player first in a pair), or None when the search cannot prove one.
    ``adjacent``: who may meet whom, a bit set per player. ``leftover_ok``: whether a resident may
    be the bracket's downfloater (or receive the bye) without breaking a bound."""
    if len(mdps) > len(residents):
        return None
    members = mdps + residents
    counts = [0] * 5
    for i in members:
        counts[_kind(players[i])] += 1
    search = _Search(players, adjacent, initial, _bound(counts, len(members) % 2),
                     STEPS_PER_PLAYER * len(members) + 200)
    try:
        # the MDP-Pairing: its first transposition within the bounds, every MDP paired
        # ([C15], [C17]: no opponent who had an upfloat one or two rounds before)
        def opponent_ok(a: int, b: int) -> bool:
            return players[b].floated(1) is not Float.UP and players[b].floated(2) is not Float.UP

        first = next(search.assignments(mdps, residents, opponent_ok, counts, len(members) % 2, (0, 0)), None)
        if first is None:
            return None
        chosen, made = first
        pairs = [(a, residents[j]) for a, j in zip(mdps, chosen, strict=True)]
        taken = {b for _, b in pairs}
        rest = [i for i in residents if i not in taken]
        # the remainder: the first transposition of its original subgroups meeting every bound
        p = len(rest) // 2
        s1, s2 = rest[:p], rest[p:]
        left = [0] * 5
        for i in rest:
            left[_kind(players[i])] += 1
        for chosen, made_all in search.assignments(s1, s2, None, left, len(s2) - p, made):
            paired = set(chosen)
            out = [b for j, b in enumerate(s2) if j not in paired]
            if made_all == search.target and all(leftover_ok(i) for i in out):
                return pairs + [(a, s2[j]) for a, j in zip(s1, chosen, strict=True)], out
    except _GiveUp:
        return None
    return None


class _Search:
    """The walk through transpositions, within the bracket's bounds and its step budget."""

    def __init__(self, players: Sequence[PlayerToPair], adjacent: list[int], initial: Colour | None,
                 target: tuple[int, int], budget: int) -> None:
        self.players = players
        self.adjacent = adjacent
        self.initial = initial
        self.target = target
        self.budget = budget
        self.failures: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def fails(self, a: int, b: int) -> tuple[int, int, int, int]:
        key = (a, b)
        if key not in self.failures:
            self.failures[key] = colour_failures(self.players[a], self.players[b], self.initial)
        return self.failures[key]

    def assignments(self, firsts: list[int], seconds: list[int], allowed: Callable[[int, int], bool] | None,
                    left: list[int], leftovers: int, made: tuple[int, int]):
        """Every assignment of a distinct partner among ``seconds`` to each of ``firsts``, in the
        lexicographic order of the partners' places (4.2's transpositions), that keeps within the
        bounds: (the place of each first's partner, the colour failures made). ``left``: the
        colour kinds of the players still to pair (updated as the walk goes); ``leftovers``: how
        many of them stay unpaired. The walk is iterative: a bracket of thousands of players
        does not exhaust Python's stack."""
        players, adjacent, kind = self.players, self.adjacent, _kind
        p, size = len(firsts), len(seconds)
        if p == 0:
            yield [], made
            return
        used = [False] * size
        chosen = [0] * p
        start = [0] * p  # where each level's next candidate is looked for
        done = [made] * (p + 1)
        low = 0  # every place before it is taken
        k = 0
        left[kind(players[firsts[0]])] -= 1
        while True:
            self.budget -= 1
            if self.budget < 0:
                raise _GiveUp
            a = firsts[k]
            j = start[k]
            took = False
            while j < size:
                b = seconds[j]
                if not used[j] and adjacent[a] >> b & 1 and (allowed is None or allowed(a, b)):
                    difference, repeat, preference, strong = self.fails(a, b)
                    if not (difference or repeat):
                        now = (done[k][0] + preference, done[k][1] + strong)
                        left[kind(players[b])] -= 1
                        rest = _bound(left, leftovers)
                        if now[0] + rest[0] <= self.target[0] and now[1] + rest[1] <= self.target[1]:
                            used[j], chosen[k], start[k], done[k + 1], took = True, j, j + 1, now, True
                            while low < size and used[low]:
                                low += 1
                            break
                        left[kind(players[b])] += 1
                j += 1
            if took and k + 1 < p:
                k += 1
                left[kind(players[firsts[k]])] -= 1
                start[k] = low
                continue
            if took:
                yield list(chosen), done[p]
                j = chosen[k]  # on to the next assignment: the last choice undone
                used[j] = False
                low = min(low, j)
                left[kind(players[seconds[j]])] += 1
                continue
            left[kind(players[a])] += 1  # level k has no candidate left: back to the one before
            if k == 0:
                return
            k -= 1
            j = chosen[k]
            used[j] = False
            low = min(low, j)
            left[kind(players[seconds[j]])] += 1
