"""Checkers of lesson 08 (Team Asia): tunnel odds, paying from the team holder, the two-team
double rule. Each verdict is computed by replaying the lesson's game (random seed 2, four
greedy computer players) and asking the rules."""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import Any

from ._answers import read_bool, read_choice
from ._core import answer_error, exercise, not_yet, right

NAMES = ["Ana", "Bea", "Cal", "Dee"]
SEED = 2


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


def read_probability(answer: Any) -> Fraction:
    """A probability from a Fraction, a number, or text such as ``"6622/11713"`` or ``"0.565"``."""
    if isinstance(answer, bool):
        raise answer_error(f"give a probability (a fraction or a decimal), not {answer}.")
    if isinstance(answer, Fraction):
        p = answer
    elif isinstance(answer, Real):
        if not math.isfinite(float(answer)):
            raise answer_error(f"give a probability such as 0.333 or '1/3', not {answer!r}.")
        p = Fraction(float(answer))
    elif isinstance(answer, str):
        try:
            p = Fraction(answer.strip().replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            raise answer_error(f"give a probability such as 0.333 or '1/3', not {answer!r}.") from None
    else:
        raise answer_error(f"give a probability (a fraction or a decimal), not {answer!r}.")
    if not 0 <= p <= 1:
        raise answer_error(f"a probability is between 0 and 1; {float(p):g} is not.")
    return p


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


@exercise("08.1", "A tunnel with the Europe rule",
          "a probability: a fraction such as '1/3', or a decimal such as 0.333")
def _europe_tunnel(answer: Any):
    p = read_probability(answer)
    odds = _europe_odds()
    want = odds[0]
    if abs(p - want) <= Fraction(1, 1000):
        return right(f"P(nothing more) = {want} ≈ {float(want):.3f}: all 3 cards come from the 44 "
                     f"cards that do not match.")
    if abs(p - (1 - want)) <= Fraction(1, 1000):
        return not_yet(f"{float(p):.3f} is the chance of at least one extra card; the question asks "
                       f"for nothing more.")
    four = _lesson_odds()[0]
    if abs(p - four) <= Fraction(1, 1000):
        return not_yet(f"{float(p):.3f} is the chance for the 4 cards this tunnel reveals on this "
                       f"map; the question asks for the Europe rule: 3 cards.")
    if abs(p - Fraction(44, 53) ** 3) <= Fraction(1, 1000):
        return not_yet("(44/53)³ draws with replacement; a revealed card is not put back: "
                       "use binomial coefficients (or 44/53 · 43/52 · 42/51).")
    return not_yet(f"{float(p):.3f} is not it. Count the sets of 3 cards taken only from the 53 − 9 "
                   f"unseen cards that do not match, out of all sets of 3 unseen cards.")


# exercise 08.2: the payments, as the lesson lists them (letter -> route, cards, from the holder)
PAYMENTS = {
    "A": ("Dhaka–Mandalay", {"green": 2}, {"green": 1}),
    "B": ("Dhaka–Mandalay", {"pink": 2}, {}),
    "C": ("Dhaka–Mandalay", {"green": 2}, {"green": 2}),
    "D": ("Harbin–Vladivostok", {"green": 2}, {"green": 1}),
}


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
    if isinstance(answer, str):
        text = answer.replace(",", " ").strip()
        answer = (list(text) if text.isalpha() and text.upper() == text and len(text) <= len(PAYMENTS)
                  else text.split())
    if not isinstance(answer, (list, tuple, set, frozenset)):
        raise answer_error("give a list of letters, such as ['A', 'C'].")
    given = sorted({read_choice(a, PAYMENTS, "a letter") for a in answer})
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
    return not_yet(f"{missed[0]} is allowed too: look again at Dee's hand and her team's holder.")


def _lower_first(text: str) -> str:
    """'The team holder ...' -> 'the team holder ...', to continue a sentence (a player's
    name stays as it is)."""
    first = text.split(" ", 1)[0]
    return text if first in NAMES else text[:1].lower() + text[1:]


@lru_cache(maxsize=1)
def double_verdicts() -> tuple[bool, bool, bool]:
    """Exercise 08.3, from the rules: (Cal may take the gray Shanghai–Wuhan with 'one_track',
    Cal with 'both', Bea with 'both'), once Ana holds the blue track."""
    from ttr_nb.rules.claiming import open_reason

    def ana_claimed(game, action):
        return 0 in game.route_owners.values() and game.current_player == 2

    out = []
    for setting, seat in (("one_track", 2), ("both", 2), ("both", 1)):
        game, _ = _replay(ana_claimed, two_team_doubles=setting)
        gray = game.board.route_id("Shanghai–Wuhan gray")
        blue = game.board.route_id("Shanghai–Wuhan blue")
        assert game.route_owners.get(blue) == 0
        out.append(open_reason(game, seat, game.T.idx[gray]) is None)
    return tuple(out)


@exercise("08.3", "The gray track of Shanghai–Wuhan", "a list of three True/False, such as [True, True, True]")
def _doubles(answer: Any):
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)) or len(answer) != 3:
        raise answer_error("give a list of three True/False, such as [True, False, True].")
    given = [read_bool(a) for a in answer]
    want = list(double_verdicts())
    why = ["with two teams and 'one_track', only one track of a multiple route is used, and Ana "
           "has one", "'both' keeps the other tracks open to the other team",
           "a team never holds two tracks of one route, whatever the setting, and Ana is Bea's partner"]
    for k, (g, w) in enumerate(zip(given, want)):
        if g != w:
            return not_yet(f"({k + 1}) is {'yes' if w else 'no'}: {why[k]}.")
    return right("; ".join(f"({k + 1}) {'yes' if w else 'no'}: {why[k]}" for k, w in enumerate(want)) + ".")
