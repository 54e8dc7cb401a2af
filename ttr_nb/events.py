"""Events: what happened, in words.

The engine records each event as a small tuple ``(kind, seat, *args)`` (cheap, so fast games
stay fast) and turns it into an :class:`Event` only when asked (``game.apply`` returns them,
``game.log`` lists them). ``Event.text`` is the full wording (for the acting player and the
teacher); ``Event.public`` is what everyone else may see: a blind draw shows its colour only
to the player who drew it.

A mechanic registers the wording of its own event kinds with :func:`register_event`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import math
from typing import Sequence

from .cards import CARD_NAMES, LOCO, card_word, counts_text
from .lazy import ListView

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .game import Game

Formatter = Callable[["Game", "int | None", tuple], "tuple[str, str | None]"]
"""(game, seat, args) -> (text, public text or None when nothing is hidden)."""

FORMATTERS: dict[str, Formatter] = {}


def register_event(kind: str) -> Callable[[Formatter], Formatter]:
    """Decorator: the wording of event ``kind``."""

    def wrap(fn: Formatter) -> Formatter:
        FORMATTERS[kind] = fn
        return fn

    return wrap


class Event:
    """One thing that happened. ``data`` holds the raw arguments (route ids, card names...).

    Worded on first reading: an Event made by the engine keeps its game and asks the kind's
    formatter for ``text`` and ``public`` only when one of them is read (the formatters read
    names, the board and the settings, never the changing state, so the wording is the same
    whenever it is made). Equal events have equal kind, seat, text and public text."""

    __slots__ = ("kind", "seat", "data", "_game", "_text", "_public")

    def __init__(self, kind: str, seat: int | None, text: str | None = None,
                 public: str | None = None, data: tuple = (), game: "Game | None" = None):
        self.kind = kind
        self.seat = seat
        self.data = data
        self._game = game if text is None else None
        self._text = text
        self._public = text if public is None else public

    def _word(self) -> None:
        fmt = FORMATTERS.get(self.kind)
        if fmt is None:
            text, public = f"{self.kind} {list(self.data)}", None
        else:
            text, public = fmt(self._game, self.seat, self.data)
        self._text = text
        self._public = text if public is None else public
        self._game = None

    @property
    def text(self) -> str:
        """The full wording (the acting player's and the teacher's)."""
        if self._text is None:
            self._word()
        return self._text  # type: ignore[return-value]

    @property
    def public(self) -> str:
        """What everyone else may see (a blind draw hides its colour)."""
        if self._text is None:
            self._word()
        return self._public  # type: ignore[return-value]

    def text_for(self, seat: int | None) -> str:
        """The wording ``seat`` may see (None = the teacher: everything). ArgumentError for
        anything else than a seat number or None (True or 1.0 never stand for seat 1)."""
        if seat is not None and (type(seat) is not int or seat < 0):
            from .validate import whole

            seat = whole(seat, "seat", 0, bounded=False, what="a seat, or None for the teacher")
        return self.text if seat is None or seat == self.seat else self.public

    def _key(self) -> tuple:
        return (self.kind, self.seat, self.text, self.public)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, seat={self.seat!r}, text={self.text!r}, "
                f"public={self.public!r}, data={self.data!r})")

    def __str__(self) -> str:
        return self.text


class Events(ListView):
    """What one action made happen (``game.apply`` returns it): a read-only sequence of
    :class:`Event`, each made when first read. It compares equal to a list of the same
    events and prints as one; ``list(events)`` gives a list."""

    __slots__ = ("_game", "_raw", "_made")

    def __init__(self, game: "Game", raw: list[tuple]):
        self._game = game
        self._raw = raw
        self._made: list[Event] | None = None

    def _list(self) -> list[Event]:
        out = self._made
        if out is None:
            g = self._game
            out = self._made = [Event(r[0], r[1], data=r[2:], game=g) for r in self._raw]
        return out

    def __len__(self) -> int:
        return len(self._raw)


# -- words shared by events, actions and refusals ------------------------------------------
def card_label(card: int) -> str:
    """A train card's name as a teacher writes it: 'red', ..., 'Locomotive' (its proper name)."""
    return "Locomotive" if card == LOCO else CARD_NAMES[card]


def count_word(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and the word, singular for 1: '1 card', '2 cards', '0 resets'."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def cards_label(cards) -> str:
    """Cards as a list of names: 'red, Locomotive, blue'."""
    return ", ".join(card_label(c) for c in cards)


def held_text(card: int, n: int) -> str:
    """How many of a card someone holds, for a refusal: 'no pink cards', 'only 1 pink card',
    'no Locomotives', 'only 2 Locomotives'."""
    if card == LOCO:
        return "no Locomotives" if n == 0 else f"only {n} Locomotive{'s' * (n != 1)}"
    name = CARD_NAMES[card]
    return f"no {name} cards" if n == 0 else f"only {n} {name} card{'s' * (n != 1)}"


def held_list(counts: Sequence[int], which: Sequence[int]) -> str:
    """:func:`held_text` for several cards, joined with 'and'."""
    parts = [held_text(c, counts[c]) for c in which]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


_TRACK_WORDS = {2: (("upper", "lower"), ("left", "right")),
                3: (("upper", "middle", "lower"), ("left", "middle", "right"))}
_LABELS: dict[int, tuple] = {}


def route_label(board: "Board", route_id: int) -> str:
    """``Route.label()``, plus the track for a double (or triple) route whose tracks would
    otherwise read the same, as the board is drawn: 'Atlanta–Raleigh (2, gray, upper track)'
    (a route running more north–south than east–west has a left and a right track)."""
    hit = _LABELS.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _LABELS[id(board)] = (board, _route_labels(board))
    try:
        return hit[1][route_id]
    except KeyError:
        return board.route(route_id).label()  # (raises KeyError for an unknown id)


def _route_labels(board: "Board") -> dict[int, str]:
    out = {r.id: r.label() for r in board.routes}
    done: set[int] = set()
    for r in board.routes:
        if r.id in done or not board.twins[r.id]:
            continue
        group = sorted([r.id, *board.twins[r.id]])
        done.update(group)
        labels = [out[i] for i in group]
        if len(set(labels)) == len(labels) or len(group) not in _TRACK_WORDS:
            continue
        a, b = sorted(r.cities)
        ca, cb = board.cities[a], board.cities[b]
        dx, dy = cb.x - ca.x, cb.y - ca.y
        d = math.hypot(dx, dy) or 1e-9
        centres = []
        for k, i in enumerate(group):
            t = board.route(i)
            if t.spaces:  # printed car spaces: their middle
                centres.append((sum(s[0] for s in t.spaces) / len(t.spaces),
                                sum(s[1] for s in t.spaces) / len(t.spaces)))
            else:  # laid out by ttr_nb.draw: side by side, in id order, along the normal
                off = k - (len(group) - 1) / 2
                centres.append(((ca.x + cb.x) / 2 - dy / d * off, (ca.y + cb.y) / 2 + dx / d * off))
        across = 1 if abs(dx) >= abs(dy) else 0  # east–west route: compare y (north is up)
        order = sorted(range(len(group)), key=lambda k: (centres[k][across], group[k]))
        words = _TRACK_WORDS[len(group)][0 if across else 1]
        for pos, k in enumerate(order):
            if labels.count(labels[k]) > 1:
                out[group[k]] = labels[k][:-1] + f", {words[pos]} track)"
    return out


def make_event(game: "Game", raw: tuple) -> Event:
    """The Event of a raw event tuple ``(kind, seat, *args)``, worded when first read."""
    return Event(raw[0], raw[1], data=raw[2:], game=game)


def _who(game: "Game", seat: int | None) -> str:
    return game.names[seat] if seat is not None else ""


def _cards(cards) -> str:
    return cards_label(cards)


@register_event("setup")
def _setup(game, seat, args):
    return (f"New game: {game.variant.name} ({game.variant.title}), {game.n} players "
            f"({', '.join(game.names)}), seed {game.seed}."), None


@register_event("deal")
def _deal(game, seat, args):
    (hand,) = args
    return (f"{_who(game, seat)} is dealt {counts_text(hand)}.",
            f"{_who(game, seat)} is dealt {sum(hand)} train cards.")


@register_event("display")
def _display(game, seat, args):
    (cards,) = args
    return f"Face up: {_cards(c for c in cards if c >= 0) or 'nothing'}.", None


@register_event("blind")
def _blind(game, seat, args):
    (card,) = args
    extra = " (a blind Locomotive is an ordinary card, B-4.5)" if card == LOCO else ""
    return (f"{_who(game, seat)} draws {_phrase(card)} from the deck{extra}.",
            f"{_who(game, seat)} draws a card from the deck.")


@register_event("take")
def _take(game, seat, args):
    (card,) = args
    if card == LOCO:
        return f"{_who(game, seat)} takes the face-up Locomotive: that is the whole draw (B-4.3).", None
    return f"{_who(game, seat)} takes the face-up {CARD_NAMES[card]} card.", None


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _phrase(card: int) -> str:
    """'a red card', 'an orange card', 'a Locomotive'."""
    return "a Locomotive" if card == LOCO else _a(CARD_NAMES[card]) + " card"


@register_event("refill")
def _refill(game, seat, args):
    (card,) = args
    return f"{_phrase(card)[0].upper() + _phrase(card)[1:]} is turned face up.", None


@register_event("loco_reset")
def _loco_reset(game, seat, args):
    (old, new) = args
    return (f"Three Locomotives face up ({_cards(old)}): the face-up cards are discarded and "
            f"{_cards(new) or 'no card'} turned up (B-4.6)."), None


@register_event("loco_cap")
def _loco_cap(game, seat, args):
    (n,) = args
    return (f"Still three Locomotives face up after {count_word(n, 'reset')} in a row: they stay "
            f"(setting max_consecutive_loco_resets={n}, B-4.6)."), None


@register_event("reshuffle")
def _reshuffle(game, seat, args):
    (n,) = args
    return f"The deck is empty: the {count_word(n, 'discarded card')} {'is' if n == 1 else 'are'} shuffled into a new deck (B-4.7).", None


@register_event("no_second")
def _no_second(game, seat, args):
    return (f"No second card can be taken, so {_who(game, seat)}'s draw ends with one card (B-4.9)."), None


@register_event("claim")
def _claim(game, seat, args):
    route_id, pay, points = args
    return (f"{_who(game, seat)} claims {route_label(game.board, route_id)} with {counts_text(pay)}: "
            f"+{points}."), None


@register_event("tickets_drawn")
def _tickets_drawn(game, seat, args):
    (ids,) = args
    labels = ", ".join(game.board.ticket(t).label() for t in ids)
    n = len(ids)
    return (f"{_who(game, seat)} draws {n} Destination Ticket{'s' * (n != 1)}: {labels}.",
            f"{_who(game, seat)} draws {n} Destination Ticket{'s' * (n != 1)}.")


@register_event("tickets_dealt")
def _tickets_dealt(game, seat, args):
    (ids,) = args
    labels = ", ".join(game.board.ticket(t).label() for t in ids)
    dealt = count_word(len(ids), "Destination Ticket")
    return (f"{_who(game, seat)} is dealt {dealt}: {labels}.",
            f"{_who(game, seat)} is dealt {dealt}.")


@register_event("tickets_kept")
def _tickets_kept(game, seat, args):
    kept, returned, where = args
    labels = ", ".join(game.board.ticket(t).label() for t in kept) or "none"
    back = ""
    if returned:
        to = "into the box (out of the game)" if where == "box" else "to the bottom of the ticket deck"
        back = f" and puts {len(returned)} {to}"
        rl = ", ".join(game.board.ticket(t).label() for t in returned)
        full_back = f"{back}: {rl}"
    else:
        full_back = ""
    who = _who(game, seat)
    return (f"{who} keeps {labels}{full_back}.",
            f"{who} keeps {len(kept)} ticket{'s' * (len(kept) != 1)}{back}.")


@register_event("final_round")
def _final_round(game, seat, args):
    (trains,) = args
    who = _who(game, seat)
    return (f"{who} ends the turn with {trains} train{'s' * (trains != 1)}: the final round begins; "
            f"every player, {who} included, gets one last turn (B-7.1, B-7.2)."), None


@register_event("pass")
def _pass(game, seat, args):
    return f"{_who(game, seat)} has no legal action and passes (B-3.4).", None


@register_event("game_over")
def _game_over(game, seat, args):
    (why,) = args
    if why == "passes":
        return "Every player passed in turn: the game ends (setting all_pass_ends_game, B-3.4).", None
    return "The final round is over: the game ends (B-7.2).", None


def event_kinds() -> list[str]:
    return sorted(FORMATTERS)


__all__ = ["Event", "Events", "register_event", "make_event", "FORMATTERS", "card_word", "card_label", "cards_label",
           "held_text", "held_list", "route_label"]
