"""The notebook controls, driven headless (tooling.md §4): set ``.value``, press ``Button.click()``,
then assert the state the widget keeps in attributes. No browser, no kernel."""
from __future__ import annotations

import io
import json
import random

import numpy as np
import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard, KeepTickets
from ttr_nb.errors import SaveError

W = pytest.importorskip("ipywidgets")

from ttr_nb.widgets import BoardCanvas, GameStepper, PlayPanel, RouteBuilder, ScoringExplorer, Timeline  # noqa: E402
from ttr_nb.widgets._common import EXPECTED  # noqa: E402
from ttr_nb.widgets.canvas import encode_png  # noqa: E402


# -- fixtures ----------------------------------------------------------------------------------
def _played(variant: str = "usa", players: int = 3, seed: int = 11):
    """A finished game between greedy agents (falls back to seeded random play)."""
    game = ttr_nb.new_game(variant, players=players, seed=seed)
    try:
        from ttr_nb.agents import GreedyAgent

        agents = [GreedyAgent(seed + i) for i in range(players)]
        choose = lambda g: agents[g.current_player].choose(g)  # noqa: E731
    except ImportError:
        rng = random.Random(seed)
        choose = lambda g: g.random_action(rng)  # noqa: E731
    while not game.over:
        game.apply(choose(game))
    return game


@pytest.fixture(scope="module")
def finished():
    return _played()


@pytest.fixture(scope="module")
def record(finished):
    return finished.to_json()


def _replayed(record_text: str, step: int):
    doc = json.loads(record_text)
    game = ttr_nb.Game.from_json(dict(doc, actions=[]))
    for a in ttr_nb.Game.from_json(doc).history[:step]:
        game.apply(a)
    return game


def _only_expected(widget) -> None:
    bad = [e for e in widget.errors if not isinstance(e, EXPECTED)]
    assert not bad, f"unexpected errors reached the message line: {bad!r}"


def _route(board, a, b, color=None):
    return board.find_route(a, b, color).id


# -- GameStepper -------------------------------------------------------------------------------
def test_stepper_forward_back_and_jump_equal_a_replay(record):
    s = GameStepper(record, chart=False)
    n = s.n_steps
    assert s.step == 0 and s.counter.value == f"step 0 of {n}"
    for _ in range(5):
        s.forward.click()
    assert s.step == 5
    assert s.game.state_json() == _replayed(record, 5).state_json()
    s.back.click()
    s.back.click()
    assert s.step == 3 and s.counter.value == f"step 3 of {n}"
    assert s.game.state_json() == _replayed(record, 3).state_json()
    for k in random.Random(3).sample(range(n + 1), 6):
        s.go(k)
        assert s.step == k
        assert s.game.state_json() == _replayed(record, k).state_json(), f"step {k} differs from a replay"
    s.last.click()
    assert s.step == n and s.game.over
    s.first.click()
    assert s.step == 0 and s.game.state_json() == _replayed(record, 0).state_json()
    _only_expected(s)


def test_stepper_slider_and_play_are_linked_kernel_side(record):
    s = GameStepper(record, chart=False)
    s.slider.value = 17
    assert s.step == 17 and s.play.value == 17
    s.play.value = 40              # what a Play tick does: the link moves the slider
    assert s.slider.value == 40 and s.step == 40
    assert s.game.state_json() == _replayed(record, 40).state_json()
    s.speed.value = 100
    assert s.play.interval == 100
    assert s.play.max == s.slider.max == s.n_steps


def test_stepper_bad_steps_show_a_message_and_change_nothing(record):
    s = GameStepper(record, step=12, chart=False)
    before = s.game.state_json()
    for bad in (-1, s.n_steps + 1, 10**9, "seven", None, 2.5, True):
        s.go(bad)                  # must not raise
        assert s.step == 12 and s.game.state_json() == before
        assert s.message, f"no message for {bad!r}"
    s.go(s.n_steps + 3)
    assert "past the end" in s.message
    _only_expected(s)


def test_stepper_accepts_game_dict_json_and_path(finished, record, tmp_path):
    p = tmp_path / "game.json"
    p.write_text(record, encoding="utf-8")
    texts = []
    for src in (finished, json.loads(record), record, p):
        s = GameStepper(src, step=30, chart=False)
        texts.append(s.summary())
    assert len(set(texts)) == 1
    with pytest.raises(SaveError):
        GameStepper("{not json", chart=False)
    broken = json.loads(record)
    broken["actions"][3] = {"type": "claim", "route": 1, "pay": {"red": 99}}
    with pytest.raises(SaveError):
        GameStepper(broken, chart=False)


def test_stepper_highlights_the_last_claim(record):
    s = GameStepper(record, chart=False)
    claim_steps = [st.index for st in s.timeline.steps if isinstance(st.action, ClaimRoute)]
    assert claim_steps
    before = dict(s.board_widget.claims)
    k = claim_steps[0]
    s.go(k)
    route = s.timeline.steps[k - 1].action.route
    assert s.highlight["routes"] == [route]
    assert s.board_widget.framed == [route] and s.board_widget.claims != before
    assert str(route) in s.game.view(None)["route_owners"]


def test_stepper_eyes_hide_other_hands_and_blind_draws(record):
    """Hidden information stays hidden: a seat's eyes never show another hand or another
    player's blind draw (Event.public), the teacher's view shows both."""
    s = GameStepper(record, chart=False, log_steps=400)
    # a blind draw by seat 1 whose full text differs from its public text
    st = next(st for st in s.timeline.steps
              if st.seat == 1 and any(e.kind == "blind" and e.text != e.public for e in st.events))
    ev = next(e for e in st.events if e.kind == "blind")
    s.go(st.index)
    assert ev.text in s.log_html.value.replace("&#x27;", "'")
    s.eyes_picker.value = 0
    assert s.eyes == 0
    log = s.log_html.value.replace("&#x27;", "'")
    assert ev.text not in log and ev.public in log
    names = s.timeline.names
    assert f"{names[0]}'s cards" in s.cards_html.value.replace("&#x27;", "'")
    assert "Every hand" not in s.cards_html.value
    s.eyes_picker.value = -1
    assert s.eyes is None and "Every hand" in s.cards_html.value


def test_stepper_summary_is_deterministic_text(record):
    a = GameStepper(record, step=25, chart=False).summary()
    b = GameStepper(record, step=25, chart=False).summary()
    assert a == b and "step 25 of" in a and "0x" not in a


def test_stepper_chart_marks_the_current_turn(record):
    s = GameStepper(record)
    first = s.chart_image.value
    s.go(s.n_steps)
    assert s.chart_image.value != first
    from PIL import Image
    img = np.asarray(Image.open(io.BytesIO(s.chart_image.value)).convert("RGB"))
    assert img.shape[1] == s.width_px


def test_stepper_on_an_empty_record():
    g = ttr_nb.new_game("usa", players=2, seed=1)
    s = GameStepper(g, chart=False)
    assert s.n_steps == 0
    s.forward.click()
    assert s.step == 0 and "no actions" in s.message


# -- PlayPanel ---------------------------------------------------------------------------------
def test_play_panel_keep_too_few_tickets_shows_the_rule_B_2_4():
    g = ttr_nb.new_game("usa", players=3, seed=5)
    p = PlayPanel(g, seed=1)
    assert g.current_player == 0 and g.pending == "setup-tickets"
    before = g.state_json()
    for cb in p.ticket_boxes:
        cb.value = False
    p.keep_button.click()
    assert "B-2.4" in p.message and g.state_json() == before
    for cb in p.ticket_boxes:
        cb.value = True
    p.keep_button.click()
    assert g.pending != "setup-tickets" or g.current_player != 0
    assert g.over or g.current_player == 0      # the agents played up to our next decision
    _only_expected(p)


def _to_my_turn(p):
    g = p.game
    if g.pending in ("setup-tickets", "keep-tickets"):
        for cb in p.ticket_boxes:
            cb.value = True
        p.keep_button.click()
    assert g.current_player == 0 and g.pending == "turn"


def test_play_panel_claim_with_a_legal_payment_and_why_not_for_an_illegal_one():
    g = ttr_nb.new_game("usa", players=2, seed=8)
    p = PlayPanel(g, seed=2)
    _to_my_turn(p)
    # a route we cannot afford: Claim shows why (B-5), nothing changes
    legal_routes = {a.route for a in g.legal_actions() if isinstance(a, ClaimRoute)}
    hopeless = next(r.id for r in g.board.routes if r.length == 6 and r.id not in legal_routes)
    p.route_picker.value = hopeless
    assert p.selection == hopeless and p.payment_picker.value is None
    before = g.state_json()
    p.claim_button.click()
    assert p.message and g.state_json() == before
    # draw until some route is affordable, then claim it from the pickers
    for _ in range(40):
        if any(isinstance(a, ClaimRoute) for a in g.legal_actions()):
            break
        p.deck_button.click()
        if g.current_player == 0 and g.pending == "second-card":
            p.deck_button.click()
    choice = next(a for a in g.legal_actions() if isinstance(a, ClaimRoute))
    p.route_picker.value = choice.route
    assert p.payment_picker.value in g.legal_actions()
    p.claim_button.click()
    assert g.view(None)["route_owners"].get(str(choice.route)) == 0
    _only_expected(p)


def test_play_panel_illegal_second_card_is_refused_with_its_reason_B_4_3():
    for seed in range(30):
        g = ttr_nb.new_game("usa", players=2, seed=seed)
        p = PlayPanel(g, seed=seed)
        _to_my_turn(p)
        p.deck_button.click()
        shown = g.view(None)["display"]
        if g.current_player == 0 and g.pending == "second-card" and "locomotive" in shown:
            before = g.state_json()
            p.display_buttons[shown.index("locomotive")].click()
            assert g.state_json() == before
            assert "B-4" in p.message
            _only_expected(p)
            return
    pytest.skip("no seed put a Locomotive face up before a second card")


def test_play_panel_undo_takes_back_my_move_and_the_agents_replies():
    g = ttr_nb.new_game("usa", players=3, seed=21)
    p = PlayPanel(g, seed=3)
    _to_my_turn(p)
    before = g.state_json()
    n = len(g.history)
    p.tickets_button.click()
    assert len(g.history) > n
    p.undo_button.click()
    assert g.state_json() == before and len(g.history) == n
    p.undo_button.click()    # undoes the ticket choice of the setup
    p.undo_button.click()    # nothing left: a message, no exception
    assert "Nothing to undo" in p.message
    _only_expected(p)


def test_play_panel_random_clicking_never_raises_and_finishes_the_game():
    """No exception escapes a callback: press random buttons and pick random options until the
    game ends; every error shown is one a user can cause."""
    rng = random.Random(7)
    g = ttr_nb.new_game("usa", players=2, seed=33)
    p = PlayPanel(g, seed=4)
    for _ in range(3000):
        if g.over:
            break
        r = rng.random()
        if p.ticket_boxes and g.pending in ("setup-tickets", "keep-tickets") and r < 0.5:
            for cb in p.ticket_boxes:
                cb.value = rng.random() < 0.7
            p.keep_button.click()
        elif r < 0.35:
            rng.choice(p.draw_buttons).click()
        elif r < 0.7:
            opts = [v for _l, v in p.route_picker.options]
            p.route_picker.value = rng.choice(opts)
            p.claim_button.click()
        elif r < 0.75:
            p.tickets_button.click()
        elif r < 0.78:
            p.undo_button.click()
        elif p.choice_buttons:
            rng.choice(p.choice_buttons).click()
        else:
            p.deck_button.click()
    assert g.over
    assert "game is over" in p.summary().lower()
    _only_expected(p)


def test_play_panel_bad_input_is_a_message():
    g = ttr_nb.new_game("usa", players=2, seed=2)
    p = PlayPanel(g)
    before = g.state_json()
    for bad in ("hello", None, 42, DrawCard("purple"), ClaimRoute(99999, (("red", 1),)), KeepTickets(("nope",))):
        p.act(bad)
        assert p.message and g.state_json() == before
    p.choose_route("Atlantis–Denver")
    assert "Atlantis" in p.message
    _only_expected(p)


def test_play_panel_all_agents_plays_to_the_end():
    g = ttr_nb.new_game("usa", players=2, seed=9)
    p = PlayPanel(g, agents={0: _FirstLegal(), 1: _FirstLegal()})
    assert g.over and p.humans == ()
    assert "game is over" in p.summary().lower()


class _FirstLegal:
    def choose(self, game):
        return game.legal_actions()[-1]


# -- ScoringExplorer ---------------------------------------------------------------------------
def test_explorer_matches_the_games_scoresheet(finished):
    ex = ScoringExplorer(finished)
    sheet = finished.score()
    assert ex.sheet.totals == sheet.totals
    for i in range(len(sheet.names)):
        ex.player_picker.value = i
        assert ex.player == i and ex.selection == "trail"
        assert ex.highlight["routes"] == sorted(sheet.trail(i).routes)
        for value in [v for _l, v in ex.show_picker.options if v.startswith("ticket:")]:
            ex.show_picker.value = value
            res = next(r for r in sheet.ticket_results[i] if r.ticket.id == value[7:])
            assert ex.highlight["routes"] == sorted(res.routes)
            assert ex.highlight["cities"] == sorted({res.ticket.a, res.ticket.b})
            assert ("not done" not in ex.detail) == res.done
    _only_expected(ex)


def test_explorer_E4_trail_passes_a_city_twice_the_simple_path_cannot():
    """E4 (rules-spec §7): the loop through Seattle: longest trail 17 (B-8.2); a search that
    marks cities finds only 16."""
    board = ttr_nb.load_map("usa")
    pairs = [("Vancouver", "Seattle"), ("Seattle", "Portland"), ("Portland", "Salt Lake City"),
             ("Salt Lake City", "Helena"), ("Helena", "Seattle")]
    ex = ScoringExplorer("usa", claims={"Mia": [f"{a}–{b}" for a, b in pairs]})
    assert ex.sheet.totals == (36 + 10,)           # 1+1+15+4+15 route points, Longest Path alone
    assert ex.sheet.trail(0).length == 17
    assert ex.simple_path(0).length == 16
    assert "passes a city twice" in ex.detail
    ex.pick(show="simple")
    assert ex.highlight["routes"] == sorted(ex.simple_path(0).routes)
    assert len(ex.highlight["routes"]) == 4 and board.route(ex.highlight["routes"][0])


def test_explorer_bonus_ties_are_named_B_8_2():
    ex = ScoringExplorer("usa", claims={"Ana": ["Denver–Omaha"], "Bea": ["Omaha–Chicago"]})
    # Denver–Omaha 4 cars vs Omaha–Chicago 4 cars: a tie, both score the bonus
    ex.pick(show="bonus:longest_path")
    assert "Ana and Bea, tied" in ex.detail
    assert ex.sheet.totals == (7 + 10, 7 + 10)


def test_explorer_bad_input_is_a_message(finished):
    ex = ScoringExplorer(finished)
    ex.pick("Nobody")
    assert "Nobody" in ex.message
    ex.pick(7)
    assert ex.message and ex.player == 0
    ex.pick(show="ticket:XYZ")
    assert "XYZ" in ex.message
    _only_expected(ex)
    with pytest.raises(ValueError):
        ScoringExplorer("usa")                         # a board needs claims


# -- RouteBuilder ------------------------------------------------------------------------------
E2 = [("Portland", "Salt Lake City"), ("Helena", "Salt Lake City"), ("Las Vegas", "Salt Lake City"),
      ("Las Vegas", "Los Angeles"), ("Denver", "Salt Lake City"), ("Denver", "Kansas City")]
E3 = [("Calgary", "Seattle"), ("Seattle", "Portland"), ("Portland", "San Francisco"),
      ("San Francisco", "Los Angeles"), ("Los Angeles", "El Paso"), ("El Paso", "Houston"),
      ("Houston", "New Orleans"), ("New Orleans", "Atlanta"), ("Atlanta", "Charleston"),
      ("Atlanta", "Nashville"), ("Nashville", "Saint Louis"), ("Saint Louis", "Chicago"),
      ("Chicago", "Pittsburgh"), ("Pittsburgh", "New York")]


def test_builder_E2_branching_hub_scores_36_and_trail_13():
    rb = RouteBuilder("usa", routes=E2)
    assert rb.sheet.line_total(0, "route") == 36
    assert rb.trail.length == 13
    assert "13 cars" in rb.summary()


def test_builder_E3_spur_left_out_scores_74_and_trail_41():
    rb = RouteBuilder("usa")
    rb.add(*E3)
    assert len(rb.routes) == 14
    assert rb.sheet.line_total(0, "route") == 74 and rb.trail.length == 41
    rb.remove(("Atlanta", "Charleston"))
    assert rb.trail.length == 41 and rb.sheet.line_total(0, "route") == 72
    rb.clear_button.click()
    assert rb.routes == () and rb.trail.length == 0


def test_builder_refuses_both_tracks_of_a_double_B_5_7():
    rb = RouteBuilder("usa", routes=["Seattle–Portland"])
    rb.add("Seattle–Portland")
    assert "B-5.7" in rb.message and len(rb.routes) == 1
    _only_expected(rb)


def test_builder_pick_lists_search_add_and_remove():
    rb = RouteBuilder("usa")
    rb.search.value = "Denver"
    labels = [l for l, _v in rb.board_routes.options]
    assert labels and all("Denver" in l for l in labels)
    rb.board_routes.value = tuple(v for _l, v in rb.board_routes.options[:2])
    rb.add_button.click()
    assert len(rb.routes) == 2 and [v for _l, v in rb.network_routes.options] == list(rb.routes)
    rb.network_routes.value = (rb.routes[0],)
    rb.remove_button.click()
    assert len(rb.routes) == 1
    rb.add_button.click()                    # nothing picked: a message, not an exception
    assert "Pick" in rb.message
    _only_expected(rb)


def test_builder_tickets_done_and_the_gap():
    board = ttr_nb.load_map("usa")
    t = next(t for t in board.tickets if {t.a, t.b} == {"Denver", "El Paso"})
    rb = RouteBuilder("usa", routes=["Denver–Santa Fe"], tickets=[t.id])
    assert rb.sheet.tickets_completed(0) == 0
    gap = rb.sheet.ticket_results[0][0].routes
    assert gap == (_route(board, "El Paso", "Santa Fe"),)
    rb.add("Santa Fe–El Paso")
    assert rb.sheet.tickets_completed(0) == 1
    pts = sum(board.route_points(board.route(r).length) for r in rb.routes)
    assert rb.sheet.totals[0] == pts + t.points
    rb.set_tickets("Nowhere–Denver")
    assert "no ticket" in rb.message
    _only_expected(rb)


def test_builder_bad_routes_are_messages():
    rb = RouteBuilder("usa")
    for bad in ("Denver", "Denver–Atlantis", 99999, None, ("A",), True):
        rb.add(bad)
        assert rb.message and rb.routes == ()
    _only_expected(rb)


# -- the board canvas --------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["usa", "heart_of_africa"])
def test_canvas_paints_what_draw_board_draws(name):
    """The fast repaint equals a full draw_board of the same position (outside the legend)."""
    from ttr_nb.draw import draw_board

    board = ttr_nb.load_map(name)
    c = BoardCanvas(board, width_px=700)
    rng = random.Random(5)
    claims = {r.id: rng.randrange(3) for r in rng.sample(list(board.routes), 25)}
    glow = sorted(claims)[:2]
    got = c.paint(claims, glow).copy()[:, :, :3]
    ax = draw_board(board, claims=claims, highlight=glow, legend=False)
    fig = ax.figure
    fig.set_dpi(c.fig.dpi)
    fig.canvas.draw()
    ref = np.asarray(fig.canvas.buffer_rgba())[:, :, :3]
    assert ref.shape == got.shape
    # ignore the legend box (lower left): ours has no player legend, draw_board's does
    h, w = ref.shape[:2]
    diff = np.abs(ref.astype(int) - got.astype(int)).max(axis=2) > 40
    diff[int(h * 0.70):, : int(w * 0.35)] = False
    assert diff.mean() < 0.004, f"{diff.mean():.4%} of the pixels differ"


def test_canvas_empty_position_is_the_plain_board_and_unknown_ids_raise():
    c = BoardCanvas(ttr_nb.load_map("usa"), width_px=500)
    a = c.paint().copy()
    c.paint({1: 0, 2: 1}, [3])
    b = c.paint().copy()
    assert (a == b).all()          # painting starts again from the saved board
    with pytest.raises(ValueError):
        c.paint({12345: 0})
    with pytest.raises(ValueError):
        c.paint(highlight_cities=["Atlantis"])


def test_encode_png_round_trips():
    from PIL import Image

    arr = np.random.default_rng(1).integers(0, 255, size=(13, 17, 4), dtype=np.uint8)
    back = np.asarray(Image.open(io.BytesIO(encode_png(arr))).convert("RGB"))
    assert (back == arr[:, :, :3]).all()


# -- charts ------------------------------------------------------------------------------------
def test_score_chart_ends_at_the_scoresheet_totals(finished):
    from ttr_nb.charts import score_chart

    ax = score_chart(finished)
    texts = [t.get_text() for t in ax.texts]
    for name, total in zip(finished.names, finished.score().totals):
        assert any(t.endswith(f"{name} {total}") for t in texts), texts
    assert len([l for l in ax.get_lines() if l.get_label() in finished.names]) == finished.n


def test_terrain_majorities_ties_all_hold_it_H_5_4():
    from ttr_nb.charts import terrain_chart, terrain_majorities

    counts = {"Ana": {"desert": 3, "jungle": 1}, "Bea": {"desert": 3, "mountain": 2}, "Cal": {"mountain": 2}}
    assert terrain_majorities(counts) == {"desert": ["Ana", "Bea"], "jungle": ["Ana"], "mountain": ["Bea", "Cal"]}
    ax = terrain_chart(counts)
    assert sum(1 for t in ax.texts if t.get_text() == "★") == 5


def test_timeline_rejects_what_is_not_a_record():
    for bad in (42, "[]", {"actions": "x"}):
        with pytest.raises(SaveError):
            Timeline(bad)
    with pytest.raises(SaveError):
        Timeline(json.dumps({"format": "ttr_nb-game", "version": 1, "variant": "usa", "policies": {},
                             "players": ["A", "B"], "seed": 1, "actions": [{"type": "nope"}]}))


def test_terrain_table_reads_any_view_with_terrain_counts_H_5_4():
    """Data-driven: a view whose players carry Terrain counts gets the majority table (★ on every
    tied holder); a view without Terrain cards gets nothing."""
    from ttr_nb.charts import terrain_counts
    from ttr_nb.widgets._common import terrain_html

    view = {"players": [{"seat": 0, "name": "Ana", "terrain": {"desert": 3, "jungle": 1}},
                        {"seat": 1, "name": "Bea", "terrain": {"desert": 3, "mountain": 2}}]}
    assert terrain_counts(view) == {"Ana": {"desert": 3, "jungle": 1, "mountain": 0},
                                    "Bea": {"desert": 3, "jungle": 0, "mountain": 2}}
    html = terrain_html(view, ["#000", "#fff"])
    assert html.count("★") == 1 + 4          # the legend's star, desert ×2, jungle, mountain
    assert terrain_counts({"players": [{"seat": 0, "name": "A", "cards": 4}]}) is None
    assert terrain_html({"players": [{"seat": 0, "name": "A", "cards": 4}]}, ["#000"]) == ""


def test_stepper_and_panel_on_legendary_asia_mountains():
    """Another map and mechanic (LA-9 mountains) needs no widget code: the stepper replays it
    exactly and the panel plays it."""
    g = _played("legendary-asia", players=2, seed=4)
    s = GameStepper(g, chart=False)
    k = len(g.history) // 2
    s.go(k)
    assert s.game.state_json() == _replayed(g.to_json(), k).state_json()
    p = PlayPanel(ttr_nb.new_game("legendary-asia", players=2, seed=4), seed=4)
    _to_my_turn(p)
    _only_expected(p)


# -- mechanics shown without widget code: Heart of Africa, Team Asia, tunnels -------------------
def _terrain_game(seed: int = 8):
    """A Heart of Africa game that draws Terrain cards and doubles routes whenever it can."""
    from ttr_nb.rules.terrain import DrawTerrain

    g = ttr_nb.new_game("heart-of-africa", players=3, seed=seed)
    rng = random.Random(seed)
    while not g.over:
        legal = g.legal_actions()
        claims = [a for a in legal if isinstance(a, ClaimRoute)]
        doubled = [a for a in claims if a.terrain]
        terrain = [a for a in legal if isinstance(a, DrawTerrain)]
        keeps = [a for a in legal if isinstance(a, KeepTickets)]
        if doubled:
            a = doubled[0]
        elif claims and rng.random() < 0.6:
            a = max(claims, key=lambda a: (g.board.route(a.route).length, -a.route))
        elif terrain and rng.random() < 0.4:
            a = terrain[0]
        elif keeps:
            a = min(keeps, key=lambda a: (len(a.tickets), a.tickets))
        else:
            a = next((x for x in legal if isinstance(x, DrawCard)), legal[0])
        g.apply(a)
    return g


def test_stepper_heart_of_africa_terrain_majority_and_doubled_routes_H_5():
    g = _terrain_game()
    doubled = [a for a in g.history if isinstance(a, ClaimRoute) and a.terrain]
    assert doubled, "the test game should double at least one route"
    s = GameStepper(g, chart=False)
    k = next(i for i, a in enumerate(g.history, 1) if isinstance(a, ClaimRoute) and a.terrain)
    s.go(k)
    assert s.game.state_json() == _replayed(g.to_json(), k).state_json()
    assert "Terrain cards" in s.players_html.value and "H-5.3" in s.players_html.value
    assert "Terrain face up" in s.cards_html.value
    assert doubled[0].route in s.highlight["routes"]      # the doubled route glows
    s.eyes_picker.value = 1                                # Terrain cards are public: still shown
    assert "Terrain cards" in s.players_html.value
    _only_expected(s)


def test_play_panel_heart_of_africa_draws_terrain_cards_H_4():
    g = ttr_nb.new_game("heart-of-africa", players=3, seed=8)
    p = PlayPanel(g, seed=8)
    _to_my_turn(p)
    labels = [b.description for b in p.extra_draws.children]
    assert labels and all(l.startswith("terrain: ") for l in labels)
    held = sum(g.view(0)["players"][0]["terrain"].values())
    p.extra_draws.children[0].click()
    assert sum(g.view(0)["players"][0]["terrain"].values()) == held + 1, p.message
    _only_expected(p)


@pytest.fixture(scope="module")
def team_game():
    return _played("team-asia", players=4, seed=3)


def test_stepper_team_asia_colours_by_team_and_hides_the_other_holder_TA_5(team_game):
    s = GameStepper(team_game, step=120, eyes=0, chart=False)
    teams = [sc.name for sc in team_game.scorers()]
    seats = team_game.names
    # the legend: one entry per seat, partners in their team's colour and told apart by initial
    assert s.board_widget.player_names == [f"{seats[i]} ({teams[i // 2]})" for i in range(4)]
    colors = s.board_widget.player_colors
    assert colors[0] == colors[1] != colors[2] == colors[3]
    assert len(set(s.board_widget.marks[:4])) == 4
    assert len(set(s._color_of_seat.values())) == 2
    html = s.cards_html.value
    assert "Teams" in html and "(hidden)" in html       # seat 0 can't see the other team's holder
    s.eyes_picker.value = -1
    assert "(hidden)" not in s.cards_html.value          # the teacher sees both holders
    assert s.game.state_json() == _replayed(team_game.to_json(), 120).state_json()


def test_stepper_shows_a_tunnel_being_paid_EU_3(team_game):
    s = GameStepper(team_game, chart=False)
    st = next((st for st in s.timeline.steps if type(st.action).__name__ in ("PayTunnel", "WithdrawTunnel")), None)
    if st is None:
        pytest.skip("no tunnel decision in this game")
    s.go(st.index - 1)
    assert "Tunnel" in s.cards_html.value and "EU-3" in s.status.value


def test_play_panel_team_asia_place_card_choice_TA_8():
    g = ttr_nb.new_game("team-asia", players=4, seed=3)
    p = PlayPanel(g, seed=3)
    for _ in range(60):
        if g.over or g.pending == "place-card" and g.current_player == 0:
            break
        if p.ticket_boxes:
            for cb in p.ticket_boxes:
                cb.value = True
            p.keep_button.click()
        elif p.choice_buttons:
            p.choice_buttons[0].click()
        else:
            p.deck_button.click()
    assert g.pending == "place-card" and g.current_player == 0
    texts = [b.description for b in p.choice_buttons]
    assert any("holder" in t for t in texts) and any("hand" in t for t in texts)
    n = len(g.history)
    next(b for b in p.choice_buttons if "holder" in b.description).click()
    assert len(g.history) > n
    _only_expected(p)


def test_playpanel_names_an_agent_that_returns_no_action():
    """An agent whose choose(game) returns something that is not an action is named in the
    message line (seat, player, class, what it returned); nothing escapes, the game waits."""
    class Bad:
        def choose(self, game):
            return "claim everything"

    g = ttr_nb.new_game("usa", ["Ana", "Bea"], seed=1)
    p = PlayPanel(g, agents={1: Bad()}, humans=[0])
    before = len(g.history)
    p.act(g.legal_actions()[0])
    assert "seat 1 (Bea, Bad) returned 'claim everything'" in p.message
    assert len(g.history) == before + 1 and g.current_player == 1


# -- hot seat: each person sees on the panel only what their seat may see (issue 36) ---------------
_NOT_TEXT = frozenset({"geometry", "_esm", "_css", "_model_module", "_model_module_version", "_model_name",
                       "_view_module", "_view_module_version", "_view_name", "_dom_classes"})
"""Synced traits that are no text a person reads: the board's geometry (the same for everyone),
code, module names."""


def shown_texts(widget) -> list[str]:
    """Every text a control shows: each string in every synced trait of it and of every widget
    inside it (HTML values, labels, button descriptions and tooltips, option labels, the board's
    box, hover text and notice), HTML entities decoded; then its message line and summary."""
    import html as _html

    from ipywidgets import Widget

    out: list[str] = []
    seen: set[int] = set()

    def collect(v):
        if isinstance(v, Widget):
            walk(v)
        elif isinstance(v, str):
            out.append(_html.unescape(v))
        elif isinstance(v, dict):
            for k, x in v.items():
                collect(k)
                collect(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                collect(x)

    def walk(w):
        if id(w) in seen:
            return
        seen.add(id(w))
        for name in w.keys:
            if name not in _NOT_TEXT:
                collect(getattr(w, name))

    walk(widget)
    out += [widget.message, widget.summary()]
    return out


def _visible_tickets(game, seat: int) -> set[str]:
    """Ticket ids ``seat`` may know: in its view (hand, offer, its team's holder, its share)
    or ever dealt or drawn by it."""
    v = game.view(seat)
    ids = set(v["tickets"]) | set(v["offered"]) | set(v.get("share_from", ()))
    if isinstance(v.get("setup_share"), str):
        ids.add(v["setup_share"])
    for t in v.get("teams", ()):
        ids |= set(t.get("holder_ticket_ids", ()))
    for e in game.log:
        if e.seat == seat and e.kind in ("tickets_dealt", "tickets_drawn"):
            ids |= set(e.data[0])
    return ids


def _secrets_of_others(game, seat: int) -> tuple[list[str], list[str]]:
    """(facts, private texts) ``seat`` may not see: the labels of the tickets it may not know
    (other than labels it knows from another ticket), the phrases that tell another player's
    cards, and the private wording of the other seats' recent events (a card drawn blind and
    its colour, the tickets kept and returned, where a Team Asia card went)."""
    board = game.board
    mine = _visible_tickets(game, seat)
    known = {board.ticket(t).label() for t in mine}
    hidden = {t.label() for t in game.tix if t.id not in mine} - known
    facts = sorted(hidden)
    for s, name in enumerate(game.names):
        if s != seat:
            facts += [f"{name} holds ", f"{name}'s cards", f"{name}'s tickets"]
    log = list(game.log)
    public = {e.text_for(seat) for e in log}          # (another event may read the same in public)
    private = [e.text for e in log[-40:]
               if e.seat is not None and e.seat != seat and e.text != e.public and e.text not in public]
    return facts, private


HOT_SEAT = [(v, max(ttr_nb.get_variant(v).players) if v in ("team-asia", "legendary-asia") else 3)
            for v in sorted(ttr_nb.variants())]


@pytest.mark.parametrize("variant,players", HOT_SEAT)
def test_hot_seat_panel_shows_each_person_only_their_own_secrets(variant, players):
    """Every person plays from the panel (hot seat). After each hand-over, every text the panel
    shows (message line, log, hand, tips, the board's box and notice, option labels, summary)
    holds nothing the new person's seat may not see (B-2.2 hidden hands, B-4.2 a blind draw's
    colour, B-2.4/B-6.1 the tickets kept and returned, LA-4 the box, TA-6/TA-8 a partner's
    hand and where a card went). The person before them hovered and clicked routes first, so
    the hover text and the box held their cards."""
    from ttr_nb.agents import GreedyAgent

    g = ttr_nb.new_game(variant, players, seed=5)
    p = PlayPanel(g, humans=list(range(g.n)))
    agents = [GreedyAgent(s) for s in range(g.n)]
    rng = random.Random(variant)
    routes = [r.id for r in g.board.routes]
    handovers = privates = 0
    while not g.over and len(g.history) < 700:
        who = p.seat
        if rng.random() < 0.5:
            p.board_widget.hover_route(rng.choice(routes))
            p.board_widget.click_route(rng.choice(routes))
        assert p.act(agents[who].choose(g)), p.message
        if g.over or p.seat == who:
            continue
        handovers += 1
        facts, private = _secrets_of_others(g, p.seat)
        privates += len(private)
        text = "\n".join(shown_texts(p))
        assert p.seat == g.current_player
        leaked = [f for f in facts + private if f in text]
        assert not leaked, (g.names[p.seat], len(g.history), leaked[:3])
    assert g.over and handovers > 20 and privates > 20
    _only_expected(p)


def test_hot_seat_undo_never_goes_back_past_the_hand_over():
    """Undo takes back the moves of the person at the panel; once the panel has passed to the
    next person, undoing the last person's move would show their cards: refused, with why."""
    g = ttr_nb.new_game("usa", ["Ana", "Bea"], seed=4)
    p = PlayPanel(g, humans=[0, 1])
    p.act(next(a for a in g.legal_actions() if isinstance(a, KeepTickets)))   # Ana's setup tickets
    assert p.seat == 1 and p.undo_button.disabled
    before = g.state_json()
    p.undo()
    assert "Ana's move cannot be undone now" in p.message and g.state_json() == before
    assert not p.act(DrawCard("deck"))                                          # Bea must choose tickets first
    p.act(next(a for a in g.legal_actions() if isinstance(a, KeepTickets)))   # Bea's setup tickets
    p.act(DrawCard("deck"))                                                     # Ana's first card
    assert p.seat == 0 and not p.undo_button.disabled
    p.undo()
    assert g.current_player == 0 and g.pending == "turn" and "Undone" in p.message
    _only_expected(p)
