"""Actions: small frozen dataclasses, sortable, JSON-able, with a readable text form.

Every step of a game is one action (a turn may take several: the second card, keeping
tickets). The base game has five:

- :class:`DrawCard` (``source``: 'deck', a face-up colour, or 'locomotive'),
- :class:`ClaimRoute` (``route`` id and ``pay``: the cards, e.g. ``(('red', 3), ('locomotive', 1))``),
- :class:`DrawTickets`, :class:`KeepTickets` (``tickets``: the ids kept), :class:`Pass`.

A mechanic adds its own action types with :func:`register_action` (a subclass of
:class:`Action` with a ``kind`` for JSON and a ``rank`` for sorting); nothing here changes.

>>> a = ClaimRoute.paying(34, red=3, locomotive=1)
>>> a
ClaimRoute(route=34, pay=(('red', 3), ('locomotive', 1)))
>>> a.to_json(), str(a)
({'type': 'claim', 'route': 34, 'pay': {'red': 3, 'locomotive': 1}}, 'claim route 34 with 3 red + 1 Locomotive')
>>> action_from_json(a.to_json()) == a
True
>>> sorted([Pass(), DrawTickets(), DrawCard('red'), DrawCard('deck')])
[DrawCard(source='deck'), DrawCard(source='red'), DrawTickets(), Pass()]
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping

from .cards import CARD_INDEX, CARD_NAMES, LOCO, LOCOMOTIVE, card_word, counts_text
from .events import route_label

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

ACTION_TYPES: dict[str, type["Action"]] = {}
"""JSON 'type' -> Action class."""

SOURCE_ORDER: dict[str, int] = {"deck": 0, **{n: i + 1 for i, n in enumerate(CARD_NAMES)}}
"""Sort order of draw sources: the deck, the colours, the Locomotive (then any other source)."""


def register_action(cls: type["Action"]) -> type["Action"]:
    """Class decorator: make an Action type known to JSON loading (by its ``kind``)."""
    if not cls.kind:
        raise ValueError(f"{cls.__name__} needs a 'kind'")
    if cls.kind in ACTION_TYPES and ACTION_TYPES[cls.kind] is not cls:
        raise ValueError(f"action kind {cls.kind!r} is already used by {ACTION_TYPES[cls.kind].__name__}")
    ACTION_TYPES[cls.kind] = cls
    return cls


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The dataclass field names of an Action class (cached)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _pairs(value: Any, what: str) -> tuple[tuple[str, int], ...]:
    """Normalise a card mapping ({'red': 3, 'locomotive': 1} or pairs) to canonical pairs:
    colours in board order, then 'locomotive', then any other name; zero counts dropped."""
    if isinstance(value, Mapping):
        items = list(value.items())
    else:
        try:
            items = [tuple(p) for p in value]
        except TypeError:
            raise TypeError(f"{what} must map card names to counts, not {value!r}") from None
    out: dict[str, int] = {}
    for item in items:
        if len(item) != 2:
            raise TypeError(f"{what} must map card names to counts, not {value!r}")
        name, n = item
        if not isinstance(name, str) or not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"{what} must map card names (text) to counts (whole numbers), not {item!r}")
        if n < 0:
            raise ValueError(f"{what}: {n} {name} cards is a negative count")
        if n:
            out[name] = out.get(name, 0) + n
    return tuple(sorted(out.items(), key=lambda kv: (CARD_INDEX.get(kv[0], 99), kv[0])))


@dataclass(frozen=True, repr=False)
class Action:
    """Base class of every action. Sorted by type (``rank``), then by ``sort_key()``."""

    kind: ClassVar[str] = ""
    rank: ClassVar[int] = 99

    def sort_key(self) -> tuple:
        return tuple(getattr(self, name) for name in _field_names(type(self)))

    def _key(self) -> tuple:
        """(rank, kind, sort_key()): the sort order of actions."""
        # memo in the instance (not a field: equality, hash, repr and JSON ignore it): actions
        # are frozen, and legal_actions re-uses its action objects
        d = getattr(self, "__dict__", None)
        if d is None:
            return (self.rank, self.kind, self.sort_key())
        k = d.get("_sort_memo")
        if k is None:
            k = d["_sort_memo"] = (self.rank, self.kind, self.sort_key())
        return k

    def __lt__(self, other: "Action") -> bool:
        return self._key() < other._key()

    def __le__(self, other: "Action") -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: "Action") -> bool:
        return self._key() > other._key()

    def __ge__(self, other: "Action") -> bool:
        return self._key() >= other._key()

    # -- JSON ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: {'type': kind, field: value, ...}; fields at their default are left out."""
        d: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.metadata.get("omit_default", True) and f.default is not MISSING and v == f.default:
                continue
            how = f.metadata.get("json")
            if how == "pairs":
                d[f.name] = {k: n for k, n in v}
            elif isinstance(v, tuple):
                d[f.name] = list(v)
            else:
                d[f.name] = v
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Action":
        names = {f.name for f in fields(cls)}
        extra = sorted(set(d) - names - {"type"})
        if extra:
            raise ValueError(f"{cls.kind!r} action has no field {', '.join(map(repr, extra))}")
        kw: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in d:
                continue
            v = d[f.name]
            if f.metadata.get("json") == "list" and isinstance(v, list):
                v = tuple(v)
            kw[f.name] = v
        return cls(**kw)

    # -- text ----------------------------------------------------------------------------
    def text(self, game: "Game | None" = None) -> str:
        """Short readable form; with a game, names the player and the route."""
        return self.kind

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        parts = []
        for f in fields(self):
            v = getattr(self, f.name)
            if f.default is not MISSING and v == f.default and f.metadata.get("omit_default", True):
                continue
            parts.append(f"{f.name}={v!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


CARD_WORDS: dict[str, str] = {}
"""The names of a mechanic's own cards by the word its actions carry ('desert' -> 'Desert &
Savanna'); a mechanic adds them with :func:`register_card_words` (Terrain words live with
Terrain)."""


def register_card_words(words: Mapping[str, str]) -> None:
    """Add a mechanic's card names to :data:`CARD_WORDS`."""
    CARD_WORDS.update(words)


def _terrain_text(pairs: tuple[tuple[str, int], ...]) -> str:
    """Terrain cards spent to double a route (H-5, H-6): '1 Desert & Savanna card + 1 Locomotive'."""
    words = [f"{n} {CARD_WORDS.get(k, k)} card{'s' * (n != 1)}" for k, n in pairs if k != LOCOMOTIVE]
    words += [f"{n} Locomotive{'s' * (n != 1)}" for k, n in pairs if k == LOCOMOTIVE]
    return " + ".join(words)


def _actor(game: "Game | None") -> str:
    return game.names[game.current_player] if game is not None and game.current_player is not None else ""


@register_action
@dataclass(frozen=True, repr=False)
class DrawCard(Action):
    """Take one train card: ``source`` is 'deck' (the top card, blind), a colour (a face-up card of
    that colour) or 'locomotive' (a face-up Locomotive; B-4.3, B-4.4)."""

    source: str
    kind: ClassVar[str] = "draw"
    rank: ClassVar[int] = 10

    def __post_init__(self) -> None:
        if not isinstance(self.source, str):
            raise TypeError(f"DrawCard source must be text ('deck', a colour or 'locomotive'), not {self.source!r}")

    def sort_key(self) -> tuple:
        return (SOURCE_ORDER.get(self.source, 50), self.source)

    def text(self, game: "Game | None" = None) -> str:
        who = _actor(game)
        if self.source == "deck":
            s = "draws a card from the deck"
        elif self.source == "locomotive":
            s = "takes the face-up Locomotive"
        else:
            s = f"takes a face-up {self.source} card"
        return f"{who} {s}" if who else s.replace("draws", "draw").replace("takes", "take")


@register_action
@dataclass(frozen=True, repr=False)
class ClaimRoute(Action):
    """Claim the route with id ``route``, paying the cards in ``pay`` (card name -> count).

    ``pay`` is kept canonical (colours in board order, then 'locomotive'); a dict is accepted.
    The base rules want one colour plus Locomotives, as many cards as the route has spaces
    (B-5.1 to B-5.3; a ferry needs its Locomotives, EU-2). Reserved for mechanics, empty by
    default: ``from_holder``, the part of ``pay`` taken from the Team Asia card holder (TA-10);
    ``terrain``, the cards spent to double the route's points in The Heart of Africa (H-5, H-6),
    e.g. ``(('desert', 2),)`` or ``(('desert', 1), ('locomotive', 1))``.
    """

    route: int
    pay: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    from_holder: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    terrain: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    kind: ClassVar[str] = "claim"
    rank: ClassVar[int] = 20

    def __post_init__(self) -> None:
        if not isinstance(self.route, int) or isinstance(self.route, bool):
            raise TypeError(f"ClaimRoute route must be a route id (a whole number), not {self.route!r}")
        for name in ("pay", "from_holder", "terrain"):
            v = getattr(self, name)
            norm = _pairs(v, name)
            if norm != v:
                object.__setattr__(self, name, norm)

    @classmethod
    def paying(cls, route: int, **cards: int) -> "ClaimRoute":
        """``ClaimRoute.paying(34, red=3, locomotive=1)``."""
        return cls(route, tuple(cards.items()))

    @classmethod
    def _raw(cls, route: int, pay: tuple, from_holder: tuple = (), terrain: tuple = ()) -> "ClaimRoute":
        """Build from already-canonical parts without checks (for legal-action generation)."""
        obj = object.__new__(cls)
        object.__setattr__(obj, "route", route)
        object.__setattr__(obj, "pay", pay)
        object.__setattr__(obj, "from_holder", from_holder)
        object.__setattr__(obj, "terrain", terrain)
        return obj

    def counts(self) -> list[int]:
        """``pay`` as 9 card counts (colours in board order, then Locomotives); KeyError for an
        unknown card name."""
        out = [0] * 9
        for name, n in self.pay:
            out[CARD_INDEX[name]] += n
        return out

    @property
    def locos(self) -> int:
        """Locomotives in the payment."""
        n = 0
        for name, k in self.pay:  # (a loop: faster than sum() over a generator)
            if name == LOCOMOTIVE:
                n += k
        return n

    @property
    def color(self) -> str | None:
        """The one colour paid besides Locomotives; 'locomotive' if only Locomotives; None if mixed."""
        cols = [name for name, _ in self.pay if name != "locomotive"]
        if not cols:
            return "locomotive" if self.pay else None
        return cols[0] if len(cols) == 1 else None

    def sort_key(self) -> tuple:
        col = self.color
        rank = CARD_INDEX.get(col, 9) if col is not None else 10
        return (self.route, rank, self.locos, self.pay, self.from_holder, self.terrain)

    def pay_text(self) -> str:
        try:
            s = counts_text(self.counts())
        except KeyError:
            s = " + ".join(f"{n} {k}" for k, n in self.pay) or "nothing"
        if self.from_holder:
            held = " + ".join(card_word(CARD_INDEX[k], n) if k in CARD_INDEX else f"{n} {k}"
                              for k, n in self.from_holder)
            s += f" ({held} from the team holder)"
        if self.terrain:
            s += ", doubled with " + _terrain_text(self.terrain)
        return s

    def text(self, game: "Game | None" = None) -> str:
        """With a game: 'Ana claims Denver–Omaha (4, pink) with 3 pink + 1 Locomotive: +7'. The
        points are named only while the claim is legal; a tunnel is tried, not yet claimed
        ('Ana tries the tunnel …: +4 if it goes through', EU-3)."""
        if game is None:
            return f"claim route {self.route} with {self.pay_text()}"
        try:
            route = game.board.route(self.route)
        except KeyError:
            return f"{_actor(game)} claims route {self.route} with {self.pay_text()}"
        label = route_label(game.board, self.route)
        legal = game.why_not(self) is None
        pts = game.claim_points(self) if legal else None
        if route.tunnel:
            tail = f": +{pts} if it goes through" if pts is not None else ""
            return f"{_actor(game)} tries the tunnel {label} with {self.pay_text()}{tail}"
        tail = f": +{pts}" if pts is not None else ""
        return f"{_actor(game)} claims {label} with {self.pay_text()}{tail}"


@register_action
@dataclass(frozen=True, repr=False)
class DrawTickets(Action):
    """Draw Destination Tickets (3 in the base game; B-6.1)."""

    kind: ClassVar[str] = "tickets"
    rank: ClassVar[int] = 30

    def text(self, game: "Game | None" = None) -> str:
        who = _actor(game)
        if game is None:
            return "draw Destination Tickets"
        n = min(game.variant.draw_count, game.ticket_deck_size)
        return f"{who} draws {n} Destination Ticket{'s' * (n != 1)}"


@register_action
@dataclass(frozen=True, repr=False)
class KeepTickets(Action):
    """Keep these offered tickets (ids); the others go back (B-2.4, B-6.1)."""

    tickets: tuple[str, ...] = field(default=(), metadata={"json": "list", "omit_default": False})
    kind: ClassVar[str] = "keep"
    rank: ClassVar[int] = 40

    def __post_init__(self) -> None:
        t = self.tickets
        if type(t) is not tuple:  # (a tuple is iterable: skip the slow Iterable check)
            if isinstance(t, str) or not isinstance(t, Iterable):
                raise TypeError(f"KeepTickets wants a list of ticket ids, not {t!r}")
            t = tuple(t)
        if not all(isinstance(x, str) for x in t):
            raise TypeError(f"KeepTickets wants ticket ids (text), not {t!r}")
        s = tuple(sorted(t))
        if s != self.tickets:
            object.__setattr__(self, "tickets", s)

    @classmethod
    def _raw(cls, tickets: tuple[str, ...]) -> "KeepTickets":
        """Build from ids already sorted, without checks (for legal-action generation)."""
        obj = object.__new__(cls)
        object.__setattr__(obj, "tickets", tickets)
        return obj

    def text(self, game: "Game | None" = None) -> str:
        if game is None:
            return "keep " + (", ".join(self.tickets) or "nothing")
        labels = []
        for t in self.ordered(game):
            try:
                labels.append(game.board.ticket(t).label())
            except KeyError:
                labels.append(t)
        return f"{_actor(game)} keeps " + (", ".join(labels) or "no ticket")

    def ordered(self, game: "Game") -> tuple[str, ...]:
        """The ids in the order the tickets were dealt or drawn (as the event lists them) while
        they are offered to the player to act; other ids after them, by id."""
        seat = game.current_player
        offered = game.offered_tickets(seat) if seat is not None else []
        pos = {t: k for k, t in enumerate(offered)}
        return tuple(sorted(self.tickets, key=lambda t: (pos.get(t, len(pos)), t)))


@register_action
@dataclass(frozen=True, repr=False)
class Pass(Action):
    """Do nothing: legal only when no other action is (B-3.4)."""

    kind: ClassVar[str] = "pass"
    rank: ClassVar[int] = 90

    def text(self, game: "Game | None" = None) -> str:
        who = _actor(game)
        return f"{who} passes" if who else "pass"


def action_from_json(d: Mapping[str, Any] | str) -> Action:
    """Rebuild an action from :meth:`Action.to_json` (a dict, or its JSON text).

    Raises ValueError/TypeError naming what is wrong (unknown type, bad field)."""
    if isinstance(d, str):
        import json

        d = json.loads(d)
    if not isinstance(d, Mapping):
        raise TypeError(f"an action is a JSON object, not {type(d).__name__}")
    kind = d.get("type")
    cls = ACTION_TYPES.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}; known: {', '.join(sorted(ACTION_TYPES))}")
    return cls.from_dict(d)


def describe(action: Action, game: "Game | None" = None) -> str:
    """The action's text, with the player's name when a game is given."""
    return action.text(game)


__all__ = ["Action", "DrawCard", "ClaimRoute", "DrawTickets", "KeepTickets", "Pass", "ACTION_TYPES",
           "register_action", "action_from_json", "describe", "LOCO", "CARD_WORDS", "register_card_words"]
