"""Classroom analyses of a board (re-exported by :mod:`ttr_nb.graph`).

- :func:`longest_simple_path` — no city twice, to contrast with the longest trail;
- :func:`cheapest_cost` and :func:`ticket_outliers` — the fewest trains between two cities,
  and the tickets whose points are far from it;
- :func:`degrees`, :func:`odd_degree_cities` (Euler), :func:`bridges`,
  :func:`articulation_points`, :func:`is_planar`;
- :func:`steiner_tree` and :func:`ticket_steiner` — the cheapest routes joining cities or
  completing tickets;
- :func:`whole_board_trail` — the longest trail of a whole board, with its proof.

Everything follows the country rule of The Heart of Africa (H-8.2, H-8.5): nothing passes
through a country. Cheapest costs use the one path search over the board's index
(:mod:`ttr_nb.paths`); the trail, tree and Euler analyses use the trails' compiled board,
where each route into a country ends at its own terminal. Train costs are
``route.trains`` (spaces plus Legendary Asia mountain X, LA-10); trail lengths are
``route.length`` (cars on the board).
"""
from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .board_index import board_index
from .errors import IllegalAction
from .paths import PathSearch
from .scoring_search import tickets_done
from .trail import EMPTY_TRAIL, BoardGraph, Trail, _make_trail, board_graph

__all__ = [
    "longest_simple_path", "cheapest_cost", "TicketValue", "ticket_values", "ticket_outliers",
    "degrees", "odd_degree_cities", "bridges", "articulation_points", "is_planar",
    "SteinerTree", "steiner_tree", "TicketSteiner", "ticket_steiner", "WholeBoardTrail",
    "whole_board_trail", "single_track_routes", "count_trails", "TJoinBound", "t_join_bound",
    "StationOption", "station_options",
]


def _ids(board, route_ids) -> list[int]:
    return [r.id for r in board.routes] if route_ids is None else list(route_ids)


def _nodes(g: BoardGraph, city: str) -> tuple[int, ...]:
    try:
        return g.nodes_of[city]
    except (KeyError, TypeError):
        raise IllegalAction(f"{city!r} is not a city of the board {g.board_name}") from None


# -- longest simple path -------------------------------------------------------------------
def longest_simple_path(board, route_ids: Iterable[int]) -> Trail:
    """The longest *path* (no city twice) in a network, in train cars.

    This is what a search that marks visited cities instead of used routes finds; the
    longest continuous path of the rules is the longest *trail*
    (:func:`~ttr_nb.graph.longest_trail`), which may pass a city twice and can be longer
    (anchors §8: 31 against 23). Exact, by exhaustive search (fine for a player's network;
    exponential on a whole board).

    Parameters
    ----------
    board : Board
        The board the routes are on.
    route_ids : iterable of int
        The network: route ids of ``board`` (duplicates are ignored).

    Returns
    -------
    Trail
        The path: ``length`` in train cars, ``routes`` and ``cities`` in travel order (no
        city twice). The empty trail if there are no routes.

    Raises
    ------
    IllegalAction
        A route id that is not on the board.

    See Also
    --------
    ttr_nb.graph.longest_trail : the longest continuous path of the rules (B-8.2).

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = [r.id for r in board.routes_between("Kansas City", "Omaha")]  # a double
    >>> longest_simple_path(board, ids).length, ttr_nb.longest_trail(board, ids).length
    (1, 2)
    """
    g = board_graph(board)
    edges = g.edges(route_ids)
    if not edges:
        return EMPTY_TRAIL
    adj: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v, _w, _r) in enumerate(edges):
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    best: list = [0, None]
    nodes: list[int] = []
    path: list[int] = []

    def rec(v, seen, length):
        if length > best[0]:
            best[0], best[1] = length, (nodes[:], path[:])
        for nb, i in adj[v]:
            if nb not in seen:
                seen.add(nb)
                nodes.append(nb)
                path.append(i)
                rec(nb, seen, length + edges[i][2])
                seen.discard(nb)
                nodes.pop()
                path.pop()

    for s in sorted(adj):
        nodes.append(s)
        rec(s, {s}, 0)
        nodes.pop()
    return _make_trail(g, edges, *best[1])


# -- cheapest train cost ---------------------------------------------------------------------
def _cheapest(board, route_ids, a: str, b: str):
    """The one path search by trains, ties by routes (fewer, then the smaller ids)."""
    ix = board_index(board)
    src, dst = ix.node(a), ix.node(b)
    if a == b:
        return 0, (), (a,)
    search = PathSearch(ix, ix.costs(ix.trains, route_ids), [src], by_routes=True)
    if search.first((dst,)) is None:
        return None, (), ()
    rids, nodes = search.path(dst)
    return search.dist[dst][0], tuple(rids), tuple(ix.names[x] for x in nodes)


def cheapest_cost(board, a: str, b: str, route_ids: Iterable[int] | None = None
                  ) -> tuple[int | None, tuple[int, ...]]:
    """The fewest trains that join ``a`` and ``b``: ``(trains, route ids in order)``.

    Trains are ``route.trains`` (spaces, plus one per mountain X on Legendary Asia, LA-10).
    Over the whole board, or only ``route_ids``. A country is only an end (H-8.2). Ties go
    to fewer routes, then the smaller route ids.

    Parameters
    ----------
    board : Board
        The board.
    a, b : str
        The two cities (or countries) to join.
    route_ids : iterable of int, optional
        The routes the path may use (default: every route of the board).

    Returns
    -------
    trains : int or None
        The fewest trains; None if ``a`` and ``b`` cannot be joined.
    routes : tuple of int
        The route ids of one cheapest path, from ``a`` to ``b``; ``()`` if none.

    Raises
    ------
    IllegalAction
        A city or a route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> cheapest_cost(board, "Los Angeles", "New York")[0]
    20
    >>> cheapest_cost(board, "Denver", "Chicago", board.route_ids(["Denver–Omaha", "Omaha–Chicago"]))
    (8, (34, 18))
    >>> cheapest_cost(board, "Denver", "Miami", board.route_ids(["Denver–Omaha"]))
    (None, ())
    """
    cost, routes, _cities = _cheapest(board, route_ids, a, b)
    return cost, routes


@dataclass(frozen=True)
class TicketValue:
    """A ticket next to the cheapest way to complete it.

    ``difference`` = points − trains: positive means the ticket pays more than its cost in
    trains, negative less."""

    ticket: object
    points: int
    trains: int
    routes: tuple[int, ...]
    cities: tuple[str, ...]

    @property
    def difference(self) -> int:
        return self.points - self.trains

    def describe(self) -> str:
        t = self.ticket
        return (f"{t.a}–{t.b}: {self.points} points, {self.trains} trains "
                f"({self.difference:+d}) via {' → '.join(self.cities)}")


def ticket_values(board, deck: str | None = None) -> list[TicketValue]:
    """Every ticket (of ``deck``, or all) with its cheapest train cost, in board order.

    Parameters
    ----------
    board : Board
        The board whose tickets are valued.
    deck : str, optional
        A deck of the board (``board.decks``, e.g. ``"original"``); default: every ticket.

    Returns
    -------
    list of TicketValue
        One per ticket: its points, the fewest trains that complete it
        (:func:`cheapest_cost`) and that path's routes and cities.

    Examples
    --------
    >>> import ttr_nb
    >>> values = ticket_values(ttr_nb.load_map("usa"), "original")
    >>> len(values)
    30
    >>> values[0].describe()
    'Boston–Miami: 12 points, 12 trains (+0) via Boston → New York → Pittsburgh → Raleigh → Charleston → Miami'
    """
    tickets = board.tickets if deck is None else board.tickets_in(deck)
    out = []
    for t in tickets:
        cost, routes, cities = _cheapest(board, None, t.a, t.b)
        out.append(TicketValue(t, t.points, cost, routes, cities))
    return out


def ticket_outliers(board, deck: str | None = None, threshold: int = 1) -> list[TicketValue]:
    """The tickets whose points differ from their cheapest train cost by ``threshold`` or
    more, the biggest difference first (then by ticket id).

    On the USA board a ticket almost always scores exactly the fewest trains that complete
    it; the few outliers pay a bonus of 1 or 2.

    Parameters
    ----------
    board : Board
        The board whose tickets are valued.
    deck : str, optional
        A deck of the board (``board.decks``); default: every ticket.
    threshold : int, default 1
        The smallest difference (points − trains, either sign) that makes an outlier.

    Returns
    -------
    list of TicketValue
        The outliers, as :func:`ticket_values` gives them.

    Examples
    --------
    >>> import ttr_nb
    >>> [v.describe() for v in ticket_outliers(ttr_nb.load_map("usa"), "original", threshold=2)]
    ['Seattle–New York: 22 points, 20 trains (+2) via Seattle → Helena → Duluth → Chicago → Pittsburgh → New York']
    """
    rows = [v for v in ticket_values(board, deck) if abs(v.difference) >= threshold]
    return sorted(rows, key=lambda v: (-abs(v.difference), v.ticket.id))


# -- degrees, bridges, planarity --------------------------------------------------------------
def degrees(board, route_ids: Iterable[int] | None = None) -> dict[str, int]:
    """Routes at each city (each track of a double counts), sorted by city name. Cities with
    no route in the set are left out. A country's degree is the number of routes into it.

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int, optional
        The network (default: every route of the board).

    Returns
    -------
    dict of str to int
        City name -> number of routes of the network there, in name order.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> degrees(board, board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"]))
    {'Chicago': 2, 'Denver': 1, 'Omaha': 2, 'Pittsburgh': 1}
    >>> degrees(board)["Denver"]
    9
    """
    out: dict[str, int] = {}
    for rid in _ids(board, route_ids):
        r = board.route(rid)
        out[r.a] = out.get(r.a, 0) + 1
        out[r.b] = out.get(r.b, 0) + 1
    return dict(sorted(out.items()))


def odd_degree_cities(board, route_ids: Iterable[int] | None = None) -> list[str]:
    """Cities with an odd number of routes, sorted. There is always an even number of them
    (the handshake lemma), and a network with 0 or 2 of them is connected by one trail
    through every route (Euler). Countries are left out: every route into a country ends at
    its own terminal, so a country never joins two routes.

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int, optional
        The network (default: every route of the board).

    Returns
    -------
    list of str
        The cities of odd degree (see :func:`degrees`), in name order.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> odd_degree_cities(board, board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"]))
    ['Denver', 'Pittsburgh']
    """
    return [c for c, d in degrees(board, route_ids).items()
            if d % 2 and not board.cities[c].is_country]


def _nx_graph(board, route_ids, weight: str = "trains"):
    """A simple networkx Graph of the network (countries split into terminals), with the
    cheapest track of each city pair as the edge: attributes weight, route, tracks."""
    import networkx as nx

    g = board_graph(board)
    G = nx.Graph()
    for u, v, _w, rid in g.edges(_ids(board, route_ids)):
        r = board.route(rid)
        w = r.trains if weight == "trains" else r.length
        if G.has_edge(u, v):
            d = G[u][v]
            d["tracks"] += 1
            if (w, rid) < (d["weight"], d["route"]):
                d["weight"], d["route"] = w, rid
        else:
            G.add_edge(u, v, weight=w, route=rid, tracks=1)
    return G


def bridges(board, route_ids: Iterable[int] | None = None) -> list[int]:
    """Routes whose loss splits the network (a route on no cycle), sorted by id. A double
    route is not a bridge (its other track remains), except into a country: there each
    track ends at its own terminal (H-8.5).

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int, optional
        The network (default: every route of the board).

    Returns
    -------
    list of int
        The route ids of the bridges, in id order.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> loop = board.route_ids(["Denver–Omaha", "Omaha–Kansas City", "Kansas City–Denver"])
    >>> bridges(board, loop + board.route_ids(["Omaha–Chicago"]))  # Omaha–Chicago
    [18]
    >>> bridges(board)  # every route of the board is on a cycle
    []
    """
    import networkx as nx

    G = _nx_graph(board, route_ids)
    return sorted(G[u][v]["route"] for u, v in nx.bridges(G) if G[u][v]["tracks"] == 1)


def articulation_points(board, route_ids: Iterable[int] | None = None) -> list[str]:
    """Cities whose loss splits the network, sorted. (A city with a route into a country
    counts: the country is only reached through such cities.)

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int, optional
        The network (default: every route of the board).

    Returns
    -------
    list of str
        The articulation points (cut vertices), in name order.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> articulation_points(board, board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"]))
    ['Chicago', 'Omaha']
    """
    import networkx as nx

    g = board_graph(board)
    return sorted({g.names[v] for v in nx.articulation_points(_nx_graph(board, route_ids))})


def is_planar(board, route_ids: Iterable[int] | None = None) -> bool:
    """Can the network be drawn with no two routes crossing? (networkx's planarity test;
    parallel tracks do not matter.)

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int, optional
        The network (default: every route of the board).

    Returns
    -------
    bool
        True if the network is planar.

    Examples
    --------
    >>> import ttr_nb
    >>> is_planar(ttr_nb.load_map("usa"))
    True
    """
    import networkx as nx

    return bool(nx.check_planarity(_nx_graph(board, route_ids))[0])


# -- Steiner trees ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SteinerTree:
    """The cheapest routes joining ``cities`` (trains, mountains included): ``routes`` sorted
    by id, ``trains`` their cost. ``exact`` False means an approximation (at most twice the
    optimum) and ``method`` says which."""

    cities: tuple[str, ...]
    routes: tuple[int, ...]
    trains: int
    exact: bool
    method: str


def _dreyfus_wagner(adj, n_nodes: int, terminals: list[int]):
    """Exact minimum Steiner tree (Dreyfus–Wagner / Erickson–Monma–Veinott dynamic
    programming over terminal subsets). ``adj[v]`` lists ``(w, u, route)``. Returns
    (cost, set of routes)."""
    k = len(terminals)
    full = (1 << k) - 1
    inf = float("inf")
    dp: dict[int, list[float]] = {}
    how: dict[int, list] = {}
    for mask in range(1, full + 1):
        cost = [inf] * n_nodes
        back: list = [None] * n_nodes
        if mask & (mask - 1) == 0:
            t = terminals[mask.bit_length() - 1]
            cost[t] = 0
            back[t] = ("leaf",)
        else:
            low = mask & -mask
            sub = (mask - 1) & mask
            while sub:
                if sub & low:  # each split once
                    a, b = dp[sub], dp[mask ^ sub]
                    for v in range(n_nodes):
                        c = a[v] + b[v]
                        if c < cost[v]:
                            cost[v] = c
                            back[v] = ("split", sub)
                sub = (sub - 1) & mask
        heap = [(c, v) for v, c in enumerate(cost) if c < inf]
        heapq.heapify(heap)
        while heap:
            c, v = heapq.heappop(heap)
            if c > cost[v]:
                continue
            for w, u, rid in adj[v]:
                if c + w < cost[u]:
                    cost[u] = c + w
                    back[u] = ("edge", v, rid)
                    heapq.heappush(heap, (c + w, u))
        dp[mask] = cost
        how[mask] = back
    root = terminals[0]
    routes: set[int] = set()
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        step = how[mask][v]
        if step[0] == "edge":
            routes.add(step[2])
            stack.append((mask, step[1]))
        elif step[0] == "split":
            stack.append((step[1], v))
            stack.append((mask ^ step[1], v))
    return dp[full][root], routes


def _steiner_exact(board, route_ids, cities: list[str]) -> tuple[int, set[int]]:
    g = board_graph(board)
    adj: list[list] = [[] for _ in g.names]
    for u, v, _w, rid in g.edges(_ids(board, route_ids)):
        w = board.route(rid).trains
        adj[u].append((w, v, rid))
        adj[v].append((w, u, rid))
    # a country is reached through one of its entry routes: try each choice
    options = [[t for t in _nodes(g, c) if adj[t]] or list(_nodes(g, c)) for c in cities]
    best: tuple[float, set[int]] = (float("inf"), set())
    for choice in itertools.product(*options):
        cost, routes = _dreyfus_wagner(adj, len(g.names), sorted(set(choice)))
        if (cost, sorted(routes)) < (best[0], sorted(best[1])):
            best = (cost, routes)
    if best[0] == float("inf"):
        raise IllegalAction("these cities cannot all be joined by the routes given")
    return int(best[0]), best[1]


def steiner_tree(board, cities: Sequence[str], exact: bool | None = None,
                 route_ids: Iterable[int] | None = None) -> SteinerTree:
    """The cheapest set of routes joining all ``cities`` (a Steiner tree), in trains.

    Over the whole board or ``route_ids``. For example: the cheapest network for a handful
    of tickets' cities.

    Parameters
    ----------
    board : Board
        The board.
    cities : sequence of str
        The cities to join (a repeated city counts once).
    exact : bool, optional
        True: exact (Dreyfus–Wagner dynamic programming, exponential in the number of
        cities); False: networkx's Mehlhorn approximation (at most twice the optimum).
        Default: exact for up to 7 cities.
    route_ids : iterable of int, optional
        The routes the tree may use (default: every route of the board).

    Returns
    -------
    SteinerTree
        ``routes`` (sorted by id), ``trains`` (their cost), whether the tree is ``exact``,
        and the ``method`` used.

    Raises
    ------
    IllegalAction
        A city that is not on the board, or cities the routes cannot all join.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> tree = steiner_tree(board, ["Seattle", "Denver", "Los Angeles"])
    >>> tree.trains, tree.exact, len(tree.routes)
    (15, True, 5)
    """
    cities = list(dict.fromkeys(cities))
    if len(cities) < 2:
        for c in cities:
            _nodes(board_graph(board), c)
        return SteinerTree(tuple(cities), (), 0, True, "trivial")
    if exact is None:
        exact = len(cities) <= 7
    if exact:
        cost, routes = _steiner_exact(board, route_ids, cities)
        return SteinerTree(tuple(cities), tuple(sorted(routes)), cost, True, "Dreyfus–Wagner")
    from networkx.algorithms.approximation import steiner_tree as nx_steiner

    g = board_graph(board)
    G = _nx_graph(board, route_ids)
    terminals = []
    for c in cities:
        ends = [t for t in _nodes(g, c) if t in G]
        if not ends:
            raise IllegalAction(f"{c} has no route in this network")
        terminals.append(ends[0])
    T = nx_steiner(G, terminals, weight="weight", method="mehlhorn")
    routes = sorted(G[u][v]["route"] for u, v in T.edges)
    return SteinerTree(tuple(cities), tuple(routes), sum(board.route(r).trains for r in routes),
                       False, "Mehlhorn 2-approximation (networkx)")


@dataclass(frozen=True)
class TicketSteiner:
    """The cheapest routes completing every ticket (a Steiner forest): the tickets grouped
    into ``groups`` joined by one tree each; ``routes`` all routes, ``trains`` the cost."""

    groups: tuple[tuple[str, ...], ...]
    trees: tuple[SteinerTree, ...]
    routes: tuple[int, ...]
    trains: int
    exact: bool
    note: str = field(default="")


def _partitions(items: list):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        yield [[first]] + part
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]


def ticket_steiner(board, tickets: Sequence, exact: bool | None = None) -> TicketSteiner:
    """The cheapest set of routes that completes all ``tickets``.

    Exact (``exact`` None: for up to 4 tickets): every way of grouping the tickets is
    tried, each group joined by an exact Steiner tree; the cheapest total wins (trees that
    would share routes are never better than their union, which is another grouping). For
    more tickets: one Steiner tree over all their cities (approximate, an upper bound).

    Parameters
    ----------
    board : Board
        The board.
    tickets : sequence of Ticket or (str, str)
        The tickets, as Ticket objects or ``(a, b)`` pairs of cities.
    exact : bool, optional
        True: every grouping tried, exactly; False: one tree over every city (an upper
        bound). Default: exact for up to 4 tickets.

    Returns
    -------
    TicketSteiner
        The ticket ``groups``, one Steiner tree per group (``trees``), all their ``routes``
        and their cost in ``trains``; ``exact`` and a ``note`` on the method.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> forest = ticket_steiner(board, [("Denver", "Chicago"), ("Omaha", "Pittsburgh")])
    >>> forest.trains, forest.routes, forest.exact
    (11, (18, 19, 34), True)
    """
    pairs = [(t.a, t.b) if hasattr(t, "a") else tuple(t) for t in tickets]
    labels = [f"{a}–{b}" for a, b in pairs]
    if exact is None:
        exact = len(pairs) <= 4
    if not pairs:
        return TicketSteiner((), (), (), 0, True)
    if not exact:
        cities = list(dict.fromkeys(c for p in pairs for c in p))
        tree = steiner_tree(board, cities, exact=len(cities) <= 7)
        return TicketSteiner((tuple(labels),), (tree,), tree.routes, tree.trains, False,
                             "one Steiner tree over every city of the tickets: an upper bound")
    cache: dict[tuple[str, ...], SteinerTree] = {}

    def tree_for(group):
        cities = tuple(sorted({c for k in group for c in pairs[k]}))
        if cities not in cache:
            cache[cities] = steiner_tree(board, list(cities), exact=True)
        return cache[cities]

    best = None
    for part in _partitions(list(range(len(pairs)))):
        part = sorted(sorted(g) for g in part)
        trees = [tree_for(g) for g in part]
        cost = sum(t.trains for t in trees)
        key = (cost, len(part), part)
        if best is None or key < best[0]:
            best = (key, part, trees)
    _key, part, trees = best
    routes = tuple(sorted({r for t in trees for r in t.routes}))
    return TicketSteiner(tuple(tuple(labels[k] for k in g) for g in part), tuple(trees), routes,
                         sum(board.route(r).trains for r in routes), True,
                         "every grouping of the tickets tried, each group an exact Steiner tree")


# -- train stations (Europe) ----------------------------------------------------------------
@dataclass(frozen=True)
class StationOption:
    """One way to use one built train station at the final score (EU-4), the player's other
    stations lending nothing: borrow the route ``route`` (an id; None = lend no route) of the
    player ``owner``.

    ``completes``: the player's tickets done with this route and not done without it;
    ``gain``: what the choice changes in the score against lending no route (each completed
    ticket counts twice, +points instead of −points; under the setting
    ``station_points='unused'`` a station lending no route scores 4, which is lost);
    ``text``: the option in words (also ``str(option)``).
    """

    city: str
    route: int | None
    owner: str | None
    completes: tuple
    gain: int
    text: str

    def __str__(self) -> str:
        return self.text


def station_options(sheet, player: int | str) -> list[StationOption]:
    """Every choice for each of ``player``'s built train stations (Europe, EU-4), one station
    at a time: lend no route, or borrow one route of another player into its city, and which
    of the player's tickets that one route completes (a ticket is done when its two cities are
    joined: :func:`ttr_nb.scoring_search.tickets_done`).

    ``sheet`` is a Scoresheet (``game.score()``), ``player`` a scorer's number or name. The
    stations come in the order built, each with "no route" first, then its routes by id. As
    the final score does, two tracks between the same two cities count once (they join the
    same places), and a route between two cities the player already joins with a track of
    their own is left out. The best use of all the stations together is
    :func:`ttr_nb.rules.stations.best_use`: two borrowed routes can complete a ticket that
    neither completes alone, so the best choice is not always each station's best alone.

    Parameters
    ----------
    sheet : Scoresheet
        A final score with train stations (``game.score()`` of a Europe game).
    player : int or str
        The scorer: its number in the sheet or its name.

    Returns
    -------
    list of StationOption
        For each built station in the order built: "no route", then each route it may borrow.

    Examples
    --------
    >>> from ttr_nb.exercises import l13
    >>> for option in station_options(l13.worked_example(), "Ana")[:2]:
    ...     print(option)
    Paris: no route
    Paris: borrow Frankfurt–Paris (3, orange) of Cal: completes no ticket on its own
    """
    from .rules.stations import NAME, UNUSED_POINTS, borrowable

    i = sheet.index(player) if isinstance(player, str) else int(player)
    board, scorers = sheet.board, sheet.scorers
    scorer = scorers[i]
    k = UNUSED_POINTS if sheet.settings.get("station_points") == "unused" else 0
    own = [c.route for c in scorer.claims]
    owners = {c.route: s.name for j, s in enumerate(scorers) if j != i for c in s.claims}
    tickets = [t if not isinstance(t, str) else board.ticket(t) for t in scorer.tickets]
    before = tickets_done(board, own, tickets)
    out = []
    for city in scorer.extra(NAME, ()) or ():
        out.append(StationOption(city, None, None, (), 0, f"{city}: no route" + (f", +{k}" if k else "")))
        for r in borrowable(board, city, own, owners):
            route = board.route(r)
            done = tuple(t for t, was, now in zip(tickets, before, tickets_done(board, own + [r], tickets))
                         if now and not was)
            gain = 2 * sum(t.points for t in done) - k
            words = (", ".join(f"{t.a}–{t.b} ({t.points})" for t in done) + f": {gain:+d} points"
                     if done else "no ticket on its own" + (f": {gain:+d} points" if k else ""))
            out.append(StationOption(city, r, owners[r], done, gain,
                                     f"{city}: borrow {route.label()} of {owners[r]}: completes {words}"))
    return out


from .whole_board import (  # noqa: E402,F401  (the whole board's analyses, re-exported)
    TJoinBound, WholeBoardTrail, count_trails, single_track_routes, t_join_bound, whole_board_trail)
