"""`ttr-nb` and `python -m ttr_nb`: check a map, simulate games, render a position.

Each subcommand lives with the module that does the work; this file only parses
arguments and dispatches, importing lazily so `ttr-nb --help` is instant.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence


def _check_map(args: argparse.Namespace) -> int:
    from .mapcheck import main as check_main

    return check_main(args.files)


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import cli_main

    return cli_main(args)


def _render(args: argparse.Namespace) -> int:
    from .draw import cli_render

    return cli_render(args)


def _lessons(args: argparse.Namespace) -> int:
    from .lessons import cli_main

    return cli_main(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ttr-nb", description="Ticket to Ride in Jupyter: tools.")
    sub = p.add_subparsers(dest="command", required=True)

    c = sub.add_parser("check-map", help="check map files and print their statistics")
    c.add_argument("files", nargs="+", help="map JSON files (or shipped map names)")
    c.set_defaults(func=_check_map)

    s = sub.add_parser("simulate", help="play many games with agents")
    s.add_argument("--variant", default="usa")
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--agents", default="random", help="comma-separated agent names, one per seat or one for all")
    s.add_argument("--json", action="store_true", help="one JSON object per game per line")
    s.add_argument("--workers", type=int, default=0, help="process-pool workers (0 = serial)")
    s.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    s.set_defaults(func=_simulate)

    le = sub.add_parser("lessons", help="copy the lessons (teacher or student edition) into a folder")
    le.add_argument("directory", help="the folder to write the notebooks to (made if missing)")
    le.add_argument("--student", action="store_true",
                    help="the student edition: no worked solutions, no outputs")
    le.add_argument("--force", action="store_true", help="replace lessons already in the folder")
    le.set_defaults(func=_lessons)

    r = sub.add_parser("render", help="draw a board, or a simulated game at some step, to a PNG")
    r.add_argument("--variant", default="usa")
    r.add_argument("--map", default=None, help="draw this map with no game")
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--step", type=int, default=None, help="stop after this many actions (default: the end)")
    r.add_argument("--agents", default="greedy")
    r.add_argument("-o", "--output", default="board.png")
    r.set_defaults(func=_render)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a clear message, not a traceback
        from .board import MapError
        from .errors import IllegalAction, SaveError

        if isinstance(e, (MapError, IllegalAction, SaveError, ValueError, FileNotFoundError)):
            print(f"ttr-nb: error: {e}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    raise SystemExit(main())
