"""Pack 'n' Stack race counts, win proofs, players and problems (small, fast positions)."""

from __future__ import annotations

from click.testing import CliRunner

from dealgen.cli import main
from dealgen.games.pack_n_stack import PACK_N_STACK as G
from dealgen.pns.players import greedy_move
from dealgen.pns.problems import examine
from dealgen.pns.prove import prove
from dealgen.pns.race import check_certificate, lower_bound, race_win, side_plan
from dealgen.pns.strategy import parse_strategy, verify_strategy

from .conftest import DATA
from .test_pack_n_stack import pos
from .test_pns_strategy import SUITS_ROW


def test_pure_plan_and_bounds():
    s = pos({"a1": "2H", "a3": "5H", "c3": "9H", "e5": "2D", "e1": "4D", "b2": "3S", "d4": "7S"})
    plan = side_plan(s, 0)
    assert plan is not None and len(plan) == s.packs_left(0) == 3
    assert "needs 3" in check_certificate(s, plan[:-1])  # a certificate must cover every pack left
    # 3S and 7S never see each other and single cards cannot move: "more than the cap" of packet moves
    assert lower_bound(s, 1) == s.packs_left(1) + 3
    assert race_win(s) == plan


def test_prove_win_in_one_and_tree():
    tree = parse_strategy(SUITS_ROW + "goal: red wins in 1\ntree:\nred c1-b1\n")
    result = prove(tree.state, limit=3, seconds=5)
    assert result.status == "win" and result.n == 1


def test_no_win_proved_when_the_opponent_races_home():
    # Black to move, but Red's one pack wins before Black's two; Black has no forced win within 15.
    s = G.from_text(SUITS_ROW.replace("to move: red", "to move: black")
                    .replace("row 4: -  -  -  -  KS", "row 4: -  -  -  KS  -"))
    result = prove(s, limit=15, seconds=5)
    assert result.status == "no-win"


def test_examine_reproduces_the_stored_problem():
    tree = parse_strategy((DATA / "pns-26-strategy.txt").read_text())
    problem = examine(26, 41, tree.state, max_n=5, seconds=10)
    assert problem is not None and problem.n == 5
    assert problem.greedy_fails == (greedy_move(tree.state, G.legal_moves(tree.state)).token not in problem.winning_first_moves)
    lines, ok = verify_strategy(problem.strategy_text())
    assert ok, lines


def test_problems_cli_bad_input():
    runner = CliRunner()
    assert runner.invoke(main, ["problems", "pack-n-stack", "--deals", "x"]).exit_code == 2
    assert runner.invoke(main, ["problems", "pack-n-stack", "--deals", "5-1"]).exit_code == 2
    assert runner.invoke(main, ["problems", "penguin"]).exit_code == 2
    assert runner.invoke(main, ["problems", "pack-n-stack", "-o", "/no/such/folder"]).exit_code == 2
