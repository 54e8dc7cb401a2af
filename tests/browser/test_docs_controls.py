"""The controls on the documentation site's lesson pages (issue 35): a lesson displays a
GameStepper, PlayPanel, ScoringExplorer, RouteBuilder or BoardWidget, and the site, which has no
kernel, shows each one as the picture of its board with a caption, never an empty gap.

The site is built once (Sphinx, as tests/test_docs.py does) and every lesson page is opened
from the files in headless Chromium, nothing fetched from the network. A screenshot of lesson
06's first control is saved as out/browser/docs_lesson06.png.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import OUT, REPO, browser_available, chromium_page

pytestmark = pytest.mark.browser

_reason = browser_available()
if _reason:
    pytest.skip(_reason, allow_module_level=True)
pytest.importorskip("myst_nb")

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _controls(notebook: Path) -> list[str]:
    """The text form of every control a lesson displays (``<GameStepper usa: step 0 of 188>``)."""
    found = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data:
                text = data.get("text/plain", "")
                found.append("".join(text) if isinstance(text, list) else text)
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(REPO / "docs"), str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return out


# Every output area of a page: what it shows, as a person would see it.
_OUTPUTS = """() => [...document.querySelectorAll('article .cell_output')].map((el, i) => {
  const box = el.getBoundingClientRect();
  const seen = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
                        return r.width > 20 && r.height > 20 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const imgs = [...el.querySelectorAll('img')];
  return {
    index: i,
    height: box.height,
    text: el.innerText.trim().slice(0, 80),
    pictures: imgs.filter(im => im.complete && im.naturalWidth > 0 && seen(im)).length,
    brokenPictures: imgs.filter(im => !(im.complete && im.naturalWidth > 0)).length,
    widgets: [...el.querySelectorAll('.jupyter-widgets, .widget-box, svg, canvas')].filter(seen).length,
    unrenderedViews: el.querySelectorAll('script[type="%s"]').length,
  };
})""" % WIDGET_VIEW

# The controls' figures: picture, its size, its alt text and caption.
_CONTROLS = """() => [...document.querySelectorAll('article figure.ttr-control')].map(f => {
  const im = f.querySelector('img');
  return {
    loaded: !!im && im.complete && im.naturalWidth > 0,
    naturalWidth: im ? im.naturalWidth : 0,
    shownWidth: im ? im.getBoundingClientRect().width : 0,
    alt: im ? im.alt : '',
    caption: (f.querySelector('figcaption') || {innerText: ''}).innerText.trim(),
  };
})"""


MATHJAX = "https://cdn.jsdelivr.net/npm/mathjax@"


def test_every_output_on_a_lesson_page_shows_something(site):
    """No empty gap: each output area of each lesson page has a visible picture, a rendered
    widget or text, and no widget view is left unrendered (the issue-35 symptom)."""
    empty = []
    with chromium_page(viewport=(1280, 900)) as (page, blocked):
        for nb in LESSONS:
            page.goto((site / "lessons" / f"{nb.stem}.html").as_uri())
            page.wait_for_load_state("load")
            for out in page.evaluate(_OUTPUTS):
                if out["unrenderedViews"] or out["brokenPictures"] or not (
                        out["pictures"] or out["widgets"] or out["text"]):
                    empty.append(f"{nb.stem} output #{out['index']}: {out}")
    assert not empty, empty[:10]
    # the pages work offline; only the formulas' typesetting (MathJax, as every Sphinx site
    # with maths loads it) comes from the web, and without it a formula shows as its TeX
    online = [u for u in blocked if not u.startswith("file:") and not u.startswith(MATHJAX)]
    assert not online, online


def test_each_control_shows_the_picture_of_its_board(site):
    """Every control a lesson displays is, on its page, a loaded picture of its board at a
    readable size, named in its alt text and in a caption that says how to use it."""
    lessons = [(nb, _controls(nb)) for nb in LESSONS]
    lessons = [(nb, c) for nb, c in lessons if c]
    assert lessons, "no lesson displays a control: this test has nothing to check"
    problems = []
    with chromium_page(viewport=(1280, 900)) as (page, _blocked):
        for nb, controls in lessons:
            page.goto((site / "lessons" / f"{nb.stem}.html").as_uri())
            page.wait_for_load_state("load")
            shown = page.evaluate(_CONTROLS)
            if len(shown) != len(controls):
                problems.append(f"{nb.stem}: {len(controls)} controls, {len(shown)} pictures")
                continue
            for text, fig in zip(controls, shown):
                name = text.strip("<").split(" ")[0]        # GameStepper, PlayPanel, ...
                if not fig["loaded"] or fig["naturalWidth"] < 300 or fig["shownWidth"] < 300:
                    problems.append(f"{nb.stem} {text}: picture not shown at a readable size {fig}")
                if name not in fig["alt"] or name not in fig["caption"] or "Jupyter" not in fig["caption"]:
                    problems.append(f"{nb.stem} {text}: alt/caption do not name it {fig}")
            if nb.stem.startswith("06"):
                page.locator("figure.ttr-control").first.scroll_into_view_if_needed()
                page.evaluate("window.scrollBy(0, -90)")
                OUT.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(OUT / "docs_lesson06.png"))
    assert not problems, problems
