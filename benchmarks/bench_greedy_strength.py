"""Strength of the fast greedy player against the greedy player before it (issue 16).

    .venv/bin/python benchmarks/bench_greedy_strength.py               # 2,000 USA 2p games
    .venv/bin/python benchmarks/bench_greedy_strength.py --games 200   # a quicker look

Two-player USA games, ``ttr_nb.agents.GreedyAgent`` (new) against the frozen copy of the old
one (``tests/golden/greedy_before.py``, ``GreedyBefore``): seeds 0..N/2-1 with the new player
in seat 0, and the same seeds with the seats swapped, so neither gains from moving first or
from a lucky deal. Each seat's agent gets the seed ``agent_seed(seed, seat)``, as in
``play_game``. The winner is ``game.score().winners`` (B-8: the most points, then the
tie-breaks); a game both players still share after the tie-breaks counts half a win for
each. Printed: the new player's win rate with its 95 % Wilson interval (the half wins are
counted as wins in it), the ties, and the CPU time of each player's decisions.

The new player makes exactly the old one's choices (tests/test_agents_greedy.py), so the
two seats of every game play as the same player would: the rate measures how fair the seat
swap is, and is 50 % exactly, by construction.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from ttr_nb.agents import GreedyAgent, agent_seed  # noqa: E402
from ttr_nb.game import new_game  # noqa: E402

from golden.greedy_before import GreedyBefore  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a rate ``wins / n`` (95 % for the default z)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (mid - half, mid + half)


def play(seed: int, new_seat: int, clock: dict[str, float]) -> float:
    """One game; the new player's share of the win (1, 0.5 or 0)."""
    g = new_game("usa", 2, seed)
    agents = [(GreedyAgent if s == new_seat else GreedyBefore)(agent_seed(seed, s)) for s in range(2)]
    pt = time.process_time
    while not g.over:
        s = g.current_player
        t = pt()
        a = agents[s].choose(g)
        clock["new" if s == new_seat else "old"] += pt() - t
        clock["decisions_new" if s == new_seat else "decisions_old"] += 1
        g.apply(a)
    winners = g.score().winners
    if new_seat in winners:
        return 1.0 / len(winners)
    return 0.0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games in all (even: half each way)")
    args = ap.parse_args(argv)
    half = args.games // 2
    clock = {"new": 0.0, "old": 0.0, "decisions_new": 0, "decisions_old": 0}
    t0 = time.process_time()
    score = 0.0
    ties = 0
    for seed in range(half):
        for new_seat in (0, 1):
            r = play(seed, new_seat, clock)
            score += r
            ties += r == 0.5
    n = 2 * half
    lo, hi = wilson(score, n)
    el = time.process_time() - t0
    print(f"USA 2p, new greedy vs the greedy before it: {n:,} games (seeds 0..{half - 1}, each both ways)")
    print(f"new player's wins: {score:g} of {n:,} = {score / n:.1%}, 95% Wilson interval "
          f"[{lo:.1%}, {hi:.1%}] (a shared win counts half; {ties} shared)")
    print(f"CPU time: {el:.1f} s in all; decisions: new {clock['new'] / max(clock['decisions_new'], 1) * 1e6:.1f} µs, "
          f"old {clock['old'] / max(clock['decisions_old'], 1) * 1e6:.1f} µs on average")


if __name__ == "__main__":
    main()
