"""The simulation lab: results of :func:`ttr_nb.simulate` as rows, tables and plots.

Rows are plain dicts (one per game and seat), so a class can explore them with or
without pandas; :func:`to_dataframe` makes a pandas DataFrame when pandas is
installed (``pip install "ttr_nb[pandas]"``). Every plot returns a matplotlib Figure.

>>> import ttr_nb
>>> from ttr_nb import lab
>>> results = ttr_nb.simulate("usa", players=2, games=20, seed=3)   # doctest: +SKIP
>>> [r["seat"] for r in lab.rows(results)[:2]]                       # doctest: +SKIP
[0, 1]
"""
from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .errors import ArgumentError, shown
from .simulate import GameResult, wilson

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .board import Board

__all__ = [
    "rows", "ticket_rows", "to_dataframe", "score_kinds", "read_results", "result_problem", "shape_problem",
    "write_results",
    "win_rates", "ticket_completion", "route_claims", "route_table", "plot_win_rate",
    "plot_scores", "plot_route_heatmap", "plot_ticket_completion", "heat_colors", "wilson",
    "DoublingDuel", "doubling_duel",
]


# ---------------------------------------------------------------------- rows

def _game_results(results: Any, lazy: bool = False) -> Any:
    """``results`` as a list of GameResult (an iterator of them, left as it is, if ``lazy``);
    ValueError, in words, for anything else (a number, a string, a list of other things)."""
    if isinstance(results, (str, bytes, dict)) or not isinstance(results, Iterable):
        raise ArgumentError(f"results are a list of game results (what simulate or read_results gives), "
                            f"not {shown(results)}", "results")
    if lazy and not isinstance(results, (list, tuple)):
        return (_one_result(r) for r in results)
    try:
        return [_one_result(r) for r in results]
    except ValueError:
        raise
    except Exception as e:  # noqa: BLE001 (an object that says it can be iterated, and can't)
        raise ArgumentError(f"results are a list of game results (what simulate or read_results gives); "
                            f"this one cannot be read ({type(e).__name__})", "results") from None


def _one_result(r: Any) -> Any:
    if not isinstance(r, GameResult):
        raise ArgumentError(f"results are a list of game results (what simulate or read_results gives); "
                            f"one of them is {shown(r)}", "results")
    return r

def score_kinds(results: Iterable[GameResult]) -> list[str]:
    """Every kind of score line met in ``results`` ('bonus', 'route', 'ticket', …), sorted."""
    results = _game_results(results)
    return sorted({k for r in results for s in r.seats for k in s.points})


def rows(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """One dict per game and seat, ready for a table or a DataFrame.

    Keys: ``game, seed, variant, players, seat, name, agent, team, total, won,
    points_<kind>`` (one column per kind of score line, 0 when a seat has none),
    ``tickets_kept, tickets_completed, trains_left, longest_trail, routes_claimed,
    turns, steps``. ``team`` is the index of the seat's line in the Scoresheet
    (the seat itself, except in a team game).
    """
    results = _game_results(results)
    kinds = score_kinds(results)
    out = []
    for r in results:
        for s in r.seats:
            row: dict[str, Any] = {
                "game": r.game, "seed": r.seed, "variant": r.variant, "players": r.players,
                "seat": s.seat, "name": s.name, "agent": s.agent, "team": s.scorer,
                "total": s.total, "won": s.won,
            }
            for k in kinds:
                row[f"points_{k}"] = s.points.get(k, 0)
            row.update(tickets_kept=s.tickets_kept, tickets_completed=s.tickets_completed,
                       trains_left=s.trains_left, longest_trail=s.longest_trail,
                       routes_claimed=len(s.routes), turns=r.turns, steps=r.steps)
            out.append(row)
    return out


def ticket_rows(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """One dict per kept ticket: ``game, variant, seat, agent, ticket, value, completed``."""
    results = _game_results(results)
    return [{"game": r.game, "variant": r.variant, "seat": s.seat, "agent": s.agent,
             "ticket": tid, "value": value, "completed": done}
            for r in results for s in r.seats for tid, value, done in s.tickets]


def to_dataframe(results: Sequence[GameResult], kind: str = "seats") -> Any:
    """``rows(results)`` (``kind="seats"``) or ``ticket_rows(results)`` (``kind="tickets"``)
    as a pandas DataFrame. Needs pandas: ``pip install "ttr_nb[pandas]"``."""
    results = _game_results(results)
    try:
        import pandas as pd  # noqa: PLC0415
    except ImportError as e:
        raise ImportError(
            "to_dataframe needs pandas, which is not installed. Install it with "
            "`pip install \"ttr_nb[pandas]\"` (or `pip install pandas`); "
            "ttr_nb.lab.rows(results) gives the same rows as plain dicts.") from e
    if kind == "seats":
        return pd.DataFrame(rows(results))
    if kind == "tickets":
        return pd.DataFrame(ticket_rows(results),
                            columns=["game", "variant", "seat", "agent", "ticket", "value",
                                     "completed"])
    raise ValueError(f"kind must be 'seats' or 'tickets', not {kind!r}")


def read_results(path: str | Path) -> list[GameResult]:
    """Results saved one JSON object per line (``ttr-nb simulate --json > run.jsonl``).

    Each line is checked: bounded JSON, then a record of the right shape (:func:`shape_problem`)
    whose variant, players, agents, seats and winners agree (:func:`result_problem`). Anything
    else raises :class:`~ttr_nb.errors.ResultsError` (a ValueError) naming the file and the
    line; a file that is missing, a directory, UTF-16 or not UTF-8 too (a ``path`` that is no
    file name: ArgumentError)."""
    import os

    from .errors import ResultsError, parse_json, read_text

    def error(where: str, what: str) -> ResultsError:
        return ResultsError(f"{where}: {what}")

    if not isinstance(path, (str, Path)) and not (isinstance(path, os.PathLike) and _fspath_text(path)):
        raise ArgumentError(f"path must be the name of a results file (text or a Path), not {shown(path)}",
                            "path")
    if isinstance(path, str):
        path = str.__str__(path)  # (a subclass's own methods are not called)
    text = read_text(path, error, "results file")
    out = []
    for k, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        where = f"{path}, line {k}"
        doc = parse_json(line, where, lambda _w, what: error(where, what))
        if not isinstance(doc, dict):
            raise error(where, f"not a game result (a JSON object), but {type(doc).__name__}")
        why = shape_problem(doc)
        if why:
            raise error(where, f"not a game result: {why}")
        try:
            r = GameResult.from_dict(doc)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            what = f"missing {e}" if isinstance(e, KeyError) else shown(str(e), 200)[1:-1]
            raise error(where, f"not a game result ({what})") from None
        why = result_problem(r)
        if why:
            raise error(where, f"not a game result: {why}")
        out.append(r)
    return out


def _fspath_text(path: Any) -> bool:
    """Does a path-like object give its path as text?"""
    try:
        return isinstance(path.__fspath__(), str)
    except Exception:  # noqa: BLE001 (an object whose __fspath__ raises)
        return False


_WHOLE, _TEXT, _FLAG = "a whole number", "text", "true or false"
_GAME_FIELDS = {"game": _WHOLE, "variant": _TEXT, "seed": _WHOLE, "players": _WHOLE, "agents": [_TEXT],
                "steps": _WHOLE, "turns": _WHOLE, "winners": [_WHOLE], "seats": [dict]}
_SEAT_FIELDS = {"seat": _WHOLE, "name": _TEXT, "agent": _TEXT, "total": _WHOLE, "won": _FLAG,
                "points": {_TEXT: _WHOLE}, "tickets": [[_TEXT, _WHOLE, _FLAG]], "trains_left": _WHOLE,
                "longest_trail": _WHOLE, "routes": [_WHOLE]}
_SEAT_OPTIONAL = {"scorer": _WHOLE, "claim_turns": [_WHOLE]}


def _kind_problem(v: Any, want: Any, where: str) -> str | None:
    """Why ``v`` is not of the kind ``want`` (None when it is): a whole number (not a bool),
    text, true/false, a list of one kind, a [text, whole number, flag] triple, a dict."""
    if want == _WHOLE:
        ok = isinstance(v, int) and not isinstance(v, bool)
    elif want == _TEXT:
        ok = isinstance(v, str)
    elif want == _FLAG:
        ok = isinstance(v, bool)
    elif want is dict:
        ok = isinstance(v, dict)
        want = "an object"
    elif isinstance(want, dict):
        if not isinstance(v, dict):
            return f"its {where} is {shown(v)}, not an object of names and whole numbers"
        for k, x in v.items():
            if not isinstance(x, int) or isinstance(x, bool):
                return f"its {where}[{shown(k, 30)}] is {shown(x)}, not a whole number"
        return None
    elif len(want) == 1:
        if not isinstance(v, list):
            return f"its {where} is {shown(v)}, not a list"
        for i, x in enumerate(v):
            bad = _kind_problem(x, want[0], f"{where}[{i}]")
            if bad:
                return bad
        return None
    else:
        if not isinstance(v, list) or len(v) != len(want):
            return f"its {where} is {shown(v)}, not a list of {len(want)} values"
        for i, (x, w) in enumerate(zip(v, want)):
            bad = _kind_problem(x, w, f"{where}[{i}]")
            if bad:
                return bad
        return None
    return None if ok else f"its {where} is {shown(v)}, not {want}"


def shape_problem(doc: dict) -> str | None:
    """Why a results line's object is not shaped as a game result (None when it is): each
    field there and of its kind ('game' a whole number, 'agents' a list of texts, each seat
    with its numbers...), the score a sheet (an object) or its JSON text."""
    for fields, d, where in [(_GAME_FIELDS, doc, "")] + [
            (_SEAT_FIELDS, s, f"seats[{i}].") for i, s in enumerate(doc.get("seats") or [])
            if isinstance(s, dict)]:
        for k, want in fields.items():
            if k not in d:
                return f"missing {where + k!r}"
            bad = _kind_problem(d[k], want, where + k)
            if bad:
                return bad
        if fields is _SEAT_FIELDS:
            for k, want in _SEAT_OPTIONAL.items():
                bad = _kind_problem(d[k], want, where + k) if k in d else None
                if bad:
                    return bad
    if "score" not in doc:
        return "missing 'score'"
    if not isinstance(doc["score"], (dict, str)):
        return f"its score is {shown(doc['score'])}, not a score sheet"
    if "replay_lines" in doc and not isinstance(doc["replay_lines"], bool):
        return f"its replay_lines is {shown(doc['replay_lines'])}, not true or false"
    return None


def result_problem(r: GameResult) -> str | None:
    """Why a read game result does not hold together (None when it does): a known variant
    and a player count it allows, one agent and one seat per player, seats numbered in order,
    winners that are seats, each seat's ``won`` agreeing with the winners."""
    from .errors import int_problem
    from .variants import get_variant, variants

    if r.variant not in variants():
        return f"unknown variant {shown(r.variant)}"
    allowed = get_variant(r.variant).players
    if r.players not in allowed:
        return f"{r.variant} is played by {', '.join(map(str, allowed))} players, not {shown(r.players)}"
    for what, v in (("game", r.game), ("steps", r.steps), ("turns", r.turns)):
        bad = int_problem(v, what, 0)
        if bad:
            return bad
    if len(r.agents) != r.players:
        return f"{len(r.agents)} agents for {r.players} players"
    if len(r.seats) != r.players:
        return f"{len(r.seats)} seats for {r.players} players"
    if [s.seat for s in r.seats] != list(range(r.players)):
        return f"the seats are numbered {[s.seat for s in r.seats]}, not 0..{r.players - 1}"
    if not r.winners or len(set(r.winners)) != len(r.winners) or \
            any(not 0 <= w < r.players for w in r.winners):
        return f"winners {shown(list(r.winners))} are not distinct seats 0..{r.players - 1}"
    for s in r.seats:
        if s.won != (s.seat in r.winners):
            return f"seat {s.seat} has won={s.won} but the winners are {list(r.winners)}"
        if not 0 <= s.scorer < r.players:
            return f"seat {s.seat} scores on line {s.scorer}, not 0..{r.players - 1}"
    return _score_problem(r)


def _score_problem(r: GameResult) -> str | None:
    """Why the score sheet a result holds is not one (None when it is): a JSON object; if it
    lists its players, one entry per scorer, each with whole-number seats, total and line points, its lines adding up
    to its total, and each seat's total the same as its scorer's."""
    import json

    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    try:
        sheet = r.score if not r.replay_lines else json.loads(r.score_json)
    except ValueError as e:
        return f"its score is not JSON ({shown(str(e), 80)[1:-1]})"
    if not isinstance(sheet, dict):
        return f"its score is not a score sheet (a JSON object) but {shown(sheet)}"
    if "players" not in sheet:  # (a score kept without its sheet: the seats hold the numbers)
        return None
    scorers = sheet["players"]
    if not isinstance(scorers, list) or not scorers:
        return "its score's players are not a list of scorers"
    for k, sc in enumerate(scorers):
        if not isinstance(sc, dict) or not whole(sc.get("total")) or not isinstance(sc.get("seats"), list) \
                or not all(whole(s) for s in sc["seats"]):
            return f"score entry {k} is not a scorer (whole-number total and seats)"
        lines = sc.get("lines", [])
        if not isinstance(lines, list) or not all(isinstance(x, dict) and whole(x.get("points")) for x in lines):
            return f"score entry {k} has a line whose points are not a whole number"
        if lines and sum(x["points"] for x in lines) != sc["total"]:
            return f"score entry {k}'s lines add up to {sum(x['points'] for x in lines)}, not its total {sc['total']}"
    for s in r.seats:
        if s.scorer >= len(scorers) or scorers[s.scorer]["total"] != s.total:
            return f"seat {s.seat}'s total {s.total} is not its score entry's"
    return None


def write_results(results: Iterable[GameResult], path: str | Path) -> int:
    """Save results one JSON object per line (what ``read_results`` reads); returns the count.

    The file is written beside ``path`` and put in its place only once whole, so a run that
    fails or is stopped (Ctrl-C) never empties a file already there; the lines written before
    the stop are kept in ``path.partial`` (and the stop is said on stderr).

    Each line holds the whole explained score: a result that keeps only the numbers (the
    default of ``simulate``) replays its game to write it, a few milliseconds a game; run
    with ``keep_lines=True`` (or the command line's ``--json``) to write big runs faster."""
    import os
    import sys

    results = _game_results(results, lazy=True)
    name = str(path)
    if not name.strip():
        raise ValueError("write_results needs a file name; the name is empty")
    target = Path(path)
    if target.is_dir():
        raise ValueError(f"{shown(name)} is a folder: give the results file's name, e.g. {name.rstrip('/')}/run.jsonl")
    aside = target.with_name(target.name + ".partial")
    n = 0
    try:
        with open(aside, "w", encoding="utf-8") as f:
            for r in results:
                f.write(r.to_json_line() + "\n")
                n += 1
    except BaseException:
        if n:
            print(f"write_results stopped: the {n} results written so far are in {aside}; "
                  f"{name} is as it was", file=sys.stderr)
        else:
            aside.unlink(missing_ok=True)
        raise
    os.replace(aside, target)
    return n


# -------------------------------------------------------------------- tables
def win_rates(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """By seat: its ``team`` (the seat itself, except in a team game), agent, games, wins,
    win rate and its 95% Wilson interval (``low``, ``high``).

    A shared win counts as a win for every seat that shares it, and a team's win for
    each of its seats.
    """
    results = _game_results(results)
    if not results:
        return []
    for r in results:
        if len(r.agents) != r.players or (r.seats and len(r.seats) != r.players):
            raise ValueError(f"game {r.game} of these results does not hold together: "
                             f"{r.players} players, {len(r.agents)} agents, {len(r.seats)} seats "
                             f"(lab.result_problem says what is wrong)")
    players = max(r.players for r in results)
    out = []
    for seat in range(players):
        mine = [r for r in results if seat < r.players]
        n = len(mine)
        wins = sum(1 for r in mine if seat in r.winners)
        lo, hi = wilson(wins, n)
        agents = sorted({r.agents[seat] for r in mine})
        team = mine[0].seats[seat].scorer if mine and mine[0].seats else seat
        out.append({"seat": seat, "team": team, "agent": ",".join(agents), "games": n,
                    "wins": wins, "rate": wins / n if n else 0.0, "low": lo, "high": hi})
    return out


def ticket_completion(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """By ticket value: kept, completed, completion rate and its 95% Wilson interval."""
    results = _game_results(results)
    kept: dict[int, int] = defaultdict(int)
    done: dict[int, int] = defaultdict(int)
    for r in results:
        for s in r.seats:
            for _tid, value, completed in s.tickets:
                kept[value] += 1
                done[value] += bool(completed)
    out = []
    for value in sorted(kept):
        lo, hi = wilson(done[value], kept[value])
        out.append({"value": value, "kept": kept[value], "completed": done[value],
                    "rate": done[value] / kept[value], "low": lo, "high": hi})
    return out


@dataclass(frozen=True)
class DoublingDuel:
    """What doubling with Terrain cards adds (The Heart of Africa), from :func:`doubling_duel`:
    ``games`` 4-player games, ``doubler_wins`` won by a doubling seat alone, ``shared`` won
    jointly by both sides, the doublers' win ``rate`` (``doubler_wins / games``) with its 95%
    Wilson interval (``low``, ``high``), their mean points from doubling per player and game
    (``terrain_points``) and how many points more their mean total is (``total_gain``), with a
    95% interval for that mean (``gain_low``, ``gain_high``: mean ± 1.96 standard errors of the
    per-game gains, a normal approximation)."""

    games: int
    doubler_wins: int
    shared: int
    rate: float
    low: float
    high: float
    terrain_points: float
    total_gain: float
    gain_low: float = 0.0
    gain_high: float = 0.0

    def describe(self) -> str:
        return (f"{self.games} games: the doublers won {self.doubler_wins} "
                f"({self.rate:.0%}, 95% interval {self.low:.0%} to {self.high:.0%}); "
                f"{self.shared} shared win{'s' * (self.shared != 1)}.\n"
                f"Points from doubling: {self.terrain_points:+.1f} per doubler and game; "
                f"total score: {self.total_gain:+.1f} per player and game over the non-doublers "
                f"(95% interval {self.gain_low:+.1f} to {self.gain_high:+.1f}).")

    __str__ = describe


def doubling_duel(games: int = 100, seed: int = 0) -> DoublingDuel:
    """Play ``games`` 4-player Heart of Africa games, two greedy agents that double against two
    greedy agents that never touch Terrain cards (:class:`~ttr_nb.agents.NoTerrainAgent`),
    sitting in turn: the doublers take seats 0 and 2 in the even games, 1 and 3 in the odd
    ones, so that neither side always plays first. Game ``i`` has the random seed
    ``game_seed(seed, i)``. Returns the :class:`DoublingDuel`."""
    from .agents import GreedyAgent, NoTerrainAgent, agent_seed, play_game
    from .simulate import game_seed

    wins = shared = 0
    terrain = 0.0
    gains: list[float] = []
    for i in range(games):
        gs = game_seed(seed, i)
        side = i % 2  # the doublers' seats: side, side + 2
        seats = [(GreedyAgent if s % 2 == side else NoTerrainAgent)(agent_seed(gs, s)) for s in range(4)]
        sheet = play_game("heart-of-africa", 4, seed=gs, agents=seats).score()
        won = {s % 2 == side for s in sheet.winners}
        wins += won == {True}
        shared += won == {True, False}
        mine, theirs = (side, side + 2), (1 - side, 3 - side)
        terrain += sum(sheet.line_total(s, "terrain") for s in mine) / 2
        gains.append((sum(sheet.totals[s] for s in mine) - sum(sheet.totals[s] for s in theirs)) / 2)
    lo, hi = wilson(wins, games)
    n = max(games, 1)
    mean = statistics.fmean(gains) if gains else 0.0
    spread = 1.96 * statistics.stdev(gains) / math.sqrt(n) if n > 1 else 0.0
    return DoublingDuel(games, wins, shared, wins / n, lo, hi, terrain / n, mean,
                        mean - spread, mean + spread)


def route_claims(results: Sequence[GameResult]) -> dict[int, dict[str, float]]:
    """By route id: ``share`` of games in which it was claimed, ``mean_rank`` (its
    place in its claimer's claims: 1 = that player's first route), ``first`` (share of
    games in which it was some player's first claim) and ``mean_turn`` (the mean game
    turn of its claim, over the games in which it was claimed; left out when the
    results do not record claim turns)."""
    results = _game_results(results)
    n = len(results)
    count: dict[int, int] = defaultdict(int)
    rank_sum: dict[int, int] = defaultdict(int)
    first: dict[int, int] = defaultdict(int)
    turn_sum: dict[int, int] = defaultdict(int)
    timed = all(len(s.claim_turns) == len(s.routes) for r in results for s in r.seats)
    for r in results:
        for s in r.seats:
            for k, rid in enumerate(s.routes, start=1):
                count[rid] += 1
                rank_sum[rid] += k
            if timed:
                for rid, turn in zip(s.routes, s.claim_turns):
                    turn_sum[rid] += turn
            if s.routes:
                first[s.routes[0]] += 1
    out = {}
    for rid in sorted(count):
        out[rid] = {"share": count[rid] / n, "mean_rank": rank_sum[rid] / count[rid],
                    "first": first[rid] / n}
        if timed:
            out[rid]["mean_turn"] = turn_sum[rid] / count[rid]
    return out


_EARLY_DARK = ("mean_rank", "mean_turn")  # smaller is earlier: sorted up, drawn dark


def _check_by(by: str, results: Sequence[GameResult]) -> None:
    if by not in _HEAT_TEXT:
        raise ValueError(f"by must be one of {', '.join(map(repr, _HEAT_TEXT))}, not {by!r}")
    if by == "mean_turn" and any(len(s.claim_turns) != len(s.routes)
                                 for r in results for s in r.seats):
        raise ValueError("these results do not record the turn of each claim (saved by an "
                         "older version): use by='mean_rank'")


def route_table(results: Sequence[GameResult], board: Board | None = None,
                by: str = "share", top: int | None = 10) -> list[dict[str, Any]]:
    """The routes sorted by ``by`` ('share': most often claimed first; 'first': most
    often a player's first route; 'mean_rank': earliest in its claimer's claims first;
    'mean_turn': claimed earliest in the game first), with their labels; the ``top``
    first (all when None)."""
    results = _game_results(results)
    _check_by(by, results)
    board = board or _board_for(results)
    stats = route_claims(results)
    sign = 1 if by in _EARLY_DARK else -1
    order = sorted(stats, key=lambda rid: (sign * stats[rid][by], rid))
    table = [{"route": rid, "label": board.route(rid).label(), **stats[rid]} for rid in order]
    return table[:top] if top else table


def _board_for(results: Sequence[GameResult]) -> Board:
    if not results:
        raise ValueError("no results: simulate some games first")
    variants = sorted({r.variant for r in results})
    if len(variants) > 1:
        raise ValueError(f"results from several variants ({', '.join(variants)}): "
                         "pass the board, or split the results")
    from .board import load_map  # noqa: PLC0415
    from .variants import get_variant  # noqa: PLC0415

    return load_map(_map_name(get_variant(variants[0])))


def _map_name(variant: Any) -> str:
    for attr in ("map", "map_name", "board"):
        value = getattr(variant, attr, None)
        if isinstance(value, str):
            return value
    raise ValueError(f"cannot tell which map variant {variant!r} is played on")


# --------------------------------------------------------------------- plots
def _axes(ax: Axes | None, figsize: tuple[float, float]) -> tuple[Figure, Axes]:
    import matplotlib.pyplot as plt  # noqa: PLC0415

    if ax is None:
        fig, ax = plt.subplots(figsize=figsize)
        return fig, ax
    return ax.figure, ax


def _title(results: Sequence[GameResult], what: str) -> str:
    if not results:
        return what
    r = results[0]
    agents = ",".join(sorted(set(r.agents))) if len(set(r.agents)) == 1 else ",".join(r.agents)
    return f"{what}\n{r.variant}, {r.players} players, {agents}, {len(results)} games"


def plot_win_rate(results: Sequence[GameResult], ax: Axes | None = None) -> Figure:
    """Win rate by seat, with 95% Wilson confidence intervals and the fair share: 1/players,
    or 1/teams in a team game (where a team's win counts for each of its seats)."""
    results = _game_results(results)
    table = win_rates(results)
    own = ax is None
    fig, ax = _axes(ax, (6.0, 4.0))
    seats = [t["seat"] for t in table]
    rates = [t["rate"] for t in table]
    err = [[t["rate"] - t["low"] for t in table], [t["high"] - t["rate"] for t in table]]
    from .draw import PLAYER_COLORS  # noqa: PLC0415

    teams = [t["team"] for t in table]
    team_game = teams != seats
    colors = [PLAYER_COLORS[k % len(PLAYER_COLORS)] for k in (teams if team_game else seats)]
    ax.bar(seats, rates, color=colors, alpha=0.85, edgecolor="#222222", width=0.6)
    ax.errorbar(seats, rates, yerr=err, fmt="none", ecolor="#222222", capsize=6, lw=1.5)
    if table:
        sides = max(len({s.scorer for s in r.seats}) or r.players for r in results)
        ax.axhline(1 / sides, ls="--", color="#666666", lw=1)
        what = "teams" if team_game else "players"
        ax.set_xlabel(f"dashed line: the fair share, 1/{sides} (every one of {sides} {what} "
                      "equally likely to win)", fontsize=9, color="#444444")
    for t in table:
        ax.text(t["seat"], t["high"] + 0.02, f"{t['rate']:.0%}\n{t['wins']}/{t['games']}",
                ha="center", va="bottom", fontsize=9)
    ax.set_xticks(seats, [f"seat {t['seat']}\n" + (f"team {t['team'] + 1}\n" if team_game else "")
                          + f"({t['agent']})" for t in table])
    ax.set_ylim(0, min(1.0, max([t["high"] for t in table] + [0.5]) + 0.18))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(_title(results, "Who wins? Win rate by seat"), fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    rows = "; ".join(f"seat {t['seat']} ({t['agent']}) won {t['wins']} of {t['games']}, {t['rate']:.0%} "
                     f"(95% interval {t['low']:.0%} to {t['high']:.0%})" for t in table)
    fair = f"; the fair share is 1/{sides}" if table else ""
    _described(ax, own, f"Bar chart, {_title(results, 'win rate by seat')}: {rows or 'no games'}{fair}.")
    return fig


def plot_scores(results: Sequence[GameResult], ax: Axes | None = None, by: str = "seat") -> Figure:
    """Distributions of final scores, one histogram outline per seat (``by="seat"``) or
    per agent (``by="agent"``), with each group's mean marked."""
    results = _game_results(results)
    if by not in ("seat", "agent"):
        raise ValueError(f"by must be 'seat' or 'agent', not {by!r}")
    from .draw import PLAYER_COLORS  # noqa: PLC0415

    groups: dict[Any, list[int]] = defaultdict(list)
    for r in results:
        for s in r.seats:
            groups[s.seat if by == "seat" else s.agent].append(s.total)
    own = ax is None
    fig, ax = _axes(ax, (7.0, 4.0))
    everything = [v for vs in groups.values() for v in vs]
    if everything:
        lo, hi = min(everything), max(everything)
        step = max(1, math.ceil((hi - lo + 1) / 30))
        bins = list(range(lo - lo % step, hi + 2 * step, step))
        for i, key in enumerate(sorted(groups)):
            vals = groups[key]
            color = PLAYER_COLORS[i % len(PLAYER_COLORS)]
            mean = sum(vals) / len(vals)
            label = f"{by} {key}: mean {mean:.1f}" if by == "seat" else f"{key}: mean {mean:.1f}"
            ax.hist(vals, bins=bins, histtype="stepfilled", alpha=0.18, color=color)
            ax.hist(vals, bins=bins, histtype="step", lw=2, color=color, label=label)
            ax.axvline(mean, color=color, ls="--", lw=1.5)
        ax.axvline(0, color="#999999", lw=0.8)
        ax.legend(frameon=False, fontsize=9)
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(_title(results, f"Score distribution by {by}"), fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    rows = "; ".join(f"{by + ' ' if by == 'seat' else ''}{key}: mean {sum(v) / len(v):.1f} points, from {min(v)} "
                     f"to {max(v)} over {len(v)} games" for key, v in sorted(groups.items()))
    _described(ax, own, f"Histograms, {_title(results, f'final scores by {by}')}: {rows or 'no games'}.")
    return fig


def plot_ticket_completion(results: Sequence[GameResult], ax: Axes | None = None) -> Figure:
    """Completion rate of kept tickets by ticket value, with 95% Wilson intervals;
    the number of tickets kept is written under each point."""
    results = _game_results(results)
    table = ticket_completion(results)
    own = ax is None
    fig, ax = _axes(ax, (7.5, 4.0))
    xs = [t["value"] for t in table]
    ys = [t["rate"] for t in table]
    err = [[t["rate"] - t["low"] for t in table], [t["high"] - t["rate"] for t in table]]
    ax.errorbar(xs, ys, yerr=err, fmt="o-", color="#1f62c9", ecolor="#7a9cd6", capsize=3,
                lw=1.2, ms=5)
    for t in table:
        ax.text(t["value"], -0.06, str(t["kept"]), ha="center", va="top", fontsize=7,
                color="#555555")
    ax.set_ylim(-0.14, 1.05)
    ax.axhline(0, color="#cccccc", lw=0.8)
    ax.yaxis.set_major_formatter(_percent())
    if xs:
        ax.set_xticks(xs)
        ax.tick_params(axis="x", labelsize=8)
    ax.set_xlabel("ticket value (points); below each point: tickets kept")
    ax.set_ylabel("completed (95% Wilson interval)")
    ax.set_title(_title(results, "How often is a ticket completed? By value"), fontsize=11)
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    rows = "; ".join(f"{t['value']} points: {t['rate']:.0%} of {t['kept']} kept" for t in table)
    _described(ax, own, f"Points with intervals, {_title(results, 'tickets completed by value')}: "
                        f"{rows or 'no tickets'}.")
    return fig


HEAT_COLORS = ("#ffe680", "#ffd166", "#f8961e", "#f3722c", "#d62828", "#9d0208", "#370617")
"""Heat-map colours, from rarely (pale yellow) to most often (near black)."""
UNCLAIMED = "#e4e0d8"
"""Fill of a route the heat map has no value for."""


_HEAT_TEXT = {
    "share": ("Share of games in which each route was claimed",
              "share of games in which the route was claimed"),
    "first": ("Share of games in which each route was a player's first claim",
              "share of games: a player's first route"),
    "mean_rank": ("How early each route comes in its claimer's claims (dark = early)",
                  "mean place in the claimer's claims (1 = first route)"),
    "mean_turn": ("How early in the game each route is claimed (dark = early)",
                  "mean turn of the claim (1 = the first turn)"),
}


def _nice_scale(lo: float, hi: float, steps: Sequence[float], max_bins: int
                ) -> tuple[list[float], int]:
    """Round bin edges that cover ``lo..hi`` in at most ``max_bins`` bins."""
    for step in steps:
        a = math.floor(lo / step + 1e-9) * step
        b = math.ceil(hi / step - 1e-9) * step
        if b <= a:
            b = a + step
        n = round((b - a) / step)
        if n <= max_bins:
            return [a + k * step for k in range(n + 1)], n
    step = steps[-1]
    n = max_bins
    a = math.floor(lo / step) * step
    return [a + k * step * math.ceil((hi - a) / step / n) for k in range(n + 1)], n


def heat_colors(n: int) -> list[str]:
    """``n`` colours from :data:`HEAT_COLORS`, pale to dark."""
    from matplotlib.colors import LinearSegmentedColormap, to_hex  # noqa: PLC0415

    cmap = LinearSegmentedColormap.from_list("ttr_heat", HEAT_COLORS)
    return [to_hex(cmap(k / (n - 1) if n > 1 else 1.0)) for k in range(n)]


def plot_route_heatmap(results: Sequence[GameResult], board: Board | None = None,
                       by: str = "share", ax: Axes | None = None, bins: int = 9,
                       labels: bool = True, figsize: tuple[float, float] | None = None
                       ) -> Figure:
    """The board with every route coloured by how it was claimed over ``results``.

    ``by="share"``: the share of games in which the route was claimed (pale = rarely,
    dark = most often); ``by="first"``: the share of games in which it was a player's
    first route; ``by="mean_rank"``: its mean place in its claimer's claims (dark =
    early); ``by="mean_turn"``: the mean game turn of its claim (dark = early). The scale spans the values met, in at most ``bins`` round steps; routes
    never claimed (never first, for ``"first"``) are left pale gray. ``labels``: city
    names; ``figsize``: the new figure's size in inches (when ``ax`` is None; by default
    about 10 inches wide, 8 for a tall board).
    """
    results = _game_results(results)
    _check_by(by, results)
    import matplotlib as mpl  # noqa: PLC0415

    from .draw import draw_board  # noqa: PLC0415

    board = board or _board_for(results)
    stats = route_claims(results)
    values = {rid: s[by] for rid, s in stats.items() if s[by] > 0}
    early_dark = by in _EARLY_DARK
    steps = (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 50) if early_dark else \
        (0.01, 0.02, 0.05, 0.1, 0.2, 0.25)
    edges, n = _nice_scale(min(values.values(), default=0.0),
                           max(values.values(), default=1.0), steps, max(1, bins))
    colors = heat_colors(n)
    lo, hi = edges[0], edges[-1]

    def level(v: float) -> int:
        k = min(n - 1, int((v - lo) / (hi - lo) * n + 1e-9))
        return n - 1 - k if early_dark else k

    claims = {rid: level(v) for rid, v in values.items()}
    what, bar_label = _HEAT_TEXT[by]
    own = ax is None
    if ax is None and figsize is None:  # room for the colour bar; tall boards narrower
        w = 9.0 if board.height <= 0.8 else 7.0
        figsize = (w + 0.9, round(w * board.height + 1.0, 1))
    ax = draw_board(board, ax=ax, claims=claims, player_colors=colors, legend=False,
                    title=_title(results, what), labels=labels, figsize=figsize)
    for patch in ax.patches:
        gid = patch.get_gid() or ""
        if not (gid.startswith("route-") and gid[6:].isdigit()):
            continue
        if int(gid[6:]) in claims:  # a dark edge reads better than the route colour
            patch.set_edgecolor("#333333")
            patch.set_linewidth(0.6)
        else:  # unclaimed: neutral, so no route colour passes for a heat colour
            patch.set_facecolor(UNCLAIMED)
            patch.set_edgecolor("#b8b8b8")
            patch.set_linewidth(0.5)
    fig = ax.figure
    cmap = mpl.colors.ListedColormap(colors[::-1] if early_dark else colors)
    norm = mpl.colors.BoundaryNorm(edges, cmap.N)
    cb = fig.colorbar(mpl.cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.6,
                      pad=0.01, fraction=0.03, ticks=edges)
    cb.set_label(bar_label + ("; gray: never" if not early_dark else "; gray: never claimed"))
    if not early_dark:
        whole = all(abs(e * 100 - round(e * 100)) < 1e-9 for e in edges)
        cb.ax.yaxis.set_major_formatter(_percent(0 if whole else 1))
    top = sorted(values, key=lambda r: (-values[r], r) if not early_dark else (values[r], r))[:5]
    names = ", ".join(f"{board.route(r).label()} ({values[r]:.0%})" if not early_dark else
                      f"{board.route(r).label()} ({values[r]:.1f})" for r in top)
    _described(ax, own, f"The board {board.name} as a heat map: {_title(results, what).lower()}. "
                        f"{len(values)} of {len(board.routes)} routes have a value"
                        + (f"; the darkest: {names}" if names else "") + ".")
    return fig


def _described(ax: Any, own_figure: bool, text: str) -> None:
    """Keep the chart's text alternative with it (``charts.describe_chart(ax)``; on a figure
    the plot made itself, also the figure's text form, as the charts do)."""
    from .charts import _attach_text  # noqa: PLC0415

    _attach_text(ax, text.replace("\n", ", "), own_figure)


def _percent(decimals: int | None = 0) -> Any:
    from matplotlib.ticker import PercentFormatter  # noqa: PLC0415

    return PercentFormatter(1.0, decimals=decimals)
