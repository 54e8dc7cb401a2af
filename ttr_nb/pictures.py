"""Show a board, a game or a Scoresheet as a picture in a notebook, in one call.

``ttr_nb.show(game, highlight=..., cities=...)`` draws the board with every claimed route in
its owner's colour (a Team Asia team's partners share theirs), the ``highlight`` routes glowing
and the ``cities`` ringed, and returns the picture (a notebook displays it). A Scoresheet is
drawn with each scorer's routes; a Board with none.
"""
from __future__ import annotations

from typing import Any, Iterable


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


def show(source: Any, *, highlight: Iterable[Any] = (), cities: Iterable[str] = (),
         title: str | None = None, dpi: int = 90, **kw: Any):
    """The picture of ``source`` (a Board, Game or Scoresheet), ready to display.

    Parameters
    ----------
    highlight : routes that glow: ids, or names such as ``"Denver–Omaha"``.
    cities : city names ringed.
    title : the title (default: the board's, or the game's variant).
    dpi : the resolution of the stored picture.
    Other keywords go to :func:`ttr_nb.draw.draw_board` (``figsize``, ``dim_unclaimed``, ...).

    Returns an ``IPython.display.Image``: as the last line of a cell it is shown.

    Example
    -------
    >>> import ttr_nb
    >>> usa = ttr_nb.load_map("usa")
    >>> ttr_nb.show(usa, highlight=["Denver–Omaha"], cities=["Denver"])  # doctest: +SKIP
    """
    from IPython.display import Image

    from .draw import board_png
    from .game import Game

    board, claims, names = claims_of(source)
    if title is None and isinstance(source, Game):
        title = source.variant.title
    ids = board.route_ids(highlight)
    png = board_png(board, dpi=dpi, claims=claims, player_names=names, highlight=ids,
                    highlight_cities=list(cities), title=title, **kw)
    return Image(data=png, format="png")
