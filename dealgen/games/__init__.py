"""The game registry: every game by name."""

from __future__ import annotations

from ..errors import InputError
from .base import Game, Outcome
from .freecell import FAMILY
from .idiots_delight import IDIOTS_DELIGHT
from .pack_n_stack import PACK_N_STACK
from .penguin import PENGUIN
from .perpetual_motion import PERPETUAL_MOTION

GAMES: dict[str, Game] = {game.name: game for game in (PENGUIN, PERPETUAL_MOTION, IDIOTS_DELIGHT, PACK_N_STACK)}
# Games whose engine, solver and notation work (deal, solve, scan, verify) but that do not go
# through the whole pipeline yet (diagrams, walkthroughs, books, daily, site): kept out of
# GAMES, which every publishing command and the site offer, until they do (docs/games/freecell.md).
PREVIEW: dict[str, Game] = {game.name: game for game in FAMILY}
# What each preview game lacks, for the commands that refuse it.
PREVIEW_LACKS = "diagrams, walkthroughs, books, daily kit and site are not built for it yet"


def get_game(name: str, preview: bool = False) -> Game:
    """The game called ``name``, or InputError listing the games there are; a preview game only
    where ``preview`` (a command that works for it), else an error saying what does."""
    key = name.strip().lower()
    game = GAMES.get(key)
    if game is None and key in PREVIEW:
        if preview:
            return PREVIEW[key]
        raise InputError(f"{PREVIEW[key].title} is in preview: {PREVIEW_LACKS}; `dealgen deal`, `solve`, `scan` "
                         f"and `verify` work for it")
    if game is None:
        known = ", ".join([*GAMES, *(f"{k} (preview)" for k in PREVIEW)])
        raise InputError(f"unknown game '{name}': use one of {known}")
    return game


__all__ = ["GAMES", "PREVIEW", "Game", "Outcome", "get_game"]
