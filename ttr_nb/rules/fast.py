"""The fast random sampler: count the legal actions and pick one of them by index without
building them, on every board whose mechanics are ``fast_ok`` (all shipped ones): the plain
boards, ferries and mountains (:class:`FastCounter`), and the mechanics that expand claims or
add actions of their own, Terrain cards, teams and tunnels (:class:`MechanicCounter`, which
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

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from ..cards import GRAY_INDEX, LOCO
from .claiming import payment_range

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .claiming import Tables

DECK = -1
GRAY = GRAY_INDEX
ALL = 9
"""Index, in a seat's packed counts, of all its open routes (0..7 colours, 8 gray)."""


def options(length: int, held: int, locos: int, ferry: int = 0) -> int:
    """How many payments :func:`ttr_nb.rules.claiming.payment_range` (the payment rule) gives
    a route of ``length`` with one colour (``held`` cards of it) plus Locomotives; the
    all-Locomotive payment is counted apart. Used to build the counting tables."""
    return len(payment_range(length, held, locos, ferry))


# -- the face-up display as a bit mask -------------------------------------------------------
FIRST: tuple[tuple[int, ...], ...] = tuple(tuple(c for c in range(9) if m >> c & 1) for m in range(512))
"""FIRST[mask]: the face-up cards that may be taken as a first card (sorted), for the mask
of the card kinds face up (bit c = card c, 0..7 colours, 8 the Locomotive)."""
SECOND: tuple[tuple[int, ...], ...] = tuple(FIRST[m & 255] for m in range(512))
"""SECOND[mask]: the same as a second card: no Locomotive (B-4.4)."""
FIRST_DECK: tuple[tuple[int, ...], ...] = tuple((DECK,) + f for f in FIRST)
"""FIRST_DECK[mask]: the deck (``DECK``), then FIRST[mask]: the first-card sources in sorted order."""
SECOND_DECK: tuple[tuple[int, ...], ...] = tuple((DECK,) + f for f in SECOND)
"""SECOND_DECK[mask]: the deck, then SECOND[mask]."""


_KINDS: dict[tuple[int, ...], int] = {}


def kinds_face_up(display: list[int]) -> int:
    """The mask of the card kinds face up (bit c = card c), remembered for each display."""
    key = tuple(display)
    m = _KINDS.get(key)
    if m is None:
        m = 0
        for c in display:
            if c >= 0:
                m |= 1 << c
        if len(_KINDS) > 100_000:
            _KINDS.clear()
        _KINDS[key] = m
    return m


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
    nloco). The reference search: :meth:`FastCounter.turn_code` finds the same faster."""
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


class FastCounter:
    """Per-seat packed counts of open routes (``mp[seat]``: 8 colours, gray, all), kept up to
    date as routes close. Which routes are open is ``game.openf``; the tables are the board's."""

    def __init__(self, g: "Game"):
        self.B = B = _tables(g.T)
        self.mp = [list(B.m0) for _ in range(g.n)]
        v = g.variant
        # every hand stays within the train cards, every reserve within its start
        self.tables = B.rows(v.trains, 8 * v.cards_per_color + v.locomotives)

    def copy(self) -> "FastCounter":
        c = FastCounter.__new__(FastCounter)
        c.B = self.B
        c.mp = [list(m) for m in self.mp]
        c.tables = self.tables
        return c

    def closed(self, s: int, i: int) -> None:
        """Route ``i`` is no longer open to seat ``s`` (``claiming.close_route`` says so)."""
        B = self.B
        b = B.rbit[i]
        M = self.mp[s]
        M[B.rcol[i]] -= b
        M[ALL] -= b

    # -- counting ---------------------------------------------------------------------------
    def claims(self, g: "Game", seat: int) -> int:
        """How many ClaimRoute actions are legal for ``seat``."""
        B = self.B
        ml = B.ml
        t = g.trains[seat]
        if t > B.mt:
            t = B.mt
        h = g.hands[seat]
        w = h[LOCO]
        if w > ml:
            w = ml
        R = B.rowc[t * (ml + 1) + w]
        M = self.mp[seat]
        gm = M[GRAY]
        x = M[ALL] * R[0]
        for c in range(8):
            hc = h[c]
            if hc:
                x += (M[c] + gm) * R[hc if hc < ml else ml]
        return (x >> B.shift) & B.mask

    @staticmethod
    def sources(g: "Game", second: bool) -> list[int]:
        """Draw sources in sorted order (as drawing.sources)."""
        m = kinds_face_up(g.display)
        if g.deck or g.discard:
            return list(SECOND_DECK[m] if second else FIRST_DECK[m])
        return list(SECOND[m] if second else FIRST[m])

    def count(self, g: "Game") -> int:
        """len(g.legal_actions())."""
        p = g.pending
        if p == "turn":
            n = len(self.sources(g, False)) + self.claims(g, g.seat) + (1 if g.tdeck else 0)
            return n or 1
        if p == "second-card":
            return len(self.sources(g, True))
        if p == "setup-tickets" or p == "keep-tickets":
            k = len(g.offered[g.seat])
            lo = min(g.variant.setup_keep if p == "setup-tickets" else g.variant.draw_keep, k)
            return sum(comb(k, j) for j in range(lo, k + 1))
        return 0

    # -- picking ----------------------------------------------------------------------------
    def pick(self, g: "Game", u: float) -> tuple:
        """The action code at index int(u * count) of the sampler's order (0 <= u < 1)."""
        p = g.pending
        if p == "turn":
            srcs = self.sources(g, False)
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
            srcs = self.sources(g, True)
            return ("d", srcs[int(u * len(srcs))])
        if p == "setup-tickets" or p == "keep-tickets":
            opts = self._keeps(g)
            return ("k", opts[int(u * len(opts))])
        raise IndexError("no legal action: the game is over")

    def second_code(self, g: "Game", rnd: Any) -> tuple:
        """The code of a uniformly random second card (one ``rnd()``)."""
        m = _KINDS.get(tuple(g.display))
        if m is None:
            m = kinds_face_up(g.display)
        fs = SECOND_DECK[m] if g.deck or g.discard else SECOND[m]
        return _DRAW_CODES[fs[int(rnd() * len(fs))]]

    def keep_code(self, g: "Game", rnd: Any) -> tuple:
        """The code of a uniformly random choice of tickets to keep (one ``rnd()``)."""
        rank, tid = _id_ranks(g.tix)
        off = sorted(g.offered[g.seat], key=rank.__getitem__)
        v = g.variant
        opts = _keeps_by_count(len(off), v.setup_keep if g.pending == "setup-tickets" else v.draw_keep)[len(off)]
        return ("k", tuple(tid[off[j]] for j in opts[int(rnd() * len(opts))]))

    def turn_code(self, g: "Game", rnd: Any) -> tuple:
        """The code of a uniformly random action of a turn, in the sampler's order (draws, the
        claims, the ticket draw; one ``rnd()``, none for a forced pass): the claims are counted
        as :meth:`claims` does, and the r-th is found from the running sums of that count (the
        colour), a table of the lengths that colour can pay (the length) and the open routes of
        that class counted from the nearer end (the route); :func:`_nth_claim` is the
        reference search (the tests check both agree)."""
        B = self.B
        seat = g.seat
        hand = g.hands[seat]
        t = g.trains[seat]
        M = self.mp[seat]
        h0, h1, h2, h3, h4, h5, h6, h7, w = hand
        ROWS, LENS = self.tables
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
        shift, mask = B.shift, B.mask
        nc = (x >> shift) & mask
        m = _KINDS.get(tuple(g.display))
        if m is None:
            m = kinds_face_up(g.display)
        fs = FIRST_DECK[m] if g.deck or g.discard else FIRST[m]
        nd = len(fs)
        total = nd + nc + (1 if g.tdeck else 0)
        if not total:
            return _PASS
        r = int(rnd() * total)
        if r < nd:
            return _DRAW_CODES[fs[r]]
        r -= nd
        if r >= nc:
            return _TICKETS
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
            return _nth_claim(B, M, hand, t, g.openf[seat], r - ((a >> shift) & mask))
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
        f = g.openf[seat]
        if j + j < no:
            for i in B.cg[c * B.S + q]:
                if f[i]:
                    if not j:
                        break
                    j -= 1
        else:
            j = no - 1 - j
            for i in B.cgr[c * B.S + q]:
                if f[i]:
                    if not j:
                        break
                    j -= 1
        return ("c", i, c, L - nl, nl)

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
        ids = sorted(g.tix[t].id for t in g.offered[g.seat])
        lo = min(g.variant.setup_keep if g.pending == "setup-tickets" else g.variant.draw_keep, len(ids))
        return [c for k in range(lo, len(ids) + 1) for c in combinations(ids, k)]


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


_PICKS: dict[tuple[int, int], list[tuple[int, ...]]] = {}


def _picks(k: int, lo: int) -> list[tuple[int, ...]]:
    """The ways to keep at least ``lo`` of ``k`` offered tickets, as positions in sorted order,
    in the order of ``KeepTickets`` (fewest first, then lexicographic)."""
    hit = _PICKS.get((k, lo))
    if hit is None:
        hit = _PICKS[(k, lo)] = [c for j in range(lo, k + 1) for c in combinations(range(k), j)]
    return hit


_KEEPS: dict[tuple[int, int], list[list[tuple[int, ...]]]] = {}


def _keeps_by_count(kmax: int, lo: int) -> list[list[tuple[int, ...]]]:
    """[_picks(k, min(lo, k)) for k in 0..kmax]: the ways to keep, by the number offered."""
    hit = _KEEPS.get((kmax, lo))
    if hit is None:
        hit = _KEEPS[(kmax, lo)] = [_picks(k, min(lo, k)) for k in range(kmax + 1)]
    return hit


_DRAW_CODES = tuple(("d", c) for c in range(9)) + (("d", DECK),)
"""_DRAW_CODES[src]: the action code of a draw (index -1 is the deck)."""
_PASS = ("p",)
_TICKETS = ("t",)


def _quiet(*args: Any) -> None:
    """``game.emit`` during :func:`play_random`: events are not recorded (``game.log``
    rebuilds them by replay when asked)."""


def play_random(g: "Game", rng: Any, max_steps: int | None = None) -> int:
    """Play uniformly random actions until the game is over (or ``max_steps`` actions), with
    ``rng`` (one random.Random, or a list of one per seat): each action is picked by index
    without building the legal actions (:meth:`FastCounter.turn_code`) and applied by the
    rules modules, as every other action is (``game._exec_code``). Events are not worded
    now: ``g.log`` rebuilds them by replay when asked. A forced pass takes no random number.
    Returns the number of actions played."""
    fc: FastCounter = g._fast
    rnds = [r.random for r in rng] if isinstance(rng, (list, tuple)) else [rng.random] * g.n
    hist = g._hist
    app = hist.append
    exec_code = g._exec_code
    turn_code, second_code, keep_code = fc.turn_code, fc.second_code, fc.keep_code
    from .claiming import fast_claim
    from .drawing import draw

    steps = 0
    limit = -1 if max_steps is None else max_steps
    g._raw_stale = True
    g.emit = _quiet  # type: ignore[method-assign]
    try:
        if type(fc) is MechanicCounter:
            return _play_mechanics(g, fc, rnds, limit)
        while steps != limit:
            p = g.pending
            if p == "turn":
                code = turn_code(g, rnds[g.seat])
            elif p == "second-card":
                code = second_code(g, rnds[g.seat])
            elif p == "over":
                break
            else:
                code = keep_code(g, rnds[g.seat])
            k = code[0]  # (game._exec_code, with its two usual cases first)
            if k == "d":
                draw(g, g.seat, code[1])
            elif k == "c":
                fast_claim(g, g.seat, code[1], code[2], code[3], code[4])
            else:
                exec_code(code)
            app(code)
            steps += 1
    finally:
        del g.emit
        g._version += 1
    return steps


# -- boards with mechanics that expand claims or add actions ---------------------------------
_CONFIG: dict[tuple, tuple] = {}
_HYPO: dict[tuple, Any] = {}
_ALL_ACTIONS = ("all",)


def _config(g: "Game") -> tuple:
    """(board tables, kernels, option counts, which ``actions`` hooks to ask at each kind)
    shared by the games of one board, variant, number of players and settings (the
    mechanics' classes, keys and action kinds are read from a game of them: they depend on
    nothing else)."""
    T = g.T
    v = g.variant
    pol = tuple(sorted(g.policies.items()))
    try:
        key: Any = (id(T), v.name, v.mechanics, g.n, pol)
        hit = _CONFIG.get(key)
    except TypeError:  # (a setting that is not hashable: by its text)
        key = (id(T), v.name, v.mechanics, g.n, repr(pol))
        hit = _CONFIG.get(key)
    if hit is None or hit[0] is not T:
        opt = g._hooks["claim_options"]
        cls = tuple(tuple(m.fast_class(r) for m in opt) for r in g.board.routes)
        hooks = g._hooks["actions"]
        kinds = {p for m in hooks for p in (m.action_kinds or ())}
        A: dict[str, Any] = {}
        for p in kinds | {"turn", "second-card", "setup-tickets", "keep-tickets"}:
            which = [k for k, m in enumerate(hooks) if m.action_kinds is None or p in m.action_kinds]
            A[p] = which[0] if len(which) == 1 else tuple(which)
        if any(m.action_kinds is None for m in hooks):
            A = {}  # (a mechanic may list actions at any kind: ask them all)
        bound = 1
        for m in opt:
            bound *= min(m.max_options, MAX_OPTIONS)  # (MAX_OPTIONS: the most one may claim)
        hit = _CONFIG[key] = (T, _tables(T, cls, bound), {}, {}, A)
    if len(hit[2]) > 100_000 or len(hit[3]) > 100_000:  # (a bound on memory: rebuilt on use)
        hit[2].clear()
        hit[3].clear()
    return hit[1:]


def _pick_open(routes: tuple, f: bytearray, j: int) -> int:
    """The j-th of ``routes`` still open (``f``)."""
    for i in routes:
        if f[i]:
            if not j:
                return i
            j -= 1
    raise AssertionError("open route count out of step")  # pragma: no cover


class MechanicCounter(FastCounter):
    """The sampler on a board whose mechanics expand the claims (Terrain doublings, H-5/H-6;
    hand/holder splits, TA-10), pay from more than the hand (``claim_cards``) or add actions
    of their own (Terrain draws, shared tickets, placing a card, paying a tunnel).

    Claims are counted as on a plain board, each base payment counting as its number of
    options: the length of what the mechanics' own :meth:`~.mechanic.Mechanic.claim_options`
    returns for it. Those numbers are remembered by the route's slot (length, ferry,
    mountains and the mechanics' :meth:`~.mechanic.Mechanic.fast_class`), the payment and the
    mechanics' :meth:`~.mechanic.Mechanic.fast_keys`, and summed into one kernel per (trains,
    Locomotives, cards of the colour, key), so a colour still costs one big-int
    multiplication. Once the colour, slot and route are picked, only that route's options of
    that colour are built (through the same hooks) and the chosen one is taken. The mechanics'
    own actions are picked from their :meth:`~.mechanic.Mechanic.actions` lists.

    Its order: draws, claims (colour by colour, then all-Locomotive; slot by slot; route by
    route; option by option), the ticket draw, the mechanics' actions. A pick is an action
    code (draws, tickets, keeps) or an Action (claims, the mechanics' actions)."""

    def __init__(self, g: "Game"):
        B, self.K, self.O, self.A = _config(g)
        self.B = B
        """The board's tables, the kernels, the option counts, and A[kind]: which of the
        game's ``actions`` hooks to ask at that kind (an index, or a tuple)."""
        self.mp = [list(B.m0) for _ in range(g.n)]
        v = g.variant
        self.hmax = 8 * v.cards_per_color + v.locomotives
        """The most cards of a colour a seat can pay with (every train card)."""

    def copy(self) -> "MechanicCounter":
        c = MechanicCounter.__new__(MechanicCounter)
        c.B, c.K, c.O, c.A, c.hmax = self.B, self.K, self.O, self.A, self.hmax
        c.mp = [list(m) for m in self.mp]
        return c

    # -- the claims --------------------------------------------------------------------------
    def _state(self, g: "Game", seat: int) -> tuple[list[int], Any]:
        """(the cards ``seat`` pays with, the mechanics' keys: one, or a list of nine)."""
        hooks = g._hooks
        cards = g.hands[seat]
        for m in hooks["claim_cards"]:
            c = m.claim_cards(seat)
            if c is not None:
                cards = c
                break
        opt = hooks["claim_options"]
        if not opt:
            return cards, None
        if len(opt) == 1:
            return cards, opt[0].fast_keys(seat)
        ks = [m.fast_keys(seat) for m in opt]
        if not any(type(k) is list for k in ks):
            return cards, tuple(ks)
        return cards, list(zip(*([k] * 9 if type(k) is not list else k for k in ks)))

    def _row(self, mk: Any, tc: int, wc: int) -> list:
        """The kernels for key ``mk``, ``tc`` trains and ``wc`` Locomotives, by the cards of
        the colour (1..hmax, not clamped; 0: the all-Locomotive payment), each built on first
        use."""
        key = (tc, wc, mk)
        row = self.K.get(key)
        if row is None:
            row = self.K[key] = [None] * (self.hmax + 1)
        return row

    def claims(self, g: "Game", seat: int) -> int:
        cards, keys = self._state(g, seat)
        return self._count(g, seat, cards, keys)

    def _count(self, g: "Game", seat: int, cards: list[int], keys: Any) -> int:
        """The number of claims of ``seat`` (its cards and the mechanics' keys given); the
        running sums after each colour (0..7, then the all-Locomotive payments) are kept in
        ``_sums`` for :meth:`_claim`."""
        B = self.B
        ml = B.ml
        t = g.trains[seat]
        tc = t if t < B.mt else B.mt
        w = cards[LOCO]
        wc = w if w < ml else ml
        M = self.mp[seat]
        gm = M[GRAY]
        x = 0
        K = self.K
        if type(keys) is not list:  # one key: one row of kernels, read by the cards held
            row = K.get((tc, wc, keys)) or self._row(keys, tc, wc)
            h0, h1, h2, h3, h4, h5, h6, h7 = cards[:8]
            if h0:
                x += (M[0] + gm) * (row[h0] or self._kernel(g, seat, row, h0, keys, tc, wc, h0, 0))[0]
            s0 = x
            if h1:
                x += (M[1] + gm) * (row[h1] or self._kernel(g, seat, row, h1, keys, tc, wc, h1, 1))[0]
            s1 = x
            if h2:
                x += (M[2] + gm) * (row[h2] or self._kernel(g, seat, row, h2, keys, tc, wc, h2, 2))[0]
            s2 = x
            if h3:
                x += (M[3] + gm) * (row[h3] or self._kernel(g, seat, row, h3, keys, tc, wc, h3, 3))[0]
            s3 = x
            if h4:
                x += (M[4] + gm) * (row[h4] or self._kernel(g, seat, row, h4, keys, tc, wc, h4, 4))[0]
            s4 = x
            if h5:
                x += (M[5] + gm) * (row[h5] or self._kernel(g, seat, row, h5, keys, tc, wc, h5, 5))[0]
            s5 = x
            if h6:
                x += (M[6] + gm) * (row[h6] or self._kernel(g, seat, row, h6, keys, tc, wc, h6, 6))[0]
            s6 = x
            if h7:
                x += (M[7] + gm) * (row[h7] or self._kernel(g, seat, row, h7, keys, tc, wc, h7, 7))[0]
            s7 = x
            if w:
                x += M[ALL] * (row[0] or self._kernel(g, seat, row, 0, keys, tc, wc, 0, LOCO))[0]
            self._sums = (s0, s1, s2, s3, s4, s5, s6, s7, x)
        else:  # a key per colour: one table for these trains and Locomotives, by (cards, the
            # keys of the colour and of the Locomotives)
            tab = K.get((tc, wc))
            if tab is None:
                tab = K[(tc, wc)] = {}
            h0, h1, h2, h3, h4, h5, h6, h7 = cards[:8]
            k0, k1, k2, k3, k4, k5, k6, k7, k8 = keys
            if h0:
                if h0 > ml:
                    h0 = ml
                mk = (k0, k8)
                x += (M[0] + gm) * (tab.get((h0, mk)) or self._kernel(g, seat, tab, (h0, mk), mk, tc, wc, h0, 0))[0]
            s0 = x
            if h1:
                if h1 > ml:
                    h1 = ml
                mk = (k1, k8)
                x += (M[1] + gm) * (tab.get((h1, mk)) or self._kernel(g, seat, tab, (h1, mk), mk, tc, wc, h1, 1))[0]
            s1 = x
            if h2:
                if h2 > ml:
                    h2 = ml
                mk = (k2, k8)
                x += (M[2] + gm) * (tab.get((h2, mk)) or self._kernel(g, seat, tab, (h2, mk), mk, tc, wc, h2, 2))[0]
            s2 = x
            if h3:
                if h3 > ml:
                    h3 = ml
                mk = (k3, k8)
                x += (M[3] + gm) * (tab.get((h3, mk)) or self._kernel(g, seat, tab, (h3, mk), mk, tc, wc, h3, 3))[0]
            s3 = x
            if h4:
                if h4 > ml:
                    h4 = ml
                mk = (k4, k8)
                x += (M[4] + gm) * (tab.get((h4, mk)) or self._kernel(g, seat, tab, (h4, mk), mk, tc, wc, h4, 4))[0]
            s4 = x
            if h5:
                if h5 > ml:
                    h5 = ml
                mk = (k5, k8)
                x += (M[5] + gm) * (tab.get((h5, mk)) or self._kernel(g, seat, tab, (h5, mk), mk, tc, wc, h5, 5))[0]
            s5 = x
            if h6:
                if h6 > ml:
                    h6 = ml
                mk = (k6, k8)
                x += (M[6] + gm) * (tab.get((h6, mk)) or self._kernel(g, seat, tab, (h6, mk), mk, tc, wc, h6, 6))[0]
            s6 = x
            if h7:
                if h7 > ml:
                    h7 = ml
                mk = (k7, k8)
                x += (M[7] + gm) * (tab.get((h7, mk)) or self._kernel(g, seat, tab, (h7, mk), mk, tc, wc, h7, 7))[0]
            s7 = x
            if w:
                x += M[ALL] * (tab.get((0, k8)) or self._kernel(g, seat, tab, (0, k8), k8, tc, wc, 0, LOCO))[0]
            self._sums = (s0, s1, s2, s3, s4, s5, s6, s7, x)
        return (x >> B.shift) & B.mask

    def _kernel(self, g: "Game", seat: int, row: Any, at: Any, mk: Any, tc: int, wc: int, hc: int, c: int) -> tuple:
        """Build ``row[at]``: the kernel of colour ``c`` with ``hc`` cards of it (0 and ``c`` =
        LOCO: the all-Locomotive payment), ``wc`` Locomotives, ``tc`` trains and the
        mechanics' key ``mk``: the options of each slot at its place, and for the picker
        (slot, options, bit of its count, fewest Locomotives) of each slot with options."""
        B = self.B
        sh, S = B.sh, B.S
        O = self.O
        started = False
        R = 0
        lens = []
        for q, (L, f, x, _cl) in enumerate(B.slots):
            if L + x > tc:
                continue
            if not hc:
                if L > wc:
                    continue
                lo = L
                pays: tuple = ((LOCO, 0, L),)
            else:
                lo = L - hc if L > hc else 0
                if lo < f:
                    lo = f
                hi = L - 1 if wc >= L - 1 else wc
                pays = tuple((c, L - k, k) for k in range(lo, hi + 1))
            o = 0
            for pay in pays:
                ok = (q, pay[1], pay[2], mk)
                v = O.get(ok)
                if v is None:
                    if not started:
                        for m in g._hooks["claim_options"]:
                            m.claim_options_start(seat)
                        started = True
                    v = O[ok] = self._options_of(g, seat, q, pay)
                o += v
            if o:
                R += o << (sh * (S - 1 - q))
                lens.append((q, o, sh * q, lo))
        e = row[at] = (R, tuple(lens))
        return e

    def _options_of(self, g: "Game", seat: int, q: int, pay: tuple) -> int:
        """How many options the mechanics give a payment ``pay`` = (colour, coloured cards,
        Locomotives) of a route of slot q now: the length of their claim_options of it."""
        i = self.B.rep[q]
        hk = (id(g.T), i, pay)
        a = _HYPO.get(hk)
        if a is None:
            from ..actions import ClaimRoute

            a = _HYPO[hk] = ClaimRoute._raw(g.T.rid[i], g.T.pay(*pay))
        route = g.board.routes[i]
        base = [a]
        for m in g._hooks["claim_options"]:
            base = m.claim_options(seat, route, base)
        n = len(base)
        if not 1 <= n <= self.B.bound:  # pragma: no cover
            raise AssertionError(f"a payment with {n} options: the mechanics' max_options allow "
                                 f"1 to {self.B.bound}")
        return n

    def _claim(self, g: "Game", seat: int, r: int, cards: list[int], keys: Any) -> Any:
        """The r-th claim (0 <= r < :meth:`_count`, just called for this state), built through the hooks: the route and
        the base payment from the counts, then the mechanics' options of that one payment
        (when they keep each payment's options as one block in order,
        ``claim_options_in_order``; else of all the route's payments of that colour)."""
        B = self.B
        ml, shift, mask = B.ml, B.shift, B.mask
        t = g.trains[seat]
        tc = t if t < B.mt else B.mt
        w = cards[LOCO]
        wc = w if w < ml else ml
        M = self.mp[seat]
        gm = M[GRAY]
        K = self.K
        one = type(keys) is not list
        sums = self._sums  # (from the count just made: the colour)
        prev = 0
        for c in (0, 1, 2, 3, 4, 5, 6, 7, LOCO):
            xc = sums[c]
            if r < (xc >> shift) & mask:
                break
            prev = xc
        else:  # pragma: no cover
            raise AssertionError("claim index out of range")
        h = cards[c]
        if one:
            mk = keys
            row = K.get((tc, wc, mk)) or self._row(mk, tc, wc)
            hc = 0 if c == LOCO else h
            e = row[hc] or self._kernel(g, seat, row, hc, mk, tc, wc, hc, c)
        else:
            mk = keys[c]
            hc = 0 if c == LOCO else (h if h < ml else ml)
            tab = K.get((tc, wc))
            if tab is None:
                tab = K[(tc, wc)] = {}
            if c != LOCO:  # (a payment of colour c: the keys of c and of the Locomotives)
                mk = (mk, keys[LOCO])
            e = tab.get((hc, mk)) or self._kernel(g, seat, tab, (hc, mk), mk, tc, wc, hc, c)
        mc = M[ALL] if c == LOCO else M[c] + gm
        r -= (prev >> shift) & mask
        for q, o, at, lo in e[1]:
            k = ((mc >> at) & mask) * o
            if r < k:
                break
            r -= k
        j, k = divmod(r, o)
        T = g.T
        if c == LOCO:
            i = _pick_open(B.allc[q], g.openf[seat], j)
            L = T.rlen[i]
            row = T._claims[i] or T.claim_row(i)
            first = LOCO * (L + 1) + L
            base = row[first:first + 1]
        else:
            i = _pick_open(B.cg[c * B.S + q], g.openf[seat], j)
            L = T.rlen[i]
            hi = L - 1 if w >= L - 1 else w
            row = T._claims[i] or T.claim_row(i)
            first = c * (L + 1) + lo
            base = row[first:c * (L + 1) + hi + 1]
        opt = g._hooks["claim_options"]
        if not opt:
            return base[k]
        if all(m.claim_options_in_order for m in opt):
            # the payment whose block holds option k (its options as counted), alone
            O = self.O
            for n, a in enumerate(base):
                v = O[(q, L - lo - n if c != LOCO else 0, lo + n if c != LOCO else L, mk)]
                if k < v:
                    break
                k -= v
            base = [a]
            o = v
        route = g.board.routes[i]
        for m in opt:
            m.claim_options_start(seat)
        for m in opt:
            base = m.claim_options(seat, route, base)
        if len(base) != o:  # pragma: no cover
            raise AssertionError("claim options out of step with their count")
        return base[k]

    # -- every decision ----------------------------------------------------------------------
    def _extra(self, g: "Game", p: str) -> list:
        """The mechanics' own actions now (``actions(p)`` of those whose ``action_kinds`` hold p)."""
        which = self.A.get(p, _ALL_ACTIONS)
        hooks = g._hooks["actions"]
        if type(which) is int:
            return hooks[which].actions(p)
        if which is _ALL_ACTIONS:
            which = range(len(hooks))
        out: list = []
        for k in which:
            more = hooks[k].actions(p)
            if more:
                out = out + more
        return out

    def count(self, g: "Game") -> int:
        p = g.pending
        if p == "over":
            return 0
        if p == "turn":
            m = kinds_face_up(g.display)
            nd = len(FIRST_DECK[m] if g.deck or g.discard else FIRST[m])
            n = nd + self.claims(g, g.seat) + (1 if g.tdeck else 0) + len(self._extra(g, p))
            return n or 1
        if p == "second-card":
            m = kinds_face_up(g.display)
            return len(SECOND_DECK[m] if g.deck or g.discard else SECOND[m]) + len(self._extra(g, p))
        if p == "setup-tickets" or p == "keep-tickets":
            return FastCounter.count(self, g) + len(self._extra(g, p))
        return len(self._extra(g, p))

    def step(self, g: "Game", rnd: Any) -> Any:
        """The code or Action of a uniformly random legal action in this order (one ``rnd()``,
        none for a forced pass)."""
        p = g.pending
        if p == "turn":
            seat = g.seat
            cards, keys = self._state(g, seat)
            nc = self._count(g, seat, cards, keys)
            m = _KINDS.get(tuple(g.display))
            if m is None:
                m = kinds_face_up(g.display)
            fs = FIRST_DECK[m] if g.deck or g.discard else FIRST[m]
            nd = len(fs)
            nt = 1 if g.tdeck else 0
            ext = self._extra(g, p)
            total = nd + nc + nt + len(ext)
            if not total:
                return _PASS
            r = int(rnd() * total)
            if r < nd:
                return _DRAW_CODES[fs[r]]
            r -= nd
            if r < nc:
                return self._claim(g, seat, r, cards, keys)
            r -= nc
            if r < nt:
                return _TICKETS
            return ext[r - nt]
        if p == "second-card":
            m = _KINDS.get(tuple(g.display))
            if m is None:
                m = kinds_face_up(g.display)
            fs = SECOND_DECK[m] if g.deck or g.discard else SECOND[m]
            ext = self._extra(g, p)
            r = int(rnd() * (len(fs) + len(ext)))
            return _DRAW_CODES[fs[r]] if r < len(fs) else ext[r - len(fs)]
        if p == "over":
            raise IndexError("no legal action: the game is over")
        ext = self._extra(g, p)
        if p == "setup-tickets" or p == "keep-tickets":
            if not ext:
                return self.keep_code(g, rnd)
            opts = [("k", c) for c in self._keeps(g)] + ext
            return opts[int(rnd() * len(opts))]
        return ext[int(rnd() * len(ext))]

    def pick(self, g: "Game", u: float) -> Any:
        return self.step(g, lambda: u)

    def pick_rnd(self, g: "Game", rnd: Any) -> Any:
        return self.step(g, rnd)


def counter(g: "Game") -> FastCounter:
    """The sampler of a game whose mechanics are all ``fast_ok``: the plain one, or
    :class:`MechanicCounter` when a mechanic expands claims, pays from elsewhere or adds
    actions."""
    h = g._hooks
    if h["claim_options"] or h["claim_cards"] or h["actions"]:
        return MechanicCounter(g)
    return FastCounter(g)


def _play_mechanics(g: "Game", fc: MechanicCounter, rnds: list, limit: int) -> int:
    """:func:`play_random`'s loop with :class:`MechanicCounter`."""
    from ..actions import ClaimRoute
    from .claiming import claim
    from .drawing import draw

    hist = g._hist
    app = hist.append
    exec_code = g._exec_code
    exec_any = g._exec
    step = fc.step
    steps = 0
    while steps != limit:
        if g.pending == "over":
            break
        a = step(g, rnds[g.seat])
        t = type(a)  # (game._exec, with its usual cases first)
        if t is tuple:
            if a[0] == "d":
                draw(g, g.seat, a[1])
            else:
                exec_code(a)
        elif t is ClaimRoute:
            claim(g, g.seat, a)
        else:
            exec_any(a)
        app(a)
        steps += 1
    return steps
