"""Figures every student can read (issue 34): each picture ``ttr_nb.show`` makes carries a text
alternative written from the same data (board, claims, highlighted path, trail and its length,
ringed cities), in the notebook output (text/plain, the image's alt), and the rules the picture
tells are not told by colour alone (Terrain types, H-3.2; a trail's steps, B-8.2)."""
from __future__ import annotations

import json

import pytest
from IPython.core.formatters import DisplayFormatter

import ttr_nb
from ttr_nb.board import MAP_NAMES, load_map
from ttr_nb.draw import draw_board
from ttr_nb.draw.alt import describe_picture, walk
from ttr_nb.pictures import BoardPicture, BoardSVG, with_alt_text
from ttr_nb.scoring import Scorer, Scoresheet
from ttr_nb.trail import longest_trail


def _a_walk(board, k: int, avoid: set[int] = frozenset()) -> list[int]:
    """k routes walked one after another (no route twice, no twin of a used route, no country),
    found from the map data."""
    countries = set(board.countries)
    for start in sorted(board.cities):
        if start in countries:
            continue
        used: list[int] = []
        here = start
        while len(used) < k:
            taken = set(used) | {t for u in used for t in board.twins[u]} | set(avoid)
            nxt = [r for r in board.routes if here in (r.a, r.b) and r.id not in taken
                   and r.other(here) not in countries and not set(board.twins[r.id]) & set(avoid)]
            if not nxt:
                break
            r = min(nxt, key=lambda r: (r.other(here) in {x for u in used for x in (board.route(u).a,
                                                                                     board.route(u).b)}, r.id))
            used.append(r.id)
            here = r.other(here)
        if len(used) == k:
            return used
    raise AssertionError("no walk found")


def _free_twin_safe(board, taken: list[int], k: int) -> list[int]:
    """k routes nobody claimed (nor a twin of a claimed one)."""
    blocked = set(taken) | {t for u in taken for t in board.twins[u]}
    return [r.id for r in board.routes if r.id not in blocked][:k]


@pytest.mark.parametrize("name", MAP_NAMES)
def test_B_8_2_text_names_the_claims_the_highlighted_routes_and_the_trail_length(name):
    """On every board, a Scoresheet picture with two players' claims, a highlighted path, a
    longest trail and a ringed city: the text says each player's routes and cars, names the
    highlighted routes in order, gives the trail's length in train cars and its numbered steps,
    and names the city, all as the data says."""
    board = load_map(name)
    ana_ids = _a_walk(board, 5)
    bea_ids = _a_walk(board, 2, avoid=set(ana_ids) | {t for u in ana_ids for t in board.twins[u]})
    sheet = Scoresheet.compute(board, [Scorer.from_routes(board, "Ana", ana_ids),
                                       Scorer.from_routes(board, "Bea", bea_ids)])
    trail = longest_trail(board, ana_ids)
    path = _a_walk(board, 3, avoid=set(ana_ids) | set(bea_ids)
                   | {t for u in ana_ids + bea_ids for t in board.twins[u]})
    city = board.route(trail.routes[0]).a
    pic = ttr_nb.show(sheet, highlight=path, trails={"Ana": trail.routes}, cities=[city])
    text = pic.describe()
    assert isinstance(pic, BoardPicture) and text == pic.text == pic.alt == repr(pic)
    assert board.name in text
    for who, ids in (("Ana", ana_ids), ("Bea", bea_ids)):
        cars = sum(board.route(r).length for r in ids)
        assert f"{who} (cars marked {who[0]}): {len(ids)} routes, {cars} train cars" in text
    # the highlighted path, in order, with its cars
    cities = walk(board, path)
    assert cities is not None and " → ".join(cities) in text
    assert f"3 routes, {sum(board.route(r).length for r in path)} train cars" in text
    # the trail: its length (the engine's), and each route as a numbered step
    assert trail.length == sum(board.route(r).length for r in trail.routes)
    assert f"longest trail (a wide band with dark edges, its steps numbered): {trail.length} train cars" in text
    for k, rid in enumerate(trail.routes, 1):
        r = board.route(rid)
        assert (f"{k}. {r.a} → {r.b} ({r.length})" in text) or (f"{k}. {r.b} → {r.a} ({r.length})" in text)
    assert f"City ringed: {city}." in text


def test_text_is_the_notebook_outputs_text_and_the_images_alt():
    """Displayed, a picture gives the PNG, the text as text/plain (what nbval stores and a screen
    reader reads where images are not shown) and the text as the image's alt."""
    usa = load_map("usa")
    pic = ttr_nb.show(usa, highlight=["Denver–Omaha"], cities=["Denver"])
    data, meta = DisplayFormatter().format(pic)
    assert set(data) == {"image/png", "text/plain"}
    assert data["text/plain"] == pic.describe()
    assert meta["image/png"]["alt"] == pic.describe()
    assert ("Highlighted routes (a solid band with dark edges): 1 route, 4 train cars: Denver → Omaha."
            in pic.describe()) and "No route is claimed." in pic.describe()
    page = pic.html()
    assert page.startswith('<img src="data:image/png;base64,') and 'alt="' in page
    assert "Denver → Omaha" in page


def test_an_exported_page_gets_the_alt_of_each_board_picture():
    """with_alt_text puts each picture's text (from the notebook's outputs) into the alt of its
    <img> in the exported HTML, and leaves other images alone."""
    usa = load_map("usa")
    pic = ttr_nb.show(usa, highlight=["Denver–Omaha"])
    data, meta = DisplayFormatter().format(pic)
    nb = {"cells": [{"cell_type": "code", "outputs": [
        {"output_type": "display_data", "data": data, "metadata": meta},
        {"output_type": "display_data", "data": {"image/png": "AAAA", "text/plain": "<Figure>"}, "metadata": {}}]}]}
    page = (f'<p>x</p><img src="data:image/png;base64,{data["image/png"]}"\nclass="">'
            '<img src="data:image/png;base64,AAAA">')
    out = with_alt_text(page, json.loads(json.dumps(nb)))
    assert out.count("alt=") == 1 and "Denver → Omaha" in out
    assert out.endswith('<img src="data:image/png;base64,AAAA">')
    assert with_alt_text(out, nb) == out                 # an alt is set once


def test_an_nbconvert_page_gets_the_text_instead_of_the_placeholder():
    """nbconvert's HTML exporter writes a placeholder alt on every image; with_alt_text puts the
    picture's own text there."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    pic = ttr_nb.show(load_map("usa"), highlight=["Denver–Omaha"])
    data, meta = DisplayFormatter().format(pic)
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("ttr_nb.show(usa)")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data, metadata=meta)]
    nb.cells = [cell]
    page, _ = nbconvert.HTMLExporter(template_name="lab").from_notebook_node(nb)
    out = with_alt_text(page, nb)
    assert "No description has been provided" not in out
    import html
    assert f'alt="{html.escape(pic.describe())}"' in out


def test_svg_picture_carries_its_text_as_title():
    usa = load_map("usa")
    pic = ttr_nb.show(usa, format="svg", highlight=["Denver–Omaha"])
    assert isinstance(pic, BoardSVG)
    svg = pic._repr_svg_()
    assert "<title>" in svg and 'role="img"' in svg and "Denver → Omaha" in svg
    data, _meta = DisplayFormatter().format(pic)
    assert data["text/plain"] == pic.describe() and "image/svg+xml" in data


def test_B_8_2_game_text_counts_each_players_claims():
    """A game's picture: each seat's routes counted from the game's own claims."""
    from ttr_nb.agents import play_game

    game = play_game("usa", 3, 4, ("greedy",))
    text = ttr_nb.show(game).describe()
    for seat, name in enumerate(game.names):
        ids = [r for r, s in game.route_owners.items() if s == seat]
        cars = sum(game.board.route(r).length for r in ids)
        assert f"{name} (cars marked {name[0]}): {len(ids)} routes, {cars} train cars" in text
    free = len(game.board.routes) - len(game.route_owners)
    assert f"{free} routes of {len(game.board.routes)} unclaimed" in text


def test_text_says_what_a_board_alone_shows_and_lists_few_claims_by_name():
    usa = load_map("usa")
    assert describe_picture(usa) == f"Board: {usa.name}. No route is claimed."
    rid = usa.route_ids(["Denver–Omaha"])[0]
    text = describe_picture(usa, claims={rid: 0}, player_names=["Ana"], gap=[rid], title="A gap")
    assert text.startswith(f"A gap. Board: {usa.name}.")
    assert "Ana (cars marked A): 1 route, 4 train cars (Denver–Omaha (4, pink))" in text
    assert "Gap (what the ticket still needs, a dashed band): 1 route, 4 train cars: Denver → Omaha" in text
    with pytest.raises(ValueError):
        describe_picture(usa, highlight=[10_000])


def test_a_walk_never_passes_through_a_country():
    """Two routes meeting at a country (The Heart of Africa) are not read as a path through it:
    the text lists them, it draws no arrow through the country."""
    hoa = load_map("heart_of_africa")
    country = hoa.countries[0]
    at = [r for r in hoa.routes if country in (r.a, r.b)]
    a = at[0]
    b = next(r for r in at if r.other(country) != a.other(country))
    a, b = a.id, b.id
    assert walk(hoa, [a, b]) is None
    text = describe_picture(hoa, highlight=[a, b])
    assert f"→ {country} →" not in text and hoa.route(a).label()[:-1] in text
    ok = _a_walk(hoa, 2)
    assert walk(hoa, ok) is not None


def test_H_3_2_terrain_type_is_told_by_a_symbol_as_well_as_colour():
    """The Heart of Africa: every car space (but a ferry's Locomotive spaces) carries its route's
    Terrain symbol, one shape per type, and the legend names the types with their colours; other
    boards have none."""
    from ttr_nb.draw.geometry import spread
    from ttr_nb.draw.layout import board_layout

    hoa = load_map("heart_of_africa")
    ax = draw_board(hoa)
    lines = {ln.get_gid(): ln for ln in ax.lines if (ln.get_gid() or "").startswith("terrain-")}
    kinds = {gid.split("-", 1)[1] for gid in lines}
    assert kinds == {"desert", "jungle", "mountain"}
    layout = board_layout(hoa)
    for kind in kinds:
        want = sum(len(layout.spaces[r.id]) - len(spread(len(layout.spaces[r.id]), r.ferry_locos))
                   for r in hoa.routes if r.terrain == kind)
        got = sum(len(ln.get_xdata()) for ln in ax.lines if ln.get_gid() == f"terrain-{kind}")
        assert got == want, kind
    markers = {kind: str(lines[f"terrain-{kind}"].get_marker()) for kind in kinds}
    assert len(set(markers.values())) == 3                 # three shapes
    texts = " | ".join(t.get_text() for t in ax.get_legend().get_texts())
    for words in ("Desert & Savanna: ", "Jungle & Forest: ", "Mountain & Cliff: "):
        assert words in texts
    for r in hoa.routes:
        kind = {"desert": "Desert & Savanna", "jungle": "Jungle & Forest", "mountain": "Mountain & Cliff"}[r.terrain]
        seg = texts.split(kind + ": ")[1].split(" | ")[0]
        assert r.color in seg.split(", ")
    ax2 = draw_board(load_map("usa"))
    assert not [ln for ln in ax2.lines if (ln.get_gid() or "").startswith("terrain-")]
    import matplotlib.pyplot as plt
    plt.close("all")


def test_B_8_2_trail_steps_are_numbered_in_order():
    """A longest trail reads without colour: a numbered disc on each of its routes, 1, 2, 3 ...
    in the trail's order, over a band wider than the path's cars with dark edges."""
    usa = load_map("usa")
    ids = usa.route_ids(["Las Vegas–Los Angeles", "Los Angeles–Phoenix", "Phoenix–Denver"])
    ax = draw_board(usa, claims={r: 0 for r in ids}, trails={0: ids})
    nums = {t.get_gid(): t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("trail-step-")}
    assert nums == {f"trail-step-0-{r}": str(k) for k, r in enumerate(ids, 1)}
    discs = [p for p in ax.patches if (p.get_gid() or "").startswith("trail-step-")]
    assert len(discs) == 3 and all(p.get_facecolor()[:3] == (1.0, 1.0, 1.0) for p in discs)
    bands = [ln for ln in ax.lines if ln.get_gid() == f"trail-0-{ids[0]}"]
    assert bands and bands[0].get_path_effects()                 # dark edges
    import matplotlib.pyplot as plt
    plt.close("all")


def test_B_8_3_score_chart_tells_players_apart_without_colour_and_says_the_totals():
    """Each player's line has its own dash pattern and end marker; the chart's text (also the
    figure's text form) gives each player's track points and final totals, the winner marked."""
    import matplotlib.pyplot as plt

    from ttr_nb.agents import play_game
    from ttr_nb.charts import describe_chart, score_chart

    game = play_game("usa", 3, 4, ("greedy",))
    ax = score_chart(game)
    lines = [ln for ln in ax.get_lines() if ln.get_label() in game.names]
    assert len({str(ln.get_linestyle()) + str(getattr(ln, "_unscaled_dash_pattern", "")) for ln in lines}) == 3
    sheet = game.score()
    text = describe_chart(ax)
    assert text and repr(ax.figure) == text
    for i, name in enumerate(game.names):
        want = f"{name} {sheet.totals[i]}" + (" (winner)" if i in sheet.winners else "")
        assert want in text
    plt.close("all")


def test_H_5_3_terrain_chart_hatches_each_player_and_says_the_majorities():
    import matplotlib.pyplot as plt

    from ttr_nb.charts import describe_chart, terrain_chart

    counts = {"Ana": {"desert": 3, "jungle": 1}, "Bea": {"desert": 3, "mountain": 2}, "Cal": {"jungle": 2}}
    ax = terrain_chart(counts)
    bars = [b for b in ax.patches if b.get_height() > 0]
    by_player = {b.get_hatch() or "" for b in bars}
    assert len(by_player) == 3                               # three players, three patterns
    text = describe_chart(ax)
    assert "Ana: Desert & Savanna 3, Jungle & Forest 1, Mountain & Cliff 0" in text
    assert "Desert & Savanna: Ana, Bea; Jungle & Forest: Cal; Mountain & Cliff: Bea." in text
    _fig, own = plt.subplots()
    terrain_chart(counts, ax=own)
    assert repr(own.figure).startswith("<Figure")               # someone else's figure keeps its repr
    plt.close("all")
