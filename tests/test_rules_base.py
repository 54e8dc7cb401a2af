"""Base-game rules (rules-spec section 1), one test per rule ID, every edge case of 1.9 and
every rule-bug class of anchors 5.1 (named in the docstrings)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass
from ttr_nb.cards import CARD_INDEX, EMPTY, LOCO
from ttr_nb.errors import IllegalAction

from test_engine_helpers import (give_route, past_setup, route_id, set_deck, set_discard, set_display,
                                 set_hand, touch)

RED, BLUE, GREEN = CARD_INDEX["red"], CARD_INDEX["blue"], CARD_INDEX["green"]


def kinds(events):
    return [e.kind for e in events]


# -- B-1 / B-2: components and setup ------------------------------------------------------
def test_B_1_1_deck_has_110_cards_12_per_colour_14_locomotives():
    g = ttr_nb.new_game("usa", 2, seed=1)
    everything = list(g.deck) + [c for c in g.display if c != EMPTY] + list(g.discard)
    for h in g.hands:
        for c, n in enumerate(h):
            everything += [c] * n
    assert len(everything) == 110
    assert all(everything.count(c) == 12 for c in range(8))
    assert everything.count(LOCO) == 14


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_B_2_1_to_B_2_2_each_player_45_trains_4_cards_5_face_up(n):
    g = ttr_nb.new_game("usa", n, seed=n)
    assert g.trains == [45] * n and g.points == [0] * n
    assert all(sum(h) == 4 for h in g.hands)
    assert EMPTY not in g.display and len(g.display) == 5


def test_B_2_4_deal_three_keep_at_least_two_returned_to_the_bottom():
    g = ttr_nb.new_game("usa", 2, seed=3)
    offered = g.offered_tickets(0)
    assert len(offered) == 3
    keeps = g.legal_actions()
    assert all(isinstance(a, KeepTickets) for a in keeps)
    assert sorted(len(a.tickets) for a in keeps) == [2, 2, 2, 3]
    why = g.why_not(KeepTickets((offered[0],)))
    assert "at least 2 of the 3" in why and "B-2.4" in why
    kept = tuple(sorted(offered[:2]))
    g.apply(KeepTickets(kept))
    assert g.tickets(0) == [t for t in offered if t in kept]
    assert g.tix[g.tdeck[0]].id == offered[2]  # bottom of the ticket deck


def test_B_2_5_every_player_chooses_before_the_first_turn_in_seat_order():
    g = ttr_nb.new_game("usa", 3, seed=4)
    seen = []
    while g.pending == "setup-tickets":
        seen.append(g.current_player)
        assert "must first choose which Destination Tickets" in g.why_not(DrawCard("deck"))
        g.apply(g.legal_actions()[-1])
    assert seen == [0, 1, 2]
    assert g.pending == "turn" and g.current_player == 0


def test_B_2_6_three_face_up_locomotives_at_setup_are_reset():
    found = 0
    for seed in range(400):
        g = ttr_nb.new_game("usa", 2, seed=seed)
        if any(e.kind == "loco_reset" for e in g.log):
            found += 1
            assert g.display.count(LOCO) < 3 or any(e.kind == "loco_cap" for e in g.log)
            assert sum(1 for c in g.discard if c == LOCO) >= 3
    assert found > 0


# -- B-3: turns ----------------------------------------------------------------------------
def test_B_3_1_a_turn_is_one_action():
    g = past_setup("usa", 2, seed=5)
    g.apply(DrawTickets())
    assert g.pending == "keep-tickets"
    set_hand(g, 0, red=6)
    claim = g.legal_actions()[0]
    assert isinstance(claim, KeepTickets)
    assert "must first choose which of the 3 drawn" in g.why_not(DrawCard("deck"))
    g.apply(claim)
    assert g.current_player == 1


def test_B_3_4_pass_only_when_nothing_else_is_legal_anchor_5_1_2():
    """anchors 5.1.2: a player with no legal move passes, and only then."""
    g = past_setup("usa", 2, seed=6)
    assert Pass() not in g.legal_actions()
    assert "Passing is allowed only when nothing else is (B-3.4)" in g.why_not(Pass())
    g.deck.clear(), g.discard.clear(), g.tdeck.clear()
    set_display(g, [None] * 5)
    set_hand(g, 0)
    assert g.legal_actions() == [Pass()]
    ev = g.apply(Pass())
    assert "passes (B-3.4)" in ev[0].text
    assert g.current_player == 1


def test_B_3_4_all_players_passing_ends_the_game_policy():
    g = past_setup("usa", 2, seed=6)
    g.deck.clear(), g.discard.clear(), g.tdeck.clear()
    set_display(g, [None] * 5)
    set_hand(g, 0)
    set_hand(g, 1)
    g.apply(Pass())
    assert not g.over
    ev = g.apply(Pass())
    assert g.over and ev[-1].kind == "game_over" and "all_pass_ends_game" in ev[-1].text
    g2 = past_setup("usa", 2, seed=6, all_pass_ends_game=False)
    g2.deck.clear(), g2.discard.clear(), g2.tdeck.clear()
    set_display(g2, [None] * 5)
    set_hand(g2, 0)
    set_hand(g2, 1)
    for _ in range(6):
        g2.apply(Pass())
    assert not g2.over


# -- B-4: drawing (and rules-spec 1.9 cases 1-7) ------------------------------------------
def test_B_4_1_two_cards_one_at_a_time():
    g = past_setup("usa", 2, seed=7)
    g.apply(DrawCard("deck"))
    assert g.pending == "second-card" and g.current_player == 0
    assert "must now take the second one" in g.why_not(DrawTickets())
    assert all(isinstance(a, DrawCard) for a in g.legal_actions())
    g.apply(DrawCard("deck"))
    assert g.current_player == 1 and sum(g.hands[0]) == 6


def test_B_4_2_a_face_up_card_is_replaced_at_once():
    g = past_setup("usa", 2, seed=8)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["yellow", "orange"])
    ev = g.apply(DrawCard("red"))
    assert g.display == [CARD_INDEX[c] for c in ("yellow", "blue", "green", "white", "black")]
    assert kinds(ev) == ["take", "refill"]
    assert g.pending == "second-card"


def test_B_4_3_face_up_locomotive_first_is_the_whole_draw_case_1():
    """1.9 case 1; anchors 5.1.5 (a face-up Locomotive counts as two cards)."""
    g = past_setup("usa", 2, seed=9)
    set_display(g, ["locomotive", "blue", "green", "white", "black"])
    set_deck(g, ["red"], ["red"] * 10)
    before = g.hands[0][LOCO]
    ev = g.apply(DrawCard("locomotive"))
    assert g.hands[0][LOCO] == before + 1
    assert g.current_player == 1 and g.pending == "turn"
    assert "whole draw (B-4.3)" in ev[0].text


def test_B_4_4_replacement_locomotive_cannot_be_the_second_card_case_2():
    g = past_setup("usa", 2, seed=10)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["locomotive"], ["red"] * 10)
    g.apply(DrawCard("red"))
    assert LOCO in g.display
    assert DrawCard("locomotive") not in g.legal_actions()
    assert "never be taken as the second card (B-4.4)" in g.why_not(DrawCard("locomotive"))
    with pytest.raises(IllegalAction):
        g.apply(DrawCard("locomotive"))


def test_B_4_4_face_up_locomotive_not_second_after_a_blind_first_case_3():
    g = past_setup("usa", 2, seed=11)
    set_display(g, ["locomotive", "blue", "green", "white", "black"])
    set_deck(g, ["red"], ["red"] * 10)
    g.apply(DrawCard("deck"))
    legal = g.legal_actions()
    assert DrawCard("locomotive") not in legal
    assert DrawCard("blue") in legal and DrawCard("deck") in legal


def test_B_4_5_blind_locomotive_is_an_ordinary_card_case_4():
    g = past_setup("usa", 2, seed=12)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["locomotive", "red"], ["red"] * 5)
    ev = g.apply(DrawCard("deck"))
    assert "ordinary card, B-4.5" in ev[0].text and ev[0].public.endswith("draws a card from the deck.")
    assert g.pending == "second-card" and g.current_player == 0


def test_B_4_6_three_locomotives_after_a_replacement_reset_then_second_card_case_5():
    g = past_setup("usa", 2, seed=13)
    set_display(g, ["locomotive", "locomotive", "red", "blue", "green"])
    set_deck(g, ["locomotive", "white", "white", "black", "orange", "pink"], ["yellow"] * 5)
    set_discard(g, [])
    ev = g.apply(DrawCard("red"))
    assert kinds(ev) == ["take", "refill", "loco_reset"]
    assert g.display == [CARD_INDEX[c] for c in ("white", "white", "black", "orange", "pink")]
    assert sorted(g.discard) == sorted([LOCO, LOCO, LOCO, BLUE, GREEN])
    assert g.pending == "second-card"
    assert DrawCard("white") in g.legal_actions()


def test_B_4_6_reset_repeats_and_is_capped_anchor_5_1_1():
    """anchors 5.1.1: the three-Locomotive reset loops forever in a Locomotive-heavy deck
    unless capped (policy max_consecutive_loco_resets=3)."""
    g = past_setup("usa", 2, seed=14)
    set_display(g, ["locomotive", "locomotive", "red", "blue", "green"])
    set_deck(g, ["locomotive"] * 14 + ["red"] * 30)
    set_discard(g, [])
    ev = g.apply(DrawCard("red"))
    assert kinds(ev).count("loco_reset") == 3
    assert ev[-1].kind == "loco_cap" and "max_consecutive_loco_resets=3" in ev[-1].text
    assert g.display.count(LOCO) >= 3


@pytest.mark.parametrize("cap,resets", [(0, 0), (1, 1), (5, 2)])
def test_B_4_6_reset_cap_is_a_policy(cap, resets):
    g = past_setup("usa", 2, seed=14, max_consecutive_loco_resets=cap)
    set_display(g, ["locomotive", "locomotive", "red", "blue", "green"])
    set_deck(g, ["locomotive"] * 6 + ["red"] * 30)
    set_discard(g, [])
    ev = g.apply(DrawCard("red"))
    assert kinds(ev).count("loco_reset") == resets


def test_B_4_6_no_reset_without_cards_to_deal():
    g = past_setup("usa", 2, seed=15)
    set_display(g, ["locomotive", "locomotive", "locomotive", "blue", "green"])
    g.deck.clear(), g.discard.clear()
    touch(g)
    g.apply(DrawCard("blue"))
    assert g.display.count(LOCO) == 3 and EMPTY in g.display


def test_B_4_7_reshuffle_when_the_deck_runs_out_mid_draw_case_6():
    g = past_setup("usa", 2, seed=16)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["orange"])
    set_discard(g, ["pink"] * 7)
    g.apply(DrawCard("deck"))  # takes the last card
    assert g.deck == []
    ev = g.apply(DrawCard("deck"))
    assert kinds(ev)[0] == "reshuffle" and "7 discarded cards" in ev[0].text
    assert g.hands[0][CARD_INDEX["pink"]] >= 1 and len(g.deck) == 6 and g.discard == []


def test_B_4_7_reshuffle_in_the_middle_of_a_refill():
    g = past_setup("usa", 2, seed=17)
    set_display(g, ["red", "blue", "green", "white", "black"])
    g.deck.clear()
    set_discard(g, ["yellow"] * 4)
    ev = g.apply(DrawCard("red"))
    assert kinds(ev) == ["take", "reshuffle", "refill"]
    assert g.display[0] == CARD_INDEX["yellow"] and len(g.deck) == 3


def test_B_4_8_empty_deck_and_discard_face_up_cards_still_taken_slot_stays_empty():
    g = past_setup("usa", 2, seed=18)
    set_display(g, ["red", "blue", "green", "white", "black"])
    g.deck.clear(), g.discard.clear()
    touch(g)
    assert DrawCard("deck") not in g.legal_actions()
    assert "(B-4.8, B-4.10)" in g.why_not(DrawCard("deck"))
    g.apply(DrawCard("red"))
    assert g.display[0] == EMPTY
    g.apply(DrawCard("blue"))
    # B-4.8: the empty slots are filled once cards reach the discard (after a claim)
    set_hand(g, 1, yellow=2)
    rid = route_id(g, "Atlanta", "Charleston")
    g.apply(ClaimRoute.paying(rid, yellow=2))
    assert g.display.count(EMPTY) == 0 or len(g.deck) + len(g.discard) == 0
    assert g.display.count(CARD_INDEX["yellow"]) == 2


def test_B_4_9_only_one_card_available_the_draw_gives_it_and_ends():
    """anchors 5.1.5: 'one card left in the deck leaves the turn stuck'."""
    g = past_setup("usa", 2, seed=19)
    set_display(g, [None] * 5)
    set_deck(g, ["red"])
    g.discard.clear()
    touch(g)
    ev = g.apply(DrawCard("deck"))
    assert ev[-1].kind == "no_second" and "(B-4.9)" in ev[-1].text
    assert g.current_player == 1


def test_B_4_9_only_locomotives_face_up_after_the_first_card():
    g = past_setup("usa", 2, seed=20)
    set_display(g, ["red", "locomotive", "locomotive", None, None])
    g.deck.clear(), g.discard.clear()
    touch(g)
    g.apply(DrawCard("red"))
    assert g.current_player == 1  # no second card possible: the draw ended


def test_B_4_10_no_card_anywhere_draw_action_illegal_case_7():
    g = past_setup("usa", 2, seed=21)
    set_display(g, [None] * 5)
    g.deck.clear(), g.discard.clear()
    touch(g)
    legal = g.legal_actions()
    assert not any(isinstance(a, DrawCard) for a in legal)
    assert "There is no face-up red card" in g.why_not(DrawCard("red"))


# -- B-5: claiming (1.9 cases 9-12) --------------------------------------------------------
def test_B_5_1_claim_with_one_colour_and_locomotives_every_payment_listed_anchor_5_1_6():
    """anchors 5.1.6: the payment is exactly what the player chose, and every choice is listed."""
    g = past_setup("usa", 2, seed=22)
    rid = route_id(g, "Kansas City", "Denver", "black")  # 4, black
    set_hand(g, 0, black=3, locomotive=3, red=2)
    pays = [a.pay for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == rid]
    assert pays == [(("black", 3), ("locomotive", 1)), (("black", 2), ("locomotive", 2)),
                    (("black", 1), ("locomotive", 3))]
    g.apply(ClaimRoute.paying(rid, black=2, locomotive=2))
    assert g.hands[0][CARD_INDEX["black"]] == 1 and g.hands[0][LOCO] == 1
    assert g.hands[0][RED] == 2
    assert g.route_owners[rid] == 0 and g.trains[0] == 41 and g.points[0] == 7


def test_B_5_2_gray_route_any_one_colour_never_mixed_case_12():
    g = past_setup("usa", 2, seed=23)
    r = next(r for r in g.board.routes if r.color == "gray" and r.length == 4)
    set_hand(g, 0, red=2, blue=2)
    why = g.why_not(ClaimRoute.paying(r.id, red=2, blue=2))
    assert why == (f"Route {r.a}–{r.b} is gray and needs 4 cards of one colour (Locomotives are wild); "
                   f"you offered 2 red and 2 blue (B-5.2).")
    set_hand(g, 0, red=4, blue=4)
    cols = {a.color for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == r.id}
    assert cols == {"red", "blue"}


def test_B_5_2_the_design_example_sentence():
    g = past_setup("usa", 2, seed=23)
    r = next(r for r in g.board.routes if r.color == "gray" and r.length == 4)
    set_hand(g, 0, red=2, blue=1)
    assert g.why_not(ClaimRoute.paying(r.id, red=2, blue=1)) == (
        f"Route {r.a}–{r.b} is gray and needs 4 cards of one colour (Locomotives are wild); "
        f"you offered 2 red and 1 blue (B-5.2).")


def test_B_5_1_wrong_colour_on_a_coloured_route():
    g = past_setup("usa", 2, seed=24)
    rid = route_id(g, "Kansas City", "Denver", "black")
    set_hand(g, 0, red=4)
    assert "is black and needs 4 black cards" in g.why_not(ClaimRoute.paying(rid, red=4))


def test_B_5_3_all_locomotives_pay_any_route_listed_once():
    g = past_setup("usa", 2, seed=25)
    set_hand(g, 0, locomotive=6)
    claims = [a for a in g.legal_actions() if isinstance(a, ClaimRoute)]
    assert claims and all(a.pay == (("locomotive", g.board.route(a.route).length),) for a in claims)
    assert len({a.route for a in claims}) == len(claims)
    assert len(claims) == sum(1 for r in g.board.routes)  # every route open in 2P at the start


def test_B_5_4_paid_cards_go_to_the_discard_pile():
    g = past_setup("usa", 2, seed=26)
    rid = route_id(g, "Kansas City", "Denver", "black")
    set_hand(g, 0, black=3, locomotive=1)
    set_discard(g, [])
    g.apply(ClaimRoute.paying(rid, black=3, locomotive=1))
    assert sorted(g.discard) == sorted([CARD_INDEX["black"]] * 3 + [LOCO])


def test_B_5_5_trains_needed_exactly_enough_works_case_9_anchor_5_1_4():
    """anchors 5.1.4: 'claiming with exactly enough trains' must work; too few is refused."""
    g = past_setup("usa", 2, seed=27)
    rid = route_id(g, "Kansas City", "Denver", "black")
    set_hand(g, 0, black=4)
    g.trains[0] = 3
    touch(g)
    assert g.why_not(ClaimRoute.paying(rid, black=4)) == (
        "Route Denver–Kansas City (4, black) needs 4 trains and Ana has only 3 left (B-5.5)."
        if g.board.route(rid).a == "Denver" else
        "Route Kansas City–Denver (4, black) needs 4 trains and Ana has only 3 left (B-5.5).")
    g.trains[0] = 4
    touch(g)
    assert ClaimRoute.paying(rid, black=4) in g.legal_actions()
    g.apply(ClaimRoute.paying(rid, black=4))
    assert g.trains[0] == 0


def test_B_5_6_routes_need_not_connect():
    g = past_setup("usa", 2, seed=28)
    set_hand(g, 0, locomotive=6)
    a = g.board.routes_between("Seattle", "Vancouver")[0].id
    g.apply(ClaimRoute.paying(a, locomotive=1))
    set_hand(g, 1, locomotive=6)
    g.apply(DrawCard("deck")), g.apply(DrawCard("deck"))
    b = g.board.routes_between("Miami", "Atlanta")[0].id
    assert ClaimRoute.paying(b, locomotive=5) in g.legal_actions()


def _double(g):
    return next(r for r in g.board.routes if g.board.twins[r.id])


def test_B_5_7_never_both_tracks_of_a_double_four_players_case_11_anchor_5_1_3():
    g = past_setup("usa", 4, seed=29)
    r = _double(g)
    twin = g.board.twins[r.id][0]
    set_hand(g, 0, locomotive=12)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    # the same player later: refused
    for s in (1, 2, 3):
        g.apply(DrawCard("deck")), g.apply(DrawCard("deck"))
    assert g.current_player == 0
    assert "may never claim both tracks of a double route (B-5.7)" in g.why_not(
        ClaimRoute.paying(twin, locomotive=r.length))
    assert not any(isinstance(a, ClaimRoute) and a.route == twin for a in g.legal_actions())
    # another player in a 4-player game: allowed (B-5.8)
    g.apply(DrawCard("deck")), g.apply(DrawCard("deck"))
    set_hand(g, 1, locomotive=12)
    assert ClaimRoute.paying(twin, locomotive=r.length) in g.legal_actions()


@pytest.mark.parametrize("n", [2, 3])
def test_B_5_8_two_or_three_players_one_track_only_case_10(n):
    g = past_setup("usa", n, seed=30)
    r = _double(g)
    twin = g.board.twins[r.id][0]
    set_hand(g, 0, locomotive=12)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    set_hand(g, 1, locomotive=12)
    why = g.why_not(ClaimRoute.paying(twin, locomotive=r.length))
    assert f"With {n} players only one track of a double route is used" in why and "(B-5.8)" in why


def test_B_5_8_min_players_for_doubles_is_a_policy():
    g = past_setup("usa", 2, seed=30, double_routes_min_players=2)
    r = _double(g)
    twin = g.board.twins[r.id][0]
    set_hand(g, 0, locomotive=12)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    set_hand(g, 1, locomotive=12)
    assert g.why_not(ClaimRoute.paying(twin, locomotive=r.length)) is None


@pytest.mark.parametrize("length,points", [(1, 1), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)])
def test_B_5_9_route_points_table(length, points):
    g = past_setup("usa", 2, seed=31)
    r = next(r for r in g.board.routes if r.length == length)
    set_hand(g, 0, locomotive=6)
    ev = g.apply(ClaimRoute.paying(r.id, locomotive=length))
    assert g.points[0] == points and ev[0].text.endswith(f": +{points}.")


def test_claimed_route_refused_with_its_owner():
    g = past_setup("usa", 2, seed=32)
    r = g.board.routes[0]
    set_hand(g, 0, locomotive=6)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))
    set_hand(g, 1, locomotive=6)
    assert g.why_not(ClaimRoute.paying(r.id, locomotive=r.length)) == f"Route {r.label()} is already claimed by Ana."


def test_holding_too_few_cards_is_explained():
    g = past_setup("usa", 2, seed=33)
    rid = route_id(g, "Kansas City", "Denver", "black")
    set_hand(g, 0, black=2, locomotive=1)
    assert g.why_not(ClaimRoute.paying(rid, black=3, locomotive=1)) == (
        "Ana holds only 2 black cards; the payment needs 3 black and 1 Locomotive (a claim is paid "
        "with cards from the hand, B-5.1).")


# -- B-6: tickets (1.9 case 8) -------------------------------------------------------------
def test_B_6_1_draw_three_keep_at_least_one_rest_to_the_bottom():
    g = past_setup("usa", 2, seed=34)
    top3 = [g.tix[t].id for t in g.tdeck[-3:]][::-1]
    ev = g.apply(DrawTickets())
    assert g.offered_tickets(0) == top3 and "draws 3 Destination Tickets" in ev[0].public
    keeps = g.legal_actions()
    assert len(keeps) == 7 and min(len(a.tickets) for a in keeps) == 1
    assert "at least 1 of the 3 tickets (B-6.1)" in g.why_not(KeepTickets(()))
    g.apply(KeepTickets((top3[1],)))
    assert g.tickets(0)[-1] == top3[1]
    assert {g.tix[t].id for t in g.tdeck[:2]} == {top3[0], top3[2]}
    assert g.current_player == 1


def test_B_6_2_fewer_than_three_left_draw_what_is_there_case_8():
    g = past_setup("usa", 2, seed=35)
    del g.tdeck[:-2]
    touch(g)
    g.apply(DrawTickets())
    assert len(g.offered_tickets(0)) == 2
    assert sorted(len(a.tickets) for a in g.legal_actions()) == [1, 1, 2]


def test_B_6_2_last_single_ticket_must_be_kept_and_empty_deck_refused():
    g = past_setup("usa", 2, seed=36)
    del g.tdeck[:-1]
    touch(g)
    g.apply(DrawTickets())
    assert [len(a.tickets) for a in g.legal_actions()] == [1]
    g.apply(g.legal_actions()[0])
    assert g.tdeck == []
    g.apply(DrawCard("deck")), g.apply(DrawCard("deck"))
    assert DrawTickets() not in g.legal_actions()
    assert g.why_not(DrawTickets()) == "The Destination Ticket deck is empty: no tickets can be drawn (B-6.2)."


def test_B_6_4_ticket_done_by_any_path_routes_serve_several_tickets_anchor_5_1_7():
    """anchors 5.1.7: a ticket whose cities are connected must be credited."""
    g = past_setup("usa", 2, seed=37)
    g.kept[0] = [g.tidx[t.id] for t in g.tix if (t.a, t.b) in (("Denver", "El Paso"),)]
    for a, b in (("Denver", "Santa Fe"), ("Santa Fe", "El Paso")):
        give_route(g, 0, g.board.routes_between(a, b)[0].id)
    sheet = g.score()
    tl = [line for line in sheet.lines[0] if line.kind == "ticket"]
    assert len(tl) == 1 and tl[0].points == 4


def test_B_6_5_failed_tickets_subtract():
    g = past_setup("usa", 2, seed=38)
    g.kept[0] = [g.tidx[t.id] for t in g.tix if (t.a, t.b) == ("Boston", "Miami")]
    assert g.score().line_total(0, "ticket") == -12


# -- B-7: end of game (1.9 case 13) --------------------------------------------------------
def _claim_short(g, seat, length=1):
    r = next(r for i, r in enumerate(g.board.routes) if r.length == length and g.openf[seat][i])
    set_hand(g, seat, locomotive=6)
    return g.apply(ClaimRoute.paying(r.id, locomotive=length))


def test_B_7_1_two_trains_at_the_end_of_a_turn_trigger_three_do_not_case_13():
    g = past_setup("usa", 2, seed=39)
    g.trains[0] = 4
    touch(g)
    _claim_short(g, 0, 1)
    assert g.trains[0] == 3 and not g.final_round
    g.trains[1] = 3
    touch(g)
    ev = _claim_short(g, 1, 1)
    assert g.trains[1] == 2 and g.final_round and g.trigger == 1
    assert ev[-1].kind == "final_round" and "Bea included" in ev[-1].text


@pytest.mark.parametrize("n", [2, 3, 5])
def test_B_7_2_final_round_includes_the_triggering_player_anchor_5_1_4(n):
    """anchors 5.1.4: the player who triggers the end also gets a last turn."""
    g = past_setup("usa", n, seed=40)
    g.trains[0] = 3
    touch(g)
    _claim_short(g, 0, 1)
    assert g.final_round
    order = []
    while not g.over:
        order.append(g.current_player)
        g.apply(DrawCard("deck")) if DrawCard("deck") in g.legal_actions() else g.apply(g.legal_actions()[0])
        if g.pending == "second-card":
            g.apply(g.legal_actions()[0])
    assert order == list(range(1, n)) + [0]
    assert g.legal_actions() == [] and g.current_player is None


def test_B_7_3_the_trigger_fires_once():
    g = past_setup("usa", 3, seed=41)
    g.trains[0] = 3
    touch(g)
    _claim_short(g, 0, 1)
    g.trains[1] = 2
    touch(g)
    ev = _claim_short(g, 1, 1)
    assert "final_round" not in kinds(ev)
    assert g.trigger == 0 and g.final_left == 2
    _claim_short(g, 2, 1)
    _claim_short(g, 0, 1)
    assert g.over


def test_apply_after_the_end_is_refused():
    g = past_setup("usa", 2, seed=42)
    g.trains[0] = 3
    touch(g)
    _claim_short(g, 0, 1)
    _claim_short(g, 1, 1)
    _claim_short(g, 0, 1)
    assert g.over
    with pytest.raises(IllegalAction, match="The game is over"):
        g.apply(DrawCard("deck"))


# -- B-8: final scoring through the game (1.9 cases 14-15) ---------------------------------
def test_B_8_1_score_is_route_points_plus_tickets_plus_bonus_anchor_5_1_8():
    g = past_setup("usa", 2, seed=43)
    g.kept[0], g.kept[1] = [], []
    for a, b in (("Vancouver", "Seattle"), ("Seattle", "Portland"), ("Portland", "Salt Lake City"),
                 ("Salt Lake City", "Helena"), ("Helena", "Seattle")):
        give_route(g, 0, g.board.routes_between(a, b)[0].id)
    sheet = g.score()
    assert sheet.totals[0] == 36 + 10  # E4: route points 36, a 17-car loop through Seattle twice
    assert g.points[0] == 36
    assert sheet.trail(0).length == 17


def test_B_8_2_longest_path_tie_both_score_case_15_anchor_5_1_10():
    g = past_setup("usa", 2, seed=44)
    g.kept[0], g.kept[1] = [], []
    give_route(g, 0, g.board.routes_between("Seattle", "Portland")[0].id)
    give_route(g, 1, g.board.routes_between("Vancouver", "Seattle")[0].id)
    sheet = g.score()
    assert sheet.totals == (11, 11)
    assert sheet.awarded["longest_path"] == (0, 1)


def test_B_8_3_tie_broken_by_most_completed_tickets_anchor_5_1_10():
    """anchors 5.1.10: tie-breaks. Equal totals; the player with more completed tickets wins."""
    g = past_setup("usa-big-cities", 2, seed=45)  # no bonus in Big Cities
    g.kept[0] = [g.tidx[t.id] for t in g.tix if (t.a, t.b) == ("Chicago", "New York")]
    g.kept[1] = []
    give_route(g, 0, g.board.routes_between("Chicago", "Pittsburgh")[0].id)   # 4
    give_route(g, 0, g.board.routes_between("Pittsburgh", "New York")[0].id)  # 2, ticket +5
    give_route(g, 1, g.board.routes_between("Atlanta", "Miami")[0].id)        # 10
    give_route(g, 1, g.board.routes_between("Dallas", "Houston")[0].id)       # 1
    sheet = g.score()
    assert sheet.totals == (11, 11)
    assert sheet.winners == (0,)


def test_B_4_4_draw_sources_one_rule_for_the_listing_and_the_legal_actions():
    """``drawing.draw_sources`` is the draw-source rule: the deck first when a blind card
    exists, then each kind face up once, in card order, and no Locomotive as a second card
    (B-4.4). ``drawing.sources`` and the DrawCard actions of ``legal_actions()`` (counted and
    read by index) say the same, for a first and a second card, with and without a blind card,
    and at every state of random games."""
    import random

    from ttr_nb.legal import LegalActions
    from ttr_nb.rules import drawing

    red, blue, loco = CARD_INDEX["red"], CARD_INDEX["blue"], LOCO
    kinds = 1 << red | 1 << blue | 1 << loco
    first = drawing.draw_sources(kinds, second=False, blind=True)
    assert first == (drawing.DECK,) + tuple(sorted((red, blue, loco)))
    assert drawing.draw_sources(kinds, second=True, blind=True) == (drawing.DECK,) + tuple(sorted((red, blue)))
    assert drawing.draw_sources(kinds, second=True, blind=False) == tuple(sorted((red, blue)))
    assert drawing.draw_sources(0, second=False, blind=False) == ()

    def listed_draws(g):
        legal = LegalActions(g)
        by_index = [legal[k] for k in range(len(legal))]
        assert by_index == list(g.legal_actions())
        return [a for a in by_index if type(a) is DrawCard]

    def rule(g, second):
        return [DrawCard(drawing.source_name(c)) for c in drawing.sources(g, second)]

    g = past_setup(seed=4)
    set_display(g, ["red", "red", "locomotive", "blue", "locomotive"])
    assert drawing.sources(g, False) == [drawing.DECK] + sorted((red, blue, loco))
    assert listed_draws(g) == rule(g, False) == [DrawCard(s) for s in ("deck", "red", "blue", "locomotive")]
    g.apply(DrawCard("deck"))
    assert drawing.sources(g, True) == [drawing.DECK] + sorted((red, blue))
    assert listed_draws(g) == rule(g, True) == [DrawCard(s) for s in ("deck", "red", "blue")]
    h = past_setup(seed=4)
    set_display(h, ["red", "red", "locomotive", "blue", "locomotive"])
    set_deck(h, [])
    set_discard(h, [])
    assert listed_draws(h) == rule(h, False) == [DrawCard(s) for s in ("red", "blue", "locomotive")]
    h.apply(DrawCard("red"))
    assert listed_draws(h) == rule(h, True) == [DrawCard(s) for s in ("red", "blue")]
    seen = 0
    for variant, n in (("usa", 3), ("team-asia", 4), ("heart-of-africa", 2)):
        g = ttr_nb.new_game(variant, n, seed=6)
        rng = random.Random(6)
        while not g.over:
            if g.pending in ("turn", "second-card"):
                assert listed_draws(g) == rule(g, g.pending == "second-card")
                seen += 1
            g.random_step(rng)
    assert seen > 200
