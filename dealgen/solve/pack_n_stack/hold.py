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

from ...games.pack_n_stack import FOLLOWS, NSQ, PnsState
from .race import ALL, SEES_MASK, Piles, bits, course, min_shifts, on_course, side_suits, squares_of, suit_piles


def holds(state: PnsState, side: int, turns: int) -> bool:
    """Whether ``side``, with exactly ``turns`` = its lower bound left, is held: the
    opponent can keep the course of one of its suits full until those turns are gone."""
    other = 1 - side
    own_first = state.to_move == other
    theirs = None
    for suit in side_suits(side):
        piles = suit_piles(state, suit)
        if min_shifts(piles) == 0:
            continue
        walls = on_course(piles)
        if walls == ALL:
            continue
        if theirs is None:  # worked out only for a suit a wall could hold
            theirs = _side_piles(state, other)
            mine = squares_of(_side_piles(state, side))
            occupied = mine | squares_of(theirs)
        empty = list(bits(walls & ~occupied))
        if empty and (not own_first or len(empty) > 1):
            continue  # the side could move into it before a refill
        packets = [sq for sq, _, packet in theirs if packet and not walls >> sq & 1]
        reserved = _match(empty + list(bits(walls & mine)), packets)
        if reserved is None:
            continue
        blocked = walls | sum(1 << sq for sq in reserved)
        free = [p for p in theirs if not blocked >> p[0] & 1]
        waits = turns if own_first else turns - 1
        if _free_packs(free, waits) >= waits or _shuttle(free, occupied, blocked | course(state, side)):
            return True
    return False


def _side_piles(state: PnsState, side: int) -> Piles:
    """Both suits' piles of ``side``: (square, head, is a packet)."""
    first, second = side_suits(side)
    return suit_piles(state, first) + suit_piles(state, second)


def _match(needs: list[int], packets: list[int]) -> list[int] | None:
    """A distinct packet square seeing each needed square (bipartite matching), or None."""
    owner: dict[int, int] = {}  # packet square -> index into needs
    for i in range(len(needs)):
        if not _assign(i, needs, packets, owner, set()):
            return None
    return list(owner)


def _assign(i: int, needs: list[int], packets: list[int], owner: dict[int, int], tried: set) -> bool:
    """An augmenting path for need ``i`` (not a closure in _match: a function calling itself
    through its enclosing scope is a reference cycle, and the searches run with the cyclic
    collector off)."""
    for x in packets:
        if SEES_MASK[needs[i]] >> x & 1 and x not in tried:
            tried.add(x)
            if x not in owner or _assign(owner[x], needs, packets, owner, tried):
                owner[x] = i
                return True
    return False


def _shuttle(free: Piles, occupied: int, off: int) -> bool:
    """Whether one of the ``free`` piles (a side's, off the squares it must leave alone) is,
    or can become with one pack, a packet with an empty square beside it, both squares
    ``off`` neither those nor any the other side may fill: it can then wait for ever."""
    heads = {sq: head for sq, head, _ in free}
    for z, head, packet in free:
        if off >> z & 1:
            continue
        for y in range(NSQ):
            if not SEES_MASK[z] >> y & 1 or off >> y & 1:
                continue
            if packet and not occupied >> y & 1:
                return True  # a packet on z with y empty beside it: back and forth for ever
            if y in heads and FOLLOWS[heads[y]][head]:
                return True  # pack y onto z, then shuttle the packet between z and y
    return False


def _free_packs(free: Piles, enough: int) -> int:
    """How many packs in a row a side surely has (greedily found) among its ``free`` piles,
    from one onto another: nobody can hinder packs."""
    piles = {sq: head for sq, head, _ in free}
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
