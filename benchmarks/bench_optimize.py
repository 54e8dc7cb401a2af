"""Benchmark: the best possible score (ttr_nb.optimize.best_score), proven.

1. USA, the 30 original tickets, mode 'choose', 40..50 trains: the proven optimum and the
   time of each (Schaefer & Schaefer report 285 = 62 + 223 for 45 trains).
2. Every shipped board with its full ticket deck and 45 trains, under a time limit: the
   best found and its bound.

Writes ttr_nb/optimize/best_scores.json (the lesson loads it) and prints a Markdown table.

    .venv/bin/python benchmarks/bench_optimize.py                 # everything (long)
    .venv/bin/python benchmarks/bench_optimize.py --budgets 45 --limit 60
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import ttr_nb
from ttr_nb.optimize import best_score

OUT = Path(ttr_nb.__file__).parent / "optimize" / "best_scores.json"
BOARDS = {"usa": "all", "legendary_asia": "all", "heart_of_africa": "all", "team_asia": "all"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budgets", default="40-50", help="train budgets for the USA table, e.g. 40-50 or 45")
    ap.add_argument("--limit", type=float, default=120.0, help="time limit (s) for each other board")
    ap.add_argument("--table-limit", type=float, default=None, help="time limit (s) for each USA budget")
    ap.add_argument("--skip-boards", action="store_true", help="only the USA table")
    args = ap.parse_args()
    lo, _, hi = args.budgets.partition("-")
    budgets = list(range(int(lo), int(hi or lo) + 1))
    usa = ttr_nb.load_map("usa")
    table = []
    for b in budgets:
        cpu = time.process_time()
        r = best_score(usa, trains=b, tickets="original", time_limit=args.table_limit)
        cpu = time.process_time() - cpu
        table.append({**r.to_dict(), "cpu_seconds": round(cpu, 1), "load": round(os.getloadavg()[0], 1)})
        print(f"| {b} | {r.score} | {r.route_points} | {r.ticket_points} | {len(r.tickets)} | "
              f"{'yes' if r.proven else f'no (bound {r.bound})'} | {cpu:.1f} | {r.seconds:.1f} | "
              f"{os.getloadavg()[0]:.1f} |", flush=True)
    boards = []
    if not args.skip_boards:
        for key, deck in BOARDS.items():
            board = ttr_nb.load_map(key)
            cpu = time.process_time()
            r = best_score(board, trains=45, tickets=deck, time_limit=args.limit)
            cpu = time.process_time() - cpu
            boards.append({**r.to_dict(), "tickets_in_deck": len(board.tickets), "time_limit": args.limit,
                           "cpu_seconds": round(cpu, 1), "load": round(os.getloadavg()[0], 1)})
            print(f"| {key} | {len(board.tickets)} | {r.score} | {r.route_points} | {r.ticket_points} | "
                  f"{r.bound} | {'yes' if r.proven else 'no'} | {cpu:.1f} | {r.seconds:.1f} |", flush=True)
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    doc = {
        "about": "ttr_nb.optimize.best_score results, written by benchmarks/bench_optimize.py",
        "machine": f"{platform.machine()}, {platform.python_version()}, {time.strftime('%Y-%m-%d')}",
        "usa_original": {str(t["budget"]): t for t in (old.get("usa_original", {}).values())} | {str(t["budget"]): t for t in table},
        "boards": boards or old.get("boards", []),
    }
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
