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
    """A cheapest-path search from ``starts`` over ``index``; see the module docstring.

    ``dist``: city -> its cost (with ``by_routes``, the triple (cost, routes, route ids)),
    in the order the cities were reached; ``back``: city -> (previous city, route id).

    Parameters
    ----------
    index : BoardIndex
        The board's index (:func:`~ttr_nb.board_index.board_index`).
    cost : sequence of int or None
        A cost per route position (e.g. from :meth:`BoardIndex.costs
        <ttr_nb.board_index.BoardIndex.costs>`): spaces or trains, 0 for a route the player
        holds, None for a route the search may not use.
    starts : iterable of int
        The city numbers the search starts from (cost 0).
    by_routes : bool, default False
        Break ties by routes (fewest, then the smallest route ids) instead of by cities.
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
        """The first city of ``goals`` the search reaches; the search stops there and goes on
        at the next call.

        Parameters
        ----------
        goals : collection of int
            City numbers (of the index). ``first(())`` reaches every city it can.

        Returns
        -------
        int or None
            The goal reached first (cheapest; ties as the module docstring says), or None if
            the search reaches none of them.

        Examples
        --------
        >>> import ttr_nb
        >>> from ttr_nb.board_index import board_index
        >>> ix = board_index(ttr_nb.load_map("usa"))
        >>> s = PathSearch(ix, list(ix.trains), [ix.node("Denver")])
        >>> ix.names[s.first({ix.node("Chicago"), ix.node("Omaha")})]
        'Omaha'
        >>> ix.names[s.first({ix.node("Chicago")})], s.dist[ix.node("Chicago")]
        ('Chicago', 8)
        """
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
        """The path found to a reached ``city``, from its start.

        Parameters
        ----------
        city : int
            A city number the search has reached (in ``dist``).

        Returns
        -------
        routes : list of int
            The route ids of the path, in order from the start.
        cities : list of int
            The city numbers of the path, the start first and ``city`` last.

        Examples
        --------
        >>> import ttr_nb
        >>> from ttr_nb.board_index import board_index
        >>> ix = board_index(ttr_nb.load_map("usa"))
        >>> s = PathSearch(ix, list(ix.trains), [ix.node("Denver")])
        >>> routes, cities = s.path(s.first({ix.node("Chicago")}))
        >>> routes, [ix.names[c] for c in cities]
        ([34, 18], ['Denver', 'Omaha', 'Chicago'])
        """
        routes, cities, back = [], [city], self.back
        while city in back:
            city, r = back[city]
            routes.append(r)
            cities.append(city)
        return routes[::-1], cities[::-1]

    def reached(self) -> dict[int, Any]:
        """Every city the search can reach, with its cost (the search runs to the end).

        Returns
        -------
        dict of int to cost
            City number -> its cost (with ``by_routes``: the triple (cost, routes, route ids)),
            in the order the cities were reached. This is the search's ``dist``.

        Examples
        --------
        >>> import ttr_nb
        >>> from ttr_nb.board_index import board_index
        >>> board = ttr_nb.load_map("usa")
        >>> ix = board_index(board)
        >>> cars = ix.costs(ix.length, board.route_ids(["Denver–Omaha", "Omaha–Chicago"]))
        >>> {ix.names[c]: d for c, d in PathSearch(ix, cars, [ix.node("Denver")]).reached().items()}
        {'Denver': 0, 'Omaha': 4, 'Chicago': 8}
        """
        self.first(())
        return self.dist
