"""Ticket to Ride Europe (rules-spec EU-1 to EU-5 and the base rules it keeps): the board as
data, the variant ``europe`` as data, the tunnels and ferries the engine already has, and the
one new mechanic, train stations (ttr_nb/rules/stations.py)."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import networkx as nx
import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawTickets, KeepTickets
from ttr_nb.board import Ticket
from ttr_nb.cards import CARD_INDEX, LOCO
from ttr_nb.errors import IllegalAction
from ttr_nb.game import Game
from ttr_nb.rules.stations import (NAME, BuildStation, TrainStations, best_use, payments,
                                   stations_of)
from ttr_nb.rules.tunnels import PayTunnel, WithdrawTunnel
from ttr_nb.scoring import Claim, Scorer, Scoresheet

from test_engine_helpers import give_route, past_setup, set_deck, set_hand, touch

def board():
    return ttr_nb.load_map("europe")


def rid(a: str, b: str, color: str | None = None) -> int:
    return board().find_route(a, b, color).id


def europe(players: int = 2, seed: int = 0) -> Game:
    return past_setup("europe", players, seed=seed)


def station_sheet(scorers, bonuses=None, **settings) -> Scoresheet:
    return Scoresheet.compute(board(), scorers, bonuses or {}, settings, mechanics=["tunnels", NAME])


def player(name: str, routes=(), tickets=(), stations=()) -> Scorer:
    """A player of a Europe game: its routes, tickets and built stations (the rest of its 3
    are in the reserve)."""
    return Scorer(name, tuple(Claim(r) for r in routes), tuple(tickets), extras={NAME: tuple(stations)})


def ticket(a: str, b: str, points: int, tid: str = "X1") -> Ticket:
    return Ticket(tid, a, b, points, frozenset({"regular"}))


# -- the board (data) --------------------------------------------------------------------------
def test_the_europe_board_facts():
    b = board()
    s = b.stats()
    assert (s["cities"], s["routes"], s["city_pairs"], s["doubles"], s["triples"]) == (47, 101, 90, 11, 0)
    assert Counter(r.length for r in b.routes) == {1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1}
    tunnels = [r for r in b.routes if r.tunnel]
    ferries = [r for r in b.routes if r.ferry_locos]
    assert len(tunnels) == 18 and {r.tunnel for r in tunnels} == {3}
    assert len(ferries) == 13 and sum(r.ferry_locos for r in ferries) == 17
    assert all(r.color == "gray" for r in ferries)
    assert {d: len(b.tickets_in(d)) for d in b.decks} == {"regular": 40, "long": 6}
    assert sorted(t.points for t in b.tickets_in("long")) == [20, 20, 20, 21, 21, 21]
    assert b.route(rid("Petrograd", "Stockholm")).label() == "Petrograd–Stockholm (8, gray, tunnel 3)"
    assert b.official and sum(r.length for r in b.routes) == 300


def test_the_picture_has_no_two_routes_crossing():
    """The board is laid out as the printed one: no two routes' car rows cross (routes that
    share a city may touch there)."""
    from ttr_nb.draw.layout import board_layout

    b = board()
    lay = board_layout(b)

    def cross(p, q, r, s):
        def o(a, c, d):
            return (c[0] - a[0]) * (d[1] - a[1]) - (c[1] - a[1]) * (d[0] - a[0])
        return o(r, s, p) * o(r, s, q) < 0 and o(p, q, r) * o(p, q, s) < 0

    rows = {}
    for r in b.routes:
        ca, cb = b.cities[r.a], b.cities[r.b]
        pts = [(ca.x, ca.y)] + [(sp.x, sp.y) for sp in lay.spaces[r.id]] + [(cb.x, cb.y)]
        if (pts[1][0] - ca.x) ** 2 + (pts[1][1] - ca.y) ** 2 > (pts[-2][0] - ca.x) ** 2 + (pts[-2][1] - ca.y) ** 2:
            pts[1:-1] = pts[-2:0:-1]
        rows[r.id] = list(zip(pts[1:-2], pts[2:-1]))
    crossings = [(r.label(), q.label()) for r, q in itertools.combinations(b.routes, 2)
                 if not set(r.cities) & set(q.cities)
                 and any(cross(p1, p2, p3, p4) for p1, p2 in rows[r.id] for p3, p4 in rows[q.id])]
    assert crossings == []
    png = ttr_nb.draw.board_png(b)
    assert png[:4] == b"\x89PNG"


# -- EU-1: trains, stations, tickets -----------------------------------------------------------
def test_EU_1_45_trains_3_stations_and_a_deal_of_1_long_and_3_regular():
    g = ttr_nb.new_game("europe", 3, seed=4)
    b = g.board
    assert g.trains == [45, 45, 45]
    view = g.view(0)
    assert [p["stations"] for p in view["players"]] == [[], [], []]
    assert [p["stations_left"] for p in view["players"]] == [3, 3, 3]
    for s in range(3):
        offered = [b.ticket(t) for t in g.offered_tickets(s)]
        assert sorted("long" in t.decks for t in offered) == [False, False, False, True]
    # only the regular tickets are left to draw; the 3 undealt Long Routes are in the box
    assert len(g.tdeck) == 40 - 9 and len(g.box) == 3
    assert all("regular" in g.tix[t].decks for t in g.tdeck)


def test_EU_1_keep_at_least_2_of_the_4_the_rest_go_back_to_the_box():
    g = ttr_nb.new_game("europe", 2, seed=5)
    offered = g.offered_tickets(0)
    why = g.why_not(KeepTickets((offered[0],)))
    assert why is not None and "at least 2" in why
    with pytest.raises(IllegalAction):
        g.apply(KeepTickets((offered[0],)))
    g.apply(KeepTickets(tuple(offered[:2])))
    assert g.tickets(0) == offered[:2]
    box = {g.tix[t].id for t in g.box}
    assert set(offered[2:]) <= box and not set(offered[2:]) & {g.tix[t].id for t in g.tdeck}


def test_EU_1_during_the_game_draw_3_regular_and_keep_at_least_1():
    g = europe(2, seed=6)
    g.apply(DrawTickets())
    drawn = g.offered_tickets(0)
    assert len(drawn) == 3 and all("regular" in g.board.ticket(t).decks for t in drawn)
    assert "at least 1" in g.why_not(KeepTickets(()))
    g.apply(KeepTickets((drawn[1],)))
    assert drawn[1] in g.tickets(0)
    bottom = [g.tix[t].id for t in g.tdeck[:2]]
    assert sorted(bottom) == sorted([drawn[0], drawn[2]])  # the others go under the deck (B-6.1)


def test_EU_1_the_variant_is_data_and_plays_2_to_5():
    v = ttr_nb.get_variant("europe")
    assert v.players == (2, 3, 4, 5) and v.trains == 45 and v.mechanics == ("tunnels", NAME)
    assert (v.setup_deal, v.setup_keep, v.setup_unkept, v.draw_count, v.draw_keep) == (4, 2, "box", 3, 1)
    assert v.bonuses == {"longest_path": 10} and v.policies["tunnel_reveal"] == 3
    with pytest.raises(ValueError, match="2 to 5 players"):
        ttr_nb.new_game("europe", 6)


# -- EU-2: ferries -------------------------------------------------------------------------------
def test_EU_2_smyrna_palermo_takes_4_cards_of_one_colour_and_2_locomotives():
    g = europe(2, seed=7)
    ps = rid("Palermo", "Smyrna")
    assert g.board.route(ps).ferry_locos == 2 and g.board.route(ps).length == 6
    set_hand(g, 0, red=6, locomotive=2)
    legal = [a for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == ps]
    assert ClaimRoute.paying(ps, red=4, locomotive=2) in legal
    assert all(a.locos >= 2 for a in legal)
    why = g.why_not(ClaimRoute.paying(ps, red=5, locomotive=1))
    assert why is not None and "Locomotive" in why
    g.apply(ClaimRoute.paying(ps, red=4, locomotive=2))
    assert g.route_owners[ps] == 0 and g.points[0] == 15 and g.trains[0] == 39


# -- EU-3: tunnels reveal 3 ----------------------------------------------------------------------
def test_EU_3_a_tunnel_reveals_3_cards_and_each_match_costs_one_more():
    g = europe(2, seed=8)
    mz = rid("München", "Zürich")  # 2, yellow, tunnel
    set_hand(g, 0, yellow=3, blue=2)
    set_deck(g, ["yellow", "locomotive", "red", "yellow"])
    ev = g.apply(ClaimRoute.paying(mz, yellow=2))
    assert "reveals yellow, Locomotive, red: 2 extra yellow cards" in ev[0].text
    pend = g.view(None)["tunnel"]
    assert pend["asked"] == 3 and len(pend["revealed"]) == 3 and pend["extra"] == 2
    assert g.legal_actions() == [WithdrawTunnel()]  # 1 yellow left: cannot pay 2
    g.apply(WithdrawTunnel())
    assert g.hands[0][CARD_INDEX["yellow"]] == 3 and mz not in g.route_owners


def test_EU_3_no_match_claims_the_tunnel_at_once():
    g = europe(2, seed=9)
    mz = rid("München", "Zürich")
    set_hand(g, 0, yellow=2)
    set_deck(g, ["red", "blue", "green", "yellow"])
    g.apply(ClaimRoute.paying(mz, yellow=2))
    assert g.route_owners[mz] == 0 and g.current_player == 1
    assert g.deck[-1] == CARD_INDEX["yellow"]  # only 3 cards were revealed


def test_EU_3_paying_the_extra_card_claims_the_tunnel():
    g = europe(2, seed=10)
    mz = rid("München", "Zürich")
    set_hand(g, 0, yellow=3)
    set_deck(g, ["yellow", "red", "blue"])
    g.apply(ClaimRoute.paying(mz, yellow=2))
    assert g.legal_actions() == [PayTunnel((("yellow", 1),)), WithdrawTunnel()]
    g.apply(PayTunnel((("yellow", 1),)))
    assert g.route_owners[mz] == 0 and sum(g.hands[0]) == 0


# -- EU-4: building stations ---------------------------------------------------------------------
def test_EU_4_a_station_costs_1_then_2_then_3_cards_of_one_colour():
    assert payments([1, 0, 0, 0, 0, 0, 0, 0, 1], 1) == ((("red", 1),), (("locomotive", 1),))
    assert payments([1, 0, 0, 0, 0, 0, 0, 0, 1], 2) == ((("red", 1), ("locomotive", 1)),)
    assert payments([2, 3, 0, 0, 0, 0, 0, 0, 0], 3) == ((("orange", 3),),)
    g = europe(2, seed=11)
    set_hand(g, 0, red=2, blue=6, locomotive=1)
    set_hand(g, 1, green=6)
    for n, (seat, city) in enumerate([(0, "Wien"), (1, "Paris"), (0, "Berlin"), (1, "Roma"), (0, "Kyiv")]):
        k = n // 2 + 1
        builds = [a for a in g.legal_actions() if isinstance(a, BuildStation)]
        assert builds and {sum(c for _, c in a.pay) for a in builds} == {k}
        pay = (("green", k),) if seat == 1 else (("blue", k),)
        g.apply(BuildStation(city, pay))
    assert stations_of(g) == [["Wien", "Berlin", "Kyiv"], ["Paris", "Roma"]]
    assert g.hands[0] == [2, 0, 0, 0, 0, 0, 0, 0, 1] and g.hands[1] == [0, 0, 0, 3, 0, 0, 0, 0, 0]


def test_EU_4_station_payment_rules_and_the_reasons_given():
    g = europe(2, seed=12)
    set_hand(g, 0, red=3, blue=1, locomotive=2)
    before = g.state_json()
    for bad, words in [(BuildStation("Wien", (("red", 2),)), "costs 1 card"),
                       (BuildStation("Atlantis", (("red", 1),)), "no city called"),
                       (BuildStation("Wien", (("green", 1),)), "holds 0 green"),
                       (BuildStation("Wien", (("gold", 1),)), "not a train card")]:
        why = g.why_not(bad)
        assert why is not None and words in why, why
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.state_json() == before  # a refused station changes nothing
    discard = len(g.discard)
    ev = g.apply(BuildStation("Wien", (("locomotive", 1),)))
    assert ev[0].text == "Ana builds a train station in Wien with 1 Locomotive (station 1 of 3, EU-4)."
    assert len(g.discard) == discard + 1 and g.discard[-1] == LOCO
    g.apply(g.legal_actions()[0])  # Bea draws a card
    while g.current_player != 0:
        g.apply(g.legal_actions()[0])
    why = g.why_not(BuildStation("Berlin", (("red", 1), ("blue", 1))))
    assert "2 cards of one colour" in why
    assert g.why_not(BuildStation("Berlin", (("blue", 1), ("locomotive", 1)))) is None


def test_EU_4_one_station_per_city_whoever_built_it_and_3_per_player():
    g = europe(2, seed=13)
    set_hand(g, 0, red=10)
    set_hand(g, 1, red=10)
    g.apply(BuildStation("Wien", (("red", 1),)))
    why = g.why_not(BuildStation("Wien", (("red", 1),)))
    assert "Wien already has a train station (Ana's)" in why and "EU-4" in why
    assert not [a for a in g.legal_actions() if isinstance(a, BuildStation) and a.city == "Wien"]
    g.apply(BuildStation("Paris", (("red", 1),)))
    g.apply(BuildStation("Roma", (("red", 2),)))
    g.apply(BuildStation("Berlin", (("red", 2),)))
    g.apply(BuildStation("Kyiv", (("red", 3),)))
    g.apply(BuildStation("Riga", (("red", 3),)))
    assert stations_of(g) == [["Wien", "Roma", "Kyiv"], ["Paris", "Berlin", "Riga"]]
    assert not [a for a in g.legal_actions() if isinstance(a, BuildStation)]
    why = g.why_not(BuildStation("Athina", (("red", 1),)))
    assert "all 3 train stations" in why
    assert g.view(1)["stations"] == {"Wien": 0, "Roma": 0, "Kyiv": 0, "Paris": 1, "Berlin": 1, "Riga": 1}
    assert g.view(1)["players"][0]["stations_left"] == 0


def test_EU_4_a_station_is_a_whole_turn_not_built_in_the_middle_of_a_draw():
    g = europe(2, seed=18)
    set_hand(g, 0, red=2)
    g.apply(ttr_nb.actions.DrawCard("deck"))
    assert g.pending == "second-card"
    assert not [a for a in g.legal_actions() if isinstance(a, BuildStation)]
    why = g.why_not(BuildStation("Wien", (("red", 1),)))
    assert why is not None and "second one" in why


def test_EU_4_stations_are_legal_actions_counted_and_indexed_like_the_others():
    g = europe(3, seed=14)
    legal = g.legal_actions()
    as_list = list(legal)
    assert len(legal) == len(as_list) and as_list == sorted(as_list)
    builds = [a for a in as_list if isinstance(a, BuildStation)]
    assert len(builds) == 47 * len(payments(g.hands[0], 1))
    k = as_list.index(builds[5])
    assert legal[k] == builds[5]
    g.apply(legal[k])
    assert stations_of(g)[0] == [builds[5].city]


def test_EU_4_a_station_action_reads_back_from_json():
    a = BuildStation("München", {"blue": 2, "locomotive": 1})
    assert ttr_nb.actions.action_from_json(json.loads(json.dumps(a.to_json()))) == a
    assert a.to_json() == {"type": "build_station", "city": "München", "pay": {"blue": 2, "locomotive": 1}}
    assert a.text() == "build a train station in München with 2 blue + 1 Locomotive"


# -- EU-4 at the end: one borrowed route per station, chosen to the owner's best ------------------
def test_EU_4_a_station_borrows_one_route_of_another_player_into_its_city():
    """Ana holds Paris–Frankfurt; Bea holds Frankfurt–Berlin; Ana's station in Frankfurt lends her
    Frankfurt–Berlin, so her ticket Paris–Berlin is done; her station in Roma lends nothing and
    scores nothing; the third station, never built, scores 4 (E10)."""
    pf, fb = rid("Frankfurt", "Paris", "white"), rid("Berlin", "Frankfurt", "red")
    t = ticket("Paris", "Berlin", 9)
    ana = player("Ana", [pf], [t], ["Frankfurt", "Roma"])
    bea = player("Bea", [fb])
    sheet = station_sheet([ana, bea])
    assert sheet.tickets(0) == ((t, True),)
    assert sheet.line_total(0, "station") == 4
    assert sheet.totals[0] == 4 + 9 + 4
    text = str(sheet)
    assert "Train station in Frankfurt borrows Berlin–Frankfurt (3, red) of Bea" in text
    assert "it completes Paris–Berlin (9)" in text and "Train station in Roma lends no route" in text
    assert "1 train station kept in the reserve (1 × 4): +4" in text
    assert "Paris → Frankfurt → Berlin" in text
    # without the station the ticket fails; 2 stations in the reserve score 8 (E10: one built, +8)
    alone = station_sheet([player("Ana", [pf], [t], ["Roma"]), bea])
    assert alone.tickets(0) == ((t, False),) and alone.totals[0] == 4 - 9 + 8
    none = station_sheet([player("Ana", [pf], [t]), bea])
    assert none.line_total(0, "station") == 12  # E10: no station built, 3 x 4


@pytest.mark.parametrize("stations, other, words", [
    (["Atlantis"], [], "no city called 'Atlantis'"),
    (["Wien", "Roma", "Kyiv", "Riga"], [], "has 4 train stations"),
    (["Wien", "Wien"], [], "Ana has two train stations in Wien"),
    (["Wien"], ["Wien"], "Ana and Bea both have a train station in Wien"),
])
def test_EU_4_a_sheet_refuses_stations_no_game_can_have(stations, other, words):
    ana = player("Ana", [rid("Frankfurt", "Paris", "white")], [], stations)
    bea = player("Bea", [rid("Berlin", "Frankfurt", "red")], [], other)
    with pytest.raises(IllegalAction, match=words):
        station_sheet([ana, bea])


def test_EU_4_one_route_for_every_ticket_a_station_helps():
    """A station in Frankfurt may lend Frankfurt–Berlin or Frankfurt–München, not both: Ana's
    tickets Paris–Berlin (9) and Paris–München (5) cannot both be done; it lends the route of the
    bigger ticket."""
    pf = rid("Frankfurt", "Paris", "white")
    t1, t2 = ticket("Paris", "Berlin", 9, "X1"), ticket("Paris", "München", 5, "X2")
    ana = player("Ana", [pf], [t1, t2], ["Frankfurt"])
    bea = player("Bea", [rid("Berlin", "Frankfurt", "red"), rid("Frankfurt", "München")])
    sheet = station_sheet([ana, bea])
    assert sheet.tickets(0) == ((t1, True), (t2, False))
    assert sheet.totals[0] == 4 + 9 - 5 + 8


def test_EU_4_a_built_station_always_lends_the_route_that_helps_by_default():
    """The published rule: only stations kept in the reserve score 4, so a built station lends
    a route whenever one completes a ticket, even a 1-point one."""
    pf, fb = rid("Frankfurt", "Paris", "white"), rid("Berlin", "Frankfurt", "red")
    t = ticket("Paris", "Berlin", 1)
    sheet = station_sheet([player("Ana", [pf], [t], ["Frankfurt"]), player("Bea", [fb])])
    assert sheet.tickets(0) == ((t, True),) and sheet.totals[0] == 4 + 1 + 8


def test_EU_4_setting_unused_a_built_station_lending_nothing_scores_4():
    """station_points='unused': a built station that lends no route scores 4 too, so it lends
    one only when that gains more than 4 on the tickets: completing a 1-point ticket swings it
    by 2, so the station stays unused."""
    pf, fb = rid("Frankfurt", "Paris", "white"), rid("Berlin", "Frankfurt", "red")
    t = ticket("Paris", "Berlin", 1)
    sheet = station_sheet([player("Ana", [pf], [t], ["Frankfurt"]), player("Bea", [fb])],
                          station_points="unused")
    assert sheet.tickets(0) == ((t, False),) and sheet.totals[0] == 4 - 1 + 4 + 8
    assert "lends no route (no route of another player into Frankfurt gains more than 4" in str(sheet)
    big = ticket("Paris", "Berlin", 9)
    sheet = station_sheet([player("Ana", [pf], [big], ["Frankfurt"]), player("Bea", [fb])],
                          station_points="unused")
    assert sheet.tickets(0) == ((big, True),) and sheet.totals[0] == 4 + 9 + 8
    g = ttr_nb.new_game("europe", 2, station_points="unused")
    assert g.policies["station_points"] == "unused"
    with pytest.raises(ValueError, match="reserve"):
        ttr_nb.new_game("europe", 2, station_points="all")


def test_EU_5_a_borrowed_route_never_lengthens_the_longest_path():
    pf, fb = rid("Frankfurt", "Paris", "white"), rid("Berlin", "Frankfurt", "red")
    t = ticket("Paris", "Berlin", 9)
    sheet = station_sheet([player("Ana", [pf], [t], ["Frankfurt"]), player("Bea", [fb])],
                          {"longest_path": 10})
    assert sheet.tickets(0) == ((t, True),)
    assert sheet.trail_length(0) == 3 and sheet.trail_length(1) == 3
    assert sheet.awarded["longest_path"] == (0, 1)  # a tie: both score (EU-5)


def _brute_force(b, scorer, scorers, unused_points: int) -> int:
    """The best ticket points + ``unused_points`` per station lending no route, by trying every
    route of every other scorer into each station's city (no shortcut), with networkx for the
    connections; plus 4 per station in the reserve."""
    theirs = [c.route for s in scorers if s is not scorer for c in s.claims]
    stations = scorer.extras[NAME]
    options = [[None] + [r for r in theirs if city in b.route(r).cities] for city in stations]
    tickets = [b.ticket(t) if isinstance(t, str) else t for t in scorer.tickets]
    best = None
    for choice in itertools.product(*options):
        g = nx.Graph()
        g.add_nodes_from(b.cities)
        for r in [c.route for c in scorer.claims] + [r for r in choice if r is not None]:
            g.add_edge(b.route(r).a, b.route(r).b)
        value = sum(t.points if nx.has_path(g, t.a, t.b) else -t.points for t in tickets)
        value += unused_points * sum(1 for r in choice if r is None)
        best = value if best is None else max(best, value)
    return best + 4 * (3 - len(stations))


def small_case(seed: int) -> list[Scorer]:
    """2 or 3 players holding 60 of the 90 city pairs (one track each), 5 tickets each and 1 to
    3 stations each on the 14 cities with the most routes."""
    rng = random.Random(seed)
    b = board()
    n = 2 + seed % 2
    one_track = {frozenset(r.cities): r.id for r in b.routes}
    routes = rng.sample(sorted(one_track.values()), 60)
    tickets = rng.sample([t.id for t in b.tickets], 5 * n)
    hubs = sorted(b.cities, key=lambda c: -len([r for r in b.routes if c in r.cities]))[:14]
    taken = rng.sample(hubs, 3 * n)
    return [Scorer(f"P{s}", tuple(Claim(r) for r in routes[s::n]), tuple(tickets[5 * s: 5 * s + 5]),
                   extras={NAME: tuple(taken[3 * s: 3 * s + rng.randint(1, 3)])}) for s in range(n)]


@pytest.mark.parametrize("reading", ["reserve", "unused"])
@pytest.mark.parametrize("seed", range(40))
def test_EU_4_the_station_choice_is_exact_against_an_exhaustive_search(seed, reading):
    """Random small cases on the Europe board: the sheet's ticket + station points equal the
    best of every combination of routes (no shortcut), under both readings of the station
    points, and each lent route is another player's route into the station's city."""
    b = board()
    scorers = small_case(seed)
    sheet = station_sheet(scorers, station_points=reading)
    k = 4 if reading == "unused" else 0
    for i, s in enumerate(scorers):
        want = _brute_force(b, s, scorers, k)
        got = sheet.line_total(i, "ticket") + sheet.line_total(i, "station")
        use = best_use(b, s, scorers, k)
        assert got == want == use.value + use.points - k * use.unused
        for line in sheet.lines[i]:
            if line.kind == "station" and line.routes:
                assert line.cities[0] in b.route(line.routes[0]).cities
                assert line.routes[0] not in {c.route for c in s.claims}
                assert "it completes" in line.detail


def test_EU_4_the_exhaustive_cases_lend_routes_and_leave_stations_unused():
    """The cases above are not all "no route": many stations lend a route, many do not."""
    b = board()
    lent = unused = 0
    for seed in range(40):
        scorers = small_case(seed)
        for s in scorers:
            use = best_use(b, s, scorers, 4)
            lent += len(use.borrowed)
            unused += use.unused
    assert lent >= 15 and unused >= 100


# -- EU-5: 8 -> 21, the European Express ----------------------------------------------------------
def test_EU_5_the_8_space_route_scores_21():
    g = europe(2, seed=16)
    ps = rid("Petrograd", "Stockholm")
    assert g.board.route_points(8) == 21
    set_hand(g, 0, red=8)
    set_deck(g, ["blue", "green", "white"])
    g.apply(ClaimRoute.paying(ps, red=8))
    assert g.route_owners[ps] == 0 and g.points[0] == 21 and g.trains[0] == 37
    sheet = Scoresheet.compute(g.board, [Scorer("Ana", (Claim(ps),), ())], {})
    assert sheet.totals[0] == 21 and sheet.line_total(0, "route") == 21


def test_EU_5_european_express_10_points_and_every_tied_player_scores():
    a = [rid("Berlin", "Frankfurt", "red"), rid("Frankfurt", "Paris", "white")]
    b = [rid("Budapest", "Wien", "red"), rid("Wien", "Zagrab"), rid("Venezia", "Zagrab"), rid("Roma", "Venezia")]
    c = [rid("Madrid", "Pamplona", "black")]
    sheet = station_sheet([player("Ana", a), player("Bea", b), player("Cal", c)], {"longest_path": 10})
    assert [sheet.trail_length(i) for i in range(3)] == [6, 7, 3]
    assert sheet.awarded["longest_path"] == (1,)
    tied = [rid("Budapest", "Sarajevo"), rid("Sarajevo", "Zagrab")]
    tie = station_sheet([player("Ana", a), player("Bea", tied), player("Cal", c)], {"longest_path": 10})
    assert [tie.trail_length(i) for i in range(3)] == [6, 6, 3]
    assert tie.awarded["longest_path"] == (0, 1)
    assert [tie.line_total(i, "bonus") for i in range(3)] == [10, 10, 0]
    assert "tied with Bea" in str(tie)


# -- doubles: both tracks only with 4 or more players (B-5.8) --------------------------------------
@pytest.mark.parametrize("players, open_", [(2, False), (3, False), (4, True), (5, True)])
def test_B_5_8_doubles_only_with_4_or_more_players(players, open_):
    g = europe(players, seed=17)
    red, black = rid("Berlin", "Frankfurt", "red"), rid("Berlin", "Frankfurt", "black")
    give_route(g, 0, red)
    g.seat = 1
    touch(g)
    set_hand(g, 1, black=3)
    why = g.why_not(ClaimRoute.paying(black, black=3))
    assert (why is None) == open_, why
    if not open_:
        assert "B-5.8" in why


# -- complete games ------------------------------------------------------------------------------
def play(players: int, seed: int) -> Game:
    g = ttr_nb.new_game("europe", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if g.over:
            break
        legal = g.legal_actions()
        g.apply(legal[int(rng.random() * len(legal))])
    assert g.over, "the game did not end"
    return g


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (3, 6)])
def test_complete_random_games_play_score_and_replay(players, seed):
    g = play(players, seed)
    sheet = g.score()
    built = stations_of(g)
    assert any(built)
    assert g.counts()["train_cards"] == 110
    for i, s in enumerate(sheet.scorers):
        assert list(s.extra(NAME, ())) == built[i] and len(built[i]) <= 3
        lines = [l for l in sheet.lines[i] if l.kind == "station" and l.cities]
        assert len(lines) == len(built[i])
        assert sheet.line_total(i, "station") == 4 * (3 - len(built[i]))  # the reserve (EU-4)
        assert sum(l.points for l in sheet.lines[i]) == sheet.totals[i]
        for l in lines:
            if l.routes:
                r = g.board.route(l.routes[0])
                assert l.cities[0] in r.cities and g.route_owners[r.id] != i
    cities = [c for cs in built for c in cs]
    assert len(cities) == len(set(cities))  # one station per city (EU-4)
    again = Game.from_json(g.to_json())
    assert again.state() == g.state() and str(again.score()) == str(sheet)
    assert any(e.kind == "build_station" for e in g.log)
    if seed == 1:
        assert ttr_nb.show(g).data[:4] == b"\x89PNG"


def test_save_and_load_in_the_middle_of_a_game_with_stations():
    g = ttr_nb.new_game("europe", 2, seed=21)
    rng = random.Random(21)
    while not any(stations_of(g)):
        legal = g.legal_actions()
        g.apply(legal[int(rng.random() * len(legal))])
    text = g.to_json()
    again = Game.from_json(text)
    assert again.state() == g.state() and stations_of(again) == stations_of(g)
    assert '"type": "build_station"' in text
    g.undo()
    assert not any(stations_of(g))


def test_the_mechanic_is_registered_by_name_and_named_apart_from_the_extension_example():
    from ttr_nb.rules import MECHANICS, SHIPPED, mechanic_class

    assert NAME == "train_stations" and NAME in SHIPPED and mechanic_class(NAME) is TrainStations
    assert "stations" not in MECHANICS or MECHANICS["stations"] is not TrainStations
