"""Reading students' answers: numbers, probabilities, choices, names, routes, cities, tickets
and trails.

Each reader returns the value it read or raises :func:`answer_error` with a sentence a student
can act on; the checkers of every lesson build on them, so an answer is read the same way in
every lesson:

- a number may be an int, a float, a string (``"72"``, ``"1,234"``), a numpy scalar or a 0-d
  array, or a list of one number;
- a probability may also be a fraction (``"6622/11713"``) or a percentage (``"56.5%"``, or
  56.5: a number above 1 and at most 100 is read as a percentage, with a note saying so);
- a choice may be ``"c"``, ``"C"``, ``"(c)"``, ``"c)"`` or ``"c."``; names (players, playing
  styles, ways to play) are compared without regard to case, accents, hyphens or spaces
  (``"destination hungry"`` is ``"destination-hungry"``);
- a list of names, cities, routes or tickets may be a list (``["Ana", "Cal"]``) or one string
  (``"Ana, Cal"``); where one item is asked, a list of one item is that item.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from numbers import Real
from typing import Any, Callable, Iterable, Sequence, TypeVar

from ..mapcheck import name_key, plain_name
from ._core import answer_error

T = TypeVar("T")

_LISTS = (list, tuple, set, frozenset)
_SPLIT = re.compile(r"\s*(?:[,;]|\band\b|&|\+)\s*", re.I)


# -- single values ---------------------------------------------------------------------------
def one_item(answer: Any) -> Any:
    """``answer``, or its only item when it is a list (or tuple, or array) of one item; a numpy
    scalar or 0-d array becomes the Python value it holds."""
    if isinstance(answer, _LISTS) and len(answer) == 1:
        answer = next(iter(answer))
    shape = getattr(answer, "shape", None)
    if shape is not None and hasattr(answer, "item") and not isinstance(answer, (str, bytes)):
        try:
            size = math.prod(shape)
        except TypeError:
            size = None
        if size == 1:
            answer = answer.item()
    return answer


def read_number(answer: Any, what: str = "a number") -> float:
    """A number from an int, a float, a string such as ``"72"`` or ``"1,234"``, a numpy
    scalar or 0-d array, or a list of one number."""
    answer = one_item(answer)
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        raise answer_error(f"give {what}, not {answer}.")
    x = None
    if isinstance(answer, Real):
        x = float(answer)
    elif isinstance(answer, str):
        try:
            x = float(answer.strip().replace(",", "").replace("_", ""))
        except ValueError:
            pass
    elif type(answer).__name__ == "Decimal":
        x = float(answer)
    if x is None or not math.isfinite(x):
        raise answer_error(f"give {what}, not {answer!r}.")
    return x


def read_int(answer: Any, what: str = "a whole number") -> int:
    """A whole number (``7``, ``7.0``, ``"7"``, ``numpy.int64(7)``)."""
    x = read_number(answer, what)
    if x != int(x):
        raise answer_error(f"give {what}, not {one_item(answer)!r}.")
    return int(x)


def read_int_pair(answer: Any, shape: str, first: str, second: str) -> tuple[int, int]:
    """Two whole numbers given as a pair, ``(5, 12)``, ``[5, 12]`` or an array of two.
    ``shape`` is the sentence said when the answer is not a pair; ``first`` and ``second``
    name the two numbers."""
    if hasattr(answer, "tolist") and not isinstance(answer, (str, bytes)):
        answer = answer.tolist()
    if not isinstance(answer, (list, tuple)) or len(answer) != 2:
        raise answer_error(shape)
    return read_int(answer[0], first), read_int(answer[1], second)


class Probability(float):
    """A probability read from an answer: a float between 0 and 1, with ``exact`` (the
    Fraction the student wrote: ``"0.565"`` is 113/200, ``"6622/11713"`` itself) and
    ``note`` (what the reader assumed, such as reading 56.5 as 56.5 %; ``""`` if nothing)."""

    exact: Fraction
    note: str

    def __new__(cls, exact: Fraction, note: str = "") -> "Probability":
        p = super().__new__(cls, float(exact))
        p.exact = exact
        p.note = note
        return p


def read_probability(answer: Any, what: str = "a probability") -> Probability:
    """A probability: ``0.565``, ``"0.565"``, ``"6622/11713"``, a Fraction, ``"56.5%"``, or
    56.5 (a number above 1 and at most 100 is read as a percentage, and the
    :class:`Probability`'s ``note`` says so); numpy scalars too."""
    answer = one_item(answer)
    example = f"give {what}, such as 0.25, '1/4' or '25%'"
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        raise answer_error(f"{example}; not {answer}.")
    percent = False
    if isinstance(answer, Fraction):
        p = answer
    elif isinstance(answer, Real):
        x = float(answer)
        if not math.isfinite(x):
            raise answer_error(f"{example}; not {answer!r}.")
        p = Fraction(x) if x == int(x) else Fraction(repr(x))
    elif isinstance(answer, str):
        text = answer.strip().replace(" ", "").replace(",", ".")
        if text.endswith("%"):
            percent, text = True, text[:-1]
        try:
            p = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise answer_error(f"{example}; not {answer!r}.") from None
    else:
        raise answer_error(f"{example}; not {answer!r}.")
    note = ""
    if percent:
        p = p / 100
        note = f"{_num(p * 100)}% read as {_num(p)}."
    elif 1 < p <= 100:
        note = f"{_num(p)} is more than 1, so it was read as a percentage: {_num(p)}% = {_num(p / 100)}."
        p = p / 100
    if p < 0:
        raise answer_error(f"a probability is between 0 and 1 (0% and 100%); {_num(p)} is negative.")
    if p > 1:
        raise answer_error(f"a probability is between 0 and 1 (0% and 100%); {answer!r} is more.")
    return Probability(p, note)


def _num(p: Fraction) -> str:
    return f"{float(p):.6g}"


def read_bool(answer: Any) -> bool:
    """True/False, or "yes"/"no" ("y"/"n")."""
    answer = one_item(answer)
    if isinstance(answer, bool):
        return answer
    if type(answer).__name__ == "bool_":
        return bool(answer)
    if isinstance(answer, str) and name_key(answer) in {"yes", "true", "y", "no", "false", "n"}:
        return name_key(answer) in {"yes", "true", "y"}
    raise answer_error(f"answer True or False (or 'yes' or 'no'), not {answer!r}.")


# -- names and choices -----------------------------------------------------------------------
def same_name(a: Any, b: Any) -> bool:
    """True if ``a`` and ``b`` are the same name as :func:`name_key` compares them."""
    return name_key(a) == name_key(b)


_LETTER = re.compile(r"^[(\[]?\s*([a-z0-9])\s*(?:[)\].:](?:\s.*)?)?$", re.S)
"""A letter as a student writes a choice: 'c', '(c)', 'c)', '[c]', 'c.', or 'c) the text'."""


def read_choice(answer: Any, choices: Iterable[str], what: str = "one of the choices") -> str:
    """One of ``choices``, matched without regard to case, accents, hyphens or spaces; a
    letter may be written ``"c"``, ``"C"``, ``"(c)"``, ``"c)"`` or ``"c."`` (and a list of one
    choice is that choice)."""
    options = {name_key(c): c for c in choices}
    answer = one_item(answer)
    if isinstance(answer, str):
        key = name_key(answer)
        if key in options:
            return options[key]
        m = _LETTER.match(plain_name(answer).strip())
        if m and m.group(1) in options:
            return options[m.group(1)]
    listed = ", ".join(repr(c) for c in options.values())
    raise answer_error(f"give {what}: one of {listed}; not {answer!r}.")


read_name = read_choice
"""One name among ``choices`` (a player, a playing style, a way to play): :func:`read_choice`."""


def read_items(answer: Any, read_one: Callable[[Any], T], what: str, example: Sequence[str],
               allow_empty: bool = True) -> list[T]:
    """A list of items, each read by ``read_one``, from a list (tuple, set) or from one string
    ("Ana, Cal", "Ana and Cal"); repeats dropped, order kept. ``what`` names the items ("player
    names") and ``example`` gives real ones for the message ("give a list such as ['Ana', 'Cal']")."""
    shown = repr(list(example))
    if isinstance(answer, str):
        text = answer.strip()
        parts = [p for p in _SPLIT.split(text) if p.strip()] if text else []
        answer = parts
    elif hasattr(answer, "tolist") and not isinstance(answer, (bytes,)):
        answer = answer.tolist()
        answer = answer if isinstance(answer, list) else [answer]
    if not isinstance(answer, _LISTS):
        raise answer_error(f"give a list of {what}, such as {shown}"
                           + (" (or [] for none)." if allow_empty else "."))
    items = sorted(answer, key=str) if isinstance(answer, (set, frozenset)) else list(answer)
    out: list[T] = []
    for x in items:
        got = read_one(x)
        if got not in out:
            out.append(got)
    if not out and not allow_empty:
        raise answer_error(f"give at least one of the {what}, such as {shown}.")
    return out


def read_names(answer: Any, names: Sequence[str], what: str = "names",
               allow_empty: bool = True) -> list[str]:
    """Names among ``names`` (players, playing styles, ways to play), from ``["Ana", "Cal"]``
    or ``"Ana, Cal"``; case, accents, hyphens and spaces forgiven. A string that is one
    name, or a list of one, is a list of one name."""
    if isinstance(answer, str) and name_key(answer) in {name_key(n) for n in names}:
        answer = [answer]
    if isinstance(answer, str) and not _SPLIT.search(answer):
        words = answer.split()
        if len(words) > 1 and all(name_key(w) in {name_key(n) for n in names} for w in words):
            answer = words
    example = list(names[:2]) if len(names) >= 2 else list(names)
    one = "a " + (what[:-1] if what.endswith("s") else what)
    return read_items(answer, lambda x: read_choice(x, names, one), what, example, allow_empty)


# -- the board: cities, routes, tickets, trails ----------------------------------------------
def read_city(board: Any, answer: Any) -> str:
    """A city of ``board`` by its name (case, accents, dots, hyphens and spaces forgiven)."""
    answer = one_item(answer)
    names = {name_key(c): c for c in board.cities}
    if isinstance(answer, str) and name_key(answer) in names:
        return names[name_key(answer)]
    raise answer_error(f"{answer!r} is not a city of {board.name}.")


def read_cities(board: Any, answer: Any) -> list[str]:
    """A list of cities of ``board``, in order (repeats kept: a trail may pass a city twice),
    from a list or from one string ("Seattle, Helena, Denver")."""
    if isinstance(answer, str):
        answer = [p for p in re.split(r"\s*(?:[,;]|→|->)\s*", answer.strip()) if p]
    if hasattr(answer, "tolist") and not isinstance(answer, (str, bytes)):
        answer = answer.tolist()
    if not isinstance(answer, (list, tuple)):
        example = sorted(board.cities)[:2]
        raise answer_error(f"give a list of city names, such as {example!r}.")
    return [read_city(board, c) for c in answer]


def read_routes(board: Any, answer: Any) -> list[int]:
    """Route ids from a list of routes ('Denver–Omaha', ('Denver', 'Omaha'), ids) or from one
    string of routes separated by commas ("Denver–Omaha, Omaha–Chicago")."""
    if isinstance(answer, str) and re.search(r"[,;]", answer):
        answer = [p for p in re.split(r"\s*[,;]\s*", answer.strip()) if p]
    elif isinstance(answer, (str, tuple)) and _looks_like_one_route(answer):
        answer = [answer]
    if hasattr(answer, "tolist") and not isinstance(answer, (str, bytes)):
        answer = answer.tolist()
        answer = answer if isinstance(answer, list) else [answer]
    if not isinstance(answer, _LISTS):
        raise answer_error("give a list of routes, such as ['Denver–Omaha', 'Omaha–Chicago'].")
    specs = [int(x) if _is_int(x) else x for x in answer]
    try:
        return board.route_ids(specs)
    except (KeyError, TypeError) as exc:
        raise answer_error(str(exc.args[0]) if exc.args else str(exc)) from None


def _is_int(x: Any) -> bool:
    return type(x).__name__ not in ("bool", "bool_") and hasattr(x, "__index__") and not isinstance(x, int)


def find_ticket(board: Any, text: Any, ids: Sequence[str]) -> Any:
    """The ticket among ``ids`` that ``text`` names, or None: its id, its two cities in either
    order joined by a dash ('Denver–Saint Louis', 'Montreal-Chicago', 'Denver - Saint Louis') or
    its label ('Denver–El Paso (4)'); case, spaces and accents are forgiven."""
    text = one_item(text)
    if not isinstance(text, str):
        return None
    cities = re.sub(r"\s*\(\d+\)\s*$", "", text)
    for t in (board.ticket(i) for i in ids):
        if name_key(text) == name_key(t.id):
            return t
        for sep in ("–", "—", " - ", "-", " to "):
            parts = [name_key(p) for p in cities.split(sep)]
            if len(parts) == 2 and set(parts) == {name_key(t.a), name_key(t.b)}:
                return t
    return None


def read_ticket(board: Any, answer: Any, ids: Sequence[str], whose: str = "the tickets") -> Any:
    """The ticket among ``ids`` that ``answer`` names (as :func:`find_ticket` reads it; a list
    of one ticket is that ticket); :func:`answer_error` listing ``whose`` tickets otherwise."""
    found = find_ticket(board, answer, ids)
    if found is not None:
        return found
    names = ", ".join(repr(f"{board.ticket(i).a}–{board.ticket(i).b}") for i in ids)
    raise answer_error(f"{one_item(answer)!r} is not one of {whose} ({names}).")


def read_tickets(board: Any, answer: Any, ids: Sequence[str], whose: str = "the tickets",
                 allow_empty: bool = True) -> list[Any]:
    """Tickets among ``ids``, from a list or one string ("Denver–Saint Louis, Montréal–Chicago")."""
    t0 = board.ticket(ids[0])
    return read_items(answer, lambda x: read_ticket(board, x, ids, whose), "tickets",
                      [f"{t0.a}–{t0.b}"], allow_empty)


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
