"""A row of four fanned piles between a stock and a discard heap: the table of Perpetual
Motion and Idiot's Delight, drawn once for both (each game's module says what goes where).

Layout (points, y downwards): a caption (title, grade, then the rule set and notes); a row of
labels; the stock (face down, its count under it), the four piles fanned downwards so each
card's index shows, and the discards (face down, their count under them). Built for the width
it is printed at (``DiagramOptions.width``, natural 400 pt): the index is 9.5 pt at natural
width, grows with wider diagrams, and never goes below 7 pt; if the width cannot hold a 7 pt
index the scene comes out wider and the caller scales. Long piles (Perpetual Motion gathers
up to 52 cards on four piles) tighten the fan down to the index height, then the scene grows;
a height budget (``DiagramOptions.height``) tightens it sooner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import Card
from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import CardFace, CardStyle, Palette, Scene, Slot, Text, index_parts, index_width, palette
from .sizing import MIN_INDEX, NATURAL_INDEX, card_back, fit_label, fit_row, title_line

NATURAL_WIDTH = 400.0
MARGIN, GAP, SIDE_GAP = 14.0, 10.0, 16.0  # side gaps set the stock and discards apart
SLOTS = 6  # stock, four piles, discards
GAPS = 2 * MARGIN + 3 * GAP + 2 * SIDE_GAP
ASPECT = 64.0 / 46.0
STEP = 17.0 / 11.03  # natural fan step, per point of index height
ROOM = 12  # cards a pile shows at the natural step before the fan tightens


@dataclass(frozen=True)
class Table:
    """What one diagram shows; the game module fills it in from its state."""

    title: str
    notes: Sequence[str]  # rule set, pass, ... (the caption's second line)
    stock: int  # cards in the stock
    piles: Sequence[Sequence[Card]]  # each from the bottom card up to its top card
    discarded: int
    pile_names: Sequence[str] = ("1", "2", "3", "4")
    stock_order: Sequence[Card] = ()  # listed under the table, top first, in rows of four


def _style(options: DiagramOptions) -> tuple[float, CardStyle, float]:
    """(scene width, card style, scale of the furniture) for the asked width and index."""
    return fit_row(options, NATURAL_WIDTH, SLOTS, GAPS, ASPECT)


def table_scene(table: Table, options: DiagramOptions) -> Scene:
    pal = palette(options.mono)
    width, st, factor = _style(options)
    label = max(MIN_INDEX, 8.0 * st.index_size / NATURAL_INDEX)
    title_size = max(MIN_INDEX, 12.5 * st.index_size / NATURAL_INDEX)
    margin, gap, side = MARGIN * factor, GAP * factor, SIDE_GAP * factor
    items: list = []
    y = margin
    if options.caption:
        y = _caption(items, table, options, pal, margin, width - margin, y, title_size, label) + label

    xs = [margin]
    for i in range(1, SLOTS):
        xs.append(xs[-1] + st.w + (side if i in (1, SLOTS - 1) else gap))
    names = ["stock", *table.pile_names, "discards"]
    for x, name in zip(xs, names):
        name, size = fit_label(name, name, label, st.w + gap)
        items.append(Text(x + st.w / 2, y + label, name, size, pal.muted, anchor="middle"))
    top = y + label * 1.625

    longest = max([len(p) for p in table.piles] + [options.min_rows, 1])
    step_min = st.index_height + 0.16 * st.index_size
    natural = STEP * st.index_height
    spread = (ROOM - 1) * natural
    if options.height is not None:
        spread = min(spread, options.height - top - st.h - 2 * label - margin)
    step = min(natural, max(step_min, spread / max(1, longest - 1)))

    count_y = top + st.h + label * 1.3
    _heap(items, xs[0], top, count_y, table.stock, st, pal, label)
    _heap(items, xs[-1], top, count_y, table.discarded, st, pal, label)
    for x, pile in zip(xs[1:-1], table.piles):
        if not pile:
            items.append(Slot(x, top, st, pal))
        for j, card in enumerate(pile):
            items.append(CardFace(x, top + j * step, card.rank, card.suit, st, pal, full=j == len(pile) - 1))
    bottom = max(top + (longest - 1) * step + st.h, count_y + metrics(False).descent * label)
    if table.stock_order:
        bottom = _stock_rows(items, table.stock_order, margin, width - margin, bottom + label, st.index_size,
                             label, pal)
    return Scene(width, bottom + margin, items, pal.background)


def _stock_rows(items: list, cards: Sequence[Card], left: float, right: float, y: float, size: float,
                label: float, pal: Palette) -> float:
    """The stock's order as numbered rows of four card indices, in as many columns as fit; a
    reader can lay out a pack from it or follow the play by hand. Returns the bottom."""
    for heading in ("The stock, top card first, in the rows of four it is dealt in:", "The stock, top first, by rows:",
                    "The stock, by rows:"):
        if text_width(heading, label) <= right - left:
            break
    items.append(Text(left, y + label, heading, label, pal.muted))
    y += label * 1.6
    cap = metrics(True).cap_height * size
    cell = max(index_width(r, s, size) for r in (10,) for s in range(4)) + size * 0.6
    number_w = text_width("13.", size) + size * 0.5
    row_w = number_w + 4 * cell + size * 1.2
    across = max(1, int((right - left) // row_w))
    rows = [cards[i:i + 4] for i in range(0, len(cards), 4)]
    down = -(-len(rows) // across)
    lead = cap + size * 0.75
    for n, row in enumerate(rows):
        x = left + (n // down) * row_w
        top = y + (n % down) * lead
        items.append(Text(x + number_w - size * 0.5, top + cap, f"{n + 1}.", size, pal.muted, anchor="end"))
        for k, card in enumerate(row):
            parts, _ = index_parts(x + number_w + k * cell, top, card.rank, card.suit, size, pal)
            items.extend(parts)
    return y + down * lead


def _heap(items: list, x: float, top: float, count_y: float, count: int, st: CardStyle, pal: Palette,
          size: float) -> None:
    """A face-down heap with its count under it, or an empty place."""
    if count:
        items.extend(card_back(x, top, st, pal))
    else:
        items.append(Slot(x, top, st, pal))
    text, size = fit_label(f"{count} card{'s' if count != 1 else ''}", str(count), size, st.w + 4)
    items.append(Text(x + st.w / 2, count_y, text, size, pal.text, anchor="middle"))


def _caption(items: list, table: Table, options: DiagramOptions, pal: Palette, left: float, right: float,
             y: float, title_size: float, size: float) -> float:
    """Title (and grade), then the notes wrapped to the width; returns the last baseline."""
    base, grade = title_line(items, options.title or table.title, options.grade, left, right, y, title_size, pal)
    notes = ([grade] if grade else []) + list(table.notes) + ([options.note] if options.note else [])
    note_size = max(MIN_INDEX, size + 0.5)
    line = base + note_size * 1.5
    x = left
    for k, note in enumerate(notes):
        text = ("·  " if k else "") + note
        if x > left and x + text_width(text, note_size) > right:
            line += note_size * 1.35
            x, text = left, note
        while text_width(text, note_size) > right - x and len(text) > 2:  # a note longer than a line is cut
            text = text[:-2] + "…"
        items.append(Text(x, line, text, note_size, pal.muted))
        x += text_width(text + "  ", note_size)
    return line + metrics(False).descent * note_size
