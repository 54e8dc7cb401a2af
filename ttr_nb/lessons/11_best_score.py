# %% [markdown]
# # Lesson 11 · The best possible score: a network design problem, proven
# With 45 trains and every card you need, what is the highest score one player can make on the
# USA board? This lesson writes the question as an [integer program](../docs/glossary.md#integer-program), shows why its hard part is
# connectivity, and reads what a solver's "best found" and "[bound](../docs/glossary.md#bound)" mean, up to the proven
# answer of a 2025 research paper: 285 points.
#
# **Learning goals.** After this lesson you can:
# - write the best-score problem with variables for routes and tickets, and the train budget as
#   one linear constraint;
# - explain why joining a ticket's two cities is the hard part, and how the [LP relaxation](../docs/glossary.md#lp-relaxation) of the
#   textbook model "cheats" with half-claimed routes;
# - read a solver's report: the best plan found, the bound, and when the answer is proven;
# - compare a plan of your own with the proven best, and say why it cannot be beaten.
#
# **Time:** 50 minutes (about 35 to read and run, 15 for the exercises).
#
# **Sections:** §1 The problem in words (6 min) · §2 The model (8 min) · §3 The LP relaxation, and how it cheats (10 min) · §4 Best found, bound, proven (5 min) · §5 The paper's result: 285 points (6 min) · exercises (15 min)
# **Extensions** (after the exercises, not in the 50 minutes): what a train and a ticket are
# worth (with a fourth exercise), and hindsight after a game.
#
# **Prerequisites:** lesson 03 (how a game is scored); lesson 05 ([Steiner trees](../docs/glossary.md#steiner-tree)) helps; what a
# linear program is (maximise a linear function under linear inequalities).
#
# **What you will do:** solve small budgets live, watch the LP relaxation cheat on a triangle,
# reproduce the 285-point network, and try to beat the optimiser.

# %%
%matplotlib inline
import ttr_nb
from ttr_nb import exercises, narrate
from ttr_nb.exercises import l11
from ttr_nb.optimize import best_score, hindsight

# %% [markdown]
# ## 1. The problem in words
#
# One player is alone on the board with a budget of trains and always has the cards they need.
# Each route they claim scores its route points (1, 2, 4, 7, 10 or 15 for 1 to 6 trains). Each
# Destination Ticket whose two cities their routes join scores its points; they may choose which
# of the 30 original tickets to go for, and the others do not count. Which routes should they
# claim? This is a **prize-collecting network design problem**: build a network within a budget,
# and collect the prizes (the tickets) that it connects.
#
# `best_score` answers it exactly. On small budgets it takes a few seconds:

# %%
usa = ttr_nb.load_map("usa")
small = {trains: best_score(usa, trains=trains, tickets="original") for trains in (4, 5, 6)}
for trains, r in small.items():
    print(f"{trains} trains: best score {r.score}, proven: {r.proven}")

# %%
print(small[4].describe(usa))
print(small[6].describe(usa))

# %% [markdown]
# With 4 trains a ticket already pays: Denver–Santa Fe and El Paso–Santa Fe (2 trains each,
# 2 points each) complete Denver–El Paso (4 points), 8 points in all, against 7 for one 4-train
# route. With 6 trains no ticket is worth it: one 6-train route alone scores 15 (there are
# several, and any one of them is a best plan). The route table rewards long routes, the
# tickets reward joining far cities; the optimiser weighs the two. What happens with 7 trains
# is exercise 1.
#
# ## 2. The model
#
# Give each route *r* a variable $x_r$ (1: claimed, 0: not) and each ticket *t* a variable $y_t$
# (1: done). With $p_r$ the route's points, $c_r$ its trains, $v_t$ the ticket's points and $B$
# the budget:
#
# $$\max \sum_r p_r x_r + \sum_t v_t y_t \quad\text{such that}\quad \sum_r c_r x_r \le B,
# \qquad x_r, y_t \in \{0, 1\}.$$
#
# The train budget is **one linear constraint**. A player may claim only one track of a double
# route ([B-5.7](../docs/RULES.md#B-5.7)): $x_r + x_{r'} \le 1$ for the two tracks. Without
# tickets this is a knapsack problem, easy in practice. The hard part is **connectivity**:
# $y_t = 1$ is allowed only if the claimed routes join the ticket's two cities, and "joined" is
# not one linear inequality. The textbook way writes it with a **flow** for each ticket: $y_t$
# units travel from one city to the other along routes, and the flow on each route (either way)
# is at most $x_r$. With whole numbers, a flow of 1 needs a whole [path](../docs/glossary.md#path) of claimed routes.
#
# ## 3. The LP relaxation, and how it cheats
#
# Let every variable take any value from 0 to 1 instead of only 0 or 1: the **LP relaxation**.
# It is solved in a blink, and every real plan is one of its solutions, so its value is an
# **upper bound** on every plan. But it may be far above. A tiny example: three cities joined in
# a triangle by three routes of 2 trains (2 points each), three made-up tickets of 4 points, one
# for each pair of cities, and 3 trains.

# %%
print("tickets:", l11.TRIANGLE_TICKETS)
lp = l11.flow_relaxation(usa, 3, l11.TRIANGLE_TICKETS, l11.TRIANGLE_ROUTES)
print(lp.describe(usa))
print("tickets 'done':", list(lp.done.values()))

# %%
ttr_nb.show(usa, highlight=l11.TRIANGLE_ROUTES, dim_unclaimed=True,
            highlight_label="each route half-claimed by the LP relaxation",
            cities=["Dallas", "Little Rock", "Oklahoma City"],
            title="The triangle: the LP relaxation takes half of each route and 'completes' all three tickets")

# %% [markdown]
# Half of each route costs 3 × 2 × ½ = 3 trains. Each ticket then sends half a unit of flow along
# its own route and half around the other two, which the flow rule allows: each route carries at
# most ½ for each ticket. So the LP "completes" all three tickets and promises 3 + 12 = 15 points.
# A real player claims a route whole or not at all: what can one really score with 3 trains?
# That is exercise 2.
#
# On the whole board the same trick goes much further:

# %%
textbook = l11.flow_relaxation(usa, 45)
print(f"the textbook model's LP relaxation, 45 trains: at most {textbook.value:.0f} points")

# %% [markdown]
# The true best, as we will see, is 285: the relaxation overshoots by more than 130 points. A
# solver closes such a gap by **branch and bound**: it fixes a variable to 0 in one branch and
# to 1 in the other, solves the LP of each branch, and drops a branch whose bound is below a plan
# already found. A weak relaxation means a huge tree of branches.
#
# `best_score` uses a stronger, **directed** model. It chooses a **root**, a city of a completed
# ticket, and gives some of the claimed routes a direction, pointing away from the root; each
# city may be entered by at most one pointed route, so the pointed routes form a tree grown from
# the root. Every city that a completed ticket names must receive one unit of flow from the
# root, along pointed routes only. A claimed route does not have to be pointed: the routes
# outside the tree simply score their points, wherever they are. In the textbook model each
# ticket had a flow of its own and used every half-claimed route in whichever direction suited
# it; here all the tickets share one direction per route and one way into each city. On the
# whole board, with the root left free, half-claimed routes then help much less:

# %%
directed = l11.directed_relaxation(usa, 45)
print(f"the directed model's LP relaxation, 45 trains: at most {int(directed)} points")

# %% [markdown]
# 297 instead of 423: the bound comes close to the true best, and few branches are left to
# explore. This model joins the completed tickets in **one** network. `best_score` solves it once
# for each possible root (skipping a root whose bound cannot beat the best plan found so far),
# then checks that no plan whose tickets lie in two or more separate networks can score more;
# when that check fails, a slower model that allows several networks takes over.
#
# ## 4. Best found, bound, proven
#
# A solver's report has two numbers: the **best plan found** (a real plan: the best score is at
# least this) and the **bound** (no plan scores more). When they are equal, the plan is
# **proven** best. With a time limit, the solver stops and reports both:
# "at least *score*, at most *bound*".

# %%
r = small[6]
print("best found:", r.score, " bound:", r.bound, " proven:", r.proven)

# %%
# NBVAL_IGNORE_OUTPUT
quick = best_score(usa, trains=10, tickets="original", time_limit=3)
print(quick.describe())

# %%
print("the best found is at most the bound:", quick.score <= quick.bound)

# %% [markdown]
# What the 3-second solve of 10 trains reports depends on how fast the machine is: sometimes a
# proof, sometimes "at least …, at most …". Whatever it says, the bound is a proof: no plan with
# 10 trains scores more. (When the time runs out before the solver has any bound, it says "at
# most" an enormous number: no bound yet.)
#
# ## 5. The paper's result: 285 points
#
# Schaefer and Schaefer ("Maximizing the Score in Ticket to Ride", arXiv 2511.08441, 2025; [reading list](../docs/reading.md))
# solved the USA board with the 30 original tickets and 45 trains as an integer program: the
# best score is **285 points, 62 from routes and 223 from tickets**. `best_score` proves it too,
# in about half a minute of computing, so the lesson loads the result from the file the
# package's benchmark writes (or, where that file is missing, from a copy of the same result
# kept with the lesson):

# %%
stored = l11.stored_results()
best45 = stored["usa_original"][45]
print(f"{best45.score} points = {best45.route_points} from routes + {best45.ticket_points} "
      f"from tickets; bound {best45.bound}; proven: {best45.proven}")

# %%
# NBVAL_IGNORE_OUTPUT
print(len(best45.routes), "routes and", len(best45.tickets), "tickets in this network")
print("tickets done:", ", ".join(usa.ticket(t).label() for t in best45.tickets))

# %%
ends = sorted({c for t in best45.tickets for c in (usa.ticket(t).a, usa.ticket(t).b)})
ttr_nb.show(usa, highlight=best45.routes, highlight_label="the routes claimed", cities=ends,
            title=f"One best network with 45 trains: {best45.score} points "
                  f"({best45.route_points} + {best45.ticket_points})")

# %% [markdown]
# One best network: others may score 285 as well (the score is proven, the routes need not be
# unique). Compare it with section 1: with 45 trains almost four fifths of the score comes from
# tickets, while with 6 trains none did. A long network passes through many cities, and every
# ticket between two of them comes for free.

# %% [markdown]
# ## Summary
#
# - The best score is a **prize-collecting network design problem**: routes cost trains and
#   score points, tickets are prizes collected when their two cities are joined.
# - Routes and tickets are 0/1 variables; the train budget is one linear constraint; the hard
#   part is **connectivity**, written with flows.
# - The **LP relaxation** is an upper bound, but the textbook flow model cheats with
#   half-claimed routes (the triangle: 15 promised with 3 trains; the USA board with 45 trains:
#   423 promised, 285 real). The directed model, one direction per route and one way into each
#   city, promises 297.
# - A solver reports the **best found** and a **bound**; equal means **proven**.
# - With 45 trains on the USA board the best is **285 = 62 + 223** (Schaefer and Schaefer); with
#   few trains most points come from routes, with many from tickets.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# ### Exercise 1. (core) Beat the optimiser with 7 trains
# On the USA board with the 30 original tickets, find routes costing at most 7 trains that score
# as much as you can (routes plus the tickets they complete). Then try to beat the optimiser's 18.
# Give a list of routes, such as `['Denver–Omaha', 'Omaha–Chicago']`.

# %%
answer = ...   # a list of routes
exercises.check("11.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** A 6-train route and a 1-train route score 15 + 1 = 16 without any ticket. A
# ticket does better: Calgary–Helena (4 trains, 7 points) and Helena–Salt Lake City (3 trains,
# 4 points) cost exactly 7 trains and complete Calgary–Salt Lake City (7 points): 7 + 4 + 7 =
# 18. Nothing scores more: the optimiser's bound is 18, a proof over every plan.

# %% tags=["solution"]
answer = ["Calgary–Helena", "Helena–Salt Lake City"]
exercises.check("11.1", answer)

# %% [markdown]
# ### Exercise 2. (challenge) The triangle's true best
# On the triangle of section 3 (three routes of 2 trains, three made-up tickets of 4 points, one
# per pair of cities), the LP relaxation promises 15 points with 3 trains. What is the best score
# of a real plan with 3 trains? Give a whole number of points.
# Be ready to explain how the LP relaxation reaches 15 points when a real plan cannot.

# %%
answer = ...   # a whole number of points
exercises.check("11.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** 3 trains pay for one route only (each costs 2). It scores 2 and completes the
# ticket between its two cities (4): **6**. With 4 trains, two routes join all three cities:
# 2 + 2 + 3 × 4 = 16, and the LP relaxation, with whole routes affordable, says 16 as well.

# %% tags=["solution"]
print(l11.best_by_trying(usa, 4, l11.TRIANGLE_TICKETS, l11.TRIANGLE_ROUTES)[0],
      l11.flow_relaxation(usa, 4, l11.TRIANGLE_TICKETS, l11.TRIANGLE_ROUTES).value)
answer = 6
exercises.check("11.2", answer)

# %% [markdown]
# ### Exercise 3. (core) Reading a bound
# A solve with a time limit stopped and reported: *at least 280, at most 291* (45 trains). Which
# statement is proven? Answer one letter:
#
# - a. no plan with 45 trains scores more than 291;
# - b. 280 is the best possible score;
# - c. some plan scores 291;
# - d. a plan of 295 points is possible.

# %%
answer = ...   # 'a', 'b', 'c' or 'd'
exercises.check("11.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** (a). The bound is proven: no plan scores more, so (d) is false. 280 is only the
# best plan found so far, (b) is not proven; and 291 comes from a relaxation, which may promise
# more than any real plan (the triangle promised 15 for a true 6), so (c) is not proven either.
# The truth lies from 280 to 291; on this board it is 285.

# %% tags=["solution"]
answer = "a"
exercises.check("11.3", answer)

# %% [markdown]
# ## Extension · Across budgets, and what a ticket is worth
#
# *Not in the 50 minutes: for a class that has finished the exercises, or for homework (about
# 15 minutes, with exercise 4).*
#
# How much is one more train worth? The small budgets solve live; the file holds what the
# benchmark has proven for the large ones:

# %%
for trains in (5, 6):
    print(f"train number {trains} adds {small[trains].score - small[trains - 1].score} points")
plans = stored["usa_original"]
for trains, r in plans.items():
    print(f"{trains} trains: {r.score} points ({r.route_points} + {r.ticket_points}),",
          "proven" if r.proven else f"at most {r.bound}")
print("routes of the 42-train plan kept in the 43-train plan:",
      len(set(plans[42].routes) & set(plans[43].routes)), "of", len(plans[42].routes))

# %% [markdown]
# The value of a train is not steady: the 5th adds 2 points, the 6th 5 (one 6-train route, 15
# points, beats every 5-train plan). From 40 to 50 trains each train adds between 3 and 11
# points. And one more train does not just extend the plan: the best plan found with 43 trains
# keeps only 9 of the 16 routes of the one found with 42. (Each is one best plan; others may
# exist.) There is no "greedy" way to grow a best plan train by train.
#
# **Which tickets matter most?** A smaller region answers in seconds: `routes=` limits the
# routes the player may claim. In the east of the board (the routes between Sault St. Marie,
# Chicago, Saint Louis, Little Rock, New Orleans and the cities east of them) seven of the
# original tickets can be done:

# %%
east, east_tickets = l11.east_routes(usa), l11.east_tickets(usa)
print(len(east), "routes; tickets:", ", ".join(usa.ticket(t).label() for t in east_tickets))
for trains in (10, 20):
    r = l11.best_in(usa, trains, east_tickets, east)
    print(f"the east with {trains} trains: best score {r.score}, proven: {r.proven}")

# %% [markdown]
# What is a ticket **worth** to the best plan? Not the number printed on it, but what the best
# plan loses without it: the proven best with every ticket, minus the proven best when that one
# ticket is taken away (`l11.ticket_value`, two solves).

# %%
for ticket in ("Boston–Miami", "Montréal–New Orleans"):
    value = l11.ticket_value(usa, ticket, 20, east_tickets, east)
    print(f"{ticket} is worth {value} points to the best 20-train plan")

# %% [markdown]
# The 13-point Montréal–New Orleans ticket is worth nothing with 20 trains: some network without
# it scores just as much, so a best plan may complete it or not. The 12-point Boston–Miami adds 5.
# This is also why the optimiser's list of tickets is only *one* best answer: when a ticket is
# worth 0, equally good plans differ on it.

# %% [markdown]
# ### Exercise 4. (core) Extension: what is a ticket worth?
# In the east of the board with 20 trains (the extension above), how many points is
# Toronto–Miami (10) worth to the best plan? First predict: more than 10, exactly 10, or less?
# Then compute it. Give a whole number of points.

# %%
answer = ...   # a whole number of points
exercises.check("11.4", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Solve twice: with every eastern ticket the best 20-train plan scores 73; without
# Toronto–Miami, 72. The ticket is worth **1** point, not 10: without it, the trains it used go
# to other routes and tickets that score almost as much.

# %% tags=["solution"]
with_it = l11.best_in(usa, 20, east_tickets, east).score
print(with_it, with_it - l11.ticket_value(usa, "Toronto–Miami", 20, east_tickets, east))
answer = 1
exercises.check("11.4", answer)

# %% [markdown]
# ## Extension · Hindsight after a game
#
# *Not in the 50 minutes (about 10 minutes).*
#
# After a game, the same question is asked for a player: with the tickets they kept (done ones
# add, failed ones subtract), their trains and the routes no one else claimed, what could they
# have scored? Here two computer players finish a game, and we ask for Ana with a time limit.

# %%
game = ttr_nb.new_game("usa", ["Ana", "Bea"], seed=11)
_ = narrate.play_until(game, narrate.computer_players(game, "greedy"))
print("game over:", game.over)

# %%
# NBVAL_IGNORE_OUTPUT
ana = hindsight(game, players=[0], time_limit=5)[0]
print(ana.describe())

# %%
print("Ana's routes and tickets as played:", ana.actual, "points")
print("she could not have made more than the bound:", ana.best.bound >= ana.actual)
ttr_nb.show(game, highlight=ana.best.routes, highlight_label="the best plan found in 5 seconds",
            title="Ana's game, and the best plan the solver found for her in 5 seconds")

# %% [markdown]
# Read the report as in section 4. With 45 trains and the whole board, 5 seconds are rarely
# enough for a proof: the plan found so far may even be worse than what Ana played (the solver
# has not had the time to find a good one), but the bound already says how much she could have
# made at most. A longer time limit (`time_limit=None` waits for the proof) closes the gap. The
# comparison leaves out the Longest Path bonus, and it assumes that the cards were always there:
# it measures the network, not the luck of the draw.
