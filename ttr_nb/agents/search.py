"""A search player: it plans by playing the game forward many times.

At a decision worth thinking about (a turn, or which Destination Tickets to keep) the search
player (``agents="search"``, :class:`SearchAgent`):

1. lists a few *candidate* moves: the choices of the greedy player and of the four playing
   styles, the longest routes it can claim, drawing tickets, the deck (every ticket choice,
   when keeping tickets);
2. *determinises*: deals a sample of what its seat cannot see, consistent with what it can
   (:func:`determinise`: the other players' hands and tickets, the order of both decks, the
   other team's holder in Team Asia), so it never peeks;
3. plays every candidate on that same sampled deal to the end of the game, every player then
   played by the greedy player (a *rollout*), and scores it: its final points minus the best
   other player's (its team's, in Team Asia);
4. repeats 2-3 ``rollouts`` times (or until ``seconds`` have passed) and plays the candidate with
   the best mean.

This is a one-level Monte Carlo tree (every candidate of the root tried on the same samples,
which makes their comparison fairer), not a deep tree: with a whole game behind every
rollout, a deeper tree would see too few games per move in a second. Other decisions (the
second card, a tunnel's extra cards, sharing a ticket) are the greedy player's.

Its choice depends only on what its seat may see (``game.view(seat)``) and its random seed:
the samples are drawn from a random generator seeded by the seed and the number of actions
played, from sorted pools of the hidden cards and tickets.
"""
from __future__ import annotations

import random
import time
from ..actions import Action, DrawCard, DrawTickets, KeepTickets
from ..game import Game
from ..scoring import _numbers_only
from .greedy import GreedyAgent
from .styles import STYLES, _Options


def _team_of(game: Game, seat: int) -> int:
    return game.side[seat]


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot see is dealt again at random,
    consistently with what it sees: the other players' hands (same sizes) and the train deck
    are dealt from the pool of the cards it can't see; the other players' kept and offered
    tickets (same numbers) and the ticket deck from the pool of the tickets it can't see;
    in Team Asia its partner's hand is hidden too (TA-6) and so is the other team's holder
    (cards and tickets) unless holders are visible to all. Terrain cards (The Heart of
    Africa): the Terrain deck order. What it sees is kept: its hand, its tickets, the display,
    the discard, every claim, every count (``game.counts()`` is unchanged). Tickets in the
    box are out of play and stay."""
    g = game.copy()
    n = g.n
    others = [s for s in range(n) if s != seat]
    teams = g.ext.get("teams")
    hidden_holders: list[int] = []
    if teams is not None and g.policies.get("holders_visible_to") != "all":
        mine = _team_of(g, seat)
        hidden_holders = [t for t in range(len(teams["cards"])) if t != mine]
    # train cards
    pool = list(g.deck)
    for s in others:
        for c, k in enumerate(g.hands[s]):
            pool += [c] * k
    for t in hidden_holders:
        for c, k in enumerate(teams["cards"][t]):
            pool += [c] * k
    pool.sort()
    rng.shuffle(pool)
    k = 0
    for s in others:
        size = sum(g.hands[s])
        h = [0] * 9
        for c in pool[k:k + size]:
            h[c] += 1
        g.hands[s] = h
        k += size
    for t in hidden_holders:
        size = sum(teams["cards"][t])
        h = [0] * len(teams["cards"][t])
        for c in pool[k:k + size]:
            h[c] += 1
        teams["cards"][t] = h
        k += size
    g.deck = pool[k:]
    # tickets
    tpool = list(g.tdeck)
    for s in others:
        tpool += g.kept[s] + g.offered[s]
    for t in hidden_holders:
        tpool += teams["tickets"][t]
    tpool.sort()
    rng.shuffle(tpool)
    k = 0
    for s in others:
        a, b = len(g.kept[s]), len(g.offered[s])
        g.kept[s] = tpool[k:k + a]
        g.offered[s] = tpool[k + a:k + a + b]
        k += a + b
    for t in hidden_holders:
        a = len(teams["tickets"][t])
        teams["tickets"][t] = tpool[k:k + a]
        k += a
    g.tdeck = tpool[k:]
    terrain = g.ext.get("terrain")
    if terrain is not None:
        deck = sorted(terrain["deck"])
        rng.shuffle(deck)
        terrain["deck"] = deck
    g._legal = None
    g._version += 1
    return g


class SearchAgent:
    """Plans by rollouts on sampled deals (module docstring).

    ``rollouts``: samples per decision (each plays every candidate to the end); ``seconds``:
    stop sooner when this much CPU time has passed (None: no limit; a time limit makes the
    choice depend on the machine's speed). ``claims``: how many of the longest claimable
    routes are candidates. The strength setting is ``rollouts`` (and ``seconds``)."""

    name = "search"

    margin: float = 1.0
    """A move other than the greedy player's is played only if its mean beats the greedy move's
    by this many standard errors of the paired differences (so noise alone rarely changes
    a good move)."""

    def __init__(self, seed: int = 0, rollouts: int = 40, seconds: float | None = 1.0, claims: int = 3):
        self.seed = seed
        self.rollouts = int(rollouts)
        self.seconds = seconds
        self.claims = int(claims)
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent(seed)
        self.styles = [cls(seed) for cls in STYLES.values()]
        self._roll = [GreedyAgent(k) for k in range(6)]
        self.decisions = 0
        self.thinking = 0.0
        """Decisions searched, and the CPU seconds they took (for the benchmark)."""

    # -- candidates --------------------------------------------------------------------------
    def candidates(self, game: Game) -> list[Action]:
        """The moves worth comparing now (none or one: nothing to search)."""
        p = game.pending
        if p in ("setup-tickets", "keep-tickets"):
            first = self.greedy.choose(game)
            return [first] + [a for a in game.legal_actions() if isinstance(a, KeepTickets) and a != first]
        if p != "turn":
            return []
        out: list[Action] = [self.greedy.choose(game)]
        for agent in self.styles:
            out.append(agent.choose(game))
        seat = game.current_player
        opts = _Options(game, seat)
        ids: list[int] | None = None
        taken: set[int] = set()
        for _ in range(self.claims):
            r = opts.longest(ids)
            if r is None:
                break
            taken.add(r)
            out.append(self.greedy._pay(game, seat, opts.claims(r)))
            T = game.T
            ids = [T.rid[i] for i in sorted(range(T.n), key=lambda i: (-T.rlen[i], T.rid[i]))
                   if T.rid[i] not in taken]
        if game.tdeck:
            out.append(DrawTickets())
        if game.deck or game.discard:
            out.append(DrawCard("deck"))
        legal = None
        uniq: list[Action] = []
        for a in out:
            if a in uniq:
                continue
            if legal is None:
                legal = set(game.legal_actions())
            if a in legal:
                uniq.append(a)
        return uniq

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, game: Game) -> Action:
        cands = self.candidates(game)
        if len(cands) < 2:
            return cands[0] if cands else self.greedy.choose(game)
        start = time.process_time()
        seat = game.current_player
        rng = random.Random(f"ttr_nb.search:{self.seed}:{len(game._hist)}")
        values: list[list[float]] = [[] for _ in cands]
        done = 0
        while done < self.rollouts:
            base = determinise(game, seat, rng)
            rseed = rng.getrandbits(32)
            for k, a in enumerate(cands):
                values[k].append(self._rollout(base, a, seat, rseed))
            done += 1
            if self.seconds is not None and time.process_time() - start > self.seconds:
                break
        self.decisions += 1
        self.thinking += time.process_time() - start
        return cands[_pick(values, self.margin)]

    def _rollout(self, base: Game, action: Action, seat: int, rseed: int, max_steps: int = 5000) -> float:
        """Play ``action`` on a copy of ``base``, then greedy players to the end: the seat's
        final points minus the best other scorer's."""
        g = base.copy()
        g.apply(action)
        agents = self._roll
        for k, a in enumerate(agents):
            a.rng.seed(rseed + k)
        steps = 0
        while not g.over and steps < max_steps:
            g.apply(agents[g.current_player].choose(g))
            steps += 1
        with _numbers_only():
            sheet = g.score()
        groups = g.scorer_groups()
        mine = next(i for i, (_, seats) in enumerate(groups) if seat in seats)
        totals = sheet.totals
        best_other = max((t for i, t in enumerate(totals) if i != mine), default=0)
        return float(totals[mine] - best_other)

    def __repr__(self) -> str:
        return f"SearchAgent(seed={self.seed!r}, rollouts={self.rollouts}, seconds={self.seconds})"


def _pick(values: list[list[float]], margin: float) -> int:
    """The candidate to play: the best mean, if it beats candidate 0 (the greedy player's
    move) by ``margin`` standard errors of their paired differences on the same samples;
    else candidate 0."""
    means = [sum(v) / len(v) for v in values]
    best = max(range(len(values)), key=lambda k: (means[k], -k))
    if best == 0:
        return 0
    d = [a - b for a, b in zip(values[best], values[0])]
    n = len(d)
    if n < 2:
        return best if means[best] > means[0] else 0
    mu = sum(d) / n
    var = sum((x - mu) ** 2 for x in d) / (n - 1)
    se = (var / n) ** 0.5
    return best if mu > margin * se else 0


__all__ = ["SearchAgent", "determinise"]
