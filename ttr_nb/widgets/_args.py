"""What only the controls take: the size of a board picture, player colours, legend names and
marks on cars.

Every other argument of a control (whole numbers, flags, texts, seats by number or name, a game
or a variant name, a board or a map name, a computer player) is checked by
:mod:`ttr_nb.validate`, the one check of each kind of input in the package. These checks build
on it and raise the same :class:`ttr_nb.errors.ArgumentError` naming the argument, the value
(shortened) and what is allowed. The controls check every argument before they build anything,
so a wrong one costs nothing.
"""
from __future__ import annotations

import re
from typing import Any

from .. import validate
from ..errors import ArgumentError, shown

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
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def width(value: Any, arg: str = "width_px") -> int:
    """The width of a board picture in pixels."""
    return validate.whole(value, arg, MIN_WIDTH, MAX_WIDTH, what="pixels")


def is_colour(c: Any) -> bool:
    """A colour both the browser and matplotlib draw: '#rgb', '#rrggbb' or a CSS name."""
    if not isinstance(c, str):
        return False
    c = str.__str__(c)
    if _HEX.fullmatch(c):
        return True
    from matplotlib.colors import CSS4_COLORS

    return c.lower() in CSS4_COLORS


def _sequence(value: Any, arg: str, allowed: str) -> list:
    """The items of a list or tuple (a text or a mapping is not a list of items)."""
    if isinstance(value, list):
        return list(list.__iter__(value))
    if isinstance(value, tuple):
        return list(tuple.__iter__(value))
    raise validate.fail(arg, value, allowed)


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
        raise ArgumentError(f"{arg} holds {len(items):,} colours; at most {MAX_COLOURS}",
                            validate.argument_of(arg))
    bad = [c for c in items if not is_colour(c)][:1]
    if bad or not items:
        raise validate.fail(arg, value, allowed, f" ({shown(bad[0])} is not a colour)" if bad else "")
    items = [str.__str__(c) for c in items]
    if len(items) < need:
        raise ArgumentError(f"{arg} needs at least {need} colours (one per player), not {len(items)}: "
                            f"{shown(items)}", validate.argument_of(arg))
    if distinct:
        low = [c.lower() for c in items[:need]]
        twice = next((c for c in low if low.count(c) > 1), None)
        if twice is not None:
            raise ArgumentError(f"{arg} gives two players the same colour {twice!r}: give each "
                                f"player a colour of their own", validate.argument_of(arg))
    return items


def labels(value: Any, arg: str, most: int, *, none_ok: bool = False, empty_ok: bool = False) -> list:
    """A list of short texts (player names on a legend, marks on cars); None items if
    ``none_ok``."""
    if value is None:
        return []
    allowed = f"a list of texts of at most {most} characters" + (" (or None)" if none_ok else "")
    items = _sequence(value, arg, allowed)
    if len(items) > MAX_COLOURS:
        raise ArgumentError(f"{arg} holds {len(items):,} items; at most {MAX_COLOURS}", validate.argument_of(arg))
    out = []
    for x in items:
        if x is None and none_ok:
            out.append(x)
            continue
        if not isinstance(x, str) or len(x) > most or (not empty_ok and not str.strip(x)):
            raise validate.fail(arg, value, allowed, f" ({shown(x)} is not one)")
        out.append(validate.text(x, f"{arg} ({shown(x)})", max_len=most, empty=empty_ok, strip=False,
                                 error=lambda m: ArgumentError(m, validate.argument_of(arg))))
    return out


__all__ = ["width", "is_colour", "colours", "labels", "MIN_WIDTH", "MAX_WIDTH", "MAX_COLOURS", "MAX_LABEL",
           "MAX_TITLE", "MAX_MARK"]
