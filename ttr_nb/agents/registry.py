"""The players by name: :data:`AGENTS` and :func:`make_agent`."""
from __future__ import annotations

from typing import Any

from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .search import SearchAgent
from .styles import STYLES

AGENTS: dict[str, type] = {"random": RandomAgent, "greedy": GreedyAgent, **STYLES, "search": SearchAgent}
"""Agent name -> class (each takes a ``seed``): 'random', 'greedy', the four playing styles
('route-focus', 'destination-hungry', 'long-route', 'one-step'; :mod:`ttr_nb.agents.styles`)
and 'search' (:mod:`ttr_nb.agents.search`)."""


def make_agent(name: str, seed: int = 0) -> Any:
    """An agent by name (one of :data:`AGENTS`), seeded with ``seed``."""
    key = str(name).strip().lower()
    if key not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(sorted(AGENTS))}")
    return AGENTS[key](seed)
