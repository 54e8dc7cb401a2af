"""A search player: it plans by playing the game forward many times.

At a decision worth thinking about (a turn, or which Destination Tickets to keep) the search
player (``agents="search"``, :class:`SearchAgent`):

1. lists a few *candidate* moves: the choices of the greedy player and of the four playing
   styles, the longest routes it can claim, drawing tickets, the deck (every ticket choice,
   when keeping tickets);
2. *determinises*: deals a sample of what its seat cannot see, consistent with what it can
   (:func:`determinise`: the other players' hands and tickets, the order of both decks, the
   box of Legendary Asia and Europe, the other team's holder in Team Asia, the Terrain deck,
   and the game's random seed, which decides future reshuffles; Europe's train stations are
   public and stay), so it never peeks;
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
played, from sorted pools of the hidden cards and tickets (tests/test_search_player_view.py
changes only hidden things, on every board, and checks the choice does not move).
"""
from __future__ import annotations

import random
import time
from ..actions import Action, DrawCard, DrawTickets, KeepTickets
from ..errors import ArgumentError, int_problem, shown
from ..game import Game
from ..scoring import _numbers_only
from .greedy import GreedyAgent
from .mechanics import _hidden_holders, _team_holders, _terrain
from .styles import STYLES, _Options


MAX_ROLLOUTS = 100_000
"""The most samples a search player takes per decision (each plays a whole game per candidate)."""
MAX_CLAIMS = 50
"""The most claimable routes a search player compares."""
MAX_SECONDS = 3600
"""The longest a search player may think per decision (seconds)."""
SEED_BITS = 62
"""Bits of the random seed each sampled game gets (the game's own seed decides its future
reshuffles, B-4.7, which no seat may know)."""


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot see is dealt again at random,
    consistently with what it sees (``game.view(seat)``):

    - the train cards it cannot see (the other players' hands, same sizes; in Team Asia its
      partner's hand too, TA-6, and the other team's holder unless holders are visible to all)
      and the train deck, from their pool;
    - the tickets it cannot see: the other players' kept and offered tickets (same numbers),
      the ticket deck, the other team's ticket holder and the box (Legendary Asia and
      Europe, LA-4, EU-1), from their pool, each where a ticket of its pile may be
      (:func:`_deal_tickets`);
    - the Terrain deck order (The Heart of Africa, H-4);
    - the game's random seed, which decides every future reshuffle (B-4.7): a new one from
      ``rng``.

    What it sees is kept: its hand, its tickets, its team's holder, the display, the discard,
    every claim, every count (``game.counts()`` is unchanged). The pools are sorted before
    they are shuffled and every draw from ``rng`` depends only on counts the seat sees, so the
    result depends only on the seat's view and ``rng``. (The tickets the seat itself returned
    are in the pool too: ``view(seat)`` does not list them.)"""
    g = game.copy()
    n = g.n
    others = [s for s in range(n) if s != seat]
    hidden_holders = _hidden_holders(g, seat)
    holder_cards, holder_tickets = _team_holders(g) or ([], [])
    # train cards
    pool = list(g.deck)
    for s in others:
        for c, k in enumerate(g.hands[s]):
            pool += [c] * k
    for t in hidden_holders:
        for c, k in enumerate(holder_cards[t]):
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
        size = sum(holder_cards[t])
        h = [0] * len(holder_cards[t])
        for c in pool[k:k + size]:
            h[c] += 1
        holder_cards[t] = h
        k += size
    g.deck = pool[k:]
    _deal_tickets(g, others, [holder_tickets[t] for t in hidden_holders], rng)
    terrain = _terrain(g)
    if terrain is not None:
        deck = sorted(terrain["deck"])
        rng.shuffle(deck)
        terrain["deck"] = deck
    g.seed = rng.getrandbits(SEED_BITS)
    g._legal = None
    g._version += 1
    return g


def _deal_tickets(g: Game, others: list[int], holders: list[list[int]], rng: random.Random) -> None:
    """Deal the tickets of ``others``, the hidden ``holders``, the ticket deck and the box
    again, in place, from the pool of those tickets, each where a ticket of its pile may be
    (Legendary Asia and Europe have two piles, LA-4, EU-1: long and regular):

    - the ticket deck holds tickets of the pile players draw from;
    - an other player still choosing its setup tickets holds what the setup deals from each
      pile (B-2.4: one long and three regular tickets);
    - an other player holds at most as many tickets of the other piles as the setup dealt it;
      which of them kept theirs is drawn at random (each place a ticket of another pile may
      be, in a hand or in the box, equally likely);
    - the box holds the rest.

    With one pile (every other board) this is one shuffled pool dealt in turn."""
    v = g.variant
    draw = frozenset(g.tidx[t] for t in v.piles[v.draw_pile])
    places = [g.kept[s] for s in others] + [g.offered[s] for s in others] + holders
    pool = sorted([t for p in places for t in p] + g.tdeck + g.box)
    rng.shuffle(pool)
    rest = [t for t in pool if t not in draw]
    if not rest:  # one pile: every ticket may be anywhere
        k = 0
        for p in places:
            p[:] = pool[k:k + len(p)]
            k += len(p)
        g.tdeck = pool[k:k + len(g.tdeck)]
        g.box = sorted(pool[k + len(g.tdeck):])
        return
    common = [t for t in pool if t in draw]
    pile = {g.tidx[t]: name for name, ids in v.piles.items() for t in ids}
    by_pile: dict[str, list[int]] = {}
    for t in rest:
        by_pile.setdefault(pile[t], []).append(t)
    setup = g.pending == "setup-tickets"
    other_piles = sum(k for name, k in v.setup_tickets if name != v.draw_pile)
    n_others = len(others)
    # (1) the setup offers still being chosen: exactly what the setup deals from each pile
    fixed: dict[int, list[int]] = {}
    for k, s in enumerate(others):
        if setup and g.offered[s]:
            got = []
            for name, m in v.setup_tickets:
                src = common if name == v.draw_pile else by_pile.get(name, [])
                got += [src.pop() for _ in range(min(m, len(src)))]
            fixed[n_others + k] = got
    # (2) the other piles' tickets left: a place each, drawn among the places that may hold
    # one: a kept hand (as many as the setup dealt), a hidden holder, the box
    def room(k: int, p: list[int]) -> int:
        if k in fixed:
            return 0
        if k < n_others:
            return min(other_piles, len(p))
        return 0 if k < 2 * n_others else len(p)

    spots = [(k, j) for k, p in enumerate(places) for j in range(room(k, p))]
    spots += [(-1, j) for j in range(len(g.box))]
    left = [t for name in sorted(by_pile) for t in by_pile[name]]
    if len(left) > len(spots):  # (a state no game reaches: any place with room will do)
        spots += [(k, j) for k, p in enumerate(places) if k not in fixed for j in range(room(k, p), len(p))]
    chosen = sorted(rng.sample(range(len(spots)), min(len(left), len(spots))))
    given: dict[int, list[int]] = {}
    for i, t in zip(chosen, left):
        given.setdefault(spots[i][0], []).append(t)
    # (3) everything else from the draw pile
    for k, p in enumerate(places):
        if k in fixed:
            p[:] = fixed[k]
            continue
        mine = given.get(k, [])
        p[:] = mine + [common.pop() for _ in range(len(p) - len(mine))]
    box = given.get(-1, [])
    box += [common.pop() for _ in range(len(g.box) - len(box))]
    g.box = sorted(box)
    g.tdeck = common


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
        for name, value, lo, hi in (("seed", seed, None, None), ("rollouts", rollouts, 1, MAX_ROLLOUTS),
                                    ("claims", claims, 0, MAX_CLAIMS)):
            problem = int_problem(value, name, lo, hi)
            if problem:
                raise ArgumentError(f"SearchAgent: {problem}", name)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds <= MAX_SECONDS):
            raise ArgumentError(f"SearchAgent: seconds must be a number of seconds above 0 and at most "
                                f"{MAX_SECONDS:,}, or None for no limit, not {shown(seconds)}", "seconds")
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
