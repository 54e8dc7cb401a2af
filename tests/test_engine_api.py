"""The public API of the engine (DESIGN.md 'Public API'): new_game, legal_actions, apply,
why_not, undo, view, save/load, actions and events."""
from __future__ import annotations

import json
import random

import pytest

import ttr_nb
from ttr_nb.actions import (Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass, action_from_json,
                            describe)
from ttr_nb.errors import IllegalAction, SaveError
from ttr_nb.game import FORMAT_VERSION, Game, new_game
from ttr_nb.legal import LegalActions, listing
from ttr_nb.rules import claiming

from test_engine_helpers import past_setup, set_hand

VARIANTS = ["usa", "usa-1910-classic", "usa-1910", "usa-mega", "usa-big-cities", "legendary-asia"]


def played(variant="usa", n=2, seed=0, steps=60):
    g = new_game(variant, n, seed=seed)
    g.play_random(random.Random(seed), steps)
    return g


# -- new_game ------------------------------------------------------------------------------
def test_new_game_names_and_counts():
    g = new_game("usa", ["Ana", "Bo", "Cy"], seed=1)
    assert g.names == ("Ana", "Bo", "Cy") and g.current_player == 0
    assert new_game("usa", 4).names == ("Ana", "Bea", "Cal", "Dee")
    with pytest.raises(ValueError, match="played by 2 to 5 players, not 6"):
        new_game("usa", 6)
    with pytest.raises(ValueError, match="must differ"):
        new_game("usa", ["Ana", "Ana"])
    with pytest.raises(ValueError, match="seed must be a whole number"):
        new_game("usa", 2, seed="x")
    with pytest.raises(ValueError, match="unknown variant"):
        new_game("monopoly")


@pytest.mark.parametrize("name", ["heart-of-africa", "team-asia"])
def test_every_shipped_variant_with_mechanics_starts(name):
    g = new_game(name, 4)
    assert g.pending == "setup-tickets" and g.mechanics


def test_a_listed_mechanic_without_its_module_raises_not_implemented(monkeypatch):
    from ttr_nb import rules

    monkeypatch.setitem(rules.MECHANICS, "ghost", ("ttr_nb.rules.ghost", "Ghost", "Ghost trains (LA-99)"))
    with pytest.raises(NotImplementedError, match=r"Ghost trains \(LA-99\) is not implemented yet"):
        rules.mechanic_class("ghost")
    with pytest.raises(ValueError, match="unknown mechanic 'phantom'"):
        rules.mechanic_class("phantom")


# -- legal actions -------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_actions_sorted_unique_deterministic(variant):
    for seed in range(3):
        a, b = played(variant, 3, seed), played(variant, 3, seed)
        la = a.legal_actions()
        assert la == sorted(la) and len(set(la)) == len(la)
        assert la == b.legal_actions() and a.state_json() == b.state_json()
        assert a.legal_count() == len(la)


_STATIC: dict[str, list[Action]] = {}


def _candidates(g: Game) -> list[Action]:
    """A superset of plausible actions: legal ones and near misses."""
    static = _STATIC.get(g.variant.name)
    if static is None:
        static = [DrawCard(s) for s in ("deck", "red", "blue", "pink", "white", "black", "green",
                                        "yellow", "orange", "locomotive", "purple")]
        static += [DrawTickets(), Pass(), KeepTickets(()), KeepTickets(("O01",))]
        for r in g.board.routes[:: 3]:
            for col in ("red", "black", "green"):
                for k in range(0, r.length + 1):
                    static.append(ClaimRoute(r.id, ((col, r.length - k), ("locomotive", k))))
            static.append(ClaimRoute(r.id, (("red", r.length - 1), ("blue", 1))))
        _STATIC[g.variant.name] = static
    offered = g.offered_tickets(g.seat) if g.current_player is not None else []
    extra = [KeepTickets((t,)) for t in offered] + [KeepTickets(tuple(offered))]
    return static + extra + g.legal_actions()


@pytest.mark.parametrize("variant", ["usa", "legendary-asia", "usa-mega"])
def test_why_not_agrees_with_legal_actions(variant):
    rng = random.Random(3)
    for seed in range(4):
        g = new_game(variant, 2 + seed % 3, seed=seed)
        while not g.over:
            legal = set(g.legal_actions())
            cands = _candidates(g)
            for a in rng.sample(cands, min(50, len(cands))) + g.legal_actions():
                assert (g.why_not(a) is None) == (a in legal), (a, g.why_not(a))
            g.random_step(rng)


# -- illegal means untouched ---------------------------------------------------------------
@pytest.mark.parametrize("variant", ["usa", "legendary-asia"])
def test_illegal_action_raises_with_reason_and_changes_nothing(variant):
    rng = random.Random(1)
    for seed in range(2):
        g = new_game(variant, 3, seed=seed)
        while not g.over:
            before = g.state_json()
            hist = len(g.history)
            logn = len(g.log)
            legal = set(g.legal_actions())
            bad = rng.sample([a for a in _candidates(g) if a not in legal], 4)
            for a in bad:
                with pytest.raises(IllegalAction) as err:
                    g.apply(a)
                assert err.value.reason == g.why_not(a) and err.value.action == a
                assert g.state_json() == before
                assert len(g.history) == hist and len(g.log) == logn
            g.random_step(rng)


def test_non_actions_are_refused_in_words():
    g = past_setup()
    assert "is not an action" in g.why_not("draw")
    with pytest.raises(IllegalAction):
        g.apply(("draw", "deck"))


# -- undo ----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_undo_restores_the_exact_state(variant):
    g = new_game(variant, 3, seed=5)
    rng = random.Random(5)
    states = [g.state_json()]
    while not g.over and len(states) < 120:
        g.apply(g.random_action(rng))
        states.append(g.state_json())
    for k in range(len(states) - 1, 0, -12):
        while len(g.history) > k - 1:
            g.undo()
        assert g.state_json() == states[k - 1]
    with pytest.raises(IllegalAction, match="nothing to undo"):
        new_game("usa").undo()


def test_undo_returns_the_action_and_log_follows():
    g = past_setup()
    n = len(g.log)
    ev = g.apply(DrawCard("deck"))
    assert len(g.log) == n + len(ev)
    assert g.undo() == DrawCard("deck")
    assert len(g.log) == n and [e.text for e in g.log] == [e.text for e in past_setup().log]


# -- save and load -------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_save_load_replays_exactly(variant):
    g = played(variant, 4, seed=8, steps=150)
    text = g.to_json()
    doc = json.loads(text)
    assert doc["format"] == "ttr_nb-game" and doc["version"] == FORMAT_VERSION
    assert doc["variant"] == variant and doc["players"] == list(g.names) and doc["seed"] == 8
    assert doc["policies"] == g.policies
    h = Game.from_json(text)
    assert h.state_json() == g.state_json() and h.history == g.history
    assert [e.text for e in h.log] == [e.text for e in g.log]


def test_save_keeps_policies():
    g = past_setup("usa", 2, seed=1, max_consecutive_loco_resets=7)
    h = Game.from_json(g.to_json())
    assert h.policies["max_consecutive_loco_resets"] == 7


def _save(**change):
    doc = json.loads(played(steps=20).to_json())
    doc.update(change)
    return json.dumps(doc)


@pytest.mark.parametrize("text,match", [
    ("{not json", "not valid JSON"),
    (played(steps=20).to_json()[:-40], "truncated"),
    ("[1, 2]", "must hold a JSON object"),
    (json.dumps({"format": "chess"}), "not a ttr_nb game record"),
    (_save(version=FORMAT_VERSION + 1), "newer than this ttr_nb reads"),
    (_save(version="1"), "'version' must be a whole number"),
    (_save(seed="7"), "'seed' must be a whole number"),
    (_save(players="Ana"), "'players' must be a list of player names"),
    (_save(variant="usa-3000"), "unknown variant"),
    (_save(actions=[{"type": "fly"}]), "action 1 .* is not an action: unknown action type 'fly'"),
    (_save(actions=[{"type": "draw", "source": "deck"}]), "action 1 .* is illegal: Ana must first choose"),
    (_save(actions=[{"type": "claim", "route": "x"}]), "action 1 .* is not an action"),
    (_save(policies={"max_consecutive_loco_resets": "three"}), "cannot start the saved game"),
])
def test_bad_save_files_raise_save_error_naming_the_problem(text, match):
    with pytest.raises(SaveError, match=match):
        Game.from_json(text)


def test_save_error_for_bytes_that_are_not_utf8():
    with pytest.raises(SaveError, match="not UTF-8"):
        Game.from_json(b"\xff\xfe{")


# -- views ---------------------------------------------------------------------------------
def test_view_shows_own_hidden_facts_only():
    g = played("usa", 3, seed=2, steps=30)
    v = g.view(1)
    assert v["hand"] == g.hand(1) and v["tickets"] == g.tickets(1)
    assert "hands" not in v and "deck_order" not in v and "ticket_deck_order" not in v
    text = json.dumps(v)
    for s in (0, 2):
        for t in g.tickets(s):
            if t not in g.tickets(1):
                assert t not in text
    assert [p["cards"] for p in v["players"]] == [sum(h) for h in g.hands]
    full = g.view(None)
    assert full["hands"] == [g.hand(s) for s in range(3)] and len(full["deck_order"]) == len(g.deck)
    with pytest.raises(ValueError):
        g.view(3)


def test_view_does_not_change_when_hidden_information_changes():
    g = played("usa-mega", 4, seed=3, steps=50)
    for seat in range(4):
        c = g.copy()
        random.Random(seat).shuffle(c.deck)
        c.tdeck.reverse()
        for s in range(4):
            if s != seat:
                h = c.hands[s]
                c.hands[s] = h[1:] + h[:1]
                c.kept[s] = list(reversed(c.kept[s]))
                if c.kept[s]:
                    c.kept[s][0] = c.tdeck[0] if c.tdeck else c.kept[s][0]
        assert c.view(seat) == g.view(seat)


def test_events_hide_blind_draws_from_others():
    g = past_setup()
    ev = g.apply(DrawCard("deck"))[0]
    assert ev.text_for(0) == ev.text and ev.text_for(None) == ev.text
    assert ev.text_for(1) == ev.public == "Ana draws a card from the deck."
    assert ev.text != ev.public


# -- actions -------------------------------------------------------------------------------
def test_actions_json_round_trip_and_text():
    g = past_setup("usa", 2, seed=4)
    set_hand(g, 0, red=6, locomotive=3)
    for a in g.legal_actions():
        assert action_from_json(a.to_json()) == a
        assert action_from_json(json.dumps(a.to_json())) == a
        assert a.text(g).startswith("Ana ")
        assert describe(a) == str(a)
    r = g.board.find_route("Denver", "Omaha")
    a = ClaimRoute.paying(r.id, pink=3, locomotive=1)
    assert a.text(g) == "Ana claims Denver–Omaha (4, pink) with 3 pink + 1 Locomotive"  # no pink: no points
    set_hand(g, 0, pink=3, locomotive=1)
    assert a.text(g) == "Ana claims Denver–Omaha (4, pink) with 3 pink + 1 Locomotive: +7"
    assert a.color == "pink" and a.locos == 1
    assert ClaimRoute(r.id, {"locomotive": 1, "pink": 3}) == a
    assert KeepTickets(["O2", "O1"]).tickets == ("O1", "O2")
    with pytest.raises(TypeError):
        ClaimRoute("x", ())
    with pytest.raises(ValueError, match="unknown action type"):
        action_from_json({"type": "fly"})


def test_actions_sort_by_kind_then_fields():
    acts = [Pass(), KeepTickets(("O1",)), DrawTickets(), ClaimRoute(2, (("red", 1),)),
            ClaimRoute(1, (("locomotive", 1),)), ClaimRoute(1, (("red", 1),)), DrawCard("locomotive"),
            DrawCard("red"), DrawCard("deck")]
    assert sorted(acts) == [DrawCard("deck"), DrawCard("red"), DrawCard("locomotive"),
                            ClaimRoute(1, (("red", 1),)), ClaimRoute(1, (("locomotive", 1),)),
                            ClaimRoute(2, (("red", 1),)), DrawTickets(), KeepTickets(("O1",)), Pass()]


# -- score, counts, copy -------------------------------------------------------------------
def test_score_is_a_scoresheet_with_running_route_points():
    g = played("usa", 3, seed=9, steps=400)
    assert g.over
    sheet = g.score()
    for s in range(3):
        assert sheet.line_total(s, "route") == g.points[s]
    assert sheet.names == g.names


def test_copy_is_exact_and_independent():
    g = played("legendary-asia", 3, seed=1, steps=50)
    c = g.copy()
    assert c.state_json() == g.state_json() and c.history == g.history
    c.play_random(random.Random(2))
    assert c.over and not g.over
    assert g.state_json() == played("legendary-asia", 3, seed=1, steps=50).state_json()


def test_random_action_is_legal_and_uses_one_random_call():
    g = played("usa", 2, seed=3, steps=10)
    r1, r2 = random.Random(7), random.Random(7)
    a = g.random_action(r1)
    assert a in g.legal_actions()
    r2.random()
    assert r1.random() == r2.random()


@pytest.mark.parametrize("variant,players,seeds", [
    ("usa", (2, 5), 6), ("usa-mega", (2, 5), 6), ("usa-big-cities", (2, 5), 6),
    ("legendary-asia", (2, 5), 6), ("heart-of-africa", (2, 5), 3), ("team-asia", (4, 6), 3)])
def test_fused_random_loop_equals_step_by_step(variant, players, seeds):
    """``play_random`` makes the same choices as ``apply(random_action(rng))`` step by step
    (the same rng use), and the game's record replays to the same state and log."""
    for seed in range(seeds):
        for n in players:
            a, b = new_game(variant, n, seed=seed), new_game(variant, n, seed=seed)
            ra, rb = random.Random(seed), random.Random(seed)
            while not a.over:
                a.apply(a.random_action(ra))
            b.play_random(rb)
            assert a.state_json() == b.state_json() and a.history == b.history
            assert [e.text for e in a.log] == [e.text for e in b.log]
            again = Game.from_json(b.to_json())
            assert again.state_json() == b.state_json()


def _sampled_states(variant: str, players: int, seed: int, every: int):
    """Every ``every``-th state of a random game (and the last), the game moving on after."""
    g = new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while True:
        if k % every == 0 or g.over:
            yield g
        if g.over:
            return
        g.random_step(rng)
        k += 1


@pytest.mark.parametrize("variant", ttr_nb.variants())
def test_legal_actions_count_and_find_exactly_the_listed_actions_B_5_LA_7_LA_10(variant):
    """One engine: ``len(legal)`` counts and ``legal[k]`` finds the k-th action without building
    the others (ferries' Locomotives, LA-7; mountain X trains, LA-10, included), in legal order:
    every index gives a different legal action, together they are the whole listing, and on a
    board whose mechanics do not change claims ``claiming.count_claims`` is the number of
    ``claim_options`` and ``nth_claim(k)`` its k-th (B-5)."""
    players = sorted(ttr_nb.get_variant(variant).players)
    plain_seen = claims_seen = states = 0
    for seed in range(6):
        n = players[seed % len(players)]
        for g in _sampled_states(variant, n, seed, every=3):
            full = list(listing(g))
            assert full == sorted(full) and len(set(full)) == len(full)
            la = LegalActions(g)
            assert len(la) == len(full) == g.legal_count()
            assert [la[k] for k in range(len(la))] == full  # every index, one listing
            for k in {0, 1, len(full) // 2, len(full) - 2, len(full) - 1} & set(range(len(full))):
                fresh = LegalActions(g)  # (a listing read at one index only, from each end)
                assert fresh[k] == full[k] and LegalActions(g)[k - len(full)] == full[k]
            with pytest.raises(IndexError):
                LegalActions(g)[len(full)]
            assert list(LegalActions(g)) == full and g.legal_actions() == full
            states += 1
            if g.pending != "turn":
                continue
            opts = claiming.claim_options(g, g.seat)
            assert [a for a in full if type(a) is ClaimRoute] == opts
            if not g._plain:  # (a mechanic changes claims or adds actions: not counted so)
                continue
            assert claiming.count_claims(g, g.seat) == len(opts)
            for k in {0, len(opts) // 3, len(opts) // 2, len(opts) - 1} & set(range(len(opts))):
                assert claiming.nth_claim(g, g.seat, k) == opts[k]
                assert claiming.nth_claim(g, g.seat, k, len(opts)) == opts[k]
            plain_seen += 1
            claims_seen += len(opts)
    assert states > 100
    if variant.startswith("usa") or variant == "legendary-asia":  # no mechanic changes claims
        assert plain_seen > 30 and claims_seen > 300


def test_summary_and_repr_are_plain_text():
    g = past_setup("usa", 2, seed=1)
    assert repr(g).startswith("<Game usa, 2 players, seed 1, 2 actions, Ana to play (turn)>")
    assert "face up:" in g.summary() and str(g) == g.summary()


def test_events_are_recorded_again_after_the_random_loop():
    """Inside ``play_random`` the rules skip building their events (``Game.recording`` is
    False); after it, ``apply`` records them again and the log is whole: the same as a game
    played step by step."""
    a, b = new_game("usa", 3, seed=5), new_game("usa", 3, seed=5)
    ra, rb = random.Random(5), random.Random(5)
    for _ in range(40):
        a.apply(a.random_action(ra))
    b.play_random(rb, max_steps=40)
    assert b.recording and "recording" not in vars(b) and "emit" not in vars(b)
    for _ in range(30):
        act = a.random_action(ra)
        assert b.random_action(rb) == act
        ev_a, ev_b = a.apply(act), b.apply(act)
        assert [e.text for e in ev_a] == [e.text for e in ev_b]
    assert [e.text for e in a.log] == [e.text for e in b.log]


def _open_counts(g: Game, seat: int) -> list[int]:
    """The seat's open routes of each colour (0..7, 8 gray) and of all (9), by slot, packed as
    ``game.openv`` holds them, counted again from its open-route flags."""
    T = g.T
    out = [0] * 10
    for i in range(T.n):
        if g.openf[seat][i]:
            out[T.rcol[i]] += T.slot_bit[i]
            out[9] += T.slot_bit[i]
    return out


@pytest.mark.parametrize("variant,players", [("usa", 2), ("usa", 4), ("heart-of-africa", 3),
                                             ("team-asia", 4)])
def test_B_5_8_seats_share_open_routes_only_while_doubles_are_closed(variant, players):
    """With doubles closed (B-5.8, TA-20) every claim closes the same tracks for everyone, so
    the seats share one set of open-route flags and have the same open-route counts; with
    doubles open each seat has its own. A copy shares them the same way, never with the
    original, and each seat's flags, mask and packed counts (``game.openv``) agree, after
    random play, a copy and a replay."""
    g = new_game(variant, players, seed=3)
    shared = not g.doubles_open
    assert (g.openf[0] is g.openf[-1]) == shared
    assert all(m == g.openv[0] for m in g.openv)
    g.play_random(random.Random(3), max_steps=120)
    h = g.copy()
    assert (h.openf[0] is h.openf[-1]) == shared and h.openf[0] is not g.openf[0]
    assert all(h.openv[s] is not g.openv[s] for s in range(g.n))
    before = [bytes(f) for f in g.openf], list(g.openm), [list(m) for m in g.openv]
    h.play_random(random.Random(4))
    assert ([bytes(f) for f in g.openf], list(g.openm), [list(m) for m in g.openv]) == before
    again = Game.from_json(h.to_json())
    assert [bytes(f) for f in again.openf] == [bytes(f) for f in h.openf]
    assert again.openm == h.openm and again.openv == h.openv
    for x in (g, h):
        if shared:
            assert all(x.openv[s] == x.openv[0] for s in range(x.n))
        for s in range(x.n):  # each seat's flags, mask and packed counts agree
            assert all(bool(x.openf[s][i]) == bool(x.openm[s] >> x.T.pos[i] & 1) for i in range(x.T.n))
            assert x.openv[s] == _open_counts(x, s)
