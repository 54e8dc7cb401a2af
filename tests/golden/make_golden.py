"""Write tests/golden/replays.json: games recorded before an engine change, replayed after it.

    .venv/bin/python tests/golden/make_golden.py

Run it only on a revision whose games are the reference (it was run on the engine before the
one-engine rewrite, issue 16). For every variant and player count (the fewest and the most),
seeds 0 and 1, with random players, greedy players and a public-API random loop, it keeps
digests of the action history, the final state, the worded log and the score; the greedy
players' games also keep their actions, so they replay without the player.
"""
from __future__ import annotations

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


def main() -> None:
    out = []
    for v in variants():
        counts = get_variant(v).players
        for n in sorted({min(counts), max(counts)}):
            for seed in (0, 1):
                for kind in ("random", "greedy", "public"):
                    if kind == "public":
                        g = public_game(v, n, seed)
                    else:
                        g = play_game(v, n, seed, agents=kind)
                    rec = {"variant": v, "players": n, "seed": seed, "kind": kind, **record(g)}
                    if kind == "greedy" and seed == 0:
                        rec["game"] = g.to_dict()
                    out.append(rec)
                    print(v, n, seed, kind, rec["actions"], rec["totals"], flush=True)
    path = Path(__file__).with_name("replays.json")
    path.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
