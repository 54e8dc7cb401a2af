"""Random games read the same as their stored playthroughs (tests/playthroughs/, one per variant).

Each file is a complete random game played through the public API (``legal_actions()`` in the
legal order, ``legal[int(rng.random() * len(legal))]``, ``apply()``) and written out line by
line: the step, the player, the decision, the number of legal actions, the action and its
events, then the final scores. Played again, it must read the same, line for line: the same
seed gives the same game (determinism), and any change to what is legal, its order, the rules'
outcome or their words shows up as the first line that differs. A change made on purpose is
recorded by running ``python tools/playthroughs.py`` and reading ``git diff tests/playthroughs``.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import ttr_nb

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("playthroughs", ROOT / "tools" / "playthroughs.py")
playthroughs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(playthroughs)

CASES = playthroughs.cases()


def _first_difference(stored: list[str], now: list[str], context: int = 3) -> str:
    k = next((i for i, (a, b) in enumerate(zip(stored, now)) if a != b), min(len(stored), len(now)))
    lo = max(0, k - context)
    out = [f"first difference at line {k + 1}:"]
    out += [f"    {line}" for line in stored[lo:k]]
    out += [f"  - {line}" for line in stored[k:k + context]] or ["  - (end of the stored file)"]
    out += [f"  + {line}" for line in now[k:k + context]] or ["  + (the game played now ends here)"]
    return "\n".join(out)


@pytest.mark.parametrize("variant,players", CASES, ids=[f"{v}-{n}p" for v, n in CASES])
def test_random_game_reads_as_its_playthrough(variant, players):
    path = playthroughs.OUT / playthroughs.file_name(variant, players)
    regenerate = f"(if the change is meant, regenerate with: {playthroughs.REGENERATE})"
    assert path.exists(), f"{path.relative_to(ROOT)} is missing {regenerate}"
    stored = path.read_text(encoding="utf-8").splitlines()
    now = playthroughs.playthrough(variant, players)
    if stored != now:
        pytest.fail(f"{path.relative_to(ROOT)}: the game played now differs from the stored one\n"
                    f"{_first_difference(stored, now)}\n{regenerate}", pytrace=False)


def test_every_variant_has_a_playthrough_and_every_file_a_variant():
    """The cases come from ``ttr_nb.variants()``: a new variant gets a playthrough, and a file
    whose variant is gone is reported, not kept silently."""
    assert {v for v, _ in CASES} == set(ttr_nb.variants())
    files = {p.name for p in playthroughs.OUT.glob("*.txt")}
    assert files == {playthroughs.file_name(v, n) for v, n in CASES}


def test_playthroughs_are_complete_games():
    """Each stored game ends (not cut at the step limit) and names a winner; the steps are
    numbered 1, 2, 3, ... and each says how many legal actions it chose among (at least one)."""
    for variant, players in CASES:
        lines = (playthroughs.OUT / playthroughs.file_name(variant, players)).read_text(encoding="utf-8").splitlines()
        steps = [line for line in lines if line.startswith("step ")]
        assert [int(s.split()[1]) for s in steps] == list(range(1, len(steps) + 1))
        assert all(int(s.split("legal=")[1].split()[0]) >= 1 for s in steps)
        assert "final scores" in lines and not any(line.startswith("cut at step") for line in lines)
        assert any(line.endswith("(winner)") for line in lines[lines.index("final scores"):])


def test_the_script_check_mode_finds_a_changed_line(tmp_path, monkeypatch, capsys):
    """``--check`` writes nothing, prints a unified diff naming the file and exits 1 when a
    stored line differs; it exits 0 when all are as played."""
    variant, players = CASES[0]
    name = playthroughs.file_name(variant, players)
    for v, n in CASES:
        (tmp_path / playthroughs.file_name(v, n)).write_text(playthroughs.render(v, n), encoding="utf-8")
    monkeypatch.setattr(playthroughs, "OUT", tmp_path)
    monkeypatch.setattr(playthroughs, "ROOT", tmp_path)
    assert playthroughs.main(["--check"]) == 0
    text = (tmp_path / name).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if line.startswith("step 3 "))
    lines[k] = lines[k].replace("legal=", "legal=9")
    (tmp_path / name).write_text("".join(lines), encoding="utf-8")
    capsys.readouterr()
    assert playthroughs.main(["--check"]) == 1
    out = capsys.readouterr().out
    assert f"--- {name} (stored)" in out and f"-{lines[k]}" in out
    assert (tmp_path / name).read_text(encoding="utf-8") != text  # --check wrote nothing
