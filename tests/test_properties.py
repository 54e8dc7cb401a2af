"""Property tests over random games of every implemented variant and player count, checked
after every step (OpenSpiel/edwisdom-style invariants; issue 4 'Tests'):

- the 110 train cards, every ticket and every train are conserved;
- no player (side) owns two tracks of one double; 2-3 player games never use both tracks;
- legal_actions is sorted and non-empty until the game is over, and every legal action applies;
- undo restores the exact state; save -> load gives the same state;
- the score equals a from-scratch recount; view(seat) leaks nothing hidden.

Plus a smoke test: random and greedy games of every variant and player count finish.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.agents import GreedyAgent, RandomAgent, play_game
from ttr_nb.game import Game, new_game
from ttr_nb.graph import largest_network, ticket_done
from ttr_nb.rules import MECHANICS
from ttr_nb.trail import longest_trail


def implemented(name: str) -> bool:
    try:
        new_game(name, ttr_nb.get_variant(name).players[0])
        return True
    except NotImplementedError:
        return False


VARIANTS = [v for v in ttr_nb.variants() if implemented(v)]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a seed does not shrink


def games_strategy():
    return st.sampled_from(VARIANTS).flatmap(lambda v: st.tuples(
        st.just(v), st.sampled_from(ttr_nb.get_variant(v).players), st.integers(0, 2**31),
        st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=1)))


# -- invariants ----------------------------------------------------------------------------
def check_conservation(g: Game) -> None:
    c = g.counts()
    v = g.variant
    assert c["train_cards"] == v.n_cards == 110
    assert c["tickets"] == sum(len(p) for p in v.piles.values())
    assert c["trains"] == v.trains * g.n
    assert min(g.trains) >= 0 and all(min(h) >= 0 for h in g.hands)
    if "terrain_cards" in c:
        assert c["terrain_cards"] == 45  # H-3.1: deck + display + discard + in front of players
    every = [t for lst in (g.tdeck, g.box, *g.offered, *g.kept) for t in lst]
    assert len(every) == len(set(every))  # no ticket in two places


def check_doubles(g: Game) -> None:
    groups: dict[int, list[int]] = {}
    for r in g.board.routes:
        if r.double_group is not None:
            o = g.owner[g.T.idx[r.id]]
            if o >= 0:
                groups.setdefault(r.double_group, []).append(g.side[o])
    for sides in groups.values():
        assert len(sides) == len(set(sides)), "a side owns two tracks of one double"
        if g.n < g.policies["double_routes_min_players"]:
            assert len(sides) <= 1, "both tracks used in a 2-3 player game"


def check_legal(g: Game, chosen) -> None:
    legal = g.legal_actions()
    if g.over:
        assert legal == [] and g.current_player is None
        return
    assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
    assert g.legal_count() == len(legal)
    for a in legal:
        assert g.why_not(a) is None
        c = g.copy()
        c.apply(a)  # every legal action applies
        check_conservation(c)


def check_view(g: Game, rng: random.Random) -> None:
    for seat in range(g.n):
        v = g.view(seat)
        c = g.copy()
        rng.shuffle(c.deck)
        rng.shuffle(c.tdeck)
        for s in range(g.n):
            if s != seat:
                h = c.hands[s]
                total = sum(h)
                c.hands[s] = [0] * 9
                for _ in range(total):
                    c.hands[s][rng.randrange(9)] += 1
                rng.shuffle(c.kept[s])
        assert c.view(seat) == v
        text = json.dumps(v)
        for s in range(g.n):
            if s != seat:
                for t in set(g.tickets(s)) - set(g.tickets(seat)) - set(g.offered_tickets(seat)):
                    assert f'"{t}"' not in text


def recount(g: Game, lent: dict[int, list[int]] | None = None):
    """From scratch, per scorer (player or team), from the game's own records: route points
    (doubled routes twice, mountain trains at the policy's rate), ticket points, and the
    measures of every bonus. ``lent``: routes of other players a scorer's train stations lend
    to its tickets (EU-4), never to its longest path (EU-5)."""
    b = g.board
    per = g.policies.get("mountain_points_per_x", 2)
    out = []
    for i, sc in enumerate(g.scorers()):
        routes = [c.route for c in sc.claims]
        pts = sum(b.route_points(b.route(c.route).length) * (2 if c.doubled else 1)
                  + per * b.route(c.route).mountains for c in sc.claims)
        done = [ticket_done(b, routes + list((lent or {}).get(i, ())), b.ticket(t)) for t in sc.tickets]
        tix = sum(b.ticket(t).points if d else -b.ticket(t).points for t, d in zip(sc.tickets, done))
        measures = {"longest_path": longest_trail(b, routes).length, "globetrotter": sum(done),
                    "most_tickets": sum(done), "asian_explorer": len(largest_network(b, routes).cities)}
        out.append((sc, pts, tix, measures))
    return out


def check_score(g: Game) -> None:
    sheet = g.score()
    lent = {i: [r for line in sheet.lines[i] if line.kind == "station" for r in line.routes]
            for i in range(len(sheet.names))}
    for i in lent:  # a station lends one route of another scorer into its city (EU-4)
        mine = {c.route for c in sheet.scorers[i].claims}
        for line in sheet.lines[i]:
            if line.kind == "station" and line.routes:
                r = g.board.route(line.routes[0])
                assert line.cities[0] in r.cities and r.id not in mine and r.id in g.route_owners
    rec = recount(g, lent)
    assert sum(r[1] for r in rec) == sum(g.points)
    for i, (sc, pts, tix, _) in enumerate(rec):
        assert pts == sum(g.points[s] for s in sc.seats)
        assert sum(sheet.line_total(i, k) for k in ("route", "terrain", "mountain")) == pts
        assert sheet.line_total(i, "ticket") == tix
    for key, points in g.variant.bonuses.items():
        m = [r[3][key] for r in rec]
        best = max(m)
        winners = tuple(i for i in range(len(rec)) if best > 0 and m[i] == best)
        assert sheet.awarded[key] == winners
    for i, (sc, pts, tix, _) in enumerate(rec):
        bonus = sum(points for key, points in g.variant.bonuses.items() if i in sheet.awarded[key])
        assert sheet.line_total(i, "bonus") == bonus
        stations = g.state()["ext"].get("train_stations")
        reserve = 3 - len(stations["built"][i]) if stations else 0
        assert sheet.line_total(i, "station") == 4 * reserve  # a station never built scores 4 (EU-4)
        assert sheet.totals[i] == pts + tix + bonus + 4 * reserve


def run_checked(variant: str, n: int, seed: int, agent: str, every: int = 1) -> Game:
    g = new_game(variant, n, seed=seed)
    rng = random.Random(seed)
    agents = [RandomAgent(seed + s) if agent == "random" else GreedyAgent(seed + s) for s in range(n)]
    states = [g.state_json()]
    step = 0
    check_conservation(g)
    while not g.over:
        a = agents[g.current_player].choose(g)
        if step % every == 0:
            check_legal(g, a)
        g.apply(a)
        step += 1
        check_conservation(g)
        check_doubles(g)
        state = g.state_json()
        if step % every == 0:
            g.undo()
            assert g.state_json() == states[-1], "undo did not restore the state"
            g.apply(a)
            assert g.state_json() == state
        if step % (5 * every) == 0 or g.over:
            assert Game.from_json(g.to_json()).state_json() == state, "save/load changed the state"
            check_view(g, rng)
        if step % 40 == 0:
            check_score(g)
        states.append(state)
        assert step < 5000
    check_legal(g, None)
    check_score(g)
    return g


@SETTINGS
@given(games_strategy())
def test_invariants_after_every_step(game):
    variant, n, seed, agents = game
    run_checked(variant, n, seed, agents[0], every=1 if agents[0] == "random" else 2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_invariants_one_game_per_variant_and_player_count(variant):
    for n in ttr_nb.get_variant(variant).players:
        run_checked(variant, n, seed=1000 + n, agent="random", every=3)


# -- smoke: many games finish --------------------------------------------------------------
SMOKE_GAMES = 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_smoke_random_games_finish(variant):
    for n in ttr_nb.get_variant(variant).players:
        for seed in range(SMOKE_GAMES):
            g = play_game(variant, n, seed=seed, agents=("random",))
            assert g.over
            c = g.counts()
            assert c["train_cards"] == 110 and c["trains"] == g.variant.trains * n
        sheet = g.score()
        assert len(sheet.totals) == len(g.scorers()) == n // g.variant.team_size


@pytest.mark.parametrize("variant", VARIANTS)
def test_smoke_greedy_games_finish_and_beat_random(variant):
    wins = Counter()
    v = ttr_nb.get_variant(variant)
    n = v.players[0]
    agents = ["greedy" if s < v.team_size else "random" for s in range(n)]  # seat 0 (and partner)
    for seed in range(4):
        g = play_game(variant, n, seed=seed, agents=agents)
        assert g.over
        sheet = g.score()
        wins["greedy" if 0 in sheet.winners else "random"] += 1
    assert wins["greedy"] >= 3


def test_mechanics_registry_names_every_variant_mechanic():
    for v in ttr_nb.variants():
        assert set(ttr_nb.get_variant(v).mechanics) <= set(MECHANICS)
