"""Where every car space goes: the board's layout, computed once per board.

Routes with printed car-space positions (``Route.spaces``: USA, Legendary Asia) are placed
where the board prints them; the authored boards lay their spaces out evenly between the two
cities, with double and triple tracks side by side (a route is bent a little where a
straight row would run into another route or city; the bends are stored with the maps,
``maps/layouts/``, by ``tools/build_layouts.py``). Pure geometry: numpy, no matplotlib.
"""
from __future__ import annotations

import bisect
import math
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .style import CITY_RADIUS, COUNTRY_RADIUS, MAX_CAR_LENGTH

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Route


@dataclass(frozen=True)
class Space:
    """One car space: its centre and its angle."""

    x: float
    y: float
    angle: float              # degrees, measured on the board (y grows southward)


@dataclass(frozen=True)
class Layout:
    """Where every car space goes, and the car size, for one board."""

    spaces: dict[int, tuple[Space, ...]]
    car_length: dict[int, float]
    car_width: float
    normal: dict[int, tuple[float, float]]   # outward side of each track (for badges)


_LAYOUTS: "weakref.WeakKeyDictionary[Board, Layout]" = weakref.WeakKeyDictionary()


def board_layout(board: Board) -> Layout:
    """The board's layout, computed once per Board object."""
    lay = _LAYOUTS.get(board)
    if lay is None:
        lay = _LAYOUTS[board] = _compute_layout(board)
    return lay


def _compute_layout(board: Board) -> Layout:
    """Car spaces of every track: printed positions when the map has them, else laid out
    along the line between the two cities (bent a little where it would run into another
    route or city; the bends stored with the maps when they are for this board)."""
    return _build_layout(board, use_shipped=True)[0]


def computed_bends(board: Board) -> dict[frozenset, float]:
    """The bend chosen for each authored city pair of ``board``, computed (not read from
    ``maps/layouts/``): what ``tools/build_layouts.py`` stores."""
    return _build_layout(board, use_shipped=False)[1]


def _build_layout(board: Board, use_shipped: bool) -> tuple[Layout, dict[frozenset, float]]:
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
    spaces: dict[int, tuple[Space, ...]] = {}
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
                spaces[r.id] = tuple(Space(float(x), float(y), float(t)) for x, y, t in r.spaces)
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
    return Layout(spaces, car_len, width, normal), {k: bend for k, (bend, _) in laid.items()}


def layout_fingerprint(board: Board) -> str:
    """A digest of what the layout of an authored board depends on (cities and tracks), so a
    stored layout is used only for the board it was computed for."""
    import hashlib
    import json

    facts = [sorted((c.name, c.x, c.y, c.kind) for c in board.cities.values()),
             sorted((r.id, r.a, r.b, r.length, r.double_group) for r in board.routes)]
    return hashlib.sha256(json.dumps(facts, ensure_ascii=False).encode()).hexdigest()


def _layouts_dir() -> Path:
    from ..board import maps_dir

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
               ) -> dict[int, tuple[tuple[Space, ...], float, tuple[float, float]]]:
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
            ss.append(Space(x - ty * off, y + tx * off, math.degrees(math.atan2(ty, tx))))
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
