"""The Scoresheet's ticket searches: is each ticket done, and, when it is not, the cheapest
gap between its two ends. Both run over the board's index (:mod:`ttr_nb.board_index`) with
the one path search (:class:`ttr_nb.paths.PathSearch`), and give exactly what the plain
searches give, ties included:

- :func:`tickets_done` says which tickets a network completes (its pieces, :func:`pieces_of`,
  found once; a country joins only the pieces of its own routes, H-8.2);
  :func:`ttr_nb.graph.connections` adds each done ticket's path;
- :class:`GapSearch` finds the gap of a ticket that is not done: a search by trains over
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
>>> tickets_done(board, ids, [board.tickets[0]])
(False,)
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from .board import Board, Ticket
from .board_index import board_index
from .paths import PathSearch
from .trail import board_graph

__all__ = ["tickets_done", "pieces_of", "GapSearch"]


# -- ticket completion ----------------------------------------------------------------
def tickets_done(board: Board, route_ids: Iterable[int], tickets: Sequence[Ticket],
                 pieces: Mapping[int, Any] | None = None) -> tuple[bool, ...]:
    """For each ticket, whether ``route_ids`` join its ends: ``connections(...)[i].connected``
    without the paths and the reached cities (what a simulation needs).

    The ids must be routes of the board and the tickets' ends its cities (a Scoresheet
    checks them first).

    Parameters
    ----------
    board : Board
        The board.
    route_ids : iterable of int
        The network: the routes a player (or a team) owns.
    tickets : sequence of Ticket
        The tickets to check.
    pieces : mapping, optional
        The network's pieces if known: node -> one object per piece, shared by its nodes
        (e.g. from :func:`ttr_nb.trail.longest.trail_length_and_pieces`).

    Returns
    -------
    tuple of bool
        One per ticket, in order: True if it is completed.

    Examples
    --------
    >>> import ttr_nb
    >>> board = ttr_nb.load_map("usa")
    >>> ids = board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"])
    >>> tickets_done(board, ids, [board.ticket("O08"), board.ticket("O01")])
    (True, False)
    """
    g = board_graph(board)
    ends, nodes_of = g.ends, g.nodes_of
    get = (pieces if pieces is not None else pieces_of([ends[rid] for rid in route_ids])).get
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


def pieces_of(route_ends: Iterable[tuple[int, int, int]]) -> dict[int, set[int]]:
    """The connected pieces of a network, from its routes' ends.

    Parameters
    ----------
    route_ends : iterable of (int, int, int)
        Each route's two nodes and its spaces, as ``board_graph(board).ends`` gives them.

    Returns
    -------
    dict of int to set of int
        Each node of the network -> the set of the nodes of its piece (one set object per
        piece, shared by its nodes: two nodes are joined when their sets are the same object).

    Examples
    --------
    >>> pieces = pieces_of([(0, 1, 3), (1, 2, 2), (5, 6, 1)])
    >>> pieces[0] is pieces[2], pieces[0] is pieces[5], sorted(pieces[6])
    (True, False, [5, 6])
    """
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


# -- the gap of a ticket that is not done -----------------------------------------------
class GapSearch:
    """The gap searches of one scorer: a :class:`~ttr_nb.paths.PathSearch` by trains, ties by
    cities, shared by the tickets whose first ends reach the same cities.

    Parameters
    ----------
    board : Board
        The board.
    own : iterable of int
        The scorer's routes: they cost nothing.
    taken : iterable of int
        Routes held by others, or closed: they cannot be used.
    """

    def __init__(self, board: Board, own: Iterable[int], taken: Iterable[int]):
        self.index = ix = board_index(board)
        self.labels = ix.labels
        self.own = own = set(own)
        pos = ix.pos
        cost: list[int | None] = list(ix.trains)
        for rid in own:
            if rid in pos:
                cost[pos[rid]] = 0
        for rid in taken:
            if rid in pos:
                cost[pos[rid]] = None
        self.cost = cost
        self._searches: dict[Any, PathSearch] = {}  # by what the start cities depend on
        self._goals: dict[Any, frozenset[int]] = {}

    def gap(self, ticket: Ticket, from_a: Iterable[str],
            from_b: Iterable[str]) -> tuple[list[int], int | None]:
        """The cheapest still-open routes that would join the ticket's ends.

        The search starts at the first end and every city (not country) it reaches, and stops
        at the first city the other end reaches.

        Parameters
        ----------
        ticket : Ticket
            A ticket that is not done.
        from_a, from_b : iterable of str
            Every city each end of the ticket reaches in the scorer's network (itself
            included), e.g. ``Connection.reached_from_a`` and ``reached_from_b``.

        Returns
        -------
        routes : list of int
            The route ids still to claim, in path order (the scorer's own routes left out).
        trains : int or None
            Their cost in trains; ``([], None)`` if no open routes can join the ends.

        Examples
        --------
        >>> import ttr_nb
        >>> from ttr_nb.graph import connect
        >>> board = ttr_nb.load_map("usa")
        >>> own = board.route_ids(["Denver–Omaha", "Omaha–Chicago", "Chicago–Pittsburgh"])
        >>> taken = [r.id for r in board.routes_between("Pittsburgh", "New York")]
        >>> ticket = board.ticket("O06")  # Dallas–New York
        >>> c = connect(board, own, ticket.a, ticket.b)
        >>> routes, trains = GapSearch(board, own, taken).gap(ticket, c.reached_from_a, c.reached_from_b)
        >>> [board.route(r).label() for r in routes], trains
        (['Dallas–Oklahoma City (2, gray)', 'Kansas City–Oklahoma City (2, gray)', 'Kansas City–Omaha (1, gray)', 'Pittsburgh–Washington (2, gray)', 'New York–Washington (2, orange)'], 9)
        """
        index, country = self.index.index, self.index.country
        from_a, from_b = frozenset(from_a), frozenset(from_b)  # no copy if already frozen
        a = index[ticket.a]
        key = (from_a, a) if country[a] else from_a  # what the start cities depend on
        search = self._searches.get(key)
        if search is None:
            starts = [i for i in map(index.__getitem__, from_a) if not country[i]] + [a]
            search = self._searches[key] = PathSearch(self.index, self.cost, starts)
        b = index[ticket.b]
        key = (from_b, b) if country[b] else from_b
        goals = self._goals.get(key)
        if goals is None:
            goals = self._goals[key] = frozenset(
                [i for i in map(index.__getitem__, from_b) if not country[i]] + [b])
        goal = search.first(goals)
        if goal is None:
            return [], None
        own = self.own
        return [r for r in search.path(goal)[0] if r not in own], search.dist[goal]
