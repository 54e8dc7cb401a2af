"""A fast board picture for widgets: draw the map once, then repaint only what changes.

:func:`ttr_nb.draw.draw_board` builds a whole figure (about half a second for the USA map), too
slow for a stepper that redraws on every click. :class:`BoardCanvas` draws the empty board once
with ``draw_board`` and keeps three pictures of it:

* the whole board;
* the *track layer*: countries, tunnel outlines and car spaces (z-order 2 to 4), on a clear ground;
* the *top layer*: Locomotive stripes, X marks, tunnel numbers, city dots, names and the legend
  (z-order 4 and up), on a clear ground.

For each position it starts from the whole board and, only inside the rectangles that change
(claimed routes, highlighted routes and cities), rebuilds the stack bottom to top: the board
colour, the glow of highlighted routes, the track layer, the claimed routes in the players'
colours, the rings round highlighted cities, the top layer. So the picture is the one
``draw_board`` would draw, at a fraction of the cost. Claimed routes and highlights use
``draw_board``'s look.

Pure matplotlib and numpy (no ipywidgets): usable from scripts and benchmarks.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.widgets.canvas import BoardCanvas
>>> canvas = BoardCanvas(ttr_nb.load_map("usa"))            # doctest: +SKIP
>>> png = canvas.png(claims={1: 0, 2: 1}, highlight=[2])    # doctest: +SKIP
"""
from __future__ import annotations

import io
import math
import struct
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..draw import BACKGROUND, CITY_RADIUS, COUNTRY_RADIUS, INK, PLAYER_COLORS, ROUTE_COLORS_HEX, draw_board

HIGHLIGHT = "#ff00aa"
"""Default glow colour (draw_board's)."""
TRACK_Z = (2.0, 4.0)
"""Z-orders of the track layer: countries (2.5), tunnel outlines (2.9), car spaces (3)."""


class BoardCanvas:
    """One board drawn once; :meth:`png` paints claims and highlights on it quickly.

    Parameters
    ----------
    board : the Board.
    width_px : width of the picture in pixels (draw_board's proportions are kept).
    player_colors : one colour per player or team (default :data:`ttr_nb.draw.PLAYER_COLORS`).
    player_names : names for a legend of player colours (none when empty).
    title, labels, legend : passed to draw_board for the empty board.
    """

    def __init__(self, board: Any, *, width_px: int = 1000, player_colors: Sequence[str] | None = None,
                 player_names: Sequence[str] | None = None, title: str | None = None, labels: bool = True, legend: bool = True):
        import matplotlib.pyplot as plt
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.board = board
        self.player_colors = list(player_colors) if player_colors is not None else list(PLAYER_COLORS)
        self.player_names = list(player_names or ())
        ax = draw_board(board, claims={}, title=title, labels=labels, legend=legend)
        fig = ax.figure
        plt.close(fig)                      # not a pyplot figure: Jupyter must not show it
        FigureCanvasAgg(fig)
        fig.set_dpi(width_px / fig.get_figwidth())
        if legend and self.player_names:
            self._player_legend(ax)
        self.fig, self.ax = fig, ax
        self.canvas = fig.canvas
        self._layers()
        x0, x1 = ax.get_xlim()
        self._pt = ax.get_position().width * fig.get_figwidth() * 72 / (x1 - x0)  # points per board unit
        self._px = fig.dpi / 72.0                                                 # pixels per point
        self._cars: dict[int, list[Any]] = {}
        for p in ax.patches:
            gid = p.get_gid() or ""
            if gid.startswith("route-"):
                self._cars.setdefault(int(gid[6:]), []).append(p)
        self._car_width = min(p.get_height() for ps in self._cars.values() for p in ps)
        self._claim_cache: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._glow_cache: dict[int, tuple[np.ndarray, np.ndarray] | None] = {}
        ab = ax.bbox
        H = self.size[1]
        # the axes' inside, in pixel rows/columns (the spines are never repainted)
        self._inside = (int(math.ceil(ab.x0)) + 1, int(ab.x1) - 1, H - int(ab.y1) + 1, H - int(math.ceil(ab.y0)) - 1)
        self._bg = (np.array(_rgb(BACKGROUND)) * 255).round().astype(np.uint8)

    def _player_legend(self, ax: Any) -> None:
        """A legend of player colours, above draw_board's legend of symbols (lower left)."""
        from matplotlib.patches import Patch

        fig = ax.figure
        old = ax.get_legend()
        fontsize = old.get_texts()[0].get_fontsize() if old is not None and old.get_texts() else 8.0
        anchor = (0.0, 0.0)
        if old is not None:
            ax.add_artist(old)     # keep it when a second legend is made
            fig.canvas.draw()
            bb = old.get_window_extent(fig.canvas.get_renderer()).transformed(ax.transAxes.inverted())
            anchor = (bb.x0, bb.y1 + 0.005)
        handles = [Patch(facecolor=self.player_colors[i % len(self.player_colors)], edgecolor=INK, label=n)
                   for i, n in enumerate(self.player_names)]
        new = ax.legend(handles=handles, loc="lower left", bbox_to_anchor=anchor, fontsize=fontsize,
                        framealpha=0.9, facecolor="white", edgecolor="#8a7a5a")
        new.set_zorder(5)

    # -- the three pictures of the empty board -------------------------------------------
    def _layers(self) -> None:
        fig, ax, canvas = self.fig, self.ax, self.canvas
        canvas.draw()
        self._renderer = canvas.get_renderer()
        self.size = (int(self._renderer.width), int(self._renderer.height))
        self._background = canvas.copy_from_bbox(fig.bbox)
        artists = list(ax.patches) + list(ax.lines) + list(ax.texts) + list(ax.collections)
        artists += [a for a in ax.artists if a not in artists]
        legend_ = ax.get_legend()
        artists += [legend_] if legend_ is not None and legend_ not in artists else []
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
        canvas.draw()
        canvas.restore_region(self._background)

    # -- overlay shapes, in pixels ---------------------------------------------------------
    def _corners(self, cx: float, cy: float, L: float, W: float, angle: float) -> np.ndarray:
        t = math.radians(angle)
        ux, uy, nx, ny = math.cos(t), math.sin(t), -math.sin(t), math.cos(t)
        pts = [(cx + sx * ux * L / 2 + sy * nx * W / 2, cy + sx * uy * L / 2 + sy * ny * W / 2)
               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        return self.ax.transData.transform(pts)

    def _claim_shapes(self, rid: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Route ``rid``'s car spaces and their dark outlines as pixel polygons, and its box."""
        if rid not in self._claim_cache:
            W = self._car_width
            cars, rims = [], []
            for p in self._cars[rid]:
                x, y = p.get_xy()
                L, h = p.get_width(), p.get_height()
                cx, cy = x + L / 2, y + h / 2
                cars.append(self._corners(cx, cy, L, h, p.get_angle()))
                rims.append(self._corners(cx, cy, L + W * 0.24, W * 1.24, p.get_angle()))
            cars_a, rims_a = np.array(cars), np.array(rims)
            pad = 0.22 * W * self._pt * self._px + 3
            allp = np.concatenate([cars_a.reshape(-1, 2), rims_a.reshape(-1, 2)])
            box = np.array([allp[:, 0].min() - pad, allp[:, 1].min() - pad,
                            allp[:, 0].max() + pad, allp[:, 1].max() + pad])
            self._claim_cache[rid] = (cars_a, rims_a, box)
        return self._claim_cache[rid]

    def _glow_shape(self, rid: int) -> tuple[np.ndarray, np.ndarray] | None:
        """The centre line of route ``rid`` (pixels, extended half a car each way) and its box."""
        if rid not in self._glow_cache:
            pts = []
            for p in self._cars.get(rid, ()):
                x, y = p.get_xy()
                pts.append((x + p.get_width() / 2, y + p.get_height() / 2, p.get_angle(), p.get_width()))
            if not pts:
                self._glow_cache[rid] = None
                return None
            if len(pts) == 1:
                x, y, ang, L = pts[0]
                t = math.radians(ang)
                line = [(x - math.cos(t) * L / 2, y - math.sin(t) * L / 2), (x + math.cos(t) * L / 2, y + math.sin(t) * L / 2)]
            else:
                line = [(x, y) for x, y, _a, _L in pts]
                L = pts[0][3]
                for end, nxt in ((0, 1), (-1, -2)):
                    (ex, ey), (bx, by) = line[end], line[nxt]
                    d = math.hypot(ex - bx, ey - by) or 1e-9
                    ext = (ex + (ex - bx) / d * L / 2, ey + (ey - by) / d * L / 2)
                    if end == 0:
                        line.insert(0, ext)
                    else:
                        line.append(ext)
            px = self.ax.transData.transform(line)
            half = self._glow_width() * self._px / 2 + 2
            box = np.array([px[:, 0].min() - half, px[:, 1].min() - half, px[:, 0].max() + half, px[:, 1].max() + half])
            self._glow_cache[rid] = (px, box)
        return self._glow_cache[rid]

    def _glow_width(self) -> float:
        return self._car_width * 3.4 * self._pt   # points, as draw_board

    def _ring_shape(self, city: str) -> tuple[float, float, float, np.ndarray]:
        c = self.board.cities[city]
        rad = COUNTRY_RADIUS * 1.1 if c.is_country else CITY_RADIUS * 2.1
        (x, y), (x2, _y2) = self.ax.transData.transform([(c.x, c.y), (c.x + rad, c.y)])
        r = abs(x2 - x)
        lw = max(1.5, 0.004 * self._pt)
        pad = r + lw * self._px + 2
        return x, y, r, np.array([x - pad, y - pad, x + pad, y + pad])

    # -- painting -------------------------------------------------------------------------
    def paint(self, claims: Mapping[int, int] | None = None,
              highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
              highlight_cities: Iterable[str] | Mapping[str, str] = ()) -> np.ndarray:
        """Paint a position; return the RGBA pixels (rows top to bottom; a view, copy to keep).

        ``claims``: route id -> player (team) index; ``highlight``: routes to glow under (ids in
        ``highlight_color``, or a mapping route id -> colour); ``highlight_cities``: cities to
        ring (names, or name -> colour). An unknown route or city raises ValueError.
        """
        from matplotlib.collections import PolyCollection
        from matplotlib.lines import Line2D
        from matplotlib.patches import Circle
        from matplotlib.transforms import IdentityTransform

        claims = {int(k): int(v) for k, v in (claims or {}).items()}
        if isinstance(highlight, Mapping):
            glow_color = {int(k): str(v) for k, v in highlight.items()}
        else:
            glow_color = {int(r): highlight_color for r in highlight}
        highlight = list(glow_color)
        if isinstance(highlight_cities, Mapping):
            ring_color = {str(k): str(v) for k, v in highlight_cities.items()}
        else:
            ring_color = {str(c): highlight_color for c in highlight_cities}
        cities = list(ring_color)
        for rid in list(claims) + highlight:
            if rid not in self._cars:
                raise ValueError(f"{self.board.name} has no route with id {rid!r}")
        for c in cities:
            if c not in self.board.cities:
                raise ValueError(f"{self.board.name} has no city called {c!r}")
        for p in claims.values():
            if p < 0:
                raise ValueError(f"player index {p} is negative")
        canvas, renderer = self.canvas, self._renderer
        canvas.restore_region(self._background)
        buf = np.asarray(canvas.buffer_rgba())
        if not (claims or highlight or cities):
            return buf
        H, Wd = buf.shape[:2]
        glows = [(g, glow_color[r]) for r in highlight if (g := self._glow_shape(r)) is not None]
        shapes = [(rid, claims[rid], self._claim_shapes(rid)) for rid in sorted(claims)]
        rings = [(self._ring_shape(c), ring_color[c]) for c in cities]
        boxes = [g[1] for g, _c in glows] + [s[2][2] for s in shapes] + [r[3] for r, _c in rings]
        # the rectangles to rebuild, as a pixel mask inside the axes
        mask = np.zeros((H, Wd), dtype=bool)
        c0, c1, r0, r1 = self._inside
        for x0, y0, x1, y1 in boxes:
            a, b = max(c0, int(x0)), min(c1, int(math.ceil(x1)))
            top, bot = max(r0, H - int(math.ceil(y1))), min(r1, H - int(y0))
            if b > a and bot > top:
                mask[top:bot, a:b] = True
        _fill(buf, mask, self._bg)
        for (px, _box), color in glows:   # glow (z 1) under the tracks
            line = Line2D(px[:, 0], px[:, 1], color=color, alpha=0.45, lw=self._glow_width(),
                          solid_capstyle="round", solid_joinstyle="round", transform=IdentityTransform())
            line.set_figure(self.fig)
            line.draw(renderer)
        _over(buf, self._track, mask)
        if shapes:               # claimed car spaces (z 3) and their dark outlines (z 3.1)
            W = self._car_width
            lw = max(1.0, 0.22 * W * self._pt)
            faces, edges, polys = [], [], []
            rims = []
            for rid, player, (cars, rim, _box) in shapes:
                face = self.player_colors[player % len(self.player_colors)]
                edge = ROUTE_COLORS_HEX.get(self.board.route(rid).color, "#a3a3a3")
                polys.extend(cars)
                faces.extend([face] * len(cars))
                edges.extend([edge] * len(cars))
                rims.extend(rim)
            for verts, kw in ((polys, dict(facecolors=faces, edgecolors=edges, linewidths=lw)),
                              (rims, dict(facecolors="none", edgecolors=INK, linewidths=0.5))):
                pc = PolyCollection(verts, transform=IdentityTransform(), **kw)
                pc.set_figure(self.fig)
                pc.draw(renderer)
        for (x, y, r, _box), color in rings:   # rings (z 6), under the names
            circ = Circle((x, y), r, facecolor="none", edgecolor=color,
                          lw=max(1.5, 0.004 * self._pt), transform=IdentityTransform())
            circ.set_figure(self.fig)
            circ.draw(renderer)
        _over(buf, self._top, mask)
        return buf

    def png(self, claims: Mapping[int, int] | None = None,
            highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
            highlight_cities: Iterable[str] | Mapping[str, str] = (), *, palette: bool = True) -> bytes:
        """The painted position as PNG bytes (see :meth:`paint`); ``palette``: 256 colours, a
        third of the size (see :func:`encode_png`)."""
        return encode_png(self.paint(claims, highlight, highlight_color, highlight_cities), palette=palette)


def encode_png(rgba: np.ndarray, level: int = 1, palette: bool = False) -> bytes:
    """PNG bytes of an (H, W, 3 or 4) uint8 array (the colour channels), quickly.

    ``palette=False``: lossless RGB, no row filter, zlib ``level`` (about twice as fast as
    Pillow's encoder on a board picture). ``palette=True``: 256 colours chosen by Pillow's fast
    octree, no dithering: a third of the size (a board uses few colours; the largest error is on
    the anti-aliased edges), for pictures sent to the browser or stored in a notebook.
    """
    h, w = rgba.shape[:2]
    if palette:
        from PIL import Image

        img = Image.fromarray(np.ascontiguousarray(rgba[:, :, :3]), "RGB")
        q = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        out = io.BytesIO()
        q.save(out, format="PNG", compress_level=level)
        return out.getvalue()
    raw = np.empty((h, w * 3 + 1), dtype=np.uint8)
    raw[:, 0] = 0
    raw[:, 1:] = rgba[:, :, :3].reshape(h, w * 3)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw.tobytes(), level)) + chunk(b"IEND", b""))


def _premultiplied(rgba: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """An RGBA layer as (colour × alpha, 255 − alpha), both uint16, for fast 'over'.

    Agg's buffer holds plain (not premultiplied) colour; a clear ground has alpha 0."""
    a = rgba[:, :, 3].astype(np.uint16)
    return (rgba[:, :, :3].astype(np.uint16) * a[:, :, None] + 127) // 255, (255 - a)[:, :, None]


def _over(buf: np.ndarray, layer: tuple[np.ndarray, np.ndarray], mask: np.ndarray) -> None:
    """Composite a premultiplied layer over ``buf`` where ``mask`` is set (within its bounding box)."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return
    sl = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
    col, inv = layer
    dst = buf[sl][:, :, :3]
    out = dst.astype(np.uint16)
    out *= inv[sl]
    out += 127
    out //= 255
    out += col[sl]
    np.copyto(dst, out, where=mask[sl][:, :, None], casting="unsafe")


def _fill(buf: np.ndarray, mask: np.ndarray, rgb: np.ndarray) -> None:
    """Set the colour of the masked pixels."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if len(rows):
        sl = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
        np.copyto(buf[sl][:, :, :3], rgb, where=mask[sl][:, :, None])


def _rgb(color: str) -> tuple[float, float, float]:
    from matplotlib.colors import to_rgb

    return tuple(to_rgb(color))
