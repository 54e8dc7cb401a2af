"""Hindsight: for each player of a finished game, the best score they could have made with
the tickets they kept, their trains and the routes no one else claimed.

The routes open to a player are those the Scoresheet's gap search treats as open
(:func:`ttr_nb.scoring.closed_to` with the player's own claims set aside): not claimed by
another player, and not the other track of a double someone else holds when only one
track is used (B-5.8). The player's own claims are open to them (they could have chosen
differently). The tickets are held (mode ``hold``: a failed ticket subtracts).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules.claiming import MOUNTAIN_POINTS_PER_X
from ..scoring import Scorer, Scoresheet, closed_to


@dataclass(frozen=True)
class Hindsight:
    """One player's hindsight: ``name``; ``actual`` their route and ticket points as played
    (bonuses and Terrain doubling left out, as in the best score); ``best`` the
    :class:`~ttr_nb.optimize.BestScore`; ``claimed`` their routes; ``open_routes`` the routes
    they could use."""

    name: str
    actual: int
    best: Any
    claimed: tuple[int, ...]
    open_routes: tuple[int, ...]

    @property
    def gain(self) -> int:
        """How many more points the best plan scores (at least)."""
        return self.best.score - self.actual

    def describe(self) -> str:
        b = self.best
        best = f"{b.score} (proven best)" if b.proven else f"at least {b.score}, at most {b.bound}"
        return (f"{self.name}: {self.actual} points from routes and tickets; "
                f"with hindsight {best} with {b.budget} trains")


def _sheet_and_trains(source: Any, trains: int | None) -> tuple[Scoresheet, list[int]]:
    from ..game import Game

    if isinstance(source, Game):
        sheet = source.score()
        per = source.variant.trains
    elif isinstance(source, Scoresheet):
        sheet = source
        per = int(sheet.board.meta.get("trains_per_player", 45))
    else:
        raise TypeError(f"hindsight takes a Game or a Scoresheet, not {type(source).__name__}")
    budgets = [trains if trains is not None else per * max(1, len(s.seats)) for s in sheet.scorers]
    return sheet, budgets


def hindsight(source: Any, trains: int | None = None, time_limit: float | None = 5.0,
              players: Any = None) -> list[Hindsight]:
    """For each player (or team) of ``source`` (a Game, usually finished, or a Scoresheet):
    the best score with the tickets they kept (:class:`Hindsight`, in seat order).

    ``trains``: the budget (default: the variant's starting trains, a team's both players');
    ``time_limit``: seconds per player (None: prove each); ``players``: indices to ask
    (default all)."""
    from . import best_score

    sheet, budgets = _sheet_and_trains(source, trains)
    board = sheet.board
    out = []
    picked = range(len(sheet.scorers)) if players is None else list(players)
    for k in picked:
        s = sheet.scorers[k]
        others = [Scorer(o.name, () if i == k else o.claims, o.tickets, o.seats)
                  for i, o in enumerate(sheet.scorers)]
        closed = closed_to(board, others, k, sheet.doubles_open)
        claimed = {c.route for i, o in enumerate(sheet.scorers) if i != k for c in o.claims}
        open_routes = tuple(r.id for r in board.routes if r.id not in closed and r.id not in claimed)
        best = best_score(board, trains=budgets[k], tickets=list(s.tickets), routes=open_routes,
                          mode="hold", time_limit=time_limit,
                          mountain_points_per_x=sheet.settings.get("mountain_points_per_x",
                                                                   MOUNTAIN_POINTS_PER_X))
        actual = sum(sheet.line_total(k, kind) for kind in ("route", "mountain", "ticket"))
        out.append(Hindsight(s.name, actual, best, tuple(c.route for c in s.claims), open_routes))
    return out
