"""Write notebooks/07_legendary_asia.ipynb (cells only unless --run).

    .venv/bin/python tools/make_nb_07.py             # only write the cells
    .venv/bin/python tools/make_nb_07.py --run       # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_07.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/07_legendary_asia.ipynb

Legendary Asia: mountain routes (the X spaces, their cost in trains and their points), ferries,
the setup tickets, the Asian Explorer bonus as the largest connected component, and a full
game's Scoresheet with the board drawn.

Cells have the fixed ids nb07-00, nb07-01, ... (a rebuild changes nothing in git).
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "07_legendary_asia.ipynb"


CELLS = [
    md("""
# Legendary Asia: mountains, ferries and the Asian Explorer

*Legendary Asia* (Map Collection 1, side B) is played by 2 to 5 players with 45 trains each, from
the Middle East to Japan. It keeps the base rules and changes four things:

| rule | what | ID |
| --- | --- | --- |
| tickets | setup: 1 Long Route + 3 regular tickets, keep ≥ 2 (any mix); the rest go **back into the box**; later: draw 3, keep ≥ 1 | LA-3 to LA-5 |
| mountains | a space marked **X**: for each X the claimer puts one **extra** train from their reserve out of the game (the *Mountain Crossing*), scoring **+2** for it at once; the claim needs length + X trains | LA-9 to LA-11 |
| ferries | one Locomotive per Locomotive space | LA-7, EU-2 |
| bonus | no Longest Path; **Asian Explorer +10** for the most cities in one network (ties: everyone tied) | LA-12 |

The rule IDs point into the project's rules specification.
"""),
    code("""
%matplotlib inline
import io
from collections import Counter

import matplotlib.pyplot as plt
import networkx as nx
from IPython.display import Image, display
from PIL import Image as Picture

import ttr_nb
from ttr_nb.actions import ClaimRoute
from ttr_nb.agents import GreedyAgent, agent_seed
from ttr_nb.draw import draw_board
from ttr_nb.graph import largest_network, longest_trail, networks


def show(ax):
    \"\"\"Show a figure as a compact PNG (128 colours keep the notebook light).\"\"\"
    png = io.BytesIO()
    ax.figure.savefig(png, format="png", dpi=80, bbox_inches="tight")
    plt.close(ax.figure)
    small = io.BytesIO()
    Picture.open(png).convert("RGB").quantize(colors=128).save(small, format="png", optimize=True)
    display(Image(small.getvalue()))


variant = ttr_nb.get_variant("legendary-asia")
board = variant.board
print(variant.describe())
print()
print(board.describe())
"""),
    md("""
## Mountain routes

On the board an X space is drawn with a dark hourglass. The routes that have one glow below.
"""),
    code("""
mountain_routes = [r for r in board.routes if r.mountains]
show(draw_board(board, highlight=[r.id for r in mountain_routes], highlight_color="#8e44ad",
                figsize=(13, 9), title="Legendary Asia: the mountain routes (X spaces) glow"))
print(f"{len(mountain_routes)} mountain routes, {sum(r.mountains for r in mountain_routes)} X spaces in all")
"""),
    md("""
A route of length $L$ with $X$ mountain spaces takes $L + X$ trains from the reserve ($L$ on the
board, $X$ into the Mountain Crossing) and scores the route table's value for $L$ plus $2X$:
"""),
    code("""
PER_X = variant.policies["mountain_points_per_x"]
kinds = Counter((r.length, r.mountains) for r in mountain_routes)
print(" L  X  routes  trains needed  points (route + 2X)  points per train   (no X: per train)")
for (L, X), n in sorted(kinds.items()):
    pts = board.route_points(L) + PER_X * X
    plain = board.route_points(L) / L
    print(f"{L:>2} {X:>2} {n:>6} {L + X:>13} {pts:>10} = {board.route_points(L)} + {PER_X * X}"
          f" {pts / (L + X):>15.2f} {plain:>19.2f}")
"""),
    md("""
**A trade-off to discuss in class.** Per train, a mountain route pays about as well as an
ordinary one of the same length, sometimes better (a 2-space route with 2 X: 6 points for 4
trains, against 2 points for 2 trains). But the crossing trains never join your network, and
they bring the end of the game closer (LA-11).
"""),
    code("""
fig, ax = plt.subplots(figsize=(8, 4))
lengths = range(1, 7)
for X, style in ((0, "o-"), (1, "s--"), (2, "^:")):
    ys = [(board.route_points(L) + PER_X * X) / (L + X) for L in lengths]
    ax.plot(list(lengths), ys, style, label=f"{X} X" if X else "no X (ordinary)")
on_board = sorted(kinds)
ax.scatter([L for L, X in on_board], [(board.route_points(L) + PER_X * X) / (L + X) for L, X in on_board],
           s=180, facecolors="none", edgecolors="#8e44ad", lw=2, label="on this board", zorder=5)
ax.set_xlabel("route length L (spaces)")
ax.set_ylabel("points per train taken")
ax.set_title("Points per train: ordinary routes and mountain routes (+2 per X)")
ax.legend()
fig.tight_layout()
plt.show()
"""),
    md("""
### E7, checked on real routes

The worked example E7 of the rules: a 2-space route with 2 X needs 4 trains and scores 6; a
4-space route with 1 X needs 5 and scores 9; a 3-space ferry takes 3 and scores 4: **19 points
for 12 trains**.
"""),
    code("""
def first(length, mountains=0, ferry=0):
    return next(r for r in board.routes if r.length == length and r.mountains == mountains and r.ferry_locos == ferry)


e7 = [first(2, mountains=2), first(4, mountains=1), first(3, ferry=1)]
for r in e7:
    print(f"{r.label():45} trains {r.trains}, points {board.route_points(r.length) + PER_X * r.mountains}")
print("total:", sum(r.trains for r in e7), "trains,",
      sum(board.route_points(r.length) + PER_X * r.mountains for r in e7), "points")
"""),
    md("""
## A game: three players

Three greedy robots (`ttr_nb.agents.GreedyAgent`) play a seeded game, so every run is the same.
First the **tickets**: each player gets 1 Long Route and 3 regular tickets and keeps at least 2,
any mix. What is not kept goes back into the box with the Long Routes nobody was dealt: nobody
will draw them.
"""),
    code("""
SEED = 0
game = ttr_nb.new_game("legendary-asia", ["Ana", "Bea", "Cal"], seed=SEED)
agents = [GreedyAgent(agent_seed(SEED, seat)) for seat in range(game.n)]


def play_until(game, before=None, after=None):
    \"\"\"Play robot actions until ``before(game, action)`` says stop (the action is returned, not
    played) or ``after(game, action)`` says stop (it was played).\"\"\"
    while not game.over:
        action = agents[game.current_player].choose(game)
        if before is not None and before(game, action):
            return action
        game.apply(action)
        if after is not None and after(game, action):
            return action
    return None


print("The Long Routes:", "; ".join(t.label() for t in board.tickets_in("long")))
print()
for seat in range(game.n):
    offered = game.offered_tickets(seat)
    long_one = [board.ticket(t).label() for t in offered if "long" in board.ticket(t).decks]
    event = game.apply(agents[seat].choose(game))[0]
    print(f"{game.names[seat]} is dealt the Long Route {long_one[0]} and 3 regular tickets.")
    print("   ", event.text)
print()
print(f"In the box now: {len(game.box)} tickets; the draw pile: {game.ticket_deck_size} regular tickets")
"""),
    md("""
### Ferries

A ferry needs one Locomotive per Locomotive space (the striped spaces on the board). Without it
the claim is refused, with the reason:
"""),
    code("""
ferry_claim = play_until(game, before=lambda g, a: isinstance(a, ClaimRoute) and g.board.route(a.route).ferry_locos)
ferry = board.route(ferry_claim.route)
colour = ferry_claim.color if ferry_claim.color != "locomotive" else "red"
print(game.why_not(ClaimRoute.paying(ferry.id, **{colour: ferry.length})))
print()
print(f"{game.names[game.current_player]}'s hand:", game.hand(game.current_player))
print("Every legal payment for this ferry:")
for a in game.legal_actions():
    if isinstance(a, ClaimRoute) and a.route == ferry.id:
        print("   ", a.pay_text())
for event in game.apply(ferry_claim):
    print(event.text)
"""),
    md("""
### A mountain claimed

Watch the reserve: the trains on the board, plus one train per X into the Mountain Crossing.
"""),
    code("""
mountain_claim = play_until(game, before=lambda g, a: isinstance(a, ClaimRoute) and g.board.route(a.route).mountains)
seat = game.current_player
before = game.trains[seat], game.points[seat]
for event in game.apply(mountain_claim):
    print(event.text)
print(f"{game.names[seat]}: trains {before[0]} -> {game.trains[seat]}, points {before[1]} -> {game.points[seat]}")
print("Mountain Crossing (trains out of the game), per player:", game.ext["mountains"]["crossing"])
"""),
    md("""
Then the game runs to its end (a player ends a turn with 2 trains or fewer, then everyone plays
once more; B-7). Every train is still accounted for: reserves + trains on the board + the
Mountain Crossing = 3 × 45.
"""),
    code("""
play_until(game)
for event in game.log[-4:]:
    print(event.text)
placed = sum(board.route(r).length for r in game.route_owners)
print(f"reserves {sum(game.trains)} + on the board {placed} + crossing {sum(game.ext['mountains']['crossing'])}"
      f" = {sum(game.trains) + placed + sum(game.ext['mountains']['crossing'])}")
"""),
    md("""
## The Asian Explorer: the largest connected component

Instead of a longest path, Legendary Asia rewards the player whose trains connect the **most
cities in one network**. In graph words: take the graph whose edges are the player's routes; the
score is the number of vertices of its **largest connected component**. Branches count (a star of
3 routes joins 4 cities), unlike a path.

`ttr_nb.graph.networks` lists the pieces, biggest first; `networkx` agrees:
"""),
    code("""
routes_of = {s: [rid for rid, o in game.route_owners.items() if o == s] for s in range(game.n)}
for s in range(game.n):
    pieces = networks(board, routes_of[s])
    G = nx.MultiGraph()
    for rid in routes_of[s]:
        r = board.route(rid)
        G.add_edge(r.a, r.b, key=rid)
    nx_sizes = sorted((len(c) for c in nx.connected_components(G)), reverse=True)
    assert [len(p) for p in pieces] == nx_sizes
    trail = longest_trail(board, routes_of[s])
    print(f"{game.names[s]}: pieces of {[len(p) for p in pieces]} cities; largest {len(pieces[0])} "
          f"(a longest path would be {trail.length} cars through {len(set(trail.cities))} cities)")
"""),
    code("""
sheet = game.score()
winner = sheet.awarded["asian_explorer"][0]
net = largest_network(board, routes_of[winner])
claims = game.route_owners
ax = draw_board(board, claims=claims, player_names=list(game.names), highlight=sorted(net.routes),
                highlight_cities=sorted(net.cities), figsize=(13, 9),
                title=f"Asian Explorer: {game.names[winner]}'s network joins {len(net.cities)} cities")
show(ax)
print(sheet.bonus_summary("asian_explorer"))
"""),
    md("""
## The final Scoresheet

Every point explained: each route, each Mountain Crossing train (+2), each ticket (+ when its
cities are joined, − when not, with the gap), and the Asian Explorer bonus. There is no Longest
Path in this variant.
"""),
    code("""
print(sheet)
"""),
    code("""
fig, ax = plt.subplots(figsize=(9, 3.8))
parts = [("routes", "#7fa7d9"), ("mountain crossing", "#8e44ad"), ("tickets done", "#52be80"),
         ("bonus", "#f4d03f"), ("tickets not done", "#e74c3c")]
for i, name in enumerate(sheet.names):
    lines = sheet.lines[i]
    values = {
        "routes": sheet.line_total(i, "route"),
        "mountain crossing": sheet.line_total(i, "mountain"),
        "tickets done": sum(ln.points for ln in lines if ln.kind == "ticket" and ln.points > 0),
        "bonus": sheet.line_total(i, "bonus"),
        "tickets not done": sum(ln.points for ln in lines if ln.kind == "ticket" and ln.points < 0),
    }
    right, left = 0, 0
    for part, color in parts:
        v = values[part]
        if v > 0:
            ax.barh(name, v, left=right, color=color, label=part if i == 0 else None)
            right += v
        elif v < 0:
            ax.barh(name, v, left=left, color=color, label=part if i == 0 else None)
            left += v
    ax.text(right + 2, i, f"total {sheet.totals[i]}", va="center", fontweight="bold")
handles, labels = ax.get_legend_handles_labels()
for part, color in parts:  # every part in the legend, even if player 0 had none of it
    if part not in labels:
        handles.append(plt.Rectangle((0, 0), 1, 1, color=color))
        labels.append(part)
ax.axvline(0, color="black", lw=0.8)
ax.invert_yaxis()
ax.set_xlim(min(-10, ax.get_xlim()[0]), ax.get_xlim()[1] + 25)
ax.set_xlabel("points")
ax.set_title("Where the points come from (left of 0: tickets not completed)")
ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=5, fontsize=8, frameon=False)
fig.tight_layout()
plt.show()
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="nb07")
