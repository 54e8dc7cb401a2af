"""Scores and explanations follow the game's settings (issue 15, first section).

- LA-9: ``mountain_points_per_x`` changes the Scoresheet's mountain lines exactly as it
  changes the running score (one rule: ``claiming.route_worth``);
- B-5.8, TA-20: the gap of a ticket not done only walks through tracks the scorer may
  still claim, asked of the rule play refuses a claim with (``claiming.track_closed``);
- a property test over random games with random settings: the live score is the sheet's
  route + terrain + mountain lines, and no gap uses a track the engine would refuse.

Each test marked "old code" failed before the change: the Scoresheet counted 2 per X
whatever the setting, took the players' threshold from the map instead of the setting,
and opened both tracks of every double in a two-team Team Asia game.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.actions import ClaimRoute
from ttr_nb.agents import play_game
from ttr_nb.board import Ticket
from ttr_nb.game import new_game
from ttr_nb.rules import claiming
from ttr_nb.scoring import Claim, Scorer, Scoresheet, _numbers_only, closed_to

LA = ttr_nb.load_map("legendary_asia")
USA = ttr_nb.load_map("usa")
TA = ttr_nb.load_map("team_asia")
CLOSING = ("already claimed", "other track", "only one track")
"""Words of the engine's refusals for a track that is closed (``claiming.open_reason``)."""


def claim_part(sheet: Scoresheet, k: int) -> int:
    """Scorer ``k``'s route + terrain + mountain lines."""
    return sum(sheet.line_total(k, kind) for kind in ("route", "terrain", "mountain"))


def live(game, sheet: Scoresheet, k: int) -> int:
    """The running score of scorer ``k``'s seats."""
    return sum(game.points[s] for s in sheet.scorers[k].seats)


def gap_refusals(game, sheet: Scoresheet) -> list[tuple[str, str, int, str]]:
    """(scorer, ticket, route id, the engine's refusal) for every gap track of a ticket not done
    that the engine would refuse to one of the scorer's seats."""
    out = []
    for k, sc in enumerate(sheet.scorers):
        for res in sheet.ticket_results[k]:
            if res.done:
                continue
            for rid in res.routes:
                for seat in sc.seats:
                    why = claiming.open_reason(game, seat, game.T.idx[rid])
                    if why is not None:
                        out.append((sc.name, res.ticket.id, rid, why))
    return out


# -- LA-9: mountain points per X --------------------------------------------------------
@pytest.mark.parametrize("per_x", [0, 1, 5])
def test_LA_9_sheet_mountain_lines_follow_mountain_points_per_x_as_the_track_does(per_x):
    """Old code: with 0 or 5 per X the sheet still counted 2 per X (52 where the track shows
    40 or 70), so the total and maybe the winner were wrong."""
    g = play_game("legendary-asia", 2, 3, ("greedy",), mountain_points_per_x=per_x)
    sheet = g.score()
    climbed = 0
    for k, sc in enumerate(sheet.scorers):
        x = sum(LA.route(c.route).mountains for c in sc.claims)
        climbed += x
        assert sheet.line_total(k, "mountain") == per_x * x
        assert claim_part(sheet, k) == live(g, sheet, k)
        for line in sheet.lines[k]:
            if line.kind == "mountain":
                assert f"× {per_x}: +{line.points}" in line.detail
    assert climbed > 0  # the game did cross mountains
    assert sheet.mountain_points_per_x == per_x


def test_LA_9_numbers_only_sheet_counts_the_setting_too():
    """simulate's numbers-only sheet (no lines kept) has the same mountain points as the full one."""
    g = play_game("legendary-asia", 3, 5, ("greedy",), mountain_points_per_x=5)
    with _numbers_only():
        fast = g.score()
    full = g.score()
    for k in range(len(full.names)):
        assert fast.kind_totals(k) == full.kind_totals(k)
        assert claim_part(fast, k) == live(g, fast, k)
    assert fast.totals == full.totals


def test_LA_9_what_if_sheet_takes_settings_and_defaults_to_two_per_x():
    """Scoresheet.compute(settings=...) follows mountain_points_per_x; without it, 2 per X."""
    r = next(r for r in LA.routes if r.mountains == 2)
    you = Scorer("You", (Claim(r.id),), ())
    five = Scoresheet.compute(LA, [you], settings={"mountain_points_per_x": 5})
    two = Scoresheet.compute(LA, [you])
    assert five.line_total(0, "mountain") == 10 and two.line_total(0, "mountain") == 4
    w = claiming.route_worth(LA, r, per_x=5)
    assert (w.route, w.mountain) == (five.line_total(0, "route"), five.line_total(0, "mountain"))
    assert "× 5: +10" in str(five)


def test_LA_9_H_5_6_engine_claim_points_are_route_worth_for_every_legal_claim():
    """What play scores for a claim (game.claim_points) is route_worth's total, doubled or
    not, for every legal claim in the first turns of a Legendary Asia and a Heart of Africa game."""
    for variant, extra in (("legendary-asia", {"mountain_points_per_x": 3}), ("heart-of-africa", {})):
        g = new_game(variant, 2, 11, **extra)
        rng = random.Random(1)
        seen = 0
        for _ in range(120):
            if g.over:
                break
            if g.pending == "turn":
                for a in g.legal_actions():
                    if isinstance(a, ClaimRoute):
                        r = g.board.route(a.route)
                        w = claiming.route_worth(g.board, r, bool(a.terrain),
                                                 g.policies.get("mountain_points_per_x", 2))
                        assert g.claim_points(a) == w.total
                        seen += 1
            g.random_step(rng)
        assert seen > 0


# -- B-5.8, TA-20: the gap uses only tracks the scorer may claim -------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_TA_20_gap_never_uses_the_twin_of_a_track_the_other_team_holds(seed):
    """Two teams, two_team_doubles='one_track' (the default). Old code: these greedy games'
    gaps used the closed twin (e.g. Shenyang–Beijing, Tokyo–Niigata)."""
    g = play_game("team-asia", 4, seed, ("greedy",))
    assert not g.doubles_open
    sheet = g.score()
    assert gap_refusals(g, sheet) == []
    assert sheet.doubles_open is False


@pytest.mark.parametrize("seed", [2, 3])
def test_B_5_8_gap_follows_double_routes_min_players(seed):
    """4 players with double_routes_min_players=5: one track of each double. Old code: the
    gap took the threshold from the map (4) and used the closed twin (Duluth–Omaha, ...)."""
    g = play_game("usa", 4, seed, ("greedy",), double_routes_min_players=5)
    assert not g.doubles_open
    assert gap_refusals(g, g.score()) == []


def _double(board, a: str, b: str) -> tuple[int, int]:
    ids = [r.id for r in board.routes_between(a, b)]
    assert len(ids) >= 2
    return ids[0], ids[1]


def test_B_5_8_what_if_gap_follows_the_setting():
    """Bea holds one Dallas–Houston track; Ana needs Dallas–Houston. Both tracks open
    (4 players, default): the gap is the other track. From 5 players on: closed, a detour."""
    held, twin = _double(USA, "Dallas", "Houston")
    ticket = Ticket("X1", "Dallas", "Houston", 5)
    scorers = [Scorer("Ana", (), (ticket,), seats=(0,)), Scorer("Bea", (Claim(held),), (), seats=(1,)),
               Scorer("Cal", (), (), seats=(2,)), Scorer("Dee", (), (), seats=(3,))]
    open4 = Scoresheet.compute(USA, scorers)
    assert open4.ticket_results[0][0].routes == (twin,)
    closed5 = Scoresheet.compute(USA, scorers, settings={"double_routes_min_players": 5})
    gap = closed5.ticket_results[0][0].routes
    assert gap and twin not in gap and held not in gap
    assert twin in closed_to(USA, scorers, 0, False) and twin not in closed_to(USA, scorers, 0, True)


def test_TA_20_what_if_gap_follows_two_team_doubles():
    """Team Cal & Dee holds one track of a double; Ana & Bea need its two ends: with two
    teams the twin is closed ('one_track', the default; old code: open), with 'both' it is the gap."""
    r = next(r for r in TA.routes if len(TA.twins.get(r.id, ())) == 1)
    held, twin = r.id, TA.twins[r.id][0]
    ticket = Ticket("X2", r.a, r.b, 5)
    teams = [Scorer("Ana & Bea", (), (ticket,), seats=(0, 1)),
             Scorer("Cal & Dee", (Claim(held),), (), seats=(2, 3))]
    one = Scoresheet.compute(TA, teams)
    assert twin not in one.ticket_results[0][0].routes
    both = Scoresheet.compute(TA, teams, settings={"two_team_doubles": "both"})
    assert both.ticket_results[0][0].routes == (twin,)


def test_B_5_8_a_ticket_that_cannot_be_done_says_so_and_has_no_gap():
    """Every track into a city is closed to Ana (claimed by Bea, or the twin of Bea's in a
    4-player game with both tracks from 5 players on): no gap, and the line says so."""
    city = next(c for c in sorted(USA.cities)
                if any(USA.twins.get(r.id) for r in USA.routes if c in (r.a, r.b)))
    held = set()
    for r in USA.routes:
        if city in (r.a, r.b) and not (set(USA.twins.get(r.id, ())) & held):
            held.add(r.id)
    other = next(r.other(city) for r in USA.routes if city in (r.a, r.b))
    far = next(c for c in sorted(USA.cities) if c not in (city, other)
               and not any(c in (r.a, r.b) and city in (r.a, r.b) for r in USA.routes))
    ticket = Ticket("X3", city, far, 9)
    scorers = [Scorer("Ana", (), (ticket,), seats=(0,)),
               Scorer("Bea", tuple(Claim(i) for i in sorted(held)), (), seats=(1,)),
               Scorer("Cal", (), (), seats=(2,)), Scorer("Dee", (), (), seats=(3,))]
    sheet = Scoresheet.compute(USA, scorers, settings={"double_routes_min_players": 5})
    res = sheet.ticket_results[0][0]
    assert not res.done and res.routes == ()
    line = next(l for l in sheet.lines[0] if l.kind == "ticket")
    assert "no open route can join them now" in line.detail and line.points == -9
    # with both tracks of each double open, the twins are a gap
    assert Scoresheet.compute(USA, scorers).ticket_results[0][0].routes


# -- the property: over random games with random settings ---------------------------------
VARIANTS = sorted(ttr_nb.variants())


def _settings_for(variant: str, draw) -> dict:
    known = ttr_nb.get_variant(variant).policies
    out = {}
    if "mountain_points_per_x" in known:
        out["mountain_points_per_x"] = draw(st.integers(0, 6))
    if "double_routes_min_players" in known:
        out["double_routes_min_players"] = draw(st.integers(2, 6))
    if "two_team_doubles" in known:
        out["two_team_doubles"] = draw(st.sampled_from(["one_track", "both"]))
    return out


@st.composite
def games(draw):
    variant = draw(st.sampled_from(VARIANTS))
    players = draw(st.sampled_from(sorted(ttr_nb.get_variant(variant).players)))
    seed = draw(st.integers(0, 2**31))
    stop = draw(st.one_of(st.none(), st.integers(10, 250)))
    return variant, players, seed, stop, _settings_for(variant, draw)


PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                    phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a seed does not shrink


@PROPERTY
@given(games())
def test_B_5_8_TA_20_LA_9_sheet_follows_every_setting_in_random_games(case):
    """Live score = the sheet's route + terrain + mountain lines, for each scorer, with and
    without lines; every gap track is open to the scorer by the engine's own rule (and
    game.why_not does not refuse it as closed); the sheet's closed tracks are exactly the
    engine's (openf), and the sheet's doubles rule is the game's."""
    variant, players, seed, stop, extra = case
    if stop is None:
        g = play_game(variant, players, seed, ("random",), **extra)
    else:
        g = new_game(variant, players, seed, **extra)
        rng = random.Random(seed)
        for _ in range(stop):
            if g.over:
                break
            g.random_step(rng)
    sheet = g.score()
    with _numbers_only():
        fast = g.score()
    for k in range(len(sheet.names)):
        assert claim_part(sheet, k) == live(g, sheet, k) == claim_part(fast, k)
    assert gap_refusals(g, sheet) == []
    assert sheet.doubles_open == g.doubles_open
    if "mountain_points_per_x" in g.policies:  # (a setting of the Mountains mechanic, LA-9: the
        # sheet has it where that mechanic scores, as its lines read it)
        assert sheet.mountain_points_per_x == g.policies["mountain_points_per_x"]
    # the one rule: what the sheet closes to a scorer is what the engine closed to its seats
    scorers = sheet.scorers
    for k, sc in enumerate(scorers):
        closed = closed_to(g.board, scorers, k, sheet.doubles_open)
        own = {c.route for c in sc.claims}
        for seat in sc.seats:
            engine = {g.T.rid[i] for i in range(g.T.n) if not g.openf[seat][i]} - own
            assert closed == engine
    # and a claim of a gap track now is not refused as closed
    if g.pending == "turn":
        seat = g.seat
        k = next(k for k, sc in enumerate(scorers) if seat in sc.seats)
        mine = {c.route for c in scorers[k].claims}
        for res in sheet.ticket_results[k]:
            if res.done:  # a done ticket's routes are its path, the scorer's own routes
                continue
            for rid in set(res.routes) - mine:
                L = g.board.route(rid).length
                why = g.why_not(ClaimRoute(rid, (("locomotive", L),))) or ""
                assert not any(w in why for w in CLOSING), why
