"""A generic, complete best-first search with a transposition table and budgets.

Games plug in through ``Problem``: the game knows its moves, its canonical state keys
and how promising a position looks; this module knows nothing about cards. Because the
search keeps every canonical key it has generated and only stops early on a goal or a
budget, an empty frontier means every reachable position was expanded: that, and only
that, is an ``unsolvable`` verdict (provided the game's move generator prunes nothing
that could lose a win).

Determinism: the frontier is a heap ordered by (priority, insertion counter), and the
seen-table is only ever probed, never iterated, so hash seeds cannot change the order
of expansion. The states budget therefore gives the same answer everywhere; the seconds
budget is a safety net only (a result cut short by time depends on the machine).
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from typing import Any, Hashable, Iterable, Protocol

SOLVED = "solved"
UNSOLVABLE = "unsolvable"
UNKNOWN = "unknown"

# One generated child: (moves, node, key, priority, is_goal). ``moves`` is a tuple of
# move tokens (a chosen move plus any forced follow-ups such as safe auto-moves).
Child = tuple[tuple[str, ...], Any, Hashable, Any, bool]


class Problem(Protocol):
    def start(self) -> tuple[tuple[str, ...], Any, Hashable, bool]:
        """(forced opening moves, start node, its key, whether it is already won)."""

    def expand(self, node: Any) -> Iterable[Child]:
        """Every child worth considering (pruning only what provably loses no win)."""


@dataclass(frozen=True)
class SearchOutcome:
    verdict: str
    moves: tuple[str, ...]  # the solution when solved, else ()
    expanded: int  # positions whose children were generated
    generated: int  # distinct canonical positions seen
    budget: str | None = None  # "states" or "seconds" when the verdict is unknown


TIME_CHECK = 512  # expansions between clock reads


def best_first(problem: Problem, max_states: int, max_seconds: float | None) -> SearchOutcome:
    """Expand the most promising position first until a win, exhaustion or a budget."""
    prefix, node, key, won = problem.start()
    if won:
        return SearchOutcome(SOLVED, prefix, 0, 1)
    # key -> (parent key, moves from the parent); the root maps to None
    parent: dict[Hashable, tuple[Hashable, tuple[str, ...]] | None] = {key: None}
    heap: list[tuple[Any, int, Hashable, Any]] = [(0, 0, key, node)]
    counter = 0
    expanded = 0
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        if expanded >= max_states:
            return SearchOutcome(UNKNOWN, (), expanded, len(parent), "states")
        if deadline is not None and expanded % TIME_CHECK == 0 and time.monotonic() > deadline:
            return SearchOutcome(UNKNOWN, (), expanded, len(parent), "seconds")
        _, _, key, node = pop(heap)
        expanded += 1
        for moves, child, ckey, prio, goal in problem.expand(node):
            if ckey in parent:
                continue
            parent[ckey] = (key, moves)
            if goal:
                return SearchOutcome(SOLVED, prefix + _path(parent, ckey), expanded, len(parent))
            counter += 1
            push(heap, (prio, counter, ckey, child))
    return SearchOutcome(UNSOLVABLE, (), expanded, len(parent))


def _path(parent: dict, key: Hashable) -> tuple[str, ...]:
    steps: list[tuple[str, ...]] = []
    link = parent[key]
    while link is not None:
        key, moves = link
        steps.append(moves)
        link = parent[key]
    return tuple(token for moves in reversed(steps) for token in moves)
