"""Checkers of lesson 02 (USA 1910): the Big Cities deck, the keep rules of the four ways to
play, who scores the Globetrotter. Each verdict is computed from the board, the variants or a
Scoresheet."""
from __future__ import annotations

from typing import Any

from ._answers import read_choice, read_items, read_names, read_tickets
from ._core import exercise, not_yet, right

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

SPOILERS = {
    "02.1": ["Montréal–Chicago (7)", "['Houston–Washington'", "Houston–Washington has Houston",
             "Seattle–Las Vegas has Seattle", "Seattle–Las Vegas (10):"],
    "02.2": ["['usa-1910-classic', 'usa-1910', 'usa-big-cities']", "deal 4 keep 2",
             "deals 4 and asks for at least 2", "Bea may keep 2 in all three"],
    "02.3": ["Ana and Cal, tied", "Ana and Cal tie", "Ana 2 completed tickets, Bea 1"],
}
"""Strings that would state an exercise's answer before it is asked (tests/test_lesson_spoilers.py)."""


def _usa():
    from ..board import load_map

    return load_map("usa")




@exercise("02.1", "Which tickets are in the Big Cities deck?",
          "a list of tickets by their cities, such as ['Denver–Saint Louis']")
def _big_cities_deck(answer: Any):
    usa = _usa()
    chosen = {t.id for t in read_tickets(usa, answer, CANDIDATES, "the seven tickets")}
    deck = set(usa.tickets_in("big_cities"))
    deck_ids = {t.id for t in deck}
    big = usa.meta["big_cities"]
    missing = [usa.ticket(i) for i in CANDIDATES if i in deck_ids and i not in chosen]
    extra = [usa.ticket(i) for i in CANDIDATES if i in chosen and i not in deck_ids]
    if extra:
        t = extra[0]
        return not_yet(f"{t.a}–{t.b} names no Big City ({', '.join(big)}).")
    if missing:
        n = len(missing)
        return not_yet(f"{'one ticket' if n == 1 else f'{n} tickets'} of the deck "
                       f"{'is' if n == 1 else 'are'} missing: check the two cities of each of the "
                       f"seven tickets against the seven Big Cities ({', '.join(big)}).")
    labels = ", ".join(usa.ticket(i).label() for i in CANDIDATES if i in deck_ids)
    return right(f"{labels}: each names a Big City.")


@exercise("02.2", "Keep only 2?",
          "a list of variant names, such as ['usa-1910']")
def _keep_two(answer: Any):
    from ..variants import get_variant

    chosen = set(read_items(answer, lambda x: read_choice(x, WAYS, "a way to play"), "variant names",
                            ["usa-1910", "usa-mega"]))
    allowed = {w for w in WAYS if get_variant(w).setup_keep <= 2}
    for w in WAYS:
        v = get_variant(w)
        if w in chosen and w not in allowed:
            return not_yet(f"in {w} a player is dealt {v.setup_deal} tickets and keeps at least "
                           f"{v.setup_keep}.")
    missing = allowed - chosen
    if missing:
        return not_yet(f"{'one way' if len(missing) == 1 else f'{len(missing)} ways'} to play that "
                       "let Bea keep only 2 "
                       f"{'is' if len(missing) == 1 else 'are'} missing: read the 'keep at least' "
                       "number of the first deal in each row of the table of section 1.")
    return right("Every way to play but the Mega Game lets a player keep 2 of the tickets dealt "
                 "at setup; the Mega Game deals 5 and asks for 3.")


def globetrotter_sheet():
    """The Scoresheet of exercise 02.3 (three players, the 1910 way to play: Globetrotter +15)."""
    from ..scoring import Scorer, Scoresheet
    from ..variants import get_variant

    usa = _usa()
    return Scoresheet.compute(usa, [Scorer.from_routes(usa, *p) for p in PLAYERS],
                              get_variant("usa-1910").bonuses)


@exercise("02.3", "Who scores the Globetrotter?", "a list of player names, such as ['Bea']")
def _globetrotter(answer: Any):
    sheet = globetrotter_sheet()
    names = sheet.names
    chosen = set(read_names(answer, names, "player names"))
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
