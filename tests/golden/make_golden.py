"""Write tests/golden/replays.json: games recorded before an engine change, replayed after it.

    .venv/bin/python tests/golden/make_golden.py               # every record
    .venv/bin/python tests/golden/make_golden.py --kind random # only the random players' records

Run it only on a revision whose games are the reference (it was run on the engine before the
one-engine rewrite, issue 16). For every variant and player count (the fewest and the most),
seeds 0 and 1, with random players, greedy players and a public-API random loop, it keeps
digests of the action history, the final state, the worded log and the score; the greedy
players' games also keep their actions, so they replay without the player.

``--kind K`` writes again only the records of kind K and keeps every other record (and every
saved game) as it is: the random players' records were written again so when their choices
changed on purpose (issue 32: ``legal[int(rng.random() * len(legal))]``, in legal order).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ttr_nb import variants  # noqa: E402
from ttr_nb.agents import play_game  # noqa: E402
from ttr_nb.game import new_game  # noqa: E402
from ttr_nb.variants import get_variant  # noqa: E402


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(game) -> dict:
    """The digests of a finished game."""
    return {
        "history": digest(json.dumps([a.to_json() for a in game.history], sort_keys=True)),
        "state": digest(game.state_json()),
        "log": digest("\n".join(e.text + "|" + e.public for e in game.log)),
        "totals": list(game.score().totals),
        "actions": len(game.history),
    }


def public_game(variant: str, n: int, seed: int):
    g = new_game(variant, n, seed=seed)
    rnd = random.Random(seed).random
    while not g.over:
        legal = g.legal_actions()
        g.apply(legal[int(rnd() * len(legal))])
    return g


KINDS = ("random", "greedy", "public")


def play(v: str, n: int, seed: int, kind: str):
    """The game of one record."""
    if kind == "public":
        return public_game(v, n, seed)
    return play_game(v, n, seed, agents=kind)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Write tests/golden/replays.json.")
    ap.add_argument("--kind", choices=KINDS, action="append",
                    help="write again only the records of this kind (repeatable); keep the others")
    args = ap.parse_args(argv)
    path = Path(__file__).with_name("replays.json")
    kept = json.loads(path.read_text()) if args.kind else []
    redo = set(args.kind or KINDS)
    out = []
    for v in variants():
        counts = get_variant(v).players
        for n in sorted({min(counts), max(counts)}):
            for seed in (0, 1):
                for kind in KINDS:
                    if kind not in redo:
                        old = [r for r in kept if (r["variant"], r["players"], r["seed"], r["kind"]) == (v, n, seed, kind)]
                        if len(old) != 1:
                            raise SystemExit(f"no record of {v} {n}p seed {seed} {kind} to keep")
                        out.append(old[0])
                        continue
                    g = play(v, n, seed, kind)
                    rec = {"variant": v, "players": n, "seed": seed, "kind": kind, **record(g)}
                    if kind == "greedy" and seed == 0:
                        rec["game"] = g.to_dict()
                    out.append(rec)
                    print(v, n, seed, kind, rec["actions"], rec["totals"], flush=True)
    if kept and len(out) != len(kept):
        raise SystemExit(f"{len(kept)} records before, {len(out)} now: the variants changed")
    path.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
