"""Write notebooks/04_controls_tour.ipynb (cells only unless --run).

    .venv/bin/python tools/make_nb_04.py             # only write the cells
    .venv/bin/python tools/make_nb_04.py --run       # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_04.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/04_controls_tour.ipynb
    .venv/bin/pytest notebooks/04_controls_tour.ipynb -q

A tour of the ipywidgets controls (ttr_nb.widgets): each one shown, then driven from code,
then its state printed in a plain cell so nbval compares something real (tooling.md §8).

Cells have the fixed ids nb04-00, nb04-01, ... (a rebuild changes nothing in git).
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "04_controls_tour.ipynb"
IGNORE = "# NBVAL_IGNORE_OUTPUT\n"


CELLS = [
    md("""
# Controls tour: step through a game, play it, take a score apart

`ttr_nb.widgets` has four controls for a classroom:

| control | what it is for |
| --- | --- |
| `GameStepper` | replay a game step by step, forwards, backwards, or straight to any step, through any player's eyes |
| `PlayPanel` | play a game yourself from its legal actions; agents play the other seats |
| `ScoringExplorer` | take a final score apart: the longest trail, each ticket's path or gap, the bonuses |
| `RouteBuilder` | build a network route by route and watch its score, trail and tickets: "what if?" |

Each control keeps its state in plain attributes (`step`, `eyes`, `selection`, `message`…), so
you can drive it from code as well as with the mouse, and `summary()` prints what it shows. A
wrong move never ends in a traceback: the control says why, in words you can read aloud.

*Running this notebook in JupyterLab makes the controls live. In a static copy (on GitHub, in an
HTML export) you see the pictures and the printed text only.*
"""),
    code("""
%matplotlib inline
import matplotlib.pyplot as plt

import ttr_nb
from ttr_nb.agents import play_game
from ttr_nb.charts import score_chart, terrain_chart, terrain_counts, terrain_majorities
from ttr_nb.widgets import GameStepper, PlayPanel, RouteBuilder, ScoringExplorer

# a whole game between three greedy agents: the same seed gives the same game, every time
game = play_game("usa", players=3, seed=2026, agents="greedy")
print(game)
print(game.score().verdict)
"""),
    md("""
## 1. GameStepper: a game, step by step

A game is a list of **actions** (take a card, claim a route, keep tickets…); step *k* is the
position after the first *k* of them, and step 0 is the deal. The stepper rebuilds any step
exactly by replaying the actions from the seed, so going back is as exact as going forward.

* **|◀ ◀ ▶ ▶|**: the first step, one back, one forward, the last step;
* **play** (▶ / ❚❚) with a **speed**, and the **step** slider to jump anywhere;
* **eyes**: the teacher sees every hand; a player's eyes show only that player's cards and tickets
  (their ticket cities ringed in amber), and other players' blind draws stay hidden;
* the board: claimed routes in the players' colours, the last claim glowing magenta;
* the players' trains, cards, tickets and points on the scoring track, the face-up cards, what
  happened, and the score chart with the current turn marked.
"""),
    code(IGNORE + """
stepper = GameStepper(game)
stepper
"""),
    md("""
Everything the buttons do can be done from code, which is how the tests drive it. Press ▶ five
times, then jump to step 120 and look through Bea's eyes:
"""),
    code("""
for _ in range(5):
    stepper.forward.click()
print(stepper.counter.value)
stepper.go(120)
stepper.eyes_picker.value = 1          # Bea's eyes (seat 1)
print(stepper.summary())
"""),
    md("""
A step that does not exist is refused with a sentence, not an error; the stepper stays where it was:
"""),
    code("""
stepper.go(100000)
print(stepper.message)
print(stepper.counter.value)
"""),
    md("""
### The score over the game

`score_chart` draws each player's points on the scoring track turn by turn; at the end, the
dashed jump is what the tickets and bonuses add (or take away). The shaded band is the final
round.
"""),
    code("""
ax = score_chart(game)
plt.show()
"""),
    md("""
## 2. PlayPanel: play a game yourself

You play seat 0 (Ana) against two greedy agents. The panel offers only what the rules allow
now: the face-up cards and the deck as buttons, a route picker (✓ marks the routes you can pay
for) with every way to pay for it, your tickets as checkboxes when you must choose, and any other
choice the rules offer (tunnels, team holders, Terrain cards…). **↶ Undo** takes back your last
move and the agents' replies.
"""),
    code(IGNORE + """
panel = PlayPanel(ttr_nb.new_game("usa", players=3, seed=7), seed=7)
panel
"""),
    md("""
The first decision is which of the three dealt tickets to keep. Keeping none is against the
rules, and the panel says so (nothing changes); keeping all three is fine, and then the agents
play until it is your turn again:
"""),
    code("""
for box in panel.ticket_boxes:
    box.value = False
panel.keep_button.click()
print(panel.message)

for box in panel.ticket_boxes:
    box.value = True
panel.keep_button.click()
print(panel.summary())
"""),
    md("""
Pick a route you cannot pay for yet and press **Claim**: the panel explains why.
"""),
    code("""
panel.choose_route("Seattle–Helena")
print(panel.payment_picker.label)
panel.claim_button.click()
print(panel.message)
"""),
    md("""
## 3. ScoringExplorer: take the final score apart

Pick a player, then what to look at. The **longest trail** (a city may repeat, each route
counts once) is what the Longest Path bonus counts; beside it, the **longest simple path**
(no city twice) — the answer a naive search gives, and sometimes shorter. Each ticket shows the
path that completes it (green) or the gap that breaks it: the open routes that would have joined
its two cities (orange).
"""),
    code(IGNORE + """
explorer = ScoringExplorer(game)
explorer
"""),
    code("""
explorer.pick("Bea", show="trail")
print(explorer.summary())
failed = [value for label, value in explorer.show_picker.options if label.startswith("✗")]
if failed:
    explorer.pick(show=failed[0])
    print(explorer.detail)
explorer.pick(show="bonus:longest_path")
print(explorer.detail)
"""),
    md("""
The explorer also takes a board and the routes of each player directly. Worked example **E4**
of the rules: a loop through Seattle. The trail uses every route, passing Seattle twice (17
cars); a path that may not visit a city twice finds only 16.
"""),
    code("""
loop = ["Vancouver–Seattle", "Seattle–Portland", "Portland–Salt Lake City",
        "Salt Lake City–Helena", "Helena–Seattle"]
e4 = ScoringExplorer("usa", claims={"Mia": loop})
print(e4.summary())
"""),
    md("""
## 4. RouteBuilder: "what if?"

Type in **find** to filter the routes, pick some on the left, press **Add ▶**; pick tickets to
check. The score, the longest trail (magenta) and each ticket update at once; for a ticket not
yet joined, the cheapest open routes that would join it glow orange.
"""),
    code(IGNORE + """
board = ttr_nb.load_map("usa")
builder = RouteBuilder(board, routes=loop, tickets=["Vancouver–Montréal", "Portland–Phoenix"])
builder
"""),
    code("""
print(builder.summary())
"""),
    md("""
What if we also had Helena–Duluth and Duluth–Toronto? Adding the other track of a double route
we already own is refused (a player may never claim both tracks, B-5.7):
"""),
    code("""
builder.add("Helena–Duluth", "Duluth–Toronto")
print(builder.message)
print(f"longest trail {builder.trail.length} cars, total {builder.sheet.totals[0]}")
builder.add("Seattle–Portland")
print(builder.message)
"""),
    md("""
## 5. The same controls on every map

Nothing above is specific to the USA: the controls show whatever the rules of a map add.

**The Heart of Africa.** Terrain cards lie face up in front of their owner, so every pair of eyes
sees them. A route's points are doubled by playing Terrain cards of its type, but only by a
player who holds **at least as many** cards of that type as anyone else (H-5.4; a tie is
enough). The stepper shows the Terrain cards held, stars the majority holders, and makes every
doubled route glow in its Terrain colour. Here a greedy agent (Ana) plays two random ones.
"""),
    code(IGNORE + """
africa = play_game("heart-of-africa", players=3, seed=4, agents=("greedy", "random", "random"))
africa_stepper = GameStepper(africa, step=150, chart=False)
africa_stepper
"""),
    code("""
print(africa_stepper.summary())
held = terrain_counts(africa.view(None))          # at the end of the game
for terrain, holders in terrain_majorities(held).items():
    print(f"{terrain:9} may double: {', '.join(holders) or 'nobody'}")
ax = terrain_chart(held, title="The Heart of Africa, seed 4: Terrain cards held at the end")
plt.show()
"""),
    md("""
**Team Asia.** Two teams of two share a card holder and a ticket holder; a partner sees the team's
holder, the other team sees only how many cards and tickets are in it (TA-5, TA-6). The board
colours routes by team, and the stepper shows the holders as the chosen eyes may see them
(try *Cal's eyes*: Ana & Bea's holder turns hidden). Tunnels show the cards laid, the cards
revealed and how many more must be paid.
"""),
    code(IGNORE + """
asia = play_game("team-asia", players=4, seed=3, agents="greedy")
asia_stepper = GameStepper(asia, step=120, eyes=0, chart=False)
asia_stepper
"""),
    code("""
print(asia_stepper.summary())
print(asia.score().verdict)
"""),
    md("""
## Driving the controls from code

| control | state | buttons and pickers |
| --- | --- | --- |
| `GameStepper` | `step`, `eyes`, `game`, `highlight`, `message`, `summary()` | `first` `back` `forward` `last`, `play`, `speed`, `slider`, `eyes_picker`; `go(k)` |
| `PlayPanel` | `game`, `selection`, `message`, `last_events`, `summary()` | `display_buttons`, `deck_button`, `route_picker`, `payment_picker`, `claim_button`, `ticket_boxes`, `keep_button`, `tickets_button`, `choice_buttons`, `undo_button`; `act(action)`, `choose_route(...)` |
| `ScoringExplorer` | `sheet`, `player`, `selection`, `detail`, `highlight`, `summary()` | `player_picker`, `show_picker`; `pick(player, show=...)` |
| `RouteBuilder` | `routes`, `tickets`, `sheet`, `trail`, `simple`, `selection`, `summary()` | `search`, `board_routes`, `add_button`, `network_routes`, `remove_button`, `clear_button`, `ticket_picker`; `add(...)`, `remove(...)`, `clear()`, `set_tickets(...)` |
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="nb04", kernel="Python 3 (ipykernel)")
