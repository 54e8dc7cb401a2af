"""Legendary Asia: the LA- rules and E7 that tests/test_rules_legendary_asia.py does not cover
yet (LA-4 any mix, LA-5 keep >= 1, LA-6, LA-8, LA-11 paths, LA-12 branches and ties, LA-13
data, E7 in one game)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawTickets, KeepTickets
from ttr_nb.graph import largest_network

from test_engine_helpers import give_route, past_setup, set_hand, touch


def _route(g, length, mountains=0, ferry=0, taken=()):
    return next(r for r in g.board.routes if r.length == length and r.mountains == mountains
                and r.ferry_locos == ferry and r.id not in taken and g.owner[g.T.idx[r.id]] < 0)


def test_LA_4_any_mix_may_be_kept_the_long_route_is_not_required():
    g = ttr_nb.new_game("legendary-asia", 2, seed=11)
    offered = g.offered_tickets(0)
    longs = [t for t in offered if "long" in g.board.ticket(t).decks]
    regular = [t for t in offered if t not in longs]
    keeps = [a for a in g.legal_actions() if isinstance(a, KeepTickets)]
    assert len(keeps) == 6 + 4 + 1  # any 2, 3 or all 4 of the 4
    assert KeepTickets(tuple(regular[:2])) in keeps
    g.apply(KeepTickets(tuple(regular[:2])))
    assert longs[0] not in g.tickets(0) and g.tidx[longs[0]] in g.box  # to the box, unseen later


def test_LA_5_mid_game_must_keep_at_least_one():
    g = past_setup("legendary-asia", 3, seed=12)
    g.apply(DrawTickets())
    assert "at least 1 of the 3" in g.why_not(KeepTickets(()))


@pytest.mark.parametrize("n,both", [(2, False), (3, False), (4, True), (5, True)])
def test_LA_6_both_tracks_of_a_double_only_with_4_or_5_players(n, both):
    g = past_setup("legendary-asia", n, seed=13)
    a, b = next((r, g.board.route(g.board.twins[r.id][0])) for r in g.board.routes
                if g.board.twins[r.id] and not r.mountains and not r.ferry_locos)
    set_hand(g, 0, locomotive=8)
    g.apply(ClaimRoute.paying(a.id, locomotive=a.length))
    set_hand(g, 1, locomotive=8)
    why = g.why_not(ClaimRoute.paying(b.id, locomotive=b.length))
    assert (why is None) == both
    g.seat = 0
    touch(g)
    assert g.why_not(ClaimRoute.paying(b.id, locomotive=b.length))  # never both to one player (B-5.7)


def test_LA_8_no_tunnels():
    v = ttr_nb.get_variant("legendary-asia")
    assert "tunnels" not in v.mechanics and not any(r.tunnel for r in v.board.routes)
    g = past_setup("legendary-asia", 2, seed=14)
    r = _route(g, 3)
    set_hand(g, 0, locomotive=3)
    g.apply(ClaimRoute.paying(r.id, locomotive=3))
    assert g.pending == "turn" and g.current_player == 1  # a claim is never held


def test_LA_11_crossing_trains_never_count_for_networks_and_are_conserved():
    g = past_setup("legendary-asia", 2, seed=15)
    r = _route(g, 2, mountains=2)
    set_hand(g, 0, locomotive=2)
    g.apply(ClaimRoute.paying(r.id, locomotive=2))
    assert g.counts()["trains"] == 90  # reserve + placed + crossing
    sheet = g.score()
    assert set(sheet.network(0).cities) == {r.a, r.b}
    assert len(sheet.network(0).routes) == 1


def test_LA_12_explorer_counts_distinct_cities_with_branches_not_a_path():
    b = ttr_nb.load_map("legendary_asia")
    hub = max(b.cities, key=lambda c: len({r.other(c) for r in b.routes if c in (r.a, r.b)}))
    spokes, seen = [], set()
    for r in b.routes:
        if hub in (r.a, r.b) and r.other(hub) not in seen:
            spokes.append(r.id)
            seen.add(r.other(hub))
        if len(spokes) == 3:
            break
    net = largest_network(b, spokes)
    assert len(net.cities) == 4  # a star: the hub and 3 ends (a path would count 3)
    from ttr_nb.scoring import Claim, Scorer, Scoresheet

    star = Scorer("Star", tuple(Claim(r) for r in spokes), ())
    sheet = Scoresheet.compute(b, [star], {"asian_explorer": 10})
    assert sheet.awarded == {"asian_explorer": (0,)}


def test_LA_12_ties_all_score_and_there_is_no_longest_path():
    g = past_setup("legendary-asia", 3, seed=16)
    for s in range(3):
        g.kept[s] = []
    taken: list[int] = []
    for seat in (0, 1):
        r = _route(g, 2, taken=taken)
        # a route that shares no city with the other player's
        while any(c in (g.board.route(t).a, g.board.route(t).b) for t in taken for c in (r.a, r.b)):
            taken.append(r.id)
            r = _route(g, 2, taken=taken)
        give_route(g, seat, r.id)
        taken.append(r.id)
    sheet = g.score()
    assert sheet.awarded == {"asian_explorer": (0, 1)}
    assert "longest_path" not in sheet.awarded
    assert sheet.line_total(0, "bonus") == sheet.line_total(1, "bonus") == 10
    assert sheet.line_total(2, "bonus") == 0


def test_LA_13_map_data():
    b = ttr_nb.load_map("legendary_asia")
    assert {r.length for r in b.routes} == {1, 2, 3, 4, 5, 6}
    assert {r.mountains for r in b.routes if r.mountains} == {1, 2}
    ferries = [r for r in b.routes if r.ferry_locos]
    assert len(ferries) == 15 and {r.ferry_locos for r in ferries} == {1}
    longs = b.tickets_in("long")
    assert len(longs) == 6 and {t.points for t in longs} == {16, 17, 18}
    assert len(b.tickets_in("regular")) == 30
    dropped = [c for c in b.meta.get("corrections", []) if c.get("drop")]
    assert len(b.routes) == 101 - len(dropped)  # BGA's 101 tracks less the ones not on the board


def test_E7_mountains_and_a_ferry_in_one_game():
    """E7: a 2-space route with 2 X needs 4 trains and scores 6; a 4-space route with 1 X needs 5
    and scores 9; a 3-space ferry takes 3 and scores 4: 19 points for 12 trains."""
    g = past_setup("legendary-asia", 2, seed=17)
    r1 = _route(g, 2, mountains=2)
    r2 = _route(g, 4, mountains=1)
    r3 = _route(g, 3, ferry=1)
    for r in (r1, r2, r3):
        g.seat = 0
        set_hand(g, 0, locomotive=r.length)
        before = (g.trains[0], g.points[0])
        g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
        got = (before[0] - g.trains[0], g.points[0] - before[1])
        assert got == {r1.id: (4, 6), r2.id: (5, 9), r3.id: (3, 4)}[r.id]
    assert 45 - g.trains[0] == 12 and g.points[0] == 19
    sheet = g.score()
    assert sheet.line_total(0, "route") == 2 + 7 + 4 and sheet.line_total(0, "mountain") == 6
