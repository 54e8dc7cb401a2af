"""The greedy player, tested by what it must do (issue 32), on every shipped variant.

- Every action it chooses is legal where it chooses it (``why_not`` is None, and it is one of
  ``legal_actions()``), at every decision, in greedy-only games and against random players.
- Deterministic: the same seed gives the same game; what an agent remembers from earlier games
  or earlier states (its remembered searches and plans) never changes a choice.
- It never reads hidden information (B-2.2, B-6.1; Team Asia: never the partner's hand or the
  other team's holder, TA-6): its choice stays the same when every hidden thing (the other
  hands, the deck order, the other players' tickets, the ticket deck) is dealt anew.
- It beats the random player by a stated margin on every board.

The second half tests the planner's remembered searches against plain searches (``_SeatView``,
``_Net``: the package exports them for these tests).
"""
from __future__ import annotations

import random

import pytest

import ttr_nb
from ttr_nb.agents import GreedyAgent, NoTerrainAgent, RandomAgent, agent_seed, play_game
from ttr_nb.game import new_game

VARIANTS = [(v.name, n) for v in map(ttr_nb.get_variant, ttr_nb.variants()) for n in v.players]
"""Every shipped variant with every player count."""
SMALLEST = [(v.name, min(v.players)) for v in map(ttr_nb.get_variant, ttr_nb.variants())]
"""Every shipped variant with its fewest players (2; Team Asia 4: two teams of two)."""


def _ids(cases):
    return [f"{v}-{n}p" for v, n in cases]


def _agents(seed: int, n: int, random_seats: tuple[int, ...] = ()) -> list:
    return [RandomAgent(agent_seed(seed, s) ^ 0x5EED) if s in random_seats else GreedyAgent(agent_seed(seed, s))
            for s in range(n)]


# -- legal ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,players", VARIANTS, ids=_ids(VARIANTS))
def test_every_choice_is_a_legal_action(variant, players):
    """At every decision of a greedy-only game and of a game against random players (odd seats
    random), the greedy player's action is among ``legal_actions()`` and ``why_not`` finds
    nothing wrong with it; the games end."""
    checked = 0
    for seed, random_seats in ((1, ()), (2, tuple(range(1, players, 2)))):
        g = new_game(variant, players, seed)
        agents = _agents(seed, players, random_seats)
        while not g.over:
            s = g.current_player
            a = agents[s].choose(g)
            if s not in random_seats:
                assert g.why_not(a) is None, f"{variant} {players}p seed {seed}, step {len(g.history)}: {a}"
                assert a in g.legal_actions()
                checked += 1
            g.apply(a)
    assert checked > 100


def test_no_terrain_agent_chooses_legal_actions_and_never_doubles():
    """NoTerrainAgent (lab.doubling_duel's player) is the greedy player that never spends
    Terrain cards on a claim (H-5): legal choices, and no doubling in its games, where the
    greedy player's games at the same seeds have some."""
    doubled = 0
    for seed in range(3):
        g = new_game("heart-of-africa", 2, seed)
        agents = [NoTerrainAgent(agent_seed(seed, s)) for s in range(2)]
        while not g.over:
            a = agents[g.current_player].choose(g)
            assert g.why_not(a) is None
            g.apply(a)
        assert not [e.text for e in g.log if e.kind == "terrain_double"]
        greedy = play_game("heart-of-africa", 2, seed, agents="greedy")
        doubled += sum(e.kind == "terrain_double" for e in greedy.log)
    assert doubled > 0


# -- deterministic --------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,players", SMALLEST, ids=_ids(SMALLEST))
def test_same_seed_same_game_whatever_the_agent_remembers(variant, players):
    """``play_game`` twice with one seed: one game. Agents that already played another game
    (their remembered searches and plans warm), re-seeded, then play the same game through
    ``choose``/``apply`` as ``play_game``'s fresh agents."""
    seed = 3
    first = play_game(variant, players, seed, agents="greedy")
    again = play_game(variant, players, seed, agents="greedy")
    assert [a.to_json() for a in first.history] == [a.to_json() for a in again.history]
    assert first.state_json() == again.state_json()

    warm = _agents(seed + 1, players)
    other = new_game(variant, players, seed + 1)
    while not other.over:
        other.apply(warm[other.current_player].choose(other))
    for s, agent in enumerate(warm):
        agent.rng = random.Random(agent_seed(seed, s))
    g = new_game(variant, players, seed)
    while not g.over:
        g.apply(warm[g.current_player].choose(g))
    assert [a.to_json() for a in g.history] == [a.to_json() for a in first.history]


def test_plan_follows_routes_claimed_by_others():
    """After another player claims a route of a seat's plan, plan() is that of a fresh agent:
    the remembered searches are dropped or corrected."""
    events = 0
    for variant, n, seed in (("usa", 2, 3), ("usa", 4, 1), ("legendary-asia", 3, 2),
                             ("heart-of-africa", 2, 4), ("team-asia", 4, 3)):
        g = new_game(variant, n, seed)
        agents = [GreedyAgent(agent_seed(seed, s)) for s in range(n)]
        last_plan: dict[int, list[int]] = {}
        while not g.over:
            s = g.current_player
            if s in last_plan:
                mine = set(last_plan[s])
                taken = {o for o, owner in g.route_owners.items() if g.side[owner] != g.side[s]}
                if mine & taken:
                    assert agents[s].plan(g, s) == GreedyAgent(0).plan(g, s)
                    events += 1
            a = agents[s].choose(g)
            if g.pending == "turn":
                last_plan[s] = agents[s].plan(g, s)[1]
            g.apply(a)
    assert events >= 5


def test_plan_follows_undo_and_copies():
    """The memory is keyed on the board as it is, not on the history: after undo (a replay)
    and on a copy, plan() and choose() are those of a fresh agent."""
    g = new_game("usa", 2, 9)
    agent = GreedyAgent(5)
    for _ in range(80):
        g.apply(agent.choose(g))
    before = agent.plan(g, g.current_player)
    while not g.route_owners:
        g.apply(agent.choose(g))
    for _ in range(6):
        g.apply(agent.choose(g))
    for _ in range(10):
        g.undo()
        s = g.current_player
        assert agent.plan(g, s) == GreedyAgent(0).plan(g, s)
    c = g.copy()
    for _ in range(40):
        if c.over:
            break
        s = c.current_player
        assert agent.plan(c, s) == GreedyAgent(0).plan(c, s)
        fresh = GreedyAgent(0)
        fresh.rng.setstate(agent.rng.getstate())
        a = agent.choose(c)
        assert a == fresh.choose(c)
        c.apply(a)
    assert before  # (it had a plan mid-game)


def test_plan_with_free_routes_and_other_tickets():
    """plan(tickets=..., free=...) (the lessons and lab call it so): routes given free are never
    routes to claim, and make the plan no dearer; every route to claim is still open; the
    answer is a fresh agent's."""
    g = new_game("usa", 2, 4)
    agent = GreedyAgent(1)
    for _ in range(70):
        g.apply(agent.choose(g))
    owned = g.route_owners
    ids = [t.id for t in g.board.tickets][:12]
    for seat in range(2):
        trains, routes = agent.plan(g, seat, ids)
        assert (trains, routes) == GreedyAgent(0).plan(g, seat, ids)
        assert routes and not set(routes) & set(owned)
        assert sum(g.board.route(r).trains for r in routes) <= trains
        free = set(routes[:3]) | {g.board.routes[0].id}
        got = agent.plan(g, seat, ids, free)
        assert got == GreedyAgent(0).plan(g, seat, ids, free)
        assert not set(got[1]) & free and got[0] <= trains


# -- hidden information ---------------------------------------------------------------------------
def _scrambled(g, seat: int, rng: random.Random):
    """A copy of ``g`` with everything ``seat`` can't see dealt anew: the other players' hands
    (same sizes; the partner's too, TA-6) and the other teams' holder cards dealt again from
    their cards and the deck, the deck order, the other players' kept and offered tickets and
    the other teams' holder tickets swapped with tickets of the ticket deck, the ticket deck's
    order. (It writes the game's state lists, docs/ENGINE.md "State": there is no public way to
    deal a game anew behind a seat's back.)"""
    c = g.copy()
    others = [o for o in range(c.n) if o != seat]
    teams = c.ext.get("teams")
    other_teams = [t for t in range(len(teams["cards"])) if t != c.side[seat]] if teams else []
    holders = [teams["cards"][t] for t in other_teams]
    hands = [c.hands[o] for o in others] + holders
    pool = list(c.deck)
    sizes = [sum(h) for h in hands]
    for h in hands:
        for card, k in enumerate(h):
            pool += [card] * k
    rng.shuffle(pool)
    for h, size in zip(hands, sizes):
        h[:] = [0] * 9
        for _ in range(size):
            h[pool.pop()] += 1
    c.deck = pool
    tix = list(c.tdeck)
    rng.shuffle(tix)
    hidden = [c.kept[o] for o in others] + [c.offered[o] for o in others]
    hidden += [teams["tickets"][t] for t in other_teams]
    for lst in hidden:
        for k in range(len(lst)):
            if tix:
                lst[k], tix[-1] = tix[-1], lst[k]
                rng.shuffle(tix)
    c.tdeck = tix
    c._legal = None
    return c


@pytest.mark.parametrize("variant,players", SMALLEST + [("usa", 4)], ids=_ids(SMALLEST + [("usa", 4)]))
def test_choice_ignores_hidden_information(variant, players):
    """B-2.2, B-6.1, TA-6: at every third decision of a greedy game, the choice is the same
    whatever the other hands, the deck order and the other players' tickets are: on copies
    where all of that is dealt anew (``view(seat)`` unchanged, the teacher's view changed),
    another agent in the same RNG state chooses the same action."""
    rng = random.Random(7)
    g = new_game(variant, players, 5)
    agents = [GreedyAgent(agent_seed(5, s)) for s in range(players)]
    checked = changed = 0
    k = 0
    while not g.over:
        s = g.current_player
        if k % 3 == 0:
            state = agents[s].rng.getstate()
            want = agents[s].choose(g)
            for _ in range(2):
                c = _scrambled(g, s, rng)
                assert c.view(s) == g.view(s)
                changed += c.view(None) != g.view(None)
                other = GreedyAgent(0)
                other.rng.setstate(state)
                assert other.choose(c) == want
            agents[s].rng.setstate(state)
            checked += 1
        g.apply(agents[s].choose(g))
        k += 1
    assert checked > 20 and changed >= checked  # (the copies did differ where the seat can't see)


# -- strength -------------------------------------------------------------------------------------
GAMES = 100
"""Games per board in the strength test: seeds 0..99, the greedy side sitting first on even seeds."""
MIN_WINS = 95
"""Wins the greedy side must have out of :data:`GAMES` (95 %)."""
MIN_MEAN_LEAD = 60
"""Points by which the greedy side must lead the best random side, on average."""


@pytest.mark.parametrize("variant,players", SMALLEST, ids=_ids(SMALLEST))
def test_greedy_beats_random_on_every_board(variant, players):
    """Greedy against random, the fewest players (2; Team Asia: a greedy team of two against a
    random team), seeds 0..99, the greedy side first on even seeds: the greedy side wins at
    least 95 of the 100 games (95 %, the Scoresheet's winner alone) and leads the best random
    side by 60 points or more on average.

    Measured (2026-12-06, seeds 0..199, sides alternating as here, the random player taking
    ``legal[int(rng.random() * len(legal))]`` in the legal order): the greedy side won all 200
    on every variant; mean lead 144 points (Legendary Asia, smallest lead in a game 36) to 276
    (Team Asia); USA 192, USA 1910 199, 1910 classic 190, Big Cities 211, Mega 237, The Heart
    of Africa 214. (With the old sampler's order, the same: 200 of 200, mean leads 141-281.)"""
    groups = new_game(variant, players, 0).scorer_groups()
    wins = 0
    leads = []
    for seed in range(GAMES):
        side = seed % 2
        agents = ["greedy" if s in groups[side][1] else "random" for s in range(players)]
        sheet = play_game(variant, players, seed, agents=agents).score()
        wins += tuple(sheet.winners) == (side,)
        leads.append(sheet.totals[side] - max(t for i, t in enumerate(sheet.totals) if i != side))
    mean = sum(leads) / GAMES
    assert wins >= MIN_WINS and mean >= MIN_MEAN_LEAD, (
        f"{variant}: greedy won {wins} of {GAMES} (at least {MIN_WINS} wanted), mean lead {mean:.0f} points")


# -- the planner's remembered searches -------------------------------------------------------------
def test_remembered_searches_stay_exact():
    """The searches remembered across claims (whole paths, and the cheapest trains alone)
    give what a fresh agent's search gives, for fixed city pairs asked at every decision (so
    the remembered answers live through many claims), with and without free routes."""
    checked = 0
    for variant, players in (("usa", 2), ("usa", 4), ("heart-of-africa", 3), ("team-asia", 4)):
        g = new_game(variant, players, 3)
        rng = random.Random(3)
        names = sorted(g.board.cities)
        pairs = [(rng.choice(names), rng.choice(names)) for _ in range(25)]
        free = set(rng.sample([r.id for r in g.board.routes], 6))
        agent = GreedyAgent(0)
        players_ = [GreedyAgent(agent_seed(3, 0)), RandomAgent(1)] * players
        while not g.over:
            s = g.current_player
            if g.pending == "turn":
                fresh = GreedyAgent(0)
                for a, b in pairs:
                    assert agent._costs(g, s, a, b) == fresh._costs(g, s, a, b)
                    assert agent._costs(g, s, a, b, free) == GreedyAgent(0)._costs(g, s, a, b, free)
                    checked += 1
            g.apply(players_[s].choose(g))
    assert checked > 4000


def _plain_search(K, routes, code, country, a, b, free):
    """The old agent's search on a small graph: Dijkstra popping (trains, city) first, own
    routes (code 0) and ``free`` ones at 0, closed ones (code -1) skipped, a country a dead end
    unless it is the start (H-8.2); (trains, routes still to claim from b back to a)."""
    import heapq

    inf = 1 << 30
    adj = [[] for _ in range(K)]
    for i, (u, v) in enumerate(routes):
        adj[u].append((v, i))
        adj[v].append((u, i))
    dist, prev, heap = {a: 0}, {}, [(0, a)]
    while heap:
        d, c = heapq.heappop(heap)
        if c == b:
            break
        if d > dist.get(c, inf) or (country[c] and c != a):
            continue
        for o, i in adj[c]:
            if code[i] < 0:
                continue
            nd = d + (0 if code[i] == 0 or i in free else code[i])
            if nd < dist.get(o, inf):
                dist[o], prev[o] = nd, (c, i)
                heapq.heappush(heap, (nd, o))
    if b not in dist:
        return inf, []
    path, c = [], b
    while c != a:
        c, i = prev[c]
        if code[i] != 0:
            path.append(i)
    return dist[b], path


def _search_with_trains(K, routes, weight, country, a, b):
    """Dijkstra popping (trains, city) first over ``weight`` (None: closed), a country a dead
    end unless it is the start: (trains to b, its path from b back to a, trains to every city)."""
    import heapq

    inf = 1 << 30
    adj = [[] for _ in range(K)]
    for i, (u, v) in enumerate(routes):
        if weight[i] is not None:
            adj[u].append((v, i))
            adj[v].append((u, i))
    dist, prev, heap = [inf] * K, [None] * K, [(0, a)]
    dist[a] = 0
    while heap:
        d, c = heapq.heappop(heap)
        if c == b:
            break
        if d > dist[c] or (country[c] and c != a):
            continue
        for o, i in adj[c]:
            if d + weight[i] < dist[o]:
                dist[o], prev[o] = d + weight[i], (c, i)
                heapq.heappush(heap, (dist[o], o))
    path, c = [], b
    while dist[b] < inf and c != a:
        c, i = prev[c]
        path.append(i)
    return dist[b], path, dist


@pytest.mark.parametrize("seed", range(2))
def test_the_lemmas_of_remembered_searches(seed):
    """The rules ``_SeatView`` answers again by (its class docstring), all at once on random
    small boards (parallel routes, ties, zero weights, closed routes, dead-end countries): with
    routes off the path dearer or closed (kind 1), routes off it cheaper or open again whose
    ends lie past D wherever the search could go on (kind 2), and routes on it cheaper (kind 3),
    a fresh search finds the same path, D less the savings."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(4000):
        K = rng.randint(3, 9)
        routes = [tuple(rng.sample(range(K), 2)) for _ in range(rng.randint(K, 3 * K))]
        country = [rng.random() < 0.1 for _ in range(K)]
        weight = [None if rng.random() < 0.15 else rng.choice([0, 0, 1, 1, 2, 3]) for _ in routes]
        a, b = rng.sample(range(K), 2)
        D, path, dist = _search_with_trains(K, routes, weight, country, a, b)
        if not path:
            continue
        after, savings = list(weight), 0
        for i, (u, v) in enumerate(routes):
            w, r = weight[i], rng.random()
            if i in path:
                if w and r < 0.3:
                    cut = rng.randint(1, w)
                    after[i], savings = w - cut, savings + cut
            elif r < 0.15:
                after[i] = None
            elif r < 0.3 and w is not None:
                after[i] = w + rng.randint(1, 3)
            elif r < 0.55:
                new = rng.randint(0, w) if w is not None else rng.choice([0, 1, 2, 3])
                if all(dist[x] + new > D or (country[x] and x != a) for x in (u, v)):
                    after[i] = new
        got = _search_with_trains(K, routes, after, country, a, b)
        assert got[:2] == (D - savings, path), (routes, weight, after, country, a, b)
        checked += 1
    assert checked > 2000


@pytest.mark.parametrize("seed", range(3))
def test_remembered_searches_on_random_graphs(seed):
    """On random small boards (parallel routes, ties, zero-weight own and free routes, dead-end
    countries), after random claims, closings and undoings, every remembered answer
    (``_SeatView.run``: trains and path; ``cost``: trains) is that of a fresh plain search."""
    from types import SimpleNamespace as NS

    from ttr_nb.agents import _Net, _SeatView

    rng = random.Random(seed)
    checks = 0
    for _ in range(60):
        K = rng.randint(3, 10)
        names = [f"c{k:02d}" for k in range(K)]
        routes = [tuple(rng.sample(range(K), 2)) for _ in range(rng.randint(K, 3 * K))]
        E = len(routes)
        country = [rng.random() < 0.15 for _ in range(K)]
        need = [rng.choice([1, 1, 2, 2, 3, 4]) for _ in range(E)]
        board = NS(cities={n: NS(is_country=country[k]) for k, n in enumerate(names)},
                   routes=[NS(a=names[u], b=names[v]) for u, v in routes])
        T = NS(rid=list(range(100, 100 + E)), idx={100 + i: i for i in range(E)}, rneed=need,
               rtunnel=[False] * E, rlen=need, n=E)
        net = _Net(board, T)
        views = [_SeatView(net) for _ in range(2)]
        for v in views:
            v._reset(list(need))
        pairs = [tuple(rng.sample(range(K), 2)) for _ in range(4)]
        for _step in range(rng.randint(3, 20)):
            for v in views:
                for _ in range(3):
                    a, b = rng.choice(pairs)
                    free = set(rng.sample(range(E), rng.randint(0, min(4, E)))) if rng.random() < 0.5 else set()
                    fidx = sorted(free)
                    fmask = sum(1 << i for i in fidx)
                    want = _plain_search(K, routes, v.code, country, a, b, {i for i in free if v.code[i] > 0})
                    assert list(v.run(a, b, fidx, fmask)) == [want[0], want[1]]
                    assert v.cost(a, b) == _plain_search(K, routes, v.code, country, a, b, set())[0]
                    assert v.cost(a, b, fidx, fmask) == want[0]
                    checks += 1
            for v in views:  # claimed by the seat (0), by another (-1), or open again (undo)
                for _ in range(rng.randint(1, 3)):
                    i = rng.randrange(E)
                    v._set(i, rng.choice([0, -1, need[i], 0, -1]))
    assert checks > 1000


def test_a_link_weighs_as_its_first_cheapest_track():
    """Parallel tracks (a double or triple route) are searched as one link: its cheapest track
    not closed, the first of equals, own (0) and free tracks at 0. For every mix of own, free,
    open (of other trains) and closed tracks, trains and path are those of a plain search over
    the tracks in route order."""
    import itertools
    from types import SimpleNamespace as NS

    from ttr_nb.agents import _Net, _SeatView

    names = ["a", "b", "c"]
    routes = [(0, 1), (0, 1), (1, 2), (0, 1), (0, 2)]  # a triple a-b, then b-c and a-c
    need = [2, 1, 1, 2, 3]
    board = NS(cities={n: NS(is_country=False) for n in names},
               routes=[NS(a=names[u], b=names[v]) for u, v in routes])
    T = NS(rid=[10, 11, 12, 13, 14], idx={10 + i: i for i in range(5)}, rneed=need,
           rtunnel=[False] * 5, rlen=need, n=5)
    net = _Net(board, T)
    checks = 0
    for kinds in itertools.product(("own", "free", "open", "closed"), repeat=3):
        code = list(need)
        free = set()
        for i, kind in zip((0, 1, 3), kinds):
            if kind == "own":
                code[i] = 0
            elif kind == "closed":
                code[i] = -1
            elif kind == "free":
                free.add(i)
        v = _SeatView(net)
        v._reset(list(code))
        fidx = sorted(free)
        fmask = sum(1 << i for i in fidx)
        for a, b in ((0, 1), (0, 2), (2, 0)):
            want = _plain_search(3, routes, code, [False] * 3, a, b, free)
            assert list(v.run(a, b, fidx, fmask)) == [want[0], want[1]], (kinds, a, b)
            fresh = _SeatView(net)  # and the same after the tracks changed one by one (``_set``)
            fresh._reset(list(need))
            for i in (0, 1, 3):
                fresh._set(i, code[i])
            assert list(fresh.run(a, b, fidx, fmask)) == [want[0], want[1]], (kinds, a, b)
            checks += 1
    assert checks == 3 * 4 ** 3


def test_play_game_log_is_the_log_of_the_same_actions_applied():
    """play_game applies the players' choices without recording events; the log it gives
    (replayed on demand) is the log of the same actions applied one by one."""
    from ttr_nb.agents import play_game

    for variant, n in (("usa", 3), ("heart-of-africa", 2), ("team-asia", 4)):
        g = play_game(variant, n, seed=3, agents="greedy")
        h = new_game(variant, n, seed=3)
        for a in g.history:
            h.apply(a)
        assert g.state_json() == h.state_json()
        assert [e.text for e in g.log] == [e.text for e in h.log]


@pytest.mark.parametrize("variant,players", VARIANTS, ids=[f"{v}-{n}p" for v, n in VARIANTS])
def test_play_game_greedy_choices_pass_the_checks(variant, players):
    """play_game plays the greedy player's choices without checking them again: each one, replayed
    through the checks, is legal where it was played, and the replay ends in the same game."""
    for seed in (4, 9):
        g = play_game(variant, players, seed, agents="greedy")
        h = new_game(variant, players, seed)
        for k, a in enumerate(g.history):
            assert h.why_not(a) is None, f"{variant} {players}p seed {seed}, action {k}: {a}"
            h.apply(a)
        assert h.over and g.state_json() == h.state_json()


def test_play_game_refuses_an_illegal_choice_and_names_the_agent():
    from ttr_nb.actions import DrawCard
    from ttr_nb.agents import play_game
    from ttr_nb.errors import IllegalAction

    class Cheat:
        def choose(self, game):
            return DrawCard("deck")  # during the setup: not allowed (B-2.4)

    with pytest.raises(IllegalAction, match=r"seat 0 \(Ana, Cheat\) chose an illegal action"):
        play_game("usa", 2, seed=1, agents=[Cheat(), "greedy"])


def test_a_city_out_of_reach_stays_out_of_reach_until_a_route_opens(monkeypatch):
    """Kind 4 of ``_SeatView``'s docstring: when b was out of reach, claims and free routes
    inside the part of the board the search went through change nothing (no new search: the
    answer is still 1 << 30); a route of that part opening again (an undo) makes it search anew,
    and it finds the way."""
    from types import SimpleNamespace as NS

    from ttr_nb.agents import _INF, _Net, _SeatView

    names = ["a", "b", "c", "d"]
    routes = [(0, 2), (2, 1), (0, 3), (3, 2)]  # a-c, c-b, a-d, d-c
    need = [2, 3, 1, 1]
    board = NS(cities={n: NS(is_country=False) for n in names},
               routes=[NS(a=names[u], b=names[v]) for u, v in routes])
    T = NS(rid=[10, 11, 12, 13], idx={10 + i: i for i in range(4)}, rneed=need,
           rtunnel=[False] * 4, rlen=need, n=4)
    v = _SeatView(_Net(board, T))
    v._reset([2, -1, 1, 1])  # c-b closed: b (city 1) out of reach from a (city 0)
    searches = []
    search = _SeatView._search
    monkeypatch.setattr(_SeatView, "_search", lambda *args: searches.append(args) or search(*args))
    assert v.cost(0, 1) == _INF and len(searches) == 1
    v._set(0, 0)  # a-c claimed by the seat, d-c free: cheaper routes within reach
    assert v.cost(0, 1, [3], 1 << 3) == _INF and v.run(0, 1, [3], 1 << 3) == (_INF, [])
    assert len(searches) == 1
    v._set(1, 3)  # c-b open again
    assert v.run(0, 1, [], 0) == (3, [1]) and len(searches) == 2
