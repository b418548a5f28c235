"""The FreeCell family's knowledge for the search core: compact states, sound pruning, a heuristic.

One solver for the four games of ``dealgen.games.freecell``, driven by the game's ``Layout``.
A node is ``(columns, cells, home, g)``: columns as ``bytes`` (deepest card first) in their
real order, cells as ``bytes`` with ``EMPTY`` for a free cell, ``home`` the four foundation
counts and ``g`` the moves made so far. The key treats columns and cells as multisets (no
column or cell differs from another under these rules); the cards not in them are home.

Pruning, and why it loses no win:
- safe auto-moves: a card goes home at once when no card that could ever lie on it is still
  in play. Built in suit, that is the card one rank lower of its suit, home already when the
  card may go home: every foundation move is safe. Built in alternate colours, it is the two
  cards one rank lower of the other colour, so a card goes home at once only when both those
  foundations have reached that rank. A card nothing can use is only in the way: sending it
  home frees its place and takes nothing a later move could need.
- among free cells and among empty columns only the first is tried (the others reach the
  same key); a whole column is never moved into an empty one (the same key).
"""

from __future__ import annotations

from typing import Iterator

from ..errors import IllegalMove
from ..games.freecell import ALTERNATE, KINGS, SUIT, FreeCellFamily, FreeCellMove, FreeCellState
from . import SolverOutput, certified, register_solver
from .freecell_audit import audit
from .search import SOLVED, UNKNOWN, UNSOLVABLE, Child, best_first

EMPTY = 255
SEP = b"\xfe"
CELLSEP = b"\xfd"

# Heuristic weights (lower priority = expanded first), chosen on MS deals 1-100 (fewest
# positions expanded over the sample, none undecided at 60,000); see bench/bench_freecell.py.
W_OUT = 4  # per card not yet home
W_BAD = 3  # per card lying above a lower card in its column
W_CELL = 2  # per occupied cell
W_G = 1  # per move made: keeps solutions short


def _red(card: int) -> bool:
    return card // 13 >= 2


class FreeCellProblem:
    """One position of a game of the family to solve."""

    def __init__(self, game: FreeCellFamily, state: FreeCellState):
        lay = game.layout
        self.ncols = lay.ncols
        self.suit_built = lay.build == SUIT
        self.kings_only = lay.empty == KINGS
        self.col_names = tuple(FreeCellMove(c, "h").token[:-1] for c in lay.columns)  # "1".."9", "10"
        self.cell_names = lay.cells
        self.start_state = (tuple(bytes(col) for col in state.columns),
                            bytes(EMPTY if c is None else c for c in state.cells), tuple(state.home))
        self.below: list[tuple[int, ...]] = []  # the cards that may lie on each card
        for b in range(52):
            rank = b % 13
            if rank == 0:
                self.below.append(())
            elif self.suit_built:
                self.below.append((b - 1,))
            else:
                self.below.append(tuple(s * 13 + rank - 1 for s in range(4) if _red(s * 13) != _red(b)))
        self._runs: dict[bytes, int] = {}  # column -> where its run at the exposed end starts
        self._bad: dict[bytes, int] = {}

    # -- helpers ---------------------------------------------------------------------
    def run_start(self, col: bytes) -> int:
        start = self._runs.get(col)
        if start is None:
            i = len(col) - 1
            below = self.below
            while i > 0 and col[i] in below[col[i - 1]]:
                i -= 1
            start = self._runs[col] = max(i, 0)
        return start

    def disorder(self, col: bytes) -> int:
        """Cards lying above a card of lower rank in the column: each must move before that
        card can go home."""
        bad = self._bad.get(col)
        if bad is None:
            bad = 0
            low = 13
            for card in col:
                rank = card % 13
                if rank > low:
                    bad += 1
                else:
                    low = rank
            self._bad[col] = bad
        return bad

    def safe_home(self, card: int, home) -> bool:
        """Whether ``card`` may go home now and safely (see the module's notes)."""
        suit, rank = card // 13, card % 13
        if home[suit] != rank:
            return False
        if self.suit_built or rank <= 1:
            return True
        if _red(card):
            return home[0] >= rank and home[1] >= rank
        return home[2] >= rank and home[3] >= rank

    def limit(self, free: int, n_empty: int, target_empty: bool) -> int:
        """The most cards one move may carry, with ``free`` empty cells and ``n_empty`` empty columns."""
        if self.kings_only:
            return free + 1
        return (free + 1) << (n_empty - (1 if target_empty else 0))

    # -- the Problem protocol ---------------------------------------------------------
    def start(self):
        cols, cells, home = self.start_state
        cols, cells, home, tokens = self.auto(list(cols), bytearray(cells), list(home))
        return tokens, (cols, cells, home, 0), self.key(cols, cells), sum(home) == 52

    @staticmethod
    def key(cols, cells) -> bytes:
        return SEP.join(sorted(cols)) + CELLSEP + bytes(sorted(cells))

    def expand(self, node) -> Iterator[Child]:
        cols, cells, home, g = node
        names, cnames = self.col_names, self.cell_names
        finish = self._finish
        free_cell = cells.find(EMPTY)
        empties = [i for i, col in enumerate(cols) if not col]
        first_empty = empties[0] if empties else -1
        n_empty = len(empties)
        below = self.below
        tops = [(i, col) for i, col in enumerate(cols) if col]
        free = cells.count(EMPTY)
        most = self.limit(free, n_empty, False)
        # onto a non-empty column: the part of a run (or a cell card) that fits is unique
        for j, colj in tops:
            wanted = below[colj[-1]]
            if not wanted:
                continue
            for i, col in tops:
                if i == j:
                    continue
                start = self.run_start(col)
                for p in range(len(col) - 1, start - 1, -1):
                    if col[p] in wanted:
                        if len(col) - p <= most:
                            new = list(cols)
                            new[i] = col[:p]
                            new[j] = colj + col[p:]
                            yield finish(node, new, cells, (names[i] + names[j],))
                        break
            for k, card in enumerate(cells):
                if card != EMPTY and card in wanted:
                    new = list(cols)
                    new[j] = colj + bytes((card,))
                    new_cells = bytearray(cells)
                    new_cells[k] = EMPTY
                    yield finish(node, new, bytes(new_cells), (cnames[k] + names[j],))
        # into the first empty column: a cell card, or any part of a run (not a whole column)
        if first_empty >= 0:
            e = first_empty
            for k, card in enumerate(cells):
                if card != EMPTY and (not self.kings_only or card % 13 == 12):
                    new = list(cols)
                    new[e] = bytes((card,))
                    new_cells = bytearray(cells)
                    new_cells[k] = EMPTY
                    yield finish(node, new, bytes(new_cells), (cnames[k] + names[e],))
            most = self.limit(free, n_empty, True)
            for i, col in tops:
                start = self.run_start(col)
                for p in range(len(col) - 1, max(start, 1) - 1, -1):
                    count = len(col) - p
                    if count > most:
                        break
                    if self.kings_only and col[p] % 13 != 12:
                        continue
                    new = list(cols)
                    new[i] = col[:p]
                    new[e] = col[p:]
                    token = names[i] + names[e] + (f"v{count:x}" if count > 1 else "")
                    yield finish(node, new, cells, (token,))
        # an exposed card to the first free cell
        if free_cell >= 0:
            for i, col in tops:
                new = list(cols)
                new[i] = col[:-1]
                new_cells = bytearray(cells)
                new_cells[free_cell] = col[-1]
                yield finish(node, new, bytes(new_cells), (names[i] + cnames[free_cell],))
        # a card home that is not safe to send at once (alternate colours only)
        if not self.suit_built:
            for i, col in tops:
                card = col[-1]
                if card % 13 == home[card // 13]:
                    new = list(cols)
                    new[i] = col[:-1]
                    yield finish(node, new, cells, (names[i] + "h",), card)
            for k, card in enumerate(cells):
                if card != EMPTY and card % 13 == home[card // 13]:
                    new_cells = bytearray(cells)
                    new_cells[k] = EMPTY
                    yield finish(node, list(cols), bytes(new_cells), (cnames[k] + "h",), card)

    def _finish(self, node, new_cols: list[bytes], new_cells: bytes, tokens: tuple[str, ...],
                sent: int = EMPTY) -> Child:
        """The child after a move (``sent``: a card the move sent home): safe auto-moves, then
        key and priority."""
        _, _, home, g = node
        if sent != EMPTY:
            home = tuple(n + (1 if s == sent // 13 else 0) for s, n in enumerate(home))
        cols_t, cells_b, home_t, auto = self.auto(new_cols, bytearray(new_cells), list(home))
        tokens += auto
        g += len(tokens)
        out = 52 - sum(home_t)
        bad = sum(self.disorder(col) for col in cols_t)
        used = len(cells_b) - cells_b.count(EMPTY)
        prio = W_OUT * out + W_BAD * bad + W_CELL * used + W_G * g
        return tokens, (cols_t, cells_b, home_t, g), self.key(cols_t, cells_b), prio, out == 0

    def auto(self, cols: list[bytes], cells: bytearray, home: list[int]):
        """Send home every card that can go safely; returns the new parts and the tokens."""
        tokens: list[str] = []
        safe = self.safe_home
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols):
                while col and safe(col[-1], home):
                    home[col[-1] // 13] += 1
                    col = col[:-1]
                    tokens.append(self.col_names[i] + "h")
                    moved = True
                cols[i] = col
            for k, card in enumerate(cells):
                if card != EMPTY and safe(card, home):
                    home[card // 13] += 1
                    cells[k] = EMPTY
                    tokens.append(self.cell_names[k] + "h")
                    moved = True
        return tuple(cols), bytes(cells), tuple(home), tuple(tokens)


# -- the registered solvers -----------------------------------------------------------
AUDIT_FACTOR = 8  # positions the audit may visit for each one the search may expand


def solve_family(game: FreeCellFamily, state: FreeCellState, max_states: int, max_seconds: float,
                 grade: bool = True) -> SolverOutput:
    problem = FreeCellProblem(game, state)
    found = best_first(problem, max_states, max_seconds)
    metrics: dict[str, int | float] = {"states_expanded": found.expanded, "states_seen": found.generated}
    if found.verdict == UNKNOWN:
        return SolverOutput(UNKNOWN, (), metrics, found.budget, extra={"certified": False})
    if found.verdict == UNSOLVABLE:
        return certify(game, state, max_states, metrics, found.generated)
    try:  # the engine's replay gives the length
        metrics.update(game.line_metrics(state, found.moves))
    except IllegalMove as err:
        raise RuntimeError(f"{game.name} deal {state.deal}: the engine rejects the solver's solution: {err}") from None
    return SolverOutput(SOLVED, found.moves, metrics, extra={"certified": True})  # replayed by solve_position


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
