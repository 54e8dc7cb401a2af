"""Write and run notebooks/08_simulation_lab.ipynb (cells only with --no-run).

    .venv/bin/python tools/make_nb_08.py             # write the cells, execute them, store the outputs
    .venv/bin/python tools/make_nb_08.py --no-run    # only write the cells
    .venv/bin/python tools/make_nb_08.py --png DIR   # save the executed notebook's figures as PNGs in DIR
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/08_simulation_lab.ipynb

Cell ids are fixed and running drops the execution timestamps, so rebuilding changes nothing
in git unless a cell or an output changed (nbconvert adds timestamps to the cell metadata).
"""
from nbbuild import NOTEBOOKS, code, main, md

OUT = NOTEBOOKS / "08_simulation_lab.ipynb"


CELLS = [
    md("""
# 08 · The simulation lab: experiments over many games

A single game cannot tell you whether the first player has an edge, which routes everybody
fights for, or how risky a 20-point ticket is. Thousands of games can. This notebook plays
games with computer players (*agents*), turns them into rows a class can explore, and draws
the answers:

1. **Does the first player win more often?** Win rate by seat, with 95% confidence intervals.
2. **Which routes are claimed most, and first?** A heat map drawn on the board.
3. **How often is a 20-point ticket completed?** Completion rate by ticket value.
4. One question on each other board: do Legendary Asia's mountain routes pay? Do Heart of Africa
   winners double more with Terrain cards? Does the first team win more often in Team Asia?

The stored run uses **small game counts** so the notebook runs in seconds; every section ends with
the command for the full-size run. Two agents play: `"random"` picks any legal action,
`"greedy"` chases its tickets along cheapest paths (see `ttr_nb.agents`).
"""),
    code("""
%matplotlib inline
from concurrent.futures import ProcessPoolExecutor

import matplotlib.pyplot as plt

import ttr_nb
from ttr_nb import lab
from ttr_nb.simulate import game_seed, summary_table

print(ttr_nb.variants())
"""),
    md("""
## One call plays many games

`ttr_nb.simulate(variant, players, games, seed, agents, executor)` plays the games and returns one
`GameResult` per game, in game order. Game `i` of a run is dealt with its own seed,
`game_seed(seed, i)` (a hash of the two numbers), so any single game can be replayed alone, and the
results are **the same whatever runs the games**: one core, or an `executor` (any
`concurrent.futures.Executor`). Here a pool of two processes plays 80 games of greedy against greedy.
"""),
    code("""
GAMES = 80          # the full-size run: 10_000 (see the command at the end of the section)
with ProcessPoolExecutor(2) as pool:
    usa = ttr_nb.simulate("usa", players=2, games=GAMES, seed=2024, agents="greedy", executor=pool)

print(len(usa), "games; game 0 was dealt with seed", usa[0].seed)
print("game_seed(2024, 0) gives that seed:", game_seed(2024, 0) == usa[0].seed)
r = usa[0]
print(f"game {r.game}: {r.turns} turns, {r.steps} actions, winners (seats): {list(r.winners)}")
for s in r.seats:
    print(f"  seat {s.seat} {s.name} ({s.agent}): {s.total} points = {s.points}; "
          f"tickets {s.tickets_completed}/{s.tickets_kept} done; {s.trains_left} trains left; "
          f"longest trail {s.longest_trail}; {len(s.routes)} routes")
"""),
    md("""
The same games played here, one after the other, give exactly the same results:
"""),
    code("""
here = ttr_nb.simulate("usa", players=2, games=6, seed=2024, agents="greedy")
print(here == usa[:6])
print(summary_table(usa))
"""),
    md("""
## Rows for a class

`lab.rows(results)` gives one plain dict per game and per seat: the variant, the seat and its agent,
the points by kind of score line (routes, tickets, bonuses, and the mountains or terrain of other
boards), tickets kept and completed, trains left, the longest trail, turns, and whether that seat won.
With pandas installed (`pip install "ttr_nb[pandas]"`), `lab.to_dataframe(results)` makes them a
DataFrame; `lab.to_dataframe(results, kind="tickets")` has one row per kept ticket.
"""),
    code("""
rows = lab.rows(usa)
print(len(rows), "rows with the columns:")
print(", ".join(rows[0]))
print({k: rows[0][k] for k in ("game", "seat", "agent", "total", "points_route", "points_ticket",
                              "points_bonus", "tickets_completed", "won")})
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
# (the output depends on whether pandas is installed)
try:
    df = lab.to_dataframe(usa)
except ImportError as e:
    print(e)
else:
    print(df.groupby("seat")[["total", "points_route", "points_ticket", "tickets_completed", "won"]]
          .mean().round(2))
"""),
    md("""
## Experiment 1 · Does the first player win more often?

Seat 0 plays first. If the seat made no difference, each of two seats would win half the games.
The bars are the win rates; the whiskers are **95% Wilson confidence intervals**: the range of true
win rates that fit what we saw. A shared win counts for both seats.
"""),
    code("""
for t in lab.win_rates(usa):
    print(f"seat {t['seat']} ({t['agent']}): {t['wins']}/{t['games']} wins = {t['rate']:.0%}, "
          f"95% interval {t['low']:.0%} to {t['high']:.0%}")
fig = lab.plot_win_rate(usa)
plt.show()
"""),
    md("""
With 80 games the interval is about ±11 percentage points wide: far too wide to see a first-player
edge of a few points. The width shrinks like 1/√games: with 10,000 games it is about ±1 point.
Try it at full size (a few minutes on two cores):

```bash
ttr-nb simulate --variant usa --players 2 --games 10000 --seed 2024 --agents greedy --workers 2
```

or in Python, `ttr_nb.simulate("usa", 2, 10_000, seed=2024, agents="greedy", executor=pool)`.
Change `--players 4` to ask the same question at a full table.
"""),
    md("""
## Experiment 2 · Which routes are claimed most, and first?

`lab.route_table(results, by=...)` ranks the routes; `lab.plot_route_heatmap` colours each route on
the board: by the share of games in which it was claimed, or by the share of games in which it was a
player's **first** route. Each track of a double route counts on its own (with 2 or 3 players only
one of the two can be claimed, B-5.8).
"""),
    code("""
for t in lab.route_table(usa, by="share", top=8):
    print(f"{t['share']:5.0%} of games  {t['label']}")
fig = lab.plot_route_heatmap(usa, by="share")
plt.show()
"""),
    code("""
for t in lab.route_table(usa, by="first", top=6):
    print(f"{t['first']:5.0%} of games a player's first route  {t['label']}")
fig = lab.plot_route_heatmap(usa, by="first")
plt.show()
"""),
    md("""
"First" can also mean *early in the game*. Each result records the turn of every claim
(`seat.claim_turns`), so `by="mean_turn"` ranks the routes by the mean turn at which they were
claimed, over the games in which they were:
"""),
    code("""
for t in lab.route_table(usa, by="mean_turn", top=6):
    print(f"turn {t['mean_turn']:4.1f} on average ({t['share']:4.0%} of games)  {t['label']}")
"""),
    md("""
Read the lists together: the routes the greedy agent claims first are short ones where many
cheapest ticket paths cross, the bottlenecks it must not lose to the other player. Eighty games
make a rough map; full size:

```python
with ProcessPoolExecutor(2) as pool:
    big = ttr_nb.simulate("usa", 2, 10_000, seed=2024, agents="greedy", executor=pool)
lab.plot_route_heatmap(big, by="first")
```
"""),
    md("""
## Experiment 3 · How often is a 20-point ticket completed?

Every kept ticket is done (+ its value) or not (− its value). `lab.ticket_completion` counts, for
each ticket value, how many were kept and how many were completed, with a 95% interval.
"""),
    code("""
table = lab.ticket_completion(usa)
for t in table:
    if t["value"] >= 20:
        print(f"{t['value']}-point tickets: {t['completed']}/{t['kept']} completed = {t['rate']:.0%} "
              f"(95% interval {t['low']:.0%} to {t['high']:.0%})")
fig = lab.plot_ticket_completion(usa)
plt.show()
"""),
    md("""
Careful with the reading: the greedy agent **chooses** its tickets, keeping the ones it can finish
cheaply, so its long tickets are the easy long tickets. An agent that keeps tickets at random shows
the other side of the coin:
"""),
    code("""
rnd = ttr_nb.simulate("usa", players=2, games=150, seed=2024, agents="random")
for agents, results in (("greedy", usa), ("random", rnd)):
    long = [t for t in lab.ticket_completion(results) if t["value"] >= 20]
    kept = sum(t["kept"] for t in long)
    done = sum(t["completed"] for t in long)
    print(f"{agents:>6}: {done}/{kept} tickets worth 20 or more completed = {done / kept:.0%}")
"""),
    md("""
A run keeps every number of each game, but explains no score: a result's `score` replays that one
game from its seed and explains it when you read it (`keep_lines=True` explains and keeps them all
during the run instead). Here are the tickets of seat 0 in the first random game, explained:
"""),
    code("""
import textwrap

game0 = rnd[0].score["players"][0]
tickets = [line for line in game0["lines"] if line["kind"] == "ticket"]
print(f"{game0['name']}: {game0['total']} points, {len(tickets)} tickets; the first three:")
for line in tickets[:3]:
    print(textwrap.fill(line["detail"], width=96, initial_indent="- ", subsequent_indent="  "))
"""),
    md("""
Full size: `ttr-nb simulate --variant usa --games 10000 --agents greedy --workers 2 --json
> usa.jsonl`, then `lab.read_results("usa.jsonl")` loads the games back for the lab.

### Score distributions

One more picture: how the final scores spread, seat by seat (dashed lines: the means).
"""),
    code("""
fig = lab.plot_scores(usa)
plt.show()
"""),
    md("""
## Progress bars, process pools, Dask and Ray

`progress=True` shows a bar while the games run: an ipywidgets bar in a notebook, a one-line text bar
on stderr elsewhere. Any object with `update(n)` and `close()` works too, such as
`tqdm(total=games)`. The command line draws its bar on stderr when that is a terminal.
"""),
    code("""
# NBVAL_IGNORE_OUTPUT
bar_run = ttr_nb.simulate("usa", players=3, games=60, seed=1, agents="random", progress=True)
"""),
    code("""
print(len(bar_run), "games,", sum(len(r.winners) for r in bar_run), "winners in all")
"""),
    md("""
**Any executor.** `executor=` takes any `concurrent.futures.Executor`. The games are sent in chunks
(`chunksize=`, about 8 per worker by default); the worker function `ttr_nb.simulate.play_chunk`
takes and returns plain data, so it runs wherever Python can import `ttr_nb`:

* one machine: `ProcessPoolExecutor(n)` (as above) or `ThreadPoolExecutor` (no speed-up for pure
  Python, but handy to test);
* a **Dask** cluster: `from distributed import Client; client = Client("scheduler:8786")`, then
  `ttr_nb.simulate(..., executor=client.get_executor())`;
* a **Ray** cluster: Ray has no stock `concurrent.futures` executor, but a small adapter is enough,
  because a Ray object reference turns into a standard future:

```python
import concurrent.futures, ray

class RayExecutor(concurrent.futures.Executor):
    def submit(self, fn, /, *args, **kwargs):
        return ray.remote(fn).remote(*args, **kwargs).future()

ray.init()
results = ttr_nb.simulate("usa", 4, 100_000, seed=1, executor=RayExecutor(), chunksize=500)
```

Every worker needs `ttr_nb` installed. The results are identical on all of them.
For very long runs, `ttr_nb.simulate.simulate_iter` yields the games one by one (in order), so they
can be written to a file as they come instead of being held in memory.
"""),
    md("""
## Legendary Asia · Do the mountain routes pay?

On Legendary Asia a mountain route costs one extra train per X space, which scores 2 points at once
(LA-9), and the Asian Explorer bonus (+10) goes to the biggest connected network (LA-12). Where do the
points come from?
"""),
    code("""
with ProcessPoolExecutor(2) as pool:
    asia = ttr_nb.simulate("legendary-asia", players=2, games=60, seed=2024, agents="greedy",
                           executor=pool)
kinds = lab.score_kinds(asia)
seats = [s for r in asia for s in r.seats]
print("mean points per player by kind:",
      {k: round(sum(s.points.get(k, 0) for s in seats) / len(seats), 1) for k in kinds})
print(f"mean final score {sum(s.total for s in seats) / len(seats):.1f}; "
      f"mean trains left {sum(s.trains_left for s in seats) / len(seats):.1f}")
for t in lab.win_rates(asia):
    print(f"seat {t['seat']}: {t['rate']:.0%} wins (95% interval {t['low']:.0%} to {t['high']:.0%})")
"""),
    md("""
Are mountain routes avoided? Compare how often a mountain route is claimed with the other routes
(`lab.route_claims` gives each route's share of games; the board says which have X spaces):
"""),
    code("""
board = ttr_nb.load_map("legendary_asia")
claimed = lab.route_claims(asia)
for label, routes in (("with X spaces", [r for r in board.routes if r.mountains]),
                      ("without", [r for r in board.routes if not r.mountains])):
    share = sum(claimed.get(r.id, {"share": 0})["share"] for r in routes) / len(routes)
    print(f"{len(routes):3} routes {label:>13}: each claimed in {share:.0%} of games on average")
mountain = sum(s.points.get("mountain", 0) for s in seats)
print(f"mountain points: {mountain / sum(s.total for s in seats):.1%} of all points")
fig = lab.plot_scores(asia)
plt.show()
"""),
    md("""
Full size: `ttr-nb simulate --variant legendary-asia --players 4 --games 10000 --agents greedy
--workers 2`.

## The Heart of Africa · Is doubling with Terrain cards worth it?

On The Heart of Africa a player may double a route's points by also playing Terrain cards of its
type (H-5); the score lines of kind `terrain` are those extra points. Do the winners double more?
"""),
    code("""
with ProcessPoolExecutor(2) as pool:
    africa = ttr_nb.simulate("heart-of-africa", players=3, games=60, seed=2024, agents="greedy",
                             executor=pool)
seats = [s for r in africa for s in r.seats]
print("mean points per player by kind:",
      {k: round(sum(s.points.get(k, 0) for s in seats) / len(seats), 1)
       for k in lab.score_kinds(africa)})
for label, group in (("winners", [s for s in seats if s.won]),
                     ("the others", [s for s in seats if not s.won])):
    terrain = sum(s.points.get("terrain", 0) for s in group) / len(group)
    print(f"{label:>10}: {terrain:.1f} terrain points on average ({len(group)} players)")
fig = lab.plot_route_heatmap(africa, by="share", figsize=(7, 8.2))
plt.show()
"""),
    md("""
Full size: `ttr-nb simulate --variant heart-of-africa --players 3 --games 10000 --agents greedy
--workers 2`.

## Team Asia · Does the first team win more often?

In Team Asia two teams of two (or three teams) share a score (TA-3). `rows` gives each seat its
`team`, and a team's win counts for both of its seats, so the fair share is one half with two teams.
"""),
    code("""
with ProcessPoolExecutor(2) as pool:
    teams = ttr_nb.simulate("team-asia", players=4, games=40, seed=2024, agents="greedy",
                            executor=pool)
print("teams:", [(p["name"], p["seats"]) for p in teams[0].score["players"]])
for t in lab.win_rates(teams):
    print(f"seat {t['seat']}: {t['rate']:.0%} wins (95% interval {t['low']:.0%} to {t['high']:.0%})")
fig = lab.plot_win_rate(teams)
plt.show()
"""),
    md("""
Full size: `ttr-nb simulate --variant team-asia --players 4 --games 10000 --agents greedy --workers 2`.

## Your turn

* Put a greedy player against a random one: `agents="greedy,random"` (one name per seat). How often
  does the random player win?
* Does the edge of seat 0 change with 4 players? With the USA 1910 tickets (`"usa-1910"`)?
* Which tickets are never worth keeping? Try `lab.to_dataframe(results, kind="tickets")` and group by
  `ticket`.
* How fast is it? `benchmarks/bench_simulate.py` measures games per second on your machine.
"""),
]


if __name__ == "__main__":
    main(__doc__, OUT, CELLS, ids="lab", kernel="Python 3 (ipykernel)", runs=True, timeout=900)
