"""The Penguin solver: verified solutions, proven verdicts, budgets, determinism."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.errors import CheckFailed, InputError
from dealgen.games.penguin import PENGUIN
from dealgen.solution import read_solution
from dealgen.solve import SOLVERS, SolverOutput, register_solver, solve_deal, solve_position
from dealgen.solve.penguin import PenguinProblem, simulate
from dealgen.verify import replay

from .conftest import position

pytestmark = pytest.mark.usefixtures("core")  # every test on both search cores (conftest.core)

# Beak AC; A-5 of every suit home; cells hold 7C 7S 7H 7D 8C; every other card in one
# column with the sixes at the bottom: a little play is possible, a win never is.
HOPELESS = dict(
    beak="AC",
    columns={1: "6C 6S 6H 6D 9C 9S 9H 9D TC TS TH TD JC JS JH JD 8S 8H QC QS QH QD KC KS KH 8D KD",
             **{n: "" for n in range(2, 8)}},
    cells="7C 7S 7H 7D 8C",
    home={"C": "5C", "S": "5S", "H": "5H", "D": "5D"},
)


@pytest.mark.parametrize("deal,rules", [(2, "parlett"), (3, "parlett"), (3, "supermove"), (2, "single")])
def test_solutions_replay_and_win(deal: int, rules: str) -> None:
    r = solve_deal("penguin", deal, rules, grade=False)
    assert (r.game, r.deal, r.rules, r.verdict, r.budget) == ("penguin", deal, rules, "solved", None)
    assert replay(r.to_solution()).ok
    assert r.metrics["solution_length"] == len(r.moves)
    assert 0 <= r.metrics["max_cells"] <= 7


def test_unsolvable_position_is_proven_exhaustively() -> None:
    r = solve_position("penguin", position(**HOPELESS), grade=False)
    assert r.verdict == "unsolvable" and r.moves == () and r.budget is None
    assert r.metrics["states_expanded"] == r.metrics["states_seen"] > 1  # every position expanded
    assert "exhaustive" in r.explanation
    with pytest.raises(CheckFailed):
        r.to_solution()


def test_near_win_position_is_solved_from_itself() -> None:
    state = position("AC", {1: "KD QD", 2: "KH QH"}, home={"C": "KC", "S": "KS", "H": "JH", "D": "JD"})
    r = solve_position("penguin", state, grade=False)
    assert r.verdict == "solved" and r.deal is None
    assert r.moves == ("1h", "1h", "2h", "2h")


def test_budget_runs_out_as_unknown() -> None:
    r = solve_deal("penguin", 5, max_states=10)
    assert (r.verdict, r.budget, r.moves, r.grade) == ("unknown", "states", (), None)
    assert r.metrics["states_expanded"] == 10


@pytest.mark.parametrize("states,seconds", [(0, None), (-5, None), (None, 0), (None, -1.5)])
def test_bad_budgets(states, seconds) -> None:
    with pytest.raises(InputError):
        solve_deal("penguin", 1, max_states=states, max_seconds=seconds)


def test_deterministic_whatever_the_hash_seed() -> None:
    first = solve_deal("penguin", 3, grade=True).to_json()
    assert solve_deal("penguin", 3, grade=True).to_json() == first
    code = "import json; from dealgen.solve import solve_deal; print(json.dumps(solve_deal('penguin', 3).to_json()))"
    for seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        assert json.loads(out.stdout) == first


def test_to_json_shape() -> None:
    data = solve_deal("penguin", 2, grade=False).to_json()
    assert list(data) == ["game", "deal", "rules", "verdict", "moves", "metrics", "grade", "certified"]
    assert data["moves"] and all(isinstance(m, str) and len(m) == 2 for m in data["moves"])
    json.dumps(data)


def test_beak_is_not_sent_home_while_the_rank_below_may_pack_on_it() -> None:
    # beak AC on top of column 1 with a card under it; KC (rel 12) exposed on column 2
    state = position("AC", {1: "5H AC", 2: "9D KC"}, home={"S": "AS", "H": "AH", "D": "AD"})
    problem = PenguinProblem(state)
    opening, node, _, _ = problem.start()
    assert "1h" not in opening
    tokens = [child[0][0] for child in problem.expand(node)]
    assert "21" in tokens and "1h" in tokens  # pack KC on the beak, or send the beak home


def test_simulate_rejects_illegal_lines() -> None:
    problem = PenguinProblem(PENGUIN.deal(1))
    assert simulate(problem, ("1h",)) is None
    assert simulate(problem, ("ab",)) is None


def test_a_wrong_solution_from_a_solver_raises(monkeypatch) -> None:
    def broken(game, state, **_):
        return SolverOutput("solved", ("1a", "a1"), {"states_expanded": 1})

    monkeypatch.setitem(SOLVERS, "penguin", broken)
    with pytest.raises(CheckFailed, match="solver bug"):
        solve_deal("penguin", 1, grade=False)


def test_registry_accepts_other_games() -> None:
    @register_solver("test-game")
    def solver(game, state, **_):
        return SolverOutput("unsolvable")

    try:
        assert SOLVERS["test-game"] is solver
    finally:
        del SOLVERS["test-game"]


# -- the command line ------------------------------------------------------------------
def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_solve_writes_a_verifiable_file(tmp_path) -> None:
    path = tmp_path / "s.sol"
    result = run("solve", "penguin", "2", "--no-grade", "-o", str(path))
    assert result.exit_code == 0, result.output
    assert "solved in" in result.output
    assert replay(read_solution(path)).ok
    assert run("verify", str(path)).exit_code == 0


def test_cli_solve_json() -> None:
    result = run("solve", "penguin", "2", "--no-grade", "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["verdict"] == "solved"


def test_cli_unknown_names_the_budget_and_writes_nothing(tmp_path) -> None:
    path = tmp_path / "s.sol"
    result = run("solve", "penguin", "5", "--max-states", "3", "-o", str(path))
    assert "unknown" in result.output and "states budget" in result.output
    assert result.exit_code == 1 and not path.exists()


@pytest.mark.parametrize("args", [
    ("solve", "penguin", "1", "--max-states", "0"),
    ("solve", "penguin", "1", "--max-states", "-3"),
    ("solve", "penguin", "1", "--max-seconds", "0"),
    ("solve", "penguin", "1", "--rules", "nonsense"),
    ("solve", "penguin", "1", "-o", "/no/such/folder/s.sol"),
    ("solve", "penguin", "x"),
])
def test_cli_solve_bad_input_exit_2(args) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
