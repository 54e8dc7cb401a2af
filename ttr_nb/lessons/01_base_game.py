# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 01 · The base game, one move at a time
# Three players, Ana, Bea and Cal, play a real game of *Ticket to Ride* (the USA map). We stop
# at every kind of move to say which rule allows it, try illegal moves on purpose to read why
# they are refused, and play to the end.
#
# **Learning goals.** After this lesson you can:
# - name the three actions of a turn and explain why a turn is only one of them;
# - work out which Train Car cards a player may take, including the rules for Locomotives;
# - list every legal way to pay for a route and say what it scores;
# - explain why an illegal move is refused, in the words of the rules;
# - say when the game ends, and who plays after the end is triggered.
#
# **Time:** 50 minutes.
#
# **Sections:** §1 The goal (3 min) · §2 Setting up (4 min) · §3 One action out of three (2 min) · §4 Drawing cards (5 min) · §5 Claiming a route (4 min) · §6 Illegal moves (4 min) · §7 Destination Tickets (3 min) · §8–9 To the end of the game (3 min) · §10 The score (2 min) · exercises (20 min)
#
# **Prerequisites:** lesson 00 (how to run a notebook); no knowledge of the game.
#
# **What you will do:** watch a game dealt, follow the first turns move by move, try six
# illegal moves, play to the end, then answer four questions that the notebook checks for
# you. An extension, after the exercises, saves the game and loads it back.

# %%
# %matplotlib inline
import ttr_nb
from ttr_nb import Game, exercises, narrate
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ttr_nb.exercises import l01

# %% [markdown]
# ## 1. The goal
#
# > The board shows cities in North America connected by routes, made of small colored spaces:
# > you claim them by placing your train cars on them. Each route you claim scores right away,
# > and your Destination Tickets, kept secret, ask you to connect two cities: completed, they
# > score their points, failed, they take them away. The Longest Continuous Path is worth 10
# > points, and the highest total wins.
#
# Each dash on the board is one space for one train. The colour of a route says which Train
# Car cards pay for it; gray routes take any one colour. Some pairs of cities are joined by
# two parallel tracks: a **double route**.

# %%
usa = ttr_nb.load_map("usa")
print(f"{len(usa.cities)} cities, {len(usa.routes)} tracks, {sum(r.length for r in usa.routes)} spaces")
ttr_nb.show(usa, title="The USA board")

# %% [markdown]
# ## 2. Setting up
#
# `ttr_nb.new_game` deals a game from a [random seed](../docs/glossary.md#random-seed) (75 here): the same number always deals
# the same cards, so the class sees the same game every time.
#
# - Each player has **45 trains** ([B-2.1](../docs/RULES.md#B-2.1)).
# - Each player gets **4** Train Car cards and **5** cards are turned face up
#   ([B-2.2](../docs/RULES.md#B-2.2)).
# - Each player is dealt **3 Destination Tickets** and must keep **at least 2**
#   ([B-2.4](../docs/RULES.md#B-2.4)).
#
# Here is the table as **Bea** sees it: her own cards and tickets, and only the public facts
# about the others.

# %%
game = ttr_nb.new_game("usa", players=["Ana", "Bea", "Cal"], seed=75)
narrate.view(game, 1)

# %% [markdown]
# Each seat is played by a computer player (`"greedy"`): it keeps the tickets it can finish
# with few trains, claims the routes on the cheapest [paths](../docs/glossary.md#path) between its cities and draws the
# colours those routes need. First, each player chooses which tickets to keep; the others
# only learn how many. Then we look at the table as the **teacher** sees it: every hand,
# every ticket, even the top of the deck.

# %%
players = narrate.computer_players(game)
for _ in range(3):
    narrate.play(game, players=players)
narrate.view(game, None)

# %% [markdown]
# ## 3. Your turn: one action out of three
#
# > On your turn, you do one action, and only one, out of three: draw Train Car cards, claim a
# > route, or draw new Destination Tickets.
#
# Ana's legal actions fall into exactly those three kinds ([B-3.1](../docs/RULES.md#B-3.1)). A
# claim is listed once for every way to pay for it, so there are many. Passing is not one of
# them: a player may pass only when nothing else is legal ([B-3.4](../docs/RULES.md#B-3.4)).

# %%
_ = narrate.choices(game)

# %% [markdown]
# ## 4. Drawing Train Car cards
#
# > You draw two Train Car cards, each one from the five face-up cards or blind from the top of
# > the deck; a face-up card you take is replaced right away. Locomotives, multicolored, are
# > wild: a face-up Locomotive counts as two cards and can never be your second card, but a
# > Locomotive drawn blind counts as a normal card. As soon as three of the five face-up cards
# > are Locomotives, discard all five and turn five new ones face up.
#
# A draw is **two steps**, one card at a time ([B-4.1](../docs/RULES.md#B-4.1)). To try things
# without touching the real game we play on a **copy**. Ana draws her first card blind; for
# her second card she may take the deck or a face-up colour, but **not** the face-up
# Locomotive ([B-4.4](../docs/RULES.md#B-4.4)). `narrate.try_play` tries a move and, if the
# rules refuse it, prints why and changes nothing.

# %%
trial = game.copy()
narrate.play(trial, DrawCard("deck"))
_ = narrate.choices(trial, show=5)
_ = narrate.try_play(trial, DrawCard("locomotive"))

# %% [markdown]
# Taken as the **first** card, the face-up Locomotive is the whole draw: Ana gets that one card
# and the turn passes to Bea ([B-4.3](../docs/RULES.md#B-4.3)). The empty place is refilled at
# once ([B-4.2](../docs/RULES.md#B-4.2)). A Locomotive drawn **blind** is different: it is an
# ordinary first card and the player still takes a second one
# ([B-4.5](../docs/RULES.md#B-4.5)); you will see it happen in the last round of this game.
# The last Locomotive rule keeps the display fair: whenever three of the five face-up cards
# are Locomotives, all five are discarded and five new ones are turned up
# ([B-4.6](../docs/RULES.md#B-4.6)).

# %%
loco_first = game.copy()
narrate.play(loco_first, DrawCard("locomotive"))
print("next to play:", loco_first.names[loco_first.current_player])

# %% [markdown]
# ## 5. The first turns, and claiming a route
#
# Back to the real game. Ana takes a face-up pink card; a new card is turned up **before** she
# chooses her second one ([B-4.2](../docs/RULES.md#B-4.2)), and she takes a second pink. Then
# Bea and Cal each claim a route.
#
# > Discard as many Train Car cards as the route has spaces, all in its color: Locomotives
# > replace any color, and a gray route can be paid in any one color of your choice.
#
# Both routes are **gray**: Bea pays with one red card ([B-5.2](../docs/RULES.md#B-5.2)); Cal
# pays with an orange card and a Locomotive, which stands for any colour
# ([B-5.1](../docs/RULES.md#B-5.1)). Points come at once, by the length of the route
# ([B-5.9](../docs/RULES.md#B-5.9)):
#
# | spaces | 1 | 2 | 3 | 4 | 5 | 6 |
# | --- | --- | --- | --- | --- | --- | --- |
# | points | 1 | 2 | 4 | 7 | 10 | 15 |

# %%
for _ in range(4):
    narrate.play(game, players=players)
narrate.view(game, 0)

# %% [markdown]
# Every way to pay is a separate action. Ana now holds one yellow, one green, three pink and
# one white card. For the gray one-space route Atlanta–Nashville she may pay with any one of
# her colours; for the pink route Helena–Salt Lake City there is one way only.

# %%
_ = narrate.payments(game, "Atlanta–Nashville")
_ = narrate.payments(game, "Helena–Salt Lake City")

# %% [markdown]
# ## 6. Illegal moves, tried on purpose
#
# The game never lets an illegal move through, and it says why in words a teacher can read
# aloud. Four classic mistakes on Ana's turn: the wrong colour, two colours on a gray route,
# cards she does not have, and the second track of Kansas City–Omaha. That is a double route:
# no player may ever hold both of its tracks ([B-5.7](../docs/RULES.md#B-5.7)), and with 2 or 3
# players, once one track is taken **the other is closed to everyone**
# ([B-5.8](../docs/RULES.md#B-5.8)); Bea took the first one.

# %%
narrate.try_play(game, ClaimRoute.paying(usa.route_id("Chicago–Duluth"), pink=3))
narrate.try_play(game, ClaimRoute.paying(usa.route_id("Kansas City–Oklahoma City"), yellow=1, green=1))
narrate.try_play(game, ClaimRoute.paying(usa.route_id("Denver–Omaha"), pink=4))
closed = usa.twins[usa.route_id("Kansas City–Omaha")][0]
_ = narrate.try_play(game, ClaimRoute.paying(closed, yellow=1))

# %% [markdown]
# ## 7. Destination Tickets
#
# > With this action, you draw 3 Destination Tickets and keep at least one; the ones you return
# > go to the bottom of the deck. A ticket you keep counts until the end: failed, it costs you
# > its points.
#
# On a copy, Ana draws tickets instead. Keeping none is refused
# ([B-6.1](../docs/RULES.md#B-6.1)); her computer player keeps one.

# %%
trial = game.copy()
narrate.play(trial, DrawTickets())
narrate.try_play(trial, KeepTickets([]))
_ = narrate.play(trial, players=players)

# %% [markdown]
# ## 8. The game goes on
#
# The computer players play on, one line per turn: `10.` is the 10th turn of the game, and a
# claim shows how many trains its player has left. We stop after 20 turns.

# %%
narrate.play_turns(game, players, stop=lambda g: g.turn >= 20)

# %% [markdown]
# Then they play on without printing, until a player ends a turn with **2 trains or fewer**:
# that starts the final round ([B-7.1](../docs/RULES.md#B-7.1)). On the board, each player's
# routes are in their colour.

# %%
_ = narrate.play_until(game, players, after=lambda g, action: g.final_round)
print(f"after turn {game.turn}, trains left:", dict(zip(game.names, game.trains)))
ttr_nb.show(game, title=f"After turn {game.turn}: the final round begins")

# %% [markdown]
# ## 9. The end of the game
#
# > When a player has 2 train cars or fewer left at the end of their turn, each player takes
# > one final turn, including that player.
#
# Bea ended her turn with 1 train. Now every player, **Bea included**, plays exactly one more
# turn ([B-7.2](../docs/RULES.md#B-7.2)). Look at Cal's second card: a Locomotive drawn blind,
# an ordinary card ([B-4.5](../docs/RULES.md#B-4.5)).

# %%
while not game.over:
    narrate.play(game, players=players)

# %% [markdown]
# ## 10. The score
#
# `game.score()` adds up everything: the route points, each Destination Ticket (plus its value
# if done, minus if not), and the 10 points of the **Longest Path bonus** for the longest
# [trail](../docs/glossary.md#trail) of trains ([B-8.2](../docs/RULES.md#B-8.2)). Ana and Bea tie for it, so both score it.
# On a tie in points, the most completed tickets wins ([B-8.3](../docs/RULES.md#B-8.3)).
# Lesson 03 reads the whole Scoresheet line by line. The band striped in her colour shows Bea's longest trail.

# %%
sheet = game.score()
print(sheet.verdict)
print(sheet.bonus_summary("longest_path"))
bea = sheet.index("Bea")
ttr_nb.show(game, trails={"Bea": sheet.trail(bea).routes}, title=f"Bea's longest trail: {sheet.trail_length(bea)} cars")

# %% [markdown]
# ## Summary
#
# - A turn is **one** action: draw two Train Car cards, claim one route, or draw
#   Destination Tickets.
# - A face-up Locomotive is the whole draw when taken first, and never allowed second; a
#   Locomotive drawn blind is an ordinary card; three face-up Locomotives reset the display.
# - A route is paid with one card per space, all of one colour (Locomotives wild); it scores
#   at once, 1 to 15 points for 1 to 6 spaces. No player holds both tracks of a double route;
#   with 2 or 3 players a double route has one usable track.
# - Tickets kept count at the end, plus or minus their value.
# - When a player ends a turn with 2 trains or fewer, everyone (that player too) plays one
#   last turn.
#
# Next: lesson 02 plays the *USA 1910* expansion and its four ways to play; lesson 03 reads
# a Scoresheet line by line. Teachers: lesson 06 tours the controls the other lessons use.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# Write your answer in place of the `...` and run the cell: it tells you whether it is right,
# and if not, what to look at again.

# %% [markdown]
# ### Exercise 1. (core) Is Bea allowed to take this card?
#
# Back at the start of the game: Ana has taken her two pink cards. Suppose that Bea, instead
# of claiming a route, draws her first card blind from the deck; the cell prints the face-up
# cards she sees now. May she take the face-up Locomotive as her second card? Answer `True`
# or `False`.

# %%
quiz = l01.bea_second_card()
print("face up:", narrate.face_up(quiz.view(1)))
answer = ...   # True or False
exercises.check("01.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** No. Her first card came from the deck, so the second may be the deck or any
# face-up card **except** a Locomotive ([B-4.4](../docs/RULES.md#B-4.4)). That holds however
# the Locomotive got there. The game says the same:

# %% tags=["solution"]
answer = False
narrate.try_play(quiz, DrawCard("locomotive"))
exercises.check("01.1", answer)

# %% [markdown]
# ### Exercise 2. (warm-up) Predict, then run: ways to pay
#
# On a copy of the game, Ana took the face-up Locomotive on her first turn, as in section 4;
# then Bea and Cal drew two blind cards each. Ana now holds one yellow, one green, one pink, one white card and one
# Locomotive. How many different ways may she pay for the gray two-space route
# Kansas City–Oklahoma City? Predict first, then check with
# `narrate.payments(l01.ana_with_a_locomotive(), "Kansas City–Oklahoma City")`.

# %%
answer = ...   # a whole number
exercises.check("01.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** 4. Two cards of one colour are needed, and she holds only one card of each
# colour, so every payment uses her Locomotive: yellow + Locomotive, green + Locomotive,
# pink + Locomotive, white + Locomotive ([B-5.1](../docs/RULES.md#B-5.1)). Two different
# colours never pay together ([B-5.2](../docs/RULES.md#B-5.2)), and two Locomotives
# ([B-5.3](../docs/RULES.md#B-5.3)) would need a second one.

# %% tags=["solution"]
answer = 4
_ = narrate.payments(l01.ana_with_a_locomotive(), "Kansas City–Oklahoma City")
exercises.check("01.2", answer)

# %% [markdown]
# ### Exercise 3. (warm-up) What does it cost, what does it score?
#
# Near the end of the game Ana claims Calgary–Winnipeg (6 spaces, white) and, in her last
# turn, Atlanta–New Orleans (4 spaces, yellow). How many Train Car cards does she pay for the
# two, and how many route points do they score together? Answer a pair `(cards, points)`.

# %%
answer = ...   # (cards, points)
exercises.check("01.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** One card per space: 6 + 4 = 10 cards. Points from the table
# ([B-5.9](../docs/RULES.md#B-5.9)): 6 spaces score 15 and 4 spaces score 7, so 22 points.
# Long routes pay far more per train: 15 points for 6 trains, 7 for 4.

# %% tags=["solution"]
answer = (10, 22)
exercises.check("01.3", answer)

# %% [markdown]
# ### Exercise 4. (challenge) How many turns are left?
#
# Five players, Ana, Bea, Cal, Dan and Eve, play a game (random seed 1). Dan ends a turn
# with exactly **2** trains left. How many more turns are played before the game ends?
# Answer a whole number (0 if the game goes on as usual).
# Be ready to explain which rule decides it, and why.

# %%
answer = ...   # a whole number of turns
exercises.check("01.4", answer)

# %% [markdown] tags=["solution"]
# **Solution.** 5. Ending a turn with 2 trains or fewer starts the final round
# ([B-7.1](../docs/RULES.md#B-7.1)), so 2 is enough. Then every player gets exactly one more
# turn, **including** the player who started it ([B-7.2](../docs/RULES.md#B-7.2)): Eve, Ana,
# Bea, Cal, and Dan last. The game agrees:

# %% tags=["solution"]
answer = 5
end = l01.five_player_end()
print(end.view(None)["turns_left"], "turns left; trains:", dict(zip(end.names, end.trains)))
exercises.check("01.4", answer)

# %% [markdown]
# ## Extension · Save and load a game
#
# *Not in the 50 minutes: for a class that has time left, or for the teacher.*
#
# A game is its board, its players, its random seed and the list of actions played, so the
# whole game fits in a short JSON text. `Game.from_json` replays it and gives back **the same
# game**.

# %%
saved = game.to_json()
print(f"{len(saved)} characters for {len(game.history)} actions; it begins", saved[:58], "…")
again = Game.from_json(saved)
print("same game:", again.state_json() == game.state_json(), "— totals", again.score().totals)

# %% [markdown]
# A damaged save is refused with its reason: here a save cut short, and one naming a way to
# play that does not exist.

# %%
_ = narrate.try_load(saved[:200])
_ = narrate.try_load(saved.replace('"variant": "usa"', '"variant": "mars"'))
