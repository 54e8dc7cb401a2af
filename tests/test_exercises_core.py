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


# -- issue 33: one way to read answers in every lesson ----------------------------------------
from fractions import Fraction  # noqa: E402

import numpy as np  # noqa: E402

from ttr_nb.exercises._answers import (Probability, name_key, read_city, read_items,  # noqa: E402
                                       read_names, read_probability, read_ticket, read_tickets,
                                       same_name)


@pytest.mark.parametrize("given", ["c", "C", "(c)", "c)", "c.", "[c]", " ( C ) ", ["c"], ("c",),
                                   "c) the odd cities, and s and t"])
def test_read_choice_takes_a_letter_as_students_write_it(given):
    assert read_choice(given, ["a", "b", "c"], "a letter") == "c"


@pytest.mark.parametrize("given", ["a closed trail", "d", "(d)", "", ["a", "b"], 3, None])
def test_read_choice_refuses_what_is_not_one_choice(given):
    with pytest.raises(_core.AnswerError, match="one of 'a', 'b', 'c'"):
        read_choice(given, ["a", "b", "c"], "a letter")


def test_names_compare_without_case_hyphens_spaces_or_accents():
    styles = ["route-focus", "destination-hungry", "long-route", "one-step"]
    for typed in ("destination hungry", "Destination-Hungry", "DESTINATION_HUNGRY.", "destination–hungry"):
        assert read_choice(typed, styles, "a style") == "destination-hungry"
    assert name_key("Sault St. Marie") == name_key("sault st marie") and same_name("Montréal", "montreal")
    usa = ttr_nb.load_map("usa")
    assert read_city(usa, "sault-st-marie") == "Sault St. Marie" and read_city(usa, ["Denver"]) == "Denver"


@pytest.mark.parametrize("given", ["Ana, Cal", "Ana and Cal", "ana; cal", "Ana Cal", ["Ana", "Cal"],
                                   ("cal", "ANA"), {"Ana", "Cal"}, np.array(["Ana", "Cal"]), "Ana, Cal, Ana"])
def test_read_names_takes_a_list_or_one_string(given):
    assert sorted(read_names(given, ["Ana", "Bea", "Cal"], "player names")) == ["Ana", "Cal"]


def test_read_names_one_name_empty_and_bad_input():
    names = ["Ana", "Bea", "Cal"]
    assert read_names("Bea", names) == ["Bea"] == read_names(["bea"], names)
    assert read_names([], names) == [] == read_names("", names)
    with pytest.raises(_core.AnswerError, match="at least one"):
        read_names([], names, "player names", allow_empty=False)
    with pytest.raises(_core.AnswerError, match="'Dan'"):
        read_names("Ana, Dan", names, "player names")
    with pytest.raises(_core.AnswerError, match=r"such as \['Ana', 'Bea'\]"):
        read_names(5, names, "player names")
    styles = ["route-focus", "destination-hungry"]
    assert read_names("destination hungry, route focus", styles, "styles") == ["destination-hungry", "route-focus"]


def test_list_messages_give_real_examples_not_placeholders():
    usa = ttr_nb.load_map("usa")
    for bad, read in ((5, lambda a: read_cities(usa, a)), (5, lambda a: read_names(a, ["Ana", "Bea"])),
                      (5, lambda a: read_tickets(usa, a, ["N05", "C18"])),
                      (5, lambda a: read_items(a, str, "variant names", ["usa-1910"]))):
        with pytest.raises(_core.AnswerError) as err:
            read(bad)
        assert "['A', 'B']" not in str(err.value) and "such as [" in str(err.value)


@pytest.mark.parametrize("given", [0.565, "0.565", "56.5%", "56.5 %", 56.5, "56,5%", np.float64(0.565),
                                   np.array(0.565), [0.565], Fraction(113, 200), "113/200"])
def test_read_probability_reads_every_way_of_writing_it(given):
    p = read_probability(given)
    assert isinstance(p, Probability) and p == pytest.approx(0.565) and p.exact == Fraction(113, 200)


def test_read_probability_says_when_it_read_a_percentage():
    assert read_probability(0.565).note == ""
    assert "56.5%" in read_probability("56.5%").note
    note = read_probability(56.5).note
    assert "percentage" in note and "0.565" in note
    assert read_probability(1).note == "" and read_probability(1) == 1.0
    assert read_probability("6622/11713").exact == Fraction(6622, 11713)


@pytest.mark.parametrize("given", [150, -0.1, "-5%", "x", True, np.bool_(True), float("nan"), None, [0.1, 0.2]])
def test_read_probability_refuses_what_is_not_a_probability(given):
    with pytest.raises(_core.AnswerError):
        read_probability(given)


@pytest.mark.parametrize("given", [np.int64(7), np.int32(7), np.float64(7.0), np.array(7), np.array([7]),
                                   [7], "7", 7.0, "7 "])
def test_numbers_read_numpy_scalars_and_arrays(given):
    assert read_int(given) == 7 and read_number(given) == 7.0


def test_numbers_refuse_numpy_booleans_and_fractions_of_a_whole():
    with pytest.raises(_core.AnswerError):
        read_int(np.bool_(True))
    with pytest.raises(_core.AnswerError, match="whole number"):
        read_int(np.float64(7.5))
    assert read_int_pair(np.array([5, 12]), "give a pair", "a", "b") == (5, 12)


def test_routes_and_tickets_read_from_one_string_or_a_list():
    usa = ttr_nb.load_map("usa")
    both = read_routes(usa, ["Denver–Omaha", "Omaha–Chicago"])
    assert read_routes(usa, "Denver–Omaha, Omaha–Chicago") == both
    assert read_routes(usa, [np.int64(both[0])]) == both[:1]
    ids = ["N05", "C18", "C30"]
    assert [t.id for t in read_tickets(usa, "Denver–Saint Louis, Montreal-Chicago", ids)] == ["N05", "C18"]
    assert [t.id for t in read_tickets(usa, ["chicago – montréal"], ids)] == ["C18"]
    assert read_ticket(usa, ["Denver - Saint Louis"], ids).id == "N05"
    with pytest.raises(_core.AnswerError, match="not one of Ravi's tickets"):
        read_ticket(usa, "Denver–Atlantis", ids, "Ravi's tickets")
    assert read_cities(usa, "Seattle, Helena → Denver") == ["Seattle", "Helena", "Denver"]
