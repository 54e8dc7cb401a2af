"""Slides and handouts made from the built lessons (issue 34): the slideshow metadata set from a
lesson's structure, one offline reveal.js file per lesson, a page to print per lesson with room
to answer, and the unplugged worksheets. The browser half (projector screenshot, PDF pages on
A4 and Letter) is tests/browser/test_slides_handouts.py."""
from __future__ import annotations

import json
import re

import nbformat
import pytest

from ttr_nb.lessons import handouts, is_solution, load_notebook, notebooks_dir, write_lessons
from ttr_nb.lessons import slides as sl

LESSON = "04_euler_trails"
KINDS = {"slide", "subslide", "fragment", "skip", "-"}


def _kind(cell: dict) -> str:
    return cell["metadata"]["slideshow"]["slide_type"]


def _md(text: str, tags=None) -> dict:
    cell = {"cell_type": "markdown", "metadata": {}, "source": text, "id": f"c{abs(hash(text)) % 10**6}"}
    if tags:
        cell["metadata"]["tags"] = tags
    return cell


def _code(text: str, outputs=(), tags=None) -> dict:
    cell = {"cell_type": "code", "metadata": {}, "source": text, "outputs": list(outputs),
            "execution_count": 1, "id": f"k{abs(hash(text)) % 10**6}"}
    if tags:
        cell["metadata"]["tags"] = tags
    return cell


def _toy() -> dict:
    long_text = "\n\n".join(f"Paragraph {i}. " + "A trail uses each route at most once. " * 6
                            for i in range(6))
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        _md("# Lesson 99 · Toy\nWhat it is about.\n\n**Time:** 10 minutes."),
        _code("%matplotlib inline\nimport ttr_nb"),
        _md("## 1. First section\n\nShort text."),
        _code("print(1)", [{"output_type": "stream", "name": "stdout", "text": "1\n"}]),
        _md(long_text),
        _md("## Exercises\n\n### Exercise 1. (core) Why?\nSay why, and prove it."),
        _code('answer = ...\nexercises.check("99.1", answer)'),
        _md("**Solution.** Because.", tags=["solution"]),
        _code('answer = 1\nexercises.check("99.1", answer)', tags=["solution"]),
    ]}


def test_split_markdown_cuts_before_headings_and_at_paragraphs_never_inside_a_formula():
    text = "## A\n\nOne.\n\n### B\nTwo.\n\n$$\nx = 1\n\ny = 2\n$$\n\nThree."
    pieces = sl.split_markdown(text)
    assert pieces[0].startswith("## A") and pieces[1].startswith("### B")
    assert any("$$\nx = 1\n\ny = 2\n$$" in p for p in pieces)       # the formula is whole
    long_text = "\n\n".join("word " * 60 for _ in range(8))          # 8 paragraphs of 5 lines
    parts = sl.split_markdown(long_text)
    assert len(parts) >= 3 and all(sl.text_lines(p) <= sl.SLIDE_LINES for p in parts)
    assert "\n\n".join(parts) == long_text                              # nothing lost


def test_slideshow_title_slide_section_slides_exercise_subslides_and_solutions():
    nb = _toy()
    before = json.dumps(nb, sort_keys=True)
    student, teacher = sl.slideshow(nb, student=True), sl.slideshow(nb)
    assert json.dumps(nb, sort_keys=True) == before                    # the source is not changed
    for show in (student, teacher):
        kinds = [_kind(c) for c in show["cells"]]
        assert set(kinds) <= KINDS
        assert kinds[0] == "slide" and kinds[1] == "skip"                # title slide; imports hidden
        assert [c["source"].split("\n")[0] for c in show["cells"] if _kind(c) == "slide"] == [
            "# Lesson 99 · Toy", "## 1. First section", "## Exercises"]
        ex = next(c for c in show["cells"] if c["source"].startswith("### Exercise 1"))
        assert _kind(ex) == "subslide"
        assert len({c["id"] for c in show["cells"]}) == len(show["cells"])   # ids stay unique
        long_parts = [c for c in show["cells"] if c["source"].startswith("Paragraph")]
        assert len(long_parts) >= 2 and all(_kind(c) == "subslide" for c in long_parts)
    assert [_kind(c) for c in student["cells"] if is_solution(c)] == ["skip", "skip"]
    assert [_kind(c) for c in teacher["cells"] if is_solution(c)] == ["subslide", "-"]


def test_slideshow_of_a_lesson_has_one_slide_per_section_and_is_a_valid_notebook():
    nb = load_notebook(notebooks_dir() / f"{LESSON}.ipynb")
    sections = sum(len(re.findall(r"^## ", "".join(c["source"]), re.M))
                   for c in nb["cells"] if c["cell_type"] == "markdown")
    show = sl.slideshow(nb, student=True)
    assert sum(_kind(c) == "slide" for c in show["cells"]) == sections + 1
    assert all(_kind(c) == "skip" for c in show["cells"] if is_solution(c))
    nbformat.validate(nbformat.reads(json.dumps(show), as_version=4))


@pytest.fixture(scope="module")
def student_slides() -> str:
    nb = load_notebook(notebooks_dir() / f"{LESSON}.ipynb")
    return sl.slides_html(sl.slideshow(nb, student=True), title=LESSON)


def test_slides_hold_reveal_js_and_load_nothing_from_the_network(student_slides):
    html = student_slides
    assert "Reveal.initialize" in html and "reveal.js 4" in html
    assert re.findall(r'<(?:script|link)[^>]*(?:src|href)="https?:', html) == []
    assert "sourceMappingURL" not in html and "@import url(" not in html
    assert html.count("<section") >= 20 and "image/png;base64," in html
    # each picture keeps the text alternative the lesson stored with it
    alts = re.findall(r'<img[^>]*alt="([^"]*)"', html)
    assert alts and all(a and "No description" not in a for a in alts)
    assert any("longest trail" in a for a in alts)


def test_student_slides_show_no_worked_solution(student_slides):
    nb = load_notebook(notebooks_dir() / f"{LESSON}.ipynb")
    solutions = ["".join(c["source"]) for c in nb["cells"] if is_solution(c) and c["cell_type"] == "markdown"]
    assert solutions and "Solution." not in student_slides
    for text in solutions:
        words = re.sub(r"[*_`]", "", text).split("\n")[0][15:70]
        assert words not in student_slides


def test_math_loads_mathjax_only_for_a_lesson_with_formulas():
    assert not sl.has_math(_toy())
    nb = _toy()
    nb["cells"].append(_md("The odds are $\\binom{n}{k}$."))
    assert sl.has_math(nb)
    loads = re.compile(r'<script[^>]*src="[^"]*mathjax', re.I)
    assert loads.search(sl.slides_html(sl.slideshow(nb)))
    assert not loads.search(sl.slides_html(sl.slideshow(_toy())))


# -- handouts ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def lesson_nb() -> dict:
    return load_notebook(notebooks_dir() / f"{LESSON}.ipynb")


def test_student_handout_has_text_pictures_and_an_answer_box_per_exercise_but_no_code(lesson_nb):
    page = handouts.handout_html(lesson_nb, student=True)
    checks = sum("exercises.check(" in "".join(c["source"]) for c in lesson_nb["cells"]
                 if c["cell_type"] == "code" and not is_solution(c))
    assert page.count('class="answer"') == checks >= 3
    assert page.count('class="exercise"') == checks      # question and box kept on one page
    assert "import ttr_nb" not in page and "exercises.check(" not in page   # no code on paper
    assert "Not answered yet" not in page and "Solution." not in page
    assert page.count("<img") >= 3 and 'alt=""' not in page
    assert "Board: Ticket to Ride" in page          # the lesson's own text alternative
    assert "<h1" in page and "Euler" in page and 'class="namebar"' in page
    assert re.findall(r'(?:src|href)="https?:', page) == []             # self-contained
    assert "@page" in page and "break-before: page" in page


def test_reasoning_questions_get_more_lines_than_short_answers():
    assert handouts.answer_box("Be ready to prove it.").count('class="line"') == handouts.LONG_LINES
    assert handouts.answer_box("Give a whole number.").count('class="line"') == handouts.SHORT_LINES


def test_teacher_handout_prints_the_worked_solutions_in_a_box(lesson_nb):
    page = handouts.handout_html(lesson_nb, student=False)
    solutions = sum(c["cell_type"] == "markdown" and is_solution(c) for c in lesson_nb["cells"])
    assert page.count('<div class="solution">') >= solutions > 0
    assert "Solution." in page and 'class="answer"' not in page


def test_summary_exercises_and_extensions_start_a_new_page(lesson_nb):
    page = handouts.handout_html(lesson_nb, student=True)
    starts = re.findall(r'<div class="newpage"><h2[^>]*>([^<]+)', page)
    assert [s for s in starts if s.startswith(("Summary", "Exercises", "Extension"))] == starts
    assert any(s.startswith("Exercises") for s in starts)


def test_worksheets_student_copy_has_blanks_teacher_copy_has_the_answers():
    from ttr_nb.graph import degrees, longest_trail, odd_degree_cities
    import ttr_nb

    usa = ttr_nb.load_map("usa")
    student, teacher = handouts.worksheets(student=True), handouts.worksheets(student=False)
    assert list(student) == list(teacher) == list(handouts.WORKSHEETS)
    ids = usa.route_ids(handouts.DEGREE_NETWORK[1])
    deg = degrees(usa, ids)
    odd = odd_degree_cities(usa, ids)
    s, t = student["worksheet_degrees.html"], teacher["worksheet_degrees.html"]
    for city in deg:
        assert city in s
    assert 'class="key"' not in s and "answer:" not in s
    assert t.count('class="key"') == 2 * len(deg)
    assert f"(answer: {len(odd)})" in t and f"answer: {sum(deg.values())} and {len(ids)}" in t
    trail = longest_trail(usa, usa.route_ids(handouts.TRAIL_NETWORK[1]))
    assert trail.describe() not in student["worksheet_trail.html"]
    assert trail.describe() in teacher["worksheet_trail.html"]
    for page in student.values():
        assert page.count("<img") == 1 and page.count('class="answer"') >= 2


def test_network_picture_is_cut_to_the_players_corner_of_the_board():
    import io

    import ttr_nb
    from PIL import Image

    usa = ttr_nb.load_map("usa")
    name, routes = handouts.DEGREE_NETWORK
    whole = Image.open(io.BytesIO(handouts.network_png(usa, routes, name, "x", crop=False, dpi=60)))
    corner = Image.open(io.BytesIO(handouts.network_png(usa, routes, name, "x", dpi=60)))
    assert corner.width < 0.6 * whole.width and corner.height < whole.height


# -- ttr-nb lessons DIR --slides --print --------------------------------------------------------
def test_write_lessons_with_slides_and_handouts_and_never_overwrites(tmp_path):
    made = []
    written = write_lessons(tmp_path, student=True, slides=True, handouts=True, only=["04"],
                            progress=made.append)
    assert [p.name for p in written] == [f"{LESSON}.ipynb"]
    assert (tmp_path / "slides" / f"{LESSON}.html").is_file()
    assert (tmp_path / "handouts" / f"{LESSON}.html").is_file()
    assert {p.name for p in (tmp_path / "handouts").iterdir()} == {f"{LESSON}.html", *handouts.WORKSHEETS}
    assert len(made) == 4
    nb = json.loads(written[0].read_text())
    assert all("slideshow" in c["metadata"] for c in nb["cells"])     # RISE can show it too
    assert not any(is_solution(c) for c in nb["cells"])              # still the student edition
    assert "../RULES.md#" in (tmp_path / "slides" / f"{LESSON}.html").read_text()
    (tmp_path / "handouts" / "worksheet_trail.html").write_text("my notes")
    with pytest.raises(FileExistsError, match="worksheet_trail"):
        write_lessons(tmp_path, student=True, handouts=True, only=["04"])
    assert (tmp_path / "handouts" / "worksheet_trail.html").read_text() == "my notes"


def test_plain_lessons_carry_no_slideshow_metadata(tmp_path):
    written = write_lessons(tmp_path, only=["04"])
    nb = json.loads(written[0].read_text())
    assert not any("slideshow" in c["metadata"] for c in nb["cells"])
    assert not (tmp_path / "slides").exists() and not (tmp_path / "handouts").exists()


def test_cli_has_slides_and_print_options():
    from ttr_nb.cli import build_parser

    args = build_parser().parse_args(["lessons", "x", "--student", "--slides", "--print"])
    assert args.slides and args.handouts and args.student
    assert build_parser().parse_args(["lessons", "x", "--handouts"]).handouts
    plain = build_parser().parse_args(["lessons", "x"])
    assert not plain.slides and not plain.handouts


def test_without_nbconvert_the_cli_says_what_to_install_and_writes_nothing(tmp_path, monkeypatch, capsys):
    import builtins

    from ttr_nb.cli import main

    real_import = builtins.__import__

    def no_nbconvert(name, *args, **kwargs):
        if name == "nbconvert" or name.startswith("nbconvert."):
            raise ImportError("No module named 'nbconvert'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_nbconvert)
    assert main(["lessons", str(tmp_path / "c"), "--slides"]) == 1
    err = capsys.readouterr().err
    assert "pip install nbconvert" in err and "Traceback" not in err
    assert not (tmp_path / "c").exists()
