"""The teacher's kit (issue 34): a guide per lesson, graded exercises, the glossary and the
reading list, and one review quiz per path.

- every lesson has a guide (docs/guides/NN_name.md) whose timing table is the lesson's
  **Sections:** line and which names every exercise of the lesson, at the lesson's level, with
  an answer;
- every exercise heading carries its level (warm-up, core or challenge), and every lesson has a
  challenge that asks for reasoning;
- every glossary term has an anchor and is linked from at least one lesson, and every link from a
  lesson to the glossary resolves;
- the reading list cites the papers the lessons build on; each path has its quiz, answered in
  the guide of the path's last lesson.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ttr_nb.lessons import is_solution, sources

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDES = DOCS / "guides"
GLOSSARY = DOCS / "glossary.md"
READING = DOCS / "reading.md"
LESSONS = [p.stem for p in sources()]
LEVELS = ("warm-up", "core", "challenge")
HEADING = re.compile(r"^### Exercise (\d+)\.(.*)$", re.M)
LEVELLED = re.compile(r"^ \((warm-up|core|challenge)\) \S")
GLOSSARY_LINK = re.compile(r"\]\(\.\./docs/glossary\.md#([^)\s]*)\)")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
REASONING = re.compile(r"\b(why|explain|prove|proof|reason)", re.I)

REQUIRED_TERMS = ["trail", "path", "simple-path", "multigraph", "degree", "bridge", "t-join",
                  "steiner-tree", "lp-relaxation", "bound", "hypergeometric", "wilson-interval",
                  "bradley-terry"]
"""The terms issue 34 names; the glossary may define more."""

QUIZZES = {"quiz_rules.md": "09", "quiz_graph_theory.md": "11", "quiz_statistics.md": "12"}
"""Each path's review quiz, answered in the guide of the path's last lesson."""


def _nb(name: str) -> dict:
    return json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _markdown(name: str, solutions: bool = True) -> list[str]:
    return [_text(c) for c in _nb(name)["cells"]
            if c["cell_type"] == "markdown" and (solutions or not is_solution(c))]


def exercise_levels(texts: list[str]) -> dict[int, str | None]:
    """Exercise number -> its level, or None when the heading has none."""
    found = {}
    for text in texts:
        for m in HEADING.finditer(text):
            level = LEVELLED.match(m.group(2))
            found[int(m.group(1))] = level.group(1) if level else None
    return found


def exercise_questions(texts: list[str]) -> dict[int, str]:
    """Exercise number -> its heading and question (up to the end of its cell)."""
    found = {}
    for text in texts:
        for m in HEADING.finditer(text):
            found[int(m.group(1))] = text[m.start():]
    return found


def guide_answers(guide: str, nn: str) -> dict[int, tuple[str, str]]:
    """Exercise number -> (level, body) of each '### Exercise NN.k (level) · ...' of a guide."""
    heads = list(re.finditer(rf"^### Exercise {nn}\.(\d+) \(([^)]*)\)(.*)$", guide, re.M))
    found = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(guide)
        nxt = re.search(r"^## ", guide[m.end():end], re.M)
        body = guide[m.end():m.end() + nxt.start()] if nxt else guide[m.end():end]
        found[int(m.group(1))] = (m.group(2), body)
    return found


def sections_line(head: str) -> list[tuple[str, int]]:
    line = re.search(r"^\*\*Sections:\*\*(.*)$", head, re.M).group(1)
    return [(m.group(1).strip(), int(m.group(2)))
            for m in (re.match(r"\s*(.*?)\s*\((\d+) min\)\s*$", part) for part in line.split("·"))]


def glossary_anchors() -> set[str]:
    return set(ANCHOR.findall(GLOSSARY.read_text(encoding="utf-8")))


# -- graded exercises -------------------------------------------------------------------------
@pytest.mark.parametrize("name", LESSONS)
def test_every_exercise_heading_has_its_level(name):
    levels = exercise_levels(_markdown(name))
    assert levels, f"{name}: no exercise"
    unlabelled = [k for k, level in levels.items() if level is None]
    assert not unlabelled, f"{name}: exercises {unlabelled} have no level {LEVELS}"


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_has_a_challenge_that_asks_for_reasoning(name):
    levels = exercise_levels(_markdown(name))
    questions = exercise_questions(_markdown(name, solutions=False))
    challenges = [k for k, level in levels.items() if level == "challenge"]
    assert challenges, f"{name}: no challenge exercise"
    assert any(REASONING.search(questions[k]) for k in challenges), \
        f"{name}: no challenge asks for reasoning (why, explain, prove)"


def test_exercise_levels_finds_a_missing_level():
    texts = ["### Exercise 1. (core) Odd cities\nQ", "### Exercise 2. Longer trail\nQ",
             "## Extension · X\n*Not in the 50 minutes.*\n### Exercise 3. (challenge) Extension: Y"]
    assert exercise_levels(texts) == {1: "core", 2: None, 3: "challenge"}
    assert exercise_levels(["### Exercise 1. (hard) A"]) == {1: None}


# -- the guides -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_has_a_guide_naming_every_exercise_with_an_answer(name):
    path = GUIDES / f"{name}.md"
    assert path.is_file(), f"no teacher's guide docs/guides/{name}.md"
    guide = path.read_text(encoding="utf-8")
    nn = name[:2]
    levels = exercise_levels(_markdown(name))
    answers = guide_answers(guide, nn)
    assert sorted(answers) == sorted(levels), f"the guide names exercises {sorted(answers)}, " \
                                              f"the lesson has {sorted(levels)}"
    for k, (level, body) in answers.items():
        assert level == levels[k], f"Exercise {nn}.{k} is {levels[k]} in the lesson, {level} in the guide"
        assert "**Answer.**" in body and "**Reasoning.**" in body, f"Exercise {nn}.{k}: no answer with its reasoning"


@pytest.mark.parametrize("name", LESSONS)
def test_guide_has_the_timing_misconceptions_prompts_and_a_plan_without_controls(name):
    guide = (GUIDES / f"{name}.md").read_text(encoding="utf-8")
    head = _text(_nb(name)["cells"][0])
    rows = re.findall(r"^\| (.+?) \| (\d+) \|$", guide, re.M)
    assert [(s, int(n)) for s, n in rows] == sections_line(head), "the timing table is not the Sections line"
    for heading in ("## Misconceptions students bring", "## Discussion prompts", "## Run live, or show",
                    "## When the controls do not render"):
        assert heading in guide, f"{name}: no {heading!r}"
    prompts = re.search(r"## Discussion prompts\n\n((?:\d+\. .*\n)+)", guide)
    assert prompts and 2 <= len(prompts.group(1).strip().splitlines()) <= 3
    assert "1024 × 768" in guide


def test_guide_answers_finds_each_exercise_and_its_body():
    guide = ("### Exercise 04.1 (warm-up) · Odd\n**Answer.** x **Reasoning.** y\n"
             "### Exercise 04.2 (core) · Out\nno answer\n## Review quiz\n**Answer.** z\n")
    found = guide_answers(guide, "04")
    assert found[1][0] == "warm-up" and "**Reasoning.**" in found[1][1]
    assert found[2] == ("core", "\nno answer\n")


def test_every_page_of_the_kit_links_only_to_files_that_exist():
    pages = [GLOSSARY, READING, *sorted(GUIDES.glob("*.md"))]
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).is_file(), f"{page.name} links to a missing {target}"


# -- the glossary -----------------------------------------------------------------------------
def test_each_glossary_anchor_is_also_its_headings_slug():
    """GitHub and JupyterLab follow ``<a id="trail"></a>``; the docs site follows the heading's
    slug (MyST heading anchors): both must be the same, so ``glossary.md#trail`` works on both."""
    text = GLOSSARY.read_text(encoding="utf-8")
    pairs = re.findall(r'<a id="([^"]+)"></a>\n### (.+)', text)
    assert len(pairs) == len(ANCHOR.findall(text)), "every anchor is followed by its ### heading"
    for anchor, heading in pairs:
        assert re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") == anchor, (anchor, heading)


def test_the_guides_link_to_glossary_terms_that_exist():
    anchors = glossary_anchors()
    for guide in sorted(GUIDES.glob("*.md")):
        for target in re.findall(r"\]\(\.\./glossary\.md#([^)]+)\)", guide.read_text(encoding="utf-8")):
            assert target in anchors, f"{guide.name} links to no glossary entry {target}"


def test_every_glossary_term_has_an_anchor_and_a_lesson_links_to_it():
    anchors = glossary_anchors()
    assert set(REQUIRED_TERMS) <= anchors, set(REQUIRED_TERMS) - anchors
    linked = {t for name in LESSONS for text in _markdown(name, solutions=False)
              for t in GLOSSARY_LINK.findall(text)}
    assert anchors <= linked, f"glossary terms no lesson links to: {sorted(anchors - linked)}"
    text = GLOSSARY.read_text(encoding="utf-8")
    assert len(ANCHOR.findall(text)) == len(anchors), "a glossary term is defined twice"


@pytest.mark.parametrize("name", LESSONS)
def test_every_glossary_link_of_a_lesson_resolves_and_is_linked_once(name):
    anchors = glossary_anchors()
    texts = _markdown(name)
    links = [t for text in texts for t in GLOSSARY_LINK.findall(text)]
    assert set(links) <= anchors, f"links to no glossary entry: {sorted(set(links) - anchors)}"
    assert len(links) == len(set(links)), "a glossary term is linked at its first use only"
    assert links, f"{name} links to no glossary term"


def first_use_misses(texts: list[str]) -> list[str]:
    """The glossary links of a lesson's visible markdown that are not at the first use of their
    words (headings, tables, the Sections line, code, the Longest Path card and the "path" of a
    "simple path" aside)."""
    lines = []
    for text in texts:
        for line in text.splitlines():
            if line.startswith(("#", "|", "**Sections:**", "**Time:**")):
                continue
            line = re.sub(r"`[^`]*`", "", line).replace("Longest Path", "Longest-card")
            line = re.sub(r"\[([^\]]+)\]\(\.\./docs/glossary\.md#[^)]*\)", "\x00\\1\x00", line)
            lines.append(re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line))
    text = "\n".join(lines)
    misses = []
    links = list(re.finditer("\x00([^\x00]+)\x00", text))
    for m in links:  # the words of the other links do not count as a use
        others = "".join(text[prev:o.start()] + "\x01" * (o.end() - o.start()) if o is not m
                         else text[prev:o.end()] for prev, o in zip([0] + [x.end() for x in links], links))
        others += text[links[-1].end():]
        first = re.search(r"(?<![\w-])(?<!simple )" + re.escape(m.group(1)) + r"(?![\w-])", others, re.I)
        if first.start() != m.start() + 1:
            misses.append(f"{m.group(1)!r} is used before its link: …{text[max(0, first.start() - 40):first.end()]}")
    return misses


@pytest.mark.parametrize("name", LESSONS)
def test_a_glossary_term_is_linked_at_its_first_use_in_the_lesson(name):
    assert not first_use_misses(_markdown(name, solutions=False))


def test_first_use_misses_finds_a_term_used_before_its_link():
    link = "[trail](../docs/glossary.md#trail)"
    assert first_use_misses([f"A {link} here.", "Another trail."]) == []
    assert first_use_misses(["## A trail in a heading", f"The {link}.", "The Longest Path bonus."]) == []
    assert len(first_use_misses(["Every trail is long.", f"A {link}."])) == 1
    simple = "[longest simple path](../docs/glossary.md#simple-path)"
    assert first_use_misses([f"The {simple}, then a [path](../docs/glossary.md#path)."]) == []


# -- the reading list and the quizzes ---------------------------------------------------------
CITING = ["00", "04", "05", "11", "12"]
"""The lessons that cite a paper (or, lesson 00, present the course): each links the reading list."""


@pytest.mark.parametrize("name", LESSONS)
def test_a_lessons_links_to_the_docs_pages_resolve(name):
    texts = _markdown(name)
    for text in texts:
        for page, anchor in re.findall(r"\]\(\.\./docs/([^)#\s]+)(?:#([^)\s]*))?\)", text):
            assert (DOCS / page).is_file(), f"{name} links to a missing docs/{page}"
    if name[:2] in CITING:
        assert any("](../docs/reading.md)" in t for t in _markdown(name, solutions=False)), \
            f"{name} cites a paper but does not link the reading list"


def test_reading_list_cites_the_papers_the_lessons_build_on():
    text = READING.read_text(encoding="utf-8")
    for cite in ("E53", "Commentarii academiae scientiarum Petropolitanae",
                 "Hierholzer", "Mathematische Annalen* 6", "Edmonds", "Mathematical Programming* 5",
                 "Dreyfus", "*Networks* 1", "Garey", "SIAM Journal on Computing* 5",
                 "de Mesentier Silva", "Foundations of Digital Games", "Schaefer", "2511.08441",
                 "Network Analysis Made Simple", "networkx.org"):
        assert cite in text, f"the reading list does not cite {cite!r}"


@pytest.mark.parametrize("quiz, last", sorted(QUIZZES.items()))
def test_each_path_has_a_quiz_answered_in_its_last_lessons_guide(quiz, last):
    questions = re.findall(r"^(\d+)\. ", (GUIDES / quiz).read_text(encoding="utf-8"), re.M)
    [guide] = [p for p in GUIDES.glob(f"{last}_*.md")]
    text = guide.read_text(encoding="utf-8")
    assert f"]({quiz})" in text, f"{guide.name} does not point to {quiz}"
    answers = re.findall(r"^(\d+)\. ", text.split("## Review quiz of the path", 1)[1], re.M)
    assert len(questions) >= 8 and answers == questions, (questions, answers)
