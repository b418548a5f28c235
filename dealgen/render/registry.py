"""Which module draws which game: ``dealgen.render.<game name>`` (dashes become underscores), or
for a game of a family defined in ``dealgen.games.<module>``, ``dealgen.render.<module>``.

A game gets diagrams by adding ``render/<game>.py`` with

    position_scene(game, state, options: DiagramOptions) -> Scene          (required)
    checkpoints(game, states, moves, every) -> dict[int, list[str]]      (optional)
    steps(game, states, moves) -> list[Step]                             (optional)
    checkpoint_head(state) -> str                                        (optional)
    carried(label, move) -> str                                          (optional)

and nothing else changes: the CLI, walkthroughs, books and daily images look the module
up by the game's name. ``checkpoints`` maps "after this many moves" to the reasons for a
diagram there; without it a walkthrough shows the start, every N moves and the end.
``steps`` groups moves into the steps a reader follows (one a move without it), and
``checkpoint_head`` names a diagram's place the game's way ("After pass 20", not the move),
and ``carried`` words a reason shown in a later diagram ("the beak freed at move 19"; without
it, "<reason> at move N").
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Sequence

from ..errors import InputError
from ..games import Game, get_game
from .scene import Scene


@dataclass(frozen=True)
class DiagramOptions:
    """How to draw a position; every game module honours these."""

    mono: bool = False  # greys only; suits told apart by outline (red suits) and fill (black suits)
    caption: bool = True  # False when the caller sets its own caption (a book's "Puzzle 12")
    title: str | None = None  # replaces "<Game> · deal N"
    grade: str | None = None  # shown when known
    note: str | None = None  # a short extra line, e.g. "after 35 of 81 moves"
    min_rows: int = 0  # room for at least this many cards per pile, so a series shares one height
    # Built for the size it is printed at. ``width``: the scene is laid out for exactly this many
    # points (None: the game's natural width); it comes out wider only when ``index_size`` cannot
    # fit, and then the caller must scale. ``height``: a budget the layout squeezes into where it
    # can (tighter fans, shorter cards), else the scene is taller. ``index_size``: card index text
    # in points at 1:1 (None: the game's default for the width; never below 7).
    width: float | None = None
    height: float | None = None
    index_size: float | None = None


def renderer(game: Game | str) -> ModuleType:
    game = get_game(game) if isinstance(game, str) else game
    family = type(game).__module__.rsplit(".", 1)[-1]  # one module for a family of games (freecell)
    for name in dict.fromkeys((f"{__package__}.{game.name.replace('-', '_')}", f"{__package__}.{family}")):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
            continue
        if hasattr(module, "position_scene"):
            return module
    raise InputError(f"there are no diagrams for {game.name} yet")


def position_scene(game: Game | str, state: Any, options: DiagramOptions | None = None) -> Scene:
    """The diagram of ``state``, built by the game's own render module."""
    game = get_game(game) if isinstance(game, str) else game
    return renderer(game).position_scene(game, state, options or DiagramOptions())


def default_checkpoints(count: int, every: int) -> dict[int, list[str]]:
    marks: dict[int, list[str]] = {0: ["the deal"]}
    if every > 0:  # (none in the last two moves: the end's own diagram follows)
        for k in range(every, count - 2, every):
            marks.setdefault(k, []).append("")  # a periodic diagram needs no reason
    marks.setdefault(count, []).append("the end")
    return marks


def checkpoints(game: Game, states: Sequence[Any], moves: Sequence[Any], every: int) -> dict[int, list[str]]:
    module = renderer(game)
    if hasattr(module, "checkpoints"):
        return module.checkpoints(game, states, moves, every)
    return default_checkpoints(len(moves), every)
