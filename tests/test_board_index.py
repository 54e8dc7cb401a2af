"""The board index is the one place of the country rule (issue 32: H-8.2 written once), and the
players read a mechanic's state only through ``ttr_nb.agents.mechanics``.

- H-8.2: a country is a dead end: a path may end there but never goes on from it.
- H-8.5: each route into a country ends at its own terminal (the trails), or each pair of
  parallel tracks (the optimiser's links), so no walk passes through the country.
- The trails' graph, the optimiser's network and the greedy planner take the rule from
  :mod:`ttr_nb.board_index` and agree with the one cheapest-path search (:mod:`ttr_nb.paths`).
"""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

import ttr_nb
from ttr_nb.agents import GreedyAgent, agent_seed
from ttr_nb.agents.mechanics import _hidden_holders, _holder_tickets, _terrain, _tickets
from ttr_nb.agents.planner import _SeatView, _net
from ttr_nb.board_index import board_index, dead_ends
from ttr_nb.game import new_game
from ttr_nb.optimize._network import Network
from ttr_nb.paths import PathSearch
from ttr_nb.trail import board_graph, longest_trail

BOARDS = ("usa", "legendary_asia", "heart_of_africa", "team_asia")
AFRICA = "heart_of_africa"


def _into(board, country: str) -> list:
    return [r for r in board.routes if country in (r.a, r.b)]


# -- the rule, once ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", BOARDS)
def test_H_8_2_only_a_country_is_a_dead_end(name):
    """``country`` is True exactly for the board's countries; a path goes on from every city
    along all its routes (``onward`` = ``at``) and from no country (``onward`` empty)."""
    board = ttr_nb.load_map(name)
    ix = board_index(board)
    assert [ix.names[c] for c in range(len(ix.names)) if ix.country[c]] == sorted(board.countries)
    assert dead_ends(board, ix.names) == ix.country
    for c, name_ in enumerate(ix.names):
        if ix.country[c]:
            assert ix.at[c] and ix.onward[c] == (), name_
        else:
            assert ix.onward[c] == ix.at[c], name_


def test_H_8_5_each_route_into_a_country_ends_at_its_own_terminal():
    """``terminals``: cities (not countries) first, in the order given, then one terminal per
    end at a country, in the order of the ends; a city's routes share its one node."""
    board = ttr_nb.load_map(AFRICA)
    ix = board_index(board)
    split = ix.terminals([(r.a, r.b) for r in board.routes])
    towns = [c for c in ix.names if not board.cities[c].is_country]
    assert list(split.names[:len(towns)]) == towns
    assert all(split.nodes_of[c] == (k,) for k, c in enumerate(towns))
    for country in board.countries:
        nodes = split.nodes_of[country]
        assert len(nodes) == len(_into(board, country)) and all(n >= len(towns) for n in nodes)
        assert {split.names[n] for n in nodes} == {country}
    terminal_ends = [n for pair in split.pairs for n in pair if n >= len(towns)]
    assert terminal_ends == list(range(len(towns), len(split.names)))  # each used once, in order
    for r, (u, v) in zip(board.routes, split.pairs):
        assert (split.names[u], split.names[v]) == (r.a, r.b)


def test_the_trails_graph_and_the_optimiser_network_take_the_split_from_the_index():
    """The trails' graph: a terminal per route (the board's city order kept); the optimiser:
    a terminal per link (parallel tracks share one, B-5.7)."""
    board = ttr_nb.load_map(AFRICA)
    ix = board_index(board)
    g = board_graph(board)
    split = ix.terminals([(r.a, r.b) for r in board.routes], board.cities)
    assert g.names == split.names and g.nodes_of == split.nodes_of
    assert all(g.ends[r.id][:2] == pair for r, pair in zip(board.routes, split.pairs))
    net = Network(board, [r.id for r in board.routes], [])
    for country in board.countries:
        links = {r.double_group if r.double_group is not None else ("route", r.id) for r in _into(board, country)}
        assert len(net.nodes_of[country]) == len(links) < len(g.nodes_of[country])


# -- no walk passes through a country -------------------------------------------------------------
@pytest.mark.parametrize("country", ["Nigeria", "Tchad", "Sudan"])
def test_H_8_2_no_trail_passes_through_a_country(country):
    """Two routes into the same country from two cities are not one trail: the longest trail
    is the longer route alone."""
    board = ttr_nb.load_map(AFRICA)
    routes = _into(board, country)
    a, b = next((x, y) for x, y in itertools.combinations(routes, 2) if x.other(country) != y.other(country))
    trail = longest_trail(board, [a.id, b.id])
    assert trail.length == max(a.length, b.length) and len(trail.routes) == 1


def test_H_8_2_the_planner_finds_the_cheapest_paths_of_the_one_search():
    """The greedy planner's cheapest trains between two neighbours of a country, the two
    routes into the country free (planned already: 0 trains), are those of
    :class:`~ttr_nb.paths.PathSearch` (which goes on along ``onward`` only): never 0 through
    the country."""
    board = ttr_nb.load_map(AFRICA)
    ix = board_index(board)
    game = new_game("heart-of-africa", 2, 5)
    net = _net(game)
    assert net.country == ix.country and net.cidx == ix.index
    view = _SeatView(net)
    view.update(game, 0)
    pairs = 0
    for country in board.countries:
        for x, y in itertools.combinations(_into(board, country), 2):
            a, b = x.other(country), y.other(country)
            if a == b:
                continue
            cost = list(ix.trains)
            cost[ix.pos[x.id]] = cost[ix.pos[y.id]] = 0
            s = PathSearch(ix, cost, [ix.node(a)])
            goal = s.first({ix.node(b)})
            assert goal is not None and s.dist[goal] > 0
            fidx, fmask = net.free_of({x.id, y.id})
            assert view.cost(net.cidx[a], net.cidx[b], fidx, fmask) == s.dist[goal], (a, country, b)
            pairs += 1
    assert pairs >= 3


# -- the players read mechanics through agents/mechanics ------------------------------------------
def _play_until(game, agents, done, steps: int = 400):
    for _ in range(steps):
        if done(game) or game.over:
            break
        game.apply(agents[game.current_player].choose(game))


def test_TA_15_the_players_plan_for_their_team_holder_tickets():
    """``_holder_tickets``: the tickets in the seat's team holder (TA-4, TA-11); the players'
    tickets are their own plus those (TA-15); none in a game without teams."""
    game = new_game("team-asia", 4, 3)
    agents = [GreedyAgent(agent_seed(3, s)) for s in range(4)]
    _play_until(game, agents, lambda g: all(g.ext["teams"]["tickets"]))
    holders = game.ext["teams"]["tickets"]
    assert all(holders)
    for seat in range(4):
        held = _holder_tickets(game, seat)
        assert held == holders[game.side[seat]]
        assert _tickets(game, seat) == game.tickets(seat) + [game.tix[t].id for t in held]
    usa = new_game("usa", 2, 3)
    assert _holder_tickets(usa, 0) == [] and _tickets(usa, 0) == usa.tickets(0)


@pytest.mark.parametrize("visible_to,hidden", [("team", {0: [1], 2: [0]}), ("all", {0: [], 2: []})])
def test_TA_6_hidden_holders_follow_the_policy(visible_to, hidden):
    """A seat cannot see the other team's holders unless ``holders_visible_to`` is 'all'."""
    game = new_game("team-asia", 4, 1, holders_visible_to=visible_to)
    assert {s: _hidden_holders(game, s) for s in hidden} == hidden
    assert _hidden_holders(new_game("usa", 2, 1), 0) == []


def test_H_5_terrain_state_only_in_the_heart_of_africa():
    game = new_game("heart-of-africa", 3, 2)
    st = _terrain(game)
    assert st is game.ext["terrain"] and len(st["held"]) == 3
    assert _terrain(new_game("usa", 2, 2)) is None


def test_no_player_module_reads_a_mechanic_state_directly():
    """Issue 32: agents read ``game.ext`` nowhere; ``agents/mechanics.py`` reads each mechanic's
    ``state``."""
    src = Path(ttr_nb.__file__).parent / "agents"
    for path in sorted(src.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("#", "``")))
        assert ".ext[" not in code and ".ext.get(" not in code and "in game.ext" not in code, path.name
