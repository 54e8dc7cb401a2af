"""The random sampler on boards whose mechanics expand claims or add actions of their own
(Terrain cards, teams, tunnels): :class:`MechanicCounter`, a :class:`~.fast.FastCounter` that
counts each base payment as its number of options, and :func:`play_mechanics`, the random
loop with it (``fast.play_random`` hands over to it)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .fast import (
    ALL, FIRST, FIRST_DECK, GRAY, LOCO, MAX_OPTIONS, SECOND, SECOND_DECK, _DRAW_CODES, _KINDS, _PASS,
    _TICKETS, FastCounter, _tables, kinds_face_up,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


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


def play_mechanics(g: "Game", fc: MechanicCounter, rnds: list, limit: int) -> int:
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
