"""Legendary Asia mountain routes (LA-9 to LA-11).

A route with X mountain spaces takes X extra trains from the claimer's reserve into the
Mountain Crossing (out of the game) and scores ``mountain_points_per_x`` (2) per train at once.
The claim needs length + X trains (LA-10; the core checks ``Route.trains``). Crossing trains
bring the end closer (LA-11) and never count for paths.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import register_event
from ..scoring.lines import Line, plural
from .claiming import MOUNTAIN_POINTS_PER_X, crossing_points
from .mechanic import Mechanic


class Mountains(Mechanic):
    name = "mountains"
    score_sections = (("mountain", "mountain crossing"),)
    score_settings = ("mountain_points_per_x",)

    @classmethod
    def claim_lines(cls, board, claim, route, settings) -> tuple[Line, ...]:
        """The ``mountain`` line of a route with X spaces: ``mountain_points_per_x`` per
        train put in the Mountain Crossing (LA-9)."""
        if not route.mountains:
            return ()
        per_x = settings.get("mountain_points_per_x")
        per_x = MOUNTAIN_POINTS_PER_X if per_x is None else per_x
        pts = crossing_points(route.mountains, per_x)
        return (Line("mountain", pts, f"{route.label()}: {plural(route.mountains, 'train')} to the "
                     f"Mountain Crossing × {per_x}: +{pts}", (route.id,), route.cities, rule="LA-9"),)

    def init(self) -> None:
        self.game.ext[self.name] = {"crossing": [0] * self.game.n}

    def claim_points(self, seat, action, route, points):
        """The route's points plus its Mountain Crossing points (``claiming.route_worth``'s
        ``mountain`` part, with the game's ``mountain_points_per_x``)."""
        if route.mountains:
            points += crossing_points(route.mountains, self.game.policies["mountain_points_per_x"])
        return points

    def after_claim(self, seat, action, route) -> None:
        x = route.mountains
        if x:
            g = self.game
            g.trains[seat] -= x
            self.state["crossing"][seat] += x
            g.emit("mountain", seat, route.id, x, crossing_points(x, g.policies["mountain_points_per_x"]))

    def view(self, seat: int | None, view: dict[str, Any]) -> None:
        for p, n in zip(view["players"], self.state["crossing"]):
            p["mountain_crossing"] = n

    def counts(self) -> dict[str, int]:
        return {"trains_elsewhere": sum(self.state["crossing"])}


@register_event("mountain")
def _mountain_words(game, seat, args):
    route_id, n, points = args
    # the claim's own event already counted these points: say how its total splits up
    route_pts = game.board.route_points(game.board.route(route_id).length)
    return (f"{game.names[seat]} puts {n} train{'s' * (n != 1)} in the Mountain Crossing: +{points} (LA-9), "
            f"already in the claim's +{route_pts + points} ({route_pts} for the route + {points} for "
            f"the crossing)."), None


# -- what a mountain route is worth (for lessons and players) -------------------------------

@dataclass(frozen=True)
class RouteValue:
    """What claiming a route of ``length`` spaces with ``mountains`` X spaces costs and pays:
    ``trains`` from the reserve (length + X, LA-10) and ``points`` at once (the route table's
    value plus ``per_x`` per X, LA-9)."""

    length: int
    mountains: int
    trains: int
    route_points: int
    crossing_points: int

    @property
    def points(self) -> int:
        return self.route_points + self.crossing_points

    @property
    def per_train(self) -> float:
        """Points per train taken from the reserve."""
        return self.points / self.trains


def route_value(board: Any, length: int, mountains: int = 0,
                per_x: int = MOUNTAIN_POINTS_PER_X) -> RouteValue:
    """:class:`RouteValue` of a route of ``length`` spaces and ``mountains`` X on ``board``.

    >>> from ttr_nb import load_map
    >>> v = route_value(load_map("legendary_asia"), 2, 2)
    >>> v.trains, v.points, v.route_points, v.crossing_points
    (4, 6, 2, 4)
    """
    return RouteValue(length, mountains, length + mountains, board.route_points(length),
                      crossing_points(mountains, per_x))


def mountain_kinds(board: Any, per_x: int = MOUNTAIN_POINTS_PER_X) -> list[tuple[RouteValue, int]]:
    """Each kind of mountain route on ``board`` (length, X) with how many routes are of that
    kind, sorted by length then X."""
    kinds: dict[tuple[int, int], int] = {}
    for r in board.routes:
        if r.mountains:
            kinds[(r.length, r.mountains)] = kinds.get((r.length, r.mountains), 0) + 1
    return [(route_value(board, L, x, per_x), n) for (L, x), n in sorted(kinds.items())]
