"""Checkers of lesson 12 (playing styles): right answers, typical wrong ones with their specific
feedback, unanswered, junk (never raises)."""
from __future__ import annotations

import pytest

from ttr_nb import exercises
from ttr_nb.tournament import load_tournament


def said(key, answer) -> str:
    return str(exercises.check(key, answer))


def test_12_1_the_winner_of_team_asia_is_right_another_style_is_not():
    best = load_tournament().winners()[("team-asia", 4)]
    assert "Right." in said("12.1", best)
    assert "Right." in said("12.1", best.upper() + ".")
    other = next(s for s in ("long-route", "one-step", "route-focus") if s != best)
    text = said("12.1", other)
    assert "Not yet" in text and other in text and "highest win rate" in text


def test_12_2_overlapping_intervals_are_not_a_lead():
    t = load_tournament()
    rows = {r["agent"]: r for r in t.table("usa", 3)}
    a, b = rows["route-focus"], rows["long-route"]
    apart = a["low"] > b["high"] or b["low"] > a["high"]
    assert "Right." in said("12.2", apart)
    assert "Right." in said("12.2", "yes" if apart else "no")
    assert "compare the intervals" in said("12.2", not apart)


def test_12_3_counts_tables_rotations_and_deals():
    assert "Right." in said("12.3", 120)
    assert "every deal is played once for each rotation" in said("12.3", 40)
    assert "count the groups of 3" in said("12.3", 7)


@pytest.mark.parametrize("key", ["12.1", "12.2", "12.3"])
@pytest.mark.parametrize("junk", [..., "", {}, [], 10 ** 9, [1, 2], None, "maybe", 3.5])
def test_junk_never_raises(key, junk):
    text = said(key, junk)
    if junk is ...:
        assert "Not answered yet" in text
    else:
        assert "Right." not in text or (key == "12.3" and junk == 120)
