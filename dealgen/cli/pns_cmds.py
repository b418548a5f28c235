"""`dealgen play` (whole games between computer players) and `dealgen problems` (Pack 'n' Stack)."""

from __future__ import annotations

import sys

import click

from ..errors import CheckFailed, InputError
from ..fileio import check_writable, write_atomic
from ..publish.endgames import PROVE_NODES, prove_win, two_player_only
from ..solution import Solution
from ..solve.pack_n_stack.strategy import MAX_GOAL
from .app import main
from .common import DEAL, GAME, DealCommand, echo_json, echo_json_error, echo_lines, finite_seconds, jobs_option, named, note


@main.command(cls=DealCommand, short_help="Play a Pack 'n' Stack deal between two computer players.")
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
    from ..solve.pack_n_stack.players import make_player, play_game

    two_player_only(game, "play")
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


@main.command(short_help="Find and grade 'to play and win' problems.")
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
@jobs_option
def problems(game, deals: str, max_n: int, seconds: float, seed: int, outdir: str | None, jobs) -> None:
    """Find and grade GAME (pack-n-stack) "to play and win" problems; print them best first.

    Deals are searched in parallel (--jobs, --cluster); the lines are the same whatever runs them,
    though --seconds is a time limit, so a busier machine may settle fewer positions. Interrupted
    (Ctrl-C), the problems found so far are still printed and written; exit 130.
    """
    from ..publish.endgames import find_problems

    code = echo_lines(find_problems(game, deals, max_n, seconds, seed, outdir, note, jobs))
    if code:
        sys.exit(code)


@main.command("prove", short_help="Prove a forced win from a position.")
@click.argument("game", type=GAME)
@click.argument("position", metavar="POSITION")
@click.option("--max-n", default=15, show_default=True, type=click.IntRange(1, MAX_GOAL),
              help="Longest forced win looked for, in the turns of the side to move.")
@click.option("--seconds", default=10.0, show_default=True, type=click.FloatRange(min=0.1),
              callback=finite_seconds,
              help="Time limit of the win-proof search, and again of the search for the other winning first moves "
                   "(writing out and replaying a large strategy takes longer). The search also stops at "
                   f"{PROVE_NODES:,} positions, about 15 GB of memory (some 4 minutes).")
@click.option("-o", "--output", callback=named, default=None, metavar="STRATEGY.txt",
              help="Write the winning strategy here (replayed first; `dealgen verify` replays it again).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
def prove_position(game, position: str, max_n: int, seconds: float, output: str | None, as_json: bool) -> None:
    """Does the side to move in POSITION (pack-n-stack, stock empty) have a forced win?

    POSITION is a file in the text or JSON form `dealgen deal` prints, or a strategy file (its
    position is taken). The answer is the shortest forced win within --max-n turns, with its
    strategy, the winning first moves and the signs problems are graded by; or a proof that
    there is none within --max-n; or "undecided" when the time runs out, with the largest N
    proved to hold no win. Exit 0 when the search ran; exit 1 when -o was asked for and there
    is no win to write. With --json, a position that cannot be used gives
    {"ok": false, "error": {"reason": ..., "exit_code": 2}}.
    """
    try:
        proof = prove_win(game, position, max_n, seconds, output)
    except InputError as err:
        if as_json:
            echo_json_error(err)
        raise
    if as_json:
        echo_json(proof.data)
    else:
        for line in proof.lines():
            click.echo(line)
    if proof.failure is not None:
        raise CheckFailed(proof.failure)
