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
    """Every route open: the class lists (in route-id order), packed counts per colour, all."""
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


class FastCounter:
    """Per-game packed counts and class lists of open routes, kept up to date as routes close."""

    def __init__(self, g: "Game"):
        T = g.T
        self.ml = T.maxlen
        self.m1 = m1 = T.maxlen + 1
        self.shift = SH * T.maxlen
        self.kr, self.pk = kernels(T.maxlen)
        lists, mp, npk = _template(T)
        self.lists = [[list(x) for x in lists] for _ in range(g.n)]
        self.mp = [list(mp) for _ in range(g.n)]
        self.np = [npk] * g.n
        self.rlen = T.rlen
        self.rcol = T.rcol
        self.key = [T.rcol[i] * m1 + T.rlen[i] for i in range(T.n)]

    def copy(self) -> "FastCounter":
        c = FastCounter.__new__(FastCounter)
        c.__dict__.update(self.__dict__)
        c.lists = [[list(x) for x in ls] for ls in self.lists]
        c.mp = [list(m) for m in self.mp]
        c.np = list(self.np)
        return c

    def removed(self, s: int, i: int) -> None:
        """Route ``i`` is no longer open to seat ``s``."""
        self.lists[s][self.key[i]].remove(i)
        b = 1 << (SH * self.rlen[i])
        c = self.rcol[i]
        mp = self.mp[s]
        if c == GRAY_INDEX:
            for k in range(8):
                mp[k] -= b
        else:
            mp[c] -= b
        self.np[s] -= b

    # -- counting ---------------------------------------------------------------------------
    def claims(self, g: "Game", seat: int) -> int:
        """How many ClaimRoute actions are legal for ``seat``."""
        h = g.hands[seat]
        ml = self.ml
        m1 = self.m1
        t = g.trains[seat]
        if t > ml:
            t = ml
        w = h[LOCO]
        if w > ml:
            w = ml
        shift = self.shift
        kr = self.kr
        mp = self.mp[seat]
        tot = (self.np[seat] * self.pk[t * m1 + w] >> shift) & MASK
        base = t * m1
        for c in range(8):
            hc = h[c]
            if hc:
                if hc > ml:
                    hc = ml
                tot += (mp[c] * kr[(base + hc) * m1 + w] >> shift) & MASK
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
        """The r-th claim: colour by colour (colour, then gray routes of each length, each with
        every Locomotive count), then the all-Locomotive payments length by length."""
        h = g.hands[seat]
        ml = self.ml
        m1 = self.m1
        t = g.trains[seat]
        if t > ml:
            t = ml
        w = h[LOCO]
        lists = self.lists[seat]
        gray = GRAY_INDEX * m1
        for c in range(8):
            hc = h[c]
            if not hc:
                continue
            for L in range(1, t + 1):
                o = options(L, hc, w)
                if not o:
                    continue
                a = lists[c * m1 + L]
                b = lists[gray + L]
                m = (len(a) + len(b)) * o
                if r < m:
                    j, k = divmod(r, o)
                    i = a[j] if j < len(a) else b[j - len(a)]
                    nl = (L - hc if L > hc else 0) + k
                    return ("c", i, c, L - nl, nl)
                r -= m
        for L in range(1, min(w, t) + 1):
            for col in range(9):
                a = lists[col * m1 + L]
                if r < len(a):
                    return ("c", a[r], LOCO, 0, L)
                r -= len(a)
        raise AssertionError("claim index out of range")  # pragma: no cover

    def _keeps(self, g: "Game") -> list[tuple[str, ...]]:
        ids = sorted(g.tix[t].id for t in g.offered[g.seat])
        lo = min(g.variant.setup_keep if g.pending == "setup-tickets" else g.variant.draw_keep, len(ids))
        return [c for k in range(lo, len(ids) + 1) for c in combinations(ids, k)]


def play_random(g: "Game", rng, max_steps: int | None = None) -> int:
    """Play uniformly random actions until the game is over (or ``max_steps`` actions), with
    ``rng`` (one random.Random, or a list of one per seat): the same
    choices, with the same ``rng`` calls, as repeated ``g.random_step(rng)``, in one fused loop
    (the tests check that both give the same history and state). Events are not worded now:
    ``g.log`` rebuilds them by replay when asked. Returns the number of actions played."""
    from . import claiming, drawing, endgame, tickets

    fc: FastCounter = g._fast
    rnds = [r.random for r in rng] if isinstance(rng, (list, tuple)) else [rng.random] * g.n
    hist = g._hist
    hands = g.hands
    display = g.display
    T = g.T
    rlen, rpts, rid = T.rlen, T.rpts, T.rid
    n_players = g.n
    end_at = g.variant.end_trigger
    steps = 0
    limit = -1 if max_steps is None else max_steps
    g._raw_stale = True
    claims = fc.claims
    claim_at = fc._claim_at
    close_route = claiming.close_route
    cache = _SOURCES
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
                n = nd + nc + (1 if g.tdeck else 0)
                if n == 0:
                    hist.append(("p",))
                    g.emit("pass", seat)
                    endgame.end_turn(g, passed=True)
                    continue
                r = int(rnd() * n)
                if r >= nd:
                    r -= nd
                    if r < nc:
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
                        close_route(g, seat, i)
                        if EMPTY in display or display.count(LOCO) >= 3:
                            drawing.refill(g)
                        # end of turn (endgame.end_turn without the rare branches)
                        g.turn += 1
                        g.passes = 0
                        if g.final_left > 0:
                            g.final_left -= 1
                            if g.final_left == 0:
                                g.pending = "over"
                                continue
                        elif g.trigger < 0 and g.trains[seat] <= end_at:
                            g.trigger = seat
                            g.final_left = n_players
                        g.seat = (seat + 1) % n_players
                        g.pending = "turn"
                    else:
                        hist.append(("t",))
                        tickets.draw(g, seat)
                    continue
            if r < dk:
                src = DECK
            else:
                src = fs[r - dk]
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
                if src == LOCO:
                    endgame.end_turn(g)
                    continue
            if second:
                endgame.end_turn(g)
            elif g.deck or g.discard or any(c != EMPTY and c != LOCO for c in display):
                g.pending = "second-card"
            else:
                endgame.end_turn(g)
        elif p == "setup-tickets" or p == "keep-tickets":
            opts = fc._keeps(g)
            ids = opts[int(rnd() * len(opts))]
            hist.append(("k", ids))
            tickets.keep(g, seat, ids)
        else:  # pragma: no cover
            raise RuntimeError(f"the fast loop can't decide {p!r}")
    g._version += 1
    return steps
