"""Checkers of lesson 05 (trail optimisation): the cars a trail must leave out (the cheapest
T-join), a trail that meets the bound, the odd cities of the routes left out, and the cheapest
routes for two tickets. Each verdict is computed from the graph functions."""
from __future__ import annotations

from typing import Any

from ._answers import read_choice, read_int, read_trail, walk_trail
from ._core import exercise, not_yet, right

PRACTICE_ROUTES = ("Chicago–Omaha", "Chicago–Toronto", "Duluth–Sault St. Marie", "Duluth–Toronto",
                   "Duluth–Winnipeg", "Montréal–New York", "Montréal–Sault St. Marie",
                   "Pittsburgh–Raleigh", "Pittsburgh–Toronto", "Sault St. Marie–Winnipeg")
"""The practice network of lesson 05: 10 routes, 39 cars, around the Great Lakes (USA)."""

EVEN_ENDS = ("Chicago", "Toronto", "Pittsburgh")
"""Exercise 05.3: a trail of the practice network whose two ends are even cities."""

TICKETS = ("O25", "O27")
"""Exercise 05.4: Seattle–New York (22) and Vancouver–Montréal (20)."""

CHOICES = {
    "a": "the odd cities of the network",
    "b": "the odd cities of the network, less s and t",
    "c": "the odd cities of the network, and s and t",
}
"""Exercise 05.3: the odd cities of the routes a trail from s to t leaves out, if s and t are even."""

SPOILERS = {
    "05.1": ["7 cars", "leaves out at least 7", "39 − 7", "39 - 7"],
    "05.2": ["['Omaha', 'Chicago'", "32 cars", "Omaha → Chicago → Toronto", "Cleo's longest trail"],
    "05.3": ["O plus s and t", "odd cities of the network and s and t"],
    "05.4": ["24 trains", "Vancouver–Montréal along the north"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""


def practice():
    """``(board, route ids)`` of the practice network."""
    from ..board import load_map

    usa = load_map("usa")
    return usa, usa.route_ids(PRACTICE_ROUTES)


def _names(cities) -> str:
    cities = list(cities)
    return ", ".join(cities[:-1]) + " and " + cities[-1] if len(cities) > 1 else "".join(cities)


@exercise("05.1", "How many cars must every trail leave out?", "a whole number of cars")
def _t_join_cars(answer: Any):
    from ..graph import odd_degree_cities, t_join_bound

    n = read_int(answer, "a whole number of cars")
    board, ids = practice()
    b = t_join_bound(board, ids)
    if n == b.t_join_cars:
        free = sorted(set(b.odd_cities) - set(odd_degree_cities(board, list(b.t_join))))
        routes = ", ".join(board.route(r).label() for r in b.t_join)
        return right(f"{n} cars: leaving out {routes} makes every odd city even except "
                     f"{_names(free)}, and no cheaper set of routes does that. So every trail "
                     f"leaves out at least {n} cars.")
    if n == len(b.t_join) and n != b.t_join_cars:
        return not_yet(f"{n} is a number of routes; the question asks for their cars.")
    if n < 0:
        return not_yet("a number of cars is 0 or more.")
    if n == b.bound:
        return not_yet(f"{n} is the most a trail can have; the question asks for the cars every "
                       "trail leaves out.")
    if n == b.total:
        return not_yet(f"{n} is all the cars of the network; the question asks for the cars "
                       "every trail leaves out.")
    if n < b.t_join_cars:
        return not_yet(f"no set of routes with only {n} cars leaves at most two odd cities: "
                       "pair the odd cities up along routes, and count the cars.")
    if n > b.total:
        return not_yet(f"the network has only {b.total} cars.")
    return not_yet("fewer cars are enough: pair up all the odd cities but two along the "
                   "cheapest routes between them, choosing the two left free so that the pairs "
                   "cost as little as possible.")


@exercise("05.2", "A trail that meets the bound",
          "a list of cities in trail order, such as ['Seattle', 'Portland', ...]")
def _meets_bound(answer: Any):
    from ..graph import t_join_bound

    board, ids = practice()
    _cities, _used, cars = read_trail(board, answer, ids)
    b = t_join_bound(board, ids)
    if cars == b.bound:
        return right(f"{cars} cars = {b.total} − {b.t_join_cars}, the bound: no trail is longer, "
                     "so this is a longest trail, and that is a proof.")
    return not_yet(f"your trail has {cars} cars; no trail is longer than {b.total} − "
                   f"{b.t_join_cars} = {b.bound}. Leave out only the cheapest routes that make all "
                   "odd cities but two even.")


def _even_ends_case() -> tuple[str, int]:
    """The choice that matches the example trail EVEN_ENDS, computed on the network, and the
    number of odd cities of the network."""
    from ..graph import degrees, odd_degree_cities

    board, ids = practice()
    used = walk_trail(board, list(EVEN_ENDS), ids)
    s, t = EVEN_ENDS[0], EVEN_ENDS[-1]
    deg = degrees(board, ids)
    assert deg[s] % 2 == 0 and deg[t] % 2 == 0, "the example trail must end at two even cities"
    left = set(odd_degree_cities(board, [r for r in ids if r not in used]))
    odd = set(odd_degree_cities(board, ids))
    cases = {"a": odd, "b": odd - {s, t}, "c": odd | {s, t}}
    return next(k for k, v in cases.items() if v == left), len(odd)


@exercise("05.3", "A trail that ends at two even cities", "one of 'a', 'b' or 'c'")
def _even_ends(answer: Any):
    pick = read_choice(answer, list(CHOICES), "a letter")
    right_one, k = _even_ends_case()
    if pick == right_one:
        s, t = EVEN_ENDS[0], EVEN_ENDS[-1]
        return right(f"({pick}): at each end the trail uses an odd number of the city's routes, "
                     "so an even end is left with an odd number: the routes left out are odd at "
                     "every odd city of the network and at s and t. On Cleo's network, "
                     f"the trail {' → '.join(EVEN_ENDS)} leaves out routes that are odd at its "
                     f"{k} odd cities and at {s} and {t}.")
    if pick == "a":
        return not_yet("that is the case of a closed trail (it ends where it started). An open "
                       "trail uses an odd number of routes at each of its ends.")
    return not_yet("that is the case of a trail whose ends are odd cities. At an even end the "
                   "trail uses an odd number of routes, so an odd number is left out there.")


@exercise("05.4", "The cheapest routes for two tickets", "a whole number of trains")
def _two_tickets(answer: Any):
    from ..board import load_map
    from ..graph import cheapest_cost, ticket_steiner

    n = read_int(answer, "a whole number of trains")
    usa = load_map("usa")
    tickets = [usa.ticket(t) for t in TICKETS]
    both = ticket_steiner(usa, tickets)
    alone = sum(cheapest_cost(usa, t.a, t.b)[0] for t in tickets)
    points = sum(t.points for t in tickets)
    if n == both.trains:
        return right(f"{n} trains, {alone - n} fewer than the two tickets completed separately "
                     f"({alone}): most of the way, one line of routes serves both.")
    if n == alone:
        return not_yet(f"{alone} is each ticket on its own; the two tickets can share routes.")
    if n == points and points != both.trains:
        return not_yet(f"{points} is the tickets' points; the question asks for trains.")
    if n < 0:
        return not_yet("a number of trains is 0 or more.")
    if n < both.trains:
        return not_yet(f"no set of routes with only {n} trains completes both tickets.")
    return not_yet(f"both tickets can be completed with fewer than {n} trains: where do they "
                   "run side by side?")
