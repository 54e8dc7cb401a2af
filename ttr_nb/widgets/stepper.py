"""GameStepper: step through a game record, forwards, backwards, or straight to any step."""
from __future__ import annotations

from typing import Any

import ipywidgets as W
import numpy as np

from ..charts import terrain_counts
from ..graph import ticket_done
from ._common import (STEP_LABELS, WIDTH_PX, MessageMixin, action_text,
                      button, card_chip, doubled_glow, esc, extras_html, groups, guarded, hand_html, station_traits,
                      status_text, step_marks, swatch, table, terrain_html, value_text)
from ..pictures import seat_style
from ..errors import shown
from .. import validate
from . import _args as check
from .board_widget import BoardFallback, BoardWidget, route_name
from .canvas import encode_png
from ..timeline import Timeline

BASE_VIEW_KEYS = frozenset({
    "variant", "seat", "turn", "current_player", "pending", "over", "final_round", "turns_left", "players",
    "display", "deck", "discard", "ticket_deck", "box", "route_owners", "hand", "tickets", "offered", "hands",
    "deck_order", "ticket_deck_order", "box_tickets", "stations"})
"""View keys every game has; anything else a mechanic added is shown as it is."""
BASE_PLAYER_KEYS = frozenset({"seat", "name", "cards", "trains", "tickets", "offered", "route_points", "routes"})
TEACHER = -1
MAX_LOG_STEPS = 500
"""The most recent steps the log may show."""
SPEEDS = (("slow (1 s)", 1000), ("normal (0.5 s)", 500), ("fast (0.25 s)", 250), ("fastest (0.1 s)", 100))


class GameStepper(BoardFallback, MessageMixin, W.VBox):
    """Step through a game: ``|◀ ◀ ▶ ▶|`` (back to the start, back, forward, last), Play/Pause
    with a speed (Pause keeps the step), a slider to jump to any step, and "whose eyes" (one
    player, or the teacher who sees every card).

    The board (``board_widget``): click a route to see when it was claimed and by whom, with a
    button that jumps to that step; hover it for the same in short; click a city for the
    tickets from it (the ones the eyes may see) and its routes.

    Parameters
    ----------
    source : Game, dict, str or path
        A Game (its record so far), a game record (dict or JSON text) or a path to one.
    step : int, default 0
        The step to show first (0: the deal). Step ``k`` = after ``k`` actions.
    eyes : int or str, optional
        A seat number or a player's name, or None for the teacher's full view (default).
    width_px : int, default 900
        Width of the board picture (200 to 2400 pixels).
    chart : bool, default True
        Show the score chart (points by turn) under the board.
    log_steps : int, default 6
        How many recent steps the event log shows (0 to 500).
    player_colors : list of str, optional
        One colour per player (team): '#rrggbb' or CSS names, all different.

    Raises
    ------
    ttr_nb.errors.ArgumentError
        A wrong argument, naming it and what is allowed.
    ttr_nb.errors.SaveError
        A record that is not one.

    Notes
    -----
    State (for tests and notebooks): ``step``, ``eyes``, ``game`` (the position shown, rebuilt
    exactly by replay), ``message``, ``highlight`` (what the board highlights); ``summary()``
    is a plain-text account. Controls: ``first``, ``back``, ``forward``, ``last`` (Buttons),
    ``play_button`` (ToggleButton: Play / Pause), ``play`` (the hidden Play widget that ticks in
    the browser), ``speed`` (Dropdown), ``slider`` (IntSlider), ``eyes_picker`` (Dropdown).
    """

    def __init__(self, source: Any, *, step: int = 0, eyes: int | str | None = None, width_px: int = WIDTH_PX,
                 chart: bool = True, log_steps: int = 6, player_colors: list[str] | None = None):
        width_px = check.width(width_px)
        chart = validate.flag(chart, "chart")
        log_steps = validate.whole(log_steps, "log_steps", 0, MAX_LOG_STEPS)
        if player_colors is not None:
            check.colours(player_colors)
        self.timeline = tl = Timeline(source)
        self.n_steps = len(tl)
        step = validate.whole(step, "step", 0, self.n_steps, what=f"this game has {self.n_steps} steps; 0 is the deal")
        eyes = None if eyes is None else validate.seat_or_name(eyes, tl.names, "eyes")
        self.width_px = width_px
        self.log_steps = log_steps
        self.step = 0
        final = tl.final_game()
        self._groups = groups(final)
        self._color_of_seat = {s: i for i, (_n, seats) in enumerate(self._groups) for s in seats}
        self.player_colors = check.colours(player_colors, need=len(self._groups))
        # the board is drawn seat by seat, as ttr_nb.show draws a game
        seat_colors, seat_names, marks = seat_style(final, self.player_colors)
        self.highlight: dict[str, Any] = {}
        msg = self._init_message()
        bw = self.board_widget = BoardWidget(tl.board, player_colors=seat_colors, player_names=seat_names,
                                             marks=marks, width_px=width_px)
        bw.on_route, bw.on_city, bw.on_button = self._board_route, self._board_city, self._board_button
        bw.tip_for, bw.on_error = self._tip, self._fail
        self._claimed_at = {st.route: st for st in tl.steps if st.route is not None}

        # controls
        self.first = button("|◀", "back to the start (the deal, step 0)")
        self.back = button("◀", "back one step")
        self.forward = button("▶", "forward one step")
        self.last = button("▶|", "last step")
        for b in (self.first, self.back, self.forward, self.last):
            b.layout.width = "42px"
        self.first.on_click(lambda _b: self.go(0))
        self.back.on_click(lambda _b: self.go(self.step - 1))
        self.forward.on_click(lambda _b: self.go(self.step + 1))
        self.last.on_click(lambda _b: self.go(self.n_steps))
        self.slider = W.IntSlider(value=0, min=0, max=max(self.n_steps, 0), description="step",
                                  continuous_update=True, layout=W.Layout(width="340px"))
        # The Play widget ticks in the browser; it is hidden because its ■ jumps back to the deal.
        # play_button plays and pauses it (Pause keeps the step; |◀ goes back to the start).
        self.play = W.Play(value=0, min=0, max=max(self.n_steps, 0), step=1, interval=500,
                           description="play", show_repeat=False, layout=W.Layout(display="none"))
        self._link = W.link((self.play, "value"), (self.slider, "value"))   # kernel side, not jslink
        self.play_button = W.ToggleButton(value=False, description="▶ Play", tooltip="play the game step by step",
                                          layout=W.Layout(width="96px"))
        self.play_button.observe(self._on_play_button, names="value")
        self.play.observe(self._on_playing, names="playing")
        self.speed = W.Dropdown(options=SPEEDS, value=500, description="speed",
                                layout=W.Layout(width="190px"), style={"description_width": "42px"})
        self.speed.observe(self._on_speed, names="value")
        eyes_options = [("teacher: every card", TEACHER)] + [(f"{n}'s eyes", s) for s, n in enumerate(tl.names)]
        self.eyes_picker = W.Dropdown(options=eyes_options, value=TEACHER if eyes is None else eyes,
                                      description="eyes", layout=W.Layout(width="230px"),
                                      style={"description_width": "36px"})
        self.eyes_picker.observe(self._on_eyes, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.counter = W.Label()
        self.counter.add_class("ttr-step")
        self.status = W.HTML()
        self.players_html = W.HTML()
        self.cards_html = W.HTML()
        self.log_html = W.HTML(layout=W.Layout(max_height="220px", overflow="auto"))
        self.log_html.add_class("ttr-log")
        self._chart = _ChartMarker(tl, self.player_colors, width_px) if chart and self.n_steps else None
        self.chart_image = (W.Image(value=self._chart.png(0), format="png",
                                    layout=W.Layout(width="100%", max_width=f"{width_px}px", height="auto"))
                            if self._chart else None)
        bar = W.HBox([self.first, self.back, self.forward, self.last, self.play_button, self.speed, self.play],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        bar2 = W.HBox([self.slider, self.eyes_picker, self.counter],
                      layout=W.Layout(flex_flow="row wrap", align_items="center"))
        side = W.HBox([W.VBox([self.players_html, self.cards_html], layout=W.Layout(width="52%")),
                       W.VBox([W.HTML("<b>What happened</b>"), self.log_html], layout=W.Layout(width="48%"))],
                      layout=W.Layout(width="100%", max_width=f"{width_px + 80}px"))
        children = [bar, bar2, self.status, msg, bw, side]
        if self.chart_image is not None:
            children.append(self.chart_image)
        super().__init__(children)
        self.add_class("ttr-stepper")
        self.game = tl.fresh()
        self._render()
        if step:
            self.go(step)
        self._guard_browser()

    # -- state ---------------------------------------------------------------------------
    @property
    def eyes(self) -> int | None:
        """The seat whose eyes the stepper shows, or None for the teacher."""
        v = self.eyes_picker.value
        return None if v == TEACHER else v

    @property
    def current_step(self):
        """The timeline Step just played (None at step 0)."""
        return self.timeline.steps[self.step - 1] if self.step else None

    def summary(self) -> str:
        """Plain text: the step, the turn, whose eyes, the last action, the route points."""
        tl = self.timeline
        eyes = "teacher" if self.eyes is None else tl.names[self.eyes]
        st = self.current_step
        last = "the deal" if st is None else action_text(st, self.eyes)
        pts = tl.points_at(self.step)
        pts_text = ", ".join(f"{n} {p}" for n, p in zip(tl.names, pts))
        lines = [f"GameStepper: {tl.variant.name}, {len(tl.names)} players, seed {tl.record.get('seed')}",
                 f"  step {self.step} of {self.n_steps}, turn {tl.turn_at(self.step)}; eyes: {eyes}",
                 f"  last: {last}",
                 f"  route points: {pts_text}"]
        view = self.game.view(self.eyes)
        held = terrain_counts(view)
        if held:
            lines.append("  Terrain cards (desert/jungle/mountain): " + ", ".join(
                f"{n} {c['desert']}/{c['jungle']}/{c['mountain']}" for n, c in held.items()))
        for t in view.get("teams", []) if isinstance(view.get("teams"), list) else []:
            lines.append(f"  team {t.get('name')}: {t.get('route_points')} points, {t.get('trains')} trains, "
                         f"holder {t.get('holder_cards')} cards and {t.get('holder_tickets')} tickets")
        lines.append(f"  {self._status_text()}")
        if self.message:
            lines.append(f"  message: {self.message}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<GameStepper {self.timeline.variant.name}: step {self.step} of {self.n_steps}>"

    def _repr_mimebundle_(self, **kw: Any):
        """The widget, its board's picture, and (``text/html``) the recorded game as a page
        fragment that steps through it with no kernel (:mod:`ttr_nb.widgets.static_html`)."""
        from .static_html import stepper_html, with_static_html

        return with_static_html(super()._repr_mimebundle_(**kw), lambda png, alt: stepper_html(self, png, alt))

    # -- navigation ------------------------------------------------------------------------
    @guarded
    def go(self, step: Any) -> None:
        """Show the position after ``step`` actions (0 = the deal). Out of range: a message."""
        if isinstance(step, bool) or not isinstance(step, (int, np.integer)):
            raise TypeError(f"A step is a whole number from 0 to {self.n_steps}, not {shown(step)}.")
        step = int(step)
        if not 0 <= step <= self.n_steps:
            if self.n_steps == 0:
                raise IndexError("This record has no actions yet: there is only step 0, the deal.")
            if step < 0:
                raise IndexError(f"Step {step} is before the deal: the first step is 0.")
            raise IndexError(f"Step {step} is past the end: this game has {self.n_steps} steps "
                             f"(0 is the deal).")
        if self.slider.value != step:
            self.slider.value = step      # the observer shows it (and the Play widget follows)
        else:
            self._show(step)

    @guarded
    def _on_slider(self, change: dict) -> None:
        self._show(int(change["new"]))

    @guarded
    def _on_eyes(self, change: dict) -> None:
        self._say("")
        self._render()

    @guarded
    def _on_speed(self, change: dict) -> None:
        self.play.interval = int(change["new"])

    @guarded
    def _on_play_button(self, change: dict) -> None:
        """▶ Play starts the ticking (from the deal again when at the last step); ⏸ Pause stops
        it and keeps the step shown."""
        on = bool(change["new"])
        self.play_button.description = "⏸ Pause" if on else "▶ Play"
        self.play_button.tooltip = "pause here (the step stays)" if on else "play the game step by step"
        if on and self.step >= self.n_steps:
            self.go(0)
        if self.play.playing != on:
            self.play.playing = on

    @guarded
    def _on_playing(self, change: dict) -> None:
        """The Play widget stopped by itself (the last step): the button shows ▶ Play again."""
        if self.play_button.value != bool(change["new"]):
            self.play_button.value = bool(change["new"])

    def pause(self) -> None:
        """Stop playing; the step stays."""
        self.play_button.value = False

    # -- the board's events ----------------------------------------------------------------
    def _claim_words(self, rid: int) -> tuple[str, Any]:
        """When ``rid`` is claimed in this game and by whom, in words, and that Step (or None)."""
        st = self._claimed_at.get(rid)
        if st is None:
            return "Nobody claims it in this game.", None
        who = self.timeline.names[st.seat]
        when = f"step {st.index} (turn {st.turn})"
        if st.index == self.step:
            rel = "the step shown"
        elif st.index < self.step:
            rel = f"{self.step - st.index} step{'s' * (self.step - st.index != 1)} ago"
        else:
            rel = f"{st.index - self.step} step{'s' * (st.index - self.step != 1)} from now"
        return f"Claimed by {who} at {when}, {rel}.", st

    @guarded
    def _board_route(self, rid: int) -> None:
        """A click on a route: when it was claimed and by whom, with a jump to that step."""
        bw = self.board_widget
        words, st = self._claim_words(rid)
        lines = bw.route_facts(rid) + [words]
        buttons = []
        if st is not None:
            text = next((e.text_for(self.eyes) for e in st.events if e.kind == "claim"), None)
            if text:
                lines.append(text)
            if st.index != self.step:
                buttons.append((f"goto:{st.index}", f"Go to step {st.index}"))
            if st.index > 1 and st.index - 1 != self.step:
                buttons.append((f"goto:{st.index - 1}", f"Just before (step {st.index - 1})"))
        bw.show_card(route_name(self.timeline.board, rid), lines, buttons, route=rid)

    @guarded
    def _board_button(self, bid: str) -> None:
        kind, _, k = bid.partition(":")
        if kind != "goto" or not k.isdigit():
            raise ValueError(f"The board sent a button this stepper does not know ({shown(bid)}).")
        self.pause()
        self.go(int(k))

    @guarded
    def _board_city(self, city: str) -> None:
        """A click on a city: the tickets from it that the eyes may see, and its routes now."""
        tl, bw, eyes = self.timeline, self.board_widget, self.eyes
        view = self.game.view(eyes)
        seats = range(len(tl.names)) if eyes is None else [eyes]
        lines = []
        for s in seats:
            ids = view["tickets"][s] if eyes is None else view["tickets"]
            tks = [tl.board.ticket(t) for t in ids]
            tks = [t for t in tks if city in (t.a, t.b)]
            if tks or eyes is not None:
                lines.append(f"{tl.names[s]}'s tickets from {city}: " + (", ".join(t.label() for t in tks) or "none"))
        if eyes is None and not lines:
            lines.append(f"No player holds a ticket from {city} at this step.")
        lines += bw.city_lines(city, tickets=[])[1:]
        bw.show_card(city, lines, city=city)

    def _tip(self, rid: int) -> str:
        words, _st = self._claim_words(rid)
        return words

    def _show(self, step: int) -> None:
        tl = self.timeline
        if step == self.step + 1:
            self.game.apply(tl.actions[step - 1])      # one step forward: apply the next action
        elif step != self.step:
            self.game = tl.game_at(step)               # anything else: replay from the seed (exact)
        self.step = step
        self._say("")
        self._render()

    # -- drawing ---------------------------------------------------------------------------
    def _render(self) -> None:
        game, tl, eyes = self.game, self.timeline, self.eyes
        view = game.view(eyes)
        self.counter.value = f"step {self.step} of {self.n_steps}"
        self.status.value = f"<b>{esc(self._status_text())}</b>"
        claims = {int(r): int(s) for r, s in view["route_owners"].items()}
        glow: dict[int, str] = doubled_glow(game)
        rings, last = step_marks(tl, self.current_step, view, eyes)
        self.highlight = {"routes": sorted(set(glow) | set(last)), "cities": sorted(rings)}
        bw = self.board_widget
        stations, borrowed = station_traits(game, view)
        bw.show(claims, glow, highlight_cities=rings, selected=last, labels=STEP_LABELS, stations=stations,
                borrowed=borrowed)
        at = bw.card.get("at", {})
        if at.get("route") is not None:
            self._board_route(at["route"])            # "3 steps ago" is now another number
        elif at.get("city"):
            self._board_city(at["city"])
        self.players_html.value = self._players(view)
        self.cards_html.value = self._cards(view)
        self.log_html.value = self._log()
        if self._chart is not None:
            self.chart_image.value = self._chart.png(tl.turn_at(self.step))

    def _status_text(self) -> str:
        return status_text(self.game)

    def _players(self, view: dict) -> str:
        cur = view.get("current_player")
        extra_keys = sorted({k for p in view["players"] for k, v in p.items()
                             if k not in BASE_PLAYER_KEYS and not _is_terrain(v)})
        rows = []
        for p in view["players"]:
            s = p["seat"]
            c = self.player_colors[self._color_of_seat.get(s, s) % len(self.player_colors)]
            mark = "▸ " if s == cur else ""
            rows.append([f"{mark}{swatch(c)}{esc(p['name'])}", str(p["trains"]), str(p["cards"]),
                         str(p["tickets"]), f"<b>{p['route_points']}</b>"]
                        + [esc(value_text(p.get(k))) for k in extra_keys])
        head = ["player", "trains", "cards", "tickets", "points"] + [esc(k) for k in extra_keys]
        return ("<b>Players</b> <small>(points on the scoring track)</small>" + table(rows, head, right=(1, 2, 3, 4))
                + terrain_html(view, [self.player_colors[self._color_of_seat.get(p["seat"], p["seat"])
                                                         % len(self.player_colors)] for p in view["players"]]))

    def _ticket_list(self, seat: int, ids: list[str]) -> str:
        board = self.timeline.board
        routes = [int(r) for r, s in self.game.view(None)["route_owners"].items()
                  if s in self._groups[self._color_of_seat.get(seat, seat)][1]]
        out = []
        for t in ids:
            tk = board.ticket(t)
            done = ticket_done(board, routes, tk)
            out.append(f"<span title='{'joined' if done else 'not joined yet'}'>{'✓' if done else '·'} "
                       f"{esc(tk.label())}</span>")
        return "; ".join(out) or "<span style='color:#888'>none</span>"

    def _cards(self, view: dict) -> str:
        names = self.timeline.names
        parts = ["<b>Face up</b> " + "".join(card_chip(c) for c in view["display"])
                 + f" <small>deck {view['deck']}, discard {sum(view['discard'].values())}, "
                 f"tickets {view['ticket_deck']}</small>"]
        if view["seat"] is not None:
            s = view["seat"]
            parts.append(f"<b>{esc(names[s])}'s cards</b> {hand_html(view['hand'])}")
            parts.append(f"<b>{esc(names[s])}'s tickets</b> {self._ticket_list(s, view['tickets'])}")
            if view.get("offered"):
                parts.append("<b>choosing from</b> " + esc(", ".join(
                    self.timeline.board.ticket(t).label() for t in view["offered"])))
        else:
            rows = []
            for s, n in enumerate(names):
                offered = view["offered"][s]
                rows.append([esc(n), hand_html(view["hands"][s]),
                             self._ticket_list(s, view["tickets"][s])
                             + (" <i>choosing from " + esc(", ".join(self.timeline.board.ticket(t).label()
                                                                      for t in offered)) + "</i>" if offered else "")])
            parts.append("<b>Every hand</b> <small>(teacher's view)</small>" + table(rows, ["", "cards", "tickets"]))
        parts += extras_html(view, self.timeline.board, names, self.player_colors, BASE_VIEW_KEYS)
        return "<br>".join(parts)

    def _log(self) -> str:
        eyes, tl = self.eyes, self.timeline
        lo = max(0, self.step - self.log_steps)
        lines = []
        if lo == 0:
            lines += [("deal", e.text_for(eyes), False) for e in tl.setup_events if e.kind != "turn"]
        for st in tl.steps[lo:self.step]:
            now = st.index == self.step
            for e in st.events:
                if e.kind == "turn":
                    continue
                lines.append((str(st.index), e.text_for(eyes), now))
        lines = lines[-14:][::-1]          # newest first: the current step is always in view
        rows = [f"<div style='{'font-weight:bold' if now else 'color:#444'}'><small style='color:#888'>"
                f"{esc(k)}</small> {esc(t)}</div>" for k, t, now in lines]
        return ("<small style='color:#888'>newest first</small>" + "".join(rows)) if rows else "<i>nothing yet</i>"


def _is_terrain(v: Any) -> bool:
    from ..charts import TERRAIN_TYPES

    return isinstance(v, dict) and bool(v) and set(v) <= set(TERRAIN_TYPES) | {"total"}


class _ChartMarker:
    """The score chart drawn once; a band marks the current turn (numpy, no redraw)."""

    def __init__(self, tl: Timeline, colors: list[str], width_px: int):
        import matplotlib.pyplot as plt
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        from ..charts import score_chart

        ax = score_chart(tl, player_colors=colors, figsize=(9.0, 2.9))
        fig = ax.figure
        plt.close(fig)
        FigureCanvasAgg(fig)
        fig.set_dpi(width_px / fig.get_figwidth())
        fig.tight_layout()
        fig.canvas.draw()
        self.base = np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()
        H = self.base.shape[0]
        bb = ax.bbox
        self.rows = (H - int(bb.y1), H - int(bb.y0))
        self.ax = ax
        self._x = lambda turn: float(ax.transData.transform((turn, 0))[0])
        self._cache: dict[int, bytes] = {}

    def png(self, turn: int) -> bytes:
        if turn not in self._cache:
            img = self.base.copy()
            x = int(round(self._x(turn)))
            r0, r1 = self.rows
            lo, hi = max(0, x - 1), min(img.shape[1], x + 2)
            img[r0:r1, lo:hi] = (img[r0:r1, lo:hi] * 0.35 + np.array([255, 0, 170]) * 0.65).astype(np.uint8)
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[turn] = encode_png(img, palette=True)
        return self._cache[turn]
