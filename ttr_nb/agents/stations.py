"""The greedy players' train stations (Europe, EU-4): which route of another player each of
their built stations lends to their plan (:func:`lent_routes`), and when to build one
(:func:`station_wish`).

A built station lets its owner use, at the end, one route of another player into its city
for all their tickets. So the players' planner counts one such route per station as their
own (a ticket joined with it is done, a path may go through it), the one that serves their
tickets best: the most ticket points within the trains left, then the fewest trains (the
first route of equals). A station lending to a ticket costs 4 points (a station kept in the
reserve scores 4), so a player builds one only for a ticket worth more than that, when that
ticket can't be completed with open routes within its trains, or costs ``saving`` trains
less through one route of another player, or, on its last turn (the end triggered, B-7.1),
is completed at once by the station.

Everything read here is public or the seat's own: the stations (:func:`~.mechanics._stations`),
the claims, the open routes, the seat's tickets and trains.
"""
from __future__ import annotations

import heapq
import itertools
from typing import Any

from ..game import Game
from ..rules.stations import UNUSED_POINTS
from .mechanics import _stations
from .planner import _INF, _Net

STATION_SAVING = 12
"""Trains a station must save on a ticket that open routes can still complete (else it is
built only for a ticket open routes can no longer complete within the trains left)."""


def _raw_code(game: Game, seat: int, net: _Net) -> list[int]:
    """Each route's weight for ``seat`` without stations (as the planner's ``_SeatView``):
    0 for its own (its team's) route, the trains of a route still open to it, -1 else."""
    side = game.side
    me = side[seat]
    openf = game.openf[seat]
    need = net.need
    return [(0 if side[o] == me else -1) if o >= 0 else (need[i] if openf[i] else -1)
            for i, o in enumerate(game.owner)]


def _theirs(game: Game, seat: int) -> list[bool]:
    """Route index -> whether another player (another team) owns it: the routes a station may
    lend (EU-4)."""
    side = game.side
    me = side[seat]
    return [o >= 0 and side[o] != me for o in game.owner]


def _routes_of(net: _Net) -> list[list[int]]:
    """City number -> the indices of its routes (remembered on the board index)."""
    out = getattr(net, "_station_routes", None)
    if out is None:
        out = [[] for _ in range(net.K)]
        for i, (a, b) in enumerate(zip(net.ra, net.rb)):
            out[a].append(i)
            out[b].append(i)
        net._station_routes = out  # type: ignore[attr-defined]
    return out


def cheapest(net: _Net, code: list[int], a: int, b: int, borrow: list[bool] | None = None
             ) -> tuple[int, int]:
    """Cheapest trains from city a to city b over the routes of weight ``code`` (0 own, trains
    if open, -1 closed), and, if ``borrow`` is given, at most one route it marks taken at no
    cost (a station's loan): (trains, the borrowed route's index or -1); (1 << 30, -1) when b
    can't be reached. A Dijkstra search over (city, loan used) popping (trains, loan used,
    city) first; dead ends (countries, H-8.2) are not passed through."""
    routes = _routes_of(net)
    ra, rb, country = net.ra, net.rb, net.country
    dist = {(a, 0): 0}
    prev: dict[tuple[int, int], int] = {}
    heap = [(0, 0, a)]
    while heap:
        d, used, c = heapq.heappop(heap)
        if d > dist.get((c, used), _INF):
            continue
        if c == b:
            r = -1
            if used:  # the borrowed route on the path
                x = (c, 1)
                while x in prev:
                    i, was = divmod(prev[x], 2)
                    if not was:
                        r = i
                        break
                    o = ra[i] + rb[i] - x[0]
                    x = (o, 1)
            return d, r
        if c != a and country[c]:
            continue
        for i in routes[c]:
            o = ra[i] + rb[i] - c
            w = code[i]
            if w >= 0:
                nxt, nd = (o, used), d + w
            elif borrow is not None and not used and borrow[i]:
                nxt, nd = (o, 1), d
            else:
                continue
            if nd < dist.get(nxt, _INF):
                dist[nxt] = nd
                prev[nxt] = 2 * i + used  # (route, and whether the loan was already used)
                heapq.heappush(heap, (nd, nxt[1], o))
    return _INF, -1


def lent_routes(game: Game, seat: int, tickets: list[str], net: _Net) -> int:
    """The routes ``seat``'s built stations lend its plan, as a bit mask of route indices: for
    each station, one route of another player into its city (none if there is none, or if the
    seat joins that pair of cities already). With several choices, the combination that gives
    the most ticket points within the seat's trains (a ticket joined counts its points, one
    out of reach loses them), then the fewest trains over the tickets, then the first in
    route order, as :func:`ttr_nb.rules.stations.best_use` tries every combination."""
    built = _stations(game)
    if not built or not built[seat]:
        return 0
    code = _raw_code(game, seat, net)
    theirs = _theirs(game, seat)
    routes = _routes_of(net)
    rlink = net.rlink
    own_links = {rlink[i] for i, x in enumerate(code) if x == 0}
    options: list[list[int]] = []
    for city in built[seat]:
        seen: set[int] = set()
        opts = []
        for i in sorted(routes[net.cidx[city]]):
            lk = rlink[i]
            if theirs[i] and lk not in own_links and lk not in seen:
                seen.add(lk)
                opts.append(i)
        if opts:
            options.append(opts)
    if not options:
        return 0
    if all(len(o) == 1 for o in options):  # (a loan never makes a ticket dearer)
        return sum(1 << o[0] for o in options)
    trains = game.trains[seat]
    ends = [net.ticket(game.board, t) for t in tickets]
    best: tuple | None = None
    for combo in itertools.product(*options):
        c = list(code)
        for i in combo:
            c[i] = 0
        points = cost = 0
        for a, b, pts in ends:
            d = cheapest(net, c, a, b)[0]
            if d <= trains:
                points += pts
                cost += d
            else:
                points -= pts
        key = (-points, cost)
        if best is None or key < best[0]:
            best = (key, combo)
    return sum(1 << i for i in set(best[1]))  # type: ignore[index]


def station_wish(game: Game, seat: int, tickets: list[str], net: _Net, code: list[int],
                 saving: int = STATION_SAVING, cost: Any = None) -> tuple[str, str] | None:
    """(city, ticket id) where ``seat`` should build its next station, or None: the ticket
    worth most points (more than the 4 a station kept in the reserve scores; then the fewest
    trains, then the ticket id) that is not done, that one route of another player into a
    city without a station lets it complete within its trains, and that open routes can't
    complete within its trains or only with ``saving`` trains more. In the final round
    (B-7.1: this is its last turn) only a station that completes a ticket at once is built,
    and then whatever open routes could do. ``code``: the planner's route weights for the
    seat (its stations' loans counted as its own routes); ``cost``: the
    planner's (remembered) cheapest trains from city a to city b over those weights, if given.
    The station goes on an end of that route without a station (the first by name)."""
    built = _stations(game)
    if built is None:
        return None
    taken = {c for cs in built for c in cs}
    theirs = _theirs(game, seat)
    ra, rb, names = net.ra, net.rb, _names(net)
    borrow = [t and (names[ra[i]] not in taken or names[rb[i]] not in taken) for i, t in enumerate(theirs)]
    if not any(borrow):
        return None
    final = game.final_round
    trains = 0 if final else game.trains[seat]  # (last turn: no more trains to place after)
    best = None
    for tid in tickets:
        a, b, pts = net.ticket(game.board, tid)
        if pts <= UNUSED_POINTS:
            continue
        now = cost(a, b) if cost is not None else cheapest(net, code, a, b)[0]
        if now == 0 or not final and now <= trains and now < saving:  # (done, or no loan can save enough)
            continue
        d, r = cheapest(net, code, a, b, borrow)
        if r < 0 or d > trains or (not final and now <= trains and now - d < saving):
            continue
        key = (-pts, d, tid)
        if best is None or key < best[0]:
            city = min(c for c in (names[ra[r]], names[rb[r]]) if c not in taken)
            best = (key, city)
    return None if best is None else (best[1], best[0][2])


def _names(net: _Net) -> list[str]:
    """City number -> name (numbered in name order)."""
    out: Any = getattr(net, "_station_names", None)
    if out is None:
        out = net._station_names = sorted(net.cidx, key=net.cidx.get)  # type: ignore[attr-defined]
    return out
