# %% [markdown]
# # Lesson 05 · Trail optimisation: T-joins, Steiner trees, the whole board
# How do you *prove* that a [trail](../docs/glossary.md#trail) is the longest, without trying every trail? And what is the
# cheapest set of routes that completes a hand of Destination Tickets? This lesson answers both
# with two classic tools of optimisation, on the real boards.
#
# **Learning goals.** After this lesson you can:
# - explain what a [T-join](../docs/glossary.md#t-join) is, and why the routes a trail leaves out always contain one;
# - work out the upper [bound](../docs/glossary.md#bound) "all the cars minus the cheapest T-join" for a network, and use it
#   to prove that a trail is the longest;
# - explain how the longest trail of a whole board is found and proven;
# - (extension) explain why a [Steiner tree](../docs/glossary.md#steiner-tree) can be much cheaper than completing tickets one by one.
#
# **Time:** 50 minutes.
#
# **Sections:** §1 What a trail leaves out (12 min) · §2 The bound at work (8 min) · §3 The longest trail of a whole board (10 min) · exercises (20 min)
#
# **Prerequisites:** lesson 04 ([degrees](../docs/glossary.md#degree), [odd cities](../docs/glossary.md#odd-city), Euler's theorem, trails).
#
# **What you will do:** prove the longest trail of a player's network, prove the longest trail
# of every board, and solve three exercises. An extension, after the exercises, finds the
# cheapest routes for several tickets at once (Steiner trees), with a fourth exercise.

# %%
%matplotlib inline
import ttr_nb
from ttr_nb import exercises
from ttr_nb.exercises import l05
from ttr_nb.graph import (cheapest_cost, longest_trail, networks, odd_degree_cities,
                          steiner_tree, t_join_bound, ticket_steiner, whole_board_trail)
from ttr_nb.scoring import Scorer, Scoresheet

# %% [markdown]
# ## 1. What a trail leaves out
#
# In lesson 04, Ana's longest trail had 31 of her 45 cars. Here is her network again. How can we
# be sure that no trail is longer, without trying them all?

# %%
usa = ttr_nb.load_map("usa")
ana = Scorer.from_routes(usa, "Ana", [
    "Pittsburgh–Saint Louis", "Saint Louis–Kansas City", "Kansas City–Denver", "Denver–Helena",
    "Helena–Salt Lake City", "Salt Lake City–Denver", "Denver–Phoenix", "Phoenix–Los Angeles",
    "Los Angeles–Las Vegas", "Duluth–Helena", "Salt Lake City–San Francisco",
    "Nashville–Saint Louis", "Kansas City–Omaha"])
owned = [c.route for c in ana.claims]
print(longest_trail(usa, owned).describe())
print("odd cities:", odd_degree_cities(usa, owned))

# %% [markdown]
# **Parity.** Let *O* be the odd cities of a network, and take a trail from *s* to *t*. The trail
# uses an even number of routes at every city it passes through, and an odd number at each of its
# two ends (if *s* ≠ *t*). At each city, the routes left out are the city's routes minus the
# trail's, so the routes left out are odd exactly at the cities where *one* of the two numbers is
# odd:
#
# | the trail's ends | the odd cities of the routes left out |
# | --- | --- |
# | two odd cities *s*, *t* | *O* less *s* and *t* |
# | an odd city *s*, an even city *t* | *O* less *s*, plus *t* |
# | two even cities *s*, *t* | Exercise 3 asks you |
# | a closed trail (*s* = *t*) | *O* |
#
# A set of routes whose odd cities are exactly a set *T* is a **T-join** of *T*. So the routes
# a trail leaves out are always a T-join, but of a different *T* in each row.
#
# **The bound, for every trail.** Take a T-join *J* and a city *t* of *T*. Follow unused routes
# of *J* from *t*, as long as you can. Arriving at a city not in *T*, you have used an odd number
# of its routes in *J*, and it has an even number, so you can leave again; back at *t* you have
# used an even number of an odd number, so you can leave too. You can only get stuck at another
# city *u* of *T*. Taking that walk out of *J* changes the parity at *t* and *u* only, and only
# removes cars: what is left is a T-join of *T* less *t* and *u*. Start such walks from the
# trail's even ends, then from any odd city, until what is left is a T-join of *O* less two of its
# cities: in every row of the table, at most two walks do it. So **every trail leaves out at
# least the cheapest T-join of "all the odd cities but two"**, and no trail is longer than **all
# the cars minus that**. (With 0 or 2 odd cities, the bound is simply all the cars.)
#
# ## 2. The bound at work
#
# `t_join_bound` works out the bound for Ana's network:

# %%
bound = t_join_bound(usa, owned)
print(bound.describe())
print("the cheapest T-join:", [usa.route(r).label() for r in bound.t_join])
ttr_nb.show(Scoresheet.compute(usa, [ana]), highlight=bound.t_join, highlight_label="the cheapest T-join", dim_unclaimed=True,
            title=f"Ana's cheapest T-join: {bound.t_join_cars} cars, so no trail beats {bound.bound}")

# %% [markdown]
# The cheapest T-join is Ana's four spurs; it leaves Las Vegas and Pittsburgh odd, the two ends
# of her trail. The bound is 31 and her trail has 31 cars: it is the longest, **proven**, without
# trying a single other trail. `t_join_bound` finds the cheapest T-join exactly: the cheapest [paths](../docs/glossary.md#path)
# between all pairs of odd cities (Dijkstra), then the cheapest way to pair the odd cities up
# with two left free (a minimum-weight matching, Edmonds' blossom algorithm, in networkx).
#
# **The bound is not always met.** In Dan's network the cheapest T-join is one 3-car route, but
# what is left without it falls into two pieces, so no trail takes all of what is left, and no
# trail reaches the bound:

# %%
dan = usa.route_ids(["Calgary–Seattle", "Calgary–Winnipeg", "Denver–Helena", "Denver–Omaha",
                     "Helena–Omaha", "Helena–Salt Lake City", "Helena–Seattle", "Helena–Winnipeg",
                     "Las Vegas–Los Angeles", "Las Vegas–Salt Lake City", "Portland–Salt Lake City"])
dan_bound = t_join_bound(usa, dan)
print(dan_bound.describe(), [usa.route(r).label() for r in dan_bound.t_join])
print("pieces without it:", len(networks(usa, [r for r in dan if r not in dan_bound.t_join])))
print("longest trail:", longest_trail(usa, dan).length, "cars")

# %% [markdown]
# ## 3. The longest trail of a whole board
#
# How long could a Longest Path be, for a player with trains enough for the whole board? No player
# may ever hold both tracks of a double route ([B-5.7](../docs/RULES.md#B-5.7)), in a game of
# any size, so a player's network has **one track per city pair**. Lesson 04 showed that
# trying trails one by one is hopeless. The bound gives a proof instead: remove the cheapest
# T-join. What is left has exactly two odd cities; if it is still connected, Euler's theorem
# (Hierholzer's half) gives one trail through all of it. That trail's length *is* the bound, so
# it is the longest trail.

# %%
player = whole_board_trail(usa, one_track_per_pair=True)
print(player.describe())
print("  left out:", ", ".join(usa.route(r).label() for r in player.left_out))
print("the trail runs from", player.trail.cities[0], "to", player.trail.cities[-1])
ttr_nb.show(usa, highlight=player.left_out, highlight_label="city pairs left out of the trail",
            title=f"One track per city pair, all but {len(player.left_out)} pairs: one trail of {player.trail.length} cars")

# %% [markdown]
# So even a player with trains enough for the whole board could not make a Longest Path of more
# than 235 cars on the USA board, and one who held a track of every city pair but the 9
# highlighted would run one trail of 235 cars, from Portland to San Francisco. (A real player
# has 45 trains.)
#
# The board itself, with **both** tracks of every double, is a [multigraph](../docs/glossary.md#multigraph) with 100 tracks. Its
# longest trail is a fact about that graph, not a Longest Path any player can own:

# %%
graph_only = whole_board_trail(usa)
print(graph_only.describe())

# %% [markdown]
# The same proof works on every board, with one track per city pair (what a player can hold)
# and with every track (the multigraph):

# %%
for name in ("legendary_asia", "heart_of_africa", "team_asia"):
    board = ttr_nb.load_map(name)
    for one in (True, False):
        w = whole_board_trail(board, one_track_per_pair=one)
        kind = "one track per pair" if one else "every track"
        print(f"{name:16} {kind:18} {w.trail.length:3} of {w.total} cars, bound {w.upper_bound},",
              "proven" if w.proven else f"gap {w.gap}")

# %% [markdown]
# ## Summary
#
# - The routes a trail leaves out have as odd cities the network's odd cities, changed at the
#   trail's two ends: they form a **T-join**, and they always contain a T-join of all the odd
#   cities but two, whatever the ends.
# - So no trail is longer than **all the cars minus the cheapest T-join** of all the odd cities
#   but two. A trail that reaches the bound is proven longest (Ana: 45 − 14 = 31); the bound is
#   not always reached (Dan: bound 44, longest trail 42).
# - Remove the cheapest T-join; if what is left is connected, Euler's theorem gives one trail
#   through all of it, which meets the bound. On every board this proves the longest trail of
#   the whole board. No player holds both tracks of a double route, so for a player the board
#   has one track per city pair: on the USA board no Longest Path is longer than 235 cars (285
#   is the longest trail of the multigraph with every track, which no player can own).

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# The three exercises are about Cleo's network, around the Great Lakes: 10 routes, 39 cars.

# %%
cleo = Scorer.from_routes(usa, "Cleo", l05.PRACTICE_ROUTES)
print(len(cleo.claims), "routes,", sum(usa.route(c.route).length for c in cleo.claims), "cars:")
print(", ".join(usa.route(c.route).label() for c in cleo.claims))
ttr_nb.show(Scoresheet.compute(usa, [cleo]), title="Cleo's network", dim_unclaimed=True)

# %% [markdown]
# ### Exercise 1. (core) The cars every trail leaves out
# Find the odd cities of Cleo's network and the cheapest set of routes whose odd cities are all of
# them but two. At least how many cars must every trail of Cleo's network leave out? Give a whole
# number of cars.

# %%
answer = ...   # a whole number of cars
exercises.check("05.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** The odd cities are Duluth, Sault St. Marie and Toronto (3 routes each), and
# Omaha, New York and Raleigh (1 each). Pair four of them along the cheapest routes: Duluth–Sault
# St. Marie is one route of 3 cars, and Toronto–Pittsburgh–Raleigh two routes of 2 cars each
# (Pittsburgh, with 2 routes, stays even). That is **7** cars, with Omaha and New York left free.
# No cheaper pairing exists: Duluth–Sault St. Marie (3) and Toronto–Raleigh (4) are the two
# closest pairs of odd cities, and every other pair is at least 6 cars apart, so any other two
# pairs cost at least 3 + 6 = 9. By the bound, every trail leaves out at least 7 cars.

# %% tags=["solution"]
answer = 7
print(t_join_bound(usa, [c.route for c in cleo.claims]).describe())
exercises.check("05.1", answer)

# %% [markdown]
# ### Exercise 2. (core) A trail that meets the bound
# So no trail of Cleo's network is longer than 39 minus your answer. Find a trail that long, and
# you have proven it is the longest. Give its cities in order, such as `['Seattle', 'Portland', ...]`.

# %%
answer = ...   # a list of cities in trail order
exercises.check("05.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Leave out the three routes of Exercise 1; what remains is connected and has two
# odd cities, Omaha and New York, so one trail takes all of it: Omaha → Chicago → Toronto →
# Duluth → Winnipeg → Sault St. Marie → Montréal → New York, 4 + 4 + 6 + 4 + 6 + 5 + 3 = 32 =
# 39 − 7 cars. It meets the bound, so it is a longest trail.

# %% tags=["solution"]
answer = ["Omaha", "Chicago", "Toronto", "Duluth", "Winnipeg", "Sault St. Marie", "Montréal",
          "New York"]
exercises.check("05.2", answer)

# %% [markdown]
# ### Exercise 3. (challenge) A trail that ends at two even cities
# A trail of a network starts at an even city *s* and ends at another even city *t*. Which cities
# are odd for the routes it leaves out? Answer `'a'`, `'b'` or `'c'`:
#
# - a. the odd cities of the network;
# - b. the odd cities of the network, less *s* and *t*;
# - c. the odd cities of the network, and *s* and *t*.
#
# Be ready to prove your choice: count the routes the trail uses at each city.

# %%
answer = ...   # 'a', 'b' or 'c'
exercises.check("05.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** (c). At *s* the trail uses one route to leave and then pairs of routes each time
# it comes back and leaves again: an odd number. *s* is even, so an odd number of its routes are
# left out. The same holds at *t*. At every other city the trail uses an even number, so the
# routes left out are odd exactly where the network is. On Cleo's network: Chicago → Toronto →
# Pittsburgh starts and ends at even cities, and the routes it leaves out are odd at the six odd
# cities and at Chicago and Pittsburgh. That is why the bound needed its extra step.

# %% tags=["solution"]
answer = "c"
exercises.check("05.3", answer)

# %% [markdown]
# ## Extension · Steiner trees: the cheapest routes for your tickets
#
# *Not in the 50 minutes: for a second lesson, or students who finish early; it ends with a
# fourth exercise.*
#
# A ticket is complete when its two cities are joined by your routes. The fewest trains that join
# two cities is a **shortest path** (`cheapest_cost`, Dijkstra's algorithm). Joining *several*
# cities as cheaply as possible is the **Steiner tree** problem, which is [NP-hard](../docs/glossary.md#np-hard): `steiner_tree`
# solves it exactly for up to 7 cities (the Dreyfus–Wagner dynamic programme, [reading list](../docs/reading.md)) and otherwise uses
# networkx's approximation (at most twice the cheapest). For a hand of up to 4 tickets,
# `ticket_steiner` tries every way to group them, one exact Steiner tree per group: tickets far
# apart are better served by separate trees (a Steiner **forest**).

# %%
hand = [usa.ticket(i) for i in ("O20", "O24", "O29", "O30")]
for t in hand:
    print(f"{t.label():30} alone: {cheapest_cost(usa, t.a, t.b)[0]:2} trains")
forest = ticket_steiner(usa, hand)
print("one by one:", sum(cheapest_cost(usa, t.a, t.b)[0] for t in hand), "trains")
print("together:  ", forest.trains, "trains, in", len(forest.trees), "trees:", forest.groups)
cities = sorted({c for t in hand for c in (t.a, t.b)})
print(f"one tree over all {len(cities)} cities:", steiner_tree(usa, cities).trains, "exactly,",
      steiner_tree(usa, cities, exact=False).trains, "by the approximation")

# %%
ttr_nb.show(usa, highlight=forest.routes, highlight_label="the cheapest routes (Steiner trees)",
            cities=cities,
            title=f"The cheapest routes for four tickets: {forest.trains} trains in two trees")

# %% [markdown]
# The four tickets cost 43 trains one by one, but only 26 together: the two western tickets
# share the coast, the two from Winnipeg share the way south. One tree joining all 7 cities (the
# two Winnipeg tickets share a city) would cost 31, more than the two separate trees.

# %% [markdown]
# ### Exercise 4. (core) Extension: two tickets at once
# Seattle–New York (22 points) and Vancouver–Montréal (20 points): what is the fewest trains
# that completes **both** tickets? Use the map (and `cheapest_cost` if you like). Give a whole
# number of trains.

# %%
answer = ...   # a whole number of trains
exercises.check("05.4", answer)

# %% [markdown] tags=["solution"]
# **Solution.** One by one, Seattle–New York costs 20 trains (it pays 22 points) and
# Vancouver–Montréal 20: 40 trains. But one line can serve both: Vancouver–Montréal along the
# north (Calgary, Winnipeg, Sault St. Marie) is 3 + 6 + 6 + 5 = 20 trains; add Seattle–Vancouver
# (1) and Montréal–New York (3) and Seattle is joined to New York too: **24** trains for both.
# `ticket_steiner` confirms that nothing is cheaper.

# %% tags=["solution"]
tickets = [usa.ticket(i) for i in l05.TICKETS]
both = ticket_steiner(usa, tickets)
print([cheapest_cost(usa, t.a, t.b)[0] for t in tickets], both.trains, both.groups)
print([usa.route(r).label() for r in both.routes])
answer = 24
exercises.check("05.4", answer)
