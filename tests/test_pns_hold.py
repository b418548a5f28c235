"""Holds: the opponent keeps a suit's course full while a side has no turn to spare."""

from __future__ import annotations

from dealgen.games.pack_n_stack import PACK_N_STACK as G
from dealgen.games.pack_n_stack import SQUARE_NAMES
from dealgen.solve.pack_n_stack import prove as prove_mod
from dealgen.solve.pack_n_stack.hold import _free_packs, _shuttle, holds
from dealgen.solve.pack_n_stack.prove import Prover
from dealgen.solve.pack_n_stack.race import ALL, lower_bound, on_course, suit_piles

from .test_pack_n_stack import pos


def mask(*names: str) -> int:
    return sum(1 << SQUARE_NAMES.index(n) for n in names)


# From a search-vs-search game of deal 9, Black to move. Red needs 5 turns at least: its hearts
# (e2, d3) join only after a packet move to d2 or e3, and Black's own piles sit on both.
WALLED = """game: pack-n-stack
deal: 9
rules: parlett
to move: black
quiet: 0
stock: -
row 1: 3D/4D/6D  -  -  -  -
row 2: -  -  7C/8C/JC  6C/2C/3C/9C/5C/QC/KC/AC  2H/6H/7H/9H/QH
row 3: -  5S  -  4H/AH/3H/8H/JH/5H/TH/KH  6S/JS/9S/QS
row 4: -  9D/KD/2D/7D/TD/QD/8D/JD  -  -  -
row 5: 3S/KS/AS/2S/7S/4S/8S/TS  AD/5D  -  4C  TC
"""

# Also deal 9, Black to move, Red needing 3 turns: of its hearts' course (d2, a3, c3) Black holds
# d2 and c3, but a3 is empty and no Black packet off the course sees it.
OPEN_SQUARE = """game: pack-n-stack
deal: 9
rules: parlett
to move: black
quiet: 2
stock: -
row 1: -  5S/3S/KS/AS/2S/7S/4S/8S/TS  -  -  JS/9S/QS
row 2: 2H/6H  -  7H/9H/QH  6C/2C/3C/9C/5C/QC/KC/AC  -
row 3: -  -  7C/8C/JC  4H/AH/3H/8H/JH/5H/TH/KH  6S
row 4: -  -  -  -  -
row 5: -  AD/4D/6D/9D/KD/2D/7D/TD/QD/8D/JD/3D/5D  -  4C/TC  -
"""


def test_a_held_side_has_no_win_and_the_plain_search_agrees(monkeypatch):
    state = G.from_text(WALLED)
    n = lower_bound(state, 0)
    assert n == 5 and on_course(suit_piles(state, 2)) == mask("d2", "e3")
    assert holds(state, 0, n)
    prover = Prover()
    assert not prover.defend(state, n) and prover.nodes == 0  # settled by the hold alone
    monkeypatch.setattr(prove_mod, "holds", lambda *_: False)
    plain = Prover()
    assert not plain.defend(G.from_text(WALLED), n) and plain.nodes > 0


def test_no_hold_while_a_course_square_cannot_be_refilled(monkeypatch):
    state = G.from_text(OPEN_SQUARE)
    n = lower_bound(state, 0)
    assert n == 3 and on_course(suit_piles(state, 2)) == mask("d2", "a3", "c3")
    assert not holds(state, 0, n)
    monkeypatch.setattr(prove_mod, "holds", lambda *_: False)
    assert Prover().defend(G.from_text(OPEN_SQUARE), n)  # Red moves into a3 and wins


def test_no_hold_when_the_side_to_move_finds_a_course_square_empty(monkeypatch):
    # WALLED with Red to move and Black's e3 wall moved to e4: Black could refill e3 from e4,
    # but only after Red's packet has moved in.
    text = (WALLED.replace("to move: black", "to move: red")
            .replace("4H/AH/3H/8H/JH/5H/TH/KH  6S/JS/9S/QS", "4H/AH/3H/8H/JH/5H/TH/KH  -")
            .replace("9D/KD/2D/7D/TD/QD/8D/JD  -  -  -", "9D/KD/2D/7D/TD/QD/8D/JD  -  -  6S/JS/9S/QS"))
    state = G.from_text(text)
    n = lower_bound(state, 0)
    assert n == 5 and not holds(state, 0, n)
    monkeypatch.setattr(prove_mod, "holds", lambda *_: False)
    assert Prover().attack(G.from_text(text), n)


def test_waiting_moves_that_leave_the_walls_alone():
    def black(squares: dict[str, str]):  # Black's piles and every occupied square
        state = pos(squares)
        return suit_piles(state, 0) + suit_piles(state, 1), mask(*squares)

    free, occupied = black({"c1": "2S/3S", "a5": "KH"})
    assert _shuttle(free, occupied, 0)  # back and forth between c1 and any empty square it sees
    assert not _shuttle(free, occupied, mask("c1"))  # the packet is a wall: it must stay
    assert not _shuttle(free, occupied, ALL)  # the other side could fill any square it leaves
    free, occupied = black({"c1": "2S/3S", "c2": "KH"})
    assert not _shuttle(free, occupied, ALL & ~mask("c1", "c2"))  # its one square is taken
    free, occupied = black({"b1": "4S", "c1": "9S", "a5": "KH"})
    assert _shuttle(free, occupied, ALL & ~mask("b1", "c1"))  # 9S onto 4S makes a packet on b1
    free, _ = black({"a1": "2S", "a2": "5S", "a3": "9S", "e5": "KH"})
    assert _free_packs(free, 5) == 2  # 5S onto 2S, then 9S onto 5S
    assert _free_packs(free[1:], 5) == 1  # a1 is a wall: only 9S onto 5S
