"""Europe's train stations in the controls (issue 37, EU-4): the PlayPanel builds one by the
path a click on a city takes (``BoardWidget.click_city``, then ``press`` on a payment, the
same messages the browser sends), the stations show on the live board, in the GameStepper at
every step, in its page replay (no kernel) and in the ScoringExplorer with the route each
one borrows. Driven headless; the browser half is tests/browser/test_europe_stations.py."""
from __future__ import annotations

import pytest

import ttr_nb

pytest.importorskip("anywidget")

from ttr_nb.agents import GreedyAgent  # noqa: E402
from ttr_nb.rules.stations import BuildStation, stations_of  # noqa: E402
from ttr_nb.widgets import BoardWidget, GameStepper, PlayPanel, ScoringExplorer  # noqa: E402
from ttr_nb.widgets.static_html import replay, stepper_data, stepper_html  # noqa: E402


def station_game(seed: int = 0):
    """A finished 2-player Europe game (greedy players) where Ana builds a train station on a
    city of her tickets whenever she may (after turn 20): with seed 0 her station in Berlin
    borrows a route of Ben's at the end."""
    g = ttr_nb.new_game("europe", ["Ana", "Ben"], seed=seed)
    agents = [GreedyAgent(seed * 10 + k) for k in range(2)]
    while not g.over:
        if g.current_player == 0 and g.pending == "turn" and g.turn > 20:
            v = g.view(0)
            want = {c for t in v["tickets"] for c in (g.board.ticket(t).a, g.board.ticket(t).b)}
            build = [a for a in g.legal_actions() if isinstance(a, BuildStation) and a.city in want]
            if build:
                g.apply(build[0])
                continue
        g.apply(agents[g.current_player].choose(g))
    return g


@pytest.fixture(scope="module")
def finished():
    return station_game(0)


def _panel(humans=(0,)):
    p = PlayPanel(ttr_nb.new_game("europe", ["Ana", "Ben"], seed=3), humans=list(humans), seed=1)
    while p.game.pending in ("setup-tickets", "keep-tickets"):   # (hot seat: each person keeps theirs)
        for cb in p.ticket_boxes:
            cb.value = True
        p.keep_button.click()
    assert p.game.pending == "turn" and p.game.current_player == 0
    return p


def _builds(game, city):
    return [a for a in game.legal_actions() if isinstance(a, BuildStation) and a.city == city]


def test_EU_4_a_click_on_a_city_offers_each_legal_station_payment():
    p = _panel()
    g, bw = p.game, p.board_widget
    legal = _builds(g, "Wien")
    assert legal, "the deal gives Ana cards: a first station (1 card) is possible"
    bw.click_city("Wien")
    ids = [b["id"] for b in bw.card["buttons"]]
    labels = [b["label"] for b in bw.card["buttons"]]
    assert ids == [f"station:Wien:{k}" for k in range(len(legal))]
    assert labels == [f"Build a station: pay {a.pay_text()}" for a in legal]   # exactly the legal ones
    assert any("station 1 of 3 costs 1 card" in line for line in bw.card["lines"])
    assert bw.card["reason"] == ""


def test_EU_4_pressing_a_payment_builds_the_station_and_the_board_draws_it():
    p = _panel()
    g, bw = p.game, p.board_widget
    chosen = _builds(g, "Wien")[0]
    hand_before = dict(g.view(0)["hand"])
    bw.click_city("Wien")
    bw.press("station:Wien:0")
    assert stations_of(g)[0] == ["Wien"]
    assert BuildStation("Wien", chosen.pay) in g.history or chosen in g.history
    colour, n = chosen.pay[0]
    assert g.view(0)["hand"].get(colour, 0) == hand_before[colour] - n      # the card is paid
    assert bw.stations == {"Wien": 0}                                       # the house on the board
    assert "builds a train station in Wien" in p.message
    assert bw.card["kind"] == "ok" and "Wien" in bw.card_text
    assert "Ana: Wien" in bw.describe()                                     # the picture's words
    assert "Wien" in p.players_html.value and "2 left" in p.players_html.value
    # the city's box now says whose station it is, and offers nothing there
    bw.click_city("Wien")
    assert "Ana's train station" in bw.card["lines"]
    assert bw.card["buttons"] == []


def test_EU_4_a_refused_station_shows_the_rules_reason_and_changes_nothing():
    p = _panel()
    g, bw = p.game, p.board_widget
    bw.click_city("Wien")
    bw.press("station:Wien:0")
    assert g.current_player == 0 and g.pending == "turn"
    # a second station costs 2 cards of one colour: find a city Ana may not build on now
    city = next(c for c in sorted(g.board.cities) if c != "Wien" and not _builds(g, c))
    before = len(g.history)
    bw.click_city(city)
    assert bw.card["buttons"] == []
    reason = bw.card["reason"]
    assert reason.endswith("(EU-4).") and "Ana" in reason
    assert reason == p._why_not_station(city)
    assert len(g.history) == before


def test_EU_4_a_stale_payment_button_is_refused():
    p = _panel()
    g, bw = p.game, p.board_widget
    bw.click_city("Wien")
    bw.press("station:Wien:0")
    before = len(g.history)
    p._board_button("station:Wien:0")          # the old box's button, pressed again
    assert len(g.history) == before
    assert "no longer possible" in p.message


def test_stations_are_not_a_flood_of_other_choice_buttons():
    p = _panel()
    assert _builds(p.game, "Wien")
    assert not [b for b in p.choice_buttons if "train station" in b.description]
    assert p.station_row.layout.display == ""
    assert "build a train station" in p.summary()


def test_hot_seat_each_person_sees_the_public_stations_and_the_reason():
    p = _panel(humans=(0, 1))
    g, bw = p.game, p.board_widget
    bw.click_city("Wien")
    bw.press("station:Wien:0")
    assert g.current_player == 1 and p.seat == 1
    assert bw.stations == {"Wien": 0}                       # public: Ben sees Ana's station
    bw.click_city("Wien")
    assert "Ana's train station" in bw.card["lines"]
    assert "already has a train station (Ana's)" in bw.card["reason"]
    assert "Ana's cards" not in p.hand_html.value and "Ben's cards" in p.hand_html.value


def test_other_boards_have_no_station_row():
    p = PlayPanel(ttr_nb.new_game("usa", 2, seed=1))
    assert p.station_row.layout.display == "none"
    assert p.board_widget.stations == {}


def test_stepper_shows_the_stations_at_each_step(finished):
    g = finished
    step = next(k for k, a in enumerate(g.history, 1) if isinstance(a, BuildStation))
    city = g.history[step - 1].city
    s = GameStepper(g, step=step - 1, chart=False)
    assert city not in s.board_widget.stations
    s.go(step)
    assert s.board_widget.stations.get(city) == 0
    s.board_widget.click_city(city)
    assert "Ana's train station" in s.board_widget.card["lines"]
    s.go(len(g.history))                                    # the end: the routes they borrow
    lent = {l.cities[0]: l.routes[0] for lines in g.score().lines for l in lines if l.kind == "station" and l.routes}
    assert lent and s.board_widget.borrowed == lent
    assert set(s.board_widget.stations) == {c for mine in stations_of(g) for c in mine}


def test_static_replay_data_has_the_stations_of_each_step(finished):
    g = finished
    s = GameStepper(g, chart=False)
    data = stepper_data(s)
    frames = replay(data["steps"])
    live = GameStepper(g, chart=False)
    for k in (0, *[k for k, a in enumerate(g.history, 1) if isinstance(a, BuildStation)], len(g.history)):
        live.go(k)
        assert frames[k].get("stations", {}) == live.board_widget.stations, k
        assert frames[k].get("borrowed", {}) == live.board_widget.borrowed, k
    assert frames[-1]["borrowed"]
    page = stepper_html(s)
    assert '"stations"' in page and '"borrowed"' in page


def test_explorer_shows_station_lines_and_highlights_the_borrowed_route(finished):
    g = finished
    x = ScoringExplorer(g)
    line = next(l for l in g.score().lines[0] if l.kind == "station" and l.routes)
    city, rid = line.cities[0], line.routes[0]
    keys = [v for _l, v in x.show_picker.options]
    assert f"station:{city}" in keys
    x.pick(show=f"station:{city}")
    assert x.highlight["routes"] == [rid] and x.highlight["cities"] == [city]
    assert x.detail == line.detail
    bw = x.board_widget
    assert list(bw.glow) == [str(rid)]
    assert bw.borrowed[city] == rid and bw.stations[city] == 0  # (every station's borrowed route is drawn)
    assert "background:#fff3c4" in x.lines_html.value.split(line.detail[:30])[0].rsplit("<tr", 1)[-1]


def test_board_widget_checks_stations():
    bw = BoardWidget("europe", player_colors=["#d62728", "#1f77b4"])
    with pytest.raises(ValueError, match="no city"):
        bw.show({}, stations={"Atlantis": 0})
    wien_routes = {r.id for r in bw.board.routes if "Wien" in (r.a, r.b)}
    other = next(r.id for r in bw.board.routes if r.id not in wien_routes)
    with pytest.raises(ValueError, match="cannot borrow"):
        bw.show({}, stations={"Wien": 0}, borrowed={"Wien": other})
    with pytest.raises(ValueError, match="no station"):
        bw.show({}, stations={"Wien": 0}, borrowed={"Berlin": other})
    bw.show({}, stations={"Wien": 1}, borrowed={"Wien": min(wien_routes)})
    assert bw.stations == {"Wien": 1} and bw.borrowed == {"Wien": min(wien_routes)}
    assert bw.png(400)[:4] == b"\x89PNG"


def test_a_station_button_for_a_city_without_an_offer_is_refused():
    p = _panel()
    before = len(p.game.history)
    p._board_button("station:Nowhere:0")
    assert len(p.game.history) == before
    assert "no longer possible" in p.message


@pytest.mark.parametrize("stations, borrowed, words", [
    ({"Wien": "x"}, None, "not a player index"), ({"Wien": -1}, None, "not a player index"),
    ({"Wien": True}, None, "not a player index"), ({"Wien": 0}, {"Wien": 9999}, "no route with id 9999"),
])
def test_board_widget_refuses_bad_stations_with_words(stations, borrowed, words):
    bw = BoardWidget("europe")
    with pytest.raises(ValueError, match=words):
        bw.show({}, stations=stations, borrowed=borrowed)
    assert bw.stations == {}
