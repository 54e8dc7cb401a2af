"""The same variant, seed and players give the same game; saved games replay identically.

``tests/golden/replays.json`` was written by ``tests/golden/make_golden.py``: for every
variant, the fewest and the most players, seeds 0 and 1, a random game, a greedy game and a
random game through the public API. Same variant + seed + players → the same actions, state,
worded log and score (the determinism users rely on: ``simulate`` results, the lessons' games);
a saved game replays to the same state.

The greedy and public-API records, and every saved game, are those written on the engine
before the one-engine rewrite (issue 16). The random players' records were written again
(``make_golden.py --kind random``) when the random player became
``legal[int(rng.random() * len(legal))]`` in legal order (issue 32): the USA boards' random
games changed then; Legendary Asia's, The Heart of Africa's and Team Asia's are again those
recorded before issue 16 (their random players chose in legal order then too).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ttr_nb.agents import play_game
from ttr_nb.game import Game

from golden.make_golden import public_game, record

RECORDS = json.loads((Path(__file__).parent / "golden" / "replays.json").read_text())


def _id(r: dict) -> str:
    return f"{r['variant']}-{r['players']}p-seed{r['seed']}-{r['kind']}"


def _play(rec: dict):
    if rec["kind"] == "public":
        return public_game(rec["variant"], rec["players"], rec["seed"])
    return play_game(rec["variant"], rec["players"], rec["seed"], agents=rec["kind"])


@pytest.mark.parametrize("rec", RECORDS, ids=_id)
def test_same_game_from_the_same_seed(rec):
    got = record(_play(rec))
    want = {k: rec[k] for k in got}
    assert got == want


@pytest.mark.parametrize("rec", [r for r in RECORDS if r["kind"] != "greedy"], ids=_id)
def test_a_random_game_replays_from_its_record(rec):
    """A random game (``play_random`` or the public loop) is one game per seed, and its record
    (``to_json``) replays to the same state, log and score."""
    g = _play(rec)
    assert record(_play(rec)) == record(g)
    again = Game.from_json(g.to_json())
    assert again.state_json() == g.state_json() and record(again) == record(g)


@pytest.mark.parametrize("rec", [r for r in RECORDS if "game" in r], ids=_id)
def test_saved_game_replays_identically(rec):
    g = Game.from_json(json.dumps(rec["game"]))
    assert g.over
    got = record(g)
    assert got == {k: rec[k] for k in got}
