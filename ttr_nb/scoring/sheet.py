"""The Scoresheet: the numbers at once, the explanation on first use, the winners (B-8.3),
and its text, HTML and JSON forms. It names no mechanic: it asks the game's mechanics for
their lines, sections and effect on tickets (:class:`~ttr_nb.rules.mechanic.Mechanic`)."""
from __future__ import annotations

import html
import json
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..board import Board, Ticket
from ..rules.claiming import doubles_open
from ..rules import mechanic_class, mechanic_classes
from ..rules.mechanic import Mechanic
from .bonuses import BONUSES, Measure, bonus_line
from .check import check
from .claims import overrides, route_lines, score_settings
from .facts import ScorerFacts
from .jsontext import jlist, jv, line_json
from .lines import Line, Scorer, TicketResult, and_, plural, sections, signed
from .tickets import closed_to, ticket_lines

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


def mechanic_types(mechanics: Iterable[Any] | None) -> tuple[type[Mechanic], ...]:
    """The Mechanic classes of ``mechanics`` (names, classes or a game's instances); None =
    every registered mechanic (:func:`ttr_nb.rules.mechanic_classes`)."""
    if mechanics is None:
        return mechanic_classes()
    return tuple(mechanic_class(m) if isinstance(m, str) else m if isinstance(m, type) else type(m)
                 for m in mechanics)


_SECTIONS: dict[tuple[type[Mechanic], ...], tuple[tuple[str, str], ...]] = {}
_ASKED: dict[tuple[type[Mechanic], ...], tuple[list, list, list]] = {}


def _asked(mech: tuple[type[Mechanic], ...]) -> tuple[list, list, list]:
    """The mechanics that check claims, lend routes to tickets, add a scorer's lines (made
    once per list of mechanics)."""
    found = _ASKED.get(mech)
    if found is None:
        found = _ASKED[mech] = tuple([m for m in mech if overrides(m, hook)]  # type: ignore[assignment]
                                     for hook in ("claim_problem", "ticket_routes", "scorer_lines"))
    return found


def _open_doubles(board: Board, scorers: tuple[Scorer, ...], settings: Mapping[str, Any]) -> bool:
    """Whether doubles are open for a sheet under ``settings``: the players are the scorers'
    seats (one for a scorer without seats), teams when a scorer has several
    (:func:`ttr_nb.rules.claiming.doubles_open`)."""
    if settings.get("double_routes_min_players") is None:
        settings = {**settings,
                    "double_routes_min_players": int(board.meta.get("double_routes_min_players", 4))}
    players = team = 0
    for s in scorers:
        k = len(s.seats) or 1
        players += k
        team = max(team, k)
    return doubles_open(players, team, settings)


def _every_kind() -> tuple[str, ...]:
    """Every kind of line of every registered mechanic (a sheet has 0 points of the others)."""
    return tuple(k for k, _ in sections(mechanic_classes()))


class Scoresheet:
    """A final score, explained line by line, with bonuses and the winners (B-8).

    Build one with :meth:`compute`. ``names``, ``totals`` and ``lines`` hold one entry per
    scorer (player or team), in the order given; ``winners`` the indices of the winners.
    Shows itself as text (``str``), as an HTML table in Jupyter, and as a dict for JSON.

    The numbers (totals, points by kind, tickets done, bonus values, winners) are computed
    at once; the lines, ``ticket_results`` and ``standings`` that explain them on first use.
    A setting the mechanics' lines read is also an attribute (``sheet.mountain_points_per_x``).
    """

    def __init__(self, board: Board, scorers: tuple[Scorer, ...], bonuses: dict[str, int],
                 facts: tuple[ScorerFacts, ...], kinds: tuple[dict[str, int], ...],
                 values: dict[str, tuple[int, ...]], awarded: dict[str, tuple[int, ...]],
                 measures: dict[str, tuple[Measure, ...]] | None = None,
                 open_doubles: bool = False, mechanics: tuple[type[Mechanic], ...] = (),
                 settings: dict[str, Any] | None = None,
                 extra_lines: tuple[tuple[Line, ...], ...] = ()):
        self.board = board
        self.mechanics = mechanics
        """The mechanics whose lines this sheet has (classes)."""
        self.settings: dict[str, Any] = dict(settings or {})
        """The settings the mechanics' lines were counted with (``mountain_points_per_x``...)."""
        found = _SECTIONS.get(mechanics)
        if found is None:
            found = _SECTIONS[mechanics] = sections(mechanics)
        self.sections: tuple[tuple[str, str], ...] = found
        """Each kind of line with its section title, in sheet order."""
        self.doubles_open = open_doubles
        """Whether every track of a double route may be used (B-5.8, TA-20): the gaps of
        tickets not done follow it."""
        self.scorers = scorers
        self.bonuses = bonuses
        self._facts = facts
        self._kinds = kinds
        self._values = values
        self._extra_lines = extra_lines or tuple(() for _ in scorers)
        self._measures = dict(measures or {})
        self._explained: tuple[Any, Any, Any] | None = None
        self.names: tuple[str, ...] = tuple(s.name for s in scorers)
        self.totals: tuple[int, ...] = tuple(sum(k.values()) for k in kinds)
        self.awarded = awarded
        self.winners, self.verdict = self._decide()

    def __getattr__(self, name: str) -> Any:
        settings = self.__dict__.get("settings")
        if settings is not None and name in settings:
            return settings[name]
        raise AttributeError(f"'Scoresheet' object has no attribute {name!r}")

    # -- building ------------------------------------------------------------------------
    @classmethod
    def compute(cls, board: Board | str, scorers: Sequence[Scorer],
                bonuses: Mapping[str, int] | None = None,
                settings: Mapping[str, Any] | None = None,
                mechanics: Iterable[Any] | None = None) -> "Scoresheet":
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
            defaults): what the mechanics' lines read (``mountain_points_per_x``, LA-9),
            ``double_routes_min_players`` (B-5.8, default the map's) and
            ``two_team_doubles`` (TA-20) for which tracks a gap may use. The players are
            counted from the scorers' seats (a scorer without seats is one player).
        mechanics : the game's mechanics (names, classes or instances) whose lines,
            sections and effect on tickets the sheet asks for; None = every registered one
            (each adds lines only where a claim or scorer calls for them).

        Raises
        ------
        IllegalAction : unknown route, ticket or bonus; a route or ticket held twice; what a
            mechanic refuses of a claim (a doubling that the route cannot have).
        """
        if isinstance(board, str):
            from ..board import load_map

            board = load_map(board)
        scorers = tuple(scorers)
        bonuses = dict(bonuses or {})
        mech = mechanic_types(mechanics)
        numbers_only = _NUMBERS_ONLY.get()
        if numbers_only:  # the engine's own scorers: valid by construction
            tickets = [[t if isinstance(t, Ticket) else board.ticket(t) for t in s.tickets]
                       for s in scorers]
        checkers, lenders, adders = _asked(mech)
        if not numbers_only:
            tickets = check(board, scorers, bonuses, checkers)
        settings = settings or {}
        mine = score_settings(mech, settings)
        open_doubles = _open_doubles(board, scorers, settings)
        facts = tuple(ScorerFacts(board, s, ts, numbers_only,
                                  [r for m in lenders for r in m.ticket_routes(board, s, scorers, mine)]
                                  if lenders else ())
                      for s, ts in zip(scorers, tickets))
        known = route_lines(board, mech, mine)
        kinds = tuple(known.points(s.claims) for s in scorers)
        extra = tuple(tuple(line for m in adders for line in m.scorer_lines(board, s, scorers, mine))
                      for s in scorers) if adders else ()
        for k, ls in zip(kinds, extra):
            for line in ls:
                k[line.kind] = k.get(line.kind, 0) + line.points
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
        return cls(board, scorers, bonuses, facts, kinds, values, awarded, measures,
                   open_doubles, mech, mine, extra)

    # -- the explanation (built on first use) ----------------------------------------------
    def _explain(self) -> tuple[Any, Any, Any]:
        """(lines, ticket results, standings), made once."""
        if self._explained is None:
            board, scorers, facts = self.board, self.scorers, self._facts
            lines: list[list[Line]] = []
            results: list[tuple[TicketResult, ...]] = []
            known = route_lines(board, self.mechanics, self.settings)
            for k, (s, f) in enumerate(zip(scorers, facts)):
                own = known.of_claims(s.claims) + list(self._extra_lines[k])
                res, tlines = ticket_lines(board, s, f, known,
                                           lambda k=k: closed_to(board, scorers, k, self.doubles_open))
                lines.append(own + tlines)
                results.append(res)
            standings: dict[str, tuple[Measure, ...]] = {}
            for key in self._values:
                bonus = BONUSES[key]
                ms = self._measures.get(key) or tuple(bonus.measure(f) for f in facts)
                standings[key] = ms
                won = self.awarded[key]
                for i in won:
                    lines[i].append(bonus_line(bonus, self.bonuses[key], ms[i],
                                               [self.names[j] for j in won if j != i],
                                               bonus.rule_on(board.key)))
            self._explained = (tuple(tuple(ls) for ls in lines), tuple(results), standings)
        return self._explained

    @property
    def lines(self) -> tuple[tuple[Line, ...], ...]:
        """Each scorer's lines: routes, the mechanics' lines, tickets, bonuses (:class:`Line`)."""
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
    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of line this sheet can have, in sheet order."""
        return tuple(k for k, _ in self.sections)

    def total(self, i: int) -> int:
        """Scorer ``i``'s total."""
        return self.totals[i]

    def line_total(self, i: int, kind: str) -> int:
        """The points of scorer ``i``'s lines of one kind ('route', 'ticket', ...)."""
        if kind not in self.kinds and kind not in _every_kind():
            raise ValueError(f"unknown line kind {kind!r}; kinds are {', '.join(self.kinds)}")
        return self._kinds[i].get(kind, 0)

    def kind_totals(self, i: int) -> dict[str, int]:
        """Scorer ``i``'s points by kind of line, for the kinds it has a line of (in
        :attr:`kinds` order); the values add up to its total."""
        return {k: self._kinds[i][k] for k in self.kinds if k in self._kinds[i]}

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
        pts = plural(best, "point")
        if len(ids) == 1:
            return tuple(ids), f"Winner: {self.names[ids[0]]}, with {pts}."
        who = and_([self.names[i] for i in ids])
        done = {i: self.tickets_completed(i) for i in ids}
        most = max(done.values())
        by_tickets = [i for i in ids if done[i] == most]
        if len(by_tickets) == 1:
            others = sorted((done[i] for i in ids if i != by_tickets[0]), reverse=True)
            return (tuple(by_tickets), f"{who} tie on {pts}; winner: {self.names[by_tickets[0]]}, "
                    f"with more completed tickets ({most} to {others[0]}) (B-8.3).")
        ids = by_tickets
        who = and_([self.names[i] for i in ids])
        tied = f"{who} tie on {pts} and {plural(most, 'completed ticket')}"
        # then the longest continuous path (B-8.3): compared whether or not one of them holds
        # the Longest Path bonus (a third player may hold it; some ways to play have none, U-2.5)
        rule = "B-8.3" if "longest_path" in self.bonuses else "B-8.3, U-2.5"
        cars = {i: self.trail_length(i) for i in ids}
        far = max(cars.values())
        longest = [i for i in ids if cars[i] == far]
        holders = [i for i in longest if self.holds(i, "longest_path")]
        card = " and hold the Longest Path bonus" if holders else ""
        if len(longest) == 1:
            rest = sorted((cars[i] for i in ids if i != longest[0]), reverse=True)
            card = " and the Longest Path bonus" if holders else ""
            return (tuple(longest), f"{tied}; winner: {self.names[longest[0]]}, with the longest "
                    f"continuous path ({far} to {plural(rest[0], 'car')}){card} ({rule}).")
        names = and_([self.names[i] for i in longest])
        if len(longest) == len(ids):
            each = "both" if len(ids) == 2 else "all"
            return (tuple(longest), f"{tied}, and {each} have a longest continuous path of "
                    f"{plural(far, 'car')}{card}: a shared win ({rule}).")
        return (tuple(longest), f"{tied}; {names} have the longest continuous path "
                f"({plural(far, 'car')}){card}: a shared win between them ({rule}).")

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
                              "rule": BONUSES[key].rule_on(self.board.key),
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
        known = route_lines(self.board, self.mechanics, self.settings).json
        players = []
        for i, s in enumerate(self.scorers):
            head = (f'{{"name":{jv(s.name)},"seats":{jlist(s.seats)},'
                    f'"total":{jv(self.totals[i])},'
                    f'"tickets_completed":{jv(self.tickets_completed(i))}')
            if lines:
                body = ",".join([hit[1] if (hit := known.get(id(l))) and hit[0] is l
                                 else line_json(l) for l in self.lines[i]])
                players.append(f'{head},"lines":[{body}]}}')
            else:
                players.append(head + "}")
        bonuses = []
        for key, vs in self._values.items():
            b = BONUSES[key]
            values = ",".join(f"{jv(names[i])}:{jv(v)}" for i, v in enumerate(vs))
            bonuses.append(
                f'{jv(key)}:{{"title":{jv(b.title)},"points":{jv(self.bonuses[key])},'
                f'"rule":{jv(b.rule_on(self.board.key))},"values":{{{values}}},'
                f'"awarded":{jlist(names[i] for i in self.awarded[key])}}}')
        return (f'{{"board":{jv(self.board.key)},"players":[{",".join(players)}],'
                f'"winners":{jlist(self.winners)},'
                f'"winner_names":{jlist(names[i] for i in self.winners)},'
                f'"result":{jv(self.verdict)},"bonuses":{{{",".join(bonuses)}}}}}')

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
            to = and_([self.names[i] for i in won]) + ", tied: each scores it"
        return f"{b.title} (+{self.bonuses[key]}, {b.rule_on(self.board.key)}): {vals} → {to}"

    def _sections(self, i: int) -> list[tuple[str, str, int, list[Line]]]:
        """Scorer ``i``'s sections that have a line: (kind, title, points, lines)."""
        out = []
        for kind, title in self.sections:
            ls = [l for l in self.lines[i] if l.kind == kind]
            if ls:
                out.append((kind, title, sum(l.points for l in ls), ls))
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
            out.append(f"{name}: {plural(self.totals[i], 'point')}")
            for kind, title, sub, ls in self._sections(i):
                n = self.tickets_completed(i)
                extra = (f" ({n} done, {len(self.ticket_results[i]) - n} not done)"
                         if kind == "ticket" else "")
                out.append(f"  {title} {signed(sub) if kind != 'route' else sub}{extra}")
                out.extend(f"    {l.detail}" for l in ls)
        return "\n".join(out)

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={t}" for n, t in zip(self.names, self.totals))
        return f"<Scoresheet {self.board.key}: {body}; winners {[self.names[i] for i in self.winners]}>"

    def _repr_html_(self) -> str:
        e = html.escape
        label = {k: t[:1].upper() + t[1:] for k, t in self.sections if k != "bonus"}
        kinds = [k for k in label if any(l.kind == k for ls in self.lines for l in ls)]
        head = "".join(
            f"<th style='text-align:right'>{'★ ' if i in self.winners else ''}{e(n)}</th>"
            for i, n in enumerate(self.names))
        rows = []
        for k in kinds:
            cells = "".join(f"<td style='text-align:right'>{self.line_total(i, k)}</td>"
                            for i in range(len(self.names)))
            rows.append(f"<tr><td>{e(label[k])}</td>{cells}</tr>")
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
                f"<tr><td>{l.kind}</td><td style='text-align:right'>{signed(l.points)}</td>"
                f"<td style='text-align:left'>{e(l.detail)}</td>"
                f"<td style='white-space:nowrap;color:#777'><small>{e(l.rule)}</small></td></tr>"
                for l in self.lines[i])
            parts.append(f"<details><summary>{'★ ' if i in self.winners else ''}{e(name)}: "
                         f"{self.totals[i]} points</summary><table><tbody>{body}</tbody></table>"
                         f"</details>")
        parts.append("</div>")
        return "".join(parts)


__all__ = ["Scoresheet", "mechanic_types"]
