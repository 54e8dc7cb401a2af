"""The fast random sampler: count the legal actions and pick one of them by index without
building them, for plain boards (no ferries, mountains or tunnels) and variants whose
mechanics change no legal action.

The sampler walks the legal actions in its own order (draws, then claims colour by colour
and length by length, then the ticket draw); the tests check, state by state, that this
order is a permutation of ``legal_actions()``, so a uniform index gives a uniform action.

Counting claims is the costly part. For each seat we keep its open routes by class (colour
or gray, length), and, packed into one Python int per colour with 16 bits per length, how
many open routes that colour can pay (its own colour plus gray). The number of payments of
one colour is then a dot product with a kernel that depends only on (cards of that colour,
Locomotives, trains left), done as one big-int multiplication.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from ..cards import EMPTY, GRAY_INDEX, LOCO

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from .claiming import Tables

SH = 16
MASK = (1 << SH) - 1
DECK = -1


def options(length: int, held: int, locos: int) -> int:
    """Payments of a route of ``length`` with one colour (``held`` cards of it) plus Locomotives,
    at least one coloured card (the all-Locomotive payment is counted apart)."""
    lo = length - held if length > held else 0
    hi = length - 1 if locos >= length - 1 else locos
    return hi - lo + 1 if hi >= lo else 0


@lru_cache(maxsize=None)
def kernels(maxlen: int) -> tuple[list[int], list[int]]:
    """KR[(t * m1 + h) * m1 + w]: packed options per length, lengths above t (trains) zeroed;
    PK[t * m1 + w]: packed 'length <= min(w, t)'. (m1 = maxlen + 1.)"""
    m1 = maxlen + 1
    kr = [0] * (m1 * m1 * m1)
    pk = [0] * (m1 * m1)
    for t in range(m1):
        for h in range(m1):
            for w in range(m1):
                kr[(t * m1 + h) * m1 + w] = sum(options(L, h, w) << (SH * (maxlen - L))
                                                for L in range(1, t + 1))
        for w in range(m1):
            pk[t * m1 + w] = sum(1 << (SH * (maxlen - L)) for L in range(1, min(w, t) + 1))
    return kr, pk


@lru_cache(maxsize=None)
def _rows(maxlen: int) -> list[list[int]]:
    """The kernels by (trains t, Locomotives w) -> by cards of the colour h: rows[t*m1 + w][h]."""
    kr, _ = kernels(maxlen)
    m1 = maxlen + 1
    return [[kr[(t * m1 + h) * m1 + w] for h in range(m1)] for t in range(m1) for w in range(m1)]


_TEMPLATES: dict[int, tuple] = {}
_SOURCES: dict[tuple, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _sources_entry(display: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Face-up sources of a display: (as a first card, as a second card: no Locomotive)."""
    first = tuple(sorted(set(display) - {EMPTY}))
    ent = (first, tuple(c for c in first if c != LOCO))
    if len(_SOURCES) < 200_000:
        _SOURCES[display] = ent
    return ent


def _template(T: "Tables") -> tuple[list[list[int]], list[int], int]:
    """Every route open: the class lists (route indices by colour or gray and length, in
    route-id order), packed counts per colour, packed counts of all routes."""
    hit = _TEMPLATES.get(id(T))
    if hit is not None and hit[0] is T:
        return hit[1]
    m1 = T.maxlen + 1
    lists: list[list[int]] = [[] for _ in range(9 * m1)]
    mp = [0] * 8
    npk = 0
    for i in T.by_id:
        L = T.rlen[i]
        c = T.rcol[i]
        lists[c * m1 + L].append(i)
        b = 1 << (SH * L)
        if c == GRAY_INDEX:
            for k in range(8):
                mp[k] += b
        else:
            mp[c] += b
        npk += b
    _TEMPLATES[id(T)] = (T, (lists, mp, npk))
    return lists, mp, npk


_BITS: dict[int, tuple] = {}


def _bits(T: "Tables") -> list[int]:
    hit = _BITS.get(id(T))
    if hit is None or hit[0] is not T:
        hit = _BITS[id(T)] = (T, [1 << (SH * L) for L in T.rlen])
    return hit[1]


class FastCounter:
    """Per-seat packed counts of open routes, kept up to date as routes close. Which routes
    are open is ``game.openf``; the class lists here are the board's, fixed."""

    def __init__(self, g: "Game"):
        T = g.T
        self.ml = T.maxlen
        self.m1 = T.maxlen + 1
        self.shift = SH * T.maxlen
        self.kr, self.pk = kernels(T.maxlen)
        self.rows = _rows(T.maxlen)
        self.lists, mp, npk = _template(T)
        self.mp = [list(mp) for _ in range(g.n)]
        self.np = [npk] * g.n
        self.rlen = T.rlen
        self.rcol = T.rcol
        self.bit = _bits(T)

    def copy(self) -> "FastCounter":
        c = FastCounter.__new__(FastCounter)
        c.__dict__.update(self.__dict__)
        c.mp = [list(m) for m in self.mp]
        c.np = list(self.np)
        return c

    def removed(self, s: int, i: int) -> None:
        """Route ``i`` is no longer open to seat ``s``."""
        b = self.bit[i]
        c = self.rcol[i]
        mp = self.mp[s]
        if c == GRAY_INDEX:
            mp[0] -= b
            mp[1] -= b
            mp[2] -= b
            mp[3] -= b
            mp[4] -= b
            mp[5] -= b
            mp[6] -= b
            mp[7] -= b
        else:
            mp[c] -= b
        self.np[s] -= b

    # -- counting ---------------------------------------------------------------------------
    def claims(self, g: "Game", seat: int) -> int:
        """How many ClaimRoute actions are legal for ``seat`` (the hot spot: unrolled)."""
        ml = self.ml
        t = g.trains[seat]
        if t > ml:
            t = ml
        h0, h1, h2, h3, h4, h5, h6, h7, w = g.hands[seat]
        if w > ml:
            w = ml
        k = t * self.m1 + w
        row = self.rows[k]
        mp = self.mp[seat]
        sh = self.shift
        tot = (self.np[seat] * self.pk[k] >> sh) & MASK
        if h0:
            tot += (mp[0] * row[h0 if h0 < ml else ml] >> sh) & MASK
        if h1:
            tot += (mp[1] * row[h1 if h1 < ml else ml] >> sh) & MASK
        if h2:
            tot += (mp[2] * row[h2 if h2 < ml else ml] >> sh) & MASK
        if h3:
            tot += (mp[3] * row[h3 if h3 < ml else ml] >> sh) & MASK
        if h4:
            tot += (mp[4] * row[h4 if h4 < ml else ml] >> sh) & MASK
        if h5:
            tot += (mp[5] * row[h5 if h5 < ml else ml] >> sh) & MASK
        if h6:
            tot += (mp[6] * row[h6 if h6 < ml else ml] >> sh) & MASK
        if h7:
            tot += (mp[7] * row[h7 if h7 < ml else ml] >> sh) & MASK
        return tot

    @staticmethod
    def sources(g: "Game", second: bool) -> list[int]:
        """Draw sources in sorted order (as drawing.sources)."""
        key = tuple(g.display)
        ent = _SOURCES.get(key) or _sources_entry(key)
        out = list(ent[1] if second else ent[0])
        if g.deck or g.discard:
            out.insert(0, DECK)
        return out

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

    def pick_index(self, g: "Game", r: int) -> tuple:
        """The action code at index ``r`` of the sampler's order."""
        n = self.count(g)
        if not 0 <= r < n:
            raise IndexError(r)
        return self.pick(g, (r + 0.5) / n)

    def _claim_at(self, g: "Game", seat: int, r: int) -> tuple:
        """The r-th claim: colour by colour (the routes of that colour, then the gray ones, of
        each length, each with every Locomotive count), then the all-Locomotive payments
        length by length; routes in route-id order within a class."""
        h = g.hands[seat]
        ml = self.ml
        m1 = self.m1
        t = g.trains[seat]
        if t > ml:
            t = ml
        w = h[LOCO]
        wc = w if w < ml else ml
        lists = self.lists
        openf = g.openf[seat]
        mp = self.mp[seat]
        kr = self.kr
        shift = self.shift
        base = t * m1
        gray = GRAY_INDEX * m1
        for c in range(8):
            hc = h[c]
            if not hc:
                continue
            if hc > ml:
                hc = ml
            m_c = mp[c]
            tot = (m_c * kr[(base + hc) * m1 + wc] >> shift) & MASK
            if r >= tot:
                r -= tot
                continue
            for L in range(1, t + 1):
                o = options(L, hc, w)
                if not o:
                    continue
                m = ((m_c >> (SH * L)) & MASK) * o
                if r < m:
                    j, k = divmod(r, o)
                    for i in lists[c * m1 + L] + lists[gray + L]:
                        if openf[i]:
                            if j == 0:
                                nl = (L - hc if L > hc else 0) + k
                                return ("c", i, c, L - nl, nl)
                            j -= 1
                    raise AssertionError("open route count out of step")  # pragma: no cover
                r -= m
            raise AssertionError("colour count out of step")  # pragma: no cover
        npk = self.np[seat]
        for L in range(1, min(w, t) + 1):
            m = (npk >> (SH * L)) & MASK
            if r < m:
                for col in range(9):
                    for i in lists[col * m1 + L]:
                        if openf[i]:
                            if r == 0:
                                return ("c", i, LOCO, 0, L)
                            r -= 1
            r -= m
        raise AssertionError("claim index out of range")  # pragma: no cover

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


def play_random(g: "Game", rng, max_steps: int | None = None) -> int:
    """Play uniformly random actions until the game is over (or ``max_steps`` actions), with
    ``rng`` (one random.Random, or a list of one per seat): the same choices, with the same
    ``rng`` calls, as repeated ``g.random_step(rng)``, in one fused loop (the tests check that
    both give the same history and state). Events are not worded now: ``g.log`` rebuilds them
    by replay when asked. Returns the number of actions played."""
    from . import drawing, endgame

    fc: FastCounter = g._fast
    n = g.n
    rnds = [r.random for r in rng] if isinstance(rng, (list, tuple)) else [rng.random] * n
    hist = g._hist
    hands = g.hands
    display = g.display
    T = g.T
    rlen, rpts, rid, rtwins = T.rlen, T.rpts, T.rid, T.rtwins
    v = g.variant
    end_at = v.end_trigger
    setup_keep, draw_keep, draw_count = v.setup_keep, v.draw_keep, v.draw_count
    to_box = v.setup_unkept == "box"
    rank, tid = _id_ranks(g.tix)
    rank_of = rank.__getitem__
    openf = g.openf
    side = g.side
    removed = fc.removed
    claims = fc.claims
    claim_at = fc._claim_at
    cache = _SOURCES
    steps = 0
    limit = -1 if max_steps is None else max_steps
    g._raw_stale = True
    while steps != limit:
        p = g.pending
        if p == "over":
            break
        steps += 1
        seat = g.seat
        rnd = rnds[seat]
        if p == "turn" or p == "second-card":
            second = p == "second-card"
            key = tuple(display)
            ent = cache.get(key) or _sources_entry(key)
            fs = ent[1] if second else ent[0]
            dk = 1 if (g.deck or g.discard) else 0
            nd = len(fs) + dk
            if second:
                r = int(rnd() * nd)
            else:
                nc = claims(g, seat)
                total = nd + nc + (1 if g.tdeck else 0)
                if total == 0:
                    hist.append(("p",))
                    g.emit("pass", seat)
                    endgame.end_turn(g, passed=True)
                    continue
                r = int(rnd() * total)
                if r >= nd:
                    r -= nd
                    if r >= nc:  # draw tickets
                        hist.append(("t",))
                        td = g.tdeck
                        k = draw_count if draw_count < len(td) else len(td)
                        g.offered[seat] = [td.pop() for _ in range(k)]
                        g.pending = "keep-tickets"
                        continue
                    code = claim_at(g, seat, r)
                    hist.append(code)
                    _, i, col, ncol, nloco = code
                    hand = hands[seat]
                    disc = g.discard
                    if ncol:
                        hand[col] -= ncol
                        disc.extend([col] * ncol)
                    if nloco:
                        hand[LOCO] -= nloco
                        disc.extend([LOCO] * nloco)
                    g.owner[i] = seat
                    g.trains[seat] -= rlen[i]
                    g.points[seat] += rpts[i]
                    g.claims[seat].append([rid[i], False, []])
                    twins = rtwins[i]
                    closed = not g.doubles_open
                    for s in range(n):
                        f = openf[s]
                        if f[i]:
                            f[i] = 0
                            removed(s, i)
                        for tw in twins:
                            if f[tw] and (closed or side[s] == side[seat]):
                                f[tw] = 0
                                removed(s, tw)
                    if EMPTY in display or display.count(LOCO) >= 3:
                        drawing.refill(g)
                    r = -1  # (end of turn below)
            if r >= 0:
                src = fs[r - dk] if r >= dk else DECK
                hist.append(("d", src))
                hand = hands[seat]
                if src == DECK:
                    if not g.deck:
                        drawing.reshuffle(g)
                    hand[g.deck.pop()] += 1
                else:
                    k = display.index(src)
                    if dk:
                        if not g.deck:
                            drawing.reshuffle(g)
                        display[k] = g.deck.pop()
                        if display.count(LOCO) >= 3:
                            drawing.loco_reset(g)
                    else:
                        display[k] = EMPTY
                    hand[src] += 1
                if not second and src != LOCO:
                    if g.deck or g.discard or any(c != EMPTY and c != LOCO for c in display):
                        g.pending = "second-card"
                        continue
        else:  # setup-tickets / keep-tickets
            off = g.offered[seat]
            setup = p == "setup-tickets"
            srt = sorted(off, key=rank_of)
            lo = setup_keep if setup else draw_keep
            if lo > len(srt):
                lo = len(srt)
            opts = [c for k in range(lo, len(srt) + 1) for c in combinations(srt, k)]
            chosen = opts[int(rnd() * len(opts))]
            hist.append(("k", tuple(tid[t] for t in chosen)))
            kept = [t for t in off if t in chosen]
            back = [t for t in off if t not in chosen]
            g.offered[seat] = []
            g.kept[seat].extend(kept)
            if back:
                if setup and to_box:
                    g.box.extend(back)
                    g.box.sort()
                else:
                    g.tdeck[0:0] = back
            if setup:
                if seat + 1 < n:
                    g.seat = seat + 1
                else:
                    g.seat = 0
                    g.pending = "turn"
                continue
        # -- end of the turn (endgame.end_turn, without a pass)
        if EMPTY in display and (g.deck or g.discard):
            drawing.refill(g)
        g.turn += 1
        g.passes = 0
        if g.final_left > 0:
            g.final_left -= 1
        elif g.trigger < 0 and g.trains[seat] <= end_at:
            g.trigger = seat
            g.final_left = n
        if g.final_left == 0:
            g.pending = "over"
            continue
        g.seat = seat + 1 if seat + 1 < n else 0
        g.pending = "turn"
    g._version += 1
    return steps
