"""Show a board, a game or a Scoresheet as a picture in a notebook, in one call.

``ttr_nb.show(game, highlight=..., gap=..., trails=..., selected=..., closed=..., cities=...)``
draws the board with every claimed route covered by its owner's cars (colour and mark; a
Team Asia team's partners share a colour and differ by mark), the highlights each in their
own style and the ``cities`` ringed, and returns the picture (a notebook displays it). A
Scoresheet is drawn with each scorer's routes; a Board with none.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

LABEL_PX = 12.0
"""City names in a picture from :func:`show` are this many pixels high (font size in points
× dpi / 72), readable when a class sees it on a projector."""


def claims_of(source: Any) -> tuple[Any, dict[int, int], list[str] | None]:
    """``(board, claims, names)`` for :func:`ttr_nb.draw.draw_board` from a Board, a Game or a
    Scoresheet: route id -> scorer index, and the scorers' names."""
    from .board import Board
    from .game import Game
    from .scoring import Scoresheet

    if isinstance(source, Board):
        return source, {}, None
    if isinstance(source, Game):
        groups = source.scorer_groups()
        colour_of = {seat: i for i, (_name, seats) in enumerate(groups) for seat in seats}
        claims = {rid: colour_of.get(s, s) for rid, s in source.route_owners.items()}
        return source.board, claims, [name for name, _ in groups]
    if isinstance(source, Scoresheet):
        claims = {c.route: i for i, s in enumerate(source.scorers) for c in s.claims}
        return source.board, claims, list(source.names)
    raise TypeError(f"show() draws a Board, a Game or a Scoresheet, not {type(source).__name__}")


def draw_args(source: Any) -> dict[str, Any]:
    """Keywords for :func:`ttr_nb.draw.draw_board` from a Board, Game or Scoresheet: ``board``,
    ``claims`` (route id -> player), ``player_colors``, ``player_names`` and ``marks``.

    A game is drawn seat by seat: each seat's cars carry its player's initial, and in a team
    game (Team Asia) partners share their team's colour, so the team reads by colour and the
    player by mark. A Scoresheet is drawn scorer by scorer.
    """
    from .draw import PLAYER_COLORS, _default_marks
    from .game import Game

    board, claims, names = claims_of(source)
    if not isinstance(source, Game):
        return dict(board=board, claims=claims, player_names=names)
    groups = source.scorer_groups()
    team = {seat: i for i, (_name, seats) in enumerate(groups) for seat in seats}
    teams = any(len(seats) > 1 for _name, seats in groups)
    seats = list(range(source.n))
    colors = [PLAYER_COLORS[team.get(s, s) % len(PLAYER_COLORS)] for s in seats]
    names = [f"{source.names[s]} (team {team[s] + 1})" if teams else source.names[s] for s in seats]
    return dict(board=board, claims={int(r): int(s) for r, s in source.route_owners.items()},
                player_colors=colors, player_names=names,
                marks=_default_marks(list(source.names), source.n))


def show(source: Any, *, highlight: Iterable[Any] = (), cities: Iterable[str] = (),
         gap: Iterable[Any] = (), trails: Mapping[Any, Iterable[Any]] | None = None,
         selected: Iterable[Any] = (), closed: Iterable[Any] = (),
         title: str | None = None, dpi: int | None = None, format: str = "png", **kw: Any):
    """The picture of ``source`` (a Board, Game or Scoresheet), ready to display.

    Parameters
    ----------
    highlight : a path (routes that complete a ticket): ids, or names such as ``"Denver–Omaha"``.
    gap : routes a failed ticket still needs (a dashed band).
    trails : player -> routes of their longest trail; the player is a seat number (a game), a
        scorer number (a Scoresheet) or a name shown in the legend.
    selected : routes framed as selected; closed : tracks cross-hatched as closed.
    cities : city names ringed.
    title : the title (default: the board's, or the game's variant).
    dpi : the resolution of the stored picture (default: the one at which city names are
        :data:`LABEL_PX` pixels high, about 1230 pixels wide for the USA board).
    format : ``"png"`` (default) or ``"svg"``: a vector picture, crisp at any size (on a
        projector, in print); the same position gives the same bytes.
    Other keywords go to :func:`ttr_nb.draw.draw_board` (``figsize``, ``dim_unclaimed``, ...).

    Returns an ``IPython.display.Image`` (``format="svg"``: an ``IPython.display.SVG``): as the
    last line of a cell it is shown.

    Example
    -------
    >>> import ttr_nb
    >>> usa = ttr_nb.load_map("usa")
    >>> ttr_nb.show(usa, highlight=["Denver–Omaha"], cities=["Denver"])  # doctest: +SKIP
    """
    from IPython.display import SVG, Image

    from .draw import board_png, board_svg, label_dpi
    from .game import Game

    args = draw_args(source)
    board = args.pop("board")
    if title is None and isinstance(source, Game):
        title = source.variant.title
    names = list(args.get("player_names") or ())
    args.update(kw)
    if trails:
        args["trails"] = {_player_index(p, names): board.route_ids(ids) for p, ids in trails.items()}
    marks = dict(highlight=board.route_ids(highlight), gap=board.route_ids(gap),
                 selected=board.route_ids(selected), closed=board.route_ids(closed),
                 highlight_cities=list(cities), title=title, **args)
    if format == "svg":
        return SVG(data=board_svg(board, **marks))
    if format != "png":
        raise ValueError(f"format is 'png' or 'svg', not {format!r}")
    if dpi is None:
        dpi = label_dpi(board, LABEL_PX, kw.get("figsize"))
    return Image(data=board_png(board, dpi=dpi, **marks), format="png")


def _player_index(p: Any, names: list[str]) -> Any:
    """A player given by number or by name (as in the legend, or the name before " (team")."""
    if isinstance(p, str):
        for i, n in enumerate(names):
            if p == n or n.startswith(p + " ("):
                return i
        raise ValueError(f"no player called {p!r} (the players: {', '.join(names) or 'none'})")
    return p
