"""Inside a large or dense block: branch and bound over routes with the Euler bound (the
cheapest T-join of the odd cities, :class:`_Pairing`), and Hierholzer over bit masks (step 4
of :mod:`ttr_nb.trail`)."""
from __future__ import annotations

from heapq import heappop, heappush


def _euler_bits(inc, keep, s):
    """Hierholzer over the routes of the bit mask ``keep`` (they form one trail from s);
    ``inc[x]``: the routes at city x, each a tuple (far end, ..., its bit). Returns the
    trail's cities and its routes as indices, in travel order."""
    used = 0
    ptr = [0] * len(inc)
    stack = [(s, -1)]
    out = []
    while stack:
        x, _e = stack[-1]
        lst = inc[x]
        k = ptr[x]
        while k < len(lst) and (used & lst[k][-1] or not keep & lst[k][-1]):
            k += 1
        ptr[x] = k
        if k == len(lst):
            out.append(stack.pop())
        else:
            bit = lst[k][-1]
            used |= bit
            stack.append((lst[k][0], bit.bit_length() - 1))
    out.reverse()
    return [x for x, _e in out], [e for _x, e in out[1:]]


def _search_with_branches(red, p1, p2, fixed, floor):
    """One of the two trails of :func:`_by_removal` (``red``: the routes as (a, b,
    cars)), by :func:`_trail_search` (branch and bound), with the branches as routes to
    leaves (a leaf ends a trail); its routes as a list of indices, in travel order."""
    sub = list(red)
    leaf = -1
    for a in range(len(p1)):
        for p in (p1[a],) if fixed else (p1[a], p2[a]):
            if p:
                sub.append((a, leaf, p))
                leaf -= 1
    found = _trail_search(sub, 0 if fixed else None, floor)
    if found is None:
        return None
    path_nodes, path_edges, cars = found
    if path_nodes[0] < 0:  # it starts with a branch
        path_nodes, path_edges = path_nodes[1:], path_edges[1:]
    if path_nodes[-1] < 0:  # it ends with one
        path_nodes, path_edges = path_nodes[:-1], path_edges[:-1]
    return cars, path_edges, path_nodes[0], path_nodes[-1]


class _Pairing:
    """The cheapest way to fix the parity of some points by paths between them.

    ``dist``: distances between k points; ``need``: the points that must be paired (a
    bitmask); ``ends``: the points that may be trail ends, at most ``budget`` of them: a
    needed end may stay unpaired, another end may be paired (it becomes odd). Branch and
    bound over subsets, settling the lowest point first (points sorted by their largest
    distance to another point, largest first); lower bound: each needed point pays a
    share, half its nearest distance raised by dual ascent (two paired points' shares
    never exceed their distance), less the largest shares of the ends left unpaired."""

    __slots__ = ("near", "nn", "by_share", "need", "ends", "memo", "choice", "order", "floor", "stop")

    def __init__(self, dist, need, ends):
        k = len(dist)
        nn = [min((dist[i][j] for j in range(k) if j != i), default=0) for i in range(k)]
        # dual ascent: raise each needed point's share while every pair still pays for
        # both shares (y[i] + y[j] <= 2 dist, an optional point's share is 0)
        for i in range(k):
            if need >> i & 1:
                row = dist[i]
                nn[i] = min((row[j] * 2 - (nn[j] if need >> j & 1 else 0) for j in range(k) if j != i),
                            default=0)
        # settle the outlying points first (the largest distance to another point, then
        # the largest sum): their partners are few, so the search fails early there
        order = sorted(range(k), key=lambda i: (-max(dist[i]), -sum(dist[i]), i))
        self.order = order
        self.nn = [nn[i] if need >> i & 1 else 0 for i in order]
        self.need = sum(1 << p for p, i in enumerate(order) if need >> i & 1)
        self.ends = sum(1 << p for p, i in enumerate(order) if ends >> i & 1)
        self.by_share = sorted(((v, 1 << p) for p, v in enumerate(self.nn) if v), reverse=True)
        self.near = [sorted((dist[order[p]][order[q]], 1 << q) for q in range(p + 1, k)) for p in range(k)]
        self.memo: dict[int, tuple[int, bool]] = {}
        self.choice: dict[int, int] = {}

    def cost(self, budget: int, cap: int, floor: int = -1) -> int:
        """The cheapest cost if below ``cap`` (else at least ``cap``); ``floor``: a known
        lower bound (a solution that cheap is taken at once)."""
        self.floor = floor
        self.stop = False
        return self._solve((1 << len(self.order)) - 1, budget, cap, sum(self.nn), 0)

    def _solve(self, mask, budget, cap, s, acc):
        need = self.need
        if not mask & need:
            return 0
        key = mask * 3 + budget
        memo = self.memo
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] >= cap):
            return hit[0]
        nn = self.nn
        lb = s
        if budget:  # unpaired ends: at most the largest shares
            r = mask & need & self.ends
            if r:
                left = budget
                for val, bit in self.by_share:
                    if r & bit:
                        lb -= val
                        left -= 1
                        if not left:
                            break
        lb = (lb + 1) >> 1
        if lb >= cap:
            if hit is None or hit[0] < lb:
                memo[key] = (lb, False)
            return lb
        low = mask & -mask
        p = low.bit_length() - 1
        rest = mask ^ low
        ends = self.ends
        best, pick = cap, -1
        floor = self.floor - acc
        if not need & low:  # a point not needed: leave it
            c = self._solve(rest, budget, best, s, acc)
            if c < best:
                best, pick = c, 0
                if c <= floor:
                    self.stop = True
            if budget and ends & low:
                budget -= 1  # or pair it: it becomes an end
            else:
                rest = 0
        elif budget and ends & low:  # a needed end left unpaired
            c = self._solve(rest, budget - 1, best, s - nn[p], acc)
            if c < best:
                best, pick = c, 0
                if c <= floor:
                    self.stop = True
        sp = s - nn[p]
        if not self.stop:
            for d, qb in self.near[p]:
                if d >= best:
                    break
                if rest & qb:
                    if need & qb:
                        c = d + self._solve(rest ^ qb, budget, best - d, sp - nn[qb.bit_length() - 1], acc + d)
                    elif budget and ends & qb:
                        c = d + self._solve(rest ^ qb, budget - 1, best - d, sp, acc + d)
                    else:
                        continue
                    if c < best:
                        best, pick = c, qb
                        if c <= floor:
                            self.stop = True
                    if self.stop:
                        break
        if best < cap:
            memo[key] = (best, True)
            self.choice[key] = pick
            return best
        memo[key] = (cap, False)
        return cap

    def pairs(self, budget: int) -> list[tuple[int, int]]:
        """The pairs (as given indices) of the cheapest way, after :meth:`cost`."""
        mask = (1 << len(self.order)) - 1
        out = []
        order = self.order
        while mask & self.need:
            low = mask & -mask
            pick = self.choice[mask * 3 + budget]
            if pick == 0:
                if self.need & low:
                    budget -= 1
                mask ^= low
            else:
                out.append((order[low.bit_length() - 1], order[pick.bit_length() - 1]))
                budget -= (not self.need & low) + (not self.need & pick)
                mask ^= low | pick
        return out


_FAR = 1 << 60  # a distance or cost no trail reaches
SMALL = 6
"""Up to this many routes, :func:`_trail_search` simply tries every trail."""


def _trail_search(sub, start, floor):
    """Exact longest trail of a small connected multigraph ``sub`` (a list of ``(u, v,
    cars)``; nodes < 0 are the leaves of pendant routes), from ``start`` (a node) or from
    anywhere (``None``): ``(nodes, edge indices, cars)`` of the best trail longer than
    ``floor``, or None. Up to ``SMALL`` routes, every trail is tried.

    Otherwise, branch and bound over routes. A longest trail ends at odd cities (it
    could go on otherwise) or at the fixed start. Each node of the search forces some
    routes in (the trail uses them) and some out; the routes a trail leaves out fix the
    parity of every odd city but its ends, so they are the forced ones plus a T-join of
    the rest, at least the cheapest one, J (``parity_join``): that bounds the node. The
    routes left without J fall into pieces with 0 or 2 odd cities, one trail each: the
    piece of the start (or the heaviest) is a trail found at once, and if nothing else is
    left it meets the bound. Otherwise take another piece K, cut off by routes of J: a
    better trail reaches K through one of those border routes (a branch for each, the
    earlier ones forced out), or leaves K and its border out, or (free start) stays
    among K's cities. Depth first, pruned against the best trail found.
    """
    index: dict[int, int] = {}
    for u, v, _w in sub:
        if u not in index:
            index[u] = len(index)
        if v not in index:
            index[v] = len(index)
    names = list(index)
    n = len(names)
    m = len(sub)
    eu = [index[u] for u, _v, _w in sub]
    ev = [index[v] for _u, v, _w in sub]
    ew = [w for _u, _v, w in sub]
    ebit = [1 << a ^ 1 << b for a, b in zip(eu, ev)]  # the odd nodes of one route
    inc: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    odd_all = 0
    for i in range(m):
        a, b, w = eu[i], ev[i], ew[i]
        inc[a].append((b, w, 1 << i))
        if a != b:
            inc[b].append((a, w, 1 << i))
        odd_all ^= ebit[i]
    total = sum(ew)
    all_bits = (1 << m) - 1
    best: list = [floor, None]  # cars, (nodes, edge indices)

    def component(v, mask):
        """The routes of ``mask`` connected to v, and their cars."""
        seen = 1 << v
        stack = [v]
        got = 0
        cars = 0
        while stack:
            for y, w, bit in inc[stack.pop()]:
                if mask & bit and not got & bit:
                    got |= bit
                    cars += w
                    if not seen >> y & 1:
                        seen |= 1 << y
                        stack.append(y)
        return got, cars

    def parity_join(alive, need, ends, budget, limit, floor_):
        """The cheapest routes of ``alive`` whose odd nodes are ``need`` with up to
        ``budget`` nodes of ``ends`` toggled (the trail's ends): (cars, routes), or None
        if that costs ``limit`` or more. ``floor_``: a known lower bound on the cost."""
        if not need:
            return (0, 0) if limit > 0 else None
        pts = need | ends
        points = [x for x in range(n) if pts >> x & 1]
        k = len(points)
        where = [-1] * n
        for j, x in enumerate(points):
            where[x] = j
        live = [[t for t in inc[x] if alive & t[2]] for x in range(n)]  # the routes alive
        dist = [[0] * k for _ in range(k)]
        backs = []
        for j, s in enumerate(points):  # Dijkstra, until the later points are settled
            row = dist[j]
            for q in range(j + 1, k):
                row[q] = dist[q][j] = _FAR  # until reached
            d = [_FAR] * n
            d[s] = 0
            back = [None] * n
            heap = [(0, s)]
            left = k - 1 - j
            while heap and left:
                dv, x = heappop(heap)
                if dv > d[x]:
                    continue
                q = where[x]
                if q > j:
                    row[q] = dist[q][j] = dv
                    left -= 1
                for y, w, bit in live[x]:
                    nd = dv + w
                    if nd < d[y]:
                        d[y] = nd
                        back[y] = (x, bit)
                        heappush(heap, (nd, y))
            backs.append(back)
        need_p = 0
        ends_p = 0
        for j, x in enumerate(points):
            if need >> x & 1:
                need_p |= 1 << j
            if ends >> x & 1:
                ends_p |= 1 << j
        pairing = _Pairing(dist, need_p, ends_p)
        c = pairing.cost(budget, limit, floor_)
        if c >= limit:
            return None
        join = 0
        for a, b in pairing.pairs(budget):  # the shortest paths of the pairs
            if a > b:
                a, b = b, a
            back = backs[a]
            x = points[b]
            link = back[x]
            while link is not None:
                x, bit = link
                join ^= bit
                link = back[x]
        return c, join

    def nodes_of(mask):
        out = 0
        while mask:
            low = mask & -mask
            out |= ebit[low.bit_length() - 1] | 1 << eu[low.bit_length() - 1]
            mask ^= low
        return out

    def cars_of(mask):
        cars = 0
        odd = 0
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            cars += ew[i]
            odd ^= ebit[i]
            mask ^= low
        return cars, odd

    def branch_and_bound(anchor, ends, budget):
        need0 = odd_all ^ (1 << anchor if anchor is not None else 0)
        # routes in, routes out, their cars and odd nodes, the parent's cars left out
        stack = [(0, 0, 0, 0, 0)]
        while stack:
            inn, out, out_cars, out_odd, parent_cut = stack.pop()
            if total - out_cars <= best[0]:
                continue
            got = parity_join(all_bits & ~inn & ~out, need0 ^ out_odd, ends, budget,
                              total - out_cars - best[0], parent_cut - out_cars)
            if got is None:
                continue
            cut = out_cars + got[0]
            join = got[1]
            rest = all_bits & ~out & ~join
            # the pieces left; each has 0 or 2 odd nodes: one trail
            pieces = []
            left = rest
            while left:
                piece, cars = component(eu[(left & -left).bit_length() - 1], left)
                left &= ~piece
                pieces.append((cars, piece))
            if anchor is not None:
                main, main_cars = component(anchor, rest)
                first = anchor
            elif pieces:
                main_cars, main = max(pieces, key=lambda p: (p[0], -(p[1] & -p[1])))
                odd_main = cars_of(main)[1]
                first = (odd_main & -odd_main).bit_length() - 1 if odd_main else eu[(main & -main).bit_length() - 1]
            else:
                main, main_cars = 0, 0
            if main_cars > best[0]:
                best[0] = main_cars
                best[1] = _euler_bits(inc, main, first)
            if rest == main:
                continue  # the bound is met
            # the piece cut off by the fewest routes of J (then the heaviest)
            pick = None
            for cars, piece in pieces:
                if piece == main:
                    continue
                around = nodes_of(piece)
                border = []
                mm = join
                while mm:
                    low = mm & -mm
                    mm ^= low
                    i = low.bit_length() - 1
                    if (around >> eu[i] ^ around >> ev[i]) & 1:
                        border.append(low)
                if pick is None or (len(border), -cars) < (len(pick[3]), -pick[1]):
                    pick = (piece, cars, around, border)
            piece, cars, around, border = pick
            if anchor is None:  # stay among K's cities
                inside = 0
                for i in range(m):
                    if around >> eu[i] & 1 and around >> ev[i] & 1:
                        inside |= 1 << i
                if not inn & ~inside:
                    gone = all_bits & ~inside & ~out
                    gone_cars, gone_odd = cars_of(gone)
                    stack.append((inn, out | gone, out_cars + gone_cars, out_odd ^ gone_odd, cut))
            if not piece & inn:  # leave K and its border out
                border_bits = sum(border)
                border_cars, border_odd = cars_of(border_bits)
                stack.append((inn, out | piece | border_bits, out_cars + cars + border_cars,
                               out_odd ^ border_odd, cut))
            before = 0
            before_cars = 0
            before_odd = 0
            for bit in border:  # reach K through this border route, not the earlier ones
                stack.append((inn | bit, out | before, out_cars + before_cars, out_odd ^ before_odd, cut))
                i = bit.bit_length() - 1
                before |= bit
                before_cars += ew[i]
                before_odd ^= ebit[i]

    if m <= SMALL:  # a few routes: try every trail
        if start is not None:
            starts = [index[start]]
        else:
            starts = [x for x in range(n) if odd_all >> x & 1] or [0]
        path_n: list[int] = []
        path_e: list[int] = []

        def walk(v, used, length):
            if length > best[0]:
                best[0] = length
                best[1] = (path_n[:], path_e[:])
            for y, w, bit in inc[v]:
                if not used & bit:
                    path_n.append(y)
                    path_e.append(bit.bit_length() - 1)
                    walk(y, used | bit, length + w)
                    path_n.pop()
                    path_e.pop()

        for s in starts:
            path_n[:] = [s]
            walk(s, 0, 0)
    elif start is not None:
        z = index[start]
        if (odd_all ^ 1 << z).bit_count() <= 1:  # one trail from z takes every route
            if total <= floor:
                return None
            best[:] = [total, _euler_bits(inc, all_bits, z)]
        else:
            if floor < 0:
                best[:] = [0, ([z], [])]
            branch_and_bound(z, odd_all | 1 << z, 1)
    elif odd_all.bit_count() <= 2:
        if total <= floor:
            return None
        s = (odd_all & -odd_all).bit_length() - 1 if odd_all else 0
        best[:] = [total, _euler_bits(inc, all_bits, s)]
    else:
        branch_and_bound(None, odd_all, 2)
    if best[1] is None:
        return None
    path_nodes, path_edges = best[1]
    return [names[x] for x in path_nodes], path_edges, best[0]
