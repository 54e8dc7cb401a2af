"""`ttr-nb` and `python -m ttr_nb`: check a map, simulate games, render a position.

Each subcommand lives with the module that does the work; this file only parses
arguments and dispatches, importing lazily so `ttr-nb --help` is instant.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence


def _check_map(args: argparse.Namespace) -> int:
    from .cli_check_map import main as check_main

    return check_main(args.files)


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import MAX_GAMES, cli_main
    from .validate import whole

    if args.json:  # (streamed: each game is written as it finishes; Ctrl-C keeps them)
        whole(args.games, "--games", 0, MAX_STREAMED_GAMES, what="with --json")
    else:  # (the summary needs every result at once)
        whole(args.games, "--games", 0, MAX_GAMES,
              what="for a summary; with --json the games are written one by one as they finish")
    return cli_main(args)


MAX_STREAMED_GAMES = 10 ** 12
"""The most games ``simulate --json`` streams (some hundred years of one core)."""


def _render(args: argparse.Namespace) -> int:
    from .cli_render import cli_render

    return cli_render(args)


def _lessons(args: argparse.Namespace) -> int:
    from .lessons import cli_main
    from .validate import text

    text(args.directory, "DIR (the folder to write the lessons to)", max_len=1000, empty=True, strip=False)
    return cli_main(args)


def _best_score(args: argparse.Namespace) -> int:
    from .optimize import cli_main

    return cli_main(args)


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help that keeps the examples' lines and gives every option's default (unless its own
    words already do)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        d = action.default
        if action.option_strings and not (d is None or d is False or d == argparse.SUPPRESS) and "default" not in text:
            text += " (default: %(default)s)"
        return text


_EXAMPLES = """examples:
  ttr-nb check-map usa                      check a shipped map and print its statistics
  ttr-nb simulate --variant usa --players 3 --games 200 --agents greedy,random,random
  ttr-nb render --variant team-asia --players 4 --seed 7 --step 120 -o position.png
  ttr-nb lessons my-class --student         copy the student edition of the lessons
  ttr-nb best-score usa --trains 45 --tickets original
  ttr-nb best-score --game saved-game.json  each player's best score in hindsight
"""


def _variant(text: str) -> str:
    """A ``--variant`` value: any spelling of a variant's name (``variants.variant_name``)."""
    from .variants import variant_name

    try:
        return variant_name(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


MAX_WORKERS = 256
"""The most worker processes ``simulate --workers`` starts (a machine has far fewer cores)."""


def _workers(text: str) -> int:
    """A ``--workers`` value: a whole number from 0 (no pool) to :data:`MAX_WORKERS`."""
    from .validate import whole

    try:
        return whole(int(text) if text.strip().lstrip("+-").isdigit() else text, "--workers", 0, MAX_WORKERS,
                     what="0: no pool; more than the machine's cores only slows it down")
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    from .agents import AGENTS
    from .board import MAP_NAMES
    from .variants import variants

    names = variants()
    agents = ", ".join(sorted(AGENTS))
    p = argparse.ArgumentParser(
        prog="ttr-nb", formatter_class=_Help, epilog=_EXAMPLES,
        description="Ticket to Ride in Jupyter: command-line tools to check maps, simulate games, "
                    "draw positions, copy the lessons and find the best possible score.\n\n"
                    f"variants: {', '.join(names)}\nplayers: {agents}\n"
                    f"shipped maps: {', '.join(MAP_NAMES)}")
    p.add_argument("--version", action="version", version=f"ttr_nb {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND",
                           title="commands (ttr-nb COMMAND --help for each)")

    c = sub.add_parser("check-map", formatter_class=_Help,
                       help="check map files and print their statistics",
                       description="Check map files against the map format; print every problem "
                                   "(exit status 1) or the statistics of a good map.",
                       epilog=f"shipped maps: {', '.join(MAP_NAMES)}\nexample: ttr-nb check-map usa my_map.json")
    c.add_argument("files", nargs="+", metavar="MAP",
                   help=f"a map JSON file, or a shipped map name ({', '.join(MAP_NAMES)})")
    c.set_defaults(func=_check_map)

    s = sub.add_parser("simulate", formatter_class=_Help, help="play many games between computer players",
                       description="Play many games between computer players and print a summary "
                                   "(or one JSON object per game).",
                       epilog="example: ttr-nb simulate --variant heart-of-africa --players 3 "
                              "--games 500 --agents greedy --workers 2")
    s.add_argument("--variant", default="usa", type=_variant, metavar="VARIANT",
                   help=f"the variant: {', '.join(names)}")
    s.add_argument("--players", type=int, default=2, help="players in each game")
    s.add_argument("--games", type=int, default=10, help="games to play")
    s.add_argument("--seed", type=int, default=0, help="the random seed of the run: game i is dealt with a seed worked out "
                        "from it and i (ttr_nb.simulate's game_seed), recorded with each game")
    s.add_argument("--agents", default="random",
                   help=f"comma-separated players, one per seat or one for all: {agents}")
    s.add_argument("--json", action="store_true", help="one JSON object per game per line")
    s.add_argument("--workers", type=_workers, default=0,
                   help=f"process-pool workers (0 = in this process; at most {MAX_WORKERS})")
    s.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    s.set_defaults(func=_simulate)

    le = sub.add_parser("lessons", formatter_class=_Help,
                        help="copy the lessons (teacher or student edition) into a folder, "
                             "with slides and handouts to print",
                        description="Copy the lessons shipped with ttr_nb, and the rules reference "
                                    "they link to, into a folder to open in JupyterLab; with --slides "
                                    "and --print, also each lesson as slides (reveal.js, one HTML file "
                                    "that works offline) and as a handout to print on A4 or Letter, "
                                    "with unplugged worksheets. A file already there is never "
                                    "replaced without --force.",
                        epilog="examples: ttr-nb lessons my-class --student && jupyter lab my-class\n"
                               "          ttr-nb lessons my-class --student --slides --print")
    le.add_argument("directory", help="the folder to write the notebooks to (made if missing)")
    le.add_argument("--student", action="store_true",
                    help="the student edition: no worked solutions, no outputs")
    le.add_argument("--slides", action="store_true",
                    help="also DIR/slides/: each lesson as a slideshow (the notebooks get the "
                         "slideshow metadata too, for RISE)")
    le.add_argument("--print", "--handouts", dest="handouts", action="store_true",
                    help="also DIR/handouts/: each lesson as a page to print, and the worksheets")
    le.add_argument("--force", action="store_true", help="replace lessons already in the folder")
    le.set_defaults(func=_lessons)

    r = sub.add_parser("render", formatter_class=_Help,
                       help="draw a board, or a game between computer players at some step, to a PNG",
                       description="Draw a shipped map (--map), or play a game between computer "
                                   "players and draw it after --step actions (default: at its end).",
                       epilog="examples: ttr-nb render --map legendary_asia -o board.png\n"
                              "          ttr-nb render --variant usa --players 3 --step 60")
    r.add_argument("--variant", default="usa", type=_variant, metavar="VARIANT",
                   help=f"the variant of the game: {', '.join(names)}")
    r.add_argument("--map", default=None, help=f"draw this map with no game ({', '.join(MAP_NAMES)} or a file)")
    r.add_argument("--players", type=int, default=2, help="players in the game")
    r.add_argument("--seed", type=int, default=0, help="the random seed of the game")
    r.add_argument("--step", type=int, default=None, help="stop after this many actions (default: the end)")
    r.add_argument("--agents", default="greedy", help=f"comma-separated players: {agents}")
    r.add_argument("-o", "--output", default="board.png", help="the PNG file to write")
    r.set_defaults(func=_render)

    b = sub.add_parser("best-score", formatter_class=_Help, help="the best possible score with a train budget, proven "
                                          "(or a game's hindsight with --game)",
                       description="The best possible score with a train budget: which routes to claim "
                                   "for the most route and ticket points (a mixed-integer program solved "
                                   "by HiGHS), with a proven upper bound. With --game: each player's best "
                                   "score in hindsight (their kept tickets, the routes no one else claimed).",
                       epilog="examples: ttr-nb best-score usa --trains 45 --tickets original\n"
                              "          ttr-nb best-score legendary_asia --time-limit 60 --json\n"
                              "          ttr-nb best-score --game saved-game.json")
    b.add_argument("map", nargs="?", default="usa", help="a shipped map name or a map file (default usa)")
    b.add_argument("--trains", type=int, default=None,
                   help="the train budget (default: the board's trains per player)")
    b.add_argument("--tickets", default=None,
                   help="a deck name, 'all', or comma-separated ticket ids (default: the first deck)")
    b.add_argument("--routes", default=None,
                   help="comma-separated route ids that may be claimed (default: every route)")
    b.add_argument("--mode", choices=("choose", "hold"), default="choose",
                   help="choose: any ticket may be left out; hold: failed tickets subtract")
    b.add_argument("--time-limit", type=float, default=None,
                   help="seconds; then the best found and a bound (default: solve to the end)")
    b.add_argument("--game", default=None,
                   help="a saved game (JSON): each player's hindsight instead (time limit 5 s each "
                        "unless --time-limit)")
    b.add_argument("--json", action="store_true", help="print the result as JSON (no progress bar)")
    b.add_argument("--no-progress", action="store_true",
                   help="no progress bar on stderr (shown only when it is a terminal)")
    b.set_defaults(func=_best_score)
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
