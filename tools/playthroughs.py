"""Readable random playthroughs: one text file per variant in tests/playthroughs/.

    .venv/bin/python tools/playthroughs.py            # (re)write every file
    .venv/bin/python tools/playthroughs.py --check    # diff them against a fresh run; exit 1 if any differs

Each file is one complete random game (as OpenSpiel's playthrough tests keep one), played with
the public API only, by the random player written out in full::

    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        events = game.apply(action)

One line per step (step number, the player, the decision, how many legal actions there were, the
action chosen), the step's events below it, indented, and the final Scoresheet at the end.
tests/test_playthroughs.py plays them again and compares line by line: a change in what is legal,
in the order of the legal actions, in the rules' outcome or in their words shows up as the first
line that differs. When the change is meant, run this script and read the diff (``git diff
tests/playthroughs``) before committing it.
"""
from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import ttr_nb  # noqa: E402

OUT = ROOT / "tests" / "playthroughs"
SEED = 1
MAX_STEPS = 2000
"""A game still going after this many steps is cut there (a line says so); none is today."""

MORE_PLAYERS = {"usa": 4}
"""Variants played a second time with more players (USA 4p: both tracks of a double route
open, B-5.8). Files stay a few hundred lines: a Team Asia 6p game would be over a thousand."""

REGENERATE = "python tools/playthroughs.py"


def cases() -> list[tuple[str, int]]:
    """(variant, players) of every playthrough: every variant at its fewest players, and the
    variants of :data:`MORE_PLAYERS` once more."""
    out = []
    for name in ttr_nb.variants():
        counts = ttr_nb.get_variant(name).players
        out.append((name, min(counts)))
        more = MORE_PLAYERS.get(name)
        if more is not None and more in counts and more != min(counts):
            out.append((name, more))
    return out


def file_name(variant: str, players: int) -> str:
    return f"{variant}-{players}p.txt"


def playthrough(variant: str, players: int, seed: int = SEED, max_steps: int = MAX_STEPS) -> list[str]:
    """The lines of one random game (see the module docstring)."""
    game = ttr_nb.new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    lines = [
        f"# {variant}, {players} players, seed {seed}: a random game through the public API",
        f"# rng = random.Random({seed}); each step: legal = game.legal_actions(); "
        "action = legal[int(rng.random() * len(legal))]; game.apply(action)",
        f"# regenerate with: {REGENERATE}",
        "setup",
    ]
    lines += [f"    {e.text}" for e in game.log]
    step = 0
    while not game.over and step < max_steps:
        step += 1
        legal = game.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        who = game.names[game.current_player]
        lines.append(f"step {step}  {who}  {game.pending}  legal={len(legal)}  -> {action.text(game)}")
        lines += [f"    {e.text}" for e in game.apply(action)]
    if not game.over:
        lines.append(f"cut at step {step}: the game is not over")
    sheet = game.score()
    lines.append("final scores" if game.over else "scores so far")
    for k, (name, total) in enumerate(zip(sheet.names, sheet.totals)):
        lines.append(f"    {name}: {total}{'  (winner)' if k in sheet.winners else ''}")
    return lines


def render(variant: str, players: int) -> str:
    return "\n".join(playthrough(variant, players)) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="write nothing: print a unified diff of every file against a fresh run, exit 1 if any differs")
    args = ap.parse_args(argv)
    wanted = {file_name(v, n): (v, n) for v, n in cases()}
    differ = 0
    if not args.check:
        OUT.mkdir(parents=True, exist_ok=True)
        for old in OUT.glob("*.txt"):
            if old.name not in wanted:
                old.unlink()
                print(f"removed {old.relative_to(ROOT)}")
    else:
        for old in sorted(OUT.glob("*.txt")):
            if old.name not in wanted:
                print(f"{old.relative_to(ROOT)}: no such variant and player count any more")
                differ += 1
    for name, (variant, players) in wanted.items():
        path = OUT / name
        text = render(variant, players)
        if args.check:
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            if old != text:
                differ += 1
                rel = str(path.relative_to(ROOT))
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(keepends=True), text.splitlines(keepends=True),
                    fromfile=f"{rel} (stored)", tofile=f"{rel} (played now)"))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    if args.check:
        print(f"{differ} playthrough(s) differ; regenerate with: {REGENERATE}" if differ
              else f"all {len(wanted)} playthroughs are as stored")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
