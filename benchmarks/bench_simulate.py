"""Games per second for every playable variant, and the memory of a 10,000-game run.

    .venv/bin/python benchmarks/bench_simulate.py            # the full table (a few minutes)
    .venv/bin/python benchmarks/bench_simulate.py --quick    # a rough table in about a minute
    .venv/bin/python benchmarks/bench_simulate.py --memory-only

For each variant, 2 and 4 players (those the variant allows: 4 only for Team Asia), random and greedy
agents, it measures:

* ``play/s``: full games per CPU second through ``agents.play_game`` alone, one core (the
  engine's own speed; the target is 1,500 two-player USA random games per second);
* ``simulate/s``: ``ttr_nb.simulate`` per CPU second on one core (play + the Scoresheet +
  the result);
* ``1 core, wall``: the same per wall-clock second, measured next to the pool figure, so
  the ratio of the two shows what the pool gains on the machine as loaded at the time;
* ``pool of 2``: ``ttr_nb.simulate`` on a ``ProcessPoolExecutor(2)``, games per wall-clock
  second (the pool is started and warmed up before the clock starts).

Then a CPU accounting of the pool (USA, 2 players, random: the CPU time per game in the
workers and in the calling process), which a shared machine does not distort, and the
memory of ``simulate("usa", 2, 10_000)`` on a pool of 2 for each way of keeping the score
(the default, ``keep_lines=True``, ``score_lines=False``), each in a fresh process: the peak RSS of the calling process, and
what each result holds in memory (tracemalloc over 1,000 games; tracemalloc slows a run, so
the RSS runs go without it).
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


def rate(fn, games: int, repeat: int, clock=time.process_time) -> tuple[float, object]:
    """Games per second of ``clock`` (best of ``repeat`` runs) and what the last run returned.

    One core: ``time.process_time``, the CPU time of this process, which a shared machine
    disturbs far less than the wall clock. A pool: ``time.perf_counter`` (wall clock), as
    the work happens in other processes.
    """
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = clock()
        out = fn(games)
        best = min(best, clock() - t0)
    return games / max(best, 1e-9), out


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


MEMORY_MODES = {  # label -> simulate's keyword arguments
    "default (numbers kept, lines by replay)": {},
    "`keep_lines=True`": {"keep_lines": True},
    "`score_lines=False`": {"score_lines": False},
}


def memory_run(games: int, mode: str, traced: bool) -> dict:
    """In this process: a ``games``-game USA 2-player random run on a pool of 2.

    Without ``traced``: the process's peak RSS. With it: tracemalloc's peak (what the
    results hold), which slows the run down and adds its own overhead to the RSS.
    """
    import resource
    import tracemalloc

    with ProcessPoolExecutor(2) as pool:
        simulate("usa", 2, 4, seed=99, executor=pool)  # start the workers first
        rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        if traced:
            tracemalloc.start()
        t0 = time.perf_counter()
        results = simulate("usa", 2, games, seed=1, executor=pool, **MEMORY_MODES[mode])
        dt = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1] if traced else 0
        if traced:
            tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # (a default run writes the same lines as keep_lines=True, replaying every game to do so)
    json_bytes = sum(len(r.to_json_line()) + 1 for r in results) if MEMORY_MODES[mode] else 0
    return {"games": len(results), "traced_peak_mb": peak / 2**20, "rss_peak_mb": rss / 1024,
            "rss_before_mb": rss0 / 1024, "json_mb": json_bytes / 2**20, "seconds": dt}


def memory_table(games: int) -> None:
    """Peak RSS of a ``games``-game run, and bytes per result (tracemalloc, 1,000 games),
    for each way of keeping the score lines; each in a fresh process."""
    print(f"\n| {games:,} USA 2-player random games, pool of 2 | peak RSS of the process "
          f"| results in memory, per game (tracemalloc, {min(games, 1000):,} games) "
          "| results as JSON lines |")
    print("| --- | ---: | ---: | ---: |")
    for mode in MEMORY_MODES:
        runs = {}
        for traced, n in ((False, games), (True, min(games, 1000))):
            out = subprocess.run([sys.executable, __file__, "--_memory-child", str(n),
                                  "--_mode", mode, "--_traced", str(int(traced))],
                                 capture_output=True, text=True, check=True)
            runs[traced] = json.loads(out.stdout.strip().splitlines()[-1])
        big, small = runs[False], runs[True]
        json_mb = f"{big['json_mb']:,.0f} MB" if big["json_mb"] else "as `keep_lines=True`"
        print(f"| {mode} | {big['rss_peak_mb']:,.0f} MB | "
              f"{small['traced_peak_mb'] * 1024 / small['games']:,.1f} KB "
              f"| {json_mb} |", flush=True)


def pool_cpu(variant: str = "usa", players: int = 2, agent: str = "random",
             games: int = 3000) -> None:
    """CPU accounting of a pool of 2 (robust on a shared machine): the CPU time per game in
    the workers (``RUSAGE_CHILDREN``, pool start included) and in the calling process,
    next to the one-core CPU time. Two free cores play ``2 / worker time`` games a second
    if the calling process's share is left out, ``2 / (worker + calling) time`` with it
    (it runs on the same cores: it unpickles the results and builds the GameResults)."""
    import resource

    c0 = time.process_time()
    simulate(variant, players, games, seed=3, agents=(agent,))
    serial = (time.process_time() - c0) / games
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p0 = time.process_time()
    with ProcessPoolExecutor(2) as pool:
        simulate(variant, players, games, seed=3, agents=(agent,), executor=pool)
    parent = (time.process_time() - p0) / games
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    worker = (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) / games
    print(f"\npool of 2, CPU accounting ({games} {variant} {players}-player {agent} games): "
          f"one core {serial * 1000:.2f} ms per game; pool workers {worker * 1000:.2f} ms per "
          f"game (start-up included), calling process {parent * 1000:.2f} ms per game; on two "
          f"free cores about {2 / worker:,.0f} games/s for the workers, {2 / (worker + parent):,.0f} "
          f"with the calling process's share ({1 / (worker + parent):,.0f} per core; one core "
          f"alone: {1 / serial:,.0f})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="short runs (rough figures)")
    p.add_argument("--seconds", type=float, default=None, help="time per measurement")
    p.add_argument("--repeat", type=int, default=None)
    p.add_argument("--variants", default=None, help="comma-separated (default: all)")
    p.add_argument("--memory-games", type=int, default=10_000)
    p.add_argument("--memory-only", action="store_true")
    p.add_argument("--agents", default="random,greedy", help="comma-separated (default: both)")
    p.add_argument("--no-memory", action="store_true")
    p.add_argument("--_memory-child", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--_mode", default=next(iter(MEMORY_MODES)), help=argparse.SUPPRESS)
    p.add_argument("--_traced", type=int, default=0, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a._memory_child:
        print(json.dumps(memory_run(a._memory_child, a._mode, bool(a._traced))))
        return 0
    seconds = a.seconds or (0.5 if a.quick else 1.5)
    repeat = a.repeat or (1 if a.quick else 2)
    variants = a.variants.split(",") if a.variants else ttr_nb.variants()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the start; best of {repeat}, about {seconds:g} s each\n")
    if not a.memory_only:
        print("| variant | players | agents | play/s (1 core, CPU) | simulate/s (1 core, CPU) | "
              "simulate/s (1 core, wall) | simulate/s (pool of 2, wall) | turns/game |")
        print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
        with ProcessPoolExecutor(2) as pool:
            for variant in variants:
                allowed = ttr_nb.get_variant(variant).players
                counts = tuple(n for n in (2, 4) if n in allowed)
                for players in counts:
                    why = playable(variant, players)
                    if why:
                        print(f"| {variant} | {players} | – | does not play yet ({why}) "
                              "| | | | |")
                        continue
                    for agent in a.agents.split(","):
                        play = play_only(variant, players, agent)
                        n = calibrate(play, seconds)
                        play_rate, _ = rate(play, n, repeat)

                        def serial(k: int, v=variant, pl=players, ag=agent):
                            return simulate(v, pl, k, seed=7, agents=(ag,))

                        n2 = calibrate(serial, seconds)
                        sim_rate, results = rate(serial, n2, repeat)
                        wall_rate, _ = rate(serial, n2, repeat, clock=time.perf_counter)
                        simulate(variant, players, 8, seed=1, agents=(agent,), executor=pool)

                        def pooled(k: int, v=variant, pl=players, ag=agent):
                            return simulate(v, pl, k, seed=7, agents=(ag,), executor=pool)

                        pool_rate, _ = rate(pooled, 2 * n2, repeat, clock=time.perf_counter)
                        turns = sum(r.turns for r in results) / len(results)
                        print(f"| {variant} | {players} | {agent} | {play_rate:,.0f} | "
                              f"{sim_rate:,.0f} | {wall_rate:,.0f} | {pool_rate:,.0f} | "
                              f"{turns:.0f} |", flush=True)
    if not a.memory_only:
        pool_cpu(games=600 if a.quick else 3000)
    if not a.no_memory:
        memory_table(a.memory_games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
