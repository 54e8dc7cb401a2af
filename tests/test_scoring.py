"""The Scoresheet: worked examples (rules-spec §7, E1-E8), bonuses and their ties, the winner
tie-breaks (B-8.3), the seed's common scoring mistakes, and the output forms.

Every example is built from real routes of the shipped boards. Where a worked example's
ticket values cannot exist on a board (E6, E8: the authored boards price a ticket at the
cheapest train cost between its cities, so a 12-point ticket cannot be done with 10 trains),
the test uses hypothetical Ticket cards carrying the example's values, on real cities.
"""
from __future__ import annotations

import html
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.board import Board, City, Route, Ticket
from ttr_nb.errors import IllegalAction
from ttr_nb.graph import connect
from ttr_nb.scoring import BONUSES, Claim, Measure, Scorer, Scoresheet, register_bonus

USA = ttr_nb.load_map("usa")
HOA = ttr_nb.load_map("heart_of_africa")
LA = ttr_nb.load_map("legendary_asia")
TA = ttr_nb.load_map("team_asia")


def rid(board: Board, a: str, b: str, color: str | None = None) -> int:
    """The id of the track a–b (the first track of a double unless ``color`` is given)."""
    if color is not None:
        return board.find_route(a, b, color).id
    return min(r.id for r in board.routes_between(a, b))


def twin(board: Board, route_id: int) -> int:
    """The other track of a double route."""
    (other,) = board.twins[route_id]
    return other


def claims(*ids: int) -> tuple[Claim, ...]:
    return tuple(Claim(i) for i in ids)


def route_points(board: Board, ids) -> int:
    return sum(board.route_points(board.route(i).length) for i in ids)


def details(sheet: Scoresheet, i: int, kind: str) -> list[str]:
    return [l.detail for l in sheet.lines[i] if l.kind == kind]


# -- E1: the seed's worked example --------------------------------------------------------
# Mia: 9 real USA routes worth 62 (34 trains); Denver–Pittsburgh (11) and Helena–Los Angeles
# (8) done, Chicago–Santa Fe (9) not; her longest trail (25) beats Leo's, so +10.
MIA = [rid(USA, "Helena", "Salt Lake City"), rid(USA, "Salt Lake City", "Las Vegas"),
       rid(USA, "Las Vegas", "Los Angeles"), rid(USA, "Denver", "Omaha"),
       rid(USA, "Omaha", "Chicago"), rid(USA, "Chicago", "Pittsburgh"),
       rid(USA, "Salt Lake City", "Denver"), rid(USA, "Helena", "Seattle"),
       rid(USA, "Los Angeles", "El Paso")]
LEO = [rid(USA, "New York", "Washington"), rid(USA, "Washington", "Raleigh"),
       rid(USA, "Raleigh", "Atlanta")]


def e1_sheet() -> Scoresheet:
    mia = Scorer("Mia", claims(*MIA), ("O08", "O11", "O05"), seats=(0,))
    leo = Scorer("Leo", claims(*LEO), ("O18",), seats=(1,))
    return Scoresheet.compute(USA, [mia, leo], {"longest_path": 10})


def test_E1_seed_example_62_plus_11_plus_8_minus_9_is_72_plus_10_is_82():
    assert route_points(USA, MIA) == 62 and sum(USA.route(i).length for i in MIA) <= 45
    sheet = e1_sheet()
    assert sheet.line_total(0, "route") == 62
    assert [l.points for l in sheet.lines[0] if l.kind == "ticket"] == [11, 8, -9]
    assert sheet.line_total(0, "route") + sheet.line_total(0, "ticket") == 72
    assert sheet.line_total(0, "bonus") == 10
    assert sheet.total(0) == 82 and sheet.totals[0] == 82
    assert sheet.winners == (0,)
    assert sheet.verdict == "Winner: Mia, with 82 points."


def test_E1_lines_explain_themselves():
    sheet = e1_sheet()
    routes = details(sheet, 0, "route")
    assert "Denver–Omaha (4, pink): 7" in routes and "Helena–Seattle (6, yellow): 15" in routes
    done, done2, failed = details(sheet, 0, "ticket")
    assert done == "Denver–Pittsburgh (11) done: Denver → Omaha → Chicago → Pittsburgh: +11"
    assert done2 == "Helena–Los Angeles (8) done: Helena → Salt Lake City → Las Vegas → Los Angeles: +8"
    # the failed ticket names what each end reaches and the gap between them
    assert failed.startswith("Chicago–Santa Fe (9) not done: Chicago reaches Denver, El Paso")
    assert "; no train at Santa Fe; " in failed
    assert "the gap is 2 trains" in failed and failed.endswith(": -9")
    (bonus,) = details(sheet, 0, "bonus")
    assert bonus.startswith("Longest Path: 25 cars (") and bonus.endswith("): +10")
    # the highlighted routes of a done ticket are its path
    line = sheet.lines[0][9]
    assert line.ticket == "O08" and line.cities == ("Denver", "Omaha", "Chicago", "Pittsburgh")
    assert [USA.route(r).label() for r in line.routes] == [
        "Denver–Omaha (4, pink)", "Chicago–Omaha (4, blue)", "Chicago–Pittsburgh (3, orange)"]


def test_E1_trail_leaves_the_Seattle_spur_out():
    sheet = e1_sheet()
    trail = sheet.trail(0)
    assert trail.length == 25
    assert rid(USA, "Helena", "Seattle") not in trail.routes
    assert sheet.trail(1).length == 6


# -- E2-E4: Longest Path on real USA routes ------------------------------------------------
E2 = [rid(USA, "Portland", "Salt Lake City"), rid(USA, "Helena", "Salt Lake City"),
      rid(USA, "Las Vegas", "Salt Lake City"), rid(USA, "Las Vegas", "Los Angeles"),
      rid(USA, "Denver", "Salt Lake City"), rid(USA, "Denver", "Kansas City")]
E3 = [rid(USA, "Calgary", "Seattle"), rid(USA, "Seattle", "Portland"),
      rid(USA, "Portland", "San Francisco"), rid(USA, "San Francisco", "Los Angeles"),
      rid(USA, "Los Angeles", "El Paso"), rid(USA, "El Paso", "Houston"),
      rid(USA, "Houston", "New Orleans"), rid(USA, "New Orleans", "Atlanta"),
      rid(USA, "Atlanta", "Charleston"), rid(USA, "Atlanta", "Nashville"),
      rid(USA, "Nashville", "Saint Louis"), rid(USA, "Saint Louis", "Chicago"),
      rid(USA, "Chicago", "Pittsburgh"), rid(USA, "Pittsburgh", "New York")]
E4 = [rid(USA, "Vancouver", "Seattle"), twin(USA, rid(USA, "Seattle", "Portland")),
      rid(USA, "Portland", "Salt Lake City"), rid(USA, "Salt Lake City", "Helena"),
      rid(USA, "Helena", "Seattle")]


def test_E2_branching_at_a_hub_longest_path_13():
    bea = Scorer("Bea", claims(*LEO), ())
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*E2), ()), bea], {"longest_path": 10})
    assert sheet.line_total(0, "route") == 36
    assert sheet.trail(0).length == 13
    assert set(sheet.trail(0).cities) == {"Portland", "Salt Lake City", "Denver", "Kansas City"}
    assert sheet.awarded["longest_path"] == (0,)
    assert sheet.total(0) == 36 + 10 and sheet.total(1) == route_points(USA, LEO)


def test_E3_a_spur_is_left_out_longest_path_41():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*E3), ())], {"longest_path": 10})
    assert sum(USA.route(i).length for i in E3) == 43
    assert sheet.line_total(0, "route") == 74
    assert sheet.trail(0).length == 41
    assert rid(USA, "Atlanta", "Charleston") not in sheet.trail(0).routes
    assert sheet.total(0) == 84


def test_E4_loop_through_a_city_twice_longest_path_17():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*E4), ())], {"longest_path": 10})
    assert sheet.line_total(0, "route") == 36
    trail = sheet.trail(0)
    assert trail.length == 17 and sorted(trail.routes) == sorted(E4)
    assert trail.cities.count("Seattle") == 2
    assert sheet.total(0) == 46


def test_E3_against_E4_the_longer_trail_takes_the_bonus():
    # E3 uses one Seattle–Portland track, E4 the other: a 4-player game allows it (B-5.8)
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*E3), ()), Scorer("Bea", claims(*E4), ())],
                               {"longest_path": 10})
    assert sheet.awarded["longest_path"] == (0,)
    assert sheet.line_total(1, "bonus") == 0
    assert sheet.bonus_summary("longest_path") == \
        "Longest Path (+10, B-8.2): Ana 41 cars, Bea 17 cars → Ana"


# -- E5: USA 1910 Mega Game ----------------------------------------------------------------
# Ana: 13 real routes worth 80 (44 trains), trail 34; Portland–Pittsburgh 19, San Francisco–
# Sault St. Marie 17 and Vancouver–Duluth 13 done, Los Angeles–Oklahoma City 9 not: +40.
# Bea: 9 routes (34 trains) that form one trail of 34, through Helena twice; 1 ticket done.
E5_ANA = [rid(USA, "Calgary", "Vancouver"), rid(USA, "Seattle", "Vancouver"), rid(USA, "Calgary", "Winnipeg"),
          rid(USA, "Sault St. Marie", "Winnipeg"), rid(USA, "Duluth", "Sault St. Marie"),
          rid(USA, "Duluth", "Winnipeg"), twin(USA, rid(USA, "Portland", "Seattle")),
          rid(USA, "Calgary", "Helena"), rid(USA, "Sault St. Marie", "Toronto"),
          rid(USA, "Pittsburgh", "Toronto"), rid(USA, "Pittsburgh", "Saint Louis"),
          rid(USA, "Portland", "San Francisco", "pink"), rid(USA, "Chicago", "Saint Louis", "green")]
E5_BEA = [rid(USA, "Duluth", "Helena"), rid(USA, "Helena", "Salt Lake City"), rid(USA, "Denver", "Helena"),
          rid(USA, "Denver", "Kansas City", "black"), rid(USA, "Helena", "Omaha"),
          rid(USA, "Kansas City", "Saint Louis", "pink"), rid(USA, "Duluth", "Omaha"),
          rid(USA, "Portland", "Salt Lake City"), rid(USA, "Nashville", "Saint Louis")]


def test_E5_mega_game_both_bonuses_tied_longest_path_145():
    ana = Scorer("Ana", claims(*E5_ANA), ("N22", "N25", "N33", "N13"))
    bea = Scorer("Bea", claims(*E5_BEA), ("N05", "O01"))
    sheet = Scoresheet.compute(USA, [ana, bea], {"longest_path": 10, "globetrotter": 15})
    assert sheet.line_total(0, "route") == 80 and sum(USA.route(i).length for i in E5_ANA) == 44
    assert sheet.line_total(0, "ticket") == 19 + 17 + 13 - 9 == 40
    assert sheet.trail(0).length == sheet.trail(1).length == 34
    assert sheet.awarded == {"longest_path": (0, 1), "globetrotter": (0,)}
    assert sheet.total(0) == 80 + 40 + 10 + 15 == 145
    assert sheet.line_total(1, "bonus") == 10
    assert details(sheet, 0, "bonus")[0].startswith("Longest Path, tied with Bea at 34 cars (")
    assert details(sheet, 1, "bonus")[0].startswith("Longest Path, tied with Ana at 34 cars (")
    assert details(sheet, 0, "bonus")[1] == "Globetrotter: 3 completed tickets: +15"


# -- E6: The Heart of Africa doubling --------------------------------------------------------
# The authored board has no red 5-route and no blue 3-route, so the same terrain types are
# used: a yellow 5-route (Desert & Savanna) and a pink 3-route (Jungle & Forest).
HOA_5 = rid(HOA, "Juba", "Nairobi")          # 5, yellow, desert
HOA_3 = rid(HOA, "Lusaka", "Lilongwe")       # 3, pink, jungle
HOA_2 = rid(HOA, "Lusaka", "Harare")         # 2, gray, mountain
E6_TICKETS = (Ticket("E6a", "Lilongwe", "Harare", 12), Ticket("E6b", "Juba", "Nairobi", 8), "T03")


@pytest.mark.parametrize("spent, words", [
    (("desert", "desert"), "2 Desert & Savanna cards"),
    (("desert", "locomotive"), "1 Desert & Savanna card + 1 Locomotive"),  # H-6.1, H-6.3 1:1
])
def test_E6_heart_of_africa_doubling_20_plus_4_plus_2_plus_15_plus_10_is_51(spent, words):
    assert (HOA.route(HOA_5).length, HOA.route(HOA_5).terrain) == (5, "desert")
    assert (HOA.route(HOA_3).length, HOA.route(HOA_3).terrain) == (3, "jungle")
    assert (HOA.route(HOA_2).length, HOA.route(HOA_2).color) == (2, "gray")
    you = Scorer("You", (Claim(HOA_5, doubled=True, terrain_spent=spent), Claim(HOA_3), Claim(HOA_2)),
                 E6_TICKETS)
    opp = Scorer("Opp", claims(rid(HOA, "Kampala", "Kigali")), ("T01",))
    sheet = Scoresheet.compute(HOA, [you, opp], {"globetrotter": 10})
    assert sheet.line_total(0, "route") + sheet.line_total(0, "terrain") == 20 + 4 + 2 == 26
    assert sheet.line_total(0, "ticket") == 12 + 8 - 5 == 15
    assert sheet.line_total(0, "bonus") == 10 and sheet.awarded["globetrotter"] == (0,)
    assert sheet.total(0) == 51
    (terrain,) = details(sheet, 0, "terrain")
    assert terrain == f"Juba–Nairobi (5, yellow) doubled with {words}: +10"


def test_H_5_2_doubling_needs_the_right_number_and_type_of_terrain_cards():
    bad = [Claim(HOA_5, doubled=True, terrain_spent=("desert",)),            # 5 spaces need 2
           Claim(HOA_3, doubled=True, terrain_spent=("jungle", "jungle")),   # 3 spaces need 1
           Claim(HOA_5, doubled=True, terrain_spent=("jungle", "jungle")),   # wrong type
           Claim(HOA_5, doubled=False, terrain_spent=("desert", "desert"))]  # spent, not doubled
    for claim in bad:
        with pytest.raises(IllegalAction, match="H-"):
            Scoresheet.compute(HOA, [Scorer("You", (claim,), ())])
    with pytest.raises(IllegalAction, match="no terrain"):
        Scoresheet.compute(USA, [Scorer("You", (Claim(1, doubled=True),), ())])


def test_H_8_a_country_ticket_is_done_through_any_route_into_the_country():
    # Sudan–Dar es Salaam (T24): claim the cheapest path the whole board offers
    path = connect(HOA, [r.id for r in HOA.routes], "Sudan", "Dar es Salaam")
    sheet = Scoresheet.compute(HOA, [Scorer("You", claims(*path.routes), ("T24",))])
    (line,) = details(sheet, 0, "ticket")
    assert line.startswith("Sudan–Dar es Salaam (10) done: Sudan → ")
    assert sheet.tickets_completed(0) == 1


def test_H_8_2_the_gap_of_a_failed_ticket_never_passes_through_a_country():
    # Juba–Bangui: the opponent holds Juba–Kisangani–Bangui; Juba–Sudan–Bangui (3 + 6) would be
    # cheap, but a path may not pass through Sudan
    you = Scorer("You", claims(HOA_5), (Ticket("G1", "Juba", "Bangui", 9),))
    opp = Scorer("Opp", claims(rid(HOA, "Kisangani", "Juba"), rid(HOA, "Bangui", "Kisangani")), (), seats=(1, 2, 3))
    sheet = Scoresheet.compute(HOA, [you, opp])
    (line,) = [l for l in sheet.lines[0] if l.kind == "ticket"]
    assert line.points == -9 and line.routes
    assert all("Sudan" not in HOA.route(r).cities for r in line.routes)
    assert "the gap is " in line.detail


# -- E7: Legendary Asia mountains ----------------------------------------------------------
LA_2X = rid(LA, "Irkutsk", "Ulan Bator")      # 2 spaces, 2 X
LA_4X = rid(LA, "Omsk", "Samarkand")          # 4 spaces, 1 X
LA_FERRY = rid(LA, "Astrakhan", "Tehran")     # 3 spaces, ferry


def test_E7_legendary_asia_mountains_6_plus_9_plus_4_is_19_for_12_trains():
    assert (LA.route(LA_2X).length, LA.route(LA_2X).mountains) == (2, 2)
    assert (LA.route(LA_4X).length, LA.route(LA_4X).mountains) == (4, 1)
    assert (LA.route(LA_FERRY).length, LA.route(LA_FERRY).ferry_locos) == (3, 1)
    sheet = Scoresheet.compute(LA, [Scorer("You", claims(LA_2X, LA_4X, LA_FERRY), ())])
    assert sheet.total(0) == 6 + 9 + 4 == 19
    assert sheet.line_total(0, "mountain") == 2 * 2 + 2 * 1
    assert sum(LA.route(i).trains for i in (LA_2X, LA_4X, LA_FERRY)) == 12
    assert details(sheet, 0, "mountain") == [
        "Irkutsk–Ulan Bator (2, yellow, 2 X): 2 trains to the Mountain Crossing × 2: +4",
        "Omsk–Samarkand (4, green, 1 X): 1 train to the Mountain Crossing × 2: +2"]


# -- E8: Team Asia ---------------------------------------------------------------------------
TA_A4 = rid(TA, "Beijing", "Xi'an")           # Ana's 4-route
TA_B6 = rid(TA, "Ulaanbaatar", "Beijing")     # Ben's 6-route


def e8_sheet() -> Scoresheet:
    held = {"E8a": "Ana's hand", "E8b": "team holder", "T05": "Ben's hand"}
    team = Scorer("Ana & Ben", claims(TA_A4, TA_B6),
                  (Ticket("E8a", "Xi'an", "Ulaanbaatar", 10), Ticket("E8b", "Ulaanbaatar", "Beijing", 12),
                   "T05"), seats=(0, 1), ticket_owner=held)
    other = Scorer("Cy & Di", claims(rid(TA, "Seoul", "Busan"), rid(TA, "Busan", "Fukuoka")), ("T13",),
                   seats=(2, 3))
    return Scoresheet.compute(TA, [team, other], {"longest_path": 10, "most_tickets": 10})


def test_E8_team_asia_team_score_58_with_both_TA_22_bonuses():
    sheet = e8_sheet()
    assert TA.route(TA_A4).length == 4 and TA.route(TA_B6).length == 6
    assert sheet.line_total(0, "route") == 7 + 15 == 22
    assert sheet.line_total(0, "ticket") == 10 + 12 - 6 == 16
    assert sheet.awarded == {"longest_path": (0,), "most_tickets": (0,)}
    assert sheet.total(0) == 58
    tickets = details(sheet, 0, "ticket")
    assert tickets[0].startswith("Xi'an–Ulaanbaatar (10, Ana's hand) done: Xi'an → Beijing → Ulaanbaatar")
    assert tickets[1].startswith("Ulaanbaatar–Beijing (12, team holder) done")
    assert tickets[2].startswith("Blagoveshchensk–Beijing (6, Ben's hand) not done: ")
    assert "Beijing reaches Ulaanbaatar, Xi'an" in tickets[2]


def test_TA_15_ticket_completion_uses_both_partners_routes():
    sheet = e8_sheet()
    (line,) = [l for l in sheet.lines[0] if l.ticket == "E8a"]
    assert set(line.routes) == {TA_A4, TA_B6}  # Ana's route and Ben's route
    assert sheet.to_dict()["players"][0]["seats"] == [0, 1]


# -- ties: every tied scorer gets the bonus (B-8.2, U-1.5, H-9.2, LA-12, TA-22) --------------
# A chain of USA double routes: Salt Lake City–Denver–Kansas City–Saint Louis–Chicago–
# Pittsburgh–New York (16 cars); Ana takes one track of each, Bea the other.
CHAIN = [rid(USA, "Salt Lake City", "Denver"), rid(USA, "Denver", "Kansas City"),
         rid(USA, "Kansas City", "Saint Louis"), rid(USA, "Saint Louis", "Chicago"),
         rid(USA, "Chicago", "Pittsburgh"), rid(USA, "Pittsburgh", "New York")]
TWINS = [twin(USA, i) for i in CHAIN]


def test_B_8_2_longest_path_tie_gives_every_tied_player_the_10():
    cy = Scorer("Cy", claims(rid(USA, "Helena", "Seattle")), ())
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*CHAIN), ()), Scorer("Bea", claims(*TWINS), ()), cy],
                               {"longest_path": 10})
    assert sheet.trail(0).length == sheet.trail(1).length == 16 > sheet.trail(2).length
    assert sheet.awarded["longest_path"] == (0, 1)
    assert sheet.line_total(0, "bonus") == sheet.line_total(1, "bonus") == 10
    assert sheet.line_total(2, "bonus") == 0
    assert details(sheet, 0, "bonus")[0].startswith("Longest Path, tied with Bea at 16 cars (")
    assert details(sheet, 1, "bonus")[0].startswith("Longest Path, tied with Ana at 16 cars (")
    assert sheet.bonus_summary("longest_path").endswith("→ Ana and Bea, tied: each scores it")


def test_B_8_2_three_way_tie_names_both_others():
    cy = Scorer("Cy", claims(rid(USA, "Helena", "Seattle"), rid(USA, "Duluth", "Toronto"),
                             rid(USA, "Calgary", "Winnipeg"), rid(USA, "Miami", "New Orleans")),
                ())  # four 6-routes apart: trail 6
    dee = Scorer("Dee", claims(rid(USA, "El Paso", "Houston")), ())
    eve = Scorer("Eve", claims(rid(USA, "Los Angeles", "El Paso")), ())
    sheet = Scoresheet.compute(USA, [cy, dee, eve], {"longest_path": 10})
    assert sheet.awarded["longest_path"] == (0, 1, 2)
    assert details(sheet, 0, "bonus")[0].startswith("Longest Path, tied with Dee and Eve at 6 cars (")
    assert details(sheet, 1, "bonus")[0].startswith("Longest Path, tied with Cy and Eve at 6 cars (")


def test_B_8_2_a_trail_of_length_0_never_earns_the_bonus():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", (), ()), Scorer("Bea", (), ())], {"longest_path": 10})
    assert sheet.awarded["longest_path"] == ()
    assert sheet.totals == (0, 0)
    assert sheet.bonus_summary("longest_path").endswith("→ nobody (0 never earns it)")
    alone = Scoresheet.compute(USA, [Scorer("Ana", (), ())], {"longest_path": 10})
    assert alone.totals == (0,)


def test_U_1_5_globetrotter_tie_gives_every_tied_player_the_15():
    ana = Scorer("Ana", claims(*CHAIN), ("N05", "N04"))      # Denver–Saint Louis, Chicago–New York
    bea = Scorer("Bea", claims(*TWINS), ("O08", "N24"))      # Denver–Pittsburgh, SLC–Kansas City
    cy = Scorer("Cy", claims(rid(USA, "Helena", "Seattle")), ("O24",))
    sheet = Scoresheet.compute(USA, [ana, bea, cy], {"globetrotter": 15})
    assert [sheet.tickets_completed(i) for i in range(3)] == [2, 2, 0]
    assert sheet.awarded["globetrotter"] == (0, 1)
    assert details(sheet, 0, "bonus") == ["Globetrotter, tied with Bea at 2 completed tickets: +15"]
    assert details(sheet, 1, "bonus") == ["Globetrotter, tied with Ana at 2 completed tickets: +15"]


def test_U_1_5_no_completed_ticket_never_earns_the_globetrotter():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*CHAIN), ("O24",)),
                                     Scorer("Bea", claims(*TWINS), ())], {"globetrotter": 15})
    assert sheet.awarded["globetrotter"] == ()
    assert sheet.line_total(0, "bonus") == sheet.line_total(1, "bonus") == 0


def test_H_9_2_heart_of_africa_globetrotter_tie_both_score_10():
    # one completed (hypothetical) ticket each: a tie at 1
    t1, t2 = Ticket("X1", "Juba", "Nairobi", 5), Ticket("X2", "Lusaka", "Lilongwe", 3)
    sheet = Scoresheet.compute(HOA, [Scorer("You", claims(HOA_5), (t1,)), Scorer("Opp", claims(HOA_3), (t2,))],
                               {"globetrotter": 10})
    assert sheet.awarded["globetrotter"] == (0, 1)
    assert sheet.totals == (10 + 5 + 10, 4 + 3 + 10)


LA_CHAIN = [rid(LA, "Moscow", "Perm"), rid(LA, "Perm", "Omsk"), rid(LA, "Omsk", "Krasnoyarsk"),
            rid(LA, "Krasnoyarsk", "Irkutsk")]


def test_LA_12_asian_explorer_counts_distinct_cities_and_a_tie_scores_for_both():
    ana = Scorer("Ana", claims(*LA_CHAIN), ())
    bea = Scorer("Bea", claims(*(twin(LA, i) for i in LA_CHAIN)), ())
    # Cy: a branching network (a star at Tehran) of 4 cities beats a 3-city path but not 5
    cy = Scorer("Cy", claims(rid(LA, "Baghdad", "Tehran"), rid(LA, "Shiraz", "Tehran"),
                             rid(LA, "Tbilisi", "Tehran")), ())
    sheet = Scoresheet.compute(LA, [ana, bea, cy], {"asian_explorer": 10})
    assert [len(sheet.network(i).cities) for i in range(3)] == [5, 5, 4]
    assert sheet.awarded["asian_explorer"] == (0, 1)
    assert details(sheet, 0, "bonus") == ["Asian Explorer, tied with Bea at 5 cities: +10"]
    line = [l for l in sheet.lines[0] if l.kind == "bonus"][0]
    assert line.cities == ("Irkutsk", "Krasnoyarsk", "Moscow", "Omsk", "Perm")
    # Bea's twins carry X spaces: same bonus, more mountain points
    assert sheet.line_total(1, "mountain") == 2 * 4


def test_LA_12_a_branching_network_counts_all_its_cities_not_a_path():
    star = Scorer("Cy", claims(rid(LA, "Baghdad", "Tehran"), rid(LA, "Shiraz", "Tehran"),
                               rid(LA, "Tbilisi", "Tehran")), ())
    path = Scorer("Dee", claims(rid(LA, "Moscow", "Perm"), rid(LA, "Perm", "Omsk")), ())
    sheet = Scoresheet.compute(LA, [star, path], {"asian_explorer": 10})
    assert sheet.awarded["asian_explorer"] == (0,)
    assert details(sheet, 0, "bonus") == ["Asian Explorer: 4 cities: +10"]


def test_TA_22_most_completed_tickets_tie_gives_both_teams_10():
    t1 = Scorer("Red team", claims(TA_A4), (Ticket("Y1", "Beijing", "Xi'an", 4),), seats=(0, 1))
    t2 = Scorer("Blue team", claims(TA_B6), (Ticket("Y2", "Ulaanbaatar", "Beijing", 6),), seats=(2, 3))
    sheet = Scoresheet.compute(TA, [t1, t2], {"longest_path": 10, "most_tickets": 10})
    assert sheet.awarded["most_tickets"] == (0, 1)
    assert sheet.awarded["longest_path"] == (1,)
    assert details(sheet, 0, "bonus") == ["Most completed tickets, tied with Blue team at 1 completed ticket: +10"]


# -- winners and tie-breaks (B-8.3, U-2.5, TA-24) ----------------------------------------------
def test_B_8_3_tied_points_more_completed_tickets_wins():
    ana = Scorer("Ana", claims(*CHAIN), ("N05", "N04"))   # 6 + 5 = 11, two tickets
    bea = Scorer("Bea", claims(*TWINS), ("O08",))         # 11, one ticket
    sheet = Scoresheet.compute(USA, [ana, bea], {})
    assert sheet.totals[0] == sheet.totals[1]
    assert sheet.winners == (0,)
    assert sheet.verdict == (f"Ana and Bea tie on {sheet.totals[0]} points; winner: Ana, "
                             f"with more completed tickets (2 to 1) (B-8.3).")


def test_B_8_3_then_the_longest_path_holder_wins():
    ana = Scorer("Ana", claims(*CHAIN, rid(USA, "New York", "Washington")), ("O08",))   # trail 18, +2
    bea = Scorer("Bea", claims(*TWINS, rid(USA, "Las Vegas", "Los Angeles"), rid(USA, "Helena", "Omaha")),
                 ("N23",))                                                              # +2 +10, trail 16
    sheet = Scoresheet.compute(USA, [ana, bea], {"longest_path": 10})
    assert sheet.trail(0).length == 18 and sheet.trail(1).length == 16
    assert sheet.totals[0] == sheet.totals[1]
    assert sheet.tickets_completed(0) == sheet.tickets_completed(1) == 1
    assert sheet.winners == (0,)
    assert sheet.verdict.endswith("; winner: Ana, with the longest continuous path (18 to 16 cars) and the "
                                  "Longest Path bonus (B-8.3).")


def test_B_8_3_still_tied_when_both_hold_the_bonus_is_a_shared_win():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*CHAIN), ("O08",)),
                                     Scorer("Bea", claims(*TWINS), ("N23",))], {"longest_path": 10})
    assert sheet.totals[0] == sheet.totals[1]
    assert sheet.winners == (0, 1)
    assert sheet.verdict.endswith("and both have a longest continuous path of 16 cars and hold the Longest "
                                  "Path bonus: a shared win (B-8.3).")


def test_U_2_5_without_a_longest_path_card_the_longer_path_still_breaks_the_tie():
    """The rules' last tie-break is the longest path itself, not the card: with no Longest Path
    bonus in play (USA 1910's own way, Big Cities) the tied player with the longer continuous
    path wins."""
    ana = Scorer("Ana", claims(*CHAIN, rid(USA, "New York", "Washington")), ("O08",))
    bea = Scorer("Bea", claims(*TWINS, rid(USA, "Las Vegas", "Los Angeles")), ("N23",))
    sheet = Scoresheet.compute(USA, [ana, bea], {"globetrotter": 15})
    assert sheet.trail(0).length == 18 and sheet.trail(1).length == 16
    assert sheet.totals[0] == sheet.totals[1]
    assert sheet.tickets_completed(0) == sheet.tickets_completed(1)
    assert sheet.winners == (0,)
    assert sheet.verdict.endswith("; winner: Ana, with the longest continuous path (18 to 16 cars) "
                                  "(B-8.3, U-2.5).")


def test_U_2_5_without_a_longest_path_card_equal_paths_share_the_win():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*CHAIN), ("O08",)),
                                     Scorer("Bea", claims(*TWINS), ("N23",))], {"globetrotter": 15})
    assert sheet.totals[0] == sheet.totals[1] and sheet.trail_length(0) == sheet.trail_length(1)
    assert sheet.winners == (0, 1)
    assert sheet.verdict.endswith("and both have a longest continuous path of 16 cars: a shared win "
                                  "(B-8.3, U-2.5).")


def test_B_8_3_a_third_player_holds_the_bonus_the_tied_compare_their_paths():
    """Ana and Bea tie on points and tickets; Cy (fewer points) holds the Longest Path bonus,
    so neither tied player holds it: the longer of their own paths decides."""
    ana = Scorer("Ana", claims(*CHAIN, rid(USA, "New York", "Washington")), ("O08",))  # trail 18
    bea = Scorer("Bea", claims(*TWINS, rid(USA, "Las Vegas", "Los Angeles")), ("N23",))  # trail 16
    cy = Scorer("Cy", claims(rid(USA, "Los Angeles", "El Paso"), rid(USA, "El Paso", "Houston"),
                             rid(USA, "Houston", "New Orleans"), rid(USA, "New Orleans", "Atlanta"),
                             rid(USA, "Atlanta", "Charleston")),                     # trail 20
                (Ticket("Z2", "Seattle", "Miami", 22),))                             # not done: -22
    sheet = Scoresheet.compute(USA, [ana, bea, cy], {"longest_path": 10})
    assert sheet.awarded["longest_path"] == (2,)
    assert sheet.totals[0] == sheet.totals[1] > sheet.totals[2]
    assert sheet.winners == (0,)
    assert sheet.verdict.endswith("; winner: Ana, with the longest continuous path (18 to 16 cars) (B-8.3).")


def test_B_8_3_a_third_player_below_the_tie_is_not_a_winner():
    cy = Scorer("Cy", claims(rid(USA, "Helena", "Seattle")), ())
    sheet = Scoresheet.compute(USA, [cy, Scorer("Ana", claims(*CHAIN), ("O08",)),
                                     Scorer("Bea", claims(*TWINS), ("N23",))], {"longest_path": 10})
    assert sheet.winners == (1, 2)
    assert sheet.to_dict()["winner_names"] == ["Ana", "Bea"]


def test_B_8_3_three_tied_two_hold_the_bonus_they_share_the_win():
    cy = Scorer("Cy", claims(rid(USA, "Helena", "Seattle"), rid(USA, "Miami", "New Orleans"),
                             rid(USA, "Seattle", "Vancouver")), (Ticket("Z1", "Vancouver", "Helena", 11),))
    ana, bea = Scorer("Ana", claims(*CHAIN), ("O08",)), Scorer("Bea", claims(*TWINS), ("N23",))
    sheet = Scoresheet.compute(USA, [ana, bea, cy], {"longest_path": 10})
    assert sheet.totals == (42, 42, 42)
    assert sheet.winners == (0, 1)
    assert sheet.verdict == ("Ana, Bea and Cy tie on 42 points and 1 completed ticket; Ana and Bea have "
                             "the longest continuous path (16 cars) and hold the Longest Path bonus: "
                             "a shared win between them (B-8.3).")


def test_TA_24_team_winner_tie_breaks_apply_to_teams():
    t1 = Scorer("Red team", claims(*CHAIN), ("N05", "N04"), seats=(0, 2))
    t2 = Scorer("Blue team", claims(*TWINS), ("O08",), seats=(1, 3))
    sheet = Scoresheet.compute(USA, [t1, t2], {})
    assert sheet.winners == (0,)


# -- the seed's common mistakes, as regression tests -------------------------------------------
def test_mistake_a_car_counted_twice_in_the_longest_path():
    """Loops are fine, but each train car counts once (B-8.2): E4 passes Seattle twice and
    still counts 17, and E2's four routes at Salt Lake City cannot all be used (13, not 21)."""
    for ids, expected in ((E4, 17), (E2, 13), (E3, 41)):
        trail = Scoresheet.compute(USA, [Scorer("Ana", claims(*ids), ())], {"longest_path": 10}).trail(0)
        assert trail.length == expected
        assert len(set(trail.routes)) == len(trail.routes)
        assert trail.length == sum(USA.route(i).length for i in trail.routes)
        assert len(trail.cities) == len(trail.routes) + 1


def test_mistake_failed_tickets_not_subtracted():
    sheet = e1_sheet()
    failed = [l for l in sheet.lines[0] if l.kind == "ticket" and l.points < 0]
    assert [(l.ticket, l.points) for l in failed] == [("O05", -9)]
    assert sheet.total(0) == 82 != 62 + 11 + 8 + 10  # 91 would forget the failed ticket


def test_mistake_a_tie_given_to_only_one_player():
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*CHAIN), ()), Scorer("Bea", claims(*TWINS), ())],
                               {"longest_path": 10})
    assert sheet.totals == (route_points(USA, CHAIN) + 10, route_points(USA, TWINS) + 10)


def test_mistake_keeping_the_longest_path_card_in_the_1910_game():
    """U-2 (1910): the Globetrotter replaces the Longest Path; no Longest Path line then."""
    sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*E3), ("O13",))], {"globetrotter": 15})
    assert [l.bonus for l in sheet.lines[0] if l.kind == "bonus"] == ["globetrotter"]


def test_mistake_trusting_the_scoring_track_routes_are_recounted_from_the_claims():
    sheet = e1_sheet()
    lines = [l for l in sheet.lines[0] if l.kind == "route"]
    assert [l.routes for l in lines] == [(i,) for i in MIA]
    assert [l.points for l in lines] == [USA.route_points(USA.route(i).length) for i in MIA]


def test_B_5_9_route_table_including_8_spaces_for_21():
    cities = [City(c, i / 10, 0.0) for i, c in enumerate("ABCDEFGHIJ")]
    routes = [Route(n, "A", c, n, "gray") for n, c in zip((1, 2, 3, 4, 5, 6, 8), "BCDEFGH")]
    board = Board("tiny", "Tiny", cities, routes, [])
    sheet = Scoresheet.compute(board, [Scorer("Ana", claims(*(r.id for r in routes)), ())])
    assert [l.points for l in sheet.lines[0]] == [1, 2, 4, 7, 10, 15, 21]


# -- bad input: refused with a reason ---------------------------------------------------------
@pytest.mark.parametrize("scorers, bonuses, words", [
    ([], {}, "at least one"),
    ([Scorer("Ana", (Claim(999),), ())], {}, "no route with that id"),
    ([Scorer("Ana", (Claim(1), Claim(1)), ())], {}, "claimed twice (twice by Ana)"),
    ([Scorer("Ana", (Claim(1),), ()), Scorer("Bea", (Claim(1),), ())], {}, "by Ana and Bea"),
    ([Scorer("Ana", (), ("Z99",))], {}, "no ticket with that id"),
    ([Scorer("Ana", (), ("O01",)), Scorer("Bea", (), ("O01",))], {}, "held twice"),
    ([Scorer("Ana", (), ()), Scorer("Ana", (), ())], {}, "called 'Ana'"),
    ([Scorer("Ana", (), ())], {"longest_road": 10}, "no bonus called 'longest_road'"),
    ([Scorer("Ana", (), ())], {"longest_path": "10"}, "whole number"),
])
def test_bad_input_is_refused_with_a_reason(scorers, bonuses, words):
    with pytest.raises(IllegalAction) as e:
        Scoresheet.compute(USA, scorers, bonuses)
    assert words in e.value.reason


# -- output forms --------------------------------------------------------------------------------
def all_sheets() -> list[Scoresheet]:
    return [e1_sheet(), e8_sheet(),
            Scoresheet.compute(HOA, [Scorer("You", (Claim(HOA_5, True, ("desert", "desert")),
                                                    Claim(HOA_3), Claim(HOA_2)), E6_TICKETS)],
                               {"globetrotter": 10}),
            Scoresheet.compute(LA, [Scorer("You", claims(LA_2X, LA_4X, LA_FERRY), ("R05",))],
                               {"asian_explorer": 10})]


def test_to_dict_is_json_and_sums_to_the_totals():
    for sheet in all_sheets():
        d = json.loads(json.dumps(sheet.to_dict()))
        assert [p["total"] for p in d["players"]] == list(sheet.totals)
        for p in d["players"]:
            assert sum(l["points"] for l in p["lines"]) == p["total"]
            assert {l["kind"] for l in p["lines"]} <= {"route", "terrain", "mountain", "ticket", "bonus"}
            assert all(l["detail"] for l in p["lines"])
        assert d["winners"] == list(sheet.winners)
        assert set(d["bonuses"]) == set(sheet.bonuses)
        assert json.loads(sheet.to_json()) == d


def test_str_and_html_show_every_line():
    for sheet in all_sheets():
        text, page = str(sheet), sheet._repr_html_()
        for ls in sheet.lines:
            for l in ls:
                assert l.detail in text
                assert html.escape(l.detail) in page
        for name, total in zip(sheet.names, sheet.totals):
            assert html.escape(name) in page and f"{name}: {total} points" in text
        assert sheet.verdict in text and html.escape(sheet.verdict) in page
        assert str(sheet) == text  # stable


def test_text_form_of_E1():
    text = str(e1_sheet())
    assert text.splitlines()[:5] == [
        "Scoresheet — " + USA.name,
        "  Mia   82  ← winner",
        "  Leo   12",
        "Winner: Mia, with 82 points.",
        "Longest Path (+10, B-8.2): Mia 25 cars, Leo 6 cars → Mia",
    ]
    assert "  tickets +10 (2 done, 1 not done)" in text


def test_bonus_registry_makes_a_new_bonus_one_function():
    @register_bonus("most_routes", "Most routes", "house rule")
    def _most_routes(facts):
        n = len(facts.route_ids)
        return Measure(n, f"{n} routes")

    try:
        sheet = Scoresheet.compute(USA, [Scorer("Ana", claims(*TWINS), ()), Scorer("Bea", claims(*E2), ())],
                                   {"most_routes": 5})
        assert sheet.awarded["most_routes"] == (0, 1)
        assert details(sheet, 0, "bonus") == ["Most routes, tied with Bea at 6 routes: +5"]
    finally:
        del BONUSES["most_routes"]


def test_line_total_rejects_an_unknown_kind():
    with pytest.raises(ValueError, match="kinds are"):
        e1_sheet().line_total(0, "lottery")


def test_LA_9_H_5_6_kinds_and_sections_come_from_the_mechanics():
    """The sheet names no mechanic: its kinds of line and section titles are those of the
    mechanics it asks (``mechanics``; by default every registered one), in their order."""
    x = next(r for r in LA.routes if r.mountains)
    mia = Scorer("Mia", claims(x.id), ())
    only = Scoresheet.compute(LA, [mia], mechanics=["mountains"])
    assert only.kinds == ("route", "mountain", "ticket", "bonus")
    assert only.sections[1] == ("mountain", "mountain crossing")
    every = Scoresheet.compute(LA, [mia])
    assert every.kinds == ("route", "terrain", "mountain", "station", "ticket", "bonus")
    assert str(every) == str(only) and every.to_json() == only.to_json()
    assert f"  mountain crossing +{x.mountains * 2}" in str(only)
    bare = Scoresheet.compute(LA, [mia], mechanics=[])  # no mechanic: no Mountain Crossing line
    assert bare.kinds == ("route", "ticket", "bonus") and not details(bare, 0, "mountain")
    assert bare.line_total(0, "mountain") == 0 and bare.totals[0] == LA.route_points(x.length)


# -- properties over random games --------------------------------------------------------------
@settings(max_examples=40)
@given(st.data())
def test_property_totals_are_the_sum_of_explained_lines(data):
    board = data.draw(st.sampled_from([USA, HOA, LA, TA]))
    n = data.draw(st.integers(1, 4))
    route_ids = data.draw(st.permutations([r.id for r in board.routes]))
    owner = data.draw(st.lists(st.integers(0, n), min_size=len(route_ids), max_size=len(route_ids)))
    ticket_ids = data.draw(st.permutations([t.id for t in board.tickets]))[: 3 * n]
    owned: list[list[int]] = [[] for _ in range(n + 1)]  # owner n = unclaimed
    for r, o in zip(route_ids, owner):  # each player holds at most 45 trains' worth (B-1.3)
        if o < n and sum(board.route(x).trains for x in owned[o]) + board.route(r).trains <= 45:
            owned[o].append(r)
    scorers = [Scorer(f"P{i}", claims(*owned[i]), tuple(ticket_ids[3 * i: 3 * i + 3])) for i in range(n)]
    bonuses = data.draw(st.dictionaries(st.sampled_from(sorted(BONUSES)), st.integers(0, 20)))
    sheet = Scoresheet.compute(board, scorers, bonuses)
    for i, s in enumerate(scorers):
        assert sheet.total(i) == sum(l.points for l in sheet.lines[i])
        assert sheet.line_total(i, "route") == route_points(board, [c.route for c in s.claims])
        assert sheet.line_total(i, "mountain") == 2 * sum(board.route(c.route).mountains for c in s.claims)
        done = [l for l in sheet.lines[i] if l.kind == "ticket" and l.points > 0]
        assert len(done) == sheet.tickets_completed(i)
        for l in done:  # the path shown really joins the ticket's ends with the scorer's routes
            t = board.ticket(l.ticket)
            assert {l.cities[0], l.cities[-1]} == {t.a, t.b}
            assert set(l.routes) <= {c.route for c in s.claims}
    for key, won in sheet.awarded.items():
        values = [m.value for m in sheet.standings[key]]
        best = max(values)
        assert won == tuple(i for i, v in enumerate(values) if v == best and best > 0)
    assert sheet.winners and max(sheet.totals) == sheet.totals[sheet.winners[0]]
    assert all(sheet.totals[w] == max(sheet.totals) for w in sheet.winners)

