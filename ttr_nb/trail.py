"""The longest continuous path: a longest *trail* in a player's network.

A trail uses each route at most once; cities may repeat (B-8.2). Its length is counted in
train cars (``route.length``; Legendary Asia mountain trains do not count). The search is
exact for any multigraph (loops, parallel tracks, several pieces) and fast enough to run
after every claim:

1. split the network into connected pieces and bound each one from above; search the most
   promising first and stop when no piece can beat the best trail found;
2. a piece with 0 or 2 odd-degree cities is one trail of all its routes (Euler), built
   with Hierholzer's algorithm; a piece that is a tree: its weighted diameter;
3. otherwise shrink the piece without changing its answer (pass through cities of degree
   2; keep only the two longest dead ends at a city, since a trail has two ends), then:

   - the **Euler bound**: the routes a trail leaves out must make every odd city but two
     even, so they contain a T-join of the odd cities; the cheapest one (shortest paths +
     the cheapest pairing, exact dynamic programming) bounds the trail from above. If
     removing it leaves the piece connected, one Euler trail uses the rest: done;
   - else a depth-first search over routes (a Python ``int`` bitmask of used routes). It
     starts only at odd-degree cities (an open maximum trail uses every route at its two
     ends, so both ends have odd degree; a closed one would need every degree even), never
     ends at a city it already started from, takes only the longest unused track of
     parallel tracks, skips states already seen, and prunes with what can still be
     reached and with the parity bound; when the routes still reachable form one trail
     from the current city (Euler), it takes them all at once.

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

import heapq
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
            found, length = _solve_hard(edges, adj, nodes, pe, ub, best_len)
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


def _solve_hard(edges, adj, nodes, pe, ub, floor):
    """A piece with more than 2 odd nodes and a cycle: reduce it, then bound and search.
    Returns (nodes, edge indices) of the best trail longer than ``floor`` (or None), and
    its length."""
    r_edges, expand = _reduce(edges, adj, nodes, pe)
    r_adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _x) in enumerate(r_edges):
        r_adj.setdefault(u, []).append((v, i))
        if v != u:
            r_adj.setdefault(v, []).append((u, i))
    r_nodes = sorted(r_adj)
    degree = {v: sum(2 if nb == v else 1 for nb, _i in lst) for v, lst in r_adj.items()}
    odd = [v for v in r_nodes if degree[v] & 1]
    total = sum(e[2] for e in r_edges)
    if len(odd) <= 2:
        found = _euler(r_edges, r_adj, r_nodes, None, odd)
        length = total
    else:
        found, length = _bound_and_search(r_edges, r_adj, r_nodes, odd, total, ub, floor)
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


class _OverBudget(Exception):
    pass


SEARCH_BUDGET = 400
"""Search steps tried before computing the exact Euler bound (a minimum T-join)."""
EARLY_JOIN_EDGES = 10
EARLY_JOIN_ODD = 14
"""A reduced piece with at least this many routes and at most this many odd nodes gets
the exact Euler bound before any search (it is cheap then, and often settles it)."""


def _bound_and_search(edges, adj, nodes, odd, total, ub, floor):
    """Exact longest trail of a reduced piece with more than 2 odd nodes.

    1. a quick search bounded by the nearest-odd-node cut, limited to SEARCH_BUDGET steps;
    2. if that is not enough: the Euler bound. A trail's routes have at most 2 odd nodes,
       so the routes it leaves out have all the other odd nodes as odd nodes: a T-join.
       The cheapest one (shortest paths + the cheapest pairing) gives the exact Euler
       bound; if the routes left after removing it are still connected, they form one
       trail (Euler) and it is optimal;
    3. otherwise a full search with that bound.
    """
    ub = min(ub, total - _odd_cut(edges, adj, odd))
    if ub <= floor:
        return None, floor
    floor_trail = None
    if len(edges) < EARLY_JOIN_EDGES or len(odd) > EARLY_JOIN_ODD:
        try:
            return _search(edges, adj, nodes, odd, ub, floor, SEARCH_BUDGET)
        except _OverBudget as e:
            found, length = e.args
        if length > floor:
            floor_trail, floor = found, length
    cut, join, pairing = _min_t_join(edges, adj, odd)
    ub = min(ub, total - cut)
    if ub <= floor:
        return floor_trail, floor
    keep = [i for i in range(len(edges)) if i not in join]
    k_adj: dict[int, list[tuple[int, int]]] = {}
    for i in keep:
        u, v = edges[i][0], edges[i][1]
        k_adj.setdefault(u, []).append((v, i))
        if u != v:
            k_adj.setdefault(v, []).append((u, i))
    if k_adj and len(_reach_nodes(k_adj, next(iter(k_adj)))) == len(k_adj):
        k_odd = [v for v, lst in k_adj.items()
                 if sum(2 if nb == v else 1 for nb, _i in lst) & 1]
        return _euler(edges, k_adj, sorted(k_adj), None, sorted(k_odd)), total - cut
    # not connected: each piece left has 0 or 2 odd nodes, so the heaviest is one trail,
    # a good first answer that lets the search prune from the start
    pieces = []
    for piece in _node_pieces(k_adj):
        weight = sum(edges[i][2] for i in {i for v in piece for _nb, i in k_adj[v]})
        pieces.append((weight, -min(piece), piece))
    weight, _, piece = max(pieces)
    if weight > floor:
        p_adj = {v: k_adj[v] for v in piece}
        p_odd = sorted(v for v in piece if sum(2 if nb == v else 1 for nb, _i in k_adj[v]) & 1)
        floor_trail, floor = _euler(edges, p_adj, sorted(piece), None, p_odd), weight
    full = (1 << len(odd)) - 1
    index = {v: j for j, v in enumerate(odd)}

    def start_bound(s):
        """The Euler bound for trails that start at s (s is one of the two free ends)."""
        return total - pairing.cost(full ^ (1 << index[s]), 1)

    found, length = _search(edges, adj, nodes, odd, ub, floor, None, start_bound)
    return (found, length) if found is not None else (floor_trail, floor)


def _node_pieces(adj) -> list[set[int]]:
    out: list[set[int]] = []
    seen: set[int] = set()
    for s in sorted(adj):
        if s not in seen:
            piece = _reach_nodes(adj, s)
            seen |= piece
            out.append(piece)
    return out


def _reach_nodes(adj, start):
    seen = {start}
    stack = [start]
    while stack:
        for nb, _i in adj[stack.pop()]:
            if nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen


def _min_t_join(edges, adj, odd):
    """The cheapest set of routes whose odd nodes are all of ``odd`` but (at most) two:
    ``(cars, edge indices, pairing)``. Shortest paths between the odd nodes (one Dijkstra
    each), then the cheapest pairing leaving two nodes free (a T-join is a union of paths
    pairing its odd nodes; the cheapest one uses shortest paths). ``pairing`` answers the
    same question for fewer nodes or free ends (see :class:`_Pairing`)."""
    k = len(odd)
    index = {v: j for j, v in enumerate(odd)}
    near: list[list[tuple[int, int]]] = []
    back = []
    for si, s in enumerate(odd):
        d = {s: 0}
        b = {s: None}
        heap = [(0, s)]
        row = []
        while heap:
            dv, v = heapq.heappop(heap)
            if dv > d[v]:
                continue
            j = index.get(v, -1)
            if j > si:
                row.append((dv, 1 << j))
            for nb, i in adj[v]:
                nd = dv + edges[i][2]
                if nd < d.get(nb, nd + 1):
                    d[nb] = nd
                    b[nb] = (v, i)
                    heapq.heappush(heap, (nd, nb))
        near.append(row)  # already sorted by distance
        back.append(b)
    pairing = _Pairing(near, k)
    full = (1 << k) - 1
    cost = pairing.cost(full, 2)
    join: set[int] = set()
    for i, j in pairing.pairs(full, 2):
        v = odd[j]
        while back[i][v] is not None:
            v, e = back[i][v]
            join ^= {e}
    return sum(edges[e][2] for e in join), join, pairing


class _Pairing:
    """The cheapest way to pair up some of the nodes 0..k-1 (a bitmask), leaving up to
    ``free`` of them unpaired, at the least total distance. ``near[i]`` lists
    ``(distance, 1 << j)`` for every j > i, nearest first.

    Dynamic programming over subsets (always settling the lowest node) with branch and
    bound: ``_solve(mask, free, cap)`` is exact when below ``cap``, else returns ``cap`` (a
    lower bound); a greedy pairing gives the first cap. The table is shared between
    questions."""

    def __init__(self, near, k):
        self.near = near
        self.k = k
        self.memo: dict[int, tuple[int, bool]] = {}
        self.choice: dict[int, int] = {}

    def cost(self, mask: int, free: int) -> int:
        near = self.near
        greedy, left, taken = 0, mask.bit_count(), 0
        for d, i, j in sorted((d, i, lb.bit_length() - 1) for i in range(self.k) if mask >> i & 1
                              for d, lb in near[i] if mask & lb):
            if left <= free:
                break
            if not taken >> i & 1 and not taken >> j & 1:
                taken |= 1 << i | 1 << j
                greedy += d
                left -= 2
        return self._solve(mask, free, greedy + 1)

    def _solve(self, mask, free, cap):
        if not mask:
            return 0
        key = mask * 3 + free
        hit = self.memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= cap):
            return hit[0]
        low = mask & -mask
        rest = mask ^ low
        best, pick = cap, -1
        if free:
            c = self._solve(rest, free - 1, cap)
            if c < best:
                best, pick = c, 0
        for d, lb in self.near[low.bit_length() - 1]:
            if d >= best:
                break
            if rest & lb:
                c = d + self._solve(rest ^ lb, free, best - d)
                if c < best:
                    best, pick = c, lb
        if best < cap:
            self.memo[key] = (best, True)
            self.choice[key] = pick
            return best
        self.memo[key] = (cap, False)
        return cap

    def pairs(self, mask: int, free: int) -> list[tuple[int, int]]:
        """The pairs of the cheapest pairing (after :meth:`cost` for the same question)."""
        out = []
        while mask:
            low = mask & -mask
            pick = self.choice[mask * 3 + free]
            if pick == 0:
                free -= 1
                mask ^= low
            else:
                out.append((low.bit_length() - 1, pick.bit_length() - 1))
                mask ^= low | pick
        return out


def _odd_cut(edges, adj, odd) -> int:
    """A lower bound on the cars a trail must leave out of a piece whose odd-degree nodes
    are ``odd`` (more than 2). The routes left out have every odd node but the trail's two
    ends as an odd node, so they join each such node to another odd node: at least its
    distance to the nearest odd node, and each route serves at most two nodes."""
    oddset = set(odd)
    nearest = []
    for s in odd:
        dist = {s: 0}
        heap = [(0, s)]
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            if v != s and v in oddset:
                nearest.append(d)
                break
            for nb, i in adj[v]:
                nd = d + edges[i][2]
                if nd < dist.get(nb, nd + 1):
                    dist[nb] = nd
                    heapq.heappush(heap, (nd, nb))
    nearest.sort()
    return (sum(nearest) - nearest[-1] - nearest[-2] + 1) >> 1


def _search(edges, adj, piece, odd, ub, floor, budget=None, start_bound=None):
    """Depth-first search over edges from each odd node; exact. Returns the best trail
    longer than ``floor`` (or None) and its length; stops early at ``ub``. With
    ``budget``, raises _OverBudget(best so far) after that many states; ``start_bound(s)``
    bounds the trails that start at s.

    Pruning, all exact:

    - parallel tracks between two cities form a bundle; a trail that uses j of them may as
      well use the j longest, so the search only takes the longest unused track of a bundle;
    - a state (city, used routes) is searched once (the length is fixed by the routes);
    - only the unused routes reachable from the current city v can still be added, and
      every route at the start city must be among them (a longest trail uses them all);
    - parity bound: the routes left unused have every odd city O of the reachable unused
      routes, but v and the trail's end, as an odd city, so each of those needs one more
      unused route: at least half the sum of their shortest unused routes is lost;
    - a trail from s that would end at an earlier start t was already found from t;
    - Euler completion: when the bound loses nothing, the reachable unused routes form one
      trail from v: take them all and stop.
    """
    local = {v: k for k, v in enumerate(sorted(piece))}
    nbit = {v: 1 << k for v, k in local.items()}
    ladj = {}
    for v in piece:
        bundles: dict[int, list[tuple[int, int]]] = {}
        for nb, i in adj[v]:
            bundles.setdefault(nb, []).append((-edges[i][2], i))
        ladj[v] = tuple((nb, tuple((1 << i, -negw, i, nbit[v] ^ nbit[nb]) for negw, i in sorted(b)))
                        for nb, b in sorted(bundles.items(), key=lambda kv: (min(kv[1]), kv[0])))
    odd_mask = 0
    for v in odd:
        odd_mask |= nbit[v]
    # for the bound: each node's routes, shortest first, by local index
    by_local = [()] * len(local)
    for v, k in local.items():
        by_local[k] = tuple(sorted((edges[i][2], 1 << i) for _nb, i in adj[v]))
    best = [floor, None]
    path: list[int] = []
    nodes: list[int] = []

    reach_adj = {v: tuple((1 << i, nb, edges[i][2], nbit[nb]) for nb, i in adj[v]) for v in piece}
    seen_states = set()
    shift = len(local).bit_length()
    vloc = local

    start = [0]  # the bits of the start node's routes
    allowed = [0]  # odd nodes a trail from this start may end at

    def rec(v, used, length, oddm):
        key = used << shift | vloc[v]
        if key in seen_states:
            return
        seen_states.add(key)
        if budget is not None and len(seen_states) > budget:
            raise _OverBudget(best[1], best[0])
        # the unused routes the trail can still reach from v
        vb = nbit[v]
        seen = vb
        stack = [v]
        reach = used
        rw = 0
        while stack:
            for bit, nb, w, nbb in reach_adj[stack.pop()]:
                if not reach & bit:
                    reach |= bit
                    rw += w
                    if not seen & nbb:
                        seen |= nbb
                        stack.append(nb)
        if length + rw <= best[0]:
            return
        if start[0] & ~reach:  # a route at the start can no longer be used
            return
        rest = oddm & seen & ~vb
        ends = rest & allowed[0]
        if not ends and not vb & allowed[0]:
            return  # nowhere left to end
        need = 0
        if rest:
            big = 0
            while rest:
                low = rest & -rest
                rest ^= low
                for w, bit in by_local[low.bit_length() - 1]:
                    if not used & bit:
                        need += w
                        if low & ends and w > big:
                            big = w
                        break
            need = (need - big + 1) >> 1
            if length + rw - need <= best[0]:
                return
        if need == 0:  # what is left forms one trail from v (Euler): take it all
            end = (oddm & seen & ~vb) or vb
            if end & allowed[0]:
                tail_nodes, tail = _euler_rest(edges, adj, v, reach & ~used) if rw else ([], [])
                best[0] = length + rw
                best[1] = (nodes + tail_nodes, path + tail)
            return
        for nb, bundle in ladj[v]:
            for bit, w, i, flip in bundle:
                if not used & bit:
                    path.append(i)
                    nodes.append(nb)
                    rec(nb, used | bit, length + w, oddm ^ flip)
                    path.pop()
                    nodes.pop()
                    if best[0] >= stop[0]:
                        return
                    break

    limit = sys.getrecursionlimit()
    if len(edges) + 50 > limit:
        sys.setrecursionlimit(len(edges) + 100)
    order = sorted(odd)
    stop = [ub]
    bounds = dict.fromkeys(order, ub)
    if start_bound is not None:  # the most promising starts first
        bounds = {s: min(ub, start_bound(s)) for s in order}
        order.sort(key=lambda s: (-bounds[s], s))
    for n, s in enumerate(order):
        stop[0] = bounds[s]
        if stop[0] <= best[0]:
            continue
        # a trail from s that ends at an earlier start was already seen from that end
        allowed[0] = 0
        for t in order[n + 1:]:
            allowed[0] |= nbit[t]
        start[0] = 0
        for _nb, i in adj[s]:
            start[0] |= 1 << i
        nodes.append(s)
        rec(s, 0, 0, odd_mask)
        nodes.pop()
        if best[0] >= ub:
            break
    return best[1], best[0]


def _euler_rest(edges, adj, start, left_bits):
    """Hierholzer over the edges in ``left_bits`` from ``start`` (they form one trail from
    it): the nodes after ``start`` and the edge indices, in order."""
    used = set()
    ptr: dict[int, int] = {}
    stack = [(start, -1)]
    out = []
    while stack:
        v, _e = stack[-1]
        lst = adj[v]
        i = ptr.get(v, 0)
        n = len(lst)
        while i < n and (lst[i][1] in used or not left_bits >> lst[i][1] & 1):
            i += 1
        ptr[v] = i
        if i == n:
            out.append(stack.pop())
        else:
            nb, ei = lst[i]
            used.add(ei)
            stack.append((nb, ei))
    out.reverse()
    return [v for v, _e in out[1:]], [e for _v, e in out[1:]]
