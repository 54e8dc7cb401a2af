"""What every player shares: its seed in a game (:func:`agent_seed`), asking it for an action
(:func:`chosen_action`) and applying that action with errors that name the player (:func:`applied`)."""
from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import rng_for
from ..errors import IllegalAction, shown
from ..game import Game


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in a game seeded with ``seed`` (different from the deal)."""
    return rng_for(seed, "agent", seat).getrandbits(48)


def chosen_action(agent: Any, game: Game) -> Action:
    """The action ``agent`` chooses for the player to move (``agent.choose(game)``, or
    ``agent(game)`` for a function). IllegalAction naming the seat, the player, the agent's
    class and what it returned if that is not an action."""
    a = _chooser(agent, game)(game)
    if not isinstance(a, Action):
        _not_an_action(agent, game, a)
    return a


def _chooser(agent: Any, game: Game) -> Any:
    """``agent.choose``, or ``agent`` itself for a function; IllegalAction naming the seat, the
    player and the agent's class if it is neither."""
    choose = getattr(agent, "choose", None)
    if callable(choose):
        return choose
    if callable(agent):
        return agent
    seat = game.current_player
    raise IllegalAction(f"The agent for seat {seat} ({game.names[seat]}) is a "
                        f"{type(agent).__name__}, which has no choose(game) method.")


def _not_an_action(agent: Any, game: Game, a: Any) -> None:
    """IllegalAction naming the seat, the player, the agent's class and ``a``, not an action."""
    seat = game.current_player
    raise IllegalAction(
        f"The agent for seat {seat} ({game.names[seat]}, {type(agent).__name__}) returned "
        f"{shown(a)} (a {type(a).__name__}), not an action: choose(game) must return one of "
        f"game.legal_actions().", a)


def applied(agent: Any, game: Game, action: Action) -> None:
    """Apply ``action``, chosen by ``agent`` for the player to move. IllegalAction naming the
    seat, the player and the agent, with the rules' reason, if it is illegal (nothing changed)."""
    _checked(agent, game, action, game.apply)


def _checked(agent: Any, game: Game, action: Action, play: Any) -> None:
    """``play(action)`` (``game.apply`` or its quiet form), the IllegalAction naming the agent."""
    try:
        play(action)
    except IllegalAction as e:
        _illegal(agent, game, action, e)


def _illegal(agent: Any, game: Game, action: Action, e: IllegalAction) -> None:
    """IllegalAction naming the seat, the player and the agent, with the rules' reason ``e``."""
    seat = game.current_player
    raise IllegalAction(
        f"The agent for seat {seat} ({game.names[seat]}, {type(agent).__name__}) chose an "
        f"illegal action, {shown(action)}: {e.reason}", action) from None
