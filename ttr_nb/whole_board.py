"""The whole board as one network (re-exported by :mod:`ttr_nb.analysis` and :mod:`ttr_nb.graph`):

- :func:`whole_board_trail` — the longest trail of a whole board, with its proof (the odd
  cities, the cheapest T-join left out, and the trail that meets the bound);
- :func:`t_join_bound` — that bound for any network; :func:`count_trails` — how many trails a
  small network has; :func:`single_track_routes` — one track per city pair.

As in :mod:`ttr_nb.analysis`, nothing passes through a country (H-8.2): the trails' compiled
board gives each route into a country its own terminal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .scoring_search import pieces_of
from .trail import BoardGraph, Trail, _euler, _make_trail, board_graph, longest_trail


def _ids(board, route_ids) -> list[int]:
    return [r.id for r in board.routes] if route_ids is None else list(route_ids)


# -- the longest trail of a whole board ----------------------------------------------------------
def single_track_routes(board) -> list[int]:
    """One route id per city pair (the lowest id of each double or triple), sorted.

    Parameters
    ----------
    board : Board
        The board.

    Returns
    -------
    list of int
        One route id per pair of cities joined by a route, in id order.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> len(single_track_routes(board)), len(board.routes)
    (78, 100)
    """
    seen: dict[frozenset, int] = {}
    for r in board.routes:
        key = frozenset(r.cities)
        if key not in seen or r.id < seen[key]:
            seen[key] = r.id
    return sorted(seen.values())


@dataclass(frozen=True)
class WholeBoardTrail:
    """The longest trail of a whole board, with a proof.

    ``upper_bound``: no trail is longer. A trail's routes have at most two odd-degree
    cities, so the routes it leaves out must fix the parity of every other odd city:
    they contain a T-join, and ``total - upper_bound`` is the cheapest one (shortest paths
    between odd cities + a minimum-weight pairing that leaves two of them free).
    ``trail``: the best trail found; ``gap`` = upper_bound − trail.length (0 = proven).
    """

    board: str
    one_track_per_pair: bool
    routes: int
    total: int
    odd_cities: tuple[str, ...]
    left_out: tuple[int, ...]
    upper_bound: int
    trail: Trail
    method: str

    @property
    def gap(self) -> int:
        return self.upper_bound - self.trail.length

    @property
    def proven(self) -> bool:
        return self.gap == 0

    def describe(self) -> str:
        return (f"{self.board} ({'one track per city pair' if self.one_track_per_pair else 'every track'}): "
                f"{self.routes} routes, {self.total} cars, {len(self.odd_cities)} odd cities; "
                f"longest trail {self.trail.length} cars over {len(self.trail.routes)} routes; "
                f"upper bound {self.upper_bound} (total − {self.total - self.upper_bound}); "
                + ("proven optimal" if self.proven else f"gap {self.gap}"))


def _min_t_join_nx(g: BoardGraph, edges, odd: list[int]) -> set[int]:
    """Cheapest edge set whose odd nodes are all of ``odd`` but two (networkx blossom
    matching on shortest-path distances, two free 'end' slots)."""
    import networkx as nx

    G = nx.MultiGraph()
    for i, (u, v, w, _r) in enumerate(edges):
        G.add_edge(u, v, key=i, weight=w)
    H = nx.Graph()
    paths = {}
    for s in odd:
        dist, path = nx.single_source_dijkstra(G, s, weight="weight")
        for t in odd:
            if t > s and t in dist:
                H.add_edge(s, t, weight=dist[t])
                paths[(s, t)] = path[t]
        H.add_edge(s, "end1", weight=0)
        H.add_edge(s, "end2", weight=0)
    H.add_edge("end1", "end2", weight=0)
    join: set[int] = set()
    for a, b in nx.min_weight_matching(H):
        if isinstance(a, str) or isinstance(b, str):
            continue
        s, t = min(a, b), max(a, b)
        p = paths[(s, t)]
        for x, y in zip(p, p[1:]):
            # the cheapest track between x and y, lowest id on ties
            i = min((edges[k][2], k) for k in G[x][y])[1]
            join ^= {i}
    return join


def whole_board_trail(board, one_track_per_pair: bool = False) -> WholeBoardTrail:
    """The longest trail if one player owned every route (``one_track_per_pair``: one track
    of each double), with an upper bound that proves it.

    Method: the Euler bound (see :class:`WholeBoardTrail`) computed with networkx's exact
    minimum-weight matching; then remove that cheapest T-join. If what is left is connected
    it has at most two odd cities, so one trail (Euler) uses all of it and meets the bound:
    proven. Otherwise :func:`~ttr_nb.graph.longest_trail` (exact) is run on the whole board.

    Parameters
    ----------
    board : Board
        The board.
    one_track_per_pair : bool, default False
        Take only one track of each double or triple route (:func:`single_track_routes`).

    Returns
    -------
    WholeBoardTrail
        The trail found, the ``upper_bound`` and the ``gap`` between them (0: proven).

    Examples
    --------
    >>> import ttr_nb
    >>> best = whole_board_trail(ttr_nb.load_map("usa"), one_track_per_pair=True)
    >>> best.trail.length, best.upper_bound, best.proven
    (235, 235, True)
    """
    ids = single_track_routes(board) if one_track_per_pair else sorted(r.id for r in board.routes)
    g = board_graph(board)
    edges = g.edges(ids)
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    total = sum(e[2] for e in edges)
    odd = sorted(v for v, lst in adj.items() if len(lst) % 2)
    join = _min_t_join_nx(g, edges, odd) if len(odd) > 2 else set()
    bound = total - sum(edges[i][2] for i in join)
    keep: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        if i not in join:
            keep.setdefault(u, []).append((v, i))
            keep.setdefault(v, []).append((u, i))
    if len(_pieces(e for i, e in enumerate(edges) if i not in join)) == 1 and len(_pieces(edges)) == 1:
        k_odd = sorted(v for v, lst in keep.items() if len(lst) % 2)
        nodes, order = _euler(edges, keep, sorted(keep), None, k_odd)
        trail = _make_trail(g, edges, nodes, order)
        method = "Euler bound met: the cheapest T-join removed leaves a connected network"
    else:
        trail = longest_trail(board, ids)
        method = "exact search (ttr_nb.longest_trail)"
    names = sorted({g.names[v] for v in odd})
    return WholeBoardTrail(board.name, one_track_per_pair, len(ids), total, tuple(names),
                           tuple(sorted(edges[i][3] for i in join)), bound, trail, method)


def _pieces(edges: Iterable[tuple]) -> list[set[int]]:
    """The cities of each connected piece of the network of ``edges`` ((city, city, cars,
    route id), as ``BoardGraph.edges`` gives them), in the order first met."""
    return list({id(p): p for p in pieces_of(e[:3] for e in edges).values()}.values())


# -- counting trails and the T-join bound of a network (lessons 04 and 05) ----------------------
def count_trails(board, route_ids: Iterable[int], limit: int | None = None) -> int:
    """How many trails the routes ``route_ids`` contain, exactly.

    A trail is a sequence of one or more routes, each used once, each starting where the
    previous one ended (cities may repeat). A trail and the same trail travelled backwards
    are counted once; a closed trail started at another city is another trail. Countries
    are dead ends (H-8.5).

    The count is exact: it adds up, for each city and each set of routes already used, the
    ways to go on (memoised), so it is fast on networks of a few dozen routes; the number of
    trails itself grows exponentially with the routes.

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network (duplicates are ignored).
    limit : int, optional
        Stop counting at ``limit`` and return it (the count is then "at least ``limit``").

    Returns
    -------
    int
        The number of trails (at most ``limit``, if given).

    Raises
    ------
    IllegalAction
        A route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> count_trails(board, board.route_ids(["Denver–Omaha", "Omaha–Chicago"]))
    3
    >>> star = board.route_ids(["Omaha–Denver", "Omaha–Chicago", "Omaha–Duluth", "Omaha–Helena"])
    >>> count_trails(board, star), count_trails(board, star, limit=5)
    (10, 5)
    """
    g = board_graph(board)
    edges = g.edges(route_ids)
    at: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        at.setdefault(u, []).append((v, 1 << i))
        at.setdefault(v, []).append((u, 1 << i))  # a loop: both ways round
    memo: dict[tuple[int, int], int] = {}
    cap = None if limit is None else 2 * limit

    def onward(v: int, used: int) -> int:
        key = (v, used)
        if key not in memo:
            n = 0
            for far, bit in at[v]:
                if not used & bit:
                    n += 1 + onward(far, used | bit)
                    if cap is not None and n >= cap:
                        break
            memo[key] = n
        return memo[key]

    total = 0
    for v in sorted(at):
        total += onward(v, 0)
        if cap is not None and total >= cap:
            return limit
    return total // 2  # each trail was counted once in each direction


@dataclass(frozen=True)
class TJoinBound:
    """The Euler bound on the longest trail of a network (lesson 05).

    A trail's routes have 0 or 2 odd cities (its ends), so the routes it leaves out have as
    odd cities the network's odd cities changed at the trail's two ends. Such a set always
    contains a T-join of the odd cities less two of them, so it costs at least
    ``t_join_cars``, the cheapest one (``t_join``: its routes). No trail is longer than
    ``bound`` = ``total`` − ``t_join_cars``. For a network in several pieces, the bound of
    the piece where it is highest (``total`` is that piece's cars).
    """

    total: int
    odd_cities: tuple[str, ...]
    t_join: tuple[int, ...]
    t_join_cars: int
    bound: int

    def describe(self) -> str:
        return (f"{len(self.odd_cities)} odd cities; the cheapest T-join of all but two of them: "
                f"{len(self.t_join)} route{'s' * (len(self.t_join) != 1)}, {self.t_join_cars} cars; "
                f"no trail is longer than "
                f"{self.total} − {self.t_join_cars} = {self.bound} cars")


def t_join_bound(board, route_ids: Iterable[int] | None = None) -> TJoinBound:
    """The Euler bound on the longest trail of ``route_ids`` (default: the whole board),
    with the cheapest T-join that proves it (see :class:`TJoinBound`).

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int, optional
        The network (default: every route of the board).

    Returns
    -------
    TJoinBound
        The network's cars (``total``), its ``odd_cities``, the cheapest T-join of all but
        two of them (``t_join``, ``t_join_cars``) and the ``bound`` = total − t_join_cars.
        For a network in several pieces, the piece where the bound is highest.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> star = board.route_ids(["Omaha–Denver", "Omaha–Chicago", "Omaha–Duluth", "Omaha–Helena"])
    >>> t_join_bound(board, star).describe()
    '4 odd cities; the cheapest T-join of all but two of them: 2 routes, 6 cars; no trail is longer than 15 − 6 = 9 cars'
    >>> t_join_bound(board).bound, ttr_nb.longest_trail(board, [r.id for r in board.routes]).length
    (285, 285)
    """
    g = board_graph(board)
    edges = g.edges(_ids(board, route_ids))
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    best: TJoinBound | None = None
    for piece in sorted(_pieces(edges), key=min):
        mine = sorted({i for v in piece for _nb, i in adj[v]})
        sub = [edges[i] for i in mine]
        odd = sorted(v for v in piece if len(adj[v]) % 2)
        join = _min_t_join_nx(g, sub, odd) if len(odd) > 2 else set()
        total = sum(e[2] for e in sub)
        cars = sum(sub[i][2] for i in join)
        here = TJoinBound(total, tuple(sorted({g.names[v] for v in odd})),
                          tuple(sorted(sub[i][3] for i in join)), cars, total - cars)
        if best is None or here.bound > best.bound:
            best = here
    return best if best is not None else TJoinBound(0, (), (), 0, 0)


for _public in (WholeBoardTrail, TJoinBound, whole_board_trail, t_join_bound, count_trails, single_track_routes):
    _public.__module__ = "ttr_nb.analysis"  # (documented, and long imported, as ttr_nb.analysis's)
