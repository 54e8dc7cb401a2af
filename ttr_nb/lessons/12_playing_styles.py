# %% [markdown]
# # Lesson 12 · Playing styles: which way of playing wins where?
# Some players chase Destination Tickets, others grab long routes, others never plan. Game
# designers ask which style a board rewards, and whether the answer changes with the number of
# players. Here four computer players, each playing one style, meet in tournaments on four of our
# boards, and we read the results with honest intervals.
#
# **Learning goals.** After this lesson you can:
# - describe four playing styles in a sentence each and say what each does on a turn;
# - explain why the interval of a tournament's win rate draws whole deals again, not single games;
# - decide whether one style's lead over another is more than chance, from the interval of
#   their difference over the same deals;
# - explain why a result about styles depends on the board, the number of players, the
#   partners and how the styles were built.
#
# **Time:** 50 minutes (about 37 to read and run, 13 for the exercises).
#
# **Sections:** §1 Four styles (6 min) · §2 A fair tournament (7 min) · §3 Intervals over whole deals (10 min) · §4 Is a lead more than chance? (10 min) · §5 Team Asia: every pair of partners (4 min) · exercises (13 min)
#
# **Prerequisites:** lesson 10 (win rates, their [95% intervals](../docs/glossary.md#confidence-interval), and why a difference counts
# only when its interval leaves out "no difference").
#
# **What you will do:** watch the four styles play, run a small tournament, read a large one
# on four boards, tell a real lead from chance, and compare with a published study.

# %%
import ttr_nb
from ttr_nb import exercises
from ttr_nb.agents import play_game
from ttr_nb.simulate import summary_table
from ttr_nb.tournament import load_tournament, seatings, tournament

# %% [markdown]
# ## 1. Four styles
#
# A study of computer players for Ticket to Ride (de Mesentier Silva, Lee, Togelius and
# Nealen, *AI-based Playtesting of Contemporary Board Games*, 2017; [reading list](../docs/reading.md)) described four players
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
# in the same seats (seat 0 plays first, as in lesson 10) say more.

# %%
print(summary_table(ttr_nb.simulate("usa", 4, games=40, seed=12, agents=styles)))

# %% [markdown]
# ## 2. A fair tournament
#
# The seat can matter (lesson 10 measured it), so a fair tournament moves the players round the
# table. `tournament(players, variants, seats, games)` plays a **[round robin](../docs/glossary.md#round-robin)**: for each board
# and number of players, every group of players (a *table*) plays `games` deals, and each deal
# is played once for each rotation of the players round the table. Every player then sits in
# every seat on the same deals: the same cards, the same tickets.
#
# Here is a small one: two players, every pair of the four styles, 10 deals each.

# %%
small = tournament(styles, variants=["usa"], seats=[2], games=10, seed=1)
print(len(small), "games")
print(small.text())

# %% [markdown]
# Six pairs, 10 deals, 2 seat orders: 120 games, and each style plays 60 of them. A player's
# win rate counts the games it won out of those it played. With so few games the intervals
# are wide; section 3 says how they are made.
#
# ## 3. Intervals over whole deals
#
# A larger round robin was played once and saved with the package: 60 deals per table, on the
# USA map, Legendary Asia and The Heart of Africa with 2, 3 and 4 players, and Team Asia with
# 4 (two teams of two partners, who win together). `load_tournament()` reads it back.

# %%
big = load_tournament()
print(len(big), "games on", ", ".join(big.variants))
print(big.text("usa"))

# %% [markdown]
# With two players each style played 360 games. But they are not 360 independent games, as
# the 200 games of lesson 10 were: they are 180 deals, each played twice, once with each player
# in the first seat. Both games of a deal share the cards and the tickets, so they may go
# together: a deal whose tickets suit `long-route` may suit it in either seat.
#
# So the interval is made from deals. Draw 60 deals at random, with replacement, from the 60
# deals of each table (a deal may be drawn twice, another not at all), take every game of the
# drawn deals, and work out the win rate again. Do it 2000 times: the middle 95% of those win
# rates is the 95% interval. This is a **bootstrap**; its draws come from a fixed [random seed](../docs/glossary.md#random-seed),
# so the intervals are the same every time. The [Wilson interval](../docs/glossary.md#wilson-interval) of lesson 10 counts every game
# as independent; here are both, for the two-player games on the USA map:

# %%
for row in big.table("usa", 2):
    print(f"{row['agent']:<19} {row['win_rate']:.1%}  drawing deals: {row['low']:.1%} to {row['high']:.1%}"
          f"   counting games: {row['wilson_low']:.1%} to {row['wilson_high']:.1%}")

# %% [markdown]
# Had each deal decided both of its games, a deal would be worth one game, not two, and the
# honest interval would be √2 ≈ 1.4 times as wide as the count of games says. Here the
# intervals from deals are a little *narrower*, for two reasons. A deal that favours the first
# seat gives each of the two players one good game, which evens them out. And every style met
# every other on the same number of deals, by design: counting games as independent treats
# that even share as luck. Drawing deals keeps both facts; that is why the tournament's tables
# use it. (Replaying this two-player round robin 100 times with new deals shows it: the win
# rates spread as much as the intervals from deals say, less than the count of games says.)
#
# ## 4. Is a lead more than chance?
#
# Lesson 10's rule: a difference counts only when its 95% interval leaves out "no difference".
# For two styles the difference is between their win rates, and it needs **its own interval**.
# Whether the two win rates' intervals overlap is not the test. Each of those intervals carries
# the luck of the deals, and on the same deals much of that luck is shared: it cancels out of
# the difference. So two intervals may overlap while the difference is clear, and two styles
# whose rates came from different deals can have intervals apart while the games they played
# on the same deals do not tell them apart.
#
# `big.compare(a, b, board, players)` uses only the deals both styles played (the tables where
# both sat: the same cards, tickets and opponents for both). It draws those deals again 2000
# times and works out **both** win rates on each draw; the middle 95% of the differences is the
# interval of the difference. With two players the shared deals are their games against each
# other. Two four-player examples:

# %%
for board in ["usa", "heart-of-africa"]:
    c = big.compare("long-route", "route-focus", board, 4)
    print(f"{board}, 4 players, {c['deals']} deals: long-route {c['rate_a']:.1%}, route-focus "
          f"{c['rate_b']:.1%}, difference {c['difference']:+.1%} (95% interval {c['low']:+.1%} to {c['high']:+.1%})")

# %% [markdown]
# On the USA map the interval of the difference holds 0: these games do not tell the two
# styles apart. On The Heart of Africa it runs from +4.6 to +27.9 points: `long-route` wins more
# often than `route-focus`, by more than chance. Now the two best styles of every board and
# number of players (the difference is the first's win rate minus the second's, over the deals
# both played):

# %%
for board in ["usa", "legendary-asia", "heart-of-africa"]:
    for n in (2, 3, 4):
        first, second = big.table(board, n)[:2]
        c = big.compare(first["agent"], second["agent"], board, n)
        verdict = "a lead" if c["low"] > 0 else "reversed" if c["high"] < 0 else "not told apart"
        print(f"{board:<16} {n}p  {first['agent']:<12} {first['win_rate']:.0%} · {second['agent']:<12} "
              f"{second['win_rate']:.0%}   same deals {c['difference']:+.0%} ({c['low']:+.0%} to {c['high']:+.0%}): {verdict}")

# %% [markdown]
# What the tables say, read with these intervals:
# - **The Heart of Africa:** `long-route` leads with 2, 3 and 4 players, and its lead over
#   `route-focus` is more than chance every time.
# - **The USA map and Legendary Asia:** `long-route` has the best win rate with 2 players, but
#   in its games against `route-focus` the interval of the difference holds 0. With 3 and 4
#   players the two are not told apart either, whichever has the higher rate (`route-focus` on
#   the USA map with 3 players and on Legendary Asia with 4, `long-route` in the two other cases).
#   On Legendary Asia with 3 players the order even turns round over the same deals (−3 points).
# - `destination-hungry` and `one-step` are far behind on these three boards.
#
# The study found that which style does best depends on the board and on the number of
# players. Ours are less clear-cut: `long-route` leads by more than chance only on The Heart of
# Africa, and a change with the number of players these games cannot show. Three cautions
# before reading more into it:
# - **Our own versions.** Each style is one way of turning a sentence into rules. A
#   `destination-hungry` player that chose its tickets more carefully might do better.
# - **Computer opponents.** Every style met only the other three. Against people, who block
#   routes on purpose, the order may change.
# - **Our boards.** The Heart of Africa and Team Asia here are laid out for this package from
#   real geography, not copied from the published boards, which may reward other styles.
#
# ## 5. Team Asia: every pair of partners
#
# In Team Asia two teams of two partners play; partners sit side by side, seats 0 and 1 against
# seats 2 and 3 ([TA-1](../docs/RULES.md#TA-1)), and each partner places their own 27 trains
# of the team's 54 ([TA-2](../docs/RULES.md#TA-2)). Rotating the four styles round the table,
# as on the other boards, would give only two of the three ways to split them into two teams:
# `destination-hungry` would never partner `one-step` and always play against it, so its win
# rate would mix its own play with its partners'. So on a team board the tournament plays each
# deal in every split, and each split in 4 seat orders that put every player once in every seat:

# %%
for order in seatings(styles, team_size=2):
    print(f"seats 0+1: {order[0] + ' & ' + order[1]:<38} seats 2+3: {order[2]} & {order[3]}")

# %% [markdown]
# 3 splits × 4 seat orders: 12 games per deal, 720 games over the 60 deals. Each pair of styles
# were partners in a third of them. Exercise 1 reads what they say.

# %% [markdown]
# ## Summary
#
# - Four styles: one ticket at a time (`route-focus`), collecting tickets
#   (`destination-hungry`), long routes (`long-route`) and no planning (`one-step`).
# - A round robin plays every group of players on the same deals in every seat order (on a
#   team board, in every split into teams), so the deal, the seat and the partner are shared
#   out fairly.
# - The games of one deal are not independent: the interval of a win rate draws whole deals
#   again (a bootstrap over deals), not single games.
# - Two styles are told apart by the interval of their **difference** over the same deals,
#   not by whether their own intervals overlap.
# - The best style depends on the board, the number of players, the partners and how the
#   styles were built.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*

# %% [markdown]
# ### Exercise 1. (core) The style of Team Asia
# Print the Team Asia rows of the large tournament (`big.text("team-asia")`). Which style wins
# most often on Team Asia? Answer with its name in code, such as `'one-step'`. Then check with
# `big.compare` whether its lead over the second style is more than chance.

# %%
answer = ...
exercises.check("12.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** `route-focus` wins 68% of its Team Asia games; `destination-hungry` and
# `long-route` 59% each, `one-step` 14%. Over the same deals `route-focus` wins 8.6 points more
# often than `destination-hungry` (interval +4.2 to +13.1) and 9.2 more than `long-route`
# (+5.0 to +13.3): a lead, more than chance. `destination-hungry` and `long-route` are not told
# apart (+0.6, interval −2.8 to +3.9).
#
# The teams, read as pairs of partners (`big.team_table()`, the extension below), say why: in
# each of the three splits the team without `one-step` wins, and the team of `route-focus` and
# `one-step` wins only 23% of its games against `destination-hungry` and `long-route`. With
# `route-focus` a partner wins about 90% of the time, whoever it is (other than `one-step`).
#
# An older version of this tournament only rotated the players round the table. Then
# `destination-hungry` never partnered `one-step` and always played against it, and it seemed
# the best style by far (84%). Every split shows that this came from its partners, not from
# collecting tickets. A team has 54 trains, 27 per partner, against 45 for one player on the
# other boards, and shares a ticket holder, so a team can finish more tickets; still, here,
# finishing them one at a time wins more often than collecting them.

# %% tags=["solution"]
print(big.text("team-asia"))
c = big.compare("route-focus", "destination-hungry", "team-asia", 4)
print(f"route-focus − destination-hungry: {c['difference']:+.1%} ({c['low']:+.1%} to {c['high']:+.1%})")
answer = big.winners()[("team-asia", 4)]
exercises.check("12.1", answer)

# %% [markdown]
# ### Exercise 2. (challenge) A lead when they meet?
# On Legendary Asia with 2 players, `destination-hungry` won a larger share of its games than
# `one-step`, and their two intervals in `big.text("legendary-asia", 2)` do not overlap. When
# these two styles play each other, does `destination-hungry` win more often than `one-step`,
# by more than chance? Work out the interval of the difference with `big.compare` and answer
# `True` or `False`.
# Be ready to explain how this question differs from comparing their two intervals.

# %%
answer = ...
exercises.check("12.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** `False`. With two players the deals both styles played are their 60 deals
# against each other (120 games): `destination-hungry` won 54.2% of them and `one-step` 45.8%.
# The difference, +8.3 points, has the interval −8.3 to +23.3: it holds 0. Their win rates over
# all their games (36% and 20%) are far apart because `destination-hungry` does much better
# than `one-step` against `long-route` and `route-focus`: better against the field, but these
# games cannot say which of the two wins when they meet.

# %% tags=["solution"]
print(big.text("legendary-asia", 2))
c = big.compare("destination-hungry", "one-step", "legendary-asia", 2)
print(f"{c['deals']} deals: {c['rate_a']:.1%} against {c['rate_b']:.1%}, difference "
      f"{c['difference']:+.1%} ({c['low']:+.1%} to {c['high']:+.1%})")
answer = False
exercises.check("12.2", answer)

# %% [markdown]
# ### Exercise 3. (warm-up) Counting a round robin
# How many games does `tournament(styles, variants=["usa"], seats=[3, 4], games=5)` play?
# Predict first, then check by running it (it takes a few seconds). Answer with a whole number.

# %%
answer = ...
exercises.check("12.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** With 3 players: out of four styles there are 4 groups of three (leave one out
# each time), and each of the 5 deals of a table is played once for each of its 3 rotations:
# 4 × 3 × 5 = 60 games. With 4 players: one table, 4 rotations, 5 deals: 20 games.
# Together 60 + 20 = 80 games.

# %% tags=["solution"]
answer = len(tournament(styles, variants=["usa"], seats=[3, 4], games=5, seed=0))
exercises.check("12.3", answer)

# %% [markdown]
# ## Extension · Team Asia as pairs of partners
# Not in the 50 minutes. `team_table()` reads each team as a pair of partners: its win rate
# against the other pair of its split, with the interval over deals.

# %%
for row in big.team_table("team-asia"):
    print(f"{row['team']:<36} {row['win_rate']:.0%} ({row['low']:.0%} to {row['high']:.0%})"
          f"  against {row['against'][0]}")

# %% [markdown]
# Each split appears twice, once from each side (90% for one pair is 10% for the other). In
# every split the pair without `one-step` wins; the closest split is `destination-hungry` &
# `long-route` against `one-step` & `route-focus`, won by the first pair 77% of the time. A
# style's win rate in Exercise 1 is the mean over its three partnerships.
#
# ## Extension · Ratings
# Not in the 50 minutes. A win rate depends on who else sat at the table. A **rating**
# compares players through every meeting: in each game, each pair of different players is one
# match, won by the one with more points. The [Bradley–Terry](../docs/glossary.md#bradley-terry) model gives each player a strength
# so that the chance that A beats B is strength(A) / (strength(A) + strength(B)); `ratings()`
# reports 400 × log10(strength), the scale of chess ratings (a lead of 200 means winning about
# 3 matches in 4), with a mean of 0. (In Team Asia partners have the same total, so their match
# is a tie.)

# %%
for board in big.variants:
    r = big.ratings(board)
    print(f"{board:<16}", "  ".join(f"{k} {v:+.0f}" for k, v in r.items()))

# %% [markdown]
# ## Extension · The seat order
# Not in the 50 minutes. Every style sat in every seat equally often, so the styles cancel
# out and only the seat is left. Seat 0 plays first, as in lesson 10; the fair share of a seat
# is 1 in the number of players. The intervals draw whole deals again.

# %%
for row in big.seat_effects("usa"):
    print(f"usa {row['players']} players, seat {row['seat']}: {row['win_rate']:.1%}"
          f" ({row['low']:.1%} to {row['high']:.1%}), fair share {1 / row['players']:.1%}")
for row in big.seat_effects("team-asia")[::2]:
    print(f"team-asia, the team of seats {row['seat']}+{row['seat'] + 1}: {row['win_rate']:.1%}"
          f" ({row['low']:.1%} to {row['high']:.1%}), fair share 50.0%")

# %% [markdown]
# With 2 players the first seat shows no edge, as between the two greedy players of lesson 10.
# With 3 players on the USA map seat 0 wins more than its share (its interval lies above 33.3%)
# and seat 2 less. With 4 players the early seats do better than the late ones (seat 1's
# interval lies above 25%, seat 3's below), but seat 0's interval holds 25%, while in lesson
# 10's Exercise 2 four copies of the greedy player gave seat 0 more than its share. The two
# lessons do not disagree about the seat order (seat 0 plays first in both); their players
# differ: one program four times there, four styles of very different strength here (two of
# which almost never win a four-player game), and with 60 deals an edge of a few points hides
# inside these intervals. In Team Asia the first team shows no edge, as in lesson 10's forty
# greedy games, now over 60 deals.
