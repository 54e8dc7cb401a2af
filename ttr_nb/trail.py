"""The longest continuous path: a longest *trail* in a player's network.

A trail uses each route at most once; cities may repeat (B-8.2). Its length is counted in
train cars (``route.length``; Legendary Asia mountain trains do not count). The search is
exact for any multigraph (loops, parallel tracks, several pieces) and fast enough to run
after every claim:

1. split the network into connected pieces (breadth first, each with a spanning tree),
   heaviest first; stop when no piece can beat the best trail found;
2. a piece with 0 or 2 odd-degree cities is one trail of all its routes (Euler), built
   with Hierholzer's algorithm; a piece that is a tree: its weighted diameter;
3. otherwise cut the piece at its **bridges** (the tree routes on no cycle): a trail
   crosses a bridge at most once, so beyond a bridge it only goes away. Children first,
   each bridge gets its "branch" (the bridge, then the longest trail from its far end
   that stays beyond it), and each **block** left (2-edge-connected, or a single city)
   sees its branches as values that only a trail's two ends can take. The longest trail
   whose highest block is b is then found in b alone: a city takes its two best
   branches, a cycle is gone round (one way to a city, or all the way);
4. any other block is shrunk (a city with two routes and no branch is passed through),
   and its trails are found from the routes they leave out: a trail's routes are
   connected with 0 or 2 odd cities, so the sets of routes left out are tried, fewest
   and cheapest first, pruned by their cars. A player's blocks are small; a large or
   dense block goes to **branch and bound over routes** with the **Euler bound**. The
   routes a trail leaves out make every odd city but the trail's two ends even, so they
   contain a T-join of the odd cities: the cheapest one (shortest paths, then the
   cheapest pairing, exact branch and bound over subsets) bounds the trail from above,
   and if the routes left without it are connected, one Euler trail takes them all: the
   bound is met. If they fall apart, take a piece K away from the rest: a trail either
   reaches K through one of its border routes (one branch per route, the earlier ones
   forced out), or leaves K and its border out, or stays inside K; each branch forces
   routes in or out and gets its own, tighter bound;
5. a trail found by the search (3, 4) is put in a canonical order (Fleury's rule: the
   lowest route ids first), so the result depends only on the network.

Countries (The Heart of Africa, H-8.2, H-8.5) are dead ends: each route into a country
ends at its own terminal, so no trail passes through a country and two routes into the
same country are not joined. ``Trail.cities`` shows the country's name.

:func:`longest_trail_length` gives the length alone (no walk is built: a score by the
numbers), and :func:`trail_length_and_pieces` also the connected pieces of step 1, which
ticket completion reuses.

Example
-------
>>> import ttr_nb
>>> board = ttr_nb.load_map("usa")
>>> pairs = [("Vancouver", "Seattle"), ("Seattle", "Portland"), ("Portland", "Salt Lake City"),
...          ("Salt Lake City", "Helena"), ("Helena", "Seattle")]
>>> trail = longest_trail(board, [board.routes_between(a, b)[0].id for a, b in pairs])
>>> trail.length, trail.cities.count("Seattle")
(17, 2)
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import partial
from heapq import heappop, heappush
from typing import Any, Iterable

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
    terminals). For the search: ``edge[route_id]`` is ``(u, v, length, route_id)`` and
    ``at_u[route_id]``, ``at_v[route_id]`` are ``(v, route_id)`` and ``(u, route_id)``
    (made once, not at each call).
    """

    __slots__ = ("names", "ends", "nodes_of", "board_name", "edge", "at_u", "at_v", "__weakref__")

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
        self.edge = {r: (u, v, w, r) for r, (u, v, w) in ends.items()}
        self.at_u = {r: (v, r) for r, (u, v, w) in ends.items()}
        self.at_v = {r: (u, r) for r, (u, v, w) in ends.items()}
        self.nodes_of = {k: tuple(v) for k, v in nodes_of.items()}

    def edges(self, route_ids: Iterable[int]) -> list[tuple[int, int, int, int]]:
        """``(u, v, length, route_id)`` for each distinct id, sorted by id; IllegalAction
        for an id that is not on the board."""
        edge = self.edge
        ids = sorted(set(route_ids))
        try:
            return [edge[r] for r in ids]
        except (KeyError, TypeError):
            bad = next(r for r in ids if r not in edge)
            raise IllegalAction(f"route {bad!r} is not on the board {self.board_name}") from None


_GRAPHS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_last: tuple = (lambda: None, None)  # the last board asked for (a weak reference), its graph


def board_graph(board) -> BoardGraph:
    """The compiled graph of ``board`` (built on first use, then reused)."""
    global _last
    ref, g = _last  # one read: the pair stays consistent
    if ref() is board:  # the same board again: no need for the weak dictionary
        return g
    try:
        g = _GRAPHS[board]
    except KeyError:
        g = _GRAPHS[board] = BoardGraph(board)
    _last = (weakref.ref(board), g)
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
    rules B-8.2 (cities may repeat), H-8.2 (countries are dead ends); anchors §8.
    """
    return _longest(board, route_ids, True)


def longest_trail_length(board, route_ids: Iterable[int]) -> int:
    """``longest_trail(board, route_ids).length``, without building the trail's walk (what
    a score needs by the numbers only)."""
    return _longest(board, route_ids, False)


def trail_length_and_pieces(board, route_ids: Iterable[int]) -> tuple[int, dict[int, list[int]]]:
    """:func:`longest_trail_length`, and the connected pieces of the network found on the
    way: node -> the list of its piece's nodes (one list per piece, shared by its nodes), as
    :func:`ttr_nb.scoring_search.tickets_done` takes them (a ticket is done when its ends
    are in one piece, B-6.4)."""
    pieces: dict[int, list[int]] = {}
    return _longest(board, route_ids, False, pieces), pieces


def _longest(board, route_ids: Iterable[int], walk: bool,
             piece_of: dict[int, list[int]] | None = None) -> Any:
    """:func:`longest_trail` (``walk``) or its length only; fills ``piece_of``, if given,
    with each node's piece (see :func:`trail_length_and_pieces`)."""
    g = board_graph(board)
    ids = sorted(set(route_ids))
    # an edge is named by its route id: ``edges[r]`` is (u, v, cars, r)
    edges = g.edge
    if len(ids) < 2:
        if not ids:
            return EMPTY_TRAIL if walk else 0
        if ids[0] in edges:  # one route: the trail (else the error below)
            u, v, w, r = edges[ids[0]]
            if piece_of is not None:
                piece_of[u] = piece_of[v] = [u, v]
            return _make_trail(g, edges, [u, v], [r], w) if walk else w
    # adjacency: node -> [(neighbour, route id)], in route-id order (a loop twice)
    adj: dict[int, list[tuple[int, int]]] = {}
    at_u, at_v = g.at_u, g.at_v
    cars_all = 0
    try:
        for r in ids:
            u, v, w, _r = edges[r]
            cars_all += w
            if u in adj:
                adj[u].append(at_u[r])
            else:
                adj[u] = [at_u[r]]
            if v in adj:
                adj[v].append(at_v[r])
            else:
                adj[v] = [at_v[r]]
    except KeyError:
        bad = next(r for r in ids if r not in edges)
        raise IllegalAction(f"route {bad!r} is not on the board {g.board_name}") from None
    # the connected pieces, breadth first, each with a spanning tree: ``up[x]`` is the
    # edge that reached x (None at a piece's first city); the edges left out of the
    # tree are the piece's chords (none: the piece is a tree)
    up: dict[int, int | None] = {}
    pieces = []  # (cars, -piece number, nodes in tree order, number of chords, odd cities)
    for s in adj:
        if s in up:
            continue
        up[s] = None
        nodes = [s]
        ends = 0  # route ends: twice the routes
        odd = 0
        cars = 0
        for x in nodes:  # the list grows while it is read
            lst = adj[x]
            d = len(lst)
            ends += d
            odd += d & 1
            for nb, i in lst:
                if nb not in up:
                    up[nb] = i
                    nodes.append(nb)
                    cars += edges[i][2]
        pieces.append([cars, -len(pieces), nodes, (ends >> 1) - len(nodes) + 1, odd])
    if piece_of is not None:
        for p in pieces:
            nodes = p[2]
            for x in nodes:
                piece_of[x] = nodes
    if len(pieces) > 1:
        cyclic = [p for p in pieces if p[3]]
        if len(cyclic) == 1:  # its cars: all the others are trees
            cyclic[0][0] = cars_all - sum([p[0] for p in pieces if not p[3]])
        else:  # add the chords' cars
            for p in cyclic:
                p[0] += sum([edges[i][2] for i in _chords(adj, up, p[2])])
        pieces.sort(reverse=True)  # heaviest first (then the one with the lowest route id)
    else:
        pieces[0][0] = cars_all
    best_len, best = 0, None
    for total, _k, nodes, n_chords, n_odd in pieces:
        if total <= best_len:
            break  # no trail here can beat the best
        if n_odd <= 2:  # one trail takes every route (Euler)
            found = _euler(edges, adj, nodes, None, [v for v in nodes if len(adj[v]) & 1]) if walk else None
            length = total
        elif not n_chords:
            found, length = _tree_diameter(edges, adj, [v for v in nodes if len(adj[v]) & 1])
        else:
            if best_len:
                # the parity bound: every odd city but the two ends keeps a route out
                mins = sorted([min([edges[i][2] for _nb, i in adj[v]]) for v in nodes if len(adj[v]) & 1])
                if total - ((sum(mins) - mins[-1] - mins[-2] + 1) >> 1) <= best_len:
                    continue
            got = _cyclic_piece(edges, adj, nodes, up, n_chords, best_len, len(g.names))
            if got is None:
                continue
            length, found = got
            if walk:
                found = _in_order(adj, *found)
        if length > best_len:
            best_len, best = length, found
    if not walk:
        return best_len
    cities, order = best
    return _make_trail(g, edges, cities, order, best_len)


def _chords(adj, up, nodes) -> set[int]:
    """The edges of a piece left out of its spanning tree (``up``)."""
    out = set()
    for x in nodes:
        into = up[x]
        for nb, i in adj[x]:
            if i != into and up[nb] != i:
                out.add(i)
    return out


def _make_trail(g: BoardGraph, edges, nodes: list[int], order: list[int], length: int = -1) -> Trail:
    """Build the Trail of the routes ``order`` through ``nodes`` (``edges[i]`` is ``(u, v,
    cars, route id)``: a list by index, or the board's ``edge`` by route id; ``length``:
    the cars, if known), oriented so its first route id is below its last (or, for one
    route, so its first city name comes first)."""
    rids = [edges[i][3] for i in order]
    names = g.names
    cities = [names[v] for v in nodes]
    if rids[0] > rids[-1] or (len(rids) == 1 and cities[0] > cities[-1]):
        rids.reverse()
        cities.reverse()
    if length < 0:
        length = sum([edges[i][2] for i in order])
    return Trail(length, tuple(rids), tuple(cities))


def _in_order(adj, nodes: list[int], order: list[int]) -> tuple[list[int], list[int]]:
    """The same routes as a trail in a canonical order (it does not depend on how the
    search found them): when a city is passed more than once, the smallest sequence of
    route ids from either end (Fleury's rule: at each city the lowest route id that does
    not cut off the routes still to travel). ``adj``: the network's routes at each city,
    (neighbour, route id) in route-id order."""
    if len(set(nodes)) == len(nodes):
        return nodes, order  # a simple path: one order (and its reverse)
    first_seen: dict[int, int] = {}
    twice = None
    for k, x in enumerate(nodes):
        if x not in first_seen:
            first_seen[x] = k
        elif twice is None:
            twice = first_seen[x], k
        else:
            break  # more than one city passed twice: the walk below
    else:
        # one city c passed twice: a path to c, a cycle from c back to c, a path on. Going
        # in at either end, the rule takes the path to c, then the cycle (the path on
        # would cut it off) by its lower route at c, then the path on.
        i, j = twice
        before, ring, after = order[:i], order[i:j], order[j:]
        ring_nodes = nodes[i:j + 1]
        if ring[-1] < ring[0]:
            ring, ring_nodes = ring[::-1], ring_nodes[::-1]
        from_a = (before + ring + after, nodes[:i] + ring_nodes + nodes[j + 1:])
        if nodes[0] == nodes[-1]:
            return from_a[1], from_a[0]
        from_b = (after[::-1] + ring + before[::-1], nodes[j + 1:][::-1] + ring_nodes + nodes[:i][::-1])
        best = min(from_a, from_b)
        return best[1], best[0]

    def walk(v: int) -> tuple[list[int], list[int]]:
        """Fleury from v: (route ids, nodes)."""
        rest = set(order)  # the trail's routes not used yet
        path_nodes, path_order = [v], []
        while rest:
            t = None
            choice = False
            for e in adj[v]:  # the first route left; is there another?
                if e[1] in rest:
                    if t is None:
                        t = e
                    else:
                        choice = True
                        break
            if choice and t[0] != v:  # the lowest that cuts nothing off (a loop never does)
                for t in adj[v]:
                    i = t[1]
                    if i not in rest:
                        continue
                    if t[0] == v:
                        break
                    rest.discard(i)  # can its far end still get back to v?
                    seen = {t[0]}
                    stack = [t[0]]
                    back = False
                    while stack and not back:
                        for y, j in adj[stack.pop()]:
                            if j in rest and y not in seen:
                                if y == v:
                                    back = True
                                    break
                                seen.add(y)
                                stack.append(y)
                    rest.add(i)
                    if back:
                        break
            v, i = t
            rest.discard(i)
            path_order.append(i)
            path_nodes.append(v)
        return path_order, path_nodes

    a, b = nodes[0], nodes[-1]
    best = walk(a)
    if b != a:
        # b's walk is smaller only if it can start with a route id no higher than a's
        mine = set(order)
        if min([i for _y, i in adj[b] if i in mine]) <= best[0][0]:
            best = min(best, walk(b))
    return best[1], best[0]


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
    """The longest path of a tree piece: the farthest city from the first leaf (ties:
    the lowest node), then the farthest from that one."""

    def farthest(src, back):
        """The farthest city from src, its distance; ``back`` gets the route into each
        city."""
        far, far_d = src, 0
        stack = [(src, 0, None)]
        while stack:
            v, d, came = stack.pop()
            if d > far_d or (d == far_d and v < far):
                far, far_d = v, d
            for nb, i in adj[v]:
                if i != came:  # a tree: every other route leads away
                    back[nb] = i
                    stack.append((nb, d + edges[i][2], i))
        return far, far_d

    back: dict[int, int] = {}
    a, _ = farthest(min(leaves), back)
    b, length = farthest(a, back)
    nodes, order = [b], []
    v = b
    while v != a:
        i = back[v]
        u, w, _c, _r = edges[i]
        v = u + w - v  # the other end
        order.append(i)
        nodes.append(v)
    return (nodes, order), length


# -- a piece with cycles: blocks joined by bridges -----------------------------------------
LARGE = 16
"""A block of more routes than this (after series reduction) is searched by
:func:`_trail_search`; a smaller one by :func:`_by_removal` first."""
WORK = 400
"""The steps :func:`_by_removal` may take before it leaves the block to
:func:`_trail_search`."""


class _TooLong(Exception):
    """The search by routes left out has gone on too long (a dense block)."""


RING, BLOCK, FOUND = range(3)  # a block to search later: a cycle, a block, or done


def _cyclic_piece(edges, adj, nodes, up, n_chords, floor, size, reroot=True):
    """Exact longest trail of a connected piece with cycles, longer than ``floor``:
    ``(cars, (nodes, route ids))``, or None. ``n_chords``: the number of routes beyond
    its spanning tree; ``size``: the number of the board's nodes; ``reroot``: may take
    another root (see below).

    ``nodes`` lists the piece's cities, parents first, in a spanning tree where ``up[x]``
    is the route from x's parent; the other routes are its chords. A tree route on no
    chord's cycle is a **bridge**; removing the bridges leaves **blocks** (2-edge-
    connected, or single cities), each entered by its **top** (its city nearest the
    root). A trail crosses a bridge at most once, so beyond a bridge it only goes away:
    the best it can do there (a "branch": the bridge, then the longest trail from its far
    end that stays beyond it) is computed once, children first. A block sees its
    branches as values at its cities that only a trail's ends can take (a trail has two
    ends: at most two, the best two at one city). The longest trail whose top block is
    b is then found in b alone: a city takes its two best branches; a cycle (one chord)
    is solved by going round it (:func:`_ring_from_top`, :func:`_ring_anywhere`); other
    blocks by :func:`_block_search`. A large block below the root would be searched
    twice (from its top, for the branch into it, and from anywhere): the spanning tree
    is then grown again from it.
    """
    root = nodes[0]
    parent = [0] * size
    depth = [0] * size
    cars_up = [0] * size  # the cars of the route from x's parent
    chords = set()
    for x in nodes:
        into = up[x]
        if into is not None:
            u, v, w, _r = edges[into]
            p = parent[x] = u + v - x  # the other end
            depth[x] = depth[p] + 1
            cars_up[x] = w
        if len(chords) < n_chords:  # (no need to look once all are found)
            for nb, i in adj[x]:
                if i != into and up[nb] != i:  # not a tree route
                    chords.add(i)
    # each chord closes a cycle with the tree paths from its ends up to where they meet:
    # those tree routes (marked at their lower city) are not bridges
    cyclic = [False] * size
    cycles = []  # (chord, tree path up from its first end, from its second end)
    for i in chords:
        a, b, _w, _r = edges[i]
        side_a: list[int] = []
        side_b: list[int] = []
        while a != b:
            if depth[a] >= depth[b]:
                cyclic[a] = True
                side_a.append(a)
                a = parent[a]
            else:
                cyclic[b] = True
                side_b.append(b)
                b = parent[b]
        cycles.append((i, side_a, side_b))
    top = [0] * size
    members: dict[int, list[int]] = {}  # a block's top -> its cities, parents first
    in_blocks = 0  # cities below a block's top
    for x in nodes:
        if cyclic[x]:
            in_blocks += 1
            t = top[x] = top[parent[x]]
            lst = members.get(t)
            if lst is None:
                members[t] = [t, x]
            else:
                lst.append(x)
        else:
            top[x] = x
    in_block: dict[int, list] = {}  # a block's top -> its chords' cycles
    for c in cycles:
        t = top[edges[c[0]][0]]
        lst = in_block.get(t)
        if lst is None:
            in_block[t] = [c]
            if t not in members:
                members[t] = [t]  # a city with a loop
        else:
            lst.append(c)
    if reroot and in_blocks + n_chords > LARGE:  # some block may be large
        # a large block below the root would be searched twice (from its top, and from
        # anywhere): root the tree in the largest block instead
        t = max(in_block, key=lambda t: (len(in_block[t]) + len(members[t]), -t))
        if t != root and len(in_block[t]) + len(members[t]) - 1 > LARGE:
            up = {t: None}
            nodes = [t]
            for x in nodes:
                for nb, i in adj[x]:
                    if nb not in up:
                        up[nb] = i
                        nodes.append(nb)
            return _cyclic_piece(edges, adj, nodes, up, n_chords, floor, size, False)
    # the best two branches at each city: cars and child (-1: none)
    b1v = [0] * size
    b1c = [-1] * size
    b2v = [0] * size
    b2c = [-1] * size
    how: dict[int, tuple] = {}  # a block's top x -> the branch into x: (walk, child)
    best_len = floor
    best_how = None
    later = []  # the blocks, to search for the trails topped there
    for x in reversed(nodes):  # children first
        if cyclic[x]:
            continue  # inside a block: its top solves it
        lst = members.get(x)
        if lst is None:  # a city alone: its best branch, or its two best
            cars = b1v[x]
            both = cars + b2v[x]
            if both > best_len:
                best_len, best_how = both, x
        else:
            cycles_here = in_block[x]
            if len(cycles_here) == 1:  # a cycle: its cities and edges in order, from x
                i, side_a, side_b = cycles_here[0]
                ring_nodes = [x, *reversed(side_a), *side_b]
                inner = [up[y] for y in reversed(side_a)]
                inner.append(i)
                inner.extend(up[y] for y in side_b)
                if x != root:
                    cars, how[x] = _ring_from_top(edges, ring_nodes, inner, b1v, b1c)
                task = (RING, (ring_nodes, inner))
            else:
                inner = [c[0] for c in cycles_here]
                inner.extend(up[y] for y in lst[1:])
                if x == root:
                    task = (BLOCK, inner)
                else:  # from the top, and from anywhere (above the best so far): one search
                    (cars, how[x]), free = _block_search(edges, lst, inner, b1v, b1c, b2v, b2c,
                                                         True, best_len)
                    task = (FOUND, free)
            # a bound on the trails topped here: all its routes and its two best branches
            most = second = 0
            for y in lst:
                v = b1v[y]
                if v > second:
                    if v > most:
                        most, second = v, most
                    else:
                        second = v
                if b2v[y] > second:
                    second = b2v[y]  # both at y (b2v[y] <= b1v[y] <= most)
            bound = most + second
            for i in inner:
                bound += edges[i][2]
            later.append((bound, -len(later), x, task))
        if x != root:  # the branch into x, as seen from its parent
            p = parent[x]
            val = cars_up[x] + cars
            if val > b1v[p]:
                b2v[p], b2c[p] = b1v[p], b1c[p]
                b1v[p], b1c[p] = val, x
            elif val > b2v[p]:
                b2v[p], b2c[p] = val, x
    if len(later) > 1:
        later.sort(reverse=True)
    for bound, _k, t, (kind, data) in later:  # the most promising first
        if bound <= best_len:
            break
        if kind == FOUND:  # searched above a lower floor: exact if longer
            free = data
        elif kind == RING:
            free = _ring_anywhere(edges, *data, b1v, b1c, b2v, b2c, best_len)
        else:  # the root's block
            free = _block_search(edges, members[t], data, b1v, b1c, b2v, b2c, False, best_len)[1]
        if free is not None and free[0] > best_len:
            best_len, best_how = free
    if best_how is None:
        return None

    def down(x, out_nodes, out_edges):
        """Append the branch from x on (x is already there)."""
        while True:
            h = how.get(x)
            if h is None:  # a city alone: its best branch
                x = b1c[x]
            else:  # a walk through x's block, then a child or none
                walk, x = h
                walk_nodes, walk_edges = walk() if callable(walk) else walk
                out_nodes.extend(walk_nodes[1:])
                out_edges.extend(walk_edges)
            if x < 0:
                return
            out_edges.append(up[x])
            out_nodes.append(x)

    if best_how.__class__ is int:  # a city alone, with its two best branches
        x = best_how
        best_how = (b2c[x], ([x], []), b1c[x])
    start, walk, end = best_how
    walk_nodes, walk_edges = walk() if callable(walk) else walk
    path_nodes: list[int] = []
    path_edges: list[int] = []
    if start >= 0:
        path_nodes.append(start)
        down(start, path_nodes, path_edges)
        path_nodes.reverse()
        path_edges.reverse()
        path_edges.append(up[start])
    path_nodes.extend(walk_nodes)
    path_edges.extend(walk_edges)
    if end >= 0:
        path_edges.append(up[end])
        path_nodes.append(end)
        down(end, path_nodes, path_edges)
    return best_len, (path_nodes, path_edges)


def _ring_from_top(edges, ring_nodes, ring_edges, b1v, b1c):
    """The best branch into a cycle block from its top ``ring_nodes[0]``: one way round
    to a city, then its best branch, or all the way round and the top's best branch.
    (Stopping at a city with no branch never pays: one more route is longer.) Returns
    ``(cars, ((walk nodes, walk route ids), child at the end or -1))``."""
    t = ring_nodes[0]
    k = len(ring_nodes)
    weights = [edges[i][2] for i in ring_edges]
    total = sum(weights)
    best, pick = total + b1v[t], 0
    pos = 0
    for j in range(1, k):
        pos += weights[j - 1]
        x = ring_nodes[j]
        if b1c[x] >= 0:
            if pos + b1v[x] > best:
                best, pick = pos + b1v[x], j
            if total - pos + b1v[x] > best:
                best, pick = total - pos + b1v[x], -j
    if pick == 0:
        return best, ((ring_nodes + [t], ring_edges), b1c[t])
    if pick > 0:
        return best, ((ring_nodes[:pick + 1], ring_edges[:pick]), b1c[ring_nodes[pick]])
    j = -pick
    return best, (([t] + ring_nodes[:j - 1:-1], ring_edges[:j - 1:-1]), b1c[ring_nodes[j]])


def _ring_anywhere(edges, ring_nodes, ring_edges, b1v, b1c, b2v, b2c, floor):
    """The longest trail topped at a cycle block, longer than ``floor``: one way round
    between two cities with branches (the short or the long way), each end taking its
    best branch, or all the way round from a city taking its best two. Returns
    ``(cars, (child, (walk nodes, walk route ids), child))`` or None (child -1: that end
    takes no branch)."""
    k = len(ring_nodes)
    weights = [edges[i][2] for i in ring_edges]
    total = sum(weights)
    marks = []  # (position round the cycle, cars from the top) of the cities with branches
    pos = 0
    for j in range(k):
        if b1c[ring_nodes[j]] >= 0:
            marks.append((j, pos))
        pos += weights[j]
    best, pick = floor, None
    if not marks and total > best:
        best, pick = total, (0, 0, 0)
    for a, (i, pi) in enumerate(marks):
        x = ring_nodes[i]
        if total + b1v[x] + b2v[x] > best:
            best, pick = total + b1v[x] + b2v[x], (0, i, i)
        for j, pj in marks[a + 1:]:
            both = b1v[x] + b1v[ring_nodes[j]]
            if pj - pi + both > best:
                best, pick = pj - pi + both, (1, i, j)
            if total - pj + pi + both > best:
                best, pick = total - pj + pi + both, (2, i, j)
    if pick is None:
        return None
    kind, i, j = pick
    if kind == 0:  # all the way round from i
        x = ring_nodes[i]
        return best, (b1c[x], (ring_nodes[i:] + ring_nodes[:i + 1], ring_edges[i:] + ring_edges[:i]), b2c[x])
    if kind == 1:  # from i forward to j
        return best, (b1c[ring_nodes[i]], (ring_nodes[i:j + 1], ring_edges[i:j]), b1c[ring_nodes[j]])
    return best, (b1c[ring_nodes[j]], (ring_nodes[j:] + ring_nodes[:i + 1], ring_edges[j:] + ring_edges[:i]),
                  b1c[ring_nodes[i]])


def _block_search(edges, members, inner, b1v, b1c, b2v, b2c, fixed, floor):
    """The longest trails in one block (cities ``members``, top first; routes
    ``inner``) whose ends may take the branches hanging there: ``(from the top, from
    anywhere)``.

    From the top (only if ``fixed``, else None): ending with the best branch at its
    other end, ``(cars, (walk, child))``. From anywhere: the two ends taking their best
    branch (the best two at one city), ``(cars, (child, walk, child))`` if longer than
    ``floor``, else None. A walk is a function that returns (nodes, route ids): built
    only if the trail found takes it.

    Series reduction first: a city of the block with two routes and no branch is passed
    through (or not used), so its two routes become one. What is left is small on a
    player's network (:func:`_by_removal`); a large or dense block goes to
    :func:`_trail_search`, with the branches as routes to leaves.
    """
    at: dict[int, list[tuple[int, int]]] = {y: [] for y in members}  # the block's routes
    for i in inner:
        u, v, _w, _r = edges[i]
        at[u].append((v, i))
        at[v].append((u, i))  # a loop: twice
    top = members[0]
    local = {}  # the cities kept: numbered, the top first
    for y in members:
        if len(at[y]) != 2 or b1c[y] >= 0 or y == top:
            local[y] = len(local)
    keep = list(local)
    # the reduced routes: their ends, cars, and the nodes and edges they stand for
    eu: list[int] = []
    ev: list[int] = []
    cars_of: list[int] = []
    seqs: list[tuple[list[int], list[int]]] = []
    done = set()
    for y in keep:
        for nb, i in at[y]:
            if i in done:
                continue
            done.add(i)
            seq_nodes, seq_edges = [y, nb], [i]
            cars = edges[i][2]
            while nb not in local:  # pass through
                a, b = at[nb]
                nb, i = b if a[1] == i else a
                done.add(i)
                cars += edges[i][2]
                seq_nodes.append(nb)
                seq_edges.append(i)
            eu.append(local[y])
            ev.append(local[nb])
            cars_of.append(cars)
            seqs.append((seq_nodes, seq_edges))
    p1 = [b1v[y] for y in keep]
    p2 = [b2v[y] for y in keep]
    try:
        if len(eu) > LARGE:
            raise _TooLong
        found, inc = _by_removal(len(keep), eu, ev, cars_of, p1, p2, fixed, floor)
    except _TooLong:
        red = list(zip(eu, ev, cars_of))
        found = (_search_with_branches(red, p1, p2, True, -1) if fixed else None,
                 _search_with_branches(red, p1, p2, False, floor))

    def unfold(routes, s):
        """The walk (nodes, route ids) over the reduced ``routes`` from city s (a bit
        mask, walked by Hierholzer; or a list, in travel order)."""
        here = keep[s]
        walk_nodes, walk_edges = [here], []
        for j in (_euler_bits(inc, routes, s)[1] if routes.__class__ is int else routes):
            seq_nodes, seq_edges = seqs[j]
            if seq_nodes[0] != here:
                seq_nodes, seq_edges = seq_nodes[::-1], seq_edges[::-1]
            walk_nodes.extend(seq_nodes[1:])
            walk_edges.extend(seq_edges)
            here = seq_nodes[-1]
        return walk_nodes, walk_edges

    # a walk is only built if the trail uses it: until then, a function that builds it
    out = []
    if fixed:
        cars, routes, _s, e = found[0]
        out.append((cars, (partial(unfold, routes, 0), b1c[keep[e]])))
    else:
        out.append(None)
    if found[1] is None:
        out.append(None)
    else:
        cars, routes, s, e = found[1]
        last = b2c[keep[e]] if s == e else b1c[keep[e]]
        out.append((cars, (b1c[keep[s]], partial(unfold, routes, s), last)))
    return out


def _by_removal(k, eu, ev, cars_of, p1, p2, fixed, floor):
    """The longest trails over the routes ``eu[j]``-``ev[j]`` of ``cars_of[j]`` cars
    between k cities (a connected multigraph) whose ends take branches: ``(from city 0,
    from anywhere)``.

    From city 0 (only if ``fixed``, else None): the last city takes its ``p1``. From
    anywhere: each end takes its ``p1`` (``p1 + p2`` when both ends are at one city);
    None unless above ``floor``. Each is ``(cars, routes kept (bit mask), first city,
    last city)``; with them, the routes at each city (for :func:`_euler_bits`).
    Raises _TooLong after ``WORK`` steps.

    A trail's routes S are connected, with 0 or 2 odd cities: with 2, it runs between
    them; with 0, it is closed and a city on it holds both ends (the one with the best
    two branches; from city 0: city 0, which must be on it). So every S is tried, as the
    routes X left out: r = 0, 1, 2, ... of them, each set built from the cheapest routes
    up. Pruned: X costs at least its routes so far and the cheapest ones that could
    complete it (when that cannot beat the best trails found, no later choice can, nor
    any larger X once the cheapest r cannot); each route fixes at most two odd cities;
    and of twin routes (same ends and cars, e.g. both tracks of a double) the earlier
    is left out first.
    """
    m = len(eu)
    odd_of = [1 << a ^ 1 << b for a, b in zip(eu, ev)]  # the cities a route makes odd
    inc: list[list[tuple[int, int]]] = [[] for _ in range(k)]
    at_city = [0] * k  # the routes at each city (bits)
    odd_all = 0
    for j in range(m):
        a, b, bit = eu[j], ev[j], 1 << j
        inc[a].append((b, bit))
        inc[b].append((a, bit))
        at_city[a] |= bit
        at_city[b] |= bit
        odd_all ^= odd_of[j]
    total = sum(cars_of)
    p12 = [p1[x] + p2[x] for x in range(k)]
    p12_max = max(p12)
    all_cities = (1 << k) - 1
    by_cars = sorted(range(m), key=cars_of.__getitem__)
    pre = [0]  # pre[q]: the cars of the q cheapest routes
    for j in by_cars:
        pre.append(pre[-1] + cars_of[j])
    # twin[j]: the bit of an earlier route with the same ends and cars (0: none). Twins
    # are interchangeable, so a twin is only left out after the earlier one.
    twin = [0] * m
    last_of: dict[tuple[int, int, int], int] = {}
    for j in by_cars:
        key = (min(eu[j], ev[j]), max(eu[j], ev[j]), cars_of[j])
        if key in last_of:
            twin[j] = 1 << last_of[key]
        last_of[key] = j
    # the best trails found, from city 0 and from anywhere: their cars, then how they are
    # made (routes kept, first city, last city); at first no route, only the branches at
    # one city (``_FAR``: not searched). most_f, most_a: the most their ends can add
    if fixed:
        best = [p1[0], floor, (0, 0, 0), None]
        most_f = max(p1)
    else:
        best = [_FAR, floor, None, None]
        most_f = 0
    most_a = max(p1) + max(max(p2), sorted(p1)[-2] if k > 1 else 0)
    if p12_max > best[1]:
        s = p12.index(p12_max)
        best[1], best[3] = p12_max, (0, s, s)

    def check(cars, odd, keep, out_bits):
        """Take the routes ``keep`` (the others: ``out_bits``) if they make a better
        trail."""
        work[0] -= 1
        if odd:
            low = odd & -odd
            rest = odd ^ low
            if rest & rest - 1:
                return  # more than two odd cities
            y, z = low.bit_length() - 1, rest.bit_length() - 1
            val_f = cars + p1[z] if y == 0 else -1  # from city 0: it must be an end
            val_a = cars + p1[y] + p1[z]
        else:
            y = z = -1
            val_f = cars + p1[0]  # if city 0 is on it
            val_a = cars + p12_max  # at most
        if val_f <= best[0] and val_a <= best[1]:
            return
        # the routes kept must be connected: from one of their cities, reach them all
        cities = all_cities
        mm = out_bits
        while mm:  # a city that loses its last route is not on it
            j = (mm & -mm).bit_length() - 1
            mm &= mm - 1
            if not at_city[eu[j]] & keep:
                cities &= ~(1 << eu[j])
            if not at_city[ev[j]] & keep:
                cities &= ~(1 << ev[j])
        first = (cities & -cities).bit_length() - 1
        seen = 1 << first
        stack = [first]
        while stack:
            for nb, bit in inc[stack.pop()]:
                if keep & bit and not seen >> nb & 1:
                    seen |= 1 << nb
                    stack.append(nb)
        if seen != cities:
            return
        if y < 0:  # closed
            if val_f > best[0] and cities & 1:
                best[0], best[2] = val_f, (keep, 0, 0)
            if val_a > best[1]:
                y = max([x for x in range(k) if cities >> x & 1], key=p12.__getitem__)
                if cars + p12[y] > best[1]:
                    best[1], best[3] = cars + p12[y], (keep, y, y)
        else:
            if val_f > best[0]:
                best[0], best[2] = val_f, (keep, 0, z)
            if val_a > best[1]:
                best[1], best[3] = val_a, (keep, y, z)

    def leave_out(start, need, cars, odd, out_bits):
        """Every way to leave ``need`` more routes out, from ``by_cars[start:]``."""
        work[0] -= 1
        if work[0] < 0:
            raise _TooLong
        if (odd.bit_count() - 1) >> 1 > need:
            return  # too many odd cities to fix
        for pos in range(start, m - need + 1):
            # the least this can cost: this route and the next cheapest ones
            low = cars - pre[pos + need] + pre[pos]
            if low + most_f <= best[0] and low + most_a <= best[1]:
                return  # later routes cost more
            j = by_cars[pos]
            if twin[j] and not out_bits & twin[j]:
                continue  # its earlier twin is kept: leaving it out instead is the same
            if need == 1:
                odd_j = odd ^ odd_of[j]
                x = odd_j & odd_j - 1
                if not x & x - 1:  # at most two odd cities
                    check(cars - cars_of[j], odd_j, every ^ (out_bits | 1 << j), out_bits | 1 << j)
            else:
                leave_out(pos + 1, need - 1, cars - cars_of[j], odd ^ odd_of[j], out_bits | 1 << j)

    every = (1 << m) - 1
    work = [WORK]
    check(total, odd_all, every, 0)
    for r in range(1, m):  # r routes left out
        if total - pre[r] + most_f <= best[0] and total - pre[r] + most_a <= best[1]:
            break
        leave_out(0, r, total, odd_all, 0)
    return [None if how is None else (val, *how) for val, how in ((best[0], best[2]), (best[1], best[3]))], inc


def _euler_bits(inc, keep, s):
    """Hierholzer over the routes of the bit mask ``keep`` (they form one trail from s);
    ``inc[x]``: the routes at city x, each a tuple (far end, ..., its bit). Returns the
    trail's cities and its routes as indices, in travel order."""
    used = 0
    ptr = [0] * len(inc)
    stack = [(s, -1)]
    out = []
    while stack:
        x, _e = stack[-1]
        lst = inc[x]
        k = ptr[x]
        while k < len(lst) and (used & lst[k][-1] or not keep & lst[k][-1]):
            k += 1
        ptr[x] = k
        if k == len(lst):
            out.append(stack.pop())
        else:
            bit = lst[k][-1]
            used |= bit
            stack.append((lst[k][0], bit.bit_length() - 1))
    out.reverse()
    return [x for x, _e in out], [e for _x, e in out[1:]]


def _search_with_branches(red, p1, p2, fixed, floor):
    """One of the two trails of :func:`_by_removal` (``red``: the routes as (a, b,
    cars)), by :func:`_trail_search` (branch and bound), with the branches as routes to
    leaves (a leaf ends a trail); its routes as a list of indices, in travel order."""
    sub = list(red)
    leaf = -1
    for a in range(len(p1)):
        for p in (p1[a],) if fixed else (p1[a], p2[a]):
            if p:
                sub.append((a, leaf, p))
                leaf -= 1
    found = _trail_search(sub, 0 if fixed else None, floor)
    if found is None:
        return None
    path_nodes, path_edges, cars = found
    if path_nodes[0] < 0:  # it starts with a branch
        path_nodes, path_edges = path_nodes[1:], path_edges[1:]
    if path_nodes[-1] < 0:  # it ends with one
        path_nodes, path_edges = path_nodes[:-1], path_edges[:-1]
    return cars, path_edges, path_nodes[0], path_nodes[-1]


# -- inside a block: branch and bound over routes ----------------------------------------
class _Pairing:
    """The cheapest way to fix the parity of some points by paths between them.

    ``dist``: distances between k points; ``need``: the points that must be paired (a
    bitmask); ``ends``: the points that may be trail ends, at most ``budget`` of them: a
    needed end may stay unpaired, another end may be paired (it becomes odd). Branch and
    bound over subsets, settling the lowest point first (points sorted by their largest
    distance to another point, largest first); lower bound: each needed point pays a
    share, half its nearest distance raised by dual ascent (two paired points' shares
    never exceed their distance), less the largest shares of the ends left unpaired."""

    __slots__ = ("near", "nn", "by_share", "need", "ends", "memo", "choice", "order", "floor", "stop")

    def __init__(self, dist, need, ends):
        k = len(dist)
        nn = [min((dist[i][j] for j in range(k) if j != i), default=0) for i in range(k)]
        # dual ascent: raise each needed point's share while every pair still pays for
        # both shares (y[i] + y[j] <= 2 dist, an optional point's share is 0)
        for i in range(k):
            if need >> i & 1:
                row = dist[i]
                nn[i] = min((row[j] * 2 - (nn[j] if need >> j & 1 else 0) for j in range(k) if j != i),
                            default=0)
        # settle the outlying points first (the largest distance to another point, then
        # the largest sum): their partners are few, so the search fails early there
        order = sorted(range(k), key=lambda i: (-max(dist[i]), -sum(dist[i]), i))
        self.order = order
        self.nn = [nn[i] if need >> i & 1 else 0 for i in order]
        self.need = sum(1 << p for p, i in enumerate(order) if need >> i & 1)
        self.ends = sum(1 << p for p, i in enumerate(order) if ends >> i & 1)
        self.by_share = sorted(((v, 1 << p) for p, v in enumerate(self.nn) if v), reverse=True)
        self.near = [sorted((dist[order[p]][order[q]], 1 << q) for q in range(p + 1, k)) for p in range(k)]
        self.memo: dict[int, tuple[int, bool]] = {}
        self.choice: dict[int, int] = {}

    def cost(self, budget: int, cap: int, floor: int = -1) -> int:
        """The cheapest cost if below ``cap`` (else at least ``cap``); ``floor``: a known
        lower bound (a solution that cheap is taken at once)."""
        self.floor = floor
        self.stop = False
        return self._solve((1 << len(self.order)) - 1, budget, cap, sum(self.nn), 0)

    def _solve(self, mask, budget, cap, s, acc):
        need = self.need
        if not mask & need:
            return 0
        key = mask * 3 + budget
        memo = self.memo
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= cap):
            return hit[0]
        nn = self.nn
        lb = s
        if budget:  # unpaired ends: at most the largest shares
            r = mask & need & self.ends
            if r:
                left = budget
                for val, bit in self.by_share:
                    if r & bit:
                        lb -= val
                        left -= 1
                        if not left:
                            break
        lb = (lb + 1) >> 1
        if lb >= cap:
            if hit is None or hit[0] < lb:
                memo[key] = (lb, False)
            return lb
        low = mask & -mask
        p = low.bit_length() - 1
        rest = mask ^ low
        ends = self.ends
        best, pick = cap, -1
        floor = self.floor - acc
        if not need & low:  # a point not needed: leave it
            c = self._solve(rest, budget, best, s, acc)
            if c < best:
                best, pick = c, 0
                if c <= floor:
                    self.stop = True
            if budget and ends & low:
                budget -= 1  # or pair it: it becomes an end
            else:
                rest = 0
        elif budget and ends & low:  # a needed end left unpaired
            c = self._solve(rest, budget - 1, best, s - nn[p], acc)
            if c < best:
                best, pick = c, 0
                if c <= floor:
                    self.stop = True
        sp = s - nn[p]
        if not self.stop:
            for d, qb in self.near[p]:
                if d >= best:
                    break
                if rest & qb:
                    if need & qb:
                        c = d + self._solve(rest ^ qb, budget, best - d, sp - nn[qb.bit_length() - 1], acc + d)
                    elif budget and ends & qb:
                        c = d + self._solve(rest ^ qb, budget - 1, best - d, sp, acc + d)
                    else:
                        continue
                    if c < best:
                        best, pick = c, qb
                        if c <= floor:
                            self.stop = True
                    if self.stop:
                        break
        if best < cap:
            memo[key] = (best, True)
            self.choice[key] = pick
            return best
        memo[key] = (cap, False)
        return cap

    def pairs(self, budget: int) -> list[tuple[int, int]]:
        """The pairs (as given indices) of the cheapest way, after :meth:`cost`."""
        mask = (1 << len(self.order)) - 1
        out = []
        order = self.order
        while mask & self.need:
            low = mask & -mask
            pick = self.choice[mask * 3 + budget]
            if pick == 0:
                if self.need & low:
                    budget -= 1
                mask ^= low
            else:
                out.append((order[low.bit_length() - 1], order[pick.bit_length() - 1]))
                budget -= (not self.need & low) + (not self.need & pick)
                mask ^= low | pick
        return out


_FAR = 1 << 60  # a distance or cost no trail reaches
SMALL = 6
"""Up to this many routes, :func:`_trail_search` simply tries every trail."""


def _trail_search(sub, start, floor):
    """Exact longest trail of a small connected multigraph ``sub`` (a list of ``(u, v,
    cars)``; nodes < 0 are the leaves of pendant routes), from ``start`` (a node) or from
    anywhere (``None``): ``(nodes, edge indices, cars)`` of the best trail longer than
    ``floor``, or None. Up to ``SMALL`` routes, every trail is tried.

    Otherwise, branch and bound over routes. A longest trail ends at odd cities (it
    could go on otherwise) or at the fixed start. Each node of the search forces some
    routes in (the trail uses them) and some out; the routes a trail leaves out fix the
    parity of every odd city but its ends, so they are the forced ones plus a T-join of
    the rest, at least the cheapest one, J (``parity_join``): that bounds the node. The
    routes left without J fall into pieces with 0 or 2 odd cities, one trail each: the
    piece of the start (or the heaviest) is a trail found at once, and if nothing else is
    left it meets the bound. Otherwise take another piece K, cut off by routes of J: a
    better trail reaches K through one of those border routes (a branch for each, the
    earlier ones forced out), or leaves K and its border out, or (free start) stays
    among K's cities. Depth first, pruned against the best trail found.
    """
    index: dict[int, int] = {}
    for u, v, _w in sub:
        if u not in index:
            index[u] = len(index)
        if v not in index:
            index[v] = len(index)
    names = list(index)
    n = len(names)
    m = len(sub)
    eu = [index[u] for u, _v, _w in sub]
    ev = [index[v] for _u, v, _w in sub]
    ew = [w for _u, _v, w in sub]
    ebit = [1 << a ^ 1 << b for a, b in zip(eu, ev)]  # the odd nodes of one route
    inc: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    odd_all = 0
    for i in range(m):
        a, b, w = eu[i], ev[i], ew[i]
        inc[a].append((b, w, 1 << i))
        if a != b:
            inc[b].append((a, w, 1 << i))
        odd_all ^= ebit[i]
    total = sum(ew)
    all_bits = (1 << m) - 1
    best: list = [floor, None]  # cars, (nodes, edge indices)

    def component(v, mask):
        """The routes of ``mask`` connected to v, and their cars."""
        seen = 1 << v
        stack = [v]
        got = 0
        cars = 0
        while stack:
            for y, w, bit in inc[stack.pop()]:
                if mask & bit and not got & bit:
                    got |= bit
                    cars += w
                    if not seen >> y & 1:
                        seen |= 1 << y
                        stack.append(y)
        return got, cars

    def parity_join(alive, need, ends, budget, limit, floor_):
        """The cheapest routes of ``alive`` whose odd nodes are ``need`` with up to
        ``budget`` nodes of ``ends`` toggled (the trail's ends): (cars, routes), or None
        if that costs ``limit`` or more. ``floor_``: a known lower bound on the cost."""
        if not need:
            return (0, 0) if limit > 0 else None
        pts = need | ends
        points = [x for x in range(n) if pts >> x & 1]
        k = len(points)
        where = [-1] * n
        for j, x in enumerate(points):
            where[x] = j
        live = [[t for t in inc[x] if alive & t[2]] for x in range(n)]  # the routes alive
        dist = [[0] * k for _ in range(k)]
        backs = []
        for j, s in enumerate(points):  # Dijkstra, until the later points are settled
            row = dist[j]
            for q in range(j + 1, k):
                row[q] = dist[q][j] = _FAR  # until reached
            d = [_FAR] * n
            d[s] = 0
            back = [None] * n
            heap = [(0, s)]
            left = k - 1 - j
            while heap and left:
                dv, x = heappop(heap)
                if dv > d[x]:
                    continue
                q = where[x]
                if q > j:
                    row[q] = dist[q][j] = dv
                    left -= 1
                for y, w, bit in live[x]:
                    nd = dv + w
                    if nd < d[y]:
                        d[y] = nd
                        back[y] = (x, bit)
                        heappush(heap, (nd, y))
            backs.append(back)
        need_p = 0
        ends_p = 0
        for j, x in enumerate(points):
            if need >> x & 1:
                need_p |= 1 << j
            if ends >> x & 1:
                ends_p |= 1 << j
        pairing = _Pairing(dist, need_p, ends_p)
        c = pairing.cost(budget, limit, floor_)
        if c >= limit:
            return None
        join = 0
        for a, b in pairing.pairs(budget):  # the shortest paths of the pairs
            if a > b:
                a, b = b, a
            back = backs[a]
            x = points[b]
            link = back[x]
            while link is not None:
                x, bit = link
                join ^= bit
                link = back[x]
        return c, join

    def nodes_of(mask):
        out = 0
        while mask:
            low = mask & -mask
            out |= ebit[low.bit_length() - 1] | 1 << eu[low.bit_length() - 1]
            mask ^= low
        return out

    def cars_of(mask):
        cars = 0
        odd = 0
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            cars += ew[i]
            odd ^= ebit[i]
            mask ^= low
        return cars, odd

    def branch_and_bound(anchor, ends, budget):
        need0 = odd_all ^ (1 << anchor if anchor is not None else 0)
        # routes in, routes out, their cars and odd nodes, the parent's cars left out
        stack = [(0, 0, 0, 0, 0)]
        while stack:
            inn, out, out_cars, out_odd, parent_cut = stack.pop()
            if total - out_cars <= best[0]:
                continue
            got = parity_join(all_bits & ~inn & ~out, need0 ^ out_odd, ends, budget,
                              total - out_cars - best[0], parent_cut - out_cars)
            if got is None:
                continue
            cut = out_cars + got[0]
            join = got[1]
            rest = all_bits & ~out & ~join
            # the pieces left; each has 0 or 2 odd nodes: one trail
            pieces = []
            left = rest
            while left:
                piece, cars = component(eu[(left & -left).bit_length() - 1], left)
                left &= ~piece
                pieces.append((cars, piece))
            if anchor is not None:
                main, main_cars = component(anchor, rest)
                first = anchor
            elif pieces:
                main_cars, main = max(pieces, key=lambda p: (p[0], -(p[1] & -p[1])))
                odd_main = cars_of(main)[1]
                first = (odd_main & -odd_main).bit_length() - 1 if odd_main else eu[(main & -main).bit_length() - 1]
            else:
                main, main_cars = 0, 0
            if main_cars > best[0]:
                best[0] = main_cars
                best[1] = _euler_bits(inc, main, first)
            if rest == main:
                continue  # the bound is met
            # the piece cut off by the fewest routes of J (then the heaviest)
            pick = None
            for cars, piece in pieces:
                if piece == main:
                    continue
                around = nodes_of(piece)
                border = []
                mm = join
                while mm:
                    low = mm & -mm
                    mm ^= low
                    i = low.bit_length() - 1
                    if (around >> eu[i] ^ around >> ev[i]) & 1:
                        border.append(low)
                if pick is None or (len(border), -cars) < (len(pick[3]), -pick[1]):
                    pick = (piece, cars, around, border)
            piece, cars, around, border = pick
            if anchor is None:  # stay among K's cities
                inside = 0
                for i in range(m):
                    if around >> eu[i] & 1 and around >> ev[i] & 1:
                        inside |= 1 << i
                if not inn & ~inside:
                    gone = all_bits & ~inside & ~out
                    gone_cars, gone_odd = cars_of(gone)
                    stack.append((inn, out | gone, out_cars + gone_cars, out_odd ^ gone_odd, cut))
            if not piece & inn:  # leave K and its border out
                border_bits = sum(border)
                border_cars, border_odd = cars_of(border_bits)
                stack.append((inn, out | piece | border_bits, out_cars + cars + border_cars,
                               out_odd ^ border_odd, cut))
            before = 0
            before_cars = 0
            before_odd = 0
            for bit in border:  # reach K through this border route, not the earlier ones
                stack.append((inn | bit, out | before, out_cars + before_cars, out_odd ^ before_odd, cut))
                i = bit.bit_length() - 1
                before |= bit
                before_cars += ew[i]
                before_odd ^= ebit[i]

    if m <= SMALL:  # a few routes: try every trail
        if start is not None:
            starts = [index[start]]
        else:
            starts = [x for x in range(n) if odd_all >> x & 1] or [0]
        path_n: list[int] = []
        path_e: list[int] = []

        def walk(v, used, length):
            if length > best[0]:
                best[0] = length
                best[1] = (path_n[:], path_e[:])
            for y, w, bit in inc[v]:
                if not used & bit:
                    path_n.append(y)
                    path_e.append(bit.bit_length() - 1)
                    walk(y, used | bit, length + w)
                    path_n.pop()
                    path_e.pop()

        for s in starts:
            path_n[:] = [s]
            walk(s, 0, 0)
    elif start is not None:
        z = index[start]
        if (odd_all ^ 1 << z).bit_count() <= 1:  # one trail from z takes every route
            if total <= floor:
                return None
            best[:] = [total, _euler_bits(inc, all_bits, z)]
        else:
            if floor < 0:
                best[:] = [0, ([z], [])]
            branch_and_bound(z, odd_all | 1 << z, 1)
    elif odd_all.bit_count() <= 2:
        if total <= floor:
            return None
        s = (odd_all & -odd_all).bit_length() - 1 if odd_all else 0
        best[:] = [total, _euler_bits(inc, all_bits, s)]
    else:
        branch_and_bound(None, odd_all, 2)
    if best[1] is None:
        return None
    path_nodes, path_edges = best[1]
    return [names[x] for x in path_nodes], path_edges, best[0]
