"""Europe's train stations in a real browser (issue 37, EU-4), headless Debian Chromium.

- JupyterLab on 127.0.0.1: a Europe PlayPanel; a click on Wien opens its box with the legal
  station payments, pressing one builds the station, and the SVG board draws the house in
  Ana's colour with her mark; hovering Wien says "Ana's train station"; the panel is
  screenshotted (out/browser/europe_station_offer.png: the box with the payments;
  europe_station_panel.png and europe_station_board.png: after the station is built).
- A GameStepper's page replay with no kernel (ttr_nb.widgets.static_html, opened as a file):
  at the step a station is built the house appears, and at the last step the route it borrows
  is framed (out/browser/europe_stepper_static.png).

Skips when playwright or /usr/bin/chromium is missing.
"""
from __future__ import annotations

import pytest

from .conftest import OUT, browser_available, chromium_page, jupyter_lab

pytestmark = pytest.mark.browser

_reason = browser_available()
if _reason:
    pytest.skip(_reason, allow_module_level=True)

from .conftest import REPO  # noqa: E402
from .test_board_widget import Board, _wait_until  # noqa: E402


def _helper(name: str):
    """A function of tests/test_widgets_europe.py (the tests folder is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_ttr_widgets_europe", REPO / "tests" / "test_widgets_europe.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, name)

PANEL = '''\
import ttr_nb
from ttr_nb.widgets import PlayPanel
panel = PlayPanel(ttr_nb.new_game("europe", ["Ana", "Ben"], seed=3), seed=1, width_px=1000)
for box in panel.ticket_boxes:
    box.value = True
panel.keep_button.click()
panel'''


def _notebook(dest):
    import json

    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(PANEL)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / "europe_stations.ipynb"
    nbformat.write(nb, path)
    settings = dest.parent / "jupyter-home" / "jupyter_config_dir" / "lab" / "user-settings" / "@jupyterlab"
    (settings / "apputils-extension").mkdir(parents=True, exist_ok=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    return path


def test_EU_4_click_a_city_and_build_a_station_in_jupyterlab(lab_dir):
    import ttr_nb
    from ttr_nb.rules.stations import BuildStation
    from ttr_nb.widgets import PlayPanel

    p = PlayPanel(ttr_nb.new_game("europe", ["Ana", "Ben"], seed=3), seed=1)   # the notebook's panel, here
    for box in p.ticket_boxes:
        box.value = True
    p.keep_button.click()
    first = next(a for a in p.game.legal_actions() if isinstance(a, BuildStation) and a.city == "Wien")
    nb = _notebook(lab_dir)
    OUT.mkdir(parents=True, exist_ok=True)
    with jupyter_lab(lab_dir) as url, chromium_page(viewport=(1400, 1500)) as (page, blocked):
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.set_default_timeout(30_000)
            page.goto(f"{url}/lab/tree/{nb.name}?reset")
            page.locator(".jp-StatusBar-Widget", has_text="Idle").first.wait_for(timeout=60_000)
            page.add_style_tag(content=".Toastify { display: none !important; }")
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            page.locator(".ttr-play .ttr-bw-svg").first.wait_for(timeout=120_000)
            play = Board(page, ".ttr-play")
            play.control.scroll_into_view_if_needed()
            house = play.root.locator('.ttr-bw-station[data-city="Wien"]')
            assert house.count() == 0
            play.click("city:Wien")
            buttons = play.card.locator(".ttr-bw-button", has_text="Build a station")
            assert buttons.count() >= 1, play.card_text()
            assert "station 1 of 3 costs 1 card" in play.card_text()
            assert buttons.first.text_content() == f"Build a station: pay {first.pay_text()}"
            play.root.locator(".ttr-bw-stage").screenshot(path=str(OUT / "europe_station_offer.png"))
            play.press("Build a station")
            house.first.wait_for(timeout=10_000)                           # the house on the board
            assert house.first.get_attribute("data-player") == "0"
            assert house.locator("text").first.text_content() == "A"       # Ana's mark
            _wait_until(page, lambda: "builds a train station in Wien" in (play.control.text_content() or ""),
                        10, "the log to say Ana built the station")
            target = play.root.locator('.ttr-bw-target[data-key="city:Wien"]')
            assert "Ana's train station" in (target.get_attribute("aria-label") or "")
            play.close_card()
            play.hover("city:Wien")
            _wait_until(page, lambda: "Ana's train station" in (play.tip.text_content() or ""), 10,
                        "the hover text of a city with a station")
            legend = play.root.locator(".ttr-bw-legend").text_content() or ""
            assert "train station" in legend
            page.mouse.move(5, 5)
            play.control.screenshot(path=str(OUT / "europe_station_panel.png"))
            play.root.locator(".ttr-bw-stage").screenshot(path=str(OUT / "europe_station_board.png"))
            # the same city again: the rules' reason, no payment
            play.click("city:Wien")
            reason = play.card.locator(".ttr-bw-card-reason").text_content() or ""
            assert "only one station per city" in reason and play.card.locator(".ttr-bw-button").count() == 0
        except Exception:
            page.screenshot(path=str(OUT / "europe_station_failure.png"))
            raise
        assert blocked == [], f"requests left the machine: {blocked}"
        assert not [e for e in errors if "board" in e.lower() or "ttr" in e.lower()], errors


def test_EU_4_stepper_page_replay_draws_the_stations(tmp_path):
    from ttr_nb.rules.stations import BuildStation
    from ttr_nb.widgets import GameStepper
    from ttr_nb.widgets.static_html import stepper_html

    station_game = _helper("station_game")

    g = station_game(0)
    k = next(i for i, a in enumerate(g.history, 1) if isinstance(a, BuildStation))
    city = g.history[k - 1].city
    lent = {l.cities[0]: l.routes[0] for l in g.score().lines[0] if l.kind == "station" and l.routes}
    page_file = tmp_path / "stepper.html"
    page_file.write_text("<!doctype html><meta charset='utf-8'><body>" + stepper_html(GameStepper(g, chart=False))
                         + "</body>", encoding="utf-8")
    OUT.mkdir(parents=True, exist_ok=True)
    with chromium_page(viewport=(1200, 1200)) as (page, blocked):
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri())
        root = page.locator("[data-ttr-static=stepper]")
        root.locator(".ttr-bw-svg").wait_for(timeout=10_000)
        slider = root.locator("input[type=range]")
        house = root.locator(f'.ttr-bw-station[data-city="{city}"]')

        def go(step: int) -> None:
            slider.evaluate("(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }", step)
            _wait_until(page, lambda: root.get_attribute("data-step") == str(step), 5, f"step {step}")

        go(k - 1)
        assert house.count() == 0
        go(k)
        assert house.count() == 1 and house.get_attribute("data-player") == "0"
        root.locator("button[data-go=last]").click()
        (c, rid), = lent.items()
        framed = root.locator(f'.ttr-bw-borrowed[data-city="{c}"][data-route="{rid}"]')
        framed.first.wait_for(timeout=5000)
        root.screenshot(path=str(OUT / "europe_stepper_static.png"))
        assert blocked == [] and errors == [], (blocked, errors)
