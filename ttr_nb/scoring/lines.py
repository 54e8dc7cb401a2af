"""What a Scoresheet is made of: the claims and scorers handed in, and the lines that come out.

A line has a ``kind``; the core kinds are ``route`` (B-5.9), ``ticket`` (B-6.4, B-6.5) and
``bonus`` (B-8.2, ...); each mechanic adds its own (:attr:`Mechanic.score_sections
<ttr_nb.rules.mechanic.Mechanic.score_sections>`). :func:`sections` gives them in sheet order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ..board import Board, Ticket

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..rules.mechanic import Mechanic

ROUTES = ("route", "routes")
TICKETS = ("ticket", "tickets")
BONUSES_SECTION = ("bonus", "bonuses")


def sections(mechanics: Iterable[type["Mechanic"]]) -> tuple[tuple[str, str], ...]:
    """Each kind of score line with its section title, in sheet order: routes, the
    mechanics' kinds (in their order), tickets, bonuses."""
    out = [ROUTES]
    for m in mechanics:
        out.extend(s for s in m.score_sections if s not in out)
    return tuple(out + [TICKETS, BONUSES_SECTION])


# -- what the engine hands in ------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """One claimed route as scoring sees it.

    ``doubled``: the route's points were doubled with Terrain cards (Heart of Africa, H-5);
    ``terrain_spent``: the cards spent for it, e.g. ``('desert', 'desert')`` or
    ``('desert', 'locomotive')`` (H-6); may stay empty when unknown.
    """

    route: int
    doubled: bool = False
    terrain_spent: tuple[str, ...] = ()

    @classmethod
    def of(cls, entry: Sequence[Any]) -> "Claim":
        """The Claim of an engine claim record ``[route id, doubled, cards spent, ...]``
        (a plain claim is made once per route id and shared: a Claim is immutable)."""
        if entry[1] or entry[2]:
            return cls(entry[0], bool(entry[1]), tuple(entry[2]))
        plain = _PLAIN_CLAIMS.get(entry[0])
        if plain is None:
            plain = _PLAIN_CLAIMS[entry[0]] = cls(entry[0])
        return plain

    @property
    def plain(self) -> bool:
        """Nothing but the route: its lines are the same in every sheet of a board."""
        return not (self.doubled or self.terrain_spent)


_PLAIN_CLAIMS: dict[int, Claim] = {}  # route id -> Claim(route id), shared


@dataclass(frozen=True)
class Scorer:
    """A player, or a Team Asia team (claims of both partners, tickets of both hands and the
    holder: TA-15, TA-16).

    ``tickets`` are ticket ids of the board (a :class:`~ttr_nb.board.Ticket` is accepted too,
    for what-if sheets); ``ticket_owner`` optionally names where each ticket was held
    ('Ana's hand', 'team holder'), for the explanation only. ``extras`` holds what a
    mechanic scores besides claims and tickets, under the mechanic's name (a station
    mechanic's ``{"stations": ("Paris",)}``).
    """

    name: str
    claims: tuple[Claim, ...]
    tickets: tuple[str, ...]
    seats: tuple[int, ...] = ()
    ticket_owner: Mapping[str, str] | None = field(default=None, compare=False)
    extras: Mapping[str, Any] | None = field(default=None, hash=False)

    @classmethod
    def from_routes(cls, board: Board, name: str, routes: Iterable[Any],
                    tickets: Iterable[str] = ()) -> "Scorer":
        """A player who claimed ``routes`` (named as :meth:`Board.route_ids` reads them:
        ``'Denver–Omaha'``, ``('Denver', 'Omaha', 'pink')``, ids) and holds ``tickets`` (ids).

        KeyError naming the route if one is not on the board.

        >>> import ttr_nb
        >>> usa = ttr_nb.load_map("usa")
        >>> Scorer.from_routes(usa, "Mia", ["Denver–Omaha"], ["O08"]).claims
        (Claim(route=34, doubled=False, terrain_spent=()),)
        """
        return cls(name, tuple(Claim(r) for r in board.route_ids(list(routes))), tuple(tickets))

    @classmethod
    def of_seat(cls, game: "Game", seat: int, **extras: Any) -> "Scorer":
        """The scorer of one player of ``game``: its claims and kept tickets, and ``extras``
        (what a mechanic's ``scorers()`` hook adds, e.g. ``stations=("Paris",)``)."""
        return cls(game.names[seat], tuple(map(Claim.of, game.claims[seat])),
                   tuple(game.tickets(seat)), seats=(seat,), extras=extras or None)

    def extra(self, name: str, default: Any = None) -> Any:
        """``extras[name]``, or ``default`` when absent."""
        return (self.extras or {}).get(name, default)


@dataclass(frozen=True)
class Line:
    """One line of a score: ``points`` and a ``detail`` that explains them.

    ``routes`` and ``cities`` are what a drawing should highlight (the route, the path that
    completes a ticket, the longest trail); ``rule`` is the rule ID behind the line (docs/RULES.md);
    ``bonus`` the bonus key for a bonus line.
    """

    kind: str
    points: int
    detail: str
    routes: tuple[int, ...] = ()
    cities: tuple[str, ...] = ()
    ticket: str | None = None
    rule: str = ""
    bonus: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "points": self.points, "detail": self.detail,
                "routes": list(self.routes), "cities": list(self.cities), "ticket": self.ticket,
                "rule": self.rule, "bonus": self.bonus}

    def __str__(self) -> str:
        return self.detail


@dataclass(frozen=True)
class TicketResult:
    """A ticket at the end of the game: done or not, the path or the gap."""

    ticket: Ticket
    done: bool
    routes: tuple[int, ...]
    cities: tuple[str, ...]
    owner: str | None = None


# -- words -------------------------------------------------------------------------------
def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 train', '3 trains' (``many``: the plural when not word + 's')."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def arrow(cities: Sequence[str]) -> str:
    return " → ".join(cities)


def and_(names: Sequence[str]) -> str:
    """'Ana', 'Ana and Bea', 'Ana, Bea and Cal'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


__all__ = ["Claim", "Scorer", "Line", "TicketResult", "sections", "plural"]
