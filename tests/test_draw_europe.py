"""Europe in the picture: each train station is a house over its city in its owner's colour
(EU-4), a Scoresheet's picture frames the route each station borrows, the text alternative
names both, and the fast picture is the whole figure's."""
from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.path import Path

import ttr_nb
from ttr_nb import draw
from ttr_nb.board import load_map
from ttr_nb.draw import PLAYER_COLORS, board_png, draw_board, place_labels
from ttr_nb.draw.style import CITY_RADIUS, INK
from ttr_nb.draw.symbols import station_corners
from ttr_nb.pictures import draw_args
from ttr_nb.rules.stations import best_use, stations_of


@pytest.fixture(scope="module")
def played():
    """A finished 3-player Europe game (random players, random seed 3) in which stations
    borrow routes, and its Scoresheet."""
    from ttr_nb.agents import play_game

    game = play_game("europe", ["Ana", "Bea", "Cal"], 3, ("random",))
    sheet = game.score()
    assert game.over and any(any(line.kind == "station" and line.routes for line in ls) for ls in sheet.lines)
    return game, sheet


def _gids(ax) -> list[str]:
    return [a.get_gid() for a in [*ax.patches, *ax.texts, *ax.lines] if a.get_gid()]


def test_EU_4_a_game_picture_has_a_house_for_each_built_station(played):
    """Every station the game shows everyone (stations_of) is a house over its city in its
    owner's colour, with a dark outline and the owner's mark, and no other house is drawn."""
    game, _ = played
    built = stations_of(game)
    args = draw_args(game)
    assert args["stations"] == {c: s for s, cities in enumerate(built) for c in cities}
    board = args.pop("board")
    ax = draw_board(board, **args)
    houses = [p for p in ax.patches if (p.get_gid() or "").startswith("station-")]
    assert sorted(p.get_gid() for p in houses) == sorted(f"station-{c}" for cs in built for c in cs)
    for p in houses:
        city = p.get_gid()[len("station-"):]
        seat = args["stations"][city]
        assert p.get_facecolor() == to_rgba(args["player_colors"][seat])
        assert p.get_edgecolor() == to_rgba(INK)
        assert len(p.get_xy()) == 6                           # a house (5 corners, closed), not a dot
        c = board.cities[city]
        assert Path(p.get_xy()).contains_point((c.x, c.y))    # over its city
        marks = [t.get_text() for t in ax.texts if t.get_gid() == f"mark-station-{city}"]
        assert marks == [args["marks"][seat]]
    ax.figure.clf()


def test_EU_4_each_station_is_in_the_svg(played):
    """The vector picture carries one group per station, named after its city."""
    game, _ = played
    svg = ttr_nb.show(game, format="svg").data
    for cities in stations_of(game):
        for city in cities:
            assert f'id="station-{city}"' in svg
    assert len(re.findall(r'id="station-[^"]+"', svg)) == sum(map(len, stations_of(game)))


def test_EU_4_a_score_picture_frames_each_borrowed_route_in_the_borrowers_colour(played):
    """A Scoresheet's picture shows the stations and, for each, the route it borrows (the one
    best_use chooses): each car of it framed in the borrower's colour, and a small house."""
    game, sheet = played
    args = draw_args(sheet)
    board = args.pop("board")
    want = {}
    for scorer in sheet.scorers:
        use = best_use(board, scorer, sheet.scorers)
        want.update({city: rid for city, rid in use.choice if rid is not None})
    assert want and args["borrowed"] == want
    assert set(args["stations"]) == {c for cs in stations_of(game) for c in cs}
    ax = draw_board(board, **args)
    for city, rid in want.items():
        p = args["stations"][city]
        frames = [a for a in ax.patches if a.get_gid() == f"borrowed-{city}-{rid}"]
        coloured = [a for a in frames if a.get_edgecolor() == to_rgba(PLAYER_COLORS[p])]
        assert len(coloured) == board.route(rid).length          # one frame per car
        assert any(len(a.get_xy()) == 6 for a in frames)         # the small house
        assert rid not in {c.route for c in sheet.scorers[p].claims}
        assert city in board.route(rid).cities
    ax.figure.clf()


def test_EU_4_two_stations_of_one_player_each_say_which_route_they_borrow():
    """Ana's stations in Paris and Frankfurt borrow Frankfurt–Paris and Frankfurt–München: the
    text says which station borrows which (the picture's data is station -> route)."""
    from ttr_nb.exercises import l13

    sheet = l13.worked_example()
    args = draw_args(sheet)
    board = args["board"]
    assert args["borrowed"] == {"Paris": board.route_id("Frankfurt–Paris orange"),
                                "Frankfurt": board.route_id("Frankfurt–München")}
    text = ttr_nb.show(sheet).describe()
    assert ("Ana's station in Paris borrows Frankfurt–Paris (3, orange) of Cal; Ana's station in "
            "Frankfurt borrows Frankfurt–München (2, pink) of Cal.") in text


def test_EU_4_the_text_alternative_names_the_stations_and_borrowed_routes(played):
    game, sheet = played
    text = ttr_nb.show(game).describe()
    assert "Train stations" in text
    for seat, cities in enumerate(stations_of(game)):
        assert f"{game.names[seat]}: {', '.join(sorted(cities))}" in text
    text = ttr_nb.show(sheet).describe()
    for i, scorer in enumerate(sheet.scorers):
        use = best_use(sheet.board, scorer, sheet.scorers)
        for city, rid in use.choice:
            if rid is not None:
                owner = use.owners[rid]
                assert (f"{sheet.names[i]}'s station in {city} borrows {sheet.board.route(rid).label()} "
                        f"of {owner}") in text


def test_EU_4_stations_come_with_a_legend_entry(played):
    game, sheet = played
    args = draw_args(sheet)
    ax = draw_board(args.pop("board"), **args)
    words = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(w.startswith("train station") for w in words)
    assert any(w.startswith("route a station borrows") for w in words)
    ax.figure.clf()


def test_a_game_without_stations_draws_none():
    """A USA game has no stations: none in its drawing keywords or picture."""
    from ttr_nb.agents import play_game

    game = play_game("usa", 2, 1, ("random",))
    args = draw_args(game)
    assert "stations" not in args and "borrowed" not in args
    assert "station" not in ttr_nb.show(game).describe().lower()
    sheet_args = draw_args(game.score())
    assert "stations" not in sheet_args and "borrowed" not in sheet_args


def test_fast_picture_with_stations_is_the_whole_figure(played):
    """board_png paints stations (over the city dots and names) and borrowed routes over the
    cached board: the same picture as a whole draw_board figure, up to anti-aliased edges.
    (A claimed ferry's Locomotive stripes differ a little between the two with claims alone;
    the stations and borrowed routes add no difference of their own.)"""
    _, sheet = played
    args = draw_args(sheet)
    board = args.pop("board")
    args["marks"] = ()

    def differ(**kw):
        fast = _pixels(board_png(board, dpi=60, compact=False, **kw))
        full = _pixels(draw._board_png_full(board, dpi=60, compact=False, **kw))
        assert fast.shape == full.shape
        return fast, np.abs(fast - full).max(axis=2)

    fast, diff = differ(**args)
    plain, base = differ(claims=args["claims"], marks=())
    new = diff * (base <= 6)
    assert new.max() <= 24 and (new > 6).mean() < 1e-4, (new.max(), (new > 6).mean())
    assert (np.abs(fast - plain).max(axis=2) > 40).mean() > 0.001     # the stations are drawn


def _pixels(png: bytes) -> np.ndarray:
    import io

    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


@pytest.mark.parametrize("name", ["europe", "usa", "legendary_asia"])
def test_a_station_hides_no_city_name(name):
    """A house over any city covers (almost) nothing of any name: the names keep a ring round
    each dot free, and the house stays in it."""
    board = load_map(name)
    labels = place_labels(board)
    for c in board.cities.values():
        if c.is_country:
            continue
        house = Path(station_corners(c.x, c.y, CITY_RADIUS))
        for other, (x0, y0, x1, y1) in labels.items():
            gx, gy = np.meshgrid(np.linspace(x0, x1, 40), np.linspace(y0, y1, 20))
            inside = house.contains_points(np.column_stack([gx.ravel(), gy.ravel()]))
            assert inside.mean() < 0.002, (c.name, other)


@pytest.mark.parametrize("kw,match", [
    (dict(stations={"Atlantis": 0}), "no city called 'Atlantis'"),
    (dict(stations={"Paris": 9}), "belongs to player 9"),
    (dict(stations={"Paris": True}), "belongs to player True"),
    (dict(stations={"Paris": 0}, borrowed={"Paris": 9999}), "no route with id 9999"),
    (dict(borrowed={"Paris": 28}), "no station is drawn there"),
    (dict(stations={"Wien": 0}, borrowed={"Wien": 28}), "does not end in Wien"),
])
def test_bad_stations_are_clear_value_errors(kw, match):
    with pytest.raises(ValueError, match=match):
        draw.describe_picture(load_map("europe"), **kw)


def test_cli_render_of_a_europe_game_draws_its_stations(tmp_path, monkeypatch, capsys):
    """`ttr-nb render --variant europe` passes the game's stations to the picture."""
    from ttr_nb.cli import main as cli_main

    seen = {}
    real = draw.save_board
    monkeypatch.setattr(draw, "save_board", lambda board, path, **kw: seen.update(kw) or real(board, path, **kw))
    out = tmp_path / "europe.png"
    assert cli_main(["render", "--variant", "europe", "--players", "3", "--seed", "3", "--agents", "random",
                     "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert seen["stations"] and all(0 <= p < 3 for p in seen["stations"].values())
