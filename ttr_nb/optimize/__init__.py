"""The best possible score, proven: which routes to claim with a train budget so that route
points plus completed Destination Tickets are largest.

:func:`best_score` solves it exactly as a mixed-integer program with HiGHS (through
:func:`scipy.optimize.milp`) and returns the routes, the score, an upper bound and whether
the bound is met (``proven``). On the USA board with the 30 original tickets and 45 trains
the optimum is 285 points (62 from routes, 223 from tickets), as Schaefer & Schaefer found
("Maximizing the Score in Ticket to Ride", 2025). :func:`hindsight` asks it, for each player
of a finished game, what they could have scored with the tickets they kept.

The board's own rules are kept: one track of a double route for one player (B-5.7), a
track costs its trains (mountain X included, LA-10) and scores what
:func:`ttr_nb.rules.claiming.route_worth` says (LA-9), a country is a dead end that any of
its routes reaches (H-8.2, H-8.3), and a ticket is done exactly when the Scoresheet says so.

Left out: the Longest Path bonus, Globetrotter and the other bonuses, doubling with Terrain
cards, and everything about cards (colours, Locomotives, ferries' and tunnels' extra cards
cost cards, not trains): the answer is what a player with every card they need could score.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.optimize import best_score
>>> r = best_score(ttr_nb.load_map("usa"), trains=6, tickets="original")
>>> r.score, r.proven
(15, True)
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..board import Board, Ticket, board_of
from ..mapcheck import MAX_TRAINS
from ..errors import IllegalAction, shown
from ..rules.claiming import MOUNTAIN_POINTS_PER_X

__all__ = ["BestScore", "best_score", "MODES", "Hindsight", "hindsight"]

MODES = ("choose", "hold")
"""``choose``: any of the tickets may be left out (a done one adds); ``hold``: the tickets are
held (a done one adds, a failed one subtracts, B-6.5)."""


@dataclass(frozen=True)
class BestScore:
    """The answer of :func:`best_score`.

    ``score`` = ``route_points`` + ``ticket_points``; ``routes`` the route ids claimed;
    ``tickets`` the tickets done (ids), ``failed`` the held tickets not done (mode ``hold``);
    ``bound``: no choice of routes scores more (proven by the solver); ``proven``: ``score``
    equals ``bound``; ``trains`` the trains used of ``budget``; ``seconds`` the time taken.
    """

    score: int
    route_points: int
    ticket_points: int
    routes: tuple[int, ...]
    tickets: tuple[str, ...]
    bound: int
    proven: bool
    seconds: float
    trains: int
    budget: int
    mode: str
    failed: tuple[str, ...] = ()
    board_key: str = field(default="", repr=False)

    def describe(self, board: Board | None = None) -> str:
        """A few lines: the score, its parts, the bound, the routes and tickets."""
        head = (f"{self.score} points ({self.route_points} from routes, "
                f"{'+' if self.ticket_points >= 0 else ''}{self.ticket_points} from tickets) "
                f"with {self.trains} of {self.budget} trains")
        proof = "proven best" if self.proven else f"at least {self.score}, at most {self.bound}"
        lines = [f"{head}: {proof}."]
        if board is not None:
            lines.append("  routes: " + ", ".join(board.route(r).label() for r in self.routes))
            lines.append("  tickets done: " + (", ".join(board.ticket(t).label() for t in self.tickets) or "none"))
            if self.failed:
                lines.append("  tickets failed: " + ", ".join(board.ticket(t).label() for t in self.failed))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board_key, "mode": self.mode, "budget": self.budget, "score": self.score,
                "route_points": self.route_points, "ticket_points": self.ticket_points,
                "routes": list(self.routes), "tickets": list(self.tickets), "failed": list(self.failed),
                "bound": self.bound, "proven": self.proven, "trains": self.trains,
                "seconds": round(self.seconds, 2)}


def _tickets(board: Board, tickets: Any) -> list[Ticket]:
    if tickets is None:
        return list(board.tickets_in(next(iter(board.decks)))) if board.decks else list(board.tickets)
    if isinstance(tickets, str):
        tickets = str.__str__(tickets)  # (a subclass's own methods are not called)
        if tickets == "all":
            return list(board.tickets)
        if tickets in board.decks:
            return list(board.tickets_in(tickets))
        try:
            return [board.ticket(tickets)]
        except KeyError:
            raise IllegalAction(f"{board.name} has no ticket deck or ticket called {shown(tickets)}; "
                                f"the decks are {', '.join(board.decks)} (or 'all').") from None
    out: list[Ticket] = []
    try:
        items = list(tickets)
    except Exception:  # noqa: BLE001 (not a collection, or one that cannot be read)
        raise IllegalAction(f"tickets is a deck name or a list of ticket ids, not {shown(tickets)}.") from None
    for t in items:
        if isinstance(t, Ticket):
            t = t.id
        try:
            ticket = board.ticket(str.__str__(t) if isinstance(t, str) else t)
        except Exception:  # noqa: BLE001 (no ticket, or a value that cannot be looked up)
            raise IllegalAction(f"{board.name} has no ticket {shown(t)}.") from None
        if ticket in out:
            raise IllegalAction(f"Ticket {ticket.label()} is listed twice; there is one card of each ticket.")
        out.append(ticket)
    return out


def _routes(board: Board, routes: Any) -> list[int]:
    if routes is None:
        return [r.id for r in board.routes]
    if isinstance(routes, (str, bytes)) or not isinstance(routes, Iterable):
        raise IllegalAction(f"routes is a list of routes (ids or 'City–City'), not {shown(routes)}.")
    try:
        routes = list(routes)
    except Exception:  # noqa: BLE001 (a collection that cannot be read)
        raise IllegalAction(f"routes is a list of routes (ids or 'City–City'), not {shown(routes)}.") from None
    routes = [str.__str__(r) if isinstance(r, str) else r for r in routes]
    try:
        ids = board.route_ids(routes)
    except Exception as e:  # noqa: BLE001 (no route, or a value that cannot be looked up)
        word = e.args[0] if isinstance(e, (KeyError, ValueError, TypeError)) and e.args else \
            f"{shown(next((r for r in routes if not isinstance(r, (int, str))), routes))} is no route"
        raise IllegalAction(f"Not a route of {board.name}: {word}") from None
    if not ids:
        raise IllegalAction("routes is empty: give the routes that may be claimed (or None for every route).")
    return ids


def _whole(value: Any, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{what} is a whole number, not {shown(value)}.")
    if value < low:
        raise IllegalAction(f"{what} cannot be {shown(value)}: it is at least {low}.")
    if high is not None and value > high:
        raise IllegalAction(f"{what} cannot be {shown(value)}: it is at most {high:,} (no board has more).")
    return value


def best_score(board: Board | str, trains: int | None = None, tickets: Any = None,
               routes: Iterable[Any] | None = None, mode: str = "choose",
               time_limit: float | None = None,
               mountain_points_per_x: int = MOUNTAIN_POINTS_PER_X, progress: Any = False) -> BestScore:
    """The highest score one player can make with ``trains`` trains, proven optimal, or the
    best found with its bound.

    Parameters
    ----------
    board : Board or str
        A Board or a shipped map name.
    trains : int, optional
        The trains to spend (default: the board's trains per player, 45 on USA).
    tickets : str or iterable of str, optional
        A deck name (``'original'``), ``'all'``, or ticket ids (default: the board's first
        deck).
    routes : iterable, optional
        The routes that may be claimed (ids or ``'City–City'``; default: all of them).
    mode : {'choose', 'hold'}, default 'choose'
        ``'choose'`` (a done ticket adds, the others do not count, as in the paper) or
        ``'hold'`` (the tickets are held: a done one adds, a failed one subtracts, B-6.5).
    time_limit : float, optional
        Seconds; when reached, the search stops and gives the best score found so far and
        a bound (``proven`` False; the bound is cruder the earlier it stops: at worst the
        routes' best points plus every ticket). None: solve to the end.
    mountain_points_per_x : int, default 2
        Points per mountain X a route crosses (Legendary Asia, LA-9).
    progress : bool, text stream or bar, default False
        True shows a progress bar (a widget in a notebook, else a line on stderr) with the
        best score found so far, as the programs are solved; a text stream, or a bar of
        your own (``update(n)``, ``close()``: a tqdm bar); False shows nothing.

    Returns
    -------
    BestScore
        The score, its routes and completed tickets, the ``bound`` and whether it is
        ``proven``.

    Raises
    ------
    IllegalAction
        A negative budget, an unknown ticket or route, an unknown mode or a time limit that
        is not a positive number.
    """
    board = board_of(board)  # (a Board, or a map name or file: ArgumentError or MapError)
    if not isinstance(mode, str) or str.__str__(mode) not in MODES:
        raise IllegalAction(f"mode is 'choose' or 'hold', not {shown(mode)}.")
    mode = str.__str__(mode)
    if trains is None:
        trains = int(board.meta.get("trains_per_player", 45))
    trains = _whole(trains, "The number of trains", 0, MAX_TRAINS)
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
                or not math.isfinite(time_limit) or time_limit <= 0:
            raise IllegalAction(f"time_limit is a number of seconds above 0 (or None), not {shown(time_limit)}.")
    per_x = _whole(mountain_points_per_x, "mountain_points_per_x", 0)
    from ..progress import check_progress, describe, progress_bar

    try:
        if isinstance(progress, (int, float, str, bytes)) and not isinstance(progress, bool):
            raise ValueError  # (1 == True, but 1 is no progress setting)
        check_progress(progress)
    except Exception:  # noqa: BLE001 (ValueError, or a value whose == raises)
        raise IllegalAction("progress must be True, False, a text stream, or an object with update(n) and "
                            f"close() (such as a tqdm bar), not {shown(progress)}") from None
    chosen = _tickets(board, tickets)
    allowed = _routes(board, routes)
    start = time.perf_counter()
    from ._network import Network
    from ._solve import evaluate, solve

    net = Network(board, allowed, chosen, per_x)
    hold = mode == "hold"
    prizes = [2 * t.points if hold else t.points for t in chosen]
    offset = -sum(t.points for t in chosen) if hold else 0
    shown_bar: list = []  # the bar, once the number of programs is known, and the count shown

    def report(done: int, total: int, best: float) -> None:
        if not shown_bar:
            shown_bar.extend([progress_bar(progress, total, "programs"), 0])
        bar = shown_bar[0]
        if bar is not None:
            bar.update(done - shown_bar[1])
            shown_bar[1] = done
            describe(bar, f"best so far: {math.floor(best + offset + 1e-6)} points")

    try:
        out = solve(net, trains, prizes, time_limit, report if progress else None)
    finally:
        if shown_bar and shown_bar[0] is not None:
            shown_bar[0].close()
    points = net.track_points()
    best = None
    for cand in out.candidates + [[]]:
        rp, done = evaluate(board, cand, chosen, points)
        tp = sum(t.points for t in done) if not hold else sum(2 * t.points for t in done) + offset
        key = (rp + tp, -sum(board.route(r).trains for r in cand))
        if best is None or key > best[0]:
            best = (key, cand, rp, tp, done)
    _key, routes_, rp, tp, done = best
    score = rp + tp
    bound = math.floor(out.bound + offset + 1e-6) if math.isfinite(out.bound) else 10 ** 9
    bound = max(bound, score)
    done_ids = tuple(t.id for t in done)
    return BestScore(score=score, route_points=rp, ticket_points=tp, routes=tuple(sorted(routes_)),
                     tickets=done_ids, bound=bound, proven=bound == score,
                     seconds=time.perf_counter() - start,
                     trains=sum(board.route(r).trains for r in routes_), budget=trains, mode=mode,
                     failed=tuple(t.id for t in chosen if hold and t.id not in done_ids),
                     board_key=board.key)


def cli_main(args: Any) -> int:
    """``ttr-nb best-score``: print the best score (or, with ``--game``, each player's
    hindsight)."""
    import json

    from ..board import load_map

    if args.game is not None:
        from ..errors import read_text, save_error
        from ..game import Game
        from ..validate import text

        text(args.game, "--game (a saved game's file)", max_len=4096, strip=False)

        game = Game.from_json(read_text(args.game, save_error, "saved game"))
        limit = 5.0 if args.time_limit is None else args.time_limit
        results = hindsight(game, trains=args.trains, time_limit=limit)
        if args.json:
            print(json.dumps([{"name": h.name, "actual": h.actual, **h.best.to_dict()} for h in results], indent=1))
        else:
            for h in results:
                print(h.describe())
                print("  " + h.best.describe(game.board).replace("\n", "\n  "))
        return 0
    board = load_map(args.map)
    tickets: Any = args.tickets
    if tickets is not None and "," in tickets:
        tickets = [t.strip() for t in tickets.split(",") if t.strip()]
    routes = None
    if args.routes is not None:
        try:
            routes = [int(r) for r in args.routes.split(",") if r.strip()]
        except ValueError:
            raise IllegalAction(f"--routes is a comma-separated list of route ids, not {shown(args.routes)}.") from None
    import sys

    show = not args.json and not getattr(args, "no_progress", False) and sys.stderr.isatty()
    r = best_score(board, trains=args.trains, tickets=tickets, routes=routes, mode=args.mode,
                   time_limit=args.time_limit, progress=show)
    print(json.dumps(r.to_dict(), indent=1) if args.json else r.describe(board))
    return 0


from ._hindsight import Hindsight, hindsight  # noqa: E402
