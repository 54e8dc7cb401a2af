"""Checkers of lesson 12 (playing styles): which style wins where, whether a lead is more than
chance (from the interval of the difference over the same deals), how many games a round robin
plays. Each verdict is computed from the shipped tournament results
(:func:`ttr_nb.tournament.load_tournament`) or from the tournament's own plan."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._answers import read_bool, read_choice, read_int
from ._core import exercise, not_yet, right

STYLES = ("route-focus", "destination-hungry", "long-route", "one-step")
APART = ("legendary-asia", 2, "destination-hungry", "one-step")
"""Exercise 12.2: the board, number of players and the two styles compared."""
PLAN = {"agents": list(STYLES), "variants": ["usa"], "seats": [3, 4], "games": 5}
"""Exercise 12.3: the round robin whose games are counted."""

SPOILERS: dict[str, list[str]] = {
    "12.1": ["team-asia              4  route-focus", "route-focus wins most often",
             "route-focus wins 68%", "route-focus 68%", "best style on Team Asia is route-focus"],
    "12.2": ["54.2%", "45.8%", "+8.3% (-8.3%", "−8.3 to +23.3",
             "destination-hungry and one-step are not told apart"],
    "12.3": ["80 games", "60 + 20 = 80"],
}
"""Strings that would state an exercise's answer if the student edition showed them before it."""


@lru_cache(maxsize=1)
def _shipped():
    from ..tournament import load_tournament

    return load_tournament()


@exercise("12.1", "The style of Team Asia", "a style name, such as 'one-step'")
def _team_asia(answer: Any):
    says = read_choice(answer, STYLES, "one of the four style names")
    t = _shipped()
    rows = {r["agent"]: r for r in t.table("team-asia", 4)}
    best = t.winners()[("team-asia", 4)]
    if says == best:
        r = rows[best]
        second = t.table("team-asia", 4)[1]["agent"]
        c = t.compare(best, second, "team-asia", 4)
        lead = ("more than chance" if c["low"] > 0 else "not told apart from chance")
        return right(f"{best} wins {r['win_rate']:.0%} of its Team Asia games (95% interval "
                     f"{r['low']:.0%} to {r['high']:.0%}). Over the same deals its win rate is "
                     f"{c['difference'] * 100:.1f} points above {second}'s (95% interval "
                     f"{c['low'] * 100:+.1f} to {c['high'] * 100:+.1f} points): {lead}.")
    r = rows[says]
    return not_yet(f"{says} wins {r['win_rate']:.0%} of its Team Asia games; look for the "
                   f"highest win rate in the Team Asia rows of the table.")


@exercise("12.2", "A lead when they meet?",
          "True (the lead is more than chance) or False")
def _apart(answer: Any):
    says = read_bool(answer)
    v, n, a, b = APART
    c = _shipped().compare(a, b, v, n)
    lead = c["low"] > 0
    call = f"big.compare('{a}', '{b}', '{v}', {n})"
    if says == lead:
        verdict = ("it leaves out 0, so the lead is more than chance" if lead else
                   "it holds 0, so these games do not tell the two apart")
        return right(f"Over their {c['deals']} deals against each other {a} won {c['rate_a']:.1%} "
                     f"and {b} {c['rate_b']:.1%}; the difference {c['difference']:+.1%} has the "
                     f"95% interval {c['low']:+.1%} to {c['high']:+.1%}: {verdict}. Intervals "
                     f"that do not overlap are not the test.")
    if says:
        return not_yet(f"the two win rates' intervals compare games against different opponents "
                       f"on different deals. Work out {call} and check whether the interval of "
                       f"the difference holds 0.")
    return not_yet(f"work out {call} and check whether the interval of the difference holds 0.")


@exercise("12.3", "Counting a round robin", "a whole number of games")
def _count(answer: Any):
    from ..tournament import _plan

    says = read_int(answer, "a whole number of games")
    plan = _plan(PLAN["agents"], PLAN["variants"], PLAN["seats"], PLAN["games"], 0)
    deals = PLAN["games"]
    by_n = {n: sum(len(d) for _, m, _, d in plan if m == n) for n in PLAN["seats"]}
    tables = {n: len({tuple(sorted(rot)) for _, m, rot, _ in plan if m == n}) for n in PLAN["seats"]}
    total = sum(by_n.values())
    if says == total:
        parts = " and ".join(f"{tables[n]} table{'s' * (tables[n] > 1)} of {n} × {n} rotations "
                             f"× {deals} deals = {by_n[n]}" for n in PLAN["seats"])
        return right(f"{parts}: {total} games in all.")
    for n in PLAN["seats"]:
        if says == by_n[n]:
            return not_yet(f"{says} counts the {n}-player games only; seats={PLAN['seats']} "
                           f"plays every number of players in the list.")
    if says == sum(tables[n] * deals for n in PLAN["seats"]):
        return not_yet(f"{says} counts each deal of each table once, but every deal is played "
                       f"once for each rotation of the players round the table.")
    return not_yet(f"not {says}: for each number of players, count the groups of players out "
                   f"of four (the tables), then how many times each deal is played at a table.")
