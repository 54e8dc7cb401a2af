"""Strength of the greedy player: its win rate against the random player (or itself).

    .venv/bin/python benchmarks/bench_greedy_strength.py               # 2,000 USA 2p games
    .venv/bin/python benchmarks/bench_greedy_strength.py --games 200   # a quicker look
    .venv/bin/python benchmarks/bench_greedy_strength.py --variant heart-of-africa --games 200
    .venv/bin/python benchmarks/bench_greedy_strength.py --opponent greedy   # the seat swap's fairness

Two-player games, ``ttr_nb.agents.GreedyAgent`` against ``RandomAgent`` (``--opponent random``,
the default) or against another ``GreedyAgent`` (``--opponent greedy``): seeds 0..N/2-1 with
the greedy player measured in seat 0, and the same seeds with the seats swapped, so neither
gains from moving first or from a lucky deal. Each seat's agent gets the seed
``agent_seed(seed, seat)``, as in ``play_game``; every action goes through ``game.apply`` (checked).
The winner is ``game.score().winners`` (B-8: the most points, then the tie-breaks); a game both
players still share after the tie-breaks counts half a win for each. Printed: the measured
player's win rate with its 95 % Wilson interval (the half wins are counted as wins in it), the
ties, its mean lead in points, and the CPU time of each side's decisions.

Against itself the two seats of every game play as the same player would: the rate then
measures how fair the seat swap is (near 50 %).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ttr_nb.agents import GreedyAgent, RandomAgent, agent_seed  # noqa: E402
from ttr_nb.game import new_game  # noqa: E402
from ttr_nb.variants import get_variant, variants  # noqa: E402

OPPONENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a rate ``wins / n`` (95 % for the default z)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (mid - half, mid + half)


def play(variant: str, seed: int, seat: int, opponent: type, clock: dict[str, float]) -> tuple[float, int]:
    """One game with the greedy player measured at ``seat``: its share of the win (1, 0.5 or
    0) and its lead in points over the other player."""
    g = new_game(variant, 2, seed)
    agents = [(GreedyAgent if s == seat else opponent)(agent_seed(seed, s)) for s in range(2)]
    pt = time.process_time
    while not g.over:
        s = g.current_player
        side = "greedy" if s == seat else "other"
        t = pt()
        a = agents[s].choose(g)
        clock[side] += pt() - t
        clock["decisions_" + side] += 1
        g.apply(a)
    sheet = g.score()
    lead = sheet.totals[seat] - sheet.totals[1 - seat]
    if seat in sheet.winners:
        return 1.0 / len(sheet.winners), lead
    return 0.0, lead


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games in all (even: half each way)")
    ap.add_argument("--variant", default="usa", choices=variants(), help="the board (2 players)")
    ap.add_argument("--opponent", default="random", choices=sorted(OPPONENTS),
                    help="the other seat's player")
    args = ap.parse_args(argv)
    if 2 not in get_variant(args.variant).players:
        ap.error(f"{args.variant} is not played by 2 players")
    half = args.games // 2
    clock = {"greedy": 0.0, "other": 0.0, "decisions_greedy": 0, "decisions_other": 0}
    t0 = time.process_time()
    score = 0.0
    ties = 0
    leads = 0
    for seed in range(half):
        for seat in (0, 1):
            r, lead = play(args.variant, seed, seat, OPPONENTS[args.opponent], clock)
            score += r
            ties += r == 0.5
            leads += lead
    n = 2 * half
    lo, hi = wilson(score, n)
    el = time.process_time() - t0
    print(f"{args.variant} 2p, greedy vs {args.opponent}: {n:,} games (seeds 0..{half - 1}, each both ways)")
    print(f"greedy player's wins: {score:g} of {n:,} = {score / max(n, 1):.1%}, 95% Wilson interval "
          f"[{lo:.1%}, {hi:.1%}] (a shared win counts half; {ties} shared); "
          f"mean lead {leads / max(n, 1):+.1f} points")
    print(f"CPU time: {el:.1f} s in all; decisions: greedy "
          f"{clock['greedy'] / max(clock['decisions_greedy'], 1) * 1e6:.1f} µs, {args.opponent} "
          f"{clock['other'] / max(clock['decisions_other'], 1) * 1e6:.1f} µs on average")


if __name__ == "__main__":
    main()
