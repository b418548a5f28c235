"""Replay solutions through the engine: the only judge of legality.

Nothing is published that did not replay here from the deal, move by move, through
the game's public ``play``. A record passes only when its replay ends exactly as it
claims: won (the default), or another end the game lets a record claim (a solution
file's ``outcome:`` header, e.g. Perpetual Motion's ``cycles``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable, Iterator

from .errors import DealgenError, IllegalMove, located
from .games import get_game
from .games.position import Position
from .solution import Solution, solution_text, stream_solution


@dataclass(frozen=True)
class Failure:
    move: int  # 1-based move number
    token: str
    reason: str
    line: int | None = None


@dataclass(frozen=True)
class Verdict:
    solution: Solution
    moves_played: int
    won: bool
    summary: str  # the final outcome in words
    error: Failure | None = None
    before_error: Any = None  # the state before the failing move (for --show)
    reached: bool | None = None  # the claimed outcome was reached (None: the claim is "won")
    final: Any = None  # the state after the last move, when every move was legal (for --show)
    mismatch: str | None = None  # a catalog's figures the replay contradicts (Entry.verify)

    @property
    def deal(self) -> int:
        return self.solution.deal

    @property
    def ok(self) -> bool:
        return self.error is None and self.mismatch is None and (self.won if self.reached is None else self.reached)

    def to_json(self) -> dict[str, Any]:
        s = self.solution
        error = None
        if self.error is not None:
            error = {"move": self.error.move, "token": self.error.token, "line": self.error.line,
                     "reason": self.error.reason}
        out = {"ok": self.ok, "game": s.game, "deal": s.deal, "rules": s.rules, "moves_played": self.moves_played,
               "won": self.won, "error": error, "verdict": self.line()}
        if self.mismatch is not None:
            out["error"] = {"move": None, "token": None, "line": None, "reason": self.mismatch}
        if s.outcome != "won":
            out["claimed_outcome"] = s.outcome
        return out

    def line(self) -> str:
        """The one-line verdict."""
        s = self.solution
        what = f"{s.game} deal {s.deal} ({s.rules})"
        if self.error is not None:  # a file's failure names the file and line first, as every error does
            where = located(what, s.source or None, self.error.line)
            rule_sets = get_game(s.game).rule_sets
            hint = "" if s.rules_given or len(rule_sets) == 1 else (
                f" (the file has no rules: line, so the game's first rule set, '{s.rules}', applies; others: "
                f"{', '.join(r for r in rule_sets if r != s.rules)})")
            return f"{where}: FAILED at move {self.error.move} '{self.error.token}': {self.error.reason}{hint}"
        claim = self.solution.outcome
        legal = ("there are no moves" if not self.moves_played else "the 1 move is legal" if self.moves_played == 1
                 else f"all {self.moves_played} moves are legal")
        failed = located(what, s.source or None)
        if self.mismatch is not None:
            return f"{failed}: FAILED: {legal} but {self.mismatch}"
        if claim != "won":
            if not self.ok:
                return f"{failed}: FAILED: {legal} but play does not end as claimed ({claim}): {self.summary}"
            return f"{what}: verified, {self.moves_played} moves, {self.summary}"
        if not self.won:
            return f"{failed}: FAILED: {legal} but the game is not won: {self.summary}"
        two_player = get_game(s.game).outcome(self.final).winner is not None
        return f"{what}: verified, {self.moves_played} moves, " + (self.summary if two_player else "won")  # "Red won: ..."


def replay(solution: Solution, states: list | None = None) -> Verdict:
    """Play every move of ``solution`` from its deal; stop at the first that fails. Each state
    reached, the deal's first, is added to ``states`` when given (for the figures along the line)."""
    steps = ((move, solution.token_at(i), solution.line_of(i)) for i, move in enumerate(solution.moves))
    return replay_steps(solution, steps, states)


def replay_steps(head: Solution, steps: Iterable[tuple[str, str, int | None]], states: list | None = None) -> Verdict:
    """``replay`` of moves as they come (``stream_solution``: our notation, as the file spells it,
    and its line), from the deal that ``head`` names; none is taken after the first that fails."""
    game = get_game(head.game)
    state = game.deal(head.deal, head.rules)
    if states is not None:
        states.append(state)
    played = 0
    for move, written, line in steps:
        if game.legal_move_means_playing:  # a move play accepts proves the game goes on
            try:
                state = game.play(state, game.parse_move(move))
            except DealgenError:  # say why as below: the game may be over, or the move wrong
                pass
            else:
                played += 1
                if states is not None:
                    states.append(state)
                continue
        outcome = game.outcome(state)
        failure = None
        if outcome.over:
            said = outcome.summary if outcome.summary.startswith(outcome.status) else f"{outcome.status}: {outcome.summary}"
            failure = f"the game is already over ({said}); no move may follow"
        else:
            try:
                after = game.play(state, game.parse_move(move))
            except IllegalMove as err:
                failure = str(err)
        if failure is not None:
            return Verdict(head, played, False, outcome.summary, Failure(played + 1, written, failure, line), state)
        state = after
        played += 1
        if states is not None:
            states.append(state)
    outcome = game.outcome(state)
    reached = None
    if head.outcome != "won":
        reached = outcome.over and outcome.status == game.record_outcomes.get(head.outcome)
    return Verdict(head, played, outcome.status == "won", outcome.summary, reached=reached, final=state)


def read_played(path: str | Path, rules: str | None = None) -> Solution:
    """A solution file for a command that replays it next (a walkthrough, ``--solution``): its
    moves played as they are read, so that one that fails ends the reading there, and the
    caller's replay names it (a solution followed by megabytes of moves is refused at once).
    ``rules`` (a command's --rules) are played when the file names none."""
    head, steps = stream_solution(solution_text(path), str(path))
    if rules is not None and not head.rules_given:
        head = replace(head, rules=get_game(head.game).check_rules(rules))
    read: list[tuple[str, str, int]] = []

    def kept() -> Iterator[tuple[str, str, int]]:
        for step in steps:
            read.append(step)
            yield step

    replay_steps(head, kept())
    return replace(head, moves=tuple(move for move, _, _ in read), lines=tuple(line for _, _, line in read),
                   written=tuple(token for _, token, _ in read))


def replay_states(solution: Solution) -> list[Any]:
    """Every state from the deal to the end (for walkthroughs); raises IllegalMove on a bad move."""
    game = get_game(solution.game)
    states = [game.deal(solution.deal, solution.rules)]
    for token in solution.moves:
        states.append(game.play(states[-1], game.parse_move(token)))
    return states


@dataclass(frozen=True)
class Line:
    """A line of play replayed through the engine: how many moves, and the position it ended in."""

    moves_played: int
    final: Position

    @property
    def won(self) -> bool:
        return self.final.outcome.status == "won"


def verify(position: Position, moves: Iterable[str]) -> Line:
    """Replay ``moves`` (in the game's notation) from ``position`` through the engine. Raises
    IllegalMove at the first move the rules forbid (or that cannot be read), naming the move and
    its number; a legal line comes back with where it ended (``.won``, ``.final``)."""
    game = get_game(position.game)
    state = position.state
    count = 0
    for count, token in enumerate(moves, 1):
        try:
            state = game.play(state, game.parse_move(token))
        except DealgenError as err:
            where = f"{game.name} deal {position.deal}" if position.deal is not None else f"{game.name} position"
            raise IllegalMove(f"{where}: move {count} '{token}': {err}") from None
    return Line(count, Position(game.name, state))


class _VerifyModule(ModuleType):
    """``dealgen.verify`` is this module and the API's verb at once: ``dealgen.verify(position,
    moves)`` is ``verify(position, moves)``."""

    def __call__(self, position: Position, moves: Iterable[str]) -> Line:
        return verify(position, moves)


sys.modules[__name__].__class__ = _VerifyModule
