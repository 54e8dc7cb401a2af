# %% [markdown]
# # Lesson 07 · The Heart of Africa
# *The Heart of Africa* adds **Terrain cards** to Ticket to Ride: spend them when you claim a
# route and its points are doubled, but only if nobody holds more cards of that type than you.
# The map also has countries as ticket ends, ferries to Madagascar, and the Globetrotter bonus.
#
# **Learning goals.** After this lesson you can:
# - tell which Terrain cards double a route, from the route's printed colour;
# - decide whether a player may double a route (the majority, ties included) and what it costs;
# - work out what a doubled route scores;
# - decide whether a ticket that names a country, or passes through Madagascar, is complete;
# - find who scores the Globetrotter, ties included.
#
# **Time:** 50 minutes (about 35 to read and run, 15 for the exercises).
#
# **Sections:** §1 Terrain cards (4 min) · §2 Drawing Terrain cards (5 min) · §3 Doubling a route's points (8 min) · §4 Locomotives as wild Terrain cards (6 min) · §5 Countries, ferries and Madagascar (8 min) · §6 The Globetrotter (4 min) · exercises (15 min)
# **Extension** (after the exercises, not in the 50 minutes): is doubling worth it, over 200
# games?
#
# **Prerequisites:** lesson 01 (claiming routes with Train Car cards and Locomotives,
# Destination Tickets) and lesson 03 (the route table, ticket points).
#
# **What you will do:** follow one game of four computer players through its first doubling,
# try moves the rules refuse, compare the readings of a rule nobody can read in full, and
# decide which tickets a network completes when a country is in the way.
#
# The board is a reconstruction made for ttr_nb from real geography (the printed layout is not
# public): the rules are the game's, the routes are not the printed ones.

# %%
# %matplotlib inline
import ttr_nb
from ttr_nb import exercises, lab, narrate
from ttr_nb.actions import ClaimRoute, DrawCard
from ttr_nb.exercises import l07
from ttr_nb.graph import connect
from ttr_nb.rules import terrain

# %% [markdown]
# ## 1. Terrain cards
#
# There are 45 Terrain cards, 15 of each of three types ([H-3.1](../docs/RULES.md#H-3.1)).
# Each type belongs to three route colours ([H-3.2](../docs/RULES.md#H-3.2)):
#
# | Terrain cards | route colours |
# | --- | --- |
# | Desert & Savanna | yellow, orange, red |
# | Jungle & Forest | pink, blue, green |
# | Mountain & Cliff | white, black, gray |
#
# What counts is the colour **printed on the route**, not the cards that pay for it: a gray route
# paid with red cards is still a Mountain & Cliff route ([H-3.3](../docs/RULES.md#H-3.3)).
# Below: how many routes each type has, and the Jungle & Forest routes highlighted on the board.

# %%
board = ttr_nb.load_map("heart_of_africa")
print({terrain.terrain_word(t): len(terrain.routes_of(board, t)) for t in terrain.TERRAINS})
ttr_nb.show(board, highlight=terrain.routes_of(board, "jungle"), highlight_color="#f2b100",
            highlight_label="Jungle & Forest routes",
            title="Jungle & Forest routes: the pink, blue and green ones")

# %% [markdown]
# ## 2. Drawing Terrain cards
#
# At the start each player gets **1** Terrain card; **2** lie face up and the rest form the
# Terrain deck ([H-3.4](../docs/RULES.md#H-3.4)). Your Terrain cards lie **face up in front of
# you**, so everybody can count everybody's ([H-3.5](../docs/RULES.md#H-3.5)).
#
# Here is the game we follow: Ana, Bea, Cal and Dee are four greedy computer players (each
# chases its own tickets), [random seed](../docs/glossary.md#random-seed) 800.

# %%
game = ttr_nb.new_game("heart-of-africa", ["Ana", "Bea", "Cal", "Dee"], seed=800)
players = narrate.computer_players(game, "greedy")
print(terrain.terrain_text(game, majorities=False))

# %% [markdown]
# Whenever you may draw a Train Car card, you may draw a Terrain card instead, face up or from
# the Terrain deck: a draw is two Train Car cards, two Terrain cards, or one of each
# ([H-4.1](../docs/RULES.md#H-4.1)). A face-up Terrain card that is taken is replaced at once
# ([H-4.3](../docs/RULES.md#H-4.3)). The face-up Locomotive rule stays: it can never be the
# second card ([H-4.2](../docs/RULES.md#H-4.2), [B-4.4](../docs/RULES.md#B-4.4)); the rules
# we could read do not say so for a Terrain card drawn first, and ttr_nb reads the rule as
# holding then too. We let the players play until the first time someone starts a turn with a
# Terrain card, and then try to add a face-up Locomotive:

# %%
draw = narrate.play_until(game, players, before=lambda g, a: a.kind == "terrain" and g.pending == "turn")
_ = narrate.play(game, draw)
print("face up:", narrate.face_up(game.view(None)))
_ = narrate.try_play(game, DrawCard("locomotive"))

# %% [markdown]
# ## 3. Doubling a route's points
#
# When you claim a route you may also discard Terrain cards of its type to **double its points**
# ([H-5.1](../docs/RULES.md#H-5.1)): **1** card for a route of 1 to 3 spaces, **2** for 4 to 6
# ([H-5.2](../docs/RULES.md#H-5.2)). The route then scores twice its value in the route table
# ([H-5.6](../docs/RULES.md#H-5.6)); the trains placed are the same.
#
# The catch is the **majority**: you must hold at least as many Terrain cards of that type as
# **each** other player. A tie is enough ([H-5.3](../docs/RULES.md#H-5.3)).
#
# > **Uncertain rule.** The rules do not say clearly whether the majority is counted before or
# > after you discard the doubling cards ([H-5.4](../docs/RULES.md#H-5.4)). ttr_nb counts
# > **before**; the setting `majority_check="after_discard"` counts what you hold afterwards.
#
# We play on until a player is about to double for the first time, and stop just before:

# %%
doubling = narrate.play_until(game, players, before=lambda g, a: isinstance(a, ClaimRoute) and bool(a.terrain))
print(f"Turn {game.turn + 1}: {game.names[game.current_player]} is about to play.")
print(terrain.terrain_text(game))
choices = terrain.doubled_claims(game)
print(f"Cal may make {sum(map(len, choices.values()))} different doubled claims, on {len(choices)} routes.")

# %% [markdown]
# Ana, Cal and Dee hold one Jungle & Forest card each: a tie, so each of them may double a Jungle
# & Forest route. Ana and Cal tie in the same way with one Desert & Savanna card each. Dee holds
# two Mountain & Cliff cards, so only Dee may double a Mountain & Cliff route.
#
# Read the last line carefully: the game lists 52 doubled claims, but they are only **28
# decisions** ("double this route"). A route appears several times because it can be paid in
# several ways (which Train Car cards, which Locomotives). A count of legal doubled claims
# counts payments, not choices.
#
# Cal holds no Mountain & Cliff card. Can he double the gray route Douala–Nigeria, paying a
# Locomotive as a Terrain card?

# %%
_ = narrate.try_play(game, ClaimRoute(board.route_id("Douala–Nigeria gray"), {"red": 2},
                                      terrain={"locomotive": 1}))

# %% [markdown]
# ## 4. Locomotives as wild Terrain cards
#
# Locomotives can stand in for Terrain cards when you double a route
# ([H-6.1](../docs/RULES.md#H-6.1)), but, as we just saw, they do not help with the majority:
# that is counted with the real Terrain cards in front of you ([H-6.2](../docs/RULES.md#H-6.2)).
# A Locomotive used this way is an extra card, on top of the cards that pay for the route
# ([H-6.4](../docs/RULES.md#H-6.4)).
#
# > **Uncertain rule.** The sentence of the rules that says what one Locomotive is worth as a
# > Terrain card is cut off in every copy we found ([H-6.3](../docs/RULES.md#H-6.3)). ttr_nb
# > counts **1 Locomotive = 1 Terrain card**, with no real Terrain card required. The setting
# > `loco_terrain_value=2` makes one Locomotive replace two Terrain cards;
# > `require_real_terrain_card=True` makes every doubling include at least one real Terrain
# > card; `loco_as_terrain=False` forbids Locomotives as Terrain cards altogether. A setting is
# > given when the game starts: `ttr_nb.new_game("heart-of-africa", 4, seed=1, loco_terrain_value=2)`.
#
# Cal is about to double Dar es Salaam–Nacala, a pink route of 5 spaces (2 cards). The ways he
# may double it at this moment, under each reading:

# %%
for setting in ({}, {"loco_terrain_value": 2}, {"require_real_terrain_card": True}, {"loco_as_terrain": False}):
    print(setting or "ttr_nb's default", "→", terrain.doubling_offers(game, "Dar es Salaam–Nacala", **setting))

# %% [markdown]
# With the default he must add a Locomotive to his single Jungle & Forest card. If a Locomotive
# counted as two cards, one Locomotive alone would do. Requiring a real Terrain card changes
# nothing here, since he has one. Without Locomotives as Terrain cards he could not double
# this route at all. Now he plays his move:

# %%
_ = narrate.play(game, doubling)

# %% [markdown]
# ## 5. Countries, ferries and Madagascar
#
# Some tickets name a **country** (Nigeria, Tchad, Sudan) instead of a city
# ([H-8.1](../docs/RULES.md#H-8.1)). A country is a dead end: no [path](../docs/glossary.md#path) runs through it, and two
# routes into the same country are not joined to each other ([H-8.2](../docs/RULES.md#H-8.2)).
# A country ticket is complete when any route into that country is joined to the ticket's other
# end ([H-8.3](../docs/RULES.md#H-8.3)).
#
# > **Uncertain rule.** The official wording about countries could not be read. That a country
# > is a dead end, and that its routes are not joined to each other, comes from one rules
# > summary ([H-8.2](../docs/RULES.md#H-8.2)); that any route into the country completes its
# > ticket is our reading of it ([H-8.3](../docs/RULES.md#H-8.3)). ttr_nb follows both. This is
# > part of the board; no setting changes it.
#
# Two routes into Tchad show both rules:

# %%
into_tchad = board.route_ids(["Ngaoundéré–Tchad orange", "Bangui–Tchad red"])
print(connect(board, into_tchad, "Ngaoundéré", "Bangui").describe())
print(connect(board, into_tchad, "Tchad", "Bangui").describe())

# %% [markdown]
# **Madagascar** is different: it is one ordinary city, and paths may pass through it
# ([H-8.4](../docs/RULES.md#H-8.4), [H-8.5](../docs/RULES.md#H-8.5)). It is reached only by the
# three ferries from Mozambique ([H-7.3](../docs/RULES.md#H-7.3)), and a ferry needs one
# Locomotive for each Locomotive space ([H-7.2](../docs/RULES.md#H-7.2)). Below: the ferries,
# and Beira joined to Maputo through Madagascar. Then a network of five routes (highlighted in the
# picture): Mombasa–Dar es Salaam, Dar es Salaam–Nacala (the route Cal just doubled) and the
# three ferries. It completes the ticket Mombasa–Madagascar (10 points), and its longest [trail](../docs/glossary.md#trail)
# crosses Madagascar, which no trail can do through a country.

# %%
ferries = board.route_ids(["Nacala–Madagascar", "Beira–Madagascar", "Maputo–Madagascar"])
print("The ferries:", "; ".join(board.route(r).label() for r in ferries))
print(connect(board, ferries, "Beira", "Maputo").describe())
coast = board.route_ids(["Mombasa–Dar es Salaam green", "Dar es Salaam–Nacala"]) + ferries
print(connect(board, coast, "Mombasa", "Madagascar").describe())
print("Longest trail:", ttr_nb.longest_trail(board, coast).describe())

# %% [markdown]
# > **Uncertain rule.** The official wording about Madagascar could not be read: that it can be
# > travelled through, and that all its routes meet at one place, comes from one rules summary,
# > which ttr_nb follows ([H-8.4](../docs/RULES.md#H-8.4)). Still uncertain: whether the printed
# > rules say more about Madagascar, and how many ferries reach it and how long they are on the
# > printed board (ttr_nb's three are its own). This is part of the board; no setting changes it.

# %%
ttr_nb.show(board, highlight=coast, highlight_label="the five routes", cities=["Madagascar"],
            title="Madagascar: one city, reached only by three ferries")

# %% [markdown]
# ## 6. The end of the game: the Globetrotter
#
# There is no Longest Path bonus here. The **Globetrotter** gives **+10** to the player with the
# most completed Destination Tickets ([H-9.1](../docs/RULES.md#H-9.1)). **Terrain cards still in
# front of a player at the end score nothing** in ttr_nb (no rule we could read gives them
# points): only the doublings made during the game count.
#
# > **Uncertain rule.** The +10 comes from reviews and a rules summary of the game, not from a
# > rules text we could read ([H-9.1](../docs/RULES.md#H-9.1)); the Globetrotter of USA 1910 is
# > worth 15 ([U-1.5](../docs/RULES.md#U-1.5)). Nor do the rules we could read say what happens
# > on a tie ([H-9.2](../docs/RULES.md#H-9.2)). ttr_nb gives **+10**, to **every** tied player,
# > as the base game does for the Longest Path bonus ([B-8.2](../docs/RULES.md#B-8.2)); no
# > setting changes either.
#
# Here is another whole game of four greedy players (random seed 23), played to the end:

# %%
final = ttr_nb.new_game("heart-of-africa", ["Ana", "Bea", "Cal", "Dee"], seed=23)
_ = narrate.play_until(final, narrate.computer_players(final, "greedy"))
sheet = final.score()
print(sheet.bonus_summary("globetrotter"))
print("Points from doubling:", {name: sheet.line_total(i, "terrain") for i, name in enumerate(sheet.names)})
print(sheet.verdict)
print(terrain.terrain_text(final, majorities=False))

# %% [markdown]
# Cal ends with 2 Terrain cards in front of him, the others with none: the Scoresheet has no
# line for them. Bea alone scores the Globetrotter, with 6 completed tickets.

# %% [markdown]
# ## Summary
#
# - A route's Terrain type comes from its printed colour; 1 card doubles a route of 1 to 3
#   spaces, 2 cards a route of 4 to 6, and the route then scores twice its table value.
# - Only a player with at least as many cards of the type as every other player may double
#   (ties count); Locomotives may stand in for Terrain cards but never count for the majority.
# - What one Locomotive is worth as a Terrain card is uncertain; ttr_nb counts it as one card,
#   and a setting changes that.
# - Countries are dead ends (an uncertain rule, as ttr_nb reads it): a ticket to a country
#   needs one route into it. Madagascar is one city, reached only by ferries, and paths and
#   trails may pass through it.
# - The Globetrotter replaces the Longest Path bonus: +10 in ttr_nb (an uncertain value), to
#   every tied player; Terrain cards left at the end score nothing.
# - A count of legal moves is not a count of decisions.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*

# %% [markdown]
# ### Exercise 1. (core) Who may double a Jungle & Forest route?
# Here is the game of sections 2 to 4 two turns after Cal's doubling, when turn 53 begins (the
# cell below prints the Terrain cards in front of each player). Which players may now double a
# Jungle & Forest route, if they can pay for it? Answer with a list of names (an empty list if
# nobody).

# %%
print(terrain.terrain_text(l07.exercise_position(), majorities=False))

# %%
answer = ...   # a list of names, such as ['Ana', 'Bea']
exercises.check("07.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** The majority rule compares your Jungle & Forest cards with each other player's.
# Ana and Dee hold 1 each and nobody holds more: a tie is enough, so both may double. Bea and
# Cal hold 0 while Ana and Dee hold 1, so they may not. Cal could double at turn 51, but he
# spent his Jungle & Forest card on Dar es Salaam–Nacala, and only the cards in front of a
# player count (a Locomotive would not help him either: it never counts for the majority).

# %% tags=["solution"]
answer = ["Ana", "Dee"]
exercises.check("07.1", answer)

# %% [markdown]
# ### Exercise 2. (warm-up) What is a doubled route worth?
# Bea claims Walvis Bay–Cape Town (6 spaces, yellow) and doubles it. How many Terrain cards
# does she spend, and how many points does the route bring her in all? Answer with two numbers
# in brackets: `(cards, points)`. (The route table of this board: 1, 2, 4, 7, 10, 15 points for
# 1 to 6 spaces.)

# %%
answer = ...   # (cards, points)
exercises.check("07.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** The route has 6 spaces, so doubling takes **2** Terrain cards, of type Desert &
# Savanna (yellow). The route table gives 15 points for 6 spaces; doubling scores that value a
# second time (on its own line of the Scoresheet), so the route brings 15 + 15 = **30** points.

# %% tags=["solution"]
answer = (2, 30)
exercises.check("07.2", answer)

# %% [markdown]
# ### Exercise 3. (core) Which tickets are complete?
# A player owns the routes printed below (highlighted on the map). Which of the tickets
# Yaoundé–Kisangani, Tchad–Nairobi and Tchad–Luanda are complete? Answer with a list, such as
# `['Tchad–Luanda']` (an empty list if none).

# %%
print(l07.NETWORK)
ttr_nb.show(board, highlight=list(l07.NETWORK), highlight_label="the player's routes",
            cities=["Yaoundé", "Kisangani", "Tchad", "Nairobi", "Luanda"],
            title="Exercise 3: the player's routes (ringed: the tickets' ends)")

# %%
answer = ...   # a list of tickets
exercises.check("07.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Tchad–Nairobi is complete: Bangui–Tchad is a route into Tchad, and Bangui →
# Kisangani → Kampala → Nairobi joins it to Nairobi; a country ticket needs only one route into
# the country. Yaoundé–Kisangani is **not** complete: from Yaoundé the routes go to Ngaoundéré
# and into Tchad, and the only way on to Bangui would come out of Tchad by another route, but a
# country is a dead end and its routes are not joined to each other. Tchad–Luanda is not
# complete: no route reaches Luanda.

# %% tags=["solution"]
answer = ["Tchad–Nairobi"]
exercises.check("07.3", answer)

# %% [markdown]
# ### Exercise 4. (challenge) Who scores the Globetrotter?
# Here are the Destination Tickets of another whole game (four greedy players, random seed 7).
# Who scores the Globetrotter in ttr_nb? Answer with a list of names.
# Be ready to say why each of the other players does not score it.

# %%
gsheet = l07.globetrotter_sheet()
for name, results in zip(gsheet.names, gsheet.ticket_results):
    print(f"{name}:", "; ".join(f"{r.ticket.label()} {'done' if r.done else 'NOT done'}" for r in results))

# %%
answer = ...   # a list of names
exercises.check("07.4", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Count completed tickets (not tickets kept, not points): Ana 5, Bea 5 (one of
# her six is not done), Cal 3, Dee 3. Ana and Bea tie for the most, and in ttr_nb every tied
# player scores the bonus: both get +10. (Bea's Beira–Madagascar and Cal's
# Madagascar–Johannesburg count like any other ticket: each ends at the city Madagascar.)

# %% tags=["solution"]
answer = ["Ana", "Bea"]
exercises.check("07.4", answer)

# %% [markdown]
# ## Extension · Is doubling worth it?
#
# *Not in the 50 minutes: for a class that has finished the exercises, or for homework (about
# 10 minutes).*
#
# Doubling is free points, but the Terrain cards you draw are Train Car cards you do not draw.
# To measure it, `lab.doubling_duel` plays 4-player games in which two greedy computer players
# double whenever they may, and two identical ones never double and draw Train Car cards
# instead of Terrain cards. The two sides swap seats from game to game, so neither always plays
# first. Nearly every game is won by one side or the other, so "no advantage" means winning
# about 50 % of them.

# %%
print(lab.doubling_duel(200, seed=1))

# %% [markdown]
# The doublers won 56 % of the 200 games. That looks like an edge, but the **95 % interval**
# (49 % to 62 %) contains 50 %: with this many games, a side with no advantage at all could
# well win 56 % by chance. These games cannot tell us that doubling wins more often. The
# scores say the same: the doublers scored about 9 points a game from doubling, but only about
# 2 points more in total, and that difference is within chance too (its interval, −2.4 to
# +6.1, contains 0). A likely reason, which these games do not prove: the turns spent drawing Terrain
# cards were turns not spent drawing Train Car cards. (These are simple computer players; a
# good human may double better.)
