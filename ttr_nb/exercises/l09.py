"""Checkers of lesson 09 (Legendary Asia): what a mountain route is worth, points per train,
and who scores the Asian Explorer. Verdicts come from the board, the variant's settings and
the Scoresheet."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ._answers import read_choice, read_int_pair, read_names
from ._core import exercise, not_yet, right

VARIANT = "legendary-asia"

WORTH = (3, 2)
"""Exercise 09.1: a route of 3 spaces with 2 X (no such route is printed on the board)."""
PER_TRAIN = "Omsk–Samarkand"
"""Exercise 09.2: the mountain route compared with an ordinary route of the same trains."""

SPOILERS: dict[str, list[str]] = {
    "09.1": ["(5, 8)", "4 + 2 × 2 = 8", "5 trains and 8 points"],
    "09.2": ["ordinary L + X", "every other kind pays less", "ordinary 5-space route scores 10",
             "Omsk–Samarkand pays less"],
    "09.3": ["→ Ana and Bea", "Ana and Bea tie", "Ana and Bea, tied"],
}
"""Exercise key -> text that would state its answer if a student read it before the exercise."""


@lru_cache(maxsize=1)
def _variant():
    import ttr_nb

    return ttr_nb.get_variant(VARIANT)


def _value(route_name: str):
    from ttr_nb.rules.mountains import route_value

    v = _variant()
    board = v.board
    r = board.route(board.route_id(route_name))
    return r, route_value(board, r.length, r.mountains, v.policies["mountain_points_per_x"])


def worth_value():
    """Exercise 09.1's route: a :class:`~ttr_nb.rules.mountains.RouteValue` of :data:`WORTH`
    on the Legendary Asia board, with the variant's points per X."""
    from ttr_nb.rules.mountains import route_value

    v = _variant()
    return route_value(v.board, WORTH[0], WORTH[1], v.policies["mountain_points_per_x"])


@exercise("09.1", "What is this mountain route worth?", "a pair (trains, points), such as (3, 4)")
def _worth(answer: Any):
    trains, points = read_int_pair(answer, "give a pair (trains, points), such as (3, 4).",
                                   "a number of trains", "a number of points")
    v = worth_value()
    if (trains, points) == (v.trains, v.points):
        return right(f"{v.length} trains on the board + {v.mountains} into the Mountain Crossing = "
                     f"{v.trains}; {v.route_points} + {v.crossing_points} = {v.points} points.")
    if trains != v.trains:
        if trains == v.length:
            return not_yet(f"{trains} trains go on the board; each X takes one more train from the "
                           f"reserve into the Mountain Crossing.")
        return not_yet(f"not {trains} train{'s' * (trains != 1)}: count the spaces of the route "
                       "and the X marks.")
    if points == v.route_points:
        return not_yet(f"{points} is the route table's value for length {v.length}; each X scores "
                       f"{v.crossing_points // v.mountains} more.")
    if points == _variant().board.route_points(v.trains):
        return not_yet(f"{points} is what an ordinary route of {v.trains} spaces scores; the route "
                       f"table counts the {v.length} spaces, and each X scores 2 on top.")
    return not_yet(f"not {points} point{'s' * (points != 1)}: the route table's value for the "
                   "length, plus 2 per X.")


@exercise("09.2", "Points per train", "'mountain', 'ordinary' or 'the same'")
def _per_train(answer: Any):
    from ttr_nb.rules.mountains import route_value

    said = read_choice(answer, ("mountain", "ordinary", "the same", "same", "equal"), "one word")
    said = "the same" if said in ("same", "equal") else said
    r, mountain = _value(PER_TRAIN)
    plain = route_value(_variant().board, mountain.trains)
    a = Fraction(mountain.points, mountain.trains)
    b = Fraction(plain.points, plain.trains)
    want = "mountain" if a > b else "ordinary" if b > a else "the same"
    facts = (f"Both take {mountain.trains} trains; {r.a}–{r.b} scores {mountain.route_points} + "
             f"{mountain.crossing_points} = {mountain.points} ({float(a):.1f} per train), an ordinary "
             f"{plain.length}-space route {plain.points} ({float(b):.1f} per train)")
    if said == want:
        return right(facts + ".")
    return not_yet("work out each one's points per train: the trains it takes from the reserve "
                   "(the spaces, plus one per X), and the points it scores (the route table's "
                   "value for its spaces, plus 2 per X); then compare the two.")


def _explorer(players: dict[str, list[str]]):
    from ttr_nb.scoring import Scorer, Scoresheet

    v = _variant()
    scorers = [Scorer.from_routes(v.board, name, routes) for name, routes in players.items()]
    return Scoresheet.compute(v.board, scorers, {"asian_explorer": v.bonuses["asian_explorer"]})


PLAYERS = {
    "Ana": ["Agra–Calcutta", "Agra–Kathmandu", "Agra–Rawalpindi"],
    "Bea": ["Dihua–Samarkand", "Karachi–Samarkand", "Karachi–Shiraz"],
    "Cal": ["Peking–Xi'an", "Dihua–Xi'an", "Moscow–Perm", "Astrakhan–Moscow"],
}


@exercise("09.3", "Who gets the Asian Explorer?", "a list of names, such as ['Cal']")
def _asian_explorer(answer: Any):
    given = sorted(read_names(answer, list(PLAYERS), "player names"))
    sheet = _explorer(PLAYERS)
    want = sorted(sheet.names[i] for i in sheet.awarded["asian_explorer"])
    sizes = {name: len(sheet.network(i).cities) for i, name in enumerate(sheet.names)}
    if given == want:
        return right(sheet.bonus_summary("asian_explorer") + ".")
    if "Cal" in given and "Cal" not in want:
        pieces = [len(n.cities) for n in _networks("Cal")]
        sizes_text = " and ".join(str(k) for k in pieces)
        return not_yet(f"Cal's routes touch {sum(pieces)} cities, but in {len(pieces)} separate "
                       f"networks, of {sizes_text} cities: only the biggest one counts.")
    if not given:
        return not_yet("somebody scores it: count the cities of each player's biggest network.")
    missed = [n for n in want if n not in given]
    if missed:
        return not_yet("another player's routes join as many cities in one network (branches "
                       "count): tied players each score it.")
    extra = [n for n in given if n not in want]
    return not_yet(f"{extra[0]} joins only {sizes[extra[0]]} cities in one network.")


def _networks(name: str):
    from ttr_nb.graph import networks

    board = _variant().board
    return networks(board, board.route_ids(PLAYERS[name]))
