"""The audit of an ``unsolvable`` verdict in the FreeCell family: a plain exhaustive search.

The solver prunes (safe foundation moves made at once, free cells and empty columns tried
once, runs moved as one); a pruning rule that loses a win would turn a solvable deal into a
wrong ``unsolvable``. So no such verdict stands unless this search, written from the rules
alone and sharing no code with the solver or the engine, visits every position reachable
from the same start and finds no win.

It moves one card at a time. A run moved as one is only a shorthand for single-card moves
through free cells and empty columns (that is where its limit comes from), so single-card
moves reach every position the games allow. No foundation move is automatic, no move is
preferred. Two positions are the same when they hold the same columns and the same cell
cards, whatever the order: the rules treat every column alike and every cell alike. Every
legal move of every position is tried, depth first in a fixed order, so the verdict and the
count of positions are the same on every machine. Where the compiled audit is built
(``_audit_core.c``, see ``audit.py``) it runs this same search.
"""

from __future__ import annotations

from typing import Iterator

from .audit import EXHAUSTED, OUT_OF_BUDGET, WON, AuditResult, compiled, exhaust

__all__ = ["EXHAUSTED", "OUT_OF_BUDGET", "WON", "AuditResult", "audit"]
COLUMN_NAMES = "1234567890"

# A position: (columns as tuples of card ints, deepest first; cells as a sorted tuple of the
# cards in them; the four foundation counts). Cards are suit * 13 + rank - 1, suits C S H D.
Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


class _Rules:
    def __init__(self, alternate: bool, kings_only: bool, ncells: int):
        self.alternate = alternate
        self.kings_only = kings_only
        self.ncells = ncells

    def may_lie_on(self, card: int, onto: int) -> bool:
        if card % 13 + 1 != onto % 13:
            return False
        if self.alternate:
            return (card // 13 in (2, 3)) != (onto // 13 in (2, 3))
        return card // 13 == onto // 13

    def may_start_column(self, card: int) -> bool:
        return not self.kings_only or card % 13 == 12

    def moves(self, pos: Position) -> Iterator[tuple[str, Position]]:
        """Every single-card move as (token, next position), in a fixed order; a token names a
        column by its number, a cell as "c" (cells have no order here) and the foundations "h"."""
        cols, cells, home = pos
        for i, col in enumerate(cols):
            if not col:
                continue
            card = col[-1]
            rest = cols[:i] + (col[:-1],) + cols[i + 1:]
            src = COLUMN_NAMES[i]
            if home[card // 13] == card % 13:
                yield src + "h", (rest, cells, _up(home, card // 13))
            if len(cells) < self.ncells:
                yield src + "c", (rest, tuple(sorted(cells + (card,))), home)
            for j, target in enumerate(cols):
                if j != i and (self.may_lie_on(card, target[-1]) if target else self.may_start_column(card)):
                    if not target and len(col) == 1:
                        continue  # a lone card to an empty column: the same position
                    yield src + COLUMN_NAMES[j], (_put(rest, j, target + (card,)), cells, home)
        for k, card in enumerate(cells):
            rest_cells = cells[:k] + cells[k + 1:]
            if home[card // 13] == card % 13:
                yield "ch", (cols, rest_cells, _up(home, card // 13))
            for j, target in enumerate(cols):
                if self.may_lie_on(card, target[-1]) if target else self.may_start_column(card):
                    yield "c" + COLUMN_NAMES[j], (_put(cols, j, target + (card,)), rest_cells, home)


def _put(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1:]


def _up(home: tuple[int, ...], suit: int) -> tuple[int, ...]:
    return _put(home, suit, home[suit] + 1)


def _key(pos: Position) -> bytes:
    cols, cells, _ = pos  # the foundations hold exactly the cards not in columns or cells
    return b"\xff".join(sorted(bytes(col) for col in cols)) + b"\xfe" + bytes(cells)


def audit(ncols: int, alternate: bool, kings_only: bool, columns, cells, home,
          max_positions: int) -> AuditResult:
    """Search every position reachable from the given one (cards as ints, cells with None for
    a free cell) until a win, exhaustion, or ``max_positions`` positions."""
    if len(columns) != ncols:
        raise ValueError(f"expected {ncols} columns, got {len(columns)}")
    judge = _Rules(alternate, kings_only, len(cells))
    start: Position = (tuple(tuple(col) for col in columns), tuple(sorted(c for c in cells if c is not None)),
                       tuple(home))
    if sum(start[2]) == 52:
        return AuditResult(WON, 1)
    fast = compiled()
    if fast is not None:
        return AuditResult(*fast.family(alternate, kings_only, start[0], [-1 if c is None else c for c in cells],
                                        start[2], max_positions))
    return exhaust(start, judge.moves, _key, lambda pos: sum(pos[2]) == 52, max_positions)
