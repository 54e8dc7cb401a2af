"""Checkers of lesson 04 (Euler, trails and paths), all on one practice network of the USA
board. Each verdict is computed from the graph functions (degrees, odd cities, the longest
trail and the longest simple path of the network)."""
from __future__ import annotations

from typing import Any

from ._answers import read_cities, read_int, read_routes, read_trail
from ._core import exercise, not_yet, right

PRACTICE_ROUTES = ("Calgary–Vancouver", "Calgary–Winnipeg", "Calgary–Helena", "Helena–Winnipeg",
                   "Helena–Seattle", "Helena–Omaha", "Denver–Helena", "Helena–Salt Lake City",
                   "Denver–Omaha", "Denver–Santa Fe", "Portland–Salt Lake City")
"""The practice network of lesson 04: 11 routes, 47 cars, around Helena (USA)."""

SPOILERS = {
    "04.1": ["Calgary, Denver, Portland", "odd cities are Calgary", "'Calgary', 'Denver', 'Portland'"],
    "04.2": ["at least 2 of his routes", "at least 2 of Ben's routes", "leaves out at least 2 routes",
             "leave out at least 2 routes"],
    "04.3": ["['Seattle', 'Helena'", "42 cars", "Seattle → Helena → Denver → Omaha", "Ben's longest trail"],
    "04.5": ["Denver → Salt Lake City → Helena → Seattle", "'Duluth–Helena', 'Helena–Seattle'",
             "26 cars against 16", "10 cars longer than its longest simple path:"],
    "04.4": ["passes through each city at most once", "pass through a city at most once",
             "passes through each city only once", "pass through a city only once"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""


GAP_ROUTES = 6
"""Exercise 04.5: at most this many routes ..."""
GAP_CARS = 10
"""... whose longest trail is at least this many cars longer than their longest simple path."""


def practice():
    """``(board, route ids)`` of the practice network."""
    from ..board import load_map

    usa = load_map("usa")
    return usa, usa.route_ids(PRACTICE_ROUTES)


def _names(cities) -> str:
    cities = list(cities)
    if len(cities) <= 1:
        return "".join(cities)
    return ", ".join(cities[:-1]) + " and " + cities[-1]


@exercise("04.1", "Which cities are odd?",
          "a list of city names, such as ['Winnipeg', 'Omaha']")
def _odd_cities(answer: Any):
    from ..graph import degrees, odd_degree_cities

    board, ids = practice()
    given = set(read_cities(board, answer))
    deg = degrees(board, ids)
    odd = set(odd_degree_cities(board, ids))
    for city in sorted(given - odd):
        n = deg.get(city, 0)
        if n == 0:
            return not_yet(f"{city} has no route in this network (0 routes: even).")
        return not_yet(f"{city} has {n} routes in this network: an even number.")
    missing = sorted(odd - given)
    if missing:
        n = len(missing)
        return not_yet(f"{'one odd city is' if n == 1 else f'{n} odd cities are'} missing: count "
                       "the routes of the network at every one of its cities, the cities at the "
                       "ends of the lines too.")
    return right(f"{_names(sorted(odd))}: {len(odd)} odd cities, an even number, as the "
                 "handshake lemma says.")


@exercise("04.2", "How many routes must a trail leave out?", "a whole number of routes")
def _left_out(answer: Any):
    from ..graph import longest_trail, odd_degree_cities

    n = read_int(answer, "a whole number of routes")
    board, ids = practice()
    k = len(odd_degree_cities(board, ids))
    need = max(0, (k - 2) // 2)
    best = longest_trail(board, ids)
    if n == need:
        return right(f"{k} odd cities, and a trail's routes have at most 2, so {k - 2} cities "
                     f"must be made even by the routes left out; each route left out changes "
                     f"two cities, so at least {need} routes stay out. The longest trail leaves "
                     f"out {len(ids) - len(best.routes)}.")
    if n == k - 2:
        return not_yet(f"{k - 2} cities must change, but one route left out changes two cities "
                       "at once (its two ends).")
    if n == k // 2:
        return not_yet("a trail's two ends may stay odd: only the other odd cities must be "
                       "made even.")
    if n == k:
        return not_yet(f"there are {k} odd cities, but a trail's two ends may stay odd, and one "
                       "route left out changes two cities at once.")
    if 0 <= n < need:
        return not_yet(f"with only {n} route{'s' * (n != 1)} left out, at least "
                       f"{k - 2 * n} odd cities remain, and a trail has at most 2.")
    if n < 0:
        return not_yet("a number of routes is 0 or more.")
    return not_yet(f"a trail can leave out fewer than {n}: count the odd cities, and how many "
                   "of them one route left out can make even.")


@exercise("04.3", "A longer trail than the longest simple path",
          "a list of cities in trail order, such as ['Vancouver', 'Calgary', ...]")
def _longer_trail(answer: Any):
    from ..graph import longest_simple_path, longest_trail

    board, ids = practice()
    cities, _used, cars = read_trail(board, answer, ids)
    path = longest_simple_path(board, ids).length
    best = longest_trail(board, ids).length
    again = sorted(c for c in set(cities) if cities.count(c) > 1)
    if cars <= path:
        return not_yet(f"your trail has {cars} cars; the longest simple path already has {path}. "
                       "A trail may pass a city twice: use the cycles around Helena.")
    extra = f" It visits {_names(again)} more than once." if again else ""
    if cars == best:
        return right(f"{cars} cars, longer than the {path} of the longest simple path, and no "
                     f"trail of this network is longer.{extra}")
    return right(f"{cars} cars, longer than the {path} of the longest simple path.{extra} "
                 f"(The longest trail has {best}: can you find it?)")


@exercise("04.4", "How often can a trail pass through a city?", "a whole number")
def _pass_through(answer: Any):
    n = read_int(answer, "a whole number of times")
    # passing through a city uses two of its routes, one in and one out
    most = 3 // 2
    if n == most:
        return right("Once: passing through uses 2 of the city's routes, and passing twice would "
                     "need 4. (A trail may still end at a city it passed through, using the "
                     "third route.)")
    if n == 0:
        return not_yet("a trail can pass through a city: arrive on one route, leave on another.")
    if n > most:
        return not_yet(f"passing through {n} times uses {2 * n} routes at the city; it has at "
                       "most 3.")
    return not_yet("a number of times is 0 or more.")


@exercise("04.5", "The biggest gap between a trail and a simple path",
          f"a list of at most {GAP_ROUTES} routes, such as ['Denver–Omaha', 'Omaha–Chicago']")
def _biggest_gap(answer: Any):
    from ..board import load_map
    from ..graph import longest_simple_path, longest_trail

    board = load_map("usa")
    ids = read_routes(board, answer)
    if not ids:
        return not_yet(f"name some routes: at most {GAP_ROUTES}, whose longest trail is at least "
                       f"{GAP_CARS} cars longer than their longest simple path.")
    if len(ids) != len(set(ids)):
        twice = sorted({board.route(i).label() for i in ids if ids.count(i) > 1})
        return not_yet(f"{', '.join(twice)} is listed twice; each route counts once.")
    for i in ids:
        if any(twin in ids for twin in board.twins.get(i, ())):
            r = board.route(i)
            return not_yet(f"you have both tracks of {r.a}–{r.b}; a player may never claim "
                           "both tracks of a double route.")
    if len(ids) > GAP_ROUTES:
        return not_yet(f"that is {len(ids)} routes; use at most {GAP_ROUTES}.")
    trail, path = longest_trail(board, ids), longest_simple_path(board, ids)
    gap = trail.length - path.length
    said = f"longest trail {trail.length} cars, longest simple path {path.length}"
    if gap >= GAP_CARS:
        again = sorted(c for c in set(trail.cities) if trail.cities.count(c) > 1)
        return right(f"{said}: {gap} cars more. The trail passes {_names(again)} twice; a simple "
                     "path passes it once, so it uses at most two of its routes and leaves the "
                     "rest behind.")
    if gap == 0:
        return not_yet(f"{said}: no gap. A trail beats every simple path only by passing a city "
                       "twice: give a city of your network 4 of your routes, two of them on a "
                       "cycle through it.")
    return not_yet(f"{said}: {gap} cars more, not yet {GAP_CARS}. What a simple path leaves "
                   "behind is at the city the trail passes twice: make the routes it must "
                   "drop there long.")
