"""Feedback, the registry of exercises and :func:`check`."""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import short_name, shown

Checker = Callable[[Any], "Feedback"]


@dataclass(frozen=True)
class Feedback:
    """What a checker says about an answer.

    ``status`` is ``"right"``, ``"not yet"`` or ``"not answered"``; ``message`` says why in
    words. ``bool(feedback)`` is True only for a right answer. Its text (``str`` and the
    notebook display) starts with ``Right.``, ``Not yet:`` or ``Not answered yet:``.
    """

    status: str
    message: str
    key: str = ""

    def __bool__(self) -> bool:
        return self.status == "right"

    @property
    def ok(self) -> bool:
        """True for a right answer."""
        return self.status == "right"

    def __str__(self) -> str:
        head = {"right": "Right.", "not yet": "Not yet:", "not answered": "Not answered yet:"}
        label = f"Exercise {self.key}: " if self.key else ""
        return f"{label}{head[self.status]} {self.message}".rstrip()

    __repr__ = __str__


def right(message: str = "") -> Feedback:
    """A right answer, with an optional word on why it is right."""
    return Feedback("right", message)


def not_yet(message: str) -> Feedback:
    """A wrong (or incomplete) answer, saying what is wrong."""
    return Feedback("not yet", message)


class AnswerError(ValueError):
    """Raised inside a checker when the answer cannot be read; :func:`check` turns it into a
    "not yet" whose message is the error's text."""


def answer_error(message: str) -> AnswerError:
    """An :class:`AnswerError` to ``raise`` from a checker: the answer cannot be read."""
    return AnswerError(message)


@dataclass(frozen=True)
class _Exercise:
    key: str
    title: str
    form: str
    checker: Checker


_REGISTRY: dict[str, _Exercise] = {}
_LOADED = False


def exercise(key: str, title: str, form: str) -> Callable[[Checker], Checker]:
    """Register the decorated function as the checker of exercise ``key`` ("04.2").

    ``title`` names the exercise; ``form`` says what an answer looks like ("a number",
    "a list of routes such as ['Denver–Omaha', ...]"), for the "not answered yet" message.
    The checker takes the answer and returns a :class:`Feedback` (or raises
    :func:`answer_error` when it cannot read it).
    """
    def wrap(fn: Checker) -> Checker:
        if key in _REGISTRY and _REGISTRY[key].checker.__qualname__ != fn.__qualname__:
            raise ValueError(f"exercise {key} is registered twice")
        _REGISTRY[key] = _Exercise(key, title, form, fn)
        return fn
    return wrap


def _load_all() -> None:
    global _LOADED
    if _LOADED:
        return
    from . import __path__ as here

    for info in pkgutil.iter_modules(here):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__package__}.{info.name}")
    _LOADED = True


def exercise_keys() -> list[str]:
    """The keys of every exercise, in lesson order."""
    _load_all()
    return sorted(_REGISTRY, key=lambda k: tuple(int(p) for p in k.split(".")))


def checker_of(key: str) -> _Exercise | None:
    """The registered exercise ``key`` (key, title, form, checker), or None."""
    _load_all()
    return _REGISTRY.get(str(key).strip())


MAX_ANSWER = 10_000
"""The longest answer read (characters of a text, items of a list): longer is not an answer."""


def _size(answer: Any) -> int:
    """The characters of a text answer or the items of a list answer (0 for anything else)."""
    if isinstance(answer, (str, bytes)):
        return len(answer)
    if isinstance(answer, (list, tuple, set, frozenset, dict)):
        return len(answer) + sum(len(x) for x in answer if isinstance(x, (str, bytes)))
    return 0


def check(key: str, answer: Any) -> Feedback:
    """Check ``answer`` to exercise ``key`` ("04.2") and say, in words, whether it is right.

    Never raises: an unknown key, an answer still ``...`` (or None), an answer that cannot
    be read and a fault in the checker itself all come back as a :class:`Feedback`.

    >>> check("99.9", 3)
    Not yet: there is no exercise 99.9; the exercises are numbered lesson.exercise, e.g. "04.2".
    """
    if not isinstance(key, str):
        return not_yet(f'there is no exercise {shown(key)}: an exercise is named by its number as '
                       f'text, such as "04.2".')
    try:
        ex = checker_of(key)
    except Exception as exc:  # noqa: BLE001 — a checker module failed to import
        return Feedback("not yet", f"the exercises could not be loaded ({exc}).", str(key))
    if ex is None:
        return not_yet(f'there is no exercise {short_name(key)}; the exercises are numbered '
                       f'lesson.exercise, e.g. "04.2".')
    if answer is ... or answer is None:
        return Feedback("not answered", f"replace the ... with {ex.form}, then run the cell again.",
                        ex.key)
    size = _size(answer)
    if size > MAX_ANSWER:
        return Feedback("not yet", f"this answer is very long ({size:,} characters or items); "
                                   f"an answer here is short: {ex.form}.", ex.key)
    try:
        out = ex.checker(answer)
    except AnswerError as exc:
        return Feedback("not yet", str(exc), ex.key)
    except Exception as exc:  # noqa: BLE001 — feedback, never a traceback
        try:
            why = shown(str(exc), 120)[1:-1]
        except Exception:  # noqa: BLE001 — an error whose words cannot be read
            why = type(exc).__name__
        return Feedback("not yet", f"I could not read your answer ({why}). Give {ex.form}.", ex.key)
    if not isinstance(out, Feedback):
        return Feedback("not yet", f"the checker of exercise {ex.key} gave no verdict.", ex.key)
    return Feedback(out.status, out.message, ex.key)
