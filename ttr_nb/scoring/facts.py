"""The graph facts of one scorer (longest trail, network, ticket completion), each computed
once, on first use."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ..board import Board, Ticket
from ..graph import connections
from ..scoring_search import tickets_done
from ..trail import longest_trail, trail_length_and_pieces
from .lines import Scorer


class ScorerFacts:
    """The graph facts one scorer's lines and bonuses need; each is computed on first use.
    ``numbers_only``: the sheet explains no ticket (see ``_numbers_only``).
    ``ticket_ids``: the routes its tickets may use: its own, and what a mechanic lends it
    (:meth:`~ttr_nb.rules.mechanic.Mechanic.ticket_routes`); the trail and the network are
    of its own routes only."""

    def __init__(self, board: Board, scorer: Scorer, tickets: Sequence[Ticket],
                 numbers_only: bool = False, borrowed: Sequence[int] = ()):
        self.board = board
        self.scorer = scorer
        self.route_ids: tuple[int, ...] = tuple([c.route for c in scorer.claims])
        self.borrowed: tuple[int, ...] = tuple(borrowed)
        self.ticket_ids: tuple[int, ...] = self.route_ids + self.borrowed
        self.tickets: tuple[Ticket, ...] = tuple(tickets)
        self.numbers_only = numbers_only
        self._cache: dict[str, Any] = {}

    def _get(self, key: str, make: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def trail(self):
        """The longest trail of this scorer's routes (B-8.2)."""
        return self._get("trail", lambda: longest_trail(self.board, self.route_ids))

    @property
    def trail_length(self) -> int:
        """The length of :attr:`trail` (its walk is not built by the numbers only)."""
        if "trail" in self._cache or not self.numbers_only:
            return self.trail.length
        return self._numbers[0]

    @property
    def _numbers(self) -> tuple[int, dict[int, list[int]]]:
        """By the numbers only: the trail's length and the network's pieces, found together."""
        return self._get("numbers", lambda: trail_length_and_pieces(self.board, self.route_ids))

    @property
    def network(self):
        """The biggest connected piece of this scorer's routes (LA-12)."""
        from ..graph import largest_network

        return self._get("network", lambda: largest_network(self.board, self.route_ids))

    @property
    def connections(self) -> tuple:
        """One graph Connection per ticket, in ticket order (as ``graph.connect`` gives)."""
        return self._get("connections", lambda: connections(self.board, self.ticket_ids,
                                                            self.tickets))

    @property
    def done(self) -> tuple[bool, ...]:
        """For each ticket, in ticket order, whether it is done (B-6.4)."""
        done = self._cache.get("done")
        if done is None:
            if "connections" in self._cache or not self.numbers_only:
                done = tuple([c.connected for c in self.connections])
            elif self.borrowed:
                done = tickets_done(self.board, self.ticket_ids, self.tickets)
            else:
                done = tickets_done(self.board, self.route_ids, self.tickets, self._numbers[1])
            self._cache["done"] = done
        return done

    @property
    def tickets_completed(self) -> int:
        return sum(self.done)


__all__ = ["ScorerFacts"]
