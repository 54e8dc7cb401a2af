"""The mixed-integer programs, solved by HiGHS through :func:`scipy.optimize.milp`.

Variables (all in [0, 1]): ``x`` one per track option (integer), ``y`` one per ticket
(integer: the ticket is done), and continuous flow variables that prove connectivity.

The models:

- :func:`rooted_model` — one *root class* of the one-network program: the first done ticket
  end (in a fixed order) is the root of a tree oriented away from it, every later ticket end
  that a done ticket names receives flow from it. The classes together cover every plan with
  one ticket network; the solver (:mod:`._solve`) branches only on the classes whose LP bound
  can beat the best plan so far. :func:`routes_model` is the plan with no ticket.
- :func:`connected_model` — the completed tickets lie in ONE connected network (any other
  claimed routes only score their points). The network is oriented as a tree grown from one
  root city (``rho``, at most one), each city entered at most once (``z``, in-degree at most
  1), and every city a completed ticket names receives one unit of flow from the root along
  the oriented tracks. This directed form has a strong LP relaxation: a "thin" network of
  half-claimed tracks no longer joins everything, because each city reached needs a whole
  track pointing into it. Optionally (``spare``) the budget may also buy separate
  ticket networks whose value is only bounded (see :func:`spare_values`): then the
  program is a relaxation of every forest, and its optimum is an upper bound for all.
- :func:`forest_model` — any number of separate networks, each with its own root; a ticket
  counts only when both its ends hang from the same root. Exact for every forest but with a
  weaker relaxation (used when the connected program cannot prove its answer).
"""
from __future__ import annotations

import warnings
from typing import Sequence

import numpy as np

from ..board_index import board_index
from ..paths import PathSearch
from ._network import Network


class Program:
    """A sparse 0-1 program being built: maximise ``c·v`` subject to rows ``lb <= A v <= ub``."""

    def __init__(self) -> None:
        self.cost: list[float] = []
        self.integer: list[int] = []
        self.r: list[int] = []
        self.c: list[int] = []
        self.v: list[float] = []
        self.lb: list[float] = []
        self.ub: list[float] = []

    def var(self, gain: float = 0.0, integer: bool = False) -> int:
        self.cost.append(-float(gain))
        self.integer.append(int(integer))
        return len(self.cost) - 1

    def vars(self, k: int) -> list[int]:
        start = len(self.cost)
        self.cost.extend([0.0] * k)
        self.integer.extend([0] * k)
        return list(range(start, start + k))

    def row(self, coefs: dict[int, float] | Sequence[tuple[int, float]], lb: float, ub: float) -> None:
        i = len(self.lb)
        items = coefs.items() if isinstance(coefs, dict) else coefs
        for j, a in items:
            self.r.append(i)
            self.c.append(j)
            self.v.append(a)
        self.lb.append(lb)
        self.ub.append(ub)

    def solve(self, relax: bool = False, time_limit: float | None = None):
        """The scipy ``milp`` result (maximised value is ``-res.fun``)."""
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import csr_matrix

        n = len(self.cost)
        A = csr_matrix((self.v, (self.r, self.c)), shape=(len(self.lb), n))
        options: dict = {"presolve": True, "threads": 1}
        if time_limit is not None:
            options["time_limit"] = max(float(time_limit), 0.05)
        integrality = np.zeros(n) if relax else np.array(self.integer)
        with warnings.catch_warnings():  # 'threads' goes to HiGHS verbatim
            warnings.simplefilter("ignore", RuntimeWarning)
            return milp(np.array(self.cost), integrality=integrality, bounds=Bounds(0, 1),
                        constraints=LinearConstraint(A, self.lb, self.ub), options=options)

    def lp_dual(self, row: int) -> tuple[float, float]:
        """The LP relaxation's maximum and the dual value (points per unit) of ``row``
        (a ``<=`` row): the value with that row's right-hand side ``b`` changed to ``b'`` is
        at most ``max + dual * (b' - b)`` (the value is concave in ``b``)."""
        from scipy.optimize import linprog
        from scipy.sparse import csr_matrix

        n = len(self.cost)
        A = csr_matrix((self.v, (self.r, self.c)), shape=(len(self.lb), n))
        lb, ub = np.array(self.lb), np.array(self.ub)
        up = np.isfinite(ub)
        lo = np.isfinite(lb)
        from scipy.sparse import vstack
        A_ub = vstack([A[up], -A[lo]]).tocsr()
        b_ub = np.concatenate([ub[up], -lb[lo]])
        res = linprog(np.array(self.cost), A_ub=A_ub, b_ub=b_ub, bounds=(0, 1), method="highs")
        if res.status != 0:
            raise RuntimeError(res.message)
        k = int(np.flatnonzero(up).tolist().index(row))
        return -res.fun, -float(res.ineqlin.marginals[k])


INF = np.inf


class Base:
    """The part both models share: tracks, budget, tickets, oriented arcs ``z``."""

    def __init__(self, net: Network, trains: int, prizes: Sequence[int]):
        self.net = net
        self.p = p = Program()
        self.x: list[list[int]] = []
        budget: list[tuple[int, float]] = []
        for link in net.links:
            xs = [p.var(t.points, True) for t in link.tracks]
            self.x.append(xs)
            budget += [(j, t.trains) for j, t in zip(xs, link.tracks)]
            if len(xs) > 1:
                p.row([(j, 1.0) for j in xs], -INF, 1)
        self.budget = budget
        self.trains = trains
        self.y: list[int] = []
        self.live: list[int] = []  # ticket positions whose both ends are on the network
        for k, t in enumerate(net.tickets):
            a, b = net.ends[t.id]
            self.y.append(p.var(prizes[k], True))
            if a and b and t.a != t.b:
                self.live.append(k)
            elif not (a and b):
                p.row([(self.y[k], 1.0)], 0, 0)
        # arcs: 2k is u->v, 2k+1 is v->u of link k
        self.arcs = [(l.u, l.v) if s == 0 else (l.v, l.u) for l in net.links for s in (0, 1)]
        self.z = p.vars(len(self.arcs))
        for k, xs in enumerate(self.x):
            p.row([(self.z[2 * k], 1.0), (self.z[2 * k + 1], 1.0)] + [(j, -1.0) for j in xs], -INF, 0)
        self.into: list[list[int]] = [[] for _ in range(net.n)]
        self.out: list[list[int]] = [[] for _ in range(net.n)]
        for ai, (u, v) in enumerate(self.arcs):
            self.out[u].append(ai)
            self.into[v].append(ai)
        # each ticket end's nodes (a country: several), by end name
        self.terminals: dict[str, tuple[int, ...]] = {}
        for k in self.live:
            t = net.tickets[k]
            a, b = net.ends[t.id]
            self.terminals.setdefault(t.a, a)
            self.terminals.setdefault(t.b, b)
        # a ticket needs a track at each end (the cut around each end)
        for k in self.live:
            t = net.tickets[k]
            for nodes in net.ends[t.id]:
                inside = set(nodes)
                coefs = {self.y[k]: -1.0}
                for li, link in enumerate(net.links):
                    if (link.u in inside) != (link.v in inside):
                        for j in self.x[li]:
                            coefs[j] = coefs.get(j, 0.0) + 1.0
                p.row(coefs, 0, INF)

    def roots(self) -> list[int]:
        """Nodes that may be a root: the cities (not countries) a live ticket names."""
        return sorted({ns[0] for ns in self.terminals.values() if len(ns) == 1})

    def terminal_flows(self, rho: dict[int, int], w: dict[str, int]) -> dict[str, dict[int, int]]:
        """One flow per ticket end from the roots, along ``z``; returns each end's root arcs."""
        p = self.p
        heads: dict[str, dict[int, int]] = {}
        for name, sinks in self.terminals.items():
            f = p.vars(len(self.arcs))
            h = {r: p.var() for r in rho}
            heads[name] = h
            for ai in range(len(self.arcs)):
                p.row([(f[ai], 1.0), (self.z[ai], -1.0)], -INF, 0)
            for r, hv in h.items():
                p.row([(hv, 1.0), (rho[r], -1.0)], -INF, 0)
            sink = set(sinks)
            total: dict[int, float] = {w[name]: -1.0}
            for node in range(self.net.n):
                coefs: dict[int, float] = {}
                for ai in self.into[node]:
                    coefs[f[ai]] = coefs.get(f[ai], 0.0) + 1.0
                for ai in self.out[node]:
                    coefs[f[ai]] = coefs.get(f[ai], 0.0) - 1.0
                if node in h:
                    coefs[h[node]] = coefs.get(h[node], 0.0) + 1.0
                if node in sink:
                    for j, a in coefs.items():
                        total[j] = total.get(j, 0.0) + a
                elif coefs:
                    p.row(coefs, 0, 0)
            p.row(total, 0, 0)
        return heads

    def tree_rows(self, rho: dict[int, int]) -> dict[str, int]:
        """In-degree rows (each node entered at most once, a root not at all) and the ``w``
        variables (an end is reached) tied to the tickets."""
        p = self.p
        for node in range(self.net.n):
            coefs = [(self.z[ai], 1.0) for ai in self.into[node]]
            if node in rho:
                coefs.append((rho[node], 1.0))
            if coefs:
                p.row(coefs, -INF, 1)
        w = {name: p.var() for name in self.terminals}
        for k in self.live:
            t = self.net.tickets[k]
            p.row([(w[t.a], 1.0), (self.y[k], -1.0)], 0, INF)
            p.row([(w[t.b], 1.0), (self.y[k], -1.0)], 0, INF)
        return w

    def finish(self, extra_budget: Sequence[tuple[int, float]] = ()) -> Program:
        self.p.row(list(self.budget) + list(extra_budget), -INF, self.trains)
        return self.p

    def chosen(self, values: np.ndarray) -> list[int]:
        """The route ids of the tracks set to 1."""
        out = []
        for link, xs in zip(self.net.links, self.x):
            for t, j in zip(link.tracks, xs):
                if values[j] > 0.5:
                    out.append(t.id)
        return sorted(out)


def connected_model(net: Network, trains: int, prizes: Sequence[int],
                    spare: dict[int, float] | None = None) -> tuple[Base, Program, dict[int, int]]:
    """The one-network program; ``spare``: cost -> bound on separate networks of that cost
    (binary choice of at most one; its trains are taken from the budget). Returns the
    model, the program and the spare choice variables (cost -> variable)."""
    m = Base(net, trains, prizes)
    p = m.p
    roots = m.roots()
    rho = {r: p.var() for r in roots}
    if rho:
        p.row([(v, 1.0) for v in rho.values()], -INF, 1)
    w = m.tree_rows(rho)
    m.terminal_flows(rho, w)
    use: dict[int, int] = {}
    extra: list[tuple[int, float]] = []
    for cost, value in sorted((spare or {}).items()):
        if value > 0 and cost <= trains:
            use[cost] = p.var(value, True)
            extra.append((use[cost], float(cost)))
    if len(use) > 1:
        p.row([(v, 1.0) for v in use.values()], -INF, 1)
    return m, m.finish(extra), use


def forest_model(net: Network, trains: int, prizes: Sequence[int]) -> tuple[Base, Program]:
    """The any-number-of-networks program: a root per network (the ticket end that comes
    first in a fixed order), and each done ticket's two ends fed by the same roots."""
    m = Base(net, trains, prizes)
    p = m.p
    roots = m.roots()
    weight: dict[int, int] = {}
    for k in m.live:
        t = net.tickets[k]
        for nodes in net.ends[t.id]:
            if len(nodes) == 1:
                weight[nodes[0]] = weight.get(nodes[0], 0) + net.tickets[k].points
    roots.sort(key=lambda r: (-weight.get(r, 0), r))
    order = {r: i for i, r in enumerate(roots)}
    rho = {r: p.var(0, True) for r in roots}
    w = m.tree_rows(rho)
    heads = m.terminal_flows(rho, w)
    for name, h in heads.items():  # an end hangs only from a root that comes before it
        nodes = m.terminals[name]
        if len(nodes) == 1 and nodes[0] in order:
            for r, hv in h.items():
                if order[r] > order[nodes[0]]:
                    p.row([(hv, 1.0)], 0, 0)
    for r in roots:  # a root is the first end of a done ticket
        coefs = {rho[r]: 1.0}
        for k in m.live:
            a, b = net.ends[net.tickets[k].id]
            for mine, other in ((a, b), (b, a)):
                if mine == (r,) and (len(other) > 1 or order.get(other[0], -1) > order[r]):
                    coefs[m.y[k]] = coefs.get(m.y[k], 0.0) - 1.0
        p.row(coefs, -INF, 0)
    for k in m.live:  # both ends of a done ticket from the same roots
        t = net.tickets[k]
        for r in roots:
            ha, hb = heads[t.a][r], heads[t.b][r]
            p.row([(ha, 1.0), (hb, -1.0), (m.y[k], 1.0)], -INF, 1)
            p.row([(hb, 1.0), (ha, -1.0), (m.y[k], 1.0)], -INF, 1)
    return m, m.finish()


def distances(net: Network) -> dict[int, dict[int, float]]:
    """Node -> node -> the fewest trains joining them (absent: never joined), by the one
    path search over the board's index (:class:`ttr_nb.paths.PathSearch`) on the network's
    tracks. A country node ends its one link (a dead end, H-8.2): its trains to any node are
    that link's plus those from the link's city."""
    ix = board_index(net.board)
    cost: list[int | None] = [None] * len(ix.rid)
    for link in net.links:
        for t in link.tracks:
            cost[ix.pos[t.id]] = t.trains
    node_of = {ix.index[name]: node for node, name in enumerate(net.names)
               if not ix.country[ix.index[name]]}
    leaves: dict[int, tuple[int, int]] = {}  # country node -> (its link's city node, trains)
    for link in net.links:
        for end, other in ((link.u, link.v), (link.v, link.u)):
            if ix.country[ix.index[net.names[end]]]:
                leaves[end] = (other, min(t.trains for t in link.tracks))
    out: dict[int, dict[int, float]] = {}
    for c, node in node_of.items():
        d = PathSearch(ix, cost, [c]).reached()
        out[node] = {node_of[v]: w for v, w in d.items() if v in node_of}
    for leaf, (city, w) in leaves.items():
        for node, d in out.items():
            if city in d and node not in leaves:
                d[leaf] = d[city] + w
    for leaf, (city, w) in leaves.items():
        d = out[leaf] = {v: w + x for v, x in out[city].items()}
        d[leaf] = 0
    return out


def rooted_model(net: Network, trains: int, prizes: Sequence[int], end: str, root: int,
                 banned: set[str], dist: dict[int, dict[int, float]],
                 penalty: float = 0.0, spare: dict[int, float] | None = None
                 ) -> tuple[Program, list[list[int]]] | None:
    """One *root class* of the one-network program: the done ticket end that comes first in
    a fixed order is ``end``, its node ``root`` is the root of the tree, and no ticket of an
    end in ``banned`` (the ends before it) is done. At least one ticket of ``end`` is done.

    The claimed tracks ``x`` hold a tree oriented away from ``root`` (continuous ``z``,
    ``z_uv + z_vu <= x``, each node entered at most once, the root never); every other ticket
    end ``e`` a done ticket names (``y <= w_e``) receives ``w_e`` units of flow from the root
    along ``z``. Arcs and flows that cannot fit in the budget (by the fewest trains from the
    root and to the end) are left out. ``penalty``: each train costs that many points in the
    objective (the check on separate networks); ``spare``: trains -> a bound on what other
    networks of that many trains score (at most one is bought, from the same budget). None
    when no ticket of ``end`` can be done.
    """
    p = Program()
    x: list[list[int]] = []
    budget: list[tuple[int, float]] = []
    for link in net.links:
        xs = [p.var(t.points - penalty * t.trains, True) for t in link.tracks]
        x.append(xs)
        budget += [(j, t.trains) for j, t in zip(xs, link.tracks)]
        if len(xs) > 1:
            p.row([(j, 1.0) for j in xs], -INF, 1)
    spare_vars = [(p.var(value, True), float(c)) for c, value in sorted((spare or {}).items())
                  if c <= trains]
    if len(spare_vars) > 1:
        p.row([(j, 1.0) for j, _c in spare_vars], -INF, 1)
    p.budget_row = len(p.lb)
    p.row(budget + spare_vars, -INF, trains)
    far = trains + 0.5
    dr = dist[root]

    def d_to(u: int, nodes: Sequence[int]) -> float:
        return min((dist[u].get(v, INF) for v in nodes), default=INF)

    y: list[int] = []
    live: list[int] = []
    for k, t in enumerate(net.tickets):
        a, b = net.ends[t.id]
        y.append(p.var(prizes[k], True))
        ok = (a and b and t.a != t.b and t.a not in banned and t.b not in banned
              and min(d_to(u, b) for u in a) <= far
              and d_to(root, a) <= far and d_to(root, b) <= far)
        if ok:
            live.append(k)
        else:
            p.row([(y[k], 1.0)], 0, 0)
    mine = [k for k in live if end in (net.tickets[k].a, net.tickets[k].b)]
    if not mine:
        return None
    p.row([(y[k], 1.0) for k in mine], 1, INF)
    arcs: list[tuple[int, int]] = []
    length: list[int] = []
    for link in net.links:
        w = min(t.trains for t in link.tracks)
        arcs += [(link.u, link.v), (link.v, link.u)]
        length += [w, w]
    z = {ai: p.var() for ai, (u, v) in enumerate(arcs)
         if v != root and dr.get(u, INF) + length[ai] <= far}
    for k, xs in enumerate(x):
        zz = [(z[ai], 1.0) for ai in (2 * k, 2 * k + 1) if ai in z]
        if zz:
            p.row(zz + [(j, -1.0) for j in xs], -INF, 0)
    into: dict[int, list[int]] = {}
    for ai in z:
        into.setdefault(arcs[ai][1], []).append(ai)
    for v, ais in into.items():
        if len(ais) > 1:
            p.row([(z[ai], 1.0) for ai in ais], -INF, 1)
    ends: dict[str, tuple[int, ...]] = {}
    for k in live:
        t = net.tickets[k]
        a, b = net.ends[t.id]
        ends.setdefault(t.a, a)
        ends.setdefault(t.b, b)
    w: dict[str, int] = {}
    for name, sinks in sorted(ends.items()):
        if root in sinks:
            continue
        w[name] = p.var()
        sink = set(sinks)
        fa = [ai for ai in z if dr.get(arcs[ai][0], INF) + length[ai] + d_to(arcs[ai][1], sinks) <= far]
        f = {ai: p.var() for ai in fa}
        balance: dict[int, dict[int, float]] = {}
        for ai in fa:
            p.row([(f[ai], 1.0), (z[ai], -1.0)], -INF, 0)
            u, v = arcs[ai]
            balance.setdefault(v, {})[f[ai]] = 1.0
            balance.setdefault(u, {})[f[ai]] = -1.0
        total: dict[int, float] = {w[name]: -1.0}
        for node, coefs in balance.items():
            if node == root:
                continue
            if node in sink:
                for j, a in coefs.items():
                    total[j] = total.get(j, 0.0) + a
            else:
                p.row(coefs, 0, 0)
        p.row(total, 0, 0)
    for k in live:
        t = net.tickets[k]
        for name in (t.a, t.b):
            if name in w:
                p.row([(w[name], 1.0), (y[k], -1.0)], 0, INF)
    return p, x


def routes_model(net: Network, trains: int) -> tuple[Program, list[list[int]]]:
    """Route points alone: the best tracks within the budget (no ticket done)."""
    p = Program()
    x: list[list[int]] = []
    budget: list[tuple[int, float]] = []
    for link in net.links:
        xs = [p.var(t.points, True) for t in link.tracks]
        x.append(xs)
        budget += [(j, t.trains) for j, t in zip(xs, link.tracks)]
        if len(xs) > 1:
            p.row([(j, 1.0) for j in xs], -INF, 1)
    p.row(budget, -INF, trains)
    return p, x


def picked(net: Network, x: list[list[int]], values: np.ndarray) -> list[int]:
    """The route ids of the tracks set to 1."""
    return sorted(t.id for link, xs in zip(net.links, x) for t, j in zip(link.tracks, xs)
                  if values[j] > 0.5)
