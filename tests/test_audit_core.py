"""The compiled audit (dealgen/solve/_audit_core.c) against the Python audits it restates.

Both must run the same search: the same verdict, the same count of positions visited, the same
won line, and the same stop when the budget runs out, on deals the audits exhaust (unsolvable
ones, of each Penguin rule set and each game of the family), on endgames off random play, and
on positions that are won. A won Penguin line replays through the engine (its tokens name real
cells); the family's line ("c" for any cell) must equal the Python audit's.
"""

from __future__ import annotations

import random

import pytest

from dealgen.games.freecell import BAKERS_GAME, EIGHT_OFF, FAMILY, FREECELL, SEAHAVEN_TOWERS
from dealgen.games.penguin import PENGUIN
from dealgen.solve import audit as penguin_audit
from dealgen.solve import freecell_audit
from dealgen.solve.audit import EXHAUSTED, OUT_OF_BUDGET, WON, AuditResult, built, compiled
from dealgen.solve.core import PURE_ENV

from .penguin_endgames import build

pytestmark = pytest.mark.skipif(built() is None, reason="the compiled audit is not built")

# Deals the audits exhaust in some 20,000 positions (from each rule set's list in docs/data/, and
# the family's first small ones): the audit's whole search, not only its start.
PENGUIN_UNSOLVABLE = {"parlett": (8854, 3114), "supermove": (3118, 277), "single": (1122, 1608)}
FAMILY_UNSOLVABLE = {BAKERS_GAME: (10, 14, 22, 26), SEAHAVEN_TOWERS: (21,), FREECELL: (11982,)}


def _both(run, monkeypatch):
    """``run()`` with the compiled audit, then with the Python one."""
    monkeypatch.delenv(PURE_ENV, raising=False)
    assert compiled() is not None
    fast = run()
    monkeypatch.setenv(PURE_ENV, "1")
    assert compiled() is None
    plain = run()
    monkeypatch.delenv(PURE_ENV)
    return fast, plain


def _penguin(state, budget):
    return lambda: penguin_audit.audit(state.beak, state.columns, state.cells, state.home, state.rules, budget)


def _family(game, state, budget):
    lay = game.layout
    return lambda: freecell_audit.audit(lay.ncols, lay.build == "alternate", lay.empty == "kings", state.columns,
                                        state.cells, state.home, budget)


def _replays(state, line) -> bool:
    for token in line:
        state = PENGUIN.play(state, PENGUIN.parse_move(token))
    return state.cards_home == 52


@pytest.mark.parametrize("rules", ["parlett", "supermove", "single"])
def test_penguin_deals_give_the_same_verdict_count_and_line(rules, monkeypatch) -> None:
    numbers = PENGUIN_UNSOLVABLE[rules]
    for number in numbers + (1, 2):  # two the audit wins too
        state = PENGUIN.deal(number, rules)
        fast, plain = _both(_penguin(state, 300_000), monkeypatch)
        assert fast == plain, (rules, number)
        assert fast.outcome == (EXHAUSTED if number in numbers else WON), (rules, number, fast)
        if fast.outcome == WON:
            assert _replays(state, fast.line)


def test_penguin_endgames_give_the_same_verdict_count_and_line(monkeypatch) -> None:
    rng = random.Random(50)
    for _ in range(100):
        state = build(lambda lo, hi: rng.randint(lo, hi), 8, 24)
        fast, plain = _both(_penguin(state, 20_000), monkeypatch)
        assert fast == plain, PENGUIN.to_text(state)
        if fast.outcome == WON:
            assert _replays(state, fast.line), PENGUIN.to_text(state)


@pytest.mark.parametrize("rules", ["parlett", "supermove", "single"])
def test_penguin_positions_off_random_play_give_the_same_count(rules, monkeypatch) -> None:
    """Every position reached from an unsolvable deal is lost: its whole search is compared."""
    for state in _off_random_play(PENGUIN, PENGUIN_UNSOLVABLE[rules], rules, random.Random(rules), 8):
        fast, plain = _both(_penguin(state, 20_000), monkeypatch)
        assert fast == plain and fast.outcome == EXHAUSTED, PENGUIN.to_text(state)


def test_a_cell_card_is_not_taken_for_no_card(monkeypatch) -> None:
    """The first compiled keys packed "no cell card" and "the AC (card 0) in a cell" alike; here the
    only win sends that AC home from the cell, so the fault lost it (1052 positions, not 1024)."""
    state = PENGUIN.from_text(AC_IN_A_CELL)
    fast, plain = _both(_penguin(state, 20_000), monkeypatch)
    assert fast == plain and fast.outcome == WON and fast.positions == 1024
    assert _replays(state, fast.line)


AC_IN_A_CELL = """\
game: penguin
deal: -
rules: parlett
beak: 6C
foundations: JC TS 4H 5D
cells: KS JS - - QS AS AC
column 1:
column 2:
column 3: 5C 4C 3C 2C
column 4: KC QC
column 5: 5S 4S 3S 2S 5H
column 6:
column 7:
"""


def _off_random_play(game, numbers, rules, rng: random.Random, per_deal: int, budget: int = 20_000):
    """Positions a few random moves into each deal whose audit visits between 20 and ``budget``
    positions (chosen with the compiled audit; they are compared afterwards)."""
    core = built()
    out = []
    for number in numbers:
        kept = 0
        while kept < per_deal:
            state = game.deal(number, rules)
            for _ in range(rng.randint(1, 12)):
                moves = game.legal_moves(state)
                if not moves:
                    break
                state = game.play(state, rng.choice(moves))
            cells = [-1 if c is None else c for c in state.cells]
            if game is PENGUIN:
                found = core.penguin(state.beak % 13, state.columns, cells, state.home, ("parlett", "supermove",
                                     "single").index(state.rules), budget)
            else:
                lay = game.layout
                found = core.family(lay.build == "alternate", lay.empty == "kings", state.columns, cells, state.home,
                                    budget)
            if found[0] != OUT_OF_BUDGET and found[1] >= 20:
                out.append(state)
                kept += 1
    return out


def test_a_budget_stops_both_at_the_same_position(monkeypatch) -> None:
    state = PENGUIN.deal(1126)
    full = penguin_audit.audit(state.beak, state.columns, state.cells, state.home, "parlett", 10**6)
    for budget in (1, 2, 1000, full.positions - 1):
        fast, plain = _both(_penguin(state, budget), monkeypatch)
        assert fast == plain == AuditResult(OUT_OF_BUDGET, budget)
    for budget in (0, -3):  # the start is one position: any budget below it stops at the first new one
        fast, plain = _both(_penguin(state, budget), monkeypatch)
        assert fast == plain == AuditResult(OUT_OF_BUDGET, 1)
    fast, plain = _both(_penguin(state, full.positions), monkeypatch)
    assert fast == plain == full and full.outcome == EXHAUSTED
    game, number = BAKERS_GAME, 22
    fast, plain = _both(_family(game, game.deal(number), 500), monkeypatch)
    assert fast == plain == AuditResult(OUT_OF_BUDGET, 500)


@pytest.mark.parametrize("game", list(FAMILY_UNSOLVABLE), ids=lambda g: g.name)
def test_family_unsolvable_deals_give_the_same_count(game, monkeypatch) -> None:
    for number in FAMILY_UNSOLVABLE[game]:
        fast, plain = _both(_family(game, game.deal(number), 100_000), monkeypatch)
        assert fast == plain and fast.outcome == EXHAUSTED, (game.name, number, fast)


@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_family_positions_off_random_play_give_the_same_verdict_count_and_line(game, monkeypatch) -> None:
    numbers = FAMILY_UNSOLVABLE.get(game, (1, 2, 3))
    outcomes = set()
    for state in _off_random_play(game, numbers, None, random.Random(game.name), 24 // len(numbers)):
        fast, plain = _both(_family(game, state, 20_000), monkeypatch)
        assert fast == plain, game.to_text(state)
        outcomes.add(fast.outcome)
    assert outcomes == {EXHAUSTED} if game in FAMILY_UNSOLVABLE else WON in outcomes, outcomes


def test_family_won_deals_give_the_same_line(monkeypatch) -> None:
    for game in (FREECELL, EIGHT_OFF):
        for number in (1, 2, 3):
            fast, plain = _both(_family(game, game.deal(number), 400_000), monkeypatch)
            assert fast == plain and fast.outcome == WON and fast.line, (game.name, number)


def test_bad_positions_are_refused() -> None:
    core = built()
    with pytest.raises(ValueError, match="occurs twice"):
        core.family(True, False, [[1, 2], [2]], [-1] * 4, [0, 0, 0, 0], 10)
    with pytest.raises(ValueError, match="out of range"):
        core.penguin(0, [[52]], [-1] * 7, [0, 0, 0, 0], 0, 10)
    with pytest.raises(ValueError, match="at most 7 columns"):
        core.penguin(0, [[]] * 8, [-1] * 7, [0, 0, 0, 0], 0, 10)


def test_the_switch_and_what_the_cli_says(monkeypatch) -> None:
    from click.testing import CliRunner

    from dealgen.cli import main

    monkeypatch.delenv(PURE_ENV, raising=False)
    assert "Audit of unsolvable verdicts: compiled (C)" in CliRunner().invoke(main, ["--version"]).output
    monkeypatch.setenv(PURE_ENV, "1")
    assert compiled() is None
    out = CliRunner().invoke(main, ["games"]).output
    assert "Audit of unsolvable verdicts: Python (DEALGEN_PURE_PYTHON is set" in out
