"""The board compiled for fast trail searches (integer nodes, a terminal per route into a
country), built once per board: :class:`BoardGraph`, :func:`board_graph`."""
from __future__ import annotations

from typing import Iterable

from ..board_index import PerBoard, board_index, by_route_id


class BoardGraph:
    """A board as integer nodes, built once per board.

    Each city is a node; each route into a country gets its own terminal node (H-8.5, made
    by :meth:`ttr_nb.board_index.BoardIndex.terminals`, where the country rule is written).
    ``names[node]`` is the city (or country) name shown to users; ``ends[route_id]`` is
    ``(u, v, length)``; ``nodes_of[name]`` lists the nodes of a city (a country: its
    terminals). For the search: ``edge[route_id]`` is ``(u, v, length, route_id)`` and
    ``at_u[route_id]``, ``at_v[route_id]`` are ``(v, route_id)`` and ``(u, route_id)``
    (made once, not at each call).
    """

    __slots__ = ("names", "ends", "nodes_of", "board_name", "edge", "at_u", "at_v", "__weakref__")

    def __init__(self, board):
        self.board_name = board.name
        # the country rule (H-8.2, H-8.5) is the board index's: a terminal per route into a
        # country. Cities are numbered in the board's order (whole_board and analysis break
        # some ties by node number).
        split = board_index(board).terminals([(r.a, r.b) for r in board.routes], board.cities)
        self.names: tuple[str, ...] = split.names
        self.ends = ends = {r.id: (u, v, r.length) for r, (u, v) in zip(board.routes, split.pairs)}
        self.edge = {r: (u, v, w, r) for r, (u, v, w) in ends.items()}
        self.at_u = {r: (v, r) for r, (u, v, w) in ends.items()}
        self.at_v = {r: (u, r) for r, (u, v, w) in ends.items()}
        self.nodes_of = split.nodes_of

    def edges(self, route_ids: Iterable[int]) -> list[tuple[int, int, int, int]]:
        """The edges of the distinct ``route_ids``, sorted by id.

        Parameters
        ----------
        route_ids : iterable of int
            Route ids of the board (duplicates are ignored).

        Returns
        -------
        list of (int, int, int, int)
            ``(u, v, length, route_id)`` per route: its two nodes and its length in cars.

        Raises
        ------
        IllegalAction
            A route id that is not on the board.

        Examples
        --------
        >>> import ttr_nb
        >>> board = ttr_nb.load_map("usa")
        >>> g = board_graph(board)
        >>> [(g.names[u], g.names[v], cars, r) for u, v, cars, r in g.edges(board.route_ids(["Denver–Omaha"]))]
        [('Denver', 'Omaha', 4, 34)]
        """
        return by_route_id(self.edge, route_ids, self.board_name)


_GRAPH = PerBoard(BoardGraph)


def board_graph(board) -> BoardGraph:
    """The compiled graph of ``board`` (built on first use, then reused).

    Parameters
    ----------
    board : Board
        The board.

    Returns
    -------
    BoardGraph
        The board as integer nodes; the same object at every call for the same board.

    Examples
    --------
    >>> import ttr_nb
    >>> g = board_graph(ttr_nb.load_map("heart_of_africa"))
    >>> g is board_graph(ttr_nb.load_map("heart_of_africa"))
    True
    >>> len(g.nodes_of["Sudan"])  # a country: a terminal per route into it (H-8.5)
    3
    """
    return _GRAPH(board)
