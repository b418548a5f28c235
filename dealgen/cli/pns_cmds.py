"""`dealgen play` (whole games between computer players) and `dealgen problems` (Pack 'n' Stack)."""

from __future__ import annotations

import sys

import click

from ..errors import CheckFailed, InputError
from ..fileio import check_writable, made_folder, planned_folder, write_atomic
from ..scan import parse_range
from ..solution import Solution
from ..solve.pack_n_stack.strategy import MAX_GOAL
from .app import main
from .common import DEAL, GAME, DealCommand, echo_json, echo_json_error, finite_seconds, named, note


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
    from ..solve.pack_n_stack.players import make_player, play_game

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
    from ..solve.pack_n_stack.problems import best_problems
    from ..solve.pack_n_stack.strategy import verify_strategy

    _pns_only(game, "problems")
    numbers = parse_range(deals)
    folder = None
    if outdir is not None:
        folder = planned_folder(outdir)  # made when the first problem is written
    found, searched, interrupted = [], 0, False
    try:
        for deal, best in best_problems(numbers, max_n=max_n, seconds=seconds, seed=seed):
            note(f"deal {deal}: {'problem found' if best else 'none'}")
            searched += 1
            if best is not None:
                found.append(best)
    except KeyboardInterrupt:  # an hour's search is not thrown away: what was found is still shown and kept
        note(f"dealgen: interrupted after {searched} of {len(numbers)} deal(s); the problems found so far follow")
        interrupted = True
    for problem in sorted(found, key=lambda p: p.order):
        text = problem.strategy_text()
        lines, ok = verify_strategy(text, f"deal {problem.deal}")
        if not ok:  # never publish what does not replay
            note("\n".join(lines))
            continue
        click.echo(problem.summary())
        if folder is not None:
            with made_folder(folder) as made:  # made with the first problem (and gone again if that fails)
                write_atomic(made / f"pns-{problem.deal}-{problem.turn}.txt", text)
    note(f"{len(found)} problem(s) from {searched} deal(s)")
    if interrupted:
        sys.exit(130)


PROVE_NODES = 1_000_000  # a safety net under --seconds: the tables take about 15 KB a position


@main.command("prove")
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
        _prove(game, position, max_n, seconds, output, as_json)
    except InputError as err:
        if as_json:
            echo_json_error(err)
        raise


def _prove(game, position: str, max_n: int, seconds: float, output: str | None, as_json: bool) -> None:
    from ..solve.pack_n_stack.kit import GRADE_BY_STARS
    from ..solve.pack_n_stack.lines import solution_lines
    from ..solve.pack_n_stack.problems import problem_of
    from ..solve.pack_n_stack.prove import prove
    from ..solve.pack_n_stack.race import lower_bound
    from ..solve.pack_n_stack.strategy import check_tree, counted, parse_strategy, verdict_lines
    from ..solve.positions import load_position

    _pns_only(game, "prove")
    state, _ = load_position(game, position, drawn=False)
    if state.stock:
        raise InputError(f"{position}: win proofs start once the stock is empty; this position has "
                         f"{len(state.stock)} card(s) in the stock")
    outcome = game.outcome(state)
    if outcome.over:
        raise InputError(f"{position}: the game is already over ({outcome.summary}): there is nothing to prove")
    if output is not None:
        check_writable(output)
    me, other = state.side, "black" if state.side == "red" else "red"
    bounds = {me: lower_bound(state, state.to_move), other: lower_bound(state, 1 - state.to_move)}
    result = prove(state, limit=max_n, seconds=seconds, max_nodes=PROVE_NODES)
    problem = problem_of(state.deal, 0, state, result, seconds=seconds)
    if problem is not None:
        text = problem.strategy_text(f"{me.capitalize()} to play and win in {problem.n}: {problem.signs()}")
        tree = parse_strategy(text, position)
        lines, ok = verdict_lines(tree, check_tree(tree, position))
        if not ok:  # a prover bug surfaces as an error, never as a wrong strategy
            raise CheckFailed(f"the strategy found does not verify: {lines[0]}")
        if output is not None:
            write_atomic(output, text)
    data = {"game": game.name, "position": position, "deal": state.deal, "to_move": me, "bounds": bounds,
            # a win whose strategy could not be rebuilt is not claimed: nothing unverified is shown
            "verdict": "win" if problem else "unknown" if result.status == "win" else result.status,
            "n": problem.n if problem else None, "max_n": max_n, "no_win_within": result.refuted,
            "stopped_by": result.stopped_by or None, "nodes": result.nodes, "seconds": round(result.seconds, 2)}
    if problem is not None:
        complete = problem.first_moves_complete
        data.update(winning_first_moves=problem.winning_first_moves, first_moves_complete=complete,
                    greedy_move=problem.greedy_move, greedy_fails=problem.greedy_fails if complete else None,
                    packet_moves=problem.packet_moves, proof_size=problem.proof_size,
                    stars=problem.stars if complete else None,
                    grade=GRADE_BY_STARS[problem.stars] if complete else None)
    if as_json:
        echo_json(data)
    else:
        where = "position" if state.deal is None else f"deal {state.deal} position"
        click.echo(f"pack-n-stack {where}, {me} to move (at least {bounds[me]} turns to finish; "
                   f"{other}, {bounds[other]})")
        took = (f"{counted(result.nodes, 'position')} searched, {result.seconds:.1f} s" if result.nodes
                else "the race counts settle it")
        if problem is not None:
            grade = f"; grade {data['grade']}" if data["grade"] else ""
            click.echo(f"{me.capitalize()} to play and win in {problem.n} ({took}); {problem.signs()}{grade}")
            for line in solution_lines(tree)[0]:
                click.echo("  " * (line.level + 1) + line.text)
            if output is not None:
                click.echo(f"strategy written to {output} (verified by replay)")
        elif data["verdict"] == "no-win":
            why = f"{me.capitalize()} needs {bounds[me]} turns at least" if bounds[me] > max_n else took
            click.echo(f"no forced win for {me.capitalize()} within {max_n} turns: proved ({why})")
        elif result.status == "win":
            click.echo(f"undecided: a win in {result.n} was found, but its strategy could not be rebuilt to be "
                       f"replayed within the node budget ({took})")
        else:
            proved = (f"no forced win within {result.refuted} is proved" if result.refuted >= bounds[me]
                      else f"{me.capitalize()} needs {bounds[me]} turns at least")
            limit = (f"the {seconds:g} s time limit" if result.stopped_by == "time"
                     else f"the search's budget of {PROVE_NODES:,} positions")
            click.echo(f"undecided: {proved}; {limit} ran out at N = {result.refuted + 1} ({took})")
    if output is not None and problem is None:
        why = "undecided" if data["verdict"] == "unknown" else f"no forced win within {max_n}"
        raise CheckFailed(f"no strategy to write to {output} ({why})")
