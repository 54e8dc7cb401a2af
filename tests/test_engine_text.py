"""What teachers read: action texts, event texts, refusals (why_not) and pending decisions, and
the greedy agent's ticket choices (the tickets it keeps decide how a narrated game ends).

Every test plays through the public API and reads the words back."""
from __future__ import annotations

import random
import re
import statistics

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ttr_nb.agents import GreedyAgent, play_game
from ttr_nb.board import MAP_NAMES
from ttr_nb.events import held_list, held_text, route_label
from ttr_nb.cards import CARD_INDEX, LOCO
from ttr_nb.rules.teams import PlaceCard, ShareTickets

from test_engine_helpers import give_route, past_setup, route_id, set_deck, set_display, set_hand
from test_rules_team_asia import team_game

PV = 36   # Team Asia: Pyongyang–Vladivostok (3, gray, tunnel 5)


def random_states(variant: str, players: int, seeds=range(3), every: int = 1):
    """(game, legal actions) at every ``every``-th step of seeded random games."""
    for seed in seeds:
        g = ttr_nb.new_game(variant, players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not g.over:
            legal = g.legal_actions()
            if k % every == 0:
                yield g, legal
            g.apply(legal[int(rng.random() * len(legal))])
            k += 1


# -- why_not: what the hand lacks, in words (B-5.1) ----------------------------------------
def issue_game():
    g = ttr_nb.new_game("usa", players=2, seed=1)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    return g, route_id(g, "Helena", "Salt Lake City")


def test_B_5_1_a_missing_colour_is_named_as_no_cards_with_the_rule():
    g, rid = issue_game()
    assert g.hand(0) == {"orange": 1, "green": 1, "locomotive": 2}
    assert g.why_not(ClaimRoute.paying(rid, pink=3)) == (
        "Ana holds no pink cards; the payment needs 3 pink (a claim is paid with cards from the hand, B-5.1).")


def test_B_5_1_too_few_locomotives_is_plural_and_capitalised():
    g, rid = issue_game()
    assert g.why_not(ClaimRoute.paying(rid, locomotive=3)) == (
        "Ana holds only 2 Locomotives; the payment needs 3 Locomotives (a claim is paid with cards from "
        "the hand, B-5.1).")


def test_held_text_counts_and_plurals():
    assert [held_text(CARD_INDEX["red"], n) for n in (0, 1, 2)] == [
        "no red cards", "only 1 red card", "only 2 red cards"]
    assert [held_text(LOCO, n) for n in (0, 1, 2)] == ["no Locomotives", "only 1 Locomotive", "only 2 Locomotives"]
    assert held_list([1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 1]) == "only 1 red card and no orange cards"


def test_TA_10_the_team_holder_lacking_a_colour_says_no_cards():
    g = team_game(4, seed=12)
    r = g.board.find_route("Irkutsk", "Ulaanbaatar", "blue")
    set_hand(g, 0, blue=2)
    why = g.why_not(ClaimRoute(r.id, (("blue", 2),), (("blue", 1),)))
    assert why.startswith("The team holder of Ana & Bea has no blue cards;") and "TA-10" in why


# -- every legal action reads differently (double tracks) ----------------------------------
def test_B_5_7_the_two_tracks_of_a_gray_double_are_named():
    g, _ = issue_game()
    texts = [a.text(g) for a in g.legal_actions()]
    assert "Ana claims Atlanta–Raleigh (2, gray, upper track) with 1 orange + 1 Locomotive: +2" in texts
    assert "Ana claims Atlanta–Raleigh (2, gray, lower track) with 1 orange + 1 Locomotive: +2" in texts
    a = next(a for a in g.legal_actions() if "Atlanta–Raleigh (2, gray, lower track)" in a.text(g))
    ev = g.apply(a)
    assert ev[0].text.startswith("Ana claims Atlanta–Raleigh (2, gray, lower track) with ")


def test_a_double_of_two_colours_needs_no_track_name():
    b = ttr_nb.load_map("usa")
    r = b.find_route("Denver", "Omaha")
    assert route_label(b, r.id) == r.label() == "Denver–Omaha (4, pink)"


@pytest.mark.parametrize("variant,players", [("usa", 2), ("usa", 4), ("usa-mega", 5), ("legendary-asia", 4),
                                             ("heart-of-africa", 4), ("team-asia", 4), ("team-asia", 6)])
def test_legal_action_texts_are_unique(variant, players):
    """A teacher picks a move by its text: no two legal actions may read the same."""
    states = 0
    for g, legal in random_states(variant, players, seeds=range(2), every=3):
        texts = [a.text(g) for a in legal]
        assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1][:3]
        states += 1
    assert states > 50


@pytest.mark.parametrize("name", MAP_NAMES)
def test_track_names_match_the_drawn_board(name):
    """'upper'/'lower' (or 'left'/'right') as ttr_nb.draw lays the car spaces out (north up)."""
    from ttr_nb.draw import _layout

    board = ttr_nb.load_map(name)
    spaces = _layout(board).spaces
    rows = {"upper": (1, 0), "middle": (None, 1), "lower": (1, 2), "left": (0, 0), "right": (0, 2)}
    groups = 0
    for r in board.routes:
        tracks = sorted([r.id, *board.twins[r.id]])
        if r.id != tracks[0]:
            continue
        words = {t: re.search(r", (\w+) track\)$", route_label(board, t)) for t in tracks}
        named = {t: m.group(1) for t, m in words.items() if m}
        if not named:
            continue
        groups += 1
        axis = next(rows[w][0] for w in named.values() if rows[w][0] is not None)
        centre = {t: sum((s.x, s.y)[axis] for s in spaces[t]) / len(spaces[t]) for t in named}
        assert sorted(named, key=centre.get) == sorted(named, key=lambda t: rows[named[t]][1])
    assert groups >= 1


# -- "Locomotive" is the card's name --------------------------------------------------------
def test_B_4_5_a_blind_and_a_refilled_locomotive_are_capitalised():
    g = past_setup("usa", 2, seed=3)
    set_display(g, ["red", "blue", "green", "white", "black"])
    set_deck(g, ["locomotive", "locomotive", "red"])
    ev = g.apply(DrawCard("deck"))
    assert ev[0].text == "Ana draws a Locomotive from the deck (a blind Locomotive is an ordinary card, B-4.5)."
    ev = g.apply(DrawCard("red"))
    assert [e.text for e in ev[:2]] == ["Ana takes the face-up red card.", "A Locomotive is turned face up."]


@pytest.mark.parametrize("variant,players", [("usa", 3), ("team-asia", 4), ("heart-of-africa", 3)])
def test_no_text_writes_locomotive_in_lower_case(variant, players):
    lower = re.compile(r"(?<!')\blocomotive")
    seen = 0
    for g, legal in random_states(variant, players, seeds=range(2), every=5):
        for a in legal:
            assert not lower.search(a.text(g)), a.text(g)
        seen += 1
    for e in g.log:
        assert not lower.search(e.text) and not lower.search(e.public), e.text
    assert seen and any("Locomotive" in e.text for e in g.log)


# -- texts of claims that are not (yet) claims -----------------------------------------------
def test_an_illegal_claim_promises_no_points():
    g, rid = issue_game()
    a = ClaimRoute.paying(rid, pink=3)
    assert a.text(g) == "Ana claims Helena–Salt Lake City (3, pink) with 3 pink"
    set_hand(g, 0, pink=3)
    assert a.text(g) == "Ana claims Helena–Salt Lake City (3, pink) with 3 pink: +4"


def test_EU_3_a_tunnel_claim_is_tried_not_claimed():
    g = team_game(4, seed=4)
    set_hand(g, 0, green=3)
    a = ClaimRoute.paying(PV, green=3)
    assert a.text(g) == "Ana tries the tunnel Pyongyang–Vladivostok (3, gray, tunnel 5) with 3 green: +4 if it goes through"
    set_hand(g, 0, green=2)
    assert a.text(g) == "Ana tries the tunnel Pyongyang–Vladivostok (3, gray, tunnel 5) with 3 green"


# -- KeepTickets lists its tickets as the event does -------------------------------------------
def test_B_2_4_keep_text_and_event_list_the_tickets_in_the_dealt_order():
    g = ttr_nb.new_game("usa", 2, seed=0)
    offered = g.offered_tickets(0)
    assert offered != sorted(offered)  # the dealt order is not the id order here
    labels = [g.board.ticket(t).label() for t in offered]
    a = KeepTickets(offered)
    assert a.text(g) == "Ana keeps " + ", ".join(labels)
    ev = g.apply(a)
    assert ev[0].text == "Ana keeps " + ", ".join(labels) + "."
    two = KeepTickets(offered[1:])
    assert g.undo() == a and two.text(g) == "Ana keeps " + ", ".join(labels[1:])
    assert g.apply(two)[0].text.startswith("Ana keeps " + ", ".join(labels[1:]) + " and puts 1 ")


# -- pending decisions, in words --------------------------------------------------------------
def test_B_2_4_B_6_1_ticket_choices_name_the_minimum():
    g = ttr_nb.new_game("usa", 2, seed=1)
    assert g.why_not(DrawCard("deck")) == (
        "Ana must first choose which Destination Tickets to keep (at least 2 of the 3 dealt, B-2.4).")
    g = past_setup("usa", 2, seed=1)
    assert g.pending_reason() is None
    g.apply(DrawTickets())
    assert g.pending_reason() == g.why_not(DrawCard("deck")) == (
        "Ana must first choose which of the 3 drawn Destination Tickets to keep (at least 1, B-6.1).")


def test_B_4_1_the_second_card_names_what_may_be_taken():
    g = past_setup("usa", 2, seed=1)
    set_display(g, ["red", "blue", "green", "white", "black"])
    g.apply(DrawCard("red"))
    assert g.why_not(DrawTickets()) == (
        "Ana has taken one card and must now take the second one: the top card of the deck or a face-up "
        "card other than a Locomotive (B-4.1, B-4.4); a turn is one action only (B-3.1).")


def test_H_4_1_the_second_card_may_be_a_terrain_card():
    g = past_setup("heart-of-africa", 2, seed=1)
    set_display(g, ["red", "blue", "green", "white", "black"])
    g.apply(DrawCard("red"))
    assert "or a Terrain card (B-4.1, B-4.4, H-4.1)" in g.why_not(DrawTickets())


def test_EU_3_4_the_tunnel_decision_is_a_sentence():
    g = team_game(4, seed=4)
    set_hand(g, 0, green=5, red=3, locomotive=1)
    set_deck(g, ["green", "red", "blue", "white", "black"])
    g.apply(ClaimRoute.paying(PV, green=3))
    assert g.pending == "tunnel"
    assert g.pending_reason() == g.why_not(DrawTickets()) == (
        "Ana must first decide whether to pay 1 more green card (or a Locomotive) for the tunnel "
        "Pyongyang–Vladivostok or take the laid cards back (EU-3.3, EU-3.4).")


def test_TA_8_placing_the_first_card_is_a_sentence():
    g = team_game(4, seed=4)
    set_display(g, ["red", "blue", "green", "white", "black"])
    g.apply(DrawCard("red"))
    assert g.pending == "place-card"
    assert g.why_not(DrawCard("deck")) == (
        "Ana must first choose where the first card (red) goes: Ana's hand or the team holder; the second "
        "card of the draw goes to the other place (TA-8).")
    g.apply(PlaceCard("hand"))
    assert g.pending == "second-card"


def test_TA_11_TA_12_sharing_a_ticket_is_a_sentence():
    g = ttr_nb.new_game("team-asia", 4, seed=2)
    while g.pending == "setup-tickets":
        g.apply(g.legal_actions()[0])
    assert g.pending == "share-setup"
    kept = [g.board.ticket(t).label() for t in g.tickets(0)]
    assert g.why_not(DrawCard("deck")) == (
        f"Ana must first choose which kept ticket goes into the team's ticket holder (exactly 1 of "
        f"{', '.join(kept)}; TA-11).")
    while g.pending == "share-setup":
        g.apply(g.legal_actions()[0])
    g.apply(DrawTickets())
    g.apply(next(a for a in g.legal_actions() if isinstance(a, KeepTickets) and len(a.tickets) == 2))
    assert g.pending == "share-kept"
    new = ", ".join(g.board.ticket(t).label() for t in g.view(0)["share_from"])
    assert g.pending_reason() == (
        f"Ana must first choose which of the tickets just kept goes into the team's ticket holder (1 of "
        f"{new}; TA-12).")


def test_pending_reason_once_the_game_is_over():
    g = play_game("usa", 2, seed=5, agents=("random",))
    assert g.pending_reason() == "The game is over."


# -- the greedy agent keeps the tickets it can finish ------------------------------------------
def test_greedy_plan_reuses_the_routes_it_owns():
    g = past_setup("usa", 2, seed=6)
    agent = GreedyAgent(1)
    t = g.board.ticket(g.tickets(0)[0])
    cost, path = agent._costs(g, 0, t.a, t.b)
    assert cost > 0 and path
    assert agent.plan(g, 0, [t.id])[0] == cost
    for r in path:
        give_route(g, 0, r)
    assert agent.plan(g, 0, [t.id]) == (0, [])


def test_greedy_plan_shares_routes_between_tickets():
    g = past_setup("usa", 2, seed=6)
    agent = GreedyAgent(1)
    ids = [t.id for t in g.board.tickets_in("original")]
    alone = {t: agent.plan(g, 0, [t])[0] for t in ids}
    shared = [(a, b) for a in ids for b in ids if a < b
              and agent.plan(g, 0, [a, b])[0] < alone[a] + alone[b]]
    assert shared  # e.g. two tickets to the same coast
    for a, b in shared[:5]:
        assert agent.plan(g, 0, [a, b])[0] >= max(alone[a], alone[b])


@pytest.mark.parametrize("seed", range(4))
def test_greedy_keeps_what_fits_at_team_asia_setup(seed):
    """27 trains each (TA-2): beyond the 3 it must keep (TA-11), a ticket is kept only while the
    plan fits the agent's budget."""
    g = ttr_nb.new_game("team-asia", 4, seed=seed)
    agent = GreedyAgent(seed)
    a = agent.choose(g)
    assert isinstance(a, KeepTickets) and 3 <= len(a.tickets) <= 5
    if len(a.tickets) > 3:
        assert agent.plan(g, 0, list(a.tickets))[0] <= agent.budget(g, 0)


def test_greedy_teams_score_their_tickets():
    """All-greedy Team Asia games: the teams finish what they keep (the old agent kept all 5
    tickets and lost about 19 ticket points a team on average)."""
    scores = []
    for seed in range(4):
        sheet = play_game("team-asia", 4, seed=seed, agents=("greedy",)).score()
        scores += [sheet.line_total(i, "ticket") for i in range(len(sheet.totals))]
    assert statistics.mean(scores) > 10 and sum(s < 0 for s in scores) <= 1


def test_EU_3_a_reveal_asking_one_card_says_a_locomotive():
    g = team_game(4, seed=4)
    set_hand(g, 0, green=5, red=3, locomotive=1)
    set_deck(g, ["green", "red", "blue", "white", "black"])
    ev = g.apply(ClaimRoute.paying(PV, green=3))
    assert ev[0].text.endswith(": 1 extra green card (or a Locomotive) to pay.")
