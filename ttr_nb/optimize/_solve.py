"""Solving: one network by root classes, a check that separate networks cannot pay, and
(only if that check fails) the older connected program with a spare and the forest program;
the answer is scored by the package's own rules."""
from __future__ import annotations

import logging
import math
import time
from typing import Callable, Sequence

import numpy as np

from ..board import Board, Ticket
from ..scoring_search import tickets_done
from ._model import connected_model, distances, forest_model, picked, rooted_model, routes_model
from ._network import Network

TOL = 1e-6
log = logging.getLogger("ttr_nb.optimize")


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


def solve(net: Network, trains: int, prizes: Sequence[int], time_limit: float | None,
          report: Callable[[int, int, float], None] | None = None) -> Outcome:
    """Best routes and bound for the program value (route points + prizes of done tickets).

    1. One network: the best plan of each *root class* (:func:`rooted_model`; the done ticket
       end that comes first in a fixed order is the root), each class skipped when its LP
       bound cannot beat the best plan so far, and route points alone.
    2. Separate networks: a plan's biggest ticket network lies in some class ``i``, whose LP
       bound ``f_i`` with its budget dual ``g_i`` (the LP value is concave in the budget)
       caps it at ``f_i - g_i*c`` when the other networks take ``c`` trains (and so does the
       free-root LP, ``f - g_f*c``); each other network has at most half the budget and is
       worth at most ``theta(g) + g*c'`` (:func:`_separate`). No such plan beats the best
       one when the sum stays at most ``best`` for every class and every ``c``; classes
       still in doubt are solved with a spare worth that bound.
    3. Only if that check fails: the older connected program with a spare, then the forest
       program (exact, slower).

    ``report(done, total, best)``, if given, is called after each program of step 1 (the
    routes-only program and each root class, solved or skipped: ``done`` of ``total``) with
    the best program value found so far.
    """
    start = time.perf_counter()
    deadline = math.inf if time_limit is None else start + time_limit
    d = cheapest(net)
    keep = [k for k, t in enumerate(net.tickets) if d[t.id] <= trains]
    net = net.with_tickets([net.tickets[k] for k in keep])
    prizes = [prizes[k] for k in keep]
    dist = distances(net)
    weight: dict[str, float] = {}
    for k, t in enumerate(net.tickets):
        if t.a != t.b:
            for name in (t.a, t.b):
                weight[name] = weight.get(name, 0) + prizes[k]
    order = sorted(weight, key=lambda e: (-weight[e], e))

    def left() -> float | None:
        return None if deadline == math.inf else max(deadline - time.perf_counter(), 0.05)

    total = 1 + sum(len(net.nodes_of[end]) for end in order)
    done = 0

    def step(best: float) -> None:  # one more program of step 1 solved (or skipped)
        nonlocal done
        done += 1
        if report is not None:
            report(done, total, best)

    prog, x = routes_model(net, trains)
    res = prog.solve(time_limit=left())
    candidates = [picked(net, x, res.x)] if res.x is not None else []
    best = -res.fun if res.x is not None else 0.0
    bound = _bound(res) if res.status != 0 else best
    # out of time, no plan scores more than the routes' bound plus every ticket's prize
    crude = bound + sum(p for p in prizes if p > 0)
    step(best)
    if not order:
        return Outcome(candidates, bound)
    mains: list[tuple[float, float]] = []  # each class: its LP bound and points per train
    classes: list[tuple[str, int, set[str]]] = []
    for i, end in enumerate(order):
        banned = set(order[:i])
        for root in net.nodes_of[end]:
            if time.perf_counter() >= deadline:  # out of time: keep the caller's limit
                return Outcome(candidates, max(bound, best, crude))
            try:  # (each class counts as done, solved or skipped)
                built = rooted_model(net, trains, prizes, end, root, banned, dist)
                if built is None:
                    continue
                prog, x = built
                try:
                    ub, g = prog.lp_dual(prog.budget_row)
                except RuntimeError:  # infeasible: nothing in this class
                    continue
                mains.append((ub, g))
                classes.append((end, root, banned))
                if math.floor(ub + TOL) <= best:
                    continue
                if time.perf_counter() >= deadline:  # out of time: the LP bound stands
                    bound = max(bound, ub)
                    continue
                res = prog.solve(time_limit=left())
                if res.x is not None:
                    candidates.append(picked(net, x, res.x))
                    best = max(best, -res.fun)
                bound = max(bound, -res.fun if res.status == 0 else min(ub, _bound(res)))
                log.debug("class %s: LP %.1f, MIP %s, %.1fs", end, ub, None if res.x is None else -res.fun,
                          time.perf_counter() - start)
            finally:
                step(best)
    bound = max(bound, best)
    lo = min((d[t.id] for t in net.tickets if t.a != t.b), default=math.inf)
    if lo > trains // 2 or not mains:  # no two ticket networks fit
        return Outcome(candidates, bound)
    # The biggest ticket network lies in some class i: with c trains left for the others it
    # scores at most f_i - g_i * c (the class LP, concave in the budget) and at most
    # f - g_f * c (the free-root LP, which relaxes every class). The others, each of at most
    # half the budget, score at most others(c) = theta(g) * k + g * c (k networks; k = 1 when
    # theta <= 0). No plan of several networks beats ``top`` when, for every class and every
    # c, the sum stays at most ``top``.
    if time.perf_counter() >= deadline:
        return Outcome(candidates, max(bound, crude))
    top = math.floor(best + TOL)
    half = trains // 2
    first = max(1, math.ceil(lo))
    m, prog, _ = connected_model(net, trains, prizes, {})
    f, g_f = prog.lp_dual(len(prog.lb) - 1)
    g = max(mains)[1]
    theta = _separate(net, half, prizes, order, dist, g, deadline)
    if time.perf_counter() >= deadline:
        return Outcome(candidates, max(bound, crude))
    log.debug("separate networks: free LP %.1f (g %.2f), g %.2f theta %.2f, %.1fs", f, g_f, g, theta,
              time.perf_counter() - start)
    spans = range(first, trains - first + 1)
    others = {c: max(theta, theta * (c // first)) + g * c for c in spans}
    worth = [max(min(fi - gi * c, f - g_f * c) + others[c] for c in spans) for fi, gi in mains]
    cap = max([bound] + worth)  # no plan of any kind scores more
    failing = [i for i, v in enumerate(worth) if v > top + TOL]
    # the classes still in doubt: their program with a spare worth others(c)
    for i in failing:
        if time.perf_counter() >= deadline:
            return Outcome(candidates, cap)
        end, root, banned = classes[i]
        prog, x = rooted_model(net, trains, prizes, end, root, banned, dist, spare=others)
        res = prog.solve(time_limit=left())
        log.debug("class %s with a spare: %s, %.1fs", end, None if res.x is None else -res.fun,
                  time.perf_counter() - start)
        if res.status != 0 or -res.fun > top + TOL:
            if time.perf_counter() >= deadline:
                return Outcome(candidates, cap)
            log.debug("separate networks might pay: the older programs")
            return _older(net, trains, prizes, deadline, candidates, cap)
    return Outcome(candidates, bound)


def _separate(net: Network, half: int, prizes: Sequence[int], order: Sequence[str],
              dist: dict[int, dict[int, float]], g: float, deadline: float) -> float:
    """An upper bound on ``value - g * trains`` of one ticket network of at most ``half``
    trains (the largest over the root classes); infinite once past the deadline."""
    theta = -math.inf
    for i, end in enumerate(order):
        banned = set(order[:i])
        for root in net.nodes_of[end]:
            if time.perf_counter() >= deadline:  # out of time: no bound from here
                return math.inf
            built = rooted_model(net, half, prizes, end, root, banned, dist, penalty=g)
            if built is None:
                continue
            prog, _x = built
            left = None if deadline == math.inf else max(deadline - time.perf_counter(), 0.05)
            try:
                ub, _g = prog.lp_dual(prog.budget_row)
            except RuntimeError:  # infeasible
                continue
            if ub > theta + TOL and time.perf_counter() < deadline:
                res = prog.solve(time_limit=left)
                ub = -res.fun if res.status == 0 else min(ub, _bound(res))
            theta = max(theta, ub)
    return theta


def _older(net: Network, trains: int, prizes: Sequence[int], deadline: float,
           candidates: list[list[int]], cap: float) -> Outcome:
    """The connected program with a spare for separate networks, then the forest program
    (the plans found so far are kept; ``cap`` is a bound already proven)."""
    out = _older_programs(net, trains, prizes, deadline)
    out.candidates = candidates + out.candidates
    out.bound = min(out.bound, cap)
    return out


def _older_programs(net: Network, trains: int, prizes: Sequence[int], deadline: float) -> Outcome:
    try:
        spare = spare_values(net, trains, prizes, deadline)
        timed_out = False
    except TimeoutError:
        spare, timed_out = None, True
    if spare is None:  # no bound on separate networks in time: the forest program alone
        return _forest(net, trains, prizes, deadline, None, math.inf)
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
