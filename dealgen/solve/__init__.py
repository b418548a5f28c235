"""Solving deals: one entry point for every game, a registry of per-game solvers.

    from dealgen.solve import solve_deal
    r = solve_deal("penguin", 1)          # r.verdict, r.moves, r.metrics, r.grade, ...

A game's solver is a function ``(game, state, *, max_states, max_seconds, grade) ->
SolverOutput`` registered under the game's name with ``register_solver``; ``grade``
asks for the extra metrics grading needs. It may live anywhere; when
no solver is registered for a game yet, ``solve_deal`` imports
``dealgen.solve.<name>`` (dashes as underscores), then ``dealgen.solve.<module>`` for a game
of a family defined in ``dealgen.games.<module>``, and then the game's own module, so
either place can register on import without touching this file.

A game may name its verdicts (``Game.verdict_names``: Perpetual Motion says ``won`` and
``cycles``); the result keeps the generic word in ``verdict`` for selection, grading and
scans, and ``to_json`` / the CLI show the game's word plus the solver's ``extra`` fields.
A solver may also return the record of play for an ``unsolvable`` verdict when the game
lets a record claim that end (``Game.record_outcomes``); it is replayed like a solution.

Every solution is replayed through the engine (``dealgen.verify.replay``) before a
result is returned: a solver bug raises CheckFailed naming the deal and the move, it
never comes back as a wrong solution.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable

from ..errors import CheckFailed, InputError
from ..games import Game, get_game
from ..solution import Solution
from .search import SOLVED, UNKNOWN, UNSOLVABLE

DEFAULT_MAX_STATES = 500_000  # positions expanded; the budget that decides (deterministic)
DEFAULT_MAX_SECONDS = 300.0  # a safety net only: results cut short by time depend on the machine


@dataclass(frozen=True)
class SolverOutput:
    """What a game's solver returns: moves as tokens, metrics as JSON-ready counts."""

    verdict: str
    moves: tuple[str, ...] = ()
    metrics: dict[str, int | float] = field(default_factory=dict)
    budget: str | None = None
    explanation: str = ""  # why, for an unsolvable verdict (what the search covered)
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific JSON fields ("passes")
    summary: str = ""  # a phrase after the verdict for people ("in 120 passes"); default: moves


Solver = Callable[..., SolverOutput]


def certified(checked: Any, label: str, seen: int, budget: int, factor: int, metrics: dict[str, int | float],
              covered: str, audit_kind: str) -> SolverOutput:
    """The verdict for a start the search exhausted, from the independent audit's result ``checked``
    (``solve/audit.py``): ``unsolvable`` only when the audit exhausts the start too, ``unknown`` when
    its ``budget`` (``factor`` times the search's) runs out first. A win the audit finds is a solver
    bug, raised as such. ``label`` names the start ("penguin deal 7 (parlett)"), ``covered`` what the
    search's positions were, ``audit_kind`` what the audit is."""
    metrics = {**metrics, "audit_positions": checked.positions}
    if checked.outcome == "won":
        raise CheckFailed(f"solver bug, please report: {label}: the search found no win, but the audit found one: "
                          f"{' '.join(checked.line)}")
    if checked.outcome == "budget":
        why = (f"the search examined all {seen} positions it keeps and found no win, but the audit ({audit_kind}) "
               f"stopped at its budget of {budget:,} positions before confirming it; raise --max-states (the audit "
               f"may visit {factor} times as many positions)")
        return SolverOutput(UNKNOWN, (), metrics, "audit", explanation=why, extra={"certified": False})
    why = (f"exhaustive search: all {seen} positions reachable{covered} were examined; none wins. Certified: the "
           f"audit, {audit_kind}, visited all {checked.positions} positions and found no win either")
    return SolverOutput(UNSOLVABLE, (), metrics, explanation=why, extra={"certified": True})
SOLVERS: dict[str, Solver] = {}


def register_solver(name: str) -> Callable[[Solver], Solver]:
    """Decorator: ``@register_solver("penguin")`` makes a function the game's solver."""

    def add(func: Solver) -> Solver:
        SOLVERS[name] = func
        return func

    return add


def get_solver(game: Game) -> Solver:
    if game.name not in SOLVERS:
        family = type(game).__module__.rsplit(".", 1)[-1]  # one solver for a family of games (freecell)
        for module in (f"{__name__}.{game.name.replace('-', '_')}", f"{__name__}.{family}", type(game).__module__):
            try:
                importlib.import_module(module)
            except ModuleNotFoundError as err:
                if err.name != module:
                    raise
            if game.name in SOLVERS:
                break
    solver = SOLVERS.get(game.name)
    if solver is None:
        if game.players:  # a game between players has records, not solutions
            raise InputError(f"{game.name} is a game between players, with no solution to find: play one with "
                             f"`dealgen play {game.name} N -o GAME.txt`, find its problems with "
                             f"`dealgen problems {game.name}`, or ask whether a position is won with "
                             f"`dealgen prove {game.name} POSITION`")
        raise InputError(f"there is no solver for {game.name} yet")
    return solver


def audit_factor(game: Game) -> int:
    """The positions ``game``'s audit may visit for each one its search may expand (the solver
    module's ``AUDIT_FACTOR``; 1 where its solver has no audit)."""
    return getattr(sys.modules[get_solver(game).__module__], "AUDIT_FACTOR", 1)


def problem_kit(game: Game) -> ModuleType | None:
    """None for a game whose puzzles are deals (play deal N out; the solution replays from the
    deal). For a game whose puzzles are "to play and win" problems, the module that finds,
    verifies and writes out its problems: ``dealgen.solve.<game>.kit`` (see
    ``dealgen.solve.pack_n_stack.kit``); catalogs, books and daily deals then publish problems."""
    return _kit(game.name)


@lru_cache(maxsize=None)
def _kit(game_name: str) -> ModuleType | None:
    package = f"{__name__}.{game_name.replace('-', '_')}"
    try:
        return importlib.import_module(f"{package}.kit")
    except ModuleNotFoundError as err:
        if err.name not in (package, f"{package}.kit"):
            raise
        return None


@dataclass(frozen=True)
class SolveResult:
    """A solver's verdict on a position of ``game``: ``verdict`` (``solved``, ``unsolvable``, or
    ``unknown`` when ``budget`` ran out), the ``moves`` of its solution, the search's ``metrics``,
    and for a solution its ``grade`` and ``percentile``; ``to_json()`` is what ``dealgen solve
    --json`` prints."""

    game: str
    deal: int | None  # None for a position that is not a numbered deal's start
    rules: str
    verdict: str  # "solved" | "unsolvable" | "unknown"
    moves: tuple[str, ...]
    metrics: dict[str, int | float]
    budget: str | None = None  # which budget ran out when the verdict is unknown
    grade: str | None = None
    percentile: float | None = None
    explanation: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    summary: str = ""

    @property
    def verdict_name(self) -> str:
        """The verdict in the game's own words (``won``/``cycles`` for Perpetual Motion)."""
        return get_game(self.game).verdict_name(self.verdict)

    @property
    def recorded(self) -> bool:
        """Whether the moves are a record that replays to a claimed end (a solution, or the
        record of a game that plays itself to a loss)."""
        return record_replayable({"game": self.game, "verdict": self.verdict_name, "moves": self.moves})

    @property
    def certified(self) -> bool:
        """Whether the verdict is proven: a record replayed through the engine (every solution is,
        before it is returned), or an unsolvable verdict its game's audit confirmed (Penguin's)."""
        return bool(self.extra.get("certified", self.recorded))

    @property
    def outcome(self) -> str:
        """How the record ends, as a solution file claims it (``won``, ``cycles``)."""
        return "won" if self.verdict == SOLVED else self.verdict_name

    def to_solution(self) -> Solution:
        if not self.recorded:
            raise CheckFailed(f"{self.game} deal {self.deal} ({self.rules}) has no solution: {self.verdict_name}")
        return Solution(self.game, self.deal, self.rules, self.moves, self.outcome)

    def to_json(self) -> dict[str, Any]:
        """The documented shape (issue 3), the verdict in the game's words, then any fields
        the game's solver adds; see ``record`` for the scan line with more."""
        return {"game": self.game, "deal": self.deal, "rules": self.rules, "verdict": self.verdict_name,
                "moves": list(self.moves), "metrics": dict(self.metrics), "grade": self.grade, **self.extra}

    def record(self) -> dict[str, Any]:
        """``to_json`` plus the percentile, the budget that ran out and, for an
        unsolvable verdict, why (one scan line)."""
        out = {**self.to_json(), "percentile": self.percentile, "budget": self.budget}
        if self.explanation:
            out["explanation"] = self.explanation
        return out


def record_verdict(record: dict[str, Any]) -> str:
    """The generic verdict of a JSON result or scan line, whose ``verdict`` is in the game's words."""
    from ..games import GAMES

    game = GAMES.get(str(record.get("game")))
    verdict = str(record.get("verdict"))
    return game.generic_verdict(verdict) if game is not None else verdict


def record_replayable(record: dict[str, Any]) -> bool:
    """Whether a JSON result or scan line carries a record that replays to a claimed end (a
    solution, or the record of a game that plays itself to a loss): the deals grading ranks."""
    from ..games import GAMES

    if record_verdict(record) == SOLVED:
        return True
    game = GAMES.get(str(record.get("game")))
    return game is not None and bool(record.get("moves")) and str(record.get("verdict")) in game.record_outcomes


@dataclass(frozen=True)
class Budget:
    """How long a search may go on: ``max_states`` positions expanded (default
    ``DEFAULT_MAX_STATES``; it decides the verdict, deterministically) and ``max_seconds`` (default
    ``DEFAULT_MAX_SECONDS``; a safety net only)."""

    max_states: int | None = None
    max_seconds: float | None = None


def check_budgets(max_states: int | None, max_seconds: float | None) -> tuple[int, float]:
    """The budgets to use; InputError for zero or negative ones."""
    states = DEFAULT_MAX_STATES if max_states is None else max_states
    seconds = DEFAULT_MAX_SECONDS if max_seconds is None else max_seconds
    if isinstance(states, bool) or not isinstance(states, int) or states <= 0:
        raise InputError(f"the states budget must be a whole number above 0, not {max_states!r}")
    if not isinstance(seconds, (int, float)) or not seconds > 0:
        raise InputError(f"the seconds budget must be a number above 0, not {max_seconds!r}")
    return states, float(seconds)


def solve_deal(game: Game | str, deal: int, rules: str | None = None, max_states: int | None = None,
               max_seconds: float | None = None, grade: bool = True) -> SolveResult:
    """Solve deal ``deal``; with ``grade`` (default) also compute the grading metrics
    and the grade. ``grade=False`` only finds the verdict and a solution (faster)."""
    if isinstance(game, str):
        game = get_game(game)
    rules = game.check_rules(rules)
    return solve_position(game, game.deal(deal, rules), max_states, max_seconds, grade)


def solve_position(game: Game | str, state: Any, max_states: int | None = None,
                   max_seconds: float | None = None, grade: bool = True) -> SolveResult:
    """Solve any position of ``game`` (for example one read with ``from_text``). A
    position from a numbered deal is replayed from the deal (``verify.replay``), any
    other position through the engine's ``play`` from the position itself."""
    if isinstance(game, str):
        game = get_game(game)
    states, seconds = check_budgets(max_states, max_seconds)
    solver = get_solver(game)
    out = solver(game, state, max_states=states, max_seconds=seconds, grade=grade)
    if out.verdict not in (SOLVED, UNSOLVABLE, UNKNOWN):
        raise RuntimeError(f"{game.name} solver returned the verdict {out.verdict!r}")
    deal = getattr(state, "deal", None)
    rules = getattr(state, "rules", game.default_rules)
    result = SolveResult(game.name, deal, rules, out.verdict, tuple(out.moves), dict(out.metrics),
                         out.budget, explanation=out.explanation, extra=dict(out.extra), summary=out.summary)
    if result.recorded:
        if deal is not None and state == game.deal(deal, rules):
            check_solution(result)
        else:
            check_from(game, state, result)
        if grade:  # a record a book can print: a solution, or a self-playing game's record of a loss
            from ..grade import grade_metrics
            from .people import population

            if result.verdict == SOLVED:  # how person-like players fare (games where a person chooses)
                played = population(game, state, game.rule_sets.index(rules))
                if played is not None:
                    result = replace(result, metrics={**result.metrics, **played})
            label, pct = grade_metrics(game.name, rules, result.metrics)
            result = replace(result, grade=label, percentile=pct)
    return result


def solve(position: Any, max_states: int | None = None, max_seconds: float | None = None) -> SolveResult:
    """Solve ``position`` (a ``dealgen.Position``) and grade the solution. The result has
    ``verdict`` (``"solved"``, ``"unsolvable"``, or ``"unknown"`` when a budget ran out), ``moves``
    (the solution in the game's notation), ``metrics`` (the search's effort), ``grade`` (easy to
    expert) and ``certified`` (the verdict is proven). Every solution is replayed through the
    engine before it is returned. ``max_states``: positions the search may expand (default
    500,000; it decides the verdict); ``max_seconds``: a safety net (default 300)."""
    return solve_position(position.game, position.state, max_states, max_seconds)


class _SolvePackage(ModuleType):
    """``dealgen.solve`` is this package and the API's verb at once: ``dealgen.solve(position)``
    is ``solve(position)``, while ``dealgen.solve.solve_deal`` and its modules stay where they are."""

    def __call__(self, position: Any, max_states: int | None = None, max_seconds: float | None = None) -> SolveResult:
        return solve(position, max_states, max_seconds)


sys.modules[__name__].__class__ = _SolvePackage


def check_from(game: Game, state: Any, result: SolveResult) -> None:
    """Play a solution from a position that is not a numbered deal's start."""
    from ..errors import IllegalMove

    for index, token in enumerate(result.moves, 1):
        try:
            state = game.play(state, game.parse_move(token))
        except IllegalMove as err:
            raise CheckFailed(f"solver bug, please report: {result.game} position: move {index} '{token}': {err}") from None
    claim = result.to_solution().outcome
    if game.outcome(state).status != game.record_outcomes[claim]:
        raise CheckFailed(f"solver bug, please report: {result.game} position: the record does not end {claim}")


def check_solution(result: SolveResult) -> None:
    """Replay through the engine; a failure is a solver bug and raises CheckFailed."""
    from ..verify import replay

    verdict = replay(result.to_solution())
    if not verdict.ok:
        raise CheckFailed(f"solver bug, please report: {verdict.line()}")


__all__ = ["record_verdict", "record_replayable", "SOLVED", "UNSOLVABLE", "UNKNOWN", "SOLVERS", "SolveResult", "SolverOutput",
           "Budget", "register_solver", "problem_kit", "solve", "solve_deal", "solve_position", "check_budgets",
           "DEFAULT_MAX_STATES", "DEFAULT_MAX_SECONDS"]
