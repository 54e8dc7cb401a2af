"""No answer before its exercise (issue 33).

Each checker module ``ttr_nb/exercises/lNN.py`` may define ``SPOILERS``: exercise key ("04.4")
-> short strings that would state the exercise's answer ("at most once", "6 points"). A module
without it counts as empty. In the student edition, no cell before the exercise's check cell
(its source, or the output it prints when run, read from the teacher edition), and not the
check cell itself, may contain one. Matching ignores case, markdown emphasis and the kind of
dash, so "**6** points" is "6 points"; a string matches whole words only ("7 cars" is not in
"17 cars").
"""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from ttr_nb import exercises
from ttr_nb.lessons import is_solution, sources

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = [p.stem for p in sources()]
OURS = [n for n in LESSONS if n[:2] <= "06"]
CHECK = re.compile(r"exercises\.check\(\s*[\"'](\d\d\.\d+)[\"']")


def spoilers_of(lesson: str) -> dict[str, list[str]]:
    """The SPOILERS of lesson ``lesson``'s checker module ({} if it has none)."""
    try:
        mod = importlib.import_module(f"ttr_nb.exercises.l{lesson[:2]}")
    except ImportError:
        return {}
    return dict(getattr(mod, "SPOILERS", {}))


def flat(text: str) -> str:
    """Text as it is compared: lower case, no markdown emphasis or code marks, one kind of dash,
    single spaces."""
    text = re.sub(r"[*`_]", "", text)
    text = re.sub(r"[–—‐‑]", "-", text)
    return " ".join(text.lower().split())


def _text(src) -> str:
    return "".join(src) if isinstance(src, list) else src


def _outputs(cell: dict) -> str:
    out = []
    for o in cell.get("outputs", []):
        t = o.get("text", "") or o.get("data", {}).get("text/plain", "")
        out.append(_text(t))
    return "\n".join(out)


def before_exercise(nb: dict, key: str) -> list[tuple[int, str]]:
    """(cell index, text) of every cell a student sees up to and including the first check
    cell of exercise ``key``: sources and printed outputs, solution cells left out."""
    seen = []
    for i, cell in enumerate(nb["cells"]):
        if is_solution(cell):
            continue
        seen.append((i, _text(cell["source"]) + "\n" + _outputs(cell)))
        m = CHECK.search(_text(cell["source"])) if cell["cell_type"] == "code" else None
        if m and m.group(1) == key:
            return seen
    raise AssertionError(f"no check cell for exercise {key}")


def spoiled(nb: dict, spoilers: dict[str, list[str]]) -> list[str]:
    """Every place where a spoiler appears before its exercise, in words."""
    found = []
    for key, strings in spoilers.items():
        cells = before_exercise(nb, key)
        for s in strings:
            for i, text in cells:
                if re.search(rf"(?<![\w.]){re.escape(flat(s))}(?!\w)", flat(text)):
                    found.append(f"exercise {key}: {s!r} in cell {i} before the exercise")
    return found


def _nb(name: str) -> dict:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", LESSONS)
def test_no_answer_appears_before_its_exercise(name):
    assert spoiled(_nb(name), spoilers_of(name)) == []


@pytest.mark.parametrize("name", LESSONS)
def test_spoilers_name_real_exercises_with_specific_strings(name):
    keys = set(exercises.exercise_keys())
    for key, strings in spoilers_of(name).items():
        assert key in keys and key.startswith(name[:2]), f"SPOILERS names {key}, not an exercise of {name}"
        assert isinstance(strings, list) and strings, f"{key}: give a list of strings"
        for s in strings:
            assert isinstance(s, str) and len(flat(s)) >= 4, f"{key}: {s!r} is too short to be specific"


@pytest.mark.parametrize("name", OURS)
def test_every_exercise_of_lessons_00_to_06_has_spoilers(name):
    asked = {m.group(1) for c in _nb(name)["cells"] if c["cell_type"] == "code"
             for m in [CHECK.search(_text(c["source"]))] if m}
    assert asked <= set(spoilers_of(name)), f"exercises without SPOILERS: {sorted(asked - set(spoilers_of(name)))}"


def test_the_check_finds_a_spoiler_in_prose_an_output_or_the_check_cell_but_not_in_a_solution():
    nb = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "A trail passes a city **at most once**."},
        {"cell_type": "code", "metadata": {}, "source": "x = 1",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "the best plan: 6 points\n"}]},
        {"cell_type": "code", "metadata": {}, "source": 'answer = ...\nexercises.check("99.1", answer)',
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "replace ... with Denver–Omaha"}]},
        {"cell_type": "markdown", "metadata": {"tags": ["solution"]}, "source": "Twice, 9 points."},
        {"cell_type": "code", "metadata": {}, "source": 'exercises.check("99.2", 1)', "outputs": []}]}
    assert len(spoiled(nb, {"99.1": ["at most once"]})) == 1
    assert len(spoiled(nb, {"99.1": ["6 POINTS"]})) == 1
    assert spoiled(nb, {"99.1": ["plan: 6 point", "best plan: 6 p"]}) == []  # whole words only
    assert len(spoiled(nb, {"99.1": ["Denver-Omaha"]})) == 1
    assert spoiled(nb, {"99.2": ["9 points", "twice"]}) == []
    with pytest.raises(AssertionError, match="no check cell"):
        spoiled(nb, {"99.3": ["x"]})
