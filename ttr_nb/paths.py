"""The one cheapest-path search the graph, analysis and scoring code share.

Edges are ``(u, v, weight, route_id)`` tuples over node numbers; the order is fixed so
every caller breaks ties the same way: fewest weight (cars or trains), then fewest routes,
then the smallest route ids.
"""
from __future__ import annotations

import heapq
from typing import Iterable, Sequence

Edge = tuple[int, int, int, int]


def adjacency(edges: Sequence[Edge]) -> dict[int, list[tuple[int, int]]]:
    """Node -> [(neighbour, edge index)] for ``edges``."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    return adj


def cheapest_path(edges: Sequence[Edge], adj: dict[int, list[tuple[int, int]]],
                  sources: Iterable[int], targets: set[int]
                  ) -> tuple[tuple[int, int, tuple[int, ...]], tuple[int, ...]] | None:
    """Dijkstra from any of ``sources`` to the first of ``targets`` reached.

    Returns ``((weight, routes, route ids in order), nodes in order)``, or None if no
    target can be reached.
    """
    heap = [((0, 0, ()), s, (s,)) for s in sources if s in adj]
    heapq.heapify(heap)
    done: set[int] = set()
    while heap:
        key, v, nodes = heapq.heappop(heap)
        if v in done:
            continue
        done.add(v)
        if v in targets:
            return key, nodes
        for nb, i in adj[v]:
            if nb not in done:
                _u, _v, w, r = edges[i]
                heapq.heappush(heap, ((key[0] + w, key[1] + 1, key[2] + (r,)), nb, nodes + (nb,)))
    return None
