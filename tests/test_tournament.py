"""Tournaments (issue 19, issue 33): a round robin over players, boards and numbers of players,
with win rates and 95 % intervals that resample whole deals (a deal's seat orders are paired
games), paired comparisons of two players, Bradley–Terry ratings and seat-order effects, on any
executor. A winner has the highest total (B-8, ties broken as the rules say); in Team Asia
partners sit side by side (TA-1: seats 0+1 against 2+3) and win together (TA-3, TA-24), and a
tournament plays every split of the table into teams."""
from __future__ import annotations

import concurrent.futures as cf
import itertools
import math
import random
from collections import Counter

import pytest

from ttr_nb.simulate import wilson
from ttr_nb.tournament import (RESULTS_FILE, Tournament, TournamentGame, _plan, bradley_terry,
                               load_tournament, merge, seatings, tournament)

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


def test_table_counts_wins_and_keeps_the_wilson_interval_for_comparison(small):
    for row in small.table():
        games = small.select(row["variant"], row["players"])
        k = sum(a == row["agent"] for g in games for a in g.agents)
        w = sum(won for g in games for a, won in zip(g.agents, g.won) if a == row["agent"])
        assert (row["games"], row["wins"]) == (k, w)
        assert (row["wilson_low"], row["wilson_high"]) == wilson(w, k)
        assert row["deals"] == len({g.seed for g in games if row["agent"] in g.agents})
        assert 0 <= row["low"] <= row["win_rate"] <= row["high"] <= 1


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


# ---------------------------------------------------------------- intervals over whole deals
def _synthetic(players: int, deals: int, together: bool, seed: int = 5) -> Tournament:
    """A table of ``players`` made-up players, each deal played in every rotation. With
    ``together`` the deal alone decides: 'a' wins every rotation of a deal or none (the rotations
    are perfectly correlated); otherwise each game's winner is drawn on its own."""
    rng = random.Random(seed)
    table = "abcd"[:players]
    games = []
    for d in range(deals):
        deal_winner = "a" if rng.random() < 0.5 else "b"
        for order in seatings(table):
            winner = deal_winner if together else ("a" if rng.random() < 0.5 else "b")
            won = tuple(x == winner for x in order)
            games.append(TournamentGame("usa", players, 1000 + d, tuple(order),
                                        tuple(100 if w else 50 for w in won), won))
    return Tournament(games)


@pytest.mark.parametrize("players", [2, 4])
def test_perfectly_correlated_rotations_widen_the_interval_by_the_root_of_the_rotations(players):
    """If the deal decides every rotation, a deal is one observation, not ``players`` games: the
    interval is √players times as wide as the one counting every game (Wilson)."""
    t = _synthetic(players, 400, together=True)
    row = t.interval("a", "usa", players)
    assert row["deals"] == 400 and row["games"] == 400 * players
    ratio = (row["high"] - row["low"]) / (row["wilson_high"] - row["wilson_low"])
    assert ratio == pytest.approx(math.sqrt(players), rel=0.08)
    # and it is about the Wilson interval of the deals themselves
    lo, hi = wilson(row["wins"] // players, 400)
    assert (row["high"] - row["low"]) == pytest.approx(hi - lo, rel=0.08)


@pytest.mark.parametrize("players", [2, 4])
def test_independent_rotations_give_about_the_wilson_interval(players):
    t = _synthetic(players, 400, together=False)
    row = t.interval("a", "usa", players)
    ratio = (row["high"] - row["low"]) / (row["wilson_high"] - row["wilson_low"])
    assert ratio == pytest.approx(1, abs=0.1)


def test_intervals_are_deterministic_whatever_is_asked_first(tmp_path):
    t = _synthetic(2, 100, together=True)
    first = t.interval("a", "usa", 2)
    cmp_first = t.compare("a", "b", "usa", 2)
    assert t.table() == t.table() and t.interval("a", "usa", 2) == first
    path = tmp_path / "t.json"
    t.save(path)
    again = load_tournament(path)
    assert again.compare("a", "b", "usa", 2) == cmp_first        # not the same object
    assert again.interval("a", "usa", 2) == first


def test_the_paired_difference_cancels_what_a_deal_gives_both():
    """Four players; in half the deals 'c' wins every rotation, in the others 'a' and 'b' win two
    rotations each. Each of a's and b's rates is uncertain, their difference is 0 on every deal,
    so its interval is exactly [0, 0]: the comparison is over the same deals."""
    rng = random.Random(1)
    games = []
    for d in range(80):
        c_deal = rng.random() < 0.5
        for r, order in enumerate(seatings("abcd")):
            winner = "c" if c_deal else ("a" if r < 2 else "b")
            won = tuple(x == winner for x in order)
            games.append(TournamentGame("usa", 4, d, order, tuple(9 if w else 1 for w in won), won))
    t = Tournament(games)
    a, b = t.interval("a", "usa", 4), t.interval("b", "usa", 4)
    assert a["high"] - a["low"] > 0.1 and b["high"] - b["low"] > 0.1
    c = t.compare("a", "b", "usa", 4)
    assert c["deals"] == 80 and c["rate_a"] == c["rate_b"]
    assert (c["difference"], c["low"], c["high"]) == (0.0, 0.0, 0.0)


def test_compare_with_two_players_is_their_games_against_each_other(small):
    c = small.compare("route-focus", "long-route", "usa", 2)
    mine = [g for g in small.select("usa", 2) if set(g.agents) == {"route-focus", "long-route"}]
    wins = sum(w for g in mine for a, w in zip(g.agents, g.won) if a == "route-focus")
    assert c["deals"] == 2 and c["games_a"] == len(mine) == 4
    assert c["rate_a"] == wins / 4 and c["difference"] == pytest.approx(2 * wins / 4 - 1)
    assert c["low"] <= c["difference"] <= c["high"]
    with pytest.raises(ValueError, match="two different players"):
        small.compare("long-route", "long-route", "usa", 2)


def test_compare_with_three_players_uses_only_the_tables_where_both_sat(small):
    c = small.compare("route-focus", "long-route", "usa", 3)
    both = [g for g in small.select("usa", 3) if {"route-focus", "long-route"} <= set(g.agents)]
    assert c["deals"] == len({g.seed for g in both}) and c["games_a"] == len(both)


# ---------------------------------------------------------------- teams: every split
def test_seatings_without_teams_are_the_rotations():
    assert seatings(["a", "b"]) == [("a", "b"), ("b", "a")]
    plan = _plan(STYLES, ["usa"], [3], 2, 0)
    for table in itertools.combinations(STYLES, 3):
        orders = [rot for _, _, rot, _ in plan if set(rot) == set(table)]
        assert orders == [tuple(table[r:] + table[:r]) for r in range(3)]


@pytest.mark.parametrize("players", [4, 6])
def test_TA_1_seatings_play_every_split_with_every_player_in_every_seat_once(players):
    """Partners sit side by side (seats 0+1, 2+3, 4+5). Every split of the table into teams is
    played, each in ``players`` seat orders that put every player in every seat once."""
    table = tuple("abcdef"[:players])
    orders = seatings(table, team_size=2)
    splits = Counter(frozenset(frozenset(o[i:i + 2]) for i in range(0, players, 2)) for o in orders)
    n_splits = 3 if players == 4 else 15
    assert len(splits) == n_splits and set(splits.values()) == {players}
    for split in splits:
        mine = [o for o in orders
                if frozenset(frozenset(o[i:i + 2]) for i in range(0, players, 2)) == split]
        for seat in range(players):
            assert sorted(o[seat] for o in mine) == list(table)
    assert len(set(orders)) == len(orders)


def test_TA_1_a_team_tournament_pairs_every_two_players_as_partners():
    """The old round robin rotated four players round a Team Asia table: destination-hungry
    never partnered one-step. Now every pair of players are partners in a third of the games."""
    t = tournament(STYLES, variants=["team-asia"], games=1, seed=3)
    assert len(t) == 12 and len({g.seed for g in t.games}) == 1
    partners = Counter(frozenset(g.agents[i:i + 2]) for g in t.games for i in (0, 2))
    assert set(partners) == {frozenset(p) for p in itertools.combinations(STYLES, 2)}
    assert set(partners.values()) == {4}
    for seat in range(4):
        assert Counter(g.agents[seat] for g in t.games) == Counter({s: 3 for s in STYLES})


def test_team_table_reads_teams_as_pairs_of_partners():
    t = tournament(STYLES, variants=["team-asia"], games=2, seed=3)
    rows = {r["team"]: r for r in t.team_table("team-asia", 4)}
    assert len(rows) == 6 and all(r["games"] == 8 and r["deals"] == 2 for r in rows.values())
    for g in t.games:
        a, b = " & ".join(sorted(g.agents[:2])), " & ".join(sorted(g.agents[2:]))
        assert rows[a]["against"] == [b] and rows[b]["against"] == [a]
    # a style's win rate is the mean over its three partnerships (each played equally often)
    for s in STYLES:
        mine = [r["win_rate"] for team, r in rows.items() if s in team.split(" & ")]
        assert t.interval(s, "team-asia", 4)["win_rate"] == pytest.approx(sum(mine) / 3)
    with pytest.raises(ValueError, match="not played in teams"):
        _synthetic(2, 3, together=True).team_table("usa")


def test_the_shipped_team_asia_games_play_every_split():
    if not RESULTS_FILE.exists():
        pytest.skip("the benchmark has not written the results yet")
    games = load_tournament().select("team-asia", 4)
    partners = Counter(frozenset(g.agents[i:i + 2]) for g in games for i in (0, 2))
    assert len(partners) == 6 and len(set(partners.values())) == 1


def test_a_rate_that_never_varies_keeps_the_wilson_interval_not_a_point():
    """Every draw of deals gives 0 wins to a player that never won: the bootstrap alone would
    say 0 % to 0 %. With no win (or no loss) the interval is Wilson's, over the games."""
    t = _synthetic(4, 50, together=True)          # only 'a' and 'b' ever win
    row = t.interval("c", "usa", 4)
    assert row["wins"] == 0 and row["low"] == 0.0
    assert (row["low"], row["high"]) == wilson(0, row["games"]) and row["high"] > 0


def test_a_tournament_shows_its_progress_game_by_game_issue_35():
    from ttr_nb.tournament import tournament

    class Bar:
        n, closed = 0, False

        def update(self, k):
            self.n += k

        def close(self):
            self.closed = True

    bar = Bar()
    t = tournament(["random", "greedy"], games=3, progress=bar)
    assert bar.closed and bar.n == len(t) == 6
    assert t.games == tournament(["random", "greedy"], games=3).games
