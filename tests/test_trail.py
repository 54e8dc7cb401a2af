"""The longest continuous path is a longest trail (B-8.2, rules-spec §7 E2–E4, anchors §8).

Every result of ``longest_trail`` is checked two ways: it is a valid trail of the network
(consecutive routes share the listed city, no route twice, length = sum of cars), and its
length equals a plain exhaustive search written below without any of the shortcuts (and
``longest_trail_length``, the length alone, gives the same).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.board import Board, City, Route
from ttr_nb.errors import IllegalAction
from ttr_nb.graph import Trail, longest_simple_path, longest_trail, longest_trail_length

BOARDS = ("usa", "legendary_asia", "heart_of_africa", "team_asia")


# -- the reference: exhaustive search over routes, no shortcuts ---------------------------
def endpoints(board: Board, route: Route) -> tuple[str, str]:
    """A route's two ends; a country end is the route's own terminal 'Country#id' (H-8.5)."""
    return tuple(f"{c}#{route.id}" if board.cities[c].is_country else c for c in route.cities)


def incidence(board: Board, route_ids) -> dict[str, list[tuple[int, str, int]]]:
    """city (or country terminal) -> [(route id, far end, cars)]."""
    inc: dict[str, list[tuple[int, str, int]]] = {}
    for i in set(route_ids):
        r = board.route(i)
        a, b = endpoints(board, r)
        inc.setdefault(a, []).append((r.id, b, r.length))
        inc.setdefault(b, []).append((r.id, a, r.length))
    return inc


def brute_force_trail(board: Board, route_ids) -> int:
    """Length of the longest trail: from every city, try every continuation."""
    inc = incidence(board, route_ids)
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for rid, far, cars in inc[city]:
            if rid not in used:
                used.add(rid)
                walk(far, used, length + cars)
                used.discard(rid)

    for city in inc:
        walk(city, set(), 0)
    return best


def brute_force_path(board: Board, route_ids) -> int:
    """Length of the longest simple path (no city twice)."""
    inc = incidence(board, route_ids)
    best = 0

    def walk(city, seen, length):
        nonlocal best
        best = max(best, length)
        for _rid, far, cars in inc[city]:
            if far not in seen:
                seen.add(far)
                walk(far, seen, length + cars)
                seen.discard(far)

    for city in inc:
        walk(city, {city}, 0)
    return best


def assert_valid_trail(board: Board, route_ids, trail: Trail, simple: bool = False) -> None:
    """The trail uses owned routes, each once, in a chain whose cities are listed in order."""
    owned = set(route_ids)
    assert isinstance(trail, Trail)
    if not trail.routes:
        assert trail == Trail(0, (), ())
        return
    assert len(set(trail.routes)) == len(trail.routes), "a route used twice"
    assert set(trail.routes) <= owned
    assert len(trail.cities) == len(trail.routes) + 1
    assert trail.length == sum(board.route(i).length for i in trail.routes)
    ends = []  # the pseudo-node sequence, so a country is never a joint
    here = None
    for k, rid in enumerate(trail.routes):
        r = board.route(rid)
        a, b = endpoints(board, r)
        names = {a: a.split("#")[0], b: b.split("#")[0]}
        if k == 0:
            here = a if names[a] == trail.cities[0] else b
            assert names[here] == trail.cities[0]
            ends.append(here)
        assert here in (a, b), f"route {r.label()} does not start at {here}"
        here = b if here == a else a
        assert names[here] == trail.cities[k + 1]
        ends.append(here)
    if simple:
        assert len(set(ends)) == len(ends), "a simple path visits a city twice"


def first_track(board: Board, a: str, b: str) -> int:
    """The id of the a–b route (the first track of a double)."""
    return board.routes_between(a, b)[0].id


def ids_of(board: Board, pairs) -> list[int]:
    return [first_track(board, a, b) for a, b in pairs]


@pytest.fixture(scope="module")
def usa() -> Board:
    return ttr_nb.load_map("usa")


# -- the worked examples ----------------------------------------------------------------
E2 = [("Portland", "Salt Lake City"), ("Helena", "Salt Lake City"), ("Las Vegas", "Salt Lake City"),
      ("Las Vegas", "Los Angeles"), ("Denver", "Salt Lake City"), ("Denver", "Kansas City")]
E3 = [("Calgary", "Seattle"), ("Seattle", "Portland"), ("Portland", "San Francisco"),
      ("San Francisco", "Los Angeles"), ("Los Angeles", "El Paso"), ("El Paso", "Houston"),
      ("Houston", "New Orleans"), ("New Orleans", "Atlanta"), ("Atlanta", "Charleston"),
      ("Atlanta", "Nashville"), ("Nashville", "Saint Louis"), ("Saint Louis", "Chicago"),
      ("Chicago", "Pittsburgh"), ("Pittsburgh", "New York")]
E4 = [("Vancouver", "Seattle"), ("Seattle", "Portland"), ("Portland", "Salt Lake City"),
      ("Salt Lake City", "Helena"), ("Helena", "Seattle")]
ANCHOR8 = [("Pittsburgh", "Saint Louis"), ("Saint Louis", "Kansas City"), ("Kansas City", "Denver"),
           ("Denver", "Helena"), ("Helena", "Salt Lake City"), ("Salt Lake City", "Denver"),
           ("Denver", "Phoenix"), ("Phoenix", "Los Angeles"), ("Los Angeles", "Las Vegas"),
           ("Duluth", "Helena"), ("Salt Lake City", "San Francisco"), ("Nashville", "Saint Louis"),
           ("Kansas City", "Omaha")]


def test_E2_branching_at_a_hub_gives_13(usa):
    """rules-spec §7 E2: four routes meet at Salt Lake City; a trail passes it using only 2."""
    ids = ids_of(usa, E2)
    t = longest_trail(usa, ids)
    assert sum(usa.route(i).length for i in ids) == 21
    assert t.length == 13
    assert set(t.cities) == {"Portland", "Salt Lake City", "Denver", "Kansas City"}
    assert_valid_trail(usa, ids, t)


def test_E3_a_spur_is_left_out_gives_41(usa):
    """rules-spec §7 E3: 43 cars coast to coast, the Atlanta–Charleston spur (2) is left out."""
    ids = ids_of(usa, E3)
    t = longest_trail(usa, ids)
    assert sum(usa.route(i).length for i in ids) == 43
    assert t.length == 41
    assert first_track(usa, "Atlanta", "Charleston") not in t.routes
    assert_valid_trail(usa, ids, t)


def test_E4_loop_passes_seattle_twice_gives_17(usa):
    """rules-spec §7 E4 / B-8.2: every route is used and Seattle is visited twice."""
    ids = ids_of(usa, E4)
    t = longest_trail(usa, ids)
    assert t.length == 17 and len(t.routes) == 5
    assert t.cities.count("Seattle") == 2
    assert {t.cities[0], t.cities[-1]} == {"Vancouver", "Seattle"}
    assert_valid_trail(usa, ids, t)


def test_anchor8_trail_is_31_where_the_simple_path_is_23(usa):
    """anchors §8: the trail goes round Denver–Helena–Salt Lake City and passes Denver twice."""
    ids = ids_of(usa, ANCHOR8)
    assert sum(usa.route(i).length for i in ids) == 45
    t = longest_trail(usa, ids)
    p = longest_simple_path(usa, ids)
    assert (t.length, p.length) == (31, 23)
    assert t.cities.count("Denver") == 2
    assert {t.cities[0], t.cities[-1]} == {"Las Vegas", "Pittsburgh"}
    assert_valid_trail(usa, ids, t)
    assert_valid_trail(usa, ids, p, simple=True)


def test_empty_and_single_route(usa):
    assert longest_trail(usa, []) == Trail(0, (), ())
    r = usa.find_route("Denver", "Omaha")
    t = longest_trail(usa, [r.id, r.id])
    assert t == Trail(4, (r.id,), ("Denver", "Omaha"))


def test_several_pieces_the_longest_wins(usa):
    ids = ids_of(usa, E2) + ids_of(usa, [("Miami", "Atlanta"), ("Atlanta", "Raleigh")])
    t = longest_trail(usa, ids)
    assert t.length == 13
    assert_valid_trail(usa, ids, t)


def test_both_tracks_of_a_double_make_a_loop(usa):
    """Team Asia teams may own both tracks of a double: a 2-cycle through both ends."""
    twins = [r.id for r in usa.routes_between("Kansas City", "Omaha")]
    extra = first_track(usa, "Omaha", "Denver")
    t = longest_trail(usa, twins + [extra])
    assert t.length == 1 + 1 + 4
    assert_valid_trail(usa, twins + [extra], t)


def test_result_is_deterministic_whatever_the_input_order(usa):
    ids = ids_of(usa, ANCHOR8)
    first = longest_trail(usa, ids)
    for seed in range(5):
        shuffled = ids[:]
        random.Random(seed).shuffle(shuffled)
        assert longest_trail(usa, shuffled) == first


def test_unknown_route_is_an_illegal_action(usa):
    with pytest.raises(IllegalAction, match="route 999 is not on the board"):
        longest_trail(usa, [1, 999])


# -- countries (H-8.2, H-8.5) ------------------------------------------------------------
def test_H_8_2_no_trail_passes_through_a_country():
    africa = ttr_nb.load_map("heart_of_africa")
    for country in africa.countries:
        entries = [r.id for r in africa.routes if country in r.cities]
        into = {r.other(country) for r in map(africa.route, entries)}
        t = longest_trail(africa, entries)
        # a trail may only run city -> country or country -> city -> country (both ends)
        assert t.length == brute_force_trail(africa, entries)
        for k, city in enumerate(t.cities[1:-1], start=1):
            assert city != country, f"the trail passes through {country}: {t.cities}"
        assert set(t.cities) <= into | {country}
        assert_valid_trail(africa, entries, t)


def test_H_8_2_two_routes_into_one_country_are_not_a_trail_through_it():
    africa = ttr_nb.load_map("heart_of_africa")
    a = africa.find_route("Bangui", "Sudan")
    b = africa.routes_between("Juba", "Sudan")[0]
    t = longest_trail(africa, [a.id, b.id])
    assert t.length == max(a.length, b.length) and len(t.routes) == 1


# -- property tests against the reference -----------------------------------------------
def network_45(board: Board, order: list[int], cars: int = 45) -> list[int]:
    """Routes taken in ``order`` while they fit in ``cars`` trains (a player's reserve)."""
    out, left = [], cars
    for k in order:
        r = board.routes[k % len(board.routes)]
        if r.length <= left and r.id not in out:
            out.append(r.id)
            left -= r.length
    return out


@pytest.mark.parametrize("name", BOARDS)
@settings(max_examples=400)
@given(order=st.lists(st.integers(0, 200), min_size=1, max_size=40))
def test_longest_trail_matches_brute_force_on_45_car_networks(name, order):
    board = ttr_nb.load_map(name)
    ids = network_45(board, order)
    t = longest_trail(board, ids)
    assert t.length == brute_force_trail(board, ids) == longest_trail_length(board, ids)
    assert_valid_trail(board, ids, t)


@pytest.mark.parametrize("name", BOARDS)
@settings(max_examples=150)
@given(seed=st.integers(0, 10**9), size=st.integers(6, 16))
def test_longest_trail_matches_brute_force_on_grown_networks(name, seed, size):
    """Networks grown like a player's: mostly routes touching what is already owned."""
    board = ttr_nb.load_map(name)
    rng = random.Random(seed)
    owned: list[int] = [rng.choice(board.routes).id]
    cities = set(board.route(owned[0]).cities)
    while len(owned) < size:
        near = [r for r in board.routes if r.id not in owned and set(r.cities) & cities]
        r = rng.choice(near if near and rng.random() < 0.9 else board.routes)
        if r.id not in owned:
            owned.append(r.id)
            cities |= set(r.cities)
    t = longest_trail(board, owned)
    assert t.length == brute_force_trail(board, owned) == longest_trail_length(board, owned)
    assert_valid_trail(board, owned, t)


@st.composite
def multigraphs(draw):
    """Small boards with parallel tracks, cycles and sometimes a country."""
    n = draw(st.integers(2, 7))
    kinds = ["city"] * n
    if draw(st.booleans()):
        kinds[draw(st.integers(0, n - 1))] = "country"
    cities = [City(f"C{i}", i / n, 0.5, kinds[i]) for i in range(n)]
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1),
                                    st.integers(1, 6)).filter(lambda p: p[0] != p[1]),
                          min_size=1, max_size=9))
    routes = [Route(k + 1, f"C{a}", f"C{b}", w, "gray") for k, (a, b, w) in enumerate(pairs)]
    return Board("random", "random multigraph", cities, routes, [])


@settings(max_examples=1000)
@given(board=multigraphs())
def test_longest_trail_matches_brute_force_on_small_multigraphs(board):
    ids = [r.id for r in board.routes]
    t = longest_trail(board, ids)
    assert t.length == brute_force_trail(board, ids) == longest_trail_length(board, ids)
    assert_valid_trail(board, ids, t)


@settings(max_examples=300)
@given(board=multigraphs())
def test_longest_simple_path_matches_brute_force(board):
    ids = [r.id for r in board.routes]
    p = longest_simple_path(board, ids)
    assert p.length == brute_force_path(board, ids)
    assert p.length <= longest_trail(board, ids).length
    assert_valid_trail(board, ids, p, simple=True)


@st.composite
def grids(draw):
    """Pieces of a dense grid of short routes (the hard case for a search): up to 13
    routes on a 3 x 4 grid with diagonals, lengths 1-2."""
    cells = [(r, c) for r in range(3) for c in range(4)]
    pairs = [((r, c), (r + dr, c + dc)) for r, c in cells for dr, dc in ((0, 1), (1, 0), (1, 1))
             if r + dr < 3 and c + dc < 4]
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=4, max_size=13, unique=True))
    lengths = draw(st.lists(st.integers(1, 2), min_size=len(chosen), max_size=len(chosen)))
    cities = [City(f"{r},{c}", c / 4, r / 3) for r, c in cells]
    routes = [Route(k + 1, f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", w, "gray")
              for k, ((a, b), w) in enumerate(zip(chosen, lengths))]
    return Board("grid", "grid", cities, routes, [])


@settings(max_examples=300)
@given(board=grids())
def test_longest_trail_matches_brute_force_on_grids(board):
    ids = [r.id for r in board.routes]
    t = longest_trail(board, ids)
    assert t.length == brute_force_trail(board, ids) == longest_trail_length(board, ids)
    assert_valid_trail(board, ids, t)


# -- dense grids, bridges, and the pieces of the search ------------------------------------
def memo_trail(board: Board, route_ids) -> int:
    """The same exhaustive search, visiting each state (city, routes used) once: the trail
    length depends only on the routes used, so nothing is lost. Fast enough for ~24
    routes on a dense grid."""
    inc = incidence(board, route_ids)
    bit = {r: 1 << k for k, r in enumerate(sorted(set(route_ids)))}
    seen = set()
    best = 0
    stack = [(city, 0, 0) for city in inc]
    while stack:
        city, used, length = stack.pop()
        if (city, used) in seen:
            continue
        seen.add((city, used))
        best = max(best, length)
        for rid, far, cars in inc[city]:
            if not used & bit[rid]:
                stack.append((far, used | bit[rid], length + cars))
    return best


def grid_network(rows: int, cols: int, diagonals: bool, lengths, n_routes: int, seed: int) -> Board:
    """A board of short routes on a grid (diagonals: cities of degree up to 6), keeping
    ``n_routes`` of them at random: the adversarial networks of benchmarks/bench_trail.py."""
    rng = random.Random(seed)
    pairs = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)) + (((1, 1),) if diagonals else ()):
                if r + dr < rows and c + dc < cols:
                    pairs.append(((r, c), (r + dr, c + dc)))
    chosen = rng.sample(pairs, min(n_routes, len(pairs)))
    cities = [City(f"{r},{c}", c / cols, r / rows) for r in range(rows) for c in range(cols)]
    routes = [Route(k + 1, f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", rng.choice(lengths), "gray")
              for k, (a, b) in enumerate(chosen)]
    return Board("grid", "grid", cities, routes, [])


@settings(max_examples=150, deadline=None)
@given(shape=st.sampled_from([(4, 4, True), (3, 5, True), (4, 5, False), (3, 6, True)]),
       lengths=st.sampled_from([(1,), (1, 2), (1, 2, 3)]),
       n_routes=st.integers(12, 24), seed=st.integers(0, 10**9))
def test_longest_trail_matches_exhaustive_search_on_dense_grids(shape, lengths, n_routes, seed):
    """Dense grids of short routes (many odd cities, many near-longest trails; anchors §8):
    the adversarial case of the benchmark, at sizes an exhaustive search can check."""
    board = grid_network(*shape, lengths, n_routes, seed)
    ids = [r.id for r in board.routes]
    t = longest_trail(board, ids)
    assert t.length == memo_trail(board, ids)
    assert_valid_trail(board, ids, t)


@pytest.mark.parametrize("seed", range(40))
def test_longest_trail_on_blocks_joined_by_bridges(seed):
    """Single cities, double tracks, cycles and small dense blocks joined by bridges and
    hung with trees: a trail crosses each bridge at most once (the search cuts the
    network there and solves what lies beyond each bridge once)."""
    rng = random.Random(seed)
    routes: list[Route] = []

    def add(a, b):
        routes.append(Route(len(routes) + 1, f"C{a}", f"C{b}", rng.randint(1, 4), "gray"))

    n = 0
    previous: list[int] = []
    for _block in range(rng.randint(2, 5)):
        members = list(range(n, n + rng.randint(1, 4)))
        n += len(members)
        if len(members) > 1:
            for a, b in zip(members, members[1:] + members[:1]):
                add(a, b)
        if len(members) > 3:
            add(members[0], members[2])
        if previous:
            add(rng.choice(previous), rng.choice(members))  # the bridge
        for _leaf in range(rng.randint(0, 2)):
            add(rng.choice(members), n)
            n += 1
        previous = members
    cities = [City(f"C{i}", i / n, 0.5) for i in range(n)]
    board = Board("bridges", "bridges", cities, routes, [])
    ids = [r.id for r in board.routes]
    t = longest_trail(board, ids)
    assert t.length == memo_trail(board, ids)
    assert_valid_trail(board, ids, t)


@st.composite
def connected_multigraphs(draw):
    """(routes, start): a connected multigraph as ``(u, v, cars)`` with loops, parallel
    tracks and pendant leaves (negative nodes, as the search's branches), and a city."""
    n = draw(st.integers(1, 6))
    routes = [(draw(st.integers(0, k - 1)), k, draw(st.integers(1, 5))) for k in range(1, n)]
    for _ in range(draw(st.integers(0, 6))):
        routes.append((draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)), draw(st.integers(1, 5))))
    for leaf in range(1, draw(st.integers(0, 3)) + 1):
        routes.append((draw(st.integers(0, n - 1)), -leaf, draw(st.integers(1, 9))))
    if not routes:
        routes.append((0, 0, draw(st.integers(1, 5))))
    return routes, draw(st.integers(0, n - 1))


def exhaustive_from(routes, start) -> int:
    """Longest trail of ``routes`` starting at ``start`` (exhaustive)."""
    best = 0

    def walk(v, used, length):
        nonlocal best
        best = max(best, length)
        for i, (a, b, w) in enumerate(routes):
            if not used >> i & 1 and v in (a, b):
                walk(b if v == a else a, used | 1 << i, length + w)

    walk(start, 0, 0)
    return best


def assert_walk(routes, nodes, order):
    """``nodes``/``order`` are a trail: consecutive nodes joined by the routes, none twice."""
    assert len(nodes) == len(order) + 1 and len(set(order)) == len(order)
    for here, i, there in zip(nodes, order, nodes[1:]):
        assert {here, there} == {routes[i][0], routes[i][1]}


@pytest.mark.parametrize("small", [0, 6])
@settings(max_examples=250, deadline=None)
@given(graph=connected_multigraphs())
def test_block_search_from_a_fixed_start_and_from_anywhere(small, graph):
    """The search inside a block (branch and bound over routes with the Euler bound, or
    every trail when there are few routes: ``small`` 0 forces the branch and bound): from
    a fixed city (a branch beyond a bridge) and from anywhere, against exhaustive search,
    on multigraphs with loops, parallel tracks and pendant routes."""
    from ttr_nb.trail import bound as module
    from ttr_nb.trail.bound import _trail_search

    routes, start = graph
    saved, module.SMALL = module.SMALL, small
    try:
        nodes_, order, length = _trail_search(routes, start, -1)
        found = _trail_search(routes, None, 0)
        nothing = _trail_search(routes, None, found[2])
    finally:
        module.SMALL = saved
    assert length == exhaustive_from(routes, start)
    assert nodes_[0] == start and length == sum(routes[i][2] for i in order)
    assert_walk(routes, nodes_, order)
    everywhere = max(exhaustive_from(routes, v) for v in {x for a, b, _w in routes for x in (a, b)})
    assert found[2] == everywhere
    assert_walk(routes, found[0], found[1])
    assert nothing is None  # nothing longer than the longest


@settings(max_examples=300, deadline=None)
@given(k=st.integers(1, 7), data=st.data())
def test_pairing_is_the_cheapest_parity_fix(k, data):
    """The pairing behind the Euler bound: the needed points must be paired, up to
    ``budget`` of the ends toggled (a needed end left alone, another end paired), at the
    least total distance; against all pairings."""
    from itertools import combinations

    from ttr_nb.trail.bound import _FAR, _Pairing

    dist = [[0] * k for _ in range(k)]
    for i, j in combinations(range(k), 2):
        dist[i][j] = dist[j][i] = data.draw(st.integers(1, 6))
    need = data.draw(st.integers(0, (1 << k) - 1))
    ends = data.draw(st.integers(0, (1 << k) - 1))
    budget = data.draw(st.integers(0, 2))

    def perfect(points):
        if not points:
            return 0
        a, rest = points[0], points[1:]
        return min((dist[a][b] + perfect(rest[:j] + rest[j + 1:]) for j, b in enumerate(rest)),
                   default=_FAR)

    toggles = [t for r in range(budget + 1) for t in combinations([i for i in range(k) if ends >> i & 1], r)]
    best = min(perfect([i for i in range(k) if (need ^ sum(1 << t for t in ts)) >> i & 1]) for ts in toggles)
    pairing = _Pairing(dist, need, ends)
    got = pairing.cost(budget, _FAR)
    assert min(got, _FAR) == min(best, _FAR)  # _FAR or more: no way to fix the parity
    if got < _FAR:
        pairs = pairing.pairs(budget)
        assert sum(dist[a][b] for a, b in pairs) == got
        paired = [x for ab in pairs for x in ab]
        assert len(set(paired)) == len(paired)
        toggled = need ^ sum(1 << x for x in paired)
        assert not toggled & ~ends and bin(toggled).count("1") <= budget


# -- inside a block: the trails found from the routes they leave out ----------------------
def best_with_branches(k, eu, ev, cars, p1, p2) -> tuple[int, int]:
    """(from city 0, from anywhere): the longest trails over the routes ``eu[j]``-``ev[j]``
    whose ends take branch values (exhaustive): from city 0 the last city adds ``p1``;
    from anywhere each end adds its ``p1``, both at one city ``p1 + p2``."""
    inc = [[] for _ in range(k)]
    for j, (a, b) in enumerate(zip(eu, ev)):
        inc[a].append((b, j))
        if a != b:
            inc[b].append((a, j))
    best_fixed, best_any = 0, 0

    def walk(start, v, used, length):
        nonlocal best_fixed, best_any
        if start == 0:
            best_fixed = max(best_fixed, length + p1[v])
        best_any = max(best_any, p1[start] + length + (p2[v] if v == start else p1[v]))
        for y, j in inc[v]:
            if not used >> j & 1:
                walk(start, y, used | 1 << j, length + cars[j])

    for s in range(k):
        walk(s, s, 0, 0)
    return best_fixed, best_any


@st.composite
def blocks_with_branches(draw):
    """A connected multigraph of up to 5 cities and 8 routes (loops, parallel tracks),
    with the best two branch values at each city (the second only if there is a first)."""
    k = draw(st.integers(1, 5))
    eu = [draw(st.integers(0, x - 1)) for x in range(1, k)]
    ev = list(range(1, k))
    for _ in range(draw(st.integers(0 if k > 1 else 1, 8 - len(eu)))):
        eu.append(draw(st.integers(0, k - 1)))
        ev.append(draw(st.integers(0, k - 1)))
    cars = [draw(st.integers(1, 4)) for _ in eu]
    p1 = [draw(st.sampled_from([0, 0, 1, 2, 6])) for _ in range(k)]
    p2 = [draw(st.integers(0, p)) if p else 0 for p in p1]
    return k, eu, ev, cars, p1, p2


@settings(max_examples=300, deadline=None)
@given(block=blocks_with_branches(), floor=st.integers(-1, 12))
def test_block_trails_from_the_routes_left_out(block, floor):
    """A block's trails found from the routes they leave out (connected, 0 or 2 odd
    cities), pruned by cars: from its top and from anywhere, against exhaustive search;
    the routes returned make that trail (Hierholzer walks them from its first city to its
    last) and nothing above ``floor`` means None."""
    from ttr_nb.trail.blocks import _by_removal
    from ttr_nb.trail.bound import _euler_bits

    k, eu, ev, cars, p1, p2 = block
    (fixed, anywhere), inc = _by_removal(k, eu, ev, cars, p1, p2, True, floor)
    want_fixed, want_any = best_with_branches(k, eu, ev, cars, p1, p2)
    assert fixed[0] == want_fixed
    assert (anywhere is None) == (want_any <= floor)
    for found, from_top in ((fixed, True), (anywhere, False)):
        if found is None:
            continue
        value, routes, first, last = found
        order = _euler_bits(inc, routes, first)[1] if routes else []
        assert sorted(order) == [j for j in range(len(eu)) if routes >> j & 1]
        here = first
        for j in order:
            assert here in (eu[j], ev[j])
            here = ev[j] if here == eu[j] else eu[j]
        assert here == last
        ends = p1[last] if from_top else p1[first] + (p2[last] if first == last else p1[last])
        assert value == sum(cars[j] for j in order) + ends
        assert first == 0 or not from_top
    assert anywhere is None or anywhere[0] == want_any
    (none, again), _inc = _by_removal(k, eu, ev, cars, p1, p2, False, floor)
    assert none is None and again == anywhere


@pytest.mark.parametrize("large, work", [(0, 400), (16, 0), (2, 3)])
@pytest.mark.parametrize("seed", range(12))
def test_dense_blocks_fall_back_to_branch_and_bound(large, work, seed):
    """A block larger than ``LARGE`` routes (or whose search takes more than ``WORK``
    steps) goes to the branch and bound; a large block below the root makes the spanning
    tree start again inside it. Forced here on small networks (``large`` 0 or 2, ``work`` 0
    or 3), the answer is still exact."""
    from ttr_nb.trail import blocks as module

    saved = module.LARGE, module.WORK
    module.LARGE, module.WORK = large, work
    try:
        rng = random.Random(seed)
        shape = rng.choice([(4, 4, True), (3, 5, True), (4, 5, False)])
        board = grid_network(*shape, (1, 2), rng.randint(10, 20), seed)
        ids = [r.id for r in board.routes]
        t = longest_trail(board, ids)
        assert t.length == memo_trail(board, ids)
        assert_valid_trail(board, ids, t)
        usa = ttr_nb.load_map("usa")
        net = network_45(usa, [rng.randrange(100) for _ in range(40)])
        t = longest_trail(usa, net)
        assert t.length == memo_trail(usa, net)
        assert_valid_trail(usa, net, t)
    finally:
        module.LARGE, module.WORK = saved


def all_orders(board: Board, routes) -> list[tuple[int, ...]]:
    """Every order of ``routes`` that is a trail (each route once), as route ids."""
    inc = incidence(board, routes)
    out = []

    def walk(city, used, seq):
        if len(seq) == len(routes):
            out.append(tuple(seq))
        for rid, far, _cars in inc[city]:
            if rid not in used:
                walk(far, used | {rid}, seq + [rid])

    for city in inc:
        walk(city, frozenset(), [])
    return out


@settings(max_examples=300)
@given(board=multigraphs())
def test_a_trail_through_a_city_twice_takes_the_lowest_route_ids(board):
    """The canonical order (Fleury's rule, B-8.2 trails may repeat cities): an open trail
    found by the search is given as the smallest sequence of route ids among all orders
    of its routes from either end, then written from the end whose route id is lower."""
    ids = [r.id for r in board.routes]
    t = longest_trail(board, ids)
    if len(t.routes) < 2 or t.cities[0] == t.cities[-1]:
        return  # a closed trail starts where the search closed it
    inc = incidence(board, ids)
    piece = set()
    stack = [endpoints(board, board.route(t.routes[0]))[0]]
    while stack:
        for rid, far, _cars in inc[stack.pop()]:
            if rid not in piece:
                piece.add(rid)
                stack.append(far)
    if piece == set(t.routes):
        return  # every route of its piece: Hierholzer's order, from the lowest odd city
    smallest = min(all_orders(board, t.routes))
    assert t.routes in (smallest, smallest[::-1])
    assert t.routes[0] < t.routes[-1]


def test_route_ids_need_not_be_positive():
    """Routes are named by their ids inside the search: 0 and negative ids work too."""
    cities = [City(name, i / 6, 0.5) for i, name in enumerate("ABCDEF")]
    routes = [Route(0, "A", "B", 2, "gray"), Route(-3, "B", "C", 1, "gray"),
              Route(7, "C", "A", 4, "gray"), Route(-1, "C", "D", 3, "gray"),
              Route(5, "A", "E", 1, "gray"), Route(-7, "B", "F", 2, "gray")]
    board = Board("ids", "ids", cities, routes, [])
    ids = [r.id for r in routes]  # six odd cities round a cycle: the search, not Euler
    t = longest_trail(board, ids)
    assert t.length == brute_force_trail(board, ids) == longest_trail_length(board, ids)
    assert_valid_trail(board, ids, t)
    tree = [Route(-1, "A", "B", 2, "gray"), Route(0, "B", "C", 1, "gray"),
            Route(-2, "B", "D", 3, "gray"), Route(1, "D", "E", 1, "gray")]
    board = Board("tree", "tree", cities, tree, [])
    ids = [r.id for r in tree]  # a tree: its diameter, from leaf A (route -1) first
    t = longest_trail(board, ids)
    assert t.length == brute_force_trail(board, ids) == longest_trail_length(board, ids)
    assert_valid_trail(board, ids, t)


def test_boards_taken_in_turn_keep_their_own_graph():
    """The compiled board graph is reused (the last board is kept at hand): asking for
    two boards in turn gives each its own answers."""
    from ttr_nb.trail import board_graph

    usa, asia = ttr_nb.load_map("usa"), ttr_nb.load_map("team_asia")
    ids = list(range(1, 13))
    first = (longest_trail(usa, ids), longest_trail(asia, ids))
    for _ in range(3):
        assert (longest_trail(usa, ids), longest_trail(asia, ids)) == first
        assert board_graph(usa) is board_graph(usa) and board_graph(usa) is not board_graph(asia)
    assert first[0].length == brute_force_trail(usa, ids)
    assert first[1].length == brute_force_trail(asia, ids)
