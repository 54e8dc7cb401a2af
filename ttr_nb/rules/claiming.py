"""Claiming routes (B-5), ferries (EU-2, LA-7), double routes (B-5.7, B-5.8).

Payments are one colour plus Locomotives, as many cards as the route has spaces (B-5.1);
a gray route takes any one colour (B-5.2); Locomotives alone pay any route (B-5.3); a
ferry needs one Locomotive per Locomotive space (EU-2): the rule and the board's tables are
in :mod:`ttr_nb.rules.payments` (re-exported here). The player needs at least as many
trains as the route takes (its spaces plus its mountain X, B-5.5, LA-10).

Canonical payment, as listed by ``legal_actions``: for each colour, 0 up to the most
Locomotives that still leave at least one coloured card; then the all-Locomotive payment
once (its ``pay`` is only Locomotives).
"""
from __future__ import annotations

from itertools import compress
from operator import gt, sub
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple, Sequence

from ..actions import CLAIM_FIELDS, CLAIM_PARTS, ClaimRoute
from ..board import Board, COLORS, Route
from ..cards import CARD_INDEX, EMPTY, GRAY_INDEX, LOCO, counts_and_text
from ..events import held_list, route_label
from . import drawing
from .endgame import end_turn

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

from .payments import (  # noqa: F401 (the payment rule and the tables: re-exported)
    Tables, _reach_mask, base_payments, payable, payment_range, tables)

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
    id, then colour, Locomotives, payment, holder part, Terrain cards): the routes of
    :func:`claim_blocks`, each with its claims."""
    hooks = g._hooks["claim_options"]
    got = claim_blocks(g, seat)
    if got is None:  # a mechanic's claims are not in order: every route, each one sorted
        for m in hooks:
            m.claim_options_start(seat)
        return _claim_options_all(g, seat, cards_of(g, seat), g.trains[seat], hooks)
    T = g.T
    out: list[ClaimRoute] = []
    for i, _n, items in got[1]:
        out += (_route_claims(g, seat, i, items, hooks) if hooks
                else map((T._claims[i] or T.claim_row(i)).__getitem__, items))
    return out


def _base(T: Tables, i: int, items: tuple[int, ...]) -> list[ClaimRoute]:
    """The base claims ``items`` of route index ``i`` (its :meth:`Tables.claim_row`)."""
    return list(map((T._claims[i] or T.claim_row(i)).__getitem__, items))


def _route_claims(g: "Game", seat: int, i: int, items: tuple[int, ...], hooks: list) -> list[ClaimRoute]:
    """The claims of route index ``i`` from its base payments ``items``, as the mechanics
    ``hooks`` expand them (their :meth:`claim_options_start` called already)."""
    base = _base(g.T, i, items)
    route = g.board.routes[i]
    for m in hooks:
        base = m.claim_options(seat, route, base)
    return base


def claim_blocks(g: "Game", seat: int) -> tuple[int, list[tuple[int, int, tuple[int, ...]]]] | None:
    """Unless a mechanic's claims are not in order (``claim_options_in_order``; then None): the
    number of ``seat``'s claims now and, route by route in legal order, ``(route index, its
    number of claims, its base payments' items in Tables.claim_row)``, without building the
    claims (the last mechanic's :meth:`~ttr_nb.rules.mechanic.Mechanic.claim_count`, each kind
    of route once if every mechanic allows: ``claim_count_by_kind``). The mechanics'
    ``claim_options_start`` is called first, so :func:`block_claim` may follow to build one
    claim of a block."""
    hooks = g._hooks["claim_options"]
    by_kind: dict[int, int] | None = {}  # each kind of route counted once (if every mechanic allows)
    for m in hooks:
        if not m.claim_options_in_order:
            return None
        if not m.claim_count_by_kind:
            by_kind = None
    for m in hooks:
        m.claim_options_start(seat)
    counts = cards_of(g, seat)
    T = g.T
    plan, cand = _claimable(g, seat, counts)
    kind = T.kind
    check = g._hooks["open_for"]
    routes = g.board.routes
    first, last = hooks[:-1], (hooks[-1] if hooks else None)
    blocks = []
    total = 0
    while cand:  # the routes open to the seat that its cards pay, in route-id order
        low = cand & -cand
        cand ^= low
        p = low.bit_length() - 1
        k = kind[p]
        got = plan[k] or _pay_spec_of(T, plan, k, counts)
        if not got[0]:
            continue
        i = T.by_id[p]
        if check and open_reason(g, seat, i) is not None:
            continue
        n = got[0]
        if last is not None:  # (the last mechanic counts what the others' claims expand to)
            n = by_kind.get(k) if by_kind is not None else None
            if n is None:
                base = _base(T, i, got[1])
                for m in first:
                    base = m.claim_options(seat, routes[i], base)
                n = last.claim_count(seat, routes[i], base)
                if by_kind is not None:
                    by_kind[k] = n
            if not n:
                continue
        blocks.append((i, n, got[1]))
        total += n
    return total, blocks


def nth_route_claim(g: "Game", seat: int, k: int, count: int, kernels: Sequence[int]) -> ClaimRoute:
    """``claim_options(g, seat)[k]`` of ``count`` claims counted by :func:`claim_total` with
    ``kernels``: the seat's open routes walked in route-id order from the nearer end, each
    with its number of claims read from its colour's kernel and the last one at its slot, up
    to the one that holds claim k, which alone is built (``Mechanic.claim_nth``). IndexError
    past the last."""
    if not 0 <= k < count:
        raise IndexError("claim index out of range")
    T = g.T
    back = 2 * k >= count
    if back:  # (the last claim is k = 0 from the end)
        k = count - 1 - k
    counts = cards_of(g, seat)
    t = g.trains[seat]
    cand = g.openm[seat] & _reach_mask(T, counts)
    if t < T.maxneed:
        cand &= T.fit[t]
    pcol, pshift, fm = T.pcol, T.pshift, T.field_mask
    every = kernels[9]
    if every:  # (the kernel of every route added to each colour's)
        kernels = [v + every for v in kernels]
    while cand:
        if back:
            p = cand.bit_length() - 1
            cand ^= 1 << p
        else:
            low = cand & -cand
            cand ^= low
            p = low.bit_length() - 1
        n = (kernels[pcol[p]] >> pshift[p]) & fm
        if k < n:
            L, f, col = T.kinds[T.kind[p]]
            m = g._hooks["claim_options"][0]  # (the one mechanic that expands claims)
            m.claim_options_start(seat)
            i = T.by_id[p]
            return m.claim_nth(seat, g.board.routes[i], _base(T, i, _pay_spec(counts, L, f, col)[1]),
                               n - 1 - k if back else k)
        k -= n
    raise IndexError("claim index out of range")


def claim_total(g: "Game", seat: int) -> tuple[int, Sequence[int]] | None:
    """(the number of ``seat``'s claims now, the kernels they were counted with), if the one
    mechanic that expands claims gives its claims by route colour and slot
    (:meth:`~ttr_nb.rules.mechanic.Mechanic.claim_kernels`): the seat's open routes of each
    colour, packed by slot (``game.openv``), times that colour's kernel, and all its open
    routes times the last kernel, hold the sum at one field. :func:`nth_route_claim` reads
    one claim with the same kernels. Else None."""
    h = g._hooks
    hooks = h["claim_kernels"]
    expand = h["claim_options"]
    if not hooks or h["open_for"] or len(expand) != 1 or not expand[0].claim_options_in_order:
        return None
    kernels = hooks[0].claim_kernels(seat)
    if kernels is None:
        return None
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9 = kernels
    m0, m1, m2, m3, m4, m5, m6, m7, m8, m9 = g.openv[seat]
    x = 0  # (one line per kernel: a loop costs more)
    if k0:
        x += m0 * k0
    if k1:
        x += m1 * k1
    if k2:
        x += m2 * k2
    if k3:
        x += m3 * k3
    if k4:
        x += m4 * k4
    if k5:
        x += m5 * k5
    if k6:
        x += m6 * k6
    if k7:
        x += m7 * k7
    if k8:
        x += m8 * k8
    if k9:
        x += m9 * k9
    T = g.T
    return (x >> T.shift) & T.field_mask, kernels


def block_claim(g: "Game", seat: int, block: tuple[int, int, tuple[int, ...]], k: int) -> ClaimRoute:
    """The k-th claim of one block of :func:`claim_blocks` (the state unchanged since)."""
    hooks = g._hooks["claim_options"]
    for m in hooks:
        m.claim_options_start(seat)
    return _route_claims(g, seat, block[0], block[2], hooks)[k]


def count_claims(g: "Game", seat: int) -> int:
    """``len(claim_options(g, seat))`` without building them, on a board whose mechanics do not
    change claims (no ``claim_options``, ``claim_cards`` or ``open_for`` hook): for each colour
    held, the seat's open routes of that colour or gray by slot (``game.openv``, packed) times
    what its cards of that colour pay on each slot (``Tables.kernel_table``), plus all its open
    routes times the all-Locomotive payments; each product holds its sum at one field."""
    T = g.T
    t = g.trains[seat]
    h0, h1, h2, h3, h4, h5, h6, h7, w = g.hands[seat]
    R = g.kernels[t if t < T.maxneed else T.maxneed][w]
    m0, m1, m2, m3, m4, m5, m6, m7, gm, ma = g.openv[seat]
    x = ma * R[0]  # (one line per colour: a loop costs a random game 5 % more)
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
    return (x >> T.shift) & T.field_mask


def nth_claim(g: "Game", seat: int, k: int, count: int | None = None) -> ClaimRoute:
    """``claim_options(g, seat)[k]`` without building the others (on a board whose mechanics
    change claims: from the whole list); IndexError past the last. ``count``, the number of
    claims if known, lets the search start from the nearer end: the routes the seat's cards
    reach are walked in route-id order, each with its number of payments."""
    h = g._hooks
    if h["claim_options"] or h["claim_cards"] or h["open_for"]:
        return claim_options(g, seat)[k]
    if k < 0 or count is not None and k >= count:
        raise IndexError("claim index out of range")
    T = g.T
    counts = g.hands[seat]
    plan, cand = _claimable(g, seat, counts)
    kind = T.kind
    back = count is not None and 2 * k >= count
    if back:  # (the last claim is k = 0 from the end)
        k = count - 1 - k  # type: ignore[operator]
    while cand:  # the routes in route-id order (or back), each with its number of payments
        if back:
            p = cand.bit_length() - 1
            cand ^= 1 << p
        else:
            low = cand & -cand
            cand ^= low
            p = low.bit_length() - 1
        got = plan[kind[p]] or _pay_spec_of(T, plan, kind[p], counts)
        n = got[0]
        if k < n:
            i = T.by_id[p]
            return (T._claims[i] or T.claim_row(i))[got[1][n - 1 - k if back else k]]
        k -= n
    raise IndexError("claim index out of range")


def _claimable(g: "Game", seat: int, counts: list[int]) -> tuple[list, int]:
    """The plan of ``seat``'s cards (``counts``: :meth:`Tables.plan`) and the mask of the
    routes open to it that those cards may reach and its trains cover (B-5.5): the only ones
    that may have a payment."""
    T = g.T
    plan = T.plan(counts)
    t = g.trains[seat]
    cand = g.openm[seat] & plan[0]
    return plan, cand if t >= T.maxneed else cand & T.fit[t]


def _pay_spec_of(T: Tables, plan: list, kind: int, counts: list[int]) -> tuple[int, tuple[int, ...]]:
    """``plan[kind]``, worked out now (:func:`_pay_spec`) and kept in the plan."""
    L, f, col = T.kinds[kind]
    got = plan[kind] = _pay_spec(counts, L, f, col)
    return got


def _pay_spec(counts: list[int], L: int, f: int, col: int) -> tuple[int, tuple[int, ...]]:
    """For a route of ``L`` spaces, ``f`` ferry Locomotives and colour index ``col`` (8 =
    gray) and a hand of ``counts``: (how many base claims it has, their items in the route's
    :meth:`Tables.claim_row`), in :func:`base_claims` order."""
    w = counts[LOCO]
    if w > L:
        w = L
    ws = (L + 1) * w
    if col != GRAY_INDEX:  # (one colour: a table by its cards and the Locomotives)
        h = counts[col]
        return (_ONE.get((L, f, col)) or _one(L, f, col))[ws + (h if h < L else L)]
    by_colour = _PAY_AT.get((L, f)) or _pay_at(L, f)
    at: tuple[int, ...] = ()
    for c in range(8):
        h = counts[c]
        if h:  # (no card of the colour: no payment)
            at += by_colour[c][ws + (h if h < L else L)]
    at += by_colour[LOCO][w]
    return len(at), at


_PAY_AT: dict[tuple[int, int], list[list[tuple[int, ...]]]] = {}
"""_pay_at(length, ferry), built once for each."""
_ONE: dict[tuple[int, int, int], list[tuple[int, tuple[int, ...]]]] = {}
"""_one(length, ferry, colour), built once for each."""


def _one(L: int, f: int, col: int) -> list[tuple[int, tuple[int, ...]]]:
    """:func:`_pay_spec` of a route of colour ``col`` (not gray), ``L`` spaces and ``f`` ferry
    Locomotives, by w * (L + 1) + h for w Locomotives and h cards of the colour (both at most L)."""
    by_colour = _PAY_AT.get((L, f)) or _pay_at(L, f)
    step = L + 1
    out = []
    for w in range(step):
        for h in range(step):
            at = by_colour[col][w * step + h] + by_colour[LOCO][w]
            out.append((len(at), at))
    _ONE[L, f, col] = out
    return out


def _pay_at(L: int, f: int) -> list[list[tuple[int, ...]]]:
    """The payment rule (:func:`payment_range`) as a table for a route of ``L`` spaces and
    ``f`` ferry Locomotives: item [c][w * (L + 1) + h] holds the items of
    :meth:`Tables.claim_row` that colour c pays with h cards and w Locomotives (both at most
    L); item [LOCO][w] the all-Locomotive one (w >= L) or nothing."""
    step = L + 1
    out: list[list[tuple[int, ...]]] = []
    for c in range(8):
        out.append([tuple(range(c * step + k.start, c * step + k.stop))
                    for w in range(step) for k in (payment_range(L, h, w, f) for h in range(step))])
    out.append([(LOCO * step + L,) if w >= L else () for w in range(step)])
    _PAY_AT[L, f] = out
    return out


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
    colours = list(compress(range(8), pay))  # (the colours paid, besides Locomotives)
    if r.color == "gray":
        if len(colours) > 1 or total != L:
            return (f"Route {r.a}–{r.b} is gray and needs {L} card{'s' * (L != 1)} of one colour (Locomotives are wild); "
                    f"you offered {counts_and_text(pay)} (B-5.2).")
    else:
        if colours and colours != [T.rcol[i]] or total != L:
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
    for name in CLAIM_FIELDS:  # (the parts of a claim that mechanics read)
        if getattr(a, name) and not any(name in m.claim_fields for m in g.mechanics):
            return f"This game has no {_part_what(name)}: '{name}' must be empty."
    if not g._hooks["claim_cards"]:
        hand = g.hands[seat]
        if any(map(gt, pay, hand)):
            short = [c for c in range(9) if pay[c] > hand[c]]
            return (f"{who} holds {held_list(hand, short)}; the payment needs {counts_and_text(pay)} "
                    f"(a claim is paid with cards from the hand, B-5.1).")
    return None


def _part_what(name: str) -> str:
    """What a game lacks when ClaimRoute field ``name`` is set but none of its mechanics reads
    it, in the words of the mechanic that does (every mechanic imported first, so that their
    :func:`~ttr_nb.actions.register_claim_part` ran)."""
    if name not in CLAIM_PARTS:
        from . import mechanic_classes
        mechanic_classes()
    part = CLAIM_PARTS.get(name)
    return part.what if part else f"mechanic that reads {name!r}"


def points_of(g: "Game", seat: int, a: ClaimRoute, i: int) -> int:
    """The points a claim scores at once (route table, B-5.9, plus what mechanics add)."""
    pts = g.T.rpts[i]
    route = None
    for m in g._hooks["claim_points"]:
        route = route or g.board.routes[i]
        pts = m.claim_points(seat, a, route, pts)
    return pts


def close_route(g: "Game", seat: int, i: int) -> None:
    """Close route ``i`` (just claimed by ``seat``) for every seat (B-5.1), and its other
    tracks for the same side, or for everyone when doubles are closed (B-5.7, B-5.8). Where a
    track closes for a seat, its bit (``game.openm``), its flag (``game.openf``) and its place
    in the seat's packed counts (``game.openv``) follow; seats that share their flags (doubles
    closed) see the track close once."""
    T = g.T
    openf = g.openf
    openm = g.openm
    openv = g.openv
    rcol = T.rcol
    f = openf[0]
    if f is openf[-1]:  # one set of flags for every seat (doubles closed): every track closes
        keep = T.rkeep[i]
        for s in range(len(openm)):
            openm[s] &= keep
        for t in T.rtracks[i]:
            if f[t]:
                f[t] = 0
                b = T.slot_bit[t]
                c = rcol[t]
                for M in openv:
                    M[c] -= b
                    M[9] -= b
        return
    twins = T.rtwins[i]
    closed = not g.doubles_open
    if twins and not closed:
        side = g.side
        me = side[seat]
    for t in T.rtracks[i]:
        everyone = closed or t == i
        keep = ~T.pbit[t]
        s = 0
        for f in openf:
            if everyone or side[s] == me:
                openm[s] &= keep
                if f[t]:
                    f[t] = 0
                    M = openv[s]
                    M[rcol[t]] -= T.slot_bit[t]
                    M[9] -= T.slot_bit[t]
            s += 1


_PAID = tuple(tuple((c,) * k for k in range(13)) for c in range(9))
"""_PAID[card][k]: k cards of that kind (for the discard pile)."""


def claim(g: "Game", seat: int, a: ClaimRoute) -> None:
    """Apply a checked claim: take the cards from where they are held (the hand, or where a
    mechanic says), let a mechanic hold the claim (a tunnel reveal), else discard them (B-5.4)
    and complete it (:func:`complete_claim`)."""
    T = g.T
    i = T.idx[a.route]
    code = T.pay_code.get(a.pay)  # (colour, its cards, Locomotives) of a payment the tables wrote
    if code is None:
        counts = a.counts()
    else:
        col, ncol, nloco = code
        counts = [0] * 9
        counts[col] = ncol
        counts[LOCO] += nloco
    for m in g._hooks["take_payment"]:
        if m.take_payment(seat, a, counts):
            break
    else:  # (no mechanic took them: from the hand)
        hand = g.hands[seat]
        if code is None:
            hand[:] = map(sub, hand, counts)
        else:
            hand[col] -= ncol
            hand[LOCO] -= nloco
    if g._hooks["claim_intercept"]:
        route = g.board.routes[i]
        for m in g._hooks["claim_intercept"]:
            if m.claim_intercept(seat, a, route, counts):
                return
    disc = g.discard
    if code is None:
        for name, n in a.pay:  # (canonical: colour by colour in board order, as the counts)
            disc += [CARD_INDEX[name]] * n
    else:
        if ncol:
            disc += _PAID[col][ncol] if ncol < 13 else (col,) * ncol
        if nloco:
            disc += _PAID[LOCO][nloco] if nloco < 13 else (LOCO,) * nloco
    complete_claim(g, seat, a, i, counts)


def complete_claim(g: "Game", seat: int, a: ClaimRoute, i: int, counts: list[int]) -> None:
    """Place the trains, score, record the claim, refill the display and end the turn.
    The paid cards are already discarded. (A mechanic that held a claim, like a tunnel,
    discards the cards and calls this through ``game.complete_claim`` when it goes ahead.)"""
    route = g.board.routes[i]
    hooks = g._hooks
    rec = None
    for m in hooks["claim_record"]:
        rec = m.claim_record(seat, a, route) or rec
    place(g, seat, i, counts, points_of(g, seat, a, i) if hooks["claim_points"] else g.T.rpts[i],
          [g.T.rid[i], bool(rec[0]) if rec else False, list(rec[1]) if rec else []])
    for m in hooks["after_claim"]:
        m.after_claim(seat, a, route)
    d = g.display
    if EMPTY in d or d.count(LOCO) >= 3:  # (else drawing.refill has nothing to do)
        drawing.refill(g)
    end_turn(g)


def place(g: "Game", seat: int, i: int, counts: list[int] | tuple[int, ...], points: int, record: list) -> None:
    """Put ``seat``'s trains on route index ``i`` (B-5.1), score ``points`` (B-5.9), keep the
    claim's ``record`` and close the route (and its other tracks, :func:`close_route`)."""
    T = g.T
    g.owner[i] = seat
    g.trains[seat] -= T.rlen[i]
    g.points[seat] += points
    g.claims[seat].append(record)
    g.claim_turns[seat].append(g.turn + 1)
    close_route(g, seat, i)
    if g.recording:
        g._raw.append(("claim", seat, T.rid[i], tuple(counts), points))  # (game.emit, inline)
