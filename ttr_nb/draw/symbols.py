"""The shapes of the board's symbols that are not car spaces: each Terrain type's marker
(:data:`ttr_nb.draw.style.TERRAIN_SYMBOLS`) and a train station's house
(:data:`ttr_nb.draw.style.STATION_SHAPE`), shared by the board and its legend."""
from __future__ import annotations

from typing import Any

from matplotlib.path import Path

from .style import STATION_SHAPE


def _trees() -> Path:
    """Two upright bars (trees), as an open marker path."""
    return Path([(-0.32, -0.5), (-0.32, 0.5), (0.32, -0.5), (0.32, 0.5)],
                [Path.MOVETO, Path.LINETO, Path.MOVETO, Path.LINETO])


TERRAIN_MARKERS = {"desert": "o", "jungle": "trees", "mountain": "^"}
"""The matplotlib marker of each Terrain symbol (:data:`ttr_nb.draw.style.TERRAIN_SYMBOLS`)."""


def terrain_marker(kind: str, ink: str, size: float) -> dict[str, Any]:
    """Line2D keywords that draw the Terrain symbol of ``kind`` in ``ink``, ``size`` points high:
    a disc (desert), two upright bars (jungle), a triangle (mountain)."""
    if kind == "jungle":
        return dict(marker=_trees(), markersize=size, markerfacecolor="none", markeredgecolor=ink,
                    markeredgewidth=max(0.8, size * 0.26), linestyle="none")
    shrink = 0.9 if kind == "desert" else 1.0
    return dict(marker=TERRAIN_MARKERS[kind], markersize=size * shrink, markerfacecolor=ink,
                markeredgecolor="none", markeredgewidth=0, linestyle="none")


def station_corners(x: float, y: float, size: float, *, up: float = -1.0) -> list[tuple[float, float]]:
    """The corners of a train station's house centred on ``(x, y)``, ``size`` units per city
    radius; ``up`` is the sign of "up" on the y axis (-1 on the board, where y grows southward;
    +1 in a legend)."""
    return [(x + dx * size, y - up * dy * size) for dx, dy in STATION_SHAPE]
