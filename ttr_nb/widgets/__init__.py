"""ipywidgets controls for notebooks: step through a game, play it, take a score apart.

- :class:`GameStepper` — ``|◀ ◀ ▶ ▶|``, Play/Pause, a slider to any step, "whose eyes";
- :class:`PlayPanel` — play a game from its legal actions, the other seats played by agents;
- :class:`ScoringExplorer` — a Scoresheet taken apart: the longest trail, each ticket's path
  or gap, the bonuses and who tied;
- :class:`RouteBuilder` — pick routes, watch the score, the trail and the tickets update;
- :class:`BoardWidget` — the board as SVG in the browser: hover a route for its facts, click a
  route or a city (every control above draws its board with it).

Every control keeps its state in attributes (``step``, ``selection``, ``message``...) so code
and tests drive it with ``.value = ...`` and ``Button.click()``; no exception escapes a
callback (the error is shown in the control's message line); ``summary()`` is a plain-text
account for nbval. ipywidgets is imported only by this package (names load on first use).
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "GameStepper": "stepper", "PlayPanel": "play", "ScoringExplorer": "explorer",
    "RouteBuilder": "builder", "BoardCanvas": "canvas", "Timeline": "timeline",
    "BoardWidget": "board_widget", "attach_to_explorer": "board_widget",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ttr_nb.widgets' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
