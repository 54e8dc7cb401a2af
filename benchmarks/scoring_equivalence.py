"""Check that scoring and simulation output is byte for byte what an older revision gives.

    .venv/bin/python benchmarks/scoring_equivalence.py --ref HEAD        # about half a minute
    .venv/bin/python benchmarks/scoring_equivalence.py --ref <commit> --quick
    .venv/bin/python benchmarks/scoring_equivalence.py --tree /tmp/other --cases 5 --cli 1

Run it after any change made for speed. It compares two whole trees, each made of
``ttr_nb/`` and ``maps/`` (a board is read from the ``maps/`` beside its own ``ttr_nb/``,
``board.maps_dir``):

- the new one: a copy of this checkout's ``ttr_nb/`` and ``maps/`` as they are now, edits
  not yet committed included (a copy, so that files edited while the check runs change
  nothing);
- the old one: ``git archive REV ttr_nb maps`` unpacked in a temporary directory
  (``--ref``), or a directory holding ``ttr_nb/`` and ``maps/`` (``--tree``).

Each tree runs in its own Python process (``sys.executable``, ``PYTHONPATH`` and the working
directory set to the tree, ``PYTHONHASHSEED=0``; the process checks which ``ttr_nb`` it
imported), so the old code runs with its own engine, scoring and maps; the two are never
mixed in one process. Then:

1. each process runs this same file (``_child``): it plays the seeded games of
   :func:`cases` (USA 2 and 4 players random, 200 of each; every variant at its smallest and
   largest player count, random and greedy; ``--quick`` fewer, ``--cases N`` at most N of
   them) and writes one JSON line per game with its facts: ``json.dumps(sheet.to_dict())``,
   ``str(sheet)``, the HTML, ``repr``, the ticket results, trails, networks, line totals,
   tickets completed and ``result_of_game`` (with and without lines), ``sheet`` being
   ``game.score()``. A fact a tree cannot give (an attribute it lacks, an error) is
   written as the error's text, so it shows as a difference instead of stopping the check;
   so is a game a tree cannot play (a variant it does not have). Both processes are given
   the same games (the new tree's list, then any only the old one has). The parent
   compares the two files game by game and fact by fact;
2. ``python -m ttr_nb simulate`` runs in each tree (``--json``, the summary table, and
   ``--json --workers 2``; several variants, ``--quick`` the first four, ``--cli N`` the
   first N) and the bytes written to stdout (and the exit status) are compared.

It prints each difference with the game (variant, players, seed, agent) or the command
line that shows it, and the CPU time each tree spent (its processes and their workers;
the trees run one after the other, each compiled beforehand).
Exit status: 0 identical, 1 any difference, 2 the trees could not be made (an unknown
revision, a directory without ``ttr_nb/`` or ``maps/``).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()
CASE = tuple[str, int, int, str]  # variant, players, seed, agent


# -- the child: plays and scores the games in the tree it runs in ---------------------------

def cases(quick: bool) -> Iterator[CASE]:
    """The seeded games both trees play, in order (from the tree that runs it)."""
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


def spread(items: list, most: int | None) -> list:
    """At most ``most`` of ``items``, taken evenly from the whole list (all if None)."""
    if most is None or most >= len(items):
        return items
    if most <= 0:
        return []
    return [items[(k * len(items)) // most] for k in range(most)]


def _text(make) -> str:
    """``make()`` (a string), or the error it raised, as text."""
    try:
        return make()
    except Exception as e:  # noqa: BLE001 - an older tree may lack what is asked
        return f"<error {type(e).__name__}: {e}>"


def _kinds(scoring) -> tuple[str, ...]:
    kinds = getattr(scoring, "line_kinds", None)
    return tuple(kinds()) if kinds is not None else tuple(scoring.KINDS)


def line_totals(sheet, kinds: tuple[str, ...], i: int) -> dict[str, int]:
    """Scorer ``i``'s points by kind of line, the kinds it scores nothing in left out (so
    a kind of line added since, with nothing in it, is no difference)."""
    totals = {k: sheet.line_total(i, k) for k in kinds}
    return {k: v for k, v in totals.items() if v}


def game_facts(game, sheet, scoring, simulate, agents: tuple[str, ...]) -> dict[str, str]:
    """What is compared of one game, each fact as text."""
    n = range(len(sheet.names))
    dumps = lambda x: json.dumps(x, ensure_ascii=False)  # noqa: E731

    def trails():
        return repr([(t.length, t.routes, t.cities) for t in (sheet.trail(i) for i in n)])

    def networks():
        return repr([(sorted(net.cities), sorted(net.routes)) for net in map(sheet.network, n)])

    out = {
        "to_dict": _text(lambda: dumps(sheet.to_dict())),
        "str": _text(lambda: str(sheet)),
        "html": _text(lambda: sheet._repr_html_()),
        "repr": _text(lambda: repr(sheet)),
        "ticket_results": _text(lambda: repr(sheet.ticket_results)),
        "trails": _text(trails),
        "networks": _text(networks),
        "line_totals": _text(lambda: repr([line_totals(sheet, _kinds(scoring), i) for i in n])),
        "tickets_completed": _text(lambda: repr([sheet.tickets_completed(i) for i in n])),
    }
    for lines in (True, False):
        out[f"result_of_game(lines={lines})"] = _text(
            lambda: dumps(simulate.result_of_game(game, 3, agents, lines)))  # noqa: B023
    return out


def _which(root: Path) -> str | None:
    """None if ``ttr_nb`` was imported from ``root``, else where it came from."""
    import ttr_nb

    where = Path(ttr_nb.__file__).resolve()
    return None if where == (root / "ttr_nb" / "__init__.py").resolve() else str(where)


def child_main(argv: list[str]) -> int:
    """``_child ROOT list OUT [--quick]``: write the tree's :func:`cases` to OUT (JSON).
    ``_child ROOT play CASES OUT``: play and score the games listed in CASES, one JSON line
    each in OUT, then one line with the CPU time spent."""
    p = argparse.ArgumentParser(prog="scoring_equivalence.py _child")
    p.add_argument("root", type=Path)
    p.add_argument("what", choices=("list", "play"))
    p.add_argument("files", type=Path, nargs="+")
    p.add_argument("--quick", action="store_true")
    a = p.parse_args(argv)
    wrong = _which(a.root)
    if wrong:
        print(f"ttr_nb was imported from {wrong}, not from {a.root}", file=sys.stderr)
        return 2
    if a.what == "list":
        a.files[0].write_text(json.dumps(list(cases(a.quick))), encoding="utf-8")
        return 0
    import importlib

    from ttr_nb.agents import play_game

    scoring = importlib.import_module("ttr_nb.scoring")
    simulate = importlib.import_module("ttr_nb.simulate")  # (ttr_nb.simulate: the function)
    spent = {"play": 0.0, "score": 0.0}
    with a.files[1].open("w", encoding="utf-8") as out:
        for case in json.loads(a.files[0].read_text(encoding="utf-8")):
            variant, players, seed, agent = case
            t0 = time.process_time()
            try:
                game = play_game(variant, players, seed, (agent,))
            except Exception as e:  # noqa: BLE001 - e.g. a variant the tree lacks
                facts = {"game": f"<error {type(e).__name__}: {e}>"}
                t1 = time.process_time()
            else:
                t1 = time.process_time()
                facts = {"game": "played"}
                sheet = None
                try:
                    sheet = game.score()
                except Exception as e:  # noqa: BLE001
                    facts["score"] = f"<error {type(e).__name__}: {e}>"
                if sheet is not None:
                    facts.update(game_facts(game, sheet, scoring, simulate, (agent,) * players))
            t2 = time.process_time()
            spent["play"] += t1 - t0
            spent["score"] += t2 - t1
            out.write(json.dumps({"case": case, "facts": facts}, ensure_ascii=False) + "\n")
        out.write(json.dumps({"cpu": spent}) + "\n")
    return 0


# -- the parent: makes the trees, runs both, compares ------------------------------------

class TreeError(Exception):
    """A tree could not be made (an unknown revision, a directory that is not a tree)."""


def extract(ref: str, into: Path) -> Path:
    """``git archive REV ttr_nb maps`` unpacked into ``into``."""
    into.mkdir(parents=True)
    arch = subprocess.Popen(["git", "archive", ref, "ttr_nb", "maps"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    tar = subprocess.run(["tar", "-x", "-C", str(into)], stdin=arch.stdout,
                         capture_output=True)
    arch.stdout.close()
    err = arch.stderr.read().decode(errors="replace").strip()
    if arch.wait() != 0:
        raise TreeError(f"git archive {ref} ttr_nb maps failed: {err}")
    if tar.returncode != 0:
        raise TreeError(f"tar could not unpack {ref}: {tar.stderr.decode(errors='replace')}")
    return check_tree(into)


def snapshot(into: Path) -> Path:
    """This checkout's ``ttr_nb/`` and ``maps/`` as they are now, copied into ``into``."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for part in ("ttr_nb", "maps"):
        shutil.copytree(ROOT / part, into / part, ignore=skip)
    return check_tree(into)


def check_tree(root: Path) -> Path:
    root = root.resolve()
    for need in ("ttr_nb/__init__.py", "maps/usa.json"):
        if not (root / need).is_file():
            raise TreeError(f"{root} is not a tree to compare: it has no {need}")
    return root


def env_for(root: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    env.pop("PYTHONSTARTUP", None)
    return env


class Side:
    """One tree and the CPU time its processes spent."""

    def __init__(self, name: str, root: Path):
        self.name, self.root = name, root
        self.cpu = {"games": 0.0, "play": 0.0, "score": 0.0, "cli": 0.0}

    def run(self, args: list[str], part: str | None) -> subprocess.CompletedProcess:
        """``python args`` in this tree; its CPU time (and its workers') counted in ``part``
        (not counted if None)."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([sys.executable, *args], cwd=self.root, env=env_for(self.root),
                              capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if part is not None:
            self.cpu[part] += (after.ru_utime + after.ru_stime
                               - before.ru_utime - before.ru_stime)
        return done

    def check_import(self) -> None:
        """Check the tree's processes import its own ``ttr_nb``, and compile it beforehand
        (so that neither tree's CPU time includes compiling)."""
        self.run(["-m", "compileall", "-q", str(self.root / "ttr_nb")], None)
        done = self.run(["-c", "import ttr_nb; print(ttr_nb.__file__)"], None)
        where = done.stdout.decode().strip()
        if done.returncode or Path(where).resolve() != self.root / "ttr_nb" / "__init__.py":
            raise TreeError(f"the {self.name} tree's process imported ttr_nb from {where!r} "
                            f"(not {self.root}): {done.stderr.decode(errors='replace')[-500:]}")


def excerpt(new: str, old: str, width: int = 60) -> str:
    """Where two texts first differ, a little of each around it (an error: all of it)."""
    if new.startswith("<error") or old.startswith("<error"):
        return f"    new {new[:300]!r}\n    old {old[:300]!r}"
    at = next((k for k, (x, y) in enumerate(zip(new, old)) if x != y), min(len(new), len(old)))
    lo = max(0, at - width // 3)
    return (f"    at character {at}: new {new[lo:lo + width]!r}\n"
            f"    {' ' * len(f'at character {at}:')} old {old[lo:lo + width]!r}")


def read_lines(path: Path) -> tuple[list[dict], dict]:
    games, cpu = [], {}
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if "cpu" in d:
            cpu = d["cpu"]
        else:
            games.append(d)
    return games, cpu


def case_name(case) -> str:
    variant, players, seed, agent = case
    return f"{variant} {players} players seed {seed} {agent}"


def compare_games(new: Side, old: Side, quick: bool, most: int | None, tmp: Path,
                  shown: int = 20) -> int:
    """Part 1: both trees play and score the same games; each fact that differs is printed.

    The games are the new tree's :func:`cases`, then any only the old tree lists (a variant
    removed since), ``most`` of them at most; a game a tree cannot play is a difference."""
    listed: dict[str, list] = {}
    for side in (new, old):
        out = tmp / f"cases-{side.name}.json"
        done = side.run([str(HERE), "_child", str(side.root), "list", str(out),
                         *(["--quick"] if quick else [])], "games")
        if done.returncode != 0:
            print(f"DIFFERENT the {side.name} tree could not list the games "
                  f"(exit {done.returncode}):\n{done.stderr.decode(errors='replace')[-2000:]}")
            return 1
        listed[side.name] = [tuple(c) for c in json.loads(out.read_text(encoding="utf-8"))]
    both = listed["new"] + [c for c in listed["old"] if c not in set(listed["new"])]
    chosen = spread(both, most)
    (tmp / "cases.json").write_text(json.dumps(chosen), encoding="utf-8")
    lines = {}
    for side in (new, old):
        out = tmp / f"games-{side.name}.jsonl"
        done = side.run([str(HERE), "_child", str(side.root), "play", str(tmp / "cases.json"),
                         str(out)], "games")
        if done.returncode != 0:
            print(f"DIFFERENT the {side.name} tree could not play the games "
                  f"(exit {done.returncode}):\n{done.stderr.decode(errors='replace')[-2000:]}")
            return 1
        lines[side.name], cpu = read_lines(out)
        side.cpu["play"], side.cpu["score"] = cpu.get("play", 0.0), cpu.get("score", 0.0)
    for side in (new, old):
        if [tuple(d["case"]) for d in lines[side.name]] != chosen:
            print(f"DIFFERENT the {side.name} tree did not play the games it was given")
            return 1
    bad = 0
    for case, d, e in zip(chosen, lines["new"], lines["old"]):
        a, b = d["facts"], e["facts"]
        whats = list(a) + [k for k in b if k not in a]
        for first in ("game", "score"):  # not played or not scored: the one difference
            if a.get(first) != b.get(first):
                whats = [first]
                break
        for what in whats:
            x, y = a.get(what, "<not given>"), b.get(what, "<not given>")
            if x != y:
                bad += 1
                print(f"DIFFERENT {what}: {case_name(case)}")
                if bad <= shown:
                    print(excerpt(x, y))
    unlisted = {side: sorted({c[0] for c in both if c not in set(listed[side])})
                for side in ("new", "old")}
    notes = "".join(f"; variants only the {o} tree has: {', '.join(unlisted[s])}"
                    for s, o in (("old", "new"), ("new", "old")) if unlisted[s])
    print(f"{len(chosen)} games compared, {bad} differences{notes}")
    return bad


CLI_RUNS = [("usa", 2, "random", 40), ("usa", 4, "random", 30), ("usa", 2, "greedy", 6),
            ("usa-1910", 3, "random", 20), ("usa-mega", 5, "random", 10),
            ("usa-big-cities", 2, "greedy", 4), ("team-asia", 4, "random", 20),
            ("team-asia", 4, "greedy", 4), ("heart-of-africa", 2, "random", 20),
            ("heart-of-africa", 3, "greedy", 4), ("legendary-asia", 2, "random", 20),
            ("legendary-asia", 4, "greedy", 3)]


def compare_cli(new: Side, old: Side, runs: list) -> int:
    """Part 2: ``python -m ttr_nb simulate`` in each tree; stdout bytes and exit status."""
    bad = count = 0
    for variant, players, agent, games in runs:
        for extra in (["--json"], [], ["--json", "--workers", "2"]):
            args = ["simulate", "--variant", variant, "--players", str(players), "--agents",
                    agent, "--games", str(games), "--seed", "5", "--no-progress", *extra]
            count += 1
            a, b = (side.run(["-m", "ttr_nb", *args], "cli") for side in (new, old))
            if (a.returncode, a.stdout) != (b.returncode, b.stdout):
                bad += 1
                print(f"DIFFERENT command line output: ttr-nb {' '.join(args)}")
                if a.returncode != b.returncode:
                    print(f"    exit status: new {a.returncode}, old {b.returncode}")
                for name, r in (("new", a), ("old", b)):
                    if r.returncode:
                        tail = r.stderr.decode(errors="replace").strip().splitlines()[-1:]
                        print(f"    {name}: {' '.join(tail)}")
                if a.stdout != b.stdout:
                    print(excerpt(a.stdout.decode(errors="replace"),
                                  b.stdout.decode(errors="replace")))
    print(f"{count} command lines run in both trees, {bad} with different bytes")
    return bad


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_child"]:
        return child_main(argv[1:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = p.add_mutually_exclusive_group()
    which.add_argument("--ref", default="HEAD", help="the git revision to compare with "
                       "(default HEAD)")
    which.add_argument("--tree", type=Path, help="compare with this directory instead (it "
                       "holds ttr_nb/ and maps/)")
    p.add_argument("--quick", action="store_true", help="fewer games and command lines")
    p.add_argument("--cases", type=int, metavar="N", help="play at most N of the games "
                   "(taken evenly from the whole list)")
    p.add_argument("--cli", type=int, metavar="N", help="run only the first N simulate "
                   "command lines (each three ways; 0: none)")
    a = p.parse_args(argv)
    runs = CLI_RUNS[:4] if a.quick else CLI_RUNS
    runs = runs if a.cli is None else runs[:max(a.cli, 0)]
    with tempfile.TemporaryDirectory(prefix="ttr-equivalence-") as tmp_name:
        tmp = Path(tmp_name)
        try:
            if a.tree is not None:
                old_root, label = check_tree(a.tree), str(a.tree)
            else:
                old_root, label = extract(a.ref, tmp / "old"), a.ref
                short = subprocess.run(["git", "rev-parse", "--short", f"{a.ref}^{{commit}}"],
                                       cwd=ROOT, capture_output=True, text=True).stdout.strip()
                label += f" ({short})" if short and short != a.ref else ""
            new = Side("new", snapshot(tmp / "new"))
            old = Side("old", old_root)
            new.check_import()
            old.check_import()
        except TreeError as e:
            print(f"cannot compare: {e}", file=sys.stderr)
            return 2
        print(f"comparing this checkout's ttr_nb/ and maps/ with {label} "
              f"(load average {os.getloadavg()[0]:.1f})")
        started = time.perf_counter()
        bad = compare_games(new, old, a.quick, a.cases, tmp) + compare_cli(new, old, runs)
    for side in (new, old):
        c = side.cpu
        print(f"CPU time, {side.name} tree: games {c['games']:.2f} s (playing {c['play']:.2f} s, "
              f"scoring and reading the sheets {c['score']:.2f} s), command lines "
              f"{c['cli']:.2f} s")
    print(f"wall time {time.perf_counter() - started:.1f} s")
    print("identical" if not bad else f"{bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
