"""The greedy player's shortcuts (issue 32, speed) leave its choices as they were.

- A ticket its own routes join is not asked again at each plan (``_SeatView.done``): that
  holds only while no own route is lost, so after an undo of the claim that joined it, or on
  another game where that claim was not made, its plan is a fresh agent's again.
- Its ticket choice reads the least number it must keep from the rule
  (``tickets.min_keep``, B-2.4, B-6.1) instead of the legal listing: the same number, and the
  tickets it keeps are one of the legal choices.
"""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.actions import ClaimRoute, KeepTickets
from ttr_nb.agents import GreedyAgent, agent_seed
from ttr_nb.game import new_game
from ttr_nb.rules.tickets import min_keep

SMALLEST = [(v.name, min(v.players)) for v in map(ttr_nb.get_variant, ttr_nb.variants())]


def _joined(game, seat: int) -> set[str]:
    """The tickets of ``seat`` its own routes join (a fresh agent's trains are 0)."""
    fresh = GreedyAgent(0)
    out = set()
    for tid in game.tickets(seat):
        t = game.board.ticket(tid)
        if fresh._costs(game, seat, t.a, t.b)[0] == 0:
            out.add(tid)
    return out


def _completing_claim(variant: str, players: int, seed: int):
    """(game just before a claim that joins one of the claimer's tickets, the agents that played
    it, the claim, the ticket)."""
    g = new_game(variant, players, seed)
    agents = [GreedyAgent(agent_seed(seed, s)) for s in range(players)]
    while not g.over:
        s = g.current_player
        a = agents[s].choose(g)
        if isinstance(a, ClaimRoute):
            before = _joined(g, s)
            c = g.copy()
            c.apply(a)
            new = _joined(c, s) - before
            if new and len(g.route_owners) >= 6:
                return g, agents, a, min(new)
        g.apply(a)
    raise AssertionError(f"{variant} seed {seed}: no claim joined a ticket")


@pytest.mark.parametrize("variant,players,seed", [("usa", 2, 1), ("team-asia", 4, 2), ("europe", 3, 4)])
def test_a_joined_ticket_is_planned_again_after_undo(variant, players, seed):
    """B-7 (a ticket is joined by its owner's routes): once joined it drops out of the plan;
    undo the claim that joined it and it is planned again, as a fresh agent plans it."""
    g, agents, claim, tid = _completing_claim(variant, players, seed)
    s = g.current_player
    agent = agents[s]
    assert agent.plan(g, s) == GreedyAgent(0).plan(g, s)
    g.apply(claim)
    assert tid in _joined(g, s)
    assert agent.plan(g, s) == GreedyAgent(0).plan(g, s)
    g.undo()
    assert tid not in _joined(g, s)
    assert agent.plan(g, s) == GreedyAgent(0).plan(g, s)
    alone = agent.plan(g, s, [tid])  # (a plan not asked before: not remembered)
    assert alone == GreedyAgent(0).plan(g, s, [tid]) and alone[0] > 0
    assert agent.choose(g) == claim  # (the same state: the same choice)


def test_a_joined_ticket_is_planned_again_on_another_game():
    """The same agent moved to a copy made before the joining claim (its view read the claim on
    the first game): its plan there is a fresh agent's."""
    g, agents, claim, tid = _completing_claim("usa", 2, 5)
    s = g.current_player
    other = g.copy()
    agent = agents[s]
    g.apply(claim)
    agent.plan(g, s)
    assert tid not in _joined(other, s)
    assert agent.plan(other, s) == GreedyAgent(0).plan(other, s)
    alone = agent.plan(other, s, [tid])  # (a plan not asked before: not remembered)
    assert alone == GreedyAgent(0).plan(other, s, [tid]) and alone[0] > 0
    # ... and after a different action there (a card drawn, not the claim)
    draw = next(a for a in other.legal_actions() if a.kind == "draw")
    other.apply(draw)
    while other.current_player != s and not other.over:
        other.apply(agents[other.current_player].choose(other))
    assert agent.plan(other, s) == GreedyAgent(0).plan(other, s)


@pytest.mark.parametrize("variant,players", SMALLEST, ids=[f"{v}-{n}p" for v, n in SMALLEST])
def test_ticket_choice_keeps_at_least_the_rule_and_is_legal(variant, players):
    """B-2.4, B-6.1 (LA-4, TA-11): at every ticket choice of greedy games, the least number kept
    in the legal listing is ``min_keep``, and the agent's choice is one of the legal actions."""
    choices = 0
    for seed in range(3):
        g = new_game(variant, players, seed)
        agents = [GreedyAgent(agent_seed(seed, s)) for s in range(players)]
        while not g.over:
            a = agents[g.current_player].choose(g)
            if g.pending in ("setup-tickets", "keep-tickets"):
                legal = list(g.legal_actions())
                keeps = [x for x in legal if isinstance(x, KeepTickets)]
                assert min(len(x.tickets) for x in keeps) == min_keep(g)
                assert a in legal
                choices += 1
            g.apply(a)
    assert choices >= 3 * players


@pytest.mark.parametrize("variant,players", [("usa", 3), ("legendary-asia", 3), ("europe", 3)])
def test_a_path_answered_sure_for_the_trains_is_the_new_searchs(variant, players):
    """A remembered search that answers for a ticket's trains says whether its path is the one
    a new search finds (the plan then takes it without asking again): when it says so, the
    path is a fresh agent's, and the trains are the same (every ticket of the board, asked by
    one seat at each of its turns)."""
    sure = 0
    for seed in range(2):
        g = new_game(variant, players, seed)
        agents = [GreedyAgent(agent_seed(seed, s)) for s in range(players)]
        warm = GreedyAgent(1)
        ids = [t.id for t in g.board.tickets]
        while not g.over:
            if g.pending == "turn" and g.current_player == 0:
                view = warm._view(g, 0)
                fresh = GreedyAgent(0)._view(g, 0)
                for tid in ids:
                    a, b, _ = view.net.ticket(g.board, tid)
                    d, e, ok = view._answer(a, b, [], 0, False)
                    want = fresh._answer(a, b, [], 0, True)
                    assert d == want[0]
                    if ok and d < (1 << 30):
                        assert e[4] == want[1][4], tid
                        sure += 1
            g.apply(agents[g.current_player].choose(g))
    assert sure >= 500
