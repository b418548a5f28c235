"""Pack 'n' Stack endgames for people: whether a position holds a forced win (``dealgen prove``)
and "to play and win" problems found in self-play (``dealgen problems``). Every strategy is
replayed before it is shown or written: nothing unverified is claimed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generator

from ..errors import CheckFailed, InputError
from ..fileio import check_writable, made_folder, planned_folder, write_atomic
from ..games import Game
from ..scan import Workers, in_parallel, parse_range, workers

PROVE_NODES = 1_000_000  # a safety net under --seconds: the tables take about 15 KB a position


def two_player_only(game: Game, command: str) -> None:
    if game.name != "pack-n-stack":
        raise InputError(f"{game.name} is not a two-player game: `dealgen {command}` is for pack-n-stack only")


@dataclass(frozen=True)
class Proof:
    """A win proof's answer: ``data`` for --json, ``lines()`` for people, and ``failure`` when a
    strategy file was asked for and there is no win to write."""

    data: dict[str, Any]
    state: Any
    result: Any  # the prover's ProofResult
    problem: Any  # the win as a problem, its strategy verified (None: no win shown)
    tree: Any  # that strategy's tree
    seconds: float  # the time limit asked
    output: str | None
    failure: str | None

    def lines(self) -> list[str]:
        from ..solve.pack_n_stack.lines import solution_lines
        from ..solve.pack_n_stack.strategy import counted

        data, state, result, problem = self.data, self.state, self.result, self.problem
        me, bounds, max_n, seconds = data["to_move"], data["bounds"], data["max_n"], self.seconds
        other = "black" if me == "red" else "red"
        where = "position" if state.deal is None else f"deal {state.deal} position"
        said = [f"pack-n-stack {where}, {me} to move (at least {bounds[me]} turns to finish; {other}, {bounds[other]})"]
        took = (f"{counted(result.nodes, 'position')} searched, {result.seconds:.1f} s" if result.nodes
                else "the race counts settle it")
        if problem is not None:
            grade = f"; grade {data['grade']}" if data["grade"] else ""
            said.append(f"{me.capitalize()} to play and win in {problem.n} ({took}); {problem.signs()}{grade}")
            for line in solution_lines(self.tree)[0]:
                said.append("  " * (line.level + 1) + line.text)
            if self.output is not None:
                said.append(f"strategy written to {self.output} (verified by replay)")
        elif data["verdict"] == "no-win":
            why = f"{me.capitalize()} needs {bounds[me]} turns at least" if bounds[me] > max_n else took
            said.append(f"no forced win for {me.capitalize()} within {max_n} turns: proved ({why})")
        elif result.status == "win":
            said.append(f"undecided: a win in {result.n} was found, but its strategy could not be rebuilt to be "
                        f"replayed within the node budget ({took})")
        else:
            proved = (f"no forced win within {result.refuted} is proved" if result.refuted >= bounds[me]
                      else f"{me.capitalize()} needs {bounds[me]} turns at least")
            limit = (f"the {seconds:g} s time limit" if result.stopped_by == "time"
                     else f"the search's budget of {PROVE_NODES:,} positions")
            said.append(f"undecided: {proved}; {limit} ran out at N = {result.refuted + 1} ({took})")
        return said


def prove_win(game: Game, position: str, max_n: int, seconds: float, output: str | None) -> Proof:
    """Whether the side to move in the position file ``position`` has a forced win within
    ``max_n`` of its turns, searched for ``seconds`` at most (and again as long for the other
    winning first moves); the strategy, verified by replay, written to ``output`` when given."""
    from ..solve.pack_n_stack.kit import GRADE_BY_STARS
    from ..solve.pack_n_stack.problems import problem_of
    from ..solve.pack_n_stack.prove import prove
    from ..solve.pack_n_stack.race import lower_bound
    from ..solve.pack_n_stack.strategy import check_tree, parse_strategy, verdict_lines
    from ..solve.positions import load_position

    two_player_only(game, "prove")
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
    tree = None
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
    failure = None
    if output is not None and problem is None:
        why = "undecided" if data["verdict"] == "unknown" else f"no forced win within {max_n}"
        failure = f"no strategy to write to {output} ({why})"
    return Proof(data, state, result, problem, tree, seconds, output, failure)


def _best_in_deal(task: tuple[int, int, float, int]) -> tuple[int, Any]:
    """In a worker process (or on a cluster): (deal, its best problem or None)."""
    from ..solve.pack_n_stack.problems import best_problem

    deal, max_n, seconds, seed = task
    return deal, best_problem(deal, max_n, seconds, seed)


def find_problems(game: Game, deals: str, max_n: int, seconds: float, seed: int, outdir: str | None,
                  note: Callable[[str], None], jobs: Workers = 0) -> Generator[str, None, int]:
    """"To play and win" problems from the search-vs-search endgames of ``deals`` (FIRST-LAST),
    at most one a deal, searched in ``jobs`` processes (0 = all cores) or on a cluster: yields
    each problem's line, best first, once every deal is searched (or the search is interrupted:
    what was found is still shown and kept), each strategy replayed first and written to
    ``outdir`` when given; progress (in deal order) and the count go to ``note``. Returns the
    exit code: 0, or 130 when interrupted."""
    from ..solve.pack_n_stack.strategy import verify_strategy

    two_player_only(game, "problems")
    numbers = parse_range(deals)
    folder = None
    if outdir is not None:
        folder = planned_folder(outdir)  # made when the first problem is written
    found, searched, interrupted = [], 0, False
    tasks = ((deal, max_n, seconds, seed) for deal in numbers)
    try:
        for deal, best in in_parallel(tasks, workers(jobs, len(numbers)), _best_in_deal):  # in deal order
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
        yield problem.summary()
        if folder is not None:
            with made_folder(folder) as made:  # made with the first problem (and gone again if that fails)
                write_atomic(made / f"pns-{problem.deal}-{problem.turn}.txt", text)
    note(f"{len(found)} problem(s) from {searched} deal(s)")
    return 130 if interrupted else 0
