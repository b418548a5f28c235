"""`dealgen play` (whole games between computer players) and `dealgen problems` (Pack 'n' Stack)."""

from __future__ import annotations

import click

from ..errors import InputError
from ..fileio import check_writable, write_atomic
from ..solution import Solution
from . import main
from .common import DEAL, GAME


def _pns_only(game) -> None:
    if game.name != "pack-n-stack":
        raise InputError(f"{game.name} is not a two-player game: `dealgen play` plays pack-n-stack only")


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("game", type=GAME)
@click.argument("number", type=DEAL)
@click.option("--red", "red", default="search", show_default=True, metavar="PLAYER",
              help="Red's player: random, greedy or search.")
@click.option("--black", "black", default="greedy", show_default=True, metavar="PLAYER",
              help="Black's player: random, greedy or search.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(min=0),
              help="Seed for the players' choices: the same seed gives the same game.")
@click.option("-o", "--output", default=None, metavar="GAME.txt",
              help="Write the game record here (replay it with `dealgen verify`); default: print it.")
def play(game, number: int, red: str, black: str, seed: int, output: str | None) -> None:
    """Play deal NUMBER of GAME (pack-n-stack) between two computer players and write the game record."""
    from ..pns.players import make_player, play_game

    _pns_only(game)
    players = (make_player(red, seed * 2), make_player(black, seed * 2 + 1))  # fail fast on a bad name
    if output:
        check_writable(output)
    record = play_game(number, *players)
    comment = (f"Pack 'n' Stack, deal {number}: Red {players[0].name}, Black {players[1].name}, seed {seed}\n"
               f"result: {record.summary} after {len(record.moves)} turns")
    text = Solution(game.name, number, game.default_rules, tuple(m.token for m in record.moves)).format(comment)
    if output:
        write_atomic(output, text)
        click.echo(f"{record.summary} after {len(record.moves)} turns; record written to {output}")
    else:
        click.echo(text, nl=False)
