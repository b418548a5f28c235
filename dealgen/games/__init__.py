"""The game registry: every game by name."""

from __future__ import annotations

from ..errors import InputError, did_you_mean
from .base import Game, Outcome
from .freecell import FAMILY
from .idiots_delight import IDIOTS_DELIGHT
from .pack_n_stack import PACK_N_STACK
from .penguin import PENGUIN
from .perpetual_motion import PERPETUAL_MOTION

GAMES: dict[str, Game] = {game.name: game
                           for game in (PENGUIN, PERPETUAL_MOTION, IDIOTS_DELIGHT, PACK_N_STACK, *FAMILY)}


def get_game(name: str) -> Game:
    """The game called ``name``, or InputError listing the games there are."""
    game = GAMES.get(name.strip().lower())
    if game is None:
        raise InputError(f"unknown game '{name}'{did_you_mean(name, list(GAMES))}: use one of {', '.join(GAMES)}")
    return game


__all__ = ["GAMES", "Game", "Outcome", "get_game"]
