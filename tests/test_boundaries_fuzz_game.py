"""Property tests of the engine's boundary (issue 36): wrong types, huge and negative numbers,
NaN, empty and huge texts, and objects whose ``__str__``/``__repr__``/``__eq__``/``__hash__``/
``__index__``/``__len__``/``__iter__`` raise, given to every public entry point of actions,
:class:`~ttr_nb.game.Game` and save files.

What may escape is only the package's own errors, each a ValueError defined in
``ttr_nb.errors``: IllegalAction (an action refused now), SaveError (a save that does not load)
and ArgumentError (any other value not allowed). A refused call leaves the game as it was
(``state_json`` and the history unchanged); what is accepted is sound (a game that starts
saves and loads again, an action that is built writes itself as JSON and reads back the same).
"""
from __future__ import annotations

import json
import operator
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb import new_game
from ttr_nb.actions import (Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass,
                            action_from_json)
from ttr_nb.errors import ArgumentError, IllegalAction, SaveError
from ttr_nb.game import Game
from ttr_nb.variants import POLICIES, get_variant

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])
OWN = (IllegalAction, SaveError, ArgumentError)


# -- wild values ------------------------------------------------------------------------------
class Boom(Exception):
    """Raised by the hostile objects below (never one of the package's errors)."""


def _boom(*_a, **_k):
    raise Boom("hostile")


class Hostile:
    """Every method a check might call raises."""
    __str__ = __repr__ = __eq__ = __ne__ = __lt__ = __hash__ = __index__ = __int__ = _boom
    __float__ = __len__ = __iter__ = __bool__ = __getitem__ = __format__ = _boom


class HostileStr(str):
    __str__ = __repr__ = __eq__ = __hash__ = __len__ = __iter__ = __format__ = _boom


class HostileInt(int):
    __str__ = __repr__ = __eq__ = __hash__ = __index__ = __int__ = __abs__ = __format__ = _boom


class HostileList(list):
    __len__ = __iter__ = __getitem__ = __repr__ = _boom


class HostileDict(dict):
    __len__ = __iter__ = __getitem__ = __repr__ = items = keys = values = get = _boom


def _gen():
    yield "O01"


SPECIAL = [None, True, False, 0, -1, 1, 2, 3, 10 ** 30, -10 ** 30, 2 ** 63, -2 ** 63, 10 ** 5000,
           float("nan"), float("inf"), -float("inf"), 1.5, -0.0, 3.0, "", " ", "\x00", "x" * 100_000,
           "deck", "red", "locomotive", "O01", "usa", b"deck", [], {}, (), set(), [1, 2], ["O01", 1],
           {"red": "3"}, {"red": -1}, {"": 1}, object, Ellipsis, np.int64(1), np.float64("nan"),
           np.bool_(True), np.array([1, 2])]
HOSTILE = [Hostile, HostileStr, HostileInt, HostileList, HostileDict]


class Make:
    """A hostile value to build inside the test (Hypothesis prints this, not the value)."""

    def __init__(self, cls):
        self.cls = cls

    def __repr__(self):
        return f"<a {self.cls.__name__}>"


def real(x):
    """The value a strategy stands for (a hostile object is built now)."""
    return _hostile(x.cls) if isinstance(x, Make) else x


def _hostile(cls):
    if cls is HostileStr:
        return HostileStr("deck")
    if cls is HostileInt:
        return HostileInt(1)
    if cls is HostileList:
        return HostileList(["O01"])
    if cls is HostileDict:
        return HostileDict(red=1)
    return cls()


scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
                    st.binary(max_size=6))
wild = st.one_of(
    st.sampled_from(SPECIAL),
    st.sampled_from(HOSTILE).map(Make),
    st.builds(_gen),
    scalars,
    st.lists(scalars, max_size=4),
    st.dictionaries(st.text(max_size=6), scalars, max_size=3),
    st.tuples(scalars, scalars),
)
json_wild = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=10), st.sampled_from(["claim", "draw", "keep", "tickets", "pass", "deck",
                                                       "red", "locomotive", "route", "pay", "type"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(["type", "route", "pay", "source", "tickets",
                                                             "from_holder", "terrain", "x"]), inner,
                                            max_size=4)),
    max_leaves=12)


def own_only(call):
    """Run ``call``; return ('ok', result) or ('refused', error) for the package's own errors;
    any other exception fails the test, naming it."""
    try:
        return "ok", call()
    except OWN as e:
        assert type(e).__module__ == "ttr_nb.errors" and isinstance(e, ValueError)
        assert len(str(e)) < 2_000, str(e)[:300]
        return "refused", e
    except Exception as e:  # noqa: BLE001 (the point of the test)
        pytest.fail(f"raw {type(e).__name__} escaped: {str(e)[:300]}")


def _game_at(variant: str, players: int, seed: int, steps: int) -> Game:
    g = new_game(variant, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        g.random_step(rng)
    return g


# games at every kind of decision: setup tickets, a turn, the second card, keeping tickets, over
GAMES: list[Game] = []
for _v in ttr_nb.variants():
    _n = get_variant(_v).players[0]
    for _steps in (0, 40, 2000):
        GAMES.append(_game_at(_v, _n, seed=len(GAMES), steps=_steps))
_g = _game_at("usa", 3, seed=9, steps=30)
while _g.pending not in ("second-card",):
    _g.random_step(random.Random(len(_g.history)))
GAMES.append(_g)
_g = _game_at("usa", 2, seed=4, steps=10)
while _g.pending != "keep-tickets":
    _g.apply(DrawTickets() if _g.pending == "turn" and DrawTickets() in _g.legal_actions()
             else _g.legal_actions()[0])
GAMES.append(_g)
assert {g.pending for g in GAMES} >= set(("setup-tickets", "turn", "second-card", "keep-tickets", "over"))
games = st.sampled_from(range(len(GAMES))).map(lambda k: GAMES[k])


def snapshot(g: Game):
    return g.state_json(), tuple(g.history), g.pending


# -- actions ------------------------------------------------------------------------------------
@FUZZ
@given(kind=st.sampled_from(["draw", "claim", "keep", "paying"]), a=wild, b=wild, c=wild)
def test_action_constructors_give_only_argument_errors(kind, a, b, c):
    a, b, c = real(a), real(b), real(c)
    if kind == "draw":
        outcome, action = own_only(lambda: DrawCard(a))
    elif kind == "claim":
        outcome, action = own_only(lambda: ClaimRoute(a, b, c))
    elif kind == "keep":
        outcome, action = own_only(lambda: KeepTickets(a))
    else:
        outcome, action = own_only(lambda: ClaimRoute.paying(a, red=b, locomotive=c))
    if outcome == "refused":
        assert isinstance(action, ArgumentError)
        return
    # accepted: the fields are what the game reads, and the action writes and reads itself back
    if kind == "draw":
        assert type(action.source) is str
    elif kind == "keep":
        assert all(type(t) is str for t in action.tickets)
    else:
        assert type(action.route) is int
        assert all(type(k) is str and type(n) is int and n > 0 for k, n in action.pay)
    if all(type(v) is not int or -2 ** 63 < v < 2 ** 63 for v in _ints(action.to_json())):
        assert action_from_json(json.dumps(action.to_json())) == action


def _ints(doc):
    if isinstance(doc, dict):
        for v in doc.values():
            yield from _ints(v)
    elif isinstance(doc, (list, tuple)):
        for v in doc:
            yield from _ints(v)
    elif isinstance(doc, int):
        yield doc


@FUZZ
@given(d=st.one_of(json_wild, wild, json_wild.map(json.dumps)))
def test_action_from_json_gives_only_argument_errors(d):
    d = real(d)
    outcome, action = own_only(lambda: action_from_json(d))
    if outcome == "ok":
        assert isinstance(action, Action)
        assert action_from_json(action.to_json()) == action


@FUZZ
@given(g=games, x=st.one_of(wild, st.builds(lambda a: a, st.sampled_from(
    [DrawCard("deck"), DrawCard("purple"), DrawCard(""), ClaimRoute(10 ** 40), ClaimRoute(-1),
     ClaimRoute(1, {"purple": 2}), ClaimRoute(1, {"red": 10 ** 30}), KeepTickets(["O01", "O01"]),
     KeepTickets(["\x00"]), KeepTickets([]), Pass(), DrawTickets()]))))
def test_apply_and_why_not_refuse_with_illegal_action_and_change_nothing(g, x):
    x = real(x)
    before = snapshot(g)
    outcome, why = own_only(lambda: g.why_not(x))
    assert outcome == "ok" and (why is None or isinstance(why, str) and why)
    assert own_only(lambda: g.is_legal(x)) == ("ok", why is None)
    if why is None:  # (a legal action: apply it to a copy)
        c = g.copy()
        assert own_only(lambda: c.apply(x))[0] == "ok"
        return
    outcome, e = own_only(lambda: g.apply(x))
    assert outcome == "refused" and isinstance(e, IllegalAction) and e.reason == why
    assert snapshot(g) == before


@FUZZ
@given(g=games, seat=wild, method=st.sampled_from(["hand", "tickets", "offered_tickets", "view"]))
def test_seat_arguments_are_seats_of_the_game_or_an_argument_error(g, seat, method):
    seat = real(seat)
    before = snapshot(g)
    outcome, out = own_only(lambda: getattr(g, method)(seat))
    ok_seat = (seat is None and method == "view") or (  # (an int subclass is its whole number)
        not isinstance(seat, (bool, np.bool_)) and isinstance(seat, (int, np.integer))
        and 0 <= operator.index(seat) < g.n)
    assert (outcome == "ok") == ok_seat, (seat, out)
    if outcome == "refused":
        assert isinstance(out, ArgumentError) and out.argument == "seat"
    assert snapshot(g) == before


@FUZZ
@given(g=games, rng=st.one_of(wild, st.just(random.Random(1))), steps=st.one_of(wild, st.integers(0, 5)),
       indent=wild, claim=wild)
def test_other_game_methods_give_only_own_errors(g, rng, steps, indent, claim):
    rng, steps, indent, claim = real(rng), real(steps), real(indent), real(claim)
    before = snapshot(g)
    for call in (lambda: g.to_json(indent=indent), lambda: g.claim_points(claim),
                 lambda: g.random_action(rng)):
        own_only(call)
        assert snapshot(g) == before
    c = g.copy()
    c_before = snapshot(c)
    outcome, played = own_only(lambda: c.play_random(rng, max_steps=steps))
    if outcome == "refused":
        assert snapshot(c) == c_before
    else:
        assert steps is None or type(steps) in (int, np.int64) and 0 <= played <= steps
    assert snapshot(g) == before


# -- new games and settings ---------------------------------------------------------------------
setting_names = st.one_of(st.sampled_from(sorted(POLICIES)), st.text(max_size=10))


@FUZZ
@given(variant=st.one_of(st.sampled_from(ttr_nb.variants() + ["USA", "usaa", "Team_Asia"]), wild),
       players=st.one_of(st.integers(-2, 7), wild, st.lists(st.one_of(st.text(max_size=8), wild),
                                                             min_size=0, max_size=7)),
       seed=st.one_of(st.integers(-3, 3), wild),
       overrides=st.dictionaries(setting_names, st.one_of(wild, st.integers(-5, 200)), max_size=2))
def test_new_game_gives_only_argument_errors_and_a_game_it_starts_saves(variant, players, seed, overrides):
    variant, seed = real(variant), real(seed)
    players = [real(p) for p in players] if isinstance(players, list) else real(players)
    overrides = {k: real(v) for k, v in overrides.items()}
    outcome, g = own_only(lambda: new_game(variant, players, seed, **overrides))
    if outcome == "refused":
        assert isinstance(g, ArgumentError)
        return
    # accepted: names are printable and different; every setting is JSON; the save loads
    assert all(n and n.isprintable() and len(n) <= 40 for n in g.names)
    assert len({n.casefold() for n in g.names}) == g.n
    assert type(g.seed) is int and -2 ** 63 < g.seed < 2 ** 63
    for k, v in g.policies.items():
        p = POLICIES[k]
        if p.bounds is not None and v is not None:
            assert type(v) is int and p.bounds[0] <= v <= p.bounds[1], (k, v)
    assert Game.from_json(g.to_json()).state_json() == g.state_json()


# -- save files ----------------------------------------------------------------------------------
SAVED = _game_at("usa", 3, seed=11, steps=60)
SAVE = json.loads(SAVED.to_json())


@FUZZ
@given(x=st.one_of(wild, json_wild, json_wild.map(json.dumps)))
def test_from_json_of_anything_gives_only_save_errors(x):
    x = real(x)
    outcome, g = own_only(lambda: Game.from_json(x))
    if outcome == "refused":
        assert isinstance(g, (SaveError, ArgumentError))


@FUZZ
@given(cut=st.integers(0, len(SAVE["actions"])), data=st.data(),
       how=st.sampled_from(["cut", "drop one", "swap", "replace last", "empty", "field"]))
def test_a_save_changed_after_saving_never_loads_as_another_game(cut, data, how):
    doc = json.loads(json.dumps(SAVE))
    acts = doc["actions"]
    if how == "cut":
        doc["actions"] = acts[:cut]
    elif how == "drop one" and acts:
        del acts[min(cut, len(acts) - 1)]
    elif how == "swap" and len(acts) > 1:
        i = min(cut, len(acts) - 2)
        acts[i], acts[i + 1] = acts[i + 1], acts[i]
    elif how == "replace last":
        acts[-1] = data.draw(st.one_of(json_wild, st.sampled_from(
            [{"type": "draw", "source": "deck"}, {"type": "tickets"}, {"type": "pass"}])))
    elif how == "empty":
        doc["actions"] = []
    else:
        key = data.draw(st.sampled_from(["seed", "players", "policies", "variant", "position"]))
        doc[key] = data.draw(st.one_of(json_wild, st.sampled_from([4, ["Ana", "Bea", "Cy"], {}, "usa-mega"])))
    outcome, g = own_only(lambda: Game.from_json(json.dumps(doc)))
    if outcome == "ok":  # only the very game that was saved loads
        assert g.state_json() == SAVED.state_json() and g.history == SAVED.history
    else:
        assert isinstance(g, SaveError)
    # check=False loads whatever replays (or says why not), never a raw error
    own_only(lambda: Game.from_json(json.dumps(doc), check=False))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(variant=st.sampled_from(ttr_nb.variants()), seed=st.integers(0, 50), steps=st.integers(0, 120))
def test_every_save_of_every_variant_loads_with_its_position_checked(variant, seed, steps):
    g = _game_at(variant, get_variant(variant).players[-1], seed, steps)
    h = Game.from_json(g.to_json())
    assert h.state_json() == g.state_json() and h.position() == g.position()


@FUZZ
@given(g=games, x=wild)
def test_push_of_a_non_action_is_refused_before_any_change(g, x):
    x = real(x)
    if isinstance(x, Action):
        return
    c = g.copy()
    before = snapshot(c)
    outcome, e = own_only(lambda: c.push(x))
    assert outcome == "refused" and isinstance(e, IllegalAction)
    assert snapshot(c) == before


@FUZZ
@given(g=games, seat=wild, k=st.integers(0, 10 ** 6))
def test_event_text_for_takes_only_a_seat_or_none(g, seat, k):
    seat = real(seat)
    log = g.log
    event = log[k % len(log)]
    outcome, text = own_only(lambda: event.text_for(seat))
    ok = seat is None or (isinstance(seat, (int, np.integer)) and not isinstance(seat, (bool, np.bool_))
                          and operator.index(seat) >= 0)
    assert (outcome == "ok") == ok
    if ok:
        assert text in (event.text, event.public)
