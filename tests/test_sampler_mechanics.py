"""The fast random sampler on boards whose mechanics expand claims or add actions (issue 16):
The Heart of Africa (Terrain doublings, H-5, H-6; Terrain draws, H-4) and Team Asia (hand/holder
splits, TA-10; placing a card, TA-8; shared tickets, TA-11 to TA-14; tunnels, EU-3, TA-17 to
TA-19). The sampler counts every claim with its options without building them, so it must walk
exactly ``legal_actions()``: every index a different legal action, all of them together."""
from __future__ import annotations

import random

import pytest

from ttr_nb.actions import ClaimRoute
from ttr_nb.game import new_game
from ttr_nb.rules.fast_mechanics import MechanicCounter

SETTINGS = [
    ("heart-of-africa", 2, {}),
    ("heart-of-africa", 4, {}),
    ("heart-of-africa", 3, {"loco_terrain_value": 2, "majority_check": "after_discard",
                            "allow_zero_zero_majority": False}),
    ("heart-of-africa", 5, {"loco_as_terrain": False, "require_real_terrain_card": True}),
    ("heart-of-africa", 2, {"require_real_terrain_card": True, "majority_check": "after_discard"}),
    ("team-asia", 4, {}),
    ("team-asia", 6, {}),
    ("team-asia", 4, {"two_team_doubles": "both", "holders_visible_to": "all", "tunnel_reveal": 3}),
    ("team-asia", 6, {"holders_visible_to": "all", "share_tickets_max": 1}),
]


def _id(s):
    v, n, pol = s
    return f"{v}-{n}p-" + ("-".join(f"{k}={x}" for k, x in pol.items()) or "default")


@pytest.mark.parametrize("setting", SETTINGS, ids=_id)
def test_sampler_walks_exactly_the_legal_actions_H_5_H_6_TA_10_EU_3(setting):
    """In every state of whole random games, the sampler's count is ``len(legal_actions())``,
    and its indices give each legal action once: doublings (every Terrain/Locomotive mix the
    majority allows, H-5.3, H-6), hand/holder splits (TA-10), Terrain draws, shared tickets,
    placing the first card and paying a tunnel included."""
    v, n, pol = setting
    seen: set[str] = set()
    for seed in range(2):
        g = new_game(v, n, seed=seed, **pol)
        assert isinstance(g._fast, MechanicCounter)
        rng = random.Random(seed)
        while not g.over:
            la = g.legal_actions()
            c = g._fast.count(g)
            assert c == len(la) == g.legal_count()
            picked = [g._materialize(g._fast.pick_index(g, i)) for i in range(c)]
            assert sorted(picked) == la
            for a in la:
                if isinstance(a, ClaimRoute):
                    seen.add("doubled" if a.terrain else "split" if a.from_holder else "claim")
            seen.add(g.pending)
            g.random_step(rng)
    want = {"claim", "turn", "second-card"} | ({"doubled"} if v == "heart-of-africa" else
                                                {"split", "place-card", "tunnel", "share-setup"})
    assert want <= seen  # the states the test meant to reach were reached


def test_copy_keeps_the_sampler_independent():
    g = new_game("team-asia", 4, seed=3)
    g.play_random(random.Random(3), 80)
    c = g.copy()
    assert c.state_json() == g.state_json()
    c.play_random(random.Random(4))
    assert c.over and not g.over
    assert g._fast.count(g) == len(g.legal_actions())
    g.play_random(random.Random(5))
    assert g.over


def test_same_seed_same_random_game():
    """The random stream of these boards is one game per seed (it changed with issue 16, see
    tests/test_golden_replays.py CHANGED_STREAMS)."""
    for variant, n in (("heart-of-africa", 3), ("team-asia", 6)):
        a, b = new_game(variant, n, seed=11), new_game(variant, n, seed=11)
        a.play_random(random.Random(11))
        b.play_random(random.Random(11))
        assert a.history == b.history and a.state_json() == b.state_json()


@pytest.mark.parametrize("variant,n", [("heart-of-africa", 2), ("heart-of-africa", 4), ("team-asia", 4),
                                       ("team-asia", 6)])
def test_fast_actions_are_the_actions_H_4_TA_8_TA_14_EU_3(variant, n):
    """The sampler reads each mechanic's own actions from ``fast_actions`` (shared sequences,
    no copy): in every state of random games they are ``actions`` (Terrain draws, H-4.1;
    placing a card, TA-8; sharing tickets, TA-11 to TA-14; paying a tunnel, EU-3), in the same
    order, and reading them changes nothing."""
    kinds = set()
    for seed in range(2):
        g = new_game(variant, n, seed=seed)
        rng = random.Random(seed)
        while not g.over:
            for m in g.mechanics:
                before = g.state_json()
                fast = list(m.fast_actions(g.pending))
                assert fast == m.actions(g.pending) and g.state_json() == before
                if fast:
                    kinds.add((m.name, g.pending))
            g.random_step(rng)
    want = ({("terrain", "turn"), ("terrain", "second-card")} if variant == "heart-of-africa" else
            {("teams", "turn"), ("teams", "place-card"), ("teams", "share-setup"), ("tunnels", "tunnel")})
    assert want <= kinds


def test_hook_lists_name_the_mechanics_that_override_each_hook():
    """``game._hooks[h]``: the game's mechanics, in order, whose class overrides hook ``h``
    (worked out once per combination of classes, the same in a copy); ``'base_claims'``: those
    that override a claim hook and may change a base claim (Terrain does not: H-5.1, a
    doubling is a choice made with the claim)."""
    from ttr_nb.rules.mechanic import CLAIM_HOOKS, HOOKS, Mechanic

    for variant, n in (("team-asia", 4), ("heart-of-africa", 3), ("legendary-asia", 2), ("usa", 2)):
        g = new_game(variant, n, seed=1)
        for game in (g, g.copy()):
            want = {h: [m for m in game.mechanics if getattr(type(m), h) is not getattr(Mechanic, h)]
                    for h in HOOKS}
            want["base_claims"] = [m for m in game.mechanics if not m.plain_claims
                                   and any(m in want[h] for h in CLAIM_HOOKS)]
            assert game._hooks == want
            assert all(x is y for h in want for x, y in zip(game._hooks[h], want[h]))


def _state(g) -> dict:
    keep = ("pending", "seat", "turn", "deck", "display", "discard", "hands", "trains", "points",
            "owner", "claims", "claim_turns", "openm", "ext", "final_left", "trigger")
    return {k: getattr(g, k) for k in keep} | {"openf": [bytes(f) for f in g.openf],
                                               "mp": g._fast.mp, "log": g.log}


@pytest.mark.parametrize("n", [2, 4])
def test_H_5_1_a_claim_without_doubling_is_the_base_claim(n):
    """Terrain's ``plain_claims``: in The Heart of Africa a claim with no Terrain part, applied
    the short way (``claiming.fast_claim``), leaves the game exactly as the full way through
    every Terrain hook does (take_payment, claim_points, claim_record, after_claim)."""
    rng = random.Random(n)
    g = new_game("heart-of-africa", n, seed=5)
    plain = 0
    while not g.over and plain < 40:
        legal = g.legal_actions()
        base = [a for a in legal if isinstance(a, ClaimRoute) and not a.terrain]
        if base and rng.random() < 0.5:
            a = base[int(rng.random() * len(base))]
            short, full = g.copy(), g.copy()
            full._hooks = dict(full._hooks, base_claims=list(full.mechanics))  # (the full way)
            short.apply(a)
            full.apply(a)
            assert _state(short) == _state(full), a
            assert short._hooks["base_claims"] == []
            plain += 1
        g.apply(legal[int(rng.random() * len(legal))])
    assert plain >= 10


@pytest.mark.parametrize("setting", [s for s in SETTINGS if s[0] == "heart-of-africa"], ids=_id)
def test_H_5_3_H_6_3_equal_key_parts_give_equal_doublings(setting):
    """``Terrain.fast_part``: two states whose key parts agree for a route's Terrain type give
    every payment on routes of that type as many options (doublings), since the sampler
    remembers them by the part. States: random games, with the hand's Locomotives and the
    Terrain cards held set at random (many Locomotives included: the part counts them only
    up to 2 more than the longest route takes, H-6.3)."""
    from ttr_nb.rules.claiming import base_claims
    from ttr_nb.rules.terrain import TERRAINS, terrain_of

    variant, n, pol = setting
    rng = random.Random(7)
    seen: dict[tuple, int] = {}
    checked = 0
    g = new_game(variant, n, seed=3, **pol)
    while not g.over and checked < 4000:
        legal = g.legal_actions()
        if g.pending == "turn" and rng.random() < 0.3:
            h = g.copy()
            seat = h.seat
            h.hands[seat][8] = rng.choice([0, 1, 2, 5, 7, 8, 9, 12])
            for s in range(h.n):
                for t in TERRAINS:
                    h.ext["terrain"]["held"][s][t] = rng.choice([0, 0, 1, 2, 3, 5])
            m = h.mechanics[0]
            key = m.fast_keys(seat)
            m.claim_options_start(seat)
            for i, route in enumerate(h.board.routes):
                part = m.fast_part(key, terrain_of(route))
                for a in base_claims(h.T, i, h.hands[seat]):
                    pay = dict(a.pay)
                    k = (terrain_of(route), route.length, route.ferry_locos, sum(pay.values()) - pay.get("locomotive", 0),
                         pay.get("locomotive", 0), part)
                    got = len(m.claim_options(seat, route, [a]))
                    assert seen.setdefault(k, got) == got, (k, got, seen[k])
                    checked += 1
        g.apply(legal[int(rng.random() * len(legal))])
    assert checked >= 1000
