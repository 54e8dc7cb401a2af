"""Train cards as small integers, the seeded shuffles, and the words for cards.

A train card is an ``int``: 0..7 are the eight colours in :data:`ttr_nb.board.COLORS` order
(red orange yellow green blue pink white black) and 8 (:data:`LOCO`) is the Locomotive.
A hand is a list of 9 counts indexed by card. Decks are lists with the top card at the
end (``pop()`` draws it). Nothing here knows about players or turns.

Randomness: every shuffle gets its own ``random.Random`` seeded from the game seed, what
is shuffled and how many times it was shuffled before (:func:`rng_for`), so a game's
state needs no RNG state to be saved and replaying the same actions gives the same game.

>>> card_name(LOCO), card_index("red"), card_index("locomotive")
('locomotive', 0, 8)
"""
from __future__ import annotations

import hashlib
import random
from itertools import repeat, starmap
from math import floor
from operator import mul
from typing import Iterable, Sequence

from .board import COLORS, GRAY

LOCO = 8
"""The Locomotive (wild card)."""
LOCOMOTIVE = "locomotive"
CARD_NAMES: tuple[str, ...] = COLORS + (LOCOMOTIVE,)
"""Card index -> name: the 8 colours, then 'locomotive'."""
CARD_INDEX: dict[str, int] = {n: i for i, n in enumerate(CARD_NAMES)}
N_CARD_TYPES = 9
GRAY_INDEX = 8
"""A route's colour index: 0..7 as the cards, 8 for gray (any one colour)."""
ROUTE_COLOR_INDEX: dict[str, int] = {**{c: i for i, c in enumerate(COLORS)}, GRAY: GRAY_INDEX}
EMPTY = -1
"""An empty face-up slot."""


def card_index(name: str) -> int:
    """The card index of a card name ('red' -> 0, 'locomotive' -> 8); KeyError if unknown."""
    return CARD_INDEX[name]


def card_name(card: int) -> str:
    """The name of a card index (8 -> 'locomotive')."""
    return CARD_NAMES[card]


def card_word(card: int, n: int = 1) -> str:
    """Readable: '3 red', '1 Locomotive', '2 Locomotives'."""
    if card == LOCO:
        return f"{n} Locomotive" + ("s" if n != 1 else "")
    return f"{n} {CARD_NAMES[card]}"


def counts_text(counts: Sequence[int]) -> str:
    """A 9-count hand or payment as words: '3 red + 1 Locomotive' ('nothing' when empty)."""
    parts = [card_word(c, n) for c, n in enumerate(counts) if n]
    return " + ".join(parts) if parts else "nothing"


def counts_and_text(counts: Sequence[int]) -> str:
    """Like :func:`counts_text` with 'and': '2 red and 1 blue'."""
    parts = [card_word(c, n) for c, n in enumerate(counts) if n]
    if not parts:
        return "no cards"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def new_train_deck(per_color: int = 12, locomotives: int = 14) -> list[int]:
    """The 110 train cards (B-1.1), unshuffled: 12 of each colour, then 14 Locomotives."""
    deck = [c for c in range(8) for _ in range(per_color)]
    deck += [LOCO] * locomotives
    return deck


def rng_for(seed: int, purpose: str, n: int = 0) -> random.Random:
    """The RNG of the ``n``-th shuffle of ``purpose`` ('cards', 'tickets:main', ...) in a game
    seeded with ``seed``: seeded with the first 8 bytes of SHA-256 of
    ``'ttr_nb:{seed}:{purpose}:{n}'``, the same on every machine and Python run."""
    digest = hashlib.sha256(f"ttr_nb:{seed}:{purpose}:{n}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def shuffle(items: list, rng: random.Random) -> None:
    """Fisher–Yates shuffle in place, driven by ``rng.random()`` (fast and deterministic)."""
    n = len(items)
    # j for i = n-1 .. 1 is floor(rng.random() * (i + 1)), the random numbers drawn in that
    # order (in C: starmap calls rng.random); each swap as its j comes
    i = n - 1
    for j in map(floor, map(mul, starmap(rng.random, repeat((), i)), range(n, 1, -1))):
        items[i], items[j] = items[j], items[i]
        i -= 1


def count_cards(cards: Iterable[int]) -> list[int]:
    """A list of cards as 9 counts."""
    out = [0] * N_CARD_TYPES
    for c in cards:
        if c != EMPTY:
            out[c] += 1
    return out
