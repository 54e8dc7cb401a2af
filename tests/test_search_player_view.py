"""The search player chooses from what its seat may see, nothing else (issue 36; B-2.2, B-6.1
hidden hands and tickets, LA-4 the box, TA-6 the partner's hand and the other team's holder,
H-4 the Terrain deck, B-4.7 the reshuffles decided by the game's seed).

Each test takes a position where the search player is to choose, changes only what its seat
cannot see, by the test's own hand (:func:`rehide`, not the player's ``determinise``): the box
of Legendary Asia, the game's random seed (which decides every future reshuffle), the other
players' hands and tickets with the deck, and asserts the search player's choice does not move.
The player's own random seed is fixed, so each choice is deterministic.
"""
from __future__ import annotations

import random

import pytest

import ttr_nb
from ttr_nb.agents import GreedyAgent, SearchAgent, agent_seed
from ttr_nb.agents.search import determinise
from ttr_nb.game import new_game

VARIANTS = sorted(ttr_nb.variants())
SEARCHED = ("turn", "setup-tickets", "keep-tickets")
"""The decisions the search player searches (the others are the greedy player's)."""
QUICK = dict(rollouts=3, seconds=None)


# -- what the seat cannot see, changed by the test's own hand --------------------------------------
def seen_tickets(game: ttr_nb.Game, seat: int) -> set[int]:
    """Ticket numbers ``seat`` has seen: dealt or drawn by it, and its team's holder when it
    sees it (TA-5)."""
    seen = set(game.kept[seat]) | set(game.offered[seat])
    for e in game.log:
        if e.seat == seat and e.kind in ("tickets_dealt", "tickets_drawn"):
            seen |= {game.tidx[t] for t in e.data[0]}
    teams = game.ext.get("teams")
    if teams is not None:
        team = game.side[seat]
        seen |= set(teams["tickets"][team])
    return seen


def _hidden_holders(game: ttr_nb.Game, seat: int) -> list[int]:
    teams = game.ext.get("teams")
    if teams is None or game.policies.get("holders_visible_to") == "all":
        return []
    return [t for t in range(len(teams["cards"])) if t != game.side[seat]]


def rehide(game: ttr_nb.Game, seat: int, rng: random.Random, *, cards: bool = False,
           tickets: bool = False, box: bool = False, seed: bool = False) -> ttr_nb.Game:
    """A copy of ``game`` in which only things ``seat`` cannot see are changed, consistently:

    - ``cards``: the other players' hands (same sizes), the other team's holder (Team Asia)
      and the train deck dealt again from their pool; the Terrain deck shuffled;
    - ``tickets``: the tickets the seat never saw permuted among the other players' hands,
      offers and hidden holders, the ticket deck and the box, each with a ticket of the same
      pile (a Legendary Asia long ticket stays a long ticket: the deck holds regular ones only);
    - ``box``: the same, but only swaps between the box and another hidden place (LA-4);
    - ``seed``: another random seed for the game (it decides future reshuffles, B-4.7).
    """
    g = game.copy()
    others = [s for s in range(g.n) if s != seat]
    holders = _hidden_holders(g, seat)
    teams = g.ext.get("teams")
    if cards:
        pool = list(g.deck)
        for s in others:
            pool += [c for c, k in enumerate(g.hands[s]) for _ in range(k)]
        for t in holders:
            pool += [c for c, k in enumerate(teams["cards"][t]) for _ in range(k)]
        rng.shuffle(pool)
        for s in others:
            size = sum(g.hands[s])
            h = [0] * 9
            for c in pool[:size]:
                h[c] += 1
            g.hands[s], pool = h, pool[size:]
        for t in holders:
            size = sum(teams["cards"][t])
            h = [0] * len(teams["cards"][t])
            for c in pool[:size]:
                h[c] += 1
            teams["cards"][t], pool = h, pool[size:]
        g.deck = pool
        terrain = g.ext.get("terrain")
        if terrain is not None:
            rng.shuffle(terrain["deck"])
    if tickets or box:
        seen = seen_tickets(game, seat)
        pile = {g.tidx[t]: name for name, ids in g.variant.piles.items() for t in ids}
        places = [g.tdeck, g.box] + [g.kept[s] for s in others] + [g.offered[s] for s in others]
        places += [teams["tickets"][t] for t in holders]
        slots = [(p, i) for p in places for i, t in enumerate(p) if t not in seen]
        if tickets:
            by_pile: dict[str, list] = {}
            for p, i in slots:
                by_pile.setdefault(pile[p[i]], []).append((p, i))
            for group in by_pile.values():
                values = [p[i] for p, i in group]
                rng.shuffle(values)
                for (p, i), t in zip(group, values):
                    p[i] = t
        else:
            in_box = [(p, i) for p, i in slots if p is g.box]
            out = [(p, i) for p, i in slots if p is not g.box]
            for p, i in in_box:
                mates = [(q, j) for q, j in out if pile[q[j]] == pile[p[i]]]
                if mates:
                    q, j = rng.choice(mates)
                    p[i], q[j] = q[j], p[i]
        g.box.sort()
    if seed:
        g.seed = rng.getrandbits(40)
    g._legal = None
    g._version += 1
    return g


def position(variant: str, players: int, seed: int, steps: int) -> tuple[ttr_nb.Game, int]:
    """A game after ``steps`` greedy actions, moved on to the next decision the search player
    searches; (game, the seat to choose)."""
    g = new_game(variant, players, seed)
    agents = [GreedyAgent(agent_seed(seed, s)) for s in range(g.n)]
    k = 0
    while not g.over and (k < steps or g.pending not in SEARCHED):
        g.apply(agents[g.current_player].choose(g))
        k += 1
    return g, g.current_player


def _whole(game: ttr_nb.Game) -> tuple[int, str]:
    """The game's seed and whole state (hidden parts included), to compare two games."""
    return game.seed, game.state_json()


def _hidden_changed(base: ttr_nb.Game, other: ttr_nb.Game, seat: int) -> None:
    """``other`` differs from ``base`` only where ``seat`` cannot look."""
    assert other.view(seat) == base.view(seat)
    assert other.counts() == base.counts()
    assert other.legal_actions() == base.legal_actions()


POSITIONS = [(v, n, seed, steps) for v in VARIANTS
             for n, seed, steps in ((min(ttr_nb.get_variant(v).players), 3, 0),
                                    (max(ttr_nb.get_variant(v).players), 5, 24),
                                    (min(ttr_nb.get_variant(v).players), 7, 70))]


@pytest.mark.parametrize("variant,players,seed,steps", POSITIONS)
def test_B_2_2_the_search_choice_depends_only_on_the_seat_view(variant, players, seed, steps):
    """Re-deal the other players' cards and tickets with the deck, re-deal the box, change the
    game's seed: the search player's choice stays the same (its own seed fixed)."""
    base, seat = position(variant, players, seed, steps)
    assert not base.over
    want = SearchAgent(11, **QUICK).choose(base)
    rng = random.Random(f"{variant}:{seed}:{steps}")
    changes = [dict(seed=True), dict(cards=True, tickets=True), dict(cards=True, tickets=True, seed=True)]
    if base.box:
        changes.append(dict(box=True))
    for change in changes:
        other = rehide(base, seat, rng, **change)
        _hidden_changed(base, other, seat)
        if _whole(other) == _whole(base):  # (a box that holds every ticket of its pile can't change)
            assert change == dict(box=True)
            continue
        got = SearchAgent(11, **QUICK).choose(other)
        assert got == want, (change, got.text(other), want.text(base))


@pytest.mark.parametrize("steps", [0, 3, 30])
def test_LA_4_the_box_is_dealt_again_too(steps):
    """Legendary Asia puts unkept setup tickets and the unused pile in the box, unseen (LA-4):
    the sampled deals draw the box from the tickets the seat never saw, so the box differs
    between samples and two boxes that differ only where it cannot look give the same samples."""
    base, seat = position("legendary-asia", 3, 4, steps)
    assert base.box
    boxes = {tuple(determinise(base, seat, random.Random(k)).box) for k in range(6)}
    assert len(boxes) > 1
    other = rehide(base, seat, random.Random(1), box=True)
    _hidden_changed(base, other, seat)
    assert other.box != base.box
    for k in range(3):
        a, b = determinise(base, seat, random.Random(k)), determinise(other, seat, random.Random(k))
        assert _whole(a) == _whole(b)


def test_B_4_7_the_sampled_games_do_not_keep_the_game_seed():
    """The seed decides the order of every reshuffled deck (B-4.7) and of the Terrain deck
    (H-4): a sampled game gets a seed of its own, from the sampling, not the game's."""
    base, seat = position("heart-of-africa", 2, 3, 40)
    seeds = {determinise(base, seat, random.Random(k)).seed for k in range(5)}
    assert base.seed not in seeds and len(seeds) == 5
    other = rehide(base, seat, random.Random(2), seed=True)
    assert _whole(determinise(other, seat, random.Random(0))) == _whole(determinise(base, seat, random.Random(0)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_determinise_deals_each_pile_where_it_may_be(variant):
    """A sampled deal is one the seat could be in: its own cards and tickets as they are, the
    counts of everything unchanged, the ticket deck holding only tickets of the pile players
    draw from (LA-4), no other player holding more tickets of another pile than the setup
    dealt them (B-2.4), and the game plays on to the end."""
    base, seat = position(variant, 3 if 3 in ttr_nb.get_variant(variant).players else 4, 8, 30)
    v = base.variant
    draw = {base.tidx[t] for t in v.piles[v.draw_pile]}
    other_piles = sum(k for name, k in v.setup_tickets if name != v.draw_pile)
    for k in range(4):
        d = determinise(base, seat, random.Random(k))
        _hidden_changed(base, d, seat)
        assert set(d.tdeck) <= draw
        for s in range(d.n):
            if s != seat:
                assert sum(t not in draw for t in d.kept[s] + d.offered[s]) <= other_piles
        agents = [GreedyAgent(s) for s in range(d.n)]
        while not d.over:
            d.apply(agents[d.current_player].choose(d))


@pytest.mark.parametrize("kw,arg", [(dict(rollouts=0), "rollouts"), (dict(rollouts=10 ** 9), "rollouts"),
                                    (dict(rollouts="40"), "rollouts"), (dict(seconds=-1), "seconds"),
                                    (dict(seconds=float("nan")), "seconds"), (dict(seconds=True), "seconds"),
                                    (dict(claims=-1), "claims"), (dict(seed=2.5), "seed"),
                                    (dict(seed=10 ** 30), "seed")])
def test_the_search_player_refuses_settings_no_search_can_have(kw, arg):
    """A setting that is not one (no sample, a billion samples, a negative or NaN time limit)
    is named when the player is made, not found out in the middle of a game."""
    from ttr_nb.errors import ArgumentError

    with pytest.raises(ArgumentError, match=f"SearchAgent: {arg} must be") as e:
        SearchAgent(**kw)
    assert e.value.argument == arg
