"""Tunnels (EU-3, TA-17 to TA-19; the Team Asia rules text first).

Claiming a tunnel is three steps, each one visible in the state:

1. The player lays the cards of an ordinary claim (:class:`~ttr_nb.actions.ClaimRoute`); they
   wait on the table (``game.ext['tunnels']['pending']``), out of the discard pile.
2. The top cards of the deck are revealed: the number printed on the tunnel (the map's
   ``tunnel`` value, 4 to 6 on Team Asia; setting ``tunnel_reveal='map'``, the rules text) or 3
   (``tunnel_reveal=3``, the Europe rule, TA-18). With too few cards the discards are
   reshuffled (B-4.7) and what exists is revealed; with none the tunnel costs nothing extra.
   Every revealed card of the colour used, and every revealed Locomotive, costs one more card
   of that colour or a Locomotive; a tunnel paid with Locomotives only is matched only by
   Locomotives, and the extra cards must then be Locomotives (EU-3.5).
3. No match: the route is claimed at once. Otherwise the decision ``'tunnel'``: pay the extra
   cards (:class:`PayTunnel`, from the hand and, in Team Asia, the team holder: TA-19) and
   claim the route, or :class:`WithdrawTunnel`: the laid cards go back where they came from
   and the turn ends. The revealed cards are discarded either way (EU-3.6).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from operator import gt
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, ClaimRoute, _actor, register_action
from ..cards import CARD_INDEX, CARD_NAMES, LOCO, counts_text
from ..events import register_event
from . import claiming, drawing
from .mechanic import Mechanic
from .teams import holder_of, split_counts, splits, take_cards, why_not_split

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Route
    from ..game import Game


@register_action
@dataclass(frozen=True)
class PayTunnel(Action):
    """Pay the extra cards a tunnel reveal asks for (``pay``: card name -> count, all of the
    colour used or Locomotives) and claim the tunnel; ``from_holder`` is the part taken from the
    Team Asia card holder (TA-19)."""

    pay: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    from_holder: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    kind: ClassVar[str] = "tunnel_pay"
    rank: ClassVar[int] = 50

    def sort_key(self) -> tuple:
        locos = sum(n for k, n in self.pay if k == "locomotive")
        return (locos, self.pay, self.from_holder)

    def pay_text(self) -> str:
        return ClaimRoute._raw(0, self.pay, self.from_holder).pay_text()

    def text(self, game: "Game | None" = None) -> str:
        if game is None:
            return f"pay the tunnel with {self.pay_text()}"
        st = game.ext.get("tunnels", {}).get("pending")
        where = f" {game.board.route(st['route']).a}–{game.board.route(st['route']).b}" if st else ""
        n = sum(k for _, k in self.pay)
        return (f"{_actor(game)} pays {n} extra card{'s' * (n != 1)}, {self.pay_text()}, and claims the "
                f"tunnel{where}")


@register_action
@dataclass(frozen=True)
class WithdrawTunnel(Action):
    """Take the laid cards back and end the turn (the revealed cards are discarded; EU-3.4)."""

    kind: ClassVar[str] = "tunnel_withdraw"
    rank: ClassVar[int] = 51

    def text(self, game: "Game | None" = None) -> str:
        if game is None:
            return "take the cards back (give up the tunnel)"
        return f"{_actor(game)} takes the cards back and ends the turn"


_WITHDRAW = WithdrawTunnel()
_PAY_TUNNELS: dict[tuple, PayTunnel] = {}


def _pay_tunnel(pay: tuple, fh: tuple) -> PayTunnel:
    """``PayTunnel(pay, fh)``, one shared object for each (actions are frozen)."""
    a = _PAY_TUNNELS.get((pay, fh))
    if a is None:
        a = _PAY_TUNNELS[(pay, fh)] = PayTunnel(pay, fh)
    return a


def reveal_count(g: "Game", route: "Route") -> int:
    """Cards revealed for ``route``: the map's number (policy 'map') or 3 (TA-18)."""
    how = g.policies.get("tunnel_reveal", "map")
    return route.tunnel if how == "map" else int(how)


def extra_needed(revealed: list[int], colour: int) -> int:
    """Revealed cards that match: the colour used or a Locomotive; only Locomotives when the
    tunnel was paid with Locomotives only (``colour`` = LOCO; EU-3.3, EU-3.5)."""
    if colour == LOCO:
        return sum(1 for c in revealed if c == LOCO)
    return sum(1 for c in revealed if c == colour or c == LOCO)


def paid_colour(counts: list[int]) -> int:
    """The colour a payment used (LOCO when it is Locomotives only)."""
    for c in range(8):
        if counts[c]:
            return c
    return LOCO


class Tunnels(Mechanic):
    """Tunnels: the claim is held while the deck's top cards are revealed (module docstring)."""

    name = "tunnels"
    action_types = (PayTunnel, WithdrawTunnel)
    pending_kinds = ("tunnel",)

    def init(self) -> None:
        self.game.ext[self.name] = {"pending": None}

    # -- step 1 and 2: lay the cards, reveal ------------------------------------------------
    def claim_intercept(self, seat: int, action: ClaimRoute, route: "Route", counts: list[int]) -> bool:
        if not route.tunnel:
            return False
        g = self.game
        counts = list(counts)
        n = reveal_count(g, route)
        revealed: list[int] = []
        for _ in range(n):
            if not g.deck and not g.discard:
                break
            revealed.append(drawing.blind_card(g))
        colour = paid_colour(counts)
        extra = extra_needed(revealed, colour)
        fh = split_counts(action.from_holder)
        self.state["pending"] = {
            "seat": seat, "route": route.id, "pay": counts, "from_holder": fh,
            "colour": colour, "revealed": revealed, "extra": extra, "asked": n,
        }
        if g.recording:
            g.emit("tunnel_reveal", seat, route.id, tuple(counts), tuple(revealed), extra, colour, n)
        if extra == 0:
            self._finish(seat, [0] * 9)
        else:
            g.pending = "tunnel"
        return True

    # -- step 3: pay or withdraw -------------------------------------------------------------
    def options(self) -> list[PayTunnel]:
        """Every way to pay the extra cards now (hand and team holder splits)."""
        g = self.game
        st = self.state["pending"]
        seat = st["seat"]
        k = st["extra"]
        col = st["colour"]
        have = claiming.cards_of(g, seat)
        out = []
        mixes = [(col, x) for x in range(0, k + 1)] if col != LOCO else [(LOCO, 0)]
        for c, x in mixes:
            counts = [0] * 9
            if c != LOCO:
                counts[c] = x
            counts[LOCO] += k - x
            if any(map(gt, counts, have)):
                continue
            hold = holder_of(g, seat)
            pay = tuple((CARD_NAMES[i], n) for i, n in enumerate(counts) if n)
            if hold is None:
                out.append(_pay_tunnel(pay, ()))
            else:
                for fh in splits(counts, g.hands[seat], hold):
                    out.append(_pay_tunnel(pay, fh))
        return out

    def actions(self, kind: str) -> list[Action]:
        if kind != "tunnel":
            return []
        return [*self.options(), _WITHDRAW]

    def why_not(self, action: Action) -> str | None:
        g = self.game
        if g.pending == "over":
            return "The game is over: no more actions (see game.score())."
        st = self.state["pending"]
        if g.pending != "tunnel" or st is None:
            busy = g._busy(g.pending)
            return "No tunnel is waiting to be paid now (EU-3)." + (f" {busy}" if busy else "")
        if isinstance(action, WithdrawTunnel):
            return None
        try:
            counts = split_counts(action.pay)
        except KeyError:
            bad = [k for k, _ in action.pay if k not in CARD_INDEX]
            return (f"{', '.join(map(repr, bad))} is not a train card; pay with a colour or Locomotives "
                    f"('locomotive').")
        k = st["extra"]
        col = st["colour"]
        r = g.board.route(st["route"])
        want = "Locomotives" if col == LOCO else f"{CARD_NAMES[col]} cards or Locomotives"
        wrong = [c for c in range(9) if counts[c] and c != col and c != LOCO]
        if col == LOCO and any(counts[:8]):
            return (f"The tunnel {r.a}–{r.b} was laid with Locomotives only, so its {k} extra card"
                    f"{'s' * (k != 1)} must be Locomotives; you offered {counts_text(counts)} (EU-3.5).")
        if wrong or sum(counts) != k:
            return (f"The reveal asks for exactly {k} extra {want} (the colour used for {r.a}–{r.b}); "
                    f"you offered {counts_text(counts)} (EU-3.3).")
        return why_not_split(g, st["seat"], counts, action.from_holder, "the extra payment")

    def apply(self, action: Action) -> None:
        g = self.game
        st = self.state["pending"]
        seat = st["seat"]
        if isinstance(action, WithdrawTunnel):
            hand = g.hands[seat]
            hold = holder_of(g, seat)
            for c in range(9):
                n = st["pay"][c]
                if n:
                    k = st["from_holder"][c]
                    hand[c] += n - k
                    if k:
                        hold[c] += k  # type: ignore[index]
            g.discard.extend(st["revealed"])
            if g.recording:
                g.emit("tunnel_withdraw", seat, st["route"], tuple(st["pay"]), len(st["revealed"]))
            self.state["pending"] = None
            g.pending = "turn"
            g.end_turn()
            return
        counts = split_counts(action.pay)
        take_cards(g, seat, counts, split_counts(action.from_holder))
        if g.recording:
            g.emit("tunnel_pay", seat, st["route"], tuple(counts))
        self._finish(seat, counts)

    def _finish(self, seat: int, extra: list[int]) -> None:
        """The tunnel goes ahead: the laid and extra cards, then the revealed ones, are
        discarded, and the claim completes (place, score, refill, end the turn)."""
        g = self.game
        st = self.state["pending"]
        total = [a + b for a, b in zip(st["pay"], extra)]
        for c in range(9):
            g.discard.extend([c] * total[c])
        g.discard.extend(st["revealed"])
        route = g.board.route(st["route"])
        action = ClaimRoute._raw(route.id, tuple((CARD_NAMES[c], n) for c, n in enumerate(total) if n))
        self.state["pending"] = None
        g.pending = "turn"
        g.complete_claim(seat, action, total)

    def pending_reason(self, kind: str) -> str | None:
        if kind != "tunnel" or self.state["pending"] is None:
            return None
        g = self.game
        st = self.state["pending"]
        r = g.board.route(st["route"])
        k, col = st["extra"], st["colour"]
        more = (f"{k} more Locomotive{'s' * (k != 1)}" if col == LOCO
                else f"{k} more {CARD_NAMES[col]} card{'s' * (k != 1)} (or "
                     f"{'a Locomotive' if k == 1 else 'Locomotives'})")
        return (f"{g.names[st['seat']]} must first decide whether to pay {more} for the tunnel "
                f"{r.a}–{r.b} or take the laid cards back (EU-3.3, EU-3.4).")

    # -- view, counts ------------------------------------------------------------------------
    def view(self, seat: int | None, v: dict[str, Any]) -> None:
        st = self.state["pending"]
        if st is None:
            return
        v["tunnel"] = {
            "seat": st["seat"], "route": st["route"],
            "laid": {CARD_NAMES[c]: n for c, n in enumerate(st["pay"]) if n},
            "colour": CARD_NAMES[st["colour"]], "revealed": [CARD_NAMES[c] for c in st["revealed"]],
            "asked": st["asked"], "extra": st["extra"],
        }

    def counts(self) -> dict[str, int]:
        st = self.state["pending"]
        if st is None:
            return {}
        return {"train_cards_elsewhere": sum(st["pay"]) + len(st["revealed"])}


# -- events ----------------------------------------------------------------------------------
def _colour_word(colour: int, n: int) -> str:
    if colour == LOCO:
        return f"{n} extra Locomotive{'s' * (n != 1)}"
    return f"{n} extra {CARD_NAMES[colour]} card{'s' * (n != 1)} (or {'a Locomotive' if n == 1 else 'Locomotives'})"


@register_event("tunnel_reveal")
def _tunnel_reveal(g, seat, args):
    route_id, pay, revealed, extra, colour, asked = args
    r = g.board.route(route_id)
    who = g.names[seat]
    head = f"{who} tries the tunnel {r.a}–{r.b} with {counts_text(pay)}"
    if not revealed:
        return (f"{head}: no card is left to reveal, so the tunnel costs nothing extra (EU-3).", None)
    shown = ", ".join("Locomotive" if c == LOCO else CARD_NAMES[c] for c in revealed)
    short = f" (only {len(revealed)} of {asked} cards were left)" if len(revealed) < asked else ""
    if extra == 0:
        return f"{head}: reveals {shown}{short}: no match, nothing extra to pay (EU-3).", None
    only = " (laid with Locomotives only: only Locomotives match, EU-3.5)" if colour == LOCO else ""
    return f"{head}: reveals {shown}{short}: {_colour_word(colour, extra)} to pay{only}.", None


@register_event("tunnel_pay")
def _tunnel_pay(g, seat, args):
    route_id, extra = args
    r = g.board.route(route_id)
    return f"{g.names[seat]} pays {counts_text(extra)} more for the tunnel {r.a}–{r.b} (EU-3).", None


@register_event("tunnel_withdraw")
def _tunnel_withdraw(g, seat, args):
    route_id, pay, n = args
    r = g.board.route(route_id)
    return (f"{g.names[seat]} does not pay: takes back {counts_text(pay)}, gives up the tunnel "
            f"{r.a}–{r.b} and ends the turn; the {n} revealed card{'s' * (n != 1)} are discarded (EU-3.4)."), None


# -- the odds of a tunnel (for lessons and players) ---------------------------------------
def full_deck(variant: Any = None) -> dict[str, int]:
    """The train cards of ``variant`` (default: the base game's) by name, as the engine deals
    them: ``cards_per_color`` of each colour and ``locomotives`` Locomotives (110 cards: 12 and
    14, B-1.1)."""
    from ..variants import get_variant

    v = variant if variant is not None else get_variant("usa")
    return {name: (v.locomotives if name == "locomotive" else v.cards_per_color) for name in CARD_NAMES}


def unseen_cards(g: "Game", seat: int) -> dict[str, int]:
    """The train cards ``seat`` cannot see, by name (every card name, counts >= 0).

    The whole deck minus what ``game.view(seat)`` shows of the cards: the seat's hand, every
    card holder the seat may see (its team's), the face-up cards, the discard pile and the
    cards on the table for a tunnel. What is left is in the deck, in the other players'
    hands and in the holders the seat may not see.
    """
    v = g.view(seat)
    left = full_deck(g.variant)
    parts = [v["hand"], v["discard"]]
    parts += [t["holder"] for t in v.get("teams", ()) if "holder" in t]
    if "tunnel" in v:
        parts.append(v["tunnel"]["laid"])
    for part in parts:
        for name, n in part.items():
            left[name] -= n
    for name in v["display"] + v.get("tunnel", {}).get("revealed", []):
        if name is not None:
            left[name] -= 1
    return left


def extra_card_odds(unseen: dict[str, int], colour: str, revealed: int) -> list[Fraction]:
    """``P(k extra cards)`` for k = 0 .. ``revealed``: exact fractions, summing to 1.

    ``revealed`` cards are turned up from the ``unseen`` cards (card name -> count), each set
    of cards equally likely: drawing without replacement, so the number of matches follows the
    hypergeometric law. A card matches when it is ``colour`` or a Locomotive; when ``colour``
    is ``"locomotive"`` (a tunnel laid with Locomotives only) only Locomotives match (EU-3.3,
    EU-3.5). When fewer cards are unseen than asked for, all of them are revealed.

    >>> [str(p) for p in extra_card_odds({"red": 2, "blue": 2, "locomotive": 0}, "red", 2)]
    ['1/6', '2/3', '1/6']
    """
    if colour not in CARD_INDEX:
        raise ValueError(f"{colour!r} is not a train card; use a colour or 'locomotive'.")
    if revealed < 0:
        raise ValueError(f"cannot reveal {revealed} cards")
    total = sum(unseen.values())
    match = _matching(unseen, colour)
    n = min(revealed, total)
    ways = comb(total, n)
    return [Fraction(comb(match, k) * comb(total - match, n - k), ways) for k in range(n + 1)]


@dataclass(frozen=True)
class TunnelOdds:
    """The odds of a tunnel claim, from what the claimer can see (:func:`tunnel_odds`)."""

    route: int
    colour: str
    revealed: int
    unseen: int
    matching: int
    probabilities: tuple[Fraction, ...]

    @property
    def nothing_more(self) -> Fraction:
        """P(the reveal costs no extra card)."""
        return self.probabilities[0]

    @property
    def mean(self) -> Fraction:
        """The expected number of extra cards."""
        return sum((k * p for k, p in enumerate(self.probabilities)), Fraction(0))

    def text(self) -> str:
        """The odds in one sentence, to 3 decimals."""
        what = "Locomotives" if self.colour == "locomotive" else f"{self.colour} or Locomotive"
        return (f"{self.unseen} unseen cards, {self.matching} of them match ({what}); revealing "
                f"{self.revealed}: P(nothing more) = {float(self.nothing_more):.3f}, "
                f"P(at least 1 more) = {float(1 - self.nothing_more):.3f}, "
                f"on average {float(self.mean):.2f} more.")

    def __str__(self) -> str:
        return self.text()


def tunnel_odds(g: "Game", action: ClaimRoute, seat: int | None = None) -> TunnelOdds:
    """The odds that claiming the tunnel ``action.route`` with ``action``'s cards costs 0, 1,
    2, ... extra cards, as ``seat`` (default: the player to move) can work them out before the
    reveal: :func:`extra_card_odds` of :func:`unseen_cards`, with the number of cards this
    game reveals (:func:`reveal_count`). It assumes every unseen card is equally likely to be
    turned up; other players' choices (cards taken face up) can make that untrue.
    """
    seat = g.current_player if seat is None else seat
    route = g.board.route(action.route)
    if not route.tunnel:
        raise ValueError(f"{route.label()} is not a tunnel.")
    colour = CARD_NAMES[paid_colour(split_counts(action.pay))]
    unseen = unseen_cards(g, seat)
    n = reveal_count(g, route)
    probs = extra_card_odds(unseen, colour, n)
    return TunnelOdds(route.id, colour, len(probs) - 1, sum(unseen.values()),
                      _matching(unseen, colour), tuple(probs))


def _matching(unseen: dict[str, int], colour: str) -> int:
    """How many of the ``unseen`` cards would cost one more card: the colour paid and every
    Locomotive (only Locomotives for a tunnel paid with Locomotives alone, EU-3.3, EU-3.5)."""
    return unseen.get("locomotive", 0) + (unseen.get(colour, 0) if colour != "locomotive" else 0)


__all__ = ["Tunnels", "PayTunnel", "WithdrawTunnel", "reveal_count", "extra_needed", "paid_colour",
           "full_deck", "unseen_cards", "extra_card_odds", "TunnelOdds", "tunnel_odds"]
