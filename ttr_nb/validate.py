"""One check per kind of input, for every boundary of the package (issue 36).

Each check takes the value, the argument's name as the caller knows it, and the limits; it
returns the value (normalised: an exact ``int``, ``str`` or ``tuple``) or raises the
package's own error with one sentence naming the argument, the value (shortened) and what
is allowed::

    seat must be a whole number from 0 to 1 (a seat of this 2-player game), not -1
    player name must be text without control or invisible characters (found a tab), not 'A\tna'

The error is :class:`ttr_nb.errors.ArgumentError` (a ValueError and a TypeError both; its
``argument`` is the argument's name: 'humans' for "humans[1]", 'route' for "ClaimRoute route"),
or whatever ``error(message)`` builds when a caller passes its own (a loader's MapError or
SaveError). The checks cover plain values (numbers, flags, texts, names, lists, JSON data) and
the package's own things given by name or as objects (a seat by number or player's name, a game
or a variant name, a board or a map name, a computer player); the controls add only what is
theirs (picture sizes and colours, ``ttr_nb.widgets._args``). A check never calls a value's own ``__eq__``, ``__hash__`` or ``__str__`` before it
knows the value's type, so an object whose methods raise is refused like any other.

>>> from ttr_nb import validate
>>> validate.whole(3, "trains", 0, 45)
3
>>> validate.whole(-1, "trains", 0, 45)
Traceback (most recent call last):
ttr_nb.errors.ArgumentError: trains must be a whole number from 0 to 45, not -1
>>> validate.name("Team_Asia", "variant", ["usa", "team-asia"])
'team-asia'
>>> validate.name("usaa", "variant", ["usa", "team-asia"])
Traceback (most recent call last):
ttr_nb.errors.ArgumentError: variant must be one of 'usa', 'team-asia', not 'usaa' (did you mean 'usa'?)
"""
from __future__ import annotations

import difflib
import math
import operator
import re
import unicodedata
from collections.abc import Iterable as _Iterable, Mapping
from typing import Any, Callable, Iterable, Sequence

from .errors import MAX_DEPTH, MAX_INT, ArgumentError, shown

Error = Callable[[str], Exception]
"""Builds the caller's own error from a message (default: :class:`ArgumentError`)."""

MAX_TEXT = 200
"""Longest text (characters) a name-like argument may have unless the caller says otherwise."""
MAX_ITEMS = 10_000
"""Most items a list argument may have unless the caller says otherwise."""


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` shortened for a message (a huge number, text or list is described by
    its size); never fails."""
    return shown(value, limit)


def _np_bool(value: Any) -> bool:
    """Is ``value`` a numpy bool (``np.bool_``; named ``bool`` from numpy 2 on)?"""
    t = type(value)
    return t.__module__ == "numpy" and t.__name__ in ("bool_", "bool")


def argument_of(label: str) -> str:
    """The argument's name in a label that describes it or a part of it: 'humans' in
    "humans[1]", 'agents' in "a seat in agents", 'route' in "ClaimRoute route", 'k' in
    "setting k (B-4.5)"."""
    head = label.split(":", 1)[0].rpartition(" in ")[2]
    words = re.findall(r"[A-Za-z_]\w*", re.sub(r"\([^)]*\)|\[[^\]]*\]|'[^']*'", " ", head))
    return words[-1] if words else label


def _raise(error: Error | None, message: str, name: str) -> Exception:
    return ArgumentError(message, argument_of(name)) if error is None else error(message)


def fail(arg: str, value: Any, allowed: str, extra: str = "") -> ArgumentError:
    """The error for ``arg`` ('humans', or a part of it: 'humans[1]'): "arg must be ALLOWED,
    not VALUE[EXTRA]" (``extra``: a did-you-mean, a hint)."""
    return ArgumentError(f"{arg} must be {allowed}, not {shown(value)}{extra}", argument_of(arg))


def did_you_mean(word: Any, choices: Iterable[str], n: int = 2) -> str:
    """`` (did you mean 'usa'?)`` for the nearest of ``choices`` (case and ``_``/``-``/space
    ignored), or '' when none is near."""
    if type(word) is not str:
        return ""
    choices = [c for c in choices if type(c) is str]
    key = _fold(word)
    by_key: dict[str, str] = {}
    for c in choices:
        by_key.setdefault(_fold(c), c)
    close = difflib.get_close_matches(key[:100], list(by_key), n=n, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(repr(by_key[c]) for c in close)}?)"


def _fold(word: str) -> str:
    return " ".join(word.lower().replace("_", " ").replace("-", " ").split())


# -- numbers --------------------------------------------------------------------------------
def whole(value: Any, name: str, lo: int | None = None, hi: int | None = None, *,
          what: str = "", bounded: bool = True, error: Error | None = None) -> int:
    """``value`` as an exact ``int`` in ``lo..hi`` (default: the range a save file holds,
    ±(2**63 - 1); ``bounded=False``: no upper bound, and no lower one unless ``lo``). A bool,
    a float (even 3.0), text or NaN is refused; a numpy integer is taken. ``what`` is said
    after the range: "(a seat of this 2-player game)"."""
    if type(value) is int:  # (the usual case, at once: no message built)
        if not bounded:
            if lo is None or value >= lo:
                return value
        elif (-MAX_INT < value if lo is None else lo <= value) and (value < MAX_INT if hi is None else value <= hi):
            return value
    if bounded:
        lo = -MAX_INT + 1 if lo is None else lo
        hi = MAX_INT - 1 if hi is None else hi
        want = f"a whole number from {lo:,} to {hi:,}"
    else:
        hi = None
        want = "a whole number" if lo is None else f"a whole number of at least {lo:,}"
    want += f" ({what})" if what else ""
    if type(value) is int:
        n = value
    elif isinstance(value, bool) or _np_bool(value):
        raise _raise(error, f"{name} must be {want}, not {value!r}", name)
    else:
        try:
            n = operator.index(value)
        except Exception:  # noqa: BLE001 (anything without a whole-number value)
            hint = ""
            if type(value) is float and math.isfinite(value) and value == int(value):
                hint = f" (write {int(value)})"
            elif type(value) is str and value.strip().lstrip("+-").isdigit():
                hint = " (a number, not text: leave out the quotes)"
            raise _raise(error, f"{name} must be {want}, not {shown(value)}{hint}", name) from None
    if lo is not None and n < lo or hi is not None and n > hi:
        raise _raise(error, f"{name} must be {want}, not {shown(n)}", name)
    return n


def number(value: Any, name: str, lo: float, hi: float, *, what: str = "",
           error: Error | None = None) -> float:
    """``value`` as a finite ``float`` in ``lo..hi`` (a whole number is taken; a bool, NaN,
    an infinity or text is refused)."""
    want = f"a number from {lo:g} to {hi:g}" + (f" ({what})" if what else "")
    x: Any = None
    if not (isinstance(value, (bool, str, bytes)) or _np_bool(value)):
        try:
            x = float(value) if type(value) in (int, float) else float(operator.index(value)) \
                if hasattr(type(value), "__index__") else float(value)
        except Exception:  # noqa: BLE001 (anything without a number's value)
            x = None
    if type(x) is not float or not (math.isfinite(x) and lo <= x <= hi):
        raise _raise(error, f"{name} must be {want}, not {shown(value)}", name)
    return x


def flag(value: Any, name: str, *, error: Error | None = None) -> bool:
    """``value`` as True or False (a numpy bool is taken; 1, 0, 'yes' are refused)."""
    if value is True or value is False:
        return value
    if _np_bool(value):
        return bool(value)
    raise _raise(error, f"{name} must be True or False, not {shown(value)}", name)


# -- names and text -------------------------------------------------------------------------
_BAD_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp", "Co", "Cn"})
"""Unicode categories a name may not hold: control characters, lone surrogates (they cannot
be saved as UTF-8), line and paragraph separators, private-use and unassigned code points."""


def text(value: Any, name: str, *, max_len: int = MAX_TEXT, empty: bool = False,
         lines: bool = False, strip: bool = True, error: Error | None = None) -> str:
    """``value`` as an exact ``str`` of at most ``max_len`` characters, without control
    characters (``lines=True`` allows new lines and tabs); spaces at the ends are dropped
    (``strip``); empty text is refused unless ``empty``."""
    if not isinstance(value, str):
        hint = " (a list? give one text)" if isinstance(value, (list, tuple)) else ""
        raise _raise(error, f"{name} must be text, not {shown(value)}{hint}", name)
    s = str.__str__(value)  # (an exact str: a subclass's own methods are not called)
    if strip and len(s) <= 10 * max_len:
        s = s.strip()
    if len(s) > max_len:
        raise _raise(error, f"{name} must be text of at most {max_len:,} characters, not "
                            f"{shown(s)}", name)
    if not s and not empty:
        raise _raise(error, f"{name} must be non-empty text, not {shown(value)}", name)
    for ch in s:
        if ch.isprintable() or ch == " ":
            continue
        if lines and ch in "\n\t\r":
            continue
        if unicodedata.category(ch) in _BAD_CATEGORIES:
            what = {"\n": "a new line", "\t": "a tab", "\r": "a carriage return"}.get(ch, repr(ch))
            raise _raise(error, f"{name} must be text without control or invisible characters "
                                f"(found {what}), not {shown(s)}", name)
    return s


def name(value: Any, arg: str, choices: Iterable[str], *, fold: bool = True,
         error: Error | None = None, list_limit: int = 12) -> str:
    """``value`` if it is one of ``choices`` (with ``fold``: in any case and with ``_``,
    ``-`` or spaces between words, giving the choice as spelled there); otherwise the error
    lists the choices (the first ``list_limit``) and says "did you mean" for a near one."""
    options = [c for c in choices]
    if type(value) is not str and isinstance(value, str):
        value = str.__str__(value)
    if type(value) is str:
        if value in options:
            return value
        if fold:
            key = _fold(value)
            for c in options:
                if _fold(c) == key:
                    return c
    listed = ", ".join(map(repr, options[:list_limit])) + (", …" if len(options) > list_limit else "")
    raise _raise(error, f"{arg} must be one of {listed}, not {shown(value)}"
                        f"{did_you_mean(value, options)}", arg)


def one_of(value: Any, arg: str, choices: Sequence[Any], *, error: Error | None = None) -> Any:
    """``value`` if it is one of ``choices`` (plain values: True/False, numbers, text),
    compared by type first (1 is not True, 3.0 is not 3)."""
    for c in choices:
        if type(value) is type(c) and value == c:
            return c
    if _np_bool(value) and any(c is bool(value) for c in choices):
        return bool(value)
    if type(value).__module__ == "numpy" and not _np_bool(value):
        try:
            n = operator.index(value)
        except Exception:  # noqa: BLE001
            n = None
        if n is not None and any(type(c) is int and c == n for c in choices):
            return n
    extra = did_you_mean(value, [c for c in choices if type(c) is str])
    raise _raise(error, f"{arg} must be one of {', '.join(map(repr, choices))}, not "
                        f"{shown(value)}{extra}", arg)


def texts(value: Any, arg: str, *, max_items: int = MAX_ITEMS, min_items: int = 0,
          max_len: int | None = MAX_TEXT, item: str = "text", unique: bool = False,
          error: Error | None = None) -> tuple[str, ...]:
    """``value`` (a list or tuple; not one text, a set or a dict) as a tuple of exact
    strings, each checked by :func:`text` (``item`` names one of them in messages;
    ``max_len=None``: any text, kept as it is, e.g. ids a later check looks up)."""
    if isinstance(value, (str, bytes)):
        raise _raise(error, f"{arg} must be a list of {item}s, not one text {shown(value)} "
                            f"(write [{shown(value)}])", arg)
    if isinstance(value, (set, frozenset)):
        raise _raise(error, f"{arg} must be a list of {item}s, not a set {shown(value)} (a set "
                            f"has no order: use a list)", arg)
    if not isinstance(value, (list, tuple)):
        raise _raise(error, f"{arg} must be a list of {item}s, not {shown(value)}", arg)
    items = list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value)
    n = list.__len__(value) if isinstance(value, list) else tuple.__len__(value)
    if not min_items <= n <= max_items:
        size = f"{min_items:,} to {max_items:,}" if min_items != max_items else f"{min_items:,}"
        raise _raise(error, f"{arg} must be a list of {size} {item}s, not {shown(value)}", arg)
    out = []
    for k, x in enumerate(items):
        if max_len is None:
            if not isinstance(x, str):
                hint = " (ids are text: put it in quotes)" if isinstance(x, int) else ""
                raise _raise(error, f"{arg} must be a list of {item}s (text), but item {k} is "
                                    f"{shown(x)}{hint}", arg)
            out.append(str.__str__(x))
        else:
            out.append(text(x, f"{arg}[{k}] ({item})", max_len=max_len, error=error))
    if unique:
        seen: dict[str, str] = {}
        for s in out:
            key = s.casefold()
            if key in seen:
                same = f"{shown(s)} twice" if seen[key] == s else f"{shown(seen[key])} and {shown(s)}"
                raise _raise(error, f"{item}s must differ (case aside): {arg} has {same}", arg)
            seen[key] = s
    return tuple(out)


# -- seats ----------------------------------------------------------------------------------
def seat(value: Any, n: int, arg: str = "seat", *, none: bool = False,
         error: Error | None = None) -> int | None:
    """``value`` as a seat of an ``n``-player game (0 to n - 1; None too when ``none``, the
    teacher's view). A negative seat is refused (it is not Python's "from the end")."""
    if value is None and none:
        return None
    if type(value) is int and 0 <= value < n:
        return value
    what = f"a seat of this {n}-player game" + (", or None for the teacher's view" if none else "")
    return whole(value, arg, 0, n - 1, what=what, error=error)


# -- plain data (JSON) ----------------------------------------------------------------------
def plain(value: Any, arg: str, *, max_depth: int = MAX_DEPTH, max_items: int = 1_000_000,
          error: Error | None = None) -> Any:
    """A copy of ``value`` as exact JSON-able plain data (dicts with text keys, lists (from
    lists and tuples), text, whole numbers within ±(2**63 - 1), finite floats,
    True/False/None), at most ``max_depth`` levels deep and ``max_items`` values in all;
    otherwise the error names the place ("record['actions'][3]['route']") and what was
    found. A subclass's own methods (``items``, ``__iter__``, ``__eq__``) are not called."""
    count = [0]

    def copy(v: Any, where: str, depth: int) -> Any:
        count[0] += 1
        if count[0] > max_items:
            raise _raise(error, f"{arg} holds more than {max_items:,} values: far too large", arg)
        t = type(v)
        if v is None or t is bool or t is str:
            return v
        if t is int:
            if not -MAX_INT < v < MAX_INT:
                raise _raise(error, f"{where} is {shown(v)}: far too large (at most "
                                    f"{MAX_INT - 1:,} either way)", arg)
            return v
        if t is float:
            if not math.isfinite(v):
                raise _raise(error, f"{where} is {v!r}, which JSON cannot hold (a finite number)", arg)
            return v
        if isinstance(v, (dict, list, tuple)):
            if depth > max_depth:
                raise _raise(error, f"{arg} is nested too deeply (more than {max_depth} levels)", arg)
            if isinstance(v, dict):
                out = {}
                for k, x in list(dict.items(v)):
                    if type(k) is not str:
                        raise _raise(error, f"{where} has the key {shown(k)}; JSON keys are text", arg)
                    out[k] = copy(x, f"{where}[{k[:30]!r}]", depth + 1)
                return out
            items = list(list.__iter__(v)) if isinstance(v, list) else list(tuple.__iter__(v))
            return [copy(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(items)]
        if isinstance(v, str):
            return str.__str__(v)
        raise _raise(error, f"{where} is {shown(v)} ({t.__name__}); a JSON value is a dict, list, "
                            f"text, number, True, False or None", arg)

    return copy(value, arg, 1)


# -- collections ------------------------------------------------------------------------------
def items(value: Any, arg: str, what: str, single: tuple[type, ...], *,
          max_items: int = 1000) -> list:
    """One item (of a ``single`` type) or a list, tuple, set or other collection of them (not a
    text or a dict), as a list of at most ``max_items``."""
    if isinstance(value, single) and not isinstance(value, bool):
        return [value]
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, _Iterable):
        raise fail(arg, value, f"a {what} or a list of {what}s")
    if isinstance(value, (list, tuple)):  # (a subclass's own __iter__ is not called)
        value = list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value)
    out = []
    try:
        for x in value:
            out.append(x)
            if len(out) > max_items:
                raise ArgumentError(f"{arg} holds more than {max_items:,} {what}s; a board has far fewer",
                                    argument_of(arg))
    except ArgumentError:
        raise
    except Exception:  # noqa: BLE001 (a collection that cannot be read)
        raise fail(arg, value, f"a {what} or a list of {what}s", " (it cannot be read)") from None
    return out


def mapping(value: Any, arg: str, allowed: str, *, max_items: int = 64) -> Mapping:
    """A mapping (a dict) of at most ``max_items`` entries; ``allowed`` says what it maps."""
    if not isinstance(value, Mapping):
        raise fail(arg, value, allowed)
    try:
        n = dict.__len__(value) if isinstance(value, dict) else len(value)
    except Exception:  # noqa: BLE001 (a mapping that cannot be read)
        raise fail(arg, value, allowed, " (it cannot be read)") from None
    if n > max_items:
        raise ArgumentError(f"{arg} holds {n:,} entries; at most {max_items}", argument_of(arg))
    return value


# -- seats ----------------------------------------------------------------------------------
def seat_or_name(value: Any, names: Sequence[str], arg: str = "seat") -> int:
    """A seat given by its number (0 = the first player) or by the player's name."""
    names = list(names)
    n = len(names)
    allowed = f"a seat number from 0 to {n - 1} or a player's name ({', '.join(names)})"
    if isinstance(value, str):
        value = str.__str__(value)
        if value in names:
            return names.index(value)
        raise fail(arg, value, allowed, did_you_mean(value, names))
    if type(value) is int and 0 <= value < n:
        return value
    if not (isinstance(value, bool) or _np_bool(value)):
        try:
            k = operator.index(value)
        except Exception:  # noqa: BLE001 (anything that is no whole number)
            k = None
        if k is not None and 0 <= k < n:
            return k
    raise fail(arg, value, allowed)


def seats_or_names(value: Any, names: Sequence[str], arg: str = "seats") -> tuple[int, ...]:
    """Seats: one (number or name) or a list of them, each once, in order."""
    names = list(names)
    out = []
    for k, x in enumerate(items(value, arg, "seat", (int, str))):
        s = seat_or_name(x, names, f"{arg}[{k}]")
        if s not in out:
            out.append(s)
    return tuple(sorted(out))


__all__ = ["ArgumentError", "Error", "MAX_TEXT", "MAX_ITEMS", "short", "did_you_mean", "argument_of",
           "fail", "whole", "number", "flag", "text", "name", "one_of", "texts", "seat", "plain", "items",
           "mapping", "seat_or_name", "seats_or_names"]
