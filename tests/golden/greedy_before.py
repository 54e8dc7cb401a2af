"""A frozen copy of ``ttr_nb.agents.GreedyAgent`` as it was before the fast rewrite (issue 16).

The reference the fast agent is tested against (tests/test_agents_greedy.py) and measured
against (benchmarks/bench_greedy_strength.py): it must choose exactly the same actions. Copied
verbatim; only the imports are adjusted and the classes renamed (GreedyBefore,
NoTerrainBefore). Do not edit.
"""
from __future__ import annotations

import heapq
import random
from typing import Any

from ttr_nb.actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ttr_nb.cards import CARD_NAMES, LOCO
from ttr_nb.game import Game


class GreedyBefore:
    """Chases its tickets along the cheapest paths.

    - Plan: one network for all its unfinished tickets, cheapest ticket first, each joined by
      the cheapest path in trains over its own (its team's) routes and the routes already
      planned (free) and the routes still open to it (their trains); see :meth:`plan`.
    - Tickets: keeps the minimum it must, the ones that add the fewest trains to the plan
      (the fewest points at stake when none can be done), then more only while the whole plan
      fits comfortably in the trains left (``comfort``, a share of them, see :meth:`budget`);
      a ticket the plan already joins costs nothing. In Team Asia the plan holds the team's
      holder tickets and reuses the partner's routes, and the ticket put into the holder is
      the one that takes the most trains (both partners work on it).
    - Turn: claims a route of the plan when it can (the longest first, paying with as few
      Locomotives as possible); otherwise draws the colours those routes need (a face-up card
      of a needed colour, else the deck). With every ticket done or lost it draws new tickets
      while it has ``draw_tickets_trains`` trains or more, or claims the longest route it can.
    - Ties are broken with its own seeded RNG, so a game is reproducible.
    """

    comfort: float = 0.6
    """Extra tickets are kept only while the plan takes at most this share of the trains left."""
    draw_tickets_trains: int = 16
    """It draws new tickets (all its tickets done or lost) only with this many trains or more."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    # -- the board as the seat sees it ------------------------------------------------------
    def _costs(self, game: Game, seat: int, a: str, b: str, free: frozenset[int] | set[int] = frozenset()
               ) -> tuple[int, list[int]]:
        """Cheapest trains from a to b over own (0), ``free`` (0: planned already) and claimable
        (their trains) routes; (cost, ids of the routes still to claim)."""
        board = game.board
        T = game.T
        own = game.owner
        openf = game.openf[seat]
        side = game.side
        me = side[seat]  # a Team Asia team's routes are the agent's own (TA-15)
        adj = _adjacency(game)
        dist = {a: 0}
        prev: dict[str, tuple[str, int]] = {}
        heap = [(0, a)]
        while heap:
            d, city = heapq.heappop(heap)
            if city == b:
                break
            if d > dist.get(city, 1 << 30):
                continue
            if board.cities[city].is_country and city != a:
                continue  # a country is a dead end (H-8.2)
            for other, i in adj[city]:
                if own[i] >= 0 and side[own[i]] == me:
                    w = 0
                elif openf[i] and own[i] < 0:
                    w = 0 if free and T.rid[i] in free else T.rneed[i]
                else:
                    continue
                nd = d + w
                if nd < dist.get(other, 1 << 30):
                    dist[other] = nd
                    prev[other] = (city, i)
                    heapq.heappush(heap, (nd, other))
        if b not in dist:
            return 1 << 30, []
        path = []
        c = b
        while c != a:
            c, i = prev[c]
            if own[i] < 0 or side[own[i]] != me:
                path.append(T.rid[i])
        return dist[b], path

    def plan(self, game: Game, seat: int, tickets: list[str] | None = None,
             free: frozenset[int] | set[int] = frozenset()) -> tuple[int, list[int]]:
        """The network for ``tickets`` (default: this seat's, and its team's holder): (trains it
        still takes, route ids to claim, cheapest ticket first). Each unfinished ticket is
        joined by the cheapest path given the routes planned before it (and ``free``); a
        ticket that can't be joined, or not with the trains left, is left out (lost)."""
        if tickets is None:
            tickets = _tickets(game, seat)
        trains = game.trains[seat]
        alone = []
        for tid in tickets:
            t = game.board.ticket(tid)
            cost, path = self._costs(game, seat, t.a, t.b, free)
            if path and cost <= trains:
                alone.append((cost, -t.points, tid))
        alone.sort()
        planned = set(free)
        order: list[int] = []
        total = 0
        for _, _, tid in alone:
            t = game.board.ticket(tid)
            cost, path = self._costs(game, seat, t.a, t.b, planned)
            if not path or total + cost > trains:
                continue
            total += cost
            for i in path:
                if i not in planned:
                    planned.add(i)
                    order.append(i)
        return total, order

    def _wanted(self, game: Game, seat: int) -> list[int]:
        """Route ids of the plan (:meth:`plan`), cheapest ticket first."""
        return self.plan(game, seat)[1]

    def budget(self, game: Game, seat: int) -> float:
        """Trains the plan may take comfortably: ``comfort`` × the seat's trains left. In Team
        Asia too (a player places only their own trains, TA-2), though the plan counts the
        team's holder tickets and reuses the partner's routes."""
        return self.comfort * game.trains[seat]

    # -- choosing -------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        seat = game.current_player
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        p = game.pending
        if p in ("setup-tickets", "keep-tickets"):
            return self._keep(game, seat, legal)
        if p == "second-card":
            return self._draw(game, seat, legal, second=True)
        if p == "tunnel":  # pay the extra tunnel cards with the fewest Locomotives, else give up
            pays = [a for a in legal if getattr(a, "pay", None) is not None]
            if pays:
                return min(pays, key=lambda a: (sum(n for k, n in a.pay if k == "locomotive"), a))
        if p in ("share-setup", "share-kept"):
            return self._share(game, seat, legal)
        if p != "turn":
            return legal[int(self.rng.random() * len(legal))]
        wanted = self._wanted(game, seat)
        claims = [a for a in legal if isinstance(a, ClaimRoute) and _tunnel_ok(game, seat, a)]
        by_route: dict[int, list[ClaimRoute]] = {}
        for a in claims:
            by_route.setdefault(a.route, []).append(a)
        good = [r for r in wanted if r in by_route]
        if good:
            r = max(good, key=lambda r: (game.board.route(r).length, -good.index(r)))
            return self._pay(game, seat, by_route[r])
        if not wanted:
            if (DrawTickets() in legal and game.trains[seat] >= self.draw_tickets_trains
                    and len(game.tickets(seat)) < 8):
                return DrawTickets()
            if claims:
                best = max(by_route, key=lambda r: (game.board.route(r).length, -r))
                return self._pay(game, seat, by_route[best])
        return self._draw(game, seat, legal, second=False, wanted=wanted)

    def _share(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """Team Asia (TA-11, TA-12): put into the team's ticket holder the ticket that takes the
        most trains, so that both partners work on it (its partner sees the holder)."""
        def key(a: Action) -> tuple:
            tid = a.tickets[0]  # type: ignore[attr-defined]
            t = game.board.ticket(tid)
            cost = self._costs(game, seat, t.a, t.b)[0]
            return (-min(cost, 999), -t.points, tid)

        return min(legal, key=key)

    def _pay(self, game: Game, seat: int, options: list[ClaimRoute]) -> ClaimRoute:
        """The payment with the fewest Locomotives, then of the colour held most."""
        hand = game.hands[seat]

        def key(a: ClaimRoute) -> tuple:
            col = a.color
            held = hand[CARD_NAMES.index(col)] if col in CARD_NAMES else 0
            return (a.locos, -_doubling_gain(game, a), -held, a.sort_key())

        return min(options, key=key)

    def _needed_colours(self, game: Game, seat: int, wanted: list[int]) -> list[str]:
        hand = game.hands[seat]
        need: dict[str, int] = {}
        for r in wanted[:4]:
            route = game.board.route(r)
            if route.color == "gray":
                best = max(range(8), key=lambda c: (hand[c], -c))
                col = CARD_NAMES[best]
            else:
                col = route.color
            short = route.length - hand[CARD_NAMES.index(col)]
            if short > 0:
                need[col] = need.get(col, 0) + short
        return sorted(need, key=lambda c: (-need[c], CARD_NAMES.index(c)))

    def _draw(self, game: Game, seat: int, legal: list[Action], second: bool,
              wanted: list[int] | None = None) -> Action:
        draws = [a for a in legal if isinstance(a, DrawCard)]
        if not draws:
            others = [a for a in legal if not isinstance(a, DrawTickets)] or legal
            return others[int(self.rng.random() * len(others))]
        if wanted is None:
            wanted = self._wanted(game, seat)
        for col in self._needed_colours(game, seat, wanted):
            a = DrawCard(col)
            if a in draws:
                return a
        wish = _terrain_wish(game, seat, wanted)
        for a in legal:
            if wish is not None and a.kind == "terrain" and getattr(a, "source", None) == wish:
                return a
        if DrawCard("deck") in draws:
            return DrawCard("deck")
        if not second and DrawCard("locomotive") in draws:
            return DrawCard("locomotive")
        return draws[int(self.rng.random() * len(draws))]

    def _keep(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """Keep the minimum (the tickets adding the fewest trains to the plan), then more while
        the plan fits in :meth:`budget` (class docstring)."""
        offered = game.offered_tickets(seat)
        lo = min(len(a.tickets) for a in legal if isinstance(a, KeepTickets))
        total, order = self.plan(game, seat)
        planned = set(order)
        budget = self.budget(game, seat)
        trains = game.trains[seat]
        left = list(offered)
        keep: list[str] = []
        while left:
            best = None
            for tid in left:
                t = game.board.ticket(tid)
                cost, path = self._costs(game, seat, t.a, t.b, planned)
                ok = bool(path) or cost == 0
                if len(keep) < lo:  # must keep: the cheapest, or the least lost
                    key = (0, cost, -t.points, tid) if ok and cost <= trains else (1, t.points, 0, tid)
                else:  # may keep: the most points per added train
                    key = (0, cost / max(t.points, 1), -t.points, tid)
                if best is None or key < best[0]:
                    best = (key, tid, cost, path, ok)
            _, tid, cost, path, ok = best
            if len(keep) >= lo and (not ok or total + cost > budget):
                break
            keep.append(tid)
            left.remove(tid)
            if ok and cost <= trains:
                total += cost
                planned.update(path)
        a = KeepTickets(tuple(keep))
        return a if a in legal else legal[0]

    def __repr__(self) -> str:
        return f"GreedyBefore(seed={self.seed!r})"


def _tunnel_ok(game: Game, seat: int, a: ClaimRoute) -> bool:
    """Try a tunnel only with a spare card of the colour used (or a Locomotive) left over for
    the reveal (EU-3); other routes are always fine."""
    if not game.board.route(a.route).tunnel:
        return True
    from ttr_nb.rules.claiming import cards_of

    have = cards_of(game, seat)
    pay = a.counts()
    col = next((c for c in range(8) if pay[c]), LOCO)
    spare = have[LOCO] - pay[LOCO] + (have[col] - pay[col] if col != LOCO else 0)
    return spare >= 1


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
    from ttr_nb.rules.terrain import terrain_of

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


def _done(game: Game, seat: int, tid: str) -> bool:
    t = game.board.ticket(tid)
    cost, _ = GreedyBefore()._costs(game, seat, t.a, t.b)
    return cost == 0


_ADJ: dict[int, tuple[Any, dict[str, list[tuple[str, int]]]]] = {}


def _adjacency(game: Game) -> dict[str, list[tuple[str, int]]]:
    hit = _ADJ.get(id(game.board))
    if hit is None or hit[0] is not game.board:
        adj: dict[str, list[tuple[str, int]]] = {c: [] for c in game.board.cities}
        for i, r in enumerate(game.board.routes):
            adj[r.a].append((r.b, i))
            adj[r.b].append((r.a, i))
        hit = _ADJ[id(game.board)] = (game.board, adj)
    return hit[1]


class NoTerrainBefore(GreedyBefore):
    """The greedy agent that never touches Terrain cards (The Heart of Africa): it draws a train
    card where the greedy agent would draw a Terrain card (a Terrain card only when no train card
    can be drawn), and claims without doubling. Play it
    against :class:`GreedyAgent` to measure what doubling adds (:func:`ttr_nb.lab.doubling_duel`).
    Not in :data:`AGENTS`: pass it to :func:`play_game` as an object."""

    name = "greedy-no-terrain"

    def choose(self, game: Game) -> Action:
        a = super().choose(game)
        if isinstance(a, ClaimRoute) and a.terrain:
            return ClaimRoute(a.route, a.pay, a.from_holder)
        if a.kind == "terrain":
            draws = [x for x in game.legal_actions() if isinstance(x, DrawCard)]
            if draws:
                return DrawCard("deck") if DrawCard("deck") in draws else draws[0]
        return a

    def __repr__(self) -> str:
        return f"NoTerrainBefore(seed={self.seed!r})"
