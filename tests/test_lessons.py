"""The lessons are lessons (issue 13): each checked for its header, its exercises, short code
cells with no helper code, the classroom's words, rule IDs that link to docs/RULES.md, and the
two editions built from one source.

The notebooks themselves are executed by nbval (teacher edition, outputs compared; student
edition, executed: an unrun cell is only run, so it must not fail).
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from ttr_nb import exercises
from ttr_nb.lessons import is_solution, sources, student_edition, write_lessons

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
RULES = ROOT / "docs" / "RULES.md"
RULE_ID = re.compile(r"(?<![\w.-])(?:B|U|H|TA|LA|EU)-\d+(?:\.\d+)*(?![\w-])")
LINKED_ID = re.compile(r"\[((?:B|U|H|TA|LA|EU)-\d+(?:\.\d+)*)\]\(\.\./docs/RULES\.md#([^)]+)\)")
CHECK_CALL = re.compile(r"exercises\.check\(\s*[\"'](\d\d\.\d+)[\"']")
FORBIDDEN = [
    (re.compile(r"(?<!random )\bseeds?\b", re.I), '"seed" (only a random seed)'),
    (re.compile(r"\banchors?\b", re.I), '"anchors"'),
    (re.compile(r"\bthe user\b", re.I), '"the user"'),
    (re.compile(r"\bpolic(?:y|ies)\b", re.I), '"policy" (say what the setting changes)'),
    (re.compile(r"\brobots?\b", re.I), '"robot" (computer players)'),
    (re.compile(r"\brules-spec\b|\bspec\b", re.I), '"spec" (the rules)'),
    (re.compile(r"/work/|site-packages|\.venv"), "an internal file path"),
]
MAX_LINES = 15
MAX_MINUTES = 50

LESSONS = [p.stem for p in sources()]


def _nb(name: str) -> dict:
    return json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _markdown_words(text: str) -> str:
    """Markdown without code spans and links' targets (names in code may be the API's)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def test_lessons_are_numbered_in_order_and_each_source_is_built_in_both_editions():
    """The lessons are their sources (ttr_nb/lessons/NN_name.py): numbered 00, 01, ... with no
    gap, and each built into notebooks/ and notebooks/student/, no notebook without a source."""
    assert LESSONS and [n[:2] for n in LESSONS] == [f"{i:02d}" for i in range(len(LESSONS))]
    assert LESSONS[0] == "00_start_here"
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == LESSONS
    assert sorted(p.stem for p in (NOTEBOOKS / "student").glob("*.ipynb")) == LESSONS


@pytest.mark.parametrize("name", LESSONS)
def test_header_states_goals_time_prerequisites_and_tasks(name):
    first = _nb(name)["cells"][0]
    assert first["cell_type"] == "markdown"
    text = _text(first)
    assert re.match(rf"# Lesson {name[:2]} · \S", text), "the title is '# Lesson NN · ...'"
    goals = text.split("**Learning goals.**", 1)
    assert len(goals) == 2, "no **Learning goals.**"
    bullets = re.findall(r"^- \S", goals[1].split("**Time:**")[0], flags=re.M)
    assert 3 <= len(bullets) <= 5, f"{len(bullets)} learning goals (3 to 5)"
    minutes = re.search(r"\*\*Time:\*\* (\d+) minutes", text)
    assert minutes and int(minutes.group(1)) <= MAX_MINUTES, "**Time:** N minutes, at most 50"
    assert "**Prerequisites:**" in text and "**What you will do:**" in text


@pytest.mark.parametrize("name", LESSONS)
def test_first_code_cell_is_imports_only(name):
    code = next(c for c in _nb(name)["cells"] if c["cell_type"] == "code")
    lines = [ln for ln in _text(code).splitlines() if not ln.startswith("%")]
    for node in ast.parse("\n".join(lines)).body:
        assert isinstance(node, (ast.Import, ast.ImportFrom)), ast.unparse(node)


@pytest.mark.parametrize("name", LESSONS)
def test_code_cells_are_short_calls_with_no_helper_code(name):
    for cell in _nb(name)["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = _text(cell)
        n = len(text.strip("\n").splitlines())
        assert n <= MAX_LINES, f"a code cell of {n} lines:\n{text}"
        body = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(body)):
            assert not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)), \
                f"helper code in a lesson:\n{text}"
        assert "raises-exception" not in cell["metadata"].get("tags", []), \
            "an error shown on purpose shows its reason, not a traceback"


@pytest.mark.parametrize("name", LESSONS)
def test_no_traceback_or_internal_path_in_stored_outputs(name):
    for cell in _nb(name)["cells"]:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", f"an error output: {out.get('ename')}"
            text = out.get("text", "") or "".join(out.get("data", {}).get("text/plain", ""))
            text = "".join(text) if isinstance(text, list) else text
            assert "Traceback" not in text and "/work/" not in text and "site-packages" not in text


@pytest.mark.parametrize("name", LESSONS)
def test_words_are_the_games_and_the_classrooms(name):
    for cell in _nb(name)["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        words = _markdown_words(_text(cell))
        for pattern, what in FORBIDDEN:
            m = pattern.search(words)
            assert m is None, f"{what} in: …{words[max(0, m.start() - 60):m.end() + 60]}…"


def _anchors() -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', RULES.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", LESSONS)
def test_every_rule_id_is_a_link_to_the_rules_reference(name):
    anchors = _anchors()
    for cell in _nb(name)["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = _text(cell)
        for shown, target in LINKED_ID.findall(text):
            assert shown == target, f"[{shown}] links to #{target}"
            assert target in anchors, f"docs/RULES.md has no entry {target}"
        bare = RULE_ID.findall(LINKED_ID.sub("", text))
        assert not bare, f"rule IDs not linked to docs/RULES.md: {bare}"


def _exercise_cells(nb: dict) -> list[tuple[str, dict]]:
    return [(m.group(1), c) for c in nb["cells"] if c["cell_type"] == "code"
            for m in [CHECK_CALL.search(_text(c))] if m]


@pytest.mark.parametrize("name", LESSONS)
def test_summary_then_at_least_three_exercises_each_with_a_worked_solution(name):
    nb = _nb(name)
    heads = [(i, _text(c)) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"]
    summary = [i for i, t in heads if re.search(r"^## Summary", t, re.M)]
    ex_head = [i for i, t in heads if re.search(r"^## Exercises", t, re.M)]
    assert summary and ex_head and summary[0] < ex_head[0], "## Summary, then ## Exercises"
    numbered = [re.search(r"^### Exercise (\d+)\.", t, re.M) for _, t in heads]
    numbers = [int(m.group(1)) for m in numbered if m]
    assert len(numbers) >= 3 and numbers == list(range(1, len(numbers) + 1)), numbers
    calls = _exercise_cells(nb)
    for k in numbers:
        key = f"{name[:2]}.{k}"
        asked = [c for ck, c in calls if ck == key and not is_solution(c)]
        solved = [c for ck, c in calls if ck == key and is_solution(c)]
        assert asked, f"exercise {key}: no cell for the student's answer"
        assert solved, f"exercise {key}: no worked solution (a cell tagged solution)"
        assert exercises.checker_of(key) is not None, f"exercise {key} has no checker"
        said = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                       for c in solved for o in c.get("outputs", []))
        assert f"Exercise {key}: Right." in said, f"the worked solution of {key} is not right: {said!r}"
        blank = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                        for c in asked for o in c.get("outputs", []))
        assert "Not answered yet" in blank, f"exercise {key}: the student's cell should start unanswered"
        assert any(is_solution(c) and c["cell_type"] == "markdown" and "**Solution.**" in _text(c)
                   for c in nb["cells"]), f"{name}: no worked solution in words (**Solution.**)"


def test_every_checker_belongs_to_a_lesson_exercise():
    used = {k for name in LESSONS for k, _ in _exercise_cells(_nb(name))}
    assert set(exercises.exercise_keys()) <= used, set(exercises.exercise_keys()) - used


@pytest.mark.parametrize("name", LESSONS)
def test_notebook_is_built_from_its_jupytext_source(name):
    import jupytext

    src = jupytext.read(ROOT / "ttr_nb" / "lessons" / f"{name}.py")
    nb = _nb(name)
    want = [(c.cell_type, c.source, sorted(c.metadata.get("tags", []))) for c in src.cells]
    have = [(c["cell_type"], _text(c), sorted(c["metadata"].get("tags", []))) for c in nb["cells"]]
    assert have == want, f"notebooks/{name}.ipynb is out of date: run tools/build_lessons.py {name[:2]}"


@pytest.mark.parametrize("name", LESSONS)
def test_student_edition_is_the_teacher_edition_without_solutions(name):
    teacher = _nb(name)
    student = json.loads((NOTEBOOKS / "student" / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert [c["id"] for c in student["cells"]] == [c["id"] for c in student_edition(teacher)["cells"]]
    assert [_text(c) for c in student["cells"]] == [_text(c) for c in student_edition(teacher)["cells"]]
    assert not any(is_solution(c) for c in student["cells"])
    assert not any(c.get("outputs") for c in student["cells"])
    assert len(student["cells"]) < len(teacher["cells"])


def test_student_edition_drops_solutions_and_outputs_and_leaves_the_teacher_edition():
    nb = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "Q"},
        {"cell_type": "code", "metadata": {}, "source": "answer = ...", "outputs": [{"x": 1}],
         "execution_count": 3},
        {"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": "answer = 4",
         "outputs": [], "execution_count": 4}], "metadata": {"widgets": {}}}
    out = student_edition(nb)
    assert [c["source"] for c in out["cells"]] == ["Q", "answer = ..."]
    assert out["cells"][1]["outputs"] == [] and out["cells"][1]["execution_count"] is None
    assert "widgets" not in out["metadata"] and len(nb["cells"]) == 3 and nb["cells"][1]["outputs"]


def test_write_lessons_copies_either_edition_and_never_overwrites(tmp_path):
    teacher = write_lessons(tmp_path / "t")
    assert sorted(p.stem for p in teacher) == LESSONS
    student = write_lessons(tmp_path / "s", student=True)
    t = json.loads(teacher[3].read_text())
    s = json.loads(student[3].read_text())
    assert any(is_solution(c) for c in t["cells"]) and not any(is_solution(c) for c in s["cells"])
    assert (tmp_path / "t" / "RULES.md").is_file()
    before = teacher[0].read_bytes()
    teacher[0].write_text("my notes")
    with pytest.raises(FileExistsError, match="already there"):
        write_lessons(tmp_path / "t")
    assert teacher[0].read_text() == "my notes" and before != b"my notes"


def test_lessons_cli_reports_a_clash_without_a_traceback(tmp_path, capsys):
    from ttr_nb.cli import main

    assert main(["lessons", str(tmp_path), "--student"]) == 0
    assert main(["lessons", str(tmp_path), "--student"]) == 1
    err = capsys.readouterr().err
    assert "already there" in err and "Traceback" not in err
    (tmp_path / "file").write_text("x")
    assert main(["lessons", str(tmp_path / "file")]) == 1
