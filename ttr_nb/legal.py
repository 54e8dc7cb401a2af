"""The legal actions of one state, as ``game.legal_actions()`` returns them.

:class:`LegalActions` is a read-only sequence in the order actions sort (draws, claims, the
ticket draw, the mechanics' actions: ``Action._key``). Like python-chess's ``legal_moves`` it
counts without building and builds only what is read: on a turn, ``len(legal)`` adds the draws,
the claims (``claiming.count_claims``) and the ticket draw, and ``legal[k]`` builds only the
action at index k (``claiming.nth_claim`` for a claim); iterating, comparing or printing it
builds the whole list (:func:`listing`, the one place that says what is legal). On a board whose
mechanics change claims (Terrain cards, team holders) the mechanic counts them by kernels
(``Mechanic.claim_kernels``, ``claiming.claim_total``; else route by route:
``claiming.claim_blocks``) and ``legal[k]`` builds the claims of one route
(``claiming.nth_route_claim``). A choice of tickets is counted
and built one by one the same way (``tickets.keep_count``, ``tickets.nth_keep``). It
compares equal to a list of the same actions and prints as one; ``list(legal)`` gives a list
to change. A random player is ``legal[int(rng.random() * len(legal))]``.

>>> import ttr_nb
>>> game = ttr_nb.new_game("usa", players=2, seed=7)
>>> legal = game.legal_actions()
>>> len(legal), legal[0] == list(legal)[0]
(4, True)
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, overload

from .actions import Action, ClaimRoute, DrawCard, DrawTickets, Pass
from .cards import LOCO
from .lazy import ListView
from .rules import claiming, drawing, tickets

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

_DRAW_CARD: dict[int, DrawCard] = {c: DrawCard(drawing.source_name(c)) for c in range(drawing.DECK, LOCO + 1)}
"""The DrawCard of each source code, built once (actions are frozen: they are shared)."""
_DRAW_TICKETS = DrawTickets()
_kinds_face_up = drawing.kinds_face_up
_DRAWS: list[list[list[DrawCard] | None]] = [[None] * 512 for _ in range(4)]
"""_DRAWS[2 * (no blind card) + second][kinds face up]: the DrawCard actions, one shared list
(made when first needed)."""
_PASS = [Pass()]
_TICKETS = [_DRAW_TICKETS]
_NONE: list[Action] = []
_CLAIM_RANK = ClaimRoute.rank
_count_claims = claiming.count_claims
_KEEP: list = []
"""``LegalActions._blocks`` at a ticket choice: its middle part is the KeepTickets
(``tickets.keep_count``, ``tickets.nth_keep``)."""


def draws(g: "Game", second: bool) -> list[DrawCard]:
    """The DrawCard actions of ``drawing.sources(g, second)``, one shared list for each
    kinds of card face up, deck and card (first or second)."""
    m = _kinds_face_up(g.display)
    blind = bool(g.deck or g.discard)
    row = _DRAWS[second if blind else 2 + second]
    out = row[m]
    if out is None:
        out = row[m] = [_DRAW_CARD[s] for s in drawing.draw_sources(m, second, blind)]
    return out


def merged(groups: Sequence[list[Action]], more: list[Action]) -> list[Action]:
    """The actions of ``groups`` (each sorted, each of one action type, the groups in the
    order of their types' (rank, kind)) and ``more`` (any actions), in legal-action order
    (``Action._key``): ``more`` is sorted and the groups merged in, as a whole sort would
    order them, but cheaper."""
    if not more:
        return groups[0] if len(groups) == 1 else list(chain.from_iterable(groups))
    more = sorted(more, key=Action._key)
    out: list[Action] = []
    k = 0
    n = len(more)
    for grp in groups:
        if not grp:
            continue
        key = (grp[0].rank, grp[0].kind)
        while k < n and (more[k].rank, more[k].kind) < key:
            out.append(more[k])
            k += 1
        if k < n and (more[k].rank, more[k].kind) == key:  # the group's type is in ``more`` too
            out = [a for grp in groups for a in grp] + more
            out.sort(key=Action._key)
            return out
        out += grp
    out += more[k:]
    return out


def listing(g: "Game", more: list[Action] | None = None) -> list[Action]:
    """Every legal action now, sorted (every payment listed). ``Pass`` appears only when
    nothing else is legal (B-3.4); empty once the game is over. ``more``: the mechanics'
    actions now, if already asked. (Not to be changed: it may be a list shared by many states.)"""
    p = g.pending
    if p == "over":
        return []
    if more is None:
        more = mechanic_actions(g, p)
    # Each core group below comes sorted and holds one action type: only the mechanics' few
    # actions (``more``) are sorted, and the groups are put in at their place (merged)
    if p == "turn":
        out = merged((draws(g, False), claiming.claim_options(g, g.seat),
                      [_DRAW_TICKETS] if g.tdeck else []), more)
        return out or _PASS
    if p == "second-card":
        return merged((draws(g, True),), more)
    if p == "setup-tickets" or p == "keep-tickets":
        return merged((tickets.keep_options(g),), more)
    more.sort(key=Action._key)
    return more


def mechanic_actions(g: "Game", pending: str) -> list[Action]:
    """The mechanics' own legal actions at decision ``pending`` (``Mechanic.actions``), as a
    new list."""
    return list(_mechanic_actions_kept(g._hooks["actions"], pending))


def _mechanic_actions_kept(hooks: list, pending: str) -> Sequence[Action]:
    """The mechanics' actions at ``pending``, as the very sequence a mechanic handed out when
    only one offers any (the mechanics remember theirs: the turn's parts are remembered by it)."""
    if len(hooks) == 1:
        return hooks[0].actions(pending)
    out: Sequence[Action] = ()
    for m in hooks:
        acts = m.actions(pending)
        if acts:
            out = acts if not out else [*out, *acts]
    return out


_SPLITS: dict[int, tuple] = {}
"""id(mechanics' actions) -> :func:`_split` of them: kept while that very object is (the
mechanics hand out remembered tuples)."""
_DRAW_KEY = (DrawCard.rank, DrawCard.kind)


def _split(more: Sequence[Action]) -> tuple:
    """The mechanics' actions ``more`` cut at the card draws and the claims, remembered:
    (``more``, those that sort before the card draws, those between the card draws and the
    claims, (those after the claims, the same with the ticket draw), a mechanic's claim among
    them?, all of them sorted, one of them sorts among the card draws?)."""
    sp = _SPLITS.get(id(more))
    if sp is not None and sp[0] is more:
        return sp
    srt = sorted(more, key=Action._key)
    pre = [a for a in srt if (a.rank, a.kind) < _DRAW_KEY]
    post = [a for a in srt if _DRAW_KEY < (a.rank, a.kind) and a.rank < _CLAIM_RANK]
    hi = [a for a in srt if a.rank > _CLAIM_RANK]
    if len(_SPLITS) >= 4096:
        _SPLITS.clear()
    sp = _SPLITS[id(more)] = (more, pre, post, (hi, merged(([_DRAW_TICKETS],), hi)),
                              any(a.rank == _CLAIM_RANK for a in more), srt,
                              any((a.rank, a.kind) == _DRAW_KEY for a in more))
    return sp


def _head(d: list[Action], sp: tuple) -> list[Action]:
    """The card draws ``d`` and the mechanics' actions (:func:`_split` ``sp``) that sort before
    the claims, in legal order: a new list (joined, not sorted) unless there are none."""
    pre, post = sp[1], sp[2]
    if sp[6]:  # (a mechanic's action sorts among the card draws: merged)
        return merged((d,), [a for a in sp[5] if a.rank < _CLAIM_RANK])
    if pre:
        return pre + d + post
    return d + post if post else d


class LegalActions(ListView):
    """The legal actions of one state of a game (see the module docstring). It belongs to
    that state: once the game moves on, reading what was not read yet raises ValueError.

    On a turn it is three parts in legal order: the head (the draws, and the mechanics'
    actions that sort before claims), the claims (counted and found one by one; on a board
    whose mechanics change claims, route by route) and the tail (the ticket draw and the
    mechanics' actions that sort after claims; or the forced pass). At a choice of tickets
    the middle part is the KeepTickets, counted and built one by one the same way.

    Its fields: ``_all`` the whole list once built (or given); ``_head``, ``_tail`` and their
    sizes; ``_nc`` the size of the middle part, ``_claims`` its list if listed, ``_blocks``
    the claims route by route (``claiming.claim_blocks``), the kernels they were counted
    with (``claiming.claim_total``) or :data:`_KEEP`;
    ``_given`` what ``legal[k]`` handed out last (``game.apply`` knows it is legal)."""

    __slots__ = ("_game", "_version", "_all", "_n", "_head", "_nh", "_claims", "_blocks", "_nc", "_tail",
                 "_given")

    def __init__(self, g: "Game"):
        self._game = g
        self._version = g._version
        self._given: Any = None
        p = g.pending
        if p == "turn":
            if g._plain:  # (no mechanic adds actions or changes claims: the usual case, short)
                self._all = self._claims = self._blocks = None
                h = self._head = draws(g, False)
                t = self._tail = _TICKETS if g.tdeck else _NONE
                nh = self._nh = len(h)
                nc = self._nc = _count_claims(g, g.seat)
                n = self._n = nh + nc + len(t)
                if not n:
                    self._tail = _PASS
                    self._n = 1
                return
            hooks = g._hooks["actions"]
            sp = _split(_mechanic_actions_kept(hooks, p) if hooks else ())
            if sp[4]:  # (a mechanic's own claim: sorted whole)
                a = self._all = listing(g, list(sp[0]))
                self._n = len(a)
                return
            self._all = None
            h = self._head = _head(draws(g, False), sp)
            self._tail = sp[3][1 if g.tdeck else 0]
            got = claiming.claim_total(g, g.seat)
            if got is not None:  # (counted by kernels: the routes are walked when one is read)
                self._claims = None
                nc, self._blocks = got
            else:
                got = claiming.claim_blocks(g, g.seat)
                if got is None:  # (a mechanic's claims are not in order: listed)
                    self._claims = claiming.claim_options(g, g.seat)
                    self._blocks = None
                    nc = len(self._claims)
                else:
                    self._claims = None
                    nc, self._blocks = got
            self._nc = nc
            nh = self._nh = len(h)
            n = self._n = nh + nc + len(self._tail)
            if not n:
                self._tail = _PASS
                self._n = 1
            return
        if p == "second-card":
            d = draws(g, True)
            hooks = g._hooks["actions"]
            more = _mechanic_actions_kept(hooks, p) if hooks else ()
            if not more:
                a = self._all = d
            else:  # (the draws and the mechanics' draws, remembered as the turn's parts are)
                sp = _split(more)
                a = self._all = _head(d, sp) + sp[3][0] if sp[3][0] else _head(d, sp)
        elif (p == "setup-tickets" or p == "keep-tickets") and not (
                g._hooks["actions"] and _mechanic_actions_kept(g._hooks["actions"], p)):
            # (the ticket choices, counted; ``legal[k]`` builds the one read)
            self._all = self._claims = None
            self._blocks = _KEEP
            self._head = self._tail = _NONE
            self._nh = 0
            self._nc = self._n = tickets.keep_count(g)
            return
        else:
            hooks = g._hooks["actions"]
            more = _mechanic_actions_kept(hooks, p) if hooks and p != "over" else None
            if type(more) is tuple and p != "setup-tickets" and p != "keep-tickets":
                # (a mechanic's own decision, its actions a tuple it remembers: sorted once)
                a = self._all = _split(more)[5]
            else:
                a = self._all = listing(g, None if more is None else list(more))
        self._n = len(a)

    def _game_now(self) -> "Game":
        g = self._game
        if g._version != self._version:
            raise ValueError("these legal actions are of an earlier state of the game: "
                             "call game.legal_actions() again")
        return g

    def _list(self) -> list[Action]:
        if self._all is None:
            g = self._game_now()
            claims = (self._claims if self._claims is not None else tickets.keep_options(g)
                      if self._blocks is _KEEP else claiming.claim_options(g, g.seat))
            self._all = self._head + claims + self._tail
        return self._all

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, k: int) -> Action: ...
    @overload
    def __getitem__(self, k: slice) -> list[Action]: ...
    def __getitem__(self, k: Any) -> Any:
        if self._all is not None:
            a = self._given = self._all[k]
            return a
        if type(k) is not int:
            if isinstance(k, slice):
                return self._list()[k]
            k = k.__index__()
        if k < 0:
            k += self._n
            if k < 0:
                raise IndexError("legal action index out of range")
        if k < self._nh:
            a = self._given = self._head[k]
            return a
        k -= self._nh
        if k < self._nc:
            if self._claims is not None:
                a = self._given = self._claims[k]
                return a
            g = self._game_now()
            blocks = self._blocks
            if blocks is not None:
                if blocks is _KEEP:
                    a = self._given = tickets.nth_keep(g, k)
                    return a
                if type(blocks[0]) is int:  # (counted by kernels: the routes walked up to claim k)
                    a = self._given = claiming.nth_route_claim(g, g.seat, k, self._nc, blocks)
                    return a
                for b in blocks:
                    if k < b[1]:
                        a = self._given = claiming.block_claim(g, g.seat, b, k)
                        return a
                    k -= b[1]
            a = self._given = claiming.nth_claim(g, g.seat, k, self._nc)
            return a
        a = self._given = self._tail[k - self._nc]  # (IndexError past the end)
        return a

    def holds(self, a: Any) -> bool:
        """Is ``a`` one of the very objects read from this listing (so legal now)?"""
        return a is self._given or self._all is not None and id(a) in map(id, self._all)

    def __bool__(self) -> bool:
        return self._n > 0

    def __repr__(self) -> str:
        return repr(self._list())
