"""The board as the optimiser sees it: links (city pairs), their track options, ticket ends.

- One **link** per city pair (per double group): a player holds at most one track of a
  double or triple route (B-5.7, TA-20), so the parallel tracks are one link with one
  option per track. A track that costs no fewer trains and scores no more points than
  another of the same link is dropped (on the USA board the two tracks of a double are
  the same, so a double is one option).
- A track costs ``Route.trains`` trains (its spaces plus its mountain X, LA-10) and scores
  :func:`ttr_nb.rules.claiming.route_worth` (the route table, B-5.9, plus 2 points per X,
  LA-9) — the rules play and the Scoresheet use.
- A **country** (The Heart of Africa) is a dead end (H-8.2): as in
  :class:`ttr_nb.trail.BoardGraph`, every link into a country gets its own end node, so
  no path can pass through it, and a ticket to a country is done when any of those nodes
  is reached (H-8.3).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..board import Board, Ticket
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
        self.names: list[str] = []
        index: dict[object, int] = {}

        def node(key: object, name: str) -> int:
            if key not in index:
                index[key] = len(self.names)
                self.names.append(name)
            return index[key]

        for name, city in sorted(board.cities.items()):
            if not city.is_country:
                node(name, name)
        groups: dict[object, list] = {}
        for r in board.routes:
            if r.id in allowed:
                key = r.double_group if r.double_group is not None else ("route", r.id)
                groups.setdefault(key, []).append(r)
        links = []
        for key, routes in sorted(groups.items(), key=lambda kv: min(r.id for r in kv[1])):
            ends = []
            for city in routes[0].cities:
                if board.cities[city].is_country:
                    ends.append(node((city, key), city))
                else:
                    ends.append(node(city, city))
            tracks = []
            for r in routes:
                w = route_worth(board, r, False, per_x)
                tracks.append(Track(r.id, r.trains, w.route + w.mountain))
            keep = tuple(sorted(
                (t for t in tracks if not any((o.trains, -o.points, o.id) < (t.trains, -t.points, t.id)
                                              and o.trains <= t.trains and o.points >= t.points
                                              for o in tracks)), key=lambda t: t.id))
            links.append(Link(ends[0], ends[1], keep))
        self.links: tuple[Link, ...] = tuple(links)
        nodes_of: dict[str, list[int]] = {}
        for key, i in index.items():
            nodes_of.setdefault(self.names[i], []).append(i)
        self.nodes_of = {k: tuple(v) for k, v in nodes_of.items()}
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
