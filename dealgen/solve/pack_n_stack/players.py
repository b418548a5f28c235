"""Computer players for Pack 'n' Stack, and whole games between two of them.

Players see what a person at the table sees: the square and the number of stock cards,
never the stock's order (a move's refill is unknown until it is made). Every choice is
deterministic given the player's seed, so the same seeds replay the same game.

- ``random``: a uniformly random legal move.
- ``greedy``: the pack that makes the biggest pile (the obvious move), else the first
  packet move, else a pass.
- ``search``: while the stock lasts, the move that keeps the most packs in hand a few
  turns ahead (looking only at its own piles); once the stock is empty, a win-proof search
  with a small budget, and failing a proof the move that best improves its race count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol

from ...errors import InputError, did_you_mean
from ...games.pack_n_stack import FOLLOWS, SEES, PnsMove, PnsState, side_of
from ...games.pack_n_stack import PACK_N_STACK as GAME
from .race import lower_bound, side_plan


class Player(Protocol):
    name: str

    def choose(self, state: PnsState, moves: list[PnsMove]) -> PnsMove: ...


@dataclass
class RandomPlayer:
    seed: int = 0
    name: str = "random"

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def choose(self, state: PnsState, moves: list[PnsMove]) -> PnsMove:
        return moves[self.rng.randrange(len(moves))]


def greedy_move(state: PnsState, moves: list[PnsMove]) -> PnsMove:
    """The pack that makes the biggest pile (first in square order on ties), else the
    first packet move, else the pass."""
    packs = [m for m in moves if m.kind == "pack"]
    if packs:
        return max(packs, key=lambda m: (len(state.square[m.src]) + len(state.square[m.dst]), -m.src, -m.dst))
    return moves[0]


@dataclass
class GreedyPlayer:
    seed: int = 0
    name: str = "greedy"

    def choose(self, state: PnsState, moves: list[PnsMove]) -> PnsMove:
        return greedy_move(state, moves)


def _view(state: PnsState, move: PnsMove) -> PnsState:
    """The position after ``move`` as the mover can foresee it: the refill is unknown, so the
    vacated square is shown empty (with the stock lasting nothing may move there)."""
    after = GAME.apply(state, move)
    if not state.stock or move.kind == "pass":
        return after
    square = list(after.square)
    square[move.src] = ()
    return PnsState(tuple(square), after.stock, after.to_move, after.quiet, (), after.rules, after.deal)


def _own_packs(square: tuple, side: int) -> list[tuple[int, int]]:
    out = []
    for i, pile in enumerate(square):
        if pile and side_of(pile[-1]) == side:
            follows = FOLLOWS[pile[-1]]
            for j in SEES[i]:
                target = square[j]
                if target and follows[target[-1]]:
                    out.append((i, j))
    return out


def _chain(square: tuple, side: int, depth: int) -> int:
    """How many packs in a row ``side`` can surely make (vacated squares stay unknown), up to ``depth``."""
    if depth == 0:
        return 0
    best = 0
    for i, j in _own_packs(square, side):
        nxt = list(square)
        nxt[j] = square[j] + square[i]
        nxt[i] = ()
        best = max(best, 1 + _chain(tuple(nxt), side, depth - 1))
        if best == depth:
            break
    return best


def _links(square: tuple, side: int) -> int:
    """Pairs of same-suit piles of ``side`` that see each other (any two such piles can join
    one way or the other, so these are the packs still to come)."""
    count = 0
    for i, pile in enumerate(square):
        if pile and side_of(pile[-1]) == side:
            suit = pile[-1] // 13
            count += sum(1 for j in SEES[i] if j > i and square[j] and square[j][-1] // 13 == suit)
    return count


@dataclass
class SearchPlayer:
    seed: int = 0
    name: str = "search"
    proof_nodes: int = 2_000
    proof_limit: int = 6

    def choose(self, state: PnsState, moves: list[PnsMove]) -> PnsMove:
        if len(moves) == 1:
            return moves[0]
        if not state.stock:
            return self._endgame(state, moves)
        me = state.to_move
        rng = random.Random(hash((self.seed, len(state.stock), moves[0].src, moves[-1].dst)) & 0xFFFFFFFF)

        def score(move: PnsMove) -> tuple:
            view = _view(state, move)
            return (_chain(view.square, me, 3), len(_own_packs(view.square, me)), _links(view.square, me),
                    rng.random())

        return max(moves, key=score)

    def _endgame(self, state: PnsState, moves: list[PnsMove]) -> PnsMove:
        from .prove import prove

        me = state.to_move
        # Proofs pay off near the end; earlier the race count below is as good and far cheaper.
        near = lower_bound(state, me) <= self.proof_limit
        result = prove(state, limit=self.proof_limit, seconds=None, max_nodes=self.proof_nodes) if near else None
        if result is not None and result.status == "win":
            from .prove import OutOfBudget, Prover, without_gc

            prover = Prover(max_nodes=self.proof_nodes * 4)
            try:
                with without_gc():
                    for move in moves:
                        after = GAME.apply(state, move)
                        res = GAME._result(after)
                        if res is not None and res.status == "won":
                            return move
                        if res is None and prover.defend(after, result.n - 1):  # type: ignore[operator]
                            return move
            except OutOfBudget:
                pass

        def score(move: PnsMove) -> tuple:
            after = GAME.apply(state, move)
            res = GAME._result(after)
            if res is not None:
                return (2 if res.status == "won" else -2, 0, 0, 0)
            mine = lower_bound(after, me)
            pure = side_plan(after, me) is not None
            theirs = lower_bound(after, 1 - me)
            return (0, -mine, pure, theirs, move.kind == "pack")

        return max(moves, key=score)


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed),
    "greedy": lambda seed: GreedyPlayer(seed),
    "search": lambda seed: SearchPlayer(seed),
}


def make_player(name: str, seed: int = 0) -> Player:
    """A player by name, or InputError listing the players there are."""
    factory = PLAYERS.get(name.strip().lower())
    if factory is None:
        raise InputError(f"unknown player '{name}'{did_you_mean(name, PLAYERS)}: use one of {', '.join(PLAYERS)}")
    return factory(seed)


@dataclass
class GameRecord:
    deal: int
    moves: list[PnsMove]
    states: list[PnsState]  # from the deal to the end, one more than moves
    summary: str
    status: str
    winner: str | None


def play_game(deal: int, red: Player, black: Player, max_turns: int = 2000,
              on_state: Callable[[PnsState], None] | None = None) -> GameRecord:
    """A whole game of deal ``deal`` between two players, through the engine's ``play``."""
    state = GAME.deal(deal)
    states = [state]
    moves: list[PnsMove] = []
    by_side = (red, black)
    for _ in range(max_turns):
        legal = GAME.legal_moves(state)
        if not legal:
            break
        move = by_side[state.to_move].choose(state, legal)
        state = GAME.play(state, move)
        moves.append(move)
        states.append(state)
        if on_state is not None:
            on_state(state)
    outcome = GAME.outcome(state)
    return GameRecord(deal, moves, states, outcome.summary, outcome.status, outcome.winner)
