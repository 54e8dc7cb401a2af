"""The random player: a uniform choice among the legal actions."""
from __future__ import annotations

import random

from ..actions import Action
from ..game import Game


class RandomAgent:
    """Chooses uniformly among the legal actions (one ``rng.random()`` per action)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed) if not isinstance(seed, random.Random) else seed

    def choose(self, game: Game) -> Action:
        return game.random_action(self.rng)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"
