# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 13 · Europe: train stations, a graph question
# *Ticket to Ride Europe* adds ferries, tunnels and train stations to the base game. At the end
# of the game a [train station](../docs/glossary.md#train-station) lets its owner use one route
# of another player: which one? We turn this into a question about graphs and answer it by
# trying every choice.
#
# **Learning goals.** After this lesson you can:
# - say what Europe adds to the base game, and which rule covers each addition;
# - say what a station costs to build, and which payments the rules allow;
# - explain why a ticket is a question of connection, and what one borrowed route adds to a network;
# - find the route a station should borrow, and count the choices an
#   [exhaustive search](../docs/glossary.md#exhaustive-search) compares for several stations.
#
# **Time:** 30 minutes (about 22 to read and run, 8 for the exercises).
#
# **Sections:** §1 What Europe adds (5 min) · §2 Building a station (5 min) · §3 A ticket is a connection (5 min) · §4 The best route for each station (7 min) · exercises (8 min)
#
# **Prerequisites:** lesson 01 (claiming routes, Destination Tickets) and lesson 03 (tickets done
# or not in the final score). Lesson 08 explains tunnels and their odds, but is not needed here.
#
# **What you will do:** look at the Europe board, build stations in a game of computer players
# (and try two that the rules refuse), follow a ticket through a player's routes, and let
# ttr_nb try every use of a player's stations.

# %%
# %matplotlib inline
import ttr_nb
from ttr_nb import analysis, exercises, graph, narrate
from ttr_nb.exercises import l13
from ttr_nb.rules.stations import BuildStation, best_use

# %% [markdown]
# ## 1. What Europe adds
#
# Europe is the base game (claiming routes, drawing cards and tickets, the end and the score)
# with these rules on top:
#
# | rule | what |
# | --- | --- |
# | [EU-1](../docs/RULES.md#EU-1) | 45 trains and 3 train stations each; at setup 1 Long Route and 3 regular tickets, keep at least 2; later, draw 3 and keep at least 1 |
# | [EU-2](../docs/RULES.md#EU-2) | ferries: one Locomotive for each Locomotive symbol on the route |
# | [EU-3](../docs/RULES.md#EU-3) | tunnels: 3 cards are turned up, and each match costs one more card |
# | [EU-4](../docs/RULES.md#EU-4) | train stations: built on a city, they lend one route of another player at the end |
# | [EU-5](../docs/RULES.md#EU-5) | an 8-space route scores 21; the longest path (the European Express) scores 10, to every tied player |
# | [B-5.8](../docs/RULES.md#B-5.8) | both tracks of a double route are open with 4 or 5 players only |

# %%
europe = ttr_nb.load_map("europe")
print(europe.describe())
print("An 8-space route scores", europe.route_points(8), "points.")
ttr_nb.show(europe)

# %% [markdown]
# Tunnels have a dashed outline and a dark badge with the 3 cards they turn up; ferries have
# striped Locomotive spaces. The one 8-space route is Petrograd–Stockholm, itself a tunnel.
#
# ## 2. Building a station
#
# Instead of drawing cards, claiming a route or drawing tickets, a player may spend a turn
# building a train station on any city that has none: one station per city, whoever built it
# ([EU-4](../docs/RULES.md#EU-4)). The first station costs 1 card, the second 2 cards of one
# colour, the third 3 cards of one colour; Locomotives stand in for any colour. A station kept
# in the reserve, never built, scores 4 points at the end: a station that is built gives up
# those 4 points, and is worth it only if the route it borrows completes tickets worth more.
#
# > **Uncertain rule.** Some summaries say "each unused station scores 4", which could also give
# > 4 points to a station built but lending no route. The published rule counts the stations kept
# > in the reserve, and ttr_nb follows it. The setting `station_points="unused"` gives the 4
# > points to a built station lending no route too.
#
# Three computer players play a game. At her third turn, Ana builds a station in Zürich, an end
# of her ticket Zürich–Brindisi:

# %%
game = ttr_nb.new_game("europe", ["Ana", "Bea", "Cal"], seed=13)
players = narrate.computer_players(game)
narrate.play_until(game, players, before=lambda g, a: g.turn >= 6 and g.current_player == 0 and g.pending == "turn")
print("Ana holds", narrate.cards(game.hand(0)), "and the tickets", narrate.tickets(game, game.tickets(0)))
_ = narrate.play(game, BuildStation("Zürich", {"black": 1}))

# %% [markdown]
# At her next turn Bea would like a station in Zürich too; at her own next turn Ana would like a
# second station in Brindisi, the other end of that ticket. The rules refuse all three tries:

# %%
narrate.play_until(game, players, before=lambda g, a: g.current_player == 1 and g.pending == "turn")
_ = narrate.try_play(game, BuildStation("Zürich", {"red": 1}))
narrate.play_until(game, players, before=lambda g, a: g.current_player == 0 and g.pending == "turn")
print("Ana holds", narrate.cards(game.hand(0)))
_ = narrate.try_play(game, BuildStation("Brindisi", {"green": 1, "blue": 1}))
_ = narrate.try_play(game, BuildStation("Brindisi", {"white": 2}))

# %% [markdown]
# Ana must wait until she holds 2 cards of one colour, or 1 card of a colour and a Locomotive.
#
# ## 3. A ticket is a connection
#
# A Destination Ticket is done when its two cities are joined by the player's routes: in the
# words of graph theory, when they lie in the same
# [connected component](../docs/glossary.md#connected-component) of the player's network.
# Here is the end of another game, made up for this lesson. Ana built stations in Paris and
# Frankfurt (the houses in her colour); the picture does not show yet which routes they borrow.

# %%
sheet = l13.worked_example()
board = sheet.board
ttr_nb.show(sheet, borrowed={}, title="The end of a game: Ana's stations in Paris and Frankfurt")

# %% [markdown]
# Ana holds three tickets, and none is done yet: her routes make two pieces, one in the west and
# one in the east. `graph.networks` lists the pieces and `graph.connect` follows a ticket
# through them:

# %%
ana = [claim.route for claim in sheet.scorers[0].claims]
print("Ana's tickets:", [board.ticket(t).label() for t in sheet.scorers[0].tickets])
print([sorted(piece.cities) for piece in graph.networks(board, ana)])
print(graph.connect(board, ana, "London", "Wien").describe())

# %% [markdown]
# At the end, each station adds **one edge** of another player's network at its city. One
# borrowed route can join two pieces, or add a city to one of them, or change nothing. Between
# Ana's two pieces lies Frankfurt, in neither: one borrowed route into Frankfurt is not enough,
# but the two routes of Cal's that pass through Frankfurt together are a path from one piece to
# the other:

# %%
borrowed = board.route_ids(["Frankfurt–Paris orange", "Frankfurt–München"])
print(graph.connect(board, ana + borrowed[:1], "London", "Wien").connected)
print(graph.connect(board, ana + borrowed, "London", "Wien").describe())

# %% [markdown]
# ## 4. The best route for each station
#
# For one station the choices are: no route, or one route of another player into its city.
# Two tracks between the same two cities join the same places, so they are one choice; a route
# between two cities Ana already joins with her own track adds nothing, so it is no choice.
# `analysis.station_options` lists the choices of each station, the others lending nothing,
# and the tickets each one completes on its own:

# %%
for option in analysis.station_options(sheet, "Ana"):
    print(option)

# %% [markdown]
# On its own, the best choice for Paris is Paris–Zürich (it completes Madrid–Zürich, +16), and
# no choice for Frankfurt completes anything. Choosing so, station by station, Ana would score
# −26 + 16 = −10 on her tickets (all three fail without a borrowed route: −10 − 8 − 8).
# But the two stations **together** can join her two pieces. So ttr_nb tries every combination,
# 4 choices for Paris times 4 for Frankfurt, and keeps the one with the most ticket points:

# %%
use = best_use(board, sheet.scorers[0], sheet.scorers)
print(use.tried, "combinations compared; ticket points of the best:", use.value)
print(*(line for line in sheet.lines[0] if line.kind == "station"), sep="\n")

# %% [markdown]
# The best choice completes London–Wien and Paris–Wien: 10 + 8 − 8 = 10 ticket points, 20 more
# than choosing station by station. The score sheet's picture frames each borrowed route in
# the colour of the player who borrows it, with a small house on it. The borrowed routes count
# for tickets only: they never lengthen Ana's longest
# [trail](../docs/glossary.md#trail) for the European Express ([EU-5](../docs/RULES.md#EU-5)).

# %%
ttr_nb.show(sheet, title="Ana's stations borrow Frankfurt–Paris and Frankfurt–München")

# %% [markdown]
# ## Summary
#
# - Europe adds ferries, tunnels (3 cards turned up), an 8-space route worth 21 and train
#   stations to the base game; the European Express gives 10 points to every tied player.
# - A station costs 1, then 2, then 3 cards of one colour (Locomotives wild), one per city; each
#   station never built scores 4 at the end.
# - A ticket is done when its cities lie in one connected component of the player's routes; a
#   station adds one edge of another player's network at its city, for tickets only.
# - The best use of several stations is found by trying every combination: the choices of the
#   stations multiply. The best combination can beat the best choice of each station on its
#   own, because two borrowed routes can make a path together.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# Write your answer in place of the `...` and run the cell: the checker says whether it is
# right, and if not, what to look at again.

# %% [markdown]
# ### Exercise 1. (warm-up) Paying for a second station
# Bea has built one station. She holds 2 red cards, 1 blue card and 1 Locomotive. Which of
# these payments may build her second station? Answer with a list of letters, such as
# `["A", "D"]`.
# - A: 1 red and 1 blue.
# - B: 2 red.
# - C: 1 blue and 1 Locomotive.
# - D: 2 Locomotives.
# - E: 1 red.

# %%
answer = ...   # a list of letters
exercises.check("13.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** The second station costs 2 cards of one colour, and a Locomotive stands in for
# any colour. B (2 red) is allowed, and so is C: the Locomotive stands in for a second blue
# card. A mixes two colours; D needs 2 Locomotives and Bea holds 1; E is 1 card, the price of a
# first station only. So `["B", "C"]`.

# %% tags=["solution"]
answer = ["B", "C"]
exercises.check("13.1", answer)

# %% [markdown]
# ### Exercise 2. (core) Which route should Cal's station borrow?
# In the game of sections 3 and 4, suppose Cal had also built a station in Venezia. His tickets
# are Berlin–Roma (9) and Zürich–Brindisi (6), both not done; his routes are in the picture.
# Which route should his station borrow at the end? Work it out from the picture first, then
# answer with one route, such as `"Roma–Venezia"`. (Once you have answered, you may compare
# your reasoning with `analysis.station_options(l13.cal_sheet(), "Cal")`.)

# %%
answer = ...   # one route, as 'City–City'
exercises.check("13.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Cal's routes make two pieces: Paris, Frankfurt, Berlin, München and Wien, and
# Venezia, Roma and Brindisi. The routes of other players into Venezia are München–Venezia
# (Ana's), Venezia–Zürich and Venezia–Zagrab (Bea's). München–Venezia joins the two pieces and
# completes Berlin–Roma (9): +18 on the tickets. Venezia–Zürich brings Zürich to the Venezia
# piece and completes Zürich–Brindisi (6): +12. Venezia–Zagrab completes nothing. One station
# lends one route, so the best is München–Venezia. (Roma–Venezia is Cal's own route: no choice.)

# %% tags=["solution"]
answer = "München–Venezia"
exercises.check("13.2", answer)

# %% [markdown]
# ### Exercise 3. (challenge) How many choices with three stations?
# In the game of sections 3 and 4, suppose Ana had also built her third station, in Zürich.
# How many combinations would the exhaustive search compare for her three stations? Answer with
# a whole number, and explain why the numbers of choices of the stations multiply rather than
# add up.

# %%
answer = ...   # a whole number
exercises.check("13.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Paris and Frankfurt have 4 choices each (section 4). Zürich's are: no route,
# Paris–Zürich, Marseille–Zürich and Venezia–Zürich, all three Bea's (München–Zürich is
# claimed by no one): 4 choices. Each choice for Paris can go with each choice for Frankfurt
# (16 pairs), and each pair with each choice for Zürich: 4 × 4 × 4 = 64. The numbers multiply
# because the choices are made together, one for every station: a combination is one choice
# per station. With 10 stations of 4 choices each there would already be more than a million
# combinations; with 3 stations, the search is instant.

# %% tags=["solution"]
answer = 64
exercises.check("13.3", answer)
