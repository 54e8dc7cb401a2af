"""The simulation lab (issue 8): rows, tables, the DataFrame and the plots.

Most tests use hand-made results, so every expected number can be counted by hand;
the last ones run real games when the engine plays them.
"""
from __future__ import annotations

import json
import math
import sys

import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from ttr_nb import lab
from ttr_nb.board import load_map
from ttr_nb.simulate import GameResult, SeatResult, wilson


def seat(i, total, *, won=False, points=None, tickets=(), routes=(), agent="random",
         scorer=None, trains=3, trail=10):
    return SeatResult(seat=i, name=f"P{i + 1}", agent=agent, scorer=i if scorer is None else scorer,
                      total=total, won=won, points=points or {"route": total},
                      tickets=tuple(tickets), trains_left=trains, longest_trail=trail,
                      routes=tuple(routes))


def game(i, seats, variant="usa", turns=50):
    best = max(s.total for s in seats)
    winners = tuple(s.seat for s in seats if s.total == best)
    seats = tuple(SeatResult(**{**s.__dict__, "won": s.seat in winners}) for s in seats)
    return GameResult(game=i, variant=variant, seed=1000 + i, players=len(seats),
                      agents=tuple(s.agent for s in seats), steps=3 * turns, turns=turns,
                      score_json=json.dumps({"winners": list(winners)}, separators=(",", ":")),
                      winners=winners, seats=seats)


@pytest.fixture
def three_games():
    """Seat 0 wins games 0 and 2, seat 1 wins game 1; game 2 adds a 'bonus' line.
    Routes are listed in claim order."""
    return [
        game(0, [seat(0, 40, tickets=[("t1", 20, True), ("t2", 5, False)], routes=[1, 2]),
                 seat(1, 30, tickets=[("t3", 20, False)], routes=[3])]),
        game(1, [seat(0, 10, tickets=[("t4", 5, True)], routes=[3, 1]),
                 seat(1, 50, tickets=[("t5", 20, True)], routes=[2])]),
        game(2, [seat(0, 60, points={"route": 50, "bonus": 10}, routes=[1]),
                 seat(1, 20, routes=[])]),
    ]


# -- Wilson interval ------------------------------------------------------------------------
def test_wilson_interval_matches_the_formula_and_contains_the_rate():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)  # never zero width, never below 0
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)
    for k, n in [(1, 3), (7, 40), (333, 1000)]:
        lo, hi = wilson(k, n)
        assert lo < k / n < hi
    assert wilson(0, 0) == (0.0, 1.0)
    # more games -> a narrower interval at the same rate
    assert (lambda a, b: a[1] - a[0] > b[1] - b[0])(wilson(5, 10), wilson(500, 1000))


# -- rows -----------------------------------------------------------------------------------
def test_rows_one_per_game_and_seat_with_every_kind_as_a_column(three_games):
    rs = lab.rows(three_games)
    assert [(r["game"], r["seat"]) for r in rs] == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert lab.score_kinds(three_games) == ["bonus", "route"]
    assert all(set(r) >= {"points_bonus", "points_route"} for r in rs)
    assert rs[0]["points_bonus"] == 0 and rs[4]["points_bonus"] == 10
    assert [r["won"] for r in rs] == [True, False, False, True, True, False]
    assert (rs[0]["tickets_kept"], rs[0]["tickets_completed"]) == (2, 1)
    assert rs[1]["routes_claimed"] == 1 and rs[5]["routes_claimed"] == 0
    assert {r["variant"] for r in rs} == {"usa"} and rs[0]["turns"] == 50
    json.dumps(rs)  # plain data


def test_ticket_rows_and_completion_by_value(three_games):
    tr = lab.ticket_rows(three_games)
    assert len(tr) == 5 and tr[0] == {"game": 0, "variant": "usa", "seat": 0, "agent": "random",
                                      "ticket": "t1", "value": 20, "completed": True}
    table = lab.ticket_completion(three_games)
    assert [(t["value"], t["kept"], t["completed"]) for t in table] == [(5, 2, 1), (20, 3, 2)]
    assert table[1]["rate"] == pytest.approx(2 / 3)
    assert table[1]["low"] < 2 / 3 < table[1]["high"]


def test_win_rates_count_every_seat_of_a_shared_win():
    games = [game(0, [seat(0, 30), seat(1, 30)]), game(1, [seat(0, 10), seat(1, 30)])]
    table = lab.win_rates(games)
    assert [(t["seat"], t["wins"], t["games"]) for t in table] == [(0, 1, 2), (1, 2, 2)]
    assert table[1]["rate"] == 1.0 and table[1]["high"] == 1.0


def test_route_claims_share_rank_and_first_claim(three_games):
    stats = lab.route_claims(three_games)
    assert sorted(stats) == [1, 2, 3]
    # route 1: claimed in all 3 games, 1st, 2nd and 1st in its claimer's claims
    assert stats[1]["share"] == 1.0 and stats[1]["mean_rank"] == pytest.approx(4 / 3)
    assert stats[3]["share"] == pytest.approx(2 / 3) and stats[3]["mean_rank"] == 1.0
    # first claims: game 0 routes 1 and 3, game 1 routes 3 and 2, game 2 route 1
    assert [stats[r]["first"] for r in (1, 2, 3)] == pytest.approx([2 / 3, 1 / 3, 2 / 3])
    board = load_map("usa")
    top = lab.route_table(three_games, board, by="share", top=2)
    assert [t["route"] for t in top] == [1, 2] and top[0]["label"] == board.route(1).label()
    early = lab.route_table(three_games, board, by="mean_rank", top=None)
    # mean places: route 3 (1 + 1) / 2 = 1, route 1 4/3, route 2 (2 + 1) / 2 = 1.5
    assert [t["route"] for t in early] == [3, 1, 2]
    assert [t["route"] for t in lab.route_table(three_games, board, by="first")] == [1, 3, 2]
    with pytest.raises(ValueError, match="by must be"):
        lab.route_table(three_games, board, by="colour")
    # these hand-made results record no claim turns: no mean_turn, and a clear refusal
    assert "mean_turn" not in stats[1]
    with pytest.raises(ValueError, match="do not record the turn"):
        lab.route_table(three_games, board, by="mean_turn")


def test_route_claims_mean_turn_is_the_mean_game_turn_of_each_claim(three_games):
    timed = [game(g.game, [SeatResult(**{**s.__dict__, "claim_turns": turns})
                           for s, turns in zip(g.seats, seat_turns)])
             for g, seat_turns in zip(three_games, [[(4, 9), (1,)], [(2, 12), (5,)], [(30,), ()]])]
    stats = lab.route_claims(timed)
    # route 1: turns 4, 12 and 30; route 2: 9 and 5; route 3: 1 and 2
    assert [stats[r]["mean_turn"] for r in (1, 2, 3)] == pytest.approx([46 / 3, 7, 1.5])
    assert [t["route"] for t in lab.route_table(timed, load_map("usa"), by="mean_turn")] == [3, 2, 1]


# -- pandas ---------------------------------------------------------------------------------
def test_to_dataframe_has_the_rows(three_games):
    pd = pytest.importorskip("pandas")
    df = lab.to_dataframe(three_games)
    assert isinstance(df, pd.DataFrame) and len(df) == 6
    assert df.groupby("seat")["won"].sum().tolist() == [2, 1]
    tickets = lab.to_dataframe(three_games, kind="tickets")
    assert tickets.groupby("value")["completed"].mean().round(3).tolist() == [0.5, 0.667]
    assert list(lab.to_dataframe([], kind="tickets").columns)[:2] == ["game", "variant"]


def test_to_dataframe_without_pandas_says_how_to_install_it(three_games, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # makes `import pandas` fail
    with pytest.raises(ImportError, match=r"pip install \"ttr_nb\[pandas\]\""):
        lab.to_dataframe(three_games)


# -- plots ----------------------------------------------------------------------------------
def test_plot_win_rate_bars_are_the_rates_with_wilson_error_bars(three_games):
    fig = lab.plot_win_rate(three_games)
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    heights = [p.get_height() for p in ax.patches]
    assert heights == pytest.approx([2 / 3, 1 / 3])
    # error bar ends = the Wilson interval
    segs = [c for c in ax.collections if c.get_segments()]
    ends = sorted((round(s[0][1], 6), round(s[1][1], 6)) for s in segs[0].get_segments())
    assert ends == sorted((round(a, 6), round(b, 6)) for a, b in (wilson(2, 3), wilson(1, 3)))


def test_plot_scores_one_outline_per_seat_and_the_means(three_games):
    fig = lab.plot_scores(three_games)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == ["seat 0: mean 36.7", "seat 1: mean 33.3"]
    fig = lab.plot_scores(three_games, by="agent")
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == ["random: mean 35.0"]


def test_plot_ticket_completion_points_are_the_rates(three_games):
    fig = lab.plot_ticket_completion(three_games)
    line = fig.axes[0].lines[0]
    assert list(line.get_xdata()) == [5, 20]
    assert list(line.get_ydata()) == pytest.approx([0.5, 2 / 3])


def _faces(fig):
    """Route id -> the colour its cars show: a claim's car drawn over the space, else the space."""
    face, under = {}, {}
    for p in fig.axes[0].patches:
        gid = p.get_gid() or ""
        kind, _, rid = gid.partition("-")
        if kind in ("claim", "route") and rid.isdigit():
            (face if kind == "claim" else under).setdefault(int(rid), to_hex(p.get_facecolor()))
    return {**under, **face}


def _darkness(hex_color):
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(hex_color)
    return 1 - (0.2126 * r + 0.7152 * g + 0.0722 * b)


def test_heat_map_colours_each_route_by_its_claim_share(three_games):
    board = load_map("usa")
    fig = lab.plot_route_heatmap(three_games, board)
    face = _faces(fig)
    # shares: route 1 -> 100%, 2 and 3 -> 67%; never-claimed routes are pale gray
    assert face[1] == lab.HEAT_COLORS[-1]
    assert face[2] == face[3] and _darkness(face[2]) < _darkness(face[1])
    assert {face[r.id] for r in board.routes if r.id not in (1, 2, 3)} == {lab.UNCLAIMED}
    cbar = fig.axes[1]  # the colour bar: round edges that span the values
    ticks = list(cbar.get_yticks())
    assert ticks[0] <= 2 / 3 and ticks[-1] == pytest.approx(1.0)
    fig2 = lab.plot_route_heatmap(three_games, board, by="mean_rank")
    face2 = _faces(fig2)
    # mean places 1 (route 3) < 4/3 (route 1) < 1.5 (route 2): the earlier, the darker
    assert _darkness(face2[3]) > _darkness(face2[1]) > _darkness(face2[2])
    fig3 = lab.plot_route_heatmap(three_games, board, by="first")
    face3 = _faces(fig3)
    assert _darkness(face3[1]) == _darkness(face3[3]) > _darkness(face3[2])


def test_heat_colors_go_from_pale_to_dark():
    cs = lab.heat_colors(5)
    assert cs[0] == lab.HEAT_COLORS[0] and cs[-1] == lab.HEAT_COLORS[-1]
    assert [_darkness(c) for c in cs] == sorted(_darkness(c) for c in cs)


def test_bad_plot_arguments_say_what_is_allowed(three_games):
    with pytest.raises(ValueError, match="'seat' or 'agent'"):
        lab.plot_scores(three_games, by="colour")
    with pytest.raises(ValueError, match="'share', 'first', 'mean_rank', 'mean_turn'"):
        lab.plot_route_heatmap(three_games, load_map("usa"), by="turn")
    mixed = three_games + [game(3, [seat(0, 1), seat(1, 2)], variant="legendary-asia")]
    with pytest.raises(ValueError, match="several variants"):
        lab.route_table(mixed)


def test_game_result_round_trips_through_json(three_games):
    for r in three_games:
        again = GameResult.from_dict(json.loads(json.dumps(r.to_dict())))
        assert again == r
        assert math.isfinite(again.seats[0].total)


def test_results_saved_as_json_lines_read_back(three_games, tmp_path):
    path = tmp_path / "run.jsonl"
    assert lab.write_results(three_games, path) == 3
    assert lab.read_results(path) == three_games
    path.write_text(path.read_text() + "{\"game\": 1}\n")
    with pytest.raises(ValueError, match="line 4: not a game result"):
        lab.read_results(path)


def test_cli_json_lines_feed_the_lab(tmp_path, capsys):
    from ttr_nb.cli import main
    from ttr_nb.simulate import simulate

    assert main(["simulate", "--games", "3", "--seed", "4", "--json"]) == 0
    path = tmp_path / "cli.jsonl"
    path.write_text(capsys.readouterr().out)
    assert lab.read_results(path) == simulate("usa", 2, 3, seed=4)


def test_win_rate_fair_share_counts_teams_not_seats():
    """Team Asia (TA-3): two teams of two share a score; the fair share is 1/2, not 1/4."""
    teams = [game(i, [seat(0, 50, scorer=0), seat(1, 50, scorer=0),
                      seat(2, 40 + 20 * (i % 2), scorer=1), seat(3, 40 + 20 * (i % 2), scorer=1)])
             for i in range(4)]
    fig = lab.plot_win_rate(teams)
    ax = fig.axes[0]
    assert [line.get_ydata()[0] for line in ax.lines if line.get_linestyle() == "--"] == [0.5]
    assert ax.get_xlabel().startswith("dashed line: the fair share, 1/2")
    assert [t.get_text().split("\n")[1] for t in ax.get_xticklabels()] == [
        "team 1", "team 1", "team 2", "team 2"]
    # the two seats of a team share a colour
    faces = [p.get_facecolor() for p in ax.patches]
    assert faces[0] == faces[1] != faces[2] == faces[3]
    table = lab.win_rates(teams)
    assert [(t["team"], t["wins"]) for t in table] == [(0, 2), (0, 2), (1, 2), (1, 2)]
