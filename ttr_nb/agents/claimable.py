"""Which routes a seat can claim now and with which payments, read from its card counts
(as ``claiming.claim_options`` lists them), for the greedy players."""
from __future__ import annotations

from typing import Any

from ..actions import ClaimRoute
from ..cards import LOCO
from ..game import Game
from ..rules import claiming
from .mechanics import _spare
from .planner import _net


def _longest(game: Game, seat: int, counts: list[int], rows: list[tuple[int, int, int, int, int]],
             more: Any = None) -> int | None:
    """``_Claimable.longest`` of the wanted routes' ``rows`` longest first (see
    ``GreedyAgent._info``: so the first it can claim), paying with ``counts``; ``more``: the
    board's further checks of a route index (``_Claimable.more``), if any. Whether the cards
    pay a route is the engine's rule (``claiming.payable``)."""
    trains = game.trains[seat]
    isopen = game.openf[seat]
    reach = max(counts[:8]) + counts[LOCO]  # (no longer route is payable: a quick bound)
    payable = claiming.payable
    for i, L, need, ferry, c in rows:
        if L > reach or not isopen[i] or need > trains or not payable(L, ferry, c, counts):
            continue
        if more is None or more(i):
            return i
    return None


class _Claimable:
    """Which routes ``seat`` can claim now, from the card counts it may pay with, as
    ``claiming.claim_options`` lists them (open to it, trains enough, a payment of the
    route's colour or gray + Locomotives, a ferry's Locomotives; a tunnel only with a card
    to spare, :func:`_tunnel_ok`), and the payments of one route (:meth:`claims`)."""

    __slots__ = ("game", "seat", "T", "counts", "more")

    def __init__(self, game: Game, seat: int):
        self.game = game
        self.seat = seat
        self.T = game.T
        self.counts = claiming.cards_of(game, seat) if game._hooks["claim_cards"] else game.hands[seat]
        self.more = self._more if game._hooks["open_for"] or _net(game).tunnels else None
        """The checks a route passing the card counts still needs (:meth:`_more`); None on a
        board with none."""

    def longest(self, ids: list[int] | None) -> int | None:
        """The index of the first longest claimable route of ``ids`` (route ids), or of the
        whole board (``None``: the longest, then the lowest id); None if there is none."""
        g = self.game
        T = self.T
        counts = self.counts
        w = counts[LOCO]
        top = max(counts[:8])
        trains = g.trains[self.seat]
        isopen = g.openf[self.seat]
        rneed, rlen, rferry, rcol = T.rneed, T.rlen, T.rferry, T.rcol
        net = _net(g)
        more = self.more
        if ids is None:  # (no route longer than the cards of one colour + Locomotives, or the trains)
            top_len = min(top + w, trains, len(net.from_length) - 1)
            order: Any = net.by_length[net.from_length[top_len]:] if top_len >= 0 else ()
        else:
            idx = T.idx
            order = [idx[r] for r in ids]
        best = None
        bl = 0
        payable = claiming.payable
        for i in order:
            L = rlen[i]
            if L <= bl or not isopen[i] or rneed[i] > trains or not payable(L, rferry[i], rcol[i], counts):
                continue
            if more is not None and not more(i):
                continue
            if ids is None:
                return i  # (longest first)
            best, bl = i, L
        return best

    def _more(self, i: int) -> bool:
        """The checks of boards with more rules: a mechanic's ``open_for``, tunnels."""
        g = self.game
        if g._hooks["open_for"] and claiming.open_reason(g, self.seat, i) is not None:
            return False
        if self.T.rtunnel[i]:
            return bool(self.claims(i))
        return True

    def claims(self, i: int) -> list[ClaimRoute]:
        """The legal claims of route index ``i`` (a tunnel's: those leaving a card to spare),
        as ``game.legal_actions()`` lists them. (A tunnel's base payments are sorted out
        before the mechanics expand them: every option of a payment pays the same cards.)"""
        g = self.game
        out = claiming.base_claims(self.T, i, self.counts)
        if self.T.rtunnel[i]:
            have = self.counts
            out = [a for a in out if _spare(have, a)]
        hooks = g._hooks["claim_options"]
        if hooks and out:
            route = g.board.routes[i]
            for m in hooks:
                m.claim_options_start(self.seat)
            for m in hooks:
                out = m.claim_options(self.seat, route, out)
        return out
