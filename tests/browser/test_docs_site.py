"""The documentation site in a real browser: its front page and a lesson page, built with
Sphinx, open in headless Chromium from the files (nothing fetched from the network), show
their pictures, and are saved as screenshots in out/browser/ (docs_front.png, docs_lesson.png)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import OUT, REPO, browser_available, chromium_page

pytestmark = pytest.mark.browser

_reason = browser_available()
if _reason:
    pytest.skip(_reason, allow_module_level=True)
pytest.importorskip("myst_nb")


def test_front_page_and_a_lesson_page_render(tmp_path):
    site = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(REPO / "docs"), str(site)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    OUT.mkdir(parents=True, exist_ok=True)
    with chromium_page(viewport=(1280, 900)) as (page, blocked):
        page.goto((site / "index.html").as_uri())
        assert "Ticket to Ride in Jupyter" in page.locator("h1").first.inner_text()
        board = page.locator("img[alt='The USA board, drawn by ttr_nb']")
        assert board.count() == 1
        assert page.evaluate("img => img.naturalWidth", board.element_handle()) > 500
        page.screenshot(path=str(OUT / "docs_front.png"))
        page.goto((site / "lessons" / "03_scoring.html").as_uri())
        page.wait_for_load_state("load")
        pictures = page.locator("article img")
        assert pictures.count() >= 1
        assert page.evaluate("img => img.naturalWidth", pictures.first.element_handle()) > 300
        assert page.locator("a[href*='RULES.html#']").count() > 0  # rule IDs link to the rules
        page.screenshot(path=str(OUT / "docs_lesson.png"), full_page=False)
    assert not [u for u in blocked if not u.startswith("file:")], blocked
