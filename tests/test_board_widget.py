"""BoardWidget (the clickable SVG board) and the controls that use it, driven headless: the
browser's messages are fed to ``BoardWidget.handle`` (``click_route``, ``click_city``,
``press``, ``hover_route`` are the same messages), then the state is asserted."""
from __future__ import annotations

import json
import random
import re

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute
from ttr_nb.board import MAP_NAMES
from ttr_nb.events import route_label

pytest.importorskip("anywidget")

from ttr_nb.draw import _layout, place_labels, _extent  # noqa: E402
from ttr_nb.widgets import BoardWidget, GameStepper, PlayPanel, RouteBuilder, ScoringExplorer  # noqa: E402
from ttr_nb.widgets._common import EXPECTED, board_canvas  # noqa: E402
from ttr_nb.widgets.board_widget import (STATIC, attach_to_explorer, board_geometry,  # noqa: E402
                                         route_name)

MAPS = MAP_NAMES


@pytest.fixture(scope="module")
def finished():
    return ttr_nb.play_game("usa", players=3, seed=2026, agents="greedy")


def _to_my_turn(p):
    g = p.game
    if g.pending in ("setup-tickets", "keep-tickets"):
        for cb in p.ticket_boxes:
            cb.value = True
        p.keep_button.click()
    assert g.current_player == 0 and g.pending == "turn"


def _until_claimable(p):
    """Draw from the deck until the person may claim some route; return the legal claims."""
    g = p.game
    for _ in range(40):
        claims = [a for a in g.legal_actions() if isinstance(a, ClaimRoute)]
        if claims:
            return claims
        p.deck_button.click()
        if g.current_player == 0 and g.pending == "second-card":
            p.deck_button.click()
    pytest.fail("no route became affordable")


def _only_expected(*widgets) -> None:
    for w in widgets:
        bad = [e for e in w.errors if not isinstance(e, EXPECTED)]
        assert not bad, f"unexpected errors: {bad!r}"


# -- the geometry is the pictures' geometry ----------------------------------------------------
@pytest.mark.parametrize("name", MAPS)
def test_geometry_is_the_matplotlib_layout(name):
    board = ttr_nb.load_map(name)
    geo = board_geometry(board)
    json.dumps(geo)                                             # JSON-able, sent once
    layout = _layout(board)
    assert [r["id"] for r in geo["routes"]] == [r.id for r in board.routes]
    for r in geo["routes"]:
        spaces = layout.spaces[r["id"]]
        assert len(r["spaces"]) == len(spaces) == board.route(r["id"]).length
        for got, s in zip(r["spaces"], spaces):
            assert got[0] == pytest.approx(s.x, abs=1e-5) and got[1] == pytest.approx(s.y, abs=1e-5)
            assert got[2] == pytest.approx(s.angle, abs=0.01)
        assert r["L"] == pytest.approx(layout.car_length[r["id"]], abs=1e-5)
    boxes = place_labels(board, _extent(board, layout))
    for c in geo["cities"]:
        city = board.cities[c["name"]]
        assert (c["x"], c["y"], c["country"]) == (pytest.approx(city.x, abs=1e-5), pytest.approx(city.y, abs=1e-5),
                                                  city.is_country)
        if c["name"] in boxes:
            assert c["label"] == pytest.approx(list(boxes[c["name"]]), abs=1e-5)
    assert sum(1 for r in geo["routes"] if r["badge"]) >= (1 if any(r.tunnel for r in board.routes) else 0)


def test_double_tracks_are_separate_targets_with_separate_names_B_5_7():
    board = ttr_nb.load_map("usa")
    geo = {r["id"]: r for r in board_geometry(board)["routes"]}
    rid = board.route_id("Seattle–Portland")
    twin = board.twins[rid][0]
    assert geo[rid]["twins"] == [twin] and geo[twin]["twins"] == [rid]
    assert geo[rid]["spaces"] != geo[twin]["spaces"]           # side by side, not on top of each other
    assert route_name(board, rid) != route_name(board, twin)   # "upper track" / "lower track"
    w = BoardWidget(board)
    w.click_route(twin)
    assert w.picked == twin and route_name(board, twin) in w.card_text


def test_static_files_are_in_the_package_and_fetch_nothing():
    js = (STATIC / "board.js").read_text(encoding="utf-8")
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    assert BoardWidget._esm == js and BoardWidget._css == css
    urls = set(re.findall(r"https?://[^\s\"'`)]+", js + css))
    assert urls <= {"http://www.w3.org/2000/svg"}, urls       # the SVG namespace, not a download
    assert "fetch(" not in js and not re.search(r"^\s*import\s", js, re.M)


# -- the position: small traits, and the same picture as PNG -----------------------------------
def test_show_sends_the_position_as_traits_and_png_is_the_canvas_picture():
    board = ttr_nb.load_map("usa")
    a, b, c = (board.route_id(x) for x in ("Denver–Omaha", "Seattle–Helena", "Boston–Montréal"))
    w = BoardWidget(board, player_names=["Ana", "Bea"])
    w.show({a: 0, b: 1}, [c], highlight_cities=["Denver"], gap=[b], trails={0: [a]}, selected=[a],
           labels={"selected": "last claim"})
    assert w.claims == {str(a): 0, str(b): 1} and w.glow == {str(c): ttr_nb.draw.PATH_COLOR}
    assert w.gap == [b] and w.trails == {"0": [a]} and w.framed == [a] and w.rings == {"Denver": ttr_nb.draw.PATH_COLOR}
    assert w.marks[:2] == ["A", "B"] and w.labels == {"selected": "last claim"}
    canvas = board_canvas(board, width_px=w.width_px, player_colors=w.player_colors, player_names=["Ana", "Bea"])
    assert w.png() == canvas.png({a: 0, b: 1}, [c], highlight_cities=["Denver"], gap=[b], trails={0: [a]},
                                 selected=[a], labels={"selected": "last claim"})
    with pytest.raises(ValueError, match="no route"):
        w.show({99999: 0})
    with pytest.raises(ValueError, match="no city"):
        w.show(highlight_cities=["Atlantis"])


def test_display_bundle_has_a_png_for_outputs_without_a_kernel():
    w = BoardWidget(ttr_nb.load_map("usa"))
    data, _meta = w._repr_mimebundle_()
    assert {"text/plain", "application/vnd.jupyter.widget-view+json", "image/png"} <= set(data)
    assert data["text/plain"] == "<BoardWidget usa: 0 claimed>"
    import base64

    assert base64.b64decode(data["image/png"])[:8] == b"\x89PNG\r\n\x1a\n"


# -- bad messages from the browser ------------------------------------------------------------------
@pytest.mark.parametrize("msg, words", [
    ("junk", "should not"), (None, "should not"), ([1, 2], "should not"), ({"event": "explode"}, "should not"),
    ({"event": "click"}, "click on nothing"), ({"event": "click", "route": 99999}, "no route 99999"),
    ({"event": "click", "route": True}, "not a route id"), ({"event": "click", "route": "x12"}, "not a route id"),
    ({"event": "click", "route": 1.5}, "not a route id"), ({"event": "click", "route": [1]}, "not a route id"),
    ({"event": "click", "city": "Atlantis"}, "no city"), ({"event": "click", "city": 7}, "no city"),
    ({"event": "hover", "route": -4}, "no route"), ({"event": "button", "id": "pay:1:0"}, "no longer on the board"),
])
def test_bad_messages_are_shown_in_the_widget_and_nothing_escapes(msg, words):
    w = BoardWidget(ttr_nb.load_map("usa"))
    seen = []
    w.on_error = seen.append
    w.handle(msg)
    assert words in w.notice and len(w.errors) == 1 and seen == w.errors
    assert w.picked == -1 and w.claims == {}
    w.click_route(1)                                          # the next good click clears the notice
    assert w.notice == "" and w.picked == 1


def test_random_messages_never_raise_and_are_answered():
    w = BoardWidget(ttr_nb.load_map("usa"))
    rng = random.Random(5)
    values = [None, 0, 1, -1, 10**9, 2.5, True, "Denver", "1", [], {}, "click", "<script>"]
    for k in range(300):
        msg = {rng.choice(["event", "route", "city", "id", "seq", "x"]): rng.choice(values) for _ in range(3)}
        if rng.random() < 0.7:
            msg["event"] = rng.choice(["click", "hover", "leave", "button", "close", "nope"])
        msg["seq"] = k + 1
        w.handle(msg)
        assert w.answered == k + 1                            # the browser learns it was answered
    _only_expected(w)


def test_a_handler_error_is_a_notice_not_an_exception():
    w = BoardWidget(ttr_nb.load_map("usa"))
    w.on_route = lambda rid: 1 / 0
    w.click_route(1)
    assert "ZeroDivisionError" in w.notice and "report it" in w.notice


def test_board_alone_answers_with_facts():
    board = ttr_nb.load_map("usa")
    w = BoardWidget(board, player_names=["Ana"])
    rid = board.route_id("Denver–Omaha")
    w.show({rid: 0})
    w.click_route(rid)
    assert "4 cars" in w.card_text and "7 points" in w.card_text and "claimed by Ana" in w.card_text
    w.click_city("Denver")
    assert w.picked_city == "Denver" and w.picked == -1
    assert "Denver–El Paso (4)" in w.card_text and "Omaha (4, pink, Ana)" in w.card_text
    assert w.card_text.count("Denver–El Paso (4)") == 1      # a ticket of two decks is listed once
    w.handle({"event": "close"})
    assert w.card == {}


# -- PlayPanel: claim by clicking ---------------------------------------------------------------------
def test_play_panel_click_a_route_shows_its_payments_and_a_press_claims_it():
    g = ttr_nb.new_game("usa", players=2, seed=8)
    p = PlayPanel(g, seed=2)
    _to_my_turn(p)
    claims = _until_claimable(p)
    rid = claims[0].route
    bw = p.board_widget
    bw.hover_route(rid)
    assert bw.tip["route"] == rid and "may claim it" in bw.tip["text"]
    bw.click_route(rid)
    pays = [a for a in g.legal_actions() if isinstance(a, ClaimRoute) and a.route == rid]
    assert p.selection == rid and p.route_picker.value == rid and bw.picked == rid
    assert [b["label"] for b in bw.card["buttons"]] == [f"Pay {a.pay_text()} (+{g.claim_points(a)})" for a in pays]
    assert bw.card["at"] == {"route": rid}
    before = len(g.history)
    bw.press(bw.card["buttons"][-1]["id"])
    assert g.route_owners.get(rid) == 0 and len(g.history) > before         # the game changed
    assert bw.claims[str(rid)] == 0                                         # and the board shows it
    assert "claims" in bw.card_text and not bw.card["buttons"]
    bw.click_route(rid)                                                     # now it is Ana's: no payment
    assert "claimed by Ana" in bw.card_text and "already claimed" in bw.card["reason"]
    _only_expected(p, bw)


def test_play_panel_refusal_says_the_rules_reason_and_changes_nothing_B_5():
    g = ttr_nb.new_game("usa", players=2, seed=8)
    p = PlayPanel(g, seed=2)
    _to_my_turn(p)
    legal = {a.route for a in g.legal_actions() if isinstance(a, ClaimRoute)}
    hopeless = next(r.id for r in g.board.routes if r.length == 6 and r.id not in legal)
    before = g.state_json()
    bw = p.board_widget
    bw.click_route(hopeless)
    assert bw.card["reason"] == g.why_not(p._trial_claim(hopeless)) and not bw.card["buttons"]
    assert bw.card["kind"] == "error"
    bw.hover_route(hopeless)
    assert bw.tip["text"].startswith("Cannot claim it now:")
    bw.press("pay:%d:0" % hopeless)                      # not a button on the board: refused
    assert "no longer on the board" in bw.notice
    assert g.state_json() == before
    _only_expected(p, bw)


def test_play_panel_stale_payment_is_refused_and_the_box_is_refreshed():
    g = ttr_nb.new_game("usa", players=2, seed=8)
    p = PlayPanel(g, seed=2)
    _to_my_turn(p)
    rid = _until_claimable(p)[0].route
    bw = p.board_widget
    bw.click_route(rid)
    p._payments[rid] = []                                  # as if the hand changed since the box was drawn
    before = g.state_json()
    p._board_button(bw.card["buttons"][0]["id"])
    assert "no longer possible" in p.message and g.state_json() == before


def test_play_panel_city_shows_only_the_persons_own_tickets():
    g = ttr_nb.new_game("usa", players=2, seed=8)
    p = PlayPanel(g, seed=2)
    _to_my_turn(p)
    bw = p.board_widget
    mine = [g.board.ticket(t) for t in g.tickets(0)]
    theirs = [g.board.ticket(t) for t in g.tickets(1) if g.board.ticket(t).label() not in {m.label() for m in mine}]
    city = mine[0].a
    bw.click_city(city)
    assert bw.picked_city == city and f"Ana's tickets from {city}" in bw.card_text
    assert mine[0].label() in bw.card_text
    for t in theirs:                                       # hidden information stays hidden
        if city in (t.a, t.b):
            assert t.label() not in bw.card_text


def test_play_panel_game_over_and_computer_turns_are_reasons():
    class Stuck:                                           # a computer player that never moves
        def choose(self, game):
            return None

    g = ttr_nb.new_game("usa", players=2, seed=3)
    p = PlayPanel(g, agents={1: Stuck()}, humans=[0])
    p.act(next(a for a in g.legal_actions()))              # Ana's tickets; Bea's turn waits
    assert g.current_player == 1 and "seat 1 (Bea, Stuck)" in p.message
    bw = p.board_widget
    bw.click_route(1)
    assert "played by the computer" in bw.card["reason"]
    done = ttr_nb.play_game("usa", players=2, seed=3, agents="greedy")
    q = PlayPanel(done, seed=1)
    q.board_widget.click_route(1)
    assert "game is over" in q.board_widget.card["reason"]


def test_play_panel_tickets_key_comes_before_the_list_and_an_old_error_is_cleared():
    g = ttr_nb.new_game("usa", players=2, seed=8)
    p = PlayPanel(g, seed=2)
    _to_my_turn(p)
    html = p.hand_html.value
    assert "(✓ joined)" not in html
    key = html.index("joined by your routes")
    first = g.board.ticket(g.tickets(0)[0]).label()
    assert key < html.index(first)                         # the key, then the tickets
    p.choose_route("Seattle–Helena")
    p.claim_button.click()
    assert p.message and p._message_kind == "error"
    p.board_widget.click_city("Denver")                    # using the control again clears it
    assert p.message == ""


def test_play_panel_dropdown_tells_the_tracks_of_a_double_apart():
    g = ttr_nb.new_game("usa", players=4, seed=8)
    p = PlayPanel(g, seed=2)
    labels = [lab for lab, _v in p.route_picker.options]
    assert len(labels) == len(set(labels))
    # each track named as the log names it (events.route_label): the same words everywhere
    by_id = {v: lab.strip("✓ ") for lab, v in p.route_picker.options}
    rid = next(r.id for r in g.board.routes if g.board.twins.get(r.id) and r.color == "gray")
    twin = g.board.twins[rid][0]
    assert by_id[rid] == route_label(g.board, rid) != by_id[twin] == route_label(g.board, twin)


def test_play_panel_display_carries_a_png():
    p = PlayPanel(ttr_nb.new_game("usa", players=2, seed=8), seed=2)
    data, _m = p._repr_mimebundle_()
    assert "image/png" in data and data["text/plain"].startswith("<PlayPanel")


# -- GameStepper: when was it claimed? ------------------------------------------------------------------
def test_stepper_route_click_says_when_and_jumps_there(finished):
    s = GameStepper(finished, chart=False)
    bw = s.board_widget
    st = next(st for st in s.timeline.steps if st.route is not None)
    bw.click_route(st.route)
    who = s.timeline.names[st.seat]
    assert f"Claimed by {who} at step {st.index}" in bw.card_text and "from now" in bw.card_text
    bw.hover_route(st.route)
    assert bw.tip["text"].startswith(f"Claimed by {who}")
    bw.press(f"goto:{st.index}")
    assert s.step == st.index and s.game.state_json() == s.timeline.game_at(st.index).state_json()
    assert bw.claims[str(st.route)] == st.seat and bw.framed == [st.route]
    assert "the step shown" in bw.card_text                  # the box follows the step
    never = next(r.id for r in finished.board.routes if r.id not in finished.route_owners)
    bw.click_route(never)
    assert "Nobody claims it" in bw.card_text and not bw.card["buttons"]
    bw.press("goto:9999")                                    # not on the board now
    assert "no longer on the board" in bw.notice and s.step == st.index
    _only_expected(s, bw)


def test_stepper_city_through_a_players_eyes_hides_the_others_tickets(finished):
    s = GameStepper(finished, step=60, eyes=0, chart=False)
    bw = s.board_widget
    bw.click_city("Denver")
    assert "Ana's tickets from Denver" in bw.card_text and "Bea's tickets" not in bw.card_text
    s.eyes_picker.value = -1                                 # the teacher: every player's (the box follows)
    assert "Ana's tickets from Denver" in bw.card_text or "No player holds" in bw.card_text


def test_stepper_pause_keeps_the_step_and_start_goes_back(finished):
    s = GameStepper(finished, chart=False)
    assert s.play.layout.display == "none"                  # the Play widget's ■ is never shown
    s.play_button.value = True
    assert s.play.playing and s.play_button.description == "⏸ Pause"
    s.play.value = 37                                        # ticks from the browser
    s.play_button.value = False
    assert not s.play.playing and s.step == 37 and s.play_button.description == "▶ Play"
    s.play_button.value = True
    s.play.playing = False                                   # the browser stopped at the last step
    assert s.play_button.value is False and s.step == 37
    s.first.click()
    assert s.step == 0
    s.go(s.n_steps)
    s.play_button.value = True                               # at the end, Play starts from the deal
    assert s.step == 0 and s.play.playing


# -- RouteBuilder: click to build ----------------------------------------------------------------------
def test_builder_click_adds_and_removes_and_totals_follow():
    b = RouteBuilder("usa")
    bw = b.board_widget
    a = b.board.route_id("Helena–Duluth")
    c = b.board.route_id("Duluth–Toronto")
    bw.click_route(a)
    bw.click_route(c)
    assert b.routes == (a, c) and b.trail.length == 12 and b.sheet.line_total(0, "route") == 15 + 15   # two 6-car routes (B-5.9)
    assert bw.claims == {str(a): 0, str(c): 0} and sorted(bw.trails["0"]) == sorted([a, c])
    assert "2 routes, 12 cars, 30 route points; longest trail 12 cars" in bw.card_text
    bw.click_route(a)                                         # again: taken out
    assert b.routes == (c,) and "longest trail 6 cars" in bw.card_text and str(a) not in bw.claims


def test_builder_click_on_the_other_track_is_refused_B_5_7():
    b = RouteBuilder("usa", routes=["Seattle–Portland"])
    bw = b.board_widget
    rid = b.routes[0]
    twin = b.board.twins[rid][0]
    bw.hover_route(twin)
    assert "B-5.7" in bw.tip["text"]
    bw.click_route(twin)
    assert b.routes == (rid,) and "B-5.7" in bw.card["reason"] and bw.card["kind"] == "error"


def test_builder_city_tickets_are_buttons_that_check_them():
    b = RouteBuilder("usa", routes=["Denver–Santa Fe", "Santa Fe–El Paso"])
    bw = b.board_widget
    bw.click_city("Denver")
    ticket = next(x for x in bw.card["buttons"] if "Denver–El Paso" in x["label"])
    bw.press(ticket["id"])
    tid = ticket["id"].split(":", 1)[1]
    assert tid in b.tickets and any(l.ticket == tid and l.points == 4 for l in b.sheet.lines[0])
    assert "✓ Denver–El Paso (4)" in bw.card_text             # the box shows it checked
    bw.press(ticket["id"])
    assert tid not in b.tickets


# -- ScoringExplorer glue --------------------------------------------------------------------------------
def test_explorer_glue_route_score_line_and_ticket_path_or_gap(finished):
    x = ScoringExplorer(finished)
    w = attach_to_explorer(x)
    assert x.board_widget is w and w in x.children and x.board_image not in x.children
    assert w.claims == {str(r): i for r, i in sorted(x.claims.items())}
    assert w.trails == {"0": sorted(x.sheet.trail(0).routes)}            # the explorer's picture, on the SVG
    rid = next(r for r, i in x.claims.items() if i == 0)
    w.click_route(rid)
    line = next(l for l in x.sheet.lines[0] if l.kind == "route" and rid in l.routes)
    assert line.detail in w.card_text and "Ana's route" in w.card_text
    other = next(r for r, i in x.claims.items() if i == 1)
    w.click_route(other)
    w.press("player:1")
    assert x.player == 1
    res = next(r for r in x.sheet.ticket_results[1] if not r.done)
    w.click_city(res.ticket.a)
    w.press(f"ticket:{res.ticket.id}")
    assert x.selection == f"ticket:{res.ticket.id}" and w.gap == sorted(res.routes)   # the gap drawn
    done = next(r for r in x.sheet.ticket_results[0] if r.done)
    x.pick(0)
    w.click_city(done.ticket.b)
    w.press(f"ticket:{done.ticket.id}")
    assert set(map(int, w.glow)) == set(done.routes) and w.gap == []         # the path drawn
    data, _m = x._repr_mimebundle_()
    assert "image/png" in data
    _only_expected(x, w)
