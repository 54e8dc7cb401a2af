"""ttr_nb: Ticket to Ride in Jupyter — rules engine, map graphs, scoring, widgets.

Fan-made teaching material; Ticket to Ride is a trademark of Days of Wonder, and this
project is not affiliated with the publisher.

``import ttr_nb`` is light: the public names below are loaded on first use.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    # board
    "load_map": "board", "Board": "board", "City": "board", "Route": "board", "Ticket": "board",
    "MapError": "board", "COLORS": "board",
    # rules engine
    "variants": "variants", "Variant": "variants", "get_variant": "variants",
    "new_game": "game", "Game": "game", "IllegalAction": "errors", "SaveError": "errors", "ResultsError": "errors",
    "ArgumentError": "errors",
    # graph and scoring
    "longest_trail": "graph", "Trail": "graph", "longest_simple_path": "graph",
    "connect": "graph", "Connection": "graph", "ticket_done": "graph", "networks": "graph",
    "Network": "graph", "largest_network": "graph", "cheapest_cost": "graph",
    "steiner_tree": "graph", "ticket_steiner": "graph", "whole_board_trail": "graph",
    "Scoresheet": "scoring", "Claim": "scoring", "Scorer": "scoring", "Line": "scoring",
    # pictures
    "draw_board": "draw", "show": "pictures", "score_chart": "charts", "terrain_chart": "charts",
    # widgets (ipywidgets is imported only when one is used)
    "GameStepper": "widgets", "PlayPanel": "widgets", "ScoringExplorer": "widgets",
    "RouteBuilder": "widgets",
    # players and actions
    "play_game": "agents", "RandomAgent": "agents", "GreedyAgent": "agents", "make_agent": "agents",
    "DrawCard": "actions", "ClaimRoute": "actions", "DrawTickets": "actions",
    "KeepTickets": "actions", "Pass": "actions", "Event": "events",
    "PlaceCard": "rules.teams", "ShareTickets": "rules.teams",
    "DrawTerrain": "rules.terrain", "PayTunnel": "rules.tunnels", "WithdrawTunnel": "rules.tunnels", "policy_table": "variants",
    # simulation, players' styles and the best possible score
    "simulate": "simulate", "SearchAgent": "agents", "load_tournament": "tournament",
    "best_score": "optimize", "hindsight": "optimize",
    # lessons
    "exercises": "exercises", "narrate": "narrate",
}

__all__ = sorted(_EXPORTS) + ["__version__"]


# Two public functions share their module's name; bind them now, so that importing the
# submodule later (``import ttr_nb.simulate``) cannot hide the function. Both modules are light.
from .simulate import simulate  # noqa: E402
from .variants import variants  # noqa: E402


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ttr_nb' has no attribute {name!r}")
    found = import_module(f".{module}", __name__)
    value = found if module == name else getattr(found, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


def _board_png(board: Any) -> bytes:
    """A Board's picture for IPython's PNG formatter (the pictures load on first use)."""
    from .draw import board_png

    return board_png(board)


def _register_pictures() -> None:
    """In IPython (Jupyter, the docs' notebooks): a Board shown as the last expression of a
    cell is drawn as its picture. Registered by the class's name, so ``ttr_nb.board`` does not
    import the pictures."""
    import sys

    ipython = sys.modules.get("IPython")
    getter = getattr(ipython, "get_ipython", None)
    shell = getter() if getter is not None else None
    if shell is not None and getattr(shell, "display_formatter", None) is not None:
        shell.display_formatter.formatters["image/png"].for_type_by_name("ttr_nb.board", "Board", _board_png)


_register_pictures()
