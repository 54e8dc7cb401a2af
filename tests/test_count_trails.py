"""count_trails and t_join_bound (lessons 04 and 05), checked against brute force on small
networks of the real boards.

A trail uses each route once and may repeat cities (B-8.2); countries are dead ends (H-8.5).
"""
from __future__ import annotations

import itertools
import random

import pytest

import ttr_nb
from ttr_nb.graph import count_trails, longest_trail, odd_degree_cities, t_join_bound
from ttr_nb.trail import board_graph

USA = ttr_nb.load_map("usa")
AFRICA = ttr_nb.load_map("heart_of_africa")


def _brute_trails(board, ids) -> int:
    """Every sequence of distinct routes that can be walked, from either end of its first
    route; each trail is found once in each direction."""
    g = board_graph(board)
    edges = g.edges(ids)
    n = 0
    for k in range(1, len(edges) + 1):
        for seq in itertools.permutations(range(len(edges)), k):
            u, v = edges[seq[0]][:2]
            for start in {u, v}:
                at, ok = start, True
                for i in seq:
                    a, b = edges[i][:2]
                    if at == a:
                        at = b
                    elif at == b:
                        at = a
                    else:
                        ok = False
                        break
                n += ok
    return n // 2


def _brute_longest(board, ids) -> int:
    g = board_graph(board)
    edges = g.edges(ids)
    best = 0
    for k in range(1, len(edges) + 1):
        for seq in itertools.permutations(range(len(edges)), k):
            for start in set(edges[seq[0]][:2]):
                at, ok = start, True
                for i in seq:
                    a, b = edges[i][:2]
                    at = b if at == a else a if at == b else None
                    if at is None:
                        ok = False
                        break
                if ok:
                    best = max(best, sum(edges[i][2] for i in seq))
    return best


def _small_networks(board, count, size, rng):
    """Connected-ish random networks: grow from a route by adding routes that touch it."""
    out = []
    for _ in range(count):
        first = rng.choice(board.routes)
        ids, cities = [first.id], set(first.cities)
        while len(ids) < size:
            near = [r for r in board.routes if r.id not in ids and set(r.cities) & cities]
            r = rng.choice(near)
            ids.append(r.id)
            cities |= set(r.cities)
        out.append(ids)
    return out


def test_B_8_2_count_trails_two_routes_in_a_row():
    ids = USA.route_ids(["Denver–Omaha", "Omaha–Chicago"])
    assert count_trails(USA, ids) == 3  # each alone, and both


def test_B_8_2_a_double_route_counts_each_track_and_both_ways_round():
    ids = [r.id for r in USA.routes_between("Kansas City", "Omaha")]
    assert len(ids) == 2
    # each track alone, and Kansas City → Omaha → Kansas City starting on either track
    assert count_trails(USA, ids) == 4 == _brute_trails(USA, ids)


def test_H_8_5_no_trail_passes_through_a_country():
    ids = AFRICA.route_ids([("Ngaoundéré", "Tchad"), ("Bangui", "Tchad")])
    assert count_trails(AFRICA, ids) == 2


def test_empty_network_has_no_trail():
    assert count_trails(USA, []) == 0


@pytest.mark.parametrize("size", [3, 5, 6])
def test_count_trails_agrees_with_brute_force_on_small_networks(size):
    rng = random.Random(size)
    for ids in _small_networks(USA, 12, size, rng):
        assert count_trails(USA, ids) == _brute_trails(USA, ids), ids


def test_count_trails_on_the_triangle_of_lesson_04():
    # Denver–Helena–Salt Lake City: 3 one-route trails, 3 two-route ones (a corner each), and
    # the whole cycle from each of its 3 cities (its reverse is the same trail): 3
    ids = USA.route_ids(["Denver–Helena", "Helena–Salt Lake City", "Salt Lake City–Denver"])
    assert _brute_trails(USA, ids) == 9
    assert count_trails(USA, ids) == 3 + 3 + 3


def test_limit_stops_the_count_and_says_so():
    ids = [r.id for r in sorted(USA.routes, key=lambda r: r.id)[:12]]
    full = count_trails(USA, ids)
    assert full > 50
    assert count_trails(USA, ids, limit=50) == 50
    assert count_trails(USA, ids, limit=full + 1) == full


def test_count_trails_is_deterministic_and_ignores_the_order_of_routes():
    ids = _small_networks(USA, 1, 9, random.Random(3))[0]
    assert count_trails(USA, ids) == count_trails(USA, list(reversed(ids)))


# -- the T-join bound ------------------------------------------------------------------------
def _brute_t_join_cars(board, ids) -> int:
    """The fewest cars in a set of routes whose odd cities are the network's odd cities less
    at most two (every subset tried)."""
    g = board_graph(board)
    edges = g.edges(ids)
    deg = {}
    for u, v, _w, _r in edges:
        deg[u] = deg.get(u, 0) + 1
        deg[v] = deg.get(v, 0) + 1
    odd = {x for x, d in deg.items() if d % 2}
    best = None
    for k in range(len(edges) + 1):
        for sub in itertools.combinations(range(len(edges)), k):
            d = {}
            for i in sub:
                u, v = edges[i][:2]
                d[u] = d.get(u, 0) + 1
                d[v] = d.get(v, 0) + 1
            sodd = {x for x, c in d.items() if c % 2}
            if sodd <= odd and len(odd - sodd) <= 2:
                cars = sum(edges[i][2] for i in sub)
                best = cars if best is None else min(best, cars)
    return best


def test_t_join_bound_of_the_45_car_network_is_met_by_its_longest_trail():
    ids = USA.route_ids(["Pittsburgh–Saint Louis", "Saint Louis–Kansas City", "Kansas City–Denver",
                         "Denver–Helena", "Helena–Salt Lake City", "Salt Lake City–Denver",
                         "Denver–Phoenix", "Phoenix–Los Angeles", "Los Angeles–Las Vegas",
                         "Duluth–Helena", "Salt Lake City–San Francisco", "Nashville–Saint Louis",
                         "Kansas City–Omaha"])
    b = t_join_bound(USA, ids)
    assert b.total == 45
    assert list(b.odd_cities) == odd_degree_cities(USA, ids)
    assert b.bound == longest_trail(USA, ids).length == 31
    assert b.t_join_cars == sum(USA.route(r).length for r in b.t_join) == 14


def test_t_join_bound_agrees_with_brute_force_and_bounds_every_trail():
    rng = random.Random(7)
    for ids in _small_networks(USA, 10, 7, rng):
        b = t_join_bound(USA, ids)
        assert b.total - b.bound == _brute_t_join_cars(USA, ids), ids
        assert longest_trail(USA, ids).length == _brute_longest(USA, ids) <= b.bound
        # the T-join's odd cities are the odd cities less at most two
        odd_join = set(odd_degree_cities(USA, list(b.t_join)))
        assert odd_join <= set(b.odd_cities) and len(set(b.odd_cities) - odd_join) <= 2


def test_t_join_bound_of_a_network_in_two_pieces_is_its_best_piece():
    ids = USA.route_ids(["Vancouver–Seattle", "Seattle–Portland", "Miami–Atlanta"])
    b = t_join_bound(USA, ids)
    assert USA.route(USA.route_id("Miami–Atlanta")).length == 5
    assert (b.total, b.bound, b.odd_cities) == (5, 5, ("Atlanta", "Miami"))


def test_t_join_bound_of_the_whole_board_matches_whole_board_trail():
    from ttr_nb.graph import whole_board_trail

    w = whole_board_trail(USA)
    b = t_join_bound(USA)
    assert (b.bound, b.total) == (w.upper_bound, w.total)
