"""The longest continuous path: a longest *trail* in a player's network.

A trail uses each route at most once; cities may repeat (B-8.2). Its length is counted in
train cars (``route.length``; Legendary Asia mountain trains do not count). The search is
exact for any multigraph (loops, parallel tracks, several pieces) and fast enough to run
after every claim:

1. split the network into connected pieces (breadth first, each with a spanning tree),
   heaviest first; stop when no piece can beat the best trail found;
2. a piece with 0 or 2 odd-degree cities is one trail of all its routes (Euler), built
   with Hierholzer's algorithm; a piece that is a tree: its weighted diameter;
3. otherwise cut the piece at its **bridges** (the tree routes on no cycle): a trail
   crosses a bridge at most once, so beyond a bridge it only goes away. Children first,
   each bridge gets its "branch" (the bridge, then the longest trail from its far end
   that stays beyond it), and each **block** left (2-edge-connected, or a single city)
   sees its branches as values that only a trail's two ends can take. The longest trail
   whose highest block is b is then found in b alone: a city takes its two best
   branches, a cycle is gone round (one way to a city, or all the way);
4. any other block is shrunk (a city with two routes and no branch is passed through),
   and its trails are found from the routes they leave out: a trail's routes are
   connected with 0 or 2 odd cities, so the sets of routes left out are tried, fewest
   and cheapest first, pruned by their cars. A player's blocks are small; a large or
   dense block goes to **branch and bound over routes** with the **Euler bound**. The
   routes a trail leaves out make every odd city but the trail's two ends even, so they
   contain a T-join of the odd cities: the cheapest one (shortest paths, then the
   cheapest pairing, exact branch and bound over subsets) bounds the trail from above,
   and if the routes left without it are connected, one Euler trail takes them all: the
   bound is met. If they fall apart, take a piece K away from the rest: a trail either
   reaches K through one of its border routes (one branch per route, the earlier ones
   forced out), or leaves K and its border out, or stays inside K; each branch forces
   routes in or out and gets its own, tighter bound;
5. a trail found by the search (3, 4) is put in a canonical order (Fleury's rule: the
   lowest route ids first), so the result depends only on the network.

Countries (The Heart of Africa, H-8.2, H-8.5) are dead ends: each route into a country
ends at its own terminal, so no trail passes through a country and two routes into the
same country are not joined. ``Trail.cities`` shows the country's name.

:func:`longest_trail_length` gives the length alone (no walk is built: a score by the
numbers), and :func:`trail_length_and_pieces` also the connected pieces of step 1, which
ticket completion reuses.

Example
-------
>>> import ttr_nb
>>> board = ttr_nb.load_map("usa")
>>> pairs = [("Vancouver", "Seattle"), ("Seattle", "Portland"), ("Portland", "Salt Lake City"),
...          ("Salt Lake City", "Helena"), ("Helena", "Seattle")]
>>> trail = longest_trail(board, [board.routes_between(a, b)[0].id for a, b in pairs])
>>> trail.length, trail.cities.count("Seattle")
(17, 2)
"""
from __future__ import annotations

from .board_graph import BoardGraph, board_graph
from .longest import longest_trail, longest_trail_length, trail_length_and_pieces
from .longest import _euler, _make_trail  # noqa: F401 (ttr_nb.analysis draws trails with them)
from .result import EMPTY_TRAIL, Trail

Trail.__module__ = __name__  # (documented and shown as ttr_nb.trail.Trail, where users find it)

__all__ = ["Trail", "longest_trail"]
