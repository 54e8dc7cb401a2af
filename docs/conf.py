"""Sphinx configuration of the ttr_nb documentation site.

Build it (warnings are errors) with::

    .venv/bin/pip install -e ".[docs]"
    .venv/bin/sphinx-build -W --keep-going -b html docs docs/_build/html

The lessons are the executed notebooks in ``notebooks/``, shown with their stored outputs
(myst-nb, no re-execution); they are copied into ``docs/lessons/`` when the build starts,
with their links to the rules reference and the glossary made local, and each control they
display shown live where it needs no kernel (a GameStepper's recorded game, a BoardWidget's
board), else as the picture of its board (:func:`_picture_for_controls`). The API pages are
written into ``docs/api/`` from :data:`API` when the build starts.
"""
from __future__ import annotations

import inspect
import json
import os
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
sys.path.insert(0, str(REPO))

import ttr_nb  # noqa: E402

project = "ttr_nb"
author = "ttr_nb developers"
copyright = "2026, ttr_nb developers (fan-made; Ticket to Ride is a trademark of Days of Wonder)"
release = version = ttr_nb.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode"]
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_param = True  # ':param x:' fields, which the type hints merge into (one list)
napoleon_use_rtype = False
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "**.ipynb_checkpoints", "lessons/student"]
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 3
nb_execution_mode = "off"
nb_output_stderr = "remove"
html_theme = "furo"
html_title = f"ttr_nb {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
suppress_warnings = ["myst.header",  # a lesson's own title levels are the notebook's
                     "ref.python"]  # a name in a docstring that several classes define (e.g. 'kind')

API: dict[str, tuple[str, list[str]]] = {
    # page: (title, modules)
    "board": ("Boards, routes and tickets", ["ttr_nb.board"]),
    "variants": ("Variants and settings", ["ttr_nb.variants"]),
    "game": ("The game: state, legal actions, apply", ["ttr_nb.game", "ttr_nb.legal", "ttr_nb.lazy", "ttr_nb.actions",
                                                       "ttr_nb.events", "ttr_nb.errors", "ttr_nb.validate",
                                                       "ttr_nb.saves"]),
    "rules": ("The rules modules", ["ttr_nb.rules", "ttr_nb.rules.claiming", "ttr_nb.rules.payments", "ttr_nb.rules.drawing",
                                    "ttr_nb.rules.tickets", "ttr_nb.rules.endgame",
                                    "ttr_nb.rules.mechanic", "ttr_nb.rules.mountains",
                                    "ttr_nb.rules.terrain", "ttr_nb.rules.terrain_cards", "ttr_nb.rules.teams",
                                    "ttr_nb.rules.tunnels",
                                    "ttr_nb.rules.stations"]),
    "graph": ("Graph algorithms and trails", ["ttr_nb.graph", "ttr_nb.trail", "ttr_nb.board_index", "ttr_nb.paths"]),
    "scoring": ("Scoring", ["ttr_nb.scoring", "ttr_nb.analysis"]),
    "pictures": ("Pictures and charts", ["ttr_nb.pictures", "ttr_nb.draw", "ttr_nb.draw.style", "ttr_nb.draw.layout",
                                         "ttr_nb.draw.geometry", "ttr_nb.draw.labels", "ttr_nb.draw.position",
                                         "ttr_nb.draw.render", "ttr_nb.draw.legend", "ttr_nb.draw.raster",
                                         "ttr_nb.draw.export", "ttr_nb.draw.alt", "ttr_nb.draw.symbols",
                                         "ttr_nb.charts"]),
    "widgets": ("Controls", ["ttr_nb.widgets", "ttr_nb.widgets.static_html"]),
    "players": ("Players, simulation and tournaments", ["ttr_nb.agents", "ttr_nb.simulate", "ttr_nb.progress", "ttr_nb.lab",
                                                         "ttr_nb.tournament"]),
    "optimize": ("The best possible score", ["ttr_nb.optimize"]),
    "lessons": ("Lessons and exercises", ["ttr_nb.narrate", "ttr_nb.exercises", "ttr_nb.lessons",
                                          "ttr_nb.lessons.slides", "ttr_nb.lessons.handouts"]),
}


def _write(path: Path, text: str) -> None:
    """Write a generated page only when it changed, atomically (two builds may run at once,
    e.g. in parallel tests, and another test may be reading docs/)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _importable(mod: str) -> bool:
    try:
        __import__(mod)
    except ImportError:
        return False
    return True


def _write_api() -> None:
    out = DOCS / "api"
    out.mkdir(exist_ok=True)
    pages = []
    for page, (title, mods) in API.items():
        mods = [m for m in mods if _importable(m)]
        if not mods:
            continue
        pages.append(page)
        body = [f"# {title}", ""]
        for m in mods:
            body += [f"## `{m}`", "", "```{eval-rst}", f".. automodule:: {m}", "```", ""]
        _write(out / f"{page}.md", "\n".join(body))
    toc = ["# API reference", "",
           "Every public name, module by module, from its docstring. The names most lessons use "
           "are importable from `ttr_nb` itself (`ttr_nb.new_game`, `ttr_nb.show`, ...).", "",
           "```{toctree}", ":maxdepth: 2", "", *pages, "```", ""]
    _write(out / "index.md", "\n".join(toc))


ANCHORED = ("RULES", "glossary")
"""The pages that mark their entries with ``<a id="B-8.2"></a>`` (an anchor GitHub and
JupyterLab follow): the rules reference and the glossary."""

_LINK = re.compile(r"\[([^\]]+)\]\(\.\./docs/(?:RULES|glossary)\.md#([^)\s]+)\)")
"""A link to a rule or a glossary word in a lesson: [text](../docs/RULES.md#B-8.2)."""


_PAGE_LINK = re.compile(r"\[([^\]]+)\]\((?:\.\./docs/|\.\./|\./)?(?:RULES|glossary)\.md#([^)\s]+)\)")
"""A link to a rule or a glossary word in a page of docs/ (or docs/guides/):
[text](RULES.md#B-8.2), [text](../glossary.md#vertex)."""


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The output of a displayed control (a widget) in a notebook."""

_CONTROL_REPR = re.compile(r"<(\w+) (\S+?): ([^>]*)>")
"""A control's text form: ``<GameStepper usa: step 0 of 188>``."""


LIVE_MARK = "data-ttr-static"
"""In a control's ``text/html``: the control as a page fragment that works with no kernel
(:mod:`ttr_nb.widgets.static_html`)."""


def _picture_for_controls(cell: dict) -> None:
    """A control on the site works in the page where it needs no kernel, else is its picture:
    drop its widget view, keep its ``text/html`` (live) or its ``image/png``.

    The controls (GameStepper, PlayPanel, ScoringExplorer, RouteBuilder, BoardWidget) put a
    PNG of their board next to the widget view in their output. The lessons are stored without
    the widgets' state (tools/build_lessons.py drops it), and a web page with no kernel cannot
    run the widget: myst-nb, which ranks the widget view first, would leave an empty
    ``<script>`` in its place. A GameStepper's recorded game and a BoardWidget's board need no
    Python: their output also carries a ``text/html`` fragment that steps through the game (or
    shows the board) with plain JavaScript, and myst-nb shows it. The other controls answer
    every click in Python: their picture is shown, with a caption saying how to use them.
    """
    if cell.get("cell_type") != "code":
        return
    outputs = cell.get("outputs", [])
    controls = [out["data"] for out in outputs if WIDGET_VIEW in out.get("data", {})]
    for data in controls:
        del data[WIDGET_VIEW]
        html = data.get("text/html", "")
        if "text/html" in data and LIVE_MARK not in ("".join(html) if isinstance(html, list) else html):
            del data["text/html"]   # (not ours: the picture is shown)
    if len(controls) != 1 or len(outputs) != 1 or "image/png" not in controls[0] or "text/html" in controls[0]:
        return  # a caption goes with the one picture of a cell (a live control has its own words)
    text = controls[0].get("text/plain", "")
    m = _CONTROL_REPR.fullmatch(("".join(text) if isinstance(text, list) else text).strip())
    name, where = (m[1], f" ({m[3]})") if m else ("control", "")
    cell.setdefault("metadata", {})["mystnb"] = {
        "image": {"alt": f"The {name}'s board{where}", "classes": "ttr-control-picture"},
        "figure": {"classes": "ttr-control",
                   "caption": f"A picture of the {name}'s board{where}. Run the lesson in Jupyter to use "
                              "the control: its buttons and board answer clicks there."}}


def _copy_lessons() -> None:
    """The executed teacher edition, its links to the rules reference made local."""
    from ttr_nb.lessons import RULES_LINK

    out = DOCS / "lessons"
    out.mkdir(exist_ok=True)
    names = []
    for nb in sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        doc = json.loads(nb.read_text())
        for cell in doc["cells"]:
            _picture_for_controls(cell)
            src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            if cell["cell_type"] == "markdown":  # a rule ID links to its entry (a MyST target)
                src = _LINK.sub(lambda m: "{ref}`" + m[1].replace("`", "") + " <" + m[2] + ">`", src)
            # any other page of docs/ (../docs/reading.md): the lesson is in docs/lessons/ here
            cell["source"] = src.replace(RULES_LINK, "../RULES.md#").replace("](../docs/", "](../")
        _write(out / nb.name, json.dumps(doc, indent=1, ensure_ascii=False))
        names.append(nb.stem)
    for old in out.glob("*.ipynb"):  # a lesson no longer in notebooks/
        if old.stem not in names:
            old.unlink(missing_ok=True)
    _write(out / "index.md", "\n".join([
        "# Lessons", "",
        "The lessons as a teacher runs them, with their recorded outputs (the teacher edition: "
        "worked solutions included). `ttr-nb lessons DIR` copies them, or the student edition "
        "(`--student`), into a folder to open in JupyterLab.", "",
        "```{toctree}", ":maxdepth: 1", "", *names, "```", ""]))


_write_api()
_copy_lessons()


def _rule_targets(app, docname: str, source: list[str]) -> None:
    """RULES.md marks each rule with ``<a id="B-8.2"></a>`` (an anchor GitHub and JupyterLab
    follow), the glossary each word; for Sphinx each becomes a MyST target, so
    ``RULES.md#B-8.2`` and ``glossary.md#vertex`` links resolve."""
    if docname in ANCHORED:
        source[0] = re.sub(r'<a id="([^"]+)"></a>', r"(\1)=", source[0])
    # a page's links to a rule, [B-8.2](RULES.md#B-8.2), go to the rule's target (a glossary
    # word's too)
    source[0] = _PAGE_LINK.sub(lambda m: "{ref}`" + m[1].replace("`", "") + " <" + m[2] + ">`", source[0])


_PARAM_FIELD = re.compile(r"^:param (?:[^:]*\s)?([\w\\*]+):", re.M)


def _every_parameter(app, what: str, name: str, obj, options, lines: list[str]) -> None:
    """A function's (or class's) parameter list on its API page names every parameter.

    napoleon turns a Parameters section into ``:param x:`` fields, and autodoc adds the type
    hints to them (``autodoc_typehints = "description"``), making an entry for an annotated
    parameter the docstring does not name, but none for an unannotated one: ``cheapest_cost``'s
    list had ``a``, ``b`` and ``route_ids`` but no ``board``. Runs after napoleon (priority) and
    gives each parameter the docstring does not name an entry (autodoc adds its type, if any).
    ``*args`` and ``**kwargs`` are left to the docstring."""
    if what not in ("function", "method", "class") or not callable(obj):
        return
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return
    named = {n.replace("\\", "").lstrip("*") for n in _PARAM_FIELD.findall("\n".join(lines))}
    params = [p for p in sig.parameters.values()
              if p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    missing = [p.name for p in params if p.name not in named]
    if not missing:
        return
    if lines and lines[-1].strip():
        lines.append("")
    lines.extend(f":param {p}:" for p in missing)


def setup(app) -> None:
    app.connect("source-read", _rule_targets)
    app.connect("autodoc-process-docstring", _every_parameter, priority=600)  # after napoleon (500)
