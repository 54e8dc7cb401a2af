"""The Heart of Africa helpers for lessons (lesson 07): the Terrain rules asked as questions
(routes_of, double_why_not, terrain_text, doubled_claims, doubling_offers, rules-spec H-3 to
H-6), the greedy player that never touches Terrain cards and the doubling duel."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb import lab, narrate
from ttr_nb.actions import ClaimRoute
from ttr_nb.agents import NoTerrainAgent, agent_seed, play_game
from ttr_nb.cards import LOCO
from ttr_nb.errors import IllegalAction
from ttr_nb.exercises import l07
from ttr_nb.rules import terrain
from ttr_nb.rules.terrain import TERRAIN_OF_COLOR, TERRAINS

NAMES = ["Ana", "Bea", "Cal", "Dee"]


def first_doubling(seed: int = 800, **settings):
    """A game of four greedy players stopped just before its first doubled claim, played as
    lesson 07 plays it (its first stop, a Terrain draw, is played first: stopping changes what
    the computer players do later). Random seed 800 is the lesson's game, where Cal doubles
    Dar es Salaam–Nacala with 1 Jungle & Forest card + 1 Locomotive."""
    game = ttr_nb.new_game("heart-of-africa", NAMES, seed=seed, **settings)
    players = narrate.computer_players(game, "greedy")
    draw, double = l07.lesson_stops()
    game.apply(narrate.play_until(game, players, before=draw))
    nxt = narrate.play_until(game, players, before=double)
    assert nxt is not None
    return game, nxt


def held(game, seat, t):
    return game.ext["terrain"]["held"][seat][t]


def set_held(game, seat, **counts):
    game.ext["terrain"]["held"][seat].update(counts)


# -- routes_of ---------------------------------------------------------------------------------
def test_H_3_2_routes_of_splits_the_board_by_printed_colour():
    board = ttr_nb.load_map("heart_of_africa")
    parts = {t: terrain.routes_of(board, t) for t in TERRAINS}
    assert sorted(sum(parts.values(), [])) == sorted(r.id for r in board.routes)
    for t, ids in parts.items():
        assert ids == sorted(ids)
        assert {TERRAIN_OF_COLOR[board.route(r).color] for r in ids} == {t}
    assert all(board.route(r).color in ("white", "gray", "black") for r in parts["mountain"])  # H-3.3


def test_routes_of_refuses_a_word_that_is_not_a_terrain():
    with pytest.raises(ValueError, match="not a Terrain type"):
        terrain.routes_of(ttr_nb.load_map("heart_of_africa"), "lava")


# -- double_why_not (H-5.3 to H-5.5, H-6.2) -------------------------------------------------------
def test_H_5_3_a_tie_for_the_most_qualifies_and_fewer_does_not():
    game, nxt = first_doubling()
    route = game.board.route(nxt.route)
    t = terrain.terrain_of(route)
    set_held(game, 0, **{t: 1})
    set_held(game, 1, **{t: 1})
    set_held(game, 2, **{t: 0})
    set_held(game, 3, **{t: 0})
    assert terrain.double_why_not(game, 0, route.id) is None
    assert terrain.double_why_not(game, 1, route.label().split(" (")[0]) is None  # by name
    set_held(game, 1, **{t: 2})
    why = terrain.double_why_not(game, 0, route.id)
    assert why is not None and "Bea holds 2" in why and "H-5.3" in why
    assert terrain.double_why_not(game, 1, route.id) is None


def test_H_6_2_locomotives_in_hand_never_win_the_majority():
    game, nxt = first_doubling()
    route = game.board.route(nxt.route)
    t = terrain.terrain_of(route)
    set_held(game, 0, **{t: 0})
    set_held(game, 2, **{t: 1})
    game.hands[0][LOCO] += 5  # five more Locomotives in Ana's hand
    assert terrain.double_why_not(game, 0, route.id) is not None


@pytest.mark.parametrize("zero_zero, allowed", [(True, True), (False, False)])
def test_H_5_5_nobody_holding_the_type_follows_the_setting(zero_zero, allowed):
    game, nxt = first_doubling(allow_zero_zero_majority=zero_zero)
    t = terrain.terrain_of(game.board.route(nxt.route))
    for seat in range(4):
        set_held(game, seat, **{t: 0})
    assert (terrain.double_why_not(game, 0, nxt.route) is None) is allowed


def test_double_why_not_needs_terrain_cards_in_the_game():
    usa = ttr_nb.new_game("usa", 2, seed=1)
    with pytest.raises(IllegalAction, match="no Terrain cards"):
        terrain.double_why_not(usa, 0, 1)


# -- terrain_text ----------------------------------------------------------------------------------
def test_H_3_5_terrain_text_shows_every_count_and_agrees_with_the_majority_rule():
    game, _ = first_doubling()
    text = terrain.terrain_text(game)
    view = game.view(None)
    for p in view["players"]:
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(p["name"] + ":"))
        for t in TERRAINS:
            assert f"{p['terrain'][t]} {terrain.terrain_word(t)}" in line
    for t in TERRAINS:
        line = next(ln for ln in text.splitlines() if f"may double {terrain.terrain_word(t)}" in ln)
        route = terrain.routes_of(game.board, t)[0]
        for s, name in enumerate(NAMES):
            assert (name in line) is (terrain.double_why_not(game, s, route) is None)
    assert f"Terrain deck: {view['terrain']['deck']} cards" in text
    short = terrain.terrain_text(game, majorities=False)
    assert "may double" not in short and short.splitlines()[0] == text.splitlines()[0]


# -- doubled_claims, doubling_offers (H-5.2, H-6.3) -----------------------------------------------
def test_doubled_claims_are_the_legal_doubled_claims_grouped_by_route():
    game, nxt = first_doubling()
    found = terrain.doubled_claims(game)
    legal = [a for a in game.legal_actions() if isinstance(a, ClaimRoute) and a.terrain]
    assert sum(map(len, found.values())) == len(legal)
    assert list(found) == sorted({a.route for a in legal})
    assert nxt.route in found
    assert all(game.why_not(a) is None and a.route == r for r, claims in found.items() for a in claims)
    assert sum(map(len, found.values())) > len(found)  # more payments than decisions here


def test_H_6_3_doubling_offers_follow_the_locomotive_settings_and_leave_the_game_alone():
    game, nxt = first_doubling()
    before = game.state_json()
    route = game.board.route(nxt.route)
    t = terrain.terrain_of(route)
    assert terrain.cards_needed(route.length) == 2 and held(game, game.current_player, t) == 1
    word = terrain.terrain_word(t, 1)
    assert terrain.doubling_offers(game, nxt.route) == [f"{word} + 1 Locomotive"]
    assert terrain.doubling_offers(game, nxt.route, loco_terrain_value=2) == ["1 Locomotive"]
    assert terrain.doubling_offers(game, nxt.route, loco_as_terrain=False) == []
    assert game.state_json() == before and game.policies["loco_terrain_value"] == 1


# -- the player that never touches Terrain cards, the duel --------------------------------------------
def test_no_terrain_agent_never_doubles_and_never_draws_terrain_cards():
    seats = [NoTerrainAgent(agent_seed(11, s)) for s in range(4)]
    game = play_game("heart-of-africa", 4, seed=11, agents=seats)
    assert game.over
    assert not any(c[1] for cs in game.claims for c in cs)
    assert not [e for e in game.log if e.kind in ("terrain_take", "terrain_blind", "terrain_double")]


def test_doubling_duel_is_reproducible_and_consistent():
    a = lab.doubling_duel(6, seed=3)
    assert a == lab.doubling_duel(6, seed=3)
    assert a.games == 6 and 0 <= a.doubler_wins + a.shared <= 6
    assert a.rate == a.doubler_wins / 6 and a.low <= a.rate <= a.high
    assert (a.low, a.high) == lab.wilson(a.doubler_wins, 6)
    assert a.terrain_points >= 0
    assert a.gain_low <= a.total_gain <= a.gain_high
    assert f"{a.games} games: the doublers won {a.doubler_wins}" in a.describe()
    assert f"(95% interval {a.gain_low:+.1f} to {a.gain_high:+.1f})" in a.describe()


def test_doubling_duel_gain_interval_is_mean_plus_minus_1_96_standard_errors():
    """Checked on 2 games with gains g1, g2 and mean m: the sample sd is |g1 − g2| / √2, the
    standard error |g1 − g2| / 2 = |g1 − m|, so the interval is m ± 1.96 · |g1 − m|. Game 0 of
    a duel is the same game whatever the number of games, so g1 is the 1-game duel's gain."""
    a = lab.doubling_duel(2, seed=5)
    one = lab.doubling_duel(1, seed=5)
    half = (a.gain_high - a.gain_low) / 2
    assert abs((a.gain_low + a.gain_high) / 2 - a.total_gain) < 1e-9
    assert abs(half - 1.96 * abs(one.total_gain - a.total_gain)) < 1e-9
    assert one.gain_low == one.gain_high == one.total_gain  # one game: no spread to measure
