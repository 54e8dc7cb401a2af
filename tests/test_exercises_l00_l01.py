"""Checkers of lessons 00 and 01: the worked solution is right, typical mistakes get their own
message, ``...`` is "not answered", and junk never raises. The right answers are computed
here from the engine and the graph functions, as the checkers do, so a change in the rules
or the boards moves both."""
from __future__ import annotations

import re

import numpy as np
import pytest

import ttr_nb
from ttr_nb import exercises, graph
from ttr_nb.actions import ClaimRoute, DrawCard
from ttr_nb.exercises import l00, l01

JUNK = [None, ..., "", "banana", 3.5, -1, [], {}, ("a",), [[1, 2]], object(), float("nan"), True]
KEYS = ["00.1", "00.2", "00.3", "01.1", "01.2", "01.3", "01.4"]


def check(key, answer):
    return exercises.check(key, answer)


@pytest.mark.parametrize("key", KEYS)
def test_each_exercise_is_registered_and_starts_unanswered(key):
    assert exercises.checker_of(key) is not None
    fb = check(key, ...)
    assert fb.status == "not answered" and str(fb).startswith(f"Exercise {key}: Not answered yet:")


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("junk", JUNK, ids=lambda v: "object()" if type(v) is object else repr(v))
def test_junk_never_raises_and_is_never_right(key, junk):
    fb = check(key, junk)
    assert fb.status in ("not yet", "not answered"), fb


# -- 00 --------------------------------------------------------------------------------------
def test_00_1_seattle_tracks_and_neighbours():
    usa = ttr_nb.load_map("usa")
    tracks = graph.degrees(usa)["Seattle"]
    near = len(usa.to_networkx()["Seattle"])
    assert (tracks, near) == (6, 4)   # what the lesson's solution says
    assert check("00.1", (tracks, near)).ok
    assert check("00.1", [str(tracks), near]).ok
    assert "swapped" in check("00.1", (near, tracks)).message
    assert "double route is two tracks" in check("00.1", (near, near)).message
    assert "counted once" in check("00.1", (tracks, tracks)).message
    assert "pair" in check("00.1", 6).message


def test_00_2_fewest_trains_on_legendary_asia():
    asia = ttr_nb.load_map("legendary_asia")
    best, routes = graph.cheapest_cost(asia, "Krasnoyarsk", "Peking")
    path = list(ttr_nb.connect(asia, routes, "Krasnoyarsk", "Peking").cities)
    assert check("00.2", path).ok
    assert check("00.2", path[::-1]).ok
    assert check("00.2", ["krasnoyarsk", "dihua", "peking"]).ok
    by_cars = ttr_nb.connect(asia, [r.id for r in asia.routes], "Krasnoyarsk", "Peking")
    cars_trains = sum(asia.route(r).trains for r in by_cars.routes)
    assert cars_trains > best
    fb = check("00.2", list(by_cars.cities))
    assert not fb.ok and "fewest cars" in fb.message and f"{cars_trains} in all" in fb.message
    assert "no route joins Krasnoyarsk and Peking" in check("00.2", ["Krasnoyarsk", "Peking"]).message
    assert "must run from Krasnoyarsk to Peking" in check("00.2", ["Krasnoyarsk", "Dihua"]).message
    assert "twice" in check("00.2", ["Krasnoyarsk", "Dihua", "Krasnoyarsk", "Dihua", "Peking"]).message
    assert "not a city" in check("00.2", ["Krasnoyarsk", "Atlantis", "Peking"]).message
    for short in ([], ["Krasnoyarsk"]):
        fb = check("00.2", short)
        assert not fb.ok and "in order, from Krasnoyarsk to Peking" in fb.message
        assert "could not read" not in fb.message


def test_00_path_trains_counts_mountains_and_refuses_to_pass_a_country():
    asia = ttr_nb.load_map("legendary_asia")
    r = next(r for r in asia.routes if r.mountains and len(asia.routes_between(r.a, r.b)) == 1)
    assert l00.path_trains(asia, [r.a, r.b]) == (r.length + r.mountains, r.length)
    africa = ttr_nb.load_map("heart_of_africa")
    fb = None
    try:
        l00.path_trains(africa, ["Douala", "Nigeria", "Ngaoundéré"])
    except ValueError as exc:   # answer_error
        fb = str(exc)
    assert fb is not None and "country" in fb


def test_00_3_seattle_new_york_cheapest_path():
    usa = ttr_nb.load_map("usa")
    best = graph.cheapest_cost(usa, "Seattle", "New York")[0]
    assert check("00.3", best).ok and check("00.3", str(best)).ok
    assert "what the ticket is worth" in check("00.3", 22).message
    assert "that cheap" in check("00.3", best - 3).message
    assert "cheaper path" in check("00.3", best + 5).message


# -- 01 --------------------------------------------------------------------------------------
def test_01_1_B_4_4_no_face_up_locomotive_as_second_card():
    quiz = l01.bea_second_card()
    assert quiz.pending == "second-card" and quiz.names[quiz.current_player] == "Bea"
    assert "locomotive" in quiz.view(1)["display"]
    reason = quiz.why_not(DrawCard("locomotive"))
    assert reason is not None
    right = check("01.1", False)
    assert right.ok and reason in right.message
    assert check("01.1", "no").ok
    wrong = check("01.1", True)
    assert not wrong.ok and "refuses" in wrong.message and reason in wrong.message


def test_01_2_B_5_1_ways_to_pay_counted_by_the_engine():
    quiz = l01.ana_with_a_locomotive()
    assert quiz.current_player == 0 and quiz.hand(0)["locomotive"] == 1
    rid = quiz.board.route_id(l01.ROUTE_12)
    n = sum(isinstance(a, ClaimRoute) and a.route == rid for a in quiz.legal_actions())
    assert n == 4   # what the lesson's solution says
    assert check("01.2", n).ok
    assert "there are more" in check("01.2", n - 1).message
    assert "there are fewer" in check("01.2", n + 1).message


def test_01_3_B_5_9_cost_and_score():
    usa = ttr_nb.load_map("usa")
    routes = [usa.route(usa.route_id(r)) for r in l01.ROUTES_13]
    cards = sum(r.length for r in routes)
    points = sum(usa.route_points(r.length) for r in routes)
    assert (cards, points) == (10, 22)
    assert check("01.3", (cards, points)).ok and check("01.3", [cards, points]).ok
    assert "number of spaces" in check("01.3", (cards, cards)).message
    assert "one card per space" in check("01.3", (cards - 1, points)).message
    assert "scoring table" in check("01.3", (cards, points - 1)).message
    assert "pair" in check("01.3", "10, 22").message
    assert "swapped" in check("01.3", (points, cards)).message


def test_01_4_B_7_2_everyone_plays_once_more_after_the_trigger():
    end = l01.five_player_end()
    trigger = (end.current_player - 1) % end.n
    assert end.final_round and end.trains[trigger] <= 2
    left = end.view(None)["turns_left"]
    assert left == end.n == 5
    assert check("01.4", left).ok
    assert "who started the final round" in check("01.4", left - 1).message
    assert "2 trains or fewer" in check("01.4", 0).message


def test_01_4_feedback_says_what_to_check_never_the_number_of_turns_or_players():
    """Issue 33: a wrong answer is told what to check (who plays after the trigger, the
    trigger too), never the number of players or of turns left, which is the answer."""
    end = l01.five_player_end()
    left = end.view(None)["turns_left"]
    for n in [k for k in range(0, 12) if k != left] + [-1, 100]:
        msg = check("01.4", n).message
        assert not check("01.4", n).ok
        assert not re.search(rf"(?<!\d){left}(?!\d)", msg) and "five" not in msg.lower(), (n, msg)
        assert "players" not in msg or "there are" not in msg, (n, msg)


@pytest.mark.parametrize("given", [5, "5", 5.0, [5], np.int64(5), np.array(5)])
def test_01_4_reads_the_answer_in_every_form(given):
    assert check("01.4", given).ok


def test_00_1_example_in_the_form_is_not_half_the_answer():
    """The "not answered" example (3, 2) shares no number with the answer (6, 4)."""
    msg = check("00.1", ...).message
    assert "(3, 2)" in msg and "(5, 4)" not in msg
    assert check("00.1", np.array([6, 4])).ok


def test_lesson_game_is_the_same_every_time():
    a, b = l01.lesson_game(), l01.lesson_game()
    assert a.state_json() == b.state_json() and a.pending == "turn" and a.current_player == 0
