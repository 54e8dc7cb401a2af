"""The random sampler on boards whose mechanics expand claims or add actions of their own
(Terrain cards, teams, tunnels): :class:`MechanicCounter`, a :class:`~.fast.FastCounter` that
counts each base payment as its number of options, and :func:`play_mechanics`, the random
loop with it (``fast.play_random`` hands over to it)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from .claiming import payment_range
from .drawing import sources
from .fast import (
    ALL, FIRST, FIRST_DECK, GRAY, LOCO, MAX_OPTIONS, SECOND, SECOND_DECK, _DRAW_CODES, _PASS, _TICKETS,
    KINDS, FastCounter, _tables, copies, kinds_face_up, seat_counts,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


# -- boards with mechanics that expand claims or add actions ---------------------------------
_CONFIG: dict[tuple, tuple] = {}
_HYPO: dict[tuple, Any] = {}
_NONE: tuple = ()


def _config(g: "Game") -> tuple:
    """(the board's packing, kernels by one key, kernels by a key per card, option counts,
    options of base claims by route, payments and key, which ``actions`` hooks to ask at each
    kind, trains and Locomotives clamped as the kernels read them, each slot's entry of a
    kernel by its cards, Locomotives and key part) shared by the games of one
    board, variant, number of players and settings (the mechanics' classes, keys and action
    kinds are read from a game of them: they depend on nothing else)."""
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
        B = _Packing(T, _tables(T, cls, bound))
        hmax = 8 * v.cards_per_color + v.locomotives
        TC = tuple(t if t < B.mt else B.mt for t in range(max(v.trains, B.mt) + 1000))
        WC = tuple(w if w < B.ml else B.ml for w in range(hmax + 1))
        hit = _CONFIG[key] = (T, B, {}, {}, {}, {}, A, TC, WC, {})
    for memo in (*hit[2:6], hit[9]):
        if len(memo) > 100_000:  # (a bound on memory: rebuilt on use)
            memo.clear()
    return hit[1:]


class _Packing:
    """How :class:`MechanicCounter` packs a seat's open routes (``mp``, as
    :class:`~.fast.FastCounter` does) and its kernels: the slots of the board's tables
    (``fast._Tables``: ``slots``, ``cg``, ``allc``, ``rep``, ``bound``), each at its own place
    ``pos[q]``, in fields of ``sh`` bits.

    A field of a seat's sum of products never exceeds (routes each colour pays, over the
    colours) × (payments of a route, at most the longest route + 1) × (options of a payment)
    + (routes) × (options of the all-Locomotive payment), so ``sh`` holds that and no more
    (the product's bit length is what a multiplication costs). The places put together the
    slots the same colours pay (by the mean of those colours), so a colour's counts end
    early: the slot order, which is the sampler's order, does not change."""

    def __init__(self, T: Any, B: Any):
        self.slots, self.S, self.cg, self.allc, self.rep = B.slots, B.S, B.cg, B.allc, B.rep
        classes = sorted({s[3] for s in B.slots}, key=repr)
        self.classes = classes
        """The mechanics' classes of the slots (``Mechanic.fast_class``, a tuple per slot)."""
        self.cls = [classes.index(s[3]) for s in B.slots]
        """cls[q]: the index in ``classes`` of slot q's class."""
        self.bound, self.ml, self.mt, self.rcol = B.bound, B.ml, B.mt, B.rcol
        S = B.S
        paid = [tuple(q for q in range(S) if B.cg[c * S + q]) for c in range(8)] + [tuple(range(S))]
        self.paid = tuple(paid)
        """paid[c]: the slots where colour c (LOCO: all Locomotives) has routes to pay, in
        order: its kernels have fields for these only."""
        groups = sorted(set(paid))
        self.group = tuple(groups.index(p) for p in paid)
        """group[c]: which kernels colour c shares (the colours that pay in the same slots)."""
        by = [[c for c in range(8) if q in paid[c]] for q in range(S)]
        order = sorted(range(S), key=lambda q: (sum(by[q]) / len(by[q]) if by[q] else 8, q))
        self.pos = [0] * S
        for k, q in enumerate(order):
            self.pos[q] = k
        most = sum(map(len, B.cg)) * (B.ml + 1) * B.bound + T.n * B.bound
        sh = self.sh = max(most.bit_length(), 1)
        self.mask = (1 << sh) - 1
        self.shift = sh * (S - 1)
        self.top = tuple(1 << (sh * (S - min((self.pos[q] for q in p), default=S))) for p in paid)
        """top[c]: the bit just above the fields of colour c's kernels (they carry it, see
        :class:`MechanicCounter`); times the counts the colour pays, it lands above the field
        read."""
        self.rbit = [1 << (sh * self.pos[q]) for q in B.slot]
        m0 = [0] * 10
        for i, b in enumerate(self.rbit):
            m0[B.rcol[i]] += b
            m0[ALL] += b
        self.m0 = m0
        """The packed counts with every route open: 8 colours, gray, all."""


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
    Locomotives, key, colour group, cards of the colour), so a colour still costs one big-int
    multiplication. Once the colour, slot and route are picked, the options of that one
    payment are taken (built through the same hooks once, then remembered by the route, the
    payment and the key: the keys are the state the options depend on). The mechanics' own
    actions are picked from their :meth:`~.mechanic.Mechanic.fast_actions` (the same as
    :meth:`~.mechanic.Mechanic.actions`, without a copy).

    Its order: draws, claims (colour by colour, then all-Locomotive; slot by slot; route by
    route; option by option), the ticket draw, the mechanics' actions. A pick is an action
    code (draws, tickets, keeps) or an Action (claims, the mechanics' actions).

    Each seat's open routes are counted as in :class:`~.fast.FastCounter` (``mp``), in the
    board's own packing (:class:`_Packing`). A kernel has fields only for the slots where its
    colour has routes, and one bit just above them (``_Packing.top``), so it is never 0 (a
    kernel not built yet is); that bit lands above the field read and changes no count."""

    def __init__(self, g: "Game"):
        B, self.K, self.KL, self.O, self.OC, self.A, self.TC, self.WC, self.SO = _config(g)
        self.B = B
        """The board's packing (:class:`_Packing`), the kernels (by one key for every card,
        and by a key per card), the option counts, the options of base claims
        (:meth:`_claim`), A[kind]: which of the game's ``actions`` hooks to ask at that kind
        (an index, or a tuple), the clamps of trains and Locomotives, and each slot's entry of
        a kernel (:meth:`_slot_options`) by (slot, cards, Locomotives, key part)."""
        self.mp = seat_counts(g, B.m0)
        v = g.variant
        self.hmax = v.cards_per_color
        """The most cards of a colour a seat can pay with (every card of that colour)."""
        self.shift, self.mask = B.shift, B.mask
        self._g: Any = None
        """The game whose hooks are bound below (:meth:`_bind`)."""

    def copy(self) -> "MechanicCounter":
        c = MechanicCounter.__new__(MechanicCounter)
        c.B, c.K, c.KL, c.O, c.OC, c.A, c.TC, c.WC, c.SO = (
            self.B, self.K, self.KL, self.O, self.OC, self.A, self.TC, self.WC, self.SO)
        c.hmax, c.shift, c.mask = self.hmax, self.shift, self.mask
        c.mp = copies(self.mp, list)
        c._g = None  # (the copy serves another game: bound on first use)
        return c

    # -- the game's hooks, bound once --------------------------------------------------------
    def _bind(self, g: "Game") -> None:
        """Bind the game's hooks the sampler asks at every step: what a seat pays with
        (``claim_cards``), the mechanics' keys (``fast_keys``), whether their options come in
        order, and each kind's ``fast_actions``."""
        self._g = g
        hooks = g._hooks
        cc = hooks["claim_cards"]
        self._cards: Callable[[int], Any] | None = (
            None if not cc else cc[0].claim_cards if len(cc) == 1 else _first_cards(cc))
        opt = hooks["claim_options"]
        self._opt = opt
        self._keys: Callable[[int], Any] | None = (
            None if not opt else opt[0].fast_keys if len(opt) == 1 else _joint_keys(opt))
        self._in_order = all(m.claim_options_in_order for m in opt)
        acts = hooks["actions"]
        ext: dict[str, Any] = {}
        for p, which in self.A.items():
            if type(which) is int:
                ext[p] = acts[which].fast_actions
            else:
                ext[p] = _joint_actions([acts[k] for k in which]) if which else None
        self._ext = ext
        self._ext_all = _joint_actions(acts) if acts else None
        self._ext_turn = ext.get("turn", self._ext_all)
        self._ext_second = ext.get("second-card", self._ext_all)

    def _extra(self, g: "Game", p: str) -> Sequence:
        """The mechanics' own actions now (``fast_actions(p)`` of those whose ``action_kinds``
        hold p), not to be changed."""
        f = self._ext.get(p, self._ext_all)
        return _NONE if f is None else f(p)

    # -- the claims --------------------------------------------------------------------------
    def _state(self, g: "Game", seat: int) -> tuple[list[int], Any]:
        """(the cards ``seat`` pays with, the mechanics' keys: one, or a list of nine)."""
        if g is not self._g:
            self._bind(g)
        cf = self._cards
        cards = None if cf is None else cf(seat)
        if cards is None:
            cards = g.hands[seat]
        kf = self._keys
        return cards, None if kf is None else kf(seat)

    def claims(self, g: "Game", seat: int) -> int:
        cards, keys = self._state(g, seat)
        return self._count(g, seat, cards, keys)

    def _count(self, g: "Game", seat: int, cards: list[int], keys: Any) -> int:
        """The number of claims of ``seat`` (its cards and the mechanics' keys given); the
        running sums after each colour (0..7, then the all-Locomotive payments) are kept in
        ``_sums``, and the kernels' container in ``_at``, for :meth:`_claim`."""
        tc = self.TC[g.trains[seat]]
        h0, h1, h2, h3, h4, h5, h6, h7, w = cards
        wc = self.WC[w]
        m0, m1, m2, m3, m4, m5, m6, m7, gm, ma = self.mp[seat]
        x = 0
        k = self._kernel
        if type(keys) is not list:  # one key: one row of kernels, read by the cards held
            at = self.K.get((tc, wc, keys))
            if at is None:
                at = self.K[(tc, wc, keys)] = self._rows()
            R0, R1, R2, R3, R4, R5, R6, R7, R8 = at[1]
            if h0:
                x = (m0 + gm) * (R0[h0] or k(g, seat, at, h0, keys, tc, wc, h0, 0))
            s0 = x
            if h1:
                x += (m1 + gm) * (R1[h1] or k(g, seat, at, h1, keys, tc, wc, h1, 1))
            s1 = x
            if h2:
                x += (m2 + gm) * (R2[h2] or k(g, seat, at, h2, keys, tc, wc, h2, 2))
            s2 = x
            if h3:
                x += (m3 + gm) * (R3[h3] or k(g, seat, at, h3, keys, tc, wc, h3, 3))
            s3 = x
            if h4:
                x += (m4 + gm) * (R4[h4] or k(g, seat, at, h4, keys, tc, wc, h4, 4))
            s4 = x
            if h5:
                x += (m5 + gm) * (R5[h5] or k(g, seat, at, h5, keys, tc, wc, h5, 5))
            s5 = x
            if h6:
                x += (m6 + gm) * (R6[h6] or k(g, seat, at, h6, keys, tc, wc, h6, 6))
            s6 = x
            if h7:
                x += (m7 + gm) * (R7[h7] or k(g, seat, at, h7, keys, tc, wc, h7, 7))
            s7 = x
            if w:
                x += ma * (R8[0] or k(g, seat, at, 0, keys, tc, wc, 0, LOCO))
        else:  # a key per card: one table for these trains, Locomotives and Locomotive key, by
            # the key of the colour (it tells the colour's cards apart; None: all Locomotives)
            k0, k1, k2, k3, k4, k5, k6, k7, k8 = keys
            at = self.KL.get((tc, wc, k8))
            if at is None:
                at = self.KL[(tc, wc, k8)] = self._tables()
            R0, R1, R2, R3, R4, R5, R6, R7, R8 = at[0]
            if h0:
                x = (m0 + gm) * (R0(k0) or k(g, seat, at, k0, (k0, k8), tc, wc, h0, 0))
            s0 = x
            if h1:
                x += (m1 + gm) * (R1(k1) or k(g, seat, at, k1, (k1, k8), tc, wc, h1, 1))
            s1 = x
            if h2:
                x += (m2 + gm) * (R2(k2) or k(g, seat, at, k2, (k2, k8), tc, wc, h2, 2))
            s2 = x
            if h3:
                x += (m3 + gm) * (R3(k3) or k(g, seat, at, k3, (k3, k8), tc, wc, h3, 3))
            s3 = x
            if h4:
                x += (m4 + gm) * (R4(k4) or k(g, seat, at, k4, (k4, k8), tc, wc, h4, 4))
            s4 = x
            if h5:
                x += (m5 + gm) * (R5(k5) or k(g, seat, at, k5, (k5, k8), tc, wc, h5, 5))
            s5 = x
            if h6:
                x += (m6 + gm) * (R6(k6) or k(g, seat, at, k6, (k6, k8), tc, wc, h6, 6))
            s6 = x
            if h7:
                x += (m7 + gm) * (R7(k7) or k(g, seat, at, k7, (k7, k8), tc, wc, h7, 7))
            s7 = x
            if w:
                x += ma * (R8(None) or k(g, seat, at, None, k8, tc, wc, 0, LOCO))
        self._sums = (s0, s1, s2, s3, s4, s5, s6, s7, x)
        self._at = at
        return (x >> self.shift) & self.mask

    def _rows(self) -> tuple:
        """Kernels by the cards of the colour, for one key: (the slots' options by those
        cards, for each card the list of its kernels, the list of their picker slots);
        colours of one ``group`` share the lists."""
        n = self.hmax + 1
        group = self.B.group
        rows = [[0] * n for _ in range(max(group) + 1)]
        picks = [[None] * n for _ in rows]
        return {}, tuple(rows[k] for k in group), tuple(picks[k] for k in group)

    def _tables(self) -> tuple:
        """Kernels by the key of the colour, for a key per card: (for each card the ``get``
        of its kernels, the slots' options by that key, its kernels, their picker slots);
        colours of one ``group`` share the tables."""
        group = self.B.group
        tables = [{} for _ in range(max(group) + 1)]
        picks = [{} for _ in tables]
        kernels = tuple(tables[k] for k in group)
        return tuple(t.get for t in kernels), {}, kernels, tuple(picks[k] for k in group)

    def _kernel(self, g: "Game", seat: int, at: Any, where: Any, mk: Any, tc: int, wc: int, hc: int,
                c: int) -> int:
        """Build ``at[-2][c][where]`` and ``at[-1][c][where]`` (:meth:`_rows`,
        :meth:`_tables`): the kernel of colour ``c`` with ``hc`` cards of it (0 and ``c`` =
        LOCO: the all-Locomotive payment), ``wc`` Locomotives, ``tc`` trains and the mechanics'
        key ``mk`` (the options of each slot where the colour has routes, at its place, plus
        the bit ``top[c]``), and for the picker the slots with options, in slot order: (the
        bit of the slot's count, its options, the slot, its fewest Locomotives, each of its
        payments' options). Returns the kernel."""
        every = at[-3].get(where)
        if every is None:
            every = at[-3][where] = self._slot_options(g, seat, mk, tc, wc, hc, c)
        R = self.B.top[c]
        lens = []
        for q in self.B.paid[c]:
            so = every[q]
            if so is not None:
                R += so[0]
                lens.append(so[1])
        at[-2][c][where] = R
        at[-1][c][where] = tuple(lens)
        return R

    def _slot_options(self, g: "Game", seat: int, mk: Any, tc: int, wc: int, hc: int, c: int) -> list:
        """For each slot, with ``hc`` cards of a colour (0: the all-Locomotive payment),
        ``wc`` Locomotives, ``tc`` trains and the mechanics' key ``mk``: None if no payment
        has an option, else (its field of a kernel, its picker entry: see :meth:`_kernel`),
        whatever the colour (``c`` names it for the hooks)."""
        B = self.B
        sh, S, pos = B.sh, B.S, B.pos
        O, SO = self.O, self.SO
        opt = self._opt
        if len(opt) == 1 and type(mk) is not tuple:  # (what the options depend on, by class)
            part = opt[0].fast_part
            parts = [part(mk, cl[0]) for cl in B.classes]
        else:
            parts = [mk] * len(B.classes)
        started = False
        out: list = []
        for q, (L, f, x, cl) in enumerate(B.slots):
            if L + x > tc or not hc and L > wc:
                out.append(None)
                continue
            pk = parts[B.cls[q]]
            sk = (q, hc, wc, pk)
            e = SO.get(sk, SO)
            if e is SO:  # (not worked out yet: for any colour, it is the same)
                if not hc:
                    lo = L
                    pays: tuple = ((LOCO, 0, L),)
                else:
                    ks = payment_range(L, hc, wc, f)  # (the payment rule)
                    lo = ks.start
                    pays = tuple((c, L - k, k) for k in ks)
                opts = []
                for pay in pays:
                    ok = (q, pay[1], pay[2], pk)
                    v = O.get(ok)
                    if v is None:
                        if not started:
                            for m in g._hooks["claim_options"]:
                                m.claim_options_start(seat)
                            started = True
                        v = O[ok] = self._options_of(g, seat, q, pay)
                    opts.append(v)
                o = sum(opts)
                e = SO[sk] = (o << (sh * (S - 1 - pos[q])), (sh * pos[q], o, q, lo, tuple(opts))) if o else None
            out.append(e)
        return out

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
        """The r-th claim (0 <= r < :meth:`_count`, just called for this state): the colour,
        slot, route and base payment from the counts, then the mechanics' options of that one
        payment (when they keep each payment's options as one block in order,
        ``claim_options_in_order``; else of all the route's payments of that colour), built
        through the hooks (:meth:`_expand`) once for each route, payments and key."""
        B = self.B
        shift, mask = B.shift, B.mask
        # the colour: the first whose running sum (from the count just made) passes r
        sums = self._sums
        for c in (0, 1, 2, 3, 4, 5, 6, 7, LOCO):
            if r < (sums[c] >> shift) & mask:
                break
        else:  # pragma: no cover
            raise AssertionError("claim index out of range")
        if c:
            r -= (sums[c - 1] >> shift) & mask
        at = self._at
        one = type(keys) is not list
        if one:
            where: Any = 0 if c == LOCO else cards[c]
        else:
            where = None if c == LOCO else keys[c]
        # the slot: the first whose (open routes × options) passes what is left of r
        M = self.mp[seat]
        mc = M[ALL] if c == LOCO else M[c] + M[GRAY]
        for bit, o, q, lo, opts in at[-1][c][where]:
            v = ((mc >> bit) & mask) * o
            if r < v:
                break
            r -= v
        j, k = divmod(r, o)
        T = g.T
        f = g.openf[seat]
        if c == LOCO:
            i = _pick_open(B.allc[q], f, j)
            L = T.rlen[i]
            first = LOCO * (L + 1) + L
        else:
            i = _pick_open(B.cg[c * B.S + q], f, j)
            L = T.rlen[i]
            first = c * (L + 1) + lo
        row = T._claims[i] or T.claim_row(i)
        if not self._opt:
            return row[first + k]
        if self._in_order:
            # the payment whose block holds option k (its options as counted), alone
            for n, o in enumerate(opts):
                if k < o:
                    break
                k -= o
            first += n
            last = first + 1
        else:
            last = first + len(opts)
        mk = keys if one else keys[LOCO] if c == LOCO else (keys[c], keys[LOCO])
        ok = (i, first, last, mk)
        base = self.OC.get(ok)
        if base is None:
            base = self.OC[ok] = self._expand(g, seat, i, row[first:last])
        if len(base) != o:  # pragma: no cover
            raise AssertionError("claim options out of step with their count")
        return base[k]

    def _expand(self, g: "Game", seat: int, i: int, base: list) -> list:
        """The mechanics' options of the base claims ``base`` of route index ``i`` now (their
        ``claim_options``; the same for equal ``fast_keys``, so :meth:`_claim` remembers them)."""
        route = g.board.routes[i]
        opt = self._opt
        for m in opt:
            m.claim_options_start(seat)
        for m in opt:
            base = m.claim_options(seat, route, base)
        return base

    # -- every decision ----------------------------------------------------------------------
    def count(self, g: "Game") -> int:
        if g is not self._g:
            self._bind(g)
        p = g.pending
        if p == "over":
            return 0
        if p == "turn":
            nd = len(sources(g, False))
            n = nd + self.claims(g, g.seat) + (1 if g.tdeck else 0) + len(self._extra(g, p))
            return n or 1
        if p == "second-card":
            return len(sources(g, True)) + len(self._extra(g, p))
        if p == "setup-tickets" or p == "keep-tickets":
            return FastCounter.count(self, g) + len(self._extra(g, p))
        return len(self._extra(g, p))

    def step(self, g: "Game", rnd: Any) -> Any:
        """The code or Action of a uniformly random legal action in this order (one ``rnd()``,
        none for a forced pass)."""
        if g is not self._g:
            self._bind(g)
        p = g.pending
        if p == "turn":
            return self._turn(g, rnd)
        if p == "second-card":
            fs = sources(g, True)
            f = self._ext_second
            ext = _NONE if f is None else f(p)
            nd = len(fs)
            r = int(rnd() * (nd + len(ext)))
            return _DRAW_CODES[fs[r]] if r < nd else ext[r - nd]
        if p == "over":
            raise IndexError("no legal action: the game is over")
        return self._decide(g, p, rnd)

    def _decide(self, g: "Game", p: str, rnd: Any) -> Any:
        """:meth:`step` at a choice of tickets or a mechanic's own decision ``p``."""
        ext = self._extra(g, p)
        if p == "setup-tickets" or p == "keep-tickets":
            if not ext:
                return self.keep_code(g, rnd)
            opts = [("k", c) for c in self._keeps(g)] + list(ext)
            return opts[int(rnd() * len(opts))]
        return ext[int(rnd() * len(ext))]

    def _turn(self, g: "Game", rnd: Any) -> Any:
        """:meth:`step` on a turn (the hooks bound for ``g``)."""
        seat = g.seat
        cf = self._cards
        cards = None if cf is None else cf(seat)
        if cards is None:
            cards = g.hands[seat]
        kf = self._keys
        keys = None if kf is None else kf(seat)
        nc = self._count(g, seat, cards, keys)
        fs = sources(g, False)
        nd = len(fs)
        nt = 1 if g.tdeck else 0
        f = self._ext_turn
        ext = _NONE if f is None else f("turn")
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

    def pick(self, g: "Game", u: float) -> Any:
        return self.step(g, lambda: u)

    def pick_rnd(self, g: "Game", rnd: Any) -> Any:
        return self.step(g, rnd)


def _first_cards(hooks: list) -> Callable[[int], Any]:
    """What a seat pays with when several mechanics may say: the first that does."""
    def cards(seat: int) -> Any:
        for m in hooks:
            c = m.claim_cards(seat)
            if c is not None:
                return c
        return None
    return cards


def _joint_keys(opt: list) -> Callable[[int], Any]:
    """The keys of several mechanics that expand claims: a tuple of theirs, or (when one
    keys each card, its keys telling the counts apart) a list of nine tuples."""
    def keys(seat: int) -> Any:
        ks = [m.fast_keys(seat) for m in opt]
        if not any(type(k) is list for k in ks):
            return tuple(ks)
        return list(zip(*([k] * 9 if type(k) is not list else k for k in ks)))
    return keys


def _joint_actions(ms: Sequence) -> Callable[[str], list]:
    """The own actions of several mechanics at a kind, in hook order."""
    def actions(p: str) -> list:
        out: list = []
        for m in ms:
            more = m.fast_actions(p)
            if more:
                out.extend(more)
        return out
    return actions


def play_mechanics(g: "Game", fc: MechanicCounter, rnds: list, limit: int) -> int:
    """:func:`play_random`'s loop with :class:`MechanicCounter`: the same picks as
    :meth:`MechanicCounter.step` (a turn and a second card are picked here, from the same
    counts and lists), claims, draws and tickets applied by their rules, the rest by ``game._exec``."""
    from .claiming import claim
    from .drawing import draw
    from .tickets import draw as draw_tickets

    if g is not fc._g:
        fc._bind(g)
    app = g._hist.append
    exec_code = g._exec_code
    exec_any = g._exec
    decide = fc._decide
    count = fc._count
    claim_at = fc._claim
    cards_of, keys_of = fc._cards, fc._keys
    turn_ext, second_ext = fc._ext_turn, fc._ext_second
    own_ext, all_ext = fc._ext.get, fc._ext_all
    hands = g.hands
    kinds = KINDS.get
    steps = 0
    while steps != limit:
        p = g.pending
        seat = g.seat
        if p == "turn":  # (as MechanicCounter._turn)
            cards = hands[seat] if cards_of is None else cards_of(seat) or hands[seat]
            keys = None if keys_of is None else keys_of(seat)
            nc = count(g, seat, cards, keys)
            m = kinds(tuple(g.display))
            if m is None:
                m = kinds_face_up(g.display)
            fs = FIRST_DECK[m] if g.deck or g.discard else FIRST[m]
            ext = _NONE if turn_ext is None else turn_ext(p)
            nd = len(fs)
            nt = nd + nc + (1 if g.tdeck else 0)  # (the end of the ticket draw's place)
            total = nt + len(ext)
            if not total:
                exec_code(_PASS)
                app(_PASS)
                steps += 1
                continue
            r = int(rnds[seat]() * total)
            if r < nd:
                draw(g, seat, fs[r])
                app(_DRAW_CODES[fs[r]])
                steps += 1
                continue
            if r < nd + nc:
                a = claim_at(g, seat, r - nd, cards, keys)
                claim(g, seat, a)
                app(a)
                steps += 1
                continue
            if r < nt:
                draw_tickets(g, seat)
                app(_TICKETS)
                steps += 1
                continue
            a = ext[r - nt]
        elif p == "second-card":  # (as step)
            m = kinds(tuple(g.display))
            if m is None:
                m = kinds_face_up(g.display)
            fs = SECOND_DECK[m] if g.deck or g.discard else SECOND[m]
            ext = _NONE if second_ext is None else second_ext(p)
            nd = len(fs)
            r = int(rnds[seat]() * (nd + len(ext)))
            if r < nd:
                draw(g, seat, fs[r])
                app(_DRAW_CODES[fs[r]])
                steps += 1
                continue
            a = ext[r - nd]
        elif p == "over":
            break
        elif p == "keep-tickets" or p == "setup-tickets":
            a = decide(g, p, rnds[seat])
        else:  # a mechanic's own decision (as MechanicCounter._decide)
            f = own_ext(p, all_ext)
            ext = _NONE if f is None else f(p)
            a = ext[int(rnds[seat]() * len(ext))]
        exec_any(a)
        app(a)
        steps += 1
    return steps
