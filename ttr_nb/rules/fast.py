"""The fast random sampler: count the legal actions and pick one of them by index without
building them, on every board whose mechanics are ``fast_ok`` (all shipped ones): the plain
boards, ferries and mountains (:class:`FastCounter`), and the mechanics that expand claims or
add actions of their own, Terrain cards, teams and tunnels (:class:`~.fast_mechanics.MechanicCounter`, which
counts each payment as its number of options, from the mechanics' own ``claim_options``).

The sampler walks the legal actions in its own order (draws, then claims colour by colour
and length by length, then the ticket draw); the tests check, state by state, that this
order is a permutation of ``legal_actions()``, so a uniform index gives a uniform action.

Counting claims is the costly part. For each seat we keep, packed into Python ints with
``sh`` bits per route length, how many open routes there are of each colour, of gray, and
in all (:attr:`FastCounter.mp`). The payments of one colour are then a dot product of its
counts (its own routes plus the gray ones) with a kernel that depends only on (cards of
that colour, Locomotives, trains left): one big-int multiplication. The kernels of every
colour are summed before the one shift that reads the total (no field can overflow: see
:class:`_Tables`).

Finding the r-th claim: :func:`_nth_claim` is the reference search (colour, then length,
then route). The fused loop :func:`play_random` gives the same answer from what its count
already holds: the running sum after each colour picks the colour, a table of the lengths
that colour can pay picks the length, and the route is counted from the nearer end of
its class (``tests/test_fast_claim_pick.py`` checks it against the reference).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import GRAY_INDEX, LOCO
from . import tickets
from .claiming import fast_claim, payment_range
from .drawing import DECK, KINDS, draw, draw_sources, kinds_face_up, sources

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .claiming import Tables

GRAY = GRAY_INDEX
ALL = 9
"""Index, in a seat's packed counts, of all its open routes (0..7 colours, 8 gray)."""


def options(length: int, held: int, locos: int, ferry: int = 0) -> int:
    """How many payments :func:`ttr_nb.rules.claiming.payment_range` (the payment rule) gives
    a route of ``length`` with one colour (``held`` cards of it) plus Locomotives; the
    all-Locomotive payment is counted apart. Used to build the counting tables."""
    return len(payment_range(length, held, locos, ferry))


# -- the draw sources by the card kinds face up -----------------------------------------------
FIRST: tuple[tuple[int, ...], ...] = tuple(draw_sources(m, False, False) for m in range(512))
"""FIRST[mask]: the face-up cards that may be taken as a first card (sorted), for the mask
of the card kinds face up (bit c = card c, 0..7 colours, 8 the Locomotive): ``drawing.draw_sources``."""
SECOND: tuple[tuple[int, ...], ...] = tuple(draw_sources(m, True, False) for m in range(512))
"""SECOND[mask]: the same as a second card: no Locomotive (B-4.4)."""
FIRST_DECK: tuple[tuple[int, ...], ...] = tuple(draw_sources(m, False, True) for m in range(512))
"""FIRST_DECK[mask]: the deck (``DECK``), then FIRST[mask]: the first-card sources in sorted order."""
SECOND_DECK: tuple[tuple[int, ...], ...] = tuple(draw_sources(m, True, True) for m in range(512))
"""SECOND_DECK[mask]: the deck, then SECOND[mask]."""


# -- per-board tables ------------------------------------------------------------------------
class _Tables:
    """A board's tables for counting and finding claims.

    Routes fall into *slots*: one for each (length, ferry Locomotives, mountain X) on the
    board, in that order (on a plain board a slot is a length). Packing: a count per slot q
    at bit ``sh * q``; a kernel has its value for slot q at bit ``sh * (S - 1 - q)`` (S
    slots), so the product of counts and kernel has the dot product at bit ``shift = sh *
    (S - 1)``. Every field of a sum of such products (gray routes counted once per colour)
    is at most 9 × routes × longest route, and ``sh`` is wide enough for that, so no field
    carries into the next. Kernels depend on the trains left (a slot needs its length plus
    its X, B-5.5, LA-10), the Locomotives and the cards of the colour, clamped where more
    makes no difference.
    """

    def __init__(self, T: "Tables", cls: tuple | None = None, bound: int = 1):
        kind = [(T.rlen[i], T.rferry[i], T.rmount[i], cls[i] if cls else None) for i in range(T.n)]
        slots = sorted(set(kind), key=lambda s: (s[:3], repr(s[3])))
        self.slots = slots
        S = self.S = max(len(slots), 1)
        slot_of = {q: k for k, q in enumerate(slots)}
        self.slot = [slot_of[kind[i]] for i in range(T.n)]
        ml = self.ml = T.maxlen
        mt = self.mt = max(T.maxneed, ml)
        # with mechanics, each payment counts as its options: at most ``bound`` each
        # (checked as they are counted), so the fields are that much wider
        self.bound = bound
        sh = self.sh = (9 * max(T.n, 1) * max(ml, 1) * bound).bit_length() + 1
        self.mask = (1 << sh) - 1
        self.shift = sh * (S - 1)
        self.rcol = T.rcol
        self.rbit = [1 << (sh * q) for q in self.slot]
        lists: list[list[int]] = [[] for _ in range(9 * S)]
        m0 = [0] * 10
        for i in T.by_id:  # route-id order within a class
            lists[T.rcol[i] * S + self.slot[i]].append(i)
            m0[T.rcol[i]] += self.rbit[i]
            m0[ALL] += self.rbit[i]
        self.m0 = m0
        """The packed counts with every route open: 8 colours, gray, all."""
        self.rep = [next(i for i in T.by_id if self.slot[i] == q) for q in range(S)] if T.n else [0]
        """rep[q]: a route of slot q (the first by id): it stands for its slot's class."""
        self.cg = [tuple(lists[c * S + q] + lists[GRAY * S + q]) if c < 8 else ()
                   for c in range(9) for q in range(S)]
        """cg[c * S + q]: the routes colour ``c`` may pay in slot q: its own, then gray."""
        self.cgr = [routes[::-1] for routes in self.cg]
        """cgr[k]: cg[k] reversed (to count the open routes from the end)."""
        self.allc = [tuple(i for col in range(9) for i in lists[col * S + q]) for q in range(S)]
        """allc[q]: every route of slot q, colour by colour (the all-Locomotive order)."""
        rowc = []
        lenc = []
        m1 = ml + 1
        for t in range(mt + 1):
            fit = [q for q, (L, f, x, _c) in enumerate(slots) if L + x <= t]
            for w in range(m1):
                row = [sum(options(slots[q][0], h, w, slots[q][1]) << (sh * (S - 1 - q)) for q in fit)
                       for h in range(m1)]
                # a colour with no cards has no payments (skipped), so row[0] holds the
                # all-Locomotive kernel: 1 for each slot that fits whose length <= Locomotives
                row[0] = sum(1 << (sh * (S - 1 - q)) for q in fit if slots[q][0] <= w)
                rowc.append(row)
                lenc.append([tuple((q, o, sh * q, max(L - h, f, 0), L) for q in fit
                                   for L, f, _x, _c in (slots[q],) if (o := options(L, h, w, f)))
                             for h in range(m1)])
        self.rowc = rowc
        """rowc[t * (ml + 1) + w][h]: the kernel for t trains (clamped to the most a route
        needs), w Locomotives and h cards of the colour (clamped to ml); [0] the
        all-Locomotive kernel."""
        self.lenc = lenc
        """lenc[t * (ml + 1) + w][h]: for each slot q (in order) that a colour with h cards can
        pay, with w Locomotives and t trains: (q, its payments, the bit of its count, the
        fewest Locomotives it needs, its length)."""
        self._big: dict[tuple[int, int], tuple] = {}

    def rows(self, tmax: int, hmax: int) -> tuple[list, list]:
        """The tables without clamping, for the picker: (kernels, slots) with
        kernels[t][w][h] = rowc[min(t, mt) * (ml + 1) + min(w, ml)][min(h, ml)], and slots the
        same of lenc, for t <= tmax and w, h <= hmax."""
        key = (tmax, hmax)
        big = self._big.get(key)
        if big is None:
            big = self._unclamped(self.rowc, tmax, hmax), self._unclamped(self.lenc, tmax, hmax)
            if len(self._big) > 32:
                self._big.clear()
            self._big[key] = big
        return big

    def _unclamped(self, table: list, tmax: int, hmax: int) -> list[list[list]]:
        ml, mt = self.ml, self.mt
        m1 = ml + 1
        hc = [h if h < ml else ml for h in range(hmax + 1)]
        big = [[[table[t * m1 + w][h] for h in hc] for w in range(min(hmax, ml) + 1)]
               for t in range(min(tmax, mt) + 1)]
        for by_w in big:  # more Locomotives than ml: as ml
            by_w.extend([by_w[-1]] * (hmax + 1 - len(by_w)))
        big.extend([big[-1]] * (tmax + 1 - len(big)))  # more trains than mt: as mt
        return big


_TABLES: dict[tuple, tuple] = {}
MAX_OPTIONS = 64
"""The most options (the payment itself and its variants) one mechanic may make of one base
payment on the sampler's count (``Mechanic.max_options``, at most this; Terrain doublings:
4; hand/holder splits: 25)."""


def _tables(T: "Tables", cls: tuple | None = None, bound: int = 1) -> _Tables:
    """The sampler's tables of a board (``cls``: each route's class, ``bound``: the most
    options of a payment, for a board with mechanics)."""
    key = (id(T), cls, bound)
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not T:
        hit = _TABLES[key] = (T, _Tables(T, cls, bound))
    return hit[1]


def _nth_claim(B: _Tables, M: list[int], h: list[int], t: int, f: bytearray, r: int) -> tuple:
    """The r-th claim of a seat (packed counts ``M``, hand ``h``, ``t`` trains, open flags
    ``f``): colour by colour (the routes of that colour, then the gray ones, of each slot,
    each with every Locomotive count), then the all-Locomotive payments slot by slot;
    routes in route-id order within a class. Returns the action code ('c', i, col, ncol,
    nloco). The reference search: :func:`play_random` finds the same faster."""
    ml, S, mask, shift = B.ml, B.S, B.mask, B.shift
    w = h[LOCO]
    tc = t if t < B.mt else B.mt
    wc = w if w < ml else ml
    R = B.rowc[tc * (ml + 1) + wc]
    gm = M[GRAY]
    for c in range(8):
        hc = h[c]
        if not hc:
            continue
        if hc > ml:
            hc = ml
        mc = M[c] + gm
        tot = (mc * R[hc] >> shift) & mask
        if r >= tot:
            r -= tot
            continue
        for q, o, at, nl, L in B.lenc[tc * (ml + 1) + wc][hc]:
            m = ((mc >> at) & mask) * o
            if r < m:
                j, k = divmod(r, o)
                for i in B.cg[c * S + q]:
                    if f[i]:
                        if not j:
                            return ("c", i, c, L - nl - k, nl + k)
                        j -= 1
                raise AssertionError("open route count out of step")  # pragma: no cover
            r -= m
        raise AssertionError("colour count out of step")  # pragma: no cover
    na = M[ALL]
    for q, (L, _f, x, _c) in enumerate(B.slots):
        if L > w or L + x > t:
            continue
        m = (na >> (B.sh * q)) & mask
        if r < m:
            for i in B.allc[q]:
                if f[i]:
                    if not r:
                        return ("c", i, LOCO, 0, L)
                    r -= 1
        r -= m
    raise AssertionError("claim index out of range")  # pragma: no cover


def copies(items: list, copy: Any) -> list:
    """``copy`` of each of ``items`` (one per seat), shared where the originals are shared."""
    made: dict[int, Any] = {}
    return [made[id(x)] if id(x) in made else made.setdefault(id(x), copy(x)) for x in items]


def seat_counts(g: "Game", m0: list[int]) -> list[list[int]]:
    """Each seat's packed counts of open routes, from ``m0`` (every route open): one list
    shared by the seats that share their open flags (``game.openf``)."""
    return copies(g.openf, lambda _f: list(m0))


class FastCounter:
    """Per-seat packed counts of open routes (``mp[seat]``: 8 colours, gray, all), kept up to
    date as routes close (by ``claiming.close_route``). Which routes are open is ``game.openf``; the tables are the board's."""

    def __init__(self, g: "Game"):
        self.B = B = _tables(g.T)
        self.mp = seat_counts(g, B.m0)
        v = g.variant
        # every hand stays within the train cards, every reserve within its start
        self.tables = B.rows(v.trains, 8 * v.cards_per_color + v.locomotives)

    def copy(self) -> "FastCounter":
        c = FastCounter.__new__(FastCounter)
        c.B = self.B
        c.mp = copies(self.mp, list)
        c.tables = self.tables
        return c

    # -- counting ---------------------------------------------------------------------------
    def claims(self, g: "Game", seat: int) -> int:
        """How many ClaimRoute actions are legal for ``seat`` (the sum :func:`play_random` makes)."""
        h0, h1, h2, h3, h4, h5, h6, h7, w = g.hands[seat]
        R = self.tables[0][g.trains[seat]][w]
        m0, m1, m2, m3, m4, m5, m6, m7, gm, ma = self.mp[seat]
        x = ma * R[0]  # (one line per colour: a loop costs the public path 5 % more)
        if h0:
            x += (m0 + gm) * R[h0]
        if h1:
            x += (m1 + gm) * R[h1]
        if h2:
            x += (m2 + gm) * R[h2]
        if h3:
            x += (m3 + gm) * R[h3]
        if h4:
            x += (m4 + gm) * R[h4]
        if h5:
            x += (m5 + gm) * R[h5]
        if h6:
            x += (m6 + gm) * R[h6]
        if h7:
            x += (m7 + gm) * R[h7]
        B = self.B
        return (x >> B.shift) & B.mask

    def count(self, g: "Game") -> int:
        """len(g.legal_actions())."""
        p = g.pending
        if p == "turn":
            n = len(sources(g, False)) + self.claims(g, g.seat) + (1 if g.tdeck else 0)
            return n or 1
        if p == "second-card":
            return len(sources(g, True))
        if p == "setup-tickets" or p == "keep-tickets":
            return len(tickets.keep_picks(len(g.offered[g.seat]), tickets.min_keep(g)))
        return 0

    # -- picking ----------------------------------------------------------------------------
    def pick(self, g: "Game", u: float) -> tuple:
        """The action code at index int(u * count) of the sampler's order (0 <= u < 1)."""
        p = g.pending
        if p == "turn":
            srcs = sources(g, False)
            nd = len(srcs)
            seat = g.seat
            nc = self.claims(g, seat)
            n = nd + nc + (1 if g.tdeck else 0)
            if n == 0:
                return ("p",)
            r = int(u * n)
            if r < nd:
                return ("d", srcs[r])
            r -= nd
            if r < nc:
                return self._claim_at(g, seat, r)
            return ("t",)
        if p == "second-card":
            srcs = sources(g, True)
            return ("d", srcs[int(u * len(srcs))])
        if p == "setup-tickets" or p == "keep-tickets":
            opts = self._keeps(g)
            return ("k", opts[int(u * len(opts))])
        raise IndexError("no legal action: the game is over")

    def keep_code(self, g: "Game", rnd: Any) -> tuple:
        """The code of a uniformly random choice of tickets to keep (one ``rnd()``)."""
        rank, tid = _id_ranks(g.tix)
        off = sorted(g.offered[g.seat], key=rank.__getitem__)
        opts = tickets.keep_picks(len(off), tickets.min_keep(g))
        return ("k", tuple(map(tid.__getitem__, map(off.__getitem__, opts[int(rnd() * len(opts))]))))

    def pick_rnd(self, g: "Game", rnd: Any) -> Any:
        """:meth:`pick` with ``rnd()`` as the number (a mechanic's sampler may take none)."""
        return self.pick(g, rnd())

    def pick_index(self, g: "Game", r: int) -> tuple:
        """The action code at index ``r`` of the sampler's order."""
        n = self.count(g)
        if not 0 <= r < n:
            raise IndexError(r)
        return self.pick(g, (r + 0.5) / n)

    def _claim_at(self, g: "Game", seat: int, r: int) -> tuple:
        """The r-th claim (see :func:`_nth_claim`)."""
        return _nth_claim(self.B, self.mp[seat], g.hands[seat], g.trains[seat], g.openf[seat], r)

    def _keeps(self, g: "Game") -> list[tuple[str, ...]]:
        """The ways to keep tickets now, as id tuples, in the order of :func:`.tickets.keep_picks`."""
        ids = sorted(g.tix[t].id for t in g.offered[g.seat])
        return [tuple(ids[j] for j in c) for c in tickets.keep_picks(len(ids), tickets.min_keep(g))]


_RANKS: dict[int, tuple] = {}


def _id_ranks(tix: tuple) -> tuple[list[int], list[str]]:
    """For the tickets of a game: each one's rank in sorted-id order, and the ids."""
    hit = _RANKS.get(id(tix))
    if hit is None or hit[0] is not tix:
        ids = [t.id for t in tix]
        order = sorted(range(len(tix)), key=ids.__getitem__)
        rank = [0] * len(tix)
        for k, i in enumerate(order):
            rank[i] = k
        hit = _RANKS[id(tix)] = (tix, (rank, ids))
    return hit[1]


_DRAW_CODES = tuple(("d", c) for c in range(9)) + (("d", DECK),)
"""_DRAW_CODES[src]: the action code of a draw (index -1 is the deck)."""
_PASS = ("p",)
_TICKETS = ("t",)


def _quiet(*args: Any) -> None:
    """``game.emit`` while :func:`unrecorded`: events are not recorded."""


class unrecorded:
    """``with unrecorded(g):`` plays ``g`` without recording its events (``game.log``
    rebuilds them by replay when asked): ``emit`` does nothing and ``recording`` is False, so
    the rules skip building the events of their hot paths (the random loop,
    ``agents.play_game``). (A class, not a generator: entered once per game, cheaply.)"""

    def __init__(self, g: "Game"):
        self.g = g

    def __enter__(self) -> None:
        g = self.g
        g._raw_stale = True
        g.recording = False
        g.emit = _quiet  # type: ignore[method-assign]

    def __exit__(self, *exc: Any) -> None:
        del self.g.emit
        del self.g.recording


def play_random(g: "Game", rng: Any, max_steps: int | None = None) -> int:
    """Play uniformly random actions until the game is over (or ``max_steps`` actions), with
    ``rng`` (one random.Random, or a list of one per seat), each picked by index without
    building the legal actions and applied by the rules modules, as every other action is
    (``drawing.draw``, ``claiming.fast_claim``, ``game._exec_code``). Events are not worded
    now: ``g.log`` rebuilds them by replay when asked. Returns the number of actions played.

    A turn takes one ``rnd()`` (none for a forced pass) and picks among the draws, the claims
    and the ticket draw in the sampler's order. The claims are counted as
    :meth:`FastCounter.claims` does, and the r-th is found from the running sums of that
    count (the colour), a table of the lengths that colour can pay (the length) and the open
    routes of that class counted from the nearer end (the route); :func:`_nth_claim` is the
    reference search (the tests check both agree). (The count is written out in the loop, one
    line per colour, rather than called: a call each turn costs a game 6 % more.)"""
    fc: FastCounter = g._fast
    rnds = [r.random for r in rng] if isinstance(rng, (list, tuple)) else [rng.random] * g.n
    limit = -1 if max_steps is None else max_steps
    with unrecorded(g):
        try:
            return _play(g, fc, rnds, limit)
        finally:
            g._version += 1


def _play(g: "Game", fc: FastCounter, rnds: list, limit: int) -> int:
    """:func:`play_random`'s loop (events unrecorded): ``limit`` actions at most (-1: no limit)."""
    hist = g._hist
    app = hist.append
    exec_code = g._exec_code
    keep_code = fc.keep_code
    keep = tickets.keep
    draw_tickets = tickets.draw
    steps = 0
    if type(fc) is not FastCounter:
        from .fast_mechanics import play_mechanics

        return play_mechanics(g, fc, rnds, limit)
    B = fc.B
    shift, mask, S, cg, cgr = B.shift, B.mask, B.S, B.cg, B.cgr
    ROWS, LENS = fc.tables
    mp, hands, trains, openf = fc.mp, g.hands, g.trains, g.openf
    while steps != limit:
        p = g.pending
        seat = g.seat
        rnd = rnds[seat]
        if p != "turn":
            if p == "second-card":  # (a turn that stopped at max_steps after its first card)
                code = fc.pick(g, rnd())
                draw(g, seat, code[1])
                app(code)
            elif p == "over":
                break
            else:
                code = keep_code(g, rnd)
                keep(g, seat, code[1])
                app(code)
            steps += 1
            continue
        hand = hands[seat]
        t = trains[seat]
        M = mp[seat]
        h0, h1, h2, h3, h4, h5, h6, h7, w = hand
        R = ROWS[t][w]
        gm = M[GRAY]
        x = a = M[ALL] * R[0]
        if h0:
            x += (M[0] + gm) * R[h0]
        x0 = x
        if h1:
            x += (M[1] + gm) * R[h1]
        x1 = x
        if h2:
            x += (M[2] + gm) * R[h2]
        x2 = x
        if h3:
            x += (M[3] + gm) * R[h3]
        x3 = x
        if h4:
            x += (M[4] + gm) * R[h4]
        x4 = x
        if h5:
            x += (M[5] + gm) * R[h5]
        x5 = x
        if h6:
            x += (M[6] + gm) * R[h6]
        x6 = x
        if h7:
            x += (M[7] + gm) * R[h7]
        nc = (x >> shift) & mask
        m = KINDS.get(tuple(g.display))
        if m is None:
            m = kinds_face_up(g.display)
        fs = FIRST_DECK[m] if g.deck or g.discard else FIRST[m]
        nd = len(fs)
        total = nd + nc + (1 if g.tdeck else 0)
        if not total:
            exec_code(_PASS)
            app(_PASS)
            steps += 1
            continue
        r = int(rnd() * total)
        if r < nd:
            src = fs[r]
            draw(g, seat, src)
            app(_DRAW_CODES[src])
            steps += 1
            if g.pending == "second-card" and steps != limit:  # the second card (B-4.4)
                if src != DECK:  # (a blind card leaves the display as it was)
                    m = KINDS.get(tuple(g.display))
                    if m is None:
                        m = kinds_face_up(g.display)
                fs = SECOND_DECK[m] if g.deck or g.discard else SECOND[m]
                src = fs[int(rnd() * len(fs))]
                draw(g, seat, src)
                app(_DRAW_CODES[src])
                steps += 1
            continue
        r -= nd
        if r >= nc:
            draw_tickets(g, seat)
            app(_TICKETS)
            steps += 1
            continue
        # the colour: the first whose running sum passes r + the all-Locomotive count (first
        # in the sums, last in the order)
        r += (a >> shift) & mask
        if r < (x0 >> shift) & mask:
            c, base = 0, a
        elif r < (x1 >> shift) & mask:
            c, base = 1, x0
        elif r < (x2 >> shift) & mask:
            c, base = 2, x1
        elif r < (x3 >> shift) & mask:
            c, base = 3, x2
        elif r < (x4 >> shift) & mask:
            c, base = 4, x3
        elif r < (x5 >> shift) & mask:
            c, base = 5, x4
        elif r < (x6 >> shift) & mask:
            c, base = 6, x5
        elif r < nc:
            c, base = 7, x6
        else:  # all Locomotives (rare): the reference search
            code = _nth_claim(B, M, hand, t, openf[seat], r - ((a >> shift) & mask))
            fast_claim(g, seat, code[1], code[2], code[3], code[4])
            app(code)
            steps += 1
            continue
        r -= (base >> shift) & mask
        # the length: the payments of each length, shortest first
        mc = M[c] + gm
        for q, o, at, nl, L in LENS[t][w][hand[c]]:
            no = (mc >> at) & mask  # the open routes colour c may pay
            k = no * o
            if r < k:
                break
            r -= k
        # the route: the j-th of those open (counted from the nearer end); its Locomotives:
        # the fewest the length needs, plus k
        j, k = divmod(r, o)
        nl += k
        f = openf[seat]
        if j + j < no:
            for i in cg[c * S + q]:
                if f[i]:
                    if not j:
                        break
                    j -= 1
        else:
            j = no - 1 - j
            for i in cgr[c * S + q]:
                if f[i]:
                    if not j:
                        break
                    j -= 1
        fast_claim(g, seat, i, c, L - nl, nl)
        app(("c", i, c, L - nl, nl))
        steps += 1
    return steps


def counter(g: "Game") -> FastCounter:
    """The sampler of a game whose mechanics are all ``fast_ok``: the plain one, or
    :class:`~.fast_mechanics.MechanicCounter` when a mechanic expands claims, pays from elsewhere or adds
    actions."""
    h = g._hooks
    if h["claim_options"] or h["claim_cards"] or h["actions"]:
        from .fast_mechanics import MechanicCounter

        return MechanicCounter(g)
    return FastCounter(g)
