"""The board drawn with matplotlib: car spaces, claims by player, highlighted trails.

Everything is drawn from the map data. Routes with printed car-space positions
(``Route.spaces``: USA, Legendary Asia) are drawn where the board prints them;
the two authored boards lay their spaces out evenly between the two cities, with
double and triple tracks side by side (a route is bent a little where a straight row
would run into another route or city).

Symbols (the same on every board):

* a car space is a small rectangle in the route's colour (gray routes gray);
* a **ferry**'s Locomotive spaces carry multicolour stripes (any card colour, i.e. a Locomotive);
* a **tunnel** has a dark dashed outline round its spaces and a dark disc with the number
  of cards revealed when it is claimed;
* a **mountain** (Legendary Asia) X space carries an X: it costs one extra train;
* a **country** (The Heart of Africa) is a large pale oval with its name in capitals;
* a **claimed** route's spaces are filled with the player's colour, the route colour kept as
  the edge; a highlighted route has a translucent glow under it.

Every car-space patch carries the gid ``"route-<id>"`` (tests and widgets find a route's
patches by it). The engine never imports this module.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.draw import draw_board
>>> ax = draw_board(ttr_nb.load_map("usa"), claims={1: 0, 2: 1}, highlight=[3])  # doctest: +SKIP
"""
from __future__ import annotations

import io
import math
import numbers
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib import patheffects
from matplotlib.colors import to_rgb
from matplotlib.font_manager import FontProperties
from matplotlib.legend_handler import HandlerBase
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Ellipse, Patch, Rectangle
from matplotlib.textpath import TextToPath

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from .board import Board, Route

ROUTE_COLORS_HEX: dict[str, str] = {
    "red": "#d7261e",
    "orange": "#f08a1c",
    "yellow": "#f6d21f",
    "green": "#2f9e44",
    "blue": "#1f62c9",
    "pink": "#f08fc8",
    "white": "#fbfbf6",
    "black": "#262626",
    "gray": "#a3a3a3",
}
"""Fill of an unclaimed car space, by route colour."""

PLAYER_COLORS: tuple[str, ...] = (
    "#7b2fbe",  # violet
    "#00a0a0",  # teal
    "#8b5a2b",  # brown
    "#a6d608",  # lime
    "#7fc8ff",  # sky blue
    "#c2006e",  # magenta
)
"""Six player (or team) colours, chosen to stand apart from the nine route colours:
violet, teal, brown, lime, sky blue and magenta. None is a card colour (each is at least
36 CIELAB units from every route colour and 39 from each other), so a claimed route never
looks like an unclaimed one."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("violet", "teal", "brown", "lime", "sky blue", "magenta")

BACKGROUND = "#f3ecd9"
CITY_FILL = "#b3261e"
CITY_EDGE = "#ffffff"
COUNTRY_FILL = "#e9dcc0"
COUNTRY_EDGE = "#b99f6b"
INK = "#222222"
LOCO_STRIPES = ("#d7261e", "#f6d21f", "#2f9e44", "#1f62c9")

# Sizes in board units (the board is 1 unit wide).
CITY_RADIUS = 0.0085
COUNTRY_RADIUS = 0.034
LABEL_SIZE = 0.0105          # city label font size
MAX_CAR_LENGTH = 0.034       # the printed boards' cars are about 0.031 long
DEFAULT_WIDTH_IN = 14.0


@dataclass(frozen=True)
class _Space:
    x: float
    y: float
    angle: float              # degrees, measured on the board (y grows southward)


@dataclass(frozen=True)
class _Layout:
    """Where every car space goes, and the car size, for one board."""

    spaces: dict[int, tuple[_Space, ...]]
    car_length: dict[int, float]
    car_width: float
    normal: dict[int, tuple[float, float]]   # outward side of each track (for badges)


# -- geometry -----------------------------------------------------------------------------
def _spread(n: int, k: int) -> list[int]:
    """k indices spread evenly over n spaces (for ferry Locomotive and X spaces)."""
    k = max(0, min(k, n))
    return sorted({min(n - 1, max(0, int(math.floor((i + 0.5) * n / k)))) for i in range(k)})


_LAYOUTS: "weakref.WeakKeyDictionary[Board, _Layout]" = weakref.WeakKeyDictionary()


def _layout(board: Board) -> _Layout:
    """The board's layout, computed once per Board object."""
    lay = _LAYOUTS.get(board)
    if lay is None:
        lay = _LAYOUTS[board] = _compute_layout(board)
    return lay


def _compute_layout(board: Board) -> _Layout:
    """Car spaces of every track: printed positions when the map has them, else laid out
    along the line between the two cities (bent a little where it would run into another
    route or city)."""
    printed = [r for r in board.routes if r.spaces]
    pitches = sorted(math.dist(r.spaces[i][:2], r.spaces[i + 1][:2])
                     for r in printed for i in range(len(r.spaces) - 1))
    if pitches:
        base = 0.82 * pitches[len(pitches) // 2]
    else:
        per = sorted(_dist(board, r) / r.length for r in board.routes)
        base = 0.72 * per[len(per) // 2]
    base = min(base, MAX_CAR_LENGTH)      # a sparse hand-made map keeps cars of board size
    width = 0.32 * base
    spaces: dict[int, tuple[_Space, ...]] = {}
    car_len: dict[int, float] = {}
    normal: dict[int, tuple[float, float]] = {}
    groups: dict[frozenset, list[Route]] = {}
    for r in board.routes:
        groups.setdefault(frozenset(r.cities), []).append(r)
    laid: dict[frozenset, tuple[float, dict]] = {}
    for key, tracks in groups.items():
        tracks.sort(key=lambda r: r.id)
        if all(r.spaces for r in tracks):
            a, b = sorted(key)
            ca, cb = board.cities[a], board.cities[b]
            d = math.hypot(cb.x - ca.x, cb.y - ca.y) or 1e-9
            n = len(tracks)
            for i, r in enumerate(tracks):
                side = 1.0 if i - (n - 1) / 2 >= 0 else -1.0
                normal[r.id] = (-(cb.y - ca.y) / d * side, (cb.x - ca.x) / d * side)
                spaces[r.id] = tuple(_Space(float(x), float(y), float(t)) for x, y, t in r.spaces)
                car_len[r.id] = base
        else:
            laid[key] = (0.0, _lay_group(board, tracks, 0.0, base, width))
    if laid:
        _unclutter(board, laid, groups, spaces, base, width)
    for key, (_, out) in laid.items():
        for rid, (ss, L, nrm) in out.items():
            spaces[rid], car_len[rid], normal[rid] = ss, L, nrm
    return _Layout(spaces, car_len, width, normal)


BENDS = (0.0, 0.12, -0.12, 0.22, -0.22, 0.34, -0.34)
"""Candidate bends of an authored route: control-point offset as a fraction of its length."""


def _clearance(board: Board, city: str, ux: float, uy: float) -> float:
    """How far from a city's centre a route leaving in direction (ux, uy) may start."""
    if not board.cities[city].is_country:
        return CITY_RADIUS * 1.15
    a, b = COUNTRY_RADIUS * 1.45, COUNTRY_RADIUS * 0.95   # the country oval's half axes
    return a * b / math.hypot(b * ux, a * uy) + CITY_RADIUS * 0.4


def _lay_group(board: Board, tracks: list[Route], bend: float, base: float, width: float
               ) -> dict[int, tuple[tuple[_Space, ...], float, tuple[float, float]]]:
    """Spaces of the parallel tracks of one city pair along a quadratic Bezier curve."""
    a, b = sorted(tracks[0].cities)
    ca, cb = board.cities[a], board.cities[b]
    dx, dy = cb.x - ca.x, cb.y - ca.y
    d = math.hypot(dx, dy) or 1e-9
    nx, ny = -dy / d, dx / d
    px, py = (ca.x + cb.x) / 2 + nx * bend * d, (ca.y + cb.y) / 2 + ny * bend * d
    steps = 64
    curve = []
    for i in range(steps + 1):
        t = i / steps
        curve.append(((1 - t) ** 2 * ca.x + 2 * (1 - t) * t * px + t * t * cb.x,
                      (1 - t) ** 2 * ca.y + 2 * (1 - t) * t * py + t * t * cb.y))
    arc = [0.0]
    for p, q in zip(curve, curve[1:]):
        arc.append(arc[-1] + math.dist(p, q))
    total = arc[-1]
    (sx, sy), (ex, ey) = curve[1], curve[-2]
    d0 = math.hypot(sx - ca.x, sy - ca.y) or 1.0
    d1 = math.hypot(ex - cb.x, ey - cb.y) or 1.0
    clear_a = _clearance(board, a, (sx - ca.x) / d0, (sy - ca.y) / d0)   # the way the curve leaves
    clear_b = _clearance(board, b, (ex - cb.x) / d1, (ey - cb.y) / d1)
    if total - clear_a - clear_b < 0.3 * total:
        clear_a = clear_b = 0.35 * total
    usable = total - clear_a - clear_b

    def at(s: float) -> tuple[float, float, float, float]:
        j = max(1, min(steps, next((i for i, v in enumerate(arc) if v >= s), steps)))
        f = (s - arc[j - 1]) / ((arc[j] - arc[j - 1]) or 1e-12)
        (x0, y0), (x1, y1) = curve[j - 1], curve[j]
        seg = math.hypot(x1 - x0, y1 - y0) or 1e-12
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, (x1 - x0) / seg, (y1 - y0) / seg

    out = {}
    n = len(tracks)
    for i, r in enumerate(tracks):
        off = (i - (n - 1) / 2) * width * 1.35
        pitch = usable / r.length
        ss = []
        for k in range(r.length):
            x, y, tx, ty = at(clear_a + (k + 0.5) * pitch)
            ss.append(_Space(x - ty * off, y + tx * off, math.degrees(math.atan2(ty, tx))))
        side = 1.0 if off > 0 else -1.0 if off < 0 else (1.0 if bend >= 0 else -1.0)
        mx, my, tx, ty = at(clear_a + usable / 2)
        out[r.id] = (tuple(ss), min(base, 0.86 * pitch), (-ty * side, tx * side))
    return out


def _unclutter(board: Board, laid: dict, groups: dict, fixed: dict, base: float, width: float) -> None:
    """Bend authored routes whose spaces would run into another route or a city dot.

    Near its own two cities a route may touch the others (they all fan out of the dot);
    elsewhere every car sample wants 1.5 car widths of room. A bend costs a little, so a
    route stays straight unless bending clears real overlaps.
    """

    def samples(out: dict) -> np.ndarray:
        pts = []
        for ss, L, _ in out.values():
            for s in ss:
                t = math.radians(s.angle)
                pts += [(s.x + math.cos(t) * L * f, s.y + math.sin(t) * L * f) for f in (-0.45, 0.0, 0.45)]
        return np.array(pts)

    keys = sorted(laid, key=lambda k: sorted(k))
    pts = {k: samples(laid[k][1]) for k in keys}
    fixed_pts = np.array([(s.x, s.y) for ss in fixed.values() for s in ss]).reshape(-1, 2)
    names = list(board.cities)
    dots_all = np.array([(board.cities[n].x, board.cities[n].y) for n in names])
    near_end = CITY_RADIUS * 1.15 + 0.25 * base
    room = width * 1.5

    def cost(key: frozenset, mine: np.ndarray, bend: float) -> float:
        others = np.concatenate([pts[k] for k in keys if k != key] + [fixed_pts])
        ends = np.array([(board.cities[c].x, board.cities[c].y) for c in key])
        lo, hi = mine.min(axis=0) - room, mine.max(axis=0) + room
        box = np.all((others >= lo) & (others <= hi), axis=1)
        others = others[box]
        c = 0.0
        if len(others):
            far = np.sqrt(((others[:, None, :] - ends[None, :, :]) ** 2).sum(axis=2)).min(axis=1) > near_end
            others = others[far]
            if len(others):
                dist = np.sqrt(((mine[:, None, :] - others[None, :, :]) ** 2).sum(axis=2))
                c += float(np.clip(room - dist, 0, None).sum()) / width
        mask = np.array([n not in key for n in names])
        dd = np.sqrt(((mine[:, None, :] - dots_all[mask][None, :, :]) ** 2).sum(axis=2))
        c += 3.0 * float(np.clip(CITY_RADIUS + width * 1.2 - dd, 0, None).sum()) / width
        return c + 4.0 * abs(bend)

    for _ in range(2):
        for key in keys:
            tracks = groups[key]
            best = None
            for bend in BENDS:
                out = laid[key][1] if bend == laid[key][0] else _lay_group(board, tracks, bend, base, width)
                mine = pts[key] if bend == laid[key][0] else samples(out)
                c = cost(key, mine, bend)
                if best is None or c < best[0] - 1e-9:
                    best = (c, bend, out, mine)
            laid[key] = (best[1], best[2])
            pts[key] = best[3]


def _car_width(board: Board) -> float:
    return _layout(board).car_width


def _dist(board: Board, r: Route) -> float:
    a, b = board.cities[r.a], board.cities[r.b]
    return math.hypot(b.x - a.x, b.y - a.y)


def _extent(board: Board, layout: _Layout) -> tuple[float, float, float, float]:
    xs = [c.x for c in board.cities.values()] + [s.x for ss in layout.spaces.values() for s in ss]
    ys = [c.y for c in board.cities.values()] + [s.y for ss in layout.spaces.values() for s in ss]
    for c in board.cities.values():
        if c.is_country:
            xs += [c.x - COUNTRY_RADIUS * 1.5, c.x + COUNTRY_RADIUS * 1.5]
            ys += [c.y - COUNTRY_RADIUS, c.y + COUNTRY_RADIUS]
    pad = 0.035
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad * 1.4


def _luminance(hex_color: str) -> float:
    r, g, b = to_rgb(hex_color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _short_title(board: Board) -> str:
    name = board.name
    if board.official:
        return name
    if "(" in name:
        name = name[: name.index("(")].rstrip()
    return f"{name} (authored layout)"


# -- drawing ------------------------------------------------------------------------------
def draw_board(board: Board, ax: Axes | None = None, *, claims: Mapping[int, int] | None = None,
               player_colors: Sequence[str] | None = None, player_names: Sequence[str] | None = None,
               highlight: Iterable[int] = (), highlight_color: str = "#ff00aa",
               highlight_cities: Iterable[str] = (), title: str | None = None,
               labels: bool = True, legend: bool = True, figsize: tuple[float, float] | None = None,
               dim_unclaimed: bool = False) -> Axes:
    """Draw ``board`` on ``ax`` (a new figure when None) and return the Axes.

    Parameters
    ----------
    board : Board
    claims : route id -> player (or team) index; those routes are filled with the
        player's colour, the route colour kept as the edge.
    player_colors : one colour per player (default :data:`PLAYER_COLORS`).
    player_names : names for the legend (default "Player 1", "Player 2", ...).
    highlight : route ids drawn with a translucent glow (a trail, a ticket's path).
    highlight_cities : city names ringed in ``highlight_color``.
    title : the title (default: the board's name, "(authored layout)" for authored boards).
    labels, legend : draw city names / the legend of players and symbols.
    figsize : size of the new figure in inches (ignored when ``ax`` is given).
    dim_unclaimed : fade unclaimed routes so the claims stand out.

    Every car-space patch has the gid ``"route-<id>"``; ValueError on an unknown route
    id, city or player index.
    """
    import matplotlib.pyplot as plt

    claims = dict(claims or {})
    highlight = list(highlight)
    highlight_cities = list(highlight_cities)
    colors = list(player_colors) if player_colors is not None else list(PLAYER_COLORS)
    known = {r.id for r in board.routes}
    for rid in list(claims) + highlight:
        if rid not in known:
            raise ValueError(f"{board.name} has no route with id {rid!r}")
    for c in highlight_cities:
        if c not in board.cities:
            raise ValueError(f"{board.name} has no city called {c!r}")
    for rid, p in claims.items():
        if not isinstance(p, numbers.Integral) or isinstance(p, bool) or not 0 <= p < len(colors):
            raise ValueError(f"route {rid} is claimed by player {p!r}, but there are colours "
                             f"for players 0..{len(colors) - 1} only")
    claims = {rid: int(p) for rid, p in claims.items()}

    layout = _layout(board)
    x0, x1, y0, y1 = _extent(board, layout)
    if ax is None:
        if figsize is None:
            aspect = (y1 - y0) / (x1 - x0)
            w = min(DEFAULT_WIDTH_IN, DEFAULT_WIDTH_IN / aspect)   # the longer side 14 in
            figsize = (w, w * aspect + 0.6)
        fig, ax = plt.subplots(figsize=figsize)
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.45 / figsize[1])
    fig = ax.figure
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)  # y grows southward
    ax.set_aspect("equal", adjustable="box")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_facecolor(BACKGROUND)
    for s in ax.spines.values():
        s.set_edgecolor("#8a7a5a")
    ax.apply_aspect()
    pos = ax.get_position()
    pt = pos.width * fig.get_figwidth() * 72 / (x1 - x0)   # points per board unit

    W = layout.car_width
    halo = [patheffects.withStroke(linewidth=max(1.5, 0.0035 * pt), foreground="white")]

    # glow under highlighted routes
    for rid in highlight:
        ss = layout.spaces[rid]
        xs, ys = _glow_path(ss, layout.car_length[rid])
        ax.plot(xs, ys, color=highlight_color, alpha=0.45, lw=W * 3.4 * pt,
                solid_capstyle="round", solid_joinstyle="round", zorder=1, gid=f"highlight-{rid}")

    # car spaces
    cars = _car_samples(layout)
    badges = _badge_spots(board, layout, cars)
    for r in board.routes:
        ss = layout.spaces[r.id]
        L = layout.car_length[r.id]
        owner = claims.get(r.id)
        fill = ROUTE_COLORS_HEX[r.color]
        alpha = 0.28 if dim_unclaimed and owner is None else 1.0
        if owner is None:
            face, edge, lw = fill, INK if r.color != "black" else "#000000", 0.6
        else:
            face, edge, lw = colors[owner], fill, max(1.0, 0.22 * W * pt)
        locos = set(_spread(len(ss), r.ferry_locos))
        xs_idx = set(_spread(len(ss), r.mountains)) - locos if r.mountains else set()
        for k, s in enumerate(ss):
            rect = Rectangle((s.x - L / 2, s.y - W / 2), L, W, angle=s.angle, rotation_point="center",
                             facecolor=face, edgecolor=edge, lw=lw, alpha=alpha, zorder=3,
                             gid=f"route-{r.id}")
            ax.add_patch(rect)
            if owner is not None:  # a thin dark line outside the colour edge keeps it visible
                ax.add_patch(Rectangle((s.x - L / 2 - W * 0.12, s.y - W * 0.62), L + W * 0.24, W * 1.24,
                                       angle=s.angle, rotation_point="center", facecolor="none",
                                       edgecolor=INK, lw=0.5, alpha=alpha, zorder=3.1))
            if r.tunnel:
                ax.add_patch(Rectangle((s.x - L / 2 - W * 0.22, s.y - W * 0.72), L + W * 0.44, W * 1.44,
                                       angle=s.angle, rotation_point="center", facecolor="none",
                                       edgecolor=INK, lw=max(0.8, 0.09 * W * pt), linestyle=(0, (2, 1.2)),
                                       alpha=alpha, zorder=2.9, gid=f"tunnel-{r.id}"))
            if k in locos:
                _loco_stripes(ax, s, L, W, alpha)
            if k in xs_idx:
                _x_mark(ax, s, L, W, face, pt, alpha)
        if r.tunnel:
            _tunnel_badge(ax, r, badges[r.id], W, pt, alpha)

    # cities and countries
    for c in board.cities.values():
        if c.is_country:
            ax.add_patch(Ellipse((c.x, c.y), COUNTRY_RADIUS * 2.9, COUNTRY_RADIUS * 1.9,
                                 facecolor=COUNTRY_FILL, edgecolor=COUNTRY_EDGE, lw=1.5,
                                 zorder=2.5, gid=f"country-{c.name}"))
            ax.text(c.x, c.y, c.name.upper(), ha="center", va="center", zorder=7,
                    fontsize=LABEL_SIZE * 1.05 * pt, fontweight="bold", color="#6b5530",
                    path_effects=halo)
        else:
            ax.add_patch(Circle((c.x, c.y), CITY_RADIUS, facecolor=CITY_FILL, edgecolor=CITY_EDGE,
                                lw=max(0.8, 0.0018 * pt), zorder=5, gid=f"city-{c.name}"))
    for name in highlight_cities:
        c = board.cities[name]
        rad = COUNTRY_RADIUS * 1.1 if c.is_country else CITY_RADIUS * 2.1
        ax.add_patch(Circle((c.x, c.y), rad, facecolor="none", edgecolor=highlight_color,
                            lw=max(1.5, 0.004 * pt), zorder=6, gid=f"ring-{name}"))

    if labels:
        rim = [(x + W * 0.9 * dx, y + W * 0.9 * dy) for x, y in badges.values()
               for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))]
        obstacles = np.concatenate([cars, np.array(rim).reshape(-1, 2)])
        _labels(ax, board, obstacles, pt, halo, (x0, x1, y0, y1))

    ax.set_title(title if title is not None else _short_title(board),
                 fontsize=max(9.0, 0.017 * pt), fontweight="bold")

    if legend:
        handles = []
        if claims:
            n = min(len(colors), max(max(claims.values()) + 1, len(player_names or ())))
            names = list(player_names or ())
            names += [f"Player {i + 1}" for i in range(len(names), n)]
            handles += [Patch(facecolor=colors[i], edgecolor=INK, label=names[i]) for i in range(n)]
        handles += _symbol_handles(board, highlight, highlight_color)
        if handles:
            ax.legend(handles=handles, loc="lower left", fontsize=max(6.0, 0.0105 * pt),
                      framealpha=0.9, facecolor="white", edgecolor="#8a7a5a",
                      handler_map={_LocoKey: _LocoHandler()})
    return ax


def _glow_path(ss: Sequence[_Space], L: float) -> tuple[list, list]:
    """Centre line of a route's spaces, extended half a car at each end."""
    pts = [(s.x, s.y) for s in ss]
    if len(pts) == 1:
        t = math.radians(ss[0].angle)
        pts = [(ss[0].x - math.cos(t) * L / 2, ss[0].y - math.sin(t) * L / 2),
               (ss[0].x + math.cos(t) * L / 2, ss[0].y + math.sin(t) * L / 2)]
    else:
        for i0, i1 in ((0, 1), (-1, -2)):
            (ax_, ay), (bx, by) = pts[i0], pts[i1]
            d = math.hypot(ax_ - bx, ay - by) or 1e-9
            ext = (ax_ + (ax_ - bx) / d * L / 2, ay + (ay - by) / d * L / 2)
            if i0 == 0:
                pts.insert(0, ext)
            else:
                pts.append(ext)
    return [p[0] for p in pts], [p[1] for p in pts]


def _loco_stripes(ax, s: _Space, L: float, W: float, alpha: float) -> None:
    """Four thin colour bands across a ferry's Locomotive space."""
    t = math.radians(s.angle)
    n = len(LOCO_STRIPES)
    band = L * 0.8 / n
    for i, col in enumerate(LOCO_STRIPES):
        off = (i - (n - 1) / 2) * band
        cx, cy = s.x + math.cos(t) * off, s.y + math.sin(t) * off
        ax.add_patch(Rectangle((cx - band / 2, cy - W * 0.34), band, W * 0.68, angle=s.angle,
                               rotation_point="center", facecolor=col, edgecolor="none",
                               alpha=alpha, zorder=4, gid="ferry-loco"))


def _x_mark(ax, s: _Space, L: float, W: float, face: str, pt: float, alpha: float) -> None:
    """An X on a mountain space (Legendary Asia: one extra train)."""
    t = math.radians(s.angle)
    ux, uy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
    h = W * 0.36
    ink = "white" if _luminance(face) < 0.45 else INK
    for sgn in (1, -1):
        ax.plot([s.x - ux * h - nx * h * sgn, s.x + ux * h + nx * h * sgn],
                [s.y - uy * h - ny * h * sgn, s.y + uy * h + ny * h * sgn],
                color=ink, lw=max(0.8, 0.16 * W * pt), alpha=alpha, zorder=4.2,
                solid_capstyle="round", gid="mountain-x")


def _badge_spots(board: Board, layout: _Layout, cars: Any) -> dict[int, tuple[float, float]]:
    """Where each tunnel's number goes: beside its spaces, where it covers least."""

    W = layout.car_width
    dots = np.array([(c.x, c.y) for c in board.cities.values()])
    placed: list[tuple[float, float]] = []
    spots = {}
    for r in board.routes:
        if not r.tunnel:
            continue
        ss = layout.spaces[r.id]
        nx, ny = layout.normal[r.id]
        mid = (len(ss) - 1) / 2
        best = None
        for k, s in enumerate(ss):
            t = math.radians(s.angle)
            snx, sny = -math.sin(t), math.cos(t)
            if snx * nx + sny * ny < 0:
                snx, sny = -snx, -sny
            for side, dist in ((1, 1.9), (-1, 1.9), (1, 2.8), (-1, 2.8)):
                cx, cy = s.x + snx * side * W * dist, s.y + sny * side * W * dist
                dc = np.hypot(cars[:, 0] - cx, cars[:, 1] - cy)
                score = float(np.clip(W * 1.5 - dc, 0, None).sum()) / W
                dd = np.hypot(dots[:, 0] - cx, dots[:, 1] - cy)
                score += 3.0 * float(np.clip(CITY_RADIUS + W * 1.2 - dd, 0, None).sum()) / W
                score += sum(3.0 for px, py in placed if math.hypot(px - cx, py - cy) < W * 2.2)
                score += 0.15 * abs(k - mid) + (0.0 if side > 0 else 0.2) + 0.3 * (dist > 2)
                if best is None or score < best[0] - 1e-9:
                    best = (score, (cx, cy))
        spots[r.id] = best[1]
        placed.append(best[1])
    return spots


def _tunnel_badge(ax, r: Route, spot: tuple[float, float], W: float, pt: float, alpha: float) -> None:
    """A dark disc beside the tunnel, with the number of cards it reveals."""
    cx, cy = spot
    ax.add_patch(Circle((cx, cy), W * 0.95, facecolor=INK, edgecolor="white", lw=0.8,
                        alpha=alpha, zorder=4.5, gid=f"tunnel-badge-{r.id}"))
    ax.text(cx, cy, str(r.tunnel), ha="center", va="center", color="white", fontweight="bold",
            fontsize=W * 1.25 * pt, zorder=4.6, alpha=alpha)


def _car_samples(layout: _Layout) -> Any:
    """Three points along every car space (for keeping labels and badges off the tracks)."""

    pts = []
    for rid, ss in layout.spaces.items():
        L = layout.car_length[rid]
        for s in ss:
            t = math.radians(s.angle)
            for f in (-0.4, 0.0, 0.4):
                pts.append((s.x + math.cos(t) * L * f, s.y + math.sin(t) * L * f))
    return np.array(pts).reshape(-1, 2)


class _LocoKey(Patch):
    """Legend proxy for a ferry's Locomotive space."""


class _LocoHandler(HandlerBase):
    """Draws the legend key of a Locomotive space: the four stripes."""

    def create_artists(self, legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans):
        n = len(LOCO_STRIPES)
        out = [Rectangle((-xdescent + i * width / n, -ydescent + height * 0.1), width / n,
                         height * 0.8, facecolor=col, edgecolor="none", transform=trans)
               for i, col in enumerate(LOCO_STRIPES)]
        out.append(Rectangle((-xdescent, -ydescent + height * 0.1), width, height * 0.8,
                             facecolor="none", edgecolor=INK, lw=0.8, transform=trans))
        return out


def _symbol_handles(board: Board, highlight: list[int], highlight_color: str) -> list:
    h: list = []
    s = board.stats()
    if s["ferries"]:
        h.append(_LocoKey(label="ferry: striped spaces need Locomotives"))
    if s["tunnels"]:
        h.append(Patch(facecolor="none", edgecolor=INK, linestyle="--",
                       label="tunnel: number = cards revealed"))
    if s["mountain_routes"]:
        h.append(Line2D([], [], marker="x", color=INK, lw=0, markersize=7, markeredgewidth=2,
                        label="X: mountain space, one extra train"))
    if s["countries"]:
        h.append(Patch(facecolor=COUNTRY_FILL, edgecolor=COUNTRY_EDGE,
                       label="country: a destination no path passes through"))
    if highlight:
        h.append(Line2D([], [], color=highlight_color, alpha=0.45, lw=8, label="highlighted"))
    return h


# -- labels -------------------------------------------------------------------------------
def _text_size(text: str, fontsize: float) -> tuple[float, float]:
    """Width and height of bold text in points (backend-independent)."""
    prop = FontProperties(weight="bold", size=fontsize)
    w, h, _ = TextToPath().get_text_width_height_descent(text, prop, ismath=False)
    return w, h


def _labels(ax, board: Board, cars: Any, pt: float, halo, limits) -> None:
    """City names placed greedily where they cover fewest car spaces and other names."""

    x0, x1, y0, y1 = limits
    fs = LABEL_SIZE * pt
    m = 0.5 * _car_width(board)
    dots = np.array([(c.x, c.y) for c in board.cities.values()])
    degree = {n: 0 for n in board.cities}
    for r in board.routes:
        degree[r.a] += 1
        degree[r.b] += 1
    placed: list[tuple[float, float, float, float]] = []
    order = sorted((c for c in board.cities.values() if not c.is_country),
                   key=lambda c: (-degree[c.name], c.name))
    for c in order:
        tw, th = _text_size(c.name, fs)
        w, h = tw / pt * 1.04, th / pt * 1.1
        best = None
        for dist in (1.6, 2.6, 3.8):
            d = CITY_RADIUS * dist
            for ang in range(0, 360, 30):
                ca, sa = math.cos(math.radians(ang)), math.sin(math.radians(ang))
                cx, cy = c.x + d * ca, c.y + d * sa
                bx = cx if ca > 0.3 else cx - w if ca < -0.3 else cx - w / 2
                by = cy if sa > 0.3 else cy - h if sa < -0.3 else cy - h / 2
                box = (bx, by, bx + w, by + h)
                inside = ((cars[:, 0] > box[0] - m) & (cars[:, 0] < box[2] + m)
                          & (cars[:, 1] > box[1] - m) & (cars[:, 1] < box[3] + m))
                score = 3.0 * float(inside.sum())
                near = ((dots[:, 0] > box[0] - CITY_RADIUS) & (dots[:, 0] < box[2] + CITY_RADIUS)
                        & (dots[:, 1] > box[1] - CITY_RADIUS) & (dots[:, 1] < box[3] + CITY_RADIUS))
                score += 8.0 * float(near.sum())
                gx = np.clip(dots[:, 0], box[0], box[2]) - dots[:, 0]
                gy = np.clip(dots[:, 1], box[1], box[3]) - dots[:, 1]
                gap = np.hypot(gx, gy)            # each dot's distance to the label
                own = math.hypot(min(max(c.x, box[0]), box[2]) - c.x, min(max(c.y, box[1]), box[3]) - c.y)
                score += 4.0 * float((gap < own + CITY_RADIUS * 2).sum() - 1)  # ambiguous: near another city
                score += 40.0 * sum(_overlap(box, o) for o in placed) / (w * h)
                if box[0] < x0 or box[2] > x1 or box[1] < y0 or box[3] > y1:
                    score += 30.0
                score += dist * 0.8 + (0.0 if ang in (0, 330, 30, 180) else 0.3)
                if best is None or score < best[0] - 1e-9:
                    best = (score, box)
        box = best[1]
        placed.append(box)
        ax.text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, c.name, ha="center", va="center",
                fontsize=fs, fontweight="bold", color=INK, zorder=7, path_effects=halo,
                gid=f"label-{c.name}")


def _overlap(a: tuple, b: tuple) -> float:
    return (max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
            * max(0.0, min(a[3], b[3]) - max(a[1], b[1])))


# -- output -------------------------------------------------------------------------------
def board_png(board: Board, *, dpi: int = 100, compact: bool = True, **kw: Any) -> bytes:
    """The board drawn into a new figure, as PNG bytes (the figure is closed).

    ``compact`` stores the picture with a 256-colour palette: about a quarter of the
    bytes and no visible difference (notebooks stay small). Other keywords go to
    :func:`draw_board`.
    """
    import matplotlib.pyplot as plt

    kw.pop("ax", None)
    ax = draw_board(board, **kw)
    buf = io.BytesIO()
    try:
        ax.figure.savefig(buf, format="png", dpi=dpi, facecolor="white")
    finally:
        plt.close(ax.figure)
    if not compact:
        return buf.getvalue()
    from PIL import Image  # a dependency of matplotlib

    img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    small = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


def save_board(board: Board, path: str | Path, **kw: Any) -> None:
    """Draw the board and write it to ``path``: PNG (compact, as :func:`board_png`), or SVG
    or PDF by the file's suffix. Keywords go to :func:`draw_board` (and ``dpi``)."""
    import matplotlib.pyplot as plt

    path = Path(path)
    if path.suffix.lower() == ".png":
        path.write_bytes(board_png(board, **kw))
        return
    dpi = kw.pop("dpi", 100)
    kw.pop("ax", None)
    kw.pop("compact", None)
    ax = draw_board(board, **kw)
    try:
        ax.figure.savefig(path, dpi=dpi, facecolor="white")
    finally:
        plt.close(ax.figure)


# -- command line -------------------------------------------------------------------------
def cli_render(args: Any) -> int:
    """`ttr-nb render`: draw a map (``--map``) or a simulated game after ``--step`` actions."""
    import matplotlib

    matplotlib.use("Agg")
    from .board import load_map

    out = Path(args.output)
    if getattr(args, "map", None):
        board = load_map(args.map)
        save_board(board, out)
        print(f"wrote {out}: {board.name}")
        return 0
    from .agents import agent_seed, make_agent
    from .game import new_game

    game = new_game(args.variant, players=args.players, seed=args.seed)
    names = [a.strip() for a in str(args.agents).split(",") if a.strip()] or ["greedy"]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise ValueError(f"--agents names {len(names)} agents for {args.players} players")
    seats = [make_agent(n, seed=agent_seed(args.seed, i)) for i, n in enumerate(names)]
    steps = 0
    while not game.over and (args.step is None or steps < args.step):
        game.apply(seats[game.current_player].choose(game))
        steps += 1
    player_names = [f"{n} ({names[i]})" for i, n in enumerate(game.names)]
    save_board(game.board, out, claims=game.route_owners, player_names=player_names,
               title=f"{game.board.name}: seed {args.seed}, step {steps}")
    print(f"wrote {out}: {args.variant}, {args.players} players, seed {args.seed}, {steps} actions")
    return 0
