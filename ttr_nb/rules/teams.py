"""Team Asia teams and their two holders (TA-1 to TA-16, TA-20 to TA-24; the rules text first).

Teams of two sit next to each other and play one after the other: seats (0, 1), (2, 3),
(4, 5) (TA-1). Each player places only their own 27 trains (TA-2); the team scores as one
(TA-3: one Scorer per team, the routes of both partners and every ticket of the team).

Each team has two **holders** (TA-4), kept in ``game.ext['teams']``:

- the **card holder** (9 counts). Drawing two train cards puts one in the player's hand and
  the other in the holder: after the first card is seen the player decides where it goes
  (:class:`PlaceCard`, decision ``'place-card'``) and the second card goes to the other place
  (TA-8). A face-up Locomotive, the whole draw, goes to the holder (TA-9). A claim may pay
  with any mix of the hand and the holder, never the partner's hand (TA-10):
  ``ClaimRoute.from_holder`` is the part taken from the holder.
- the **ticket holder**. At setup each player keeps at least 3 of 5 tickets, then every
  player puts 1 kept ticket in the holder (:class:`ShareTickets`, decision ``'share-setup'``);
  the choices are hidden until every player chose, then all go in at once (TA-11). After a
  mid-game draw (4, keep at least 1) one newly kept ticket goes in (decision ``'share-kept'``;
  automatic when only one was kept, TA-12, TA-13). A whole turn may be spent putting 1 up to
  ``share_tickets_max`` (2) tickets from the hand into the holder (TA-14).

Who sees what (TA-5, TA-6): a seat sees its own hand and hand tickets and its team's holders
(policy ``holders_visible_to``: 'team' or 'all'); never the partner's hand.

Double and triple routes (TA-20): a team never holds two tracks of one multi-route
(``game.side`` is the team); with 2 teams policy ``two_team_doubles`` says whether the other
tracks stay open. The end (TA-21): when a team's two reserves together hold
``end_trigger_trains`` (4) trains or fewer at the end of a turn, everyone plays one last turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from operator import sub
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from ..actions import Action, ClaimRoute, _actor, claim_variants, register_action, register_claim_part
from ..cards import CARD_INDEX, CARD_NAMES, LOCO, card_word, counts_text
from ..events import card_label, held_list, register_event
from ..errors import shown
from . import claiming, drawing
from .mechanic import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Route
    from ..game import Game

HAND, HOLDER = "hand", "holder"


# -- actions --------------------------------------------------------------------------------
@register_action
@dataclass(frozen=True)
class PlaceCard(Action):
    """Team Asia: put the first drawn train card in the hand or the team holder (``to`` =
    'hand' or 'holder'); the second card of the draw goes to the other place (TA-8)."""

    to: str = field(metadata={"allowed": "'hand' or 'holder'"})
    kind: ClassVar[str] = "place"
    rank: ClassVar[int] = 15

    def text(self, game: "Game | None" = None) -> str:
        verb, where = ("keep", "in hand") if self.to == HAND else ("put", "in the team holder")
        if game is None:
            return f"{verb} the first card {where}"
        st = game.ext.get("teams", {})
        card = (st.get("placing") or [None])[0]
        what = f" ({card_label(card)})" if card is not None else ""
        return f"{_actor(game)} {verb}s the first card{what} {where}"


@register_action
@dataclass(frozen=True)
class ShareTickets(Action):
    """Team Asia: put these tickets (ids) from the hand into the team's ticket holder: 1 at
    setup (TA-11), 1 newly kept after a draw (TA-12), or a whole turn of 1 up to
    ``share_tickets_max`` (TA-14)."""

    tickets: tuple[str, ...] = field(default=(), metadata={"json": "list", "omit_default": False,
                                                           "allowed": "ticket id"})
    kind: ClassVar[str] = "share"
    rank: ClassVar[int] = 35

    def sort_key(self) -> tuple:
        return (len(self.tickets), self.tickets)

    def text(self, game: "Game | None" = None) -> str:
        if game is None:
            return "share " + (", ".join(self.tickets) or "nothing")
        labels = []
        for t in self.tickets:
            try:
                labels.append(game.board.ticket(t).label())
            except KeyError:
                labels.append(t)
        if game.pending == "share-setup":
            return f"{_actor(game)} chooses {', '.join(labels)} to share with the team"
        return f"{_actor(game)} puts {', '.join(labels) or 'no ticket'} into the team's ticket holder"


_PLACE = (PlaceCard(HAND), PlaceCard(HOLDER))
"""The two PlaceCard actions, built once (actions are frozen: legal_actions re-uses them)."""


def _holder_text(pairs: tuple[tuple[str, int], ...]) -> str:
    """The words of ``ClaimRoute.from_holder`` after the payment (TA-10): ' (2 red from the
    team holder)'."""
    held = " + ".join(card_word(CARD_INDEX[k], n) if k in CARD_INDEX else f"{n} {k}" for k, n in pairs)
    return f" ({held} from the team holder)"


register_claim_part("from_holder", "team card holder", _holder_text)
_SHARES: dict[tuple[str, ...], ShareTickets] = {}


def _share_action(ids: tuple[str, ...]) -> ShareTickets:
    """``ShareTickets(ids)``, one shared object per ids tuple (built once)."""
    a = _SHARES.get(ids)
    if a is None:
        a = _SHARES[ids] = ShareTickets(ids)
    return a


# -- holders: small helpers other modules use (tunnels) ------------------------------------
def team_of(g: "Game", seat: int) -> int:
    return seat // 2


def holders_public(g: "Game") -> bool:
    """Does every player see every team's holders (setting ``holders_visible_to='all'``,
    TA-6)? Otherwise a team's holders are seen by its own players only (TA-5)."""
    return g.policies.get("holders_visible_to") == "all"


def team_seats(g: "Game", team: int) -> tuple[int, ...]:
    return tuple(s for s in range(g.n) if s // 2 == team)


def team_name(g: "Game", team: int) -> str:
    return " & ".join(g.names[s] for s in team_seats(g, team))


def holder_of(g: "Game", seat: int) -> list[int] | None:
    """The card holder (9 counts, mutable) of ``seat``'s team; None in a game without teams."""
    st = g.ext.get("teams")
    if st is None:
        return None
    return st["cards"][team_of(g, seat)]


def take_cards(g: "Game", seat: int, counts: list[int], from_holder: list[int]) -> None:
    """Take ``counts`` out of ``seat``'s hand and team holder, ``from_holder`` of them from the
    holder (the caller checked they are there, and puts them on the table or the discards)."""
    hand = g.hands[seat]
    if any(from_holder):
        hold = holder_of(g, seat)
        hand[:] = map(sub, hand, map(sub, counts, from_holder))
        hold[:] = map(sub, hold, from_holder)  # type: ignore[index]
    else:
        hand[:] = map(sub, hand, counts)


def split_counts(pairs: tuple[tuple[str, int], ...]) -> list[int]:
    out = [0] * 9
    for name, n in pairs:
        out[CARD_INDEX[name]] += n
    return out


def _parts(a: ClaimRoute, opts: tuple[list[int], list[int], dict]) -> list[tuple[tuple[str, int], ...]]:
    """The holder parts of every split of base claim ``a`` (:func:`splits`), sorted (the legal
    order), for ``opts`` (hand, holder, memo by payment) of one listing."""
    hand, hold, memo = opts
    fhs = memo.get(a.pay)
    if fhs is None:
        fhs = memo[a.pay] = sorted(splits(a.counts(), hand, hold))
    return fhs


def holder_range(n: int, in_hand: int, in_holder: int) -> range:
    """How many of ``n`` cards of one kind may come from the team holder, when the hand holds
    ``in_hand`` and the holder ``in_holder`` of them (TA-10: the rest comes from the hand)."""
    return range(n - in_hand if n > in_hand else 0, (in_holder if in_holder < n else n) + 1)


def splits(counts: list[int], hand: list[int], hold: list[int]) -> list[tuple[tuple[str, int], ...]]:
    """Every way to take ``counts`` from a hand and a holder: the holder parts (canonical pairs)."""
    out: list[tuple[tuple[str, int], ...]] = [()]
    for c in range(9):
        n = counts[c]
        if n:
            name = CARD_NAMES[c]
            # every part so far, with each number of this card from the holder (0: none)
            out = [p + ((name, k),) if k else p for p in out for k in holder_range(n, hand[c], hold[c])]
    return out


def count_splits(pay: tuple[tuple[str, int], ...], hand: list[int], hold: list[int]) -> int:
    """``len(splits(...))`` of a payment given as card name -> count pairs, without building them."""
    n = 1
    for name, k in pay:
        c = CARD_INDEX[name]
        n *= len(holder_range(k, hand[c], hold[c]))
    return n


_KERNELS: dict[tuple, dict[int, int]] = {}
"""_split_kernel's packed counts: by (tables, trains, Locomotives in hand and in holder), then by
the colour's cards in hand and in holder, ``hc << 20 | oc`` (-1: the all-Locomotive payment)."""


def _split_kernel(T: "claiming.Tables", t: int, hc: int, oc: int, hw: int, ow: int) -> int:
    """Claims on each slot of routes taking at most ``t`` trains (packed, :meth:`Tables.pack`):
    the payments of one colour held ``hc`` in hand and ``oc`` in the holder with ``hw``/``ow``
    Locomotives (:func:`claiming.payment_range`), each as many times as it splits between hand
    and holder (``hc`` = -1: the all-Locomotive payment). Remembered in :data:`_KERNELS`."""
    memo = _KERNELS.get((T, t, hw, ow))
    if memo is None:
        if len(_KERNELS) > 10_000:
            _KERNELS.clear()
        memo = _KERNELS[(T, t, hw, ow)] = {}
    key = hc << 20 | oc if hc >= 0 else -1
    got = memo.get(key)
    if got is None:
        if hc < 0:
            def per_route(L: int, f: int) -> int:
                return len(holder_range(L, hw, ow)) if hw + ow >= L else 0
        else:
            def per_route(L: int, f: int) -> int:
                return sum(len(holder_range(L - k, hc, oc)) * len(holder_range(k, hw, ow))
                           for k in claiming.payment_range(L, hc + oc, hw + ow, f))
        got = memo[key] = T.pack(t, per_route)
    return got


def why_not_split(g: "Game", seat: int, counts: list[int], from_holder: tuple[tuple[str, int], ...],
                  what: str) -> str | None:
    """Why ``seat`` can't pay ``counts`` with ``from_holder`` taken from the team holder."""
    who = g.names[seat]
    try:
        fh = split_counts(from_holder)
    except KeyError:
        bad = [k for k, _ in from_holder if k not in CARD_INDEX]
        return f"{', '.join(map(repr, bad))} is not a train card (from_holder)."
    over = [c for c in range(9) if fh[c] > counts[c]]
    if over:
        return (f"'from_holder' ({counts_text(fh)}) must be part of the payment ({counts_text(counts)}): "
                f"it names more {', '.join(card_label(c) for c in over)} than {what} uses.")
    hold = holder_of(g, seat)
    if hold is None:
        if any(fh):
            return "This game has no team card holder: 'from_holder' must be empty."
        hold = [0] * 9
    short = [c for c in range(9) if fh[c] > hold[c]]
    if short:
        return (f"The team holder of {team_name(g, team_of(g, seat))} has {held_list(hold, short)}; "
                f"{what} takes {counts_text([fh[c] if c in short else 0 for c in range(9)])} from it (TA-10).")
    hand = g.hands[seat]
    short = [c for c in range(9) if counts[c] - fh[c] > hand[c]]
    if short:
        need = counts_text([counts[c] - fh[c] if c in short else 0 for c in range(9)])
        return (f"{who} holds {held_list(hand, short)} in hand; {what} takes {need} from the hand (a "
                f"partner's hand can never be used, TA-10).")
    return None


# -- the mechanic ---------------------------------------------------------------------------
_SHARE_TURNS: dict[tuple[int, Any], tuple[tuple, dict[tuple, tuple[ShareTickets, ...]]]] = {}
"""(id of a game's tickets, share_tickets_max) -> (those tickets, the share-tickets turns by
hand tickets) (:meth:`Teams.actions`)."""


class Teams(Mechanic):
    """Team Asia: teams, the card holder and the ticket holder (see the module docstring)."""

    name = "teams"
    action_types = (PlaceCard, ShareTickets)
    claim_fields = ("from_holder",)
    pending_kinds = ("place-card", "share-setup", "share-kept")

    def __init__(self, game: "Game"):
        super().__init__(game)
        self._options: tuple[list[int], list[int], dict] | None = None
        """What :meth:`claim_options_start` prepared for :meth:`claim_options`."""
        self._share_memo()

    def _share_memo(self) -> None:
        g = self.game
        mx = self._share_max = g.policies["share_tickets_max"]
        hit = _SHARE_TURNS.get((id(g.tix), mx))
        if hit is None or hit[0] is not g.tix:
            hit = _SHARE_TURNS[(id(g.tix), mx)] = (g.tix, {})
        self._share_turn: dict[tuple, tuple[ShareTickets, ...]] = hit[1]
        """Share-tickets turns by the hand tickets, shared by the games of the same tickets
        and ``share_tickets_max``."""

    def init(self) -> None:
        g = self.game
        teams = g.n // 2
        g.side = [team_of(g, s) for s in range(g.n)]
        g.doubles_open = claiming.doubles_open(g.n, 2, g.policies)  # TA-20
        g.ext[self.name] = {
            "cards": [[0] * 9 for _ in range(teams)],
            "tickets": [[] for _ in range(teams)],
            "placing": None,     # [card, face_up 0/1]: the first card, waiting for PlaceCard
            "second_to": None,   # where the second card of this draw goes
            "setup_share": [-1] * g.n,  # the ticket each seat chose at setup (hidden until all chose)
            "new": [],           # tickets just kept, one of which goes into the holder
        }

    # -- actions ----------------------------------------------------------------------------
    def actions(self, kind: str) -> Sequence[Action]:
        """Placing the first card (TA-8), the ticket to share at setup (TA-11) or after a
        draw (TA-12), the share-tickets turns (TA-14: every 1 up to ``share_tickets_max`` of
        the hand tickets, remembered for each hand)."""
        g = self.game
        if kind == "turn":
            if g.policies["share_tickets_max"] != self._share_max:  # (the setting was changed)
                self._share_memo()
            key = tuple(g.kept[g.seat])
            acts = self._share_turn.get(key)
            if acts is None:  # (memo: the hand tickets change only now and then)
                ids = sorted(g.tix[t].id for t in key)
                hi = min(self._share_max, len(ids))
                acts = tuple(_share_action(c) for k in range(1, hi + 1) for c in combinations(ids, k))
                if len(self._share_turn) >= 4096:
                    self._share_turn.clear()
                self._share_turn[key] = acts
            return acts
        if kind == "place-card":
            return _PLACE
        if kind == "share-setup":
            return [_share_action((g.tix[t].id,)) for t in g.kept[g.seat]]
        if kind == "share-kept":
            return [_share_action((g.tix[t].id,)) for t in g.ext["teams"]["new"]]
        return ()

    def why_not(self, action: Action) -> str | None:
        g = self.game
        p = g.pending
        who = g.names[g.seat] if p != "over" else ""
        if p == "over":
            return "The game is over: no more actions (see game.score())."
        if isinstance(action, PlaceCard):
            if p != "place-card":
                return (f"There is no drawn card to place now; {who} places the first card of a draw "
                        f"right after seeing it (TA-8)." + _busy_tail(g))
            if action.to not in (HAND, HOLDER):
                return f"The first card goes to 'hand' or 'holder' (the team holder), not {action.to!r} (TA-8)."
            return None
        # ShareTickets
        ids = action.tickets
        if len(set(ids)) != len(ids):
            return f"A ticket is named twice in {', '.join(ids)}."
        if p == "share-setup" or p == "share-kept":
            pool = g.kept[g.seat] if p == "share-setup" else self.state["new"]
            names = sorted(g.tix[t].id for t in pool)
            rule = "TA-11" if p == "share-setup" else "TA-12"
            what = "one of the tickets kept" if p == "share-setup" else "one of the tickets just kept"
            if len(ids) != 1:
                return (f"{who} puts exactly 1 ticket into the team's ticket holder now: {what} "
                        f"({_labels(g, names)}; {rule}).")
            if ids[0] not in names:
                return (f"{_labels(g, ids[:1])} is not {what} by {who}; choose one of "
                        f"{_labels(g, names)} ({rule}).")
            return None
        if p != "turn":
            return (f"{who} can't share tickets now: sharing tickets is a whole turn (TA-14)."
                    + _busy_tail(g))
        hand = {g.tix[t].id for t in g.kept[g.seat]}
        mx = g.policies["share_tickets_max"]
        if not 1 <= len(ids) <= mx:
            return (f"A share-tickets turn puts 1 up to {mx} tickets from the hand into the team's "
                    f"ticket holder, not {len(ids)} (TA-14, setting share_tickets_max).")
        bad = [t for t in ids if t not in hand]
        if bad:
            held = _labels(g, sorted(hand)) or "none"
            unknown = [t for t in bad if t not in g.board._ticket_by_id]
            if unknown:
                return (f"{'; '.join(shown(t) for t in unknown)} "
                        f"{'is not a ticket' if len(unknown) == 1 else 'are not tickets'} of "
                        f"{g.board.name}: name each ticket by its id, one id per item (hand "
                        f"tickets: {held}; TA-14).")
            named = _labels(g, bad)
            return (f"{named} {'is' if len(bad) == 1 else 'are'} not in {who}'s hand (hand "
                    f"tickets: {held}; TA-14).")
        return None

    def apply(self, action: Action) -> None:
        g = self.game
        st = g.ext["teams"]
        seat = g.seat
        if isinstance(action, PlaceCard):
            card, face_up = st["placing"]
            st["placing"] = None
            if action.to == HAND:
                g.hands[seat][card] += 1
                st["second_to"] = HOLDER
            else:
                st["cards"][seat // 2][card] += 1  # team_of
                st["second_to"] = HAND
            if g.recording:
                g.emit("place_first", seat, card, action.to, face_up)
            g.pending = "turn"
            drawing.begin_second(g)
            if g.pending != "second-card":
                st["second_to"] = None
            return
        ids = action.tickets
        p = g.pending
        if p == "share-setup":
            t = g.tidx[ids[0]]
            st["setup_share"][seat] = t
            g.emit("share_choice", seat, ids[0])
            if seat + 1 < g.n:
                g.seat += 1
                return
            for s in range(g.n):  # every choice is revealed at once (TA-11)
                t = st["setup_share"][s]
                g.kept[s].remove(t)
                st["tickets"][team_of(g, s)].append(t)
            for team in range(g.n // 2):
                a, b = team_seats(g, team)
                g.emit("holder_setup", a, g.tix[st["setup_share"][a]].id, g.tix[st["setup_share"][b]].id)
            st["setup_share"] = [-1] * g.n
            g.seat = 0
            g.pending = "turn"
            return
        if p == "share-kept":
            t = g.tidx[ids[0]]
            st["new"] = []
            self._share(seat, [t], "kept")
            g.end_turn()
            return
        self._share(seat, [g.tidx[i] for i in ids], "turn")
        g.end_turn()

    def _share(self, seat: int, ts: list[int], why: str) -> None:
        g = self.game
        hold = self.state["tickets"][team_of(g, seat)]
        for t in ts:
            g.kept[seat].remove(t)
            hold.append(t)
        if g.recording:
            g.emit("share", seat, tuple(g.tix[t].id for t in ts), why)

    def pending_reason(self, kind: str) -> str | None:
        g = self.game
        st = self.state
        who = g.names[g.seat]
        if kind == "place-card" and st["placing"] is not None:
            card = card_label(st["placing"][0])
            return (f"{who} must first choose where the first card ({card}) goes: {who}'s hand or the "
                    f"team holder; the second card of the draw goes to the other place (TA-8).")
        if kind == "share-setup":
            labels = ", ".join(g.tix[t].label() for t in g.kept[g.seat])
            return (f"{who} must first choose which kept ticket goes into the team's ticket holder "
                    f"(exactly 1 of {labels}; TA-11).")
        if kind == "share-kept":
            labels = ", ".join(g.tix[t].label() for t in st["new"])
            return (f"{who} must first choose which of the tickets just kept goes into the team's "
                    f"ticket holder (1 of {labels}; TA-12).")
        return None

    # -- claiming (TA-10) -------------------------------------------------------------------
    def claim_cards(self, seat: int) -> list[int]:
        """The hand and the team holder together (TA-10)."""
        g = self.game
        h0, h1, h2, h3, h4, h5, h6, h7, h8 = g.hands[seat]
        k0, k1, k2, k3, k4, k5, k6, k7, k8 = g.ext["teams"]["cards"][seat // 2]  # team_of
        return [h0 + k0, h1 + k1, h2 + k2, h3 + k3, h4 + k4, h5 + k5, h6 + k6, h7 + k7, h8 + k8]

    claim_options_in_order = True
    claim_count_by_kind = True  # (a route's claims depend on its base payments only)

    def claim_options_start(self, seat: int) -> None:
        hold = self.state["cards"][seat // 2]  # team_of
        # (hand, holder, pay -> its sorted holder parts): the splits of a payment depend on
        # these cards only, and claim_options runs for many routes with the same payments
        self._options = (self.game.hands[seat], hold, {}) if any(hold) else None

    def claim_options(self, seat: int, route: "Route", base: list[ClaimRoute]) -> list[ClaimRoute]:
        """Each base payment as every hand/holder split of it (TA-10), in legal-action order."""
        opts = self._options
        if opts is None:  # an empty holder: everything comes from the hand
            return base
        out = []
        for a in base:
            out += map(claim_variants(a, "from_holder").__getitem__, _parts(a, opts))
        return out

    def claim_count(self, seat: int, route: "Route", base: list[ClaimRoute]) -> int:
        """How many claims :meth:`claim_options` makes of ``base`` (every split of each
        payment), without building them."""
        opts = self._options
        if opts is None:
            return len(base)
        hand, hold, _memo = opts
        return sum(count_splits(a.pay, hand, hold) for a in base)

    def claim_nth(self, seat: int, route: "Route", base: list[ClaimRoute], k: int) -> ClaimRoute:
        """``claim_options(seat, route, base)[k]`` (0 <= k), building the splits of one payment."""
        opts = self._options
        if opts is None:
            return base[k]
        hand, hold, _memo = opts
        for a in base:
            n = count_splits(a.pay, hand, hold)
            if k < n:
                return claim_variants(a, "from_holder")[_parts(a, opts)[k]]
            k -= n
        raise IndexError("claim index out of range")

    @classmethod
    def claim_spread(cls, board: "Board") -> int:
        """Splits of one payment of n cards: at most ((n + 2) // 2) ** 2 (one colour and the
        Locomotives, each split between hand and holder)."""
        return max((((r.length + 2) // 2) ** 2 for r in board.routes), default=1)

    def claim_kernels(self, seat: int) -> list[int]:
        """By route colour, the payments the hand and the holder make on each slot of routes
        (as ``claiming.count_claims`` counts payments), each counted once per split between
        them (TA-10; :func:`count_splits` as a kernel, :func:`_split_kernel`); gray routes are
        paid in any colour; last, the all-Locomotive payment's, on every route."""
        g = self.game
        T = g.T
        h0, h1, h2, h3, h4, h5, h6, h7, hw = g.hands[seat]
        o0, o1, o2, o3, o4, o5, o6, o7, ow = self.state["cards"][seat // 2]  # team_of
        t = g.trains[seat]
        if t > T.maxneed:
            t = T.maxneed
        memo = _KERNELS.get((T, t, hw, ow))  # (_split_kernel's memo first: a call costs more)
        lo = memo.get(-1) if memo is not None else None
        if lo is None:
            lo = _split_kernel(T, t, -1, 0, hw, ow)
            memo = _KERNELS[(T, t, hw, ow)]
        get = memo.get
        gray = 0  # (one line per colour: a loop costs more)
        if h0 or o0:
            k0 = get(h0 << 20 | o0) or _split_kernel(T, t, h0, o0, hw, ow)
            gray += k0
        else:
            k0 = 0
        if h1 or o1:
            k1 = get(h1 << 20 | o1) or _split_kernel(T, t, h1, o1, hw, ow)
            gray += k1
        else:
            k1 = 0
        if h2 or o2:
            k2 = get(h2 << 20 | o2) or _split_kernel(T, t, h2, o2, hw, ow)
            gray += k2
        else:
            k2 = 0
        if h3 or o3:
            k3 = get(h3 << 20 | o3) or _split_kernel(T, t, h3, o3, hw, ow)
            gray += k3
        else:
            k3 = 0
        if h4 or o4:
            k4 = get(h4 << 20 | o4) or _split_kernel(T, t, h4, o4, hw, ow)
            gray += k4
        else:
            k4 = 0
        if h5 or o5:
            k5 = get(h5 << 20 | o5) or _split_kernel(T, t, h5, o5, hw, ow)
            gray += k5
        else:
            k5 = 0
        if h6 or o6:
            k6 = get(h6 << 20 | o6) or _split_kernel(T, t, h6, o6, hw, ow)
            gray += k6
        else:
            k6 = 0
        if h7 or o7:
            k7 = get(h7 << 20 | o7) or _split_kernel(T, t, h7, o7, hw, ow)
            gray += k7
        else:
            k7 = 0
        return [k0, k1, k2, k3, k4, k5, k6, k7, gray, lo]

    def claim_why_not(self, seat: int, action: ClaimRoute, route: "Route") -> str | None:
        return why_not_split(self.game, seat, action.counts(), action.from_holder, "this claim")

    def take_payment(self, seat: int, action: ClaimRoute, counts: list[int]) -> bool:
        fh = action.from_holder
        if fh:
            take_cards(self.game, seat, counts, split_counts(fh))
        else:  # all from the hand (take_cards with nothing from the holder)
            hand = self.game.hands[seat]
            hand[:] = map(sub, hand, counts)
        return True

    # -- drawing (TA-8, TA-9) ---------------------------------------------------------------
    def receive_card(self, seat: int, card: int, nth: int, face_up: bool) -> bool:
        g = self.game
        st = g.ext["teams"]
        if nth == 1:
            if face_up and card == LOCO:
                st["cards"][seat // 2][LOCO] += 1  # team_of
                if g.recording:
                    g.emit("loco_to_holder", seat)
                return True
            st["placing"] = [card, int(face_up)]
            g.pending = "place-card"
            return True
        to = st["second_to"] or HAND
        st["second_to"] = None
        if to == HAND:
            g.hands[seat][card] += 1
        else:
            st["cards"][seat // 2][card] += 1
        if g.recording:
            g.emit("place_second", seat, card, to, int(face_up))
        return True

    # -- tickets (TA-11, TA-12) -------------------------------------------------------------
    def after_keep(self, seat: int, kept: tuple[str, ...], setup: bool) -> bool:
        g = self.game
        if setup:
            if seat + 1 < g.n:
                return False
            g.seat = 0
            g.pending = "share-setup"
            return True
        if not kept:
            return False
        if len(kept) == 1:
            self._share(seat, [g.tidx[kept[0]]], "only")
            return False
        self.state["new"] = [g.tidx[t] for t in kept]
        g.pending = "share-kept"
        return True

    # -- end and score (TA-3, TA-15, TA-16, TA-21) ------------------------------------------
    def end_check(self, seat: int) -> bool:
        g = self.game
        a = seat & ~1  # the team's seats: a and a + 1 (team_seats)
        tr = g.trains
        if tr[a] + tr[a + 1] <= g.variant.end_trigger:
            g.emit("team_end", seat, (tr[a], tr[a + 1]), g.variant.end_trigger)
            return True
        return False

    def scorers(self) -> list:
        from ..scoring import Claim, Scorer

        g = self.game
        st = self.state
        out = []
        for team in range(g.n // 2):
            seats = team_seats(g, team)
            claims = tuple(Claim.of(c) for s in seats for c in g.claims[s])
            owner: dict[str, str] = {}
            tix: list[str] = []
            for s in seats:
                for t in g.kept[s]:
                    tix.append(g.tix[t].id)
                    owner[g.tix[t].id] = f"{g.names[s]}'s hand"
            for t in st["tickets"][team]:
                tix.append(g.tix[t].id)
                owner[g.tix[t].id] = "team holder"
            out.append(Scorer(team_name(g, team), claims, tuple(tix), seats=seats, ticket_owner=owner))
        return out

    # -- what each seat sees (TA-5, TA-6) ---------------------------------------------------
    def hidden_holders(self, seat: int) -> list[int]:
        """The teams whose holders (cards and tickets) ``seat`` cannot see: every other team's,
        unless the holders are public (:func:`holders_public`)."""
        g = self.game
        if holders_public(g):
            return []
        mine = team_of(g, seat)
        return [t for t in range(g.n // 2) if t != mine]

    def view(self, seat: int | None, v: dict[str, Any]) -> None:
        g = self.game
        st = self.state
        hidden = self.hidden_holders(seat) if seat is not None else []
        teams = []
        for team in range(g.n // 2):
            seats = team_seats(g, team)
            cards = st["cards"][team]
            t: dict[str, Any] = {
                "team": team, "name": team_name(g, team), "seats": list(seats),
                "trains": sum(g.trains[s] for s in seats),
                "route_points": sum(g.points[s] for s in seats),
                "holder_cards": sum(cards), "holder_tickets": len(st["tickets"][team]),
            }
            if team not in hidden:
                t["holder"] = {CARD_NAMES[c]: k for c, k in enumerate(cards) if k}
                t["holder_ticket_ids"] = [g.tix[x].id for x in st["tickets"][team]]
            teams.append(t)
        v["teams"] = teams
        v["team"] = team_of(g, seat) if seat is not None else None
        placing = st["placing"]
        if placing is not None:
            card, face_up = placing
            shown = seat is None or seat == g.seat or face_up
            v["placing"] = CARD_NAMES[card] if shown else "hidden"
        if seat is None:
            v["setup_share"] = [g.tix[t].id if t >= 0 else None for t in st["setup_share"]]
        elif st["setup_share"][seat] >= 0:
            v["setup_share"] = g.tix[st["setup_share"][seat]].id
        if g.pending == "share-kept" and (seat is None or seat == g.seat):
            v["share_from"] = [g.tix[t].id for t in st["new"]]

    def counts(self) -> dict[str, int]:
        st = self.state
        return {"train_cards_elsewhere": sum(map(sum, st["cards"])) + (st["placing"] is not None),
                "tickets": sum(map(len, st["tickets"]))}


def _busy_tail(g: "Game") -> str:
    why = g._busy(g.pending)
    return f" {why}" if why else ""


# -- events ----------------------------------------------------------------------------------
def _his(g: "Game", seat: int) -> str:
    return f"{g.names[seat]}'s"


def _where(g: "Game", seat: int, to: str) -> str:
    return f"{_his(g, seat)} hand" if to == HAND else "the team holder"


def _public_colour(g: "Game", to: str, face_up: int) -> bool:
    return bool(face_up) or (to == HOLDER and holders_public(g))



def _labels(g: "Game", ids) -> str:
    """Tickets by id and label, for a refusal: 'T05 Beijing–Tokyo (8); T06 …'; an id the
    board does not know is quoted as given."""
    out = []
    for t in ids:
        try:
            out.append(f"{t} {g.board.ticket(t).label()}")
        except (KeyError, TypeError):
            out.append(shown(t))
    return "; ".join(out)

@register_event("place_first")
def _place_first(g, seat, args):
    card, to, face_up = args
    who = g.names[seat]
    other = "the team holder" if to == HAND else f"{_his(g, seat)} hand"
    tail = f"; the second card will go to {other} (TA-8)."
    verb, where = ("keeps", "in hand") if to == HAND else ("puts", "in the team holder")
    text = f"{who} {verb} the first card ({card_label(card)}) {where}{tail}"
    if _public_colour(g, to, face_up):
        return text, None
    return text, f"{who} {verb} the first card {where}{tail}"


@register_event("place_second")
def _place_second(g, seat, args):
    card, to, face_up = args
    text = f"The second card ({card_label(card)}) goes to {_where(g, seat, to)} (TA-8)."
    if _public_colour(g, to, face_up):
        return text, None
    return text, f"The second card goes to {_where(g, seat, to)} (TA-8)."


@register_event("loco_to_holder")
def _loco_to_holder(g, seat, args):
    return f"The face-up Locomotive goes into the team holder of {team_name(g, team_of(g, seat))} (TA-9).", None


@register_event("share_choice")
def _share_choice(g, seat, args):
    (tid,) = args
    who = g.names[seat]
    tail = "it stays hidden until every player has chosen (TA-11)."
    return (f"{who} chooses {g.board.ticket(tid).label()} for the team's ticket holder; {tail}",
            f"{who} chooses a ticket for the team's ticket holder; {tail}")


@register_event("holder_setup")
def _holder_setup(g, seat, args):
    a_tid, b_tid = args
    a, b = team_seats(g, team_of(g, seat))
    text = (f"Into the ticket holder of {team_name(g, team_of(g, seat))}, at the same time: "
            f"{g.board.ticket(a_tid).label()} from {g.names[a]} and {g.board.ticket(b_tid).label()} "
            f"from {g.names[b]} (TA-11).")
    if holders_public(g):
        return text, None
    return text, f"{team_name(g, team_of(g, seat))} put 2 tickets into their ticket holder (TA-11)."


@register_event("share")
def _share(g, seat, args):
    ids, why = args
    who = g.names[seat]
    labels = ", ".join(g.board.ticket(t).label() for t in ids)
    n = len(ids)
    rule = {"turn": "a whole turn, TA-14", "kept": "one of the tickets just kept, TA-12",
            "only": "the only ticket kept goes there, TA-12"}[why]
    text = f"{who} puts {labels} into the team's ticket holder ({rule})."
    if holders_public(g):
        return text, None
    return text, f"{who} puts {n} ticket{'s' * (n != 1)} into the team's ticket holder ({rule})."


@register_event("team_end")
def _team_end(g, seat, args):
    trains, limit = args
    team = team_of(g, seat)
    parts = " + ".join(f"{g.names[s]} {k}" for s, k in zip(team_seats(g, team), trains))
    total = sum(trains)
    return (f"{team_name(g, team)} have {total} train{'s' * (total != 1)} left together ({parts}), "
            f"{limit} or fewer (TA-21)."), None


__all__ = ["Teams", "PlaceCard", "ShareTickets", "holder_of", "take_cards", "splits", "why_not_split",
           "team_of", "team_seats", "team_name"]
