"""ttr_nb.narrate: a game told in words for the lessons (the additions of lessons 00 and 01:
choices, payments, try_load; and try_play, which every deliberate illegal move uses)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb import narrate
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets


@pytest.fixture()
def game():
    """Seed-75 three-player USA game once the first tickets are kept (Ana to play)."""
    g = ttr_nb.new_game("usa", players=["Ana", "Bea", "Cal"], seed=75)
    players = narrate.computer_players(g)
    while g.pending == "setup-tickets":
        g.apply(players[g.current_player].choose(g))
    return g


def test_B_3_1_choices_groups_the_legal_actions_by_kind_and_counts_them(game, capsys):
    counts = narrate.choices(game, show=2)
    out = capsys.readouterr().out
    legal = game.legal_actions()
    assert sum(counts.values()) == len(legal)
    assert list(counts) == ["draw", "claim", "tickets"]
    assert counts["tickets"] == sum(isinstance(a, DrawTickets) for a in legal) == 1
    assert out.startswith(f"Ana has {len(legal)} legal actions:")
    assert f"{counts['claim']} × claim a route" in out
    assert f"… and {counts['claim'] - 2} more" in out


def test_B_4_4_choices_after_a_blind_card_lists_no_face_up_locomotive(game, capsys):
    game.apply(DrawCard("deck"))
    assert "locomotive" in game.view(0)["display"]
    counts = narrate.choices(game, show=9)
    out = capsys.readouterr().out
    assert counts == {"draw": len(game.legal_actions())}
    assert "Locomotive" not in out


def test_B_5_2_payments_lists_every_legal_way_to_pay_for_a_gray_route(game, capsys):
    players = narrate.computer_players(game)
    for _ in range(4):   # Ana takes two pink cards; Bea and Cal claim
        game.apply(players[game.current_player].choose(game))
    ways = narrate.payments(game, "Atlanta–Nashville")
    out = capsys.readouterr().out
    colours = sorted(c for c, n in game.hand(0).items() if n and c != "locomotive")
    assert sorted(w.color for w in ways) == colours
    assert all(game.why_not(w) is None for w in ways)
    assert out.startswith(f"Atlanta–Nashville (1, gray): {len(colours)} ways to pay")


def test_payments_of_a_route_that_cannot_be_paid_is_empty(game, capsys):
    assert narrate.payments(game, "Denver–Omaha") == []
    assert "0 ways to pay" in capsys.readouterr().out


def test_try_play_prints_the_reason_and_changes_nothing(game, capsys):
    before = game.state_json()
    move = ClaimRoute.paying(game.board.route_id("Chicago–Duluth"), pink=3)
    assert narrate.try_play(game, move) is False
    out = capsys.readouterr().out
    assert out.startswith("✗ Ana claims Chicago–Duluth") and game.why_not(move) in out
    assert game.state_json() == before


def test_B_6_1_try_play_refuses_keeping_no_ticket_then_plays_a_legal_keep(game, capsys):
    game.apply(DrawTickets())
    assert narrate.try_play(game, KeepTickets([])) is False
    assert "keep at least 1" in capsys.readouterr().out
    keep = game.legal_actions()[0]
    assert narrate.try_play(game, keep) is True
    assert capsys.readouterr().out.startswith("▶ Ana keeps")
    assert game.pending == "turn" and game.current_player == 1


def test_try_load_gives_back_the_same_game(game, capsys):
    game.apply(DrawCard("deck"))
    again = narrate.try_load(game.to_json())
    assert again is not None and again.state_json() == game.state_json()
    assert capsys.readouterr().out.startswith("✓ loaded: usa, 3 players, 4 actions")


@pytest.mark.parametrize("damage, said", [
    (lambda s: s[:200], "not valid JSON"),
    (lambda s: s.replace('"variant": "usa"', '"variant": "mars"'), "unknown variant 'mars'"),
    (lambda s: "[1, 2]", "must hold a JSON object"),
])
def test_try_load_of_a_damaged_save_prints_its_reason_without_a_traceback(game, capsys, damage, said):
    assert narrate.try_load(damage(game.to_json())) is None
    out = capsys.readouterr().out
    assert out.startswith("✗ this save cannot be loaded:") and said in out
    assert "Traceback" not in out and ".py" not in out and "site-packages" not in out
