"""BoardCanvas: one board drawn once, each position painted over it quickly (the widgets' PNG
pictures).

The painting is :mod:`ttr_nb.draw.raster`'s (the board's fixed part drawn once per board,
size and resolution, then only the rectangles a position changes); this module keeps the
controls' interface: player colours, names and marks chosen once, a position given as
claims, highlights (a mapping gives each route or city its own colour) and styles.
:func:`encode_png`, :func:`render_rgba`, :func:`fixed_picture` and :class:`FixedPicture` are
:mod:`ttr_nb.draw`'s, importable from here too. Pure matplotlib and numpy (no ipywidgets).

Example
-------
>>> import ttr_nb
>>> from ttr_nb.widgets.canvas import BoardCanvas
>>> canvas = BoardCanvas(ttr_nb.load_map("usa"))            # doctest: +SKIP
>>> png = canvas.png(claims={1: 0, 2: 1}, highlight=[2])    # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..draw import (CACHE_SIZE, PATH_COLOR, PLAYER_COLORS, TRACK_Z, FixedPicture, Overlay,  # noqa: F401
                    checked_routes, cut_name, default_marks, encode_png, figure_size, fixed_picture, render_rgba)

from ..errors import shown
from ..board import board_of

__all__ = ["BoardCanvas", "HIGHLIGHT", "encode_png", "render_rgba", "fixed_picture", "FixedPicture"]


HIGHLIGHT = PATH_COLOR
"""Default path colour (draw_board's)."""


class BoardCanvas:
    """One board drawn once; :meth:`png` paints claims and highlights on it quickly.

    Parameters
    ----------
    board : Board or str
        The Board (or a map name such as 'usa').
    width_px : int, default 1000
        Width of the picture in pixels, 200 to 2400 (draw_board's proportions are kept).
    player_colors : sequence of str, optional
        One colour per player or team (default :data:`ttr_nb.draw.PLAYER_COLORS`):
        '#rrggbb', '#rgb' or CSS names.
    player_names : sequence of str, optional
        Names for the legend of players (none when empty).
    marks : sequence of str or None, optional
        The mark on each player's cars, up to 3 characters (default: initials of the names,
        else 1, 2, ...).
    title : str, optional
        As draw_board's (default: the board's name).
    labels : bool, default True
        Draw the city names.
    legend : bool, default True
        Draw the legend (the players, the highlight styles of the position shown and the
        board's symbols).

    Raises
    ------
    ttr_nb.errors.ArgumentError
        A wrong argument, naming it and what is allowed.
    """

    def __init__(self, board: Any, *, width_px: int = 1000, player_colors: Sequence[str] | None = None,
                 player_names: Sequence[str] | None = None, marks: Sequence[str | None] | None = None,
                 title: str | None = None, labels: bool = True, legend: bool = True):
        from .. import validate
        from . import _args as check

        self.board = board = board_of(board)
        width_px = check.width(width_px)
        self.player_colors = check.colours(player_colors, distinct=False)
        self.player_names = check.labels(player_names, "player_names", check.MAX_LABEL)
        labels = validate.flag(labels, "labels")
        legend = validate.flag(legend, "legend")
        title = None if title is None else validate.text(title, "title", max_len=check.MAX_TITLE, empty=True,
                                                          lines=True, strip=False)
        if marks is None:     # the initials of the names when they differ (as ttr_nb.show), else 1, 2, 3...
            named = default_marks(self.player_names, len(self.player_names)) if self.player_names else ()
            marks = named + default_marks([], len(self.player_colors))[len(named):]
        else:
            marks = check.labels(marks, "marks", check.MAX_MARK, none_ok=True, empty_ok=True)
        self.marks = tuple(marks)
        self.title, self.legend = title, legend
        figsize = figure_size(board, None, True)
        self._fixed = fixed_picture(board, figsize, width_px / figsize[0], labels=labels, room=True)
        self.fig, self.ax, self.canvas = self._fixed.fig, self._fixed.ax, self._fixed.canvas
        self.size = self._fixed.size
        self._routes = {r.id for r in board.routes}

    def paint(self, claims: Mapping[int, int] | None = None,
              highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
              highlight_cities: Iterable[str] | Mapping[str, str] = (), *, gap: Iterable[int] = (),
              trails: Mapping[int, Iterable[int]] | None = None, selected: Iterable[int] = (),
              closed: Iterable[int] = (), labels: Mapping[str, str] | None = None,
              stations: Mapping[str, int] | None = None, borrowed: Mapping[str, int] | None = None) -> np.ndarray:
        """Paint a position; return the RGBA pixels (rows top to bottom; a view, copy to keep).

        ``claims``: route id -> player (team) index; ``highlight``: a path (ids in
        ``highlight_color``, or a mapping route id -> colour); ``highlight_cities``: cities to
        ring (names, or name -> colour); ``gap``, ``trails``, ``selected``, ``closed``: as
        :func:`ttr_nb.draw.draw_board`, drawn the same way; ``labels``: the legend's words for
        a style (keys ``path``, ``gap``, ``selected``, ``closed``, ``cities``), e.g.
        ``{"selected": "last claim"}``; ``stations`` (city -> player) and ``borrowed`` (station
        city -> route id): Europe's train stations and the routes they borrow (EU-4), drawn as
        :func:`ttr_nb.draw.draw_board` draws them. An unknown route or city raises ValueError.
        """
        claims = {int(k): int(v) for k, v in (claims or {}).items()}
        if isinstance(highlight, Mapping):
            glow_color = {int(k): str(v) for k, v in highlight.items()}
        else:
            glow_color = {int(r): highlight_color for r in highlight}
        if isinstance(highlight_cities, Mapping):
            ring_color = {str(k): str(v) for k, v in highlight_cities.items()}
        else:
            ring_color = {str(c): highlight_color for c in highlight_cities}
        for rid in list(claims) + list(glow_color):
            if rid not in self._routes:
                raise ValueError(f"{self.board.name} has no route with id {shown(rid)}")
        for c in ring_color:
            if c not in self.board.cities:
                raise ValueError(f"{self.board.name} has no city called {shown(c)}")
        for p in claims.values():
            if p < 0:
                raise ValueError(f"player index {p} is negative")
        colors = self.player_colors
        n = len(colors)
        over = Overlay(claims={r: p % n for r, p in claims.items()}, colors=colors, marks=self.marks,
                       highlight=sorted(glow_color), highlight_color=highlight_color,
                       gap=checked_routes(self.board, gap),
                       trails={int(p) % n: checked_routes(self.board, ids) for p, ids in (trails or {}).items()},
                       selected=checked_routes(self.board, selected), closed=checked_routes(self.board, closed),
                       cities=sorted(ring_color), route_colors=glow_color, city_colors=ring_color,
                       labels=dict(labels or {}))
        over.stations, over.borrowed = checked_stations(self.board, stations, borrowed, n)
        n_players = min(n, max([len(self.player_names), *(p + 1 for p in over.claims.values()),
                                *(p + 1 for p in over.trails), *(p + 1 for p in over.stations.values())],
                               default=0))
        names = [str(x) for x in self.player_names][:n_players]
        names += [f"Player {i + 1}" for i in range(len(names), n_players)]
        return self._fixed.paint(over, names=[cut_name(x) for x in names], n_players=n_players,
                                 title=self.title, legend=self.legend)

    def describe(self, claims: Mapping[int, int] | None = None,
                 highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
                 highlight_cities: Iterable[str] | Mapping[str, str] = (), **styles: Any) -> str:
        """What :meth:`png` of the same position shows, in words (its text alternative,
        ``ttr_nb.draw.describe_picture``)."""
        from ..draw import describe_picture

        styles.pop("palette", None)
        styles.pop("labels", None)
        return describe_picture(self.board, claims=claims, player_colors=self.player_colors,
                                player_names=list(self.player_names), marks=self.marks,
                                highlight=list(highlight), highlight_color=highlight_color,
                                highlight_cities=list(highlight_cities), title=self.title, **styles)

    def png(self, claims: Mapping[int, int] | None = None,
            highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
            highlight_cities: Iterable[str] | Mapping[str, str] = (), *, palette: bool = True,
            **styles: Any) -> bytes:
        """The painted position as PNG bytes (see :meth:`paint`; ``styles``: its ``gap``,
        ``trails``, ``selected``, ``closed``, ``labels``); ``palette``: 256 colours, a third of the size
        (see :func:`encode_png`)."""
        return encode_png(self.paint(claims, highlight, highlight_color, highlight_cities, **styles),
                          palette=palette)


def checked_stations(board: Any, stations: Mapping[str, int] | None, borrowed: Mapping[str, int] | None,
                     n: int) -> tuple[dict[str, int], dict[str, int]]:
    """Train stations (city -> player, modulo the ``n`` colours) and the routes they borrow
    (station city -> route id), checked: cities of the board, a borrowed route ends in its
    station's city (EU-4). ValueError otherwise."""
    out = {}
    for city, p in (stations or {}).items():
        if city not in board.cities:
            raise ValueError(f"{board.name} has no city called {shown(city)} (a train station stands in a city)")
        if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or p < 0:
            raise ValueError(f"the train station in {city} belongs to player {shown(p)}, not a player index")
        out[str(city)] = int(p) % max(n, 1)
    lent = {}
    ids = {r.id for r in board.routes}
    for city, rid in (borrowed or {}).items():
        if city not in out:
            raise ValueError(f"a route is borrowed by a train station in {shown(city)}, but no station is there")
        if isinstance(rid, bool) or not isinstance(rid, (int, np.integer)) or int(rid) not in ids:
            raise ValueError(f"{board.name} has no route with id {shown(rid)} (the train station in {city} borrows it)")
        route = board.route(int(rid))
        if city not in (route.a, route.b):
            raise ValueError(f"the train station in {city} cannot borrow {route.label()}: it does not end there")
        lent[str(city)] = int(rid)
    return dict(sorted(out.items())), dict(sorted(lent.items()))
