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

import ttr_nb
from ttr_nb import exercises
from ttr_nb.lessons import (IGNORE_OUTPUT_MARK, IGNORE_OUTPUT_TAG, is_solution, sources,
                            student_edition, tag_ignored_outputs, write_lessons)

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

    src = tag_ignored_outputs(jupytext.read(ROOT / "ttr_nb" / "lessons" / f"{name}.py"))
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


# -- issue 33: nothing internal in what a reader reads; a core that fits its time --------------
def _output_text(out: dict) -> str:
    text = out.get("text", "") or out.get("data", {}).get("text/plain", "")
    return "".join(text) if isinstance(text, list) else text


def _read_texts(name: str):
    """(where, text) of everything a reader of the lesson reads but the code: the markdown
    (without code spans and link targets) and every printed output."""
    for i, cell in enumerate(_nb(name)["cells"]):
        if cell["cell_type"] == "markdown":
            yield f"cell {i} (markdown)", _markdown_words(_text(cell))
        for out in cell.get("outputs", []):
            yield f"cell {i} (output)", _output_text(out)


def _internal_class_names() -> set[str]:
    """The engine's action classes and the computer players' classes (CamelCase names such as
    ClaimRoute or GreedyAgent): words of the code, never of a lesson's prose or output."""
    import importlib
    import inspect
    import pkgutil

    import ttr_nb.actions
    import ttr_nb.agents

    mods = [ttr_nb.actions, ttr_nb.agents] + [importlib.import_module(f"ttr_nb.agents.{m.name}")
                                              for m in pkgutil.iter_modules(ttr_nb.agents.__path__)]
    return {n for mod in mods for n, o in vars(mod).items()
            if inspect.isclass(o) and o.__module__.startswith("ttr_nb") and re.fullmatch(r"[A-Z]\w*[A-Z]\w*", n)}


def _ticket_ids() -> set[str]:
    return {t.id for m in ("usa", "legendary_asia", "heart_of_africa", "team_asia")
            for t in ttr_nb.load_map(m).tickets}


def test_the_build_turns_the_ignore_output_comment_into_the_tag_nbval_honours():
    """A first line # NBVAL_IGNORE_OUTPUT becomes the tag nbval-ignore-output, which nbval
    reads as "do not compare this cell's output" exactly as it reads the comment."""
    from nbval.plugin import comment_markers, metadata_tags

    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": IGNORE_OUTPUT_MARK + "\nstepper"},
                    {"cell_type": "code", "metadata": {}, "source": "x = 1  # NBVAL_IGNORE_OUTPUT later"},
                    {"cell_type": "markdown", "metadata": {}, "source": IGNORE_OUTPUT_MARK}]}
    tag_ignored_outputs(nb)
    assert nb["cells"][0]["source"] == "stepper" and nb["cells"][0]["metadata"]["tags"] == [IGNORE_OUTPUT_TAG]
    assert "tags" not in nb["cells"][1]["metadata"] and "tags" not in nb["cells"][2]["metadata"]
    assert metadata_tags[IGNORE_OUTPUT_TAG] == comment_markers[IGNORE_OUTPUT_MARK.lstrip("# ")] == ("check", False)


@pytest.mark.parametrize("name", LESSONS)
def test_no_cell_shows_the_ignore_output_comment(name):
    """Issue 33: the students never see # NBVAL_IGNORE_OUTPUT; the cell carries the tag."""
    student = json.loads((NOTEBOOKS / "student" / f"{name}.ipynb").read_text(encoding="utf-8"))
    for nb in (_nb(name), student):
        for cell in nb["cells"]:
            assert "NBVAL_IGNORE_OUTPUT" not in _text(cell), _text(cell)[:200]


@pytest.mark.parametrize("name", LESSONS)
def test_no_class_name_or_ticket_id_in_what_a_reader_reads(name):
    """Issue 33: prose and printed output name things in the game's words: no engine class
    (ClaimRoute, GreedyAgent) and no ticket id of a board (C10, O01) where a reader reads."""
    classes = _internal_class_names()
    assert {"ClaimRoute", "GreedyAgent", "DrawCard"} <= classes
    ids = _ticket_ids()
    word = re.compile(r"\b[A-Z][A-Za-z0-9]*\b")
    for where, text in _read_texts(name):
        for w in word.findall(text):
            assert w not in classes, f"{name} {where} names the class {w}: …{text[:300]}"
            assert w not in ids, f"{name} {where} shows the ticket id {w}: …{text[:300]}"


SECTIONS = re.compile(r"^\*\*Sections:\*\* (.+)$", re.M)
EXTENSION = re.compile(r"^## Extension · \S", re.M)


def _sections_line(text: str) -> list[tuple[str, int]]:
    m = SECTIONS.search(text)
    assert m, "no **Sections:** line after **Time:**"
    items = [x.strip() for x in m.group(1).split(" · ")]
    out = []
    for item in items:
        mm = re.fullmatch(r"(.+?) \((\d+) min\)\.?", item)
        assert mm, f"a section without its minutes: {item!r} (write 'Title (N min)')"
        out.append((mm.group(1), int(mm.group(2))))
    return out


def check_sections(cells: list[dict]) -> None:
    """The header's **Sections:** line (issue 33): its minutes add up to **Time:** (at most 50),
    the last item is the exercises; `## Extension · ` sections come after every core section,
    each says at once that it is not in those minutes, and exercises inside an extension are
    labelled as extension exercises."""
    head = _text(cells[0])
    minutes = int(re.search(r"\*\*Time:\*\* (\d+) minutes", head).group(1))
    assert minutes <= MAX_MINUTES
    time_line = re.search(r"^\*\*Time:\*\*.*$", head, re.M)
    after = head[time_line.end():].lstrip("\n").splitlines()
    assert after and after[0].startswith("**Sections:**"), "**Sections:** comes right after **Time:**"
    items = _sections_line(head)
    assert sum(n for _, n in items) == minutes, f"the sections add up to {sum(n for _, n in items)}, not {minutes}"
    assert "exercise" in items[-1][0].lower(), "the last section of the core is the exercises"
    in_extension = False
    for cell in cells[1:]:
        if cell["cell_type"] != "markdown":
            continue
        text = _text(cell)
        for m in re.finditer(r"^## (.*)$", text, re.M):
            if EXTENSION.match(m.group(0)):
                in_extension = True
                rest = [ln for ln in text[m.end():].splitlines() if ln.strip()]
                assert rest and re.search(rf"\bnot\b.*\b{minutes} minutes", rest[0], re.I), \
                    f"{m.group(0)!r}: its first line says it is not in the {minutes} minutes"
            else:
                assert not in_extension, f"core section {m.group(0)!r} after an extension"
        for m in re.finditer(r"^### Exercise \d+\..*$", text, re.M):
            assert ("xtension" in m.group(0)) == in_extension, \
                f"{m.group(0)!r}: label an exercise of an extension (only those) as an extension exercise"


@pytest.mark.parametrize("name", LESSONS)
def test_sections_line_adds_up_and_extensions_come_after_the_core(name):
    check_sections(_nb(name)["cells"])


def _md(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


HEAD = ("# Lesson 99 · X\n\n**Time:** 40 minutes.\n"
        "**Sections:** §1 Boards (10 min) · §2 Graphs (15 min) · exercises (15 min)\n")


def test_check_sections_accepts_a_core_then_its_extensions():
    check_sections([_md(HEAD), _md("## 1. Boards"), _md("## Summary\n## Exercises\n### Exercise 1. A"),
                    _md("## Extension · Hardness\n*Not in the 40 minutes.*\n### Exercise 2. Extension: B")])


@pytest.mark.parametrize("cells, why", [
    ([_md(HEAD.replace("(15 min) · ex", "(25 min) · ex"))], "add up"),
    ([_md(HEAD.replace("**Sections:**", "Sections:"))], "Sections"),
    ([_md(HEAD.replace(" · exercises (15 min)", " · more (15 min)"))], "exercises"),
    ([_md(HEAD), _md("## Extension · Hardness\n*Not in the 40 minutes.*"), _md("## Summary")], "after an extension"),
    ([_md(HEAD), _md("## Extension · Hardness\nA hard proof.")], "not in the 40 minutes"),
    ([_md(HEAD), _md("## Extension · Hardness\n*Not in the 40 minutes.*\n### Exercise 2. B")], "extension exercise"),
    ([_md(HEAD), _md("## Exercises\n### Exercise 1. Extension: A")], "extension exercise"),
])
def test_check_sections_refuses_a_header_or_order_that_breaks_the_convention(cells, why):
    with pytest.raises(AssertionError, match=why):
        check_sections(cells)


# -- issue 33: the course map and the facts the lessons state --------------------------------
PATHS = ["01 → 02 → 03 → 07 → 08 → 09", "00 → 04 → 05 → 11", "10 → 12"]


def _prose(name: str) -> str:
    """Every markdown cell of a lesson, links reduced to their text, joined, one space between
    words (a sentence may run over two lines)."""
    text = "\n".join(_text(c) for c in _nb(name)["cells"] if c["cell_type"] == "markdown")
    return " ".join(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).split())


def _section(text: str, name: str) -> str:
    return text.split(f"<!-- section: {name} -->", 1)[1].split(f"<!-- /section: {name} -->", 1)[0]


def test_the_course_map_shows_every_lesson_three_paths_and_the_teachers_tour():
    """Lesson 00, the README and the teaching page agree: every lesson, the paths rules 01 → 02 →
    03 → 07 → 08 → 09, graph theory 00 → 04 → 05 → 11 and statistics 10 → 12, and lesson 06 as
    the teachers' tour of the controls after lesson 01."""
    maps = {"lesson 00": _prose("00_start_here"),
            "README": _section((ROOT / "README.md").read_text(encoding="utf-8"), "lessons"),
            "docs/teaching.md": (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")}
    for where, text in maps.items():
        for path in PATHS:
            assert path in text, f"{where}: no path {path}"
        assert re.search(r"06.*teachers.*after (?:lesson )?01", text, re.S | re.I), where
    for name in LESSONS:
        assert f"{name}.ipynb" in _text(_nb("00_start_here")["cells"][2]) + _prose("00_start_here")
        assert f"`{name}`" in maps["README"], f"README: {name} missing"


def test_lesson_00_counts_no_lessons_by_hand_and_sells_no_hardness_proof_to_schools():
    """Issue 33: "the eleven lessons" went stale; lesson 04's NP-hardness extension is for
    university, not secondary school."""
    text = _prose("00_start_here")
    assert not re.search(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                         r"thirteen|fourteen|fifteen) lessons\b", text, re.I)
    row = next(ln for ln in _text(_nb("00_start_here")["cells"][2]).splitlines() if "04 Euler" in ln)
    assert "university" in row and "extension" in row


def test_lesson_02_boxes_the_uncertain_1910_and_mega_game_counts():
    """Issue 33: the 1910 and Mega Game deal/keep numbers are uncertain (U-2): the lesson says so
    in the box the other lessons use."""
    boxes = [_text(c) for c in _nb("02_usa_1910")["cells"] if c["cell_type"] == "markdown"
             and "> **Uncertain rule.**" in _text(c)]
    assert any("Mega Game" in b and "1910" in b and "(../docs/RULES.md#U-2)" in b for b in boxes)


def test_lesson_03_a_dead_end_spur_can_be_a_trails_first_or_last_route():
    text = _prose("03_scoring")
    assert "only as its last route" not in text and "first or its last route" in text


def test_lesson_04_bridges_a_trail_that_crosses_one_never_comes_back():
    text = _prose("04_euler_trails")
    assert "crosses a bridge at most once" not in text
    assert "never comes back" in text


def test_lesson_05_one_track_per_pair_is_every_players_rule_and_its_numbers_are_the_packages():
    """Issue 33: no player may hold both tracks of a double (B-5.7), so the whole-board Longest
    Path is the one-track-per-pair trail; the every-track trail is a fact of the multigraph.
    Both numbers as the package computes them."""
    from ttr_nb.graph import whole_board_trail

    usa = ttr_nb.load_map("usa")
    player = whole_board_trail(usa, one_track_per_pair=True)
    graph_only = whole_board_trail(usa)
    assert player.proven and graph_only.proven and player.trail.length < graph_only.trail.length
    text = _prose("05_trail_optimisation")
    assert "B-5.7" in text and "as in a game of 2 or 3 players" not in text
    summary = next(_text(c) for c in _nb("05_trail_optimisation")["cells"] if _text(c).startswith("## Summary"))
    assert f"{player.trail.length} cars" in summary and f"{graph_only.trail.length}" in summary
    assert f"USA: {graph_only.trail.length} cars" not in summary


def test_lesson_06_odd_cities_end_only_a_trail_that_uses_every_route_and_cites_what_the_rules_have():
    text = _prose("06_controls_tour")
    assert "must be one of the trail's two ends" not in text
    assert re.search(r"uses \*\*every\*\* route", text)
    assert "E4" not in text and "worked examples" in text
    assert "Worked examples" in RULES.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", LESSONS)
def test_no_empty_cell(name):
    """A cell with nothing in it is a left-over of an edit (issue 33's re-read)."""
    for i, cell in enumerate(_nb(name)["cells"]):
        assert _text(cell).strip(), f"{name}: cell {i} is empty"


_LINK = re.compile(r"\]\((?!https?:|mailto:|#)([^)\s]+)\)")


def _relative_links(nb_path: Path) -> list[str]:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    return [m.group(1).split("#")[0] for c in nb["cells"] if c["cell_type"] == "markdown"
            for m in _LINK.finditer(_text(c))]


@pytest.mark.parametrize("folder", ["", "student"])
def test_every_link_in_a_lesson_opens_from_the_folder_the_readme_serves(folder):
    """issue 35: the README opens the lessons with the repository's folder as Jupyter's root;
    every relative link of every lesson (teacher and student edition) must name a file that
    exists there (the student edition lives one folder deeper: its links say so)."""
    root = ROOT.resolve()
    checked = 0
    for nb_path in sorted((NOTEBOOKS / folder).glob("[0-9][0-9]_*.ipynb")):
        for link in _relative_links(nb_path):
            target = (nb_path.parent / link).resolve()
            assert target.is_relative_to(root), f"{nb_path.name}: {link} leaves the folder Jupyter serves"
            assert target.exists(), f"{folder or 'teacher'} {nb_path.name}: {link} does not exist"
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("student", [False, True])
def test_every_link_in_the_copied_lessons_opens_in_their_folder(tmp_path, student):
    """``ttr-nb lessons DIR``: the rules reference, the glossary and the reading list are copied
    beside the lessons (and the teacher's guides in the teacher edition); every link resolves."""
    write_lessons(tmp_path, student=student)
    for nb_path in sorted(tmp_path.glob("*.ipynb")):
        for link in _relative_links(nb_path):
            assert (tmp_path / link).resolve().is_relative_to(tmp_path.resolve())
            assert (tmp_path / link).exists(), f"{nb_path.name}: {link}"
    assert (tmp_path / "guides").is_dir() != student


@pytest.mark.parametrize("name", LESSONS)
def test_every_picture_in_a_lesson_has_a_text_alternative(name):
    """issue 34: each picture a lesson shows (boards, charts, the controls' stored pictures)
    carries a text alternative written by the package: the image's ``alt`` or a text form
    that says what it shows (not matplotlib's '<Figure size ...>' or an object's repr)."""
    for cell in _nb(name)["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "image/png" not in data:
                continue
            meta = out.get("metadata", {}).get("image/png")
            alt = meta.get("alt", "") if isinstance(meta, dict) else ""
            text = "".join(data.get("text/plain", ""))
            assert len(alt) > 20 or (len(text) > 20 and not text.startswith("<")), \
                f"{name} cell {cell.get('id')}: a picture without a text alternative ({text[:60]!r})"
