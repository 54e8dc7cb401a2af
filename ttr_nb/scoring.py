"""The Scoresheet: every point of a final score, computed exactly and explained.

A score is made of lines, and every line says where it comes from:

- ``route``: a claimed route, 1, 2, 4, 7, 10, 15 points for 1 to 6 spaces (8 → 21), B-5.9;
- ``terrain``: a Heart of Africa route doubled with Terrain cards, the route value again, H-5;
- ``mountain``: 2 points (setting ``mountain_points_per_x``) per train put in the Mountain
  Crossing (Legendary Asia), LA-9;
- ``ticket``: + its value when done (with the path that does it), − when not (with what each
  end reaches and the gap between them: tracks the scorer may still claim, B-5.8, TA-20), B-6.5;
- ``bonus``: Longest Path, Globetrotter, Asian Explorer, the Team Asia bonuses; a tie gives
  every tied player the bonus, and the line says who tied (B-8.2, U-1.5, H-9, LA-12, TA-22).

Bonuses are pluggable: :func:`register_bonus` adds one with a single function.

A sheet follows the game's settings (``settings``, the game's policies; ``game.score()``
passes them): what a route is worth is :func:`ttr_nb.rules.claiming.route_worth`, and
which tracks a scorer may still claim is :func:`ttr_nb.rules.claiming.track_closed`, the
rules play itself uses.

Example
-------
>>> import ttr_nb
>>> from ttr_nb.scoring import Claim, Scorer, Scoresheet
>>> board = ttr_nb.load_map("usa")
>>> mia = Scorer("Mia", claims=(Claim(34),), tickets=())
>>> sheet = Scoresheet.compute(board, [mia], {"longest_path": 10})
>>> sheet.totals
(17,)
"""
from __future__ import annotations

import html
import json
import weakref
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterable, Iterator, Mapping, Sequence

from .board import Board, Route, Ticket
from .errors import IllegalAction
from .rules.claiming import (MOUNTAIN_POINTS_PER_X, doubles_open, route_worth, tables,
                             track_closed)
from .scoring_search import GapSearch, connections, tickets_done
from .trail import longest_trail, trail_length_and_pieces

KINDS = ("route", "terrain", "mountain", "ticket", "bonus")
"""The kinds of score line, in the order a sheet lists them."""

TERRAIN_NAMES = {"desert": "Desert & Savanna", "jungle": "Jungle & Forest", "mountain": "Mountain & Cliff"}
"""Heart of Africa Terrain card types (H-3.2), by the name a route's ``terrain`` carries."""

LOCOMOTIVE = "locomotive"
MOUNTAIN_POINTS = MOUNTAIN_POINTS_PER_X
"""Points for each train put in the Mountain Crossing by default (LA-9; setting
``mountain_points_per_x``)."""


# -- what the engine hands in ------------------------------------------------------------
@dataclass(frozen=True)
class Claim:
    """One claimed route as scoring sees it.

    ``doubled``: the route's points were doubled with Terrain cards (Heart of Africa, H-5);
    ``terrain_spent``: the cards spent for it, e.g. ``('desert', 'desert')`` or
    ``('desert', 'locomotive')`` (H-6); may stay empty when unknown.
    """

    route: int
    doubled: bool = False
    terrain_spent: tuple[str, ...] = ()

    @classmethod
    def of(cls, entry: Sequence[Any]) -> "Claim":
        """The Claim of an engine claim record ``[route id, doubled, cards spent, ...]``
        (a plain claim is made once per route id and shared: a Claim is immutable)."""
        if entry[1] or entry[2]:
            return cls(entry[0], bool(entry[1]), tuple(entry[2]))
        plain = _PLAIN_CLAIMS.get(entry[0])
        if plain is None:
            plain = _PLAIN_CLAIMS[entry[0]] = cls(entry[0])
        return plain


_PLAIN_CLAIMS: dict[int, Claim] = {}  # route id -> Claim(route id), shared


@dataclass(frozen=True)
class Scorer:
    """A player, or a Team Asia team (claims of both partners, tickets of both hands and the
    holder: TA-15, TA-16).

    ``tickets`` are ticket ids of the board (a :class:`~ttr_nb.board.Ticket` is accepted too,
    for what-if sheets); ``ticket_owner`` optionally names where each ticket was held
    ('Ana's hand', 'team holder'), for the explanation only.
    """

    name: str
    claims: tuple[Claim, ...]
    tickets: tuple[str, ...]
    seats: tuple[int, ...] = ()
    ticket_owner: Mapping[str, str] | None = field(default=None, compare=False)

    @classmethod
    def from_routes(cls, board: Board, name: str, routes: Iterable[Any],
                    tickets: Iterable[str] = ()) -> "Scorer":
        """A player who claimed ``routes`` (named as :meth:`Board.route_ids` reads them:
        ``'Denver–Omaha'``, ``('Denver', 'Omaha', 'pink')``, ids) and holds ``tickets`` (ids).

        KeyError naming the route if one is not on the board.

        >>> import ttr_nb
        >>> usa = ttr_nb.load_map("usa")
        >>> Scorer.from_routes(usa, "Mia", ["Denver–Omaha"], ["O08"]).claims
        (Claim(route=34, doubled=False, terrain_spent=()),)
        """
        return cls(name, tuple(Claim(r) for r in board.route_ids(list(routes))), tuple(tickets))


@dataclass(frozen=True)
class Line:
    """One line of a score: ``points`` and a ``detail`` that explains them.

    ``routes`` and ``cities`` are what a drawing should highlight (the route, the path that
    completes a ticket, the longest trail); ``rule`` is the rule ID behind the line (docs/RULES.md);
    ``bonus`` the bonus key for a bonus line.
    """

    kind: str
    points: int
    detail: str
    routes: tuple[int, ...] = ()
    cities: tuple[str, ...] = ()
    ticket: str | None = None
    rule: str = ""
    bonus: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "points": self.points, "detail": self.detail,
                "routes": list(self.routes), "cities": list(self.cities), "ticket": self.ticket,
                "rule": self.rule, "bonus": self.bonus}

    def __str__(self) -> str:
        return self.detail


@dataclass(frozen=True)
class TicketResult:
    """A ticket at the end of the game: done or not, the path or the gap."""

    ticket: Ticket
    done: bool
    routes: tuple[int, ...]
    cities: tuple[str, ...]
    owner: str | None = None


# -- pluggable bonuses -------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    """What a bonus compares for one scorer: ``value`` (higher is better, 0 never earns it),
    ``text`` ('31 cars'), and what to highlight and say about it."""

    value: int
    text: str
    routes: tuple[int, ...] = ()
    cities: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Bonus:
    """A bonus card: the scorers with the highest ``measure`` (above 0) all score it.
    ``value``, when given, is ``measure(facts).value`` computed without the rest of the
    Measure (what a sheet by the numbers needs)."""

    key: str
    title: str
    rule: str
    measure: Callable[["ScorerFacts"], Measure]
    value: Callable[["ScorerFacts"], int] | None = None


BONUSES: dict[str, Bonus] = {}
"""The bonus registry: key -> Bonus. Register a new one with :func:`register_bonus`."""


def register_bonus(key: str, title: str, rule: str,
                   value: Callable[["ScorerFacts"], int] | None = None):
    """Decorator: register ``measure(facts) -> Measure`` as the bonus ``key`` (``value``:
    optionally, its ``.value`` alone, computed faster).

    The award logic is shared: the highest value wins, every tied scorer scores it, and a
    value of 0 never earns it.
    """

    def wrap(measure: Callable[["ScorerFacts"], Measure]) -> Callable[["ScorerFacts"], Measure]:
        BONUSES[key] = Bonus(key, title, rule, measure, value)
        return measure

    return wrap


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _arrow(cities: Sequence[str]) -> str:
    return " → ".join(cities)


@register_bonus("longest_path", "Longest Path", "B-8.2", value=lambda f: f.trail_length)
def _longest_path(facts: "ScorerFacts") -> Measure:
    t = facts.trail
    return Measure(t.length, _plural(t.length, "car"), tuple(t.routes), tuple(t.cities), _arrow(t.cities))


@register_bonus("globetrotter", "Globetrotter", "U-1.5, H-9.1",
                value=lambda f: f.tickets_completed)
def _globetrotter(facts: "ScorerFacts") -> Measure:
    n = facts.tickets_completed
    return Measure(n, _plural(n, "completed ticket"))


@register_bonus("most_tickets", "Most completed tickets", "TA-22",
                value=lambda f: f.tickets_completed)
def _most_tickets(facts: "ScorerFacts") -> Measure:
    n = facts.tickets_completed
    return Measure(n, _plural(n, "completed ticket"))


@register_bonus("asian_explorer", "Asian Explorer", "LA-12",
                value=lambda f: len(f.network.cities))
def _asian_explorer(facts: "ScorerFacts") -> Measure:
    net = facts.network
    n = len(net.cities)
    return Measure(n, _plural(n, "city", "cities"), tuple(sorted(net.routes)), tuple(sorted(net.cities)))


# -- facts about one scorer (computed once, lazily) ---------------------------------------
class ScorerFacts:
    """The graph facts one scorer's lines and bonuses need; each is computed on first use.
    ``numbers_only``: the sheet explains no ticket (see :func:`_numbers_only`)."""

    def __init__(self, board: Board, scorer: Scorer, tickets: Sequence[Ticket],
                 numbers_only: bool = False):
        self.board = board
        self.scorer = scorer
        self.route_ids: tuple[int, ...] = tuple([c.route for c in scorer.claims])
        self.tickets: tuple[Ticket, ...] = tuple(tickets)
        self.numbers_only = numbers_only
        self._cache: dict[str, Any] = {}

    def _get(self, key: str, make: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def trail(self):
        """The longest trail of this scorer's routes (B-8.2)."""
        return self._get("trail", lambda: longest_trail(self.board, self.route_ids))

    @property
    def trail_length(self) -> int:
        """The length of :attr:`trail` (its walk is not built by the numbers only)."""
        if "trail" in self._cache or not self.numbers_only:
            return self.trail.length
        return self._numbers[0]

    @property
    def _numbers(self) -> tuple[int, dict[int, list[int]]]:
        """By the numbers only: the trail's length and the network's pieces, found together."""
        return self._get("numbers", lambda: trail_length_and_pieces(self.board, self.route_ids))

    @property
    def network(self):
        """The biggest connected piece of this scorer's routes (LA-12)."""
        from .graph import largest_network

        return self._get("network", lambda: largest_network(self.board, self.route_ids))

    @property
    def connections(self) -> tuple:
        """One graph Connection per ticket, in ticket order (as ``graph.connect`` gives)."""
        return self._get("connections", lambda: connections(self.board, self.route_ids,
                                                            self.tickets))

    @property
    def done(self) -> tuple[bool, ...]:
        """For each ticket, in ticket order, whether it is done (B-6.4)."""
        done = self._cache.get("done")
        if done is None:
            if "connections" in self._cache or not self.numbers_only:
                done = tuple([c.connected for c in self.connections])
            else:
                done = tickets_done(self.board, self.route_ids, self.tickets, self._numbers[1])
            self._cache["done"] = done
        return done

    @property
    def tickets_completed(self) -> int:
        return sum(self.done)


# -- the sheet ---------------------------------------------------------------------------
class Scoresheet:
    """A final score, explained line by line, with bonuses and the winners (B-8).

    Build one with :meth:`compute`. ``names``, ``totals`` and ``lines`` hold one entry per
    scorer (player or team), in the order given; ``winners`` the indices of the winners.
    Shows itself as text (``str``), as an HTML table in Jupyter, and as a dict for JSON.

    The numbers (totals, points by kind, tickets done, bonus values, winners) are computed
    at once; the lines, ``ticket_results`` and ``standings`` that explain them on first use.
    """

    def __init__(self, board: Board, scorers: tuple[Scorer, ...], bonuses: dict[str, int],
                 facts: tuple[ScorerFacts, ...], kinds: tuple[dict[str, int], ...],
                 values: dict[str, tuple[int, ...]], awarded: dict[str, tuple[int, ...]],
                 measures: dict[str, tuple[Measure, ...]] | None = None,
                 per_x: int = MOUNTAIN_POINTS_PER_X, open_doubles: bool = False):
        self.board = board
        self.mountain_points_per_x = per_x
        """Points per mountain X (LA-9) this sheet counted (setting ``mountain_points_per_x``)."""
        self.doubles_open = open_doubles
        """Whether every track of a double route may be used (B-5.8, TA-20): the gaps of
        tickets not done follow it."""
        self.scorers = scorers
        self.bonuses = bonuses
        self._facts = facts
        self._kinds = kinds
        self._values = values
        self._measures = dict(measures or {})
        self._explained: tuple[Any, Any, Any] | None = None
        self.names: tuple[str, ...] = tuple(s.name for s in scorers)
        self.totals: tuple[int, ...] = tuple(sum(k.values()) for k in kinds)
        self.awarded = awarded
        self.winners, self.verdict = self._decide()

    # -- building ------------------------------------------------------------------------
    @classmethod
    def compute(cls, board: Board | str, scorers: Sequence[Scorer],
                bonuses: Mapping[str, int] | None = None,
                settings: Mapping[str, Any] | None = None) -> "Scoresheet":
        """Score every scorer on ``board`` under the game's ``settings``.

        Parameters
        ----------
        board : the Board (or a shipped map name).
        scorers : players or teams, each with its claims and tickets.
        bonuses : bonus key -> points, e.g. ``{"longest_path": 10}`` (USA),
            ``{"globetrotter": 15}`` (1910), both for the Mega Game, ``{"globetrotter": 10}``
            (Heart of Africa), ``{"asian_explorer": 10}`` (Legendary Asia),
            ``{"longest_path": 10, "most_tickets": 10}`` (Team Asia). Absent = not in play.
        settings : the game's settings (``game.policies``; absent keys and None = the
            defaults): ``mountain_points_per_x`` (LA-9) for the mountain lines,
            ``double_routes_min_players`` (B-5.8, default the map's) and
            ``two_team_doubles`` (TA-20) for which tracks a gap may use. The players are
            counted from the scorers' seats (a scorer without seats is one player).

        Raises
        ------
        IllegalAction : unknown route, ticket or bonus; a route or ticket held twice; a
            doubling that the route cannot have.
        """
        if isinstance(board, str):
            from .board import load_map

            board = load_map(board)
        scorers = tuple(scorers)
        bonuses = dict(bonuses or {})
        numbers_only = _NUMBERS_ONLY.get()
        if numbers_only:  # the engine's own scorers: valid by construction
            tickets = [[t if isinstance(t, Ticket) else board.ticket(t) for t in s.tickets]
                       for s in scorers]
        else:
            tickets = _check(board, scorers, bonuses)
        per_x, open_doubles = _settings(board, scorers, settings)
        facts = tuple(ScorerFacts(board, s, ts, numbers_only) for s, ts in zip(scorers, tickets))
        known = _route_lines(board, per_x)
        kinds = tuple(_claims_points(board, s.claims, known) for s in scorers)
        for k, f in zip(kinds, facts):
            if f.tickets:
                k["ticket"] = sum([t.points if done else -t.points
                                   for t, done in zip(f.tickets, f.done)])
        values: dict[str, tuple[int, ...]] = {}
        awarded: dict[str, tuple[int, ...]] = {}
        measures: dict[str, tuple[Measure, ...]] = {}
        for key in BONUSES:  # registry order: a stable order on every sheet
            if key not in bonuses:
                continue
            bonus, points = BONUSES[key], bonuses[key]
            if bonus.value is None:
                measures[key] = tuple(bonus.measure(f) for f in facts)
                values[key] = tuple(m.value for m in measures[key])
            else:
                values[key] = tuple(bonus.value(f) for f in facts)
            best = max(values[key])
            won = tuple(i for i, v in enumerate(values[key]) if best > 0 and v == best)
            awarded[key] = won
            for i in won:
                kinds[i]["bonus"] = kinds[i].get("bonus", 0) + points
        return cls(board, scorers, bonuses, facts, kinds, values, awarded, measures, per_x,
                   open_doubles)

    # -- the explanation (built on first use) ----------------------------------------------
    def _explain(self) -> tuple[Any, Any, Any]:
        """(lines, ticket results, standings), made once."""
        if self._explained is None:
            board, scorers, facts = self.board, self.scorers, self._facts
            lines: list[list[Line]] = []
            results: list[tuple[TicketResult, ...]] = []
            known = _route_lines(board, self.mountain_points_per_x)
            for k, (s, f) in enumerate(zip(scorers, facts)):
                own = _claims_lines(board, s.claims, known)
                res, tlines = _ticket_lines(board, s, f, scorers, known,
                                            lambda k=k: closed_to(board, scorers, k,
                                                                  self.doubles_open))
                lines.append(own + tlines)
                results.append(res)
            standings: dict[str, tuple[Measure, ...]] = {}
            for key in self._values:
                bonus = BONUSES[key]
                ms = self._measures.get(key) or tuple(bonus.measure(f) for f in facts)
                standings[key] = ms
                won = self.awarded[key]
                for i in won:
                    lines[i].append(_bonus_line(bonus, self.bonuses[key], ms[i],
                                                [self.names[j] for j in won if j != i]))
            self._explained = (tuple(tuple(ls) for ls in lines), tuple(results), standings)
        return self._explained

    @property
    def lines(self) -> tuple[tuple[Line, ...], ...]:
        """Each scorer's lines: routes, terrain, mountain, tickets, bonuses (:class:`Line`)."""
        return self._explain()[0]

    @property
    def ticket_results(self) -> tuple[tuple[TicketResult, ...], ...]:
        """Each scorer's tickets, done or not, with the path or the gap (:class:`TicketResult`)."""
        return self._explain()[1]

    @property
    def standings(self) -> dict[str, tuple[Measure, ...]]:
        """Bonus key -> every scorer's :class:`Measure` for it, for the bonuses in play."""
        return self._explain()[2]

    # -- questions -----------------------------------------------------------------------
    def total(self, i: int) -> int:
        """Scorer ``i``'s total."""
        return self.totals[i]

    def line_total(self, i: int, kind: str) -> int:
        """The points of scorer ``i``'s lines of one kind ('route', 'ticket', ...)."""
        if kind not in KINDS:
            raise ValueError(f"unknown line kind {kind!r}; kinds are {', '.join(KINDS)}")
        return self._kinds[i].get(kind, 0)

    def kind_totals(self, i: int) -> dict[str, int]:
        """Scorer ``i``'s points by kind of line, for the kinds it has a line of (in
        :data:`KINDS` order); the values add up to its total."""
        return {k: self._kinds[i][k] for k in KINDS if k in self._kinds[i]}

    def tickets(self, i: int) -> tuple[tuple[Ticket, bool], ...]:
        """Scorer ``i``'s tickets, each with whether it is done (B-6.4), in ticket order."""
        f = self._facts[i]
        return tuple(zip(f.tickets, f.done))

    def trail(self, i: int):
        """Scorer ``i``'s longest trail (a graph Trail), whether or not the bonus is in play."""
        return self._facts[i].trail

    def trail_length(self, i: int) -> int:
        """The length of scorer ``i``'s longest trail, in cars (``trail(i).length``)."""
        return self._facts[i].trail_length

    def network(self, i: int):
        """Scorer ``i``'s biggest connected network (a graph Network)."""
        return self._facts[i].network

    def tickets_completed(self, i: int) -> int:
        """How many of scorer ``i``'s tickets are done (the first tie-break, B-8.3)."""
        return self._facts[i].tickets_completed

    def holds(self, i: int, bonus: str) -> bool:
        """True if scorer ``i`` scored the bonus ``bonus``."""
        return i in self.awarded.get(bonus, ())

    def index(self, name: str) -> int:
        """The index of the scorer called ``name``."""
        return self.names.index(name)

    # -- winners (B-8.3, U-2.5, TA-24) ------------------------------------------------------
    def _decide(self) -> tuple[tuple[int, ...], str]:
        n = len(self.names)
        ids = list(range(n))
        best = max(self.totals)
        ids = [i for i in ids if self.totals[i] == best]
        pts = _plural(best, "point")
        if len(ids) == 1:
            return tuple(ids), f"Winner: {self.names[ids[0]]}, with {pts}."
        who = _and([self.names[i] for i in ids])
        done = {i: self.tickets_completed(i) for i in ids}
        most = max(done.values())
        by_tickets = [i for i in ids if done[i] == most]
        if len(by_tickets) == 1:
            others = sorted((done[i] for i in ids if i != by_tickets[0]), reverse=True)
            return (tuple(by_tickets), f"{who} tie on {pts}; winner: {self.names[by_tickets[0]]}, "
                    f"with more completed tickets ({most} to {others[0]}) (B-8.3).")
        ids = by_tickets
        who = _and([self.names[i] for i in ids])
        tied = f"{who} tie on {pts} and {_plural(most, 'completed ticket')}"
        if "longest_path" in self.bonuses:
            holders = [i for i in ids if self.holds(i, "longest_path")]
            if len(holders) == 1:
                return (tuple(holders), f"{tied}; winner: {self.names[holders[0]]}, who holds the "
                        f"Longest Path bonus (B-8.3).")
            if len(holders) == len(ids):
                both = "both" if len(ids) == 2 else "all"
                return (tuple(ids), f"{tied}, and {both} hold the Longest Path bonus: "
                        f"a shared win (B-8.3).")
            if holders:
                return (tuple(holders), f"{tied}; {_and([self.names[i] for i in holders])} hold the "
                        f"Longest Path bonus: a shared win between them (B-8.3).")
            return tuple(ids), f"{tied}, and none of them holds the Longest Path bonus: a shared win (B-8.3)."
        return tuple(ids), f"{tied}, and no Longest Path bonus is in play: a shared win (U-2.5)."

    # -- output --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict: players (name, seats, total, lines), winners, bonuses, result."""
        return {
            "board": self.board.key,
            "players": [{"name": s.name, "seats": list(s.seats), "total": self.totals[i],
                         "tickets_completed": self.tickets_completed(i),
                         "lines": [l.to_dict() for l in self.lines[i]]}
                        for i, s in enumerate(self.scorers)],
            "winners": list(self.winners),
            "winner_names": [self.names[i] for i in self.winners],
            "result": self.verdict,
            "bonuses": {key: {"title": BONUSES[key].title, "points": self.bonuses[key],
                              "rule": BONUSES[key].rule,
                              "values": {self.names[i]: v for i, v in enumerate(vs)},
                              "awarded": [self.names[i] for i in self.awarded[key]]}
                        for key, vs in self._values.items()},
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    def _compact_json(self, lines: bool = True) -> str:
        """``json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))``, built
        faster (a simulation stores it for every game); ``lines=False`` leaves out each
        player's ``"lines"``."""
        names = self.names  # text (a Scorer's name is a str), so a JSON key as it is
        known = _route_lines(self.board, self.mountain_points_per_x).json
        players = []
        for i, s in enumerate(self.scorers):
            head = (f'{{"name":{_jv(s.name)},"seats":{_jlist(s.seats)},'
                    f'"total":{_jv(self.totals[i])},'
                    f'"tickets_completed":{_jv(self.tickets_completed(i))}')
            if lines:
                body = ",".join([hit[1] if (hit := known.get(id(l))) and hit[0] is l
                                 else _line_json(l) for l in self.lines[i]])
                players.append(f'{head},"lines":[{body}]}}')
            else:
                players.append(head + "}")
        bonuses = []
        for key, vs in self._values.items():
            b = BONUSES[key]
            values = ",".join(f"{_jv(names[i])}:{_jv(v)}" for i, v in enumerate(vs))
            bonuses.append(
                f'{_jv(key)}:{{"title":{_jv(b.title)},"points":{_jv(self.bonuses[key])},'
                f'"rule":{_jv(b.rule)},"values":{{{values}}},'
                f'"awarded":{_jlist(names[i] for i in self.awarded[key])}}}')
        return (f'{{"board":{_jv(self.board.key)},"players":[{",".join(players)}],'
                f'"winners":{_jlist(self.winners)},'
                f'"winner_names":{_jlist(names[i] for i in self.winners)},'
                f'"result":{_jv(self.verdict)},"bonuses":{{{",".join(bonuses)}}}}}')

    def bonus_summary(self, key: str) -> str:
        """One sentence per bonus: everyone's value and who scores it."""
        b, ms = BONUSES[key], self.standings[key]
        vals = ", ".join(f"{self.names[i]} {m.text}" for i, m in enumerate(ms))
        won = self.awarded[key]
        if not won:
            to = "nobody (0 never earns it)"
        elif len(won) == 1:
            to = self.names[won[0]]
        else:
            to = _and([self.names[i] for i in won]) + ", tied: each scores it"
        return f"{b.title} (+{self.bonuses[key]}, {b.rule}): {vals} → {to}"

    def _sections(self, i: int) -> list[tuple[str, int, list[Line]]]:
        out = []
        for kind, title in (("route", "routes"), ("terrain", "terrain doubling"),
                            ("mountain", "mountain crossing"), ("ticket", "tickets"),
                            ("bonus", "bonuses")):
            ls = [l for l in self.lines[i] if l.kind == kind]
            if ls:
                out.append((title, sum(l.points for l in ls), ls))
        return out

    def __str__(self) -> str:
        w = max(len(n) for n in self.names)
        out = ["Scoresheet — " + self.board.name]
        for i, name in enumerate(self.names):
            mark = "  ← winner" if i in self.winners else ""
            out.append(f"  {name:<{w}} {self.totals[i]:>4}{mark}")
        out.append(self.verdict)
        for key in self._values:
            out.append(self.bonus_summary(key))
        for i, name in enumerate(self.names):
            out.append("")
            out.append(f"{name}: {_plural(self.totals[i], 'point')}")
            for title, sub, ls in self._sections(i):
                n = self.tickets_completed(i)
                extra = (f" ({n} done, {len(self.ticket_results[i]) - n} not done)"
                         if title == "tickets" else "")
                out.append(f"  {title} {_signed(sub) if title != 'routes' else sub}{extra}")
                out.extend(f"    {l.detail}" for l in ls)
        return "\n".join(out)

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={t}" for n, t in zip(self.names, self.totals))
        return f"<Scoresheet {self.board.key}: {body}; winners {[self.names[i] for i in self.winners]}>"

    def _repr_html_(self) -> str:
        e = html.escape
        kinds = [k for k in KINDS[:4] if any(l.kind == k for ls in self.lines for l in ls)]
        label = {"route": "Routes", "terrain": "Terrain doubling", "mountain": "Mountain crossing",
                 "ticket": "Tickets"}
        head = "".join(
            f"<th style='text-align:right'>{'★ ' if i in self.winners else ''}{e(n)}</th>"
            for i, n in enumerate(self.names))
        rows = []
        for k in kinds:
            cells = "".join(f"<td style='text-align:right'>{self.line_total(i, k)}</td>"
                            for i in range(len(self.names)))
            rows.append(f"<tr><td>{label[k]}</td>{cells}</tr>")
        for key in self.standings:
            cells = "".join(
                f"<td style='text-align:right' title='{e(self.standings[key][i].text)}'>"
                f"{self.bonuses[key] if self.holds(i, key) else 0}"
                f"<br><small>{e(self.standings[key][i].text)}</small></td>"
                for i in range(len(self.names)))
            rows.append(f"<tr><td>{e(BONUSES[key].title)} (+{self.bonuses[key]})</td>{cells}</tr>")
        cells = "".join(f"<td style='text-align:right'>{self.tickets_completed(i)}</td>"
                        for i in range(len(self.names)))
        rows.append(f"<tr><td><i>completed tickets</i></td>{cells}</tr>")
        cells = "".join(
            f"<td style='text-align:right'><b>{self.totals[i]}</b></td>" for i in range(len(self.names)))
        rows.append(f"<tr style='border-top:2px solid #444'><td><b>Total</b></td>{cells}</tr>")
        parts = [f"<div class='ttr-scoresheet'><b>{e(self.board.name)}</b>",
                 f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>",
                 f"<p><b>{e(self.verdict)}</b></p>"]
        for i, name in enumerate(self.names):
            body = "".join(
                f"<tr><td>{l.kind}</td><td style='text-align:right'>{_signed(l.points)}</td>"
                f"<td style='text-align:left'>{e(l.detail)}</td>"
                f"<td style='white-space:nowrap;color:#777'><small>{e(l.rule)}</small></td></tr>"
                for l in self.lines[i])
            parts.append(f"<details><summary>{'★ ' if i in self.winners else ''}{e(name)}: "
                         f"{self.totals[i]} points</summary><table><tbody>{body}</tbody></table>"
                         f"</details>")
        parts.append("</div>")
        return "".join(parts)


# -- helpers -----------------------------------------------------------------------------
def _and(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# -- compact JSON text, built directly (what a simulation stores for every game) ---------
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_STR = json.encoder.encode_basestring  # a JSON string, non-ASCII kept (ensure_ascii=False)


def _jv(v: Any) -> str:
    """One JSON value, as ``json.dumps(v, ensure_ascii=False, separators=(",", ":"))``."""
    t = type(v)
    if t is str:
        return _STR(v)
    if t is int:
        return int.__repr__(v)
    if v is None:
        return "null"
    return _ENCODE(v)


def _jlist(values: Iterable[Any]) -> str:
    return "[" + ",".join(map(_jv, values)) + "]"


def _line_json(line: Line) -> str:
    """``line.to_dict()`` as compact JSON text."""
    kind, points, detail, routes, cities, ticket, rule, bonus = (
        line.kind, line.points, line.detail, line.routes, line.cities, line.ticket, line.rule,
        line.bonus)
    if (type(points) is int and type(kind) is str and type(detail) is str
            and type(rule) is str and (ticket is None or type(ticket) is str)
            and (bonus is None or type(bonus) is str)
            and all(type(r) is int for r in routes) and all(type(c) is str for c in cities)):
        return (f'{{"kind":{_STR(kind)},"points":{points},"detail":{_STR(detail)},'
                f'"routes":[{",".join(map(str, routes))}],'
                f'"cities":[{",".join(map(_STR, cities))}],'
                f'"ticket":{"null" if ticket is None else _STR(ticket)},"rule":{_STR(rule)},'
                f'"bonus":{"null" if bonus is None else _STR(bonus)}}}')
    return _ENCODE(line.to_dict())


def _check(board: Board, scorers: tuple[Scorer, ...], bonuses: dict[str, int]) -> list[list[Ticket]]:
    """Refuse what cannot be scored; return each scorer's Ticket objects."""
    if not scorers:
        raise IllegalAction("A scoresheet needs at least one player or team.")
    seen_names: set[str] = set()
    for s in scorers:
        if s.name in seen_names:
            raise IllegalAction(f"Two players are called {s.name!r}; each needs a different name.")
        seen_names.add(s.name)
    for key, pts in bonuses.items():
        if key not in BONUSES:
            raise IllegalAction(f"There is no bonus called {key!r}; the bonuses are "
                                f"{', '.join(sorted(BONUSES))}.")
        if not isinstance(pts, int) or isinstance(pts, bool) or pts < 0:
            raise IllegalAction(f"The {BONUSES[key].title} bonus must be a whole number of points, "
                                f"not {pts!r}.")
    owner_of_route: dict[int, str] = {}
    holder_of_ticket: dict[str, str] = {}
    all_tickets: list[list[Ticket]] = []
    for s in scorers:
        for c in s.claims:
            try:
                r = board.route(c.route)
            except KeyError:
                raise IllegalAction(f"{s.name} claims route {c.route!r}, but {board.name} has no "
                                    f"route with that id.") from None
            if c.route in owner_of_route:
                who = owner_of_route[c.route]
                raise IllegalAction(f"Route {r.label()} is claimed twice ("
                                    + (f"twice by {s.name}" if who == s.name else f"by {who} and {s.name}")
                                    + "); each track holds one player's trains.")
            owner_of_route[c.route] = s.name
            _check_doubling(board, s, c, r)
        mine: list[Ticket] = []
        for t in s.tickets:
            if isinstance(t, Ticket):
                ticket = t
            else:
                try:
                    ticket = board.ticket(t)
                except KeyError:
                    raise IllegalAction(f"{s.name} holds ticket {t!r}, but {board.name} has no "
                                        f"ticket with that id.") from None
            if ticket.id in holder_of_ticket:
                who = holder_of_ticket[ticket.id]
                raise IllegalAction(f"Ticket {ticket.label()} is held twice ("
                                    + (f"twice by {s.name}" if who == s.name else f"by {who} and {s.name}")
                                    + "); there is one card of each ticket.")
            for city in (ticket.a, ticket.b):
                if city not in board.cities:
                    raise IllegalAction(f"Ticket {ticket.label()} names {city!r}, which is not on "
                                        f"{board.name}.")
            holder_of_ticket[ticket.id] = s.name
            mine.append(ticket)
        all_tickets.append(mine)
    return all_tickets


def _bonus_line(bonus: Bonus, points: int, m: Measure, tied_with: Sequence[str]) -> Line:
    note = f" ({m.note})" if m.note else ""
    if tied_with:
        head = f"{bonus.title}, tied with {_and(tied_with)} at {m.text}"
    else:
        head = f"{bonus.title}: {m.text}"
    return Line("bonus", points, f"{head}{note}: +{points}", m.routes, m.cities,
                rule=bonus.rule, bonus=bonus.key)


def _cards_needed(length: int) -> int:
    """Terrain cards a doubling costs (H-5.2): 1 for 1–3 spaces, 2 for 4–6."""
    return 1 if length <= 3 else 2


def _check_doubling(board: Board, s: Scorer, c: Claim, r: Route) -> None:
    if not c.doubled:
        if c.terrain_spent:
            raise IllegalAction(f"{s.name} spent Terrain cards on {r.label()} but did not double it "
                                f"(H-5.1): Terrain cards are only spent to double a route.")
        return
    if r.terrain is None:
        raise IllegalAction(f"{s.name} doubled {r.label()}, but that route has no terrain: only "
                            f"Heart of Africa routes can be doubled with Terrain cards (H-5).")
    need = _cards_needed(r.length)
    for card in c.terrain_spent:
        if card not in (r.terrain, LOCOMOTIVE):
            raise IllegalAction(f"{s.name} doubled {r.label()} with a {card!r} card; that route is "
                                f"{TERRAIN_NAMES.get(r.terrain, r.terrain)} and takes "
                                f"{TERRAIN_NAMES.get(r.terrain, r.terrain)} cards or Locomotives "
                                f"(H-3.2, H-6.1).")
    spent = len(c.terrain_spent)
    locos = c.terrain_spent.count(LOCOMOTIVE)
    # With Locomotives in the mix the exchange rate is an open rule (H-6.3): accept 1..need.
    if spent and (spent > need or (locos == 0 and spent != need)):
        raise IllegalAction(f"{s.name} doubled {r.label()} with {_plural(spent, 'card')}; a route "
                            f"of {r.length} spaces takes {_plural(need, 'Terrain card')} (H-5.2).")


class _RouteLines:
    """The lines of claims without doubling on one board, made once (a Line is immutable,
    so every sheet can share them), by ``id(line)`` each line with its compact JSON, and
    the tickets' results and lines by the numbers only."""

    __slots__ = ("lines", "json", "tickets", "points", "per_x")

    def __init__(self) -> None:
        self.per_x = MOUNTAIN_POINTS_PER_X  # points per mountain X (LA-9) of these lines
        self.lines: dict[int, tuple[Line, ...]] = {}
        # route id -> (its points, its Mountain Crossing points or -1 for a route without)
        self.points: dict[int, tuple[int, int]] = {}
        self.json: dict[int, tuple[Line, str]] = {}
        # (ticket id, owner) -> the ticket's result and line by the numbers only, (not done, done)
        self.tickets: dict[tuple[str, str | None],
                           tuple[tuple[TicketResult, Line], tuple[TicketResult, Line]]] = {}


_ROUTE_LINES: "weakref.WeakKeyDictionary[Board, dict[int, _RouteLines]]" = weakref.WeakKeyDictionary()


def _route_lines(board: Board, per_x: int = MOUNTAIN_POINTS_PER_X) -> _RouteLines:
    """The shared lines of ``board`` with ``per_x`` points per mountain X (LA-9)."""
    try:
        by_x = _ROUTE_LINES[board]
    except KeyError:
        by_x = _ROUTE_LINES[board] = {}
    cache = by_x.get(per_x)
    if cache is None:
        cache = by_x[per_x] = _RouteLines()
        cache.per_x = per_x
    return cache


def _settings(board: Board, scorers: tuple[Scorer, ...],
              settings: Mapping[str, Any] | None) -> tuple[int, bool]:
    """(points per mountain X, whether doubles are open) for a sheet under ``settings``:
    the players are the scorers' seats (one for a scorer without seats), teams when a
    scorer has several (:func:`ttr_nb.rules.claiming.doubles_open`)."""
    settings = settings or {}
    per_x = settings.get("mountain_points_per_x")
    per_x = MOUNTAIN_POINTS_PER_X if per_x is None else per_x
    if settings.get("double_routes_min_players") is None:
        settings = {**settings,
                    "double_routes_min_players": int(board.meta.get("double_routes_min_players", 4))}
    players = team = 0
    for s in scorers:
        k = len(s.seats) or 1
        players += k
        team = max(team, k)
    return per_x, doubles_open(players, team, settings)


def _claims_lines(board: Board, claims: Sequence[Claim], cache: _RouteLines) -> list[Line]:
    """The lines of a scorer's claims, in claim order (:func:`_claim_lines` of each)."""
    known = cache.lines
    out: list[Line] = []
    for c in claims:
        hit = None if c.doubled else known.get(c.route)
        out.extend(hit if hit is not None else _claim_lines(board, c, cache))
    return out


def _claims_points(board: Board, claims: Sequence[Claim], cache: _RouteLines) -> dict[str, int]:
    """The points of a scorer's claims by kind ('route', 'terrain', 'mountain'): the sums of
    :func:`_claims_lines` by kind, without the lines (a kind with no line is left out)."""
    known = cache.points
    route = terrain = mountain = 0
    doubled = climbed = False
    for c in claims:
        hit = known.get(c.route)
        if hit is None:
            r = board.route(c.route)
            w = route_worth(board, r, False, cache.per_x)
            hit = known[c.route] = (w.route, w.mountain if r.mountains else -1)
        route += hit[0]
        if hit[1] >= 0:
            mountain += hit[1]
            climbed = True
        if c.doubled:
            terrain += hit[0]  # route_worth(board, r, True, per_x).terrain
            doubled = True
    out = {"route": route} if claims else {}
    if doubled:
        out["terrain"] = terrain
    if climbed:
        out["mountain"] = mountain
    return out


def _claim_lines(board: Board, c: Claim, cache: _RouteLines) -> Sequence[Line]:
    """The lines of one claim (shared between sheets when the claim is not doubled)."""
    if c.doubled:
        return _make_claim_lines(board, c, cache.per_x)
    try:
        return cache.lines[c.route]
    except KeyError:
        lines = cache.lines.setdefault(c.route, tuple(_make_claim_lines(board, c, cache.per_x)))
        for line in lines:
            cache.json[id(line)] = (line, _line_json(line))
        return lines


def _make_claim_lines(board: Board, c: Claim, per_x: int = MOUNTAIN_POINTS_PER_X) -> list[Line]:
    """A claim's route line, its terrain line if doubled, its mountain line if it has X
    spaces: the parts of :func:`~ttr_nb.rules.claiming.route_worth`."""
    r = board.route(c.route)
    w = route_worth(board, r, c.doubled, per_x)
    lines = [Line("route", w.route, f"{r.label()}: {w.route}", (r.id,), r.cities, rule="B-5.9")]
    if c.doubled:
        lines.append(Line("terrain", w.terrain,
                          f"{r.label()} doubled with {_spent_text(r, c)}: +{w.terrain}",
                          (r.id,), r.cities, rule="H-5.6"))
    if r.mountains:
        lines.append(Line("mountain", w.mountain,
                          f"{r.label()}: {_plural(r.mountains, 'train')} to the Mountain Crossing "
                          f"× {per_x}: +{w.mountain}", (r.id,), r.cities, rule="LA-9"))
    return lines


def _spent_text(r: Route, c: Claim) -> str:
    name = TERRAIN_NAMES.get(r.terrain or "", r.terrain or "Terrain")
    if not c.terrain_spent:
        return f"{name} cards"
    n_t = sum(1 for x in c.terrain_spent if x != LOCOMOTIVE)
    n_l = len(c.terrain_spent) - n_t
    parts = []
    if n_t:
        parts.append(f"{n_t} {name} card{'s' * (n_t > 1)}")
    if n_l:
        parts.append(_plural(n_l, "Locomotive"))
    return " + ".join(parts)


_NUMBERS_ONLY: ContextVar[bool] = ContextVar("ttr_nb_numbers_only", default=False)


@contextmanager
def _numbers_only() -> Iterator[None]:
    """Sheets computed inside get every number right (totals, line points by kind, ticket
    results done or not, bonuses, winners, the verdict) but explain no ticket: no path for a
    ticket done, no gap for one not done. A simulation that keeps no lines needs nothing
    more, and ``to_dict()`` without the lines is the same as a full sheet's. The scorers
    are trusted (a game's own, valid by construction): they are not checked."""
    token = _NUMBERS_ONLY.set(True)
    try:
        yield
    finally:
        _NUMBERS_ONLY.reset(token)


def _ticket_lines(board: Board, s: Scorer, f: ScorerFacts, scorers: tuple[Scorer, ...],
                  known: _RouteLines, closed: Callable[[], set[int]]
                  ) -> tuple[tuple[TicketResult, ...], list[Line]]:
    """The results and lines of ``s``'s tickets; ``closed()`` gives the tracks ``s`` may not
    claim (asked only when a gap is searched)."""
    owners = s.ticket_owner or {}
    results, lines = [], []
    if f.numbers_only:
        cache = known.tickets
        for t, done in zip(f.tickets, f.done):
            owner = owners.get(t.id)
            key = (t.id, owner)
            hit = cache.get(key)
            if hit is None or hit[0][0].ticket is not t:
                hit = cache[key] = (_unexplained(t, False, owner), _unexplained(t, True, owner))
            result, line = hit[done]
            results.append(result)
            lines.append(line)
        return tuple(results), lines
    search = None
    for t, con in zip(f.tickets, f.connections):
        owner = owners.get(t.id)
        where = f", {owner}" if owner else ""
        head = f"{t.a}–{t.b} ({t.points}{where})"
        if con.connected:
            results.append(TicketResult(t, True, tuple(con.routes), tuple(con.cities), owner))
            lines.append(Line("ticket", t.points, f"{head} done: {_arrow(con.cities)}: +{t.points}",
                              tuple(con.routes), tuple(con.cities), t.id, rule="B-6.4"))
        else:
            if search is None:
                search = GapSearch(board, f.route_ids, closed())
            gap_routes, gap_cost = search.gap(t, con.reached_from_a, con.reached_from_b)
            why = (f"{_reach(t.a, con.reached_from_a)}; {_reach(t.b, con.reached_from_b)}"
                   f"; {_gap_text(search.tables.labels, gap_routes, gap_cost)}")
            results.append(TicketResult(t, False, tuple(gap_routes), (), owner))
            lines.append(Line("ticket", -t.points, f"{head} not done: {why}: -{t.points}",
                              tuple(gap_routes), (t.a, t.b), t.id, rule="B-6.5"))
    return tuple(results), lines


def _unexplained(t: Ticket, done: bool, owner: str | None) -> tuple[TicketResult, Line]:
    """A ticket's result and line by the numbers only (no path, no gap)."""
    head = f"{t.a}–{t.b} ({t.points}{f', {owner}' if owner else ''})"
    if done:
        return (TicketResult(t, True, (), (), owner),
                Line("ticket", t.points, f"{head} done: +{t.points}", (), (t.a, t.b), t.id,
                     rule="B-6.4"))
    return (TicketResult(t, False, (), (), owner),
            Line("ticket", -t.points, f"{head} not done: -{t.points}", (), (t.a, t.b), t.id,
                 rule="B-6.5"))


def closed_to(board: Board, scorers: Sequence[Scorer], k: int, open_doubles: bool) -> set[int]:
    """The ids of the tracks scorer ``k`` may not claim, by the rule play refuses a claim
    with (:func:`ttr_nb.rules.claiming.track_closed`): claimed by another scorer (B-5.1),
    another track of a route ``k`` holds (B-5.7, TA-20), or another track of a double that
    someone holds when only one is used (``open_doubles`` False: B-5.8, TA-20). The scorer's
    own claims are not in it (they are its network). Only a claimed track or another track
    of its route can be closed, so only those are asked."""
    T = tables(board)
    idx = T.idx
    owner = [-1] * T.n
    asked: list[int] = []
    for j, o in enumerate(scorers):
        for c in o.claims:
            i = idx[c.route]
            owner[i] = j
            asked.append(i)
    twins = T.rtwins
    asked += [t for i in asked for t in twins[i]]
    side_of = range(len(scorers))
    rid = T.rid
    return {rid[i] for i in set(asked)
            if owner[i] != k and track_closed(i, k, owner, side_of, twins[i], open_doubles)}


def _reach(end: str, reached: Collection[str], show: int = 4) -> str:
    if len(reached) == 1 and end in reached:
        return f"no train at {end}"
    others = sorted(set(reached) - {end})
    if not others:
        return f"no train at {end}"
    shown = ", ".join(others[:show])
    more = f" and {len(others) - show} more" if len(others) > show else ""
    return f"{end} reaches {shown}{more}"


def _gap_text(labels: Mapping[int, str], routes: Sequence[int], cost: int | None) -> str:
    if cost is None:
        return "no open route can join them now"
    names = ", ".join(labels[i] for i in routes)
    return f"the gap is {_plural(cost, 'train')} ({names})"
