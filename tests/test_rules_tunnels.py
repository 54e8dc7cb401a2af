"""Tunnels (EU-3, TA-17 to TA-19, worked example E9; the Team Asia seed text first): lay the
cards, reveal the number of cards printed on the tunnel (policy tunnel_reveal='map'; 3 is the
Europe rule), pay one more card per match from the hand or the team holder, or take the cards
back and end the turn; the revealed cards are discarded either way."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from ttr_nb.actions import ClaimRoute, DrawCard, action_from_json
from ttr_nb.cards import CARD_INDEX, LOCO
from ttr_nb.errors import IllegalAction
from ttr_nb.game import Game
from ttr_nb.rules.tunnels import PayTunnel, WithdrawTunnel, extra_needed

from test_engine_helpers import set_deck, set_discard, set_hand
from test_rules_team_asia import holder, set_holder, team_game

GREEN, RED = CARD_INDEX["green"], CARD_INDEX["red"]
PV = 36   # Pyongyang–Vladivostok (3, gray, tunnel 5)
LK = 79   # Lhasa–Kathmandu (2, white, tunnel 4)


def tunnel_game(seed: int = 0, **policies) -> Game:
    return team_game(4, seed=seed, **policies)


def test_map_facts_tunnels_print_4_to_6_cards():
    g = tunnel_game()
    tunnels = {r.tunnel for r in g.board.routes if r.tunnel}
    assert tunnels == {4, 5, 6}
    assert g.board.route(PV).label() == "Pyongyang–Vladivostok (3, gray, tunnel 5)"
    assert g.board.route(LK).label() == "Lhasa–Kathmandu (2, white, tunnel 4)"


# -- E9 --------------------------------------------------------------------------------------
def test_E9_two_matches_the_player_cannot_pay_takes_the_cards_back_and_the_turn_ends():
    """E9: green 3-tunnel paid with 2 green + 1 Locomotive; revealed green, Locomotive, red
    -> 2 extra; holding only 1 more green and no Locomotive -> back to hand, turn over."""
    g = tunnel_game(seed=1, tunnel_reveal=3)
    set_hand(g, 0, green=3, locomotive=1)
    set_deck(g, ["green", "locomotive", "red", "blue"])
    discard_before = len(g.discard)
    ev = g.apply(ClaimRoute.paying(PV, green=2, locomotive=1))
    assert ev[0].kind == "tunnel_reveal"
    assert ev[0].text == ("Ana tries the tunnel Pyongyang–Vladivostok with 2 green + 1 Locomotive: reveals "
                          "green, Locomotive, red: 2 extra green cards (or Locomotives) to pay.")
    assert g.pending == "tunnel" and g.current_player == 0
    pend = g.state()["ext"]["tunnels"]["pending"]
    assert pend["extra"] == 2 and pend["revealed"] == [GREEN, LOCO, RED]
    assert g.hands[0][GREEN] == 1 and g.hands[0][LOCO] == 0  # the laid cards are on the table
    assert g.legal_actions() == [WithdrawTunnel()]  # 1 green is not enough
    total = g.counts()["train_cards"]
    ev = g.apply(WithdrawTunnel())
    assert g.counts()["train_cards"] == total
    assert g.hands[0][GREEN] == 3 and g.hands[0][LOCO] == 1
    assert g.discard[discard_before:] == [GREEN, LOCO, RED]  # the revealed cards are discarded
    assert g.owner[g.T.idx[PV]] == -1 and g.trains[0] == 27 and g.current_player == 1
    assert "takes back 2 green + 1 Locomotive" in ev[0].text and "3 revealed cards are discarded" in ev[0].text


def test_E9_paid_with_locomotives_only_only_locomotives_match_and_extra_must_be_locomotives():
    g = tunnel_game(seed=2, tunnel_reveal=3)
    set_hand(g, 0, green=2, locomotive=4)
    set_deck(g, ["green", "locomotive", "red"])
    ev = g.apply(ClaimRoute.paying(PV, locomotive=3))
    assert g.state()["ext"]["tunnels"]["pending"]["extra"] == 1
    assert "1 extra Locomotive to pay" in ev[0].text and "EU-3.5" in ev[0].text
    assert g.legal_actions() == [PayTunnel((("locomotive", 1),)), WithdrawTunnel()]
    why = g.why_not(PayTunnel((("green", 1),)))
    assert "must be Locomotives" in why and "EU-3.5" in why
    g.apply(PayTunnel((("locomotive", 1),)))
    assert g.owner[g.T.idx[PV]] == 0 and g.hands[0][LOCO] == 0 and g.hands[0][GREEN] == 2


def test_EU_3_paying_the_extra_claims_the_tunnel_and_discards_everything():
    g = tunnel_game(seed=3, tunnel_reveal=3)
    set_hand(g, 0, green=5, locomotive=1)
    set_deck(g, ["green", "locomotive", "red"])
    before = len(g.discard)
    g.apply(ClaimRoute.paying(PV, green=3))
    pays = [a for a in g.legal_actions() if isinstance(a, PayTunnel)]
    assert [a.pay for a in pays] == [(("green", 2),), (("green", 1), ("locomotive", 1))]
    ev = g.apply(PayTunnel((("green", 1), ("locomotive", 1))))
    assert [e.kind for e in ev][:2] == ["tunnel_pay", "claim"]
    assert ev[1].text == "Ana claims Pyongyang–Vladivostok (3, gray, tunnel 5) with 4 green + 1 Locomotive: +4."
    assert g.owner[g.T.idx[PV]] == 0 and g.trains[0] == 24 and g.points[0] == 4
    assert sorted(g.discard[before:]) == sorted([GREEN] * 4 + [LOCO] + [GREEN, LOCO, RED])
    assert g.current_player == 1 and g.state()["ext"]["tunnels"]["pending"] is None


def test_EU_3_3_wrong_extra_payments_are_refused_with_a_reason():
    g = tunnel_game(seed=4, tunnel_reveal=3)
    set_hand(g, 0, green=5, red=3, locomotive=1)
    set_deck(g, ["green", "green", "red"])
    g.apply(ClaimRoute.paying(PV, green=3))
    assert "exactly 2 extra green cards or Locomotives" in g.why_not(PayTunnel((("green", 1),)))
    assert "exactly 2 extra" in g.why_not(PayTunnel((("red", 2),)))
    assert g.why_not(DrawCard("deck")) == ("Ana must first decide whether to pay 2 more green cards (or "
                                           "Locomotives) for the tunnel Pyongyang–Vladivostok or take the "
                                           "laid cards back (EU-3.3, EU-3.4).")
    state = g.state_json()
    with pytest.raises(IllegalAction):
        g.apply(PayTunnel((("green", 3),)))
    assert g.state_json() == state


def test_EU_3_no_match_the_tunnel_is_claimed_at_once():
    g = tunnel_game(seed=5)
    set_hand(g, 0, white=2)
    set_deck(g, ["red", "blue", "green", "black", "yellow"])
    ev = g.apply(ClaimRoute.paying(LK, white=2))
    assert ev[0].text == ("Ana tries the tunnel Lhasa–Kathmandu with 2 white: reveals red, blue, green, "
                          "black: no match, nothing extra to pay (EU-3).")
    assert ev[1].kind == "claim" and g.owner[g.T.idx[LK]] == 0 and g.current_player == 1


def test_seed_example_text_lhasa_kathmandu():
    g = tunnel_game(seed=6)
    set_hand(g, 0, white=4)
    set_deck(g, ["white", "locomotive", "blue", "green"])
    ev = g.apply(ClaimRoute.paying(LK, white=2))
    assert ev[0].text == ("Ana tries the tunnel Lhasa–Kathmandu with 2 white: reveals white, Locomotive, "
                          "blue, green: 2 extra white cards (or Locomotives) to pay.")
    assert PayTunnel((("white", 2),)).text(g) == ("Ana pays 2 extra cards, 2 white, and claims the tunnel "
                                                   "Lhasa–Kathmandu")


# -- how many cards are revealed (TA-18) ----------------------------------------------------------
@pytest.mark.parametrize("rid,n", [(3, 4), (36, 5), (78, 6)])
def test_TA_18_the_map_prints_how_many_cards_are_revealed(rid, n):
    g = tunnel_game(seed=7)
    r = g.board.route(rid)
    assert r.tunnel == n
    set_hand(g, 0, locomotive=r.length + 2)
    g.trains[0] = 27
    set_deck(g, ["red"] * 8)
    g.apply(ClaimRoute.paying(rid, locomotive=r.length))  # Locomotives only: red never matches
    ev = [e for e in g.log if e.kind == "tunnel_reveal"][-1]
    assert len(ev.data[2]) == n and g.owner[g.T.idx[rid]] == 0


def test_TA_18_policy_3_is_the_europe_rule():
    g = tunnel_game(seed=8, tunnel_reveal=3)
    set_hand(g, 0, locomotive=6)
    set_deck(g, ["red"] * 8)
    g.apply(ClaimRoute.paying(78, locomotive=6))
    assert len([e for e in g.log if e.kind == "tunnel_reveal"][-1].data[2]) == 3


def test_EU_3_too_few_cards_reveal_what_there_is_none_means_no_risk():
    g = tunnel_game(seed=9)
    g.discard[:] = []
    set_hand(g, 0, white=4)
    set_deck(g, ["white", "red"])
    ev = g.apply(ClaimRoute.paying(LK, white=2))
    assert "(only 2 of 4 cards were left)" in ev[0].text
    assert g.state()["ext"]["tunnels"]["pending"]["extra"] == 1
    g.apply(PayTunnel((("white", 1),)))
    g2 = tunnel_game(seed=10)
    g2.discard[:] = []
    g2.deck[:] = []
    set_hand(g2, 0, white=2)
    ev = g2.apply(ClaimRoute.paying(LK, white=2))
    assert "no card is left to reveal, so the tunnel costs nothing extra" in ev[0].text
    assert g2.owner[g2.T.idx[LK]] == 0


def test_B_4_7_an_empty_deck_is_reshuffled_for_the_reveal_but_not_the_laid_cards():
    g = tunnel_game(seed=11)
    g.deck[:] = []
    set_discard(g, ["red", "red", "blue"])
    set_hand(g, 0, white=2)
    ev = g.apply(ClaimRoute.paying(LK, white=2))
    assert [e.kind for e in ev][:2] == ["reshuffle", "tunnel_reveal"]
    assert sorted(ev[1].data[2]) == sorted([RED, RED, CARD_INDEX["blue"]])  # the 2 white stay out
    assert g.owner[g.T.idx[LK]] == 0


# -- Team Asia: extra cards from the holder (TA-19) -----------------------------------------------
def test_TA_19_extra_cards_from_the_hand_or_the_team_holder():
    g = tunnel_game(seed=12)
    white = CARD_INDEX["white"]
    set_hand(g, 0, white=3)
    set_holder(g, 0, white=1, locomotive=1)
    set_deck(g, ["white", "blue", "green", "black"])
    g.apply(ClaimRoute(LK, (("white", 2),), (("white", 1),)))  # one laid card from the holder
    assert g.hands[0][white] == 2 and holder(g, 0)[white] == 0
    assert [a for a in g.legal_actions() if isinstance(a, PayTunnel)] == [
        PayTunnel((("white", 1),)), PayTunnel((("locomotive", 1),), (("locomotive", 1),))]
    why = g.why_not(PayTunnel((("white", 1),), (("white", 1),)))
    assert "team holder of Ana & Bea has no white cards" in why
    g.apply(PayTunnel((("locomotive", 1),), (("locomotive", 1),)))
    assert holder(g, 0)[LOCO] == 0 and g.hands[0][white] == 2
    assert g.owner[g.T.idx[LK]] == 0 and g.points[0] == 2


def test_EU_3_4_withdrawn_cards_go_back_where_they_came_from():
    g = tunnel_game(seed=13)
    set_hand(g, 0, white=1)
    set_holder(g, 0, white=1)
    set_hand(g, 1, white=5)  # the partner's cards never help
    set_deck(g, ["white", "blue", "green", "black"])
    g.apply(ClaimRoute(LK, (("white", 2),), (("white", 1),)))
    assert g.legal_actions() == [WithdrawTunnel()]
    g.apply(WithdrawTunnel())
    assert g.hands[0][CARD_INDEX["white"]] == 1 and holder(g, 0)[CARD_INDEX["white"]] == 1


def test_the_pending_reveal_is_in_the_state_and_in_every_view():
    g = tunnel_game(seed=14)
    set_hand(g, 0, white=2)
    set_deck(g, ["white", "blue", "green", "black"])
    g.apply(ClaimRoute.paying(LK, white=2))
    for seat in (None, 0, 1, 2, 3):
        t = g.view(seat)["tunnel"]
        assert t == {"seat": 0, "route": LK, "laid": {"white": 2}, "colour": "white",
                     "revealed": ["white", "blue", "green", "black"], "asked": 4, "extra": 1}


def test_tunnel_actions_round_trip_through_json():
    for x in (PayTunnel((("white", 1), ("locomotive", 1)), (("locomotive", 1),)), WithdrawTunnel()):
        assert action_from_json(json.dumps(x.to_json())) == x
    assert PayTunnel({"locomotive": 1, "white": 1}).pay == (("white", 1), ("locomotive", 1))


def test_a_tunnel_is_refused_outside_a_tunnel_decision():
    g = tunnel_game(seed=16)
    assert "No tunnel is waiting" in g.why_not(WithdrawTunnel())


@pytest.mark.parametrize("revealed,colour,extra", [
    ([GREEN, LOCO, RED], GREEN, 2), ([GREEN, LOCO, RED], LOCO, 1), ([RED, RED, RED], GREEN, 0),
    ([], GREEN, 0), ([LOCO] * 4, GREEN, 4)])
def test_extra_needed_counts_matches(revealed, colour, extra):
    assert extra_needed(revealed, colour) == extra


def test_tunnels_in_random_games_conserve_cards_and_replay_from_json():
    import random

    seen = Counter()
    for seed in range(4):
        g = tunnel_game(seed=100 + seed)
        rng = random.Random(seed)
        while not g.over:
            la = g.legal_actions()
            a = la[int(rng.random() * len(la))]
            if g.pending == "tunnel":
                seen[type(a).__name__] += 1
                assert WithdrawTunnel() in la
                s = g.state_json()
                g.apply(a)
                g.undo()  # undo replays the held claim and its reveal exactly
                assert g.state_json() == s
            g.apply(a)
            assert g.counts()["train_cards"] == 110
        assert Game.from_json(g.to_json()).state_json() == g.state_json()
    assert seen["PayTunnel"] > 0 and seen["WithdrawTunnel"] > 0
