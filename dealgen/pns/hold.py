"""Holds: the opponent walls off a suit's course while a side has no turn to spare.

A side that must finish within its ``lower_bound`` lowers the bound with every move, so each
packet move of a suit lands on that suit's course (``race.on_course``). If some suit needs a
packet move and the opponent can keep every square of its course occupied at each of the
side's turns, the side cannot finish in time. The opponent's strategy, checked here:
- squares of the course held by its own piles stay put (the side cannot move them);
- each square held by the side's piles gets an opponent packet of its own, off the course
  and seeing the square, that refills it the turn after the side moves away (a move empties
  one square, so one refill a turn is enough; a refilled square is the opponent's for good);
- every other turn it waits with a move that touches neither the course nor those packets:
  a packet moving back and forth between two squares the side can never fill (off its
  whole course), or packs from squares outside the course and the reserved packets.
A draw on the way (repetition, quiet turns) also stops the side, so the shuttle may repeat.
"""

from __future__ import annotations

from ..games.pack_n_stack import FOLLOWS, NSQ, PnsState, side_of
from .race import ALL, SEES_MASK, course, min_shifts, on_course, side_suits, suit_piles


def holds(state: PnsState, side: int, turns: int) -> bool:
    """Whether ``side``, with exactly ``turns`` = its lower bound left, is held: the
    opponent can keep the course of one of its suits full until those turns are gone."""
    other = 1 - side
    square = state.square
    own_first = state.to_move == other
    for suit in side_suits(side):
        piles = suit_piles(state, suit)
        if min_shifts(piles) == 0:
            continue
        walls = on_course(piles)
        if walls == ALL:
            continue
        empty = [c for c in range(NSQ) if walls >> c & 1 and not square[c]]
        if empty and (not own_first or len(empty) > 1):
            continue  # the side could move into it before a refill
        refill = empty + [c for c in range(NSQ)
                          if walls >> c & 1 and square[c] and side_of(square[c][-1]) == side]
        packets = [x for x in range(NSQ) if len(square[x]) > 1 and side_of(square[x][-1]) == other
                   and not walls >> x & 1]
        reserved = _match(refill, packets)
        if reserved is None:
            continue
        blocked = walls
        for x in reserved:
            blocked |= 1 << x
        waits = turns if own_first else turns - 1
        if _free_packs(square, other, blocked, waits) >= waits or _shuttle(square, other, blocked, course(state, side)):
            return True
    return False


def _match(needs: list[int], packets: list[int]) -> list[int] | None:
    """A distinct packet square seeing each needed square (bipartite matching), or None."""
    owner: dict[int, int] = {}  # packet square -> index into needs

    def assign(i: int, tried: set) -> bool:
        for x in packets:
            if SEES_MASK[needs[i]] >> x & 1 and x not in tried:
                tried.add(x)
                if x not in owner or assign(owner[x], tried):
                    owner[x] = i
                    return True
        return False

    for i in range(len(needs)):
        if not assign(i, set()):
            return None
    return list(owner)


def _shuttle(square, side: int, blocked: int, reach: int) -> bool:
    """Whether ``side`` has, or can make with one pack, a packet with an empty square beside
    it, both off the ``blocked`` squares and off ``reach`` (all the other side may fill): it
    can then wait for ever without touching the ``blocked`` squares."""
    free = [i for i in range(NSQ) if square[i] and side_of(square[i][-1]) == side and not blocked >> i & 1]
    safe = ~(reach | blocked)
    for z in free:
        if not safe >> z & 1:
            continue
        head = square[z][-1]
        for y in range(NSQ):
            if not (SEES_MASK[z] >> y & 1 and safe >> y & 1):
                continue
            if not square[y] and len(square[z]) > 1:
                return True  # a packet on z with y empty beside it: back and forth for ever
            if square[y] and side_of(square[y][-1]) == side and FOLLOWS[square[y][-1]][head]:
                return True  # pack y onto z, then shuttle the packet between z and y
    return False


def _free_packs(square, side: int, blocked: int, enough: int) -> int:
    """How many packs in a row ``side`` surely has (greedily found) from piles off the
    ``blocked`` squares onto piles off them too: nobody can hinder packs."""
    piles = {i: square[i][-1] for i in range(NSQ)
             if square[i] and side_of(square[i][-1]) == side and not blocked >> i & 1}
    done = 0
    while done < enough:
        move = next(((a, b) for a in piles for b in piles
                     if a != b and SEES_MASK[a] >> b & 1 and FOLLOWS[piles[a]][piles[b]]), None)
        if move is None:
            break
        a, b = move
        piles[b] = piles.pop(a)
        done += 1
    return done
