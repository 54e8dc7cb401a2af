"""Actions: small frozen dataclasses, sortable, JSON-able, with a readable text form.

Every step of a game is one action (a turn may take several: the second card, keeping
tickets). The base game has five:

- :class:`DrawCard` (``source``: 'deck', a face-up colour, or 'locomotive'),
- :class:`ClaimRoute` (``route`` id and ``pay``: the cards, e.g. ``(('red', 3), ('locomotive', 1))``),
- :class:`DrawTickets`, :class:`KeepTickets` (``tickets``: the ids kept), :class:`Pass`.

A mechanic adds its own action types with :func:`register_action` (a subclass of
:class:`Action` with a ``kind`` for JSON and a ``rank`` for sorting); nothing here changes.
Every action's fields are checked in one place, :func:`check_fields` (its ``__post_init__``):
a wrong value is an :class:`~ttr_nb.errors.ArgumentError` naming the field, the value and what
is allowed, whichever action it is given to.

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
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Callable, ClassVar, NamedTuple

from .cards import CARD_INDEX, CARD_NAMES, LOCO, LOCOMOTIVE, counts_text
from .errors import ArgumentError, load_json, shown
from .events import route_label
from .validate import did_you_mean, plain, texts, whole

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


MAX_PAY_KINDS = 20
"""Most kinds of card one payment may name (a board has 9 train card kinds, a mechanic a few more)."""


def _pairs(value: Any, what: str, arg: str = "") -> tuple[tuple[str, int], ...]:
    """Normalise a card mapping ({'red': 3, 'locomotive': 1} or pairs) to canonical pairs:
    colours in board order, then 'locomotive', then any other name; zero counts dropped.
    ArgumentError naming ``what`` (its ``argument``: ``arg``, or ``what``) for anything else
    (a count given as text, a negative count, a name that is not text)."""
    arg = arg or what
    want = f"{what} must map card names to counts, e.g. {{'red': 3, 'locomotive': 1}}"
    if isinstance(value, Mapping):
        try:
            items = list(dict.items(value) if isinstance(value, dict) else value.items())
        except Exception:  # noqa: BLE001 (a mapping that cannot be read)
            raise ArgumentError(f"{want}; {shown(value)} cannot be read", arg) from None
    elif isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{want}, not {shown(value)}", arg)
    else:
        try:
            if isinstance(value, (list, tuple)):  # (a subclass's own __iter__ is not called)
                value = list(list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value))
            items = []
            for p in value:
                items.append(tuple(list.__iter__(p) if isinstance(p, list) else tuple.__iter__(p))
                             if isinstance(p, (tuple, list)) else p)
                if len(items) > MAX_PAY_KINDS:
                    break
        except Exception:  # noqa: BLE001
            raise ArgumentError(f"{want}; {shown(value)} cannot be read", arg) from None
    if len(items) > MAX_PAY_KINDS:
        n = f"{len(items):,}" if isinstance(value, Mapping) else "more"
        raise ArgumentError(f"{want}: at most {MAX_PAY_KINDS} kinds of card, not {n}", arg)
    out: dict[str, int] = {}
    for item in items:
        if type(item) is not tuple or len(item) != 2:
            raise ArgumentError(f"{want}; {shown(item)} is not a (card name, count) pair", arg)
        name, n = item
        if not isinstance(name, str):
            raise ArgumentError(f"{want}: a card name is text such as 'red', not {shown(name)}", arg)
        if type(name) is not str:
            name = str.__str__(name)
        if type(n) is not int or n < 0:
            n = whole(n, f"{what}: the count of {shown(name, 30)} cards", 0, bounded=False,
                      error=lambda m: ArgumentError(m, arg))
        if n:
            out[name] = out.get(name, 0) + n
    return tuple(sorted(out.items(), key=lambda kv: (CARD_INDEX.get(kv[0], 99), kv[0])))


# -- the one check of every action's fields ------------------------------------------------------
FieldCheck = Callable[[Any, str, str, str], Any]
"""A field's check: ``check(value, label, field name, allowed)`` -> the value to keep (the same
object when it is fine as it is) or ArgumentError; ``label`` is 'ClaimRoute pay'."""


def _check_text(v: Any, label: str, arg: str, allowed: str) -> str:
    """Text (a name the rules look up: an unknown name is refused later, by the rules)."""
    if type(v) is str:
        return v
    if isinstance(v, str):
        return str.__str__(v)  # (a subclass's own methods are not called)
    raise ArgumentError(f"{label} must be text{': ' + allowed if allowed else ''}; not {shown(v)}", arg)


def _check_whole(v: Any, label: str, arg: str, allowed: str) -> int:
    """A whole number (an id: a numpy integer is taken; its range is the rules' to judge)."""
    if type(v) is int:
        return v
    return whole(v, label, bounded=False, what=allowed, error=lambda m: ArgumentError(m, arg))


def _canonical(v: tuple) -> bool:
    """Are these pairs canonical already (exact text, counts > 0, in :func:`_pairs` order)?"""
    last: tuple = (-1, "")
    for item in v:
        if type(item) is not tuple or len(item) != 2:
            return False
        k, n = item
        if type(k) is not str or type(n) is not int or n <= 0:
            return False
        key = (CARD_INDEX.get(k, 99), k)
        if key <= last:
            return False
        last = key
    return True


def _check_pairs(v: Any, label: str, arg: str, allowed: str) -> tuple[tuple[str, int], ...]:
    """Card counts: a dict or (name, count) pairs, kept canonical (:func:`_pairs`)."""
    if type(v) is tuple and (not v or _canonical(v)):
        return v
    return _pairs(v, label, arg)


def _check_ids(v: Any, label: str, arg: str, allowed: str) -> tuple[str, ...]:
    """Ids (text), sorted: a list, a tuple, a set or any other collection of them."""
    if type(v) is tuple and all(type(x) is str for x in v):
        return tuple(sorted(v))
    if isinstance(v, (set, frozenset)) or not isinstance(v, (str, bytes, list, tuple, Mapping)) \
            and isinstance(v, Iterable):
        try:  # (a set of ids or a generator: their order does not matter, they are sorted)
            v = tuple(v)
        except Exception:  # noqa: BLE001 (refused just below)
            pass
    return tuple(sorted(texts(v, label, item=allowed or "id", max_len=None,
                              error=lambda m: ArgumentError(m, arg))))


FIELD_CHECKS: dict[str, FieldCheck] = {"text": _check_text, "whole": _check_whole, "pairs": _check_pairs,
                                       "ids": _check_ids}
"""The checks by name: a field says which in its metadata (``field(metadata={"check": "ids"})``)
or by its type: ``str`` text, ``int`` whole, ``tuple[tuple[str, int], ...]`` pairs, ``tuple[str,
...]`` ids. ``metadata={"allowed": ...}`` says what is allowed (for ids: what one id is)."""
_BY_TYPE = {"str": "text", "int": "whole", "tuple[tuple[str,int],...]": "pairs", "tuple[str,...]": "ids"}
_CHECKS: dict[type, tuple[tuple[str, type | None, FieldCheck, str, str], ...]] = {}
"""Action class -> its fields' checks: (name, the type a fine value has at once (text, whole
number) or None, the check, its label, what is allowed)."""


def _field_checks(cls: type) -> tuple[tuple[str, type | None, FieldCheck, str, str], ...]:
    out = []
    for f in fields(cls):
        check = f.metadata.get("check")
        if check is None:
            t = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", repr(f.type))
            check = _BY_TYPE.get(t.replace(" ", ""))
        if check is None:
            continue  # (a field of another kind: its class checks it)
        fine = {"text": str, "whole": int}.get(check) if isinstance(check, str) else None
        out.append((f.name, fine, FIELD_CHECKS[check] if isinstance(check, str) else check,
                    f"{cls.__name__} {f.name}", f.metadata.get("allowed", "")))
    _CHECKS[cls] = tuple(out)
    return _CHECKS[cls]


def check_fields(action: "Action") -> None:
    """Check and normalise the fields of a new action (every Action's ``__post_init__``):
    ArgumentError naming the field, the value (shortened) and what is allowed. A value of
    the right kind is kept (an unknown colour or ticket is the rules' to refuse, with
    IllegalAction). The engine's own legal actions are built without it (``_raw``)."""
    checks = _CHECKS.get(action.__class__)
    if checks is None:
        checks = _field_checks(action.__class__)
    d = action.__dict__
    for name, fine, check, label, allowed in checks:
        v = d[name]
        if v.__class__ is fine:
            continue
        new = check(v, label, name, allowed)
        if new is not v:
            object.__setattr__(action, name, new)


@dataclass(frozen=True, repr=False)
class Action:
    """Base class of every action. Sorted by type (``rank``), then by ``sort_key()``."""

    kind: ClassVar[str] = ""
    rank: ClassVar[int] = 99

    __post_init__ = check_fields

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
        """The action of this type described by ``d`` (as :meth:`to_json` writes it);
        ArgumentError naming a missing, unknown or wrong field."""
        if not isinstance(d, Mapping):
            raise ArgumentError(f"a {cls.kind!r} action is a JSON object, not {shown(d)}", "action")
        if not isinstance(d, dict):
            try:
                d = dict(d)
            except Exception:  # noqa: BLE001 (a mapping that cannot be read)
                raise ArgumentError(f"the {cls.kind!r} action {shown(d)} cannot be read", "action") from None
        d = plain(d, "the action", max_depth=8, max_items=10_000)
        fs = fields(cls)
        names = [f.name for f in fs]
        extra = sorted(set(d) - set(names) - {"type"})
        if extra:
            hint = did_you_mean(extra[0], names)
            fields_text = ", ".join(map(repr, names)) or "no fields"
            raise ArgumentError(f"a {cls.kind!r} action has no field {', '.join(map(repr, extra))}"
                                f"{hint}; its fields: {fields_text}", extra[0])
        missing = [f.name for f in fs if f.name not in d and f.default is MISSING
                   and f.default_factory is MISSING]  # type: ignore[misc]
        if missing:
            raise ArgumentError(f"a {cls.kind!r} action needs the field {', '.join(map(repr, missing))}; "
                                f"got {shown(d)}", missing[0])
        kw: dict[str, Any] = {}
        for f in fs:
            if f.name not in d:
                continue
            v = d[f.name]
            if f.metadata.get("json") == "list" and isinstance(v, list):
                v = tuple(v)
            kw[f.name] = v
        try:
            return cls(**kw)
        except ArgumentError:
            raise
        except (TypeError, ValueError) as e:  # (a mechanic's action type checks its own fields)
            raise ArgumentError(f"the {cls.kind!r} action {shown(d)} is not valid: {e}", "action") from None

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


class ClaimPart(NamedTuple):
    """A part of a ClaimRoute that a mechanic reads (``Mechanic.claim_fields``): what a game
    without that mechanic lacks ('team card holder'), and the words that follow the payment
    in the claim's text (``text(pairs)``: ' (2 red from the team holder)')."""

    what: str
    text: Callable[[tuple[tuple[str, int], ...]], str]


CLAIM_PARTS: dict[str, ClaimPart] = {}
"""The ClaimRoute fields after ``pay`` that mechanics read, each with its words
(:func:`register_claim_part`: Team Asia's holder part and The Heart of Africa's Terrain cards
are worded by their mechanics)."""


class ClaimVariants(dict):
    """The claims that differ from the base claim ``claim`` only in its part ``name`` (one of
    :data:`CLAIM_FIELDS`), by that part: each made when first read, then shared (actions are
    frozen). The base claim's own part gives the base claim."""

    __slots__ = ("claim", "name")

    def __init__(self, claim: "ClaimRoute", name: str):
        super().__init__()
        self.claim = claim
        self.name = name
        self[getattr(claim, name)] = claim

    def __missing__(self, part: tuple) -> "ClaimRoute":
        a = self.claim
        parts = {f: getattr(a, f) for f in CLAIM_FIELDS}
        parts[self.name] = part
        x = self[part] = ClaimRoute._raw(a.route, a.pay, **parts)
        return x


_VARIANTS: dict[str, dict[int, ClaimVariants]] = {}
"""Part name -> id(base claim) -> its :class:`ClaimVariants` (the base claims are the board
tables' own, so they live as long as this cache)."""


def claim_variants(a: "ClaimRoute", name: str) -> ClaimVariants:
    """The claims that differ from ``a`` only in its part ``name``, by that part (a mechanic
    that expands claims, such as Terrain doublings or team holder splits, reads them here)."""
    memo = _VARIANTS.get(name)
    if memo is None:
        memo = _VARIANTS[name] = {}
    made = memo.get(id(a))
    if made is None or made.claim is not a:
        made = memo[id(a)] = ClaimVariants(a, name)
    return made


def register_claim_part(name: str, what: str, text: Callable[[tuple[tuple[str, int], ...]], str]) -> None:
    """Word ClaimRoute field ``name`` (:class:`ClaimPart`); a mechanic calls it for the field it reads."""
    if name not in CLAIM_FIELDS:
        raise ValueError(f"ClaimRoute has no field {name!r} for a mechanic to read")
    CLAIM_PARTS[name] = ClaimPart(what, text)


def _game_arg(game: Any) -> None:
    """ArgumentError unless ``game`` is None or a Game (the ``game`` of :meth:`Action.text`)."""
    if game is not None:
        if not getattr(type(game), "is_game", False):  # (a Game: game.py imports this module)
            raise ArgumentError(f"game must be a Game (ttr_nb.new_game(...)) or None, not {shown(game)}", "game")


def _actor(game: "Game | None") -> str:
    _game_arg(game)
    return game.names[game.current_player] if game is not None and game.current_player is not None else ""


@register_action
@dataclass(frozen=True, repr=False)
class DrawCard(Action):
    """Take one train card: ``source`` is 'deck' (the top card, blind), a colour (a face-up card of
    that colour) or 'locomotive' (a face-up Locomotive; B-4.3, B-4.4)."""

    source: str = field(metadata={"allowed": "'deck', a colour such as 'red', or 'locomotive'"})
    kind: ClassVar[str] = "draw"
    rank: ClassVar[int] = 10

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
    default (:data:`CLAIM_FIELDS`; each worded and checked by the mechanic that reads it,
    :func:`register_claim_part`): ``from_holder``, the part of ``pay`` taken from the Team
    Asia card holder (TA-10); ``terrain``, the cards spent to double the route's points in The
    Heart of Africa (H-5, H-6), e.g. ``(('desert', 2),)`` or ``(('desert', 1), ('locomotive', 1))``.
    """

    route: int = field(metadata={"allowed": "a route id: board.find_route(a, b).id gives it"})
    pay: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    from_holder: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    terrain: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    kind: ClassVar[str] = "claim"
    rank: ClassVar[int] = 20

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
        for name in CLAIM_FIELDS:  # (the parts a mechanic reads, in its words)
            v = getattr(self, name)
            if v:
                part = CLAIM_PARTS.get(name)
                s += part.text(v) if part else f", {name}: " + " + ".join(f"{n} {k}" for k, n in v)
        return s

    def text(self, game: "Game | None" = None) -> str:
        """With a game: 'Ana claims Denver–Omaha (4, pink) with 3 pink + 1 Locomotive: +7'. The
        points are named only while the claim is legal; a tunnel is tried, not yet claimed
        ('Ana tries the tunnel …: +4 if it goes through', EU-3)."""
        _game_arg(game)
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



CLAIM_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(ClaimRoute)[2:])
"""The ClaimRoute fields after ``pay``: kept for the mechanics that read them
(``Mechanic.claim_fields``; their words: :data:`CLAIM_PARTS`)."""

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

    tickets: tuple[str, ...] = field(default=(), metadata={"json": "list", "omit_default": False,
                                                           "allowed": "ticket id"})
    kind: ClassVar[str] = "keep"
    rank: ClassVar[int] = 40

    @classmethod
    def _raw(cls, tickets: tuple[str, ...]) -> "KeepTickets":
        """Build from ids already sorted, without checks (for legal-action generation)."""
        obj = object.__new__(cls)
        object.__setattr__(obj, "tickets", tickets)
        return obj

    def text(self, game: "Game | None" = None) -> str:
        _game_arg(game)
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

    Raises ArgumentError (a ValueError and a TypeError) naming what is wrong: not JSON, an
    unknown type ("did you mean"), a missing, unknown or wrong field."""
    if isinstance(d, (str, bytes, bytearray)):
        d = str.__str__(d) if isinstance(d, str) else bytes(d)  # (a subclass's own methods are not called)
        if len(d) > 1_000_000:
            raise ArgumentError(f"an action is a short JSON object; this text has {len(d):,} characters", "action")
        d = load_json(d, "the action", lambda where, what: ArgumentError(f"{where}: {what}", "action"))
    if not isinstance(d, Mapping):
        raise ArgumentError(f"an action is a JSON object such as {{'type': 'draw', 'source': 'deck'}}, "
                            f"not {shown(d)}", "action")
    try:
        d = plain(d if isinstance(d, dict) else dict(d), "the action", max_depth=8, max_items=10_000)
    except ArgumentError:
        raise
    except Exception:  # noqa: BLE001 (a mapping that cannot be read)
        raise ArgumentError(f"the action {shown(d)} cannot be read", "action") from None
    kind = d.get("type")
    cls = ACTION_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        known = ", ".join(map(repr, sorted(ACTION_TYPES)))
        if kind is None:
            raise ArgumentError(f"an action needs its 'type' ({known}); got {shown(d)}", "type")
        raise ArgumentError(f"unknown action type {shown(kind)}{did_you_mean(kind, ACTION_TYPES)}; "
                            f"known: {known}", "type")
    return cls.from_dict(d)


def describe(action: Action, game: "Game | None" = None) -> str:
    """The action's text, with the player's name when a game is given."""
    return action.text(game)


__all__ = ["Action", "DrawCard", "ClaimRoute", "DrawTickets", "KeepTickets", "Pass", "ACTION_TYPES",
           "register_action", "check_fields", "FIELD_CHECKS", "action_from_json", "describe", "LOCO",
           "ClaimPart", "CLAIM_FIELDS", "CLAIM_PARTS", "register_claim_part", "ClaimVariants", "claim_variants"]
