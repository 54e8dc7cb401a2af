"""Tournaments: a round robin of players over boards and numbers of players.

>>> from ttr_nb.tournament import tournament
>>> t = tournament(["greedy", "long-route"], variants=["usa"], seats=[2], games=4, seed=1)
>>> sorted(row["agent"] for row in t.table())
['greedy', 'long-route']

For every variant and number of players ``n``, every group of ``n`` different players (every
*table*) plays ``games`` deals, and each deal is played once for every rotation of the players
round the table (so each player sits in each seat on the same deals: the luck of the deal and of
the seat order is shared out evenly). In a team variant (Team Asia: partners sit side by side,
seats 0+1 against 2+3, TA-1) rotations alone would pair only some players as partners, so each
deal is played once for every way of splitting the table into teams and, for each split, in
``n`` seat orders that put every player in every seat once (:func:`seatings`). A player wins a
game when the Scoresheet names it a winner (the highest total, equal totals broken by the
rules' tie-break; in Team Asia a player wins with its partner).

The results are plain data (:meth:`Tournament.to_json`), with win rates and 95 % intervals
that resample whole deals (:meth:`Tournament.table`, :meth:`Tournament.interval`), the paired
comparison of two players over the deals both played (:meth:`Tournament.compare`), the teams'
results as pairs of partners (:meth:`Tournament.team_table`), Bradley–Terry ratings on the Elo
scale (:meth:`Tournament.ratings`) and the effect of the seat order (:meth:`Tournament.seat_effects`).

**Why the intervals resample deals.** The games of one deal (its rotations, its team splits)
are not independent: they share the cards and the tickets. A deal that suits a player in
every seat makes its games go together (a Wilson interval that counts them as independent games
is then too narrow: if the deal decided every game, √(games per deal) times too narrow); a deal
that suits whoever sits first gives each player one good game and evens them out (the count of
games is then too wide). The intervals here are a *cluster bootstrap* over deals, right in
either case: draw as many deals as each table played, at random with replacement, from the
deals it played (every game of a drawn deal comes along), recompute the win rate, repeat
:data:`RESAMPLES` times, and keep the middle 95 % of the recomputed rates (percentile
interval). Each table's deals are drawn within the table (a stratified bootstrap), because who
met whom, and on how many deals, is fixed by the round robin, not chance; counting games as
independent treats it as chance, which is why, with two players in the shipped results, the
Wilson interval is up to 40 % wider than this one.

The bootstrap was chosen over a cluster-robust (sandwich) normal interval because it assumes
nothing about how the games of a deal go together, stays inside 0–100 %, and gives by the same
few lines the interval of a difference of two players over the deals both played
(:meth:`Tournament.compare`), which is how two players are told apart: both rates are
recomputed on the same draws, so what a deal gives both cancels out of the difference. It was
checked by replaying the two-player USA round robin 100 times with new deals: each style's
win rate spread as much as this interval says (standard deviation 0.017 against 0.017 for
``long-route``, 0.019 against 0.019 for ``destination-hungry``), the Wilson interval was 18–31 %
too wide, and the interval of the difference of ``long-route`` and ``route-focus`` held the
replays' mean difference 94 times in 100. Its limits: with few deals per table a percentile
interval covers a little less than 95 %; and a rate that never varies (no win, or no loss, in
any game) gets the Wilson interval, since every draw would give the same rate. The draws come
from a fixed random seed (:data:`BOOTSTRAP_SEED`, hashed with the board and number of players),
so the same results give the same intervals every time, whatever else is asked first.

Any ``concurrent.futures`` executor plays the games (a process pool, a Dask or Ray executor:
see :mod:`ttr_nb.simulate`); the results do not depend on it.
"""
from __future__ import annotations

import concurrent.futures as cf
import hashlib
import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np

from .simulate import _from_worker, game_seed, play_chunk, wilson

__all__ = ["Tournament", "TournamentGame", "tournament", "bradley_terry", "load_tournament",
           "seatings", "RESULTS_FILE", "RESAMPLES", "BOOTSTRAP_SEED"]

RESULTS_FILE = Path(__file__).with_name("data_results") / "tournament.json"
"""The shipped results of the benchmark's tournament (``benchmarks/bench_players.py``)."""

FORMAT = "ttr_nb-tournament"

RESAMPLES = 2000
"""How many times the deals are drawn again for an interval (the cluster bootstrap)."""
BOOTSTRAP_SEED = 2017
"""The fixed random seed of the deals drawn for the intervals (hashed with board and players)."""
LEVEL = 0.95


@dataclass(frozen=True)
class TournamentGame:
    """One game: its board (variant), seed, the player at each seat, each seat's total and
    whether it won."""

    variant: str
    players: int
    seed: int
    agents: tuple[str, ...]
    totals: tuple[int, ...]
    won: tuple[bool, ...]

    def to_list(self) -> list:
        return [self.variant, self.players, self.seed, list(self.agents), list(self.totals),
                [int(w) for w in self.won]]

    @classmethod
    def from_list(cls, x: Sequence) -> "TournamentGame":
        v, n, s, a, t, w = x
        return cls(str(v), int(n), int(s), tuple(map(str, a)), tuple(map(int, t)), tuple(bool(k) for k in w))


@dataclass
class Tournament:
    """The games of a round robin, and what they say (module docstring)."""

    games: list[TournamentGame] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    # -- selection --------------------------------------------------------------------------
    def select(self, variant: str | None = None, players: int | None = None) -> list[TournamentGame]:
        """The games of one variant and/or number of players (None: all)."""
        return [g for g in self.games if (variant is None or g.variant == variant)
                and (players is None or g.players == players)]

    @property
    def variants(self) -> list[str]:
        return sorted({g.variant for g in self.games})

    @property
    def agents(self) -> list[str]:
        return sorted({a for g in self.games for a in g.agents})

    def seat_counts(self, variant: str | None = None) -> list[int]:
        return sorted({g.players for g in self.select(variant)})

    # -- tables -----------------------------------------------------------------------------
    def table(self, variant: str | None = None, players: int | None = None) -> list[dict[str, Any]]:
        """One row per (variant, players, agent): ``games`` played, ``wins``, ``win_rate``, its
        95 % interval ``low``..``high`` from resampling whole deals (module docstring),
        ``deals`` (how many deals it played), the Wilson interval that counts every game as
        independent ``wilson_low``..``wilson_high`` (for comparison only: the module docstring
        says when it is too narrow or too wide) and ``mean_score``; sorted by variant, players,
        then win rate (best first)."""
        out = []
        for v, n in self._groups(variant, players):
            games = self.select(v, n)
            scores: dict[str, list[float]] = {}
            for g in games:
                for a, t in zip(g.agents, g.totals):
                    scores.setdefault(a, []).append(t)
            for a, r in self._rates(v, n, _by_agent).items():
                lo, hi = wilson(r["wins"], r["games"])
                out.append({"variant": v, "players": n, "agent": a, **r,
                            "wilson_low": lo, "wilson_high": hi,
                            "mean_score": sum(scores[a]) / len(scores[a])})
        out.sort(key=lambda r: (r["variant"], r["players"], -r["win_rate"], r["agent"]))
        return out

    def interval(self, agent: str, variant: str, players: int) -> dict[str, Any]:
        """The win rate of ``agent`` on ``variant`` with ``players`` players and its 95 %
        interval from resampling whole deals: the :meth:`table` row of that player."""
        for r in self.table(variant, players):
            if r["agent"] == agent:
                return r
        raise ValueError(f"{agent!r} played no game of {variant} with {players} players")

    def compare(self, a: str, b: str, variant: str, players: int) -> dict[str, Any]:
        """The paired comparison of players ``a`` and ``b`` over the deals both played (the
        tables where both sat: the same cards, tickets and opponents for both).

        Returns ``deals`` (how many), ``rate_a`` and ``rate_b`` (each one's win rate in those
        games), ``difference`` = rate_a − rate_b and its 95 % interval ``low``..``high``: each
        table's shared deals are drawn again with replacement and **both** rates recomputed on
        the same draw, so what the deal gives both players cancels out of the difference. If the
        interval leaves out 0 the lead is more than chance; if it holds 0 these games do not
        tell the two apart. Whether the two rates' own intervals overlap is not the test. With
        two players the only shared deals are their own games against each other, so
        ``difference`` = 2 × rate_a − 1. A difference that is the same on every deal (one
        player won every shared game) has an interval of that one value."""
        if a == b:
            raise ValueError("compare two different players")
        both = [g for g in self.select(variant, players) if a in g.agents and b in g.agents]
        if not both:
            raise ValueError(f"{a!r} and {b!r} never played the same deal of {variant} "
                             f"with {players} players")
        shared = {_stratum(g) for g in both}
        counts = _counts(self.select(variant, players), _by_agent, keep=shared)
        w, k, reps_w, reps_k = self._resampled(variant, players, counts, [a, b])
        rate = w / k
        reps = reps_w / reps_k
        diff = reps[:, 0] - reps[:, 1]
        lo, hi = _percentiles(diff)
        return {"variant": variant, "players": players, "a": a, "b": b,
                "deals": sum(len(c) for c in counts.values()), "games_a": int(k[0]),
                "games_b": int(k[1]), "rate_a": float(rate[0]), "rate_b": float(rate[1]),
                "difference": float(rate[0] - rate[1]), "low": lo, "high": hi}

    def team_table(self, variant: str = "team-asia", players: int | None = None) -> list[dict[str, Any]]:
        """Team games read as pairs of partners: one row per (players, team), the team named
        by its partners ('destination-hungry & long-route'), with its ``games``, ``wins``,
        ``win_rate`` and 95 % interval from resampling whole deals, and ``against`` (the
        other teams it met). Best first."""
        out = []
        for v, n in self._groups(variant, players):
            opp: dict[str, set[str]] = {}
            for g in self.select(v, n):
                teams = [t for t, _ in _by_team(g)]
                for t in teams:
                    opp.setdefault(t, set()).update(x for x in teams if x != t)
            for t, r in self._rates(v, n, _by_team).items():
                out.append({"variant": v, "players": n, "team": t, **r,
                            "against": sorted(opp[t])})
        out.sort(key=lambda r: (r["variant"], r["players"], -r["win_rate"], r["team"]))
        return out

    def winners(self) -> dict[tuple[str, int], str]:
        """The player with the best win rate for each (variant, players)."""
        best: dict[tuple[str, int], str] = {}
        for r in self.table():
            best.setdefault((r["variant"], r["players"]), r["agent"])
        return best

    def ratings(self, variant: str | None = None, players: int | None = None) -> dict[str, float]:
        """Bradley–Terry ratings on the Elo scale (400 × log10 of the strength, mean 0), from
        every pair of seats of different players in every game: the higher total beats the
        lower (a tie is half a win each). Best first."""
        pairs: dict[tuple[str, str], float] = {}
        for g in self.select(variant, players):
            for i, j in itertools.combinations(range(g.players), 2):
                a, b = g.agents[i], g.agents[j]
                if a == b:
                    continue
                s = 1.0 if g.totals[i] > g.totals[j] else 0.5 if g.totals[i] == g.totals[j] else 0.0
                pairs[(a, b)] = pairs.get((a, b), 0.0) + s
                pairs[(b, a)] = pairs.get((b, a), 0.0) + 1 - s
        r = bradley_terry(pairs)
        return dict(sorted(r.items(), key=lambda kv: (-kv[1], kv[0])))

    def seat_effects(self, variant: str | None = None, players: int | None = None) -> list[dict[str, Any]]:
        """One row per (variant, players, seat): games, wins, win rate and its 95 % interval
        (resampling whole deals) of whoever sat there (the first player is seat 0)."""
        out = []
        for v, n in self._groups(variant, players):
            for s, r in sorted(self._rates(v, n, _by_seat).items()):
                out.append({"variant": v, "players": n, "seat": s, **r})
        return out

    def text(self, variant: str | None = None, players: int | None = None) -> str:
        """The win-rate table as aligned text (95 % intervals from resampling whole deals)."""
        lines = [f"{'board':<16} {'players':>7}  {'player':<19} {'games':>5} {'win rate':>8}  {'95% interval':<13} {'mean score':>10}"]
        for r in self.table(variant, players):
            lines.append(f"{r['variant']:<16} {r['players']:>7}  {r['agent']:<19} {r['games']:>5} "
                         f"{r['win_rate']:>8.0%}  {r['low']:>5.0%}–{r['high']:<6.0%} {r['mean_score']:>10.1f}")
        return "\n".join(lines)

    # -- the cluster bootstrap ----------------------------------------------------------------
    def _groups(self, variant: str | None, players: int | None) -> list[tuple[str, int]]:
        return sorted({(g.variant, g.players) for g in self.select(variant, players)})

    def _rates(self, variant: str, players: int, label_of: Callable) -> dict[Any, dict[str, Any]]:
        counts = _counts(self.select(variant, players), label_of)
        labels = sorted({x for c in counts.values() for d in c.values() for x in d}, key=str)
        w, k, reps_w, reps_k = self._resampled(variant, players, counts, labels)
        out = {}
        for i, x in enumerate(labels):
            if 0 < w[i] < k[i]:
                lo, hi = _percentiles(reps_w[:, i] / reps_k[:, i])
            else:   # never won (or never lost): every draw gives the same rate
                lo, hi = wilson(int(w[i]), int(k[i]))
            deals = sum(1 for c in counts.values() for d in c.values() if x in d)
            out[x] = {"games": int(k[i]), "wins": int(w[i]), "win_rate": float(w[i] / k[i]),
                      "low": lo, "high": hi, "deals": deals}
        return out

    def _resampled(self, variant: str, players: int, counts: dict, labels: list):
        """Totals (wins, games per label) and their :data:`RESAMPLES` resampled totals. The
        draws depend only on the board, the number of players and each table's number of
        deals, so every question about one board and number of players uses the same draws."""
        rng = np.random.default_rng(_bootstrap_seed(variant, players))
        index = {x: i for i, x in enumerate(labels)}
        w = np.zeros(len(labels))
        k = np.zeros(len(labels))
        reps_w = np.zeros((RESAMPLES, len(labels)))
        reps_k = np.zeros((RESAMPLES, len(labels)))
        all_strata = _strata_sizes(self.select(variant, players))
        for stratum, size in all_strata:
            draw = rng.integers(0, size, size=(RESAMPLES, size))
            deals = counts.get(stratum)
            if deals is None:
                continue
            if len(deals) != size:
                raise ValueError("a table's deals changed between two counts")
            weights = np.zeros((RESAMPLES, size))
            np.add.at(weights, (np.arange(RESAMPLES)[:, None], draw), 1)
            dw = np.zeros((size, len(labels)))
            dk = np.zeros((size, len(labels)))
            for j, seed in enumerate(sorted(deals)):
                for x, (wins, games) in deals[seed].items():
                    if x in index:
                        dw[j, index[x]] += wins
                        dk[j, index[x]] += games
            w += dw.sum(axis=0)
            k += dk.sum(axis=0)
            reps_w += weights @ dw
            reps_k += weights @ dk
        return w, k, reps_w, reps_k

    def to_dataframe(self, what: str = "table") -> Any:
        """:meth:`table` (``what="table"``) or :meth:`seat_effects` (``"seats"``) as a DataFrame."""
        import pandas as pd  # noqa: PLC0415

        return pd.DataFrame(self.table() if what == "table" else self.seat_effects())

    # -- files ------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The games and the settings as JSON text (one game per line)."""
        head = json.dumps({"format": FORMAT, "version": 1, "meta": self.meta}, sort_keys=True)
        body = ",\n".join(json.dumps(g.to_list(), separators=(",", ":")) for g in self.games)
        return head[:-1] + ', "games": [\n' + body + "\n]}\n"

    @classmethod
    def from_json(cls, text: str) -> "Tournament":
        doc = json.loads(text)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a ttr_nb tournament file")
        return cls([TournamentGame.from_list(x) for x in doc["games"]], dict(doc.get("meta", {})))

    def save(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(self.to_json(), encoding="utf-8")

    def __len__(self) -> int:
        return len(self.games)


def load_tournament(path: str | Path | None = None) -> Tournament:
    """A saved tournament (default: the shipped results, :data:`RESULTS_FILE`)."""
    return Tournament.from_json(Path(path or RESULTS_FILE).read_text(encoding="utf-8"))


def bradley_terry(wins: dict[tuple[str, str], float], iterations: int = 500,
                  prior: float = 0.5) -> dict[str, float]:
    """Bradley–Terry strengths from ``wins[(a, b)]`` (how often a beat b), by the MM iteration
    (Hunter 2004), on the Elo scale: 400 × log10(strength), mean 0. ``prior`` adds that many
    wins each way between every pair that met (so a player that never lost stays finite)."""
    names = sorted({x for pair in wins for x in pair})
    if not names:
        return {}
    w = dict(wins)
    met = {tuple(sorted(p)) for p in w}
    for a, b in met:
        w[(a, b)] = w.get((a, b), 0.0) + prior
        w[(b, a)] = w.get((b, a), 0.0) + prior
    p = {a: 1.0 for a in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            num = sum(v for (x, _y), v in w.items() if x == a)
            den = 0.0
            for b in names:
                if b != a:
                    n = w.get((a, b), 0.0) + w.get((b, a), 0.0)
                    if n:
                        den += n / (p[a] + p[b])
            new[a] = num / den if den else p[a]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / g for a, v in new.items()}
        done = max(abs(new[a] - p[a]) for a in names) < 1e-10
        p = new
        if done:
            break
    return {a: 400 * math.log10(v) for a, v in p.items()}


def _stratum(g: TournamentGame) -> tuple[str, ...]:
    """The table a game was played at: its players, sorted."""
    return tuple(sorted(set(g.agents)))


def _by_agent(g: TournamentGame) -> Iterator[tuple[str, bool]]:
    return zip(g.agents, g.won)


def _by_seat(g: TournamentGame) -> Iterator[tuple[int, bool]]:
    return enumerate(g.won)


def _by_team(g: TournamentGame) -> list[tuple[str, bool]]:
    """Each team of a team game once: its partners (sorted, joined by ' & ') and whether it won.
    Teams are the seat pairs of the rules: seats 0+1, 2+3, 4+5 (TA-1)."""
    from .variants import get_variant  # noqa: PLC0415

    size = get_variant(g.variant).team_size
    if size < 2:
        raise ValueError(f"{g.variant} is not played in teams")
    return [(" & ".join(sorted(g.agents[i:i + size])), g.won[i]) for i in range(0, g.players, size)]


def _counts(games: Iterable[TournamentGame], label_of: Callable,
            keep: set | None = None) -> dict[tuple[str, ...], dict[int, dict[Any, list[int]]]]:
    """table -> deal (its random seed) -> label -> [wins, games]."""
    out: dict = {}
    for g in games:
        st = _stratum(g)
        if keep is not None and st not in keep:
            continue
        deal = out.setdefault(st, {}).setdefault(g.seed, {})
        for x, won in label_of(g):
            c = deal.setdefault(x, [0, 0])
            c[0] += int(won)
            c[1] += 1
    return out


def _strata_sizes(games: Iterable[TournamentGame]) -> list[tuple[tuple[str, ...], int]]:
    deals: dict[tuple[str, ...], set[int]] = {}
    for g in games:
        deals.setdefault(_stratum(g), set()).add(g.seed)
    return sorted((st, len(s)) for st, s in deals.items())


def _bootstrap_seed(variant: str, players: int) -> int:
    d = hashlib.sha256(f"ttr_nb.tournament.bootstrap:{BOOTSTRAP_SEED}:{variant}:{players}".encode()).digest()
    return int.from_bytes(d[:8], "big")


def _percentiles(x: np.ndarray, level: float = LEVEL) -> tuple[float, float]:
    """The middle ``level`` of the resampled values (a percentile interval)."""
    x = x[np.isfinite(x)]
    if not len(x):
        return (0.0, 1.0)
    a = (1 - level) / 2
    lo, hi = np.quantile(x, [a, 1 - a])
    return (float(lo), float(hi))


def seatings(table: Sequence[str], team_size: int = 1) -> list[tuple[str, ...]]:
    """The seat orders a deal is played in at ``table``.

    Without teams (``team_size`` 1): the rotations of the table, each player once in each seat.
    With teams (consecutive seats are partners: 0+1, 2+3, ...): for every split of the table
    into teams, ``len(table)`` orders in which the teams take turns in the team places and the
    partners in the places within a team, so again each player sits once in each seat.

    >>> seatings(["a", "b", "c"])
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    >>> len(seatings(["a", "b", "c", "d"], team_size=2))   # 3 splits × 4 seat orders
    12
    """
    table = tuple(table)
    n = len(table)
    if team_size < 1 or n % team_size:
        raise ValueError(f"{n} players cannot sit in teams of {team_size}")
    out = []
    for teams in _splits(table, team_size):
        t = len(teams)
        for r in range(t):
            for q in range(team_size):
                out.append(tuple(teams[(i + r) % t][(j + q) % team_size]
                                 for i in range(t) for j in range(team_size)))
    return out


def _splits(players: tuple[str, ...], size: int) -> list[list[tuple[str, ...]]]:
    """Every way to split ``players`` into teams of ``size`` (teams in order of their first
    player; each team in the table's order)."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for mates in itertools.combinations(rest, size - 1):
        team = (first, *mates)
        left = tuple(p for p in rest if p not in mates)
        out.extend([team, *more] for more in _splits(left, size))
    return out


def _table_seed(seed: int, variant: str, n: int, table: Sequence[str]) -> int:
    d = hashlib.sha256(f"ttr_nb.tournament:{seed}:{variant}:{n}:{','.join(table)}".encode()).digest()
    return int.from_bytes(d[:6], "big")


def _plan(agents: Sequence[str], variants: Sequence[str], seats: Sequence[int] | None,
          games: int, seed: int) -> list[tuple[str, int, tuple[str, ...], list[tuple[int, int]]]]:
    from .variants import get_variant  # noqa: PLC0415

    plan = []
    for v in variants:
        variant = get_variant(v)
        allowed = variant.players
        counts = [n for n in (seats or allowed) if n in allowed and n <= len(agents)]
        for n in counts:
            for table in itertools.combinations(agents, n):
                ts = _table_seed(seed, v, n, table)
                deals = [(i, game_seed(ts, i)) for i in range(games)]
                for order in seatings(table, variant.team_size):
                    plan.append((v, n, order, deals))
    return plan


def tournament(agents: Sequence[str], variants: Sequence[str] = ("usa",), seats: Sequence[int] | None = None,
               games: int = 10, seed: int = 0, executor: cf.Executor | None = None,
               chunksize: int = 10, progress: Any = False) -> Tournament:
    """Play a round robin (module docstring) and return its :class:`Tournament`.

    ``agents``: player names (see ``ttr_nb.agents.AGENTS``); ``variants``: boards;
    ``seats``: numbers of players (default: every number the variant allows, up to the number
    of players named); ``games``: deals per table (each played once in every seat order of
    :func:`seatings`: every rotation, or in a team variant every split into teams);
    ``executor``: any ``concurrent.futures`` executor (None: here, one game after another);
    ``progress``: True shows a bar of the games played (a widget in a notebook, else a line on
    stderr), or give a text stream or a bar of your own (``update(n)``, ``close()``: tqdm).
    Same arguments, same results, whatever the executor."""
    from .agents import AGENTS  # noqa: PLC0415
    from .progress import check_progress, progress_bar  # noqa: PLC0415

    check_progress(progress)

    agents = [str(a).strip().lower() for a in agents]
    for a in agents:
        if a not in AGENTS:
            raise ValueError(f"unknown agent {a!r}: choose from {', '.join(sorted(AGENTS))}")
    if len(set(agents)) != len(agents):
        raise ValueError(f"name each player once: {agents}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number, 1 or more (got {games!r})")
    plan = _plan(agents, list(variants), seats, games, seed)
    tasks = []
    for v, n, rot, deals in plan:
        for k in range(0, len(deals), chunksize):
            tasks.append((v, n, rot, deals[k:k + chunksize]))
    bar = progress_bar(progress, sum(len(c) for *_, c in tasks), "games")
    try:
        if executor is None:
            outs = []
            for v, n, rot, chunk in tasks:
                outs.append(play_chunk(v, n, rot, chunk, False, False))
                if bar is not None:
                    bar.update(len(chunk))
        else:
            futs = [executor.submit(play_chunk, v, n, rot, chunk, False, False) for v, n, rot, chunk in tasks]
            outs = []
            for f, (*_, chunk) in zip(futs, tasks):
                outs.append(f.result())
                if bar is not None:
                    bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
    out = []
    for (v, n, rot, _), ds in zip(tasks, outs):
        for d in ds:
            r = _from_worker(d)
            out.append(TournamentGame(r.variant, n, r.seed, rot, tuple(s.total for s in r.seats),
                                      tuple(s.won for s in r.seats)))
    meta = {"agents": agents, "variants": list(variants), "seats": list(seats) if seats else None,
            "games": games, "seed": seed}
    return Tournament(out, meta)


def merge(parts: Iterable[Tournament]) -> Tournament:
    """One tournament of several (their games one after the other)."""
    parts = list(parts)
    return Tournament([g for p in parts for g in p.games], {"parts": [p.meta for p in parts]})
