"""A "to play and win" problem's solution as one image: the diagram, the question, the lines.

The lines come from the game's problem kit (main line first, other replies indented under the
turn they answer); this module only lays them out, so it serves any game with problems.
"""

from __future__ import annotations

from typing import Any, Sequence

from .fonts import metrics, wrap
from .registry import DiagramOptions, position_scene
from .scene import Group, Scene, Text, palette

PAD = 14.0
SIZE = 9.5
INDENT = 16.0


def deeper(strategy: str) -> str:
    """The closing note of a solution whose lines stop short: where the rest is."""
    return f"Deeper replies are answered in the full strategy, {strategy}, which dealgen verify replays branch by branch."


def solution_scene(game: Any, state: Any, heading: str, lines: Sequence[Any], more: str | None,
                   mono: bool = False) -> Scene:
    """``more``: a closing note in muted text (where deeper replies are answered), or None."""
    pal = palette(mono)
    diagram = position_scene(game, state, DiagramOptions(mono=mono, caption=False))
    width = diagram.width
    items: list = []
    y = PAD
    for part in wrap(heading, 12, width - 2 * PAD, True):
        y += 12 * 1.3
        items.append(Text(PAD, y, part, 12, pal.text, bold=True))
    top = y + 4
    items.append(Group(0, top, 1.0, diagram))
    y = top + diagram.height
    texts = [(line.level, line.text, pal.text) for line in lines] + ([] if more is None else [(0, more, pal.muted)])
    for level, text, colour in texts:
        x = PAD + INDENT * level
        # a hanging indent: the turn number stands out, wrapped parts sit under the words
        for k, part in enumerate(wrap(text, SIZE, width - PAD - x - INDENT) or [""]):
            y += SIZE * 1.35
            items.append(Text(x + (INDENT if k else 0), y, part, SIZE, colour))
        y += SIZE * 0.3
    return Scene(width, y + metrics(False).descent * SIZE + PAD, items, pal.background)
