"""The players by name: :data:`AGENTS` and :func:`make_agent`."""
from __future__ import annotations

from typing import Any

from ..validate import ArgumentError, argument_of, did_you_mean, fail
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


def agent_of(value: Any, arg: str, seed: int) -> Any:
    """A computer player: a name ('greedy', made with ``seed``), an object with a
    ``choose(game)`` method, or a function of the game."""
    names = ", ".join(sorted(AGENTS))
    if isinstance(value, str):
        key = str.__str__(value).strip().lower()
        if key not in AGENTS:
            raise fail(arg, value, f"a player name ({names}), an object with a choose(game) method or a "
                                   f"function", did_you_mean(key, AGENTS))
        return make_agent(key, seed)
    if isinstance(value, type):
        raise ArgumentError(f"{arg} is the class {value.__name__}, not a player: pass one, such as "
                            f"{value.__name__}(seed=1), or a name such as 'greedy'", argument_of(arg))
    try:
        ok = callable(getattr(value, "choose", None)) or callable(value)
    except Exception:  # noqa: BLE001 (an object whose attributes raise)
        ok = False
    if ok:
        return value
    raise fail(arg, value, f"a player name ({names}), an object with a choose(game) method, a function, "
                           f"or None for a person")
