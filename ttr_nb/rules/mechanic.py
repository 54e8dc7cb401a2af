"""The plug for a rules mechanic (terrain cards, teams, tunnels, mountains...).

A mechanic is a subclass of :class:`Mechanic` in a module of its own (under ``ttr_nb/rules/``
for the shipped ones, anywhere for yours), registered by name with
:func:`ttr_nb.rules.register_mechanic` and listed in a variant's ``mechanics``
(docs/extending.md). The game makes
one instance per game (``self.game``) and calls only the hooks the subclass overrides, so an
unused hook costs nothing. Every hook has a no-op default here; docs/ENGINE.md explains the
order in which they are called.

State: keep it in ``self.state`` (= ``game.ext[self.name]``), JSON-able plain data (dicts,
lists, ints, strings). It is saved in ``game.state()``, compared by the tests and rebuilt by
replay (undo and load replay the actions from the seed, so there is no restore hook).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action, ClaimRoute
    from ..board import Board, Route
    from ..game import Game
    from ..scoring.lines import Claim, Line, Scorer

HOOKS = (
    "setup", "actions", "claim_cards", "claim_options", "claim_why_not", "take_payment",
    "claim_intercept", "claim_points", "after_claim", "claim_record", "receive_card",
    "second_card_possible", "after_keep", "end_check", "scorers", "view", "counts",
    "open_for", "draw_why_not", "pending_reason", "claim_kernels",
)
"""The hook names; Game builds, for each, the list of mechanics that override it."""


class Mechanic:
    """Base class: every hook does nothing. Override what the mechanic needs.

    ``action_types`` are the Action classes this mechanic owns: the game sends them to
    :meth:`why_not` and :meth:`apply`. ``pending_kinds`` are the decision kinds it introduces
    (``game.pending``); :meth:`actions` must list the legal actions for them.
    """

    name: ClassVar[str] = "mechanic"
    action_types: ClassVar[tuple[type, ...]] = ()
    pending_kinds: ClassVar[tuple[str, ...]] = ()
    claim_fields: ClassVar[tuple[str, ...]] = ()
    """The parts of a ClaimRoute this mechanic reads (``'from_holder'``, ``'terrain'``); in a
    game without a mechanic that reads one, a claim must leave it empty."""
    claim_options_in_order: ClassVar[bool] = False
    """True if :meth:`claim_options` returns nothing for an empty ``base`` and, given ``base``
    in legal-action order, returns each base payment's options as one block in that order
    (then the core skips routes without a base payment and does not re-sort)."""
    claim_count_by_kind: ClassVar[bool] = False
    """True if, within one listing (after :meth:`claim_options_start`), what
    :meth:`claim_options` makes of a route's base payments depends on the route's spaces,
    ferry Locomotives and colour only (not on which route it is): then the core counts each
    kind of route once per listing."""

    def __init__(self, game: "Game"):
        self.game = game

    @property
    def state(self) -> Any:
        return self.game.ext[self.name]

    # -- life cycle ------------------------------------------------------------------------
    def init(self) -> None:
        """Create this mechanic's state: ``self.game.ext[self.name] = {...}`` (before any deal)."""
        self.game.ext[self.name] = {}

    def setup(self) -> None:
        """Deal or lay out what the mechanic needs; called after the train cards are dealt and
        the display is turned up, before the tickets are dealt."""

    # -- actions ---------------------------------------------------------------------------
    def actions(self, kind: str) -> Sequence["Action"]:
        """Extra legal actions for the current decision ``kind`` (= ``game.pending``: 'turn',
        'second-card', 'keep-tickets', 'setup-tickets' or one of ``pending_kinds``), in any
        order; a sequence the caller does not change (a mechanic may hand out one it keeps)."""
        return ()

    def why_not(self, action: "Action") -> str | None:
        """Why one of this mechanic's own actions is illegal now (None = legal)."""
        return None

    def apply(self, action: "Action") -> None:
        """Apply one of its own (checked) actions: change the state, ``game.emit`` events,
        and end the turn (``game.end_turn()``) or set ``game.pending``."""
        raise NotImplementedError

    def pending_reason(self, kind: str) -> str | None:
        """What the game waits for while ``game.pending == kind``, as a sentence naming the player
        and the choice ("Ana must first decide whether to pay 2 more green cards ..."); it is
        the reason any other action is refused. None = not this mechanic's to word (the core
        words its own kinds; an unworded kind reads "must first finish the pending decision")."""
        return None

    def draw_why_not(self, source: str) -> str | None:
        """A DrawCard source this mechanic owns (e.g. a Terrain card): why it can't be drawn now.
        Return ``NotImplemented`` for sources it does not own."""
        return NotImplemented  # type: ignore[return-value]

    # -- claiming --------------------------------------------------------------------------
    def claim_cards(self, seat: int) -> list[int] | None:
        """The 9 card counts ``seat`` may pay with (default: the hand). Team Asia: hand + holder."""
        return None

    def claim_options_start(self, seat: int) -> None:
        """Called (on a mechanic that overrides :meth:`claim_options`) once before the
        :meth:`claim_options` calls that list ``seat``'s claims now, with the state unchanged
        until the last of them: prepare what they share."""

    def claim_options(self, seat: int, route: "Route", base: list["ClaimRoute"]) -> list["ClaimRoute"]:
        """Expand the base payments of a route into the full legal list (e.g. with and without
        Terrain doubling, or every hand/holder split); see ``claim_options_in_order``."""
        return base

    def claim_count(self, seat: int, route: "Route", base: list["ClaimRoute"]) -> int:
        """``len(self.claim_options(seat, route, base))``; override to count without building
        the claims (a random player reads one claim of the many it counts)."""
        return len(self.claim_options(seat, route, base))

    def claim_nth(self, seat: int, route: "Route", base: list["ClaimRoute"], k: int) -> "ClaimRoute":
        """``self.claim_options(seat, route, base)[k]`` (0 <= k); override to build that claim
        alone (a random player reads one claim of the many it counts)."""
        return self.claim_options(seat, route, base)[k]

    def claim_kernels(self, seat: int) -> "list[int] | None":
        """``seat``'s claims now by route colour and slot, to count them all without walking
        the routes (None: counted route by route, :meth:`claim_count`): for each colour index
        (0 to 7, 8 gray) a kernel (``claiming.Tables.pack``) holding, at each slot of routes
        (trains, spaces, ferry Locomotives) the seat's trains allow, how many claims
        :meth:`claim_options` makes on a route of that colour and slot; a tenth kernel counts
        claims on every route whatever its colour (0 if none). Used only when this
        mechanic is the one that expands claims (a random player counts every claim each turn
        and reads one in about three turns: ``claiming.claim_total``,
        ``claiming.nth_route_claim``)."""
        return None

    @classmethod
    def claim_spread(cls, board: "Board") -> int:
        """At most how many claims :meth:`claim_options` makes of one base payment on
        ``board``: the game's packed counts (``claiming.Tables``) get room for that many."""
        return 1

    def claim_why_not(self, seat: int, action: "ClaimRoute", route: "Route") -> str | None:
        """Extra checks of a claim (its reserved fields); None = fine."""
        return None

    def take_payment(self, seat: int, action: "ClaimRoute", counts: list[int]) -> bool:
        """Remove the paid cards (``counts``, 9 card counts) from where they are held (hand and
        team holder); return True if done (default: the core takes them from the hand). The core
        then discards them, unless a ``claim_intercept`` holds the claim."""
        return False

    def claim_intercept(self, seat: int, action: "ClaimRoute", route: "Route", counts: list[int]) -> bool:
        """Return True to hold the claim (e.g. a tunnel reveal). The paid ``counts`` are then on
        the table, neither held nor discarded: the mechanic keeps them in its state, sets a
        pending decision, and later either discards them (and the extra cards) and calls
        ``game.complete_claim(seat, action)``, or gives them back and calls ``game.end_turn()``."""
        return False

    def claim_points(self, seat: int, action: "ClaimRoute", route: "Route", points: int) -> int:
        """The route's points (e.g. doubled by Terrain cards)."""
        return points

    def after_claim(self, seat: int, action: "ClaimRoute", route: "Route") -> None:
        """After the route is placed and scored (mountain trains, spent Terrain cards...)."""

    def claim_record(self, seat: int, action: "ClaimRoute", route: "Route") -> tuple[bool, tuple[str, ...]] | None:
        """(doubled, terrain_spent) for the Scoresheet's Claim; None = (False, ())."""
        return None

    def open_for(self, seat: int, route: "Route") -> str | None | type[NotImplemented]:
        """Why ``route`` is closed to ``seat`` beyond the base double-route rule, None if open,
        NotImplemented to leave it to the core."""
        return NotImplemented

    # -- drawing ---------------------------------------------------------------------------
    def receive_card(self, seat: int, card: int, nth: int, face_up: bool) -> bool:
        """A drawn train card (``nth`` = 1 or 2 in the turn): return True if the mechanic put it
        somewhere (e.g. the team holder) instead of the hand."""
        return False

    def second_card_possible(self) -> bool:
        """True if this mechanic offers a second card (e.g. a Terrain card) when no train card
        can be taken (B-4.9)."""
        return False

    # -- tickets, end, scoring -------------------------------------------------------------
    def after_keep(self, seat: int, kept: tuple[str, ...], setup: bool) -> bool:
        """After ``seat`` kept tickets: return True if a pending decision follows (e.g. share one)."""
        return False

    def end_check(self, seat: int) -> bool | None:
        """At the end of ``seat``'s turn: does the final round start? None = the base rule (B-7.1)."""
        return None

    def scorers(self) -> list | None:
        """The Scoresheet's scorers (e.g. teams); None = one per player."""
        return None

    # -- the Scoresheet (class methods: a sheet may be made without a game) ----------------
    score_sections: ClassVar[tuple[tuple[str, str], ...]] = ()
    """The kinds of score line this mechanic adds, each with its section title, in sheet
    order: Terrain's ``(("terrain", "terrain doubling"),)``."""
    score_settings: ClassVar[tuple[str, ...]] = ()
    """The settings (policy names) its score lines read; sheets under equal values share the
    lines of plain claims."""

    @classmethod
    def claim_lines(cls, board: "Board", claim: "Claim", route: "Route",
                    settings: dict[str, Any]) -> "tuple[Line, ...]":
        """The score lines this mechanic adds to one claim, after its route line (a doubling,
        a Mountain Crossing); ``settings`` holds :attr:`score_settings` (None = the default)."""
        return ()

    @classmethod
    def claim_problem(cls, board: "Board", scorer: "Scorer", claim: "Claim", route: "Route") -> str | None:
        """Why a claim handed to a Scoresheet cannot be (a doubling the route cannot have), in
        words; None = fine."""
        return None

    @classmethod
    def ticket_routes(cls, board: "Board", scorer: "Scorer", scorers: "tuple[Scorer, ...]",
                      settings: dict[str, Any]) -> tuple[int, ...]:
        """Routes of other scorers that ``scorer`` may also use to complete its tickets (a
        station's borrowed route); () = only its own."""
        return ()

    @classmethod
    def scorer_lines(cls, board: "Board", scorer: "Scorer", scorers: "tuple[Scorer, ...]",
                     settings: dict[str, Any]) -> "tuple[Line, ...]":
        """Score lines of a whole scorer this mechanic adds (unused stations), after the
        claims' lines."""
        return ()

    def view(self, seat: int | None, view: dict[str, Any]) -> None:
        """Add what ``seat`` may see (None = the teacher) to the view dict."""

    def counts(self) -> dict[str, int]:
        """Conserved quantities for the tests, e.g. {'train_cards_elsewhere': 3, 'terrain_cards': 45}.
        'train_cards_elsewhere' counts train cards held outside deck/display/discard/hands."""
        return {}


_PLANS: dict[tuple[type, ...], tuple[tuple[str, tuple[int, ...]], ...]] = {}


def hook_lists(mechanics: list[Mechanic]) -> dict[str, list[Mechanic]]:
    """For each hook name of :data:`HOOKS`, the mechanics (in their order) whose class
    overrides it: the lists ``game._hooks`` holds. Which classes override which hooks is
    worked out once for each combination of classes."""
    key = tuple(map(type, mechanics))
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = tuple(
            (h, tuple(k for k, m in enumerate(mechanics) if getattr(type(m), h) is not getattr(Mechanic, h)))
            for h in HOOKS)
    get = mechanics.__getitem__
    return {h: list(map(get, ks)) for h, ks in plan}
