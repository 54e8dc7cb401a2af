"""The controls in a real browser: JupyterLab on 127.0.0.1, headless Debian Chromium, Playwright.

Opens the tutorial notebook (00_start_here once it carries a GameStepper, else
06_controls_tour), runs every cell, presses ▶ on the first GameStepper and checks that the
kernel answered: the step counter and the board image both change. Saves screenshots to
out/browser/ (gitignored). Skips when playwright or /usr/bin/chromium is missing.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from .conftest import OUT, REPO, browser_available, chromium_page, jupyter_lab, stripped_copy

pytestmark = pytest.mark.browser

_reason = browser_available()
if _reason:
    pytest.skip(_reason, allow_module_level=True)

STEP_RE = re.compile(r"step (\d+) of (\d+)")


def tutorial_notebook() -> Path:
    """The notebook the test drives: the first one that builds a GameStepper."""
    for name in ("00_start_here.ipynb", "06_controls_tour.ipynb"):
        p = REPO / "notebooks" / name
        if p.is_file() and "GameStepper(" in p.read_text(encoding="utf-8"):
            return p
    pytest.fail("no notebook with a GameStepper in notebooks/ (00_start_here or 06_controls_tour)")


def expected_errors(notebook: Path) -> int:
    """Cells tagged raises-exception show a traceback on purpose."""
    import nbformat

    nb = nbformat.read(notebook, as_version=4)
    return sum(1 for c in nb.cells if "raises-exception" in c.get("metadata", {}).get("tags", []))


def _wait_until(page, predicate, timeout: float, what: str, fail: bool = True):
    """Poll ``predicate`` (page.wait_for_timeout, not time.sleep: Playwright's sync API serves the
    request guard only while it is called)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(200)
    if fail:
        raise AssertionError(f"timed out after {timeout} s waiting for {what}")
    return None


def test_stepper_forward_button_changes_counter_and_board(lab_dir):
    notebook = tutorial_notebook()
    copy = stripped_copy(notebook, lab_dir)
    OUT.mkdir(parents=True, exist_ok=True)
    with jupyter_lab(lab_dir) as url, chromium_page(viewport=(1400, 2100)) as (page, blocked):
        try:
            _drive(page, url, copy.name, notebook)
        except Exception:
            page.screenshot(path=str(OUT / "failure.png"))
            raise
        assert blocked == [], f"requests left the machine: {blocked}"


def _drive(page, url: str, name: str, notebook: Path) -> None:
    page.set_default_timeout(60_000)
    page.goto(f"{url}/lab/tree/{name}?reset")     # ?reset: no tabs restored from before
    page.locator(".jp-StatusBar-Widget", has_text="Idle").first.wait_for()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()

    stepper = page.locator(".ttr-stepper").first
    stepper.wait_for(timeout=120_000)
    counter = stepper.locator(".ttr-step").first
    board = stepper.locator("img").first
    board.wait_for()
    # Run All goes on after the stepper appears: wait until no cell is queued or running.
    _wait_until(page, lambda: page.locator(".jp-InputPrompt", has_text="[*]").count() == 0, 180,
                "every cell to run")
    # JupyterLab 4 renders only the cells near the viewport: bring the stepper into view.
    stepper.scroll_into_view_if_needed()
    text = lambda: counter.text_content() or ""  # noqa: E731
    before_text = _wait_until(page, lambda: STEP_RE.search(text()) and text(), 30,
                              "the step counter to show 'step k of n'")
    m = STEP_RE.search(before_text)
    before_step, last = int(m.group(1)), int(m.group(2))
    assert before_step < last, f"the stepper is already at its end: {before_text!r}"
    before_src = board.get_attribute("src")
    assert before_src, "the board image has no src"

    forward = stepper.get_by_role("button", name="▶", exact=True).first
    forward.click()
    after_text = _wait_until(page, lambda: (t := text()) != before_text and t,
                             30, "the step counter to change")
    assert STEP_RE.search(after_text).group(1) == str(before_step + 1), after_text
    # A step that only draws a card may leave the picture as it was: press ▶ until one changes it.
    src = lambda: board.get_attribute("src")  # noqa: E731
    for k in range(2, 40):
        changed = _wait_until(page, lambda: src() != before_src or None, 3, "", fail=False)
        if changed or before_step + k > last:
            break
        forward.click()
        _wait_until(page, lambda k=k: STEP_RE.search(text()).group(1) == str(before_step + k), 30,
                    f"step {before_step + k}")
    assert src() != before_src, "the board image never changed while stepping forward"

    page.add_style_tag(content=".Toastify { display: none !important; }")   # the "Jupyter news?" toast
    stepper.scroll_into_view_if_needed()
    stepper.screenshot(path=str(OUT / "stepper.png"))
    page.screenshot(path=str(OUT / "lab.png"))
    for css, name in ((".ttr-play", "play_panel"), (".ttr-scoring", "scoring_explorer"),
                      (".ttr-builder", "route_builder")):     # the other controls, to look at
        found = page.locator(css)
        if found.count():
            found.first.scroll_into_view_if_needed()
            page.wait_for_timeout(300)
            found.first.screenshot(path=str(OUT / f"{name}.png"))

    errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
                          ', .jp-RenderedText[data-mime-type="application/vnd.jupyter.error"]')
    shown = [(e.text_content() or "")[:300] for e in errors.all()]
    tracebacks = [t for t in shown if "Traceback" in t or "Error" in t]
    assert len(tracebacks) <= expected_errors(notebook), tracebacks
