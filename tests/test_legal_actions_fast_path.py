"""The fast listing of legal claims (rules/claiming.py, the Terrain and Team hooks, legal.merged)
against a plain reference: every route, every payment (B-5.1 to B-5.3, EU-2), every doubling
(H-5, H-6) and hand/holder split (TA-10), then one sort. Same list, same order, on every turn of
random games of the boards with mechanics, and with their policies changed."""
from __future__ import annotations

import random
from itertools import product

import pytest

import ttr_nb
from ttr_nb.actions import Action, ClaimRoute, DrawCard, DrawTickets, Pass
from ttr_nb.cards import CARD_NAMES
from ttr_nb.game import Game
from ttr_nb.legal import merged as _merged
from ttr_nb.rules import claiming
from ttr_nb.rules.teams import Teams, splits
from ttr_nb.rules.terrain import Terrain, cards_needed, terrain_of, terrain_pairs


def reference_claims(g: Game, seat: int) -> list[ClaimRoute]:
    """Every legal claim of ``seat``, the slow way: all routes, all payments, all expansions."""
    T = g.T
    counts = claiming.cards_of(g, seat)
    terrain = next((m for m in g.mechanics if isinstance(m, Terrain)), None)
    teams = next((m for m in g.mechanics if isinstance(m, Teams)), None)
    out = []
    for i in range(T.n):
        r = g.board.routes[i]
        if not g.openf[seat][i] or T.rneed[i] > g.trains[seat] or claiming.open_reason(g, seat, i):
            continue
        base = [ClaimRoute._raw(r.id, T.pay(c, nc, nl))
                for c, nc, nl in claiming.base_payments(counts, r.length, T.rcol[i], r.ferry_locos)]
        if terrain is not None:  # H-5, H-6: with and without each allowed doubling
            t = terrain_of(r)
            real = terrain.held(seat)[t]
            more = [ClaimRoute._raw(a.route, a.pay, a.from_holder, terrain_pairs(t, k, l))
                    for a in base for k, l in terrain.mixes(cards_needed(r.length), real,
                                                            g.hands[seat][8] - a.locos)
                    if terrain.majority_why_not(seat, t, k) is None]
            base += more
        if teams is not None:  # TA-10: every hand/holder split
            hold = g.ext["teams"]["cards"][seat // 2]
            base = [ClaimRoute._raw(a.route, a.pay, fh, a.terrain)
                    for a in base for fh in splits(a.counts(), g.hands[seat], hold)]
        out += base
    return sorted(out)


CASES = [("heart-of-africa", 2, {}), ("heart-of-africa", 4, {}), ("legendary-asia", 3, {}),
         ("team-asia", 4, {}), ("team-asia", 6, {}),
         ("heart-of-africa", 3, {"loco_terrain_value": 2, "majority_check": "after_discard"}),
         ("heart-of-africa", 3, {"require_real_terrain_card": True, "allow_zero_zero_majority": False}),
         ("heart-of-africa", 2, {"loco_as_terrain": False}),
         ("team-asia", 4, {"tunnel_reveal": 3, "two_team_doubles": "both"})]


@pytest.mark.parametrize("variant,n,policies", CASES)
def test_claims_listed_fast_equal_the_reference_B_5_H_5_TA_10(variant, n, policies):
    checked = 0
    for seed in range(3):
        g = ttr_nb.new_game(variant, n, seed=seed, **policies)
        rng = random.Random(seed)
        while not g.over:
            if g.pending == "turn":
                fast = claiming.claim_options(g, g.seat)
                assert fast == reference_claims(g, g.seat)
                legal = g.legal_actions()
                assert legal == sorted(legal) and [a for a in legal if type(a) is ClaimRoute] == fast
                checked += len(fast)
            g.apply(g.random_action(rng))
    assert checked > 100  # the games did list claims


@pytest.mark.parametrize("variant,n", [("heart-of-africa", 3), ("team-asia", 4)])
def test_a_hook_not_flagged_in_order_gives_the_same_claims(variant, n, monkeypatch):
    """The core's general path (every route, each route re-sorted) agrees with the fast one."""
    games = {}
    for flag in (True, False):
        for cls in (Terrain, Teams):
            monkeypatch.setattr(cls, "claim_options_in_order", flag)
        g = ttr_nb.new_game(variant, n, seed=5)
        rng = random.Random(5)
        seen = []
        while not g.over:
            seen.append(list(g.legal_actions()))  # (a listing is read while its state lasts)
            g.apply(g.random_action(rng))
        games[flag] = (seen, g.state_json())
    assert games[True] == games[False]


def test_TA_10_splits_lists_every_hand_holder_split_in_product_order():
    def reference(counts, hand, hold):
        ranges = []
        for c in range(9):
            if counts[c]:
                lo, hi = max(0, counts[c] - hand[c]), min(counts[c], hold[c])
                ranges.append([(c, k) for k in range(lo, hi + 1)])
        return [tuple((CARD_NAMES[c], k) for c, k in combo if k) for combo in product(*ranges)]

    rng = random.Random(3)
    for _ in range(3000):
        counts = [rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(9)]
        hand = [rng.randrange(4) for _ in range(9)]
        hold = [rng.randrange(4) for _ in range(9)]
        assert splits(counts, hand, hold) == reference(counts, hand, hold)


def test_merged_equals_one_sort_even_when_a_mechanic_adds_a_core_action():
    draws = [DrawCard("deck"), DrawCard("red")]
    claims = sorted([ClaimRoute.paying(3, red=2), ClaimRoute.paying(1, locomotive=1)])
    tickets = [DrawTickets()]
    for more in ([], [Pass()], [DrawCard("blue")], [ClaimRoute.paying(2, blue=1), Pass()]):
        out = _merged((draws, claims, tickets), list(more))
        assert out == sorted(draws + claims + tickets + more, key=Action._key)


def test_apply_still_refuses_an_action_not_listed_now():
    g = ttr_nb.new_game("heart-of-africa", 2, seed=1)
    while g.pending != "turn":
        g.apply(g.legal_actions()[0])
    listed = list(g.legal_actions())  # (kept as a list: a listing is read while its state lasts)
    g.apply(DrawCard("deck"))  # an equal action, not the listed object: checked, and legal
    stale = next(a for a in listed if isinstance(a, DrawTickets))
    with pytest.raises(ttr_nb.IllegalAction):
        g.apply(stale)  # listed before, not now (second card)
