"""The FreeCell family for the search core: each game's description, and the registered solvers.

The four games of ``dealgen.games.freecell`` are games of the tableau family (``tableau``: the
search problem, its pruning and why it loses no win, the replay and the shortening, shared with
Penguin), each described by its ``Layout``: columns and cells, build in suit or in alternate
colours, an empty column taking any card or only a King. Cards are the engine's (the
foundations' base is the Ace). A move carries at most (free cells + 1) x 2^(empty columns other
than the target) cards where any card may fill an empty column, free cells + 1 where only a King
may; a move of several cards to an empty column writes its count (``27va``), as fc-solve does.
The heuristic counts cards lying above a lower rank (each must move before that card goes home).
"""

from __future__ import annotations

from ..errors import IllegalMove
from ..games.freecell import ALTERNATE, KINGS, FreeCellFamily, FreeCellMove, FreeCellState
from . import SolverOutput, certified, register_solver, tableau
from .freecell_audit import audit
from .search import SOLVED, UNKNOWN, UNSOLVABLE
from .tableau import ABOVE_LOWER, ANY, EMPTY, HEAD, Description, TableauProblem, search_problem, shorten

# Heuristic weights (lower priority = expanded first) per card not yet home, per card lying above
# a lower card in its column, per occupied cell, per card over a card a foundation wants next,
# per column not empty (empty columns double the cards a move may carry) and per move made
# (keeps solutions short). Chosen on MS FreeCell deals 1-2000 and checked on all of 1-32000 (none
# undecided at 500,000 positions), and on deals 1-1000 of the others; Seahaven Towers, whose empty
# columns take only Kings, does better without the buried and empty-column terms
# (docs/research/freecell-family.md).
WEIGHTS = {"w_out": 4, "w_bad": 2, "w_cell": 3, "w_buried": 1, "w_space": 6, "w_g": 1}
GAME_WEIGHTS = {"freecell": {**WEIGHTS, "w_out": 3},
                "seahaven-towers": {"w_out": 4, "w_bad": 3, "w_cell": 2, "w_buried": 0, "w_space": 0, "w_g": 1}}


def description(game: FreeCellFamily) -> Description:
    lay = game.layout
    kings = lay.empty == KINGS
    return Description(lay.title, tuple(FreeCellMove(c, "h").token[:-1] for c in lay.columns), tuple(lay.cells),
                       tableau.ALTERNATE if lay.build == ALTERNATE else tableau.SUIT, False, HEAD if kings else ANY,
                       "cells" if kings else "supermove", counted=True, disorder=ABOVE_LOWER,
                       **GAME_WEIGHTS.get(game.name, WEIGHTS))


def family_problem(game: FreeCellFamily, state: FreeCellState) -> TableauProblem:
    """The search problem of a position of a game of the family."""
    cols = tuple(bytes(col) for col in state.columns)
    cells = bytes(EMPTY if c is None else c for c in state.cells)
    return TableauProblem(description(game), cols, cells, tuple(state.home))


# -- the registered solvers -----------------------------------------------------------
AUDIT_FACTOR = 8  # positions the audit may visit for each one the search may expand


def solve_family(game: FreeCellFamily, state: FreeCellState, max_states: int, max_seconds: float,
                 grade: bool = True) -> SolverOutput:
    problem = family_problem(game, state)
    found = search_problem(problem, max_states, max_seconds)
    metrics: dict[str, int | float] = {"states_expanded": found.expanded, "states_seen": found.generated}
    if found.verdict == UNKNOWN:
        return SolverOutput(UNKNOWN, (), metrics, found.budget, extra={"certified": False})
    if found.verdict == UNSOLVABLE:
        return certify(game, state, max_states, metrics, found.generated)
    moves = shorten(problem, found.moves)
    try:  # the engine's replay gives the length
        metrics.update(game.line_metrics(state, moves))
    except IllegalMove as err:
        raise RuntimeError(f"{game.name} deal {state.deal}: the engine rejects the solver's solution: {err}") from None
    return SolverOutput(SOLVED, moves, metrics, extra={"certified": True})  # replayed by solve_position


def certify(game: FreeCellFamily, state: FreeCellState, max_states: int, metrics: dict[str, int | float],
            seen: int) -> SolverOutput:
    """``unsolvable`` only when the audit (single-card moves, no pruning, no shared code) exhausts
    the start too; ``unknown`` when its budget runs out first."""
    lay = game.layout
    budget = AUDIT_FACTOR * max_states
    checked = audit(lay.ncols, lay.build == ALTERNATE, lay.empty == KINGS, state.columns, state.cells, state.home,
                    budget)
    where = f"deal {state.deal}" if state.deal is not None else "a position"
    return certified(checked, f"{game.name} {where}", seen, budget, AUDIT_FACTOR, metrics,
                     " (columns and cells as multisets, safe foundation moves made at once)",
                     "single-card moves, no pruning")


for _name in ("freecell", "bakers-game", "eight-off", "seahaven-towers"):
    register_solver(_name)(solve_family)
