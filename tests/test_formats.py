"""Symmetric text forms: parse(format(x)) == x, and random legal play loses no card."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealgen.cards import CARDS, Card
from dealgen.errors import InputError
from dealgen.games.penguin import CELLS, COLUMNS, PENGUIN, PenguinMove, PenguinState
from dealgen.solution import Solution, parse_solution

cards = st.sampled_from(CARDS)
deals = st.integers(min_value=0, max_value=10**20)
places = st.sampled_from(COLUMNS + CELLS + "h")
# moves some position allows (never from the foundation, cell to cell, or to where it starts)
moves = st.tuples(places, places).filter(
    lambda m: m[0] != m[1] and m[0] != "h" and not (m[0] in CELLS and m[1] in CELLS))


@given(cards)
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(card.code) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(card.code.lower()) == card


@pytest.mark.parametrize("bad", ["", "1H", "TX", "KHH", "11S", "♥"])
def test_bad_cards(bad: str) -> None:
    with pytest.raises(InputError):
        Card.parse(bad)


@given(moves)
def test_move_round_trip(pair: tuple[str, str]) -> None:
    move = PenguinMove(*pair)
    assert PENGUIN.parse_move(PENGUIN.format_move(move)) == move


@pytest.mark.parametrize("bad", ["9a", "1z", "h", "123", "", "a8", "0h", "33", "h1", "ab"])
def test_bad_move_tokens(bad: str) -> None:
    with pytest.raises(InputError):
        PENGUIN.parse_move(bad)


def random_play(deal: int, choices: list[int], rules: str = "parlett") -> list[PenguinState]:
    states = [PENGUIN.deal(deal, rules)]
    for pick in choices:
        moves = PENGUIN.legal_moves(states[-1])
        if not moves:
            break
        states.append(PENGUIN.play(states[-1], moves[pick % len(moves)]))
    return states


def cards_everywhere(state: PenguinState) -> list[int]:
    found = [c for s in range(4) for c in range(52) if c // 13 == s and (c - state.beak) % 13 < state.home[s]]
    held = [c for c in state.cells if c is not None] + [c for col in state.columns for c in col]
    return sorted(found + held)


@settings(max_examples=25, deadline=None)
@given(deals, st.lists(st.integers(min_value=0, max_value=10**6), max_size=60),
       st.sampled_from(["parlett", "supermove", "single"]))
def test_random_legal_play_keeps_every_card_once(deal: int, choices: list[int], rules: str) -> None:
    for state in random_play(deal, choices, rules):
        assert cards_everywhere(state) == list(range(52))


@settings(max_examples=25, deadline=None)
@given(deals, st.lists(st.integers(min_value=0, max_value=10**6), max_size=40), st.booleans())
def test_position_round_trips_through_text_and_json(deal: int, choices: list[int], symbols: bool) -> None:
    state = random_play(deal, choices)[-1]
    assert PENGUIN.from_text(PENGUIN.to_text(state, symbols=symbols)) == state
    assert PENGUIN.from_json(json.loads(json.dumps(PENGUIN.to_json(state)))) == state


@given(deals, st.sampled_from(["parlett", "supermove", "single"]),
       st.lists(moves, max_size=50), st.text(max_size=30))
def test_solution_round_trip(deal: int, rules: str, pairs: list[tuple[str, str]], comment: str) -> None:
    solution = Solution("penguin", deal, rules, tuple(a + b for a, b in pairs))
    assert parse_solution(solution.format(comment=comment)) == solution


def test_deal_json_has_the_documented_shape() -> None:
    data = PENGUIN.to_json(PENGUIN.deal(1))
    assert list(data) == ["game", "deal", "rules", "beak", "foundations", "cells", "columns"]
    assert data["foundations"] == {"C": "JC", "S": "JS", "H": None, "D": "JD"}
    assert data["cells"] == [None] * 7 and data["columns"][0][0] == "JH"


def test_positions_with_a_duplicate_or_missing_card_are_refused() -> None:
    text = PENGUIN.to_text(PENGUIN.deal(1))
    dup = text.replace("column 2: 2D", "column 2: 3D")
    with pytest.raises(InputError, match=r"3D \(column 1 and column 2\).*") as err:
        PENGUIN.from_text(dup, "pos.txt")
    assert str(err.value).startswith("pos.txt: card(s) given more than once")
    assert "; the pack then lacks 2D" in str(err.value)  # most likely the card meant
    # where cards may be discarded, an absent card may be one of them: nothing is said of it
    from dealgen.games import get_game

    pm = get_game("perpetual-motion")
    whole = pm.to_text(pm.deal(3))
    first, second = whole.split("stock: ")[1].split()[:2]
    doubled = whole.replace(f"stock: {first} {second}", f"stock: {first} {first}", 1)
    with pytest.raises(InputError, match=f"lacks {second}"):
        pm.from_text(doubled, "pm.txt")
    with pytest.raises(InputError) as err:
        pm.from_text(doubled.replace("discarded: 0", "discarded: 4"), "pm.txt")
    assert "more than once" in str(err.value) and "lacks" not in str(err.value)
    assert "beak" not in str(err.value)
    # a beak that disagrees with the foundations: the few first clashes, and what a foundation holds
    wrong = PENGUIN.to_text(PENGUIN.deal(5)).replace("beak: AD", "beak: QH")
    with pytest.raises(InputError) as err:
        PENGUIN.from_text(wrong, "pos.txt")
    assert "QC (foundation C and column 3)" in str(err.value) and len(str(err.value)) < 500
    assert "from the beak's rank, Queen, up to the one it shows: is the beak or a foundation wrong?" in str(err.value)
    data = PENGUIN.to_json(PENGUIN.deal(1))
    data["columns"][6].pop()
    with pytest.raises(InputError, match="missing card.*6H"):
        PENGUIN.from_json(data)
    with pytest.raises(InputError, match="pos.txt:4: beak"):
        PENGUIN.from_text(text.replace("beak: JH", "beak: ZZ"), "pos.txt")


@pytest.mark.parametrize("name", ["penguin", "perpetual-motion", "idiots-delight", "pack-n-stack"])
def test_position_header_values_any_case_and_their_errors_name_the_line(name: str) -> None:
    from dealgen.games import get_game

    game = get_game(name)
    state = game.deal(3)
    text = game.to_text(state)
    rules_line = next(k for k, ln in enumerate(text.splitlines(), 1) if ln.startswith("rules:"))
    loud = text.replace(f"rules: {state.rules}", f"rules: {state.rules.upper()}")
    assert game.to_text(game.from_text(loud, "pos.txt")) == text  # as a solution's rules: line is read
    with pytest.raises(InputError, match=rf"^pos.txt:{rules_line}: unknown rule set 'nope' for {name}: use one of "):
        game.from_text(text.replace(f"rules: {state.rules}", "rules: nope"), "pos.txt")
    deal_line = next(k for k, ln in enumerate(text.splitlines(), 1) if ln.startswith("deal:"))
    with pytest.raises(InputError, match=rf"^pos.txt:{deal_line}: "):
        game.from_text(text.replace("deal: 3", "deal: three"), "pos.txt")
    game_line = next(k for k, ln in enumerate(text.splitlines(), 1) if ln.startswith("game:"))
    with pytest.raises(InputError, match=rf"^pos.txt:{game_line}: this is a position of 'klondike'"):
        game.from_text(text.replace(f"game: {name}", "game: klondike"), "pos.txt")
