"""Where each city's name goes: a box next to its dot, on no other name, dot or country and on
as few cars as can be. Computed once per board and frame; the text is measured with
matplotlib's font metrics (no figure is drawn)."""
from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath

from .geometry import badge_spots, board_extent, car_boxes, car_samples
from .layout import board_layout
from .style import CITY_RADIUS, COUNTRY_RADIUS, LABEL_SIZE

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board


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
    layout = board_layout(board)
    if limits is None:
        limits = board_extent(board, layout)
    key = tuple(round(v, 6) for v in limits)
    cache = _PLACED.setdefault(board, {})
    if key in cache:
        return cache[key]
    x0, x1, y0, y1 = limits
    cars = car_samples(layout)
    W = layout.car_width
    badges = np.array(list(badge_spots(board, layout, cars).values())).reshape(-1, 2)
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
    cb, _ = car_boxes(board, layout)
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
