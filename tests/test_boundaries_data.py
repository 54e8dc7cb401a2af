"""Maps, results files and the optimiser answer wrong input in the package's own words and
lose nothing (issue 36): each example of the issue is a test."""
from __future__ import annotations

import copy
import json
import os

import pytest

import ttr_nb
from ttr_nb import lab
from ttr_nb.board import MapError, parse_map
from ttr_nb.errors import IllegalAction
from ttr_nb.optimize import best_score

TINY = {"key": "tiny", "name": "Tiny",
        "cities": [{"name": "Ana Town", "x": 0.1, "y": 0.1}, {"name": "Bea Town", "x": 0.9, "y": 0.5}],
        "routes": [{"id": 1, "a": "Ana Town", "b": "Bea Town", "length": 2, "color": "red"}],
        "tickets": [{"id": "T1", "a": "Ana Town", "b": "Bea Town", "points": 3, "decks": ["main"]}],
        "decks": {"main": "the tickets"}}


def _map(**change):
    doc = copy.deepcopy(TINY)
    doc.update(change)
    return json.dumps(doc)


def test_a_two_city_board_loads_draws_and_is_solved():
    board = parse_map(_map(), "tiny.json")
    assert ttr_nb.show(board) is not None
    assert best_score(board, trains=5).score == 2 + 3
    from ttr_nb.analysis import whole_board_trail
    assert whole_board_trail(board).trail.length == 2


@pytest.mark.parametrize("key", ["../../etc", "a/b", "USA", "", "x" * 41, "1usa"])
def test_a_map_key_is_a_plain_name(key):
    with pytest.raises(MapError, match="key"):
        parse_map(_map(key=key), "bad.json")


def test_two_cities_that_read_the_same_are_refused():
    cities = copy.deepcopy(TINY["cities"]) + [{"name": "ANA-TOWN", "x": 0.5, "y": 0.9}]
    with pytest.raises(MapError, match="reads the same as city 'Ana Town'"):
        parse_map(_map(cities=cities), "bad.json")


def test_a_city_position_that_is_not_a_number_is_refused():
    cities = copy.deepcopy(TINY["cities"])
    cities[0]["x"] = "x"
    with pytest.raises(MapError, match="'x' must be a number"):
        parse_map(_map(cities=cities), "bad.json")


def test_a_board_of_one_city_or_of_cities_at_one_point_is_refused():
    with pytest.raises(MapError, match="needs two cities and a route"):
        parse_map(_map(cities=TINY["cities"][:1], routes=[], tickets=[]), "one.json")
    same = [{"name": "Ana Town", "x": 0.2, "y": 0.2}, {"name": "Bea Town", "x": 0.2, "y": 0.2}]
    with pytest.raises(MapError, match="every city is at the same point"):
        parse_map(_map(cities=same), "point.json")


def test_a_map_bigger_than_any_board_is_refused_before_it_is_built():
    cities = [{"name": f"C{k}", "x": (k % 100) / 100, "y": (k // 100) / 100} for k in range(301)]
    with pytest.raises(MapError, match="a map has at most 300"):
        parse_map(_map(cities=cities), "huge.json")


@pytest.mark.parametrize("bad", [[5], "x", 5, None, [None]])
def test_lab_tables_take_only_game_results(bad):
    with pytest.raises(ValueError, match="results are a list of game results"):
        lab.win_rates(bad)


@pytest.fixture(scope="module")
def results():
    return ttr_nb.simulate("usa", 2, games=3, seed=1, keep_lines=True)


@pytest.mark.parametrize("where,value", [("score", "x"), ("total", "x"), ("points", "x"), ("seats", "x")])
def test_a_results_line_with_a_broken_score_names_the_file_and_line(results, tmp_path, where, value):
    doc = json.loads(results[0].to_json_line())
    player = doc["score"]["players"][0]
    if where == "score":
        doc["score"] = value
    elif where == "total":
        player["total"] = value
    elif where == "points":
        player["lines"][0]["points"] = value
    else:
        player["seats"][0] = value
    f = tmp_path / "run.jsonl"
    f.write_text(json.dumps(doc) + "\n")
    with pytest.raises(ValueError, match=r"run\.jsonl, line 1: not a game result"):
        lab.read_results(f)


def test_writing_results_over_a_file_never_empties_it_when_stopped(results, tmp_path):
    f = tmp_path / "run.jsonl"
    assert lab.write_results(results, f) == 3

    def stopped():
        yield results[0]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        lab.write_results(stopped(), f)
    assert lab.read_results(f) == list(results)  # the old file is whole
    assert len(lab.read_results(str(f) + ".partial")) == 1  # what was written is kept aside
    with pytest.raises(ValueError, match="is a folder"):
        lab.write_results(results, tmp_path)
    assert not os.path.exists(tmp_path / "never.jsonl")


@pytest.mark.parametrize("kwargs,words", [({"trains": 10 ** 30}, "at most 999"), ({"trains": 100_000}, "at most 999"),
                                          ({"trains": -1}, "at least 0"), ({"trains": 2.5}, "whole number"),
                                          ({"routes": []}, "routes is empty")])
def test_the_optimiser_refuses_budgets_and_route_lists_no_board_has(kwargs, words):
    with pytest.raises(IllegalAction, match=words):
        best_score("usa", time_limit=1, **kwargs)


def test_a_checker_never_echoes_a_huge_answer_nor_lets_a_broken_one_escape():
    from ttr_nb import exercises

    long = exercises.check("04.3", "x" * 1_000_000)
    assert long.status == "not yet" and len(str(long)) < 500

    class Broken:
        def __str__(self):
            raise RuntimeError("boom")

        __repr__ = __str__

        def __iter__(self):
            raise RuntimeError("boom")

    for key in ("04.3", "08.1", "10.2", "12.1"):
        fb = exercises.check(key, Broken())
        assert fb.status == "not yet"


@pytest.mark.parametrize("args,words", [
    (["render", "-o", ""], "the name is empty"),
    (["render", "--step", "-1", "-o", "x.png"], "0 or more"),
    (["render", "-o", "board.txt"], "a picture's file name ends with"),
    (["best-score", "usa", "--trains", "99999999999999999999999"], "at most 999"),
    (["lessons", ""], "the name is empty"),
])
def test_the_command_line_refuses_in_words_and_writes_nothing(args, words, tmp_path, monkeypatch, capsys):
    from ttr_nb.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(args) != 0
    err = capsys.readouterr()
    assert words in err.err + err.out
    assert list(tmp_path.iterdir()) == []


def test_the_command_line_refuses_a_folder_as_a_picture(tmp_path, capsys):
    from ttr_nb.cli import main

    assert main(["render", "-o", str(tmp_path)]) != 0
    assert "is a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_check_map_answers_a_name_too_long_for_the_system(capsys):
    from ttr_nb.cli import main

    assert main(["check-map", "x" * 300]) != 0
    out = capsys.readouterr().out
    assert "no such map" in out and "(300 characters)" in out


def test_a_run_of_a_billion_games_is_refused_with_the_way_to_do_it():
    """issue 36: simulate(games=10**9) used to start without a word (days of work, and a
    Ctrl-C lost everything): it is refused, and the message says how to run it in parts."""
    with pytest.raises(ValueError, match=r"at most 10,000,000 .*write_results\(simulate_iter"):
        ttr_nb.simulate("usa", 2, games=10 ** 9)
