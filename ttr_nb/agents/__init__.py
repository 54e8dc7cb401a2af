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
from operator import itemgetter, methodcaller
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
    their trains, closed: bit masks) is brought up to date from the claims made since it last
    looked. Every cheapest-path search is remembered with the routes it read and the trains
    to the cities it reached, and answers again, exactly, for any later state in which it
    runs to the same path: no route it read changed, or routes it did not go by got dearer,
    or routes out of its reach or on its path got cheaper (see ``_SeatView``); searches on
    the untouched board are shared by every seat and game. A whole plan is remembered with
    what its searches read, and holds while only routes off their paths get dearer (and the
    tickets and the trains stay). Tunnels: a claim's payments are sorted by the spare card
    before a mechanic expands them. On a turn or a
    second card it reads what it can pay from the card counts (``game.T`` tables, as the
    engine lists claims) and builds the payments of the one route it claims, never every
    legal action. Ticket choices ask for the trains of each ticket and for the path of the
    ones kept only; they, the decisions of the mechanics and a turn with fewer than two card
    sources go through ``game.legal_actions()``. Tunnel checks run only for tunnels. In
    :func:`play_game` its choices are played without being checked again (they are legal by
    how they are made; the tests replay its games through the checks).
    """

    comfort: float = 0.6
    """Extra tickets are kept only while the plan takes at most this share of the trains left."""
    draw_tickets_trains: int = 16
    """It draws new tickets (all its tickets done or lost) only with this many trains or more."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng: random.Random | None = None
        self._seats: dict[int, _SeatView] = {}
        self._last_info: Any = None

    @property
    def rng(self) -> random.Random:
        """The tie-breaking RNG, seeded with ``seed`` (made when first used: most games never
        need it, and seeding costs as much as a few turns)."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self.seed)
        return r

    @rng.setter
    def rng(self, r: random.Random) -> None:
        self._rng = r

    # -- the board as the seat sees it ------------------------------------------------------
    def _view(self, game: Game, seat: int) -> "_SeatView":
        """This seat's view of the routes, brought up to date with ``game`` (cheap when nothing
        changed: the same game at the same version, else three list comparisons; a view of
        another board is made anew)."""
        v = self._seats.get(seat)
        if v is None or v.net.board is not game.board:
            v = self._seats[seat] = _SeatView(_net(game))
        version = game._version
        if v.version == version and v.game is game:
            return v  # (the same game, not changed since: every change counts a new version)
        if v.openf != game.openf[seat] or v.owner != game.owner or v.side != game.side:
            v.update(game, seat)
        v.game = game
        v.version = version
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
        Remembered until a route its searches saw changes, or the tickets or the seat's
        trains do."""
        rec = self._plan(game, seat, tickets, free)
        return rec[0], list(rec[1])

    def _plan(self, game: Game, seat: int, tickets: list[str] | None,
              free: frozenset[int] | set[int]) -> tuple[int, list[int], int, int, int]:
        """:meth:`plan` as remembered: (trains, route ids, own, closed, seen, guard); see
        ``_SeatView.plans``."""
        if tickets is None:  # (``_tickets``, inline)
            tickets = game.tickets(seat)
            st = game.ext.get("teams")
            if st is not None:
                tix = game.tix
                tickets = tickets + [tix[t].id for t in st["tickets"][game.side[seat]]]
        v = self._seats.get(seat)
        if v is None or v.game is not game or v.version != game._version:
            v = self._view(game, seat)
        net = v.net
        trains = game.trains[seat]
        fidx, fmask = net.free_of(free) if free else ([], 0)
        key = (tuple(tickets), trains, fmask)
        hit = v.plans.get(key)
        if hit is not None and (hit[2] is v.own and hit[3] is v.closed or v.holds(hit[2], hit[3], hit[4], hit[5])):
            return hit
        v.seen = v.guard = 0
        known = net._tickets
        ends_of = {}
        alone = []
        answer = v._answer
        for tid in tickets:  # a path is left to claim if it costs anything
            ends = ends_of[tid] = known.get(tid) or net.ticket(game.board, tid)
            cost = answer(ends[0], ends[1], fidx, fmask, False)[0]
            if 0 < cost <= trains:
                alone.append((cost, -ends[2], tid))
        alone.sort()
        planned = set(fidx)
        pidx = list(fidx)
        pmask = fmask
        order: list[int] = []
        total = 0
        code = v.code
        for _, _, tid in alone:
            a, b, _pts = ends_of[tid]
            cost, e = answer(a, b, pidx, pmask, True)
            path = []  # (as ``run``: the routes still to claim)
            for i in e[4]:
                if code[i]:
                    path.append(i)
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
        ids = []
        for i in order:
            ids.append(rid[i])
        if len(v.plans) >= 256:
            v.plans.clear()
        rec = v.plans[key] = (total, ids, v.own, v.closed, v.seen, v.guard)
        v.seen = None
        return rec

    def _wanted(self, game: Game, seat: int) -> list[int]:
        """Route ids of the plan (:meth:`plan`), cheapest ticket first (remembered with the
        plan; not to be changed by the caller)."""
        v = self._seats.get(seat)
        if v is None or v.game is not game:
            v = self._view(game, seat)
        elif v.version != game._version:  # (``_view``, inline)
            if v.openf != game.openf[seat] or v.owner != game.owner or v.side != game.side:
                v.update(game, seat)
            v.version = game._version
        kept = game.kept[seat]
        trains = game.trains[seat]
        st = game.ext.get("teams")
        holder = st["tickets"][game.side[seat]] if st is not None else []
        last = v.last
        if last is not None and last[0] == kept and last[1] == trains and last[2] == holder and (
                last[4] is v.own and last[5] is v.closed or v.holds(last[4], last[5], last[6], last[7])):
            return last[3]
        key = (tuple(kept), tuple(holder), trains)
        hit = v.wanted.get(key)
        if hit is None or not (hit[1] is v.own and hit[2] is v.closed or v.holds(hit[1], hit[2], hit[3], hit[4])):
            p = self._plan(game, seat, None, frozenset())
            hit = v.wanted[key] = (p[1], p[2], p[3], p[4], p[5])
        v.last = (list(kept), trains, list(holder), *hit)
        return hit[0]

    def budget(self, game: Game, seat: int) -> float:
        """Trains the plan may take comfortably: ``comfort`` × the seat's trains left. In Team
        Asia too (a player places only their own trains, TA-2), though the plan counts the
        team's holder tickets and reuses the partner's routes."""
        return self.comfort * game.trains[seat]

    # -- choosing -------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        """The action for the player to move. On a turn or a second card it is chosen without
        listing the legal actions: the same action :meth:`_choose_legal` would return; the list
        decides when that shortcut does not apply (fewer than two card sources, or a mechanic
        whose payments it can't predict) and on every other decision."""
        p = game.pending
        second = p == "second-card"
        if not second and p != "turn":
            return self._choose_legal(game, game.legal_actions())
        seat = game.seat
        disp = game.display
        blind = bool(game.deck) or bool(game.discard)
        face: set[int] | None = None
        if second or not blind or not game.tdeck:  # else two sources at least: the deck, the tickets
            face = set(disp)
            face.discard(EMPTY)
            if second:
                face.discard(LOCO)
            if len(face) + blind + (not second and bool(game.tdeck)) < 2:
                return self._choose_legal(game, game.legal_actions())  # (maybe a single one: no RNG)
        hooks = game._hooks["claim_options"]
        if hooks and not all(m.claim_options_in_order for m in hooks):
            return self._choose_legal(game, game.legal_actions())
        wanted = self._wanted(game, seat)
        last = self._last_info
        info = last[2] if last is not None and last[0] is game.T and last[1] == wanted else self._info(game, wanted)
        hand = game.hands[seat]
        if not second:
            simple = not (info[0] or game._hooks["claim_cards"] or game._hooks["open_for"])
            if simple:
                i = _longest(game, seat, hand, info[2])
            else:
                can = _Claimable(game, seat)
                i = _longest(game, seat, can.counts, info[2], can.more)
            if i is not None:
                if simple:
                    can = _Claimable(game, seat)
                return self._pay(game, seat, can.claims(i))
            if not wanted:
                if game.tdeck and game.trains[seat] >= self.draw_tickets_trains and len(game.kept[seat]) < 8:
                    return DrawTickets()
                can = _Claimable(game, seat)
                i = can.longest(None)
                if i is not None:
                    return self._pay(game, seat, can.claims(i))
        # the first colour of ``_colours`` among the cards face up (``info[3]``: (length,
        # colour) of the first four wanted routes), if any
        need: dict[int, int] = {}
        gray = -1
        for L, c in info[3]:
            if c == GRAY_INDEX:
                if gray < 0:
                    gray = hand.index(max(hand[:8]))
                c = gray
            short = L - hand[c]
            if short > 0:
                need[c] = need.get(c, 0) + short
        best = None
        bm = 0
        for c, m in need.items():
            if (m > bm or (m == bm and c < best)) and c in disp:  # type: ignore[operator]
                best, bm = c, m
        if best is not None:
            return _DRAWN[best]
        wish = _terrain_wish(game, seat, wanted) if "terrain" in game.ext else None
        if wish is not None:
            kind = "second-card" if second else "turn"
            for m in game._hooks["actions"]:
                for a in m.actions(kind):
                    if a.kind == "terrain" and getattr(a, "source", None) == wish:
                        return a
        if blind:
            return _DRAW["deck"]
        if face is None:
            face = set(disp)
            face.discard(EMPTY)
        if not second and LOCO in face:
            return _DRAW["locomotive"]
        draws = [_DRAW[CARD_NAMES[c]] for c in sorted(face)]
        return draws[int(self.rng.random() * len(draws))]

    def _choose_legal(self, game: Game, legal: list[Action]) -> Action:
        """The choice made from the whole list of legal actions (every decision the shortcut of
        :meth:`choose` leaves alone)."""
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
        if len(options) == 1:
            return options[0]
        hand = game.hands[seat]
        best: list[ClaimRoute] = []
        low: tuple = ()
        for a in options:  # (``a.locos`` and ``a.color``, inline)
            locos = 0
            col = None
            one = True
            for name, n in a.pay:
                if name == "locomotive":
                    locos += n
                elif col is None:
                    col = name
                else:
                    one = False
            if col is None:
                col = "locomotive" if a.pay else None
            held = hand[CARD_NAMES.index(col)] if one and col in CARD_NAMES else 0
            k = (locos, -_doubling_gain(game, a) if a.terrain else 0, -held)
            if not best or k < low:
                best, low = [a], k
            elif k == low:
                best.append(a)
        return best[0] if len(best) == 1 else min(best, key=methodcaller("sort_key"))

    def _needed_colours(self, game: Game, seat: int, wanted: list[int]) -> list[str]:
        """The colours the first four routes of ``wanted`` still need, the most missing first."""
        return [CARD_NAMES[c] for c in _colours(game.hands[seat], self._info(game, wanted)[1])]

    def _info(self, game: Game, wanted: list[int]
              ) -> tuple[bool, list[_Row], list[_Row], list[tuple[int, int]]]:
        """Of the route ids ``wanted``: (a tunnel among them, each route's (index, length,
        trains, ferry Locomotives, colour), those rows longest first (the first of equals
        first), (length, colour) of the first four); remembered for the last list asked."""
        T = game.T
        last = self._last_info
        if last is not None and last[0] is T and last[1] == wanted:
            return last[2]
        idx, rlen, rneed, rferry, rcol, rtun = T.idx, T.rlen, T.rneed, T.rferry, T.rcol, T.rtunnel
        rows = []
        tunnel = False
        for r in wanted:
            i = idx[r]
            rows.append((i, rlen[i], rneed[i], rferry[i], rcol[i]))
            if rtun[i]:
                tunnel = True
        out = (tunnel, rows, sorted(rows, key=_LENGTH, reverse=True), [(r[1], r[4]) for r in rows[:4]])
        self._last_info = (T, list(wanted), out)
        return out

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
        lo = len(offered)
        for a in legal:
            if isinstance(a, KeepTickets) and len(a.tickets) < lo:
                lo = len(a.tickets)
        total, order = self.plan(game, seat)
        planned = set(order)
        budget = self.budget(game, seat)
        trains = game.trains[seat]
        left = list(offered)
        keep: list[str] = []
        v = self._view(game, seat)
        net = v.net
        while left:
            best = None
            fidx, fmask = net.free_of(planned)
            for tid in left:  # (only the trains: a path is left to claim, or none is needed, if ok)
                a, b, pts = net.ticket(game.board, tid)
                cost = v._answer(a, b, fidx, fmask, False)[0]
                ok = cost < _INF
                if len(keep) < lo:  # must keep: the cheapest, or the least lost
                    key = (0, cost, -pts, tid) if ok and cost <= trains else (1, pts, 0, tid)
                else:  # may keep: the most points per added train
                    key = (0, cost / max(pts, 1), -pts, tid)
                if best is None or key < best[0]:
                    best = (key, tid, cost, ok)
            _, tid, cost, ok = best
            if len(keep) >= lo and (not ok or total + cost > budget):
                break
            keep.append(tid)
            left.remove(tid)
            if ok and cost <= trains:
                total += cost
                t = game.board.ticket(tid)
                planned.update(self._costs(game, seat, t.a, t.b, planned)[1])
        a = KeepTickets(tuple(keep))
        return a if a in legal else legal[0]

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed!r})"


_Row = tuple[int, int, int, int, int]
"""A wanted route as ``GreedyAgent._info`` lists it: (index, length, trains, ferry Locomotives,
colour)."""
_LENGTH = itemgetter(1)
"""A row's length (the sort is stable: the first of equals stays first, reversed too)."""
_DRAW: dict[str, DrawCard] = {s: DrawCard(s) for s in ("deck", *CARD_NAMES)}
_DRAWN: list[DrawCard] = [_DRAW[s] for s in CARD_NAMES]


def _colours(hand: list[int], rows: list[tuple[int, int, int, int, int]]) -> list[int]:
    """The colours the first four routes of ``rows`` (see ``GreedyAgent._info``) still need,
    the most missing first (then by colour); a gray route needs the colour held most (the
    first of equals)."""
    need: dict[int, int] = {}
    for _i, L, _n, _f, c in rows[:4]:
        if c == GRAY_INDEX:
            c = hand.index(max(hand[:8]))
        short = L - hand[c]
        if short > 0:
            need[c] = need.get(c, 0) + short
    if len(need) < 2:
        return list(need)
    return [c for _m, c in sorted([(-m, c) for c, m in need.items()])]


def _longest(game: Game, seat: int, counts: list[int], rows: list[tuple[int, int, int, int, int]],
             more: Any = None) -> int | None:
    """``_Claimable.longest`` of the wanted routes' ``rows`` longest first (see
    ``GreedyAgent._info``: so the first it can claim), paying with ``counts``; ``more``: the
    board's further checks of a route index (``_Claimable.more``), if any."""
    w = counts[LOCO]
    reach = max(counts[:8]) + w  # (no route longer is payable: a gray one takes the colour held most)
    trains = game.trains[seat]
    isopen = game.openf[seat]
    for i, L, need, ferry, c in rows:
        if L > reach or not isopen[i] or need > trains:
            continue
        if w < L and (ferry > w or c != GRAY_INDEX and counts[c] + w < L):
            continue
        if more is None or more(i):
            return i
    return None


class _Net:
    """A board, integer-indexed for the planner: cities numbered in name order (so a heap of
    (trains, city number) pops as one of (trains, city name) does), the links (the routes
    between two cities, in route order), each city's (other city, link) and each city's
    routes as a bit mask."""

    def __init__(self, board: Any, T: Any):
        self.board = board
        names = sorted(board.cities)
        self.K = len(names)
        self.cidx = {c: k for k, c in enumerate(names)}
        self.country = [board.cities[c].is_country for c in names]
        self.ra = [self.cidx[r.a] for r in board.routes]
        self.rb = [self.cidx[r.b] for r in board.routes]
        links: dict[tuple[int, int], int] = {}
        self.rlink = [links.setdefault((min(a, b), max(a, b)), len(links)) for a, b in zip(self.ra, self.rb)]
        """Route index -> its link."""
        self.lroutes: list[list[int]] = [[] for _ in links]
        """Link -> its route indices, in route order."""
        adj: list[list[tuple[int, int]]] = [[] for _ in names]
        for (a, b), lk in links.items():
            adj[a].append((b, lk))
            adj[b].append((a, lk))
        for i, lk in enumerate(self.rlink):
            self.lroutes[lk].append(i)
        self.adj = [tuple(x) for x in adj]
        self.lmask = [sum(1 << i for i in lst) for lst in self.lroutes]
        self.bit = [1 << i for i in range(len(board.routes))]
        self.mask = [0] * self.K
        for i in range(len(board.routes)):
            self.mask[self.ra[i]] |= 1 << i
            self.mask[self.rb[i]] |= 1 << i
        self.sh = max(1, (self.K - 1).bit_length())
        """Bits of a city number in a heap key (trains << sh | city)."""
        self.rsum = [self.cidx[r.a] + self.cidx[r.b] for r in board.routes]
        self.countries = any(self.country)
        self.xmask = [0 if self.country[c] else m for c, m in enumerate(self.mask)]
        """The routes a search reads when it reaches a city (none at a country, H-8.2)."""
        self.rid = list(T.rid)
        self.idx = dict(T.idx)
        self.need = list(T.rneed)
        self.lw0, self.lrep0 = _links(self.lroutes, self.need)
        """The links' weights and routes with every route open (a new game)."""
        self.tunnels = any(T.rtunnel)
        """Whether the board has tunnels (only then is :func:`_tunnel_ok` asked)."""
        self.by_length = sorted(range(T.n), key=lambda i: (-T.rlen[i], T.rid[i]))
        """Route indices, longest first, then by id (the longest claimable route is the first)."""
        lengths = [T.rlen[i] for i in self.by_length]
        self.from_length = [next((k for k, L in enumerate(lengths) if L <= n), len(lengths))
                            for n in range(max(lengths, default=0) + 1)]
        """n -> where the routes of n spaces or fewer start in ``by_length``."""
        self.every = (1 << len(board.routes)) - 1
        self._without: dict[int, tuple[tuple[int, int], ...]] = {}
        self._tickets: dict[str, tuple[int, int, int]] = {}
        self.memo0: dict[int, tuple[tuple, ...]] = {}
        self.pristine: dict[tuple[int, int], tuple] = {}
        """(cities, free routes) -> a search on the untouched board, answered again only for
        exactly that (the tickets of the first choice are asked with their free routes)."""
        """Searches on the untouched board (nothing claimed or closed, no route free), the
        same for every seat and game (see :class:`_SeatView`)."""

    def adj_without(self, c: int, closed: int) -> tuple[tuple[int, int], ...]:
        """City c's (other city, link) pairs without the links whose routes are all in the mask
        ``closed`` (remembered for every board state: a city has few routes)."""
        key = (closed & self.mask[c]) << self.sh | c
        t = self._without.get(key)
        if t is None:
            if len(self._without) >= 50000:
                self._without.clear()
            lmask = self.lmask
            t = self._without[key] = tuple([ol for ol in self.adj[c] if closed & lmask[ol[1]] != lmask[ol[1]]])
        return t

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
        out = []
        m = 0
        for r in free:
            if r in idx:
                i = idx[r]
                out.append(i)
                m |= 1 << i
        out.sort()
        return out, m


def _links(lroutes: list[list[int]], code: list[int]) -> tuple[list[int], list[int]]:
    """Each link's weight and route (its cheapest route not closed, the first of equals) for
    the routes' ``code`` (see ``_SeatView``); -1 for a link whose routes are all closed."""
    lw, lrep = [], []
    for lst in lroutes:
        w = r = -1
        for j in lst:
            y = code[j]
            if 0 <= y and (r < 0 or y < w):
                w, r = y, j
        lw.append(w)
        lrep.append(r)
    return lw, lrep


_NETS: dict[int, _Net] = {}


def _net(game: Game) -> _Net:
    n = _NETS.get(id(game.board))
    if n is None or n.board is not game.board:
        n = _NETS[id(game.board)] = _Net(game.board, game.T)
    return n


_INF = 1 << 30


class _SeatView:
    """One seat's view of the routes: ``code[i]`` is 0 for its own (its team's) route, the
    trains of a route still open to it, -1 for a closed one (bit masks ``own``, ``open``,
    ``closed``; ``adj``: each city's (other city, link) over the links with a route not
    closed; a link weighs as its cheapest route not closed, the first of equals, ``lw`` and
    ``lrep``: a search relaxing them finds what one relaxing the routes in route order
    would); plus the remembered searches and plans (``plans``).

    A search (Dijkstra popping (trains, city number) first, stopping at its target b) reads
    the weights of the routes of the cities it goes on from (``seen``) and of nothing else; a
    weight is 0 for an own or free route, the trains for an open one, and closed routes are
    skipped, so the masks (own | free, closed) on ``seen`` are all it depends on. It is
    remembered with those masks, its trains D to b, its path P and the trains to every city
    it reached. It answers again for the masks now (:meth:`_answer`) when every route of
    ``seen`` that changed since

    1. got dearer and is off P: the same path stays the one found, and its trains;
    2. or got cheaper and is off P and, from each end the search could go on from, leads
       past D (the trains alone: from no city nearer than b): nothing reached by then changes;
    3. or got cheaper and is on P: the same path stays the one found, D less the savings;
    4. or, when b was out of its reach, did not open: it went through every city it could
       reach, and a route closed then is still closed, so b is still out of reach.

    Kinds 1 and 3, and the three together, are lemmas checked on millions of random graphs
    with ties, zero weights and dead ends (kind 2 holds by how the search runs). A plan holds
    while every change since is of kind 1 for all of its searches (:meth:`holds`).
    """

    __slots__ = ("net", "owner", "openf", "side", "code", "lw", "lrep", "open", "own", "closed", "adj", "adjx",
                 "memo", "plans", "wanted", "nclaims", "seen", "guard", "game", "version", "last")

    def __init__(self, net: _Net):
        self.net = net
        self.owner: list[int] = []
        self.openf = bytearray()
        self.side: list[int] = []
        self.code: list[int] = []
        self.lw: list[int] = []
        self.lrep: list[int] = []
        self.open = self.own = self.closed = 0
        self.adj: list[tuple[tuple[int, int], ...]] = []
        self.adjx: list[tuple[tuple[int, int], ...]] = []
        """``adj``, but none from a country (a dead end, H-8.2)."""
        self.nclaims: list[int] = []
        self.memo: dict[int, list[tuple]] = {}
        """(city a << ``net.sh``) | city b -> remembered searches, the newest first."""
        self.plans: dict[tuple, tuple[int, list[int], int, int, int]] = {}
        """(tickets, trains, free) -> (trains, route ids, own, closed, seen, guard): a plan and
        what its searches saw; it holds as long as they would all give the same (:meth:`holds`)."""
        self.wanted: dict[tuple, tuple[list[int], int, int, int]] = {}
        self.seen: int | None = None
        self.guard = 0
        """While a plan is made: the routes its searches saw, and those whose getting dearer
        could change one (see :meth:`holds`)."""
        self.last: Any = None
        """The last plan asked for its routes (``GreedyAgent._wanted``): (kept tickets, trains,
        holder tickets, route ids, own, closed, seen, guard)."""
        self.game: Any = None
        self.version: Any = None
        """The game (and its version) the view was last brought up to date with."""

    def update(self, game: Game, seat: int) -> None:
        """Re-read the routes (only those claimed since, and their other tracks, when that
        explains every change of the owners and the open flags; else all of them)."""
        own = game.owner
        openf = game.openf[seat]
        nclaims = self.nclaims
        claims = game.claims
        if self.code and self.side == game.side and len(nclaims) == len(claims):
            idx, twins = self.net.idx, game.T.rtwins
            touched: list[int] = []
            for s, cs in enumerate(claims):
                k = nclaims[s]
                if len(cs) != k:
                    for c in cs[k:]:
                        i = idx[c[0]]
                        touched.append(i)
                        touched.extend(twins[i])
                    nclaims[s] = len(cs)
            mine, flags = self.owner, self.openf
            for i in touched:
                mine[i] = own[i]
                flags[i] = openf[i]
            if mine == own and flags == openf:  # nothing else changed
                me = game.side[seat]
                side = game.side
                need = self.net.need
                code = self.code
                for i in touched:
                    o = own[i]
                    x = (0 if side[o] == me else -1) if o >= 0 else (need[i] if openf[i] else -1)
                    if x != code[i]:
                        self._set(i, x)
                return
        self._reset(self._full(game, seat))
        self.owner = list(own)
        self.openf = bytearray(openf)
        self.side = list(game.side)
        self.nclaims = [len(cs) for cs in claims]

    def _reset(self, code: list[int]) -> None:
        """Take ``code`` for every route: the masks, the weights and the adjacency anew."""
        net = self.net
        if min(code, default=1) > 0:  # every route open to the seat (a new game)
            self.open, self.own, self.closed = net.every, 0, 0
            self.code = code
            self.lw, self.lrep = list(net.lw0), list(net.lrep0)
            self.adj = list(net.adj)
            self._dead_ends()
            return
        mo = mw = mc = 0
        for i, x in enumerate(code):
            if x > 0:
                mo |= 1 << i
            elif x == 0:
                mw |= 1 << i
            else:
                mc |= 1 << i
        self.open, self.own, self.closed = mo, mw, mc
        self.code = code
        self.lw, self.lrep = _links(net.lroutes, code)
        self.adj = [net.adj_without(c, mc) for c in range(net.K)] if mc else list(net.adj)
        self._dead_ends()

    def _set(self, i: int, x: int) -> None:
        """Route i's code becomes x (the masks, its weight, its two cities' adjacency)."""
        code = self.code
        was = code[i]
        code[i] = x
        b = 1 << i
        if was > 0:
            self.open &= ~b
        elif was == 0:
            self.own &= ~b
        else:
            self.closed &= ~b
        if x > 0:
            self.open |= b
        elif x == 0:
            self.own |= b
        else:
            self.closed |= b
        net = self.net
        lk = net.rlink[i]
        lst = net.lroutes[lk]
        if len(lst) == 1:
            w, r = x, i
        else:
            w = r = -1
            for j in lst:
                y = code[j]
                if 0 <= y and (r < 0 or y < w):
                    w, r = y, j
        self.lw[lk] = w
        self.lrep[lk] = r
        if (was < 0) != (x < 0):
            adj, adjx, country, closed = self.adj, self.adjx, net.country, self.closed
            without, mask, sh = net._without, net.mask, net.sh
            for c in (net.ra[i], net.rb[i]):
                lst = without.get((closed & mask[c]) << sh | c)
                if lst is None:
                    lst = net.adj_without(c, closed)
                adj[c] = lst
                if adjx is not adj and not country[c]:
                    adjx[c] = lst

    def _dead_ends(self) -> None:
        net = self.net
        if net.countries:
            country = net.country
            self.adjx = [() if country[c] else lst for c, lst in enumerate(self.adj)]
        else:
            self.adjx = self.adj

    def _full(self, game: Game, seat: int) -> list[int]:
        side = game.side
        openf = game.openf[seat]
        need = self.net.need
        if max(game.owner, default=-1) < 0 and 0 not in openf:  # nothing claimed or closed
            return list(need)
        me = side[seat]
        return [(0 if side[o] == me else -1) if o >= 0 else (need[i] if openf[i] else -1)
                for i, o in enumerate(game.owner)]

    def holds(self, own: int, closed: int, seen: int, guard: int) -> bool:
        """Whether answers found when the own and closed routes were ``own`` and ``closed`` are
        still those of every search that saw only ``seen``: no route seen changed, or those
        that did only got dearer and none of them is in ``guard`` (the searches' paths: kind 1
        of the class docstring)."""
        if own is self.own and closed is self.closed:  # (the same int objects: nothing changed)
            return True
        ch = ((own ^ self.own) | (closed ^ self.closed)) & seen
        if not ch:
            return True
        x = self.closed
        up = ch & ((x & ~closed) | (own & ~self.own & ~x))
        return up == ch and not up & guard

    def _answer(self, a: int, b: int, fidx: list[int], fmask: int, path: bool) -> tuple[int, tuple]:
        """(cheapest trains from city a to city b with the routes ``fidx`` free, the search
        entry): from a remembered search that gives what a new search would (its trains and,
        if ``path``, its very path; see the class docstring), else from a new search; noted in
        ``seen``/``guard`` (its path) when they are kept."""
        fmask &= self.open
        z = self.own | fmask
        x = self.closed
        net = self.net
        key = a << net.sh | b
        d = -1
        e: Any = None
        if not (x or self.own):  # the untouched board (the first tickets): asked the same often
            e = net.pristine.get((key, z))
            if e is not None:
                d = e[3]
        if d < 0:
            lst = self.memo.get(key)
            if lst is None:
                lst = net.memo0.get(key)
                if lst is not None:
                    lst = self.memo[key] = list(lst)
            for e in lst or ():
                z0, x0, seen = e[0], e[1], e[2]
                ch = ((z0 ^ z) | (x0 ^ x)) & seen
                if not ch:
                    d = e[3]
                    break
                if e[3] == _INF and not x0 & ~x & seen:
                    d = _INF  # out of reach then: the search went through all it could
                    break  # reach, and none of those routes has opened since
                up = ch & ((x & ~x0) | (z0 & ~z & ~x))  # dearer than then
                pm = e[5]
                if up & pm:
                    continue  # a route it went by
                down = ch & ~up
                off = down & ~pm
                d = e[3]
                # routes cheaper now, off its path: each out of its reach? From each end the
                # search went on from (not a country it did not start from: a dead end, H-8.2)
                # the route must lead past D: for the path, a city at dl from which the route
                # (weight now w) reaches dl + w <= D could hand a city on the path other trains
                # or another route (ties at D included); for the trains alone, a city nearer
                # than D (dl + 0 <= D - 1) could lower D
                reach = False
                if off:
                    limit = d if path else d - 1
                    dl, ra, rb, country, need = e[6], net.ra, net.rb, net.country, net.need
                while off:
                    low = off & -off
                    i = low.bit_length() - 1
                    off ^= low
                    w = need[i] if path and not z & low else 0
                    u, v = ra[i], rb[i]
                    if (dl[u] + w <= limit and (u == a or not country[u])
                            or dl[v] + w <= limit and (v == a or not country[v])):
                        reach = True
                        break
                if reach:
                    continue  # within its reach: the search might go another way
                on = down & pm  # its path's routes that became free: it stays, by the savings
                while on:
                    low = on & -on
                    d -= net.need[low.bit_length() - 1]
                    on ^= low
                break
            else:
                e = self._search(a, b, fidx, fmask)
                d = e[3]
        if self.seen is not None:
            self.seen |= e[2]
            self.guard |= e[5]
        return d, e

    def cost(self, a: int, b: int, fidx: list[int] = [], fmask: int = 0) -> int:  # noqa: B006 (read only)
        """The cheapest trains from city a to city b, ``fidx`` routes free (none by default);
        1 << 30 when b can't be reached (ties don't matter)."""
        return self._answer(a, b, fidx, fmask, False)[0]

    def run(self, a: int, b: int, fidx: list[int], fmask: int) -> tuple[int, list[int]]:
        """Cheapest trains from city a to city b, ``fidx`` routes free: (cost, route indices
        still to claim, from b back to a); (1 << 30, []) when b can't be reached."""
        d, e = self._answer(a, b, fidx, fmask, True)
        code = self.code
        return d, [i for i in e[4] if code[i]]

    def _search(self, a: int, b: int, fidx: list[int], fmask: int) -> tuple:
        """Dijkstra from a to b popping (trains, city number) first; remembered (see the class
        docstring) as (own | free, closed, seen, trains, path from b back to a, path mask,
        trains to every city)."""
        net = self.net
        if fmask:  # a free route is a link's first route of weight 0 unless an earlier one is
            wt, rep = self.lw[:], self.lrep[:]
            rlink = net.rlink
            for i in fidx:
                if fmask >> i & 1:
                    lk = rlink[i]
                    if wt[lk]:
                        wt[lk] = 0
                        rep[lk] = i
                    elif i < rep[lk]:
                        rep[lk] = i
        else:
            wt, rep = self.lw, self.lrep
        SH = net.sh
        M = (1 << SH) - 1
        FAR = _INF - 1  # (unreached: below 1 << 30, an int that compares fast)
        K = net.K
        dist = [FAR] * K
        prev = [-1] * K
        dist[a] = 0
        seen = 0
        push = heapq.heappush
        if net.countries and net.country[a] and a != b:  # the start may be a country (H-8.2)
            heap: list[int] = []
            seen = net.mask[a]
            for o, lk in self.adj[a]:
                nd = wt[lk]
                if nd < dist[o]:
                    dist[o] = nd
                    prev[o] = lk
                    push(heap, nd << SH | o)
        else:
            heap = [a]
        pop = heapq.heappop
        xmask = net.xmask
        adj = self.adjx
        while heap:
            x = pop(heap)
            c = x & M
            if c == b:
                break
            d = x >> SH
            if d > dist[c]:
                continue
            seen |= xmask[c]
            for o, lk in adj[c]:
                nd = d + wt[lk]
                if nd < dist[o]:
                    dist[o] = nd
                    prev[o] = lk
                    push(heap, nd << SH | o)
        D = dist[b]
        pm = 0
        if D >= FAR:
            D = _INF
            path: tuple[int, ...] = ()
        else:
            out = []
            bit, rsum = net.bit, net.rsum
            c = b
            while c != a:
                i = rep[prev[c]]
                out.append(i)
                pm |= bit[i]
                c = rsum[i] - c
            path = tuple(out)
        e = (self.own | fmask, self.closed, seen, D, path, pm, dist)
        key = a << SH | b
        if not (self.own or self.closed):  # the board untouched: for every seat and game
            if not fmask:
                memo0 = net.memo0
                if key not in memo0:
                    memo0[key] = (e,)
            pristine = net.pristine
            if len(pristine) >= 20000:
                pristine.clear()
            pristine[(key, fmask)] = e[:6] + (None,)
        memo = self.memo
        lst = memo.get(key)
        if lst is None:
            if len(memo) >= 4096:
                memo.clear()
            memo[key] = [e]
        else:
            lst.insert(0, e)
            if len(lst) > 6:
                lst.pop()
        return e


class _Claimable:
    """Which routes ``seat`` can claim now, from the card counts it may pay with, as
    ``claiming.claim_options`` lists them (open to it, trains enough, a payment of the
    route's colour or gray + Locomotives, a ferry's Locomotives; a tunnel only with a card
    to spare, :func:`_tunnel_ok`), and the payments of one route (:meth:`claims`)."""

    __slots__ = ("game", "seat", "T", "counts", "more")

    def __init__(self, game: Game, seat: int):
        self.game = game
        self.seat = seat
        self.T = game.T
        self.counts = claiming.cards_of(game, seat) if game._hooks["claim_cards"] else game.hands[seat]
        self.more = self._more if game._hooks["open_for"] or _net(game).tunnels else None
        """The checks a route passing the card counts still needs (:meth:`_more`); None on a
        board with none."""

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
        more = self.more
        if ids is None:  # (no route longer than the cards of one colour + Locomotives, or the trains)
            top_len = min(top + w, trains, len(net.from_length) - 1)
            order: Any = net.by_length[net.from_length[top_len]:] if top_len >= 0 else ()
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
            if more is not None and not more(i):
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
        as ``game.legal_actions()`` lists them. (A tunnel's base payments are sorted out
        before the mechanics expand them: every option of a payment pays the same cards.)"""
        g = self.game
        out = claiming.base_claims(self.T, i, self.counts)
        if self.T.rtunnel[i]:
            have = self.counts
            out = [a for a in out if _spare(have, a)]
        hooks = g._hooks["claim_options"]
        if hooks and out:
            route = g.board.routes[i]
            for m in hooks:
                m.claim_options_start(self.seat)
            for m in hooks:
                out = m.claim_options(self.seat, route, out)
        return out


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
    a = _chooser(agent, game)(game)
    if not isinstance(a, Action):
        _not_an_action(agent, game, a)
    return a


def _chooser(agent: Any, game: Game) -> Any:
    """``agent.choose``, or ``agent`` itself for a function; IllegalAction naming the seat, the
    player and the agent's class if it is neither."""
    choose = getattr(agent, "choose", None)
    if callable(choose):
        return choose
    if callable(agent):
        return agent
    seat = game.current_player
    raise IllegalAction(f"The agent for seat {seat} ({game.names[seat]}) is a "
                        f"{type(agent).__name__}, which has no choose(game) method.")


def _not_an_action(agent: Any, game: Game, a: Any) -> None:
    """IllegalAction naming the seat, the player, the agent's class and ``a``, not an action."""
    seat = game.current_player
    raise IllegalAction(
        f"The agent for seat {seat} ({game.names[seat]}, {type(agent).__name__}) returned "
        f"{shown(a)} (a {type(a).__name__}), not an action: choose(game) must return one of "
        f"game.legal_actions().", a)


def applied(agent: Any, game: Game, action: Action) -> None:
    """Apply ``action``, chosen by ``agent`` for the player to move. IllegalAction naming the
    seat, the player and the agent, with the rules' reason, if it is illegal (nothing changed)."""
    _checked(agent, game, action, game.apply)


def _checked(agent: Any, game: Game, action: Action, play: Any) -> None:
    """``play(action)`` (``game.apply`` or its quiet form), the IllegalAction naming the agent."""
    try:
        play(action)
    except IllegalAction as e:
        _illegal(agent, game, action, e)


def _illegal(agent: Any, game: Game, action: Action, e: IllegalAction) -> None:
    """IllegalAction naming the seat, the player and the agent, with the rules' reason ``e``."""
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
    else:  # each choice checked and applied as ``apply`` does (``game._step``), but with no
        # events recorded: ``game.log`` replays them when asked (``chosen_action`` and
        # ``applied``, inline); the greedy player's own choices are not checked again
        from ..rules.fast import unrecorded

        steps = 0
        step = game._step
        trusted = game._trusted_step
        with unrecorded(game):
            choosers: list[Any] = [None] * game.n
            sure = [type(a) is GreedyAgent for a in seats]
            while steps < max_steps and game.pending != "over":
                s = game.seat
                choose = choosers[s]
                if choose is None:
                    choose = choosers[s] = _chooser(seats[s], game)
                a = choose(game)
                if sure[s]:  # (the package's greedy player only chooses legal actions: the
                    # tests replay its games through the checks)
                    trusted(a)
                else:
                    if not isinstance(a, Action):
                        _not_an_action(seats[s], game, a)
                    try:
                        step(a)
                    except IllegalAction as e:
                        _illegal(seats[s], game, a, e)
                steps += 1
    if not game.over:
        raise RuntimeError(f"{game.variant.name} seed {seed}: not over after {max_steps} actions")
    return game


__all__ = ["RandomAgent", "GreedyAgent", "NoTerrainAgent", "RouteFocusAgent", "DestinationHungryAgent",
           "LongRouteAgent", "OneStepAgent", "SearchAgent", "AGENTS", "make_agent", "play_game", "agent_seed",
           "chosen_action", "applied"]
