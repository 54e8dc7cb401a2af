# %% [markdown]
# # Lesson 02 · USA 1910: four ways to play
# The *USA 1910* expansion plays on the same board as the base game, with new Destination
# Tickets and a new bonus card. This lesson compares its four ways to play and scores a game
# with the Globetrotter bonus.
#
# **Learning goals.** After this lesson you can:
# - say which Destination Tickets, deal and bonuses each of the four ways to play uses;
# - name the seven Big Cities and tell whether a ticket belongs to the Big Cities deck;
# - deal a Mega Game hand of 5 tickets and keep at least 3;
# - work out a USA 1910 score with the Globetrotter bonus, line by line.
#
# **Time:** 50 minutes.
#
# **Sections:** §1 The four ways to play (8 min) · §2 The Big Cities (5 min) · §3 A Mega Game hand (5 min) · §4 A Mega Game score (8 min) · §5 The 1910 way to play (4 min) · exercises (20 min)
#
# **Prerequisites:** lesson 01 (the base game: routes, Destination Tickets, the Longest Path bonus).
#
# **What you will do:** read the four ways to play from the engine, find the Big Cities on the
# map, try to keep too few tickets, and score two players in the Mega Game.

# %%
%matplotlib inline
import ttr_nb
from ttr_nb import exercises, narrate
from ttr_nb.exercises import l02
from ttr_nb.actions import KeepTickets
from ttr_nb.scoring import Scorer, Scoresheet
from ttr_nb.variants import compare, reprinted_values

# %% [markdown]
# ## 1. The four ways to play
#
# The rules say it in one paragraph:
#
# > The expansion replaces all the cards with large-format cards and adds 35 Destination
# > Tickets marked 1910, with three ways to play. In 1910, the Globetrotter card (15 points for
# > the most completed Destination Tickets) replaces the Longest Path card. The Mega Game
# > shuffles all 69 Destination Tickets and uses both bonus cards; Big Cities uses the 35 tickets
# > that show a city written in red. In those two, you draw 4 Destination Tickets during the
# > game and keep at least one.
#
# With the reprinted base game (*Classic*) that makes four ways to play. Each is a **variant**
# of the engine, with a name you pass to `ttr_nb.new_game`. The table is read from them; the
# first row is the base game, for comparison.

# %%
print(compare(["usa", "usa-1910-classic", "usa-1910", "usa-mega", "usa-big-cities"]))

# %% [markdown]
# > **Uncertain rule.** The Classic way plays with the numbers of the base game, and the Big
# > Cities numbers are printed in its rules. For the **1910** way (3 dealt, keep at least 2;
# > 3 drawn in the game, keep at least 1) and the **Mega Game** (5 dealt, keep at least 3;
# > 4 drawn, keep at least 1) the numbers come from secondary sources: the wording of the
# > USA 1910 rules leaflet could not be checked ([U-2](../docs/RULES.md#U-2)). ttr_nb uses the
# > numbers in the table; no setting changes them.
#
# **What stays the same.** The board, its routes and their points, 45 trains each, and the
# cards: the box has 110 Train Car cards, as many as the base game, only in a larger format
# ([U-1.1](../docs/RULES.md#U-1.1)); the engine plays every variant with the same deck.
# **What changes.** The Destination Tickets, how many are dealt and kept, and the bonus cards.
# The Mega Game's 69 tickets are the 30 reprints, the 35 new 1910 tickets and 4 tickets of
# the older *Mystery Train* expansion that the 1910 box also holds
# ([U-1.2](../docs/RULES.md#U-1.2)). *Classic* uses the 30 original tickets, reprinted; four
# of them are worth a little less ([U-1.3](../docs/RULES.md#U-1.3)):

# %%
mega = ttr_nb.get_variant("usa-mega")
print(f"{mega.trains} trains each; {mega.n_cards} Train Car cards: {mega.cards_per_color} of each "
      f"of the 8 colours and {mega.locomotives} Locomotives")
usa = ttr_nb.load_map("usa")
for old, new in reprinted_values(usa):
    print(f"  reprinted: {old.a}–{old.b}: {old.points} → {new.points}")

# %% [markdown]
# ## 2. The Big Cities
#
# Seven cities are printed in red on the 1910 tickets ([U-2.1](../docs/RULES.md#U-2.1)). The
# Big Cities deck holds every ticket that names at least one of them
# ([U-2.2](../docs/RULES.md#U-2.2)): some of the new 1910 tickets, some of the reprints and
# one *Mystery Train* ticket.

# %%
big = usa.meta["big_cities"]
deck = ttr_nb.get_variant("usa-big-cities").tickets()
print("Big Cities:", ", ".join(big))
print(len(deck), "tickets; each names a Big City:", all(t.a in big or t.b in big for t in deck))
reprints = {t.id for t in ttr_nb.get_variant("usa-1910-classic").tickets()}
print(sum("1910" in t.decks for t in deck), "new 1910 tickets,", sum(t.id in reprints for t in deck),
      "reprints and", sum("1910" not in t.decks and t.id not in reprints for t in deck),
      "Mystery Train ticket")
ttr_nb.show(usa, cities=big, title="The seven Big Cities (ringed)")

# %% [markdown]
# ## 3. A Mega Game hand: 5 tickets, keep at least 3
#
# In the Mega Game each player is dealt 5 tickets and keeps at least 3
# ([B-2.4](../docs/RULES.md#B-2.4) with the Mega Game's numbers, which the box of section 1
# marks as uncertain). Ana looks at her hand:

# %%
game = ttr_nb.new_game("usa-mega", ["Ana", "Bea"], seed=1910)
narrate.view(game, 0)

# %% [markdown]
# Seattle–New York (20) and Calgary–Nashville (14) are long and far apart. Ana would like to
# keep only two tickets, Duluth–El Paso and Omaha–New Orleans; the engine refuses, and says
# why:

# %%
_ = narrate.try_play(game, KeepTickets(["C10", "N18"]))   # Duluth–El Paso, Omaha–New Orleans

# %% [markdown]
# She keeps the three tickets of the middle of the map. The two others go to the bottom of the
# ticket deck ([U-2.3](../docs/RULES.md#U-2.3)), which grows from 59 to 61:

# %%
_ = narrate.try_play(game, KeepTickets(["C10", "N18", "C05"]))   # and Chicago–New Orleans
print("tickets in the deck:", game.view(0)["ticket_deck"])

# %% [markdown]
# ## 4. A Mega Game score, line by line
#
# The Mega Game uses both bonus cards: the Longest Path (10 points) and the **Globetrotter**
# (15 points for the most completed Destination Tickets, [U-1.5](../docs/RULES.md#U-1.5)). Here
# are Ana and Bea at the end of a game, with their routes and tickets (ticket ids of the board:
# the printed sheet names them):

# %%
ana = Scorer.from_routes(usa, "Ana", [
    "Calgary–Vancouver", "Seattle–Vancouver", "Calgary–Winnipeg", "Sault St. Marie–Winnipeg",
    "Duluth–Sault St. Marie", "Duluth–Winnipeg", "Portland–Seattle", "Calgary–Helena",
    "Sault St. Marie–Toronto", "Pittsburgh–Toronto", "Pittsburgh–Saint Louis",
    "Portland–San Francisco pink", "Chicago–Saint Louis green"], ["N22", "N25", "N33", "N13"])
bea = Scorer.from_routes(usa, "Bea", [
    "Duluth–Helena", "Helena–Salt Lake City", "Denver–Helena", "Denver–Kansas City black",
    "Helena–Omaha", "Kansas City–Saint Louis pink", "Duluth–Omaha", "Portland–Salt Lake City",
    "Nashville–Saint Louis"], ["N05", "N24"])
sheet = Scoresheet.compute(usa, [ana, bea], mega.bonuses)
print(sheet)

# %% [markdown]
# Ana's total, read from her lines:
#
# - **routes 80**: each route scores by its length (a 6-car route 15, a 5-car route 10, ...);
# - **tickets +40**: three done, 19 + 17 + 13 = 49, and Los Angeles–Oklahoma City (9) not done:
#   49 − 9 = 40;
# - **Longest Path +10**: her longest [trail](../docs/glossary.md#trail) is 34 cars, and so is Bea's. On a tie each tied
#   player scores the bonus ([B-8.2](../docs/RULES.md#B-8.2)), so both get 10;
# - **Globetrotter +15**: Ana completed 3 tickets, Bea 2.
#
# 80 + 40 + 10 + 15 = **145**. The two trails of 34 cars:

# %%
ttr_nb.show(sheet, trails={0: sheet.trail(0).routes, 1: sheet.trail(1).routes},
            title="Mega Game: two longest trails of 34 cars")

# %% [markdown]
# ## 5. The same game in the 1910 way to play
#
# All six tickets above are 1910 tickets, so the same game could be played in the *1910* way.
# There the Globetrotter **replaces** the Longest Path card: keeping the Longest Path card is a
# common mistake. Ana loses the 10 points of the tie and Bea loses her only bonus:

# %%
way_1910 = ttr_nb.get_variant("usa-1910")
sheet_1910 = Scoresheet.compute(usa, [ana, bea], way_1910.bonuses)
print(way_1910.bonuses, "->", dict(zip(sheet_1910.names, sheet_1910.totals)))
print(sheet_1910.bonus_summary("globetrotter"))

# %% [markdown]
# Ana scores 135 instead of 145, Bea 77 instead of 87.
#
# > **Uncertain rule.** The rules do not say what happens when players tie for the most
# > completed tickets. ttr_nb gives the Globetrotter to every tied player, as the rules do for
# > the Longest Path; no setting changes this. Likewise, with no Longest Path card (the 1910 and
# > Big Cities ways to play), two players tied on points and on completed tickets share the win
# > ([U-2.5](../docs/RULES.md#U-2.5)).

# %% [markdown]
# ## Summary
#
# - USA 1910 keeps the board, the trains and the 110 Train Car cards (larger ones) of the base
#   game, and changes the Destination Tickets and the bonus cards.
# - *Classic*: the 30 original tickets reprinted (four worth a little less), Longest Path.
#   *1910*: the 35 new tickets, Globetrotter instead of Longest Path. *Mega Game*: all 69 tickets,
#   both bonuses. *Big Cities*: the 35 tickets that name Chicago, Dallas, Houston, Los Angeles,
#   Miami, New York or Seattle, no bonus.
# - Each way to play deals, draws and keeps its own numbers of tickets: the table of section 1
#   (the 1910 and Mega Game numbers are uncertain).
# - The Globetrotter is 15 points for the most completed tickets; a tie gives it to each tied player.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*

# %% [markdown]
# ### Exercise 1. (warm-up) Which tickets are in the Big Cities deck?
# Here are seven tickets of the 1910 box: Denver–Saint Louis, Houston–Washington,
# Montréal–Chicago, Vancouver–Portland, Calgary–Salt Lake City, Washington–Atlanta,
# Seattle–Las Vegas. Which of them are in the Big Cities deck? Answer with a list of tickets by
# their cities, such as `['Denver–Saint Louis']`.

# %%
answer = ...   # a list of tickets, such as ['Denver–Saint Louis']
exercises.check("02.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** A ticket is in the deck when one of its two cities is a Big City (Chicago,
# Dallas, Houston, Los Angeles, Miami, New York, Seattle). Houston–Washington has Houston,
# Montréal–Chicago has Chicago, Seattle–Las Vegas has Seattle. Denver, Saint Louis, Vancouver,
# Portland, Calgary, Salt Lake City, Washington and Atlanta are not Big Cities, so the four other
# tickets are not in the deck (even Washington–Atlanta, between two large cities).

# %% tags=["solution"]
answer = ["Houston–Washington", "Montréal–Chicago", "Seattle–Las Vegas"]
exercises.check("02.1", answer)

# %% [markdown]
# ### Exercise 2. (core) Keep only 2?
# Bea likes to keep only 2 of the tickets dealt at the start. In which of the four ways to play
# (`usa-1910-classic`, `usa-1910`, `usa-mega`, `usa-big-cities`) is she allowed to? Predict
# from the rules, then check with the table of section 1. Answer with a list of variant names.

# %%
answer = ...   # a list of variant names, such as ['usa-1910']
exercises.check("02.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Classic and 1910 deal 3 tickets and ask for at least 2; Big Cities deals 4 and
# asks for at least 2: Bea may keep 2 in all three. The Mega Game deals 5 and asks for at least 3,
# as the engine told Ana above.

# %% tags=["solution"]
answer = ["usa-1910-classic", "usa-1910", "usa-big-cities"]
exercises.check("02.2", answer)

# %% [markdown]
# ### Exercise 3. (challenge) Who scores the Globetrotter?
# Three players end a game in the 1910 way to play. Run the cell: it lists their tickets and
# draws their routes. Work out which tickets each player completed, then say who scores the
# Globetrotter. Answer with a list of player names.
# Be ready to explain, for each player, which ticket decides it.

# %%
table = l02.globetrotter_sheet()
print("\n".join(f"{n}: {narrate.tickets(table, s.tickets)}" for n, s in zip(table.names, table.scorers)))
ttr_nb.show(table, title="Exercise 3: who completed the most tickets?")

# %%
answer = ...   # a list of names, such as ['Bea']
exercises.check("02.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Ana joins Denver to Saint Louis and Salt Lake City to Kansas City, but has no
# train at Las Vegas: 2 completed. Bea joins Chicago to Boston, but has no train at Salt Lake
# City: 1 completed. Cal joins Saint Louis to Miami and Washington to Atlanta: 2 completed. Ana and
# Cal tie with 2, so each scores the 15 points (a failed ticket costs points but does not change
# the count of completed ones). The sheet shows it:

# %% tags=["solution"]
print(table.bonus_summary("globetrotter"))
answer = ["Ana", "Cal"]
exercises.check("02.3", answer)
