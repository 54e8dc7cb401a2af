"""The Heart of Africa Terrain cards (rules H-3 to H-6) as a :class:`~.mechanic.Mechanic`.

- **Cards** (H-3): 45 Terrain cards, 15 of each type (Desert & Savanna, Jungle & Forest,
  Mountain & Cliff). Each player starts with 1, 2 lie face up, the rest form the Terrain deck.
  The cards a player holds lie face up in front of them: everyone sees every count (H-3.5).
- **Drawing** (H-4): :class:`DrawTerrain` takes a Terrain card instead of a train card, first or
  second card of a draw (2 train, 2 Terrain or 1 + 1). A face-up Locomotive still ends the draw
  and can't be the second card, even after a Terrain card (the core's second-card rule, H-4.2).
  A face-up Terrain card is replaced at once (H-4.3); an empty Terrain deck is rebuilt from
  the Terrain discards (H-4.4); there is no "3 of a kind" reset (H-4.5).
- **Doubling** (H-5, H-6): a claim may carry ``ClaimRoute.terrain``, the cards spent to double
  the route's points: 1 card for a route of 1–3 spaces, 2 for 4–6 (H-5.2), all of the route's
  terrain, which comes from its printed colour (a gray route is Mountain & Cliff, H-3.3). The
  claimer must hold at least as many cards of that type as every other player (H-5.3).
  Locomotives may stand in for Terrain cards (H-6.1); they are extra cards on top of the
  payment (H-6.4) and go to the train discard pile (H-6.6); they never count for the
  majority (H-6.2, H-6.5).

Every open point is a named policy of the variant (``ttr_nb.variants``), with its default:
``loco_as_terrain`` (True, H-6.1), ``loco_terrain_value`` (1 Terrain card per Locomotive,
H-6.3), ``require_real_terrain_card`` (False, H-6.3), ``majority_check`` ('before_discard',
H-5.4), ``allow_zero_zero_majority`` (True, H-5.5: a 0–0 tie is a majority; it counts the
cards held before the claim, so it matters only when Locomotives do all the doubling).

>>> import ttr_nb
>>> g = ttr_nb.new_game("heart-of-africa", 3, seed=1)
>>> g.counts()["terrain_cards"]
45
>>> [p["terrain"] for p in g.view(1)["players"]]  # public: everyone sees every count
[{'desert': 0, 'jungle': 0, 'mountain': 1}, {'desert': 0, 'jungle': 1, 'mountain': 0}, {'desert': 0, 'jungle': 1, 'mountain': 0}]
>>> g.view(1)["terrain"]
{'display': ['desert', 'desert'], 'deck': 40, 'discard': {}}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, ClaimRoute, claim_variants, register_action
from ..cards import LOCO, LOCOMOTIVE, rng_for, shuffle
from ..events import register_event, route_label
from ..scoring.lines import Line, plural
from . import drawing
from .claiming import route_worth
from .endgame import end_turn
from .mechanic import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board, Route
    from ..game import Game

from .terrain_cards import (  # the cards' facts and words (H-3, H-5.2), re-exported here
    _LEFT, _TYPE_OF_INDEX, CARDS_PER_TYPE, DECK, DISPLAY_SIZE, START_CARDS, TERRAIN_NAMES,
    TERRAIN_OF_COLOR, TERRAINS, _a, _claim_spent_text, cards_needed, doubling_kernels, spent_text, terrain_of,
    terrain_pairs, terrain_word)

assert _TYPE_OF_INDEX == (0, 0, 0, 1, 1, 1, 2, 2), "Terrain.claim_kernels is written for this order of colours"

# -- the action ------------------------------------------------------------------------------
@register_action
@dataclass(frozen=True)
class DrawTerrain(Action):
    """Draw a Terrain card instead of a train card (H-4.1): ``source`` is a Terrain type
    ('desert', 'jungle', 'mountain': the face-up card of that type) or 'deck' (the top of
    the Terrain deck). It may be the first or the second card of a draw."""

    source: str = field(metadata={"allowed": f"'deck' or one of {', '.join(TERRAINS)}"})
    kind: ClassVar[str] = "terrain"
    rank: ClassVar[int] = 11

    def sort_key(self) -> tuple:
        order = (DECK,) + TERRAINS
        return (order.index(self.source) if self.source in order else 9, self.source)

    def text(self, game: "Game | None" = None) -> str:
        who = game.names[game.current_player] if game is not None and game.current_player is not None else ""
        if self.source == DECK:
            s = "draws a Terrain card from the Terrain deck"
        else:
            s = f"draws a face-up {TERRAIN_NAMES.get(self.source, self.source)} card"
        return f"{who} {s}" if who else s.replace("draws", "draw", 1)


_DRAW: dict[str, DrawTerrain] = {src: DrawTerrain(src) for src in (DECK,) + TERRAINS}
"""The DrawTerrain of each source, built once (actions are frozen: legal_actions re-uses them)."""
_DRAW_KINDS = frozenset(("turn", "second-card"))
"""The decisions at which a Terrain card may be drawn (H-4.1)."""


# -- the mechanic ----------------------------------------------------------------------------
_POLICIES = ("loco_as_terrain", "loco_terrain_value", "require_real_terrain_card", "majority_check",
             "allow_zero_zero_majority")
"""The settings the doubling rules read."""
_WEIGHTED: dict[tuple, tuple] = {}
"""(id(game.kernels), trains, Locomotives, :meth:`Terrain._doubling_weights`) -> (that kernel
table, :meth:`Terrain._kernels`): they depend on these only (the weights of many standings
are the same; the table is the board's for the game's number of cards)."""
_SHARED: dict[tuple, tuple[dict, dict, dict, dict]] = {}
"""The Terrain settings -> the memos their games share (:class:`Terrain`)."""


class Terrain(Mechanic):
    """Terrain cards: the deck, the 2-card display, the cards in front of each player, drawing
    them, and doubling a claimed route's points with them (H-3 to H-6).

    State (``game.ext['terrain']``): ``deck`` (top = end), ``display`` (2 slots, None = empty),
    ``discard``, ``held`` (per seat: type -> count), ``shuffles`` (rebuilds of the deck so far).
    """

    name = "terrain"
    action_types = (DrawTerrain,)
    claim_fields = ("terrain",)
    score_sections = (("terrain", "terrain doubling"),)

    # -- the Scoresheet (H-5.6) ----------------------------------------------------------------
    @classmethod
    def claim_lines(cls, board, claim, route, settings) -> tuple[Line, ...]:
        """A doubled claim's ``terrain`` line: the route's value again (H-5.6)."""
        if not claim.doubled:
            return ()
        w = route_worth(board, route, True).terrain
        return (Line("terrain", w, f"{route.label()} doubled with {_claim_spent_text(route, claim)}: +{w}",
                     (route.id,), route.cities, rule="H-5.6"),)

    @classmethod
    def claim_problem(cls, board, scorer, claim, route) -> str | None:
        """A doubling the route cannot have: no terrain, the wrong type, too many or too few
        cards (H-5.1, H-5.2, H-6.1; with Locomotives 1 up to the cards needed, H-6.3)."""
        s, c, r = scorer, claim, route
        if not c.doubled:
            if c.terrain_spent:
                return (f"{s.name} spent Terrain cards on {r.label()} but did not double it "
                        f"(H-5.1): Terrain cards are only spent to double a route.")
            return None
        if r.terrain is None:
            return (f"{s.name} doubled {r.label()}, but that route has no terrain: only "
                    f"Heart of Africa routes can be doubled with Terrain cards (H-5).")
        need = cards_needed(r.length)
        name = TERRAIN_NAMES.get(r.terrain, r.terrain)
        for card in c.terrain_spent:
            if card not in (r.terrain, LOCOMOTIVE):
                return (f"{s.name} doubled {r.label()} with a {card!r} card; that route is "
                        f"{name} and takes {name} cards or Locomotives (H-3.2, H-6.1).")
        spent = len(c.terrain_spent)
        locos = c.terrain_spent.count(LOCOMOTIVE)
        if spent and (spent > need or (locos == 0 and spent != need)):
            return (f"{s.name} doubled {r.label()} with {plural(spent, 'card')}; a route "
                    f"of {r.length} spaces takes {plural(need, 'Terrain card')} (H-5.2).")
        return None

    def __init__(self, game: "Game"):
        super().__init__(game)
        pol = game.policies
        shared = _SHARED.setdefault(tuple(pol[k] for k in _POLICIES), ({}, {}, {}, {}))
        self._mix_cache: dict[tuple, list[tuple[int, tuple]]] = shared[0]
        """:meth:`_doublings` by (type, need, real, Locomotives, policies); shared by the
        games of the same Terrain settings."""
        self._options: tuple[int, dict] = (0, {})
        """What :meth:`claim_options_start` prepared for :meth:`claim_options`."""
        self._allowed_cache: dict[tuple, list] = shared[1]
        """:meth:`_allowed` by (type, need, Locomotives, standing); shared likewise (it
        depends on these and the settings only)."""
        self._draws: dict[tuple, tuple[Action, ...]] = shared[2]
        """The Terrain draws by (the face-up cards, no blind card left)."""
        self._rows: dict[tuple, tuple] = shared[3]
        """(id(game.kernels), trains, Locomotives) -> (that kernel table, {type and standing:
        that type's :meth:`_kernels`}): what :meth:`claim_kernels` reads; shared likewise (the
        board's tables, which hold the kernel tables, are kept for the life of the program)."""
        self._now: tuple[Action, ...] | None = None
        """:meth:`actions` now; None once the Terrain cards move (set so by each method
        of this mechanic that moves them: the state changes only through them)."""

    # -- life cycle ------------------------------------------------------------------------
    def init(self) -> None:
        self.game.ext[self.name] = {
            "deck": [], "display": [None] * DISPLAY_SIZE, "discard": [],
            "held": [{t: 0 for t in TERRAINS} for _ in range(self.game.n)], "shuffles": 0,
        }

    def setup(self) -> None:
        """Shuffle the 45 cards, deal 1 to each player, turn 2 face up (H-3.4)."""
        g = self.game
        st = self.state
        deck = [t for t in TERRAINS for _ in range(CARDS_PER_TYPE)]
        shuffle(deck, rng_for(g.seed, "terrain", 0))
        st["deck"] = deck
        for s in range(g.n):
            for _ in range(START_CARDS):
                t = deck.pop()
                st["held"][s][t] += 1
                g.emit("terrain_deal", s, t)
        for k in range(DISPLAY_SIZE):
            st["display"][k] = deck.pop()
        g.emit("terrain_display", None, tuple(st["display"]))
        self._now = None

    # -- the deck and the display ----------------------------------------------------------
    def _can_blind(self) -> bool:
        st = self.game.ext["terrain"]
        return bool(st["deck"]) or bool(st["discard"])

    def _blind(self) -> str:
        """The top card of the Terrain deck, rebuilding it from the discards first if it is
        empty (H-4.4). The caller checked that one exists."""
        st = self.game.ext["terrain"]
        if not st["deck"]:
            g = self.game
            st["shuffles"] += 1
            deck = st["discard"]
            st["discard"] = []
            shuffle(deck, rng_for(g.seed, "terrain", st["shuffles"]))
            st["deck"] = deck
            g.emit("terrain_reshuffle", None, len(deck))
        return st["deck"].pop()

    def _refill(self) -> None:
        """Fill the empty face-up slots at once (H-4.3); a slot stays empty only when the deck
        and the discards are both empty (H-4.4). No '3 of a kind' reset (H-4.5)."""
        d = self.game.ext["terrain"]["display"]
        if None not in d:
            return
        self._now = None
        for k in range(len(d)):
            if d[k] is None and self._can_blind():
                d[k] = self._blind()
                if self.game.recording:
                    self.game.emit("terrain_refill", None, d[k])

    # -- drawing ---------------------------------------------------------------------------
    def actions(self, kind: str) -> tuple[Action, ...]:
        """The Terrain draws (H-4.1): the blind one if a card is left (H-4.4), then each
        face-up type, as a tuple remembered for each (face-up cards, no blind card left)."""
        if kind not in _DRAW_KINDS:
            return ()
        out = self._now
        if out is None:
            st = self.game.ext["terrain"]
            d0, d1 = st["display"]  # (DISPLAY_SIZE face-up slots)
            key = (d0, d1, not st["deck"] and not st["discard"])
            out = self._draws.get(key)
            if out is None:
                more = [] if key[2] else [_DRAW[DECK]]
                out = self._draws[key] = tuple(more + [_DRAW[t] for t in TERRAINS if t in (d0, d1)])
            self._now = out
        return out

    def pending_reason(self, kind: str) -> str | None:
        if kind != "second-card":
            return None
        who = self.game.names[self.game.seat]
        return (f"{who} has taken one card and must now take the second one: the top card of the "
                f"deck, a face-up card other than a Locomotive, or a Terrain card (B-4.1, B-4.4, "
                f"H-4.1); a turn is one action only (B-3.1).")

    def second_card_possible(self) -> bool:
        return self._can_blind() or any(c is not None for c in self.state["display"])

    def why_not(self, action: Action) -> str | None:
        g = self.game
        p = g.pending
        if p != "turn" and p != "second-card":
            busy = g._busy(p)
            return busy or f"A Terrain card can't be drawn now ({p})."
        src = action.source  # type: ignore[attr-defined]
        st = self.state
        if src == DECK:
            if not self._can_blind():
                return ("The Terrain deck and its discard pile are both empty: no Terrain card can be "
                        "drawn blind (H-4.4).")
            return None
        if src not in TERRAINS:
            return (f"{src!r} is not a Terrain card source: use 'deck' (the Terrain deck) or a face-up "
                    f"type ({', '.join(TERRAINS)}).")
        if src not in st["display"]:
            shown = ", ".join(TERRAIN_NAMES[c] for c in st["display"] if c is not None) or "no Terrain cards"
            return f"There is no face-up {TERRAIN_NAMES[src]} card (face up: {shown})."
        return None

    def apply(self, action: Action) -> None:
        g = self.game
        seat = g.seat
        st = g.ext["terrain"]
        second = g.pending == "second-card"
        src = action.source  # type: ignore[attr-defined]
        self._now = None
        if src == DECK:
            t = self._blind()
            st["held"][seat][t] += 1
            if g.recording:
                g.emit("terrain_blind", seat, t)
        else:
            d = st["display"]
            d[d.index(src)] = None
            st["held"][seat][src] += 1
            if g.recording:
                g.emit("terrain_take", seat, src)
            self._refill()
        if second:
            end_turn(g)
        else:
            drawing.begin_second(g)

    # -- doubling --------------------------------------------------------------------------
    def held(self, seat: int) -> dict[str, int]:
        """The Terrain cards ``seat`` holds (public, H-3.5): type -> count."""
        return dict(self.state["held"][seat])

    def mixes(self, need: int, real: int, locos: int) -> list[tuple[int, int]]:
        """Every (real Terrain cards, Locomotives) that pays a doubling of ``need`` cards with at
        most ``real`` Terrain cards and ``locos`` spare Locomotives, under the policies: enough
        (real + value × Locomotives >= need) and no card more than needed (H-5.2, H-6.3)."""
        pol = self.game.policies
        v = pol["loco_terrain_value"]
        max_l = min(locos, need) if pol["loco_as_terrain"] else 0
        lo_r = 1 if pol["require_real_terrain_card"] else 0
        out = []
        for l in range(max_l + 1):
            for r in range(lo_r, min(real, need) + 1):
                if _minimal(need, r, l, v):
                    out.append((r, l))
        return out

    def standing(self, seat: int, t: str) -> tuple[int, int]:
        """(cards of type ``t`` that ``seat`` holds, the most any other player holds)."""
        held = self.state["held"]
        best = 0
        for o, h in enumerate(held):
            if o != seat and h[t] > best:
                best = h[t]
        return held[seat][t], best

    def majority_ok(self, seat: int, t: str, real: int, standing: tuple[int, int] | None = None) -> bool:
        """True if ``seat`` may double with type ``t`` spending ``real`` Terrain cards (H-5.3 to
        H-5.5; ``standing`` as :meth:`standing` if known); :meth:`majority_why_not` says why not."""
        pol = self.game.policies
        mine, best = standing or self.standing(seat, t)
        if mine == 0 and best == 0 and not pol["allow_zero_zero_majority"]:
            return False
        eff = mine - real if pol["majority_check"] == "after_discard" else mine
        return eff >= best

    def majority_why_not(self, seat: int, t: str, real: int, route: "Route | None" = None) -> str | None:
        """Why ``seat`` may not double with type ``t`` spending ``real`` Terrain cards
        (H-5.3 to H-5.5), in words; None if the majority allows it."""
        if self.majority_ok(seat, t, real):
            return None
        g = self.game
        pol = g.policies
        held = self.state["held"]
        mine = held[seat][t]
        others = [(g.names[o], held[o][t]) for o in range(g.n) if o != seat]
        best = max((k for _, k in others), default=0)
        what = route_label(g.board, route.id) if route is not None else "a route"
        tn = TERRAIN_NAMES[t]
        if mine == 0 and best == 0 and not pol["allow_zero_zero_majority"]:
            return (f"Nobody holds a {tn} card (0 each), and with the setting allow_zero_zero_majority=False "
                    f"a 0–0 tie is not a majority: {what} can't be doubled with {tn} cards (H-5.5).")
        after = pol["majority_check"] == "after_discard"
        eff = mine - real if after else mine
        ahead = ", ".join(f"{name} holds {k}" for name, k in others if k > eff)
        me = g.names[seat]
        you = (f"{me} would hold {terrain_word(t, eff)} after discarding" if after
               else f"{me} holds {terrain_word(t, eff)}")
        when = "after" if after else "before"
        return (f"To double {what} with {tn} cards, {g.names[seat]} must hold at least as many {tn} cards "
                f"as every other player (H-5.3; checked {when} the doubling cards are discarded, "
                f"H-5.4): {you}, {ahead}.")

    claim_options_in_order = True
    claim_count_by_kind = True  # (its doublings depend on the route's colour and spaces only)

    def claim_options_start(self, seat: int) -> None:
        # (spare Locomotives, memo (type, need) -> Locomotives left -> allowed doublings): the
        # doublings of a payment depend on these only, shared by every route of one listing
        self._options = (self.game.hands[seat][LOCO], {})

    def claim_options(self, seat: int, route: "Route", base: list[ClaimRoute]) -> list[ClaimRoute]:
        """Each base payment, followed by its doublings (every allowed mix of Terrain cards and
        spare Locomotives, H-5, H-6) in legal-action order."""
        each = self._payment_doublings(seat, route, base)
        if each is None:
            return base
        out = []
        for a, terrains in zip(base, each):
            out.append(a)
            if terrains:
                out += map(claim_variants(a, "terrain").__getitem__, terrains)
        return out

    def claim_count(self, seat: int, route: "Route", base: list[ClaimRoute]) -> int:
        """How many claims :meth:`claim_options` makes of ``base`` (each payment and its
        doublings), without building them."""
        each = self._payment_doublings(seat, route, base)
        return len(base) if each is None else len(base) + sum(map(len, each))

    def claim_nth(self, seat: int, route: "Route", base: list[ClaimRoute], k: int) -> ClaimRoute:
        """``claim_options(seat, route, base)[k]`` (0 <= k), building only that claim."""
        each = self._payment_doublings(seat, route, base)
        if each is None:
            return base[k]
        for a, terrains in zip(base, each):
            if not k:
                return a
            if k <= len(terrains):
                return claim_variants(a, "terrain")[terrains[k - 1]]
            k -= 1 + len(terrains)
        raise IndexError("claim index out of range")

    def _payment_doublings(self, seat: int, route: "Route", base: list[ClaimRoute]) -> list[list] | None:
        """The doublings ``seat`` may add to each payment of ``base`` on ``route`` (each a list
        of ``ClaimRoute.terrain`` in legal-action order, :meth:`_allowed`), for the listing
        :meth:`claim_options_start` began; None if no payment has any."""
        if not base:
            return None
        spare, by_left, t, need = self._doublings_of(seat, route)
        if not by_left[spare]:  # (a payment leaves at most every spare Locomotive)
            return None
        out = []
        for a in base:
            pay = a.pay  # canonical: the Locomotives come last
            left = spare - pay[-1][1] if pay[-1][0] == LOCOMOTIVE else spare
            terrains = by_left.get(left)
            if terrains is None:
                terrains = by_left[left] = self._allowed(seat, t, need, left)
            out.append(terrains)
        return out

    def _doublings_of(self, seat: int, route: "Route") -> tuple[int, dict, str, int]:
        """(spare Locomotives, Locomotives left -> allowed doublings, terrain type, cards per
        doubling) of ``route`` for the listing :meth:`claim_options_start` began."""
        spare, memo = self._options
        t = TERRAIN_OF_COLOR[route.color]
        need = cards_needed(route.length)
        by_left = memo.get((t, need))
        if by_left is None:
            by_left = memo[(t, need)] = {}
            # (a payment leaves at most every spare Locomotive, and fewer allow no more mixes:
            # with no doubling then, the route has none)
            by_left[spare] = self._allowed(seat, t, need, spare)
        return spare, by_left, t, need

    def _allowed(self, seat: int, t: str, need: int, locos: int,
                 stand: tuple[int, int] | None = None) -> list[tuple[tuple[str, int], ...]]:
        """The ``ClaimRoute.terrain`` of every doubling ``seat`` may add now to a payment that
        leaves ``locos`` Locomotives (the majority allows it, H-5.3), in legal-action order
        (``stand``: :meth:`standing` of ``seat`` and ``t``, if known)."""
        if stand is None:
            stand = self.standing(seat, t)
        key = (t, need, locos, stand)
        hit = self._allowed_cache.get(key)
        if hit is None:  # (it depends on these and the settings only: remembered)
            hit = self._allowed_cache[key] = [terrain for r, terrain in self._doublings(t, need, stand[0], locos)
                                              if self.majority_ok(seat, t, r, stand)]
        return hit

    def _doublings(self, t: str, need: int, real: int, locos: int) -> list[tuple[int, tuple]]:
        """(real cards, ``ClaimRoute.terrain``) of every :meth:`mixes`, sorted by the terrain
        pairs (the legal-action order). Cached: it depends on these numbers and the policies."""
        pol = self.game.policies
        key = (t, need, real, locos, pol["loco_terrain_value"], pol["loco_as_terrain"],
               pol["require_real_terrain_card"])
        hit = self._mix_cache.get(key)
        if hit is None:
            mixes = [(r, terrain_pairs(t, r, l)) for r, l in self.mixes(need, real, locos)]
            hit = self._mix_cache[key] = sorted(mixes, key=lambda x: x[1])
        return hit

    @classmethod
    def claim_spread(cls, board: "Board") -> int:
        return 1 + 3  # a payment and at most 3 doublings (2 cards: 2 + 0, 1 + 1, 0 + 2; H-5.2, H-6)

    def claim_kernels(self, seat: int) -> list[int]:
        """By route colour, the payments ``seat``'s cards make on each slot of routes (as
        ``claiming.count_claims`` counts them), each counted once and once more for each
        doubling it allows (H-5, H-6): the Terrain type's kernels (:meth:`_kernels`: the
        payments by what they leave, :func:`doubling_kernels`, weighted by the doublings each
        leaves room for, :meth:`_doubling_weights`) for the cards of the colour held, plus
        the all-Locomotive payment's; gray routes are Mountain & Cliff (H-3.3), paid in any
        colour."""
        g = self.game
        T = g.T
        h0, h1, h2, h3, h4, h5, h6, h7, w = g.hands[seat]
        trains = g.trains[seat]
        tk = trains if trains < T.maxneed else T.maxneed
        wk = w if w < T.maxlen + 2 else T.maxlen + 2
        held = g.ext[self.name]["held"]  # (self.state, inline)
        mine = held[seat]
        D, J, Mt = TERRAINS
        # :meth:`standing` of the three types in one pass (calling it three times costs a random
        # Heart of Africa game 3 to 9 % more): each type's cards, the seat's and the most of any other
        d0, j0, m0 = mine[D], mine[J], mine[Mt]
        d1 = j1 = m1 = 0
        for h in held:
            if h is not mine:
                d, j, m = h[D], h[J], h[Mt]
                if d > d1:
                    d1 = d
                if j > j1:
                    j1 = j
                if m > m1:
                    m1 = m
        K = g.kernels  # (the board's kernel table for the game's number of cards)
        got = self._rows.get((id(K), tk, wk))  # each Terrain type's kernels by standing
        if got is None or got[0] is not K:
            got = self._rows[(id(K), tk, wk)] = (K, {})
        by = got[1]  # (keyed type << 40 | cards held << 20 | the most another holds)
        d = by.get(d0 << 20 | d1)
        if d is None:
            d = by[d0 << 20 | d1] = self._kernels(g, seat, D, (d0, d1), tk, wk)
        j = by.get(1 << 40 | j0 << 20 | j1)
        if j is None:
            j = by[1 << 40 | j0 << 20 | j1] = self._kernels(g, seat, J, (j0, j1), tk, wk)
        m = by.get(2 << 40 | m0 << 20 | m1)
        if m is None:
            m = by[2 << 40 | m0 << 20 | m1] = self._kernels(g, seat, Mt, (m0, m1), tk, wk)
        # one line per colour (a loop costs more): red, orange, yellow are Desert & Savanna,
        # green, blue, pink Jungle & Forest, white, black (and gray) Mountain & Cliff (H-3.2);
        # each colour's cards with the all-Locomotive payment, the gray routes' in any colour
        (d, dp), (j, jp), (m, mp) = d, j, m
        gray = m[0]
        if h0:
            gray += m[h0]
        if h1:
            gray += m[h1]
        if h2:
            gray += m[h2]
        if h3:
            gray += m[h3]
        if h4:
            gray += m[h4]
        if h5:
            gray += m[h5]
        if h6:
            gray += m[h6]
        if h7:
            gray += m[h7]
        # (the all-Locomotive payments' doublings depend on the route's type: no tenth kernel)
        return [dp[h0], dp[h1], dp[h2], jp[h3], jp[h4], jp[h5], mp[h6], mp[h7], gray, 0]

    def _kernels(self, g: "Game", seat: int, t: str, stand: tuple[int, int], tk: int,
                 wk: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For the routes of type ``t``: by cards of one colour held (0: the all-Locomotive
        payment; as many as ``game.kernels``), the packed claims by slot of a seat with ``wk``
        Locomotives, ``tk`` trains (both capped) and ``stand`` (:meth:`standing`): each payment
        (``game.kernels``) and each doubling it allows (:func:`doubling_kernels` weighted by
        :meth:`_doubling_weights`); and the same with the all-Locomotive payment's added."""
        wt = self._doubling_weights(seat, t, stand)
        T = g.T
        K = g.kernels
        hit = _WEIGHTED.get((id(K), tk, wk, wt))  # (many standings allow the same doublings)
        if hit is None or hit[0] is not K:
            base = K[tk][wk]
            rows = list(base)
            if wt:
                ks = doubling_kernels(T)[tk][wk]
                for h, kk in enumerate(ks):
                    rows[h] += sum(a * k for a, k in zip(wt, kk))
                rows[len(ks):] = [rows[len(ks) - 1]] * (len(base) - len(ks))  # (more pay as maxlen)
            plus = [rows[0]] + [r + rows[0] for r in rows[1:]]
            hit = _WEIGHTED[(id(K), tk, wk, wt)] = (K, (tuple(rows), tuple(plus)))
        return hit[1]

    def _doubling_weights(self, seat: int, t: str, stand: tuple[int, int]) -> tuple[int, ...]:
        """How many doublings of type ``t`` ``seat`` may add (its ``stand``: :meth:`standing`)
        to a payment on a route of 1 and of 2 cards per doubling that leaves j Locomotives, for
        each (cards per doubling, j) of :data:`_LEFT` (j up to the cards); () if none."""
        out = tuple(len(self._allowed(seat, t, need, j, stand)) for need, j in _LEFT)
        return out if any(out) else ()

    def claim_why_not(self, seat: int, action: ClaimRoute, route: "Route") -> str | None:
        if not action.terrain:
            return None
        g = self.game
        pol = g.policies
        who = g.names[seat]
        t = terrain_of(route)
        tn = TERRAIN_NAMES[t]
        label = route_label(g.board, route.id)
        offered = dict(action.terrain)
        for name in offered:
            if name == t or name == LOCOMOTIVE:
                continue
            if name in TERRAINS:
                return (f"{label} is a {tn} route (its printed colour is {route.color}, H-3.2, H-3.3): "
                        f"double it with {tn} cards, not {TERRAIN_NAMES[name]} cards.")
            return (f"{name!r} is not a Terrain card: double a route with "
                    f"{', '.join(TERRAINS)} cards (or Locomotives, H-6).")
        r = offered.get(t, 0)
        l = offered.get(LOCOMOTIVE, 0)
        if l and not pol["loco_as_terrain"]:
            return ("Locomotives can't stand in for Terrain cards in this game (setting "
                    "loco_as_terrain=False, H-6.1).")
        need = cards_needed(route.length)
        v = pol["loco_terrain_value"]
        worth = r + v * l
        spent = spent_text(t, r, l)
        if worth < need:
            each = f"; each Locomotive counts as {v} (H-6.3)" if l else ""
            return (f"Doubling {label} takes {terrain_word(t, need)} "
                    f"(a route of {route.length} spaces, H-5.2); {spent} is not enough{each}.")
        if not _minimal(need, r, l, v):
            return (f"Doubling {label} takes {terrain_word(t, need)} (a route of {route.length} spaces, "
                    f"H-5.2); {spent} is more than that: spend no card more than needed.")
        if pol["require_real_terrain_card"] and r == 0:
            return (f"Doubling {label} needs at least one real {tn} card besides Locomotives (setting "
                    f"require_real_terrain_card=True, H-6.3).")
        have = self.state["held"][seat][t]
        if r > have:
            held = f"no {tn} card" if have == 0 else f"only {terrain_word(t, have)}"
            return (f"{who} has {held} in front of them; the doubling offers {terrain_word(t, r)} "
                    f"(H-5.2).")
        if l:
            try:
                pay_l = action.counts()[LOCO]
            except KeyError:
                pay_l = 0
            hand_l = g.hands[seat][LOCO]
            if pay_l + l > hand_l:
                return (f"{who} holds {hand_l} Locomotive{'s' * (hand_l != 1)}: {pay_l} pay for the route and "
                        f"{l} more would stand in for Terrain cards; a Locomotive can't do both (H-6.4).")
        return self.majority_why_not(seat, t, r, route)

    def take_payment(self, seat: int, action: ClaimRoute, counts: list[int]) -> bool:
        """Spend the doubling cards: Terrain cards to the Terrain discards (H-5.6), Locomotives
        to the train discards (H-6.6). The core then takes the payment itself (returns False)."""
        if action.terrain:
            g = self.game
            st = self.state
            self._now = None
            for name, n in action.terrain:
                if name == LOCOMOTIVE:
                    g.hands[seat][LOCO] -= n
                    g.discard.extend([LOCO] * n)
                else:
                    st["held"][seat][name] -= n
                    st["discard"].extend([name] * n)
        return False

    def claim_points(self, seat: int, action: ClaimRoute, route: "Route", points: int) -> int:
        if action.terrain:  # H-5.6: the route's value again (claiming.route_worth's terrain part)
            return points + route_worth(self.game.board, route, doubled=True).terrain
        return points

    def claim_record(self, seat: int, action: ClaimRoute, route: "Route") -> tuple[bool, tuple[str, ...]] | None:
        if not action.terrain:
            return None
        t = terrain_of(route)
        d = dict(action.terrain)
        return True, (t,) * d.get(t, 0) + (LOCOMOTIVE,) * d.get(LOCOMOTIVE, 0)

    def after_claim(self, seat: int, action: ClaimRoute, route: "Route") -> None:
        if action.terrain:
            g = self.game
            if g.recording:
                t = terrain_of(route)
                d = dict(action.terrain)
                r, l = d.get(t, 0), d.get(LOCOMOTIVE, 0)
                held = self.state["held"]
                best = max((held[o][t] for o in range(g.n) if o != seat), default=0)
                g.emit("terrain_double", seat, route.id, t, r, l, held[seat][t] + r, best,
                       g.board.route_points(route.length))
            self._refill()  # discards may refill an empty face-up slot (H-4.4)

    # -- view, counts ----------------------------------------------------------------------
    def view(self, seat: int | None, view: dict[str, Any]) -> None:
        st = self.state
        for p, h in zip(view["players"], st["held"]):
            p["terrain"] = dict(h)
        disc = {t: st["discard"].count(t) for t in TERRAINS if t in st["discard"]}
        v = {"display": list(st["display"]), "deck": len(st["deck"]), "discard": disc}
        if seat is None:
            v["deck_order"] = list(reversed(st["deck"]))
        view["terrain"] = v

    def counts(self) -> dict[str, int]:
        st = self.state
        return {"terrain_cards": len(st["deck"]) + sum(1 for c in st["display"] if c is not None)
                + len(st["discard"]) + sum(sum(h.values()) for h in st["held"])}


def _minimal(need: int, r: int, l: int, v: int) -> bool:
    """r Terrain cards + l Locomotives (worth v each) pay ``need`` with no card to spare."""
    worth = r + v * l
    if worth < need:
        return False
    if r and worth - 1 >= need:
        return False
    if l and worth - v >= need:
        return False
    return True


# -- events ----------------------------------------------------------------------------------
def _who(game: "Game", seat: int | None) -> str:
    return game.names[seat] if seat is not None else ""


@register_event("terrain_deal")
def _ev_deal(game, seat, args):
    (t,) = args
    return f"{_who(game, seat)} is dealt {_a(t)} (Terrain cards lie face up in front of their owner, H-3.4, H-3.5).", None


@register_event("terrain_display")
def _ev_display(game, seat, args):
    (cards,) = args
    shown = ", ".join(TERRAIN_NAMES[c] for c in cards if c is not None) or "nothing"
    return f"Terrain cards face up: {shown}.", None


@register_event("terrain_take")
def _ev_take(game, seat, args):
    (t,) = args
    return f"{_who(game, seat)} draws a face-up {TERRAIN_NAMES[t]} card.", None


@register_event("terrain_blind")
def _ev_blind(game, seat, args):
    (t,) = args
    return (f"{_who(game, seat)} draws {_a(t)} from the Terrain deck (and lays it face up, H-3.5)."), None


@register_event("terrain_refill")
def _ev_refill(game, seat, args):
    (t,) = args
    return f"A {TERRAIN_NAMES[t]} card is turned face up on the Terrain display (H-4.3).", None


@register_event("terrain_reshuffle")
def _ev_reshuffle(game, seat, args):
    (n,) = args
    return (f"The Terrain deck is empty: the {n} discarded Terrain cards are shuffled into a new "
            f"Terrain deck (H-4.4)."), None


@register_event("terrain_double")
def _ev_double(game, seat, args):
    rid, t, r, l, held, best, pts = args
    who = _who(game, seat)
    label = route_label(game.board, rid)
    if held > best:
        why = f"{who} held {held}, the most"
    elif held == best:
        why = f"{who} held {held}, tied for the most"
    else:
        why = f"{who} held {held}"
    return (f"{who} doubles {label} with {spent_text(t, r, l)} ({why}, H-5.3): "
            f"{pts} → {2 * pts} points (H-5.6)."), None


# -- the rules asked as questions (for lessons and exercises) ------------------------------
def routes_of(board: Any, t: str) -> list[int]:
    """The ids of the routes of Terrain type ``t`` (from their printed colours, H-3.2, H-3.3),
    in board order.

    >>> import ttr_nb
    >>> len(routes_of(ttr_nb.load_map("heart_of_africa"), "desert"))
    34
    """
    if t not in TERRAINS:
        raise ValueError(f"{t!r} is not a Terrain type; the types are {', '.join(TERRAINS)}")
    return [r.id for r in board.routes if terrain_of(r) == t]


def _mechanic(game: "Game") -> Terrain:
    for m in game.mechanics:
        if isinstance(m, Terrain):
            return m
    from ..errors import IllegalAction

    raise IllegalAction(f"{game.variant.title} has no Terrain cards (they belong to The Heart of Africa).")


def double_why_not(game: "Game", seat: int, route: Any) -> str | None:
    """Why ``seat`` may not double ``route`` now by the majority rule (H-5.3 to H-5.5), in
    the engine's words; None if the majority allows it.

    Only the majority is asked, as if ``seat`` spent the real Terrain cards of the route's
    type it holds (up to the cards needed, H-5.2): not whether it can pay for the route.
    ``route`` is an id or a name such as ``"Bangui–Kisangani"``.
    """
    m = _mechanic(game)
    r = game.board.route(game.board.route_id(route))
    t = terrain_of(r)
    real = min(m.held(seat)[t], cards_needed(r.length))
    return m.majority_why_not(seat, t, real, r)


def terrain_text(game: "Game", majorities: bool = True) -> str:
    """What every player sees of the Terrain cards (H-3.5): each player's cards, who may double
    each type by the majority rule (H-5.3; left out with ``majorities=False``), the face-up
    Terrain cards and the Terrain deck."""
    m = _mechanic(game)
    st = m.state
    lines = ["Terrain cards in front of each player:"]
    for s, name in enumerate(game.names):
        held = m.held(s)
        lines.append(f"  {name}: " + ", ".join(f"{held[t]} {TERRAIN_NAMES[t]}" for t in TERRAINS))
    for t in TERRAINS if majorities else ():
        ok = [game.names[s] for s in range(game.n) if m.majority_ok(s, t, 0)]
        lines.append(f"  may double {TERRAIN_NAMES[t]} routes: {', '.join(ok) or 'nobody'}")
    shown = ", ".join(TERRAIN_NAMES[c] for c in st["display"] if c is not None) or "none"
    lines.append(f"Face up: {shown}; Terrain deck: {len(st['deck'])} cards; "
                 f"discarded: {len(st['discard'])}")
    return "\n".join(lines)


def doubled_claims(game: "Game") -> dict[int, list[ClaimRoute]]:
    """The doubled claims the player to act may make now (``game.legal_actions()``), by route
    id, sorted. Each route is one decision ("double this route"); its list holds every legal
    way to pay for it (train cards and doubling cards), so there are usually more claims than
    decisions."""
    out: dict[int, list[ClaimRoute]] = {}
    for a in game.legal_actions():
        if isinstance(a, ClaimRoute) and a.terrain:
            out.setdefault(a.route, []).append(a)
    return dict(sorted(out.items()))


def doubling_offers(game: "Game", route: Any, **settings: Any) -> list[str]:
    """The ways the player to act may double ``route`` now, as the doubling cards in words
    ('1 Jungle & Forest card + 1 Locomotive'), whatever train cards pay for the route.

    With ``settings`` (the variant's Terrain settings, e.g. ``loco_terrain_value=2``) the same
    game is replayed under them first (SaveError if an earlier move is illegal there), so one
    moment can be compared under several readings of the open rules (H-6.3).
    """
    if settings:
        rec = game.to_dict()
        game = type(game).from_json({**rec, "policies": {**rec["policies"], **settings}})
    rid = game.board.route_id(route)
    t = terrain_of(game.board.route(rid))
    ways = {a.terrain for a in doubled_claims(game).get(rid, [])}
    return [spent_text(t, dict(w).get(t, 0), dict(w).get(LOCOMOTIVE, 0)) for w in sorted(ways)]


__all__ = ["Terrain", "DrawTerrain", "TERRAINS", "TERRAIN_NAMES", "TERRAIN_OF_COLOR", "terrain_of", "cards_needed",
           "terrain_pairs", "terrain_word", "spent_text", "routes_of", "double_why_not",
           "terrain_text", "doubled_claims", "doubling_offers"]
