# %% [markdown]
# # Lesson 03 · Scoring: every point explained
# A final score in *Ticket to Ride* is where players argue and where a class learns the most.
# This lesson scores real positions line by line and shows the scoring mistakes players make.
#
# **Learning goals.** After this lesson you can:
# - work out a final score from the routes, the Destination Tickets and the bonuses;
# - explain why a ticket fails, and what is missing to complete it;
# - find a player's longest [trail](../docs/glossary.md#trail), and explain why it may pass a city twice;
# - spot the five common scoring mistakes and correct them.
#
# **Time:** 50 minutes.
#
# **Sections:** §1 How a score is made (3 min) · §2 The example of the rules (7 min) · §3 The longest trail and the longest simple path (8 min) · §4 The Heart of Africa (5 min) · §5 The common scoring mistakes (7 min) · exercises (20 min)
#
# **Prerequisites:** lesson 01 (routes, Destination Tickets, the Longest Path bonus); lesson 02
# for the Globetrotter.
#
# **What you will do:** score the example of the rules on a real board, compare the longest
# trail with the [longest simple path](../docs/glossary.md#simple-path), and work out three scores yourself.

# %%
%matplotlib inline
import ttr_nb
from ttr_nb import exercises
from ttr_nb.analysis import longest_simple_path
from ttr_nb.exercises import l03
from ttr_nb.scoring import Claim, Scorer, Scoresheet

# %% [markdown]
# ## 1. How a score is made
#
# A `Scoresheet` is made of **lines**, and every line says where its points come from:
#
# | line | points | rule |
# | --- | --- | --- |
# | route | 1, 2, 4, 7, 10, 15 for a route of 1 to 6 cars | [B-5.9](../docs/RULES.md#B-5.9) |
# | ticket | + its value if its two cities are joined by your trains, − its value if not | [B-6.5](../docs/RULES.md#B-6.5) |
# | bonus | Longest Path 10; Globetrotter 15 in USA 1910, 10 in the Heart of Africa | [B-8.2](../docs/RULES.md#B-8.2); [U-1.5](../docs/RULES.md#U-1.5), [H-9.1](../docs/RULES.md#H-9.1) |
# | terrain | the Heart of Africa: a route's points again, when doubled with Terrain cards | [H-5](../docs/RULES.md#H-5) |
#
# ## 2. Example 1, the example of the rules: 62 + 11 + 8 − 9 = 72, + 10 = 82
#
# *Mia has 62 route points on the track. She completes two Destination Tickets (11 and 8) but
# fails a 9: 62 + 11 + 8 − 9 = 72. With the Longest Path bonus: 72 + 10 = 82 points.*
#
# Here is a real position behind those numbers: nine routes on the USA board, the tickets
# Denver–Pittsburgh (11) and Helena–Los Angeles (8), which she completes, and Chicago–Santa Fe
# (9), which she does not. Leo plays three routes in the east.

# %%
usa = ttr_nb.load_map("usa")
mia = Scorer.from_routes(usa, "Mia", [
    "Helena–Seattle", "Helena–Salt Lake City", "Salt Lake City–Las Vegas", "Las Vegas–Los Angeles",
    "Los Angeles–El Paso", "Salt Lake City–Denver", "Denver–Omaha", "Omaha–Chicago",
    "Chicago–Pittsburgh"], ["O08", "O11", "O05"])
leo = Scorer.from_routes(usa, "Leo", ["New York–Washington", "Washington–Raleigh", "Raleigh–Atlanta"],
                         ["O18"])
sheet = Scoresheet.compute(usa, [mia, leo], {"longest_path": 10})
print(sheet)

# %% [markdown]
# Every part of the sum is on the sheet: **routes 62** (each route by its length), **tickets
# +10** (11 + 8 − 9), **Longest Path +10**: 82. The points by kind of line add up to the total:

# %%
print(sheet.kind_totals(0), "=", sheet.total(0))

# %% [markdown]
# **Mia's longest trail** is 25 cars, from Pittsburgh to El Paso. Three of her routes meet at
# Salt Lake City, and a trail that goes through the city uses only two of them. The trail takes
# the arm to Denver and the arm to Las Vegas; the branch Salt Lake City–Helena–Seattle, 3 + 6 = 9
# cars, is left out:

# %%
trail = sheet.trail(0)
print(trail.describe())
labels = [usa.route(c.route).label() for c in mia.claims]
print("at Salt Lake City:", [label for label in labels if "Salt Lake City" in label])
print("left out:", [usa.route(c.route).label() for c in mia.claims if c.route not in trail.routes])
ttr_nb.show(sheet, trails={"Mia": trail.routes}, title="Example 1: Mia's longest trail, 25 cars")

# %% [markdown]
# Her failed ticket, Chicago–Santa Fe, says what each end reaches and what is missing: one
# 2-car route (the gap is the dashed orange band; the ticket's two cities are ringed).

# %%
failed = [line for line in sheet.lines[0] if line.kind == "ticket" and line.points < 0][0]
print(failed.detail)
ttr_nb.show(sheet, gap=failed.routes, cities=failed.cities, title="Chicago–Santa Fe fails: the gap")

# %% [markdown]
# ## 3. The longest trail and the longest simple path: examples 2 to 4
#
# The Longest Path bonus ([B-8.2](../docs/RULES.md#B-8.2)) goes to the longest line of your own
# trains. It may loop and pass a city twice, but **each train car counts once**: in graph words
# it is the longest **trail** (a walk that never reuses a route). A **simple path**, which never
# visits a city twice, is the naive answer. Often they are the same; not always:
#
# * **Example 2, a hub.** Six routes, four of them at Salt Lake City.
# * **Example 3, a spur.** Fourteen routes from coast to coast, 43 cars. Charleston is a dead
#   end: a trail can take the 2-car Atlanta–Charleston spur only as its first or its last route.
#   A trail with the spur runs from Charleston through Atlanta towards one coast only, and loses
#   either the 10 cars from Atlanta to New York or the 31 from Atlanta back to Calgary, so the
#   longest trail leaves the spur out.
# * **Example 4, a loop.** Vancouver, Seattle, Portland, Salt Lake City, Helena and back to Seattle.

# %%
examples = {
    "Example 2": ["Portland–Salt Lake City", "Helena–Salt Lake City", "Las Vegas–Salt Lake City",
                  "Las Vegas–Los Angeles", "Denver–Salt Lake City", "Denver–Kansas City"],
    "Example 3": ["Calgary–Seattle", "Seattle–Portland", "Portland–San Francisco",
                  "San Francisco–Los Angeles", "Los Angeles–El Paso", "El Paso–Houston",
                  "Houston–New Orleans", "New Orleans–Atlanta", "Atlanta–Charleston",
                  "Atlanta–Nashville", "Nashville–Saint Louis", "Saint Louis–Chicago",
                  "Chicago–Pittsburgh", "Pittsburgh–New York"],
    "Example 4": ["Vancouver–Seattle", "Seattle–Portland", "Portland–Salt Lake City",
                  "Salt Lake City–Helena", "Helena–Seattle"],
}

# %%
for name, routes in examples.items():
    ids = usa.route_ids(routes)
    print(f"{name}: trail {ttr_nb.longest_trail(usa, ids).describe()}\n"
          f"{'':11}simple path {longest_simple_path(usa, ids).describe()}")

loop = Scoresheet.compute(usa, [Scorer.from_routes(usa, "Example 4", examples["Example 4"])])
ttr_nb.show(loop, trails={0: loop.trail(0).routes}, cities=["Seattle"],
            title="Example 4: a trail through Seattle twice, 17 cars")

# %% [markdown]
# In Examples 2 and 3 the longest trail **is** a simple path (13 and 41 cars). Only in Example 4
# do they differ: the trail passes Seattle twice and uses all five routes, 17 cars; a simple path
# must stop at Seattle and has 16.

# %% [markdown]
# ## 4. The Heart of Africa: a route doubled with Terrain cards (example 5)
#
# On the Heart of Africa map a player may double a route's points by also discarding Terrain
# cards of its terrain: 1 card for a route of 1 to 3 spaces, 2 for 4 to 6, and only if no other
# player shows more cards of that terrain ([H-5](../docs/RULES.md#H-5); lesson 07 plays it).
# There is no Longest Path there, and the Globetrotter is worth 10
# ([H-9.1](../docs/RULES.md#H-9.1); lesson 07 says why that number is not certain). You claim Juba–Nairobi (5, yellow, Desert & Savanna) with 2 Desert & Savanna cards, and
# hold two real tickets of the board: Sudan–Dar es Salaam, which you complete, and Juba–Tabora,
# which you do not.

# %%
africa = ttr_nb.load_map("heart_of_africa")
juba_sudan, juba_nairobi, nairobi_dar = africa.route_ids(
    ["Juba–Sudan red", "Juba–Nairobi", "Nairobi–Dar es Salaam"])
you = Scorer("You", (Claim(juba_sudan), Claim(juba_nairobi, doubled=True, terrain_spent=("desert", "desert")),
                     Claim(nairobi_dar)), ("T24", "T06"))
rival = Scorer.from_routes(africa, "Rival", ["Kampala–Kigali"], ["T01"])
print(Scoresheet.compute(africa, [you, rival], ttr_nb.get_variant("heart-of-africa").bonuses))

# %% [markdown]
# Routes 4 + 10 + 4 = 18, the doubling +10, tickets 10 − 6 = +4, the Globetrotter +10: **42**.
#
# ## 5. The common scoring mistakes
#
# 1. **Trusting the scoring track without recounting.** One missed move on the track and
#    everything is off. A Scoresheet never trusts a running total: it recounts every route from
#    the board, as the route lines of Mia's sheet show.
# 2. **Counting a train car twice in the longest trail.** Loops are fine, but each car counts
#    once. In Example 4, going round the loop and on from Seattle to Portland once more looks
#    longer, but it runs over Seattle–Portland a second time: the trail stays at 17.
# 3. **Forgetting to subtract failed tickets.** A failed ticket costs exactly what it would have
#    earned. Mia, with her failed Chicago–Santa Fe left out:

# %%
done = sum(t.points for t, ok in sheet.tickets(0) if ok)
print("wrong:", sheet.line_total(0, "route") + done + 10, "  right:", sheet.total(0))

# %% [markdown]
# 4. **Giving a tied bonus to one player only.** On a tie for the longest trail, **each** tied
#    player scores the 10 points ([B-8.2](../docs/RULES.md#B-8.2)). In a four-player game,
#    where both tracks of a double route may be used ([B-5.8](../docs/RULES.md#B-5.8)), Ana
#    takes one track of each double route from Salt Lake City to New York, Bea the other
#    track, and Cal and Dan play elsewhere:

# %%
chain = usa.route_ids(["Salt Lake City–Denver", "Denver–Kansas City", "Kansas City–Saint Louis",
                       "Saint Louis–Chicago", "Chicago–Pittsburgh", "Pittsburgh–New York"])
twins = [usa.twins[r][0] for r in chain]
others = [Scorer.from_routes(usa, "Cal", ["Seattle–Portland", "Portland–San Francisco"]),
          Scorer.from_routes(usa, "Dan", ["Miami–Atlanta", "Atlanta–Raleigh"])]
tie = Scoresheet.compute(usa, [Scorer.from_routes(usa, "Ana", chain),
                               Scorer.from_routes(usa, "Bea", twins)] + others, {"longest_path": 10})
print(tie.bonus_summary("longest_path"))
print(dict(zip(tie.names, tie.totals)), "-", tie.verdict)

# %% [markdown]
# 5. **Keeping the Longest Path card in the 1910 way to play.** In USA 1910's *1910* way to play
#    the Globetrotter card replaces it (lesson 02 shows the difference: 145 against 135).
#
# On equal points the winner is the player with more completed tickets, then the one with the
# longer continuous [path](../docs/glossary.md#path) ([B-8.3](../docs/RULES.md#B-8.3)), whoever holds the Longest Path
# bonus (a third player may hold it, and some ways to play have no such card). Ana and Bea
# above have no ticket and paths of the same length, so they share the win.
#
# ## Summary
#
# - A score is the route points (1, 2, 4, 7, 10, 15 for 1 to 6 cars), plus the completed
#   tickets, minus the failed ones, plus the bonuses; a Scoresheet shows every line.
# - A failed ticket costs its value; the sheet says what each end reaches and the cheapest gap.
# - The longest trail may pass a city twice but uses each route once; it can be longer than
#   the longest simple path (Example 4), and is often the same (Examples 2 and 3).
# - A tied bonus goes to every tied player.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*

# %% [markdown]
# ### Exercise 1. (core) Kim's total
# Kim and Jo play the base game (Longest Path bonus in play). Kim claimed Seattle–Portland (1),
# Portland–San Francisco (5), San Francisco–Los Angeles (3), Los Angeles–Phoenix (3),
# Phoenix–Denver (5) and Denver–Omaha (4). Her tickets: Seattle–Los Angeles (9),
# Portland–Phoenix (11), Denver–El Paso (4). Jo's three routes are in the north-east, and his
# longest trail is 7 cars. Work out Kim's total (a whole number).

# %%
ttr_nb.show(l03.kim_sheet(), title="Exercise 1: Kim and Jo")

# %%
answer = ...   # Kim's total, a whole number
exercises.check("03.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Routes: 1 + 10 + 4 + 4 + 10 + 7 = 36. Seattle–Los Angeles is done (Seattle,
# Portland, San Francisco, Los Angeles): +9. Portland–Phoenix is done: +11. Denver–El Paso is not
# (Kim has no train at El Paso): −4. Tickets: 9 + 11 − 4 = +16. Her longest trail runs from Omaha
# to Seattle through all six routes, 21 cars, longer than Jo's 7: +10. Total 36 + 16 + 10 = 62.

# %% tags=["solution"]
print(l03.kim_sheet())
answer = 62
exercises.check("03.1", answer)

# %% [markdown]
# ### Exercise 2. (challenge) Which ticket fails, and why?
# Ravi holds Duluth–Houston (8), Kansas City–Houston (5) and Winnipeg–Little Rock (11). His
# routes are drawn below. Which ticket fails, and why? Answer with its cities, such as
# `'Duluth–Houston'`; say the reason to yourself in one sentence before you look at the
# checker's.

# %%
ravi = Scoresheet.compute(usa, [Scorer.from_routes(usa, *l03.RAVI)])
ttr_nb.show(ravi, title="Exercise 2: Ravi's routes")

# %%
answer = ...   # a ticket, such as 'Duluth–Houston'
exercises.check("03.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Follow the trains: Duluth–Omaha–Kansas City–Oklahoma City–Dallas–Houston joins
# Duluth and Kansas City to Houston, so the first two are done. Little Rock has trains, but only
# Saint Louis–Little Rock and Chicago–Saint Louis, a separate piece that touches none of the
# cities of the western piece (Winnipeg is in that one). Winnipeg–Little Rock fails and costs 11.
# One 2-car route (Dallas–Little Rock) would have joined the two pieces:

# %% tags=["solution"]
print([line.detail for line in ravi.lines[0] if line.kind == "ticket"][-1])
answer = "Winnipeg–Little Rock"
exercises.check("03.2", answer)

# %% [markdown]
# ### Exercise 3. (core) Zoe's longest trail
# Zoe owns Helena–Denver (4), Denver–Omaha (4), Omaha–Kansas City (1), Kansas City–Denver (4)
# and Denver–Oklahoma City (4). Find her longest trail: give its cities in order, such as
# `['Seattle', 'Portland', ...]`. (Hint: a trail may pass a city twice.)

# %%
zoe = Scoresheet.compute(usa, [Scorer.from_routes(usa, "Zoe", l03.ZOE_ROUTES)])
ttr_nb.show(zoe, title="Exercise 3: Zoe's routes")

# %%
answer = ...   # a list of cities in trail order
exercises.check("03.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Denver has four of Zoe's routes, so a trail can pass it twice: come in from
# Helena, go round the loop Denver–Kansas City–Omaha–Denver, and leave for Oklahoma City. That
# uses all five routes, 4 + 4 + 1 + 4 + 4 = 17 cars. A path that never repeats a city stops
# at Denver the first time it comes back and has only 9.

# %% tags=["solution"]
answer = ["Helena", "Denver", "Kansas City", "Omaha", "Denver", "Oklahoma City"]
exercises.check("03.3", answer)
