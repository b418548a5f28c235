"""Penguin diagrams as Parlett lays them out, and the checkpoints of a Penguin walkthrough.

Layout (points, y downwards): a caption; seven columns fanned downwards so each card's
index shows; the foundations as an eighth column at the right, with the beak's suit last
(Parlett's "space for the beak below") marked until the beak arrives; the seven-cell
flipper as a row under the columns. The beak is picked out wherever it lies until it
goes home.

Built for the width it is printed at (``DiagramOptions.width``, natural 470 pt): the card
index is set at the asked size (default 9.5 pt, more for wide diagrams) and everything else
follows from it and from the width -- card width from the space left after the gaps, fan
step from the index height. When space is tight the gaps shrink, then the cards narrow to
their index (in a fan only the index strip of a covered card shows). Below
``min_width(index)`` the diagram cannot honour the index, so the scene comes out wider than
asked and the caller scales it (7 pt needs 213 pt, 9.5 pt needs 274 pt).

Long columns and a height budget (``DiagramOptions.height``): the fan keeps its natural step
up to 13 cards (or while the budget allows); then the step shrinks, never below the index
height plus a hair; under a budget the cards then get shorter, down to nearly square; past
that the scene grows. So any position draws without overlap and the index keeps its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from ..games.penguin import CELLS, PenguinState
from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import RANK_TEXT, CardFace, CardStyle, Line, Scene, Slot, Text, beak_mark, beak_mark_height, index_parts, palette
from .sizing import MIN_INDEX, NATURAL_INDEX, PAD, card_em, title_line

# The natural diagram, from which the proportions come: 470 pt wide, 46 x 64 pt cards, a 9.5 pt
# index, margins 14, gaps between columns 8, the foundations set 18 further apart.
NATURAL_WIDTH = 470.0
CARD_W, CARD_H = 46.0, 64.0
MARGIN, COL_GAP, FOUNDATION_GAP = 14.0, 8.0, 18.0
GAPS = 2 * MARGIN + 7 * COL_GAP + FOUNDATION_GAP  # 102 of the natural 470
MIN_GAP_FACTOR = 0.4  # gaps shrink to 40 % of natural before the index has to give
STEP = 17.0 / 11.03  # natural fan step, per point of index height (17 pt at 9.5 pt)
FOUNDATION_STEP = 2.0  # foundation piles fan at twice the index height
ROOM = 13  # cards a column holds at the natural step before the fan compresses
MIN_ASPECT = 1.12  # card height / width when a height budget squeezes the cards


def min_width(index_size: float = NATURAL_INDEX) -> float:
    """The narrowest diagram whose card indices are ``index_size`` points: below it, scale."""
    return 8 * card_em() * index_size + GAPS * MIN_GAP_FACTOR


@dataclass(frozen=True)
class Geometry:
    """Sizes of one diagram in points: horizontal ones from the width, the rest from the index."""

    width: float  # of the scene; more than asked only when the index could not fit
    style: CardStyle  # natural card (its height before any height budget)
    margin: float
    gap: float
    foundation_gap: float
    label: float  # column letters, slot words
    title: float
    note: float

    @property
    def header(self) -> float:
        return self.label * 1.625  # room for a label above a row of cards

    @property
    def row_gap(self) -> float:
        return max(4.0, 10.0 * self.gap / COL_GAP)

    @property
    def step(self) -> float:
        return STEP * self.style.index_height

    @property
    def step_min(self) -> float:
        """The tightest fan that still shows every index whole."""
        return self.style.index_height + 0.16 * self.style.index_size

    def column_x(self, i: int) -> float:
        x = self.margin + i * (self.style.w + self.gap)
        return x + (self.foundation_gap if i >= 7 else 0.0)


def geometry(width: float | None = None, index_size: float | None = None) -> Geometry:
    """Lay out the columns across ``width`` points with the index at ``index_size``.

    No index size: 9.5 pt, growing with diagrams wider than natural, and shrinking (not below
    7 pt) only when the width cannot hold 9.5 pt. A given size is honoured as asked (at least
    7 pt); if the width cannot hold it the geometry is wider than asked."""
    asked = NATURAL_WIDTH if width is None else width
    if asked <= 0:
        raise ValueError(f"a diagram needs a positive width, not {asked}")
    k = asked / NATURAL_WIDTH
    em = card_em()
    if index_size is None:
        index = max(NATURAL_INDEX, NATURAL_INDEX * k)
        if min_width(index) > asked:
            index = max(MIN_INDEX, (asked - GAPS * MIN_GAP_FACTOR) / (8 * em))
    else:
        index = max(MIN_INDEX, index_size)
    card_min = em * index
    factor = k  # gaps in proportion to the width, while the cards are wide enough
    card = (asked - GAPS * factor) / 8
    if card < card_min:  # narrow the gaps first, then the cards can shrink no further
        factor = max(MIN_GAP_FACTOR, (asked - 8 * card_min) / GAPS)
        card = max(card_min, (asked - GAPS * factor) / 8)
    total = 8 * card + GAPS * factor
    style = CardStyle(w=card, h=card * CARD_H / CARD_W, radius=max(1.5, 3.5 * card / CARD_W), index_size=index,
                      pad=PAD * index, pip_size=0.48 * card)
    scale = index / NATURAL_INDEX
    label = max(MIN_INDEX, 8.0 * scale)
    return Geometry(max(asked, total), style, MARGIN * factor, COL_GAP * factor, FOUNDATION_GAP * factor,
                    label, 12.5 * scale, max(MIN_INDEX, 8.5 * scale))


@dataclass(frozen=True)
class _Rows:
    """The vertical layout for one position: fan step, foundation step, card style."""

    step: float
    foundation_step: float
    style: CardStyle
    area: float  # height of the columns and foundations


def _rows(g: Geometry, longest: int, budget: float | None, fixed: float) -> _Rows:
    """Fit ``longest`` cards in a column: natural step, then a tighter fan, then shorter cards.

    ``fixed`` is the height of everything but the fan area and the flipper row's cards."""
    st = g.style
    index_h = st.index_height

    def area(step: float, h: float) -> tuple[float, float]:
        fstep = max(g.step_min, min(FOUNDATION_STEP * index_h, (longest - 1) * step / 3))
        return max((longest - 1) * step + h, 3 * fstep + h), fstep

    if budget is None:  # no budget: room for ROOM cards at the natural step, then compress, then grow
        spread = (ROOM - 1) * g.step
    else:
        spread = budget - fixed - 2 * st.h
    step = min(g.step, max(g.step_min, spread / max(1, longest - 1)))
    h = st.h
    if budget is not None and fixed + area(step, h)[0] + h > budget:
        # the fan is as tight as it goes: shorter cards (exposed ones keep a smaller pip)
        h = max(st.w * MIN_ASPECT, (budget - fixed - (longest - 1) * step) / 2)
        h = min(h, st.h)
    total, fstep = area(step, h)
    pip = max(0.0, min(0.48 * st.w, 0.62 * (h - index_h - st.pad)))
    style = CardStyle(st.w, h, st.radius, st.index_size, st.pad, pip)
    return _Rows(step, fstep, style, total)


def fan_step(longest: int, width: float | None = None) -> float:
    """The vertical step between cards of a column for a longest column of ``longest`` cards."""
    g = geometry(width)
    return _rows(g, max(longest, 7), None, 0.0).step


def position_scene(game: Any, state: PenguinState, options: DiagramOptions) -> Scene:
    pal = palette(options.mono)
    g = geometry(options.width, options.index_size)
    width = g.width
    items: list = []
    y = g.margin
    if options.caption:
        y = _caption(items, game.rules_label(state.rules), state, options, g, y, pal) + 8.0 * g.title / 12.5

    longest = max([len(c) for c in state.columns] + [options.min_rows, 7])
    fixed = y + g.header + g.row_gap + g.header + g.margin
    rows = _rows(g, longest, options.height, fixed)
    st = rows.style

    # column headers: the notation's names for the places
    for i in range(7):
        items.append(Text(g.column_x(i) + st.w / 2, y + g.label, str(i + 1), g.label, pal.muted, anchor="middle"))
    items.append(Text(g.column_x(7) + st.w / 2, y + g.label, "h", g.label, pal.muted, anchor="middle"))
    top = y + g.header
    beak_home = state.home[state.beak.suit] > 0

    for i, column in enumerate(state.columns):
        x = g.column_x(i)
        if not column:
            items.append(Slot(x, top, st, pal, "empty", g.label))
        for j, card in enumerate(column):
            items.append(CardFace(x, top + j * rows.step, card.rank, card.suit, st, pal,
                                  full=j == len(column) - 1, beak=card == state.beak and not beak_home))

    _foundations(items, state, g, rows, top, pal)
    # a hairline between layout and foundations, as Parlett's eighth column stands apart
    rule_x = g.column_x(7) - g.foundation_gap / 2 - g.gap / 2
    items.append(Line(rule_x, top, rule_x, top + rows.area, pal.slot_border, 0.5))

    y = top + rows.area + g.row_gap
    for i, card in enumerate(state.cells):
        x = g.column_x(i)
        items.append(Text(x + st.w / 2, y + g.label, CELLS[i], g.label, pal.muted, anchor="middle"))
        if card is None:
            items.append(Slot(x, y + g.header, st, pal))
        else:
            items.append(CardFace(x, y + g.header, card.rank, card.suit, st, pal,
                                  beak=card == state.beak and not beak_home))
    # the flipper's name where the foundations' column would be, kept inside the scene
    mid = y + g.header + st.h / 2
    for dy, text, size in ((-1.0, "flipper", g.label + 1), (g.label + 2, "cells a–g", g.label)):
        half = text_width(text, size) / 2
        cx = min(g.column_x(7) + st.w / 2, width - half - 1)
        items.append(Text(cx, mid + dy, text, size, pal.muted, anchor="middle"))
    height = y + g.header + st.h + g.margin
    return Scene(width, height, items, pal.background)


def _foundations(items: list, state: PenguinState, g: Geometry, rows: _Rows, top: float, pal) -> None:
    """Three piles in suit order, then the beak's suit (its place marked until the beak comes)."""
    st = rows.style
    x = g.column_x(7)
    beak_suit = state.beak.suit
    order = [s for s in range(4) if s != beak_suit] + [beak_suit]
    cap = metrics(True).cap_height
    for k, suit in enumerate(order):
        y = top + k * rows.foundation_step
        card = state.home_top(suit)
        if card is None:
            items.append(Slot(x, y, st, pal))
            # the beak's own index, greyed, then words as far as they fit: this is where the beak will go
            parts, _ = index_parts(x + st.pad, y + st.pad, state.beak.rank, state.beak.suit, st.index_size, pal,
                                   colour=pal.muted)
            items.extend(parts)
            _slot_words(items, x, y + st.index_height, st.w, st.h - st.index_height, g.label, pal)
        else:
            # only the last pile is uncovered: a pip on the others would peek out below their index
            items.append(CardFace(x, y, card.rank, card.suit, st, pal, full=k == 3))
            count = "13"
            size = max(MIN_INDEX, g.label - 1)
            room = st.w - 2 * st.pad - text_width(RANK_TEXT[card.rank - 1], st.index_size, True) - st.index_size * 1.3
            if state.home[suit] == 13 and text_width(count, size) <= room:
                items.append(Text(x + st.w - st.pad, y + st.pad + cap * st.index_size, count, size, pal.muted,
                                  anchor="end"))


def _slot_words(items: list, x: float, top: float, w: float, h: float, size: float, pal) -> None:
    """"beak goes here" centred in the box, on as many lines as the width needs (or just "beak")."""
    lead = size * 1.2
    for lines in (["beak", "goes here"], ["beak", "goes", "here"], ["beak"]):
        if all(text_width(t, size) <= w - 2 for t in lines) and len(lines) * lead <= h - 2:
            break
    else:
        return
    cap = metrics(False).cap_height * size
    first = top + (h - (len(lines) - 1) * lead - cap) / 2 + cap
    for n, text in enumerate(lines):
        items.append(Text(x + w / 2, first + n * lead, text, size, pal.muted, anchor="middle"))


def _caption(items: list, rules: str, state: PenguinState, options: DiagramOptions, g: Geometry, y: float, pal) -> float:
    """Title (game, deal, grade) and note lines (the beak, the rule set, the note), wrapped to the
    width; returns the bottom."""
    left, right = g.margin, g.width - g.margin
    title = options.title or ("Penguin" + (f" · deal {state.deal}" if state.deal is not None else ""))
    base, grade = title_line(items, title, options.grade, left, right, y, g.title, pal)
    bits = ([grade] if grade else []) + [rules]
    if options.note:
        bits.append(options.note)
    size = g.note
    line = base + size + 6 * g.title / 12.5
    cap = metrics(True).cap_height * size
    x = left
    items.append(Text(x, line, "beak", size, pal.muted))
    x += text_width("beak ", size)
    parts, w = index_parts(x, line - cap, state.beak.rank, state.beak.suit, size, pal)
    items.extend(parts)
    x += w + 3
    # the mark is a legend for the card picked out below (when its card has room for it)
    marked = not state.home[state.beak.suit] and beak_mark_height(g.style) > 0
    if marked:
        items.extend(beak_mark(x + cap * 1.1, line - cap, cap, pal))
        x += cap * 1.1 + 4
    for bit in bits:
        text = "·  " + bit + "  "
        if x + text_width(text.rstrip(), size) > right and x > left:
            line += size * 1.35
            x, text = left, bit + "  "
        items.append(Text(x, line, text.rstrip(), size, pal.muted))
        x += text_width(text, size)
    return line + metrics(False).descent * size


def legend(game: Any, state: PenguinState) -> str:
    """How to read the diagrams and the notation, for the head of a walkthrough."""
    return (f"Columns are numbered 1–7 from the left, the flipper's cells lettered a–g, and h stands for the "
            f"foundations. The beak, {state.beak.symbol}, is picked out on a tinted card (with ◀ where the cards are "
            f"wide enough) until it goes home, and its "
            f"foundation's place is kept for it. Each step gives the move in words, then in notation.")


# -- walkthrough checkpoints ---------------------------------------------------------------
def beak_free(state: PenguinState) -> bool:
    """The beak is free once nothing covers it: at the end of its column, in a cell, or home."""
    if state.home[state.beak.suit] > 0 or state.beak in state.cells:
        return True
    return any(col and col[-1] == state.beak for col in state.columns)


_AT_END = ("the end", "the last card home")  # at the last move: no move number needed
_PAST = {"the beak is free": "the beak freed at move {}",
         "from here every card goes home": "every card goes home from move {}"}


def carried(label: str, move: int) -> str:
    """A milestone shown in a later diagram, with the move it came at (said once)."""
    if re.search(r" move \d+$", label):
        return label
    return _PAST.get(label, label + " at move {}").format(move)


NEARLY_EMPTY = 13  # cards left in play: a board with fewer is not worth a diagram (the moves say it all)


def finish(game: Any, states: Sequence[PenguinState], moves: Sequence[Any]) -> int:
    """Where the forced finish starts: from this move on every move plays a card home. Any order
    then wins (playing a card home never covers another), so an answer may say so in a line."""
    tail = len(moves)
    while tail > 0 and moves[tail - 1].dst == "h":
        tail -= 1
    return tail


def checkpoints(game: Any, states: Sequence[PenguinState], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    """Diagram points: the deal; the beak freed (first uncovered); each column the first time it
    empties; the point from which every move goes home; the last card home; and between them,
    spread evenly, as many more as keep every gap up to ``every`` moves (0: milestones only).
    None on the way shows a nearly empty board (fewer than ``NEARLY_EMPTY`` cards left).

    Milestones after the "all home" point add nothing a reader needs, so they are dropped, as
    are periodic diagrams there."""
    n = len(moves)
    tail = finish(game, states, moves)
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
    # merged when a quarter of ``every`` apart, 2 to 5 moves (milestones only: as with the
    # book's default, 20); a wider window would chain a whole game into its last move
    near = min(5, max(2, (every or 20) // 4))
    # milestones a few moves apart make one diagram, after the last; the earlier ones name
    # their move, as the diagram may no longer show them (a column emptied, then refilled)
    merged: dict[int, list[str]] = {}
    for k in sorted(milestones):
        prev = max(merged, default=None)
        if prev is not None and prev > 0 and k - prev <= near:
            # where the earlier milestones name their moves, so do this diagram's own
            merged[k] = [carried(label, prev) for label in merged.pop(prev)] + [
                label if label in _AT_END else carried(label, k) for label in milestones[k]]
        else:
            merged[k] = milestones[k]
    if every > 0:  # no gap longer than ``every`` up to the all-home run: periodic diagrams, spread evenly
        stops = sorted(merged)
        for a, b in zip(stops, stops[1:]):
            span = min(b, tail) - a
            extra = -(-span // every) - 1  # ceil(span / every) - 1 diagrams between the two
            for j in range(1, extra + 1):
                merged[a + round(j * span / (extra + 1))] = [""]
    # no diagram of a nearly empty board on the way (the end's own is the ending line's)
    return {k: reasons for k, reasons in sorted(merged.items())
            if k in (0, n) or 52 - states[k].cards_home >= NEARLY_EMPTY}

