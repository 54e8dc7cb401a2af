"""Players: a random agent, a greedy agent, four playing styles (:mod:`.styles`), a search
player (:mod:`.search`), and :func:`play_game`.

>>> from ttr_nb.agents import play_game
>>> game = play_game("usa", players=2, seed=3, agents=("greedy", "random"))
>>> game.over
True

Agents see what their seat may see: their own hand and tickets and the public board
(they read ``game.view(seat)``-level facts only).
"""
from __future__ import annotations

from .base import agent_seed, applied, chosen_action
from .greedy import GreedyAgent, NoTerrainAgent
from .planner import _INF, _Net, _SeatView  # noqa: F401 (the tests look inside the planner)
from .random_agent import RandomAgent
from .registry import AGENTS, make_agent
from .runner import play_game
from .search import SearchAgent
from .styles import DestinationHungryAgent, LongRouteAgent, OneStepAgent, RouteFocusAgent

__all__ = ["RandomAgent", "GreedyAgent", "NoTerrainAgent", "RouteFocusAgent", "DestinationHungryAgent",
           "LongRouteAgent", "OneStepAgent", "SearchAgent", "AGENTS", "make_agent", "play_game", "agent_seed",
           "chosen_action", "applied"]
