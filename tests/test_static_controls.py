"""The controls with no kernel (issue 35, the documentation site): a GameStepper's display
carries, as ``text/html``, its recorded game as a page fragment (the BoardWidget's own drawing
script, the board's geometry once, each step's board differences); a BoardWidget its board.
These tests check the data against the live control, the size, and that the fragment is what
a page with no kernel shows (nbconvert); tests/browser/test_docs_controls.py runs it."""
from __future__ import annotations

import base64
import json
import re

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, KeepTickets
from ttr_nb.widgets import BoardWidget, GameStepper
from ttr_nb.widgets import static_html as S
from ttr_nb.widgets._common import action_text as _action_text

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
DATA = re.compile(r'<script type="application/json" class="ttr-static-data">(.*?)</script>', re.S)


@pytest.fixture(scope="module")
def game():
    return ttr_nb.play_game("usa", ["Ana", "Bea", "Cal"], seed=7, agents="greedy")


@pytest.fixture(scope="module")
def bundle(game):
    s = GameStepper(game, chart=False)
    data, meta = s._repr_mimebundle_()
    return s, data, meta


def _data(page: str) -> dict:
    (text,) = DATA.findall(page)
    return json.loads(text)


def test_stepper_display_keeps_the_widget_and_adds_a_page_fragment(bundle):
    """Jupyter ranks the widget view first (the live control); the picture and the fragment
    are the fallbacks. The fragment holds the stored picture, shown until its script runs."""
    s, data, meta = bundle
    assert WIDGET_VIEW in data and data["text/plain"] == repr(s)
    page = data["text/html"]
    assert page.startswith('<div class="ttr-static ttr-static-stepper" data-ttr-static="stepper"')
    assert S.png_of(page) == base64.b64decode(data["image/png"])
    assert f'alt="{meta["image/png"]["alt"][:40]}' in page
    assert "<script>" in page and not re.search(r"""(src|href)=["']?(https?:|//)|fetch\(|import\(|url\(http""", page)


def test_every_step_is_stored_once(bundle):
    """One entry per step (0 = the deal ... n), the slider's range the same."""
    s, data, _ = bundle
    d = _data(data["text/html"])
    n = s.n_steps
    assert d["n"] == n > 100
    assert len(d["steps"]) == len(d["texts"]) == len(d["players"]) == len(d["turns"]) == n + 1
    assert f'type="range" min="0" max="{n}" value="0"' in data["text/html"]
    assert d["claimed"] == {str(st.route): [st.index, st.seat, st.turn] for st in s.timeline.steps
                            if isinstance(st.action, ClaimRoute)}


@pytest.mark.parametrize("eyes", [None, 1])
def test_each_step_draws_the_board_the_live_stepper_draws(game, eyes):
    """The differences, replayed, give at every step the BoardWidget traits the live
    GameStepper sets (claims, last-claim frame, ticket-city rings, Terrain glow), and the
    words and totals it shows."""
    live = GameStepper(game, chart=False, eyes=eyes)
    d = S.stepper_data(live)
    frames = S.replay(d["steps"])
    steps = live.timeline.steps
    keep = next(st.index for st in steps if isinstance(st.action, KeepTickets) and st.index > 1)
    claim = next(st.index for st in steps if isinstance(st.action, ClaimRoute))
    for k in sorted({0, 1, claim, claim + 1, keep, len(steps) // 2, len(steps)}):
        live.go(k)
        bw = live.board_widget
        assert frames[k] == {t: getattr(bw, t) for t in S.STEP_TRAITS}, k
        assert d["texts"][k][0] == live._status_text()
        assert d["texts"][k][1] == ("the deal" if k == 0 else _action_text(steps[k - 1], eyes))
        view = live.game.view(eyes)
        assert d["players"][k] == [[p["trains"], p["cards"], p["tickets"], p["route_points"]]
                                   for p in view["players"]]
    assert frames[-1]["claims"] and frames[0]["claims"] == {}


@pytest.mark.parametrize("variant, players", [("heart-of-africa", 3), ("team-asia", 4), ("legendary-asia", 3)])
def test_other_boards_replay_as_the_live_stepper(variant, players):
    """Terrain-doubled routes glowing (The Heart of Africa, H-5), team colours (Team Asia),
    mountains and ferries (Legendary Asia): every 9th step and the last, the same traits and
    words as the live stepper."""
    live = GameStepper(ttr_nb.play_game(variant, players=players, seed=3, agents="greedy"), chart=False)
    d = S.stepper_data(live)
    frames = S.replay(d["steps"])
    for k in [*range(0, live.n_steps, 9), live.n_steps]:
        live.go(k)
        assert frames[k] == {t: getattr(live.board_widget, t) for t in S.STEP_TRAITS}, (variant, k)
        assert d["texts"][k][0] == live._status_text()
    if variant == "heart-of-africa":
        assert any(f["glow"] for f in frames)          # the glow is stored too


def test_a_player_sees_only_what_the_stepper_shows_them(game):
    """Through Ana's eyes a card Bea draws from the deck is not named: the page holds the
    words the stepper would show Ana, not the teacher's."""
    ana = S.stepper_data(GameStepper(game, chart=False, eyes=0))
    teacher = S.stepper_data(GameStepper(game, chart=False))
    differ = [k for k in range(len(ana["texts"])) if ana["texts"][k][1] != teacher["texts"][k][1]]
    assert differ, "no step reads differently to Ana: nothing is hidden from her?"
    steps = GameStepper(game, chart=False).timeline.steps
    for k in differ:      # another player's hidden draw or tickets: Ana's words name less
        assert steps[k - 1].seat != 0 and len(ana["texts"][k][1]) < len(teacher["texts"][k][1]), k
    assert any("draws a card from the deck" in ana["texts"][k][1] for k in differ)


def test_the_page_is_small_a_step_costs_only_its_difference(bundle):
    """A whole 3-player USA game: under 260 KB with its picture; the steps' board data is a
    small part of what every step's whole board would be."""
    s, data, _ = bundle
    page = data["text/html"]
    d = _data(page)
    whole = len(json.dumps(S.replay(d["steps"])))
    stored = len(json.dumps(d["steps"]))
    assert stored * 10 < whole, (stored, whole)
    per_step = (len(json.dumps(d["steps"])) + len(json.dumps(d["texts"])) + len(json.dumps(d["players"]))) / (d["n"] + 1)
    assert per_step < 200, per_step
    assert len(page.encode()) < 260_000, len(page.encode())


def test_names_cannot_end_the_script(game):
    """A player's name is data: ``</script>`` in it does not end the page's script."""
    rec = json.loads(game.to_json())
    rec["players"] = ["</script><b>x", "Bea & Co", "Cal"]
    s = GameStepper(rec, chart=False)
    page = s._repr_mimebundle_()[0]["text/html"]
    assert page.count("</script>") == 2            # the data's and the code's own ends
    assert _data(page)["names"][0] == "</script><b>x"


def test_a_board_widget_shows_its_position(game):
    """A BoardWidget alone: its board and position (claims, colours) for the page."""
    w = BoardWidget(game.board, player_colors=["#7b1fa2", "#00796b"], player_names=["Ana", "Bea"])
    rid = game.board.routes[0].id
    w.show({rid: 1})
    data, _meta = w._repr_mimebundle_()
    assert WIDGET_VIEW in data and "image/png" in data
    d = _data(data["text/html"])
    assert 'data-ttr-static="board"' in data["text/html"] and "steps" not in d
    assert d["board"]["claims"] == {str(rid): 1} and d["board"]["player_names"] == ["Ana", "Bea"]
    assert len(d["geometry"]["routes"]) == len(game.board.routes)


def test_no_fragment_the_picture_still_shows(game, monkeypatch):
    """A record too long for a page, or a fragment that fails: the display is the widget and
    its picture, as before."""
    monkeypatch.setattr(S, "MAX_STEPS", 10)
    data, _meta = GameStepper(game, chart=False)._repr_mimebundle_()
    assert "text/html" not in data and "image/png" in data and WIDGET_VIEW in data

    def broken(png, alt):
        raise ValueError("no")

    assert S.with_static_html(({"text/plain": "x"}, {}), broken) == ({"text/plain": "x"}, {})


def test_nbconvert_shows_the_replay_where_no_widget_state_is_saved(bundle):
    """A saved notebook without widget state, exported to HTML: nbconvert skips the widget
    view it cannot draw and shows the fragment (the lessons are stored so)."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    _s, data, meta = bundle
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("stepper")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data, metadata=meta)]
    nb.cells = [cell]
    body, _ = nbconvert.HTMLExporter(template_name="lab").from_notebook_node(nb)
    assert 'data-ttr-static="stepper"' in body
    assert WIDGET_VIEW not in body


def test_a_game_not_started_has_only_the_deal():
    """A record with no action yet: one step (the deal), the slider from 0 to 0."""
    s = GameStepper(ttr_nb.new_game("usa", players=2, seed=5), chart=False)
    page = s._repr_mimebundle_()[0]["text/html"]
    d = _data(page)
    assert d["n"] == 0 and len(d["steps"]) == 1 and d["texts"][0][1] == "the deal" and d["claimed"] == {}
    assert 'type="range" min="0" max="0" value="0"' in page and "step 0 of 0 (the deal)" in page
