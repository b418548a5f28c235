"""`dealgen verify`: replay a solution file through the engine."""

from __future__ import annotations

import sys

import click

from ..games import get_game
from ..solution import read_solution
from ..verify import replay
from . import main
from .common import echo_json


@main.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--show", is_flag=True, help="Print the position before the failing move.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def verify(file: str, show: bool, as_json: bool) -> None:
    """Replay the solution in FILE from its deal; exit 0 only if every move is legal and the game is won.

    Exit 1 when a move is illegal or the game is not won, 2 when FILE cannot be read.
    """
    solution = read_solution(file)
    verdict = replay(solution)
    if as_json:
        echo_json(verdict.to_json())
    else:
        click.echo(verdict.line())
        if show and verdict.before_error is not None:
            click.echo(f"position before move {verdict.error.move}:")
            click.echo(get_game(solution.game).to_text(verdict.before_error), nl=False)
    sys.exit(0 if verdict.ok else 1)
