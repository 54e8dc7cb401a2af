"""Classroom analyses of a board: the longest simple path, cheapest train costs, ticket
outliers, degrees and Euler, bridges, planarity, Steiner trees, the whole-board trail."""
from __future__ import annotations

from typing import Iterable

from .trail import EMPTY_TRAIL, Trail, _make_trail, board_graph


def longest_simple_path(board, route_ids: Iterable[int]) -> Trail:
    """The longest *path* (no city twice) in a network, in train cars — what a search that
    marks cities instead of routes finds. Compare with :func:`~ttr_nb.graph.longest_trail`.
    Exact (exhaustive search). Countries: each route into a country ends at its own
    terminal, as for trails."""
    g = board_graph(board)
    edges = g.edges(route_ids)
    if not edges:
        return EMPTY_TRAIL
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    best = [0, None]
    nodes: list[int] = []
    path: list[int] = []

    def rec(v, seen, length):
        if length > best[0]:
            best[0], best[1] = length, (nodes[:], path[:])
        for nb, i in adj[v]:
            if nb not in seen:
                seen.add(nb)
                nodes.append(nb)
                path.append(i)
                rec(nb, seen, length + edges[i][2])
                seen.discard(nb)
                nodes.pop()
                path.pop()

    for s in sorted(adj):
        nodes.append(s)
        rec(s, {s}, 0)
        nodes.pop()
    return _make_trail(g, edges, *best[1])
