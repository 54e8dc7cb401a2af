"""Every Python example in the README and the docs pages runs as written (issue 35): the blocks
of one page run in order in one namespace, as a reader pastes them into one notebook."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
WALKTHROUGH = {
    "extending.md": "a walkthrough in parts (one class over two blocks, a map file of your own); "
                    "tests/test_extension.py runs the whole of it",
}
EXAMPLES = [(p, k, b) for p in PAGES if p.name not in WALKTHROUGH
            for k, b in enumerate(BLOCK.findall(p.read_text(encoding="utf-8")))]


def test_the_docs_have_examples_to_run():
    assert len({p for p, _, _ in EXAMPLES}) >= 5


@pytest.mark.parametrize("page", sorted({p for p, _, _ in EXAMPLES}), ids=lambda p: p.name)
def test_every_example_on_a_page_runs_as_written(page, tmp_path, monkeypatch):
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__doc_example__"}
    for p, k, block in EXAMPLES:
        if p == page:
            exec(compile(block, f"{page.name}, example {k + 1}", "exec"), namespace)  # noqa: S102


def test_the_walkthrough_left_out_is_run_by_its_test():
    assert (ROOT / "tests" / "test_extension.py").exists()
    assert BLOCK.findall((ROOT / "docs" / "extending.md").read_text(encoding="utf-8"))
