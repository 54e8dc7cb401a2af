"""What the players know of the boards' mechanics: tunnels (a card to spare for the reveal,
EU-3), Team Asia's holders (TA-4, TA-15), Heart of Africa's Terrain cards (H-5, H-6), Europe's
train stations (EU-4: public, :func:`_stations`).

This is the players' one place that reads a mechanic's state: each read goes through the
game's mechanic (its ``state``), found by its class in ``game.mechanics``, never through
``game.ext``.
"""
from __future__ import annotations

from typing import Any, TypeVar

from ..actions import ClaimRoute
from ..cards import LOCO
from ..game import Game
from ..rules import claiming
from ..rules.mechanic import Mechanic
from ..rules.stations import STATIONS_PER_PLAYER, TrainStations
from ..rules.teams import Teams
from ..rules.terrain import Terrain, terrain_of

_M = TypeVar("_M", bound=Mechanic)


def _mechanic(game: Game, cls: type[_M]) -> _M | None:
    """The game's mechanic of class ``cls``; None in a game without it."""
    for m in game.mechanics:
        if isinstance(m, cls):
            return m
    return None


def _holder_tickets(game: Game, seat: int) -> list[int]:
    """The tickets (numbers in ``game.tix``) in the ticket holder of ``seat``'s team (Team Asia,
    TA-4, TA-15: the team plays for them); [] in a game without teams. The game's own list:
    not to be changed. (A hot path may skip the call in a game without mechanics.)"""
    for m in game.mechanics:  # (``_mechanic``, inline: asked at every greedy decision)
        if isinstance(m, Teams):
            return m.state["tickets"][game.side[seat]]
    return []


def _team_holders(game: Game) -> tuple[list[list[int]], list[list[int]]] | None:
    """Team Asia's holders by team: (the card holders' 9 counts, the ticket holders' ticket
    numbers), the game's own lists (a determinised copy deals them again in place); None in
    a game without teams."""
    m = _mechanic(game, Teams)
    if m is None:
        return None
    st = m.state
    return st["cards"], st["tickets"]


def _hidden_holders(game: Game, seat: int) -> list[int]:
    """The teams whose holders ``seat`` cannot see (``Teams.hidden_holders``: TA-5, TA-6); []
    in a game without teams."""
    m = _mechanic(game, Teams)
    return m.hidden_holders(seat) if m is not None else []


def _terrain(game: Game) -> dict[str, Any] | None:
    """The Terrain cards' state (The Heart of Africa, H-4, H-5: ``'deck'``, ``'held'`` per seat,
    ...), the game's own; None in a game without Terrain cards."""
    m = _mechanic(game, Terrain)
    return m.state if m is not None else None


def _stations(game: Game) -> list[list[str]] | None:
    """The train stations' cities of each seat, in the order built (Europe, EU-4: public, every
    seat sees them), the game's own lists (not to be changed); None in a game without
    stations."""
    for m in game.mechanics:  # (``_mechanic``, inline)
        if isinstance(m, TrainStations):
            return m.state["built"]
    return None


def _stations_left(game: Game, seat: int) -> int:
    """Train stations ``seat`` may still build (EU-1: 3 each); 0 in a game without stations."""
    built = _stations(game)
    return 0 if built is None else STATIONS_PER_PLAYER - len(built[seat])


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
    held = _holder_tickets(game, seat)
    if not held:
        return own
    return own + [game.tix[t].id for t in held]


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
    for m in game.mechanics:  # (``_terrain``, inline)
        if isinstance(m, Terrain):
            held = m.state["held"]
            break
    else:
        return None
    for r in wanted[:4]:
        route = game.board.route(r)
        if route.length >= 4:
            t = terrain_of(route)
            mine = held[seat][t]
            if mine < 2 and mine + 1 >= max((h[t] for o, h in enumerate(held) if o != seat), default=0):
                return t
            return None
    return None
