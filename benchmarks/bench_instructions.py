"""Engine work per game in CPU instructions (valgrind), which the machine's load does not change.

    .venv/bin/python benchmarks/bench_instructions.py                     # every row of bench_engine
    .venv/bin/python benchmarks/bench_instructions.py --rows usa-public greedy-usa-2
    .venv/bin/python benchmarks/bench_instructions.py --fresh              # new seeds (see below)
    .venv/bin/python benchmarks/bench_instructions.py --fresh --warm 2000  # ... later in a long run
    .venv/bin/python benchmarks/bench_instructions.py --tree /tmp/older    # an older revision
                      # (git archive REV ttr_nb maps benchmarks | tar -x -C /tmp/older)

On a shared machine the CPU time of ``bench_engine.py`` varies by a third from one minute to
the next; the number of instructions a game takes does not. For each row (the rows of
``bench_engine.py``) a child Python plays the row's games for seeds 0..W-1 (the warm-up: the
same seeds the benchmark repeats, so its caches are as warm as in its best round), once alone
and once followed by the same M games again, under ``valgrind --tool=cachegrind
--cache-sim=no``; the difference over M is printed. With ``--fresh`` the M games are new
seeds after W = 30 warm-up games of other seeds (the memos meet new states, as in a long run
of new games). Python's garbage collector stays on, as users run it (``--gc-off`` turns it
off: its full passes land at moments that differ from one version to the next). Needs valgrind (``apt install valgrind``);
slow (valgrind runs Python about 50 times slower): a few minutes for every row.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHILD = """
import sys
sys.path.insert(0, {bench!r})
import bench_engine as b
play = b.ROWS[{row!r}][1]
if {gc_off}:
    import gc
    gc.disable()
for s in range({warm}): play(s)
for s in range({games}): play(s + ({fresh} and 1_000_000))
"""


def instructions(tree: Path, row: str, warm: int, games: int, fresh: bool = False,
                 gc_off: bool = False) -> int:
    """Instructions valgrind counts for a child that plays ``warm`` then ``games`` games (the
    same seeds again, or ``fresh`` ones)."""
    code = CHILD.format(bench=str(tree / "benchmarks"), row=row, warm=warm, games=games, fresh=fresh,
                       gc_off=gc_off)
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", sys.executable, "-c", code],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if m is None:
        raise RuntimeError(f"no instruction count in valgrind's output for {row}:\n{out.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> None:
    sys.path.insert(0, str(HERE))
    from bench_engine import ROWS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", nargs="+", default=None, help="rows (a prefix selects several); default every row")
    ap.add_argument("--tree", type=Path, default=HERE.parent,
                    help="the source tree to measure (its ttr_nb/, maps/ and benchmarks/)")
    ap.add_argument("--games", type=int, default=10, help="measured games per row (default 10)")
    ap.add_argument("--fresh", action="store_true", help="measure new seeds after 30 warm-up games")
    ap.add_argument("--gc-off", action="store_true",
                    help="turn Python's garbage collector off in the child (default: on, as users run it)")
    ap.add_argument("--warm", type=int, default=None,
                    help="warm-up games (default: as many as are measured; with --fresh, 30); with "
                         "--fresh, a long run's later games: --warm 2000")
    a = ap.parse_args(argv)
    if a.warm is not None and a.warm < 0:
        ap.error(f"--warm {a.warm}: the number of warm-up games can't be negative")
    if shutil.which("valgrind") is None:
        ap.error("valgrind is not installed (apt install valgrind)")
    rows = [k for k in ROWS if a.rows is None or any(k.startswith(p) for p in a.rows)]
    if not rows:
        ap.error(f"no row matches {a.rows}; the rows are: {', '.join(ROWS)}")
    tree = a.tree.resolve()
    print(f"instructions per game (valgrind), tree {tree}" + (", new seeds" if a.fresh else "")
          + (", garbage collector off" if a.gc_off else ", garbage collector on")
          + (f", after {a.warm} warm-up games" if a.warm is not None else ""))
    for k in rows:
        n = max(1, a.games)
        warm = a.warm if a.warm is not None else 30 if a.fresh else n
        base = instructions(tree, k, warm, 0, a.fresh, a.gc_off)
        more = instructions(tree, k, warm, n, a.fresh, a.gc_off)
        print(f"{ROWS[k][0]:58s} {(more - base) / n / 1e6:8.2f} M")


if __name__ == "__main__":
    main()
