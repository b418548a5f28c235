"""Idiot's Delight: every rule of strict and free, the notation, the forms, the exact solver."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dealgen.cards import CARDS
from dealgen.cli import main
from dealgen.errors import IllegalMove, InputError
from dealgen.games import get_game
from dealgen.games.idiots_delight import IDIOTS_DELIGHT as ID
from dealgen.games.idiots_delight import IDMove
from dealgen.solve import solve_deal, solve_position
from dealgen.solve.idiots_delight import search

from .conftest import golden


def position(stacks: tuple[str, str, str, str], stock: str = "", rules: str = "strict"):
    return ID.from_json({"game": "idiots-delight", "rules": rules, "stock": stock.split(),
                         "stacks": [s.split() for s in stacks]})


def play(state, token: str):
    return ID.play(state, ID.parse_move(token))


def refused(state, token: str) -> str:
    with pytest.raises(IllegalMove) as err:
        play(state, token)
    return str(err.value)


def tokens(state) -> list[str]:
    return [ID.format_move(m) for m in ID.legal_moves(state)]


def tops(state) -> str:
    return " ".join(c.code if c is not None else "-" for c in state.tops())


# -- the deal ---------------------------------------------------------------------------

def test_deal_uses_the_perpetual_motion_stock_order() -> None:
    blocks = re.findall(r"\[perpetual-motion (\d+)\]\s*\nstock \(top first\): ([^\n]+)",
                        golden("perpetual-motion-pysolfc.txt").read_text())
    assert blocks
    for number, stock in blocks:
        order = stock.split()
        state = ID.deal(int(number))
        assert [s[0].code for s in state.stacks] == order[:4] and all(len(s) == 1 for s in state.stacks)
        assert [c.code for c in state.stock] == order[4:]
        assert ID.to_json(state)["stock"] == order[4:]


# -- discards ---------------------------------------------------------------------------

def test_pair_of_one_rank_is_discarded() -> None:
    s = position(("2D 7H", "KS", "3C 7C", "9D"))
    assert tokens(s) == ["13"]
    s = play(s, "31")  # either order names the same pair
    assert tops(s) == "2D KS 3C 9D" and s.discarded == 48
    assert "7H and 9D are not a pair" in refused(position(("7H", "KS", "3C", "9D")), "14")


def test_lower_of_two_of_a_suit_is_discarded() -> None:
    s = position(("5H", "KH", "3C", "9D"))
    assert tokens(s) == ["1"]
    assert "KH cannot be discarded alone: the only other heart showing, 5H, is lower" in refused(s, "2")
    assert "3C cannot be discarded alone: no other club shows" in refused(s, "3")
    assert tops(play(s, "1")) == "- KH 3C 9D"


def test_ace_is_low() -> None:
    s = position(("AS", "2S", "KC", "QD"))
    assert tokens(s) == ["1"]


def test_an_empty_stack_has_nothing_to_discard() -> None:
    s = position(("5H", "KH", "", "9D"), stock="2C 3C 4C 6C")
    assert refused(s, "3") == "stack 3 is empty"
    assert "stack 3 is empty" in refused(s, "13")


# -- dealing ----------------------------------------------------------------------------

def test_strict_deals_only_when_nothing_can_be_discarded() -> None:
    s = position(("7H", "7C", "2S", "9D"), stock="3C 4C 5C 6C")
    assert tokens(s) == ["12"]
    assert refused(s, "d") == "dealing is not allowed under strict while 7H and 7C can be discarded"
    s = play(s, "12")
    assert tokens(s) == ["d"]
    s = play(s, "d")
    assert tops(s) == "3C 4C 5C 6C" and not s.stock


def test_free_deals_at_any_time() -> None:
    s = position(("7H", "7C", "2S", "9D"), stock="3C 4C 5C 6C", rules="free")
    assert tokens(s) == ["12", "d"]
    s = play(s, "d")  # the deal covers the pair: onto every stack, empty or not
    assert tops(s) == "3C 4C 5C 6C" and [len(x) for x in s.stacks] == [2, 2, 2, 2]


def test_deal_onto_empty_stacks_and_never_from_an_empty_stock() -> None:
    s = position(("", "", "", "9D"), stock="3C 4C 5C 6C")
    assert tops(play(s, "d")) == "3C 4C 5C 6C"
    assert refused(position(("2C", "5D", "", "9S")), "d") == "the stock is empty: there is nothing to deal"


# -- the end ----------------------------------------------------------------------------

def test_ends_when_the_stock_is_empty_and_nothing_can_go() -> None:
    s = position(("2C", "5D", "", "9S"))
    out = ID.outcome(s)
    assert out.status == "lost" and "nothing can be discarded" in out.summary and ID.legal_moves(s) == []
    s = position(("QC", "", "QH", ""))
    assert ID.outcome(s).status == "playing"
    s = play(s, "13")
    assert ID.outcome(s).status == "won" and ID.legal_moves(s) == []
    assert refused(s, "d").startswith("the stock is empty")


def test_game_goes_on_while_a_discard_remains_after_the_stock_is_gone() -> None:
    s = position(("4S", "JS", "", ""), rules="free")
    assert ID.outcome(s).status == "playing" and tokens(s) == ["1"]


# -- notation ---------------------------------------------------------------------------

MOVES = st.one_of(
    st.just(IDMove(())),
    st.integers(1, 4).map(lambda n: IDMove((n,))),
    st.tuples(st.integers(1, 4), st.integers(1, 4)).filter(lambda t: t[0] < t[1]).map(IDMove),
)


@given(MOVES)
def test_move_tokens_round_trip(move: IDMove) -> None:
    assert ID.parse_move(ID.format_move(move)) == move


@pytest.mark.parametrize("bad", ["", "0", "5", "11", "123", "x", "dd", "1d", "h"])
def test_bad_tokens(bad: str) -> None:
    with pytest.raises(InputError):
        ID.parse_move(bad)


# -- positions --------------------------------------------------------------------------

def conserved(state) -> None:
    live = list(state.stock) + [c for s in state.stacks for c in s]
    assert len(live) == len(set(live)) == 52 - state.discarded
    assert set(live) <= set(CARDS)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.sampled_from(["strict", "free"]), st.randoms(use_true_random=False))
def test_random_play_keeps_every_card_once_and_positions_round_trip(number: int, rules: str, rnd) -> None:
    s = ID.deal(number, rules)
    while True:
        assert ID.from_text(ID.to_text(s)) == s and ID.from_json(ID.to_json(s)) == s
        moves = ID.legal_moves(s)
        assert bool(moves) != ID.outcome(s).over
        if not moves:
            break
        move = rnd.choice(moves)
        ID.describe_move(s, move)
        s = ID.play(s, move)
        conserved(s)


def test_text_form() -> None:
    text = ID.to_text(ID.deal(1))
    assert text.splitlines()[:5] == ["game: idiots-delight", "deal: 1", "rules: strict", "discarded: 0",
                                    "stock: " + " ".join(c.code for c in ID.deal(1).stock)]
    assert "stack 1: JD" in text


@pytest.mark.parametrize("text, message", [
    ("stock: JD\nstack 1:\nstack 2:\nstack 3:\nstack 4:\n", "four at a time"),
    ("stock:\nstack 1: JD\nstack 2: JD\nstack 3:\nstack 4:\n", r"more than once: JD \(stack 1 and stack 2\)"),
    ("discarded: 3\nstock:\nstack 1: JD\nstack 2:\nstack 3:\nstack 4:\n", "discarded says 3"),
    ("stock:\nstack 1: JD\nstack 2:\nstack 3:\n", "missing line"),
    ("rules: lax\nstock:\nstack 1:\nstack 2:\nstack 3:\nstack 4:\n", "unknown rule set"),
])
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        ID.from_text(text)


# -- the solver -------------------------------------------------------------------------

def brute_force(state) -> bool:
    """Every line, no memo, no pruning: the reference for small positions."""
    if state.discarded == 52:
        return True
    return any(brute_force(ID.play(state, m)) for m in ID.legal_moves(state))


@pytest.mark.parametrize("rules", ["strict", "free"])
def test_solver_agrees_with_brute_force_on_small_positions(rules: str) -> None:
    rnd = random.Random(6)
    wins = 0
    for _ in range(300):
        ranks = rnd.sample(range(13), 3)  # three ranks: pairs and suits both happen
        cards = [CARDS[s * 13 + r] for r in ranks for s in range(4)]
        rnd.shuffle(cards)
        stacks = [[c] for c in cards[:4]]
        stock = cards[4:12]
        state = ID.from_json({"rules": rules, "stacks": [[c.code for c in s] for s in stacks],
                              "stock": [c.code for c in stock]})
        want = brute_force(state)
        got = search(stacks, stock, rules == "free")
        assert (got.verdict == "solved") == want, ID.to_text(state)
        wins += want
        if want:
            s = state
            for token in got.moves:
                s = play(s, token)
            assert ID.outcome(s).status == "won"
    assert 0 < wins < 300


def test_solver_is_deterministic_and_solutions_verify(tmp_path) -> None:
    first = solve_deal("idiots-delight", 6, "free")
    again = solve_deal("idiots-delight", 6, "free")
    assert first.verdict == "solved" and first.moves == again.moves and first.metrics == again.metrics
    for key in ("states_expanded", "solution_length", "choices", "alternatives", "max_branching"):
        assert key in first.metrics
    path = tmp_path / "id6.sol"
    path.write_text(first.to_solution().format())
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output


def test_unsolvable_is_exhaustive() -> None:
    result = solve_deal("idiots-delight", 1, "strict")
    assert result.verdict == "unsolvable" and result.moves == () and "every line" in result.explanation


def test_solver_from_a_position() -> None:
    # the clubs must go lowest first, 5C under 9C before 9C pairs with the uncovered 9S
    s = position(("7H", "7C", "5S", "9S"), stock="9C 5C 2C 3C", rules="free")
    result = solve_position(ID, s)
    assert result.verdict == "solved"
    out = s
    for token in result.moves:
        out = play(out, token)
    assert ID.outcome(out).status == "won"


# -- through dealgen verify ------------------------------------------------------------

def verify(tmp_path, body: str):
    path = tmp_path / "id.sol"
    path.write_text("game: idiots-delight\ndeal: 1\nrules: strict\n" + body + "\n")
    return CliRunner().invoke(main, ["verify", str(path)])


def test_verify_illegal_move_exit_1(tmp_path) -> None:
    # deal 1 starts JD 2D 9H JC: the Jacks pair, so a strict deal is refused
    result = verify(tmp_path, "d")
    assert result.exit_code == 1
    assert "dealing is not allowed under strict while JD and JC can be discarded" in result.output
    result = verify(tmp_path, "32")  # the move is quoted as written, not as our notation orders it (23)
    assert result.exit_code == 1
    # one line, the file and line first as in every error
    assert result.output.startswith(f"{tmp_path / 'id.sol'}:4: idiots-delight deal 1 (strict): FAILED at move 1 '32': ")


def test_verify_bad_token_exit_2(tmp_path) -> None:
    result = verify(tmp_path, "14 q")
    assert result.exit_code == 2 and "'q' is not an Idiot's Delight move" in result.output


def test_verify_moves_after_the_end_exit_1(tmp_path) -> None:
    s = ID.deal(1)
    moves = []
    while ID.legal_moves(s):
        move = ID.legal_moves(s)[0]
        moves.append(ID.format_move(move))
        s = ID.play(s, move)
    result = verify(tmp_path, " ".join(moves + ["12"]))
    assert result.exit_code == 1 and "already over" in result.output


def test_game_is_registered() -> None:
    assert get_game("idiots-delight") is ID and ID.rule_sets == ("strict", "free")


def test_a_static_deadlock_is_proved_without_search() -> None:
    # 3D can leave only beside KD, under 4C; 4C only beside KC, under 3D
    s = position(("KC 3D", "KD 4C", "", ""))
    assert not brute_force(s)
    found = search([[int(c) for c in x] for x in s.stacks], [], False)
    assert found.verdict == "unsolvable" and found.expanded == 0


def test_the_deal_diagram_lists_the_stock_order() -> None:
    """A puzzle page must be playable from the page: at the deal the diagram lists all 48 stock
    cards in their rows of four; once play has started it shows only the count."""
    from dealgen.render.registry import DiagramOptions, position_scene

    state = ID.deal(5, "strict")
    texts = [t.text for t in position_scene(ID, state, DiagramOptions()).texts()]
    assert any(t.startswith("The stock, top") for t in texts)
    assert all(f"{row}." in texts for row in range(1, 13)) and "13." not in texts  # 48 cards, 12 rows of four
    later = ID.play(state, ID.legal_moves(state)[0])
    while later.discarded == 0:
        later = ID.play(later, ID.legal_moves(later)[0])
    assert not any(t.text.startswith("The stock") for t in position_scene(ID, later, DiagramOptions()).texts())


def test_pages_say_the_deal_number_is_perpetual_motions() -> None:
    from dealgen.games import get_game

    # PySolFC has no Idiot's Delight: a reader lays deal N out as Perpetual Motion game N
    assert get_game("idiots-delight").pysolfc_label(25) == "Dealt as PySolFC Perpetual Motion game #25"
    assert get_game("penguin").pysolfc_label(25) == "PySolFC Penguin game #25"
