"""ttr_nb.simulate and `ttr-nb simulate` (issue 4, players and simulation; issue 8).

The results must not depend on who plays the games: one core, a thread pool or a
process pool, in any chunks, give the same results in game order; the command line
gives the same bytes for the same arguments.
"""
from __future__ import annotations

import hashlib
import io
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import ttr_nb
from ttr_nb.agents import play_game
from ttr_nb.cli import main
from ttr_nb.simulate import (GameResult, _WidgetBar, game_seed, result_of_game, simulate,
                             simulate_iter, summary_table)


def playable(variant: str) -> bool:
    try:
        play_game(variant, ttr_nb.get_variant(variant).players[0], 0, ("random",))
    except NotImplementedError:
        return False
    return True


PLAYABLE = [v for v in ttr_nb.variants() if playable(v)]


@pytest.fixture(scope="module")
def usa12():
    return simulate("usa", players=2, games=12, seed=5)


# -- seeds and order ------------------------------------------------------------------------
def test_game_seed_is_the_documented_hash():
    digest = hashlib.sha256(b"ttr_nb.simulate:7:3").digest()
    assert game_seed(7, 3) == int.from_bytes(digest[:6], "big")
    seeds = {game_seed(s, i) for s in range(3) for i in range(200)}
    assert len(seeds) == 600  # nearby runs do not share games
    assert all(0 <= x < 2**48 for x in seeds)


def test_results_come_in_game_order_with_their_own_seeds(usa12):
    assert [r.game for r in usa12] == list(range(12))
    assert [r.seed for r in usa12] == [game_seed(5, i) for i in range(12)]
    assert all(r.variant == "usa" and r.players == 2 and r.agents == ("random", "random")
               for r in usa12)
    assert len({r.seed for r in usa12}) == 12


def test_each_game_replays_alone_from_its_seed(usa12):
    r = usa12[7]
    again = result_of_game(play_game(r.variant, r.players, r.seed, r.agents), r.game, r.agents)
    assert again == json.loads(json.dumps(r.to_dict()))


def test_same_seed_same_results_other_seed_other_results(usa12):
    assert simulate("usa", players=2, games=12, seed=5) == usa12
    assert [r.to_dict() for r in simulate("usa", 2, 12, seed=6)] != [r.to_dict() for r in usa12]


# -- executors ------------------------------------------------------------------------------
def test_results_are_the_same_on_one_core_threads_and_processes(usa12):
    with ThreadPoolExecutor(3) as threads:
        by_threads = simulate("usa", 2, 12, seed=5, executor=threads, chunksize=5)
    with ProcessPoolExecutor(2) as procs:
        by_procs = simulate("usa", 2, 12, seed=5, executor=procs)
        by_procs_1 = simulate("usa", 2, 12, seed=5, executor=procs, chunksize=1)
    assert by_threads == usa12
    assert by_procs == usa12
    assert by_procs_1 == usa12


def test_a_dask_cluster_gives_the_same_results(usa12):
    """The executor of a Dask cluster (when ``distributed`` is installed: not a dependency)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        by_dask = simulate("usa", 2, 12, seed=5, executor=client.get_executor(), chunksize=4)
    assert by_dask == usa12
    assert [r.to_json_line() for r in by_dask] == [r.to_json_line() for r in usa12]


def test_mixed_agents_on_a_process_pool_match_serial():
    serial = simulate("usa", 3, 3, seed=2, agents="greedy,random,greedy")
    with ProcessPoolExecutor(2) as procs:
        pooled = simulate("usa", 3, 3, seed=2, agents=["greedy", "random", "greedy"],
                          executor=procs, chunksize=1)
    assert pooled == serial
    assert serial[0].agents == ("greedy", "random", "greedy")
    assert [s.agent for s in serial[0].seats] == ["greedy", "random", "greedy"]


def test_simulate_iter_yields_the_same_results_one_by_one(usa12):
    it = simulate_iter("usa", 2, 12, seed=5)
    assert next(it) == usa12[0]
    assert [next(it) for _ in range(11)] == usa12[1:]
    with pytest.raises(StopIteration):
        next(it)


# -- what a result holds ----------------------------------------------------------------------
def test_result_agrees_with_its_scoresheet_B_8(usa12):
    for r in usa12:
        players = r.score["players"]
        assert r.winners == tuple(r.score["winners"])  # one seat per scorer in USA
        assert max(p["total"] for p in players) == max(s.total for s in r.seats)
        for s in r.seats:
            p = players[s.scorer]
            assert s.total == p["total"] == sum(s.points.values())
            by_kind: dict[str, int] = {}
            for line in p["lines"]:
                by_kind[line["kind"]] = by_kind.get(line["kind"], 0) + line["points"]
            assert s.points == by_kind
            assert s.tickets_completed == p["tickets_completed"]
            assert s.points.get("ticket", 0) == sum(v if done else -v for _, v, done in s.tickets)
            assert s.won == (s.seat in r.winners)


def test_result_trains_routes_and_trail_are_consistent_B_5(usa12):
    board = ttr_nb.load_map("usa")
    for r in usa12:
        claimed = [rid for s in r.seats for rid in s.routes]
        assert len(claimed) == len(set(claimed))  # a route is claimed once
        for s in r.seats:
            used = sum(board.route(rid).trains for rid in s.routes)
            assert s.trains_left == 45 - used
            assert 0 <= s.longest_trail <= used
            assert s.points.get("route", 0) == sum(board.route_points(board.route(rid).length)
                                                   for rid in s.routes)
        # 2 players: never both tracks of a double (B-5.8)
        groups = [board.route(rid).double_group for rid in claimed
                  if board.route(rid).double_group is not None]
        assert len(groups) == len(set(groups))
        assert min(s.trains_left for s in r.seats) <= 2  # the end was triggered (B-7.1)


def test_results_are_plain_json_and_round_trip(usa12):
    for r in usa12:
        text = json.dumps(r.to_dict())
        assert GameResult.from_dict(json.loads(text)) == r


def test_score_lines_false_keeps_everything_but_the_lines(usa12):
    light = simulate("usa", 2, 12, seed=5, score_lines=False)
    for a, b in zip(light, usa12):
        assert a.seats == b.seats and a.winners == b.winners and a.turns == b.turns
        assert all("lines" not in p for p in a.score["players"])
        full = [{k: v for k, v in p.items() if k != "lines"} for p in b.score["players"]]
        assert a.score["players"] == full
        assert len(json.dumps(a.to_dict())) < len(json.dumps(b.to_dict())) / 2


def test_lines_are_rebuilt_by_replay_or_kept_with_the_same_score(usa12):
    """By default a run keeps every number and no explained line; reading ``score``
    replays the game for its lines, and gives what ``keep_lines=True`` kept."""
    kept = simulate("usa", 2, 12, seed=5, keep_lines=True)
    assert kept == usa12
    for lean, full in zip(usa12, kept):
        assert lean.replay_lines and not full.replay_lines
        assert '"lines"' not in lean.score_json and '"lines"' in full.score_json
        assert lean.score == full.score
        assert lean.to_json_line() == full.to_json_line()
        assert lean.replay().score().totals == tuple(s.total for s in lean.seats)


@pytest.mark.parametrize("variant,players", [("usa", 2), ("usa", 3), ("heart-of-africa", 2),
                                             ("team-asia", 4), ("legendary-asia", 3)])
def test_claim_turns_B_3_1_turns_go_round_the_table(variant, players):
    """Each claim's turn: one per route, rising, within the game's turns, and the turn
    of the claimer's seat (play goes clockwise, B-3.1: turn t is seat (t - 1) mod n)."""
    for r in simulate(variant, players, 6, seed=8):
        for s in r.seats:
            assert len(s.claim_turns) == len(s.routes)
            assert list(s.claim_turns) == sorted(set(s.claim_turns))
            assert all(1 <= t <= r.turns and (t - 1) % players == s.seat for t in s.claim_turns)


@pytest.mark.parametrize("variant", PLAYABLE)
def test_every_playable_variant_simulates(variant):
    players = ttr_nb.get_variant(variant).players
    n = 4 if 4 in players else players[0]
    results = simulate(variant, n, 2, seed=11, agents="random")
    kinds = {k for r in results for s in r.seats for k in s.points}
    assert {"route", "ticket"} <= kinds
    for r in results:
        assert r.variant == variant and len(r.seats) == n and r.winners
        assert sum(s.won for s in r.seats) == len(r.winners)
    if variant == "legendary-asia":  # LA-9: mountain points show up as their own kind
        assert "mountain" in {k for r in simulate(variant, 2, 6, seed=1) for s in r.seats
                              for k in s.points}


# -- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, message", [
    (dict(variant="usa", players=2, agents=("random", "greedy", "random")),
     "3 agents named .* for 2 players"),
    (dict(variant="usa", players=2, agents="clever"), "unknown agent 'clever'"),
    (dict(variant="usa", players=2, agents=""), "name at least one agent"),
    (dict(variant="usa", players=7), "usa is played by 2, 3, 4 or 5 players, not 7"),
    (dict(variant="usa", players=2, games=-1), "games must be a whole number, 0 or more"),
    (dict(variant="usa", players=2, seed=1.5), "seed must be a whole number"),
    (dict(variant="chess", players=2), "chess"),
])
def test_bad_arguments_raise_a_clear_value_error_before_any_game(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate(**kwargs)
    with pytest.raises(ValueError, match=message):
        simulate_iter(**kwargs)  # checked at the call, not at the first game


def test_zero_games_is_an_empty_run():
    assert simulate("usa", 2, 0) == []
    assert summary_table([]) == "no games played\n"


# -- progress -------------------------------------------------------------------------------
def test_text_progress_bar_counts_every_game():
    stream = io.StringIO()
    simulate("usa", 2, 6, seed=1, progress=stream)
    text = stream.getvalue()
    assert text.startswith("\r[") and text.endswith("\n")
    assert text.rstrip().rsplit("\r", 1)[-1].split("]")[1].strip().startswith("6/6 games")


def test_progress_object_is_ticked_and_closed_on_a_pool():
    class Counter:
        def __init__(self):
            self.n, self.closed = 0, False

        def update(self, k):
            self.n += k

        def close(self):
            self.closed = True

    bar = Counter()
    with ThreadPoolExecutor(2) as pool:
        simulate("usa", 2, 7, seed=1, executor=pool, chunksize=2, progress=bar)
    assert (bar.n, bar.closed) == (7, True)


def test_no_progress_output_unless_asked(capsys):
    simulate("usa", 2, 3, seed=1)
    assert capsys.readouterr() == ("", "")
    with pytest.raises(ValueError, match="progress must be"):
        simulate("usa", 2, 1, progress=42)
    with pytest.raises(ValueError, match="progress must be"):
        simulate_iter("usa", 2, 1, progress="yes")
    for number in (1, 0, 1.0):  # (equal to True or False, but not a yes or a no)
        with pytest.raises(ValueError, match="progress must be True, False"):
            simulate("usa", 2, 1, progress=number)


def test_widget_progress_bar_fills_up():
    bar = _WidgetBar(5)
    bar.update(2)
    bar.update(3)
    bar.close()
    assert (bar.widget.value, bar.widget.max, bar.widget.bar_style) == (5, 5, "success")


# -- command line ---------------------------------------------------------------------------
ARGS = ["simulate", "--variant", "usa", "--players", "2", "--games", "4", "--seed", "9",
        "--agents", "random", "--json"]


def test_cli_json_one_line_per_game_same_bytes_every_time(capsys):
    assert main(ARGS) == 0
    first = capsys.readouterr()
    assert main(ARGS) == 0
    second = capsys.readouterr()
    assert first.out == second.out and first.out.endswith("\n")
    assert first.err == ""  # not a terminal: no progress bar
    lines = first.out.splitlines()
    assert len(lines) == 4
    docs = [json.loads(line) for line in lines]
    assert [d["seed"] for d in docs] == [game_seed(9, i) for i in range(4)]
    for d in docs:
        assert {"variant", "seed", "players", "steps", "turns", "score", "winners"} <= set(d)
        game = play_game("usa", 2, d["seed"], ("random",))
        assert d["score"] == json.loads(json.dumps(game.score().to_dict()))
        assert (d["steps"], d["turns"]) == (len(game.history), game.turn)


def test_cli_json_is_the_same_on_a_process_pool(capsys):
    main(ARGS)
    serial = capsys.readouterr().out
    main(ARGS + ["--workers", "2"])
    assert capsys.readouterr().out == serial


def test_cli_summary_table_by_seat(capsys):
    assert main(["simulate", "--games", "6", "--seed", "1", "--agents", "random,greedy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "usa, 2 players, 6 games, agents random,greedy"
    assert out[1].split() == ["seat", "agent", "wins", "win", "rate", "95%", "CI", "mean", "score"]
    results = simulate("usa", 2, 6, seed=1, agents="random,greedy")
    for seat, line in enumerate(out[2:4]):
        cells = line.split()
        wins = sum(seat in r.winners for r in results)
        mean = sum(r.seats[seat].total for r in results) / 6
        assert cells[:3] == [str(seat), ["random", "greedy"][seat], str(wins)]
        assert cells[-1] == f"{mean:.1f}"


def test_cli_bad_arguments_exit_2_with_a_message(capsys):
    assert main(["simulate", "--agents", "random,random,random"]) == 2
    assert "3 agents named" in capsys.readouterr().err
    assert main(["simulate", "--variant", "team-asia", "--players", "3"]) == 2
    assert "team-asia is played by 4 or 6 players" in capsys.readouterr().err


def test_ttr_nb_simulate_is_callable_even_after_importing_the_lab():
    """``ttr_nb.simulate(...)`` (the DESIGN contract) works whichever is imported first."""
    import subprocess
    import sys

    code = ("from ttr_nb import lab; import ttr_nb.simulate, ttr_nb.variants; import ttr_nb; "
            "print(len(ttr_nb.simulate('usa', 2, 2, seed=1)), len(ttr_nb.variants()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", str(len(ttr_nb.variants()))]


@pytest.mark.skipif("team-asia" not in PLAYABLE, reason="Team Asia does not play yet")
def test_team_asia_results_give_each_seat_its_team_TA_3_TA_16():
    results = simulate("team-asia", 4, 3, seed=3, agents="random")
    for r in results:
        teams = [p["seats"] for p in r.score["players"]]
        assert sorted(seat for t in teams for seat in t) == [0, 1, 2, 3]
        for i, team in enumerate(teams):
            seats = [r.seats[s] for s in team]
            assert {s.scorer for s in seats} == {i}
            assert len({s.total for s in seats}) == 1  # one score per team (TA-3)
            held = [t[0] for s in seats for t in s.tickets]
            assert len(held) == len(set(held))  # a team ticket is listed once (TA-16)
            done = sum(s.tickets_completed for s in seats)
            assert done == r.score["players"][i]["tickets_completed"]
        # winners are whole teams
        won = {r.seats[w].scorer for w in r.winners}
        assert sorted(r.winners) == sorted(s for i in won for s in teams[i])


def test_the_summary_table_keeps_its_columns_with_long_player_names():
    """Every row's columns start where the header's do, whatever the agents' names (issue 35)."""
    import ttr_nb
    from ttr_nb.simulate import summary_table

    text = summary_table(ttr_nb.simulate("usa", 2, games=3, seed=1, agents=["destination-hungry", "random"]))
    header, *rows = text.splitlines()[1:-1]
    for col in ("wins", "win rate", "mean score"):
        end = header.index(col) + len(col)
        for row in rows:
            assert row[end - 1] != " " and (end == len(row) or row[end] == " "), (col, row)
