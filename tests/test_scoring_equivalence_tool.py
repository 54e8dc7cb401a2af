"""``benchmarks/scoring_equivalence.py`` finds a score that differs, and only then.

The tool compares this checkout's ``ttr_nb/`` and ``maps/`` with another tree; here the
other tree is a copy of this one made in a temporary directory (``--tree``), unchanged or
with one deliberate change, on a few games (``--cases``) and one simulate command line
(``--cli 1``, run three ways).
"""
from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "benchmarks" / "scoring_equivalence.py"


def tool_module():
    spec = importlib.util.spec_from_file_location("scoring_equivalence", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def copy_tree(into: Path) -> Path:
    """This checkout's ``ttr_nb/`` and ``maps/``, copied into ``into``."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("ttr_nb", "maps"):
        shutil.copytree(ROOT / part, into / part, ignore=skip)
    return into


def run_tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    return tmp_path_factory.mktemp("trees")


def test_an_unchanged_copy_is_identical(trees):
    same = copy_tree(trees / "same")
    done = run_tool("--tree", str(same), "--cases", "4", "--cli", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 games compared, 0 differences" in done.stdout
    assert "3 command lines run in both trees, 0 with different bytes" in done.stdout
    assert done.stdout.rstrip().endswith("identical")
    assert "DIFFERENT" not in done.stdout


def test_B_5_9_route_points_changed_in_the_other_trees_map_are_reported(trees):
    """One point more for every route length in the copy's maps/usa.json (the table of
    B-5.9): the copy's boards are read from its own maps/, so every USA game's score and
    the simulate output differ, and each difference names its game."""
    changed = copy_tree(trees / "points")
    usa = changed / "maps" / "usa.json"
    doc = json.loads(usa.read_text(encoding="utf-8"))
    doc["route_points"] = {k: v + 1 for k, v in doc["route_points"].items()}
    usa.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    done = run_tool("--tree", str(changed), "--cases", "4", "--cli", "1")
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "DIFFERENT to_dict: usa 2 players seed 0 random" in out
    assert "DIFFERENT result_of_game(lines=False): usa 2 players seed 0 random" in out
    assert "DIFFERENT command line output: ttr-nb simulate --variant usa --players 2" in out
    assert "3 command lines run in both trees, 3 with different bytes" in out
    assert out.rstrip().endswith("differences") and "identical" not in out


def test_a_code_change_in_the_other_tree_is_reported_as_the_fact_it_changes(trees):
    """The copy's own code runs (not this checkout's): its Scoresheet's repr is changed,
    and only the repr differs."""
    changed = copy_tree(trees / "code")
    sheet = changed / "ttr_nb" / "scoring" / "sheet.py"
    text = sheet.read_text(encoding="utf-8")
    assert text.count('f"<Scoresheet ') == 1
    sheet.write_text(text.replace('f"<Scoresheet ', 'f"<Score sheet '), encoding="utf-8")
    done = run_tool("--tree", str(changed), "--cases", "3", "--cli", "0")
    assert done.returncode == 1, done.stdout + done.stderr
    kinds = {line.split(":")[0] for line in done.stdout.splitlines()
             if line.startswith("DIFFERENT")}
    assert kinds == {"DIFFERENT repr"}
    assert "3 games compared, 3 differences" in done.stdout


def test_an_unknown_revision_or_a_directory_without_a_tree_stops_with_status_2(tmp_path):
    done = run_tool("--ref", "no-such-revision", "--cases", "0", "--cli", "0")
    assert done.returncode == 2
    assert "cannot compare: git archive no-such-revision" in done.stderr
    done = run_tool("--tree", str(tmp_path), "--cases", "0", "--cli", "0")
    assert done.returncode == 2
    assert "has no ttr_nb/__init__.py" in done.stderr


def test_cases_are_taken_evenly_from_the_whole_list():
    spread = tool_module().spread
    items = list(range(10))
    assert spread(items, 3) == [0, 3, 6]
    assert spread(items, None) == items and spread(items, 50) == items
    assert spread(items, 0) == []
