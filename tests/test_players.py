"""The playing styles and the search player (issue 19).

Every style plays every variant to the end with the counts conserved (B-2.1: cards, tickets
and trains are never created or lost); no player peeks at what its seat can't see (B-2.2, B-6.1
hidden hands and tickets; TA-6 the partner's hand); the search player's sampled deals agree with
its seat's view; an illegal or malformed choice is reported naming the player.
"""
from __future__ import annotations

import random

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ttr_nb.agents import (AGENTS, DestinationHungryAgent, GreedyAgent, LongRouteAgent, OneStepAgent,
                           RouteFocusAgent, SearchAgent, agent_seed, make_agent, play_game)
from ttr_nb.agents.search import determinise
from ttr_nb.agents.styles import LONG, STYLES
from ttr_nb.errors import IllegalAction
from ttr_nb.game import new_game

VARIANTS = [(v.name, n) for v in map(ttr_nb.get_variant, ttr_nb.variants())
            for n in (min(v.players), max(v.players))]
STYLE_NAMES = sorted(STYLES)


def _mid_game(variant: str, players: int, seed: int, steps: int) -> ttr_nb.Game:
    g = new_game(variant, players, seed)
    agents = [GreedyAgent(agent_seed(seed, s)) for s in range(g.n)]
    for _ in range(steps):
        if g.over:
            break
        g.apply(agents[g.current_player].choose(g))
    return g


def test_every_style_is_registered_and_named():
    for name in ("route-focus", "destination-hungry", "long-route", "one-step", "search"):
        assert name in AGENTS
        agent = make_agent(name, 3)
        assert agent.name == name and agent.seed == 3


@pytest.mark.parametrize("style", STYLE_NAMES)
@pytest.mark.parametrize("variant,players", VARIANTS, ids=[f"{v}-{n}p" for v, n in VARIANTS])
def test_B_2_every_style_plays_every_variant_to_the_end_conserving_counts(style, variant, players):
    start = new_game(variant, players, 11).counts()
    game = play_game(variant, players, 11, agents=style)
    assert game.over
    assert game.counts() == start
    assert sum(len(cs) for cs in game.claims) > 0


@pytest.mark.parametrize("style", STYLE_NAMES)
def test_styles_are_reproducible(style):
    a = play_game("usa", 3, 5, agents=style)
    b = play_game("usa", 3, 5, agents=style)
    assert a.history == b.history


def test_the_styles_play_differently():
    """Same deal, different style: the games differ, and each style's mark shows."""
    histories = {s: play_game("usa", 2, 4, agents=s).history for s in STYLE_NAMES + ["greedy"]}
    assert len({tuple(map(repr, h)) for h in histories.values()}) == len(histories)


def test_long_route_claims_long_routes_and_never_draws_tickets():
    longs = other = 0
    for seed in range(6):
        g = play_game("usa", 2, seed, agents="long-route")
        assert not any(isinstance(a, DrawTickets) for a in g.history)
        for s in range(2):
            for c in g.claims[s]:
                if g.board.route(c[0]).length >= LONG:
                    longs += 1
                else:
                    other += 1
    g = play_game("usa", 2, 0, agents="greedy")
    greedy_longs = sum(g.board.route(c[0]).length >= LONG for cs in g.claims for c in cs)
    assert longs / 6 > greedy_longs


def test_destination_hungry_keeps_more_tickets_than_route_focus():
    kept = {"destination-hungry": 0, "route-focus": 0}
    for seed in range(6):
        for style in kept:
            g = play_game("usa", 2, seed, agents=style)
            kept[style] += sum(len(k) for k in g.kept)
    assert kept["destination-hungry"] > 1.3 * kept["route-focus"]


def test_one_step_claims_whenever_it_can():
    """One-step draws a card only when no route can be claimed (its turn's first action)."""
    g = new_game("usa", 2, 8)
    agents = [OneStepAgent(1), OneStepAgent(2)]
    checked = 0
    while not g.over:
        a = agents[g.current_player].choose(g)
        if g.pending == "turn" and isinstance(a, DrawCard):
            assert not any(isinstance(x, ClaimRoute) for x in g.legal_actions())
            checked += 1
        g.apply(a)
    assert checked > 0


def test_route_focus_claims_only_its_focus_ticket_path_while_it_has_one():
    g = new_game("usa", 2, 3)
    agents = [RouteFocusAgent(1), GreedyAgent(2)]
    claims = 0
    while not g.over:
        s = g.current_player
        if s == 0 and g.pending == "turn":
            focus = agents[0]._wanted(g, 0)
            a = agents[0].choose(g)
            if isinstance(a, ClaimRoute) and focus:
                assert a.route in focus
                claims += 1
        else:
            a = agents[s].choose(g)
        g.apply(a)
    assert claims > 0


# -- no peeking ---------------------------------------------------------------------------------
def _scramble(game: ttr_nb.Game, seat: int, rng: random.Random) -> ttr_nb.Game:
    """Everything ``seat`` can't see dealt again, by the test's own hand (not determinise)."""
    g = game.copy()
    others = [s for s in range(g.n) if s != seat]
    cards = list(g.deck)
    for s in others:
        cards += [c for c, k in enumerate(g.hands[s]) for _ in range(k)]
    rng.shuffle(cards)
    for s in others:
        size = sum(g.hands[s])
        h = [0] * 9
        for c in cards[:size]:
            h[c] += 1
        g.hands[s], cards = h, cards[size:]
    g.deck = cards
    tickets = list(g.tdeck) + [t for s in others for t in g.kept[s] + g.offered[s]]
    rng.shuffle(tickets)
    for s in others:
        a, b = len(g.kept[s]), len(g.offered[s])
        g.kept[s], g.offered[s], tickets = tickets[:a], tickets[a:a + b], tickets[a + b:]
    g.tdeck = tickets
    g._legal = None
    g._version += 1
    return g


@pytest.mark.parametrize("steps", [0, 9, 40])
def test_B_2_2_B_6_1_no_player_peeks_at_hidden_cards_or_tickets(steps):
    base = _mid_game("usa", 3, 21, steps)
    seat = base.current_player
    for k in range(3):
        other = _scramble(base, seat, random.Random(k))
        assert other.view(seat) == base.view(seat)
        assert other.state_json() != base.state_json() or steps == 0
        for name in STYLE_NAMES + ["greedy"]:
            assert make_agent(name, 4).choose(other) == make_agent(name, 4).choose(base), name
        quick = dict(rollouts=3, seconds=None)
        assert SearchAgent(4, **quick).choose(other) == SearchAgent(4, **quick).choose(base)


@pytest.mark.parametrize("variant,players,steps", [("usa", 2, 30), ("heart-of-africa", 3, 25),
                                                    ("team-asia", 4, 30), ("legendary-asia", 2, 20)])
def test_determinise_keeps_the_seat_view_and_the_counts(variant, players, steps):
    base = _mid_game(variant, players, 2, steps)
    seat = base.current_player
    seen = set()
    for k in range(4):
        d = determinise(base, seat, random.Random(k))
        assert d.view(seat) == base.view(seat)
        assert d.counts() == base.counts()
        assert d.legal_actions() == base.legal_actions()
        seen.add(d.state_json())
        play_game_from(d)
    assert len(seen) > 1


def play_game_from(game: ttr_nb.Game) -> None:
    agents = [GreedyAgent(s) for s in range(game.n)]
    before = game.counts()
    while not game.over:
        game.apply(agents[game.current_player].choose(game))
    assert game.counts() == before


def test_search_player_is_reproducible_and_plays_to_the_end():
    agents = [SearchAgent(1, rollouts=2, seconds=None), GreedyAgent(2)]
    g = play_game("usa", 2, 6, agents=agents)
    h = play_game("usa", 2, 6, agents=[SearchAgent(1, rollouts=2, seconds=None), GreedyAgent(2)]).history
    assert g.over and g.history == h
    assert agents[0].decisions > 0


def test_search_player_keeps_a_legal_ticket_choice_on_team_asia():
    g = _mid_game("team-asia", 4, 3, 0)
    a = SearchAgent(1, rollouts=1, seconds=None).choose(g)
    assert isinstance(a, KeepTickets) and g.why_not(a) is None


# -- illegal or malformed choices --------------------------------------------------------------
class _Cheater:
    def choose(self, game):
        return ClaimRoute(game.board.routes[0].id, (("locomotive", 9),))


class _Talker:
    def choose(self, game):
        return "claim Denver"


def test_an_illegal_choice_is_reported_naming_the_player():
    with pytest.raises(IllegalAction) as e:
        play_game("usa", 2, 1, agents=[GreedyAgent(0), _Cheater()])
    text = str(e.value)
    assert "seat 1" in text and "Bea" in text and "_Cheater" in text and "illegal" in text


def test_a_malformed_choice_is_reported_naming_the_player():
    with pytest.raises(IllegalAction) as e:
        play_game("usa", 2, 1, agents=[_Talker(), GreedyAgent(0)])
    text = str(e.value)
    assert "seat 0" in text and "Ana" in text and "_Talker" in text and "'claim Denver'" in text


def test_simulate_reports_an_unknown_player_by_name():
    with pytest.raises(ValueError, match="unknown agent 'sneaky'"):
        ttr_nb.simulate("usa", 2, games=1, agents="sneaky")


@pytest.mark.parametrize("style", STYLE_NAMES)
def test_simulate_and_the_command_line_accept_every_style(style, capsys):
    from ttr_nb.cli import main

    res = ttr_nb.simulate("usa", 2, games=2, seed=1, agents=f"{style},greedy")
    assert [r.agents for r in res] == [(style, "greedy")] * 2
    assert main(["simulate", "--variant", "usa", "--players", "2", "--games", "2", "--agents", style]) == 0
    assert style in capsys.readouterr().out
