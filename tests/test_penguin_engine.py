"""Every Penguin move type, legal and illegal, exactly as RULES.md states them."""

from __future__ import annotations

import pytest

from dealgen.errors import IllegalMove, InputError
from dealgen.games.penguin import PENGUIN, PenguinMove

from .conftest import position


def play(state, token):
    return PENGUIN.play(state, PENGUIN.parse_move(token))


def refused(state, token) -> str:
    with pytest.raises(IllegalMove) as err:
        play(state, token)
    return str(err.value)


def col(state, n: int) -> str:
    return " ".join(c.code for c in state.columns[n - 1])


def test_king_goes_on_ace_of_its_suit() -> None:
    s = position("JH", {1: "9C AS", 2: "5D"}, cells="KS QD", home={"C": "JC", "S": "JS", "D": "JD"})
    s = play(s, "a1")
    assert col(s, 1) == "9C AS KS"
    assert "QD does not fit on 5D: column 2 takes only 4D" in refused(s, "b2")
    assert "takes only QS" in refused(s, "b1")  # QD is the wrong suit for KS


def test_rank_below_beak_packs_on_a_beak_rank_card() -> None:
    s = position("JH", {1: "2C JC"}, cells="TC", home={"S": "JS", "D": "JD"})
    s = play(s, "a1")
    assert col(s, 1) == "2C JC TC"
    # and the beak itself takes the rank below it
    s = position("JH", {1: "JH"}, cells="TH", home={"C": "JC", "S": "JS", "D": "JD"})
    assert col(play(s, "a1"), 1) == "JH TH"


def test_whole_run_moves_onto_a_column() -> None:
    s = position("KC", {1: "4H 6S", 2: "2D 5S 4S 3S"}, home={"C": "KC", "S": "KS", "H": "KH", "D": "KD"})
    s = play(s, "21")
    assert col(s, 1) == "4H 6S 5S 4S 3S" and col(s, 2) == "2D"


def test_lower_part_of_a_run_moves_to_a_space() -> None:
    # beak King: an empty column takes only a Queen, so only the part QD JD of the run KD QD JD moves
    s = position("KC", {1: "", 2: "5H KD QD JD"}, home={"S": "KS", "H": "KH", "C": "KC"})
    s = play(s, "21")
    assert col(s, 1) == "QD JD" and col(s, 2) == "5H KD"


def test_space_is_refused_to_the_wrong_rank() -> None:
    s = position("KC", {1: "", 2: "5H 8D"}, cells="7S", home={"S": "KS", "H": "KH", "C": "KC", "D": "KD"})
    assert "an empty column takes only a Queen" in refused(s, "21")
    assert "an empty column takes only a Queen" in refused(s, "a1")
    s = position("JH", {4: ""}, cells="TS", home={"C": "JC", "S": "JS", "D": "JD"})
    assert col(play(s, "a4"), 4) == "TS"


def test_full_flipper() -> None:
    s = position("JH", {}, cells="2C 3C 4C 5C 6C 7C 8C", home={"C": "JC", "S": "JS", "D": "JD"})
    assert refused(s, "1d") == "cell d is occupied by 5C"
    assert not [m for m in PENGUIN.legal_moves(s) if m.dst in "abcdefg"]


def test_foundations_turn_the_corner_from_king_to_ace() -> None:
    s = position("JH", {1: "3S 2H AH"}, home={"C": "JC", "S": "JS", "D": "JD", "H": "KH"})
    s = play(s, "1h")
    assert s.home_top(2).code == "AH"
    s = play(s, "1h")
    assert s.home_top(2).code == "2H" and s.home[2] == 5


def test_foundation_needs_the_next_card() -> None:
    s = position("JH", {1: "2C QH", 2: "3C JH"}, home={"C": "JC", "S": "JS", "D": "JD"})
    assert refused(s, "1h") == "QH cannot go to the foundation: hearts needs JH (the beak) next"
    s = play(s, "2h")
    assert s.home_top(2) == s.beak
    assert play(s, "1h").home[2] == 2


def test_supermove_limit() -> None:
    cells = "2H 3H 4H 5H 6H 7H"  # six of seven cells full, no empty column
    base = {1: "8C 6S", 2: "2D 5S 4S 3S", 3: "9H 8S 7S"}
    home = {"C": "KC", "S": "KS", "H": "KH", "D": "KD"}
    s = position("KC", base, cells=cells, home=home, rules="supermove")
    # (1 empty cell + 1) x 2^0 = 2 cards at most
    assert "at most 2 here" in refused(s, "21")
    assert col(play(position("KC", {1: "8C 9S", 3: "9H 8S 7S"}, cells=cells, home=home, rules="supermove"), "31"), 1) == "8C 9S 8S 7S"
    # parlett: any length
    s = position("KC", base, cells=cells, home=home, rules="parlett")
    assert col(play(s, "21"), 1) == "8C 6S 5S 4S 3S"
    # single: one card at a time
    s = position("KC", base, cells=cells, home=home, rules="single")
    assert "one card at a time" in refused(s, "21")


def test_supermove_counts_empty_columns_other_than_the_target() -> None:
    home = {"C": "KC", "S": "KS", "H": "KH", "D": "KD"}
    cells = "2H 3H 4H 5H 6H 7H 8H"  # no empty cell: limit 1 x 2^(empty columns besides the target)
    s = position("KC", {1: "", 2: "", 3: "2D QS JS TS 9S"}, cells=cells, home=home, rules="supermove")
    assert "at most 2 here" in refused(s, "31")  # one other empty column: 2 cards, run of 4
    s = position("KC", {1: "", 2: "", 3: "2D QS JS"}, cells=cells, home=home, rules="supermove")
    assert col(play(s, "31"), 1) == "QS JS"


def test_moves_that_are_never_legal() -> None:
    s = position("JH", {1: "2C 3D", 5: ""}, cells="4S 5S", home={"C": "JC", "S": "JS", "D": "JD"})
    for token, why in (("ab", "a card cannot move from one flipper cell to another"),
                       ("h1", "cards never leave the foundations"), ("11", "not column 1 twice")):
        with pytest.raises(InputError, match=why):  # no position allows them: the notation refuses
            PENGUIN.parse_move(token)
        with pytest.raises(IllegalMove, match=why):  # and so does the engine, for moves built in code
            PENGUIN.play(s, PenguinMove(token[0], token[1]))
    assert refused(s, "5a") == "column 5 is empty"
    assert refused(s, "ch") .startswith("cell c is empty")
    assert "does not fit on 3D: column 1 takes only 2D" in refused(s, "a1")


def test_legal_moves_are_exactly_the_moves_play_accepts() -> None:
    s = PENGUIN.deal(7)
    legal = {m.token for m in PENGUIN.legal_moves(s)}
    places = "1234567abcdefgh"
    for a in places:
        for b in places:
            try:
                PENGUIN.play(s, PenguinMove(a, b))
                ok = True
            except IllegalMove:
                ok = False
            assert ok == (a + b in legal), a + b


def test_won_and_lost_outcomes() -> None:
    s = position("JH", {1: "TH"}, home={"C": "TC", "S": "TS", "D": "TD", "H": "9H"})
    assert PENGUIN.outcome(s).status == "playing"
    assert PENGUIN.outcome(play(s, "1h")).status == "won"
    # a line of play from deal 1 (found by random play) that leaves no legal move
    stuck = PENGUIN.deal(1)
    for token in STUCK_LINE.split():
        stuck = play(stuck, token)
    outcome = PENGUIN.outcome(stuck)
    assert outcome.status == "lost" and "no legal move" in outcome.summary
    assert all(c is not None for c in stuck.cells)


STUCK_LINE = "7g 2b 6e 4a 2c 7f 5d 24 d3 7d a4 1a b3 1b c5 4c c4 4c c4 2c a1 4a a4 2a 6h 27 21 62"


def test_a_legal_move_means_the_game_goes_on() -> None:
    # verify.replay asks outcome() only where a move fails (Game.legal_move_means_playing):
    # sound only if a position is over exactly when play accepts no move. Random play from a
    # few deals until it stops, under every rule set; the lost and won ends included.
    import random

    assert PENGUIN.legal_move_means_playing
    rng = random.Random(40)
    ends = set()
    for deal, rules in [(1, "parlett"), (2, "supermove"), (3, "single"), (4, "parlett")]:
        s = PENGUIN.deal(deal, rules)
        for _ in range(200):
            moves = PENGUIN.legal_moves(s)
            assert PENGUIN.outcome(s).over == (not moves)
            if not moves:
                ends.add(PENGUIN.outcome(s).status)
                break
            s = PENGUIN.play(s, rng.choice(moves))
    stuck = PENGUIN.deal(1)
    for token in STUCK_LINE.split():
        stuck = play(stuck, token)
    won = play(position("JH", {1: "TH"}, home={"C": "TC", "S": "TS", "D": "TD", "H": "9H"}), "1h")
    for end in (stuck, won):
        assert PENGUIN.outcome(end).over and PENGUIN.legal_moves(end) == []
    assert ends  # random play did reach an end


def test_describe_move_in_words() -> None:
    s = position("JH", {1: "2C 9C", 5: "3D TC"}, home={"C": "JC", "S": "JS", "D": "JD"})
    assert PENGUIN.describe_move(s, PENGUIN.parse_move("15")) == "9♣ from column 1 onto 10♣ in column 5"
    assert PENGUIN.describe_move(s, PENGUIN.parse_move("1c")) == "9♣ from column 1 to cell c"


def test_play_keeps_every_field_of_a_state() -> None:
    # play builds the next state by calling PenguinState with every field in order (faster
    # than dataclasses.replace): a field added to PenguinState must be added there too
    from dataclasses import fields, replace

    from dealgen.games.penguin import PenguinState

    assert [f.name for f in fields(PenguinState)] == ["beak", "columns", "cells", "home", "rules", "deal"]
    s = PENGUIN.deal(5, "supermove")
    after = play(s, "1a")
    assert after == replace(s, columns=after.columns, cells=after.cells, home=after.home)
