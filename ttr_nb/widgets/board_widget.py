"""BoardWidget: the board as SVG in the browser, with click, hover and keyboard events.

The picture is drawn in the browser (``static/board.js``, shipped in the package: nothing is
fetched from the network) from :func:`board_geometry`, the geometry the matplotlib pictures
use (car spaces, highlight bands, tunnel badges, city dots and the placed city names of
:mod:`ttr_nb.draw`), in the same palette. The geometry is sent once; a position (claims,
highlight bands, frames, rings) is a few small traits, so a click that claims a route sends
one entry of ``claims`` and a frame, not a new picture.

Events from the browser arrive as small messages (``{"event": "click", "route": 12}``,
``{"event": "click", "city": "Denver"}``, ``{"event": "hover", "route": 12}``,
``{"event": "button", "id": "pay:12:0"}``) and go through :meth:`BoardWidget.handle`, which
tests and code call directly too (:meth:`click_route`, :meth:`click_city`, :meth:`press`,
:meth:`hover_route`). A message that is not one of these, or names a route or city the map
does not have, is shown in the widget (``notice``); no exception escapes.

The controls (PlayPanel, GameStepper, RouteBuilder, and ScoringExplorer through
:func:`attach_to_explorer`) set the handlers ``on_route``, ``on_city``, ``on_button`` and
``tip_for``; alone, the widget answers a click with the facts of the route or city.

Where there is no live kernel (nbval, exported HTML, a saved notebook on a website) the
widget's output also carries the same position as a PNG picture (``image/png``).
"""
from __future__ import annotations

import base64
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import anywidget
import traitlets as T

from ..draw import (BACKGROUND, CITY_EDGE, CITY_FILL, CITY_RADIUS, COUNTRY_EDGE, COUNTRY_FILL, COUNTRY_RADIUS,
                    GAP_COLOR, GAP_DASHES, INK, LABEL_SIZE, LEGEND_FILL, LOCO_STRIPES, PATH_COLOR,
                    ROUTE_COLORS_HEX, TRAIL_DASHES, place_labels)
from ..draw import board_extent as _extent
from ..board import board_of
from ..draw import board_layout as _layout
from ..draw import centre_line as _glow_path
from ..draw import default_marks as _default_marks
from ..draw import figure_size as _figsize
from ..draw import luminance as _luminance
from ..draw import spread as _spread
from ..draw.style import STATION_SHAPE
from ..errors import cut_words, shown
from .. import validate
from . import _args as check
from ._common import EXPECTED, WIDTH_PX, error_text, resend

STATIC = Path(__file__).with_name("static")
"""The widget's JavaScript and CSS (inside the package, shipped in the wheel)."""
NO_ROUTE = -1
EVENTS = ("click", "hover", "leave", "button", "close")
"""The messages the browser sends (``event`` key)."""
RouteHandler = Callable[[int], Any]
CityHandler = Callable[[str], Any]

_GEOMETRY: dict[tuple[int, str], dict] = {}


def _r(v: float) -> float:
    return round(float(v), 5)


def route_name(board: Any, rid: int) -> str:
    """A route's label as the game's events word it (``events.route_label``): the tracks of
    a double that would read the same are named as drawn, 'upper track', 'left track' (so
    the two targets of a double are told apart in words too, the same words as the log's)."""
    from ..events import route_label

    return route_label(board, rid)


def distinct_tickets(tickets: Iterable[Any]) -> list[Any]:
    """Tickets with the same cities and points once (a map's decks repeat tickets)."""
    seen, out = set(), []
    for t in tickets:
        key = (frozenset((t.a, t.b)), t.points)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def board_geometry(board: Any) -> dict[str, Any]:
    """What the browser needs to draw ``board`` as :func:`ttr_nb.draw.draw_board` draws it,
    as JSON-able data in board units (x east, y south): the frame (``extent``), sizes and
    colours (``style``), every route (its car spaces ``[x, y, angle]``, car length, centre
    line for highlight bands, ferry Locomotive and mountain X spaces, tunnel badge, facts
    for the tooltip and screen readers) and every city (position, kind, the box of its name
    as :func:`ttr_nb.draw.place_labels` placed it). Computed once per board."""
    key = (id(board), board.key)
    got = _GEOMETRY.get(key)
    if got is not None and got.get("_board") is board:
        return got["geometry"]
    from ..draw import badge_spots as _badge_spots
    from ..draw import car_samples as _car_samples

    layout = _layout(board)
    x0, x1, y0, y1 = _extent(board, layout)
    w_in, h_in = _figsize(board, None, True)
    pt = 0.98 * w_in * 72 / (x1 - x0)            # points per board unit in the PNG pictures
    W = layout.car_width
    badges = _badge_spots(board, layout, _car_samples(layout))
    shown_badges: set = set()
    routes = []
    for r in board.routes:
        ss = layout.spaces[r.id]
        L = layout.car_length[r.id]
        xs_line, ys_line = _glow_path(ss, L)
        locos = _spread(len(ss), r.ferry_locos)
        xs = sorted(set(_spread(len(ss), r.mountains)) - set(locos)) if r.mountains else []
        badge = None
        if r.tunnel and badges.get(r.id) is not None and badges[r.id] not in shown_badges:
            shown_badges.add(badges[r.id])
            badge = [_r(badges[r.id][0]), _r(badges[r.id][1])]
        face = ROUTE_COLORS_HEX[r.color]
        routes.append({
            "id": r.id, "a": r.a, "b": r.b, "length": r.length, "color": r.color, "fill": face,
            "edge": INK if r.color != "black" else "#000000",
            "xink": "#ffffff" if _luminance(face) < 0.45 else INK,
            "points": board.route_points(r.length), "trains": r.trains, "name": route_name(board, r.id),
            "tunnel": r.tunnel, "ferry": r.ferry_locos, "mountains": r.mountains, "terrain": r.terrain,
            "twins": list(board.twins.get(r.id, ())), "L": _r(L),
            "spaces": [[_r(s.x), _r(s.y), round(s.angle, 2)] for s in ss],
            "line": [[_r(x), _r(y)] for x, y in zip(xs_line, ys_line)],
            "locos": locos, "xs": xs, "badge": badge,
        })
    boxes = place_labels(board, (x0, x1, y0, y1))
    cities = []
    for c in board.cities.values():
        box = boxes.get(c.name)
        cities.append({"name": c.name, "x": _r(c.x), "y": _r(c.y), "country": c.is_country,
                       "label": [_r(v) for v in box] if box is not None else None})
    unit = 1.0 / pt                                  # one point, in board units
    geometry = {
        "key": board.key, "name": board.name, "extent": [_r(x0), _r(x1), _r(y0), _r(y1)],
        "routes": routes, "cities": cities,
        "style": {
            "car_width": _r(W), "city_radius": CITY_RADIUS, "country_radius": COUNTRY_RADIUS,
            "label_size": LABEL_SIZE, "unit": _r(unit), "band": _r(W * 3.4), "rim": _r(max(unit, 0.12 * W)),
            "background": BACKGROUND, "city_fill": CITY_FILL, "city_edge": CITY_EDGE,
            "country_fill": COUNTRY_FILL, "country_edge": COUNTRY_EDGE, "ink": INK, "legend_fill": LEGEND_FILL,
            "path": PATH_COLOR, "gap": GAP_COLOR, "gap_dashes": list(GAP_DASHES[1]),
            "trail_dashes": [list(d[1]) for d in TRAIL_DASHES], "loco": list(LOCO_STRIPES),
            "station": [list(xy) for xy in STATION_SHAPE],
        },
    }
    _GEOMETRY[key] = {"_board": board, "geometry": geometry}
    while len(_GEOMETRY) > 8:
        _GEOMETRY.pop(next(iter(_GEOMETRY)))
    return geometry


MAX_SEQ = 2 ** 53
"""The largest message number the browser counts to (a JavaScript number's exact range)."""


def _kept(v: Any) -> Any:
    """A value of a browser message as :attr:`BoardWidget.events` keeps it: short."""
    if isinstance(v, (bool, int, float)) or v is None:
        return v if not isinstance(v, int) or abs(v) <= MAX_SEQ else shown(v)
    if isinstance(v, str) and len(v) <= 200:
        return v
    return shown(v)


def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


class BoardWidget(anywidget.AnyWidget):
    """The board in the browser as SVG: hover a route for its facts, click a route or a city.

    Parameters
    ----------
    board : Board or str
        The Board (or a map name such as 'usa').
    player_colors, player_names, marks, title : optional
        As :class:`ttr_nb.widgets.canvas.BoardCanvas` (the legend lists the players; each
        claimed car carries its player's mark).
    width_px : int, default 900
        The widest the picture is drawn (200 to 2400 pixels; it shrinks with the notebook).

    Raises
    ------
    ttr_nb.errors.ArgumentError
        A wrong argument, naming it and what is allowed. Values the browser sends never
        raise: a problem is shown in ``notice``.

    Notes
    -----
    The position is set with :meth:`show` (the keywords of ``BoardCanvas.png``). State:
    ``picked`` (the route clicked last, -1 for none), ``picked_city``, ``card`` (what the box
    beside the picked route or city says, with its buttons), ``tip`` (the hover text),
    ``notice`` (the last problem with a message from the browser), ``events`` (every message
    handled), ``errors``. Handlers: ``on_route(route_id)``, ``on_city(name)``,
    ``on_button(button_id)``, ``tip_for(route_id) -> str``, ``on_error(exception)``.
    """

    guards_its_messages: bool = True
    """It answers bad browser messages itself (the other controls' guard leaves it alone)."""

    _esm = _read("board.js")
    _css = _read("board.css")

    geometry = T.Dict().tag(sync=True)
    claims = T.Dict().tag(sync=True)                 # "route id" -> player (colour) index
    player_colors = T.List(T.Unicode()).tag(sync=True)
    player_names = T.List(T.Unicode()).tag(sync=True)
    marks = T.List(T.Unicode()).tag(sync=True)
    glow = T.Dict().tag(sync=True)                   # "route id" -> colour: a path band
    gap = T.List(T.Int()).tag(sync=True)             # dashed orange bands
    trails = T.Dict().tag(sync=True)                 # "player" -> route ids: striped bands
    framed = T.List(T.Int()).tag(sync=True)          # dashed frames (draw_board's ``selected``)
    closed = T.List(T.Int()).tag(sync=True)          # cross-hatched tracks
    rings = T.Dict().tag(sync=True)                  # city -> ring colour
    stations = T.Dict().tag(sync=True)               # city -> player (colour) index: a train station
    borrowed = T.Dict().tag(sync=True)               # station city -> the route id it borrows
    labels = T.Dict().tag(sync=True)                 # legend words of the styles
    picked = T.Int(NO_ROUTE).tag(sync=True)
    picked_city = T.Unicode("").tag(sync=True)
    card = T.Dict().tag(sync=True)
    tip = T.Dict().tag(sync=True)
    notice = T.Unicode("").tag(sync=True)
    title = T.Unicode("").tag(sync=True)
    width_px = T.Int(WIDTH_PX).tag(sync=True)
    answered = T.Int(0).tag(sync=True)               # the ``seq`` of the last message handled

    def __init__(self, board: Any, *, player_colors: Sequence[str] | None = None,
                 player_names: Sequence[str] | None = None, marks: Sequence[str | None] | None = None,
                 title: str | None = None, width_px: int = WIDTH_PX):
        board = board_of(board)
        colors = check.colours(player_colors, distinct=False)  # (Team Asia partners share a colour)
        names = check.labels(player_names, "player_names", check.MAX_LABEL)
        width_px = check.width(width_px)
        title = None if title is None else validate.text(title, "title", max_len=check.MAX_TITLE, empty=True,
                                                          lines=True, strip=False)
        if marks is None:   # as BoardCanvas: the initials of the names when they differ, else 1, 2, 3...
            named = _default_marks(names, len(names)) if names else ()
            marks = named + _default_marks([], len(colors))[len(named):]
        else:
            marks = check.labels(marks, "marks", check.MAX_MARK, none_ok=True, empty_ok=True)
        super().__init__(geometry=board_geometry(board), player_colors=colors, player_names=names,
                         marks=[m or "" for m in marks], title=title or "", width_px=int(width_px),
                         layout={"width": "100%", "max_width": f"{int(width_px) + 4}px"})
        self.board = board
        self._routes = {r.id for r in board.routes}
        self._painted: dict[str, Any] = {}
        self.events: list[dict] = []
        self.errors: list[BaseException] = []
        self.on_route: RouteHandler | None = None
        self.on_city: CityHandler | None = None
        self.on_button: Callable[[str], Any] | None = None
        self.tip_for: Callable[[int], str | None] | None = None
        self.on_error: Callable[[BaseException], Any] | None = None
        self._png_settings = dict(player_colors=tuple(colors), player_names=tuple(names), title=title)
        self.on_msg(self._on_msg)

    # -- the position ----------------------------------------------------------------------
    def show(self, claims: Mapping[int, int] | None = None,
             highlight: Iterable[int] | Mapping[int, str] = (), highlight_color: str = PATH_COLOR,
             highlight_cities: Iterable[str] | Mapping[str, str] = (), *, gap: Iterable[int] = (),
             trails: Mapping[int, Iterable[int]] | None = None, selected: Iterable[int] = (),
             closed: Iterable[int] = (), labels: Mapping[str, str] | None = None, palette: bool = True,
             stations: Mapping[str, int] | None = None, borrowed: Mapping[str, int] | None = None) -> bytes:
        """Show a position: the keywords of :meth:`ttr_nb.widgets.canvas.BoardCanvas.png`, so a
        control paints the SVG board with the same call it paints a PNG with (``stations``: city
        -> player of Europe's train stations, a house in the player's colour; ``borrowed``:
        station city -> the route it borrows at the final score). Only the traits that changed
        are sent. ValueError for an unknown route or city. Returns b"" (the picture is drawn in
        the browser; :meth:`png` draws it as a PNG)."""
        board = self.board
        claims = {int(k): int(v) for k, v in (claims or {}).items()}
        glow = ({int(k): str(v) for k, v in highlight.items()} if isinstance(highlight, Mapping)
                else {int(r): highlight_color for r in highlight})
        rings = ({str(k): str(v) for k, v in highlight_cities.items()} if isinstance(highlight_cities, Mapping)
                 else {str(c): highlight_color for c in highlight_cities})
        gap, selected, closed = [int(r) for r in gap], [int(r) for r in selected], [int(r) for r in closed]
        trails = {int(p): [int(r) for r in ids] for p, ids in (trails or {}).items()}
        for rid in [*claims, *glow, *gap, *selected, *closed, *(r for ids in trails.values() for r in ids)]:
            if rid not in self._routes:
                raise ValueError(f"{board.name} has no route with id {shown(rid)}")
        for c in rings:
            if c not in board.cities:
                raise ValueError(f"{board.name} has no city called {shown(c)}")
        n = len(self.player_colors) or 1
        from .canvas import checked_stations

        houses, lent = checked_stations(board, stations, borrowed, n)
        self._painted = dict(claims=claims, highlight=glow, highlight_cities=rings, gap=gap, trails=trails,
                             selected=selected, closed=closed, labels=dict(labels or {}))
        if houses:                       # (only a board with stations: other pictures' calls stay as they were)
            self._painted.update(stations=houses, borrowed=lent)
        with self.hold_sync():
            self.claims = {str(r): p % n for r, p in sorted(claims.items())}
            self.glow = {str(r): c for r, c in sorted(glow.items())}
            self.rings = dict(sorted(rings.items()))
            self.gap, self.framed, self.closed = sorted(set(gap)), sorted(set(selected)), sorted(set(closed))
            self.trails = {str(p % n): sorted(set(ids)) for p, ids in sorted(trails.items())}
            self.labels = {str(k): str(v) for k, v in (labels or {}).items()}
            self.stations = houses
            self.borrowed = {c: int(r) for c, r in lent.items()}
        return b""

    def png(self, width_px: int | None = None) -> bytes:
        """The position shown, as a PNG picture (the matplotlib drawing of the same geometry)."""
        return self._canvas(width_px).png(**self._painted)

    def describe(self) -> str:
        """The position shown, in words: the text alternative of :meth:`png`'s picture."""
        return self._canvas(None).describe(**self._painted)

    def _canvas(self, width_px: int | None):
        from ._common import board_canvas

        s = self._png_settings
        return board_canvas(self.board, width_px=width_px or self.width_px, player_colors=s["player_colors"],
                            player_names=s["player_names"], title=s["title"])

    # -- the box beside a route or city ---------------------------------------------------------
    def show_card(self, title: str, lines: Sequence[str] = (), buttons: Sequence[tuple[str, str]] = (), *,
                  route: int | None = None, city: str | None = None, reason: str = "", kind: str = "info",
                  tips: Sequence[str] = ()) -> None:
        """Show a box beside ``route`` (or ``city``): a title, lines of text, buttons
        ``(id, label)`` (a press calls ``on_button(id)``) and a ``reason`` (why not, in red)."""
        at: dict[str, Any] = {}
        if route is not None:
            at["route"] = int(route)
        elif city is not None:
            at["city"] = str(city)
        bts = [{"id": str(i), "label": str(lab), "tip": str(tips[k]) if k < len(tips) else str(lab)}
               for k, (i, lab) in enumerate(buttons)]
        self.card = {"at": at, "title": str(title), "lines": [str(x) for x in lines], "buttons": bts,
                     "reason": str(reason), "kind": kind}

    def close_card(self) -> None:
        self.card = {}

    @property
    def card_text(self) -> str:
        """The box's words in one line (for tests and summaries)."""
        c = self.card
        if not c:
            return ""
        parts = [c.get("title", "")] + list(c.get("lines", [])) + ([c["reason"]] if c.get("reason") else [])
        parts += [f"[{b['label']}]" for b in c.get("buttons", [])]
        return " | ".join(p for p in parts if p)

    # -- events ------------------------------------------------------------------------------
    def click_route(self, route: int) -> None:
        """What a click (or Enter) on a route's cars does."""
        self.handle({"event": "click", "route": route})

    def click_city(self, city: str) -> None:
        """What a click (or Enter) on a city does."""
        self.handle({"event": "click", "city": city})

    def press(self, button_id: str) -> None:
        """What pressing a button in the box does."""
        self.handle({"event": "button", "id": button_id})

    def hover_route(self, route: int) -> None:
        """What hovering (or tabbing to) a route does: ``tip`` gets its text."""
        self.handle({"event": "hover", "route": route})

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def _handle_msg(self, msg: Any) -> None:
        """A message from the browser: a custom event (:meth:`handle`) or a new value of
        ``picked``, the only trait the browser sets (a route id on the map, or -1). Anything
        else, or a message that is not one: ``notice`` says so, nothing changes."""
        try:
            data = msg["content"]["data"]
            method = data["method"]
            if method == "update":
                state = data.get("state")
                if not isinstance(state, dict) or set(state) - {"picked"}:
                    raise ValueError(f"The board sent values it may not set ({shown(state)}): "
                                     f"they were ignored.")
                if "picked" in state:
                    v = state["picked"]
                    if not (type(v) is int and v == NO_ROUTE):
                        v = self._route_of(v)
                    self.set_state({"picked": v})
                    self.notice = ""
                return
        except Exception as e:  # noqa: BLE001 — nothing from the browser escapes
            resend(self, {"picked": None})        # (the browser shows its own value until told)
            self._report(e)
            return
        try:
            super()._handle_msg(msg)
        except Exception as e:  # noqa: BLE001
            self._report(e)

    def handle(self, msg: Any) -> None:
        """Handle one message from the browser. A malformed message or an unknown route or
        city: ``notice`` says so; a handler's error too (and ``on_error`` gets it)."""
        with self.hold_sync():
            try:
                self._dispatch(msg)
            except Exception as e:  # noqa: BLE001 — nothing escapes an event
                self._report(e)
            seq = msg.get("seq") if isinstance(msg, dict) else None
            if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ:
                self.answered = seq

    def _report(self, e: BaseException) -> None:
        self.errors.append(e)
        self.notice = cut_words(error_text(e))
        if self.on_error is not None:
            try:
                self.on_error(e)
            except Exception:  # noqa: BLE001
                pass

    def _route_of(self, v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise ValueError(f"The board sent a route that is not a route id: {shown(v)}.")
        try:
            rid = int(v)
        except (ValueError, OverflowError):          # 'x', NaN, infinity
            raise ValueError(f"The board sent a route that is not a route id: {shown(v)}.") from None
        if rid != v and str(rid) != str(v):
            raise ValueError(f"The board sent a route that is not a route id: {shown(v)}.")
        if rid not in self._routes:
            raise ValueError(f"{self.board.name} has no route {shown(rid)}: the click was ignored.")
        return rid

    def _city_of(self, v: Any) -> str:
        if not isinstance(v, str) or v not in self.board.cities:
            raise ValueError(f"{self.board.name} has no city {shown(v)}: the click was ignored.")
        return v

    def _dispatch(self, msg: Any) -> None:
        if not isinstance(msg, dict) or not isinstance(msg.get("event"), str) or msg["event"] not in EVENTS:
            raise ValueError(f"The board sent a message it should not ({shown(msg)}): it was ignored.")
        ev = msg["event"]
        self.events.append({str(k)[:40]: _kept(v) for k, v in list(msg.items())[:8]})
        if len(self.events) > 200:
            del self.events[:100]
        if ev == "hover":
            rid = self._route_of(msg.get("route"))
            text = self.tip_for(rid) if self.tip_for is not None else None
            self.tip = {"route": rid, "text": str(text or "")}
            return
        if ev == "leave":
            self.tip = {}
            return
        if ev == "close":
            self.notice = ""
            self.close_card()
            return
        if ev == "button":
            bid = msg.get("id")
            known = [b["id"] for b in self.card.get("buttons", [])]
            if not isinstance(bid, str) or bid not in known:
                raise ValueError(f"That button ({shown(bid)}) is no longer on the board: nothing was done.")
            self.notice = ""
            if self.on_button is not None:
                self.on_button(bid)
            return
        # a click: on a route or on a city
        if "route" in msg:
            rid = self._route_of(msg["route"])
            self.notice = ""
            self.picked, self.picked_city = rid, ""
            (self.on_route or self._route_card)(rid)
        elif "city" in msg:
            city = self._city_of(msg["city"])
            self.notice = ""
            self.picked, self.picked_city = NO_ROUTE, city
            (self.on_city or self._city_card)(city)
        else:
            raise ValueError("The board sent a click on nothing (no route, no city): it was ignored.")

    # -- what the board alone says ---------------------------------------------------------------
    def owner_name(self, rid: int) -> str | None:
        p = self.claims.get(str(rid))
        if p is None:
            return None
        names = self.player_names
        return names[p] if p < len(names) else f"Player {p + 1}"

    def station_owner(self, city: str) -> str | None:
        """The name of the player whose train station stands in ``city`` (None: no station)."""
        p = self.stations.get(city)
        if p is None:
            return None
        names = self.player_names
        return names[p] if p < len(names) else f"Player {p + 1}"

    def route_facts(self, rid: int) -> list[str]:
        """A route's facts in words: cars, colour, points, ferry/tunnel/mountain spaces."""
        r = self.board.route(rid)
        colour = "gray (any one colour)" if r.color == "gray" else r.color
        facts = [f"{r.length} car{'s' * (r.length != 1)}, {colour}, {self.board.route_points(r.length)} points"]
        if r.ferry_locos:
            facts.append(f"ferry: {r.ferry_locos} Locomotive{'s' * (r.ferry_locos != 1)} needed")
        if r.tunnel:
            facts.append(f"tunnel: {r.tunnel} cards revealed when claimed")
        if r.mountains:
            facts.append(f"{r.mountains} X space{'s' * (r.mountains != 1)}: {r.trains} trains")
        if r.terrain:
            facts.append(f"terrain: {r.terrain}")
        if self.board.twins.get(rid):
            facts.append("one track of a double route (each track is its own target)")
        return facts

    def _route_card(self, rid: int) -> None:
        owner = self.owner_name(rid)
        self.show_card(route_name(self.board, rid), self.route_facts(rid)
                       + [f"claimed by {owner}" if owner else "not claimed"], route=rid)

    def city_lines(self, city: str, tickets: Iterable[Any] | None = None) -> list[str]:
        """A city's tickets (default: every ticket of the board that names it) and routes."""
        board = self.board
        tks = distinct_tickets(t for t in (board.tickets if tickets is None else tickets) if city in (t.a, t.b))
        lines = [f"{len(tks)} ticket{'s' * (len(tks) != 1)}: " + (", ".join(t.label() for t in tks) or "none")]
        routes = [r for r in board.routes if city in (r.a, r.b)]
        parts = []
        for r in sorted(routes, key=lambda r: (r.other(city), r.id)):
            owner = self.owner_name(r.id)
            parts.append(f"{r.other(city)} ({r.length}, {r.color}" + (f", {owner}" if owner else "") + ")")
        lines.append(f"{len(routes)} route{'s' * (len(routes) != 1)}: " + ", ".join(parts))
        owner = self.station_owner(city)
        if owner is not None:
            lent = self.borrowed.get(city)
            lines.append(f"{owner}'s train station" + (f": it borrows {route_name(board, lent)}"
                                                         if lent is not None else ""))
        return lines

    def _city_card(self, city: str) -> None:
        self.show_card(city, self.city_lines(city), city=city)

    # -- display ---------------------------------------------------------------------------------
    def __repr__(self) -> str:
        picked = f", route {self.picked} picked" if self.picked >= 0 else (
            f", {self.picked_city} picked" if self.picked_city else "")
        return f"<BoardWidget {self.board.key}: {len(self.claims)} claimed{picked}>"

    def _repr_mimebundle_(self, **kw: Any):
        from .static_html import board_html, with_static_html  # (text/html: the SVG board with no kernel)

        got = with_picture(super()._repr_mimebundle_(**kw), self.png, self.describe)
        return with_static_html(got, lambda png, alt: board_html(self, png, alt))


def with_picture(bundle: Any, picture: Callable[[], bytes], text: Callable[[], str] | None = None) -> Any:
    """A widget's display bundle with the picture added as ``image/png``, shown where no
    kernel draws the widget (nbval never compares PNG; exported HTML and viewers show it),
    and ``text()`` as the picture's ``alt`` (its text alternative, for a screen reader)."""
    data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
    if data is None:
        return bundle
    data = dict(data)
    try:
        data["image/png"] = base64.b64encode(picture()).decode("ascii")
        if text is not None:
            meta = {**(meta or {}), "image/png": {"alt": text()}}
    except EXPECTED:                     # a picture is a nicety: never stop a display for it
        pass
    return data, meta


class BoardFallback:
    """Mixin for a control holding ``self.board_widget``: its display carries the board's
    position as a PNG too (for outputs without a live kernel)."""

    def _repr_mimebundle_(self, **kw: Any):
        got = super()._repr_mimebundle_(**kw)  # type: ignore[misc]
        return with_picture(got, lambda: self.board_widget.png(FALLBACK_WIDTH), self.board_widget.describe)


FALLBACK_WIDTH = 720
"""Width of the stored PNG picture of a control's board (a small file in a saved notebook)."""


# -- ScoringExplorer glue ------------------------------------------------------------------------
class _Mirror:
    """Stands in for a control's BoardCanvas: each ``png(...)`` also shows the position on the
    SVG board; the PNG is drawn only when asked for (the static picture)."""

    def __init__(self, canvas: Any, widget: BoardWidget):
        self.canvas, self.widget = canvas, widget

    def png(self, *args: Any, **kw: Any) -> bytes:
        self.widget.show(*args, **kw)
        return b""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.canvas, name)


def attach_to_explorer(explorer: Any) -> BoardWidget:
    """Put a clickable SVG board in a :class:`ttr_nb.widgets.ScoringExplorer` (in place of
    its PNG picture) and return it (also ``explorer.board_widget``).

    Click a route: its score line (whose it is, its points and rule); a route of another
    player offers a button to look at that player. Click a city: the player's tickets from
    it, as buttons; a button shows that ticket's path (done) or its gap (failed). Hover: the
    route's owner and points. The explorer's picture follows every pick, as before.
    """
    if not getattr(type(explorer), "is_scoring_explorer", False):  # (a ScoringExplorer)
        raise validate.fail("explorer", explorer, "a ScoringExplorer (ttr_nb.widgets.ScoringExplorer(game))")
    if isinstance(getattr(explorer, "board_widget", None), BoardWidget):
        return explorer.board_widget               # attached already (twice is once)
    sheet = explorer.sheet
    widget = BoardWidget(explorer.board, player_colors=explorer.player_colors,
                         player_names=list(sheet.names), width_px=getattr(explorer.canvas, "size", (WIDTH_PX,))[0])
    explorer.board_widget = widget
    explorer.canvas = _Mirror(explorer.canvas, widget)
    kids = list(explorer.children)
    if explorer.board_image in kids:
        kids[kids.index(explorer.board_image)] = widget
        explorer.children = kids
    glue = _ExplorerGlue(explorer, widget)
    widget.on_route, widget.on_city, widget.on_button = glue.route, glue.city, glue.button
    widget.tip_for = glue.tip
    widget.on_error = getattr(explorer, "_fail", None)
    if not isinstance(explorer, BoardFallback):   # its display carries the PNG too (no kernel, no SVG)
        explorer._repr_mimebundle_ = lambda **kw: with_picture(
            type(explorer)._repr_mimebundle_(explorer, **kw), lambda: widget.png(FALLBACK_WIDTH))
    explorer._render()
    return widget


class _ExplorerGlue:
    """The explorer's answers to board events."""

    def __init__(self, explorer: Any, widget: BoardWidget):
        self.x, self.w = explorer, widget

    def _owner(self, rid: int) -> int | None:
        return self.x.claims.get(rid)

    def route(self, rid: int) -> None:
        x, w = self.x, self.w
        s = x.sheet
        who = self._owner(rid)
        name = route_name(x.board, rid)
        if who is None:
            w.show_card(name, w.route_facts(rid) + ["Nobody claimed it: no score line."], route=rid)
            return
        line = next((l for l in s.lines[who] if l.kind in ("route", "mountain", "terrain") and rid in l.routes), None)
        lines = [f"{s.names[who]}'s route"]
        if line is not None:
            pts = f"+{line.points}" if line.points > 0 else str(line.points)
            lines.append(f"score line: {pts} · {line.detail}" + (f" ({line.rule})" if line.rule else ""))
        others = [l for l in s.lines[who] if l.kind != "route" and rid in l.routes and l is not line]
        for l in others[:2]:
            text = l.detail if len(l.detail) <= 90 else l.detail[:88].rstrip() + "…"
            lines.append(f"also on: {l.kind} {'+' if l.points > 0 else ''}{l.points} · {text}")
        if len(others) > 2:
            lines.append(f"and {len(others) - 2} more line{'s' * (len(others) > 3)} (tickets, bonus)")
        buttons = [] if who == x.player else [(f"player:{who}", f"Look at {s.names[who]}")]
        w.show_card(name, lines, buttons, route=rid)

    def city(self, city: str) -> None:
        x, w = self.x, self.w
        s, i = x.sheet, x.player
        mine = [r for r in s.ticket_results[i] if city in (r.ticket.a, r.ticket.b)]
        buttons = [(f"ticket:{r.ticket.id}", f"{'✓' if r.done else '✗'} {r.ticket.label()}") for r in mine]
        lines = [f"{s.names[i]}'s tickets from {city}: " + (str(len(mine)) if mine else "none")
                 + (" (press one: its path, or its gap, is drawn)" if mine else "")]
        lines += w.city_lines(city, tickets=[])[1:]
        w.show_card(city, lines, buttons, city=city)

    def button(self, bid: str) -> None:
        x, w = self.x, self.w
        if bid.startswith("player:"):
            x.pick(int(bid[7:]))
            w.close_card()
        elif bid.startswith("ticket:"):
            x.pick(show=bid)
            w.show_card(w.card.get("title", ""), [x.detail], [b for b in
                        ((b["id"], b["label"]) for b in w.card.get("buttons", []))],
                        city=w.card.get("at", {}).get("city"))
        if x.message:
            w.notice = x.message

    def tip(self, rid: int) -> str:
        who = self._owner(rid)
        if who is None:
            return "nobody claimed it"
        return f"{self.x.sheet.names[who]}'s route"
