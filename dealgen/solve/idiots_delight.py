"""An exact solver for Idiot's Delight: depth-first search with a memo of lost positions.

A position reached from a start is fully described by how many times the stock was
dealt and which cards have been discarded: each stack then holds the cards dealt to
it, in order, minus the discarded ones. The key is that pair, packed into one int
(``discarded bits | deals << 52``), so transpositions (the same discards in another
order) are searched once. The memo only records positions whose every move was tried
without a win (or that the pruning below proves lost), so nothing that could lead to a win is ever skipped: when the search
returns without a win, every line from the start has been played out, and the
verdict ``unsolvable`` is exact.

Move order (it decides which solution is found and how fast, never the verdict):
pairs first (two cards out), then single discards, then the deal.

Pruning: a position where some card still in play has no possible partner left in play
(a card of its rank or a higher card of its suit, in another stack) is lost, and is not
expanded (see ``helper_masks`` and ``search`` for why this loses no win).

Everything is deterministic: keys are ints, the memo is only probed, moves are tried
in a fixed order; hash seeds cannot change the verdict, the moves or the metrics.

Effort metrics (counts, for grading): ``states_expanded`` (positions whose moves were
generated), ``dead_ends`` (positions proved lost), ``solution_length`` (moves),
``choices`` (positions along the solution with more than one legal move),
``alternatives`` (legal moves along the solution beyond the one played: how many wrong
turns a player could take) and ``max_branching`` (most legal moves at once on it).

Rule set ``free`` has its own search (``search_free``): one deal phase at a time, with a
dominance between positions that only holds when a deal is allowed at any time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from . import SOLVED, UNKNOWN, UNSOLVABLE, SolverOutput, register_solver

TIME_CHECK = 1024  # expansions between clock reads
RANKS_FROM = [sum(1 << c for c in range(52) if c % 13 >= r) for r in range(14)]  # cards of rank >= r
RANK = [sum(1 << c for c in range(52) if c % 13 == r) for r in range(13)]  # cards of rank r


@dataclass(frozen=True)
class Search:
    verdict: str  # "solved", "unsolvable" or "unknown"
    moves: tuple[str, ...]
    expanded: int
    dead: int
    budget: str | None = None  # which budget ran out when the verdict is unknown
    metrics: dict[str, int] = field(default_factory=dict)


def legal(stacks: Sequence[list[int]], stock_left: int, free: bool) -> list[tuple[int, ...]]:
    """Legal moves as stack-index tuples (0-based); () is a deal. Same order as the engine."""
    tops = [s[-1] if s else -1 for s in stacks]
    pairs: list[tuple[int, ...]] = []
    singles: list[tuple[int, ...]] = []
    for i in range(4):
        a = tops[i]
        if a < 0:
            continue
        for j in range(i + 1, 4):
            if tops[j] >= 0 and tops[j] % 13 == a % 13:
                pairs.append((i, j))
        suit = a // 13
        for b in tops:
            if b > a and b // 13 == suit:
                singles.append((i,))
                break
    moves = pairs + singles
    if stock_left and (free or not moves):
        moves.append(())
    return moves


def token(move: tuple[int, ...]) -> str:
    return "".join(str(i + 1) for i in move) if move else "d"


def helper_masks(stacks: Sequence[Sequence[int]], stock: Sequence[int]) -> dict[int, int]:
    """For each card still in play, the bit mask of the cards that could ever take it out:
    a card of its rank, or a higher card of its suit, in another stack. Cards never change
    stacks (the stock's k-th card from the top always lands on stack k mod 4), and two
    cards of one stack are never both on top, so these are its only possible partners."""
    column = {c: i for i, s in enumerate(stacks) for c in s}
    column.update({c: k % 4 for k, c in enumerate(stock)})
    masks = {}
    for x, cx in column.items():
        m = 0
        for y, cy in column.items():
            if cy != cx and (y % 13 == x % 13 or (y // 13 == x // 13 and y > x)):
                m |= 1 << y
        masks[x] = m
    return masks


def all_dischargeable(stacks: Sequence[Sequence[int]], stock: Sequence[int]) -> bool:
    """A necessary condition for a win, checked once at the start of a search.

    Number each stack's cards from the bottom, counting the stock's cards where they
    will land. A card x (stack s, index i) leaves while on top beside a partner y
    (stack t != s, index j): a card of its rank or a higher one of its suit. By then at
    least the deal that brings both into play has been made, so every card above x on s
    and above y on t, up to that deal, has left before. Call those the blockers of (x, y).

    Grow a set P from nothing: add x when some partner y has all its blockers in P.
    In any winning play, order the cards by when they leave: each card's blockers left
    before it, so by induction every card is in P. If P misses a card, no play wins.
    """
    columns = [list(s) for s in stacks]
    for k, c in enumerate(stock):
        columns[k % 4].append(c)
    tops = [len(s) - 1 for s in stacks]  # index of each stack's top card now
    where = {c: (s, i) for s, col in enumerate(columns) for i, c in enumerate(col)}
    # above[s][i] = bits of the cards of stack s from index i + 1 to the end
    above = []
    for col in columns:
        masks = [0] * len(col)
        acc = 0
        for i in range(len(col) - 1, -1, -1):
            masks[i] = acc
            acc |= 1 << col[i]
        above.append(masks)

    def upto(s: int, i: int, deals: int) -> int:
        """Bits of stack s's cards above index i that are in play once ``deals`` deals are made."""
        last = tops[s] + deals
        return above[s][i] & ~above[s][last] if last < len(columns[s]) else above[s][i]

    options: dict[int, list[int]] = {}
    for x, (s, i) in where.items():
        masks = []
        for y, (t, j) in where.items():
            if t != s and (y % 13 == x % 13 or (y // 13 == x // 13 and y > x)):
                deals = max(0, i - tops[s], j - tops[t])
                masks.append(upto(s, i, deals) | upto(t, j, deals))
        options[x] = masks
    proved = 0
    todo = list(where)
    while todo:
        rest = [x for x in todo if not any(m & ~proved == 0 for m in options[x])]
        if len(rest) == len(todo):
            return False
        for x in todo:
            if x not in rest:
                proved |= 1 << x
        todo = rest
    return True


class PairCheck:
    """A necessary condition on pairs, cheap enough to check after every discard.

    A card with no higher card of its suit left in play on another stack can never
    again leave alone (partners only ever disappear): it must leave in a pair with a
    card of its rank from another stack. Pairs are disjoint, so for each rank the cards
    in play must hold a set of disjoint pairs, each across two stacks, that covers every
    such card (four Kings with three on one stack never can). If not, no play wins.
    """

    def __init__(self, column: dict[int, int]):
        self.column = column
        self.single = {x: sum(1 << y for y, t in column.items() if t != cx and y // 13 == x // 13 and y > x)
                       for x, cx in column.items()}
        self.by_rank = [sorted(c for c in column if c % 13 == r) for r in range(13)]
        self.cache: dict[tuple[int, int], bool] = {}

    def _matchable(self, cards: tuple[int, ...], must: int) -> bool:
        if not must:
            return True
        x = next(c for c in cards if must >> c & 1)
        rest = tuple(c for c in cards if c != x)
        for y in rest:
            if self.column[y] != self.column[x]:
                if self._matchable(tuple(c for c in rest if c != y), must & ~(1 << x | 1 << y)):
                    return True
        return False

    def ok(self, live: int, top_rank: int = 12) -> bool:
        """Check ranks up to ``top_rank`` (a discard only affects its rank and those below)."""
        single, cache = self.single, self.cache
        for r in range(top_rank + 1):
            held = live & RANK[r]
            must = 0
            rest = held
            while rest:
                low = rest & -rest
                if not single[low.bit_length() - 1] & live:
                    must |= low
                rest ^= low
            if must:
                known = cache.get((held, must))
                if known is None:
                    cards = tuple(c for c in self.by_rank[r] if held >> c & 1)
                    known = cache[held, must] = self._matchable(cards, must)
                if not known:
                    return False
        return True


def search(stacks: Iterable[Iterable[int]], stock: Sequence[int], free: bool,
           max_states: int | None = None, max_seconds: float | None = None) -> Search:
    """Search from stacks (bottom first) and stock (top first) for a way to discard every card.

    Pruning, and why it loses no win: a position in which some card still in play has no
    possible partner left in play (``helper_masks``), or whose pair-only cards cannot be
    paired off (``PairCheck``), can never be cleared, since discarded cards never come
    back; it is counted as a dead end without expanding it. At the start,
    ``all_dischargeable`` also checks the order in which cards can come free.
    """
    piles = [list(s) for s in stacks]
    stock = list(stock)
    ndeals = len(stock) // 4
    helpers = helper_masks(piles, stock)
    # who loses a possible partner when a card goes
    needs: dict[int, list[int]] = {c: [x for x in helpers if helpers[x] >> c & 1] for c in helpers}
    live0 = sum(1 << c for c in helpers)
    column = {c: i for i, p in enumerate(piles) for c in p}
    column.update({c: k % 4 for k, c in enumerate(stock)})
    pairs = PairCheck(column)
    if (any(not helpers[x] & live0 for x in helpers) or not pairs.ok(live0)
            or not all_dischargeable(piles, stock)):
        return Search(UNSOLVABLE, (), 0, 1)
    dead: set[int] = set()
    path: list[tuple[int, ...]] = []
    now = [live0, 0]  # live cards (bits), deals made
    expanded = 0
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    out_of: list[str] = []

    def hopeless(live: int, gone: list[int]) -> bool:
        for c in gone:
            for x in needs[c]:
                if live >> x & 1 and not helpers[x] & live:
                    return True
        return not pairs.ok(live, max(c % 13 for c in gone))

    def dfs() -> bool:
        nonlocal expanded
        live, deals = now
        if live == 0:
            return True
        key = live | (deals << 52)
        if key in dead:
            return False
        if max_states is not None and expanded >= max_states:
            out_of.append("states")
            return False
        if deadline is not None and expanded % TIME_CHECK == 0 and time.monotonic() > deadline:
            out_of.append("seconds")
            return False
        expanded += 1
        for move in legal(piles, deals < ndeals, free):
            path.append(move)
            if move:
                cards = [piles[i].pop() for i in move]
                after = live ^ sum(1 << c for c in cards)
                if not hopeless(after, cards):
                    now[0] = after
                    if dfs():
                        return True
                    now[0] = live
                for i, c in zip(move, cards):
                    piles[i].append(c)
            else:
                for p, c in zip(piles, stock[4 * deals: 4 * deals + 4]):
                    p.append(c)
                now[1] = deals + 1
                if dfs():
                    return True
                now[1] = deals
                for p in piles:
                    p.pop()
            path.pop()
            if out_of:
                return False
        dead.add(key)
        return False

    if dfs():
        return Search(SOLVED, tuple(token(m) for m in path), expanded, len(dead))
    if out_of:
        return Search(UNKNOWN, (), expanded, len(dead), out_of[0])
    return Search(UNSOLVABLE, (), expanded, len(dead))


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class OutOfBudget(Exception):
    """The states or seconds budget ran out (the verdict is then unknown)."""

    def __init__(self, which: str):
        super().__init__(which)
        self.which = which


def lowest_rank(live: int) -> int:
    return next(r for r in range(13) if live & RANK[r])


class FreeSearch:
    """The exact search for rule set ``free``, one deal phase at a time.

    A position is (deals made, live cards), live meaning not yet discarded (stock
    included). Between two deals only discards happen; a *phase* is every position
    reachable by discards from the one a deal produced. The search enumerates a phase
    (a few hundred positions at most), then deals from the positions worth dealing
    from, depth first. The same rules hold for a *partial* position, whose live set
    misses some undealt cards too (they are treated as gone: they never land); the
    searches of smaller games below are searches of such positions.

    Soundness rests on one lemma, DOMINANCE. Say a card y *serves* a card w when y is in
    another stack and has w's rank or is a higher card of w's suit: y serves w exactly
    when y could ever be w's partner (the two cards of one stack are never both on top).
    Let A and B have the same deals made, live(B) a proper subset of live(A), and no card
    live in B served by a card of R = live(A) - live(B). Then if A can be won, so can B:
    replay A's winning line from B, skipping the moves that discard R's cards. Every
    other move only discards cards live in B, and their partners serve them, so are not
    in R; each such card is on top in B whenever it is on top in A (B has discarded a
    superset, live(B) never contains an R card); and a deal is legal at any time under
    ``free``, so the replay is legal and discards everything. (Under ``strict`` a deal
    depends on which discards exist, so none of this applies there.) Hence:

    * a discard whose cards serve no card still live afterwards is *safe*: it is played
      at once and no sibling move is tried (the position after it dominates);
    * of the positions of a phase, only those no other position of the same phase
      dominates are dealt from;
    * SMALLER GAMES: a card of rank below r serves only cards of rank below r (a partner
      has the same rank or a higher one), so the live cards of rank r and up, alone,
      form a position that dominates the whole one: if it cannot be won, neither can
      the whole (``smaller_game_lost``). These smaller games are searched by this same
      search, with the same memo: a lost one is often proved in a few dozen positions,
      long before the whole position runs into a dead end.

    A second lemma, DEALING AHEAD: from (d, L) one may deal until (d', L), d' >= d, so
    if (d', L) can be won so can (d, L). The memo therefore keeps, per live set, the
    fewest deals at which it was proved lost (lost with at least that many) and the
    most deals at which it was proved won (won with at most that many).

    Dead ends, each a necessary condition for a win checked before a position is used:
    every live card is still served by some live card (``helper_masks``); the pair-only
    cards of each rank can be paired off across stacks (``PairCheck``); and at each phase
    start the blocking fixpoint (``_fixpoint``, the argument of ``all_dischargeable``
    from the current position).
    """

    def __init__(self, stacks: Sequence[Sequence[int]], stock: Sequence[int]):
        self.piles = [list(s) for s in stacks]
        self.stock = list(stock)
        self.ndeals = len(self.stock) // 4
        cols = [list(s) for s in self.piles]
        for k, c in enumerate(self.stock):
            cols[k % 4].append(c)
        self.cols = cols
        self.base = [len(p) for p in self.piles]  # cards of a stack in play before any deal
        self.serves = helper_masks(self.piles, self.stock)  # card -> cards that can partner it
        self.served: dict[int, int] = {c: 0 for c in self.serves}  # card -> cards it can partner
        for x, m in self.serves.items():
            for y in _bits(m):
                self.served[y] |= 1 << x
        self.live0 = sum(1 << c for c in self.serves)
        self.pairs = PairCheck({c: s for s, col in enumerate(cols) for c in col})
        # blocking fixpoint data: for x and each card y that serves it, the cards above
        # either of them, and those of them in play once both x and y are
        where = {c: (s, i) for s, col in enumerate(cols) for i, c in enumerate(col)}
        above: dict[int, int] = {}
        for col in cols:
            acc = 0
            for c in reversed(col):
                above[c] = acc
                acc |= 1 << c
        self.inplay = [sum(1 << c for s, col in enumerate(cols) for c in col[:self.base[s] + d])
                       for d in range(self.ndeals + 1)]
        self.options: dict[int, list[tuple[int, int, int]]] = {}
        for x, m in self.serves.items():
            sx, ix = where[x]
            opts = []
            for y in _bits(m):
                sy, iy = where[y]
                both = max(0, ix - self.base[sx] + 1, iy - self.base[sy] + 1)
                over = above[x] | above[y]
                opts.append((1 << y, over & self.inplay[min(both, self.ndeals)], over))
            self.options[x] = opts
        # memo, per live set: fewest deals at which lost, most deals at which won
        self.lost: dict[int, int] = {}
        self.won: dict[int, int] = {}
        self.line: dict[tuple[int, int], tuple[list[str], int]] = {}  # the whole game's winning steps
        self.nested = 0  # > 0 while a smaller game is searched
        self.expanded = self.dead = 0
        self.limit: int | None = None
        self.deadline: float | None = None

    # -- dead-end tests --------------------------------------------------------------
    def hopeless(self, live: int, gone: int) -> bool:
        """After discarding ``gone``: some live card is served by no live card, or the
        pair-only cards of a rank cannot be paired off."""
        serves, served = self.serves, self.served
        top = 0
        for c in _bits(gone):
            top = max(top, c % 13)
            rest = served[c] & live
            while rest:
                low = rest & -rest
                if not serves[low.bit_length() - 1] & live:
                    return True
                rest ^= low
        return not self.pairs.ok(live, top)

    def _fixpoint(self, live: int, deals: int) -> bool:
        """False when some live card can never be discarded (see ``all_dischargeable``).

        A card x leaves on top beside a live partner y; by then at least max(deals now,
        the deal that brings both into play) deals are made, so every live card above x
        or above y in play by then has left before. Grow P by adding x once some y has
        all those blockers in P; in a winning line, by induction on the order cards
        leave, every card is in P. Blockers at the later deal include those at the
        earlier, so using the earliest deal keeps the test necessary."""
        now = self.inplay[deals]
        proved = 0
        todo = list(_bits(live))
        options = self.options
        while todo:
            rest = []
            for x in todo:
                for y, first, over in options[x]:
                    if live & y and (first | over & now) & live & ~proved == 0:
                        proved |= 1 << x
                        break
                else:
                    rest.append(x)
            if len(rest) == len(todo):
                return False
            todo = rest
        return True

    def smaller_game_lost(self, live: int, deals: int) -> bool:
        """True when, for some rank r, the live cards of rank r and up cannot all be
        discarded (SMALLER GAMES in the class docstring). Highest r first: those games
        are the smallest, and each one's search checks the ones above it anyway."""
        low = lowest_rank(live)
        self.nested += 1
        try:
            for r in range(12, low, -1):
                part = live & RANKS_FROM[r]
                if part and part != live & RANKS_FROM[r + 1] and not self.win(part, deals):
                    return True
            return False
        finally:
            self.nested -= 1

    # -- memo (DEALING AHEAD in the class docstring) ---------------------------------
    def known_lost(self, live: int, deals: int) -> bool:
        return self.lost.get(live, 99) <= deals

    def mark_lost(self, live: int, deals: int) -> None:
        if self.lost.get(live, 99) > deals:
            self.lost[live] = deals

    def mark_won(self, live: int, deals: int) -> None:
        """``live`` wins with ``deals`` made, and so does each of its smaller games."""
        won = self.won
        for r in range(lowest_rank(live), 13):
            part = live & RANKS_FROM[r]
            if part and won.get(part, -1) < deals:
                won[part] = deals

    # -- moves -------------------------------------------------------------------------
    def discards(self, live: int, deals: int) -> list[tuple[int, tuple[int, ...]]]:
        """(cards discarded as bits, stacks) for each discard, in the engine's order."""
        tops = []
        for s, col in enumerate(self.cols):
            i = self.base[s] + deals - 1
            while i >= 0 and not live >> col[i] & 1:
                i -= 1
            tops.append(col[i] if i >= 0 else -1)
        pairs, singles = [], []
        for i, a in enumerate(tops):
            if a < 0:
                continue
            for j in range(i + 1, 4):
                if tops[j] >= 0 and tops[j] % 13 == a % 13:
                    pairs.append((1 << a | 1 << tops[j], (i, j)))
            for b in tops:
                if b > a and b // 13 == a // 13:
                    singles.append((1 << a, (i,)))
                    break
        return pairs + singles

    def phase(self, start: int, deals: int) -> tuple[list[int], dict[int, Any]]:
        """Every position reached by discards from ``start`` (safe discards played at
        once, dead ends and positions already proved lost left out), in order found,
        with how each was reached."""
        parent: dict[int, Any] = {start: None}
        order = [start]
        k = 0
        served = self.served
        lost = self.lost
        while k < len(order):
            live = order[k]
            k += 1
            self.expanded += 1
            if not live:
                return [0], parent
            moves = self.discards(live, deals)
            for gone, stacks in moves:  # a safe discard, if any, is the only one tried
                after = live ^ gone
                low = gone & -gone
                if not (served[low.bit_length() - 1] | served[(gone ^ low or low).bit_length() - 1]) & after:
                    moves = [(gone, stacks)]
                    break
            for gone, stacks in moves:
                after = live ^ gone
                if after in parent:
                    continue
                if after and (lost.get(after, 99) <= deals or self.hopeless(after, gone)):
                    self.dead += 1
                    continue
                parent[after] = (live, stacks)
                order.append(after)
        return order, parent

    def undominated(self, positions: list[int]) -> list[int]:
        """The positions of one phase that no other one dominates, fewest live cards first.
        b dominates a when b's cards are a's less some extra ones that serve none of b's."""
        kept: list[int] = []
        served = self.served
        for a in sorted(positions, key=int.bit_count):
            for b in kept:
                if b & ~a == 0:
                    extra = a ^ b
                    while extra:
                        low = extra & -extra
                        if served[low.bit_length() - 1] & b:
                            break
                        extra ^= low
                    else:
                        break  # b dominates a
            else:
                kept.append(a)
        return kept

    # -- the search ----------------------------------------------------------------------
    def _check_budget(self) -> None:
        if self.limit is not None and self.expanded >= self.limit:
            raise OutOfBudget("states")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OutOfBudget("seconds")

    def win(self, start: int, deals: int, fresh: bool = False) -> bool:
        """Can every live card of ``start`` be discarded, ``deals`` deals made? ``fresh``
        searches even when the memo already says won (to record the whole game's line)."""
        if not start:
            return True
        if self.known_lost(start, deals):
            return False
        if not fresh and self.won.get(start, -1) >= deals:
            return True
        self._check_budget()
        if self.smaller_game_lost(start, deals) or not self._fixpoint(start, deals):
            self.dead += 1
            self.mark_lost(start, deals)
            return False
        order, parent = self.phase(start, deals)
        if not order[-1] and 0 in parent:
            return self._won(start, deals, parent, 0)
        if deals < self.ndeals:
            for live in self.undominated(order):
                if self.win(live, deals + 1):
                    return self._won(start, deals, parent, live)
        # the phase start is lost, so is every position reached from it
        for live in order:
            self.mark_lost(live, deals)
        return False

    def _won(self, start: int, deals: int, parent: dict[int, Any], end: int) -> bool:
        self.mark_won(start, deals)
        if not self.nested:  # a step of the whole game's line: the discards, then a deal
            moves = []
            live = end
            while parent[live] is not None:
                live, stacks = parent[live]
                moves.append(token(stacks))
            self.line[start, deals] = (moves[::-1] + (["d"] if end else []), end)
        return True

    def solution(self) -> list[str]:
        """The whole game's winning line, after ``win`` proved it won. A phase start the
        memo knew as won (through a smaller game equal to it) is searched again afresh."""
        moves: list[str] = []
        live, deals = self.live0, 0
        while live:
            if (live, deals) not in self.line:
                self.win(live, deals, fresh=True)
            steps, live = self.line[live, deals]
            moves += steps
            deals += 1
        return moves

    def run(self, max_states: int | None = None, max_seconds: float | None = None) -> Search:
        live0 = self.live0
        if (any(not self.serves[x] & live0 for x in self.serves) or not self.pairs.ok(live0)
                or not all_dischargeable(self.piles, self.stock)):
            return Search(UNSOLVABLE, (), 0, 1)
        self.limit = max_states
        self.deadline = None if max_seconds is None else time.monotonic() + max_seconds
        try:
            won = self.win(live0, 0)
        except OutOfBudget as out:
            return Search(UNKNOWN, (), self.expanded, self.dead, out.which)
        if not won:
            return Search(UNSOLVABLE, (), self.expanded, self.dead)
        self.limit = self.deadline = None
        return Search(SOLVED, tuple(self.solution()), self.expanded, self.dead)


def search_free(stacks: Iterable[Iterable[int]], stock: Sequence[int], max_states: int | None = None,
                max_seconds: float | None = None) -> Search:
    """``search`` for rule set ``free`` (see ``FreeSearch``)."""
    return FreeSearch([list(s) for s in stacks], stock).run(max_states, max_seconds)


@register_solver("idiots-delight")
def solve_idiots_delight(game, state, max_states: int | None = None, max_seconds: float | None = None,
                         grade: bool = True) -> SolverOutput:
    """Solve an engine position (``dealgen.games.idiots_delight.IDState``)."""
    free = state.rules == "free"
    stacks = [[int(c) for c in s] for s in state.stacks]
    stock = [int(c) for c in state.stock]
    if free:
        found = search_free(stacks, stock, max_states, max_seconds)
    else:
        found = search(stacks, stock, free, max_states, max_seconds)
    metrics: dict[str, int | float] = {"states_expanded": found.expanded, "dead_ends": found.dead}
    if found.verdict == UNKNOWN:
        return SolverOutput(UNKNOWN, (), metrics, found.budget)
    if found.verdict == UNSOLVABLE:
        why = (f"exhaustive search: every line of play from the deal under '{state.rules}' was followed; "
               f"all {found.dead} positions reached (deals made, cards discarded) are lost")
        return SolverOutput(UNSOLVABLE, (), metrics, explanation=why)
    metrics.update(game.line_metrics(state, found.moves))  # length and choices along the line
    return SolverOutput(SOLVED, found.moves, metrics)
