"""Write notebooks/03_graph_theory_on_the_board.ipynb (cells only unless --run).

    .venv/bin/python tools/make_nb_03.py             # only write the cells
    .venv/bin/python tools/make_nb_03.py --run       # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_03.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/03_graph_theory_on_the_board.ipynb

Graph theory on the real boards: the board as a multigraph, degrees and Euler, trails versus
paths (anchors §8: 31 against 23), bridges and planarity, tickets as connectivity and Steiner
trees, and the longest trail of a whole board with its proof.

Cells have the fixed ids nb03-00, nb03-01, ... (a rebuild changes nothing in git).
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "03_graph_theory_on_the_board.ipynb"


CELLS = [
    md("""
# Graph theory on the board

A *Ticket to Ride* board is a graph: the cities are **vertices** and the routes are **edges**.
Because a double route is two parallel tracks between the same cities, it is a **multigraph**.
This notebook uses the real boards to meet some classic graph theory:

1. the board as a multigraph, degrees and the handshake lemma;
2. Euler's odd-vertex theorem, and why the longest continuous path is a **trail**, not a path;
3. bridges, articulation points and planarity;
4. tickets as connectivity, the cheapest cost of a ticket, and Steiner trees;
5. the longest trail of a whole board: a famous hard problem, solved here *with a proof*.

Every function used here is in `ttr_nb.graph`.
"""),
    code("""
%matplotlib inline
import io

import matplotlib.pyplot as plt
from IPython.display import Image, display
from PIL import Image as Picture

import ttr_nb
from ttr_nb.draw import draw_board
from ttr_nb.graph import (articulation_points, bridges, cheapest_cost, connect, degrees,
                          is_planar, longest_simple_path, longest_trail, odd_degree_cities,
                          steiner_tree, ticket_outliers, ticket_steiner, whole_board_trail)

usa = ttr_nb.load_map("usa")


def track(board, a, b):
    \"\"\"The id of the route a–b (the first track of a double).\"\"\"
    return board.routes_between(a, b)[0].id


def show(board, owned=(), highlight=(), cities=(), title=None):
    \"\"\"Draw the board with ``owned`` routes in player 1's colour and ``highlight`` glowing.\"\"\"
    ax = draw_board(board, claims={rid: 0 for rid in owned}, highlight=highlight,
                    highlight_cities=cities, title=title, legend=False)
    png = io.BytesIO()
    ax.figure.savefig(png, format="png", dpi=70, bbox_inches="tight")
    plt.close(ax.figure)
    small = io.BytesIO()  # a 128-colour PNG keeps the notebook light
    Picture.open(png).convert("RGB").quantize(colors=128).save(small, format="png", optimize=True)
    display(Image(small.getvalue()))
"""),
    md("""
## 1. The board as a multigraph

`board.to_networkx()` gives a networkx `MultiGraph`: one node per city, one edge per track,
keyed by the route id, with the route's length, colour and so on as attributes.
"""),
    code("""
G = usa.to_networkx()
print(G.number_of_nodes(), "cities,", G.number_of_edges(), "tracks")
pairs = {frozenset((u, v)) for u, v in G.edges()}
print(len(pairs), "city pairs, so", G.number_of_edges() - len(pairs), "of the tracks are second tracks of a double")
print("Denver–Omaha:", G["Denver"]["Omaha"])
"""),
    md("""
### Degrees and the handshake lemma

The **degree** of a city is the number of tracks that end there. Every track has two ends, so
the degrees add up to twice the number of tracks — and therefore the number of cities with an
*odd* degree is always even (the handshake lemma).
"""),
    code("""
deg = degrees(usa)
busiest = sorted(deg.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
print("busiest cities:", ", ".join(f"{c} {d}" for c, d in busiest))
print("sum of degrees:", sum(deg.values()), "= 2 ×", len(usa.routes), "tracks")
odd = odd_degree_cities(usa)
print(len(odd), "cities of odd degree:", ", ".join(odd))
"""),
    md("""
### Euler's odd-vertex theorem

Euler (1736, the bridges of Königsberg) proved: a connected network can be travelled in **one
trail using every route exactly once** if and only if it has **0 or 2** cities of odd degree
(with 2, the trail starts at one and ends at the other).

Example E4 of the rules: Vancouver–Seattle–Portland–Salt Lake City–Helena–Seattle. Only
Vancouver and Seattle have odd degree, so one trail uses all 17 cars — passing Seattle twice,
which the rules allow (B-8.2).
"""),
    code("""
e4 = [track(usa, *p) for p in [("Vancouver", "Seattle"), ("Seattle", "Portland"),
                               ("Portland", "Salt Lake City"), ("Salt Lake City", "Helena"),
                               ("Helena", "Seattle")]]
print("odd cities:", odd_degree_cities(usa, e4))
print(longest_trail(usa, e4).describe())
"""),
    md("""
## 2. The longest continuous path is a trail, not a path

In graph theory a **path** never visits a vertex twice; a **trail** never uses an edge twice
but may revisit vertices. The Longest Path bonus counts a **trail** (each route once, cities may
repeat), measured in train cars.

Programs that mark *cities* as visited compute the longest simple path, and get it wrong. Here
is a 45-car network where the difference is 8 cars (anchors §8): the trail goes round the
Denver–Helena–Salt Lake City triangle and passes Denver twice.
"""),
    code("""
owned = [track(usa, *p) for p in [
    ("Pittsburgh", "Saint Louis"), ("Saint Louis", "Kansas City"), ("Kansas City", "Denver"),
    ("Denver", "Helena"), ("Helena", "Salt Lake City"), ("Salt Lake City", "Denver"),
    ("Denver", "Phoenix"), ("Phoenix", "Los Angeles"), ("Los Angeles", "Las Vegas"),
    ("Duluth", "Helena"), ("Salt Lake City", "San Francisco"), ("Nashville", "Saint Louis"),
    ("Kansas City", "Omaha")]]
print(sum(usa.route(r).length for r in owned), "cars in", len(owned), "routes")
trail = longest_trail(usa, owned)
path = longest_simple_path(usa, owned)
print("trail:", trail.describe())
print("path: ", path.describe())
"""),
    code("""
show(usa, owned, highlight=trail.routes, title="The longest trail: 31 cars (Denver twice)")
"""),
    code("""
show(usa, owned, highlight=path.routes, title="The longest simple path: only 23 cars")
"""),
    md("""
**How `longest_trail` finds the answer exactly, and fast.** Finding a longest trail is
NP-hard in general, but a player owns at most about 22 routes, so an exact search is cheap if
it is organised well:

* split the network into connected pieces; a piece with 0 or 2 odd cities is one trail of all
  its routes (Euler) — no search at all;
* a longest trail uses every route at both of its ends (otherwise it could be extended), so it
  starts and ends at odd-degree cities: the search starts only there;
* a city of degree 2 is passed straight through, and at most the two longest dead-end spurs at
  a city can be used (a trail has two ends): the network shrinks before the search;
* a bound from Euler's theorem: the routes a trail leaves out must make all odd cities but two
  even, so they cost at least the cheapest such set (a *T-join*); the search stops as soon as
  it meets the bound.
"""),
    md("""
## 3. Bridges, articulation points, planarity

A **bridge** is a route on no cycle: lose it and the network falls apart. An **articulation
point** is a city whose loss splits the network. A graph is **planar** if it can be drawn with no
two edges crossing — every printed board is, since routes never cross.

On the Heart of Africa, a country (Nigeria, Tchad, Sudan) is a dead end: a path may end there
but never pass through it (rule H-8.2). `ttr_nb` gives every route into a country its own
end point, so each of those routes is a bridge.
"""),
    code("""
for name in ("usa", "legendary_asia", "heart_of_africa", "team_asia"):
    board = ttr_nb.load_map(name)
    print(f"{name:16} planar={is_planar(board)}  bridges={len(bridges(board)):2}  "
          f"articulation points={articulation_points(board)}")
"""),
    code("""
africa = ttr_nb.load_map("heart_of_africa")
ngaoundere_tchad = track(africa, "Ngaoundéré", "Tchad")
bangui_tchad = track(africa, "Bangui", "Tchad")
c = connect(africa, [ngaoundere_tchad, bangui_tchad], "Ngaoundéré", "Bangui")
print(c.describe())
print("a Tchad ticket is still done:", connect(africa, [bangui_tchad], "Tchad", "Bangui").connected)
"""),
    md("""
A player's own network has many bridges: every spur is one. Removing a bridge from a network
splits it; here are the bridges of the 45-car network above.
"""),
    code("""
print([usa.route(r).label() for r in bridges(usa, owned)])
print("articulation points:", articulation_points(usa, owned))
"""),
    md("""
## 4. Tickets as connectivity

A ticket is complete when its two cities are in the same **connected component** of the
player's network. `connect` returns the path that completes it (the one with the fewest cars),
or, when it fails, the cities each end reaches — the gap to close.
"""),
    code("""
done = connect(usa, owned, "Duluth", "Los Angeles")
print(done.describe())
failed = connect(usa, owned, "Duluth", "Houston")
print(failed.describe())
"""),
    code("""
show(usa, owned, highlight=done.routes, cities=("Duluth", "Los Angeles"),
     title="Duluth–Los Angeles: the path that completes it")
"""),
    md("""
### What a ticket costs

`cheapest_cost` is a shortest-path computation (Dijkstra) where a route costs its trains
(on Legendary Asia, mountain X spaces cost an extra train each). On the USA board a ticket is
almost always worth exactly the fewest trains that complete it; the exceptions pay a small
bonus.
"""),
    code("""
print("Los Angeles–New York costs", cheapest_cost(usa, "Los Angeles", "New York")[0], "trains")
for value in ticket_outliers(usa, "original"):
    print(value.describe())
"""),
    md("""
### Steiner trees: the cheapest network for several tickets

Joining *two* cities cheaply is a shortest path. Joining *several* cities cheaply is the
**Steiner tree** problem, which is NP-hard; `steiner_tree` solves it exactly for up to 7 cities
with the Dreyfus–Wagner dynamic programme, and otherwise uses networkx's 2-approximation.
`ticket_steiner` finds the cheapest routes completing a hand of tickets (a Steiner *forest*:
tickets far apart are better served by separate trees).
"""),
    code("""
hand = [usa.ticket(i) for i in ("O20", "O24", "O29", "O30")]
for t in hand:
    print(f"{t.label():32} alone: {cheapest_cost(usa, t.a, t.b)[0]:2} trains")
forest = ticket_steiner(usa, hand)
print("separately:", sum(cheapest_cost(usa, t.a, t.b)[0] for t in hand), "trains")
print("together:  ", forest.trains, "trains, in", len(forest.trees), "trees:", forest.groups)
cities = sorted({c for t in hand for c in (t.a, t.b)})
exact = steiner_tree(usa, cities)
approx = steiner_tree(usa, cities, exact=False)
print(f"one tree over their {len(cities)} cities: exact {exact.trains}, approximation {approx.trains}")
"""),
    code("""
show(usa, forest.routes, highlight=forest.routes, cities=cities,
     title=f"The cheapest routes for four tickets: {forest.trains} trains in two trees")
"""),
    md("""
## 5. The longest trail of a whole board

If one player owned *every* route, how long would their longest trail be? A computer search
that tries every trail never finishes: the number of trails grows exponentially with the
number of routes. Count the trails of the first routes of the board:
"""),
    code("""
def count_trails(board, route_ids, limit=400_000):
    \"\"\"How many trails a plain search visits (stopping at ``limit``).\"\"\"
    inc = {}
    for rid in route_ids:
        r = board.route(rid)
        inc.setdefault(r.a, []).append((rid, r.b))
        inc.setdefault(r.b, []).append((rid, r.a))
    count = 0

    def walk(city, used):
        nonlocal count
        count += 1
        if count >= limit:
            return
        for rid, far in inc[city]:
            if rid not in used and count < limit:
                used.add(rid)
                walk(far, used)
                used.discard(rid)

    for city in inc:
        walk(city, set())
    return count


east = sorted(usa.routes, key=lambda r: -min(usa.cities[c].x for c in r.cities))
for n in (10, 15, 20, 25, 30, 35):
    ids = [r.id for r in east[:n]]
    k = count_trails(usa, ids)
    print(f"{n:3} routes:", f"more than {400_000:,}" if k >= 400_000 else f"{k:,}", "trails")
"""),
    md("""
Finding a longest trail is **NP-hard**: a grid graph of maximum degree 3 has a Hamiltonian
cycle exactly when it has a long enough trail (Bertossi 1981), so a fast exact method for every
graph would solve an NP-complete problem. For the whole board we need a **proof**, not a search:

* **Upper bound (Euler).** A trail's routes have at most 2 cities of odd degree. So the routes
  it leaves out must make every other odd city even: they contain a *T-join* of the odd cities.
  The cheapest T-join is computed exactly (shortest paths between odd cities and a minimum-weight
  pairing that leaves two of them free, networkx's blossom algorithm). No trail is longer than
  all the cars minus that.
* **A trail that meets it.** Remove the cheapest T-join. If what is left is still connected, it
  has 0 or 2 odd cities, so Euler gives one trail through all of it: its length *is* the bound,
  so it is the longest trail. Proven.
"""),
    code("""
for one in (False, True):
    w = whole_board_trail(usa, one_track_per_pair=one)
    print(w.describe())
    print("  left out:", ", ".join(usa.route(r).label() for r in w.left_out))
"""),
    code("""
w = whole_board_trail(usa)
show(usa, w.trail.routes, highlight=w.left_out,
     title=f"Every track: a {w.trail.length}-car trail (glowing: the {len(w.left_out)} routes left out)")
"""),
    md("""
The trail uses 89 of the 100 tracks (285 of 309 cars) and passes several cities more than once:
"""),
    code("""
from collections import Counter

visits = Counter(w.trail.cities)
print("starts at", w.trail.cities[0], "and ends at", w.trail.cities[-1])
print("cities passed 3 times or more:", sorted(c for c, k in visits.items() if k >= 3))
"""),
    md("""
The same method proves the answer on every board (with one track per city pair as well):
"""),
    code("""
for name in ("legendary_asia", "heart_of_africa", "team_asia"):
    board = ttr_nb.load_map(name)
    for one in (False, True):
        w = whole_board_trail(board, one_track_per_pair=one)
        kind = "one track per pair" if one else "every track"
        print(f"{name:16} {kind:18} {w.trail.length:3} of {w.total} cars, bound {w.upper_bound}, "
              f"{'proven' if w.proven else 'gap ' + str(w.gap)}")
"""),
    md("""
## Try it yourself

* Build your own network with `board.find_route(a, b)` and compare `longest_trail` with
  `longest_simple_path`. Can you find a network where they differ by more than 8 cars?
* Which single route, added to the 45-car network above, makes the longest trail grow the most?
* Pick five tickets from `usa.tickets_in("1910")` and compare `ticket_steiner` with the sum of
  their `cheapest_cost`.
* Why can a Heart of Africa country never be an articulation point in `ttr_nb`'s model?
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="nb03")
