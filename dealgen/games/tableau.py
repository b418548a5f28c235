"""What the games of columns, cells and four foundations share (Penguin, the FreeCell family):
how a position ends, and the figures a replayed line settles."""

from __future__ import annotations

from typing import Any, Iterator

from .base import Game, Outcome


class TableauGame(Game[Any, Any]):
    """A game whose state has ``columns``, ``cells`` (None for a free one) and ``cards_home``."""

    def _candidates(self, state: Any) -> Iterator[Any]:
        """The legal moves as they are found, in ``legal_moves``' order."""
        raise NotImplementedError

    def legal_moves(self, state: Any) -> list[Any]:
        return list(self._candidates(state))

    def outcome(self, state: Any) -> Outcome:
        home = state.cards_home
        if home == 52:
            return Outcome("won", "all 52 cards on the foundations")
        summary = f"{home} of 52 cards on the foundations"
        # An empty cell and any card in a column always make a move; otherwise look for one.
        has_move = (None in state.cells and any(state.columns)) or next(self._candidates(state), None) is not None
        if not has_move:
            return Outcome("lost", summary + "; no legal move left")
        return Outcome("playing", summary)

    def replayed_metrics(self, states: list[Any], moves: list[Any]) -> dict[str, int]:
        return {"solution_length": len(moves),
                "max_cells": max(len(state.cells) - state.cells.count(None) for state in states)}
