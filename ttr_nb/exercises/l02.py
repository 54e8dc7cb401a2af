"""Checkers of lesson 02 (USA 1910): the Big Cities deck, the keep rules of the four ways to
play, who scores the Globetrotter. Each verdict is computed from the board, the variants or a
Scoresheet."""
from __future__ import annotations

from typing import Any

from ._answers import find_ticket, read_choice
from ._core import answer_error, exercise, not_yet, right

WAYS = ("usa-1910-classic", "usa-1910", "usa-mega", "usa-big-cities")
"""The four ways to play USA 1910, by variant name."""
CANDIDATES = ("N05", "N07", "C18", "C30", "C04", "N34", "N28")
"""Exercise 02.1: the tickets to sort (Denver–Saint Louis, Houston–Washington, Montréal–Chicago,
Vancouver–Portland, Calgary–Salt Lake City, Washington–Atlanta, Seattle–Las Vegas)."""
PLAYERS = (("Ana", ["Seattle–Portland", "Portland–Salt Lake City", "Salt Lake City–Denver",
                    "Denver–Kansas City", "Kansas City–Saint Louis"], ["N05", "N24", "N28"]),
           ("Bea", ["Chicago–Pittsburgh", "Pittsburgh–New York", "New York–Boston",
                    "Chicago–Saint Louis"], ["N03", "N23"]),
           ("Cal", ["Miami–Atlanta", "Atlanta–Nashville", "Nashville–Saint Louis",
                    "Atlanta–Raleigh", "Raleigh–Washington"], ["N30", "N34"]))
"""Exercise 02.3: three players of a 1910 game, each with routes and tickets (ids)."""


def _usa():
    from ..board import load_map

    return load_map("usa")


def _list(answer: Any, what: str) -> list:
    if isinstance(answer, str) or not isinstance(answer, (list, tuple)):
        raise answer_error(f"give a list of {what}, such as {['A', 'B']!r} (or [] for none).")
    return list(answer)


def _ticket_of(board, text: Any):
    found = find_ticket(board, text, CANDIDATES)
    if found is not None:
        return found
    raise answer_error(f"{text!r} is not one of the seven tickets; name a ticket by its cities, "
                       "such as 'Denver–Saint Louis'.")


@exercise("02.1", "Which tickets are in the Big Cities deck?",
          "a list of tickets by their cities, such as ['Denver–Saint Louis']")
def _big_cities_deck(answer: Any):
    usa = _usa()
    chosen = {_ticket_of(usa, x).id for x in _list(answer, "tickets")}
    deck = set(usa.tickets_in("big_cities"))
    deck_ids = {t.id for t in deck}
    big = usa.meta["big_cities"]
    missing = [usa.ticket(i) for i in CANDIDATES if i in deck_ids and i not in chosen]
    extra = [usa.ticket(i) for i in CANDIDATES if i in chosen and i not in deck_ids]
    if extra:
        t = extra[0]
        return not_yet(f"{t.a}–{t.b} names no Big City ({', '.join(big)}).")
    if missing:
        t = missing[0]
        city = t.a if t.a in big else t.b
        return not_yet(f"{t.a}–{t.b} is missing: {city} is a Big City.")
    labels = ", ".join(usa.ticket(i).label() for i in CANDIDATES if i in deck_ids)
    return right(f"{labels}: each names a Big City.")


@exercise("02.2", "Keep only 2?",
          "a list of variant names, such as ['usa-1910']")
def _keep_two(answer: Any):
    from ..variants import get_variant

    chosen = {read_choice(x, WAYS, "a way to play") for x in _list(answer, "variant names")}
    allowed = {w for w in WAYS if get_variant(w).setup_keep <= 2}
    for w in WAYS:
        v = get_variant(w)
        if w in chosen and w not in allowed:
            return not_yet(f"in {w} a player is dealt {v.setup_deal} tickets and keeps at least "
                           f"{v.setup_keep}.")
        if w in allowed and w not in chosen:
            return not_yet(f"{w} is missing: there a player is dealt {v.setup_deal} tickets and "
                           f"keeps at least {v.setup_keep}.")
    return right("Every way to play but the Mega Game lets a player keep 2 of the tickets dealt "
                 "at setup; the Mega Game deals 5 and asks for 3.")


def globetrotter_sheet():
    """The Scoresheet of exercise 02.3 (three players, the 1910 way to play: Globetrotter +15)."""
    from ..scoring import Scorer, Scoresheet
    from ..variants import get_variant

    usa = _usa()
    return Scoresheet.compute(usa, [Scorer.from_routes(usa, *p) for p in PLAYERS],
                              get_variant("usa-1910").bonuses)


@exercise("02.3", "Who scores the Globetrotter?", "a list of player names, such as ['Ana']")
def _globetrotter(answer: Any):
    sheet = globetrotter_sheet()
    names = sheet.names
    chosen = {read_choice(x, names, "a player") for x in _list(answer, "player names")}
    won = {names[i] for i in sheet.awarded["globetrotter"]}
    done = {n: sheet.tickets_completed(i) for i, n in enumerate(names)}
    most = max(done.values())
    counts = ", ".join(f"{n} {done[n]}" for n in names)
    if not chosen:
        return not_yet("name at least one player: who completed the most tickets?")
    for n in names:
        if n in chosen and n not in won:
            return not_yet(f"{n} completed {done[n]} ticket{'s' * (done[n] != 1)}, fewer than {most}.")
    if chosen != won:
        return not_yet(f"on a tie every tied player scores the 15 points; who else completed {most}?")
    return right(f"Completed tickets: {counts}. {' and '.join(sorted(won))} tie with {most}, "
                 "and each scores the 15 points.")
