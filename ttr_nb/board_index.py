"""A board as numbers, built once per board and shared: :class:`BoardIndex`, :func:`board_index`.

Cities are numbered in name order (so comparing two numbers compares the names); each route
keeps its place in ``board.routes``. The index gives each route's two cities, spaces, trains
(spaces plus mountain X, LA-10) and colour, and each city's routes. The one cheapest-path
search (:class:`ttr_nb.paths.PathSearch`) runs over it.

The country rule of The Heart of Africa is written here and nowhere else: a country is a
dead end (H-8.2). A path may end at a country but never goes on from it, so two routes into
the same country are not joined; only a path that starts at a country (a ticket's end, H-8.3)
leaves it, by any of its routes. ``onward[city]`` lists the routes a path may go on along
after reaching the city: none at a country.

Searches that number the ends of routes instead (the trails, the optimiser) split each
country into terminals, one per route (or per pair of parallel tracks) into it (H-8.5), so
that no walk can pass through it: :meth:`BoardIndex.terminals` makes that split
(:class:`Terminals`).

Example
-------
>>> import ttr_nb
>>> ix = board_index(ttr_nb.load_map("heart_of_africa"))
>>> sudan = ix.node("Sudan")
>>> ix.country[sudan], len(ix.at[sudan]) > 0, ix.onward[sudan]
(True, True, ())
"""
from __future__ import annotations

import weakref
from typing import Any, Callable, Iterable, Mapping, TypeVar

from .errors import IllegalAction

_V = TypeVar("_V")

__all__ = ["BoardIndex", "Terminals", "board_index", "dead_ends"]


def by_route_id(table: Mapping[int, _V], route_ids: Iterable[int], board_name: str) -> list[_V]:
    """``table[r]`` for each distinct id of ``route_ids``, by id.

    Parameters
    ----------
    table : mapping of int to value
        Something per route id (e.g. ``BoardIndex.pos``).
    route_ids : iterable of int
        The route ids to look up (duplicates are ignored).
    board_name : str
        The board's name, for the error message.

    Returns
    -------
    list
        The values, in route id order.

    Raises
    ------
    IllegalAction
        An id that is not in ``table`` (not on the board called ``board_name``).

    Examples
    --------
    >>> by_route_id({34: "Denver–Omaha", 18: "Omaha–Chicago"}, [34, 18, 34], "usa")
    ['Omaha–Chicago', 'Denver–Omaha']
    """
    ids = sorted(set(route_ids))
    try:
        return [table[r] for r in ids]
    except (KeyError, TypeError):
        bad = next(r for r in ids if r not in table)
        raise IllegalAction(f"route {bad!r} is not on the board {board_name}") from None


def dead_ends(board, names: Iterable[str]) -> tuple[bool, ...]:
    """For each of ``names``, whether it is a dead end: a country, where a path may end but
    never goes on from (H-8.2). ``BoardIndex.country`` is this for its cities.

    Parameters
    ----------
    board : Board
        The board (only its ``cities`` are read: ``City.is_country``).
    names : iterable of str
        City names (a name that is not a city of the board is no dead end).

    Returns
    -------
    tuple of bool
        True for a country.

    Examples
    --------
    >>> import ttr_nb
    >>> dead_ends(ttr_nb.load_map("heart_of_africa"), ["Sudan", "Cairo"])
    (True, False)
    """
    cities = board.cities
    return tuple(bool(cities[n].is_country) if n in cities else False for n in names)


class Terminals:
    """A board's nodes when each route into a country ends at a terminal of its own (H-8.5):
    made by :meth:`BoardIndex.terminals`.

    ``names[node]`` is the city (or country) shown to users; ``pairs[k]`` is the node pair of
    the k-th route ends given (``(a, b)`` in that order); ``nodes_of[name]`` lists the nodes
    of each city given: one for a city, the terminals (maybe none) of a country.
    """

    __slots__ = ("names", "pairs", "nodes_of")

    def __init__(self, names: tuple[str, ...], pairs: tuple[tuple[int, int], ...],
                 nodes_of: dict[str, tuple[int, ...]]):
        self.names = names
        self.pairs = pairs
        self.nodes_of = nodes_of


class BoardIndex:
    """A board as numbers (see the module docstring).

    By city number: ``names`` (sorted), ``country`` (True for a country), ``at`` (the
    ``(other city, route position)`` of each route there, in route order) and ``onward``
    (``at``, but nothing at a country: H-8.2). By route position (the order of
    ``board.routes``): ``rid``, ``ra`` and ``rb`` (its two cities), ``length`` (spaces),
    ``trains``, ``color``. ``index`` maps a name to its number, ``pos`` a route id to its
    position, ``labels`` a route id to ``Route.label()``.
    """

    __slots__ = ("board_name", "names", "index", "country", "rid", "pos", "ra", "rb", "length",
                 "trains", "color", "labels", "at", "onward", "__weakref__")

    def __init__(self, board):
        self.board_name: str = board.name
        names = sorted(set(board.cities) | {c for r in board.routes for c in (r.a, r.b)})
        self.names: tuple[str, ...] = tuple(names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.country: tuple[bool, ...] = dead_ends(board, names)
        routes = board.routes
        self.rid: tuple[int, ...] = tuple(r.id for r in routes)
        self.pos: dict[int, int] = {r.id: i for i, r in enumerate(routes)}
        self.ra: tuple[int, ...] = tuple(self.index[r.a] for r in routes)
        self.rb: tuple[int, ...] = tuple(self.index[r.b] for r in routes)
        self.length: tuple[int, ...] = tuple(r.length for r in routes)
        self.trains: tuple[int, ...] = tuple(r.trains for r in routes)
        self.color: tuple[str, ...] = tuple(r.color for r in routes)
        self.labels: dict[int, str] = {r.id: r.label() for r in routes}
        at: list[list[tuple[int, int]]] = [[] for _ in names]
        for i, (a, b) in enumerate(zip(self.ra, self.rb)):
            at[a].append((b, i))
            at[b].append((a, i))
        self.at: tuple[tuple[tuple[int, int], ...], ...] = tuple(map(tuple, at))
        # H-8.2: a country is a dead end; no path goes on from it
        self.onward: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            () if dead_end else here for dead_end, here in zip(self.country, self.at))

    def node(self, city: str) -> int:
        """The number of ``city``.

        Parameters
        ----------
        city : str
            A city (or country) name of the board.

        Returns
        -------
        int
            Its number (cities are numbered in name order).

        Raises
        ------
        IllegalAction
            A name that is not a city of the board.

        Examples
        --------
        >>> import ttr_nb
        >>> ix = board_index(ttr_nb.load_map("usa"))
        >>> ix.names[ix.node("Denver")]
        'Denver'
        """
        try:
            return self.index[city]
        except (KeyError, TypeError):
            raise IllegalAction(f"{city!r} is not a city of the board {self.board_name}") from None

    def terminals(self, ends: Iterable[tuple[str, str]], cities: Iterable[str] | None = None) -> Terminals:
        """The nodes when each of ``ends`` gets a terminal of its own at a country (H-8.5).

        A country is a dead end (H-8.2): a node numbering in which every route into a
        country ends at its own terminal lets no walk pass through it, while a walk may
        start or end at any terminal (a ticket to a country is done at any of them, H-8.3).

        Parameters
        ----------
        ends : iterable of (str, str)
            The two cities of each route (or of each pair of parallel tracks that share one
            terminal), in the order their terminals are numbered.
        cities : iterable of str, optional
            The cities, in the order they are numbered (default: ``names``, name order);
            the countries among them get no node of their own.

        Returns
        -------
        Terminals
            The cities that are not countries first (nodes 0, 1, ... in the order of
            ``cities``), then a terminal per end at a country, in the order of ``ends``.

        Examples
        --------
        >>> import ttr_nb
        >>> board = ttr_nb.load_map("heart_of_africa")
        >>> t = board_index(board).terminals([(r.a, r.b) for r in board.routes])
        >>> len(t.nodes_of["Sudan"]), len(set(t.names)) == len(board.cities)
        (3, True)
        """
        index, country = self.index, self.country
        names: list[str] = []
        nodes_of: dict[str, list[int]] = {}
        for c in self.names if cities is None else cities:
            nodes_of[c] = []
            if not country[index[c]]:
                nodes_of[c].append(len(names))
                names.append(c)
        pairs: list[tuple[int, int]] = []
        for a, b in ends:
            uv = []
            for c in (a, b):
                if country[index[c]]:  # H-8.5: a terminal of its own
                    nodes_of.setdefault(c, []).append(len(names))
                    uv.append(len(names))
                    names.append(c)
                else:
                    uv.append(nodes_of[c][0])
            pairs.append((uv[0], uv[1]))
        return Terminals(tuple(names), tuple(pairs), {k: tuple(v) for k, v in nodes_of.items()})

    def positions(self, route_ids: Iterable[int]) -> list[int]:
        """The positions (in ``board.routes``) of the distinct ``route_ids``, by id.

        Parameters
        ----------
        route_ids : iterable of int
            Route ids of the board (duplicates are ignored).

        Returns
        -------
        list of int
            Their positions, in route id order.

        Raises
        ------
        IllegalAction
            A route id that is not on the board.

        Examples
        --------
        >>> import ttr_nb
        >>> board = ttr_nb.load_map("usa")
        >>> ix = board_index(board)
        >>> [ix.rid[i] for i in ix.positions(board.route_ids(["Denver–Omaha", "Omaha–Chicago"]))]
        [18, 34]
        """
        return by_route_id(self.pos, route_ids, self.board_name)

    def costs(self, weight: tuple[int, ...], route_ids: Iterable[int] | None = None) -> list[int | None]:
        """A cost per route position for :class:`~ttr_nb.paths.PathSearch`.

        Parameters
        ----------
        weight : tuple of int
            A number per route position, e.g. ``self.length`` (spaces) or ``self.trains``.
        route_ids : iterable of int, optional
            The routes the search may use (default: every route).

        Returns
        -------
        list of int or None
            ``weight`` at the positions of ``route_ids``, None (not usable) at the others.

        Raises
        ------
        IllegalAction
            A route id that is not on the board.

        Examples
        --------
        >>> import ttr_nb
        >>> board = ttr_nb.load_map("usa")
        >>> ix = board_index(board)
        >>> cost = ix.costs(ix.length, board.route_ids(["Denver–Omaha"]))
        >>> cost[ix.pos[34]], sum(c is not None for c in cost)
        (4, 1)
        """
        if route_ids is None:
            return list(weight)
        out: list[int | None] = [None] * len(weight)
        for i in self.positions(route_ids):
            out[i] = weight[i]
        return out


class PerBoard:
    """``build(board)``, built on first use for each board and kept while the board lives
    (weakly); the last board asked for is answered without a look-up. Call it with a board."""

    def __init__(self, build: Callable[[Any], _V]):
        self._build = build
        self._memo: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
        self._last: tuple = (lambda: None, None)  # the last board (a weak reference), what it built

    def __call__(self, board: Any) -> Any:
        ref, got = self._last  # one read: the pair stays consistent
        if ref() is board:
            return got
        try:
            got = self._memo[board]
        except KeyError:
            got = self._memo[board] = self._build(board)
        self._last = (weakref.ref(board), got)
        return got


_INDEX = PerBoard(BoardIndex)


def board_index(board) -> BoardIndex:
    """The index of ``board`` (built on first use, then reused).

    Parameters
    ----------
    board : Board
        The board.

    Returns
    -------
    BoardIndex
        The board as numbers; the same object at every call for the same board.

    Examples
    --------
    >>> import ttr_nb
    >>> ix = board_index(ttr_nb.load_map("usa"))
    >>> ix is board_index(ttr_nb.load_map("usa")), len(ix.names), len(ix.rid)
    (True, 36, 100)
    """
    return _INDEX(board)
