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
from typing import Iterable

from .errors import IllegalAction
from .paths import adjacency, cheapest_path
from .trail import BoardGraph, Trail, board_graph, longest_trail, longest_trail_length

__all__ = [
    "Trail", "longest_trail", "longest_trail_length", "Connection", "connect", "ticket_done", "Network", "networks",
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


def _end_nodes(g: BoardGraph, city: str) -> tuple[int, ...]:
    try:
        return g.nodes_of[city]
    except (KeyError, TypeError):
        raise IllegalAction(f"{city!r} is not a city of the board {g.board_name}") from None


_adjacency = adjacency


def _reach(adj, sources) -> set[int]:
    seen = {s for s in sources if s in adj}
    stack = list(seen)
    while stack:
        for nb, _i in adj[stack.pop()]:
            if nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen


def connect(board, route_ids: Iterable[int], a: str, b: str) -> Connection:
    """Is ``a`` joined to ``b`` by the routes ``route_ids``? With the path, or the gap.

    A country end (H-8.3) is joined if any route into that country connects to the other
    end; no path passes through a country (H-8.2).

    Example
    -------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> c = connect(board, [board.find_route("Denver", "Omaha").id], "Denver", "Chicago")
    >>> c.connected, sorted(c.reached_from_a), sorted(c.reached_from_b)
    (False, ['Denver', 'Omaha'], ['Chicago'])
    """
    g = board_graph(board)
    src, dst = _end_nodes(g, a), _end_nodes(g, b)
    edges = g.edges(route_ids)
    adj = _adjacency(edges)
    names = g.names
    if a == b:
        return Connection(a, b, True, (), (a,), frozenset([a]), frozenset([a]))
    found = cheapest_path(edges, adj, src, set(dst))
    if found is not None:
        (_cars, _n, rids), nodes = found
        return Connection(a, b, True, rids, tuple(names[x] for x in nodes),
                          frozenset(names[x] for x in _reach(adj, src)) | {a},
                          frozenset(names[x] for x in _reach(adj, dst)) | {b})
    return Connection(a, b, False, (), (),
                      frozenset(names[x] for x in _reach(adj, src)) | {a},
                      frozenset(names[x] for x in _reach(adj, dst)) | {b})


def ticket_done(board, route_ids: Iterable[int], ticket) -> bool:
    """True if the ticket's two ends are joined by ``route_ids`` (H-8.3 for countries).

    ``ticket`` is a :class:`~ttr_nb.board.Ticket` or an ``(a, b)`` pair. This is the fast
    path for scoring many games: no path is built.
    """
    a, b = (ticket.a, ticket.b) if hasattr(ticket, "a") else ticket
    g = board_graph(board)
    src, dst = _end_nodes(g, a), _end_nodes(g, b)
    if a == b:
        return True
    adj = _adjacency(g.edges(route_ids))
    targets = set(dst)
    seen = {s for s in src if s in adj}
    stack = list(seen)
    while stack:
        for nb, _i in adj[stack.pop()]:
            if nb not in seen:
                if nb in targets:
                    return True
                seen.add(nb)
                stack.append(nb)
    return False


def networks(board, route_ids: Iterable[int]) -> list[Network]:
    """The connected pieces of a network, biggest first (most distinct cities, then most
    routes, then the smallest route id). A country is not a joint: two routes into the same
    country stay in different pieces unless joined elsewhere."""
    g = board_graph(board)
    edges = g.edges(route_ids)
    adj = _adjacency(edges)
    names = g.names
    seen: set[int] = set()
    out = []
    for s in adj:
        if s in seen:
            continue
        piece = _reach(adj, [s])
        seen |= piece
        rids = frozenset(edges[i][3] for v in piece for _nb, i in adj[v])
        out.append(Network(frozenset(names[v] for v in piece), rids))
    out.sort(key=lambda n: (-len(n.cities), -len(n.routes), min(n.routes)))
    return out


def largest_network(board, route_ids: Iterable[int]) -> Network:
    """The piece with the most distinct cities (Asian Explorer, LA-12); ties go to the piece
    with more routes, then the smaller route id. An empty Network if there are no routes."""
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
