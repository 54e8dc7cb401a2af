"""Checkers of lesson 08 (Team Asia): tunnel odds, paying from the team holder, the tracks of a
triple route with two and three teams. Each verdict is computed by replaying the lesson's game
(random seed 2, four greedy computer players) and asking the rules."""
from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ._answers import read_bool, read_choice, read_items, read_probability
from ._core import answer_error, exercise, not_yet, right

NAMES = ["Ana", "Bea", "Cal", "Dee"]
SEED = 2

SPOILERS: dict[str, list[str]] = {
    "08.1": ["6622/11713", "13244 / 23426", "13244/23426", "P(nothing more) = 0.565"],
    "08.2": ["['A', 'D']", '["A", "D"]', "A and D are allowed"],
    "08.3": ["[False, True, False]"],
}
"""Exercise key -> text that would state its answer if a student read it before the exercise."""

DIGITS = 3
"""Exercise 08.1 asks for the probability rounded to 3 decimal places (or exactly)."""


def _replay(stop, **settings: Any):
    """The lesson's game, played by its computer players until ``stop(game, action)`` holds for
    the action about to be played; returns (game, that action)."""
    import ttr_nb
    from ttr_nb import narrate

    game = ttr_nb.new_game("team-asia", NAMES, seed=SEED, **settings)
    action = narrate.play_until(game, narrate.computer_players(game), before=stop)
    return game, action


def _first_tunnel(game, action) -> bool:
    from ttr_nb.actions import ClaimRoute

    return isinstance(action, ClaimRoute) and bool(game.board.route(action.route).tunnel)


def _holder_claim(game, action) -> bool:
    from ttr_nb.actions import ClaimRoute

    return isinstance(action, ClaimRoute) and bool(action.from_holder)


@lru_cache(maxsize=1)
def _europe_odds() -> tuple[Fraction, ...]:
    from ttr_nb.rules.tunnels import tunnel_odds

    game, action = _replay(_first_tunnel, tunnel_reveal=3)
    return tunnel_odds(game, action).probabilities


@lru_cache(maxsize=1)
def _lesson_odds() -> tuple[Fraction, ...]:
    from ttr_nb.rules.tunnels import tunnel_odds

    game, action = _replay(_first_tunnel)
    return tunnel_odds(game, action).probabilities


def rounds_to(p: Fraction, want: Fraction, digits: int = DIGITS) -> bool:
    """True if ``p`` is ``want`` to ``digits`` decimal places: at most half a unit of the last
    place away (0.565 and 0.5654 for 0.56535, not 0.566)."""
    return abs(p - want) <= Fraction(1, 2 * 10 ** digits)


@exercise("08.1", "A tunnel with the Europe rule",
          "a probability: a fraction such as '1/3', or a decimal rounded to 3 places such as 0.333")
def _europe_tunnel(answer: Any):
    p = read_probability(answer)
    note = f"({p.note}) " if p.note else ""
    q = p.exact
    odds = _europe_odds()
    want = odds[0]
    shown = f"{float(q):.4g}"
    if rounds_to(q, want):
        return right(f"{note}P(nothing more) = {want} ≈ {float(want):.{DIGITS}f}: all 3 cards come "
                     f"from the 44 cards that do not match.")
    if rounds_to(q, 1 - want):
        return not_yet(f"{note}{shown} is the chance of at least one extra card; the question asks "
                       f"for nothing more.")
    if rounds_to(q, _lesson_odds()[0]):
        return not_yet(f"{note}{shown} is the chance for the 4 cards this tunnel reveals on this "
                       f"map; the question asks for the Europe rule: 3 cards.")
    if rounds_to(q, Fraction(44, 53) ** 3):
        return not_yet(f"{note}(44/53)³ draws with replacement; a revealed card is not put back: "
                       "use binomial coefficients (or multiply three fractions whose numerators and "
                       "denominators go down by one each time).")
    if rounds_to(q, want, DIGITS - 1):
        return not_yet(f"{note}{shown} is close, but not to {DIGITS} decimal places: work it out "
                       f"exactly, then round to {DIGITS} places (or give the fraction).")
    return not_yet(f"{note}{shown} is not it. Count the sets of 3 cards taken only from the 53 − 9 "
                   f"unseen cards that do not match, out of all sets of 3 unseen cards.")


# exercise 08.2: the payments, as the lesson lists them (letter -> route, cards, from the holder);
# none of them is the claim or the refusal the lesson shows before the exercise
PAYMENTS = {
    "A": ("Harbin–Vladivostok", {"green": 2}, {"green": 1}),
    "B": ("Dhaka–Mandalay", {"green": 2}, {}),
    "C": ("Dhaka–Mandalay", {"green": 2}, {"green": 2}),
    "D": ("Pyongyang–Seoul gray", {"green": 1}, {"green": 1}),
}


def after_holder_claim():
    """The lesson's game just after Dee's claim paid from the team holder (Dhaka–Mandalay), as
    the lesson reaches it: the position of the extension on tickets."""
    game, action = _replay(_holder_claim)
    game.apply(action)
    return game


@lru_cache(maxsize=1)
def payment_verdicts() -> dict[str, str | None]:
    """For each payment of exercise 08.2, the rules' reason it is refused (None: allowed),
    just before Dee's claim in the lesson's game."""
    from ttr_nb.actions import ClaimRoute

    game, _ = _replay(_holder_claim)
    out = {}
    for letter, (route, pay, held) in PAYMENTS.items():
        action = ClaimRoute(game.board.route_id(route), tuple(pay.items()), tuple(held.items()))
        out[letter] = game.why_not(action)
    return out


@exercise("08.2", "Which payments may Dee make?", "a list of letters, such as ['A', 'C']")
def _payments(answer: Any):
    if isinstance(answer, str) and re.fullmatch(r"[A-D](?:\s*[A-D])+", answer.strip(), re.I):
        answer = [c.upper() for c in answer if not c.isspace()]  # "AD", "A D"
    given = sorted(read_items(answer, lambda a: read_choice(a, PAYMENTS, "a letter"),
                              "letters", ["A", "C"]))
    verdicts = payment_verdicts()
    allowed = sorted(k for k, why in verdicts.items() if why is None)
    wrong = [k for k in given if k not in allowed]
    missed = [k for k in allowed if k not in given]
    if not wrong and not missed:
        return right(f"{' and '.join(allowed)} are allowed; "
                     + "; ".join(f"{k} is refused: {_lower_first(verdicts[k].rstrip('.'))}"
                                 for k in sorted(verdicts) if verdicts[k])
                     + ".")
    if wrong:
        k = wrong[0]
        return not_yet(f"{k} is not allowed: {_lower_first(verdicts[k])}")
    return not_yet("one more payment is allowed: look again at Dee's hand and her team's holder, "
                   "and at the route each payment claims.")


def _lower_first(text: str) -> str:
    """'The team holder ...' -> 'the team holder ...', to continue a sentence (a player's
    name stays as it is)."""
    first = text.split(" ", 1)[0]
    return text if first in NAMES else text[:1].lower() + text[1:]


TRIPLE = "Shanghai–Wuhan"
"""Exercise 08.3: the triple route (blue, black and gray tracks)."""
SIX = ["Ana", "Bea", "Cal", "Dee", "Eve", "Fay"]
"""Exercise 08.3: the players of the six-player game (three teams: Ana & Bea, Cal & Dee, Eve & Fay)."""


def _six_player_open(holders: dict[str, str], who: str, track: str) -> bool:
    """Whether ``who`` may claim ``track`` of the triple route in a six-player game (default
    settings) where ``holders`` maps track colour -> the player holding it, by the rule play
    itself uses (:func:`ttr_nb.rules.claiming.track_closed`)."""
    import ttr_nb
    from ttr_nb.rules.claiming import track_closed

    game = ttr_nb.new_game("team-asia", SIX, seed=SEED)
    board = game.board
    owner = [-1] * len(board.routes)
    for colour, player in holders.items():
        owner[game.T.idx[board.route_id(f"{TRIPLE} {colour}")]] = SIX.index(player)
    i = game.T.idx[board.route_id(f"{TRIPLE} {track}")]
    seat = SIX.index(who)
    return track_closed(i, game.side[seat], owner, game.side, game.T.rtwins[i], game.doubles_open) is None


@lru_cache(maxsize=1)
def double_verdicts() -> tuple[bool, bool, bool]:
    """Exercise 08.3, from the rules: (1) in the lesson's game played with ``'both'``, once Ana
    holds the blue track, may Bea claim the gray one; (2) in a six-player game, Ana holding the
    blue track, may Cal claim the gray one; (3) Ana blue and Cal gray, may Dee claim the black one."""
    from ttr_nb.rules.claiming import open_reason

    def ana_claimed(game, action):
        return 0 in game.route_owners.values() and game.current_player == 2

    game, _ = _replay(ana_claimed, two_team_doubles="both")
    gray = game.board.route_id(f"{TRIPLE} gray")
    assert game.route_owners.get(game.board.route_id(f"{TRIPLE} blue")) == 0
    first = open_reason(game, 1, game.T.idx[gray]) is None
    return (first, _six_player_open({"blue": "Ana"}, "Cal", "gray"),
            _six_player_open({"blue": "Ana", "gray": "Cal"}, "Dee", "black"))


@exercise("08.3", "The tracks of Shanghai–Wuhan", "a list of three True/False, such as [True, True, True]")
def _doubles(answer: Any):
    if hasattr(answer, "tolist") and not isinstance(answer, (str, bytes)):
        answer = answer.tolist()
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)) or len(answer) != 3:
        raise answer_error("give a list of three True/False, such as [True, False, True].")
    given = [read_bool(a) for a in answer]
    want = list(double_verdicts())
    look = ["who holds the blue track, and whether one team may ever hold two tracks of a route",
            "how many teams play, and which tracks stay open with that many teams",
            "which team already holds a track of the route"]
    wrong = [k for k, (g, w) in enumerate(zip(given, want)) if g != w]
    if wrong:
        k = wrong[0]
        return not_yet(f"({k + 1}) is not right: look again at {look[k]}.")
    why = ["a team never holds two tracks of one route, whatever the setting, and Ana is Bea's partner",
           "with three teams every track of a double or triple route is open, one per team",
           "Cal & Dee already hold the gray track, and a team never holds two tracks of one route"]
    return right("; ".join(f"({k + 1}) {'yes' if w else 'no'}: {why[k]}" for k, w in enumerate(want)) + ".")
