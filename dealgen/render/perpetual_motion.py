"""Perpetual Motion diagrams and walkthrough checkpoints.

The table is the shared four-pile row (``piles.py``): the stock with its count, the four
piles fanned, the discards with their count; the caption names the rule set and the pass.
A walkthrough follows the game pass by pass: a diagram at the deal, at the end of every pass
that discarded cards (just before the piles are gathered, so the reader sees what the next
stock is made of), every ``every`` passes (not moves: a pass is what a reader follows), and
at the end.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..games.perpetual_motion import PMState
from .piles import Table, table_scene
from .registry import DiagramOptions
from .scene import Scene


def position_scene(game: Any, state: PMState, options: DiagramOptions) -> Scene:
    title = "Perpetual Motion" + (f" · deal {state.deal}" if state.deal is not None else "")
    notes = [f"{state.rules} rules", f"pass {state.pass_no}"]
    outcome = game.outcome(state)
    if outcome.over:
        notes.append(outcome.summary.split(":")[0])  # "won in 120 passes" / "cycles"
    return table_scene(Table(title, notes, len(state.stock), state.piles, state.discarded), options)


def legend(game: Any, state: PMState) -> str:
    """How to read the diagrams and the record, for the head of a walkthrough."""
    first = "pile 4" if state.rules == "classic" else "pile 1"
    return ("The stock is on the left with its count, the discards on the right with theirs, and the four piles, "
            "numbered 1–4, are fanned between them. The game plays itself: d deals a row, 41 moves pile 4's "
            f"card(s) onto pile 1, x discards four of a rank, g gathers the piles ({first} first) into a new "
            "stock. A diagram shows the piles at the end of a pass, just before they are gathered.")


def checkpoints(game: Any, states: Sequence[PMState], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {0: ["the deal"]}
    n = len(moves)
    discarded_at_start = states[0].discarded
    for k, move in enumerate(moves):
        if move.kind != "g":
            continue
        before = states[k]  # the piles about to be gathered: the end of pass ``pass_no``
        gone = before.discarded - discarded_at_start
        discarded_at_start = before.discarded
        reasons = []
        if gone:
            reasons.append(f"pass {before.pass_no} ends: {gone} cards discarded in it")
        elif every > 0 and before.pass_no % every == 0:
            reasons.append(f"pass {before.pass_no} ends")
        if reasons:
            marks[k] = reasons
    end = states[-1]
    marks.setdefault(n, []).append(game.outcome(end).summary.split(";")[0] if n else "the end")
    return marks
