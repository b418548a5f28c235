"""Small Penguin endgames for the certification referee (tests and bench/referee.py).

An endgame is any consistent position with a few cards left: foundations built to
some height in each suit, the rest in columns and cells. Cards are laid as short runs
(a card and the ones below it in suit) so that run moves, the rank below the beak and
the beak itself (in a cell, alone in a column, under a run, at a column's foot) all
turn up; the hypothesis strategy and the plain random one draw the same shapes.
"""

from __future__ import annotations

from typing import Callable

from dealgen.cards import CARDS
from dealgen.games.penguin import PenguinState

RULE_SETS = ("parlett", "supermove", "single")


def build(draw_int: Callable[[int, int], int], min_left: int = 8, max_left: int = 24) -> PenguinState:
    """One endgame; ``draw_int(lo, hi)`` gives a whole number in [lo, hi] (hypothesis or random)."""
    rules = RULE_SETS[draw_int(0, 2)]
    beak = draw_int(0, 51)
    base, beak_suit = beak % 13, beak // 13
    while True:
        # cards left per suit: the beak's suit often keeps its beak (the interesting case)
        left = [draw_int(0, 12) for _ in range(4)]
        if draw_int(0, 1):  # the whole of the beak's suit, and little else
            left = [draw_int(0, 4) for _ in range(4)]
            left[beak_suit] = 13
        if min_left <= sum(left) <= max_left:
            break
        left = [min(n, 6) for n in left]
        if min_left <= sum(left) <= max_left:
            break
    home = tuple(13 - n for n in left)
    pool = [CARDS[s * 13 + (base + 13 - k) % 13] for s in range(4) for k in range(left[s], 0, -1)]
    # cut the pool into runs: a card, then maybe the card below it in suit, and so on
    runs: list[list[int]] = []
    remaining = list(pool)
    while remaining:
        card = remaining.pop(draw_int(0, len(remaining) - 1))
        run = [card]
        while draw_int(0, 1):
            below = CARDS[card + 12] if card % 13 == 0 else CARDS[card - 1]
            if below not in remaining:
                break
            remaining.remove(below)
            run.append(below)
            card = below
        runs.append(run)
    cells: list[int | None] = [None] * 7
    columns: list[list[int]] = [[] for _ in range(7)]
    in_cells = 7 - draw_int(0, 2)  # cards for the cells: few free cells make the games that are lost
    for run in runs:
        if in_cells and (len(run) == 1 or draw_int(0, 1)):
            in_cells -= 1
            cells[cells.index(None) if draw_int(0, 1) else 6 - cells[::-1].index(None)] = run.pop()
        if run:
            columns[draw_int(0, 6)].extend(run)
    return PenguinState(beak=CARDS[beak], columns=tuple(tuple(c) for c in columns), cells=tuple(cells),
                        home=home, rules=rules)  # type: ignore[arg-type]
