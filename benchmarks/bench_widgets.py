"""How fast the controls redraw: one GameStepper step (advance + redraw), target < 150 ms.

    python benchmarks/bench_widgets.py            # the USA and Legendary Asia, 3 players
    python benchmarks/bench_widgets.py --quick    # fewer steps

A "step" is what ▶ does: apply the next action to the shown game, repaint the board (claims in
the players' colours, the last claim glowing), rebuild the players/cards/log panels and the
score-chart marker, and encode the PNGs the browser receives. It is timed by calling
``stepper.forward.click()`` headless (no browser: the websocket and the browser's decoding are
not included). Also timed: a jump to a random step (replay from the seed), and for comparison
a full ``draw_board`` + ``savefig`` of the same position.
"""
from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time

import matplotlib

matplotlib.use("Agg")


def _ms(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"median {statistics.median(xs) * 1000:6.1f} ms   p95 {p95 * 1000:6.1f} ms   max {xs[-1] * 1000:6.1f} ms"


def bench(variant: str, players: int, seed: int, quick: bool) -> None:
    import matplotlib.pyplot as plt

    from ttr_nb.agents import play_game
    from ttr_nb.draw import draw_board
    from ttr_nb.widgets import GameStepper
    from ttr_nb.widgets._common import _CANVASES

    game = play_game(variant, players=players, seed=seed, agents="greedy")
    n = len(game.history)
    _CANVASES.clear()
    t = time.perf_counter()
    stepper = GameStepper(game)
    t_init = time.perf_counter() - t
    steps = range(n) if not quick else range(min(n, 60))
    fwd = []
    for _ in steps:
        t = time.perf_counter()
        stepper.forward.click()
        fwd.append(time.perf_counter() - t)
    assert not stepper.errors, stepper.errors
    rng = random.Random(seed)
    jumps = []
    for _ in range(10 if quick else 30):
        k = rng.randrange(n + 1)
        t = time.perf_counter()
        stepper.go(k)
        jumps.append(time.perf_counter() - t)
    # the same position drawn the slow way
    stepper.go(n)
    owners = {int(r): s for r, s in stepper.game.view(None)["route_owners"].items()}
    full = []
    for _ in range(3):
        t = time.perf_counter()
        ax = draw_board(game.board, claims=owners, figsize=stepper.canvas.fig.get_size_inches())
        buf = io.BytesIO()
        ax.figure.savefig(buf, format="png", dpi=stepper.canvas.fig.dpi)
        plt.close(ax.figure)
        full.append(time.perf_counter() - t)
    png = stepper.board_image.value
    print(f"{variant}, {players} players, seed {seed}: {n} actions; board picture {stepper.canvas.size[0]}x"
          f"{stepper.canvas.size[1]} px, {len(png) // 1024} KB PNG at the end")
    print(f"  GameStepper(game) (board drawn once)   {t_init * 1000:7.0f} ms")
    print(f"  one step forward (▶), {len(fwd):3d} steps   {_ms(fwd)}")
    print(f"  jump to a random step (replay), {len(jumps):2d}   {_ms(jumps)}")
    print(f"  full draw_board + savefig, same size   {_ms(full)}")
    ok = statistics.median(fwd) < 0.150
    print(f"  target: one step < 150 ms -> {'met' if ok else 'NOT met'} (median)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    import os
    import platform

    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}")
    for variant in ("usa", "legendary-asia"):
        bench(variant, 3, 2026, args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
