"""Team Asia (rules-spec section 4, the seed text 003 first): teams, the two holders, tickets,
double and triple routes, the end and the score; one test (or more) per TA- ID.

Tunnels (TA-17 to TA-19, EU-3) are in test_rules_tunnels.py. The engine's property suite runs
here on team-asia with a team-aware score check (test_properties.check_score is per player).
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets, action_from_json
from ttr_nb.cards import CARD_INDEX, LOCO
from ttr_nb.errors import IllegalAction
from ttr_nb.game import Game
from ttr_nb.graph import ticket_done
from ttr_nb.rules.teams import PlaceCard, ShareTickets
from ttr_nb.trail import longest_trail

from test_engine_helpers import give_route, set_deck, set_display, set_hand, touch

RED, BLUE = CARD_INDEX["red"], CARD_INDEX["blue"]


def team_game(n: int = 4, seed: int = 0, **policies) -> Game:
    """A team-asia game past setup: every seat keeps its first legal choice and shares its first."""
    g = ttr_nb.new_game("team-asia", n, seed=seed, **policies)
    while g.pending != "turn":
        g.apply(g.legal_actions()[0])
    return g


def set_holder(g: Game, team: int, **counts: int) -> None:
    h = g.ext["teams"]["cards"][team]
    h[:] = [0] * 9
    for k, v in counts.items():
        h[CARD_INDEX[k]] = v
    touch(g)


def holder(g: Game, team: int) -> list[int]:
    return g.ext["teams"]["cards"][team]


def route(g: Game, a: str, b: str, color: str | None = None):
    return g.board.find_route(a, b, color)


def plain_route(g: Game, length: int, color: str | None = None):
    """The first route of that length (and colour) that is neither a tunnel nor a ferry."""
    return next(r for r in g.board.routes if r.length == length and not r.tunnel and not r.ferry_locos
                and (color is None or r.color == color))


# -- TA-1 to TA-4, TA-7: teams, trains, holders ----------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 5])
def test_TA_1_four_or_six_players_only(n):
    with pytest.raises(ValueError, match="4 or 6 players"):
        ttr_nb.new_game("team-asia", n)


@pytest.mark.parametrize("n", [4, 6])
def test_TA_1_teams_of_two_sit_next_to_each_other_and_play_one_after_the_other(n):
    g = team_game(n, seed=n)
    assert g.side == [s // 2 for s in range(n)]
    order = []
    while len(order) < n:
        order.append(g.current_player)
        g.apply(DrawCard("deck"))
        g.apply(PlaceCard("hand"))
        g.apply(DrawCard("deck"))
    assert order == list(range(n))  # partners (0, 1), (2, 3), (4, 5) play one after the other
    names = [t["name"] for t in g.view(None)["teams"]]
    assert names == [f"{g.names[2 * k]} & {g.names[2 * k + 1]}" for k in range(n // 2)]


def test_TA_2_27_trains_each_54_per_team_a_player_places_only_their_own():
    g = team_game(4, seed=1)
    assert g.trains == [27] * 4 and g.counts()["trains"] == 4 * 27
    assert all(t["trains"] == 54 for t in g.view(None)["teams"])
    r = plain_route(g, 3)
    set_hand(g, 0, locomotive=3)
    g.apply(ClaimRoute.paying(r.id, locomotive=3))
    assert g.trains == [24, 27, 27, 27]  # the partner's reserve is never used (TA-2)
    assert g.view(2)["teams"][0]["trains"] == 51


def test_TA_3_one_score_per_team_sums_both_partners_routes():
    g = team_game(4, seed=2)
    r1, r2 = plain_route(g, 3), plain_route(g, 4)
    give_route(g, 0, r1.id)
    give_route(g, 1, r2.id)
    sheet = g.score()
    assert sheet.names == ("Ana & Bea", "Cal & Dee") and len(sheet.totals) == 2
    assert sheet.line_total(0, "route") == g.board.route_points(3) + g.board.route_points(4)
    assert sheet.line_total(1, "route") == 0
    assert g.view(3)["teams"][0]["route_points"] == g.points[0] + g.points[1]


@pytest.mark.parametrize("n", [4, 6])
def test_TA_4_TA_7_four_cards_in_hand_holders_start_empty(n):
    g = ttr_nb.new_game("team-asia", n, seed=3)
    assert all(sum(h) == 4 for h in g.hands)
    st = g.ext["teams"]
    assert st["cards"] == [[0] * 9] * (n // 2) and st["tickets"] == [[]] * (n // 2)
    assert g.counts()["train_cards"] == 110


# -- TA-8, TA-9: drawing train cards -------------------------------------------------------
def test_TA_8_first_card_is_placed_after_seeing_it_the_second_goes_to_the_other_place():
    g = team_game(4, seed=4)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["yellow", "pink", "orange"])
    before = list(g.hands[0])
    g.apply(DrawCard("red"))
    assert g.pending == "place-card" and g.current_player == 0
    assert g.legal_actions() == [PlaceCard("hand"), PlaceCard("holder")]
    assert [a.text(g) for a in g.legal_actions()] == ["Ana keeps the first card (red) in hand",
                                                      "Ana puts the first card (red) in the team holder"]
    assert g.view(0)["placing"] == "red" and g.view(1)["placing"] == "red"  # it was face up
    why = g.why_not(DrawCard("deck"))
    assert "place-card" in why or "first card" in why
    ev = g.apply(PlaceCard("holder"))
    assert ev[0].text == ("Ana puts the first card (red) in the team holder; the second card will go "
                          "to Ana's hand (TA-8).")
    assert holder(g, 0)[RED] == 1 and g.hands[0] == before and g.pending == "second-card"
    ev = g.apply(DrawCard("blue"))
    assert g.hands[0][BLUE] == before[BLUE] + 1 and holder(g, 0)[BLUE] == 0
    assert any(e.text == "The second card (blue) goes to Ana's hand (TA-8)." for e in ev)
    assert g.current_player == 1 and g.pending == "turn"


def test_TA_8_hand_first_then_holder_and_blind_colours_stay_hidden():
    g = team_game(4, seed=5)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["yellow", "pink", "orange"])
    g.apply(DrawCard("deck"))
    assert g.view(0)["placing"] == "yellow" and g.view(1)["placing"] == "hidden"
    assert g.view(None)["placing"] == "yellow"
    ev = g.apply(PlaceCard("hand"))
    assert ev[0].text == ("Ana keeps the first card (yellow) in hand; the second card will go to the team "
                          "holder (TA-8).")
    assert ev[0].public == "Ana keeps the first card in hand; the second card will go to the team holder (TA-8)."
    assert "yellow" not in ev[0].public
    ev = g.apply(DrawCard("deck"))
    assert holder(g, 0)[CARD_INDEX["pink"]] == 1
    second = [e for e in ev if e.kind == "place_second"][0]
    assert "pink" in second.text and "pink" not in second.public


def test_TA_8_B_4_5_a_blind_locomotive_is_placed_by_choice_and_a_second_card_follows():
    g = team_game(4, seed=6)
    set_deck(g, ["locomotive", "red"])
    g.apply(DrawCard("deck"))
    assert g.pending == "place-card"
    g.apply(PlaceCard("hand"))
    assert g.pending == "second-card"
    g.apply(DrawCard("deck"))
    assert holder(g, 0)[RED] == 1


def test_TA_8_B_4_9_no_second_card_the_draw_ends_after_placing_the_first():
    g = team_game(4, seed=7)
    g.discard[:] = []
    set_deck(g, ["red"])
    set_display(g, [None, None, None, None, None])
    g.apply(DrawCard("deck"))
    ev = g.apply(PlaceCard("holder"))
    assert [e.kind for e in ev][:2] == ["place_first", "no_second"]
    assert holder(g, 0)[RED] == 1 and g.current_player == 1 and g.pending == "turn"


def test_TA_9_face_up_locomotive_goes_to_the_team_holder_and_ends_the_draw():
    g = team_game(4, seed=8)
    set_display(g, ["locomotive", "blue", "green", "white", "black"])
    hand = list(g.hands[0])
    ev = g.apply(DrawCard("locomotive"))
    assert holder(g, 0)[LOCO] == 1 and g.hands[0] == hand
    assert any("team holder" in e.text and "TA-9" in e.text for e in ev)
    assert g.current_player == 1


def test_TA_8_place_card_is_refused_outside_a_draw():
    g = team_game(4, seed=9)
    with pytest.raises(IllegalAction, match="no drawn card to place"):
        g.apply(PlaceCard("hand"))
    g.apply(DrawCard("deck"))
    assert "'hand' or 'holder'" in g.why_not(PlaceCard("partner"))


# -- TA-10: claiming with the hand and the holder ------------------------------------------
def test_TA_10_legal_actions_list_every_hand_holder_split():
    g = team_game(4, seed=10)
    r = plain_route(g, 3, "blue")
    set_hand(g, 0, blue=2)
    set_holder(g, 0, blue=2)
    set_hand(g, 1, blue=5, locomotive=5)  # the partner's hand is never usable
    claims = {a.from_holder for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == r.id}
    assert claims == {(("blue", 1),), (("blue", 2),)}  # 2+1 or 1+2: the hand holds only 2
    g.apply(ClaimRoute(r.id, (("blue", 3),), (("blue", 2),)))
    assert g.hands[0][BLUE] == 1 and holder(g, 0)[BLUE] == 0 and g.hands[1][BLUE] == 5
    assert g.owner[g.T.idx[r.id]] == 0


def test_TA_10_never_the_partners_hand_and_from_holder_must_be_held():
    g = team_game(4, seed=11)
    r = plain_route(g, 3, "blue")
    set_hand(g, 0, blue=1)
    set_holder(g, 0, blue=1)
    set_hand(g, 1, blue=6)
    assert not any(isinstance(a, ClaimRoute) and a.route == r.id for a in g.legal_actions())
    why = g.why_not(ClaimRoute(r.id, (("blue", 3),), (("blue", 1),)))
    assert "Ana holds only 1 blue card in hand" in why and "partner's" in why and "TA-10" in why
    why = g.why_not(ClaimRoute(r.id, (("blue", 3),), (("blue", 3),)))
    assert "team holder of Ana & Bea has only 1 blue" in why
    why = g.why_not(ClaimRoute(r.id, (("blue", 3),), (("red", 1),)))
    assert "must be part of the payment" in why
    state = g.state_json()
    with pytest.raises(IllegalAction):
        g.apply(ClaimRoute(r.id, (("blue", 3),)))
    assert g.state_json() == state


def test_TA_10_claim_text_says_what_came_from_the_holder():
    g = team_game(4, seed=12)
    r = plain_route(g, 2, "blue")
    set_hand(g, 0, blue=1)
    set_holder(g, 0, locomotive=1)
    a = ClaimRoute(r.id, (("blue", 1), ("locomotive", 1)), (("locomotive", 1),))
    assert "(1 Locomotive from the team holder)" in a.text(g)
    assert action_from_json(json.dumps(a.to_json())) == a


# -- TA-11 to TA-14: tickets -------------------------------------------------------------------
def test_TA_11_deal_5_keep_3_then_one_each_into_the_holder_hidden_until_all_chose():
    g = ttr_nb.new_game("team-asia", 4, seed=13)
    assert all(len(g.offered_tickets(s)) == 5 for s in range(4))
    first = g.offered_tickets(0)
    assert "at least 3 of the 5" in g.why_not(KeepTickets(first[:2]))
    for s in range(4):
        g.apply(KeepTickets(g.offered_tickets(s)[:3]))
    assert g.pending == "share-setup" and g.current_player == 0
    assert [len(a.tickets) for a in g.legal_actions()] == [1, 1, 1]
    assert "exactly 1 ticket" in g.why_not(ShareTickets(tuple(g.tickets(0)[:2])))
    ana = g.tickets(0)[1]
    ev = g.apply(ShareTickets((ana,)))
    assert ev[0].public == ("Ana chooses a ticket for the team's ticket holder; it stays hidden until "
                            "every player has chosen (TA-11).")
    assert g.ext["teams"]["tickets"] == [[], []]  # nothing in the holder yet
    v = json.dumps(g.view(1))  # the partner chooses without seeing Ana's choice
    assert f'"{ana}"' not in v and g.view(0)["setup_share"] == ana
    bea = g.tickets(1)[0]
    g.apply(ShareTickets((bea,)))
    g.apply(ShareTickets((g.tickets(2)[0],)))
    ev = g.apply(ShareTickets((g.tickets(3)[2],)))
    assert g.pending == "turn" and g.current_player == 0
    ids = [g.tix[t].id for t in g.ext["teams"]["tickets"][0]]
    assert ids == [ana, bea]  # the team starts with 2 shared tickets
    assert len(g.tickets(0)) == 2 and ana not in g.tickets(0)
    assert g.view(1)["teams"][0]["holder_ticket_ids"] == [ana, bea]
    assert "holder_ticket_ids" not in g.view(2)["teams"][0]
    assert [e.kind for e in ev].count("holder_setup") == 2
    assert g.counts()["tickets"] == 40


def test_TA_12_TA_13_mid_game_draw_4_keep_1_and_one_new_ticket_goes_to_the_holder():
    g = team_game(4, seed=14)
    old = set(g.tickets(0))
    g.apply(DrawTickets())
    offered = g.offered_tickets(0)
    assert len(offered) == 4
    assert len(min((a for a in g.legal_actions()), key=lambda a: len(a.tickets)).tickets) == 1
    g.apply(KeepTickets(offered[:2]))
    assert g.pending == "share-kept"
    assert sorted(a.tickets[0] for a in g.legal_actions()) == sorted(offered[:2])
    assert "just kept" in g.why_not(ShareTickets((sorted(old)[0],)))
    g.apply(ShareTickets((offered[1],)))
    assert g.tix[g.ext["teams"]["tickets"][0][-1]].id == offered[1]
    assert set(g.tickets(0)) == old | {offered[0]}
    assert g.current_player == 1
    assert {g.tix[t].id for t in g.tdeck[:2]} == set(offered[2:])  # the rest to the bottom


def test_TA_12_keeping_one_ticket_puts_it_in_the_holder():
    g = team_game(4, seed=15)
    g.apply(DrawTickets())
    t = g.offered_tickets(0)[2]
    ev = g.apply(KeepTickets((t,)))
    assert g.tix[g.ext["teams"]["tickets"][0][-1]].id == t and t not in g.tickets(0)
    assert any(e.kind == "share" and "the only ticket kept" in e.text for e in ev)
    assert g.current_player == 1


def test_TA_14_a_whole_turn_puts_one_or_two_hand_tickets_into_the_holder():
    g = team_game(4, seed=16)
    hand = g.tickets(0)
    shares = [a for a in g.legal_actions() if isinstance(a, ShareTickets)]
    assert {len(a.tickets) for a in shares} == {1, 2}
    assert len(shares) == len(hand) + len(hand) * (len(hand) - 1) // 2
    ev = g.apply(ShareTickets(tuple(hand[:2])))
    assert [g.tix[t].id for t in g.ext["teams"]["tickets"][0][-2:]] == sorted(hand[:2])
    assert "a whole turn, TA-14" in ev[0].text and g.current_player == 1
    g.apply(DrawCard("deck"))  # Bea's turn
    g.apply(PlaceCard("hand"))
    g.apply(DrawCard("deck"))
    assert "not in Cal's hand" in g.why_not(ShareTickets((hand[0],)))


def test_TA_14_more_than_the_policy_allows_is_refused():
    g = team_game(6, seed=17)
    while len(g.tickets(0)) < 3:
        g.apply(DrawTickets())
        g.apply(KeepTickets(g.offered_tickets(g.current_player)))
        while g.pending != "turn" or g.current_player != 0:
            g.apply(g.legal_actions()[0])
    why = g.why_not(ShareTickets(tuple(g.tickets(0)[:3])))
    assert "1 up to 2 tickets" in why and "TA-14" in why
    g1 = team_game(4, seed=17, share_tickets_max=1)
    assert {len(a.tickets) for a in g1.legal_actions() if isinstance(a, ShareTickets)} == {1}
    assert "1 up to 1" in g1.why_not(ShareTickets(tuple(g1.tickets(0)[:2])))


# -- TA-5, TA-6: who sees what ----------------------------------------------------------------
def test_TA_5_TA_6_a_seat_sees_its_hand_and_its_teams_holders_never_the_partners_hand():
    g = team_game(4, seed=18)
    set_holder(g, 0, red=2)
    set_holder(g, 1, blue=3)
    v = g.view(0)
    assert v["hand"] == g.hand(0) and "hands" not in v
    assert v["teams"][0]["holder"] == {"red": 2} and "holder" not in v["teams"][1]
    assert v["teams"][1]["holder_cards"] == 3  # the count is public
    text = json.dumps(v)
    for t in g.tickets(1) + g.tickets(2) + g.tickets(3):
        assert f'"{t}"' not in text  # the partner's hand tickets stay secret (TA-11)
    assert all(f'"{g.tix[t].id}"' in text for t in g.ext["teams"]["tickets"][0])
    # the partner's hand can change without changing what Ana sees
    c = g.copy()
    c.hands[1] = [0, 0, 0, 0, 0, 0, 0, 0, sum(g.hands[1])]
    assert c.view(0) == v
    w = team_game(4, seed=18, holders_visible_to="all")
    set_holder(w, 1, blue=3)
    assert w.view(0)["teams"][1]["holder"] == {"blue": 3}
    assert len(g.view(None)["teams"][1]["holder_ticket_ids"]) == 2


# -- TA-15, TA-16, TA-22 to TA-24: the team's tickets, bonuses, winner -----------------------
def move_ticket_to_holder(g: Game, team: int, a: str, b: str) -> str:
    """Put the ticket a–b into ``team``'s ticket holder, wherever it was (test setup)."""
    t = next(i for i, x in enumerate(g.tix) if {x.a, x.b} == {a, b})
    for pile in (g.tdeck, g.box, *g.kept, *g.offered, *g.ext["teams"]["tickets"]):
        if t in pile:
            pile.remove(t)
    g.ext["teams"]["tickets"][team].append(t)
    touch(g)
    return g.tix[t].id


def test_TA_15_TA_16_a_ticket_is_done_through_both_partners_routes_and_every_team_ticket_scores():
    g = team_game(4, seed=19)
    tid = move_ticket_to_holder(g, 0, "Hohhot", "Wuhan")
    give_route(g, 0, 51)  # Ana: Hohhot–Beijing
    give_route(g, 0, 54)  # Ana: Beijing–Shanghai
    give_route(g, 1, 62)  # Bea: Shanghai–Wuhan
    sheet = g.score()
    team = sheet.scorers[0]
    held = [g.tix[t].id for t in g.ext["teams"]["tickets"][0]]
    assert list(team.tickets) == g.tickets(0) + g.tickets(1) + held  # TA-16: hands + holder
    assert team.ticket_owner[tid] == "team holder"
    assert team.ticket_owner[g.tickets(1)[0]] == "Bea's hand"
    line = next(ln for ln in sheet.lines[0] if ln.kind == "ticket" and ln.ticket == tid)
    assert line.points == 9  # done only with Ana's two routes and Bea's one (TA-15)
    alone = ttr_nb.scoring.Scoresheet.compute(
        g.board, [ttr_nb.scoring.Scorer("Ana", team.claims[:2], (tid,))], {})
    assert alone.totals[0] == g.board.route_points(2) + g.board.route_points(5) - 9


def test_TA_22_longest_path_on_the_combined_routes_and_most_completed_tickets():
    g = team_game(4, seed=20)
    for s in range(4):
        g.kept[s] = []
    g.ext["teams"]["tickets"] = [[], []]
    tid = move_ticket_to_holder(g, 0, "Hohhot", "Wuhan")
    give_route(g, 0, 51)
    give_route(g, 0, 54)
    give_route(g, 1, 62)
    give_route(g, 2, 50)  # Cal: Beijing–Ulaanbaatar (6) alone
    sheet = g.score()
    assert sheet.trail(0).length == 2 + 5 + 3  # one trail through both partners' routes
    assert sheet.trail(1).length == 6
    assert sheet.awarded == {"longest_path": (0,), "most_tickets": (0,)}
    assert sheet.line_total(0, "bonus") == 20 and tid in sheet.scorers[0].tickets
    g2 = team_game(4, seed=20, team_bonuses="most_tickets")
    assert g2.variant.bonuses == {"most_tickets": 10}
    assert team_game(4, seed=20, team_bonuses="none").score().awarded == {}


def test_TA_23_route_table_as_in_the_base_game():
    b = ttr_nb.load_map("team_asia")
    assert [b.route_points(n) for n in range(1, 7)] == [1, 2, 4, 7, 10, 15]


def test_TA_24_the_team_with_most_points_wins():
    g = team_game(4, seed=21, team_bonuses="none")
    for s in range(4):
        g.kept[s] = []
    g.ext["teams"]["tickets"] = [[], []]
    give_route(g, 3, plain_route(g, 4).id)  # Cal & Dee: 7
    give_route(g, 0, plain_route(g, 3).id)  # Ana & Bea: 4
    sheet = g.score()
    assert sheet.totals == (4, 7) and sheet.winners == (1,) and sheet.names[1] == "Cal & Dee"


# -- TA-20: double and triple routes ------------------------------------------------------------
def _claim_free(g: Game, seat: int, r) -> None:
    """Let ``seat`` claim ``r`` through the rules (Locomotives in hand, on its turn)."""
    g.seat = seat
    set_hand(g, seat, locomotive=r.length)
    g.apply(ClaimRoute.paying(r.id, locomotive=r.length))


def test_TA_20_two_teams_use_one_track_of_a_double_by_default():
    g = team_game(4, seed=22)
    tracks = sorted(g.board.routes_between("Tashkent", "Almaty"), key=lambda r: r.id)
    _claim_free(g, 0, tracks[0])
    set_hand(g, 2, locomotive=5)
    g.seat = 2
    touch(g)
    why = g.why_not(ClaimRoute.paying(tracks[1].id, locomotive=tracks[1].length))
    assert why and "only one track" in why and "TA-20" in why


def test_TA_20_a_team_never_holds_two_tracks_even_when_both_are_open():
    g = team_game(4, seed=23, two_team_doubles="both")
    tracks = sorted(g.board.routes_between("Tashkent", "Almaty"), key=lambda r: r.id)
    _claim_free(g, 0, tracks[0])
    g.seat = 1  # the partner
    set_hand(g, 1, locomotive=5)
    why = g.why_not(ClaimRoute.paying(tracks[1].id, locomotive=tracks[1].length))
    assert "team already owns the other track" in why and "TA-20" in why
    _claim_free(g, 2, tracks[1])  # the other team may
    assert g.owner[g.T.idx[tracks[1].id]] == 2


def test_TA_20_six_players_each_team_one_track_of_a_triple():
    g = team_game(6, seed=24)
    tracks = sorted((r for r in g.board.routes if {r.a, r.b} == {"Tokyo", "Osaka"}), key=lambda r: r.id)
    assert len(tracks) == 3
    _claim_free(g, 0, tracks[0])
    g.seat = 1
    set_hand(g, 1, locomotive=5)
    assert not any(isinstance(a, ClaimRoute) and a.route in (tracks[1].id, tracks[2].id)
                   for a in g.legal_actions())
    _claim_free(g, 3, tracks[1])
    _claim_free(g, 4, tracks[2])
    assert [g.owner[g.T.idx[t.id]] for t in tracks] == [0, 3, 4]


# -- TA-21, E8: the end ---------------------------------------------------------------------------
def test_TA_21_E8_a_teams_combined_trains_at_4_trigger_the_final_round():
    g = team_game(4, seed=25)
    r1 = route(g, "Seoul", "Busan", "yellow")
    g.trains[0], g.trains[1] = 3, 2  # team total 5: no trigger
    touch(g)
    g.apply(DrawCard("deck"))
    g.apply(PlaceCard("hand"))
    g.apply(DrawCard("deck"))
    assert not g.final_round  # Ana's 3 + Bea's 2 = 5 > 4
    set_hand(g, 1, locomotive=1)
    ev = g.apply(ClaimRoute.paying(r1.id, locomotive=1))
    assert g.final_round and g.trigger == 1
    assert any(e.kind == "team_end" and "4 trains left together (Ana 3 + Bea 1)" in e.text for e in ev)
    played = []
    while not g.over:
        played.append(g.current_player)
        g.apply(DrawCard("deck"))
        if g.pending == "place-card":
            g.apply(PlaceCard("hand"))
        if g.pending == "second-card":
            g.apply(DrawCard("deck"))
    assert played == [2, 3, 0, 1]  # everyone, the trigger's player included, plays once more


def test_TA_21_a_single_player_with_2_trains_does_not_trigger_if_the_team_has_more():
    g = team_game(4, seed=26)
    g.trains[0] = 2
    touch(g)
    g.apply(DrawCard("deck"))
    g.apply(PlaceCard("holder"))
    g.apply(DrawCard("deck"))
    assert not g.final_round  # 2 + 27 = 29 (the base rule B-7.1 is replaced)


def test_E8_team_score_arithmetic():
    """E8: A's 4-route (7) + B's 6-route (15) = 22; tickets +10, +12, -6 -> 38 before bonuses."""
    from ttr_nb.board import Ticket
    from ttr_nb.scoring import Claim, Scorer, Scoresheet

    b = ttr_nb.load_map("team_asia")
    r4 = next(r for r in b.routes if r.length == 4)
    r6 = next(r for r in b.routes if r.length == 6 and not r.tunnel)
    ends = [r4.a, r4.b, r6.a, r6.b]
    far = next(c for c in b.cities if c not in ends)
    inside = [Ticket("A1", r4.a, r4.b, 10), Ticket("H1", r6.a, r6.b, 12), Ticket("B1", r4.a, far, 6)]
    team = Scorer("A & B", (Claim(r4.id), Claim(r6.id)), tuple(inside), seats=(0, 1))
    sheet = Scoresheet.compute(b, [team], {})
    assert sheet.totals == (7 + 15 + 10 + 12 - 6,)


# -- conservation, save/load, texts ----------------------------------------------------------------
def test_counts_conserve_cards_in_holders_and_the_card_being_placed():
    g = team_game(4, seed=27)
    g.apply(DrawCard("deck"))
    assert g.counts()["train_cards"] == 110  # one card waiting to be placed
    g.apply(PlaceCard("holder"))
    g.apply(DrawCard("deck"))
    c = g.counts()
    assert c["train_cards"] == 110 and c["tickets"] == 40 and c["trains"] == 108


def test_save_load_and_undo_replay_team_decisions_exactly():
    g = team_game(6, seed=28)
    rng = random.Random(5)
    for _ in range(120):
        if g.over:
            break
        la = g.legal_actions()
        g.apply(la[int(rng.random() * len(la))])
    text = g.to_json()
    assert any(a["type"] in ("place", "share") for a in json.loads(text)["actions"])
    assert Game.from_json(text).state_json() == g.state_json()
    s = g.state_json()
    a = g.undo()
    g.apply(a)
    assert g.state_json() == s


# -- the engine's property suite, team-aware ----------------------------------------------------
import test_properties as props  # noqa: E402


def check_team_score(g: Game) -> None:
    """The team score from scratch, without game.scorers(): each team's routes from the owners
    of the seats (2k, 2k+1), its tickets from both hands and the holder; route, ticket and
    bonus lines and the totals must match the Scoresheet."""
    sheet = g.score()
    b = g.board
    teams = g.n // 2
    st = g.ext["teams"]
    assert len(sheet.totals) == teams
    owners = g.route_owners
    bonus_measure = {"longest_path": [], "most_tickets": []}
    for k in range(teams):
        seats = (2 * k, 2 * k + 1)
        routes = [rid for rid, o in owners.items() if o in seats]
        pts = sum(b.route_points(b.route(r).length) for r in routes)
        assert pts == g.points[seats[0]] + g.points[seats[1]] == sheet.line_total(k, "route")
        tix = g.tickets(seats[0]) + g.tickets(seats[1]) + [g.tix[t].id for t in st["tickets"][k]]
        done = [ticket_done(b, routes, b.ticket(t)) for t in tix]
        assert sheet.line_total(k, "ticket") == sum(b.ticket(t).points * (1 if d else -1) for t, d in zip(tix, done))
        bonus_measure["longest_path"].append(longest_trail(b, routes).length)
        bonus_measure["most_tickets"].append(sum(done))
        assert sheet.totals[k] == pts + sheet.line_total(k, "ticket") + sheet.line_total(k, "bonus")
    for key in g.variant.bonuses:
        m = bonus_measure[key]
        best = max(m)
        assert sheet.awarded[key] == tuple(k for k in range(teams) if best > 0 and m[k] == best)


@pytest.mark.parametrize("n", [4, 6])
def test_property_suite_on_team_asia(n, monkeypatch):
    """Every invariant of test_properties (cards, tickets and trains conserved, doubles, legal
    actions, undo, save/load, view leaks nothing) after every other step, and the score checked
    both ways: test_properties' recount and this file's own (teams rebuilt from the seats)."""
    both = props.check_score
    monkeypatch.setattr(props, "check_score", lambda g: (both(g), check_team_score(g)))
    g = props.run_checked("team-asia", n, seed=300 + n, agent="random", every=2)
    assert g.over


@pytest.mark.parametrize("n", [4, 6])
def test_property_suite_on_team_asia_greedy(n, monkeypatch):
    both = props.check_score
    monkeypatch.setattr(props, "check_score", lambda g: (both(g), check_team_score(g)))
    g = props.run_checked("team-asia", n, seed=400 + n, agent="greedy", every=4)
    assert g.over


def test_smoke_random_team_games_finish():
    from ttr_nb.agents import play_game

    for n in (4, 6):
        for seed in range(8):
            g = play_game("team-asia", n, seed=seed, agents=("random",))
            c = g.counts()
            assert g.over and c["train_cards"] == 110 and c["trains"] == 27 * n and c["tickets"] == 40
            assert len(g.score().totals) == n // 2


def test_smoke_a_greedy_team_beats_a_random_team():
    from ttr_nb.agents import play_game

    wins = Counter()
    for seed in range(4):
        g = play_game("team-asia", 4, seed=seed, agents=("greedy", "greedy", "random", "random"))
        wins["greedy" if 0 in g.score().winners else "random"] += 1
    assert wins["greedy"] >= 3


@pytest.mark.parametrize("visible", ["team", "all"])
def test_TA_5_TA_6_one_rule_says_whose_holders_a_seat_sees(visible):
    """The view, the events and the players read one rule (``Teams.hidden_holders``): with
    ``holders_visible_to='team'`` a seat sees its own team's holders only (TA-5), with 'all'
    every team's (TA-6)."""
    from ttr_nb.agents.mechanics import _hidden_holders
    from ttr_nb.rules.teams import Teams

    g = ttr_nb.new_game("team-asia", 6, seed=2, holders_visible_to=visible)
    teams = next(m for m in g.mechanics if isinstance(m, Teams))
    for seat in range(g.n):
        hidden = teams.hidden_holders(seat)
        assert hidden == ([] if visible == "all" else [t for t in range(3) if t != seat // 2])
        assert _hidden_holders(g, seat) == hidden
        shown_teams = [t["team"] for t in g.view(seat)["teams"] if "holder" in t]
        assert shown_teams == [t for t in range(3) if t not in hidden]
    assert all("holder" in t for t in g.view(None)["teams"])  # (the teacher sees every holder)
