"""Perpetual Motion diagrams and walkthrough checkpoints.

The table is the shared four-pile row (``piles.py``): the stock with its count, the four
piles fanned, the discards with their count; the caption names the rule set and the pass.
A walkthrough follows the game pass by pass: one step per pass (its record in notation, see
``steps``), a diagram at the deal, at the end of every ``every``-th pass (passes, not moves:
just before the piles are gathered, so the reader sees what the next stock is made of), and
at the end.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..games.perpetual_motion import PMState
from .piles import Table, table_scene
from .registry import DiagramOptions
from .scene import Scene

ANSWER_KEY = "passes"  # a book's answer: the outcome and the passes that discard (publish/books/answers.py)


def position_scene(game: Any, state: PMState, options: DiagramOptions) -> Scene:
    title = "Perpetual Motion" + (f" · deal {state.deal}" if state.deal is not None else "")
    notes = [game.rules_label(state.rules), f"pass {state.pass_no}"]
    outcome = game.outcome(state)
    if outcome.over:
        notes.append(outcome.summary.split(":")[0])  # "won in 120 passes" / "cycles"
    # at the start of a pass the piles are empty: list the stock, which is all there is to see
    order = state.stock if not any(state.piles) else ()
    return table_scene(Table(title, notes, len(state.stock), state.piles, state.discarded, stock_order=order),
                       options)


def legend(game: Any, state: PMState) -> str:
    """How to read the diagrams and the record, for the head of a walkthrough."""
    classic = state.rules == "classic"
    first = "pile 4" if classic else "pile 1"
    discard = "x discards four of a rank" if classic else "x2 discards pile 2's top four, of one rank"
    return ("The stock is on the left with its count, the discards on the right with theirs, and the four piles, "
            "numbered 1–4, are fanned between them. The game plays itself: d deals a row, 41 moves pile 4's "
            f"card(s) onto pile 1, {discard}, g gathers the piles ({first} first) into a new "
            "stock. A diagram shows the piles at the end of a pass, just before they are gathered.")


def checkpoints(game: Any, states: Sequence[PMState], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    """The deal, the end of every ``every``-th pass (passes, not moves) and the end. With
    ``every`` 0, the end of each pass that discarded cards instead. Each diagram shows the
    piles just before they are gathered. Only the deal and the end have reasons: the count
    of cards discarded belongs to the position drawn (``checkpoint_head``), so a diagram
    that waits for room on a page still tells its own count."""
    marks: dict[int, list[str]] = {0: ["the deal"]}
    n = len(moves)
    for k, move in enumerate(moves):
        if move.kind != "g":
            continue
        before = states[k]  # the end of pass ``pass_no``
        if every > 0 and before.pass_no % every == 0:
            marks[k] = [""]
        elif every == 0 and before.discarded > states[k - 1 - _pass_length(moves, k)].discarded:
            marks[k] = [""]
    end = states[-1]
    marks.setdefault(n, []).append("the end" if not n else "all 52 cards discarded" if end.discarded == 52
                                   else game.answer(end) or "the end")
    return marks


def checkpoint_head(state: PMState) -> str:
    """Diagrams are placed by passes, as the steps are: "After pass 20, 16 cards discarded so
    far" (a record that goes round forever ends as the pass that would repeat begins)."""
    head = f"After pass {state.pass_no - (state.repeats is not None)}"
    if state.discarded == 52:
        return head  # the end says so
    return f"{head}, {state.discarded} cards discarded so far" if state.discarded else f"{head}, no card discarded yet"


def _pass_length(moves: Sequence[Any], k: int) -> int:
    """Moves since the previous gathering (or the start), before move ``k``."""
    j = k - 1
    while j >= 0 and moves[j].kind != "g":
        j -= 1
    return k - 1 - j


def steps(game: Any, states: Sequence[PMState], moves: Sequence[Any]) -> list:
    """One step per pass, in notation: the gathering that starts it (g) and every deal, match and
    discard of the pass. A pass of a few dozen tokens reads as one line of the record, where one
    step per token would run to thousands."""
    from .walkthrough import Step

    starts = [0] + [k for k, move in enumerate(moves) if move.kind == "g"]
    starts = sorted(set(starts))
    out = []
    for n, first in enumerate(starts):
        last = starts[n + 1] if n + 1 < len(starts) else len(moves)
        if first == last:
            continue
        tokens = [move.token for move in moves[first:last]]
        pass_no = states[first + 1].pass_no if tokens[0] == "g" else states[first].pass_no
        gone = states[last].discarded - states[first].discarded
        rows = tokens.count("d")
        if rows == 0:  # only the gathering that ends the game
            words = f"The piles are gathered: {game.outcome(states[last]).summary.removeprefix('cycles: ')}"
            label = ""
        else:
            words = f"{rows} rows: {' '.join(tokens)}" + (f" ({gone} cards discarded)" if gone else "")
            label = f"Pass {pass_no}:"
        out.append(Step(len(out) + 1, "", words, first, label))
    return out


def record_summary(game: Any, states: Sequence[PMState], moves: Sequence[Any]) -> list[str]:
    """The record as an overview sheet tells it: the passes that discarded cards, each with what
    went, and the runs of passes between them that discarded nothing (a record of thousands of
    forced steps in notation is unreadable, and the solution file holds it whole)."""
    gone: dict[int, list[str]] = {}
    for k, move in enumerate(moves):
        if move.kind == "x":
            before = states[k]
            cards = [p[-1] for p in before.piles] if move.src == 0 else list(before.piles[move.src - 1][-4:])
            gone.setdefault(before.pass_no, []).append(_plural(cards[0]))
    # the last pass played: a game going round forever ends on the gathering that would start
    # a pass already seen, and that pass is never played
    last = states[-1].pass_no - (1 if moves and moves[-1].kind == "g" else 0)
    lines: list[str] = []
    quiet_from = 1
    for pass_no in sorted(gone):
        if pass_no > quiet_from:
            lines.append(_quiet(quiet_from, pass_no - 1))
        total = states[-1].discarded if pass_no == last else None
        ranks = gone[pass_no]
        what = " and ".join(f"four {r}" for r in ranks)
        after = next(s.discarded for s in states if s.pass_no > pass_no) if total is None else total
        lines.append(f"Pass {pass_no}: {what} discarded ({after} of 52 gone).")
        quiet_from = pass_no + 1
    if quiet_from <= last:
        lines.append(_quiet(quiet_from, last))
    return lines


def _quiet(first: int, last: int) -> str:
    return f"Pass {first}: nothing discarded." if first == last else f"Passes {first}–{last}: nothing discarded."


def _plural(card) -> str:
    from ..cards import RANK_NAMES

    return RANK_NAMES[card.rank - 1] + "s"
