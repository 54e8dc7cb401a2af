"""Shapes derived from the layout, as data: the picture's frame and size, the centre line of a
route (for highlight bands), the corners of its cars, points along every car (to keep names
and badges off the tracks) and where each tunnel's number goes. Computed once per board where
they cost; used by the matplotlib pictures and the browser's BoardWidget alike. Pure
geometry: numpy, no matplotlib.
"""
from __future__ import annotations

import itertools
import math
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .layout import Layout, Space, board_layout
from .style import CITY_RADIUS, COUNTRY_RADIUS, DEFAULT_WIDTH_IN, LEGEND_BAND

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Route


def board_extent(board: Board, layout: Layout | None = None) -> tuple[float, float, float, float]:
    """The board's frame in board units (x0, x1, y0, y1): every city, country and car space
    with a margin (the legend strip goes under y1)."""
    layout = layout if layout is not None else board_layout(board)
    xs = [c.x for c in board.cities.values()] + [s.x for ss in layout.spaces.values() for s in ss]
    ys = [c.y for c in board.cities.values()] + [s.y for ss in layout.spaces.values() for s in ss]
    for c in board.cities.values():
        if c.is_country:
            xs += [c.x - COUNTRY_RADIUS * 1.5, c.x + COUNTRY_RADIUS * 1.5]
            ys += [c.y - COUNTRY_RADIUS, c.y + COUNTRY_RADIUS]
    pad = 0.035
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad * 1.4


def figure_size(board: Board, figsize: tuple[float, float] | None, room: bool) -> tuple[float, float]:
    """The size of a new figure: given, or the longer side 14 in (with the legend strip)."""
    if figsize is not None:
        return tuple(figsize)
    x0, x1, y0, y1 = board_extent(board, board_layout(board))
    aspect = (y1 + (LEGEND_BAND if room else 0.0) - y0) / (x1 - x0)
    w = min(DEFAULT_WIDTH_IN, DEFAULT_WIDTH_IN / aspect)
    return (w, w * aspect + 0.6)


def short_title(board: Board) -> str:
    """The picture's default title: the board's name ("(authored layout)" for authored boards)."""
    name = board.name
    if board.official:
        return name
    if "(" in name:
        name = name[: name.index("(")].rstrip()
    return f"{name} (authored layout)"


def spread(n: int, k: int) -> list[int]:
    """k indices spread evenly over n spaces (for ferry Locomotive and X spaces)."""
    k = max(0, min(k, n))
    return sorted({min(n - 1, max(0, int(math.floor((i + 0.5) * n / k)))) for i in range(k)})


def centre_line(ss: Sequence[Space], L: float) -> tuple[list, list]:
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


def car_corners(ss: Sequence[Space], half_l: float, half_w: float) -> np.ndarray:
    """The four corners of each space's rectangle (centred on the space, turned by its angle),
    as Rectangle(angle=..., rotation_point="center") draws it: shape (n, 4, 2)."""
    c = np.array([(s.x, s.y) for s in ss]).reshape(-1, 1, 2)
    t = np.radians([s.angle for s in ss])
    u = np.stack([np.cos(t), np.sin(t)], axis=1)[:, None, :]
    v = np.stack([-np.sin(t), np.cos(t)], axis=1)[:, None, :]
    k = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)], dtype=float)
    return c + k[None, :, :1] * half_l * u + k[None, :, 1:] * half_w * v


def car_samples(layout: Layout) -> Any:
    """Three points along every car space (for keeping labels and badges off the tracks)."""

    pts = []
    for rid, ss in layout.spaces.items():
        L = layout.car_length[rid]
        for s in ss:
            t = math.radians(s.angle)
            for f in (-0.4, 0.0, 0.4):
                pts.append((s.x + math.cos(t) * L * f, s.y + math.sin(t) * L * f))
    return np.array(pts).reshape(-1, 2)


BADGE_RADIUS = 0.95
"""A tunnel badge's radius, in car widths."""


def car_boxes(board: Board, layout: Layout) -> tuple[np.ndarray, np.ndarray]:
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


def gap_to_boxes(boxes: np.ndarray, x: float, y: float) -> np.ndarray:
    """Distance from (x, y) to each turned rectangle (0 inside)."""
    dx, dy = x - boxes[:, 0], y - boxes[:, 1]
    c, s = np.cos(boxes[:, 2]), np.sin(boxes[:, 2])
    u, v = np.abs(dx * c + dy * s), np.abs(-dx * s + dy * c)
    return np.hypot(np.clip(u - boxes[:, 3], 0, None), np.clip(v - boxes[:, 4], 0, None))


def _badge_candidates(layout: Layout, r: Route, W: float, cand: list, base: list) -> None:
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


def badge_spots(board: Board, layout: Layout | None = None, cars: Any = None) -> dict[int, tuple[float, float]]:
    """Where each tunnel's number goes: beside its spaces, on no car space (of any route, a
    claimed car's size), no other badge and no city dot when there is such a place (the most
    crowded tunnels first, each as near its middle as it can); computed once per board
    (``layout`` and ``cars``: the board's layout and :func:`car_samples`, by default computed)."""
    if board in _BADGES:
        return _BADGES[board]
    layout = layout if layout is not None else board_layout(board)
    cars = cars if cars is not None else car_samples(layout)
    W = layout.car_width
    rad = W * BADGE_RADIUS + W * 0.12                        # the disc with its white rim and a margin
    dots = np.array([(c.x, c.y) for c in board.cities.values()])
    boxes, _rid = car_boxes(board, layout)
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
