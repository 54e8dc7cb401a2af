"""Checkers of lesson 03 (scoring): a total worked out by hand, the ticket that fails, the
longest trail of a network. Each verdict is computed from a Scoresheet or the graph functions."""
from __future__ import annotations

from typing import Any, Sequence

from ._answers import find_ticket, read_int, read_trail
from ._core import answer_error, exercise, not_yet, right

KIM = ("Kim", ["Seattle–Portland", "Portland–San Francisco", "San Francisco–Los Angeles",
               "Los Angeles–Phoenix", "Phoenix–Denver", "Denver–Omaha"], ["O24", "O20", "O07"])
"""Exercise 03.1: Kim's routes and tickets (Seattle–Los Angeles, Portland–Phoenix, Denver–El Paso)."""
JO = ("Jo", ["New York–Boston", "Boston–Montréal", "Montréal–Toronto"], ["O16"])
"""Exercise 03.1: Kim's opponent (for the Longest Path bonus)."""
RAVI = ("Ravi", ["Winnipeg–Duluth", "Duluth–Omaha", "Omaha–Kansas City", "Kansas City–Oklahoma City",
                 "Oklahoma City–Dallas", "Dallas–Houston", "Saint Louis–Little Rock",
                 "Saint Louis–Chicago"], ["O10", "O12", "O30"])
"""Exercise 03.2: Ravi's routes and tickets (Duluth–Houston, Kansas City–Houston, Winnipeg–Little Rock)."""
SPOILERS = {
    "03.1": ["Kim 62", "Kim: 62", "Kim's total is 62", "36 + 16 + 10"],
    "03.2": ["Winnipeg–Little Rock (11) not done", "Winnipeg–Little Rock fails"],
    "03.3": ["['Helena', 'Denver'", "Helena → Denver → Kansas City", "Helena → Denver → Omaha", "Zoe's longest trail is 17",
             "Zoe 17 cars"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""

ZOE_ROUTES = ["Helena–Denver", "Denver–Omaha", "Omaha–Kansas City", "Kansas City–Denver",
              "Denver–Oklahoma City"]
"""Exercise 03.3: Zoe's routes."""


def _usa():
    from ..board import load_map

    return load_map("usa")


def kim_sheet():
    """The Scoresheet of exercise 03.1 (Kim and Jo, USA, Longest Path bonus in play)."""
    from ..scoring import Scorer, Scoresheet

    usa = _usa()
    return Scoresheet.compute(usa, [Scorer.from_routes(usa, *KIM), Scorer.from_routes(usa, *JO)],
                              {"longest_path": 10})


@exercise("03.1", "Kim's total", "a whole number, Kim's final score")
def _kim_total(answer: Any):
    n = read_int(answer, "Kim's total as a whole number")
    sheet = kim_sheet()
    total, kinds = sheet.total(0), sheet.kind_totals(0)
    routes, tickets, bonus = kinds["route"], kinds.get("ticket", 0), kinds.get("bonus", 0)
    failed = sum(t.points for t, done in sheet.tickets(0) if not done)
    done = sum(t.points for t, done in sheet.tickets(0) if done)
    cars = sum(sheet.board.route(c.route).length for c in sheet.scorers[0].claims)
    if n == total:
        return right(f"{routes} for the routes, {done} − {failed} = {tickets:+d} for the tickets, "
                     f"+{bonus} for the Longest Path: {total}.")
    if n == total + 2 * failed:
        return not_yet(f"{n} adds a failed ticket; a ticket whose cities are not joined is "
                       "subtracted, not added.")
    if n == total + failed:
        return not_yet(f"{n} leaves the failed ticket out; it costs exactly what it would have earned.")
    if n == total - bonus:
        return not_yet(f"{n} is without the Longest Path bonus: Kim's trail is the longest at the table.")
    if n == cars + tickets + bonus:
        return not_yet(f"{cars} is the number of train cars; a route scores by its length "
                       f"(1, 2, 4, 7, 10, 15 points for 1 to 6 cars).")
    return not_yet("recount: the route points (1, 2, 4, 7, 10, 15 for 1 to 6 cars), then each "
                   "ticket (+ if its cities are joined, − if not), then the Longest Path bonus.")


def _read_ticket(board, answer: Any, ids: Sequence[str]):
    """One of the tickets ``ids``, named by its id or its cities ('Winnipeg–Little Rock')."""
    if not isinstance(answer, str):
        raise answer_error("name the ticket by its cities, such as 'Duluth–Houston'.")
    found = find_ticket(board, answer, ids)
    if found is not None:
        return found
    names = ", ".join(board.ticket(i).label() for i in ids)
    raise answer_error(f"{answer!r} is not one of Ravi's tickets ({names}).")


@exercise("03.2", "Which ticket fails?", "a ticket's cities, such as 'Duluth–Houston'")
def _failing_ticket(answer: Any):
    from ..graph import connect

    usa = _usa()
    name, routes, ids = RAVI
    t = _read_ticket(usa, answer, ids)
    owned = usa.route_ids(routes)
    c = connect(usa, owned, t.a, t.b)
    if c.connected:
        return not_yet(f"{t.a}–{t.b} is done: {' → '.join(c.cities)}.")
    return right(f"{t.a}–{t.b} fails: {t.b} is on Ravi's trains, but its piece "
                 f"({', '.join(sorted(c.reached_from_b))}) does not touch the piece of {t.a}; "
                 f"it costs {t.points} points.")


@exercise("03.3", "Zoe's longest trail", "a list of cities in trail order, such as ['Seattle', 'Portland']")
def _zoe_trail(answer: Any):
    from ..analysis import longest_simple_path
    from ..trail import longest_trail

    usa = _usa()
    owned = usa.route_ids(ZOE_ROUTES)
    cities, _used, cars = read_trail(usa, answer, owned)
    best = longest_trail(usa, owned).length
    simple = longest_simple_path(usa, owned).length
    if cars == best:
        return right(f"{cars} cars, every route once; it passes "
                     f"{', '.join(sorted({c for c in cities if cities.count(c) > 1}))} twice. "
                     f"The longest path that never repeats a city has only {simple}.")
    if cars <= simple:
        return not_yet(f"your trail has {cars} cars; a trail may pass a city twice, and a longer one does.")
    return not_yet(f"your trail has {cars} cars, but one of Zoe's routes is left out; the longest uses all of them.")
