"""Write notebooks/01_rules_tutorial.ipynb (cells only unless --run).

    .venv/bin/python tools/make_nb_01.py             # only write the cells
    .venv/bin/python tools/make_nb_01.py --run       # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_01.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/01_rules_tutorial.ipynb

A seeded three-player game on the USA map, played one action at a time: the setup, each kind
of move with the rule that allows it, illegal moves tried on purpose, the end of the game and
the final Scoresheet, the four USA 1910 ways to play, save / load / undo. The sections follow
the order of the user's rules summary (seed text 001): goal, your turn, drawing cards, claiming
a route, Destination Tickets, game end and scoring, beginner pitfalls, USA 1910.

Cell ids are fixed and ``--run`` drops the execution timestamps, so rebuilding changes nothing
in git unless a cell or an output changed (nbconvert adds timestamps to the cell metadata).
``--run`` also merges each cell's consecutive prints into one stream output.
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "01_rules_tutorial.ipynb"


CELLS = [
    md("""
# Rules tutorial: a game of Ticket to Ride, one move at a time

This notebook teaches the rules of *Ticket to Ride* (the USA map) by playing a real game with the
`ttr_nb` rules engine. Three players, **Ana**, **Bea** and **Cal**, sit down; we deal, watch every
kind of move and stop to say **which rule allows it**; we try illegal moves on purpose and read
why the engine refuses them; we play to the end and score; then we compare the four ways to play
of the *USA 1910* expansion.

**For the teacher.** Run it with *Run → Run All Cells*. Everything is seeded, so the class sees
the same game every time, and you can re-run any cell. You see what a teacher would see at the
table: every hand and even the order of the deck. A player sees only their own cards and tickets;
section 1 shows both views.

The sections follow the rules summary, with the setup first: the goal, setting up, your turn,
drawing Train Car cards, claiming a route, Destination Tickets; then illegal moves, the rest of
the game, the end of the game and the scoring, beginner pitfalls, *USA 1910*, and saving a game.
Each section starts with the summary's own words, in a quote.

Rule numbers such as **B-4.3** point into the project's rules specification; the base game is
numbered like this:

| rules | what |
| --- | --- |
| B-1 | the components: 110 Train Car cards, 30 Destination Tickets, 45 trains per player |
| B-2 | setting up |
| B-3 | a turn: exactly one of three actions |
| B-4 | drawing Train Car cards |
| B-5 | claiming a route |
| B-6 | Destination Tickets |
| B-7 | the end of the game |
| B-8 | final scoring and the winner |

The first cell loads `ttr_nb` and defines a few printing helpers: `play` (apply one action and
print what happened), `play_turns` (let the agents play, one line per turn), `show_board`,
`show_view`. You can run it without reading it.
"""),
    code(r'''
%matplotlib inline
import io
import json

import matplotlib.pyplot as plt
from IPython.display import Image, Markdown, display
from PIL import Image as Picture

import ttr_nb
from ttr_nb import Game, IllegalAction, SaveError
from ttr_nb.actions import ClaimRoute, DrawCard, DrawTickets, KeepTickets
from ttr_nb.agents import GreedyAgent, play_game
from ttr_nb.draw import draw_board
from ttr_nb.events import route_label


def play(game, action, seat=None):
    """Apply ``action``, print it and what happened (as ``seat`` sees it; None = the teacher)."""
    said = action.text(game)
    events = game.apply(action)
    print("▶", said)
    for event in events:
        echo = (event.kind == "claim"                                  # these say no more
                or (event.kind == "take" and "Locomotive" not in event.text)  # than the action
                or (event.kind == "tickets_kept" and not event.data[1]))
        if not echo:
            print("   ", event.text_for(seat))
    return events


def cards(hand):
    """A hand in words: '1 yellow, 3 pink, 1 Locomotive'."""
    return ", ".join(f"{n} {'Locomotive' if c == 'locomotive' else c}" for c, n in hand.items()) or "no card"


def face_up(view):
    """The face-up cards of a view in words: 'pink, green, Locomotive, (empty)'."""
    return ", ".join("Locomotive" if c == "locomotive" else c or "(empty)" for c in view["display"])


def points(n):
    return f"{n} point{'s' * (n != 1)}"


NOTE = ("loco_reset", "loco_cap", "reshuffle", "no_second", "tickets_kept", "final_round", "pass")


def play_turns(game, agents, stop):
    """Let the agents play whole turns until ``stop(game)`` holds at the start of a turn.
    One line per turn; the events worth noticing follow it, marked ↳."""
    while not game.over and not stop(game):
        seat, turn = game.current_player, game.turn
        name = game.names[seat]
        said, notes, claimed = [], [], False
        while not game.over and game.turn == turn:
            action = agents[game.current_player].choose(game)
            said.append(action.text(game))
            claimed = claimed or isinstance(action, ClaimRoute)
            notes += [e.text for e in game.apply(action) if e.kind in NOTE]
        line = said[0] + "".join(", then " + s[len(name) + 1:] for s in said[1:])
        if claimed:
            left = game.trains[seat]
            line += f"  [{left} train{'s' * (left != 1)} left]"
        print(f"{turn + 1:>3}. {line}")
        for note in notes:
            print("       ↳", note)


def track(board, a, b, color=None):
    """The id of the route a–b (of that colour, when the two cities have two tracks)."""
    return min(r.id for r in board.routes_between(a, b) if color is None or r.color == color)


def show_board(board, title, game=None, highlight=(), cities=()):
    """Draw the board, with every route claimed in ``game`` in its owner's colour;
    the routes in ``highlight`` glow and the ``cities`` are ringed."""
    claims, names = (game.route_owners, list(game.names)) if game is not None else ({}, None)
    ax = draw_board(board, claims=claims, player_names=names, highlight=highlight,
                    highlight_cities=cities, title=title, figsize=(12, 8))
    png = io.BytesIO()
    ax.figure.savefig(png, format="png", dpi=76, bbox_inches="tight")
    plt.close(ax.figure)
    small = io.BytesIO()  # 128 colours keep the notebook light
    Picture.open(png).convert("RGB").quantize(colors=128).save(small, format="png", optimize=True)
    display(Image(small.getvalue()))


def show_view(game, seat):
    """Print ``game.view(seat)`` in words (seat None = the teacher)."""
    view = game.view(seat)
    print("THE TEACHER'S VIEW (everything)" if seat is None else f"{game.names[seat].upper()}'S VIEW")
    for p in view["players"]:
        print(f"  {p['name']}: {p['trains']} trains, {p['cards']} cards, {points(p['route_points'])}")
        if seat is None or p["seat"] == seat:
            hand = view["hands"][p["seat"]] if seat is None else view["hand"]
            offered = view["offered"][p["seat"]] if seat is None else view["offered"]
            print(f"      hand: {cards(hand)}")
            print(f"      tickets offered: {', '.join(game.board.ticket(t).label() for t in offered)}")
        else:
            print(f"      hand and tickets: hidden ({p['offered']} tickets offered)")
    print(f"  face up: {face_up(view)}")
    print(f"  deck: {view['deck']} cards; Destination Ticket deck: {view['ticket_deck']} tickets")
    if seat is None:
        print(f"  top 5 cards of the deck: {', '.join(view['deck_order'][:5])}")
'''),
    md("""
## 0. The goal

> The board shows cities in North America connected by routes, made of small colored spaces: you
> claim them by placing your train cars on them. Each route you claim scores right away, and your
> Destination Tickets, kept secret, ask you to connect two cities: completed, they score their
> points, failed, they take them away. The Longest Continuous Path is worth 10 points, and the
> highest total wins.

Here is the board. Each dash is one space for one train car; the colour of a route says which
Train Car cards pay for it, and gray routes take any one colour. Some pairs of cities are joined
by two parallel tracks: a **double route**.
"""),
    code("""
usa = ttr_nb.load_map("usa")
doubles = sum(1 for r in usa.routes if usa.twins[r.id]) // 2
print(f"{len(usa.cities)} cities, {len(usa.routes)} route tracks ({doubles} double routes), "
      f"{sum(r.length for r in usa.routes)} train spaces (B-1.4)")
show_board(usa, "The USA board")
"""),
    md("""
## 1. Setting up (B-2)

`ttr_nb.new_game` deals a game from a **seed**: the same seed always deals the same cards and
tickets.

- Each player has **45 trains** and starts at 0 points (B-2.1).
- The Train Car cards are shuffled, **4** go to each player, and **5** are turned face up:
  the *display* (B-2.2). If 3 of the 5 were Locomotives, the display would be replaced at once
  (B-2.6).
- Each player is dealt **3 Destination Tickets** and must keep **at least 2** of them (B-2.4).
"""),
    code("""
game = ttr_nb.new_game("usa", players=["Ana", "Bea", "Cal"], seed=75)
print(game.summary())
"""),
    md("""
The game keeps a log of what happened. The teacher's log says which cards and tickets were dealt;
the same log read from Bea's seat hides what belongs to the others: she learns her own cards and
tickets, and only *how many* the others got.
"""),
    code("""
print("The teacher's log:")
for event in game.log:
    print("  ", event.text)
print()
print("The same log as Bea sees it:")
for event in game.log:
    print("  ", event.text_for(1))
"""),
    md("""
`game.view(seat)` is everything a seat may see: your hand, your tickets, and the public facts
(trains, card counts, points, the display, the size of the decks). `game.view(None)` is the
teacher's view: every hand, every ticket, even the order of the deck.
"""),
    code("""
show_view(game, 0)
print()
show_view(game, None)
"""),
    md("""
### Choosing the first tickets (B-2.4)

Before the first turn every player chooses which tickets to keep. The game waits for that
decision: `game.pending` says what it waits for and `game.current_player` who decides.
`game.legal_actions()` lists every choice Ana may make: keep any 2 of her 3 tickets, or all 3.
"""),
    code("""
print(game.pending, "—", game.names[game.current_player], "decides")
for action in game.legal_actions():
    print("  ", action.text(game))
"""),
    md("""
To choose, each player here is a small program, the **greedy agent**: it keeps the tickets it
can finish with few trains (the 2 it must keep, and a third only if its whole network still fits
comfortably in its 45 trains), claims routes on the cheapest paths between its cities, and draws
the colours those routes need. Every move it makes is one of `game.legal_actions()`.

What the others learn is only how many tickets a player keeps (in parentheses: what the next
player reads).
"""),
    code("""
agents = [GreedyAgent(seed=seat) for seat in range(game.n)]
while game.pending == "setup-tickets":
    seat = game.current_player
    events = play(game, agents[seat].choose(game))
    print("    (the others hear:", events[-1].text_for((seat + 1) % game.n) + ")")
for seat, name in enumerate(game.names):
    at_stake = sum(usa.ticket(t).points for t in game.tickets(seat))
    print(f"{name} keeps {len(game.tickets(seat))} tickets: {points(at_stake)} at stake")
"""),
    md("""
A ticket kept is a promise: at the end it adds its points if done, and **subtracts** them if not.

## 2. Your turn (B-3)

> On your turn, you do one action, and only one, out of three: draw Train Car cards, claim a
> route, or draw new Destination Tickets. You never combine two actions in the same turn. You
> may hold as many cards in your hand as you like.

It is Ana's first turn. Her legal actions fall in exactly those three kinds (B-3.1). A claim is
listed once for every way to pay for it, so there are many.
"""),
    code("""
legal = game.legal_actions()
draws = [a for a in legal if isinstance(a, DrawCard)]
claims = [a for a in legal if isinstance(a, ClaimRoute)]
tickets = [a for a in legal if isinstance(a, DrawTickets)]
print(f"Ana holds {cards(game.hand(0))}; the face-up cards are {face_up(game.view(0))}.")
print(f"She has {len(legal)} legal actions: {len(draws)} card draws, {len(claims)} claims, "
      f"{len(tickets)} ticket draw.")
for action in draws:
    print("  ", action.text(game))
print("  ", claims[0].text(game), f"… and {len(claims) - 1} more claims")
print("  ", tickets[0].text(game))
"""),
    md("""
Two face-up pink cards make one action: a pink card is a pink card. Every one-space gray route can
be claimed with any one of her four single cards, hence the many claims. A pass is never among
them: a player may pass only when no action at all is legal (B-3.4), which almost never happens.

## 3. Drawing Train Car cards (B-4)

> You draw two Train Car cards, each one from the five face-up cards or blind from the top of the
> deck; a face-up card you take is replaced right away. Locomotives, multicolored, are wild: a
> face-up Locomotive counts as two cards and can never be your second card, but a Locomotive
> drawn blind counts as a normal card. As soon as three of the five face-up cards are
> Locomotives, discard all five and turn five new ones face up.

A draw takes **two steps**, one card at a time (B-4.1): after the first card the game waits for
the second (`pending == 'second-card'`). To try things without touching the real game we play
on a **copy** (`game.copy()`).

### Two cards, one at a time (B-4.1), and never a face-up Locomotive second (B-4.4)

A Locomotive is face up right now. Ana draws her first card blind from the deck; then look at
her choices for the second card: the deck or a face-up colour, but **not** the Locomotive.
"""),
    code("""
print("face up:", face_up(game.view(0)))
trial = game.copy()
play(trial, DrawCard("deck"))
print("now pending:", trial.pending)
for action in trial.legal_actions():
    print("  ", action.text(trial))
print("the Locomotive?", trial.why_not(DrawCard("locomotive")))
"""),
    md("""
### A face-up Locomotive first: it is the whole draw (B-4.3)

Taken as the *first* card, the face-up Locomotive counts as two cards: Ana gets only that one,
and the turn passes to Bea. The empty slot is refilled at once (B-4.2).
"""),
    code("""
loco_first = game.copy()
play(loco_first, DrawCard("locomotive"))
print("next to play:", loco_first.names[loco_first.current_player], f"({loco_first.pending})")
"""),
    md("""
### A Locomotive drawn blind is an ordinary card (B-4.5)

Nobody knows the top card of the deck, except the teacher (`view(None)["deck_order"]`). On a
copy we let everyone draw blind cards for a while, until a Locomotive is on top of the deck at
the start of a turn; then the player to move draws it: it is still only the first of two cards.
"""),
    code("""
trial = game.copy()
while not (trial.pending == "turn" and trial.view(None)["deck_order"][0] == "locomotive"):
    trial.apply(DrawCard("deck"))
who = trial.names[trial.current_player]
print(f"Turn {trial.turn + 1}: {who} to play; the top card of the deck is a Locomotive.")
play(trial, DrawCard("deck"))
print("now pending:", trial.pending, f"— {who} still takes a second card")
_ = play(trial, DrawCard("deck"))
"""),
    md("""
### The real move: two face-up cards, each replaced at once (B-4.2)

Back to the real game. Ana's agent wants pink (her Calgary–Salt Lake City ticket runs along the
pink Helena–Salt Lake City route), so she takes a face-up pink card; another card is turned up
**before** she chooses her second card, and she takes a second pink.
"""),
    code("""
play(game, agents[0].choose(game))
play(game, agents[0].choose(game))
print(f"face up now: {face_up(game.view(0))}; Ana holds {cards(game.hand(0))}")
"""),
    md("""
Three face-up Locomotives are reset at once (B-4.6): this happens once later in this game, and
the log shows it (look for **B-4.6** in section 7).

## 4. Claiming a route (B-5)

> Discard as many Train Car cards as the route has spaces, all in its color: Locomotives replace
> any color, and a gray route can be paid in any one color of your choice. Place one train car on
> each space and score right away: 1, 2, 4, 7, 10 or 15 points for a route of 1 to 6 spaces. One
> player can never claim both tracks of a Double-Route, and with 2 or 3 players, only one of the
> two tracks can be used.

Bea and Cal claim a route each. Both routes are **gray**: Bea pays with one red card (any one
colour will do, B-5.2), and Cal pays with an orange card and a Locomotive, which stands for any
colour (B-5.1).
"""),
    code("""
play(game, agents[1].choose(game))
play(game, agents[2].choose(game))
for seat in (1, 2):
    print(f"{game.names[seat]}: {game.trains[seat]} trains left, {points(game.points[seat])}")
"""),
    md("""
Points come at once, by the length of the route (B-5.9):

| spaces | 1 | 2 | 3 | 4 | 5 | 6 |
| --- | --- | --- | --- | --- | --- | --- |
| points | 1 | 2 | 4 | 7 | 10 | 15 |

### A double route is closed with 2 or 3 players (B-5.8)

Kansas City–Omaha is a double route: two parallel tracks. With 4 or 5 players two different
players could claim one track each; with 2 or 3 players, once one track is taken **the other is
closed to everyone** (B-5.8). So no player's legal actions include it any more.
"""),
    code("""
kc_omaha = sorted(r.id for r in usa.routes_between("Kansas City", "Omaha"))
owners = game.route_owners
for rid in kc_omaha:
    owner = game.names[owners[rid]] if rid in owners else "nobody"
    print(f"route {rid}: {route_label(usa, rid)}, claimed by {owner}")
closed = [rid for rid in kc_omaha if rid not in owners][0]
print(f"Is route {closed} among Ana's legal actions?",
      any(isinstance(a, ClaimRoute) and a.route == closed for a in game.legal_actions()))
"""),
    md("""
### Every way to pay is a separate action

Ana's turn again. She holds one yellow, one green, three pink and one white card. For the
**gray** one-space route Atlanta–Nashville she may pay with any one of her colours (B-5.2): four
choices. For the **pink** route Helena–Salt Lake City there is a single way: three pink cards.
"""),
    code("""
def payments(game, a, b):
    \"\"\"Print every legal way for the current player to pay for the route a–b.\"\"\"
    rid = track(game.board, a, b)
    ways = [x.pay_text() for x in game.legal_actions() if isinstance(x, ClaimRoute) and x.route == rid]
    print(f"  {game.board.route(rid).label()}: {len(ways)} way{'s' * (len(ways) != 1)} to pay")
    for way in ways:
        print("      ", way)


print("Ana holds", cards(game.hand(0)))
payments(game, "Atlanta", "Nashville")
payments(game, "Helena", "Salt Lake City")
"""),
    md("""
A Locomotive in hand adds choices: it joins any colour (B-5.1), and a payment made only of
Locomotives is legal too (B-5.3). Take the copy of section 3 in which Ana took the face-up
Locomotive; there Bea and Cal draw two blind cards each, and it is Ana's turn again:
"""),
    code("""
for _ in range(4):
    loco_first.apply(DrawCard("deck"))
print("Ana holds", cards(loco_first.hand(0)))
payments(loco_first, "Atlanta", "Nashville")
payments(loco_first, "Kansas City", "Oklahoma City")
"""),
    md("""
## 5. Destination Tickets (B-6)

> A Destination Ticket names two cities and a point value: to complete it, connect them with a
> continuous path of your own train cars, whatever the detour. With this action, you draw 3
> Destination Tickets and keep at least one; the ones you return go to the bottom of the deck. A
> ticket you keep counts until the end: failed, it costs you its points.

On a copy, Ana draws tickets instead of claiming: she sees 3 new tickets and must keep at least
one (B-6.1), so she has 7 choices. Whatever she returns goes to the **bottom** of the ticket deck.
"""),
    code("""
trial = game.copy()
play(trial, DrawTickets())
keeps = trial.legal_actions()
print(f"{len(keeps)} choices:")
for action in keeps:
    print("  ", action.text(trial))
play(trial, keeps[0])
bottom = trial.view(None)["ticket_deck_order"][-2:]
print("the last two tickets of the deck (the very bottom one last):", ", ".join(usa.ticket(t).label() for t in bottom))
"""),
    md("""
## 6. Illegal moves, tried on purpose

The engine never lets an illegal move through. `game.why_not(action)` says why a move is not
allowed, in words a teacher can read aloud (and `None` when it is legal). We try the classic
mistakes, each where it can happen: most on Ana's turn, the face-up Locomotive after a first
blind card, and the ticket choice after a ticket draw.
"""),
    code("""
after_blind = game.copy()
after_blind.apply(DrawCard("deck"))
after_tickets = game.copy()
after_tickets.apply(DrawTickets())

attempts = [
    ("wrong colour on a route", game, ClaimRoute.paying(track(usa, "Chicago", "Duluth"), pink=3)),
    ("mixed colours on a gray route", game,
     ClaimRoute.paying(track(usa, "Kansas City", "Oklahoma City"), yellow=1, green=1)),
    ("not enough cards", game, ClaimRoute.paying(track(usa, "Denver", "Omaha"), pink=4)),
    ("fewer cards than the route has spaces", game, ClaimRoute.paying(track(usa, "Denver", "Omaha"), pink=3)),
    ("a face-up Locomotive as second card", after_blind, DrawCard("locomotive")),
    ("the second track of a double, 3 players", game, ClaimRoute.paying(closed, yellow=1)),
    ("keeping no ticket", after_tickets, KeepTickets([])),
]
for what, where, action in attempts:
    print(f"{what}:\\n  tried: {action.text(where)}\\n  why not: {where.why_not(action)}\\n")
"""),
    md("""
`game.apply` raises `IllegalAction` with the same reason. The cell below fails **on purpose**
(it is tagged `raises-exception`, so *Run All* goes on past it):
"""),
    code("""
before = game.state_json()
game.apply(ClaimRoute.paying(track(usa, "Chicago", "Duluth"), pink=3))
""", tags=("raises-exception",)),
    md("""
…and the game is exactly as it was: the whole state, written as JSON, is the same text as
before, and no action was recorded.
"""),
    code("""
print("state unchanged:", game.state_json() == before)
print("actions so far:", len(game.history), "— still", game.names[game.current_player], "to play")
"""),
    md("""
## 7. The game goes on

The agents play on from Ana's 2nd turn (the 4th turn of the game), and each turn is printed on one
line: `15.` is the 15th turn of the game, and a claim shows the trains its player has left. The lines marked ↳ are events worth
a look: **B-4.6** (three face-up Locomotives reset the display), **B-4.7** (the deck runs out and
the discards are shuffled), Destination Tickets drawn during the game, and at last **B-7.1**, the
start of the final round.
"""),
    code("""
play_turns(game, agents, stop=lambda g: g.turn >= 30)
"""),
    md("""
The board after 30 turns: each player's routes in their colour. Between the two ringed cities,
the closed second track of Kansas City–Omaha glows: nobody can use it in a 3-player game.
"""),
    code("""
show_board(usa, "After 30 turns", game, highlight=[closed], cities=["Kansas City", "Omaha"])
"""),
    md("""
Mid-game: the players collect cards for the long routes, which score the most.
"""),
    code("""
play_turns(game, agents, stop=lambda g: g.turn >= 66)
"""),
    code("""
show_board(usa, "Mid-game: after 66 turns", game)
print(game.summary())
"""),
    code("""
play_turns(game, agents, stop=lambda g: g.final_round)
"""),
    md("""
## 8. The end of the game and the scoring (B-7, B-8)

> When a player has 2 train cars or fewer left at the end of their turn, each player takes one
> final turn, including that player. Everyone then reveals their Destination Tickets: add the
> completed ones, subtract the failed ones. The Longest Continuous Path earns the Longest Path
> bonus card and 10 points, to each tied player on a tie; if the totals are tied, the most
> completed Destination Tickets wins, then the longest path.

The last line above is the **trigger**: a player ended a turn with 2 trains or fewer (B-7.1).
Now every player, **the trigger player included**, plays exactly one more turn (B-7.2).
"""),
    code("""
view = game.view(None)
print("final round:", view["final_round"], "— turns left:", view["turns_left"])
print("trains left:", {p["name"]: p["trains"] for p in view["players"]})
"""),
    code("""
while not game.over:
    turn = game.turn
    print(f"Turn {turn + 1}, {game.names[game.current_player]}'s last turn:")
    while not game.over and game.turn == turn:
        play(game, agents[game.current_player].choose(game))
"""),
    md("""
Bea, who triggered the end with 1 train left, still had her turn, the last one: with a single
train she could only claim a one-space route or draw; she drew two cards. Then the game is over, and `game.score()` gives the **Scoresheet**: every
point with where it comes from.

- **routes**: the points already on the scoring track, one line per route (B-5.9);
- **tickets**: each kept ticket, *done* with the path of trains that joins its cities, or *not
  done* with what each end reaches and the gap left open: + or − its value (B-6.5);
- **bonuses**: the Longest Continuous Path, counted in train cars (B-8.2).
"""),
    code("""
sheet = game.score()
print(sheet)
"""),
    md("""
The longest continuous path glows: it may pass through a city twice, but it never uses a route
twice. Ana and Bea tie at 26 cars, so both score the bonus; the board shows Ana's path. (Had
Ana failed a ticket, its two cities would be ringed: she finished all four.)
"""),
    code("""
bonus = sheet.awarded["longest_path"][0]
failed = [line for line in sheet.lines[bonus] if line.kind == "ticket" and line.points < 0]
print(sheet.names[bonus], "holds the Longest Path:", sheet.trail(bonus).describe())
for line in failed:
    print("Not done:", line.detail)
show_board(usa, f"The end: {sheet.names[bonus]}'s longest path", game,
           highlight=sheet.trail(bonus).routes, cities=[c for line in failed for c in line.cities])
"""),
    md("""
In Jupyter the Scoresheet also shows itself as a table; open a player's line to see the details.
"""),
    code("""
sheet
"""),
    md("""
### Who wins, and the tie-breaks (B-8.3)

The highest total wins. On a tie, the player with the **most completed tickets** wins; if still
tied, the player holding the **Longest Path** bonus. Here are the three criteria in that order
(the notebook *02 Scoring walkthrough* plays out real ties):
"""),
    code("""
for i, name in enumerate(sheet.names):
    print(f"  {name}: {sheet.totals[i]:>3} points, {sheet.tickets_completed(i)} tickets completed, "
          f"Longest Path bonus: {'yes' if sheet.holds(i, 'longest_path') else 'no'}")
print(sheet.verdict)
"""),
    md("""
## 9. Beginner pitfalls

> Don't keep too many Destination Tickets: each failed ticket takes its points away. A route you
> want can be claimed by someone else at any time: don't wait too long on the key links. Long
> routes score much more, and watch the other players' train cars: the end can come fast.

This game shows each of them:
"""),
    code("""
dealt = {t for event in game.log if event.kind == "tickets_dealt" for t in event.data[0]}
for i, name in enumerate(sheet.names):
    for line in sheet.lines[i]:
        if line.kind == "ticket" and line.points < 0:
            when = "dealt at the start" if line.ticket in dealt else "drawn during the game"
            print(f"  {name} fails {usa.ticket(line.ticket).label()}, {when}: {line.points}")
print()
for i, name in enumerate(sheet.names):
    lost = -sum(line.points for line in sheet.lines[i] if line.kind == "ticket" and line.points < 0)
    long_routes = sum(line.points for line in sheet.lines[i] if line.kind == "route"
                      and usa.route(line.routes[0]).length >= 5)
    print(f"  {name}: lost {lost:>2} points on failed tickets; {long_routes:>2} points from routes "
          f"of 5-6 spaces; {game.trains[i]:>2} train{'s' * (game.trains[i] != 1)} never placed")
"""),
    md("""
The one failed ticket here, Cal's Winnipeg–Houston, was drawn late (turn 102 of 122, see the ↳
lines in section 7), with too little time left to finish it: the agents kept only what fits in
their trains, but a ticket drawn that late is a gamble. And the end came fast: Bea placed her
last trains while Cal still had 14 to place.

## 10. USA 1910: four ways to play

> The expansion replaces all the cards with large-format cards and adds 35 Destination Tickets
> marked 1910, with three ways to play. In 1910, the Globetrotter card (15 points for the most
> completed Destination Tickets) replaces the Longest Path card. The Mega Game shuffles all 69
> Destination Tickets and uses both bonus cards; Big Cities uses the 35 tickets that show a city
> written in red. In those two, you draw 4 Destination Tickets during the game and keep at least
> one.

Each way to play is a **variant** of the engine (`ttr_nb.get_variant(name)`); the table below is
read from them. *Classic* plays the base game with the 30 reprinted tickets of the 1910 box,
four of which are worth a little less.
"""),
    code("""
NAMES = ["usa", "usa-1910-classic", "usa-1910", "usa-mega", "usa-big-cities"]
rows = ["| variant | title | ticket deck | setup: deal / keep at least | game: draw / keep at least | bonuses |",
        "| --- | --- | --- | --- | --- | --- |"]
for name in NAMES:
    v = ttr_nb.get_variant(name)
    deck = sum(len(ids) for ids in v.piles.values())
    bonuses = ", ".join(f"{key.replace('_', ' ')} +{points}" for key, points in v.bonuses.items()) or "none"
    rows.append(f"| `{name}` | {v.title} | {deck} | {v.setup_deal} / {v.setup_keep} "
                f"| {v.draw_count} / {v.draw_keep} | {bonuses} |")
display(Markdown("\\n".join(rows)))
"""),
    md("""
The reprinted tickets whose value changed:
"""),
    code("""
original = {frozenset((t.a, t.b)): t for t in usa.tickets_in("original")}
for t in ttr_nb.get_variant("usa-1910-classic").tickets():
    old = original.get(frozenset((t.a, t.b)))
    if old is not None and old.points != t.points:
        print(f"  {t.a}–{t.b}: {old.points} → {t.points}")
"""),
    md("""
A short game of each, same players, same seed, greedy agents. Here the *Classic* game goes
exactly like the base game (same deal, same moves): only the reprinted value of one of Cal's
tickets differs (Sault St. Marie–Oklahoma City, 9 → 8). Note the bonuses under each total: the
Globetrotter in *1910* (tied: both players score it), both bonuses in the *Mega Game*, none in
*Big Cities*.
"""),
    code("""
for name in NAMES:
    g = play_game(name, players=["Ana", "Bea", "Cal"], seed=75, agents="greedy")
    s = g.score()
    print(f"{name}: " + ", ".join(f"{n} {t}" for n, t in zip(s.names, s.totals)) + f" — {s.verdict}")
    for key in s.standings:
        print("    " + s.bonus_summary(key))
"""),
    md("""
## 11. Save, load, undo

A game is its variant, its players, its seed and the list of actions played, so the whole game
fits in a short JSON text. `Game.from_json` replays it and gives back **the same game**.
"""),
    code("""
saved = game.to_json()
record = json.loads(saved)
print(f"{len(saved)} characters:", {key: record[key] for key in ("format", "version", "variant", "players", "seed")})
print(f"{len(record['actions'])} actions, the first four:", record["actions"][:4])
again = Game.from_json(saved)
print("same state:", again.state_json() == game.state_json())
print("same scores:", again.score().totals == game.score().totals)
"""),
    md("""
`undo()` takes back the last action (exactly: the game is replayed from the seed without it).
Here we take back the very last move on the loaded copy (Bea's second card); the game is open
again, and playing the same move brings back the same final state.
"""),
    code("""
last = again.undo()
print("undone:", last.text(again), "— game over?", again.over)
play(again, last)
print("same final state again:", again.state_json() == game.state_json())
"""),
    md("""
A damaged save file is refused with a clear reason:
"""),
    code("""
try:
    Game.from_json(saved[:200])
except SaveError as error:
    print("SaveError:", error)
"""),
    md("""
## Where next

- **02 Scoring walkthrough**: the worked scoring examples, ties and the common scoring mistakes.
- **04 Controls tour**: step through a game with buttons, or play one yourself.
- **08 Simulation lab**: thousands of games between agents, and what they tell us.
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="nb01", merge=True, png_prefix="nb01_fig")
