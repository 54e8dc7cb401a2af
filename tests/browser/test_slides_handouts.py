"""Slides and handouts in a real browser (issue 34): lesson 04's student slides open offline in
headless Chromium on a projector's 1024 × 768, with every slide fitting its 960 × 700 canvas;
the lesson's handout and the worksheets print to PDF on A4 and on Letter with a sensible number
of pages. Saves what a person would look at in out/browser/: slides_04_title.png,
slides_04_figure.png, handout_04_A4.pdf, handout_04_Letter.pdf, worksheet_*.pdf and
handout_04_print.png (the first printed page as Chromium lays it out for print)."""
from __future__ import annotations

import re

import pytest

from ttr_nb.lessons import write_lessons
from ttr_nb.lessons.handouts import WORKSHEETS

from .conftest import OUT, browser_available, chromium_page

pytestmark = pytest.mark.browser

_reason = browser_available()
if _reason:
    pytest.skip(_reason, allow_module_level=True)

LESSON = "04_euler_trails"
PAGE_SIZES_MM = {"A4": (210, 297), "Letter": (215.9, 279.4)}


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    write_lessons(folder, student=True, slides=True, handouts=True, only=["04"])
    OUT.mkdir(parents=True, exist_ok=True)
    return folder


def test_slides_open_offline_on_a_projector_and_every_slide_fits(made):
    errors: list[str] = []
    with chromium_page(viewport=(1024, 768)) as (page, blocked):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto((made / "slides" / f"{LESSON}.html").as_uri())
        page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=20000)
        total = page.evaluate("Reveal.getTotalSlides()")
        assert total >= 20
        assert "Lesson 04" in page.locator("section.present h1").first.inner_text()
        page.screenshot(path=str(OUT / "slides_04_title.png"))
        # every slide, shown in turn: its content fits the canvas (the page shrinks a picture
        # that would push the text off)
        heights = page.evaluate("""() => Reveal.getSlides().map(s => {
            const ix = Reveal.getIndices(s); Reveal.slide(ix.h, ix.v);
            const c = Reveal.getCurrentSlide(); return [ix.h, ix.v || 0, c.scrollHeight, c.clientHeight]; })""")
        over = [h for h in heights if h[2] > h[3] + 2]
        assert not over, over
        # a slide with a picture of the board: shown large enough to read on the wall
        for h, v, *_ in heights:
            page.evaluate(f"Reveal.slide({h}, {v})")
            box = page.evaluate("""() => { const img = Reveal.getCurrentSlide().querySelector('img');
                if (!img) { return null; } const r = img.getBoundingClientRect();
                return {width: r.width, height: r.height, alt: img.alt}; }""")
            if box:
                assert box["width"] > 450 and box["height"] > 300, box
                assert "Board:" in box["alt"]            # the lesson's text alternative
                page.screenshot(path=str(OUT / "slides_04_figure.png"))
                break
        else:
            pytest.fail("no slide shows a picture")
    assert blocked == [] and errors == []


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_handout_and_worksheets_print_on_a4_and_letter(made, size):
    with chromium_page() as (page, blocked):
        page.goto((made / "handouts" / f"{LESSON}.html").as_uri())
        pdf = page.pdf(format=size, path=str(OUT / f"handout_04_{size}.pdf"))
        pages = pdf_pages(pdf)
        assert 5 <= pages <= 14, pages
        # the ruled lines print (borders, not a background the printer may drop)
        assert page.locator(".answer .line").first.evaluate(
            "e => getComputedStyle(e).borderBottomStyle") == "solid"
        if size == "A4":
            page.emulate_media(media="print")
            width = round(PAGE_SIZES_MM["A4"][0] / 25.4 * 96)
            page.set_viewport_size({"width": width, "height": round(width * 297 / 210)})
            page.screenshot(path=str(OUT / "handout_04_print.png"))
            # a board picture spans the printed width (to draw on it)
            img = page.locator("figure img").first.bounding_box()
            assert img["width"] > 0.8 * (PAGE_SIZES_MM["A4"][0] - 30) / 25.4 * 96
        for name in WORKSHEETS:
            page.goto((made / "handouts" / name).as_uri())
            sheet = page.pdf(format=size, path=str(OUT / name.replace(".html", f"_{size}.pdf")))
            assert pdf_pages(sheet) == 2, name
    assert blocked == []
