"""What the notebook builders tools/make_nb_XX.py share: cells, the notebook, running it, the CLI.

A builder lists its cells with ``md`` and ``code`` and ends with ``main(__doc__, OUT, CELLS, ...)``.
Run as ``python tools/make_nb_XX.py``, so Python puts tools/ on ``sys.path`` and
``from nbbuild import ...`` works. Each builder accepts:

    (nothing)    its default: write the cells only, or write and execute them (00 and 08)
    --run        write the cells, execute them, store the outputs without timestamps
    --no-run     write the cells only
    --png DIR    save the figures stored in the executed notebook as PNGs in DIR
    -h, --help   the builder's docstring and these options
"""
from __future__ import annotations

import argparse
import base64
from collections.abc import Callable
from pathlib import Path

import nbformat
from nbformat import NotebookNode
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"


def md(text: str) -> NotebookNode:
    """A Markdown cell of ``text`` without its leading and trailing newlines."""
    return new_markdown_cell(text.strip("\n"))


def code(text: str, tags: tuple[str, ...] = ()) -> NotebookNode:
    """A code cell of ``text`` without its leading and trailing newlines, with cell ``tags``."""
    cell = new_code_cell(text.strip("\n"))
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def notebook(cells: list[NotebookNode], *, ids: str | None = None,
             kernel: str = "Python 3") -> NotebookNode:
    """A python3 notebook of ``cells``; ``kernel`` is the kernelspec's display name.

    With ``ids`` the cells get the fixed ids ``{ids}-00``, ``{ids}-01``, ... (rebuilding then
    changes nothing in git); without it they keep nbformat's random ids.
    """
    nb = new_notebook(cells=cells)
    if ids is not None:
        for i, cell in enumerate(nb.cells):
            cell.id = f"{ids}-{i:02d}"
    nb.metadata["kernelspec"] = {"display_name": kernel, "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def merge_streams(outputs: list[NotebookNode]) -> list[NotebookNode]:
    """One stream output per run of prints to the same stream, however the kernel chunked it."""
    merged: list[NotebookNode] = []
    for out in outputs:
        if (out.output_type == "stream" and merged and merged[-1].output_type == "stream"
                and merged[-1].name == out.name):
            merged[-1].text += out.text
        else:
            merged.append(out)
    return merged


def run(nb: NotebookNode, *, timeout: int = 600, merge: bool = False) -> NotebookNode:
    """Execute ``nb`` in notebooks/ (as nbval does) and drop the timestamps nbclient records.

    ``timeout`` is per cell, in seconds; with ``merge`` each cell's streams are merged.
    """
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if merge and cell.cell_type == "code":
            cell.outputs = merge_streams(cell.outputs)
    return nb


def extract_pngs(path: Path, directory: Path, prefix: str = "fig") -> int:
    """Save every figure stored in the notebook at ``path`` as ``{prefix}NN.png`` in ``directory``.

    Returns how many were saved.
    """
    directory.mkdir(parents=True, exist_ok=True)
    nb = nbformat.read(path, as_version=4)
    n = 0
    for cell in nb.cells:
        for out in cell.get("outputs", ()):
            data = out.get("data", {}).get("image/png")
            if data:
                n += 1
                (directory / f"{prefix}{n:02d}.png").write_bytes(base64.b64decode(data))
    return n


def main(doc: str | None, out: Path, cells: list[NotebookNode], *, ids: str | None = None,
         kernel: str = "Python 3", runs: bool = False, timeout: int = 600, merge: bool = False,
         png_prefix: str = "fig", extra: dict[str, tuple[str, Callable[[], None]]] | None = None,
         argv: list[str] | None = None) -> None:
    """The command line of a builder whose docstring is ``doc``: write ``cells`` to ``out``.

    ``ids`` and ``kernel`` go to ``notebook``; ``timeout`` and ``merge`` to ``run``. ``runs``: execute
    unless ``--no-run`` (else only with ``--run``). ``png_prefix`` names the ``--png`` files.
    ``extra`` maps more flags to (help, action); such a flag runs its action and nothing else.
    """
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--run", action="store_true", default=runs,
                      help="write the cells, execute them, store the outputs"
                           + (" (the default)" if runs else ""))
    what.add_argument("--no-run", dest="run", action="store_false",
                      help="only write the cells" + ("" if runs else " (the default)"))
    what.add_argument("--png", metavar="DIR", type=Path,
                      help="save the figures stored in the executed notebook as PNGs in DIR")
    for flag, (text, _) in (extra or {}).items():
        what.add_argument(flag, action="store_true", help=text)
    args = parser.parse_args(argv)

    for flag, (_, action) in (extra or {}).items():
        if getattr(args, flag.lstrip("-").replace("-", "_")):
            action()
            return
    if args.png is not None:
        n = extract_pngs(out, args.png, png_prefix)
        print(f"{n} figures in {args.png}")
        return
    nb = notebook(cells, ids=ids, kernel=kernel)
    if args.run:
        nb = run(nb, timeout=timeout, merge=merge)
    out.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out)
    print(f"wrote {out.relative_to(ROOT)}" + (" (executed)" if args.run else ""))
