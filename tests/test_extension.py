"""A board is data plus one mechanic: a new mechanic and a new board, written here, outside the
package, and played through the public API only (docs/extending.md walks through the same
steps).

The mechanic is Europe's stations (rules-spec EU-4): on a turn a player may build a station
on a city that has none, paying 1 card for the first, then 2, then 3 cards of one colour
(Locomotives wild); at most 3 per player. At the end each station lets its owner use ONE
route of another player into its city, for all their tickets, chosen to the owner's best;
each unused station scores 4 (E10). The board is 8 cities written to a temporary map file.

Nothing in ``ttr_nb`` is changed or imported from a private name: the mechanic is a
:class:`ttr_nb.rules.Mechanic`, added with :func:`ttr_nb.rules.register_mechanic`; the way
to play is a :class:`ttr_nb.variants.Variant`, added with
:func:`ttr_nb.variants.register_variant`.
"""
from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

import ttr_nb
from ttr_nb.actions import Action, register_action
from ttr_nb.cards import CARD_INDEX, CARD_NAMES, LOCO
from ttr_nb.events import register_event
from ttr_nb.rules import Mechanic, register_mechanic, unregister_mechanic
from ttr_nb.scoring import Claim, Line, Scorer, Scoresheet
from ttr_nb.scoring_search import tickets_done
from ttr_nb.variants import Variant, register_variant, unregister_variant

STATION_POINTS = 4
"""An unused station scores 4 (EU-4)."""
MAX_STATIONS = 3


# -- the mechanic: everything about stations lives here -----------------------------------
@register_action
@dataclass(frozen=True, repr=False)
class BuildStation(Action):
    """Build a station on ``city``, paying ``pay`` (card name -> count: n cards of one colour
    for the n-th station, Locomotives wild; EU-4)."""

    city: str
    pay: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    kind: ClassVar[str] = "station"
    rank: ClassVar[int] = 45

    def __post_init__(self) -> None:  # JSON gives {name: count}: keep canonical pairs
        pay = dict(self.pay)
        object.__setattr__(self, "pay", tuple(sorted(pay.items(), key=lambda kv: CARD_INDEX[kv[0]])))

    def text(self, game: Any = None) -> str:
        paid = " + ".join(f"{n} {c}" for c, n in self.pay)
        who = game.names[game.current_player] + " builds" if game is not None else "build"
        return f"{who} a station in {self.city} with {paid}"


@register_event("station")
def _station_words(game, seat, args):
    city, paid = args
    return f"{game.names[seat]} builds a station in {city} with {paid} (EU-4).", None


class Stations(Mechanic):
    """Europe's stations (EU-4): building them on a turn, and what they do to the score."""

    name = "stations"
    action_types = (BuildStation,)
    score_sections = (("station", "stations"),)

    def init(self) -> None:
        self.game.ext[self.name] = {"built": [[] for _ in range(self.game.n)]}

    def _taken(self) -> set[str]:
        return {c for cities in self.state["built"] for c in cities}

    def actions(self, kind: str) -> list[Action]:
        g = self.game
        seat = g.seat
        built = self.state["built"][seat]
        if kind != "turn" or len(built) >= MAX_STATIONS:
            return []
        n = len(built) + 1
        hand = g.hand(seat)
        locos = hand.get("locomotive", 0)
        pays = [((c, n - k), ("locomotive", k)) for c in CARD_NAMES[:LOCO]
                for k in range(max(0, n - hand.get(c, 0)), min(locos, n - 1) + 1)]
        if locos >= n:
            pays.append((("locomotive", n),))
        taken = self._taken()
        return [BuildStation(city, tuple(p for p in pay if p[1])) for city in sorted(g.board.cities)
                if city not in taken for pay in pays]

    def why_not(self, a: Action) -> str | None:
        g = self.game
        who = g.names[g.seat]
        if g.pending != "turn":
            return g.pending_reason()
        built = self.state["built"][g.seat]
        if len(built) >= MAX_STATIONS:
            return f"{who} has built all {MAX_STATIONS} stations (EU-4)."
        if a.city not in g.board.cities:
            return f"There is no city called {a.city!r} on this board."
        if a.city in self._taken():
            return f"{a.city} already has a station: one station per city (EU-4)."
        n = len(built) + 1
        pay = dict(a.pay)
        colours = [c for c in pay if c != "locomotive"]
        if sum(pay.values()) != n or len(colours) > 1 or any(c not in CARD_INDEX for c in pay):
            return (f"Station {n} costs {n} cards of one colour (Locomotives wild), not "
                    f"{a.text()} (EU-4).")
        hand = g.hand(seat=g.seat)
        short = [c for c, k in pay.items() if hand.get(c, 0) < k]
        if short:
            return f"{who} does not hold {pay[short[0]]} {short[0]} cards (EU-4)."
        return None

    def apply(self, a: Action) -> None:
        g = self.game
        seat = g.seat
        for c, k in a.pay:
            g.hands[seat][CARD_INDEX[c]] -= k
            g.discard.extend([CARD_INDEX[c]] * k)
        self.state["built"][seat].append(a.city)
        if g.recording:
            g.emit("station", seat, a.city, " + ".join(f"{k} {c}" for c, k in a.pay))
        g.end_turn()

    def view(self, seat: int | None, view: dict[str, Any]) -> None:
        for p, cities in zip(view["players"], self.state["built"]):
            p["stations"] = list(cities)

    def scorers(self) -> list[Scorer]:
        g = self.game
        return [Scorer.of_seat(g, s, stations=tuple(self.state["built"][s])) for s in range(g.n)]

    # -- the Scoresheet: one borrowed route per station, chosen to the owner's best ----------
    @classmethod
    def best_use(cls, board, scorer: Scorer, scorers) -> tuple[tuple[str, int | None], ...]:
        """(city, borrowed route id or None = unused) per station, the best for the owner's
        tickets and unused stations together (EU-4, E10); ties go to fewer stations used."""
        stations = scorer.extra("stations", ())
        if not stations:  # (every sheet asks: a scorer without stations costs nothing)
            return ()
        own = [c.route for c in scorer.claims]
        theirs = {c.route for s in scorers if s is not scorer for c in s.claims}
        tickets = [t if not isinstance(t, str) else board.ticket(t) for t in scorer.tickets]
        options = [[None] + sorted(r.id for r in board.routes if r.id in theirs and city in (r.a, r.b))
                   for city in stations]
        best, best_value = None, None
        for choice in itertools.product(*options):
            borrowed = [r for r in choice if r is not None]
            done = tickets_done(board, own + borrowed, tickets)
            value = (sum(t.points if d else -t.points for t, d in zip(tickets, done))
                     + STATION_POINTS * choice.count(None))
            if best_value is None or value > best_value:
                best, best_value = choice, value
        return tuple(zip(stations, best or ()))

    @classmethod
    def ticket_routes(cls, board, scorer, scorers, settings) -> tuple[int, ...]:
        return tuple(r for _, r in cls.best_use(board, scorer, scorers) if r is not None)

    @classmethod
    def scorer_lines(cls, board, scorer, scorers, settings) -> tuple[Line, ...]:
        out = []
        for city, r in cls.best_use(board, scorer, scorers):
            if r is None:
                out.append(Line("station", STATION_POINTS, f"Station in {city}, unused: +{STATION_POINTS}",
                                cities=(city,), rule="EU-4"))
            else:
                route = board.route(r)
                out.append(Line("station", 0, f"Station in {city} lends {route.label()} to the tickets: +0",
                                (r,), (city,), rule="EU-4"))
        return tuple(out)


# -- the board: 8 cities, in the package's map format (docs/maps.md) ------------------------
CITIES = {"Avon": (0.1, 0.1), "Bree": (0.4, 0.1), "Cole": (0.7, 0.1), "Dale": (0.9, 0.3),
          "Erin": (0.1, 0.5), "Fenn": (0.4, 0.4), "Glen": (0.7, 0.5), "Hale": (0.4, 0.7)}
ROUTES = [("Avon", "Bree", 2, "red"), ("Bree", "Cole", 3, "blue"), ("Cole", "Dale", 2, "gray"),
          ("Avon", "Erin", 3, "green"), ("Bree", "Fenn", 2, "yellow"), ("Erin", "Fenn", 2, "gray"),
          ("Fenn", "Glen", 3, "black"), ("Glen", "Dale", 3, "pink"), ("Erin", "Hale", 3, "white"),
          ("Hale", "Glen", 3, "orange"), ("Fenn", "Hale", 1, "gray"), ("Cole", "Glen", 2, "red")]
TICKETS = [("Avon", "Dale", 9), ("Erin", "Cole", 7), ("Bree", "Hale", 4), ("Avon", "Glen", 8),
           ("Erin", "Dale", 10), ("Bree", "Glen", 5), ("Avon", "Hale", 6), ("Fenn", "Dale", 6),
           ("Cole", "Hale", 6), ("Erin", "Bree", 4)]


def map_document() -> dict[str, Any]:
    return {
        "schema_version": 1, "key": "eight_towns", "name": "Eight Towns (a test board)",
        "height": 0.8, "trains_per_player": 14, "double_routes_min_players": 4,
        "decks": {"main": "every ticket"},
        "cities": [{"name": n, "x": x, "y": y, "kind": "city"} for n, (x, y) in CITIES.items()],
        "routes": [{"id": i, "a": a, "b": b, "length": n, "color": c, "double_group": None,
                    "ferry_locos": 0, "tunnel": 0, "mountains": 0}
                   for i, (a, b, n, c) in enumerate(ROUTES, start=1)],
        "tickets": [{"id": f"T{i:02d}", "a": a, "b": b, "points": p, "decks": ["main"]}
                    for i, (a, b, p) in enumerate(TICKETS, start=1)],
    }


@pytest.fixture(scope="module")
def variant(tmp_path_factory):
    """The mechanic and the way to play, registered through the public API (and removed after)."""
    path = tmp_path_factory.mktemp("eight_towns") / "eight_towns.json"
    path.write_text(json.dumps(map_document()), encoding="utf-8")
    register_mechanic("stations", Stations)
    v = register_variant(Variant(
        name="eight-towns", title="Eight Towns with stations", map=str(path), players=(2, 3),
        trains=14, piles={"main": "main"}, setup_tickets=(("main", 3),), setup_keep=1,
        setup_unkept="bottom", draw_pile="main", draw_count=3, draw_keep=1,
        bonuses={"longest_path": 10}, mechanics=("stations",), rules="B-1 to B-8, EU-4"))
    yield v
    unregister_variant("eight-towns")
    unregister_mechanic("stations")


def play(seed: int, players: int = 2) -> ttr_nb.Game:
    """A complete random game: each step a uniform pick of ``legal_actions()``, ``apply``."""
    g = ttr_nb.new_game("eight-towns", players, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if g.over:
            break
        legal = g.legal_actions()
        g.apply(legal[int(rng.random() * len(legal))])
    assert g.over, "the game did not end"
    return g


def test_the_board_loads_from_a_path_outside_the_package(variant):
    board = ttr_nb.load_map(variant.map)
    assert len(board.cities) == 8 and len(board.routes) == len(ROUTES) and len(board.tickets) == 10
    assert variant.piles["main"] == tuple(f"T{i:02d}" for i in range(1, 11))  # the deck named "main"
    assert "eight-towns" in ttr_nb.variants() and variant.mechanics == ("stations",)


def test_EU_4_a_station_is_a_turn_action_paid_one_two_three_cards(variant):
    g = ttr_nb.new_game("eight-towns", 2, seed=3)
    while g.pending != "turn":
        g.apply(g.legal_actions()[0])
    first = [a for a in g.legal_actions() if isinstance(a, BuildStation)]
    assert first and all(sum(n for _, n in a.pay) == 1 for a in first)
    assert {a.city for a in first} == set(CITIES)
    seat = g.current_player
    g.apply(first[0])
    assert g.view(None)["players"][seat]["stations"] == [first[0].city]
    assert any(e.text.startswith(f"{g.names[seat]} builds a station in {first[0].city}") for e in g.log)
    # the city is taken for everyone (one station per city), and the refusal says why
    while g.current_player != seat or g.pending != "turn":
        g.apply(g.legal_actions()[0])
    again = BuildStation(first[0].city, (("locomotive", 2),))
    assert "already has a station" in g.why_not(again)
    second = [a for a in g.legal_actions() if isinstance(a, BuildStation)]
    assert all(sum(n for _, n in a.pay) == 2 and first[0].city != a.city for a in second)


def test_EU_4_a_station_completes_a_ticket_with_a_route_of_another_player(variant):
    """Ana holds Avon–Bree, Bea holds Bree–Cole; Ana's station in Bree lends her Bree–Cole, so
    her ticket Avon–Cole is done; the unused station in Erin scores 4 (E10)."""
    b = ttr_nb.load_map(variant.map)
    ab, bc = b.find_route("Avon", "Bree").id, b.find_route("Bree", "Cole").id
    ticket = ttr_nb.board.Ticket("X1", "Avon", "Cole", 8, frozenset({"main"}))
    ana = Scorer("Ana", (Claim(ab),), (ticket,), extras={"stations": ("Bree", "Erin")})
    bea = Scorer("Bea", (Claim(bc),), ())
    sheet = Scoresheet.compute(b, [ana, bea], {}, mechanics=["stations"])
    assert sheet.tickets(0) == ((ticket, True),)
    assert sheet.line_total(0, "station") == STATION_POINTS
    assert sheet.totals[0] == 2 + 8 + STATION_POINTS
    text = str(sheet)
    assert f"stations +{STATION_POINTS}" in text and "Station in Bree lends Bree–Cole (3, blue)" in text
    assert "Avon–Cole (8) done: Avon → Bree → Cole: +8" in text
    # without the station the ticket is not done, and both stations would score 4
    alone = Scoresheet.compute(b, [Scorer("Ana", (Claim(ab),), (ticket,), extras={"stations": ("Erin",)}),
                                   bea], {}, mechanics=["stations"])
    assert alone.tickets(0) == ((ticket, False),) and alone.totals[0] == 2 - 8 + STATION_POINTS
    # a station never lends its owner's own route, and stations do not lengthen a trail (EU-5)
    assert sheet.trail_length(0) == 2


@pytest.mark.parametrize("seed", range(6))
def test_complete_games_play_score_show_and_replay(variant, seed):
    g = play(seed, players=2 + seed % 2)
    sheet = g.score()
    built = g.view(None)["players"]
    for i, s in enumerate(sheet.scorers):
        stations = s.extra("stations", ())
        assert list(stations) == built[i]["stations"] and len(stations) <= MAX_STATIONS
        lines = [l for l in sheet.lines[i] if l.kind == "station"]
        assert len(lines) == len(stations)
        unused = [l for l in lines if l.points == STATION_POINTS]
        assert sheet.line_total(i, "station") == STATION_POINTS * len(unused)
        assert sum(l.points for l in sheet.lines[i]) == sheet.totals[i]
        # each lent route is another player's, into the station's city
        for l in lines:
            if l.routes:
                r = g.board.route(l.routes[0])
                assert l.cities[0] in (r.a, r.b) and g.route_owners.get(r.id) not in (None, i)
    assert "Scoresheet — Eight Towns" in str(sheet)
    picture = ttr_nb.show(g)
    assert picture.data[:4] == b"\x89PNG"
    again = ttr_nb.Game.from_json(g.to_json())
    assert again.state() == g.state() and str(again.score()) == str(sheet)


def test_stations_are_built_and_used_in_played_games(variant):
    """Over a few games, stations are built, some lend a route that completes a ticket, and
    some stay unused and score 4."""
    built = used = unused = 0
    for seed in range(12):
        g = play(seed)
        sheet = g.score()
        for i, s in enumerate(sheet.scorers):
            built += len(s.extra("stations", ()))
            for l in sheet.lines[i]:
                if l.kind == "station":
                    used += bool(l.routes)
                    unused += l.points == STATION_POINTS
            lent = [l.routes[0] for l in sheet.lines[i] if l.kind == "station" and l.routes]
            if lent:  # the owner's best: the lent routes do change a ticket
                own = [c.route for c in s.claims]
                tix = [g.board.ticket(t) for t in s.tickets]
                assert tickets_done(g.board, own + lent, tix) != tickets_done(g.board, own, tix)
    assert built > 0 and used > 0 and unused > 0


def test_registration_refuses_what_would_not_play(variant, tmp_path):
    """The extension API checks what it is given and says what is wrong."""
    with pytest.raises(ValueError, match="already a variant"):
        register_variant(ttr_nb.get_variant("usa"))
    with pytest.raises(ValueError, match="already a mechanic"):
        register_mechanic("terrain", Stations)
    with pytest.raises(ValueError, match="called 'stations'"):
        register_mechanic("depots", Stations)
    base = dict(name="eight-towns-2", title="t", map=variant.map, players=(2,), trains=10,
                setup_tickets=(("main", 3),), setup_keep=1, setup_unkept="bottom", draw_pile="main",
                draw_count=3, draw_keep=1, bonuses={})
    with pytest.raises(ValueError, match="not registered"):
        register_variant(Variant(piles={"main": "main"}, mechanics=("depots",), **base))
    with pytest.raises(ValueError, match="does not have"):
        register_variant(Variant(piles={"main": "long"}, **base))
    assert "eight-towns-2" not in ttr_nb.variants()  # a refused variant is not kept



def test_register_variant_refuses_what_is_not_a_variant_in_words():
    """A student passing a name where a Variant belongs gets the package's own error saying
    what to pass, and nothing is registered."""
    from ttr_nb.variants import register_variant, variants as names

    before = list(names())
    for bad in ("usa", None, 5, {"name": "x"}):
        with pytest.raises(ValueError, match="register_variant takes a ttr_nb.variants.Variant"):
            register_variant(bad)
    assert list(names()) == before
