"""The lessons: their sources, the teacher and student editions, and ``ttr-nb lessons``.

Each lesson is written as a jupytext percent-format file in this folder (``04_euler_trails.py``)
and built, executed, into ``notebooks/04_euler_trails.ipynb``: the **teacher edition**, with
the worked solutions (cells tagged ``solution``). The **student edition**
(``notebooks/student/``) is the same notebook without the solution cells and without outputs.
Both editions ship inside the package; :func:`write_lessons` copies one of them into a folder
(``ttr-nb lessons DIR`` and ``ttr-nb lessons DIR --student``).
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
    return out


def lesson_names() -> list[str]:
    """The names of the lessons (``00_start_here``, ...), in order."""
    return [p.stem for p in sorted(notebooks_dir().glob("[0-9][0-9]_*.ipynb"))]


def write_lessons(directory: str | Path, student: bool = False, overwrite: bool = False) -> list[Path]:
    """Copy every lesson into ``directory`` (made if missing): the teacher edition, or with
    ``student`` the student edition, with the rules reference ``RULES.md`` beside them (the
    lessons' links to it rewritten to match). Returns the notebooks written.

    A file that is already there is left alone unless ``overwrite``: FileExistsError names
    the files, and nothing is written.
    """
    if not str(directory).strip():
        raise ValueError("give the folder to write the lessons to, such as my-class; the name is empty")
    src = notebooks_dir()
    if student:
        src = src / "student"
    names = sorted(src.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        raise FileNotFoundError(f"no lessons found in {src}")
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"{target} is a file, not a folder")
    clash = [target / p.name for p in names if (target / p.name).exists()]
    if clash and not overwrite:
        raise FileExistsError("these lessons are already there (use --force to replace them): "
                              + ", ".join(str(p) for p in clash))
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for p in names:
        nb = json.loads(p.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                cell["source"] = text.replace(RULES_LINK, "RULES.md#")
        (target / p.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
        written.append(target / p.name)
    (target / "RULES.md").write_bytes(rules_file().read_bytes())
    return written


def rules_file() -> Path:
    """The rules reference, ``RULES.md``, that the lessons' rule IDs link to."""
    here = notebooks_dir()
    for path in (here / "RULES.md", here.parent / "docs" / "RULES.md"):
        if path.is_file():
            return path
    raise FileNotFoundError("the rules reference RULES.md is not installed with this copy of ttr_nb")


def cli_main(args: Any) -> int:
    """``ttr-nb lessons DIR [--student] [--force]``."""
    import sys

    try:
        written = write_lessons(args.directory, student=args.student, overwrite=args.force)
    except (OSError, ValueError) as exc:
        print(f"ttr-nb lessons: {exc}", file=sys.stderr)
        return 1
    edition = "student" if args.student else "teacher"
    print(f"wrote the {edition} edition of {len(written)} lessons to {args.directory}:")
    for p in written:
        print("  ", p.name)
    print(f"open them with: jupyter lab {Path(args.directory) / written[0].name}")
    return 0


def load_notebook(path: str | Path) -> dict:
    """A notebook file as a dict."""
    return json.loads(Path(path).read_text(encoding="utf-8"))
