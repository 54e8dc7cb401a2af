"""Players: a random agent, a greedy agent, four playing styles (:mod:`.styles`), a search
player (:mod:`.search`), and :func:`play_game`.

>>> from ttr_nb.agents import play_game
>>> game = play_game("usa", players=2, seed=3, agents=("greedy", "random"))
>>> game.over
True

Agents see what their seat may see: their own hand and tickets and the public board
(they read ``game.view(seat)``-level facts only).
"""
from __future__ import annotations

import heapq
import random
from typing import Any, Sequence

from ..actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ..cards import CARD_NAMES, EMPTY, GRAY_INDEX, LOCO, rng_for
from ..game import Game, new_game
from ..errors import IllegalAction, shown
from ..rules import claiming


class RandomAgent:
    """Chooses uniformly among the legal actions (one ``rng.random()`` per action)."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed) if not isinstance(seed, random.Random) else seed

    def choose(self, game: Game) -> Action:
        return game.random_action(self.rng)

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


class GreedyAgent:
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

    How it is fast (its choices are exactly those described above, and those of the slower
    agent it replaced): the board is integer-indexed once (cities numbered in name order, so
    equal paths tie as they did by name); each seat's view of the routes (its own, open with
    their trains, closed) is brought up to date from the claims made since it last looked;
    every cheapest-path search is remembered with the routes it looked at and those it went
    through, and forgotten only when a change of one of them could change it (the plan's
    ticket order needs the cheapest trains only, remembered apart and corrected in place
    when a route on its path is claimed); a whole plan is remembered until a route, the
    tickets or the trains change. On a turn or a second card it reads what it can pay from
    the card counts (``game.T`` tables, as the engine lists claims) and builds the payments
    of the one route it claims, never every legal action; ticket choices, the decisions of
    the mechanics and a turn with fewer than two card sources go through
    ``game.legal_actions()``. Tunnel checks run only for tunnels.
    """

    comfort: float = 0.6
    """Extra tickets are kept only while the plan takes at most this share of the trains left."""
    draw_tickets_trains: int = 16
    """It draws new tickets (all its tickets done or lost) only with this many trains or more."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)
        self._seats: dict[tuple[int, int], _SeatView] = {}

    # -- the board as the seat sees it ------------------------------------------------------
    def _view(self, game: Game, seat: int) -> "_SeatView":
        """This seat's view of the routes, brought up to date with ``game`` (cheap when nothing
        changed: two list comparisons)."""
        key = (id(game.board), seat)
        v = self._seats.get(key)
        if v is None or v.net.board is not game.board:
            v = self._seats[key] = _SeatView(_net(game))
        if v.owner != game.owner or v.openf != game.openf[seat] or v.side != game.side:
            v.update(game, seat)
        return v

    def _costs(self, game: Game, seat: int, a: str, b: str, free: frozenset[int] | set[int] = frozenset()
               ) -> tuple[int, list[int]]:
        """Cheapest trains from a to b over own (0), ``free`` (0: planned already) and claimable
        (their trains) routes; (cost, ids of the routes still to claim). Ties between equal
        paths break as a Dijkstra search popping (trains, city name) first would."""
        v = self._view(game, seat)
        net = v.net
        fidx, fmask = net.free_of(free)
        cost, path = v.run(net.cidx[a], net.cidx[b], fidx, fmask)
        rid = net.rid
        return cost, [rid[i] for i in path]

    def plan(self, game: Game, seat: int, tickets: list[str] | None = None,
             free: frozenset[int] | set[int] = frozenset()) -> tuple[int, list[int]]:
        """The network for ``tickets`` (default: this seat's, and its team's holder): (trains it
        still takes, route ids to claim, cheapest ticket first). Each unfinished ticket is
        joined by the cheapest path given the routes planned before it (and ``free``); a
        ticket that can't be joined, or not with the trains left, is left out (lost).
        Remembered until a route's owner, the tickets or the seat's trains change."""
        if tickets is None:
            tickets = _tickets(game, seat)
        v = self._view(game, seat)
        net = v.net
        trains = game.trains[seat]
        fidx, fmask = net.free_of(free)
        key = (tuple(tickets), trains, fmask)
        hit = v.plans.get(key)
        if hit is not None:
            return hit[0], list(hit[1])
        ends = [net.ticket(game.board, tid) for tid in tickets]
        alone = []
        if fmask & v.open:
            for tid, (a, b, pts) in zip(tickets, ends):
                cost, path = v.run(a, b, fidx, fmask)
                if path and cost <= trains:
                    alone.append((cost, -pts, tid))
        else:  # no free route: a path is left to claim when it costs anything
            for tid, (a, b, pts) in zip(tickets, ends):
                cost = v.cost(a, b)
                if 0 < cost <= trains:
                    alone.append((cost, -pts, tid))
        alone.sort()
        ends_of = dict(zip(tickets, ends))
        planned = set(fidx)
        pidx = list(fidx)
        pmask = fmask
        order: list[int] = []
        total = 0
        for _, _, tid in alone:
            a, b, _pts = ends_of[tid]
            cost, path = v.run(a, b, pidx, pmask)
            if not path or total + cost > trains:
                continue
            total += cost
            for i in path:
                if i not in planned:
                    planned.add(i)
                    pidx.append(i)
                    pmask |= 1 << i
                    order.append(i)
        rid = net.rid
        ids = [rid[i] for i in order]
        if len(v.plans) >= 256:
            v.plans.clear()
        v.plans[key] = (total, ids)
        return total, list(ids)

    def _wanted(self, game: Game, seat: int) -> list[int]:
        """Route ids of the plan (:meth:`plan`), cheapest ticket first (remembered with the
        plan; not to be changed by the caller)."""
        v = self._view(game, seat)
        st = game.ext.get("teams")
        key = (tuple(game.kept[seat]), tuple(st["tickets"][game.side[seat]]) if st is not None else (),
               game.trains[seat])
        hit = v.wanted.get(key)
        if hit is None:
            hit = v.wanted[key] = self.plan(game, seat)[1]
        return hit

    def budget(self, game: Game, seat: int) -> float:
        """Trains the plan may take comfortably: ``comfort`` × the seat's trains left. In Team
        Asia too (a player places only their own trains, TA-2), though the plan counts the
        team's holder tickets and reuses the partner's routes."""
        return self.comfort * game.trains[seat]

    # -- choosing -------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        p = game.pending
        if p == "turn" or p == "second-card":
            a = self._fast(game, game.current_player, p == "second-card")
            if a is not None:
                return a
        return self._choose_legal(game, game.legal_actions())

    def _choose_legal(self, game: Game, legal: list[Action]) -> Action:
        """The choice made from the whole list of legal actions (every decision the fast path
        of :meth:`_fast` leaves alone)."""
        seat = game.current_player
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

    def _fast(self, game: Game, seat: int, second: bool) -> Action | None:
        """The choice on a turn or a second card without listing the legal actions: the same
        action :meth:`_choose_legal` would return. None when this shortcut does not apply
        (fewer than two card sources, or a mechanic whose payments it can't predict)."""
        face = set(game.display)
        face.discard(EMPTY)
        if second:
            face.discard(LOCO)
        blind = bool(game.deck) or bool(game.discard)
        if len(face) + blind + (not second and bool(game.tdeck)) < 2:
            return None  # maybe a single legal action: decide from the list (no RNG used)
        hooks = game._hooks["claim_options"]
        if hooks and not all(m.claim_options_in_order for m in hooks):
            return None
        wanted = self._wanted(game, seat)
        if not second:
            can = _Claimable(game, seat)
            i = can.longest(wanted)
            if i is not None:
                return self._pay(game, seat, can.claims(i))
            if not wanted:
                if game.tdeck and game.trains[seat] >= self.draw_tickets_trains and len(game.kept[seat]) < 8:
                    return DrawTickets()
                i = can.longest(None)
                if i is not None:
                    return self._pay(game, seat, can.claims(i))
        for col in self._needed_colours(game, seat, wanted):
            if CARD_NAMES.index(col) in face:
                return _DRAW[col]
        wish = _terrain_wish(game, seat, wanted)
        if wish is not None:
            kind = "second-card" if second else "turn"
            for m in game._hooks["actions"]:
                for a in m.actions(kind):
                    if a.kind == "terrain" and getattr(a, "source", None) == wish:
                        return a
        if blind:
            return _DRAW["deck"]
        if not second and LOCO in face:
            return _DRAW["locomotive"]
        draws = [_DRAW[CARD_NAMES[c]] for c in sorted(face)]
        return draws[int(self.rng.random() * len(draws))]

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
        T = game.T
        need: dict[int, int] = {}
        for r in wanted[:4]:
            i = T.idx[r]
            c = T.rcol[i]
            if c == GRAY_INDEX:  # the colour held most (the first of equals)
                c = hand.index(max(hand[:8]))
            short = T.rlen[i] - hand[c]
            if short > 0:
                need[c] = need.get(c, 0) + short
        return [CARD_NAMES[c] for c in sorted(need, key=lambda c: (-need[c], c))]

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
        return f"GreedyAgent(seed={self.seed!r})"


_DRAW: dict[str, DrawCard] = {s: DrawCard(s) for s in ("deck", *CARD_NAMES)}


class _Net:
    """A board, integer-indexed for the planner: cities numbered in name order (so a heap of
    (trains, city number) pops as one of (trains, city name) does), each city's (other city,
    route index) in route order, and each city's routes as a bit mask."""

    def __init__(self, board: Any, T: Any):
        self.board = board
        names = sorted(board.cities)
        self.K = len(names)
        self.cidx = {c: k for k, c in enumerate(names)}
        self.country = [board.cities[c].is_country for c in names]
        adj: list[list[tuple[int, int]]] = [[] for _ in names]
        for i, r in enumerate(board.routes):
            a, b = self.cidx[r.a], self.cidx[r.b]
            adj[a].append((b, i))
            adj[b].append((a, i))
        self.adj = [tuple(x) for x in adj]
        self.ra = [self.cidx[r.a] for r in board.routes]
        self.rb = [self.cidx[r.b] for r in board.routes]
        self.bit = [1 << i for i in range(len(board.routes))]
        self.mask = [0] * self.K
        for c, lst in enumerate(adj):
            for _, i in lst:
                self.mask[c] |= 1 << i
        self.rid = list(T.rid)
        self.idx = dict(T.idx)
        self.need = list(T.rneed)
        self.tunnels = any(T.rtunnel)
        """Whether the board has tunnels (only then is :func:`_tunnel_ok` asked)."""
        self.by_length = sorted(range(T.n), key=lambda i: (-T.rlen[i], T.rid[i]))
        """Route indices, longest first, then by id (the longest claimable route is the first)."""
        self._tickets: dict[str, tuple[int, int, int]] = {}

    def ticket(self, board: Any, tid: str) -> tuple[int, int, int]:
        """(city a, city b, points) of ticket ``tid``."""
        t = self._tickets.get(tid)
        if t is None:
            tk = board.ticket(tid)
            t = self._tickets[tid] = (self.cidx[tk.a], self.cidx[tk.b], tk.points)
        return t

    def free_of(self, free: Any) -> tuple[list[int], int]:
        """Route ids -> (route indices, their bit mask); unknown ids are ignored."""
        if not free:
            return [], 0
        idx = self.idx
        out = sorted(idx[r] for r in free if r in idx)
        m = 0
        for i in out:
            m |= 1 << i
        return out, m


_NETS: dict[int, _Net] = {}


def _net(game: Game) -> _Net:
    n = _NETS.get(id(game.board))
    if n is None or n.board is not game.board:
        n = _NETS[id(game.board)] = _Net(game.board, game.T)
    return n


_INF = 1 << 30


class _SeatView:
    """One seat's view of the routes: ``code[i]`` is 0 for its own (its team's) route, the
    trains of a route still open to it, -1 for a closed one (``open``: the bit mask of the
    open ones); plus the remembered searches and plans (``plans``).

    Two memories of searches, each kept exactly right as routes change:

    - ``runs``, whole searches (cost and path, ties broken as the search breaks them), each
      with the routes it looked at (``seen``: those of every city it expanded) and the
      routes through which it lowered a city's trains (``used``). A search reads nothing
      else, so it runs the same steps again, and is kept, unless a route it saw changed
      its weight in the search: a closed route changes nothing if it was not used (it
      lowered nothing before either), and a route of the free set that became the seat's
      own keeps weight 0 (only the path's list of routes still to claim drops it).
    - ``dists``, the cheapest trains only (which do not depend on ties), each with one
      cheapest path: it stays the same if no route on that path got dearer and no cheaper
      route is within reach of a city nearer than the target, and drops by the savings
      when only routes on that path got cheaper.
    """

    __slots__ = ("net", "owner", "openf", "side", "code", "open", "runs", "dists", "plans", "wanted",
                 "nclaims")

    def __init__(self, net: _Net):
        self.net = net
        self.owner: list[int] = []
        self.openf = b""
        self.side: list[int] = []
        self.code: list[int] = []
        self.open = 0
        self.nclaims: list[int] = []
        self.runs: dict[tuple[int, int, int], tuple[int, tuple[int, ...], int, int]] = {}
        self.dists: dict[tuple[int, int], tuple[int, int, list[int] | None, int]] = {}
        self.plans: dict[tuple, tuple[int, list[int]]] = {}
        self.wanted: dict[tuple, list[int]] = {}

    def _code(self, game: Game, seat: int, i: int) -> int:
        o = game.owner[i]
        if o >= 0:
            return 0 if game.side[o] == game.side[seat] else -1
        return self.net.need[i] if game.openf[seat][i] else -1

    def update(self, game: Game, seat: int) -> None:
        """Re-read the routes (only those claimed since, and their other tracks, when that
        explains every change of the owners and the open flags; else all of them); forget
        the searches a changed route may change."""
        own = game.owner
        openf = game.openf[seat]
        old = self.code
        code = None
        where: Any = None
        if old and self.side == game.side and len(self.nclaims) == len(game.claims):
            idx, twins = self.net.idx, game.T.rtwins
            touched: list[int] = []
            for s, cs in enumerate(game.claims):
                for c in cs[self.nclaims[s]:]:
                    i = idx[c[0]]
                    touched.append(i)
                    touched.extend(twins[i])
            owner = list(self.owner)
            flags = bytearray(self.openf)
            for i in touched:
                owner[i] = own[i]
                flags[i] = openf[i]
            if owner == own and flags == openf:  # nothing else changed
                code = list(old)
                for i in touched:
                    code[i] = self._code(game, seat, i)
                where = sorted(set(touched))
        if code is None:
            code = self._full(game, seat)
            if len(old) == len(code) and self.side == game.side:
                where = range(len(code))
        if where is not None:
            self._forget(old, code, where)
        else:
            self.runs = {}
            self.dists = {}
        self.plans = {}
        self.wanted = {}
        if where is None or not old:
            where = range(len(code))
        m = self.open
        for i in where:
            if code[i] > 0:
                m |= 1 << i
            else:
                m &= ~(1 << i)
        self.open = m
        self.code = code
        self.owner = list(own)
        self.openf = bytes(openf)
        self.side = list(game.side)
        self.nclaims = [len(cs) for cs in game.claims]

    def _forget(self, old: list[int], code: list[int], where: Any) -> None:
        """Drop (or correct) the remembered searches that the change old -> code may change."""
        closed = mine = other = 0        # for runs
        dearer = cheaper = 0             # for dists
        saving: dict[int, int] = {}
        for i in where:
            x, y = old[i], code[i]
            if x == y:
                continue
            bit = 1 << i
            if y < 0:
                closed |= bit
            elif x > 0 and y == 0:
                mine |= bit
            else:
                other |= bit
            wx = _INF if x < 0 else x
            wy = _INF if y < 0 else y
            if wy > wx:
                dearer |= bit
            else:
                cheaper |= bit
                saving[i] = wx - wy
        if not (closed or mine or other):
            return
        gone = closed | mine
        runs = {}
        for (a, b, f), r in self.runs.items():
            seen, used = r[2], r[3]
            if used & closed or seen & other or seen & mine & ~f:
                continue
            runs[(a, b, f & ~gone)] = r
        self.runs = runs
        net = self.net
        ra, rb = net.ra, net.rb
        dists = {}
        for key, (d, pm, dl, exp) in self.dists.items():
            if pm & dearer:
                continue
            on = pm & cheaper
            off = cheaper & ~on
            if on and off:
                continue
            if on:
                dists[key] = (d - sum(w for i, w in saving.items() if on >> i & 1), pm, None, 0)
                continue
            if off:
                if dl is None:
                    continue
                ok = True
                for i in saving:
                    if off >> i & 1:
                        u, v = ra[i], rb[i]
                        if (exp >> u & 1 and dl[u] < d) or (exp >> v & 1 and dl[v] < d):
                            ok = False
                            break
                if not ok:
                    continue
            dists[key] = (d, pm, dl, exp)
        self.dists = dists

    def _full(self, game: Game, seat: int) -> list[int]:
        side = game.side
        openf = game.openf[seat]
        me = side[seat]
        need = self.net.need
        return [(0 if side[o] == me else -1) if o >= 0 else (need[i] if openf[i] else -1)
                for i, o in enumerate(game.owner)]

    def cost(self, a: int, b: int) -> int:
        """The cheapest trains from city a to city b, no route free (ties don't matter)."""
        hit = self.dists.get((a, b))
        if hit is not None:
            return hit[0]
        return self._search(a, b, [], 0)[0]

    def run(self, a: int, b: int, fidx: list[int], fmask: int) -> tuple[int, tuple[int, ...]]:
        """Cheapest trains from city a to city b, ``fidx`` routes free: (cost, route indices
        still to claim, from b back to a); (1 << 30, ()) when b can't be reached."""
        fmask &= self.open
        hit = self.runs.get((a, b, fmask))
        if hit is None:
            hit = self._search(a, b, fidx, fmask)
        code = self.code
        return hit[0], tuple(i for i in hit[1] if code[i])

    def _search(self, a: int, b: int, fidx: list[int], fmask: int) -> tuple[int, tuple[int, ...], int, int]:
        net = self.net
        code = self.code
        if fmask:
            wt = code[:]
            for i in fidx:
                if wt[i] > 0:
                    wt[i] = 0
        else:
            wt = code
        K = net.K
        adj = net.adj
        country = net.country
        cmask = net.mask
        bit = net.bit
        INF = _INF
        dist = [INF] * K
        prevc = [-1] * K
        prevr = [-1] * K
        dist[a] = 0
        heap = [a]
        seen = used = exp = 0
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, c = divmod(pop(heap), K)
            if c == b:
                break
            if d > dist[c]:
                continue
            if country[c] and c != a:
                continue  # a country is a dead end (H-8.2)
            seen |= cmask[c]
            exp |= 1 << c
            for o, i in adj[c]:
                w = wt[i]
                if w < 0:
                    continue
                nd = d + w
                if nd < dist[o]:
                    dist[o] = nd
                    prevc[o] = c
                    prevr[o] = i
                    used |= bit[i]
                    push(heap, nd * K + o)
        pm = 0
        if dist[b] >= INF:
            res = (INF, (), seen, used)
        else:
            path = []
            c = b
            while c != a:
                i = prevr[c]
                c = prevc[c]
                path.append(i)
                pm |= bit[i]
            res = (dist[b], tuple(path), seen, used)
        if len(self.runs) >= 4096:
            self.runs.clear()
        self.runs[(a, b, fmask)] = res
        if not fmask:
            if len(self.dists) >= 4096:
                self.dists.clear()
            self.dists[(a, b)] = (res[0], pm, dist, exp)
        return res


class _Claimable:
    """Which routes ``seat`` can claim now, from the card counts it may pay with, as
    ``claiming.claim_options`` lists them (open to it, trains enough, a payment of the
    route's colour or gray + Locomotives, a ferry's Locomotives; a tunnel only with a card
    to spare, :func:`_tunnel_ok`), and the payments of one route (:meth:`claims`)."""

    __slots__ = ("game", "seat", "T", "counts")

    def __init__(self, game: Game, seat: int):
        self.game = game
        self.seat = seat
        self.T = game.T
        self.counts = claiming.cards_of(game, seat) if game._hooks["claim_cards"] else game.hands[seat]

    def longest(self, ids: list[int] | None) -> int | None:
        """The index of the first longest claimable route of ``ids`` (route ids), or of the
        whole board (``None``: the longest, then the lowest id); None if there is none."""
        g = self.game
        T = self.T
        counts = self.counts
        w = counts[LOCO]
        top = max(counts[:8])
        trains = g.trains[self.seat]
        isopen = g.openf[self.seat]
        rneed, rlen, rferry, rcol = T.rneed, T.rlen, T.rferry, T.rcol
        net = _net(g)
        slow = bool(g._hooks["open_for"]) or net.tunnels
        if ids is None:
            order: Any = net.by_length
        else:
            idx = T.idx
            order = [idx[r] for r in ids]
        best = None
        bl = 0
        for i in order:
            L = rlen[i]
            if L <= bl or not isopen[i] or rneed[i] > trains:
                continue
            if w < L:
                if rferry[i] > w:
                    continue
                c = rcol[i]
                if (top if c == GRAY_INDEX else counts[c]) + w < L:
                    continue
            if slow and not self._more(i):
                continue
            if ids is None:
                return i  # (longest first)
            best, bl = i, L
        return best

    def _more(self, i: int) -> bool:
        """The checks of boards with more rules: a mechanic's ``open_for``, tunnels."""
        g = self.game
        if g._hooks["open_for"] and claiming.open_reason(g, self.seat, i) is not None:
            return False
        if self.T.rtunnel[i]:
            return bool(self.claims(i))
        return True

    def claims(self, i: int) -> list[ClaimRoute]:
        """The legal claims of route index ``i`` (a tunnel's: those leaving a card to spare),
        as ``game.legal_actions()`` lists them."""
        g = self.game
        out = claiming.base_claims(self.T, i, self.counts)
        hooks = g._hooks["claim_options"]
        if hooks and out:
            route = g.board.routes[i]
            for m in hooks:
                m.claim_options_start(self.seat)
            for m in hooks:
                out = m.claim_options(self.seat, route, out)
        if self.T.rtunnel[i]:
            out = [a for a in out if _tunnel_ok(g, self.seat, a)]
        return out


def _tunnel_ok(game: Game, seat: int, a: ClaimRoute) -> bool:
    """Try a tunnel only with a spare card of the colour used (or a Locomotive) left over for
    the reveal (EU-3); other routes are always fine."""
    if not game.board.route(a.route).tunnel:
        return True
    from ..rules.claiming import cards_of

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


def _done(game: Game, seat: int, tid: str) -> bool:
    t = game.board.ticket(tid)
    cost, _ = GreedyAgent()._costs(game, seat, t.a, t.b)
    return cost == 0


class NoTerrainAgent(GreedyAgent):
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
        return f"NoTerrainAgent(seed={self.seed!r})"


from .styles import STYLES, DestinationHungryAgent, LongRouteAgent, OneStepAgent, RouteFocusAgent  # noqa: E402

from .search import SearchAgent  # noqa: E402

AGENTS: dict[str, type] = {"random": RandomAgent, "greedy": GreedyAgent, **STYLES, "search": SearchAgent}
"""Agent name -> class (each takes a ``seed``): 'random', 'greedy', the four playing styles
('route-focus', 'destination-hungry', 'long-route', 'one-step'; :mod:`ttr_nb.agents.styles`)
and 'search' (:mod:`ttr_nb.agents.search`)."""


def make_agent(name: str, seed: int = 0) -> Any:
    """An agent by name (one of :data:`AGENTS`), seeded with ``seed``."""
    key = str(name).strip().lower()
    if key not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(sorted(AGENTS))}")
    return AGENTS[key](seed)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in a game seeded with ``seed`` (different from the deal)."""
    return rng_for(seed, "agent", seat).getrandbits(48)


def chosen_action(agent: Any, game: Game) -> Action:
    """The action ``agent`` chooses for the player to move (``agent.choose(game)``, or
    ``agent(game)`` for a function). IllegalAction naming the seat, the player, the agent's
    class and what it returned if that is not an action."""
    seat = game.current_player
    choose = getattr(agent, "choose", None)
    if not callable(choose) and not callable(agent):
        raise IllegalAction(f"The agent for seat {seat} ({game.names[seat]}) is a "
                            f"{type(agent).__name__}, which has no choose(game) method.")
    a = choose(game) if callable(choose) else agent(game)
    if not isinstance(a, Action):
        raise IllegalAction(
            f"The agent for seat {seat} ({game.names[seat]}, {type(agent).__name__}) returned "
            f"{shown(a)} (a {type(a).__name__}), not an action: choose(game) must return one of "
            f"game.legal_actions().", a)
    return a


def applied(agent: Any, game: Game, action: Action) -> None:
    """Apply ``action``, chosen by ``agent`` for the player to move. IllegalAction naming the
    seat, the player and the agent, with the rules' reason, if it is illegal (nothing changed)."""
    try:
        game.apply(action)
    except IllegalAction as e:
        seat = game.current_player
        raise IllegalAction(
            f"The agent for seat {seat} ({game.names[seat]}, {type(agent).__name__}) chose an "
            f"illegal action, {shown(action)}: {e.reason}", action) from None


def play_game(variant: str = "usa", players: int | Sequence[str] = 2, seed: int = 0,
              agents: Sequence[Any] | str = ("random",), max_steps: int = 20_000, **policy_overrides: Any) -> Game:
    """Play a whole game and return it (``game.over`` is True).

    ``agents``: one per seat, or one for all: names ('random', 'greedy') or objects with
    ``choose(game)``. Named agents get the seed :func:`agent_seed` ``(seed, seat)``. Games of
    random agents only use the engine's fused fast loop; the choices are the same.
    """
    game = new_game(variant, players, seed, **policy_overrides)
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",") if a.strip()]
    agents = list(agents)
    if len(agents) == 1:
        agents = agents * game.n
    if len(agents) != game.n:
        raise ValueError(f"{len(agents)} agents for {game.n} players: give one per seat, or one for all")
    seats = [make_agent(a, agent_seed(seed, s)) if isinstance(a, str) else a for s, a in enumerate(agents)]
    if all(type(a) is RandomAgent for a in seats) and game._fast is not None:
        from ..rules.fast import play_random

        play_random(game, [a.rng for a in seats], max_steps)
    else:
        steps = 0
        while not game.over:
            if steps >= max_steps:
                break
            agent = seats[game.current_player]
            a = chosen_action(agent, game)
            applied(agent, game, a)
            steps += 1
    if not game.over:
        raise RuntimeError(f"{game.variant.name} seed {seed}: not over after {max_steps} actions")
    return game


__all__ = ["RandomAgent", "GreedyAgent", "NoTerrainAgent", "RouteFocusAgent", "DestinationHungryAgent",
           "LongRouteAgent", "OneStepAgent", "SearchAgent", "AGENTS", "make_agent", "play_game", "agent_seed",
           "chosen_action", "applied"]
