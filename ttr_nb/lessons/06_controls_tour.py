# %% [markdown]
# # Lesson 06 · The controls: step through a game, play it, take a score apart
# Four controls let a class look inside a game: replay it step by step, play a turn yourself,
# take a final score apart, and build a network to ask "what if?".
#
# **Learning goals.** After this lesson you can:
# - step through a recorded game and find the step at which a Destination Ticket is completed;
# - play a turn from the PlayPanel and read why an illegal move is refused;
# - take a final score apart: routes, tickets, the longest [trail](../docs/glossary.md#trail) and the Longest Path bonus;
# - build a network route by route and predict how its longest trail changes.
#
# **Time:** 50 minutes.
#
# **Sections:** a game to look at (2 min) · §1 GameStepper (8 min) · §2 PlayPanel (8 min) · §3 ScoringExplorer (6 min) · §4 RouteBuilder (6 min) · exercises (20 min)
#
# **Prerequisites:** lesson 01 (a turn, claiming routes, the Longest Path bonus). This lesson is
# for teachers, after lesson 01: it tours the controls the other lessons use. Section 3 takes a
# final score apart; lesson 03 explains a score line by line.
#
# **What you will do:** replay a game between three computer players, play the first turns of
# a new game, find why Bea lost, and build networks with long trails.
#
# *The controls are live when you run the notebook in Jupyter. Every control can also be driven
# from code, and its `summary()` prints what it shows: that is what the printed cells below do.*

# %%
%matplotlib inline
import matplotlib.pyplot as plt

import ttr_nb
from ttr_nb import exercises
from ttr_nb.charts import score_chart
from ttr_nb.widgets import GameStepper, PlayPanel, RouteBuilder, ScoringExplorer

# %% [markdown]
# ## A game to look at
#
# Three computer players play a whole game on the USA map. Each one is `greedy`: it keeps the
# tickets it can finish cheaply and claims the routes on their cheapest [paths](../docs/glossary.md#path). The [random seed](../docs/glossary.md#random-seed)
# fixes the shuffles and the players' choices, so this is the same game every time it runs.

# %%
game = ttr_nb.play_game("usa", players=3, seed=2026, agents="greedy")
print(game)
print(game.score().verdict)

# %% [markdown]
# ## 1. GameStepper: a game, step by step
#
# A game is a list of **actions**: draw a card, claim a route, keep tickets. Step *k* is the
# position after the first *k* actions; step 0 is the deal. Drawing two cards is two steps, so
# there are more steps than turns.
#
# * **|◀ ◀ ▶ ▶|**: back to the start (the deal), one back, one forward, the last step;
#   **▶ Play** with a **speed**, and **⏸ Pause**, which stops where you are; the **step** slider
#   jumps anywhere.
# * **eyes**: the teacher sees every hand; a player's eyes show only that player's cards and
#   tickets. A ticket whose two cities are joined is marked ✓.
# * The board shows the claimed routes in the players' colours; the last claim has a dashed frame.
#   **Click a route** on the board: a box beside it says when it was claimed and by whom, with a
#   button that jumps to that step. Click a city: the tickets from it and its routes.

# %%
# NBVAL_IGNORE_OUTPUT
stepper = GameStepper(game, eyes=0)
stepper

# %% [markdown]
# Everything the buttons do can be done from code. Press ▶ five times, then jump to step 120
# and look through Bea's eyes. A step that does not exist is refused with a sentence, and the
# stepper stays where it was.

# %%
for _ in range(5):
    stepper.forward.click()
print(stepper.counter.value)
stepper.go(120)
stepper.eyes_picker.value = 1          # Bea's eyes (seat 1)
print(stepper.summary())
stepper.go(100000)
print(stepper.message)

# %% [markdown]
# The score chart shows each player's points on the scoring track, turn by turn. At the end,
# the dashed jump is what the tickets and the bonus add or take away. On the track the three
# players end close together (65, 57 and 66 route points); Ana's completed tickets and the
# Longest Path bonus lift her to 161.

# %%
ax = score_chart(game)
plt.show()

# %% [markdown]
# ## 2. PlayPanel: play a turn yourself
#
# You play seat 0 (Ana) against two greedy computer players. The panel offers only what the
# rules allow now: the face-up cards and the deck as buttons, your tickets as checkboxes when
# you must choose. To claim a route, **click it on the board**: the ways you can pay for it
# appear beside it as buttons, each with its points; press one. If you cannot claim it, the box
# says why. (The two tracks of a double route are two targets. The route list above the board
# does the same without a mouse.) **↶ Undo** takes back your last move and the computer
# players' replies.

# %%
# NBVAL_IGNORE_OUTPUT
panel = PlayPanel(ttr_nb.new_game("usa", players=3, seed=7), seed=7)
panel

# %% [markdown]
# The first decision is which of the three dealt tickets to keep. You must keep at least two
# ([B-2.4](../docs/RULES.md#B-2.4)): keeping none is refused and nothing changes. Keeping all
# three is allowed; then the computer players choose theirs, and it is your first turn.

# %%
for box in panel.ticket_boxes:
    box.value = False
panel.keep_button.click()
print(panel.message)
for box in panel.ticket_boxes:
    box.value = True
panel.keep_button.click()
print(panel.summary())

# %% [markdown]
# Now a turn. Ana holds no yellow card, so she cannot claim the yellow route Seattle–Helena
# (6 cars): a click on it opens a box that says why, and nothing changes. She takes two cards
# from the deck instead, which ends her turn; Bea and Cal play theirs, and it is Ana's turn again.
# (From code, `panel.board_widget.click_route(...)` is the click.)

# %%
usa = panel.game.board
panel.board_widget.click_route(usa.route_id("Seattle–Helena"))
print(panel.board_widget.card_text)
panel.deck_button.click()
panel.deck_button.click()
print(panel.summary())

# %% [markdown]
# Ana now holds 3 orange cards, and Chicago–Pittsburgh has an orange track of 3 cars, on the way
# of her Denver–Pittsburgh ticket. She clicks it; the box offers the payments; she presses the
# first one. The cars appear on the board in her colour.

# %%
panel.board_widget.click_route(usa.route_id(("Chicago", "Pittsburgh", "orange")))
print(panel.board_widget.card_text)
panel.board_widget.press(panel.board_widget.card["buttons"][0]["id"])
print(panel.message)

# %% [markdown]
# ## 3. ScoringExplorer: take the final score apart
#
# Back to the finished game. Pick a player, then what to look at: the **longest trail** (a city
# may repeat, each route counts once: this is what the Longest Path bonus counts,
# [B-8.2](../docs/RULES.md#B-8.2)), the **[longest simple path](../docs/glossary.md#simple-path)** (no city twice, the naive
# answer, sometimes shorter), each ticket with the path that completes it or the gap that
# breaks it (the open routes that would have joined its cities), and the bonus. **Click a
# route** on the board for its score line, **click a city** for the player's tickets from it.
# The **best possible score** button works out, after the game, the most the player could have
# scored with the tickets they kept and the routes nobody else claimed (drawn in cyan).

# %%
# NBVAL_IGNORE_OUTPUT
explorer = ScoringExplorer(game)
explorer

# %% [markdown]
# Bea came last. Her longest trail, her failed ticket (marked ✗ in the picker), and who took
# the Longest Path bonus:

# %%
explorer.pick("Bea", show="trail")
print(explorer.summary())
explorer.pick(show="ticket:O01")       # ✗ Boston–Miami
print(explorer.detail)
explorer.pick(show="bonus:longest_path")
print(explorer.detail)

# %% [markdown]
# Bea's Boston–Miami ticket failed for a gap of 3 trains, and her 16-car trail is far behind
# Ana's 28. The explorer also takes routes directly: the rules reference ends with worked
# examples, and one of them, "A loop" (for [B-8.2](../docs/RULES.md#B-8.2)), is a loop through
# Seattle. The trail uses every route and passes Seattle twice (17 cars); a path that may not
# visit a city twice finds only 16.

# %%
loop = ["Vancouver–Seattle", "Seattle–Portland", "Portland–Salt Lake City",
        "Salt Lake City–Helena", "Helena–Seattle"]
e4 = ScoringExplorer("usa", claims={"Mia": loop})
print(e4.summary())

# %% [markdown]
# ## 4. RouteBuilder: "what if?"
#
# **Click a route** on the board to add it to the network, click it again to take it out;
# click a city to check its tickets (or use the lists: **find**, **Add ▶**, tickets). The score,
# the longest trail (a band striped in the player's colour) and each ticket update at once; for
# a ticket not yet joined, the cheapest open routes that would join it are a dashed orange band.
# Here is Mia's loop with two tickets:

# %%
# NBVAL_IGNORE_OUTPUT
board = ttr_nb.load_map("usa")
builder = RouteBuilder(board, routes=loop, tickets=["Seattle–Los Angeles", "Portland–Phoenix"])
builder

# %%
print(builder.summary())

# %% [markdown]
# **Predict, then run.** Mia adds Helena–Omaha and Helena–Winnipeg (9 cars). How long is her
# longest trail now: 17 + 9, or less? And may she add the second track of Seattle–Portland,
# whose first track she owns ([B-5.7](../docs/RULES.md#B-5.7))?

# %%
builder.add("Helena–Omaha", "Helena–Winnipeg")
print(builder.message)
print(f"longest trail {builder.trail.length} cars: {' → '.join(builder.trail.cities)}")
builder.add("Seattle–Portland")
print(builder.message)

# %% [markdown]
# Only 25, not 26. A trail enters and leaves the cities it passes through in pairs of routes,
# so a trail that uses **every** route of a network can only start and end at its [odd cities](../docs/glossary.md#odd-city)
# (Euler's theorem, lesson 04). Now four cities are odd: Omaha, Winnipeg and Vancouver (1 route
# each) and Seattle (3). A trail has two ends, so no trail uses every route: at least one is
# left out, and the cheapest is Vancouver–Seattle (1 car). The trail runs from Omaha through
# Helena, round the loop and on to Winnipeg; it passes through Seattle, an odd city, because it
# does not use all of Seattle's routes. The second track of Seattle–Portland is refused and the
# network stays as it was.

# %% [markdown]
# ## Summary
#
# - The **GameStepper** replays any step of a game exactly, through any player's eyes; steps
#   count actions, not turns.
# - The **PlayPanel** offers only legal moves: click a route on the board and press a payment;
#   an illegal one is refused with the rule's reason and nothing changes.
# - The **ScoringExplorer** splits a score into routes, tickets (with the path or the gap) and
#   the bonus, and compares the longest trail with the longest simple path.
# - The **RouteBuilder** answers "what if?": a route that joins two networks can lengthen the
#   longest trail by more than its own cars.
# - The same controls work on every map (lessons 07 to 09 use them).

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# ### Exercise 1. (warm-up) Ana's first ticket
# In the game above, at which **step** does Ana complete her first Destination Ticket (its two
# cities joined by her routes)? Use the stepper with Ana's eyes (`stepper.eyes_picker.value = 0`)
# and watch for the first ✓ beside her tickets. Answer with the step number.

# %%
answer = ...   # a step number, such as 40
exercises.check("06.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Step through the first claims with Ana's eyes. She keeps Los Angeles–Miami,
# Chicago–Santa Fe and Denver–El Paso at the start. At step 22 (turn 13) she claims
# Denver–Santa Fe; with her El Paso–Santa Fe route that joins Denver to El Paso, and the ✓
# appears beside Denver–El Paso (4), her first ✓ of the game. (Turn 13 is not the answer:
# the stepper counts steps, and every card drawn is a step.)

# %% tags=["solution"]
stepper.eyes_picker.value = 0          # Ana's eyes
stepper.go(22)
print(stepper.summary())
ana = stepper.game.view(None)["players"][0]["routes"]
print("Ana's routes:", ", ".join(board.route(r).label() for r in ana))
print("Ana's tickets:", ttr_nb.narrate.tickets(game, stepper.game.tickets(0)))
print("Denver–El Paso joined:", ttr_nb.ticket_done(board, ana, board.ticket("O07")))
answer = 22
exercises.check("06.1", answer)

# %% [markdown]
# ### Exercise 2. (core) One more route for Bea
# At the end of the game Bea has 7 trains left. If she could claim **one** more route, one still
# open to her and of at most 7 cars, which would make her longest trail longest? Try routes in a
# RouteBuilder loaded with her routes:
# `what_if = RouteBuilder(board, routes=game.view(None)["players"][1]["routes"])`, then
# `what_if.add(...)`. Answer with the route.

# %%
answer = ...   # a route, such as "Denver–Omaha"
exercises.check("06.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Two of Bea's networks nearly meet between Helena and Duluth: Calgary–Helena–Salt
# Lake City in the west, and a big one from Duluth to Oklahoma City and the east coast.
# Helena–Duluth (6 cars) joins them, so her trail runs on from one into the other: from 16 cars
# to 26, ten more from a six-car route. The runner-up does the same trick on a smaller scale:
# Little Rock–New Orleans (3 cars) joins her lone Miami–New Orleans route (6) to the big network,
# and her trail grows to 23 cars.

# %% tags=["solution"]
what_if = RouteBuilder(board, routes=game.view(None)["players"][1]["routes"])
what_if.add("Helena–Duluth")
print(what_if.trail.length, "cars:", " → ".join(what_if.trail.cities))
answer = "Helena–Duluth"
exercises.check("06.2", answer)

# %% [markdown]
# ### Exercise 3. (challenge) A trail of 26 cars
# Build a network of **at most 5 routes** whose longest trail is at least **26** cars. Try it
# in the RouteBuilder (`builder.clear()` empties it), then answer with the list of routes.
# Be ready to explain why the routes must be long and must all lie on one trail.

# %%
answer = ...   # a list of routes, such as ["Denver–Omaha", "Omaha–Chicago"]
exercises.check("06.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Five routes reach 26 cars only if they average more than 5 cars (the longest
# routes on the board have 6) and all lie on one trail. In the north there is such a chain:
# Duluth–Helena (6), Helena–Seattle (6), Seattle–Calgary (4), Calgary–Winnipeg (6),
# Winnipeg–Sault St. Marie (6): 28 cars, all on one trail.

# %% tags=["solution"]
answer = ["Duluth–Helena", "Helena–Seattle", "Seattle–Calgary", "Calgary–Winnipeg",
          "Winnipeg–Sault St. Marie"]
exercises.check("06.3", answer)
