"""The controls on the documentation site's lesson pages (issue 35): a lesson displays a
GameStepper, PlayPanel, ScoringExplorer, RouteBuilder or BoardWidget, and the site, which has no
kernel, never shows an empty gap. A GameStepper works in the page (its recorded game steps
with a slider and buttons, plain JavaScript: ttr_nb.widgets.static_html); the controls that
need Python are the picture of their board with a caption.

Two sites, both built with the real docs/conf.py and opened from the files in headless
Chromium, nothing fetched from the network:

- a small one (fast): one lesson-like notebook holding a GameStepper's and a PlayPanel's
  stored display, as a kernel stores them; the stepper's slider and buttons are moved and its
  board must change (screenshot out/browser/docs_stepper_live.png);
- the whole site (slow): every lesson page, every stored control (screenshot of lesson 06's
  first control: out/browser/docs_lesson06.png).
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
LIVE_MARK = "data-ttr-static"
LESSONS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MATHJAX = "https://cdn.jsdelivr.net/npm/mathjax@"


def _text(v) -> str:
    return "".join(v) if isinstance(v, list) else (v or "")


def _controls(notebook: Path) -> list[tuple[str, bool]]:
    """Every control a lesson displays: its text form (``<GameStepper usa: step 0 of 188>``)
    and whether its stored display works with no kernel (a ``text/html`` page fragment)."""
    found = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data:
                found.append((_text(data.get("text/plain")), LIVE_MARK in _text(data.get("text/html"))))
    return found


def _build(src: Path, out: Path) -> Path:
    run = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(src), str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return _build(REPO / "docs", tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def small_site(tmp_path_factory) -> Path:
    """docs/conf.py (its lesson copying and control handling) over one notebook: the stored
    displays of a GameStepper, a PlayPanel and a BoardWidget, as a kernel stores them (widget
    view, picture, text, and the page fragments). The API pages are left out (they are slow)."""
    import nbformat

    import ttr_nb
    from ttr_nb.widgets import BoardWidget, GameStepper, PlayPanel

    root = tmp_path_factory.mktemp("small")
    docs, notebooks = root / "docs", root / "notebooks"
    docs.mkdir()
    notebooks.mkdir()
    conf = (REPO / "docs" / "conf.py").read_text(encoding="utf-8")
    (docs / "conf.py").write_text(conf + "\nexclude_patterns.append('api')\n", encoding="utf-8")
    (docs / "index.md").write_text("# Controls\n\n```{toctree}\nlessons/index\n```\n", encoding="utf-8")
    game = ttr_nb.play_game("usa", ["Ana", "Bea", "Cal"], seed=7, agents="greedy")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    cells = [nbformat.v4.new_markdown_cell("# 90 Controls\n\nA recorded game, step by step.")]
    board = BoardWidget(game.board, player_names=["Ana", "Bea"])
    board.show({r.id: k % 2 for k, r in enumerate(game.board.routes[:6])})
    for source, control in (("stepper = GameStepper(game, eyes=0)\nstepper", GameStepper(game, eyes=0)),
                            ("panel = PlayPanel(ttr_nb.new_game('usa', players=2, seed=8), seed=2)\npanel",
                             PlayPanel(ttr_nb.new_game("usa", players=2, seed=8), seed=2)),
                            ("board = BoardWidget(game.board, ...)\nboard", board)):
        data, meta = control._repr_mimebundle_()
        cell = nbformat.v4.new_code_cell(source, execution_count=len(cells))
        cell.outputs = [nbformat.v4.new_output("display_data", data=data, metadata=meta)]
        cells.append(cell)
    nb.cells = cells
    nbformat.write(nb, notebooks / "90_controls.ipynb")
    return _build(docs, root / "html")


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
    brokenLive: el.querySelectorAll('[data-ttr-error]').length,
  };
})""" % WIDGET_VIEW

# The controls in page order: a live one (its board's SVG size) or a figure (its picture).
_CONTROLS = """() => [...document.querySelectorAll('article figure.ttr-control, article [data-ttr-static]')].map(f => {
  if (f.matches('[data-ttr-static]')) {
    const svg = f.querySelector('svg.ttr-bw-svg');
    return { live: f.dataset.ttrLive === '1', error: f.dataset.ttrError || '', kind: f.dataset.ttrStatic,
             shownWidth: svg ? svg.getBoundingClientRect().width : 0, label: f.getAttribute('aria-label') || '' };
  }
  const im = f.querySelector('img');
  return {
    picture: true,
    loaded: !!im && im.complete && im.naturalWidth > 0,
    naturalWidth: im ? im.naturalWidth : 0,
    shownWidth: im ? im.getBoundingClientRect().width : 0,
    alt: im ? im.alt : '',
    caption: (f.querySelector('figcaption') || {innerText: ''}).innerText.trim(),
  };
})"""


def _empty_outputs(page, name: str) -> list[str]:
    return [f"{name} output #{o['index']}: {o}" for o in page.evaluate(_OUTPUTS)
            if o["unrenderedViews"] or o["brokenPictures"] or o["brokenLive"]
            or not (o["pictures"] or o["widgets"] or o["text"])]


def _check_controls(page, name: str, controls: list[tuple[str, bool]]) -> list[str]:
    """Each stored control, in order: live in the page (its SVG board drawn) or its picture."""
    shown = page.evaluate(_CONTROLS)
    if len(shown) != len(controls):
        return [f"{name}: {len(controls)} controls, {len(shown)} shown"]
    problems = []
    for (text, live), got in zip(controls, shown):
        kind = text.strip("<").split(" ")[0]        # GameStepper, PlayPanel, ...
        if live:
            if got.get("picture") or not got["live"] or got["error"] or got["shownWidth"] < 300:
                problems.append(f"{name} {text}: not drawn live {got}")
            elif kind not in got["label"]:
                problems.append(f"{name} {text}: its label does not name it {got}")
        elif not got.get("picture"):
            problems.append(f"{name} {text}: a picture was expected {got}")
        else:
            if not got["loaded"] or got["naturalWidth"] < 300 or got["shownWidth"] < 300:
                problems.append(f"{name} {text}: picture not shown at a readable size {got}")
            if kind not in got["alt"] or kind not in got["caption"] or "Jupyter" not in got["caption"]:
                problems.append(f"{name} {text}: alt/caption do not name it {got}")
    return problems


def _hit_point(root, key: str) -> tuple[float, float]:
    """A point inside a target of the board in ``root`` (its middle car space, or the city)."""
    hits = root.locator(f'.ttr-bw-target[data-key="{key}"] .ttr-bw-hit')
    hit = hits.nth(hits.count() // 2)
    hit.scroll_into_view_if_needed()
    box = hit.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_stepper_steps_through_its_game_in_the_page(small_site):
    """The GameStepper on a built page: drawn live (no stored picture left), the slider and
    ▶ move the step and the board changes (claims appear, the counter follows), hovering a
    claimed route says when it was claimed, a click's box jumps to that step, Play and Pause.
    The PlayPanel is its picture with a caption; a BoardWidget alone is live too. No output is
    empty; nothing is fetched; no script error."""
    page_file = small_site / "lessons" / "90_controls.html"
    errors: list[str] = []
    with chromium_page(viewport=(1280, 1000)) as (page, blocked):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri())
        page.wait_for_load_state("load")
        assert not _empty_outputs(page, "90")
        assert not _check_controls(page, "90", [("<GameStepper", True), ("<PlayPanel", False),
                                                ("<BoardWidget", True)])
        # the BoardWidget alone: its six claims drawn, a click on one says whose it is
        alone = page.locator("[data-ttr-static=board]")
        assert alone.locator(".ttr-bw-claim").count() == 6
        rid0 = alone.locator(".ttr-bw-claim").first.get_attribute("data-route")
        page.mouse.click(*_hit_point(alone, f"route:{rid0}"))
        assert "claimed by Ana" in alone.locator(".ttr-bw-card").inner_text()
        root = page.locator("[data-ttr-static=stepper]")
        assert root.locator("img.ttr-static-picture").count() == 0       # replaced by the live board
        claims = root.locator(".ttr-bw-claim")
        counter = root.locator(".ttr-static-counter")
        assert root.get_attribute("data-step") == "0" and claims.count() == 0
        assert counter.inner_text().startswith("step 0 of ")
        n = int(root.locator("input[type=range]").get_attribute("max"))

        slider = root.locator("input[type=range]")
        slider.focus()
        for _ in range(40):
            page.keyboard.press("ArrowRight")
        assert root.get_attribute("data-step") == "40"
        at40 = claims.count()
        assert at40 > 0 and counter.inner_text().startswith("step 40 of ")
        root.locator("button[data-go=forward]").click()
        assert root.get_attribute("data-step") == "41"
        slider.focus()
        page.keyboard.press("End")
        assert root.get_attribute("data-step") == str(n)
        assert claims.count() > at40 and root.locator("button[data-go=forward]").is_disabled()

        rid = claims.first.get_attribute("data-route")
        page.mouse.move(*_hit_point(root, f"route:{rid}"))
        tip = root.locator(".ttr-bw-tip")
        page.wait_for_function("t => t.innerText.includes('Claimed by')", arg=tip.element_handle(), timeout=5000)
        page.mouse.click(*_hit_point(root, f"route:{rid}"))
        card = root.locator(".ttr-bw-card")
        assert card.is_visible() and "Claimed by" in card.inner_text()
        jump = card.locator(".ttr-bw-button").first
        target = int(jump.inner_text().split()[-1].strip(")"))
        jump.click()
        assert root.get_attribute("data-step") == str(target) and claims.count() < at40 + 30
        root.locator("button[data-go=first]").click()
        assert root.get_attribute("data-step") == "0" and claims.count() == 0
        card.locator(".ttr-bw-close").click()
        assert not card.is_visible()
        play = root.locator("button[data-go=play]")
        play.click()                                           # ▶ Play: a step every 0.5 s
        page.wait_for_function("r => Number(r.dataset.step) >= 2", arg=root.element_handle(), timeout=5000)
        play.click()                                           # ⏸ Pause: the step stays
        paused = root.get_attribute("data-step")
        page.wait_for_timeout(700)
        assert root.get_attribute("data-step") == paused and play.inner_text() == "▶ Play"
        slider.focus()
        for _ in range(60):
            page.keyboard.press("ArrowRight")
        page.mouse.move(*_hit_point(root, f"route:{rid}"))
        page.wait_for_timeout(150)
        OUT.mkdir(parents=True, exist_ok=True)
        root.scroll_into_view_if_needed()
        root.screenshot(path=str(OUT / "docs_stepper_live.png"))
    assert not errors, errors
    assert not blocked, blocked


def test_every_output_on_a_lesson_page_shows_something(site):
    """No empty gap: each output area of each lesson page has a visible picture, a rendered
    board or text, and no widget view is left unrendered (the issue-35 symptom)."""
    empty = []
    with chromium_page(viewport=(1280, 900)) as (page, blocked):
        for nb in LESSONS:
            page.goto((site / "lessons" / f"{nb.stem}.html").as_uri())
            page.wait_for_load_state("load")
            empty += _empty_outputs(page, nb.stem)
    assert not empty, empty[:10]
    # the pages work offline; only the formulas' typesetting (MathJax, as every Sphinx site
    # with maths loads it) comes from the web, and without it a formula shows as its TeX
    online = [u for u in blocked if not u.startswith("file:") and not u.startswith(MATHJAX)]
    assert not online, online


def test_each_control_shows_live_or_as_the_picture_of_its_board(site):
    """Every control a lesson displays is, on its page, live (a GameStepper stored with its
    page fragment: its board drawn as SVG at a readable size) or a loaded picture of its board
    named in its alt text and in a caption that says how to use it."""
    lessons = [(nb, _controls(nb)) for nb in LESSONS]
    lessons = [(nb, c) for nb, c in lessons if c]
    assert lessons, "no lesson displays a control: this test has nothing to check"
    problems = []
    with chromium_page(viewport=(1280, 900)) as (page, _blocked):
        for nb, controls in lessons:
            page.goto((site / "lessons" / f"{nb.stem}.html").as_uri())
            page.wait_for_load_state("load")
            problems += _check_controls(page, nb.stem, controls)
            if nb.stem.startswith("06"):
                page.locator("figure.ttr-control, [data-ttr-static]").first.scroll_into_view_if_needed()
                page.evaluate("window.scrollBy(0, -90)")
                OUT.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(OUT / "docs_lesson06.png"))
    assert not problems, problems
