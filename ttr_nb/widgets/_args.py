"""The checks of the controls' arguments: one place for every kind of value a control takes.

Each check returns the value ready to use or raises :class:`ttr_nb.errors.ArgumentError`
(a ValueError and a TypeError) naming the argument, the value (shortened by
:func:`ttr_nb.errors.shown`) and what is allowed, with a "did you mean" for a name. The
controls check every argument before they build anything, so a wrong one costs nothing.
Errors from inside a file a control reads (a map: ``MapError``; a game record: ``SaveError``)
are the loaders' own and pass through.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import MAX_NAME, ArgumentError, int_problem, shown

MIN_WIDTH, MAX_WIDTH = 200, 2400
"""The narrowest and widest board picture a control draws (pixels)."""
MAX_COLOURS = 64
"""The most colours, names or marks a control takes."""
MAX_LABEL = 120
"""The longest legend name of a player (a Team Asia name says the team too)."""
MAX_TITLE = 200
"""The longest title of a board picture."""
MAX_MARK = 3
"""The longest mark on a player's cars ('A', '12')."""
MAX_ITEMS = 1000
"""The most routes or tickets a control is given at once (a board has about 100)."""
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def fail(arg: str, value: Any, allowed: str, extra: str = "") -> ArgumentError:
    """The error for argument ``arg`` ('humans', or a part of it: 'humans[1]'): "arg must be
    ALLOWED, not VALUE[ EXTRA]"; its ``argument`` is the argument's name."""
    return ArgumentError(f"{arg} must be {allowed}, not {shown(value)}{extra}", name_of(arg))


def name_of(arg: str) -> str:
    """The argument's name in a description of a part of it: 'agents' in "agents[1]" or in
    "a seat in agents", 'claims' in "a player name in claims"."""
    words = re.findall(r"[A-Za-z_]\w*", arg.rpartition(" in ")[2])
    return words[0] if words else arg


def did_you_mean(word: Any, options: Iterable[str]) -> str:
    """"; did you mean 'usa'?" for the closest option, or ''."""
    if not isinstance(word, str) or len(word) > 4 * MAX_NAME:
        return ""
    opts = [str(o) for o in options]
    low = {o.lower(): o for o in opts}
    got = difflib.get_close_matches(word.lower(), list(low), n=1, cutoff=0.6)
    return f"; did you mean {low[got[0]]!r}?" if got else ""


def whole(value: Any, arg: str, lo: int, hi: int, unit: str = "") -> int:
    """A whole number from ``lo`` to ``hi`` (numpy integers too)."""
    try:
        import numpy as np

        if isinstance(value, np.integer):
            value = int(value)
    except ImportError:  # pragma: no cover
        pass
    if int_problem(value, arg, lo, hi):
        raise fail(arg, value, f"a whole number from {lo:,} to {hi:,}{unit}")
    return value


def seed(value: Any, arg: str = "seed") -> int:
    """A random seed: any whole number a game takes (``ttr_nb.new_game``)."""
    problem = int_problem(value, arg)
    if problem:
        raise ArgumentError(problem, name_of(arg))
    return value


def width(value: Any, arg: str = "width_px") -> int:
    """The width of a board picture in pixels."""
    return whole(value, arg, MIN_WIDTH, MAX_WIDTH, " (pixels)")


def flag(value: Any, arg: str) -> bool:
    """True or False."""
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool"):   # (numpy's too)
        return bool(value)
    raise fail(arg, value, "True or False")


def text(value: Any, arg: str, most: int, *, empty: bool = False, lines: bool = False) -> str:
    """A text of at most ``most`` characters (not blank unless ``empty``), with no control
    character (a line break only if ``lines``)."""
    if not isinstance(value, str):
        raise fail(arg, value, f"a text of 1 to {most} characters")
    if len(value) > most:
        raise ArgumentError(f"{arg} must be a text of at most {most} characters, not one of "
                            f"{len(value):,} ({shown(value)})", name_of(arg))
    if not empty and not value.strip():
        raise fail(arg, value, f"a text of 1 to {most} characters (not blank)")
    if any(unicodedata.category(ch) == "Cc" and not (lines and ch == "\n") for ch in value):
        raise fail(arg, value, f"a text of printable characters (no control characters such as a NUL or a "
                               f"line break)")
    return value


def is_colour(c: Any) -> bool:
    """A colour both the browser and matplotlib draw: '#rgb', '#rrggbb' or a CSS name."""
    if not isinstance(c, str):
        return False
    if _HEX.fullmatch(c):
        return True
    from matplotlib.colors import CSS4_COLORS

    return c.lower() in CSS4_COLORS


def colours(value: Any, arg: str = "player_colors", need: int = 1, *, distinct: bool = True) -> list[str]:
    """A list of colours, one per player (team) at least: '#rrggbb', '#rgb' or CSS names
    ('teal'). None: the package's colours. With ``distinct``, the first ``need`` differ."""
    from ..draw import PLAYER_COLORS

    if value is None:
        value = list(PLAYER_COLORS)
    allowed = (f"a list of at least {need} colour{'s' * (need != 1)} ('#1a635c', '#abc' or a CSS name "
               f"such as 'teal'), one per player, or None for the package's colours")
    items = _sequence(value, arg, allowed)
    if len(items) > MAX_COLOURS:
        raise ArgumentError(f"{arg} holds {len(items):,} colours; at most {MAX_COLOURS}", name_of(arg))
    bad = [c for c in items if not is_colour(c)][:1]
    if bad or not items:
        raise fail(arg, value, allowed, f" ({shown(bad[0])} is not a colour)" if bad else "")
    if len(items) < need:
        raise ArgumentError(f"{arg} needs at least {need} colours (one per player), not {len(items)}: "
                            f"{shown(items)}", name_of(arg))
    if distinct:
        low = [c.lower() for c in items[:need]]
        twice = next((c for c in low if low.count(c) > 1), None)
        if twice is not None:
            raise ArgumentError(f"{arg} gives two players the same colour {twice!r}: give each "
                                f"player a colour of their own", name_of(arg))
    return list(items)


def labels(value: Any, arg: str, most: int, *, none_ok: bool = False, empty_ok: bool = False) -> list:
    """A list of short texts (player names on a legend, marks on cars); None items if
    ``none_ok``."""
    if value is None:
        return []
    allowed = f"a list of texts of at most {most} characters" + (" (or None)" if none_ok else "")
    items = _sequence(value, arg, allowed)
    if len(items) > MAX_COLOURS:
        raise ArgumentError(f"{arg} holds {len(items):,} items; at most {MAX_COLOURS}", name_of(arg))
    for x in items:
        if x is None and none_ok:
            continue
        if not isinstance(x, str) or len(x) > most or (not empty_ok and not x.strip()):
            raise fail(arg, value, allowed, f" ({shown(x)} is not one)")
    return list(items)


def _sequence(value: Any, arg: str, allowed: str) -> list:
    """The items of a list or tuple (a text or a mapping is not a list of items)."""
    if isinstance(value, (list, tuple)):
        return list(value)
    raise fail(arg, value, allowed)


def items(value: Any, arg: str, what: str, single: tuple[type, ...]) -> list:
    """One item (of a ``single`` type) or a list, tuple or set of them, as a list."""
    if isinstance(value, single) and not isinstance(value, bool):
        return [value]
    if isinstance(value, (list, tuple, set, frozenset)) or (
            isinstance(value, Iterable) and not isinstance(value, (str, bytes, Mapping))):
        out = []
        for x in value:
            out.append(x)
            if len(out) > MAX_ITEMS:
                raise ArgumentError(f"{arg} holds more than {MAX_ITEMS:,} {what}s; a board has far fewer", name_of(arg))
        return out
    raise fail(arg, value, f"a {what} or a list of {what}s")


def board(value: Any, arg: str = "board"):
    """A Board, or a shipped map name / map file path (``ttr_nb.load_map``; its MapError
    names the file)."""
    from ..board import Board, load_map

    if isinstance(value, Board):
        return value
    if isinstance(value, str):
        return load_map(value)
    raise fail(arg, value, "a Board or a map name such as 'usa' (ttr_nb.load_map)")


def game(value: Any, seed_value: int, arg: str = "game"):
    """A Game, or a variant name: a new game of it with its fewest players (2; Team Asia 4)
    dealt with ``seed_value`` (as ``ttr_nb.new_game(name, players, seed)``)."""
    from ..game import Game, new_game
    from ..variants import get_variant, variant_name

    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        try:
            key = variant_name(value)
        except ValueError as e:
            raise ArgumentError(f"{arg}: {e}; or pass a Game, e.g. ttr_nb.new_game('usa', 3, seed=1)", name_of(arg)) from None
        return new_game(key, min(get_variant(key).players), seed_value)
    raise fail(arg, value, "a Game (e.g. ttr_nb.new_game('usa', 3, seed=1)) or a variant name such as "
                           "'usa' (a new game with the fewest players it allows)")


def seat(value: Any, arg: str, names: Iterable[str]) -> int:
    """A seat: its number (0 = first player) or the player's name."""
    names = list(names)
    n = len(names)
    allowed = f"a seat number from 0 to {n - 1} or a player's name ({', '.join(names)})"
    if isinstance(value, str):
        if value in names:
            return names.index(value)
        raise fail(arg, value, allowed, did_you_mean(value, names))
    try:
        import numpy as np

        if isinstance(value, np.integer):
            value = int(value)
    except ImportError:  # pragma: no cover
        pass
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise fail(arg, value, allowed)
    return value


def seats(value: Any, arg: str, names: Iterable[str]) -> tuple[int, ...]:
    """Seats: one (number or name) or a list of them, each once, in order."""
    names = list(names)
    got = items(value, arg, "seat", (int, str))
    out = []
    for k, x in enumerate(got):
        s = seat(x, f"{arg}[{k}]", names)
        if s not in out:
            out.append(s)
    return tuple(sorted(out))


def agent(value: Any, arg: str, seed_value: int) -> Any:
    """A computer player: a name ('greedy', made with ``seed_value``), an object with a
    ``choose(game)`` method, or a function of the game."""
    from ..agents.registry import AGENTS, make_agent

    if isinstance(value, str):
        key = value.strip().lower()
        if key not in AGENTS:
            raise fail(arg, value, f"a player name ({', '.join(sorted(AGENTS))}), an object with a "
                                   f"choose(game) method or a function", did_you_mean(key, AGENTS))
        return make_agent(key, seed_value)
    if isinstance(value, type):
        raise ArgumentError(f"{arg} is the class {value.__name__}, not a player: pass one, such as "
                            f"{value.__name__}(seed=1), or a name such as 'greedy'", name_of(arg))
    if callable(getattr(value, "choose", None)) or callable(value):
        return value
    raise fail(arg, value, f"a player name ({', '.join(sorted(AGENTS))}), an object with a choose(game) "
                           f"method, a function, or None for a person")


def mapping(value: Any, arg: str, allowed: str) -> Mapping:
    """A mapping (dict)."""
    if isinstance(value, Mapping):
        if len(value) > MAX_COLOURS:
            raise ArgumentError(f"{arg} holds {len(value):,} entries; at most {MAX_COLOURS}", name_of(arg))
        return value
    raise fail(arg, value, allowed)


__all__ = ["fail", "did_you_mean", "whole", "seed", "width", "flag", "text", "is_colour", "colours", "labels",
           "items", "board", "game", "seat", "seats", "agent", "mapping", "MIN_WIDTH", "MAX_WIDTH"]
