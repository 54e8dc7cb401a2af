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
  of cards revealed when it is claimed (beside its spaces, on no car space, badge or city dot;
  the two tracks of a double tunnel that reveal the same number share one disc);
* a **mountain** (Legendary Asia) X space carries an X: it costs one extra train;
* a **country** (The Heart of Africa) is a large pale oval with its name in capitals;
* a **claimed** route is covered by cars: every space in the player's colour over its whole
  area, with a dark outline and the player's mark (initial or number), so players are told
  apart without colour (Team Asia partners share a colour and differ by mark);
* highlights differ by style, not only by hue: a **path** is a solid band with dark edges
  under the cars, a **gap** a dashed orange band, a player's **longest trail** a white band
  striped in the player's colour (a dash pattern per player), a **selected** route has
  black-and-white dashed frames, a **closed** track is cross-hatched.

The legend sits in a strip under the board. The picture is made of two parts:
:func:`draw_fixed` (the board as printed: spaces, symbols, cities, names) and
:func:`draw_overlay` (claims and highlights on top). :func:`board_png` (and so ``ttr_nb.show``
and every ``_repr_png_``) draws the fixed part once per board, size and resolution and paints
each position over it (:mod:`ttr_nb.widgets.canvas`, the widgets' path too): a game position
costs tens of milliseconds instead of half a second. :func:`board_svg` draws the whole figure
as SVG (vector; the same bytes for the same position).

Every car-space patch carries the gid ``"route-<id>"`` (tests and widgets find a route's
patches by it). The engine never imports this module.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.draw import draw_board
>>> ax = draw_board(ttr_nb.load_map("usa"), claims={1: 0, 2: 1}, highlight=[3])  # doctest: +SKIP
"""
from __future__ import annotations

import bisect
import io
import itertools
import math
import numbers
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
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
    "#580072",  # violet
    "#1a635c",  # teal
    "#731a03",  # brown
    "#a6d608",  # lime
    "#2dd3ff",  # sky blue
    "#b65a8f",  # orchid
)
"""Six player (or team) colours that every eye tells apart: in CAM02-UCS (colorspacious)
the first five are at least 20 apart and all six at least 16, under normal vision and
simulated deuteranomaly, protanomaly and tritanomaly at full severity
(``tests/test_palette.py``). None is a card colour (each is at least 16 from every route
colour under normal vision); under a colour-vision deficiency some come near a card colour
(lime near yellow), so a claimed car is also told by its dark outline and its mark."""

PLAYER_COLOR_NAMES: tuple[str, ...] = ("violet", "teal", "brown", "lime", "sky blue", "orchid")

PATH_COLOR = "#00c8f0"
"""Default colour of a highlighted path (a cyan band with dark edges; no card colour)."""
GAP_COLOR = "#ff6a00"
"""Colour of the dashed band of a ticket's gap."""
GAP_DASHES = (0, (1.0, 0.7))
TRAIL_DASHES: tuple[tuple, ...] = ((0, (0.5, 0.5)), (0, (1.6, 0.6)), (0, (0.25, 0.35)),
                                   (0, (2.6, 0.8)), (0, (1.0, 0.4, 0.3, 0.4)), (0, (0.8, 1.0)))
"""Dash pattern of each player's longest-trail band (in band widths), so two trails differ
even where their colours look alike."""
NAME_MAX = 18
"""Names in the legend are cut to this many characters."""
LEGEND_BAND = 0.072
"""Height of the legend strip under the board, in board units."""
LEGEND_FILL = "#fbf8ef"

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
    route or city; the bends stored with the maps when they are for this board)."""
    return _build_layout(board, use_shipped=True)[0]


def computed_bends(board: Board) -> dict[frozenset, float]:
    """The bend chosen for each authored city pair of ``board``, computed (not read from
    ``maps/layouts/``): what ``tools/build_layouts.py`` stores."""
    return _build_layout(board, use_shipped=False)[1]


def _build_layout(board: Board, use_shipped: bool) -> tuple[_Layout, dict[frozenset, float]]:
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
        shipped = shipped_bends(board) if use_shipped else None
        if shipped is not None and set(shipped) == set(laid):
            for key, bend in shipped.items():
                if bend:
                    laid[key] = (bend, _lay_group(board, groups[key], bend, base, width))
        else:
            _unclutter(board, laid, groups, spaces, base, width)
    for key, (_, out) in laid.items():
        for rid, (ss, L, nrm) in out.items():
            spaces[rid], car_len[rid], normal[rid] = ss, L, nrm
    return _Layout(spaces, car_len, width, normal), {k: bend for k, (bend, _) in laid.items()}


def layout_fingerprint(board: Board) -> str:
    """A digest of what the layout of an authored board depends on (cities and tracks), so a
    stored layout is used only for the board it was computed for."""
    import hashlib
    import json

    facts = [sorted((c.name, c.x, c.y, c.kind) for c in board.cities.values()),
             sorted((r.id, r.a, r.b, r.length, r.double_group) for r in board.routes)]
    return hashlib.sha256(json.dumps(facts, ensure_ascii=False).encode()).hexdigest()


def _layouts_dir() -> Path:
    from .board import maps_dir

    return maps_dir() / "layouts"


def shipped_bends(board: Board) -> dict[frozenset, float] | None:
    """The bends stored with the maps (``maps/layouts/<key>.json``, written by
    ``tools/build_layouts.py``) for this board, or None when there are none or the board has
    changed since (its :func:`layout_fingerprint` differs): then the layout is computed."""
    import json

    path = _layouts_dir() / f"{board.key}.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("fingerprint") != layout_fingerprint(board):
            return None
        return {frozenset((a, b)): float(bend) for a, b, bend in doc["bends"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None


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
    t_ = np.arange(steps + 1) / steps
    cx_ = (1 - t_) ** 2 * ca.x + 2 * (1 - t_) * t_ * px + t_ * t_ * cb.x
    cy_ = (1 - t_) ** 2 * ca.y + 2 * (1 - t_) * t_ * py + t_ * t_ * cb.y
    curve = list(zip(cx_.tolist(), cy_.tolist()))
    arc = np.concatenate([[0.0], np.cumsum(np.hypot(np.diff(cx_), np.diff(cy_)))]).tolist()
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
        j = max(1, min(steps, bisect.bisect_left(arc, s)))      # the first arc point at or past s
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
    # every sample in one array (keys in order, then the printed spaces); a key's rows change in place
    start, at_ = {}, 0
    for k in keys:
        start[k] = at_
        at_ += len(pts[k])
    every = np.concatenate([pts[k] for k in keys] + [fixed_pts]).reshape(-1, 2)
    not_mine = {}
    for k in keys:
        m = np.ones(len(every), dtype=bool)
        m[start[k]:start[k] + len(pts[k])] = False
        not_mine[k] = m
    tried: dict[tuple, dict] = {}
    names = list(board.cities)
    dots_all = np.array([(board.cities[n].x, board.cities[n].y) for n in names])
    near_end = CITY_RADIUS * 1.15 + 0.25 * base
    room = width * 1.5
    per_key = {k: (np.array([(board.cities[c].x, board.cities[c].y) for c in k]),
                   dots_all[np.array([n not in k for n in names])]) for k in keys}

    def cost(key: frozenset, mine: np.ndarray, bend: float) -> float:
        others = every[not_mine[key]]
        ends, dots_other = per_key[key]
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
        dd = np.sqrt(((mine[:, None, :] - dots_other[None, :, :]) ** 2).sum(axis=2))
        c += 3.0 * float(np.clip(CITY_RADIUS + width * 1.2 - dd, 0, None).sum()) / width
        return c + 4.0 * abs(bend)

    # A key's costs depend only on the samples inside its candidates' boxes: in the second pass a
    # key is weighed again only when a route bent since its last weighing moved samples there.
    moved: list[tuple[int, np.ndarray, np.ndarray]] = []      # (when, low corner, high corner)
    weighed: dict[frozenset, int] = {}
    region: dict[frozenset, tuple[np.ndarray, np.ndarray]] = {}
    clock = 0
    for pass_ in range(2):
        for key in keys:
            tracks = groups[key]
            if pass_ and key in region:
                lo, hi = region[key]
                if not any(t > weighed[key] and np.all(a <= hi) and np.all(b >= lo) for t, a, b in moved):
                    continue
            clock += 1
            weighed[key] = clock
            best = None
            seen = []
            for bend in BENDS:
                if bend == laid[key][0]:
                    out, mine = laid[key][1], pts[key]
                else:
                    if (key, bend) not in tried:
                        lay = _lay_group(board, tracks, bend, base, width)
                        tried[key, bend] = (lay, samples(lay))
                    out, mine = tried[key, bend]
                seen.append(mine)
                c = cost(key, mine, bend)
                if best is None or c < best[0] - 1e-9:
                    best = (c, bend, out, mine)
            allp = np.concatenate(seen)
            region[key] = (allp.min(axis=0) - 2 * room, allp.max(axis=0) + 2 * room)
            if best[1] != laid[key][0]:
                both = np.concatenate([pts[key], best[3]])
                clock += 1
                moved.append((clock, both.min(axis=0), both.max(axis=0)))
            laid[key] = (best[1], best[2])
            pts[key] = best[3]
            every[start[key]:start[key] + len(best[3])] = best[3]


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
               marks: Sequence[str | None] | None = None,
               highlight: Iterable[int] = (), highlight_color: str = PATH_COLOR,
               highlight_cities: Iterable[str] = (), gap: Iterable[int] = (),
               trails: Mapping[int, Iterable[int]] | None = None, selected: Iterable[int] = (),
               closed: Iterable[int] = (), title: str | None = None,
               labels: bool = True, legend: bool = True, figsize: tuple[float, float] | None = None,
               dim_unclaimed: bool = False, highlight_label: str | None = None) -> Axes:
    """Draw ``board`` on ``ax`` (a new figure when None) and return the Axes.

    Parameters
    ----------
    board : Board
    claims : route id -> player (or team) index. A claimed route's spaces are covered by cars
        in the player's colour with a dark outline and the player's mark.
    player_colors : one colour per player (default :data:`PLAYER_COLORS`). Team partners may
        share a colour and differ by mark.
    player_names : names for the legend (default "Player 1", "Player 2", ...; cut to
        :data:`NAME_MAX` characters). Given names are listed even before any claim.
    marks : one short mark per player, drawn on each of their cars (default: the initials of
        the names when they differ, else 1, 2, 3...; no marks with your own ``player_colors``
        unless given). ``()`` draws none.
    highlight : route ids of a **path** (e.g. one that completes a ticket): a solid band in
        ``highlight_color`` with dark edges, under the cars.
    highlight_label : the legend's words for ``highlight`` (default "highlighted routes"; e.g.
        "path (completes a ticket)", "the cheapest T-join").
    gap : route ids a failed ticket still needs: a dashed orange band under the cars.
    trails : player index -> route ids of that player's longest trail: a white band striped
        in the player's colour, each player with their own dash pattern.
    selected : route ids of a selected route: black-and-white dashed frames round its cars.
    closed : route ids of closed tracks (a double route's twin in a 2-3 player game): the
        cars cross-hatched.
    highlight_cities : city names ringed in ``highlight_color``.
    title : the title (default: the board's name, "(authored layout)" for authored boards).
    labels, legend : draw city names / the legend of players, highlights and symbols. The
        legend sits in a strip under the board; the strip is kept (empty) when draw_board
        sizes the figure itself, so every picture of a board has the same frame.
    figsize : size of the new figure in inches (ignored when ``ax`` is given).
    dim_unclaimed : fade unclaimed routes so the claims stand out.

    Every car-space patch has the gid ``"route-<id>"`` (the board's own space, always in the
    route's colour); a claimed car is drawn over it with the gid ``"claim-<id>"`` and its mark
    ``"mark-<id>"``; highlights have the gids ``"highlight-<id>"``, ``"gap-<id>"``,
    ``"trail-<player>-<id>"``, ``"selected-<id>"`` and ``"closed-<id>"``. ValueError on an
    unknown route id, city or player index.
    """
    import matplotlib.pyplot as plt

    over, names, n_players = _prepare(board, claims, player_colors, player_names, marks, highlight,
                                      highlight_color, highlight_cities, gap, trails, selected, closed)
    if highlight_label:
        over.labels["path"] = str(highlight_label)
    layout = _layout(board)
    x0, x1, y0, y1 = _extent(board, layout)
    room = legend or (ax is None and figsize is None)
    if ax is None:
        fig, ax = plt.subplots(figsize=_figsize(board, figsize, room))
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.45 / fig.get_figheight())
    pt = _frame(board, ax, room)
    faded = {r.id for r in board.routes if r.id not in over.claims} if dim_unclaimed else set()
    draw_fixed(ax, board, pt, labels=labels, faded=faded, limits=(x0, x1, y0, y1))
    if room:
        _strip(ax, (x0, x1, y0, y1))
    draw_overlay(ax, board, pt, over)
    _title(ax, board, pt, title)
    if legend:
        handles = _legend_handles(board, over, names, n_players)
        if handles:
            _legend(ax, handles, pt, (x0, x1, y1, y1 + LEGEND_BAND))
    return ax


def _prepare(board: Board, claims, player_colors, player_names, marks, highlight, highlight_color,
             highlight_cities, gap, trails, selected, closed) -> tuple[_Overlay, list[str], int]:
    """draw_board's keywords checked: the overlay, the players' names for the legend, and how many."""
    colors = list(player_colors) if player_colors is not None else list(PLAYER_COLORS)
    claims = _check_claims(board, claims, colors)
    over = _Overlay(claims=claims, colors=colors, marks=(), highlight=_ids(board, highlight),
                    highlight_color=highlight_color, gap=_ids(board, gap),
                    trails={_player(p, colors): _ids(board, ids) for p, ids in (trails or {}).items()},
                    selected=_ids(board, selected), closed=_ids(board, closed),
                    cities=_city_names(board, highlight_cities))
    n_players = max([max(claims.values()) + 1 if claims else 0, len(player_names or ()),
                     *(p + 1 for p in over.trails)])
    n_players = min(n_players, len(colors))
    names = [_cut(str(n)) for n in (player_names or ())][:n_players]
    names += [f"Player {i + 1}" for i in range(len(names), n_players)]
    if marks is None:
        marks = _default_marks(list(player_names or ()) or names, n_players) if player_colors is None else ()
    over.marks = tuple(None if m is None else str(m)[:2] for m in marks)
    return over, names, n_players


def _figsize(board: Board, figsize: tuple[float, float] | None, room: bool) -> tuple[float, float]:
    """The size of a new figure: given, or the longer side 14 in (with the legend strip)."""
    if figsize is not None:
        return tuple(figsize)
    x0, x1, y0, y1 = _extent(board, _layout(board))
    aspect = (y1 + (LEGEND_BAND if room else 0.0) - y0) / (x1 - x0)
    w = min(DEFAULT_WIDTH_IN, DEFAULT_WIDTH_IN / aspect)
    return (w, w * aspect + 0.6)


def _frame(board: Board, ax: Axes, room: bool) -> float:
    """Limits, aspect and ground of the board's axes; returns points per board unit."""
    x0, x1, y0, y1 = _extent(board, _layout(board))
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


def _title(ax: Axes, board: Board, pt: float, title: str | None) -> Any:
    return ax.set_title(title if title is not None else _short_title(board),
                        fontsize=max(9.0, 0.017 * pt), fontweight="bold")


def _legend_handles(board: Board, over: _Overlay, names: Sequence[str], n_players: int) -> list:
    """The legend's entries: each player's car, each highlight style shown, the board's symbols."""
    handles = [_car_key(over.colors[i], over.marks[i] if i < len(over.marks) else None, label=names[i])
               for i in range(n_players)]
    return handles + _highlight_handles(over, names) + _symbol_handles(board)


@dataclass
class _Overlay:
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


def _ids(board: Board, ids: Iterable[int]) -> list[int]:
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
    _ids(board, claims)
    for rid, p in claims.items():
        if not isinstance(p, numbers.Integral) or isinstance(p, bool) or not 0 <= p < len(colors):
            raise ValueError(f"route {rid} is claimed by player {p!r}, but there are colours "
                             f"for players 0..{len(colors) - 1} only")
    return {int(rid): int(p) for rid, p in claims.items()}


def _cut(name: str, n: int | None = None) -> str:
    """A name cut to ``n`` characters (default :data:`NAME_MAX`), with an ellipsis."""
    n = n or NAME_MAX
    return name if len(name) <= n else name[: n - 1].rstrip() + "…"


def _default_marks(names: Sequence[str], n: int) -> tuple[str, ...]:
    """The players' initials when they differ (and are letters), else 1, 2, 3..."""
    initials = [str(s).strip()[:1].upper() for s in names[:n]]
    if len(initials) == n and all(i.isalpha() for i in initials) and len(set(initials)) == n:
        return tuple(initials)
    return tuple(str(i + 1) for i in range(n))


_COLLECT: list | None = None
"""While :func:`draw_fixed` draws ``fast``: the patches, to be drawn as collections."""


def _add(ax: Axes, patch: Any) -> Any:
    """Add a patch without updating the data limits (they are set; this is most of the cost)."""
    if _COLLECT is not None:
        _COLLECT.append(patch)
        return patch
    return ax.add_artist(patch)


def _ink_on(color: str) -> str:
    """White or dark ink, whichever reads better on ``color``."""
    return "white" if _luminance(color) < 0.42 else INK


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
    layout = _layout(board)
    W = layout.car_width
    faded = set(faded)
    halo = [patheffects.withStroke(linewidth=max(1.5, 0.0035 * pt), foreground="white")]
    cars = _car_samples(layout)
    badges = _badge_spots(board, layout, cars)
    shown: set[tuple[float, float]] = set()
    for r in board.routes:
        ss = layout.spaces[r.id]
        L = layout.car_length[r.id]
        face = ROUTE_COLORS_HEX[r.color]
        alpha = 0.28 if r.id in faded else 1.0
        edge = INK if r.color != "black" else "#000000"
        locos = set(_spread(len(ss), r.ferry_locos))
        xs_idx = set(_spread(len(ss), r.mountains)) - locos if r.mountains else set()
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
        if r.tunnel and badges[r.id] not in shown:        # twins revealing the same number share one
            shown.add(badges[r.id])
            _tunnel_badge(ax, r, badges[r.id], W, pt, alpha)

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
            limits = _extent(board, layout)
        for name, box in place_labels(board, limits).items():
            ax.text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, name, ha="center", va="center",
                    fontsize=LABEL_SIZE * pt, fontweight="bold", color=INK, zorder=7, path_effects=halo,
                    gid=f"label-{name}")


def draw_overlay(ax: Axes, board: Board, pt: float, over: _Overlay, *, fast: bool = False) -> list:
    """Claims and highlights over the fixed board; returns the artists added (the fast
    pictures draw them themselves). Z-orders: bands under the cars below 2, claimed cars 3.3
    and their marks 3.4, closed 3.5, selected 3.6, city rings 6.

    ``fast``: the claimed cars, their marks and the closed tracks as three collections (the
    same shapes, colours and outlines; a mark is its glyphs' outline) instead of one artist
    per car, ten times quicker to build and draw; the artists then carry no per-route gid."""
    layout = _layout(board)
    W = layout.car_width
    out: list = []
    band = W * 3.4 * pt                      # width of a highlight band, in points
    rim = max(1.0, 0.12 * W * pt)

    def line(rid: int, gid: str, z: float, **kw: Any) -> None:
        xs, ys = _glow_path(layout.spaces[rid], layout.car_length[rid])
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
    trail_w = band * 0.7
    for p, ids in sorted(over.trails.items()):
        for rid in ids:
            line(rid, f"trail-{p}-{rid}", 1.2, color="white", lw=trail_w, solid_capstyle="butt",
                 path_effects=[patheffects.Stroke(linewidth=trail_w + 2 * rim, foreground=INK),
                               patheffects.Normal()])
            line(rid, f"trail-{p}-{rid}", 1.25, color=over.colors[p], lw=trail_w,
                 linestyle=TRAIL_DASHES[p % len(TRAIL_DASHES)], dash_capstyle="butt")

    if fast:
        out += _cars_fast(ax, layout, over, pt)
    for rid, p in ([] if fast else sorted(over.claims.items())):
        face = over.colors[p]
        mark = over.marks[p] if p < len(over.marks) else None
        L = layout.car_length[rid]
        ink = _ink_on(face)
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
    sel_w = max(1.8, 0.3 * W * pt)
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
    return out


def _corners(ss: Sequence[_Space], half_l: float, half_w: float) -> np.ndarray:
    """The four corners of each space's rectangle (centred on the space, turned by its angle),
    as Rectangle(angle=..., rotation_point="center") draws it: shape (n, 4, 2)."""
    c = np.array([(s.x, s.y) for s in ss]).reshape(-1, 1, 2)
    t = np.radians([s.angle for s in ss])
    u = np.stack([np.cos(t), np.sin(t)], axis=1)[:, None, :]
    v = np.stack([-np.sin(t), np.cos(t)], axis=1)[:, None, :]
    k = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)], dtype=float)
    return c + k[None, :, :1] * half_l * u + k[None, :, 1:] * half_w * v


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


def _cars_fast(ax: Axes, layout: _Layout, over: _Overlay, pt: float) -> list:
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
        polys.append(_corners(ss, (L + W * 0.1) / 2, W * 0.56))
        faces += [face] * len(ss)
        mark = over.marks[p] if p < len(over.marks) else None
        if not mark:
            continue
        verts, codes, (ox, oy) = _glyph(mark)
        ink = _ink_on(face)
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
        quads = np.concatenate([_corners(layout.spaces[rid], layout.car_length[rid] / 2, W / 2)
                                for rid in over.closed])
        col = PolyCollection(quads, facecolors=[(1, 1, 1, 0.55)], edgecolors=INK, hatch="xxx",
                             linewidths=0.8, zorder=3.5, joinstyle="miter")
        ax.add_collection(col, autolim=False)
        out.append(col)
    return out


def _strip(ax: Axes, limits: tuple[float, float, float, float]) -> Any:
    """The legend's strip under the board (drawn even when empty: one frame for every picture)."""
    x0, x1, _y0, y1 = limits
    return _add(ax, Rectangle((x0, y1), x1 - x0, LEGEND_BAND, facecolor=LEGEND_FILL, edgecolor="none",
                              zorder=0.5, gid="legend-strip"))


def _legend(ax: Axes, handles: list, pt: float, band: tuple[float, float, float, float]) -> list:
    """The legend in the strip under the board: as few rows as fit, columns filled first.
    Returns the legend in a list (the fast pictures draw and remove it)."""
    x0, x1, top, bottom = band
    fs = max(6.0, 0.0118 * pt)
    rows = max(1, min(3, len(handles)))
    fig = ax.figure
    for attempt in range(6):
        ncol = math.ceil(len(handles) / rows)
        leg = ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(x0 + 0.004, top + 0.002),
                        bbox_transform=ax.transData, ncol=ncol, fontsize=fs, frameon=False,
                        borderaxespad=0.0, handlelength=2.2, handleheight=1.1, columnspacing=1.4,
                        labelspacing=0.35, handler_map={_LocoKey: _LocoHandler(), _StyleKey: _StyleHandler()})
        try:
            r = fig.canvas.get_renderer()
            bb = leg.get_window_extent(r)
        except Exception:  # noqa: BLE001 — a backend without a renderer: keep this legend
            return [leg]
        axb = ax.get_window_extent(r)
        room = ax.transData.transform([(x0, top), (x0, bottom)])
        if bb.width <= axb.width * 0.99 and bb.height <= abs(room[1][1] - room[0][1]) * 0.98:
            return [leg]
        if bb.width > axb.width * 0.99 and rows < 3:
            rows += 1
        else:
            fs *= 0.9
    return [leg]


class _StyleKey(Patch):
    """Legend proxy drawn by a function (a highlight style, a car with its mark)."""

    def __init__(self, make: Any, label: str):
        super().__init__(label=label)
        self.make = make


class _StyleHandler(HandlerBase):
    def create_artists(self, legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans):
        return orig_handle.make(-xdescent, -ydescent, width, height, fontsize, trans)


def _car_key(color: str, mark: str | None, label: str) -> _StyleKey:
    """A legend key: a car in the player's colour with their mark."""
    def make(x, y, w, h, fs, trans):
        out = [Rectangle((x + w * 0.08, y + h * 0.05), w * 0.84, h * 0.9, facecolor=color, edgecolor=INK,
                         lw=1.2, transform=trans)]
        if mark:
            out.append(_key_text(x + w / 2, y + h / 2, mark, fs * 0.9, _ink_on(color), trans))
        return out
    return _StyleKey(make, label)


def _key_text(x: float, y: float, s: str, fs: float, color: str, trans) -> Any:
    from matplotlib.text import Text

    return Text(x, y, s, ha="center", va="center", fontsize=fs, fontweight="bold", color=color, transform=trans)


def _band_key(label: str, layers: list[dict]) -> _StyleKey:
    def make(x, y, w, h, fs, trans):
        out = []
        for kw in layers:
            kw = dict(kw)
            lw = h * kw.pop("lwf")
            casing = kw.pop("casing", False)
            ln = Line2D([x, x + w], [y + h / 2] * 2, lw=lw, transform=trans, solid_capstyle="butt", **kw)
            if casing:
                ln.set_path_effects([patheffects.Stroke(linewidth=lw + 2, foreground=INK), patheffects.Normal()])
            out.append(ln)
        out.append(Rectangle((x + w * 0.22, y + h * 0.32), w * 0.56, h * 0.36, facecolor="#a3a3a3",
                             edgecolor=INK, lw=0.6, transform=trans))
        return out
    return _StyleKey(make, label)


def _highlight_handles(over: _Overlay, names: Sequence[str]) -> list:
    h: list = []
    if over.highlight:
        h.append(_band_key(over.labels.get("path", "highlighted routes"),
                           [dict(color=over.highlight_color, lwf=1.0, casing=True)]))
    if over.gap:
        h.append(_band_key(over.labels.get("gap", "gap (what the ticket still needs)"),
                           [dict(color=GAP_COLOR, lwf=0.95, casing=True, linestyle=(0, (1.0, 0.7)))]))
    for p in sorted(over.trails):
        who = names[p] if p < len(names) else f"Player {p + 1}"
        h.append(_band_key(f"longest trail: {who}",
                           [dict(color="white", lwf=0.75, casing=True),
                            dict(color=over.colors[p], lwf=0.75, linestyle=TRAIL_DASHES[p % len(TRAIL_DASHES)])]))
    if over.selected:
        def sel(x, y, w, h_, fs, trans):
            return [Rectangle((x + w * 0.12, y + h_ * 0.1), w * 0.76, h_ * 0.8, facecolor="#a3a3a3",
                              edgecolor=col, lw=lw, linestyle=ls, transform=trans)
                    for col, ls, lw in (("white", "-", 3.0), (INK, (0, (1.6, 1.2)), 1.6))]
        h.append(_StyleKey(sel, over.labels.get("selected", "selected route")))
    if over.closed:
        def clo(x, y, w, h_, fs, trans):
            return [Rectangle((x + w * 0.12, y + h_ * 0.15), w * 0.76, h_ * 0.7, facecolor="#d9d9d9",
                              edgecolor=INK, hatch="xxx", lw=0.8, transform=trans)]
        h.append(_StyleKey(clo, over.labels.get("closed", "closed track")))
    if over.cities:
        rings = {over.city_colors.get(c, over.highlight_color) for c in over.cities}
        ring = rings.pop() if len(rings) == 1 else over.highlight_color  # the rings' own colour
        h.append(Line2D([], [], marker="o", color="none", markerfacecolor="none", markersize=9,
                        markeredgecolor=ring, markeredgewidth=2.2,
                        label=over.labels.get("cities", "city ringed")))
    return h


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
        _add(ax, Rectangle((cx - band / 2, cy - W * 0.34), band, W * 0.68, angle=s.angle,
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


BADGE_RADIUS = 0.95
"""A tunnel badge's radius, in car widths."""


def _car_boxes(board: Board, layout: _Layout) -> tuple[np.ndarray, np.ndarray]:
    """Every car space as (x, y, angle in radians, half length, half width), with room for a
    claimed car (and a tunnel's dashed outline), and the route id of each row."""
    W = layout.car_width
    rows, ids = [], []
    for r in board.routes:
        L = layout.car_length[r.id]
        hl, hw = (L / 2 + W * 0.22, W * 0.72) if r.tunnel else (L / 2 + W * 0.05, W * 0.56)
        for s in layout.spaces[r.id]:
            rows.append((s.x, s.y, math.radians(s.angle), hl, hw))
            ids.append(r.id)
    return np.array(rows).reshape(-1, 5), np.array(ids)


def _gap_to_boxes(boxes: np.ndarray, x: float, y: float) -> np.ndarray:
    """Distance from (x, y) to each turned rectangle (0 inside)."""
    dx, dy = x - boxes[:, 0], y - boxes[:, 1]
    c, s = np.cos(boxes[:, 2]), np.sin(boxes[:, 2])
    u, v = np.abs(dx * c + dy * s), np.abs(-dx * s + dy * c)
    return np.hypot(np.clip(u - boxes[:, 3], 0, None), np.clip(v - boxes[:, 4], 0, None))


def _badge_candidates(layout: _Layout, r: Route, W: float, cand: list, base: list) -> None:
    """Places for a tunnel's badge beside its spaces (at each space and half-way between two,
    1.9 to 5 car widths out, straight or tilted), with a small cost: far from the middle, on
    the inner side, far out, tilted."""
    ss = layout.spaces[r.id]
    nx, ny = layout.normal[r.id]
    mid = (len(ss) - 1) / 2
    dists, tilts, sides = (1.9, 2.4, 2.9, 3.5, 4.2, 5.0), (0, 35, -35, 65, -65), (1, -1)
    for k2 in range(2 * len(ss) - 1):
        k = k2 / 2
        s0, s1 = ss[int(math.floor(k))], ss[int(math.ceil(k))]
        sx, sy = (s0.x + s1.x) / 2, (s0.y + s1.y) / 2
        t = math.atan2(math.sin(math.radians(s0.angle)) + math.sin(math.radians(s1.angle)),
                       math.cos(math.radians(s0.angle)) + math.cos(math.radians(s1.angle)))
        n0x, n0y = -math.sin(t), math.cos(t)
        if n0x * nx + n0y * ny < 0:                     # the track's outer side first
            n0x, n0y = -n0x, -n0y
        for dist, tilt, side in itertools.product(dists, tilts, sides):
            a_ = math.radians(tilt)
            ux, uy = n0x * math.cos(a_) - n0y * math.sin(a_), n0x * math.sin(a_) + n0y * math.cos(a_)
            cand.append((sx + ux * side * W * dist, sy + uy * side * W * dist))
            base.append(0.15 * abs(k - mid) + (0.0 if side > 0 else 0.2) + 0.35 * (dist - 1.9)
                        + 0.004 * abs(tilt))


_BADGES: "weakref.WeakKeyDictionary[Board, dict]" = weakref.WeakKeyDictionary()


def _badge_spots(board: Board, layout: _Layout, cars: Any) -> dict[int, tuple[float, float]]:
    """Where each tunnel's number goes: beside its spaces, on no car space (of any route, a
    claimed car's size), no other badge and no city dot when there is such a place (the most
    crowded tunnels first, each as near its middle as it can); computed once per board."""
    if board in _BADGES:
        return _BADGES[board]
    W = layout.car_width
    rad = W * BADGE_RADIUS + W * 0.12                        # the disc with its white rim and a margin
    dots = np.array([(c.x, c.y) for c in board.cities.values()])
    boxes, _ids = _car_boxes(board, layout)
    cars = np.asarray(cars).reshape(-1, 2)
    placed: list[tuple[float, float]] = []
    spots = {}
    tunnels = [r for r in board.routes if r.tunnel]

    def crowd(r: Route) -> float:
        ss = layout.spaces[r.id]
        mx, my = sum(s.x for s in ss) / len(ss), sum(s.y for s in ss) / len(ss)
        return float((np.hypot(boxes[:, 0] - mx, boxes[:, 1] - my) < W * 8).sum())

    # the tracks of a double route that reveal the same number share one badge
    groups: dict[int, list[Route]] = {}
    for r in tunnels:
        first = min([r.id] + [t for t in board.twins.get(r.id, ()) if board.route(t).tunnel == r.tunnel])
        groups.setdefault(first, []).append(r)
    for first, tracks in sorted(groups.items(), key=lambda g: (-crowd(board.route(g[0])), g[0])):
        cand, base = [], []
        for r in tracks:
            _badge_candidates(layout, r, W, cand, base)
        P = np.array(cand)
        lo, hi = P.min(axis=0) - W * 6, P.max(axis=0) + W * 6        # only what is near can touch
        boxes_, cars_, dots_ = (q[(q[:, 0] > lo[0]) & (q[:, 0] < hi[0]) & (q[:, 1] > lo[1]) & (q[:, 1] < hi[1])]
                                for q in (boxes, cars, dots))
        # overlaps (hard): car spaces, city dots, badges placed; nearness to cars (soft)
        dx, dy = P[:, None, 0] - boxes_[None, :, 0], P[:, None, 1] - boxes_[None, :, 1]
        c, sn = np.cos(boxes_[:, 2])[None, :], np.sin(boxes_[:, 2])[None, :]
        u, v = np.abs(dx * c + dy * sn), np.abs(-dx * sn + dy * c)
        gaps = np.hypot(np.clip(u - boxes_[None, :, 3], 0, None), np.clip(v - boxes_[None, :, 4], 0, None))
        hard = np.clip(rad - gaps, 0, None).sum(axis=1) / W
        dd = np.hypot(P[:, None, 0] - dots_[None, :, 0], P[:, None, 1] - dots_[None, :, 1])
        hard += 3.0 * np.clip(CITY_RADIUS * 1.15 + rad - dd, 0, None).sum(axis=1) / W
        if placed:
            pp = np.array(placed)
            hard += 3.0 * (np.hypot(P[:, None, 0] - pp[None, :, 0], P[:, None, 1] - pp[None, :, 1]) < 2 * rad).sum(axis=1)
        dc = np.hypot(P[:, None, 0] - cars_[None, :, 0], P[:, None, 1] - cars_[None, :, 1])
        soft = 0.3 * np.clip(W * 2.2 - dc, 0, None).sum(axis=1) / W + np.array(base)
        best = int(np.argmin(100.0 * hard + soft))
        spot = (float(P[best, 0]), float(P[best, 1]))
        for r in tracks:
            spots[r.id] = spot
        placed.append(spot)
    spots = {r.id: spots[r.id] for r in tunnels}
    _BADGES[board] = spots
    return spots


def _tunnel_badge(ax, r: Route, spot: tuple[float, float], W: float, pt: float, alpha: float) -> None:
    """A dark disc beside the tunnel, with the number of cards it reveals."""
    cx, cy = spot
    _add(ax, Circle((cx, cy), W * 0.95, facecolor=INK, edgecolor="white", lw=0.8,
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


def _symbol_handles(board: Board) -> list:
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
    return h



# -- labels -------------------------------------------------------------------------------
def _text_size(text: str, fontsize: float) -> tuple[float, float]:
    """Width and height of bold text in points (backend-independent)."""
    prop = FontProperties(weight="bold", size=fontsize)
    w, h, _ = TextToPath().get_text_width_height_descent(text, prop, ismath=False)
    return w, h


LABEL_GAPS = (0.25, 0.6, 1.0, 1.5, 2.1)
"""Candidate gaps between a city dot's rim and its name, in dot radii (nearest first)."""
LABEL_MAX_GAP = 2.6 * CITY_RADIUS
"""No name sits farther than this from its dot's rim (board units)."""
CAR_TOUCH_COST = 2.0
"""What a name pays for each car space its box meets (besides 3 for each car's sample point
inside it): names move off the tracks when a place as near their dot is free."""

_PLACED: "weakref.WeakKeyDictionary[Board, dict]" = weakref.WeakKeyDictionary()


def place_labels(board: Board, limits: tuple[float, float, float, float] | None = None
                 ) -> dict[str, tuple[float, float, float, float]]:
    """Where each city's name goes: a box (x0, y0, x1, y1) in board units, next to its dot.

    No name overlaps another name or any city dot or country, and each lies within
    :data:`LABEL_MAX_GAP` of its own dot; among such places a name covers as few car spaces
    and tunnel badges as it can and is not nearer another city than its own. Names are placed
    greedily (most connected cities first) and then each is moved again while that helps.
    Computed once per board and limits.
    """
    layout = _layout(board)
    if limits is None:
        limits = _extent(board, layout)
    key = tuple(round(v, 6) for v in limits)
    cache = _PLACED.setdefault(board, {})
    if key in cache:
        return cache[key]
    x0, x1, y0, y1 = limits
    cars = _car_samples(layout)
    W = layout.car_width
    badges = np.array(list(_badge_spots(board, layout, cars).values())).reshape(-1, 2)
    towns = [c for c in board.cities.values() if not c.is_country]
    dots = np.array([(c.x, c.y) for c in towns]).reshape(-1, 2)
    lands = [c for c in board.cities.values() if c.is_country]
    degree = {n: 0 for n in board.cities}
    for r in board.routes:
        degree[r.a] += 1
        degree[r.b] += 1
    line_h = _text_size("lp", 100.0)[1] * LABEL_SIZE / 100 * 1.08 + 0.001
    R = CITY_RADIUS * 1.15                                       # a dot with its white rim
    cands: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    cb, _ = _car_boxes(board, layout)
    cw, sw = np.abs(np.cos(cb[:, 2])), np.abs(np.sin(cb[:, 2]))
    hl, hw = cb[:, 3] - W * 0.05, cb[:, 4] - W * 0.06          # a car space (the printed size)
    car_aabb = np.column_stack([cb[:, 0], cb[:, 1], hl * cw + hw * sw, hl * sw + hw * cw])
    angles = np.arange(0, 360, 15)
    ca_, sa_ = np.cos(np.radians(angles)), np.sin(np.radians(angles))
    turn = np.where(np.isin(angles, (0, 180)), 0.0, np.where(np.isin(angles, (15, 345, 165, 195)), 0.25, 0.5))
    others_idx = np.arange(len(towns))
    for i, c in enumerate(towns):
        w = _text_size(c.name, 100.0)[0] * LABEL_SIZE / 100 * 1.04 + 0.002   # at 1 pt per unit
        h = line_h
        boxes_l, cost_l = [], []
        for g in LABEL_GAPS:                       # every angle at once, one gap after another
            d = R + g * CITY_RADIUS
            px, py = c.x + d * ca_, c.y + d * sa_
            bx, by = px - w * (1 - ca_) / 2, py - h * (1 - sa_) / 2
            # nudge the box out so its nearest point is d from the dot
            nx, ny = np.clip(c.x, bx, bx + w), np.clip(c.y, by, by + h)
            near = np.hypot(nx - c.x, ny - c.y)
            f = np.where(near < d, (d - near) + 1e-4, 0.0)
            bx, by = bx + ca_ * f, by + sa_ * f
            boxes_l.append(np.column_stack([bx, by, bx + w, by + h]))
            cost_l.append(g * 1.5 + turn)
        bb = np.concatenate(boxes_l)               # (K, 4)
        cost = np.concatenate(cost_l)
        reach = w + h + R + LABEL_GAPS[-1] * CITY_RADIUS
        near_cars = cars[(np.abs(cars[:, 0] - c.x) < reach) & (np.abs(cars[:, 1] - c.y) < reach)]
        inside = ((near_cars[None, :, 0] > bb[:, None, 0]) & (near_cars[None, :, 0] < bb[:, None, 2])
                  & (near_cars[None, :, 1] > bb[:, None, 1]) & (near_cars[None, :, 1] < bb[:, None, 3]))
        cost = cost + 3.0 * inside.sum(axis=1)
        if CAR_TOUCH_COST:                         # every car space the box meets (its upright bounds)
            nb = car_aabb[(np.abs(car_aabb[:, 0] - c.x) < reach + 0.03) & (np.abs(car_aabb[:, 1] - c.y) < reach + 0.03)]
            meet = ((np.minimum(bb[:, None, 2], nb[None, :, 0] + nb[None, :, 2])
                     > np.maximum(bb[:, None, 0], nb[None, :, 0] - nb[None, :, 2]))
                    & (np.minimum(bb[:, None, 3], nb[None, :, 1] + nb[None, :, 3])
                       > np.maximum(bb[:, None, 1], nb[None, :, 1] - nb[None, :, 3])))
            cost = cost + CAR_TOUCH_COST * meet.sum(axis=1)
        if len(badges):
            bd = np.hypot(np.clip(badges[None, :, 0], bb[:, None, 0], bb[:, None, 2]) - badges[None, :, 0],
                          np.clip(badges[None, :, 1], bb[:, None, 1], bb[:, None, 3]) - badges[None, :, 1])
            cost = cost + 20.0 * (bd < W * 1.0).sum(axis=1)
        # a dot (any, with its rim) inside the box
        gd = np.hypot(np.clip(dots[None, :, 0], bb[:, None, 0], bb[:, None, 2]) - dots[None, :, 0],
                      np.clip(dots[None, :, 1], bb[:, None, 1], bb[:, None, 3]) - dots[None, :, 1])
        hard = (gd < R).sum(axis=1).astype(float)
        own = gd[:, i:i + 1]
        cost = cost + 5.0 * ((gd < own + CITY_RADIUS * 1.5) & (others_idx[None, :] != i)).sum(axis=1)
        for land in lands:
            ex = np.clip(land.x, bb[:, 0], bb[:, 2]) - land.x
            ey = np.clip(land.y, bb[:, 1], bb[:, 3]) - land.y
            hard += ((ex / (COUNTRY_RADIUS * 1.45)) ** 2 + (ey / (COUNTRY_RADIUS * 0.95)) ** 2 < 1)
        hard += (bb[:, 0] < x0) | (bb[:, 2] > x1) | (bb[:, 1] < y0) | (bb[:, 3] > y1)
        cands[c.name] = (bb, cost + 1000.0 * hard)

    def clash(b: np.ndarray, others: list) -> np.ndarray:
        if not others:
            return np.zeros(len(b))
        o = np.array(others)
        ox = np.clip(np.minimum(b[:, None, 2], o[None, :, 2]) - np.maximum(b[:, None, 0], o[None, :, 0]), 0, None)
        oy = np.clip(np.minimum(b[:, None, 3], o[None, :, 3]) - np.maximum(b[:, None, 1], o[None, :, 1]), 0, None)
        return ((ox > 0) & (oy > 0)).sum(axis=1) * 1000.0

    order = sorted(towns, key=lambda c: (-degree[c.name], c.name))
    chosen: dict[str, int] = {}
    for c in order:
        boxes, base = cands[c.name]
        cost = base + clash(boxes, [cands[n][0][k] for n, k in chosen.items()])
        chosen[c.name] = int(np.argmin(cost))
    for _ in range(4):
        moved = False
        for c in order:
            boxes, base = cands[c.name]
            others = [cands[n][0][k] for n, k in chosen.items() if n != c.name]
            cost = base + clash(boxes, others)
            k = int(np.argmin(cost))
            if cost[k] < cost[chosen[c.name]] - 1e-9:
                chosen[c.name], moved = k, True
        if not moved:
            break
    out = {c.name: tuple(float(v) for v in cands[c.name][0][chosen[c.name]]) for c in towns}
    cache[key] = out
    return out


# -- output -------------------------------------------------------------------------------
def label_dpi(board: Board, px: float = 12.0, figsize: tuple[float, float] | None = None) -> int:
    """The resolution at which the city names of ``board`` (drawn by :func:`draw_board` at its
    own size) are ``px`` pixels high (font size in points × dpi / 72)."""
    layout = _layout(board)
    x0, x1, y0, y1 = _extent(board, layout)
    if figsize is None:
        aspect = (y1 + LEGEND_BAND - y0) / (x1 - x0)
        w = min(DEFAULT_WIDTH_IN, DEFAULT_WIDTH_IN / aspect)
        figsize = (w, w * aspect + 0.6)
    w_in, h_in = figsize
    box_h = h_in * (1 - 0.45 / h_in - 0.01) * 72   # the axes' room in points
    box_w = w_in * 0.98 * 72
    pt = min(box_w / (x1 - x0), box_h / (y1 + LEGEND_BAND - y0))
    return int(math.ceil(px * 72 / (LABEL_SIZE * pt)))


def board_png(board: Board, *, dpi: int = 100, compact: bool = True, **kw: Any) -> bytes:
    """The picture :func:`draw_board` draws, as PNG bytes.

    The board's fixed part is drawn once per board, size and ``dpi`` and reused
    (:mod:`ttr_nb.widgets.canvas`): a game position then costs a few tens of milliseconds.
    ``compact`` stores the picture with a 256-colour palette: about a third of the bytes and
    no visible difference (notebooks stay small). Other keywords go to :func:`draw_board`
    (with ``ax`` or ``dim_unclaimed`` the whole figure is drawn, as before).
    """
    from .widgets.canvas import encode_png, render_rgba

    kw.pop("ax", None)
    if kw.get("dim_unclaimed"):
        return _board_png_full(board, dpi=dpi, compact=compact, **kw)
    kw.pop("dim_unclaimed", None)
    return encode_png(render_rgba(board, dpi=dpi, **kw), level=3, palette=compact)


def _board_png_full(board: Board, *, dpi: int = 100, compact: bool = True, **kw: Any) -> bytes:
    """board_png through a whole new figure (what board_png did before the cache)."""
    import matplotlib.pyplot as plt
    from .widgets.canvas import encode_png

    ax = draw_board(board, **kw)
    try:
        ax.figure.set_dpi(dpi)
        ax.figure.canvas.draw()
        rgba = np.asarray(ax.figure.canvas.buffer_rgba()).copy()
    finally:
        plt.close(ax.figure)
    return encode_png(rgba, level=6, palette=compact)


SVG_METADATA = {"Date": None, "Creator": "ttr_nb"}
"""SVG metadata: no date, so two drawings of one position are the same bytes."""


def board_svg(board: Board, **kw: Any) -> str:
    """The picture :func:`draw_board` draws, as SVG text (vector: crisp at any size, as on a
    projector). Deterministic: the same position gives the same bytes (``svg.hashsalt`` fixed,
    no date). Keywords go to :func:`draw_board`."""
    import matplotlib
    import matplotlib.pyplot as plt

    kw.pop("ax", None)
    ax = draw_board(board, **kw)
    buf = io.StringIO()
    try:
        with matplotlib.rc_context({"svg.hashsalt": "ttr_nb", "svg.fonttype": "path", "svg.image_inline": True}):
            ax.figure.savefig(buf, format="svg", facecolor="white", metadata=SVG_METADATA)
    finally:
        plt.close(ax.figure)
    return buf.getvalue()


def save_board(board: Board, path: str | Path, **kw: Any) -> None:
    """Draw the board and write it to ``path``: PNG (compact, as :func:`board_png`), or SVG
    or PDF by the file's suffix. Keywords go to :func:`draw_board` (and ``dpi``)."""
    import matplotlib.pyplot as plt

    path = Path(path)
    if path.suffix.lower() == ".png":
        path.write_bytes(board_png(board, **kw))
        return
    if path.suffix.lower() == ".svg":
        kw.pop("dpi", None)
        kw.pop("compact", None)
        path.write_text(board_svg(board, **kw), encoding="utf-8")
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

