"""Maximum-weight matching in a general graph with exact integer weights: Edmonds' blossom
algorithm in its primal-dual form (Galil, "Efficient algorithms for finding maximum matching in
graphs", ACM Computing Surveys 18, 1986), O(n³).

The Dutch system's criteria are compared in order of priority, never traded against each other;
the pairing engine (:mod:`.dutch`) writes each criterion into its own field of one integer edge
weight, so that a heavier matching is exactly a better candidate. The weights are therefore large
(hundreds of bits): the arithmetic here is on Python integers only, never floats. Weights are
doubled internally so that every dual variable stays an integer.

``mate`` is returned as a list: ``mate[v]`` is the vertex matched to ``v``, or -1.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["max_weight_matching"]


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]], max_cardinality: bool = False) -> list[int]:
    """A matching of maximum weight among the vertices ``0 .. n-1`` and the weighted ``edges``
    ``(u, v, w)`` (``u != v``, ``w`` an integer); with ``max_cardinality``, one of maximum weight
    among those of maximum cardinality. Edges of weight 0 or less are never needed for the weight;
    they are kept for the cardinality."""
    return _Blossom(n, list(edges), max_cardinality).solve()


class _Blossom:
    """One run of the algorithm. Vertices are ``0 .. n-1``; blossoms ``n .. 2n-1``. An edge ``k``
    has two endpoints ``2k`` and ``2k+1``; ``end[p]`` is the vertex at endpoint ``p`` and ``p ^ 1``
    is the other end of the same edge (the representation keeps the direction an edge is crossed
    in, which the blossom bookkeeping needs)."""

    def __init__(self, n: int, edges: list[tuple[int, int, int]], max_cardinality: bool) -> None:
        self.n = n
        self.max_cardinality = max_cardinality
        self.end: list[int] = []
        self.w2: list[int] = []  # doubled weights
        self.incident: list[list[int]] = [[] for _ in range(n)]  # remote endpoints of v's edges
        for k, (u, v, w) in enumerate(edges):
            self.end += (u, v)
            self.w2.append(2 * w)
            self.incident[u].append(2 * k + 1)
            self.incident[v].append(2 * k)
        self.mate = [-1] * n  # the remote endpoint of v's matched edge
        # every vertex and blossom: label (0 free, 1 S, 2 T) of the top-level blossom, the endpoint
        # through which it got its label, its parent blossom, children, edges between children,
        # base vertex, the least-slack edge to another S-blossom (or, for a non-S vertex, to an S
        # vertex), and for S-blossoms the least-slack edges to each other S-blossom.
        size = 2 * n
        self.label = [0] * size
        self.labelend = [-1] * size
        self.top = list(range(n))  # inblossom: the top-level blossom of each vertex
        self.parent = [-1] * size
        self.children: list[list[int] | None] = [None] * size
        self.endps: list[list[int] | None] = [None] * size
        self.base = list(range(n)) + [-1] * n
        self.bestedge = [-1] * size
        self.blossom_best: list[list[int] | None] = [None] * size
        self.unused = list(range(n, size))
        top_weight = max(self.w2, default=0) // 2
        self.dual = [top_weight] * n + [0] * n  # vertex duals (x2 like the weights), then blossoms'
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    # -- helpers ---------------------------------------------------------------------------------

    def slack(self, k: int) -> int:
        return self.dual[self.end[2 * k]] + self.dual[self.end[2 * k + 1]] - self.w2[k]

    def leaves(self, b: int):
        """The vertices of blossom (or vertex) ``b``."""
        if b < self.n:
            yield b
            return
        stack = [b]
        while stack:
            x = stack.pop()
            if x < self.n:
                yield x
            else:
                stack.extend(self.children[x])

    def assign_label(self, w: int, t: int, p: int) -> None:
        """Label the top-level blossom of vertex ``w`` with ``t`` (1 S, 2 T), reached through
        endpoint ``p``; a T-blossom labels its mate's blossom S in turn."""
        b = self.top[w]
        self.label[w] = self.label[b] = t
        self.labelend[w] = self.labelend[b] = p
        self.bestedge[w] = self.bestedge[b] = -1
        if t == 1:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            self.assign_label(self.end[self.mate[base]], 1, self.mate[base] ^ 1)

    def scan_blossom(self, v: int, w: int) -> int:
        """Trace back from ``v`` and ``w`` towards the roots: the base of the new blossom where
        the two paths meet, or -1 when they end at two different roots (an augmenting path)."""
        path = []
        found = -1
        while v != -1 or w != -1:
            b = self.top[v]
            if self.label[b] & 4:
                found = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.end[self.labelend[b]]
                b = self.top[v]
                v = self.end[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return found

    def add_blossom(self, base: int, k: int) -> None:
        """Make a new blossom from the S-blossoms joined by edge ``k`` through their common
        ancestor with base vertex ``base``."""
        v, w = self.end[2 * k], self.end[2 * k + 1]
        bb = self.top[base]
        bv, bw = self.top[v], self.top[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path = []
        endps = []
        while bv != bb:  # from v's side, back to the base
            self.parent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.end[self.labelend[bv]]
            bv = self.top[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:  # then w's side
            self.parent[bw] = b
            path.append(bw)
            endps.append(self.labelend[bw] ^ 1)
            w = self.end[self.labelend[bw]]
            bw = self.top[w]
        self.children[b] = path
        self.endps[b] = endps
        self.label[b] = 1
        self.labelend[b] = self.labelend[bb]
        self.dual[b] = 0
        for x in self.leaves(b):
            if self.label[self.top[x]] == 2:
                self.queue.append(x)  # a T-vertex becomes an S-vertex
            self.top[x] = b
        # the least-slack edges from the new blossom to the other S-blossoms
        best_to = [-1] * (2 * self.n)
        for bv in path:
            if self.blossom_best[bv] is None:
                lists = [[p // 2 for p in self.incident[x]] for x in self.leaves(bv)]
            else:
                lists = [self.blossom_best[bv]]
            for edges in lists:
                for e in edges:
                    i, j = self.end[2 * e], self.end[2 * e + 1]
                    if self.top[j] == b:
                        i, j = j, i
                    bj = self.top[j]
                    if bj != b and self.label[bj] == 1 and (
                            best_to[bj] == -1 or self.slack(e) < self.slack(best_to[bj])):
                        best_to[bj] = e
            self.blossom_best[bv] = None
            self.bestedge[bv] = -1
        self.blossom_best[b] = [e for e in best_to if e != -1]
        self.bestedge[b] = -1
        for e in self.blossom_best[b]:
            if self.bestedge[b] == -1 or self.slack(e) < self.slack(self.bestedge[b]):
                self.bestedge[b] = e

    def expand_blossom(self, b: int, end_stage: bool) -> None:
        """Undo blossom ``b`` (its dual reached zero, or the stage ends)."""
        for s in self.children[b]:
            self.parent[s] = -1
            if s < self.n:
                self.top[s] = s
            elif end_stage and self.dual[s] == 0:
                self.expand_blossom(s, end_stage)
            else:
                for x in self.leaves(s):
                    self.top[x] = s
        if not end_stage and self.label[b] == 2:
            # the T-blossom is replaced by the children on the even path from where it was
            # entered to its base; the other children lose their labels (or keep an S-neighbour)
            entry = self.top[self.end[self.labelend[b] ^ 1]]
            children, endps = self.children[b], self.endps[b]
            j = children.index(entry)
            if j & 1:
                j -= len(children)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            p = self.labelend[b]
            while j != 0:
                self.label[self.end[p ^ 1]] = 0
                self.label[self.end[endps[j - trick] ^ trick ^ 1]] = 0
                self.assign_label(self.end[p ^ 1], 2, p)
                self.allowed[endps[j - trick] // 2] = True
                j += step
                p = endps[j - trick] ^ trick
                self.allowed[p // 2] = True
                j += step
            bv = children[j]
            self.label[self.end[p ^ 1]] = self.label[bv] = 2
            self.labelend[self.end[p ^ 1]] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += step
            while children[j] != entry:
                bv = children[j]
                if self.label[bv] == 1:
                    j += step
                    continue
                labelled = next((v for v in self.leaves(bv) if self.label[v] != 0), -1)
                if labelled != -1:
                    self.label[labelled] = 0
                    self.label[self.end[self.mate[self.base[bv]]]] = 0
                    self.assign_label(labelled, 2, self.labelend[labelled])
                j += step
        self.label[b] = self.labelend[b] = -1
        self.children[b] = self.endps[b] = None
        self.base[b] = -1
        self.blossom_best[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Rotate blossom ``b`` so that vertex ``v`` becomes its base, swapping the matched and
        unmatched edges on the even path between them."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children, endps = self.children[b], self.endps[b]
        i = j = children.index(t)
        if i & 1:
            j -= len(children)
            step, shift = 1, 0
        else:
            step, shift = -1, 1
        while j != 0:
            j += step
            t = children[j]
            p = endps[j - shift] ^ shift
            if t >= self.n:
                self.augment_blossom(t, self.end[p])
            j += step
            t = children[j]
            if t >= self.n:
                self.augment_blossom(t, self.end[p ^ 1])
            self.mate[self.end[p]] = p ^ 1
            self.mate[self.end[p ^ 1]] = p
        self.children[b] = children[i:] + children[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, k: int) -> None:
        """Flip the augmenting path through edge ``k`` between two S-vertices of different
        trees."""
        for s, p in ((self.end[2 * k], 2 * k + 1), (self.end[2 * k + 1], 2 * k)):
            while True:
                bs = self.top[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if self.labelend[bs] == -1:
                    break
                t = self.end[self.labelend[bs]]
                bt = self.top[t]
                s = self.end[self.labelend[bt]]
                j = self.end[self.labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = self.labelend[bt]
                p = self.labelend[bt] ^ 1

    # -- the stages ------------------------------------------------------------------------------

    def solve(self) -> list[int]:
        n = self.n
        if not self.w2:
            return [-1] * n
        for _ in range(n):
            # a stage: grow alternating trees from every single vertex until one augments
            self.label = [0] * (2 * n)
            self.bestedge = [-1] * (2 * n)
            for b in range(n, 2 * n):
                self.blossom_best[b] = None
            self.allowed = [False] * len(self.w2)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.top[v]] == 0:
                    self.assign_label(v, 1, -1)
            augmented = False
            while True:
                while self.queue and not augmented:
                    v = self.queue.pop()
                    for p in self.incident[v]:
                        k = p // 2
                        w = self.end[p]
                        if self.top[v] == self.top[w]:
                            continue
                        if not self.allowed[k]:
                            slack = self.slack(k)
                            if slack <= 0:
                                self.allowed[k] = True
                        if self.allowed[k]:
                            if self.label[self.top[w]] == 0:
                                self.assign_label(w, 2, p ^ 1)
                            elif self.label[self.top[w]] == 1:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, k)
                                else:
                                    self.augment(k)
                                    augmented = True
                                    break
                            elif self.label[w] == 0:
                                self.label[w] = 2
                                self.labelend[w] = p ^ 1
                        elif self.label[self.top[w]] == 1:
                            b = self.top[v]
                            if self.bestedge[b] == -1 or slack < self.slack(self.bestedge[b]):
                                self.bestedge[b] = k
                        elif self.label[w] == 0:
                            if self.bestedge[w] == -1 or slack < self.slack(self.bestedge[w]):
                                self.bestedge[w] = k
                if augmented:
                    break
                kind, delta, target = self.next_delta()
                self.adjust(delta)
                if kind == 1:
                    break  # no further improvement: the matching is optimal
                if kind == 2:
                    self.allowed[target] = True
                    i, j = self.end[2 * target], self.end[2 * target + 1]
                    self.queue.append(i if self.label[self.top[i]] == 1 else j)
                elif kind == 3:
                    self.allowed[target] = True
                    self.queue.append(self.end[2 * target])
                else:
                    self.expand_blossom(target, False)
            if not augmented:
                break
            for b in range(n, 2 * n):  # S-blossoms with a zero dual end with the stage
                if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == 1 and self.dual[b] == 0:
                    self.expand_blossom(b, True)
        return [self.end[p] if p != -1 else -1 for p in self.mate]

    def next_delta(self) -> tuple[int, int, int]:
        """The dual change that makes progress: (kind, delta, the edge or blossom it concerns);
        kind 1: a vertex dual reaches zero (no augmenting path left), 2: an edge from an S-vertex
        to a free vertex becomes tight, 3: an edge between two S-blossoms, 4: a T-blossom's dual
        reaches zero."""
        n = self.n
        kind, delta, target = 0, None, -1
        if not self.max_cardinality:
            kind, delta = 1, min(self.dual[:n])
        for v in range(n):
            if self.label[self.top[v]] == 0 and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if delta is None or d < delta:
                    kind, delta, target = 2, d, self.bestedge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and self.label[b] == 1 and self.bestedge[b] != -1 and (b < n or self.base[b] >= 0):
                d = self.slack(self.bestedge[b]) // 2
                if delta is None or d < delta:
                    kind, delta, target = 3, d, self.bestedge[b]
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == 2 and (
                    delta is None or self.dual[b] < delta):
                kind, delta, target = 4, self.dual[b], b
        if delta is None:  # max cardinality with nothing left to grow: stop
            kind, delta = 1, max(0, min(self.dual[:n]))
        return kind, delta, target

    def adjust(self, delta: int) -> None:
        n = self.n
        for v in range(n):
            label = self.label[self.top[v]]
            if label == 1:
                self.dual[v] -= delta
            elif label == 2:
                self.dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if self.label[b] == 1:
                    self.dual[b] += delta
                elif self.label[b] == 2:
                    self.dual[b] -= delta
