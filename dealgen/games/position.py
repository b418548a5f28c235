"""A position of any game as a value: ``dealgen.deal`` makes one, ``dealgen.solve`` and
``dealgen.verify`` take one. It prints as the game's text form and reads back from it and
from its JSON form, which ``to_json`` gives ready for ``json.dumps``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import get_game
from .base import Game, Outcome


@dataclass(frozen=True)
class Position:
    """A position of ``game`` (its name): a deal's start, or any position along a line of play.

    ``str(position)`` is the game's text form (what ``dealgen deal`` prints), ``to_json()`` its
    JSON form; ``from_text`` and ``from_json`` read them back."""

    game: str
    state: Any  # the engine's own state

    @property
    def rules(self) -> str:
        return str(getattr(self.state, "rules", self._game.default_rules))

    @property
    def deal(self) -> int | None:
        """The deal number this position comes from; None for one read from elsewhere."""
        return getattr(self.state, "deal", None)

    @property
    def outcome(self) -> Outcome:
        """Whether the game is over here, and how (``.over``, ``.status``, ``.summary``)."""
        return self._game.outcome(self.state)

    def legal_moves(self) -> list[str]:
        """The moves the rules allow here, in the game's notation."""
        return [self._game.format_move(move) for move in self._game.legal_moves(self.state)]

    def play(self, move: str) -> Position:
        """The position after ``move`` (in the game's notation); IllegalMove if the rules forbid it."""
        return Position(self.game, self._game.play(self.state, self._game.parse_move(move)))

    def to_json(self) -> dict[str, Any]:
        return self._game.to_json(self.state)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        """A position from its JSON form (its ``game`` field names the game)."""
        game = get_game(str(data.get("game")))
        return cls(game.name, game.from_json(data))

    @classmethod
    def from_text(cls, game: str, text: str) -> Position:
        """A position of ``game`` from its text form."""
        found = get_game(game)
        return cls(found.name, found.from_text(text))

    def __str__(self) -> str:
        return self._game.to_text(self.state)

    @property
    def _game(self) -> Game:
        return get_game(self.game)


def deal(game: str, number: int, rules: str | None = None) -> Position:
    """The start of deal ``number`` (PySolFC's numbering) of ``game``, under ``rules`` (default:
    the game's first rule set; ``dealgen games`` lists them)."""
    found = get_game(game)
    return Position(found.name, found.deal(number, found.check_rules(rules)))
