"""Pure graph algorithms on a Board and a set of routes (a player's or a team's network).

- :func:`longest_trail` — the longest continuous path (a trail: each route once, cities may
  repeat), in train cars (see :mod:`ttr_nb.trail`); :func:`longest_trail_length` its length
  only.
- :func:`connect`, :func:`ticket_done` — ticket completion as connectivity, with the path
  that completes it or the cities each end reaches.
- :func:`networks`, :func:`largest_network` — the connected pieces (Asian Explorer, LA-12).
- classroom analyses (re-exported from :mod:`ttr_nb.analysis`): longest simple path,
  cheapest train cost, ticket outliers, degrees, bridges, planarity, Steiner trees, the
  whole-board longest trail.

Countries (The Heart of Africa, H-8.2/H-8.5) are end points: a path may end at a country but
never pass through it, and two routes into the same country are not joined to each other.
:func:`connect`, :func:`ticket_done` and :func:`networks` run the one path search
(:class:`ttr_nb.paths.PathSearch`) over the board's index, where that rule is written.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.graph import connect
>>> board = ttr_nb.load_map("usa")
>>> ids = [board.find_route("Denver", "Omaha").id, board.find_route("Omaha", "Chicago").id]
>>> c = connect(board, ids, "Denver", "Chicago")
>>> c.connected, c.cities
(True, ('Denver', 'Omaha', 'Chicago'))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from .board_index import board_index
from .paths import PathSearch
from .scoring_search import pieces_of
from .trail import Trail, board_graph, longest_trail, longest_trail_length

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board, Ticket

__all__ = [
    "Trail", "longest_trail", "longest_trail_length", "Connection", "connect", "connections", "ticket_done", "Network", "networks",
    "largest_network", "board_graph",
    # analysis (re-exported)
    "longest_simple_path", "cheapest_cost", "TicketValue", "ticket_values", "ticket_outliers",
    "degrees", "odd_degree_cities", "bridges", "articulation_points", "is_planar",
    "SteinerTree", "steiner_tree", "TicketSteiner", "ticket_steiner", "WholeBoardTrail",
    "whole_board_trail", "single_track_routes", "count_trails", "TJoinBound", "t_join_bound",
]


@dataclass(frozen=True)
class Connection:
    """Whether ``a`` and ``b`` are joined in a network.

    ``routes``/``cities``: one path joining them (fewest train cars, then fewest routes,
    then the smallest route ids), empty when they are not joined. ``reached_from_a`` /
    ``reached_from_b``: every city (or country) each end reaches, itself included — the gap
    between the two sets is what is missing.
    """

    a: str
    b: str
    connected: bool
    routes: tuple[int, ...]
    cities: tuple[str, ...]
    reached_from_a: frozenset[str]
    reached_from_b: frozenset[str]

    @property
    def length(self) -> int:
        """Number of routes on the path (0 when not joined)."""
        return len(self.routes)

    def describe(self) -> str:
        if self.connected:
            return f"{self.a}–{self.b}: joined by " + " → ".join(self.cities)
        return (f"{self.a}–{self.b}: not joined; {self.a} reaches {', '.join(sorted(self.reached_from_a))}; "
                f"{self.b} reaches {', '.join(sorted(self.reached_from_b))}")


@dataclass(frozen=True)
class Network:
    """A connected piece of a network: its distinct cities (countries included by name) and
    its routes."""

    cities: frozenset[str]
    routes: frozenset[int]

    def __len__(self) -> int:
        return len(self.cities)


EMPTY_NETWORK = Network(frozenset(), frozenset())


def connect(board, route_ids: Iterable[int], a: str, b: str) -> Connection:
    """Is ``a`` joined to ``b`` by the routes ``route_ids``? With the path, or the gap.

    A country end (H-8.3) is joined if any route into that country connects to the other
    end; no path passes through a country (H-8.2).

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network: the routes a player (or a team) owns.
    a, b : str
        The two cities (or countries) of a ticket.

    Returns
    -------
    Connection
        ``connected``; when joined, one path (``routes``, ``cities``: fewest train cars,
        then fewest routes, then the smallest route ids); always every city each end
        reaches (``reached_from_a``, ``reached_from_b``).

    Raises
    ------
    IllegalAction
        A city or a route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> c = connect(board, [board.find_route("Denver", "Omaha").id], "Denver", "Chicago")
    >>> c.connected, sorted(c.reached_from_a), sorted(c.reached_from_b)
    (False, ['Denver', 'Omaha'], ['Chicago'])
    >>> connect(board, board.route_ids(["Denver–Omaha", "Omaha–Chicago"]), "Denver", "Chicago").cities
    ('Denver', 'Omaha', 'Chicago')
    """
    ix = board_index(board)
    src, dst = ix.node(a), ix.node(b)
    cars = ix.costs(ix.length, route_ids)
    if a == b:
        return Connection(a, b, True, (), (a,), frozenset([a]), frozenset([a]))
    names = ix.names
    reach_a = frozenset([names[x] for x in PathSearch(ix, cars, [src]).reached()])
    reach_b = frozenset([names[x] for x in PathSearch(ix, cars, [dst]).reached()])
    if b not in reach_a:
        return Connection(a, b, False, (), (), reach_a, reach_b)
    search = PathSearch(ix, cars, [src], by_routes=True)
    rids, nodes = search.path(search.first((dst,)))
    return Connection(a, b, True, tuple(rids), tuple(names[x] for x in nodes), reach_a, reach_b)


def connections(board: Board, route_ids: Iterable[int], tickets: Sequence[Ticket]) -> tuple:
    """One :class:`~ttr_nb.graph.Connection` per ticket, equal to
    ``connect(board, route_ids, t.a, t.b)`` for each, computed together: the network's
    pieces once, the path only for the tickets that are done.

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network: the routes a player (or a team) owns.
    tickets : sequence of Ticket
        The tickets to check.

    Returns
    -------
    tuple of Connection
        One per ticket, in order.

    Raises
    ------
    IllegalAction
        A city or a route id that is not on the board (as :func:`connect`).

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"])
    >>> [(c.connected, c.cities) for c in connections(board, ids, [board.ticket("O08"), board.ticket("O01")])]
    [(True, ('Denver', 'Omaha', 'Chicago', 'Pittsburgh')), (False, ())]
    """
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
    piece = pieces_of(route_ends)
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

    ix = board_index(board)
    cars: list | None = None  # each route's spaces if in the network, else None
    searches: dict[str, PathSearch] = {}  # by first end: one search, resumed
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
        if cars is None:
            cars = ix.costs(ix.length, route_ids)
        search = searches.get(a)
        if search is None:
            search = searches[a] = PathSearch(ix, cars, [ix.index[a]], by_routes=True)
        rids, path = search.path(search.first((ix.index[b],)))
        out.append(Connection(a, b, True, tuple(rids), tuple(ix.names[x] for x in path),
                              reach_a, reach_b))
    return tuple(out)


def ticket_done(board, route_ids: Iterable[int], ticket) -> bool:
    """True if the ticket's two ends are joined by ``route_ids`` (H-8.3 for countries).

    No path is kept (see :func:`connect` for the path).

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network: the routes a player (or a team) owns.
    ticket : Ticket or (str, str)
        A :class:`~ttr_nb.board.Ticket` or an ``(a, b)`` pair of cities.

    Returns
    -------
    bool
        True if the ticket is completed by the network.

    Raises
    ------
    IllegalAction
        A city or a route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"])
    >>> ticket_done(board, ids, ("Denver", "Pittsburgh")), ticket_done(board, ids, ("Denver", "Miami"))
    (True, False)
    """
    a, b = (ticket.a, ticket.b) if hasattr(ticket, "a") else ticket
    ix = board_index(board)
    src, dst = ix.node(a), ix.node(b)
    if a == b:
        return True
    cars = ix.costs(ix.length, route_ids)
    return PathSearch(ix, cars, [src]).first((dst,)) is not None


def networks(board, route_ids: Iterable[int]) -> list[Network]:
    """The connected pieces of a network, biggest first (most distinct cities, then most
    routes, then the smallest route id).

    A country is not a joint: two routes into the same country stay in different pieces
    unless joined elsewhere (H-8.2).

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network: the routes a player (or a team) owns.

    Returns
    -------
    list of Network
        Each piece's ``cities`` and ``routes``; empty if there are no routes.

    Raises
    ------
    IllegalAction
        A route id that is not on the board.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Seattle–Portland"])
    >>> [sorted(n.cities) for n in networks(board, ids)]
    [['Chicago', 'Denver', 'Omaha'], ['Portland', 'Seattle']]
    """
    ix = board_index(board)
    cars = ix.costs(ix.length, route_ids)
    names, rid, country, at = ix.names, ix.rid, ix.country, ix.at
    placed: set[int] = set()  # route positions already in a piece
    out = []
    for i in ix.positions(route_ids):
        if i in placed:
            continue
        # a piece: every city reached from a city end of route i, and the routes at them
        # (a route between two countries, which no shipped board has, is a piece alone)
        start = ix.ra[i] if not country[ix.ra[i]] else ix.rb[i]
        if country[start]:
            piece, mine = {ix.ra[i], ix.rb[i]}, {i}
        else:
            piece = PathSearch(ix, cars, [start]).reached()
            mine = {j for c in piece if not country[c] for _nb, j in at[c] if cars[j] is not None}
        placed |= mine
        out.append(Network(frozenset(names[c] for c in piece), frozenset(rid[j] for j in mine)))
    out.sort(key=lambda n: (-len(n.cities), -len(n.routes), min(n.routes)))
    return out


def largest_network(board, route_ids: Iterable[int]) -> Network:
    """The piece with the most distinct cities (Asian Explorer, LA-12); ties go to the piece
    with more routes, then the smaller route id.

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network: the routes a player (or a team) owns.

    Returns
    -------
    Network
        The first piece of :func:`networks`; an empty Network if there are no routes.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Seattle–Portland"])
    >>> len(largest_network(board, ids)), len(largest_network(board, []))
    (3, 0)
    """
    pieces = networks(board, route_ids)
    return pieces[0] if pieces else EMPTY_NETWORK


from .analysis import (  # noqa: E402  (the classroom analyses, re-exported)
    SteinerTree,
    TicketSteiner,
    TicketValue,
    TJoinBound,
    WholeBoardTrail,
    articulation_points,
    bridges,
    cheapest_cost,
    count_trails,
    degrees,
    is_planar,
    longest_simple_path,
    odd_degree_cities,
    single_track_routes,
    steiner_tree,
    t_join_bound,
    ticket_outliers,
    ticket_steiner,
    ticket_values,
    whole_board_trail,
)
