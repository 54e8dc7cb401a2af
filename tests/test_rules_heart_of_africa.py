"""The Heart of Africa (rules-spec section 3, H-1 to H-10; worked example E6).

Positions are arranged in the game's state (hands, Terrain cards held, the Terrain display and
deck), then played through the public API (legal_actions, why_not, apply, score)."""
from __future__ import annotations

import json
import random

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets, action_from_json
from ttr_nb.agents import agent_seed, make_agent
from ttr_nb.board import Ticket
from ttr_nb.errors import IllegalAction
from ttr_nb.game import Game
from ttr_nb.graph import ticket_done
from ttr_nb.rules.terrain import (TERRAIN_OF_COLOR, TERRAINS, DrawTerrain, cards_needed, terrain_of,
                                  terrain_pairs)
from ttr_nb.scoring import Claim, Scorer, Scoresheet
from ttr_nb.variants import get_variant

from test_engine_helpers import give_route, past_setup, set_display, set_hand, touch

V = "heart-of-africa"


# -- helpers ---------------------------------------------------------------------------------
def ts(g: Game) -> dict:
    return g.ext["terrain"]


def set_terrain(g: Game, seat: int, **counts: int) -> None:
    """Terrain cards in front of ``seat``; the difference goes to / comes from the Terrain deck
    (so the 45 cards stay conserved)."""
    st = ts(g)
    for t in TERRAINS:
        want = counts.get(t, 0)
        have = st["held"][seat][t]
        while have < want:
            if t in st["deck"]:
                st["deck"].remove(t)
            elif t in st["discard"]:
                st["discard"].remove(t)
            else:  # take one from another player
                o = next(o for o in range(g.n) if o != seat and st["held"][o][t])
                st["held"][o][t] -= 1
            have += 1
        while have > want:
            st["deck"].insert(0, t)
            have -= 1
        st["held"][seat][t] = want
    touch(g)


def set_tdisplay(g: Game, cards) -> None:
    """The Terrain display (None = empty slot); the cards shown come out of the deck, the old
    ones go back under it."""
    st = ts(g)
    for c in st["display"]:
        if c is not None:
            st["deck"].insert(0, c)
    st["display"] = [None] * len(st["display"])
    for k, c in enumerate(cards):
        if c is not None:
            st["deck"].remove(c)
            st["display"][k] = c
    touch(g)


def set_tdeck_top(g: Game, *top_first: str) -> None:
    st = ts(g)
    for c in top_first:
        st["deck"].remove(c)
    st["deck"].extend(reversed(top_first))
    touch(g)


def claims_of(g: Game, route: int) -> list[ClaimRoute]:
    return [a for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == route]


def rid(g: Game, a: str, b: str, color: str | None = None) -> int:
    return g.board.find_route(a, b, color).id


def conserved(g: Game, train_cards: bool = False) -> None:
    """The 45 Terrain cards, each where it should be (and the 110 train cards, unless a test
    made up a hand)."""
    c = g.counts()
    assert c["terrain_cards"] == 45
    if train_cards:
        assert c["train_cards"] == 110
    st = ts(g)
    every = st["deck"] + [x for x in st["display"] if x] + st["discard"]
    every += [t for h in st["held"] for t, k in h.items() for _ in range(k)]
    assert sorted(every) == sorted(t for t in TERRAINS for _ in range(15))


# -- H-1, H-2: the variant -----------------------------------------------------------------
def test_H_1_variant_map_players_trains_tickets():
    v = get_variant(V)
    assert v.map == "heart_of_africa" and v.players == (2, 3, 4, 5) and v.trains == 45
    assert sum(len(p) for p in v.piles.values()) == 48
    assert (v.setup_deal, v.setup_keep, v.draw_count, v.draw_keep, v.setup_unkept) == (4, 2, 4, 1, "bottom")
    assert "terrain" in v.mechanics
    for n in (2, 3, 4, 5):
        g = ttr_nb.new_game(V, n, seed=n)
        assert g.trains == [45] * n and g.counts()["tickets"] == 48
    with pytest.raises(ValueError, match="2 to 5 players"):
        ttr_nb.new_game(V, 6)


@pytest.mark.parametrize("players,open_", [(3, False), (4, True)])
def test_H_1_4_double_routes_both_tracks_from_4_players(players, open_):
    g = past_setup(V, players, seed=11)
    a, b = rid(g, "Kinshasa", "Luanda", "pink"), rid(g, "Kinshasa", "Luanda", "green")
    give_route(g, 1, a)
    set_hand(g, 0, green=2)
    why = g.why_not(ClaimRoute.paying(b, green=2))
    if open_:
        assert why is None
    else:
        assert "(B-5.8)" in why and "Bea has claimed the other track" in why
    # never both tracks for one player (B-5.7)
    g2 = past_setup(V, players, seed=11)
    give_route(g2, 0, a)
    set_hand(g2, 0, green=2)
    assert "both tracks" in g2.why_not(ClaimRoute.paying(b, green=2))


def test_H_2_1_H_2_3_deal_4_keep_at_least_2_unkept_to_the_bottom():
    g = ttr_nb.new_game(V, 2, seed=5)
    offered = g.offered_tickets(0)
    assert len(offered) == 4
    assert "at least 2" in g.why_not(KeepTickets(offered[:1]))
    deck_before = [g.tix[t].id for t in g.tdeck]
    g.apply(KeepTickets(offered[:2]))
    assert {g.tix[t].id for t in g.tdeck[:2]} == set(offered[2:])  # index 0 = the bottom
    assert [g.tix[t].id for t in g.tdeck[2:]] == deck_before


def test_H_2_2_H_2_3_draw_4_keep_at_least_1_rest_to_the_bottom():
    g = past_setup(V, 2, seed=6)
    g.apply(DrawTickets())
    offered = g.offered_tickets(0)
    assert len(offered) == 4
    assert "at least 1" in g.why_not(KeepTickets(()))
    g.apply(KeepTickets((offered[0],)))
    assert {g.tix[t].id for t in g.tdeck[:3]} == set(offered[1:])


# -- H-3: Terrain cards ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_H_3_1_H_3_4_45_cards_one_each_two_face_up(players):
    g = ttr_nb.new_game(V, players, seed=40 + players)
    st = ts(g)
    assert all(sum(h.values()) == 1 for h in st["held"])
    assert len(st["display"]) == 2 and None not in st["display"]
    assert len(st["deck"]) == 45 - players - 2 and st["discard"] == []
    conserved(g)
    texts = [e.text for e in g.log if e.kind.startswith("terrain")]
    assert texts[0].startswith("Ana is dealt a ") and "Terrain cards face up:" in texts[-1]


def test_H_3_1_the_deal_is_seeded_and_varies_with_the_seed():
    decks = {tuple(ts(ttr_nb.new_game(V, 2, seed=s))["deck"]) for s in range(6)}
    assert len(decks) == 6
    assert ts(ttr_nb.new_game(V, 2, seed=3)) == ts(ttr_nb.new_game(V, 2, seed=3))


def test_H_3_2_H_3_3_terrain_comes_from_the_printed_colour():
    assert TERRAIN_OF_COLOR == {"red": "desert", "orange": "desert", "yellow": "desert",
                                "pink": "jungle", "blue": "jungle", "green": "jungle",
                                "white": "mountain", "gray": "mountain", "black": "mountain"}
    board = ttr_nb.load_map("heart_of_africa")
    assert all(r.terrain == terrain_of(r) for r in board.routes)  # the map agrees
    assert {terrain_of(r) for r in board.routes} == set(TERRAINS)
    # a gray route paid with red cards is still a Mountain & Cliff route (H-3.3)
    g = past_setup(V, 2, seed=7)
    gray = rid(g, "Lusaka", "Harare")
    set_hand(g, 0, red=2)
    set_terrain(g, 0, desert=1, mountain=1)
    set_terrain(g, 1)
    why = g.why_not(ClaimRoute(gray, (("red", 2),), terrain=(("desert", 1),)))
    assert why == ("Lusaka–Harare (2, gray) is a Mountain & Cliff route (its printed colour is gray, "
                   "H-3.2, H-3.3): double it with Mountain & Cliff cards, not Desert & Savanna cards.")
    ok = ClaimRoute(gray, (("red", 2),), terrain=(("mountain", 1),))
    assert ok in claims_of(g, gray)
    g.apply(ok)
    assert g.points[0] == 4 and ts(g)["held"][0] == {"desert": 1, "jungle": 0, "mountain": 0}


def test_H_3_5_terrain_cards_held_are_public():
    g = past_setup(V, 3, seed=8)
    set_terrain(g, 1, jungle=3, desert=1)
    for seat in (None, 0, 1, 2):
        v = g.view(seat)
        assert v["players"][1]["terrain"] == {"desert": 1, "jungle": 3, "mountain": 0}
        assert v["terrain"]["deck"] == len(ts(g)["deck"])
        assert ("deck_order" in v["terrain"]) == (seat is None)  # the deck order stays hidden
    # a blind Terrain draw is seen by everyone (the card is laid face up)
    set_tdeck_top(g, "mountain")
    ev = g.apply(DrawTerrain("deck"))
    assert ev[0].text == ev[0].public == ("Ana draws a Mountain & Cliff card from the Terrain deck "
                                          "(and lays it face up, H-3.5).")


# -- H-4: drawing ----------------------------------------------------------------------------
def test_H_4_1_two_terrain_cards_make_a_draw():
    g = past_setup(V, 2, seed=9)
    set_tdisplay(g, ["desert", "jungle"])
    legal = g.legal_actions()
    assert {DrawTerrain("deck"), DrawTerrain("desert"), DrawTerrain("jungle")} <= set(legal)
    assert DrawTerrain("mountain") not in legal
    ev = g.apply(DrawTerrain("desert"))
    assert ev[0].text == "Ana draws a face-up Desert & Savanna card."
    assert g.pending == "second-card" and g.current_player == 0
    g.apply(DrawTerrain("deck"))
    assert g.current_player == 1 and g.pending == "turn"
    assert sum(ts(g)["held"][0].values()) == 3
    assert sum(g.hands[0]) == 4  # no train card taken
    conserved(g, train_cards=True)


@pytest.mark.parametrize("first_terrain", [True, False])
def test_H_4_1_one_train_card_and_one_terrain_card_either_order(first_terrain):
    g = past_setup(V, 2, seed=10)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_tdisplay(g, ["mountain", "mountain"])
    first, second = (DrawTerrain("mountain"), DrawCard("red")) if first_terrain else (DrawCard("red"), DrawTerrain("mountain"))
    g.apply(first)
    assert second in g.legal_actions()
    g.apply(second)
    assert g.current_player == 1
    assert g.hands[0][0] >= 1 and ts(g)["held"][0]["mountain"] >= 1
    conserved(g)


def test_H_4_2_face_up_locomotive_ends_the_draw_no_terrain_after_it():
    g = past_setup(V, 2, seed=12)
    set_display(g, ["locomotive", "blue", "green", "white", "black"])
    g.apply(DrawCard("locomotive"))
    assert g.current_player == 1 and g.pending == "turn"


def test_H_4_2_no_face_up_locomotive_as_second_card_after_a_terrain_card():
    g = past_setup(V, 2, seed=12)
    set_display(g, ["locomotive", "blue", "green", "white", "black"])
    g.apply(DrawTerrain("deck"))
    assert g.pending == "second-card"
    assert DrawCard("locomotive") not in g.legal_actions()
    assert "never be taken as the second card (B-4.4)" in g.why_not(DrawCard("locomotive"))
    assert DrawCard("blue") in g.legal_actions() and DrawTerrain("deck") in g.legal_actions()


def test_H_4_3_a_face_up_terrain_card_is_replaced_at_once():
    g = past_setup(V, 2, seed=13)
    set_tdisplay(g, ["desert", "jungle"])
    set_tdeck_top(g, "mountain")
    n = len(ts(g)["deck"])
    ev = g.apply(DrawTerrain("desert"))
    assert ts(g)["display"] == ["mountain", "jungle"] and len(ts(g)["deck"]) == n - 1
    assert ev[1].text == "A Mountain & Cliff card is turned face up on the Terrain display (H-4.3)."


def test_H_4_4_empty_terrain_deck_rebuilt_from_the_discards():
    g = past_setup(V, 2, seed=14)
    st = ts(g)
    # 3 cards on the discard pile, the deck empty (the rest in front of Bea)
    rest = st["deck"] + st["discard"] + [t for t, k in st["held"][1].items() for _ in range(k)]
    st["held"][1] = {t: 0 for t in TERRAINS}
    st["deck"], st["discard"] = [], ["desert", "jungle", "mountain"]
    for c in ["desert", "jungle", "mountain"]:
        rest.remove(c)
    for c in rest:
        st["held"][1][c] += 1
    touch(g)
    conserved(g)
    ev = g.apply(DrawTerrain("deck"))
    assert ev[0].kind == "terrain_reshuffle" and "3 discarded Terrain cards" in ev[0].text and "(H-4.4)" in ev[0].text
    assert len(st["deck"]) == 2 and st["discard"] == [] and st["shuffles"] == 1
    conserved(g)


def test_H_4_4_with_no_discards_the_display_stays_short_then_refills():
    g = past_setup(V, 2, seed=15)
    st = ts(g)
    # Ana: 1 Desert; display desert + jungle; every other card in front of Bea.
    set_terrain(g, 0, desert=1)
    set_tdisplay(g, ["desert", "jungle"])
    for c in list(st["deck"]):
        st["held"][1][c] += 1
    st["deck"] = []
    touch(g)
    conserved(g)
    g.apply(DrawTerrain("jungle"))
    assert st["display"] == ["desert", None]
    assert DrawTerrain("deck") not in g.legal_actions()
    assert "both empty" in g.why_not(DrawTerrain("deck"))
    g.apply(DrawTerrain("desert"))
    assert st["display"] == [None, None] and g.current_player == 1
    assert all(not isinstance(a, DrawTerrain) for a in g.legal_actions())
    # Bea doubles a route: the spent card is discarded, and turned face up at once
    r = rid(g, "Kimberley", "Maseru")  # (1, red): desert
    set_hand(g, 1, red=1)
    before = dict(st["held"][1])
    g.apply(ClaimRoute(r, (("red", 1),), terrain=(("desert", 1),)))
    assert st["held"][1]["desert"] == before["desert"] - 1
    assert st["display"] == ["desert", None] and st["discard"] == []
    conserved(g)


def test_H_4_5_no_three_of_a_kind_reset_for_terrain_cards():
    g = past_setup(V, 2, seed=16)
    set_tdisplay(g, ["jungle", "jungle"])
    set_tdeck_top(g, "jungle")
    g.apply(DrawTerrain("jungle"))
    assert ts(g)["display"] == ["jungle", "jungle"] and ts(g)["discard"] == []
    assert not any(e.kind == "loco_reset" for e in g.log[-3:])


def _no_train_cards_but_one_red(g: Game) -> None:
    """Empty train deck and discard, one face-up red card; the other cards go to Bea's hand."""
    for c in g.deck + g.discard + [x for x in g.display if x >= 0]:
        g.hands[1][c] += 1
    g.deck, g.discard = [], []
    set_display(g, ["red", None, None, None, None])
    g.hands[1][0] -= 1


@pytest.mark.parametrize("terrain_left", [True, False])
def test_H_4_1_B_4_9_a_terrain_card_can_be_the_only_second_card(terrain_left):
    g = past_setup(V, 2, seed=17)
    _no_train_cards_but_one_red(g)
    if not terrain_left:  # every Terrain card in front of Bea
        st = ts(g)
        for c in st["deck"] + st["discard"] + [x for x in st["display"] if x]:
            st["held"][1][c] += 1
        st["deck"], st["discard"], st["display"] = [], [], [None, None]
        touch(g)
    conserved(g, train_cards=True)
    ev = g.apply(DrawCard("red"))
    if terrain_left:
        assert g.pending == "second-card"
        assert g.legal_actions() and all(isinstance(a, DrawTerrain) for a in g.legal_actions())
    else:
        assert g.current_player == 1 and ev[-1].kind == "no_second"


# -- H-5: doubling -----------------------------------------------------------------------------
def _juba_nairobi(seed=20, players=3, **pol):
    g = past_setup(V, players, seed=seed, **pol)
    r = rid(g, "Juba", "Nairobi")  # (5, yellow): Desert & Savanna, 2 cards
    set_hand(g, 0, yellow=5, locomotive=2)
    return g, r


def test_H_5_1_H_5_2_H_5_6_doubling_a_5_route_with_2_cards_E6():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=3)
    set_terrain(g, 1, desert=3)
    set_terrain(g, 2, desert=2)
    a = ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 2),))
    assert g.why_not(a) is None  # 3 vs 3 and 2: a tie is enough (E6)
    assert a.text(g) == ("Ana claims Juba–Nairobi (5, yellow) with 5 yellow, doubled with 2 Desert & "
                         "Savanna cards: +20")
    ev = g.apply(a)
    assert g.points[0] == 20 and g.trains[0] == 40  # the same trains (H-5.1)
    assert ev[0].text == "Ana claims Juba–Nairobi (5, yellow) with 5 yellow: +20."
    assert ev[1].text == ("Ana doubles Juba–Nairobi (5, yellow) with 2 Desert & Savanna cards (Ana held 3, "
                          "tied for the most, H-5.3): 10 → 20 points (H-5.6).")
    assert ts(g)["held"][0]["desert"] == 1 and ts(g)["discard"] == ["desert", "desert"]
    assert g.claims[0] == [[r, True, ["desert", "desert"]]]
    conserved(g)


def test_H_5_3_E6_an_opponent_with_more_cards_blocks_the_doubling():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=3)
    set_terrain(g, 1, desert=4)
    set_terrain(g, 2, desert=2)
    a = ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 2),))
    why = g.why_not(a)
    assert why == ("To double Juba–Nairobi (5, yellow) with Desert & Savanna cards, Ana must hold at least "
                   "as many Desert & Savanna cards as every other player (H-5.3; checked before the "
                   "doubling cards are discarded, H-5.4): Ana holds 3 Desert & Savanna cards, Bea holds 4.")
    assert all(not x.terrain for x in claims_of(g, r))  # only the undoubled claims are offered
    state = g.state_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(a)
    assert str(e.value).startswith("To double")
    assert g.state_json() == state  # nothing changed


def test_H_5_3_why_not_names_every_player_ahead():
    g = past_setup(V, 3, seed=21)
    r = rid(g, "Kinshasa", "Kananga")  # (4, green): Jungle & Forest
    set_hand(g, 0, green=4)
    set_terrain(g, 0, jungle=2)
    set_terrain(g, 1, jungle=3)
    set_terrain(g, 2, jungle=4)
    why = g.why_not(ClaimRoute(r, (("green", 4),), terrain=(("jungle", 2),)))
    assert why.endswith("Ana holds 2 Jungle & Forest cards, Bea holds 3, Cal holds 4.")


@pytest.mark.parametrize("length,need", [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2)])
def test_H_5_2_cards_needed_by_length(length, need):
    assert cards_needed(length) == need
    g = past_setup(V, 2, seed=22)
    r = next(x for x in g.board.routes if x.length == length and not x.ferry_locos
             and terrain_of(x) == "desert")
    col = r.color
    set_hand(g, 0, **{col: length})
    set_terrain(g, 0, desert=3)
    set_terrain(g, 1)
    pay = ((col, length),)
    doubled = [a for a in claims_of(g, r.id) if a.terrain]
    assert doubled == [ClaimRoute(r.id, pay, terrain=(("desert", need),))]
    too_few = need - 1
    if too_few:
        why = g.why_not(ClaimRoute(r.id, pay, terrain=(("desert", too_few),)))
        assert f"takes {need} Desert & Savanna cards (a route of {length} spaces, H-5.2)" in why
    why = g.why_not(ClaimRoute(r.id, pay, terrain=(("desert", need + 1),)))
    assert "is more than that" in why
    pts = g.board.route_points(length)
    g.apply(doubled[0])
    assert g.points[0] == 2 * pts


def test_H_5_3_H_3_5_you_must_hold_the_cards_you_spend():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=1)
    set_terrain(g, 1)
    set_terrain(g, 2)
    why = g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 2),)))
    assert why == ("Ana has only 1 Desert & Savanna card in front of them; the doubling offers 2 Desert & "
                   "Savanna cards (H-5.2).")


def test_H_5_4_majority_check_policy_before_or_after_discarding():
    for policy, allowed in (("before_discard", True), ("after_discard", False)):
        g, r = _juba_nairobi(majority_check=policy)
        set_terrain(g, 0, desert=2)
        set_terrain(g, 1, desert=2)
        set_terrain(g, 2)
        a = ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 2),))
        why = g.why_not(a)
        if allowed:
            assert why is None
        else:
            assert "checked after the doubling cards are discarded" in why
            assert why.endswith("Ana would hold 0 Desert & Savanna cards after discarding, Bea holds 2.")


def test_H_5_5_zero_zero_tie_with_locomotives_policy():
    g, r = _juba_nairobi()
    for s in range(3):
        set_terrain(g, s)  # nobody holds a Desert card
    a = ClaimRoute(r, (("yellow", 5),), terrain=(("locomotive", 2),))
    assert a in claims_of(g, r) and g.why_not(a) is None  # default: a 0-0 tie is a majority
    g2, r = _juba_nairobi(allow_zero_zero_majority=False)
    for s in range(3):
        set_terrain(g2, s)
    why = g2.why_not(a)
    assert "Nobody holds a Desert & Savanna card (0 each)" in why and "(H-5.5)" in why
    assert all(not x.terrain for x in claims_of(g2, r))


def test_H_5_7_legal_actions_offer_every_doubling_choice():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=2)
    set_terrain(g, 1, desert=1)
    set_terrain(g, 2)
    got = {(a.pay, a.terrain) for a in claims_of(g, r)}
    pays = [(("yellow", 5),), (("yellow", 4), ("locomotive", 1)), (("yellow", 3), ("locomotive", 2))]
    want = set()
    for p in pays:
        locos_left = 2 - dict(p).get("locomotive", 0)
        want.add((p, ()))
        for real, locos in ((2, 0), (1, 1), (0, 2)):
            if locos <= locos_left:
                want.add((p, terrain_pairs("desert", real, locos)))
    assert got == want
    # the canonical form is what ClaimRoute itself normalises to
    for a in claims_of(g, r):
        assert ClaimRoute(a.route, a.pay, terrain=a.terrain) == a
    # every choice applies, scores and spends what it says
    for a in claims_of(g, r):
        c = g.copy()
        c.apply(a)
        d = dict(a.terrain)
        assert c.points[0] == (20 if a.terrain else 10)
        assert ts(c)["held"][0]["desert"] == 2 - d.get("desert", 0)
        assert c.hands[0][8] == 2 - a.locos - d.get("locomotive", 0)
        conserved(c)


# -- H-6: Locomotives as wild Terrain cards ------------------------------------------------
def test_H_6_1_H_6_6_locomotive_stands_in_and_goes_to_the_train_discard():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=1)
    set_terrain(g, 1, desert=1)
    set_terrain(g, 2)
    a = ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 1), ("locomotive", 1)))
    assert a.terrain == (("locomotive", 1), ("desert", 1))
    assert a.text(g).endswith("doubled with 1 Desert & Savanna card + 1 Locomotive: +20")
    disc = len(g.discard)
    ev = g.apply(a)
    assert g.points[0] == 20
    assert g.discard[disc:].count(8) == 1 and len(g.discard) == disc + 6  # 5 yellow + 1 Loco
    assert ts(g)["discard"] == ["desert"]
    assert g.claims[0][0] == [r, True, ["desert", "locomotive"]]
    assert "with 1 Desert & Savanna card + 1 Locomotive" in ev[1].text
    line = [l for l in g.score().lines[0] if l.kind == "terrain"][0]
    assert line.detail == ("Juba–Nairobi (5, yellow) doubled with 1 Desert & Savanna card + 1 Locomotive: +10")
    conserved(g)


def test_H_6_1_policy_loco_as_terrain_off():
    g, r = _juba_nairobi(loco_as_terrain=False)
    set_terrain(g, 0, desert=1)
    why = g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 1), ("locomotive", 1))))
    assert why == "Locomotives can't stand in for Terrain cards in this game (setting loco_as_terrain=False, H-6.1)."
    assert all("locomotive" not in dict(a.terrain) for a in claims_of(g, r))


def test_H_6_2_H_6_5_locomotives_do_not_count_for_the_majority():
    g, r = _juba_nairobi()
    set_hand(g, 0, yellow=5, locomotive=6)
    set_terrain(g, 0, desert=1)
    set_terrain(g, 1, desert=2)
    set_terrain(g, 2)
    why = g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("locomotive", 2),)))
    assert why.endswith("Ana holds 1 Desert & Savanna card, Bea holds 2.")
    assert all(not a.terrain for a in claims_of(g, r))


def test_H_6_3_locomotive_value_2_and_require_real_card_policies():
    g, r = _juba_nairobi(loco_terrain_value=2)
    set_terrain(g, 0, desert=1)
    for s in (1, 2):
        set_terrain(g, s)
    doubled = {a.terrain for a in claims_of(g, r) if a.terrain}
    assert doubled == {(("locomotive", 1),)}  # 1 Loco = 2 cards; 1 Desert + 1 Loco wastes a card
    assert g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("locomotive", 1),))) is None
    assert "more than that" in g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 1), ("locomotive", 1))))
    g2, r = _juba_nairobi(require_real_terrain_card=True)
    set_terrain(g2, 0, desert=1)
    for s in (1, 2):
        set_terrain(g2, s)
    doubled = {a.terrain for a in claims_of(g2, r) if a.terrain}
    assert doubled == {(("locomotive", 1), ("desert", 1))}
    why = g2.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("locomotive", 2),)))
    assert "at least one real Desert & Savanna card" in why and "require_real_terrain_card=True" in why


def test_H_6_4_a_locomotive_pays_or_doubles_not_both():
    g = past_setup(V, 2, seed=23)
    r = rid(g, "Kinshasa", "Kananga")  # (4, green)
    set_hand(g, 0, green=3, locomotive=1)
    set_terrain(g, 0, jungle=1)
    set_terrain(g, 1)
    a = ClaimRoute(r, (("green", 3), ("locomotive", 1)), terrain=(("jungle", 1), ("locomotive", 1)))
    why = g.why_not(a)
    assert why == ("Ana holds 1 Locomotive: 1 pay for the route and 1 more would stand in for Terrain cards; "
                   "a Locomotive can't do both (H-6.4).")
    assert a not in claims_of(g, r)


def test_H_6_policies_are_documented_with_their_rule_ids():
    from ttr_nb.variants import POLICIES
    v = get_variant(V)
    for name, default, rule in (("loco_as_terrain", True, "H-6.1"), ("loco_terrain_value", 1, "H-6.3"),
                                ("require_real_terrain_card", False, "H-6.3"),
                                ("majority_check", "before_discard", "H-5.4"),
                                ("allow_zero_zero_majority", True, "H-5.5")):
        assert v.policies[name] == default and POLICIES[name].rule == rule
    with pytest.raises(ValueError, match="must be one of"):
        get_variant(V, majority_check="whenever")


# -- bad input ------------------------------------------------------------------------------
def test_bad_terrain_input_is_refused_in_words_and_changes_nothing():
    g, r = _juba_nairobi()
    state = g.state_json()
    assert "not a Terrain card source" in g.why_not(DrawTerrain("lava"))
    assert g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("lava", 2),))).startswith("'lava' is not a Terrain card")
    assert "Desert & Savanna route" in g.why_not(ClaimRoute(r, (("yellow", 5),), terrain=(("jungle", 2),)))
    set_tdisplay(g, ["jungle", "jungle"])
    state = g.state_json()
    assert g.why_not(DrawTerrain("desert")) == ("There is no face-up Desert & Savanna card (face up: "
                                                "Jungle & Forest, Jungle & Forest).")
    for bad in (DrawTerrain("lava"), DrawTerrain("desert")):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.state_json() == state
    g0 = ttr_nb.new_game(V, 2, seed=1)
    assert g0.why_not(DrawTerrain("deck")) == ("Ana must first choose which Destination Tickets to keep (at least 2 of "
                                              "the 4 dealt, B-2.4).")
    usa = past_setup("usa", 2, seed=1)
    assert usa.why_not(DrawTerrain("deck")) == "DrawTerrain is not an action of usa."
    with pytest.raises(TypeError):
        DrawTerrain(3)


def test_terrain_actions_round_trip_json_save_load_and_undo():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=2)
    g2 = past_setup(V, 3, seed=20)
    a, b = DrawTerrain("deck"), ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 1), ("locomotive", 1)))
    for x in (a, b):
        assert action_from_json(json.loads(json.dumps(x.to_json()))) == x
    assert a.to_json() == {"type": "terrain", "source": "deck"}
    g2.apply(a)
    g2.apply(DrawTerrain("deck"))
    s = g2.state_json()
    assert Game.from_json(g2.to_json()).state_json() == s
    g2.apply(DrawCard("deck"))
    g2.undo()
    assert g2.state_json() == s


# -- H-7, H-8: ferries and countries --------------------------------------------------------
def test_H_7_ferries_to_madagascar_need_their_locomotives():
    g = past_setup(V, 2, seed=24)
    ferries = sorted((r.label() for r in g.board.routes if r.ferry_locos))
    assert ferries == ["Beira–Madagascar (5, green, ferry 2 Loco)", "Maputo–Madagascar (6, blue, ferry 2 Loco)",
                       "Nacala–Madagascar (3, pink, ferry 1 Loco)"]
    assert not any(r.tunnel for r in g.board.routes)  # H-7.1
    r = rid(g, "Beira", "Madagascar")
    set_hand(g, 0, green=5, locomotive=1)
    why = g.why_not(ClaimRoute.paying(r, green=4, locomotive=1))
    assert "is a ferry: 2 of its cards must be Locomotives" in why
    set_hand(g, 0, green=5, locomotive=2)
    assert {dict(a.pay).get("locomotive", 0) for a in claims_of(g, r)} == {2}


def _score_with(g: Game, seat: int, route_ids, tickets) -> Scoresheet:
    g.kept[seat] = [g.tidx[t] for t in tickets]
    for x in route_ids:
        give_route(g, seat, x)
    return g.score()


def test_H_8_3_country_ticket_done_by_any_route_into_the_country():
    g = past_setup(V, 2, seed=25)
    g.kept[0], g.kept[1] = [], []
    t = g.board.ticket("T24")  # Sudan–Dar es Salaam
    assert (t.a, t.b) == ("Sudan", "Dar es Salaam")
    path = [rid(g, "Juba", "Sudan", "red"), rid(g, "Juba", "Nairobi"), rid(g, "Nairobi", "Dar es Salaam")]
    sheet = _score_with(g, 0, path, ["T24"])
    res = sheet.ticket_results[0][0]
    assert res.done and res.cities[0] in ("Sudan", "Dar es Salaam")
    assert sheet.line_total(0, "ticket") == t.points


def test_H_8_2_no_path_through_a_country():
    g = past_setup(V, 2, seed=26)
    g.kept[0], g.kept[1] = [], []
    # Ngaoundéré–Tchad and Bangui–Tchad both end in Tchad: they do not join Ngaoundéré to Bangui
    routes = [rid(g, "Ngaoundéré", "Tchad", "orange"), rid(g, "Bangui", "Tchad", "red")]
    fake = Ticket("X1", "Ngaoundéré", "Bangui", 5)
    assert not ticket_done(g.board, routes, fake)
    for x in routes:
        give_route(g, 0, x)
    sheet = Scoresheet.compute(g.board, [Scorer("Ana", tuple(Claim(x) for x in routes), (fake,)),
                                         Scorer("Bea", (), ())], {"globetrotter": 10})
    assert sheet.line_total(0, "ticket") == -5 and not sheet.ticket_results[0][0].done
    # ... but the Tchad ticket is done from either side
    assert ticket_done(g.board, routes[:1], g.board.ticket("T28")) is False  # Tchad–Luanda needs Luanda
    assert ticket_done(g.board, routes, Ticket("X2", "Tchad", "Bangui", 4))


def test_H_8_4_madagascar_is_crossed_like_any_city():
    """H-8.4/H-8.5: Madagascar is one ordinary node; two ferries into it join their mainland
    ends, which two routes into a country never do (H-8.2)."""
    g = past_setup(V, 2, seed=27)
    g.kept[0], g.kept[1] = [], []
    assert g.board.cities["Madagascar"].kind == "city"
    routes = [rid(g, "Beira", "Madagascar"), rid(g, "Maputo", "Madagascar")]
    assert ticket_done(g.board, routes, Ticket("X3", "Beira", "Maputo", 4))
    assert not ticket_done(g.board, routes[:1], Ticket("X3", "Beira", "Maputo", 4))
    # every pair of the three ferries meets at the one node
    nacala = rid(g, "Nacala", "Madagascar")
    assert ticket_done(g.board, [nacala, routes[1]], Ticket("X4", "Nacala", "Maputo", 9))
    assert ticket_done(g.board, [nacala, routes[0]], Ticket("X5", "Nacala", "Beira", 8))


def test_H_8_4_a_ticket_through_madagascar_scores_in_a_played_game():
    """Claim Beira–Madagascar and Madagascar–Maputo through the engine (ferries: 2 Locomotives
    each, H-7.2); the ticket Beira–Maputo is then done and the ticket to Madagascar too."""
    g = past_setup(V, 2, seed=30)
    g.kept[0], g.kept[1] = [], []
    beira, maputo = rid(g, "Beira", "Madagascar"), rid(g, "Maputo", "Madagascar")
    for r, colour, n in ((beira, "green", 3), (maputo, "blue", 4)):
        while g.current_player != 0:
            g.apply(DrawCard("deck"))
            g.apply(DrawCard("deck"))
        set_hand(g, 0, **{colour: n, "locomotive": 2})
        g.apply(ClaimRoute.paying(r, **{colour: n, "locomotive": 2}))
    assert {c[0] for c in g.claims[0]} == {beira, maputo}
    g.kept[0] = [g.tidx["T10"]]  # Beira–Madagascar (5)
    sheet = Scoresheet.compute(g.board, [Scorer("Ana", tuple(Claim(c[0]) for c in g.claims[0]),
                                                (g.board.ticket("T10"), Ticket("X6", "Beira", "Maputo", 11))),
                                         Scorer("Bea", (), ())], {"globetrotter": 10})
    assert [r.done for r in sheet.ticket_results[0]] == [True, True]
    assert sheet.line_total(0, "ticket") == 5 + 11


def test_H_8_4_the_longest_trail_may_pass_through_madagascar():
    """A trail may run Nacala → Madagascar → Beira (3 + 5 cars); it could never pass through a
    country (H-8.2, H-8.5)."""
    b = ttr_nb.load_map("heart_of_africa")
    ferries = [b.find_route("Nacala", "Madagascar").id, b.find_route("Beira", "Madagascar").id]
    t = ttr_nb.longest_trail(b, ferries)
    assert t.length == 8 and "Madagascar" in t.cities[1:-1]
    into_tchad = [b.find_route("Ngaoundéré", "Tchad", "orange").id, b.find_route("Bangui", "Tchad", "red").id]
    assert ttr_nb.longest_trail(b, into_tchad).length == max(b.route(x).length for x in into_tchad)


# -- H-9: Globetrotter, no Longest Path -------------------------------------------------------
def test_H_9_1_H_9_2_globetrotter_10_ties_all_and_no_longest_path():
    v = get_variant(V)
    assert v.bonuses == {"globetrotter": 10}
    g = past_setup(V, 3, seed=28)
    sheet = Scoresheet.compute(g.board, [
        Scorer("Ana", (Claim(rid(g, "Juba", "Nairobi")),), (Ticket("X1", "Juba", "Nairobi", 5),)),
        Scorer("Bea", (Claim(rid(g, "Bangui", "Kinshasa")),), (Ticket("X2", "Bangui", "Kinshasa", 5),)),
        Scorer("Cal", (), ())], v.bonuses)
    assert sheet.awarded == {"globetrotter": (0, 1)}
    assert "longest_path" not in sheet.awarded
    assert sheet.totals == (10 + 5 + 10, 10 + 5 + 10, 0)
    # H-9.3: tied on points and tickets, no Longest Path card: a shared win
    assert sheet.winners == (0, 1)


def test_E6_full_example_51_points():
    """E6: a desert 5-route doubled (20), a jungle 3-route (4), a gray 2-route (2) = 26; tickets
    +12 +8 -5 = +15; Globetrotter +10 -> 51 (this board has no red 5-route: Juba–Nairobi is
    the Desert & Savanna 5-route)."""
    g = past_setup(V, 2, seed=29)
    g.kept[0], g.kept[1] = [], []
    jn, ll, lh = rid(g, "Juba", "Nairobi"), rid(g, "Lusaka", "Lilongwe"), rid(g, "Lusaka", "Harare")
    set_terrain(g, 0, desert=3)
    set_terrain(g, 1, desert=2)
    for r, pay, ter in ((jn, (("yellow", 5),), (("desert", 2),)), (ll, (("pink", 3),), ()),
                        (lh, (("red", 2),), ())):
        set_hand(g, g.current_player, yellow=5, pink=3, red=2)
        g.apply(ClaimRoute(r, pay, terrain=ter))
        if g.current_player == 1:
            g.apply(DrawCard("deck"))
            g.apply(DrawCard("deck"))
    assert g.points[0] == 26
    claims = tuple(Claim(c[0], c[1], tuple(c[2])) for c in g.claims[0])
    tickets = (Ticket("E1", "Lilongwe", "Harare", 12), Ticket("E2", "Juba", "Nairobi", 8),
               Ticket("E3", "Kigali", "Tabora", 5))
    sheet = Scoresheet.compute(g.board, [Scorer("Ana", claims, tickets), Scorer("Bea", (), ())],
                               g.variant.bonuses)
    assert sheet.line_total(0, "route") + sheet.line_total(0, "terrain") == 26
    assert sheet.line_total(0, "terrain") == 10
    assert sheet.line_total(0, "ticket") == 15 and sheet.line_total(0, "bonus") == 10
    assert sheet.totals[0] == 51


def test_scoresheet_terrain_lines_from_a_real_game():
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=2)
    g.apply(ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 2),)))
    sheet = g.score()
    lines = [l for l in sheet.lines[0] if l.kind == "terrain"]
    assert [l.detail for l in lines] == ["Juba–Nairobi (5, yellow) doubled with 2 Desert & Savanna cards: +10"]
    assert lines[0].rule == "H-5.6" and lines[0].routes == (r,)
    assert sheet.line_total(0, "route") + sheet.line_total(0, "terrain") == g.points[0] == 20


# -- whole games -----------------------------------------------------------------------------
def _recount(g: Game) -> list[int]:
    b = g.board
    return [sum(b.route_points(b.route(c[0]).length) * (2 if c[1] else 1) for c in g.claims[s])
            for s in range(g.n)]


@pytest.mark.parametrize("players,agent", [(2, "random"), (3, "greedy"), (4, "random"), (5, "greedy")])
def test_whole_games_conserve_45_terrain_cards_and_score_the_doubling(players, agent):
    doubled = 0
    for seed in range(3):
        g = ttr_nb.new_game(V, players, seed=seed)
        agents = [make_agent(agent, agent_seed(seed, s)) for s in range(players)]
        while not g.over:
            g.apply(agents[g.current_player].choose(g))
            conserved(g, train_cards=True)
            h = ts(g)["held"]
            assert all(k >= 0 for hh in h for k in hh.values())
        assert _recount(g) == g.points
        sheet = g.score()
        for s in range(players):
            assert sheet.line_total(s, "route") + sheet.line_total(s, "terrain") == g.points[s]
        doubled += sum(c[1] for cs in g.claims for c in cs)
        assert Game.from_json(g.to_json()).state_json() == g.state_json()
    assert doubled > 0  # doubling happens in real games


def test_view_hides_only_what_it_should_and_legal_actions_all_apply():
    g = ttr_nb.new_game(V, 3, seed=31)
    rng = random.Random(31)
    for _ in range(120):
        if g.over:
            break
        legal = g.legal_actions()
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        for a in legal:
            assert g.why_not(a) is None
            if _ % 10 == 0:
                c = g.copy()
                c.apply(a)
                conserved(c, train_cards=True)
        g.apply(legal[int(rng.random() * len(legal))])
    v0, v1 = g.view(0), g.view(1)
    assert v0["terrain"] == v1["terrain"] and "deck_order" not in v0["terrain"]
    assert [p["terrain"] for p in v0["players"]] == [dict(h) for h in ts(g)["held"]]


def test_greedy_agent_doubles_with_terrain_cards_and_keeps_locomotives_for_short_routes():
    from ttr_nb.agents import GreedyAgent
    g, r = _juba_nairobi()
    set_terrain(g, 0, desert=2)
    set_terrain(g, 1)
    set_terrain(g, 2)
    assert GreedyAgent()._pay(g, 0, claims_of(g, r)) == ClaimRoute(r, (("yellow", 5),), terrain=(("desert", 2),))
    short = rid(g, "Nairobi", "Mombasa", "yellow")  # 2 spaces: +2 is not worth a Locomotive
    set_terrain(g, 0)
    options = claims_of(g, short)
    assert any(a.terrain == (("locomotive", 1),) for a in options)  # offered (0-0 tie, H-5.5)
    assert GreedyAgent()._pay(g, 0, options) == ClaimRoute(short, (("yellow", 2),))
