"""Tournaments (issue 19): a round robin over players, boards and numbers of players, with win
rates and 95 % Wilson intervals, Bradley–Terry ratings and seat-order effects, on any executor.
A winner has the highest total (B-8, ties broken as the rules say); in Team Asia partners win together (TA-15)."""
from __future__ import annotations

import concurrent.futures as cf
import itertools
import math

import pytest

from ttr_nb.simulate import wilson
from ttr_nb.tournament import (RESULTS_FILE, Tournament, bradley_terry, load_tournament, merge,
                               tournament)

STYLES = ["route-focus", "destination-hungry", "long-route", "one-step"]


@pytest.fixture(scope="module")
def small():
    return tournament(STYLES[:3], variants=["usa", "legendary-asia"], seats=[2, 3], games=2, seed=4)


def test_every_table_plays_every_rotation_on_the_same_deals(small):
    for v in ("usa", "legendary-asia"):
        for n in (2, 3):
            games = small.select(v, n)
            tables = list(itertools.combinations(STYLES[:3], n))
            assert len(games) == len(tables) * n * 2
            for table in tables:
                mine = [g for g in games if sorted(g.agents) == sorted(table)]
                # every player in every seat, each rotation on the same two deals
                for seat in range(n):
                    assert {g.agents[seat] for g in mine} == set(table)
                seeds = {}
                for g in mine:
                    seeds.setdefault(g.agents, set()).add(g.seed)
                assert len({frozenset(s) for s in seeds.values()}) == 1


def test_B_8_winners_have_the_highest_total(small):
    """The Scoresheet's winners: the highest total (equal totals: the rules' tie-break)."""
    for g in small.games:
        best = max(g.totals)
        assert any(g.won)
        assert all(t == best for t, w in zip(g.totals, g.won) if w)


def test_table_counts_wins_with_wilson_intervals(small):
    for row in small.table():
        games = small.select(row["variant"], row["players"])
        k = sum(a == row["agent"] for g in games for a in g.agents)
        w = sum(won for g in games for a, won in zip(g.agents, g.won) if a == row["agent"])
        assert (row["games"], row["wins"]) == (k, w)
        assert (row["low"], row["high"]) == wilson(w, k)
        assert row["low"] <= row["win_rate"] <= row["high"]


def test_seat_effects_cover_every_game(small):
    rows = small.seat_effects("usa", 2)
    assert [r["seat"] for r in rows] == [0, 1]
    assert sum(r["games"] for r in rows) == 2 * len(small.select("usa", 2))


def test_bradley_terry_recovers_the_order_and_the_scale():
    # a beats b 3 times in 4, b beats c 3 times in 4: a > b > c, a - b about 400 log10(3)
    wins = {("a", "b"): 300, ("b", "a"): 100, ("b", "c"): 300, ("c", "b"): 100}
    r = bradley_terry(wins, prior=0)
    assert r["a"] > r["b"] > r["c"]
    assert abs((r["a"] - r["b"]) - 400 * math.log10(3)) < 1
    assert abs(sum(r.values())) < 1e-6


def test_ratings_order_agrees_with_a_clear_win_rate():
    t = tournament(["greedy", "random"], variants=["usa"], seats=[2], games=6, seed=2)
    r = t.ratings()
    assert list(r) == ["greedy", "random"]
    assert t.winners()[("usa", 2)] == "greedy"


def test_team_asia_partners_win_together():
    t = tournament(STYLES, variants=["team-asia"], games=1, seed=3)
    assert t.seat_counts() == [4]
    for g in t.games:
        assert g.won[0] == g.won[1] and g.won[2] == g.won[3] and g.totals[0] == g.totals[1]


def test_same_results_on_a_process_pool_and_json_round_trip(small, tmp_path):
    with cf.ProcessPoolExecutor(2) as pool:
        other = tournament(STYLES[:3], variants=["usa", "legendary-asia"], seats=[2, 3], games=2,
                           seed=4, executor=pool, chunksize=1)
    assert other.games == small.games
    path = tmp_path / "t.json"
    small.save(path)
    again = load_tournament(path)
    assert again.games == small.games and again.meta == small.meta
    assert merge([small, again]).table()[0]["games"] == 2 * small.table()[0]["games"]


def test_a_dask_local_cluster_gives_the_same_results(small):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        other = tournament(STYLES[:3], variants=["usa", "legendary-asia"], seats=[2, 3], games=2,
                           seed=4, executor=client.get_executor())
    assert other.games == small.games


@pytest.mark.parametrize("kwargs,message", [
    (dict(agents=["greedy", "nobody"]), "unknown agent 'nobody'"),
    (dict(agents=["greedy", "greedy"]), "name each player once"),
    (dict(agents=["greedy", "random"], games=0), "games must be"),
])
def test_bad_arguments_raise_clear_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tournament(**kwargs)


def test_the_shipped_results_load_and_cover_every_board():
    if not RESULTS_FILE.exists():
        pytest.skip("the benchmark has not written the results yet")
    t = load_tournament()
    assert isinstance(t, Tournament)
    assert set(t.variants) == {"usa", "legendary-asia", "heart-of-africa", "team-asia"}
    assert set(t.agents) >= set(STYLES)
    for row in t.table():
        assert row["games"] >= 20
