"""Whether a set of players can all be paired: maximum-cardinality matching (Edmonds' blossom
algorithm, augmenting paths found by breadth-first search with blossom shrinking) over a
compatibility graph given as bit sets, with Dirac's theorem as the quick answer.

The Dutch system's completion criterion (C.04.3 [C4] of 2026, C.4 of 2017) asks, at every
bracket, whether the players left can still all be paired (one of them, when they are an odd
number, receiving the pairing-allocated bye); the engine asks it often, so the common case is
answered without a matching: a graph on ``n`` vertices in which every vertex has at least
``n / 2`` neighbours has a Hamiltonian cycle (Dirac, 1952), hence a perfect matching when ``n`` is
even, and one that leaves out any chosen vertex when ``n`` is odd.
"""

from __future__ import annotations

from collections import deque

__all__ = ["dense", "maximum_matching"]


def dense(members: int, adjacent: list[int]) -> bool:
    """Dirac's condition on the vertices of the bit set ``members``: each has at least half of
    the others' count as neighbours (``adjacent[v]``: v's neighbours as a bit set)."""
    count = members.bit_count()
    if count < 3:
        return False
    need = (count + 1) // 2
    rest = members
    while rest:
        low = rest & -rest
        v = low.bit_length() - 1
        if (adjacent[v] & members).bit_count() < need:
            return False
        rest ^= low
    return True


def maximum_matching(vertices: list[int], adjacent: list[int], start: dict[int, int] | None = None) -> dict[int, int]:
    """A maximum matching of the graph induced on ``vertices`` (``adjacent[v]``: v's neighbours as
    a bit set over vertex numbers), grown from ``start`` (a matching of some of them, kept where it
    lies inside ``vertices``): vertex -> mate, both directions."""
    index = {v: i for i, v in enumerate(vertices)}
    members = 0
    for v in vertices:
        members |= 1 << v
    n = len(vertices)
    neighbours = []
    for v in vertices:
        bits = adjacent[v] & members
        row = []
        while bits:
            low = bits & -bits
            row.append(index[low.bit_length() - 1])
            bits ^= low
        neighbours.append(row)
    mate = [-1] * n
    for v, w in (start or {}).items():
        if v in index and w in index and mate[index[v]] == -1 and mate[index[w]] == -1 and index[w] in neighbours[index[v]]:
            mate[index[v]], mate[index[w]] = index[w], index[v]
    for i in range(n):  # greedy first: most vertices are matched without a search
        if mate[i] == -1:
            for j in neighbours[i]:
                if mate[j] == -1:
                    mate[i], mate[j] = j, i
                    break
    for i in range(n):
        if mate[i] == -1:
            _augment_from(i, neighbours, mate)
    return {vertices[i]: vertices[j] for i, j in enumerate(mate) if j != -1}


def _augment_from(root: int, neighbours: list[list[int]], mate: list[int]) -> bool:
    """Search an augmenting path from the single vertex ``root`` and flip it (True when found)."""
    n = len(neighbours)
    base = list(range(n))
    parent = [-1] * n
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for u in neighbours[v]:
            if base[v] == base[u] or mate[v] == u:
                continue
            if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                b = lca(v, u)
                blossom = [False] * n
                mark_path(v, b, u, blossom)
                mark_path(u, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[u] == -1:
                parent[u] = v
                if mate[u] == -1:
                    while u != -1:  # flip the path back to the root
                        pv = parent[u]
                        ppv = mate[pv]
                        mate[u], mate[pv] = pv, u
                        u = ppv
                    return True
                used[mate[u]] = True
                queue.append(mate[u])
    return False
