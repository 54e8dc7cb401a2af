"""ScoringExplorer: take a Scoresheet apart, one player (or team) at a time."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from ..draw import GAP_COLOR as GAP_RING
from ..draw import PATH_COLOR
from ..graph import longest_simple_path
from ..scoring import BONUSES, Claim, Scorer, Scoresheet
from .board_widget import BoardFallback, attach_to_explorer
from ..board import Board, board_of
from ..errors import MAX_NAME, ArgumentError, shown
from .. import validate
from . import _args as check
from ._common import (SIMPLE_COLOR, TRAIL_COLOR, WIDTH_PX, MessageMixin, board_canvas, error_text, esc, guarded,
                      image, resolve_route, swatch, table)

DONE_COLOR = PATH_COLOR      # a ticket's completing path: the path style (cyan, no card colour)
MISS_RING = GAP_RING         # the two ends of a ticket not done: the gap's orange
DEFAULT_BONUSES = {"longest_path": 10}


MAX_BONUS = 1000
"""The most points a bonus may be worth in a what-if sheet."""


def sheet_from(source: Any, claims: Mapping[str, Sequence[Any]] | None = None,
               tickets: Mapping[str, Sequence[str]] | None = None,
               bonuses: Mapping[str, int] | None = None) -> Scoresheet:
    """A Scoresheet from a Game, a Scoresheet, or a board (Board or map name) with ``claims``
    (name -> routes: ids, 'City–City' or Claim) and ``tickets`` (name -> ticket ids).
    ArgumentError (naming the argument) for a wrong one; IllegalAction for claims no game
    has (a route claimed twice, both tracks of a double...)."""
    from ..game import Game
    from ..scoring import BONUSES

    if isinstance(source, (Scoresheet, Game)):
        extra = [k for k, v in (("claims", claims), ("tickets", tickets), ("bonuses", bonuses)) if v is not None]
        if extra:
            what = "game" if isinstance(source, Game) else "scoresheet"
            raise ArgumentError(f"{extra[0]} is for a sheet made from a board: a {what} brings its own "
                                f"claims, tickets and bonuses (leave {extra[0]} out)", extra[0])
        return source if isinstance(source, Scoresheet) else source.score()
    if not isinstance(source, (Board, str)):
        raise validate.fail("source", source, "a Game, a Scoresheet, or a board (a Board or a map name such as "
                                              "'usa') with claims={'Ana': [route ids...], ...}")
    board = board_of(source, "source")
    if claims is None:
        raise ArgumentError("Give the claims of each player: claims={'Ana': [route ids...], ...}.", "claims")
    claims = validate.mapping(claims, "claims", "a dict player name -> routes (ids or 'City–City')")
    if not claims:
        raise ArgumentError("claims names no player: give claims={'Ana': [route ids...], ...}", "claims")
    tickets = dict(validate.mapping(tickets, "tickets", "a dict player name -> ticket ids")
                   if tickets is not None else {})
    bonuses = dict(validate.mapping(bonuses, "bonuses", "a dict bonus name -> points")
                   if bonuses is not None else DEFAULT_BONUSES)
    for key, pts in bonuses.items():
        if key not in BONUSES:
            raise validate.fail("bonuses", key, f"a dict with bonus names ({', '.join(sorted(BONUSES))}) as keys",
                                validate.did_you_mean(key, BONUSES))
        validate.whole(pts, f"bonuses[{key!r}]", 0, MAX_BONUS, what="points")
    for name in [*claims, *tickets]:
        validate.text(name, "a player name in claims" if name in claims else "a player name in tickets",
                      max_len=MAX_NAME, strip=False)
    unknown = [n for n in tickets if n not in claims]
    if unknown:
        raise ArgumentError(f"tickets name {shown(unknown[0])}, who has no claims: the players are "
                            f"{', '.join(map(str, claims))}", "tickets")
    known = {t.id for t in board.tickets}
    scorers = []
    for i, (name, routes) in enumerate(claims.items()):
        where = f"claims[{name!r}]"
        cl = []
        for r in validate.items(routes, where, "route", (int, str, Claim)):
            if isinstance(r, Claim):
                cl.append(r)
                continue
            try:
                cl.append(Claim(resolve_route(board, r)))
            except (KeyError, TypeError, ValueError) as e:
                raise ArgumentError(f"{where}: {error_text(e)}", "claims") from None
        ids = []
        for t in validate.items(tickets.get(name, ()), f"tickets[{name!r}]", "ticket id", (str,)):
            if not isinstance(t, str) or t not in known:
                raise validate.fail(f"tickets[{name!r}]", t, f"ticket ids of {board.name} (such as "
                                    f"{board.tickets[0].id!r})", validate.did_you_mean(t, known))
            ids.append(t)
        scorers.append(Scorer(str(name), tuple(cl), tuple(ids), seats=(i,)))
    return Scoresheet.compute(board, scorers, bonuses)


class ScoringExplorer(BoardFallback, MessageMixin, W.VBox):
    """Take a final score apart: pick a player (team), then what to look at on the map.

    Parameters
    ----------
    source : Game, Scoresheet, Board or str
        A Game (its score now), a Scoresheet, or a board (Board or map name) used with
        ``claims`` and ``tickets``.
    claims : mapping of str to sequence, optional
        With a board: player name -> route ids or 'City–City'.
    tickets : mapping of str to sequence of str, optional
        With a board: player name -> ticket ids.
    bonuses : mapping of str to int, optional
        Bonus key -> points for a board-and-claims sheet (default Longest Path 10).
    player : int or str, default 0
        The player (team) shown first: an index or a name.
    width_px : int, default 900
        Width of the board picture (200 to 2400 pixels).
    player_colors : list of str, optional
        One colour per player (team): '#rrggbb' or CSS names, all different.

    Raises
    ------
    ttr_nb.errors.ArgumentError
        A wrong argument, naming it and what is allowed (claims, tickets and bonuses go
        with a board only: a Game brings its own).

    Notes
    -----
    Controls: ``player_picker`` (Dropdown of scorer indices), ``show_picker`` (Dropdown:
    'trail', 'simple', 'network', 'ticket:<id>', 'bonus:<key>', 'all', and 'hindsight' once
    asked), ``hindsight_button`` (the best score the player could have made with the tickets
    they kept, their trains and the routes no one else claimed: :meth:`hindsight`).
    State: ``sheet``, ``player``, ``selection``, ``detail`` (the text for the selection),
    ``highlight``, ``message``; ``summary()`` for a plain-text account.
    """

    is_scoring_explorer: bool = True
    """Marks the class for :func:`~ttr_nb.widgets.board_widget.attach_to_explorer`."""

    def __init__(self, source: Any, claims: Mapping[str, Sequence[Any]] | None = None,
                 tickets: Mapping[str, Sequence[str]] | None = None, *, bonuses: Mapping[str, int] | None = None,
                 player: int | str = 0, width_px: int = WIDTH_PX, player_colors: list[str] | None = None):
        from ..game import Game

        width_px = check.width(width_px)
        if player_colors is not None:
            check.colours(player_colors)
        self._game = source if isinstance(source, Game) else None
        self.sheet = sheet = sheet_from(source, claims, tickets, bonuses)
        player = validate.seat_or_name(player, sheet.names, "player")
        self.board = sheet.board
        self.player_colors = check.colours(player_colors, need=len(sheet.names))
        self.claims = {c.route: i for i, s in enumerate(sheet.scorers) for c in s.claims}
        self.canvas = board_canvas(self.board, width_px=width_px, player_colors=self.player_colors,
                                   player_names=list(sheet.names))
        self._simple: dict[int, Any] = {}
        self.player = 0
        self.selection = "trail"
        self.detail = ""
        self.highlight: dict[str, Any] = {}
        self.hindsights: dict[int, Any] = {}
        """Player index -> :class:`ttr_nb.optimize.Hindsight`, once asked."""
        self.hindsight_limit = 5.0
        """Seconds the optimiser may take per player before it answers 'at least X, at most Y'."""
        msg = self._init_message()
        self.player_picker = W.Dropdown(options=[(n, i) for i, n in enumerate(sheet.names)], value=0,
                                        description="player", layout=W.Layout(width="260px"),
                                        style={"description_width": "48px"})
        self.show_picker = W.Dropdown(description="show", layout=W.Layout(width="560px"),
                                      style={"description_width": "40px"})
        self.totals_html = W.HTML()
        self.detail_html = W.HTML()
        self.detail_html.add_class("ttr-detail")
        self.lines_html = W.HTML(layout=W.Layout(max_height="320px", overflow="auto"))
        self.board_image = image(self.canvas.png(self.claims), width_px)
        self.player_picker.observe(self._on_player, names="value")
        self.show_picker.observe(self._on_show, names="value")
        self.hindsight_button = W.Button(description="best possible score", layout=W.Layout(width="180px"),
                                         tooltip="the best score with the tickets kept, the player's "
                                                 "trains and the routes no one else claimed")
        self.hindsight_button.on_click(lambda _b: self.hindsight())
        super().__init__([self.totals_html, W.HBox([self.player_picker, self.show_picker, self.hindsight_button],
                                                   layout=W.Layout(flex_flow="row wrap")),
                          msg, self.detail_html, self.board_image, self.lines_html])
        self.add_class("ttr-scoring")
        self._fill_show()
        self.totals_html.value = self._totals()
        if player:
            self.pick(player)
        else:
            self._render()
        attach_to_explorer(self)  # the clickable board: a route's score line, a city's tickets
        self._guard_browser()

    # -- public ----------------------------------------------------------------------------
    @guarded
    def pick(self, player: Any = None, show: str | None = None) -> None:
        """Choose a player (index or name) and/or what to show ('trail', 'simple', 'network',
        'all', 'ticket:<id>', 'bonus:<key>')."""
        if player is not None:
            if isinstance(player, str):
                if player not in self.sheet.names:
                    raise KeyError(f"No player called {shown(player)}; the players are {', '.join(self.sheet.names)}.")
                player = self.sheet.names.index(player)
            if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(self.sheet.names):
                raise ValueError(f"player is 0..{len(self.sheet.names) - 1} or a name, not {shown(player)}")
            self.player_picker.value = player
        if show is not None:
            keys = [v for _l, v in self.show_picker.options]
            if not isinstance(show, str) or show not in keys:
                raise KeyError(f"Nothing called {shown(show)} to show for {self.sheet.names[self.player]}; "
                               f"choose one of: {', '.join(keys)}.")
            self.show_picker.value = show

    @guarded
    def hindsight(self, player: Any = None, time_limit: float | None = None):
        """Compute (once) and show the player's hindsight: the best score they could have
        made with the tickets they kept, their trains and the routes no one else claimed
        (:func:`ttr_nb.optimize.hindsight`), drawn over what they did. Returns the
        :class:`~ttr_nb.optimize.Hindsight`."""
        if player is not None:
            self.pick(player)
        i = self.player
        if i not in self.hindsights:
            from ..optimize import hindsight

            limit = self.hindsight_limit if time_limit is None else time_limit
            source = self._game if self._game is not None else self.sheet
            self.hindsights[i] = hindsight(source, time_limit=limit, players=[i])[0]
            self._fill_show()
        self.show_picker.value = "hindsight"
        return self.hindsights[i]

    def simple_path(self, i: int):
        """Player ``i``'s longest simple path (no city twice), computed once."""
        if i not in self._simple:
            ids = [c.route for c in self.sheet.scorers[i].claims]
            self._simple[i] = longest_simple_path(self.board, ids)
        return self._simple[i]

    def summary(self) -> str:
        s, i = self.sheet, self.player
        lines = [f"ScoringExplorer: {s.board.name}",
                 "  totals: " + ", ".join(f"{n} {t}" for n, t in zip(s.names, s.totals)) + f" — {s.verdict}",
                 f"  player: {s.names[i]} ({s.totals[i]} points); showing {self.selection}",
                 f"  {self.detail}"]
        if self.message:
            lines.append(f"  message: {self.message}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<ScoringExplorer {self.board.key}: {self.sheet.names[self.player]}, {self.selection}>"

    # -- callbacks ---------------------------------------------------------------------------
    @guarded
    def _on_player(self, change: dict) -> None:
        self.player = int(change["new"])
        self._say("")
        self._fill_show()
        self._render()

    @guarded
    def _on_show(self, change: dict) -> None:
        if change["new"] is None:
            return
        self.selection = change["new"]
        self._say("")
        self._render()

    def _fill_show(self) -> None:
        s, i = self.sheet, self.player
        trail = s.trail(i)
        opts = [(f"longest trail: {trail.length} cars", "trail"),
                ("longest simple path (no city twice)", "simple"),
                (f"biggest network: {len(s.network(i).cities)} cities", "network"),
                ("all of the player's routes", "all")]
        for r in s.ticket_results[i]:
            mark = "✓" if r.done else "✗"
            opts.append((f"{mark} ticket {r.ticket.label()}", f"ticket:{r.ticket.id}"))
        for key in s.standings:
            opts.append((f"bonus: {BONUSES[key].title} (+{s.bonuses[key]})", f"bonus:{key}"))
        for l in _station_lines(s, i):            # Europe's train stations (EU-4): the route each borrows
            lent = f"borrows {self.board.route(l.routes[0]).label()}" if l.routes else "borrows no route"
            opts.append((f"train station in {l.cities[0]}: {lent}", f"station:{l.cities[0]}"))
        if i in self.hindsights:
            b = self.hindsights[i].best
            best = f"{b.score}" if b.proven else f"at least {b.score}, at most {b.bound}"
            opts.append((f"hindsight: best possible score {best}", "hindsight"))
        keep = self.selection if self.selection in [v for _l, v in opts] else "trail"
        self.show_picker.unobserve(self._on_show, names="value")
        self.show_picker.options = opts
        self.show_picker.value = keep
        self.show_picker.observe(self._on_show, names="value")
        self.selection = keep

    # -- drawing -----------------------------------------------------------------------------
    def _render(self) -> None:
        s, i, sel = self.sheet, self.player, self.selection
        glow: dict[int, str] = {}
        rings: dict[str, str] = {}
        styles: dict[str, Any] = {}                  # draw_board's other styles: gap, trails, selected
        labels: dict[str, str] = {"cities": "ends"}
        detail = ""
        if sel == "trail":
            t = s.trail(i)
            styles["trails"] = {i: list(t.routes)}    # the player's longest trail: striped in their colour
            if t.cities:
                rings = {t.cities[0]: TRAIL_COLOR, t.cities[-1]: TRAIL_COLOR}
            sp = self.simple_path(i)
            if sp.length == t.length:
                beside = (f" The longest simple path (no city twice) is as long here: {sp.length} cars."
                          if t.routes else "")
            else:
                beside = (f" The longest simple path (no city twice) is only {sp.length} cars"
                          + (f", {_arrow(sp.cities)}" if sp.cities else "")
                          + ": the trail passes a city twice.")
            detail = (f"Longest trail (a city may repeat, each route once): {t.length} cars, "
                      f"{_arrow(t.cities)}.{beside}")
        elif sel == "simple":
            sp, t = self.simple_path(i), s.trail(i)
            glow = {r: SIMPLE_COLOR for r in sp.routes}
            labels["path"] = "longest simple path (no city twice)"
            if sp.cities:
                rings = {sp.cities[0]: SIMPLE_COLOR, sp.cities[-1]: SIMPLE_COLOR}
            detail = (f"Longest simple path (no city twice): {sp.length} cars, {_arrow(sp.cities)}. "
                      f"The rules count the longest trail instead: {t.length} cars (B-8.2).")
        elif sel == "network":
            net = s.network(i)
            glow = {r: SIMPLE_COLOR for r in net.routes}
            labels["path"] = "biggest connected network"
            detail = (f"Biggest connected network: {len(net.cities)} cities, {len(net.routes)} routes: "
                      + ", ".join(sorted(net.cities)) + ".")
        elif sel == "all":
            mine = [c.route for c in s.scorers[i].claims]
            styles["selected"] = mine
            labels["selected"] = "the player's routes"
            pts = s.line_total(i, "route")
            detail = f"{len(mine)} routes, {sum(self.board.route(r).length for r in mine)} cars, {pts} route points."
        elif sel.startswith("ticket:"):
            tid = sel[7:]
            res = next(r for r in s.ticket_results[i] if r.ticket.id == tid)
            line = next(l for l in s.lines[i] if l.ticket == tid)
            tk = res.ticket
            labels["cities"] = "the ticket's cities"
            if res.done:
                glow = {r: DONE_COLOR for r in res.routes}
                rings = {tk.a: DONE_COLOR, tk.b: DONE_COLOR}
            else:
                styles["gap"] = list(res.routes)       # the dashed orange band
                rings = {tk.a: MISS_RING, tk.b: MISS_RING}
            detail = line.detail + (" (orange: the open routes that would close the gap)" if not res.done and res.routes else "")
        elif sel == "hindsight":
            h = self.hindsights[i]
            b = h.best
            glow = {r: SIMPLE_COLOR for r in b.routes}
            labels["path"] = "best possible routes"
            best = f"{b.score} points (proven best)" if b.proven else f"at least {b.score}, at most {b.bound} points"
            names = ", ".join(self.board.ticket(t).label() for t in b.tickets) or "none"
            failed = ", ".join(self.board.ticket(t).label() for t in b.failed)
            detail = (f"With the tickets {s.names[i]} kept, {b.budget} trains and the routes no one else "
                      f"claimed: {best} ({b.route_points} from routes, {b.ticket_points} from tickets; done: "
                      f"{names}" + (f"; failed: {failed}" if failed else "") + f"). {s.names[i]} made "
                      f"{h.actual} from routes and tickets. Cyan: the best routes; the player's own trains "
                      f"are in their colour. Bonuses and Terrain doubling are left out.")
        elif sel.startswith("station:"):
            line = next(l for l in _station_lines(s, i) if l.cities[0] == sel[8:])
            glow = {r: DONE_COLOR for r in line.routes}
            rings = {line.cities[0]: DONE_COLOR}
            labels.update(path="the route the station borrows", cities="the station's city")
            detail = line.detail
        elif sel.startswith("bonus:"):
            key = sel[6:]
            m = s.standings[key][i]
            glow = {r: TRAIL_COLOR for r in m.routes}
            labels["path"] = f"bonus: {key.replace('_', ' ')}"
            detail = s.bonus_summary(key)
        self.detail = detail
        routes = set(glow) | set(styles.get("gap", ())) | set(styles.get("selected", ()))
        for ids in styles.get("trails", {}).values():
            routes |= set(ids)
        self.highlight = {"routes": sorted(routes), "cities": sorted(rings)}
        self.detail_html.value = f"<div style='margin:4px 0'>{esc(detail)}</div>"
        stations = {l.cities[0]: k for k in range(len(s.names)) for l in _station_lines(s, k)}
        if stations:                                 # Europe: the houses, and the routes they borrow
            styles.update(stations=stations, borrowed={l.cities[0]: l.routes[0] for k in range(len(s.names))
                                                       for l in _station_lines(s, k) if l.routes})
        self.board_image.value = self.canvas.png(self.claims, glow, highlight_cities=rings, labels=labels, **styles)
        self.lines_html.value = self._lines(sel)

    def _totals(self) -> str:
        s = self.sheet
        rows = []
        for i, n in enumerate(s.names):
            c = self.player_colors[i % len(self.player_colors)]
            star = "★ " if i in s.winners else ""
            rows.append([f"{swatch(c)}{star}{esc(n)}", str(sum(v for k, v in s.kind_totals(i).items()
                                                              if k not in ("ticket", "bonus"))),
                         str(s.line_total(i, "ticket")), str(s.line_total(i, "bonus")),
                         str(s.tickets_completed(i)), f"<b>{s.totals[i]}</b>"])
        out = table(rows, ["", "routes", "tickets", "bonuses", "tickets done", "total"], right=(1, 2, 3, 4, 5))
        bonus = "".join(f"<div><small>{esc(s.bonus_summary(k))}</small></div>" for k in s.standings)
        return f"<b>{esc(s.board.name)}</b>{out}<div><b>{esc(s.verdict)}</b></div>{bonus}"

    def _lines(self, sel: str) -> str:
        s, i = self.sheet, self.player
        tid = sel[7:] if sel.startswith("ticket:") else None
        bkey = sel[6:] if sel.startswith("bonus:") else None
        city = sel[8:] if sel.startswith("station:") else None
        rows = []
        for l in s.lines[i]:
            on = ((tid is not None and l.ticket == tid) or (bkey is not None and l.bonus == bkey)
                  or (city is not None and l.kind == "station" and l.cities[:1] == (city,)))
            style = "background:#fff3c4;font-weight:bold" if on else ""
            pts = f"+{l.points}" if l.points > 0 else str(l.points)
            rows.append([f"<span style='{style}'>{esc(l.kind)}</span>", f"<span style='{style}'>{pts}</span>",
                         f"<span style='{style}'>{esc(l.detail)}</span>", f"<small>{esc(l.rule)}</small>"])
        return (f"<b>{esc(s.names[i])}: {s.totals[i]} points, line by line</b>"
                + table(rows, ["kind", "points", "why", "rule"], right=(1,)))


def _station_lines(sheet: Any, i: int) -> list[Any]:
    """Player ``i``'s lines for a built train station (kind 'station' naming its city; the
    reserve's line names none), in the sheet's order."""
    return [l for l in sheet.lines[i] if l.kind == "station" and l.cities]


def _arrow(cities: Sequence[str]) -> str:
    return " → ".join(cities) if cities else "no route"
