"""The payment rule (B-5.1 to B-5.3, B-5.5, EU-2) and the per-board tables built from it.

A payment is one colour plus Locomotives, as many cards as the route has spaces (B-5.1); a
gray route takes any one colour (B-5.2); Locomotives alone pay any route (B-5.3); a ferry
needs one Locomotive per Locomotive space (EU-2): :func:`payment_range`, which every listing
and count of payments uses. :class:`Tables` holds a board's route facts as lists by route
position, each route's claims (built once) and the packed kernels that count claims without
building them. :mod:`ttr_nb.rules.claiming` uses them (and re-exports these names).
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..actions import ClaimRoute
from ..board import Board
from ..cards import CARD_NAMES, GRAY_INDEX, LOCO, ROUTE_COLOR_INDEX

_LOCO_NAME = CARD_NAMES[LOCO]
class Tables:
    """Per-board tables of route facts as lists indexed by route position (fast lookups)."""

    def __init__(self, board: Board, spread: int = 1):
        routes = board.routes
        self.n = n = len(routes)
        self.rid = [r.id for r in routes]
        self.idx = {r.id: i for i, r in enumerate(routes)}
        self.rlen = [r.length for r in routes]
        self.rcol = [ROUTE_COLOR_INDEX[r.color] for r in routes]
        self.rferry = [r.ferry_locos for r in routes]
        self.rmount = [r.mountains for r in routes]
        self.rtunnel = [r.tunnel for r in routes]
        self.rneed = [r.trains for r in routes]
        self.rpts = [board.route_points(r.length) for r in routes]
        twins = board.twins
        self.rtwins = [tuple(self.idx[t] for t in twins[r.id]) for r in routes]
        self.rtracks = [(i, *self.rtwins[i]) for i in range(n)]
        """rtracks[i]: route index i, then the other tracks of its route."""
        self.by_id = sorted(range(n), key=lambda i: self.rid[i])
        self.maxlen = max(self.rlen) if routes else 0
        self.maxneed = max(self.rneed) if routes else 0
        # pay tuples for ClaimRoute, built once: PAY[col][ncol][nloco]
        self._pay: dict[tuple[int, int, int], tuple] = {}
        self.pay_code: dict[tuple, tuple[int, int, int]] = {}
        """The (colour, coloured cards, Locomotives) of each pay tuple :meth:`pay` built."""
        self.rows = [(i, self.rlen[i], self.rferry[i], self.rneed[i], self.rcol[i]) for i in self.by_id]
        """(index, spaces, ferry Locomotives, trains needed, colour index) of every route, by
        route id."""
        self.pos = [0] * n
        """pos[i]: the position of route index i in ``rows`` (route-id order)."""
        for p, i in enumerate(self.by_id):
            self.pos[i] = p
        self.pbit = [1 << p for p in self.pos]
        """pbit[i]: the bit of route index i in a mask of routes (bit p = position p in ``rows``)."""
        self.all_mask = (1 << n) - 1
        self.rkeep = [~sum(self.pbit[t] for t in self.rtracks[i]) for i in range(n)]
        """rkeep[i]: every route's bit but those of route index i's tracks (closing them all)."""
        le = [[0] * (self.maxlen + 1) for _ in range(9)]
        for i in range(n):
            for x in range(self.rlen[i], self.maxlen + 1):
                le[self.rcol[i]][x] |= self.pbit[i]
        self.le = le
        """le[c][x]: the mask of the routes of colour c (8 = gray) of length at most x."""
        self.fit = [0] * (self.maxneed + 1)
        """fit[t]: the mask of the routes that take at most t trains (B-5.5, LA-10)."""
        for i in range(n):
            for t in range(self.rneed[i], self.maxneed + 1):
                self.fit[t] |= self.pbit[i]
        kinds = sorted({(self.rlen[i], self.rferry[i], self.rcol[i]) for i in range(n)})
        self.kinds: list[tuple[int, int, int] | None] = [None, *kinds]
        """The kinds of route, (spaces, ferry Locomotives, colour index), from 1 (0: none)."""
        at = {k: j for j, k in enumerate(self.kinds)}
        self.kind = [at[self.rlen[i], self.rferry[i], self.rcol[i]] for i in self.by_id]
        """kind[p]: the kind of the route at position p (route-id order)."""
        # -- counting claims (count_claims): routes by slot (trains needed, spaces, ferry)
        slots = sorted({(self.rneed[i], self.rlen[i], self.rferry[i]) for i in range(n)})
        self.slots: list[tuple[int, int, int]] = slots
        """The slots of routes as counted: (trains needed, spaces, ferry Locomotives)."""
        f = self.field = (9 * max(n, 1) * max(self.maxlen, 1) * spread).bit_length() + 1
        """Bits per slot in a packed count: room for every payment of every route, each counted
        up to ``spread`` times (a mechanic's claims per payment: ``Mechanic.claim_spread``)."""
        at = {q: k for k, q in enumerate(slots)}
        self.slot_bit = [1 << (f * at[self.rneed[i], self.rlen[i], self.rferry[i]]) for i in range(n)]
        """slot_bit[i]: 1 in route index i's slot field of a packed count (``game.openv``)."""
        self.all_open = [0] * 10
        """The packed open routes of each colour (0..7, 8 gray) and of all (9), every route open."""
        for i in range(n):
            self.all_open[self.rcol[i]] += self.slot_bit[i]
            self.all_open[9] += self.slot_bit[i]
        top = len(slots) - 1
        self.shift = f * top
        self.field_mask = (1 << f) - 1
        self.pcol = [self.rcol[i] for i in self.by_id]
        """pcol[p]: the colour index (8 = gray) of the route at position p (route-id order)."""
        self.pshift = [self.shift - (self.slot_bit[i].bit_length() - 1) for i in self.by_id]
        """pshift[p]: where the route at position p finds its slot's field in a kernel
        (:meth:`pack`): ``(kernel >> pshift[p]) & field_mask``."""
        self._kernels: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
        """kernel_table(cards) of each number of cards."""
        self._claims: list[list[ClaimRoute | None] | None] = [None] * n
        """claim_row(i), built on first use."""
        self._no_kinds = (None,) * (len(self.kinds) - 1)
        """A plan's items of route kinds, before any is worked out."""

    def kernel_table(self, cards: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """kernels[t][w][h]: the payments one colour's h cards (h > 0) and w Locomotives make on
        a route of each slot that takes at most t trains (:func:`payment_range`, B-5.1 to B-5.3,
        B-5.5, EU-2), packed by slot in reverse order (so that a packed count of routes by slot
        times it holds the dot product at bit ``shift``); [t][w][0]: the all-Locomotive payment
        (one on each route of at most w spaces). t up to ``maxneed``, h and w up to ``cards``
        (more than ``maxlen`` pays as ``maxlen``: those rows are shared)."""
        got = self._kernels.get(cards)
        if got is None:
            ml = self.maxlen

            def kernel(t: int, w: int, h: int) -> int:
                return self.pack(t, lambda L, fe: len(payment_range(L, h, w, fe)) if h else int(w >= L))

            by_t = []
            for t in range(self.maxneed + 1):
                rows = [tuple(kernel(t, w, min(h, ml)) for h in range(cards + 1)) for w in range(min(ml, cards) + 1)]
                by_t.append(tuple(rows + [rows[-1]] * (cards - min(ml, cards))))
            got = self._kernels[cards] = tuple(by_t)
        return got

    def pack(self, t: int, per_route: Callable[[int, int], int]) -> int:
        """``per_route(spaces, ferry Locomotives)`` of each slot of routes that take at most
        ``t`` trains, packed by slot in reverse order (a kernel: a seat's packed open routes
        times it holds the sum over its routes at bit ``shift``)."""
        f, top = self.field, len(self.slots) - 1
        return sum(per_route(L, fe) << (f * (top - k)) for k, (need, L, fe) in enumerate(self.slots) if need <= t)

    def pay(self, col: int, ncol: int, nloco: int) -> tuple:
        key = (col, ncol, nloco)
        p = self._pay.get(key)
        if p is None:
            parts = []
            if ncol:
                parts.append((CARD_NAMES[col], ncol))
            if nloco:
                parts.append((_LOCO_NAME, nloco))
            p = self._pay[key] = tuple(parts)
            self.pay_code[p] = key
        return p

    def claim_row(self, i: int) -> list[ClaimRoute | None]:
        """Every base ClaimRoute of route index ``i``, built once and shared (actions are
        frozen): item ``c * (length + 1) + k`` pays colour c with k Locomotives, for k up to
        length - 1; item ``LOCO * (length + 1) + length`` pays Locomotives only; None elsewhere.
        So the payments of one colour from k = lo to hi are one slice."""
        row = self._claims[i]
        if row is None:
            L = self.rlen[i]
            col = self.rcol[i]
            row = [None] * (9 * (L + 1))
            for c in (range(8) if col == GRAY_INDEX else (col,)):
                for k in range(L):
                    row[c * (L + 1) + k] = ClaimRoute._raw(self.rid[i], self.pay(c, L - k, k))
            row[LOCO * (L + 1) + L] = ClaimRoute._raw(self.rid[i], self.pay(LOCO, 0, L))
            self._claims[i] = row
        return row

    def plan(self, counts: list[int]) -> list:
        """What a hand of ``counts`` may pay: item 0 the mask of the routes it may reach
        (:func:`_reach_mask`, trains aside), item k the payments of route kind k
        (:func:`_pay_spec`), None until worked out. A new list for each listing: remembering
        it for each hand costs more than working it out (most hands of a game are new, and
        the memo's objects burden the garbage collector)."""
        return [_reach_mask(self, counts), *self._no_kinds]


_TABLES: dict[tuple[int, int], tuple[Board, Tables]] = {}


def tables(board: Board, spread: int = 1) -> Tables:
    """The (cached) tables of a board (``spread``: as :class:`Tables`)."""
    hit = _TABLES.get((id(board), spread))
    if hit is None or hit[0] is not board:
        hit = _TABLES[(id(board), spread)] = (board, Tables(board, spread))
    return hit[1]


# -- payments -------------------------------------------------------------------------------
def payment_range(length: int, held: int, locos: int, ferry: int = 0) -> range:
    """The payment rule (B-5.1 to B-5.3, EU-2), for one colour: the numbers of Locomotives
    with which ``held`` cards of the colour and ``locos`` Locomotives pay a route of
    ``length`` spaces with ``ferry`` Locomotive spaces, as a range: at least one card of the
    colour (the all-Locomotive payment is apart), no more cards than the route has spaces,
    at least the ferry's Locomotives. Every listing and count of payments uses it.

    >>> payment_range(4, 3, 2), payment_range(2, 0, 5), payment_range(3, 3, 1, ferry=1)
    (range(1, 3), range(2, 2), range(1, 2))
    """
    lo = length - held if length > held else 0
    if lo < ferry:
        lo = ferry
    return range(lo, (length - 1 if locos >= length - 1 else locos) + 1)


def payable(length: int, ferry: int, colour: int, counts: Sequence[int]) -> bool:
    """Whether cards of ``counts`` pay a route of ``length`` spaces, ``ferry`` Locomotive
    spaces and colour index ``colour`` (8 = gray) in some way: by Locomotives alone (B-5.3),
    or by :func:`payment_range` with the route's colour (gray: the colour held most, B-5.2).

    >>> payable(4, 0, 0, [2, 0, 0, 0, 0, 0, 0, 0, 1]), payable(4, 0, 8, [0, 3, 0, 0, 0, 0, 0, 0, 1])
    (False, True)
    """
    w = counts[LOCO]
    if w >= length:
        return True
    held = max(counts[:8]) if colour == GRAY_INDEX else counts[colour]
    return bool(payment_range(length, held, w, ferry))


def base_payments(counts: list[int], length: int, col: int, ferry: int) -> list[tuple[int, int, int]]:
    """Every canonical payment of a route a player can afford with ``counts``:
    (colour index, coloured cards, Locomotives), colour index LOCO for the all-Locomotive one."""
    w = counts[LOCO]
    out = [(c, length - k, k) for c in (range(8) if col == GRAY_INDEX else (col,))
           for k in payment_range(length, counts[c], w, ferry)]
    if w >= length:
        out.append((LOCO, 0, length))
    return out


def _reach_mask(T: Tables, counts: list[int]) -> int:
    """The mask of the routes a hand of ``counts`` may reach: colour c (8 = gray) up to its
    cards + Locomotives (gray: the colour held most), trains aside."""
    ml = T.maxlen
    h0, h1, h2, h3, h4, h5, h6, h7, w = counts
    le0, le1, le2, le3, le4, le5, le6, le7, leg = T.le
    x = max(h0, h1, h2, h3, h4, h5, h6, h7) + w  # (one line per colour: a loop costs more)
    mask = leg[x if x < ml else ml]
    x = h0 + w
    mask |= le0[x if x < ml else ml]
    x = h1 + w
    mask |= le1[x if x < ml else ml]
    x = h2 + w
    mask |= le2[x if x < ml else ml]
    x = h3 + w
    mask |= le3[x if x < ml else ml]
    x = h4 + w
    mask |= le4[x if x < ml else ml]
    x = h5 + w
    mask |= le5[x if x < ml else ml]
    x = h6 + w
    mask |= le6[x if x < ml else ml]
    x = h7 + w
    return mask | le7[x if x < ml else ml]


__all__ = ["Tables", "tables", "payment_range", "payable", "base_payments"]
