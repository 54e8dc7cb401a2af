"""Shared parts of the controls: guarded callbacks, HTML pieces, the board canvas cache."""
from __future__ import annotations

import functools
import html
from collections import OrderedDict
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as W

from ..draw import GAP_COLOR as DRAW_GAP_COLOR
from ..draw import PATH_COLOR, PLAYER_COLORS, ROUTE_COLORS_HEX
from ..errors import ArgumentError, IllegalAction, SaveError, cut_words, shown
from .canvas import BoardCanvas

WIDTH_PX = 900
"""Default board picture width in pixels."""
# The controls highlight with draw_board's styles (told apart by pattern, not only hue; none is
# a card colour): a path is a cased cyan band, a gap a dashed orange band, a longest trail a
# band striped in the player's colour, the last claim a dashed frame (``selected``).
TRAIL_COLOR = PATH_COLOR     # a highlighted path (the colour of the cased band); no longer pink
SIMPLE_COLOR = PATH_COLOR    # the longest simple path: a path
GAP_COLOR = DRAW_GAP_COLOR   # a ticket's gap: the dashed orange band
CITY_RING = PATH_COLOR       # the cities of the tickets just kept
EYES_TICKETS = "#ffb000"     # rings round the cities of one player's tickets
STEP_LABELS = {"selected": "last claim", "path": "doubled with Terrain cards (H-5)", "cities": "ticket cities"}
"""Legend words of the stepper's and the play panel's highlights."""
LOCO_GRADIENT = "linear-gradient(90deg,#d7261e,#f6d21f,#2f9e44,#1f62c9)"

_CANVASES: "OrderedDict[tuple, BoardCanvas]" = OrderedDict()


def board_canvas(board: Any, *, width_px: int = WIDTH_PX, player_colors: Sequence[str] | None = None,
                 player_names: Sequence[str] = (), title: str | None = None) -> BoardCanvas:
    """A BoardCanvas for these settings, shared between widgets (the first picture of a board at
    a size draws its fixed part once, about 0.2-0.4 s; every canvas of that size reuses it)."""
    colors = tuple(player_colors or PLAYER_COLORS)
    key = (id(board), board.key, width_px, colors, tuple(player_names), title)
    c = _CANVASES.get(key)
    if c is None or c.board is not board:
        c = BoardCanvas(board, width_px=width_px, player_colors=colors, player_names=player_names, title=title)
        _CANVASES[key] = c
        while len(_CANVASES) > 8:
            _CANVASES.popitem(last=False)
    else:
        _CANVASES.move_to_end(key)
    return c


EXPECTED = (IllegalAction, SaveError, ValueError, KeyError, TypeError, IndexError)
"""Errors a user's input can cause; anything else is reported as a bug in the message too."""


def guarded(method: Callable) -> Callable:
    """Wrap a callback so no exception escapes: the error becomes the widget's message. The
    first callback after an error clears it (a stale error does not stay on show)."""

    @functools.wraps(method)
    def run(self, *args: Any, **kw: Any) -> Any:
        depth = getattr(self, "_guard_depth", 0)
        if depth == 0 and getattr(self, "_message_kind", "") == "error":
            self._say("")        # an earlier error is old news once the control is used again
        self._guard_depth = depth + 1
        try:
            return method(self, *args, **kw)
        except Exception as e:  # noqa: BLE001 — the point: nothing escapes a callback
            self._fail(e)
            return None
        finally:
            self._guard_depth = depth

    return run


def error_text(e: BaseException) -> str:
    """The message a teacher sees for an error."""
    if isinstance(e, IllegalAction):
        return str(e.reason if hasattr(e, "reason") else e)
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    if isinstance(e, EXPECTED):
        return str(e)
    return f"Something went wrong inside ttr_nb ({type(e).__name__}: {e}). Please report it."


class MessageMixin:
    """A ``message`` attribute mirrored in an HTML label; ``errors`` keeps every error caught."""

    message: str = ""

    def _init_message(self) -> W.HTML:
        self.message = ""
        self.errors: list[BaseException] = []
        self._message_html = W.HTML(layout=W.Layout(min_height="1.6em"))
        self._message_html.add_class("ttr-message")
        return self._message_html

    def _say(self, text: str, kind: str = "info") -> None:
        text = cut_words(text)                  # (an echoed huge value is cut to its start)
        self.message = text
        self._message_kind = kind if text else ""
        color = {"info": "#1b4d89", "error": "#b3261e", "ok": "#2f7d32"}.get(kind, "#333")
        self._message_html.value = (f"<span style='color:{color}'>{html.escape(text)}</span>" if text else "")

    def _fail(self, e: BaseException) -> None:
        self.errors.append(e)
        self._say(error_text(e), "error")

    def _guard_browser(self) -> None:
        """Route every browser message to this control's widgets (a value out of range, a
        malformed message, an option list that changed while it was picked) through
        :func:`browser_message`: the control's message line says what was refused, nothing
        changes, and no traceback is printed. (The BoardWidget guards its own.) Widgets
        already guarded are left; call again after adding widgets."""
        stack: list = [self]
        while stack:
            w = stack.pop()
            if getattr(type(w), "guards_its_messages", False):  # (a BoardWidget)
                continue
            c = getattr(w, "comm", None)
            if c is not None and not getattr(w, "_ttr_guarded", False):
                c.on_msg(functools.partial(browser_message, self, w))
                w._ttr_guarded = True
            stack.extend(k for k in getattr(w, "children", ()) if isinstance(k, W.Widget))


def resend(widget: W.Widget, state: Any) -> None:
    """Send the browser ``widget``'s own values of the traits in ``state`` again (ipywidgets
    echoes a value back before it is checked: a refused one would stay on show)."""
    keys = [k for k in state if isinstance(k, str) and k in widget.keys] if isinstance(state, dict) else []
    if keys and getattr(widget, "comm", None) is not None:
        try:
            widget.send_state(keys)
        except Exception:  # noqa: BLE001 — a closed widget: nothing to show
            pass


def browser_message(control: MessageMixin, widget: W.Widget, msg: Any) -> None:
    """Handle a message from the browser to ``widget`` (ipywidgets' own handling) with no
    exception escaping: what the widget cannot take is refused in ``control``'s message line."""
    try:
        data = msg["content"]["data"]
        method = data["method"]
        if method == "update" and "buffer_paths" not in data:
            state = data.get("state", {})
            if not isinstance(state, dict):
                raise TypeError("not a state")
            try:
                widget.set_state(state)
            except Exception as e:  # noqa: BLE001
                resend(widget, state)
                raise ArgumentError(f"The browser sent a value this control cannot take ({shown(state)}): "
                                    f"it was ignored.") from e
        elif method == "custom":
            widget._handle_custom_msg(data["content"], msg.get("buffers") or [])
        elif method in ("update", "request_state"):
            type(widget)._handle_msg(widget, msg)
        else:
            raise TypeError("an unknown method")
    except ArgumentError as e:
        control._fail(e)
    except (KeyError, TypeError, IndexError) as e:
        control._fail(ArgumentError(f"The browser sent a message this control does not read ({shown(msg)}, "
                                    f"{error_text(e)}): it was ignored."))
    except Exception as e:  # noqa: BLE001 — a handler's error: shown as any callback's
        control._fail(e)


# -- HTML pieces -------------------------------------------------------------------------
def esc(s: Any) -> str:
    return html.escape(str(s))


def swatch(color: str, size: str = "0.9em") -> str:
    return (f"<span style='display:inline-block;width:{size};height:{size};background:{color};"
            f"border:1px solid #333;vertical-align:middle;margin-right:4px'></span>")


def card_chip(name: str | None, count: int | None = None) -> str:
    """A small coloured chip for a train card ('red', 'locomotive'...) with an optional count."""
    if name is None:
        return "<span style='color:#888'>(empty)</span>"
    if name == "locomotive":
        bg, fg = LOCO_GRADIENT, "#fff"
    else:
        bg = ROUTE_COLORS_HEX.get(name, "#ccc")
        fg = "#fff" if name in ("black", "blue", "green", "red") else "#111"
    word = "Locomotive" if name == "locomotive" else name
    label = word if count is None else f"{count} {word}"
    return (f"<span style='display:inline-block;padding:0 6px;margin:1px 2px;border-radius:4px;"
            f"background:{bg};color:{fg};border:1px solid #555;font-size:90%;"
            f"text-shadow:{'0 0 2px #000' if name == 'locomotive' else 'none'}'>{esc(label)}</span>")


def hand_html(hand: Mapping[str, int]) -> str:
    if not hand:
        return "<span style='color:#888'>no cards</span>"
    return "".join(card_chip(k, n) for k, n in hand.items())


def table(rows: Iterable[Sequence[str]], head: Sequence[str] = (), right: Iterable[int] = ()) -> str:
    """A compact HTML table from already-escaped cells."""
    right = set(right)
    th = "".join(f"<th style='text-align:{'right' if i in right else 'left'};padding:1px 6px'>{h}</th>"
                 for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(
        f"<td style='text-align:{'right' if i in right else 'left'};padding:1px 6px'>{c}</td>"
        for i, c in enumerate(r)) + "</tr>" for r in rows)
    return (f"<table style='border-collapse:collapse;font-size:92%'>"
            f"{'<thead><tr>' + th + '</tr></thead>' if head else ''}<tbody>{body}</tbody></table>")


def value_text(v: Any) -> str:
    """Plain data as short text (for a mechanic's part of a view)."""
    if isinstance(v, Mapping):
        return ", ".join(f"{k}: {value_text(x)}" for k, x in v.items()) or "—"
    if isinstance(v, (list, tuple)):
        return ", ".join(value_text(x) for x in v) or "—"
    return "—" if v is None else str(v)


def image(png: bytes, width_px: int) -> W.Image:
    img = W.Image(value=png, format="png",
                  layout=W.Layout(width="100%", max_width=f"{width_px}px", height="auto"))
    img.add_class("ttr-board")
    return img


def button(description: str, tooltip: str = "", width: str = "auto", style: str = "") -> W.Button:
    return W.Button(description=description, tooltip=tooltip or description,
                    layout=W.Layout(width=width), button_style=style)


def groups(game) -> list[tuple[str, tuple[int, ...]]]:
    """(name, seats) of each scorer: a player, or a Team Asia team of two seats."""
    try:
        out = game.scorer_groups()
        if sorted(x for _n, ss in out for x in ss) == list(range(game.n)):
            return out
    except Exception:  # noqa: BLE001 — one group per seat
        pass
    return [(n, (s,)) for s, n in enumerate(game.names)]


def resolve_board(board: Any):
    """A Board from a Board or a shipped map name / path."""
    from ..board import Board, load_map

    if isinstance(board, Board):
        return board
    if isinstance(board, str):
        return load_map(board)
    raise TypeError(f"a board is a Board or a map name such as 'usa', not {shown(board)}")


def resolve_route(board: Any, spec: Any, taken: Iterable[int] = ()) -> int:
    """A route id from any spelling :meth:`ttr_nb.board.Board.route_id` reads: an id,
    'City–City', or (city, city[, colour]); TypeError naming anything else."""
    import numpy as np

    if isinstance(spec, np.integer):
        spec = int(spec)
    if not (isinstance(spec, (int, str)) and not isinstance(spec, bool)
            or isinstance(spec, (tuple, list)) and 2 <= len(spec) <= 3 and all(type(x) is str for x in spec)):
        raise TypeError(f"a route is an id, 'City–City' or (city, city[, colour]), not {shown(spec)}")
    return board.route_id(spec, taken)


def terrain_html(view: Mapping[str, Any], colors: Sequence[str]) -> str:
    """The Heart of Africa Terrain cards in front of each player, with ★ on each type's majority
    holders (who may double, H-5.3); empty when the game has no Terrain cards."""
    from ..charts import TERRAIN_COLORS, TERRAIN_TYPES, terrain_counts, terrain_majorities
    from ..rules.terrain import TERRAIN_NAMES

    counts = terrain_counts(view)
    if not counts:
        return ""
    major = terrain_majorities(counts)
    head = [""] + [f"<span style='color:{TERRAIN_COLORS[t]}'>{esc(TERRAIN_NAMES.get(t, t))}</span>"
                   for t in TERRAIN_TYPES]
    rows = []
    for i, (name, c) in enumerate(counts.items()):
        rows.append([f"{swatch(colors[i % len(colors)])}{esc(name)}"]
                    + [f"{c[t]}{' ★' if name in major[t] else ''}" for t in TERRAIN_TYPES])
    return ("<b>Terrain cards</b> <small>(★ holds the most: may double, H-5.3; on the map, a doubled "
            "route glows in its Terrain colour)</small>"
            + table(rows, head, right=(1, 2, 3)))


def terrain_chip(t: str | None) -> str:
    """A chip for a Heart of Africa Terrain card ('desert', 'jungle', 'mountain')."""
    from ..charts import TERRAIN_COLORS
    from ..rules.terrain import TERRAIN_NAMES

    if t is None:
        return "<span style='color:#888'>(empty)</span>"
    return (f"<span style='display:inline-block;padding:0 6px;margin:1px 2px;border-radius:4px;"
            f"background:{TERRAIN_COLORS.get(t, '#999')};color:#fff;border:1px solid #555;font-size:90%'>"
            f"{esc(TERRAIN_NAMES.get(t, t))}</span>")


def _ticket_labels(board: Any, ids: Iterable[str]) -> str:
    out = []
    for t in ids:
        try:
            out.append(board.ticket(t).label())
        except KeyError:
            out.append(str(t))
    return esc(", ".join(out)) if out else "<span style='color:#888'>none</span>"


def extras_html(view: Mapping[str, Any], board: Any, names: Sequence[str], colors: Sequence[str],
                base_keys: Iterable[str]) -> list[str]:
    """HTML lines for what rules mechanics add to a view: the Terrain display (H-4), the Team
    Asia teams and holders (TA-5, TA-6), a card being placed, a tunnel being paid (EU-3);
    anything else is shown as plain data."""
    out = []
    skip = set(base_keys) | {"team"}
    for key in sorted(set(view) - skip):
        val = view[key]
        if key == "terrain" and isinstance(val, Mapping):
            disc = sum(val.get("discard", {}).values()) if isinstance(val.get("discard"), Mapping) else 0
            out.append("<b>Terrain face up</b> " + "".join(terrain_chip(t) for t in val.get("display", []))
                       + f" <small>Terrain deck {val.get('deck', '?')}, discard {disc}</small>")
        elif key == "teams" and isinstance(val, list):
            rows = []
            for t in val:
                i = int(t.get("team", 0))
                holder = (hand_html(t["holder"]) if "holder" in t
                          else f"<span style='color:#888'>{t.get('holder_cards', 0)} cards (hidden)</span>")
                tickets = (_ticket_labels(board, t["holder_ticket_ids"]) if "holder_ticket_ids" in t
                           else f"<span style='color:#888'>{t.get('holder_tickets', 0)} (hidden)</span>")
                seats = " + ".join(esc(names[s]) for s in t.get("seats", []))
                rows.append([f"{swatch(colors[i % len(colors)])}{esc(t.get('name', i))}", seats,
                             str(t.get("trains", "")), f"<b>{t.get('route_points', '')}</b>", holder, tickets])
            out.append("<b>Teams</b> <small>(the team holders: cards and tickets both partners may use)</small>"
                       + table(rows, ["team", "players", "trains", "points", "holder cards", "holder tickets"],
                               right=(2, 3)))
        elif key == "tunnel" and isinstance(val, Mapping):
            try:
                label = board.route(val["route"]).label()
            except (KeyError, TypeError):
                label = f"route {val.get('route')}"
            who = names[val["seat"]] if isinstance(val.get("seat"), int) else "?"
            laid = hand_html(val.get("laid", {}))
            shown = "".join(card_chip(c) for c in val.get("revealed", []))
            out.append(f"<b>Tunnel {esc(label)}</b>: {esc(who)} laid {laid}; revealed {shown}: "
                       f"<b>{val.get('extra', '?')} more</b> {esc(val.get('colour', ''))} card(s) or Locomotives "
                       f"to pay (EU-3)")
        elif key == "placing":
            out.append(f"<b>First card drawn, to place</b> (hand or team holder): "
                       + (card_chip(val) if val != "hidden" else "<span style='color:#888'>hidden</span>"))
        elif key in ("setup_share", "share_from"):
            ids = [val] if isinstance(val, str) else [x for x in (val or []) if x]
            if not ids:
                continue
            what = "Chosen to share" if key == "setup_share" else "Newly kept: share one"
            out.append(f"<b>{what}</b>: {_ticket_labels(board, ids)}")
        else:
            out.append(f"<b>{esc(key.replace('_', ' '))}</b>: {esc(value_text(val))}")
    return out


PENDING_TEXT = {
    "turn": "to play: draw cards, claim a route or draw tickets",
    "second-card": "to take a second card",
    "setup-tickets": "to choose which tickets to keep",
    "keep-tickets": "to choose which of the drawn tickets to keep",
    "place-card": "to choose where the first card goes: the hand or the team holder (TA-8)",
    "share-setup": "to choose a ticket to share with the team (TA-11)",
    "share-kept": "to put one newly kept ticket into the team holder (TA-12)",
    "tunnel": "to pay the tunnel's extra cards or take the cards back (EU-3)",
}
"""How the status line words each pending decision (a mechanic's new kind: 'to decide: <kind>')."""


def doubled_glow(game: Any) -> dict[int, str]:
    """Routes whose points were doubled with Terrain cards (H-5), glowing in their Terrain colour."""
    from ..charts import TERRAIN_COLORS

    out = {}
    try:
        scorers = game.scorers()
    except Exception:  # noqa: BLE001 — no scorers, no doubling
        return out
    for s in scorers:
        for c in s.claims:
            if getattr(c, "doubled", False):
                t = game.board.route(c.route).terrain
                out[c.route] = TERRAIN_COLORS.get(t or "", "#e0a526")
    return out


# -- a step in words (the GameStepper and its page without a kernel) ---------------------------
def status_text(game: Any) -> str:
    """Whose turn it is and what they must decide, in one sentence."""
    g = game
    if g.over:
        return "The game is over."
    who = g.names[g.current_player]
    what = PENDING_TEXT.get(g.pending, f"to decide: {g.pending}")
    if g.pending == "turn":
        what = "to play"
    fr = " Final round." if g.final_round else ""
    return f"{who} {what}.{fr}"


def station_traits(game: Any, view: dict) -> tuple[dict[str, int], dict[str, int]]:
    """The train stations a position shows (city -> seat; public, EU-4) and, once the game is
    over, the route each one borrows at the final score (station city -> route id, from the
    Scoresheet's station lines); two empty dicts for a game without stations."""
    stations = {str(c): int(s) for c, s in view.get("stations", {}).items()}
    borrowed: dict[str, int] = {}
    if stations and game.over:
        for lines in game.score().lines:
            for line in lines:
                if line.kind == "station" and line.routes and line.cities and line.cities[0] in stations:
                    borrowed[line.cities[0]] = int(line.routes[0])
    return stations, borrowed


def action_text(st: Any, eyes: int | None) -> str:
    """The events of a step as the eyes may see them, in one line."""
    texts = [e.text_for(eyes) for e in st.events if e.kind != "turn"]
    return " ".join(texts) if texts else st.action.text()


def step_marks(timeline: Any, step: Any, view: dict, eyes: int | None) -> tuple[dict[str, str], list[int]]:
    """What a GameStepper marks on the board at a step (``step``: the step just played, or
    None at the deal): rings round the cities of the tickets the eyes hold (EYES_TICKETS) and of
    the tickets just kept, when the eyes may see them (CITY_RING), and the route just claimed
    (framed). Returns (city -> ring colour, [route id])."""
    from ..actions import ClaimRoute, KeepTickets

    rings: dict[str, str] = {}
    if eyes is not None:
        for t in view.get("tickets", []):
            tk = timeline.board.ticket(t)
            rings[tk.a] = rings[tk.b] = EYES_TICKETS
    last: list[int] = []
    if step is not None:
        if isinstance(step.action, ClaimRoute):
            last = [step.action.route]               # the last claim: a dashed frame round its cars
        elif isinstance(step.action, KeepTickets) and (eyes is None or eyes == step.seat):
            for t in step.action.tickets:
                tk = timeline.board.ticket(t)
                rings[tk.a] = rings[tk.b] = CITY_RING
    return rings, last
