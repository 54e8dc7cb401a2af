"""The lines of tickets: + its value when done, with the path that does it (B-6.4); − when
not, with what each end reaches and the gap between them: the tracks the scorer may still
claim (B-5.8, B-6.5, TA-20)."""
from __future__ import annotations

from typing import Callable, Collection, Mapping, Sequence

from ..board import Board
from ..rules.claiming import tables, track_closed
from ..scoring_search import GapSearch
from .claims import RouteLines
from .facts import ScorerFacts
from .lines import Line, Scorer, TicketResult, arrow, plural


def ticket_lines(board: Board, s: Scorer, f: ScorerFacts, known: RouteLines,
                 closed: Callable[[], set[int]]) -> tuple[tuple[TicketResult, ...], list[Line]]:
    """The results and lines of ``s``'s tickets; ``closed()`` gives the tracks ``s`` may not
    claim (asked only when a gap is searched)."""
    owners = s.ticket_owner or {}
    results, lines = [], []
    if f.numbers_only:
        for t, done in zip(f.tickets, f.done):
            result, line = known.ticket_pair(t, owners.get(t.id))[done]
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
            lines.append(Line("ticket", t.points, f"{head} done: {arrow(con.cities)}: +{t.points}",
                              tuple(con.routes), tuple(con.cities), t.id, rule="B-6.4"))
        else:
            if search is None:
                search = GapSearch(board, f.ticket_ids, closed().difference(f.borrowed))
            gap_routes, gap_cost = search.gap(t, con.reached_from_a, con.reached_from_b)
            why = (f"{_reach(t.a, con.reached_from_a)}; {_reach(t.b, con.reached_from_b)}"
                   f"; {_gap_text(search.labels, gap_routes, gap_cost)}")
            results.append(TicketResult(t, False, tuple(gap_routes), (), owner))
            lines.append(Line("ticket", -t.points, f"{head} not done: {why}: -{t.points}",
                              tuple(gap_routes), (t.a, t.b), t.id, rule="B-6.5"))
    return tuple(results), lines


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
    return f"the gap is {plural(cost, 'train')} ({names})"


__all__ = ["ticket_lines", "closed_to"]
