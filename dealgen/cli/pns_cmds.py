"""`dealgen play` (whole games between computer players) and `dealgen problems` (Pack 'n' Stack)."""

from __future__ import annotations

import sys

import click

from ..errors import InputError
from ..fileio import check_writable, output_folder, planned_folder, write_atomic
from ..solution import Solution
from ..scan import parse_range
from . import main
from .common import DEAL, GAME, DealCommand, finite_seconds, named


def _pns_only(game, command: str) -> None:
    if game.name != "pack-n-stack":
        raise InputError(f"{game.name} is not a two-player game: `dealgen {command}` is for pack-n-stack only")


@main.command(cls=DealCommand)
@click.argument("game", type=GAME)
@click.argument("number", type=DEAL)
@click.option("--red", "red", default="search", show_default=True, metavar="PLAYER",
              help="Red's player: random, greedy or search.")
@click.option("--black", "black", default="greedy", show_default=True, metavar="PLAYER",
              help="Black's player: random, greedy or search.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0),
              help="Seed for the players' choices: the same seed gives the same game.")
@click.option("-o", "--output", callback=named, default=None, metavar="GAME.txt",
              help="Write the game record here (replay it with `dealgen verify`); default: print it.")
def play(game, number: int, red: str, black: str, seed: int, output: str | None) -> None:
    """Play deal NUMBER of GAME (pack-n-stack) between two computer players and write the game record."""
    from ..pns.players import make_player, play_game

    _pns_only(game, "play")
    players = (make_player(red, seed * 2), make_player(black, seed * 2 + 1))  # fail fast on a bad name
    if output:
        check_writable(output)
    record = play_game(number, *players)
    comment = (f"Pack 'n' Stack, deal {number}: Red {players[0].name}, Black {players[1].name}, seed {seed}\n"
               f"result: {record.summary} after {len(record.moves)} turns")
    claim = "drawn" if record.status == "drawn" else "won"  # verify checks the record ends exactly so
    text = Solution(game.name, number, game.default_rules, tuple(m.token for m in record.moves),
                    outcome=claim).format(comment)
    if output:
        write_atomic(output, text)
        click.echo(f"{record.summary} after {len(record.moves)} turns; record written to {output}")
    else:
        click.echo(text, nl=False)


@main.command()
@click.argument("game", type=GAME)
@click.option("--deals", default="1-20", show_default=True, metavar="A-B",
              help="Deals whose search-vs-search endgames are searched (one problem per deal at most).")
@click.option("--max-n", default=6, show_default=True, type=click.IntRange(1, 15),
              help="Longest forced win looked for, in the winner's turns.")
@click.option("--seconds", default=2.0, show_default=True, type=click.FloatRange(min=0.1),
              callback=finite_seconds, help="Time limit of the win-proof search per position.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0), help="Seed for the self-play games.")
@click.option("-o", "--output", "outdir", callback=named, default=None, metavar="DIR",
              help="Write each problem's strategy file here as pns-DEAL-TURN.txt (verify each with dealgen verify).")
def problems(game, deals: str, max_n: int, seconds: float, seed: int, outdir: str | None) -> None:
    """Find and grade GAME (pack-n-stack) "to play and win" problems; print them best first."""
    from ..pns.problems import best_problems
    from ..pns.strategy import verify_strategy

    _pns_only(game, "problems")
    numbers = parse_range(deals)
    folder = None
    if outdir is not None:
        folder = planned_folder(outdir)  # made when the first problem is written
    found, searched, interrupted = [], 0, False
    try:
        for deal, best in best_problems(numbers, max_n=max_n, seconds=seconds, seed=seed):
            click.echo(f"deal {deal}: {'problem found' if best else 'none'}", err=True)
            searched += 1
            if best is not None:
                found.append(best)
    except KeyboardInterrupt:  # an hour's search is not thrown away: what was found is still shown and kept
        click.echo(f"dealgen: interrupted after {searched} of {len(numbers)} deal(s); the problems found so far follow",
                   err=True)
        interrupted = True
    for problem in sorted(found, key=lambda p: p.order):
        text = problem.strategy_text()
        lines, ok = verify_strategy(text, f"deal {problem.deal}")
        if not ok:  # never publish what does not replay
            click.echo("\n".join(lines), err=True)
            continue
        click.echo(problem.summary())
        if folder is not None:
            write_atomic(output_folder(folder) / f"pns-{problem.deal}-{problem.turn}.txt", text)
    click.echo(f"{len(found)} problem(s) from {searched} deal(s)", err=True)
    if interrupted:
        sys.exit(130)
