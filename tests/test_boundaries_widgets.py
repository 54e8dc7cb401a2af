"""Every argument of every control, and every value a browser sends, answered in the package's
own words (issue 36).

A wrong constructor argument (a wrong type, a negative or huge number, NaN, an unknown name, a
seat the game has not) raises :class:`ttr_nb.errors.ArgumentError` (a ValueError and a
TypeError) naming the argument, the value shortened and what is allowed; a file the control
reads keeps its loader's error (SaveError for a game record, MapError for a map). Nothing is
built first, nothing is played. A value the browser sends (a click on a route the map has not,
a malformed message, a huge text, a picked index out of range) never raises: the widget says
so, and its state is as it was.
"""
from __future__ import annotations

import inspect
import math

import pytest

import ttr_nb
from ttr_nb.board import MapError
from ttr_nb.errors import ArgumentError, IllegalAction, SaveError

W = pytest.importorskip("ipywidgets")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from ttr_nb.widgets import (BoardCanvas, BoardWidget, GameStepper, PlayPanel, RouteBuilder,  # noqa: E402
                            ScoringExplorer, attach_to_explorer)
from ttr_nb.widgets._common import EXPECTED  # noqa: E402

OWN = (ArgumentError, IllegalAction, SaveError, MapError)
"""The package's own errors: the only ones a control's constructor may raise."""
LONGEST_MESSAGE = 700
"""No refusal echoes a huge value: every message is at most this long."""
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Nasty:
    """A value whose str, repr and == raise."""

    def __str__(self):
        raise RuntimeError("str")

    __repr__ = __str__

    def __eq__(self, other):
        raise RuntimeError("eq")

    __hash__ = object.__hash__


class NastyText(Nasty):
    """A value whose str and == raise (its repr works: hypothesis prints what it drew)."""

    def __repr__(self):
        return "NastyText()"


@pytest.fixture(scope="module")
def played():
    return ttr_nb.play_game("usa", 2, seed=1, agents="greedy")


@pytest.fixture(scope="module")
def short_game():
    g = ttr_nb.new_game("usa", 2, seed=1)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return g


@pytest.fixture(scope="module")
def usa():
    return ttr_nb.load_map("usa")


# -- the examples -------------------------------------------------------------------------
def test_a_seat_the_game_has_not_is_refused_not_played_by_the_computer():
    g = ttr_nb.new_game("usa", 2, seed=1)
    with pytest.raises(ArgumentError, match=r"humans\[0\] must be a seat number from 0 to 1 or a player's "
                                            r"name \(Ana, Bea\), not 7") as e:
        PlayPanel(g, humans=[7])
    assert e.value.argument == "humans"
    assert g.history == [] and g.pending == "setup-tickets"        # nothing was played


def test_a_variant_name_makes_a_new_game_and_what_is_no_game_says_what_to_pass():
    p = PlayPanel("usa-1910", seed=4)
    assert p.game.variant.name == "usa-1910" and p.game.n == 2 and p.game.seed == 4
    assert p.humans == (0,) and p.game.current_player == 0
    assert PlayPanel("Team Asia").game.n == 4                        # its fewest players
    for bad in (None, 5, 2.5, ["usa"]):
        with pytest.raises(ArgumentError, match=r"game must be a Game \(e\.g\. ttr_nb\.new_game\('usa', 3, "
                                                r"seed=1\)\) or a variant name such as 'usa' \(a new game with "
                                                r"the fewest players it allows\)") as e:
            PlayPanel(bad)
        assert e.value.argument == "game"
    with pytest.raises(ArgumentError, match="Did you mean 'usa'") as e:
        PlayPanel("usaa")
    assert e.value.argument == "game"


def test_humans_and_agents_must_agree_and_someone_must_play():
    g = ttr_nb.new_game("usa", ["Ana", "Bea", "Cal"], seed=1)
    with pytest.raises(ArgumentError, match="humans names no seat"):
        PlayPanel(g, humans=[])
    with pytest.raises(ArgumentError, match=r"seat 1 \(Bea\) is both a person \(humans\) and a computer player"):
        PlayPanel(g, agents={1: "greedy"}, humans=[0, 1])
    with pytest.raises(ArgumentError, match="did you mean 'greedy'"):
        PlayPanel(g, agents={2: "greedyy"})
    with pytest.raises(ArgumentError, match=r"agents lists one entry per seat \(3: Ana, Bea, Cal"):
        PlayPanel(g, agents=["greedy", None])
    p = PlayPanel(g, agents="random", humans=["Bea"], seed=2)          # names work for seats
    assert p.humans == (1,) and sorted(p.agents) == [0, 2]
    q = PlayPanel(ttr_nb.new_game("usa", 3, seed=1), agents={2: "greedy"}, humans=0)
    assert q.humans == (0,) and sorted(q.agents) == [1, 2]           # the seat left free: the default player


# -- every constructor argument -------------------------------------------------------------------
HUGE = 10 ** 30
LONG = "x" * 100_000
WRONG: dict[str, dict[str, list]] = {
    "GameStepper": {
        "source": [None, 5, object(), [], Nasty()],
        "step": [-1, HUGE, 2.5, math.nan, "3", None, True, 10_000],
        "eyes": [-1, 2, HUGE, 1.0, "Zed", LONG, True, [0]],
        "width_px": [0, -5, 199, 2401, HUGE, 500.0, math.nan, "900", None, True],
        "chart": [None, 1, "yes", [], Nasty()],
        "log_steps": [-1, 501, HUGE, 2.5, math.nan, "6", None],
        "player_colors": [[], ["red"], ["red", "red"], ["nocolour", "blue"], "red", [1, 2], {"a": 1},
                          ["#12345", "red"], [LONG, "red"], ["red"] * 100, Nasty()],
    },
    "PlayPanel": {
        "game": [None, 5, "nope", LONG, [], object(), Nasty()],
        "agents": [5, "nope", [1, 2], {7: "greedy"}, {"Zed": "greedy"}, {1: 5}, {1: object()},
                   ["greedy"] * 3, {i: "greedy" for i in range(100)}, Nasty()],
        "humans": [[7], [-1], 7, "Zed", [], [HUGE], [0.0], [None], {0: 1}, [LONG], Nasty()],
        "seed": [HUGE, -HUGE, 2.5, math.nan, "1", None, True],
        "width_px": [0, -5, HUGE, 2.5, "900", None, True],
        "player_colors": [[], ["red"], ["red", "red"], ["nope", "blue"], "red", [1, 2], [LONG, "blue"]],
    },
    "ScoringExplorer": {
        "source": [None, 5, 2.5, [], object(), Nasty(), "nope"],
        "claims": [{"Ana": [1]}, [], 5],              # with a Game source: its own claims only
        "tickets": [{"Ana": ["O01"]}, 5],
        "bonuses": [{"longest_path": 10}, 5],
        "player": [-1, 2, HUGE, 1.5, "Zed", None, True, LONG, [0]],
        "width_px": [0, HUGE, 2.5, "900", None],
        "player_colors": [[], ["red"], ["red", "red"], ["nope", "blue"], 5],
    },
    "ScoringExplorer(board)": {
        "source": ["nope", LONG, ""],
        "claims": [None, {}, [], 5, {"Ana": 5.5}, {"Ana": [99999]}, {"Ana": ["Denver–Atlantis"]},
                   {"Ana": [None]}, {5: [1]}, {"": [1]}, {LONG: [1]}, {"Ana": [1], "Bea": [1]},
                   {"Ana": list(range(2000))}, {f"P{i}": [] for i in range(100)}],
        "tickets": [5, {"Zed": ["O01"]}, {"Ana": ["NOPE"]}, {"Ana": [5]}, {"Ana": 5}],
        "bonuses": [5, {"longest": 10}, {"longest_path": -1}, {"longest_path": HUGE},
                    {"longest_path": 2.5}, {"longest_path": "10"}, {"longest_path": None}],
        "player": [-1, 5, "Zed", None, 1.0],
    },
    "RouteBuilder": {
        "board": [None, 5, "nope", LONG, object(), Nasty()],
        "routes": [5.5, None, [99999], ["Denver–Atlantis"], [None], [1, 1], {"a": 1}, [HUGE], ["x" * 1000],
                   list(range(2000))],
        "tickets": [5, None, ["NOPE"], [5], {"a": 1}, [LONG], "Nowhere–Denver"],
        "trains": [0, -1, 1000, HUGE, 2.5, math.nan, "45", None, True],
        "name": ["", "   ", LONG, 5, None, ["Ana"], Nasty()],
        "width_px": [0, HUGE, 2.5, "900", None],
        "player_colors": [[], ["nope"], "red", [5], Nasty()],
    },
    "BoardWidget": {
        "board": [None, 5, "nope", object(), Nasty()],
        "player_colors": [[], ["nope"], "red", [5], ["red"] * 100],
        "player_names": [5, "Ana", [5], [LONG], [""], ["Ana"] * 100, Nasty()],
        "marks": [5, "A", [5], ["ABCD"], ["A"] * 100],
        "title": [5, LONG, ["t"], Nasty()],
        "width_px": [0, -1, HUGE, 2.5, math.nan, "900", None, True],
    },
    "BoardCanvas": {
        "board": [None, 5, "nope", object(), Nasty()],
        "width_px": [0, -1, 10 ** 6, HUGE, 2.5, math.nan, "900", None, True],
        "player_colors": [[], ["nope"], "red", [5]],
        "player_names": [5, "Ana", [5], [LONG]],
        "marks": [5, "A", [5], ["ABCD"]],
        "title": [5, LONG, ["t"]],
        "labels": [None, 1, "yes", []],
        "legend": [None, 1, "yes", []],
    },
}
"""Wrong values for each argument of each control (kept to what fails before anything is built)."""


def _base(name: str, played, short_game, usa) -> tuple:
    """(the control, the arguments of a good call)."""
    return {
        "GameStepper": (GameStepper, dict(source=short_game, chart=False)),
        "PlayPanel": (PlayPanel, dict(game=ttr_nb.new_game("usa", 2, seed=1))),
        "ScoringExplorer": (ScoringExplorer, dict(source=played)),
        "ScoringExplorer(board)": (ScoringExplorer, dict(source="usa", claims={"Ana": [1, 2], "Bea": [5]})),
        "RouteBuilder": (RouteBuilder, dict(board="usa")),
        "BoardWidget": (BoardWidget, dict(board=usa)),
        "BoardCanvas": (BoardCanvas, dict(board=usa, width_px=300)),
    }[name]


CASES = [(c, a) for c, args in WRONG.items() for a in args]


def test_every_argument_of_every_control_is_checked():
    """The table above names every parameter of every control (a new one needs its checks)."""
    for cls in (GameStepper, PlayPanel, ScoringExplorer, RouteBuilder, BoardWidget, BoardCanvas):
        params = set(inspect.signature(cls.__init__).parameters) - {"self"}
        assert params == set(WRONG[cls.__name__]), cls.__name__
    n = sum(len(WRONG[c]) for c in ("GameStepper", "PlayPanel", "ScoringExplorer", "RouteBuilder",
                                    "BoardWidget", "BoardCanvas")) + 1      # + attach_to_explorer
    assert n == 42


@pytest.mark.parametrize("control,arg", CASES)
def test_a_wrong_argument_is_named_with_what_is_allowed(control, arg, played, short_game, usa):
    cls, good = _base(control, played, short_game, usa)
    for value in WRONG[control][arg]:
        kw = dict(good)
        kw[arg] = value
        with pytest.raises(OWN) as e:
            cls(**kw)
        text = str(e.value)
        assert len(text) <= LONGEST_MESSAGE, (arg, text[:100])
        if isinstance(e.value, ArgumentError):
            assert e.value.argument == arg and arg in text, (arg, text)


def test_attach_to_explorer_wants_an_explorer(played):
    for bad in (None, 5, played, PlayPanel(ttr_nb.new_game("usa", 2, seed=1))):
        with pytest.raises(ArgumentError, match="explorer must be a ScoringExplorer"):
            attach_to_explorer(bad)


def test_the_good_values_are_taken(played, short_game, usa):
    """What the checks allow still works: names for seats and players, CSS colours, numpy ints."""
    import numpy as np

    s = GameStepper(short_game, step=np.int64(3), eyes="Bea", chart=False, log_steps=0, width_px=200,
                    player_colors=["teal", "#abc"])
    assert s.step == 3 and s.eyes == 1
    x = ScoringExplorer(played, player="Bea", width_px=2400)
    assert x.player == 1
    b = RouteBuilder("usa", routes="Denver–Omaha", tickets="Denver–El Paso", name="Zoë", trains=1)
    assert len(b.routes) == 1 and len(b.tickets) == 1 and "more than a player has" in b.result_html.value
    assert BoardWidget(usa, title="", marks=["A", None]).marks[:2] == ["A", ""]
    assert BoardCanvas(usa, width_px=200, labels=np.bool_(False)).size[0] == 200


# -- property tests: anything at all, only the package's errors -----------------------------------
def _junk() -> st.SearchStrategy:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(10 ** 40), max_value=10 ** 40),
                        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
                        st.text(min_size=5000, max_size=6000), st.just(NastyText()), st.just(object()),
                        st.sampled_from(["usa", "Ana", "Bea", "red", "#abc", "Denver–Omaha", "O01", "greedy"]))
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                        max_leaves=6)


@pytest.mark.parametrize("control", list(WRONG))
@SETTINGS
@given(data=st.data())
def test_any_value_of_any_argument_gets_the_packages_own_error_or_works(control, data, played, short_game, usa):
    cls, good = _base(control, played, short_game, usa)
    arg = data.draw(st.sampled_from(sorted(WRONG[control])))
    value = data.draw(_junk())
    kw = dict(good)
    kw[arg] = value
    try:
        cls(**kw)
    except OWN as e:
        assert len(str(e)) <= LONGEST_MESSAGE


@SETTINGS
@given(width=st.one_of(st.integers(max_value=199), st.integers(min_value=2401)),
       colours=st.lists(st.text(max_size=8), min_size=2, max_size=4))
def test_numbers_out_of_range_and_text_that_is_no_colour_are_always_refused(width, colours, usa):
    with pytest.raises(ArgumentError, match="width_px must be a whole number from 200 to 2,400"):
        BoardWidget(usa, width_px=width)
    from ttr_nb.widgets._args import is_colour

    if not all(is_colour(c) for c in colours):
        with pytest.raises(ArgumentError, match="player_colors"):
            BoardWidget(usa, player_colors=colours)


# -- what the browser sends ---------------------------------------------------------------------
def _controls(played, short_game):
    g = ttr_nb.new_game("usa", 2, seed=3)
    return {"PlayPanel": PlayPanel(g, seed=1), "GameStepper": GameStepper(short_game, chart=False),
            "RouteBuilder": RouteBuilder("usa", routes=[1]), "ScoringExplorer": ScoringExplorer(played)}


def _state(control) -> tuple:
    """What a control holds (the game, the step, the network, the player and selection) and
    what its board shows, except the notice and the events log."""
    bw = control.board_widget
    own = {"PlayPanel": lambda c: (c.game.state_json(), len(c.game.history), c.selection),
           "GameStepper": lambda c: (c.step, c.eyes),
           "RouteBuilder": lambda c: (c.routes, c.tickets),
           "ScoringExplorer": lambda c: (c.player, c.selection)}[type(control).__name__](control)
    return own, bw.picked, bw.picked_city, repr(bw.card), repr(bw.tip), repr(bw.claims)


@pytest.fixture(scope="module")
def controls(played, short_game):
    return _controls(played, short_game)


def _route_value() -> st.SearchStrategy:
    """A route as a browser might send it: never one the map has."""
    return st.one_of(st.integers(min_value=10_000), st.integers(max_value=-2), st.floats().filter(
        lambda f: not (f == f and f.is_integer() and 0 <= f < 10_000)), st.text(max_size=20).filter(
        lambda s: not s.strip().isdigit()), st.text(min_size=3000, max_size=4000), st.none(), st.booleans(),
        st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _bad_message() -> st.SearchStrategy:
    event = st.one_of(st.sampled_from(["click", "hover", "button"]), st.text(max_size=10), st.integers(), st.none())
    return st.one_of(
        st.fixed_dictionaries({"event": st.sampled_from(["click", "hover"]), "route": _route_value()}),
        st.fixed_dictionaries({"event": st.just("click"), "city": st.one_of(
            st.text(max_size=30).filter(lambda s: s not in ttr_nb.load_map("usa").cities),
            st.text(min_size=5000, max_size=6000), st.integers(), st.none())}),
        st.fixed_dictionaries({"event": st.just("button"), "id": st.one_of(
            st.text(max_size=30), st.text(min_size=5000, max_size=6000), st.integers(), st.none())}),
        st.fixed_dictionaries({"event": st.just("click")}),
        st.dictionaries(st.text(max_size=8), _junk(), max_size=4).filter(lambda d: d.get("event") not in
                                                                          ("click", "hover", "button", "leave", "close")),
        st.fixed_dictionaries({"event": event, "seq": st.integers(min_value=-(10 ** 30), max_value=10 ** 30)}),
        _junk().filter(lambda v: not isinstance(v, dict)))


@pytest.mark.parametrize("name", ["PlayPanel", "GameStepper", "RouteBuilder", "ScoringExplorer"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(msg=_bad_message())
def test_a_bad_browser_message_is_shown_and_changes_nothing(name, msg, controls):
    """A click on a route or city the map has not, a button no longer there, a malformed
    message, a huge text: never raised, said in the board's notice (short), state unchanged."""
    c = controls[name]
    bw = c.board_widget
    bw.close_card()
    before = _state(c)
    errors = len(bw.errors)
    bw.handle(msg)
    assert _state(c) == before
    assert len(bw.errors) == errors + 1 and bw.notice and len(bw.notice) <= LONGEST_MESSAGE
    assert all(isinstance(e, EXPECTED) for e in bw.errors) and all(isinstance(e, EXPECTED) for e in c.errors)
    assert all(len(repr(e)) <= 1200 for e in bw.events[-1:])


def _comm(widget, state=None, method="update", **data) -> None:
    """Deliver a message from the browser to ``widget`` as the kernel does."""
    body = {"method": method, **data}
    if state is not None:
        body["state"] = state
    widget.comm.handle_msg({"content": {"data": body}, "buffers": []})


@pytest.mark.parametrize("name", ["PlayPanel", "GameStepper", "RouteBuilder", "ScoringExplorer"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_value_the_browser_sets_out_of_range_is_refused_in_the_message_line(name, data, controls):
    """The browser sets a picker's index, a slider, a check box, the board's picked route: a
    value the widget cannot take (an index past the options, a route the map has not, a
    malformed message) is refused in the message line; nothing changes; nothing raises."""
    c = controls[name]
    pickers = [w for w in _descendants(c) if isinstance(w, (W.Dropdown, W.SelectMultiple, W.Checkbox,
                                                            W.ToggleButton))]
    w = data.draw(st.sampled_from(pickers))
    key = data.draw(st.sampled_from(["index", "value", "options", "nonsense"]))
    value = data.draw(st.one_of(st.integers(min_value=10 ** 4, max_value=10 ** 40), st.text(min_size=1, max_size=10),
                                st.lists(st.integers(min_value=10 ** 4), min_size=1, max_size=2),
                                st.just(math.nan)))
    before = _state(c)
    _comm(w, {key: value})
    _comm(w, method="nonsense")
    _comm(c.board_widget, {"picked": 10 ** 6 if isinstance(value, str) and value.strip().isdigit() else value})
    _comm(c.board_widget, {"card": {"title": "forged"}})
    w.comm.handle_msg("not a message")
    assert _state(c) == before
    assert c.board_widget.notice and all(isinstance(e, EXPECTED) for e in c.errors)


def test_a_slider_value_past_the_end_is_the_last_step(short_game):
    """ipywidgets keeps a slider in its range: a step past the end from the browser shows the last."""
    s = GameStepper(short_game, chart=False)
    _comm(s.slider, {"value": 10 ** 40})
    assert s.step == s.n_steps and not s.errors


def _descendants(widget) -> list:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        out.append(w)
        stack.extend(k for k in getattr(w, "children", ()) if isinstance(k, W.Widget))
    return out


def test_a_picked_index_from_an_old_option_list_is_refused_not_a_traceback():
    """The route list changes after every move: a pick the browser made from the old list,
    out of range now, is refused in the message line (ipywidgets alone prints a traceback)."""
    p = PlayPanel(ttr_nb.new_game("usa", 2, seed=2))
    n = len(p.route_picker.options)
    _comm(p.route_picker, {"index": n + 5})
    assert "The browser sent a value this control cannot take ({'index': " in p.message
    assert p.route_picker.index == 0 and p.selection is None
    _comm(p.route_picker, {"index": 3})                          # a good pick still works
    assert p.selection == p.route_picker.options[3][1]


def test_a_refused_value_is_sent_back_so_the_browser_shows_the_real_one(monkeypatch):
    """ipywidgets echoes a value to the browser before checking it: after a refusal the
    control sends its own value again (the picker would show a blank, the board a route that
    is not picked)."""
    p = PlayPanel(ttr_nb.new_game("usa", 2, seed=2))
    sent = []
    monkeypatch.setattr(p.route_picker, "send_state", lambda key=None: sent.append(("picker", key)))
    monkeypatch.setattr(p.board_widget, "send_state", lambda key=None: sent.append(("board", key)))
    _comm(p.route_picker, {"index": 10 ** 6})
    _comm(p.board_widget, {"picked": 10 ** 6})
    assert [s for s in sent if isinstance(s[1], list)] == [("picker", ["index"]), ("board", ["picked"])]
    assert p.board_widget.picked == -1


def test_methods_given_junk_say_so_briefly_and_change_nothing(played):
    """What code calls (act, choose_route, go, pick, add, set_tickets) with junk: a short
    message, nothing changed, nothing raised."""
    g = ttr_nb.new_game("usa", 2, seed=2)
    p = PlayPanel(g)
    s = GameStepper(played, chart=False)
    x = ScoringExplorer(played)
    b = RouteBuilder("usa")
    calls = [(p, lambda v: p.act(v)), (p, lambda v: p.choose_route(v)), (s, lambda v: s.go(v)),
             (x, lambda v: x.pick(v)), (x, lambda v: x.pick(show=v)), (b, lambda v: b.add(v)),
             (b, lambda v: b.set_tickets(v)), (b, lambda v: b.remove(v))]
    for value in (-1, 10 ** 40, math.nan, "x" * 100_000, Nasty(), [1, 2], {"a": 1}, object()):
        for control, call in calls:
            before = _state(control)
            call(value)
            assert control.message and len(control.message) <= LONGEST_MESSAGE, (value, control.message[:80])
            assert _state(control) == before
            assert all(isinstance(e, EXPECTED) for e in control.errors), control.errors[-1]
