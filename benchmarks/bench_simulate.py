"""Games per second for every playable variant, and the memory of a 10,000-game run.

    .venv/bin/python benchmarks/bench_simulate.py            # the full table (a few minutes)
    .venv/bin/python benchmarks/bench_simulate.py --quick    # a rough table in about a minute
    .venv/bin/python benchmarks/bench_simulate.py --memory-only

For each variant, 2 and 4 players (those the variant allows: 4 only for Team Asia), random and greedy
agents, it measures:

* ``play/s``: full games per second through ``agents.play_game`` alone, one core (the
  engine's own speed; the target is 1,500 two-player USA random games per second);
* ``simulate/s``: ``ttr_nb.simulate`` on one core (play + the Scoresheet + the result row);
* ``pool(2)/s``: ``ttr_nb.simulate`` on a ``ProcessPoolExecutor(2)`` (the pool is started
  and warmed up before the clock starts).

Then, in a fresh process, the peak memory of ``simulate("usa", 2, 10_000)`` on a pool of 2:
tracemalloc's peak in the parent (the results themselves) and the parent's peak RSS.
Timings are the best of ``--repeat`` runs. Variants that do not play yet are listed as such.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import ttr_nb
from ttr_nb.simulate import simulate


def playable(variant: str, players: int) -> str | None:
    """None if one game of ``variant`` plays to the end, else the reason it does not."""
    from ttr_nb.agents import play_game

    try:
        game = play_game(variant, players, 0, ("random",))
        game.score()
    except Exception as e:  # noqa: BLE001 - report any failure as "not playable"
        return f"{type(e).__name__}: {e}"[:80]
    return None


def rate(fn, games: int, repeat: int) -> tuple[float, object]:
    """Games per second (best of ``repeat`` runs) and what the last run returned."""
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(games)
        best = min(best, time.perf_counter() - t0)
    return games / best, out


def play_only(variant: str, players: int, agent: str):
    from ttr_nb.agents import play_game

    def run(n: int) -> None:
        for i in range(n):
            play_game(variant, players, i, (agent,))
    return run


def calibrate(fn, seconds: float) -> int:
    """How many games take about ``seconds`` (at least 10)."""
    n = 5
    while True:
        t0 = time.perf_counter()
        fn(n)
        dt = time.perf_counter() - t0
        if dt >= 0.25 or n >= 100_000:
            return max(10, int(n * seconds / max(dt, 1e-9)))
        n *= 4


def memory_run(games: int) -> dict:
    """In this process: the peak memory of a ``games``-game USA run on a pool of 2."""
    import resource
    import tracemalloc

    with ProcessPoolExecutor(2) as pool:
        simulate("usa", 2, 4, seed=99, executor=pool)  # start the workers first
        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        tracemalloc.start()
        t0 = time.perf_counter()
        results = simulate("usa", 2, games, seed=1, executor=pool)
        dt = time.perf_counter() - t0
        _cur, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    json_bytes = sum(len(json.dumps(r.to_dict())) for r in results)
    return {"games": len(results), "traced_peak_mb": peak / 2**20, "rss_peak_mb": rss / 1024,
            "rss_before_mb": rss0 / 1024, "json_mb": json_bytes / 2**20, "seconds": dt}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="short runs (rough figures)")
    p.add_argument("--seconds", type=float, default=None, help="time per measurement")
    p.add_argument("--repeat", type=int, default=None)
    p.add_argument("--variants", default=None, help="comma-separated (default: all)")
    p.add_argument("--memory-games", type=int, default=10_000)
    p.add_argument("--memory-only", action="store_true")
    p.add_argument("--no-memory", action="store_true")
    p.add_argument("--_memory-child", type=int, default=None, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a._memory_child:
        print(json.dumps(memory_run(a._memory_child)))
        return 0
    seconds = a.seconds or (0.5 if a.quick else 1.5)
    repeat = a.repeat or (1 if a.quick else 2)
    variants = a.variants.split(",") if a.variants else ttr_nb.variants()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; best of {repeat}, "
          f"about {seconds:g} s each\n")
    if not a.memory_only:
        print("| variant | players | agents | play/s (1 core) | simulate/s (1 core) | "
              "simulate/s (pool of 2) | turns/game |")
        print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
        with ProcessPoolExecutor(2) as pool:
            for variant in variants:
                allowed = ttr_nb.get_variant(variant).players
                counts = tuple(n for n in (2, 4) if n in allowed)
                for players in counts:
                    why = playable(variant, players)
                    if why:
                        print(f"| {variant} | {players} | – | does not play yet ({why}) | | | |")
                        continue
                    for agent in ("random", "greedy"):
                        play = play_only(variant, players, agent)
                        n = calibrate(play, seconds)
                        play_rate, _ = rate(play, n, repeat)

                        def serial(k: int, v=variant, pl=players, ag=agent):
                            return simulate(v, pl, k, seed=7, agents=(ag,))

                        n2 = calibrate(serial, seconds)
                        sim_rate, results = rate(serial, n2, repeat)
                        simulate(variant, players, 8, seed=1, agents=(agent,), executor=pool)

                        def pooled(k: int, v=variant, pl=players, ag=agent):
                            return simulate(v, pl, k, seed=7, agents=(ag,), executor=pool)

                        pool_rate, _ = rate(pooled, 2 * n2, repeat)
                        turns = sum(r.turns for r in results) / len(results)
                        print(f"| {variant} | {players} | {agent} | {play_rate:,.0f} | "
                              f"{sim_rate:,.0f} | {pool_rate:,.0f} | {turns:.0f} |", flush=True)
    if not a.no_memory:
        out = subprocess.run([sys.executable, __file__, "--_memory-child", str(a.memory_games)],
                             capture_output=True, text=True, check=True)
        m = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"\nmemory: {m['games']:,} USA 2-player random games on a pool of 2 in "
              f"{m['seconds']:.1f} s: results peak {m['traced_peak_mb']:.0f} MB (tracemalloc), "
              f"process peak RSS {m['rss_peak_mb']:.0f} MB (before the run "
              f"{m['rss_before_mb']:.0f} MB); the same results as JSON: {m['json_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
