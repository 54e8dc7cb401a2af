"""Every example in the package's docstrings runs and prints what it says (doctest)."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ttr_nb

MODULES = sorted(m.name for m in pkgutil.walk_packages(ttr_nb.__path__, "ttr_nb.")
                 if not m.name.startswith("ttr_nb.lessons") and not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


def test_there_are_examples():
    total = sum(doctest.testmod(importlib.import_module(n), optionflags=doctest.ELLIPSIS,
                                report=False).attempted for n in MODULES)
    assert total >= 100
