"""The Game: state + legal_actions() / apply() / why_not() / undo() / view() / save and load.

A game is (variant, seed, actions): the seed deals the cards and tickets, and replaying the
same actions rebuilds the same state, which is how :meth:`Game.undo` and
:meth:`Game.from_json` work. Every step is one action; a pending decision (the second card,
keeping tickets, ...) is part of the state, so :meth:`Game.legal_actions` is always the full
truth about what may happen next.

>>> import ttr_nb
>>> from ttr_nb.actions import DrawCard, KeepTickets
>>> game = ttr_nb.new_game("usa", players=2, seed=7)
>>> game.current_player, game.pending
(0, 'setup-tickets')
>>> game.apply(game.legal_actions()[0])[0].text.startswith("Ana keeps")
True
>>> game.why_not(DrawCard("deck"))
'Bea must first choose which Destination Tickets to keep (at least 2 of the 3 dealt, B-2.4).'
"""
from __future__ import annotations

import json
import os
import random
from os import PathLike
from typing import Any, Iterable, Sequence

from .actions import (Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass,
                      action_from_json)
from .board import Board
from .cards import (CARD_NAMES, EMPTY, LOCO, count_cards, new_train_deck, rng_for, shuffle)
from . import saves, validate
from .errors import (MAX_NAME, ArgumentError, IllegalAction, SaveError, action_problem, load_json,
                     read_text, save_error, shown)
from .events import Event, Events, card_label, make_event
from .legal import LegalActions
from .rules import claiming, drawing, endgame, tickets
from .rules.mechanic import Mechanic, hook_lists
from .rules import mechanic_class
from .variants import Variant, get_variant
from .variants import variant_name as variants_name

FORMAT = "ttr_nb-game"
FORMAT_VERSION = 1
DEFAULT_NAMES = ("Ana", "Bea", "Cal", "Dee", "Eli", "Fay")

PENDING_KINDS = ("setup-tickets", "turn", "second-card", "keep-tickets", "over")
"""The core decision kinds (``game.pending``); mechanics add their own."""
MAX_ACTIONS = 100_000
"""Most actions a save file may list (a whole game has a few hundred)."""
MAX_SAVE_CHARS = 20_000_000
"""Longest save file (characters) :meth:`Game.from_json` reads."""


def new_game(variant: str | Variant = "usa", players: int | Sequence[str] = 2, seed: int = 0,
             **policy_overrides: Any) -> "Game":
    """Start a game: ``players`` is a count or a list of names; ``seed`` deals everything."""
    return Game(variant, players, seed, **policy_overrides)


class Game:
    """One game of Ticket to Ride. See the module docstring and docs/ENGINE.md."""

    is_game: bool = True
    """Marks the class, for modules the game imports (an action checks its ``game`` so)."""

    recording: bool = True
    """Are events recorded now? (False inside the random loop, which plays without them:
    ``game.log`` rebuilds them by replay when asked; the rules skip building the events of
    their hot paths then.)"""

    def __init__(self, variant: str | Variant = "usa", players: int | Sequence[str] = 2, seed: int = 0,
                 **policy_overrides: Any):
        v = get_variant(variant, **policy_overrides)
        names = _player_names(v, players)
        seed = validate.whole(seed, "seed")
        self.variant: Variant = v
        self.board: Board = v.board
        self.names: tuple[str, ...] = tuple(names)
        self.n: int = len(names)
        self.seed: int = seed
        self.policies: dict[str, Any] = dict(v.policies)
        self._mech_classes = [mechanic_class(m) for m in v.mechanics]
        self.T = claiming.tables(self.board, max((c.claim_spread(self.board) for c in self._mech_classes),
                                                 default=1))
        self.kernels = self.T.kernel_table(v.n_cards)
        """What each hand pays on each slot of route (``claiming.count_claims``)."""
        self.tix, self.tidx = _tickets_of(v)
        self._start()

    # ------------------------------------------------------------------ state & setup
    def _start(self) -> None:
        """Build the initial state from the seed (also used by undo and load)."""
        v = self.variant
        n = self.n
        self.pending = "setup-tickets"
        self.seat = 0
        self.turn = 0
        self.trigger = -1
        self.final_left = -1
        self.passes = 0
        self.shuffles = 0
        self.deck: list[int] = []
        self.display: list[int] = [EMPTY] * v.display_size
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[0] * 9 for _ in range(n)]
        self.trains: list[int] = [v.trains] * n
        self.points: list[int] = [0] * n
        self.owner: list[int] = [-1] * self.T.n
        self.claims: list[list[list]] = [[] for _ in range(n)]
        self.claim_turns: list[list[int]] = [[] for _ in range(n)]  # turn of each claim (1 = first)
        self.side: list[int] = list(range(n))
        self.doubles_open: bool = claiming.doubles_open(n, 1, self.policies)  # B-5.8
        self.tdeck: list[int] = []
        self.box: list[int] = []
        self.offered: list[list[int]] = [[] for _ in range(n)]
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.ext: dict[str, Any] = {}
        self._raw: list[tuple] = []
        self._raw_stale = False
        self._events: list[Event] = []
        self._hist: list[Any] = []
        self._version = 0
        self._legal: LegalActions | None = None
        self.mechanics: list[Mechanic] = [cls(self) for cls in self._mech_classes]
        if self.mechanics:
            self._hooks: dict[str, list[Mechanic]] = hook_lists(self.mechanics)
        else:
            self._hooks = _NO_HOOKS
        self._owned_types = {t: m for m in self.mechanics for t in m.action_types}
        h = self._hooks
        self._plain = not (h["claim_options"] or h["claim_cards"] or h["open_for"] or h["actions"])
        """No mechanic adds actions or changes which claims are legal: ``legal_actions`` counts
        the claims without building them."""
        for m in self.mechanics:
            m.init()
        self._setup()

    def _setup(self) -> None:
        v = self.variant
        self.emit("setup", None)
        deck = _fresh_deck(v.cards_per_color, v.locomotives)
        shuffle(deck, rng_for(self.seed, "cards", 0))
        self.deck = deck
        for s in range(self.n):  # B-2.2
            h = self.hands[s]
            for _ in range(v.initial_cards):
                h[deck.pop()] += 1
            self.emit("deal", s, tuple(h))
        for k in range(v.display_size):
            self.display[k] = deck.pop()
        self.emit("display", None, tuple(self.display))
        if self.display.count(LOCO) >= 3:  # B-2.6
            drawing.loco_reset(self)
        for m in self.mechanics:
            m.setup()
        tickets.deal_setup(self)
        if self.doubles_open:
            self.openf: list[bytearray] = [bytearray(b"\x01") * self.T.n for _ in range(self.n)]
        else:  # every claim closes its track and twins for everyone (B-5.8): one set of flags
            self.openf = [bytearray(b"\x01") * self.T.n] * self.n
        """openf[seat][i]: route index i is still open to seat (not claimed, not a closed twin);
        the seats share one bytearray when doubles are closed (they always agree then)."""
        self.openm: list[int] = [self.T.all_mask] * self.n
        """openm[seat]: the same as a mask (bit ``T.pos[i]`` for route index i; claiming.Tables)."""
        self.openv: list[list[int]] = [list(self.T.all_open) for _ in range(self.n)]
        """openv[seat]: the seat's open routes of each colour (0..7, 8 gray) and of all (9),
        counted by slot, packed (``claiming.count_claims``)."""

    def emit(self, kind: str, seat: int | None, *args: Any) -> None:
        """Record an event (a raw tuple; worded on demand, see ttr_nb.events)."""
        self._raw.append((kind, seat) + args)

    # ------------------------------------------------------------------ public state
    @property
    def current_player(self) -> int | None:
        """The seat that acts next (None once the game is over)."""
        return None if self.pending == "over" else self.seat

    @property
    def over(self) -> bool:
        return self.pending == "over"

    @property
    def players(self) -> tuple[str, ...]:
        return self.names

    @property
    def ticket_deck_size(self) -> int:
        return len(self.tdeck)

    @property
    def final_round(self) -> bool:
        """True once the end is triggered (B-7.1)."""
        return self.trigger >= 0

    @property
    def route_owners(self) -> dict[int, int]:
        """Claimed route id -> seat, sorted by route id."""
        rid = self.T.rid
        return {rid[i]: self.owner[i] for i in self.T.by_id if self.owner[i] >= 0}

    def _seat(self, seat: Any) -> int:
        """``seat`` if it is a seat of this game (0 to n - 1); ArgumentError otherwise (a
        negative seat is not Python's "from the end")."""
        if type(seat) is int and 0 <= seat < self.n:
            return seat
        return validate.seat(seat, self.n)  # type: ignore[return-value]

    def hand(self, seat: int) -> dict[str, int]:
        """The train cards of ``seat`` (card name -> count, nonzero only). Hidden information."""
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = self._seat(seat)
        return {CARD_NAMES[c]: k for c, k in enumerate(self.hands[seat]) if k}

    def tickets(self, seat: int) -> list[str]:
        """The kept tickets of ``seat`` (ids, in the order kept). Hidden information."""
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = self._seat(seat)
        return [self.tix[t].id for t in self.kept[seat]]

    def offered_tickets(self, seat: int) -> list[str]:
        """The tickets ``seat`` must choose from now (ids)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            seat = self._seat(seat)
        return [self.tix[t].id for t in self.offered[seat]]

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, in order."""
        return list(self._hist)

    @property
    def log(self) -> list[Event]:
        """Every event so far, worded (the teacher's view; see Event.text_for)."""
        if self._raw_stale:
            self._replay(list(self._hist))
        ev = self._events
        raw = self._raw
        for k in range(len(ev), len(raw)):
            ev.append(make_event(self, raw[k]))
        return list(ev)

    def state(self) -> dict[str, Any]:
        """The whole state as plain data (hidden parts included). Equal states give equal JSON."""
        tid = [t.id for t in self.tix]
        rid = self.T.rid
        return {
            "pending": self.pending, "seat": self.seat, "turn": self.turn, "trigger": self.trigger,
            "final_left": self.final_left, "passes": self.passes, "shuffles": self.shuffles,
            "deck": list(self.deck), "display": list(self.display), "discard": list(self.discard),
            "hands": [list(h) for h in self.hands], "trains": list(self.trains),
            "points": list(self.points),
            "owner": {str(rid[i]): o for i, o in enumerate(self.owner) if o >= 0},
            "claims": [[list(c) for c in cs] for cs in self.claims],
            "claim_turns": [list(ts) for ts in self.claim_turns],
            "ticket_deck": [tid[t] for t in self.tdeck], "box": [tid[t] for t in self.box],
            "offered": [[tid[t] for t in o] for o in self.offered],
            "kept": [[tid[t] for t in k] for k in self.kept],
            "ext": json.loads(json.dumps(self.ext)),
        }

    def state_json(self) -> str:
        """:meth:`state` as canonical JSON text (for comparisons)."""
        return json.dumps(self.state(), sort_keys=True, separators=(",", ":"))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> LegalActions:
        """Every legal action now, sorted (deterministic, complete: every payment is listed),
        as a read-only sequence that builds only what is read (:class:`ttr_nb.legal.LegalActions`).
        ``Pass`` appears only when nothing else is legal (B-3.4); empty once the game is over."""
        c = self._legal
        if c is not None and c._version == self._version:
            return c
        c = self._legal = LegalActions(self)
        return c

    def is_legal(self, action: Action) -> bool:
        return self.why_not(action) is None

    def why_not(self, action: Any) -> str | None:
        """The reason ``action`` is illegal now, in words a teacher can read aloud; None if legal."""
        if not isinstance(action, Action):
            return (f"{shown(action)} is not an action; use DrawCard, ClaimRoute, DrawTickets, "
                    f"KeepTickets or Pass (ttr_nb.actions).")
        huge = action_problem(action)
        if huge:
            return f"That is not a move of this game: {huge}."
        p = self.pending
        if p == "over":
            return "The game is over: no more actions (see game.score())."
        seat = self.seat
        t = type(action)
        owner = self._owned_types.get(t) if self._owned_types else None
        if owner is not None:
            return owner.why_not(action)
        if t is not DrawCard and t is not ClaimRoute and t not in (DrawTickets, KeepTickets, Pass):
            return f"{t.__name__} is not an action of {self.variant.name}."
        if t is DrawCard:
            if p == "turn" or p == "second-card":
                return drawing.why_not(self, seat, action.source, p == "second-card")
            return self._busy(p)
        if t is ClaimRoute:
            if p != "turn":
                return self._busy(p)
            return claiming.why_not(self, seat, action)
        if t is DrawTickets:
            if p != "turn":
                return self._busy(p)
            return tickets.why_not_draw(self, seat)
        if t is KeepTickets:
            if p not in ("setup-tickets", "keep-tickets"):
                busy = self._busy(p)
                return "There are no tickets to choose from now" + (f": {busy}" if busy else ".")
            return tickets.why_not_keep(self, seat, action)
        # Pass
        if p != "turn":
            return self._busy(p)
        legal = self.legal_actions()
        if legal and not isinstance(legal[0], Pass):
            return (f"{self.names[seat]} can't pass: there are legal actions (for example: "
                    f"{legal[0].text(self)}). Passing is allowed only when nothing else is (B-3.4).")
        return None

    def pending_reason(self) -> str | None:
        """What the game waits for, as a sentence naming the player and the choice (the reason
        an action of another kind is refused now); None on an ordinary turn. 'The game is over.'
        once it is."""
        if self.pending == "over":
            return "The game is over."
        return self._busy(self.pending)

    def _busy(self, p: str) -> str | None:
        for m in self._hooks["pending_reason"]:
            why = m.pending_reason(p)
            if why:
                return why
        who = self.names[self.seat]
        if p == "setup-tickets" or p == "keep-tickets":
            n = len(self.offered[self.seat])
            lo = tickets.min_keep(self)
            if p == "setup-tickets":
                return (f"{who} must first choose which Destination Tickets to keep (at least {lo} of "
                        f"the {n} dealt, B-2.4).")
            return (f"{who} must first choose which of the {n} drawn Destination Tickets to keep (at "
                    f"least {lo}, B-6.1).")
        if p == "second-card":
            return (f"{who} has taken one card and must now take the second one: the top card of the "
                    f"deck or a face-up card other than a Locomotive (B-4.1, B-4.4); a turn is one "
                    f"action only (B-3.1).")
        if p == "turn":
            return None
        return f"{who} must first finish the pending decision '{p}'."

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> Events:
        """Apply a legal action and return what happened (a read-only sequence of Events, each
        worded when read). Raises IllegalAction (with the reason) and leaves the game exactly
        as it was if the action is illegal."""
        raw = self._raw
        start = len(raw)
        c = self._legal  # (one of the very objects listed for this state: legal, not checked again)
        if c is None or c._version != self._version or action is not c._given and not c.holds(action):
            why = self.why_not(action)
            if why is not None:
                raise IllegalAction(why, action)
        self._exec(action)
        self._hist.append(action)
        self._version += 1
        return Events(self, raw[start:])

    def push(self, action: Action) -> None:
        """Play ``action`` unchecked: for a caller that knows it is legal (one read from
        ``legal_actions()`` of this state, or chosen by a player built on the rules). Like
        python-chess's ``push``: an illegal action here may break the game; :meth:`apply` checks.
        Returns nothing (``game.log`` words what happened)."""
        self._exec(action)
        self._hist.append(action)
        self._version += 1

    def _exec(self, a: Action) -> None:
        """Apply a checked (or trusted) action."""
        t = type(a)
        seat = self.seat
        if t is DrawCard:
            code = _SOURCE_CODE.get(a.source)
            if code is None:
                for m in self._hooks["draw_why_not"]:
                    if m.draw_why_not(a.source) is not NotImplemented:
                        m.apply(a)
                        return
                raise IllegalAction(f"unknown card source {a.source!r}", a)
            drawing.draw(self, seat, code)
        elif t is ClaimRoute:
            claiming.claim(self, seat, a)
        elif t is DrawTickets:
            tickets.draw(self, seat)
        elif t is KeepTickets:
            tickets.keep(self, seat, a.tickets)
        elif t is Pass:
            self.emit("pass", seat)
            endgame.end_turn(self, passed=True)
        else:
            m = self._owned_types.get(t)
            if m is None:  # (push() of something that is not an action of this game)
                raise IllegalAction(self.why_not(a) or f"{shown(a)} is not an action of this game.", a)
            m.apply(a)

    # hooks for rules modules and mechanics
    def end_turn(self, passed: bool = False) -> None:
        """End the current turn (rules modules and mechanics call this)."""
        endgame.end_turn(self, passed)

    def refill_display(self) -> None:
        drawing.refill(self)

    def complete_claim(self, seat: int, action: ClaimRoute, counts: list[int] | None = None) -> None:
        """Finish a held claim (a tunnel that was paid; its cards already discarded): place,
        score, refill, end the turn."""
        i = self.T.idx[action.route]
        claiming.complete_claim(self, seat, action, i, counts if counts is not None else action.counts())

    def claim_points(self, action: ClaimRoute) -> int | None:
        """The points ``action`` would score at once (None for an unknown route)."""
        if not isinstance(action, ClaimRoute):
            raise ArgumentError(f"claim_points takes a ClaimRoute, not {shown(action)}", "action")
        i = self.T.idx.get(action.route)
        if i is None:
            return None
        seat = self.seat if self.pending != "over" else 0
        return claiming.points_of(self, seat, action, i)

    # ------------------------------------------------------------------ random play
    def random_action(self, rng: random.Random) -> Action:
        """A legal action chosen uniformly at random with one ``rng.random()`` call:
        ``legal[int(rng.random() * len(legal))]`` of ``legal_actions()`` (legal order).
        IllegalAction once the game is over (nothing is legal)."""
        legal = self.legal_actions()
        if not legal:
            raise IllegalAction("The game is over: no more actions (see game.score()).")
        return legal[_pick(rng, len(legal))]

    def random_step(self, rng: random.Random) -> None:
        """:meth:`push` the :meth:`random_action` (same choice, same use of ``rng``)."""
        self.push(self.random_action(rng))

    def play_random(self, rng: random.Random | Sequence[random.Random],
                    max_steps: int | None = None) -> int:
        """Play random actions (as :meth:`random_step`, same choices) until the game is over or
        ``max_steps`` actions were played; ``rng``: one generator, or one per seat. Events are
        worded only when read (``game.log`` replays the game then). Returns the number of
        actions played."""
        if isinstance(rng, (list, tuple)):
            rng = list(list.__iter__(rng) if isinstance(rng, list) else tuple.__iter__(rng))
            if len(rng) != self.n:
                raise ArgumentError(f"rng must be one random generator or one per seat ({self.n}), not "
                                    f"{len(rng)}: {shown(rng)}", "rng")
            rnds = [_random_of(r, f"rng[{k}]") for k, r in enumerate(rng)]
        else:
            rnds = [_random_of(rng, "rng")] * self.n
        limit = -1 if max_steps is None else validate.whole(max_steps, "max_steps", 0, what="or None: to the end")
        k = 0
        execute = self._exec
        record = self._hist.append
        with unrecorded(self):
            while k != limit and self.pending != "over":
                legal = LegalActions(self)  # (as legal_actions(), then push: inline)
                a = legal[int(rnds[self.seat]() * legal._n)]
                execute(a)
                record(a)
                self._version += 1
                k += 1
        return k

    def legal_count(self) -> int:
        """``len(legal_actions())``."""
        return len(self.legal_actions())

    # ------------------------------------------------------------------ undo, save, load
    def undo(self) -> Action:
        """Take back the last action (exact: the game is replayed from the seed). Returns it."""
        if not self._hist:
            raise IllegalAction("There is nothing to undo: no action has been played yet.")
        hist = self._hist[:-1]
        last = self._hist[-1]
        self._replay(hist)
        return last

    def _replay(self, actions: Iterable[Any]) -> None:
        self._start()
        for a in actions:
            self._exec(a)
            self._hist.append(a)
            self._version += 1

    def copy(self) -> "Game":
        """An independent, exact copy of the game (state, history and log)."""
        g = Game.__new__(Game)
        d = dict(self.__dict__)
        for k, v in d.items():
            if isinstance(v, list):
                d[k] = [list(x) if isinstance(x, (list, bytearray)) else x for x in v]
                if v and isinstance(v[0], bytearray):
                    d[k] = _copies(v, bytearray)
                elif k == "claims":
                    d[k] = [[list(c) for c in cs] for cs in v]
        d["ext"] = json.loads(json.dumps(self.ext))
        d["policies"] = dict(self.policies)
        d["_legal"] = None
        g.__dict__.update(d)
        g.mechanics = [type(m)(g) for m in self.mechanics]
        g._hooks = hook_lists(g.mechanics)
        g._owned_types = {t: m for m in g.mechanics for t in m.action_types}
        return g

    def to_dict(self) -> dict[str, Any]:
        """The game record: format, version, variant, policies, players, seed, actions, and
        ``position``: what the game looked like when saved (:meth:`position`), so that loading
        can tell when the actions were changed afterwards."""
        return {"format": FORMAT, "version": FORMAT_VERSION, "variant": self.variant.name,
                "policies": dict(self.policies), "players": list(self.names), "seed": self.seed,
                "actions": [a.to_json() for a in self._hist], "position": self.position()}

    def position(self) -> dict[str, Any]:
        """The record of where the game stands, as a save keeps it: the number of actions,
        the turn, the last action (JSON; None before the first), ``history``, a short digest of
        the actions (16 hex digits of a SHA-256), and ``state``, one of :meth:`state_json`."""
        return {"actions": len(self._hist), "turn": self.turn,
                "last": self._hist[-1].to_json() if self._hist else None,
                "history": saves.digest([a.to_json() for a in self._hist]), "state": saves.digest(self.state_json())}

    def to_json(self, indent: int | None = None) -> str:
        """The game record as JSON text (replays exactly with :meth:`from_json`); ``indent``:
        None (one line), 0 to 8 spaces, or a text of up to 8 spaces or tabs."""
        if isinstance(indent, str) and len(str.__str__(indent)) <= 8 and not str.__str__(indent).strip(" \t"):
            indent = str.__str__(indent)  # (spaces or tabs, as json.dumps takes them)
        elif indent is not None:
            indent = validate.whole(indent, "indent", 0, 8, what="spaces, or up to 8 spaces or tabs as "
                                                               "text, or None for one line")
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes | dict | PathLike, check: bool | None = None) -> "Game":
        """Load a game record: JSON text, its bytes, the path of a save file (a ``Path``), or
        the record as a dict. Raises SaveError naming what is wrong (not JSON, truncated, wrong
        types, unknown variant, a future format version, an illegal action, too large).

        A save records the position it was made at (``position``: the number of actions, the
        last one and a digest of the state). With ``check`` (the default for text and files;
        a dict is checked only with ``check=True``), loading refuses with a SaveError saying
        what differs when the actions were cut, reordered, emptied or changed after saving;
        ``check=False`` loads the actions as they are. Saves without the record (older
        ones) load as before."""
        if check is not None and check is not True and check is not False:
            raise ArgumentError(f"check must be True, False or None (text and files: True), not "
                                f"{shown(check)}", "check")
        if isinstance(text, PathLike):
            name = str(text)
            try:
                size = os.stat(text).st_size
            except (OSError, ValueError):
                size = 0  # (read_text names the problem)
            if size > MAX_SAVE_CHARS * 4:
                raise SaveError(f"{name[:200]}: {size:,} bytes is far too large for a saved game (at most "
                                f"{MAX_SAVE_CHARS:,} characters)")
            text = read_text(text, save_error, "saved game file")
        if isinstance(text, str) and type(text) is not str:
            text = str.__str__(text)  # (a subclass's own methods are not called)
        if isinstance(text, dict):
            doc = validate.plain(text, "the game record", max_depth=16, max_items=40 * MAX_ACTIONS,
                                 error=lambda m: SaveError(m))
            check = check is True
        else:
            if not isinstance(text, (str, bytes, bytearray)):
                raise SaveError(f"a save file is JSON text (or its bytes, or a Path), not "
                                f"{type(text).__name__} {shown(text)}")
            if len(text) > MAX_SAVE_CHARS:
                raise SaveError(f"the save file has {len(text):,} characters: far too large for a saved "
                                f"game (at most {MAX_SAVE_CHARS:,})")
            if isinstance(text, str) and text.strip().endswith(".json") and "{" not in text:
                raise SaveError(f"{shown(text)} looks like a file name, not JSON text: pass "
                                f"Path({text.strip()!r}) (from pathlib) to read the file")
            doc = load_json(bytes(text) if isinstance(text, bytearray) else text, "the save file", save_error)
            check = check is not False
        if not isinstance(doc, dict):
            raise SaveError(f"the save file must hold a JSON object, not {type(doc).__name__}")
        if doc.get("format") != FORMAT:
            raise SaveError(f"not a ttr_nb game record: 'format' is {shown(doc.get('format'))}, expected {FORMAT!r}")
        ver = doc.get("version")
        if isinstance(ver, bool) or not isinstance(ver, int):
            raise SaveError(f"'version' must be a whole number, not {shown(ver)}")
        if ver > FORMAT_VERSION:
            raise SaveError(f"the save file has format version {ver}, newer than this ttr_nb reads "
                            f"({FORMAT_VERSION}); update ttr_nb to load it")
        if ver < 1:
            raise SaveError(f"unknown format version {ver}")
        for key, typ, what in (("variant", str, "a variant name"), ("players", list, "a list of player names"),
                               ("seed", int, "a whole number"), ("actions", list, "a list of actions"),
                               ("policies", dict, "an object of policy values")):
            if key not in doc:
                raise SaveError(f"the save file has no {key!r}")
            val = doc[key]
            if not isinstance(val, typ) or isinstance(val, bool):
                raise SaveError(f"{key!r} must be {what}, not {shown(val)}")
        if len(doc["actions"]) > MAX_ACTIONS:
            raise SaveError(f"the save file lists {len(doc['actions']):,} actions: far more than a game has "
                            f"(at most {MAX_ACTIONS:,})")
        saved = saves.saved_position(doc) if check else None
        changed = saves.changed(doc["actions"], saved) if saved is not None else None
        note = f" (Besides, {changed[0].lower()}{changed[1:]})" if changed else ""
        try:
            game = cls(doc["variant"], doc["players"], doc["seed"], **doc["policies"])
        except (ValueError, TypeError, NotImplementedError) as e:
            raise SaveError(f"cannot start the saved game: {e}") from None
        for k, d in enumerate(doc["actions"]):
            try:
                a = action_from_json(d)
            except (ValueError, TypeError, KeyError) as e:
                raise SaveError(f"action {k + 1} ({json.dumps(d)[:80]}) is not an action: {e}{note}") from None
            why = game.why_not(a)
            if why is not None:
                raise SaveError(f"action {k + 1} ({a.text()}) is illegal: {why}{note}")
            game._exec(a)
            game._hist.append(a)
            game._version += 1
        if changed:
            raise SaveError(changed)
        if saved is not None:
            saves.check_state(game, saved)
        return game

    # ------------------------------------------------------------------ views & score
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (its hand and tickets; everyone's public facts); ``None`` = the
        teacher's full view (every hand, the deck order, unkept tickets)."""
        if seat is not None:
            seat = validate.seat(seat, self.n, none=True)
        tid = [t.id for t in self.tix]
        rid = self.T.rid
        players = []
        for s in range(self.n):
            players.append({
                "seat": s, "name": self.names[s], "cards": sum(self.hands[s]), "trains": self.trains[s],
                "tickets": len(self.kept[s]), "offered": len(self.offered[s]),
                "route_points": self.points[s], "routes": [c[0] for c in self.claims[s]],
            })
        disc = count_cards(self.discard)
        v: dict[str, Any] = {
            "variant": self.variant.name, "seat": seat, "turn": self.turn,
            "current_player": self.current_player, "pending": self.pending, "over": self.over,
            "final_round": self.final_round, "turns_left": self.final_left if self.final_left >= 0 else None,
            "players": players,
            "display": [CARD_NAMES[c] if c != EMPTY else None for c in self.display],
            "deck": len(self.deck), "discard": {CARD_NAMES[c]: k for c, k in enumerate(disc) if k},
            "ticket_deck": len(self.tdeck), "box": len(self.box),
            "route_owners": {str(rid[i]): self.owner[i] for i in self.T.by_id if self.owner[i] >= 0},
        }
        if seat is not None:
            v["hand"] = self.hand(seat)
            v["tickets"] = self.tickets(seat)
            v["offered"] = self.offered_tickets(seat)
        else:
            v["hands"] = [self.hand(s) for s in range(self.n)]
            v["tickets"] = [self.tickets(s) for s in range(self.n)]
            v["offered"] = [self.offered_tickets(s) for s in range(self.n)]
            v["deck_order"] = [CARD_NAMES[c] for c in reversed(self.deck)]
            v["ticket_deck_order"] = [tid[t] for t in reversed(self.tdeck)]
            v["box_tickets"] = [tid[t] for t in self.box]
        for m in self._hooks["view"]:
            m.view(seat, v)
        return v

    def scorers(self) -> list:
        """The Scoresheet's scorers: one per player (or what a mechanic says, e.g. teams)."""
        for m in self._hooks["scorers"]:
            s = m.scorers()
            if s is not None:
                return s
        from .scoring import Claim, Scorer

        out = []
        for s in range(self.n):
            claims = tuple(map(Claim.of, self.claims[s]))
            out.append(Scorer(self.names[s], claims, tuple(self.tickets(s)), seats=(s,)))
        return out

    def scorer_groups(self) -> list[tuple[str, tuple[int, ...]]]:
        """``(name, seats)`` of each scorer, in Scoresheet order: a player, or a Team Asia
        team and its two seats."""
        return [(sc.name, tuple(sc.seats) or (i,)) for i, sc in enumerate(self.scorers())]

    def score(self):
        """The Scoresheet (totals, explained lines, winners) of the game as it stands; final once
        ``over`` (kept tickets only; tickets still being chosen are not counted)."""
        from .scoring import Scoresheet

        return Scoresheet.compute(self.board, self.scorers(), dict(self.variant.bonuses),
                                  settings=self.policies, mechanics=self._mech_classes)

    def counts(self) -> dict[str, int]:
        """Conserved totals (for tests): train cards, tickets and trains by where they are."""
        out = {
            "train_cards": len(self.deck) + sum(1 for c in self.display if c != EMPTY) + len(self.discard)
            + sum(map(sum, self.hands)),
            "tickets": len(self.tdeck) + len(self.box) + sum(map(len, self.offered)) + sum(map(len, self.kept)),
            "trains": sum(self.trains) + sum(self.T.rlen[i] for i, o in enumerate(self.owner) if o >= 0),
        }
        for m in self._hooks["counts"]:
            for k, val in m.counts().items():
                if k == "train_cards_elsewhere":
                    out["train_cards"] += val
                elif k == "trains_elsewhere":
                    out["trains"] += val
                else:
                    out[k] = out.get(k, 0) + val
        return out

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        status = "over" if self.over else f"{self.names[self.seat]} to play ({self.pending})"
        return (f"<Game {self.variant.name}, {self.n} players, seed {self.seed}, "
                f"{len(self._hist)} actions, {status}>")

    def summary(self) -> str:
        """A few lines of plain text: whose turn, trains, cards, route points, the display."""
        lines = [repr(self)]
        for s in range(self.n):
            lines.append(f"  {self.names[s]}: {self.trains[s]} trains, {sum(self.hands[s])} cards, "
                         f"{len(self.kept[s])} tickets, {self.points[s]} route points")
        lines.append("  face up: " + ", ".join(card_label(c) if c != EMPTY else "(empty)" for c in self.display))
        lines.append(f"  deck {len(self.deck)}, discard {len(self.discard)}, tickets {len(self.tdeck)}")
        return "\n".join(lines)

    __str__ = summary

    def _repr_png_(self) -> bytes:
        """The board with the claimed routes (Jupyter shows a Game as this picture): each seat's
        cars carry its initial, and Team Asia partners share their team's colour."""
        from .draw import board_png
        from .pictures import draw_args

        kw = draw_args(self)
        return board_png(kw.pop("board"), title=self.variant.title, **kw)


_TIX: dict[tuple, tuple] = {}


def _tickets_of(v: Variant) -> tuple:
    """(tickets of the variant, id -> index), cached."""
    key = (v.map, tuple((k, ids) for k, ids in v.piles.items()))
    t = _TIX.get(key)
    if t is None:
        tix = tuple(v.tickets())
        t = _TIX[key] = (tix, {x.id: i for i, x in enumerate(tix)})
    return t


_DECKS: dict[tuple[int, int], tuple[int, ...]] = {}


def _fresh_deck(per_color: int, locomotives: int) -> list[int]:
    """``new_train_deck(per_color, locomotives)``, copied from a cached one."""
    d = _DECKS.get((per_color, locomotives))
    if d is None:
        d = _DECKS[(per_color, locomotives)] = tuple(new_train_deck(per_color, locomotives))
    return list(d)


_NO_HOOKS: dict[str, list] = hook_lists([])


def _copies(items: list, copy: Any) -> list:
    """``copy`` of each of ``items`` (one per seat), shared where the originals are shared."""
    made: dict[int, Any] = {}
    return [made[id(x)] if id(x) in made else made.setdefault(id(x), copy(x)) for x in items]


def _quiet(*args: Any) -> None:
    """``game.emit`` while :class:`unrecorded`: events are not recorded."""


class unrecorded:
    """``with unrecorded(g):`` plays ``g`` without recording its events (``game.log``
    rebuilds them by replay when asked): ``emit`` does nothing and ``recording`` is False, so
    the rules skip building their events (``play_random``, ``agents.play_game``)."""

    def __init__(self, g: "Game"):
        self.g = g

    def __enter__(self) -> None:
        g = self.g
        g._raw_stale = True
        g.recording = False
        g.emit = _quiet  # type: ignore[method-assign]

    def __exit__(self, *exc: Any) -> None:
        del self.g.emit
        del self.g.recording
_SOURCE_CODE: dict[str, int] = drawing.SOURCE_CODES
"""drawing.source_code of each card source (a mechanic's own sources are not in it)."""


def _player_names(v: Variant, players: Any) -> list[str]:
    """The names of the players: ``players`` is a count (default names) or a list of names
    (text without control characters, at most MAX_NAME characters, all different)."""
    if type(players) is int and players in v.players:  # (the usual case, at once)
        return list(DEFAULT_NAMES[:players])
    counts = _counts(v.players)
    if isinstance(players, (list, tuple, str, bytes, set, frozenset, dict)):
        if isinstance(players, (list, tuple)):
            players = list(list.__iter__(players) if isinstance(players, list) else tuple.__iter__(players))
            if len(players) not in v.players:
                raise ArgumentError(f"{v.name} is played by {counts} players; {len(players):,} names given",
                                    "players")
            long = next((n for n in players if type(n) is str and len(n.strip()) > MAX_NAME), None)
            if long is not None:
                raise ArgumentError(f"a player name is at most {MAX_NAME} characters; "
                                    f"{long[:20]!r}… has {len(long):,}", "players")
        return list(validate.texts(players, "players", item="player name", max_len=MAX_NAME,
                                   min_items=min(v.players), max_items=max(v.players), unique=True))
    n = validate.whole(players, "players", bounded=False, what=f"a number of players, {counts}, or a list "
                                                              f"of names")
    if n not in v.players:
        raise ArgumentError(f"{v.name} is played by {counts} players, not {shown(n)}", "players")
    return list(DEFAULT_NAMES[:n])


def _random_of(rng: Any, what: str) -> Any:
    """``rng.random`` (a method giving floats in [0, 1)); ArgumentError naming ``what`` for
    anything else (None, a seed given instead of a generator)."""
    f = getattr(rng, "random", None) if not isinstance(rng, (int, float, str)) else None
    if not callable(f):
        hint = f" (make one: random.Random({shown(rng)}))" if type(rng) is int else ""
        raise ArgumentError(f"{what} must be a random generator such as random.Random(1), not "
                            f"{shown(rng)}{hint}", what)
    return f


def _pick(rng: Any, n: int) -> int:
    """``int(rng.random() * n)``, the random player's choice among ``n`` actions, checked."""
    x = _random_of(rng, "rng")()
    if type(x) is not float or not 0.0 <= x < 1.0:
        raise ArgumentError(f"rng.random() must give a number from 0 up to 1 (not 1), not {shown(x)}", "rng")
    return int(x * n)


def _counts(ns: Sequence[int]) -> str:
    ns = sorted(ns)
    if ns == list(range(ns[0], ns[-1] + 1)) and len(ns) > 2:
        return f"{ns[0]} to {ns[-1]}"
    return " or ".join(map(str, ns))


__all__ = ["Game", "new_game", "FORMAT", "FORMAT_VERSION", "PENDING_KINDS"]


def game_of(value: Any, seed: int, arg: str = "game") -> "Game":
    """A Game, or a variant name: a new game of it with its fewest players (2; Team Asia 4)
    dealt with ``seed`` (as ``ttr_nb.new_game(name, players, seed)``)."""
    if isinstance(value, Game):
        return value
    if isinstance(value, str):
        try:
            key = variants_name(value)
        except ValueError as e:
            raise ArgumentError(f"{arg}: {e}; or pass a Game, e.g. ttr_nb.new_game('usa', 3, seed=1)",
                                validate.argument_of(arg)) from None
        return new_game(key, min(get_variant(key).players), seed)
    raise validate.fail(arg, value, "a Game (e.g. ttr_nb.new_game('usa', 3, seed=1)) or a variant name such as "
                           "'usa' (a new game with the fewest players it allows)")
