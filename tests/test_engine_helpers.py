"""Helpers for the engine's rule tests: set up a position by hand.

The rule tests arrange cards directly in the game's state (the face-up display, the top of
the deck, a hand), then play actions through the public API. The helpers here keep the
engine's caches honest (the legal-action cache is invalidated after every change). The
tests at the bottom check the helpers themselves.
"""
from __future__ import annotations

from typing import Iterable

import ttr_nb
from ttr_nb.actions import DrawCard
from ttr_nb.cards import CARD_INDEX, EMPTY
from ttr_nb.game import Game
from ttr_nb.rules import claiming


def past_setup(variant: str = "usa", players: int = 2, seed: int = 0, **policies) -> Game:
    """A new game where every seat kept its first legal ticket choice."""
    g = ttr_nb.new_game(variant, players, seed=seed, **policies)
    while g.pending == "setup-tickets":
        g.apply(g.legal_actions()[0])
    return g


def cards(names: Iterable[str]) -> list[int]:
    return [CARD_INDEX[n] for n in names]


def touch(g: Game) -> None:
    g._version += 1


def set_display(g: Game, names: Iterable[str | None]) -> None:
    """Lay out the face-up display (None = an empty slot)."""
    g.display[:] = [EMPTY if n is None else CARD_INDEX[n] for n in names]
    touch(g)


def set_deck(g: Game, top_first: Iterable[str], rest: Iterable[str] = ()) -> None:
    """The deck, its top card first (``rest`` goes under them, last = bottom)."""
    deck = cards(list(top_first) + list(rest))
    g.deck[:] = list(reversed(deck))
    touch(g)


def set_discard(g: Game, names: Iterable[str]) -> None:
    g.discard[:] = cards(names)
    touch(g)


def set_hand(g: Game, seat: int, **counts: int) -> None:
    h = g.hands[seat]
    h[:] = [0] * 9
    for k, v in counts.items():
        h[CARD_INDEX[k]] = v
    touch(g)


def give_route(g: Game, seat: int, route_id: int) -> None:
    """Make ``seat`` the owner of a route (trains and points as a claim), without a turn."""
    i = g.T.idx[route_id]
    g.owner[i] = seat
    g.trains[seat] -= g.T.rlen[i]
    g.points[seat] += g.T.rpts[i]
    g.claims[seat].append([route_id, False, []])
    claiming.close_route(g, seat, i)
    touch(g)


def route_id(g: Game, a: str, b: str, color: str | None = None) -> int:
    return g.board.find_route(a, b, color).id


# -- the helpers' own tests ----------------------------------------------------------------
def test_past_setup_reaches_the_first_turn():
    g = past_setup("usa", 3, seed=2)
    assert g.pending == "turn" and g.current_player == 0
    assert all(len(g.tickets(s)) >= 2 for s in range(3))


def test_set_deck_puts_the_first_card_on_top():
    g = past_setup()
    set_deck(g, ["red", "blue"], ["green"])
    set_display(g, ["white"] * 5)
    g.apply(DrawCard("deck"))
    assert g.hands[0][CARD_INDEX["red"]] >= 1
    assert g.deck == [CARD_INDEX["green"], CARD_INDEX["blue"]]
