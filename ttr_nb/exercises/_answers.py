"""Reading students' answers: numbers, choices, routes, cities and trails.

Each reader returns the value it read or raises :func:`answer_error` with a sentence a student
can act on; the checkers of the lessons build on them.
"""
from __future__ import annotations

import math
import re
from numbers import Real
from typing import Any, Iterable, Sequence

from ..board import plain_name
from ._core import answer_error


def read_number(answer: Any, what: str = "a number") -> float:
    """A number from an int, a float or a string such as ``"72"``."""
    if isinstance(answer, bool):
        raise answer_error(f"give {what}, not {answer}.")
    x = None
    if isinstance(answer, Real):
        x = float(answer)
    elif isinstance(answer, str):
        try:
            x = float(answer.strip().replace(",", ""))
        except ValueError:
            pass
    if x is None or not math.isfinite(x):
        raise answer_error(f"give {what}, not {answer!r}.")
    return x


def read_int(answer: Any, what: str = "a whole number") -> int:
    """A whole number (``7``, ``7.0`` or ``"7"``)."""
    x = read_number(answer, what)
    if x != int(x):
        raise answer_error(f"give {what}, not {answer!r}.")
    return int(x)


def read_int_pair(answer: Any, shape: str, first: str, second: str) -> tuple[int, int]:
    """Two whole numbers given as a pair, ``(5, 12)`` or ``[5, 12]``. ``shape`` is the sentence
    said when the answer is not a pair; ``first`` and ``second`` name the two numbers."""
    if not isinstance(answer, (list, tuple)) or len(answer) != 2:
        raise answer_error(shape)
    return read_int(answer[0], first), read_int(answer[1], second)


def read_choice(answer: Any, choices: Iterable[str], what: str = "one of the choices") -> str:
    """One of ``choices``, matched without regard to case, spaces or a trailing full stop."""
    options = {_norm(c): c for c in choices}
    if isinstance(answer, str) and _norm(answer) in options:
        return options[_norm(answer)]
    listed = ", ".join(repr(c) for c in options.values())
    raise answer_error(f"give {what}: one of {listed}; not {answer!r}.")


def read_bool(answer: Any) -> bool:
    """True/False, or "yes"/"no"."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and _norm(answer) in {"yes", "true", "no", "false"}:
        return _norm(answer) in {"yes", "true"}
    raise answer_error(f"answer True or False (or 'yes' or 'no'), not {answer!r}.")


def read_city(board: Any, answer: Any) -> str:
    """A city of ``board`` by its name (case and spaces forgiven)."""
    names = {_norm(c): c for c in board.cities}
    if isinstance(answer, str) and _norm(answer) in names:
        return names[_norm(answer)]
    raise answer_error(f"{answer!r} is not a city of {board.name}.")


def read_cities(board: Any, answer: Any) -> list[str]:
    """A list of cities of ``board``, in order."""
    if isinstance(answer, str) or not isinstance(answer, Sequence):
        raise answer_error("give a list of city names, such as ['Denver', 'Omaha'].")
    return [read_city(board, c) for c in answer]


def read_routes(board: Any, answer: Any) -> list[int]:
    """Route ids from a list of routes ('Denver–Omaha', ('Denver', 'Omaha'), ids)."""
    if isinstance(answer, (str, tuple)) and _looks_like_one_route(answer):
        answer = [answer]
    if not isinstance(answer, (list, tuple, set, frozenset)):
        raise answer_error("give a list of routes, such as ['Denver–Omaha', 'Omaha–Chicago'].")
    try:
        return board.route_ids(list(answer))
    except (KeyError, TypeError) as exc:
        raise answer_error(str(exc.args[0]) if exc.args else str(exc)) from None


def find_ticket(board: Any, text: Any, ids: Sequence[str]) -> Any:
    """The ticket among ``ids`` that ``text`` names, or None: its id, its two cities in either
    order joined by a dash ('Denver–Saint Louis', 'Montreal-Chicago') or its label ('Denver–El
    Paso (4)'); case, spaces and accents are forgiven."""
    if not isinstance(text, str):
        return None
    cities = re.sub(r"\s*\(\d+\)\s*$", "", text)
    for t in (board.ticket(i) for i in ids):
        if _norm(text) == _norm(t.id):
            return t
        for sep in ("–", "-", "—"):
            parts = [_norm(p) for p in cities.split(sep)]
            if len(parts) == 2 and set(parts) == {_norm(t.a), _norm(t.b)}:
                return t
    return None


def walk_trail(board: Any, cities: Sequence[str], route_ids: Iterable[int]) -> list[int]:
    """The routes a trail through ``cities`` (in order) uses, taken from ``route_ids``.

    Each step must use a route of ``route_ids`` between the two cities that the trail has not
    used yet (a double's second track may be used once more). Raises :func:`answer_error`
    naming the first step that fails ("your trail uses Denver–Omaha twice").
    """
    if len(cities) < 2:
        raise answer_error("a trail needs at least two cities.")
    owned = set(route_ids)
    used: list[int] = []
    for a, b in zip(cities, cities[1:]):
        tracks = [r.id for r in board.routes_between(a, b) if r.id in owned]
        if not tracks:
            if not board.routes_between(a, b):
                raise answer_error(f"no route joins {a} and {b}.")
            raise answer_error(f"{a}–{b} is not one of the routes you may use.")
        free = [t for t in tracks if t not in used]
        if not free:
            raise answer_error(f"your trail uses {a}–{b} twice; a trail uses each route once.")
        used.append(free[0])
    return used


def read_trail(board: Any, answer: Any, route_ids: Iterable[int]) -> tuple[list[str], list[int], int]:
    """A trail given as a list of cities in order, through ``route_ids``: ``(cities, routes
    used, cars)``. Raises :func:`answer_error` as :func:`read_cities` and :func:`walk_trail` do."""
    cities = read_cities(board, answer)
    used = walk_trail(board, cities, route_ids)
    return cities, used, sum(board.route(r).length for r in used)


def _looks_like_one_route(answer: Any) -> bool:
    if isinstance(answer, str):
        return True
    return len(answer) in (2, 3) and all(isinstance(x, str) for x in answer) and not any(
        "–" in x or "-" in x for x in answer)


def _norm(text: str) -> str:
    """Lower case, single spaces, no trailing full stop, no accents ('Montréal' = 'montreal')."""
    return plain_name(str(text).replace("’", "'")).rstrip(".")
