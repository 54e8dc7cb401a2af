"""Tickets as connectivity, networks, and the classroom analyses of ttr_nb.graph.

Independent checks use networkx on a graph built here from the rules (each route into a
country ends at its own terminal, H-8.5), or plain brute force.
"""
from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.board import MAP_NAMES, Board, City, Route
from ttr_nb.board_index import board_index
from ttr_nb.errors import IllegalAction
from ttr_nb.graph import (
    Connection,
    Network,
    articulation_points,
    bridges,
    cheapest_cost,
    connect,
    degrees,
    is_planar,
    largest_network,
    longest_trail,
    networks,
    odd_degree_cities,
    single_track_routes,
    steiner_tree,
    ticket_done,
    ticket_outliers,
    ticket_steiner,
    ticket_values,
    whole_board_trail,
)
from ttr_nb.paths import PathSearch

BOARDS = MAP_NAMES


def rules_graph(board: Board, route_ids, weight=lambda r: r.length) -> nx.MultiGraph:
    """The network by the rules: a country end is the route's own terminal 'Country#id'."""
    g = nx.MultiGraph()
    for i in set(route_ids):
        r = board.route(i)
        a, b = (f"{c}#{r.id}" if board.cities[c].is_country else c for c in r.cities)
        g.add_edge(a, b, key=r.id, weight=weight(r))
    return g


def ends(board: Board, g: nx.MultiGraph, city: str) -> list[str]:
    if board.cities[city].is_country:
        return [n for n in g if n.split("#")[0] == city]
    return [city] if city in g else []


def joined(board, g, a, b) -> bool:
    return any(nx.has_path(g, x, y) for x in ends(board, g, a) for y in ends(board, g, b))


def assert_path(board: Board, route_ids, a: str, b: str, routes, cities) -> None:
    """``routes`` walk from a to b through ``cities`` on owned routes, never through a country."""
    assert cities[0] == a and cities[-1] == b
    assert len(cities) == len(routes) + 1
    assert set(routes) <= set(route_ids)
    for k, rid in enumerate(routes):
        assert set(board.route(rid).cities) == {cities[k], cities[k + 1]}
    for c in cities[1:-1]:
        assert not board.cities[c].is_country, f"the path passes through the country {c}"


@pytest.fixture(scope="module")
def usa() -> Board:
    return ttr_nb.load_map("usa")


@pytest.fixture(scope="module")
def africa() -> Board:
    return ttr_nb.load_map("heart_of_africa")


def track(board, a, b, n=0) -> int:
    return board.routes_between(a, b)[n].id


# -- connect and ticket_done ------------------------------------------------------------------
def test_B_6_ticket_done_when_a_path_joins_the_two_cities(usa):
    ids = [track(usa, "Denver", "Omaha"), track(usa, "Omaha", "Chicago"),
           track(usa, "Denver", "Kansas City"), track(usa, "Kansas City", "Omaha")]
    c = connect(usa, ids, "Denver", "Chicago")
    assert isinstance(c, Connection) and c.connected
    # fewest cars: Denver–Omaha (4) + Omaha–Chicago (4), not via Kansas City (4 + 1 + 4)
    assert c.cities == ("Denver", "Omaha", "Chicago")
    assert_path(usa, ids, "Denver", "Chicago", c.routes, c.cities)
    assert ticket_done(usa, ids, ("Denver", "Chicago"))
    assert ticket_done(usa, ids, ("Chicago", "Denver"))


def test_connect_not_joined_shows_what_each_end_reaches(usa):
    ids = [track(usa, "Denver", "Omaha"), track(usa, "Chicago", "Pittsburgh")]
    c = connect(usa, ids, "Denver", "Pittsburgh")
    assert not c.connected and c.routes == () and c.cities == ()
    assert c.reached_from_a == {"Denver", "Omaha"}
    assert c.reached_from_b == {"Chicago", "Pittsburgh"}
    assert connect(usa, ids, "Miami", "Denver").reached_from_a == {"Miami"}
    assert "not joined" in c.describe()


def test_ticket_done_accepts_a_ticket_object(usa):
    t = next(t for t in usa.tickets_in("original") if {t.a, t.b} == {"Denver", "El Paso"})
    path = [track(usa, "Denver", "Phoenix"), track(usa, "Phoenix", "El Paso")]
    assert ticket_done(usa, path, t)
    assert not ticket_done(usa, path[:1], t)


def test_unknown_city_or_route_is_an_illegal_action(usa):
    with pytest.raises(IllegalAction, match="'Atlantis' is not a city"):
        connect(usa, [], "Atlantis", "Denver")
    with pytest.raises(IllegalAction, match="route 0 is not on the board"):
        ticket_done(usa, [0], ("Denver", "Omaha"))


def random_network(board: Board, rng: random.Random, size: int) -> list[int]:
    return rng.sample([r.id for r in board.routes], size)


@pytest.mark.parametrize("name", BOARDS)
@settings(max_examples=60)
@given(seed=st.integers(0, 10**9), size=st.integers(0, 40))
def test_connect_agrees_with_networkx(name, seed, size):
    board = ttr_nb.load_map(name)
    rng = random.Random(seed)
    ids = random_network(board, rng, size)
    g = rules_graph(board, ids)
    cities = sorted(board.cities)
    for _ in range(6):
        a, b = rng.sample(cities, 2)
        c = connect(board, ids, a, b)
        assert c.connected == joined(board, g, a, b) == ticket_done(board, ids, (a, b))
        if c.connected:
            assert_path(board, ids, a, b, c.routes, c.cities)
            best = min(nx.shortest_path_length(g, x, y, weight="weight")
                       for x in ends(board, g, a) for y in ends(board, g, b)
                       if nx.has_path(g, x, y))
            assert sum(board.route(i).length for i in c.routes) == best
            if not (board.cities[a].is_country or board.cities[b].is_country):
                assert c.reached_from_a == c.reached_from_b  # one piece
        else:
            reach = {n.split("#")[0] for x in ends(board, g, a) for n in nx.node_connected_component(g, x)}
            assert c.reached_from_a == reach | {a}
            # two pieces can only share a country (reached by different entry routes)
            assert all(board.cities[x].is_country for x in c.reached_from_a & c.reached_from_b)


# -- countries (H-8) -------------------------------------------------------------------------
def test_H_8_2_no_path_passes_through_a_country(africa):
    """Ngaoundéré–Tchad and Bangui–Tchad do not join Ngaoundéré to Bangui."""
    ids = [track(africa, "Ngaoundéré", "Tchad"), track(africa, "Bangui", "Tchad")]
    c = connect(africa, ids, "Ngaoundéré", "Bangui")
    assert not c.connected
    assert c.reached_from_a == {"Ngaoundéré", "Tchad"}
    assert c.reached_from_b == {"Bangui", "Tchad"}
    assert len(networks(africa, ids)) == 2
    assert longest_trail(africa, ids).length == 4


def test_H_8_3_country_ticket_completes_through_any_entry_route(africa):
    for country in africa.countries:
        for r in (africa.route(i) for i in sorted(r.id for r in africa.routes if country in r.cities)):
            city = r.other(country)
            c = connect(africa, [r.id], country, city)
            assert c.connected and c.routes == (r.id,) and c.cities == (country, city)
            assert ticket_done(africa, [r.id], (city, country))


def test_H_8_2_a_path_may_end_at_a_country_after_other_cities(africa):
    entry = africa.find_route("Bangui", "Sudan")
    inner = next(r for r in africa.routes if "Bangui" in r.cities and r.id != entry.id
                 and not any(africa.cities[c].is_country for c in r.cities))
    c = connect(africa, [entry.id, inner.id], inner.other("Bangui"), "Sudan")
    assert c.connected and c.cities == (inner.other("Bangui"), "Bangui", "Sudan")


# -- networks --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", BOARDS)
@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), size=st.integers(0, 30))
def test_networks_partition_the_routes_biggest_first(name, seed, size):
    board = ttr_nb.load_map(name)
    ids = random_network(board, random.Random(seed), size)
    pieces = networks(board, ids)
    assert sorted(r for p in pieces for r in p.routes) == sorted(ids)
    g = rules_graph(board, ids)
    assert len(pieces) == nx.number_connected_components(g)
    sizes = [len(p.cities) for p in pieces]
    assert sizes == sorted(sizes, reverse=True)
    assert largest_network(board, ids) == (pieces[0] if pieces else Network(frozenset(), frozenset()))
    assert networks(board, list(reversed(ids))) == pieces


def test_LA_12_largest_network_counts_distinct_cities_not_routes():
    asia = ttr_nb.load_map("legendary_asia")
    r1 = asia.routes[0]
    twins = [r.id for r in asia.routes_between(*r1.cities)]
    far = next(r for r in asia.routes if not set(r.cities) & set(r1.cities))
    nxt = next(r for r in asia.routes if set(r.cities) & set(far.cities)
               and set(r.cities) != set(far.cities) and not set(r.cities) & set(r1.cities))
    big = largest_network(asia, twins + [far.id, nxt.id])
    assert len(big.cities) == 3 and big.routes == {far.id, nxt.id}
    assert largest_network(asia, []) == Network(frozenset(), frozenset())


# -- cheapest cost, ticket values -------------------------------------------------------------
@pytest.mark.parametrize("name", BOARDS)
def test_cheapest_cost_agrees_with_networkx_for_every_ticket(name):
    board = ttr_nb.load_map(name)
    g = rules_graph(board, [r.id for r in board.routes], weight=lambda r: r.trains)
    for t in board.tickets:
        cost, routes = cheapest_cost(board, t.a, t.b)
        best = min(nx.shortest_path_length(g, x, y, weight="weight")
                   for x in ends(board, g, t.a) for y in ends(board, g, t.b))
        assert cost == best == sum(board.route(i).trains for i in routes)


def test_LA_10_cheapest_cost_counts_mountain_trains():
    asia = ttr_nb.load_map("legendary_asia")
    r = next(r for r in asia.routes if r.mountains and len(asia.routes_between(*r.cities)) == 1)
    cost, routes = cheapest_cost(asia, r.a, r.b, [r.id])
    assert (cost, routes) == (r.length + r.mountains, (r.id,))


def test_cheapest_cost_on_a_subset_and_unreachable(usa):
    assert cheapest_cost(usa, "Miami", "Seattle", []) == (None, ())
    ids = [track(usa, "Denver", "Omaha")]
    assert cheapest_cost(usa, "Denver", "Omaha", ids) == (4, tuple(ids))


def test_ticket_outliers_usa_original_pay_a_bonus(usa):
    """Most USA tickets score exactly their cheapest train cost; the outliers pay 1 or 2 more."""
    values = ticket_values(usa, "original")
    assert len(values) == 30
    outliers = ticket_outliers(usa, "original")
    assert outliers == sorted((v for v in values if v.difference != 0),
                              key=lambda v: (-abs(v.difference), v.ticket.id))
    assert 0 < len(outliers) < 10
    assert all(v.difference in (1, 2) for v in outliers)
    assert ticket_outliers(usa, "original", threshold=10) == []


# -- Euler, bridges, planarity -----------------------------------------------------------------
@pytest.mark.parametrize("name", BOARDS)
def test_handshake_lemma_on_every_board(name):
    board = ttr_nb.load_map(name)
    deg = degrees(board)
    assert sum(deg.values()) == 2 * len(board.routes)
    odd = [c for c, d in deg.items() if d % 2]
    assert len(odd) % 2 == 0
    assert odd_degree_cities(board) == [c for c in odd if not board.cities[c].is_country]


def test_euler_a_network_with_two_odd_cities_is_one_trail(usa):
    ids = [track(usa, *p) for p in [("Vancouver", "Seattle"), ("Seattle", "Portland"),
                                     ("Portland", "Salt Lake City"), ("Salt Lake City", "Helena"),
                                     ("Helena", "Seattle")]]
    assert odd_degree_cities(usa, ids) == ["Seattle", "Vancouver"]
    assert longest_trail(usa, ids).length == sum(usa.route(i).length for i in ids)


def brute_bridges(board, ids) -> list[int]:
    g = rules_graph(board, ids)
    base = nx.number_connected_components(g)
    out = []
    for rid in ids:
        h = g.copy()
        u, v = next((a, b) for a, b, k in h.edges(keys=True) if k == rid)
        h.remove_edge(u, v, key=rid)
        if nx.number_connected_components(h) > base:
            out.append(rid)
    return sorted(out)


@pytest.mark.parametrize("name", BOARDS)
@settings(max_examples=25)
@given(seed=st.integers(0, 10**9), size=st.integers(1, 40))
def test_bridges_and_articulation_points_by_brute_force(name, seed, size):
    board = ttr_nb.load_map(name)
    ids = random_network(board, random.Random(seed), size)
    assert bridges(board, ids) == brute_bridges(board, ids)
    g = rules_graph(board, ids)
    base = nx.number_connected_components(g)
    cut = []
    for c in {n for n in g if "#" not in n}:
        h = g.copy()
        h.remove_node(c)
        if nx.number_connected_components(h) > base:
            cut.append(c)
    assert articulation_points(board, ids) == sorted(cut)


def test_usa_has_no_bridge_and_africa_countries_hang_on_bridges(usa, africa):
    assert bridges(usa) == []
    into = sorted(r.id for r in africa.routes if any(africa.cities[c].is_country for c in r.cities))
    assert set(into) <= set(bridges(africa))


def tiny_board(pairs, kinds=None) -> Board:
    names = sorted({c for p in pairs for c in p[:2]})
    kinds = kinds or {}
    cities = [City(n, k / len(names), 0.5, kinds.get(n, "city")) for k, n in enumerate(names)]
    routes = [Route(k + 1, p[0], p[1], (p[2] if len(p) > 2 else 1), "gray") for k, p in enumerate(pairs)]
    return Board("tiny", "tiny", cities, routes, [])


def test_planarity(usa):
    assert all(is_planar(ttr_nb.load_map(n)) for n in BOARDS)
    k5 = tiny_board(list(itertools.combinations("ABCDE", 2)))
    assert not is_planar(k5)
    assert is_planar(k5, [1, 2, 3, 4, 5, 6, 7, 8, 9])


# -- Steiner trees ---------------------------------------------------------------------------
def brute_steiner(board, cities) -> int:
    """Cheapest route set joining the cities, by trying route sets in order of size."""
    ids = [r.id for r in board.routes]
    best = None
    for k in range(len(ids) + 1):
        for sub in itertools.combinations(ids, k):
            cost = sum(board.route(i).trains for i in sub)
            if best is not None and cost >= best:
                continue
            if all(ticket_done(board, sub, (cities[0], c)) for c in cities[1:]):
                best = cost
    return best


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9))
def test_steiner_tree_is_exact_on_small_boards(seed):
    rng = random.Random(seed)
    names = "ABCDEFG"[: rng.randint(4, 7)]
    pairs = [(a, b, rng.randint(1, 6)) for a, b in itertools.combinations(names, 2) if rng.random() < 0.45]
    pairs += [(names[k], names[k + 1], rng.randint(1, 6)) for k in range(len(names) - 1)]
    pairs = pairs[:12]
    board = tiny_board(pairs)
    cities = rng.sample(sorted(board.cities), rng.randint(2, min(4, len(board.cities))))
    if not all(ticket_done(board, [r.id for r in board.routes], (cities[0], c)) for c in cities):
        return
    tree = steiner_tree(board, cities)
    assert tree.exact
    assert tree.trains == sum(board.route(i).trains for i in tree.routes) == brute_steiner(board, cities)
    assert all(ticket_done(board, tree.routes, (cities[0], c)) for c in cities)
    approx = steiner_tree(board, cities, exact=False)
    assert not approx.exact and tree.trains <= approx.trains <= 2 * tree.trains


def test_steiner_tree_on_usa_joins_the_cities_and_beats_the_approximation(usa):
    cities = ["Seattle", "Miami", "Boston", "Los Angeles", "Duluth"]
    tree = steiner_tree(usa, cities)
    approx = steiner_tree(usa, cities, exact=False)
    assert tree.exact and tree.trains <= approx.trains
    assert all(ticket_done(usa, tree.routes, ("Seattle", c)) for c in cities)
    pair = steiner_tree(usa, ["Los Angeles", "New York"])
    assert pair.trains == cheapest_cost(usa, "Los Angeles", "New York")[0]


def test_steiner_tree_to_a_country_uses_one_entry(africa):
    tree = steiner_tree(africa, ["Sudan", "Douala"])
    cost, _ = cheapest_cost(africa, "Sudan", "Douala")
    assert tree.trains == cost
    assert sum(1 for i in tree.routes if "Sudan" in africa.route(i).cities) == 1


def test_ticket_steiner_completes_every_ticket_cheaper_than_separately(usa):
    tickets = usa.tickets_in("original")[:4]
    forest = ticket_steiner(usa, tickets)
    assert forest.exact
    assert all(ticket_done(usa, forest.routes, t) for t in tickets)
    separate = sum(cheapest_cost(usa, t.a, t.b)[0] for t in tickets)
    assert max(cheapest_cost(usa, t.a, t.b)[0] for t in tickets) <= forest.trains <= separate
    one_tree = steiner_tree(usa, sorted({c for t in tickets for c in (t.a, t.b)}))
    assert forest.trains <= one_tree.trains


# -- the whole board ---------------------------------------------------------------------------
@pytest.mark.parametrize("one", [False, True])
def test_whole_board_trail_usa_is_proven(usa, one):
    w = whole_board_trail(usa, one_track_per_pair=one)
    ids = single_track_routes(usa) if one else [r.id for r in usa.routes]
    assert w.routes == len(ids) and w.total == sum(usa.route(i).length for i in ids)
    assert w.total - w.upper_bound == sum(usa.route(i).length for i in w.left_out)
    # what is left after the cheapest T-join has at most 2 odd cities (the Euler argument)
    rest = [i for i in ids if i not in w.left_out]
    assert len(odd_degree_cities(usa, rest)) <= 2
    assert w.proven and w.trail.length == w.upper_bound
    assert len(set(w.trail.routes)) == len(w.trail.routes) and set(w.trail.routes) <= set(ids)
    for k, rid in enumerate(w.trail.routes):
        assert set(usa.route(rid).cities) == {w.trail.cities[k], w.trail.cities[k + 1]}
    # the hot-path search agrees
    assert longest_trail(usa, ids).length == w.trail.length
    assert (w.trail.length, w.upper_bound) == ((235, 235) if one else (285, 285))


# -- the board index and the one path search (ttr_nb.board_index, ttr_nb.paths) -----------------


def test_H_8_2_the_index_gives_a_country_no_onward_route(africa):
    """The country rule is in the index: a path may end at a country (``at``) but never goes
    on from it (``onward`` empty); a city goes on along all its routes."""
    ix = board_index(africa)
    assert board_index(africa) is ix  # built once per board
    assert [ix.names[c] for c in range(len(ix.names)) if ix.country[c]] == sorted(africa.countries)
    for c, name in enumerate(ix.names):
        routes = {i for _o, i in ix.at[c]}
        assert routes == {ix.pos[r.id] for r in africa.routes if name in r.cities}
        assert ix.onward[c] == (() if africa.cities[name].is_country else ix.at[c])
    assert ix.onward[ix.node("Madagascar")] == ix.at[ix.node("Madagascar")]  # H-8.4: crossed


def test_H_8_2_the_search_ends_at_a_country_and_leaves_only_a_start():
    """A–C–B through the country C costs 2, A–B directly 5: the search takes 5 (H-8.2); from
    C itself it leaves by either route (H-8.3)."""
    board = tiny_board([("A", "C", 1), ("C", "B", 1), ("A", "B", 5)], {"C": "country"})
    ix = board_index(board)
    a, b, c = ix.node("A"), ix.node("B"), ix.node("C")
    s = PathSearch(ix, list(ix.trains), [a])
    assert s.first({b}) == b and s.dist[b] == 5 and s.path(b) == ([3], [a, b])
    assert PathSearch(ix, list(ix.trains), [c]).reached() == {c: 0, a: 1, b: 1}
    closed = [1, 1, None]  # A–B closed: B is out of reach from A
    assert PathSearch(ix, closed, [a]).reached() == {a: 0, c: 1}
    assert cheapest_cost(board, "A", "B") == (5, (3,))
    assert connect(board, [1, 2], "A", "B").reached_from_a == {"A", "C"}
    assert [n.cities for n in networks(board, [1, 2])] == [{"A", "C"}, {"B", "C"}]


def reference_by_routes(board, cost, a, b):
    """Dijkstra on (cost, routes, route ids) over the rules graph (a country: one terminal per
    route, H-8.5), as the searches of graph and analysis were first written."""
    import heapq

    g = rules_graph(board, list(cost))
    heap = [((0, 0, ()), s, (s,)) for s in ends(board, g, a)]
    heapq.heapify(heap)
    done, targets = set(), set(ends(board, g, b))
    while heap:
        key, v, nodes = heapq.heappop(heap)
        if v in done:
            continue
        done.add(v)
        if v in targets:
            return key[0], key[2], tuple(n.split("#")[0] for n in nodes)
        for _v, nb, rid in g.edges(v, keys=True):
            if nb not in done:
                heapq.heappush(heap, ((key[0] + cost[rid], key[1] + 1, key[2] + (rid,)), nb, nodes + (nb,)))
    return None


@pytest.mark.parametrize("name", BOARDS)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_one_search_by_routes_breaks_ties_as_the_first_searches(name, seed):
    """Fewest trains, then fewest routes, then the smallest route ids: the same path as a
    plain search on the rules graph, on random networks of every board."""
    board = ttr_nb.load_map(name)
    ix = board_index(board)
    rng = random.Random(seed)
    ids = random_network(board, rng, rng.randrange(10, len(board.routes)))
    cost = {i: board.route(i).trains for i in ids}
    for _ in range(8):
        a, b = rng.sample(sorted(board.cities), 2)
        s = PathSearch(ix, ix.costs(ix.trains, ids), [ix.node(a)], by_routes=True)
        got = s.first({ix.node(b)})
        ref = reference_by_routes(board, cost, a, b)
        if ref is None:
            assert got is None
        else:
            rids, nodes = s.path(got)
            assert (s.dist[got][0], tuple(rids), tuple(ix.names[x] for x in nodes)) == ref


@pytest.mark.parametrize("name", BOARDS)
def test_the_optimisers_distances_are_the_fewest_trains(name):
    """The optimiser's node-to-node trains (the one search over the index) equal networkx's
    on its own graph of links, a country node a dead end on one link (H-8.2)."""
    from ttr_nb.optimize._model import distances
    from ttr_nb.optimize._network import Network

    board = ttr_nb.load_map(name)
    rng = random.Random(5)
    for allowed in ([r.id for r in board.routes], random_network(board, rng, len(board.routes) // 2)):
        net = Network(board, allowed, board.tickets)
        g = nx.Graph()
        g.add_nodes_from(range(net.n))
        for link in net.links:
            w = min(t.trains for t in link.tracks)
            if not g.has_edge(link.u, link.v) or g[link.u][link.v]["weight"] > w:
                g.add_edge(link.u, link.v, weight=w)
        assert distances(net) == {u: dict(d) for u, d in nx.all_pairs_dijkstra_path_length(g)}


@pytest.mark.parametrize("name", BOARDS)
def test_H_8_5_the_trail_graph_gives_each_route_into_a_country_its_own_end(name):
    """The trails' compiled board (one end node per route into a country) agrees with the
    index: a country has as many end nodes as the index has routes at it; a city has one."""
    board = ttr_nb.load_map(name)
    ix, g = board_index(board), ttr_nb.graph.board_graph(board)
    for c, city in enumerate(ix.names):
        assert len(g.nodes_of[city]) == (len(ix.at[c]) if ix.country[c] else 1)
