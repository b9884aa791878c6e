"""The matchings the Dutch pairing engine rests on (``trfconv.rules.swiss.matching``: maximum
weight, exact integers; ``cardinality``: whether everyone can be paired, Dirac's quick answer),
held against networkx (a test dependency, through gacrux) on random graphs, and on the cases
that exercise blossoms."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from trfconv.rules.swiss.cardinality import dense, maximum_matching
from trfconv.rules.swiss.matching import max_weight_matching


def weight(mate: list[int], weights: dict) -> int:
    return sum(weights[min(u, v), max(u, v)] for u, v in enumerate(mate) if v > u)


def networkx_best(n: int, weights: dict, cardinality: bool) -> tuple[int, int]:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for (i, j), w in weights.items():
        g.add_edge(i, j, weight=w)
    m = nx.max_weight_matching(g, maxcardinality=cardinality)
    return sum(g[u][v]["weight"] for u, v in m), len(m)


def test_a_triangle_and_a_tail():
    """A blossom (the triangle 0-1-2) that must be entered from its tail (3)."""
    edges = [(0, 1, 6), (1, 2, 6), (0, 2, 6), (2, 3, 5)]
    mate = max_weight_matching(4, edges)
    assert weight(mate, {(i, j): w for i, j, w in edges}) == 11
    assert mate[3] == 2


def test_maximum_cardinality_before_weight():
    """The path 3-0-1-2: the heaviest matching is 0-1 alone, the largest 3-0 and 1-2."""
    edges = [(0, 1, 10), (3, 0, 1), (1, 2, 1)]
    assert max_weight_matching(4, edges) == [1, 0, -1, -1]
    assert max_weight_matching(4, edges, max_cardinality=True) == [3, 2, 1, 0]


def test_weights_beyond_any_float():
    """Hundreds of bits, as the pairing criteria's fields make them: exact, no rounding."""
    big = 1 << 400
    edges = [(0, 1, big + 1), (2, 3, big + 1), (1, 2, 2 * big + 3)]
    mate = max_weight_matching(4, edges)
    assert mate == [-1, 2, 1, -1]
    assert max_weight_matching(4, edges, max_cardinality=True) == [1, 0, 3, 2]


@pytest.mark.parametrize("cardinality", [False, True])
def test_random_graphs_against_networkx(cardinality):
    for seed in range(400):
        r = random.Random(seed)
        n = r.randint(1, 13)
        density = r.random()
        weights = {(i, j): r.choice([r.randint(0, 4), r.randint(0, 10 ** r.randint(1, 40))])
                   for i in range(n) for j in range(i + 1, n) if r.random() < density}
        mate = max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()], cardinality)
        for u, v in enumerate(mate):
            assert v == -1 or (mate[v] == u and (min(u, v), max(u, v)) in weights)
        best, size = networkx_best(n, weights, cardinality)
        assert weight(mate, weights) == best, seed
        if cardinality:
            assert sum(v != -1 for v in mate) // 2 == size, seed


def test_cardinality_against_networkx():
    for seed in range(400):
        r = random.Random(seed)
        n = r.randint(1, 18)
        adjacent = [0] * n
        weights = {}
        for i in range(n):
            for j in range(i + 1, n):
                if r.random() < r.random():
                    adjacent[i] |= 1 << j
                    adjacent[j] |= 1 << i
                    weights[i, j] = 1
        vertices = [v for v in range(n) if r.random() < 0.9]
        mate = maximum_matching(vertices, adjacent)
        assert all(mate[b] == a and adjacent[a] >> b & 1 for a, b in mate.items())
        inside = {e: 1 for e in weights if e[0] in vertices and e[1] in vertices}
        assert len(mate) // 2 == networkx_best(n, inside, True)[1], seed
        if dense(sum(1 << v for v in vertices), adjacent):
            assert len(mate) // 2 == len(vertices) // 2


def test_dirac():
    """Five vertices in a cycle: two neighbours each, fewer than half of five rounded up."""
    cycle = [0b10010, 0b00101, 0b01010, 0b10100, 0b01001]
    assert not dense(0b11111, cycle)
    complete = [0b11110, 0b11101, 0b11011, 0b10111, 0b01111]
    assert dense(0b11111, complete)
