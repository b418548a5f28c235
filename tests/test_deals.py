"""Deal numbers are PySolFC's: every vector block must come out exactly."""

from __future__ import annotations

import re

import pytest

from dealgen.deals import MAX_DEAL, parse_deal_number, shuffled_pack
from dealgen.errors import InputError
from dealgen.games.penguin import PENGUIN

from .conftest import golden


def read_blocks(name: str) -> dict[int, dict[str, str]]:
    blocks: dict[int, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in golden(name).read_text().splitlines():
        header = re.fullmatch(r"\[[\w-]+ (\d+)\]", line.strip())
        if header:
            current = blocks.setdefault(int(header.group(1)), {})
        elif ":" in line:
            key, _, value = line.partition(":")
            current[key.strip()] = value.strip()
    return blocks


PENGUIN_VECTORS = read_blocks("penguin-pysolfc.txt")


def test_vector_file_is_complete() -> None:
    assert len(PENGUIN_VECTORS) >= 40 and 31999 in PENGUIN_VECTORS


@pytest.mark.parametrize("number", sorted(PENGUIN_VECTORS))
def test_penguin_deal_matches_pysolfc(number: int) -> None:
    want = PENGUIN_VECTORS[number]
    state = PENGUIN.deal(number)
    assert state.beak.code == want["beak"]
    starters = [state.home_top(s).code for s in range(4) if state.home[s]]
    assert starters == want["foundations"].split()  # PySolFC's foundation order is suit order
    assert state.home[state.beak.suit] == 0
    for n, column in enumerate(state.columns, 1):
        assert " ".join(c.code for c in column) == want[f"column {n}"]


def test_perpetual_motion_stock_matches_pysolfc() -> None:
    for number, want in read_blocks("perpetual-motion-pysolfc.txt").items():
        assert " ".join(c.code for c in shuffled_pack(number)) == want["stock (top first)"]


def test_whole_range_of_numbers_deals_a_full_pack() -> None:
    for number in (0, 31999, 32000, 32001, 2**40, MAX_DEAL):
        assert sorted(shuffled_pack(number)) == list(range(52))
    assert shuffled_pack(32000) != shuffled_pack(31999)


@pytest.mark.parametrize("bad", ["-1", "1.5", "abc", "", str(MAX_DEAL + 1), "1e9"])
def test_bad_deal_numbers(bad: str) -> None:
    with pytest.raises(InputError):
        parse_deal_number(bad)
