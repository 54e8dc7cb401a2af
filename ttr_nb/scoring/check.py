"""What a Scoresheet refuses: no scorer, two scorers of one name, an unknown bonus, route or
ticket, a route or ticket held twice, and what a mechanic refuses of a claim
(:meth:`~ttr_nb.rules.mechanic.Mechanic.claim_problem`)."""
from __future__ import annotations

from typing import Sequence

from ..board import Board, Ticket
from ..errors import IllegalAction
from ..rules.mechanic import Mechanic
from .bonuses import BONUSES
from .lines import Scorer


def check(board: Board, scorers: tuple[Scorer, ...], bonuses: dict[str, int],
          mechanics: Sequence[type[Mechanic]] = ()) -> list[list[Ticket]]:
    """Refuse what cannot be scored (IllegalAction); return each scorer's Ticket objects."""
    if not scorers:
        raise IllegalAction("A scoresheet needs at least one player or team.")
    seen_names: set[str] = set()
    for s in scorers:
        if s.name in seen_names:
            raise IllegalAction(f"Two players are called {s.name!r}; each needs a different name.")
        seen_names.add(s.name)
    for key, pts in bonuses.items():
        if key not in BONUSES:
            raise IllegalAction(f"There is no bonus called {key!r}; the bonuses are "
                                f"{', '.join(sorted(BONUSES))}.")
        if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0:
            raise IllegalAction(f"The {BONUSES[key].title} bonus must be a whole number of points, "
                                f"not {pts!r}.")
    owner_of_route: dict[int, str] = {}
    holder_of_ticket: dict[str, str] = {}
    all_tickets: list[list[Ticket]] = []
    for s in scorers:
        for c in s.claims:
            try:
                r = board.route(c.route)
            except KeyError:
                raise IllegalAction(f"{s.name} claims route {c.route!r}, but {board.name} has no "
                                    f"route with that id.") from None
            if c.route in owner_of_route:
                who = owner_of_route[c.route]
                raise IllegalAction(f"Route {r.label()} is claimed twice ("
                                    + (f"twice by {s.name}" if who == s.name else f"by {who} and {s.name}")
                                    + "); each track holds one player's trains.")
            owner_of_route[c.route] = s.name
            for m in mechanics:
                why = m.claim_problem(board, s, c, r)
                if why:
                    raise IllegalAction(why)
        mine: list[Ticket] = []
        for t in s.tickets:
            if isinstance(t, Ticket):
                ticket = t
            else:
                try:
                    ticket = board.ticket(t)
                except KeyError:
                    raise IllegalAction(f"{s.name} holds ticket {t!r}, but {board.name} has no "
                                        f"ticket with that id.") from None
            if ticket.id in holder_of_ticket:
                who = holder_of_ticket[ticket.id]
                raise IllegalAction(f"Ticket {ticket.label()} is held twice ("
                                    + (f"twice by {s.name}" if who == s.name else f"by {who} and {s.name}")
                                    + "); there is one card of each ticket.")
            for city in (ticket.a, ticket.b):
                if city not in board.cities:
                    raise IllegalAction(f"Ticket {ticket.label()} names {city!r}, which is not on "
                                        f"{board.name}.")
            holder_of_ticket[ticket.id] = s.name
            mine.append(ticket)
        all_tickets.append(mine)
    return all_tickets


__all__ = ["check"]
