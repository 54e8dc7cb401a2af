"""Exercises of lesson 01 (the base game): positions of the lesson's game and their checkers.

Every verdict comes from the rules engine: the checker builds the position and asks the game
(``why_not``, ``legal_actions``, the final round) or the board (route points), so a change in
the rules shows here too.
"""
from __future__ import annotations

from typing import Any

from ._answers import read_bool, read_int, read_int_pair
from ._core import exercise, not_yet, right

PLAYERS = ("Ana", "Bea", "Cal")

SPOILERS = {
    "01.1": ["Bea may not take", "She may not"],
    "01.2": ["Kansas City–Oklahoma City (2, gray, left track): 4 ways", "4 different payments",
             "1 white + 1 Locomotive"],
    "01.3": ["(10, 22)", "10 cards and 22 points", "22 route points"],
    "01.4": ["5 turns left", "five more turns", "5 more turns", "turns left: 5"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""
RANDOM_SEED = 75


def lesson_game() -> Any:
    """The game of lesson 01 (USA, Ana, Bea and Cal, random seed 75) once every player has
    kept their first Destination Tickets: Ana to play her first turn."""
    import ttr_nb
    from ttr_nb import narrate

    game = ttr_nb.new_game("usa", players=list(PLAYERS), seed=RANDOM_SEED)
    players = narrate.computer_players(game)
    while game.pending == "setup-tickets":
        game.apply(players[game.current_player].choose(game))
    return game


def bea_second_card() -> Any:
    """Exercise 01.1: Ana has taken two face-up pink cards; Bea has drawn her first card
    blind from the deck and must take a second card."""
    from ttr_nb import narrate
    from ttr_nb.actions import DrawCard

    game = lesson_game()
    players = narrate.computer_players(game)
    while game.current_player == 0:
        game.apply(players[0].choose(game))
    game.apply(DrawCard("deck"))
    return game


def ana_with_a_locomotive() -> Any:
    """Exercise 01.2: Ana took the face-up Locomotive on her first turn, Bea and Cal drew two
    blind cards each; it is Ana's turn again."""
    from ttr_nb.actions import DrawCard

    game = lesson_game()
    game.apply(DrawCard("locomotive"))
    while game.current_player != 0:
        game.apply(DrawCard("deck"))
    return game


# -- 01.1 ------------------------------------------------------------------------------------
@exercise("01.1", "Is Bea allowed to take this card?", "True or False (or 'yes' or 'no')")
def _locomotive_second(answer: Any) -> Any:
    from ttr_nb.actions import DrawCard

    allowed = read_bool(answer)
    game = bea_second_card()
    reason = game.why_not(DrawCard("locomotive"))
    legal = reason is None
    if allowed == legal:
        if legal:
            return right("The face-up Locomotive may be taken now.")
        return right(f"She may not. {reason}")
    if allowed:
        return not_yet(f"the game refuses it. {reason}")
    return not_yet("the game allows it here: look again at what she has taken so far.")


# -- 01.2 ------------------------------------------------------------------------------------
ROUTE_12 = "Kansas City–Oklahoma City"


@exercise("01.2", "Predict, then run: ways to pay",
          "a whole number: how many different payments the game lists")
def _ways_to_pay(answer: Any) -> Any:
    from ttr_nb.actions import ClaimRoute

    n = read_int(answer, "a whole number of payments")
    game = ana_with_a_locomotive()
    rid = game.board.route_id(ROUTE_12)
    ways = [a for a in game.legal_actions() if isinstance(a, ClaimRoute) and a.route == rid]
    listed = "; ".join(a.pay_text() for a in ways)
    if n == len(ways):
        return right(f"{len(ways)} payments: {listed}.")
    hand = game.hand(0)
    locos = hand.get("locomotive", 0)
    if n < len(ways):
        return not_yet(f"there are more. A Locomotive joins any one colour, so each colour she "
                       f"holds, with her {locos} Locomotive, pays for 2 spaces.")
    return not_yet("there are fewer. The two cards must be of one colour (Locomotives wild), so "
                   "two different colours never pay together, and she has only "
                   f"{locos} Locomotive{'s' * (locos != 1)}.")


# -- 01.3 ------------------------------------------------------------------------------------
ROUTES_13 = ("Calgary–Winnipeg", "Atlanta–New Orleans")


@exercise("01.3", "What does it cost, what does it score?",
          "a pair (Train Car cards paid, route points scored), such as (5, 12)")
def _cost_and_score(answer: Any) -> Any:
    import ttr_nb

    cards, points = read_int_pair(answer, "give a pair of two numbers: (cards, points), such as (5, 12).",
                                  "the number of cards", "the number of points")
    board = ttr_nb.load_map("usa")
    routes = [board.route(board.route_id(r)) for r in ROUTES_13]
    want_cards = sum(r.length for r in routes)
    want_points = sum(board.route_points(r.length) for r in routes)
    each = " and ".join(f"{r.length} spaces → {board.route_points(r.length)} points" for r in routes)
    if (cards, points) == (want_cards, want_points):
        return right(f"{want_cards} cards (one per space) and {want_points} points ({each}).")
    if (cards, points) == (want_points, want_cards):
        return not_yet("you swapped them: the cards first, then the points.")
    if cards != want_cards:
        return not_yet("a route is paid with one card per space: count the spaces of both routes.")
    if points == want_cards:
        return not_yet(f"{points} is the number of spaces; points come from the scoring table, and "
                       "long routes pay far more than one point per space.")
    return not_yet("the cards are right; look again at the scoring table for the points.")


# -- 01.4 ------------------------------------------------------------------------------------
FIVE = ("Ana", "Bea", "Cal", "Dan", "Eve")


def five_player_end() -> Any:
    """Exercise 01.4: a five-player game (random seed 1) played by computer players until the
    final round begins (Dan has just ended a turn with exactly 2 trains)."""
    import ttr_nb
    from ttr_nb import narrate

    game = ttr_nb.new_game("usa", players=list(FIVE), seed=1)
    narrate.play_until(game, narrate.computer_players(game), after=lambda g, _a: g.final_round)
    return game


@exercise("01.4", "How many turns are left?", "a whole number of turns")
def _final_round(answer: Any) -> Any:
    n = read_int(answer, "a whole number of turns")
    game = five_player_end()
    left = game.view(None)["turns_left"]
    trigger = game.names[(game.current_player - 1) % game.n]
    trains = game.trains[game.names.index(trigger)]
    if n == left:
        return right(f"{left} turns: each of the {game.n} players, {trigger} included, plays once more.")
    if n == 0:
        return not_yet(f"{trains} trains are enough: the end comes when a player ends a turn with "
                       "2 trains or fewer, and then the game does not stop at once.")
    if n < 0:
        return not_yet("a number of turns is 0 or more.")
    return not_yet(f"read the end-of-game rule again: after {trigger}'s turn, who plays, and how "
                   f"many turns each? Check whether {trigger}, who started the final round, is "
                   "one of them.")
