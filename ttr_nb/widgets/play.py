"""PlayPanel: play a game from its legal actions; the other seats are played by agents."""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

import ipywidgets as W

from ..actions import Action, ClaimRoute, DrawCard, DrawTickets, KeepTickets, Pass
from ..cards import CARD_NAMES
from ..draw import ROUTE_COLORS_HEX
from ..errors import ArgumentError, IllegalAction, shown
from .. import validate
from ..agents.registry import agent_of
from ..game import game_of
from . import _args as check
from ..graph import ticket_done
from ._common import (PENDING_TEXT, resolve_route, EYES_TICKETS, STEP_LABELS, WIDTH_PX, MessageMixin, button,
                      doubled_glow, esc,
                      extras_html, groups, guarded, hand_html, swatch, table, terrain_html)
from .board_widget import BoardFallback, BoardWidget, route_name

CORE_ACTIONS = (DrawCard, ClaimRoute, DrawTickets, KeepTickets, Pass)
TICKET_DECISIONS = ("setup-tickets", "keep-tickets")
MAX_AGENT_ACTIONS = 5000
NO_ROUTE = -1
STATION = "build_station"
"""The kind of Europe's BuildStation action (EU-4): offered by a click on a city, not as a button."""


class RandomChooser:
    """A stand-in agent: a uniformly random legal action (seeded). Used when ttr_nb.agents is
    not available."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> Action:
        legal = game.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


def default_agent(seat: int, seed: int = 0) -> Any:
    """The greedy agent of ttr_nb.agents when it exists, else a :class:`RandomChooser`."""
    try:
        from .. import agents
    except ImportError:
        return RandomChooser(seed * 1000 + seat)
    cls = getattr(agents, "GreedyAgent", None) or getattr(agents, "RandomAgent", None)
    return cls(seed * 1000 + seat) if cls is not None else RandomChooser(seed * 1000 + seat)


def _choose(agent: Any, game) -> Action:
    """The agent's action; IllegalAction naming the seat, the agent and what it returned when
    that is not an action (ttr_nb.agents.chosen_action)."""
    from ..agents import chosen_action

    return chosen_action(agent, game)


def _seat_agents(game, agents: Any, humans: Any, seed: int) -> dict[int, Any]:
    """Seat -> computer player, from PlayPanel's ``agents`` and ``humans`` (checked: every seat
    named exists, every agent is one, and a person is at the panel unless ``agents`` gives
    every seat a player)."""
    n, names = game.n, list(game.names)
    people = validate.seats_or_names(humans, names, "humans") if humans is not None else None
    if people == ():
        raise ArgumentError(f"humans names no seat: nobody would play from the panel. Name the seats "
                            f"people play (0 to {n - 1}, or names: {', '.join(names)}); to watch the "
                            f"computer play every seat, give agents for every seat instead", "humans")
    given: dict[int, Any] = {}
    if agents is None or isinstance(agents, str):
        people = people if people is not None else (0,)
        for s in range(n):
            if s not in people:
                given[s] = (default_agent(s, seed) if agents is None
                            else agent_of(agents, "agents", seed * 1000 + s))
        return given
    if isinstance(agents, Mapping):
        validate.mapping(agents, "agents", "a dict seat -> agent")
        for key, a in agents.items():
            s = validate.seat_or_name(key, names, "a seat in agents")
            if a is not None:
                given[s] = agent_of(a, f"agents[{key!r}]", seed * 1000 + s)
    elif isinstance(agents, (list, tuple)):
        if len(agents) != n:
            raise ArgumentError(f"agents lists one entry per seat ({n}: {', '.join(names)}; None for a "
                                f"person), not {len(agents)}", "agents")
        for s, a in enumerate(agents):
            if a is not None:
                given[s] = agent_of(a, f"agents[{s}]", seed * 1000 + s)
    else:
        raise validate.fail("agents", agents, "a dict seat -> agent, a list with one agent (or None for a "
                                              "person) per seat, a player name such as 'greedy', or None")
    if people is not None:
        both = [s for s in people if s in given]
        if both:
            raise ArgumentError(f"seat {both[0]} ({names[both[0]]}) is both a person (humans) and a "
                                f"computer player (agents): give it to one of them", "humans")
        for s in range(n):       # a seat neither names: a computer player (the default one)
            if s not in people and s not in given:
                given[s] = default_agent(s, seed)
    return given


class PlayPanel(BoardFallback, MessageMixin, W.VBox):
    """Play a game in the notebook: every choice is one of the game's legal actions.

    Parameters
    ----------
    game : Game or str
        A Game (the panel plays on it: its actions are applied to this game), or a variant
        name such as 'usa': a new game of it with the fewest players it allows (2; Team
        Asia 4), dealt with ``seed``.
    agents : mapping, list or str, optional
        Who plays the other seats: a mapping seat -> agent, a list with one entry per seat
        (None = a person), or one player name for every other seat ('greedy'). An agent is a
        name ('greedy', 'search'...), an object with ``choose(game) -> action``, or a
        function. Default: every seat but ``humans`` gets :func:`default_agent`; a mapping
        that gives every seat an agent plays the whole game at once.
    humans : int, str or list, optional
        The seats played from the panel: numbers or names (default: seat 0, or the seats
        ``agents`` leaves free). Several = hot seat: the panel shows the cards of the person
        whose turn it is, and after each hand-over only what that person's seat may see (the
        message line tells the last move as everyone saw it; undo stops at the hand-over).
    seed : int, default 0
        Seeds the default agents (and a game made from a variant name).
    width_px : int, default 900
        The board's width in pixels (200 to 2400).
    player_colors : list of str, optional
        One colour per player (team): '#rrggbb' or CSS names, all different.

    Raises
    ------
    ttr_nb.errors.ArgumentError
        A wrong argument (a seat the game has not, an unknown variant or player, a colour
        that is none), naming it and what is allowed.

    Notes
    -----
    The board (``board_widget``, a :class:`~ttr_nb.widgets.board_widget.BoardWidget`): click a
    route (each track of a double is its own target) and the ways you can pay for it appear as
    buttons beside it, each with its points; press one to claim. When you cannot claim it, the
    box says why (the rules' reason). Hover a route: whether you may claim it. Click a city:
    your tickets from it and its routes; in a game with train stations (Europe, EU-4) the box
    also offers each legal way to pay for a station there (1, 2, then 3 cards), or says why
    not. Built stations are drawn as houses in their owner's colour and mark.

    Controls: one Button per face-up card and ``deck`` (``draw_buttons``), ``route_picker``
    (Dropdown of route ids, the board's choice too) with ``payment_picker`` and
    ``claim_button``, ``ticket_boxes`` (Checkboxes) with ``keep_button``, ``tickets_button``,
    ``choice_buttons`` (every other legal action: tunnels, team holders, Terrain cards, pass),
    ``undo_button``; ``station_row`` (shown in a game with train stations: a click on a city
    builds one). State: ``game``, ``selection`` (the chosen route id), ``message``,
    ``last_events``; ``summary()`` is a plain-text account. An illegal choice shows its reason;
    nothing changes.
    """

    def __init__(self, game: Any, agents: Mapping[Any, Any] | Sequence[Any] | str | None = None, *,
                 humans: Any = None, seed: int = 0, width_px: int = WIDTH_PX,
                 player_colors: list[str] | None = None):
        seed = validate.whole(seed, "seed")
        width_px = check.width(width_px)
        game = game_of(game, seed)
        self.game = game
        self._groups = groups(game)
        self.player_colors = check.colours(player_colors, need=len(self._groups))
        self.agents = _seat_agents(game, agents, humans, seed)
        self.humans = tuple(s for s in range(game.n) if s not in self.agents)
        self.selection: int | None = None
        self.last_events: list = []
        self._marks: list[tuple[int, int]] = []   # (history length, seat) before each person's action
        self._shown_seat: int | None = None     # whose eyes the panel showed last
        self.width_px = width_px
        self._color_of_seat = {s: i for i, (_n, seats) in enumerate(self._groups) for s in seats}
        msg = self._init_message()
        bw = self.board_widget = BoardWidget(game.board, player_colors=self.player_colors,
                                             player_names=[nm for nm, _s in self._groups], width_px=width_px)
        bw.on_route, bw.on_city, bw.on_button = self._board_route, self._board_city, self._board_button
        bw.tip_for, bw.on_error = self._tip, self._fail

        self.status = W.HTML()
        self.status.add_class("ttr-status")
        # drawing cards: one button per face-up slot, the deck, and any other source
        self.display_buttons = [W.Button(layout=W.Layout(width="auto", min_width="84px"))
                                for _ in game.view(None)["display"]]
        for k, b in enumerate(self.display_buttons):
            b.on_click(lambda _b, k=k: self._draw_slot(k))
        self.deck_button = button("deck", "draw the top card of the deck (blind)")
        self.deck_button.on_click(lambda _b: self.act(DrawCard("deck")))
        self.extra_draws = W.HBox()
        self.draw_buttons = self.display_buttons + [self.deck_button]
        # claiming
        self.route_picker = W.Dropdown(description="route", layout=W.Layout(width="430px"),
                                       style={"description_width": "42px"})
        self.payment_picker = W.Dropdown(description="pay", layout=W.Layout(width="430px"),
                                         style={"description_width": "42px"})
        self.claim_button = button("Claim", "claim the chosen route with the chosen payment", style="primary")
        self.route_picker.observe(self._on_route, names="value")
        self.claim_button.on_click(lambda _b: self._claim())
        # tickets
        self.tickets_button = button("Draw tickets", "draw Destination Tickets")
        self.tickets_button.on_click(lambda _b: self.act(DrawTickets()))
        self.ticket_boxes: list[W.Checkbox] = []
        self.ticket_box = W.VBox()
        self.keep_button = button("Keep these tickets", "keep the ticked tickets", style="success")
        self.keep_button.on_click(lambda _b: self._keep())
        # everything else
        self.choice_buttons: list[W.Button] = []
        self.choice_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.undo_button = button("↶ Undo my last move", "take back your last action (and the computer players' replies)")
        self.undo_button.on_click(lambda _b: self.undo())
        self.agents_button = button("Let the computer players play", "the computer players play until a person must decide")
        self.agents_button.on_click(lambda _b: self._run_agents(report=True))
        self.hand_html = W.HTML()
        self.players_html = W.HTML()
        self.log_html = W.HTML(layout=W.Layout(max_height="200px", overflow="auto"))

        self.draw_row = W.HBox([W.HTML("<b>Draw</b>&nbsp;"), *self.display_buttons, self.deck_button,
                                self.extra_draws], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.claim_row = W.HBox([W.HTML("<b>Claim</b>&nbsp;<small>click a route on the board, or pick it here:</small>"
                                        "&nbsp;"), self.route_picker, self.payment_picker, self.claim_button],
                                layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.ticket_row = W.HBox([self.tickets_button, self.ticket_box, self.keep_button],
                                 layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.station_row = W.HTML("<b>Station</b>&nbsp;<small>click a city on the board to build a train station "
                                  "there (the 1st costs 1 card, the 2nd 2, the 3rd 3 cards of one colour; "
                                  "Locomotives wild)</small>",
                                  layout=W.Layout(display="" if "stations" in game.view(None) else "none"))
        self._station_pays: dict[str, list[Action]] = {}
        bottom = W.HBox([W.VBox([self.players_html, self.hand_html], layout=W.Layout(width="52%")),
                         W.VBox([W.HTML("<b>What happened</b>"), self.log_html], layout=W.Layout(width="48%"))],
                        layout=W.Layout(width="100%", max_width=f"{width_px + 80}px"))
        super().__init__([self.status, msg, self.draw_row, self.claim_row, self.station_row, self.ticket_row,
                          self.choice_box,
                          W.HBox([self.undo_button, self.agents_button]), bw, bottom])
        self.add_class("ttr-play")
        self._run_agents()
        self._refresh()

    # -- who sees what ---------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The person whose cards the panel shows: the one to act, else the first person."""
        cur = self.game.current_player
        if cur in self.humans:
            return cur
        return self.humans[0] if self.humans else None

    def summary(self) -> str:
        """Plain text: whose turn, the person's cards and tickets, what may be done now."""
        g = self.game
        seat = self.seat
        lines = [f"PlayPanel: {g.variant.name}, {g.n} players, seed {g.seed}, {len(g.history)} actions played",
                 f"  people: {', '.join(g.names[s] for s in self.humans) or 'none'}; computer players: "
                 + (", ".join(f"{g.names[s]} ({_agent_name(a)})" for s, a in sorted(self.agents.items())) or "none"),
                 f"  {self._status_text()}"]
        if seat is not None:
            v = g.view(seat)
            hand = ", ".join(f"{n} {k}" for k, n in v["hand"].items()) or "no cards"
            lines.append(f"  {g.names[seat]}'s cards: {hand}")
            lines.append(f"  {g.names[seat]}'s tickets: "
                         + (", ".join(g.board.ticket(t).label() for t in v["tickets"]) or "none"))
        legal = g.legal_actions()
        kinds: dict[str, int] = {}
        for a in legal:
            kind = _KIND_WORDS.get(getattr(a, "kind", ""), type(a).__name__)
            kinds[kind] = kinds.get(kind, 0) + 1
        lines.append("  legal now: " + (", ".join(f"{n} × {k}" for k, n in kinds.items()) or "nothing (game over)"))
        pts = ", ".join(f"{p['name']} {p['route_points']}" for p in g.view(None)["players"])
        lines.append(f"  route points: {pts}")
        if self.message:
            lines.append(f"  message: {self.message}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<PlayPanel {self.game.variant.name}: {len(self.game.history)} actions>"

    # -- acting ----------------------------------------------------------------------------
    @guarded
    def act(self, action: Any) -> bool:
        """Play ``action`` for the person to act; illegal: its reason in ``message``, nothing changes.
        Then the agents play until a person must decide. True if the action was played."""
        g = self.game
        if g.over:
            self._say("The game is over: no more moves. See the score below.", "info")
            return False
        if g.current_player not in self.humans:
            self._say(f"It is {g.names[g.current_player]}'s turn, played by the computer: press "
                      f"'Let the computer players play'.", "error")
            return False
        why = g.why_not(action)
        if why is not None:
            self._say(why, "error")
            return False
        mark = len(g.history)
        who = g.current_player
        events = g.apply(action)
        self._marks.append((mark, who))
        self.last_events = list(events)
        error = self._run_agents(quiet=True)
        # worded for the person now at the panel: after a hand-over (hot seat) the next person
        # reads what everyone may read, not the colour drawn blind or the tickets kept
        viewer = self.seat
        said = " ".join(e.text_for(viewer) for e in events if e.kind != "turn")
        self._say(f"{said} {error}".strip(), "error") if error else self._say(said, "ok")
        self._refresh()
        return True

    def _run_agents(self, report: bool = False, quiet: bool = False) -> str | None:
        """The computer players play until a person must decide (or the game ends). Returns
        the error that stopped them (an agent's illegal or malformed choice), also shown
        unless ``quiet``; ``report``: the message line says how many actions they played."""
        g = self.game
        n = 0
        error = None
        while not g.over and g.current_player in self.agents and n < MAX_AGENT_ACTIONS:
            seat = g.current_player
            try:
                a = _choose(self.agents[seat], g)
            except IllegalAction as e:
                error = e.reason
                break
            try:
                events = g.apply(a)
            except IllegalAction as e:
                error = f"The agent for {g.names[seat]} chose an illegal action ({a.text()}): {e.reason}"
                break
            self.last_events += list(events)
            n += 1
        if error is not None and not quiet:
            self._say(error, "error")
        elif report:
            self._say(f"The agents played {n} action{'s' * (n != 1)}." if n else "No agent is to play now.", "info")
        if report:
            self._refresh()
        return error

    @guarded
    def undo(self) -> None:
        """Take back the person's last action and everything the agents did after it. In hot
        seat, only the moves of the person now at the panel, before the panel passed to the
        next person (going back further would show the previous person's cards)."""
        if not self._marks:
            self._say("Nothing to undo: you have not moved yet.", "error")
            return
        if not self._may_undo():
            g = self.game
            who = g.names[self._marks[-1][1]]
            self._say(f"{who}'s move cannot be undone now: the panel has passed to "
                      f"{g.names[self.seat]} (hot seat), and undoing it would show {who}'s cards.", "error")
            return
        target, _who = self._marks.pop()
        g = self.game
        while len(g.history) > target:
            g.undo()
        self.last_events = []
        self._say(f"Undone: back to action {target} ({self._status_text()})", "info")
        self._refresh()

    def _may_undo(self) -> bool:
        """Is the last person's move one the person now at the panel may take back?"""
        return bool(self._marks) and (len(self.humans) < 2 or self._marks[-1][1] == self.seat)

    @guarded
    def _draw_slot(self, k: int) -> None:
        card = self.game.view(None)["display"][k]
        if card is None:
            self._say("That face-up slot is empty.", "error")
            return
        self.act(DrawCard(card))

    @guarded
    def _claim(self) -> None:
        rid = self.route_picker.value
        if rid is None or rid < 0:
            self._say("Choose a route first.", "error")
            return
        pay = self.payment_picker.value
        if pay is None:
            trial = self._trial_claim(rid)
            self._say(self.game.why_not(trial) or "No payment is possible for this route now.", "error")
            return
        self.act(pay)

    def _trial_claim(self, rid: int) -> ClaimRoute:
        """A natural attempt at claiming ``rid`` (to ask why_not): the route's colour (the colour
        most held, for gray), as many as the route has spaces."""
        g = self.game
        r = g.board.route(rid)
        hand = g.view(self.seat)["hand"] if self.seat is not None else {}
        color = r.color
        if color == "gray":
            colours = {k: v for k, v in hand.items() if k != "locomotive"}
            color = max(sorted(colours), key=lambda c: colours[c]) if colours else "red"
        return ClaimRoute(rid, ((color, r.length),))

    @guarded
    def _keep(self) -> None:
        chosen = tuple(cb.ticket_id for cb in self.ticket_boxes if cb.value)
        self.act(KeepTickets(chosen))

    def choose_route(self, route: Any) -> None:
        """Pick a route by id or by its cities ('Denver', 'Omaha') / 'Denver–Omaha'."""
        self._choose_route(route)

    @guarded
    def _choose_route(self, route: Any) -> None:
        board = self.game.board
        listed = {v for _l, v in self.route_picker.options}
        if not isinstance(route, int) or isinstance(route, bool):  # a name: an open track first
            route = resolve_route(board, route, taken=[r.id for r in board.routes if r.id not in listed])
        if route not in listed or route == NO_ROUTE:
            owner = self.game.view(None)["route_owners"].get(str(route))
            if owner is not None:
                raise IllegalAction(f"{board.route(route).label()} is already claimed by "
                                    f"{self.game.names[owner]}.")
            raise KeyError(f"{board.name} has no route {shown(route)}.")
        self.route_picker.value = route

    @guarded
    def _on_route(self, change: dict) -> None:
        self.selection = change["new"] if change["new"] is not None and change["new"] >= 0 else None
        self._fill_payments()

    # -- refreshing --------------------------------------------------------------------------
    def _status_text(self) -> str:
        g = self.game
        if g.over:
            sheet = g.score()
            return "The game is over. " + sheet.verdict
        cur = g.current_player
        who = g.names[cur] + (" (you)" if cur in self.humans else " (agent)")
        what = PENDING_TEXT.get(g.pending, f"to decide: {g.pending}")
        fr = " Final round!" if g.final_round else ""
        return f"Turn {g.turn + 1}: {who} {what}.{fr}"

    def _refresh(self) -> None:
        g = self.game
        seat = self.seat
        view = g.view(seat)
        legal = g.legal_actions() if (not g.over and g.current_player in self.humans) else []
        self.status.value = f"<b>{esc(self._status_text())}</b>"
        # face-up buttons
        for b, card in zip(self.display_buttons, view["display"]):
            b.description = card or "(empty)"
            b.tooltip = f"take the face-up {card} card" if card else "empty slot"
            b.style.button_color = "#eeeeee" if card is None else (
                "#8c6bb1" if card == "locomotive" else ROUTE_COLORS_HEX.get(card, "#cccccc"))
            b.style.text_color = "#ffffff" if card in ("black", "blue", "green", "red", "locomotive") else "#111111"
            b.style.font_weight = "bold" if card == "locomotive" else "normal"
        self.deck_button.description = f"deck ({view['deck']})"
        draws = _other_draws(legal)
        labels = [lab for lab, _a, _c in draws]
        if [b.description for b in self.extra_draws.children] != labels:
            for b in self.extra_draws.children:
                b.close()
            btns = []
            for lab, a, color in draws:
                b = button(lab, a.text(g))
                if color:
                    b.style.button_color = color
                    b.style.text_color = "#ffffff"
                b.on_click(lambda _b, a=a: self.act(a))
                btns.append(b)
            self.extra_draws.children = btns
        # routes
        self._fill_routes(legal)
        # tickets
        choosing = g.pending in TICKET_DECISIONS and g.current_player in self.humans
        offered = view.get("offered", []) if choosing else []
        if [cb.ticket_id for cb in self.ticket_boxes] != list(offered):
            for cb in self.ticket_boxes:
                cb.close()
            self.ticket_boxes = []
            for t in offered:
                tk = g.board.ticket(t)
                cb = W.Checkbox(value=True, description=tk.label(), indent=False, layout=W.Layout(width="auto"))
                cb.ticket_id = t
                self.ticket_boxes.append(cb)
            self.ticket_box.children = self.ticket_boxes
        self.keep_button.layout.display = "" if choosing else "none"
        self.tickets_button.layout.display = "none" if choosing else ""
        # everything else the rules offer now (mechanics: tunnels, holders, Terrain; pass)
        drawn = {id(a) for _l, a, _c in draws}
        others = [a for a in legal if not isinstance(a, CORE_ACTIONS[:4]) and id(a) not in drawn
                  and getattr(a, "kind", "") != STATION]          # (stations: a click on a city)
        labels = [a.text(g) for a in others]
        if [b.description for b in self.choice_buttons] != labels:
            for b in self.choice_buttons:
                b.close()
            self.choice_buttons = []
            for a, text in zip(others, labels):
                b = button(text, text, style="warning")
                b.on_click(lambda _b, a=a: self.act(a))
                self.choice_buttons.append(b)
            self.choice_box.children = ([W.HTML("<b>Other choices</b>&nbsp;")] + self.choice_buttons
                                        if self.choice_buttons else [])
        self.undo_button.disabled = not self._may_undo()
        self.agents_button.layout.display = "" if (not g.over and g.current_player in self.agents) else "none"
        # picture and panels
        claims = {int(r): self._color_of_seat.get(s, s) for r, s in view["route_owners"].items()}
        glow = doubled_glow(g)
        last: list[int] = []
        for e in reversed(self.last_events):
            if e.kind == "claim":
                last = [int(e.data[0])]            # the last claim: a dashed frame round its cars
                break
        rings = {}
        if seat is not None:
            for t in view.get("tickets", []):
                tk = g.board.ticket(t)
                rings[tk.a] = rings[tk.b] = EYES_TICKETS
        stations = {c: self._color_of_seat.get(s, s) for c, s in view.get("stations", {}).items()}
        self.board_widget.show(claims, glow, highlight_cities=rings, selected=last, labels=STEP_LABELS,
                               stations=stations)
        if seat != self._shown_seat:          # a hand-over: nothing said to the last person stays
            self._shown_seat = seat
            bw = self.board_widget
            bw.notice = ""
            if bw.tip.get("route") is not None:
                bw.tip = {"route": bw.tip["route"], "text": self._tip(bw.tip["route"])}
        if self.board_widget.card.get("at", {}).get("route") is not None:
            self._route_card(self.board_widget.card["at"]["route"])    # what may be paid has changed
        elif self.board_widget.card.get("at", {}).get("city"):
            self._board_city(self.board_widget.card["at"]["city"])
        self.players_html.value = self._players(view)
        self.hand_html.value = self._hand(view)
        self.log_html.value = self._log(seat)
        self._guard_browser()                   # (the buttons and boxes just made too)

    def _fill_routes(self, legal: list[Action]) -> None:
        g = self.game
        owners = g.view(None)["route_owners"]
        claimable = sorted({a.route for a in legal if isinstance(a, ClaimRoute)})
        self._payments: dict[int, list[ClaimRoute]] = {}
        for a in legal:
            if isinstance(a, ClaimRoute):
                self._payments.setdefault(a.route, []).append(a)
        rest = sorted((r for r in g.board.routes if str(r.id) not in owners and r.id not in claimable),
                      key=lambda r: r.label())
        opts = [("(choose a route)", NO_ROUTE)]
        opts += [(f"✓ {route_name(g.board, r)}", r) for r in sorted(claimable, key=lambda r: route_name(g.board, r))]
        opts += [(f"   {route_name(g.board, r.id)}", r.id) for r in rest]
        keep = self.route_picker.value
        if list(self.route_picker.options) != opts:
            self.route_picker.unobserve(self._on_route, names="value")
            self.route_picker.options = opts
            self.route_picker.value = keep if keep in [v for _l, v in opts] else NO_ROUTE
            self.route_picker.observe(self._on_route, names="value")
        v = self.route_picker.value
        self.selection = v if v is not None and v >= 0 else None
        self._fill_payments()

    def _fill_payments(self) -> None:
        g = self.game
        rid = self.selection
        pays = self._payments.get(rid, []) if rid is not None else []
        if pays:
            opts = [(f"{a.pay_text()} (+{g.claim_points(a)})", a) for a in pays]
        elif rid is None:
            opts = [("—", None)]
        else:
            opts = [("(no legal payment now: press Claim to see why)", None)]
        self.payment_picker.options = opts
        self.payment_picker.index = 0

    def _players(self, view: dict) -> str:
        cur = view.get("current_player")
        rows = []
        for p in view["players"]:
            s = p["seat"]
            c = self.player_colors[self._color_of_seat.get(s, s) % len(self.player_colors)]
            who = " (you)" if s in self.humans else ""
            rows.append([f"{'▸ ' if s == cur else ''}{swatch(c)}{esc(p['name'])}{who}", str(p["trains"]),
                         str(p["cards"]), str(p["tickets"]), f"<b>{p['route_points']}</b>"]
                        + ([esc(", ".join(p["stations"]) or "none") + f" <small>({p['stations_left']} left)</small>"]
                           if "stations_left" in p else []))
        head = ["player", "trains", "cards", "tickets", "points"]
        head += ["train stations"] if any("stations_left" in p for p in view["players"]) else []
        out = "<b>Players</b>" + table(rows, head, right=(1, 2, 3, 4))
        out += terrain_html(view, [self.player_colors[self._color_of_seat.get(p["seat"], p["seat"])
                                                      % len(self.player_colors)] for p in view["players"]])
        if self.game.over:
            out += self.game.score()._repr_html_()
        return out

    def _hand(self, view: dict) -> str:
        if view.get("seat") is None:
            return ""
        g = self.game
        s = view["seat"]
        mine = [int(r) for r, o in view["route_owners"].items() if self._color_of_seat.get(o, o) == self._color_of_seat.get(s, s)]
        tickets = []
        for t in view["tickets"]:
            tk = g.board.ticket(t)
            done = ticket_done(g.board, mine, tk)
            tickets.append(f"{'✓' if done else '·'} {esc(tk.label())}")
        key = "<small style='color:#555'>(✓ its two cities are joined by your routes · not yet)</small>"
        parts = [f"<b>{esc(g.names[s])}'s cards</b> {hand_html(view['hand'])}",
                 f"<b>{esc(g.names[s])}'s tickets</b> {key}<br>"
                 + ("<br>".join(tickets) or "<span style='color:#888'>none</span>")]
        parts += extras_html(view, g.board, g.names, self.player_colors, _BASE_KEYS)
        return "<br>".join(parts)

    # -- the board's events ------------------------------------------------------------------
    def _not_a_persons_turn(self) -> str | None:
        """Why nobody at this panel may act now (the game is over, or a computer player is to
        act), in words; None when a person is to act."""
        g = self.game
        if g.over:
            return "The game is over: no more moves."
        if g.current_player not in self.humans:
            return (f"It is {g.names[g.current_player]}'s turn, played by the computer: press "
                    f"'Let the computer players play'.")
        return None

    def _why_not_claim(self, rid: int) -> str | None:
        """None when the person to act may claim ``rid`` now, else the reason in words."""
        g = self.game
        why = self._not_a_persons_turn()
        if why is not None:
            return why
        if self._payments.get(rid):
            return None
        return g.why_not(self._trial_claim(rid)) or "No payment is possible for this route now."

    @guarded
    def _board_route(self, rid: int) -> None:
        """A click on a route: choose it; the box beside it offers each payment, or says why not."""
        if rid in [v for _l, v in self.route_picker.options]:
            self.route_picker.value = rid          # the list follows the board (and fills the payments)
        self._route_card(rid)

    def _route_card(self, rid: int) -> None:
        g, bw = self.game, self.board_widget
        lines = bw.route_facts(rid)
        owner = g.view(None)["route_owners"].get(str(rid))
        if owner is not None:
            lines.append(f"claimed by {g.names[owner]}")
        why = self._why_not_claim(rid)
        buttons = []
        if why is None:
            who = g.names[g.current_player]
            lines.append(f"{who} may claim it: choose how to pay")
            buttons = [(f"pay:{rid}:{k}", f"Pay {a.pay_text()} (+{g.claim_points(a)})")
                       for k, a in enumerate(self._payments[rid])]
        bw.show_card(route_name(g.board, rid), lines, buttons, route=rid, reason=why or "",
                     kind="info" if why is None or owner is not None else "error")

    @guarded
    def _board_button(self, bid: str) -> None:
        """A payment pressed in the box: claim the route with it."""
        kind, _, rest = bid.partition(":")
        if kind == "station":
            self._station_button(*rest.rpartition(":")[::2])
            return
        rid_s, _, k_s = rest.partition(":")
        if kind != "pay" or not rid_s.isdigit() or not k_s.isdigit():
            raise ValueError(f"The board sent a button this panel does not know ({shown(bid)}).")
        rid, k = int(rid_s), int(k_s)
        pays = self._payments.get(rid, [])
        if k >= len(pays):
            self._route_card(rid)
            raise IllegalAction("That payment is no longer possible: the box shows what is possible now.")
        name = route_name(self.game.board, rid)
        if self.act(pays[k]):
            bw = self.board_widget
            bw.show_card(name, [self.message] + bw.route_facts(rid)[:1], route=rid, kind="ok")

    def _station_button(self, city: str, k_s: str) -> None:
        """A payment pressed in a city's box: build a train station there with it."""
        pays = self._station_pays.get(city, [])
        if not k_s.isdigit() or int(k_s) >= len(pays):
            if city in self.game.board.cities:
                self._board_city(city)
            raise IllegalAction("That payment is no longer possible: the box shows what is possible now.")
        if self.act(pays[int(k_s)]):
            self.board_widget.show_card(city, [self.message], city=city, kind="ok")

    @guarded
    def _board_city(self, city: str) -> None:
        """A click on a city: the person's tickets from it (✓ joined) and its routes."""
        g, bw = self.game, self.board_widget
        seat = self.seat
        lines = []
        if seat is not None:
            view = g.view(seat)
            mine = [int(r) for r, o in view["route_owners"].items()
                    if self._color_of_seat.get(o, o) == self._color_of_seat.get(seat, seat)]
            tks = [g.board.ticket(t) for t in view["tickets"]]
            tks = [t for t in tks if city in (t.a, t.b)]
            lines.append(f"{g.names[seat]}'s tickets from {city}: "
                         + (", ".join(f"{'✓' if ticket_done(g.board, mine, t) else '·'} {t.label()}" for t in tks)
                            or "none"))
        lines += bw.city_lines(city, tickets=[])[1:]
        buttons, reason = [], ""
        if "stations" in g.view(None):            # Europe: build a train station here (EU-4)
            buttons, reason = self._station_offer(city, lines)
        bw.show_card(city, lines, buttons, city=city, reason=reason)   # (a city's facts first: no error frame)

    def _station_offer(self, city: str, lines: list[str]) -> tuple[list[tuple[str, str]], str]:
        """The box's buttons for a train station in ``city``: one per legal payment (from
        ``legal_actions``), each naming its cost; none and the rules' reason when it may not be
        built. Adds a line saying what a station costs now."""
        g = self.game
        self._station_pays[city] = pays = [a for a in self._legal_now() if getattr(a, "kind", "") == STATION
                                           and a.city == city]
        if pays:
            n = sum(k for _c, k in pays[0].pay)
            who = g.names[g.current_player]
            lines.append(f"{who} may build a train station here: station {n} of 3 costs {n} card"
                         f"{'s of one colour' if n > 1 else ''} (Locomotives wild); choose how to pay")
            return [(f"station:{city}:{k}", f"Build a station: pay {a.pay_text()}") for k, a in enumerate(pays)], ""
        return [], ("" if g.over else self._why_not_station(city) or "")   # (over: the score says it all)

    def _legal_now(self) -> list[Action]:
        g = self.game
        return g.legal_actions() if (not g.over and g.current_player in self.humans) else []

    def _why_not_station(self, city: str) -> str | None:
        """Why the person to act may not build a train station in ``city`` now (the rules'
        reason, asked of ``game.why_not`` with the colour they hold most), or None."""
        from ..rules.stations import BuildStation

        why = self._not_a_persons_turn()
        if why is not None:
            return why
        g = self.game
        seat = g.current_player
        n = len(g.view(None)["players"][seat].get("stations", ())) + 1
        hand = g.view(seat)["hand"]
        colours = {k: v for k, v in hand.items() if k != "locomotive" and v}
        colour = max(sorted(colours), key=lambda c: colours[c]) if colours else "locomotive"
        return g.why_not(BuildStation(city, ((colour, n),))) or "No payment is possible for a station now."

    def _tip(self, rid: int) -> str:
        """The hover text: may the person to act claim it, and if not, why."""
        g = self.game
        why = self._why_not_claim(rid)
        if why is None:
            n = len(self._payments[rid])
            return f"{g.names[g.current_player]} may claim it ({n} way{'s' * (n != 1)} to pay): click"
        return f"Cannot claim it now: {why}"

    def _log(self, seat: int | None) -> str:
        events = [e for e in self.game.log if e.kind != "turn"][-14:]
        return ("<small style='color:#888'>newest first</small>"
                + "".join(f"<div style='{'font-weight:bold' if k == 0 else 'color:#444'}'>{esc(e.text_for(seat))}</div>"
                          for k, e in enumerate(reversed(events))))


def _other_draws(legal: list[Action]) -> list[tuple[str, Action, str | None]]:
    """Draws besides the train cards on show and the deck: (button label, action, colour).
    A mechanic's draw action (e.g. a Heart of Africa Terrain card, H-4) has a ``source``."""
    from ..charts import TERRAIN_COLORS
    from ..rules.terrain import TERRAIN_NAMES

    out = []
    known = set(CARD_NAMES) | {"deck"}
    for a in legal:
        src = getattr(a, "source", None)
        if isinstance(a, DrawCard):
            if src not in known:
                out.append((str(src), a, None))
        elif src is not None:  # (a mechanic's draw: an action with a source)
            name = TERRAIN_NAMES.get(src, "deck" if src == "deck" else src)
            out.append((f"{a.kind}: {name}", a, TERRAIN_COLORS.get(src, "#8a6a2a")))
    return out


_BASE_KEYS = frozenset({
    "variant", "seat", "turn", "current_player", "pending", "over", "final_round", "turns_left", "players",
    "display", "deck", "discard", "ticket_deck", "box", "route_owners", "hand", "tickets", "offered", "stations"})


_KIND_WORDS = {"draw": "draw a card", "claim": "claim a route", "tickets": "draw tickets",
               "keep": "keep tickets", "pass": "pass", STATION: "build a train station"}
"""An action's kind in the game's words, for :meth:`PlayPanel.summary`."""


def _agent_name(agent) -> str:
    """A computer player's name as ``make_agent`` takes it ('greedy'), not its class."""
    from ..agents.registry import AGENTS

    return next((name for name, cls in AGENTS.items() if type(agent) is cls), type(agent).__name__)
