"""What ``dealgen solve`` does: one deal solved, its record written as a solution file when asked
(before anything is printed: a reader that stops early must not cost the file), and the result
in words. Every record was replayed through the engine by ``solve_deal`` before it comes here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..fileio import check_writable, write_atomic
from ..games import Game
from ..solve import DEFAULT_MAX_SECONDS, DEFAULT_MAX_STATES, SolveResult, check_budgets, solve_deal


@dataclass(frozen=True)
class Solved:
    game: Game
    number: int
    rules: str
    result: SolveResult
    max_states: int | None  # as asked (None: the default), for the words on a budget that ran out
    max_seconds: float | None
    failure: str | None  # a solution file was asked for and there is no record to write

    def lines(self) -> list[str]:
        """The result for people: the verdict line, why, the moves, the metrics."""
        result = self.result
        head = f"{self.game.name} deal {self.number} ({self.rules}): {result.verdict_name}"
        if result.summary:
            head += f" {result.summary}"
        elif result.verdict == "solved":
            head += f" in {len(result.moves)} moves"
        if result.grade:  # a won deal's, or a graded loss's (a Perpetual Motion deal that cycles)
            head += f", grade {result.grade} (percentile {result.percentile:g})"
        if result.verdict == "unknown" and result.budget == "audit":
            head += ": the audit of its unsolvable verdict ran out of budget"
        elif result.verdict == "unknown":
            limit = ((self.max_states or DEFAULT_MAX_STATES) if result.budget == "states"
                     else (self.max_seconds or DEFAULT_MAX_SECONDS))
            head += f": the {result.budget} budget ({limit:,}) ran out"
        lines = [head]
        if result.explanation:
            lines.append(f"why: {result.explanation}")
        if result.moves:
            text = result.to_solution().format()
            lines.append("\n".join(line for line in text.splitlines() if ":" not in line))
        lines.append("metrics: " + ", ".join(f"{k}={v}" for k, v in result.metrics.items()))
        return lines


def solve_and_record(game: Game, number: int, rules: str | None, max_states: int | None, max_seconds: float | None,
                     output: str | None, grade: bool = True) -> Solved:
    """Deal ``number`` of ``game`` solved within the budgets, its record written to ``output``
    (when given) with the metrics and grade as comments; every argument checked first."""
    rules = game.check_rules(rules)
    check_budgets(max_states, max_seconds)
    if output is not None:
        check_writable(output)
    result = solve_deal(game, number, rules, max_states, max_seconds, grade=grade)
    failure = None
    if output is not None and result.recorded:
        done = "solved" if result.verdict == "solved" else f"played out ({result.verdict_name})"
        comment = f"{done} by dealgen; metrics: {json.dumps(result.metrics)}"
        if result.grade:
            comment += f"\ngrade: {result.grade} (percentile {result.percentile:g})"
        write_atomic(output, result.to_solution().format(comment))
    elif output is not None:
        failure = f"no solution to write to {output} ({result.verdict_name})"
    return Solved(game, number, rules, result, max_states, max_seconds, failure)
