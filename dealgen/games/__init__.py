"""The game registry: every game by name."""

from __future__ import annotations

from ..errors import InputError, did_you_mean
from .base import Game, Outcome
from .freecell import FAMILY
from .idiots_delight import IDIOTS_DELIGHT
from .pack_n_stack import PACK_N_STACK
from .penguin import PENGUIN
from .perpetual_motion import PERPETUAL_MOTION

GAMES: dict[str, Game] = {game.name: game for game in (PENGUIN, PERPETUAL_MOTION, IDIOTS_DELIGHT, PACK_N_STACK)}
# Games whose engine, solver, notation and diagrams work (deal, solve, scan, calibrate, verify,
# render, walkthrough) but that do not go through the whole pipeline yet (books, daily kit,
# site): kept out of GAMES, which every publishing command and the site offer, until they do
# (docs/games/freecell.md).
PREVIEW: dict[str, Game] = {game.name: game for game in FAMILY}
PREVIEW_WORKS = "`dealgen deal`, `solve`, `scan`, `calibrate`, `verify`, `render` and `walkthrough` work for it"
PREVIEW_LACKS = "books, the daily kit and the site are not built for it yet"  # for the commands that refuse it


def get_game(name: str, preview: bool = False) -> Game:
    """The game called ``name``, or InputError listing the games there are; a preview game only
    where ``preview`` (a command that works for it), else an error saying what does."""
    key = name.strip().lower()
    game = GAMES.get(key)
    if game is None and key in PREVIEW:
        if preview:
            return PREVIEW[key]
        raise InputError(f"{PREVIEW[key].title} is in preview: {PREVIEW_LACKS}; {PREVIEW_WORKS}")
    if game is None:
        known = ", ".join([*GAMES, *(f"{k} (preview)" for k in PREVIEW)])
        raise InputError(f"unknown game '{name}'{did_you_mean(name, [*GAMES, *PREVIEW])}: use one of {known}")
    return game


__all__ = ["GAMES", "PREVIEW", "Game", "Outcome", "get_game"]
