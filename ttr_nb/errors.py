"""The errors users see (an illegal action, a broken save file) and the checks every input
boundary shares: a bounded JSON reader, one whole-number range check, a short safe echo.

Every loader (maps, saves, results files, the widgets' sources) reads its text with
:func:`read_text` and :func:`parse_json`, so a file that is not there, a directory, a UTF-16
or non-UTF-8 file, JSON nested too deeply or a number too long to convert all become the
loader's own error naming the file (and the line), never a raw Python error.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

MAX_NAME = 40
"""Longest player name (characters) a game accepts."""
MAX_DEPTH = 64
"""Deepest nesting of lists and objects a ttr_nb JSON file may have (saves need 4)."""
MAX_INT = 2 ** 63
"""Every whole number in a ttr_nb JSON file lies strictly between -MAX_INT and MAX_INT."""
MAX_ECHO = 60
"""Longest piece of a refused value echoed back in a message (characters)."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``reason`` is a sentence a teacher can read
    aloud; the game is left exactly as it was. Any single word of the reason longer than a
    few lines (an echoed value) is cut to a readable length."""

    def __init__(self, reason: str, action: object = None):
        self.reason = cut_words(str(reason))
        self.action = action
        super().__init__(self.reason)


class SaveError(ValueError):
    """A save file that cannot be loaded: corrupted, truncated, from a newer version, or
    changed after it was saved (its actions do not replay to the position it records)."""


class ResultsError(ValueError):
    """A results file (``ttr-nb simulate --json``, one game result per line) that cannot be
    read: the message names the file and the line, and what is wrong there."""


class ArgumentError(ValueError, TypeError):
    """A value given to ttr_nb that is not allowed: the message names the argument, the value
    (shortened) and what is allowed, e.g. "seat must be a whole number from 0 to 1 (a seat of
    this 2-player game), not -1". A ValueError and a TypeError both, so code that catches
    either keeps working. ``argument`` is the argument's name (or '')."""

    def __init__(self, message: str, argument: str = ""):
        self.argument = argument
        super().__init__(cut_words(str(message)))


# -- echoing values -------------------------------------------------------------------------
def shown(value: Any, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` cut to about ``limit`` characters; never fails (a whole number too
    long to print is described by its size)."""
    if isinstance(value, int) and not isinstance(value, bool) and int.bit_length(value) >= 100:
        return f"a whole number of about {int(int.bit_length(value) * 0.30103) + 1:,} digits"
    t = type(value)
    if t in (str, bytes) and len(value) > 4 * limit:  # (no repr of a huge text)
        return f"{repr(value[:limit])[:limit]}… ({len(value):,} characters)"
    if t in (list, tuple) and len(value) > limit // 6:  # (no repr of a huge list)
        head = ", ".join(shown(x, limit // 3) for x in value[:4])
        return f"{'[(' [t is tuple]}{head}, …{'])' [t is tuple]} ({len(value):,} items)"
    if t in (set, frozenset, dict) and len(value) > limit // 6:
        return f"a {t.__name__} of {len(value):,} items"
    try:
        text = repr(value)
        if not isinstance(text, str):
            raise TypeError
    except Exception:  # noqa: BLE001 (a value whose repr fails is still described)
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = f"{text[:limit]}… ({len(text):,} characters)"
    return text


_LONG_WORD = re.compile(r"\S{%d,}" % (4 * MAX_ECHO))


def cut_words(text: str) -> str:
    """``text`` with every run of 240 or more non-space characters cut to its start."""
    if len(text) < 4 * MAX_ECHO:
        return text
    return _LONG_WORD.sub(lambda m: f"{m.group()[:MAX_ECHO]}… ({len(m.group()):,} characters)", text)


# -- whole numbers --------------------------------------------------------------------------
def int_problem(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> str | None:
    """Why ``value`` is not a whole number in ``lo..hi`` (None when it is). The one range
    check of maps, saves, results files and actions."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{what} must be a whole number, not {shown(value)}"
    lo = -MAX_INT + 1 if lo is None else lo
    hi = MAX_INT - 1 if hi is None else hi
    if not lo <= value <= hi:
        return f"{what} must be a whole number from {lo:,} to {hi:,}, not {shown(value)}"
    return None


_FIELDS: dict[type, tuple[str, ...] | None] = {}
"""Action class -> its field names (None: not a dataclass)."""


def action_problem(action: Any) -> str | None:
    """Why an action's fields cannot be a move at all (None when they may be): a whole
    number beyond ±MAX_INT or a text longer than 200 characters, named by its field. Checked
    before the rules, so a refusal never prints a huge value."""
    if _FINE_ACTIONS.get(id(action)) is action:  # (the same action object again: agents reuse them)
        return None
    cls = type(action)
    names = _FIELDS.get(cls, False)
    if names is False:
        from dataclasses import fields, is_dataclass

        names = _FIELDS[cls] = tuple(f.name for f in fields(action)) if is_dataclass(action) else None
    if names is None:
        return None
    for name in names:
        v = getattr(action, name)
        t = type(v)  # (the usual fields, at once)
        if t is str and len(v) <= 200 or t is int and -MAX_INT < v < MAX_INT or t is tuple and not v:
            continue
        bad = _too_big(v, 0)
        if bad:
            return f"{cls.__name__}: its {name} {bad}"
    if len(_FINE_ACTIONS) > 10_000:
        _FINE_ACTIONS.clear()
    _FINE_ACTIONS[id(action)] = action
    return None


_FINE_ACTIONS: dict[int, Any] = {}
"""Actions already found fine, by identity (an action is frozen; kept here, its id is not reused)."""


def _too_big(v: Any, depth: int) -> str | None:
    if isinstance(v, int) and not isinstance(v, bool):
        return None if -MAX_INT < v < MAX_INT else f"holds {shown(v)}: far too large"
    if isinstance(v, str):
        return None if len(v) <= 200 else f"holds a text of {len(v):,} characters: far too long"
    if isinstance(v, (tuple, list)) and depth < 3:
        for x in v:
            bad = _too_big(x, depth + 1)
            if bad:
                return bad
    return None


# -- reading files --------------------------------------------------------------------------
Raise = Callable[[str, str], Exception]
"""Builds the loader's own error from (where: file or file and line, what is wrong)."""


def short_name(name: str) -> str:
    """A file or map name as a message shows it: whole, or its start and its length."""
    name = str(name)
    return f"{name[:MAX_ECHO]}… ({len(name):,} characters)" if len(name) > 4 * MAX_ECHO else name


def read_text(path: str | Path, error: Raise, what: str = "file") -> str:
    """The UTF-8 text of the file at ``path``; ``error(file, problem)`` for an empty path, a
    directory, a missing or unreadable file, UTF-16 or other non-UTF-8 bytes."""
    name = str(path)
    if not name.strip():
        raise error("(no file name)", f"give the path of a {what}; the name is empty")
    name = short_name(name)
    p = Path(path)
    try:
        if p.is_dir():
            raise error(name, f"is a directory, not a {what}")
        data = p.read_bytes()
    except FileNotFoundError:
        raise error(name, f"no such {what}") from None
    except (OSError, ValueError) as e:  # ValueError: a NUL character in the name
        why = getattr(e, "strerror", None) or str(e)
        raise error(name, f"cannot be read ({why})") from None
    return decode(data, name, error)


def decode(data: bytes, name: str, error: Raise) -> str:
    """``data`` as UTF-8 text (a UTF-8 byte-order mark is dropped); ``error`` otherwise."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise error(name, "is UTF-16 text, not UTF-8; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise error(name, f"is not UTF-8 text (byte {e.start:,}, line {line}: {e.reason}); "
                          f"save it as UTF-8") from None


_LONG_NUMBER = re.compile(r"-?\d{4000,}")


def parse_json(text: str, name: str, error: Raise) -> Any:
    """``json.loads(text)`` bounded: nesting deeper than :data:`MAX_DEPTH`, a whole number
    outside ±:data:`MAX_INT`, NaN/Infinity or broken JSON give ``error(where, problem)``
    with the line."""
    def line_of(pos: int) -> str:
        return f"{name}, line {text.count(chr(10), 0, pos) + 1}"

    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        cut = e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string")
        hint = " (the file looks truncated)" if cut else ""
        raise error(f"{name}, line {e.lineno} column {e.colno}",
                    f"invalid JSON{hint}: {e.msg}") from None
    except RecursionError:
        raise error(name, f"JSON nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as e:  # a number too long to convert, NaN, Infinity
        m = _LONG_NUMBER.search(text)
        if m:
            raise error(line_of(m.start()), f"a number of {len(m.group()):,} digits is far "
                                            f"too large") from None
        raise error(name, str(e)) from None
    problem, number = _bounded(doc)
    if problem:
        where = name
        if number is not None:
            pos = text.find(str(number))
            where = line_of(pos) if pos >= 0 else name
        raise error(where, problem)
    return doc


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows (write a finite number)")


def _bounded(doc: Any) -> tuple[str | None, int | None]:
    """Why ``doc`` is too deep or holds a number out of range, and that number (None, None
    when it is fine)."""
    stack = [(doc, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            items = v.values()
        elif isinstance(v, list):
            items = v
        else:
            if isinstance(v, int) and not isinstance(v, bool) and not -MAX_INT < v < MAX_INT:
                what = shown(v) if abs(v) >= 10 ** 30 else f"the number {v}"
                return f"{what} is far too large (at most {MAX_INT - 1:,} either way)", v
            continue
        if depth > MAX_DEPTH:
            return f"JSON nested too deeply (more than {MAX_DEPTH} levels)", None
        stack.extend((x, depth + 1) for x in items if isinstance(x, (dict, list, int)))
    return None, None


def load_json(source: str | Path | bytes, name: str, error: Raise, what: str = "file") -> Any:
    """The JSON document of a path (``Path``), bytes or text, bounded as :func:`parse_json`."""
    if isinstance(source, Path):
        source = read_text(source, error, what)
    elif isinstance(source, (bytes, bytearray)):
        source = decode(bytes(source), name, error)
    return parse_json(source, name, error)


def save_error(where: str, what: str) -> SaveError:
    """The :class:`SaveError` of the bounded reader for a saved game or record, in a sentence:
    "the save file is not valid JSON at line 1, column 6: ...", "game.json, line 2: ..."."""
    if what.startswith("invalid JSON") and ", line " in where:
        name, place = where.split(", line ", 1)
        return SaveError(f"{name} is not valid JSON at line {place.replace(' column ', ', column ')}"
                         f"{what[len('invalid JSON'):]}")
    return SaveError(f"{where}: {what}")


__all__ = ["IllegalAction", "SaveError", "ResultsError", "ArgumentError", "MAX_NAME", "MAX_DEPTH", "MAX_INT", "shown", "cut_words",
           "int_problem", "action_problem", "read_text", "decode", "parse_json", "load_json", "save_error"]
