"""The Heart of Africa's Terrain cards as facts and words (H-3, H-5.2): the three types, each
route's type by its printed colour, the cards a doubling takes, the words a teacher reads; and,
for counting claims without building them, the payments of a hand by the Locomotives they
leave for a doubling (:func:`doubling_kernels`). The mechanic is :mod:`ttr_nb.rules.terrain`,
which re-exports these names."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import register_claim_part
from ..cards import CARD_NAMES, LOCOMOTIVE
from .payments import payment_range

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Route
    from .payments import Tables

TERRAINS: tuple[str, ...] = ("desert", "jungle", "mountain")
TERRAIN_NAMES = {"desert": "Desert & Savanna", "jungle": "Jungle & Forest", "mountain": "Mountain & Cliff"}
"""Terrain card types (H-3.2), by the name a route's ``terrain`` carries."""
"""The three Terrain types (H-3.1), in board order."""
TERRAIN_OF_COLOR: dict[str, str] = {
    "red": "desert", "orange": "desert", "yellow": "desert",
    "pink": "jungle", "blue": "jungle", "green": "jungle",
    "white": "mountain", "gray": "mountain", "black": "mountain",
}
"""A route's printed colour -> its Terrain type (H-3.2; gray is Mountain & Cliff, H-3.3)."""
CARDS_PER_TYPE = 15
"""Terrain cards of each type (H-3.1): 45 in all."""
DISPLAY_SIZE = 2
"""Face-up Terrain cards (H-3.4)."""
START_CARDS = 1
"""Terrain cards dealt to each player at setup (H-3.4)."""
DECK = "deck"
"""The blind Terrain draw's source."""


def terrain_of(route: "Route") -> str:
    """The Terrain type of a route: from its printed colour, whatever pays for it (H-3.3)."""
    return TERRAIN_OF_COLOR[route.color]


def cards_needed(length: int) -> int:
    """Terrain cards that double a route (H-5.2): 1 for 1–3 spaces, 2 for 4–6."""
    return 1 if length <= 3 else 2


def terrain_word(t: str, n: int | None = None) -> str:
    """'Desert & Savanna', or with a count '2 Desert & Savanna cards'."""
    name = TERRAIN_NAMES.get(t, t)
    if n is None:
        return name
    return f"{n} {name} card{'s' * (n != 1)}"


def _a(t: str) -> str:
    return f"a {TERRAIN_NAMES.get(t, t)} card"


def terrain_pairs(t: str, real: int, locos: int) -> tuple[tuple[str, int], ...]:
    """The canonical ``ClaimRoute.terrain`` for ``real`` cards of type ``t`` plus ``locos``
    Locomotives (the order ``ClaimRoute`` itself normalises to: Locomotives first)."""
    out: tuple[tuple[str, int], ...] = ()
    if locos:
        out += ((LOCOMOTIVE, locos),)
    if real:
        out += ((t, real),)
    return out


def _claim_spent_text(r: "Route", c: Any) -> str:
    """The cards a Scoresheet Claim spent to double ``r``: '1 Desert & Savanna card + 1 Locomotive'."""
    if not c.terrain_spent:
        return f"{TERRAIN_NAMES.get(r.terrain or '', r.terrain or 'Terrain')} cards"
    real = sum(1 for x in c.terrain_spent if x != LOCOMOTIVE)
    return spent_text(r.terrain or "Terrain", real, len(c.terrain_spent) - real)


def spent_text(t: str, real: int, locos: int) -> str:
    """'2 Desert & Savanna cards', '1 Jungle & Forest card + 1 Locomotive'."""
    parts = []
    if real:
        parts.append(terrain_word(t, real))
    if locos:
        parts.append(f"{locos} Locomotive{'s' * (locos != 1)}")
    return " + ".join(parts) or "nothing"


def _doubling_text(pairs: tuple[tuple[str, int], ...]) -> str:
    """The words of ``ClaimRoute.terrain`` after the payment (H-5, H-6): ', doubled with 1
    Desert & Savanna card + 1 Locomotive'."""
    words = [terrain_word(k, n) for k, n in pairs if k != LOCOMOTIVE]
    words += [f"{n} Locomotive{'s' * (n != 1)}" for k, n in pairs if k == LOCOMOTIVE]
    return ", doubled with " + " + ".join(words)


register_claim_part("terrain", "Terrain cards", _doubling_text)

_LEFT: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (2, 0), (2, 1), (2, 2))
"""(cards per doubling, Locomotives left up to that many) of a payment: what its doublings
depend on besides the player's cards (:meth:`Terrain._allowed`)."""
_TYPE_OF_INDEX: tuple[int, ...] = tuple(TERRAINS.index(TERRAIN_OF_COLOR[c]) for c in CARD_NAMES[:8])
"""The Terrain type (its place in TERRAINS) of a route by its colour index (H-3.2)."""
_KERNELS: dict[int, tuple] = {}
"""id(tables) -> (tables, :func:`doubling_kernels` of them)."""


def doubling_kernels(T: "Tables") -> tuple:
    """kernels[t][w][h][q]: the payments one colour's h cards (0: the all-Locomotive one) and
    w Locomotives make on the routes of each slot that take at most t trains
    (``claiming.payment_range``), counting only those of ``_LEFT[q]``: routes of that many
    cards per doubling (H-5.2) and payments that leave that many Locomotives (up to it);
    packed by slot as ``Tables.kernel_table`` packs (w up to ``maxlen + 2``, h up to
    ``maxlen``: more leave or pay the same). Built once for each board."""
    hit = _KERNELS.get(id(T))
    if hit is not None and hit[0] is T:
        return hit[1]
    ml = T.maxlen

    def per_route(w: int, h: int, need: int, j: int):
        def count(L: int, fe: int) -> int:
            if cards_needed(L) != need:
                return 0
            locos = payment_range(L, h, w, fe) if h else (range(L, L + 1) if w >= L else range(0))
            return sum(1 for k in locos if min(w - k, need) == j)
        return count

    out = tuple(tuple(tuple(tuple(T.pack(t, per_route(w, h, need, j)) for need, j in _LEFT)
                            for h in range(ml + 1)) for w in range(ml + 3))
                for t in range(T.maxneed + 1))
    _KERNELS[id(T)] = (T, out)
    return out


__all__ = ["TERRAINS", "TERRAIN_NAMES", "TERRAIN_OF_COLOR", "CARDS_PER_TYPE", "DISPLAY_SIZE", "START_CARDS", "DECK",
           "terrain_of", "cards_needed", "terrain_word", "terrain_pairs", "spent_text", "doubling_kernels"]
