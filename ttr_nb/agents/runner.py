"""Playing a whole game with one player per seat: :func:`play_game`."""
from __future__ import annotations

from typing import Any, Sequence

from ..actions import Action
from ..errors import IllegalAction
from ..game import Game, new_game, unrecorded
from .base import _chooser, _illegal, _not_an_action, agent_seed
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .registry import make_agent


def play_game(variant: str = "usa", players: int | Sequence[str] = 2, seed: int = 0,
              agents: Sequence[Any] | str = ("random",), max_steps: int = 20_000, **policy_overrides: Any) -> Game:
    """Play a whole game and return it (``game.over`` is True).

    ``agents``: one per seat, or one for all: names ('random', 'greedy') or objects with
    ``choose(game)``. Named agents get the seed :func:`agent_seed` ``(seed, seat)``. Games of
    random agents only are played by ``game.play_random`` (the same choices, one loop).
    """
    game = new_game(variant, players, seed, **policy_overrides)
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",") if a.strip()]
    agents = list(agents)
    if len(agents) == 1:
        agents = agents * game.n
    if len(agents) != game.n:
        raise ValueError(f"{len(agents)} agents for {game.n} players: give one per seat, or one for all")
    seats = [make_agent(a, agent_seed(seed, s)) if isinstance(a, str) else a for s, a in enumerate(agents)]
    if all(type(a) is RandomAgent for a in seats):
        game.play_random([a.rng for a in seats], max_steps)  # (the same choices, one loop)
    else:  # each choice checked and applied by ``apply``, with no
        # events recorded: ``game.log`` replays them when asked (``chosen_action`` and
        # ``applied``, inline); the greedy player's own choices are pushed unchecked
        steps = 0
        step = game.apply
        push = game.push
        with unrecorded(game):
            choosers: list[Any] = [None] * game.n
            sure = [type(a) is GreedyAgent for a in seats]
            while steps < max_steps and game.pending != "over":
                s = game.seat
                choose = choosers[s]
                if choose is None:
                    choose = choosers[s] = _chooser(seats[s], game)
                a = choose(game)
                if sure[s]:  # (the package's greedy player only chooses legal actions: the
                    # tests replay its games through the checks)
                    push(a)
                else:
                    if not isinstance(a, Action):
                        _not_an_action(seats[s], game, a)
                    try:
                        step(a)
                    except IllegalAction as e:
                        _illegal(seats[s], game, a, e)
                steps += 1
    if not game.over:
        raise RuntimeError(f"{game.variant.name} seed {seed}: not over after {max_steps} actions")
    return game
