"""Legendary Asia (rules-spec section 5) and ferries (EU-2), plus the variants whose mechanics
come later (Heart of Africa, Team Asia): their data is registered now."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawTickets, KeepTickets
from ttr_nb.variants import get_variant

from test_engine_helpers import past_setup, set_hand, touch


def test_LA_1_LA_2_players_and_trains():
    v = get_variant("legendary-asia")
    assert v.players == (2, 3, 4, 5) and v.trains == 45
    assert v.bonuses == {"asian_explorer": 10}  # LA-12: no Longest Path


def test_LA_3_LA_4_one_long_three_regular_keep_two_rest_to_the_box():
    g = ttr_nb.new_game("legendary-asia", 3, seed=1)
    for s in range(3):
        offered = g.offered_tickets(s)
        assert len(offered) == 4
        assert sum(1 for t in offered if "long" in g.board.ticket(t).decks) == 1
    assert g.counts()["tickets"] == 36
    assert len(g.box) == 3 and all("long" in g.tix[t].decks for t in g.box)  # undealt Long Routes
    deck_before = list(g.tdeck)
    offered = g.offered_tickets(0)
    keep = tuple(sorted(offered[1:3]))
    assert "at least 2 of the 4" in g.why_not(KeepTickets(keep[:1]))
    ev = g.apply(KeepTickets(keep))
    assert g.tdeck == deck_before  # nothing returned to the deck
    boxed = {g.tix[t].id for t in g.box}
    assert set(offered) - set(keep) <= boxed
    assert "into the box" in ev[0].text
    assert "into the box" in ev[0].public and offered[0] not in ev[0].public


def test_LA_5_mid_game_three_regular_keep_one_rest_to_the_bottom():
    g = past_setup("legendary-asia", 2, seed=2)
    g.apply(DrawTickets())
    offered = g.offered_tickets(0)
    assert len(offered) == 3 and all("regular" in g.board.ticket(t).decks for t in offered)
    g.apply(KeepTickets((offered[0],)))
    assert {g.tix[t].id for t in g.tdeck[:2]} == set(offered[1:])


def _ferry(g, locos=1, length=None):
    return next(r for r in g.board.routes if r.ferry_locos == locos and (length is None or r.length == length))


def test_LA_7_EU_2_ferry_needs_its_locomotives():
    g = past_setup("legendary-asia", 2, seed=3)
    r = _ferry(g)
    col = "red" if r.color == "gray" else r.color
    set_hand(g, 0, **{col: 6})
    why = g.why_not(ClaimRoute(r.id, ((col, r.length),)))
    assert why.startswith(f"Route {r.label()} is a ferry: 1 of its cards must be Locomotives") and "EU-2" in why
    assert not any(isinstance(a, ClaimRoute) and a.route == r.id for a in g.legal_actions())
    set_hand(g, 0, **{col: 6, "locomotive": 2})
    pays = [a.pay for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == r.id]
    assert all(dict(p).get("locomotive", 0) >= 1 for p in pays)
    assert ((col, r.length - 1), ("locomotive", 1)) in pays
    assert (("locomotive", r.length),) in pays if r.length <= 2 else True


def test_LA_9_mountain_trains_go_to_the_crossing_and_score_two_each_E7():
    g = past_setup("legendary-asia", 2, seed=4)
    r = next(r for r in g.board.routes if r.mountains == 2 and r.length == 2) if any(
        r.mountains == 2 and r.length == 2 for r in g.board.routes) else next(r for r in g.board.routes if r.mountains)
    set_hand(g, 0, locomotive=8)
    ev = g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    x = r.mountains
    assert g.trains[0] == 45 - r.length - x
    assert g.points[0] == g.board.route_points(r.length) + 2 * x
    assert ev[0].kind == "claim" and ev[0].text.endswith(f": +{g.points[0]}.")
    assert ev[1].kind == "mountain" and f"+{2 * x} (LA-9)" in ev[1].text
    assert g.ext["mountains"]["crossing"] == [x, 0]
    assert g.view(1)["players"][0]["mountain_crossing"] == x
    assert g.counts()["trains"] == 90
    sheet = g.score()
    assert sheet.line_total(0, "route") + sheet.line_total(0, "mountain") == g.points[0]


def test_LA_9_mountain_points_is_a_policy():
    g = past_setup("legendary-asia", 2, seed=4, mountain_points_per_x=3)
    r = next(r for r in g.board.routes if r.mountains)
    set_hand(g, 0, locomotive=8)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    assert g.points[0] == g.board.route_points(r.length) + 3 * r.mountains


def test_LA_10_needs_length_plus_x_trains_exactly_enough_works():
    g = past_setup("legendary-asia", 2, seed=5)
    r = next(r for r in g.board.routes if r.mountains)
    set_hand(g, 0, locomotive=8)
    g.trains[0] = r.length + r.mountains - 1
    touch(g)
    why = g.why_not(ClaimRoute.paying(r.id, locomotive=r.length))
    assert f"{r.length} spaces + {r.mountains} mountain X, LA-10" in why
    g.trains[0] += 1
    touch(g)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    assert g.trains[0] == 0


def test_LA_11_crossing_trains_bring_the_end_closer():
    g = past_setup("legendary-asia", 2, seed=6)
    r = next(r for r in g.board.routes if r.mountains == 1 and r.length == 2)
    set_hand(g, 0, locomotive=8)
    g.trains[0] = 5  # 5 - 2 - 1 = 2: the crossing train triggers the end
    touch(g)
    g.apply(ClaimRoute.paying(r.id, locomotive=2))
    assert g.final_round and g.trigger == 0


def test_LA_12_asian_explorer_counts_cities_of_the_largest_network():
    from test_engine_helpers import give_route
    g = past_setup("legendary-asia", 2, seed=7)
    g.kept[0], g.kept[1] = [], []
    r1, r2 = [r for r in g.board.routes if r.length == 1 and not r.mountains][:2]
    give_route(g, 0, r1.id)
    give_route(g, 0, r2.id)
    give_route(g, 1, next(r for r in g.board.routes if r.length == 3 and g.owner[g.T.idx[r.id]] < 0
                          and g.openf[1][g.T.idx[r.id]]).id)
    sheet = g.score()
    assert "asian_explorer" in sheet.awarded
    cities0 = len({r1.a, r1.b, r2.a, r2.b})
    assert sheet.awarded["asian_explorer"] == ((0,) if cities0 > 2 else (0, 1))


@pytest.mark.parametrize("name,deal,keep,draw,trains,bonuses", [
    ("heart-of-africa", 4, 2, 4, 45, {"globetrotter": 10}),
    ("team-asia", 5, 3, 4, 27, {"longest_path": 10, "most_tickets": 10}),
])
def test_later_variants_are_registered_with_their_data(name, deal, keep, draw, trains, bonuses):
    v = get_variant(name)
    assert (v.setup_deal, v.setup_keep, v.draw_count, v.trains, v.bonuses) == (deal, keep, draw, trains, bonuses)
    assert set(v.policies) > {"max_consecutive_loco_resets", "all_pass_ends_game"}


def test_H_terrain_policies_are_named_with_their_defaults():
    p = get_variant("heart-of-africa").policies
    assert p["loco_as_terrain"] is True and p["loco_terrain_value"] == 1
    assert p["require_real_terrain_card"] is False and p["majority_check"] == "before_discard"
    assert p["allow_zero_zero_majority"] is True


def test_TA_policies_and_data():
    v = get_variant("team-asia")
    assert v.players == (4, 6) and v.team_size == 2 and v.end_trigger == 4
    assert v.policies["tunnel_reveal"] == "map" and v.policies["share_tickets_max"] == 2


def test_E7_mountains_and_a_ferry_19_points_for_12_trains():
    """rules-spec E7: 2 spaces + 2 X -> 4 trains, 6 points; 4 spaces + 1 X -> 5 trains, 9 points;
    a 3-space ferry -> 3 trains, 4 points: 19 points for 12 trains."""
    g = past_setup("legendary-asia", 2, seed=8)
    b = g.board
    two_x = next(r for r in b.routes if (r.length, r.mountains) == (2, 2))
    one_x = next(r for r in b.routes if (r.length, r.mountains) == (4, 1) and {r.a, r.b} & {two_x.a, two_x.b} == set())
    ferry = next(r for r in b.routes if r.ferry_locos == 1 and r.length == 3)
    for r in (two_x, one_x, ferry):
        assert g.current_player == 0
        set_hand(g, 0, locomotive=6)
        g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
        while g.current_player == 1:  # Bea draws (the first legal action: a card from the deck)
            g.apply(g.legal_actions()[0])
    assert g.points[0] == 19 and 45 - g.trains[0] == 12
