"""Pack 'n' Stack engine: every rule and house rule of RULES.md, notation, text forms, CLI."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from dealgen.cards import CARDS, Card
from dealgen.cli import main
from dealgen.deals import shuffled_pack
from dealgen.errors import IllegalMove, InputError
from dealgen.games import get_game
from dealgen.games.pack_n_stack import PACK_N_STACK as G
from dealgen.games.pack_n_stack import PASS, SQUARE_NAMES, PnsMove, PnsState, pile_fault
from dealgen.solution import parse_solution
from dealgen.solve.pack_n_stack.players import make_player, play_game
from dealgen.verify import replay


def pos(squares: dict[str, str], stock: str = "", to_move: str = "red", quiet: int = 0) -> PnsState:
    """A hand-made position with only the cards a rule needs (the engine does not need all 52)."""
    square = [()] * 25
    for name, pile in squares.items():
        square[SQUARE_NAMES.index(name)] = tuple(Card.parse(c) for c in pile.split("/"))
    side = ("red", "black").index(to_move)
    sq = tuple(square)
    return PnsState(sq, tuple(Card.parse(c) for c in stock.split()), side, quiet, ((sq, side),))


def refused(state: PnsState, token: str) -> str:
    with pytest.raises(IllegalMove) as err:
        G.play(state, G.parse_move(token))
    return str(err.value)


# -- the deal ----------------------------------------------------------------------------------------
def test_registered():
    assert get_game("pack-n-stack") is G
    assert G.players == ("red", "black") and G.rule_sets == ("parlett",)


@pytest.mark.parametrize("number", [1, 617, 31999, 32000, 123456789])
def test_deal_fills_square_row_by_row_then_stock(number):
    pack = shuffled_pack(number)
    s = G.deal(number)
    assert [p[0] for p in s.square] == pack[:25]  # a1 b1 c1 d1 e1 a2 ...
    assert all(len(p) == 1 for p in s.square)
    assert list(s.stock) == pack[25:] and len(s.stock) == 27
    assert s.quiet == 0 and s.deal == number


@pytest.mark.parametrize("number", range(1, 30))
def test_first_player_has_fewer_cards_in_square(number):
    s = G.deal(number)
    reds = sum(1 for p in s.square if p[0].is_red)
    assert G.to_move(s) == ("red" if reds < 25 - reds else "black")


def test_square_names():
    assert SQUARE_NAMES[0] == "a1" and SQUARE_NAMES[4] == "e1" and SQUARE_NAMES[5] == "a2" and SQUARE_NAMES[24] == "e5"


# -- packing ----------------------------------------------------------------------------------------
def test_pack_and_refill_from_stock():
    s = pos({"a1": "3H", "c1": "7H", "b2": "5C"}, stock="9D KS", to_move="red")
    assert G.legal_moves(s) == [PnsMove("pack", 2, 0)]
    after = G.play(s, G.parse_move("c1-a1"))
    assert after.square[0] == (Card.parse("3H"), Card.parse("7H"))
    assert after.square[2] == (Card.parse("9D"),)  # refilled from the top of the stock
    assert after.stock == (Card.parse("KS"),)
    assert G.to_move(after) == "black"


def test_wrong_colour():
    s = pos({"a1": "3H", "c1": "7H", "b2": "5C"}, stock="9D", to_move="black")
    assert refused(s, "c1-a1") == "7H belongs to Red; Black is to move"


def test_seeing_same_row_or_column_whatever_lies_between():
    s = pos({"c1": "3H", "d4": "7H", "c5": "9H", "c3": "2S"}, stock="KS")
    with pytest.raises(InputError, match="d4 does not see c1: not in the same row or column"):
        G.parse_move("d4-c1")
    assert G._why_not(s, PnsMove("pack", 18, 2)) == "d4 does not see c1: not in the same row or column"
    assert G.play(s, G.parse_move("c5-c1")).square[2][-1] == Card.parse("9H")  # c3 lies between


@pytest.mark.parametrize("moving,target,ok", [
    ("5H", "3H", True), ("JH", "3H", True), ("KH", "TH", True), ("2H", "3H", False), ("3H", "3D", False),
    ("QH", "JH", True), ("KH", "JH", True), ("3H", "JH", True), ("AH", "JH", True), ("4H", "JH", False),
    ("KH", "QH", True), ("4H", "QH", True), ("TH", "QH", True), ("3H", "QH", False), ("JH", "QH", False),
    ("AH", "KH", True), ("TH", "KH", True), ("JH", "KH", False), ("QH", "KH", False),
])
def test_face_card_order(moving, target, ok):
    s = pos({"a1": target, "a2": moving, "e5": "2C", "e4": "3C"}, stock="KS")
    if ok:
        assert PnsMove("pack", 5, 0) in G.legal_moves(s)
    else:
        assert PnsMove("pack", 5, 0) not in G.legal_moves(s)
        reason = refused(s, "a2-a1")
        assert "cannot go on" in reason


def test_face_card_messages():
    s = pos({"a1": "QH", "a2": "3H", "b1": "JH", "b2": "4H", "c1": "KH", "c2": "JD", "d1": "KD", "d2": "9H"},
            stock="KS")
    assert refused(s, "a2-a1") == "a 3 cannot go on a Queen: a Queen takes only a King or an even numeral"
    assert refused(s, "b2-b1") == "a 4 cannot go on a Jack: a Jack takes only a Queen, a King or an odd numeral"
    assert refused(s, "c2-d2") == "JD cannot go on 9H: packing needs the same suit"
    assert refused(s, "b1-c1") == "a Jack cannot go on a King: a King takes only a numeral"
    assert G.play(s, G.parse_move("a1-a2")).square[5][-1] == Card.parse("QH")  # any higher card on a numeral


def test_face_card_order_applies_to_packet_heads():
    # Parlett: a packet headed by 10 goes on one headed 4; the house rule: face-card order on packets too.
    s = pos({"a1": "2H/4H", "a2": "3H/TH", "a3": "QH", "b1": "QD", "b2": "5D/JD"}, stock="KS")
    assert G.play(s, G.parse_move("a2-a1")).square[0][-1] == Card.parse("TH")
    # the packet 5D/JD is judged by its head, the Jack, not by its bottom card
    assert refused(s, "b2-b1") == "a Jack cannot go on a Queen: a Queen takes only a King or an even numeral"
    assert G.play(s, G.parse_move("a2-a3")).square[10][-1] == Card.parse("TH")  # 10 (even) on Q


def test_the_whole_pile_moves():
    s = pos({"a1": "2H", "a2": "3H/5H/9H"}, stock="KS")
    after = G.play(s, G.parse_move("a2-a1"))
    assert len(after.square[0]) == 4 and after.square[5] == (Card.parse("KS"),)


def test_bad_squares_and_tokens():
    s = pos({"a1": "2H", "a2": "3H"}, stock="KS")
    assert refused(s, "a3-a1") == "a3 is empty: there is nothing to move"
    with pytest.raises(InputError, match="a move needs two different squares, not a1 twice"):
        G.parse_move("a1-a1")  # no position allows it: the notation refuses it
    assert G._why_not(s, PnsMove("pack", 0, 0)) == "a move needs two different squares, not a1 twice"
    for token in ("a1a2", "f1-a1", "a6-a1", "a1+a2", "", "passes"):
        with pytest.raises(InputError):
            G.parse_move(token)


# -- empty squares ---------------------------------------------------------------------------------
def test_empty_square_while_stock_lasts_refused():
    s = pos({"a1": "2H/5H", "c3": "3C", "c4": "5C"}, stock="KS")  # an impossible position, made by hand
    assert PnsMove("shift", 0, 1) not in G.legal_moves(s)
    assert refused(s, "a1>b1") == ("b1 is empty but the stock still holds 1 card(s): "
                                   "nothing moves to an empty square while the stock lasts")
    assert refused(s, "a1-b1") == "b1 is empty: nothing moves to an empty square while the stock lasts"


def test_positions_with_an_empty_square_and_a_stock_are_unreadable():
    s = G.deal(5)
    first = s.square[0][0].code
    text = G.to_text(s).replace(f"row 1: {first} ", "row 1: - ", 1).replace("stock: ", f"stock: {first} ", 1)
    with pytest.raises(InputError, match="refilled at once while the stock lasts"):
        G.from_text(text)


def test_packet_to_empty_square_once_stock_is_empty():
    s = pos({"a1": "2H/5H", "c3": "4C", "e5": "7D"})
    moves = G.legal_moves(s)
    assert PnsMove("shift", 0, 1) in moves and PnsMove("shift", 0, 5) in moves
    assert PnsMove("shift", 0, 6) not in moves  # b2 does not see a1
    after = G.play(s, G.parse_move("a1>e1"))
    assert after.square[4] == s.square[0] and after.square[0] == () and after.quiet == 1
    assert refused(s, "a1-e1") == "e1 is empty: to move a packet there write a1>e1"
    s2 = pos({"a1": "2H/5H", "e5": "7D", "c3": "4C"})
    assert refused(s2, "e5>e4") == "7D is a single card: only a packet (two or more cards) may move to an empty square"
    with pytest.raises(InputError, match="a1 does not see c3"):
        G.parse_move("a1>c3")
    s3 = pos({"a1": "2H/5H", "a3": "4H"})
    assert refused(s3, "a1>a3") == "a3 is not empty (it holds 4H): to pack onto it write a1-a3"


# -- turns, passes, draws, the win -------------------------------------------------------------------
def test_pass_only_when_no_move():
    s = pos({"a1": "2H", "b2": "3H", "c3": "2S", "c4": "5S"})
    assert G.legal_moves(s) == [PASS]
    after = G.play(s, PASS)
    assert G.to_move(after) == "black" and after.quiet == 1
    s2 = pos({"a1": "2H", "a2": "3H", "c3": "2S", "c4": "5S"})
    assert refused(s2, "pass") == "Red can move (a2-a1) and must: a pass is allowed only with no legal move"


def test_draw_when_neither_can_move():
    s = pos({"a1": "2H", "b2": "3H", "c3": "2S", "d4": "5S"})
    assert G.legal_moves(s) == []
    assert G.outcome(s).status == "drawn" and "neither player can move" in G.outcome(s).summary
    assert refused(s, "pass") .startswith("the game is over")


def test_draw_after_twenty_quiet_turns():
    s = pos({"a1": "2H/5H", "c3": "2S/9S", "e5": "KD", "e4": "KC"}, quiet=19)
    assert G.outcome(s).status == "playing"
    after = G.play(s, G.parse_move("a1>b1"))
    assert after.quiet == 20 and G.outcome(after).status == "drawn"
    assert "20 turns in a row without a pack" in G.outcome(after).summary
    assert refused(after, "c3>c4").startswith("the game is over (drawn")


def test_pack_resets_quiet_count():
    s = pos({"a1": "2H/5H", "a2": "7H", "c3": "2S/9S"}, quiet=19)
    after = G.play(s, G.parse_move("a2-a1"))
    assert after.quiet == 0 and after.seen == ((after.square, 1),)


def test_draw_on_third_repetition_same_player_to_move():
    s = pos({"a1": "2H/5H", "c3": "2S/9S", "e5": "KD", "e4": "KC"})
    cycle = ["a1>b1", "c3>c4", "b1>a1", "c4>c3"]
    states = [s]
    for token in cycle * 2:
        states.append(G.play(states[-1], G.parse_move(token)))
    assert [G.outcome(x).status for x in states[:-1]] == ["playing"] * 8
    assert states[4].key == s.key  # second occurrence: still playing
    end = states[-1]
    assert end.key == s.key and G.outcome(end).status == "drawn"
    assert "recurred a third time with Red to move" in G.outcome(end).summary


def test_win_with_two_complete_stacks():
    hearts = "/".join(c.code for c in CARDS[26:39])
    diamonds = "/".join(c.code for c in CARDS[39:51])  # AD..QD, the King elsewhere
    s = pos({"a1": hearts, "b1": diamonds, "c1": "KD", "e5": "2S", "e4": "3S"})
    assert G.outcome(s).status == "playing"
    after = G.play(s, G.parse_move("c1-b1"))
    out = G.outcome(after)
    assert out.status == "won" and out.winner == "red" and out.over
    assert G.legal_moves(after) == []
    assert refused(after, "e4-e5") == "the game is over (Red won: two complete stacks): no move may follow"


def test_one_stack_is_not_a_win():
    hearts = "/".join(c.code for c in CARDS[26:39])
    s = pos({"a1": hearts, "b1": "2D", "c1": "5D", "e5": "2S", "e4": "3S"})
    after = G.play(s, G.parse_move("c1-b1"))
    assert G.outcome(after).status == "playing"


# -- text forms and notation ------------------------------------------------------------------------
def test_text_and_json_round_trip():
    s = G.deal(42)
    for _ in range(30):
        s = G.play(s, G.legal_moves(s)[0])
    assert G.to_text(G.from_text(G.to_text(s))) == G.to_text(s)
    assert G.to_json(G.from_json(G.to_json(s))) == G.to_json(s)
    assert "♥" in G.to_text(s, symbols=True) or "♦" in G.to_text(s, symbols=True)


def test_from_text_errors_name_their_line():
    deal = G.deal(3)
    text = G.to_text(deal)  # game, deal, rules, to move (4), quiet (5), stock (6), rows 1-5 (7-11)
    first, last = deal.square[0][0].code, deal.stock[-1].code

    def error(edited: str) -> str:
        with pytest.raises(InputError) as err:
            G.from_text(edited, "pos.txt")
        return str(err.value)

    assert error(text.replace("stock: ", f"stock: {first} ", 1)) == (
        f"pos.txt: card(s) given more than once: {first} (a1 on line 7 and stock on line 6)")
    emptied = text.replace(f"row 1: {first} ", "row 1: - ", 1).replace("stock: ", f"stock: {first} ", 1)
    assert error(emptied).startswith("pos.txt:6: square(s) a1 empty while the stock holds 28 card(s)")
    assert error(text.replace("row 2: ", "row 2: - ", 1)).startswith("pos.txt:8: row 2 needs 5 squares")
    assert error(text.replace("to move: ", "to move: green #", 1)) == "pos.txt:4: to move must be red or black, not 'green'"
    assert error(text.replace("quiet: 0", "quiet: 21", 1)).startswith("pos.txt:5: quiet must be a whole number")
    assert error(text.replace("stock: ", "stock: 1X ", 1)).startswith("pos.txt:6: stock: '1X' is not a card")
    assert error(text.replace(f"row 5: {deal.square[20][0].code}", f"row 5: {deal.square[20][0].code}/{last}")) == (
        f"pos.txt:11: square a5: a pile holds one suit only, not {deal.square[20][0].code}/{last}")
    assert error(text.replace(f"row 3: {deal.square[10][0].code}", "row 3: QX")).startswith(
        "pos.txt:9: square a3: 'QX' is not a card")


def test_a_pile_no_packs_could_build_is_refused():
    def fault(text: str) -> str | None:
        return pile_fault([Card.parse(t) for t in text.split("/")])

    assert fault("8H") is None and fault("6H/8H") is None
    assert fault("8H/6H").startswith("8H/6H is a pile no packs could build")  # 6 may not follow 8
    assert fault("8H/3H/9H") is None  # 3H/9H packed onto 8H: 9 follows 8, whatever lies under the 9
    assert fault("8H/9H/3H").startswith("8H/9H/3H is a pile no packs could build")  # 3 follows neither 9 nor 8
    assert fault("JH/3H/QH/2H") is None  # QH on JH, then 2H on QH
    assert fault("5H/5D") == "a pile holds one suit only, not 5H/5D"
    deal = G.deal(3)
    text = G.to_text(deal).replace(f"row 1: {deal.square[0][0].code} ", "row 1: 8H/6H ", 1)
    with pytest.raises(InputError, match=r"^pos.txt:7: square a1: 8H/6H is a pile no packs could build: a pile's top card must"):
        G.from_text(text, "pos.txt")


def all_moves():
    """Every move some position allows: the two squares differ and see each other."""
    squares = st.integers(0, 24)
    pairs = st.tuples(squares, squares).filter(lambda p: p[0] != p[1] and (p[0] // 5 == p[1] // 5 or p[0] % 5 == p[1] % 5))
    return st.one_of(st.just(PASS), st.builds(lambda kind, p: PnsMove(kind, *p), st.sampled_from(["pack", "shift"]), pairs))


@given(all_moves())
def test_move_tokens_round_trip(move):
    assert G.parse_move(G.format_move(move)) == move


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 2**32 - 1))
def test_random_play_conserves_cards_and_positions_round_trip(deal, seed):
    import random

    rng = random.Random(seed)
    s = G.deal(deal)
    while True:
        cards = [c for p in s.square for c in p] + list(s.stock)
        assert sorted(cards) == list(range(52))
        assert all(len({c // 13 for c in p}) <= 1 for p in s.square)
        if s.stock:
            assert all(s.square)
        back = G.from_text(G.to_text(s))
        assert (back.square, back.stock, back.to_move, back.quiet) == (s.square, s.stock, s.to_move, s.quiet)
        moves = G.legal_moves(s)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        G.describe_move(s, move)
        s = G.play(s, move)
    assert G.outcome(s).over


# -- players, records and the CLI -------------------------------------------------------------------
def test_same_seed_same_game():
    a = play_game(7, make_player("random", 3), make_player("random", 4))
    b = play_game(7, make_player("random", 3), make_player("random", 4))
    c = play_game(7, make_player("random", 5), make_player("random", 4))
    assert a.moves == b.moves
    assert a.moves != c.moves


def test_play_writes_a_record_that_verifies(tmp_path):
    out = tmp_path / "game.txt"
    runner = CliRunner()
    result = runner.invoke(main, ["play", "pack-n-stack", "3", "--red", "greedy", "--black", "random", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "game: pack-n-stack" in text and "deal: 3" in text and "rules: parlett" in text
    verdict = replay(parse_solution(text))
    assert verdict.error is None and verdict.won  # this game ends in a win
    again = runner.invoke(main, ["play", "pack-n-stack", "3", "--red", "greedy", "--black", "random"])
    assert again.output.splitlines()[-1] == text.splitlines()[-1]
    result = runner.invoke(main, ["verify", str(out)])
    assert result.exit_code == 0 and "verified" in result.output


def test_play_bad_input_exit_2(tmp_path):
    runner = CliRunner()
    for args in (["play", "pack-n-stack", "x"], ["play", "pack-n-stack", "1", "--red", "bogus"],
                 ["play", "nogame", "1"], ["play", "penguin", "1"],
                 ["play", "pack-n-stack", "1", "-o", str(tmp_path / "no" / "such" / "dir.txt")]):
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output)


def test_verify_rejects_illegal_record_exit_1(tmp_path):
    s = G.deal(3)
    wrong = next(i for i, p in enumerate(s.square) if p[0].is_red != (G.to_move(s) == "red"))
    target = next(j for j in range(25) if j != wrong and (j // 5 == wrong // 5 or j % 5 == wrong % 5))
    path = tmp_path / "bad.txt"
    path.write_text(f"game: pack-n-stack\ndeal: 3\n{SQUARE_NAMES[wrong]}-{SQUARE_NAMES[target]}\n")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert "belongs to" in result.output
    path.write_text("game: pack-n-stack\ndeal: 3\nz9-a1\n")
    assert CliRunner().invoke(main, ["verify", str(path)]).exit_code == 2
    # a move no position allows is a notation error (exit 2), as in every game
    path.write_text("game: pack-n-stack\ndeal: 3\na1-b2\n")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and "bad.txt:3: move 1: 'a1-b2': a1 does not see b2" in result.output


def test_a_pack_says_which_card_the_stock_put_in_its_place():
    s = pos({"a1": "3H", "a2": "2H"}, stock="KS QS")
    assert G.describe_move(s, G.parse_move("a1-a2")) == "Red packs 3♥ from a1 onto 2♥ at a2; K♠ from the stock fills a1"
    s = pos({"a1": "3H", "a2": "2H"})  # no stock: the square stays empty
    assert G.describe_move(s, G.parse_move("a1-a2")) == "Red packs 3♥ from a1 onto 2♥ at a2"


def test_the_other_kind_of_move_is_suggested_only_when_legal():
    s = pos({"a1": "2H/4H", "e1": "QH", "a4": "KS", "b4": "3D"})
    assert refused(s, "a1>e1") == "e1 is not empty (it holds QH): to pack onto it write a1-e1"
    s2 = pos({"a1": "2H/5H", "e1": "QS", "a4": "3D"})
    assert refused(s2, "a1>e1") == "e1 is not empty (it holds QS): 5H cannot go on QS: packing needs the same suit"
    assert refused(s2, "a4-a3") == "a3 is empty: 3D is a single card: only a packet (two or more cards) may move to an empty square"
