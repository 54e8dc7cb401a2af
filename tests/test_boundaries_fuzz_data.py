"""Property tests of the data boundaries (issue 36): the optimiser's arguments, the lab's
tables, the exercises' checker and the command line. Whatever a student passes, only the
package's own errors come out (IllegalAction, ValueError subclasses it defines, or an
argparse exit with a message), never a raw Python error."""
from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb import exercises, lab
from ttr_nb.errors import IllegalAction

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.function_scoped_fixture])


class Raises:
    """An object whose methods raise (str, eq, iter, len, index, float); only its repr (for
    the test's report) and hash work."""

    def _boom(self, *a, **k):
        raise RuntimeError("boom")

    __str__ = __eq__ = __iter__ = __len__ = __index__ = __float__ = _boom
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "<an object whose methods raise>"


JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10 ** 30, max_value=10 ** 30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30), st.text(min_size=5000, max_size=5000),
    st.lists(st.integers(min_value=-5, max_value=200), max_size=5), st.lists(st.text(max_size=8), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.builds(Raises), st.just(math.nan),
    st.just(object()))


@FUZZ
@given(trains=st.one_of(JUNK, st.integers(min_value=0, max_value=5)), tickets=st.one_of(JUNK, st.just("original")),
       routes=st.one_of(JUNK, st.none()), mode=st.one_of(JUNK, st.sampled_from(["choose", "hold"])),
       time_limit=st.one_of(JUNK, st.just(0.5)))
def test_the_optimiser_answers_any_argument_in_its_own_words(trains, tickets, routes, mode, time_limit):
    from ttr_nb.optimize import best_score

    try:
        r = best_score("usa", trains=trains, tickets=tickets, routes=routes, mode=mode, time_limit=time_limit)
    except IllegalAction as e:
        assert str(e)
        return
    assert r.score <= r.bound


@FUZZ
@given(results=st.one_of(JUNK, st.lists(JUNK, min_size=1, max_size=3)).filter(lambda x: not (isinstance(x, list) and x == [])))
def test_the_lab_tables_take_only_game_results(results):
    for table in (lab.win_rates, lab.rows, lab.ticket_completion, lab.route_claims):
        with pytest.raises(ValueError, match="game results"):
            table(results)


KEYS = st.one_of(st.sampled_from(exercises.exercise_keys()), JUNK)


@FUZZ
@given(key=KEYS, answer=st.one_of(JUNK, st.lists(JUNK, max_size=3), st.tuples(JUNK, JUNK)))
def test_a_checker_never_raises_and_never_echoes_a_huge_answer(key, answer):
    fb = exercises.check(key, answer)
    assert fb.status in ("right", "not yet", "not answered")
    assert len(str(fb)) < 2000


TOKENS = st.one_of(st.sampled_from(["check-map", "simulate", "render", "lessons", "best-score", "--games",
                                    "--players", "--variant", "--step", "-o", "--trains", "--seed", "usa",
                                    "-1", "0", "99999999999999999999", "", "x" * 300, "legendary asia", "--json"]),
                   st.text(max_size=12))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=st.lists(TOKENS, min_size=1, max_size=5))
def test_the_command_line_answers_any_arguments_with_a_message(argv, tmp_path, monkeypatch, capsys):
    """Parsed arguments run or are refused with a message and a status; argparse's own
    refusals exit with status 2. Games and pictures are kept tiny (a run of the command line
    here is a real run)."""
    from ttr_nb.cli import main

    monkeypatch.chdir(tmp_path)
    if any(a in ("simulate", "render", "best-score") for a in argv):
        argv = [a if a not in ("99999999999999999999",) else "3" for a in argv]
        if "best-score" in argv:
            argv += ["--trains", "4", "--no-progress"]
        if "simulate" in argv:
            argv += ["--games", "2", "--no-progress"]
        if "render" in argv:
            argv += ["--step", "3", "-o", "x.png"]
    try:
        status = main(argv)
    except SystemExit as e:  # argparse: a usage message on stderr, status 2 (or 0 for --help)
        assert e.code in (0, 2)
        return
    assert isinstance(status, int)
