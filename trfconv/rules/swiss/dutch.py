"""The Dutch system (C.04.3): the pairing of one round from the event as it stood before it.

Brackets are paired from the top scoregroup down (2026 1.9, 2017 A.9). A bracket's candidates
are compared criterion by criterion in their order of priority and, when every criterion ties, by
the order in which Article 4 (2017: D) generates them; the rules allow any method that gives the
same pairing (2026 Article 3, annotated edition: "look-ahead, backtracking, weighted matching or
other"). Here each comparison is a maximum-weight matching (:mod:`.matching`): every criterion
is one field of an integer edge weight, a higher field always outweighing all lower ones, so the
heaviest matching is the best candidate; the generation order is a last set of fields, solved in
the nesting Article 3.7 gives it (the set of paired MDPs, then their opponents, then the
remainder's exchange, then its transposition).

The whole field of players not yet paired is in each bracket's graph, so that completion ([C4])
and the bye's score ([C5]) are decided with the bracket, as the criteria's priority asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...errors import TrfconvError
from ...messages import msg
from .cardinality import dense, maximum_matching
from .colours import Allocation, allocate, colour_failures
from .matching import max_weight_matching
from .perfect import first_perfect
from .state import PlayerToPair, Float, RoundToPair


class NoPairing(TrfconvError):
    """No pairing of the round meets the absolute criteria (2026 1.9.3, 2017 A.9: the arbiter
    decides)."""


class NotModelled(TrfconvError):
    """The round needs what the engine does not do: the 2017 edition's Penultimate Pairing Bracket
    and Collapsed Last Bracket (C.04.3 A.9, C.4), followed when a bracket's downfloaters leave
    players who cannot all be paired; or a weighted matching beyond :data:`MAX_MATCHING` players
    (its time grows with the cube of their number)."""


#: The most players one weighted matching may hold (about half a minute at this size).
MAX_MATCHING = 400


@dataclass(frozen=True)
class Board:
    """A pair as the engine gives it: colours by 5.2 (``rule``: which of 5.2.1-5.2.5 decided;
    ``white`` None when the initial colour is unknown), the higher-ranked player first in
    ``players``."""

    players: tuple[int, int]
    allocation: Allocation


@dataclass(frozen=True)
class BracketPairing:
    """What the engine did with one bracket."""

    score: Fraction  #: the residents' score
    members: tuple[int, ...]  #: MDPs then residents, in order
    mdps: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]  #: higher-ranked player first
    downfloaters: tuple[int, ...]
    pab: int | None = None


@dataclass(frozen=True)
class RoundPairing:
    """The engine's pairing of a round."""

    round: int
    boards: tuple[Board, ...]  #: in board order (C.04.2 3.6 of 2026, D.9 of 2017)
    pab: int | None
    brackets: tuple[BracketPairing, ...]


# -- the fields of an edge weight --------------------------------------------------------------

@dataclass
class _Weights:
    """Fields of an edge weight, highest first: each gets enough bits that the sum over a
    matching cannot reach the next one."""

    n: int
    fields: list[tuple[str, int]] = field(default_factory=list)

    def add(self, name: str, largest: int) -> None:
        """A field whose value on one edge is at most ``largest`` (non-negative)."""
        self.fields.append((name, largest))

    def packer(self) -> Callable[[dict[str, int]], int]:
        offsets = {}
        offset = 0
        for name, largest in reversed(self.fields):
            offsets[name] = offset
            offset += (largest * (self.n // 2 + 1)).bit_length() + 1
        return lambda values: sum(v << offsets[k] for k, v in values.items() if v and k in offsets)


# -- one round --------------------------------------------------------------------------------

class RoundContext:
    """The players of one round (indices in pairing order) and what every bracket shares."""

    def __init__(self, to_pair: RoundToPair) -> None:
        self.to_pair = to_pair
        self.rules = to_pair.rules
        self.players: Sequence[PlayerToPair] = to_pair.entrants
        self.n = len(self.players)
        self.index = {p.number: i for i, p in enumerate(self.players)}
        #: who may meet whom ([C1], the forbidden pairs, [C3]): a bit set per player
        self.adjacent = to_pair.compatibility()
        self.scores = sorted({p.pairing_score for p in self.players})
        self.level = {s: i for i, s in enumerate(self.scores)}
        self.eligible = [not p.pab_barred for p in self.players]
        self.pab_score = self._lowest_bye_score()

    def _lowest_bye_score(self) -> Fraction | None:
        """[C5]: the lowest score at which a player eligible for the bye can receive it with
        everyone else paired (None: no bye this round); the round cannot be paired when no
        such score exists ([C4], 1.9.3)."""
        everyone = list(range(self.n))
        if self.n % 2 == 0:
            if not self._completes(everyone, None):
                raise NoPairing(msg("the players cannot all be paired: no pairing meets the absolute criteria"))
            return None
        scores = sorted({self.players[i].pairing_score for i in everyone if self.eligible[i]})
        if not self.rules.pab_criteria:  # 2017: no criterion on the bye's score, any eligible player
            scores = scores[-1:]
        for score in scores:
            if self._completes(everyone, score):
                return score
        raise NoPairing(msg("no player eligible for the pairing-allocated bye can receive it with everyone else paired"))

    def completes_with(self, players: list[int], bye: bool, cap: Fraction | None) -> bool:
        """[C4]: whether ``players`` can all be paired, one of them receiving the bye (``bye``) if
        eligible and scoring at most ``cap`` (None: any score)."""
        if not bye:
            return self._completes(players, None)
        return self._completes(players, cap if cap is not None else max(self.scores))

    def lowest_bye(self, players: list[int]) -> Fraction | None:
        """[C5]: the lowest score at which the bye can go to one of ``players`` with the others all
        paired (None: it cannot)."""
        for score in sorted({self.players[i].pairing_score for i in players if self.eligible[i]}):
            if self._completes(players, score):
                return score
        return None

    def completes(self, players: list[int], bye: bool) -> bool:
        """Whether ``players`` can all be paired, one of them receiving the bye (``bye``) at the
        lowest score possible."""
        return self._completes(players, self.pab_score if bye else None)

    def _completes(self, players: list[int], bye_score: Fraction | None) -> bool:
        members = 0
        for i in players:
            members |= 1 << i
        if bye_score is None:
            return dense(members, self.adjacent) or len(maximum_matching(players, self.adjacent)) == len(players)
        takers = [i for i in players if self.eligible[i] and self.players[i].pairing_score <= bye_score]
        if not takers:
            return False
        if dense(members, self.adjacent):
            return True  # a Hamiltonian cycle: any one player can be left out
        bye = self.n
        adjacent = self.adjacent + [sum(1 << i for i in takers)]
        for i in takers:
            adjacent[i] |= 1 << bye
        return len(maximum_matching(players + [bye], adjacent)) == len(players) + 1

    def following_pairs(self, downfloaters: list[int], following: list[int]) -> list[int] | None:
        """[C8] on a bracket paired without the next one: the next bracket (these downfloaters as
        its MDPs, and its residents) can make every pair it could with any downfloaters, all the
        MDPs paired; the players it leaves, or None when it cannot."""
        if len(downfloaters) > len(following):
            return None
        residents = 0
        for i in following:
            residents |= 1 << i
        adjacent = list(self.adjacent)
        for i in downfloaters:
            adjacent[i] &= residents  # MDPs are paired with residents only
        mate = maximum_matching(downfloaters + following, adjacent)
        best = len(downfloaters) + (len(following) - len(downfloaters)) // 2
        if len(mate) // 2 < best or any(i not in mate for i in downfloaters):
            return None
        return [i for i in following if i not in mate]

    def pair(self) -> RoundPairing:
        groups: list[list[int]] = []
        for i, p in enumerate(self.players):
            if groups and self.players[groups[-1][0]].pairing_score == p.pairing_score:
                groups[-1].append(i)
            else:
                groups.append([i])
        mdps: list[int] = []
        brackets = []
        pab = None
        for g, residents in enumerate(groups):
            lower = [i for group in groups[g + 1:] for i in group]
            following = groups[g + 1] if g + 1 < len(groups) else []
            bracket = _Bracket(self, mdps, residents, lower, following)
            pairs, downfloaters, given = bracket.pair()
            brackets.append(BracketPairing(self.players[residents[0]].pairing_score,
                                           tuple(self.players[i].number for i in mdps + residents),
                                           tuple(self.players[i].number for i in mdps),
                                           tuple((self.players[a].number, self.players[b].number) for a, b in pairs),
                                           tuple(self.players[i].number for i in downfloaters),
                                           self.players[given].number if given is not None else None))
            if given is not None:
                pab = given
            mdps = downfloaters
        if mdps:
            numbers = [self.players[i].number for i in mdps]
            raise NoPairing(msg("players {numbers} cannot be paired", numbers=numbers))
        boards = [Board((a, b), allocate(self.players[self.index[a]], self.players[self.index[b]],
                                         self.to_pair.initial_colour))
                  for bracket in brackets for a, b in bracket.pairs]
        boards.sort(key=self._board_order)
        return RoundPairing(self.to_pair.round, tuple(boards), self.players[pab].number if pab is not None else None,
                            tuple(brackets))

    def _board_order(self, board: Board) -> tuple:
        """C.04.2 3.6 (2026; D.9 of 2017): the higher score in the pair, the sum of the scores, the
        higher-ranked player's rank."""
        a, b = (self.players[self.index[n]] for n in board.players)
        return -max(a.pairing_score, b.pairing_score), -(a.pairing_score + b.pairing_score), self.index[a.number]


class _Bracket:
    """One bracket: its MDPs and residents (indices), and the players below it.

    A bracket is solved on as small a graph as proves enough: the bracket alone, then with the
    following scoregroup ([C8] looks one bracket ahead), then with every player below. A smaller
    graph leaves out what only completion ([C4]) and the bye's score ([C5]) would decide; its
    answer is kept only when the players it leaves below can be paired with the bye at the lowest
    score possible (``RoundContext.pab_score``), and, for the bracket alone, when the following
    bracket can still make every pair [C8] could ask of it: then no candidate the larger graph
    would consider is better, and the answer is the same."""

    def __init__(self, rnd: RoundContext, mdps: list[int], residents: list[int], lower: list[int],
                 following: list[int]) -> None:
        self.r = rnd
        self.mdps = mdps
        self.residents = residents
        self.members = mdps + residents
        self.lower = lower
        self.following = following
        self.is_mdp = set(mdps)
        self.in_bracket = set(self.members)
        self.in_following = set(following)
        self.resident_score = rnd.players[residents[0]].pairing_score
        self.c9 = False
        self.graph: list[int] = lower  # the players below in the graph
        self.complete = True  # completion and the bye are decided in the graph
        self.last: dict = {}  # the last solve's matching

    # -- the solve ------------------------------------------------------------------------------

    def pair(self) -> tuple[list[tuple[int, int]], list[int], int | None]:
        """(pairs, downfloaters, the pairing-allocated bye's receiver if this bracket gives it)."""
        r = self.r
        bye = (len(self.members) + len(self.lower)) % 2 == 1
        # a member may receive the bye: the bracket is solved with it ([C5], [C9]); in 2017 only the
        # last bracket gives it
        bye_here = bye and (r.pab_score >= self.resident_score if r.rules.pab_criteria else not self.lower)
        if not (bye_here and self.lower):
            found = self._perfect(bye_here)
            if found is not None:
                return found
        if self.lower and not bye_here:
            for graph in ([], self.following):
                self.graph, self.complete = graph, False
                result = self._stages()
                if self._completes(result, bye):
                    return result
        if r.rules.completion == "penultimate-bracket" and self.lower:
            raise NotModelled(msg("the {score} bracket's downfloaters leave players who cannot all be paired: the "
                                  "Penultimate Pairing Bracket and the Collapsed Last Bracket of C.04.3 A.9 (2017) are "
                                  "not modelled", score=str(self.resident_score)))
        self.graph, self.complete = self.lower, True
        if bye:
            # [C9] applies to a bracket that downfloats exactly one player, who receives the
            # bye; how many the best candidates downfloat is decided by [C6], above it
            first = self._solve([])
            downfloaters = [i for i in self.members if first[i] not in self.in_bracket]
            self.c9 = len(downfloaters) == 1 and first[downfloaters[0]] == "pab"
        return self._stages()

    def _perfect(self, bye_here: bool) -> tuple[list[tuple[int, int]], list[int], int | None] | None:
        """The bracket's first perfect candidate (:mod:`.perfect`), when it is one and what it
        leaves below can be paired as [C4], [C5] and [C8] ask; None otherwise."""
        r = self.r
        players = r.players
        if bye_here:  # [C5]: at the lowest score possible, [C9]: the fewest unplayed games (2026)
            takers = [i for i in self.residents if r.eligible[i]
                      and (players[i].pairing_score == r.pab_score or not r.rules.pab_criteria)]
            fewest = min((players[i].unplayed for i in takers), default=None) if r.rules.pab_criteria else None

        def leftover_ok(i: int) -> bool:
            p = players[i]
            if p.floated(1) is Float.DOWN or p.floated(2) is Float.DOWN:
                return False
            return not bye_here or (i in takers and (fewest is None or p.unplayed == fewest))

        found = first_perfect(players, r.adjacent, self.mdps, self.residents, r.to_pair.initial_colour, leftover_ok)
        if found is None:
            return None
        pairs, out = found
        if bye_here:
            return pairs, [], out[0] if out else None
        self.graph = []
        if self.lower and not self._completes((pairs, out, None), (len(self.members) + len(self.lower)) % 2 == 1):
            return None
        return pairs, out, None

    def _stages(self) -> tuple[list[tuple[int, int]], list[int], int | None]:
        """Article 3.7's order: the MDP-Pairing, then the remainder."""
        fixed: list[tuple[int, int]] = []
        limbo: list[int] = []
        remainder = list(self.residents)
        p = None
        if self.mdps:
            fixed, limbo, mate = self._mdp_pairing()
            used = {b for _, b in fixed}
            remainder = [i for i in self.residents if i not in used]
            within = set(remainder)
            p = sum(1 for i in remainder if mate[i] in within) // 2
        pairs, rest, given = self._remainder(remainder, fixed, limbo, p)
        if self.lower:  # the bye goes to the player who downfloats from the last bracket (1.9.1)
            return fixed + pairs, limbo + rest, None
        return fixed + pairs, [i for i in limbo + rest if i != given], given

    def _completes(self, result: tuple[list[tuple[int, int]], list[int], int | None], bye: bool) -> bool:
        """Whether a bracket solved without the players below stands: the following bracket can
        still make every pair [C8] asks (when it was left out of the graph), and the players left
        can all be paired, the bye going to an eligible player at the lowest score possible."""
        _, downfloaters, _ = result
        r = self.r
        below = [i for i in self.lower if i not in self.in_following]
        if r.rules.completion == "penultimate-bracket" and self.graph:
            # 2017: the following bracket is paired on its own (C.7 just looks at it); the route is
            # the normal one when the downfloaters and everyone below can be paired (A.9)
            return r.completes(downfloaters + self.lower, bye)
        if self.graph:
            mate = self.last
            left = [i for i in downfloaters + self.following if mate.get(i) is None]
        else:
            left = r.following_pairs(downfloaters, self.following)
            if left is None:
                return False
        return r.completes(left + below, bye)

    def _mdp_pairing(self) -> tuple[list[tuple[int, int]], list[int], dict]:
        """The MDPs paired (4.4: the valid set first in order) and their opponents (4.2: the
        first transposition); the MDPs left out are the Limbo."""
        order = {i: k for k, i in enumerate(self.mdps)}
        residents_order = {i: k for k, i in enumerate(self.residents)}
        m0 = len(self.mdps)

        def mdp_set(a: int, b: int) -> int:
            return 1 << (m0 - 1 - order[a]) if a in order else 0

        def transposition(s1: list[int]) -> Callable[[int, int], int]:
            position = {i: k for k, i in enumerate(s1)}
            base = len(self.residents) + 1
            return lambda a, b: ((len(self.residents) - residents_order[b]) * base ** (len(s1) - 1 - position[a])
                                 if a in position and b in residents_order else 0)

        largest_t = (len(self.residents) + 1) ** max(m0, 1)
        mate = self._solve([("mdp-set", 1 << m0, mdp_set), ("mdp-transposition", largest_t, transposition(self.mdps))])
        paired = [i for i in self.mdps if mate[i] in self.in_bracket]
        if len(paired) < m0:
            excluded = set(self.mdps) - set(paired)
            mate = self._solve([("mdp-transposition", largest_t, transposition(paired))], excluded=excluded)
        fixed = [(i, mate[i]) for i in self.mdps if mate[i] in self.in_bracket]
        return fixed, [i for i in self.mdps if mate[i] not in self.in_bracket], mate

    def _remainder(self, remainder: list[int], fixed: list[tuple[int, int]], limbo: list[int],
                   p: int | None) -> tuple[list[tuple[int, int]], list[int], int | None]:
        """The remainder (or a homogeneous bracket): 4.3's exchange first, then 4.2's
        transposition. ``p``: the pairs it makes in the best candidates, when known; otherwise
        as many as it could, checked on the answer."""
        taken = {i for pair in fixed for i in pair}
        bsn = {i: k + 1 for k, i in enumerate(remainder)}
        m = len(remainder)
        excluded = set(limbo)
        known = p is not None
        p = m // 2 if p is None else p
        while True:
            mate = self._remainder_solve(remainder, bsn, p, taken, excluded, None)
            made = sum(1 for i in remainder if mate[i] in bsn) // 2
            if made == p or known:
                break
            p, known = made, True
        s1r = set(remainder[:p])
        pairs = [(i, mate[i]) for i in remainder if mate[i] in bsn and bsn[mate[i]] > bsn[i]]
        out = {max(pair, key=bsn.get) for pair in pairs if pair[0] in s1r and pair[1] in s1r}
        out |= {i for i in s1r if mate[i] not in bsn}
        into = {min(pair, key=bsn.get) for pair in pairs if pair[0] not in s1r and pair[1] not in s1r}
        if out or into:
            s1 = sorted((s1r - out) | into, key=bsn.get)
            mate = self._remainder_solve(remainder, bsn, p, taken, excluded, s1)
            pairs = [(i, mate[i]) for i in remainder if mate[i] in bsn and bsn[mate[i]] > bsn[i]]
        given = next((i for i in self.members if mate.get(i) == "pab"), None)
        rest = [i for i in remainder if mate[i] not in bsn]
        return pairs, rest, given

    def _remainder_solve(self, remainder: list[int], bsn: dict[int, int], p: int, taken: set[int],
                         excluded: set[int], s1: list[int] | None) -> dict:
        """One solve of the remainder: with the exchange fields and the transposition of the
        original subgroups (``s1`` None), or the transposition of the subgroups ``s1`` and the
        rest once the exchange is known."""
        m = len(remainder)
        s1r = set(remainder[:p])

        def transposition(s1: list[int], s2: list[int]) -> Callable[[int, int], int]:
            position = {i: k for k, i in enumerate(s1)}
            place = {i: k for k, i in enumerate(s2)}
            base = len(s2) + 1

            def value(a: int, b: int) -> int:
                if a in place:
                    a, b = b, a
                if a in position and b in place:
                    return (len(s2) - place[b]) * base ** (len(s1) - 1 - position[a])
                return 0
            return value

        if s1 is not None:
            s2 = [i for i in remainder if i not in set(s1)]
            allowed = {(a, b) for a in s1 for b in s2} | {(b, a) for a in s1 for b in s2}
            largest = (len(s2) + 1) ** max(p, 1)
            return self._solve([("transposition", largest, transposition(s1, s2))], excluded=excluded, taken=taken,
                               within=allowed)

        def exchange(a: int, b: int) -> tuple[int, int, int, int]:
            """4.3 a-d on one pair of the remainder (see the module's notes): whether it leaves
            the original S2, the lower sequence number, the original S1 players it moves out, the
            original S2 players it moves in."""
            if a not in bsn or b not in bsn:
                return 0, 0, 0, 0
            low = min(bsn[a], bsn[b])
            both_s2 = a not in s1r and b not in s1r
            return (0 if both_s2 else 1, m + 1 - low, (1 << (p + 1)) - ((1 << low) if low <= p else 0),
                    (1 << (m - low)) if both_s2 else 0)

        s1, s2 = remainder[:p], remainder[p:]
        largest = (len(s2) + 1) ** max(p, 1)
        return self._solve([("exchange-count", 1, lambda a, b: exchange(a, b)[0]),
                            ("exchange-sum", m + 1, lambda a, b: exchange(a, b)[1]),
                            ("exchange-out", 1 << (p + 1), lambda a, b: exchange(a, b)[2]),
                            ("exchange-in", 1 << m, lambda a, b: exchange(a, b)[3]),
                            ("transposition", largest, transposition(s1, s2))],
                           excluded=excluded, taken=taken)

    # -- the graph of one solve ---------------------------------------------------------------

    def _solve(self, order: list[tuple[str, int, Callable[[int, int], int]]], excluded: set[int] = frozenset(),
               taken: set[int] = frozenset(), within: set[tuple[int, int]] | None = None) -> dict:
        """The best candidate by every criterion, then by the ``order`` fields: vertex -> mate
        (another vertex, ``"pab"``, or None). ``excluded``: bracket members that may not be paired
        within the bracket (the Limbo); ``taken``: members already paired; ``within``: the only
        pairs allowed inside the bracket, when given."""
        r = self.r
        players = r.players
        members = [i for i in self.members if i not in taken]
        vertices = members + self.graph
        odd = self.complete and len(vertices) % 2 == 1
        if len(vertices) > MAX_MATCHING:
            raise NotModelled(msg("the {score}-point bracket needs a weighted matching over {count} players, more than "
                                  "the {most} this checker bounds itself to", score=str(self.resident_score),
                                  count=len(vertices), most=MAX_MATCHING))
        w = _Weights(len(vertices) + odd)
        levels = len(r.scores)
        base7 = len(members) + 1
        bracket_levels = {s: k for k, s in enumerate(sorted({players[i].pairing_score for i in members}))}
        next_levels = {s: k for k, s in enumerate(sorted({players[i].pairing_score
                                                          for i in members + self.following}))}
        base8 = len(members) + len(self.following) + 1
        diffs = sorted({players[i].pairing_score - self.resident_score for i in self.mdps})
        diff_rank = {d: k + 1 for k, d in enumerate(diffs)}
        base18 = len(self.members) + 1
        top18 = base18 ** (len(diffs) + 1)
        unplayed_top = max((players[i].unplayed for i in self.members), default=0) + 1
        bye_criteria = self.complete and r.rules.pab_criteria
        if self.complete:
            w.add("complete", 1)
        if bye_criteria:
            w.add("c5", levels)
        w.add("c6", 1)
        w.add("c7", 2 * base7 ** len(bracket_levels))
        w.add("c8-pairs", 1)
        w.add("c8-scores", 2 * base8 ** len(next_levels))
        if bye_criteria:
            w.add("c9", unplayed_top)
        for name in ("c10", "c11", "c12", "c13", "c14", "c15", "c16", "c17"):
            w.add(name, 2)
        for name in ("c18", "c19", "c20", "c21"):
            w.add(name, 2 * top18)
        for name, largest, _ in order:
            w.add(name, largest)
        pack = w.packer()

        def floated(i: int, rounds_ago: int, kind: Float) -> bool:
            return players[i].floated(rounds_ago) is kind

        def in_bracket_weight(a: int, b: int) -> int:
            pa, pb = players[a], players[b]
            hi, lo = (pa, pb) if a < b else (pb, pa)
            difference, repeat, preference, strong = colour_failures(hi, lo, r.to_pair.initial_colour)
            values = {"complete": 1, "c6": 1,
                      "c7": base7 ** bracket_levels[pa.pairing_score] + base7 ** bracket_levels[pb.pairing_score],
                      "c10": 2 - difference, "c11": 2 - repeat, "c12": 2 - preference, "c13": 2 - strong}
            for name, ago in (("c14", 1), ("c16", 2)):
                values[name] = sum(floated(i, ago, Float.DOWN) for i in (a, b) if i not in self.is_mdp)
            mdp = a if a in self.is_mdp else b if b in self.is_mdp else None
            opponent = b if mdp == a else a
            for name, ago in (("c15", 1), ("c17", 2)):
                values[name] = 1 - (mdp is not None and floated(opponent, ago, Float.UP))
            for name, ago in (("c18", 1), ("c20", 2)):
                values[name] = (top18 - base18 ** diff_rank[players[mdp].pairing_score - self.resident_score]
                                if mdp is not None and floated(mdp, ago, Float.DOWN) else 0)
            for name, ago in (("c19", 1), ("c21", 2)):
                values[name] = top18 - (base18 ** diff_rank[players[mdp].pairing_score - self.resident_score]
                                        if mdp is not None and floated(opponent, ago, Float.UP) else 0)
            for name, _, value in order:
                values[name] = value(a, b)
            return pack(values)

        member_set = set(members)
        adjacent = r.adjacent
        edges = []
        for x, a in enumerate(vertices):
            for b in vertices[x + 1:]:
                if not adjacent[a] >> b & 1:
                    continue
                if a in member_set and b in member_set:
                    if a in excluded or b in excluded or (a in self.is_mdp and b in self.is_mdp):
                        continue
                    if within is not None and (a, b) not in within and (a in self.residents and b in self.residents):
                        continue
                    edges.append((a, b, in_bracket_weight(a, b)))
                else:
                    values = {"complete": 1}
                    if b in self.in_following:
                        values["c8-pairs"] = 1
                        values["c8-scores"] = (base8 ** next_levels[players[a].pairing_score]
                                               + base8 ** next_levels[players[b].pairing_score])
                    if values.keys() - {"complete"} or self.complete:
                        edges.append((a, b, pack(values)))
        if odd:
            for a in vertices:
                if r.eligible[a]:
                    values = {"complete": 1, "c5": levels - r.level[players[a].pairing_score],
                              "c9": unplayed_top - players[a].unplayed if a in member_set and self.c9 else 0}
                    edges.append((a, r.n, pack(values)))
        mate = max_weight_matching(r.n + 1, edges, max_cardinality=self.complete)
        if self.complete and (sum(1 for v in vertices if mate[v] != -1) < len(vertices) or (odd and mate[r.n] == -1)):
            raise NoPairing(msg("the players left cannot all be paired"))
        self.last = {v: ("pab" if mate[v] == r.n else None if mate[v] == -1 else mate[v]) for v in vertices}
        return self.last
