"""The compiled search core against its pure-Python twin: the same search, so the same
verdicts, moves and metrics, to the last position counted (docs/reference/solver.md)."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.games.penguin import PENGUIN
from dealgen.solve import core, solve_deal, solve_position
from dealgen.solve.penguin import (
    RULE_CODES,
    PenguinProblem,
    compiled_search,
    search_problem,
    shorten_python,
    simulate,
)
from dealgen.solve.search import best_first

from .conftest import position
from .penguin_endgames import build
from .test_certify import BEAK_IN_A_CELL
from .test_solver import HOPELESS

CORE = core.built()
needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built")


def both(monkeypatch, solve):
    """``solve()`` on the pure-Python core, then on the compiled one."""
    monkeypatch.setenv(core.PURE_ENV, "1")
    python = solve()
    monkeypatch.delenv(core.PURE_ENV)
    return python, solve()


@needs_core
@pytest.mark.parametrize("rules,deals", [("parlett", range(1, 101)), ("supermove", range(101, 201)),
                                         ("single", range(201, 301))])
def test_deals_search_alike(rules, deals) -> None:
    # 300 deals, each searched to a win or to 2,000 positions: the same outcome to the move
    # and the same counts (a search cut short must have expanded the same positions too)
    for deal in deals:
        problem = PenguinProblem(PENGUIN.deal(deal, rules))
        python = best_first(problem, 2_000, None)
        assert compiled_search(CORE, problem, 2_000, None) == python, (rules, deal)


@needs_core
@pytest.mark.parametrize("rules,deals", [("parlett", range(1, 21)), ("supermove", range(1, 11)),
                                         ("single", range(1, 11))])
def test_deals_solve_alike(monkeypatch, rules, deals) -> None:
    # the whole result: verdict, moves (after shortening), every metric, the engine's replay
    for deal in deals:
        python, compiled = both(monkeypatch, lambda deal=deal: solve_deal("penguin", deal, rules, grade=False).record())
        assert compiled == python, (rules, deal)


@needs_core
@pytest.mark.parametrize("rules,deals", [("parlett", (1, 133)), ("supermove", (3,)), ("single", (2,))])
def test_grading_alike(monkeypatch, rules, deals) -> None:
    # grading solves again with fewer cells (min_cells, min_cells_states): the same search
    for deal in deals:
        python, compiled = both(monkeypatch, lambda deal=deal: solve_deal("penguin", deal, rules, grade=True).record())
        assert compiled == python, (rules, deal)
        assert "min_cells" in compiled["metrics"] and compiled["grade"] is not None


@needs_core
def test_a_catalog_is_byte_identical(monkeypatch) -> None:
    from dealgen.publish.generate import select_graded

    mix = {"easy": 1, "medium": 1, "hard": 1}
    python, compiled = both(monkeypatch, lambda: select_graded("penguin", "parlett", mix, start=1, jobs=1).catalog.dumps())
    assert compiled == python and python.count('"deal":') == 3


@needs_core
def test_referee_endgames_search_alike() -> None:
    # the certification referee's positions (tests/penguin_endgames.py), larger than its own
    # test draws, each also with fewer cells as grading asks
    rng = random.Random(4040)
    verdicts = []
    for n in range(300):
        state = build(lambda lo, hi: rng.randint(lo, hi), 8, 45)
        used = [k for k, card in enumerate(state.cells) if card is not None]
        for ncells in (None, used[-1] + 1 if used else 0):
            python = best_first(PenguinProblem(state, ncells=ncells), 20_000, None)
            assert compiled_search(CORE, PenguinProblem(state, ncells=ncells), 20_000, None) == python, (
                n, ncells, PENGUIN.to_text(state))
            verdicts.append(python.verdict)
    assert verdicts.count("solved") > 300


@needs_core
def test_midgame_positions_search_alike() -> None:
    # real deals after random legal moves (as bench/referee.py draws them): crowded cells,
    # so many are lost, and their searches run to exhaustion or to the budget
    rng = random.Random(40)
    verdicts = []
    while len(verdicts) < 60:
        state = PENGUIN.deal(rng.randint(1, 10**6), rng.choice(("parlett", "supermove", "single")))
        for _ in range(rng.randint(10, 60)):
            legal = PENGUIN.legal_moves(state)
            if not legal:
                break
            state = PENGUIN.play(state, rng.choice(legal))
        problem = PenguinProblem(state)
        python = best_first(problem, 3_000, None)
        assert compiled_search(CORE, problem, 3_000, None) == python, PENGUIN.to_text(state)
        verdicts.append(python.verdict)
    assert verdicts.count("unsolvable") >= 5 and verdicts.count("solved") >= 5


@needs_core
@pytest.mark.parametrize("text", [BEAK_IN_A_CELL])
def test_certification_positions_alike(monkeypatch, text) -> None:
    for rules in ("parlett", "supermove", "single"):
        state = replace(PENGUIN.from_text(text), rules=rules)
        python, compiled = both(monkeypatch, lambda state=state: solve_position("penguin", state, grade=False).record())
        assert compiled == python


@needs_core
@pytest.mark.parametrize("budget", [1, 10, 333, 5_000])
def test_a_states_budget_stops_both_at_the_same_count(budget) -> None:
    for deal in (133, 460):
        problem = PenguinProblem(PENGUIN.deal(deal))
        python = best_first(problem, budget, None)
        assert python.verdict == "unknown" and python.expanded == budget
        assert compiled_search(CORE, problem, budget, None) == python


@needs_core
def test_exhaustion_and_the_seconds_budget() -> None:
    problem = PenguinProblem(position(**HOPELESS))
    python = best_first(problem, 10**6, None)
    assert python.verdict == "unsolvable" and compiled_search(CORE, problem, 10**6, None) == python
    out = compiled_search(CORE, PenguinProblem(PENGUIN.deal(460)), 10**6, 1e-9)
    assert (out.verdict, out.budget, out.moves) == ("unknown", "seconds", ())


@needs_core
def test_a_won_start_and_a_start_with_only_safe_moves_left() -> None:
    near = position("AC", {1: "KD QD", 2: "KH QH"}, home={"C": "KC", "S": "KS", "H": "JH", "D": "JD"})
    won = position("AC", {}, home={"C": "KC", "S": "KS", "H": "KH", "D": "KD"})
    for state in (near, won):
        problem = PenguinProblem(state)
        assert compiled_search(CORE, problem, 100, None) == best_first(problem, 100, None)


@needs_core
def test_shortening_alike() -> None:
    rng = random.Random(11)
    for deal in range(1, 61):
        rules = rng.choice(("parlett", "supermove", "single"))
        problem = PenguinProblem(PENGUIN.deal(deal, rules))
        found = compiled_search(CORE, problem, 100_000, None)
        if found.verdict != "solved":
            continue
        cols, cells, home = problem.start_state
        short = CORE.shorten(RULE_CODES[rules], cols, cells, home, found.moves)
        assert short == shorten_python(problem, found.moves)
        assert simulate(problem, short) is not None and len(short) <= len(found.moves)


@needs_core
def test_the_compiled_core_refuses_bad_input() -> None:
    problem = PenguinProblem(PENGUIN.deal(1))
    cols, cells, home = problem.start_state
    twice = (cols[0] + cols[1][:1],) + cols[1:]
    with pytest.raises(ValueError, match="twice"):
        CORE.search(problem.beak, 0, twice, cells, home, 1, 10, None)
    with pytest.raises(ValueError, match="not a Penguin move"):
        CORE.shorten(0, cols, cells, home, ("1x",))
    with pytest.raises(ValueError):
        CORE.search(problem.beak, 7, cols, cells, home, 1, 10, None)
    with pytest.raises(ValueError, match="rules"):
        CORE.shorten(99, cols, cells, home, ())


@needs_core
def test_a_weight_the_core_cannot_take_searches_in_python() -> None:
    problem = PenguinProblem(PENGUIN.deal(1), g_weight=2.0)
    assert search_problem(problem, 300, None) == best_first(problem, 300, None)


@needs_core
def test_the_compiled_search_lets_other_threads_run() -> None:
    """It drops the GIL between clock checks: a scan worker's orphan watch and a Dask
    worker's heartbeats must go on during a long search."""
    ticks, stop = [0], threading.Event()

    def tick() -> None:
        while not stop.is_set():
            ticks[0] += 1
            time.sleep(0.0005)

    problem = PenguinProblem(PENGUIN.deal(1126))  # unsolvable: 28,462 positions, about 0.1 s
    cols, cells, home = problem.start_state
    thread = threading.Thread(target=tick)
    thread.start()
    try:
        time.sleep(0.01)
        before = ticks[0]
        started = time.perf_counter()
        CORE.search(problem.beak, 0, cols, cells, home, problem.g_weight, 100_000, None)
        took, during = time.perf_counter() - started, ticks[0] - before
    finally:
        stop.set()
        thread.join()
    # With the GIL held throughout, the ticker got 3 ticks in 0.27 s (a few at the call's edges);
    # free, it ticks every 0.5 ms, so even a loaded machine's scheduler gives it far more than 40 a second.
    assert during >= 10 and during > took * 40, (took, during)


def test_the_core_in_use_is_named(monkeypatch) -> None:
    monkeypatch.setenv(core.PURE_ENV, "1")
    assert core.compiled() is None and core.describe().startswith("pure Python")
    for args in (["--version"], ["games"]):
        out = CliRunner().invoke(main, args)
        assert out.exit_code == 0 and "search core: pure Python" in out.output
    monkeypatch.setenv(core.PURE_ENV, "0")
    if CORE is not None:
        assert core.compiled() is CORE and core.describe() == "compiled (C)"
        assert "search core: compiled (C)" in CliRunner().invoke(main, ["--version"]).output
