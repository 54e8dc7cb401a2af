"""Claiming routes (B-5), ferries (EU-2, LA-7), double routes (B-5.7, B-5.8).

Payments are one colour plus Locomotives, as many cards as the route has spaces (B-5.1);
a gray route takes any one colour (B-5.2); Locomotives alone pay any route (B-5.3); a
ferry needs one Locomotive per Locomotive space (EU-2). The player needs at least as many
trains as the route takes (its spaces plus its mountain X, B-5.5, LA-10).

Canonical payment, as listed by ``legal_actions``: for each colour, 0 up to the most
Locomotives that still leave at least one coloured card; then the all-Locomotive payment
once (its ``pay`` is only Locomotives).
"""
from __future__ import annotations

from functools import reduce
from itertools import repeat
from operator import add, getitem, itemgetter, or_, sub
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Sequence

from ..actions import ClaimRoute
from ..board import Board, COLORS, Route
from ..cards import CARD_INDEX, CARD_NAMES, EMPTY, GRAY_INDEX, LOCO, ROUTE_COLOR_INDEX, counts_and_text
from ..events import held_list, route_label
from . import drawing
from .endgame import end_turn

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

_LOCO_NAME = CARD_NAMES[LOCO]


class Tables:
    """Per-board tables of route facts as lists indexed by route position (fast lookups)."""

    def __init__(self, board: Board):
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
        self.by_id = sorted(range(n), key=lambda i: self.rid[i])
        self.maxlen = max(self.rlen) if routes else 0
        self.maxneed = max(self.rneed) if routes else 0
        self.plain = (not any(self.rferry) and not any(self.rmount) and not any(self.rtunnel)
                      and self.maxlen <= 8)
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
        le = [[0] * (self.maxlen + 1) for _ in range(9)]
        for i in range(n):
            for x in range(self.rlen[i], self.maxlen + 1):
                le[self.rcol[i]][x] |= self.pbit[i]
        self.le = le
        """le[c][x]: the mask of the routes of colour c (8 = gray) of length at most x."""
        self._claims: list[list[ClaimRoute | None] | None] = [None] * n
        """claim_row(i), built on first use."""
        self._blocks: list[list[tuple[ClaimRoute, ...]] | None] = [None] * n
        """blocks(i), built on first use."""

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


    def blocks(self, i: int) -> list[tuple[ClaimRoute, ...]]:
        """The base claims of route index ``i`` (a coloured route) for every hand, built once:
        item ``h * (L + 1) + w`` holds :func:`base_claims` for ``h`` cards of the route's
        colour and ``w`` Locomotives (both at most the length L, which is all that matters)."""
        out = self._blocks[i]
        if out is None:
            L = self.rlen[i]
            col = self.rcol[i]
            counts = [0] * 9
            out = []
            for h in range(L + 1):
                for w in range(L + 1):
                    counts[col] = h
                    counts[LOCO] = w
                    out.append(tuple(base_claims(self, i, counts)))
            self._blocks[i] = out
        return out


_TABLES: dict[int, tuple[Board, Tables]] = {}


def tables(board: Board) -> Tables:
    """The (cached) tables of a board."""
    hit = _TABLES.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _TABLES[id(board)] = (board, Tables(board))
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


def base_payments(counts: list[int], length: int, col: int, ferry: int) -> list[tuple[int, int, int]]:
    """Every canonical payment of a route a player can afford with ``counts``:
    (colour index, coloured cards, Locomotives), colour index LOCO for the all-Locomotive one."""
    w = counts[LOCO]
    out = [(c, length - k, k) for c in (range(8) if col == GRAY_INDEX else (col,))
           for k in payment_range(length, counts[c], w, ferry)]
    if w >= length:
        out.append((LOCO, 0, length))
    return out


# -- what a route is worth: the one rule (B-5.9, H-5.6, LA-9) -----------------------------
MOUNTAIN_POINTS_PER_X = 2
"""The default of setting ``mountain_points_per_x`` (LA-9)."""


def crossing_points(x: int, per_x: int = MOUNTAIN_POINTS_PER_X) -> int:
    """Points for ``x`` trains put in the Mountain Crossing at ``per_x`` each (LA-9)."""
    return x * per_x


class Worth(NamedTuple):
    """What a claimed route scores: ``route`` (the route table, B-5.9), ``terrain`` (the table
    value again when doubled with Terrain cards, H-5.6) and ``mountain`` (its X trains in the
    Mountain Crossing, LA-9)."""

    route: int
    terrain: int
    mountain: int

    @property
    def total(self) -> int:
        return self.route + self.terrain + self.mountain


def route_worth(board: Board, route: "Route", doubled: bool = False,
                per_x: int = MOUNTAIN_POINTS_PER_X) -> Worth:
    """What ``route`` scores to the player who claims it (``doubled``: with Terrain cards),
    with ``per_x`` points per mountain X (setting ``mountain_points_per_x``). Play scores a
    claim with it (:func:`points_of` and the mechanics' ``claim_points``), and the
    Scoresheet's route, terrain and mountain lines are its three parts.

    >>> from ttr_nb import load_map
    >>> b = load_map("legendary_asia")
    >>> r = next(r for r in b.routes if r.mountains == 2 and r.length == 2)
    >>> route_worth(b, r), route_worth(b, r, per_x=5).total
    (Worth(route=2, terrain=0, mountain=4), 12)
    """
    pts = board.route_points(route.length)
    return Worth(pts, pts if doubled else 0, crossing_points(route.mountains, per_x))


# -- who may still claim a track: the one rule (B-5.1, B-5.7, B-5.8, TA-20) ----------------
CLAIMED = "claimed"
"""The track itself is claimed (B-5.1): one player's trains per track."""
OWN_DOUBLE = "own double"
"""The side (player or team) holds another track of the same route (B-5.7, TA-20)."""
CLOSED_DOUBLE = "closed double"
"""Another track of the route is claimed and only one is used in this game (B-5.8, TA-20)."""


def doubles_open(players: int, team_size: int, settings: Mapping[str, Any]) -> bool:
    """Whether every track of a double (or triple) route may be used in a game of ``players``
    players in teams of ``team_size`` (1 = no teams) under ``settings`` (the game's policies).

    Players: from ``double_routes_min_players`` players on (4 on the shipped maps, B-5.8).
    Teams (Team Asia, TA-20): with 3 teams always; with 2 only when ``two_team_doubles`` is
    ``'both'`` (the default, ``'one_track'``, uses one track like a 2-3 player game).

    >>> doubles_open(3, 1, {"double_routes_min_players": 4}), doubles_open(4, 2, {})
    (False, False)
    """
    if team_size > 1:
        return players // team_size >= 3 or settings.get("two_team_doubles", "one_track") == "both"
    k = settings.get("double_routes_min_players")
    return players >= (4 if k is None else int(k))


def track_closed(i: int, side: int, owner: Sequence[int], side_of: Sequence[int],
                 twins: Sequence[int], open_doubles: bool) -> tuple[str, int] | None:
    """Why track ``i`` may not be claimed by ``side`` (a player, or a team) now: ``(CLAIMED,
    holder)``, ``(OWN_DOUBLE, holder)`` or ``(CLOSED_DOUBLE, holder)``, ``holder`` being who
    holds the track that closes it; None when it is open.

    ``owner[j]``: who holds track ``j`` (-1: nobody); ``side_of[holder]``: the holder's side;
    ``twins``: the other tracks of track ``i``'s route; ``open_doubles``: :func:`doubles_open`.
    The engine asks this when it refuses a claim (:func:`open_reason`, ``game.why_not``) and
    the Scoresheet when it looks for the gap of a ticket (``scoring``): one rule for both.
    """
    o = owner[i]
    if o >= 0:
        return CLAIMED, o
    for t in twins:
        ot = owner[t]
        if ot < 0:
            continue
        if side_of[ot] == side:
            return OWN_DOUBLE, ot
        if not open_doubles:
            return CLOSED_DOUBLE, ot
    return None


def open_reason(g: "Game", seat: int, i: int) -> str | None:
    """Why route index ``i`` can't be claimed by ``seat`` because of who owns what (None = open):
    claimed already (B-5.1), own other track (B-5.7), or closed double in a 2-3 player game (B-5.8);
    the rule is :func:`track_closed`, worded here."""
    T = g.T
    r = g.board.routes[i]
    closed = track_closed(i, g.side[seat], g.owner, g.side, T.rtwins[i], g.doubles_open)
    if closed is not None:
        why, o = closed
        if why == CLAIMED:
            return f"Route {route_label(g.board, r.id)} is already claimed by {g.names[o]}."
        if why == OWN_DOUBLE:
            if g.variant.team_size > 1:
                return (f"{g.names[seat]}'s team already owns the other track of {r.a}–{r.b}: one team may "
                        f"never claim two tracks of one route (B-5.7, TA-20).")
            return (f"{g.names[seat]} already owns the other track of {r.a}–{r.b}: one player may never "
                    f"claim both tracks of a double route (B-5.7).")
        if g.variant.team_size > 1:
            teams = g.n // g.variant.team_size
            return (f"With {teams} teams only one track of a multiple route is used, and "
                    f"{g.names[o]} has claimed another track of {r.a}–{r.b} (TA-20, setting "
                    f"two_team_doubles).")
        k = g.policies.get("double_routes_min_players", 4)
        return (f"With {g.n} players only one track of a double route is used (both from {k} players "
                f"on), and {g.names[o]} has claimed the other track of {r.a}–{r.b} (B-5.8).")
    for m in g._hooks["open_for"]:
        why = m.open_for(seat, r)
        if why is not NotImplemented and why is not None:
            return why
    return None


def cards_of(g: "Game", seat: int) -> list[int]:
    """The card counts ``seat`` may pay with (the hand, or what a mechanic says)."""
    for m in g._hooks["claim_cards"]:
        c = m.claim_cards(seat)
        if c is not None:
            return c
    return g.hands[seat]


def base_claims(T: Tables, i: int, counts: list[int]) -> list[ClaimRoute]:
    """The base ClaimRoutes of route index ``i`` payable with ``counts`` (as
    :func:`base_payments`), in legal-action order: by colour, then fewer Locomotives first,
    then the all-Locomotive one."""
    L = T.rlen[i]
    f = T.rferry[i]
    col = T.rcol[i]
    w = counts[LOCO]
    row = T._claims[i] or T.claim_row(i)
    step = L + 1
    out: list[ClaimRoute] = []
    for c in (range(8) if col == GRAY_INDEX else (col,)):
        k = payment_range(L, counts[c], w, f)
        if k:  # colour c with k.start..k.stop-1 Locomotives: one slice of the row
            out += row[c * step + k.start:c * step + k.stop]
    if w >= L:
        out.append(row[LOCO * step + L])
    return out


def claim_options(g: "Game", seat: int) -> list[ClaimRoute]:
    """Every legal ClaimRoute of ``seat`` now, sorted as ``legal_actions`` sorts them (by route
    id, then colour, Locomotives, payment, holder part, Terrain cards)."""
    return _claims(g, seat, -1)


def nth_claim(g: "Game", seat: int, k: int) -> ClaimRoute:
    """``claim_options(g, seat)[k]`` without building the others, on a board whose mechanics
    add no claim options; IndexError past the last."""
    if g._hooks["claim_options"]:
        return claim_options(g, seat)[k]
    if k < 0:
        raise IndexError(k)
    return _claims(g, seat, k)


def _claims(g: "Game", seat: int, nth: int) -> Any:
    """:func:`claim_options` (``nth`` -1), or its item ``nth`` (no claim-options hooks)."""
    T = g.T
    counts = cards_of(g, seat)
    trains = g.trains[seat]
    w = counts[LOCO]
    hooks = g._hooks["claim_options"]
    # a mechanic flagged ``claim_options_in_order`` adds nothing to a route without a base
    # payment and keeps the legal order: then such routes are skipped, and nothing is re-sorted
    in_order = True
    for m in hooks:
        in_order = in_order and m.claim_options_in_order
        m.claim_options_start(seat)
    if not in_order:
        return _claim_options_all(g, seat, counts, trains, hooks)
    # only the routes whose colour's cards + Locomotives reach their length (and fit in the
    # trains left) can have a payment (B-5.1 to B-5.3, B-5.5): a mask of them, walked in order
    cand = g.openm[seat] & _reach_mask(T, counts, trains)
    rows, blocks = T.rows, T._blocks
    plain = T.plain
    check = g._hooks["open_for"]
    routes = g.board.routes
    out: list[ClaimRoute] = []
    gray: dict[int, Any] = {}
    while cand:
        low = cand & -cand
        cand ^= low
        i, L, f, need, col = rows[low.bit_length() - 1]
        if not plain and (need > trains or w < f):  # a ferry needs its Locomotives (EU-2)
            continue  # (on a plain board the reach mask already kept the length to the trains)
        if check and open_reason(g, seat, i) is not None:
            continue
        if col != GRAY_INDEX:
            blk = blocks[i] or T.blocks(i)
            h = counts[col]
            base = blk[(h if h < L else L) * (L + 1) + (w if w < L else L)]
            if not base:
                continue
            if not hooks:
                if nth >= 0:
                    if nth < len(base):
                        return base[nth]
                    nth -= len(base)
                    continue
                out += base
                continue
            base = list(base)
        else:  # each colour held gives its payments: slices of the row, the same for every
            # gray route of this length and ferry (B-5.2): worked out once per listing
            got = gray.get(L << 8 | f)
            if got is None:
                key = (L << 8 | f, tuple(map(min, counts, repeat(L, 9))))  # (more than L: as L)
                got = _GRAY_SPECS.get(key)
                if got is None:
                    if len(_GRAY_SPECS) > 200_000:
                        _GRAY_SPECS.clear()
                    got = _GRAY_SPECS[key] = _gray_spec(counts, L, f)
                gray[L << 8 | f] = got
            spec, k = got
            if not k:
                continue
            if nth >= k:  # (looking for the nth: not on this route)
                nth -= k
                continue
            base = spec(T._claims[i] or T.claim_row(i))
            if not hooks:
                if nth >= 0:
                    return base[nth]
                out += base
                continue
            base = list(base)
        for m in hooks:
            base = m.claim_options(seat, routes[i], base)
        out += base
    if nth >= 0:
        raise IndexError("claim index out of range")
    return out


def _reach_mask(T: Tables, counts: list[int], trains: int) -> int:
    """The mask of the routes a hand of ``counts`` may reach: colour c (8 = gray) up to its
    cards + Locomotives (gray: the colour held most), and the trains left."""
    ml = trains if trains < T.maxlen else T.maxlen
    reach = list(map(min, map(add, counts[:8], repeat(counts[LOCO], 8)), repeat(ml, 8)))
    return reduce(or_, map(getitem, T.le, reach), T.le[GRAY_INDEX][max(reach)])


_GRAY_SPECS: dict[tuple, Any] = {}
"""(length << 8 | ferry, the hand with each count at most the length) -> :func:`_gray_spec`
(hands recur: remembered)."""


def _gray_spec(counts: list[int], L: int, f: int) -> Any:
    """For a gray route of length ``L`` with ``f`` ferry Locomotives and a hand of ``counts``:
    (a function from the route's :meth:`Tables.claim_row` to its base claims, as
    :func:`base_claims`, a tuple; their number), (None, 0) when there is none."""
    w = counts[LOCO]
    step = L + 1
    at: list[int] = []
    for c in range(8):
        k = payment_range(L, counts[c], w, f)
        at += range(c * step + k.start, c * step + k.stop)
    if w >= L:
        at.append(LOCO * step + L)
    if not at:
        return None, 0
    if len(at) == 1:
        k = at[0]
        return (lambda row: (row[k],)), 1
    return itemgetter(*at), len(at)


def _claim_options_all(g: "Game", seat: int, counts: list[int], trains: int, hooks: list) -> list[ClaimRoute]:
    """:func:`claim_options` when a mechanic's options are not in order: every route looked
    at, each route's options sorted."""
    T = g.T
    routes = g.board.routes
    check = g._hooks["open_for"]
    isopen = g.openf[seat]
    out: list[ClaimRoute] = []
    for i, L, f, need, _col in T.rows:
        if not isopen[i] or need > trains:
            continue
        if check and open_reason(g, seat, i) is not None:
            continue
        base = base_claims(T, i, counts)
        for m in hooks:
            base = m.claim_options(seat, routes[i], base)
        base.sort(key=ClaimRoute._key)
        out.extend(base)
    return out


def why_not(g: "Game", seat: int, a: ClaimRoute) -> str | None:
    """Why ``seat`` can't make claim ``a`` now (None = legal)."""
    who = g.names[seat]
    T = g.T
    i = T.idx.get(a.route)
    if i is None:
        return f"There is no route {a.route!r} on the {g.board.name} map."
    r = g.board.routes[i]
    why = open_reason(g, seat, i)
    if why:
        return why
    need = T.rneed[i]
    if g.trains[seat] < need:
        what = f"{need} trains" if not r.mountains else f"{need} trains ({r.length} spaces + {r.mountains} mountain X, LA-10)"
        return f"Route {route_label(g.board, r.id)} needs {what} and {who} has only {g.trains[seat]} left (B-5.5)."
    try:
        pay = a.counts()
    except KeyError:
        bad = [k for k, _ in a.pay if k not in CARD_INDEX]
        return (f"{', '.join(map(repr, bad))} is not a train card; pay with {', '.join(COLORS)} or "
                f"Locomotive cards ('locomotive').")
    total = sum(pay)
    L = r.length
    colours = [c for c in range(8) if pay[c]]
    if r.color == "gray":
        if len(colours) > 1 or total != L:
            return (f"Route {r.a}–{r.b} is gray and needs {L} card{'s' * (L != 1)} of one colour (Locomotives are wild); "
                    f"you offered {counts_and_text(pay)} (B-5.2).")
    else:
        if any(c != T.rcol[i] for c in colours) or total != L:
            return (f"Route {r.a}–{r.b} is {r.color} and needs {L} {r.color} card{'s' * (L != 1)} (Locomotives are wild); "
                    f"you offered {counts_and_text(pay)} (B-5.1).")
    f = T.rferry[i]
    if pay[LOCO] < f:
        return (f"Route {r.label()} is a ferry: {f} of its cards must be Locomotives; you offered "
                f"{counts_and_text(pay)} (EU-2, LA-7).")
    for m in g._hooks["claim_why_not"]:
        why = m.claim_why_not(seat, a, r)
        if why:
            return why
    if a.from_holder and "teams" not in g.variant.mechanics:
        return "This game has no team card holder: 'from_holder' must be empty."
    if a.terrain and "terrain" not in g.variant.mechanics:
        return "This game has no Terrain cards: 'terrain' must be empty."
    if not g._hooks["claim_cards"]:
        hand = g.hands[seat]
        short = [c for c in range(9) if pay[c] > hand[c]]
        if short:
            return (f"{who} holds {held_list(hand, short)}; the payment needs {counts_and_text(pay)} "
                    f"(a claim is paid with cards from the hand, B-5.1).")
    return None


def points_of(g: "Game", seat: int, a: ClaimRoute, i: int) -> int:
    """The points a claim scores at once (route table, B-5.9, plus what mechanics add)."""
    pts = g.T.rpts[i]
    route = None
    for m in g._hooks["claim_points"]:
        route = route or g.board.routes[i]
        pts = m.claim_points(seat, a, route, pts)
    return pts


def close_route(g: "Game", seat: int, i: int) -> None:
    """Close route ``i`` (just claimed by ``seat``) for every seat, and its other tracks for
    the same side, or for everyone when doubles are closed (B-5.7, B-5.8); the seats' open
    routes as masks (``game.openm``) and the sampler's counts follow."""
    T = g.T
    fast = g._fast
    openf = g.openf
    openm = g.openm
    pbit = T.pbit
    seats = range(g.n)
    for s in seats:  # the track itself, for everyone (B-5.1)
        f = openf[s]
        if f[i]:
            f[i] = 0
            openm[s] &= ~pbit[i]
            if fast is not None:
                fast.closed(s, i)
    twins = T.rtwins[i]
    if twins:  # its other tracks: for the same side, or for all when doubles are closed
        side = g.side
        me = side[seat]
        closed = not g.doubles_open
        for s in seats:
            if closed or side[s] == me:
                f = openf[s]
                for t in twins:
                    if f[t]:
                        f[t] = 0
                        openm[s] &= ~pbit[t]
                        if fast is not None:
                            fast.closed(s, t)


def claim(g: "Game", seat: int, a: ClaimRoute) -> None:
    """Apply a checked claim: take the cards from where they are held, let a mechanic hold the
    claim (a tunnel reveal), else discard them (B-5.4) and place and score the route. On a
    board without mechanics, a payment as the tables write it goes the way of :func:`fast_claim`."""
    T = g.T
    i = T.idx[a.route]
    if not g.mechanics:
        code = T.pay_code.get(a.pay)
        if code is not None:
            fast_claim(g, seat, i, code[0], code[1], code[2])
            return
    counts = a.counts()
    for m in g._hooks["take_payment"]:
        if m.take_payment(seat, a, counts):
            break
    else:  # (no mechanic took them: from the hand)
        hand = g.hands[seat]
        hand[:] = map(sub, hand, counts)
    route = g.board.routes[i]
    for m in g._hooks["claim_intercept"]:
        if m.claim_intercept(seat, a, route, counts):
            return
    disc = g.discard
    for name, n in a.pay:  # (canonical: colour by colour in board order, as the counts)
        disc += [CARD_INDEX[name]] * n
    complete_claim(g, seat, a, i, counts)


def complete_claim(g: "Game", seat: int, a: ClaimRoute, i: int, counts: list[int]) -> None:
    """Place the trains, score, record the claim, refill the display and end the turn.
    The paid cards are already discarded. (A mechanic that held a claim, like a tunnel,
    discards the cards and calls this through ``game.complete_claim`` when it goes ahead.)"""
    route = g.board.routes[i]
    rec = None
    for m in g._hooks["claim_record"]:
        rec = m.claim_record(seat, a, route) or rec
    place(g, seat, i, counts, points_of(g, seat, a, i),
          [g.T.rid[i], bool(rec[0]) if rec else False, list(rec[1]) if rec else []])
    for m in g._hooks["after_claim"]:
        m.after_claim(seat, a, route)
    d = g.display
    if EMPTY in d or d.count(LOCO) >= 3:  # (else drawing.refill has nothing to do)
        drawing.refill(g)
    end_turn(g)


def place(g: "Game", seat: int, i: int, counts: list[int] | tuple[int, ...], points: int, record: list) -> None:
    """Put ``seat``'s trains on route index ``i`` (B-5.1), score ``points`` (B-5.9), keep the
    claim's ``record`` and close the route (and its other tracks, :func:`close_route`)."""
    g.owner[i] = seat
    g.trains[seat] -= g.T.rlen[i]
    g.points[seat] += points
    g.claims[seat].append(record)
    g.claim_turns[seat].append(g.turn + 1)
    close_route(g, seat, i)
    g.emit("claim", seat, g.T.rid[i], tuple(counts), points)


_PAID = tuple(tuple((c,) * k for k in range(13)) for c in range(9))
"""_PAID[card][k]: k cards of that kind (for the discard pile)."""


def fast_claim(g: "Game", seat: int, i: int, col: int, ncol: int, nloco: int) -> None:
    """The base claim from raw numbers (trusted: replay and the random loop, on a board
    whose mechanics do not touch claims): pay from the hand, discard (B-5.4), :func:`place`,
    refill, end the turn. With a mechanic in the game (mountains...), the claim goes the full
    way of :func:`claim`, hooks included."""
    if g.mechanics:
        claim(g, seat, g.T.claim_row(i)[col * (g.T.rlen[i] + 1) + nloco])
        return
    hand = g.hands[seat]
    disc = g.discard
    counts = [0] * 9
    if ncol:
        hand[col] -= ncol
        counts[col] = ncol
        disc += _PAID[col][ncol] if ncol < 13 else (col,) * ncol
    if nloco:
        hand[LOCO] -= nloco
        counts[LOCO] = nloco
        disc += _PAID[LOCO][nloco] if nloco < 13 else (LOCO,) * nloco
    T = g.T
    place(g, seat, i, counts, T.rpts[i], [T.rid[i], False, []])
    d = g.display
    if EMPTY in d or d.count(LOCO) >= 3:
        drawing.refill(g)
    end_turn(g)
