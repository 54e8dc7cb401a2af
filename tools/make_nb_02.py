"""Write notebooks/02_scoring_walkthrough.ipynb (cells only unless --run).

    .venv/bin/python tools/make_nb_02.py             # only write the cells
    .venv/bin/python tools/make_nb_02.py --run       # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_02.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/02_scoring_walkthrough.ipynb

The worked examples of rules-spec §7 (E1-E8) and the seed's common scoring mistakes, each
built from real routes of the shipped boards, printed as a Scoresheet and drawn.

Cells have the fixed ids nb02-00, nb02-01, ... (a rebuild changes nothing in git).
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "02_scoring_walkthrough.ipynb"


CELLS = [
    md("""
# Scoring walkthrough: every point explained

A final score in *Ticket to Ride* is where players argue and where a class learns the most. This
notebook scores the worked examples of the rules one by one with `ttr_nb.Scoresheet`, draws each
board with the routes of every player, and highlights what the points come from: the longest
trail, the path that completes a ticket, the gap that makes a ticket fail.

A Scoresheet is made of **lines**, and every line explains itself:

| kind | points | rule |
| --- | --- | --- |
| `route` | 1, 2, 4, 7, 10, 15 for a route of 1 to 6 spaces (21 for 8) | B-5.9 |
| `terrain` | a Heart of Africa route doubled with Terrain cards: its value again | H-5 |
| `mountain` | Legendary Asia: 2 per train put in the Mountain Crossing | LA-9 |
| `ticket` | + its value if its two cities are joined by your trains, − if not | B-6.5 |
| `bonus` | Longest Path 10, Globetrotter 15 (USA 1910) or 10 (Africa), Asian Explorer 10, Team Asia 10 + 10 | B-8.2, U-1.5, H-9, LA-12, TA-22 |

The rule IDs (B-8.2 …) point into the project's rules specification. At the end come the
**common mistakes** from the rules text, each shown and then corrected.
"""),
    code("""
%matplotlib inline
import io
import json

import matplotlib.pyplot as plt
from IPython.display import Image, display
from PIL import Image as Picture

import ttr_nb
from ttr_nb.board import Ticket
from ttr_nb.draw import draw_board
from ttr_nb.scoring import Claim, Scorer, Scoresheet


def track(board, a, b, color=None, second=False):
    \"\"\"The id of the route a–b: the track of that colour, or the first (second) of a double.\"\"\"
    ids = sorted(r.id for r in board.routes_between(a, b) if color is None or r.color == color)
    return ids[1] if second else ids[0]


def show(sheet, highlight=(), cities=(), title=None):
    \"\"\"Draw the sheet's board: each scorer's routes in their colour, ``highlight`` glowing.\"\"\"
    claims = {c.route: i for i, s in enumerate(sheet.scorers) for c in s.claims}
    ax = draw_board(sheet.board, claims=claims, player_names=sheet.names, highlight=highlight,
                    highlight_cities=cities, title=title)
    png = io.BytesIO()
    ax.figure.savefig(png, format="png", dpi=80, bbox_inches="tight")
    plt.close(ax.figure)
    small = io.BytesIO()  # a 128-colour PNG keeps this notebook of ten boards light
    Picture.open(png).convert("RGB").quantize(colors=128).save(small, format="png", optimize=True)
    display(Image(small.getvalue()))
"""),
    md("""
## E1. The example of the rules text: 62 + 11 + 8 − 9 = 72, + 10 = 82

*Mia has 62 route points on the track. She completes two Destination Tickets (11 and 8) but fails
a 9: 62 + 11 + 8 − 9 = 72. With the Longest Path bonus: 72 + 10 = 82 points.*

Here is a real position behind those numbers: nine routes on the USA board (34 trains), the
tickets Denver–Pittsburgh (11) and Helena–Los Angeles (8), which she completes, and
Chicago–Santa Fe (9), which she does not. Leo plays three routes in the east.
"""),
    code("""
usa = ttr_nb.load_map("usa")
mia_routes = [track(usa, "Helena", "Seattle"), track(usa, "Helena", "Salt Lake City"),
              track(usa, "Salt Lake City", "Las Vegas"), track(usa, "Las Vegas", "Los Angeles"),
              track(usa, "Los Angeles", "El Paso"), track(usa, "Salt Lake City", "Denver"),
              track(usa, "Denver", "Omaha"), track(usa, "Omaha", "Chicago"),
              track(usa, "Chicago", "Pittsburgh")]
leo_routes = [track(usa, "New York", "Washington"), track(usa, "Washington", "Raleigh"),
              track(usa, "Raleigh", "Atlanta")]
mia = Scorer("Mia", claims=tuple(Claim(r) for r in mia_routes), tickets=("O08", "O11", "O05"))
leo = Scorer("Leo", claims=tuple(Claim(r) for r in leo_routes), tickets=("O18",))
e1 = Scoresheet.compute(usa, [mia, leo], bonuses={"longest_path": 10})
print(e1)
"""),
    md("""
Each part of the seed's sum is one `line_total`:
"""),
    code("""
routes, tickets, bonus = (e1.line_total(0, k) for k in ("route", "ticket", "bonus"))
ticket_points = [line.points for line in e1.lines[0] if line.kind == "ticket"]
signed = " ".join(f"{'+' if p > 0 else '-'} {abs(p)}" for p in ticket_points)
print(f"{routes} {signed} = {routes + tickets}, + {bonus} = {e1.total(0)}")
"""),
    md("""
Mia's **longest continuous path** glows pink: 25 cars from Pittsburgh to El Paso. Four of her
routes meet at Salt Lake City, and a path can use only two of them, so the 6-car Helena–Seattle
spur is left out.
"""),
    code("""
print(e1.trail(0).describe())
show(e1, highlight=e1.trail(0).routes, title="E1 — Mia's longest path: 25 cars")
"""),
    md("""
Her failed ticket, Chicago–Santa Fe, says what each end reaches and what is missing. The line
carries the routes of the cheapest gap, so a drawing can show it: one 2-car route.
"""),
    code("""
failed = [line for line in e1.lines[0] if line.kind == "ticket" and line.points < 0][0]
print(failed.detail)
show(e1, highlight=failed.routes, cities=failed.cities, title="E1 — Chicago–Santa Fe fails: the gap")
"""),
    md("""
In Jupyter a Scoresheet also shows itself as a table (one column per player, the winner starred;
open a player to see every line):
"""),
    code("""
e1
"""),
    md("""
## E2–E4. The longest continuous path is a *trail*

The Longest Path bonus (B-8.2) goes to the longest line of your own trains. It may loop and pass
a city twice, but **each train car counts once**: in graph words it is the longest *trail*
(a walk that never reuses an edge), counted in train cars.

* **E2, a hub.** Six routes, four of them at Salt Lake City: 21 cars, but the longest path is 13.
* **E3, a spur.** Fourteen routes from coast to coast (43 cars): the path is 41, because the
  Atlanta–Charleston spur cannot be added without using Atlanta's routes twice.
* **E4, a loop.** Vancouver → Seattle → Portland → Salt Lake City → Helena → Seattle passes Seattle
  twice and uses every car once: 17.
"""),
    code("""
examples = {
    "E2": [track(usa, "Portland", "Salt Lake City"), track(usa, "Helena", "Salt Lake City"),
           track(usa, "Las Vegas", "Salt Lake City"), track(usa, "Las Vegas", "Los Angeles"),
           track(usa, "Denver", "Salt Lake City"), track(usa, "Denver", "Kansas City")],
    "E3": [track(usa, "Calgary", "Seattle"), track(usa, "Seattle", "Portland"),
           track(usa, "Portland", "San Francisco"), track(usa, "San Francisco", "Los Angeles"),
           track(usa, "Los Angeles", "El Paso"), track(usa, "El Paso", "Houston"),
           track(usa, "Houston", "New Orleans"), track(usa, "New Orleans", "Atlanta"),
           track(usa, "Atlanta", "Charleston"), track(usa, "Atlanta", "Nashville"),
           track(usa, "Nashville", "Saint Louis"), track(usa, "Saint Louis", "Chicago"),
           track(usa, "Chicago", "Pittsburgh"), track(usa, "Pittsburgh", "New York")],
    "E4": [track(usa, "Vancouver", "Seattle"), track(usa, "Seattle", "Portland"),
           track(usa, "Portland", "Salt Lake City"), track(usa, "Salt Lake City", "Helena"),
           track(usa, "Helena", "Seattle")],
}
sheets = {}
for name, ids in examples.items():
    sheets[name] = Scoresheet.compute(usa, [Scorer(name, tuple(Claim(r) for r in ids), ())],
                                      {"longest_path": 10})
    cars = sum(usa.route(r).length for r in ids)
    print(f"{name}: {len(ids)} routes, {cars} cars, route points {sheets[name].line_total(0, 'route')}; "
          f"longest path {sheets[name].trail(0).describe()}")
"""),
    code("""
for name, sheet in sheets.items():
    show(sheet, highlight=sheet.trail(0).routes, title=f"{name} — longest path {sheet.trail(0).length} cars")
"""),
    md("""
## E5. USA 1910, Mega Game: both bonuses, and a tie for the longest path

In the Mega Game both bonus cards are used: Longest Path (10) and Globetrotter (15, for the most
completed tickets). Ana has 80 route points (44 trains) and tickets worth +40 net; her longest
path is 34 cars, and so is Bea's, whose nine routes form one trail through Helena twice. **A tie
gives the bonus to every tied player** (B-8.2): both score 10. Ana alone completed three
tickets: the Globetrotter is hers. 80 + 40 + 10 + 15 = 145.
"""),
    code("""
ana_routes = [track(usa, "Calgary", "Vancouver"), track(usa, "Seattle", "Vancouver"),
              track(usa, "Calgary", "Winnipeg"), track(usa, "Sault St. Marie", "Winnipeg"),
              track(usa, "Duluth", "Sault St. Marie"), track(usa, "Duluth", "Winnipeg"),
              track(usa, "Portland", "Seattle", second=True), track(usa, "Calgary", "Helena"),
              track(usa, "Sault St. Marie", "Toronto"), track(usa, "Pittsburgh", "Toronto"),
              track(usa, "Pittsburgh", "Saint Louis"), track(usa, "Portland", "San Francisco", "pink"),
              track(usa, "Chicago", "Saint Louis", "green")]
bea_routes = [track(usa, "Duluth", "Helena"), track(usa, "Helena", "Salt Lake City"),
              track(usa, "Denver", "Helena"), track(usa, "Denver", "Kansas City", "black"),
              track(usa, "Helena", "Omaha"), track(usa, "Kansas City", "Saint Louis", "pink"),
              track(usa, "Duluth", "Omaha"), track(usa, "Portland", "Salt Lake City"),
              track(usa, "Nashville", "Saint Louis")]
ana = Scorer("Ana", tuple(Claim(r) for r in ana_routes), ("N22", "N25", "N33", "N13"))
bea = Scorer("Bea", tuple(Claim(r) for r in bea_routes), ("N05", "O01"))
e5 = Scoresheet.compute(usa, [ana, bea], {"longest_path": 10, "globetrotter": 15})
print(e5)
"""),
    code("""
show(e5, highlight=e5.trail(0).routes + e5.trail(1).routes,
     title="E5 — two longest paths of 34 cars: both score 10")
"""),
    md("""
## E6. The Heart of Africa: doubling a route with Terrain cards

When you claim a route you may double its points by also discarding Terrain cards of its terrain
(1 card for a route of 1–3 spaces, 2 for 4–6; H-5), if nobody holds more cards of that terrain
than you (the engine checks that majority when the route is claimed). A Locomotive may stand in
for a Terrain card (H-6). The Globetrotter here is worth **10**, and there is no Longest Path.

The worked example uses a red 5-route; this board (an authored reconstruction) has no red
5-route, so a yellow one of the same terrain stands in: Desert & Savanna cards double both.
Its tickets +12 and +8 are hypothetical cards with the example's values (this board's tickets
are priced at the cheapest train cost, and 10 trains cannot complete a 12); the −5 is the real
ticket Upington–Durban.
"""),
    code("""
africa = ttr_nb.load_map("heart_of_africa")
you = Scorer("You",
             claims=(Claim(track(africa, "Juba", "Nairobi"), doubled=True, terrain_spent=("desert", "locomotive")),
                     Claim(track(africa, "Lusaka", "Lilongwe")),
                     Claim(track(africa, "Lusaka", "Harare"))),
             tickets=(Ticket("E6a", "Lilongwe", "Harare", 12), Ticket("E6b", "Juba", "Nairobi", 8), "T03"))
opp = Scorer("Opp", (Claim(track(africa, "Kampala", "Kigali")),), tickets=("T01",))
e6 = Scoresheet.compute(africa, [you, opp], {"globetrotter": 10})
print(e6)
"""),
    code("""
doubled = [line for line in e6.lines[0] if line.kind == "terrain"][0]
show(e6, highlight=doubled.routes, title="E6 — Juba–Nairobi doubled: 10 + 10")
"""),
    md("""
## E7. Legendary Asia: mountain crossings

A route with X spaces costs one extra train per X, put in the Mountain Crossing box, and each of
those trains scores **2 points** (LA-9). A 2-space route with 2 X takes 4 trains and scores
2 + 4 = 6; a 4-space route with 1 X takes 5 trains and scores 7 + 2 = 9; a 3-space ferry scores 4.
19 points for 12 trains.
"""),
    code("""
asia = ttr_nb.load_map("legendary_asia")
e7_routes = [track(asia, "Irkutsk", "Ulan Bator"), track(asia, "Omsk", "Samarkand"),
             track(asia, "Astrakhan", "Tehran")]
e7 = Scoresheet.compute(asia, [Scorer("You", tuple(Claim(r) for r in e7_routes), ())])
print(e7)
print("trains taken from the reserve:", sum(asia.route(r).trains for r in e7_routes))
"""),
    code("""
show(e7, highlight=e7_routes, title="E7 — two mountain routes and a ferry: 6 + 9 + 4 = 19")
"""),
    md("""
## E8. Team Asia: one score for a team

Partners play their own trains but score together: a ticket is done if the routes of **both**
partners join its cities (TA-15), and every ticket counts, from either hand or from the team's
shared holder (TA-16). Ana's 4-route (7) and Ben's 6-route (15) make 22; tickets +10 (Ana's
hand), +12 (holder) and −6 (Ben's hand) make +16; the two Team Asia bonuses (TA-22: longest path
10, most completed tickets 10) bring the team to **58**. The +10 and +12 are hypothetical cards
with the example's values; the −6 is the real ticket Blagoveshchensk–Beijing.
"""),
    code("""
team_asia = ttr_nb.load_map("team_asia")
held = {"E8a": "Ana's hand", "E8b": "team holder", "T05": "Ben's hand"}
team = Scorer("Ana & Ben",
              claims=(Claim(track(team_asia, "Beijing", "Xi'an")),          # Ana's route
                      Claim(track(team_asia, "Ulaanbaatar", "Beijing"))),   # Ben's route
              tickets=(Ticket("E8a", "Xi'an", "Ulaanbaatar", 10), Ticket("E8b", "Ulaanbaatar", "Beijing", 12),
                       "T05"),
              seats=(0, 1), ticket_owner=held)
rivals = Scorer("Cy & Di",
                claims=(Claim(track(team_asia, "Seoul", "Busan")), Claim(track(team_asia, "Busan", "Fukuoka"))),
                tickets=("T13",), seats=(2, 3))
e8 = Scoresheet.compute(team_asia, [team, rivals], {"longest_path": 10, "most_tickets": 10})
print(e8)
"""),
    code("""
path = [line for line in e8.lines[0] if line.ticket == "E8a"][0]
show(e8, highlight=path.routes, cities=path.cities, title="E8 — Xi'an–Ulaanbaatar done with both partners' routes")
"""),
    md("""
## Who wins a tie? (B-8.3)

The most points wins. On equal points, the most completed tickets; then the player holding the
Longest Path bonus. If they are still tied (both hold it, or the game has no Longest Path card,
as in USA 1910: U-2.5), they share the win.

The four sheets below use a chain of USA **double** routes, Salt Lake City to New York: Ana
takes one track of each, Bea the other, so their routes score the same.
"""),
    code("""
chain = [track(usa, "Salt Lake City", "Denver"), track(usa, "Denver", "Kansas City"),
         track(usa, "Kansas City", "Saint Louis"), track(usa, "Saint Louis", "Chicago"),
         track(usa, "Chicago", "Pittsburgh"), track(usa, "Pittsburgh", "New York")]
twins = [usa.twins[r][0] for r in chain]


def claims(ids):
    return tuple(Claim(r) for r in ids)


def duel(ana_extra, ana_tickets, bea_extra, bea_tickets):
    \"\"\"Ana on the chain, Bea on its twin tracks, each with extra routes and tickets.\"\"\"
    return [Scorer("Ana", claims(chain + ana_extra), ana_tickets),
            Scorer("Bea", claims(twins + bea_extra), bea_tickets)]


ny_washington = [track(usa, "New York", "Washington")]   # makes Ana's path 18 cars (+2 points)
las_vegas_la = [track(usa, "Las Vegas", "Los Angeles")]  # +2 points for Bea, away from her path
helena_omaha = [track(usa, "Helena", "Omaha")]           # +10 points for Bea, away from her path
# tickets on the chain: N05 Denver–Saint Louis 6 and N04 Chicago–New York 5 (two tickets, 11 points);
# O08 Denver–Pittsburgh 11 and N23 Salt Lake City–Chicago 11 (one ticket, 11 points)
cases = {
    "more completed tickets": (duel([], ("N05", "N04"), [], ("O08",)), {}),
    "Longest Path holder": (duel(ny_washington, ("O08",), las_vegas_la + helena_omaha, ("N23",)),
                            {"longest_path": 10}),
    "both hold the bonus": (duel([], ("O08",), [], ("N23",)), {"longest_path": 10}),
    "USA 1910, no Longest Path card": (duel(ny_washington, ("O08",), las_vegas_la, ("N23",)),
                                       {"globetrotter": 15}),
}
for title, (scorers, bonuses) in cases.items():
    sheet = Scoresheet.compute(usa, scorers, bonuses)
    print(f"{title}: totals {sheet.totals}, tickets {[sheet.tickets_completed(i) for i in range(2)]}, "
          f"paths {[sheet.trail(i).length for i in range(2)]}")
    print("   ", sheet.verdict)
"""),
    md("""
## The common mistakes, shown and corrected

### 1. Counting a train car twice in the longest path

Loops are fine, but each car counts once. A tempting walk around E4's loop goes on from Seattle
back to Portland: it looks longer, but it runs over the Seattle–Portland route a second time.
"""),
    code("""
e4 = sheets["E4"]
walk = ["Vancouver", "Seattle", "Portland", "Salt Lake City", "Helena", "Seattle", "Portland"]
e4_routes = [usa.route(r) for r in examples["E4"]]
legs = [next(r for r in e4_routes if {r.a, r.b} == {a, b}) for a, b in zip(walk, walk[1:])]
print("wrong:", " → ".join(walk), "=", sum(r.length for r in legs), "cars")
repeated = sorted({r.label() for r in legs if legs.count(r) > 1})
print("       uses", ", ".join(repeated), "twice")
print("right:", e4.trail(0).describe())
"""),
    md("""
### 2. Forgetting to subtract failed tickets

A failed ticket costs exactly what it would have earned. Mia's failed Chicago–Santa Fe (9):
"""),
    code("""
forgot = sum(line.points for line in e1.lines[0] if not (line.kind == "ticket" and line.points < 0))
print(f"wrong: {forgot} (the failed ticket left out)")
print(f"right: {e1.total(0)}")
for line in e1.lines[0]:
    if line.kind == "ticket":
        print("  ", line.detail)
"""),
    md("""
### 3. Giving a tied bonus to one player only

On a tie for the longest path, **each** tied player scores the 10 points. Ana's chain and Bea's
twin chain are both 16 cars long:
"""),
    code("""
players = [Scorer("Ana", claims(chain), ()), Scorer("Bea", claims(twins), ()),
           Scorer("Cy", claims([track(usa, "Helena", "Seattle")]), ())]
tie = Scoresheet.compute(usa, players, {"longest_path": 10})
ana_routes, bea_routes = tie.line_total(0, "route"), tie.line_total(1, "route")
print(f"wrong: Ana {ana_routes + 10}  Bea {bea_routes}  (only Ana got the 10)")
print("right:", "  ".join(f"{n} {t}" for n, t in zip(tie.names, tie.totals)))
print(tie.bonus_summary("longest_path"))
for i in range(2):
    print("  ", [line.detail for line in tie.lines[i] if line.kind == "bonus"][0])
"""),
    code("""
show(tie, highlight=tie.trail(0).routes + tie.trail(1).routes, title="A tie: 16 cars each, 10 points each")
"""),
    md("""
### 4. Keeping the Longest Path card in the 1910 way to play

In the *1910* way to play, the Globetrotter card **replaces** the Longest Path card (the Mega Game
uses both). The bonuses in play are part of the variant; E3's coast-to-coast player with one
completed ticket:
"""),
    code("""
e3_player = Scorer("Ana", tuple(Claim(r) for r in examples["E3"]), ("O13",))
wrong = Scoresheet.compute(usa, [e3_player], {"longest_path": 10, "globetrotter": 15})
right = Scoresheet.compute(usa, [e3_player], {"globetrotter": 15})
print("wrong:", wrong.total(0), [line.detail for line in wrong.lines[0] if line.kind == "bonus"])
print("right:", right.total(0), [line.detail for line in right.lines[0] if line.kind == "bonus"])
"""),
    md("""
### 5. Trusting the scoring track without recounting

One missed move on the scoring track and everything is off. A Scoresheet never trusts a running
total: it recounts every claimed route from the board.
"""),
    code("""
for line in e1.lines[0]:
    if line.kind == "route":
        print(f"{line.points:>3}  {usa.route(line.routes[0]).label()}")
print(f"{e1.line_total(0, 'route'):>3}  routes in all")
"""),
    md("""
## Impossible scores are refused

A route claimed by two players, a ticket held twice, a route doubled without terrain: the
Scoresheet refuses with a reason a teacher can read aloud (`IllegalAction`).
"""),
    code("""
helena_seattle = Claim(track(usa, "Helena", "Seattle"))
Scoresheet.compute(usa, [Scorer("Ana", (helena_seattle,), ()), Scorer("Bea", (helena_seattle,), ())])
""", tags=("raises-exception",)),
    md("""
## For programs: `to_dict()`

Every sheet is also plain data (JSON-able): each player's lines with `kind`, `points`, `detail`,
the routes and cities to highlight, and the rule ID.
"""),
    code("""
data = e1.to_dict()
print(json.dumps({key: data[key] for key in ("winners", "winner_names", "result")}, ensure_ascii=False))
leo_data = data["players"][1]
print(json.dumps({key: leo_data[key] for key in ("name", "total", "tickets_completed")}, ensure_ascii=False))
for line in leo_data["lines"]:
    print(json.dumps(line, ensure_ascii=False))
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="nb02")
