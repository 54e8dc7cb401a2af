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
colour, the highlight bands under the tracks, the track layer, the claimed cars with their
marks and the other highlights, the top layer. The claims and highlights are the artists of
:func:`ttr_nb.draw.draw_overlay`, the same code ``draw_board`` uses, so the picture is the
one ``draw_board`` would draw, at a fraction of the cost.

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

from ..draw import (BACKGROUND, PATH_COLOR, PLAYER_COLORS, _default_marks, _ids, _layout, _Overlay, draw_board,
                    draw_overlay)

HIGHLIGHT = PATH_COLOR
"""Default path colour (draw_board's)."""
TRACK_Z = (2.0, 4.0)
"""Z-orders of the track layer: countries (2.5), tunnel outlines (2.9), car spaces (3)."""


class BoardCanvas:
    """One board drawn once; :meth:`png` paints claims and highlights on it quickly.

    Parameters
    ----------
    board : the Board.
    width_px : width of the picture in pixels (draw_board's proportions are kept).
    player_colors : one colour per player or team (default :data:`ttr_nb.draw.PLAYER_COLORS`).
    player_names : names for the legend of players (none when empty).
    marks : the mark on each player's cars (default: initials of the names, else 1, 2, ...).
    title, labels, legend : passed to draw_board for the empty board.
    """

    def __init__(self, board: Any, *, width_px: int = 1000, player_colors: Sequence[str] | None = None,
                 player_names: Sequence[str] | None = None, marks: Sequence[str | None] | None = None,
                 title: str | None = None, labels: bool = True, legend: bool = True):
        import matplotlib.pyplot as plt
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        self.board = board
        self.player_colors = list(player_colors) if player_colors is not None else list(PLAYER_COLORS)
        self.player_names = list(player_names or ())
        n = max(len(self.player_names), len(self.player_colors))
        self.marks = tuple(marks) if marks is not None else _default_marks(self.player_names, n)
        ax = draw_board(board, claims={}, title=title, labels=labels, legend=legend,
                        player_colors=self.player_colors, player_names=self.player_names or None,
                        marks=self.marks)
        fig = ax.figure
        plt.close(fig)                      # not a pyplot figure: Jupyter must not show it
        FigureCanvasAgg(fig)
        fig.set_dpi(width_px / fig.get_figwidth())
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
        ab = ax.bbox
        H = self.size[1]
        # the axes' inside, in pixel rows/columns (the spines are never repainted)
        self._inside = (int(math.ceil(ab.x0)) + 1, int(ab.x1) - 1, H - int(ab.y1) + 1, H - int(math.ceil(ab.y0)) - 1)
        self._bg = (np.array(_rgb(BACKGROUND)) * 255).round().astype(np.uint8)

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

    # -- painting -------------------------------------------------------------------------
    def paint(self, claims: Mapping[int, int] | None = None,
              highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
              highlight_cities: Iterable[str] | Mapping[str, str] = (), *, gap: Iterable[int] = (),
              trails: Mapping[int, Iterable[int]] | None = None, selected: Iterable[int] = (),
              closed: Iterable[int] = ()) -> np.ndarray:
        """Paint a position; return the RGBA pixels (rows top to bottom; a view, copy to keep).

        ``claims``: route id -> player (team) index; ``highlight``: a path (ids in
        ``highlight_color``, or a mapping route id -> colour); ``highlight_cities``: cities to
        ring (names, or name -> colour); ``gap``, ``trails``, ``selected``, ``closed``: as
        :func:`ttr_nb.draw.draw_board`, drawn the same way. An unknown route or city raises
        ValueError.
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
            if rid not in self._cars:
                raise ValueError(f"{self.board.name} has no route with id {rid!r}")
        for c in ring_color:
            if c not in self.board.cities:
                raise ValueError(f"{self.board.name} has no city called {c!r}")
        for p in claims.values():
            if p < 0:
                raise ValueError(f"player index {p} is negative")
        colors = self.player_colors
        n = len(colors)
        over = _Overlay(claims={r: p % n for r, p in claims.items()}, colors=colors, marks=self.marks,
                        highlight=sorted(glow_color), highlight_color=highlight_color,
                        gap=_ids(self.board, gap),
                        trails={int(p) % n: _ids(self.board, ids) for p, ids in (trails or {}).items()},
                        selected=_ids(self.board, selected), closed=_ids(self.board, closed),
                        cities=sorted(ring_color), route_colors=glow_color, city_colors=ring_color)
        canvas, renderer = self.canvas, self._renderer
        canvas.restore_region(self._background)
        buf = np.asarray(canvas.buffer_rgba())
        if not (claims or glow_color or ring_color or over.gap or over.trails or over.selected or over.closed):
            return buf
        artists = draw_overlay(self.ax, self.board, self._pt, over)
        try:
            H, Wd = buf.shape[:2]
            band = _layout(self.board).car_width * self._pt * 4.2 * self._px
            mask = np.zeros((H, Wd), dtype=bool)
            c0, c1, r0, r1 = self._inside
            for a in artists:
                bb = a.get_window_extent(renderer)
                pad = band / 2 + 3 if hasattr(a, "get_xydata") else 0.6 * band / 2 + 3
                x0, y0, x1, y1 = bb.x0 - pad, bb.y0 - pad, bb.x1 + pad, bb.y1 + pad
                a_, b_ = max(c0, int(x0)), min(c1, int(math.ceil(x1)))
                top, bot = max(r0, H - int(math.ceil(y1))), min(r1, H - int(y0))
                if b_ > a_ and bot > top:
                    mask[top:bot, a_:b_] = True
            _fill(buf, mask, self._bg)
            ordered = sorted(artists, key=lambda a: a.get_zorder())
            for a in ordered:
                if a.get_zorder() < TRACK_Z[0]:
                    a.draw(renderer)
            _over(buf, self._track, mask)
            for a in ordered:
                if a.get_zorder() >= TRACK_Z[0]:
                    a.draw(renderer)
            _over(buf, self._top, mask)
        finally:
            for a in artists:
                a.remove()
        return buf

    def png(self, claims: Mapping[int, int] | None = None,
            highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = HIGHLIGHT,
            highlight_cities: Iterable[str] | Mapping[str, str] = (), *, palette: bool = True,
            **styles: Any) -> bytes:
        """The painted position as PNG bytes (see :meth:`paint`; ``styles``: its ``gap``,
        ``trails``, ``selected``, ``closed``); ``palette``: 256 colours, a third of the size
        (see :func:`encode_png`)."""
        return encode_png(self.paint(claims, highlight, highlight_color, highlight_cities, **styles),
                          palette=palette)


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
