"""A game told in words, for lessons: play an action and say what happened, play on until
something worth seeing, and say what one player (or the teacher) sees.

Every function prints plain text (which nbval compares) and returns what a lesson may want
next; nothing here changes the rules.

>>> import ttr_nb
>>> from ttr_nb import narrate
>>> game = ttr_nb.new_game("usa", ["Ana", "Bea"], seed=3)
>>> players = narrate.computer_players(game)
>>> _ = narrate.play(game, players=players)        # doctest: +ELLIPSIS
▶ Ana keeps ...
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from .agents import chosen_action
from .events import count_word

# events that say more than the action that caused them
_NOTE = ("loco_reset", "loco_cap", "reshuffle", "no_second", "tickets_kept", "final_round", "pass")


def computer_players(game: Any, kind: str = "greedy") -> list[Any]:
    """One computer player per seat (``"greedy"`` or ``"random"``), seeded from the game's
    random seed, so a lesson plays the same game every time it runs."""
    from .agents import agent_seed, make_agent

    return [make_agent(kind, agent_seed(game.seed, seat)) for seat in range(game.n)]


def cards(counts: dict[str, int]) -> str:
    """Card counts in words: ``'2 blue, 1 Locomotive'`` (``'no card'`` when empty)."""
    return ", ".join(count_word(n, "Locomotive") if c == "locomotive" else f"{n} {c}"
                     for c, n in counts.items() if n) or "no card"


def face_up(view: dict[str, Any]) -> str:
    """The face-up cards of a view in words: ``'pink, green, Locomotive, (empty)'``."""
    return ", ".join("Locomotive" if c == "locomotive" else c or "(empty)" for c in view["display"])


def tickets(game: Any, ids: Sequence[str]) -> str:
    """Destination Tickets by their labels, ``'Denver–El Paso (4); ...'`` (``'none'``)."""
    return "; ".join(game.board.ticket(t).label() for t in ids) or "none"


def play(game: Any, action: Any = None, seat: int | None = None,
         players: Sequence[Any] | None = None) -> Any:
    """Apply ``action`` (or, when None, the choice of ``players[game.current_player]``), print
    it and what it caused, as ``seat`` sees it (None: the teacher, who sees every card).
    Events that only repeat the action are not printed. Returns the action.

    An illegal action raises :class:`ttr_nb.IllegalAction` and changes nothing; use
    :func:`try_play` to print its reason instead.
    """
    if action is None:
        if players is None:
            raise ValueError("give an action, or the players who choose one")
        action = chosen_action(players[game.current_player], game)
    said = action.text(game)
    events = game.apply(action)
    print("▶", said)
    for event in events:
        echo = (event.kind == "claim"
                or (event.kind == "take" and "Locomotive" not in event.text)
                or (event.kind == "tickets_kept" and not event.data[1]))
        if not echo:
            print("   ", event.text_for(seat))
    return action


def try_play(game: Any, action: Any, seat: int | None = None) -> bool:
    """Play ``action`` as :func:`play` does if it is legal; if not, print ``✗`` and the rules'
    reason, and change nothing. Returns whether it was played."""
    reason = game.why_not(action)
    if reason is not None:
        try:
            said = action.text(game)
        except Exception:  # noqa: BLE001 — an action that cannot even be worded
            said = repr(action)
        print("✗", said)
        print("   not allowed:", reason)
        return False
    play(game, action, seat)
    return True


def play_until(game: Any, players: Sequence[Any], before: Callable[[Any, Any], bool] | None = None,
               after: Callable[[Any, Any], bool] | None = None) -> Any:
    """Let ``players`` play, silently, until ``before(game, action)`` holds for the action
    about to be played (it is returned, not played) or ``after(game, action)`` holds for the
    one just played (it is returned). Returns None if the game ends first."""
    while not game.over:
        action = chosen_action(players[game.current_player], game)
        if before is not None and before(game, action):
            return action
        game.apply(action)
        if after is not None and after(game, action):
            return action
    return None


def play_turns(game: Any, players: Sequence[Any], stop: Callable[[Any], bool]) -> None:
    """Let ``players`` play whole turns until ``stop(game)`` holds at the start of a turn,
    printing one line per turn (trains left after a claim) and, marked ↳, the events worth
    noticing (a display reset, a reshuffle, the final round, ...)."""
    from .actions import ClaimRoute

    while not game.over and not stop(game):
        seat, turn = game.current_player, game.turn
        name = game.names[seat]
        said, notes, claimed = [], [], False
        while not game.over and game.turn == turn:
            action = chosen_action(players[game.current_player], game)
            said.append(action.text(game))
            claimed = claimed or isinstance(action, ClaimRoute)
            notes += [e.text for e in game.apply(action) if e.kind in _NOTE]
        line = said[0] + "".join(", then " + s[len(name) + 1:] for s in said[1:])
        if claimed:
            left = game.trains[seat]
            line += f"  [{count_word(left, 'train')} left]"
        print(f"{turn + 1:>3}. {line}")
        for note in notes:
            print("       ↳", note)


def view(game: Any, seat: int | None) -> None:
    """Print what ``seat`` may see (None: the teacher, who sees everything): each player's
    trains, cards and route points; one's own hand and tickets; the face-up cards and the
    decks. Nobody else's hand or tickets are shown to a player."""
    v = game.view(seat)
    print("THE TEACHER'S VIEW (everything)" if seat is None else f"{game.names[seat].upper()}'S VIEW")
    for p in v["players"]:
        pts = p["route_points"]
        print(f"  {p['name']}: {p['trains']} trains, {count_word(p['cards'], 'card')}, "
              f"{count_word(pts, 'point')}")
        s = p["seat"]
        if seat is None or s == seat:
            hand = v["hands"][s] if seat is None else v["hand"]
            kept = v["tickets"][s] if seat is None else v["tickets"]
            offered = v["offered"][s] if seat is None else v["offered"]
            print(f"      hand: {cards(hand)}")
            if kept:
                print(f"      tickets kept: {tickets(game, kept)}")
            if offered:
                print(f"      tickets offered: {tickets(game, offered)}")
        else:
            print("      hand and tickets: hidden")
    print(f"  face up: {face_up(v)}")
    print(f"  deck: {v['deck']} cards; Destination Ticket deck: {v['ticket_deck']} tickets")
    if seat is None and "deck_order" in v:
        print(f"  top 5 cards of the deck: {', '.join(v['deck_order'][:5])}")


# -- added for lessons 00 and 01 ---------------------------------------------------------------
def choices(game: Any, show: int = 3) -> dict[str, int]:
    """Print what the player to move may do now, grouped by kind (draw a card, claim a
    route, draw tickets, keep tickets, ...): how many actions of each kind and the first
    ``show`` of them in words. Returns ``{kind: count}``, kinds in the order listed."""
    groups: dict[str, list[Any]] = {}
    for action in game.legal_actions():
        groups.setdefault(getattr(action, "kind", type(action).__name__), []).append(action)
    total = sum(len(v) for v in groups.values())
    who = game.names[game.current_player] if game.current_player is not None else "nobody"
    print(f"{who} has {count_word(total, 'legal action')}:")
    for kind, actions in groups.items():
        print(f"  {len(actions)} × {_KIND_WORDS.get(kind, kind)}")
        for action in actions[:show]:
            print("      ", action.text(game))
        if len(actions) > show:
            print(f"       … and {len(actions) - show} more")
    return {kind: len(actions) for kind, actions in groups.items()}


_KIND_WORDS = {"draw": "draw a Train Car card", "claim": "claim a route",
               "tickets": "draw Destination Tickets", "keep": "keep Destination Tickets",
               "pass": "pass"}


def payments(game: Any, route: Any) -> list[Any]:
    """Print every legal way for the player to move to pay for ``route`` (an id or a name
    such as ``'Denver–Omaha'``; for a double named without a colour, its first track), and
    return those claims (an empty list when the route cannot be claimed now)."""
    from .actions import ClaimRoute
    from .events import route_label

    rid = game.board.route_id(route)
    ways = [a for a in game.legal_actions() if isinstance(a, ClaimRoute) and a.route == rid]
    print(f"{route_label(game.board, rid)}: {count_word(len(ways), 'way')} to pay")
    for way in ways:
        print("      ", way.pay_text())
    return ways


def try_load(text: Any) -> Any:
    """Load a saved game (:meth:`ttr_nb.Game.from_json`); if the save is damaged, print ``✗``
    and the reason instead of raising, and return None."""
    from .errors import SaveError
    from .game import Game

    try:
        game = Game.from_json(text)
    except SaveError as error:
        print("✗ this save cannot be loaded:", error)
        return None
    print(f"✓ loaded: {game.variant.name}, {len(game.names)} players, {len(game.history)} actions")
    return game


def team_view(game: Any, seat: int | None) -> None:
    """Team Asia: print what ``seat`` may see of the train cards and tickets (None: the
    teacher, who sees everything): its own hand and hand tickets, its team's two holders in
    full, and of every holder it may not see only how many cards and tickets are in it.
    Nobody sees a partner's hand."""
    v = game.view(seat)
    if "teams" not in v:
        raise ValueError(f"{game.variant.name} has no teams: use narrate.view(game, seat)")
    print("THE TEACHER'S VIEW (everything)" if seat is None else f"{game.names[seat].upper()}'S VIEW")
    if seat is None:
        for s in range(game.n):
            print(f"  {game.names[s]}'s hand: {cards(v['hands'][s])}; "
                  f"tickets: {tickets(game, v['tickets'][s])}")
    else:
        print(f"  own hand: {cards(v['hand'])}; own tickets: {tickets(game, v['tickets'])}")
        partner = [s for s in v["teams"][v["team"]]["seats"] if s != seat]
        for s in partner:
            print(f"  {game.names[s]}'s hand (partner): hidden")
    for team in v["teams"]:
        if "holder" in team:
            print(f"  {team['name']} holder: {cards(team['holder'])}; "
                  f"tickets: {tickets(game, team['holder_ticket_ids'])}")
        else:
            print(f"  {team['name']} holder: {count_word(team['holder_cards'], 'card')} and "
                  f"{count_word(team['holder_tickets'], 'ticket')}, face down")


def score_summary(sheet: Any) -> None:
    """Print a Scoresheet in short: the totals and the winner, each bonus, and for each
    scorer the points by kind (routes, mountain crossing, tickets, bonuses) and every ticket
    with where it was held and whether it was completed. No route-by-route lines and no
    "gap" of a failed ticket (``print(sheet)`` gives everything)."""
    titles = {"route": "routes", "terrain": "terrain doubling", "mountain": "mountain crossing",
              "ticket": "tickets", "bonus": "bonuses"}
    w = max(len(n) for n in sheet.names)
    for i, name in enumerate(sheet.names):
        mark = "  ← winner" if i in sheet.winners else ""
        print(f"{name:<{w}} {sheet.totals[i]:>4}{mark}")
    for key in sheet.bonuses:
        print(sheet.bonus_summary(key))
    for i, name in enumerate(sheet.names):
        parts = ", ".join(f"{titles.get(k, k)} {n:+d}" for k, n in sheet.kind_totals(i).items() if n)
        print(f"{name}: {parts}")
        for t in sheet.ticket_results[i]:
            where = f", {t.owner}" if t.owner else ""
            done = f"done, +{t.ticket.points}" if t.done else f"not done, -{t.ticket.points}"
            print(f"    {t.ticket.label()}{where}: {done}")
