"""Charts of a game with matplotlib: the score over the game, the Terrain majorities.

- :func:`score_chart` — each player's (or team's) points on the scoring track, turn by turn,
  and, once the game is over, the jump to the final total (tickets and bonuses);
- :func:`terrain_chart` — The Heart of Africa: how many Terrain cards of each type every
  player holds, with the players who hold the majority (and so may double, H-5.3) starred;
- :func:`chart_png` — any chart's figure as PNG bytes;
- :func:`describe_chart` — a chart's text alternative, written from the chart's data.

Nothing is told by colour alone: each player's line has its own dash pattern and end marker,
each player's bars their own hatching, and every line ends with the player's name. A chart drawn
on a new figure shows its text alternative as the figure's text (``text/plain`` in a notebook).

The engine never imports this module.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.charts import terrain_chart
>>> ax = terrain_chart({"Ana": {"desert": 3, "jungle": 1}, "Bea": {"desert": 3}})  # doctest: +SKIP
"""
from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .draw import INK, PLAYER_COLORS

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

TERRAIN_TYPES = ("desert", "jungle", "mountain")
"""The Heart of Africa Terrain types, in board order (H-3.2)."""
TERRAIN_COLORS = {"desert": "#e0a526", "jungle": "#2f8f3a", "mountain": "#7a7f87"}

PLAYER_LINESTYLES: tuple[Any, ...] = ("-", (0, (5, 1.6)), (0, (1.2, 1.2)), (0, (6, 1.6, 1.2, 1.6)),
                                      (0, (2.6, 1.2)), (0, (8, 2, 1.2, 2, 1.2, 2)))
"""Each player's (team's) line style in :func:`score_chart`, so lines differ without colour."""

PLAYER_MARKERS = ("o", "s", "^", "D", "v", "P")
"""Each player's end marker in :func:`score_chart`."""

PLAYER_HATCHES = ("", "///", "...", "xxx", "\\\\\\", "ooo")
"""Each player's bar hatching in :func:`terrain_chart`."""


def describe_chart(ax: "Axes") -> str:
    """The text alternative of a chart drawn by this module ("" for other axes)."""
    return getattr(ax, "_ttr_text", "")


def _attach_text(ax: "Axes", text: str, own_figure: bool) -> None:
    """Keep the chart's text on its axes; on a figure the chart drew itself, also as the
    figure's text form (what a notebook stores as ``text/plain`` beside the picture)."""
    ax._ttr_text = text
    if own_figure:
        fig = ax.figure
        if type(fig).__name__ != "_DescribedFigure":
            fig.__class__ = _described_class(type(fig))
        fig._ttr_text = text


_DESCRIBED: dict[type, type] = {}


def _described_class(cls: type) -> type:
    if cls not in _DESCRIBED:
        def __repr__(self) -> str:
            return getattr(self, "_ttr_text", "") or cls.__repr__(self)
        _DESCRIBED[cls] = type("_DescribedFigure", (cls,), {"__repr__": __repr__, "__module__": __name__})
    return _DESCRIBED[cls]


def _axes(ax: "Axes | None", figsize: tuple[float, float]) -> "Axes":
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _fig, ax = plt.subplots(figsize=figsize)
    return ax


def _groups(game: Any) -> tuple[list[str], list[tuple[int, ...]]]:
    """Scorer names and the seats of each (a Team Asia team has two)."""
    try:
        groups = game.scorer_groups()
        seats = [ss for _name, ss in groups]
        if sorted(x for ss in seats for x in ss) == list(range(game.n)):
            return [name for name, _ in groups], seats
    except Exception:  # noqa: BLE001 — fall back to one line per seat
        pass
    return list(game.names), [(s,) for s in range(game.n)]


def score_chart(source: Any, ax: "Axes | None" = None, *, player_colors: Sequence[str] | None = None,
                final: bool = True, title: str | None = None, figsize: tuple[float, float] = (8.0, 3.6)) -> "Axes":
    """Each player's (team's) points on the scoring track after every turn.

    The x axis counts turns (one per player's turn); a shaded band marks the final round.

    Parameters
    ----------
    source : Game, dict, str or Timeline
        A Game, a game record (dict or JSON text) or a :class:`~ttr_nb.widgets.timeline.Timeline`.
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure of ``figsize``).
    player_colors : sequence of str, optional
        One colour per player or team (default :data:`ttr_nb.draw.PLAYER_COLORS`).
    final : bool, default True
        Once the game is over, draw the jump from the track to the final total (tickets and
        bonuses), labelled with the total.
    title : str, optional
        The chart's title.
    figsize : (float, float), default (8.0, 3.6)
        Size of the new figure in inches (ignored when ``ax`` is given).

    Returns
    -------
    matplotlib Axes
        The Axes drawn on.
    """
    from .timeline import Timeline

    tl = source if isinstance(source, Timeline) else Timeline(source)
    colors = list(player_colors or PLAYER_COLORS)
    last = tl.final_game()
    names, seats = _groups(last)
    xs = [0] + [s.turn for s in tl.steps]
    pts = [tl.start_points] + [s.route_points for s in tl.steps]
    own = ax is None
    ax = _axes(ax, figsize)
    top = 1
    for i, (name, ss) in enumerate(zip(names, seats)):
        ys = [sum(p[s] for s in ss) for p in pts]
        top = max(top, max(ys))
        ax.step(xs, ys, where="post", color=colors[i % len(colors)], lw=2.2, label=name, zorder=3,
                linestyle=PLAYER_LINESTYLES[i % len(PLAYER_LINESTYLES)])
        ax.plot([xs[-1]], [ys[-1]], PLAYER_MARKERS[i % len(PLAYER_MARKERS)], color=colors[i % len(colors)],
                mec=INK, ms=6, zorder=4)
    end = xs[-1] if xs else 0
    trig = next((s.turn for s in tl.steps if s.final_round), None)
    if trig is not None:
        ax.axvspan(trig, max(end, trig + 0.5), color="#f3d9a4", alpha=0.5, zorder=0, lw=0)
        ax.text(trig, 0.02, " final round", transform=ax.get_xaxis_transform(), fontsize=8,
                color="#8a6a2a", va="bottom", ha="left", zorder=5)
    if final and last.over:
        sheet = last.score()
        span = max(1.0, end * 0.05)
        ends = []
        for i, (name, ss) in enumerate(zip(names, seats)):
            track = sum(pts[-1][s] for s in ss)
            total = sheet.totals[i] if i < len(sheet.totals) else track
            c = colors[i % len(colors)]
            ax.plot([end, end + span], [track, total], color=c, lw=1.6, ls=(0, (2, 1.5)), zorder=3)
            ax.plot([end + span], [total], PLAYER_MARKERS[i % len(PLAYER_MARKERS)], color=c, mec=INK, ms=6,
                    zorder=4)
            ends.append((total, i, name))
            top = max(top, total)
        low = min(0, min(t for t, _i, _n in ends), *(min(sum(p[s] for s in ss) for p in pts) for ss in seats))
        gap = (top - low) * 0.075 + 1
        placed: list[float] = []
        for total, i, name in sorted(ends):        # spread the labels so none overlap
            y = max(total, placed[-1] + gap) if placed else total
            placed.append(y)
            star = "★ " if i in sheet.winners else ""
            ax.annotate(f"{star}{name} {total}", (end + span, total), xytext=(end + span * 1.35, y),
                        textcoords="data", va="center", fontsize=8.5, fontweight="bold",
                        color=colors[i % len(colors)], arrowprops=dict(arrowstyle="-", color="#999999", lw=0.6))
            top = max(top, y)
        ax.plot([], [], color="#666666", lw=1.4, ls=(0, (2, 1.5)), label="end: tickets and bonuses")
        ax.set_xlim(0, end + span * 5.5)
    else:
        ax.set_xlim(0, max(end, 1))
    bottom = min(0, *(min(sum(p[s] for s in ss) for p in pts) for ss in seats))
    if final and last.over:
        bottom = min(bottom, min(last.score().totals))
    ax.set_ylim(bottom - 2, top * 1.08 + 2)
    ax.set_xlabel("turn")
    ax.set_ylabel("points")
    ax.grid(axis="y", color="#dddddd", lw=0.8, zorder=0)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.legend(loc="upper left", bbox_to_anchor=(0.0, -0.16), fontsize=8.5, frameon=False,
              ncol=min(len(names) + 1, 4))   # under the axes: it covers no line or label
    ax.set_title(title if title is not None else
                 f"Score by turn — {tl.variant.name}, seed {tl.record.get('seed')}"
                 + ("" if last.over else f" (after {len(tl)} actions)"),
                 fontsize=10.5, fontweight="bold", loc="left")
    track = {name: sum(pts[-1][s] for s in ss) for name, ss in zip(names, seats)}
    who = "team" if any(len(ss) > 1 for ss in seats) else "player"
    words = [f"{ax.get_title(loc='left')}. A chart of each {who}'s "
             f"points on the scoring track after every turn, over {end} turns: "
             + ", ".join(f"{n} {v}" for n, v in track.items()) + " on the track."]
    if trig is not None:
        words.append(f"The final round starts at turn {trig}.")
    if final and last.over:
        sheet = last.score()
        words.append("Final totals with tickets and bonuses: " + ", ".join(
            f"{n} {sheet.totals[i]}" + (" (winner)" if i in sheet.winners else "")
            for i, n in enumerate(names) if i < len(sheet.totals)) + ".")
    _attach_text(ax, " ".join(words), own)
    return ax


def terrain_counts(view: Mapping[str, Any]) -> dict[str, dict[str, int]] | None:
    """Terrain cards held per player, read from a game view (``game.view(seat)``): the first
    per-player entry that maps Terrain types to counts (Terrain cards lie face up in front of
    their owner, so every seat sees them). None when the game has no Terrain cards."""
    players = view.get("players") or []
    for p in players:
        for key, val in p.items():
            if isinstance(val, Mapping) and val and set(val) <= set(TERRAIN_TYPES) | {"total"}:
                return {q["name"]: {t: int(q.get(key, {}).get(t, 0)) for t in TERRAIN_TYPES} for q in players}
    return None


def terrain_majorities(counts: Mapping[str, Mapping[str, int]]) -> dict[str, list[str]]:
    """Terrain type -> the players holding the most cards of it (ties: all of them; H-5.3).
    A type nobody holds has no majority holder (an empty list)."""
    out = {}
    for t in _types(counts):
        best = max((c.get(t, 0) for c in counts.values()), default=0)
        out[t] = [p for p, c in counts.items() if best > 0 and c.get(t, 0) == best]
    return out


def _types(counts: Mapping[str, Mapping[str, int]]) -> list[str]:
    extra = sorted({t for c in counts.values() for t in c} - set(TERRAIN_TYPES))
    return list(TERRAIN_TYPES) + extra


def terrain_chart(counts: Mapping[str, Mapping[str, int]], ax: "Axes | None" = None, *,
                  player_colors: Sequence[str] | None = None, title: str | None = None,
                  figsize: tuple[float, float] = (7.0, 3.4)) -> "Axes":
    """Terrain cards held, per type and player; a star marks who holds the majority of a type
    (they alone may double routes of its colours, H-5.3; ties: every tied player).

    ``counts``: player name -> {terrain type: cards held}, e.g. from a Heart of Africa game's
    view; a player with no card of a type may leave it out.
    """
    import numpy as np
    from matplotlib.patches import Patch

    from .rules.terrain import TERRAIN_NAMES

    colors = list(player_colors or PLAYER_COLORS)
    players = list(counts)
    types = _types(counts)
    major = terrain_majorities(counts)
    own = ax is None
    ax = _axes(ax, figsize)
    n = max(1, len(players))
    width = 0.8 / n
    x = np.arange(len(types))
    top = 1
    for i, p in enumerate(players):
        vals = [int(counts[p].get(t, 0)) for t in types]
        top = max(top, max(vals, default=0))
        pos = x - 0.4 + width * (i + 0.5)
        ax.bar(pos, vals, width * 0.92, color=colors[i % len(colors)], edgecolor=INK, lw=0.6, label=p, zorder=3,
               hatch=PLAYER_HATCHES[i % len(PLAYER_HATCHES)])
        for xx, v, t in zip(pos, vals, types):
            if p in major[t]:
                ax.text(xx, v + 0.08, "★", ha="center", va="bottom", fontsize=11, color="#c98a00", zorder=4)
            ax.text(xx, v / 2 if v else 0.05, str(v), ha="center", va="center" if v else "bottom",
                    fontsize=8, color="white" if v else "#666", fontweight="bold", zorder=4)
    ax.set_xticks(x)
    ax.set_xticklabels([TERRAIN_NAMES.get(t, t) for t in types])
    for lab, t in zip(ax.get_xticklabels(), types):
        lab.set_color(TERRAIN_COLORS.get(t, INK))
        lab.set_fontweight("bold")
    ax.set_ylim(0, top + 1.2)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel("Terrain cards held")
    ax.grid(axis="y", color="#dddddd", lw=0.8, zorder=0)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    handles = [Patch(facecolor=colors[i % len(colors)], edgecolor=INK, label=p,
                     hatch=PLAYER_HATCHES[i % len(PLAYER_HATCHES)]) for i, p in enumerate(players)]
    handles.append(Patch(facecolor="none", edgecolor="none", label="★ majority: may double (H-5.3)"))
    ax.legend(handles=handles, loc="upper right", fontsize=8, frameon=False)
    ax.set_title(title if title is not None else "Terrain cards: who may double which routes",
                 fontsize=10.5, fontweight="bold", loc="left")
    held = "; ".join(f"{p}: " + ", ".join(f"{TERRAIN_NAMES.get(t, t)} {int(counts[p].get(t, 0))}" for t in types)
                     for p in players)
    most = "; ".join(f"{TERRAIN_NAMES.get(t, t)}: {', '.join(major[t]) or 'nobody holds one'}" for t in types)
    _attach_text(ax, f"{ax.get_title(loc='left')}. A bar chart of the Terrain cards each player holds, by type. "
                     f"Held: {held}. Majority, who may double (H-5.3): {most}.", own)
    return ax


def chart_png(ax: "Axes", dpi: int = 100) -> bytes:
    """The chart's figure as PNG bytes (the figure is closed)."""
    import matplotlib.pyplot as plt

    fig = ax.figure
    buf = io.BytesIO()
    try:
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    finally:
        plt.close(fig)
    return buf.getvalue()


__all__ = ["score_chart", "terrain_chart", "terrain_majorities", "terrain_counts", "chart_png", "describe_chart",
           "TERRAIN_TYPES"]
