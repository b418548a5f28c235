"""Finding and grading "to play and win" problems.

Positions come from strong self-play (the search player on both sides) once the stock is
empty: everything is face up then. Each is reloaded from its text form, so the problem is
exactly the printed position (no hidden repetition history), then the prover looks for the
shortest forced win of the side to move. Positions settled by a bare race (a plan of packs alone
that outruns the opponent from the start) are dull and left out.

Best first: more stars (one each for these signs, as catalogs grade them), then among equals
exactly one winning first move; the greedy pack does not win; more packet moves needed; larger
N; bigger proof.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...games.pack_n_stack import PACK_N_STACK as GAME
from ...games.pack_n_stack import PnsMove, PnsState
from .players import greedy_move, make_player, play_game
from .prove import OutOfBudget, ProofResult, Prover, prove, winning_moves, without_gc
from .race import pure_race
from .strategy import Node, build_tree, count_nodes, counted, format_strategy, winner_shifts


@dataclass
class Problem:
    deal: int | None  # None for a position that names no deal
    turn: int  # how many turns into the game the position arose
    state: PnsState
    n: int
    winning_first_moves: list[str]
    greedy_move: str
    greedy_fails: bool  # the greedy player's move is a pack, and it does not win
    packet_moves: int
    proof_size: int
    tree: Node
    first_moves_complete: bool = True  # whether winning_first_moves lists every winning first move

    @property
    def order(self) -> tuple:
        """Sort key, best first: by stars, as catalogs and books grade problems, then sign by sign."""
        return (-self.stars, len(self.winning_first_moves) != 1, not self.greedy_fails, -self.packet_moves, -self.n,
                -self.proof_size)

    @property
    def stars(self) -> int:
        """1 to 6: the more of the good signs, the more stars."""
        return stars_for(len(self.winning_first_moves), self.greedy_fails, self.packet_moves, self.n, self.proof_size)

    def summary(self) -> str:
        return f"deal {self.deal} turn {self.turn}: {self.state.side} wins in {self.n}; {self.signs()}"

    def signs(self) -> str:
        """What the problem is graded by, in words (the stars only when every winning first move is known)."""
        first = f"{len(self.winning_first_moves)} winning first move(s) ({' '.join(self.winning_first_moves)})"
        if not self.first_moves_complete:
            first = f"winning first move {self.winning_first_moves[0]} (the others not settled in time)"
        return (f"{first}; {self._greedy_words()}; "
                f"{self.packet_moves} packet move(s); a proof of {counted(self.proof_size, 'move')}"
                + (f"; {counted(self.stars, 'star')}" if self.first_moves_complete else ""))

    def _greedy_words(self) -> str:
        if "-" not in self.greedy_move:  # a packet move or a pass: there is no pack to make
            return f"no pack to make (greedy plays {self.greedy_move})"
        wins = self.greedy_move in self.winning_first_moves
        if not wins and not self.first_moves_complete:
            return f"the greedy pack {self.greedy_move} not settled"
        return f"the greedy pack {self.greedy_move} {'wins' if wins else 'fails'}"

    def strategy_text(self, comment: str | None = None) -> str:
        """The strategy file, its comment the problem's ``summary`` unless given."""
        return format_strategy(self.state, self.n, self.tree,
                               comment=f"Pack 'n' Stack problem: {self.summary()}" if comment is None else comment)


def greedy_pack_fails(greedy: PnsMove, winning_first_moves: list[str]) -> bool:
    """The obvious pack failing is what makes a problem tricky; with no pack to make there is none."""
    return greedy.kind == "pack" and greedy.token not in winning_first_moves


BIG_PROOF = 20  # moves in the strategy tree: from here the defence has real alternatives to answer


def stars_for(winning_first_moves: int, greedy_fails: bool, packet_moves: int, n: int, proof_size: int) -> int:
    """One star, plus one each for a single winning first move, a greedy pack that fails, a
    packet move the winner needs, a win in 4 or more, and a proof of BIG_PROOF moves or more."""
    return (1 + (winning_first_moves == 1) + bool(greedy_fails) + (packet_moves > 0) + (n >= 4)
            + (proof_size >= BIG_PROOF))


def endgame_positions(deal: int, seed: int = 0) -> list[tuple[int, PnsState]]:
    """Every position after the stock ran out in a search-vs-search game of ``deal``, reloaded
    from text (turn number, position)."""
    record = play_game(deal, make_player("search", seed * 2), make_player("search", seed * 2 + 1))
    out = []
    for turn, state in enumerate(record.states):
        if state.stock or GAME.outcome(state).over:
            continue
        out.append((turn, GAME.from_text(GAME.to_text(state))))
    return out


def examine(deal: int, turn: int, state: PnsState, max_n: int = 6, seconds: float | None = 2.0,
            max_nodes: int = 5_000_000) -> Problem | None:
    """The problem this position makes, or None (no forced win found, a bare race, or, given
    ``seconds``, winning first moves not all settled in that time: such a problem cannot be graded).
    With ``seconds=None`` only the node budget bounds the search, so the answer does not
    depend on the machine (what published catalogs use)."""
    if pure_race(state):
        return None
    problem = problem_of(deal, turn, state, prove(state, limit=max_n, seconds=seconds, max_nodes=max_nodes), seconds)
    return problem if problem is not None and problem.first_moves_complete else None


def problem_of(deal: int | None, turn: int, state: PnsState, result: ProofResult,
               seconds: float | None = None) -> Problem | None:
    """The strategy and the signs a proved forced win (``result``, from ``prove``) makes, or
    None when ``result`` is not a win. Finding every winning first move means refuting the
    others, which can cost far more than the win: given ``seconds``, the search for them
    stops then, and the problem says its list may be short (``first_moves_complete``)."""
    if result.status != "win" or result.n is None:
        return None
    prover = Prover(max_nodes=10_000_000)
    n = result.n
    with without_gc():
        try:
            if not prover.attack(state, n):  # a fresh table: repeat the proof for the tree
                return None
            tree = build_tree(state, n, prover)
        except OutOfBudget:  # the repeat costs more than the first proof: nothing verified to show
            return None
        if seconds is not None:
            prover.deadline = time.monotonic() + seconds
        wins = [tree.moves[0]]
        try:
            wins = [m.token for m in winning_moves(prover, state, n)]
            complete = True
        except OutOfBudget:
            complete = False
    greedy = greedy_move(state, GAME.legal_moves(state))
    return Problem(deal, turn, state, n, wins, greedy.token, greedy_pack_fails(greedy, wins), winner_shifts(tree),
                   count_nodes(tree), tree, complete)


def problems_in_deal(deal: int, max_n: int = 6, seconds: float | None = 2.0, seed: int = 0,
                     max_nodes: int = 5_000_000) -> list[Problem]:
    """Every problem in the endgame of ``deal``'s search-vs-search game, in the order of play."""
    found = []
    for turn, state in endgame_positions(deal, seed):
        problem = examine(deal, turn, state, max_n, seconds, max_nodes)
        if problem is not None:
            found.append(problem)
    return found


def best_problem(deal: int, max_n: int = 6, seconds: float = 2.0, seed: int = 0) -> Problem | None:
    """The best problem (by ``Problem.order``; the earliest among equals) in ``deal``'s endgame, or None."""
    return min(problems_in_deal(deal, max_n, seconds, seed), key=lambda problem: problem.order, default=None)
