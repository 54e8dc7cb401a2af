# %% [markdown]
# # Lesson 04 · Euler, trails and paths
# A *Ticket to Ride* board is a real graph: cities are [vertices](../docs/glossary.md#vertex), routes are [edges](../docs/glossary.md#edge). This lesson
# uses it to meet [degrees](../docs/glossary.md#degree), Euler's theorem, and the difference between a [trail](../docs/glossary.md#trail) and a [path](../docs/glossary.md#path), which
# decides who gets the Longest Path bonus.
#
# **Learning goals.** After this lesson you can:
# - work out the degree of every city of a network and say which cities are odd;
# - state Euler's theorem, and explain which half Euler proved and which half Hierholzer proved;
# - explain why the longest trail can be longer than the [longest simple path](../docs/glossary.md#simple-path), and find one;
# - prove a lower [bound](../docs/glossary.md#bound) on the routes a trail must leave out, from the [odd cities](../docs/glossary.md#odd-city);
# - (extension) explain why finding a longest trail is hard on large networks.
#
# **Time:** 50 minutes.
#
# **Sections:** §1 The board is a multigraph (8 min) · §2 Euler's theorem (10 min) · §3 The longest trail and the longest simple path (12 min) · exercises (20 min)
#
# **Prerequisites:** lesson 01 (routes and the Longest Path bonus); lesson 03 shows a player's
# longest trail on a score sheet.
#
# **What you will do:** count degrees on the USA board, compare the longest trail and the
# longest simple path of a player's network, and solve three exercises on a practice network.
# Three extensions, after the exercises, go further: [bridges](../docs/glossary.md#bridge) and planarity, and why the longest
# trail is hard to find (a proof for university students, with a fourth exercise), and a
# challenge: the biggest gap between a trail and a simple path (a fifth exercise).

# %%
%matplotlib inline
import ttr_nb
from ttr_nb import exercises
from ttr_nb.exercises import l04
from ttr_nb.graph import (bridges, count_trails, degrees, is_planar, longest_simple_path,
                          longest_trail, odd_degree_cities)
from ttr_nb.scoring import Scorer, Scoresheet

# %% [markdown]
# ## 1. The board is a multigraph
#
# Each city is a **vertex** and each track is an **edge**. A double route is two parallel
# tracks between the same two cities, so the board is a **[multigraph](../docs/glossary.md#multigraph)**. The **degree** of a
# city is the number of tracks that end there (both tracks of a double count).
#
# **The [handshake lemma](../docs/glossary.md#handshake-lemma).** Every track has two ends, so the degrees add up to twice the number
# of tracks. A sum of numbers is even only if an even number of them are odd: **every network
# has an even number of odd cities.**

# %%
usa = ttr_nb.load_map("usa")
G = usa.to_networkx()
pairs = {frozenset((u, v)) for u, v in G.edges()}
print(G.number_of_nodes(), "cities,", G.number_of_edges(), "tracks,", len(pairs), "city pairs")
print(G.number_of_edges() - len(pairs), "tracks are the second track of a double route")
deg = degrees(usa)
print("busiest cities:", sorted(deg.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
print("sum of degrees:", sum(deg.values()), "= 2 ×", len(usa.routes), "tracks")
odd = odd_degree_cities(usa)
print(len(odd), "odd cities:", ", ".join(odd))

# %% [markdown]
# ## 2. Euler's theorem
#
# A **trail** uses each route at most once; it may pass a city again. A connected network can
# be travelled in **one trail that uses every route exactly once** if and only if it has **0 or 2
# odd cities** (with 2, the trail starts at one of them and ends at the other).
#
# - **The condition is necessary.** Each time a trail passes through a city it uses two of its
#   routes (in and out), so only the two ends of a trail can use an odd number. Euler proved
#   this in his 1736 paper on the seven bridges of Königsberg, whose four land masses are all odd: no
#   walk crosses every bridge once. He stated that the condition is also sufficient, but did
#   not prove it.
# - **The condition is sufficient.** Carl Hierholzer proved it; his proof was published in 1873,
#   after his death. His method builds the trail, and `longest_trail` still uses it for a
#   network with 0 or 2 odd cities.
#
# Example 4 of lesson 03 has only two odd cities, Seattle and Vancouver, so one trail takes all
# five routes, 17 cars, and visits Seattle twice:

# %%
e4 = usa.route_ids(["Vancouver–Seattle", "Seattle–Portland", "Portland–Salt Lake City",
                    "Salt Lake City–Helena", "Helena–Seattle"])
print("odd cities:", odd_degree_cities(usa, e4))
print(longest_trail(usa, e4).describe())

# %% [markdown]
# ## 3. The longest trail and the longest simple path
#
# The **Longest Path bonus** ([B-8.2](../docs/RULES.md#B-8.2)) goes to the player with the
# longest continuous line of their own trains, counted in cars. That line is a **trail**: no
# route twice, cities may repeat. Its length is the player's **longest trail**. A program that
# marks *cities* as visited finds instead the **longest simple path** (no city twice), which can
# be shorter. Ana owns 13 routes, 45 cars:

# %%
ana = Scorer.from_routes(usa, "Ana", [
    "Pittsburgh–Saint Louis", "Saint Louis–Kansas City", "Kansas City–Denver", "Denver–Helena",
    "Helena–Salt Lake City", "Salt Lake City–Denver", "Denver–Phoenix", "Phoenix–Los Angeles",
    "Los Angeles–Las Vegas", "Duluth–Helena", "Salt Lake City–San Francisco",
    "Nashville–Saint Louis", "Kansas City–Omaha"])
sheet = Scoresheet.compute(usa, [ana])
owned = [c.route for c in ana.claims]
trail, path = longest_trail(usa, owned), longest_simple_path(usa, owned)
print(sum(usa.route(r).length for r in owned), "cars in", len(owned), "routes")
print("longest trail:      ", trail.describe())
print("longest simple path:", path.describe())

# %%
ttr_nb.show(sheet, trails={"Ana": trail.routes}, cities=["Denver"],
            title=f"Ana's longest trail: {trail.length} cars, through Denver twice",
            dim_unclaimed=True)

# %%
ttr_nb.show(sheet, highlight=path.routes, highlight_label="longest simple path",
            title=f"Ana's longest simple path: {path.length} cars",
            dim_unclaimed=True)

# %% [markdown]
# Three parts of Ana's network meet at Denver: the triangle Denver–Helena–Salt Lake City (with
# the spurs to Duluth and San Francisco), the 10-car line to Phoenix, Los Angeles and Las Vegas,
# and the line east through Kansas City. The trail comes in on the line from Las Vegas, goes
# round the triangle, and leaves east: it passes Denver twice and uses all three parts, 31 cars.
# A simple path passes Denver only once, so it can use at most two of the three parts: the best
# one comes from Duluth, takes two sides of the triangle and the line east, 23 cars.
#
# **What every trail must leave out.** At each city, the network's routes are the trail's routes
# plus the routes it leaves out. At an odd city that is not an end of the trail, the trail uses
# an even number of routes, so an odd number is left out: at least one left-out route ends
# there. Ana has 10 odd cities, so at least 10 − 2 = 8 cities need an end of a left-out route,
# and each route has two ends: **every trail leaves out at least 4 of her routes.** Her longest
# trail leaves out exactly 4:

# %%
odd_ana = odd_degree_cities(usa, owned)
print(len(odd_ana), "odd cities:", ", ".join(odd_ana))
print("left out:", [usa.route(r).label() for r in owned if r not in trail.routes])

# %% [markdown]
# ## Summary
#
# - The board is a multigraph; a city's degree counts its tracks; the degrees add up to twice
#   the tracks, so the odd cities come in an even number.
# - Euler's theorem: one trail uses every route of a connected network exactly when it has 0 or
#   2 odd cities. Euler proved that the condition is necessary (1736); Hierholzer that it is
#   sufficient (published 1873).
# - The Longest Path bonus counts the **longest trail**, which may pass a city twice; the
#   **longest simple path** can be shorter (Ana: 31 against 23).
# - With *k* odd cities, every trail leaves out at least (*k* − 2) / 2 routes.
#
# The extensions after the exercises show how `longest_trail` uses a network's bridges and
# why no fast method is known that finds a longest trail on every network; the last one is a
# challenge.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# The three exercises are about Ben's network: 11 routes, 47 cars, around Helena.

# %%
ben = Scorer.from_routes(usa, "Ben", l04.PRACTICE_ROUTES)
print(len(ben.claims), "routes,", sum(usa.route(c.route).length for c in ben.claims), "cars:")
print(", ".join(usa.route(c.route).label() for c in ben.claims))
ttr_nb.show(Scoresheet.compute(usa, [ben]), title="Ben's network", dim_unclaimed=True)

# %% [markdown]
# ### Exercise 1. (warm-up) Which cities are odd?
# Count the routes of Ben's network at each of his cities. Which cities have an odd number?
# Give a list of city names, such as `['Winnipeg', 'Omaha']`.

# %%
answer = ...   # a list of city names
exercises.check("04.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Helena has 6 routes (Calgary, Winnipeg, Seattle, Omaha, Denver, Salt Lake City);
# Calgary has 3 (Vancouver, Winnipeg, Helena) and Denver 3 (Helena, Omaha, Santa Fe); Winnipeg,
# Omaha and Salt Lake City have 2; Vancouver, Seattle, Portland and Santa Fe have 1. The odd
# cities are Calgary, Denver, Portland, Santa Fe, Seattle and Vancouver: six, an even number, as
# the handshake lemma says.

# %% tags=["solution"]
answer = ["Calgary", "Denver", "Portland", "Santa Fe", "Seattle", "Vancouver"]
print(degrees(usa, [c.route for c in ben.claims]))
exercises.check("04.1", answer)

# %% [markdown]
# ### Exercise 2. (challenge) What every trail leaves out
# Without a computer: at least how many of Ben's routes must every trail leave out? Give a whole
# number, and be ready to prove it.

# %%
answer = ...   # a whole number of routes
exercises.check("04.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Ben has 6 odd cities. A trail's two ends may stay odd; at each of the other 4
# odd cities the trail uses an even number of routes, so at least one left-out route ends there.
# One route has two ends, so at least 4 / 2 = **2** routes are left out. The longest trail
# (Exercise 3) leaves out exactly 2, so the bound cannot be improved.

# %% tags=["solution"]
answer = 2
exercises.check("04.2", answer)

# %% [markdown]
# ### Exercise 3. (core) Find a longer trail
# Ben's longest simple path is below. Find a trail of Ben's network with more cars: give its
# cities in order, such as `['Vancouver', 'Calgary', ...]`. (A trail may pass a city again.)

# %%
print(longest_simple_path(usa, [c.route for c in ben.claims]).describe())
answer = ...   # a list of cities in trail order
exercises.check("04.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Helena has 6 routes, so a trail can pass it three times, once round each of the
# cycles Helena–Denver–Omaha and Helena–Winnipeg–Calgary. Seattle → Helena → Denver → Omaha →
# Helena → Winnipeg → Calgary → Helena → Salt Lake City → Portland has 6 + 4 + 4 + 5 + 4 + 6 + 4
# + 3 + 6 = 42 cars. It leaves out Calgary–Vancouver (3) and Denver–Santa Fe (2), and it is the
# longest. By Exercise 2 at least two routes stay out. If exactly two, their four ends are at
# four different odd cities, so each joins two odd cities: only Calgary–Vancouver and Denver–Santa
# Fe do, 5 cars. Three or more routes have at least 2 + 3 + 3 = 8 cars. So no trail beats
# 47 − 5 = 42.

# %% tags=["solution"]
answer = ["Seattle", "Helena", "Denver", "Omaha", "Helena", "Winnipeg", "Calgary", "Helena",
          "Salt Lake City", "Portland"]
exercises.check("04.3", answer)

# %% [markdown]
# ## Extension · Bridges and planarity
#
# *Not in the 50 minutes: for students who finish early, or a second lesson.*
#
# A **bridge** is a route on no [cycle](../docs/glossary.md#cycle): lose it and the network falls apart into two sides. A
# trail that crosses a bridge never comes back: the bridge is the only way between the two
# sides, and a trail uses each route once. So beyond a bridge a trail only goes away, and
# `longest_trail` searches each side of a bridge apart (the best a trail can do beyond each
# bridge is worked out once) before it puts the pieces together. A network is **[planar](../docs/glossary.md#planar)** if it
# can be drawn with no two routes crossing; on a printed board routes never cross, and networkx
# confirms it. The USA board has no bridge. On the Heart of Africa a country is a dead end: a
# line of trains may end there but never pass through it ([H-8.2](../docs/RULES.md#H-8.2)), so
# `ttr_nb` gives each route into a country its own end ([H-8.5](../docs/RULES.md#H-8.5)), and
# each of those routes is a bridge.

# %%
for name in ("usa", "legendary_asia", "heart_of_africa", "team_asia"):
    board = ttr_nb.load_map(name)
    print(f"{name:16} planar: {is_planar(board)}  bridges: {len(bridges(board))}")
print("Ana's bridges:", len(bridges(usa, owned)), "of her", len(owned), "routes")

# %% [markdown]
# All of Ana's routes are bridges except the three of the triangle.
#
# ## Extension · Why the longest trail is hard
#
# *Not in the 50 minutes: for university students; it ends with a fourth exercise.*
#
# A search that tries trails one by one must meet every trail. `count_trails` counts them
# exactly (a trail and the same trail backwards count once). Take the routes of the USA board
# from the east, a few more at a time:

# %%
east = sorted(usa.routes, key=lambda r: -min(usa.cities[c].x for c in r.cities))
counts = {n: count_trails(usa, [r.id for r in east[:n]]) for n in range(4, 25, 4)}
for n, k in counts.items():
    print(f"{n:2} routes: {k:13,} trails", f"(× {k / counts[n - 4]:.0f})" if n > 4 else "")

# %% [markdown]
# The growth is uneven (a route that closes a cycle multiplies the count, a dead end adds
# little), but each 4 more routes multiply the number of trails by between 7 and 80: 24 routes
# already have over 474 million trails, and the board has 100 tracks. A search must be cleverer.
#
# **No fast method is known that is exact on every network.** Finding a longest trail is
# [NP-hard](../docs/glossary.md#np-hard): a fast exact method would also decide fast whether a network has a **Hamiltonian
# cycle** (a cycle through every city exactly once), a problem that is NP-complete even for
# planar networks where every city has exactly 3 routes (Garey, Johnson and Tarjan, 1976; [reading list](../docs/reading.md)). The
# link needs one fact about such networks; prove it first.
#
# ### Exercise 4. (challenge) Extension: passing through a city
# In a network where every city has at most 3 routes, at most how many times can a trail *pass
# through* a city (arrive on one route and leave on another)? Give a whole number, and be ready
# to say why.

# %%
answer = ...   # a whole number
exercises.check("04.4", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Each pass through a city uses two of its routes, one in and one out, and a trail
# never uses a route twice. Two passes would need 4 routes; the city has at most 3. So **once**.
# (A trail may still start or end at a city it passes through, with the third route.) This is
# why, in such a network, a trail whose two ends are dead ends is a simple path, which is the
# heart of the argument below.

# %% tags=["solution"]
answer = 1
exercises.check("04.4", answer)

# %% [markdown]
# **The reduction.** By Exercise 4, where every city has at most 3 routes a trail passes
# through each city at most once. Take a network where every city has exactly 3 routes (no
# double routes), with *n* cities, all routes 1 car long, and one of its routes u–v:
#
# 1. Remove u–v and add two dead ends, u–u′ and v–v′, each 3 cars long. No city has more than
#    3 routes.
# 2. A dead end can only be the first or last route of a trail. A trail that uses both runs
#    u′, u, …, v, v′ and passes no city twice in between: from u to v it is a simple path, of at
#    most *n* − 1 routes. So it has at most 3 + (*n* − 1) + 3 = *n* + 5 cars, and exactly *n* + 5
#    when that path passes every city: together with u–v, a [Hamiltonian cycle](../docs/glossary.md#hamiltonian-cycle).
# 3. A trail that uses at most one dead end passes through each of the *n* cities at most once,
#    so it has at most *n* + 1 routes and *n* + 3 cars.
#
# So the longest trail has *n* + 5 cars exactly when the network has a Hamiltonian cycle through
# u–v. A Hamiltonian cycle uses two of the three routes at every city, so it uses at least one
# of any two routes at a city: asking the question for two routes u–v at the same city tells
# whether the network has a Hamiltonian cycle at all. A player owns few routes, and
# `longest_trail` is exact and fast on them; lesson 05 finds the longest trail of a whole board,
# with a proof.

# %% [markdown]
# ## Extension · Challenge: the biggest gap
#
# *Not in the 50 minutes: a challenge for students who finish early, or for homework.*
#
# Ana's longest trail beats her longest simple path because it passes a city twice. How big can
# that gap get with only a few routes?
#
# ### Exercise 5. (challenge) Extension: the biggest gap
# Build a network of **at most 6 routes** of the USA board (never both tracks of a double
# route) whose longest trail is at least **10 cars** longer than its longest simple path.
# Answer with the list of routes, such as `['Denver–Omaha', 'Omaha–Chicago']`. Be ready to
# explain where your trail passes a city twice, and why no simple path can use the routes your
# trail uses there.

# %%
answer = ...   # a list of at most 6 routes
exercises.check("04.5", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Give one city 4 routes: a cycle through it and a branch on each side. Helena
# with the cycle Helena–Seattle (6), Seattle–Calgary (4), Calgary–Helena (4), the branch
# Helena–Duluth (6) and the branch Helena–Salt Lake City (3), Salt Lake City–Denver (3): 26 cars.
# The trail Denver → Salt Lake City → Helena → Seattle → Calgary → Helena → Duluth uses all of
# them, passing Helena twice. A simple path passes Helena once, so it uses only 2 of Helena's 4
# routes: one branch (6 cars either way) and the cycle less one of its routes at Helena (at most
# 14 − 4 = 10 cars), 16 cars in all. The gap, 10 cars, is what the simple path leaves behind at
# Helena: the other branch (6) and the cycle's shorter route at Helena (4). Longer routes at the
# city passed twice make a bigger gap.

# %% tags=["solution"]
answer = ["Duluth–Helena", "Helena–Seattle", "Seattle–Calgary", "Calgary–Helena",
          "Helena–Salt Lake City", "Salt Lake City–Denver"]
print(longest_trail(usa, usa.route_ids(answer)).describe())
print(longest_simple_path(usa, usa.route_ids(answer)).describe())
exercises.check("04.5", answer)
