"""The fast scoring paths give exactly what the plain ones give.

Scoring a simulated game runs some twenty ticket searches, so :mod:`ttr_nb.scoring_search`
does them on integer tables with shared searches, and a simulation stores each sheet as
JSON text built directly. Here each fast path is held against a plain reference:

- ticket completion (:func:`ttr_nb.graph.connections`) against
  :func:`ttr_nb.graph.connect`, ticket by ticket;
- the gap of a ticket not done (:class:`ttr_nb.scoring_search.GapSearch`) against
  :func:`reference_gap` below, the first Scoresheet's own search (a Dijkstra over city
  names: own routes free, routes of others closed, countries dead ends, H-8.2; B-6.5);
- ``Scoresheet._compact_json`` against ``json.dumps(sheet.to_dict(), ...)``, and the
  simulation's stored score against ``result_of_game``'s dict;
- a result without score lines (whose sheet skips the gaps) against the full result with
  its lines removed;

over seeded games of every variant (random and greedy agents) and random claims
(hypothesis). ``benchmarks/scoring_equivalence.py`` compares whole sheets and the command
line's bytes with an older revision of the code.
"""
from __future__ import annotations

import heapq
import importlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.agents import play_game
from ttr_nb.graph import connect
from ttr_nb.scoring import BONUSES, KINDS, Claim, Measure, Scorer, Scoresheet, register_bonus
from ttr_nb.graph import connections
from ttr_nb.scoring_search import GapSearch

simulate_module = importlib.import_module("ttr_nb.simulate")
COMPACT = {"ensure_ascii": False, "separators": (",", ":")}


def reference_gap(board, own, taken, t, from_a, from_b):
    """The gap search as the Scoresheet first wrote it (city names, tuples on a heap)."""
    adj: dict = {}
    for r in board.routes:
        adj.setdefault(r.a, []).append(r)
        adj.setdefault(r.b, []).append(r)
    countries = frozenset(board.countries)
    starts = {c for c in from_a if c not in countries} | {t.a}
    goals = {c for c in from_b if c not in countries} | {t.b}
    done: set = set()
    back: dict = {}
    heap = [(0, c, "", -1) for c in sorted(starts)]
    heapq.heapify(heap)
    while heap:
        d, city, prev, via = heapq.heappop(heap)
        if city in done:
            continue
        done.add(city)
        if via >= 0:
            back[city] = (prev, via)
        if city in goals:
            path, node = [], city
            while node in back:
                node, rid = back[node]
                if rid not in own:
                    path.append(rid)
            return path[::-1], d
        if city in countries and city not in starts:
            continue
        for r in adj.get(city, ()):
            nxt = r.other(city)
            if nxt not in done and r.id not in taken:
                heapq.heappush(heap, (d + (0 if r.id in own else r.trains), nxt, city, r.id))
    return [], None


def closed_routes(board, scorers, i):
    """What the Scoresheet bars scorer ``i`` from: others' routes, and their twins with
    fewer than 4 players (B-5.8)."""
    taken = {c.route for j, o in enumerate(scorers) if j != i for c in o.claims}
    players = sum(max(1, len(o.seats)) for o in scorers)
    if players < int(board.meta.get("double_routes_min_players", 4)):
        taken |= {t for r in taken for t in board.twins.get(r, ())}
    return taken


def assert_searches_match(board, scorers, tickets_of):
    """connections == graph.connect, and every gap == reference_gap, for every scorer."""
    for i, s in enumerate(scorers):
        own = [c.route for c in s.claims]
        tickets = tickets_of(s)
        fast = connections(board, own, tickets)
        assert fast == tuple(connect(board, own, t.a, t.b) for t in tickets)
        taken = closed_routes(board, scorers, i)
        search = GapSearch(board, own, taken)
        for t, con in zip(tickets, fast):
            if not con.connected:
                got = search.gap(t, con.reached_from_a, con.reached_from_b)
                assert got == reference_gap(board, set(own), taken, t, con.reached_from_a,
                                            con.reached_from_b), (board.key, s.name, t)


def seeded_games():
    for n in (2, 3, 4):
        for seed in range(12):
            yield "usa", n, seed, "random"
    for variant in ttr_nb.variants():
        allowed = sorted(ttr_nb.get_variant(variant).players)
        for n in sorted({allowed[0], allowed[-1]}):
            for seed in range(3):
                yield variant, n, 100 + seed, "random"
        yield variant, allowed[0], 200, "greedy"


GAMES = list(seeded_games())


@pytest.mark.parametrize("variant,players,seed,agent", GAMES,
                         ids=[f"{v}-{n}p-{a}-{s}" for v, n, s, a in GAMES])
def test_B_6_5_fast_ticket_searches_and_json_match_the_plain_ones(variant, players, seed, agent):
    game = play_game(variant, players, seed, (agent,))
    sheet = game.score()
    scorers = tuple(game.scorers())
    assert_searches_match(game.board, scorers,
                          lambda s: [game.board.ticket(t) for t in s.tickets])
    d = sheet.to_dict()
    d0 = sheet.to_dict()
    assert sheet._compact_json() == json.dumps(d, **COMPACT)
    for p in d["players"]:
        del p["lines"]
    assert sheet._compact_json(lines=False) == json.dumps(d, **COMPACT)
    # what a simulation stores is result_of_game's dict, the score as compact JSON text
    agents = (agent,) * players
    for lines in (True, False):
        plain = simulate_module.result_of_game(game, 5, agents, lines)
        (stored,) = simulate_module.play_chunk(variant, players, agents, [(5, seed)], lines)
        assert stored == {**plain, "score": json.dumps(plain["score"], **COMPACT)}
    # without lines, the sheet skips the gaps: every number left is the full sheet's
    full = simulate_module.result_of_game(game, 5, agents, True)
    for p in full["score"]["players"]:
        del p["lines"]
    assert simulate_module.result_of_game(game, 5, agents, False) == full
    # a simulation scores by the numbers only and replays a game for its lines
    (lean,) = simulate_module.play_chunk(variant, players, agents, [(5, seed)], True, False)
    assert lean == {**full, "score": json.dumps(full["score"], **COMPACT), "replay_lines": True}
    assert simulate_module.GameResult.from_dict(lean).score == json.loads(json.dumps(d0))


@pytest.mark.parametrize("variant,players,seed,agent", GAMES,
                         ids=[f"{v}-{n}p-{a}-{s}" for v, n, s, a in GAMES])
def test_B_8_numbers_only_sheet_has_every_number_of_the_full_one(variant, players, seed, agent):
    """A sheet scored by the numbers only (no ticket path, no gap) agrees with the full
    sheet on every total, line total by kind, ticket done or not, bonus, winner and verdict."""
    from ttr_nb.scoring import KINDS, _numbers_only

    game = play_game(variant, players, seed, (agent,))
    full = game.score()
    with _numbers_only():
        lean = game.score()
    assert lean.totals == full.totals and lean.winners == full.winners
    assert lean.verdict == full.verdict and lean.awarded == full.awarded
    for i in range(len(full.names)):
        assert [lean.line_total(i, k) for k in KINDS] == [full.line_total(i, k) for k in KINDS]
        assert [(r.ticket.id, r.done) for r in lean.ticket_results[i]] == \
            [(r.ticket.id, r.done) for r in full.ticket_results[i]]
        assert lean.trail(i).length == full.trail(i).length
    assert lean._compact_json(lines=False) == full._compact_json(lines=False)


def assert_numbers_match_lines(sheet):
    """A sheet's numbers (computed first) are what its lines, ticket results and standings
    (built on first use) add up to: per kind (a kind with no line has no entry), in total,
    tickets done, the trail length and every bonus value."""
    for i in range(len(sheet.names)):
        by_kind: dict = {}
        for line in sheet.lines[i]:
            by_kind[line.kind] = by_kind.get(line.kind, 0) + line.points
        assert sheet.kind_totals(i) == by_kind
        assert list(sheet.kind_totals(i)) == [k for k in KINDS if k in by_kind]
        assert sheet.totals[i] == sum(line.points for line in sheet.lines[i])
        assert [(t.id, done) for t, done in sheet.tickets(i)] == \
            [(r.ticket.id, r.done) for r in sheet.ticket_results[i]]
        assert sheet.tickets_completed(i) == sum(r.done for r in sheet.ticket_results[i])
        assert sheet.trail_length(i) == sheet.trail(i).length
    assert {k: tuple(m.value for m in ms) for k, ms in sheet.standings.items()} == sheet._values


@pytest.mark.parametrize("variant,players,seed,agent", GAMES,
                         ids=[f"{v}-{n}p-{a}-{s}" for v, n, s, a in GAMES])
def test_B_8_numbers_first_sheet_adds_up_to_its_lines(variant, players, seed, agent):
    """B-5.9, B-6.4/6.5, B-8.2, H-5, LA-9, TA-15: numbers-first scoring, checked against the
    explanation, for the full sheet and the one by the numbers only."""
    from ttr_nb.scoring import _numbers_only

    game = play_game(variant, players, seed, (agent,))
    with _numbers_only():
        lean = game.score()
    assert_numbers_match_lines(lean)  # (lines built after the context: still numbers only)
    assert all(not r.routes for rs in lean.ticket_results for r in rs)
    assert_numbers_match_lines(game.score())


BOARDS = [ttr_nb.load_map(m) for m in ("usa", "heart_of_africa", "legendary_asia", "team_asia")]


@settings(max_examples=60)
@given(data=st.data())
def test_H_5_LA_9_numbers_match_lines_on_random_claims(data):
    """Random claims (doubled with Terrain cards where the route has a terrain: H-5;
    mountain routes: LA-9) and tickets for 1 to 4 scorers, every bonus in play."""
    board = data.draw(st.sampled_from(BOARDS), label="board")
    n = data.draw(st.integers(1, 4), label="scorers")
    owner = data.draw(st.lists(st.integers(-n, n - 1), min_size=len(board.routes),
                               max_size=len(board.routes)), label="owners")
    doubled = data.draw(st.lists(st.booleans(), min_size=len(board.routes),
                                 max_size=len(board.routes)), label="doubled")
    picks = data.draw(st.lists(st.integers(-1, n - 1), min_size=len(board.tickets),
                               max_size=len(board.tickets)), label="holders")
    scorers = tuple(
        Scorer(f"P{i}", tuple(Claim(r.id, bool(d and r.terrain)) for r, o, d
                              in zip(board.routes, owner, doubled) if o == i),
               tuple(t.id for t, h in zip(board.tickets, picks) if h == i))
        for i in range(n))
    bonuses = {key: 10 for key in ("longest_path", "globetrotter", "asian_explorer", "most_tickets")}
    assert_numbers_match_lines(Scoresheet.compute(board, scorers, bonuses))


@settings(max_examples=60)
@given(data=st.data())
def test_B_6_5_H_8_2_gaps_match_on_random_claims(data):
    """Random ownership of a random share of the routes by 2 to 5 scorers (so doubles are
    closed or not), each holding random tickets, with countries on Heart of Africa."""
    board = data.draw(st.sampled_from(BOARDS), label="board")
    n = data.draw(st.integers(2, 5), label="scorers")
    owner = data.draw(st.lists(st.integers(-n, n - 1), min_size=len(board.routes),
                               max_size=len(board.routes)), label="owners")
    picks = data.draw(st.lists(st.integers(0, n - 1), min_size=len(board.tickets),
                               max_size=len(board.tickets)), label="holders")
    scorers = tuple(
        Scorer(f"P{i}", tuple(Claim(r.id) for r, o in zip(board.routes, owner) if o == i),
               tuple(t.id for t, h in zip(board.tickets, picks) if h == i))
        for i in range(n))
    assert_searches_match(board, scorers, lambda s: [board.ticket(t) for t in s.tickets])


@settings(max_examples=150)
@given(data=st.data())
def test_B_6_4_B_8_2_trail_pass_finds_the_pieces_tickets_use(data):
    """The longest-trail pass also finds the network's pieces (node -> its piece): the same
    partition as ticket completion's own (``_pieces``), the same length as the trail, and
    the same tickets done (countries have a node per route, H-8.5)."""
    from ttr_nb.graph import board_graph, longest_trail
    from ttr_nb.scoring_search import pieces_of, tickets_done
    from ttr_nb.trail import trail_length_and_pieces

    board = data.draw(st.sampled_from(BOARDS), label="board")
    ids = data.draw(st.lists(st.sampled_from([r.id for r in board.routes]), max_size=40),
                    label="routes")
    length, pieces = trail_length_and_pieces(board, ids)
    assert length == longest_trail(board, ids).length
    ends = board_graph(board).ends
    own = pieces_of([ends[r] for r in ids])
    assert pieces.keys() == own.keys()
    for x in pieces:
        assert set(pieces[x]) == own[x]
        assert all(pieces[y] is pieces[x] for y in own[x])
    tickets = board.tickets
    assert tickets_done(board, ids, tickets, pieces) == tickets_done(board, ids, tickets) == \
        tuple(c.connected for c in connections(board, ids, tickets))


def test_compact_json_keeps_unusual_names_and_values():
    """Quotes, backslashes, control characters and non-ASCII names; a bonus whose value is
    not a plain int: the compact text still equals json.dumps of to_dict()."""
    usa = ttr_nb.load_map("usa")
    ids = [r.id for r in usa.routes]

    @register_bonus("test_odd_value", "Odd value", "TEST")
    def _odd(facts):
        return Measure(True if facts.route_ids else 0, "odd", routes=(facts.route_ids[:1]),
                       cities=("Zürich \"x\"",), note="n\u0001")

    ana = Scorer('Ana "A" \\ é', tuple(Claim(i) for i in ids[:9]),
                 tuple(t.id for t in usa.tickets[:3]))
    bo = Scorer("Bo\u0000\n→", tuple(Claim(i) for i in ids[20:26]), (usa.tickets[5].id,))
    try:
        sheet = Scoresheet.compute(usa, [ana, bo], {"longest_path": 10, "test_odd_value": 3})
        assert sheet._compact_json() == json.dumps(sheet.to_dict(), **COMPACT)
        assert '"Bo\\u0000\\n→"' in sheet._compact_json()
    finally:
        del BONUSES["test_odd_value"]
