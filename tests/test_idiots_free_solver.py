"""Idiot's Delight, rule set free: the phase search with its pruning (safe discards, dominance
between positions of a phase, dead-end tests, smaller games of the high ranks, the memo that is
monotone in deals made) against a plain exhaustive search."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealgen.cards import CARDS
from dealgen.games.idiots_delight import IDIOTS_DELIGHT as ID
from dealgen.solve import solve_deal, solve_position
from dealgen.solve.idiots_delight import RANKS_FROM, FreeSearch, legal, search_free


def plain(stacks, stock) -> bool:
    """Every line of play under free, memoised on the exact position, nothing pruned."""

    @lru_cache(maxsize=None)
    def win(piles: tuple[tuple[int, ...], ...], dealt: int) -> bool:
        if not any(piles) and dealt * 4 == len(stock):
            return True
        lists = [list(p) for p in piles]
        for move in legal(lists, dealt * 4 < len(stock), True):
            if move:
                after = tuple(p[:-1] if i in move else p for i, p in enumerate(piles))
                if win(after, dealt):
                    return True
            else:
                row = stock[4 * dealt: 4 * dealt + 4]
                if win(tuple(p + (c,) for p, c in zip(piles, row)), dealt + 1):
                    return True
        return False

    return win(tuple(tuple(s) for s in stacks), 0)


def replay_wins(stacks, stock, moves) -> bool:
    state = ID.from_json({"rules": "free", "stacks": [[CARDS[c].code for c in s] for s in stacks],
                          "stock": [CARDS[c].code for c in stock]})
    for token in moves:
        state = ID.play(state, ID.parse_move(token))
    return ID.outcome(state).status == "won"


def check(stacks, stock) -> bool:
    want = plain(stacks, stock)
    got = search_free(stacks, stock)
    assert got.verdict == ("solved" if want else "unsolvable"), (stacks, stock)
    if want:
        assert replay_wins(stacks, stock, got.moves)
    return want


def random_position(rnd: random.Random, ranks: int, rows: int):
    """Cards of ``ranks`` ranks (all four suits), four stacks of 1 to ``rows`` cards each
    (an engine position mid-game need not have even stacks), the rest as stock."""
    chosen = rnd.sample(range(13), ranks)
    cards = [s * 13 + r for r in chosen for s in range(4)]
    rnd.shuffle(cards)
    heights = [rnd.randint(0, rows) for _ in range(4)]
    heights[rnd.randrange(4)] = max(1, heights[0])
    while sum(heights) > len(cards) or (len(cards) - sum(heights)) % 4:
        heights[rnd.randrange(4)] -= 1
        heights = [max(0, h) for h in heights]
    stacks, k = [], 0
    for h in heights:
        stacks.append(cards[k:k + h])
        k += h
    return stacks, cards[k:]


@pytest.mark.parametrize("ranks, rows, count", [(3, 1, 400), (4, 1, 300), (5, 1, 150), (4, 3, 200), (5, 4, 100)])
def test_free_search_agrees_with_plain_exhaustive_search(ranks: int, rows: int, count: int) -> None:
    rnd = random.Random(1000 * ranks + rows)
    wins = sum(check(*random_position(rnd, ranks, rows)) for _ in range(count))
    assert 0 < wins < count  # both verdicts occur, so both are really checked


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 6), st.integers(0, 4))
def test_free_search_agrees_with_plain_search_hypothesis(rnd, ranks: int, rows: int) -> None:
    check(*random_position(rnd, ranks, rows))


def test_safe_discard_is_the_only_move_tried() -> None:
    # 2C 9C 6H 6D: the sixes serve nothing but each other, and 2C serves nothing left
    # (no lower club, no other two), so each discard is safe and no sibling is tried
    fs = FreeSearch([[1], [8], [26 + 5], [39 + 5]], [])
    order, _ = fs.phase(fs.live0, 0)
    sixes, two = 1 << 31 | 1 << 44, 1 << 1
    assert order == [fs.live0, fs.live0 ^ sixes, fs.live0 ^ sixes ^ two]


def test_dominated_positions_are_not_dealt_from() -> None:
    fs = FreeSearch([[0], [12], [13 + 4], [26 + 4]], [1, 2, 3, 13 + 12])
    a = fs.live0
    b = a ^ 1  # AC gone: nothing AC serves is live (no other Ace), so b dominates a
    assert fs.undominated([a, b]) == [b]
    c = a ^ (1 << 17 | 1 << 30)  # the fives gone: 5S and 5H serve nothing else but each other
    assert set(fs.undominated([a, c])) == {c}
    d = a ^ (1 << 12)  # KC gone, but KC serves AC, 2C, 3C: no dominance
    assert set(fs.undominated([a, d])) == {a, d}


def test_real_deals_solutions_replay_and_verdicts_are_exact() -> None:
    for number in (6, 12, 22, 23, 25):
        result = solve_deal("idiots-delight", number, "free")
        assert result.verdict == "solved"  # solve_deal replays it through the engine
    assert solve_deal("idiots-delight", 2, "free").verdict == "unsolvable"


def test_free_solver_from_a_position() -> None:
    state = ID.from_json({"rules": "free", "stacks": [["7H"], ["7C"], ["5S"], ["9S"]],
                          "stock": ["9C", "5C", "2C", "3C"]})
    result = solve_position(ID, state)
    assert result.verdict == "solved"


def test_free_search_agrees_with_the_memoised_search_on_real_deals() -> None:
    # the older memoised search (no phase dominance, no safe discards) is exact too:
    # where both decide a deal within a small budget, the verdicts must be the same
    from dealgen.deals import shuffled_pack
    from dealgen.solve.idiots_delight import search

    both = 0
    for number in range(1, 61):
        pack = shuffled_pack(number)
        stacks, stock = [[c] for c in pack[:4]], pack[4:]
        old = search(stacks, stock, True, 3000)
        new = search_free(stacks, stock, 3000)
        if "unknown" not in (old.verdict, new.verdict):
            both += 1
            assert old.verdict == new.verdict, number
    assert both >= 20


def plain_from(fs: FreeSearch):
    """Every line of play from a position (live cards, deals made) of ``fs``'s deal,
    nothing pruned; a live set may miss undealt cards too (they never land)."""

    @lru_cache(maxsize=None)
    def win(live: int, deals: int) -> bool:
        if not live:
            return True
        tops = []
        for s, col in enumerate(fs.cols):
            dealt = [c for c in col[:fs.base[s] + deals] if live >> c & 1]
            tops.append(dealt[-1] if dealt else None)
        for i, a in enumerate(tops):
            for j, b in enumerate(tops):
                if i == j or a is None or b is None:
                    continue
                if b % 13 == a % 13 and win(live & ~(1 << a | 1 << b), deals):
                    return True
                if b // 13 == a // 13 and b > a and win(live & ~(1 << a), deals):
                    return True
        return deals < fs.ndeals and win(live, deals + 1)

    return win


def test_every_memo_entry_is_true() -> None:
    # the memo says lost with d deals (so with any more) or won with d deals (so with any
    # fewer): each entry, smaller games' included, is checked against plain play
    rnd = random.Random(7)
    lost = won = partial = 0
    for _ in range(60):
        fs = FreeSearch(*random_position(rnd, 5, 2))
        fs.run()
        win = plain_from(fs)
        for live, d in fs.lost.items():
            assert not win(live, d) and not win(live, fs.ndeals)
            partial += fs.live0 & ~fs.inplay[d] & ~live != 0  # a smaller game: undealt cards left out
        for live, d in fs.won.items():
            assert win(live, d) and win(live, 0)
        lost += len(fs.lost)
        won += len(fs.won)
    assert lost > 100 and won > 100 and partial > 0


def test_a_lost_smaller_game_loses_the_whole() -> None:
    # positions the older dead-end tests pass but a smaller game (ranks r and up) refutes:
    # plain play must find them lost, and the smaller game lost too
    rnd = random.Random(11)
    caught = 0
    for _ in range(300):
        fs = FreeSearch(*random_position(rnd, 5, 1))
        live = fs.live0
        if not fs._fixpoint(live, 0) or not fs.pairs.ok(live):
            continue
        if fs.smaller_game_lost(live, 0):
            win = plain_from(fs)
            assert not win(live, 0)
            assert any(not win(live & RANKS_FROM[r], 0) for r in range(1, 13) if live & RANKS_FROM[r])
            caught += 1
    assert caught >= 5


def test_smaller_game_of_a_hand_made_position() -> None:
    # stacks (bottom first) KD 2H | KC QD | KS 2D | QS QH KH QC. QC can only leave with
    # QD or alone beside KC, which is under QD; QH, two cards under QC, can only leave
    # with QD too (QS and KH share its stack, QC has left). One QD for both: lost. Every
    # card has a partner and the blocking fixpoint passes; the Kings alone win; the game
    # of the Queens and up is lost, and so, by its smaller game, is the whole.
    kc, qc, kd, qd, kh, qh, ks, qs, two_d, two_h = 12, 11, 25, 24, 38, 37, 51, 50, 14, 27
    fs = FreeSearch([[kd, two_h], [kc, qd], [ks, two_d], [qs, qh, kh, qc]], [])
    live = fs.live0
    assert fs._fixpoint(live, 0) and fs.pairs.ok(live) and all(fs.serves[x] & live for x in fs.serves)
    win = plain_from(fs)
    assert win(live & RANKS_FROM[12], 0) and fs.win(live & RANKS_FROM[12], 0)
    assert not win(live & RANKS_FROM[11], 0)
    assert fs.smaller_game_lost(live, 0)
    assert not win(live, 0)
    assert search_free(fs.piles, []).verdict == "unsolvable"
