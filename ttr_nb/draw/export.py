"""The picture as a file: PNG bytes (:func:`board_png`, painted over the cached fixed board),
SVG text (:func:`board_svg`, deterministic), a file by its suffix (:func:`save_board`), and a
quick PNG encoder (:func:`encode_png`)."""
from __future__ import annotations

import io
import math
import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .geometry import board_extent, figure_size
from .layout import board_layout
from .raster import render_rgba
from .render import draw_board
from .style import LABEL_SIZE, LEGEND_BAND

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board


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

        # the octree reads RGBA as it is (an opaque picture): no conversion to RGB first, which
        # took a fifth of the time
        img = Image.fromarray(np.ascontiguousarray(rgba), "RGBA" if rgba.shape[2] == 4 else "RGB")
        q = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        if q.palette.mode == "RGBA":  # opaque: store an RGB palette, no transparency chunk
            pal = q.getpalette("RGBA")
            q.putpalette([v for i, v in enumerate(pal) if i % 4 != 3], "RGB")
        q.info.pop("transparency", None)
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


def label_dpi(board: Board, px: float = 12.0, figsize: tuple[float, float] | None = None) -> int:
    """The resolution at which the city names of ``board`` (drawn by :func:`draw_board` at its
    own size) are ``px`` pixels high (font size in points × dpi / 72)."""
    x0, x1, y0, y1 = board_extent(board, board_layout(board))
    w_in, h_in = figure_size(board, figsize, True)
    box_h = h_in * (1 - 0.45 / h_in - 0.01) * 72   # the axes' room in points
    box_w = w_in * 0.98 * 72
    pt = min(box_w / (x1 - x0), box_h / (y1 + LEGEND_BAND - y0))
    return int(math.ceil(px * 72 / (LABEL_SIZE * pt)))


def board_png(board: Board, *, dpi: int = 100, compact: bool = True, **kw: Any) -> bytes:
    """The picture :func:`draw_board` draws, as PNG bytes.

    The board's fixed part is drawn once per board, size and ``dpi`` and reused
    (:mod:`ttr_nb.draw.raster`): a game position then costs a few tens of milliseconds.
    ``compact`` stores the picture with a 256-colour palette: about a third of the bytes and
    no visible difference (notebooks stay small). Other keywords go to :func:`draw_board`
    (with ``ax`` or ``dim_unclaimed`` the whole figure is drawn, as before).
    """
    kw.pop("ax", None)
    if kw.get("dim_unclaimed"):
        return _board_png_full(board, dpi=dpi, compact=compact, **kw)
    kw.pop("dim_unclaimed", None)
    return encode_png(render_rgba(board, dpi=dpi, **kw), level=3, palette=compact)


def _board_png_full(board: Board, *, dpi: int = 100, compact: bool = True, **kw: Any) -> bytes:
    """board_png through a whole new figure (what board_png did before the cache)."""
    import matplotlib.pyplot as plt

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


PICTURE_SUFFIXES = (".png", ".svg", ".pdf", ".jpg", ".jpeg", ".eps", ".tif", ".tiff", ".webp")


def picture_path(path: str | Path) -> Path:
    """``path`` as the file a picture goes to; ValueError, in words, for an empty name, a
    folder, a folder that does not exist, or a suffix that is not a picture's."""
    from ..errors import shown

    name = str(path)
    if not name.strip():
        raise ValueError("give the picture's file name, such as board.png; the name is empty")
    p = Path(path)
    try:
        folder = p.is_dir()
        parent_ok = p.parent.is_dir()
    except (OSError, ValueError) as e:
        raise ValueError(f"{shown(name)} cannot be a file name ({getattr(e, 'strerror', None) or e})") from None
    if folder:
        raise ValueError(f"{shown(name)} is a folder: give a file name in it, such as {p / 'board.png'}")
    if p.suffix.lower() not in PICTURE_SUFFIXES:
        raise ValueError(f"{shown(name)}: a picture's file name ends with {', '.join(PICTURE_SUFFIXES)}, "
                         f"such as board.png")
    if not parent_ok:
        raise ValueError(f"the folder {shown(str(p.parent))} does not exist: make it first, or write elsewhere")
    return p


def save_board(board: Board, path: str | Path, **kw: Any) -> None:
    """Draw the board and write it to ``path``: PNG (compact, as :func:`board_png`), or SVG
    or PDF by the file's suffix. Keywords go to :func:`draw_board` (and ``dpi``)."""
    import matplotlib.pyplot as plt

    path = picture_path(path)
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
