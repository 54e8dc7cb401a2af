"""Drawing train cards (B-4): two cards one at a time, the face-up Locomotive rules, the
refill, the three-Locomotive reset, reshuffling, empty deck and display.

Sources are card indices for face-up cards (0..7 colours, 8 the Locomotive) and
:data:`DECK` (-1) for the blind top card, so they sort deck, colours, Locomotive.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARD_INDEX, CARD_NAMES, EMPTY, LOCO, rng_for, shuffle
from .endgame import end_turn

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

DECK = -1
"""The blind draw."""


SOURCE_CODES: dict[str, int] = {"deck": DECK, **CARD_INDEX}
"""The code of each train-card source: 'deck' -> DECK, a card name -> its index."""


def source_code(source: str) -> int | None:
    """'deck' -> DECK, a card name -> its index, anything else -> None."""
    return SOURCE_CODES.get(source) if isinstance(source, str) else None


def source_name(code: int) -> str:
    return "deck" if code == DECK else CARD_NAMES[code]


# -- the deck and the display ---------------------------------------------------------------
def reshuffle(g: "Game") -> None:
    """The deck is empty: shuffle the discard pile into a new deck (B-4.7)."""
    if not g.discard:
        return
    g.shuffles += 1
    deck = g.discard
    g.discard = []
    shuffle(deck, rng_for(g.seed, "cards", g.shuffles))
    deck.extend(g.deck)  # (empty: kept for safety, cards on top stay on top)
    g.deck = deck
    g.emit("reshuffle", None, len(deck))


def blind_card(g: "Game") -> int:
    """The top card of the deck, reshuffling the discards first if the deck is empty.
    The caller has checked that deck + discard is not empty."""
    if not g.deck:
        reshuffle(g)
    return g.deck.pop()


def refill(g: "Game") -> None:
    """Fill every empty face-up slot from the deck (reshuffling if needed), then apply the
    three-Locomotive rule (B-4.2, B-4.6, B-4.8)."""
    d = g.display
    for k in range(len(d)):
        if d[k] == EMPTY:
            if not g.deck and not g.discard:
                break
            c = blind_card(g)
            d[k] = c
            if g.recording:
                g._raw.append(("refill", None, c))
    if d.count(LOCO) >= 3:
        loco_reset(g)


def loco_reset(g: "Game") -> None:
    """Three or more face-up Locomotives: discard the display and turn up new cards, again while
    it happens, at most ``max_consecutive_loco_resets`` times in a row (B-4.6, as Board Game Arena does)."""
    cap = g.policies["max_consecutive_loco_resets"]
    done = 0
    d = g.display
    while d.count(LOCO) >= 3:
        if done >= cap:
            g.emit("loco_cap", None, done)
            return
        if not g.deck and not g.discard:
            return
        old = [c for c in d if c != EMPTY]
        g.discard.extend(old)
        for k in range(len(d)):
            d[k] = EMPTY
        for k in range(len(d)):
            if not g.deck and not g.discard:
                break
            d[k] = blind_card(g)
        done += 1
        g.emit("loco_reset", None, tuple(old), tuple(c for c in d if c != EMPTY))


def draw_sources(kinds: int, second: bool, blind: bool) -> tuple[int, ...]:
    """The train-card sources for the card kinds face up (``kinds``: bit c = card c): DECK
    first if a blind card exists (``blind``: deck or discards), then each kind face up once,
    in order, no Locomotive as a second card (B-4.4)."""
    if second:
        kinds &= ~(1 << LOCO)
    face_up = tuple(c for c in range(LOCO + 1) if kinds >> c & 1)
    return (DECK,) + face_up if blind else face_up


KIND_BIT = tuple(1 << c for c in range(LOCO + 1)) + (0,)
"""KIND_BIT[c]: the bit of card c; [-1] (an empty slot): none."""


def kinds_face_up(display: list[int]) -> int:
    """The mask of the card kinds face up (bit c = card c). (Worked out each time: a memo of
    the displays seen costs more, since most displays of a new game are new.)"""
    b = KIND_BIT
    if len(display) == 5:  # (the usual display, B-1.1: one line costs less than a loop)
        d0, d1, d2, d3, d4 = display
        return b[d0] | b[d1] | b[d2] | b[d3] | b[d4]
    m = 0
    for c in display:
        m |= b[c]
    return m


def sources(g: "Game", second: bool) -> list[int]:
    """Every train-card source now: DECK first if a blind card exists, then face-up cards."""
    return list(draw_sources(kinds_face_up(g.display), second, bool(g.deck or g.discard)))


def second_possible(g: "Game") -> bool:
    """Can a second card be taken? (B-4.9: if not, the draw ends with one card.)"""
    if g.deck or g.discard:
        return True
    for c in g.display:
        if c != EMPTY and c != LOCO:
            return True
    return any(m.second_card_possible() for m in g._hooks["second_card_possible"])


# -- rules checks ----------------------------------------------------------------------------
def why_not(g: "Game", seat: int, source: str, second: bool) -> str | None:
    """Why ``seat`` can't take a card from ``source`` now (None = legal)."""
    code = source_code(source)
    if code is None:
        for m in g._hooks["draw_why_not"]:
            why = m.draw_why_not(source)
            if why is not NotImplemented:
                return why
        return (f"{source!r} is not a card source: use 'deck', a colour ({', '.join(CARD_NAMES[:8])}) "
                f"or 'locomotive'.")
    if code == DECK:
        if not g.deck and not g.discard:
            return ("The deck and the discard pile are both empty: no card can be drawn blind "
                    "(B-4.8, B-4.10).")
        return None
    if code not in g.display:
        shown = ", ".join("Locomotive" if c == LOCO else CARD_NAMES[c]
                          for c in g.display if c != EMPTY) or "no cards"
        what = "Locomotive" if code == LOCO else f"{CARD_NAMES[code]} card"
        return f"There is no face-up {what} (face up: {shown})."
    if code == LOCO and second:
        return ("A face-up Locomotive can never be taken as the second card (B-4.4); take another "
                "face-up card or draw from the deck.")
    return None


# -- applying -------------------------------------------------------------------------------
def give(g: "Game", seat: int, card: int, nth: int, face_up: bool) -> None:
    for m in g._hooks["receive_card"]:
        if m.receive_card(seat, card, nth, face_up):
            return
    g.hands[seat][card] += 1


def draw(g: "Game", seat: int, code: int) -> None:
    """Apply a checked draw of source ``code`` by ``seat`` (first or second card). (Its events
    are ``game.emit`` inline, when recording: a call costs the public loop 3 % more.)"""
    second = g.pending == "second-card"
    receive = g._hooks["receive_card"]
    if code == DECK:
        deck = g.deck
        if not deck:
            reshuffle(g)
            deck = g.deck
        card = deck.pop()
        if g.recording:
            g._raw.append(("blind", seat, card))
        if receive:
            give(g, seat, card, 2 if second else 1, False)
        else:
            g.hands[seat][card] += 1
    else:  # a face-up card: its slot is refilled at once (B-4.2)
        if g.recording:
            g._raw.append(("take", seat, code))
        d = g.display
        deck = g.deck
        if deck or g.discard:
            if not deck:
                reshuffle(g)
                deck = g.deck
            c = d[d.index(code)] = deck.pop()  # (the leftmost)
            if g.recording:
                g._raw.append(("refill", None, c))
            if d.count(LOCO) >= 3:
                loco_reset(g)
        else:
            d[d.index(code)] = EMPTY
        if receive:
            give(g, seat, code, 2 if second else 1, True)
        else:
            g.hands[seat][code] += 1
        if code == LOCO:  # B-4.3: a face-up Locomotive is the whole draw
            end_turn(g)
            return
    if second:
        end_turn(g)
    elif g.pending == "turn":  # (a mechanic may have set its own pending decision)
        if g.deck or g.discard:  # B-4.9: a second card can be taken (the usual case)
            g.pending = "second-card"
        else:
            begin_second(g)


def begin_second(g: "Game") -> None:
    """After the first card: wait for the second, or end the draw if none can be taken (B-4.9)."""
    if second_possible(g):
        g.pending = "second-card"
    else:
        g.emit("no_second", g.seat)
        g.end_turn()
