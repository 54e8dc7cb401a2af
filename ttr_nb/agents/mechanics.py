"""What the greedy players know of the boards' mechanics: tunnels (a card to spare for the
reveal, EU-3), Team Asia's ticket holder (TA-15), Heart of Africa's Terrain cards (H-5, H-6)."""
from __future__ import annotations

from ..actions import ClaimRoute
from ..cards import LOCO
from ..game import Game
from ..rules import claiming


def _tunnel_ok(game: Game, seat: int, a: ClaimRoute) -> bool:
    """Try a tunnel only with a spare card of the colour used (or a Locomotive) left over for
    the reveal (EU-3); other routes are always fine."""
    return not game.board.route(a.route).tunnel or _spare(claiming.cards_of(game, seat), a)


def _spare(have: list[int], a: ClaimRoute) -> bool:
    """Whether paying ``a`` from the counts ``have`` leaves a card of the colour used (or a
    Locomotive) for a tunnel's reveal."""
    pay = a.counts()
    col = next((c for c in range(8) if pay[c]), LOCO)
    return have[LOCO] - pay[LOCO] + (have[col] - pay[col] if col != LOCO else 0) >= 1


def _tickets(game: Game, seat: int) -> list[str]:
    """The tickets ``seat`` plays for: its own, plus its team's ticket holder (Team Asia, TA-15)."""
    own = game.tickets(seat)
    st = game.ext.get("teams")
    if st is None:
        return own
    return own + [game.tix[t].id for t in st["tickets"][game.side[seat]]]


def _doubling_gain(game: Game, a: ClaimRoute) -> int:
    """What doubling a claim with Terrain cards is worth to the greedy agent (Heart of Africa,
    H-5, H-6): the route's points again, minus 4 for each Locomotive spent as a Terrain card."""
    if not a.terrain:
        return 0
    locos = sum(n for k, n in a.terrain if k == "locomotive")
    return game.board.route_points(game.board.route(a.route).length) - 4 * locos


def _terrain_wish(game: Game, seat: int, wanted: list[int]) -> str | None:
    """The face-up Terrain type worth a draw (Heart of Africa): that of the first wanted route
    of 4+ spaces, while the seat holds fewer than the 2 cards that double it and one more card
    keeps it level with every other player (H-5.2, H-5.3)."""
    st = game.ext.get("terrain")
    if st is None:
        return None
    from ..rules.terrain import terrain_of

    held = st["held"]
    for r in wanted[:4]:
        route = game.board.route(r)
        if route.length >= 4:
            t = terrain_of(route)
            mine = held[seat][t]
            if mine < 2 and mine + 1 >= max((h[t] for o, h in enumerate(held) if o != seat), default=0):
                return t
            return None
    return None
