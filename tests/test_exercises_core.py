"""ttr_nb.exercises: feedback in words, never an exception (issue 13); the answer readers."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb import exercises
from ttr_nb.exercises import _core
from ttr_nb.exercises._answers import (find_ticket, read_bool, read_int_pair, read_choice, read_cities, read_int, read_number,
                                       read_routes, read_trail, walk_trail)


@pytest.fixture
def registered(monkeypatch):
    _core._load_all()  # the lessons' checkers first, so the copy holds them all
    monkeypatch.setattr(_core, "_REGISTRY", dict(_core._REGISTRY))

    @exercises.exercise("98.1", "Seven", "a whole number")
    def _seven(answer):
        n = read_int(answer)
        return exercises.right("seven it is.") if n == 7 else exercises.not_yet(f"{n} is not seven.")

    @exercises.exercise("98.2", "Broken", "anything")
    def _broken(answer):
        raise ZeroDivisionError("division by zero")

    @exercises.exercise("98.3", "Silent", "anything")
    def _silent(answer):
        return True
    return _core._REGISTRY


def test_right_wrong_and_unanswered_are_told_apart(registered):
    ok = exercises.check("98.1", 7)
    assert ok and ok.ok and str(ok) == "Exercise 98.1: Right. seven it is."
    wrong = exercises.check("98.1", "8")
    assert not wrong and str(wrong) == "Exercise 98.1: Not yet: 8 is not seven."
    for blank in (..., None):
        fb = exercises.check("98.1", blank)
        assert fb.status == "not answered" and "replace the ... with a whole number" in str(fb)


def test_check_never_raises(registered):
    assert "give a whole number" in str(exercises.check("98.1", "seven"))
    assert "could not read your answer (division by zero)" in str(exercises.check("98.2", 1))
    assert "gave no verdict" in str(exercises.check("98.3", 1))
    assert "there is no exercise 97.1" in str(exercises.check("97.1", 1))
    assert "there is no exercise" in str(exercises.check(None, 1))


def test_a_key_cannot_be_registered_by_two_checkers(registered):
    with pytest.raises(ValueError, match="twice"):
        @exercises.exercise("98.1", "Another", "x")
        def _other(answer):
            return exercises.right()


def test_readers_say_what_is_wrong():
    assert read_number("1,234") == 1234 and read_int(7.0) == 7
    with pytest.raises(_core.AnswerError, match="whole number"):
        read_int(7.5)
    with pytest.raises(_core.AnswerError):
        read_number(True)
    for bad in (float("nan"), float("inf"), "nan"):
        with pytest.raises(_core.AnswerError, match="give a whole number"):
            read_int(bad)
    assert read_choice(" Yes. ", ["yes", "no"]) == "yes" and read_bool("no") is False
    assert read_int_pair([5, "12"], "give a pair", "cards", "points") == (5, 12)
    for bad in ("5, 12", (5,), {5, 12}, 5):
        with pytest.raises(_core.AnswerError, match="give a pair"):
            read_int_pair(bad, "give a pair", "cards", "points")
    with pytest.raises(_core.AnswerError, match="give points"):
        read_int_pair((5, "many"), "give a pair", "cards", "points")
    usa = ttr_nb.load_map("usa")
    assert read_cities(usa, ["denver", "Omaha"]) == ["Denver", "Omaha"]
    assert read_cities(usa, ["Montreal", "New  York"]) == ["Montréal", "New York"]
    with pytest.raises(_core.AnswerError, match="not a city"):
        read_cities(usa, ["Denvr"])
    assert read_routes(usa, "Denver–Omaha") == [usa.find_route("Denver", "Omaha").id]
    with pytest.raises(_core.AnswerError, match="No route joins"):
        read_routes(usa, ["Denver–Miami"])


def test_find_ticket_by_id_cities_either_way_or_label_forgiving_accents():
    usa = ttr_nb.load_map("usa")
    ids = [t.id for t in usa.tickets_in("original")]
    t = next(usa.ticket(i) for i in ids if "Montréal" in (usa.ticket(i).a, usa.ticket(i).b))
    plain = lambda s: s.replace("é", "e")  # noqa: E731
    for text in (t.id, f"{t.a}–{t.b}", f"{plain(t.b)}-{plain(t.a)}", t.label(), f" {t.a.upper()} — {t.b} "):
        assert find_ticket(usa, text, ids) == t, text
    assert find_ticket(usa, "Denver–Atlantis", ids) is None
    assert find_ticket(usa, 7, ids) is None


def test_walk_trail_names_the_route_used_twice_or_missing():
    usa = ttr_nb.load_map("usa")
    mine = usa.route_ids(["Denver–Omaha", "Helena–Denver"])
    assert walk_trail(usa, ["Omaha", "Denver", "Helena"], mine) == [mine[0], mine[1]]
    with pytest.raises(_core.AnswerError, match="uses Denver–Omaha twice"):
        walk_trail(usa, ["Omaha", "Denver", "Omaha"], mine)
    with pytest.raises(_core.AnswerError, match="not one of the routes"):
        walk_trail(usa, ["Helena", "Seattle"], mine)
    assert read_trail(usa, ["omaha", "Denver", "Helena"], mine) == (
        ["Omaha", "Denver", "Helena"], [mine[0], mine[1]], 8)
    with pytest.raises(_core.AnswerError, match="uses Denver–Omaha twice"):
        read_trail(usa, ["Omaha", "Denver", "Omaha"], mine)
    # a double: both tracks may be used, once each
    both = usa.route_ids(["Seattle–Portland", "Seattle–Portland"])
    assert len(set(walk_trail(usa, ["Seattle", "Portland", "Seattle"], both))) == 2


def test_board_route_id_reads_every_spelling():
    usa = ttr_nb.load_map("usa")
    rid = usa.find_route("Denver", "Omaha").id
    for spec in ("Denver–Omaha", "Denver-Omaha", "Omaha - Denver", ("Denver", "Omaha"), rid,
                 usa.route(rid), "Denver–Omaha pink", ("Denver", "Omaha", "pink")):
        assert usa.route_id(spec) == rid
    with pytest.raises(KeyError, match="no city called"):
        usa.route_id("Denver–Atlantis")
    assert usa.route_id("montreal–boston") == usa.route_ids(["Montréal–Boston"])[0]
    with pytest.raises(KeyError, match="no route with id"):
        usa.route_id(10_000)
    with pytest.raises(TypeError):
        usa.route_id(True)


def test_show_draws_a_board_a_game_and_a_sheet():
    usa = ttr_nb.load_map("usa")
    pic = ttr_nb.show(usa, highlight=["Denver–Omaha"], cities=["Denver"])
    assert pic.data[:8] == b"\x89PNG\r\n\x1a\n"
    game = ttr_nb.new_game("usa", 2, seed=1)
    assert ttr_nb.show(game).data[:4] == b"\x89PNG"
    assert ttr_nb.show(game.score()).data[:4] == b"\x89PNG"
    with pytest.raises(TypeError, match="Board, a Game or a Scoresheet"):
        ttr_nb.show("usa")
