"""The longest continuous path: a longest *trail* in a player's network.

A trail uses each route at most once; cities may repeat (B-8.2). Its length is counted in
train cars (``route.length``; Legendary Asia mountain trains do not count). The search is
exact for any multigraph (loops, parallel tracks, several pieces) and fast enough to run
after every claim:

1. split the network into connected pieces, heaviest first; stop when no piece can beat
   the best trail found;
2. a piece with 0 or 2 odd-degree cities is one trail of all its routes (Euler), built
   with Hierholzer's algorithm; a piece that is a tree: its weighted diameter;
3. otherwise shrink the piece without changing its answer (pass through cities of degree
   2; keep only the two longest dead ends at a city, since a trail has two ends) and cut
   it at its **bridges**: a trail crosses a bridge at most once, so beyond a bridge it
   only goes away. The best it can do there (a "branch") is solved once, bottom-up, and
   each block left (2-edge-connected) is solved with its branches as pendant routes;
4. inside a block, **branch and bound over routes** with the **Euler bound**. The routes
   a trail leaves out make every odd city but the trail's two ends even, so they contain
   a T-join of the odd cities: the cheapest one (shortest paths, then the cheapest
   pairing, exact branch and bound over subsets) bounds the trail from above, and if the
   routes left without it are connected, one Euler trail takes them all: the bound is
   met. If they fall apart, take a piece K away from the rest: a trail either reaches K
   through one of its border routes (one branch per route, the earlier ones forced out),
   or leaves K and its border out, or stays inside K; each branch forces routes in or out
   and gets its own, tighter bound.

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
>>> trail.length, trail.cities.count("Seattle")
(17, 2)
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from heapq import heappop, heappush
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
    if len(edges) == 1:
        u, v, _w, _r = edges[0]
        return _make_trail(g, edges, [u, v], [0])
    # adjacency: node -> [(neighbour, edge index)], edges in route-id order
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        lst = adj.get(u)
        if lst is None:
            adj[u] = [(v, i)]
        else:
            lst.append((v, i))
        lst = adj.get(v)
        if lst is None:
            adj[v] = [(u, i)]
        else:
            lst.append((u, i))
    # connected pieces, heaviest first
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
        todo = [(sum(e[2] for e in edges), 0, pieces[0], range(len(edges)))]
    else:
        piece_edges: list[list[int]] = [[] for _ in pieces]
        cars = [0] * len(pieces)
        for i, e in enumerate(edges):
            k = comp[e[0]]
            piece_edges[k].append(i)
            cars[k] += e[2]
        todo = sorted(((cars[k], edges[pe[0]][3], pieces[k], pe) for k, pe in enumerate(piece_edges)),
                      key=lambda t: (-t[0], t[1]))
    best_len, best = 0, None
    for total, _first, nodes, pe in todo:
        if total <= best_len:
            break
        odd = [v for v in nodes if len(adj[v]) & 1]
        if len(odd) <= 2:
            found = _euler(edges, adj, nodes, pe, odd)
            length = total
        elif len(pe) == len(nodes) - 1:
            found, length = _tree_diameter(edges, adj, odd)
        else:
            # the parity bound: every odd city but the two ends keeps a route out
            mins = sorted(min(edges[i][2] for _nb, i in adj[v]) for v in odd)
            if total - ((sum(mins) - mins[-1] - mins[-2] + 1) >> 1) <= best_len:
                continue
            found, length = _solve_hard(edges, adj, nodes, pe, best_len)
            if found is not None:
                found = _in_order(edges, *found)
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


def _in_order(edges, nodes: list[int], order: list[int]) -> tuple[list[int], list[int]]:
    """The same routes as a trail in a canonical order (it does not depend on how the
    search found them): when a city is passed more than once, the smallest sequence of
    route ids from either end (Fleury's rule: at each city the lowest route id that does
    not cut off the routes still to travel)."""
    if len(set(nodes)) == len(nodes):
        return nodes, order  # a simple path: one order (and its reverse)
    at: dict[int, list[tuple[int, int, int]]] = {}
    for i in order:
        u, v, _w, r = edges[i]
        at.setdefault(u, []).append((r, i, v))
        if v != u:
            at.setdefault(v, []).append((r, i, u))
    for lst in at.values():
        lst.sort()

    def reaches(a, b, used):
        seen = {a}
        stack = [a]
        while stack:
            for _r, i, y in at[stack.pop()]:
                if i not in used and y not in seen:
                    if y == b:
                        return True
                    seen.add(y)
                    stack.append(y)
        return a == b

    def step(v, used):
        """The next route from v: the lowest id that keeps the rest reachable."""
        options = [t for t in at[v] if t[1] not in used]
        for r, i, u in options:
            if len(options) == 1 or u == v:
                return r, i, u
            used.add(i)
            ok = reaches(u, v, used)
            used.discard(i)
            if ok:
                return r, i, u
        raise AssertionError("no way on")  # pragma: no cover - Fleury always finds one

    def walk(start, first):
        used = {first[1]}
        path_nodes, path_order = [start, first[2]], [first[1]]
        v = first[2]
        for _step in range(len(order) - 1):
            _r, i, u = step(v, used)
            used.add(i)
            path_nodes.append(u)
            path_order.append(i)
            v = u
        return [edges[i][3] for i in path_order], path_nodes, path_order

    a, b = nodes[0], nodes[-1]
    first_a = step(a, set())
    first_b = step(b, set()) if b != a else first_a
    if first_b[0] < first_a[0]:
        best = walk(b, first_b)
    elif first_a[0] < first_b[0] or a == b:
        best = walk(a, first_a)
    else:  # both ends start with the same route (it joins them): compare the walks
        best = min(walk(a, first_a), walk(b, first_b))
    return best[1], best[2]


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


def _solve_hard(edges, adj, nodes, pe, floor):
    """A piece with more than 2 odd nodes and a cycle: reduce it, cut it at its bridges
    and search each block. Returns (nodes, edge indices) of the best trail longer than
    ``floor`` (or None), and its length."""
    r_edges, expand = _reduce(edges, adj, nodes, pe)
    r_adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _x) in enumerate(r_edges):
        r_adj.setdefault(u, []).append((v, i))
        if v != u:
            r_adj.setdefault(v, []).append((u, i))
    r_nodes = sorted(r_adj)
    degree = {v: sum(2 if nb == v else 1 for nb, _i in lst) for v, lst in r_adj.items()}
    odd = [v for v in r_nodes if degree[v] & 1]
    if len(odd) <= 2:
        found = _euler(r_edges, r_adj, r_nodes, None, odd)
        length = sum(e[2] for e in r_edges)
    else:
        found, length = _split_at_bridges(r_edges, r_adj, r_nodes, floor)
        if found is None:
            return None, floor
    # expand the reduced routes back into the routes of the network
    r_path_nodes, r_order = found
    out_nodes = [r_path_nodes[0]]
    out_order: list[int] = []
    for here, i in zip(r_path_nodes, r_order):
        seq_nodes, seq_edges = expand[i]
        if seq_nodes[0] != here:
            seq_nodes, seq_edges = seq_nodes[::-1], seq_edges[::-1]
        out_nodes.extend(seq_nodes[1:])
        out_order.extend(seq_edges)
    return (out_nodes, out_order), length


def _reduce(edges, adj, nodes, pe):
    """Shrink a piece without changing its longest trail.

    - A node of degree 2 is passed through (or not used at all) by some longest trail, so
      its two routes become one longer route (series reduction).
    - Routes to dead-end nodes (leaves) are trail ends, and a trail has two ends: at each
      node keep only the two longest such routes (any longer one can replace a shorter).

    Returns the reduced routes ``(u, v, length, 0)`` and, for each, the original
    ``(nodes, edge indices)`` it stands for, from u to v.
    """
    red: dict[int, list] = {}
    inc: dict[int, set[int]] = {v: set() for v in nodes}
    for i in pe:
        u, v, w, _r = edges[i]
        red[i] = [u, v, w, (u, v), (i,)]
        inc[u].add(i)
        inc[v].add(i)
    next_id = len(edges)

    def degree(x):
        return sum(2 if red[e][0] == red[e][1] else 1 for e in inc[x])

    queue = sorted(nodes, reverse=True)
    alive = set(nodes)
    while queue:
        x = queue.pop()
        if x not in alive:
            continue
        # pendant routes at x: keep the two longest
        leaves = []
        for e in inc[x]:
            u, v = red[e][0], red[e][1]
            y = v if u == x else u
            if y != x and len(inc[y]) == 1:
                leaves.append((-red[e][2], e, y))
        if len(leaves) > 2:
            leaves.sort()
            for _negw, e, y in leaves[2:]:
                inc[x].discard(e)
                del red[e]
                alive.discard(y)
                del inc[y]
            queue.append(x)
            continue
        if len(inc[x]) == 2 and degree(x) == 2:
            e1, e2 = sorted(inc[x])
            u1, v1, w1, n1, s1 = red[e1]
            u2, v2, w2, n2, s2 = red[e2]
            if u1 == x:  # orient e1 as a -> x
                n1, s1 = n1[::-1], s1[::-1]
            if v2 == x:  # orient e2 as x -> b
                n2, s2 = n2[::-1], s2[::-1]
            a, b = n1[0], n2[-1]
            for e, end in ((e1, a), (e2, b)):
                inc[end].discard(e)
                del red[e]
            alive.discard(x)
            del inc[x]
            red[next_id] = [a, b, w1 + w2, n1 + n2[1:], s1 + s2]
            inc[a].add(next_id)
            inc[b].add(next_id)
            next_id += 1
            queue.append(a)
            if b != a:
                queue.append(b)
    ids = sorted(red)
    r_edges = [(red[e][0], red[e][1], red[e][2], 0) for e in ids]
    expand = [(red[e][3], red[e][4]) for e in ids]
    return r_edges, expand


# -- bridges: a trail crosses each one at most once ---------------------------------------
def _bridges(adj, nodes) -> set[int]:
    """The edge indices of the bridges of a multigraph (Tarjan, iterative; parallel edges
    and loops are never bridges)."""
    disc: dict[int, int] = {}
    low: dict[int, int] = {}
    out: set[int] = set()
    t = 0
    for root in nodes:
        if root in disc:
            continue
        disc[root] = low[root] = t
        t += 1
        stack = [(root, -1, iter(adj[root]))]
        while stack:
            v, into, it = stack[-1]
            for nb, i in it:
                if i == into:
                    continue
                if nb in disc:
                    if disc[nb] < low[v]:
                        low[v] = disc[nb]
                else:
                    disc[nb] = low[nb] = t
                    t += 1
                    stack.append((nb, i, iter(adj[nb])))
                    break
            else:
                stack.pop()
                if stack:
                    p = stack[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    if low[v] > disc[p]:
                        out.add(into)
    return out


def _split_at_bridges(edges, adj, nodes, floor):
    """Exact longest trail of a reduced piece, longer than ``floor``: ((nodes, edge
    indices), length), or (None, floor).

    Removing the bridges leaves blocks (2-edge-connected, or single cities), joined in a
    tree. A trail crosses a bridge at most once, so beyond a bridge it only goes away: the
    best it can do there is a fixed "branch" (the bridge, then the longest trail from its
    far end that stays beyond it). Each block is solved with its branches as pendant
    routes (which can only be trail ends): the root block (the heaviest) for every trail
    that touches it, each other block only for the trails below it, and only when it can
    beat the best trail found (most are skipped)."""
    bridges = _bridges(adj, nodes)
    if not bridges:
        found = _trail_search([(u, v, w) for u, v, w, _x in edges], None, floor)
        if found is None:
            return None, floor
        path_nodes, order, length = found
        return (path_nodes, order), length
    block: dict[int, int] = {}
    nblocks = 0
    for s in nodes:
        if s in block:
            continue
        b = nblocks
        nblocks += 1
        block[s] = b
        stack = [s]
        while stack:
            for nb, i in adj[stack.pop()]:
                if nb not in block and i not in bridges:
                    block[nb] = b
                    stack.append(nb)
    inner: list[list[int]] = [[] for _ in range(nblocks)]
    weight = [0] * nblocks
    for i, (u, _v, w, _x) in enumerate(edges):
        if i not in bridges:
            inner[block[u]].append(i)
            weight[block[u]] += w
    tree: list[list[tuple[int, int, int]]] = [[] for _ in range(nblocks)]
    for i in sorted(bridges):
        u, v = edges[i][0], edges[i][1]
        tree[block[u]].append((i, u, v))
        tree[block[v]].append((i, v, u))
    root = max(range(nblocks), key=lambda b: (weight[b], -b))
    parent: dict[int, int] = {root: -1}
    order = [root]
    for b in order:
        for i, _near, far in tree[b]:
            c = block[far]
            if c not in parent:
                parent[c] = i
                order.append(c)
    # branch[i] = (cars, nodes, edges): bridge i crossed away from the root, then the
    # longest trail from its far end beyond it; nodes start at the near end
    branch: dict[int, tuple[int, list[int], list[int]]] = {}

    def problem(b, keep):
        """Block b with its branches away from the root as pendant routes (at most
        ``keep`` per city: a trail has two ends, and one when its start is fixed)."""
        sub = [(edges[i][0], edges[i][1], edges[i][2]) for i in inner[b]]
        refs: list = list(inner[b])
        at: dict[int, list] = {}
        for i, near, _far in tree[b]:
            if i != parent[b]:
                at.setdefault(near, []).append((-branch[i][0], i))
        leaf = -1
        for near in sorted(at):
            for _neg, i in sorted(at[near])[:keep]:
                sub.append((near, leaf, branch[i][0]))
                refs.append(branch[i])
                leaf -= 1
        return sub, refs

    def expand(found, refs):
        path_nodes, order, length = found
        out_nodes = [path_nodes[0]]
        out_edges: list[int] = []
        for k, j in enumerate(order):
            ref = refs[j]
            if isinstance(ref, int):
                out_nodes.append(path_nodes[k + 1])
                out_edges.append(ref)
            else:
                _cars, seq_nodes, seq_edges = ref
                if path_nodes[k] < 0:  # leaving a pendant leaf: the branch backwards
                    out_nodes[-1:] = seq_nodes[::-1]
                    out_edges.extend(seq_edges[::-1])
                else:
                    out_nodes.extend(seq_nodes[1:])
                    out_edges.extend(seq_edges)
        return out_nodes, out_edges, length

    for b in reversed(order[1:]):
        i = parent[b]
        u, v, w, _x = edges[i]
        far = u if block[u] == b else v
        near = v if far == u else u
        sub, refs = problem(b, 1)
        if not inner[b]:  # a single city: its best branch, or stop there
            ends = [(-ref[0], n) for n, ref in enumerate(refs)]
            found = ([far, -1], [min(ends)[1]], -min(ends)[0]) if ends else ([far], [], 0)
        else:
            found = _trail_search(sub, far, -1)
        seq_nodes, seq_edges, length = expand(found, refs)
        branch[i] = (w + length, [near] + seq_nodes, [i] + seq_edges)

    best_len, best = floor, None
    for b in order:
        if b != root:  # trails below b that do not reach its parent
            tops = sorted((branch[i][0] for i, _n, _f in tree[b] if i != parent[b]),
                          reverse=True)
            if weight[b] + sum(tops[:2]) <= best_len:
                continue
        sub, refs = problem(b, 2)
        found = _trail_search(sub, None, best_len)
        if found is not None:
            path_nodes, order_, length = expand(found, refs)
            best_len, best = length, (path_nodes, order_)
    return best, best_len


# -- inside a block: branch and bound over routes ----------------------------------------
class _Pairing:
    """The cheapest way to fix the parity of some points by paths between them.

    ``dist``: distances between k points; ``need``: the points that must be paired (a
    bitmask); ``ends``: the points that may be trail ends, at most ``budget`` of them: a
    needed end may stay unpaired, another end may be paired (it becomes odd). Branch and
    bound over subsets, settling the lowest point first (points sorted by nearest
    distance, largest first); lower bound: each needed point is at least its nearest
    distance from its partner, halved."""

    __slots__ = ("near", "nn", "need", "ends", "memo", "choice", "order", "floor", "stop")

    def __init__(self, dist, need, ends):
        k = len(dist)
        nn = [min((dist[i][j] for j in range(k) if j != i), default=0) for i in range(k)]
        order = sorted(range(k), key=lambda i: (-nn[i], i))
        self.order = order
        self.nn = [nn[i] if need >> i & 1 else 0 for i in order]
        self.need = sum(1 << p for p, i in enumerate(order) if need >> i & 1)
        self.ends = sum(1 << p for p, i in enumerate(order) if ends >> i & 1)
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
        if budget:  # unpaired ends: at most the largest nearest distances
            r = mask & need & self.ends
            for _ in range(budget):
                if r:
                    low = r & -r
                    lb -= nn[low.bit_length() - 1]
                    r ^= low
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

    def euler(v, mask):
        """Hierholzer over the routes of ``mask`` from v (they form one trail from v)."""
        used = 0
        ptr = [0] * n
        stack = [(v, -1)]
        out = []
        while stack:
            x, _e = stack[-1]
            lst = inc[x]
            k = ptr[x]
            while k < len(lst) and (used & lst[k][2] or not mask & lst[k][2]):
                k += 1
            ptr[x] = k
            if k == len(lst):
                out.append(stack.pop())
            else:
                y, _w, bit = lst[k]
                used |= bit
                stack.append((y, bit.bit_length() - 1))
        out.reverse()
        return [x for x, _e in out], [e for _x, e in out[1:]]

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
        where = {x: j for j, x in enumerate(points)}
        dist = [[0] * k for _ in range(k)]
        backs = []
        for j, s in enumerate(points):  # Dijkstra, until the later points are settled
            row = dist[j]
            for q in range(j + 1, k):
                row[q] = dist[q][j] = _FAR  # until reached
            d = {s: 0}
            back = {s: None}
            heap = [(0, s)]
            left = k - 1 - j
            while heap and left:
                dv, x = heappop(heap)
                if dv > d[x]:
                    continue
                q = where.get(x, -1)
                if q > j:
                    row[q] = dist[q][j] = dv
                    left -= 1
                for y, w, bit in inc[x]:
                    if alive & bit:
                        nd = dv + w
                        if nd < d.get(y, _FAR):
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
                best[1] = euler(first, main)
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
            best[:] = [total, euler(z, all_bits)]
        else:
            if floor < 0:
                best[:] = [0, ([z], [])]
            branch_and_bound(z, odd_all | 1 << z, 1)
    elif odd_all.bit_count() <= 2:
        if total <= floor:
            return None
        s = (odd_all & -odd_all).bit_length() - 1 if odd_all else 0
        best[:] = [total, euler(s, all_bits)]
    else:
        branch_and_bound(None, odd_all, 2)
    if best[1] is None:
        return None
    path_nodes, path_edges = best[1]
    return [names[x] for x in path_nodes], path_edges, best[0]
