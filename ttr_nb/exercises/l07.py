"""Checkers of lesson 07 (The Heart of Africa): who may double by the Terrain majority, what a
doubled route is worth, which tickets a network completes when a country is in the way, and who
scores the Globetrotter. Each verdict comes from the engine (the majority rule, the route table,
:func:`ttr_nb.graph.connect`, the Scoresheet), on the lesson's games replayed from their random
seeds."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._answers import read_int_pair, read_names, read_tickets
from ._core import exercise, not_yet, right

NAMES = ("Ana", "Bea", "Cal", "Dee")
GAME_SEED = 800
"""The lesson's game: four greedy computer players, random seed 800."""
EXERCISE_TURN = 52
"""Exercise 07.1 looks at that game when ``game.turn`` is 52 (counted from 0: the lesson's turn 53),
two turns after its first doubling."""
EXERCISE_TERRAIN = "jungle"
"""Exercise 07.1: the Terrain type asked about (Jungle & Forest)."""
DOUBLED_ROUTE = ("Walvis Bay", "Cape Town", "yellow")
"""Exercise 07.2: the route doubled."""
NETWORK = ("Yaoundé–Ngaoundéré", "Ngaoundéré–Tchad orange", "Bangui–Tchad red", "Bangui–Kisangani",
           "Kisangani–Kampala", "Kampala–Nairobi white")
"""Exercise 07.3: a player's routes, around the country Tchad."""
TICKETS = ("T17", "T32", "T28")
"""Exercise 07.3: Yaoundé–Kisangani, Tchad–Nairobi, Tchad–Luanda."""
GLOBETROTTER_SEED = 7
"""Exercise 07.4: a whole game of four greedy computer players, random seed 7."""

SPOILERS: dict[str, list[str]] = {
    "07.1": ["may double Jungle & Forest routes: Ana, Dee", "Ana and Dee may double"],
    "07.2": ["(2, 30)", "15 + 15 = 30", "30 points in all"],
    "07.3": ["Tchad–Nairobi: joined", "Tchad–Nairobi is complete", "Tchad–Nairobi (14) is complete"],
    "07.4": ["→ Ana and Bea", "Ana and Bea, tied", "Ana and Bea tie"],
}
"""Exercise key -> text that would state its answer if a student read it before the exercise."""


def _board():
    from ..board import load_map

    return load_map("heart_of_africa")


def lesson_stops():
    """The lesson's two stops, in order: before the first Terrain card drawn at the start of a
    turn (section 2), before the first doubled claim (section 3)."""
    from ..actions import ClaimRoute

    return (lambda g, a: a.kind == "terrain" and g.pending == "turn",
            lambda g, a: isinstance(a, ClaimRoute) and bool(a.terrain))


@lru_cache(maxsize=1)
def exercise_position():
    """The lesson's game (random seed 800, four greedy players) played as the lesson plays it
    (stopping where it stops) until ``game.turn`` reaches :data:`EXERCISE_TURN`."""
    from .. import narrate
    from ..game import new_game

    game = new_game("heart-of-africa", list(NAMES), seed=GAME_SEED)
    players = narrate.computer_players(game, "greedy")
    for stop in lesson_stops():
        game.apply(narrate.play_until(game, players, before=stop))
    narrate.play_until(game, players, after=lambda g, a: g.turn >= EXERCISE_TURN)
    return game


def _names(answer: Any, what: str) -> list[str]:
    """Player names among :data:`NAMES`, read by the shared reader (``"Ana, Dee"`` or a list)."""
    return read_names(answer, NAMES, f"player names ({what})")


@exercise("07.1", "Who may double a Jungle & Forest route?",
          "a list of player names, such as ['Ana', 'Bea'] (an empty list if nobody may)")
def _who_may_double(answer: Any):
    from ..rules.terrain import double_why_not, routes_of, terrain_word

    game = exercise_position()
    chosen = _names(answer, "the players who may double")
    t, word = EXERCISE_TERRAIN, terrain_word(EXERCISE_TERRAIN)
    route = routes_of(game.board, t)[0]
    reasons = {n: double_why_not(game, s, route) for s, n in enumerate(NAMES)}
    allowed = [n for n in NAMES if reasons[n] is None]
    held = {p["name"]: p["terrain"][t] for p in game.view(None)["players"]}
    wrong = [n for n in chosen if reasons[n] is not None]
    if wrong:
        n = wrong[0]
        spent = [(game.board.route(c[0]).label(), list(c[2]).count(t))
                 for c in game.claims[NAMES.index(n)] if c[1] and t in c[2]]
        gone = ""
        if spent:
            label, k = spent[-1]
            gone = (f" {n} spent {'a' if k == 1 else k} {word} card{'s' * (k != 1)} doubling "
                    f"{label}, and spent cards no longer count.")
        return not_yet(f"{n} may not: {n} holds {held[n]} {word} card{'s' * (held[n] != 1)}, "
                       f"and another player holds more; the majority needs at least as many as "
                       f"every other player.{gone}")
    missing = [n for n in allowed if n not in chosen]
    if missing:
        return not_yet(f"another player may double too: compare each player's {word} cards with "
                       "the most anyone holds. A tie is enough.")
    return right(f"{' and '.join(allowed)} each hold as many {word} cards as anyone else "
                 "(a tie qualifies); the others hold fewer.")


@exercise("07.2", "What is a doubled route worth?",
          "two whole numbers: (Terrain cards spent, points the route scores in all), such as (1, 4)")
def _doubled_worth(answer: Any):
    from ..rules.terrain import cards_needed

    board = _board()
    r = board.route(board.route_id(DOUBLED_ROUTE))
    cards, points = read_int_pair(
        answer, "give two numbers in brackets: (Terrain cards spent, points in all).",
        "the number of Terrain cards (a whole number)", "the points (a whole number)")
    need, value = cards_needed(r.length), board.route_points(r.length)
    if cards != need:
        return not_yet(f"{r.label()} has {r.length} spaces: doubling a route of 1–3 spaces takes "
                       f"1 Terrain card, of 4–6 spaces 2. {cards} is not that.")
    if points == value:
        return not_yet(f"{value} is the route alone (the route table for {r.length} spaces); "
                       "doubling adds its value a second time, on a line of its own.")
    if points == 2 * r.length:
        return not_yet(f"a route does not score 2 points a space: the route table gives "
                       f"{value} for {r.length} spaces, and doubling gives that twice.")
    if points != 2 * value:
        return not_yet(f"not {points}: the route table gives {value} for {r.length} spaces, and "
                       "doubling scores the route's value a second time.")
    return right(f"{need} cards; {value} for the route and {value} more on the doubling line: "
                 f"{2 * value} points.")


def _read_tickets(answer: Any) -> list[str]:
    """Ticket ids among :data:`TICKETS`, read by the shared reader."""
    return [t.id for t in read_tickets(_board(), answer, TICKETS, "the three tickets")]


def network_connections() -> dict[str, Any]:
    """Ticket id -> :class:`~ttr_nb.graph.Connection` of exercise 07.3's tickets in its network."""
    from ..graph import connect

    board = _board()
    ids = board.route_ids(list(NETWORK))
    return {tid: connect(board, ids, board.ticket(tid).a, board.ticket(tid).b) for tid in TICKETS}


@exercise("07.3", "Which tickets are complete?",
          "a list of tickets, such as ['Tchad–Luanda'] (an empty list if none)")
def _complete_tickets(answer: Any):
    board = _board()
    chosen = _read_tickets(answer)
    conn = network_connections()
    for tid in chosen:
        c = conn[tid]
        if not c.connected:
            t = board.ticket(tid)
            ends = (t.a, t.b)
            touched = {c for i in board.route_ids(list(NETWORK)) for c in (board.route(i).a, board.route(i).b)}
            alone = [e for e in ends if e not in touched]
            if alone:
                return not_yet(f"{t.label()} is not complete: none of the player's routes reaches "
                               f"{alone[0]}.")
            through = "Tchad" not in ends and ("Tchad" in c.reached_from_a or "Tchad" in c.reached_from_b)
            why = (" The only way between them runs into Tchad and out again, and a country is a "
                   "dead end: two routes into the same country are not joined." if through else "")
            reached = ", ".join(sorted(set(c.reached_from_a) - {t.a}))
            return not_yet(f"{t.label()} is not complete: from {t.a} the player's routes reach "
                           f"{reached}, and {t.b} is not among them.{why}")
    if any(conn[tid].connected and tid not in chosen for tid in TICKETS):
        return not_yet("another of the three tickets is complete too: look again at the tickets "
                       "that name a country; a country ticket needs only one route into the "
                       "country, joined to its other end.")
    done = [board.ticket(t).label() for t in TICKETS if conn[t].connected]
    return right(f"Only {', '.join(done)}: it reaches Tchad by one route; Yaoundé–Kisangani "
                 "would have to pass through Tchad, and no path goes through a country.")


@lru_cache(maxsize=1)
def globetrotter_sheet():
    """The Scoresheet of exercise 07.4's game (random seed 7, four greedy computer players)."""
    from ..agents import play_game

    return play_game("heart-of-africa", list(NAMES), seed=GLOBETROTTER_SEED, agents=("greedy",)).score()


@exercise("07.4", "Who scores the Globetrotter?",
          "a list of player names, such as ['Ana'] (every player who scores it)")
def _globetrotter(answer: Any):
    sheet = globetrotter_sheet()
    chosen = _names(answer, "who scores the Globetrotter")
    won = [sheet.names[i] for i in sheet.awarded["globetrotter"]]
    done = {n: sheet.tickets_completed(sheet.index(n)) for n in NAMES}
    best = max(done.values())
    if not chosen:
        return not_yet("somebody scores it: count each player's completed tickets.")
    for n in chosen:
        if n not in won:
            return not_yet(f"{n} completed {done[n]} ticket{'s' * (done[n] != 1)}, and another "
                           "player completed more. Count completed tickets, not points and not "
                           "tickets kept.")
    missing = [n for n in won if n not in chosen]
    if missing:
        return not_yet("another player completed as many tickets as the most: every tied "
                       "player scores the 10 points.")
    return right(f"{' and '.join(won)} completed {best} tickets each, the most: each scores +10.")
