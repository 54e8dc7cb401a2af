"""Engine speed: whole games per CPU second, every row of the engine table (one core).

    .venv/bin/python benchmarks/bench_engine.py                 # every row, 5 rounds (a few minutes)
    .venv/bin/python benchmarks/bench_engine.py --rounds 3 --scale 0.3   # a quicker look
    .venv/bin/python benchmarks/bench_engine.py --rows usa-public greedy-usa
    .venv/bin/python benchmarks/bench_engine.py --fresh         # seeds never played before
    PYTHONPATH=/tmp/older .venv/bin/python benchmarks/bench_engine.py   # an older revision

Each row plays whole games from ``new_game`` (the deal included) until ``game.over``, seeds
0, 1, 2, ...; a round plays the row's games once and is timed with ``time.process_time`` (CPU
time of this process: another job on the machine disturbs it far less than the wall clock).
The rounds of all rows are interleaved (row 1, row 2, ..., row 1, row 2, ...), so a busy
moment of the machine does not fall on one row only. Printed: the best and the median round
in games per CPU second, and the actions per game.

Every round repeats the same seeds, so from the second round on the engine's memos (of
displays, hands and ticket offers) hold every state the round meets: the
best round is the speed of states seen before. ``--fresh`` gives each round seeds of its own
(round k plays seeds k * 1,000,000 + 0, 1, ...), the speed of a long run of new games, like
``simulate`` over many seeds, where the memos meet new states all the time.

Rows:

- ``usa-fused``: ``game.play_random(rng)``, the random loop (what ``play_game`` and
  ``simulate`` use for random agents): ``legal[int(rng.random() * len(legal))]`` of the one
  engine's ``legal_actions()``, pushed unchecked (the row keeps its old name);
- ``usa-public``: the public API as a user writes it:
  ``legal = game.legal_actions(); game.apply(legal[int(rng.random() * len(legal))])``;
- ``<board>-random``: ``game.play_random(rng)`` on Legendary Asia, The Heart of Africa and
  Team Asia;
- ``greedy-<board>``: ``agents.play_game(variant, n, seed, agents="greedy")``.
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ttr_nb.game import new_game  # noqa: E402


def _random(variant: str, n: int) -> Callable[[int], int]:
    def play(seed: int) -> int:
        g = new_game(variant, n, seed=seed)
        return g.play_random(random.Random(seed))
    return play


def _public(variant: str, n: int) -> Callable[[int], int]:
    def play(seed: int) -> int:
        g = new_game(variant, n, seed=seed)
        rnd = random.Random(seed).random
        k = 0
        while not g.over:
            legal = g.legal_actions()
            g.apply(legal[int(rnd() * len(legal))])
            k += 1
        return k
    return play


def _greedy(variant: str, n: int) -> Callable[[int], int]:
    from ttr_nb.agents import play_game

    def play(seed: int) -> int:
        return len(play_game(variant, n, seed, agents="greedy")._hist)
    return play


ROWS: dict[str, tuple[str, Callable[[int], int], int, int]] = {
    # name: (what, game player, players, games per round)
    "usa-fused-2": ("USA random (play_random, the one engine), 2p", _random("usa", 2), 2, 2000),
    "usa-fused-4": ("USA random (play_random, the one engine), 4p", _random("usa", 4), 4, 1000),
    "usa-public-2": ("USA, public legal_actions() + apply(), 2p", _public("usa", 2), 2, 600),
    "usa-public-4": ("USA, public legal_actions() + apply(), 4p", _public("usa", 4), 4, 300),
    "legendary-asia-random-2": ("Legendary Asia random 2p", _random("legendary-asia", 2), 2, 600),
    "legendary-asia-random-4": ("Legendary Asia random 4p", _random("legendary-asia", 4), 4, 300),
    "heart-of-africa-random-2": ("Heart of Africa random 2p", _random("heart-of-africa", 2), 2, 400),
    "heart-of-africa-random-4": ("Heart of Africa random 4p", _random("heart-of-africa", 4), 4, 200),
    "team-asia-random-4": ("Team Asia random 4p", _random("team-asia", 4), 4, 200),
    "team-asia-random-6": ("Team Asia random 6p", _random("team-asia", 6), 6, 150),
    "greedy-usa-2": ("greedy player, USA 2p", _greedy("usa", 2), 2, 200),
    "greedy-usa-4": ("greedy player, USA 4p", _greedy("usa", 4), 4, 100),
    "greedy-legendary-asia-2": ("greedy player, Legendary Asia 2p", _greedy("legendary-asia", 2), 2, 100),
    "greedy-heart-of-africa-2": ("greedy player, Heart of Africa 2p", _greedy("heart-of-africa", 2), 2, 100),
    "greedy-team-asia-4": ("greedy player, Team Asia 4p", _greedy("team-asia", 4), 4, 60),
}


def one_round(play: Callable[[int], int], games: int, first: int = 0) -> tuple[float, float]:
    """(CPU seconds, actions) of one round of ``games`` games, seeds first..first+games-1."""
    steps = 0
    c0 = time.process_time()
    for seed in range(first, first + games):
        steps += play(seed)
    return time.process_time() - c0, steps


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="timed rounds of every row (default 5)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every row's games per round")
    ap.add_argument("--rows", nargs="+", default=None,
                    help="rows to run (a prefix selects several, e.g. greedy); default every row")
    ap.add_argument("--fresh", action="store_true",
                    help="seeds never played before in every round (default: the same seeds each round)")
    a = ap.parse_args(argv)
    rows = [k for k in ROWS if a.rows is None or any(k.startswith(p) for p in a.rows)]
    if not rows:
        ap.error(f"no row matches {a.rows}; the rows are: {', '.join(ROWS)}")
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, CPU time; "
          f"{a.rounds} rounds, interleaved, " + ("new seeds every round" if a.fresh else "the same seeds every round"))
    for k in rows:  # warm up: the maps, tables and caches of every board
        ROWS[k][1](10_000)
    times: dict[str, list[float]] = {k: [] for k in rows}
    acts: dict[str, float] = {}
    for rnd in range(a.rounds):
        for k in rows:
            games = max(5, int(ROWS[k][3] * a.scale))
            cpu, steps = one_round(ROWS[k][1], games, (rnd + 1) * 1_000_000 if a.fresh else 0)
            times[k].append(games / max(cpu, 1e-9))
            acts[k] = steps / games
    print(f"{'row':58s} {'best':>8s} {'median':>8s} {'actions':>8s}")
    for k in rows:
        r = times[k]
        print(f"{ROWS[k][0]:58s} {max(r):8.0f} {statistics.median(r):8.0f} {acts[k]:8.0f}")


if __name__ == "__main__":
    main()
