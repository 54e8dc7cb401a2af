"""How fast board pictures are drawn: targets (issue 14) a game position under 60 ms (median)
and the first board under 400 ms.

    python benchmarks/bench_draw.py              # 5 fresh processes per first picture, 20 rounds of the rest
    python benchmarks/bench_draw.py --rounds 3   # quicker

Times CPU (``time.process_time``) of what a lesson does: ``ttr_nb.show(x)`` (the picture at
the resolution where city names are 12 px high, PNG bytes included), for

* **first board**: the USA board's first picture in a fresh process (matplotlib, IPython,
  ttr_nb and the map already imported and loaded, as after a notebook's first cell), one
  process a round;
* **each board, first**: the same for each of the four boards;
* **board again**: the same board shown again in the same process;
* **4-player USA position**: a greedy 4-player USA game (seed 14) shown at 20 points of the
  game (every few claims, the end included), each once; the first such picture of a board
  draws the board's layers, so it is reported apart (**first position**);
* **each board, position**: a 4-player game on each board (Team Asia: two teams), at the end.

Also a GameStepper step (▶: advance, repaint, PNGs) for comparison with ``bench_widgets.py``.
Run it with ``PYTHONPATH=<an older checkout>`` to time an older revision (``ttr_nb.show`` and
``board_png`` are all it uses).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

BOARDS = {"usa": "usa", "legendary_asia": "legendary-asia", "heart_of_africa": "heart-of-africa",
          "team_asia": "team-asia"}


def _first_picture(board: str) -> float:
    """CPU seconds of the first picture of ``board`` in a fresh process."""
    code = f"""
import time, matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot, matplotlib.figure, matplotlib.backends.backend_agg
import IPython.display, PIL.Image
import ttr_nb, ttr_nb.draw, ttr_nb.pictures, ttr_nb.game, ttr_nb.scoring
try:
    import ttr_nb.widgets.canvas
except ImportError:
    pass
b = ttr_nb.load_map({board!r})
t = time.process_time()
ttr_nb.show(b).data
print(time.process_time() - t)
"""
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def _cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def _row(label: str, xs: list[float]) -> dict:
    xs = sorted(xs)
    row = {"what": label, "n": len(xs), "median_ms": statistics.median(xs) * 1000, "worst_ms": xs[-1] * 1000}
    print(f"  {label:40s} n={len(xs):3d}   median {row['median_ms']:7.1f} ms   worst {row['worst_ms']:7.1f} ms")
    return row


def _positions(game, k: int) -> list[dict]:
    """draw_board keywords for ``k`` points of a finished game (claims in the order made)."""
    from ttr_nb.pictures import draw_args

    args = draw_args(game)
    order = [a.route for a in game.history if type(a).__name__ == "ClaimRoute"]
    owners = dict(args["claims"])
    if sorted(order) != sorted(owners):
        order = list(owners)
    out = []
    for i in range(1, k + 1):
        upto = order[: max(1, round(len(order) * i / k))]
        out.append(dict(args, claims={r: owners[r] for r in upto}))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="fresh processes per first picture")
    ap.add_argument("--n", type=int, default=20, help="rounds of the in-process timings")
    ap.add_argument("--json", help="also write the rows to this file")
    a = ap.parse_args(argv)

    import matplotlib

    matplotlib.use("Agg")
    import ttr_nb
    from ttr_nb.agents import play_game
    from ttr_nb.draw import board_png, label_dpi

    rows = []
    print(f"Python {sys.version.split()[0]}, {a.rounds} fresh processes, {a.n} rounds; CPU time")
    rows.append(_row("first board (USA, fresh process)", [_first_picture("usa") for _ in range(a.rounds)]))
    for name in BOARDS:
        rows.append(_row(f"each board, first: {name}", [_first_picture(name) for _ in range(max(1, a.rounds // 2))]))
    usa = ttr_nb.load_map("usa")
    ttr_nb.show(usa)
    rows.append(_row("board again (USA)", [_cpu(lambda: ttr_nb.show(usa).data) for _ in range(a.n)]))
    game = play_game("usa", players=4, seed=14, agents="greedy")
    dpi = label_dpi(usa, 12.0)
    pos = _positions(game, a.n)
    first = []
    for kw in pos[:1]:
        kw = dict(kw)
        first.append(_cpu(lambda: board_png(kw.pop("board"), dpi=dpi, title=game.variant.title, **kw)))
    rows.append(_row("first position (USA, 4 players)", first))
    times = []
    for kw in pos:
        kw = dict(kw)
        b = kw.pop("board")
        times.append(_cpu(lambda: board_png(b, dpi=dpi, title=game.variant.title, **kw)))
    rows.append(_row("4-player USA position (board_png)", times))
    rows.append(_row("4-player USA game, end (ttr_nb.show)", [_cpu(lambda: ttr_nb.show(game).data) for _ in range(a.n)]))
    for name, variant in BOARDS.items():
        g = play_game(variant, players=4, seed=14, agents="greedy")
        ttr_nb.show(g)
        rows.append(_row(f"each board, 4-player end: {name}", [_cpu(lambda: ttr_nb.show(g).data) for _ in range(max(3, a.n // 2))]))
    try:
        from ttr_nb.widgets import GameStepper
    except ImportError:
        GameStepper = None
    if GameStepper is not None:
        s = GameStepper(game, chart=False)
        steps = []
        for _ in range(min(a.n * 3, len(game.history))):
            steps.append(_cpu(s.forward.click))
        rows.append(_row("GameStepper step (no chart)", steps))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
