"""The FreeCell family as a person plays it (see ``people``): FreeCell, Baker's Game, Eight Off and
Seahaven Towers, one player driven by the game's ``Layout``.

The moves a person sees are the solver's (``TableauProblem.expand``: every move, with the cards
that may safely go home sent home, as anyone would, and a run moved as one when it is no longer
than the supermove limit). A player who looks only one move ahead counts that limit by the free
cells alone (free cells + 1): moving a longer run through an empty column is a thing the careful
and the expert see, not the casual player.

A position is judged by what FreeCell players look at (``Judge``): cards home, free cells (the
last one most of all), empty columns (less where only a King may fill one), cards built on the
right card (long ordered runs), cards lying over a lower card (disorder that must be undone),
the next card each foundation wants (how deep it is buried, and whether the free places can hold
what covers it: digging out the low cards), and cards in cells with nowhere to go soon. A careful
or expert player looks a second move ahead on the few moves that look best at first sight
(``BEAM``), as a person weighs a handful of candidates, not every move on the table.

Pure Python (the compiled core plays Penguin's people only): a deal's twelve games cost
120-170 ms of CPU in FreeCell and 20-50 ms in the other three (``bench/bench_grade_cost.py``).
"""

from __future__ import annotations

from functools import lru_cache

from ...games.freecell import KINGS, FreeCellFamily, FreeCellMove, FreeCellState, fits
from ..freecell import family_problem
from ..tableau import EMPTY, TableauProblem
from . import MAX_DECISIONS, STALL, Player, Rng, dig_score, register_people

# what a person sees in a position, in points (a card home is worth 100)
HOME = 100  # a card on its foundation
# a free cell is worth more the fewer are left: the last one 40, the one before 25, ...
CELL_WORTH = tuple(sum((40, 25, 15, 10, 8, 6, 5, 4)[:k]) for k in range(9))  # by free cells
EMPTY_COLUMN = 45  # an empty column: it doubles the run that can move, and parks any card
EMPTY_KINGS_ONLY = 20  # where only a King may fill it, it helps less
BUILT = 6  # a card sitting on a card it may be built on: runs grow
LOOSE = 8  # lost per card lying over a lower card of its column: it must move before that card goes home
BURIED = 10  # lost per card covering the next card a foundation wants
WITHIN_REACH = 50  # a wanted card the free places can dig out: this much, less DIG per card over it
DIG = 10
STUCK_IN_CELL = 18  # lost for a cell card neither going home soon nor fitting on an exposed card
DEAD = 1000  # lost for a position with no move left
BEAM = 3  # first-sight candidates a player who looks two moves ahead looks further into


class Judge:
    """How a position of one game looks to a player, with a cache of columns (they recur a lot)."""

    def __init__(self, game: FreeCellFamily, problem: TableauProblem):
        lay = game.layout
        self.problem = problem
        self.empty_worth = EMPTY_KINGS_ONLY if lay.empty == KINGS else EMPTY_COLUMN
        self.onto = [tuple(c for c in range(52) if fits(lay, card, c)) for card in range(52)]  # what each fits on
        self.below = [tuple(c for c in range(52) if fits(lay, c, card)) for card in range(52)]  # what fits on each
        self._columns: dict[bytes, tuple[int, bytes]] = {}

    def column(self, col: bytes) -> tuple[int, bytes]:
        """A column's own part of the score (empty, cards built, cards out of order) and, for each
        card in it, how many cards lie over it (255 for a card not in it)."""
        known = self._columns.get(col)
        if known is None:
            if len(self._columns) > 50_000:  # (a few MB at most)
                self._columns.clear()
            n = len(col)
            below = self.below
            if not n:
                own = self.empty_worth
            else:
                built = sum(col[i] in below[col[i - 1]] for i in range(1, n))
                own = BUILT * built - LOOSE * self.problem.disorder(col)
            over = bytearray(b"\xff" * 52)
            for i, card in enumerate(col):
                over[card] = n - 1 - i
            known = self._columns[col] = (own, bytes(over))
        return known

    def __call__(self, node) -> int:
        """How good ``node`` looks, in points (integers: the same games on every machine)."""
        cols, cells, home = node[0], node[1], node[2]
        free = cells.count(EMPTY)
        score = HOME * (home[0] + home[1] + home[2] + home[3]) + CELL_WORTH[free]
        places = free + sum(1 for col in cols if not col)  # where covering cards can go
        wanted = [s * 13 + home[s] for s in range(4) if home[s] < 13]
        overs = []
        for col in cols:
            own, over = self.column(col)
            score += own
            overs.append(over)
        score += dig_score(overs, wanted, places, BURIED, WITHIN_REACH, DIG)
        if free < len(cells):
            exposed = {col[-1] for col in cols if col}
            for card in cells:
                if (card != EMPTY and card % 13 - home[card // 13] > 1
                        and not any(c in exposed for c in self.onto[card])):
                    score -= STUCK_IN_CELL
        return score


class Table:
    """A deal's problem and judge, shared by its twelve games, with what they have judged so far:
    a position's value and its best value one move on depend on its key alone (columns and cells
    as multisets), and the games of one deal meet the same positions again and again."""

    KEEP = 400_000  # positions remembered at most (each an integer: some tens of MB)

    def __init__(self, game: FreeCellFamily, state: FreeCellState):
        self.problem = family_problem(game, state)
        self.judge = Judge(game, self.problem)
        self.col_index = {FreeCellMove(c, "h").token[:-1]: i for i, c in enumerate(game.layout.columns)}
        self.supermove_cols = game.layout.empty != KINGS  # (Kings only: the limit is the cells alone)
        self.values: dict[bytes, int] = {}
        self.looked: dict[bytes, int] = {}
        self.kids: dict[tuple, list] = {}  # the moves from the positions of the last look

    def judged(self, node, key: bytes) -> int:
        value = self.values.get(key)
        if value is None:
            if len(self.values) > self.KEEP:
                self.values.clear()
                self.looked.clear()
            value = self.values[key] = self.judge(node)
        return value


def _run_moved(table: Table, node, token: str) -> int:
    """How many cards the move ``token`` carries from column to column in ``node`` (1 otherwise)."""
    if "v" in token:
        return int(token.split("v")[1], 16)
    src, dst = _places(table, token)
    if src is None or dst is None:
        return 1
    cols = node[0]
    col, target = cols[src], cols[dst]
    if not target:
        return 1
    wanted = table.judge.below[target[-1]]
    for p in range(len(col) - 1, -1, -1):
        if col[p] in wanted:
            return len(col) - p
    return 1


def _places(table: Table, token: str) -> tuple[int | None, int | None]:
    """The source and target columns of a token (None for a cell or the foundation)."""
    index = table.col_index
    if token.startswith("10"):
        return index["10"], index.get(token[2:].split("v")[0])
    src = index.get(token[0])
    return src, index.get(token[1:].split("v")[0])


def _options(table: Table, player: Player, node, seen: set[bytes]):
    """The moves ``player`` sees from ``node``: the solver's, less any run longer than the player
    counts (a player looking one move ahead counts free cells + 1), less positions already seen."""
    children = table.kids.pop((node[0], node[1]), None)
    if children is None:  # (an empty list is a dead end met before, not a position never looked at)
        children = table.problem.expand(node)
    table.kids.clear()  # (only the chosen position's children, met in the last look, are met again)
    children = [c for c in children if c[2] not in seen]
    if player.lookahead > 1 or not table.supermove_cols:
        return children
    counted = node[1].count(EMPTY) + 1
    return [c for c in children if _run_moved(table, node, c[0][0]) <= counted]


def _look(table: Table, node, key: bytes, won: bool) -> int:
    """The best a player sees one move past ``node`` (``key``: its key; kept, as positions recur)."""
    if won:
        return HOME * 60
    known = table.looked.get(key)
    if known is None:
        best = None
        children = table.kids[(node[0], node[1])] = list(table.problem.expand(node))
        for _, child, child_key, _, goal in children:
            value = HOME * 60 if goal else table.judged(child, child_key)
            if best is None or value > best:
                best = value
        known = table.judged(node, key) - DEAD if best is None else best
        table.looked[key] = known
    return known


def play_game(table: Table, player: Player, seed: int) -> tuple[str, ...] | None:
    """One game by ``player``: the winning moves, or None when the player gives up."""
    rng = Rng(seed)
    problem, judged = table.problem, table.judged
    tokens, node, key, won = problem.start()
    path: list[tuple[tuple[str, ...], object, int]] = [(tokens, node, sum(node[2]))]  # (moves, node, cards home)
    seen = {key}
    undos, decisions, since_home = player.undos, 0, 0
    while not won:
        if decisions >= MAX_DECISIONS or since_home >= STALL:
            return None
        options = _options(table, player, node, seen)
        if not options:
            if undos and len(path) > 1:  # stuck: take the last move back and choose again
                undos -= 1
                path.pop()
                node = path[-1][1]
                continue
            return None
        noise = [rng.below(player.noise + 1) if player.noise else 0 for _ in options]
        value = [(HOME * 60 if option[4] else judged(option[1], option[2])) + n for option, n in zip(options, noise)]
        candidates = range(len(options))
        if player.lookahead > 1 and len(options) > 1:  # a second look at the few that look best at first
            candidates = sorted(candidates, key=lambda i: -value[i])[:BEAM]
            for i in candidates:
                value[i] = _look(table, options[i][1], options[i][2], options[i][4]) + noise[i]
        choice = max(candidates, key=lambda i: (value[i], -i))
        moves, node, key, _, won = options[choice]
        seen.add(key)
        decisions += 1
        home = sum(node[2])
        since_home = 0 if home > path[-1][2] else since_home + 1
        path.append((moves, node, home))
    return tuple(token for moves, _, _ in path for token in moves)


@lru_cache(maxsize=4)
def _table(game: FreeCellFamily, state: FreeCellState) -> Table:
    return Table(game, state)


def play(game, state, player: Player, seed: int) -> tuple[str, ...] | None:
    """One game of ``state`` by ``player`` (the deal's table is kept for its other games)."""
    return play_game(_table(game, state), player, seed)


for _name in ("freecell", "bakers-game", "eight-off", "seahaven-towers"):
    register_people(_name)(play)
