"""Diagrams of the FreeCell family: the shared tableau (``render.tableau``) with the game's
columns, the foundations in suit order as one more column at the right, the cells beneath.

Each place is labelled as the notation names it (columns 1-8 or 1-10, cells a-d or, in Eight
Off, a-g and k, the foundations h), so a reader can follow a solution on the diagram.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..games.freecell import FreeCellFamily, FreeCellMove, FreeCellState
from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import CardFace, Scene, Slot, Text, index_parts, palette
from .sizing import title_line
from .tableau import Geometry, Rows, draw_cells, draw_columns, foundation_rule, geometry, note_bits, rows_for
from .tableau import carried as carried  # milestones carried into a later diagram
from .tableau import checkpoints as tableau_checkpoints
from .tableau import finish as finish  # the forced finish, for answer keys


def column_names(game: FreeCellFamily) -> list[str]:
    return [FreeCellMove(c, "h").token[:-1] for c in game.layout.columns]  # "1".."9", "10"


def cells_words(game: FreeCellFamily) -> str:
    cells = game.layout.cells
    return "cells a–g, k" if cells.endswith("k") else f"cells a–{cells[-1]}"


def position_scene(game: FreeCellFamily, state: FreeCellState, options: DiagramOptions) -> Scene:
    pal = palette(options.mono)
    g = geometry(options.width, options.index_size, game.layout.ncols)
    items: list = []
    y = g.margin
    if options.caption:
        y = _caption(items, game, state, options, g, pal) + 8.0 * g.title / 12.5
    longest = max([len(c) for c in state.columns] + [options.min_rows, 7])
    fixed = y + g.header + g.row_gap + g.header + g.margin
    rows = rows_for(g, longest, options.height, fixed)
    st = rows.style
    top = draw_columns(items, g, rows, y, state.columns, column_names(game), pal)
    _foundations(items, state, g, rows, top, pal)
    foundation_rule(items, g, rows, top, pal)
    y = top + rows.area + g.row_gap
    words: tuple[tuple[float, str, float], ...] = ((4.0, cells_words(game), g.label),)
    if game.layout.ncells >= game.layout.ncols:  # a full row of cells: the words on two lines beside the last
        words = ((-2.0, "cells", g.label), (g.label + 2.0, cells_words(game)[len("cells "):], g.label))
    bottom = draw_cells(items, g, y, st, state.cells, game.layout.cells, pal, words, g.width)
    return Scene(g.width, bottom + g.margin, items, pal.background)


def _foundations(items: list, state: FreeCellState, g: Geometry, rows: Rows, top: float, pal: Any) -> None:
    """Four piles in suit order; an empty one shows, greyed, the Ace it waits for."""
    st = rows.style
    x = g.column_x(g.ncols)
    for suit in range(4):
        y = top + suit * rows.foundation_step
        count = state.home[suit]
        if count:
            items.append(CardFace(x, y, count, suit, st, pal, full=suit == 3))
        else:
            items.append(Slot(x, y, st, pal))
            parts, _ = index_parts(x + st.pad, y + st.pad, 1, suit, st.index_size, pal, colour=pal.muted)
            items.extend(parts)


def _caption(items: list, game: FreeCellFamily, state: FreeCellState, options: DiagramOptions, g: Geometry,
             pal: Any) -> float:
    """Title (game, deal, grade) and notes (the rule set, the note), wrapped; returns the bottom."""
    left, right = g.margin, g.width - g.margin
    title = options.title or (game.title + (f" · deal {state.deal}" if state.deal is not None else ""))
    base, grade = title_line(items, title, options.grade, left, right, g.margin, g.title, pal)
    bits = ([grade] if grade else []) + game.rule_notes[state.rules].split("; ")  # (wrapped between parts)
    if options.note:
        bits.append(options.note)
    size = g.note
    line = base + size + 6 * g.title / 12.5
    first = bits[0] + "  "
    items.append(Text(left, line, first.rstrip(), size, pal.muted))
    line = note_bits(items, bits[1:], left + text_width(first, size), line, left, right, size, pal)
    return line + metrics(False).descent * size


def legend(game: FreeCellFamily, state: FreeCellState) -> str:
    """How to read the diagrams and the notation, for the head of a walkthrough."""
    cols = f"1–{game.layout.ncols}"
    return (f"Columns are numbered {cols} from the left, the cells lettered as under them "
            f"({cells_words(game)}), and h stands for the foundations. Each step gives the move in words, then in "
            f"notation; a run moved to an empty column says how many cards go (46v3: three).")


def checkpoints(game: FreeCellFamily, states: Sequence[FreeCellState], moves: Sequence[Any],
                every: int) -> dict[int, list[str]]:
    """The tableau's checkpoints: the deal, each column the first time it empties, the point from
    which every card goes home, the end (``tableau.checkpoints``)."""
    return tableau_checkpoints(states, moves, every)
