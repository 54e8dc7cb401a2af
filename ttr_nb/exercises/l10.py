"""Checkers of lesson 10 (the simulation lab): is a difference significant, a win rate
measured after a prediction, how many games an interval needs. Each verdict is computed by
playing the lesson's runs again (the same random seed gives the same games) and with
:func:`ttr_nb.simulate.wilson`, the 95% Wilson interval."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._answers import one_item, read_bool, read_int, read_probability
from ._core import answer_error, exercise, not_yet, right

TEAMS = {"variant": "team-asia", "players": 4, "games": 40, "seed": 2024, "agents": "greedy"}
"""Exercise 10.1: the lesson's Team Asia run."""
FOUR = {"variant": "usa", "players": 4, "games": 60, "seed": 7, "agents": "greedy"}
"""Exercise 10.2: four greedy computer players on the USA map."""
HALF_WIDTH = 0.02
"""Exercise 10.3: the wanted half-width of the interval (± 2 percentage points)."""

SPOILERS: dict[str, list[str]] = {
    "10.1": ["49.5% to 77.9%", "starts at 49.5%", "from 49.5%", "77.9%", "just below 50%",
             "holds 50%", "50% is inside", "50% is (just) inside", "not evidence of an edge"],
    "10.2": ["24 of the 60", "24 of 60", "24/60", "won 24", "40.0%", "= 40%", "29% to 53%"],
    "10.3": ["2398", "2,398"],
}
"""Strings that would state an exercise's answer if the student edition showed them before it."""


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
    return not_yet(f"{wins} of {games} looks like an edge. Work out the 95% interval with "
                   f"wilson({wins}, {games}) and check whether it holds 50%, the rate with no "
                   f"edge at all: a rate the interval holds fits these games.")


def _percent(p: float) -> str:
    """A rate as a percentage, as precise as it was given (1.5% stays 1.5%, never 2%)."""
    return f"{p * 100:.6g}%"


@exercise("10.2", "Playing first at a table of four",
          "the win rate of seat 0 that the run measured, such as 0.3 (or '30%')")
def _four_players(answer: Any):
    from ..simulate import wilson

    wins, games = wins_of_seat_0(FOUR)
    rate = wins / games
    lo, hi = wilson(wins, games)
    given = one_item(answer)
    if isinstance(given, int) and not isinstance(given, bool) and given == wins:
        return not_yet(f"{wins} is the number of wins; the rate is wins ÷ games.")
    x = read_probability(answer, "a win rate")
    note = f"({x.note}) " if x.note else ""
    if abs(x - rate) < 0.005:
        fair = "outside" if not lo <= 0.25 <= hi else "inside"
        reading = ("so seat 0 does better than its fair share: playing first seems to help "
                   "at a table of four" if fair == "outside" and lo > 0.25 else
                   "so these games show no edge for seat 0")
        return right(f"{note}Seat 0 won {wins} of {games} games, {rate:.0%} (95% interval {lo:.0%} "
                     f"to {hi:.0%}). The fair share, 25%, is {fair} the interval, {reading}.")
    if abs(x - 0.25) < 0.005:
        return not_yet(f"{note}25% is the fair share (one game in four): a good prediction to "
                       "start from. Now run the games and give the rate they measured.")
    return not_yet(f"{note}the run measures another rate than {_percent(x)}: check that you ran "
                   f"{games} games with seed={FOUR['seed']} and divided the wins of seat 0 by "
                   f"the number of games.")


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
    if n == need:
        return right(f"With {n} games a 50% win rate has the interval ±{h:.5%}, and with "
                     f"{n - 1} it is ±{half_width(n - 1):.5%}: {need} is the fewest. The width "
                     f"shrinks like 1/√games: half the width takes four times the games.")
    if n == round((1.959963984540054 / (2 * HALF_WIDTH)) ** 2):
        return not_yet(f"{n} is what the formula 1.96² × 0.25 / 0.02² gives, an approximation. "
                       f"The question asks about the Wilson interval, wilson(n // 2, n), which is "
                       f"a little narrower: try a few games fewer, one number at a time.")
    if need < n <= need * 1.05:
        return not_yet(f"{n} games give ±{h:.3%}: narrow enough, but a few games fewer would "
                       f"still do. The question asks for the fewest: try numbers just below yours.")
    if n < need:
        if h - HALF_WIDTH < 0.0005:
            return not_yet(f"with {n} games the interval is ±{h * 100:.5f}%: only just, but still "
                           f"wider than ±2%. Try a few more games.")
        return not_yet(f"with {n} games the interval is ±{h:.1%}, wider than ±2%.")
    return not_yet(f"{n} games give ±{h:.2%}: narrow enough, but far fewer games would do. "
                   f"Find the fewest.")
