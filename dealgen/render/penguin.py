"""Penguin diagrams as Parlett lays them out, and the checkpoints of a Penguin walkthrough.

Layout (points, y downwards): a caption; seven columns fanned downwards so each card's
index shows; the foundations as an eighth column at the right, with the beak's suit last
(Parlett's "space for the beak below") marked until the beak arrives; the seven-cell
flipper as a row under the columns. The beak is picked out wherever it lies until it
goes home.

Long columns: the fan keeps its natural step up to 13 cards; beyond that the step shrinks,
but never below the height of the index (plus a hair), and past that the scene grows.
So any legal position (at most 19 cards in a column) and any constructed one draws
without overlap, and the index text keeps its size (9.5 pt at 1:1).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..games.penguin import CELLS, PenguinState
from .registry import DiagramOptions, default_checkpoints
from .scene import CardFace, CardStyle, Line, Scene, Slot, Text, beak_mark, index_parts, palette
from .fonts import metrics, text_width

STYLE = CardStyle()
MARGIN = 14.0
COL_GAP = 8.0
FOUNDATION_GAP = 18.0  # extra space that sets the foundations apart as an eighth column
LABEL_SIZE = 8.0
HEADER = 13.0  # room for the column letters and numbers above a row of cards
STEP = 17.0  # fan step at its natural size
STEP_MIN = STYLE.index_height + 1.5  # tightest fan that still shows every index whole
ROOM = 13  # cards a column holds at the natural step before the fan compresses
FOUNDATION_STEP = 22.0
ROW_GAP = 10.0
TITLE_SIZE = 12.5
NOTE_SIZE = 8.5
RULE_NAMES = {"parlett": "Parlett rules", "supermove": "supermove rules", "single": "single-card rules"}


def fan_step(longest: int) -> float:
    """The vertical step between cards of a column for a longest column of ``longest`` cards."""
    if longest <= ROOM:
        return STEP
    squeezed = (ROOM - 1) * STEP / (longest - 1)
    return max(STEP_MIN, squeezed)


def column_x(i: int) -> float:
    x = MARGIN + i * (STYLE.w + COL_GAP)
    return x + (FOUNDATION_GAP if i >= 7 else 0.0)


def scene_width() -> float:
    return column_x(7) + STYLE.w + MARGIN


def position_scene(game: Any, state: PenguinState, options: DiagramOptions) -> Scene:
    pal = palette(options.mono)
    width = scene_width()
    items: list = []
    y = MARGIN
    if options.caption:
        y = _caption(items, state, options, width, y, pal) + 8.0

    longest = max([len(c) for c in state.columns] + [options.min_rows, 7])
    step = fan_step(longest)
    found_h = 3 * FOUNDATION_STEP + STYLE.h
    area_h = max((longest - 1) * step + STYLE.h, found_h)

    # column headers: the notation's names for the places
    for i in range(7):
        items.append(Text(column_x(i) + STYLE.w / 2, y + LABEL_SIZE, str(i + 1), LABEL_SIZE, pal.muted,
                          anchor="middle"))
    items.append(Text(column_x(7) + STYLE.w / 2, y + LABEL_SIZE, "h", LABEL_SIZE, pal.muted, anchor="middle"))
    top = y + HEADER
    beak_home = state.home[state.beak.suit] > 0

    for i, column in enumerate(state.columns):
        x = column_x(i)
        if not column:
            items.append(Slot(x, top, STYLE, pal, "empty", LABEL_SIZE))
        for j, card in enumerate(column):
            items.append(CardFace(x, top + j * step, card.rank, card.suit, STYLE, pal,
                                  full=j == len(column) - 1, beak=card == state.beak and not beak_home))

    _foundations(items, state, column_x(7), top, pal)
    # a hairline between layout and foundations, as Parlett's eighth column stands apart
    rule_x = column_x(7) - FOUNDATION_GAP / 2 - COL_GAP / 2
    items.append(Line(rule_x, top, rule_x, top + area_h, pal.slot_border, 0.5))

    y = top + area_h + ROW_GAP
    for i, card in enumerate(state.cells):
        x = column_x(i)
        items.append(Text(x + STYLE.w / 2, y + LABEL_SIZE, CELLS[i], LABEL_SIZE, pal.muted, anchor="middle"))
        if card is None:
            items.append(Slot(x, y + HEADER, STYLE, pal))
        else:
            items.append(CardFace(x, y + HEADER, card.rank, card.suit, STYLE, pal,
                                  beak=card == state.beak and not beak_home))
    label_x = column_x(7) + STYLE.w / 2
    mid = y + HEADER + STYLE.h / 2
    items.append(Text(label_x, mid - 1, "flipper", LABEL_SIZE + 1, pal.muted, anchor="middle"))
    items.append(Text(label_x, mid + LABEL_SIZE + 2, "cells a–g", LABEL_SIZE, pal.muted, anchor="middle"))
    height = y + HEADER + STYLE.h + MARGIN
    return Scene(width, height, items, pal.background)


def _foundations(items: list, state: PenguinState, x: float, top: float, pal) -> None:
    """Three piles in suit order, then the beak's suit (its place marked until the beak comes)."""
    beak_suit = state.beak.suit
    order = [s for s in range(4) if s != beak_suit] + [beak_suit]
    for k, suit in enumerate(order):
        y = top + k * FOUNDATION_STEP
        card = state.home_top(suit)
        if card is None:
            items.append(Slot(x, y, STYLE, pal))
            # the beak's own index, greyed, then the word: this is where the beak will go
            parts, w = index_parts(x + STYLE.pad, y + STYLE.pad, state.beak.rank, state.beak.suit,
                                   STYLE.index_size, pal, colour=pal.muted)
            items.extend(parts)
            items.append(Text(x + STYLE.w / 2, y + STYLE.h / 2 + 6, "beak", LABEL_SIZE, pal.muted, anchor="middle"))
            items.append(Text(x + STYLE.w / 2, y + STYLE.h / 2 + 6 + LABEL_SIZE + 1.5, "goes here", LABEL_SIZE - 0.5,
                              pal.muted, anchor="middle"))
        else:
            items.append(CardFace(x, y, card.rank, card.suit, STYLE, pal, full=k == 3 or state.home[suit] == 13))
            if state.home[suit] == 13:
                items.append(Text(x + STYLE.w - STYLE.pad, y + STYLE.pad + metrics(False).cap_height * LABEL_SIZE,
                                  "13", LABEL_SIZE - 1, pal.muted, anchor="end"))


def _caption(items: list, state: PenguinState, options: DiagramOptions, width: float, y: float, pal) -> float:
    """Title (game, deal, grade) and a note line (the beak, the rule set); returns the bottom."""
    title = options.title or ("Penguin" + (f" · deal {state.deal}" if state.deal is not None else ""))
    base = y + metrics(True).cap_height * TITLE_SIZE
    items.append(Text(MARGIN, base, title, TITLE_SIZE, pal.text, bold=True))
    if options.grade:
        items.append(Text(width - MARGIN, base, f"grade: {options.grade}", TITLE_SIZE - 1.5, pal.text,
                          anchor="end"))
    note_y = base + NOTE_SIZE + 6
    x = MARGIN
    items.append(Text(x, note_y, "beak", NOTE_SIZE, pal.muted))
    x += text_width("beak ", NOTE_SIZE)
    cap = metrics(True).cap_height * NOTE_SIZE
    parts, w = index_parts(x, note_y - cap, state.beak.rank, state.beak.suit, NOTE_SIZE, pal)
    items.extend(parts)
    x += w + 3
    if not state.home[state.beak.suit]:  # the mark is a legend for the card picked out below
        items.extend(beak_mark(x + cap * 1.1, note_y - cap, cap, pal))
        x += cap * 1.1 + 4
    bits = [RULE_NAMES.get(state.rules, f"{state.rules} rules")]
    if options.note:
        bits.append(options.note)
    items.append(Text(x, note_y, "·  " + "  ·  ".join(bits), NOTE_SIZE, pal.muted))
    return note_y + metrics(False).descent * NOTE_SIZE


def legend(game: Any, state: PenguinState) -> str:
    """How to read the diagrams and the notation, for the head of a walkthrough."""
    return (f"Columns are numbered 1–7 from the left, the flipper's cells lettered a–g, and h stands for the "
            f"foundations. The beak, {state.beak.symbol}, is picked out with ◀ until it goes home, and its "
            f"foundation's place is kept for it. Each step gives the move in words, then in notation.")


# -- walkthrough checkpoints ---------------------------------------------------------------
def beak_free(state: PenguinState) -> bool:
    """The beak is free once nothing covers it: at the end of its column, in a cell, or home."""
    if state.home[state.beak.suit] > 0 or state.beak in state.cells:
        return True
    return any(col and col[-1] == state.beak for col in state.columns)


def checkpoints(game: Any, states: Sequence[PenguinState], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    """Diagram points: the deal; the beak freed (first uncovered); each column the first time it
    empties; every ``every`` moves; the point from which every move goes home; the last card home.

    Milestones after the "all home" point add nothing a reader needs, so they are dropped, and a
    periodic diagram within a quarter-period of a milestone is dropped as redundant."""
    n = len(moves)
    tail = n
    while tail > 0 and moves[tail - 1].dst == "h":
        tail -= 1
    milestones: dict[int, list[str]] = {0: ["the deal"]}
    if beak_free(states[0]):
        milestones[0].append("the beak is free")
    freed = False
    emptied: set[int] = set()
    for k in range(1, n + 1):
        before, after = states[k - 1], states[k]
        if k > tail and k < n:
            continue
        if not freed and beak_free(after) and not beak_free(before):
            freed = True
            milestones.setdefault(k, []).append("the beak is free")
        for i, col in enumerate(after.columns):
            if not col and before.columns[i] and i not in emptied:
                emptied.add(i)
                milestones.setdefault(k, []).append(f"column {i + 1} emptied")
    if 0 < tail < n - 2:
        milestones.setdefault(tail, []).append("from here every card goes home")
    if n and states[-1].cards_home == 52:
        milestones.setdefault(n, []).append("the last card home")
    else:
        milestones.setdefault(n, []).append("the end")
    near = max(2, every // 4)
    # two milestones a move or two apart make one diagram, after both
    merged: dict[int, list[str]] = {}
    for k in sorted(milestones):
        prev = max(merged, default=None)
        if prev is not None and prev > 0 and k - prev <= near:
            merged[k] = merged.pop(prev) + milestones[k]
        else:
            merged[k] = milestones[k]
    if every > 0:
        for k in default_checkpoints(n, every):
            if 0 < k < tail and all(abs(k - m) > max(1, every // 4) for m in merged):
                merged[k] = [""]
    return dict(sorted(merged.items()))

