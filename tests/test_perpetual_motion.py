"""Perpetual Motion: every rule of both rule sets, the notation, the forms, and the records."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dealgen.cards import CARDS, Card
from dealgen.cli import main
from dealgen.errors import IllegalMove, InputError
from dealgen.games import get_game
from dealgen.games.perpetual_motion import PERPETUAL_MOTION as PM
from dealgen.games.perpetual_motion import PMMove
from dealgen.solve import solve_deal
from dealgen.solve.perpetual_motion import play_out

from .conftest import golden


def codes(text: str) -> list[str]:
    return text.split()


def position(stock: str, piles: tuple[str, str, str, str] = ("", "", "", ""), rules: str = "classic",
             row: str | None = None, starts: bool = True):
    """A position holding only the given cards; every other rank counts as discarded."""
    data = {"game": "perpetual-motion", "rules": rules, "stock": codes(stock),
            "piles": [codes(p) for p in piles], "row": None if row is None else codes(row)}
    if starts and not any(piles):
        data["starts"] = [{"pass": 1, "stock": codes(stock)}]
    return PM.from_json(data)


def step(state, token: str):
    return PM.play(state, PM.parse_move(token))


def run(state, tokens: str):
    for token in tokens.split():
        assert PM.legal_moves(state) == [PM.parse_move(token)], PM.to_text(state)
        state = step(state, token)
    return state


def pile(state, n: int) -> str:
    return " ".join(c.code for c in state.piles[n - 1])


def forced(state) -> str:
    (move,) = PM.legal_moves(state)
    return PM.format_move(move)


# -- the deal ---------------------------------------------------------------------------

def test_stock_is_pysolfc_order_top_first() -> None:
    blocks = re.findall(r"\[perpetual-motion (\d+)\]\s*\nstock \(top first\): ([^\n]+)",
                        golden("perpetual-motion-pysolfc.txt").read_text())
    assert len(blocks) >= 8
    for number, stock in blocks:
        for rules in PM.rule_sets:
            state = PM.deal(int(number), rules)
            assert " ".join(c.code for c in state.stock) == stock.strip()
            assert state.piles == ((),) * 4 and state.discarded == 0 and state.pass_no == 1


# -- classic ----------------------------------------------------------------------------

def test_classic_match_moves_onto_the_leftmost_rightmost_first() -> None:
    s = run(position("7C 7H 2D 7S 3C 4C 5C 6C"), "d")
    assert forced(s) == "41"  # the rightmost 7 goes first
    s = run(s, "41 21")
    assert pile(s, 1) == "7C 7S 7H" and pile(s, 2) == "" and pile(s, 4) == ""
    assert pile(s, 3) == "2D" and forced(s) == "d"


def test_classic_two_ranks_in_one_row() -> None:
    s = run(position("AC 9D AH 9S 2C 3C 4C 5C"), "d 42 31")
    assert [pile(s, n) for n in (1, 2, 3, 4)] == ["AC AH", "9D 9S", "", ""]


def test_classic_four_of_a_rank_in_a_row_are_discarded_at_once() -> None:
    s = run(position("QC QS QH QD 2C 3C 4C 5C"), "d")
    assert forced(s) == "x"
    assert "discard four Queens from the row just dealt" in PM.describe_move(s, PMMove("x"))
    s = run(s, "x")
    assert s.discarded == 48 and not any(s.piles) and forced(s) == "d"


def test_classic_only_the_cards_just_dealt_take_part() -> None:
    # pile 2's 5H joins pile 1 and uncovers 9D; the 9C just dealt on pile 3 stays
    piles = ("KS", "9D", "QH", "JH")
    s = run(position("5C 5H 9C 4S", piles), "d 21")
    assert pile(s, 2) == "9D" and pile(s, 3) == "QH 9C" and forced(s) == "g"
    # the same position under recursive: the uncovered 9D takes part
    r = run(position("5C 5H 9C 4S", piles, rules="recursive"), "d 21")
    assert forced(r) == "32"


def test_classic_four_gathered_on_one_pile_stay() -> None:
    s = run(position("7H 2C 7D 3S", piles=("7C 7S", "KC", "KD", "")), "d 31")
    assert pile(s, 1) == "7C 7S 7H 7D" and forced(s) == "g" and s.discarded == 52 - 8


def test_classic_pick_up_order_pile_4_first() -> None:
    s = position("5C 6C 7C 8C", piles=("AC", "2S", "3H", "4D"))
    s = run(s, "d g")
    # each pile from the card dealt first to its top card, pile 4 first
    assert " ".join(c.code for c in s.stock) == "4D 8C 3H 7C 2S 6C AC 5C"
    assert s.pass_no == 2 and not any(s.piles)


def test_recursive_pick_up_order_pile_1_first() -> None:
    s = position("5C 6C 7C 8C", piles=("AC", "2S", "3H", "4D"), rules="recursive")
    s = run(s, "d g")
    assert " ".join(c.code for c in s.stock) == "AC 5C 2S 6C 3H 7C 4D 8C"


# -- recursive --------------------------------------------------------------------------

def test_recursive_matches_go_on_with_uncovered_cards() -> None:
    # 8H on pile 4 joins 8S on pile 2, uncovering 6D, which then joins 6C on pile 1
    s = position("6C 8S 2H 8H", piles=("", "QD", "KC KH", "6D"), rules="recursive")
    s = run(s, "d 42 41")
    assert pile(s, 1) == "6C 6D" and pile(s, 2) == "QD 8S 8H" and pile(s, 4) == ""
    assert forced(s) == "g"


def test_recursive_moves_the_whole_top_group() -> None:
    # 2C leaves pile 4 for 2S, uncovering the group 9C 9D, which moves as one onto 9H
    s = position("9H 2S 3S 2C", piles=("", "", "KC KD", "9C 9D"), rules="recursive")
    s = run(s, "d 42 41")
    assert pile(s, 1) == "9H 9C 9D" and pile(s, 4) == "" and forced(s) == "g"
    # with a third nine in the group, pile 1 then shows four of a rank: discarded at once
    s = position("9H 2S 3S 2C", piles=("", "", "KC", "9C 9D 9S"), rules="recursive")
    s = run(s, "d 42 41")
    assert pile(s, 1) == "9H 9C 9D 9S"
    assert forced(s) == "x1" and "discard four 9s from pile 1" in PM.describe_move(s, PMMove("x", 1))
    assert pile(run(s, "x1"), 1) == ""


def test_recursive_rightmost_pile_gives_to_the_leftmost_showing_the_rank() -> None:
    s = position("3C QS 3D QD", piles=("", "", "", ""), rules="recursive")
    s = run(s, "d")
    assert forced(s) == "42"
    s = run(s, "42 31")
    assert pile(s, 1) == "3C 3D" and pile(s, 2) == "QS QD"


def test_recursive_four_on_a_pile_discarded_after_a_deal() -> None:
    s = position("KD 2C 3C 4C", piles=("KC KS KH", "QC", "", ""), rules="recursive")
    s = run(s, "d")
    assert forced(s) == "x1"
    s = run(s, "x1")
    assert pile(s, 1) == "" and s.discarded == 52 - 4


# -- the end: won, and cycles -----------------------------------------------------------

def test_won_when_all_cards_are_discarded() -> None:
    s = run(position("QC QS QH QD"), "d x")
    out = PM.outcome(s)
    assert out.status == "won" and "won in 1 passes" in out.summary
    assert PM.legal_moves(s) == []
    with pytest.raises(IllegalMove, match="the game is over"):
        step(s, "d")


CYCLE = "5C 5S 9C 9S 9H 9D 5H 5D"


def test_classic_cycle_detected_on_a_hand_made_stock() -> None:
    s = position(CYCLE)
    orders = []
    for _ in range(4):
        s = run(s, "d 43 21 d 43 21 g")
        orders.append(" ".join(c.code for c in s.stock))
    assert orders[0] == "9C 9S 5H 5D 5C 5S 9H 9D"
    assert orders[1] == "5H 5D 9H 9D 9C 9S 5C 5S"
    assert orders[3] == CYCLE  # pass 5 would start as pass 1 did
    out = PM.outcome(s)
    assert out.status == "lost" and s.repeats == 1 and s.pass_no == 5
    assert "cycles: pass 5 would start from the stock order that started pass 1 (a cycle of 4 passes)" in out.summary
    assert PM.legal_moves(s) == []
    result = play_out([Card.parse(c) for c in codes(CYCLE)], "classic", record=True)
    assert (result.verdict, result.passes, result.cycle_start, result.cycle_length) == ("cycles", 5, 1, 4)
    # the position keeps what it needs: its text form reads back and still cycles
    assert PM.from_text(PM.to_text(s)) == s


def test_recursive_cycle_detected_on_a_hand_made_stock() -> None:
    s = run(position(CYCLE, rules="recursive"), "d 43 21 d 43 21 g d 43 21 d 43 21 g")
    assert PM.outcome(s).status == "lost" and (s.pass_no, s.repeats) == (3, 1)
    result = play_out([Card.parse(c) for c in codes(CYCLE)], "recursive")
    assert (result.verdict, result.passes, result.cycle_length) == ("cycles", 3, 2)


def test_a_discard_forgets_older_stock_orders() -> None:
    s = run(position("QC QS QH QD 2C 3C 4C 5C"), "d x")
    assert s.starts == ()
    s = run(s, "d g")
    assert [n for n, _ in s.starts] == [2]


# -- the solver's record is the engine's game ------------------------------------------

@pytest.mark.parametrize("rules", ["classic", "recursive"])
def test_play_out_record_replays_through_the_engine(rules: str) -> None:
    for number in (1, 2, 3, 6):
        result = play_out(PM.deal(number, rules).stock, rules, record=True)
        state = PM.deal(number, rules)
        for token in result.moves:
            state = step(state, token)
        out = PM.outcome(state)
        assert out.status == ("won" if result.verdict == "won" else "lost")
        assert state.pass_no == result.passes and state.repeats == result.cycle_start


def test_solve_deal_reports_passes_and_cycles() -> None:
    won = solve_deal("perpetual-motion", 1, "recursive")
    assert won.verdict == "solved" and won.metrics["passes"] == 6 and won.moves[0] == "d"
    cyc = solve_deal("perpetual-motion", 2, "recursive")
    assert cyc.verdict == "unsolvable" and (cyc.metrics["passes"], cyc.metrics["cycle_length"]) == (15, 2)
    assert "cycles: pass 15" in cyc.explanation


# -- notation ---------------------------------------------------------------------------

MOVES = st.one_of(
    st.sampled_from([PMMove("d"), PMMove("g"), PMMove("x")]),
    st.integers(1, 4).map(lambda n: PMMove("x", n)),
    st.tuples(st.integers(1, 4), st.integers(1, 4)).filter(lambda t: t[0] > t[1]).map(
        lambda t: PMMove("m", *t)),
)


@given(MOVES)
def test_move_tokens_round_trip(move: PMMove) -> None:
    assert PM.parse_move(PM.format_move(move)) == move


@pytest.mark.parametrize("bad", ["", "dd", "14", "44", "x5", "51", "m41", "h"])
def test_bad_tokens(bad: str) -> None:
    with pytest.raises(InputError):
        PM.parse_move(bad)


def test_the_wrong_step_is_refused_with_the_right_one_named() -> None:
    with pytest.raises(IllegalMove, match="'g' is not the next step.*call for 'd' now: deal a row"):
        step(PM.deal(1), "g")


# -- positions: forms and conservation --------------------------------------------------

def conserved(state) -> None:
    live = list(state.stock) + [c for p in state.piles for c in p]
    assert len(live) == len(set(live)) == 52 - state.discarded
    gone = Counter(c.rank for c in CARDS if c not in set(live))
    assert all(n == 4 for n in gone.values())


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 40), st.sampled_from(["classic", "recursive"]), st.integers(0, 250))
def test_play_keeps_every_card_once_and_positions_round_trip(number: int, rules: str, steps: int) -> None:
    s = PM.deal(number, rules)
    for _ in range(steps):
        moves = PM.legal_moves(s)
        if not moves:
            break
        assert len(moves) == 1
        PM.describe_move(s, moves[0])
        s = PM.play(s, moves[0])
        conserved(s)
    assert PM.from_text(PM.to_text(s)) == s
    assert PM.from_json(PM.to_json(s)) == s


def test_json_shape() -> None:
    data = PM.to_json(PM.deal(1))
    assert set(data) == {"game", "deal", "rules", "pass", "discarded", "stock", "piles", "row", "starts", "repeats"}
    assert data["stock"][:4] == ["JD", "2D", "9H", "JC"] and data["piles"] == [[], [], [], []]


@pytest.mark.parametrize("start", [{"pass": 1, "stock": [], "stok": []}, {"pass": True, "stock": []}, {"stock": []}])
def test_json_starts_entries_are_checked_key_by_key(start: dict) -> None:
    """A misspelt key inside a start (as at the top level) is refused, not ignored."""
    data = PM.to_json(PM.deal(1))
    data["starts"] = [dict(start, stock=data["stock"])]
    with pytest.raises(InputError, match='starts must be a list of {"pass": N, "stock": \\[cards\\]}, those two keys'):
        PM.from_json(data)


@pytest.mark.parametrize("text, message", [
    ("discarded: 0\nstock: JD 2D 9H JC\npile 1:\npile 2:\npile 3:\npile 4:\n", "missing from the stock"),
    ("stock: JD\npile 1:\npile 2:\npile 3:\npile 4:\n", "rows of four"),
    ("stock: JD JD\npile 1:\npile 2:\npile 3:\npile 4:\n", r"more than once: JD \(2 times in stock\)"),
    ("stock: JD 2D 3D\npile 1: JD\npile 2:\npile 3:\npile 4:\n", r"more than once: JD \(stock and pile 1\)"),
    ("pile 1:\npile 2:\npile 3:\npile 4:\n", "missing line"),
    ("stock: XX\npile 1:\npile 2:\npile 3:\npile 4:\n", "is not a card"),
])
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        PM.from_text(text)


# -- through dealgen verify ------------------------------------------------------------

def verify(tmp_path, text: str):
    path = tmp_path / "pm.sol"
    path.write_text(text)
    return CliRunner().invoke(main, ["verify", str(path)])


def test_verify_accepts_a_won_record(tmp_path) -> None:
    moves = solve_deal("perpetual-motion", 1, "recursive").moves
    result = verify(tmp_path, "game: perpetual-motion\ndeal: 1\nrules: recursive\n" + " ".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    assert "verified" in result.output


def test_verify_rejects_steps_after_the_end(tmp_path) -> None:
    moves = solve_deal("perpetual-motion", 1, "recursive").moves
    result = verify(tmp_path, "game: perpetual-motion\ndeal: 1\nrules: recursive\n" + " ".join(moves) + " d\n")
    assert result.exit_code == 1 and "already over" in result.output


def test_verify_rejects_a_wrong_step(tmp_path) -> None:
    result = verify(tmp_path, "game: perpetual-motion\ndeal: 1\nrules: classic\nd 21\n")
    assert result.exit_code == 1 and "not the next step" in result.output


def test_verify_rejects_a_bad_token(tmp_path) -> None:
    result = verify(tmp_path, "game: perpetual-motion\ndeal: 1\nd 14\n")
    assert result.exit_code == 2 and "only to a pile on their left" in result.output


def test_game_is_registered() -> None:
    assert get_game("perpetual-motion") is PM and PM.rule_sets == ("classic", "recursive")
