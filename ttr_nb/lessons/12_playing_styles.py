# %% [markdown]
# # Lesson 12 · Playing styles: which way of playing wins where?
# Some players chase Destination Tickets, others grab long routes, others never plan. Game
# designers ask which style a board rewards, and whether the answer changes with the number of
# players. Here four computer players, each playing one style, meet in tournaments on our four
# boards, and we read the results with their intervals.
#
# **Learning goals.** After this lesson you can:
# - describe four playing styles in a sentence each and say what each does on a turn;
# - run a round robin between computer players and read its win rates and 95% intervals;
# - decide whether one style's lead over another is more than chance;
# - explain why a result about styles depends on the board, the number of players and how the
#   styles were built.
#
# **Time:** 45 minutes (about 25 to read and run, 20 for the exercises).
# **Prerequisites:** lesson 10 (win rates and their 95% intervals).
# **What you will do:** watch the four styles play, run a small tournament, read a large one
# on all four boards, and compare what it says with a published study.

# %%
import ttr_nb
from ttr_nb import exercises
from ttr_nb.agents import play_game
from ttr_nb.simulate import summary_table
from ttr_nb.tournament import load_tournament, tournament

# %% [markdown]
# ## Four styles
#
# A study of computer players for Ticket to Ride (de Mesentier Silva, Lee, Togelius and
# Nealen, *AI-based Playtesting of Contemporary Board Games*, 2017) described four players
# that each play like a kind of human player. The ones here are **our own versions**, built
# from those descriptions:
#
# | name in code | style | on its turn |
# |---|---|---|
# | `route-focus` | one ticket at a time | claims the routes of its most valuable unfinished Destination Ticket; keeps as few tickets as it may |
# | `destination-hungry` | collects tickets | keeps every ticket that fits its trains and draws more while its plan is short |
# | `long-route` | plays for route points | claims routes of 5 or 6 spaces whenever it can; keeps as few tickets as it may, never draws more |
# | `one-step` | no planning | whenever it can claim a route, claims the one worth most points right now |
#
# All four read only what their own seat may see: their hand, their tickets, the board.

# %%
styles = ["route-focus", "destination-hungry", "long-route", "one-step"]
game = play_game("usa", players=4, seed=12, agents=styles)
sheet = game.score()
for name, style, total in zip(game.names, styles, sheet.totals):
    print(f"{name} ({style}): {total} points")

# %% [markdown]
# One game says little: the deal may favour one seat. Forty games with the same four players
# in the same seats say more.

# %%
print(summary_table(ttr_nb.simulate("usa", 4, games=40, seed=12, agents=styles)))

# %% [markdown]
# ## A fair tournament
#
# Seat order matters a little (lesson 10), so a fair tournament moves the players round the
# table. `tournament(players, variants, seats, games)` plays a **round robin**: for each board
# and number of players, every group of players (a *table*) plays `games` deals, and each deal
# is played once for each rotation of the players round the table. Every player then sits in
# every seat on the same deals.
#
# Here is a small one: two players, every pair of the four styles, 10 deals each.

# %%
small = tournament(styles, variants=["usa"], seats=[2], games=10, seed=1)
print(len(small), "games")
print(small.text())

# %% [markdown]
# A player's win rate counts the games it won out of those it played; the **95% interval**
# is the Wilson interval of lesson 10. With 60 games per style the intervals are wide.

# %% [markdown]
# ## The large tournament
#
# A larger round robin was played once and saved with the package: 60 deals per table, on the
# USA map, Legendary Asia and The Heart of Africa with 2, 3 and 4 players, and Team Asia with
# 4 (two teams of two partners, who win together). `load_tournament()` reads it back.

# %%
big = load_tournament()
print(len(big), "games on", ", ".join(big.variants))
print(big.text("usa"))

# %%
print(big.text("team-asia"))

# %% [markdown]
# The best style for each board and number of players:

# %%
for (board, players), style in sorted(big.winners().items()):
    row = big.table(board, players)[0]
    print(f"{board:<16} {players} players: {style:<19} {row['win_rate']:.0%} ({row['low']:.0%} to {row['high']:.0%})")

# %% [markdown]
# ## Ratings
#
# A win rate depends on who else sat at the table. A **rating** compares players through
# every meeting: in each game, each pair of different players is one match, won by the one with
# more points. The Bradley–Terry model gives each player a strength so that the chance that A
# beats B is strength(A) / (strength(A) + strength(B)); `ratings()` reports
# 400 × log10(strength), the scale of chess ratings (a lead of 200 means winning about 3 matches
# in 4), with a mean of 0.

# %%
for board in big.variants:
    r = big.ratings(board)
    print(f"{board:<16}", "  ".join(f"{k} {v:+.0f}" for k, v in r.items()))

# %% [markdown]
# ## The seat order
#
# Did the first player win more often? Every style sat in every seat equally often, so the
# styles cancel out and only the seat is left.

# %%
for row in big.seat_effects("usa"):
    print(f"usa {row['players']} players, seat {row['seat']}: {row['win_rate']:.0%} ({row['low']:.0%} to {row['high']:.0%})")

# %% [markdown]
# ## What this says, and what it does not
#
# The study found that which style does best depends on the board and on the number of
# players. Our tables show the same shape: on Team Asia, where partners share a ticket holder,
# collecting tickets wins; on the other three boards `long-route` leads with two players (and
# on The Heart of Africa with three and four as well),
# while with three or four players on the USA map and Legendary Asia its lead over
# `route-focus` is within the intervals (look at the rows above).
#
# Three cautions before reading more into it:
# - **Our own versions.** Each style is one way of turning a sentence into rules. A
#   `destination-hungry` player that chose its tickets more carefully might win elsewhere too.
# - **Computer opponents.** Every style met only the other three. Against people, who block
#   routes on purpose, the order may change.
# - **Our boards.** The Heart of Africa and Team Asia here are laid out for this package from
#   real geography, not copied from the published boards, which may reward other styles.

# %% [markdown]
# ## Summary
#
# - Four styles: one ticket at a time (`route-focus`), collecting tickets
#   (`destination-hungry`), long routes (`long-route`) and no planning (`one-step`).
# - A round robin plays every group of players on the same deals in every seat order, so the
#   deal and the seat are shared out fairly.
# - Read a win rate with its 95% interval; two styles whose intervals overlap are not told apart
#   by these games.
# - Bradley–Terry ratings compare players through every match, whoever else was at the table.
# - The best style depends on the board and the number of players, and on how the styles were
#   built.

# %% [markdown]
# ## Exercises

# %% [markdown]
# ### Exercise 1. The style of Team Asia
# Which style wins most often on Team Asia? Answer with its name in code, such as
# `'long-route'`.

# %%
answer = ...
exercises.check("12.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** In the Team Asia table the highest win rate is that of `destination-hungry`,
# well above the others: its interval does not overlap theirs. A likely reason: partners share
# a ticket holder and a team plays with twice the trains, so many tickets can be finished.

# %% tags=["solution"]
answer = big.winners()[("team-asia", 4)]
exercises.check("12.1", answer)

# %% [markdown]
# ### Exercise 2. A lead or chance?
# On the USA map with 3 players, one of `route-focus` and `long-route` won a slightly larger
# share of its games. Is that lead more than chance? Answer `True` or `False`, from the two
# intervals.

# %%
answer = ...
exercises.check("12.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Print the two rows: each win rate lies inside the other's 95% interval, and
# the intervals overlap widely. These games cannot tell the two styles apart, so the answer is
# `False`.

# %% tags=["solution"]
print(big.text("usa", 3))
answer = False
exercises.check("12.2", answer)

# %% [markdown]
# ### Exercise 3. Counting a round robin
# How many games does `tournament(styles, variants=["usa"], seats=[3], games=10)` play?
# Predict first, then check by running it (it takes a few seconds). Answer with a whole number.

# %%
answer = ...
exercises.check("12.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Out of four players there are 4 groups of three (leave one out each time):
# 4 tables. Each of the 10 deals of a table is played once for each of its 3 rotations:
# 4 × 3 × 10 = 120 games.

# %% tags=["solution"]
answer = len(tournament(styles, variants=["usa"], seats=[3], games=10, seed=0))
exercises.check("12.3", answer)
