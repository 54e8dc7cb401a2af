"""The lessons: their sources, the teacher and student editions, and ``ttr-nb lessons``.

Each lesson is written as a jupytext percent-format file in this folder (``04_euler_trails.py``)
and built, executed, into ``notebooks/04_euler_trails.ipynb``: the **teacher edition**, with
the worked solutions (cells tagged ``solution``). The **student edition**
(``notebooks/student/``) is the same notebook without the solution cells and without outputs.
Both editions ship inside the package; :func:`write_lessons` copies one of them into a folder
(``ttr-nb lessons DIR`` and ``ttr-nb lessons DIR --student``), and with ``--slides`` and
``--print`` the lessons as slides (:mod:`ttr_nb.lessons.slides`) and as handouts to print
(:mod:`ttr_nb.lessons.handouts`).
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

SOURCES = Path(__file__).resolve().parent
SOLUTION = "solution"
RULES_LINK = "../docs/RULES.md#"
IGNORE_OUTPUT_MARK = "# NBVAL_IGNORE_OUTPUT"
"""A code cell of a lesson source whose first line is this shows something that changes from
run to run (a control): nbval must not compare its output."""
IGNORE_OUTPUT_TAG = "nbval-ignore-output"
"""The cell tag nbval reads for the same thing; the built notebooks carry the tag, not the line."""


def sources() -> list[Path]:
    """The lesson sources (``NN_name.py``), in lesson order."""
    return sorted(p for p in SOURCES.glob("[0-9][0-9]_*.py"))


def notebooks_dir() -> Path:
    """The folder of the executed teacher edition: inside an installed wheel, or the
    repository's ``notebooks/`` for a checkout."""
    here = SOURCES.parent
    for folder in (here / "notebooks", here.parent / "notebooks"):
        if any(folder.glob("[0-9][0-9]_*.ipynb")):
            return folder
    raise FileNotFoundError("the lessons are not installed with this copy of ttr_nb "
                            f"(looked in {here / 'notebooks'} and {here.parent / 'notebooks'})")


def is_solution(cell: Any) -> bool:
    """True for a cell tagged ``solution`` (dropped from the student edition)."""
    return SOLUTION in cell.get("metadata", {}).get("tags", [])


def tag_ignored_outputs(nb: dict) -> dict:
    """Turn the first line ``# NBVAL_IGNORE_OUTPUT`` of each code cell of ``nb`` into the cell
    tag ``nbval-ignore-output`` (which nbval honours), so no reader sees the comment. Changes
    ``nb`` (a dict or an nbformat notebook) in place and returns it."""
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = cell["source"]
        text = "".join(src) if isinstance(src, list) else src
        first, _, rest = text.partition("\n")
        if first.strip() != IGNORE_OUTPUT_MARK:
            continue
        cell["source"] = rest
        tags = cell.setdefault("metadata", {}).setdefault("tags", [])
        if IGNORE_OUTPUT_TAG not in tags:
            tags.append(IGNORE_OUTPUT_TAG)
    return nb


def student_edition(nb: dict) -> dict:
    """The student edition of a teacher notebook: no solution cells, no outputs.

    The notebook (a dict as ``json.load`` or nbformat gives it) is not changed.
    """
    out = copy.deepcopy(nb)
    cells = []
    for cell in out["cells"]:
        if is_solution(cell):
            continue
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        cells.append(cell)
    out["cells"] = cells
    out.setdefault("metadata", {}).pop("widgets", None)
    out["metadata"]["ttr_nb"] = {"edition": "student"}
    return _link_rules(out, "../../docs/")  # (it lives one folder deeper: notebooks/student/)


def lesson_names() -> list[str]:
    """The names of the lessons (``00_start_here``, ...), in order."""
    return [p.stem for p in sorted(notebooks_dir().glob("[0-9][0-9]_*.ipynb"))]


SLIDES_DIR = "slides"
HANDOUTS_DIR = "handouts"


SHIPPED_DOCS = ("RULES.md", "glossary.md", "reading.md")
"""The pages of docs/ the lessons link to, shipped with them (``../docs/NAME`` in a lesson)."""
GUIDES_DIR = "guides"


def _link_rules(nb: dict, prefix: str) -> dict:
    """``nb`` with the lessons' links to the shipped docs pages (the rules reference, the
    glossary, the reading list: ``../docs/NAME`` from notebooks/, ``../../docs/NAME`` from
    notebooks/student/) pointing at ``prefix``NAME."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for name in SHIPPED_DOCS:
                text = text.replace("../../docs/" + name, prefix + name).replace("../docs/" + name, prefix + name)
            cell["source"] = text
    return nb


def write_lessons(directory: str | Path, student: bool = False, overwrite: bool = False,
                  slides: bool = False, handouts: bool = False,
                  progress: Any = None, only: Any = None) -> list[Path]:
    """Copy every lesson into ``directory`` (made if missing): the teacher edition, or with
    ``student`` the student edition, with the rules reference ``RULES.md``, the glossary and
    the reading list beside them (the lessons' links to them rewritten to match) and, in the
    teacher edition, the teacher's guides in ``guides/``. Returns the notebooks written.

    ``slides``: the notebooks carry Jupyter's slideshow metadata (:mod:`ttr_nb.lessons.slides`),
    and ``directory/slides/NN_name.html`` is each lesson as a reveal.js slideshow, one file
    that works offline (the student edition skips the solutions). ``handouts``:
    ``directory/handouts/NN_name.html`` is each lesson as a page to print, with the unplugged
    worksheets (:mod:`ttr_nb.lessons.handouts`; the teacher edition prints the solutions).
    ``progress``, if given, is called with each slideshow and handout written; ``only``, if
    given, keeps the lessons whose names start with one of its strings (``["04"]``).

    A file that is already there is left alone unless ``overwrite``: FileExistsError names
    the files, and nothing is written.
    """
    if not str(directory).strip():
        raise ValueError("give the folder to write the lessons to, such as my-class; the name is empty")
    teacher = notebooks_dir()
    src = teacher / "student" if student else teacher
    names = sorted(p for p in src.glob("[0-9][0-9]_*.ipynb")
                   if only is None or any(p.stem.startswith(x) for x in only))
    if not names:
        raise FileNotFoundError(f"no lessons found in {src}" + (f" matching {list(only)}" if only else ""))
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder")
    planned = [target / p.name for p in names]
    if slides:
        planned += [target / SLIDES_DIR / (p.stem + ".html") for p in names]
    if handouts:
        from .handouts import WORKSHEETS

        planned += [target / HANDOUTS_DIR / (p.stem + ".html") for p in names]
        planned += [target / HANDOUTS_DIR / name for name in WORKSHEETS]
    if slides or handouts:
        try:
            import nbconvert  # noqa: F401
        except ImportError as exc:
            raise ImportError("the slides and handouts are made with nbconvert, which is not "
                              "installed: pip install nbconvert (JupyterLab brings it)") from exc
    clash = [p for p in planned if p.exists()]
    if clash and not overwrite:
        raise FileExistsError("these lessons are already there (use --force to replace them): "
                              + ", ".join(str(p) for p in clash))
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for p in names:
        nb = _link_rules(json.loads(p.read_text(encoding="utf-8")), "")
        if slides:
            from .slides import slideshow

            nb = slideshow(nb, student=student)
        (target / p.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
        written.append(target / p.name)
    for name in SHIPPED_DOCS:
        (target / name).write_bytes(doc_file(name).read_bytes())
    if not student:  # the teacher's guides hold the answers: the teacher edition only
        guides = doc_file(GUIDES_DIR)
        (target / GUIDES_DIR).mkdir(exist_ok=True)
        for page in sorted(guides.glob("*.md")):
            (target / GUIDES_DIR / page.name).write_bytes(page.read_bytes())
    if slides:
        from .slides import slides_html, slideshow

        (target / SLIDES_DIR).mkdir(exist_ok=True)
        for p in names:
            nb = _link_rules(load_notebook(teacher / p.name), "../")
            out = target / SLIDES_DIR / (p.stem + ".html")
            out.write_text(slides_html(slideshow(nb, student=student), title=p.stem), encoding="utf-8")
            if progress:
                progress(out)
    if handouts:
        from .handouts import handout_html, worksheets

        (target / HANDOUTS_DIR).mkdir(exist_ok=True)
        for p in names:
            out = target / HANDOUTS_DIR / (p.stem + ".html")
            out.write_text(handout_html(load_notebook(teacher / p.name), student=student),
                           encoding="utf-8")
            if progress:
                progress(out)
        for name, page in worksheets(student=student).items():
            (target / HANDOUTS_DIR / name).write_text(page, encoding="utf-8")
            if progress:
                progress(target / HANDOUTS_DIR / name)
    return written


def rules_file() -> Path:
    """The rules reference, ``RULES.md``, that the lessons' rule IDs link to."""
    return doc_file("RULES.md")


def doc_file(name: str) -> Path:
    """A docs page (or the ``guides`` folder) shipped with the lessons: beside the installed
    notebooks, or in docs/ of a checkout."""
    here = notebooks_dir()
    for path in (here / name, here.parent / "docs" / name):
        if path.exists():
            return path
    raise FileNotFoundError(f"{name} is not installed with this copy of ttr_nb")


def cli_main(args: Any) -> int:
    """``ttr-nb lessons DIR [--student] [--slides] [--print] [--force]``."""
    import sys

    slides = getattr(args, "slides", False)
    handouts = getattr(args, "handouts", False)
    made: list[Path] = []

    def progress(path: Path) -> None:
        made.append(path)
        print("   made", path, file=sys.stderr, flush=True)

    try:
        written = write_lessons(args.directory, student=args.student, overwrite=args.force,
                                slides=slides, handouts=handouts, progress=progress)
    except (OSError, ValueError, ImportError) as exc:
        print(f"ttr-nb lessons: {exc}", file=sys.stderr)
        return 1
    edition = "student" if args.student else "teacher"
    print(f"wrote the {edition} edition of {len(written)} lessons to {args.directory}:")
    for p in written:
        print("  ", p.name)
    print(f"open them with: jupyter lab {Path(args.directory) / written[0].name}")
    if slides:
        print(f"slides: {Path(args.directory) / SLIDES_DIR} (open one in a browser; F for full "
              "screen, arrow keys to move, Esc for the overview)")
    if handouts:
        print(f"handouts and worksheets to print: {Path(args.directory) / HANDOUTS_DIR} "
              "(open one in a browser and print it, on A4 or Letter)")
    return 0


def load_notebook(path: str | Path) -> dict:
    """A notebook file as a dict."""
    return json.loads(Path(path).read_text(encoding="utf-8"))
