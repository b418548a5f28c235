"""Penguin diagrams as Parlett lays them out, and the checkpoints of a Penguin walkthrough.

Layout (points, y downwards): a caption; seven columns fanned downwards so each card's
index shows; the foundations as an eighth column at the right, with the beak's suit last
(Parlett's "space for the beak below") marked until the beak arrives; the seven-cell
flipper as a row under the columns. The beak is picked out wherever it lies until it
goes home.

The sizes (natural 470 pt wide; 7 pt needs 213 pt, 9.5 pt needs 274 pt), the fan and the
height budget are the shared tableau diagram's (``render.tableau``).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..games.penguin import CELLS, PenguinState
from . import tableau
from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import RANK_TEXT, CardFace, Scene, Slot, Text, beak_mark, beak_mark_height, index_parts, palette
from .sizing import MIN_INDEX, NATURAL_INDEX, title_line
from .tableau import Geometry, Rows, draw_cells, draw_columns, foundation_rule, natural_width, note_bits, rows_for

NCOLS = 7
NATURAL_WIDTH = natural_width(NCOLS)  # 470 pt


def min_width(index_size: float = NATURAL_INDEX) -> float:
    """The narrowest diagram whose card indices are ``index_size`` points: below it, scale."""
    return tableau.min_width(index_size, NCOLS)


def geometry(width: float | None = None, index_size: float | None = None) -> Geometry:
    return tableau.geometry(width, index_size, NCOLS)


def fan_step(longest: int, width: float | None = None) -> float:
    """The vertical step between cards of a column for a longest column of ``longest`` cards."""
    return tableau.fan_step(longest, width, NCOLS)


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
    rows = rows_for(g, longest, options.height, fixed)
    st = rows.style

    beak_home = state.home[state.beak.suit] > 0

    def picked(card) -> bool:
        return card == state.beak and not beak_home

    top = draw_columns(items, g, rows, y, state.columns, [str(i + 1) for i in range(NCOLS)], pal, picked)
    _foundations(items, state, g, rows, top, pal)
    foundation_rule(items, g, rows, top, pal)  # Parlett's eighth column stands apart
    y = top + rows.area + g.row_gap
    # the flipper's name where the foundations' column would be
    words = ((-1.0, "flipper", g.label + 1), (g.label + 2, "cells a–g", g.label))
    draw_cells(items, g, y, st, state.cells, CELLS, pal, words, width, picked)
    height = y + g.header + st.h + g.margin
    return Scene(width, height, items, pal.background)


def _foundations(items: list, state: PenguinState, g: Geometry, rows: Rows, top: float, pal) -> None:
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
    line = note_bits(items, bits, x, line, left, right, size, pal)
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


_PAST = {"the beak is free": "the beak freed at move {}"}
NEARLY_EMPTY = tableau.NEARLY_EMPTY


def carried(label: str, move: int) -> str:
    """A milestone shown in a later diagram, with the move it came at (said once)."""
    return tableau.carried(label, move, _PAST)


finish = tableau.finish


def checkpoints(game: Any, states: Sequence[PenguinState], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    """The tableau's checkpoints (``tableau.checkpoints``), with Penguin's own milestone: the
    beak freed (first uncovered)."""
    return tableau.checkpoints(states, moves, every, ("the beak is free", beak_free), _PAST)
