"""The tableau family's search problem, one for Penguin and the FreeCell family, from a game description.

Penguin, FreeCell, Baker's Game, Eight Off and Seahaven Towers are played alike: columns
built down, a few cells, foundations built up by suit. A ``Description`` says how one game
differs: how many columns, how columns build (in suit or in alternate colours; Penguin's
ranks wrap, so the rank below the beak packs on the beak), what an empty column takes (any
card, or only the rank below the foundations' base: a King, or Penguin's rank below the
beak), how many cards one move may carry, which card never goes home by itself, and the
heuristic's knobs. ``TableauProblem`` is the search problem for ``search.best_first``; the
compiled core (``_tableau_core.c``) runs the same search, move for move (see ``core``).

Cards are internal ones: ``suit * 13 + rel``, ``rel`` the rank counted from the foundations'
base (Penguin's beak rank; the Ace in the family, so there a card is the engine's card). A
suit's foundation counts up from 0. A node is ``(columns, cells, home, g, bad)``: columns as
``bytes`` (deepest card first) in their real order, cells as ``bytes`` with ``EMPTY`` for a
free cell (real order, so moves print with their real names), ``home`` the four foundation
counts, ``g`` the moves so far and ``bad`` the heuristic's disorder (kept up to date from the
one or two columns a move changes). The key needs no foundations (the cards not in columns or
cells are home) and treats columns and cells as multisets; the moves on a path always name
the real places of the position that path reached.

Pruning, and why it loses no win:
- safe foundation moves: a card goes home at once when no card that could ever lie on it is
  still in play. Built in suit that is the card one rank lower of its suit, which is home
  when the card may go. In alternate colours it is the two cards one lower of the other
  colour, so a card goes at once only when both those foundations have reached its rank.
  Penguin's wrap is the exception: the rank below the beak may pack on the beak, and a beak
  that waits in a column, or moves onto the card above it, can hold that run until a column
  empties, so the beak never goes by itself (it used to from a cell or a column of its own;
  that lost wins: docs/reference/solver.md). A card nothing can use is only in the way:
  sending it home frees its place and takes nothing a later move could need. A card that
  may go home but not safely goes as a chosen move.
- among free cells, and among empty columns, only the first is tried: they are
  interchangeable, so the others reach the same canonical position.
- a whole column is never moved to an empty column (the same position).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from .core import compiled
from .search import Child, SearchOutcome, best_first

EMPTY = 255
SEP = b"\xfe"
CELLSEP = b"\xfd"
SUIT, ALTERNATE = "suit", "alternate"  # how columns build down
ANY, HEAD = "any", "head"  # what an empty column takes: any card, or only rel 12 (a King; Penguin's rank below the beak)
RUNS = ("parlett", "supermove", "single", "cells")  # how many cards a move may carry (see ``limit``)
FINISHED_RUN, ABOVE_LOWER = "finished-run", "above-lower"  # the heuristic's disorder measure (see ``disorder``)
MAX_G_WEIGHT = 1000  # the compiled core takes integer weights up to this; others search in Python


@dataclass(frozen=True)
class Description:
    """One game of the family, as the search sees it."""

    name: str  # for errors ("Penguin", "FreeCell")
    col_names: tuple[str, ...]  # the columns as tokens write them
    cell_names: tuple[str, ...]  # the cells (a search may use fewer: the first ones)
    build: str  # SUIT or ALTERNATE
    wrap: bool  # rel 12 packs on rel 0 (Penguin)
    empty: str  # ANY or HEAD
    runs: str  # one of RUNS
    nosafe: int = EMPTY  # a card that never goes home by itself (Penguin's beak)
    counted: bool = False  # a move of several cards to an empty column writes the count ("27va")
    disorder: str = FINISHED_RUN
    # heuristic weights (lower priority = expanded first): per card not home, per card of
    # disorder, per occupied cell, per card over a card a foundation wants next, per column
    # not empty; and per move made (``g_weight``): keeps solutions short
    w_out: int = 8
    w_bad: int = 3
    w_cell: int = 2
    w_buried: int = 0
    w_space: int = 0
    w_g: int = 1

    @property
    def ncols(self) -> int:
        return len(self.col_names)

    def code(self) -> tuple:
        """The description as the compiled core reads it."""
        return (self.name, self.ncols, (SUIT, ALTERNATE).index(self.build), int(self.wrap),
                (ANY, HEAD).index(self.empty), self.nosafe, RUNS.index(self.runs), int(self.counted),
                (FINISHED_RUN, ABOVE_LOWER).index(self.disorder), self.w_out, self.w_bad, self.w_cell, self.w_buried,
                self.w_space, self.col_names, self.cell_names)


@lru_cache(maxsize=256)  # (Penguin has a description per beak and rule set)
def wanted(desc: Description) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that may lie on it in a column, by suit."""
    out = []
    for b in range(52):
        rank = b % 13
        if rank == 0 and not desc.wrap:
            out.append(())
            continue
        below = (rank + 12) % 13
        out.append(tuple(s * 13 + below for s in range(4)
                         if (s == b // 13 if desc.build == SUIT else (s >= 2) != (b // 13 >= 2))))
    return tuple(out)


@lru_cache(maxsize=256)
def fits(desc: Description) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(w) for w in wanted(desc))


def buried(cols, home) -> int:
    """Cards lying over the next card of each foundation."""
    total = 0
    for col in cols:
        n = len(col)
        for k, card in enumerate(col):
            if card % 13 == home[card // 13]:
                total += n - 1 - k
    return total


def canonical_key(cols: tuple[bytes, ...], cells: bytes) -> bytes:
    return SEP.join(sorted(cols)) + CELLSEP + bytes(sorted(cells))


class TableauProblem:
    """One position of a game of the family to solve (columns, cells, home in internal cards)."""

    def __init__(self, desc: Description, cols: tuple[bytes, ...], cells: bytes, home: tuple[int, ...],
                 g_weight: int | float | None = None):
        self.desc = desc
        self.start_state = (cols, cells, home)
        self.g_weight = desc.w_g if g_weight is None else g_weight
        self.wanted = wanted(desc)
        self.fits = fits(desc)  # fits[b]: the cards that may lie on b
        self.heads = tuple(s * 13 + 12 for s in range(4))
        self.home_col = tuple(f"{c}h" for c in desc.col_names)
        self.home_cell = tuple(f"{c}h" for c in desc.cell_names)
        self._run: dict[bytes, tuple[tuple[int, int], ...]] = {}  # column -> its top run's (card, index)
        self._bad: dict[bytes, int] = {}

    # -- rules ------------------------------------------------------------------------
    def run_start(self, col: bytes) -> int:
        fits = self.fits
        i = len(col) - 1
        while i > 0 and col[i] in fits[col[i - 1]]:
            i -= 1
        return i

    def disorder(self, col: bytes) -> int:
        """FINISHED_RUN (Penguin): cards not resting in a finished run (a run up from a rel-12
        card at the column's foot). ABOVE_LOWER (the family): cards lying above a card of lower
        rank, each of which must move before that card can go home."""
        if self.desc.disorder == ABOVE_LOWER:
            bad, low = 0, 13
            for card in col:
                rank = card % 13
                if rank > low:
                    bad += 1
                else:
                    low = rank
            return bad
        n = len(col)
        if not n or col[0] % 13 != 12:
            return n
        fits = self.fits
        i = 1
        while i < n and col[i] in fits[col[i - 1]]:
            i += 1
        return n - i

    def safe(self, card: int, home) -> bool:
        """Whether ``card`` goes home at once (see the module's notes)."""
        suit, rank = card // 13, card % 13
        if rank != home[suit] or card == self.desc.nosafe:
            return False
        if self.desc.build == SUIT or rank <= 1:
            return True
        if suit >= 2:
            return home[0] >= rank and home[1] >= rank
        return home[2] >= rank and home[3] >= rank

    def limit(self, free: int, n_empty: int, target_empty: bool) -> int:
        """The most cards one move may carry, with ``free`` free cells and ``n_empty`` empty
        columns: any run (parlett); (free cells + 1) x 2^(empty columns other than the target)
        (supermove); one (single); free cells + 1 (cells: where empty columns take only the head
        rank, no card may pass through one)."""
        runs = self.desc.runs
        if runs == "parlett":
            return 52
        if runs == "single":
            return 1
        if runs == "cells":
            return free + 1
        return (free + 1) << (n_empty - (1 if target_empty else 0))

    def token(self, src: int, dst: int, count: int = 1) -> str:
        """A move between places numbered columns first, then cells (-1: home)."""
        d = self.desc
        ncols = d.ncols

        def name(place: int) -> str:
            return "h" if place < 0 else d.col_names[place] if place < ncols else d.cell_names[place - ncols]

        return name(src) + name(dst) + (f"v{count:x}" if count > 1 else "")

    # -- the Problem protocol ---------------------------------------------------------
    def start(self):
        cols, cells, home = self.start_state
        cols, cells, home, tokens = self.auto(list(cols), bytearray(cells), list(home))
        node = (cols, cells, home, 0, self._badness(cols))
        return tokens, node, canonical_key(cols, cells), sum(home) == 52

    def _badness(self, cols) -> int:
        bad_of = self._bad
        total = 0
        for col in cols:
            b = bad_of.get(col)
            if b is None:
                b = bad_of[col] = self.disorder(col)
            total += b
        return total

    def expand(self, node) -> Iterator[Child]:
        cols, cells, home, g, bad = node
        d = self.desc
        names, cnames, ncols = d.col_names, d.cell_names, d.ncols
        run_of = self._run
        finish = self._finish
        free_cell = cells.find(EMPTY)
        free = cells.count(EMPTY)
        first_empty = -1
        n_empty = 0
        tops: list[tuple[int, bytes]] = []  # non-empty columns
        runloc: dict[int, tuple[int, int]] = {}  # card in a top run -> (column, index)
        for i in range(ncols):
            col = cols[i]
            if not col:
                n_empty += 1
                if first_empty < 0:
                    first_empty = i
                continue
            run = run_of.get(col)
            if run is None:
                rs = self.run_start(col)
                run = run_of[col] = tuple((col[p], p) for p in range(rs, len(col)))
            tops.append((i, col))
            for card, p in run:
                runloc[card] = (i, p)

        # column or cell onto a non-empty column: the part that fits is unique for each card
        # that may lie on its top card
        most = self.limit(free, n_empty, False)
        for j, colj in tops:
            for want in self.wanted[colj[-1]]:
                where = runloc.get(want)
                if where is not None:
                    i, p = where
                    if i != j and len(cols[i]) - p <= most:
                        new_cols = list(cols)
                        new_cols[i] = cols[i][:p]
                        new_cols[j] = colj + cols[i][p:]
                        yield finish(node, new_cols, cells, (names[i] + names[j],), i, j)
                k = cells.find(want)
                if k >= 0:
                    new_cols = list(cols)
                    new_cols[j] = colj + bytes((want,))
                    new_cells = bytearray(cells)
                    new_cells[k] = EMPTY
                    yield finish(node, new_cols, bytes(new_cells), (cnames[k] + names[j],), -1, j)
        if first_empty >= 0:
            e = first_empty
            most = self.limit(free, n_empty, True)
            if d.empty == HEAD:
                # a run headed by a rel-12 card (or such a cell card) to the first empty column
                for head in self.heads:
                    where = runloc.get(head)
                    if where is not None:
                        i, p = where
                        count = len(cols[i]) - p
                        if p > 0 and count <= most:
                            new_cols = list(cols)
                            new_cols[i] = cols[i][:p]
                            new_cols[e] = cols[i][p:]
                            yield finish(node, new_cols, cells, (self._to_empty(i, e, count),), i, e)
                    k = cells.find(head)
                    if k >= 0:
                        new_cols = list(cols)
                        new_cols[e] = bytes((head,))
                        new_cells = bytearray(cells)
                        new_cells[k] = EMPTY
                        yield finish(node, new_cols, bytes(new_cells), (cnames[k] + names[e],), -1, e)
            else:
                # a cell card, or any part of a run but a whole column, to the first empty column
                for k, card in enumerate(cells):
                    if card != EMPTY:
                        new_cols = list(cols)
                        new_cols[e] = bytes((card,))
                        new_cells = bytearray(cells)
                        new_cells[k] = EMPTY
                        yield finish(node, new_cols, bytes(new_cells), (cnames[k] + names[e],), -1, e)
                for i, col in tops:
                    n = len(col)
                    p = n - 1
                    stop = max(run_of[col][0][1], 1)
                    while p >= stop and n - p <= most:
                        new_cols = list(cols)
                        new_cols[i] = col[:p]
                        new_cols[e] = col[p:]
                        yield finish(node, new_cols, cells, (self._to_empty(i, e, n - p),), i, e)
                        p -= 1
        # an exposed card to the first free cell
        if free_cell >= 0:
            cell_name = cnames[free_cell]
            for i, col in tops:
                new_cols = list(cols)
                new_cols[i] = col[:-1]
                new_cells = bytearray(cells)
                new_cells[free_cell] = col[-1]
                yield finish(node, new_cols, bytes(new_cells), (names[i] + cell_name,), i, -1, col[-1])
        # a card home that does not go by itself (Penguin's beak; in alternate colours one that
        # a card still in play could lie on): a move of its own
        safe = self.safe
        for i, col in tops:
            card = col[-1]
            s = card // 13
            if card % 13 == home[s] and not safe(card, home):
                new_cols = list(cols)
                new_cols[i] = col[:-1]
                sent = (cols, cells, home[:s] + (home[s] + 1,) + home[s + 1:], g, bad)
                yield finish(sent, new_cols, cells, (names[i] + "h",), i, -1, card, True)
        for k, card in enumerate(cells):
            if card != EMPTY:
                s = card // 13
                if card % 13 == home[s] and not safe(card, home):
                    new_cells = bytearray(cells)
                    new_cells[k] = EMPTY
                    sent = (cols, cells, home[:s] + (home[s] + 1,) + home[s + 1:], g, bad)
                    yield finish(sent, list(cols), bytes(new_cells), (cnames[k] + "h",), -1, -1, card, True)

    def _to_empty(self, i: int, e: int, count: int) -> str:
        names = self.desc.col_names
        return names[i] + names[e] + (f"v{count:x}" if self.desc.counted and count > 1 else "")

    def _finish(self, node, new_cols: list[bytes], new_cells: bytes, tokens: tuple[str, ...],
                src: int, dst: int, check: int = EMPTY, sent: bool = False) -> Child:
        """The child after a move from column ``src`` (or -1) to column ``dst`` (or -1): safe
        foundation moves, then key and priority. ``check``: a card put in a cell or sent home;
        ``sent``: the move sent a card home (``node`` has it home already)."""
        cols, _, home, g, bad = node
        # Only a newly exposed card or a card sent home can start foundation moves: the parent
        # had none left.
        trigger = sent or (check != EMPTY and check % 13 == home[check // 13])
        if not trigger and src >= 0:
            col = new_cols[src]
            if col:
                trigger = self.safe(col[-1], home)
        bad_of = self._bad
        if trigger:
            cols_t, cells_b, home_t, auto = self.auto(new_cols, bytearray(new_cells), list(home))
            tokens = tokens + auto
            bad = self._badness(cols_t)
        else:
            cols_t, cells_b, home_t = tuple(new_cols), new_cells, home
            for i in (src, dst):
                if i >= 0:
                    b = bad_of.get(cols_t[i])
                    if b is None:
                        b = bad_of[cols_t[i]] = self.disorder(cols_t[i])
                    bad += b - bad_of[cols[i]]
        g += len(tokens)
        out = 52 - home_t[0] - home_t[1] - home_t[2] - home_t[3]
        used = len(cells_b) - cells_b.count(EMPTY)
        d = self.desc
        prio = d.w_out * out + d.w_bad * bad + d.w_cell * used + self.g_weight * g
        if d.w_buried:
            prio += d.w_buried * buried(cols_t, home_t)
        if d.w_space:
            prio += d.w_space * sum(1 for col in cols_t if col)
        key = SEP.join(sorted(cols_t)) + CELLSEP + bytes(sorted(cells_b))
        return tokens, (cols_t, cells_b, home_t, g, bad), key, prio, out == 0

    def auto(self, cols: list[bytes], cells: bytearray, home: list[int]):
        """Send home every card that goes safely; returns the new parts and the tokens."""
        safe = self.safe
        tokens: list[str] = []
        moved = True
        while moved:
            moved = False
            for i in range(len(cols)):
                col = cols[i]
                while col and safe(col[-1], home):
                    home[col[-1] // 13] += 1
                    col = col[:-1]
                    tokens.append(self.home_col[i])
                    moved = True
                cols[i] = col
            for k in range(len(cells)):
                c = cells[k]
                if c != EMPTY and safe(c, home):
                    home[c // 13] += 1
                    cells[k] = EMPTY
                    tokens.append(self.home_cell[k])
                    moved = True
        return tuple(cols), bytes(cells), tuple(home), tuple(tokens)


# -- replaying tokens on internal states (for shortening) ------------------------------
def read_token(desc: Description, token: str, ncells: int) -> tuple[int, int, int] | None:
    """(source, target, count) of a token, places numbered columns first then cells, -1 home;
    count 0 when not written. None when it is not a move token of the game."""
    places = [(name, i) for i, name in enumerate(desc.col_names + desc.cell_names[:ncells])] + [("h", -1)]

    def place(at: int) -> tuple[int, int] | None:
        best = None
        for name, code in places:
            if token.startswith(name, at) and (best is None or len(name) > len(best[0])):
                best = (name, code)
        return None if best is None else (best[1], at + len(best[0]))

    first = place(0)
    if first is None or first[0] < 0:
        return None
    second = place(first[1])
    if second is None:
        return None
    rest = token[second[1]:]
    if not rest:
        return first[0], second[0], 0
    if not desc.counted or rest[0] != "v" or len(rest) == 1 or any(c not in "0123456789abcdef" for c in rest[1:]):
        return None
    count = int(rest[1:], 16)
    return (first[0], second[0], count) if 2 <= count <= 52 else None


def simulate(problem: TableauProblem, tokens: tuple[str, ...]) -> list[tuple] | None:
    """Every position along ``tokens`` from the problem's start, or None at an illegal move
    or a line that does not win. Mirrors the engines' rules; the engine still has the last
    word (verify)."""
    d = problem.desc
    ncols = d.ncols
    cols, cells, home = problem.start_state
    cols, cells, home = list(cols), bytearray(cells), list(home)
    states = [(tuple(cols), bytes(cells))]
    nc = len(cells)
    for tok in tokens:
        move = read_token(d, tok, nc)
        if move is None:
            return None
        src, dst, count = move
        if src < ncols:
            i = src
            if not cols[i]:
                return None
            card = cols[i][-1]
        else:
            k = src - ncols
            if cells[k] == EMPTY:
                return None
            card = cells[k]
        if dst < 0:
            if count or card % 13 != home[card // 13]:
                return None
            home[card // 13] += 1
            if src < ncols:
                cols[i] = cols[i][:-1]
            else:
                cells[k] = EMPTY
        elif dst >= ncols:
            m = dst - ncols
            if count or src >= ncols or cells[m] != EMPTY:
                return None
            cells[m] = card
            cols[i] = cols[i][:-1]
        else:
            j = dst
            if src == dst:
                return None
            target = cols[j]
            moving = cols[i][problem.run_start(cols[i]):] if src < ncols else bytes((card,))
            if target:
                fits = problem.fits[target[-1]]
                p = -1 if count else next((q for q, c in enumerate(moving) if c in fits), -1)
            elif count or d.counted:  # the count is written, or one card
                p = len(moving) - (count or 1)
                if p < 0 or (d.empty == HEAD and moving[p] % 13 != 12):
                    return None
            else:  # Penguin: the run from its head
                p = next((q for q, c in enumerate(moving) if c % 13 == 12), -1)
            if p < 0:
                return None
            moving = moving[p:]
            n_empty = sum(1 for c in cols if not c)
            if len(moving) > problem.limit(cells.count(EMPTY), n_empty, not target):
                return None
            cols[j] = target + moving
            if src < ncols:
                cols[i] = cols[i][: len(cols[i]) - len(moving)]
            else:
                cells[k] = EMPTY
        states.append((tuple(cols), bytes(cells)))
    return states if sum(home) == 52 else None


def shorten_python(problem: TableauProblem, tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Drop cell round trips: ``Xc ... cY`` becomes ``XY`` at the later point (or nothing
    when Y is X) whenever the whole solution still plays out and wins. Deterministic:
    candidates are tried left to right until none helps."""
    d = problem.desc
    nc = len(problem.start_state[1])
    moves = [read_token(d, tok, nc) for tok in tokens]
    for tok, move in zip(tokens, moves):
        if move is None:
            raise ValueError(f"{tok!r} is not a {d.name} move token")
    ncols = d.ncols
    improved = True
    while improved:
        improved = False
        for i in range(len(tokens)):
            src, cell, _ = moves[i]  # type: ignore[misc]
            if src >= ncols or cell < ncols:
                continue
            j = next((q for q in range(i + 1, len(tokens)) if moves[q][0] == cell), -1)  # type: ignore[index]
            if j < 0:
                continue
            dst = moves[j][1]  # type: ignore[index]
            middle = tokens[i + 1:j] if dst == src else tokens[i + 1:j] + (problem.token(src, dst),)
            trial = tokens[:i] + middle + tokens[j + 1:]
            if simulate(problem, trial) is not None:
                tokens = trial
                moves = [read_token(d, t, nc) for t in tokens]
                improved = True
                break
    return tokens


# -- which core runs ----------------------------------------------------------------------
def search_problem(problem: TableauProblem, max_states: int, max_seconds: float | None) -> SearchOutcome:
    """``best_first`` on ``problem``, by the compiled core where it is built (the same
    verdict, moves and counts; see ``core``), else by the pure-Python search."""
    core = compiled()
    weight = problem.g_weight
    if core is None or type(weight) is not int or not 0 <= weight <= MAX_G_WEIGHT:
        return best_first(problem, max_states, max_seconds)
    return compiled_search(core, problem, max_states, max_seconds)


def compiled_search(core, problem: TableauProblem, max_states: int, max_seconds: float | None) -> SearchOutcome:
    """``best_first`` on ``problem`` by the compiled core ``core`` (``_tableau_core``)."""
    cols, cells, home = problem.start_state
    verdict, moves, expanded, generated, budget, _ = core.search_game(  # (a budget past 2^62 is no budget)
        problem.desc.code(), cols, cells, home, problem.g_weight, min(max_states, 2**62), max_seconds)
    return SearchOutcome(verdict, moves, expanded, generated, budget)


def shorten(problem: TableauProblem, tokens: tuple[str, ...]) -> tuple[str, ...]:
    """``shorten_python``, by the compiled core where it is built (the same result)."""
    core = compiled()
    if core is None:
        return shorten_python(problem, tokens)
    cols, cells, home = problem.start_state
    return core.shorten_game(problem.desc.code(), cols, cells, home, tuple(tokens))
