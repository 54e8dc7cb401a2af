# %% [markdown]
# # Lesson 10 · The simulation lab: experiments over many games
# One game cannot tell you whether the first player has an edge or which routes matter.
# Hundreds of games, played by computer players, can, if you read them with care: with an
# interval around every rate, and without mistaking a [correlation](../docs/glossary.md#correlation) for a cause.
#
# **Learning goals.** After this lesson you can:
# - play many games with one call, and get the same games back from the same [random seed](../docs/glossary.md#random-seed);
# - read a win rate with its [95% interval](../docs/glossary.md#confidence-interval) and decide whether a difference is more than chance;
# - work out how many games an experiment needs for the precision you want;
# - explain why a route claimed by winners is not, for that reason alone, a route that wins.
#
# **Time:** 50 minutes (about 35 to read and run, 15 for the exercises).
#
# **Sections:** §1 One call plays many games (5 min) · §2 Experiment 1: the first player (10 min) · §3 Experiment 2: the routes winners claim (10 min) · §4 Experiment 3: 20-point tickets (5 min) · §5 A borderline result (5 min) · exercises (15 min)
#
# **Prerequisites:** lesson 01 (the rules of the base game) and lesson 03 (how a game is scored);
# a percentage; no statistics needed.
#
# **What you will do:** play 200 games between computer players, test the first player's
# edge, look for the routes that winners claim, and plan an experiment of your own.

# %%
%matplotlib inline
from concurrent.futures import ProcessPoolExecutor

import matplotlib.pyplot as plt

import ttr_nb
from ttr_nb import exercises, lab
from ttr_nb.simulate import summary_table, wilson

# %% [markdown]
# ## 1. One call plays many games
#
# `ttr_nb.simulate(variant, players, games, seed, agents)` plays the games and returns one
# result per game. Here two `greedy` computer players (each keeps the tickets it can finish
# cheaply and claims the routes on their cheapest [paths](../docs/glossary.md#path)) play 200 games on the USA map. A pool
# of two processes plays them on two cores at once.

# %%
with ProcessPoolExecutor(2) as pool:
    usa = ttr_nb.simulate("usa", players=2, games=200, seed=2024, agents="greedy", executor=pool)
print(summary_table(usa))
first = usa[0]
print(f"game 0: {first.turns} turns, winner seat {list(first.winners)}")
for s in first.seats:
    print(f"  seat {s.seat} {s.name}: {s.total} points = {s.points}, {s.trains_left} trains left")

# %% [markdown]
# Each game has its own random seed, made from the run's random seed and the game's number, so the
# results are the same whatever plays them: the first six games played again here, one after
# the other on one core, are exactly the same games.

# %%
print(ttr_nb.simulate("usa", players=2, games=6, seed=2024, agents="greedy") == usa[:6])

# %% [markdown]
# ## 2. Experiment 1: does the first player win more often?
#
# Seat 0 plays first. If the seat made no difference, each seat would win half the games. But
# 200 games are a sample: even two equal players would not win exactly 100 each. The **95%
# interval** (a [Wilson interval](../docs/glossary.md#wilson-interval)) is the range of true win rates that fit what we saw: for a true
# rate outside it, a result as far from that rate as ours would turn up in fewer than about 5
# runs of 100. Made this way, run after run, the interval holds the true rate in about 95 runs
# of 100.

# %%
for t in lab.win_rates(usa):
    print(f"seat {t['seat']}: {t['wins']}/{t['games']} wins = {t['rate']:.1%}, "
          f"95% interval {t['low']:.1%} to {t['high']:.1%}")
fig = lab.plot_win_rate(usa)
plt.show()

# %% [markdown]
# Seat 0 won 101 games and seat 1 won 99, and both intervals hold 50% comfortably: these games
# show no first-player edge. They do not prove there is none either: an edge of a few points
# would hide inside an interval that is about ±7 points wide. How wide is the interval for
# more games? Here for a 50% win rate:

# %%
for n in (100, 400, 1600, 6400):
    lo, hi = wilson(n // 2, n)
    print(f"{n:5} games: 50% ± {(hi - lo) / 2:.1%}")

# %% [markdown]
# Four times the games halve the width: it shrinks like 1/√games. To measure a rate to within
# ± 2 points you need thousands of games (Exercise 3 asks how many), and to tell reliably a
# 52% seat from a 50% one, more still.
#
# ## 3. Experiment 2: which routes do the players claim?
#
# `lab.route_table` ranks the routes by the share of games in which they were claimed, and
# `lab.plot_route_heatmap` colours each one on the board. Each track of a double route counts
# on its own (with 2 players only one of the two can be claimed,
# [B-5.8](../docs/RULES.md#B-5.8)).

# %%
for t in lab.route_table(usa, by="share", top=5):
    print(f"{t['share']:5.0%} of games  {t['label']}")
fig = lab.plot_route_heatmap(usa, by="share")
plt.show()

# %% [markdown]
# The favourites are short routes (1 or 2 cars) where many cheapest ticket paths cross. Do
# the players who claim a route win more often? Take Calgary–Seattle (4 cars, in the far
# north-west). It is a single track, so in a game at most one of the two players owns it; if
# owning it had nothing to do with winning, its owner would win half of those games:

# %%
route = ttr_nb.load_map("usa").route_id("Calgary–Seattle")
owner_won = [s.won for r in usa for s in r.seats if route in s.routes]
lo, hi = wilson(sum(owner_won), len(owner_won))
print(f"claimed in {len(owner_won)} of {len(usa)} games; its owner won {sum(owner_won)} of them "
      f"= {sum(owner_won) / len(owner_won):.0%} (95% interval {lo:.0%} to {hi:.0%})")

# %% [markdown]
# 50% is far below the interval: the players who claimed Calgary–Seattle won far more often
# than chance would explain. Should you claim it to win? **No: this is a correlation, not a
# cause.** Three reasons:
#
# * **Something else may cause both.** Winners place more trains than the others (the next
#   cell), so any one route is a little more likely to be theirs; and whatever makes a good
#   game, such as tickets that suit each other, may also lead through Calgary–Seattle. The
#   route may be a sign of a good game, not its reason.
# * **The players chose it.** A greedy player claims Calgary–Seattle when its tickets run
#   through the north-west; what wins may be those tickets, not the route.
# * **We picked it.** Of the routes claimed in more than half of the games, Calgary–Seattle is
#   the one whose owners won most often. Look at enough routes and some show a big gap by
#   chance; a 95% interval is right about 95 times in 100, not for the best of many tries.
#
# Only an experiment that changes one thing on purpose could show a cause: the same players,
# made to claim the route in some games and kept off it in others.

# %%
for won in (True, False):
    used = [45 - s.trains_left for r in usa for s in r.seats if s.won == won]
    print(f"{'winners' if won else 'the others':>10}: {sum(used) / len(used):.1f} of 45 trains placed")

# %% [markdown]
# ## 4. Experiment 3: how often is a 20-point ticket completed?
#
# Every kept ticket is completed (+ its value) or not (− its value). `lab.ticket_completion`
# counts them by value, with intervals.

# %%
for t in lab.ticket_completion(usa):
    if t["value"] >= 20:
        print(f"{t['value']}-point tickets: {t['completed']}/{t['kept']} completed "
              f"(95% interval {t['low']:.0%} to {t['high']:.0%})")
fig = lab.plot_ticket_completion(usa)
plt.show()

# %% [markdown]
# Careful again: the greedy player **chooses** its tickets and keeps those it can finish
# cheaply, so its long tickets are the easy long tickets. Players who do everything at random
# (`agents="random"`: each move is picked at random among the legal ones) show the other side:

# %%
rnd = ttr_nb.simulate("usa", players=2, games=100, seed=2024, agents="random")
long = [t for t in lab.ticket_completion(rnd) if t["value"] >= 20]
print(f"random players: {sum(t['completed'] for t in long)}/{sum(t['kept'] for t in long)} "
      "tickets worth 20 or more completed")

# %% [markdown]
# Not one of the long tickets the random players kept was completed. But this comparison
# changes two things at once, how the tickets are chosen and how the routes are claimed, so it
# cannot say which of the two makes the difference.
#
# ## 5. A borderline result: Team Asia
#
# In Team Asia partners sit side by side, seats 0 and 1 against seats 2 and 3
# ([TA-1](../docs/RULES.md#TA-1)), and a team shares its points
# ([TA-3](../docs/RULES.md#TA-3)), so a team's win counts for both of its seats; with no edge
# each team would win half the games. Forty games of four greedy players:

# %%
with ProcessPoolExecutor(2) as pool:
    teams = ttr_nb.simulate("team-asia", players=4, games=40, seed=2024, agents="greedy",
                            executor=pool)
for t in lab.win_rates(teams)[::2]:
    print(f"the team of seats {t['seat']}+{t['seat'] + 1}: {t['wins']}/{t['games']} wins = {t['rate']:.0%}")

# %% [markdown]
# 65% for the first team looks like an edge. Is it more than chance? Exercise 1 asks you to
# decide, with an interval.

# %% [markdown]
# ## Summary
#
# - `ttr_nb.simulate` plays many games; the same random seed gives the same games on any
#   number of cores.
# - A rate from a sample needs its **95% interval**; a difference is convincing only when the
#   interval leaves out the "no difference" value. The width shrinks like 1/√games.
# - To compare two rates, work out the interval of their **difference** (lesson 12 does it for
#   playing styles); whether their own two intervals overlap is not the test.
# - A route (or anything else) that goes with winning need not cause it: look for what else
#   could cause both, for choices the players made, and for results you picked out of many.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# ### Exercise 1. (core) A first-team edge?
# In the Team Asia run above the first team won 26 of the 40 games. Work out the 95% interval
# of its win rate with `wilson`. At the 95% level, is that evidence that the first team has an
# edge? Answer `True` or `False`.

# %%
answer = ...   # True or False
exercises.check("10.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** `False`. With no edge the first team would win 50% of the games. The 95%
# interval for 26 of 40 runs from 49.5% to 77.9%, and 50% is (just) inside it. Between two
# equal teams, a split at least as uneven as 26 to 14 (either way) happens in about 8 runs of 40
# games out of 100: not rare enough. It is borderline, so the honest answer is "not shown yet",
# which is not the same as "no edge": play more games, say 400, and look again.

# %% tags=["solution"]
lo, hi = wilson(26, 40)
print(f"{lo:.1%} to {hi:.1%}")
answer = False
exercises.check("10.1", answer)

# %% [markdown]
# ### Exercise 2. (warm-up) Playing first at a table of four
# With four greedy players the fair share of each seat is 25%. First **predict**: will seat 0,
# who plays first, win more than its share? Then **run**
# `ttr_nb.simulate("usa", players=4, games=60, seed=7, agents="greedy")` and answer with the
# win rate of seat 0 that you measured (`lab.win_rates` gives it), such as `0.3`.

# %%
answer = ...   # the measured win rate of seat 0
exercises.check("10.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Run `four = ttr_nb.simulate("usa", players=4, games=60, seed=7, agents="greedy")`
# and read `lab.win_rates(four)[0]`. Seat 0 won 24 of the 60 games: 40%, with the 95% interval
# from 29% to 53%. The fair 25% is below the interval, so in these games seat 0 did better than
# chance would explain. Here a cause can be read: the four players are the same program, so the
# seat is the one thing that differs, which is the experiment "change one thing on purpose"
# above. The two-player games showed no such edge. (One run of 60 games: the interval is wide,
# and a larger run would measure the size of the edge more precisely.) Lesson 12 measures the
# seats again with four different playing styles, which changes the players, not the seat
# order: seat 0 plays first there too.

# %% tags=["solution"]
answer = 0.40   # 24 of 60: the checker plays the same 60 games again
exercises.check("10.2", answer)

# %% [markdown]
# ### Exercise 3. (challenge) How many games for ± 2 points?
# You want to measure a win rate near 50% to within ± 2 percentage points (half the width of
# the 95% interval at most 0.02). How many games do you need, at the fewest? Try numbers with
# `wilson(n // 2, n)`, then answer with a whole number.
# Be ready to explain why halving the width of an interval takes about four times as many games.

# %%
answer = ...   # a number of games
exercises.check("10.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** From the table above, 1600 games give ±2.4% and 6400 give ±1.2%, so the answer
# is in between. The half-width is about 1.96 × √(0.25 / n), which is 0.02 when
# n = (1.96 / 0.04)² ≈ 2401; the Wilson interval is a little narrower. Trying numbers just
# below: 2398 games give ±1.9996%, and 2397 give ±2.00003%, still (just) wider than ±2%. So
# 2398 games are the fewest.

# %% tags=["solution"]
for n in (2397, 2398):
    lo, hi = wilson(n // 2, n)
    print(f"{n} games: ± {(hi - lo) / 2:.5%}")
answer = 2398
exercises.check("10.3", answer)

# %% [markdown]
# ## Extension · Bigger runs
# Not in the 50 minutes. `executor=` takes any `concurrent.futures` executor: a process pool
# as above, or a cluster. With Dask, `executor=distributed.Client().get_executor()`. With Ray:
#
# ```python
# from ttr_nb.simulate import ray_executor
# results = ttr_nb.simulate("usa", 4, 100_000, seed=1, executor=ray_executor(), chunksize=500)
# ```
#
# `ray_executor()` starts Ray if needed (and says how to install it if it is missing). Every
# worker needs `ttr_nb` installed; the results are the same games as on one core. From a
# terminal: `ttr-nb simulate --variant usa --players 2 --games 10000 --agents greedy --workers 2`.
