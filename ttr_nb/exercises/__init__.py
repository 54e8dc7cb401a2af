"""Answer checkers for the lessons: feedback in words, never an exception.

A lesson's exercise ends with a cell such as::

    answer = ...          # the student replaces ... with an answer
    exercises.check("04.2", answer)

:func:`check` finds the exercise by its key (lesson number, dot, exercise number), reads the
answer and returns a :class:`Feedback`: ``Right.``, ``Not yet: ...`` (what is wrong, in the
game's words) or ``Not answered yet: ...`` while the answer is still ``...``. It never raises:
an answer it cannot read is "not yet", with the reason.

The checkers of each lesson live in their own module (``l04.py`` for lesson 04) and register
themselves with :func:`exercise`.
"""
from __future__ import annotations

from ._core import (Feedback, answer_error, exercise, exercise_keys, check, checker_of,
                    not_yet, right)

__all__ = ["Feedback", "answer_error", "check", "checker_of", "exercise", "exercise_keys",
           "not_yet", "right"]
