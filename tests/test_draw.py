"""The board drawn: every route as its car spaces, claims in the player's colour,
highlights, the special spaces of each board, and PNG output."""
from __future__ import annotations

import itertools
import math
import sys
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.colors import to_rgb, to_rgba

from ttr_nb import draw
from ttr_nb.board import MAP_NAMES, load_map
from ttr_nb.cli import main as cli_main
from ttr_nb.draw import PLAYER_COLORS, ROUTE_COLORS_HEX, board_png, draw_board, save_board

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def drawn():
    """Each board drawn once, plain (artists stay readable after the figure is closed)."""
    return {name: draw_board(load_map(name)) for name in MAP_NAMES}


def patches(ax: Axes, gid: str) -> list:
    return [p for p in ax.patches if p.get_gid() == gid]


def lab(color: str) -> np.ndarray:
    """CIELAB of an sRGB colour (D65)."""
    rgb = np.array(to_rgb(color))
    rgb = np.where(rgb > 0.04045, ((rgb + 0.055) / 1.055) ** 2.4, rgb / 12.92)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                    [0.0193, 0.1192, 0.9505]]) @ rgb / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


# -- every board ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_route_is_drawn_as_its_car_spaces_in_its_colour(drawn, name):
    board, ax = load_map(name), drawn[name]
    assert isinstance(ax, Axes)
    for r in board.routes:
        cars = patches(ax, f"route-{r.id}")
        assert len(cars) == r.length, r.label()
        assert all(c.get_facecolor() == to_rgba(ROUTE_COLORS_HEX[r.color]) for c in cars)
    assert sum(1 for p in ax.patches if (p.get_gid() or "").startswith("route-")) == board.total_spaces()


@pytest.mark.parametrize("name", MAP_NAMES)
def test_board_axes_equal_aspect_y_southward_no_ticks_and_a_title(drawn, name):
    board, ax = load_map(name), drawn[name]
    assert ax.get_aspect() == 1.0
    assert ax.yaxis_inverted()
    assert list(ax.get_xticks()) == [] and list(ax.get_yticks()) == []
    title = ax.get_title()
    if board.official:
        assert title == board.name
    else:
        assert title.endswith("(authored layout)")
        assert ("Heart of Africa" in title) != ("Team Asia" in title)


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_city_has_a_dot_and_a_readable_label(drawn, name):
    board, ax = load_map(name), drawn[name]
    labels = {t.get_gid(): t for t in ax.texts if (t.get_gid() or "").startswith("label-")}
    for c in board.cities.values():
        if c.is_country:
            assert patches(ax, f"country-{c.name}")
            assert any(t.get_text() == c.name.upper() for t in ax.texts)
        else:
            assert patches(ax, f"city-{c.name}")
            t = labels[f"label-{c.name}"]
            assert t.get_text() == c.name and t.get_path_effects()          # white halo
            x, y = t.get_position()
            assert math.hypot(x - c.x, y - c.y) < 0.12                        # next to its city


@pytest.mark.parametrize("name", ["heart_of_africa", "team_asia"])
def test_parallel_tracks_of_authored_boards_lie_side_by_side(name):
    board = load_map(name)
    layout = draw.board_layout(board)
    for r in board.routes:
        for twin in board.twins[r.id]:
            gap = min(math.dist((s.x, s.y), (t.x, t.y))
                      for s in layout.spaces[r.id] for t in layout.spaces[twin])
            assert gap >= layout.car_width, (r.label(), board.route(twin).label())


def test_printed_spaces_are_drawn_where_the_board_prints_them():
    board = load_map("usa")
    layout = draw.board_layout(board)
    r = board.find_route("Atlanta", "Miami")
    assert [(s.x, s.y, s.angle) for s in layout.spaces[r.id]] == [tuple(s) for s in r.spaces]


def test_ferry_locomotive_spaces_are_striped(drawn):
    """Legendary Asia: 15 ferries with one Locomotive space each (4 stripes per space)."""
    for name in MAP_NAMES:
        board = load_map(name)
        stripes = patches(drawn[name], "ferry-loco")
        assert len(stripes) == 4 * sum(r.ferry_locos for r in board.routes), name


def test_LA_mountain_X_spaces_are_marked(drawn):
    ax = drawn["legendary_asia"]
    strokes = [ln for ln in ax.lines if ln.get_gid() == "mountain-x"]
    assert len(strokes) == 2 * 39                                           # two strokes per X
    assert not [ln for ln in drawn["usa"].lines if ln.get_gid() == "mountain-x"]


def test_tunnels_are_outlined_and_show_the_cards_they_reveal(drawn):
    board, ax = load_map("team_asia"), drawn["team_asia"]
    for r in board.routes:
        outline = patches(ax, f"tunnel-{r.id}")
        badge = patches(ax, f"tunnel-badge-{r.id}")
        if not r.tunnel:
            assert not outline and not badge
            continue
        assert len(outline) == r.length and all(p.get_linestyle() != "-" for p in outline)
        # the tracks of a double tunnel revealing the same number share the first one's badge
        first = min([r.id] + [t for t in board.twins.get(r.id, ()) if board.route(t).tunnel == r.tunnel])
        badge = patches(ax, f"tunnel-badge-{first}")
        assert len(badge) == 1 and (first == r.id or not patches(ax, f"tunnel-badge-{r.id}"))
        bx, by = badge[0].center
        number = [t for t in ax.texts if t.get_position() == (bx, by)]
        assert [t.get_text() for t in number] == [str(r.tunnel)]


def test_legend_explains_the_special_spaces(drawn):
    def legend(name):
        return [t.get_text() for t in drawn[name].get_legend().get_texts()] if drawn[name].get_legend() else []

    assert legend("usa") == []
    assert any("ferry" in t for t in legend("legendary_asia")) and any("X" in t for t in legend("legendary_asia"))
    assert any("country" in t for t in legend("heart_of_africa"))
    assert any("tunnel" in t for t in legend("team_asia"))


# -- claims and highlights ------------------------------------------------------------------
def test_claimed_route_is_covered_by_cars_in_the_players_colour_with_outline_and_mark():
    """A claim looks like trains: every space covered by a car of the player's colour, larger
    than the space (the route colour does not show), a dark outline, the player's mark."""
    board = load_map("usa")
    red = board.find_route("Denver", "Oklahoma City")
    gray = board.find_route("Denver", "Omaha")
    ax = draw_board(board, claims={red.id: 0, gray.id: 2}, player_names=["Ada", "Ben", "Cleo"])
    for r, p, mark in ((red, 0, "A"), (gray, 2, "C")):
        spaces, cars = patches(ax, f"route-{r.id}"), patches(ax, f"claim-{r.id}")
        assert len(cars) == len(spaces) == r.length
        for space, car in zip(spaces, cars):
            assert car.get_facecolor() == to_rgba(PLAYER_COLORS[p])
            assert sum(car.get_edgecolor()[:3]) < 0.5 and car.get_linewidth() >= 0.9   # dark outline
            assert car.get_zorder() > space.get_zorder()
            assert car.get_width() > space.get_width() and car.get_height() > space.get_height()
        marks = [t.get_text() for t in ax.texts if t.get_gid() == f"mark-{r.id}"]
        assert marks == [mark] * r.length
    other = board.find_route("Atlanta", "Miami")
    assert not patches(ax, f"claim-{other.id}")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Ada", "Ben", "Cleo"]


def test_TA_partners_share_a_colour_and_differ_by_mark():
    """ttr_nb.show draws a team game seat by seat: partners' cars share the team colour
    (TA-15) and carry each player's initial."""
    from ttr_nb.agents import play_game
    from ttr_nb.pictures import draw_args

    game = play_game("team-asia", 4, 3, ("random",))
    args = draw_args(game)
    colors, marks = args["player_colors"], args["marks"]
    for _name, seats in game.scorer_groups():
        assert len({colors[s] for s in seats}) == 1
        assert len({marks[s] for s in seats}) == len(seats)
    assert len(set(colors)) == len(game.scorer_groups())
    ax = draw_board(args.pop("board"), **args, labels=False)
    for rid, seat in game.route_owners.items():
        assert {t.get_text() for t in ax.texts if t.get_gid() == f"mark-{rid}"} == {marks[seat]}
        assert patches(ax, f"claim-{rid}")[0].get_facecolor() == to_rgba(colors[seat])


def test_default_marks_are_initials_when_they_differ_else_numbers():
    assert draw.default_marks(["Ana", "Bea", "Cal"], 3) == ("A", "B", "C")
    assert draw.default_marks(["Player 1", "Player 2"], 2) == ("1", "2")
    assert draw.default_marks(["Ana", "Abe"], 2) == ("1", "2")


def test_claims_with_chosen_colours_and_default_names():
    board = load_map("team_asia")
    r = board.routes[0]
    ax = draw_board(board, claims={r.id: 1}, player_colors=["#000000", "#ff0000"], labels=False)
    assert patches(ax, f"claim-{r.id}")[0].get_facecolor() == to_rgba("#ff0000")
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["Player 1", "Player 2"]
    assert not [t for t in ax.texts if (t.get_gid() or "").startswith(("label-", "mark-"))]  # own colours: no marks


def test_long_names_are_cut_in_the_legend():
    board = load_map("usa")
    ax = draw_board(board, claims={1: 0}, player_names=["Maximiliane Kunigunde von Hohenzollern"], labels=False)
    (text,) = [t.get_text() for t in ax.get_legend().get_texts()][:1]
    assert len(text) == draw.NAME_MAX and text.endswith("…") and text.startswith("Maximiliane")


def test_dim_unclaimed_fades_only_the_unclaimed_routes():
    board = load_map("usa")
    ax = draw_board(board, claims={1: 0}, dim_unclaimed=True)
    assert all(p.get_alpha() == 1.0 for p in patches(ax, "route-1"))
    assert all(p.get_alpha() < 0.5 for p in patches(ax, "route-2"))


def test_highlight_path_is_a_cased_band_under_the_routes_and_rings_the_cities():
    board = load_map("usa")
    ids = [board.find_route("Los Angeles", "Phoenix").id, board.find_route("Phoenix", "Santa Fe").id]
    ax = draw_board(board, highlight=ids, highlight_cities=["Los Angeles", "Santa Fe"], highlight_color="#00ff00")
    glows = [ln for ln in ax.lines if (ln.get_gid() or "").startswith("highlight-")]
    assert sorted(ln.get_gid() for ln in glows) == sorted(f"highlight-{i}" for i in ids)
    cars = [p for i in ids for p in patches(ax, f"route-{i}")]
    assert all(g.get_zorder() < c.get_zorder() for g in glows for c in cars)           # under the cars
    assert all(g.get_color() == "#00ff00" and g.get_path_effects() for g in glows)     # with dark edges
    rings = patches(ax, "ring-Los Angeles") + patches(ax, "ring-Santa Fe")
    assert len(rings) == 2 and all(r.get_edgecolor() == to_rgba("#00ff00") for r in rings)


def _style(ax, prefix):
    return [a for a in list(ax.lines) + list(ax.patches) if (a.get_gid() or "").startswith(prefix)]


def test_every_highlight_has_its_own_style_and_legend_entry():
    """Path, gap, two players' trails, selected and closed differ by line style or pattern,
    not only by hue, and each is explained in the legend."""
    board = load_map("usa")
    pink = [r.id for r in board.routes if r.color == "pink"]
    ax = draw_board(board, claims={pink[3]: 0, pink[4]: 1}, highlight=[pink[0]], gap=[pink[1]],
                    trails={0: [pink[3]], 1: [pink[4]]}, selected=[pink[2]], closed=[pink[5]])
    path, gap = _style(ax, "highlight-"), _style(ax, "gap-")
    t0, t1 = _style(ax, "trail-0-"), _style(ax, "trail-1-")
    sel, clo = _style(ax, "selected-"), _style(ax, "closed-")
    assert path and gap and t0 and t1 and sel and clo
    assert path[0].get_linestyle() == "-" and gap[0].get_linestyle() != "-"
    assert path[0].get_color() != ROUTE_COLORS_HEX["pink"]                  # readable over pink
    dashes = lambda lines: {str(ln._unscaled_dash_pattern) for ln in lines if ln.get_linestyle() != "-"}
    assert dashes(t0) != dashes(t1)                                          # two trails, two patterns
    assert any(p.get_linestyle() not in ("-", "solid") for p in sel)         # dashed frame
    assert all(p.get_hatch() for p in clo)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    for word in ("highlighted routes", "gap", "longest trail: Player 1", "longest trail: Player 2",
                 "selected", "closed"):
        assert any(word in t for t in texts), (word, texts)
    # the highlight's legend words can be given: what the band means in this picture
    ax = draw_board(board, highlight=[pink[0]], highlight_label="path (completes a ticket)")
    assert "path (completes a ticket)" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_legend_lies_outside_the_board():
    """The legend is in the strip under the board: below every city and car space."""
    board = load_map("heart_of_africa")
    ax = draw_board(board, claims={r.id: i % 4 for i, r in enumerate(board.routes[:20])},
                    player_names=["Ana", "Bea", "Cal", "Dee"], highlight=[board.routes[0].id])
    fig = ax.figure
    fig.canvas.draw()
    leg = ax.get_legend().get_window_extent(fig.canvas.get_renderer())
    lowest = min(ax.transData.transform((0, max(c.y for c in board.cities.values())))[1],
                 *(p.get_window_extent().y0 for p in ax.patches if (p.get_gid() or "").startswith("route-")))
    assert leg.y1 < lowest


def test_claims_and_highlight_change_the_picture():
    board = load_map("heart_of_africa")
    plain = board_png(board, dpi=40)
    claimed = board_png(board, dpi=40, claims={5: 0, 50: 1})
    lit = board_png(board, dpi=40, highlight=[5, 50])
    assert len({plain, claimed, lit}) == 3
    assert board_png(board, dpi=40) == plain                                  # deterministic


@pytest.mark.parametrize("kw, match", [
    ({"claims": {999: 0}}, "no route with id 999"),
    ({"highlight": [0]}, "no route with id 0"),
    ({"claims": {1: 6}}, "claimed by player 6"),
    ({"claims": {1: 2}, "player_colors": ["red", "blue"]}, "players 0..1"),
    ({"highlight_cities": ["Gotham"]}, "no city called 'Gotham'"),
    ({"gap": [0]}, "no route with id 0"),
    ({"trails": {7: [1]}}, "player 7"),
    ({"selected": [999]}, "no route with id 999"),
])
def test_bad_arguments_are_clear_value_errors(kw, match):
    with pytest.raises(ValueError, match=match):
        draw_board(load_map("usa"), **kw)


# -- colours --------------------------------------------------------------------------------
def test_six_player_colours_are_no_card_colour():
    """Under normal vision every player colour stands at least 16 CAM02-UCS units from every
    route colour (the full check, with colour-vision deficiencies, is tests/test_palette.py)."""
    assert len(PLAYER_COLORS) == 6 == len(draw.PLAYER_COLOR_NAMES)
    for p in PLAYER_COLORS:
        for name, r in ROUTE_COLORS_HEX.items():
            assert np.linalg.norm(lab(p) - lab(r)) > 20, (p, name)
    for p, q in itertools.combinations(PLAYER_COLORS, 2):
        assert np.linalg.norm(lab(p) - lab(q)) > 30, (p, q)


def test_pink_is_a_clear_pink_and_white_spaces_have_a_dark_edge(drawn):
    r, g, b = to_rgb(ROUTE_COLORS_HEX["pink"])
    assert r > 0.85 and b > 0.6 and g < b                                       # pink, not purple
    board, ax = load_map("usa"), drawn["usa"]
    white = next(r for r in board.routes if r.color == "white")
    edge = patches(ax, f"route-{white.id}")[0].get_edgecolor()
    assert sum(edge[:3]) < 0.5


# -- output ---------------------------------------------------------------------------------
def test_board_png_is_png_bytes():
    board = load_map("team_asia")
    png = board_png(board, dpi=30)
    assert png.startswith(PNG_MAGIC)
    assert board_png(board, dpi=30, compact=False).startswith(PNG_MAGIC)


def test_a_board_shows_as_its_picture_in_ipython():
    """A Board as the last expression of a cell is drawn: ttr_nb registers board_png with
    IPython's PNG formatter (board.py imports no pictures)."""
    import ttr_nb

    shell = pytest.importorskip("IPython.core.interactiveshell").InteractiveShell.instance()
    try:
        ttr_nb._register_pictures()
        board = load_map("usa")
        data, _meta = shell.display_formatter.format(board)
        assert data["image/png"] == board_png(board)
        assert data["text/plain"] == repr(board)
    finally:
        shell.display_formatter.formatters["image/png"].pop("ttr_nb.board.Board", None)
        type(shell).clear_instance()


def _imports(path) -> set[str]:
    """The modules a source file imports at run time (lazy ones too; not those under
    ``if TYPE_CHECKING:``), as written (``..board``, ``matplotlib.patches``)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING"
                   for stmt in node.body for n in ast.walk(stmt)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def _ours(imports: set[str], *names: str) -> set[str]:
    """The imports of ttr_nb modules called ``names`` (relative, or ``ttr_nb.NAME``)."""
    return {m for m in imports if m.lstrip(".").removeprefix("ttr_nb.").split(".")[0] in names}


def test_the_picture_imports_no_engine_players_or_widgets_and_the_board_no_picture():
    """Issue 32: ``draw`` imports neither the widgets, the players nor the game; layout,
    geometry and position are data (no matplotlib); the board and its checks import no
    picture, and ``pictures`` tells a game by what it has (no import of the engine)."""
    from pathlib import Path

    pkg = Path(draw.__file__).parent
    for f in pkg.glob("*.py"):
        assert not _ours(_imports(f), "widgets", "agents", "game", "legal", "rules", "scoring", "pictures"), f.name
    for name in ("layout", "geometry", "position"):
        assert not {m for m in _imports(pkg / f"{name}.py") if m.startswith("matplotlib")}, name
    assert _imports(pkg / "style.py") <= {"__future__", "matplotlib.colors"}   # to_rgb, when a colour is read
    root = pkg.parent
    assert not _ours(_imports(root / "board.py"), "draw", "pictures")
    assert not _ours(_imports(root / "mapcheck.py"), "board", "draw")
    assert not _ours(_imports(root / "pictures.py"), "game", "scoring")
    assert not _ours(_imports(root / "widgets" / "canvas.py"), "agents", "game")


def test_board_png_closes_its_figure():
    import matplotlib.pyplot as plt

    plt.close("all")
    board_png(load_map("usa"), dpi=30)
    assert plt.get_fignums() == []


def test_draw_on_a_given_axes(tmp_path):
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(12, 4))
    out = draw_board(load_map("usa"), ax=axes[1], title="right")
    assert out is axes[1] and axes[1].get_title() == "right" and not axes[0].patches
    path = tmp_path / "usa.png"
    save_board(load_map("legendary_asia"), path, dpi=30)
    assert path.read_bytes().startswith(PNG_MAGIC)


def test_cli_render_a_map(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert cli_main(["render", "--map", "heart-of-africa", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(PNG_MAGIC)
    assert "Heart of Africa" in capsys.readouterr().out


def test_cli_render_a_usa_game_after_some_steps_draws_its_claims(tmp_path, capsys):
    pytest.importorskip("ttr_nb.agents")
    out = tmp_path / "game.png"
    assert cli_main(["render", "--variant", "usa", "--players", "2", "--seed", "1", "--step", "60",
                     "--agents", "random", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(PNG_MAGIC)
    assert "seed 1, 60 actions" in capsys.readouterr().out


def test_claims_may_use_numpy_integers():
    ax = draw_board(load_map("usa"), claims={np.int64(1): np.int64(1)}, labels=False)
    assert patches(ax, "claim-1")[0].get_facecolor() == to_rgba(PLAYER_COLORS[1])


def test_a_small_hand_made_map_is_drawn():
    """A teacher's own map: three cities, a triple track, a ferry, a tunnel and a country."""
    import json

    from ttr_nb.board import parse_map

    doc = {
        "key": "tiny", "name": "Tiny", "cities": [
            {"name": "A", "x": 0.1, "y": 0.1}, {"name": "B", "x": 0.9, "y": 0.1},
            {"name": "C", "x": 0.5, "y": 0.5}, {"name": "Land", "x": 0.5, "y": 0.9, "kind": "country"}],
        "routes": [
            {"id": 1, "a": "A", "b": "B", "length": 6, "color": "red", "double_group": 1},
            {"id": 2, "a": "A", "b": "B", "length": 6, "color": "gray", "double_group": 1},
            {"id": 3, "a": "A", "b": "B", "length": 6, "color": "blue", "double_group": 1},
            {"id": 4, "a": "B", "b": "C", "length": 3, "color": "white", "ferry_locos": 2},
            {"id": 5, "a": "A", "b": "C", "length": 2, "color": "pink", "tunnel": 5},
            {"id": 6, "a": "C", "b": "Land", "length": 1, "color": "black"}],
        "tickets": [{"id": "T1", "a": "A", "b": "Land", "points": 9}],
    }
    board = parse_map(json.dumps(doc), "tiny.json")
    ax = draw_board(board, claims={1: 0, 6: 1}, highlight=[4])
    assert ax.get_title() == "Tiny (authored layout)"
    assert sum(len(patches(ax, f"route-{r.id}")) for r in board.routes) == 24
    assert len(patches(ax, "ferry-loco")) == 8 and patches(ax, "tunnel-badge-5")
    assert board_png(board, dpi=30).startswith(PNG_MAGIC)


@pytest.mark.parametrize("variant,players", [("team-asia", 4), ("usa", 3)])
def test_a_game_picture_colours_each_scorer_TA_15(monkeypatch, variant, players):
    """A game shows itself as the board drawn seat by seat with one colour per scorer: a Team
    Asia team's two partners share their team's colour (TA-15) and differ by mark; the title
    is the variant's."""
    from ttr_nb.agents import play_game

    seen = {}
    monkeypatch.setattr(draw, "board_png", lambda board, **kw: seen.update(kw) or b"png")
    game = play_game(variant, players, 3, ("random",))
    assert game._repr_png_() == b"png"
    groups = [tuple(sc.seats) for sc in game.scorers()]
    assert seen["title"] == game.variant.title
    assert len(seen["player_names"]) == game.n
    assert all(seen["player_names"][s].startswith(game.names[s]) for s in range(game.n))
    team_of = {s: i for i, seats in enumerate(groups) for s in seats}
    assert seen["claims"] == dict(game.route_owners)
    colors = seen["player_colors"]
    for s in range(game.n):
        for t in range(game.n):
            assert (colors[s] == colors[t]) == (team_of[s] == team_of[t])
    assert len(set(seen["marks"])) == game.n


# -- fast pictures (the fixed part drawn once) and SVG ---------------------------------------
def _pixels(png: bytes) -> np.ndarray:
    import io

    from PIL import Image

    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


@pytest.mark.parametrize("variant,players", [("usa", 4), ("team-asia", 4), ("heart-of-africa", 3)])
def test_fast_picture_is_the_whole_figure_with_every_style(variant, players):
    """board_png paints a position over the cached fixed board: the same picture as a whole new
    draw_board figure (claims, every highlight style, rings, title, legend). Without marks the
    two differ only in the rounding of anti-aliased edges (the layers' blending, the fixed
    board's patches drawn as collections): at most 16 colour levels, on under 0.01% of the
    pixels by more than 6; the marks are drawn as glyph outlines, which moves a few
    anti-aliased pixels."""
    from ttr_nb.agents import play_game
    from ttr_nb.pictures import draw_args

    game = play_game(variant, players, 2, ("greedy",))
    args = draw_args(game)
    board = args.pop("board")
    free = [r.id for r in board.routes if r.id not in game.route_owners]
    kw = dict(args, highlight=free[:2], gap=free[2:4], trails={0: list(game.route_owners)[:3]},
              selected=free[4:5], closed=free[5:7], highlight_cities=[board.routes[0].a], title="A title")
    fast = _pixels(board_png(board, dpi=60, compact=False, **kw))
    full = _pixels(draw._board_png_full(board, dpi=60, compact=False, **kw))
    assert fast.shape == full.shape
    diff = np.abs(fast - full).max(axis=2)
    assert (diff > 40).mean() < 0.005, f"{(diff > 40).mean():.4%} of the pixels differ"
    kw["marks"] = ()
    fast = _pixels(board_png(board, dpi=60, compact=False, **kw))
    full = _pixels(draw._board_png_full(board, dpi=60, compact=False, **kw))
    diff = np.abs(fast - full).max(axis=2)
    assert diff.max() <= 16 and (diff > 6).mean() < 1e-4, (diff.max(), (diff > 6).mean())


def test_the_fixed_board_is_drawn_once_per_board_and_size():
    from ttr_nb.draw import raster as canvas

    board = load_map("legendary_asia")
    board_png(board, dpi=41)
    made = [fp for k, fp in canvas._FIXED.items() if fp.board is board and k[3] == 41.0]
    assert len(made) == 1
    a = board_png(board, dpi=41, claims={board.routes[0].id: 0})
    b = board_png(board, dpi=41, claims={board.routes[1].id: 1}, highlight=[board.routes[2].id])
    again = [fp for k, fp in canvas._FIXED.items() if fp.board is board and k[3] == 41.0]
    assert again == made and a != b
    assert board_png(board, dpi=41) == board_png(board, dpi=41)        # each picture starts again


def test_svg_is_vector_and_the_same_bytes_every_time():
    """Boards, games and Scoresheets as SVG (tooling §3: fixed svg.hashsalt, no date)."""
    import ttr_nb
    from ttr_nb.agents import play_game

    game = play_game("usa", 2, 5, ("greedy",))
    for source in (load_map("usa"), game, game.score()):
        one, two = ttr_nb.show(source, format="svg").data, ttr_nb.show(source, format="svg").data
        assert one == two and one.lstrip().startswith("<svg")
        assert "dc:date" not in one and "<image" not in one                # vector, no raster inside
    svg = draw.board_svg(load_map("team_asia"), claims={1: 0}, highlight=[2])
    assert svg == draw.board_svg(load_map("team_asia"), claims={1: 0}, highlight=[2])
    with pytest.raises(ValueError, match="svg"):
        ttr_nb.show(game, format="gif")


def test_save_board_writes_svg(tmp_path):
    path = tmp_path / "usa.svg"
    save_board(load_map("usa"), path, claims={1: 0})
    assert "<svg" in path.read_text(encoding="utf-8")


def test_controls_highlight_in_the_lesson_styles():
    """The widgets paint through the same fast path with draw_board's styles (issue 14): the
    stepper frames the last claim as selected ("last claim" in the legend), the explorer
    stripes a longest trail in the player's colour and shows a gap as the dashed band, the
    route builder both; nothing glows in the old pink."""
    from ttr_nb.agents import play_game
    from ttr_nb.widgets import GameStepper, RouteBuilder, ScoringExplorer

    game = play_game("usa", 3, 14, ("greedy",))
    calls = []

    def spy(widget):  # a control paints its clickable board with the PNG canvas's keywords
        board = getattr(widget, "board_widget", None)
        target, name = (board, "show") if board is not None else (widget.canvas, "png")
        real = getattr(target, name)

        def paint(*a, **kw):
            calls.append(kw)
            return real(*a, **kw)
        setattr(target, name, paint)

    s = GameStepper(game, chart=False)
    spy(s)
    k = next(i for i, a in enumerate(game.history) if type(a).__name__ == "ClaimRoute") + 1
    s.go(k)
    route = game.history[k - 1].route
    assert list(calls[-1]["selected"]) == [route] and calls[-1]["labels"]["selected"] == "last claim"
    assert route in s.highlight["routes"]
    px = _pixels(s.board_widget.png())
    assert not (np.abs(px - np.array([255, 0, 170])).sum(axis=2) < 30).any()     # no pink glow

    ex = ScoringExplorer(game)
    spy(ex)
    ex.pick(1, "trail")          # another picture first, so the trail is painted again
    ex.pick(0, "trail")
    trail = sorted(game.score().trail(0).routes)
    assert {p: sorted(r) for p, r in calls[-1]["trails"].items()} == {0: trail} and ex.highlight["routes"] == trail
    missed = [r for r in game.score().ticket_results[0] if not r.done and r.routes]
    if missed:
        ex.pick(0, f"ticket:{missed[0].ticket.id}")
        assert sorted(calls[-1]["gap"]) == sorted(missed[0].routes)

    usa = load_map("usa")
    rb = RouteBuilder(usa, routes=["Vancouver–Seattle", "Seattle–Portland"], tickets=["Vancouver–Montréal"])
    spy(rb)
    rb.add("Portland–San Francisco")
    assert sorted(calls[-1]["trails"][0]) == sorted(rb.trail.routes) and calls[-1]["gap"]
