"""Write notebooks/06_team_asia.ipynb (cells only unless --run).

    .venv/bin/python tools/make_nb_06.py             # only write the cells
    .venv/bin/python tools/make_nb_06.py --run       # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_06.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/06_team_asia.ipynb

A Team Asia game stepped through (the holders, ticket sharing, what each seat may see), a
tunnel paid and one given up, and the odds of a tunnel costing extra cards: exact
(hypergeometric) and simulated, drawn on the board.

Cells have the fixed ids nb06-00, nb06-01, ... (a rebuild changes nothing in git).
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "06_team_asia.ipynb"


CELLS = [
    md("""
# Team Asia: playing as a team, and the odds of a tunnel

*Team Asia* (Map Collection 1) is played by 4 or 6 players in **teams of two**. Partners sit next
to each other and play one after the other; each places only their own 27 trains, but the team
scores as one. The partners may not show each other their cards. The only official way to share
is the team's two **holders**: one for train cards, one for Destination Tickets.

| rule | what | ID |
| --- | --- | --- |
| teams | 4 or 6 players, teams of 2 (seats 0+1, 2+3, 4+5), one score per team | TA-1, TA-3 |
| trains | 27 per player (54 per team), each places only their own | TA-2 |
| drawing | of the 2 cards, one goes to the hand and one to the team holder; you place the first after seeing it; a face-up Locomotive goes to the holder | TA-8, TA-9 |
| claiming | any mix of your hand and the team holder, **never** your partner's hand | TA-10 |
| tickets | deal 5, keep ≥ 3; then each player puts 1 into the team's ticket holder, all at once | TA-11 |
| more tickets | draw 4, keep ≥ 1; one of the new ones goes into the holder | TA-12, TA-13 |
| share | a whole turn: put 1 or 2 tickets from your hand into the holder | TA-14 |
| tunnels | reveal the number of cards printed on the tunnel; each match costs one more card | TA-17, EU-3 |
| end | a **team's** trains at 4 or fewer: everyone plays one last turn | TA-21 |
| bonuses | +10 longest path of the team's routes, +10 most completed tickets | TA-22 |

The rules text of this project (the user's seed, in Romanian) is the specification; the rule IDs
point into the project's rules specification. The board is a **reconstruction** authored for
this project (the official layout is not public): same rules, same kind of map.
"""),
    code("""
%matplotlib inline
import random
from fractions import Fraction
from math import comb

import io

import matplotlib.pyplot as plt
import networkx as nx
from IPython.display import Image, display
from PIL import Image as Picture

import ttr_nb
from ttr_nb.actions import ClaimRoute, DrawCard
from ttr_nb.agents import GreedyAgent, agent_seed
from ttr_nb.cards import CARD_NAMES, LOCO, new_train_deck
from ttr_nb.draw import draw_board
from ttr_nb.rules.tunnels import PayTunnel, WithdrawTunnel

SEED = 2
game = ttr_nb.new_game("team-asia", ["Ana", "Bea", "Cal", "Dee"], seed=SEED)
agents = [GreedyAgent(agent_seed(SEED, seat)) for seat in range(game.n)]
print(game.variant.describe())
"""),
    md("""
The four players are greedy robots (`ttr_nb.agents.GreedyAgent`): each chases its team's tickets
along the cheapest paths. Everything is seeded, so every run of this notebook plays the same game.
A few helpers: `step` lets the player to move choose one action and prints what happened;
`play_until` plays on until something we want to look at.
"""),
    code("""
def step(game, action=None, seat=None):
    \"\"\"Apply ``action`` (or the robot's choice); print it and the events as ``seat`` sees them.\"\"\"
    if action is None:
        action = agents[game.current_player].choose(game)
    print("▶", action.text(game))
    for event in game.apply(action):
        print("   ", event.text_for(seat))
    return action


def play_until(game, before=None, after=None):
    \"\"\"Play robot actions until ``before(game, action)`` says stop (the action is returned, not
    played) or ``after(game, action)`` says stop (it was played). Returns the action.\"\"\"
    while not game.over:
        action = agents[game.current_player].choose(game)
        if before is not None and before(game, action):
            return action
        game.apply(action)
        if after is not None and after(game, action):
            return action
    return None


def cards(counts):
    \"\"\"Card counts in words: '2 blue, 1 Locomotive'.\"\"\"
    return ", ".join(f"{n} Locomotive{'s' * (n != 1)}" if name == "locomotive" else f"{n} {name}"
                     for name, n in counts.items()) or "nothing"


def show(ax):
    \"\"\"Show a figure as a compact PNG (128 colours keep the notebook light).\"\"\"
    png = io.BytesIO()
    ax.figure.savefig(png, format="png", dpi=80, bbox_inches="tight")
    plt.close(ax.figure)
    small = io.BytesIO()
    Picture.open(png).convert("RGB").quantize(colors=128).save(small, format="png", optimize=True)
    display(Image(small.getvalue()))


def tickets(ids):
    return "; ".join(game.board.ticket(t).label() for t in ids) or "none"


def seen(game, seat):
    \"\"\"Print what ``seat`` may see of the hands and the holders (None = the teacher).\"\"\"
    v = game.view(seat)
    print(f"What {'the teacher' if seat is None else game.names[seat]} sees:")
    if seat is None:
        for s in range(game.n):
            print(f"  {game.names[s]}'s hand: {cards(v['hands'][s])} | tickets: {tickets(v['tickets'][s])}")
    else:
        print(f"  own hand: {cards(v['hand'])} | own tickets: {tickets(v['tickets'])}")
    for team in v["teams"]:
        if "holder" in team:
            print(f"  {team['name']} holder: {cards(team['holder'])} | tickets: "
                  f"{tickets(team['holder_ticket_ids'])}")
        else:
            print(f"  {team['name']} holder: {team['holder_cards']} cards and "
                  f"{team['holder_tickets']} tickets, face down")
"""),
    md("""
## The board

Tunnels have a dashed outline and a badge with the number of cards they reveal (4, 5 or 6);
ferries have Locomotive spaces; the doubles and the two **triples** (Tokyo–Osaka,
Shanghai–Wuhan) are parallel tracks.
"""),
    code("""
show(draw_board(game.board, figsize=(13, 10)))
"""),
    md("""
## Setup: keep at least 3 of 5 tickets, then share one, all at once

Every player is dealt 5 tickets and keeps at least 3 (TA-11). The event text has two versions:
the full one (for the player and the teacher) and the public one (for everyone else).
"""),
    code("""
for seat in range(game.n):
    action = agents[seat].choose(game)
    events = game.apply(action)
    print(f"{events[0].text}\\n   others read: {events[0].public}")
"""),
    md("""
Now each player puts **one** kept ticket into the team's ticket holder. The rules want it done
*at the same time*: so a choice stays hidden until every player has chosen, and only then do all
the tickets go in. Ana chooses first; Bea must choose without knowing Ana's choice.
"""),
    code("""
step(game, seat=1)
print()
print("Ana's own view, her choice:", game.view(0)["setup_share"])
print("Bea's view has a 'setup_share' key:", "setup_share" in game.view(1))
print("Tickets in the Ana & Bea holder so far:", game.view(1)["teams"][0]["holder_ticket_ids"])
"""),
    code("""
for _ in range(3):
    step(game, seat=2)   # as Cal reads it
print()
seen(game, 0)
"""),
    md("""
Each team starts the game with **2 shared tickets**. Ana sees her own hand and tickets and her
team's holder; of Cal & Dee's holder she only sees how many cards and tickets it holds (policy
`holders_visible_to='team'`, TA-6). She never sees Bea's hand. The teacher sees everything:
"""),
    code("""
seen(game, None)
"""),
    md("""
## Drawing train cards: one to the hand, one to the holder

The first player to draw cards: after seeing the first card, the player decides where it goes
(`PlaceCard`), and the second card goes to the other place (TA-8). Each decision is its own step,
so the game waits in a *pending* state in between:
"""),
    code("""
draw = play_until(game, before=lambda g, a: isinstance(a, DrawCard) and g.pending == "turn")
first_player, log_start = game.current_player, len(game.log)
print(f"After {len(game.history)} actions, {game.names[first_player]} draws:")
step(game, draw)
while game.current_player == first_player:
    print(f"[pending: {game.pending}] legal:", ", ".join(a.text(game) for a in game.legal_actions()))
    step(game)
"""),
    md("""
What the partner read of the same turn: a blind card shows its colour only to the player who
drew it, so the other players read the public text. The partner will see the holder's new card
in the team holder itself:
"""),
    code("""
partner = first_player ^ 1
for event in game.log[log_start:]:
    if event.seat == first_player:
        print(event.text_for(partner))
seen(game, partner)
"""),
    md("""
## Claiming with the team holder

A claim may mix cards of the hand and of the team holder (TA-10); the action says which part
came from the holder (`from_holder`). `legal_actions()` lists every split. We play on until a
player pays with holder cards:
"""),
    code("""
claim = play_until(game, after=lambda g, a: isinstance(a, ClaimRoute) and a.from_holder)
print(f"After {len(game.history)} actions:")
print([e for e in game.log if e.kind == "claim"][-1].text)
print("The action:", claim.to_json())
"""),
    md("""
## Tunnels: lay the cards, reveal, pay or take them back

To claim a tunnel, the player lays the cards, then turns up the number of cards printed on the
tunnel (the seed text: "4–6 as indicated"). Every revealed card of the colour used, or a
Locomotive, costs **one more** card of that colour (or a Locomotive), from the hand or the team
holder. A player who can't or won't pay takes the cards back and the turn ends. The revealed
cards are discarded either way (EU-3, TA-17 to TA-19). Policy `tunnel_reveal=3` gives the
Europe rule instead.

We play on until somebody tries a tunnel. Before the reveal, **what are the odds?** From what the
player can see (their hand, their team's holder, the face-up cards and the discard pile), every
other card is equally likely to be among the revealed ones:
"""),
    code("""
tunnel_claim = play_until(game, before=lambda g, a: isinstance(a, ClaimRoute) and g.board.route(a.route).tunnel)
route = game.board.route(tunnel_claim.route)
seat = game.current_player
print(tunnel_claim.text(game))


def unseen_cards(game, seat):
    \"\"\"The train cards ``seat`` can't see (the deck, the other hands, hidden holders), by card.\"\"\"
    v = game.view(seat)
    seen_now = {name: 0 for name in CARD_NAMES}
    for part in (v["hand"], v["discard"], v["teams"][v["team"]]["holder"]):
        for name, n in part.items():
            seen_now[name] += n
    for name in v["display"]:
        if name is not None:
            seen_now[name] += 1
    total = {name: 12 for name in CARD_NAMES[:8]} | {"locomotive": 14}
    return {name: total[name] - seen_now[name] for name in CARD_NAMES}


unseen = unseen_cards(game, seat)
colour = tunnel_claim.color
matching = unseen["locomotive"] + (unseen[colour] if colour != "locomotive" else 0)
U, N = sum(unseen.values()), route.tunnel
p_free = Fraction(comb(U - matching, N), comb(U, N))
print(f"{game.names[seat]} can't see {U} cards; {matching} of them match ({colour} or Locomotive).")
print(f"Revealing {N}: P(no extra card) = {float(p_free):.3f}, P(at least one) = {float(1 - p_free):.3f}")
"""),
    code("""
step(game, tunnel_claim)
print()
print("pending:", game.pending)
print("the table:", game.view(None)["tunnel"])
print("legal:", [a.text(game) for a in game.legal_actions()])
print("cards still conserved:", game.counts()["train_cards"])
"""),
    md("""
A game is (variant, seed, actions), so we can ask *what if?* on an exact copy. In the copy the
player gives up; in the real game the robot pays.
"""),
    code("""
what_if = game.copy()
print("What if:")
_ = step(what_if, WithdrawTunnel())
print("\\nThe game:")
_ = step(game)
"""),
    md("""
Tunnels fail too. We play on to the next reveal where the player **cannot** pay: the only legal
action is to take the cards back.
"""),
    code("""
play_until(game, before=lambda g, a: g.pending == "tunnel" and g.legal_actions() == [WithdrawTunnel()])
for event in game.log[-1:]:
    print(event.text)
print("legal:", [a.text(game) for a in game.legal_actions()])
_ = step(game)
"""),
    md("""
## The odds of a tunnel, exactly: a probability lesson

Forget the other cards for a moment and reveal $N$ cards from the full, shuffled 110-card deck:
12 cards of each of 8 colours and 14 Locomotives. If you laid a colour, **26** cards match
(its 12 + the 14 Locomotives); if you laid Locomotives only, **14** match.

Revealing is drawing **without replacement**, so the number of matches $K$ follows the
**hypergeometric** law:

$$P(K = k) = \\frac{\\binom{26}{k}\\binom{84}{N-k}}{\\binom{110}{N}}, \\qquad E[K] = N \\cdot \\frac{26}{110}.$$

`Fraction` keeps every probability exact:
"""),
    code("""
DECK, MATCH = 110, 26


def hypergeometric(N, match=MATCH, deck=DECK):
    \"\"\"P(K = k) for k = 0..N: k matching cards among N revealed, as exact fractions.\"\"\"
    return [Fraction(comb(match, k) * comb(deck - match, N - k), comb(deck, N)) for k in range(N + 1)]


exact = {N: hypergeometric(N) for N in (3, 4, 5, 6)}
print("extra cards k:      " + "".join(f"{k:>8}" for k in range(7)) + "   P(k>=1)   E[K]")
for N, probs in exact.items():
    row = "".join(f"{float(p):8.4f}" for p in probs) + " " * 8 * (6 - N)
    mean = sum(k * p for k, p in enumerate(probs))
    assert sum(probs) == 1 and mean == Fraction(N * MATCH, DECK)
    print(f"reveal N = {N} ({'Europe' if N == 3 else 'map'}): {row} {float(1 - probs[0]):8.4f} {float(mean):6.3f}")
print()
print("exactly, for N = 4: P(K=0) =", exact[4][0], "and P(K>=1) =", 1 - exact[4][0])
locos = hypergeometric(4, match=14)
print("laid with Locomotives only, N = 4: P(K>=1) =", f"{float(1 - locos[0]):.4f}")
"""),
    md("""
With the map's 4 to 6 cards, a tunnel costs at least one extra card **two times in three or
more**; with Europe's 3 cards a little over half the time. On average a 6-card tunnel asks for
almost one and a half extra cards.

**Checked by simulation.** Shuffle the 110 cards, turn up $N$, count the matches; 100,000 times
each, with a seeded random generator:
"""),
    code("""
rng = random.Random(2024)
deck = new_train_deck()
TRIALS = 100_000
green = CARD_NAMES.index("green")
simulated = {}
for N in (4, 5, 6):
    counts = [0] * (N + 1)
    for _ in range(TRIALS):
        counts[sum(1 for card in rng.sample(deck, N) if card == green or card == LOCO)] += 1
    simulated[N] = [c / TRIALS for c in counts]
    worst = max(abs(s - float(p)) for s, p in zip(simulated[N], exact[N]))
    print(f"N = {N}: simulated P(K>=1) = {1 - simulated[N][0]:.4f}, exact {float(1 - exact[N][0]):.4f}; "
          f"largest gap over k: {worst:.4f}")
"""),
    code("""
fig, axes = plt.subplots(1, 3, figsize=(13, 3.8), sharey=True)
for ax, N in zip(axes, (4, 5, 6)):
    ks = range(N + 1)
    ax.bar(ks, [float(p) for p in exact[N]], color="#7fa7d9", edgecolor="#2b4a73", label="exact (hypergeometric)")
    ax.plot(ks, simulated[N], "o", color="#c0392b", label=f"simulated ({TRIALS:,} reveals)")
    ax.set_title(f"reveal {N} cards: P(extra ≥ 1) = {float(1 - exact[N][0]):.2f}")
    ax.set_xlabel("extra cards to pay (matches)")
    ax.set_xticks(list(ks))
axes[0].set_ylabel("probability")
axes[0].legend(loc="upper right", fontsize=8)
fig.suptitle("How many extra cards does a tunnel cost? (a colour laid: 26 of 110 cards match)")
fig.tight_layout()
plt.show()
"""),
    md("""
### The odds on the board

Every tunnel on the map, coloured by the chance that it costs at least one extra card when a
colour is laid (full deck): the number on its badge decides. The cost in *trains* is the same as
for any route of the same length; only the cards are at risk.
"""),
    code("""
board = game.board
tunnels = [r for r in board.routes if r.tunnel]
sizes = sorted({r.tunnel for r in tunnels})
risk = [f"{n} cards revealed: {float(1 - exact[n][0]):.0%}" for n in sizes]
ax = draw_board(board, claims={r.id: sizes.index(r.tunnel) for r in tunnels},
                player_colors=["#fec44f", "#ec7014", "#8c2d04"], player_names=risk,
                dim_unclaimed=True, figsize=(13, 10),
                title="Team Asia tunnels: P(at least one extra card), a colour laid")
show(ax)
for n in sizes:
    names = sorted({f"{r.a}–{r.b}" for r in tunnels if r.tunnel == n})
    print(f"{n} cards ({float(1 - exact[n][0]):.1%}): {', '.join(names)}")
"""),
    md("""
## The end: a team's trains at 4 or fewer

The final round starts when the two reserves of one team hold **4 trains or fewer together** at
the end of a turn (TA-21); then every player, the one who triggered it included, plays once more.
"""),
    code("""
play_until(game, after=lambda g, a: g.final_round)
for event in game.log[-3:]:
    print(event.text)
print("trains per player:", dict(zip(game.names, game.trains)))
play_until(game)
print(game.log[-1].text)
"""),
    md("""
## The score: one per team

Each team's sheet counts the routes of **both** partners, every ticket of the team (both hands and
the holder, each marked with where it was held) and the two bonuses of TA-22, measured on the
team's combined network.
"""),
    code("""
sheet = game.score()
print(sheet)
"""),
    code("""
claims = {rid: owner // 2 for rid, owner in game.route_owners.items()}   # colour by team
ax = draw_board(game.board, claims=claims, player_names=list(sheet.names),
                highlight=sheet.trail(0).routes, figsize=(13, 10),
                title=f"{sheet.names[0]} (glow: their longest path, {sheet.trail(0).length} cars) "
                      f"vs {sheet.names[1]}")
show(ax)
"""),
    md("""
A last check with `networkx`: the longest path bonus is measured on the team's **combined**
routes, so Ana's and Bea's trains together form one network.
"""),
    code("""
for team, name in enumerate(sheet.names):
    routes = [rid for rid, owner in game.route_owners.items() if owner // 2 == team]
    G = nx.MultiGraph()
    for rid in routes:
        r = game.board.route(rid)
        G.add_edge(r.a, r.b, key=rid)
    by_seat = {game.names[s]: sum(1 for o in game.route_owners.values() if o == s) for s in (2 * team, 2 * team + 1)}
    pieces = sorted((len(c) for c in nx.connected_components(G)), reverse=True)
    print(f"{name}: {len(routes)} routes {by_seat}, pieces of {pieces} cities, "
          f"longest path {sheet.trail(team).length} cars")
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="nb06")
