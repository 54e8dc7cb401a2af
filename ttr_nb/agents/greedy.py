"""The greedy player: chases its tickets along the cheapest paths (:class:`GreedyAgent`), and
its variant that never touches Terrain cards (:class:`NoTerrainAgent`)."""
from __future__ import annotations

import random
from operator import itemgetter, methodcaller
from typing import Any

from ..actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ..cards import CARD_INDEX, CARD_NAMES, GRAY_INDEX, LOCO
from ..legal import draws as card_draws
from ..game import Game
from ..rules.stations import BuildStation
from ..rules.tickets import min_keep
from .claimable import _Claimable, _longest
from .mechanics import _doubling_gain, _holder_tickets, _stations, _stations_left, _terrain_wish, _tickets, _tunnel_ok
from .planner import _INF, _SeatView, _net
from .stations import STATION_SAVING, lent_routes, station_wish


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
    - Train stations (Europe, EU-4): each station it built lends its plan one route of
      another player into its city (a ticket joined with it is done; see
      :mod:`ttr_nb.agents.stations`). On a turn, before anything else, it builds a station
      for its most valuable ticket worth more than the 4 points a station kept in the reserve
      scores, when one route of another player into a city without a station lets it
      complete that ticket within its trains and open routes can't (or only with
      ``station_saving`` trains more; on its last turn, once the end is triggered, when the
      station completes the ticket at once): on an end of that route, with the payment of
      ``game.legal_actions()`` that spends the fewest Locomotives and the fewest cards of the
      colours its plan needs.
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
    tickets and the trains stay); a ticket its own routes join is not asked again. Tunnels: a
    claim's payments are sorted by the spare card before a mechanic expands them. On a turn or
    a second card it reads what it can pay from the card counts (``game.T`` tables, as the
    engine lists claims) and builds the payments of the one route it claims, never every
    legal action. Ticket choices ask for the trains of each ticket and for the path of the
    ones kept only, and read the least number to keep from the rule (``tickets.min_keep``),
    not from the listing; the decisions of the mechanics and a turn with fewer than two card
    sources go through ``game.legal_actions()``. Tunnel checks run only for tunnels. In
    :func:`play_game` its choices are played without being checked again (they are legal by
    how they are made; the tests replay its games through the checks).
    """

    comfort: float = 0.6
    """Extra tickets are kept only while the plan takes at most this share of the trains left."""
    draw_tickets_trains: int = 16
    """It draws new tickets (all its tickets done or lost) only with this many trains or more."""
    station_saving: int | None = STATION_SAVING
    """A station is built for a ticket open routes can still complete only if it saves this
    many trains; ``None``: it never builds a station (to measure what stations add)."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng: random.Random | None = None
        self._seats: dict[int, _SeatView] = {}
        self._last_info: Any = None
        self._lends: dict[tuple, int] = {}

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
        if v.game is not game:
            v.stations = bool(game.mechanics) and _stations(game) is not None
        if v.stations:
            lend = self._lend(game, seat)
            if lend != v.lend:
                v.relend(game, seat, lend)
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
        if tickets is None:
            tickets = _tickets(game, seat)
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
        done = v.done
        for tid in tickets:  # a path is left to claim if it costs anything
            if tid in done:
                continue  # (joined already, and for good: saves asking again at every plan)
            ends = ends_of[tid] = known.get(tid) or net.ticket(game.board, tid)
            cost, e, sure = answer(ends[0], ends[1], fidx, fmask, False)
            if 0 < cost <= trains:
                alone.append((cost, -ends[2], tid, e if sure else ()))
            elif not cost and not fmask:
                done.add(tid)
        alone.sort()
        planned = set(fidx)
        pidx = list(fidx)
        pmask = fmask
        order: list[int] = []
        total = 0
        code = v.code
        for cost, _, tid, e in alone:
            if order or not e:  # (nothing planned yet: the question asked alone, if its path is sure)
                a, b, _pts = ends_of[tid]
                cost, e, _ = answer(a, b, pidx, pmask, True)
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
        if v is None or v.game is not game or v.stations:
            v = self._view(game, seat)
        elif v.version != game._version:  # (``_view``, inline)
            if v.openf != game.openf[seat] or v.owner != game.owner or v.side != game.side:
                v.update(game, seat)
            v.version = game._version
        kept = game.kept[seat]
        trains = game.trains[seat]
        holder = _holder_tickets(game, seat) if game.mechanics else _NO_TICKETS
        last = v.last
        if last is not None and last[0] == kept and last[1] == trains and last[2] == holder and (
                last[4] is v.own and last[5] is v.closed or v.holds(last[4], last[5], last[6], last[7])):
            return last[3]
        tickets = game.tickets(seat)  # (``_tickets``, inline: the holder is read above)
        if holder:
            tix = game.tix
            tickets = tickets + [tix[t].id for t in holder]
        p = self._plan(game, seat, tickets, frozenset())
        v.last = (list(kept), trains, list(holder), *p[1:])
        return p[1]

    def _lend(self, game: Game, seat: int) -> int:
        """The routes ``seat``'s train stations lend its plan (bit mask of route indices,
        :func:`~ttr_nb.agents.stations.lent_routes`); 0 without a station built. Remembered
        for the stations, claims, tickets and trains it depends on."""
        built = _stations(game)
        if not built or not built[seat]:
            return 0
        tickets = _tickets(game, seat)
        key = (seat, tuple(built[seat]), tuple(game.owner), bytes(game.openf[seat]), tuple(tickets),
               game.trains[seat])
        hit = self._lends.get(key)
        if hit is None:
            if len(self._lends) >= 256:
                self._lends.clear()
            hit = self._lends[key] = lent_routes(game, seat, tickets, _net(game))
        return hit

    def _station(self, game: Game) -> Action | None:
        """The train station to build now (class docstring; Europe, EU-4), or None: never
        without a station left, and never when ``station_saving`` is None."""
        seat = game.seat
        if self.station_saving is None or not _stations_left(game, seat):
            return None
        v = self._view(game, seat)
        wish = station_wish(game, seat, _tickets(game, seat), v.net, v.code, self.station_saving, v.cost)
        if wish is None:
            return None
        city = wish[0]
        pays = [a for a in game.legal_actions() if isinstance(a, BuildStation) and a.city == city]
        if not pays:
            return None
        need = [0] * 9
        T = game.T
        for r in self._wanted(game, seat):
            i = T.idx[r]
            if T.rcol[i] != GRAY_INDEX:
                need[T.rcol[i]] += T.rlen[i]
        hand = game.hands[seat]

        def cost(a: BuildStation) -> tuple:  # (Locomotives, cards the plan needs, cards held)
            locos = needed = held = 0
            for name, n in a.pay:
                c = CARD_INDEX[name]
                if c == LOCO:
                    locos += n
                else:
                    needed += max(0, n - max(0, hand[c] - need[c]))
                    held = hand[c]
            return (locos, needed, held, a.sort_key())

        return min(pays, key=cost)

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
        if game.mechanics and not second:
            st = self._station(game)
            if st is not None:
                return st
        seat = game.seat
        disp = game.display
        blind = bool(game.deck) or bool(game.discard)
        srcs: list[DrawCard] | None = None
        if second or not blind or not game.tdeck:  # else two sources at least: the deck, the tickets
            srcs = card_draws(game, second)  # (the engine's listing of the card draws, B-4.4)
            if len(srcs) + (not second and bool(game.tdeck)) < 2:
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
        wish = _terrain_wish(game, seat, wanted) if self._seats[seat].net.terrain else None
        if wish is not None:
            kind = "second-card" if second else "turn"
            for m in game._hooks["actions"]:
                for a in m.actions(kind):
                    if a.kind == "terrain" and getattr(a, "source", None) == wish:
                        return a
        if blind:
            return _DRAW["deck"]
        if srcs is None:
            srcs = card_draws(game, second)
        if srcs[-1].source == "locomotive":  # (sorted: the Locomotive last; never a second card)
            return srcs[-1]
        return srcs[int(self.rng.random() * len(srcs))]

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
        wish = _terrain_wish(game, seat, wanted) if self._seats[seat].net.terrain else None
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
        lo = min_keep(game)  # (the engine's rule, B-2.4, B-6.1: the listing is not built)
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
            if ok and cost <= trains and left:  # (the last one: its path is not needed)
                total += cost
                t = game.board.ticket(tid)
                planned.update(self._costs(game, seat, t.a, t.b, planned)[1])
        # legal: offered tickets, none twice, at least ``lo`` (as ``legal`` lists them, sorted)
        return KeepTickets._raw(tuple(sorted(keep)))

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed!r})"


_Row = tuple[int, int, int, int, int]
"""A wanted route as ``GreedyAgent._info`` lists it: (index, length, trains, ferry Locomotives,
colour)."""
_LENGTH = itemgetter(1)
"""A row's length (the sort is stable: the first of equals stays first, reversed too)."""
_NO_TICKETS: list[int] = []
"""The ticket holder of a game without mechanics (never changed)."""
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
