"""The mechanic plug (docs/ENGINE.md): a toy mechanic uses the hooks the Heart of Africa and
Team Asia mechanics will use — own state, own action and pending decision, claim hooks, a
drawn-card hook, the view, events — without any change to the core."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

import pytest

import ttr_nb
from ttr_nb.actions import Action, ClaimRoute, DrawCard, register_action
from ttr_nb.events import register_event
from ttr_nb.game import Game
from ttr_nb.rules import MECHANICS, Mechanic

from test_engine_helpers import set_hand


@register_action
@dataclass(frozen=True)
class Wave(Action):
    """A toy action: spend the turn waving (then say 'hello' or 'bye')."""

    kind: ClassVar[str] = "toy-wave"
    rank: ClassVar[int] = 35


@register_action
@dataclass(frozen=True)
class Say(Action):
    word: str = "hello"
    kind: ClassVar[str] = "toy-say"
    rank: ClassVar[int] = 36


@register_event("toy")
def _toy(game, seat, args):
    return f"{game.names[seat]} says {args[0]} (secretly)", f"{game.names[seat]} says something"


class Toy(Mechanic):
    name = "toy"
    action_types = (Wave, Say)
    pending_kinds = ("toy-say",)

    def init(self):
        self.game.ext[self.name] = {"drawn": [0] * self.game.n, "said": []}

    def actions(self, kind):
        if kind == "turn":
            return [Wave()]
        if kind == "toy-say":
            return [Say("bye"), Say("hello")]
        return []

    def why_not(self, action):
        p = self.game.pending
        if isinstance(action, Wave):
            return None if p == "turn" else "not now"
        if isinstance(action, Say):
            if p != "toy-say":
                return "nothing to say now"
            return None if action.word in ("hello", "bye") else f"can't say {action.word!r}"
        return "?"

    def apply(self, action):
        g = self.game
        if isinstance(action, Wave):
            g.pending = "toy-say"
        else:
            self.state["said"].append(action.word)
            g.emit("toy", g.seat, action.word)
            g.end_turn()

    def receive_card(self, seat, card, nth, face_up):
        self.state["drawn"][seat] += 1
        return False

    def claim_points(self, seat, action, route, points):
        return points + 1

    def claim_record(self, seat, action, route):
        return (True, ("toy",))

    def view(self, seat, v):
        v["toy_said"] = list(self.state["said"])


@pytest.fixture()
def toy_game():
    MECHANICS["toy"] = (__name__, "Toy", "the toy mechanic")
    v = replace(ttr_nb.get_variant("usa"), mechanics=("toy",))
    g = Game(v, 2, seed=3)
    while g.pending == "setup-tickets":
        g.apply(g.legal_actions()[0])
    yield g
    del MECHANICS["toy"]


def test_own_action_and_pending_decision(toy_game):
    g = toy_game
    legal = g.legal_actions()  # a mechanic's own action: counted and found like the others
    full = list(legal)
    assert Wave() in legal and len(legal) == len(full) and full == sorted(full)
    assert [legal[k] for k in range(len(legal))] == full and legal[full.index(Wave())] == Wave()
    g.apply(Wave())
    assert g.pending == "toy-say" and g.legal_actions() == [Say("bye"), Say("hello")]
    assert g.why_not(DrawCard("deck")) == "Ana must first finish the pending decision 'toy-say'."
    assert g.why_not(Say("hi")) == "can't say 'hi'"
    ev = g.apply(Say("bye"))
    assert ev[0].text_for(1) == "Ana says something" and ev[0].text_for(0) == "Ana says bye (secretly)"
    assert g.current_player == 1 and g.view(0)["toy_said"] == ["bye"]
    assert g.state()["ext"]["toy"]["said"] == ["bye"]
    g.undo()
    assert g.pending == "toy-say" and g.ext["toy"]["said"] == []


def test_claim_and_draw_hooks(toy_game):
    g = toy_game
    g.apply(DrawCard("deck")), g.apply(DrawCard("deck"))
    assert g.ext["toy"]["drawn"] == [2, 0]
    set_hand(g, 1, locomotive=6)
    r = next(r for r in g.board.routes if r.length == 3)
    ev = g.apply(ClaimRoute.paying(r.id, locomotive=3))
    assert g.points[1] == 5 and ev[0].text.endswith(": +5.")
    assert g.claims[1][-1] == [r.id, True, ["toy"]]


def test_random_play_copy_and_json_with_a_mechanic(toy_game):
    g = toy_game
    rng = random.Random(1)
    while not g.over:
        g.random_step(rng)
        assert g.copy().state_json() == g.state_json()
    assert g.ext["toy"]["said"]  # the random player waved at least once
    assert g.counts()["train_cards"] == 110


def test_B_5_1_a_claim_part_no_mechanic_of_the_game_reads_is_refused_and_nothing_changes():
    """``from_holder`` (Team Asia's holder, TA-10) and ``terrain`` (Heart of Africa doubling, H-5)
    are parts of a claim kept for mechanics (``Mechanic.claim_fields``): in a game without the
    mechanic that reads one, a claim that fills it is refused in words, and the game is as it was."""
    usa = ttr_nb.new_game("usa", 2, seed=3)
    while usa.pending != "turn":
        usa.apply(usa.legal_actions()[0])
    set_hand(usa, 0, red=5, locomotive=2)
    route = next(r for r in usa.board.routes if r.color in ("red", "gray") and r.length <= 5)
    plain = ClaimRoute.paying(route.id, red=route.length)
    assert usa.why_not(plain) is None
    before = usa.state_json()
    with_terrain = replace(plain, terrain=(("desert", 1),))
    assert usa.why_not(with_terrain) == "This game has no Terrain cards: 'terrain' must be empty."
    with pytest.raises(ttr_nb.IllegalAction):
        usa.apply(with_terrain)
    assert usa.why_not(replace(plain, from_holder=(("red", 1),))) == (
        "This game has no team card holder: 'from_holder' must be empty.")
    assert usa.state_json() == before
    africa = ttr_nb.new_game("heart-of-africa", 2, seed=3)
    assert {f for m in africa.mechanics for f in m.claim_fields} == {"terrain"}
    team = ttr_nb.new_game("team-asia", 4, seed=3)
    assert {f for m in team.mechanics for f in m.claim_fields} == {"from_holder"}


def test_a_claim_part_is_worded_by_its_mechanic_even_before_that_mechanic_is_loaded_TA_10_H_5():
    """The words of a claim's parts live with the mechanics that read them
    (``register_claim_part``): a USA game in a fresh interpreter, which never loaded Team Asia
    or The Heart of Africa, still refuses each part in their words; once their games exist the
    parts are worded after the payment."""
    import subprocess
    import sys

    code = (
        "import ttr_nb, dataclasses\n"
        "from ttr_nb.actions import ClaimRoute, CLAIM_PARTS\n"
        "g = ttr_nb.new_game('usa', 2, seed=3)\n"
        "assert not CLAIM_PARTS, CLAIM_PARTS\n"
        "while g.pending != 'turn':\n"
        "    g.apply(g.legal_actions()[0])\n"
        "r = next(r for r in g.board.routes if r.color in ('red', 'gray'))\n"
        "a = ClaimRoute.paying(r.id, red=r.length)\n"
        "print(g.why_not(dataclasses.replace(a, terrain=(('desert', 1),))))\n"
        "print(g.why_not(dataclasses.replace(a, from_holder=(('red', 1),))))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["This game has no Terrain cards: 'terrain' must be empty.",
                                "This game has no team card holder: 'from_holder' must be empty."]
    ttr_nb.new_game("heart-of-africa", 2), ttr_nb.new_game("team-asia", 4)  # (their mechanics loaded)
    doubled = ClaimRoute(1, {"red": 2}, terrain={"locomotive": 1, "desert": 1})
    assert doubled.pay_text() == "2 red, doubled with 1 Desert & Savanna card + 1 Locomotive"
    split = ClaimRoute(1, {"red": 2, "locomotive": 1}, from_holder={"red": 1})
    assert split.pay_text() == "2 red + 1 Locomotive (1 red from the team holder)"
    from ttr_nb.actions import register_claim_part
    with pytest.raises(ValueError, match="no field 'stations'"):
        register_claim_part("stations", "train stations", str)


def test_B_5_1_to_B_5_3_payable_is_whether_any_payment_is_listed():
    """``claiming.payable`` (what the players ask before they plan a claim) says yes exactly
    when the payment rule lists a payment (``base_payments``), on every route of every board,
    for random hands."""
    from ttr_nb.rules import claiming

    rng = random.Random(32)
    for name in ("usa", "legendary_asia", "heart_of_africa", "team_asia"):
        board = ttr_nb.load_map(name)
        T = claiming.tables(board)
        for _ in range(300):
            counts = [rng.choice((0, 0, 1, 2, 3, 4, 6)) for _ in range(9)]
            for i in range(T.n):
                listed = bool(claiming.base_payments(counts, T.rlen[i], T.rcol[i], T.rferry[i]))
                assert claiming.payable(T.rlen[i], T.rferry[i], T.rcol[i], counts) == listed, (name, i, counts)
