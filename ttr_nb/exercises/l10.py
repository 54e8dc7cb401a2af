"""Checkers of lesson 10 (the simulation lab): is a difference significant, a win rate
measured after a prediction, how many games an interval needs. Each verdict is computed by
playing the lesson's runs again (the same random seed gives the same games) and with
:func:`ttr_nb.simulate.wilson`, the 95% Wilson interval."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._answers import read_bool, read_int, read_number
from ._core import answer_error, exercise, not_yet, right

TEAMS = {"variant": "team-asia", "players": 4, "games": 40, "seed": 2024, "agents": "greedy"}
"""Exercise 10.1: the lesson's Team Asia run."""
FOUR = {"variant": "usa", "players": 4, "games": 60, "seed": 7, "agents": "greedy"}
"""Exercise 10.2: four greedy computer players on the USA map."""
HALF_WIDTH = 0.02
"""Exercise 10.3: the wanted half-width of the interval (± 2 percentage points)."""


@lru_cache(maxsize=4)
def _wins_of_seat_0(run: tuple) -> tuple[int, int]:
    from ..simulate import simulate

    results = simulate(**dict(run))
    return sum(1 for r in results if 0 in r.winners), len(results)


def wins_of_seat_0(run: dict) -> tuple[int, int]:
    """(wins of seat 0, games) in the run ``run`` (the keyword arguments of ``simulate``)."""
    return _wins_of_seat_0(tuple(sorted(run.items())))


@exercise("10.1", "A first-team edge?", "True (the edge is significant) or False")
def _first_team(answer: Any):
    from ..simulate import wilson

    says = read_bool(answer)
    wins, games = wins_of_seat_0(TEAMS)
    lo, hi = wilson(wins, games)
    significant = lo > 0.5 or hi < 0.5
    interval = f"the 95% interval runs from {lo:.1%} to {hi:.1%}"
    if says == significant:
        if significant:
            return right(f"{wins} of {games} is {wins / games:.0%}, and {interval}: it leaves "
                         f"out 50%, the rate with no edge at all.")
        return right(f"{wins} of {games} is {wins / games:.0%}, but {interval}: it still holds "
                     f"50%, the rate with no edge at all, though only just. A borderline "
                     f"result: play more games before deciding.")
    if significant:
        return not_yet(f"{interval}; does it hold 50%, the rate with no edge?")
    return not_yet(f"{wins / games:.0%} looks like an edge, but {interval}, and 50% (no edge at "
                   f"all) is inside it. With {games} games chance alone can give this.")


def _read_rate(answer: Any) -> float:
    if isinstance(answer, str) and answer.strip().endswith("%"):
        return read_number(answer.strip()[:-1], "a win rate") / 100
    x = read_number(answer, "a win rate, such as 0.3 or 30")
    if x < 0:
        raise answer_error("a win rate is not negative.")
    return x / 100 if x > 1 else x


@exercise("10.2", "Playing first at a table of four",
          "the win rate of seat 0 that the run measured, such as 0.3 (or 30 for 30%)")
def _four_players(answer: Any):
    from ..simulate import wilson

    wins, games = wins_of_seat_0(FOUR)
    rate = wins / games
    lo, hi = wilson(wins, games)
    if isinstance(answer, int) and not isinstance(answer, bool) and answer == wins:
        return not_yet(f"{wins} is the number of wins; the rate is wins ÷ games.")
    x = _read_rate(answer)
    if x > 1:
        raise answer_error("a win rate is at most 1 (100%).")
    if abs(x - rate) < 0.005:
        fair = "outside" if not lo <= 0.25 <= hi else "inside"
        reading = ("so seat 0 does better than its fair share: playing first seems to help "
                   "at a table of four" if fair == "outside" and lo > 0.25 else
                   "so these games show no edge for seat 0")
        return right(f"Seat 0 won {wins} of {games} games, {rate:.0%} (95% interval {lo:.0%} "
                     f"to {hi:.0%}). The fair share, 25%, is {fair} the interval, {reading}.")
    if abs(x - 0.25) < 0.005:
        return not_yet("25% is the fair share (one game in four): a good prediction to start "
                       "from. Now run the games and give the rate they measured.")
    return not_yet(f"the run measures a different rate than {x:.0%}: check that you ran "
                   f"{games} games with seed={FOUR['seed']} and counted the wins of seat 0.")


def half_width(games: int) -> float:
    """Half the width of the 95% Wilson interval for a win rate of 50% over ``games`` games
    (the widest case)."""
    from ..simulate import wilson

    lo, hi = wilson(games // 2, games)
    return (hi - lo) / 2


def games_needed(half: float = HALF_WIDTH) -> int:
    """The fewest games whose 95% interval at a 50% rate is at most ± ``half``."""
    n = 1
    while half_width(n) > half:   # the width falls like 1 / √games: double, then bisect
        n *= 2
    lo, hi = n // 2, n
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if half_width(mid) > half else (lo, mid)
    return hi


@exercise("10.3", "How many games for ± 2 points?", "a whole number of games")
def _games_needed(answer: Any):
    n = read_int(answer, "a whole number of games")
    if n < 1:
        raise answer_error("play at least one game.")
    need = games_needed()
    h = half_width(n)
    if need <= n <= need * 1.05:
        return right(f"With {n} games a 50% win rate has the interval ±{h:.2%}; {need} is the "
                     f"fewest. The width shrinks like 1/√games: half the width takes four times the games.")
    if n < need:
        if h - HALF_WIDTH < 0.0005:
            return not_yet(f"with {n} games the interval is ±{h * 100:.5f}%: only just, but still "
                           f"wider than ±2%. Try a few more games.")
        return not_yet(f"with {n} games the interval is ±{h:.1%}, wider than ±2%.")
    return not_yet(f"{n} games give ±{h:.2%}: narrow enough, but far fewer games would do. "
                   f"Find the fewest.")
