"""Show a board, a game or a Scoresheet as a picture in a notebook, in one call.

``ttr_nb.show(game, highlight=..., gap=..., trails=..., selected=..., closed=..., cities=...)``
draws the board with every claimed route covered by its owner's cars (colour and mark; a
Team Asia team's partners share a colour and differ by mark), the highlights each in their
own style and the ``cities`` ringed, and returns the picture (a notebook displays it). A
Scoresheet is drawn with each scorer's routes; a Board with none.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .game import Game
    from .scoring import Scoresheet

LABEL_PX = 12.0
"""City names in a picture from :func:`show` are this many pixels high (font size in points
× dpi / 72), readable when a class sees it on a projector."""


def seat_style(game: Game, colors: Sequence[str] | None = None
               ) -> tuple[list[str], list[str], tuple[str, ...]]:
    """How a game is drawn seat by seat: each seat's colour, legend name and mark.

    Each seat's cars carry its player's initial; in a team game (Team Asia) partners share
    their team's colour (from ``colors``, default :data:`ttr_nb.draw.PLAYER_COLORS`) and their
    legend names say the team ("Ana (Ana & Bea)"), so the team reads by colour and the player
    by mark.
    """
    from .draw import PLAYER_COLORS, default_marks

    colors = list(colors or PLAYER_COLORS)
    groups = game.scorer_groups()
    team = {seat: i for i, (_name, seats) in enumerate(groups) for seat in seats}
    teams = any(len(seats) > 1 for _name, seats in groups)
    seats = range(game.n)
    names = [f"{game.names[s]} ({groups[team[s]][0]})" if teams else game.names[s] for s in seats]
    return ([colors[team.get(s, s) % len(colors)] for s in seats], names,
            default_marks(list(game.names), game.n))


def _is_game(source: Any) -> bool:
    """A game (told by what it has: the pictures do not import the engine)."""
    return hasattr(source, "route_owners") and hasattr(source, "scorer_groups") and hasattr(source, "variant")


def _is_scoresheet(source: Any) -> bool:
    """A Scoresheet (its scorers with their claims, the names, the board)."""
    return hasattr(source, "scorers") and hasattr(source, "names") and hasattr(source, "board")


def draw_args(source: Board | Game | Scoresheet) -> dict[str, Any]:
    """Keywords for :func:`ttr_nb.draw.draw_board` from a Board, Game or Scoresheet: ``board``,
    ``claims`` (route id -> player) and ``player_names``; for a game also ``player_colors``
    and ``marks``. A game is drawn seat by seat (:func:`seat_style`), a Scoresheet scorer by
    scorer."""
    from .board import Board

    if isinstance(source, Board):
        return dict(board=source, claims={}, player_names=None)
    if _is_game(source):
        colors, names, marks = seat_style(source)
        return dict(board=source.board, claims={int(r): int(s) for r, s in source.route_owners.items()},
                    player_colors=colors, player_names=names, marks=marks)
    if _is_scoresheet(source):
        claims = {c.route: i for i, s in enumerate(source.scorers) for c in s.claims}
        return dict(board=source.board, claims=claims, player_names=list(source.names))
    raise TypeError(f"show() draws a Board, a Game or a Scoresheet, not {type(source).__name__}")


def show(source: Board | Game | Scoresheet, *, highlight: Iterable[Any] = (), cities: Iterable[str] = (),
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

    args = draw_args(source)
    board = args.pop("board")
    if title is None and _is_game(source):
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
