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

# events that say more than the action that caused them
_NOTE = ("loco_reset", "loco_cap", "reshuffle", "no_second", "tickets_kept", "final_round", "pass")


def computer_players(game: Any, kind: str = "greedy") -> list[Any]:
    """One computer player per seat (``"greedy"`` or ``"random"``), seeded from the game's
    random seed, so a lesson plays the same game every time it runs."""
    from .agents import agent_seed, make_agent

    return [make_agent(kind, agent_seed(game.seed, seat)) for seat in range(game.n)]


def cards(counts: dict[str, int]) -> str:
    """Card counts in words: ``'2 blue, 1 Locomotive'`` (``'no card'`` when empty)."""
    return ", ".join(f"{n} Locomotive{'s' * (n != 1)}" if c == "locomotive" else f"{n} {c}"
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
        action = players[game.current_player].choose(game)
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
        action = players[game.current_player].choose(game)
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
            action = players[game.current_player].choose(game)
            said.append(action.text(game))
            claimed = claimed or isinstance(action, ClaimRoute)
            notes += [e.text for e in game.apply(action) if e.kind in _NOTE]
        line = said[0] + "".join(", then " + s[len(name) + 1:] for s in said[1:])
        if claimed:
            left = game.trains[seat]
            line += f"  [{left} train{'s' * (left != 1)} left]"
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
        print(f"  {p['name']}: {p['trains']} trains, {p['cards']} cards, {pts} point{'s' * (pts != 1)}")
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
