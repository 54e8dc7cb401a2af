"""Checkers of lesson 12 (playing styles): right answers, typical wrong ones with their specific
feedback, unanswered, junk (never raises); and what lesson 12 says about the shipped tournament
(issue 33): a lead is called a lead only when the interval of the difference over the same deals
leaves out 0, Team Asia's trains are the rules' (TA-2), no answer before its exercise."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ttr_nb import exercises
from ttr_nb.exercises import l10, l12
from ttr_nb.tournament import _plan, load_tournament

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "ttr_nb" / "lessons" / "12_playing_styles.py"


def said(key, answer) -> str:
    return str(exercises.check(key, answer))


@pytest.fixture(scope="module")
def big():
    return load_tournament()


# ---------------------------------------------------------------- 12.1
def test_12_1_the_winner_of_team_asia_is_right_another_style_is_not(big):
    best = big.winners()[("team-asia", 4)]
    for spelling in (best, best.upper() + ".", best.replace("-", " "), [best]):
        assert "Right." in said("12.1", spelling), spelling
    assert "points above" in said("12.1", best)
    for other in (s for s in l12.STYLES if s != best):
        text = said("12.1", other)
        assert "Not yet" in text and other in text and "highest win rate" in text
        assert best not in text                      # the feedback never names the answer


def test_12_1_a_style_s_team_asia_rate_is_the_mean_of_its_three_partnerships(big):
    """With every split played, each style partners each other style equally often, so its
    win rate is not its partners' doing (issue 33: 'collecting tickets wins' was confounded)."""
    teams = big.team_table("team-asia", 4)
    assert len(teams) == 6 and len({r["games"] for r in teams}) == 1
    for s in l12.STYLES:
        mine = [r["win_rate"] for r in teams if s in r["team"].split(" & ")]
        assert big.interval(s, "team-asia", 4)["win_rate"] == pytest.approx(sum(mine) / 3)


# ---------------------------------------------------------------- 12.2
def test_12_2_intervals_apart_yet_the_difference_over_the_same_deals_holds_0(big):
    """The exercise's premise: the two win rates' intervals do not overlap, and the interval of
    their difference over the deals both played holds 0 (so the answer is False)."""
    v, n, a, b = l12.APART
    ra, rb = big.interval(a, v, n), big.interval(b, v, n)
    assert ra["low"] > rb["high"]
    c = big.compare(a, b, v, n)
    assert c["low"] < 0 < c["high"]
    assert "Right." in said("12.2", False) and "Right." in said("12.2", "no")
    assert "holds 0" in said("12.2", False)


def test_12_2_the_overlap_rule_gets_feedback_on_what_to_check(big):
    text = said("12.2", True)
    assert "Not yet" in text and "big.compare(" in text and "holds 0" in text
    c = big.compare(*l12.APART[2:], *l12.APART[:2])
    assert f"{c['rate_a']:.1%}" not in text and f"{c['low']:+.1%}" not in text


# ---------------------------------------------------------------- 12.3
def test_12_3_counts_tables_rotations_and_deals():
    assert "Right." in said("12.3", 80)
    assert "3-player games only" in said("12.3", 60)
    assert "4-player games only" in said("12.3", 20)
    assert "each rotation" in said("12.3", 25)
    assert "count the groups of players" in said("12.3", 7)


def test_12_3_asks_another_count_than_the_worked_example():
    """Issue 33: the answer of 12.3 was the count of the small tournament shown above it."""
    example = sum(len(d) for *_, d in _plan(list(l12.STYLES), ["usa"], [2], 10, 1))
    asked = sum(len(d) for *_, d in _plan(l12.PLAN["agents"], l12.PLAN["variants"],
                                          l12.PLAN["seats"], l12.PLAN["games"], 0))
    assert example == 120 and asked != example
    src = SOURCE.read_text(encoding="utf-8")
    assert 'seats=[2], games=10, seed=1)' in src
    assert f'seats={l12.PLAN["seats"]}, games={l12.PLAN["games"]}' in src


@pytest.mark.parametrize("key", ["12.1", "12.2", "12.3"])
@pytest.mark.parametrize("junk", [..., "", {}, [], 10 ** 9, [1, 2], None, "maybe", 3.5])
def test_junk_never_raises(key, junk):
    text = said(key, junk)
    if junk is ... or junk is None:
        assert "Not answered yet" in text
    else:
        assert "Right." not in text


# ---------------------------------------------------------------- what the lesson says
LEADS = {  # (board, players): is the leader's lead over the second more than chance?
    ("usa", 2): False, ("usa", 3): False, ("usa", 4): False,
    ("legendary-asia", 2): False, ("legendary-asia", 3): False, ("legendary-asia", 4): False,
    ("heart-of-africa", 2): True, ("heart-of-africa", 3): True, ("heart-of-africa", 4): True,
}
"""What lesson 12 §4 says in words; the test checks it against the shipped games."""


@pytest.mark.parametrize("where", sorted(LEADS))
def test_the_lesson_calls_a_lead_only_when_the_difference_leaves_out_0(big, where):
    first, second = big.table(*where)[:2]
    c = big.compare(first["agent"], second["agent"], *where)
    assert (c["low"] > 0 or c["high"] < 0) == LEADS[where], (where, c)


def test_the_lesson_names_the_right_leader_where_route_focus_leads(big):
    """Issue 33: the lesson said long-route leads where route-focus does (USA 3p, Legendary
    Asia 4p)."""
    text = SOURCE.read_text(encoding="utf-8")
    for board, n, name in (("usa", 3, "the USA map with 3 players"), ("legendary-asia", 4, "Legendary Asia with 4")):
        assert big.table(board, n)[0]["agent"] == "route-focus"
        assert name in text
    assert re.search(r"`route-focus` on\s+#\s+the USA map with 3 players and on Legendary Asia with 4",
                     text)


def test_the_lesson_teaches_the_interval_of_the_difference_not_overlap():
    text = SOURCE.read_text(encoding="utf-8").replace("\n# ", " ")
    assert "whose intervals overlap are not told apart" not in text
    assert "interval of the difference" in text and "big.compare(" in text


def test_TA_2_the_lesson_gives_a_team_the_trains_of_the_rules():
    """54 = 27 + 27 against 45, not 'twice the trains'."""
    from ttr_nb.variants import get_variant

    text = SOURCE.read_text(encoding="utf-8").replace("\n# ", " ")
    ta, usa = get_variant("team-asia"), get_variant("usa")
    assert "twice the trains" not in text
    assert f"{ta.trains * ta.team_size} trains, {ta.trains} per partner, against {usa.trains}" in text


# ---------------------------------------------------------------- no answer before its exercise
def _student_text_before(lesson: str, key: str) -> str:
    nb = json.loads((ROOT / "notebooks" / "student" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    teacher = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    outputs = {c["id"]: c.get("outputs", []) for c in teacher["cells"]}
    out = []
    for c in nb["cells"]:
        src = "".join(c["source"])
        if f'exercises.check("{key}"' in src:
            return "\n".join(out)
        out.append(src)
        for o in outputs.get(c["id"], []):
            out.append("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", "")))
    raise AssertionError(f"no exercise {key} in {lesson}")


@pytest.mark.parametrize("lesson,module", [("10_simulation_lab", l10), ("12_playing_styles", l12)])
def test_no_answer_appears_before_its_exercise(lesson, module):
    """Issue 33: the prose answered 10.1, 12.1 and 12.2 before they were asked. The student
    edition, with the outputs the teacher edition stores, shows no spoiler before the check."""
    for key, spoilers in module.SPOILERS.items():
        before = _student_text_before(lesson, key)
        for s in spoilers:
            assert s not in before, (key, s)
