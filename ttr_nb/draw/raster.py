"""Fast board pictures: the board as printed is drawn once per board and size, then reused.

:func:`ttr_nb.draw.draw_board` builds a whole figure (half a second for the USA map), too slow
for a stepper that redraws on every click or a lesson that shows twenty positions. Here the
board's fixed part (:func:`ttr_nb.draw.draw_fixed`: car spaces, symbols, cities, names) is
drawn once per board, size and resolution into an Agg canvas and kept (:func:`fixed_picture`,
the last few are cached), as three pictures:

* the whole fixed board (an empty board is this picture, with its title and legend);
* the *track layer*: countries, tunnel outlines and car spaces (z-order 2 to 4), on a clear ground;
* the *top layer*: Locomotive stripes, X marks, tunnel numbers, city dots and names (z-order 4
  and up), on a clear ground (both made the first time a position is painted).

For each position it starts from the whole board and, only inside the rectangles that change
(claimed and highlighted routes, ringed cities), rebuilds the stack bottom to top: the board
colour, the highlight bands under the tracks, the track layer, the claimed cars with their
marks and the other highlights, the top layer, then the train stations (over the city dots). Then the title and the legend (players,
highlight styles, symbols) are drawn as :func:`ttr_nb.draw.draw_board` draws them. The claims
and highlights are :func:`ttr_nb.draw.draw_overlay`'s (its ``fast`` form: the cars and their
marks as collections; the fixed board's patches too), so the picture is the one ``draw_board``
draws (up to the rounding of anti-aliased edges), in a tenth of the time.

:func:`ttr_nb.draw.board_png` (and so ``ttr_nb.show`` and a Board's picture in a notebook) and
:class:`ttr_nb.widgets.canvas.BoardCanvas` (the widgets) both paint through :func:`render_rgba` /
:class:`FixedPicture`. Pure matplotlib and numpy (no ipywidgets): usable from scripts and benchmarks.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from .geometry import board_extent, figure_size, short_title
from .layout import board_layout
from .legend import draw_legend, legend_handles
from .position import Overlay, prepare_overlay
from .render import draw_fixed, draw_overlay, draw_strip, draw_title, frame_axes
from .style import BACKGROUND, CITY_RADIUS, LEGEND_BAND, PATH_COLOR, PLAYER_COLORS, STATION_SHAPE, STATION_Z


TRACK_Z = (2.0, 4.0)
"""Z-orders of the track layer: countries (2.5), tunnel outlines (2.9), car spaces (3)."""

CACHE_SIZE = 6
"""How many fixed pictures (board, size, resolution) are kept (each about 20 MB at lesson size)."""

_FIXED: "OrderedDict[tuple, FixedPicture]" = OrderedDict()


def fixed_picture(board: Any, figsize: tuple[float, float], dpi: float, *, labels: bool = True,
                  room: bool = True) -> "FixedPicture":
    """The board as printed at this size and resolution, drawn once (the last
    :data:`CACHE_SIZE` are kept; ``room``: the strip for the legend under the board)."""
    key = (id(board), board.key, tuple(round(float(v), 6) for v in figsize), round(float(dpi), 6),
           bool(labels), bool(room))
    fp = _FIXED.get(key)
    if fp is None or fp.board is not board:
        fp = _FIXED[key] = FixedPicture(board, figsize, dpi, labels=labels, room=room)
        while len(_FIXED) > CACHE_SIZE:
            _FIXED.popitem(last=False)
    else:
        _FIXED.move_to_end(key)
    return fp


class FixedPicture:
    """One board's fixed part drawn at one size into an Agg canvas; :meth:`paint` adds a
    position (an overlay), the title and the legend."""

    def __init__(self, board: Any, figsize: tuple[float, float], dpi: float, *, labels: bool = True,
                 room: bool = True):
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.board = board
        fig = Figure(figsize=tuple(figsize), dpi=dpi)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.45 / fig.get_figheight())
        self.pt = frame_axes(board, ax, room)                 # points per board unit
        self.limits = board_extent(board, board_layout(board))
        self.room = room
        draw_fixed(ax, board, self.pt, labels=labels, limits=self.limits, fast=True)
        if room:
            draw_strip(ax, self.limits)
        self.fig, self.ax, self.canvas = fig, ax, fig.canvas
        self.canvas.draw()
        self.renderer = self.canvas.get_renderer()
        self.size = (int(self.renderer.width), int(self.renderer.height))
        self._background = self.canvas.copy_from_bbox(fig.bbox)
        self._track: tuple[np.ndarray, np.ndarray] | None = None
        self._top: tuple[np.ndarray, np.ndarray] | None = None
        ab = ax.bbox
        H = self.size[1]
        # the axes' inside, in pixel columns/rows (the spines are never repainted)
        self._inside = (int(math.ceil(ab.x0)) + 1, int(ab.x1) - 1, H - int(ab.y1) + 1, H - int(math.ceil(ab.y0)) - 1)
        self._bg = (np.array(_rgb(BACKGROUND)) * 255).round().astype(np.uint8)
        x0, _x1, _y0, y1 = self.limits
        self._strip_top = int(math.floor(H - ax.transData.transform((x0, y1))[1])) - 1   # legend strip's first row
        self._axes_top = self._inside[2]      # the title's rows: above the axes' inside (no position reaches them)
        self._drawn: "OrderedDict[tuple, np.ndarray]" = OrderedDict()   # title / legend pixels, by content

    # -- the two layers of the empty board (the first time a position is painted) ---------
    def _layers(self) -> None:
        fig, ax, canvas = self.fig, self.ax, self.canvas
        artists = list(ax.patches) + list(ax.lines) + list(ax.texts) + list(ax.collections)
        artists += [a for a in ax.artists if a not in artists]
        frame = [fig.patch, ax.patch, ax.title, *ax.spines.values(), ax.xaxis, ax.yaxis]
        saved = {id(a): a.get_visible() for a in artists + frame}

        def only(keep) -> np.ndarray:
            for a in frame:
                a.set_visible(False)
            for a in artists:
                a.set_visible(saved[id(a)] and keep(a.get_zorder()))
            canvas.draw()
            return np.asarray(canvas.buffer_rgba()).copy()

        try:
            self._track = _premultiplied(only(lambda z: TRACK_Z[0] <= z < TRACK_Z[1]))
            self._top = _premultiplied(only(lambda z: z >= TRACK_Z[1]))
        finally:
            for a in artists + frame:
                a.set_visible(saved[id(a)])
        canvas.restore_region(self._background)

    # -- painting -------------------------------------------------------------------------
    def paint(self, over: Overlay | None, *, names: Sequence[str] = (), n_players: int = 0,
              title: str | None = "", legend: bool = True) -> np.ndarray:
        """The fixed board with ``over`` (checked claims and highlights), the title (None: the
        board's) and the legend; returns the RGBA pixels (rows top to bottom; a view of the
        canvas, copy to keep)."""
        canvas, renderer, ax = self.canvas, self.renderer, self.ax
        canvas.restore_region(self._background)
        buf = np.asarray(canvas.buffer_rgba())
        if over is not None and (over.claims or over.highlight or over.cities or over.gap or over.trails
                                 or over.selected or over.closed or over.stations or over.borrowed):
            if self._track is None:
                self._layers()
                buf = np.asarray(canvas.buffer_rgba())
            artists = draw_overlay(ax, self.board, self.pt, over, fast=True)
            try:
                mask = np.flatnonzero(self._mask(over))
                _fill(buf, mask, self._bg)
                ordered = sorted(artists, key=lambda a: a.get_zorder())
                for a in ordered:
                    if a.get_zorder() < TRACK_Z[0]:
                        a.draw(renderer)
                _over(buf, self._track, mask)
                for a in ordered:
                    if TRACK_Z[0] <= a.get_zorder() < STATION_Z:
                        a.draw(renderer)
                _over(buf, self._top, mask)
                for a in ordered:
                    if a.get_zorder() >= STATION_Z:
                        a.draw(renderer)
            finally:
                for a in artists:
                    a.remove()
        if title is None or title:
            text = title if title is not None else short_title(self.board)
            self._decorate(buf, ("title", text), 0, self._axes_top,
                           lambda: [draw_title(ax, self.board, self.pt, title)])
        if legend and self.room:
            over = over or _EMPTY
            handles = legend_handles(self.board, over, names, n_players)
            if handles:
                x0, x1, _y0, y1 = self.limits
                self._decorate(buf, ("legend", _legend_key(over, names, n_players)), self._strip_top, self.size[1],
                               lambda: draw_legend(ax, handles, self.pt, (x0, x1, y1, y1 + LEGEND_BAND)))
        return buf

    def _decorate(self, buf: np.ndarray, key: tuple, row0: int, row1: int, make) -> None:
        """Draw the title or the legend (``make`` adds its artists) over rows row0..row1, which
        no position changes; the pixels are kept by content and pasted the next time."""
        got = self._drawn.get(key)
        if got is not None:
            self._drawn.move_to_end(key)
            buf[row0:row1] = got
            return
        ax = self.ax
        extra = make()
        try:
            for a in sorted(extra, key=lambda a: a.get_zorder()):
                a.draw(self.renderer)
        finally:
            for a in extra:
                if a is ax.title:
                    a.set_text("")
                else:
                    a.remove()
        self._drawn[key] = buf[row0:row1].copy()
        while len(self._drawn) > 12:
            self._drawn.popitem(last=False)

    def _mask(self, over: Overlay) -> np.ndarray:
        """The pixels an overlay may change: the box of every claimed, closed or selected car
        (with its outline), the band along every highlighted or borrowed route, every ringed city
        and train station."""
        layout = board_layout(self.board)
        W = layout.car_width
        H, Wd = self.size[1], self.size[0]
        mask = np.zeros((H, Wd), dtype=bool)
        ppu = self.pt * self.fig.dpi / 72.0                  # pixels per board unit
        half: dict[int, tuple[float, float]] = {}            # route -> half length, half width of what covers a car

        def need(rid: int, hl: float, hw: float) -> None:
            a, b = half.get(rid, (0.0, 0.0))
            half[rid] = (max(a, hl), max(b, hw))

        for rid in over.claims:
            need(rid, layout.car_length[rid] / 2 + W * 0.05, W * 0.56)
        for rid in over.closed:
            need(rid, layout.car_length[rid] / 2, W / 2)
        for rid in over.selected:
            need(rid, layout.car_length[rid] / 2 + W * 0.3, W * 0.8)
        banded = set(over.highlight) | set(over.gap)
        for ids in (*over.trails.values(), over.borrowed.values()):
            banded |= set(ids)
        for rid in banded:
            ss = layout.spaces[rid]
            gaps = [math.dist((p.x, p.y), (q.x, q.y)) for p, q in zip(ss, ss[1:])]
            need(rid, max([layout.car_length[rid]] + gaps) / 2 + W * 0.1, W * 1.7)
        xs, ys, hx, hy = [], [], [], []
        for rid, (hl, hw) in half.items():
            for s in layout.spaces[rid]:
                t = math.radians(s.angle)
                c, sn = abs(math.cos(t)), abs(math.sin(t))
                xs.append(s.x)
                ys.append(s.y)
                if hw >= W * 1.7:                            # a band: round, as wide as long
                    hx.append(hl + hw)
                    hy.append(hl + hw)
                else:
                    hx.append(hl * c + hw * sn)
                    hy.append(hl * sn + hw * c)
        for name in over.cities:
            c = self.board.cities[name]
            r = 0.034 * 1.1 if c.is_country else 0.0085 * 2.1
            xs.append(c.x)
            ys.append(c.y)
            hx.append(r)
            hy.append(r)
        house = max(max(abs(a), abs(b)) for a, b in STATION_SHAPE) * CITY_RADIUS
        for name in over.stations:
            c = self.board.cities[name]
            xs.append(c.x)
            ys.append(c.y)
            hx.append(house)
            hy.append(house)
        if not xs:
            return mask
        pad = 2.0 + max(2.0, 0.3 * W * self.pt) * self.fig.dpi / 72.0 / 2 + 0.12 * W * ppu   # outlines, casing
        xy = self.ax.transData.transform(np.column_stack([xs, ys]))
        rx, ry = np.array(hx) * ppu + pad, np.array(hy) * ppu + pad
        c0, c1, r0, r1 = self._inside
        r1 = min(r1, self._strip_top)
        x0 = np.clip(np.floor(xy[:, 0] - rx), c0, c1).astype(int)
        x1 = np.clip(np.ceil(xy[:, 0] + rx), c0, c1).astype(int)
        y0 = np.clip(np.floor(H - xy[:, 1] - ry), r0, r1).astype(int)
        y1 = np.clip(np.ceil(H - xy[:, 1] + ry), r0, r1).astype(int)
        for a, b, t, u in zip(x0.tolist(), x1.tolist(), y0.tolist(), y1.tolist()):
            mask[t:u, a:b] = True
        return mask


def _legend_key(over: Overlay, names: Sequence[str], n: int) -> tuple:
    """What the legend shows: the players' cars and names, the highlight styles present."""
    return (tuple(names[:n]), tuple(over.colors[:n]), tuple(over.marks[:n]), tuple(sorted(over.labels.items())),
            over.highlight_color if over.highlight else None, bool(over.gap),
            tuple((p, over.colors[p]) for p in sorted(over.trails)), bool(over.selected), bool(over.closed),
            over.highlight_color if over.cities else None,
            tuple(sorted({(p, over.colors[p]) for p in over.stations.values()})),
            tuple(sorted({(over.stations[c], over.colors[over.stations[c]]) for c in over.borrowed})))


_EMPTY = Overlay(claims={}, colors=list(PLAYER_COLORS), marks=(), highlight=[], highlight_color=PATH_COLOR,
                 gap=[], trails={}, selected=[], closed=[], cities=[])


def render_rgba(board: Any, *, dpi: float = 100, figsize: tuple[float, float] | None = None,
                labels: bool = True, legend: bool = True, title: str | None = None, **kw: Any) -> np.ndarray:
    """The picture :func:`ttr_nb.draw.draw_board` draws (same keywords, but no ``ax`` or
    ``dim_unclaimed``), as RGBA pixels at ``dpi``, painted over the cached fixed board (a copy)."""
    over, names, n_players = prepare_overlay(
        board, kw.pop("claims", None), kw.pop("player_colors", None), kw.pop("player_names", None),
        kw.pop("marks", None), kw.pop("highlight", ()), kw.pop("highlight_color", PATH_COLOR),
        kw.pop("highlight_cities", ()), kw.pop("gap", ()), kw.pop("trails", None), kw.pop("selected", ()),
        kw.pop("closed", ()), stations=kw.pop("stations", None), borrowed=kw.pop("borrowed", None))
    label = kw.pop("highlight_label", None)
    if label:
        over.labels["path"] = str(label)
    if kw:
        raise TypeError(f"render_rgba() got unexpected keywords: {', '.join(sorted(kw))}")
    room = legend or figsize is None
    fp = fixed_picture(board, figure_size(board, figsize, room), dpi, labels=labels, room=room)
    return fp.paint(over, names=names, n_players=n_players, title=title, legend=legend).copy()


def _premultiplied(rgba: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """An RGBA layer as (colour × alpha, 255 − alpha), flat (pixels × 3, pixels) uint8, for a
    fast 'over'. Agg's buffer holds plain (not premultiplied) colour; a clear ground has alpha 0."""
    a = rgba[:, :, 3].astype(np.uint16)
    col = (rgba[:, :, :3].astype(np.uint16) * a[:, :, None] + 127) // 255
    return col.astype(np.uint8).reshape(-1, 3), (255 - a).astype(np.uint8).reshape(-1)


def _over(buf: np.ndarray, layer: tuple[np.ndarray, np.ndarray], idx: np.ndarray) -> None:
    """Composite a premultiplied layer over ``buf`` at the flat pixel indices ``idx``:
    colour × (255 − alpha) / 255 (rounded) + layer colour (clear pixels are skipped)."""
    col, inv = layer
    idx = idx[inv[idx] != 255]
    flat = buf.reshape(-1, 4)
    px = flat[idx, :3].astype(np.uint16)
    px *= inv[idx][:, None]
    px += 128
    px += px >> 8                                  # (x + 128 + (x + 128) / 256) / 256 = round(x / 255)
    px >>= 8
    px += col[idx]
    flat[idx, :3] = px


def _fill(buf: np.ndarray, idx: np.ndarray, rgb: np.ndarray) -> None:
    """Set the colour of the pixels at the flat indices ``idx``."""
    buf.reshape(-1, 4)[idx, :3] = rgb


def _rgb(color: str) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    return tuple(to_rgb(color))
