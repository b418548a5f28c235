"""Race counts for the endgame (stock empty), where nobody can hinder the other's packs.

Each pack joins two piles of one suit, so a side needs (its piles - 2) more packs
(``packs_left``). A *pure-pack plan* consolidates both of a side's suits by packs alone:
it needs no empty square, so the opponent cannot disturb it and every turn of it is a
pack (no quiet-turn or repetition draw can intervene). A *lower bound* on the turns a
side needs comes from a relaxation in which the opponent's piles vanish and every square
not holding a pile of the suit is free for packet moves.

The two facts the solver and the verifier use (A to move, D the opponent):
- A wins if A has a pure-pack plan of P turns and D needs at least P turns (D gets only
  P - 1 turns before A's last pack);
- with D to move, A wins if A's plan has P turns and D needs more than P.
"""

from __future__ import annotations

from functools import lru_cache

from ..games.pack_n_stack import FOLLOWS, SEES, PnsMove, PnsState

# A suit's piles as the race sees them: (square, head card, is a packet), sorted.
Piles = tuple[tuple[int, int, bool], ...]
SHIFT_CAP = 2  # the relaxation searches up to this many packet moves per suit, then says "more"


def suit_piles(state: PnsState, suit: int) -> Piles:
    return tuple(sorted((i, p[-1], len(p) > 1) for i, p in enumerate(state.square) if p and p[-1] // 13 == suit))


def side_suits(side: int) -> tuple[int, int]:
    return (2, 3) if side == 0 else (0, 1)


def _merged(piles: Piles, a: int, b: int) -> Piles:
    """Pile ``a`` packed onto pile ``b`` (indices into ``piles``): b's square, a's head."""
    sq = piles[b][0]
    head = piles[a][1]
    rest = [p for k, p in enumerate(piles) if k not in (a, b)]
    rest.append((sq, head, True))
    return tuple(sorted(rest))


@lru_cache(maxsize=200_000)
def pure_plan(piles: Piles) -> tuple[tuple[int, int], ...] | None:
    """Packs (source square, target square) that join these piles into one without any
    packet move, or None when none exists. One pile needs the empty plan."""
    if len(piles) <= 1:
        return ()
    for a, (sa, ha, _) in enumerate(piles):
        follows = FOLLOWS[ha]
        for b, (sb, hb, _) in enumerate(piles):
            if a != b and follows[hb] and sb in SEES[sa]:
                rest = pure_plan(_merged(piles, a, b))
                if rest is not None:
                    return ((sa, sb),) + rest
    return None


@lru_cache(maxsize=200_000)
def _within(piles: Piles, shifts: int) -> bool:
    """Whether the relaxed suit can be joined with at most ``shifts`` packet moves."""
    if len(piles) <= 1:
        return True
    if shifts == 0:
        return pure_plan(piles) is not None
    taken = {p[0] for p in piles}
    for a, (sa, ha, packet) in enumerate(piles):
        follows = FOLLOWS[ha]
        for b, (sb, hb, _) in enumerate(piles):
            if a != b and follows[hb] and sb in SEES[sa] and _within(_merged(piles, a, b), shifts):
                return True
        if packet:
            for t in SEES[sa]:
                if t not in taken:
                    moved = tuple(sorted([p for k, p in enumerate(piles) if k != a] + [(t, ha, True)]))
                    if _within(moved, shifts - 1):
                        return True
    return False


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
    packs = state.packs_left(side)
    if state.stock:
        return packs
    return _memo(state, f"_lb{side}",
                 lambda: packs + sum(min_shifts(suit_piles(state, s)) for s in side_suits(side)))


def race_win(state: PnsState) -> list[PnsMove] | None:
    """The side to move's pure-pack plan when it wins the race outright, else None."""
    if state.stock:
        return None
    me = state.to_move
    plan = side_plan(state, me)
    if plan is None:
        return None
    if lower_bound(state, 1 - me) >= len(plan):
        return plan
    return None


def race_loss(state: PnsState) -> bool:
    """Whether the side to move surely loses: the opponent's pure-pack plan is shorter than
    any finish of the side to move."""
    if state.stock:
        return False
    me = state.to_move
    plan = side_plan(state, 1 - me)
    return plan is not None and lower_bound(state, me) > len(plan)


def check_certificate(state: PnsState, plan: list[PnsMove]) -> str | None:
    """Re-check a race certificate for the side to move; None when it holds, else why not."""
    from ..games.pack_n_stack import PACK_N_STACK as game

    if state.stock:
        return "a race certificate needs an empty stock"
    me = state.to_move
    if len(plan) != state.packs_left(me):
        return f"the plan has {len(plan)} packs but {state.side.capitalize()} needs {state.packs_left(me)}"
    # Play the plan on the winner's piles alone: the opponent's piles stay where they are
    # and cannot touch these, so only the winner's own legality matters.
    s = state
    for k, move in enumerate(plan, 1):
        if move.kind != "pack":
            return f"plan move {k} ({move.token}) is not a pack: a certificate may use packs only"
        s = PnsState(s.square, s.stock, me, 0, (), s.rules, s.deal)
        reason = game._why_not(s, move)
        if reason is not None:
            return f"plan move {k} ({move.token}) is illegal: {reason}"
        s = game.apply(s, move)
    if s.stacks(me) < 2:
        return "the plan does not end with two complete stacks"
    need = lower_bound(state, 1 - me)
    if need < len(plan):
        return f"the opponent may finish first: it needs at least {need} turns, the plan {len(plan)}"
    return None
