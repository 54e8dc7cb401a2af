"""Check that scoring and simulation output is byte for byte what an older revision gives.

    .venv/bin/python benchmarks/scoring_equivalence.py --ref HEAD        # a minute or two
    .venv/bin/python benchmarks/scoring_equivalence.py --ref <commit> --quick

It reads ``ttr_nb/scoring.py`` and ``ttr_nb/simulate.py`` as they were at ``--ref``
(``git show``; the older modules run on today's engine, so only these two files differ),
then:

1. plays seeded games (USA 2 and 4 players random, 200 of each; every variant at its
   smallest and largest player count, random and greedy) and scores each game with both
   versions: ``json.dumps(sheet.to_dict())``, ``str(sheet)``, the HTML, ``repr``, the
   ticket results, trails, networks, line totals and ``result_of_game`` (with and
   without lines) must be equal;
2. runs ``ttr-nb simulate`` (``--json``, the summary table, and ``--json --workers 2``) for
   several variants with each version, and compares the bytes written to stdout.

It prints each difference it finds and exits with 1 if there is any, else 0, and gives
the CPU time each version spent scoring.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("scoring", "simulate")


def old_sources(ref: str, into: Path) -> dict[str, Path]:
    """The two modules at ``ref``, written under ``into``."""
    out = {}
    for name in MODULES:
        text = subprocess.run(["git", "show", f"{ref}:ttr_nb/{name}.py"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
        path = into / f"{name}.py"
        path.write_text(text)
        out[name] = path
    return out


def load(path: Path, as_name: str):
    """Load a module file as ``as_name`` (inside the ttr_nb package, so its relative
    imports work)."""
    import ttr_nb  # noqa: F401

    spec = importlib.util.spec_from_file_location(as_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[as_name] = module
    spec.loader.exec_module(module)
    sheet = getattr(module, "Scoresheet", None)
    if sheet is not None and "settings" not in inspect.signature(sheet.compute).parameters:
        # a revision older than the settings-aware sheet: the game's call passes its settings,
        # which that sheet did not take (it scored with the defaults)
        old = sheet.compute.__func__

        def compute(cls, board, scorers, bonuses=None, settings=None, **kw):
            return old(cls, board, scorers, bonuses, **kw)
        sheet.compute = classmethod(compute)
    return module


def cases(quick: bool):
    import ttr_nb

    n = 40 if quick else 200
    for players in (2, 4):
        for seed in range(n):
            yield "usa", players, seed, "random"
    for variant in ttr_nb.variants():
        allowed = sorted(ttr_nb.get_variant(variant).players)
        for players in sorted({allowed[0], allowed[-1]}):
            for seed in range(4 if quick else 15):
                yield variant, players, 2000 + seed, "random"
            for seed in range(1 if quick else 3):
                yield variant, players, 1000 + seed, "greedy"


def facts(sheet, kinds) -> list:
    out = []
    for i in range(len(sheet.names)):
        t, net = sheet.trail(i), sheet.network(i)
        out.append((t.length, t.routes, t.cities, sorted(net.cities), sorted(net.routes),
                    [sheet.line_total(i, k) for k in kinds], sheet.tickets_completed(i)))
    return out


def compare_sheets(paths: dict[str, Path], quick: bool) -> int:
    import ttr_nb
    from ttr_nb.agents import play_game

    new_sc = importlib.import_module("ttr_nb.scoring")
    new_sim = importlib.import_module("ttr_nb.simulate")
    old_sc = load(paths["scoring"], "ttr_nb._old_scoring")
    old_sim = load(paths["simulate"], "ttr_nb._old_simulate")
    bad = games = 0
    spent = {"new": 0.0, "old": 0.0}
    for variant, players, seed, agent in cases(quick):
        game = play_game(variant, players, seed, (agent,))
        bonuses = dict(game.variant.bonuses)
        t0 = time.process_time()
        a = new_sc.Scoresheet.compute(game.board, game.scorers(), bonuses)
        t1 = time.process_time()
        b = old_sc.Scoresheet.compute(game.board, game.scorers(), bonuses)
        spent["new"] += t1 - t0
        spent["old"] += time.process_time() - t1
        agents = (agent,) * players
        pairs = {
            "to_dict": (json.dumps(a.to_dict(), ensure_ascii=False),
                        json.dumps(b.to_dict(), ensure_ascii=False)),
            "str": (str(a), str(b)), "html": (a._repr_html_(), b._repr_html_()),
            "repr": (repr(a), repr(b)),
            "ticket_results": (repr(a.ticket_results), repr(b.ticket_results)),
            "facts": (facts(a, new_sc.KINDS), facts(b, old_sc.KINDS)),
        }
        for lines in (True, False):
            ra = new_sim.result_of_game(game, 3, agents, lines)  # new: the real game.score
            game.score = lambda: b  # noqa: B023 - old: the old version's sheet
            sys.modules["ttr_nb.scoring"] = old_sc  # the old simulate's own scoring imports
            try:
                rb = old_sim.result_of_game(game, 3, agents, lines)
            finally:
                sys.modules["ttr_nb.scoring"] = new_sc
                del game.score
            pairs[f"result_of_game(lines={lines})"] = (json.dumps(ra, ensure_ascii=False),
                                                       json.dumps(rb, ensure_ascii=False))
        games += 1
        for what, (x, y) in pairs.items():
            if x != y:
                bad += 1
                print(f"DIFFERENT {what}: {variant} {players} players seed {seed} {agent}")
    print(f"{games} games scored by both versions, {bad} differences; CPU time scoring: "
          f"new {spent['new']:.2f} s, old {spent['old']:.2f} s")
    return bad


CLI_RUNS = [("usa", 2, "random", 40), ("usa", 4, "random", 30), ("usa", 2, "greedy", 6),
            ("usa-1910", 3, "random", 20), ("usa-mega", 5, "random", 10),
            ("usa-big-cities", 2, "greedy", 4), ("team-asia", 4, "random", 20),
            ("team-asia", 4, "greedy", 4), ("heart-of-africa", 2, "random", 20),
            ("heart-of-africa", 3, "greedy", 4), ("legendary-asia", 2, "random", 20),
            ("legendary-asia", 4, "greedy", 3)]

OLD_CLI = """
import sys
sys.path.insert(0, {bench!r})
import scoring_equivalence as se, ttr_nb
from pathlib import Path
se.load(Path({scoring!r}), "ttr_nb.scoring")
ttr_nb.simulate = se.load(Path({simulate!r}), "ttr_nb.simulate").simulate
from ttr_nb.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def compare_cli(paths: dict[str, Path], quick: bool) -> int:
    old = OLD_CLI.format(bench=str(Path(__file__).resolve().parent),
                         scoring=str(paths["scoring"]), simulate=str(paths["simulate"]))
    bad = runs = 0
    for variant, players, agent, games in CLI_RUNS[:4] if quick else CLI_RUNS:
        for extra in (["--json"], [], ["--json", "--workers", "2"]):
            args = ["simulate", "--variant", variant, "--players", str(players), "--agents",
                    agent, "--games", str(games), "--seed", "5", "--no-progress", *extra]
            runs += 1
            for attempt in (1, 2):  # a second run tells a real difference from files
                new_out = subprocess.run(  # edited while the first one ran
                    [sys.executable, "-m", "ttr_nb.cli", *args], cwd=ROOT,
                    capture_output=True, check=True).stdout
                old_out = subprocess.run([sys.executable, "-c", old, *args], cwd=ROOT,
                                         capture_output=True, check=True).stdout
                if new_out == old_out:
                    if attempt == 2:
                        print(f"different once, then the same: {' '.join(args)} "
                              "(were files edited during the run?)")
                    break
            else:
                bad += 1
                print(f"DIFFERENT command line output: {' '.join(args)}")
    print(f"{runs} command lines run by both versions, {bad} with different bytes")
    return bad


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ref", default="HEAD", help="the git revision to compare with")
    p.add_argument("--quick", action="store_true", help="fewer games and command lines")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        paths = old_sources(a.ref, Path(tmp))
        print(f"comparing ttr_nb/scoring.py and ttr_nb/simulate.py with {a.ref} "
              f"(load average {os.getloadavg()[0]:.1f})")
        bad = compare_sheets(paths, a.quick) + compare_cli(paths, a.quick)
    print("identical" if not bad else f"{bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
