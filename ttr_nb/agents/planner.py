"""The greedy players' route planner: the board integer-indexed once (``_Net``) and each
seat's view of the routes with its remembered cheapest-path searches (``_SeatView``); see
:class:`~ttr_nb.agents.GreedyAgent`."""
from __future__ import annotations

import heapq
from typing import Any

from ..board_index import dead_ends
from ..game import Game


class _Net:
    """A board, integer-indexed for the planner: cities numbered in name order (so a heap of
    (trains, city number) pops as one of (trains, city name) does), the links (the routes
    between two cities, in route order), each city's (other city, link) and each city's
    routes as a bit mask."""

    def __init__(self, board: Any, T: Any):
        self.board = board
        names = sorted(board.cities)  # (as ``BoardIndex.names``)
        self.K = len(names)
        self.cidx = {c: k for k, c in enumerate(names)}
        self.country = dead_ends(board, names)
        """City -> whether it is a dead end (a country, H-8.2: the board index's rule)."""
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
        self.rsum = [a + b for a, b in zip(self.ra, self.rb)]
        self.countries = any(self.country)
        self.xmask = [0 if dead else m for dead, m in zip(self.country, self.mask)]
        """The routes a search reads when it reaches a city: those it may go on along (none
        at a country, H-8.2; as ``BoardIndex.onward``)."""
        self.rid = list(T.rid)
        self.idx = dict(T.idx)
        self.need = list(T.rneed)
        self.lw0, self.lrep0 = _links(self.lroutes, self.need)
        """The links' weights and routes with every route open (a new game)."""
        self.tunnels = any(T.rtunnel)
        """Whether the board has tunnels (only then is :func:`_tunnel_ok` asked)."""
        self.terrain = any(getattr(r, "terrain", None) for r in board.routes)
        """Whether routes have a terrain (only then is :func:`_terrain_wish` asked)."""
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
                 "memo", "plans", "done", "nclaims", "seen", "guard", "game", "version", "last", "lend",
                 "stations")

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
        """``adj``, but none from a country (a dead end, H-8.2: ``net.country``, the board
        index's)."""
        self.nclaims: list[int] = []
        self.memo: dict[int, list[tuple]] = {}
        """(city a << ``net.sh``) | city b -> remembered searches, the newest first."""
        self.plans: dict[tuple, tuple[int, list[int], int, int, int]] = {}
        """(tickets, trains, free) -> (trains, route ids, own, closed, seen, guard): a plan and
        what its searches saw; it holds as long as they would all give the same (:meth:`holds`)."""
        self.seen: int | None = None
        self.guard = 0
        """While a plan is made: the routes its searches saw, and those whose getting dearer
        could change one (see :meth:`holds`)."""
        self.done: set[str] = set()
        """Tickets its own routes join (no route free): done for good while no own route stops
        being its own (emptied then, and by :meth:`_reset`)."""
        self.last: Any = None
        """The last plan asked for its routes (``GreedyAgent._wanted``): (kept tickets, trains,
        holder tickets, route ids, own, closed, seen, guard)."""
        self.game: Any = None
        self.version: Any = None
        """The game (and its version) the view was last brought up to date with."""
        self.lend = 0
        """Routes of other players the seat's train stations lend it (Europe, EU-4; bit mask of
        route indices): weighed as its own (0). See :mod:`ttr_nb.agents.stations`."""
        self.stations = False
        """Whether the game of the view has train stations (then ``lend`` is kept up to date)."""

    def update(self, game: Game, seat: int) -> None:
        """Re-read the routes (only those claimed since, and their other tracks, when that
        explains every change of the owners and the open flags; else all of them)."""
        own = game.owner
        openf = game.openf[seat]
        nclaims = self.nclaims
        claims = game.claims
        if self.code and self.side == game.side and len(nclaims) == len(claims) and not self.lend:
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
        self.done = set()
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
            self.done = set()
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
        code = [(0 if side[o] == me else -1) if o >= 0 else (need[i] if openf[i] else -1)
                for i, o in enumerate(game.owner)]
        lend = self.lend
        while lend:  # (a station's loan weighs as the seat's own route)
            low = lend & -lend
            code[low.bit_length() - 1] = 0
            lend ^= low
        return code

    def relend(self, game: Game, seat: int, lend: int) -> None:
        """Take ``lend`` as the routes the seat's stations lend it, and re-read every route."""
        self.lend = lend
        self.code = []
        self.update(game, seat)

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

    def _answer(self, a: int, b: int, fidx: list[int], fmask: int, path: bool) -> tuple[int, tuple, bool]:
        """(cheapest trains from city a to city b with the routes ``fidx`` free, the search
        entry, whether its path is the one a new search would find): from a remembered search
        that gives what a new search would (its trains and, if ``path``, its very path; see the
        class docstring), else from a new search; noted in ``seen``/``guard`` (its path) when
        they are kept."""
        fmask &= self.open
        z = self.own | fmask
        x = self.closed
        net = self.net
        key = a << net.sh | b
        d = -1
        e: Any = None
        sure = True
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
            nzx = ~(z | x)
            for e in lst or ():
                z0, x0, seen = e[0], e[1], e[2]
                zc = z0 ^ z
                xc = x0 ^ x
                ch = (zc | xc) & seen
                if not ch:
                    d = e[3]
                    break
                if e[3] == _INF and not xc & x0 & seen:
                    d = _INF  # out of reach then: the search went through all it could
                    break  # reach, and none of those routes has opened since
                # dearer than then: closed since, or own or free then and open now (as
                # ``ch & ((x & ~x0) | (z0 & ~z & ~x))``, with fewer new big ints)
                up = ch & ((xc & x) | (zc & z0 & nzx))
                pm = e[5]
                if up & pm:
                    continue  # a route it went by
                down = ch ^ up
                on = down & pm  # its path's routes that became free
                off = down ^ on
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
                # (the trains alone, with routes cheaper off its path: its path may not be the
                # one a new search would find)
                sure = path or down == on
                while on:  # (its path stays, by the savings)
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
        return d, e, sure

    def cost(self, a: int, b: int, fidx: list[int] = [], fmask: int = 0) -> int:  # noqa: B006 (read only)
        """The cheapest trains from city a to city b, ``fidx`` routes free (none by default);
        1 << 30 when b can't be reached (ties don't matter)."""
        return self._answer(a, b, fidx, fmask, False)[0]

    def run(self, a: int, b: int, fidx: list[int], fmask: int) -> tuple[int, list[int]]:
        """Cheapest trains from city a to city b, ``fidx`` routes free: (cost, route indices
        still to claim, from b back to a); (1 << 30, []) when b can't be reached."""
        d, e, _ = self._answer(a, b, fidx, fmask, True)
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
