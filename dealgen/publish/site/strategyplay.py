"""A verified Pack 'n' Stack strategy as a page plays it: the winner's side is the reader's, every
reply of the defender is taken from the tree (its strongest, the one that holds out longest),
and a move off the tree is answered by a refutation the prover finds here, when there is one.

A winner's node as JSON::

    {"move": "c1-c4", "main": "b2-b3", "replies": {"b2-b3": NODE, "pass": NODE, ...},
     "strays": {"a1-a2": {"reply": "b3-b1"} or {"wins": true}, ...}}
    {"race": ["d3>d4", "d5-d4", "b4-d4"], "strays": [{...}, {...}, {...}]}
                                  the rest, one a turn, whatever the defender does; strays a step

In a race nothing the defender does matters any more (the certificate proved it), so its replies
there follow one fixed rule, ``race_reply``, which the page's engine applies too.
"""

from __future__ import annotations

from typing import Any

from ...games.pack_n_stack import PACK_N_STACK as GAME
from ...games.pack_n_stack import PnsState
from ...solve.pack_n_stack.lines import _strongest
from ...solve.pack_n_stack.prove import OutOfBudget, Prover
from ...solve.pack_n_stack.strategy import Node, Tree

STRAY_NODES = 20_000  # prover budget for one move off the tree: unsettled ones get a plainer word
STRAYS_NODES = 2_000_000  # and for all of a strategy's: a count, so a page never depends on the machine


def race_reply(state: PnsState) -> str:
    """The defender's reply during a race: its first pack in the engine's order, else its first move."""
    moves = [GAME.format_move(m) for m in GAME.legal_moves(state)]
    return next((m for m in moves if "-" in m), moves[0] if moves else "")


def tree_json(tree: Tree, refute: bool = True) -> dict[str, Any]:
    """The strategy as the page reads it; with ``refute``, each winner's node also answers the
    moves the reader could make instead (see the module's note)."""
    return _node(tree.root, tree.state, tree.n, _Refuter() if refute else None)


class _Refuter:
    """One prover for a strategy's strays, and the nodes they have cost (see STRAYS_NODES)."""

    def __init__(self) -> None:
        self.prover = Prover(max_nodes=STRAY_NODES)
        self.spent = 0


def _node(node: Node, state: PnsState, turns: int, refuter: _Refuter | None) -> dict[str, Any]:
    if node.race:  # the defender's replies follow race_reply: the plan's positions are known
        out: dict[str, Any] = {"race": list(node.moves)}
        if refuter is not None:
            out["strays"] = []
            for k, token in enumerate(node.moves):
                out["strays"].append(_strays(state, token, turns - k, refuter))
                state = GAME.play(state, GAME.parse_move(token))
                if k + 1 < len(node.moves):
                    state = GAME.play(state, GAME.parse_move(race_reply(state)))
        return out
    out = {"move": node.moves[0], "replies": {}}
    after = GAME.play(state, GAME.parse_move(node.moves[0]))
    if node.children:
        out["main"] = _strongest(node.children).moves[0]
        for reply in node.children:
            later = GAME.play(after, GAME.parse_move(reply.moves[0]))
            out["replies"][reply.moves[0]] = _node(reply.children[0], later, turns - 1, refuter)
    if refuter is not None:
        out["strays"] = _strays(state, node.moves[0], turns, refuter)
    return out


def _strays(state: PnsState, chosen: str, turns: int, refuter: _Refuter) -> dict[str, Any]:
    """For each other move of the winner here: {"wins": true} when it also forces the win in the
    turns left, {"reply": r} with a defender's reply after which it no longer does, or nothing
    when the prover's budget does not settle it."""
    out: dict[str, Any] = {}
    me = state.side
    prover = refuter.prover
    for move in GAME.legal_moves(state):
        token = GAME.format_move(move)
        if token == chosen:
            continue
        after = GAME.apply(state, move)
        result = GAME._result(after)
        if result is not None:  # over at once: won (another way to finish) or drawn
            out[token] = {"wins": True} if result.status == "won" and result.winner == me else {"ends": result.summary}
            continue
        if refuter.spent >= STRAYS_NODES:
            break
        prover.nodes = 0
        try:
            if turns > 1 and prover.defend(after, turns - 1):
                out[token] = {"wins": True}
                continue
            for reply in GAME.legal_moves(after):
                later = GAME.apply(after, reply)
                ended = GAME._result(later)
                if ended is not None or turns <= 1 or not prover.attack(later, turns - 1):
                    out[token] = {"reply": GAME.format_move(reply)}
                    break
        except OutOfBudget:
            continue
        finally:
            refuter.spent += prover.nodes
    return out


def main_line(state: PnsState, tree: dict[str, Any]) -> list[str]:
    """The verified line, both sides: the winner's moves, the defender's strongest replies, and
    in a race the defender's ``race_reply``; replayed through the engine as it is made."""
    line: list[str] = []
    node: dict[str, Any] | None = tree
    while node is not None:
        if "race" in node:
            for k, token in enumerate(node["race"]):
                state = GAME.play(state, GAME.parse_move(token))
                line.append(token)
                if k + 1 < len(node["race"]):
                    reply = race_reply(state)
                    state = GAME.play(state, GAME.parse_move(reply))
                    line.append(reply)
            break
        state = GAME.play(state, GAME.parse_move(node["move"]))
        line.append(node["move"])
        if "main" not in node:
            break
        state = GAME.play(state, GAME.parse_move(node["main"]))
        line.append(node["main"])
        node = node["replies"][node["main"]]
    if GAME.outcome(state).status != "won":
        raise ValueError(f"the strategy's main line ends {GAME.outcome(state).summary}, not in a win")
    return line
