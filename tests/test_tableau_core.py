"""One search core for the tableau family: Penguin's verdicts and moves unchanged, and the
FreeCell family searched alike, move for move, by the compiled core and its pure-Python twin
(``dealgen/solve/tableau.py``; Penguin's own twin tests are tests/test_core.py)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from dealgen.games.freecell import BAKERS_GAME, EIGHT_OFF, FREECELL, SEAHAVEN_TOWERS
from dealgen.games.penguin import PENGUIN
from dealgen.solve import core, solve_deal, solve_position
from dealgen.solve.freecell import description, family_problem
from dealgen.solve.penguin import PenguinProblem, search_problem, shorten
from dealgen.solve.search import best_first
from dealgen.solve.tableau import compiled_search, read_token, shorten_python, simulate

CORE = core.built()
needs_core = pytest.mark.skipif(CORE is None, reason="the compiled core is not built")
FAMILY = (FREECELL, BAKERS_GAME, EIGHT_OFF, SEAHAVEN_TOWERS)
MAIN = json.loads((Path(__file__).parent / "data" / "penguin-main-solutions.json").read_text())


def digest(verdict: str, moves, expanded: int, seen: int) -> str:
    return hashlib.sha256(json.dumps([verdict, list(moves), expanded, seen]).encode()).hexdigest()[:12]


def mains(rules: str, deal: int) -> str:
    """Main's solver output for a Penguin deal before the tableau core (see the data file)."""
    return MAIN[rules][12 * (deal - 1): 12 * deal]


def penguin_now(rules: str, deal: int) -> str:
    problem = PenguinProblem(PENGUIN.deal(deal, rules))
    found = search_problem(problem, 500_000, None)
    moves = shorten(problem, found.moves) if found.verdict == "solved" else ()
    return digest(found.verdict, moves, found.expanded, found.generated)


@pytest.mark.parametrize("rules,last", [("parlett", 2000), ("supermove", 700), ("single", 700)])
def test_penguin_solves_as_before(rules: str, last: int) -> None:
    """Verdict, moves (shortened), positions expanded and seen, as main's solver gave them
    before the core was generalised (the whole 1-2000 of each rule set: bench/bench_core.py)."""
    for deal in range(1, last + 1):
        assert penguin_now(rules, deal) == mains(rules, deal), (rules, deal)


@pytest.mark.parametrize("rules", ["parlett", "supermove", "single"])
def test_penguin_pure_core_solves_as_before(monkeypatch, rules: str) -> None:
    monkeypatch.setenv(core.PURE_ENV, "1")
    for deal in range(1, 31):
        assert penguin_now(rules, deal) == mains(rules, deal), (rules, deal)


def midgames(game, count: int, seed: int):
    """Deals after random legal moves: crowded cells, many lost."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.deal(rng.randint(1, 32000))
        for _ in range(rng.randint(5, 30)):
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.play(state, rng.choice(legal))
        out.append(state)
    return out


@needs_core
@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_family_deals_search_alike(game) -> None:
    # deals searched to a win or to 3,000 positions: the same outcome to the move and the same counts
    verdicts = []
    for deal in range(1, 41):
        problem = family_problem(game, game.deal(deal))
        python = best_first(problem, 3_000, None)
        assert compiled_search(CORE, problem, 3_000, None) == python, (game.name, deal)
        verdicts.append(python.verdict)
    assert "solved" in verdicts


@needs_core
@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_family_midgames_search_alike(game) -> None:
    verdicts = []
    for state in midgames(game, 40, seed=len(game.name)):
        problem = family_problem(game, state)
        python = best_first(problem, 2_000, None)
        assert compiled_search(CORE, problem, 2_000, None) == python, game.to_text(state)
        verdicts.append(python.verdict)
    assert verdicts.count("solved") >= 3 and verdicts.count("unsolvable") + verdicts.count("unknown") >= 3


@needs_core
@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_family_solves_alike(monkeypatch, game) -> None:
    # the whole result: verdict, moves (after shortening), every metric, the engine's replay
    for deal in range(1, 7):
        monkeypatch.setenv(core.PURE_ENV, "1")
        python = solve_deal(game.name, deal, grade=False).record()
        monkeypatch.delenv(core.PURE_ENV)
        assert solve_deal(game.name, deal, grade=False).record() == python, (game.name, deal)


@needs_core
@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_family_shortening_alike(game) -> None:
    shortened = 0
    for deal in range(1, 31):
        problem = family_problem(game, game.deal(deal))
        found = compiled_search(CORE, problem, 50_000, None)
        if found.verdict != "solved":
            continue
        short = CORE.shorten_game(problem.desc.code(), *problem.start_state, found.moves)
        assert short == shorten_python(problem, found.moves), (game.name, deal)
        assert simulate(problem, short) is not None and len(short) <= len(found.moves)
        game.line_metrics(game.deal(deal), short)  # the engine plays it out
        shortened += len(short) < len(found.moves)
    assert shortened or game is not FREECELL  # (in suit, round trips through a cell are rarer)


@needs_core
def test_ms_11982_is_exhausted_alike() -> None:
    problem = family_problem(FREECELL, FREECELL.deal(11982))
    found = compiled_search(CORE, problem, 10**6, None)
    assert found.verdict == "unsolvable"
    assert solve_position(FREECELL, FREECELL.deal(11982), max_states=10**6, grade=False).extra["certified"]


def test_tokens_read_back_in_the_games_notation() -> None:
    seahaven = description(SEAHAVEN_TOWERS)
    assert read_token(seahaven, "101", 4) == (9, 0, 0) and read_token(seahaven, "110", 4) == (0, 9, 0)
    assert read_token(seahaven, "a10", 4) == (10, 9, 0) and read_token(seahaven, "10h", 4) == (9, -1, 0)
    assert read_token(seahaven, "27va", 4) == (1, 6, 10) and read_token(seahaven, "27v1", 4) is None
    assert read_token(description(EIGHT_OFF), "kh", 8) == (15, -1, 0)
    assert read_token(PenguinProblem(PENGUIN.deal(1)).desc, "17v2", 7) is None  # Penguin writes no counts


@needs_core
def test_the_compiled_core_refuses_a_bad_description() -> None:
    problem = family_problem(FREECELL, FREECELL.deal(1))
    code = problem.desc.code()
    cols, cells, home = problem.start_state
    with pytest.raises(ValueError, match="out of range"):
        CORE.search_game((code[0], 11) + code[2:], cols, cells, home, 1, 10, None)
    with pytest.raises(ValueError, match="8 bytes"):
        CORE.search_game(code, cols[:7], cells, home, 1, 10, None)
    with pytest.raises(ValueError, match="not a FreeCell move token"):
        CORE.shorten_game(code, cols, cells, home, ("1x",))
    with pytest.raises(TypeError):
        CORE.search_game(code[:5], cols, cells, home, 1, 10, None)


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_ms_1329_is_solved_quickly(monkeypatch, pure: bool) -> None:
    # the heuristic without empty columns and buried cards wandered: 3,000,000 positions and no win
    if pure:
        monkeypatch.setenv(core.PURE_ENV, "1")
    result = solve_deal("freecell", 1329, max_states=5_000, grade=False)
    assert result.verdict == "solved" and result.metrics["states_expanded"] < 2_000
