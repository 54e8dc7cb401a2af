"""The fused random loop (rules/fast.py ``play_random``) finds claims on its own, from the
running sums of its count; the step-by-step sampler finds them with ``_nth_claim``. Here
both take the same claim index, for many indices of many states (colour claims on their
own routes and on gray ones, B-5.1, B-5.2; all-Locomotive claims, B-5.3), and must give the
same action and the same state."""
from __future__ import annotations

import random

import pytest

from ttr_nb.actions import ClaimRoute
from ttr_nb.game import new_game
from ttr_nb.rules import drawing
from ttr_nb.rules.fast import LOCO, FastCounter, play_random


class Fixed:
    """A stand-in for random.Random whose random() is always ``u``."""

    def __init__(self, u: float):
        self.u = u

    def random(self) -> float:
        return self.u


def claim_indices(nc: int, width: int = 12) -> list[int]:
    """Some claim indices of 0..nc-1: the first and the last ones (the all-Locomotive claims
    come last), and a spread between."""
    if nc <= 2 * width:
        return list(range(nc))
    step = (nc - 2 * width) // width + 1
    return sorted({*range(width), *range(nc - width, nc), *range(width, nc - width, step)})


@pytest.mark.parametrize("variant,n,seed", [("usa", 2, 1), ("usa", 4, 2), ("usa-1910", 3, 3)])
def test_B_5_1_to_B_5_3_fused_loop_claims_as_the_sampler(variant, n, seed):
    g = new_game(variant, n, seed=seed)
    assert isinstance(g._fast, FastCounter)
    rng = random.Random(seed)
    checked = locos = 0
    while not g.over:
        if g.pending == "turn":
            fc = g._fast
            total = fc.count(g)
            nd = len(drawing.sources(g, False))
            nc = fc.claims(g, g.seat)
            for r in claim_indices(nc):
                u = Fixed((nd + r + 0.5) / total)
                a, b = g.copy(), g.copy()
                a.random_step(u)  # FastCounter.pick -> _nth_claim
                assert play_random(b, u, 1) == 1
                code = a._hist[-1]  # ("c", route index, colour, coloured cards, Locomotives)
                assert b._hist[-1] == code and code[0] == "c"
                assert isinstance(b.history[-1], ClaimRoute) and b.history == a.history
                assert b.state_json() == a.state_json()
                assert b._fast.mp == a._fast.mp and b.openf == a.openf
                checked += 1
                locos += code[2] == LOCO
        g.random_step(rng)
    assert checked > 500 and locos > 0  # many claims, some of them all-Locomotive
