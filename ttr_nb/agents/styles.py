"""The four playing styles of the playtesting study, as computer players.

de Mesentier Silva, Lee, Togelius and Nealen ("AI-based Playtesting of Contemporary Board
Games", FDG 2017) describe four players that each play like a kind of human player. These are
our own versions, built from those descriptions on the greedy player's machinery (its plan of
cheapest paths, its way of drawing the colours a plan needs and of paying):

- ``"route-focus"`` (:class:`RouteFocusAgent`): one Destination Ticket at a time, the most
  valuable first; claims only the routes of that ticket's cheapest path.
- ``"destination-hungry"`` (:class:`DestinationHungryAgent`): collects Destination Tickets,
  keeps every one that fits, draws more while its plan is short.
- ``"long-route"`` (:class:`LongRouteAgent`): plays for route points: claims long routes (5 or
  more spaces) whenever it can, keeps as few tickets as it may and never draws more.
- ``"one-step"`` (:class:`OneStepAgent`): looks one move ahead only: whenever it can claim a
  route it claims the one worth most points now (a ticket it completes counts too).

What they do on the other boards: each plays its own (its team's) tickets with the greedy
player's rules for the board's mechanics, so Terrain cards (The Heart of Africa), tunnels and
the team's ticket holder (Team Asia), mountains (Legendary Asia) and train stations (Europe)
are handled as by :class:`~ttr_nb.agents.GreedyAgent`: doubling a claim when it is worth it,
trying a tunnel only with a card to spare, sharing the ticket that takes the most trains,
building a station (before anything else on its turn) for a ticket that needs one and
counting each station's loan as its own route.
"""
from __future__ import annotations

from typing import Any

from ..actions import Action, ClaimRoute, DrawTickets
from ..game import Game
from .claimable import _Claimable
from .greedy import GreedyAgent
from .mechanics import _tickets, _tunnel_ok

LONG = 5
"""A route of this many spaces or more is a long route (6 and 5 on every shipped board)."""


class _Options:
    """The routes ``seat`` may claim on its turn and their payments: from the card counts (as
    the greedy player reads them) when the board's mechanics allow it, else from
    ``game.legal_actions()``. Tunnels only with a card to spare (:func:`_tunnel_ok`)."""

    def __init__(self, game: Game, seat: int):
        self.game = game
        hooks = game._hooks["claim_options"]
        self.by_route: dict[int, list[ClaimRoute]] | None = None
        if hooks and not all(m.claim_options_in_order for m in hooks):
            by: dict[int, list[ClaimRoute]] = {}
            for a in game.legal_actions():
                if isinstance(a, ClaimRoute) and _tunnel_ok(game, seat, a):
                    by.setdefault(a.route, []).append(a)
            self.by_route = by
            self.can = None
        else:
            self.can = _Claimable(game, seat)

    def longest(self, ids: list[int] | None) -> int | None:
        """The route id of the longest claimable route of ``ids`` (the first of equals), or of
        the whole board (``None``: the longest, then the lowest id); None if none."""
        if self.can is not None:
            i = self.can.longest(ids)
            return None if i is None else self.game.T.rid[i]
        by = self.by_route
        rlen = self.game.T.rlen
        idx = self.game.T.idx
        pool = [r for r in (ids if ids is not None else sorted(by)) if r in by]
        if not pool:
            return None
        return max(pool, key=lambda r: (rlen[idx[r]], -pool.index(r)))

    def claims(self, route: int) -> list[ClaimRoute]:
        """The legal claims of ``route`` (empty if it can't be claimed now)."""
        if self.can is not None:
            return self.can.claims(self.game.T.idx[route])
        return list(self.by_route.get(route, ()))  # type: ignore[union-attr]


class RouteFocusAgent(GreedyAgent):
    """Route focus: one Destination Ticket at a time.

    - Tickets: keeps the fewest it may (those adding the fewest trains, as the greedy player
      does); with every ticket done or lost it draws new ones while it has 16 trains or more.
    - Turn: its *focus* is its most valuable ticket not yet done that it can still do (the
      first of equals in the order kept). It claims a route of the cheapest path of that
      ticket when it can (the longest first) and otherwise draws the colours that path
      needs; it claims nothing off that path. With nothing to do it claims the longest route
      it can.
    """

    name = "route-focus"
    comfort = 0.0

    def _wanted(self, game: Game, seat: int) -> list[int]:
        trains = game.trains[seat]
        best = None
        for k, tid in enumerate(_tickets(game, seat)):
            t = game.board.ticket(tid)
            cost, path = self._costs(game, seat, t.a, t.b)
            if path and cost <= trains:
                key = (-t.points, k)
                if best is None or key < best[0]:
                    best = (key, path)
        return list(best[1]) if best else []

    def __repr__(self) -> str:
        return f"RouteFocusAgent(seed={self.seed!r})"


class DestinationHungryAgent(GreedyAgent):
    """Destination hungry: collects Destination Tickets.

    - Tickets: keeps every offered ticket while the whole plan fits in 85 % of its trains
      (the cheapest to add first, a ticket on its network costs nothing), and draws more on
      its turn while the plan takes at most 80 % of its trains, it has 20 trains or more and
      fewer than 10 tickets.
    - Turn: otherwise plays as the greedy player: claims a route of its plan (the longest
      first), else draws the colours the plan needs.
    """

    name = "destination-hungry"
    comfort = 0.85
    draw_tickets_trains = 12
    hungry_share: float = 0.8
    """It draws more tickets while its plan takes at most this share of its trains."""

    def choose(self, game: Game) -> Action:
        if game.pending == "turn" and game.mechanics:  # a train station first (Europe, EU-4)
            st = self._station(game)
            if st is not None:
                return st
        if game.pending == "turn" and game.tdeck:
            seat = game.current_player
            trains = game.trains[seat]
            if trains >= 20 and len(_tickets(game, seat)) < 10:
                total, _ = self.plan(game, seat)
                if total <= self.hungry_share * trains and game.why_not(_DRAW_TICKETS) is None:
                    return _DRAW_TICKETS
        return super().choose(game)

    def __repr__(self) -> str:
        return f"DestinationHungryAgent(seed={self.seed!r})"


class LongRouteAgent(GreedyAgent):
    """Long route: plays for the points of long routes.

    - Tickets: keeps the fewest it may (those adding the fewest trains) and never draws more.
    - Turn: its targets are the long routes (5 or more spaces) still open to it, the ones its
      hand is nearest to paying first, then the routes of its tickets' plan. It claims the
      longest target it can; otherwise it draws the colours of the first targets. With no
      target left it claims the longest route it can.
    """

    name = "long-route"
    comfort = 0.0
    draw_tickets_trains = 10 ** 6

    def _wanted(self, game: Game, seat: int) -> list[int]:
        T = game.T
        hand = game.hands[seat]
        isopen = game.openf[seat]
        trains = game.trains[seat]
        top = max(hand[:8])
        loco = hand[8]
        longs = []
        for i in range(T.n):
            if T.rlen[i] >= LONG and isopen[i] and T.rneed[i] <= trains:
                c = T.rcol[i]
                have = (top if c == 8 else hand[c]) + loco
                longs.append((T.rlen[i] - have, -T.rlen[i], T.rid[i]))
        longs.sort()
        out = [r for _, _, r in longs]
        seen = set(out)
        out += [r for r in super()._wanted(game, seat) if r not in seen]
        return out

    def __repr__(self) -> str:
        return f"LongRouteAgent(seed={self.seed!r})"


class OneStepAgent(GreedyAgent):
    """One-step thinking: the best move now, no waiting.

    - Tickets: keeps the fewest it may (those adding the fewest trains); with every ticket
      done or lost it draws new ones while it has 16 trains or more.
    - Turn: whenever it can claim a route it claims the one worth most points *now*: the
      route's points, plus the points of each of its tickets this claim completes (a route
      of its plan wins ties). Only when it can claim nothing does it draw, the colours its
      plan needs (as the greedy player).
    """

    name = "one-step"
    comfort = 0.0

    def choose(self, game: Game) -> Action:
        if game.pending == "turn":
            if game.mechanics:  # a train station first (Europe, EU-4)
                st = self._station(game)
                if st is not None:
                    return st
            seat = game.current_player
            a = self._best_claim(game, seat)
            if a is not None:
                return a
        return super().choose(game)

    def _best_claim(self, game: Game, seat: int) -> ClaimRoute | None:
        opts = _Options(game, seat)
        any_best = opts.longest(None)
        if any_best is None:
            return None
        wanted = self._wanted(game, seat)
        T = game.T
        gain: dict[int, int] = {}  # route id -> ticket points it completes
        trains = game.trains[seat]
        for tid in _tickets(game, seat):
            t = game.board.ticket(tid)
            cost, path = self._costs(game, seat, t.a, t.b)
            if len(path) == 1 and cost <= trains:
                gain[path[0]] = gain.get(path[0], 0) + t.points
        cands = [any_best]
        plan_best = opts.longest(wanted) if wanted else None
        if plan_best is not None:
            cands.append(plan_best)
        for r in gain:
            if r not in cands and opts.claims(r):
                cands.append(r)
        onplan = set(wanted)

        def value(r: int) -> tuple:
            return (T.rpts[T.idx[r]] + gain.get(r, 0), r in onplan, -r)

        best = max(cands, key=value)
        claims = opts.claims(best)
        return self._pay(game, seat, claims) if claims else None

    def __repr__(self) -> str:
        return f"OneStepAgent(seed={self.seed!r})"


_DRAW_TICKETS = DrawTickets()

STYLES: dict[str, type] = {
    "route-focus": RouteFocusAgent,
    "destination-hungry": DestinationHungryAgent,
    "long-route": LongRouteAgent,
    "one-step": OneStepAgent,
}
"""Style name -> class (each takes a ``seed``)."""

__all__ = ["RouteFocusAgent", "DestinationHungryAgent", "LongRouteAgent", "OneStepAgent", "STYLES", "LONG"]


def describe(name: str) -> str:
    """The first paragraph of a style's description (for tables and the lesson)."""
    cls: Any = STYLES[name]
    return (cls.__doc__ or "").strip().split("\n")[0]
