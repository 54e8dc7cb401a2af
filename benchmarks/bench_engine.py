"""Engine speed: full random games per second (USA, one core).

    .venv/bin/python benchmarks/bench_engine.py [--games 2000] [--players 2 4] [--repeat 3]

Measures, for each player count, the best of ``--repeat`` runs, in games per second of CPU
time of this process (``time.process_time``; on a shared machine the wall clock is noisier and
is printed too):

- ``fused``: ``game.play_random(rng)``, the fused fast loop (what ``play_game`` and
  ``simulate`` use for random agents);
- ``step``: ``game.random_step(rng)`` one action at a time (fast sampler, no action objects);
- ``apply``: ``game.apply(game.random_action(rng))``, the public API with events;
- ``+score``: the fused loop plus the final ``game.score()`` (Scoresheet with longest trails).

A game here starts at ``new_game`` (dealing included) and ends when ``game.over``.
"""
from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr_nb.game import new_game  # noqa: E402


def run(mode: str, players: int, games: int) -> tuple[float, float, float]:
    """(games per CPU second, games per wall-clock second, actions per game)."""
    steps = 0
    c0 = time.process_time()
    t0 = time.perf_counter()
    for seed in range(games):
        g = new_game("usa", players, seed=seed)
        rng = random.Random(seed)
        if mode in ("fused", "+score"):
            steps += g.play_random(rng)
            if mode == "+score":
                g.score()
        elif mode == "step":
            while not g.over:
                g.random_step(rng)
            steps += len(g._hist)
        else:
            while not g.over:
                g.apply(g.random_action(rng))
            steps += len(g._hist)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return games / cpu, games / wall, steps / games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--modes", nargs="+", default=["fused", "step", "apply", "+score"])
    a = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; USA random games")
    for n in a.players:
        for mode in a.modes:
            games = a.games if mode in ("fused", "step") else max(a.games // 4, 50)
            best, wall, steps = max(run(mode, n, games) for _ in range(a.repeat))
            print(f"  {n} players  {mode:7s} {best:8.0f} games/s  (wall clock {wall:6.0f}/s; "
                  f"{steps:.0f} actions/game, {1e6 / best / steps:.1f} us/action)")


if __name__ == "__main__":
    main()
