"""Checkers of lesson 13 (Europe: train stations as a graph question), and the lesson's
end-of-game position. Verdicts come from the rules (the payments a station may take) and from
the final score (which route each station borrows, and how many choices it compares)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from ._answers import one_item, read_int, read_items, read_routes
from ._core import answer_error, exercise, not_yet, right

VARIANT = "europe"

POSITION: dict[str, tuple[list[str], list[str]]] = {
    "Ana": (["Madrid–Pamplona black", "Pamplona–Paris blue", "Dieppe–Paris", "Dieppe–London gray",
             "München–Wien", "Budapest–Wien red", "München–Venezia"],
            ["London–Wien", "Paris–Wien", "Madrid–Zürich"]),
    "Bea": (["Paris–Zürich", "Marseille–Zürich", "Marseille–Pamplona", "Brest–Paris", "Venezia–Zürich",
             "Venezia–Zagrab"],
            ["Brest–Marseille", "Zagrab–Brindisi"]),
    "Cal": (["Frankfurt–Paris orange", "Frankfurt–München", "Berlin–Frankfurt red", "Berlin–Wien",
             "Roma–Venezia", "Brindisi–Roma"],
            ["Berlin–Roma", "Zürich–Brindisi"]),
}
"""The lesson's end of a game (constructed): each player's routes and tickets."""

STATIONS: dict[str, tuple[str, ...]] = {"Ana": ("Paris", "Frankfurt"), "Bea": (), "Cal": ()}
"""The stations built in the lesson's position, in the order built."""

CAL_STATION = "Venezia"
"""Exercise 13.2: the station Cal might have built."""
ANA_THIRD = "Zürich"
"""Exercise 13.3: the third station Ana might have built."""

HAND = {"red": 2, "blue": 1, "locomotive": 1}
"""Exercise 13.1: Bea's hand when she builds her second station."""
PAYMENTS = {"A": {"red": 1, "blue": 1}, "B": {"red": 2}, "C": {"blue": 1, "locomotive": 1},
            "D": {"locomotive": 2}, "E": {"red": 1}}
"""Exercise 13.1: the payments offered."""

SPOILERS: dict[str, list[str]] = {
    "13.1": ['["B", "C"]', "['B', 'C']", "B and C are allowed", "B and C may pay"],
    "13.2": ["borrow München–Venezia", "borrows München–Venezia", "München–Venezia of Ana",
             "Venezia: borrow München"],
    "13.3": ["64 combinations", "4 × 4 × 4", "4 x 4 x 4", "compares 64", "tried 64"],
}
"""Exercise key -> text that would state its answer if a student read it before the exercise."""


@lru_cache(maxsize=1)
def _variant():
    import ttr_nb

    return ttr_nb.get_variant(VARIANT)


def _ticket_ids(board, names: Sequence[str]) -> tuple[str, ...]:
    from ._answers import find_ticket

    ids = [t.id for t in board.tickets]
    return tuple(find_ticket(board, n, ids).id for n in names)


def worked_example(stations: Mapping[str, Sequence[str]] | None = None):
    """The lesson's end of a 3-player Europe game (:data:`POSITION`) as a Scoresheet, with the
    stations of :data:`STATIONS` (or ``stations``: player -> cities, in the order built)
    and the game's scoring (the European Express, the published station rule)."""
    from ttr_nb.rules.stations import NAME
    from ttr_nb.scoring import Scoresheet
    from ttr_nb.scoring.lines import Claim, Scorer

    v = _variant()
    board = v.board
    built = dict(STATIONS if stations is None else stations)
    scorers = [Scorer(name, tuple(Claim(r) for r in board.route_ids(routes)), _ticket_ids(board, tickets),
                      extras={NAME: tuple(built.get(name, ()))})
               for name, (routes, tickets) in POSITION.items()]
    return Scoresheet.compute(board, scorers, dict(v.bonuses), settings=v.policies, mechanics=v.mechanics)


def _use(sheet, name: str):
    from ttr_nb.rules.stations import best_use

    return best_use(sheet.board, sheet.scorers[sheet.index(name)], sheet.scorers)


# -- 13.1 ------------------------------------------------------------------------------------
def allowed_payments() -> list[str]:
    """Exercise 13.1: the letters of :data:`PAYMENTS` that may pay a second station from
    :data:`HAND` (the payments the rules list, :func:`ttr_nb.rules.stations.payments`)."""
    from ttr_nb.cards import CARD_INDEX
    from ttr_nb.rules.stations import payments

    hand = [0] * 9
    for card, n in HAND.items():
        hand[CARD_INDEX[card]] = n
    legal = [dict(p) for p in payments(hand, 2)]
    return [k for k, pay in PAYMENTS.items() if pay in legal]


@exercise("13.1", "Paying for a second station", "a list of letters, such as ['A', 'D']")
def _second_station(answer: Any):
    letters = read_items(answer, lambda x: _letter(x), "letters", ["A", "D"])
    given = sorted(set(letters))
    want = allowed_payments()
    if given == want:
        return right("A second station costs 2 cards of one colour, and a Locomotive may stand in "
                     "for any colour: 2 red, or 1 blue with the Locomotive. 1 red + 1 blue mixes two "
                     "colours, Bea holds only one Locomotive, and one card pays only the first station.")
    for k in given:
        if k not in want:
            pay = PAYMENTS[k]
            if sum(pay.values()) != 2:
                return not_yet(f"{k} pays {sum(pay.values())} card: the second station costs 2.")
            if pay.get("locomotive", 0) > HAND["locomotive"]:
                return not_yet(f"{k} needs more Locomotives than Bea holds.")
            return not_yet(f"{k} mixes two colours: a station's cards are of one colour, with "
                           "Locomotives standing in for it.")
    return not_yet("a payment you left out is allowed too: 2 cards of one colour, and a Locomotive "
                   "counts as any colour.")


def _letter(x: Any) -> str:
    from ._answers import read_choice

    return read_choice(x, list(PAYMENTS), "a letter")


# -- 13.2 ------------------------------------------------------------------------------------
def cal_sheet():
    """Exercise 13.2: the lesson's position with a station of Cal's in :data:`CAL_STATION`."""
    return worked_example({**STATIONS, "Cal": (CAL_STATION,)})


@exercise("13.2", "Which route should Cal's station borrow?", "a route, such as 'Roma–Venezia'")
def _cal_station(answer: Any):
    from ttr_nb.analysis import station_options

    sheet = cal_sheet()
    board = sheet.board
    said = one_item(answer)
    if not isinstance(said, (str, tuple, list)) or (isinstance(said, str) and not any(d in said for d in "–-—")):
        raise answer_error(f"give a route as its two cities, such as 'Paris–Zürich', not {said!r}.")
    ids = read_routes(board, answer)
    if len(ids) != 1:
        raise answer_error("give one route: a station borrows one route.")
    rid = ids[0]
    route = board.route(rid)
    (city, best), = _use(sheet, "Cal").choice
    options = {o.route: o for o in station_options(sheet, "Cal") if o.route is not None}
    same_pair = {r for r in options if frozenset(board.route(r).cities) == frozenset(route.cities)}
    if best is not None and (rid == best or best in same_pair):
        done = options[best].completes
        return right(f"{board.route(best).label()} joins Venezia to Cal's routes from Berlin; it completes "
                     + ", ".join(f"{t.a}–{t.b} ({t.points})" for t in done)
                     + f", {options[best].gain} points more than lending no route. The other routes "
                     "into Venezia complete less.")
    if city not in route.cities:
        return not_yet(f"{route.label()} does not end in {city}: a station lends a route into its own city.")
    owner = next((s.name for s in sheet.scorers for c in s.claims if c.route == rid), None)
    if owner == "Cal":
        return not_yet(f"{route.label()} is Cal's own route: a station lends a route of another player.")
    if owner is None:
        return not_yet(f"no one has claimed {route.label()}: a station lends a route another player claimed.")
    if same_pair:
        opt = options[next(iter(same_pair))]
        if opt.completes:
            return not_yet(f"{route.label()} completes {len(opt.completes)} ticket"
                           f"{'s' * (len(opt.completes) != 1)} of Cal's, worth "
                           f"{sum(t.points for t in opt.completes)}; another route into {city} completes "
                           "a ticket worth more.")
    return not_yet(f"{route.label()} completes none of Cal's tickets: follow each of his tickets "
                   "along his routes and see which gap a route into Venezia closes.")


# -- 13.3 ------------------------------------------------------------------------------------
def third_station_sheet():
    """Exercise 13.3: the lesson's position had Ana built a third station in :data:`ANA_THIRD`."""
    return worked_example({**STATIONS, "Ana": STATIONS["Ana"] + (ANA_THIRD,)})


@exercise("13.3", "How many choices with three stations?", "a whole number, such as 10")
def _combinations(answer: Any):
    from ttr_nb.analysis import station_options

    n = read_int(answer, "a whole number of combinations")
    sheet = third_station_sheet()
    want = _use(sheet, "Ana").tried
    counts: dict[str, int] = {}
    for o in station_options(sheet, "Ana"):
        counts[o.city] = counts.get(o.city, 0) + 1
    sizes = list(counts.values())
    if n == want:
        return right(" × ".join(map(str, sizes)) + f" = {want}: each station lends no route or one of "
                     "its routes, and every choice of one station goes with every choice of the others.")
    if n == sum(sizes) or n == sum(sizes) - len(sizes):
        return not_yet("the choices of the stations do not add up: each choice of one station goes "
                       "with every choice of the others.")
    prod_without = 1
    for s in sizes:
        prod_without *= s - 1
    if n == prod_without:
        return not_yet("each station may also lend no route: count that choice too.")
    return not_yet("for each station count its choices (no route, or one route of another player "
                   "into its city: two tracks between the same cities count once), then combine "
                   "them; Ana's own routes and routes no one claimed are not choices.")
