"""Checkers of lesson 09 (Legendary Asia): what a mountain route is worth, points per train,
and who scores the Asian Explorer. Verdicts come from the board, the variant's settings and
the Scoresheet."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ._answers import read_choice, read_int_pair
from ._core import answer_error, exercise, not_yet, right

VARIANT = "legendary-asia"


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


@exercise("09.1", "What is this mountain route worth?", "a pair (trains, points), such as (3, 4)")
def _worth(answer: Any):
    trains, points = read_int_pair(answer, "give a pair (trains, points), such as (3, 4).",
                                   "a number of trains", "a number of points")
    r, v = _value("Karachi–Shiraz")
    if (trains, points) == (v.trains, v.points):
        return right(f"{r.label()}: {v.length} trains on the board + {v.mountains} into the Mountain "
                     f"Crossing = {v.trains}; {v.route_points} + {v.crossing_points} = {v.points} points.")
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

    said = read_choice(answer, ("mountain", "ordinary", "the same", "same"), "one word")
    said = "the same" if said == "same" else said
    r, mountain = _value("Omsk–Samarkand")
    plain = route_value(_variant().board, mountain.trains)
    a = Fraction(mountain.points, mountain.trains)
    b = Fraction(plain.points, plain.trains)
    want = "mountain" if a > b else "ordinary" if b > a else "the same"
    facts = (f"Both take {mountain.trains} trains; {r.a}–{r.b} scores {mountain.route_points} + "
             f"{mountain.crossing_points} = {mountain.points} ({float(a):.1f} per train), an ordinary "
             f"{plain.length}-space route {plain.points} ({float(b):.1f} per train)")
    if said == want:
        return right(facts + ".")
    return not_yet("b" + facts[1:] + ": compare the two.")


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
    if isinstance(answer, str):
        answer = [answer]
    if not isinstance(answer, (list, tuple, set, frozenset)):
        raise answer_error("give a list of names, such as ['Cal'].")
    given = sorted({read_choice(a, PLAYERS, "a player's name") for a in answer})
    sheet = _explorer(PLAYERS)
    want = sorted(sheet.names[i] for i in sheet.awarded["asian_explorer"])
    sizes = {name: len(sheet.network(i).cities) for i, name in enumerate(sheet.names)}
    if given == want:
        return right(sheet.bonus_summary("asian_explorer") + ".")
    if "Cal" in given and "Cal" not in want:
        pieces = [len(n.cities) for n in _networks("Cal")]
        return not_yet(f"Cal's routes touch {sum(pieces)} cities, but in networks of {pieces} cities: "
                       f"only the biggest one counts.")
    missed = [n for n in want if n not in given]
    if missed:
        return not_yet(f"{missed[0]}'s routes join {sizes[missed[0]]} cities in one network too"
                       f"{' (branches count)' if missed[0] == 'Ana' else ''}: tied players each score it.")
    extra = [n for n in given if n not in want]
    return not_yet(f"{extra[0]} joins only {sizes[extra[0]]} cities in one network.")


def _networks(name: str):
    from ttr_nb.graph import networks

    board = _variant().board
    return networks(board, board.route_ids(PLAYERS[name]))
