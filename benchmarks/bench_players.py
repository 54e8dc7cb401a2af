"""Players (issue 19): speed of each style, the styles' tournament, the search player's strength.

    .venv/bin/python benchmarks/bench_players.py [--deals 60] [--search-games 40] [--skip-search]
    .venv/bin/python benchmarks/bench_players.py --tournament-only --boards team-asia

1. Games per CPU second of each player (every seat played by it) on two-player and four-player
   USA games.
2. The round robin of the four playing styles on the four boards (usa, legendary-asia,
   heart-of-africa with 2, 3 and 4 players; team-asia with 4): ``--deals`` deals per table, each
   played in every rotation (team-asia: in every split into two teams, 4 seat orders each).
   Written to ``ttr_nb/data_results/tournament.json`` (the lesson and the README read it).
   ``--boards`` plays only those boards and replaces their games in the file, keeping the
   other boards' games as they are (every game is fixed by its board, deal and seat order, so
   replaying them would give the same games).
3. The search player (default strength: 40 sampled deals per decision, at most 1 CPU second)
   against the greedy player in ``--search-games`` two-player USA games (it takes seat 0 in even
   games, seat 1 in odd ones): win rate with its 95 % Wilson interval, CPU seconds per decision.

Everything is measured in CPU time of this process (``time.process_time``), on one core.
The summary goes to stdout and (except with ``--tournament-only``) to
``benchmarks/players_results.json``.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ttr_nb.agents import GreedyAgent, SearchAgent, agent_seed, play_game  # noqa: E402
from ttr_nb.game import new_game  # noqa: E402
from ttr_nb.simulate import game_seed, wilson  # noqa: E402
from ttr_nb.tournament import RESULTS_FILE, Tournament, load_tournament, merge, tournament  # noqa: E402

PLAYERS = ["greedy", "route-focus", "destination-hungry", "long-route", "one-step"]
STYLES = PLAYERS[1:]
BOARDS = ["usa", "legendary-asia", "heart-of-africa", "team-asia"]


def speeds(games: int) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name in PLAYERS:
        out[name] = {}
        for n in (2, 4):
            t = time.process_time()
            for i in range(games):
                play_game("usa", n, game_seed(7, i), agents=name)
            out[name][f"usa {n}p"] = games / (time.process_time() - t)
    return out


def search_duel(games: int) -> dict[str, float]:
    wins = decisions = 0
    thinking = 0.0
    worst = 0.0
    for i in range(games):
        seed = game_seed(19, i)
        g = new_game("usa", 2, seed)
        me = i % 2
        agents = [None, None]
        agents[me] = SearchAgent(agent_seed(seed, me))
        agents[1 - me] = GreedyAgent(agent_seed(seed, 1 - me))
        while not g.over:
            s = g.current_player
            if s == me:
                t = time.process_time()
                a = agents[s].choose(g)
                worst = max(worst, time.process_time() - t)
            else:
                a = agents[s].choose(g)
            g.apply(a)
        sheet = g.score()
        won = me in sheet.winners
        wins += won
        decisions += agents[me].decisions
        thinking += agents[me].thinking
        print(f"  game {i + 1}/{games}: search seat {me} {'won' if won else 'lost'} "
              f"{sheet.totals}, {agents[me].thinking / max(1, agents[me].decisions):.2f} s/decision",
              flush=True)
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games, "low": lo, "high": hi,
            "seconds_per_decision": thinking / max(1, decisions), "worst_decision": worst,
            "decisions": decisions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--speed-games", type=int, default=40)
    ap.add_argument("--search-games", type=int, default=40)
    ap.add_argument("--skip-search", action="store_true")
    ap.add_argument("--search-only", action="store_true", help="only part 3")
    ap.add_argument("--tournament-only", action="store_true", help="only part 2")
    ap.add_argument("--boards", nargs="+", choices=BOARDS, default=None,
                    help="part 2: play only these boards and replace their games in the file")
    args = ap.parse_args(argv)
    summary: dict = {"machine": "2 cores shared with other jobs; CPU time of one process"}

    if args.search_only:
        d = search_duel(args.search_games)
        summary["search_vs_greedy"] = d
        print(f"  search won {d['wins']}/{d['games']} = {d['win_rate']:.0%} "
              f"(95% interval {d['low']:.0%}-{d['high']:.0%}); {d['seconds_per_decision']:.2f} CPU s "
              f"per decision on average, {d['worst_decision']:.2f} s at most", flush=True)
        (ROOT / "benchmarks" / "players_search.json").write_text(json.dumps(summary, indent=1) + "\n")
        return 0
    if not args.tournament_only:
        print("1. games per CPU second (every seat the same player)", flush=True)
        sp = speeds(args.speed_games)
        summary["games_per_cpu_second"] = sp
        for name, d in sp.items():
            print(f"  {name:<19} " + "  ".join(f"{k}: {v:6.1f}" for k, v in d.items()), flush=True)

    boards = args.boards or BOARDS
    print(f"2. tournament of the styles on {', '.join(boards)}, {args.deals} deals per table", flush=True)
    t0 = time.process_time()
    played = {b: tournament(STYLES, variants=[b], seats=[4] if b == "team-asia" else [2, 3, 4],
                            games=args.deals, seed=2017) for b in boards}
    kept = load_tournament() if args.boards and RESULTS_FILE.exists() else Tournament()
    parts = [played[b] if b in played else Tournament(kept.select(b), {}) for b in BOARDS]
    t = merge(parts)
    t.meta = {"agents": STYLES, "variants": BOARDS, "deals_per_table": args.deals, "seed": 2017,
              "seat_orders": "every rotation; team-asia: every split into teams, 4 seat orders each",
              "made_by": "benchmarks/bench_players.py"}
    t.save(RESULTS_FILE)
    cpu = time.process_time() - t0
    summary["tournament"] = {"boards": boards, "games_played": sum(map(len, played.values())),
                             "games": len(t), "cpu_seconds": cpu,
                             "file": str(RESULTS_FILE.relative_to(ROOT))}
    print(t.text(), flush=True)
    print(f"  {sum(map(len, played.values()))} games played in {cpu:.0f} CPU s; {len(t)} games "
          f"written to {RESULTS_FILE.relative_to(ROOT)}", flush=True)

    if not args.skip_search and not args.tournament_only:
        print(f"3. search player vs greedy, {args.search_games} two-player USA games", flush=True)
        d = search_duel(args.search_games)
        summary["search_vs_greedy"] = d
        print(f"  search won {d['wins']}/{d['games']} = {d['win_rate']:.0%} "
              f"(95% interval {d['low']:.0%}-{d['high']:.0%}); {d['seconds_per_decision']:.2f} CPU s "
              f"per decision on average, {d['worst_decision']:.2f} s at most", flush=True)
    if not args.tournament_only:   # a partial run does not overwrite the full summary
        (ROOT / "benchmarks" / "players_results.json").write_text(json.dumps(summary, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
