"""Build the lessons: each jupytext source in ttr_nb/lessons/ becomes an executed notebook.

    .venv/bin/python tools/build_lessons.py                 # every lesson: execute, write both editions
    .venv/bin/python tools/build_lessons.py 04 05           # only lessons 04 and 05
    .venv/bin/python tools/build_lessons.py --no-run 04     # write the cells without executing them
    .venv/bin/python tools/build_lessons.py --png DIR 04    # save lesson 04's stored figures as PNGs
    .venv/bin/python tools/build_lessons.py --slides DIR 04 # lesson 04 as slides (teacher's), to look at
    .venv/bin/python tools/build_lessons.py --print DIR 04  # lesson 04 as a handout (student's), to print

The teacher edition goes to notebooks/NN_name.ipynb (executed in notebooks/, as nbval runs it,
outputs stored without timestamps, cell ids NN-00, NN-01, ... so a rebuild changes nothing that
did not change); the student edition (no solution cells, no outputs) to notebooks/student/.
"""
from __future__ import annotations

import argparse
import base64
import json
import sys
from pathlib import Path

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from ttr_nb.lessons import sources, student_edition, tag_ignored_outputs  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
STUDENT = NOTEBOOKS / "student"


def notebook_of(src: Path) -> nbformat.NotebookNode:
    """The notebook of one source: its cells, fixed ids, the python3 kernel; a first line
    ``# NBVAL_IGNORE_OUTPUT`` becomes the cell tag ``nbval-ignore-output``."""
    nb = tag_ignored_outputs(jupytext.read(src))
    nb.metadata.pop("jupytext", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(nb.cells):
        cell.id = f"{src.stem[:2]}-{i:02d}"
        if not cell.metadata.get("tags"):
            cell.metadata.pop("tags", None)
    return nb


def merge_streams(outputs: list) -> list:
    """One stream output per run of prints to the same stream."""
    merged: list = []
    for out in outputs:
        if (out.output_type == "stream" and merged and merged[-1].output_type == "stream"
                and merged[-1].name == out.name):
            merged[-1].text += out.text
        else:
            merged.append(out)
    return merged


def execute(nb: nbformat.NotebookNode, timeout: int = 600) -> nbformat.NotebookNode:
    """Run ``nb`` in notebooks/ and drop the timestamps nbclient records."""
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = merge_streams(cell.outputs)
    # the widgets' saved state has random model ids: a rebuild would rewrite all of it, and a
    # teacher runs the lesson anyway, which makes the controls again
    nb.metadata.pop("widgets", None)
    return nb


def write(nb: nbformat.NotebookNode, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def build(src: Path, run: bool = True) -> None:
    nb = notebook_of(src)
    if run:
        nb = execute(nb)
    name = src.stem + ".ipynb"
    write(nb, NOTEBOOKS / name)
    student = nbformat.from_dict(student_edition(json.loads(nbformat.writes(nb))))
    write(student, STUDENT / name)
    print(f"wrote notebooks/{name}" + (" (executed)" if run else "") + f" and notebooks/student/{name}")


def extract_pngs(path: Path, directory: Path) -> int:
    """Save every figure stored in the notebook at ``path`` in ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    nb = nbformat.read(path, as_version=4)
    n = 0
    for cell in nb.cells:
        for out in cell.get("outputs", ()):
            data = out.get("data", {}).get("image/png")
            if data:
                n += 1
                (directory / f"{path.stem}_{n:02d}.png").write_bytes(base64.b64decode(data))
    return n


def preview(path: Path, slides_dir: Path | None, handouts_dir: Path | None) -> None:
    """Write the built notebook at ``path`` as slides and/or a handout, to look at."""
    from ttr_nb.lessons import load_notebook
    from ttr_nb.lessons.handouts import handout_html
    from ttr_nb.lessons.slides import slides_html, slideshow

    nb = load_notebook(path)
    for folder, make in ((slides_dir, lambda: slides_html(slideshow(nb), title=path.stem)),
                         (handouts_dir, lambda: handout_html(nb, student=True))):
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / (path.stem + ".html")).write_text(make(), encoding="utf-8")
            print(f"wrote {folder / (path.stem + '.html')}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lessons", nargs="*", help="lesson numbers or names (default: every lesson)")
    parser.add_argument("--no-run", dest="run", action="store_false", help="do not execute")
    parser.add_argument("--png", metavar="DIR", type=Path, help="save the stored figures as PNGs")
    parser.add_argument("--slides", metavar="DIR", type=Path,
                        help="write the built lessons as slides (teacher edition) in DIR, without rebuilding")
    parser.add_argument("--print", metavar="DIR", type=Path, dest="handouts",
                        help="write the built lessons as handouts (student edition) in DIR, without rebuilding")
    args = parser.parse_args(argv)
    chosen = [s for s in sources()
              if not args.lessons or any(s.stem.startswith(x) for x in args.lessons)]
    if not chosen:
        parser.error(f"no lesson matches {args.lessons}")
    for src in chosen:
        if args.png is not None:
            n = extract_pngs(NOTEBOOKS / (src.stem + ".ipynb"), args.png)
            print(f"{n} figures of {src.stem} in {args.png}")
        elif args.slides is not None or args.handouts is not None:
            preview(NOTEBOOKS / (src.stem + ".ipynb"), args.slides, args.handouts)
        else:
            build(src, run=args.run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
