"""Legendary Asia mountain routes (LA-9 to LA-11).

A route with X mountain spaces takes X extra trains from the claimer's reserve into the
Mountain Crossing (out of the game) and scores ``mountain_points_per_x`` (2) per train at once.
The claim needs length + X trains (LA-10; the core checks ``Route.trains``). Crossing trains
bring the end closer (LA-11) and never count for paths.
"""
from __future__ import annotations

from typing import Any

from .mechanic import Mechanic


class Mountains(Mechanic):
    name = "mountains"
    fast_ok = False

    def init(self) -> None:
        self.game.ext[self.name] = {"crossing": [0] * self.game.n}

    def claim_points(self, seat, action, route, points):
        if route.mountains:
            points += route.mountains * self.game.policies["mountain_points_per_x"]
        return points

    def after_claim(self, seat, action, route) -> None:
        x = route.mountains
        if x:
            g = self.game
            g.trains[seat] -= x
            self.state["crossing"][seat] += x
            g.emit("mountain", seat, route.id, x, x * g.policies["mountain_points_per_x"])

    def view(self, seat: int | None, view: dict[str, Any]) -> None:
        for p, n in zip(view["players"], self.state["crossing"]):
            p["mountain_crossing"] = n

    def counts(self) -> dict[str, int]:
        return {"trains_elsewhere": sum(self.state["crossing"])}
