"""Destination Tickets: the setup deal and choice (B-2.4, B-2.5, LA-4), drawing during the
game (B-6.1, B-6.2), keeping, and returning to the bottom of the deck (or to the box).

Tickets are ints inside the game (positions in ``game.tix``) and ids ('O01') outside.
The ticket deck is a list with its top at the end; "the bottom" is index 0.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Iterable

from ..actions import KeepTickets
from ..cards import rng_for, shuffle

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def deal_setup(g: "Game") -> None:
    """Shuffle each ticket pile and deal every player the variant's setup tickets (B-2.4);
    piles other than the draw pile go back into the box (LA-4)."""
    v = g.variant
    piles: dict[str, list[int]] = {}
    for name, ids in v.piles.items():
        lst = [g.tidx[t] for t in ids]
        shuffle(lst, rng_for(g.seed, "tickets:" + name))
        piles[name] = lst
    for seat in range(g.n):
        got = g.offered[seat]
        for name, k in v.setup_tickets:
            p = piles[name]
            for _ in range(min(k, len(p))):
                got.append(p.pop())
        g.emit("tickets_dealt", seat, tuple(g.tix[t].id for t in got))
    g.tdeck = piles.pop(v.draw_pile)
    for name in sorted(piles):
        g.box.extend(piles[name])
    g.box.sort()


def min_keep(g: "Game") -> int:
    """How many of the offered tickets must be kept now (B-2.4, B-6.1; never more than offered)."""
    n = len(g.offered[g.seat])
    k = g.variant.setup_keep if g.pending == "setup-tickets" else g.variant.draw_keep
    return min(k, n)


_PICKS: dict[tuple[int, int], list[tuple[int, ...]]] = {}


def keep_picks(k: int, lo: int) -> list[tuple[int, ...]]:
    """The ways to keep at least ``lo`` of ``k`` offered tickets (B-2.4, B-6.1), as positions
    in lexicographic order: the order of the KeepTickets of the offered tickets' sorted ids,
    as the actions sort (remembered)."""
    hit = _PICKS.get((k, lo))
    if hit is None:
        hit = _PICKS[(k, lo)] = sorted(c for j in range(lo, k + 1) for c in combinations(range(k), j))
    return hit


def _keeps(g: "Game") -> tuple[list[str], list[tuple[int, ...]]]:
    """The offered tickets' ids, sorted, and the :func:`keep_picks` of them now."""
    tix = g.tix
    ids = sorted([tix[t].id for t in g.offered[g.seat]])
    return ids, keep_picks(len(ids), min_keep(g))


def keep_count(g: "Game") -> int:
    """``len(keep_options(g))``, without building them."""
    return len(keep_picks(len(g.offered[g.seat]), min_keep(g)))


def nth_keep(g: "Game", k: int) -> KeepTickets:
    """``keep_options(g)[k]``, without building the others."""
    ids, picks = _keeps(g)
    return KeepTickets._raw(tuple(map(ids.__getitem__, picks[k])))


def keep_options(g: "Game") -> list[KeepTickets]:
    """Every legal KeepTickets now, sorted."""
    ids, picks = _keeps(g)
    get = ids.__getitem__
    return [KeepTickets._raw(tuple(map(get, c))) for c in picks]


def why_not_keep(g: "Game", seat: int, a: KeepTickets) -> str | None:
    who = g.names[seat]
    offered = {g.tix[t].id: t for t in g.offered[seat]}
    if len(set(a.tickets)) != len(a.tickets):
        return f"A ticket is named twice in {', '.join(a.tickets)}."
    bad = [t for t in a.tickets if t not in offered]
    if bad:
        labels = ", ".join(f"{t} ({g.board.ticket(t).label()})" for t in sorted(offered))
        return f"Ticket {', '.join(bad)} was not offered to {who}; the offered tickets are {labels}."
    lo = min_keep(g)
    if len(a.tickets) < lo:
        rule = "B-2.4" if g.pending == "setup-tickets" else "B-6.1"
        return (f"{who} must keep at least {lo} of the {len(offered)} tickets ({rule}); "
                f"{'you kept ' + str(len(a.tickets)) if a.tickets else 'you kept none'}.")
    return None


def keep(g: "Game", seat: int, ids: Iterable[str]) -> None:
    """Apply a checked KeepTickets: keep these, return the others (bottom of the deck, or the box
    for Legendary Asia's setup, LA-4), then go on with setup or end the turn."""
    want = set(ids)
    tix = g.tix
    kept: list[int] = []
    back: list[int] = []
    for t in g.offered[seat]:
        (kept if tix[t].id in want else back).append(t)
    g.offered[seat] = []
    g.kept[seat].extend(kept)
    setup = g.pending == "setup-tickets"
    where = "box" if setup and g.variant.setup_unkept == "box" else "bottom"
    if back:
        if where == "box":
            g.box.extend(back)
            g.box.sort()
        else:
            g.tdeck[0:0] = back
    hooks = g._hooks["after_keep"]
    if g.recording or hooks:
        kept_ids = tuple([tix[t].id for t in kept])
        if g.recording:
            g.emit("tickets_kept", seat, kept_ids, tuple([tix[t].id for t in back]), where)
        for m in hooks:
            if m.after_keep(seat, kept_ids, setup):
                return
    if setup:
        next_setup_seat(g)
    else:
        g.end_turn()


def next_setup_seat(g: "Game") -> None:
    """The next player chooses setup tickets; after the last one the first turn starts (B-2.5)."""
    if g.seat + 1 < g.n:
        g.seat += 1
        g.pending = "setup-tickets"
    else:
        g.seat = 0
        g.pending = "turn"


def why_not_draw(g: "Game", seat: int) -> str | None:
    if not g.tdeck:
        return "The Destination Ticket deck is empty: no tickets can be drawn (B-6.2)."
    return None


def draw(g: "Game", seat: int) -> None:
    """Draw the top tickets (fewer if the deck is short, B-6.2); the player then keeps some."""
    deck = g.tdeck
    k = min(g.variant.draw_count, len(deck))
    got = [deck.pop() for _ in range(k)]
    g.offered[seat] = got
    g.pending = "keep-tickets"
    if g.recording:
        tix = g.tix
        g.emit("tickets_drawn", seat, tuple([tix[t].id for t in got]))
