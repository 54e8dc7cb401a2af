"""The checkers of lessons 08 (Team Asia) and 09 (Legendary Asia): the worked solutions are
right, typical mistakes get their own message, ``...`` is "not answered", junk never raises."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from ttr_nb.exercises import check
from ttr_nb.exercises.l08 import double_verdicts, payment_verdicts, read_probability

KEYS = ["08.1", "08.2", "08.3", "09.1", "09.2", "09.3"]


@pytest.mark.parametrize("key", KEYS)
def test_unanswered_is_not_answered(key):
    assert check(key, ...).status == "not answered"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("junk", [object(), {"a": 1}, "zzz", -3, [None, None], b"x", True])
def test_junk_never_raises_and_is_not_yet(key, junk):
    fb = check(key, junk)
    assert fb.status == "not yet" and fb.message


# -- 08.1: the Europe rule (EU-3, TA-18) ------------------------------------------------
def test_08_1_exact_fraction_decimal_and_text_are_right():
    want = Fraction(comb(44, 3), comb(53, 3))
    for answer in (want, float(want), round(float(want), 3), f"{want.numerator}/{want.denominator}", "0.565"):
        assert check("08.1", answer).ok, answer


def test_08_1_the_complement_and_with_replacement_get_their_own_message():
    want = Fraction(comb(44, 3), comb(53, 3))
    assert "at least one extra card" in check("08.1", 1 - want).message
    assert "with replacement" in check("08.1", (44 / 53) ** 3).message
    assert "the 4 cards this tunnel reveals" in check("08.1", 0.464).message  # the lesson's value
    assert "Count the sets" in check("08.1", 0.5).message


def test_08_1_a_number_outside_0_1_is_refused_in_words():
    assert "between 0 and 1" in check("08.1", 1.5).message
    for junk in (float("nan"), float("inf")):
        fb = check("08.1", junk)
        assert fb.status == "not yet" and "give a probability" in fb.message
    with pytest.raises(ValueError):
        read_probability("a/b")


# -- 08.2: paying from the hand and the team holder (TA-10) ------------------------------
def test_08_2_verdicts_come_from_the_rules():
    v = payment_verdicts()
    assert v["A"] is None and v["D"] is None
    assert "partner's hand" in v["B"] and "team holder" in v["C"]


def test_08_2_right_and_wrong_answers():
    assert check("08.2", ["A", "D"]).ok
    assert check("08.2", ["d", "a"]).ok
    fb = check("08.2", ["A", "B", "D"])
    assert not fb.ok and fb.message.startswith("B is not allowed") and "partner's hand" in fb.message
    fb = check("08.2", ["A"])
    assert not fb.ok and "D is allowed too" in fb.message
    assert "C is not allowed" in check("08.2", ["A", "C", "D"]).message
    assert "letter" in check("08.2", ["Z"]).message
    assert check("08.2", "AD").ok and check("08.2", "A, D").ok


def test_08_2_refusals_continue_the_sentence_and_keep_names():
    assert "C is not allowed: the team holder" in check("08.2", ["A", "C", "D"]).message
    assert "B is not allowed: Dee holds only 1 pink" in check("08.2", ["A", "B", "D"]).message


# -- 08.3: the two-team double rule (TA-20) ----------------------------------------------
def test_08_3_verdicts_come_from_the_rules():
    assert double_verdicts() == (False, True, False)


def test_08_3_right_and_wrong_answers():
    assert check("08.3", [False, True, False]).ok
    assert check("08.3", ["no", "yes", "no"]).ok
    assert "only one track" in check("08.3", [True, True, False]).message
    assert "open to the other team" in check("08.3", [False, False, False]).message
    assert "partner" in check("08.3", [False, True, True]).message
    assert "three" in check("08.3", [False, True]).message


# -- 09.1: a mountain route's value (LA-9, LA-10) ----------------------------------------
def test_09_1_right_and_wrong_answers():
    assert check("09.1", (4, 6)).ok and check("09.1", ["4", "6"]).ok
    assert "Mountain Crossing" in check("09.1", (2, 6)).message
    assert "route table's value" in check("09.1", (4, 2)).message
    assert "ordinary route of 4 spaces" in check("09.1", (4, 7)).message
    assert "pair" in check("09.1", 6).message
    assert "not 1 train:" in check("09.1", (1, 6)).message


# -- 09.2: points per train --------------------------------------------------------------
def test_09_2_right_and_wrong_answers():
    assert check("09.2", "ordinary").ok and check("09.2", "Ordinary.").ok
    fb = check("09.2", "mountain")
    assert not fb.ok and "1.8 per train" in fb.message and "2.0 per train" in fb.message
    assert not check("09.2", "the same").ok


# -- 09.3: the Asian Explorer (LA-12) ----------------------------------------------------
def test_09_3_right_and_wrong_answers():
    assert check("09.3", ["Ana", "Bea"]).ok and check("09.3", ["bea", "ana"]).ok
    assert "only the biggest one counts" in check("09.3", ["Cal"]).message
    assert "branches count" in check("09.3", ["Bea"]).message
    assert "tied players each score it" in check("09.3", ["Ana"]).message
    assert "name" in check("09.3", ["Zed"]).message
