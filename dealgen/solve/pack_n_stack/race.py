"""Race counts for the endgame (stock empty), where nobody can hinder the other's packs.

Each pack joins two piles of one suit, so a side needs (its piles - 2) more packs
(``packs_left``). A *lower bound* on the turns a side needs comes from a relaxation in which
the opponent's piles vanish and every square not holding a pile of the suit is free for
packet moves.

A *safe plan* finishes a side's two stacks by its own moves alone, whatever the opponent
does meanwhile. Packs are always safe: nobody can touch the other's piles. A packet move
needs an empty square, and the opponent's only way to hinder is to move a packet of its
own there first; a plan's packet move is safe when the opponent has no turn at which it
could have a packet seeing that square while the square is empty (``blockable``). A plan
of packs alone (a *pure-pack* plan) is the simplest safe plan.

The two facts the solver and the verifier use (A to move, D the opponent):
- A wins if A has a safe plan of P turns and D needs at least P turns (D gets only
  P - 1 turns before A's last move);
- with D to move, A wins if A's safe plan has P turns and D needs more than P.
Nothing else can stop a safe plan: the quiet-turn and repetition draws need 20 turns
without a pack or a position seen three times, and a shortest plan never repeats the
planner's own position (it packs at least every few turns).

A side with no turn to spare (it must finish within its lower bound) lowers the bound with
every move, so its packet moves land only on its *course* (``on_course``); a plan that must
beat it needs to be safe from those squares only (``safe_plan``'s ``fills``). Such plans only
ever refute; race certificates in strategy files are always safe from every square.
"""

from __future__ import annotations

from functools import lru_cache

from ...games.pack_n_stack import _SEES_SET, FOLLOWS, NSQ, QUIET_LIMIT, SEES, PnsMove, PnsState, side_of

SEES_MASK = tuple(sum(1 << j for j in sees) for sees in SEES)
# A suit's piles as the race sees them: (square, head card, is a packet), sorted.
Piles = tuple[tuple[int, int, bool], ...]
COURSE_STATES = 3000  # arrangements on_course may look at before it claims every square
SHIFT_CAP = 2  # the relaxation searches up to this many packet moves per suit, then says "more"
ALL = (1 << NSQ) - 1
NEVER = 99  # the reach of a square the opponent never fills
SAFE_BUDGET = 100  # search steps a safe plan may take; past them the search claims nothing


def suit_piles(state: PnsState, suit: int) -> Piles:
    return all_piles(state)[suit]


def all_piles(state: PnsState) -> tuple[Piles, Piles, Piles, Piles]:
    """Each suit's piles (in square order), worked out once per position."""
    found = state.__dict__.get("_piles")
    if found is None:
        by_suit: tuple[list, list, list, list] = ([], [], [], [])
        for i, p in enumerate(state.square):
            if p:
                head = p[-1]
                by_suit[head // 13].append((i, head, len(p) > 1))
        found = tuple(tuple(b) for b in by_suit)
        state.__dict__["_piles"] = found
    return found


def moved_suit(parent: PnsState, move: PnsMove) -> Piles:
    """The piles of the moving suit after ``move`` (a pack or packet move, stock empty)."""
    return _moved(all_piles(parent)[parent.square[move.src][-1] // 13], move)


def _moved(piles: Piles, move: PnsMove) -> Piles:
    """``piles`` (the moving suit's) after ``move``."""
    squares = [p[0] for p in piles]
    a = squares.index(move.src)
    return _merged(piles, a, squares.index(move.dst)) if move.kind == "pack" else _shifted(piles, a, move.dst)


def bound_after(parent: PnsState, move: PnsMove, bound: int) -> tuple[int, Piles | None]:
    """The mover's ``lower_bound`` after ``move`` (``bound``: the bound before it), without
    making the position, and the moving suit's piles after it (None for a pass)."""
    if move.kind == "pass":
        return bound, None
    before = all_piles(parent)[parent.square[move.src][-1] // 13]
    after = _moved(before, move)
    return bound - len(before) - min_shifts(before) + len(after) + min_shifts(after), after


def inherit(parent: PnsState, move: PnsMove, child: PnsState, moved: Piles | None = None,
            bound: int | None = None) -> None:
    """Give ``child`` (``parent`` after ``move``, stock empty) what the searches ask of every
    position, worked out from the parent's: a move changes one suit's piles only, so the
    other suits' piles and the opponent's lower bound carry over (``moved`` and ``bound``:
    the moving suit's piles and the mover's bound after the move, when already known)."""
    if parent.stock or move.kind == "pass":
        return
    suits = all_piles(parent)
    pile = child.square[move.dst]
    suit = pile[-1] // 13
    if moved is None:
        moved = moved_suit(parent, move)
    child.__dict__["_piles"] = suits[:suit] + (moved,) + suits[suit + 1:]
    mover = parent.to_move
    counts = list(parent.counts)
    if move.kind == "pack":
        counts[mover] -= 1
        counts[2 + mover] += len(pile) == 13
    child.__dict__["_counts"] = tuple(counts)
    other = _LB_KEY[1 - mover]
    if other in parent.__dict__:
        child.__dict__[other] = parent.__dict__[other]
    if bound is not None:
        child.__dict__[_LB_KEY[mover]] = bound


def side_suits(side: int) -> tuple[int, int]:
    return (2, 3) if side == 0 else (0, 1)


def _merged(piles: Piles, a: int, b: int) -> Piles:
    """Pile ``a`` packed onto pile ``b`` (indices into ``piles``): b's square, a's head."""
    sq = piles[b][0]
    head = piles[a][1]
    rest = [p for k, p in enumerate(piles) if k not in (a, b)]
    rest.append((sq, head, True))
    return tuple(sorted(rest))


def _shifted(piles: Piles, a: int, square: int) -> Piles:
    """Packet ``a`` (an index into ``piles``) moved to the empty ``square``."""
    return tuple(sorted([p for k, p in enumerate(piles) if k != a] + [(square, piles[a][1], True)]))


def squares_of(piles) -> int:
    """The squares the piles stand on, as a mask."""
    return sum(1 << p[0] for p in piles)


def _connected(piles: Piles) -> bool:
    """Whether the piles' squares are linked by sight: packs never move a pile's square
    (the joined pile stays on the target), so a pure-pack plan needs this."""
    return _linked(squares_of(piles))


def _linked(mask: int) -> bool:
    """``_connected`` for the squares of ``mask``."""
    reached = todo = mask & -mask
    while todo:
        low = todo & -todo
        todo ^= low
        new = SEES_MASK[low.bit_length() - 1] & mask & ~reached
        reached |= new
        todo |= new
    return reached == mask


@lru_cache(maxsize=2_000_000)
def pure_plan(piles: Piles) -> tuple[tuple[int, int], ...] | None:
    """Packs (source square, target square) that join these piles into one without any
    packet move, or None when none exists. One pile needs the empty plan."""
    if len(piles) <= 1:
        return ()
    if not _connected(piles):
        return None
    for a, (sa, ha, _) in enumerate(piles):
        follows = FOLLOWS[ha]
        for b, (sb, hb, _) in enumerate(piles):
            if a != b and follows[hb] and sb in _SEES_SET[sa]:
                rest = pure_plan(_merged(piles, a, b))
                if rest is not None:
                    return ((sa, sb),) + rest
    return None


@lru_cache(maxsize=2_000_000)
def _within(piles: Piles, shifts: int) -> bool:
    """Whether the relaxed suit can be joined with at most ``shifts`` packet moves."""
    if len(piles) <= 1:
        return True
    if shifts == 0:
        return pure_plan(piles) is not None
    taken = squares_of(piles)
    for a, (sa, ha, packet) in enumerate(piles):
        follows = FOLLOWS[ha]
        for b, (sb, hb, _) in enumerate(piles):
            if a != b and follows[hb] and sb in _SEES_SET[sa] and _within(_merged(piles, a, b), shifts):
                return True
        if packet:
            rest = taken ^ 1 << sa
            for t in SEES[sa]:
                if not taken >> t & 1:  # every square without a pile of the suit counts as free
                    if shifts == 1 and not _linked(rest | 1 << t):
                        continue  # packs alone cannot join piles out of each other's sight
                    if _within(_shifted(piles, a, t), shifts - 1):
                        return True
    return False


def on_course(piles: Piles) -> int:
    """The squares (a mask) that this suit's packet moves can reach while every move of the
    suit lowers its race count (``len(piles) - 1 + min_shifts``) by one: a side with no turn
    to spare moves only so, so its packet moves fill no other square. Every square once the
    search passes COURSE_STATES arrangements. (A suit needing more than SHIFT_CAP packet moves
    counts SHIFT_CAP + 1 in the bound; a packet move after which it still needs as many lowers
    nothing, so it is not on the course.)"""
    found = _COURSES.get(piles)
    if found is None:
        if not min_shifts(piles):
            return 0  # packs alone from here (not kept: min_shifts keeps it)
        if len(_COURSES) > 400_000:
            _COURSES.clear()
        found = _trace_course(piles)
    return found


# on_course's answers. A finished trace answers for every arrangement it passed too: the
# searches ask next about the arrangements a move along the course leads to, and those are
# among them (a trace from one of them meets a part of the same arrangements, so it too
# stays within COURSE_STATES).
_COURSES: dict[Piles, int] = {}
# Each arrangement's moves along the course, as _course_steps finds them. A trace walks every
# arrangement it reaches, known or not, so whether it gives up, and so every answer, depends
# on the piles alone (never on what was traced before); the moves, the dear part, are found once.
_STEPS: dict[Piles, tuple[tuple[Piles, int], ...] | None] = {}


def _trace_course(piles: Piles) -> int:
    """on_course's walk through the arrangements; keeps every answer it finds in _COURSES."""
    if len(_STEPS) > 400_000:
        _STEPS.clear()
    seen = {piles}
    todo = [piles]
    while todo:
        if len(seen) > COURSE_STATES:
            _COURSES[piles] = ALL
            return ALL
        cur = todo.pop()
        out = _STEPS.get(cur, _MISSING)
        if out is _MISSING:
            out = _STEPS[cur] = _course_steps(cur)
        for nxt, _ in out or ():  # (None: packs alone from here)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return _reached(piles)


def _course_steps(cur: Piles) -> tuple[tuple[Piles, int], ...] | None:
    """The suit's moves from ``cur`` that lower its race count by one: (arrangement after, the
    square a packet move fills or 0); None when packs alone finish it."""
    shifts = min_shifts(cur)
    if shifts == 0:
        return None
    taken = squares_of(cur)
    out = []
    for a, (sa, ha, packet) in enumerate(cur):
        follows = FOLLOWS[ha]
        nexts = [(_merged(cur, a, b), 0, shifts) for b, (sb, hb, _) in enumerate(cur)
                 if a != b and follows[hb] and sb in _SEES_SET[sa]]
        if packet:
            for t in SEES[sa]:
                if not taken >> t & 1:
                    nexts.append((_shifted(cur, a, t), 1 << t, shifts - 1))
        for nxt, target, wanted in nexts:
            # min_shifts(nxt) == wanted, without tracing more packet moves than wanted
            if _within(nxt, wanted) and not (wanted and _within(nxt, wanted - 1)):
                out.append((nxt, target))
    return tuple(out)


def _reached(cur: Piles) -> int:
    """The course of ``cur`` from the moves a finished trace found (_STEPS holds each it
    walked), kept in _COURSES with those of the arrangements after it. (Not a closure inside
    _trace_course: a function that calls itself through its enclosing scope is a reference
    cycle, and the searches run with the cyclic collector off.)"""
    found = _COURSES.get(cur)
    if found is None:
        out = _STEPS[cur]
        if out is None:
            return 0  # packs alone from here (not kept: on_course answers it at once)
        found = 0
        for nxt, target in out:  # every move lowers the count, so this ends
            found |= target | _reached(nxt)
        _COURSES[cur] = found
    return found


def course(state: PnsState, side: int) -> int:
    """``on_course`` for both of ``side``'s suits."""
    first, second = side_suits(side)
    return _memo(state, f"_course{side}",
                 lambda: on_course(suit_piles(state, first)) | on_course(suit_piles(state, second)))


@lru_cache(maxsize=1_000_000)
def min_shifts(piles: Piles) -> int:
    """Fewest packet moves the relaxed suit needs (SHIFT_CAP + 1 means "more than the cap")."""
    for k in range(SHIFT_CAP + 1):
        if _within(piles, k):
            return k
    return SHIFT_CAP + 1


def _memo(state: PnsState, name: str, compute):
    """A value derived from ``state``, kept on the (immutable) state for the searches."""
    cache = state.__dict__
    value = cache.get(name, _MISSING)
    if value is _MISSING:
        value = compute()
        cache[name] = value
    return value


_MISSING = object()


def side_plan(state: PnsState, side: int) -> list[PnsMove] | None:
    """A pure-pack plan for both of ``side``'s suits (packs_left moves), or None."""
    return _memo(state, f"_plan{side}", lambda: _side_plan(state, side))


def _side_plan(state: PnsState, side: int) -> list[PnsMove] | None:
    plan: list[PnsMove] = []
    for suit in side_suits(side):
        part = pure_plan(suit_piles(state, suit))
        if part is None:
            return None
        plan += [PnsMove("pack", a, b) for a, b in part]
    return plan


def lower_bound(state: PnsState, side: int) -> int:
    """Turns ``side`` needs at least to win from here (packs plus unavoidable packet moves).

    While the stock lasts only the pack count is claimed."""
    if state.stock:
        return state.packs_left(side)
    found = state.__dict__.get(_LB_KEY[side])
    if found is None:
        suits = all_piles(state)
        found = 0
        for s in side_suits(side):
            found += len(suits[s]) - 1 + min_shifts(suits[s])
        state.__dict__[_LB_KEY[side]] = found
    return found


_LB_KEY = ("_lb0", "_lb1")


# -- safe plans -------------------------------------------------------------------------------------
def reach(state: PnsState, side: int) -> tuple[int, ...]:
    """For each square, a lower bound on the moves ``side`` needs before a packet of its own
    sees that square: 0 (one does now), 1, or 2 meaning "two or more".

    In one move a side can make a packet only by packing onto a pile (the target stays
    where it is) and can move one only by shifting it to a square it sees; ranks and
    emptiness are ignored here, which can only make the bound smaller (safer)."""
    return _reach(tuple(suit_piles(state, s) for s in side_suits(side)))


@lru_cache(maxsize=100_000)
def _reach(suits: tuple[Piles, ...]) -> tuple[int, ...]:
    """``reach`` from the side's piles alone (searches meet the same piles under many
    arrangements of the other side's)."""
    now = soon = 0
    for piles in suits:
        mask = 0
        for sq, _, packet in piles:
            mask |= 1 << sq
            if packet:
                now |= SEES_MASK[sq]
                soon |= 1 << sq
        for sq, _, _ in piles:
            if SEES_MASK[sq] & mask:
                soon |= 1 << sq  # a pack onto sq makes it a packet
    soon |= now  # a shift puts a packet on a square it sees
    later = 0
    for i in bits(soon):
        later |= SEES_MASK[i]
    return tuple(0 if now >> e & 1 else 1 if later >> e & 1 else 2 for e in range(NSQ))


def bits(mask: int):
    """The squares of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def blockable(reach_e: int, turn: int, opponent_first: bool) -> bool:
    """Whether the opponent could occupy an empty square before the planner's packet move
    there at plan turn ``turn`` (1 = the planner's next turn); ``reach_e`` is the
    opponent's ``reach`` of the square.

    The opponent's turn j comes after the planner's turn j (turn 0, before the planner's
    first, exists when the opponent moves first). To block at turn j it needs reach_e moves
    first and the square empty then. A square the plan empties at some turn is empty at
    every opponent turn from then on, so only the reach limits the opponent: the move is
    safe only in the plan's first reach_e + 1 turns (reach_e when the opponent moves first)."""
    return reach_e <= _latest_reach(turn, opponent_first)


def _latest_reach(turn: int, opponent_first: bool) -> int:
    """The largest reach from which the opponent can still fill a square before the
    planner's packet move at plan turn ``turn`` (see ``blockable``)."""
    return turn - 1 if opponent_first else turn - 2


def safe_plan(state: PnsState, side: int, limit: int, opponent_first: bool,
              fills: int = ALL) -> list[PnsMove] | None:
    """A safe plan of at most ``limit`` turns that finishes ``side``'s two stacks, or None
    (none exists, or none within the search's budget: None never claims anything);
    ``opponent_first`` when the opponent moves before the plan's first turn; ``fills``,
    the squares the opponent may move a packet into (see ``on_course``). Plans of the
    fewest turns are looked for first, up to one turn more than ``lower_bound``."""
    if state.stock or limit < 0:
        return None
    key = f"_safe{side}{int(opponent_first)}{fills}"
    known = state.__dict__.get(key)  # (shortest plan or None, searched up to)
    if known is not None and (known[0] is not None or known[1] >= limit):
        plan = known[0]
        return plan if plan is not None and len(plan) <= limit else None
    plan = _search_safe(state, side, limit, opponent_first, fills)
    state.__dict__[key] = (plan, limit)
    return plan


def _search_safe(state: PnsState, side: int, limit: int, opponent_first: bool, fills: int) -> list[PnsMove] | None:
    piles = all_piles(state)
    first, second = side_suits(side)
    suits = (piles[first], piles[second])
    shifts = min_shifts(suits[0]) + min_shifts(suits[1])
    if shifts == 0:  # packs alone do it, at the least cost (unless a draw comes first)
        plan = side_plan(state, side)
        ok = plan is not None and len(plan) <= limit and _draw_free(state, side, plan, opponent_first)
        return plan if ok else None
    if shifts > 2:
        return None  # seldom found, and dear to look for: claim nothing
    empties = _memo(state, "_empties", lambda: sum(1 << i for i, p in enumerate(state.square) if not p))
    block = _memo(state, f"_reach{1 - side}", lambda: reach(state, 1 - side))
    if fills != ALL:
        block = _only(block, fills)
    # Only these decide the search, and positions differing elsewhere (the opponent's
    # cards, the history) are many: share the answers between them.
    key = (suits, empties, block, opponent_first)
    known = _SAFE_TABLE.get(key)
    if known is not None and (known[0] is not None or known[1] >= limit):
        plan = known[0]
        found = plan if plan is not None and len(plan) <= limit else None
    else:
        found = _search_suits(suits, empties, block, limit, opponent_first, fills != ALL)
        if len(_SAFE_TABLE) > 400_000:
            _SAFE_TABLE.clear()
        _SAFE_TABLE[key] = (found, limit)
    return found if found is not None and _draw_free(state, side, found, opponent_first) else None


_SAFE_TABLE: dict = {}


@lru_cache(maxsize=100_000)
def _only(block: tuple[int, ...], fills: int) -> tuple[int, ...]:
    """``block`` with every square outside ``fills`` never filled."""
    return tuple(b if fills >> e & 1 else NEVER for e, b in enumerate(block))


def _search_suits(suits, empties, block, limit, opponent_first, never) -> list[PnsMove] | None:
    # After this many turns no packet move is safe (reach is at most 2, unless some squares
    # are ``never`` filled), so the rest of a plan is packs alone: search move by move only
    # that far, then ask pure_plan. Plans longer than the bound by two or more are rarely
    # short enough to win a race.
    horizon = limit if never else 2 if opponent_first else 3
    budget = [SAFE_BUDGET]
    start = sum(len(p) - 1 + min_shifts(p) for p in suits)  # lower_bound's figure
    try:
        for bound in range(start, min(limit, start + 1) + 1):
            plan = _dfs(suits, empties, 0, bound, horizon, block, opponent_first, set(), budget)
            if plan is not None:
                return plan
    except _GaveUp:
        pass  # finding no plan only ever costs a proof, never soundness
    return None


class _GaveUp(Exception):
    pass


def _dfs(suits, empties, t, bound, horizon, block, opponent_first, failed, budget) -> list[PnsMove] | None:
    """A safe plan from here (``t`` turns into it) within ``bound`` turns. Packs commute
    with each other, so a pack is tried before the horizon only to prepare a packet move
    after it; whatever follows the last packet move is a pure-pack plan."""
    budget[0] -= 1
    if budget[0] < 0:
        raise _GaveUp
    first, second = suits  # a side's two suits
    shifts = min_shifts(first) + min_shifts(second)
    h = len(first) + len(second) - 2 + shifts
    if t + h > bound:
        return None
    tight = t + h == bound  # no turn to spare: a packet move must land on its suit's course
    if not shifts:  # packs alone from here
        return [PnsMove("pack", a, b) for piles in suits for a, b in pure_plan(piles)]
    if t >= horizon:
        return None
    key = (suits, empties, t)
    if key in failed:
        return None
    late = _latest_reach(t + 1, opponent_first)  # blockable(reach, t + 1, ...) is reach <= late
    for k, piles in enumerate(suits):
        aim = on_course(piles) if tight else ALL
        for a, (sa, _ha, packet) in enumerate(piles):
            if not packet:
                continue
            for e in bits(SEES_MASK[sa] & empties & aim):
                if block[e] > late:  # the opponent cannot fill e first
                    moved = _shifted(piles, a, e)
                    nxt = suits[:k] + (moved,) + suits[k + 1:]
                    rest = _dfs(nxt, empties ^ (1 << e | 1 << sa), t + 1, bound, horizon, block, opponent_first, failed, budget)
                    if rest is not None:
                        return [PnsMove("shift", sa, e)] + rest
    if t + 1 < horizon:  # room for a packet move after this pack
        for k, piles in enumerate(suits):
            for a, (sa, ha, _) in enumerate(piles):
                follows = FOLLOWS[ha]
                for b, (sb, hb, _) in enumerate(piles):
                    if a != b and follows[hb] and sb in _SEES_SET[sa]:
                        nxt = suits[:k] + (_merged(piles, a, b),) + suits[k + 1:]
                        rest = _dfs(nxt, empties | 1 << sa, t + 1, bound, horizon, block, opponent_first, failed, budget)
                        if rest is not None:
                            return [PnsMove("pack", sa, sb)] + rest
    failed.add(key)
    return None


def _draw_free(state: PnsState, side: int, plan: list[PnsMove], opponent_first: bool = False) -> bool:
    """Whether no draw can cut the plan short: fewer than 20 turns in a row without a pack
    (counting the opponent's turns between), no packet move before the plan's first pack
    that brings back an arrangement of the planner's piles seen since the last pack, and,
    when the opponent moves first, no position seen twice that its move could bring back."""
    if opponent_first and _memo(state, "_repeats", lambda: len(set(state.seen)) < len(state.seen)):
        return False
    runs, run, lead = [], 0, None
    for move in plan:
        if move.kind == "pack":
            if lead is None:
                lead = run
            runs.append(run)
            run = 0
        else:
            run += 1
    lead = run if lead is None else lead
    # before the first pack: the lead's moves, as many of the opponent's (one more when it moves
    # first), then the pack itself, which must come while the count is still under the limit
    before = 2 * lead + (1 if opponent_first else 0)
    if state.quiet + before + 1 > QUIET_LIMIT or 2 * max(runs + [run]) + 2 > QUIET_LIMIT:
        return False
    if lead == 0:
        return True

    seen = _memo(state, _SEEN_KEY[side], lambda: {_seen_own(square, side) for square, _ in state.seen})
    square = list(_seen_own(state.square, side))  # the plan moves only the side's own piles
    for move in plan[:lead]:
        square[move.dst], square[move.src] = square[move.src], ()
        if tuple(square) in seen:
            return False
    return True


_SEEN_KEY = ("_seen0", "_seen1")  # each side's projection of the history, kept per position


def _seen_own(square: tuple, side: int) -> tuple:
    """``_own`` of a square from a history: the positions after a move share their history's
    squares (the same objects), so each is projected once, keyed by identity (the entry keeps
    the square alive, so its id is not reused while the entry stands)."""
    key = (id(square), side)
    found = _OWN_SEEN.get(key)
    if found is None:
        if len(_OWN_SEEN) > 400_000:
            _OWN_SEEN.clear()
        found = _OWN_SEEN[key] = (square, _own(square, side))
    return found[1]


_OWN_SEEN: dict = {}


def _own(square, side: int) -> tuple:
    """The square with only ``side``'s piles on it."""
    return tuple(p if p and side_of(p[-1]) == side else () for p in square)


def race_win(state: PnsState, limit: int = 99) -> list[PnsMove] | None:
    """A safe plan of at most ``limit`` turns with which the side to move wins the race
    outright (the opponent needs at least as many turns), else None."""
    if state.stock:
        return None
    me = state.to_move
    return safe_plan(state, me, min(limit, lower_bound(state, 1 - me)), opponent_first=False)


def pure_race(state: PnsState) -> bool:
    """Whether the side to move wins by packing alone, with no packet move to find."""
    me = state.to_move
    plan = None if state.stock else side_plan(state, me)
    return plan is not None and lower_bound(state, 1 - me) >= len(plan)


def race_loss(state: PnsState, no_spare: bool = False) -> bool:
    """Whether the side to move surely loses (``no_spare``: within its ``lower_bound``): the
    opponent has a safe plan shorter than any finish of the side to move. With no turn to
    spare the side to move fills only squares on its course, so the plan need be safe only
    from those."""
    if state.stock:
        return False
    me = state.to_move
    fills = course(state, me) if no_spare else ALL
    return safe_plan(state, 1 - me, lower_bound(state, me) - 1, opponent_first=True, fills=fills) is not None


def check_certificate(state: PnsState, plan: list[PnsMove]) -> str | None:
    """Re-check a race certificate for the side to move; None when it holds, else why not."""
    from ...games.pack_n_stack import PACK_N_STACK as game

    if state.stock:
        return "a race certificate needs an empty stock"
    me = state.to_move
    block = reach(state, 1 - me)
    # Play the plan on the winner's piles alone: the opponent's piles stay where they are
    # and cannot touch these; a packet move must be one the opponent cannot forestall.
    s = state
    for k, move in enumerate(plan, 1):
        if move.kind == "pass":
            return f"plan move {k} is a pass: a certificate lists the winner's packs and packet moves"
        s = PnsState(s.square, s.stock, me, 0, (), s.rules, s.deal)
        reason = game._why_not(s, move)
        if reason is not None:
            return f"plan move {k} ({move.token}) is illegal: {reason}"
        if move.kind == "shift" and blockable(block[move.dst], k, False):
            return (f"plan move {k} ({move.token}) is not safe: the opponent could move a packet "
                    f"to {move.token[3:]} first")
        s = game.apply(s, move)
    if s.stacks(me) < 2:
        return "the plan does not end with two complete stacks"
    if not _draw_free(state, me, plan):
        return "a draw (20 turns without a pack, or a repeated position) could come before the plan ends"
    need = lower_bound(state, 1 - me)
    if need < len(plan):
        return f"the opponent may finish first: it needs at least {need} turns, the plan {len(plan)}"
    return None
