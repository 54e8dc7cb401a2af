"""Turns and the end of the game (B-3.1, B-3.4, B-7).

At the end of every turn: if nobody triggered the end yet and the player who just played has
``end_trigger_trains`` trains or fewer (2; B-7.1), the final round starts: every player, that
one included, gets exactly one more turn (B-7.2); the trigger fires once (B-7.3). A mechanic
may replace the trigger test (Team Asia: a team's trains, TA-21).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import EMPTY

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def triggered(g: "Game", seat: int) -> bool:
    """Does ``seat``'s reserve start the final round now (B-7.1)?"""
    for m in g._hooks["end_check"]:
        r = m.end_check(seat)
        if r is not None:
            return r
    return g.trains[seat] <= g.variant.end_trigger


def end_turn(g: "Game", passed: bool = False) -> None:
    """Close the current player's turn: end trigger, final round, next player."""
    seat = g.seat
    if EMPTY in g.display and (g.deck or g.discard):
        g.refill_display()  # B-4.8: empty slots are filled as soon as cards are back
    g.turn += 1
    if passed:
        g.passes += 1
    elif g.passes:
        g.passes = 0
    if g.final_left > 0:
        g.final_left -= 1
        if g.final_left == 0:
            g.pending = "over"
            g.emit("game_over", None, "final_round")
            return
    elif g.trigger < 0 and (triggered(g, seat) if g._hooks["end_check"]
                            else g.trains[seat] <= g.variant.end_trigger):
        g.trigger = seat
        g.final_left = g.n
        g.emit("final_round", seat, g.trains[seat])
    if passed and g.passes >= g.n and g.policies["all_pass_ends_game"]:
        g.pending = "over"
        g.emit("game_over", None, "passes")
        return
    g.seat = (seat + 1) % g.n
    g.pending = "turn"
