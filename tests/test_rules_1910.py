"""USA 1910 ways to play (rules-spec section 2, table 2.2) and the variants' data."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.actions import DrawTickets
from ttr_nb.variants import get_variant

from test_engine_helpers import past_setup

TABLE = {
    # name: (tickets, deal, keep, draw, draw keep, bonuses)
    "usa": (30, 3, 2, 3, 1, {"longest_path": 10}),
    "usa-1910-classic": (30, 3, 2, 3, 1, {"longest_path": 10}),
    "usa-1910": (35, 3, 2, 3, 1, {"globetrotter": 15}),
    "usa-mega": (69, 5, 3, 4, 1, {"longest_path": 10, "globetrotter": 15}),
    "usa-big-cities": (35, 4, 2, 4, 1, {}),
}


@pytest.mark.parametrize("name", sorted(TABLE))
def test_U_table_2_2_decks_deal_keep_bonuses(name):
    n, deal, keep, draw, dkeep, bonuses = TABLE[name]
    v = get_variant(name)
    assert sum(len(p) for p in v.piles.values()) == n
    assert (v.setup_deal, v.setup_keep, v.draw_count, v.draw_keep) == (deal, keep, draw, dkeep)
    assert v.bonuses == bonuses
    g = ttr_nb.new_game(name, 2, seed=5)
    assert all(len(g.offered_tickets(s)) == deal for s in range(2))
    assert min(len(a.tickets) for a in g.legal_actions()) == keep
    assert g.counts()["tickets"] == n


@pytest.mark.parametrize("name", sorted(TABLE))
def test_U_table_2_2_mid_game_draw_and_keep(name):
    n, deal, keep, draw, dkeep, bonuses = TABLE[name]
    g = past_setup(name, 2, seed=6)
    g.apply(DrawTickets())
    assert len(g.offered_tickets(0)) == draw
    assert min(len(a.tickets) for a in g.legal_actions()) == dkeep


def test_U_1_2_U_1_3_classic_uses_the_30_reprints_not_the_mystery_train():
    v = get_variant("usa-1910-classic")
    tickets = v.tickets()
    pairs = {frozenset((t.a, t.b)) for t in tickets}
    originals = {frozenset((t.a, t.b)) for t in ttr_nb.load_map("usa").tickets_in("original")}
    assert pairs == originals
    assert all("1910_classic" in t.decks for t in tickets)
    # U-1.3: the four revised values
    val = {(t.a, t.b): t.points for t in tickets}
    assert val[("Los Angeles", "Miami")] == 19 and val[("Los Angeles", "New York")] == 20
    assert val[("Sault St. Marie", "Oklahoma City")] == 8 and val[("Seattle", "New York")] == 20


def test_U_1_2_classic_mystery_tickets_policy_adds_the_four():
    v = get_variant("usa-1910-classic", classic_mystery_tickets=True)
    extra = {(t.a, t.b, t.points) for t in v.tickets()} - {(t.a, t.b, t.points) for t in get_variant("usa-1910-classic").tickets()}
    assert extra == {("Boston", "Washington", 4), ("Montréal", "Chicago", 7), ("Vancouver", "Portland", 2),
                     ("Winnipeg", "Omaha", 6)}  # U-1.4


def test_U_1_2_mega_is_30_plus_35_plus_4():
    tickets = get_variant("usa-mega").tickets()
    assert len(tickets) == 69
    assert sum("1910" in t.decks for t in tickets) == 35
    assert sum("1910_classic" in t.decks for t in tickets) == 34


def test_U_2_1_U_2_2_big_cities_tickets_each_name_a_big_city():
    big = {"Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"}
    tickets = get_variant("usa-big-cities").tickets()
    assert len(tickets) == 35 and all(t.a in big or t.b in big for t in tickets)
    assert sum("1910" in t.decks for t in tickets) == 19


def test_U_1_5_globetrotter_in_the_scoresheet():
    g = past_setup("usa-1910", 2, seed=7)
    g.kept[0], g.kept[1] = [], []
    t = next(t for t in g.tix if (t.a, t.b) == ("Chicago", "New York"))
    g.kept[0] = [g.tidx[t.id]]
    from test_engine_helpers import give_route
    for a, b in (("Chicago", "Pittsburgh"), ("Pittsburgh", "New York")):
        give_route(g, 0, g.board.routes_between(a, b)[0].id)
    sheet = g.score()
    assert sheet.awarded == {"globetrotter": (0,)}
    assert sheet.totals[0] == 4 + 2 + 5 + 15


def test_anchor_5_1_9_map_data_ticket_counts_per_deck():
    """anchors 5.1.9: map data typos; the deck sizes the rules state."""
    b = ttr_nb.load_map("usa")
    assert {d: len(b.tickets_in(d)) for d in b.decks} == {
        "original": 30, "1910": 35, "1910_classic": 34, "mega": 69, "big_cities": 35}


def test_variants_list_and_unknown_names():
    names = ttr_nb.variants()
    assert names == sorted(set(names)) and all(get_variant(n).name == n for n in names)
    assert {"usa", "usa-1910-classic", "usa-1910", "usa-mega", "usa-big-cities"} <= set(names)
    with pytest.raises(ValueError, match="unknown variant"):
        get_variant("usa-2000")
    with pytest.raises(ValueError, match="has no setting 'colour_blind'"):
        get_variant("usa", colour_blind=True)
    with pytest.raises(ValueError, match="must be one of"):
        get_variant("usa", all_pass_ends_game="sometimes")
    with pytest.raises(ValueError, match="whole number"):
        get_variant("usa", max_consecutive_loco_resets=-1)
