"""RouteBuilder: pick routes to build a network and watch its score, trail and tickets."""
from __future__ import annotations

from typing import Any, Iterable

import ipywidgets as W

from ..draw import GAP_COLOR, PATH_COLOR
from ..errors import MAX_NAME, ArgumentError, IllegalAction, shown
from ..board import board_of
from .. import validate
from . import _args as check
from ..graph import longest_simple_path
from ..scoring import Claim, Scorer, Scoresheet
from ._common import (WIDTH_PX, MessageMixin, button, error_text, esc,
                      guarded, resolve_route, table)
from .board_widget import BoardFallback, BoardWidget, route_name

DONE_RING = PATH_COLOR       # the ends of a ticket done: the path's cyan (as ScoringExplorer)
MISS_RING = GAP_COLOR        # the ends of a ticket not done: the gap's orange


class RouteBuilder(BoardFallback, MessageMixin, W.VBox):
    """Build a network route by route — for worked examples and "what if" questions.

    On the board (``board_widget``): click a route to add it to the network, click it again
    to take it out (a refusal, such as both tracks of a double, says why beside it); the totals
    update at once. Click a city: its tickets, as buttons that check a ticket or stop checking it.

    Parameters
    ----------
    board : Board or str
        A Board or a shipped map name ('usa', ...).
    routes : route or list of routes, optional
        Routes to start with (ids, 'City–City', (city, city[, colour])): one or a list.
    tickets : ticket or list of tickets, optional
        Tickets to check against the network (ids or 'City–City'): one or a list.
    trains : int, default 45
        The reserve to compare with (B-2.1; 1 to 999).
    name : str, default 'You'
        The player's name on the score lines (1 to 40 characters).
    width_px : int, default 900
        Width of the board picture (200 to 2400 pixels).
    player_colors : list of str, optional
        Colours ('#rrggbb' or CSS names); the first is the network's.

    Raises
    ------
    ttr_nb.errors.ArgumentError
        A wrong argument (a route or ticket the board has not, both tracks of a double),
        naming it and what is allowed.

    Notes
    -----
    Controls: ``search`` (Text filter), ``board_routes`` (SelectMultiple of route ids not yet
    chosen), ``add_button``, ``network_routes`` (SelectMultiple of chosen ids),
    ``remove_button``, ``clear_button``, ``ticket_search`` and ``ticket_picker``
    (SelectMultiple of ticket ids). Methods ``add(...)``, ``remove(...)``, ``clear()``,
    ``set_tickets(...)``. State: ``routes``, ``tickets``, ``sheet``, ``trail``, ``simple``,
    ``selection`` (the route ids picked in either list), ``message``; ``summary()``.
    """

    def __init__(self, board: Any, routes: Iterable[Any] = (), tickets: Iterable[str] = (), *,
                 trains: int = 45, name: str = "You", width_px: int = WIDTH_PX,
                 player_colors: list[str] | None = None):
        self.board = board_of(board)
        self.trains = validate.whole(trains, "trains", 1, MAX_TRAINS)
        self.name = validate.text(name, "name", max_len=MAX_NAME)
        width_px = check.width(width_px)
        self.player_colors = check.colours(player_colors)
        self.routes: tuple[int, ...] = ()
        self.tickets: tuple[str, ...] = ()
        self.sheet: Scoresheet | None = None
        self.trail = None
        self.simple = None
        start = _checked_routes(self, routes)
        tickets = _checked_tickets(self.board, tickets)
        msg = self._init_message()
        bw = self.board_widget = BoardWidget(self.board, player_colors=self.player_colors, player_names=[name],
                                             width_px=width_px)
        bw.on_route, bw.on_city, bw.on_button = self._board_route, self._board_city, self._board_button
        bw.tip_for, bw.on_error = self._tip, self._fail
        self.search = W.Text(placeholder="filter routes: a city, a colour, a length…", description="find",
                             layout=W.Layout(width="330px"), style={"description_width": "36px"})
        self.board_routes = W.SelectMultiple(rows=9, layout=W.Layout(width="330px"))
        self.network_routes = W.SelectMultiple(rows=9, layout=W.Layout(width="330px"))
        self.add_button = button("Add ▶", "add the routes picked on the left", width="110px", style="success")
        self.remove_button = button("◀ Remove", "remove the routes picked on the right", width="110px")
        self.clear_button = button("Clear", "remove every route", width="110px", style="danger")
        self.ticket_search = W.Text(placeholder="filter tickets: a city…", description="find",
                                    layout=W.Layout(width="330px"), style={"description_width": "36px"})
        self.ticket_picker = W.SelectMultiple(rows=5, description="tickets", layout=W.Layout(width="330px"),
                                              style={"description_width": "48px"})
        self.result_html = W.HTML()
        self.result_html.add_class("ttr-builder-result")
        self.add_button.on_click(lambda _b: self._add_picked())
        self.remove_button.on_click(lambda _b: self._remove_picked())
        self.clear_button.on_click(lambda _b: self.clear())
        self.search.observe(self._on_search, names="value")
        self.ticket_search.observe(self._on_ticket_search, names="value")
        self.ticket_picker.observe(self._on_tickets, names="value")
        picker = W.HBox([W.VBox([self.search, W.HTML("<b>the board's routes</b> <small>(pick, then Add)</small>"),
                                 self.board_routes]),
                         W.VBox([W.HTML("<br>"), self.add_button, self.remove_button, self.clear_button],
                                layout=W.Layout(align_items="center", padding="0 6px")),
                         W.VBox([W.HTML("<br><b>your network</b>"), self.network_routes])],
                        layout=W.Layout(flex_flow="row wrap"))
        super().__init__([msg, bw, self.result_html,
                          W.HTML("<b>Or pick from the lists</b> <small>(routes, then Add; tickets to check)</small>"),
                          picker, W.VBox([self.ticket_search, self.ticket_picker])])
        self.add_class("ttr-builder")
        self._fill_lists()
        self._fill_tickets()
        if tickets:
            self.set_tickets(*tickets)
        if start:
            self.add(*start)
        if not (start or tickets):
            self._update()
        self._guard_browser()

    # -- state -----------------------------------------------------------------------------
    @property
    def selection(self) -> tuple[int, ...]:
        """The route ids picked in either list (to add or to remove)."""
        return tuple(self.board_routes.value) + tuple(self.network_routes.value)

    def summary(self) -> str:
        """Plain text: the routes, cars, points, longest trail, tickets."""
        b = self.board
        cars = sum(b.route(r).length for r in self.routes)
        lines = [f"RouteBuilder: {b.name}",
                 f"  routes: " + (", ".join(b.route(r).label() for r in self.routes) or "none")]
        if self.sheet is not None:
            s = self.sheet
            lines.append(f"  {len(self.routes)} routes, {cars} cars, route points {s.line_total(0, 'route')}")
            t = self.trail
            lines.append(f"  longest trail: {t.length} cars" + (f" ({' → '.join(t.cities)})" if t.cities else ""))
            lines.append(f"  longest simple path: {self.simple.length} cars")
            for line in s.lines[0]:
                if line.kind == "ticket":
                    lines.append(f"  ticket {line.detail}")
            lines.append(f"  total (routes and tickets): {s.totals[0]}")
        if self.message:
            lines.append(f"  message: {self.message}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<RouteBuilder {self.board.key}: {len(self.routes)} routes, {len(self.tickets)} tickets>"

    # -- actions -----------------------------------------------------------------------------
    @guarded
    def add(self, *routes: Any) -> None:
        """Add routes (ids, 'City–City', (city, city[, colour])). A problem: a message, nothing added."""
        new = self._with(routes)
        self._set(tuple(new))
        if routes:
            added = [self.board.route(r).label() for r in new[len(new) - len(routes):]]
            self._say("Added " + ", ".join(added) + "." + self._trains_note(), "ok")

    def _with(self, routes: Iterable[Any]) -> list[int]:
        """The network with ``routes`` added; IllegalAction, KeyError or TypeError (nothing
        changed) for a route the board has not, one already in it, or the other track of a
        double in it (B-5.7)."""
        new = list(self.routes)
        for spec in routes:
            rid = resolve_route(self.board, spec, taken=new)
            r = self.board.route(rid)
            if rid in new:
                raise IllegalAction(f"{r.label()} is already in your network.")
            twins = [t for t in self.board.twins.get(rid, ()) if t in new]
            if twins:
                raise IllegalAction(f"You already have the other track of {r.a}–{r.b} "
                                    f"({self.board.route(twins[0]).label()}): a player may never claim both "
                                    f"tracks of a double route (B-5.7).")
            new.append(rid)
        return new

    @guarded
    def remove(self, *routes: Any) -> None:
        """Remove routes from the network."""
        new = list(self.routes)
        for spec in routes:
            rid = _resolve_in(self.board, spec, new)
            if rid not in new:
                raise IllegalAction(f"{self.board.route(rid).label()} is not in your network.")
            new.remove(rid)
        self._set(tuple(new))
        self._say(f"Removed {len(routes)} route{'s' * (len(routes) != 1)}.", "ok")

    @guarded
    def clear(self) -> None:
        """Remove every route (the tickets stay)."""
        self._set(())
        self._say("Cleared: no routes.", "ok")

    @guarded
    def set_tickets(self, *tickets: str) -> None:
        """Check these tickets (ids, or 'City–City' labels) against the network."""
        ids = []
        for t in tickets:
            ids.append(_ticket_id(self.board, t))
        self.tickets = tuple(dict.fromkeys(ids))
        opts = [v for _l, v in self.ticket_picker.options]
        missing = [t for t in self.tickets if t not in opts]
        if missing:
            self.ticket_search.value = ""
        self.ticket_picker.unobserve(self._on_tickets, names="value")
        self.ticket_picker.value = tuple(t for t in self.tickets if t in [v for _l, v in self.ticket_picker.options])
        self.ticket_picker.observe(self._on_tickets, names="value")
        self._update()

    # -- callbacks ---------------------------------------------------------------------------
    @guarded
    def _add_picked(self) -> None:
        picked = tuple(self.board_routes.value)
        if not picked:
            self._say("Pick one or more routes in the left list first.", "error")
            return
        self.add(*picked)

    @guarded
    def _remove_picked(self) -> None:
        picked = tuple(self.network_routes.value)
        if not picked:
            self._say("Pick one or more of your routes in the right list first.", "error")
            return
        self.remove(*picked)

    @guarded
    def _on_search(self, change: dict) -> None:
        self._fill_lists()

    @guarded
    def _on_ticket_search(self, change: dict) -> None:
        self._fill_tickets()

    @guarded
    def _on_tickets(self, change: dict) -> None:
        listed = {v for _l, v in self.ticket_picker.options}
        kept = [t for t in self.tickets if t not in listed]     # chosen but filtered out: keep them
        self.tickets = tuple(dict.fromkeys(kept + list(change["new"])))
        self._update()

    # -- internals ---------------------------------------------------------------------------
    def _set(self, routes: tuple[int, ...]) -> None:
        self.routes = routes
        self._fill_lists()
        self._update()

    def _trains_note(self) -> str:
        used = sum(self.board.route(r).trains for r in self.routes)
        if used > self.trains:
            return f" That is {used} trains: more than a player's {self.trains} (B-2.1)."
        return ""

    def _fill_lists(self) -> None:
        q = self.search.value.strip().lower()
        mine = set(self.routes)
        rows = []
        for r in sorted(self.board.routes, key=lambda r: (r.label(), r.id)):
            if r.id in mine:
                continue
            label = route_name(self.board, r.id)
            if q and q not in label.lower() and q != str(r.id):
                continue
            rows.append((label, r.id))
        self.board_routes.options = rows
        self.network_routes.options = [(route_name(self.board, r), r) for r in self.routes]

    def _fill_tickets(self) -> None:
        q = self.ticket_search.value.strip().lower()
        rows = [(f"{t.label()} [{t.id}]", t.id) for t in sorted(self.board.tickets, key=lambda t: t.label())
                if not q or q in t.label().lower() or q == t.id.lower()]
        self.ticket_picker.unobserve(self._on_tickets, names="value")
        self.ticket_picker.options = rows
        self.ticket_picker.value = tuple(t for t in self.tickets if t in [v for _l, v in rows])
        self.ticket_picker.observe(self._on_tickets, names="value")

    def _update(self) -> None:
        b = self.board
        scorer = Scorer(self.name, tuple(Claim(r) for r in self.routes), self.tickets, seats=(0,))
        self.sheet = s = Scoresheet.compute(b, [scorer], {})
        self.trail = s.trail(0)
        self.simple = longest_simple_path(b, self.routes)
        rings: dict[str, str] = {}
        gap: list[int] = []
        for res in s.ticket_results[0]:
            col = DONE_RING if res.done else MISS_RING
            rings[res.ticket.a] = rings[res.ticket.b] = col
            if not res.done:
                gap += [r for r in res.routes if r not in gap]
        # the longest trail striped in the player's colour, the tickets' gaps as dashed orange bands
        self.board_widget.show({r: 0 for r in self.routes}, highlight_cities=rings, gap=gap,
                               trails={0: list(self.trail.routes)},
                               labels={"cities": "the tickets' cities (cyan joined, orange not yet)",
                                       "trail": "longest trail"})
        self.result_html.value = self._result()

    def _result(self) -> str:
        s, b = self.sheet, self.board
        used = sum(b.route(r).trains for r in self.routes)
        cars = sum(b.route(r).length for r in self.routes)
        over = " <b style='color:#b3261e'>(more than a player has)</b>" if used > self.trains else ""
        rows = [["routes", str(len(self.routes))], ["cars", str(cars)],
                ["trains used", f"{used} of {self.trains}{over}"],
                ["route points", f"<b>{s.line_total(0, 'route') + s.line_total(0, 'mountain')}</b>"],
                ["longest trail", f"{self.trail.length} cars <small>(the striped band)</small>"],
                ["longest simple path", f"{self.simple.length} cars <small>(no city twice)</small>"]]
        for line in s.lines[0]:
            if line.kind == "ticket":
                pts = f"+{line.points}" if line.points > 0 else str(line.points)
                rows.append([f"ticket {pts}", esc(line.detail)])
        rows.append(["<b>total</b>", f"<b>{s.totals[0]}</b> <small>(routes and tickets; bonuses need rivals)</small>"])
        legend = ("<small>On the board: your routes carry your cars; the longest trail is the band striped in "
                  "your colour; a dashed orange band marks the open routes that would join a ticket not yet "
                  "joined; rings mark a ticket's cities (cyan joined, orange not yet).</small>")
        return f"<div style='max-width:{self.board_widget.width_px}px'>{table(rows)}{legend}</div>"

    # -- the board's events --------------------------------------------------------------------
    def totals_text(self) -> str:
        """The network's totals in one line."""
        b = self.board
        cars = sum(b.route(r).length for r in self.routes)
        pts = self.sheet.line_total(0, "route") + self.sheet.line_total(0, "mountain") if self.sheet else 0
        trail = self.trail.length if self.trail else 0
        return (f"Network: {len(self.routes)} route{'s' * (len(self.routes) != 1)}, {cars} car{'s' * (cars != 1)}, "
                f"{pts} route points; longest trail {trail} car{'s' * (trail != 1)}; "
                f"total with tickets {self.sheet.totals[0] if self.sheet else 0}")

    @guarded
    def _board_route(self, rid: int) -> None:
        """A click on a route: add it, or take it out when it is in the network."""
        if rid in self.routes:
            self.remove(rid)
        else:
            self.add(rid)
        kind = self._message_kind
        self.board_widget.show_card(route_name(self.board, rid),
                                    ([self.message] if kind != "error" else []) + [self.totals_text()],
                                    route=rid, reason=self.message if kind == "error" else "",
                                    kind="error" if kind == "error" else "info")

    @guarded
    def _board_city(self, city: str) -> None:
        """A click on a city: its tickets, each a button to check it (or stop checking it)."""
        from .board_widget import distinct_tickets

        tks = distinct_tickets(t for t in self.board.tickets if city in (t.a, t.b) or t.id in self.tickets)
        tks = [t for t in tks if city in (t.a, t.b)]
        buttons = [(f"ticket:{t.id}", ("✓ " if t.id in self.tickets else "+ ") + t.label()) for t in tks]
        tips = [("stop checking " if t.id in self.tickets else "check ") + t.label() for t in tks]
        lines = [f"{len(tks)} ticket{'s' * (len(tks) != 1)} from {city}" + (": press one to check it against "
                                                                             "your network" if tks else "")]
        lines += self.board_widget.city_lines(city, tickets=[])[1:]
        self.board_widget.show_card(city, lines, buttons, city=city, tips=tips)

    @guarded
    def _board_button(self, bid: str) -> None:
        kind, _, tid = bid.partition(":")
        if kind != "ticket":
            raise ValueError(f"The board sent a button this builder does not know ({shown(bid)}).")
        self.board.ticket(tid)
        ids = [t for t in self.tickets if t != tid] if tid in self.tickets else [*self.tickets, tid]
        self.set_tickets(*ids)
        city = self.board_widget.card.get("at", {}).get("city")
        if city:
            self._board_city(city)

    def _tip(self, rid: int) -> str:
        if rid in self.routes:
            return "in your network: click to take it out"
        twins = [t for t in self.board.twins.get(rid, ()) if t in self.routes]
        if twins:
            return "you have the other track of this double (B-5.7)"
        return "click to add it to your network"


MAX_TRAINS = 999
"""The largest train reserve the builder compares a network with."""


def _checked_routes(builder: "RouteBuilder", routes: Any) -> list[Any]:
    """RouteBuilder's ``routes``: one route or a list of them, each one the board has, no
    route twice, no two tracks of a double (ArgumentError naming the route)."""
    board = builder.board
    if (isinstance(routes, tuple) and 2 <= len(routes) <= 3 and all(isinstance(x, str) for x in routes)
            and routes[0] in board.cities):
        routes = [routes]                 # one route given as (city, city[, colour])
    specs = validate.items(routes, "routes", "route", (int, str))
    try:
        builder._with(specs)
    except (IllegalAction, KeyError, TypeError, ValueError) as e:
        raise ArgumentError(f"routes: {error_text(e)}", "routes") from None
    return specs


def _checked_tickets(board, tickets: Any) -> list[str]:
    """RouteBuilder's ``tickets``: one ticket (id or 'City–City') or a list of them, each one
    the board has (ArgumentError naming the ticket)."""
    specs = validate.items(tickets, "tickets", "ticket", (str,))
    try:
        return [_ticket_id(board, t) for t in specs]
    except (KeyError, TypeError, ValueError) as e:
        raise ArgumentError(f"tickets: {error_text(e)}", "tickets") from None


def _resolve_in(board, spec: Any, mine: list[int]) -> int:
    """A route id for ``spec``, preferring the tracks in ``mine``."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        return resolve_route(board, spec)
    rid = resolve_route(board, spec)
    r = board.route(rid)
    for t in (rid, *board.twins.get(rid, ())):
        if t in mine and (board.route(t).color == r.color or not (isinstance(spec, (tuple, list)) and len(spec) == 3)):
            return t
    return rid


def _ticket_id(board, spec: Any) -> str:
    if not isinstance(spec, str):
        raise TypeError(f"a ticket is an id such as {board.tickets[0].id!r} or 'City–City', not {shown(spec)}")
    try:
        return board.ticket(spec).id
    except KeyError:
        pass
    for sep in ("–", " - ", "-", "—"):
        if sep in spec:
            a, b = (p.strip() for p in spec.split(sep, 1))
            found = [t for t in board.tickets if {t.a, t.b} == {a, b}]
            if found:
                return found[0].id
            break
    raise KeyError(f"{board.name} has no ticket {shown(spec)} (use an id such as {board.tickets[0].id!r} "
                   f"or 'City–City').")
