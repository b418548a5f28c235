"""Win-proof search: can the side to move force a win within N of its own turns?

Depth-limited AND/OR search over engine states (the engine's ``apply`` after its own
``legal_moves``, so draws by repetition, quiet turns and deadlock are the engine's). The
tables are keyed on the whole state, history included, so a stored result is exact; a
pack clears the history, so positions still transpose after every pack. Race counts cut
most branches: a safe plan (see ``race.py``) that outruns the opponent proves a win at
once, and an opponent's safe plan that outruns every finish of ours refutes one, as does,
when we have no turn to spare, an opponent that can hold one of our suits (see ``hold.py``).

The attacker's moves are tried with small node budgets first (``Prover._first_of``): a
depth-first search otherwise sinks its time into the first move it tries, while another
move wins quickly. Iterative deepening on N gives the shortest forced win; a full search
to N that finds none proves there is no forced win within N. A node budget or a deadline
stops the search undecided instead.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from ...games.pack_n_stack import PACK_N_STACK as GAME
from ...games.pack_n_stack import PnsMove, PnsState
from .hold import holds
from .race import ALL, bound_after, course, inherit, lower_bound, race_loss, race_win, safe_plan


class OutOfBudget(Exception):
    """The search ran out of nodes or time before deciding."""


class _ProbeOver(Exception):
    """A probe's node budget ran out (see Prover._first_of)."""


PROBES = (1, 30)  # node budgets of the probes before a child gets an open one


@dataclass
class Prover:
    """One search's tables and limits (reuse it across depths of one position).

    The tables keep, per position and attacker, the fewest turns known to win and the most
    known not to: a win within n is a win within any larger n, and no win within n means
    none within fewer, so deeper iterations reuse what shallower ones found."""

    max_nodes: int = 2_000_000
    deadline: float | None = None  # time.monotonic() value
    nodes: int = 0
    wins: dict = field(default_factory=dict)  # (state, attacker) -> fewest turns known to win
    fails: dict = field(default_factory=dict)  # (state, attacker) -> most turns known not to
    probe_limit: float = float("inf")  # node count at which the innermost probe gives up

    def _first_of(self, children: list, decide) -> bool:
        """Whether ``decide`` holds for some child: each is tried with a small node budget
        first, then with the larger budgets of ``PROBES``, so the easiest child to
        settle decides (as in proof-number search) rather than the first in order; a child
        that a probe settles against is not tried again."""
        pending = children
        for budget in PROBES:
            still = []
            for child in pending:
                outer = self.probe_limit
                self.probe_limit = min(outer, self.nodes + budget)
                try:
                    if decide(child):
                        return True
                except _ProbeOver:
                    if self.nodes > outer:
                        raise  # an enclosing probe's budget is spent too
                    still.append(child)
                finally:
                    self.probe_limit = outer
            pending = still
            if not pending:
                return False
        return any(decide(child) for child in pending)

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.probe_limit:
            raise _ProbeOver
        if self.nodes > self.max_nodes:
            raise OutOfBudget("node budget exhausted")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfBudget("time limit reached")

    def _known(self, key: tuple, n: int) -> bool | None:
        if self.wins.get(key, 99) <= n:
            return True
        if self.fails.get(key, -1) >= n:
            return False
        return None

    def _store(self, key: tuple, n: int, result: bool) -> bool:
        if result:
            self.wins[key] = min(n, self.wins.get(key, n))
        else:
            self.fails[key] = max(n, self.fails.get(key, n))
        return result

    # -- the attacker (side to move) ------------------------------------------------
    def attack(self, state: PnsState, n: int) -> bool:
        """Whether the side to move wins within ``n`` of its own turns, whatever the reply."""
        quick = self._quick_attack(state, n)
        if quick is not None:
            return quick
        self._tick()
        return self._store((state, state.to_move), n, self._attack(state, n, state.to_move))

    def _quick_attack(self, state: PnsState, n: int, plans: bool = True) -> bool | None:
        """attack() by bounds, the tables and (with ``plans``) safe plans alone; None when it
        needs a search."""
        me = state.to_move
        if n <= 0 or state.packs_left(me) > n:
            return False
        if state.stock:
            raise ValueError("win proofs start once the stock is empty")
        known = self._known((state, me), n)
        if known is not None:
            return known
        if not plans:
            return None
        if race_win(state, n) is not None:
            return self._store((state, me), n, True)
        bound = lower_bound(state, me)
        # cheapest first: a hold needs no plan search
        if bound > n or (bound == n and holds(state, me, n)) or race_loss(state) or (
                bound == n and race_loss(state, no_spare=True)):
            return self._store((state, me), n, False)
        return None

    def _attack(self, state: PnsState, n: int, me: int) -> bool:
        children = []
        now = lower_bound(state, me)
        for move in GAME.legal_moves(state):
            bound, moved = bound_after(state, move, now)
            if bound > n - 1:
                continue  # the move wastes a turn we do not have (a winning move leaves bound 0)
            after = GAME.apply(state, move)
            inherit(state, move, after, moved, bound)
            result = GAME._result(after)
            if result is not None:
                if result.status == "won" and result.winner == state.side:
                    return True
                continue
            quick = self._quick_defend(after, n - 1, plans=False)  # the cheap tests; defend() does the rest
            if quick:
                return True
            if quick is None:
                # packet moves before packs: nobody can take a pack away, but a square
                # free now may be filled by the next reply (the opponent's bound is no key:
                # a side's bound ignores the other's piles, so no move of ours changes it)
                children.append((bound, move.kind == "pack", after))
        children.sort(key=lambda c: c[:2])
        after_of = [c[-1] for c in children]
        if lower_bound(state, 1 - me) < lower_bound(state, me):
            # the opponent is ahead in the race, so every move likely fails: probes would
            # only search each child again (no faster to refute than plainly, in order)
            return any(self.defend(after, n - 1) for after in after_of)
        return self._first_of(after_of, lambda after: self.defend(after, n - 1))

    # -- the defender ---------------------------------------------------------------
    def defend(self, state: PnsState, n: int) -> bool:
        """Whether the side NOT to move wins within ``n`` more of its turns, whatever this side does."""
        quick = self._quick_defend(state, n)
        if quick is not None:
            return quick
        self._tick()
        return self._store((state, 1 - state.to_move), n, self._defend(state, n, 1 - state.to_move))

    def shown_won(self, state: PnsState, n: int) -> bool:
        """Whether the side that just moved is already known to win within ``n`` more turns
        from ``state``, by the tables, bounds and safe plans alone (no search)."""
        return self._quick_defend(state, n) is True

    def _quick_defend(self, state: PnsState, n: int, plans: bool = True) -> bool | None:
        """defend() by bounds, the tables and (with ``plans``) safe plans alone; None when it
        needs a search."""
        att = 1 - state.to_move
        if n <= 0 or state.packs_left(att) > n or lower_bound(state, att) > n:
            return False
        key = (state, att)
        known = self._known(key, n)
        if known is not None or not plans:
            return known
        # The defender moves first: its safe plan of P turns beats any finish of ours that
        # needs P turns or more; our safe plan of P turns wins when it needs more than P.
        bound = lower_bound(state, att)
        if bound == n and holds(state, att, n):
            return self._store(key, n, False)
        # with no turn to spare the attacker fills only squares on its course, so the plan
        # need be safe from those alone (a plan safe from every square is among them)
        if safe_plan(state, state.to_move, bound, opponent_first=False,
                     fills=course(state, att) if bound == n else ALL) is not None:
            return self._store(key, n, False)
        if safe_plan(state, att, min(n, lower_bound(state, state.to_move) - 1), opponent_first=True) is not None:
            return self._store(key, n, True)
        return None

    def _defend(self, state: PnsState, n: int, att: int) -> bool:
        moves = GAME.legal_moves(state)
        if not moves:
            return False  # neither side can move: drawn
        children = []
        # with no turn to spare, against a defender that cannot outrace us, a reply that
        # fills a square on our course hurts most
        bound = lower_bound(state, att)
        aim = course(state, att) if bound == n and lower_bound(state, state.to_move) > bound else 0
        for reply in moves:
            after = GAME.apply(state, reply)
            inherit(state, reply, after)
            if GAME._result(after) is not None:
                return False  # the defender won, or the game is drawn
            quick = self._quick_attack(after, n, plans=False)
            if quick is False:
                return False
            if quick is None:
                # the replies that hurt most first: course fills, then the defender's progress
                fills = reply.kind == "shift" and aim >> reply.dst & 1
                children.append((not fills, lower_bound(after, state.to_move), after))
        children.sort(key=lambda c: c[:2])
        for *_, after in children:
            if not self.attack(after, n):
                return False
        return True


@dataclass
class ProofResult:
    """``status``: "win" (forced win in ``n``), "no-win" (none within ``limit``) or "unknown"."""

    status: str
    n: int | None
    limit: int
    nodes: int
    seconds: float
    winning_moves: list[PnsMove] = field(default_factory=list)
    refuted: int = 0  # the largest N proved to hold no forced win (its lower bound less one at least)
    stopped_by: str = ""  # for "unknown": what ran out, "time" or "nodes"


@contextmanager
def without_gc() -> Iterator[None]:
    """Python's cyclic collector off for a search: the tables hold millions of objects, none
    in a reference cycle, and each full collection walked them all (half of a 10 s search)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def prove(state: PnsState, limit: int = 15, seconds: float | None = 10.0, max_nodes: int = 5_000_000,
          all_first_moves: bool = False) -> ProofResult:
    """The shortest forced win for the side to move within ``limit`` turns, or a proof
    that there is none, or "unknown" when the budget runs out first.

    With ``all_first_moves`` the result also lists every first move that wins in that N."""
    with without_gc():
        return _prove(state, limit, seconds, max_nodes, all_first_moves)


def _prove(state: PnsState, limit: int, seconds: float | None, max_nodes: int, all_first_moves: bool) -> ProofResult:
    start = time.monotonic()
    prover = Prover(max_nodes=max_nodes, deadline=None if seconds is None else start + seconds)
    me = state.to_move
    refuted = 0
    try:
        if GAME._result(state) is not None or not GAME.legal_moves(state):
            return ProofResult("no-win", None, limit, 0, 0.0, refuted=limit)
        first = max(1, lower_bound(state, me))
        refuted = min(first - 1, limit)
        for n in range(first, limit + 1):
            if prover.attack(state, n):
                wins = []
                if all_first_moves:
                    wins = winning_moves(prover, state, n)
                return ProofResult("win", n, limit, prover.nodes, time.monotonic() - start, wins, refuted=n - 1)
            refuted = n
        return ProofResult("no-win", None, limit, prover.nodes, time.monotonic() - start, refuted=limit)
    except OutOfBudget:
        stopped_by = "nodes" if prover.nodes > prover.max_nodes else "time"
        return ProofResult("unknown", None, limit, prover.nodes, time.monotonic() - start, refuted=refuted,
                           stopped_by=stopped_by)


def winning_moves(prover: Prover, state: PnsState, n: int) -> list[PnsMove]:
    """Every first move of the side to move that keeps a forced win within ``n`` turns."""
    return [move for move, after, won in moves_on(state) if won or prover.defend(after, n - 1)]


def moves_on(state: PnsState) -> Iterator[tuple[PnsMove, PnsState, bool]]:
    """The side to move's legal moves that win at once (True) or leave the game going on (False),
    each with the position after it, in move order; a move that ends the game otherwise is no
    use to a side that plays to win."""
    for move in GAME.legal_moves(state):
        after = GAME.apply(state, move)
        result = GAME._result(after)
        if result is None:
            yield move, after, False
        elif result.status == "won" and result.winner == state.side:
            yield move, after, True
