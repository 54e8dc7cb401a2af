"""Checkers of lesson 12 (playing styles): which style wins where, whether a lead is more than
chance, how many games a round robin plays. Each verdict is computed from the shipped
tournament results (:func:`ttr_nb.tournament.load_tournament`) or from the tournament's own plan."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._answers import read_bool, read_choice, read_int
from ._core import exercise, not_yet, right

STYLES = ("route-focus", "destination-hungry", "long-route", "one-step")
CLOSE = ("usa", 3, "route-focus", "long-route")
"""Exercise 12.2: the board, number of players and the two styles compared."""
PLAN = {"agents": list(STYLES), "variants": ["usa"], "seats": [3], "games": 10}
"""Exercise 12.3: the round robin whose games are counted."""


@lru_cache(maxsize=1)
def _shipped():
    from ..tournament import load_tournament

    return load_tournament()


def _row(variant: str, players: int, agent: str) -> dict:
    return next(r for r in _shipped().table(variant, players) if r["agent"] == agent)


@exercise("12.1", "The style of Team Asia", "a style name, such as 'long-route'")
def _team_asia(answer: Any):
    says = read_choice(answer, STYLES, "one of the four style names")
    best = _shipped().winners()[("team-asia", 4)]
    rows = {r["agent"]: r for r in _shipped().table("team-asia", 4)}
    if says == best:
        r = rows[best]
        return right(f"{best} wins {r['win_rate']:.0%} of its Team Asia games "
                     f"(95% interval {r['low']:.0%} to {r['high']:.0%}), more than any other style.")
    r = rows[says]
    return not_yet(f"{says} wins {r['win_rate']:.0%} of its Team Asia games; look for the "
                   f"highest win rate in the Team Asia rows of the table.")


@exercise("12.2", "A lead or chance?", "True (the lead is more than chance) or False")
def _close(answer: Any):
    says = read_bool(answer)
    v, n, a, b = CLOSE
    ra, rb = _row(v, n, a), _row(v, n, b)
    apart = ra["low"] > rb["high"] or rb["low"] > ra["high"]
    text = (f"{a} {ra['win_rate']:.0%} ({ra['low']:.0%} to {ra['high']:.0%}) and {b} "
            f"{rb['win_rate']:.0%} ({rb['low']:.0%} to {rb['high']:.0%})")
    if says == apart:
        return right(f"{text}: the intervals {'do not overlap' if apart else 'overlap'}, so "
                     f"{'the lead is more than chance' if apart else 'these games cannot tell the two apart'}.")
    return not_yet(f"compare the intervals, not the win rates: {text}.")


@exercise("12.3", "Counting a round robin", "a whole number of games")
def _count(answer: Any):
    from ..tournament import _plan

    says = read_int(answer, "a whole number of games")
    plan = _plan(PLAN["agents"], PLAN["variants"], PLAN["seats"], PLAN["games"], 0)
    total = sum(len(deals) for *_, deals in plan)
    tables = len({tuple(sorted(rot)) for _, _, rot, _ in plan})
    if says == total:
        return right(f"{tables} tables of 3 players, each deal played in 3 rotations: "
                     f"{tables} × 3 × {PLAN['games']} = {total} games.")
    if says == tables * PLAN["games"]:
        return not_yet(f"{tables} tables × {PLAN['games']} deals is {says}, but every deal is "
                       f"played once for each rotation of the players round the table.")
    return not_yet(f"not {says}: count the groups of 3 players out of 4 (the tables), then how "
                   f"many times each deal is played at a table.")
