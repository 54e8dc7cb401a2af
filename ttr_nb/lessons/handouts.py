"""Handouts: a lesson as a page to print on A4 or Letter, and unplugged worksheets.

:func:`handout_html` makes one self-contained HTML page (pictures inside it) from a lesson's
teacher notebook. On paper a student needs the text, what the cells print and draw, and room
to answer, not the code: so the code is left out, each exercise gets a box of ruled lines, the
pictures are as wide as the page, each ``##`` section starts a new page, and the student
edition leaves out the worked solutions (the teacher's copy prints them in a box). The
worksheets (:func:`worksheets`) are unplugged activities on a player's network: count the
degrees by hand, and draw a trail on the board.
"""
from __future__ import annotations

import base64
import html
import io
import re
from typing import Any, Iterable

from . import IGNORE_OUTPUT_TAG, is_solution

LONG_ANSWER = re.compile(r"\b(prove|proof|why|explain|reason|be ready|design|describe)\b", re.I)
"""Words in a question that ask for reasoning, not only a value: such a question gets more lines."""
SHORT_LINES, LONG_LINES = 4, 9
CHECK_CALL = "exercises.check("

CSS = """
@page { margin: 15mm 15mm 17mm 15mm;
        @bottom-right { content: counter(page) " / " counter(pages); font: 9pt sans-serif; } }
body { font: 11pt/1.45 "DejaVu Serif", Georgia, serif; color: #000; background: #fff;
       max-width: 180mm; margin: 0 auto; }
@media screen { body { margin: 2em auto; padding: 0 1em; } }
h1 { font: bold 20pt/1.2 "DejaVu Sans", Arial, sans-serif; margin: 0 0 3mm; }
h2 { font: bold 15pt/1.2 "DejaVu Sans", Arial, sans-serif; border-bottom: 1pt solid #000;
     padding-bottom: 1mm; margin: 7mm 0 3mm; break-after: avoid; }
.newpage { break-before: page; }
.newpage > h2:first-child { margin-top: 0; }
.anchor-link { display: none; }
.exercise { break-inside: avoid; }
.exercise figure img { max-height: 140mm; }   /* question, picture and answer box: one page */
h3 { font: bold 12pt/1.25 "DejaVu Sans", Arial, sans-serif; margin: 5mm 0 1mm; break-after: avoid; }
p, li { orphans: 3; widows: 3; }
a { color: inherit; text-decoration: none; }
code { font: 9.5pt "DejaVu Sans Mono", monospace; }
.namebar { display: flex; gap: 6mm; margin: 0 0 5mm; font: 10pt "DejaVu Sans", sans-serif; }
.namebar span { flex: 1; border-bottom: 0.6pt solid #000; padding-top: 5mm; }
.namebar span.short { flex: 0.45; }
figure { margin: 3mm 0 4mm; break-inside: avoid; text-align: center; }
figure img { width: 100%; max-height: 235mm; object-fit: contain; }
figure figcaption { font: 9pt "DejaVu Sans", sans-serif; text-align: center; color: #222; }
pre.output { font: 8.5pt/1.3 "DejaVu Sans Mono", monospace; white-space: pre-wrap;
             overflow-wrap: break-word; border-left: 2pt solid #777; padding: 0.5mm 0 0.5mm 3mm;
             margin: 2mm 0 3mm; break-inside: avoid; }
.answer { border: 0.8pt solid #000; padding: 1mm 4mm 3mm; margin: 2mm 0 6mm; break-inside: avoid; }
.answer .label { font: bold 9pt "DejaVu Sans", sans-serif; }
.answer .line { height: 9mm; border-bottom: 0.6pt solid #888; }
.solution { border: 1pt dashed #000; padding: 1mm 4mm; margin: 2mm 0 5mm; background: #f4f4f4;
            break-inside: avoid; }
.solution::before { content: "Teacher's copy: the worked solution"; font: bold 9pt "DejaVu Sans", sans-serif; }
.note { font: italic 9.5pt "DejaVu Sans", sans-serif; color: #333; }
table.fill { border-collapse: collapse; width: 100%; margin: 3mm 0; font: 11pt "DejaVu Sans", sans-serif; }
table.fill th, table.fill td { border: 0.8pt solid #000; padding: 2mm 3mm; text-align: left; }
table.fill td { height: 7mm; }
table.fill td.key { color: #444; font-style: italic; }
.worksheet figure img { max-height: 105mm; }
.worksheet table.fill { break-inside: avoid; }
.worksheet table.fill td { height: 5.5mm; padding: 1mm 3mm; }
.break { break-before: page; }
"""


def _text(x: Any) -> str:
    return "".join(x) if isinstance(x, list) else (x or "")


def markdown_html(text: str) -> str:
    """Markdown (with TeX formulas left as written) as HTML."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    return markdown2html_mistune(text)


def _figure(png_b64: str, alt: str, caption: str = "") -> str:
    alt = alt if alt and not alt.startswith("<") else "a picture of the board"
    cap = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return (f'<figure><img src="data:image/png;base64,{png_b64.strip()}" alt="{html.escape(alt)}">'
            f"{cap}</figure>")


def outputs_html(cell: dict) -> str:
    """What a code cell shows, for paper: its pictures, and what it prints (not a checker's
    'not answered yet', not a control's text)."""
    parts = []
    check = CHECK_CALL in _text(cell.get("source"))
    control = IGNORE_OUTPUT_TAG in cell.get("metadata", {}).get("tags", [])
    for out in cell.get("outputs", ()):
        data = out.get("data", {})
        if "image/png" in data:
            alt = ((out.get("metadata") or {}).get("image/png") or {}).get("alt")
            parts.append(_figure(_text(data["image/png"]), alt or _text(data.get("text/plain")).strip()))
        elif out.get("output_type") == "stream" and out.get("name") == "stdout":
            parts.append(f'<pre class="output">{html.escape(_text(out["text"]).rstrip())}</pre>')
        elif "text/plain" in data and not check and not control:
            parts.append(f'<pre class="output">{html.escape(_text(data["text/plain"]).rstrip())}</pre>')
    if control:
        parts.insert(0, '<p class="note">In the notebook this cell shows a control to try.</p>')
    return "\n".join(parts)


def answer_box(question: str, lines: int | None = None) -> str:
    """A box of ruled lines to answer in: ``lines``, or more lines when the question asks for
    reasoning."""
    n = lines or (LONG_LINES if LONG_ANSWER.search(question) else SHORT_LINES)
    return ('<div class="answer"><div class="label">Your answer</div>'
            + '<div class="line"></div>' * n + "</div>")


def _namebar() -> str:
    return ('<div class="namebar"><span>Name</span><span class="short">Class</span>'
            '<span class="short">Date</span></div>')


def page(title: str, body: str, footer: str | None = None) -> str:
    """A complete HTML page with the print style sheet."""
    foot = (footer if footer is not None else title).replace("\\", "").replace('"', "'")
    foot_css = f'@page {{ @bottom-left {{ content: "{foot}"; font: 9pt sans-serif; }} }}'
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n<style>\n{CSS}\n{foot_css}\n"
            f"</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")


def lesson_title(nb: dict) -> str:
    """The lesson's title: the first line ``# ...`` of its header cell."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            m = re.search(r"^#\s+(.+)$", _text(cell["source"]), re.M)
            if m:
                return m.group(1).strip()
    return "Lesson"


NEW_PAGE = re.compile(r"^##\s+(Exercises|Extension\b|Summary)", re.M)
"""The ``##`` sections that start a new page: the summary (a page to keep), the exercises
(a page to hand out) and each extension (pages to leave out)."""


def _blocks(text: str) -> list[str]:
    """A Markdown text cut before each ``##`` or ``###`` heading that is not its first line."""
    return [b for b in re.split(r"\n(?=###?\s)", text) if b.strip()]


def handout_html(nb: dict, student: bool = True) -> str:
    """The lesson notebook ``nb`` (the teacher edition, with its outputs) as a page to print.

    ``student``: without the worked solutions, with a box of ruled lines after each exercise;
    otherwise (the teacher's copy) each worked solution is printed in a dashed box instead.
    Each ``##`` section flows on from the last, but the summary, the exercises and each
    extension start a new page; an exercise's question and its answer box stay on one page.
    """
    title = lesson_title(nb)
    parts: list[str] = []
    exercise: list[str] | None = None   # the parts of an open exercise (question to answer box)
    question = ""
    first_code = True

    def emit(piece: str) -> None:
        (exercise if exercise is not None else parts).append(piece)

    for i, cell in enumerate(nb["cells"]):
        source = _text(cell.get("source"))
        solution = is_solution(cell)
        if solution and student:
            continue
        if cell["cell_type"] == "markdown":
            if solution:
                emit(f'<div class="solution">{markdown_html(source)}</div>')
                continue
            for block in _blocks(source):
                body = markdown_html(block)
                if i == 0:
                    body = body.replace("</h1>", "</h1>\n" + _namebar(), 1)
                if exercise is not None and re.match(r"###?\s", block):
                    parts.append('<div class="exercise">' + "\n".join(exercise) + "</div>")
                    exercise = None
                if NEW_PAGE.match(block):
                    body = f'<div class="newpage">{body}</div>'
                if re.match(r"###\s", block):
                    exercise, question = [], block
                emit(body)
            continue
        if first_code:
            first_code = False
            continue
        shown = outputs_html(cell)
        if solution:
            if shown:
                emit(f'<div class="solution">{shown}</div>')
            continue
        if shown:
            emit(shown)
        if CHECK_CALL in source:
            if student:   # the teacher's copy has the worked solution instead
                emit(answer_box(question))
            if exercise is not None:
                parts.append('<div class="exercise">' + "\n".join(exercise) + "</div>")
                exercise = None
    if exercise is not None:
        parts.append('<div class="exercise">' + "\n".join(exercise) + "</div>")
    return page(title, "\n".join(parts))


# --- unplugged worksheets -------------------------------------------------------------------

DEGREE_NETWORK = ("Dee", ["New York–Boston", "Boston–Montréal", "Montréal–New York",
                          "New York–Pittsburgh", "Pittsburgh–Toronto", "Toronto–Montréal",
                          "Pittsburgh–Washington", "Washington–New York", "Pittsburgh–Chicago",
                          "Chicago–Toronto", "Washington–Raleigh", "Chicago–Duluth"])
"""The network of the degree worksheet: a player's routes in the north-east of the USA board."""
TRAIL_NETWORK = ("Eli", ["Seattle–Helena", "Helena–Salt Lake City", "Salt Lake City–Denver",
                         "Denver–Helena", "Helena–Duluth", "Duluth–Omaha", "Omaha–Denver",
                         "Denver–Kansas City", "Kansas City–Omaha", "Denver–Santa Fe",
                         "Salt Lake City–Portland"])
"""The network of the trail worksheet: a player's routes around Denver and Helena."""


_PICTURES: dict[tuple, tuple[Any, bytes]] = {}


def network_png(board: Any, routes: Iterable[Any], name: str, title: str,
                crop: bool = True, dpi: int = 200) -> bytes:
    """A picture of one player's network on ``board`` (the other routes faded), cut to the
    network's corner of the board when ``crop``; PNG bytes (kept for the next call)."""
    routes = tuple(routes)
    key = (id(board), routes, name, title, crop, dpi)
    if key not in _PICTURES or _PICTURES[key][0] is not board:   # the board kept: id stays its own
        _PICTURES[key] = (board, _network_png(board, routes, name, title, crop, dpi))
    return _PICTURES[key][1]


def _network_png(board: Any, routes: tuple, name: str, title: str, crop: bool, dpi: int) -> bytes:
    import matplotlib.pyplot as plt
    from PIL import Image

    from ..draw import draw_board

    ids = board.route_ids(list(routes))
    ax = draw_board(board, claims={r: 0 for r in ids}, player_names=[name],
                    title=title if not crop else "", dim_unclaimed=True, legend=False)
    fig = ax.figure
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    if crop:
        cities = {c for r in ids for c in board.route(r).cities}
        xs = [board.cities[c].x for c in cities]
        ys = [board.cities[c].y for c in cities]
        m = 0.09
        left, right = max(min(xs) - m, -0.01), min(max(xs) + m, 1.01)     # within the board
        top, bottom = max(min(ys) - m, -0.01), min(max(ys) + m, board.height + 0.01)
        (x0, y0), (x1, y1) = ax.transData.transform([(left, bottom), (right, top)])
        scale = dpi / fig.dpi   # display pixels -> saved pixels
        image = Image.open(buf)
        height = image.height
        box = [int(x0 * scale), int(height - y1 * scale), int(x1 * scale), int(height - y0 * scale)]
        box = [max(0, box[0]), max(0, box[1]), min(image.width, box[2]), min(height, box[3])]
        buf = io.BytesIO()
        image.crop(box).save(buf, format="PNG")
    plt.close(fig)
    return buf.getvalue()


def _png_figure(png: bytes, alt: str, caption: str = "") -> str:
    return _figure(base64.b64encode(png).decode("ascii"), alt, caption)


def degree_worksheet(student: bool = True) -> str:
    """Worksheet: count the degree of each city of a player's network by hand, then check the
    handshake lemma and Euler's condition. The teacher's copy fills in the answers."""
    import ttr_nb
    from ..graph import degrees, odd_degree_cities

    usa = ttr_nb.load_map("usa")
    name, routes = DEGREE_NETWORK
    ids = usa.route_ids(routes)
    deg = degrees(usa, ids)
    odd = odd_degree_cities(usa, ids)
    caption = f"{name}'s network, dark; the board's other routes, faded."
    alt = (f"{name}'s network on the USA board: {len(ids)} routes between "
           + ", ".join(sorted(deg)) + "; the other routes are faded.")
    rows = "".join(
        f"<tr><td>{html.escape(c)}</td>"
        + (f'<td class="key">{d}</td><td class="key">{"odd" if d % 2 else "even"}</td>'
           if not student else "<td></td><td></td>") + "</tr>"
        for c, d in sorted(deg.items()))
    key = (lambda s: f' <span class="note">(answer: {s})</span>') if not student else (lambda s: "")
    body = f"""
<div class="worksheet">
<h1>Worksheet · Count the degrees</h1>
{_namebar()}
<p>{name} has claimed the {len(ids)} routes drawn dark on this corner of the USA board. The
<b>degree</b> of a city is the number of {name}'s routes that end there. Count it for each city:
tick each route as you count it.</p>
{_png_figure(network_png(usa, routes, name, f"{name}'s network"), alt, caption)}
<table class="fill"><tr><th>City</th><th>Degree</th><th>Odd or even?</th></tr>{rows}</table>
<h3>1. Add up the degrees</h3>
<p>The sum of the degrees is ______. {name} has ______ routes.{key(f"{sum(deg.values())} and {len(ids)}")}
Why is the sum always twice the number of routes?</p>
{answer_box("why", 4)}
<h3>2. The odd cities</h3>
<p>How many cities have an odd degree? ______{key(str(len(odd)))} Can that number ever be odd? Why not?</p>
{answer_box("why", 4)}
<h3>3. One trail for every route?</h3>
<p>Can {name} travel all {len(ids)} routes in one trail that uses each route exactly once?
Say how you know from the table, without trying.{key("no: more than 2 odd cities")}</p>
{answer_box("explain", 4)}
</div>"""
    return page("Worksheet · Count the degrees", body)


def trail_worksheet(student: bool = True) -> str:
    """Worksheet: draw the longest trail of a player's network with a pencil, then the longest
    line that never passes a city twice. The teacher's copy gives both."""
    import ttr_nb
    from ..graph import longest_simple_path, longest_trail

    usa = ttr_nb.load_map("usa")
    name, routes = TRAIL_NETWORK
    ids = usa.route_ids(routes)
    cars = sum(usa.route(r).length for r in ids)
    trail, path = longest_trail(usa, ids), longest_simple_path(usa, ids)
    caption = f"{name}'s network, dark; the board's other routes, faded."
    alt = (f"{name}'s network on the USA board: {len(ids)} routes, {cars} cars, between "
           + ", ".join(sorted({c for r in ids for c in usa.route(r).cities}))
           + "; each route shows its number of cars; the other routes are faded.")
    key = ((lambda s: f'<p class="note">Answer: {html.escape(s)}</p>') if not student
           else (lambda s: ""))
    body = f"""
<div class="worksheet">
<h1>Worksheet · Draw a trail</h1>
{_namebar()}
<p>{name} owns the {len(ids)} dark routes: {cars} cars in all. A <b>trail</b> is a line of
{name}'s trains that never uses a route twice; it may pass a city again. The Longest Path bonus
goes to the longest trail, counted in cars (a route's cars are the boxes along it).</p>
{_png_figure(network_png(usa, routes, name, f"{name}'s network"), alt, caption)}
<h3>1. Draw the longest trail you can</h3>
<p>With a pencil, draw over {name}'s routes one trail, as long as you can. Write its cities
in order and add up its cars.</p>
{answer_box("describe", 5)}{key(trail.describe())}
<h3>2. Never the same city twice</h3>
<p>Now draw, in another colour, the longest line that never passes a city twice (a simple
path). How many cars? Why can it be shorter than your trail?</p>
{answer_box("why", 5)}{key(path.describe())}
</div>"""
    return page("Worksheet · Draw a trail", body)


WORKSHEETS = ("worksheet_degrees.html", "worksheet_trail.html")
"""The file names of the worksheets."""


def worksheets(student: bool = True) -> dict[str, str]:
    """The unplugged worksheets: file name -> HTML page (the teacher's copy with the answers)."""
    return dict(zip(WORKSHEETS, (degree_worksheet(student), trail_worksheet(student))))
