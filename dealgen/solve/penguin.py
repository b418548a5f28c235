"""Penguin knowledge for the search core: compact states, sound pruning, a heuristic.

Internal cards are ``suit * 13 + rel`` with ``rel = (rank - beak rank) mod 13``, so a
suit's foundation simply counts up from 0 and the card that packs onto ``x`` is
``BELOW[x]`` (rel one lower, 12 below 0). A node is ``(columns, cells, home, g, bad)``:
columns as ``bytes`` (deepest card first) in their real order, cells as ``bytes`` with
``EMPTY`` for a free cell (real order, so moves print with their real letters), ``home``
the four foundation counts, ``g`` the number of moves so far, ``bad`` the heuristic's
disorder count (kept up to date from the one or two columns a move changes). The key
needs no foundations: the cards not in columns or cells are the ones home. The key
treats columns and cells as multisets; the moves on a path always refer to the real
places of the position that path reached, so no mapping back is needed.

Pruning, and why it loses no win (RULES.md, "Solver facts"):
- auto-moves: an exposed card or cell card that its foundation takes next goes home at
  once. Only the card one rel lower could ever pack on it, and that card is home. The
  beak is the exception: the rank below it may pack on it, and a beak that waits in a
  column, or moves from a cell or a column onto the card above it, can hold that run
  until a column empties. So the beak goes home only as a chosen move, from wherever
  it is exposed. (It used to go home at once from a cell or from a column it had to
  itself; that lost wins. See docs/reference/solver.md.)
- among empty cells, and among empty columns, only the first is tried: they are
  interchangeable, so the others reach the same canonical position.
- a run that is a whole column is never moved to an empty column (same position).
"""

from __future__ import annotations

import time
from typing import Iterator

from ..errors import IllegalMove
from ..games.penguin import CELLS, COLUMNS, PenguinState
from . import SolverOutput, certified, register_solver
from .audit import audit
from .core import compiled
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Child, SearchOutcome, best_first

EMPTY = 255
NCOLS = 7
SEP = b"\xfe"
CELLSEP = b"\xfd"

BELOW = bytes(s * 13 + (r - 1) % 13 for s in range(4) for r in range(13))  # card that packs onto x

HOME_TOKENS_COL = tuple(f"{c}h" for c in COLUMNS)
HOME_TOKENS_CELL = tuple(f"{c}h" for c in CELLS)

# Heuristic weights (lower priority = expanded first). Tuned on deals 1-200; see bench/.
W_OUT = 8  # per card not yet home
W_BAD = 3  # per card not resting in a finished run on a column's bottom
W_CELL = 2  # per occupied cell
W_G = 1  # per move made: keeps solutions short without losing completeness


def to_internal(state: PenguinState) -> tuple[int, tuple[bytes, ...], bytes, tuple[int, ...]]:
    """(beak, columns, cells, home) of an engine state in internal cards."""
    shift = state.beak % 13

    def ic(card: int) -> int:
        return (card // 13) * 13 + (card % 13 - shift) % 13

    columns = tuple(bytes(ic(c) for c in col) for col in state.columns)
    cells = bytes(EMPTY if c is None else ic(c) for c in state.cells)
    return ic(state.beak), columns, cells, tuple(state.home)


def _run_start(col: bytes) -> int:
    i = len(col) - 1
    while i > 0 and col[i] == BELOW[col[i - 1]]:
        i -= 1
    return i


def _disorder(col: bytes) -> int:
    """Cards not resting in a finished run (a rel-12 card at the bottom and its run up)."""
    n = len(col)
    if not n or col[0] % 13 != 12:
        return n
    i = 1
    while i < n and col[i] == BELOW[col[i - 1]]:
        i += 1
    return n - i


def canonical_key(cols: tuple[bytes, ...], cells: bytes) -> bytes:
    return SEP.join(sorted(cols)) + CELLSEP + bytes(sorted(cells))


class PenguinProblem:
    """One Penguin position to solve, with ``ncells`` flipper cells available."""

    def __init__(self, state: PenguinState, ncells: int | None = None, g_weight: int = W_G):
        beak, cols, cells, home = to_internal(state)
        if ncells is not None:
            # fewer cells: the last ones are taken away (they must be empty)
            if any(c != EMPTY for c in cells[ncells:]):
                raise ValueError(f"cells beyond the first {ncells} are in use")
            cells = cells[:ncells]
        self.beak = beak
        self.rules = state.rules
        self.start_state = (cols, cells, home)
        self.g_weight = g_weight
        self._run: dict[bytes, tuple[tuple[int, int], ...]] = {}  # column -> its top run's (card, index)
        self._bad: dict[bytes, int] = {}

    # -- the Problem protocol ---------------------------------------------------------
    def start(self):
        cols, cells, home = self.start_state
        cols, cells, home, tokens = self.auto(list(cols), bytearray(cells), list(home))
        node = (cols, cells, home, 0, self._badness(cols))
        return tokens, node, canonical_key(cols, cells), sum(home) == 52

    def _badness(self, cols) -> int:
        bad_of = self._bad
        total = 0
        for col in cols:
            b = bad_of.get(col)
            if b is None:
                b = bad_of[col] = _disorder(col)
            total += b
        return total

    def expand(self, node) -> Iterator[Child]:
        cols, cells, home, g, bad = node
        run_of = self._run
        rules = self.rules
        unlimited = rules == "parlett"
        finish = self._finish
        free_cell = cells.find(EMPTY)
        first_empty = -1
        n_empty = 0
        tops: list[tuple[int, bytes]] = []  # non-empty columns
        runloc: dict[int, tuple[int, int]] = {}  # card in a top run -> (column, index)
        for i in range(NCOLS):
            col = cols[i]
            if not col:
                n_empty += 1
                if first_empty < 0:
                    first_empty = i
                continue
            run = run_of.get(col)
            if run is None:
                rs = _run_start(col)
                run = run_of[col] = tuple((col[p], p) for p in range(rs, len(col)))
            tops.append((i, col))
            for card, p in run:
                runloc[card] = (i, p)

        def limit(target: int) -> int:
            if unlimited:
                return 52
            if rules == "single":
                return 1
            free = cells.count(EMPTY)
            others = n_empty - (1 if not cols[target] else 0)
            return (free + 1) * 2 ** others

        # column or cell onto a non-empty column: the fitting part is unique
        for j, colj in tops:
            want = BELOW[colj[-1]]
            where = runloc.get(want)
            if where is not None:
                i, p = where
                if i != j and len(cols[i]) - p <= limit(j):
                    new_cols = list(cols)
                    new_cols[i] = cols[i][:p]
                    new_cols[j] = colj + cols[i][p:]
                    yield finish(node, new_cols, cells, (COLUMNS[i] + COLUMNS[j],), i, j)
            k = cells.find(want)
            if k >= 0:
                new_cols = list(cols)
                new_cols[j] = colj + bytes((want,))
                new_cells = bytearray(cells)
                new_cells[k] = EMPTY
                yield finish(node, new_cols, bytes(new_cells), (CELLS[k] + COLUMNS[j],), -1, j)
        # a run headed by a rel-12 card (or such a cell card) to the first empty column
        if first_empty >= 0:
            e = first_empty
            for s in range(4):
                head = s * 13 + 12
                where = runloc.get(head)
                if where is not None:
                    i, p = where
                    if p > 0 and len(cols[i]) - p <= limit(e):
                        new_cols = list(cols)
                        new_cols[i] = cols[i][:p]
                        new_cols[e] = cols[i][p:]
                        yield finish(node, new_cols, cells, (COLUMNS[i] + COLUMNS[e],), i, e)
                k = cells.find(head)
                if k >= 0:
                    new_cols = list(cols)
                    new_cols[e] = bytes((head,))
                    new_cells = bytearray(cells)
                    new_cells[k] = EMPTY
                    yield finish(node, new_cols, bytes(new_cells), (CELLS[k] + COLUMNS[e],), -1, e)
        # an exposed card to the first free cell
        if free_cell >= 0:
            cell_name = CELLS[free_cell]
            for i, col in tops:
                new_cols = list(cols)
                new_cols[i] = col[:-1]
                new_cells = bytearray(cells)
                new_cells[free_cell] = col[-1]
                yield finish(node, new_cols, bytes(new_cells), (COLUMNS[i] + cell_name,), i, -1, col[-1])
        # the beak home: never automatic (see the module's notes), so a move of its own
        s = self.beak // 13
        if home[s] == 0:
            new_home = list(home)
            new_home[s] = 1
            sent = (cols, cells, tuple(new_home), g, bad)
            where = runloc.get(self.beak)
            if where is not None and where[1] == len(cols[where[0]]) - 1:
                i = where[0]
                new_cols = list(cols)
                new_cols[i] = cols[i][:-1]
                yield finish(sent, new_cols, cells, (COLUMNS[i] + "h",), i, -1, self.beak)
            k = cells.find(self.beak)
            if k >= 0:
                new_cells = bytearray(cells)
                new_cells[k] = EMPTY
                yield finish(sent, list(cols), bytes(new_cells), (CELLS[k] + "h",), -1, -1, self.beak)

    def _finish(self, node, new_cols: list[bytes], new_cells: bytes, tokens: tuple[str, ...],
                src: int, dst: int, check: int = EMPTY) -> Child:
        """The child after a move from column ``src`` (or -1) to column ``dst`` (or -1):
        safe auto-moves, then key and priority. ``check`` is a card that may now go home
        (one put in a cell, or the beak sent home)."""
        cols, _, home, g, bad = node
        # Only a newly exposed card (or ``check``) can start auto-moves: the parent had none
        # left. The beak never goes home by itself, but once sent it may free the next card.
        trigger = check == self.beak or (check != EMPTY and check % 13 == home[check // 13])
        if not trigger and src >= 0:
            col = new_cols[src]
            if col:
                c = col[-1]
                trigger = c % 13 == home[c // 13] and c != self.beak
        bad_of = self._bad
        if trigger:
            cols_t, cells_b, home_t, auto = self.auto(new_cols, bytearray(new_cells), list(home))
            tokens = tokens + auto
            bad = self._badness(cols_t)
        else:
            cols_t, cells_b, home_t = tuple(new_cols), new_cells, home
            for i in (src, dst):
                if i >= 0:
                    b = bad_of.get(cols_t[i])
                    if b is None:
                        b = bad_of[cols_t[i]] = _disorder(cols_t[i])
                    bad += b - bad_of[cols[i]]
        g += len(tokens)
        out = 52 - home_t[0] - home_t[1] - home_t[2] - home_t[3]
        used = len(cells_b) - cells_b.count(EMPTY)
        prio = W_OUT * out + W_BAD * bad + W_CELL * used + self.g_weight * g
        key = SEP.join(sorted(cols_t)) + CELLSEP + bytes(sorted(cells_b))
        return tokens, (cols_t, cells_b, home_t, g, bad), key, prio, out == 0

    def auto(self, cols: list[bytes], cells: bytearray, home: list[int]):
        """Send home every card that can go safely; returns the new parts and the tokens."""
        beak = self.beak
        tokens: list[str] = []
        moved = True
        while moved:
            moved = False
            for i in range(NCOLS):
                col = cols[i]
                while col:
                    c = col[-1]
                    s = c // 13
                    if c % 13 != home[s] or c == beak:
                        break
                    home[s] += 1
                    col = col[:-1]
                    tokens.append(HOME_TOKENS_COL[i])
                    moved = True
                cols[i] = col
            for k in range(len(cells)):
                c = cells[k]
                if c != EMPTY and c != beak and c % 13 == home[c // 13]:
                    home[c // 13] += 1
                    cells[k] = EMPTY
                    tokens.append(HOME_TOKENS_CELL[k])
                    moved = True
        return tuple(cols), bytes(cells), tuple(home), tuple(tokens)


# -- replaying tokens on internal states (for shortening and metrics) ------------------
def simulate(problem: PenguinProblem, tokens: tuple[str, ...]) -> list[tuple] | None:
    """Every position along ``tokens`` from the problem's start, or None at an illegal
    move. Mirrors the engine's rules; the engine still has the last word (verify)."""
    cols, cells, home = problem.start_state
    cols, cells, home = list(cols), bytearray(cells), list(home)
    states = [(tuple(cols), bytes(cells))]
    nc = len(cells)
    for tok in tokens:
        src, dst = tok[0], tok[1]
        if src in COLUMNS:
            i = COLUMNS.index(src)
            if not cols[i]:
                return None
            card = cols[i][-1]
        else:
            k = CELLS.find(src)
            if k < 0 or k >= nc or cells[k] == EMPTY:
                return None
            card = cells[k]
        if dst == "h":
            if card % 13 != home[card // 13]:
                return None
            home[card // 13] += 1
            if src in COLUMNS:
                cols[i] = cols[i][:-1]
            else:
                cells[k] = EMPTY
        elif dst in CELLS:
            m = CELLS.index(dst)
            if src not in COLUMNS or m >= nc or cells[m] != EMPTY:
                return None
            cells[m] = card
            cols[i] = cols[i][:-1]
        else:
            j = COLUMNS.index(dst)
            if src == dst:
                return None
            target = cols[j]
            moving = cols[i][_run_start(cols[i]):] if src in COLUMNS else bytes((card,))
            if target:
                p = moving.find(BELOW[target[-1]])
            else:
                p = next((q for q, c in enumerate(moving) if c % 13 == 12), -1)
            if p < 0:
                return None
            moving = moving[p:]
            if len(moving) > _limit(problem.rules, cols, cells, j):
                return None
            cols[j] = target + moving
            if src in COLUMNS:
                cols[i] = cols[i][: len(cols[i]) - len(moving)]
            else:
                cells[k] = EMPTY
        states.append((tuple(cols), bytes(cells)))
    return states if sum(home) == 52 else None


def _limit(rules: str, cols, cells, target: int) -> int:
    if rules == "parlett":
        return 52
    if rules == "single":
        return 1
    empties = sum(1 for j, c in enumerate(cols) if not c and j != target)
    return (cells.count(EMPTY) + 1) * 2 ** empties


RULE_CODES = {"parlett": 0, "supermove": 1, "single": 2}  # the compiled core's numbers
MAX_G_WEIGHT = 1000  # the compiled core takes integer weights up to this; others search in Python


def search_problem(problem: PenguinProblem, max_states: int, max_seconds: float | None) -> SearchOutcome:
    """``best_first`` on ``problem``, by the compiled core where it is built (the same
    verdict, moves and counts; see ``core``), else by the pure-Python search."""
    core = compiled()
    weight = problem.g_weight
    if core is None or type(weight) is not int or not 0 <= weight <= MAX_G_WEIGHT:
        return best_first(problem, max_states, max_seconds)
    return compiled_search(core, problem, max_states, max_seconds)


def compiled_search(core, problem: PenguinProblem, max_states: int, max_seconds: float | None) -> SearchOutcome:
    """``best_first`` on ``problem`` by the compiled core ``core`` (``_penguin_core``)."""
    cols, cells, home = problem.start_state
    verdict, moves, expanded, generated, budget, _ = core.search(  # (a budget past 2^62 is no budget)
        problem.beak, RULE_CODES[problem.rules], cols, cells, home, problem.g_weight, min(max_states, 2**62),
        max_seconds)
    return SearchOutcome(verdict, moves, expanded, generated, budget)


def shorten(problem: PenguinProblem, tokens: tuple[str, ...]) -> tuple[str, ...]:
    """``shorten_python``, by the compiled core where it is built (the same result)."""
    core = compiled()
    if core is None:
        return shorten_python(problem, tokens)
    cols, cells, home = problem.start_state
    return core.shorten(RULE_CODES[problem.rules], cols, cells, home, tuple(tokens))


def shorten_python(problem: PenguinProblem, tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Drop cell round trips: ``Xc ... cY`` becomes ``XY`` at the later point (or
    nothing when Y is X) whenever the whole solution still plays out and wins.
    Deterministic: candidates are tried left to right until none helps."""
    improved = True
    while improved:
        improved = False
        for i, tok in enumerate(tokens):
            if tok[0] not in COLUMNS or tok[1] not in CELLS:
                continue
            j = next((q for q in range(i + 1, len(tokens)) if tokens[q][0] == tok[1]), -1)
            if j < 0:
                continue
            dst = tokens[j][1]
            middle = tokens[i + 1:j] if dst == tok[0] else tokens[i + 1:j] + (tok[0] + dst,)
            trial = tokens[:i] + middle + tokens[j + 1:]
            if simulate(problem, trial) is not None:
                tokens = trial
                improved = True
                break
    return tokens


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
