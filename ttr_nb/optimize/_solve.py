"""Solving: the connected program with a bound on separate networks, then (only if that
bound is not met) the forest program; the answer is scored by the package's own rules."""
from __future__ import annotations

import math
import time
from typing import Sequence

import numpy as np

from ..board import Board, Ticket
from ..scoring_search import tickets_done
from ._model import connected_model, forest_model
from ._network import Network

TOL = 1e-6


def cheapest(net: Network) -> dict[str, float]:
    """Ticket id -> the fewest trains that join its ends on this network (inf if none)."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(net.n))
    for link in net.links:
        w = min(t.trains for t in link.tracks)
        if g.has_edge(link.u, link.v):
            w = min(w, g[link.u][link.v]["weight"])
        g.add_edge(link.u, link.v, weight=w)
    out = {}
    for t in net.tickets:
        a, b = net.ends[t.id]
        if not a or not b:
            out[t.id] = math.inf
            continue
        h = g.copy()
        h.add_edges_from((("A", x) for x in a), weight=0)
        h.add_edges_from((("B", x) for x in b), weight=0)
        try:
            out[t.id] = nx.shortest_path_length(h, "A", "B", weight="weight")
        except nx.NetworkXNoPath:
            out[t.id] = math.inf
    return out


def spare_values(net: Network, trains: int, prizes: Sequence[int],
                 deadline: float) -> dict[int, float]:
    """Cost C -> an upper bound on what separate ticket networks costing C trains in all can
    score, each costing at most half the budget (the biggest network is the main one).

    One network of cost c scores at most the LP relaxation of the connected program with
    budget c; several score at most the best split of C into such pieces. Empty when no
    ticket can be done within half the budget (then every optimum is connected)."""
    d = cheapest(net)
    live = [d[t.id] for t in net.tickets if d[t.id] < math.inf and t.a != t.b]
    lo = math.ceil(min(live)) if live else math.inf
    hi = trains // 2
    if lo > hi:
        return {}
    one: dict[int, float] = {}
    for c in range(lo, hi + 1):
        if time.perf_counter() > deadline:
            raise TimeoutError
        keep = [k for k, t in enumerate(net.tickets) if d[t.id] <= c]
        if not keep:
            continue
        sub = net.with_tickets([net.tickets[k] for k in keep])
        _m, prog, _ = connected_model(sub, c, [prizes[k] for k in keep])
        res = prog.solve(relax=True, time_limit=max(deadline - time.perf_counter(), 0.05))
        if res.status != 0:
            raise TimeoutError
        one[c] = math.floor(-res.fun + TOL)  # every score is a whole number
    best = {0: 0.0}
    for total in range(1, trains - lo + 1):
        v = best[total - 1]
        for c, g in one.items():
            if c <= total:
                v = max(v, best[total - c] + g)
        best[total] = v
    return {c: v for c, v in best.items() if c >= lo and v > 0}


class Outcome:
    """What a solve found: candidate route sets (the best of them is the answer) and the
    proven upper bound on the program value (route points + prizes of done tickets)."""

    def __init__(self, candidates: list[list[int]], bound: float):
        self.candidates, self.bound = [c for c in candidates if c is not None], bound


def solve(net: Network, trains: int, prizes: Sequence[int], time_limit: float | None) -> Outcome:
    """Best routes and bound for the program value (route points + prizes of done tickets)."""
    start = time.perf_counter()
    deadline = math.inf if time_limit is None else start + time_limit
    try:
        spare = spare_values(net, trains, prizes, deadline)
        timed_out = False
    except TimeoutError:
        spare, timed_out = None, True
    if spare is None:  # no bound on separate networks in time: the forest program alone
        return _forest(net, trains, prizes, deadline, None, math.inf)
    d = cheapest(net)
    keep = [k for k, t in enumerate(net.tickets) if d[t.id] <= trains]
    net = net.with_tickets([net.tickets[k] for k in keep])
    prizes = [prizes[k] for k in keep]
    m, prog, use = connected_model(net, trains, prizes, spare)
    res = prog.solve(time_limit=None if deadline == math.inf else max(deadline - time.perf_counter(), 0.05))
    if res.x is None:
        return _forest(net, trains, prizes, deadline, None, _bound(res))
    routes = m.chosen(res.x)
    bound = _bound(res)
    spare_used = any(res.x[v] > 0.5 for v in use.values())
    if res.status == 0 and not spare_used:
        return Outcome([routes], -res.fun)
    if not timed_out and time.perf_counter() < deadline:
        return _forest(net, trains, prizes, deadline, routes, bound)
    return Outcome([routes], bound)


def _bound(res) -> float:
    b = getattr(res, "mip_dual_bound", None)
    if b is None or not np.isfinite(b):
        return math.inf
    return -b


def _forest(net: Network, trains: int, prizes: Sequence[int], deadline: float,
            routes: list[int] | None, bound: float) -> Outcome:
    m, prog = forest_model(net, trains, prizes)
    left = None if deadline == math.inf else max(deadline - time.perf_counter(), 0.05)
    res = prog.solve(time_limit=left)
    if res.x is None:
        return Outcome([routes], min(bound, _bound(res)))
    proven = res.status == 0
    return Outcome([routes, m.chosen(res.x)], min(bound, -res.fun if proven else _bound(res)))


def evaluate(board: Board, routes: Sequence[int], tickets: Sequence[Ticket],
             points: dict[int, int]) -> tuple[int, list[Ticket]]:
    """(route points, the tickets done) of ``routes``, by the Scoresheet's own test of a
    done ticket (:func:`ttr_nb.scoring_search.tickets_done`)."""
    done = tickets_done(board, list(routes), list(tickets))
    return sum(points[r] for r in routes), [t for t, ok in zip(tickets, done) if ok]
