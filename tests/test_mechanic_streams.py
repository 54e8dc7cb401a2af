"""Every random path of the engine plays the public random loop, on every variant (issue 32).

The random player is ``legal = game.legal_actions(); legal[int(rng.random() * len(legal))]``:
one ``rng.random()`` per step, the legal actions in their legal order. ``Game.random_action``,
``random_step``, ``play_random`` and ``RandomAgent`` must make exactly those choices with the
same use of the RNG, so a random game is the same game whichever way it is played. What that
game is, step by step, is pinned by the readable playthroughs (tests/test_playthroughs.py,
tests/playthroughs/), which replaced the digests of these streams.
"""
from __future__ import annotations

import random

import pytest

import ttr_nb
from ttr_nb.agents import RandomAgent
from ttr_nb.game import new_game

CASES = [(v, n) for v in ttr_nb.variants() for n in sorted({min(ttr_nb.get_variant(v).players),
                                                             max(ttr_nb.get_variant(v).players)})]


def _public_game(variant: str, players: int, seed: int, max_steps: int | None = None):
    """The random loop written out with the public API: (game, rng after it)."""
    g = new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.over and k != max_steps:
        legal = g.legal_actions()
        g.apply(legal[int(rng.random() * len(legal))])
        k += 1
    return g, rng


@pytest.mark.parametrize("variant,players", CASES, ids=[f"{v}-{n}p" for v, n in CASES])
def test_play_random_is_the_public_random_loop(variant, players):
    for seed in range(3):
        want, rng_after = _public_game(variant, players, seed)
        g = new_game(variant, players, seed=seed)
        rng = random.Random(seed)
        steps = g.play_random(rng)
        assert g.over and steps == len(want.history)
        assert [a.to_json() for a in g.history] == [a.to_json() for a in want.history], (variant, players, seed)
        assert g.state_json() == want.state_json()
        assert rng.getstate() == rng_after.getstate()  # one rng.random() per step, no more


@pytest.mark.parametrize("variant,players", CASES, ids=[f"{v}-{n}p" for v, n in CASES])
def test_random_action_random_step_and_random_agent_choose_as_the_loop(variant, players):
    """At every step of a game: ``random_action`` and ``RandomAgent.choose`` return the loop's
    action, and ``random_step`` applies it, each drawing one number from the RNG."""
    g = new_game(variant, players, seed=5)
    stepped = new_game(variant, players, seed=5)
    rng = random.Random(5)
    agent = RandomAgent(random.Random(5))
    step_rng = random.Random(5)
    while not g.over:
        ref = random.Random()
        ref.setstate(rng.getstate())
        legal = g.legal_actions()
        want = legal[int(ref.random() * len(legal))]
        assert g.random_action(rng) == want
        assert agent.choose(g) == want
        assert rng.getstate() == ref.getstate() == agent.rng.getstate()
        stepped.random_step(step_rng)
        assert step_rng.getstate() == ref.getstate()
        g.apply(want)
    assert stepped.over and stepped.state_json() == g.state_json()


def test_play_random_stops_after_max_steps_where_the_loop_is():
    for variant, players in (("usa", 2), ("heart-of-africa", 3), ("team-asia", 4)):
        want, _ = _public_game(variant, players, 2, max_steps=40)
        g = new_game(variant, players, seed=2)
        assert g.play_random(random.Random(2), max_steps=40) == 40
        assert not g.over and g.state_json() == want.state_json()
        g.play_random(random.Random(3))
        assert g.over
