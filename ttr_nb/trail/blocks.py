"""A piece with cycles: cut at its bridges into blocks, each block searched with the
branches hanging at its cities (step 3 of :mod:`ttr_nb.trail`); in a block, after the series
reduction, its longest trails found from the routes they leave out (step 4); a large or
dense block goes to :mod:`.bound`."""
from __future__ import annotations

from functools import partial

from .bound import _FAR, _euler_bits, _search_with_branches

LARGE = 16
"""A block of more routes than this (after series reduction) is searched by
:func:`_trail_search`; a smaller one by :func:`_by_removal` first."""
WORK = 400
"""The steps :func:`_by_removal` may take before it leaves the block to
:func:`_trail_search`."""


class _TooLong(Exception):
    """The search by routes left out has gone on too long (a dense block)."""


RING, BLOCK, FOUND = range(3)  # a block to search later: a cycle, a block, or done


def _cyclic_piece(edges, adj, nodes, up, n_chords, floor, size, reroot=True):
    """Exact longest trail of a connected piece with cycles, longer than ``floor``:
    ``(cars, (nodes, route ids))``, or None. ``n_chords``: the number of routes beyond
    its spanning tree; ``size``: the number of the board's nodes; ``reroot``: may take
    another root (see below).

    ``nodes`` lists the piece's cities, parents first, in a spanning tree where ``up[x]``
    is the route from x's parent; the other routes are its chords. A tree route on no
    chord's cycle is a **bridge**; removing the bridges leaves **blocks** (2-edge-
    connected, or single cities), each entered by its **top** (its city nearest the
    root). A trail crosses a bridge at most once, so beyond a bridge it only goes away:
    the best it can do there (a "branch": the bridge, then the longest trail from its far
    end that stays beyond it) is computed once, children first. A block sees its
    branches as values at its cities that only a trail's ends can take (a trail has two
    ends: at most two, the best two at one city). The longest trail whose top block is
    b is then found in b alone: a city takes its two best branches; a cycle (one chord)
    is solved by going round it (:func:`_ring_from_top`, :func:`_ring_anywhere`); other
    blocks by :func:`_block_search`. A large block below the root would be searched
    twice (from its top, for the branch into it, and from anywhere): the spanning tree
    is then grown again from it.
    """
    root = nodes[0]
    parent = [0] * size
    depth = [0] * size
    cars_up = [0] * size  # the cars of the route from x's parent
    chords = set()
    for x in nodes:
        into = up[x]
        if into is not None:
            u, v, w, _r = edges[into]
            p = parent[x] = u + v - x  # the other end
            depth[x] = depth[p] + 1
            cars_up[x] = w
        if len(chords) < n_chords:  # (no need to look once all are found)
            for nb, i in adj[x]:
                if i != into and up[nb] != i:  # not a tree route
                    chords.add(i)
    # each chord closes a cycle with the tree paths from its ends up to where they meet:
    # those tree routes (marked at their lower city) are not bridges
    cyclic = [False] * size
    cycles = []  # (chord, tree path up from its first end, from its second end)
    for i in chords:
        a, b, _w, _r = edges[i]
        side_a: list[int] = []
        side_b: list[int] = []
        while a != b:
            if depth[a] >= depth[b]:
                cyclic[a] = True
                side_a.append(a)
                a = parent[a]
            else:
                cyclic[b] = True
                side_b.append(b)
                b = parent[b]
        cycles.append((i, side_a, side_b))
    top = [0] * size
    members: dict[int, list[int]] = {}  # a block's top -> its cities, parents first
    in_blocks = 0  # cities below a block's top
    for x in nodes:
        if cyclic[x]:
            in_blocks += 1
            t = top[x] = top[parent[x]]
            lst = members.get(t)
            if lst is None:
                members[t] = [t, x]
            else:
                lst.append(x)
        else:
            top[x] = x
    in_block: dict[int, list] = {}  # a block's top -> its chords' cycles
    for c in cycles:
        t = top[edges[c[0]][0]]
        lst = in_block.get(t)
        if lst is None:
            in_block[t] = [c]
            if t not in members:
                members[t] = [t]  # a city with a loop
        else:
            lst.append(c)
    if reroot and in_blocks + n_chords > LARGE:  # some block may be large
        # a large block below the root would be searched twice (from its top, and from
        # anywhere): root the tree in the largest block instead
        t = max(in_block, key=lambda t: (len(in_block[t]) + len(members[t]), -t))
        if t != root and len(in_block[t]) + len(members[t]) - 1 > LARGE:
            up = {t: None}
            nodes = [t]
            for x in nodes:
                for nb, i in adj[x]:
                    if nb not in up:
                        up[nb] = i
                        nodes.append(nb)
            return _cyclic_piece(edges, adj, nodes, up, n_chords, floor, size, False)
    # the best two branches at each city: cars and child (-1: none)
    b1v = [0] * size
    b1c = [-1] * size
    b2v = [0] * size
    b2c = [-1] * size
    how: dict[int, tuple] = {}  # a block's top x -> the branch into x: (walk, child)
    best_len = floor
    best_how = None
    later = []  # the blocks, to search for the trails topped there
    for x in reversed(nodes):  # children first
        if cyclic[x]:
            continue  # inside a block: its top solves it
        lst = members.get(x)
        if lst is None:  # a city alone: its best branch, or its two best
            cars = b1v[x]
            both = cars + b2v[x]
            if both > best_len:
                best_len, best_how = both, x
        else:
            cycles_here = in_block[x]
            if len(cycles_here) == 1:  # a cycle: its cities and edges in order, from x
                i, side_a, side_b = cycles_here[0]
                ring_nodes = [x, *reversed(side_a), *side_b]
                inner = [up[y] for y in reversed(side_a)]
                inner.append(i)
                inner.extend(up[y] for y in side_b)
                if x != root:
                    cars, how[x] = _ring_from_top(edges, ring_nodes, inner, b1v, b1c)
                task = (RING, (ring_nodes, inner))
            else:
                inner = [c[0] for c in cycles_here]
                inner.extend(up[y] for y in lst[1:])
                if x == root:
                    task = (BLOCK, inner)
                else:  # from the top, and from anywhere (above the best so far): one search
                    (cars, how[x]), free = _block_search(edges, lst, inner, b1v, b1c, b2v, b2c,
                                                         True, best_len)
                    task = (FOUND, free)
            # a bound on the trails topped here: all its routes and its two best branches
            most = second = 0
            for y in lst:
                v = b1v[y]
                if v > second:
                    if v > most:
                        most, second = v, most
                    else:
                        second = v
                if b2v[y] > second:
                    second = b2v[y]  # both at y (b2v[y] <= b1v[y] <= most)
            bound = most + second
            for i in inner:
                bound += edges[i][2]
            later.append((bound, -len(later), x, task))
        if x != root:  # the branch into x, as seen from its parent
            p = parent[x]
            val = cars_up[x] + cars
            if val > b1v[p]:
                b2v[p], b2c[p] = b1v[p], b1c[p]
                b1v[p], b1c[p] = val, x
            elif val > b2v[p]:
                b2v[p], b2c[p] = val, x
    if len(later) > 1:
        later.sort(reverse=True)
    for bound, _k, t, (kind, data) in later:  # the most promising first
        if bound <= best_len:
            break
        if kind == FOUND:  # searched above a lower floor: exact if longer
            free = data
        elif kind == RING:
            free = _ring_anywhere(edges, *data, b1v, b1c, b2v, b2c, best_len)
        else:  # the root's block
            free = _block_search(edges, members[t], data, b1v, b1c, b2v, b2c, False, best_len)[1]
        if free is not None and free[0] > best_len:
            best_len, best_how = free
    if best_how is None:
        return None

    def down(x, out_nodes, out_edges):
        """Append the branch from x on (x is already there)."""
        while True:
            h = how.get(x)
            if h is None:  # a city alone: its best branch
                x = b1c[x]
            else:  # a walk through x's block, then a child or none
                walk, x = h
                walk_nodes, walk_edges = walk() if callable(walk) else walk
                out_nodes.extend(walk_nodes[1:])
                out_edges.extend(walk_edges)
            if x < 0:
                return
            out_edges.append(up[x])
            out_nodes.append(x)

    if best_how.__class__ is int:  # a city alone, with its two best branches
        x = best_how
        best_how = (b2c[x], ([x], []), b1c[x])
    start, walk, end = best_how
    walk_nodes, walk_edges = walk() if callable(walk) else walk
    path_nodes: list[int] = []
    path_edges: list[int] = []
    if start >= 0:
        path_nodes.append(start)
        down(start, path_nodes, path_edges)
        path_nodes.reverse()
        path_edges.reverse()
        path_edges.append(up[start])
    path_nodes.extend(walk_nodes)
    path_edges.extend(walk_edges)
    if end >= 0:
        path_edges.append(up[end])
        path_nodes.append(end)
        down(end, path_nodes, path_edges)
    return best_len, (path_nodes, path_edges)


def _ring_from_top(edges, ring_nodes, ring_edges, b1v, b1c):
    """The best branch into a cycle block from its top ``ring_nodes[0]``: one way round
    to a city, then its best branch, or all the way round and the top's best branch.
    (Stopping at a city with no branch never pays: one more route is longer.) Returns
    ``(cars, ((walk nodes, walk route ids), child at the end or -1))``."""
    t = ring_nodes[0]
    k = len(ring_nodes)
    weights = [edges[i][2] for i in ring_edges]
    total = sum(weights)
    best, pick = total + b1v[t], 0
    pos = 0
    for j in range(1, k):
        pos += weights[j - 1]
        x = ring_nodes[j]
        if b1c[x] >= 0:
            if pos + b1v[x] > best:
                best, pick = pos + b1v[x], j
            if total - pos + b1v[x] > best:
                best, pick = total - pos + b1v[x], -j
    if pick == 0:
        return best, ((ring_nodes + [t], ring_edges), b1c[t])
    if pick > 0:
        return best, ((ring_nodes[:pick + 1], ring_edges[:pick]), b1c[ring_nodes[pick]])
    j = -pick
    return best, (([t] + ring_nodes[:j - 1:-1], ring_edges[:j - 1:-1]), b1c[ring_nodes[j]])


def _ring_anywhere(edges, ring_nodes, ring_edges, b1v, b1c, b2v, b2c, floor):
    """The longest trail topped at a cycle block, longer than ``floor``: one way round
    between two cities with branches (the short or the long way), each end taking its
    best branch, or all the way round from a city taking its best two. Returns
    ``(cars, (child, (walk nodes, walk route ids), child))`` or None (child -1: that end
    takes no branch)."""
    k = len(ring_nodes)
    weights = [edges[i][2] for i in ring_edges]
    total = sum(weights)
    marks = []  # (position round the cycle, cars from the top) of the cities with branches
    pos = 0
    for j in range(k):
        if b1c[ring_nodes[j]] >= 0:
            marks.append((j, pos))
        pos += weights[j]
    best, pick = floor, None
    if not marks and total > best:
        best, pick = total, (0, 0, 0)
    for a, (i, pi) in enumerate(marks):
        x = ring_nodes[i]
        if total + b1v[x] + b2v[x] > best:
            best, pick = total + b1v[x] + b2v[x], (0, i, i)
        for j, pj in marks[a + 1:]:
            both = b1v[x] + b1v[ring_nodes[j]]
            if pj - pi + both > best:
                best, pick = pj - pi + both, (1, i, j)
            if total - pj + pi + both > best:
                best, pick = total - pj + pi + both, (2, i, j)
    if pick is None:
        return None
    kind, i, j = pick
    if kind == 0:  # all the way round from i
        x = ring_nodes[i]
        return best, (b1c[x], (ring_nodes[i:] + ring_nodes[:i + 1], ring_edges[i:] + ring_edges[:i]), b2c[x])
    if kind == 1:  # from i forward to j
        return best, (b1c[ring_nodes[i]], (ring_nodes[i:j + 1], ring_edges[i:j]), b1c[ring_nodes[j]])
    return best, (b1c[ring_nodes[j]], (ring_nodes[j:] + ring_nodes[:i + 1], ring_edges[j:] + ring_edges[:i]),
                  b1c[ring_nodes[i]])


def _block_search(edges, members, inner, b1v, b1c, b2v, b2c, fixed, floor):
    """The longest trails in one block (cities ``members``, top first; routes
    ``inner``) whose ends may take the branches hanging there: ``(from the top, from
    anywhere)``.

    From the top (only if ``fixed``, else None): ending with the best branch at its
    other end, ``(cars, (walk, child))``. From anywhere: the two ends taking their best
    branch (the best two at one city), ``(cars, (child, walk, child))`` if longer than
    ``floor``, else None. A walk is a function that returns (nodes, route ids): built
    only if the trail found takes it.

    Series reduction first: a city of the block with two routes and no branch is passed
    through (or not used), so its two routes become one. What is left is small on a
    player's network (:func:`_by_removal`); a large or dense block goes to
    :func:`_trail_search`, with the branches as routes to leaves.
    """
    at: dict[int, list[tuple[int, int]]] = {y: [] for y in members}  # the block's routes
    for i in inner:
        u, v, _w, _r = edges[i]
        at[u].append((v, i))
        at[v].append((u, i))  # a loop: twice
    top = members[0]
    local = {}  # the cities kept: numbered, the top first
    for y in members:
        if len(at[y]) != 2 or b1c[y] >= 0 or y == top:
            local[y] = len(local)
    keep = list(local)
    # the reduced routes: their ends, cars, and the nodes and edges they stand for
    eu: list[int] = []
    ev: list[int] = []
    cars_of: list[int] = []
    seqs: list[tuple[list[int], list[int]]] = []
    done = set()
    for y in keep:
        for nb, i in at[y]:
            if i in done:
                continue
            done.add(i)
            seq_nodes, seq_edges = [y, nb], [i]
            cars = edges[i][2]
            while nb not in local:  # pass through
                a, b = at[nb]
                nb, i = b if a[1] == i else a
                done.add(i)
                cars += edges[i][2]
                seq_nodes.append(nb)
                seq_edges.append(i)
            eu.append(local[y])
            ev.append(local[nb])
            cars_of.append(cars)
            seqs.append((seq_nodes, seq_edges))
    p1 = [b1v[y] for y in keep]
    p2 = [b2v[y] for y in keep]
    try:
        if len(eu) > LARGE:
            raise _TooLong
        found, inc = _by_removal(len(keep), eu, ev, cars_of, p1, p2, fixed, floor)
    except _TooLong:
        red = list(zip(eu, ev, cars_of))
        found = (_search_with_branches(red, p1, p2, True, -1) if fixed else None,
                 _search_with_branches(red, p1, p2, False, floor))

    def unfold(routes, s):
        """The walk (nodes, route ids) over the reduced ``routes`` from city s (a bit
        mask, walked by Hierholzer; or a list, in travel order)."""
        here = keep[s]
        walk_nodes, walk_edges = [here], []
        for j in (_euler_bits(inc, routes, s)[1] if routes.__class__ is int else routes):
            seq_nodes, seq_edges = seqs[j]
            if seq_nodes[0] != here:
                seq_nodes, seq_edges = seq_nodes[::-1], seq_edges[::-1]
            walk_nodes.extend(seq_nodes[1:])
            walk_edges.extend(seq_edges)
            here = seq_nodes[-1]
        return walk_nodes, walk_edges

    # a walk is only built if the trail uses it: until then, a function that builds it
    out = []
    if fixed:
        cars, routes, _s, e = found[0]
        out.append((cars, (partial(unfold, routes, 0), b1c[keep[e]])))
    else:
        out.append(None)
    if found[1] is None:
        out.append(None)
    else:
        cars, routes, s, e = found[1]
        last = b2c[keep[e]] if s == e else b1c[keep[e]]
        out.append((cars, (b1c[keep[s]], partial(unfold, routes, s), last)))
    return out


def _by_removal(k, eu, ev, cars_of, p1, p2, fixed, floor):
    """The longest trails over the routes ``eu[j]``-``ev[j]`` of ``cars_of[j]`` cars
    between k cities (a connected multigraph) whose ends take branches: ``(from city 0,
    from anywhere)``.

    From city 0 (only if ``fixed``, else None): the last city takes its ``p1``. From
    anywhere: each end takes its ``p1`` (``p1 + p2`` when both ends are at one city);
    None unless above ``floor``. Each is ``(cars, routes kept (bit mask), first city,
    last city)``; with them, the routes at each city (for :func:`_euler_bits`).
    Raises _TooLong after ``WORK`` steps.

    A trail's routes S are connected, with 0 or 2 odd cities: with 2, it runs between
    them; with 0, it is closed and a city on it holds both ends (the one with the best
    two branches; from city 0: city 0, which must be on it). So every S is tried, as the
    routes X left out: r = 0, 1, 2, ... of them, each set built from the cheapest routes
    up. Pruned: X costs at least its routes so far and the cheapest ones that could
    complete it (when that cannot beat the best trails found, no later choice can, nor
    any larger X once the cheapest r cannot); each route fixes at most two odd cities;
    and of twin routes (same ends and cars, e.g. both tracks of a double) the earlier
    is left out first.
    """
    m = len(eu)
    odd_of = [1 << a ^ 1 << b for a, b in zip(eu, ev)]  # the cities a route makes odd
    inc: list[list[tuple[int, int]]] = [[] for _ in range(k)]
    at_city = [0] * k  # the routes at each city (bits)
    odd_all = 0
    for j in range(m):
        a, b, bit = eu[j], ev[j], 1 << j
        inc[a].append((b, bit))
        inc[b].append((a, bit))
        at_city[a] |= bit
        at_city[b] |= bit
        odd_all ^= odd_of[j]
    total = sum(cars_of)
    p12 = [p1[x] + p2[x] for x in range(k)]
    p12_max = max(p12)
    all_cities = (1 << k) - 1
    by_cars = sorted(range(m), key=cars_of.__getitem__)
    pre = [0]  # pre[q]: the cars of the q cheapest routes
    for j in by_cars:
        pre.append(pre[-1] + cars_of[j])
    # twin[j]: the bit of an earlier route with the same ends and cars (0: none). Twins
    # are interchangeable, so a twin is only left out after the earlier one.
    twin = [0] * m
    last_of: dict[tuple[int, int, int], int] = {}
    for j in by_cars:
        key = (min(eu[j], ev[j]), max(eu[j], ev[j]), cars_of[j])
        if key in last_of:
            twin[j] = 1 << last_of[key]
        last_of[key] = j
    # the best trails found, from city 0 and from anywhere: their cars, then how they are
    # made (routes kept, first city, last city); at first no route, only the branches at
    # one city (``_FAR``: not searched). most_f, most_a: the most their ends can add
    if fixed:
        best = [p1[0], floor, (0, 0, 0), None]
        most_f = max(p1)
    else:
        best = [_FAR, floor, None, None]
        most_f = 0
    most_a = max(p1) + max(max(p2), sorted(p1)[-2] if k > 1 else 0)
    if p12_max > best[1]:
        s = p12.index(p12_max)
        best[1], best[3] = p12_max, (0, s, s)

    def check(cars, odd, keep, out_bits):
        """Take the routes ``keep`` (the others: ``out_bits``) if they make a better
        trail."""
        work[0] -= 1
        if odd:
            low = odd & -odd
            rest = odd ^ low
            if rest & rest - 1:
                return  # more than two odd cities
            y, z = low.bit_length() - 1, rest.bit_length() - 1
            val_f = cars + p1[z] if y == 0 else -1  # from city 0: it must be an end
            val_a = cars + p1[y] + p1[z]
        else:
            y = z = -1
            val_f = cars + p1[0]  # if city 0 is on it
            val_a = cars + p12_max  # at most
        if val_f <= best[0] and val_a <= best[1]:
            return
        # the routes kept must be connected: from one of their cities, reach them all
        cities = all_cities
        mm = out_bits
        while mm:  # a city that loses its last route is not on it
            j = (mm & -mm).bit_length() - 1
            mm &= mm - 1
            if not at_city[eu[j]] & keep:
                cities &= ~(1 << eu[j])
            if not at_city[ev[j]] & keep:
                cities &= ~(1 << ev[j])
        first = (cities & -cities).bit_length() - 1
        seen = 1 << first
        stack = [first]
        while stack:
            for nb, bit in inc[stack.pop()]:
                if keep & bit and not seen >> nb & 1:
                    seen |= 1 << nb
                    stack.append(nb)
        if seen != cities:
            return
        if y < 0:  # closed
            if val_f > best[0] and cities & 1:
                best[0], best[2] = val_f, (keep, 0, 0)
            if val_a > best[1]:
                y = max([x for x in range(k) if cities >> x & 1], key=p12.__getitem__)
                if cars + p12[y] > best[1]:
                    best[1], best[3] = cars + p12[y], (keep, y, y)
        else:
            if val_f > best[0]:
                best[0], best[2] = val_f, (keep, 0, z)
            if val_a > best[1]:
                best[1], best[3] = val_a, (keep, y, z)

    def leave_out(start, need, cars, odd, out_bits):
        """Every way to leave ``need`` more routes out, from ``by_cars[start:]``."""
        work[0] -= 1
        if work[0] < 0:
            raise _TooLong
        if (odd.bit_count() - 1) >> 1 > need:
            return  # too many odd cities to fix
        for pos in range(start, m - need + 1):
            # the least this can cost: this route and the next cheapest ones
            low = cars - pre[pos + need] + pre[pos]
            if low + most_f <= best[0] and low + most_a <= best[1]:
                return  # later routes cost more
            j = by_cars[pos]
            if twin[j] and not out_bits & twin[j]:
                continue  # its earlier twin is kept: leaving it out instead is the same
            if need == 1:
                odd_j = odd ^ odd_of[j]
                x = odd_j & odd_j - 1
                if not x & x - 1:  # at most two odd cities
                    check(cars - cars_of[j], odd_j, every ^ (out_bits | 1 << j), out_bits | 1 << j)
            else:
                leave_out(pos + 1, need - 1, cars - cars_of[j], odd ^ odd_of[j], out_bits | 1 << j)

    every = (1 << m) - 1
    work = [WORK]
    check(total, odd_all, every, 0)
    for r in range(1, m):  # r routes left out
        if total - pre[r] + most_f <= best[0] and total - pre[r] + most_a <= best[1]:
            break
        leave_out(0, r, total, odd_all, 0)
    return [None if how is None else (val, *how) for val, how in ((best[0], best[2]), (best[1], best[3]))], inc
