"""Perpetual Motion "solver": the game plays itself, so solving is simulating.

``play_out(stock, rules)`` runs a whole game from a stock order (top card first) and
returns the verdict, the passes, the record of play in the engine's notation, and
effort metrics. It works on plain ints and lists, so a scan of 10,000 deals takes
seconds; ``tests/test_perpetual_motion.py`` checks that every record it writes replays
through the engine (``dealgen.games.perpetual_motion``), the only judge, to the same end.

Verdicts: ``won`` (all 52 cards discarded, in ``passes`` passes) or ``cycles`` (pass
``passes`` would start from the stock order that started pass ``cycle_start``: the game
would repeat forever with a cycle of ``cycle_length`` passes). There is no budget: the
map from one pass's stock order to the next is deterministic on a finite set, so every
game ends one way or the other.

Through ``dealgen.solve`` (``solve_deal("perpetual-motion", N)``) the verdicts map onto
the shared vocabulary (``Game.verdict_names``): ``won`` is ``solved`` and ``cycles`` is
``unsolvable``; both carry the record of play, and the JSON carries ``passes`` (and
``cycle_start``, ``cycle_length``). The budgets do not apply: there is nothing to search.

Cycle detection keeps only the orders with as many cards as the current stock: a
discard shortens the stock for good, so an order from before it can never come back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from . import SOLVED, UNSOLVABLE, SolverOutput, register_solver

WON = "won"
CYCLES = "cycles"


@dataclass(frozen=True)
class PlayOut:
    verdict: str  # "won" or "cycles"
    passes: int  # won: the pass in which the last cards went; cycles: the pass that repeats
    discarded: int  # cards discarded when play stopped
    cycle_start: int | None = None  # cycles: the earlier pass whose stock order came back
    moves: tuple[str, ...] = field(default=(), repr=False)  # the record of play (if asked for)
    metrics: dict[str, int] = field(default_factory=dict)

    @property
    def cycle_length(self) -> int | None:
        return None if self.cycle_start is None else self.passes - self.cycle_start

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "passes": self.passes,
            "discarded": self.discarded,
            "cycle_start": self.cycle_start,
            "cycle_length": self.cycle_length,
        }


def _classic_pass(stock: list[int], record: list[str] | None, counts: list[int]) -> tuple[list[list[int]], int]:
    """Deal the whole stock once under ``classic``; return the piles and cards discarded."""
    piles: list[list[int]] = [[], [], [], []]
    gone = 0
    for r in range(0, len(stock), 4):
        row = stock[r : r + 4]
        ranks = [c % 13 for c in row]
        if record is not None:
            record.append("d")
        counts[0] += 1
        if ranks[0] == ranks[1] == ranks[2] == ranks[3]:
            gone += 4
            counts[2] += 1
            if record is not None:
                record.append("x")
            continue
        # each card goes to the pile of the leftmost card of its rank in the row; the
        # moves are made rightmost first, so a pile gathers its own card, then the
        # matching cards from right to left (the leftmost of them ends on top)
        for i in range(4):
            piles[i].append(row[i])
        for i in (3, 2, 1):
            rank = ranks[i]
            j = ranks.index(rank)
            if j < i:
                piles[i].pop()
                piles[j].append(row[i])
                counts[1] += 1
                if record is not None:
                    record.append(f"{i + 1}{j + 1}")
    return piles, gone


def _top_group(pile: list[int]) -> int:
    """How many cards of one rank lie on top of ``pile``."""
    n = len(pile)
    rank = pile[-1] % 13
    k = 1
    while k < n and pile[-1 - k] % 13 == rank:
        k += 1
    return k


def recursive_settle(piles: list[list[int]], record: list[str] | None, counts: list[int]) -> int:
    """Resolve matches and discards under ``recursive`` until none is left; return cards discarded."""
    gone = 0
    while True:
        step = recursive_step(piles)
        if step is None:
            return gone
        kind, src, dst = step
        if kind == "x":
            del piles[src][-4:]
            gone += 4
            counts[2] += 1
            if record is not None:
                record.append(f"x{src + 1}")
        else:
            k = _top_group(piles[src])
            piles[dst].extend(piles[src][-k:])
            del piles[src][-k:]
            counts[1] += 1
            if record is not None:
                record.append(f"{src + 1}{dst + 1}")


def recursive_step(piles: list[list[int]]) -> tuple[str, int, int] | None:
    """The next forced step under ``recursive``: ("x", pile, pile) to discard a pile's top
    four, ("m", from, to) to move a top group, or None when nothing is to be done.

    Discards come first (at once); then the rightmost pile whose top rank shows on another
    pile gives its whole top group to the leftmost pile showing that rank.
    """
    for i, pile in enumerate(piles):
        if len(pile) >= 4 and _top_group(pile) >= 4:
            return ("x", i, i)
    tops = [p[-1] % 13 if p else -1 for p in piles]
    for i in (3, 2, 1):
        rank = tops[i]
        if rank < 0:
            continue
        j = tops.index(rank)
        if j < i:
            return ("m", i, j)
    return None


def _recursive_pass(stock: list[int], record: list[str] | None, counts: list[int]) -> tuple[list[list[int]], int]:
    piles: list[list[int]] = [[], [], [], []]
    gone = 0
    for r in range(0, len(stock), 4):
        if record is not None:
            record.append("d")
        counts[0] += 1
        for i in range(4):
            piles[i].append(stock[r + i])
        gone += recursive_settle(piles, record, counts)
    return piles, gone


def gather(piles: list[list[int]], rules: str) -> list[int]:
    """The next stock, top first: classic picks up pile 4 first, recursive pile 1 first."""
    order = (3, 2, 1, 0) if rules == "classic" else (0, 1, 2, 3)
    return [card for i in order for card in piles[i]]


def play_out(stock: Iterable[int], rules: str = "classic", record: bool = False,
             history: Iterable[tuple[int, Iterable[int]]] = (), first_pass: int = 1) -> PlayOut:
    """Play a game from the start of a pass with ``stock`` (top first) to its end.

    ``history`` lists earlier passes' starting orders (pass number, order), as an engine
    position carries them; ``first_pass`` is the number of the pass ``stock`` starts.
    """
    if rules not in ("classic", "recursive"):
        raise ValueError(f"unknown rule set {rules!r}")
    one_pass = _classic_pass if rules == "classic" else _recursive_pass
    current = [int(c) for c in stock]
    start_count = len(current)
    seen: dict[bytes, int] = {}
    for number, order in history:
        key = bytes(int(c) for c in order)
        if len(key) == len(current) and number < first_pass:  # the current pass is added below
            seen.setdefault(key, number)
    moves: list[str] | None = [] if record else None
    counts = [0, 0, 0]  # rows dealt, moves, discards
    passes = first_pass
    discarded = 52 - start_count
    while True:
        if not current:
            verdict, repeat = WON, None  # nothing left to play: already won
            break
        key = bytes(current)
        if key in seen:
            verdict, repeat = CYCLES, seen[key]
            break
        seen[key] = passes
        piles, gone = one_pass(current, moves, counts)
        discarded += gone
        if discarded == 52:
            verdict, repeat = WON, None
            break
        if gone:
            seen.clear()  # the stock is shorter now: no earlier order can come back
        if moves is not None:
            moves.append("g")
        current = gather(piles, rules)
        passes += 1
    metrics = {"passes": passes, "rows": counts[0], "moves": counts[1], "discards": counts[2],
               "steps": len(moves) if moves is not None else counts[0] + counts[1] + counts[2] + passes - first_pass}
    return PlayOut(verdict, passes, discarded, repeat, tuple(moves or ()), metrics)


def metrics_of(result: PlayOut, steps_before: int = 0) -> dict[str, int]:
    """The effort metrics: counts only. Grading is by ``passes``."""
    metrics = {"passes": result.passes, "rows_dealt": result.metrics["rows"],
               "matches": result.metrics["moves"], "discards": result.metrics["discards"],
               "solution_length": steps_before + len(result.moves), "discarded": result.discarded}
    if result.cycle_start is not None:
        metrics["cycle_start"] = result.cycle_start
        metrics["cycle_length"] = result.passes - result.cycle_start
    return metrics


def play_state(game, state) -> tuple[PlayOut, tuple[str, ...]]:
    """Play an engine position to its end: the engine's own steps up to the start of the
    next pass (a position may be mid-pass), then the fast simulation from there.
    Returns the play-out and the tokens played by the engine before it."""
    before: list[str] = []
    while game.next_step(state) is not None and (any(state.piles) or state.row is not None
                                                 or len(state.stock) != state.live):
        step = game.next_step(state)
        before.append(step.token)
        state = game.play(state, step)
    if state.repeats is not None:
        out = PlayOut(CYCLES, state.pass_no, state.discarded, state.repeats, (),
                      {"rows": 0, "moves": 0, "discards": 0})
    elif state.discarded == 52:
        out = PlayOut(WON, state.pass_no, 52, None, (), {"rows": 0, "moves": 0, "discards": 0})
    else:
        out = play_out(state.stock, state.rules, record=True, history=state.starts, first_pass=state.pass_no)
    return out, tuple(before)


@register_solver("perpetual-motion")
def solve_perpetual_motion(game, state, max_states: int | None = None, max_seconds: float | None = None,
                           grade: bool = True) -> SolverOutput:
    """Play the position out. ``won`` -> solved, ``cycles`` -> unsolvable; either way the
    moves are the record of play (a cycling record claims ``outcome: cycles`` and replays to
    the repeat), and ``passes`` (with ``cycle_start``/``cycle_length``) go into the JSON."""
    out, before = play_state(game, state)
    metrics = metrics_of(out, len(before))
    # counts from the engine's steps before the fast simulation took over
    metrics["rows_dealt"] += before.count("d")
    metrics["discards"] += sum(t.startswith("x") for t in before)
    metrics["matches"] += sum(t.isdigit() for t in before)
    moves = before + out.moves
    if out.verdict == WON:
        return SolverOutput(SOLVED, moves, metrics, extra={"passes": out.passes},
                            summary=f"in {out.passes} passes ({len(moves)} steps)")
    why = (f"the game plays itself and cycles: pass {out.passes} would start from the stock order that "
           f"started pass {out.cycle_start} (a cycle of {out.cycle_length} passes), "
           f"with {out.discarded} of 52 cards discarded")
    extra = {"passes": out.passes, "cycle_start": out.cycle_start, "cycle_length": out.cycle_length}
    summary = (f"at pass {out.passes}, a cycle of {out.cycle_length} pass{'es' if out.cycle_length != 1 else ''} "
               f"({out.discarded} of 52 cards discarded)")
    return SolverOutput(UNSOLVABLE, moves, metrics, explanation=why, extra=extra, summary=summary)
