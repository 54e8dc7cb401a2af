"""The text alternative of a board picture, written from the data the picture is drawn from.

:func:`describe_picture` takes :func:`ttr_nb.draw.draw_board`'s keywords and says in words what
the picture shows, for a screen reader and for anyone who cannot tell its colours apart: the
board, the routes each player has claimed (a count and their train cars; the routes named when a
player has few), the highlighted path, the gap, each longest trail in order (the numbers drawn
on its steps) with its length in train cars, the selected and closed tracks, the ringed
cities, the train stations and the routes they borrow (Europe). Data only: no matplotlib.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.draw.alt import describe_picture
>>> usa = ttr_nb.load_map("usa")
>>> print(describe_picture(usa, highlight=usa.route_ids(["Denver–Omaha"])))  # doctest: +ELLIPSIS
Board: Ticket to Ride - USA...
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .geometry import short_title
from .position import prepare_overlay
from .style import PATH_COLOR

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Route

NAMED_CLAIMS = 6
"""A player's claimed routes are named one by one when they have at most this many."""


def route_words(route: Route) -> str:
    """A route as the text says it: its label, with its Terrain type on The Heart of Africa
    (``'Tchad–Nairobi (3, red, desert)'``)."""
    label = route.label()
    terrain = getattr(route, "terrain", None)
    if terrain:
        label = f"{label[:-1]}, {terrain})"
    return label


def walk(board: Board, ids: Sequence[int]) -> list[str] | None:
    """The cities met along ``ids`` taken in this order (each route from where the last one
    ended), or None when the routes are not a walk in this order. A country (The Heart of
    Africa) ends a walk: no path passes through one, so routes meeting there are no walk."""
    if not ids:
        return None
    routes = [board.route(i) for i in ids]
    for start in (routes[0].a, routes[0].b):
        here, cities = start, [start]
        for k, r in enumerate(routes):
            if here not in (r.a, r.b) or (k and board.cities[here].is_country):
                break
            here = r.other(here)
            cities.append(here)
        else:
            return cities
    return None


def _cars(board: Board, ids: Iterable[int]) -> int:
    return sum(board.route(i).length for i in ids)


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _routes_text(board: Board, ids: Sequence[int], numbered: bool = False) -> str:
    """Routes in order: the walk's cities joined by arrows (``numbered``: one numbered step per
    route, as the picture numbers a trail), else the routes' labels."""
    cities = walk(board, ids)
    if cities is None:
        return "; ".join(route_words(board.route(i)) for i in ids)
    twice = sorted({c for c in cities if cities.count(c) > 1})
    rep = "".join(f"; it passes {c} {_times(cities.count(c))}" for c in twice)
    if numbered:
        steps = ", ".join(f"{k}. {a} → {b} ({board.route(i).length})"
                          for k, (i, a, b) in enumerate(zip(ids, cities, cities[1:]), 1))
        return steps + rep
    return " → ".join(cities) + rep


def _times(k: int) -> str:
    return {2: "twice", 3: "three times"}.get(k, f"{k} times")


def describe_picture(board: Board, *, claims: Mapping[int, int] | None = None,
                     player_colors: Sequence[str] | None = None, player_names: Sequence[str] | None = None,
                     marks: Sequence[str | None] | None = None, highlight: Iterable[int] = (),
                     highlight_color: str = PATH_COLOR, highlight_cities: Iterable[str] = (),
                     gap: Iterable[int] = (), trails: Mapping[int, Iterable[int]] | None = None,
                     selected: Iterable[int] = (), closed: Iterable[int] = (), title: str | None = None,
                     dim_unclaimed: bool = False, highlight_label: str | None = None,
                     stations: Mapping[str, int] | None = None, borrowed: Mapping[str, int] | None = None,
                     **_drawing: Any) -> str:
    """What the picture :func:`ttr_nb.draw.draw_board` draws with these keywords shows, in words.

    Keywords that only change how it looks (``figsize``, ``labels``, ``legend``, ``dpi`` ...)
    are accepted and ignored. ValueError on an unknown route, city or player, as draw_board.
    """
    over, names, n_players = prepare_overlay(board, claims, player_colors, player_names, marks, highlight,
                                             highlight_color, highlight_cities, gap, trails, selected, closed,
                                             stations=stations, borrowed=borrowed)
    names = list(names) + [f"Player {i + 1}" for i in range(len(names), max(over.trails, default=-1) + 1)]
    out: list[str] = []
    shown = title if title is not None else short_title(board)
    if shown and shown != board.name:
        out.append(f"{shown.rstrip('.')}. Board: {board.name}.")
    else:
        out.append(f"Board: {board.name}.")

    mine: dict[int, list[int]] = {}
    for rid, p in sorted(over.claims.items()):
        mine.setdefault(p, []).append(rid)
    if not over.claims:
        out.append("No route is claimed.")
    else:
        parts = []
        for p in range(n_players):
            ids = mine.get(p, [])
            mark = over.marks[p] if p < len(over.marks) and over.marks[p] else None
            who = names[p] + (f" (cars marked {mark})" if mark else "")
            if not ids:
                parts.append(f"{who}: no route")
                continue
            text = f"{who}: {_n(len(ids), 'route')}, {_cars(board, ids)} train cars"
            if len(ids) <= NAMED_CLAIMS:
                text += " (" + "; ".join(route_words(board.route(i)) for i in ids) + ")"
            parts.append(text)
        free = len(board.routes) - len(over.claims)
        out.append("Claimed routes: " + ". ".join(parts) + f". {_n(free, 'route')} of {len(board.routes)} "
                   "unclaimed" + (", drawn faded." if dim_unclaimed else "."))

    if over.highlight:
        label = f"Highlighted ({highlight_label}, " if highlight_label else "Highlighted routes ("
        ids = over.highlight
        out.append(f"{label}a solid band with dark edges): {_n(len(ids), 'route')}, "
                   f"{_cars(board, ids)} train cars: {_routes_text(board, ids)}.")
    if over.gap:
        out.append(f"Gap (what the ticket still needs, a dashed band): {_n(len(over.gap), 'route')}, "
                   f"{_cars(board, over.gap)} train cars: {_routes_text(board, over.gap)}.")
    for p, ids in sorted(over.trails.items()):
        out.append(f"{names[p]}'s longest trail (a wide band with dark edges, its steps numbered): "
                   f"{_cars(board, ids)} train cars in {_n(len(ids), 'route')}, in order: "
                   f"{_routes_text(board, ids, numbered=True)}.")
    if over.selected:
        out.append("Selected: " + "; ".join(route_words(board.route(i)) for i in over.selected) + ".")
    if over.closed:
        out.append("Closed tracks (cross-hatched): "
                   + "; ".join(route_words(board.route(i)) for i in over.closed) + ".")
    if over.cities:
        word = "City ringed" if len(over.cities) == 1 else "Cities ringed"
        out.append(f"{word}: {', '.join(over.cities)}.")
    if over.stations:
        out.append(_stations_text(over, names))
    if over.borrowed:
        out.append(_borrowed_text(board, over, names))
    return " ".join(out)


def _stations_text(over: Any, names: Sequence[str]) -> str:
    """Each player's train stations (EU-4), in the order of the players."""
    mine: dict[int, list[str]] = {}
    for city, p in over.stations.items():
        mine.setdefault(p, []).append(city)
    parts = [f"{names[p]}: {', '.join(sorted(cities))}" for p, cities in sorted(mine.items())]
    word = "Train station" if len(over.stations) == 1 else "Train stations"
    return f"{word} (a house over the city in its owner's colour, with their mark): " + "; ".join(parts) + "."


def _borrowed_text(board: Board, over: Any, names: Sequence[str]) -> str:
    """Each route a player's train stations borrow, whose it is and the station's city."""
    parts = []
    for city, rid in sorted(over.borrowed.items(), key=lambda kv: over.stations[kv[0]]):
        route = board.route(rid)
        owner = over.claims.get(rid)
        whose = f" of {names[owner]}" if owner is not None and owner < len(names) else ""
        parts.append(f"{names[over.stations[city]]}'s station in {city} borrows {route_words(route)}{whose}")
    word = "Route" if len(parts) == 1 else "Routes"
    return (f"{word} borrowed by train stations (each car framed in dashes of the borrower's colour, a "
            "small house on the route): " + "; ".join(parts) + ".")
