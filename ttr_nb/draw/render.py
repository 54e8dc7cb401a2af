"""The board drawn with matplotlib: :func:`draw_board` draws a whole figure;
:func:`draw_fixed` (the board as printed: car spaces, symbols, cities, names) and
:func:`draw_overlay` (claims and highlights on top) are its two parts, which the cached
pictures (:mod:`ttr_nb.draw.raster`) draw separately. Every shape comes from the layout and
geometry (:mod:`ttr_nb.draw.layout`, :mod:`ttr_nb.draw.geometry`, :mod:`ttr_nb.draw.labels`)."""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib import patheffects
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Ellipse, Polygon, Rectangle
from matplotlib.textpath import TextToPath

from .geometry import badge_spots, board_extent, car_corners, car_samples, centre_line, figure_size, short_title, spread
from .labels import place_labels
from .layout import Layout, Space, board_layout
from .legend import draw_legend, legend_handles
from .position import Overlay, prepare_overlay
from .style import (BACKGROUND, BORROWED_DASHES, CITY_EDGE, CITY_FILL, CITY_RADIUS, COUNTRY_EDGE, COUNTRY_FILL,
                    COUNTRY_RADIUS, GAP_COLOR, GAP_DASHES, INK, LABEL_SIZE, LEGEND_BAND, LEGEND_FILL, LOCO_STRIPES,
                    PATH_COLOR, ROUTE_COLORS_HEX, STATION_Z, TERRAIN_SYMBOL_SIZE, TRAIL_DASH_WIDTH, TRAIL_DASHES,
                    TRAIL_FILL, ink_on, luminance)
from .symbols import TERRAIN_MARKERS, station_corners, terrain_marker

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..board import Board, Route


def draw_board(board: Board, ax: Axes | None = None, *, claims: Mapping[int, int] | None = None,
               player_colors: Sequence[str] | None = None, player_names: Sequence[str] | None = None,
               marks: Sequence[str | None] | None = None,
               highlight: Iterable[int] = (), highlight_color: str = PATH_COLOR,
               highlight_cities: Iterable[str] = (), gap: Iterable[int] = (),
               trails: Mapping[int, Iterable[int]] | None = None, selected: Iterable[int] = (),
               closed: Iterable[int] = (), title: str | None = None,
               labels: bool = True, legend: bool = True, figsize: tuple[float, float] | None = None,
               dim_unclaimed: bool = False, highlight_label: str | None = None,
               stations: Mapping[str, int] | None = None,
               borrowed: Mapping[str, int] | None = None) -> Axes:
    """Draw ``board`` on ``ax`` (a new figure when None) and return the Axes.

    Parameters
    ----------
    board : Board
        The board to draw.
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure, sized for the board).
    claims : mapping of int to int, optional
        Route id -> player (or team) index. A claimed route's spaces are covered by cars
        in the player's colour with a dark outline and the player's mark.
    player_colors : sequence of str, optional
        One colour per player (default :data:`PLAYER_COLORS`). Team partners may share a
        colour and differ by mark.
    player_names : sequence of str, optional
        Names for the legend (default "Player 1", "Player 2", ...; cut to :data:`NAME_MAX`
        characters). Given names are listed even before any claim.
    marks : sequence of str or None, optional
        One short mark per player, drawn on each of their cars (default: the initials of
        the names when they differ, else 1, 2, 3...; no marks with your own
        ``player_colors`` unless given). ``()`` draws none.
    highlight : iterable of int, optional
        Route ids of a **path** (e.g. one that completes a ticket): a solid band in
        ``highlight_color`` with dark edges, under the cars.
    highlight_color : str, default PATH_COLOR
        The colour of the ``highlight`` band and of the rings of ``highlight_cities``.
    highlight_cities : iterable of str, optional
        City names ringed in ``highlight_color``.
    gap : iterable of int, optional
        Route ids a failed ticket still needs: a dashed orange band under the cars.
    trails : mapping of int to iterable of int, optional
        Player index -> route ids of that player's longest trail: a white band striped in
        the player's colour, each player with their own dash pattern.
    selected : iterable of int, optional
        Route ids of a selected route: black-and-white dashed frames round its cars.
    closed : iterable of int, optional
        Route ids of closed tracks (a double route's twin in a 2-3 player game): the cars
        cross-hatched.
    title : str, optional
        The title (default: the board's name, "(authored layout)" for authored boards).
    labels : bool, default True
        Draw the city names.
    legend : bool, default True
        Draw the legend of players, highlights and symbols. It sits in a strip under the
        board; the strip is kept (empty) when draw_board sizes the figure itself, so every
        picture of a board has the same frame.
    figsize : (float, float), optional
        Size of the new figure in inches (ignored when ``ax`` is given).
    dim_unclaimed : bool, default False
        Fade unclaimed routes so the claims stand out.
    highlight_label : str, optional
        The legend's words for ``highlight`` (default "highlighted routes"; e.g. "path
        (completes a ticket)", "the cheapest T-join").
    stations : mapping of str to int, optional
        City -> player index of each train station (Europe, EU-4): a small house over the
        city's dot in the player's colour, with a dark outline and the player's mark.
    borrowed : mapping of str to int, optional
        Station city (one of ``stations``) -> the route id that station borrows at the final
        score (EU-4): each of the route's cars framed in dashes of the station owner's colour
        over a white rim, and a small house in that colour between its middle cars.

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.

    Raises
    ------
    ValueError
        An unknown route id, city or player index.

    Notes
    -----
    Every car-space patch has the gid ``"route-<id>"`` (the board's own space, always in the
    route's colour); a claimed car is drawn over it with the gid ``"claim-<id>"`` and its mark
    ``"mark-<id>"``; highlights have the gids ``"highlight-<id>"``, ``"gap-<id>"``,
    ``"trail-<player>-<id>"``, ``"selected-<id>"`` and ``"closed-<id>"``; a train station the
    gid ``"station-<city>"`` (its mark ``"mark-station-<city>"``), a borrowed route
    ``"borrowed-<city>-<id>"``.
    """
    import matplotlib.pyplot as plt

    over, names, n_players = prepare_overlay(board, claims, player_colors, player_names, marks, highlight,
                                             highlight_color, highlight_cities, gap, trails, selected, closed,
                                             stations=stations, borrowed=borrowed)
    if highlight_label:
        over.labels["path"] = str(highlight_label)
    layout = board_layout(board)
    x0, x1, y0, y1 = board_extent(board, layout)
    room = legend or (ax is None and figsize is None)
    if ax is None:
        fig, ax = plt.subplots(figsize=figure_size(board, figsize, room))
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.45 / fig.get_figheight())
    pt = frame_axes(board, ax, room)
    faded = {r.id for r in board.routes if r.id not in over.claims} if dim_unclaimed else set()
    draw_fixed(ax, board, pt, labels=labels, faded=faded, limits=(x0, x1, y0, y1))
    if room:
        draw_strip(ax, (x0, x1, y0, y1))
    draw_overlay(ax, board, pt, over)
    draw_title(ax, board, pt, title)
    if legend:
        handles = legend_handles(board, over, names, n_players)
        if handles:
            draw_legend(ax, handles, pt, (x0, x1, y1, y1 + LEGEND_BAND))
    return ax


def frame_axes(board: Board, ax: Axes, room: bool) -> float:
    """Limits, aspect and ground of the board's axes; returns points per board unit."""
    x0, x1, y0, y1 = board_extent(board, board_layout(board))
    fig = ax.figure
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1 + (LEGEND_BAND if room else 0.0), y0)  # y grows southward
    ax.set_aspect("equal", adjustable="box")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_facecolor(BACKGROUND)
    for s in ax.spines.values():
        s.set_edgecolor("#8a7a5a")
    ax.apply_aspect()
    pos = ax.get_position()
    return pos.width * fig.get_figwidth() * 72 / (x1 - x0)


def draw_title(ax: Axes, board: Board, pt: float, title: str | None) -> Any:
    """The picture's title (None: the board's, :func:`~ttr_nb.draw.geometry.short_title`)."""
    return ax.set_title(title if title is not None else short_title(board),
                        fontsize=max(9.0, 0.017 * pt), fontweight="bold")


_COLLECT: list | None = None
"""While :func:`draw_fixed` draws ``fast``: the patches, to be drawn as collections."""


def _add(ax: Axes, patch: Any) -> Any:
    """Add a patch without updating the data limits (they are set; this is most of the cost)."""
    if _COLLECT is not None:
        _COLLECT.append(patch)
        return patch
    return ax.add_artist(patch)


def draw_fixed(ax: Axes, board: Board, pt: float, *, labels: bool = True, faded: Iterable[int] = (),
               limits: tuple[float, float, float, float] | None = None, fast: bool = False) -> None:
    """The board's fixed part: car spaces in their colours, ferry, tunnel and mountain marks,
    cities, countries and names (``pt``: points per board unit; ``faded``: routes drawn pale).
    Claims and highlights go on top (:func:`draw_overlay`). ``fast``: the patches are drawn as
    one collection per z-order (the same shapes in the same order; no per-patch gids)."""
    global _COLLECT
    if fast:
        from matplotlib.collections import PatchCollection

        _COLLECT = []
        try:
            draw_fixed(ax, board, pt, labels=labels, faded=faded, limits=limits)
            got = _COLLECT
        finally:
            _COLLECT = None
        by_z: dict[float, list] = {}
        for p in got:
            by_z.setdefault(p.get_zorder(), []).append(p)
        for z, ps in sorted(by_z.items()):
            ax.add_collection(PatchCollection(ps, match_original=True, zorder=z), autolim=False)
        return
    layout = board_layout(board)
    W = layout.car_width
    faded = set(faded)
    halo = [patheffects.withStroke(linewidth=max(1.5, 0.0035 * pt), foreground="white")]
    cars = car_samples(layout)
    badges = badge_spots(board, layout, cars)
    shown: set[tuple[float, float]] = set()
    terrain_spots: dict[tuple[str, str, float], list[tuple[float, float]]] = {}
    for r in board.routes:
        ss = layout.spaces[r.id]
        L = layout.car_length[r.id]
        face = ROUTE_COLORS_HEX[r.color]
        alpha = 0.28 if r.id in faded else 1.0
        edge = INK if r.color != "black" else "#000000"
        locos = set(spread(len(ss), r.ferry_locos))
        xs_idx = set(spread(len(ss), r.mountains)) - locos if r.mountains else set()
        for k, s in enumerate(ss):
            _add(ax, Rectangle((s.x - L / 2, s.y - W / 2), L, W, angle=s.angle, rotation_point="center",
                                   facecolor=face, edgecolor=edge, lw=0.6, alpha=alpha, zorder=3,
                                   gid=f"route-{r.id}"))
            if r.tunnel:
                _add(ax, Rectangle((s.x - L / 2 - W * 0.22, s.y - W * 0.72), L + W * 0.44, W * 1.44,
                                       angle=s.angle, rotation_point="center", facecolor="none",
                                       edgecolor=INK, lw=max(0.8, 0.09 * W * pt), linestyle=(0, (2, 1.2)),
                                       alpha=alpha, zorder=2.9, gid=f"tunnel-{r.id}"))
            if k in locos:
                _loco_stripes(ax, s, L, W, alpha)
            if k in xs_idx:
                _x_mark(ax, s, L, W, face, pt, alpha)
            if r.terrain in TERRAIN_MARKERS and k not in locos:
                terrain_spots.setdefault((r.terrain, ink_on(face), alpha), []).append((s.x, s.y))
        if r.tunnel and badges[r.id] not in shown:        # twins revealing the same number share one
            shown.add(badges[r.id])
            _tunnel_badge(ax, r, badges[r.id], W, pt, alpha)

    for (kind, ink, alpha), spots in sorted(terrain_spots.items()):
        xs, ys = zip(*spots)
        ax.add_line(Line2D(xs, ys, lw=0, alpha=alpha, zorder=3.05, gid=f"terrain-{kind}",
                           **terrain_marker(kind, ink, W * pt * TERRAIN_SYMBOL_SIZE)))

    for c in board.cities.values():
        if c.is_country:
            _add(ax, Ellipse((c.x, c.y), COUNTRY_RADIUS * 2.9, COUNTRY_RADIUS * 1.9,
                                 facecolor=COUNTRY_FILL, edgecolor=COUNTRY_EDGE, lw=1.5,
                                 zorder=2.5, gid=f"country-{c.name}"))
            ax.text(c.x, c.y, c.name.upper(), ha="center", va="center", zorder=7,
                    fontsize=LABEL_SIZE * 1.05 * pt, fontweight="bold", color="#6b5530",
                    path_effects=halo)
        else:
            _add(ax, Circle((c.x, c.y), CITY_RADIUS, facecolor=CITY_FILL, edgecolor=CITY_EDGE,
                                lw=max(0.8, 0.0018 * pt), zorder=5, gid=f"city-{c.name}"))
    if labels:
        if limits is None:
            limits = board_extent(board, layout)
        for name, box in place_labels(board, limits).items():
            ax.text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, name, ha="center", va="center",
                    fontsize=LABEL_SIZE * pt, fontweight="bold", color=INK, zorder=7, path_effects=halo,
                    gid=f"label-{name}")


def draw_overlay(ax: Axes, board: Board, pt: float, over: Overlay, *, fast: bool = False) -> list:
    """Claims and highlights over the fixed board; returns the artists added (the fast
    pictures draw them themselves). Z-orders: bands under the cars below 2, claimed cars 3.3
    and their marks 3.4, a borrowed route's house 3.45, closed 3.5, selected 3.6, city rings 6,
    train stations :data:`~ttr_nb.draw.style.STATION_Z` (over the city dots).

    ``fast``: the claimed cars, their marks and the closed tracks as three collections (the
    same shapes, colours and outlines; a mark is its glyphs' outline) instead of one artist
    per car, ten times quicker to build and draw; the artists then carry no per-route gid."""
    layout = board_layout(board)
    W = layout.car_width
    out: list = []
    band = W * 3.4 * pt                      # width of a highlight band, in points
    rim = max(1.0, 0.12 * W * pt)

    def line(rid: int, gid: str, z: float, **kw: Any) -> None:
        xs, ys = centre_line(layout.spaces[rid], layout.car_length[rid])
        ln = Line2D(xs, ys, zorder=z, gid=gid, **kw)
        ax.add_line(ln)
        out.append(ln)

    casing = [patheffects.Stroke(linewidth=band + 2 * rim, foreground=INK), patheffects.Normal()]
    for rid in over.highlight:
        line(rid, f"highlight-{rid}", 1.0, color=over.route_colors.get(rid, over.highlight_color), lw=band, alpha=0.9,
             solid_capstyle="round", solid_joinstyle="round", path_effects=casing)
    gap_w = band * 0.92
    for rid in over.gap:
        line(rid, f"gap-{rid}", 1.1, color=GAP_COLOR, lw=gap_w, linestyle=GAP_DASHES,
             dash_capstyle="butt", path_effects=[patheffects.Stroke(linewidth=gap_w + 2 * rim, foreground=INK),
                                                 patheffects.Normal()])
    trail_w = band * 0.92
    trail_rim = rim * 1.6
    for p, ids in sorted(over.trails.items()):
        for rid in ids:
            line(rid, f"trail-{p}-{rid}", 1.2, color=TRAIL_FILL, lw=trail_w, solid_capstyle="butt",
                 path_effects=[patheffects.Stroke(linewidth=trail_w + 2 * trail_rim, foreground=INK),
                               patheffects.Normal()])
            line(rid, f"trail-{p}-{rid}", 1.25, color=over.colors[p], lw=trail_w * TRAIL_DASH_WIDTH,
                 linestyle=TRAIL_DASHES[p % len(TRAIL_DASHES)], dash_capstyle="butt")
        out += _trail_steps(ax, layout, ids, pt, p)
    sel_w = max(1.8, 0.3 * W * pt)
    for city, rid in sorted(over.borrowed.items()):
        color = over.colors[over.stations[city]]
        L = layout.car_length[rid]
        for s in layout.spaces[rid]:
            for col, ls, lw in (("white", "-", sel_w * 2.2), (color, BORROWED_DASHES, sel_w * 1.2)):
                rect = Rectangle((s.x - L / 2 - W * 0.32, s.y - W * 0.85), L + W * 0.64, W * 1.7, angle=s.angle,
                                 rotation_point="center", facecolor="none", edgecolor=col, lw=lw,
                                 linestyle=ls, zorder=3.55, gid=f"borrowed-{city}-{rid}")
                _add(ax, rect)
                out.append(rect)
        x, y = _between_cars(layout.spaces[rid])
        out += _station_house(ax, x, y, CITY_RADIUS * 0.75, color, None, pt, 3.57, f"borrowed-{city}-{rid}")

    if fast:
        out += _cars_fast(ax, layout, over, pt)
    for rid, p in ([] if fast else sorted(over.claims.items())):
        face = over.colors[p]
        mark = over.marks[p] if p < len(over.marks) else None
        L = layout.car_length[rid]
        ink = ink_on(face)
        for s in layout.spaces[rid]:
            rect = Rectangle((s.x - L / 2 - W * 0.05, s.y - W * 0.56), L + W * 0.1, W * 1.12, angle=s.angle,
                             rotation_point="center", facecolor=face, edgecolor=INK,
                             lw=max(0.9, 0.13 * W * pt), zorder=3.3, gid=f"claim-{rid}")
            _add(ax, rect)
            out.append(rect)
            if mark:
                rot = -s.angle
                rot = (rot + 90) % 180 - 90
                t = ax.text(s.x, s.y, mark, ha="center", va="center", rotation=rot, rotation_mode="anchor",
                            fontsize=W * pt * 0.8, fontweight="bold", color=ink, zorder=3.4, gid=f"mark-{rid}")
                out.append(t)
    for rid in ([] if fast else over.closed):
        L = layout.car_length[rid]
        for s in layout.spaces[rid]:
            rect = Rectangle((s.x - L / 2, s.y - W / 2), L, W, angle=s.angle, rotation_point="center",
                             facecolor=(1, 1, 1, 0.55), edgecolor=INK, hatch="xxx", lw=0.8, zorder=3.5,
                             gid=f"closed-{rid}")
            _add(ax, rect)
            out.append(rect)
    for rid in over.selected:
        L = layout.car_length[rid]
        for s in layout.spaces[rid]:
            for col, ls, lw in (("white", "-", sel_w * 1.9), (INK, (0, (1.6, 1.2)), sel_w)):
                rect = Rectangle((s.x - L / 2 - W * 0.3, s.y - W * 0.8), L + W * 0.6, W * 1.6, angle=s.angle,
                                 rotation_point="center", facecolor="none", edgecolor=col, lw=lw,
                                 linestyle=ls, zorder=3.6, gid=f"selected-{rid}")
                _add(ax, rect)
                out.append(rect)
    for name in over.cities:
        c = board.cities[name]
        rad = COUNTRY_RADIUS * 1.1 if c.is_country else CITY_RADIUS * 2.1
        ring = Circle((c.x, c.y), rad, facecolor="none", edgecolor=over.city_colors.get(name, over.highlight_color),
                      lw=max(1.5, 0.004 * pt), zorder=6, gid=f"ring-{name}",
                      path_effects=[patheffects.Stroke(linewidth=max(1.5, 0.004 * pt) + 2, foreground=INK),
                                    patheffects.Normal()])
        _add(ax, ring)
        out.append(ring)
    for city, p in sorted(over.stations.items()):
        c = board.cities[city]
        mark = over.marks[p] if p < len(over.marks) else None
        out += _station_house(ax, c.x, c.y, CITY_RADIUS, over.colors[p], mark, pt, STATION_Z, f"station-{city}")
    return out


def _station_house(ax: Axes, x: float, y: float, size: float, face: str, mark: str | None, pt: float,
                   z: float, gid: str) -> list:
    """A train station's house centred on ``(x, y)`` (``size``: board units per city radius) in
    the player's colour ``face``, with a dark outline in a white rim and the player's ``mark``
    in its walls: told from a city dot by its shape, and from other players' by the mark."""
    lw = max(1.0, 0.22 * size * pt)
    house = Polygon(station_corners(x, y, size), closed=True, facecolor=face, edgecolor=INK, lw=lw,
                    joinstyle="miter", zorder=z, gid=gid,
                    path_effects=[patheffects.Stroke(linewidth=lw + max(1.5, 0.25 * size * pt), foreground="white"),
                                  patheffects.Normal()])
    _add(ax, house)
    out: list = [house]
    if mark:
        out.append(ax.text(x, y + 0.38 * size, mark, ha="center", va="center", fontsize=size * pt * 1.05,
                           fontweight="bold", color=ink_on(face), zorder=z + 0.01, gid=f"mark-{gid}"))
    return out


def step_spot(ss: Sequence[Space]) -> tuple[float, float]:
    """Where a trail's step number goes on a route: its middle (on the middle car, or between
    the two middle cars)."""
    n = len(ss)
    if n % 2:
        return ss[n // 2].x, ss[n // 2].y
    a, b = ss[n // 2 - 1], ss[n // 2]
    return (a.x + b.x) / 2, (a.y + b.y) / 2


def _between_cars(ss: Sequence[Space]) -> tuple[float, float]:
    """Where a borrowed route's small house goes: between its two middle cars (on no car's
    mark; on the one car of a one-car route)."""
    if len(ss) == 1:
        return ss[0].x, ss[0].y
    a, b = ss[(len(ss) - 1) // 2], ss[(len(ss) - 1) // 2 + 1]
    return (a.x + b.x) / 2, (a.y + b.y) / 2


def _trail_steps(ax: Axes, layout: Layout, ids: Sequence[int], pt: float, player: int) -> list:
    """A white disc with a dark rim and the step's number (1, 2, 3 ... in the trail's order)
    on the middle of each route of a longest trail: the order reads without colour, on a
    projector and in grey print."""
    W = layout.car_width
    out: list = []
    for k, rid in enumerate(ids, 1):
        x, y = step_spot(layout.spaces[rid])
        r = W * (1.2 if k < 10 else 1.45)
        disc = Circle((x, y), r, facecolor="white", edgecolor=INK, lw=max(1.2, 0.2 * W * pt), zorder=3.45,
                      gid=f"trail-step-{player}-{rid}")
        _add(ax, disc)
        out.append(disc)
        out.append(ax.text(x, y, str(k), ha="center", va="center_baseline", fontsize=W * pt * 1.4,
                           fontweight="bold", color=INK, zorder=3.46, gid=f"trail-step-{player}-{rid}"))
    return out


_GLYPHS: dict[str, tuple[np.ndarray, np.ndarray, tuple[float, float]]] = {}


def _glyph(mark: str) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
    """A mark's outline at 1 pt (vertices, codes) and where its baseline starts so that the
    text is centred as Text(ha="center", va="center") centres it."""
    if mark not in _GLYPHS:
        from matplotlib.textpath import TextPath

        prop = FontProperties(weight="bold", size=1.0)
        tp = TextPath((0, 0), mark, size=1.0, prop=prop)
        w, h, d = TextToPath().get_text_width_height_descent(mark, prop, ismath=False)
        _, lh, ld = TextToPath().get_text_width_height_descent("lp", prop, ismath=False)
        h, d = max(h, lh), max(d, ld)
        _GLYPHS[mark] = (np.array(tp.vertices, dtype=float), np.array(tp.codes), (-w / 2, -h / 2 + d))
    return _GLYPHS[mark]


def _cars_fast(ax: Axes, layout: Layout, over: Overlay, pt: float) -> list:
    """The claimed cars (one PolyCollection), their marks (one PathCollection of glyph outlines)
    and the closed tracks (one hatched PolyCollection): what draw_overlay draws car by car."""
    from matplotlib.collections import PathCollection, PolyCollection
    from matplotlib.path import Path as MPath

    W = layout.car_width
    out: list = []
    polys, faces, paths, inks = [], [], [], []
    size = W * 0.8                                   # the mark's font size, in board units
    for rid, p in sorted(over.claims.items()):
        face = over.colors[p]
        L = layout.car_length[rid]
        ss = layout.spaces[rid]
        polys.append(car_corners(ss, (L + W * 0.1) / 2, W * 0.56))
        faces += [face] * len(ss)
        mark = over.marks[p] if p < len(over.marks) else None
        if not mark:
            continue
        verts, codes, (ox, oy) = _glyph(mark)
        ink = ink_on(face)
        for s in ss:
            rot = math.radians((-s.angle + 90) % 180 - 90)
            c, sn = math.cos(rot), math.sin(rot)
            x = (verts[:, 0] + ox) * size
            y = (verts[:, 1] + oy) * size
            # turned on the page (y up), then into board units (y down)
            paths.append(MPath(np.column_stack([s.x + c * x - sn * y, s.y - (sn * x + c * y)]), codes))
            inks.append(ink)
    if polys:
        col = PolyCollection(np.concatenate(polys), facecolors=faces, edgecolors=INK,
                             linewidths=max(0.9, 0.13 * W * pt), zorder=3.3, joinstyle="miter")
        ax.add_collection(col, autolim=False)
        out.append(col)
    if paths:
        col = PathCollection(paths, facecolors=inks, edgecolors="none", linewidths=0, zorder=3.4)
        col.set_transform(ax.transData)
        ax.add_collection(col, autolim=False)
        out.append(col)
    if over.closed:
        quads = np.concatenate([car_corners(layout.spaces[rid], layout.car_length[rid] / 2, W / 2)
                                for rid in over.closed])
        col = PolyCollection(quads, facecolors=[(1, 1, 1, 0.55)], edgecolors=INK, hatch="xxx",
                             linewidths=0.8, zorder=3.5, joinstyle="miter")
        ax.add_collection(col, autolim=False)
        out.append(col)
    return out


def draw_strip(ax: Axes, limits: tuple[float, float, float, float]) -> Any:
    """The legend's strip under the board (drawn even when empty: one frame for every picture)."""
    x0, x1, _y0, y1 = limits
    return _add(ax, Rectangle((x0, y1), x1 - x0, LEGEND_BAND, facecolor=LEGEND_FILL, edgecolor="none",
                              zorder=0.5, gid="legend-strip"))


def _loco_stripes(ax, s: Space, L: float, W: float, alpha: float) -> None:
    """Four thin colour bands across a ferry's Locomotive space."""
    t = math.radians(s.angle)
    n = len(LOCO_STRIPES)
    band = L * 0.8 / n
    for i, col in enumerate(LOCO_STRIPES):
        off = (i - (n - 1) / 2) * band
        cx, cy = s.x + math.cos(t) * off, s.y + math.sin(t) * off
        _add(ax, Rectangle((cx - band / 2, cy - W * 0.34), band, W * 0.68, angle=s.angle,
                               rotation_point="center", facecolor=col, edgecolor="none",
                               alpha=alpha, zorder=4, gid="ferry-loco"))


def _x_mark(ax, s: Space, L: float, W: float, face: str, pt: float, alpha: float) -> None:
    """An X on a mountain space (Legendary Asia: one extra train)."""
    t = math.radians(s.angle)
    ux, uy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
    h = W * 0.36
    ink = "white" if luminance(face) < 0.45 else INK
    for sgn in (1, -1):
        ax.plot([s.x - ux * h - nx * h * sgn, s.x + ux * h + nx * h * sgn],
                [s.y - uy * h - ny * h * sgn, s.y + uy * h + ny * h * sgn],
                color=ink, lw=max(0.8, 0.16 * W * pt), alpha=alpha, zorder=4.2,
                solid_capstyle="round", gid="mountain-x")


def _tunnel_badge(ax, r: Route, spot: tuple[float, float], W: float, pt: float, alpha: float) -> None:
    """A dark disc beside the tunnel, with the number of cards it reveals."""
    cx, cy = spot
    _add(ax, Circle((cx, cy), W * 0.95, facecolor=INK, edgecolor="white", lw=0.8,
                        alpha=alpha, zorder=4.5, gid=f"tunnel-badge-{r.id}"))
    ax.text(cx, cy, str(r.tunnel), ha="center", va="center", color="white", fontweight="bold",
            fontsize=W * 1.25 * pt, zorder=4.6, alpha=alpha)
