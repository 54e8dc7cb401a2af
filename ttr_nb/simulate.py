"""Play many games with agents, on one core or on any ``concurrent.futures`` executor.

>>> import ttr_nb
>>> results = ttr_nb.simulate("usa", players=2, games=4, seed=1)
>>> [r.game for r in results]
[0, 1, 2, 3]

Game ``i`` of a run seeded with ``seed`` is played with the seed :func:`game_seed`
``(seed, i)``, and each result records that seed, so any single game can be replayed
alone: ``ttr_nb.agents.play_game(r.variant, r.players, r.seed, r.agents)``. The games
are independent, so the results are the same whatever executor plays them, and in
whatever chunks; they come back in game order.

The executor may be a ``ProcessPoolExecutor``, a ``ThreadPoolExecutor``, or the
executor of a cluster (Dask: ``distributed.Client().get_executor()``; Ray:
:func:`ray_executor`). Only plain data (names and numbers) goes to a worker, and the worker sends
back plain dicts, so anything that can pickle a function by name can run the games.

The lab (:mod:`ttr_nb.lab`) turns results into rows, a pandas DataFrame and plots.
"""
from __future__ import annotations

import concurrent.futures as cf
import hashlib
import itertools
import json
import math
import os
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from .errors import shown

__all__ = [
    "GameResult", "SeatResult", "simulate", "simulate_iter", "game_seed", "play_chunk",
    "result_of_game", "agent_names", "wilson", "summary_table", "cli_main", "ray_executor",
]


# --------------------------------------------------------------------- seeds
def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded with ``seed``.

    It is the first 6 bytes (48 bits, a whole number JSON and JavaScript keep
    exactly) of ``sha256("ttr_nb.simulate:<seed>:<index>")``, read big-endian.
    Hashing keeps runs with nearby seeds apart: games 1..99 of seed 0 are not
    games 0..98 of seed 1.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    digest = hashlib.sha256(f"ttr_nb.simulate:{int(seed)}:{int(index)}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def agent_names(agents: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One agent name per seat: a single name (or a one-item list) is used for every seat.

    A comma-separated string is split, so the command line's ``random,greedy`` works.
    """
    if isinstance(agents, str):
        agents = [a for a in (s.strip() for s in agents.split(",")) if a]
    names = tuple(str(a).strip().lower() for a in agents)
    if not names:
        raise ValueError("name at least one agent (for example 'random' or 'greedy')")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(
            f"{len(names)} agents named ({', '.join(names)}) for {players} players: "
            "name one agent for every seat, or a single agent for all of them")
    return names


# ------------------------------------------------------------------- results
@dataclass(frozen=True)
class SeatResult:
    """How one seat did in one game (plain data).

    ``points`` sums the Scoresheet lines by kind ('route', 'ticket', 'bonus', …);
    ``tickets`` lists every kept ticket as ``[ticket_id, value, completed]``;
    ``routes`` are the route ids this seat claimed, in the order it claimed them, and
    ``claim_turns`` the game turn of each (1 = the first turn after the tickets are chosen;
    empty in results saved before it was recorded).
    ``scorer`` is the index of this seat's entry in the Scoresheet; in a team game
    (Team Asia) ``total``, ``points`` and ``longest_trail`` are the team's, and the
    tickets in the team holder are listed with the team's first seat.
    """

    seat: int
    name: str
    agent: str
    scorer: int
    total: int
    won: bool
    points: dict[str, int]
    tickets: tuple[tuple[str, int, bool], ...]
    trains_left: int
    longest_trail: int
    routes: tuple[int, ...]
    claim_turns: tuple[int, ...] = ()

    @property
    def tickets_kept(self) -> int:
        return len(self.tickets)

    @property
    def tickets_completed(self) -> int:
        return sum(1 for t in self.tickets if t[2])

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "name": self.name, "agent": self.agent, "scorer": self.scorer,
            "total": self.total, "won": self.won, "points": dict(self.points),
            "tickets": [list(t) for t in self.tickets], "trains_left": self.trains_left,
            "longest_trail": self.longest_trail, "routes": list(self.routes),
            "claim_turns": list(self.claim_turns),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "SeatResult":
        return cls(
            seat=int(d["seat"]), name=str(d["name"]), agent=str(d["agent"]),
            scorer=int(d.get("scorer", d["seat"])), total=int(d["total"]), won=bool(d["won"]),
            points={str(k): int(v) for k, v in d["points"].items()},
            tickets=tuple((str(t[0]), int(t[1]), bool(t[2])) for t in d["tickets"]),
            trains_left=int(d["trains_left"]), longest_trail=int(d["longest_trail"]),
            routes=tuple(int(r) for r in d["routes"]),
            claim_turns=tuple(int(t) for t in d.get("claim_turns", ())),
        )


@dataclass(frozen=True)
class GameResult:
    """One simulated game, as plain data (``to_dict()`` is JSON-able).

    ``game`` is the game's number in its run and ``seed`` its own seed
    (:func:`game_seed`); ``steps`` counts actions, ``turns`` counts turns;
    ``score`` is the Scoresheet's ``to_dict()``; ``winners`` are seat numbers
    (every seat of a winning team); ``seats`` has one :class:`SeatResult` per seat.

    The score is kept as its JSON text (``score_json``; ``score`` parses it on each
    use): a third of the memory of the dict, which matters over thousands of games.
    With ``replay_lines``, that text holds every number but not the explained lines, and
    ``score`` rebuilds the whole sheet by replaying the game (same variant, seed and
    agents: the same game), a few milliseconds per game read. Two results are equal when
    they record the same game with the same outcome (the seats, winners, steps and turns);
    how the score text is held is not compared.
    """

    game: int
    variant: str
    seed: int
    players: int
    agents: tuple[str, ...]
    steps: int
    turns: int
    score_json: str = field(compare=False)
    winners: tuple[int, ...]
    seats: tuple[SeatResult, ...] = field(default=())
    replay_lines: bool = field(default=False, compare=False)

    @property
    def score(self) -> dict[str, Any]:
        """The Scoresheet's ``to_dict()`` (a new dict on each call)."""
        if self.replay_lines:
            return self.replay().score().to_dict()
        return json.loads(self.score_json)

    def replay(self) -> Any:
        """The game itself, played again from its seed: a finished :class:`ttr_nb.Game`."""
        from .agents import play_game  # noqa: PLC0415 (engine imports stay lazy)

        return play_game(self.variant, self.players, self.seed, self.agents)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "variant": self.variant, "seed": self.seed,
            "players": self.players, "agents": list(self.agents), "steps": self.steps,
            "turns": self.turns, "score": self.score, "winners": list(self.winners),
            "seats": [s.to_dict() for s in self.seats],
        }

    def to_json_line(self) -> str:
        """The game as one line of JSON (the command line's ``--json`` output);
        ``GameResult.from_dict(json.loads(line))`` reads it back."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameResult":
        """Read :meth:`to_dict` (the score may also be given as its JSON text)."""
        score = d["score"]
        return cls(
            game=int(d["game"]), variant=str(d["variant"]), seed=int(d["seed"]),
            players=int(d["players"]), agents=tuple(str(a) for a in d["agents"]),
            steps=int(d["steps"]), turns=int(d["turns"]),
            score_json=score if isinstance(score, str) else _score_text(score),
            winners=tuple(int(w) for w in d["winners"]),
            seats=tuple(SeatResult.from_dict(s) for s in d.get("seats", ())),
            replay_lines=bool(d.get("replay_lines", False)),
        )


def _from_worker(d: dict[str, Any]) -> GameResult:
    """:meth:`GameResult.from_dict` for :func:`play_chunk`'s own dicts, whose values
    already have the right types (the score as its JSON text): no conversions."""
    return GameResult(
        game=d["game"], variant=d["variant"], seed=d["seed"], players=d["players"],
        agents=tuple(d["agents"]), steps=d["steps"], turns=d["turns"], score_json=d["score"],
        winners=tuple(d["winners"]),
        seats=tuple(SeatResult(
            seat=s["seat"], name=s["name"], agent=s["agent"], scorer=s["scorer"],
            total=s["total"], won=s["won"], points=s["points"],
            tickets=tuple(map(tuple, s["tickets"])), trains_left=s["trains_left"],
            longest_trail=s["longest_trail"], routes=tuple(s["routes"]),
            claim_turns=tuple(s["claim_turns"])) for s in d["seats"]),
        replay_lines=d.get("replay_lines", False))


def _score_text(score: dict[str, Any]) -> str:
    return json.dumps(score, ensure_ascii=False, separators=(",", ":"))


# -------------------------------------------------------------------- worker
def result_of_game(game: Any, index: int = 0, agents: Sequence[str] = (),
                   score_lines: bool = True) -> dict[str, Any]:
    """A finished game as a GameResult dict (see :class:`GameResult`)."""
    return _result(game, index, agents, score_lines, text=False)


def _result(game: Any, index: int, agents: Sequence[str], score_lines: bool,
            text: bool, replay_lines: bool = False) -> dict[str, Any]:
    """:func:`result_of_game`; with ``text``, the score as its compact JSON text; with
    ``replay_lines``, the score without its lines (rebuilt by a replay when read)."""
    if score_lines and not replay_lines:
        sheet = game.score()
    else:  # no lines kept: every number, but no ticket explained (paths, gaps)
        from .scoring import _numbers_only  # noqa: PLC0415

        with _numbers_only():
            sheet = game.score()
        score_lines = False
    n = game.n
    seats_of = [tuple(sc.seats) or (i,) for i, sc in enumerate(sheet.scorers)]
    scorer_of = {seat: i for i, seats in enumerate(seats_of) for seat in seats}
    winners = sorted(seat for i in sheet.winners for seat in seats_of[i])
    if text:
        score: Any = sheet._compact_json(lines=score_lines)
    else:
        score = sheet.to_dict()
        if not score_lines:
            for p in score["players"]:
                p.pop("lines", None)
    teams = any(len(seats) > 1 for seats in seats_of)
    held = [set(game.tickets(seat)) for seat in range(n)] if teams else []
    seats = []
    for seat in range(n):
        i = scorer_of[seat]
        mine = sheet.tickets(i)
        if len(seats_of[i]) > 1:  # a team: the seat's own, and the holder's with its first seat
            first = seats_of[i][0] == seat
            mine = [(t, done) for t, done in mine if t.id in held[seat]
                    or (first and not any(t.id in held[s] for s in seats_of[i]))]
        tickets = [[t.id, t.points, done] for t, done in mine]
        seats.append({
            "seat": seat, "name": game.names[seat], "agent": agents[seat] if agents else "",
            "scorer": i, "total": sheet.totals[i], "won": seat in winners,
            "points": dict(sorted(sheet.kind_totals(i).items())), "tickets": tickets,
            "trains_left": game.trains[seat], "longest_trail": sheet.trail_length(i),
            "routes": [c[0] for c in game.claims[seat]],
            "claim_turns": list(game.claim_turns[seat]),
        })
    out = {
        "game": index, "variant": game.variant.name, "seed": game.seed, "players": n,
        "agents": list(agents), "steps": len(game._hist), "turns": game.turn,
        "score": score, "winners": winners, "seats": seats,
    }
    if replay_lines:
        out["replay_lines"] = True
    return out


def play_chunk(variant: str, players: int, agents: Sequence[str],
               games: Sequence[tuple[int, int]], score_lines: bool = True,
               keep_lines: bool = True) -> list[dict[str, Any]]:
    """Play the games ``[(index, seed), ...]`` and return their results as dicts
    (:meth:`GameResult.to_dict`, but with the score as its JSON text; with
    ``score_lines`` but not ``keep_lines``, without the lines, marked ``replay_lines``).

    This is the function sent to an executor: top level (so it pickles by name),
    plain data in, plain data out.
    """
    from .agents import play_game  # noqa: PLC0415 (engine imports stay lazy)

    agents = tuple(agents)
    out = []
    for index, seed in games:
        # the score as its JSON text: one string pickles and keeps far lighter
        out.append(_result(play_game(variant, players, seed, agents), index, agents,
                           score_lines, text=True, replay_lines=score_lines and not keep_lines))
    return out


# ---------------------------------------------------------------------- ray
class _RayExecutor(cf.Executor):
    """A ``concurrent.futures.Executor`` whose tasks are Ray remote calls (see :func:`ray_executor`)."""

    def __init__(self, ray: Any, workers: int):
        self._ray = ray
        self._max_workers = workers
        self._remote: dict[Any, Any] = {}

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        return remote.remote(*args, **kwargs).future()


def ray_executor(**init: Any) -> cf.Executor:
    """An executor that plays :func:`simulate`'s games on a Ray cluster.

    Ray has no ``concurrent.futures`` executor of its own; this one sends each task as a
    Ray remote call and hands back the standard future Ray gives for it. Ray is imported
    only here, and started with ``ray.init(**init)`` unless it is running already
    (``ray_executor(address="auto")`` joins a running cluster). Every worker needs ttr_nb
    installed; the results are the same as on one core.

    >>> results = simulate("usa", 4, 100_000, seed=1, executor=ray_executor(),
    ...                    chunksize=500)                        # doctest: +SKIP

    Raises ImportError, saying how to install Ray, when it is not installed.
    """
    try:
        import ray  # noqa: PLC0415 (optional, heavy)
    except ImportError:
        raise ImportError("ray_executor needs Ray, which is not installed. Install it with "
                          "`pip install ray`, or use a ProcessPoolExecutor on one machine.") from None
    if not ray.is_initialized():
        ray.init(**init)
    workers = int(ray.cluster_resources().get("CPU", 0)) or os.cpu_count() or 1
    return _RayExecutor(ray, workers)


# ------------------------------------------------------------------ progress
from .progress import WidgetBar as _WidgetBar  # noqa: E402  (the bars live in ttr_nb.progress)
from .progress import check_progress as _check_progress  # noqa: E402
from .progress import progress_bar as _progress_bar_of  # noqa: E402


def _progress_bar(progress: Any, total: int) -> Any:
    """:func:`ttr_nb.progress.progress_bar` counting games."""
    return _progress_bar_of(progress, total, "games")


# ------------------------------------------------------------------- simulate
def _chunk_size(games: int, executor: cf.Executor | None) -> int:
    workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    return max(1, min(250, math.ceil(games / (8 * workers))))


def simulate(variant: str, players: int = 2, games: int = 100, seed: int = 0,
             agents: str | Sequence[str] = ("random",), executor: cf.Executor | None = None,
             progress: Any = False, chunksize: int | None = None,
             score_lines: bool = True, keep_lines: bool = False) -> list[GameResult]:
    """Play ``games`` games of ``variant`` and return their results in game order.

    Parameters
    ----------
    variant : a variant name (see ``ttr_nb.variants()``), e.g. ``"usa"``.
    players : the number of seats.
    games : how many games.
    seed : the run's seed; game ``i`` is played with ``game_seed(seed, i)``.
    agents : one agent name per seat, or one for every seat (``"random"``, ``"greedy"``);
        a comma-separated string works too.
    executor : any ``concurrent.futures.Executor`` (process pool, thread pool, Dask or
        Ray executor); ``None`` plays every game here, one after the other.
    progress : ``True`` shows a progress bar (an ipywidgets bar in a notebook, a text
        bar on stderr elsewhere); a text stream draws the text bar there; an object
        with ``update(n)`` and ``close()`` (e.g. ``tqdm(total=games)``) is ticked as
        games finish and closed at the end.
    chunksize : games per task sent to the executor (default: about 8 tasks per worker,
        at most 250 games each). It changes the speed, never the results.
    score_lines : each result's ``score`` has every explained line (the full
        ``Scoresheet.to_dict()``). ``False`` drops the lines (totals, winners, bonuses
        and the per-seat summaries stay).
    keep_lines : explain every game's score while it is played and keep the lines in
        memory. By default (``False``) a run scores each game by the numbers only (the
        seats, rows and plots need nothing more; about three times faster) and a result's
        ``score`` rebuilds its lines by replaying that one game when it is read. Use
        ``True`` when every score will be read (``ttr-nb simulate --json`` does).

    Returns
    -------
    list of :class:`GameResult`, ``results[i].game == i``.

    Raises
    ------
    ValueError : an unknown variant or agent, a player count the variant does not
        allow, a wrong number of agents, a negative game count.

    Example
    -------
    >>> from concurrent.futures import ProcessPoolExecutor
    >>> with ProcessPoolExecutor(2) as pool:                       # doctest: +SKIP
    ...     results = simulate("usa", players=4, games=1000, seed=1, executor=pool)
    """
    if type(games) is int and games > MAX_GAMES:  # (a list of them all: refused; a stream is not)
        raise ValueError(f"games must be at most {MAX_GAMES:,} in one list of results (got {shown(games)}: "
                         f"hours to days of computing, lost if stopped); run it in parts with other seeds, "
                         f"or stream it to a file: lab.write_results(simulate_iter(...), file)")
    return list(simulate_iter(variant, players, games, seed, agents, executor, progress,
                              chunksize, score_lines, keep_lines))


def simulate_iter(variant: str, players: int = 2, games: int = 100, seed: int = 0,
                  agents: str | Sequence[str] = ("random",), executor: cf.Executor | None = None,
                  progress: Any = False, chunksize: int | None = None,
                  score_lines: bool = True, keep_lines: bool = False) -> Iterator[GameResult]:
    """Like :func:`simulate`, but yields each result, in game order, as soon as it is
    ready, so a long run can be written out without holding every result in memory.
    With an executor, two chunks per worker are in flight at a time. The arguments
    are checked at the call, before the first game."""
    names = _check(variant, players, games, seed, agents)
    _check_progress(progress)
    _check_pool(executor, chunksize)
    return _run(variant, players, games, seed, names, executor, progress, chunksize, score_lines,
                keep_lines)


def _check_pool(executor: Any, chunksize: Any) -> None:
    """An executor has ``submit``; a chunk size is a whole number >= 1 (or None)."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be None or a concurrent.futures Executor (with "
                         f"submit()), not {shown(executor)}")
    if chunksize is not None and (isinstance(chunksize, bool) or not isinstance(chunksize, int)
                                  or chunksize < 1):
        raise ValueError(f"chunksize must be a whole number of games, 1 or more (or None), "
                         f"not {shown(chunksize)}")


MAX_GAMES = 10_000_000
"""The most games :func:`simulate` plays into one list (hours of one core even for random
players); a longer run streams: ``lab.write_results(simulate_iter(...), file)`` writes each
game as it comes and keeps what was written if the run is stopped."""


def _check(variant: str, players: int, games: int, seed: int,
           agents: str | Sequence[str]) -> tuple[str, ...]:
    from .variants import get_variant  # noqa: PLC0415

    for what, value, least in (("games", games, 0), ("players", players, 1), ("seed", seed, None)):
        if isinstance(value, bool) or not isinstance(value, int) or (least is not None
                                                                     and value < least):
            more = f", {least} or more" if least is not None else ""
            raise ValueError(f"{what} must be a whole number{more} (got {shown(value)})")
    allowed = getattr(get_variant(variant), "players", None)  # an unknown name fails here
    if allowed and players not in allowed:
        raise ValueError(f"{variant} is played by {_or(allowed)} players, not {players}")
    names = agent_names(agents, players)
    from .agents import AGENTS  # noqa: PLC0415

    for n in names:
        if n not in AGENTS:
            raise ValueError(f"unknown agent {n!r}: choose from {', '.join(sorted(AGENTS))}")
    return names


def _run(variant: str, players: int, games: int, seed: int, names: tuple[str, ...],
         executor: cf.Executor | None, progress: Any, chunksize: int | None,
         score_lines: bool, keep_lines: bool) -> Iterator[GameResult]:
    plan = ((i, game_seed(seed, i)) for i in range(games))  # lazy: no list of every game
    bar = _progress_bar(progress, games)
    try:
        if executor is None:
            for item in plan:
                for d in play_chunk(variant, players, names, [item], score_lines, keep_lines):
                    yield _from_worker(d)
                if bar is not None:
                    bar.update(1)
            return
        size = chunksize or _chunk_size(games, executor)
        chunks = _chunks(plan, size)
        workers = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        window: deque[Any] = deque()
        chunk = next(chunks, None)
        try:
            while chunk is not None or window:
                while chunk is not None and len(window) < 2 * workers:
                    window.append(executor.submit(play_chunk, variant, players, names,
                                                  chunk, score_lines, keep_lines))
                    chunk = next(chunks, None)
                done = window.popleft().result()
                if bar is not None:
                    bar.update(len(done))
                for d in done:
                    yield _from_worker(d)
        finally:
            for f in window:
                f.cancel()
    finally:
        if bar is not None:
            bar.close()


def _chunks(plan: Iterator[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    """``plan`` cut into lists of ``size`` games, one list at a time."""
    while True:
        chunk = list(itertools.islice(plan, size))
        if not chunk:
            return
        yield chunk


def _or(counts: Sequence[int]) -> str:
    counts = [str(c) for c in sorted(counts)]
    return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]


# ----------------------------------------------------------------------- CLI
def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` out of ``n`` (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


def summary_table(results: Sequence[GameResult]) -> str:
    """A short text table: wins, win rate (95% Wilson interval) and mean score by seat."""
    if not results:
        return "no games played\n"
    first = results[0]
    n = len(results)
    lines = [
        f"{first.variant}, {first.players} players, {n} game{'s' * (n != 1)}, "
        f"agents {','.join(first.agents)}",
    ]
    w = max(8, *(len(a) for a in first.agents))  # (the agent column fits the longest name)
    lines.append(f"{'seat':<5} {'agent':<{w}} {'wins':>5} {'win rate':>9} {'95% CI':>13} {'mean score':>11}")
    for seat in range(first.players):
        wins = sum(1 for r in results if seat in r.winners)
        lo, hi = wilson(wins, n)
        mean = sum(r.seats[seat].total for r in results) / n
        lines.append(f"{seat:<5} {first.agents[seat]:<{w}} {wins:>5} {wins / n:>9.1%} "
                     f"{f'{lo:.1%}-{hi:.1%}':>13} {mean:>11.1f}")
    shared = sum(1 for r in results if len(r.winners) > 1
                 and len({r.seats[w].scorer for w in r.winners}) > 1)
    turns = sum(r.turns for r in results) / n
    lines.append(f"mean turns {turns:.1f}; shared wins {shared}")
    return "\n".join(lines) + "\n"


def cli_main(args: Any) -> int:
    """``ttr-nb simulate``: one JSON line per game (``--json``, written as the games
    finish, in game order) or a summary table, on stdout; a progress bar on stderr
    when it is a terminal and the run is long (50 games or more), unless --no-progress."""
    show = (not getattr(args, "no_progress", False)) and sys.stderr.isatty() \
        and args.games >= 50
    workers = getattr(args, "workers", 0) or 0
    if workers < 0:
        raise ValueError(f"--workers must be 0 (no pool) or more, not {workers}")
    names = _check(args.variant, args.players, args.games, args.seed, args.agents)
    executor = cf.ProcessPoolExecutor(workers) if workers > 0 else None
    out = sys.stdout
    try:
        results = simulate_iter(args.variant, args.players, args.games, args.seed, names,
                                executor=executor, progress=show, score_lines=bool(args.json),
                                keep_lines=True)
        if args.json:
            for r in results:
                out.write(r.to_json_line() + "\n")
        else:
            out.write(summary_table(list(results)))
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
    out.flush()
    return 0
