"""The Scoresheet's ticket searches, built for speed: is each ticket done (by which path),
and, when it is not, the cheapest gap between its two ends.

A simulation scores thousands of games, and each game runs these searches some twenty
times, so they work on integer tables built once per board and on one adjacency per
scorer. They return exactly what the plain searches return, ties included:

- :func:`connections` gives, for each ticket, the :class:`~ttr_nb.graph.Connection` that
  :func:`ttr_nb.graph.connect` gives (the network's pieces are found once, and the path
  search runs only for the tickets that are done);
- :class:`GapSearch` finds the gap of a ticket that is not done: a Dijkstra search over
  the routes still open, where the scorer's own routes cost nothing, routes held by others
  cannot be used and a country is an end point, never passed through (H-8.2). The search
  starts from every city the ticket's first end reaches and stops at the first city the
  other end reaches; ties go to the city whose name sorts first, then to the route taken
  from the city whose name sorts first, then to the lower route id. Tickets whose first
  ends reach the same cities share one search, resumed where it stopped.

Example
-------
>>> import ttr_nb
>>> board = ttr_nb.load_map("usa")
>>> ids = [board.find_route("Denver", "Omaha").id]
>>> ticket = board.tickets[0]
>>> [c.connected for c in connections(board, ids, [ticket])]
[False]
"""
from __future__ import annotations

import heapq
import weakref
from typing import Any, Iterable, Mapping, Sequence

from .board import Board, Ticket
from .paths import adjacency, cheapest_path
from .trail import board_graph

__all__ = ["BoardTables", "board_tables", "connections", "tickets_done", "GapSearch"]


class BoardTables:
    """A board as integer nodes for the gap search, built once per board.

    ``names`` are the cities (countries included) sorted by name, so comparing node
    numbers compares names; ``index`` maps a name to its node; ``country[node]`` is True
    for a country; ``routes[node]`` lists ``(neighbour, route_id, trains, entry)`` for each
    route at that node, where ``entry`` is the route's packed heap entry (see
    :class:`GapSearch`) when the route is paid in full; ``entries[node]`` lists
    ``(neighbour, route_id, entry, entry when the route costs nothing)``;
    ``ends[route_id]`` the route's two nodes; ``labels`` caches ``Route.label()``.
    """

    __slots__ = ("names", "index", "country", "routes", "entries", "ends", "labels",
                 "rmin", "r", "m2", "m1", "__weakref__")

    def __init__(self, board: Board):
        names = sorted(set(board.cities) | {c for r in board.routes for c in (r.a, r.b)})
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.country: tuple[bool, ...] = tuple(
            bool(board.cities[n].is_country) if n in board.cities else False for n in names)
        ids = [r.id for r in board.routes] or [0]
        n = len(names)
        self.rmin = min(ids)
        self.r = r = max(ids) - self.rmin + 2
        self.m2 = m2 = (n + 1) * r
        self.m1 = m1 = n * m2
        routes: list[list[tuple[int, int, int, int]]] = [[] for _ in names]
        self.ends: dict[int, tuple[int, int]] = {}
        for route in board.routes:
            a, b = self.index[route.a], self.index[route.b]
            self.ends[route.id] = (a, b)
            code = route.id - self.rmin + 1
            w = route.trains * m1
            routes[a].append((b, route.id, route.trains, w + b * m2 + (a + 1) * r + code))
            routes[b].append((a, route.id, route.trains, w + a * m2 + (b + 1) * r + code))
        self.routes = tuple(map(tuple, routes))
        self.entries = tuple(tuple((nb, rid, e, e - w * m1) for nb, rid, w, e in at)
                             for at in self.routes)
        self.labels: dict[int, str] = {route.id: route.label() for route in board.routes}


_TABLES: "weakref.WeakKeyDictionary[Board, BoardTables]" = weakref.WeakKeyDictionary()


def board_tables(board: Board) -> BoardTables:
    """The tables of ``board`` (built on first use, then reused)."""
    try:
        return _TABLES[board]
    except KeyError:
        t = _TABLES[board] = BoardTables(board)
        return t


# -- ticket completion ----------------------------------------------------------------
def connections(board: Board, route_ids: Iterable[int], tickets: Sequence[Ticket]) -> tuple:
    """One :class:`~ttr_nb.graph.Connection` per ticket, equal to
    ``connect(board, route_ids, t.a, t.b)`` for each, computed together: the network's
    pieces once, the path only for the tickets that are done."""
    from .graph import Connection, connect

    tickets = tuple(tickets)
    if not tickets:
        return ()
    route_ids = tuple(route_ids)
    g = board_graph(board)
    nodes_of, ends = g.nodes_of, g.ends
    try:
        route_ends = [ends[rid] for rid in route_ids]
        ticket_ends = [(t.a, t.b, nodes_of[t.a], nodes_of[t.b]) for t in tickets]
    except (KeyError, TypeError):  # not a route or a city of the board
        return tuple(connect(board, route_ids, t.a, t.b) for t in tickets)  # its errors
    piece = _pieces(route_ends)
    names = g.names
    piece_names: dict[int, frozenset[str]] = {}  # id(piece) -> the names of its nodes

    def reach(end: str, nodes: tuple[int, ...]) -> tuple[frozenset[str], list[set[int]]]:
        found = [piece[x] for x in nodes if x in piece]
        if not found:
            return frozenset((end,)), found
        out = frozenset((end,))
        for p in found:
            k = id(p)
            if k not in piece_names:
                piece_names[k] = frozenset([names[x] for x in p])
            out = out | piece_names[k]
        return out, found

    path_search = None
    out = []
    for a, b, src, dst in ticket_ends:
        if a == b:
            out.append(Connection(a, b, True, (), (a,), frozenset([a]), frozenset([a])))
            continue
        reach_a, pa = reach(a, src)
        reach_b, pb = reach(b, dst)
        if not any(p is q for p in pa for q in pb):
            out.append(Connection(a, b, False, (), (), reach_a, reach_b))
            continue
        if path_search is None:
            edges = g.edges(route_ids)
            path_search = (edges, adjacency(edges))
        rids, path = _path(*path_search, src, set(dst))
        out.append(Connection(a, b, True, rids, tuple(names[x] for x in path), reach_a, reach_b))
    return tuple(out)


def tickets_done(board: Board, route_ids: Iterable[int], tickets: Sequence[Ticket],
                 pieces: Mapping[int, Any] | None = None) -> tuple[bool, ...]:
    """For each ticket, whether ``route_ids`` join its ends: ``connections(...)[i].connected``
    without the paths and the reached cities (what a simulation needs). The ids must be
    routes of the board and the tickets' ends its cities (a Scoresheet checks them first).
    ``pieces``: the network's pieces if known (node -> one object per piece, shared by its
    nodes, e.g. from :func:`ttr_nb.trail.trail_length_and_pieces`)."""
    g = board_graph(board)
    ends, nodes_of = g.ends, g.nodes_of
    get = (pieces if pieces is not None else _pieces([ends[rid] for rid in route_ids])).get
    out = []
    for t in tickets:
        src, dst = nodes_of[t.a], nodes_of[t.b]
        if t.a == t.b:
            out.append(True)
        elif len(src) == 1 == len(dst):  # two cities (a country has a node per route)
            p = get(src[0])
            out.append(p is not None and p is get(dst[0]))
        else:
            out.append(any(p is not None and p is get(y) for p in map(get, src) for y in dst))
    return tuple(out)


def _pieces(route_ends: Iterable[tuple[int, int, int]]) -> dict[int, set[int]]:
    """The network's pieces: node -> the set of the nodes of its piece (one set object per
    piece, shared by its nodes)."""
    piece: dict[int, set[int]] = {}
    for u, v, _w in route_ends:
        pu, pv = piece.get(u), piece.get(v)
        if pu is None:
            if pv is None:
                piece[u] = piece[v] = {u, v}
            else:
                pv.add(u)
                piece[u] = pv
        elif pv is None:
            pu.add(v)
            piece[v] = pu
        elif pu is not pv:
            if len(pu) < len(pv):
                pu, pv = pv, pu
            pu |= pv
            for x in pv:
                piece[x] = pu
    return piece


def _path(edges, adj, src, targets) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The path of :func:`ttr_nb.graph.connect`: fewest cars, then fewest routes, then the
    smallest route ids (the same search, on an adjacency built once)."""
    (_cars, _n, rids), nodes = cheapest_path(edges, adj, src, targets)
    return rids, nodes


# -- the gap of a ticket that is not done -----------------------------------------------
class GapSearch:
    """The gap searches of one scorer: ``own`` routes cost nothing, ``taken`` routes (held
    by others, or closed) cannot be used.

    A heap entry ``(trains, node, previous node, route)`` is packed into one integer,
    ``((trains * N + node) * (N + 1) + previous + 1) * R + route - lowest route id + 1``
    (N nodes, R - 2 = the highest route id minus the lowest), which orders exactly like
    the tuple and compares much faster.
    """

    def __init__(self, board: Board, own: Iterable[int], taken: Iterable[int]):
        self.tables = t = board_tables(board)
        self.own = own = set(own)
        taken = set(taken)
        self.r, self.m2, self.m1, self.rmin = t.r, t.m2, t.m1, t.rmin
        # per node: (neighbour, the heap entry for it minus the trains so far) per open route
        self.adj = [[(nb, free) if rid in own else (nb, paid)
                     for nb, rid, paid, free in at if rid not in taken]
                    for at in t.entries]
        self._searches: dict[Any, _Search] = {}  # by what the start nodes depend on
        self._goals: dict[Any, frozenset[int]] = {}

    def gap(self, ticket: Ticket, from_a: Iterable[str],
            from_b: Iterable[str]) -> tuple[list[int], int | None]:
        """The cheapest still-open routes (in trains, in path order) that would join the
        ticket's ends, given every city each end reaches; ``([], None)`` if none can."""
        index, country = self.tables.index, self.tables.country
        from_a, from_b = frozenset(from_a), frozenset(from_b)  # no copy if already frozen
        a = index[ticket.a]
        key = (from_a, a) if country[a] else from_a  # what the start nodes depend on
        search = self._searches.get(key)
        if search is None:
            starts = frozenset([i for i in map(index.__getitem__, from_a) if not country[i]]
                               + [a])
            search = self._searches[key] = _Search(self, starts)
        b = index[ticket.b]
        key = (from_b, b) if country[b] else from_b
        goals = self._goals.get(key)
        if goals is None:
            goals = self._goals[key] = frozenset(
                [i for i in map(index.__getitem__, from_b) if not country[i]] + [b])
        goal = search.first(goals)
        if goal is None:
            return [], None
        path, node, back, own, r, m2 = [], goal, search.back, self.own, self.r, self.m2
        while node in back:
            entry = back[node]
            rid = entry % r - 1 + self.rmin
            node = (entry % m2) // r - 1
            if rid not in own:
                path.append(rid)
        return path[::-1], search.dist[goal]


class _Search:
    """A Dijkstra search from a set of start nodes that can stop at the first node of a
    goal set and resume later. Heap entries order by (trains, node, previous node, route)
    (a start node: previous node and route -1), so ties go to the lower node number (the
    name that sorts first), then the lower previous node, then the lower route id.

    Only an entry below every entry already pushed for its node is pushed (``best``; -1
    once the node has left the heap), so the same nodes leave the heap, in the same order,
    with the same entries, as when every entry is pushed."""

    __slots__ = ("gs", "starts", "heap", "best", "dist", "back", "pending")

    def __init__(self, gs: GapSearch, starts: frozenset[int]):
        self.gs, self.starts = gs, starts
        m2 = gs.m2
        self.heap = [c * m2 for c in sorted(starts)]  # sorted: already a heap
        self.best = [gs.m1 * 10**6] * len(gs.adj)  # above any entry (a million trains)
        for c in starts:
            self.best[c] = c * m2
        self.dist: dict[int, int] = {}  # node -> trains, in the order the nodes left the heap
        self.back: dict[int, int] = {}  # node -> the entry it left the heap with
        self.pending = -1  # a node that left the heap and whose routes wait to be followed

    def first(self, goals: frozenset[int]) -> int | None:
        """The first node of ``goals`` to leave the heap (None if none ever does)."""
        dist = self.dist
        if dist:
            for v in dist:
                if v in goals:
                    return v
        heap, best, back, starts = self.heap, self.best, self.back, self.starts
        gs = self.gs
        adj, country, m1, m2 = gs.adj, gs.tables.country, gs.m1, gs.m2
        pop, push = heapq.heappop, heapq.heappush
        city = self.pending
        while True:
            if city >= 0 and (not country[city] or city in starts):
                base = dist[city] * m1
                for nb, part in adj[city]:
                    entry = base + part
                    if entry < best[nb]:
                        best[nb] = entry
                        push(heap, entry)
            while heap:
                entry = pop(heap)
                city = (entry % m1) // m2
                if entry == best[city]:
                    break
            else:
                self.pending = -1
                return None
            best[city] = -1
            dist[city] = entry // m1
            if entry % m2:
                back[city] = entry
            if city in goals:
                self.pending = city
                return city
