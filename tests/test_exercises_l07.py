"""Lesson 07's checkers (The Heart of Africa): the worked solutions are right, typical mistakes get
their own message, ``...`` is "not answered", and junk never raises."""
from __future__ import annotations

import pytest

from ttr_nb import exercises
from ttr_nb.exercises import l07
from ttr_nb.rules import terrain

JUNK = [42, 3.5, "xyz", {"a": 1}, [1, 2], ("a",), object(), True, [None], ["Zed"]]


def says(key, answer):
    fb = exercises.check(key, answer)
    return fb.status, str(fb)


@pytest.mark.parametrize("key", ["07.1", "07.2", "07.3", "07.4"])
def test_unanswered_and_junk(key):
    assert exercises.check(key, ...).status == "not answered"
    for junk in JUNK:
        fb = exercises.check(key, junk)
        assert fb.status in ("not yet", "right") and str(fb).startswith(f"Exercise {key}")


def test_07_1_H_5_3_ties_qualify_fewer_does_not():
    game = l07.exercise_position()
    route = terrain.routes_of(game.board, l07.EXERCISE_TERRAIN)[0]
    allowed = [n for s, n in enumerate(l07.NAMES) if terrain.double_why_not(game, s, route) is None]
    assert allowed == ["Ana", "Dee"]
    assert says("07.1", ["dee", "Ana"])[0] == "right"
    status, text = says("07.1", ["Dee"])
    assert status == "not yet" and "Ana may double too" in text and "tie" in text
    assert says("07.1", [])[0] == "not yet"


def test_07_1_H_5_3_spent_cards_no_longer_count_for_the_majority():
    """Cal held 1 Jungle & Forest card at turn 51 and spent it doubling: two turns later he may
    not double, and the feedback says why; Bea never held one and gets no such remark."""
    status, text = says("07.1", ["Ana", "Cal", "Dee"])
    assert status == "not yet" and "Cal may not" in text and "Ana holds 1" in text
    assert "Cal spent a Jungle & Forest card doubling Dar es Salaam–Nacala" in text
    status, text = says("07.1", ["Bea", "Ana", "Dee"])
    assert status == "not yet" and "Bea may not" in text and "spent" not in text


def test_07_2_doubled_route_scores_twice_its_table_value():
    board = l07._board()
    r = board.route(board.route_id(l07.DOUBLED_ROUTE))
    right = (terrain.cards_needed(r.length), 2 * board.route_points(r.length))
    assert right == (2, 30)
    assert says("07.2", right)[0] == "right"
    assert says("07.2", ["2", "30"])[0] == "right"
    assert "the route alone" in says("07.2", (2, 15))[1]
    assert "2 points a space" in says("07.2", (2, 12))[1]
    assert "4–6 spaces 2" in says("07.2", (1, 30))[1]
    assert "not 25" in says("07.2", (2, 25))[1]
    assert "two numbers" in says("07.2", 30)[1]


def test_07_3_H_8_2_no_path_through_a_country():
    conn = l07.network_connections()
    assert [t for t in l07.TICKETS if conn[t].connected] == ["T32"]
    assert says("07.3", ["Tchad–Nairobi"])[0] == "right"
    assert says("07.3", ["T32"])[0] == "right"
    assert says("07.3", "Tchad-Nairobi")[0] == "right"
    status, text = says("07.3", ["Tchad–Nairobi", "Yaoundé–Kisangani"])
    assert status == "not yet" and "dead end" in text
    status, text = says("07.3", [])
    assert status == "not yet" and "Tchad–Nairobi (14) is complete too" in text
    assert "not one of the three tickets" in says("07.3", ["Nairobi–Cape Town"])[1]


def test_07_4_H_9_2_every_tied_player_scores_the_globetrotter():
    sheet = l07.globetrotter_sheet()
    won = [sheet.names[i] for i in sheet.awarded["globetrotter"]]
    assert won == ["Ana", "Bea"]
    assert says("07.4", ["Bea", "ana"])[0] == "right"
    status, text = says("07.4", ["Ana"])
    assert status == "not yet" and "Bea also completed 5" in text
    status, text = says("07.4", ["Dee"])
    assert status == "not yet" and "Dee completed 3 tickets" in text
    assert "somebody scores it" in says("07.4", [])[1]


def test_07_1_names_in_one_string_are_read_as_a_list():
    assert says("07.1", "Ana, Dee")[0] == "right"
    assert says("07.1", "Ana Dee")[0] == "right"
    assert "Dee may double too" in says("07.1", "Ana")[1]


def test_07_3_H_8_3_a_ticket_end_no_route_reaches_is_not_a_dead_end_problem():
    """Tchad–Luanda fails because no route reaches Luanda, not because of the dead end (H-8.2):
    the feedback must not blame the country."""
    status, text = says("07.3", ["Tchad–Luanda"])
    assert status == "not yet" and "none of the player's routes reaches Luanda" in text
    assert "dead end" not in text
    status, text = says("07.3", ["Yaoundé–Kisangani"])
    assert "from Yaoundé the player's routes reach Ngaoundéré, Tchad," in text and "dead end" in text
