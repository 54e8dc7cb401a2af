"""Write and run notebooks/00_start_here.ipynb, or draw the README's board pictures.

    .venv/bin/python tools/make_nb_00.py             # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_00.py --no-run    # only write the cells
    .venv/bin/python tools/make_nb_00.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/python tools/make_nb_00.py --docs      # docs/usa.png and docs/boards.png for the README
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/00_start_here.ipynb

Each section loads what it needs, so sections can be moved or new cells put in front of
them (a first cell must still start with ``%matplotlib inline``).

Cell ids are fixed and running drops the execution timestamps, so rebuilding changes nothing
in git unless a cell or an output changed (nbconvert adds timestamps to the cell metadata).
"""
from __future__ import annotations

from nbbuild import NOTEBOOKS, ROOT, code, main, md

OUT = NOTEBOOKS / "00_start_here.ipynb"


CELLS = [
    md("""
# Start here: Ticket to Ride in Jupyter

**ttr_nb** puts the board game *Ticket to Ride* into Jupyter notebooks for a class:

* the **boards as data**: cities, routes and Destination Tickets of four maps, loaded with one call;
* the **board as a graph** (with [networkx](https://networkx.org)): shortest paths, degrees, trails;
* a **rules engine** that plays a game one step at a time, with every score explained;
* **pictures and controls**: the board drawn with matplotlib, widgets to step through a game.

This first notebook shows the four boards and gives a first taste of the board as a graph.
Run the cells from top to bottom (*Run → Run All Cells*); every section can also be run on its own
after the first code cell.

*Ticket to Ride is a trademark of Days of Wonder. ttr_nb is fan-made teaching material, not
affiliated with or endorsed by the publisher.*
"""),
    code("""
%matplotlib inline
import matplotlib.pyplot as plt
import networkx as nx

import ttr_nb
from ttr_nb.draw import draw_board
"""),
    md("""
## 0. A whole game, to step through

Here is a complete seeded game of the base game (USA) between three computer players. Press
**▶** to play it one step at a time, **◀** to go back, drag the **step** slider to jump anywhere,
or press **play**. The **eyes** menu shows the game as the teacher sees it (every hand) or as one
player sees it (only their own cards and tickets). `04_controls_tour` explains every control.
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
from ttr_nb.agents import play_game
from ttr_nb.widgets import GameStepper

game = play_game("usa", ["Ana", "Bea", "Cal"], seed=7, agents=["greedy", "greedy", "greedy"])
stepper = GameStepper(game, step=0)
stepper
"""),
    code("""
stepper.forward.click()
stepper.forward.click()
print(stepper.counter.value)
print(f"the game has {len(game.history)} steps; final totals:", dict(zip(game.score().names, game.score().totals)))
"""),
    md("""
## 1. The four boards

| name | board | layout |
| --- | --- | --- |
| `usa` | Ticket to Ride (USA), with the tickets of USA 1910 | **official**: the published board's facts |
| `legendary_asia` | Map Collection 1: Legendary Asia | **official**: the published board's facts |
| `heart_of_africa` | Map Collection 3: The Heart of Africa | **authored for ttr_nb** from real geography |
| `team_asia` | Map Collection 1: Team Asia | **authored for ttr_nb** from real geography |

The official layouts of The Heart of Africa and Team Asia are not public, so these two boards were
**authored for this project**: they follow every rule and fact known about the real boards (the
countries on the north edge of Africa, Madagascar reached by ferry, tunnels in Asia, ...), but their
cities, routes and tickets are our own. Every board says where it comes from:
"""),
    code("""
for name in ["usa", "legendary_asia", "heart_of_africa", "team_asia"]:
    board = ttr_nb.load_map(name)
    kind = "official" if board.official else "authored for ttr_nb"
    print(f"{name:16} {kind:20} {board.name}")
"""),
    md("""
`ttr_nb.load_map(name)` returns a `Board`. A board shows itself as a picture: each route is a row
of car spaces in its colour (gray routes can be paid with any one colour), and double routes lie
side by side. `board.describe()` prints its statistics.

### The USA

The original board, with the ticket decks of *USA 1910*: the 30 original tickets, the 35 new ones,
the 1910 reprint of the originals (4 with new values, plus 4 *Mystery Train* tickets), and the decks
of the *Mega Game* and *Big Cities* ways to play.
"""),
    code("""
usa = ttr_nb.load_map("usa")
print(usa.describe())
usa
"""),
    md("""
### Legendary Asia

Official board. **X spaces** are mountains: each X costs one extra train from your reserve. Striped
spaces belong to **ferries**: they must be paid with Locomotives (the multicolour cards).
"""),
    code("""
legendary_asia = ttr_nb.load_map("legendary_asia")
print(legendary_asia.describe())
legendary_asia
"""),
    md("""
### The Heart of Africa (authored layout)

Authored for ttr_nb. **Nigeria, Tchad and Sudan** (the pale ovals) are *countries*: tickets go to
them, but no path may pass through a country. Every route colour belongs to a **terrain**
(desert for yellow, orange and red; jungle for pink, blue and green; mountain for white, black and
gray), which matters for the Terrain cards of this map.
"""),
    code("""
heart_of_africa = ttr_nb.load_map("heart_of_africa")
print(heart_of_africa.describe())
print("countries:", ", ".join(sorted(heart_of_africa.countries)))
heart_of_africa
"""),
    md("""
### Team Asia (authored layout)

Authored for ttr_nb, for 4 or 6 players in teams of two. **Tunnels** have a dashed outline; the
number in the dark disc is how many cards are turned over when a team claims it (4 to 6).
"""),
    code("""
team_asia = ttr_nb.load_map("team_asia")
print(team_asia.describe())
team_asia
"""),
    md("""
## 2. The board is a graph

Cities are the **nodes** of a graph and routes are its **edges**. `board.to_networkx()` gives a
networkx `MultiGraph`: a *multi*graph, because a double route is two edges between the same two
cities. Each edge carries the route's data (`length`, `color`, ...) and is keyed by the route's id.
"""),
    code("""
usa = ttr_nb.load_map("usa")
g = usa.to_networkx()
print(g)
print(g.edges["Denver", "Omaha", usa.find_route("Denver", "Omaha").id])
"""),
    md("""
### Degrees: the busiest cities

The **degree** of a city is the number of tracks that meet there (a double route counts twice).
Counting **neighbours** instead (the cities one route away) treats a double route once.
"""),
    code("""
by_tracks = sorted(g.degree, key=lambda item: (-item[1], item[0]))
print("most tracks:", by_tracks[:5])

simple = nx.Graph(g)          # one edge per pair of neighbouring cities
by_neighbours = sorted(simple.degree, key=lambda item: (-item[1], item[0]))
print("most neighbours:", by_neighbours[:5])

most = by_tracks[0][1]
busiest = [city for city, d in by_tracks if d == most]
print(f"Busiest ({most} tracks each):", ", ".join(busiest))
for city in busiest:
    print(f"  {city}: {simple.degree[city]} neighbours:", ", ".join(sorted(simple[city])))
"""),
    code("""
from collections import Counter

histogram = Counter(d for _, d in simple.degree)
for degree in sorted(histogram):
    print(f"{histogram[degree]:2} cities have {degree} neighbours")
"""),
    md("""
### The cheapest way from Los Angeles to New York

A Destination Ticket asks you to join two cities. The **cheapest** way, in train cars, is a
shortest path where each route weighs its `length`.
"""),
    code("""
path = nx.shortest_path(g, "Los Angeles", "New York", weight="length")
cars = nx.shortest_path_length(g, "Los Angeles", "New York", weight="length")
print(" → ".join(path))
print("train cars:", cars)
print("cheapest paths of that length:",
      len(list(nx.all_shortest_paths(g, "Los Angeles", "New York", weight="length"))))
"""),
    md("""
Which routes is that? Between two neighbouring cities we take the shortest track (both tracks of a
double have the same length). The route points come from the scoring table: 1, 2, 4, 7, 10, 15 points
for routes of 1 to 6 cars.
"""),
    code("""
routes = [min(usa.routes_between(a, b), key=lambda r: (r.length, r.id)) for a, b in zip(path, path[1:])]
for r in routes:
    print(f"{r.label():38} {usa.route_points(r.length):2} points")
print("route points in all:", sum(usa.route_points(r.length) for r in routes))
for t in usa.tickets:
    if {t.a, t.b} == {"Los Angeles", "New York"}:
        print(f"ticket {t.id} ({', '.join(sorted(t.decks))}): {t.label()}")
"""),
    md("""
The original ticket is worth 21 points, one more than the 20 cars of the cheapest path; the USA 1910
reprint changed its value to 20. Here is the path on the board (the glow), with its two end cities
ringed:
"""),
    code("""
ax = draw_board(usa, highlight=[r.id for r in routes], highlight_cities=["Los Angeles", "New York"],
                title=f"Cheapest path Los Angeles – New York: {cars} train cars", figsize=(9.5, 6.6))
plt.show()
"""),
    md("""
### Mountains cost trains: Astrakhan to Karachi on Legendary Asia

On Legendary Asia each X space costs one more train. Weigh each edge by `length + mountains`, and the
cheapest path changes:
"""),
    code("""
asia = ttr_nb.load_map("legendary_asia")
h = asia.to_networkx()

def trains(a, b, tracks):
    \"\"\"Fewest trains for a step a–b: the cheapest of its parallel tracks.\"\"\"
    return min(t["length"] + t["mountains"] for t in tracks.values())

by_length = nx.shortest_path(h, "Astrakhan", "Karachi", weight="length")
by_trains = nx.shortest_path(h, "Astrakhan", "Karachi", weight=trains)
print("fewest cars:  ", " → ".join(by_length), nx.shortest_path_length(h, "Astrakhan", "Karachi", weight="length"))
print("fewest trains:", " → ".join(by_trains), nx.shortest_path_length(h, "Astrakhan", "Karachi", weight=trains))
print("the ticket:   ", [t.label() for t in asia.tickets if {t.a, t.b} == {"Astrakhan", "Karachi"}])
"""),
    code("""
steps = [min(asia.routes_between(a, b), key=lambda r: (r.trains, r.id)) for a, b in zip(by_trains, by_trains[1:])]
ax = draw_board(asia, highlight=[r.id for r in steps], highlight_cities=["Astrakhan", "Karachi"],
                title=f"Astrakhan – Karachi in the fewest trains ({sum(r.trains for r in steps)})",
                figsize=(9.5, 7))
plt.show()
"""),
    md("""
## Where next

* The other notebooks in this folder teach the rules, the scoring and the graph ideas behind them.
* `ttr-nb check-map FILE.json` checks a map file of your own and prints its statistics.
* `help(ttr_nb.draw.draw_board)` lists the drawing options: claimed routes by player, highlights,
  faded unclaimed routes.
"""),
]


def docs_pictures() -> None:
    """docs/usa.png (the README's picture) and docs/boards.png (all four boards)."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from PIL import Image

    import ttr_nb
    from ttr_nb.draw import save_board, draw_board

    docs = ROOT / "docs"
    docs.mkdir(exist_ok=True)
    save_board(ttr_nb.load_map("usa"), docs / "usa.png", dpi=90)
    fig, axes = plt.subplots(2, 2, figsize=(16, 13.5), gridspec_kw={"height_ratios": [1, 1.25]})
    for ax, name in zip(axes.flat, ("usa", "legendary_asia", "team_asia", "heart_of_africa")):
        draw_board(ttr_nb.load_map(name), ax=ax)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=0.97, wspace=0.03, hspace=0.06)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, facecolor="white")
    plt.close(fig)
    img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB").quantize(256, dither=Image.Dither.NONE)
    img.save(docs / "boards.png", optimize=True)
    print("wrote docs/usa.png and docs/boards.png")


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="start", kernel="Python 3 (ipykernel)", runs=True,
         extra={"--docs": ("write docs/usa.png and docs/boards.png for the README",
                           docs_pictures)})
