"""The tableau diagram Penguin and the FreeCell family share: columns fanned downwards so each
card's index shows, the foundations as one more column at the right (set a little apart), and a
row of cells beneath the columns.

Built for the width it is printed at (``DiagramOptions.width``; natural: 470 pt for seven
columns, 54 pt more, a card and a gap, for each further one): the card index is set at the asked size (default
9.5 pt, more for wide diagrams) and everything else follows from it and from the width -- card
width from the space left after the gaps, fan step from the index height. When space is tight
the gaps shrink, then the cards narrow to their index (in a fan only the index strip of a
covered card shows). Below ``min_width(index)`` the diagram cannot honour the index, so the
scene comes out wider than asked and the caller scales it.

Long columns and a height budget (``DiagramOptions.height``): the fan keeps its natural step
up to 13 cards (or while the budget allows); then the step shrinks, never below the index
height plus a hair; under a budget the cards then get shorter, down to nearly square; past
that the scene grows. So any position draws without overlap and the index keeps its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .fonts import text_width
from .scene import CardFace, CardStyle, Line, Slot, Text
from .sizing import MIN_INDEX, NATURAL_INDEX, PAD, card_em

# The natural diagram, from which the proportions come: 46 x 64 pt cards, a 9.5 pt index,
# margins 14, gaps between columns 8, the foundations set 18 further apart (seven columns: 470 pt).
CARD_W, CARD_H = 46.0, 64.0
MARGIN, COL_GAP, FOUNDATION_GAP = 14.0, 8.0, 18.0
MIN_GAP_FACTOR = 0.4  # gaps shrink to 40 % of natural before the index has to give
STEP = 17.0 / 11.03  # natural fan step, per point of index height (17 pt at 9.5 pt)
FOUNDATION_STEP = 2.0  # foundation piles fan at twice the index height
ROOM = 13  # cards a column holds at the natural step before the fan compresses
MIN_ASPECT = 1.12  # card height / width when a height budget squeezes the cards


def gaps(ncols: int) -> float:
    """The margins and gaps across a diagram of ``ncols`` columns (102 of Penguin's natural 470)."""
    return 2 * MARGIN + ncols * COL_GAP + FOUNDATION_GAP


def natural_width(ncols: int) -> float:
    return gaps(ncols) + (ncols + 1) * CARD_W


def min_width(index_size: float = NATURAL_INDEX, ncols: int = 7) -> float:
    """The narrowest diagram whose card indices are ``index_size`` points: below it, scale."""
    return (ncols + 1) * card_em() * index_size + gaps(ncols) * MIN_GAP_FACTOR


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
    ncols: int = 7  # columns before the foundations' own

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
        return x + (self.foundation_gap if i >= self.ncols else 0.0)


def geometry(width: float | None = None, index_size: float | None = None, ncols: int = 7) -> Geometry:
    """Lay out ``ncols`` columns and the foundations across ``width`` points with the index at
    ``index_size``.

    No index size: 9.5 pt, growing with diagrams wider than natural, and shrinking (not below
    7 pt) only when the width cannot hold 9.5 pt. A given size is honoured as asked (at least
    7 pt); if the width cannot hold it the geometry is wider than asked."""
    natural, spaces, across = natural_width(ncols), gaps(ncols), ncols + 1
    asked = natural if width is None else width
    if asked <= 0:
        raise ValueError(f"a diagram needs a positive width, not {asked}")
    k = asked / natural
    em = card_em()
    if index_size is None:
        index = max(NATURAL_INDEX, NATURAL_INDEX * k)
        if min_width(index, ncols) > asked:
            index = max(MIN_INDEX, (asked - spaces * MIN_GAP_FACTOR) / (across * em))
    else:
        index = max(MIN_INDEX, index_size)
    card_min = em * index
    factor = k  # gaps in proportion to the width, while the cards are wide enough
    card = (asked - spaces * factor) / across
    if card < card_min:  # narrow the gaps first, then the cards can shrink no further
        factor = max(MIN_GAP_FACTOR, (asked - across * card_min) / spaces)
        card = max(card_min, (asked - spaces * factor) / across)
    total = across * card + spaces * factor
    style = CardStyle(w=card, h=card * CARD_H / CARD_W, radius=max(1.5, 3.5 * card / CARD_W), index_size=index,
                      pad=PAD * index, pip_size=0.48 * card)
    scale = index / NATURAL_INDEX
    label = max(MIN_INDEX, 8.0 * scale)
    return Geometry(max(asked, total), style, MARGIN * factor, COL_GAP * factor, FOUNDATION_GAP * factor,
                    label, 12.5 * scale, max(MIN_INDEX, 8.5 * scale), ncols)


@dataclass(frozen=True)
class Rows:
    """The vertical layout for one position: fan step, foundation step, card style."""

    step: float
    foundation_step: float
    style: CardStyle
    area: float  # height of the columns and foundations


def rows_for(g: Geometry, longest: int, budget: float | None, fixed: float) -> Rows:
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
    return Rows(step, fstep, style, total)


def fan_step(longest: int, width: float | None = None, ncols: int = 7) -> float:
    """The vertical step between cards of a column for a longest column of ``longest`` cards."""
    g = geometry(width, None, ncols)
    return rows_for(g, max(longest, 7), None, 0.0).step


def note_bits(items: list, bits: Sequence[str], x: float, line: float, left: float, right: float, size: float,
              pal: Any) -> float:
    """A caption's notes after ``x`` on the line at ``line``, each after a "·", wrapped to the
    width; returns the last line's baseline."""
    for bit in bits:
        text = "·  " + bit + "  "
        if x + text_width(text.rstrip(), size) > right and x > left:
            line += size * 1.35
            x, text = left, bit + "  "
        items.append(Text(x, line, text.rstrip(), size, pal.muted))
        x += text_width(text, size)
    return line


def draw_columns(items: list, g: Geometry, rows: Rows, y: float, columns: Sequence[Sequence[Any]],
                 names: Sequence[str], pal: Any, picked: Callable[[Any], bool] = lambda card: False) -> float:
    """The columns, from ``y``, under their names in the notation, and "h" over the foundations'
    column; returns the top of the cards."""
    st = rows.style
    top = y + g.header
    for i, name in enumerate([*names, "h"]):
        items.append(Text(g.column_x(i) + st.w / 2, y + g.label, name, g.label, pal.muted, anchor="middle"))
    for i, column in enumerate(columns):
        x = g.column_x(i)
        if not column:
            items.append(Slot(x, top, st, pal, "empty", g.label))
        for j, card in enumerate(column):
            items.append(CardFace(x, top + j * rows.step, card.rank, card.suit, st, pal,
                                  full=j == len(column) - 1, beak=picked(card)))
    return top


def foundation_rule(items: list, g: Geometry, rows: Rows, top: float, pal: Any) -> None:
    """A hairline between the columns and the foundations' column, which stands apart."""
    rule_x = g.column_x(g.ncols) - g.foundation_gap / 2 - g.gap / 2
    items.append(Line(rule_x, top, rule_x, top + rows.area, pal.slot_border, 0.5))


def draw_cells(items: list, g: Geometry, y: float, st: CardStyle, cells: Sequence[Any], names: str, pal: Any,
               words: Sequence[tuple[float, str, float]], width: float,
               picked: Callable[[Any], bool] = lambda card: False) -> float:
    """The row of cells from ``y``, each under its letter, and ``words`` (dy, text, size) naming
    the row where the foundations' column would be, kept inside the scene; returns the bottom."""
    for i, card in enumerate(cells):
        x = g.column_x(i)
        items.append(Text(x + st.w / 2, y + g.label, names[i], g.label, pal.muted, anchor="middle"))
        if card is None:
            items.append(Slot(x, y + g.header, st, pal))
        else:
            items.append(CardFace(x, y + g.header, card.rank, card.suit, st, pal, beak=picked(card)))
    mid = y + g.header + st.h / 2
    for dy, text, size in words:
        half = text_width(text, size) / 2
        cx = min(g.column_x(g.ncols) + st.w / 2, width - half - 1)
        items.append(Text(cx, mid + dy, text, size, pal.muted, anchor="middle"))
    return y + g.header + st.h


# -- walkthrough checkpoints (Penguin and the FreeCell family) --------------------------------
_AT_END = ("the end", "the last card home")  # at the last move: no move number needed
_PAST = {"from here every card goes home": "every card goes home from move {}"}


def carried(label: str, move: int, past: dict[str, str] | None = None) -> str:
    """A milestone shown in a later diagram, with the move it came at (said once); ``past``: a
    game's own milestones in those words."""
    if re.search(r" move \d+$", label):
        return label
    return {**_PAST, **(past or {})}.get(label, label + " at move {}").format(move)


NEARLY_EMPTY = 13  # cards left in play: a board with fewer is not worth a diagram (the moves say it all)


def finish(game: Any, states: Sequence[Any], moves: Sequence[Any]) -> int:
    """Where the forced finish starts: from this move on every move plays a card home. Any order
    then wins (playing a card home never covers another), so an answer may say so in a line."""
    tail = len(moves)
    while tail > 0 and moves[tail - 1].dst == "h":
        tail -= 1
    return tail


def checkpoints(states: Sequence[Any], moves: Sequence[Any], every: int,
                freed: tuple[str, Callable[[Any], bool]] | None = None,
                past: dict[str, str] | None = None) -> dict[int, list[str]]:
    """Diagram points: the deal; ``freed``'s label the first time its test holds (Penguin: the
    beak is free); each column the first time it
    empties; the point from which every move goes home; the last card home; and between them,
    spread evenly, as many more as keep every gap up to ``every`` moves (0: milestones only).
    None on the way shows a nearly empty board (fewer than ``NEARLY_EMPTY`` cards left).

    Milestones after the "all home" point add nothing a reader needs, so they are dropped, as
    are periodic diagrams there."""
    n = len(moves)
    tail = finish(None, states, moves)
    milestones: dict[int, list[str]] = {0: ["the deal"]}
    done = freed is None or freed[1](states[0])
    if freed is not None and done:
        milestones[0].append(freed[0])
    emptied: set[int] = set()
    for k in range(1, n + 1):
        before, after = states[k - 1], states[k]
        if k > tail and k < n:
            continue
        if not done and freed is not None and freed[1](after):
            done = True
            milestones.setdefault(k, []).append(freed[0])
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
            merged[k] = [carried(label, prev, past) for label in merged.pop(prev)] + [
                label if label in _AT_END else carried(label, k, past) for label in milestones[k]]
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
