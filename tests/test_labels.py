"""City names on every board: next to their own dot, on no other name, dot or the legend.
Prints, per board, how many car spaces a name still covers."""
from __future__ import annotations

import numpy as np
import pytest

from ttr_nb.board import MAP_NAMES, load_map
from ttr_nb.draw import CITY_RADIUS, LABEL_MAX_GAP, draw_board


def _boxes(name):
    """The drawn names, dots, car spaces and legend, as pixel boxes (x0, y0, x1, y1)."""
    board = load_map(name)
    ax = draw_board(board, claims={r.id: i % 6 for i, r in enumerate(board.routes[::5])},
                    player_names=["Ana", "Bea", "Cal", "Dee", "Eve", "Fay"], highlight=[board.routes[0].id])
    fig = ax.figure
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    ext = lambda a: tuple(a.get_window_extent(r).extents)
    labels = {t.get_gid()[6:]: ext(t) for t in ax.texts if (t.get_gid() or "").startswith("label-")}
    dots = {p.get_gid()[5:]: ext(p) for p in ax.patches if (p.get_gid() or "").startswith("city-")}
    cars = [ext(p) for p in ax.patches if (p.get_gid() or "").startswith("route-")]
    px_per_unit = ax.transData.transform((1, 0))[0] - ax.transData.transform((0, 0))[0]
    return board, labels, dots, cars, ext(ax.get_legend()), px_per_unit


def _meet(a, b, shrink=0.0):
    return min(a[2], b[2]) - max(a[0], b[0]) > shrink and min(a[3], b[3]) - max(a[1], b[1]) > shrink


@pytest.mark.parametrize("name", MAP_NAMES)
def test_city_names_overlap_no_name_no_dot_no_legend_and_sit_by_their_dot(name):
    board, labels, dots, cars, legend, ppu = _boxes(name)
    assert set(labels) == {c.name for c in board.cities.values() if not c.is_country}
    names = sorted(labels)
    clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if _meet(labels[a], labels[b], 0.5)]
    on_dots = [(a, d) for a in names for d in dots if _meet(labels[a], dots[d], 1.0)]
    on_legend = [a for a in names if _meet(labels[a], legend)]
    far = []
    for a in names:
        (x0, y0, x1, y1), (dx0, dy0, dx1, dy1) = labels[a], dots[a]
        cx, cy = (dx0 + dx1) / 2, (dy0 + dy1) / 2
        gap = np.hypot(max(x0 - cx, 0, cx - x1), max(y0 - cy, 0, cy - y1)) / ppu - CITY_RADIUS
        if gap > LABEL_MAX_GAP * 1.1:
            far.append((a, round(gap / CITY_RADIUS, 1)))
    covered = sum(1 for c in cars if any(_meet(c, labels[a], 1.0) for a in names))
    print(f"{name}: {len(names)} names, {covered} of {len(cars)} car spaces touched by a name")
    assert not clashes, clashes
    assert not on_dots, on_dots
    assert not on_legend, on_legend
    assert not far, far


@pytest.mark.parametrize("name", MAP_NAMES)
def test_tunnel_badges_sit_on_no_car_space_and_no_other_badge(name):
    """Each tunnel's number (a disc beside its spaces) covers no car space of any route (with
    room for a claimed car and the dashed outline), no city dot and no other badge: also in
    Team Asia's Japan corner (Osaka–Niigata–Tokyo). The two tracks of a double tunnel that
    reveal the same number share one disc."""
    from ttr_nb import draw

    board = load_map(name)
    layout = draw._layout(board)
    spots = draw._badge_spots(board, layout, draw._car_samples(layout))
    assert set(spots) == {r.id for r in board.routes if r.tunnel}
    boxes, ids = draw._car_boxes(board, layout)
    W = layout.car_width
    rad = W * draw.BADGE_RADIUS
    on_cars = {}
    for rid, (x, y) in spots.items():
        hit = sorted(set(ids[draw._gap_to_boxes(boxes, x, y) < rad].tolist()))
        if hit:
            on_cars[board.route(rid).label()] = [board.route(h).label() for h in hit]
    discs = sorted(set(spots.values()))
    touching = [(a, b) for i, a in enumerate(discs) for b in discs[i + 1:] if np.hypot(a[0] - b[0], a[1] - b[1]) < 2 * rad]
    dots = [(c.x, c.y) for c in board.cities.values() if not c.is_country]
    on_dots = [d for d in discs for c in dots if np.hypot(d[0] - c[0], d[1] - c[1]) < rad + CITY_RADIUS]
    print(f"{name}: {len(spots)} tunnels, {len(discs)} badges")
    assert not on_cars, on_cars
    assert not touching, touching
    assert not on_dots, on_dots
    for rid, spot in spots.items():                       # a shared disc: twins with the same number
        for other in board.twins.get(rid, ()):
            if spots.get(other) == spot:
                assert board.route(other).tunnel == board.route(rid).tunnel


@pytest.mark.parametrize("name", ["heart_of_africa", "team_asia"])
def test_stored_layout_of_an_authored_board_is_what_the_search_finds(name):
    """The bends stored in maps/layouts/ (tools/build_layouts.py) equal a fresh search's, and
    the layout drawn from them is the computed one; a changed board ignores them."""
    from dataclasses import replace

    from ttr_nb import draw

    board = load_map(name)
    stored = draw.shipped_bends(board)
    assert stored is not None, f"maps/layouts/{name}.json is missing or stale: run tools/build_layouts.py"
    assert stored == draw.computed_bends(board)
    assert draw._build_layout(board, True)[0] == draw._build_layout(board, False)[0]
    moved = replace(board.cities[next(iter(board.cities))], x=0.5)
    other = type(board)(board.key, board.name, [moved, *list(board.cities.values())[1:]],
                        board.routes, board.tickets, board.meta)
    assert draw.layout_fingerprint(other) != draw.layout_fingerprint(board)
    assert draw.shipped_bends(other) is None
