"""Slides: a lesson as a reveal.js slideshow, made from its built notebook.

:func:`slideshow` sets Jupyter's slideshow metadata (``{"slideshow": {"slide_type": ...}}``)
from the lesson's structure: the header is a title slide, each ``##`` section a slide, each
``###`` exercise a sub-slide, a long text cell is split into sub-slides at paragraph
boundaries, and the cells of a slide that would overflow go on to a new sub-slide. The solution
cells are skipped in the student edition and start their own sub-slide in the teacher edition.
:func:`slides_html` turns such a notebook into one HTML file with reveal.js inside it (the copy
in ``ttr_nb/lessons/reveal/``, MIT licence), so the slides work with no network: only a lesson
with formulas loads MathJax from the network, and offline shows those formulas as TeX.
"""
from __future__ import annotations

import copy
import json
import math
import re
from pathlib import Path

from . import is_solution

REVEAL = Path(__file__).resolve().parent / "reveal"
SLIDE_LINES = 14
"""What one slide holds, in lines of text at the slides' type size (a 960 × 700 canvas)."""
LINE_CHARS = 62
"""Characters in one line of slide text."""
FIGURE_LINES = 11
"""The room a figure takes, in lines (a slide shrinks its figures when they do not fit)."""
LONG_OUTPUT_LINES = 18
"""A code cell that prints more lines than this has its printout set small, in two columns,
on the slides."""
OUTPUT_LINE_CHARS = 80
"""Characters in one line of printed output (a smaller type)."""
IGNORE_OUTPUT_TAG = "nbval-ignore-output"
_PREFIX = "ttr-nb-reveal"
_HEADING = re.compile(r"^(#{1,6})\s")


def _text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _logical_lines(block: str) -> list[str]:
    """The lines of a rendered Markdown block: a heading, each list item and each paragraph
    (source lines joined)."""
    out: list[str] = []
    new = True
    for line in block.split("\n"):
        s = line.strip()
        if not s:
            new = True
            continue
        item = re.match(r"^([-*+]|\d+\.)\s", s) or s.startswith("|")
        if s.startswith("|") and set(s) <= set("|-: "):
            continue   # a table's rule line is not a row
        if new or item or _HEADING.match(s) or _HEADING.match(out[-1]):
            out.append(s)
        else:
            out[-1] += " " + s
        new = False
    return out


def text_lines(text: str) -> float:
    """How many slide lines a Markdown text fills (headings count one and a half)."""
    n = 0.0
    for line in _logical_lines(text):
        if _HEADING.match(line):
            n += 1.5
        elif line.startswith("|"):   # a table row: its cells wrap in their columns
            n += max(1.0, 0.55 * max(math.ceil(len(c.strip()) / 24) for c in line.strip("|").split("|")))
        else:
            n += max(1, math.ceil(len(line) / LINE_CHARS))
    return n


def markdown_blocks(text: str) -> list[str]:
    """``text`` cut at blank lines and before every heading, never inside a fenced code
    block or a ``$$`` formula."""
    blocks: list[list[str]] = [[]]
    fence = False
    for line in text.split("\n"):
        s = line.strip()
        if not fence and (not s or _HEADING.match(s)):
            if blocks[-1]:
                blocks.append([])
            if not s:
                continue
        if s.startswith("```") or s == "$$":
            fence = not fence
        blocks[-1].append(line)
    return ["\n".join(b) for b in blocks if b]


def split_markdown(text: str, budget: float = SLIDE_LINES) -> list[str]:
    """A Markdown text cut into pieces that each fit a slide: a new piece before every
    heading, and at a paragraph boundary when the piece so far would overflow."""
    pieces: list[list[str]] = []
    used = 0.0
    for block in markdown_blocks(text):
        n = text_lines(block)
        if not pieces or _HEADING.match(block.strip()) or used + n > budget:
            pieces.append([block])
            used = n
        else:
            pieces[-1].append(block)
            used += n
    return ["\n\n".join(p) for p in pieces]


def cell_lines(cell: dict) -> float:
    """How many slide lines a cell fills: its text, or its code and outputs."""
    if cell["cell_type"] == "markdown":
        return text_lines(_text(cell))
    n = len(_text(cell).strip().splitlines())
    for out in cell.get("outputs", ()):
        data = out.get("data", {})
        if "image/png" in data or "image/svg+xml" in data:
            n += FIGURE_LINES
        elif out.get("output_type") == "stream" or "text/plain" in data:
            txt = out.get("text") or data.get("text/plain", "")
            txt = "".join(txt) if isinstance(txt, list) else txt
            n += sum(max(1, math.ceil(len(x) / OUTPUT_LINE_CHARS)) for x in txt.splitlines()) * 0.8
    return n


def printout_lines(cell: dict) -> int:
    """The number of lines a code cell prints."""
    n = 0
    for out in cell.get("outputs", ()):
        txt = out.get("text") if out.get("output_type") == "stream" else None
        n += len(_text({"source": txt}).splitlines()) if txt else 0
    return n


def _split_cell(cell: dict, pieces: list[str]) -> list[dict]:
    if len(pieces) == 1:
        return [cell]
    out = []
    for i, piece in enumerate(pieces):
        c = copy.deepcopy(cell)
        c["source"] = piece
        if i and "id" in c:
            c["id"] = f"{cell['id']}-{i}"
        out.append(c)
    return out


def slideshow(nb: dict, student: bool = False, budget: float = SLIDE_LINES) -> dict:
    """A copy of the lesson notebook ``nb`` (with its outputs, the teacher edition) with the
    slideshow metadata set on every cell, and its long text cells split into several cells.

    ``student``: the solution cells are kept but skipped (``"skip"``) so they are never shown.
    The first code cell (the imports, by the lessons' rule) is skipped in both editions.
    """
    out = copy.deepcopy(nb)
    cells: list[dict] = []
    used = 0.0
    first_code = True
    in_solution = False
    for index, cell in enumerate(out["cells"]):
        cell["source"] = _text(cell)
        if cell["cell_type"] == "markdown":
            pieces = _split_cell(cell, split_markdown(_text(cell), budget))
        else:
            pieces = [cell]
        for k, piece in enumerate(pieces):
            text = _text(piece).lstrip()
            n = cell_lines(piece)
            heading = _HEADING.match(text)
            solution = is_solution(piece)
            if solution and student:
                kind = "skip"
            elif piece["cell_type"] == "code" and first_code:
                kind = "skip"
            elif index == 0 and k == 0:
                kind, used = "slide", n
            elif heading and len(heading.group(1)) <= 2:
                kind, used = "slide", n
            elif heading or (solution and not in_solution) or used + n > budget:
                kind, used = "subslide", n
            else:
                kind, used = "-", used + n
            if piece["cell_type"] == "code":
                first_code = False
            if not (solution and student):
                in_solution = solution
            piece.setdefault("metadata", {})["slideshow"] = {"slide_type": kind}
            cells.append(piece)
    out["cells"] = cells
    return out


_TEMPLATE = r"""{%- extends 'reveal/index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{% block jupyter_widgets %}{% endblock jupyter_widgets %}
{%- block html_head_js_mathjax -%}
{%- if resources.ttr_math -%}{{ super() }}{%- endif -%}
{%- endblock html_head_js_mathjax -%}
{% block notebook_css %}
{{ super() }}
<style type="text/css">
.reveal .slides section { height: 700px; overflow-y: auto; }
.reveal section img { max-height: 560px; max-width: 100%; width: auto; display: block; margin: 0 auto; }
:root { --jp-code-font-size: 16px; }
.reveal .jp-OutputArea-output pre { font-size: 16px; line-height: 1.3; white-space: pre-wrap;
                                     word-break: normal; overflow-wrap: break-word; }
.reveal .jp-InputArea pre { font-size: 16px; white-space: pre-wrap; }
.reveal .jp-RenderedMarkdown { font-size: 24px; line-height: 1.35; }
.reveal .jp-RenderedMarkdown h1 { font-size: 52px; margin-top: 60px; }
.reveal .jp-RenderedMarkdown h2 { font-size: 36px; }
.reveal .jp-RenderedMarkdown h3 { font-size: 30px; }
.reveal .jp-InputPrompt, .reveal .jp-OutputPrompt { display: none; }
.reveal .jp-RenderedMarkdown table { font-size: 17px; }
.reveal .slides section h1, .reveal .slides section h2, .reveal .slides section h3 { text-transform: none; }
.reveal .celltag_ttr-long-output .jp-OutputArea-output pre { font-size: 12.5px; column-count: 2; column-gap: 24px; }
</style>
{% endblock notebook_css %}
{% block data_png scoped %}
{%- set alt = output | get_metadata('alt', 'image/png') -%}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
<img src="data:image/png;base64,{{ output.data['image/png'] | escape_html }}"
 alt="{{ (alt or 'a picture drawn by the lesson') | escape_html }}">
</div>
{%- endblock data_png %}
{% block footer_js %}
<script>{{ resources.ttr_reveal_js }}</script>
<script>
Reveal.initialize({controls: true, progress: true, history: true, hash: true,
                   transition: "none", slideNumber: "c/t", width: 960, height: 700});
// a slide whose text and pictures do not fit: its pictures shrink until they do (or 160 px)
function fitSlide(slide) {
  if (!slide) { return; }
  var pictures = Array.prototype.slice.call(slide.querySelectorAll('img'));
  for (var k = 0; k < 4 && pictures.length && slide.scrollHeight > slide.clientHeight + 2; k++) {
    var excess = slide.scrollHeight - slide.clientHeight;
    pictures.forEach(function (img) {
      img.style.maxHeight = Math.max(160, img.clientHeight - excess / pictures.length) + 'px';
    });
  }
}
Reveal.on('ready', function (event) { fitSlide(event.currentSlide); });
Reveal.on('slidechanged', function (event) {
  fitSlide(event.currentSlide);
  if (window.MathJax && MathJax.Hub && MathJax.Hub.Rerender) { MathJax.Hub.Rerender(event.currentSlide); }
});
</script>
{% endblock footer_js %}
"""


def _asset(name: str) -> str:
    text = (REVEAL / name).read_text(encoding="utf-8")
    text = re.sub(r"^\s*//# sourceMappingURL=.*$", "", text, flags=re.M)
    return re.sub(r"^@import url\([^)]*\);\s*$", "", text, flags=re.M)  # web fonts: not offline


def has_math(nb: dict) -> bool:
    """True when a text cell of ``nb`` has a TeX formula (``$...$``)."""
    return any(cell["cell_type"] == "markdown" and re.search(r"\$[^$\s][^$]*\$", _text(cell))
               for cell in nb["cells"])


def slides_html(nb: dict, title: str | None = None) -> str:
    """The slideshow of a notebook with slideshow metadata (:func:`slideshow`), as one HTML
    page that holds reveal.js: open it in a browser, full screen (F), arrow keys to move."""
    import jinja2
    import nbformat
    from nbconvert import SlidesExporter

    exporter = SlidesExporter(extra_loaders=[jinja2.DictLoader({"ttr_slides.html.j2": _TEMPLATE})],
                              template_file="ttr_slides.html.j2", reveal_url_prefix=_PREFIX,
                              reveal_theme="white")
    node = nbformat.reads(json.dumps(nb), as_version=4)  # joins the lines of stored outputs
    for cell in node.cells:   # a long printout is set small, in two columns
        if cell.cell_type == "code" and printout_lines(cell) > LONG_OUTPUT_LINES:
            cell.metadata.setdefault("tags", []).append("ttr-long-output")
    resources = {"ttr_reveal_js": _asset("reveal.js"), "ttr_math": has_math(nb),
                 "metadata": {"name": title or node.metadata.get("title", "Lesson")}}
    html, _ = exporter.from_notebook_node(node, resources=resources)
    styles = {"reveal.css": _asset("reveal.css"), "theme/white.css": _asset("white.css")}
    link = re.compile(r'<link[^>]*href="' + _PREFIX + r'/dist/([^"]+)"[^>]*>')
    found = link.findall(html)
    if sorted(found) != sorted(styles):
        raise RuntimeError(f"this nbconvert's reveal template links {found}: cannot make offline slides")
    return link.sub(lambda m: f'<style type="text/css">\n{styles[m.group(1)]}\n</style>', html)
