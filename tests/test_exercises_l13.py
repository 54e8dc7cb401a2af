"""Checkers of lesson 13 (Europe: train stations as a graph question): the worked solutions are
right, typical wrong answers get their specific feedback (never the answer), ``...`` is not
answered, junk never raises; the lesson's position and the station choices are the rules' (EU-4)."""
from __future__ import annotations

import itertools

import pytest

from ttr_nb import exercises
from ttr_nb.analysis import station_options
from ttr_nb.cards import CARD_INDEX
from ttr_nb.exercises import l13
from ttr_nb.graph import ticket_done
from ttr_nb.rules.stations import NAME, best_use, payments


def said(key, answer) -> str:
    return str(exercises.check(key, answer))


# ---------------------------------------------------------------- the position
def test_the_lessons_position_is_a_legal_end_of_a_3_player_game():
    """Every route held once, one track of each double (B-5.8, 3 players), at most 45 trains
    each (EU-1), the stations in cities without another station (EU-4)."""
    sheet = l13.worked_example()
    board = sheet.board
    held = [c.route for s in sheet.scorers for c in s.claims]
    assert len(held) == len(set(held))
    for r in held:
        assert not set(board.twins.get(r, ())) & set(held)
    for s in sheet.scorers:
        assert sum(board.route(c.route).length for c in s.claims) <= 45
    built = [c for s in sheet.scorers for c in s.extra(NAME, ())]
    assert len(built) == len(set(built))


def test_EU_4_station_options_are_the_choices_best_use_compares():
    """For every station of the lesson's positions, the options listed one by one are the
    choices the exact search multiplies, and each option's tickets are those it completes."""
    for sheet, name in ((l13.worked_example(), "Ana"), (l13.cal_sheet(), "Cal"),
                        (l13.third_station_sheet(), "Ana")):
        i = sheet.index(name)
        use = best_use(sheet.board, sheet.scorers[i], sheet.scorers)
        options = station_options(sheet, name)
        per_city = {}
        for o in options:
            per_city.setdefault(o.city, []).append(o)
        assert list(per_city) == [c for c, _ in use.choice]
        assert use.tried == len(list(itertools.product(*per_city.values())))
        own = [c.route for c in sheet.scorers[i].claims]
        for o in options:
            if o.route is None:
                continue
            assert o.city in sheet.board.route(o.route).cities
            for t in sheet.scorers[i].tickets:
                ticket = sheet.board.ticket(t)
                new = ticket_done(sheet.board, own + [o.route], ticket) and not ticket_done(sheet.board, own, ticket)
                assert (ticket in o.completes) == new


def test_EU_4_two_borrowed_routes_beat_each_stations_best_alone():
    """The lesson's point: the best of each station on its own (Paris–Zürich) scores 20 ticket
    points less than the best pair, found by trying every combination."""
    sheet = l13.worked_example()
    use = best_use(sheet.board, sheet.scorers[0], sheet.scorers)
    alone = max((o for o in station_options(sheet, "Ana") if o.city == "Paris"), key=lambda o: o.gain)
    base = -sum(sheet.board.ticket(t).points for t in sheet.scorers[0].tickets)
    assert alone.route == sheet.board.route_id("Paris–Zürich")
    assert use.value == base + alone.gain + 20
    assert set(use.borrowed) == set(sheet.board.route_ids(["Frankfurt–Paris orange", "Frankfurt–München"]))


# ---------------------------------------------------------------- 13.1
def test_13_1_the_payments_are_the_rules():
    hand = [0] * 9
    for card, n in l13.HAND.items():
        hand[CARD_INDEX[card]] = n
    legal = [dict(p) for p in payments(hand, 2)]
    assert l13.allowed_payments() == [k for k, pay in l13.PAYMENTS.items() if pay in legal] == ["B", "C"]


@pytest.mark.parametrize("answer", [["B", "C"], ["C", "B"], "B, C", "b and c", ["(b)", "c)"]])
def test_13_1_right(answer):
    assert said("13.1", answer).startswith("Exercise 13.1: Right.")


@pytest.mark.parametrize("answer,words", [
    (["B"], "left out"),
    (["A", "B", "C"], "mixes two colours"),
    (["B", "C", "D"], "more Locomotives"),
    (["B", "C", "E"], "pays 1 card"),
])
def test_13_1_wrong_answers_say_what_to_check(answer, words):
    text = said("13.1", answer)
    assert "Not yet" in text and words in text


# ---------------------------------------------------------------- 13.2
@pytest.mark.parametrize("answer", ["München–Venezia", "Venezia-Munchen", ("München", "Venezia"),
                                    ["München–Venezia"]])
def test_13_2_right(answer):
    text = said("13.2", answer)
    assert text.startswith("Exercise 13.2: Right.") and "Berlin–Roma (9)" in text


def test_13_2_the_answer_is_the_exact_search():
    sheet = l13.cal_sheet()
    use = best_use(sheet.board, sheet.scorers[sheet.index("Cal")], sheet.scorers)
    assert use.choice == (("Venezia", sheet.board.route_id("München–Venezia")),)


@pytest.mark.parametrize("answer,words", [
    ("Venezia–Zürich", "worth 6; another route into Venezia completes a ticket worth more"),
    ("Venezia–Zagrab", "completes none of Cal's tickets"),
    ("Roma–Venezia", "Cal's own route"),
    ("Paris–Zürich", "does not end in Venezia"),
    ("Venezia–Zürich, Venezia–Zagrab", "give one route"),
])
def test_13_2_wrong_answers_say_what_to_check_never_the_answer(answer, words):
    text = said("13.2", answer)
    assert "Not yet" in text and words in text
    assert "München–Venezia" not in text


def test_13_2_every_route_into_venezia_is_claimed_and_a_route_elsewhere_is_refused():
    """Every route into Venezia is held by someone (so each is a choice or Cal's own), and an
    unclaimed route elsewhere is refused for its city."""
    sheet = l13.cal_sheet()
    held = {c.route for s in sheet.scorers for c in s.claims}
    assert all(r.id in held for r in sheet.board.routes if "Venezia" in r.cities)
    text = said("13.2", "München–Zürich")
    assert "Not yet" in text and "does not end in Venezia" in text


# ---------------------------------------------------------------- 13.3
def test_13_3_right_and_the_count_is_the_searchs():
    sheet = l13.third_station_sheet()
    use = best_use(sheet.board, sheet.scorers[0], sheet.scorers)
    assert use.tried == 64
    assert said("13.3", 64).startswith("Exercise 13.3: Right. 4 × 4 × 4 = 64")
    assert said("13.3", "64").startswith("Exercise 13.3: Right.")


@pytest.mark.parametrize("answer,words", [
    (12, "do not add up"), (9, "do not add up"), (27, "lend no route"), (96, "own routes"),
])
def test_13_3_wrong_answers_say_what_to_check_never_the_answer(answer, words):
    text = said("13.3", answer)
    assert "Not yet" in text and words in text and "64" not in text


# ---------------------------------------------------------------- every checker
@pytest.mark.parametrize("key", ["13.1", "13.2", "13.3"])
@pytest.mark.parametrize("junk", [..., None, "", "?", 3.5, float("nan"), [], {}, object, b"x", ["?"] * 3])
def test_unanswered_and_junk_never_raise(key, junk):
    text = said(key, junk)
    assert text.startswith(f"Exercise {key}: Not")
    if junk is ...:
        assert "Not answered yet" in text


def test_spoilers_name_each_exercise():
    assert set(l13.SPOILERS) == {"13.1", "13.2", "13.3"}
    assert all(l13.SPOILERS.values())
