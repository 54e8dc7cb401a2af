"""Names a student types: variants and maps in any spelling, cities in any case, and an
unknown name answered with the nearest ones (issue 35)."""
from __future__ import annotations

import pytest

import ttr_nb
from ttr_nb.board import MapError, load_map
from ttr_nb.variants import get_variant


@pytest.mark.parametrize("typed,name", [("legendary-asia", "legendary-asia"), ("legendary_asia", "legendary-asia"),
                                        ("Legendary Asia", "legendary-asia"), (" TEAM_ASIA ", "team-asia"),
                                        ("USA-1910", "usa-1910"), ("usa_big_cities", "usa-big-cities")])
def test_a_variant_is_found_in_any_case_with_dashes_underscores_or_spaces(typed, name):
    assert get_variant(typed).name == name
    players = get_variant(name).players[0]
    assert ttr_nb.new_game(typed, players=players, seed=1).variant.name == name


def test_an_unknown_variant_names_the_nearest():
    with pytest.raises(ValueError, match=r"Did you mean 'legendary-asia'\?"):
        get_variant("legendary asai")
    with pytest.raises(ValueError, match="Did you mean 'europe'. The variants are: europe, heart-of-africa"):
        get_variant("europa-express")
    with pytest.raises(ValueError, match="named by a string"):
        get_variant(5)


@pytest.mark.parametrize("typed", ["legendary_asia", "legendary-asia", "Legendary Asia", "LEGENDARY_ASIA"])
def test_a_map_is_found_in_any_spelling(typed):
    assert load_map(typed) is load_map("legendary_asia")


def test_an_unknown_map_names_the_nearest():
    with pytest.raises(MapError, match=r"did you mean 'heart_of_africa'\?"):
        load_map("heart of afrika")


def test_find_route_reads_city_names_in_any_case():
    usa = load_map("usa")
    assert usa.find_route("denver", "OMAHA") is usa.find_route("Denver", "Omaha")
    assert usa.find_route("montreal", "sault st marie") is usa.find_route("Montréal", "Sault St. Marie")


def test_find_route_says_what_is_wrong():
    usa = load_map("usa")
    with pytest.raises(KeyError, match=r"no city called 'Denvr'\. Did you mean 'Denver'\?"):
        usa.find_route("Denvr", "Omaha")
    with pytest.raises(KeyError, match=r"no route between Denver and Miami; Denver's routes go to Helena"):
        usa.find_route("Denver", "Miami")
    with pytest.raises(KeyError, match=r"double route \(black and orange\): give the colour"):
        usa.find_route("Denver", "Kansas City")
    with pytest.raises(KeyError, match=r"double route \(gray and gray\): name one track by its route id"):
        usa.find_route("Atlanta", "Raleigh")
    with pytest.raises(KeyError, match="has no red track"):
        usa.find_route("Atlanta", "Raleigh", "red")
