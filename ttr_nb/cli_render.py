"""`ttr-nb render`: draw a map, or a game played by chosen players up to a step, to a file."""
from __future__ import annotations

from pathlib import Path
from typing import Any


def cli_render(args: Any) -> int:
    """`ttr-nb render`: draw a map (``--map``) or a simulated game after ``--step`` actions."""
    import matplotlib

    matplotlib.use("Agg")
    from .board import load_map
    from .draw import save_board

    from .draw.export import picture_path

    out = picture_path(args.output)
    if args.step is not None and args.step < 0:
        raise ValueError(f"--step counts actions from the start: 0 or more, not {args.step}")
    if getattr(args, "map", None):
        board = load_map(args.map)
        save_board(board, out)
        print(f"wrote {out}: {board.name}")
        return 0
    from .agents import agent_seed, make_agent
    from .game import new_game

    game = new_game(args.variant, players=args.players, seed=args.seed)
    names = [a.strip() for a in str(args.agents).split(",") if a.strip()] or ["greedy"]
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise ValueError(f"--agents names {len(names)} agents for {args.players} players")
    seats = [make_agent(n, seed=agent_seed(args.seed, i)) for i, n in enumerate(names)]
    steps = 0
    while not game.over and (args.step is None or steps < args.step):
        game.apply(seats[game.current_player].choose(game))
        steps += 1
    player_names = [f"{n} ({names[i]})" for i, n in enumerate(game.names)]
    save_board(game.board, out, claims=game.route_owners, player_names=player_names,
               stations=game.view(None).get("stations"),      # train stations (Europe), city -> seat
               title=f"{game.board.name}: seed {args.seed}, step {steps}")
    print(f"wrote {out}: {args.variant}, {args.players} players, seed {args.seed}, {steps} actions")
    return 0
