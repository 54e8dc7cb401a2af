"""Checkers and small tools of lesson 11 (the best possible score).

- :func:`stored_results`: the results file the optimiser's benchmark writes (the proven best
  scores that take minutes to solve), read as :class:`~ttr_nb.optimize.BestScore` values.
- :func:`flow_relaxation`: the LP relaxation of the textbook model (one flow per ticket, each
  flow at most the route's share), to show how it "cheats" with half-claimed routes.
- :func:`directed_relaxation`: the LP relaxation of the directed model the optimiser builds on,
  to compare with it.
- :func:`ticket_value`: what a ticket is worth to the best plan (two proven solves).
- :func:`best_by_trying`: the best score of a tiny network, by trying every set of routes.
- :func:`plan_score`: what a plan (a list of routes) scores, by the game's own rules.

The checkers: 11.1 "beat the optimiser" (a plan, scored and compared with
:func:`ttr_nb.optimize.best_score` and its proven bound), 11.2 the triangle's true best with
3 trains (against :func:`best_by_trying`), 11.3 reading a bound, 11.4 what a ticket is
worth to the best plan (:func:`ticket_value`, two proven solves in the east of the board).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any, Iterable, Sequence

from ._answers import find_ticket, read_choice, read_int, read_routes
from ._core import answer_error, exercise, not_yet, right

SPOILERS: dict[str, list[str]] = {
    "11.1": ["Calgary–Salt Lake City", "Calgary–Helena", "Helena–Salt Lake City",
             "Helena–Salt Lake City (3, pink), Calgary–Helena"],
    "11.2": ["the best real plan: 6", "completes one ticket (4): 6", "15 promised, 6 real",
             "promised 15 for a true 6"],
    "11.3": ["only (a) is proven", "statement (a) is proven", "the answer is (a)"],
    "11.4": ["Toronto–Miami is worth 1 ", "Toronto–Miami (10) is worth 1 ", "Toronto–Miami, 72"],
}
"""Exercise key -> text that would state its answer if a student read it before the exercise."""

RESULTS = Path(__file__).resolve().parent.parent / "optimize" / "best_scores.json"
"""The file ``benchmarks/bench_optimize.py`` writes (the environment variable
``TTR_NB_BEST_SCORES`` may name another one)."""

TRIANGLE_ROUTES = ("Dallas–Little Rock", "Little Rock–Oklahoma City", "Oklahoma City–Dallas")
"""The tiny example: three routes of 2 trains (2 points each) joining three cities."""
TRIANGLE_TICKETS = (("Dallas", "Little Rock", 4), ("Little Rock", "Oklahoma City", 4),
                    ("Oklahoma City", "Dallas", 4))
"""Three made-up tickets of 4 points, one for each pair of the triangle's cities."""
TRIANGLE_TRAINS = 3
"""Exercise 11.2: the train budget on the triangle."""
BEAT_TRAINS = 7
"""Exercise 11.1: the train budget (the USA board, the 30 original tickets)."""


# ------------------------------------------------------------------ the results file
LESSON_COPY = {"usa_original": {"45": {
    "board": "usa", "mode": "choose", "budget": 45, "score": 285, "route_points": 62,
    "ticket_points": 223, "bound": 285, "proven": True, "trains": 45, "failed": [],
    "routes": [2, 3, 8, 10, 19, 21, 31, 58, 66, 67, 75, 76, 81, 84, 87, 89, 97, 99],
    "tickets": ["O01", "O05", "O08", "O13", "O14", "O15", "O16", "O18", "O19", "O20", "O21",
                "O24", "O25", "O26", "O27", "O28"]}},
    "boards": [], "machine": "lesson 11's copy"}
"""The USA 45-train result as ``best_score(usa, 45, tickets="original")`` proved it
(285 = 62 + 223, Schaefer & Schaefer's optimum), used only while the benchmark has not
written :data:`RESULTS` yet."""


def stored_results(path: str | Path | None = None) -> dict[str, Any]:
    """The results of the optimiser's benchmark: ``{"usa_original": {budget: BestScore},
    "boards": [BestScore, ...], "machine": str}`` (budgets as ints, in order).

    ``path``: a results file (default: ``$TTR_NB_BEST_SCORES``, else :data:`RESULTS`); when
    the default file does not exist yet, :data:`LESSON_COPY`. FileNotFoundError for a
    ``path`` given that does not exist."""
    import os

    from ..optimize import BestScore

    if path is None:
        path = os.environ.get("TTR_NB_BEST_SCORES") or RESULTS
        doc = (json.loads(Path(path).read_text(encoding="utf-8")) if Path(path).is_file()
               else LESSON_COPY)
    else:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))

    def result(d: dict) -> BestScore:
        return BestScore(score=d["score"], route_points=d["route_points"],
                         ticket_points=d["ticket_points"], routes=tuple(d["routes"]),
                         tickets=tuple(d["tickets"]), bound=d["bound"], proven=d["proven"],
                         seconds=d.get("seconds", 0.0), trains=d["trains"], budget=d["budget"],
                         mode=d.get("mode", "choose"), failed=tuple(d.get("failed", ())),
                         board_key=d.get("board", ""))

    table = {int(k): result(v) for k, v in doc.get("usa_original", {}).items()}
    return {"usa_original": dict(sorted(table.items())),
            "boards": [result(d) for d in doc.get("boards", [])],
            "machine": doc.get("machine", "")}


# ------------------------------------------------------------------ scoring a plan
def _tickets(board: Any, tickets: Any) -> list:
    """The tickets: a deck name, ticket ids or made-up (a, b, points) triples."""
    from ..board import Ticket

    if isinstance(tickets, str):
        return list(board.tickets_in(tickets))
    out = []
    for k, t in enumerate(tickets):
        if isinstance(t, (tuple, list)):
            out.append(Ticket(f"made-up {k + 1}", t[0], t[1], int(t[2]), frozenset()))
        else:
            out.append(board.ticket(t))
    return out


def plan_score(board: Any, routes: Iterable[Any], tickets: Any = "original") -> tuple[int, int, list]:
    """(route points, ticket points, the tickets done) of a plan: the routes claimed, scored
    by the route table (:func:`ttr_nb.rules.claiming.route_worth`), and every ticket whose
    two cities the routes join (the Scoresheet's test,
    :func:`ttr_nb.scoring_search.tickets_done`); a ticket not done does not count, as in the
    optimiser's mode ``choose``. ``tickets``: a deck name, ids or (a, b, points) triples."""
    from ..rules.claiming import route_worth
    from ..scoring_search import tickets_done

    ids = board.route_ids(list(routes))
    points = 0
    for r in ids:
        w = route_worth(board, board.route(r))
        points += w.route + w.mountain
    tks = _tickets(board, tickets)
    done = [t for t, ok in zip(tks, tickets_done(board, ids, tks)) if ok]
    return points, sum(t.points for t in done), done


def best_by_trying(board: Any, trains: int, tickets: Any, routes: Sequence[Any]) -> tuple[int, list[int]]:
    """The best score (route points + tickets done) with at most ``trains`` trains using only
    ``routes``, found by trying every set of them (a dozen routes at most), and one best set."""
    ids = board.route_ids(list(routes))
    if len(ids) > 12:
        raise ValueError("best_by_trying tries every set of routes: give at most 12")
    best = (0, [])
    for k in range(len(ids) + 1):
        for combo in combinations(ids, k):
            if sum(board.route(r).trains for r in combo) <= trains:
                rp, tp, _ = plan_score(board, combo, tickets)
                if rp + tp > best[0]:
                    best = (rp + tp, list(combo))
    return best


# ------------------------------------------------------------------ the textbook LP
@dataclass(frozen=True)
class Relaxation:
    """The LP relaxation's answer: ``value`` (an upper bound on every real plan), ``share``
    route id -> the fraction of it "claimed", ``done`` (a, b) -> the fraction of the ticket
    "done", ``trains`` the trains spent."""

    value: float
    share: dict
    done: dict
    trains: float

    def describe(self, board: Any) -> str:
        parts = [f"{board.route(r).a}–{board.route(r).b} {x:.2f}" for r, x in self.share.items() if x > 1e-6]
        return (f"LP relaxation: {self.value:.1f} points with {self.trains:.1f} trains; "
                f"routes claimed: {', '.join(parts) or 'none'}")


def flow_relaxation(board: Any, trains: int, tickets: Any = "original",
                    routes: Sequence[Any] | None = None) -> Relaxation:
    """The LP relaxation of the textbook model: ``x`` (route claimed) and ``y`` (ticket done)
    between 0 and 1, the train budget ``Σ trains·x ≤ trains``, one track per city pair, and
    for each ticket a flow of ``y`` units from one city to the other that uses each route
    (either way) at most ``x``. Solved by HiGHS (scipy's ``linprog``)."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import lil_matrix
    from ..rules.claiming import route_worth

    ids = [r.id for r in board.routes] if routes is None else board.route_ids(list(routes))
    cities = sorted({c for r in ids for c in board.route(r).cities})
    tks = [(t.a, t.b, t.points) for t in _tickets(board, tickets)  # the others cannot be done
           if t.a != t.b and t.a in cities and t.b in cities]
    nr, nt = len(ids), len(tks)
    nf = 2 * nr  # per ticket: route k forwards (2k) and backwards (2k+1)
    n = nr + nt + nt * nf
    cost = np.zeros(n)
    for k, r in enumerate(ids):
        w = route_worth(board, board.route(r))
        cost[k] = -(w.route + w.mountain)
    for j, t in enumerate(tks):
        cost[nr + j] = -t[2]
    ub_rows, ub, eq_rows, eq = [], [], [], []
    ub_rows.append({k: board.route(r).trains for k, r in enumerate(ids)})
    ub.append(trains)
    groups: dict = {}
    for k, r in enumerate(ids):
        g = board.route(r).double_group
        if g is not None:
            groups.setdefault(g, []).append(k)
    for ks in groups.values():
        if len(ks) > 1:
            ub_rows.append({k: 1.0 for k in ks})
            ub.append(1)
    for j, (a, b, _p) in enumerate(tks):
        base = nr + nt + j * nf
        for k in range(nr):
            ub_rows.append({base + 2 * k: 1.0, base + 2 * k + 1: 1.0, k: -1.0})
            ub.append(0)
        for c in cities:
            row: dict = {}
            for k, r in enumerate(ids):
                u, v = board.route(r).cities
                if v == c:
                    row[base + 2 * k] = row.get(base + 2 * k, 0) + 1
                    row[base + 2 * k + 1] = row.get(base + 2 * k + 1, 0) - 1
                if u == c:
                    row[base + 2 * k] = row.get(base + 2 * k, 0) - 1
                    row[base + 2 * k + 1] = row.get(base + 2 * k + 1, 0) + 1
            if c == b:
                row[nr + j] = -1.0
            elif c == a:
                row[nr + j] = 1.0
            eq_rows.append(row)
            eq.append(0)

    def matrix(rows: list) -> Any:
        m = lil_matrix((len(rows), n))
        for i, row in enumerate(rows):
            for j, v in row.items():
                m[i, j] = v
        return m.tocsr()

    res = linprog(cost, A_ub=matrix(ub_rows), b_ub=ub, A_eq=matrix(eq_rows), b_eq=eq,
                  bounds=(0, 1), method="highs")
    x = res.x
    share = {r: round(float(x[k]), 6) for k, r in enumerate(ids)}
    done = {(t[0], t[1]): round(float(x[nr + j]), 6) for j, t in enumerate(tks)}
    spent = sum(board.route(r).trains * share[r] for r in ids)
    return Relaxation(round(-float(res.fun), 6), share, done, round(spent, 6))


def directed_relaxation(board: Any, trains: int, tickets: Any = "original",
                        routes: Sequence[Any] | None = None) -> float:
    """The LP relaxation of the directed model that :func:`ttr_nb.optimize.best_score` builds
    on, with its root left free: some claimed routes are pointed away from one root city, each
    city is entered at most once, and every city a done ticket names receives one unit of flow
    from the root along the pointed routes (claimed routes that are not pointed only score their
    points). Its value is an upper bound on every plan whose done tickets lie in one network;
    ``tickets``: a deck name, ids or made-up (a, b, points) triples."""
    from ..optimize._model import connected_model
    from ..optimize._network import Network
    from ..rules.claiming import MOUNTAIN_POINTS_PER_X

    ids = [r.id for r in board.routes] if routes is None else board.route_ids(list(routes))
    tks = _tickets(board, tickets)
    net = Network(board, ids, tks, MOUNTAIN_POINTS_PER_X)
    _m, prog, _ = connected_model(net, trains, [t.points for t in tks], {})
    res = prog.solve(relax=True)
    if res.status != 0:
        raise RuntimeError(f"the LP relaxation was not solved: {res.message}")
    return round(-float(res.fun), 6)


# ------------------------------------------------------------------ a region, ticket values
EAST = 0.62
"""The east of the USA board: the cities east of ``x = 0.62`` (Chicago, Saint Louis, Little
Rock, New Orleans and everything east of them)."""
VALUE_TRAINS = 20
"""Exercise 11.4: the train budget in the east."""
VALUE_TICKET = "Toronto–Miami"
"""Exercise 11.4: the ticket whose value is asked."""


def east_routes(board: Any, west: float = EAST) -> list[int]:
    """The routes whose two cities both lie east of ``x = west``: a region small enough to
    solve in seconds with 20 trains."""
    return [r.id for r in board.routes if all(board.cities[c].x > west for c in r.cities)]


def east_tickets(board: Any, deck: str = "original", west: float = EAST) -> list[str]:
    """The tickets of ``deck`` whose two cities are both cities of :func:`east_routes`."""
    cities = {c for r in east_routes(board, west) for c in board.route(r).cities}
    return [t.id for t in board.tickets_in(deck) if t.a in cities and t.b in cities]


@lru_cache(maxsize=32)
def _best_in(key: str, trains: int, tickets: tuple, routes: tuple):
    import ttr_nb
    from ..optimize import best_score

    return best_score(ttr_nb.load_map(key), trains=trains, tickets=list(tickets), routes=list(routes))


def best_in(board: Any, trains: int, tickets: Sequence[str], routes: Sequence[int]):
    """:func:`ttr_nb.optimize.best_score` on ``routes`` with ``tickets`` (mode ``choose``),
    solved to the proof and remembered (the same question is answered once)."""
    return _best_in(board.key, trains, tuple(tickets), tuple(routes))


def ticket_id(board: Any, ticket: str, tickets: Sequence[str]) -> str:
    """The id of the ticket among ``tickets`` (ids) that ``ticket`` names: its two cities
    ('Boston–Miami'), its label or its id. KeyError if none does."""
    found = find_ticket(board, ticket, list(tickets))
    if found is None:
        names = ", ".join(f"{board.ticket(t).a}–{board.ticket(t).b}" for t in tickets)
        raise KeyError(f"{ticket!r} is not one of the tickets {names}")
    return found.id


def ticket_value(board: Any, ticket: str, trains: int, tickets: Sequence[str],
                 routes: Sequence[int]) -> int:
    """What ``ticket`` (named by its cities, 'Boston–Miami', or its id) is worth to the best
    plan: the proven best score with ``tickets`` minus the proven best score without
    ``ticket`` (0: a plan without it scores as much)."""
    tid = ticket_id(board, ticket, tickets)
    with_it = best_in(board, trains, tickets, routes)
    without = best_in(board, trains, [t for t in tickets if t != tid], routes)
    return with_it.score - without.score


# ------------------------------------------------------------------ the exercises
@lru_cache(maxsize=4)
def optimum(trains: int = BEAT_TRAINS):
    """The proven best score on the USA board with the 30 original tickets and ``trains``."""
    import ttr_nb
    from ..optimize import best_score

    return best_score(ttr_nb.load_map("usa"), trains=trains, tickets="original")


def _usa():
    import ttr_nb

    return ttr_nb.load_map("usa")


@exercise("11.1", "Beat the optimiser with 7 trains",
          "a list of routes, such as ['Denver–Omaha', 'Omaha–Chicago']")
def _beat(answer: Any):
    board = _usa()
    if isinstance(answer, (list, tuple)) and len(answer) == 0:
        return not_yet("with no routes you score 0 points; claim some routes.")
    ids = read_routes(board, answer)
    if len(set(ids)) < len(ids):
        raise answer_error("a route is listed twice; each route can be claimed once.")
    for r in ids:
        twin = [t for t in board.twins[r] if t in ids]
        if twin:
            return not_yet(f"{board.route(r).a}–{board.route(r).b} is a double route: one player "
                           f"may claim only one of its two tracks.")
    used = sum(board.route(r).trains for r in ids)
    if used > BEAT_TRAINS:
        return not_yet(f"these routes cost {used} trains; you have {BEAT_TRAINS}.")
    rp, tp, done = plan_score(board, ids)
    score = rp + tp
    best = optimum(BEAT_TRAINS)
    tickets = ", ".join(t.label() for t in done) or "no ticket"
    said = f"{score} points ({rp} from routes, {tp} from tickets: {tickets})"
    if score > best.bound:
        return not_yet(f"{said}: more than the proven bound {best.bound}? Please report this plan.")
    if score == best.score:
        return right(f"{said} with {used} trains: as good as the optimiser. You cannot beat it: "
                     f"the bound is {best.bound}, so no plan with {BEAT_TRAINS} trains scores more.")
    hint = ""
    if tp == 0:
        hint = " Can a ticket pay more than a long route?"
    elif used < BEAT_TRAINS:
        hint = f" You still have {BEAT_TRAINS - used} trains."
    return not_yet(f"{said}. The best plan scores {best.score}, and that is proven: the bound is "
                   f"{best.bound}, so no plan scores more.{hint}")


@exercise("11.2", "The triangle's true best", "a whole number of points")
def _triangle(answer: Any):
    board = _usa()
    n = read_int(answer, "a whole number of points")
    best, _ = best_by_trying(board, TRIANGLE_TRAINS, TRIANGLE_TICKETS, TRIANGLE_ROUTES)
    lp = flow_relaxation(board, TRIANGLE_TRAINS, TRIANGLE_TICKETS, TRIANGLE_ROUTES)
    if n == best:
        return right(f"3 trains buy one route (2 points) and so one ticket (4 points): {best}. "
                     f"The LP relaxation promises {lp.value:.0f}, a bound, not a plan.")
    if abs(n - lp.value) < 0.5:
        return not_yet(f"{n} is what the LP relaxation promises with half of every route; a real "
                       f"route is claimed whole or not at all.")
    if n > best:
        return not_yet(f"with {TRIANGLE_TRAINS} trains you can claim only one of the routes: "
                       f"count what it scores and which ticket it completes.")
    return not_yet(f"a plan scores more than {n}: one route and the ticket it completes.")


BOUND_CHOICES = {
    "a": "no plan with 45 trains scores more than 291",
    "b": "280 is the best possible score",
    "c": "some plan scores 291",
    "d": "a plan of 295 points is possible",
}
"""Exercise 11.3: the statements about the report "at least 280, at most 291"."""


@exercise("11.3", "Reading a bound", "one letter: 'a', 'b', 'c' or 'd'")
def _bound(answer: Any):
    pick = read_choice(answer, BOUND_CHOICES, "one letter")
    if pick == "a":
        return right("The bound is proven: no plan scores more than 291. The best is somewhere "
                     "from 280 to 291; only more solving tells where.")
    if pick == "b":
        return not_yet("280 is the best plan found so far; a better one may exist, up to 291. "
                       "It is proven best only when the bound comes down to 280.")
    if pick == "c":
        return not_yet("291 is an upper bound, not a plan: the true best may be lower (it is "
                       "often lower, because the bound comes from a relaxation).")
    return not_yet("295 is above the proven bound 291: no plan scores that much.")


@exercise("11.4", "What is a ticket worth?", "a whole number of points")
def _value(answer: Any):
    board = _usa()
    n = read_int(answer, "a whole number of points")
    routes, tickets = east_routes(board), east_tickets(board)
    ticket = board.ticket(ticket_id(board, VALUE_TICKET, tickets))
    value = ticket_value(board, VALUE_TICKET, VALUE_TRAINS, tickets, routes)
    full = best_in(board, VALUE_TRAINS, tickets, routes).score
    without = f"the best plan scores {full} with it and {full - value} without it"
    if n == value:
        why = (f"Another network does almost as well without it: its face value "
               f"({ticket.points}) overstates what it adds." if value < ticket.points else
               "Without it nothing else makes up for it.")
        return right(f"{ticket.label()} is worth {value} to the best {VALUE_TRAINS}-train plan: "
                     f"{without}. {why}")
    if n == ticket.points:
        return not_yet(f"{n} is the ticket's face value. Without it the best plan can use its "
                       f"trains on other routes and tickets: solve again without it and compare.")
    if n < 0:
        return not_yet("a ticket in mode 'choose' can always be left out, so it is worth at least 0.")
    return not_yet(f"not {n}: compare the best score with the ticket and without it "
                   f"(`l11.ticket_value` does it).")
