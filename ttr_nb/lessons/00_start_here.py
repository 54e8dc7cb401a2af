# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 00 · Start here: Ticket to Ride in Jupyter
# The map of the course: a whole game to step through, the five boards of **ttr_nb**, a first
# look at a board as a graph, and the lessons that follow, in three paths, with who each one is
# for.
#
# **Learning goals.** After this lesson you can:
# - load a board with one call and read its facts (cities, routes, Destination Tickets);
# - step through a whole game with the buttons of a game stepper;
# - explain why a board is a *[multigraph](../docs/glossary.md#multigraph)*, and count a city's tracks and neighbours;
# - find the [path](../docs/glossary.md#path) that joins two cities in the fewest trains, and say why mountains change it;
# - choose the next lesson for your class.
#
# **Time:** 50 minutes.
#
# **Sections:** the course (5 min) · §1 A whole game (5 min) · §2 The five boards (10 min) · §3 The board is a graph (10 min) · exercises (20 min)
#
# **Prerequisites:** none; you run a cell with *Shift+Enter*, or all of them with
# *Run → Run All Cells*.
#
# **What you will do:** play a game step by step, look at five boards, find cheapest paths
# on two of them, and answer three questions that the notebook checks for you.
#
# *Ticket to Ride is a trademark of Days of Wonder. ttr_nb is fan-made teaching material, not
# affiliated with or endorsed by the publisher.*

# %%
# %matplotlib inline
import networkx as nx

import ttr_nb
from ttr_nb import exercises, graph

# %% [markdown]
# ## The course
#
# The lessons follow three paths. Each path starts from this lesson; a class takes one path, or
# two, in order.
#
# - **The rules** (for players, and any class): [01](01_base_game.ipynb) →
#   [02](02_usa_1910.ipynb) → [03](03_scoring.ipynb) → [07](07_heart_of_africa.ipynb) →
#   [08](08_team_asia.ipynb) → [09](09_legendary_asia.ipynb).
# - **Graph theory** (mathematics): 00 → [04](04_euler_trails.ipynb) →
#   [05](05_trail_optimisation.ipynb) → [11](11_best_score.ipynb).
# - **Statistics** (and programming): [10](10_simulation_lab.ipynb) →
#   [12](12_playing_styles.ipynb).
# - **Extension, Europe** (after lesson 03, or at the end of the rules path): 03 →
#   [13](13_europe_stations.ipynb), train stations as a graph question.
#
# [Lesson 06](06_controls_tour.ipynb) is for teachers, after lesson 01: a tour of the controls
# (step through a game, play on the board, take a score apart) that the other lessons use.
# The words a lesson uses that you may not know are in the [glossary](../docs/glossary.md),
# and the papers the lessons build on in the [reading list](../docs/reading.md).
#
# | lesson | what it teaches | for whom |
# | --- | --- | --- |
# | [00 Start here](00_start_here.ipynb) | the boards, the board as a graph, a game to step through | everyone, first |
# | [01 The base game](01_base_game.ipynb) | the rules of the USA game, one move at a time | players new to the game; any class |
# | [02 USA 1910](02_usa_1910.ipynb) | the *USA 1910* expansion and its four ways to play | players who know the base game |
# | [03 Scoring](03_scoring.ipynb) | the end-of-game score line by line, ties, common mistakes | players and teachers who keep score |
# | [04 Euler, trails and paths](04_euler_trails.ipynb) | degrees, Euler's theorem, the longest trail against the longest simple path | secondary school mathematics (its extensions, bridges and why the longest trail is hard: university) |
# | [05 Trail optimisation](05_trail_optimisation.ipynb) | T-joins, Steiner trees, the longest trail of a whole board | advanced students, university |
# | [06 Controls tour](06_controls_tour.ipynb) | every control: step through games, play one yourself, take a score apart | teachers, after lesson 01 |
# | [07 The Heart of Africa](07_heart_of_africa.ipynb) | Terrain cards that double a route's points, countries, ferries | players of that map |
# | [08 Team Asia](08_team_asia.ipynb) | teams of two, the team holder, tunnels and their odds | players of that map; probability |
# | [09 Legendary Asia](09_legendary_asia.ipynb) | mountains, ferries and the Asian Explorer bonus (the biggest network) | players of that map |
# | [10 Simulation lab](10_simulation_lab.ipynb) | hundreds of games between computer players, read with intervals | statistics, programming |
# | [11 The best possible score](11_best_score.ipynb) | the most points 45 trains can make, as a network design problem solved and proven | optimisation, university |
# | [12 Playing styles](12_playing_styles.ipynb) | four computer players with different styles meet in tournaments: which style wins on which board | strategy, statistics |
# | [13 Europe: train stations](13_europe_stations.ipynb) | what Europe adds; which route a station should borrow, found by trying every choice | players of Europe; graphs (an extension, after lesson 03) |
#
# ## 1. A whole game, to step through
#
# Three computer players, Ana, Bea and Cal, play a whole game on the USA board ([random seed](../docs/glossary.md#random-seed) 7).
# Press **▶** to play it one step at a time, **◀** to go back, **|◀** to go back to the deal,
# drag the **step** slider, or press **▶ Play** (and **⏸ Pause**, which keeps the step). Click a
# route on the board to see when it was claimed and by whom. The **eyes** menu shows the game as
# the teacher sees it (every hand) or as one player sees it (only their own cards and tickets).
# Lesson 06 explains every control.

# %%
# NBVAL_IGNORE_OUTPUT
game = ttr_nb.play_game("usa", ["Ana", "Bea", "Cal"], seed=7, agents="greedy")
stepper = ttr_nb.GameStepper(game, step=0)
stepper

# %% [markdown]
# The buttons can also be pressed from code: two steps forward.

# %%
stepper.forward.click()
stepper.forward.click()
print(stepper.counter.value)
print(f"the game has {len(game.history)} steps; {game.score().verdict}")

# %% [markdown]
# ## 2. The five boards
#
# | name | board | layout |
# | --- | --- | --- |
# | `usa` | Ticket to Ride (USA), with the tickets of USA 1910 | **official**: the published board's facts |
# | `legendary_asia` | Map Collection 1: Legendary Asia | **official**: the published board's facts |
# | `heart_of_africa` | Map Collection 3: The Heart of Africa | **authored for ttr_nb** from real geography |
# | `team_asia` | Map Collection 1: Team Asia | **authored for ttr_nb** from real geography |
# | `europe` | Ticket to Ride Europe | **official**: the published board's facts |
#
# The official layouts of The Heart of Africa and Team Asia are not public, so these two boards
# were **authored for this project**: they follow every rule and fact known about the real
# boards (the countries on the north edge of the map, Madagascar reached by ferry, tunnels in
# Asia, ...), but their cities, routes and tickets are our own. Every board says where it
# comes from:

# %%
for name in ["usa", "legendary_asia", "heart_of_africa", "team_asia", "europe"]:
    board = ttr_nb.load_map(name)
    print(f"{name:16} {'official' if board.official else 'authored for ttr_nb':20} {board.name}")

# %% [markdown]
# ### The USA
#
# `ttr_nb.load_map(name)` returns a board; `board.describe()` prints its facts and
# `ttr_nb.show(board)` draws it. Each route is a row of spaces in its colour (gray routes
# take any one colour), and a double route is two tracks side by side. The ticket decks are
# those of the base game and of *USA 1910* (lesson 02).

# %%
usa = ttr_nb.load_map("usa")
print(usa.describe())
ttr_nb.show(usa)

# %% [markdown]
# ### Legendary Asia
#
# Official board. **X spaces** are mountains: each X costs one extra train from your reserve.
# Striped spaces belong to **ferries**: they must be paid with Locomotives (the multicolour
# cards). Lesson 09 plays it.

# %%
asia = ttr_nb.load_map("legendary_asia")
print(asia.describe())
ttr_nb.show(asia)

# %% [markdown]
# ### The Heart of Africa (authored layout)
#
# **Nigeria, Tchad and Sudan** (the pale ovals on the north edge of the map) are *countries*:
# tickets go to them, but no path may pass through a country. Every route colour belongs to a
# **terrain** (desert, jungle or mountain), which matters for the Terrain cards of this map.
# Lesson 07 plays it.

# %%
africa = ttr_nb.load_map("heart_of_africa")
print(africa.describe())
print("countries:", ", ".join(sorted(africa.countries)))
ttr_nb.show(africa)

# %% [markdown]
# ### Team Asia (authored layout)
#
# For 4 or 6 players in teams of two. **Tunnels** have a dashed outline; the number in the
# dark disc is how many cards are turned over when a team claims it (how many the real game
# turns over is not certain: lesson 08 explains the choice). Lesson 08 plays it.

# %%
team_asia = ttr_nb.load_map("team_asia")
print(team_asia.describe())
ttr_nb.show(team_asia)

# %% [markdown]
# ### Europe
#
# The board most players know, for 2 to 5 players: **tunnels** (dashed outline) turn over 3
# cards, **ferries** need a Locomotive for each Locomotive space, and a player may build
# **train stations** to borrow another player's route for their tickets. Lesson 13 plays it.

# %%
europe = ttr_nb.load_map("europe")
print(europe.describe())
ttr_nb.show(europe)

# %% [markdown]
# ## 3. The board is a graph
#
# Cities are the **nodes** of a graph and routes are its **edges**. `board.to_networkx()`
# gives a networkx `MultiGraph`: a *multi*graph, because a double route is two edges between
# the same two cities. Each edge carries the route's facts and is keyed by the route's id.

# %%
g = usa.to_networkx()
print(g)
print(g.edges["Denver", "Omaha", usa.route_id("Denver–Omaha")])

# %% [markdown]
# The **[degree](../docs/glossary.md#degree)** of a city is the number of tracks that meet there (a double route counts
# twice). Counting **neighbours** instead, the cities one route away, treats a double route
# once: that is the degree in the simple graph `nx.Graph(g)`.

# %%
tracks = graph.degrees(usa)
neighbours = dict(nx.Graph(g).degree)
print("most tracks:    ", sorted(tracks.items(), key=lambda item: (-item[1], item[0]))[:5])
print("most neighbours:", sorted(neighbours.items(), key=lambda item: (-item[1], item[0]))[:5])

# %% [markdown]
# ### The cheapest way from Los Angeles to New York
#
# A Destination Ticket asks you to join two cities. `graph.cheapest_cost` finds the path that
# does it with the fewest trains, and the routes it uses; the route points come from the
# scoring table (1, 2, 4, 7, 10, 15 points for 1 to 6 spaces).

# %%
trains, routes = graph.cheapest_cost(usa, "Los Angeles", "New York")
print(ttr_nb.connect(usa, routes, "Los Angeles", "New York").describe())
print("trains:", trains, "— route points:", sum(usa.route_points(usa.route(r).length) for r in routes))
for t in usa.tickets:
    if {t.a, t.b} == {"Los Angeles", "New York"}:
        print(f"ticket ({', '.join(sorted(t.decks))}): {t.label()}")

# %% [markdown]
# The original ticket is worth 21 points, one more than the 20 trains of the cheapest path;
# the *USA 1910* reprint changed its value to 20. Here is the path on the board (the cyan band),
# with its two end cities ringed:

# %%
ttr_nb.show(usa, highlight=routes, highlight_label="the cheapest path", cities=["Los Angeles", "New York"],
            title=f"Los Angeles – New York in the fewest trains: {trains}")

# %% [markdown]
# ### Mountains cost trains: Astrakhan to Karachi on Legendary Asia
#
# On Legendary Asia each X space costs one more train, so the path with the fewest **cars**
# (`ttr_nb.connect`) is not always the one with the fewest **trains** (`graph.cheapest_cost`):

# %%
everything = [r.id for r in asia.routes]
by_cars = ttr_nb.connect(asia, everything, "Astrakhan", "Karachi")
print("fewest cars:  ", " → ".join(by_cars.cities), "—",
      sum(asia.route(r).length for r in by_cars.routes), "cars,",
      sum(asia.route(r).trains for r in by_cars.routes), "trains")
trains, routes = graph.cheapest_cost(asia, "Astrakhan", "Karachi")
print("fewest trains:", " → ".join(ttr_nb.connect(asia, routes, "Astrakhan", "Karachi").cities), "—",
      sum(asia.route(r).length for r in routes), "cars,", trains, "trains")
print("the ticket:   ", [t.label() for t in asia.tickets if {t.a, t.b} == {"Astrakhan", "Karachi"}])

# %%
ttr_nb.show(asia, highlight=routes, highlight_label="the cheapest path", cities=["Astrakhan", "Karachi"],
            title=f"Astrakhan – Karachi in the fewest trains: {trains}")

# %% [markdown]
# ## Summary
#
# - `ttr_nb.load_map` loads one of five boards: three official, two authored for ttr_nb;
#   `ttr_nb.show` draws a board or a game.
# - A board is a multigraph: cities are nodes, each track is an edge, so a double route is
#   two edges. A city's degree counts tracks; its neighbours are the cities one route away.
# - The cheapest way to complete a ticket is a shortest path weighted by trains; on
#   Legendary Asia mountains add trains, and the cheapest path can change.
# - On the USA board, a ticket is worth about as many points as the trains of its cheapest
#   path.
#
# Next: lesson 01 teaches the rules of the game, one move at a time.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# Write your answer in place of the `...` and run the cell: it tells you whether it is right,
# and if not, what to look at again.
#
# ### Exercise 1. (warm-up) Tracks and neighbours
#
# Look at **Seattle** on the USA board. How many tracks meet there, and how many neighbours
# does it have? Answer a pair `(tracks, neighbours)`.

# %%
answer = ...   # (tracks, neighbours)
exercises.check("00.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Seattle has routes to Vancouver, Portland, Calgary and Helena: 4 neighbours.
# Seattle–Vancouver and Seattle–Portland are double routes, two tracks each, so
# 2 + 2 + 1 + 1 = 6 tracks.

# %% tags=["solution"]
answer = (6, 4)
print(tracks["Seattle"], neighbours["Seattle"], sorted(g["Seattle"]))
exercises.check("00.1", answer)

# %% [markdown]
# ### Exercise 2. (challenge) Fewest trains, with mountains
#
# On Legendary Asia, the ticket Krasnoyarsk–Peking is worth 9 points. Find a path from
# Krasnoyarsk to Peking that costs the fewest trains (cars plus mountain X spaces). Answer the
# list of its cities in order. Use the picture of the board, or the functions above.
# Be ready to explain why no path from Krasnoyarsk to Peking costs fewer trains.

# %%
answer = ...   # e.g. ["Krasnoyarsk", "Irkutsk", ...]
exercises.check("00.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** The path with the fewest cars, Krasnoyarsk → Irkutsk → Ulan Bator → Peking,
# has 8 cars but 3 mountain X, so it costs 11 trains. Krasnoyarsk → Dihua → Peking costs
# 9 trains, as many as the ticket is worth; `graph.cheapest_cost` confirms it.

# %% tags=["solution"]
by_cars = ttr_nb.connect(asia, everything, "Krasnoyarsk", "Peking")
print("fewest cars:", " → ".join(by_cars.cities), sum(asia.route(r).trains for r in by_cars.routes), "trains")
print("fewest trains:", graph.cheapest_cost(asia, "Krasnoyarsk", "Peking")[0])
answer = ["Krasnoyarsk", "Dihua", "Peking"]
exercises.check("00.2", answer)

# %% [markdown]
# ### Exercise 3. (core) Predict, then run: a ticket and its cheapest path
#
# The original USA ticket Seattle–New York is worth 22 points. How many trains does the
# cheapest path from Seattle to New York take? Predict first, then run
# `graph.cheapest_cost(usa, "Seattle", "New York")` and answer the number of trains.

# %%
answer = ...   # a whole number of trains
exercises.check("00.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** 20 trains, through Helena, Duluth, Chicago and Pittsburgh: the ticket pays
# 2 points more than the trains it needs. Most original tickets are worth exactly the trains
# of their cheapest path; `graph.ticket_outliers` lists the few that are not, among them
# Los Angeles–New York (21 for 20).

# %% tags=["solution"]
trains, routes = graph.cheapest_cost(usa, "Seattle", "New York")
print(trains, "trains:", ttr_nb.connect(usa, routes, "Seattle", "New York").describe())
print([f"{v.ticket.label()}: {v.trains} trains" for v in graph.ticket_outliers(usa, "original")])
answer = 20
exercises.check("00.3", answer)
