"""Penguin for the search core: its game description, and the registered solver.

Penguin is a game of the tableau family (``tableau``: the search problem, its pruning and why
it loses no win, the replay and the shortening, shared with the FreeCell family). What is
Penguin's own: internal cards are ``suit * 13 + rel`` with ``rel = (rank - beak rank) mod 13``,
so a suit's foundation counts up from 0; ranks wrap, so the rank below the beak packs on the
beak; an empty column takes only the rank below the beak (rel 12); the beak never goes home by
itself; a rule set says how many cards a move may carry; 7 columns and 7 cells. The heuristic
counts cards not resting in a finished run.
"""

from __future__ import annotations

import time

from ..errors import IllegalMove
from ..games.penguin import CELLS, COLUMNS, PenguinState
from . import SolverOutput, certified, register_solver
from .audit import audit
from .search import SOLVED, UNKNOWN, UNSOLVABLE
from .tableau import (  # noqa: F401  (re-exported: the Penguin names tests and players use)
    EMPTY,
    FINISHED_RUN,
    HEAD,
    SUIT,
    Description,
    TableauProblem,
    compiled_search,
    search_problem,
    shorten,
    shorten_python,
    simulate,
)

BELOW = bytes(s * 13 + (r - 1) % 13 for s in range(4) for r in range(13))  # card that packs onto x

# Heuristic weights (lower priority = expanded first). Tuned on deals 1-200; see bench/.
W_OUT = 8  # per card not yet home
W_BAD = 3  # per card not resting in a finished run on a column's bottom
W_CELL = 2  # per occupied cell
W_G = 1  # per move made: keeps solutions short without losing completeness

RULE_CODES = {"parlett": 0, "supermove": 1, "single": 2}  # the compiled core's numbers (its Penguin shorthand)


def to_internal(state: PenguinState) -> tuple[int, tuple[bytes, ...], bytes, tuple[int, ...]]:
    """(beak, columns, cells, home) of an engine state in internal cards."""
    shift = state.beak % 13

    def ic(card: int) -> int:
        return (card // 13) * 13 + (card % 13 - shift) % 13

    columns = tuple(bytes(ic(c) for c in col) for col in state.columns)
    cells = bytes(EMPTY if c is None else ic(c) for c in state.cells)
    return ic(state.beak), columns, cells, tuple(state.home)


def description(beak: int, rules: str) -> Description:
    """Penguin under ``rules`` with the beak ``beak`` (an internal card)."""
    return Description("Penguin", tuple(COLUMNS), tuple(CELLS), SUIT, True, HEAD, rules, nosafe=beak,
                       disorder=FINISHED_RUN, w_out=W_OUT, w_bad=W_BAD, w_cell=W_CELL, w_g=W_G)


class PenguinProblem(TableauProblem):
    """One Penguin position to solve, with ``ncells`` flipper cells available."""

    def __init__(self, state: PenguinState, ncells: int | None = None, g_weight: int | float = W_G):
        beak, cols, cells, home = to_internal(state)
        if ncells is not None:
            # fewer cells: the last ones are taken away (they must be empty)
            if any(c != EMPTY for c in cells[ncells:]):
                raise ValueError(f"cells beyond the first {ncells} are in use")
            cells = cells[:ncells]
        self.beak = beak
        self.rules = state.rules
        super().__init__(description(beak, state.rules), cols, cells, home, g_weight)


# -- the registered solver -----------------------------------------------------------
AUDIT_FACTOR = 4  # positions the audit may visit for each one the search may expand
CELL_BUDGET = 20_000  # states per attempt when finding the fewest cells that suffice


@register_solver("penguin")
def solve_penguin(game, state: PenguinState, max_states: int, max_seconds: float,
                  grade: bool = True) -> SolverOutput:
    start = time.monotonic()
    problem = PenguinProblem(state)
    found = search_problem(problem, max_states, max_seconds)
    metrics: dict[str, int | float] = {"states_expanded": found.expanded, "states_seen": found.generated}
    if found.verdict == UNKNOWN:
        return SolverOutput(UNKNOWN, (), metrics, found.budget, extra={"certified": False})
    if found.verdict == UNSOLVABLE:
        return certify(state, max_states, metrics, found.generated)
    moves = shorten(problem, found.moves)
    try:  # the engine's replay gives the length and the most cells in use
        metrics.update(game.line_metrics(state, moves))
    except IllegalMove as err:
        raise RuntimeError(f"penguin deal {state.deal}: the engine rejects the solver's solution: {err}") from None
    if grade:  # positions expanded per position seen: high when each position offers few moves (a narrow deal)
        metrics["expanded_share"] = round(found.expanded / max(1, found.generated), 4)
        metrics["min_cells"], metrics["min_cells_states"] = fewest_cells(
            state, metrics["max_cells"], max_seconds - (time.monotonic() - start))
    return SolverOutput(SOLVED, moves, metrics, extra={"certified": True})  # replayed by solve_position


def certify(state: PenguinState, max_states: int, metrics: dict[str, int | float], seen: int) -> SolverOutput:
    """The verdict for a start the search exhausted: ``unsolvable`` only when the audit, a
    plain search with no pruning that shares no code with this one, exhausts it too;
    ``unknown`` when the audit's budget (``AUDIT_FACTOR`` times the search's) runs out."""
    budget = AUDIT_FACTOR * max_states
    checked = audit(state.beak, state.columns, state.cells, state.home, state.rules, budget)
    where = f"deal {state.deal}" if state.deal is not None else "a position"
    return certified(checked, f"penguin {where} ({state.rules})", seen, budget, AUDIT_FACTOR, metrics,
                     f" under '{state.rules}' (columns and cells as multisets, safe foundation moves made at once)",
                     "a plain search with no pruning")


def fewest_cells(state: PenguinState, known: int, seconds: float) -> tuple[int, int]:
    """The fewest flipper cells with which the solver wins, trying 0, 1, ... below
    ``known`` (which is known to suffice), and the states that took. Each attempt has
    ``CELL_BUDGET`` states; a smaller number that runs out of budget counts as not
    sufficing, so the figure is exact unless a budget ran out (then an upper bound).
    Cells a position already fills are kept (counting starts above the last of them)."""
    filled = [k for k, card in enumerate(state.cells) if card is not None]
    spent = 0
    for k in range((filled[-1] + 1) if filled else 0, known):
        found = search_problem(PenguinProblem(state, ncells=k), CELL_BUDGET, max(seconds, 1.0))
        spent += found.expanded
        if found.verdict == SOLVED:
            return k, spent
    return known, spent
