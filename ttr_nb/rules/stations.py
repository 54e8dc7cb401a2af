"""Train stations (Europe, EU-4 and EU-5).

On a turn, instead of drawing cards, claiming a route or drawing tickets, a player may build
a train station (:class:`BuildStation`) on any city that has none: one station per city,
whoever owns it. A player has 3. The first costs 1 card, the second 2 cards of one colour,
the third 3 cards of one colour; Locomotives are wild. The cards go to the discard pile.

At the end each station lets its owner use **one** route of another player into the
station's city for all their tickets (the same route for every ticket it helps), chosen to
the owner's best. Each station still in the player's reserve scores 4 (EU-4); a built
station scores nothing itself (setting ``station_points``: ``'reserve'``, the published
rule, or ``'unused'``, where a built station that lends no route scores 4 too). Borrowed
routes complete tickets only: they never lengthen the owner's longest path (EU-5).

The choice is exact (:func:`best_use`): every combination of "no route" or one route per
station is tried, with only one track of a double kept (two tracks between the same cities
join the same places), and the one with the most ticket points (plus 4 per station lending
no route, under ``'unused'``) is kept; among equal totals, the first in the order "no route"
first, then route ids (so a station that changes nothing lends nothing).

The state is ``game.ext['train_stations'] = {'built': [[city, ...] per seat]}`` (cities in
the order built); ``game.view(seat)['players'][s]['stations']`` and ``view['stations']``
(city -> seat) show them to everyone; :func:`stations_of` reads them from a game.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from ..actions import Action, _actor, register_action
from ..cards import CARD_INDEX, CARD_NAMES, GRAY_INDEX, LOCO, counts_text
from ..errors import shown
from ..events import register_event
from ..validate import did_you_mean
from ..scoring_search import tickets_done
from .claiming import base_payments
from .mechanic import Mechanic

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..game import Game
    from ..scoring.lines import Line, Scorer

NAME = "train_stations"
"""The mechanic's name (its state, its part of a Scorer's extras); ``stations`` is left free
for the worked example of docs/extending.md, which registers its own."""
STATIONS_PER_PLAYER = 3
"""Stations each player has (EU-1)."""
UNUSED_POINTS = 4
"""Points of a station kept in the reserve (and, under ``station_points='unused'``, of a built
station that lends no route; EU-4)."""


def station_cost(n: int) -> int:
    """Cards the ``n``-th station costs (1, 2, 3: EU-4)."""
    return n


@register_action
@dataclass(frozen=True, repr=False)
class BuildStation(Action):
    """Build a train station in ``city``, paying ``pay`` (card name -> count): 1 card for the
    first station, then 2, then 3 cards of one colour, Locomotives wild (EU-4).

    >>> a = BuildStation("Wien", {"red": 1, "locomotive": 1})
    >>> a.to_json()
    {'type': 'build_station', 'city': 'Wien', 'pay': {'red': 1, 'locomotive': 1}}
    >>> a.text()
    'build a train station in Wien with 1 red + 1 Locomotive'
    """

    city: str
    pay: tuple[tuple[str, int], ...] = field(default=(), metadata={"json": "pairs"})
    kind: ClassVar[str] = "build_station"
    rank: ClassVar[int] = 45

    def sort_key(self) -> tuple:
        return (self.city, self.pay)

    def pay_text(self) -> str:
        try:
            return counts_text(_counts(self.pay))
        except KeyError:
            return " + ".join(f"{n} {k}" for k, n in self.pay) or "nothing"

    def text(self, game: "Game | None" = None) -> str:
        who = _actor(game)
        if not who:
            return f"build a train station in {self.city} with {self.pay_text()}"
        return f"{who} builds a train station in {self.city} with {self.pay_text()}"


def _counts(pay: Sequence[tuple[str, int]]) -> list[int]:
    """``pay`` as 9 card counts; KeyError for a name that is not a train card."""
    out = [0] * 9
    for name, n in pay:
        out[CARD_INDEX[name]] += n
    return out


_ACTIONS: dict[tuple, BuildStation] = {}
_LISTS: dict[tuple, tuple[Any, tuple[BuildStation, ...]]] = {}
"""(board id, cities taken, payments) -> (the board, the station actions): one shared tuple for
each (the legal listing remembers its parts by the object)."""


def _action(city: str, pay: tuple) -> BuildStation:
    """``BuildStation(city, pay)`` for a canonical ``pay``, one shared object each."""
    a = _ACTIONS.get((city, pay))
    if a is None:
        a = object.__new__(BuildStation)
        object.__setattr__(a, "city", city)
        object.__setattr__(a, "pay", pay)
        _ACTIONS[(city, pay)] = a
    return a


def payments(hand: Sequence[int], n: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to pay ``n`` cards of one colour from ``hand`` (9 counts), Locomotives wild:
    each colour with 0 to n - 1 Locomotives, then ``n`` Locomotives alone (canonical pairs)."""
    # (the payment rule of a gray route of n spaces: claiming.base_payments)
    return tuple(((CARD_NAMES[c], k),) * bool(k) + ((CARD_NAMES[LOCO], w),) * bool(w)
                 for c, k, w in base_payments(list(hand), n, GRAY_INDEX, 0))


def stations_of(game: "Game") -> list[list[str]]:
    """The station cities of each seat of ``game``, in the order built (a copy); empty lists
    in a game without stations."""
    st = game.ext.get(NAME)
    return [list(cs) for cs in st["built"]] if st else [[] for _ in range(game.n)]


class TrainStations(Mechanic):
    """Europe's train stations: built on a turn (EU-4), used at the final score (EU-4, EU-5)."""

    name = NAME
    action_types = (BuildStation,)
    score_sections = (("station", "train stations"),)
    score_settings = ("station_points",)

    def init(self) -> None:
        self.game.ext[self.name] = {"built": [[] for _ in range(self.game.n)]}

    def _taken(self) -> dict[str, int]:
        return {c: s for s, cities in enumerate(self.state["built"]) for c in cities}

    # -- building -----------------------------------------------------------------------
    def actions(self, kind: str) -> Sequence[Action]:
        if kind != "turn":
            return ()
        g = self.game
        built = self.state["built"]
        mine = built[g.seat]
        if len(mine) >= STATIONS_PER_PLAYER:
            return ()
        pays = payments(g.hands[g.seat], len(mine) + 1)
        if not pays:
            return ()
        taken = tuple(sorted(c for cities in built for c in cities))
        key = (id(g.board), taken, pays)
        hit = _LISTS.get(key)
        if hit is None or hit[0] is not g.board:
            if len(_LISTS) > 4096:
                _LISTS.clear()
            free = [c for c in sorted(g.board.cities) if c not in taken]
            hit = _LISTS[key] = (g.board, tuple(_action(c, p) for c in free for p in pays))
        return hit[1]

    def why_not(self, action: Action) -> str | None:
        g = self.game
        if g.pending == "over":
            return "The game is over: no more actions (see game.score())."
        if g.pending != "turn":
            return g.pending_reason()
        seat = g.seat
        who = g.names[seat]
        mine = self.state["built"][seat]
        city = action.city  # type: ignore[attr-defined]
        if len(mine) >= STATIONS_PER_PLAYER:
            return (f"{who} has already built all {STATIONS_PER_PLAYER} train stations "
                    f"({', '.join(mine)}) (EU-1, EU-4).")
        if city not in g.board.cities:
            return f"There is no city called {shown(city)} on this board{did_you_mean(city, g.board.cities)}."
        owner = self._taken().get(city)
        if owner is not None:
            whose = "their own" if owner == seat else f"{g.names[owner]}'s"
            return (f"{city} already has a train station ({whose}): only one station per city "
                    f"(EU-4).")
        n = len(mine) + 1
        pay = action.pay  # type: ignore[attr-defined]
        bad = [k for k, _ in pay if k not in CARD_INDEX]
        if bad:
            return (f"{', '.join(map(repr, bad))} is not a train card; pay with a colour or "
                    f"Locomotives ('locomotive').")
        counts = _counts(pay)
        colours = [c for c in range(8) if counts[c]]
        total = sum(counts)
        if total != n or len(colours) > 1:
            what = "1 card" if n == 1 else f"{n} cards of one colour"
            return (f"{who}'s station number {n} costs {what} (Locomotives wild), not "
                    f"{counts_text(counts)} (EU-4).")
        hand = g.hands[seat]
        short = [c for c in range(9) if counts[c] > hand[c]]
        if short:
            c = short[0]
            return (f"{who} holds {hand[c]} {CARD_NAMES[c] if c != LOCO else 'Locomotive'} card"
                    f"{'s' * (hand[c] != 1)}, not the {counts[c]} this payment needs (EU-4).")
        return None

    def apply(self, action: Action) -> None:
        g = self.game
        seat = g.seat
        counts = _counts(action.pay)  # type: ignore[attr-defined]
        hand = g.hands[seat]
        for c in range(9):
            n = counts[c]
            if n:
                hand[c] -= n
                g.discard.extend([c] * n)
        mine = self.state["built"][seat]
        mine.append(action.city)  # type: ignore[attr-defined]
        if g.recording:
            g.emit("build_station", seat, action.city, tuple(counts), len(mine))  # type: ignore[attr-defined]
        g.end_turn()

    # -- what everyone sees ----------------------------------------------------------------
    def view(self, seat: int | None, v: dict[str, Any]) -> None:
        built = self.state["built"]
        for p, cities in zip(v["players"], built):
            p["stations"] = list(cities)
            p["stations_left"] = STATIONS_PER_PLAYER - len(cities)
        v["stations"] = {c: s for s, cities in enumerate(built) for c in cities}

    # -- the score ---------------------------------------------------------------------------
    def scorers(self) -> list["Scorer"]:
        from ..scoring.lines import Scorer

        g = self.game
        return [Scorer.of_seat(g, s, **{NAME: tuple(cities)}) for s, cities in enumerate(self.state["built"])]

    @classmethod
    def ticket_routes(cls, board: "Board", scorer: "Scorer", scorers: "tuple[Scorer, ...]",
                      settings: dict[str, Any]) -> tuple[int, ...]:
        if not scorer.extra(NAME):
            return ()
        return best_use(board, scorer, scorers, _unused_points(settings)).borrowed

    @classmethod
    def scorer_lines(cls, board: "Board", scorer: "Scorer", scorers: "tuple[Scorer, ...]",
                     settings: dict[str, Any]) -> "tuple[Line, ...]":
        """A line per built station (the route it lends, or none) and one for the stations
        kept in the reserve; only for a scorer that has the ``train_stations`` extra (a
        player of a game with stations), so other boards' sheets get none."""
        if scorer.extra(NAME) is None:
            return ()
        return best_use(board, scorer, scorers, _unused_points(settings)).lines()


def _unused_points(settings: dict[str, Any] | None) -> int:
    """Points of a built station that lends no route: 0 (``'reserve'``) or 4 (``'unused'``)."""
    return UNUSED_POINTS if (settings or {}).get("station_points") == "unused" else 0


# -- the best use of a player's stations (exact) -------------------------------------------
@dataclass(frozen=True)
class StationUse:
    """How a scorer's stations are used at the end (:func:`best_use`).

    ``choice``: (city, borrowed route id or None = no route) per built station, in the order
    built; ``reserve``: the stations not built (4 points each); ``unused_points``: what a
    built station lending no route scores (0, or 4 under ``station_points='unused'``);
    ``tickets``: the scorer's tickets; ``done``: which are done with the borrowed routes;
    ``value``: ticket points plus ``unused_points`` per station lending no route (what the
    choice maximises; the reserve's points come on top);
    ``helps``: for each station, the tickets that would not be done without its route (the
    other stations' choices kept); ``owners``: each borrowed route's owner (a scorer name);
    ``tried``: the number of combinations compared.
    """

    board: Any
    scorer_name: str
    choice: tuple[tuple[str, int | None], ...]
    tickets: tuple[Any, ...]
    done: tuple[bool, ...]
    value: int
    helps: tuple[tuple[Any, ...], ...]
    owners: dict[int, str]
    tried: int
    reserve: int = 0
    unused_points: int = 0

    @property
    def borrowed(self) -> tuple[int, ...]:
        """The borrowed route ids, in station order."""
        return tuple(r for _, r in self.choice if r is not None)

    @property
    def unused(self) -> int:
        """Built stations that lend no route."""
        return sum(1 for _, r in self.choice if r is None)

    @property
    def points(self) -> int:
        """The stations' own points: 4 per station in the reserve, plus ``unused_points`` per
        built station lending no route."""
        return UNUSED_POINTS * self.reserve + self.unused_points * self.unused

    def lines(self) -> "tuple[Line, ...]":
        """The Scoresheet's lines: one per built station, the route it lends and the tickets it
        completes (+0: their points are in the tickets' lines) or that it lends none (0, or +4
        under ``station_points='unused'``), then one for the stations kept in the reserve
        (+4 each)."""
        from ..scoring.lines import Line, and_, plural

        out = []
        k = self.unused_points
        for (city, r), helped in zip(self.choice, self.helps):
            if r is None:
                if not self.tickets:
                    why = "no ticket to help"
                elif k:
                    why = f"no route of another player into {city} gains more than {k} on the tickets"
                else:
                    why = f"no route of another player into {city} completes one more ticket"
                out.append(Line("station", k, f"Train station in {city} lends no route ({why}): "
                                              f"{'+' if k else ''}{k}", cities=(city,), rule="EU-4"))
                continue
            route = self.board.route(r)
            names = and_([f"{t.a}–{t.b} ({t.points})" for t in helped])
            gain = 2 * sum(t.points for t in helped)
            if helped:
                what = f"it completes {names}, {gain} ticket points more than without it"
                if k:
                    what += f" (against {k} for lending none)"
            else:
                what = "it completes a ticket together with another station"
            out.append(Line("station", 0,
                            f"Train station in {city} borrows {route.label()} of {self.owners[r]}: "
                            f"{what}: +0 (the tickets' lines count it)",
                            (r,), (city,), rule="EU-4"))
        if self.reserve:
            n = self.reserve
            out.append(Line("station", UNUSED_POINTS * n,
                            f"{plural(n, 'train station')} kept in the reserve ({n} × {UNUSED_POINTS}): "
                            f"+{UNUSED_POINTS * n}", rule="EU-4"))
        return tuple(out)


_BEST: dict[tuple, StationUse] = {}


def borrowable(board: "Board", city: str, own: Sequence[int], owners: "Mapping[int, Any]") -> list[int]:
    """The routes a train station in ``city`` may borrow (EU-4), by id: the routes of other
    players (``owners``: route id -> its owner) into the city, one track for each pair of
    cities (parallel tracks join the same places), none between two cities the station's
    owner already joins with a track of their own (``own``: their route ids)."""
    own_pairs = {frozenset(board.route(r).cities) for r in own}
    seen: set[frozenset] = set()
    out = []
    for r in sorted(owners):
        pair = frozenset(board.route(r).cities)
        if city in pair and pair not in own_pairs and pair not in seen:
            seen.add(pair)
            out.append(r)
    return out


def best_use(board: "Board", scorer: "Scorer", scorers: "Sequence[Scorer]",
             unused_points: int = 0) -> StationUse:
    """The best use of ``scorer``'s built stations (``scorer.extra('train_stations')``)
    against the routes of the other ``scorers``: for each station, no route or one route of
    another scorer into its city, the same for all tickets, maximising ticket points (plus
    ``unused_points`` per station lending no route: 4 under ``station_points='unused'``;
    EU-4). Exact: every combination is compared (parallel tracks between the same two cities
    count once, and a route the scorer could join anyway through its own track of that pair
    is left out: neither changes which tickets are done). The stations not built (of
    :data:`STATIONS_PER_PLAYER`) are the reserve."""
    stations = tuple(scorer.extra(NAME, ()) or ())
    _check(board, scorer, scorers, stations)
    own = tuple(c.route for c in scorer.claims)
    others = tuple((s.name, tuple(c.route for c in s.claims)) for s in scorers if s is not scorer)
    tickets = tuple(t if not isinstance(t, str) else board.ticket(t) for t in scorer.tickets)
    key = (id(board), stations, own, others, tuple((t.id, t.a, t.b, t.points) for t in tickets),
           unused_points)
    hit = _BEST.get(key)
    if hit is not None and hit.board is board:
        return hit
    owners: dict[int, str] = {}
    for name, routes in others:
        for r in routes:
            owners[r] = name
    options = [[None, *borrowable(board, city, own, owners)] for city in stations]
    best: tuple | None = None
    best_value = 0
    best_done: tuple[bool, ...] = ()
    tried = 0
    for choice in itertools.product(*options):
        tried += 1
        done = tickets_done(board, own + tuple(r for r in choice if r is not None), tickets)
        value = (sum(t.points if d else -t.points for t, d in zip(tickets, done))
                 + unused_points * sum(1 for r in choice if r is None))
        if best is None or value > best_value:
            best, best_value, best_done = choice, value, done
    choice = tuple(best or ())
    helps = []
    for i, r in enumerate(choice):
        if r is None:
            helps.append(())
            continue
        without = tickets_done(board, own + tuple(q for j, q in enumerate(choice) if q is not None and j != i),
                               tickets)
        helps.append(tuple(t for t, d, w in zip(tickets, best_done, without) if d and not w))
    use = StationUse(board, scorer.name, tuple(zip(stations, choice)), tickets, best_done,
                     best_value, tuple(helps), {r: owners[r] for r in choice if r is not None}, tried,
                     max(0, STATIONS_PER_PLAYER - len(stations)), unused_points)
    if len(_BEST) > 2048:
        _BEST.clear()
    _BEST[key] = use
    return use


def _check(board: "Board", scorer: "Scorer", scorers: "Sequence[Scorer]", stations: tuple) -> None:
    """IllegalAction (in words) for stations a sheet handed in cannot hold: a city not on the
    board, more than 3, or a city with another station (EU-1, EU-4)."""
    from ..errors import IllegalAction

    for city in stations:
        if not isinstance(city, str) or city not in board.cities:
            raise IllegalAction(f"{scorer.name}'s train station: there is no city called {shown(city)} on "
                                f"{board.name}{did_you_mean(city, board.cities)}.")
    if len(stations) > STATIONS_PER_PLAYER:
        raise IllegalAction(f"{scorer.name} has {len(stations)} train stations; a player has "
                            f"{STATIONS_PER_PLAYER} (EU-1).")
    twice = sorted(c for c in set(stations) if stations.count(c) > 1)
    if twice:
        raise IllegalAction(f"{scorer.name} has two train stations in {twice[0]}: one station per city "
                            f"(EU-4).")
    for other in scorers:
        both = sorted(set(stations) & set(other.extra(NAME, ()) or ())) if other is not scorer else ()
        if both:
            raise IllegalAction(f"{scorer.name} and {other.name} both have a train station in {both[0]}: "
                                f"one station per city (EU-4).")


# -- events ----------------------------------------------------------------------------------
@register_event("build_station")
def _built(g: "Game", seat: int | None, args: tuple) -> tuple[str, str | None]:
    city, counts, n = args
    return (f"{g.names[seat]} builds a train station in {city} with {counts_text(counts)} "  # type: ignore[index]
            f"(station {n} of {STATIONS_PER_PLAYER}, EU-4)."), None


__all__ = ["TrainStations", "BuildStation", "StationUse", "best_use", "payments", "stations_of",
           "station_cost", "STATIONS_PER_PLAYER", "UNUSED_POINTS", "NAME"]
