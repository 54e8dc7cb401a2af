"""The checkers of lessons 02 (USA 1910) and 03 (scoring), and the package functions they
brought: Scorer.from_routes, variants.compare, variants.reprinted_values."""
import pytest

import ttr_nb
from ttr_nb import exercises
from ttr_nb.scoring import Scorer, Scoresheet
from ttr_nb.variants import compare, reprinted_values

KEYS = ["02.1", "02.2", "02.3", "03.1", "03.2", "03.3"]


def verdict(key, answer):
    return exercises.check(key, answer)


@pytest.mark.parametrize("key", KEYS)
def test_unanswered_and_junk_never_raise(key):
    assert verdict(key, ...).status == "not answered"
    for junk in (3.5, "x", [1, 2], {"a": 1}, object(), True, [["Denver"]]):
        assert verdict(key, junk).status == "not yet"


# -- lesson 02 ---------------------------------------------------------------------------
def test_U_2_2_big_cities_deck_right_and_missing():
    assert verdict("02.1", ["Houston–Washington", "Montréal–Chicago", "Seattle–Las Vegas"])
    f = verdict("02.1", ["Houston–Washington", "Seattle-Las Vegas"])
    assert not f and "one ticket of the deck is missing" in f.message


@pytest.mark.parametrize("given", [["Houston–Washington", "Seattle-Las Vegas"], ["Montréal–Chicago"],
                                   [], ["Seattle–Las Vegas", "Montreal-Chicago"]])
def test_U_2_2_feedback_never_names_the_missing_ticket(given):
    """Issue 33: a missing ticket is not named (that would give the answer); the feedback says
    what to check."""
    from ttr_nb.exercises import l02

    usa = ttr_nb.load_map("usa")
    deck = {t.id for t in usa.tickets_in("big_cities")}
    chosen = {t.id for t in l02.read_tickets(usa, given, l02.CANDIDATES)}
    f = verdict("02.1", given)
    assert not f and "check the two cities" in f.message
    for i in deck & set(l02.CANDIDATES) - chosen:
        t = usa.ticket(i)
        assert f"{t.a}–{t.b}" not in f.message and f"{t.b}–{t.a}" not in f.message, f.message


def test_U_2_2_reads_one_string_and_accents():
    assert verdict("02.1", "Houston–Washington, Montreal-Chicago, Seattle - Las Vegas")
    assert verdict("02.1", ("seattle–las vegas", "chicago–montréal", "washington–houston"))


def test_U_2_2_big_cities_deck_forgives_missing_accents():
    from ttr_nb.board import plain_name as plain

    assert plain("  Montréal ") == plain("montreal") == "montreal"
    assert verdict("02.1", ["Houston-Washington", "Montreal-Chicago", "Seattle-Las Vegas"])


def test_U_2_2_big_cities_deck_extra_ticket_named():
    f = verdict("02.1", ["Houston–Washington", "Montréal–Chicago", "Seattle–Las Vegas",
                         "Washington–Atlanta"])
    assert not f and "Washington–Atlanta names no Big City" in f.message


def test_B_2_4_keep_two_mega_game_is_not_allowed():
    assert verdict("02.2", ["usa-1910-classic", "usa-1910", "usa-big-cities"])
    f = verdict("02.2", ["usa-1910-classic", "usa-1910", "usa-big-cities", "usa-mega"])
    assert not f and "dealt 5 tickets and keeps at least 3" in f.message
    f = verdict("02.2", ["usa-1910"])
    assert not f and "2 ways to play" in f.message and "missing" in f.message
    for w in ("usa-1910-classic", "usa-big-cities"):
        assert w not in f.message, "the missing ways are not named"
    assert verdict("02.2", "usa 1910 classic, USA-1910, usa big cities")


def test_U_1_5_and_H_9_1_each_globetrotter_line_cites_its_own_rule():
    """Issue 33: USA 1910's Globetrotter is U-1.5 (+15), The Heart of Africa's H-9.1 (+10);
    neither score sheet cites the other's rule."""
    from ttr_nb.exercises import l02
    from ttr_nb.scoring import Scorer, Scoresheet

    usa_line = l02.globetrotter_sheet().bonus_summary("globetrotter")
    assert "(+15, U-1.5)" in usa_line and "H-9" not in usa_line
    africa = ttr_nb.load_map("heart_of_africa")
    you = Scorer.from_routes(africa, "You", ["Juba–Sudan red", "Juba–Nairobi", "Nairobi–Dar es Salaam"], ["T24"])
    sheet = Scoresheet.compute(africa, [you], ttr_nb.get_variant("heart-of-africa").bonuses)
    line = sheet.bonus_summary("globetrotter")
    assert "(+10, H-9.1)" in line and "U-1.5" not in line
    assert [l.rule for l in sheet.lines[0] if l.kind == "bonus"] == ["H-9.1"]


def test_U_1_5_globetrotter_tie_goes_to_each_tied_player():
    from ttr_nb.exercises import l02

    sheet = l02.globetrotter_sheet()
    assert [sheet.names[i] for i in sheet.awarded["globetrotter"]] == ["Ana", "Cal"]
    assert verdict("02.3", ["Cal", "Ana"])
    f = verdict("02.3", ["Ana"])
    assert not f and "every tied player" in f.message
    for same in ("Ana, Cal", "cal and ana", ("ANA", "Cal"), "Ana Cal"):
        assert verdict("02.3", same), same
    f = verdict("02.3", ["Ana", "Bea", "Cal"])
    assert not f and "Bea completed 1 ticket" in f.message
    f = verdict("02.3", [])
    assert not f and "name at least one player" in f.message


# -- lesson 03 ---------------------------------------------------------------------------
def test_B_6_5_kim_total_and_specific_mistakes():
    from ttr_nb.exercises import l03

    total = l03.kim_sheet().total(0)
    assert total == 36 + 9 + 11 - 4 + 10
    assert verdict("03.1", total) and verdict("03.1", str(total))
    assert "subtracted, not added" in verdict("03.1", total + 8).message
    assert "Denver–El Paso" not in verdict("03.1", total + 8).message
    assert "leaves the failed ticket out" in verdict("03.1", total + 4).message
    assert "without the Longest Path bonus" in verdict("03.1", total - 10).message
    assert "number of train cars" in verdict("03.1", 21 + 16 + 10).message
    assert "recount" in verdict("03.1", 1).message


def test_B_6_4_failing_ticket_is_the_one_not_joined():
    assert verdict("03.2", "Winnipeg–Little Rock") and verdict("03.2", "little rock - winnipeg")
    f = verdict("03.2", "Duluth-Houston")
    assert not f and "is done: Duluth → Omaha" in f.message
    assert "not one of Ravi's tickets" in verdict("03.2", "Boston–Miami").message


def test_B_8_2_zoe_trail_through_denver_twice():
    assert verdict("03.3", ["Helena", "Denver", "Kansas City", "Omaha", "Denver", "Oklahoma City"])
    assert verdict("03.3", ["Oklahoma City", "Denver", "Omaha", "Kansas City", "Denver", "Helena"])
    f = verdict("03.3", ["Helena", "Denver", "Omaha", "Kansas City"])
    assert not f and "a trail may pass a city twice" in f.message
    f = verdict("03.3", ["Denver", "Omaha", "Denver"])
    assert not f and "twice" in f.message
    f = verdict("03.3", ["Helena", "Denver", "Kansas City", "Omaha", "Denver"])
    assert not f and "left out" in f.message


# -- package additions -------------------------------------------------------------------
def test_scorer_from_routes_reads_route_names():
    usa = ttr_nb.load_map("usa")
    s = Scorer.from_routes(usa, "Mia", ["Denver–Omaha", ("Omaha", "Chicago")], ["O08"])
    assert [c.route for c in s.claims] == usa.route_ids(["Denver–Omaha", "Omaha–Chicago"])
    assert s.tickets == ("O08",)
    assert Scoresheet.compute(usa, [s]).line_total(0, "route") == 14
    with pytest.raises(KeyError):
        Scorer.from_routes(usa, "Mia", ["Denver–Paris"])


def test_U_1_3_reprinted_values_are_the_four_lower_tickets():
    pairs = [(o.a, o.b, o.points, r.points) for o, r in reprinted_values()]
    assert pairs == [("Los Angeles", "Miami", 20, 19), ("Los Angeles", "New York", 21, 20),
                     ("Sault St. Marie", "Oklahoma City", 9, 8), ("Seattle", "New York", 22, 20)]


def test_compare_reads_each_variant():
    rows = compare(["usa-mega", "usa-big-cities"]).splitlines()
    assert rows[0].startswith("way to play")
    assert rows[1].split()[:6] == ["usa-mega", "69", "5", "/", "3", "4"]
    assert rows[1].endswith("Longest Path +10, Globetrotter +15")
    assert rows[2].split()[:2] == ["usa-big-cities", "35"] and rows[2].endswith("none")
