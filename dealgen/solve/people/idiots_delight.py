"""Idiot's Delight as a person plays it (see ``people``): discard what they can, look one or two
discards ahead, and deal when nothing better shows (under ``strict``, only when nothing can go).

A position is judged by what shows (``judge``): cards discarded, discards ready on the tops,
and cards stuck under a higher card of their own suit on the same stack (only a pair, or a
higher card of the suit showing elsewhere after that one goes, can free them). The engine
plays every move: positions are small here, so no second core is needed.
"""

from __future__ import annotations

from ...games.idiots_delight import DEAL, IDState, discards
from . import MAX_DECISIONS, Player, Rng, register_people

DISCARDED = 10  # a card gone
READY = 4  # a discard that the tops allow now
UNDER_HIGHER = 3  # lost for a card below a higher card of its suit on its stack
DEALT_EARLY = 6  # lost for a deal while a discard was possible (free rules): cards covered for nothing
DEAD = 1000


def judge(state: IDState) -> int:
    score = DISCARDED * state.discarded + READY * len(discards(state))
    for stack in state.stacks:
        for i, card in enumerate(stack[:-1]):
            if any(above.suit == card.suit and above > card for above in stack[i + 1:]):
                score -= UNDER_HIGHER
    if not state.stock and not discards(state) and state.discarded < 52:
        score -= DEAD
    return score


def _look(game, state: IDState, depth: int) -> int:
    if state.discarded == 52:
        return DISCARDED * 60
    if depth == 0:
        return judge(state)
    moves = game.legal_moves(state)
    if not moves:
        return judge(state)
    return max(_look(game, game.play(state, move), depth - 1) - (DEALT_EARLY if move == DEAL and len(moves) > 1 else 0)
               for move in moves)


@register_people("idiots-delight")
def play(game, state: IDState, player: Player, seed: int) -> tuple[str, ...] | None:
    """One game by ``player``: the winning moves, or None when it is lost. A stuck player
    takes back moves (at most ``player.undos``) and tries what it has not tried there."""
    rng = Rng(seed)
    path: list[tuple[IDState, str | None]] = [(state, None)]
    tried: set[tuple] = set()
    undos, decisions = player.undos, 0
    while state.discarded < 52:
        if decisions >= MAX_DECISIONS:
            return None
        moves = [m for m in game.legal_moves(state) if (state, m.token) not in tried]
        if not moves:
            if undos and len(path) > 1:
                undos -= 1
                path.pop()
                state = path[-1][0]
                continue
            return None
        best, choice = None, moves[0]
        for move in moves:
            value = _look(game, game.play(state, move), player.lookahead - 1)
            if move == DEAL and len(moves) > 1:
                value -= DEALT_EARLY
            if player.noise:
                value += rng.below(player.noise // 4 + 1)  # (points here are a tenth of Penguin's: a card is 10)
            if best is None or value > best:
                best, choice = value, move
        tried.add((state, choice.token))
        decisions += 1
        state = game.play(state, choice)
        path.append((state, choice.token))
    return tuple(token for _, token in path[1:] if token is not None)
