"""The audit of a Penguin ``unsolvable`` verdict: a plain exhaustive search, no pruning.

The solver prunes (safe foundation moves made at once, interchangeable cells and
columns tried once, a heuristic order); a pruning rule that loses a win turns a
solvable deal into a wrong ``unsolvable``. So no such verdict is published unless this
search, written from RULES.md alone and sharing no code with the solver or the engine,
visits every position reachable from the same start and finds no win.

What it does not do, on purpose: no automatic foundation moves (sending a card home is
a move like any other), no ordering by promise, no dominance between moves, no
symmetry between columns. Two positions are the same only when every column holds the
same cards in the same order and the foundations agree; the flipper's cells count as
one set, because the rules give a card "an empty cell" and no cell differs from
another (moves still name real letters, so a winning line replays). Every legal move of
every position reached is tried, depth first in a fixed order, so the verdict and the
count of positions are the same on every machine.

The same search is compiled (``_audit_core.c``, a separate extension that shares no code with
the compiled solver either): it visits the same positions in the same order, so it gives the
same verdict, count and line, many times faster. It runs where it is built; this module is
the reference and the fallback, and ``DEALGEN_PURE_PYTHON=1`` (the one switch for all compiled
code, ``solve/core.py``) makes the audits run here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Iterator

from .core import forced_pure

try:
    from . import _audit_core as _built
except ImportError:  # no compiler at install time: these Python audits it is
    _built = None

COLUMN_NAMES = "1234567"
CELL_NAMES = "abcdefg"

EXHAUSTED = "exhausted"  # every reachable position visited, none won
WON = "won"  # a winning line was found (the solver that said otherwise is wrong)
OUT_OF_BUDGET = "budget"  # the position budget ran out first

DEFAULT_AUDIT_POSITIONS = 3_000_000
RULE_SETS = ("parlett", "supermove", "single")  # the compiled audit's numbers for them

# The card that may lie on card c: same suit, one rank lower, King below Ace.
BELOW = tuple(c + 12 if c % 13 == 0 else c - 1 for c in range(52))


@dataclass(frozen=True)
class AuditResult:
    outcome: str  # EXHAUSTED, WON or OUT_OF_BUDGET
    positions: int  # distinct positions visited
    line: tuple[str, ...] = ()  # the winning line, when WON


# A position: (columns as tuples of card ints, deepest first; cells as a 7-tuple of card
# ints or -1 in their real places; foundations as four counts). Cards are suit * 13 + rank - 1.
Position = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, int, int, int]]


class _Rules:
    def __init__(self, beak: int, rules: str):
        if rules not in RULE_SETS:
            raise ValueError(f"unknown Penguin rule set {rules!r}")
        self.base = beak % 13  # the beak's rank: every foundation starts from it
        self.rules = rules

    def next_home(self, suit: int, count: int) -> int:
        """The card a suit's foundation takes next, -1 when it is complete."""
        return -1 if count == 13 else suit * 13 + (self.base + count) % 13

    def heads_space(self, card: int) -> bool:
        """Whether ``card`` may head what goes into an empty column: the rank below the beak."""
        return (card % 13 + 1) % 13 == self.base

    def moves(self, pos: Position) -> Iterator[tuple[str, Position]]:
        """Every legal move of ``pos`` as (token, next position), in a fixed order."""
        cols, cells, home = pos
        free = cells.index(-1) if -1 in cells else -1
        if self.rules == "parlett":
            most = [13] * 7
        elif self.rules == "single":
            most = [1] * 7
        else:  # (empty cells + 1) x 2 ^ (empty columns other than the target)
            spaces = sum(1 for col in cols if not col)
            most = [(cells.count(-1) + 1) * 2 ** (spaces - (0 if col else 1)) for col in cols]
        for i, col in enumerate(cols):
            if not col:
                continue
            src = COLUMN_NAMES[i]
            top = col[-1]
            if top == self.next_home(top // 13, home[top // 13]):
                yield src + "h", (_put(cols, i, col[:-1]), cells, _up(home, top // 13))
            if free >= 0:
                yield src + CELL_NAMES[free], (_put(cols, i, col[:-1]), _put(cells, free, top), home)
            # the run at the exposed end: any lower part of it may move where its highest card fits
            start = len(col) - 1
            while start > 0 and col[start] == BELOW[col[start - 1]]:
                start -= 1
            run = {col[k]: k for k in range(start, len(col))}
            for j, target in enumerate(cols):
                if j == i:
                    continue
                if target:
                    k = run.get(BELOW[target[-1]], -1)
                else:
                    k = next((k for k in range(start, len(col)) if self.heads_space(col[k])), -1)
                if k >= 0 and len(col) - k <= most[j]:
                    moved = _put(cols, i, col[:k])
                    yield src + COLUMN_NAMES[j], (_put(moved, j, target + col[k:]), cells, home)
        for k, card in enumerate(cells):
            if card < 0:
                continue
            src = CELL_NAMES[k]
            emptied = _put(cells, k, -1)
            if card == self.next_home(card // 13, home[card // 13]):
                yield src + "h", (cols, emptied, _up(home, card // 13))
            for j, target in enumerate(cols):
                if (card == BELOW[target[-1]]) if target else self.heads_space(card):
                    yield src + COLUMN_NAMES[j], (_put(cols, j, target + (card,)), emptied, home)


def _put(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1:]


def _up(home: tuple[int, int, int, int], suit: int) -> tuple[int, int, int, int]:
    return _put(home, suit, home[suit] + 1)  # type: ignore[return-value]


def _key(pos: Position) -> bytes:
    cols, cells, _ = pos  # the foundations hold exactly the cards not in columns or cells
    return b"\xff".join(bytes(col) for col in cols) + b"\xfe" + bytes(sorted(c for c in cells if c >= 0))


def audit(beak: int, columns, cells, home, rules: str, max_positions: int = DEFAULT_AUDIT_POSITIONS) -> AuditResult:
    """Search every position reachable from the given one (cards as ints, cells with
    None for a free cell) until a win, exhaustion, or ``max_positions`` positions."""
    judge = _Rules(beak, rules)
    start: Position = (tuple(tuple(col) for col in columns), tuple(-1 if c is None else c for c in cells),
                       tuple(home))  # type: ignore[assignment]
    if sum(start[2]) == 52:
        return AuditResult(WON, 1)
    fast = compiled()
    if fast is not None:
        return AuditResult(*fast.penguin(judge.base, start[0], start[1], start[2], RULE_SETS.index(rules),
                                         max_positions))
    return exhaust(start, judge.moves, _key, lambda pos: sum(pos[2]) == 52, max_positions)


def built() -> ModuleType | None:
    """The compiled audit where it is built, whatever ``DEALGEN_PURE_PYTHON`` says (tests and
    benchmarks that compare the two)."""
    return _built


def compiled() -> ModuleType | None:
    """The compiled audit, or None where it is not built or ``DEALGEN_PURE_PYTHON`` is set."""
    return None if forced_pure() else _built


def describe() -> str:
    """Which audit certifies ``unsolvable`` verdicts, in words (``dealgen --version``, ``dealgen games``)."""
    if compiled() is not None:
        return "compiled (C)"
    if _built is not None:
        return "Python (DEALGEN_PURE_PYTHON is set; the compiled audit is built)"
    return "Python (the compiled audit is not built: no C compiler at install time)"


def exhaust(start, moves, key, won, max_positions: int) -> AuditResult:
    """Visit every position reachable from ``start`` (not itself won), depth first in the order
    ``moves(position)`` yields (token, child), positions told apart by ``key``; stop at a ``won``
    one (with the line to it) or after ``max_positions``. The loop every audit shares."""
    seen = {key(start)}
    stack = [moves(start)]
    line: list[str] = []
    while stack:
        for token, child in stack[-1]:
            k = key(child)
            if k in seen:
                continue
            if len(seen) >= max_positions:
                return AuditResult(OUT_OF_BUDGET, len(seen))
            seen.add(k)
            line.append(token)
            if won(child):
                return AuditResult(WON, len(seen), tuple(line))
            stack.append(moves(child))
            break
        else:
            stack.pop()
            if line:
                line.pop()
    return AuditResult(EXHAUSTED, len(seen))
