"""The longest continuous path: a longest *trail* in a player's network.

A trail uses each route at most once; cities may repeat (B-8.2). Its length is counted in
train cars (``route.length``; Legendary Asia mountain trains do not count). The search is
exact for any multigraph (loops, parallel tracks, several pieces) and fast enough to run
after every claim:

1. split the network into connected pieces and bound each one from above;
2. a piece with 0 or 2 odd-degree cities is one trail of all its routes (Euler), built
   with Hierholzer's algorithm;
3. a piece that is a tree: its longest trail is its weighted diameter;
4. otherwise a depth-first search over routes (a Python ``int`` bitmask of used routes)
   that starts only at odd-degree cities (an open maximum trail uses every route at its
   two ends, so both ends have odd degree; a closed one would need every degree even),
   and stops as soon as it meets the piece's upper bound.

Countries (The Heart of Africa, H-8.2, H-8.5) are dead ends: each route into a country
ends at its own terminal, so no trail passes through a country and two routes into the
same country are not joined. ``Trail.cities`` shows the country's name.

Example
-------
>>> import ttr_nb
>>> board = ttr_nb.load_map("usa")
>>> pairs = [("Vancouver", "Seattle"), ("Seattle", "Portland"), ("Portland", "Salt Lake City"),
...          ("Salt Lake City", "Helena"), ("Helena", "Seattle")]
>>> trail = longest_trail(board, [board.routes_between(a, b)[0].id for a, b in pairs])
>>> trail.length, trail.cities[0], trail.cities[-1]
(17, 'Vancouver', 'Seattle')
"""
from __future__ import annotations

import sys
import weakref
from dataclasses import dataclass
from typing import Iterable

from .errors import IllegalAction

__all__ = ["Trail", "longest_trail"]


@dataclass(frozen=True)
class Trail:
    """A trail: ``routes`` in the order travelled, ``cities`` in order (one more than the
    routes; a city may repeat), ``length`` in train cars. The empty trail has length 0,
    no routes and no cities."""

    length: int
    routes: tuple[int, ...]
    cities: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.routes)

    def describe(self) -> str:
        """One line: 'Pittsburgh → Saint Louis → … (31 cars, 9 routes)'."""
        if not self.routes:
            return "no route (0 cars)"
        n = len(self.routes)
        return f"{' → '.join(self.cities)} ({self.length} cars, {n} route{'s' * (n != 1)})"


EMPTY_TRAIL = Trail(0, (), ())


# -- the board compiled for fast searches ---------------------------------------------
class BoardGraph:
    """A board as integer nodes, built once per board.

    Each city is a node; each route into a country gets its own terminal node (H-8.5).
    ``names[node]`` is the city (or country) name shown to users; ``ends[route_id]`` is
    ``(u, v, length)``; ``nodes_of[name]`` lists the nodes of a city (a country: its
    terminals).
    """

    __slots__ = ("names", "ends", "nodes_of", "board_name", "__weakref__")

    def __init__(self, board):
        self.board_name = board.name
        names: list[str] = []
        nodes_of: dict[str, list[int]] = {}
        for c in board.cities.values():
            nodes_of[c.name] = []
            if not c.is_country:
                nodes_of[c.name].append(len(names))
                names.append(c.name)
        ends: dict[int, tuple[int, int, int]] = {}
        for r in board.routes:
            uv = []
            for city in (r.a, r.b):
                if board.cities[city].is_country:
                    nodes_of[city].append(len(names))
                    uv.append(len(names))
                    names.append(city)
                else:
                    uv.append(nodes_of[city][0])
            ends[r.id] = (uv[0], uv[1], r.length)
        self.names = tuple(names)
        self.ends = ends
        self.nodes_of = {k: tuple(v) for k, v in nodes_of.items()}

    def edges(self, route_ids: Iterable[int]) -> list[tuple[int, int, int, int]]:
        """``(u, v, length, route_id)`` for each distinct id, sorted by id; IllegalAction
        for an id that is not on the board."""
        ends = self.ends
        ids = sorted(set(route_ids))
        try:
            return [(*ends[r], r) for r in ids]
        except (KeyError, TypeError):
            bad = next(r for r in ids if r not in ends)
            raise IllegalAction(f"route {bad!r} is not on the board {self.board_name}") from None


_GRAPHS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def board_graph(board) -> BoardGraph:
    """The compiled graph of ``board`` (built on first use, then reused)."""
    try:
        return _GRAPHS[board]
    except KeyError:
        g = _GRAPHS[board] = BoardGraph(board)
        return g


# -- longest trail ----------------------------------------------------------------------
def longest_trail(board, route_ids: Iterable[int]) -> Trail:
    """The longest trail in the network of ``route_ids`` (each route once, cities may repeat).

    Parameters
    ----------
    board : Board
    route_ids : iterable of int
        The routes a player (or a team) owns; duplicates are ignored.

    Returns
    -------
    Trail
        ``length`` in train cars, ``routes`` and ``cities`` in travel order. Among trails
        of the same length the result depends only on the set of routes (deterministic).

    Raises
    ------
    IllegalAction
        A route id that is not on the board.

    References
    ----------
    rules-spec B-8.2 (cities may repeat), H-8.2 (countries are dead ends); anchors §8.
    """
    g = board_graph(board)
    return _longest(g, g.edges(route_ids))


def _longest(g: BoardGraph, edges: list[tuple[int, int, int, int]]) -> Trail:
    if not edges:
        return EMPTY_TRAIL
    # adjacency: node -> [(neighbour, edge index)], edges in route-id order
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        if u in adj:
            adj[u].append((v, i))
        else:
            adj[u] = [(v, i)]
        if v in adj:
            adj[v].append((u, i))
        else:
            adj[v] = [(u, i)]
    if len(edges) == 1:
        u, v, w, r = edges[0]
        return _make_trail(g, edges, [u, v], [0])
    # connected pieces
    comp: dict[int, int] = {}
    pieces: list[list[int]] = []
    for s in adj:
        if s in comp:
            continue
        k = len(pieces)
        comp[s] = k
        nodes = [s]
        stack = [s]
        while stack:
            for nb, _i in adj[stack.pop()]:
                if nb not in comp:
                    comp[nb] = k
                    nodes.append(nb)
                    stack.append(nb)
        pieces.append(nodes)
    if len(pieces) == 1:
        todo = [(0, pieces[0], list(range(len(edges))))]
    else:
        piece_edges: list[list[int]] = [[] for _ in pieces]
        for i, e in enumerate(edges):
            piece_edges[comp[e[0]]].append(i)
        todo = [(0, nodes, pe) for nodes, pe in zip(pieces, piece_edges)]
    # upper bound per piece; search the most promising first
    ranked = []
    for _, nodes, pe in todo:
        total = 0
        for i in pe:
            total += edges[i][2]
        odd = [v for v in nodes if len(adj[v]) & 1]
        ub = total
        if len(odd) > 2:
            mins = sorted(min(edges[i][2] for _nb, i in adj[v]) for v in odd)
            need = (len(odd) - 2) // 2
            cut = max(-(-(sum(mins) - mins[-1] - mins[-2]) // 2),
                      sum(sorted(edges[i][2] for i in pe)[:need]))
            ub = total - cut
        ranked.append((-ub, edges[pe[0]][3], total, nodes, pe, odd))
    ranked.sort(key=lambda t: (t[0], t[1]))
    best_len, best = 0, None
    for neg_ub, _first, total, nodes, pe, odd in ranked:
        ub = -neg_ub
        if ub <= best_len:
            break
        if len(odd) <= 2:
            found = _euler(edges, adj, nodes, pe, odd)
            length = total
        elif len(pe) == len(nodes) - 1:
            found, length = _tree_diameter(edges, adj, odd)
        else:
            found, length = _search(edges, adj, nodes, odd, ub, best_len)
        if found is not None and length > best_len:
            best_len, best = length, found
    cities, order = best
    return _make_trail(g, edges, cities, order)


def _make_trail(g: BoardGraph, edges, nodes: list[int], order: list[int]) -> Trail:
    """Build the Trail, oriented so its first route id is below its last (or, for one
    route, so its first city name comes first)."""
    rids = [edges[i][3] for i in order]
    names = g.names
    cities = [names[v] for v in nodes]
    if rids[0] > rids[-1] or (len(rids) == 1 and cities[0] > cities[-1]):
        rids.reverse()
        cities.reverse()
    return Trail(sum(edges[i][2] for i in order), tuple(rids), tuple(cities))


def _euler(edges, adj, nodes, pe, odd):
    """Hierholzer: a trail over every edge of a piece with 0 or 2 odd nodes."""
    start = min(odd) if odd else min(nodes)
    used = set()
    ptr = dict.fromkeys(nodes, 0)
    stack = [(start, -1)]
    out = []
    while stack:
        v, e = stack[-1]
        lst = adj[v]
        i = ptr[v]
        n = len(lst)
        while i < n and lst[i][1] in used:
            i += 1
        ptr[v] = i
        if i == n:
            out.append(stack.pop())
        else:
            nb, ei = lst[i]
            used.add(ei)
            stack.append((nb, ei))
    out.reverse()
    return [v for v, _e in out], [e for _v, e in out[1:]]


def _tree_diameter(edges, adj, leaves):
    """The longest path of a tree piece: farthest leaf from a leaf, twice."""

    def farthest(src):
        dist = {src: 0}
        back = {src: (-1, -1)}
        stack = [src]
        while stack:
            v = stack.pop()
            d = dist[v]
            for nb, i in adj[v]:
                if nb not in dist:
                    dist[nb] = d + edges[i][2]
                    back[nb] = (v, i)
                    stack.append(nb)
        far = max(dist, key=lambda x: (dist[x], -x))
        return far, dist[far], back

    a, _, _ = farthest(min(leaves))
    b, length, back = farthest(a)
    nodes, order = [b], []
    v = b
    while v != a:
        p, i = back[v]
        order.append(i)
        nodes.append(p)
        v = p
    return (nodes, order), length


def _search(edges, adj, piece, odd, ub, floor):
    """Depth-first search over edges from each odd node; exact. Returns the best trail
    longer than ``floor`` (or None) and its length; stops early at ``ub``."""
    # local adjacency with a bit per edge
    ladj = {v: tuple((1 << i, nb, edges[i][2], i) for nb, i in adj[v]) for v in piece}
    best = [floor, None]
    path: list[int] = []
    nodes: list[int] = []

    def rec(v, used, length):
        dead_end = True
        for bit, nb, w, i in ladj[v]:
            if not used & bit:
                dead_end = False
                path.append(i)
                nodes.append(nb)
                rec(nb, used | bit, length + w)
                path.pop()
                nodes.pop()
                if best[0] >= ub:
                    return
        if dead_end and length > best[0]:
            best[0] = length
            best[1] = (nodes[:], path[:])

    limit = sys.getrecursionlimit()
    if len(edges) + 50 > limit:
        sys.setrecursionlimit(len(edges) + 100)
    for s in sorted(odd):
        nodes.append(s)
        rec(s, 0, 0)
        nodes.pop()
        if best[0] >= ub:
            break
    return best[1], best[0]
