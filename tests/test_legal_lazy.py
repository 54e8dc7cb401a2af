"""``game.legal_actions()`` is a lazy sequence (ttr_nb.legal.LegalActions): counted without
building it (``claiming.count_claims``) and built item by item (``claiming.nth_claim``);
every index must give exactly the item of the full sorted listing (B-3.1: a turn is one of
the listed actions; B-3.4: Pass only when nothing else)."""
from __future__ import annotations

import random

import pytest

from ttr_nb.actions import ClaimRoute, DrawCard, Pass
from ttr_nb.game import new_game
from ttr_nb.legal import LegalActions, listing
from ttr_nb.rules import claiming


def _states(variant: str, n: int, games: int, every: int = 3):
    for seed in range(games):
        g = new_game(variant, n, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not g.over:
            if k % every == 0:
                yield g
            g.random_step(rng)
            k += 1


@pytest.mark.parametrize("variant,n", [("usa", 2), ("usa", 5), ("legendary-asia", 3),
                                       ("usa-mega", 4), ("team-asia", 4), ("heart-of-africa", 2)])
def test_every_index_is_the_listed_action(variant, n):
    """Fresh listings read by index, from the front and from the back, equal the full list."""
    checked = 0
    for g in _states(variant, n, 4):
        full = list(listing(g))
        la = g.legal_actions()
        assert len(la) == len(full)
        for k in range(len(full)):
            fresh = LegalActions(g)
            assert fresh[k] is full[k] or fresh[k] == full[k]
            assert fresh[k - len(full)] == full[k]
        assert la == full and list(la) == full and repr(la) == repr(full)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant,n", [("team-asia", 4), ("heart-of-africa", 2), ("heart-of-africa", 3)])
def test_nth_route_claim_is_claim_options_item_TA_10_H_5(variant, n):
    """On boards whose mechanics expand claims (a team holder's splits, TA-10; Terrain
    doublings, H-5), claiming.nth_route_claim(g, seat, k, count, kernels) walks the routes
    from the nearer end, each counted from its colour's kernel (claiming.claim_total), and
    gives claim_options(g, seat)[k]; IndexError outside 0..count-1."""
    seen = 0
    for g in _states(variant, n, 4, every=2):
        if g.pending != "turn":
            continue
        opts = claiming.claim_options(g, g.seat)
        count, kernels = claiming.claim_total(g, g.seat)
        assert count == len(opts)
        for k, a in enumerate(opts):
            assert claiming.nth_route_claim(g, g.seat, k, count, kernels) == a
        for past in (len(opts), -1):
            with pytest.raises(IndexError):
                claiming.nth_route_claim(g, g.seat, past, count, kernels)
        seen += len(opts)
    assert seen > 300


@pytest.mark.parametrize("variant,n", [("usa", 2), ("legendary-asia", 3), ("europe", 2), ("team-asia", 4)])
def test_ticket_choices_counted_and_read_one_by_one_B_2_4_B_6_1(variant, n):
    """At a choice of tickets the listing counts every way to keep at least the minimum of the
    offered tickets (B-2.4 at setup, B-6.1 later) and ``legal[k]`` is item k of the listing
    sorted as actions sort (by the kept ids), from the front and the back."""
    from math import comb

    from ttr_nb.actions import Action, KeepTickets
    from ttr_nb.rules import tickets

    seen = set()
    for g in _states(variant, n, 6, every=1):
        if g.pending not in ("setup-tickets", "keep-tickets"):
            continue
        offered, lo = len(g.offered[g.seat]), tickets.min_keep(g)
        la = LegalActions(g)
        keeps = [a for a in list(la) if isinstance(a, KeepTickets)]
        assert len(keeps) == sum(comb(offered, j) for j in range(lo, offered + 1))
        full = list(la)
        assert full == sorted(full, key=Action._key)
        for k in range(len(full)):
            assert LegalActions(g)[k] == full[k] and LegalActions(g)[k - len(full)] == full[k]
        with pytest.raises(IndexError):
            LegalActions(g)[len(full)]
        seen.add(g.pending)
    assert seen == {"setup-tickets", "keep-tickets"}


@pytest.mark.parametrize("variant,n", [("usa", 3), ("legendary-asia", 2)])
def test_nth_claim_is_claim_options_item(variant, n):
    """claiming.nth_claim(g, seat, k) is claim_options(g, seat)[k], searched from the front or,
    given the count, from the nearer end; IndexError past it."""
    seen = 0
    for g in _states(variant, n, 6, every=2):
        if g.pending != "turn":
            continue
        opts = claiming.claim_options(g, g.seat)
        for k, a in enumerate(opts):
            assert claiming.nth_claim(g, g.seat, k) is a
            assert claiming.nth_claim(g, g.seat, k, len(opts)) is a
        for past in (len(opts), -1):
            with pytest.raises(IndexError):
                claiming.nth_claim(g, g.seat, past, len(opts))
        with pytest.raises(IndexError):
            claiming.nth_claim(g, g.seat, len(opts))
        seen += len(opts)
    assert seen > 500


def test_B_3_4_pass_only_when_nothing_else_lazily():
    """A turn with no draw, no claim and no ticket draw lists exactly [Pass()]."""
    g = new_game("usa", 2, seed=1)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    g.deck.clear()
    g.discard.clear()
    g.display[:] = [-1] * len(g.display)
    g.hands[g.seat][:] = [0] * 9
    g.tdeck.clear()
    g._version += 1
    la = g.legal_actions()
    assert len(la) == 1 and la[0] == Pass() and la == [Pass()]


def test_apply_takes_handed_out_actions_and_checks_others():
    g = new_game("usa", 2, seed=3)
    rng = random.Random(3)
    claims = 0
    while not g.over:
        la = g.legal_actions()
        a = la[int(rng.random() * len(la))]
        assert g._legal.holds(a)
        if isinstance(a, ClaimRoute):
            claims += 1
            copy = ClaimRoute(a.route, a.pay)  # equal, not the listed object: checked, then applied
            assert not g._legal.holds(copy) and g.why_not(copy) is None
            a = copy
        g.apply(a)
    assert claims > 5


def test_a_listing_of_an_earlier_state_refuses_what_it_did_not_read():
    g = new_game("usa", 2, seed=5)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    la = g.legal_actions()
    first = la[0]
    g.apply(first)
    assert la[0] is first  # what was read stays readable
    with pytest.raises(ValueError, match="earlier state"):
        list(la)


def test_listing_is_read_only_and_equal_to_lists():
    g = new_game("usa", 2, seed=2)
    la = g.legal_actions()
    assert la is g.legal_actions()  # one state, one listing
    assert not hasattr(la, "append")
    assert la + [] == list(la) and [] + la == list(la)
    assert DrawCard("deck") not in la  # the setup: keeping tickets only
    assert la.index(la[-1]) == len(la) - 1 and la.count(la[0]) == 1
    assert la != [] and la[1:] == list(la)[1:]


def test_apply_returns_events_worded_when_read():
    """game.apply returns an Events sequence: its length at once, each Event made when read,
    equal to the list of the same events, and the same wording as the game's log."""
    from ttr_nb.events import Event, Events

    g = new_game("usa", 2, seed=4)
    rng = random.Random(4)
    made: list[Event] = []
    while not g.over and len(made) < 300:
        la = g.legal_actions()
        ev = g.apply(la[int(rng.random() * len(la))])
        assert isinstance(ev, Events) and len(ev) >= 1
        assert ev._made is None  # nothing made yet
        first = ev[0]
        assert isinstance(first, Event) and ev == list(ev) and repr(ev) == repr(list(ev))
        assert ev[-1] is list(ev)[-1] and ev + [] == list(ev)
        made += ev
    assert [e.text for e in made] == [e.text for e in g.log][-len(made):]


@pytest.mark.parametrize("variant,n", [("heart-of-africa", 3), ("team-asia", 4)])
def test_a_mechanics_count_of_its_claims_is_the_length_of_its_listing_H_5_TA_10(variant, n, monkeypatch):
    """Terrain and Teams count their claims without building them (all at once from packed
    kernels, ``claim_kernels``; route by route, ``Mechanic.claim_count``, each kind of route
    once, ``claim_count_by_kind``) and build only the claim read (``claim_nth``); with the
    defaults (build each route's claims, then ``len`` or ``[k]``) every state has the same
    legal actions, read by index, and the random games are the same."""
    from ttr_nb.rules.mechanic import Mechanic
    from ttr_nb.rules.teams import Teams
    from ttr_nb.rules.terrain import Terrain

    def play(seed):
        g = new_game(variant, n, seed=seed)
        rng = random.Random(seed)
        seen = []
        while not g.over:
            la = g.legal_actions()
            k = int(rng.random() * len(la))
            seen.append((len(la), la[k]))
            g.apply(la[k])
        return seen, g.state_json()

    counted = [play(s) for s in range(3)]
    for cls in (Terrain, Teams):
        monkeypatch.setattr(cls, "claim_nth", Mechanic.claim_nth)
        monkeypatch.setattr(cls, "claim_count", Mechanic.claim_count)
        monkeypatch.setattr(cls, "claim_count_by_kind", False)
    # (counted route by route first, then with the defaults only)
    assert [play(s) for s in range(3)] == counted
    monkeypatch.setattr(Teams, "claim_kernels", Mechanic.claim_kernels)
    monkeypatch.setattr(Terrain, "claim_kernels", Mechanic.claim_kernels)
    assert [play(s) for s in range(3)] == counted


@pytest.mark.parametrize("policy", [{}, {"loco_as_terrain": False}, {"require_real_terrain_card": True},
                                    {"majority_check": "after_discard"}, {"allow_zero_zero_majority": False},
                                    {"loco_terrain_value": 2}])
def test_terrain_counts_every_doubling_without_walking_the_routes_H_5_H_6(policy):
    """Terrain's ``claim_kernels`` (payments by what they leave, weighted by the doublings each
    allows: H-5.2 cards per doubling, H-5.3 to H-5.5 majority, H-6 Locomotives as Terrain) is
    the length of the full listing in every state of random games of 2, 3 and 5 players,
    under each Terrain setting."""
    checked = 0
    for n in (2, 3, 5):
        for seed in range(3):
            g = new_game("heart-of-africa", n, seed=seed, **policy)
            rng = random.Random(seed)
            while not g.over:
                if g.pending == "turn":
                    assert claiming.claim_total(g, g.seat)[0] == len(claiming.claim_options(g, g.seat))
                    checked += 1
                g.random_step(rng)
    assert checked > 1000
