"""The one cheapest-path search, over a board's :class:`~ttr_nb.board_index.BoardIndex`:
:class:`PathSearch`. The Scoresheet's ticket paths and gaps, the graph functions, the
classroom analyses and the optimiser all use it.

A Dijkstra search from a set of start cities. The caller gives each route its cost, by route
position: its spaces or its trains, 0 for a route the player holds, None for one the search
may not use (not in the network, or closed). A path goes on from a city along
``index.onward`` (never from a country, H-8.2); it leaves a start by any of its routes.

Ties are broken one of two ways, the same on every run:

- by cities (the default): cities are reached in order of cost, then of name; each city by
  the path from the previous city whose name sorts first, then by the lower route id;
- by routes (``by_routes``): paths compare by (cost, number of routes, route ids in path
  order): fewest spaces or trains, then fewest routes, then the smallest route ids.

The search stops at the first city of a goal set and can go on later from there
(:meth:`PathSearch.first`), so several goals share one search.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.board_index import board_index
>>> ix = board_index(ttr_nb.load_map("usa"))
>>> s = PathSearch(ix, list(ix.trains), [ix.node("Denver")])
>>> goal = s.first({ix.node("Chicago")})
>>> s.dist[goal], [ix.names[c] for c in s.path(goal)[1]]
(8, ['Denver', 'Omaha', 'Chicago'])
"""
from __future__ import annotations

import heapq
from typing import Any, Collection, Iterable, Sequence

from .board_index import BoardIndex

__all__ = ["PathSearch"]


class PathSearch:
    """A cheapest-path search from ``starts`` (city numbers) over ``index``, each route
    costing ``cost[position]`` (None: not usable); see the module docstring.

    ``dist``: city -> its cost (with ``by_routes``, the triple (cost, routes, route ids)),
    in the order the cities were reached; ``back``: city -> (previous city, route id).
    """

    __slots__ = ("ix", "cost", "starts", "by_routes", "heap", "dist", "back", "pending")

    def __init__(self, index: BoardIndex, cost: Sequence[int | None], starts: Iterable[int],
                 by_routes: bool = False):
        self.ix, self.cost, self.by_routes = index, cost, by_routes
        self.starts = frozenset(starts)
        zero: Any = (0, 0, ()) if by_routes else 0
        self.heap: list[tuple] = [(zero, s, -1, -1) for s in sorted(self.starts)]  # a heap
        self.dist: dict[int, Any] = {}
        self.back: dict[int, tuple[int, int]] = {}
        self.pending = -1  # a city reached whose routes wait to be followed

    def first(self, goals: Collection[int]) -> int | None:
        """The first city of ``goals`` the search reaches (None if it reaches none); the
        search stops there and goes on at the next call. ``first(())`` reaches everything."""
        dist = self.dist
        for v in dist:
            if v in goals:
                return v
        heap, back, starts, cost, by_routes = self.heap, self.back, self.starts, self.cost, self.by_routes
        at, onward, rid = self.ix.at, self.ix.onward, self.ix.rid
        pop, push = heapq.heappop, heapq.heappush
        city = self.pending
        while True:
            if city >= 0:
                d = dist[city]
                for nb, i in (at[city] if city in starts else onward[city]):
                    w = cost[i]
                    if w is None or nb in dist:
                        continue
                    r = rid[i]
                    push(heap, ((d[0] + w, d[1] + 1, d[2] + (r,)) if by_routes else d + w, nb, city, r))
            while heap:
                key, city, prev, r = pop(heap)
                if city not in dist:
                    break
            else:
                self.pending = -1
                return None
            dist[city] = key
            if prev >= 0:
                back[city] = (prev, r)
            if city in goals:
                self.pending = city
                return city

    def path(self, city: int) -> tuple[list[int], list[int]]:
        """(route ids, cities) of the path found to a reached ``city``, from its start."""
        routes, cities, back = [], [city], self.back
        while city in back:
            city, r = back[city]
            routes.append(r)
            cities.append(city)
        return routes[::-1], cities[::-1]

    def reached(self) -> dict[int, Any]:
        """Every city the search can reach, with its cost (the search runs to the end)."""
        self.first(())
        return self.dist
