# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lesson 08 · Team Asia: playing as a team, and the odds of a tunnel
# *Team Asia* is played by 4 or 6 players in teams of two who share two holders, one for
# Train Car cards and one for Destination Tickets. Its tunnels can cost extra cards: we work out
# the odds exactly.
#
# **Learning goals.** After this lesson you can:
# - say what a player may see, and which cards a player may pay with (hand and team holder, never the partner's hand);
# - explain where each drawn card and each shared ticket goes at setup;
# - say which tracks of a double or triple route are still open with two teams and with three;
# - work out the chance that a tunnel costs nothing more, with the [hypergeometric](../docs/glossary.md#hypergeometric) law, and say what it assumes.
#
# **Time:** 50 minutes (about 38 to read and run, 12 for the exercises).
#
# **Sections:** §1 The rules of Team Asia (5 min) · §2 Setup (5 min) · §3 Drawing cards (4 min) · §4 Double and triple routes (5 min) · §5 Claiming with the team holder (5 min) · §6 Tunnels (7 min) · §7 The odds of a tunnel, exactly (7 min) · exercises (12 min)
# **Extensions** (after the exercises, not in the 50 minutes): tickets later in the game, and
# the end and the score.
#
# **Prerequisites:** lesson 01 (drawing Train Car cards, claiming routes, Destination Tickets);
# binomial coefficients $\binom{n}{k}$, for the odds of a tunnel.
#
# **What you will do:** follow a four-player game of computer players, try moves the rules
# forbid, compute the odds of a tunnel, and check your answers to three exercises.

# %%
# %matplotlib inline
import ttr_nb
from ttr_nb import exercises, narrate
from ttr_nb.actions import ClaimRoute, DrawTickets, KeepTickets
from ttr_nb.exercises import l08
from ttr_nb.rules.teams import ShareTickets
from ttr_nb.rules.tunnels import WithdrawTunnel, extra_card_odds, full_deck, tunnel_odds

# %% [markdown]
# ## 1. The rules of Team Asia
#
# | rule | what |
# | --- | --- |
# | [TA-1](../docs/RULES.md#TA-1), [TA-3](../docs/RULES.md#TA-3) | teams of 2 sit next to each other (Ana & Bea, Cal & Dee) and play one after the other; one score per team |
# | [TA-2](../docs/RULES.md#TA-2) | 27 trains per player; each places only their own |
# | [TA-8](../docs/RULES.md#TA-8), [TA-9](../docs/RULES.md#TA-9) | of the 2 cards drawn, one goes to your hand and one to the team's card holder: you decide where the first goes as soon as you see it; a face-up Locomotive goes to the holder |
# | [TA-10](../docs/RULES.md#TA-10) | pay a claim with any mix of your hand and the team holder, **never** your partner's hand |
# | [TA-11](../docs/RULES.md#TA-11) | setup: 5 tickets, keep at least 3; then every player puts 1 of them into the team's ticket holder, all at the same time |
# | [TA-12](../docs/RULES.md#TA-12), [TA-13](../docs/RULES.md#TA-13) | later: draw 4, keep at least 1, and 1 of the new ones goes into the ticket holder |
# | [TA-14](../docs/RULES.md#TA-14) | a whole turn may be spent putting 1 or 2 tickets from your hand into the ticket holder |
# | [TA-17](../docs/RULES.md#TA-17), [EU-3](../docs/RULES.md#EU-3) | tunnels: reveal cards from the deck; each match costs one more card |
# | [TA-20](../docs/RULES.md#TA-20) | a team never holds two tracks of one double or triple route |
# | [TA-21](../docs/RULES.md#TA-21) | the end: a team's two players hold 4 trains or fewer together |
#
# The board is a reconstruction made for ttr_nb (the official layout is not public): the same
# rules on the same kind of map. Tunnels have a dashed outline and a badge with the number of
# cards they reveal; ferries have Locomotive spaces; parallel lines are doubles and the two triples.

# %%
game = ttr_nb.new_game("team-asia", ["Ana", "Bea", "Cal", "Dee"], seed=2)
players = narrate.computer_players(game)
ttr_nb.show(game.board, title="Team Asia")

# %% [markdown]
# ## 2. Setup: keep 3 of 5 tickets, then share one, all at the same time
#
# Each player keeps at least 3 of 5 tickets; then each puts **one** kept ticket into the team's
# ticket holder ([TA-11](../docs/RULES.md#TA-11)). The choices stay hidden until every player has
# chosen, then all go in at once: Bea must choose without knowing Ana's choice. Here is the
# setup as Cal reads it: Cal sees his own tickets, and of the others only how many they kept.

# %%
for _ in range(8):
    _ = narrate.play(game, players=players, seat=2)

# %% [markdown]
# Each team starts with **2 shared tickets**. What does Ana see now? Her hand and her tickets,
# her team's two holders, and of Cal & Dee's holder only how many cards and tickets are in it.
# She never sees Bea's hand. (`narrate.team_view(game, None)` prints the teacher's view: everything.)
#
# > **Uncertain rule.** The rules we could read do not say whether the other team may look at
# > a team's holders ([TA-6](../docs/RULES.md#TA-6)). ttr_nb shows them only to the team; the
# > setting `holders_visible_to="all"` shows them to everybody.

# %%
narrate.team_view(game, 0)

# %% [markdown]
# ## 3. Drawing cards: one to the hand, one to the holder
#
# Ana claims a route with her first turn. Then Bea draws two face-up cards. After seeing the
# first card she decides where it goes; the second card goes to the other place
# ([TA-8](../docs/RULES.md#TA-8)). Here is Bea's turn as her partner Ana reads it:

# %%
for _ in range(4):
    _ = narrate.play(game, players=players, seat=0)

# %% [markdown]
# ## 4. Double and triple routes with two teams
#
# Ana has just claimed the blue track of the **triple** route Shanghai–Wuhan. A team never holds
# two tracks of one route ([TA-20](../docs/RULES.md#TA-20)).
#
# > **Uncertain rule.** The rules we could read do not say which tracks stay open when only
# > **2 teams** play ([TA-20](../docs/RULES.md#TA-20)). ttr_nb closes the other tracks to the other
# > team, as in a 2- or 3-player base game: the setting `two_team_doubles="one_track"` (the
# > default). With `two_team_doubles="both"` the other team may still take another track. With 3
# > teams (6 players) every track is open, one per team.
#
# Cal tries the gray track, first in this game, then in the same game played with `"both"`:

# %%
narrate.play_until(game, players, before=lambda g, a: g.current_player == 2)
gray = game.board.route_id("Shanghai–Wuhan gray")
_ = narrate.try_play(game, ClaimRoute.paying(gray, green=3))
both = ttr_nb.new_game("team-asia", ["Ana", "Bea", "Cal", "Dee"], seed=2, two_team_doubles="both")
for action in game.history:
    _ = both.apply(action)
_ = narrate.try_play(both, ClaimRoute.paying(gray, green=3))

# %% [markdown]
# In the first game the track is closed. In the second the only reason left is the cards (Cal
# holds no green card, and his team's holder is empty): the track itself is open to him.
#
# ## 5. Claiming with the team holder
#
# We play on until a player pays with a card from the holder. Just before, here is what Dee
# sees, and the teacher's view of her partner Cal's hand:

# %%
claim = narrate.play_until(game, players, before=lambda g, a: isinstance(a, ClaimRoute) and a.from_holder)
narrate.team_view(game, 3)
print("Cal's hand (teacher's view):", narrate.cards(game.hand(2)))

# %% [markdown]
# Dee holds 1 pink card and Cal 1 pink card. May Dee pay a 2-space gray route with 2 pink cards?
# No: a partner's hand can never be used ([TA-10](../docs/RULES.md#TA-10)). Dee's real claim takes
# one green card from her hand and one from the holder:

# %%
_ = narrate.try_play(game, ClaimRoute.paying(claim.route, pink=2))
_ = narrate.play(game, claim)

# %% [markdown]
# ## 6. Tunnels: lay the cards, reveal, pay more or take them back
#
# To claim a tunnel the player lays the cards, then turns up cards from the deck. Every revealed
# card of the colour laid, or a Locomotive, costs **one more** card of that colour (or a
# Locomotive), from the hand or the team holder. A player who cannot or will not pay takes the
# cards back and the turn ends; the revealed cards are discarded either way
# ([EU-3](../docs/RULES.md#EU-3), [TA-17](../docs/RULES.md#TA-17), [TA-19](../docs/RULES.md#TA-19)).
#
# > **Uncertain rule.** How many cards does a Team Asia tunnel reveal? The rules text (in
# > Romanian) says "the top 4–6 cards, as indicated" on the tunnel; the other descriptions we
# > found say Team Asia tunnels work as in Europe, with **3** cards (one speaks of "revised"
# > tunnel rules without saying how, [TA-18](../docs/RULES.md#TA-18)).
# > ttr_nb follows the rules text: it reveals the number printed on the tunnel. The setting
# > `tunnel_reveal=3` gives the Europe rule: `ttr_nb.new_game("team-asia", 4, tunnel_reveal=3)`.
#
# **The odds before the reveal.** Cal can see his hand, his team's holder, the face-up cards and
# the discard pile. All the other cards he cannot see; if we **assume each of them is equally
# likely** to be turned up, the number of matches follows the hypergeometric law (next section).
# `tunnel_odds` counts the unseen and the matching cards and computes it:

# %%
tunnel = narrate.play_until(game, players, before=lambda g, a: isinstance(a, ClaimRoute) and g.board.route(a.route).tunnel)
print(tunnel.text(game))
print(tunnel_odds(game, tunnel))

# %% [markdown]
# The assumption is not quite true: cards taken face up by the others are not random, so the
# unseen cards are not all equally likely to be in the deck. A player who remembers which cards
# the others took face up (they are in their hands, not in the deck) can do a little better.
# Now the reveal, and Cal's decision:

# %%
_ = narrate.play(game, tunnel)
_ = narrate.play(game, players=players)

# %% [markdown]
# Tunnels fail too. We play on to the next reveal where the player **cannot** pay: the only
# legal action left is to take the cards back.

# %%
narrate.play_until(game, players, before=lambda g, a: g.pending == "tunnel" and g.legal_actions() == [WithdrawTunnel()])
print(game.log[-1].text)
_ = narrate.play(game, players=players)

# %% [markdown]
# ## 7. The odds of a tunnel, exactly
#
# Take the full shuffled deck of 110 cards (12 of each of 8 colours and 14 Locomotives) and
# turn up $N$ cards. If you laid a colour, **26** cards match (its 12 and the 14 Locomotives); if
# you laid Locomotives only, 14 match. Turning cards up is drawing **without replacement**, so
# the number $K$ of extra cards follows the **hypergeometric** law:
#
# $$P(K = k) = \frac{\binom{26}{k}\binom{84}{N-k}}{\binom{110}{N}}, \qquad E[K] = N \cdot \frac{26}{110}.$$
#
# `extra_card_odds` computes it with exact fractions, from any counts of unseen cards:

# %%
print("revealed  P(nothing more)  P(1 or more)  average extra cards")
for n in (3, 4, 5, 6):
    odds = extra_card_odds(full_deck(), "green", n)
    print(f"{n:>8}  {float(odds[0]):15.3f}  {float(1 - odds[0]):12.3f}  {float(sum(k * p for k, p in enumerate(odds))):19.3f}")
print("for 4 cards, exactly: P(nothing more) =", extra_card_odds(full_deck(), "green", 4)[0])

# %% [markdown]
# The tunnels of this map reveal 4, 5 or 6 cards (the number on the badge). A 4-card tunnel
# costs at least one extra card with probability **0.666**, a hair under two times in three; a
# 5-card one 0.748 and the 6-card one 0.810. With Europe's 3 cards it is 0.559, a little over half
# the time. On average a 6-card tunnel asks for 1.418 extra cards. These numbers are for a full
# deck; during a game, use the unseen cards, as `tunnel_odds` did for Cal (0.536 with 4 cards
# revealed).

# %% [markdown]
# ## Summary
#
# - In Team Asia two partners score as one team. Each places only their own trains and may pay
#   with their own hand and the team's card holder, never with the partner's hand.
# - Of two drawn cards one goes to the hand and one to the holder (a face-up Locomotive goes to
#   the holder). At setup each player puts 1 kept ticket into the team's ticket holder, all at
#   the same time.
# - A team never holds two tracks of one route; with two teams, ttr_nb leaves one usable track
#   of a double or triple route (an uncertain rule: the setting `two_team_doubles`).
# - A tunnel's extra cost follows the hypergeometric law if every unseen card is equally likely:
#   with 4 cards revealed from a full deck, an extra card 0.666 of the time.

# %% [markdown]
# ## Exercises
#
# *Each exercise has a level: **warm-up** (one rule or one number), **core** (the lesson's
# main idea), **challenge** (explain why, not only what).*
#
# Write your answer in place of the `...` and run the cell: the checker says whether it is right, and if not, what to look at again.

# %% [markdown]
# ### Exercise 1. (challenge) A tunnel with the Europe rule
# Cal laid 2 yellow cards for the tunnel Niigata–Osaka, with 53 unseen cards of which 9 match (the
# `tunnel_odds` line above). Suppose the game used the Europe rule, `tunnel_reveal=3`: what is the
# probability that the tunnel costs **nothing more**? Work it out by hand: give a fraction, or a
# decimal rounded to 3 decimal places.
# Be ready to explain each factor of your fraction.

# %%
answer = ...   # e.g. '1/3' or 0.333
exercises.check("08.1", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Nothing more means none of the 3 cards turned up is one of the 9 matching cards:
# all 3 come from the 53 − 9 = 44 others. Every set of 3 unseen cards is equally likely, so
# $P = \binom{44}{3} / \binom{53}{3} = 13244 / 23426 = 6622/11713 \approx 0.565$. With 4 cards it was 0.464:
# each extra card revealed makes a free tunnel rarer.

# %% tags=["solution"]
answer = 13244 / 23426
exercises.check("08.1", answer)

# %% [markdown]
# ### Exercise 2. (core) Which payments may Dee make?
# Just before Dee's claim in section 5 (her view and Cal's hand are printed there), which of
# these payments are allowed? Answer with a list of letters, such as `["A", "C"]`.
# - A: Harbin–Vladivostok (2, green) with 2 green, 1 of them from the team holder.
# - B: Dhaka–Mandalay (2, gray) with 2 green: her green card and Cal's.
# - C: Dhaka–Mandalay (2, gray) with 2 green, both from the team holder.
# - D: Pyongyang–Seoul (1, gray) with the team holder's green card alone.

# %%
answer = ...   # a list of letters
exercises.check("08.2", answer)

# %% [markdown] tags=["solution"]
# **Solution.** Dee holds 1 orange, 1 green, 1 pink and 1 white card; the team holder holds 1
# green card. A is allowed: one green from her hand and one from the holder, on a green route.
# B is not: Cal's hand can never be used, and Dee has only 1 green card of her own. C is not: the
# holder has only 1 green card. D is allowed: a claim may be paid from the holder alone, and one
# green card pays a 1-space gray route. So `["A", "D"]`.

# %% tags=["solution"]
answer = ["A", "D"]
exercises.check("08.2", answer)

# %% [markdown]
# ### Exercise 3. (core) The tracks of Shanghai–Wuhan
# Shanghai–Wuhan is a triple route: a blue, a black and a gray track. Answer with a list of
# three `True`/`False`:
# 1. In this game played with `two_team_doubles="both"`, Ana holds the blue track. May Bea claim
#    the gray track?
# 2. In a six-player game (Ana & Bea, Cal & Dee, Eve & Fay) with the default settings, Ana holds
#    the blue track. May Cal claim the gray track?
# 3. In that six-player game, Ana holds the blue track and Cal the gray one. May Dee claim the
#    black track?

# %%
answer = ...   # e.g. [True, True, True]
exercises.check("08.3", answer)

# %% [markdown] tags=["solution"]
# **Solution.** (1) No: whatever the setting, one team never holds two tracks of one route,
# and Ana, who holds the blue track, is Bea's partner. (2) Yes: with three teams every track of
# a double or triple route is open, one per team. (3) No: Cal & Dee already hold the gray track,
# and Dee is Cal's partner. The checker asks the rules: the lesson's game replayed with
# `"both"` for (1), and for (2) and (3) the rule that play itself uses.

# %% tags=["solution"]
answer = [False, True, False]
exercises.check("08.3", answer)

# %% [markdown]
# ## Extension · Tickets later in the game: the holder rule, and the share-tickets turn
#
# *Not in the 50 minutes: for a class that has finished the exercises, or for homework (about
# 8 minutes).*
#
# The computer players of this game never draw new tickets, so we ask *what if?* on an exact
# copy of the game as it was just after Dee's claim with the holder's card (section 5). Ana
# draws 4 tickets and keeps 2: one of the **new** ones must go into the ticket holder
# ([TA-12](../docs/RULES.md#TA-12)), and she chooses which. (Had she kept only one, it would go
# there by itself.)

# %%
what_if = l08.after_holder_claim()
_ = narrate.play(what_if, DrawTickets())
_ = narrate.play(what_if, KeepTickets(what_if.offered_tickets(0)[:2]))
print("Ana must now choose:", [a.text(what_if) for a in what_if.legal_actions()])
_ = narrate.play(what_if, what_if.legal_actions()[0])

# %% [markdown]
# A player may also spend a **whole turn** putting 1 or 2 tickets from the hand into the ticket
# holder ([TA-14](../docs/RULES.md#TA-14)): then the partner can see them and work for them.
# Only one's own tickets, and at most 2: Bea cannot share one of Ana's tickets, nor put three
# tickets in at once.
#
# > **Uncertain rule.** The rules text says "up to 2" tickets; another description says "two"
# > ([TA-14](../docs/RULES.md#TA-14)). ttr_nb allows 1 or 2; the setting `share_tickets_max=1`
# > allows only 1.

# %%
_ = narrate.try_play(what_if, ShareTickets(what_if.tickets(1) + what_if.tickets(0)[:1]))
_ = narrate.play(what_if, ShareTickets(what_if.tickets(1)))
narrate.team_view(what_if, 0)

# %% [markdown]
# ## Extension · The end and the score: one per team
#
# *Not in the 50 minutes (about 7 minutes). The game of sections 2 to 6 goes on to its end.*
#
# The final round starts when the two players of one team hold **4 trains or fewer together**
# at the end of a turn ([TA-21](../docs/RULES.md#TA-21)); then everyone plays once more. Each
# team's score counts the routes of both partners and every ticket of the team, in both hands and
# in the holder. The bonuses are measured on the team's combined routes
# (the Longest Path bonus, [B-8.2](../docs/RULES.md#B-8.2), and the most completed tickets,
# [TA-22](../docs/RULES.md#TA-22)).
#
# > **Uncertain rule.** Only one secondary source names the Team Asia bonuses: +10 to the team
# > with the longest [trail](../docs/glossary.md#trail) and +10 to the team with the most completed tickets
# > ([TA-22](../docs/RULES.md#TA-22)). ttr_nb gives both; the setting `team_bonuses`
# > (`"both"`, `"longest_path"`, `"most_tickets"` or `"none"`) keeps only some of them.

# %%
narrate.play_until(game, players)
print(next(e.text for e in game.log if e.kind == "team_end"))
narrate.score_summary(game.score())

# %% [markdown]
# Cal & Dee's shared ticket Taipei–Seoul was not completed: they lose its 10 points. Their
# longest trail is the cyan band on the board; the two teams' routes are in two colours.

# %%
sheet = game.score()
ttr_nb.show(game, highlight=sheet.trail(1).routes, highlight_label="Cal & Dee's longest trail",
            title=f"Cal & Dee's longest trail: {sheet.trail(1).length} cars")
