"""A position to draw over the board, checked: which player claimed which route, the
highlights (path, gap, longest trails, selected and closed tracks, ringed cities), the
players' colours and marks, the train stations and the routes they borrow (Europe).
:func:`prepare_overlay` turns :func:`ttr_nb.draw.draw_board`'s
keywords into an :class:`Overlay` (ValueError on an unknown route, city or player). Data
only: no matplotlib."""
from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .style import NAME_MAX, PLAYER_COLORS

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board


@dataclass
class Overlay:
    """What is drawn on top of the fixed board: claims and highlights (ids checked)."""

    claims: dict[int, int]
    colors: list[str]
    marks: tuple[str | None, ...]
    highlight: list[int]
    highlight_color: str
    gap: list[int]
    trails: dict[int, list[int]]
    selected: list[int]
    closed: list[int]
    cities: list[str]
    route_colors: dict[int, str] = field(default_factory=dict)   # a path route's own colour
    city_colors: dict[str, str] = field(default_factory=dict)    # a ringed city's own colour
    labels: dict[str, str] = field(default_factory=dict)         # legend words: path, gap, selected, closed, cities
    stations: dict[str, int] = field(default_factory=dict)       # city -> player: a train station (Europe)
    borrowed: dict[str, int] = field(default_factory=dict)       # station city -> the route it borrows


def prepare_overlay(board: Board, claims, player_colors, player_names, marks, highlight, highlight_color,
                    highlight_cities, gap, trails, selected, closed, *, stations=None,
                    borrowed=None) -> tuple[Overlay, list[str], int]:
    """draw_board's keywords checked: the overlay, the players' names for the legend, and how many."""
    colors = list(player_colors) if player_colors is not None else list(PLAYER_COLORS)
    claims = _check_claims(board, claims, colors)
    over = Overlay(claims=claims, colors=colors, marks=(), highlight=checked_routes(board, highlight),
                   highlight_color=highlight_color, gap=checked_routes(board, gap),
                   trails={_player(p, colors): checked_routes(board, ids) for p, ids in (trails or {}).items()},
                   selected=checked_routes(board, selected), closed=checked_routes(board, closed),
                   cities=_city_names(board, highlight_cities),
                   stations=_check_stations(board, stations, colors),
                   borrowed={})
    over.borrowed = _check_borrowed(board, borrowed, over.stations)
    n_players = max([max(claims.values()) + 1 if claims else 0, len(player_names or ()),
                     *(p + 1 for p in over.trails), *(p + 1 for p in over.stations.values())])
    n_players = min(n_players, len(colors))
    names = [cut_name(str(n)) for n in (player_names or ())][:n_players]
    names += [f"Player {i + 1}" for i in range(len(names), n_players)]
    if marks is None:
        marks = default_marks(list(player_names or ()) or names, n_players) if player_colors is None else ()
    over.marks = tuple(None if m is None else str(m)[:2] for m in marks)
    return over, names, n_players


def checked_routes(board: Board, ids: Iterable[int]) -> list[int]:
    """The route ids as ints; ValueError names the first the board does not have."""
    out = []
    known = {r.id for r in board.routes}
    for rid in ids:
        if rid not in known:
            raise ValueError(f"{board.name} has no route with id {rid!r}")
        out.append(int(rid))
    return out


def _city_names(board: Board, names: Iterable[str]) -> list[str]:
    out = list(names)
    for c in out:
        if c not in board.cities:
            raise ValueError(f"{board.name} has no city called {c!r}")
    return out


def _player(p: Any, colors: Sequence[str]) -> int:
    if not isinstance(p, numbers.Integral) or isinstance(p, bool) or not 0 <= p < len(colors):
        raise ValueError(f"player {p!r} is not one of the players 0..{len(colors) - 1}")
    return int(p)


def _check_claims(board: Board, claims: Mapping[int, int] | None, colors: Sequence[str]) -> dict[int, int]:
    claims = dict(claims or {})
    checked_routes(board, claims)
    for rid, p in claims.items():
        if not isinstance(p, numbers.Integral) or isinstance(p, bool) or not 0 <= p < len(colors):
            raise ValueError(f"route {rid} is claimed by player {p!r}, but there are colours "
                             f"for players 0..{len(colors) - 1} only")
    return {int(rid): int(p) for rid, p in claims.items()}


def _check_stations(board: Board, stations: Mapping[str, int] | None, colors: Sequence[str]) -> dict[str, int]:
    """City -> player of the train stations, checked (a city of the board, a player with a colour)."""
    stations = dict(stations or {})
    _city_names(board, stations)
    for city, p in stations.items():
        if board.cities[city].is_country:
            raise ValueError(f"{city} is a country: a train station stands in a city")
        if not isinstance(p, numbers.Integral) or isinstance(p, bool) or not 0 <= p < len(colors):
            raise ValueError(f"the train station in {city} belongs to player {p!r}, but there are colours "
                             f"for players 0..{len(colors) - 1} only")
    return {city: int(p) for city, p in stations.items()}


def _check_borrowed(board: Board, borrowed: Mapping[str, int] | None, stations: Mapping[str, int]) -> dict[str, int]:
    """Station city -> the route it borrows, checked: a station drawn (``stations``) and a route
    of the board that ends in its city (EU-4)."""
    out = {}
    for city, rid in dict(borrowed or {}).items():
        if city not in stations:
            raise ValueError(f"a route is borrowed by a train station in {city!r}, but no station is drawn there")
        (rid,) = checked_routes(board, [rid])
        if city not in board.route(rid).cities:
            raise ValueError(f"the train station in {city} cannot borrow {board.route(rid).label()}: "
                             f"it does not end in {city}")
        out[city] = rid
    return out


def cut_name(name: str, n: int | None = None) -> str:
    """A name cut to ``n`` characters (default :data:`NAME_MAX`), with an ellipsis."""
    n = n or NAME_MAX
    return name if len(name) <= n else name[: n - 1].rstrip() + "…"


def default_marks(names: Sequence[str], n: int) -> tuple[str, ...]:
    """The players' initials when they differ (and are letters), else 1, 2, 3..."""
    initials = [str(s).strip()[:1].upper() for s in names[:n]]
    if len(initials) == n and all(i.isalpha() for i in initials) and len(set(initials)) == n:
        return tuple(initials)
    return tuple(str(i + 1) for i in range(n))
