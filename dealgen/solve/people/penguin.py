"""Penguin as a person plays it (see ``people``): the moves in front of them, judged by sight.

The moves a person sees are the solver's (``PenguinProblem.expand``: every move, with the
cards that may then go home sent home, as anyone would). A position is judged by what a
player can see at a glance (``judge``): cards home, empty columns, free cells (and the last
one filled), cards built in suit, cards not yet resting in a finished run, and how deep the
next card each foundation wants lies buried. The compiled core plays the same games
(``_tableau_core.play``); this is its reference and fallback.
"""

from __future__ import annotations

from ..core import compiled
from ..penguin import BELOW, EMPTY, RULE_CODES, PenguinProblem
from . import MAX_DECISIONS, STALL, Player, Rng, dig_score, register_people

# what a person sees in a position, in points (a card home is worth 100)
HOME = 100  # a card on its foundation
EMPTY_COLUMN = 25  # a column emptied: room for a run headed by the rank below the beak
# a free cell is worth more the fewer are left: the last one 40, the one before 25, ...
CELL_WORTH = tuple(sum((40, 25, 15, 10, 8, 6, 5)[:k]) for k in range(8))  # by free cells
BUILT = 2  # a card sitting on the next higher card of its suit
LOOSE = 3  # lost for a card not resting in a finished run (one on a rel-12 card at a column's foot)
BURIED = 4  # lost per card covering the next card a foundation wants
WITHIN_REACH = 60  # a wanted card that the free cells can dig out: this much, less DIG per card over it
DIG = 12
STUCK_IN_CELL = 15  # lost for a cell card with nowhere to go soon (neither home next nor its card exposed)
DEAD = 1000  # lost for a position with no move left


ABOVE = bytes(BELOW.index(x) for x in range(52))  # the card that ``x`` packs onto


_COLUMNS: dict[bytes, tuple[int, bytes]] = {}  # column -> (its score alone, cards over each card)


def _column(col: bytes) -> tuple[int, bytes]:
    """A column's own part of the score (empty, or cards built in suit) and, for each card in
    it, how many cards lie over it (255 for a card not in it); cached, columns recur a lot."""
    known = _COLUMNS.get(col)
    if known is None:
        if len(_COLUMNS) > 50_000:  # (a few MB at most)
            _COLUMNS.clear()
        n = len(col)
        own = EMPTY_COLUMN if not n else BUILT * sum(col[i] == BELOW[col[i - 1]] for i in range(1, n))
        over = bytearray(b"\xff" * 52)
        for i, card in enumerate(col):
            over[card] = n - 1 - i
        known = _COLUMNS[col] = (own, bytes(over))
    return known


def judge(node) -> int:
    """How good a position looks to a player, in points (integers, so both cores agree)."""
    cols, cells, home, _, bad = node
    free = cells.count(EMPTY)
    score = HOME * (home[0] + home[1] + home[2] + home[3]) + CELL_WORTH[free] - LOOSE * bad
    wanted = [s * 13 + home[s] for s in range(4) if home[s] < 13]
    exposed = {col[-1] for col in cols if col}
    for card in cells:
        if card != EMPTY and card % 13 - home[card // 13] > 1 and ABOVE[card] not in exposed:
            score -= STUCK_IN_CELL
    overs = []
    for col in cols:
        own, over = _column(col)
        score += own
        overs.append(over)
    return score + dig_score(overs, wanted, free, BURIED, WITHIN_REACH, DIG)


def _look(problem: PenguinProblem, node, won: bool, depth: int) -> int:
    """The best a player sees from ``node`` within ``depth`` more moves."""
    if won:
        return HOME * 60
    if depth == 0:
        return judge(node)
    best = None
    for _, child, _, _, goal in problem.expand(node):
        value = _look(problem, child, goal, depth - 1)
        if best is None or value > best:
            best = value
    return judge(node) - DEAD if best is None else best


def play_python(problem: PenguinProblem, player: Player, seed: int) -> tuple[str, ...] | None:
    """One game by ``player``: the winning moves, or None when the player gives up."""
    rng = Rng(seed)
    tokens, node, key, won = problem.start()
    path: list[tuple[tuple[str, ...], object, int]] = [(tokens, node, 0)]  # (moves to here, node, cards home)
    seen = {key}
    undos, decisions, since_home = player.undos, 0, 0
    while not won:
        if decisions >= MAX_DECISIONS or since_home >= STALL:
            return None
        options = [c for c in problem.expand(node) if c[2] not in seen]
        if not options:
            if undos and len(path) > 1:  # stuck: take the last move back and choose again
                undos -= 1
                path.pop()
                node = path[-1][1]
                continue
            return None
        best, choice = None, None
        for option in options:
            value = _look(problem, option[1], option[4], player.lookahead - 1)
            if player.noise:
                value += rng.below(player.noise + 1)
            if best is None or value > best:
                best, choice = value, option
        assert choice is not None
        moves, node, key, _, won = choice
        seen.add(key)
        decisions += 1
        home = sum(node[2])
        since_home = 0 if home > path[-1][2] else since_home + 1
        path.append((moves, node, home))
    return tuple(token for moves, _, _ in path for token in moves)


@register_people("penguin")
def play(game, state, player: Player, seed: int) -> tuple[str, ...] | None:
    """One game of ``state`` by ``player``, by the compiled core where it is built."""
    problem = PenguinProblem(state)
    core = compiled()
    if core is None or not hasattr(core, "play"):
        return play_python(problem, player, seed)
    cols, cells, home = problem.start_state
    return core.play(problem.beak, RULE_CODES[problem.rules], cols, cells, home, player.lookahead, player.undos,
                     player.noise, seed, MAX_DECISIONS, STALL)
