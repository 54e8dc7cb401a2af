"""The documentation site builds with no warning, links only to pages and places that exist,
and has a reference entry for every public name (issue 20)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import ttr_nb

REPO = Path(__file__).resolve().parents[1]

pytest.importorskip("sphinx")
pytest.importorskip("myst_nb")


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                          str(REPO / "docs"), str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-4000:]
    return out


def _pages(site: Path) -> dict[Path, _Page]:
    pages = {}
    for f in site.rglob("*.html"):
        if "_modules" in f.parts or "_sources" in f.parts:
            continue
        p = _Page()
        p.feed(f.read_text(encoding="utf-8"))
        pages[f] = p
    return pages


def test_the_site_has_its_pages(site):
    for page in ("index", "getting-started", "RULES", "ENGINE", "maps", "benchmarks", "api/index",
                 "lessons/index", "lessons/00_start_here", "lessons/03_scoring"):
        assert (site / f"{page}.html").is_file(), page
    books = sorted(p.stem for p in (REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert all((site / "lessons" / f"{b}.html").is_file() for b in books)


def test_every_internal_link_reaches_a_page_and_a_place_on_it(site):
    pages = _pages(site)
    broken = []
    for f, page in pages.items():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//") or href.startswith("mailto:"):
                continue
            target = (f.parent / unquote(parts.path)).resolve() if parts.path else f
            if not target.exists():
                broken.append(f"{f.relative_to(site)} -> {href}")
                continue
            if parts.fragment and target.suffix == ".html" and target in pages:
                if unquote(parts.fragment) not in pages[target].ids:
                    broken.append(f"{f.relative_to(site)} -> {href} (no such place)")
    assert not broken, broken[:20]


def test_every_public_name_has_a_reference_entry(site):
    ids = set().union(*(p.ids for f, p in _pages(site).items() if "api" in f.parts))
    missing = []
    for name, module in ttr_nb._EXPORTS.items():
        mod = f"ttr_nb.{module}"
        want = f"module-{mod}" if module == name else f"{mod}.{name}"
        if want not in ids:
            missing.append(want)
    assert not missing, missing


def test_a_rule_link_in_a_lesson_lands_on_the_rule(site):
    html = (site / "lessons" / "03_scoring.html").read_text(encoding="utf-8")
    assert re.search(r'href="\.\./RULES\.html#b-', html, re.I), "no link to a rule"


def test_a_control_in_a_lesson_is_its_picture_not_an_empty_gap(site):
    """Issue 35: the lessons are stored without widget state, so the site shows each displayed
    control live where it needs no kernel (a GameStepper or a BoardWidget: its page fragment,
    ``data-ttr-static``) and otherwise as the picture of its board (its ``image/png``) with a
    caption, never the widget view that renders as nothing."""
    view = "application/vnd.jupyter.widget-view+json"
    counted = 0
    for nb in sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        controls = [o for c in cells for o in c.get("outputs", []) if view in o.get("data", {})]
        html = (site / "lessons" / f"{nb.stem}.html").read_text(encoding="utf-8")
        assert view not in html, f"{nb.stem}: a widget view left on the page (an empty gap)"
        figures = re.findall(r'<figure class="ttr-control[^"]*"[^>]*>\s*<img alt="([^"]*)"[^>]*src="([^"]+)"', html)
        live = re.findall(r'<div class="ttr-static ttr-static-(\w+)" data-ttr-static="\1"', html)
        assert len(figures) + len(live) == len(controls), (nb.stem, len(controls), figures, live)
        for alt, src in figures:
            assert (site / "lessons" / unquote(src)).resolve().is_file(), (nb.stem, src)
        counted += len(controls)
    assert counted >= 5  # 00 shows a GameStepper, 06 the four controls
