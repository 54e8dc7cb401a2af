"""The clickable SVG board in a real browser: JupyterLab on 127.0.0.1, headless Debian Chromium.

Writes a small notebook (a PlayPanel at Ana's turn, a GameStepper, a RouteBuilder and a
ScoringExplorer with the board attached), runs it, then hovers and clicks routes and cities
on each control's SVG board: claims a route in the PlayPanel by pressing a payment beside it
(the log says so and the board draws the cars), reads a refusal, jumps the stepper to the
step a route was claimed, pauses it, builds a network, draws a ticket's gap in the explorer,
and works a route with the keyboard. It measures each click's round trip (click → Python →
board repainted, timed in the page by the widget) and prints the median (not asserted).
Screenshots go to out/browser/board_*.png. Skips when playwright or /usr/bin/chromium is missing.
"""
from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

import pytest

from .conftest import OUT, browser_available, chromium_page, jupyter_lab

pytestmark = pytest.mark.browser

_reason = browser_available()
if _reason:
    pytest.skip(_reason, allow_module_level=True)

SETUP = '''\
import ttr_nb
from ttr_nb.actions import ClaimRoute
from ttr_nb.widgets import GameStepper, PlayPanel, RouteBuilder, ScoringExplorer, attach_to_explorer
game = ttr_nb.play_game("usa", players=3, seed=2026, agents="greedy")
'''
PANEL = '''\
panel = PlayPanel(ttr_nb.new_game("usa", players=2, seed=8), seed=2)
for box in panel.ticket_boxes:
    box.value = True
panel.keep_button.click()
panel'''
CELLS = [SETUP, PANEL, "stepper = GameStepper(game, chart=False)\nstepper",
         "builder = RouteBuilder('usa')\nbuilder",
         "explorer = ScoringExplorer(game)\n_ = attach_to_explorer(explorer)\nexplorer"]


def _facts():
    """What the notebook's controls will hold (the same seeds, in this process)."""
    import ttr_nb
    from ttr_nb.actions import ClaimRoute
    from ttr_nb.widgets import PlayPanel

    p = PlayPanel(ttr_nb.new_game("usa", players=2, seed=8), seed=2)
    for box in p.ticket_boxes:
        box.value = True
    p.keep_button.click()
    g = p.game
    legal = sorted({a.route for a in g.legal_actions() if isinstance(a, ClaimRoute)})
    hopeless = next(r.id for r in g.board.routes if r.length == 6 and r.id not in legal)
    game = ttr_nb.play_game("usa", players=3, seed=2026, agents="greedy")
    sheet = game.score()
    failed = next((i, r) for i in range(game.n) for r in sheet.ticket_results[i] if not r.done and r.routes)
    steps = [(k, a.route) for k, a in enumerate(game.history, 1) if isinstance(a, ClaimRoute)]
    board = g.board
    return {"claimable": legal, "hopeless": hopeless, "open": [r.id for r in board.routes if r.id not in legal][:12],
            "claim_step": steps[len(steps) // 2], "n_steps": len(game.history),
            "failed": (failed[0], failed[1].ticket.id, failed[1].ticket.a, sorted(failed[1].routes)),
            "explorer_route": next(r for r, s in game.route_owners.items() if s == 0),
            "builder": [board.route_id(x) for x in ("Helena–Duluth", "Duluth–Toronto", "Seattle–Helena")]}


def _notebook(dest: Path) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / "board_widget.ipynb"
    nbformat.write(nb, path)
    # every cell in the page (no windowing), so each control's board is in the DOM
    settings = dest.parent / "jupyter-home" / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab"
    (settings / "notebook-extension").mkdir(parents=True, exist_ok=True)
    (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}), encoding="utf-8")
    (settings / "apputils-extension").mkdir(parents=True, exist_ok=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    return path


def _wait_until(page, predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(50)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class Board:
    """One control's SVG board in the page."""

    def __init__(self, page, css: str):
        self.page = page
        self.control = page.locator(css).first
        self.root = self.control.locator(".ttr-bw").first
        self.card = self.root.locator(".ttr-bw-card")
        self.tip = self.root.locator(".ttr-bw-tip")

    def answered(self) -> str:
        return self.root.get_attribute("data-answered") or ""

    def _point(self, key: str):
        """A point inside the target (the middle car space, or the city dot)."""
        target = self.root.locator(f'.ttr-bw-target[data-key="{key}"]')
        hits = target.locator(".ttr-bw-hit")
        hit = hits.nth(hits.count() // 2)
        hit.scroll_into_view_if_needed()
        box = hit.bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def hover(self, key: str) -> None:
        x, y = self._point(key)
        self.page.mouse.move(x, y)

    def _on_top(self, key: str, x: float, y: float) -> bool:
        return self.page.evaluate(
            "([x, y, key]) => { const e = document.elementFromPoint(x, y);"
            " const t = e && e.closest('.ttr-bw-target'); return !!t && t.dataset.key === key; }", [x, y, key])

    def close_card(self) -> None:
        before = self.answered()
        self.card.locator(".ttr-bw-close").click()
        _wait_until(self.page, lambda: self.answered() != before, 20, "Python's answer to closing the box")

    def click(self, key: str, wait: bool = True) -> None:
        """Click the target (closing the box first if it covers it) and wait until Python has
        answered and the board repainted."""
        x, y = self._point(key)
        if not self._on_top(key, x, y) and self.card.is_visible():
            self.close_card()
            x, y = self._point(key)
        before = self.answered()
        self.page.mouse.click(x, y)
        if wait:
            _wait_until(self.page, lambda: self.answered() != before, 20, f"Python's answer to a click on {key}")

    def press(self, label_start: str) -> None:
        before = self.answered()
        self.card.locator(".ttr-bw-button", has_text=label_start).first.click()
        _wait_until(self.page, lambda: self.answered() != before, 20, f"Python's answer to {label_start!r}")

    def card_text(self) -> str:
        return self.card.text_content() or ""

    def rtts(self) -> list[float]:
        return self.root.evaluate("el => el.ttrRtts || []")


def test_board_widget_in_every_control(lab_dir):
    facts = _facts()
    nb = _notebook(lab_dir)
    OUT.mkdir(parents=True, exist_ok=True)
    with jupyter_lab(lab_dir) as url, chromium_page(viewport=(1400, 1300)) as (page, blocked):
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            rtts = _drive(page, url, nb.name, facts)
        except Exception:
            page.screenshot(path=str(OUT / "board_failure.png"))
            raise
        assert blocked == [], f"requests left the machine: {blocked}"
        assert not [e for e in errors if "board" in e.lower() or "ttr" in e.lower()], errors
    med = {k: statistics.median(v) for k, v in rtts.items() if v}
    every = [x for v in rtts.values() for x in v]
    print(f"\nclick round trip (click -> Python -> board repainted), median of {len(every)} clicks: "
          f"{statistics.median(every):.1f} ms; by control: "
          + ", ".join(f"{k} {m:.1f} ms ({len(rtts[k])})" for k, m in med.items()))


def _drive(page, url: str, name: str, facts: dict) -> dict[str, list[float]]:
    page.set_default_timeout(30_000)
    page.goto(f"{url}/lab/tree/{name}?reset")
    page.locator(".jp-StatusBar-Widget", has_text="Idle").first.wait_for(timeout=60_000)
    page.add_style_tag(content=".Toastify { display: none !important; }")
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.locator(".ttr-scoring .ttr-bw-svg").first.wait_for(timeout=120_000)
    _wait_until(page, lambda: page.locator(".jp-InputPrompt", has_text="[*]").count() == 0, 120, "every cell to run")

    # -- PlayPanel: hover, refuse, claim by clicking a payment -----------------------------
    play = Board(page, ".ttr-play")
    rid = facts["claimable"][0]
    play.control.scroll_into_view_if_needed()      # first: a screenshot that scrolls moves the mouse off
    play.hover(f"route:{rid}")
    _wait_until(page, lambda: "may claim it" in (play.tip.text_content() or ""), 10, "the hover text from Python")
    page.screenshot(path=str(OUT / "board_play_hover.png"))
    play.click(f"route:{facts['hopeless']}")
    assert play.card.is_visible()
    reason = play.card.locator(".ttr-bw-card-reason").text_content() or ""
    assert reason and play.card.locator(".ttr-bw-button").count() == 0, play.card_text()
    play.control.screenshot(path=str(OUT / "board_play_refused.png"))
    play.click(f"route:{rid}")
    assert play.card.locator(".ttr-bw-button", has_text="Pay").count() >= 1, play.card_text()
    play.control.screenshot(path=str(OUT / "board_play_payments.png"))
    claimed = play.root.locator(f'.ttr-bw-claim[data-route="{rid}"]')
    assert claimed.count() == 0
    play.press("Pay")
    claimed.first.wait_for(timeout=10_000)                                  # the board shows the cars
    assert claimed.first.get_attribute("data-player") == "0"
    _wait_until(page, lambda: "Ana claims" in (play.control.text_content() or ""), 10,
                "the log to say Ana claimed the route")                  # the game changed
    assert "claims" in play.card_text()
    play.control.screenshot(path=str(OUT / "board_play_claimed.png"))
    play.click("city:Denver")
    assert "Ana's tickets from Denver" in play.card_text()
    # the round trip, on routes that only open the box
    for r in facts["open"]:
        play.click(f"route:{r}")
    # the keyboard: focus a route, Enter opens its box and focuses its first button
    target = play.root.locator(f'.ttr-bw-target[data-key="route:{facts["claimable"][1]}"]')
    target.focus()
    before = play.answered()
    page.keyboard.press("Enter")
    _wait_until(page, lambda: play.answered() != before, 10, "the answer to Enter")
    _wait_until(page, lambda: page.evaluate("document.activeElement && document.activeElement.className") in
                ("ttr-bw-button", "ttr-bw-close"), 5, "focus in the box")
    assert target.get_attribute("aria-label").startswith("Route ")
    page.keyboard.press("Escape")
    _wait_until(page, lambda: not play.card.is_visible(), 5, "Esc to close the box")

    # -- GameStepper: when was it claimed, jump there, pause keeps the step ----------------------
    step = Board(page, ".ttr-stepper")
    k, route = facts["claim_step"]
    step.hover(f"route:{route}")
    _wait_until(page, lambda: "Claimed by" in (step.tip.text_content() or ""), 10, "the stepper's hover text")
    step.click(f"route:{route}")
    assert f"step {k}" in step.card_text(), step.card_text()
    step.press(f"Go to step {k}")
    counter = step.control.locator(".ttr-step").first
    _wait_until(page, lambda: f"step {k} of" in (counter.text_content() or ""), 10, f"the stepper at step {k}")
    step.root.locator(f'.ttr-bw-framed[data-route="{route}"]').first.wait_for(timeout=5000)   # the last claim
    step.control.screenshot(path=str(OUT / "board_stepper.png"))
    step.control.get_by_role("button", name="▶ Play").click()
    _wait_until(page, lambda: f"step {k} of" not in (counter.text_content() or ""), 10, "Play to move on")
    step.control.get_by_role("button", name="⏸ Pause").click()
    page.wait_for_timeout(400)
    paused = counter.text_content()
    page.wait_for_timeout(1500)
    assert counter.text_content() == paused and "step 0 of" not in paused, paused   # Pause keeps the step
    step.control.get_by_role("button", name="|◀", exact=True).click()
    _wait_until(page, lambda: "step 0 of" in (counter.text_content() or ""), 10, "back to the start")
    step.click("city:Denver")

    # -- RouteBuilder: click to build -------------------------------------------------------------
    build = Board(page, ".ttr-builder")
    a, b, c = facts["builder"]
    for r in (a, b, c):
        build.click(f"route:{r}")
    for r in (a, b, c):
        assert build.root.locator(f'.ttr-bw-claim[data-route="{r}"]').count() == 1
    result = build.control.locator(".ttr-builder-result").first
    assert "18 cars" in (result.text_content() or ""), result.text_content()
    build.control.screenshot(path=str(OUT / "board_builder.png"))
    build.click(f"route:{c}")                                   # again: taken out
    assert build.root.locator(f'.ttr-bw-claim[data-route="{c}"]').count() == 0
    _wait_until(page, lambda: "12 cars" in (result.text_content() or ""), 5, "the totals to follow")
    for r in (c, c, a, a, b, b, c, c):
        build.click(f"route:{r}")

    # -- ScoringExplorer: a score line, a ticket's gap ------------------------------------------
    expl = Board(page, ".ttr-scoring")
    expl.click(f"route:{facts['explorer_route']}")
    assert "score line" in expl.card_text(), expl.card_text()
    player, tid, city, gap = facts["failed"]
    if player != 0:
        expl.click(f"route:{next(iter(gap))}")              # any click; then choose the player by name
        expl.control.locator("select").first.select_option(index=player)
        page.wait_for_timeout(300)
    expl.click(f"city:{city}")
    expl.press("✗")
    _wait_until(page, lambda: expl.root.locator(".ttr-bw-bands polyline").count() > 0, 10, "the gap band")
    expl.control.screenshot(path=str(OUT / "board_explorer_gap.png"))
    # the hindsight: the best score the player could have had, worked out and drawn on the board
    expl.control.locator("button", has_text="best possible score").first.click()
    _wait_until(page, lambda: "With the tickets" in (expl.control.text_content() or ""), 90,
                "the explorer's best possible score")
    text = expl.control.text_content() or ""
    assert "proven best" in text or "at least" in text, text[:400]
    expl.control.screenshot(path=str(OUT / "board_explorer_hindsight.png"))
    page.screenshot(path=str(OUT / "board_lab.png"))
    return {"PlayPanel": play.rtts(), "GameStepper": step.rtts(), "RouteBuilder": build.rtts(),
            "ScoringExplorer": expl.rtts()}
