"""A game record replayed once: what each step did, for the GameStepper, charts and lessons
(the replay model: no ipywidgets; the controls build on it).

Step ``k`` is the position after the first ``k`` actions (step 0: the deal). The position at
any step is rebuilt exactly by replaying the record's actions on a fresh game from the seed
(:meth:`Timeline.game_at`), the same way undo and loading work.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .actions import Action, ClaimRoute, action_from_json
from .errors import SaveError, _bounded, load_json, save_error


@dataclass(frozen=True)
class Step:
    """What action ``index`` (1-based) did: who acted, the action, its events, and the public
    totals after it (route points on the scoring track, trains left, the turn number)."""

    index: int
    seat: int
    action: Action
    events: tuple            # ttr_nb.events.Event, in order
    turn: int
    route_points: tuple[int, ...]
    trains: tuple[int, ...]
    final_round: bool

    @property
    def route(self) -> int | None:
        """The route claimed by this step, if it claimed one."""
        return self.action.route if isinstance(self.action, ClaimRoute) else None


class Timeline:
    """A game record and its steps.

    ``source`` is a Game (its record so far), a record dict, JSON text, or a path to a saved
    JSON file. Raises SaveError for a record that does not load.
    """

    def __init__(self, source: Any):
        from .game import Game

        record = _record_of(source)
        start = dict(record, actions=[])
        self.record: dict[str, Any] = record
        self._start = start
        try:
            self.actions: list[Action] = [action_from_json(a) for a in record["actions"]]
        except (ValueError, TypeError, KeyError) as e:
            raise SaveError(f"the record's actions do not load: {e}") from None
        game = Game.from_json(start)
        self.names: tuple[str, ...] = tuple(game.names)
        self.board = game.board
        self.variant = game.variant
        self.setup_events: tuple = tuple(game.log)
        self.start_points, self.start_trains = _public(game)
        steps = []
        for k, a in enumerate(self.actions, 1):
            seat = game.current_player
            try:
                events = game.apply(a)
            except Exception as e:  # an illegal action in a hand-edited record
                raise SaveError(f"action {k} ({a.text()}) cannot be replayed: {e}") from None
            points, trains = _public(game)
            steps.append(Step(k, seat, a, tuple(events), game.turn, points, trains, game.final_round))
        self.steps: tuple[Step, ...] = tuple(steps)
        self.over: bool = game.over
        self._last = game

    def __len__(self) -> int:
        """Number of actions (the last step's index)."""
        return len(self.actions)

    def fresh(self):
        """A new game at step 0 (the deal)."""
        from .game import Game

        return Game.from_json(self._start)

    def game_at(self, step: int):
        """The game after ``step`` actions, rebuilt exactly by replay from the seed."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"a step is a whole number, not {step!r}")
        if not 0 <= step <= len(self.actions):
            raise IndexError(f"step {step} is outside 0..{len(self.actions)}")
        game = self.fresh()
        for a in self.actions[:step]:
            game.apply(a)
        return game

    def final_game(self):
        """The game after every action (a fresh copy)."""
        return self.game_at(len(self.actions))

    def points_at(self, step: int) -> tuple[int, ...]:
        """Route points of every player after ``step`` actions."""
        return self.start_points if step == 0 else self.steps[step - 1].route_points

    def turn_at(self, step: int) -> int:
        return 0 if step == 0 else self.steps[step - 1].turn


def _public(game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Route points and trains left of every seat, from the public view."""
    players = game.view(0)["players"]
    return tuple(p["route_points"] for p in players), tuple(p["trains"] for p in players)


def _record_of(source: Any) -> dict[str, Any]:
    """The record of ``source``: a Game, a dict, JSON text, a path (str or Path) to a saved
    game, or its bytes; SaveError naming the file for anything that does not read."""
    from .game import Game

    if isinstance(source, Game):
        return source.to_dict()
    if isinstance(source, str) and not source.lstrip().startswith(("{", "[")):
        source = Path(source)  # a path to a saved game (JSON text starts with '{')
    if isinstance(source, Path):
        doc = load_json(source, str(source), save_error, "saved game file")
    elif isinstance(source, (str, bytes)):
        doc = load_json(source, "the record", save_error)
    elif isinstance(source, dict):
        doc = source
        problem, _n = _bounded(doc)
        if problem:
            raise SaveError(f"the record: {problem}")
    else:
        raise SaveError(f"a game record is a Game, a dict, JSON text or a path, not {type(source).__name__}")
    if not isinstance(doc, dict) or not isinstance(doc.get("actions"), list):
        raise SaveError("a game record is a JSON object with a list of 'actions'")
    # validate the header the way loading does (format, version, variant, players, seed)
    Game.from_json(dict(doc, actions=[]))
    return json.loads(json.dumps(doc))

