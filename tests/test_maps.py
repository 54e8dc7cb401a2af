"""The shipped boards (maps/*.json) as data: the published facts pinned, the map format checked.

USA and Legendary Asia are the published boards (rules-spec §2, U-1, LA-); The Heart of
Africa and Team Asia are authored for this project, and their statistics are those of
../shared/maps-source/README.md. Broken maps must give a MapError that names the file,
the item and the problem, never a traceback from deep inside.
"""
from __future__ import annotations

import copy
import json
import math
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttr_nb
from ttr_nb.board import COLORS, MAP_NAMES, Board, MapError, load_map, maps_dir, parse_map
from ttr_nb.cli import main as cli_main

MAPS = Path(__file__).resolve().parent.parent / "maps"


def doc_of(name: str) -> dict:
    return json.loads((maps_dir() / f"{name}.json").read_text(encoding="utf-8"))


def lengths(board: Board) -> list[int]:
    c = Counter(r.length for r in board.routes)
    return [c.get(n, 0) for n in range(1, 7)]


def per_colour(board: Board) -> dict[str, tuple[int, int]]:
    """colour -> (routes, spaces)"""
    out: dict[str, list[int]] = {}
    for r in board.routes:
        v = out.setdefault(r.color, [0, 0])
        v[0] += 1
        v[1] += r.length
    return {k: tuple(v) for k, v in out.items()}


def cheapest_trains(board: Board, a: str, b: str) -> int:
    """Fewest trains joining a and b; a country may only be an end (H-8.2); an X space
    costs a train (LA-10)."""
    g = nx.Graph()
    for r in board.routes:
        w = r.trains
        if not g.has_edge(r.a, r.b) or g[r.a][r.b]["w"] > w:
            g.add_edge(r.a, r.b, w=w)
    g.remove_nodes_from([c for c in board.countries if c not in (a, b)])
    return nx.shortest_path_length(g, a, b, weight="w")


# -- shipped maps ---------------------------------------------------------------------------
def test_maps_dir_finds_every_shipped_map_and_the_schema():
    d = maps_dir()
    for name in MAP_NAMES:
        assert (d / f"{name}.json").is_file()
    assert (d / "schema.json").is_file(), "maps/schema.json ships with the maps"
    assert {p.stem for p in d.glob("*.json")} - {"schema"} == set(MAP_NAMES), "a map file not in MAP_NAMES"


@pytest.mark.parametrize("name", MAP_NAMES)
def test_load_map_by_name_dash_name_and_path_agree(name):
    by_name = load_map(name)
    assert load_map(name.replace("_", "-")) is by_name            # cached, dashes work
    by_path = load_map(MAPS / f"{name}.json")
    assert by_path.key == by_name.key == name
    assert by_path.stats() == by_name.stats()
    assert [r.label() for r in by_path.routes] == [r.label() for r in by_name.routes]


def test_official_and_authored_boards_say_so():
    assert load_map("usa").official and load_map("legendary_asia").official
    for name in ("heart_of_africa", "team_asia"):
        b = load_map(name)
        assert not b.official
        assert "authored" in b.meta["provenance"] and "NOT the official" in b.meta["provenance"]
        assert "authored" in b.describe()
    for name in MAP_NAMES:
        assert "not affiliated" in load_map(name).meta["notice"]


# -- USA (rules-spec B-, U-) --------------------------------------------------------------
def test_usa_board_facts():
    b = load_map("usa")
    s = b.stats()
    assert (s["cities"], s["routes"], s["doubles"], s["triples"], s["spaces"]) == (36, 100, 22, 0, 309)
    assert s["city_pairs"] == 78
    assert lengths(b) == [9, 36, 20, 16, 10, 9]
    assert per_colour(b) == {**{c: (7, 27) for c in COLORS}, "gray": (44, 93)}
    assert (s["ferries"], s["tunnels"], s["mountain_routes"], s["countries"]) == (0, 0, 0, 0)
    assert b.meta["trains_per_player"] == 45


def test_usa_ticket_decks():
    b = load_map("usa")
    n = {d: len(b.tickets_in(d)) for d in b.decks}
    assert n == {"original": 30, "1910": 35, "1910_classic": 34, "mega": 69, "big_cities": 35}
    assert len(b.tickets) == 99
    mega = {t.id for t in b.tickets_in("mega")}
    assert mega == {t.id for t in b.tickets_in("1910")} | {t.id for t in b.tickets_in("1910_classic")}
    assert not mega & {t.id for t in b.tickets_in("original")}


def test_usa_big_cities_tickets_are_the_mega_tickets_naming_a_big_city():
    b = load_map("usa")
    big = set(b.meta["big_cities"])
    assert sorted(big) == ["Chicago", "Dallas", "Houston", "Los Angeles", "Miami", "New York", "Seattle"]
    expected = {t.id for t in b.tickets_in("mega") if t.a in big or t.b in big}
    assert {t.id for t in b.tickets_in("big_cities")} == expected
    assert len(expected) == 35


def test_U_1_3_four_reprinted_originals_have_new_values():
    b = load_map("usa")
    orig = {frozenset((t.a, t.b)): t.points for t in b.tickets_in("original")}
    classic = {frozenset((t.a, t.b)): t.points for t in b.tickets_in("1910_classic")}
    changed = {tuple(sorted(k)): (orig[k], classic[k]) for k in orig if orig[k] != classic[k]}
    assert changed == {
        ("Los Angeles", "Miami"): (20, 19),
        ("Los Angeles", "New York"): (21, 20),
        ("Oklahoma City", "Sault St. Marie"): (9, 8),
        ("New York", "Seattle"): (22, 20),
    }


def test_U_1_4_the_four_mystery_train_tickets():
    b = load_map("usa")
    orig = {frozenset((t.a, t.b)) for t in b.tickets_in("original")}
    extra = sorted((tuple(sorted((t.a, t.b))), t.points) for t in b.tickets_in("1910_classic")
                   if frozenset((t.a, t.b)) not in orig)
    assert extra == [(("Boston", "Washington"), 4), (("Chicago", "Montréal"), 7),
                     (("Omaha", "Winnipeg"), 6), (("Portland", "Vancouver"), 2)]
    assert all(frozenset((t.a, t.b)) in {frozenset((c.a, c.b)) for c in b.tickets_in("1910_classic")}
               for t in b.tickets_in("original"))


def test_usa_ticket_values_follow_the_cheapest_train_cost():
    """92 of the 99 printed values equal the cheapest train cost, none is off by more than 2."""
    b = load_map("usa")
    diffs = Counter(t.points - cheapest_trains(b, t.a, t.b) for t in b.tickets)
    assert diffs == {0: 92, 1: 6, 2: 1}


# -- Legendary Asia (rules-spec LA-) -------------------------------------------------------
def test_legendary_asia_board_facts():
    b = load_map("legendary_asia")
    s = b.stats()
    assert (s["cities"], s["routes"], s["doubles"], s["spaces"]) == (39, 100, 30, 268)
    assert s["city_pairs"] == 70
    assert lengths(b) == [13, 37, 31, 8, 10, 1]
    assert per_colour(b) == {**{c: (9, 25) for c in COLORS}, "gray": (28, 68)}
    assert s["ferries"] == 15 and sum(r.ferry_locos for r in b.routes) == 15
    assert s["mountain_routes"] == 31 and s["mountain_spaces"] == 39
    assert s["tunnels"] == 0


def test_LA_10_a_mountain_route_takes_one_extra_train_per_X():
    b = load_map("legendary_asia")
    r = next(r for r in b.routes if r.mountains == 2)
    assert r.trains == r.length + 2
    assert all(r.mountains <= r.length for r in b.routes)


def test_legendary_asia_tickets_regular_and_long():
    b = load_map("legendary_asia")
    assert {d: len(b.tickets_in(d)) for d in b.decks} == {"regular": 30, "long": 6}
    assert sorted(t.label() for t in b.tickets_in("long")) == [
        "Ankara–Colombo (18)", "Astrakhan–Hanoi (18)", "Khabarovsk–Karachi (17)",
        "Krasnoyarsk–Singapore (17)", "Moscow–Calcutta (16)", "Omsk–Kobe (16)"]
    assert all(t.points == cheapest_trains(b, t.a, t.b) for t in b.tickets)


# -- The Heart of Africa (authored; rules-spec H-) -----------------------------------------
H_3_2 = {"yellow": "desert", "orange": "desert", "red": "desert",
         "pink": "jungle", "blue": "jungle", "green": "jungle",
         "white": "mountain", "gray": "mountain", "black": "mountain"}


def test_heart_of_africa_statistics():
    b = load_map("heart_of_africa")
    s = b.stats()
    assert (s["cities"], s["countries"], s["routes"], s["city_pairs"]) == (40, 3, 99, 79)
    assert (s["doubles"], s["triples"], s["spaces"]) == (20, 0, 300)
    assert lengths(b) == [7, 40, 20, 15, 9, 8]
    assert (s["ferries"], sum(r.ferry_locos for r in b.routes), s["tunnels"]) == (3, 5, 0)
    assert len(b.tickets) == 48 and s["tickets"] == {"main": 48}
    assert sum(1 for t in b.tickets if t.a in b.countries or t.b in b.countries) == 13


def test_H_3_2_terrain_of_every_route_follows_its_colour():
    b = load_map("heart_of_africa")
    assert all(r.terrain == H_3_2[r.color] for r in b.routes)
    spaces = Counter()
    for r in b.routes:
        spaces[r.terrain] += r.length
    assert spaces == {"desert": 106, "jungle": 107, "mountain": 87}


def test_H_8_1_countries_are_dead_ends_on_the_north_edge():
    b = load_map("heart_of_africa")
    assert sorted(b.countries) == ["Nigeria", "Sudan", "Tchad"]
    entries = Counter(c for r in b.routes for c in r.cities if c in b.countries)
    assert entries == {"Nigeria": 3, "Tchad": 4, "Sudan": 3}
    assert not any(r.a in b.countries and r.b in b.countries for r in b.routes)


def test_H_8_4_madagascar_is_one_ordinary_node_reached_only_by_the_ferries():
    """H-8.4/H-8.5: one node "Madagascar" (kind city, so paths may cross it); every route into it
    is one of the board's three ferries, and every ferry ends there (H-7.3)."""
    b = load_map("heart_of_africa")
    assert b.cities["Madagascar"].kind == "city" and "Madagascar" not in b.countries
    assert not {"Mahajanga", "Antananarivo", "Toliara"} & set(b.cities)
    into = sorted(r.label() for r in b.routes if "Madagascar" in r.cities)
    assert into == ["Beira–Madagascar (5, green, ferry 2 Loco)", "Maputo–Madagascar (6, blue, ferry 2 Loco)",
                    "Nacala–Madagascar (3, pink, ferry 1 Loco)"]
    assert all(r.is_ferry for r in b.routes if "Madagascar" in r.cities)
    assert all("Madagascar" in r.cities for r in b.routes if r.is_ferry)
    # the ferries keep their ids; the island's old land routes 97-99 are gone
    assert [r.id for r in b.routes if "Madagascar" in r.cities] == [100, 101, 102]
    assert {97, 98, 99}.isdisjoint(r.id for r in b.routes)
    # the node lies east of the Mozambique Channel, beyond every mainland city it is reached from
    m = b.cities["Madagascar"]
    assert all(m.x > b.cities[c].x for c in ("Nacala", "Beira", "Maputo"))


def test_H_8_4_madagascar_tickets_and_their_values():
    """The four tickets that named a Madagascar city now name the node; their values are the
    cheapest train cost again (Beira–Madagascar is one 5-space ferry, was 8 to Antananarivo)."""
    b = load_map("heart_of_africa")
    got = {t.id: t.label() for t in b.tickets if "Madagascar" in (t.a, t.b)}
    assert got == {"T10": "Beira–Madagascar (5)", "T16": "Madagascar–Johannesburg (8)",
                   "T22": "Mombasa–Madagascar (10)", "T43": "Kisangani–Madagascar (17)"}
    assert cheapest_trains(b, "Beira", "Madagascar") == b.route(101).length


def test_heart_of_africa_ticket_values_are_the_cheapest_train_cost():
    b = load_map("heart_of_africa")
    assert all(t.points == cheapest_trains(b, t.a, t.b) for t in b.tickets)


# -- Team Asia (authored; rules-spec TA-) ---------------------------------------------------
def test_team_asia_statistics():
    b = load_map("team_asia")
    s = b.stats()
    assert (s["cities"], s["routes"], s["city_pairs"], s["doubles"], s["triples"]) == (44, 94, 70, 20, 2)
    assert s["spaces"] == 292 and lengths(b) == [6, 34, 22, 15, 10, 7]
    assert per_colour(b) == {**{c: (9, 29) for c in COLORS}, "gray": (22, 60)}
    assert (s["ferries"], sum(r.ferry_locos for r in b.routes)) == (8, 10)
    assert all(r.color == "gray" for r in b.routes if r.is_ferry)
    assert len(b.tickets) == 40
    assert (b.meta["trains_per_player"], b.meta["trains_per_team"]) == (27, 54)


def test_team_asia_tunnels_reveal_four_to_six_cards_each():
    b = load_map("team_asia")
    tunnels = [r for r in b.routes if r.tunnel]
    assert len(tunnels) == 15
    assert Counter(r.tunnel for r in tunnels) == Counter({4: 8, 5: 6, 6: 1})
    assert all(4 <= r.tunnel <= 6 for r in tunnels)
    assert b.find_route("Chengdu", "Lhasa").tunnel == 6       # the highest pass reveals most


def test_team_asia_triples_share_one_double_group_of_three_colours():
    b = load_map("team_asia")
    triples = [ids for rid, ids in b.twins.items() if len(ids) == 2]
    assert len(triples) == 6                                    # 2 triples x 3 tracks
    for pair in (("Tokyo", "Osaka"), ("Shanghai", "Wuhan")):
        tracks = b.routes_between(*pair)
        assert len(tracks) == 3 and len({t.double_group for t in tracks}) == 1
        assert len({t.length for t in tracks}) == 1


def test_team_asia_ticket_values_are_the_cheapest_train_cost():
    b = load_map("team_asia")
    assert all(t.points == cheapest_trains(b, t.a, t.b) for t in b.tickets)


# -- the graph ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", MAP_NAMES)
def test_to_networkx_is_a_multigraph_keyed_by_route_id_with_route_fields(name):
    b = load_map(name)
    g = b.to_networkx()
    assert isinstance(g, nx.MultiGraph)
    assert g.number_of_nodes() == len(b.cities) and g.number_of_edges() == len(b.routes)
    for r in b.routes:
        data = g.edges[r.a, r.b, r.id]
        for k in ("id", "length", "color", "double_group", "ferry_locos", "tunnel", "mountains", "terrain"):
            assert data[k] == getattr(r, k), (r.id, k)
    for c in b.cities.values():
        assert g.nodes[c.name] == {"x": c.x, "y": c.y, "kind": c.kind}
    assert nx.is_connected(g)


def test_doubles_in_the_graph_are_parallel_edges():
    g = load_map("usa").to_networkx()
    assert g.number_of_edges("Denver", "Omaha") == 1
    assert g.number_of_edges("Kansas City", "Omaha") == 2


# -- the schema -----------------------------------------------------------------------------
def _validator():
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((MAPS / "schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_shipped_map_validates_against_the_schema(name):
    errors = sorted(_validator().iter_errors(doc_of(name)), key=lambda e: list(e.path))
    assert errors == [], [f"{list(e.path)}: {e.message}" for e in errors[:5]]


@pytest.mark.parametrize("change, where", [
    (lambda d: d["routes"][0].update(length=9), "length"),
    (lambda d: d["routes"][0].update(color="purple"), "color"),
    (lambda d: d["routes"][0].update(colour="red"), "colour"),
    (lambda d: d["cities"][0].pop("x"), "x"),
    (lambda d: d["tickets"][0].update(points="12"), "points"),
    (lambda d: d.pop("routes"), "routes"),
    # the loaders' limits, written in the schema too
    (lambda d: d["routes"][0].update(tunnel=99), "tunnel"),
    (lambda d: d["tickets"][0].update(points=10 ** 100), "points"),
    (lambda d: d["routes"][0].update(id=-5), "id"),
    (lambda d: d["cities"][0].update(x=1e6), "x"),
])
def test_the_schema_rejects_broken_documents(change, where):
    d = doc_of("usa")
    change(d)
    errors = list(_validator().iter_errors(d))
    assert errors and any(where in e.message or where in list(map(str, e.path)) for e in errors)


# -- broken maps: one test per error class --------------------------------------------------
def write(tmp_path: Path, doc_or_text, name: str = "broken.json") -> Path:
    p = tmp_path / name
    p.write_text(doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text, ensure_ascii=False),
                 encoding="utf-8")
    return p


def broken(tmp_path: Path, doc_or_text) -> MapError:
    p = write(tmp_path, doc_or_text)
    with pytest.raises(MapError) as e:
        load_map(p)
    assert e.value.file == str(p)
    assert str(p) in str(e.value)
    return e.value


def test_invalid_json_names_line_and_column(tmp_path):
    text = (maps_dir() / "usa.json").read_text(encoding="utf-8")
    lines = text.splitlines()
    lines[4] = lines[4].rstrip(",")            # drop a comma at the end of line 5
    e = broken(tmp_path, "\n".join(lines))
    assert e.item == "line 6 column 3"
    assert "invalid JSON" in e.problem


def test_unknown_city(tmp_path):
    d = doc_of("usa")
    d["routes"][3]["b"] = "Atlantis"
    e = broken(tmp_path, d)
    assert e.item == f"route {d['routes'][3]['id']}" and "unknown city 'Atlantis'" in e.problem


@pytest.mark.parametrize("length", [0, 9, -1, 2.5, "3"])
def test_length_out_of_range(tmp_path, length):
    d = doc_of("team_asia")
    d["routes"][10]["length"] = length
    e = broken(tmp_path, d)
    assert e.item == "route 11" and "length" in e.problem and "out of range 1..8" in e.problem


@pytest.mark.parametrize("color", ["purple", "grey", "", None, 3])
def test_colour_out_of_range(tmp_path, color):
    d = doc_of("legendary_asia")
    d["routes"][5]["color"] = color
    e = broken(tmp_path, d)
    assert e.item == "route 6" and f"colour {color!r} is not one of" in e.problem


def test_double_route_tracks_that_disagree_on_length(tmp_path):
    d = doc_of("usa")
    first = next(r for r in d["routes"] if r["double_group"] is not None)
    twin = next(r for r in d["routes"] if r["double_group"] == first["double_group"] and r is not first)
    twin["length"] = first["length"] + 1
    twin.pop("spaces")
    e = broken(tmp_path, d)
    assert e.item.startswith(f"double group {first['double_group']} (routes ")
    assert "disagree on their length" in e.problem


def test_double_route_tracks_that_disagree_on_cities(tmp_path):
    d = doc_of("heart_of_africa")
    d["routes"][1]["b"] = "Yaoundé"           # route 2 was the twin of route 1, Douala–Nigeria
    e = broken(tmp_path, d)
    assert e.item == "double group 1 (routes 1, 2)" and "disagree on their cities" in e.problem


def test_double_route_tracks_of_the_same_colour(tmp_path):
    d = doc_of("team_asia")
    d["routes"][1]["color"] = d["routes"][0]["color"] = "red"
    e = broken(tmp_path, d)
    assert e.item == "double group 1 (routes 1, 2)" and "same colour" in e.problem


def test_ticket_to_unknown_city(tmp_path):
    d = doc_of("usa")
    d["tickets"][0]["b"] = "Gotham"
    e = broken(tmp_path, d)
    assert e.item == "ticket O01" and "unknown city 'Gotham'" in e.problem


def test_duplicate_route_id(tmp_path):
    d = doc_of("heart_of_africa")
    d["routes"][50]["id"] = d["routes"][49]["id"]
    e = broken(tmp_path, d)
    assert e.item == f"route {d['routes'][49]['id']}" and "duplicate route id" in e.problem


def test_duplicate_ticket_id(tmp_path):
    d = doc_of("legendary_asia")
    d["tickets"][7]["id"] = d["tickets"][3]["id"]
    e = broken(tmp_path, d)
    assert e.item == f"ticket {d['tickets'][3]['id']}" and "duplicate ticket id" in e.problem


def test_disconnected_board(tmp_path):
    d = doc_of("usa")
    d["routes"] = [r for r in d["routes"] if "Miami" not in (r["a"], r["b"])]
    e = broken(tmp_path, d)
    assert e.item == "board" and "disconnected" in e.problem and "Miami" in e.problem


def test_H_8_2_a_country_does_not_connect_the_board(tmp_path):
    """Cities reachable only through a country are cut off."""
    d = doc_of("heart_of_africa")
    d["cities"].append({"name": "Faya", "x": 0.3, "y": 0.02, "kind": "city"})
    d["routes"].append({"id": 999, "a": "Faya", "b": "Tchad", "length": 2, "color": "red",
                        "double_group": None, "ferry_locos": 0, "tunnel": 0, "mountains": 0,
                        "terrain": "desert"})
    e = broken(tmp_path, d)
    assert e.item == "board" and "Faya" in e.problem


def test_missing_map_file_is_a_map_error(tmp_path):
    with pytest.raises(MapError, match="no such map file"):
        load_map(tmp_path / "nowhere.json")


def test_not_utf8_is_a_map_error(tmp_path):
    p = tmp_path / "latin1.json"
    p.write_bytes('{"name": "Montréal"}'.encode("latin-1"))
    with pytest.raises(MapError, match="not UTF-8"):
        load_map(p)


def test_every_problem_is_counted_in_the_message(tmp_path):
    d = doc_of("usa")
    d["routes"][0]["length"] = 0
    d["routes"][1]["color"] = "mauve"
    e = broken(tmp_path, d)
    assert e.item == "route 1" and "(and 1 more problem)" in e.problem


# -- hypothesis: a mutated map is a Board or a MapError, never a traceback ------------------
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 1000) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8) | st.sampled_from(["Denver", "gray", "red", "main", "country", "city"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


class Mutant:
    """A mutated map document as text; its repr lists the mutations (not 40 kB of JSON)."""

    def __init__(self, name: str, steps: list[str], text: str):
        self.name, self.steps, self.text = name, steps, text

    def __repr__(self) -> str:
        return f"Mutant({self.name!r}, {self.steps!r}, {len(self.text)} chars)"


_DOCS = {name: doc_of(name) for name in MAP_NAMES}


@st.composite
def mutated_map(draw) -> Mutant:
    """A real map with 1-4 random changes: delete a key, replace a value by any JSON value,
    change a value's type, drop or duplicate cities/routes/tickets; sometimes truncated."""
    name = draw(st.sampled_from(MAP_NAMES))
    doc = copy.deepcopy(_DOCS[name])
    steps: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "replace", "retype", "drop", "duplicate"]))
        if kind in ("drop", "duplicate"):
            key = draw(st.sampled_from(["cities", "routes", "tickets"]))
            items = doc.get(key)
            if isinstance(items, list) and items:
                i = draw(st.integers(0, len(items) - 1))
                if kind == "drop":
                    n = draw(st.integers(1, 30))
                    del items[i: i + n]
                    steps.append(f"drop {key}[{i}:{i + n}]")
                else:
                    items.append(copy.deepcopy(items[i]))
                    steps.append(f"duplicate {key}[{i}]")
            continue
        # walk down from the top to a random key or index
        parent, path = None, []
        node = doc
        while isinstance(node, (dict, list)) and node and (parent is None or draw(st.booleans())):
            keys = sorted(node, key=str) if isinstance(node, dict) else list(range(len(node)))
            k = draw(st.sampled_from(keys))
            parent, node = node, node[k]
            path.append(k)
        if parent is None:
            continue
        k = path[-1]
        if kind == "delete":
            del parent[k]
            steps.append(f"delete {path}")
        elif kind == "replace":
            parent[k] = draw(JSON_VALUES)
            steps.append(f"set {path} = {parent[k]!r}")
        else:
            v = parent[k]
            parent[k] = draw(st.sampled_from([str(v)[:20], [v], {"v": v}, None, -1, 1.5, True]))
            steps.append(f"retype {path} -> {type(parent[k]).__name__}")
    text = json.dumps(doc, ensure_ascii=False, allow_nan=True)
    if draw(st.integers(0, 9)) == 0:
        cut = draw(st.integers(0, len(text)))
        text = text[:cut]
        steps.append(f"truncate at {cut}")
    return Mutant(name, steps, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_map())
def test_a_mutated_map_loads_or_raises_map_error(mutant):
    try:
        board = parse_map(mutant.text, "mutant.json")
    except MapError as e:
        assert e.file == "mutant.json" and e.item and e.problem
        return
    assert isinstance(board, Board)
    # a Board that loads is usable: its statistics, text and graph work
    board.stats()
    board.describe()
    board.to_networkx()
    assert all(math.isfinite(c.x) and math.isfinite(c.y) for c in board.cities.values())
    assert isinstance(board.height, float) and board.height > 0
    for r in board.routes:
        board.route_points(r.length)
    for d in board.decks:
        board.tickets_in(d)


# -- ttr-nb check-map -------------------------------------------------------------------------
def test_check_map_prints_statistics_of_a_good_map(capsys):
    assert cli_main(["check-map", "usa", str(MAPS / "team_asia.json")]) == 0
    out = capsys.readouterr().out
    assert "usa: OK" in out and "cities 36" in out and "309 train spaces" in out
    assert "tickets original 30, 1910 35, 1910_classic 34, mega 69, big_cities 35" in out
    assert "team_asia.json: OK" in out and "15 tunnels" in out


def test_check_map_lists_every_problem_and_fails(tmp_path, capsys):
    d = doc_of("usa")
    d["routes"][0]["length"] = 12
    d["tickets"][2]["a"] = "Springfield"
    p = write(tmp_path, d)
    assert cli_main(["check-map", str(p)]) == 1
    out = capsys.readouterr().out
    assert f"{p}: route 1: length 12 is out of range 1..8" in out
    assert f"{p}: ticket O03: goes to unknown city 'Springfield'" in out
    assert f"{p}: 2 problems" in out               # the printed spaces are not blamed too


def test_check_map_on_invalid_json_and_a_missing_file(tmp_path, capsys):
    p = write(tmp_path, '{"cities": [}')
    assert cli_main(["check-map", str(p), str(tmp_path / "missing.json")]) == 1
    out = capsys.readouterr().out
    assert f"{p}: line 1 column 13: invalid JSON" in out
    assert "missing.json: cannot read" in out


def test_python_m_ttr_nb_check_map_runs():
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "ttr_nb", "check-map", "legendary_asia"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "39 X spaces" in run.stdout


def test_public_names():
    assert ttr_nb.load_map is load_map and ttr_nb.MapError is MapError
