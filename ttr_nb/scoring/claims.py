"""The lines of claims: a route line (B-5.9), then what each mechanic adds to the claim
(:meth:`~ttr_nb.rules.mechanic.Mechanic.claim_lines`). The lines of a plain claim are made
once per board, mechanics and settings, and shared by every sheet (a Line is immutable)."""
from __future__ import annotations

import weakref
from typing import Any, Mapping, Sequence

from ..board import Board, Ticket
from ..rules.mechanic import Mechanic
from ..variants import POLICIES
from .jsontext import line_json
from .lines import Claim, Line, TicketResult


def overrides(cls: type[Mechanic], hook: str) -> bool:
    """Whether the mechanic class ``cls`` has its own ``hook`` (a Scoresheet asks only those)."""
    return getattr(cls, hook).__func__ is not getattr(Mechanic, hook).__func__


def score_settings(mechanics: Sequence[type[Mechanic]], settings: Mapping[str, Any] | None) -> dict[str, Any]:
    """The settings the mechanics' score lines read (:attr:`Mechanic.score_settings`), from
    ``settings``; an absent or None value is the policy's default."""
    settings = settings or {}
    out: dict[str, Any] = {}
    for m in mechanics:
        for k in m.score_settings:
            v = settings.get(k)
            out[k] = POLICIES[k].default if v is None and k in POLICIES else v
    return out


class RouteLines:
    """The lines of claims on one board under one set of mechanics and settings, made
    once; by ``id(line)`` each with its compact JSON; the tickets' results and lines by the
    numbers only."""

    __slots__ = ("board", "mechanics", "settings", "lines", "only_route", "special", "json", "tickets")

    def __init__(self, board: Board, mechanics: tuple[type[Mechanic], ...], settings: dict[str, Any]):
        self.board = board
        self.mechanics = tuple(m for m in mechanics if overrides(m, "claim_lines"))
        self.settings = settings
        self.lines: dict[int, tuple[Line, ...]] = {}
        self.only_route: dict[int, int] = {}  # route id -> its points, when its route line is all
        self.special: dict[Claim, tuple[Line, ...]] = {}  # the lines of claims that are not plain
        self.json: dict[int, tuple[Line, str]] = {}
        # (ticket id, owner) -> the ticket's result and line by the numbers only, (not done, done)
        self.tickets: dict[tuple[str, str | None],
                           tuple[tuple[TicketResult, Line], tuple[TicketResult, Line]]] = {}

    def make(self, c: Claim) -> list[Line]:
        """A claim's route line, then each mechanic's lines for it."""
        board = self.board
        r = board.route(c.route)
        pts = board.route_points(r.length)
        lines = [Line("route", pts, f"{r.label()}: {pts}", (r.id,), r.cities, rule="B-5.9")]
        for m in self.mechanics:
            lines.extend(m.claim_lines(board, c, r, self.settings))
        return lines

    def of(self, c: Claim) -> Sequence[Line]:
        """The lines of one claim (made once, shared between sheets)."""
        if not c.plain:
            lines = self.special.get(c)
            if lines is None:
                lines = self.special[c] = tuple(self.make(c))
                for line in lines:
                    self.json[id(line)] = (line, line_json(line))
            return lines
        try:
            return self.lines[c.route]
        except KeyError:
            lines = self.lines.setdefault(c.route, tuple(self.make(c)))
            for line in lines:
                self.json[id(line)] = (line, line_json(line))
            if len(lines) == 1:
                self.only_route[c.route] = lines[0].points
            return lines

    def of_claims(self, claims: Sequence[Claim]) -> list[Line]:
        """The lines of a scorer's claims, in claim order."""
        known = self.lines
        out: list[Line] = []
        for c in claims:
            hit = None if c.doubled or c.terrain_spent else known.get(c.route)
            out.extend(hit if hit is not None else self.of(c))
        return out

    def points(self, claims: Sequence[Claim]) -> dict[str, int]:
        """The points of a scorer's claims by kind of line (a kind with no line is left out)."""
        only = self.only_route
        out: dict[str, int] = {}
        get = out.get
        route = 0
        for c in claims:
            if not (c.doubled or c.terrain_spent):
                pts = only.get(c.route)
                if pts is not None:  # a plain claim whose only line is its route line
                    route += pts
                    continue
            for line in self.of(c):
                out[line.kind] = get(line.kind, 0) + line.points
        if claims:
            out["route"] = get("route", 0) + route
        return out

    def ticket_pair(self, t: Ticket, owner: str | None) -> tuple[tuple[TicketResult, Line], tuple[TicketResult, Line]]:
        """A ticket's (not done, done) result and line by the numbers only, made once."""
        key = (t.id, owner)
        hit = self.tickets.get(key)
        if hit is None or hit[0][0].ticket is not t:
            hit = self.tickets[key] = (unexplained(t, False, owner), unexplained(t, True, owner))
        return hit


_CACHE: "weakref.WeakKeyDictionary[Board, dict[Any, RouteLines]]" = weakref.WeakKeyDictionary()


def route_lines(board: Board, mechanics: tuple[type[Mechanic], ...], settings: dict[str, Any]) -> RouteLines:
    """The shared lines of ``board`` under ``mechanics`` and their ``settings``."""
    try:
        by_key = _CACHE[board]
    except KeyError:
        by_key = _CACHE[board] = {}
    key = (mechanics, tuple(settings.values()))  # (the keys follow from the mechanics)
    cache = by_key.get(key)
    if cache is None:
        cache = by_key[key] = RouteLines(board, mechanics, settings)
    return cache


def unexplained(t: Ticket, done: bool, owner: str | None) -> tuple[TicketResult, Line]:
    """A ticket's result and line by the numbers only (no path, no gap)."""
    head = f"{t.a}–{t.b} ({t.points}{f', {owner}' if owner else ''})"
    if done:
        return (TicketResult(t, True, (), (), owner),
                Line("ticket", t.points, f"{head} done: +{t.points}", (), (t.a, t.b), t.id,
                     rule="B-6.4"))
    return (TicketResult(t, False, (), (), owner),
            Line("ticket", -t.points, f"{head} not done: -{t.points}", (), (t.a, t.b), t.id,
                 rule="B-6.5"))


__all__ = ["RouteLines", "route_lines", "score_settings", "overrides", "unexplained"]
