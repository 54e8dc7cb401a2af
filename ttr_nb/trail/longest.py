"""The longest trail of a network: its connected pieces, a piece that is one Euler trail or
a tree, the canonical order of the trail found (steps 1, 2 and 5 of :mod:`ttr_nb.trail`);
a piece with cycles goes to :mod:`.blocks`."""
from __future__ import annotations

from typing import Any, Iterable

from ..errors import IllegalAction
from .blocks import _cyclic_piece
from .board_graph import BoardGraph, board_graph
from .result import EMPTY_TRAIL, Trail


def longest_trail(board, route_ids: Iterable[int]) -> Trail:
    """The longest trail in the network of ``route_ids`` (each route once, cities may repeat).

    Parameters
    ----------
    board : Board
        The board the routes are on.
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

    See Also
    --------
    longest_trail_length : the length alone, faster.

    References
    ----------
    rules B-8.2 (cities may repeat), H-8.2 (countries are dead ends); anchors §8.

    Examples
    --------
    A loop with a tail: the trail passes Seattle twice.

    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = board.route_ids(["Vancouver–Seattle", "Seattle–Portland", "Portland–Salt Lake City",
    ...                        "Salt Lake City–Helena", "Helena–Seattle"])
    >>> trail = longest_trail(board, ids)
    >>> trail.length, trail.cities
    (17, ('Seattle', 'Helena', 'Salt Lake City', 'Portland', 'Seattle', 'Vancouver'))
    """
    return _longest(board, route_ids, True)


def longest_trail_length(board, route_ids: Iterable[int]) -> int:
    """``longest_trail(board, route_ids).length``, without building the trail's walk (what
    a score needs by the numbers only).

    Parameters
    ----------
    board : Board
        The board the routes are on.
    route_ids : iterable of int
        The routes a player (or a team) owns; duplicates are ignored.

    Returns
    -------
    int
        The length of the longest trail, in train cars (0 for no routes).

    Raises
    ------
    IllegalAction
        A route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> longest_trail_length(board, board.route_ids(["Denver–Omaha", "Omaha–Chicago"]))
    8
    """
    return _longest(board, route_ids, False)


def trail_length_and_pieces(board, route_ids: Iterable[int]) -> tuple[int, dict[int, list[int]]]:
    """:func:`longest_trail_length`, and the connected pieces of the network found on the
    way, as :func:`ttr_nb.scoring_search.tickets_done` takes them (a ticket is done when
    its ends are in one piece, B-6.4).

    Parameters
    ----------
    board : Board
        The board the routes are on.
    route_ids : iterable of int
        The routes a player (or a team) owns; duplicates are ignored.

    Returns
    -------
    length : int
        The length of the longest trail, in train cars.
    pieces : dict of int to list of int
        Node (of :func:`~ttr_nb.trail.board_graph`) -> the list of its piece's nodes: one
        list per piece, shared by its nodes.

    Raises
    ------
    IllegalAction
        A route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> from ttr_nb.trail import board_graph
    >>> board = ttr_nb.load_map("usa")
    >>> g = board_graph(board)
    >>> length, pieces = trail_length_and_pieces(
    ...     board, board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Seattle–Portland"]))
    >>> length, sorted(g.names[x] for x in pieces[g.nodes_of["Denver"][0]])
    (8, ['Chicago', 'Denver', 'Omaha'])
    >>> pieces[g.nodes_of["Denver"][0]] is pieces[g.nodes_of["Chicago"][0]]
    True
    """
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
