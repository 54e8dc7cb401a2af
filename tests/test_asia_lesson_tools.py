"""The package functions lessons 08 (Team Asia) and 09 (Legendary Asia) call: tunnel odds
(EU-3, TA-18), the team holders' view (TA-5, TA-6), the short scoresheet, what a mountain
route is worth (LA-9, LA-10) and the wording of the Mountain Crossing event."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import ttr_nb
from ttr_nb import narrate
from ttr_nb.actions import ClaimRoute
from ttr_nb.rules.mountains import mountain_kinds, route_value
from ttr_nb.rules.teams import ShareTickets
from ttr_nb.rules.tunnels import extra_card_odds, full_deck, reveal_count, tunnel_odds, unseen_cards

NAMES = ["Ana", "Bea", "Cal", "Dee"]


def brute_force(unseen: dict[str, int], colour: str, n: int) -> list[Fraction]:
    """P(k matches) by listing every set of n cards (cards told apart by position)."""
    cards = [name for name, k in unseen.items() for _ in range(k)]
    hits = Counter(sum(1 for i in pick if cards[i] == "locomotive" or (cards[i] == colour != "locomotive"))
                   for pick in combinations(range(len(cards)), n))
    total = sum(hits.values())
    return [Fraction(hits.get(k, 0), total) for k in range(n + 1)]


@pytest.mark.parametrize("unseen,colour,n", [
    ({"red": 3, "blue": 4, "locomotive": 2}, "red", 3),
    ({"red": 3, "blue": 4, "locomotive": 2}, "red", 4),
    ({"red": 3, "blue": 4, "locomotive": 2}, "locomotive", 3),
    ({"green": 5, "yellow": 2, "pink": 3, "locomotive": 3}, "green", 5),
    ({"green": 5, "yellow": 2, "pink": 3, "locomotive": 0}, "yellow", 6),
])
def test_EU_3_extra_card_odds_match_a_brute_force_enumeration(unseen, colour, n):
    assert extra_card_odds(unseen, colour, n) == brute_force(unseen, colour, n)


def test_EU_3_5_locomotives_only_match_only_locomotives():
    unseen = {"red": 3, "blue": 4, "locomotive": 2}
    odds = extra_card_odds(unseen, "locomotive", 3)
    assert len(odds) == 4 and odds[3] == 0  # only 2 Locomotives can be revealed
    assert odds[0] == Fraction(7 * 6 * 5, 9 * 8 * 7)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_EU_3_full_deck_odds_sum_to_one_with_the_hypergeometric_mean(n):
    odds = extra_card_odds(full_deck(), "green", n)
    assert sum(odds) == 1
    assert sum(k * p for k, p in enumerate(odds)) == Fraction(26 * n, 110)
    assert sum(full_deck().values()) == 110


def test_EU_3_four_cards_cost_something_a_little_under_two_times_in_three():
    p = 1 - extra_card_odds(full_deck(), "red", 4)[0]
    assert f"{float(p):.3f}" == "0.666" and p < Fraction(2, 3)


def test_too_few_unseen_cards_reveals_them_all():
    # both cards are turned up: the red one always matches, the blue one never
    assert extra_card_odds({"red": 1, "blue": 1}, "red", 4) == [0, 1, 0]
    assert extra_card_odds({"red": 0}, "red", 3) == [Fraction(1)]


def test_bad_input_is_refused_in_words():
    with pytest.raises(ValueError, match="not a train card"):
        extra_card_odds(full_deck(), "purple", 3)
    with pytest.raises(ValueError, match="cannot reveal"):
        extra_card_odds(full_deck(), "red", -1)


def _at_first_tunnel(**settings):
    game = ttr_nb.new_game("team-asia", NAMES, seed=2, **settings)
    action = narrate.play_until(game, narrate.computer_players(game), before=lambda g, a: (
        isinstance(a, ClaimRoute) and g.board.route(a.route).tunnel))
    return game, action


def test_TA_6_unseen_cards_are_the_deck_the_other_hands_and_the_hidden_holder():
    game, action = _at_first_tunnel()
    seat = game.current_player
    teacher = game.view(None)
    want = Counter(teacher["deck_order"])
    for s in range(game.n):
        if s != seat:
            want.update(teacher["hands"][s])
    for team in teacher["teams"]:
        if seat not in team["seats"]:
            want.update(team["holder"])
    got = unseen_cards(game, seat)
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in want.items() if v}
    assert all(v >= 0 for v in got.values())


def test_TA_6_a_holder_visible_to_all_is_not_unseen():
    game, _ = _at_first_tunnel(holders_visible_to="all")
    seat = game.current_player
    teacher = game.view(None)
    other = [t for t in teacher["teams"] if seat not in t["seats"]][0]
    hidden = sum(teacher["hands"][s][k] for s in range(game.n) if s != seat for k in teacher["hands"][s])
    assert sum(unseen_cards(game, seat).values()) == teacher["deck"] + hidden
    assert other["holder_cards"] >= 0


def test_TA_18_tunnel_odds_use_the_cards_this_game_reveals():
    game, action = _at_first_tunnel()
    odds = tunnel_odds(game, action)
    route = game.board.route(action.route)
    assert odds.revealed == reveal_count(game, route) == route.tunnel
    assert odds.probabilities == tuple(extra_card_odds(unseen_cards(game, game.current_player),
                                                       odds.colour, route.tunnel))
    assert odds.unseen == sum(unseen_cards(game, game.current_player).values())
    assert "P(nothing more) = " in str(odds)
    europe, europe_action = _at_first_tunnel(tunnel_reveal=3)
    assert europe_action == action  # no tunnel was tried before: the same game so far
    assert tunnel_odds(europe, europe_action).revealed == 3


def test_tunnel_odds_refuse_a_route_that_is_no_tunnel():
    game, _ = _at_first_tunnel()
    plain = next(r for r in game.board.routes if not r.tunnel)
    with pytest.raises(ValueError, match="not a tunnel"):
        tunnel_odds(game, ClaimRoute.paying(plain.id, red=plain.length))


def test_TA_5_team_view_hides_the_partners_hand_and_the_other_holder(capsys):
    game, _ = _at_first_tunnel()
    narrate.team_view(game, 0)
    out = capsys.readouterr().out
    assert "ANA'S VIEW" in out and "Bea's hand (partner): hidden" in out
    assert "face down" in out and out.count("face down") == 1
    for ticket in game.tickets(1):  # Bea's hand tickets stay secret
        assert game.board.ticket(ticket).label() not in out
    narrate.team_view(game, None)
    everything = capsys.readouterr().out
    assert "face down" not in everything and "Bea's hand:" in everything
    with pytest.raises(ValueError, match="no teams"):
        narrate.team_view(ttr_nb.new_game("usa", 2, seed=1), 0)


def test_score_summary_gives_totals_and_tickets_but_no_gap(capsys):
    game = ttr_nb.new_game("team-asia", NAMES, seed=2)
    narrate.play_until(game, narrate.computer_players(game))
    sheet = game.score()
    narrate.score_summary(sheet)
    out = capsys.readouterr().out
    assert "gap" not in out
    for i, name in enumerate(sheet.names):
        assert f"{name} " in out and str(sheet.totals[i]) in out
        for t in sheet.ticket_results[i]:
            assert f"{t.ticket.label()}, {t.owner}: {'done' if t.done else 'not done'}" in out
    assert "not done, -10" in out


def test_TA_14_sharing_a_ticket_not_in_hand_names_it_by_its_label():
    game, _ = _at_first_tunnel()
    seat = game.current_player
    partner_ticket = game.tickets(seat ^ 1)[0]
    why = game.why_not(ShareTickets((partner_ticket,)))
    assert game.board.ticket(partner_ticket).label() in why and "not in" in why


@pytest.mark.parametrize("length,x", [(1, 1), (2, 1), (2, 2), (3, 1), (4, 1), (5, 0)])
def test_LA_9_LA_10_route_value_is_length_plus_x_trains_and_two_points_per_x(length, x):
    board = ttr_nb.load_map("legendary_asia")
    v = route_value(board, length, x)
    assert v.trains == length + x
    assert v.points == board.route_points(length) + 2 * x
    assert route_value(board, length, x, per_x=3).points == board.route_points(length) + 3 * x


def test_mountain_kinds_count_every_mountain_route_and_pay_more_per_train_than_the_same_length():
    board = ttr_nb.load_map("legendary_asia")
    kinds = mountain_kinds(board)
    assert sum(n for _, n in kinds) == sum(1 for r in board.routes if r.mountains)
    for v, _ in kinds:
        assert v.per_train > route_value(board, v.length).per_train


def test_LA_9_engine_claim_agrees_with_route_value_and_the_event_explains_the_total():
    game = ttr_nb.new_game("legendary-asia", ["Ana", "Bea", "Cal"], seed=0)
    claim = narrate.play_until(game, narrate.computer_players(game), before=lambda g, a: (
        isinstance(a, ClaimRoute) and g.board.route(a.route).mountains))
    seat = game.current_player
    route = game.board.route(claim.route)
    v = route_value(game.board, route.length, route.mountains)
    trains, points = game.trains[seat], game.points[seat]
    events = game.apply(claim)
    assert trains - game.trains[seat] == v.trains and game.points[seat] - points == v.points
    assert events[0].kind == "claim" and events[0].text.endswith(f": +{v.points}.")
    assert events[1].kind == "mountain"
    assert f"+{v.crossing_points} (LA-9)" in events[1].text
    assert (f"already in the claim's +{v.points} ({v.route_points} for the route + "
            f"{v.crossing_points} for the crossing)") in events[1].text
