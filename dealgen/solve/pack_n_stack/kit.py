"""Pack 'n' Stack problems for the publishing pipeline (``dealgen.solve.problem_kit``).

What catalogs, books and daily deals ask of a game whose puzzles are "to play and win"
problems, and nothing else:

    find(deal, max_n, max_nodes)           the deal's problems as JSON-ready dicts
    position(lines, source)                the problem's position (a state)
    strategy_text(position, n, strategy)   the strategy file (position, goal, tree)
    read(text, source)                     read the strategy file, not replaying it (bad lines: InputError)
    verify(text, source)                   replay every branch: the verdict as a dict (ok, verdict, errors...)
    MAX_SHOWN                              the failures a verdict lists (the errors list has all)
    MAX_GOAL                               the largest N a "wins in N" claim may name
    check_claims(entry, source)            the entry's deal, stars and metrics against it
    earliest_turn(state), MAX_TURN         the turns a problem's position can come at
    solution(text, source, max_lines)      the question and the solution as indented lines

Grades come from the problem's stars (``problems.stars_for``: one, plus one each for a single
winning first move, a greedy first pack that fails, a packet move needed, a win in 4 or
more, a proof of 20 moves or more): 1-2 stars easy, 3 medium, 4 hard, 5-6 expert.
"""

from __future__ import annotations

from typing import Any

from ...cards import CARDS
from ...games.pack_n_stack import NSQ, QUIET_LIMIT, PnsState
from ...games.pack_n_stack import PACK_N_STACK as GAME
from .lines import Line, question, solution_lines
from .strategy import MAX_GOAL, MAX_SHOWN, check_tree, count_nodes, counted, format_tree, parse_strategy, verdict_json, winner_shifts

__all__ = ["GRADE_BY_STARS", "MAX_GOAL", "MAX_N", "MAX_NODES", "MAX_SHOWN", "MAX_TURN", "METRIC_TYPES", "check_claims",
           "earliest_turn", "find", "position", "read", "solution", "strategy_text", "verify"]

GRADE_BY_STARS = {1: "easy", 2: "easy", 3: "medium", 4: "hard", 5: "expert", 6: "expert"}
# A problem's metrics that are not numbers (type, what the catalog reader asks for).
METRIC_TYPES = {"winning_first_moves": (list, "a list of moves"), "greedy_move": (str, "a move"),
                "greedy_fails": (bool, "true or false"), "packet_moves": (int, "a whole number, 0 or more"),
                "proof_size": (int, "a whole number, 0 or more")}
# The most turns a game can last: 48 packs (24 a side) finish any game, and fewer than
# QUIET_LIMIT other turns can come before each and after the last.
MAX_TURN = 48 + 49 * QUIET_LIMIT
MAX_N = 6  # the longest forced win looked for, in the winner's turns
MAX_NODES = 100_000  # proof search budget per position: a count, so catalogs do not depend on the machine


def find(deal: int, max_n: int = MAX_N, max_nodes: int = MAX_NODES) -> list[dict[str, Any]]:
    """Every problem in the endgame of deal ``deal`` (search-vs-search self-play), in the order
    of play, each ready for a catalog entry."""
    from .problems import problems_in_deal

    out = []
    for p in problems_in_deal(deal, max_n=max_n, seconds=None, max_nodes=max_nodes):
        out.append({
            "deal": deal, "turn": p.turn, "n": p.n, "stars": p.stars, "grade": GRADE_BY_STARS[p.stars],
            "position": GAME.to_text(p.state).splitlines(), "strategy": format_tree(p.tree),
            "metrics": {"winning_first_moves": p.winning_first_moves, "greedy_move": p.greedy_move,
                        "greedy_fails": p.greedy_fails, "packet_moves": p.packet_moves,
                        "proof_size": p.proof_size},
        })
    return out


def position(lines: list[str] | tuple[str, ...], source: str) -> PnsState:
    return GAME.from_text("\n".join(lines) + "\n", source)


def strategy_text(position_lines: list[str] | tuple[str, ...], n: int, strategy: list[str] | tuple[str, ...],
                  source: str = "<problem>") -> str:
    """The strategy file: the position, ``goal: <side to move> wins in N``, ``tree:`` and the tree."""
    side = position(position_lines, source).side
    return "\n".join([*position_lines, f"goal: {side} wins in {n}", "tree:", *strategy]) + "\n"


def earliest_turn(state: PnsState) -> int:
    """The first turn ``state`` can come at: each turn takes at most one card from the stock."""
    return len(CARDS) - NSQ - len(state.stock)


def read(text: str, source: str) -> None:
    """Read a strategy file without replaying it: InputError names a line that cannot be read."""
    parse_strategy(text, source)


def verify(text: str, source: str) -> dict[str, Any]:
    """The verdict as ``verify --json`` gives it for a strategy file (``ok``, ``verdict``, ``errors``, ...)."""
    tree = parse_strategy(text, source)
    return verdict_json(tree, check_tree(tree, source))


def check_claims(entry: Any, source: str) -> str | None:
    """Why a catalog entry's own claims (deal, stars, metrics) disagree with its position
    and verified strategy, or None. What needs a search (that no other first move wins, that
    the greedy pack loses: the listed winning first moves) is taken as stated; the rest is
    worked out again here."""
    from .players import greedy_move
    from .problems import greedy_pack_fails, stars_for

    state = position(entry.position, source)
    if state.deal != entry.deal:
        came = "names no deal (deal: -)" if state.deal is None else f"comes from deal {state.deal}"
        return f"the entry says deal {entry.deal}, its position {came}"
    m = entry.metrics
    tree = parse_strategy(strategy_text(entry.position, entry.n, entry.strategy, source), source)
    wins, greedy = m.get("winning_first_moves"), greedy_move(state, GAME.legal_moves(state))
    if not isinstance(wins, list) or tree.root.moves[0] not in wins:
        return f"'winning_first_moves' must list the strategy's first move {tree.root.moves[0]}"
    legal = {GAME.format_move(move) for move in GAME.legal_moves(state)}
    odd = [w for w in wins if w not in legal] + sorted({w for w in wins if wins.count(w) > 1})
    if odd:  # their count earns a star
        return f"'winning_first_moves' lists {', '.join(map(str, odd))}: each must be a move allowed here, once"
    if m.get("greedy_move") != greedy.token:
        return f"'greedy_move' is {greedy.token} in this position, not {m.get('greedy_move')!r}"
    fails = greedy_pack_fails(greedy, wins)
    if m.get("greedy_fails") is not fails:
        return (f"'greedy_fails' is {str(fails).lower()} here: true exactly when the greedy move is a pack "
                "that is not a winning first move")
    if m.get("packet_moves") != winner_shifts(tree.root):
        return f"'packet_moves' is {winner_shifts(tree.root)} in this strategy, not {m.get('packet_moves')!r}"
    if m.get("proof_size") != count_nodes(tree.root):
        return f"'proof_size' is {counted(count_nodes(tree.root), 'move')} in this strategy, not {m.get('proof_size')!r}"
    stars = stars_for(len(wins), m["greedy_fails"], m["packet_moves"], entry.n, m["proof_size"])
    if entry.stars != stars:
        return f"the metrics earn {stars} stars, not {entry.stars}"
    return None  # the grade was checked against the stars when the catalog was read


def solution(text: str, source: str, max_lines: int = 40) -> tuple[str, list[Line], bool]:
    """The question ("Red to play and win in 3"), the solution lines, and whether every branch
    is spelt out to its end within ``max_lines``."""
    tree = parse_strategy(text, source)
    lines, complete = solution_lines(tree, max_lines)
    return question(tree), lines, complete
