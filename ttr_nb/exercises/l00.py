"""Exercises of lesson 00 (start here: the boards as graphs) and their checkers.

The verdicts come from the boards and the graph functions (degrees, cheapest train cost), never
from a table of answers.
"""
from __future__ import annotations

from typing import Any, Sequence

from ._answers import read_cities, read_int, read_int_pair
from ._core import answer_error, exercise, not_yet, right

CITY_1 = "Seattle"
TICKET_2 = ("Krasnoyarsk", "Peking")
TICKET_3 = ("Seattle", "New York")

SPOILERS = {
    "00.1": ["(6, 4)", "6 tracks", "4 neighbours", "('Seattle', 6)", "Seattle has 6"],
    "00.2": ["Krasnoyarsk → Dihua", "Dihua → Peking", "Krasnoyarsk–Dihua", "'Dihua', 'Peking'"],
    "00.3": ["Seattle–New York (22): 20", "Seattle → Helena → Duluth", "Seattle – New York in the fewest trains",
             "Seattle–New York in 20"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""


def _usa() -> Any:
    import ttr_nb

    return ttr_nb.load_map("usa")


def path_trains(board: Any, cities: Sequence[str]) -> tuple[int, int]:
    """``(trains, cars)`` of the path through ``cities`` in order, taking at each step the
    track that costs the fewest trains (mountain X spaces count, on Legendary Asia).

    Raises :func:`answer_error` naming a step with no route, a city visited twice, or a
    country passed through.
    """
    if len(cities) < 2:
        raise answer_error("a path needs at least two cities, its two ends.")
    seen: set[str] = set()
    for c in cities:
        if c in seen:
            raise answer_error(f"your path visits {c} twice; a cheapest path never does.")
        seen.add(c)
    for c in cities[1:-1]:
        if board.cities[c].is_country:
            raise answer_error(f"{c} is a country: a path may end there but never pass through it.")
    trains = cars = 0
    for a, b in zip(cities, cities[1:]):
        tracks = board.routes_between(a, b)
        if not tracks:
            raise answer_error(f"no route joins {a} and {b}.")
        best = min(tracks, key=lambda r: (r.trains, r.id))
        trains += best.trains
        cars += best.length
    return trains, cars


# -- 00.1 ------------------------------------------------------------------------------------
@exercise("00.1", "Tracks and neighbours",
          "a pair (tracks, neighbours), such as (3, 2)")
def _tracks_and_neighbours(answer: Any) -> Any:
    from ttr_nb.graph import degrees

    tracks, neighbours = read_int_pair(
        answer, "give a pair of two numbers: (tracks, neighbours), such as (3, 2).",
        "the number of tracks", "the number of neighbours")
    board = _usa()
    want_tracks = degrees(board)[CITY_1]
    near = sorted({r.other(CITY_1) for r in board.routes if CITY_1 in (r.a, r.b)})
    doubles = sum(1 for c in near if len(board.routes_between(CITY_1, c)) > 1)
    if (tracks, neighbours) == (want_tracks, len(near)):
        return right(f"{want_tracks} tracks lead to {len(near)} neighbours ({', '.join(near)}); "
                     f"{doubles} of them by a double route, which counts twice as tracks.")
    if (tracks, neighbours) == (len(near), want_tracks):
        return not_yet("you swapped them: tracks first, then neighbours.")
    if tracks == len(near):
        return not_yet("a double route is two tracks: count each of its tracks.")
    if neighbours == want_tracks:
        return not_yet("a neighbour is a city, counted once even when two tracks lead to it.")
    return not_yet(f"look at {CITY_1} on the board, or at degrees(usa) and the neighbours "
                   "in networkx, and count again.")


# -- 00.2 ------------------------------------------------------------------------------------
@exercise("00.2", "Fewest trains, with mountains",
          "a list of cities from Krasnoyarsk to Peking, such as ['Krasnoyarsk', 'Irkutsk', ...]")
def _fewest_trains(answer: Any) -> Any:
    import ttr_nb
    from ttr_nb.graph import cheapest_cost, connect

    board = ttr_nb.load_map("legendary_asia")
    cities = read_cities(board, answer)
    a, b = TICKET_2
    if len(cities) < 2:
        raise answer_error(f"give the cities of the path in order, from {a} to {b}.")
    if {cities[0], cities[-1]} != {a, b}:
        raise answer_error(f"the path must run from {a} to {b}.")
    trains, cars = path_trains(board, cities)
    best, _routes = cheapest_cost(board, a, b)
    if trains == best:
        return right(f"{trains} trains ({cars} cars + {trains - cars} mountain X), the fewest "
                     "there are.")
    fewest_cars = connect(board, [r.id for r in board.routes], a, b)
    if tuple(cities) in (fewest_cars.cities, fewest_cars.cities[::-1]):
        return not_yet(f"that path has the fewest cars ({cars}), but its {trains - cars} mountain "
                       f"X cost extra trains: {trains} in all. There is a path of {best}.")
    return not_yet(f"your path costs {trains} trains ({cars} cars + {trains - cars} mountain X); "
                   f"a cheaper one costs {best}.")


# -- 00.3 ------------------------------------------------------------------------------------
@exercise("00.3", "Predict, then run: a ticket and its cheapest path", "a whole number of trains")
def _ticket_path(answer: Any) -> Any:
    from ttr_nb.graph import cheapest_cost

    n = read_int(answer, "a whole number of trains")
    board = _usa()
    a, b = TICKET_3
    best, _routes = cheapest_cost(board, a, b)
    points = [t.points for t in board.tickets_in("original") if {t.a, t.b} == {a, b}][0]
    if n == best:
        return right(f"{best} trains, {points - best} fewer than the {points} points of the ticket: "
                     "one of the few original tickets worth more than its cheapest path.")
    if n == points:
        return not_yet(f"{points} is what the ticket is worth; most tickets are worth exactly their "
                       "cheapest path, but not this one. Run cheapest_cost to see.")
    if n < best:
        return not_yet(f"no path from {a} to {b} is that cheap; run cheapest_cost to see.")
    return not_yet(f"there is a cheaper path than {n} trains; run cheapest_cost to see.")
