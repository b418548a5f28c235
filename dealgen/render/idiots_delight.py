"""Idiot's Delight diagrams and walkthrough checkpoints.

The table is the shared four-pile row (``piles.py``): the stock with its count, the four
stacks fanned (only the top cards are in play, and they show whole), the discards with their
count; at the deal, the stock's order under it. A walkthrough shows the deal, every ``every``
moves, the last deal from the stock (from there on only discards are left), and the end.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..games.idiots_delight import IDState
from .piles import Table, table_scene
from .registry import DiagramOptions, default_checkpoints
from .scene import Scene

ANSWER_KEY = "choices"  # a book's answer: the moves, and each choice in words (publish/books/answers.py)


def position_scene(game: Any, state: IDState, options: DiagramOptions) -> Scene:
    title = "Idiot's Delight" + (f" · deal {state.deal}" if state.deal is not None else "")
    # at the deal the stock's order is the whole puzzle: list it, so it can be played from the page
    dealt = state.discarded == 0 and all(len(stack) <= 1 for stack in state.stacks)
    return table_scene(Table(title, [game.rules_label(state.rules)], len(state.stock), state.stacks, state.discarded,
                             stock_order=state.stock if dealt else ()), options)


def legend(game: Any, state: IDState) -> str:
    return ("The stock is on the left with its count, the discards on the right with theirs, and the four stacks, "
            "numbered 1–4, are fanned between them; only each stack's top card is in play. 13 discards the pair "
            "on stacks 1 and 3, 3 discards stack 3's top card (a higher card of its suit shows), d deals four.")


def checkpoints(game: Any, states: Sequence[IDState], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    marks = default_checkpoints(len(moves), every)
    deals = [k for k, move in enumerate(moves, 1) if not move.stacks]
    if deals and deals[-1] < len(moves):
        used = deals[-1]
        for k in [k for k, reasons in marks.items() if reasons == [""] and abs(k - used) <= 2]:
            del marks[k]  # a periodic diagram a move or two from this one would show nearly the same
        marks.setdefault(used, []).append("the stock is used up")
    end = states[-1]
    marks[len(moves)] = ["every card discarded" if end.discarded == 52 else "the end"]
    return dict(sorted(marks.items()))
