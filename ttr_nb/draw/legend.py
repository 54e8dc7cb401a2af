"""The legend in the strip under the board: each player's car with their mark, each highlight
style shown, the train stations and the routes they borrow, the board's symbols (ferry, tunnel,
mountain, country). Matplotlib artists."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from matplotlib import patheffects
from matplotlib.legend_handler import HandlerBase
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Polygon, Rectangle

from .position import Overlay
from .symbols import station_corners, terrain_marker
from .style import (COUNTRY_EDGE, COUNTRY_FILL, GAP_COLOR, INK, LOCO_STRIPES, TERRAIN_WORDS,
                    TRAIL_DASH_WIDTH, TRAIL_DASHES, TRAIL_FILL, ink_on)

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..board import Board


def legend_handles(board: Board, over: Overlay, names: Sequence[str], n_players: int) -> list:
    """The legend's entries: each player's car, each highlight style shown, the board's symbols."""
    handles = [_car_key(over.colors[i], over.marks[i] if i < len(over.marks) else None, label=names[i])
               for i in range(n_players)]
    return handles + _highlight_handles(over, names) + _symbol_handles(board)


def draw_legend(ax: Axes, handles: list, pt: float, band: tuple[float, float, float, float]) -> list:
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
            out.append(_key_text(x + w / 2, y + h / 2, mark, fs * 0.9, ink_on(color), trans))
        return out
    return _StyleKey(make, label)


def _key_text(x: float, y: float, s: str, fs: float, color: str, trans) -> Any:
    from matplotlib.text import Text

    return Text(x, y, s, ha="center", va="center", fontsize=fs, fontweight="bold", color=color, transform=trans)


def _band_key(label: str, layers: list[dict], step: bool = False) -> _StyleKey:
    """A legend key: a band (its layers) under a car; ``step``: with a trail's numbered disc."""
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
        if step:
            from matplotlib.patches import Ellipse

            out.append(Ellipse((x + w / 2, y + h / 2), h * 0.95, h * 0.95, facecolor="white", edgecolor=INK,
                               lw=1.0, transform=trans))
            out.append(_key_text(x + w / 2, y + h / 2, "1", fs * 0.75, INK, trans))
        return out
    return _StyleKey(make, label)


def _highlight_handles(over: Overlay, names: Sequence[str]) -> list:
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
                           [dict(color=TRAIL_FILL, lwf=0.95, casing=True),
                            dict(color=over.colors[p], lwf=0.95 * TRAIL_DASH_WIDTH,
                                 linestyle=TRAIL_DASHES[p % len(TRAIL_DASHES)])],
                           step=True))
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
    if over.stations:
        owners = sorted(set(over.stations.values()))
        one = owners[0] if len(owners) == 1 else None
        h.append(_station_key("train station (a house in its owner's colour and mark)",
                              over.colors[one] if one is not None else "#bdbdbd",
                              (over.marks[one] if one < len(over.marks) else None) if one is not None else None))
    if over.borrowed:
        who = sorted({over.stations[c] for c in over.borrowed})
        col = over.colors[who[0]] if len(who) == 1 else "#8c8c8c"
        h.append(_borrowed_key("route a station borrows (framed in the borrower's colour)", col))
    if over.cities:
        rings = {over.city_colors.get(c, over.highlight_color) for c in over.cities}
        ring = rings.pop() if len(rings) == 1 else over.highlight_color  # the rings' own colour
        h.append(Line2D([], [], marker="o", color="none", markerfacecolor="none", markersize=9,
                        markeredgecolor=ring, markeredgewidth=2.2,
                        label=over.labels.get("cities", "city ringed")))
    return h


def _station_key(label: str, color: str, mark: str | None) -> _StyleKey:
    """A legend key: a train station's house in ``color`` with ``mark``."""
    def make(x, y, w, h, fs, trans):
        size = h * 0.46
        cx, cy = x + w / 2, y + h / 2 - 0.1 * size
        out = [Polygon(station_corners(cx, cy, size, up=1.0), closed=True, facecolor=color, edgecolor=INK,
                       lw=1.2, transform=trans)]
        if mark:
            out.append(_key_text(cx, cy - 0.38 * size, mark, fs * 0.75, ink_on(color), trans))
        return out
    return _StyleKey(make, label)


def _borrowed_key(label: str, color: str) -> _StyleKey:
    """A legend key: another player's car framed in dashes of the borrower's ``color``, with a
    small house."""
    def make(x, y, w, h, fs, trans):
        out = [Rectangle((x + w * 0.12, y + h * 0.22), w * 0.76, h * 0.56, facecolor="#a3a3a3", edgecolor=INK,
                         lw=0.6, transform=trans)]
        out += [Rectangle((x + w * 0.04, y + h * 0.02), w * 0.92, h * 0.96, facecolor="none", edgecolor=col,
                          lw=lw, linestyle=ls, transform=trans)
                for col, ls, lw in (("white", "-", 3.2), (color, (0, (2.2, 1.1)), 1.8))]
        size = h * 0.2
        out.append(Polygon(station_corners(x + w / 2, y + h / 2 - 0.1 * size, size, up=1.0), closed=True,
                           facecolor=color, edgecolor=INK, lw=0.8, transform=trans))
        return out
    return _StyleKey(make, label)


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
    colors: dict[str, list[str]] = {}
    for r in board.routes:
        if r.terrain in TERRAIN_WORDS and r.color not in colors.setdefault(r.terrain, []):
            colors[r.terrain].append(r.color)
    for kind in TERRAIN_WORDS:
        if kind in colors:
            h.append(_terrain_key(kind, f"{TERRAIN_WORDS[kind]}: {', '.join(colors[kind])}"))
    if s["countries"]:
        h.append(Patch(facecolor=COUNTRY_FILL, edgecolor=COUNTRY_EDGE,
                       label="country: a destination no path passes through"))
    return h


def _terrain_key(kind: str, label: str) -> _StyleKey:
    """A legend key: a gray car space with the Terrain symbol of ``kind``."""
    def make(x, y, w, h, fs, trans):
        car = Rectangle((x + w * 0.1, y + h * 0.12), w * 0.8, h * 0.76, facecolor="#e8e8e8", edgecolor=INK,
                        lw=0.6, transform=trans)
        sym = Line2D([x + w / 2], [y + h / 2], lw=0, transform=trans, **terrain_marker(kind, INK, h * 0.62))
        return [car, sym]
    return _StyleKey(make, label)
