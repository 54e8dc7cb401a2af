"""ttr_nb.optimize: the best possible score, checked against brute force on small boards.

Rules kept by the optimiser: B-5.7 (one track of a double per player), B-5.9 and LA-9 (what a
route scores, mountain X included), LA-10 (X cost trains), H-8.2/H-8.3 (countries are dead
ends reached by any of their routes), B-6.4/B-6.5 (done tickets add; held ones that fail
subtract).
"""
from __future__ import annotations

import itertools
import json
import random

import pytest

import ttr_nb
from ttr_nb.board import Board, City, Route, Ticket
from ttr_nb.errors import IllegalAction
from ttr_nb.graph import ticket_done
from ttr_nb.optimize import best_score
from ttr_nb.rules.claiming import route_worth

pytest.importorskip("scipy")


def board_of(routes, tickets, countries=()):
    names = sorted({c for r in routes for c in r[:2]} | {c for t in tickets for c in t[:2]})
    cities = [City(n, k / len(names), 0.3 + 0.1 * (k % 3), "country" if n in countries else "city")
              for k, n in enumerate(names)]
    rs = []
    for k, r in enumerate(routes):
        a, b, length = r[:3]
        opts = r[3] if len(r) > 3 else {}
        rs.append(Route(k + 1, a, b, length, "gray", double_group=opts.get("group"),
                        mountains=opts.get("x", 0)))
    ts = [Ticket(f"T{k}", a, b, p, frozenset({"main"})) for k, (a, b, p) in enumerate(tickets)]
    return Board("tiny", "tiny", cities, rs, ts, meta={"route_points": {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15},
                                                      "decks": {"main": "all"}})


def brute(board, trains, mode="choose", allowed=None):
    """The best score by trying every set of routes within the budget (never both tracks of
    a double)."""
    ids = [r.id for r in board.routes if allowed is None or r.id in allowed]
    best = None
    for k in range(len(ids) + 1):
        for sub in itertools.combinations(ids, k):
            if sum(board.route(i).trains for i in sub) > trains:
                continue
            groups = [board.route(i).double_group for i in sub if board.route(i).double_group is not None]
            if len(groups) != len(set(groups)):
                continue
            pts = sum(route_worth(board, board.route(i)).total for i in sub)
            for t in board.tickets:
                done = ticket_done(board, sub, t)
                if done:
                    pts += t.points
                elif mode == "hold":
                    pts -= t.points
            best = pts if best is None else max(best, pts)
    return best


def random_board(seed):
    rng = random.Random(seed)
    names = list("ABCDEF")
    pairs = rng.sample(list(itertools.combinations(names, 2)), 8)
    routes = []
    for k, (a, b) in enumerate(pairs):
        length = rng.randint(1, 4)
        opts = {"x": 1} if rng.random() < 0.2 else {}
        routes.append((a, b, length, dict(opts)))
        if rng.random() < 0.25:  # a double route: two tracks, maybe of different worth
            opts2 = dict(opts, x=rng.choice([0, 1]))
            routes[-1][3]["group"] = 100 + k
            routes.append((a, b, length, dict(opts2, group=100 + k)))
    tickets = [(a, b, rng.randint(3, 12)) for a, b in rng.sample(list(itertools.combinations(names, 2)), 4)]
    return board_of(routes, tickets)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("mode", ["choose", "hold"])
def test_best_score_equals_brute_force_on_small_boards(seed, mode):
    board = random_board(seed)
    for trains in (3, 7, 11):
        r = best_score(board, trains=trains, tickets="all", mode=mode)
        assert r.proven and r.score == r.bound
        assert r.score == brute(board, trains, mode), (seed, trains, mode)
        assert r.trains <= trains
        assert r.score == r.route_points + r.ticket_points


def test_B_5_7_never_both_tracks_of_a_double():
    # two parallel 3-space tracks worth 4 each; 6 trains could take both
    board = board_of([("A", "B", 3, {"group": 1}), ("A", "B", 3, {"group": 1}), ("B", "C", 1)], [])
    r = best_score(board, trains=6, tickets="all")
    assert r.score == 5 and len([x for x in r.routes if x in (1, 2)]) == 1


def test_LA_9_LA_10_mountains_cost_trains_and_add_points():
    # A-B 1 space + 2 X: 3 trains, 1 + 2*2 points; A-C 3 spaces: 3 trains, 4 points
    board = board_of([("A", "B", 1, {"x": 2}), ("A", "C", 3)], [])
    assert best_score(board, trains=3, tickets="all").routes == (1,)   # 5 points
    assert best_score(board, trains=3, tickets="all").score == 5
    assert best_score(board, trains=3, tickets="all", mountain_points_per_x=0).routes == (2,)  # 1 < 4
    assert best_score(board, trains=2, tickets="all").score == 0       # A-B needs 3 trains


def test_H_8_2_a_country_is_a_dead_end():
    # A-X-B through the country X is 2 trains and would do the ticket A-B (20 points);
    # the only legal way is the long A-B route (4 trains).
    board = board_of([("A", "X", 1), ("X", "B", 1), ("A", "B", 4)], [("A", "B", 20)], countries={"X"})
    r = best_score(board, trains=3, tickets="all")
    assert r.tickets == () and r.score == 2
    r = best_score(board, trains=4, tickets="all")
    assert r.tickets == ("T0",) and r.score == 27
    assert r.score == brute(board, 4)


def test_H_8_3_a_ticket_to_a_country_is_done_by_any_route_into_it():
    board = board_of([("A", "X", 3), ("B", "X", 1), ("A", "B", 3)], [("B", "X", 9), ("A", "X", 5)],
                     countries={"X"})
    r = best_score(board, trains=1, tickets="all")
    assert r.tickets == ("T0",) and r.score == 10
    assert best_score(board, trains=4, tickets="all").score == brute(board, 4)


def test_hold_mode_subtracts_failed_tickets_and_choose_does_not():
    board = board_of([("A", "B", 2), ("B", "C", 2), ("C", "D", 6)], [("A", "D", 30), ("A", "B", 2)])
    hold = best_score(board, trains=4, tickets="all", mode="hold")
    assert hold.failed == ("T0",) and hold.ticket_points == 2 - 30
    choose = best_score(board, trains=4, tickets="all")
    assert choose.failed == () and choose.ticket_points == 2


def test_routes_restriction_is_obeyed():
    board = random_board(3)
    allowed = [r.id for r in board.routes][::2]
    r = best_score(board, trains=9, tickets="all", routes=allowed, mode="hold")
    assert set(r.routes) <= set(allowed)
    assert r.score == brute(board, 9, "hold", set(allowed))


def test_separate_networks_are_found_when_they_pay():
    # two far-apart ticket pairs: one network cannot serve both within 4 trains
    board = board_of([("A", "B", 2), ("C", "D", 2), ("B", "C", 6)], [("A", "B", 10), ("C", "D", 10)])
    r = best_score(board, trains=4, tickets="all")
    assert r.proven and r.score == 24 == brute(board, 4)


def test_usa_small_budget_is_proven_fast():
    usa = ttr_nb.load_map("usa")
    r = best_score(usa, trains=6, tickets="original")
    assert r.proven and r.score == r.route_points + r.ticket_points and r.trains <= 6
    # the Scoresheet agrees with the routes and tickets found
    from ttr_nb.scoring import Scorer, Scoresheet
    sheet = Scoresheet.compute(usa, [Scorer.from_routes(usa, "Mia", r.routes, r.tickets)], {})
    assert sheet.totals[0] == r.score


def test_time_limit_gives_best_found_and_a_bound():
    usa = ttr_nb.load_map("usa")
    r = best_score(usa, trains=30, tickets="original", time_limit=2)
    assert r.bound >= r.score >= 0
    assert r.proven == (r.bound == r.score)


@pytest.mark.parametrize("kw, words", [
    ({"trains": -1}, "at least 0"),
    ({"trains": 2.5}, "whole number"),
    ({"tickets": ["NOPE"]}, "no ticket"),
    ({"tickets": "nodeck"}, "no ticket deck"),
    ({"routes": [9999]}, "Not a route"),
    ({"routes": ["Atlantis–Miami"]}, "Not a route"),
    ({"time_limit": 0}, "above 0"),
    ({"time_limit": -3}, "above 0"),
    ({"mode": "keep"}, "'choose' or 'hold'"),
])
def test_bad_input_is_a_clear_error(kw, words):
    with pytest.raises(IllegalAction, match=words):
        best_score("usa", **kw)


# -- hindsight: the explorer, code and the command line ------------------------------------------
@pytest.fixture(scope="module")
def finished():
    from ttr_nb.agents import GreedyAgent

    game = ttr_nb.new_game("usa", players=2, seed=5)
    agents = [GreedyAgent(5 + i) for i in range(2)]
    while not game.over:
        game.apply(agents[game.current_player].choose(game))
    return game


def test_hindsight_uses_the_kept_tickets_and_only_routes_no_one_else_claimed(finished):
    from ttr_nb.optimize import hindsight

    sheet = finished.score()
    res = hindsight(finished, time_limit=20)
    assert [h.name for h in res] == list(sheet.names)
    for k, h in enumerate(res):
        others = {c.route for i, s in enumerate(sheet.scorers) if i != k for c in s.claims}
        assert not set(h.best.routes) & others
        assert set(h.claimed) <= set(h.open_routes)
        assert h.best.budget == finished.variant.trains
        assert set(h.best.tickets) | set(h.best.failed) == set(sheet.scorers[k].tickets)
        # what they did is one of the plans the optimiser weighed: it is at least as good
        assert h.best.bound >= h.best.score >= h.actual


def test_explorer_hindsight_is_drawn_and_worded(finished):
    pytest.importorskip("ipywidgets")
    from ttr_nb.widgets import ScoringExplorer

    ex = ScoringExplorer(finished)
    ex.hindsight_limit = 20
    ex.hindsight_button.click()
    assert ex.selection == "hindsight" and 0 in ex.hindsights
    h = ex.hindsights[0]
    assert ex.highlight["routes"] == sorted(h.best.routes)
    assert str(h.best.score) in ex.detail and "kept" in ex.detail
    assert "hindsight" in [v for _l, v in ex.show_picker.options]
    ex.pick(1)
    assert "hindsight" not in [v for _l, v in ex.show_picker.options]
    assert not ex.message


def test_cli_best_score_prints_the_proven_score(capsys):
    from ttr_nb.cli import main

    assert main(["best-score", "usa", "--trains", "6", "--tickets", "original", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["proven"] and out["score"] == best_score("usa", trains=6, tickets="original").score
    assert main(["best-score", "usa", "--trains", "-2"]) == 2
    assert "at least 0" in capsys.readouterr().err


def test_cli_best_score_hindsight_of_a_saved_game(finished, tmp_path, capsys):
    from ttr_nb.cli import main

    save = tmp_path / "game.json"
    save.write_text(finished.to_json())
    assert main(["best-score", "--game", str(save), "--time-limit", "20"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in finished.names) and "with hindsight" in out


# -- the root classes and the check on separate networks -----------------------------------------
def test_usa_small_budgets_need_only_the_root_classes(monkeypatch):
    """A lesson solves 6-15 trains live: the root classes and the check on separate networks
    prove them without the slower programs (their answers are checked against brute force
    above); one more train never scores less."""
    from ttr_nb.optimize import _solve

    def refuse(*a, **k):
        raise AssertionError("the slower programs were used")

    monkeypatch.setattr(_solve, "_older", refuse)
    usa = ttr_nb.load_map("usa")
    scores = []
    for trains in (8, 9, 10, 12):
        r = best_score(usa, trains=trains, tickets="original")
        assert r.proven and r.trains <= trains and r.score == r.route_points + r.ticket_points
        scores.append(r.score)
    assert scores == sorted(scores)


@pytest.mark.parametrize("seed", range(3))
def test_lp_dual_bounds_the_lp_at_every_budget(seed):
    """The check on separate networks rests on this: the LP value is concave in the budget,
    so max + dual * (b' - b) bounds it at every other budget b'."""
    from ttr_nb.optimize._model import distances, rooted_model
    from ttr_nb.optimize._network import Network

    board = random_board(seed)
    net = Network(board, [r.id for r in board.routes], list(board.tickets))
    prizes = [t.points for t in board.tickets]
    dist = distances(net)
    end = board.tickets[0].a
    built = rooted_model(net, 8, prizes, end, net.nodes_of[end][0], set(), dist)
    if built is None:
        pytest.skip("no ticket of that end fits")
    prog, _x = built
    top, dual = prog.lp_dual(prog.budget_row)
    for b in range(0, 15):
        prog.ub[prog.budget_row] = b
        res = prog.solve(relax=True)
        if res.status == 0:
            assert -res.fun <= top + dual * (b - 8) + 1e-6


def test_best_score_shows_its_progress_and_the_best_so_far_issue_35():
    """A bar of the caller's own gets every program of the search and is closed; the last note
    is the best score found, the same as the result's."""
    from ttr_nb.optimize import best_score

    class Bar:
        def __init__(self):
            self.n, self.notes, self.closed = 0, [], False

        def update(self, n):
            assert n >= 0
            self.n += n

        def describe(self, note):
            self.notes.append(note)

        def close(self):
            self.closed = True

    bar = Bar()
    r = best_score("usa", trains=12, tickets="original", progress=bar)
    assert bar.closed and bar.n > 1
    assert bar.notes[-1] == f"best so far: {r.score} points"
    quiet = best_score("usa", trains=12, tickets="original")
    assert (quiet.score, quiet.routes) == (r.score, r.routes)


def test_best_score_refuses_a_progress_it_cannot_show():
    import pytest as _pytest

    from ttr_nb.errors import IllegalAction
    from ttr_nb.optimize import best_score

    with _pytest.raises(IllegalAction, match="progress must be True, False"):
        best_score("usa", trains=6, progress=5)


def test_a_time_limit_is_kept_past_it_no_more_programs_are_solved(monkeypatch):
    """issue 36: once the caller's time limit has passed, the search solves no more programs
    (before, it went on with every class's LP bound and took several times the limit); the
    bound it gives is then cruder but still a bound."""
    from ttr_nb.optimize import _model, best_score

    exact = best_score("usa", trains=12, tickets="original")
    calls = {"lp": 0, "mip": 0}
    lp, mip = _model.Program.lp_dual, _model.Program.solve

    def counted_lp(self, *a, **k):
        calls["lp"] += 1
        return lp(self, *a, **k)

    def counted_mip(self, *a, **k):
        calls["mip"] += 1
        return mip(self, *a, **k)

    monkeypatch.setattr(_model.Program, "lp_dual", counted_lp)
    monkeypatch.setattr(_model.Program, "solve", counted_mip)
    r = best_score("usa", trains=12, tickets="original", time_limit=1e-9)
    assert calls == {"lp": 0, "mip": 1}  # the routes-only program, then nothing
    assert r.score <= exact.score <= r.bound and not r.proven
