"""Time ttr_nb.longest_trail on random and adversarial 45-car networks.

    .venv/bin/python benchmarks/bench_trail.py            # 20,000 networks per board
    .venv/bin/python benchmarks/bench_trail.py --n 2000   # a quicker run

Networks are built like a player's, with a fixed seed: routes are added at random until no
route fits in the 45 trains ("random"), or mostly next to what is already owned ("grown").
The two tracks of a double are never both taken, except on Team Asia (a team may own both).
Then the networks two random agents end a game with (``play_game("usa", 2, seed)``, about 20
routes each: ``ttr_nb.simulate`` asks for the longest trail of every seat of every game).
Adversarial sets: grids of 1- and 2-car routes cut at 45 cars (square grids: cities of
degree 2-4; triangulated grids, with diagonals: degree up to 6, many odd cities; and, as a
stress test beyond the issue's families, triangulated 6 x 6 grids, whose 45 routes of one
car form the densest networks a player could own) and real board networks hill-climbed to
maximise the time of one call. There is no cache: every call recomputes from the route ids.
Each network is timed as the best of 3 calls, which filters out the moments another process
had the CPU (the machine may be shared).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import ttr_nb
from ttr_nb.agents import play_game
from ttr_nb.board import Board, City, Route
from ttr_nb.graph import longest_trail

BOARDS = ("usa", "legendary_asia", "heart_of_africa", "team_asia")
CARS = 45


def player_network(board: Board, rng: random.Random, grown: bool, cars: int = CARS) -> list[int]:
    """A 45-car network: random routes while one fits ("grown": 80% touch the network)."""
    both_tracks = board.key == "team_asia"
    owned: list[int] = []
    blocked: set[int] = set()
    cities: set[str] = set()
    left = cars
    routes = list(board.routes)
    while True:
        fits = [r for r in routes if r.id not in blocked and r.length <= left]
        if not fits:
            return owned
        near = [r for r in fits if cities & set(r.cities)] if grown and cities else []
        r = rng.choice(near if near and rng.random() < 0.8 else fits)
        owned.append(r.id)
        blocked.add(r.id)
        if not both_tracks:
            blocked.update(board.twins[r.id])
        cities.update(r.cities)
        left -= r.length


def grid_board(rows: int, cols: int, rng: random.Random, diagonals: bool = False,
               lengths=(1,), cars: int = CARS) -> tuple[Board, list[int]]:
    """A grid of short routes (an adversarial 'board'), cut at ``cars`` cars."""
    cities = [City(f"{r},{c}", c / cols, r / rows) for r in range(rows) for c in range(cols)]
    pairs = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                pairs.append(((r, c), (r, c + 1)))
            if r + 1 < rows:
                pairs.append(((r, c), (r + 1, c)))
            if diagonals and r + 1 < rows and c + 1 < cols:
                pairs.append(((r, c), (r + 1, c + 1)))
    rng.shuffle(pairs)
    routes, left = [], cars
    for (a, b) in pairs:
        w = rng.choice(lengths)
        if w <= left:
            routes.append(Route(len(routes) + 1, f"{a[0]},{a[1]}", f"{b[0]},{b[1]}", w, "gray"))
            left -= w
    board = Board("grid", f"grid {rows}x{cols}", cities, routes, [])
    return board, [r.id for r in routes]


def time_call(board, ids, repeat: int = 3) -> float:
    """Best of ``repeat`` calls, in milliseconds (the best filters out the moments another
    process had the CPU; nothing is cached between calls)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        longest_trail(board, ids)
        best = min(best, time.perf_counter_ns() - t0)
    return best / 1e6


def hill_climb(board: Board, rng: random.Random, steps: int) -> tuple[list[int], float]:
    """Mutate a grown network (drop 1-2 routes, refill to 45 cars) keeping the slowest."""
    both = board.key == "team_asia"
    ids = player_network(board, rng, grown=True)
    worst = time_call(board, ids, 3)
    for _ in range(steps):
        cand = ids[:]
        for _ in range(rng.choice((1, 2))):
            cand.remove(rng.choice(cand))
        left = CARS - sum(board.route(i).length for i in cand)
        blocked = set(cand) | ({t for i in cand for t in board.twins[i]} if not both else set())
        cities = {c for i in cand for c in board.route(i).cities}
        while True:
            fits = [r for r in board.routes if r.id not in blocked and r.length <= left]
            if not fits:
                break
            near = [r for r in fits if cities & set(r.cities)]
            r = rng.choice(near or fits)
            cand.append(r.id)
            blocked.add(r.id)
            if not both:
                blocked.update(board.twins[r.id])
            cities.update(r.cities)
            left -= r.length
        t = time_call(board, cand, 3)
        if t > worst:
            ids, worst = cand, t
    return ids, worst


def summary(name: str, times: list[float]) -> str:
    s = sorted(times)
    n = len(s)

    def pct(p):
        return s[min(n - 1, int(p * n))]

    return (f"| {name:<34} | {n:>6} | {statistics.fmean(s):8.4f} | {pct(0.5):8.4f} | "
            f"{pct(0.99):8.4f} | {pct(0.999):8.4f} | {s[-1]:8.3f} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000, help="networks per board and kind")
    ap.add_argument("--climb", type=int, default=300, help="hill-climbing steps per start")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    print("| networks                           |      n | mean ms  | p50 ms   | p99 ms   | p99.9 ms | max ms   |")
    print("| ---------------------------------- | -----: | -------: | -------: | -------: | -------: | -------: |")
    for kind in ("random", "grown"):
        for name in BOARDS:
            board = ttr_nb.load_map(name)
            rng = random.Random(f"{args.seed}-{name}-{kind}")
            nets = [player_network(board, rng, grown=kind == "grown") for _ in range(args.n)]
            longest_trail(board, nets[0])  # build the board's compiled graph once
            times = [time_call(board, ids) for ids in nets]
            print(summary(f"{name} ({kind})", times), flush=True)
    usa = ttr_nb.load_map("usa")
    nets = [[c[0] for c in game.claims[seat]]
            for game in (play_game("usa", 2, seed, ("random",)) for seed in range(max(1, args.n // 20)))
            for seat in range(2)]
    times = [time_call(usa, ids) for ids in nets]
    print(summary("usa, random agents' games (end)", times), flush=True)
    rng = random.Random(args.seed)
    for label, shapes in [("square grids", [(5, 5, False, (1,)), (4, 7, False, (1,)),
                                            (6, 6, False, (1, 2)), (3, 8, False, (1,))]),
                          ("triangulated grids", [(4, 4, True, (1,)), (5, 5, True, (1, 2))]),
                          ("triangulated 6x6 grids (stress)", [(6, 6, True, (1,)), (6, 6, True, (1, 2))])]:
        grids = [grid_board(rows, cols, rng, diag, lengths)
                 for rows, cols, diag, lengths in shapes for _ in range(max(1, args.n // 200))]
        times = [time_call(b, ids) for b, ids in grids]
        print(summary(label if "stress" in label else f"{label} of short routes", times), flush=True)
    climbed = []
    for name in BOARDS:
        board = ttr_nb.load_map(name)
        for start in range(3):
            ids, _ = hill_climb(board, random.Random(f"{args.seed}-climb-{name}-{start}"), args.climb)
            climbed.append((board, ids))
    times = [time_call(b, ids, 5) for b, ids in climbed]
    print(summary("hill-climbed worst cases", times), flush=True)


if __name__ == "__main__":
    main()
