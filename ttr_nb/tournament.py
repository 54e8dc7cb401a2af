"""Tournaments: a round robin of players over boards and numbers of players.

>>> from ttr_nb.tournament import tournament
>>> t = tournament(["greedy", "long-route"], variants=["usa"], seats=[2], games=4, seed=1)
>>> sorted(row["agent"] for row in t.table())
['greedy', 'long-route']

For every variant and number of players ``n``, every group of ``n`` different players (every
*table*) plays ``games`` deals, and each deal is played once for every rotation of the players
round the table (so each player sits in each seat on the same deals: the luck of the deal and of
the seat order is shared out evenly). A player wins a game when the Scoresheet names it a winner
(the highest total, equal totals broken by the rules' tie-break; in Team Asia a player wins
with its partner).

The results are plain data (:meth:`Tournament.to_json`), with win rates and 95 % Wilson
intervals (:meth:`Tournament.table`), Bradley–Terry ratings on the Elo scale
(:meth:`Tournament.ratings`) and the effect of the seat order (:meth:`Tournament.seat_effects`).
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
from typing import Any, Iterable, Sequence

from .simulate import _from_worker, game_seed, play_chunk, wilson

__all__ = ["Tournament", "TournamentGame", "tournament", "bradley_terry", "load_tournament",
           "RESULTS_FILE"]

RESULTS_FILE = Path(__file__).with_name("data_results") / "tournament.json"
"""The shipped results of the benchmark's tournament (``benchmarks/bench_players.py``)."""

FORMAT = "ttr_nb-tournament"


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
        95 % Wilson interval ``low``..``high``, ``mean_score``; sorted by variant, players, then
        win rate (best first)."""
        acc: dict[tuple[str, int, str], list[float]] = {}
        for g in self.select(variant, players):
            for a, t, w in zip(g.agents, g.totals, g.won):
                x = acc.setdefault((g.variant, g.players, a), [0, 0, 0.0])
                x[0] += 1
                x[1] += w
                x[2] += t
        out = []
        for (v, n, a), (k, wins, tot) in acc.items():
            lo, hi = wilson(int(wins), int(k))
            out.append({"variant": v, "players": n, "agent": a, "games": int(k), "wins": int(wins),
                        "win_rate": wins / k, "low": lo, "high": hi, "mean_score": tot / k})
        out.sort(key=lambda r: (r["variant"], r["players"], -r["win_rate"], r["agent"]))
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
        """One row per (variant, players, seat): games, wins, win rate and its 95 % interval of
        whoever sat there (the first player is seat 0)."""
        acc: dict[tuple[str, int, int], list[int]] = {}
        for g in self.select(variant, players):
            for s, w in enumerate(g.won):
                x = acc.setdefault((g.variant, g.players, s), [0, 0])
                x[0] += 1
                x[1] += w
        out = []
        for (v, n, s), (k, wins) in sorted(acc.items()):
            lo, hi = wilson(wins, k)
            out.append({"variant": v, "players": n, "seat": s, "games": k, "wins": wins,
                        "win_rate": wins / k, "low": lo, "high": hi})
        return out

    def text(self, variant: str | None = None, players: int | None = None) -> str:
        """The win-rate table as aligned text."""
        lines = [f"{'board':<16} {'players':>7}  {'player':<19} {'games':>5} {'win rate':>8}  {'95% interval':<13} {'mean score':>10}"]
        for r in self.table(variant, players):
            lines.append(f"{r['variant']:<16} {r['players']:>7}  {r['agent']:<19} {r['games']:>5} "
                         f"{r['win_rate']:>8.0%}  {r['low']:>5.0%}–{r['high']:<6.0%} {r['mean_score']:>10.1f}")
        return "\n".join(lines)

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


def _table_seed(seed: int, variant: str, n: int, table: Sequence[str]) -> int:
    d = hashlib.sha256(f"ttr_nb.tournament:{seed}:{variant}:{n}:{','.join(table)}".encode()).digest()
    return int.from_bytes(d[:6], "big")


def _plan(agents: Sequence[str], variants: Sequence[str], seats: Sequence[int] | None,
          games: int, seed: int) -> list[tuple[str, int, tuple[str, ...], list[tuple[int, int]]]]:
    from .variants import get_variant  # noqa: PLC0415

    plan = []
    for v in variants:
        allowed = get_variant(v).players
        counts = [n for n in (seats or allowed) if n in allowed and n <= len(agents)]
        for n in counts:
            for table in itertools.combinations(agents, n):
                ts = _table_seed(seed, v, n, table)
                deals = [(i, game_seed(ts, i)) for i in range(games)]
                for r in range(n):
                    rot = tuple(table[r:] + table[:r])
                    plan.append((v, n, rot, deals))
    return plan


def tournament(agents: Sequence[str], variants: Sequence[str] = ("usa",), seats: Sequence[int] | None = None,
               games: int = 10, seed: int = 0, executor: cf.Executor | None = None,
               chunksize: int = 10) -> Tournament:
    """Play a round robin (module docstring) and return its :class:`Tournament`.

    ``agents``: player names (see ``ttr_nb.agents.AGENTS``); ``variants``: boards;
    ``seats``: numbers of players (default: every number the variant allows, up to the number
    of players named); ``games``: deals per table (each played once per rotation);
    ``executor``: any ``concurrent.futures`` executor (None: here, one game after another).
    Same arguments, same results, whatever the executor."""
    from .agents import AGENTS  # noqa: PLC0415

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
    if executor is None:
        outs = [play_chunk(v, n, rot, chunk, False, False) for v, n, rot, chunk in tasks]
    else:
        futs = [executor.submit(play_chunk, v, n, rot, chunk, False, False) for v, n, rot, chunk in tasks]
        outs = [f.result() for f in futs]
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
