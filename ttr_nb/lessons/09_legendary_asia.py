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
# # Lesson 09 · Legendary Asia: mountains, ferries and the Asian Explorer
# *Legendary Asia* keeps the base game and adds mountain routes that cost extra trains (and pay
# for them), ferries, Long Routes, and a new bonus for the biggest network instead of the
# Longest Path bonus.
#
# **Learning goals.** After this lesson you can:
# - work out the trains a mountain route takes and the points it scores, and compare its points per train with an ordinary route's;
# - say which cards a ferry needs;
# - explain what happens to the tickets a player does not keep at setup;
# - find who scores the Asian Explorer bonus: the most cities in one network, which is not a longest [trail](../docs/glossary.md#trail).
#
# **Time:** 45 minutes (about 30 to read and run, 15 for the exercises).
#
# **Sections:** §1 The rules of Legendary Asia (3 min) · §2 Mountain routes (8 min) · §3 A game: the tickets (4 min) · §4 Ferries (3 min) · §5 A mountain claimed (4 min) · §6 The Asian Explorer (6 min) · §7 The final score (2 min) · exercises (15 min)
#
# **Prerequisites:** lesson 01 (claiming routes, the route table, Destination Tickets).
#
# **What you will do:** read the mountain routes off the board, follow a three-player game of
# computer players, and check your answers to three exercises.

# %%
# %matplotlib inline
import ttr_nb
from ttr_nb import exercises, narrate
from ttr_nb.actions import ClaimRoute
from ttr_nb.graph import largest_network, longest_trail, networks
from ttr_nb.rules.mountains import mountain_kinds, route_value

# %% [markdown]
# ## 1. The rules of Legendary Asia
#
# | rule | what |
# | --- | --- |
# | [LA-1](../docs/RULES.md#LA-1), [LA-2](../docs/RULES.md#LA-2) | 2 to 5 players, 45 trains each |
# | [LA-3](../docs/RULES.md#LA-3), [LA-4](../docs/RULES.md#LA-4), [LA-5](../docs/RULES.md#LA-5) | setup: 1 **Long Route** + 3 regular tickets, keep at least 2 (any mix); every ticket not kept goes **back into the box**, with the Long Routes nobody was dealt. Later: draw 3, keep at least 1 |
# | [LA-9](../docs/RULES.md#LA-9), [LA-10](../docs/RULES.md#LA-10), [LA-11](../docs/RULES.md#LA-11) | a space marked **X** is a mountain: for each X the claimer puts one **extra** train from the reserve into the *Mountain Crossing* (out of the game) and scores **+2** for it at once |
# | [LA-7](../docs/RULES.md#LA-7), [EU-2](../docs/RULES.md#EU-2) | ferries: one Locomotive per Locomotive space |
# | [LA-12](../docs/RULES.md#LA-12) | no Longest Path bonus: **Asian Explorer +10** for the most cities in one network |

# %% [markdown]
# ## 2. Mountain routes
#
# On the board a mountain space is drawn with an **X mark**. The routes with at least one X are highlighted:

# %%
game = ttr_nb.new_game("legendary-asia", ["Ana", "Bea", "Cal"], seed=0)
board = game.board
mountains = [r.id for r in board.routes if r.mountains]
print(f"{len(mountains)} mountain routes, {sum(board.route(r).mountains for r in mountains)} X spaces in all")
ttr_nb.show(board, highlight=mountains, highlight_label="mountain routes",
            title="Legendary Asia: the mountain routes")

# %% [markdown]
# A route of length $L$ with $X$ mountain spaces takes $L + X$ trains from the reserve ($L$ on the
# board, $X$ into the Mountain Crossing) and scores the route table's points for $L$, plus $2X$.
# Every kind of mountain route on this board, with its points per train, against an ordinary
# route of the same length $L$:

# %%
print("  L  X  routes  trains  points     per train   ordinary L")
for v, n in mountain_kinds(board):
    same_length = route_value(board, v.length)
    print(f"{v.length:>3}{v.mountains:>3}{n:>8}{v.trains:>8}   {v.points} = {v.route_points} + {v.crossing_points}"
          f"{v.per_train:>9.2f}{same_length.per_train:>13.2f}")

# %% [markdown]
# **Per train, a mountain route pays better than an ordinary route of the same length**, on
# every kind of this board: 1.50 points per train against 1.00 for length 1; 1.33 (1 X) and
# 1.50 (2 X) against 1.00 for length 2; 1.50 against 1.33 for length 3; 1.80 against 1.75 for
# length 4. The reason: each X adds 1 train and 2 points, and 2 points per train is more than any
# route of length 1 to 4 pays per train.
#
# But a player spends trains, not spaces: is a mountain route also better than an ordinary route
# that takes **the same number of trains**? Exercise 2 asks it for one route. Keep in mind too
# that the crossing trains never join your network, and that they bring the end of the game
# closer ([LA-11](../docs/RULES.md#LA-11)).
#
# ## 3. A game: the tickets
#
# Three computer players play a game with a fixed [random seed](../docs/glossary.md#random-seed). First the tickets: each player is
# dealt 1 Long Route and 3 regular tickets and keeps at least 2. What is not kept goes back into
# the box with the undealt Long Routes: nobody will draw them. Below, the box gets the 3 Long
# Routes nobody was dealt and the 2 + 1 + 1 = 4 tickets not kept: 7 tickets.

# %%
players = narrate.computer_players(game)
for _ in range(3):
    _ = narrate.play(game, players=players)
print(f"In the box: {game.view(None)['box']} tickets; the draw pile: {game.ticket_deck_size} regular tickets")

# %% [markdown]
# ## 4. Ferries
#
# A ferry needs one Locomotive per Locomotive space (the striped spaces). We play on until a
# player claims a ferry; first, the same claim without a Locomotive:

# %%
ferry = narrate.play_until(game, players, before=lambda g, a: isinstance(a, ClaimRoute) and g.board.route(a.route).ferry_locos)
route = board.route(ferry.route)
_ = narrate.try_play(game, ClaimRoute.paying(route.id, blue=route.length))
_ = narrate.play(game, ferry)

# %% [markdown]
# ## 5. A mountain claimed
#
# Watch the reserve and the points: the trains on the board, plus one train per X into the
# Mountain Crossing.

# %%
claim = narrate.play_until(game, players, before=lambda g, a: isinstance(a, ClaimRoute) and g.board.route(a.route).mountains)
seat = game.current_player
trains, points = game.trains[seat], game.points[seat]
_ = narrate.play(game, claim)
print(f"{game.names[seat]}: trains {trains} -> {game.trains[seat]}, points {points} -> {game.points[seat]}")

# %% [markdown]
# Agra–Kathmandu has length 2 and one X. The claim's **+4** is the whole gain: 2 points for a
# route of length 2 and 2 points for the one train in the Mountain Crossing. The second line
# explains the +2 that is already in the +4: Cal's points go from 6 to 10, and his reserve loses
# 2 trains for the board and 1 for the crossing, 40 → 37.
#
# The game then runs to its end (a player ends a turn with 2 trains or fewer, then everyone plays
# once more, [B-7.1](../docs/RULES.md#B-7.1)). Every train is accounted for: reserves + trains on the board + the Mountain
# Crossing = 3 × 45 = 135.

# %%
narrate.play_until(game, players)
on_board = sum(board.route(r).length for r in game.route_owners)
crossing = sum(game.view(None)["players"][s]["mountain_crossing"] for s in range(3))
print(f"reserves {sum(game.trains)} + on the board {on_board} + crossing {crossing} = {sum(game.trains) + on_board + crossing}")

# %% [markdown]
# ## 6. The Asian Explorer: the most cities in one network
#
# Take the graph whose edges are a player's routes. The Asian Explorer counts the cities of its
# biggest **connected piece** (a connected component): branches count, so a star of 3 routes joins
# 4 cities. It is not a longest trail, which must run along routes without branching.
#
# > **Uncertain rule.** What happens when players tie for the Asian Explorer
# > ([LA-12](../docs/RULES.md#LA-12))? The rules we could read do not say. ttr_nb gives the +10
# > to **every** tied player, as the Board Game Arena version does. (An unfinished note there
# > speaks of a tie-break, completed tickets then mountain routes, probably meant for the
# > winner of the game.) There is no setting to change it yet.

# %%
routes_of = [[r for r, o in game.route_owners.items() if o == s] for s in range(3)]
for s, name in enumerate(game.names):
    trail = longest_trail(board, routes_of[s])
    print(f"{name}: pieces of {[len(p.cities) for p in networks(board, routes_of[s])]} cities; "
          f"longest trail {trail.length} cars through {len(set(trail.cities))} cities")

# %%
sheet = game.score()
print(sheet.bonus_summary("asian_explorer"))
net = largest_network(board, routes_of[2])
ttr_nb.show(game, highlight=sorted(net.routes), highlight_label="Cal's biggest network", cities=sorted(net.cities),
            title=f"Cal's biggest network: {len(net.cities)} cities")

# %% [markdown]
# Ana and Cal both join 9 cities in one network: tied, each scores the +10. Bea's longest
# trail is the longest of the three (20 cars), yet her network joins only 8 cities.
#
# ## 7. The final score
#
# Each route, each Mountain Crossing train (+2), each ticket (+ when its cities are joined, −
# when not), and the Asian Explorer bonus:

# %%
narrate.score_summary(sheet)

# %% [markdown]
# ## Summary
#
# - A mountain route of length $L$ with $X$ marks takes $L + X$ trains and scores the route
#   table's points for $L$ plus $2X$. Per train it pays better than an ordinary route of the same
#   length; its crossing trains never join your network.
# - A ferry needs one Locomotive per Locomotive space.
# - Tickets not kept at setup go back into the box, out of the game.
# - The Asian Explorer (+10) goes to the most cities in one network (a connected component), not
#   to the longest trail; tied players each score it in ttr_nb.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# Write your answer in place of the `...` and run the cell: the checker says whether it is right, and if not, what to look at again.

# %% [markdown]
# ### Exercise 1. (warm-up) What is this mountain route worth?
# No route of Legendary Asia has 3 spaces and 2 X. If one were printed on the board, how many
# trains would claiming it take from the reserve, and how many points would it score at once?
# Answer with a pair `(trains, points)`.

# %%
answer = ...   # e.g. (3, 4)
exercises.check("09.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** 3 trains go on the board and 1 per X, 2 in all, into the Mountain Crossing:
# 5 trains. The route table gives 4 points for a route of length 3, and each X scores 2 more:
# 4 + 2 × 2 = 8 points (an ordinary route of 5 trains would score 10).

# %% tags=["solution"]
answer = (5, 8)
exercises.check("09.1", answer)

# %% [markdown]
# ### Exercise 2. (core) Points per train
# Which pays more per train taken from the reserve: Omsk–Samarkand (4 spaces, 1 X), or an
# ordinary route of 5 spaces? Answer `"mountain"`, `"ordinary"` or `"the same"`.

# %%
answer = ...   # "mountain", "ordinary" or "the same"
exercises.check("09.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Both take 5 trains. Omsk–Samarkand scores 7 (length 4) + 2 (one X) = 9 points,
# 1.8 per train; an ordinary 5-space route scores 10 points, 2.0 per train. The ordinary route
# pays more: the X adds 2 points for its train, but the 5th space of an ordinary route adds 3
# (10 points for length 5 against 7 for length 4).
#
# The same comparison for every kind on the board: only the 1-space route with 1 X pays more
# than an ordinary route of the same trains (3 points for 2 trains, against 2), the 2-space
# route with 1 X pays the same (4 points for 3 trains), and every other kind pays less (a
# 2-space route with 2 X: 6 points for 4 trains, an ordinary 4-space route 7). Add that the
# crossing trains never join your network and end the game sooner: a trade-off to discuss in
# class.

# %% tags=["solution"]
answer = "ordinary"
exercises.check("09.2", answer)

# %% [markdown]
# ### Exercise 3. (challenge) Who gets the Asian Explorer?
# At the end of a game:
# - Ana holds Agra–Calcutta, Agra–Kathmandu and Agra–Rawalpindi;
# - Bea holds Dihua–Samarkand, Karachi–Samarkand and Karachi–Shiraz;
# - Cal holds Peking–Xi'an, Dihua–Xi'an, Moscow–Perm and Astrakhan–Moscow.
#
# Who scores the Asian Explorer bonus in ttr_nb? Answer with a list of names.
# Be ready to say why, from the cities of each player's largest network.

# %%
answer = ...   # e.g. ["Cal"]
exercises.check("09.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Ana's three routes meet at Agra: one network of 4 cities (Agra, Calcutta,
# Kathmandu, Rawalpindi). Bea's routes form a chain Dihua–Samarkand–Karachi–Shiraz: 4 cities.
# Cal touches 6 cities, but in two networks of 3 (Peking, Xi'an, Dihua and Astrakhan, Moscow,
# Perm), and only one network counts. Ana and Bea tie with 4: each scores the +10.

# %% tags=["solution"]
answer = ["Ana", "Bea"]
exercises.check("09.3", answer)
