"""The API pages list every parameter (issue 35: ``cheapest_cost``'s page had no ``board``).

- Every public function, method and class of the modules on the API pages (``API`` in
  docs/conf.py) whose numpy-style docstring has a Parameters section names in it each
  parameter of its signature (except ``self``, ``cls``, ``*args`` and ``**kwargs``), and
  names no parameter the signature does not have (unless it takes ``**kwargs``). The section
  is read by napoleon, as the site reads it.
- Every public graph function (ttr_nb.graph, ttr_nb.trail, ttr_nb.paths, ttr_nb.analysis,
  ttr_nb.board_index, ttr_nb.scoring_search, and the methods of their search and index
  classes) documents itself the networkx way: Parameters, Returns and Examples sections, the
  Examples as doctests that tests/test_docstring_examples.py runs.
"""
from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
from sphinx.ext.napoleon import Config  # noqa: E402
from sphinx.ext.napoleon.docstring import NumpyDocstring  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
NAPOLEON = Config(napoleon_use_param=True, napoleon_use_rtype=True)
_HEADER = re.compile(r"^(Parameters|Other Parameters|Returns|Yields|Examples?)\n-{3,}[ \t]*$", re.M)
_PARAM = re.compile(r"^:param ([^:]+):", re.M)


def _api_modules() -> list[str]:
    """The modules of the API pages: ``API`` in docs/conf.py, read without running conf.py
    (which writes the generated pages)."""
    tree = ast.parse((REPO / "docs" / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "API":
            return [m for _title, mods in ast.literal_eval(node.value).values() for m in mods]
    raise AssertionError("docs/conf.py has no API table")


def _members(modname: str):
    """(qualified name, object) of each public function, class and method of a module, as
    autodoc documents it: the names of ``__all__``, else the public names defined there."""
    mod = importlib.import_module(modname)
    names = getattr(mod, "__all__", None)
    if names is None:
        names = [n for n, o in vars(mod).items()
                 if not n.startswith("_") and getattr(o, "__module__", None) == modname]
    for name in names:
        obj = getattr(mod, name)
        if inspect.isfunction(obj):
            yield f"{modname}.{name}", obj
        elif inspect.isclass(obj):
            yield f"{modname}.{name}", obj
            for mname, m in vars(obj).items():
                fn = m.__func__ if isinstance(m, (staticmethod, classmethod)) else m
                if not mname.startswith("_") and inspect.isfunction(fn):
                    yield f"{modname}.{name}.{mname}", fn


def _parameters(obj) -> list[str]:
    """The parameters of the signature a reader calls (a class: its constructor's)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    params = list(sig.parameters.values())
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    return [p.name for p in params if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def _takes_kwargs(obj) -> bool:
    try:
        return any(p.kind is p.VAR_KEYWORD for p in inspect.signature(obj).parameters.values())
    except (TypeError, ValueError):
        return False


def _sections(doc: str) -> set[str]:
    return {m[1] for m in _HEADER.finditer(doc)}


def _documented(obj, doc: str) -> list[str]:
    """The parameter names of the docstring's Parameters sections, as napoleon reads them."""
    text = str(NumpyDocstring(doc, NAPOLEON, what="class" if inspect.isclass(obj) else "function", obj=obj))
    return [n.replace("\\", "").lstrip("*").strip() for n in _PARAM.findall(text)]


def _doc(obj) -> str:
    return inspect.cleandoc(obj.__doc__ or "")


API_MEMBERS = {}  # each object once, by the name of the module that defines it
for _m in _api_modules():
    for _q, _o in _members(_m):
        API_MEMBERS.setdefault(id(_o), (f"{_o.__module__}.{_o.__qualname__}", _o))
WITH_PARAMETERS = sorted((q for q, o in API_MEMBERS.values()
                          if {"Parameters", "Other Parameters"} & _sections(_doc(o))))


def test_the_check_sees_the_api():
    assert len(API_MEMBERS) > 300
    assert "ttr_nb.analysis.cheapest_cost" in WITH_PARAMETERS


@pytest.mark.parametrize("qualname", WITH_PARAMETERS)
def test_a_parameters_section_names_every_parameter(qualname):
    obj = next(o for q, o in API_MEMBERS.values() if q == qualname)
    documented = _documented(obj, _doc(obj))
    missing = [p for p in _parameters(obj) if p not in documented]
    assert not missing, f"{qualname}: the Parameters section does not name {missing}"
    extra = [p for p in documented if p not in _parameters(obj) and p not in ("args", "kwargs", "kw")]
    if not _takes_kwargs(obj):
        assert not extra, f"{qualname}: the Parameters section names {extra}, which it does not take"


# -- the graph functions: networkx-style docstrings ------------------------------------------
GRAPH_MODULES = ["ttr_nb.graph", "ttr_nb.paths", "ttr_nb.analysis", "ttr_nb.board_index", "ttr_nb.scoring_search",
                 "ttr_nb.trail", *sorted(m.name for m in pkgutil.iter_modules(
                     importlib.import_module("ttr_nb.trail").__path__, "ttr_nb.trail."))]
SEARCH_CLASSES = ["ttr_nb.paths.PathSearch", "ttr_nb.board_index.BoardIndex", "ttr_nb.trail.board_graph.BoardGraph",
                  "ttr_nb.scoring_search.GapSearch"]


def _graph_functions() -> dict[str, object]:
    found = {}
    for modname in GRAPH_MODULES:
        mod = importlib.import_module(modname)
        for name, obj in vars(mod).items():
            if not name.startswith("_") and inspect.isfunction(obj) and obj.__module__ == modname:
                found[f"{modname}.{name}"] = obj
    for path in SEARCH_CLASSES:
        modname, cls = path.rsplit(".", 1)
        klass = getattr(importlib.import_module(modname), cls)
        for name, obj in vars(klass).items():
            if not name.startswith("_") and inspect.isfunction(obj):
                found[f"{path}.{name}"] = obj
    return found


GRAPH_FUNCTIONS = _graph_functions()


def test_there_are_graph_functions():
    for name in ("ttr_nb.analysis.cheapest_cost", "ttr_nb.graph.connect", "ttr_nb.trail.longest.longest_trail",
                 "ttr_nb.board_index.board_index", "ttr_nb.paths.PathSearch.first"):
        assert name in GRAPH_FUNCTIONS, name


@pytest.mark.parametrize("qualname", sorted(GRAPH_FUNCTIONS))
def test_a_graph_function_has_parameters_returns_and_examples(qualname):
    obj = GRAPH_FUNCTIONS[qualname]
    doc = _doc(obj)
    have = _sections(doc)
    want = {"Returns", "Examples"} | ({"Parameters"} if _parameters(obj) else set())
    assert want <= have, f"{qualname}: no {sorted(want - have)} section"
    assert ">>>" in doc.split("Examples\n", 1)[1], f"{qualname}: its Examples section has no example"
    documented = _documented(obj, doc)
    assert [p for p in _parameters(obj) if p not in documented] == [], qualname


@pytest.mark.parametrize("modname", GRAPH_MODULES)
def test_the_docstring_examples_test_runs_these_examples(modname):
    """tests/test_docstring_examples.py runs ``doctest.testmod`` on every module: its finder
    must see the example of each graph function of the module."""
    from test_docstring_examples import MODULES

    assert modname in MODULES
    mod = importlib.import_module(modname)
    seen = {t.name for t in doctest.DocTestFinder().find(mod) if t.examples}
    mine = [q for q, o in GRAPH_FUNCTIONS.items() if o.__module__ == modname]
    assert not [q for q in mine if q not in seen], "doctest sees no example in these"
