"""The board as the optimiser sees it: links (city pairs), their track options, ticket ends.

- One **link** per city pair (per double group): a player holds at most one track of a
  double or triple route (B-5.7, TA-20), so the parallel tracks are one link with one
  option per track. A track that costs no fewer trains and scores no more points than
  another of the same link is dropped (on the USA board the two tracks of a double are
  the same, so a double is one option).
- A track costs ``Route.trains`` trains (its spaces plus its mountain X, LA-10) and scores
  :func:`ttr_nb.rules.claiming.route_worth` (the route table, B-5.9, plus 2 points per X,
  LA-9) — the rules play and the Scoresheet use.
- A **country** (The Heart of Africa) is a dead end (H-8.2): every link into a country gets
  its own end node (:meth:`ttr_nb.board_index.BoardIndex.terminals`, where the country rule
  is written), so no path can pass through it, and a ticket to a country is done when any
  of those nodes is reached (H-8.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..board import Board, Ticket
from ..board_index import board_index
from ..rules.claiming import MOUNTAIN_POINTS_PER_X, route_worth


@dataclass(frozen=True)
class Track:
    """One way to claim a link: route ``id``, its ``trains`` and its ``points``."""

    id: int
    trains: int
    points: int


@dataclass(frozen=True)
class Link:
    """A city pair (nodes ``u``, ``v``) and the tracks a player may claim there."""

    u: int
    v: int
    tracks: tuple[Track, ...]


class Network:
    """Nodes, links and ticket ends of ``board`` restricted to the ``allowed`` route ids.

    ``names[node]`` is the city or country shown; ``ends[ticket id]`` the nodes of each end
    (a country: one node per link into it); ``links`` the links with at least one track.
    """

    def __init__(self, board: Board, allowed: Iterable[int], tickets: Sequence[Ticket],
                 per_x: int = MOUNTAIN_POINTS_PER_X):
        allowed = set(allowed)
        self.board = board
        groups: dict[object, list] = {}
        for r in board.routes:
            if r.id in allowed:
                key = r.double_group if r.double_group is not None else ("route", r.id)
                groups.setdefault(key, []).append(r)
        grouped = sorted(groups.values(), key=lambda routes: min(r.id for r in routes))
        # the country rule (H-8.2, H-8.5) is the board index's: a terminal per link into a country
        split = board_index(board).terminals([routes[0].cities for routes in grouped], sorted(board.cities))
        self.names: list[str] = list(split.names)
        links = []
        for routes, (u, v) in zip(grouped, split.pairs):
            tracks = []
            for r in routes:
                w = route_worth(board, r, False, per_x)
                tracks.append(Track(r.id, r.trains, w.route + w.mountain))
            keep = tuple(sorted(
                (t for t in tracks if not any((o.trains, -o.points, o.id) < (t.trains, -t.points, t.id)
                                              and o.trains <= t.trains and o.points >= t.points
                                              for o in tracks)), key=lambda t: t.id))
            links.append(Link(u, v, keep))
        self.links: tuple[Link, ...] = tuple(links)
        self.nodes_of = dict(sorted(((k, v) for k, v in split.nodes_of.items() if v), key=lambda kv: kv[1][0]))
        """City -> its nodes (a country: one per link into it), by node; only those with a node."""
        self.tickets = tuple(tickets)
        self.ends: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
            t.id: (self.nodes_of.get(t.a, ()), self.nodes_of.get(t.b, ())) for t in self.tickets}

    def with_tickets(self, tickets: Sequence[Ticket]) -> "Network":
        """The same nodes and links with other tickets."""
        other = object.__new__(Network)
        other.__dict__.update(self.__dict__)
        other.tickets = tuple(tickets)
        other.ends = {t.id: (self.nodes_of.get(t.a, ()), self.nodes_of.get(t.b, ())) for t in other.tickets}
        return other

    @property
    def n(self) -> int:
        """The number of nodes."""
        return len(self.names)

    def track_points(self) -> dict[int, int]:
        """Route id -> points, for every track option."""
        return {t.id: t.points for link in self.links for t in link.tracks}
