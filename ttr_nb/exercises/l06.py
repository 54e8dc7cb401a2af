"""Checkers of lesson 06 (the controls): the step at which a ticket is joined, the one route
that lengthens a trail most, a network with a long trail. Each verdict is computed by replaying
the lesson's game (the same random seed gives the same game) and by the graph functions."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ._answers import read_int, read_routes
from ._core import answer_error, exercise, not_yet, right

GAME = {"variant": "usa", "players": 3, "seed": 2026, "agents": "greedy"}
"""The lesson's game: three greedy computer players on the USA map, random seed 2026."""
ANA, BEA = 0, 1
MAX_ROUTES, MIN_TRAIL = 5, 26
"""Exercise 06.3: at most 5 routes, a longest trail of at least 26 cars."""

SPOILERS = {
    "06.1": ["step 22", "at step 22", "step 22 of"],
    "06.2": ["Helena–Duluth", "Duluth–Helena"],
    "06.3": ["'Seattle–Helena', 'Helena–Duluth'", "Seattle–Calgary (4), Calgary–Winnipeg (6)", "28 cars, all on one trail",
             "Duluth–Helena (6), Helena–Seattle (6)"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""


@lru_cache(maxsize=1)
def lesson_timeline():
    """The lesson's game, replayed once, as a Timeline (one Step per action)."""
    from ..agents import play_game
    from ..timeline import Timeline

    return Timeline(play_game(**GAME))


@lru_cache(maxsize=1)
def _final_game():
    return lesson_timeline().final_game()


def joined_tickets(game: Any, seat: int) -> list[str]:
    """The tickets ``seat`` holds whose two cities its routes join, in the order held."""
    from ..graph import ticket_done

    routes = [c[0] for c in game.claims[seat]]
    return [t for t in game.tickets(seat) if ticket_done(game.board, routes, game.board.ticket(t))]


def first_joined(seat: int = ANA) -> tuple[int, str]:
    """(step, ticket id): the first step after which ``seat`` holds a joined ticket."""
    tl = lesson_timeline()
    game = tl.fresh()
    for k, action in enumerate(tl.actions, start=1):
        game.apply(action)
        done = joined_tickets(game, seat)
        if done:
            return k, done[0]
    raise ValueError("no ticket is ever joined")  # pragma: no cover - not so in this game


@exercise("06.1", "Ana's first ticket", "a whole number: the step shown by the stepper")
def _first_ticket(answer: Any):
    tl = lesson_timeline()
    k = read_int(answer, "a step number (a whole number)")
    n = len(tl)
    if not 0 <= k <= n:
        raise answer_error(f"the game has steps 0 (the deal) to {n}; {k} is not one of them.")
    step, tid = first_joined(ANA)
    ticket = tl.board.ticket(tid).label()
    turn = tl.turn_at(step)
    if k == step:
        said = tl.steps[step - 1].events[0].text
        t = tl.board.ticket(tid)
        return right(f"Step {step} (turn {turn}): “{said}” That joins {t.a} and {t.b}, so her "
                     f"ticket {ticket} is done, the first of her tickets to be.")
    if k == turn:
        return not_yet(f"{k} is the turn number of the step you want; the stepper's step counts "
                       f"every action (each card drawn is one), so the step number is larger.")
    if k < step:
        return not_yet(f"at step {k} none of Ana's tickets is joined yet: step forward.")
    return not_yet(f"at step {k} Ana's ticket {ticket} is already joined, but it was joined "
                   f"earlier: step back to find the step that joined it.")


def bea_routes() -> list[int]:
    """Bea's routes at the end of the lesson's game."""
    return [c[0] for c in _final_game().claims[BEA]]


def closed_for(game: Any, seat: int, route_id: int) -> str | None:
    """Why ``seat`` can no longer claim ``route_id`` at the end of ``game`` (None: open)."""
    board = game.board
    r = board.route(route_id)
    owners = game.view(None)["route_owners"]
    owner = owners.get(route_id, owners.get(str(route_id)))
    if owner is not None:
        if owner == seat:
            return f"{r.label()} is already {game.names[seat]}'s own route."
        return f"{r.label()} is {game.names[owner]}'s already."
    for twin in board.twins.get(route_id, ()):
        other = owners.get(twin, owners.get(str(twin)))
        if other is None:
            continue
        if other == seat:
            return f"{game.names[seat]} has the other track of {r.a}–{r.b} (a player never claims both)."
        if not game.doubles_open:
            return (f"with {game.n} players only one track of a double route is used, and "
                    f"{game.names[other]} has the other track of {r.a}–{r.b}.")
    return None


def best_extra_route(seat: int = BEA) -> tuple[int, list[int]]:
    """The longest trail ``seat`` could reach with one more open route it has the trains
    for, and the routes that reach it."""
    from ..trail import longest_trail_length

    game = _final_game()
    mine = [c[0] for c in game.claims[seat]]
    trains = game.trains[seat]
    best, routes = -1, []
    for r in game.board.routes:
        if r.trains > trains or closed_for(game, seat, r.id):
            continue
        length = longest_trail_length(game.board, mine + [r.id])
        if length > best:
            best, routes = length, [r.id]
        elif length == best:
            routes.append(r.id)
    return best, routes


@exercise("06.2", "One more route for Bea", "one route, such as 'Denver–Omaha'")
def _one_more_route(answer: Any):
    from ..graph import networks
    from ..trail import longest_trail_length

    game = _final_game()
    board = game.board
    ids = read_routes(board, answer)
    if len(ids) != 1:
        raise answer_error(f"name one route, not {len(ids)}.")
    r = board.route(ids[0])
    why = closed_for(game, BEA, r.id)
    if why:
        return not_yet(f"Bea cannot have it: {why}")
    trains = game.trains[BEA]
    if r.trains > trains:
        return not_yet(f"{r.label()} needs {r.trains} trains and Bea has only {trains} left.")
    mine = bea_routes()
    before = longest_trail_length(board, mine)
    after = longest_trail_length(board, mine + [r.id])
    best, _ = best_extra_route(BEA)
    if after < best:
        return not_yet(f"with {r.label()} Bea's longest trail would be {after} cars (it is "
                       f"{before} now); another open route makes it longer.")
    joins = len(networks(board, mine)) - len(networks(board, mine + [r.id]))
    why = ("it joins two of her networks into one, so the trail runs on through both"
           if joins > 0 and after - before > r.length else "it carries her trail on")
    return right(f"With {r.label()} Bea's longest trail grows from {before} to {after} cars, "
                 f"{after - before} more from a {r.length}-car route: {why}.")


@exercise("06.3", "A trail of 26 cars",
          "a list of at most 5 routes, such as ['Denver–Omaha', 'Omaha–Chicago']")
def _long_trail(answer: Any):
    from ..trail import longest_trail

    from ..board import load_map

    board = load_map("usa")
    ids = read_routes(board, answer)
    if not ids:
        return not_yet(f"name some routes: at most {MAX_ROUTES}, whose longest trail has at "
                       f"least {MIN_TRAIL} cars.")
    if len(ids) != len(set(ids)):
        twice = sorted({board.route(i).label() for i in ids if ids.count(i) > 1})
        return not_yet(f"{', '.join(twice)} is listed twice; each route counts once.")
    for i in ids:
        for twin in board.twins.get(i, ()):
            if twin in ids:
                r = board.route(i)
                return not_yet(f"you have both tracks of {r.a}–{r.b}; a player may never claim "
                               f"both tracks of a double route.")
    if len(ids) > MAX_ROUTES:
        return not_yet(f"that is {len(ids)} routes; use at most {MAX_ROUTES}.")
    trail = longest_trail(board, ids)
    cars = sum(board.route(i).length for i in ids)
    path = " → ".join(trail.cities)
    if trail.length >= MIN_TRAIL:
        return right(f"The longest trail is {trail.length} cars: {path}.")
    if cars >= MIN_TRAIL:
        return not_yet(f"your routes have {cars} cars, but the longest trail uses only "
                       f"{trail.length} of them ({path}): they do not all lie on one trail.")
    return not_yet(f"the longest trail is {trail.length} cars ({path}); with at most "
                   f"{MAX_ROUTES} routes you need long ones: the longest routes have 6 cars.")
