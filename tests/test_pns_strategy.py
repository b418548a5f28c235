"""Pack 'n' Stack strategy files: a correct tree passes, every kind of gap or error fails."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.errors import InputError
from dealgen.games.pack_n_stack import PACK_N_STACK as G
from dealgen.solution import is_strategy
from dealgen.solve.pack_n_stack.strategy import parse_strategy, verify_strategy

from .conftest import DATA

TREE = (DATA / "pns-26-strategy.txt").read_text()

SUITS_ROW = """\
game: pack-n-stack
to move: red
stock: -
row 1: AH/2H/3H/4H/5H/6H/7H/8H/9H/TH/JH/QH/KH  AD/2D/3D/4D/5D/6D/7D/8D/9D/TD/JD/QD  KD  -  -
row 2: -  -  -  -  -
row 3: AC/2C/3C/4C/5C/6C/7C/8C/9C/TC/JC/QC/KC  -  -  -  -
row 4: -  -  -  -  KS
row 5: -  -  -  -  AS/2S/3S/4S/5S/6S/7S/8S/9S/TS/JS/QS
"""


def test_found_problem_verifies():
    lines, ok = verify_strategy(TREE, "pns-26")
    assert ok, lines
    assert is_strategy(TREE)
    assert "black to play and win in 5" in lines[0] and "verified" in lines[0]


def test_win_in_one_by_a_winning_move():
    lines, ok = verify_strategy(SUITS_ROW + "goal: red wins in 1\ntree:\nred c1-b1\n")
    assert ok, lines


def test_a_missing_reply_fails():
    lines = TREE.splitlines()
    cut = lines.index("  red e5>b5")
    text = "\n".join(lines[:cut] + lines[cut + 2:]) + "\n"
    verdict, ok = verify_strategy(text, "pns-26")
    assert not ok
    assert any("Red's reply e5>b5 is not answered" in v for v in verdict), verdict


def test_replies_left_unanswered_are_one_failure_that_hides_nothing_else():
    lines = TREE.splitlines()
    tree = lines.index("tree:")
    text = "\n".join(lines[:tree + 2] + ["  red pass", "    black race b4-d4 c5-d5 d5-d1 d1-e1"]) + "\n"
    verdict, ok = verify_strategy(text, "pns-26")
    assert not ok and len(verdict) == 2, verdict  # the unanswered replies, then the illegal pass
    assert "Red's replies d2>a2, " in verdict[0] and " more are not answered" in verdict[0]
    assert "Red's reply pass is illegal" in verdict[1]


def test_a_race_certificate_is_the_winners_alone():
    with pytest.raises(InputError, match=r"pns-26:16: only the winner, Black, ends a branch with a race certificate; "
                                         r"Red's lines are single replies"):
        parse_strategy(TREE.replace("  red d2>a2\n", "  red race d2>a2\n", 1), "pns-26")


def test_an_illegal_or_doubled_reply_fails():
    text = TREE.replace("  red e5>b5\n", "  red e5>d5\n", 1)
    verdict, ok = verify_strategy(text)
    assert not ok and any("e5>d5 is illegal" in v for v in verdict)
    lines = TREE.rstrip("\n").splitlines()
    text = "\n".join(lines + lines[-2:]) + "\n"
    verdict, ok = verify_strategy(text)
    assert not ok and any("given twice" in v for v in verdict)


def test_any_consistent_indentation_reads():
    lines = TREE.splitlines()
    tree = lines.index("tree:")
    wide = [" " * ((len(ln) - len(ln.lstrip())) // 2 * 3) + ln.lstrip() for ln in lines[tree + 1:]]
    verdict, ok = verify_strategy("\n".join(lines[:tree + 1] + wide) + "\n", "pns-26")
    assert ok, verdict


def test_a_line_indented_too_deep_is_named():
    text = TREE.replace("\n  red d2>b2\n", "\n    red d2>b2\n", 1)  # under Red's d2>a2 (line 16)
    with pytest.raises(InputError, match=r"pns-26:18: this Red line is nested under Red's d2>a2 \(line 16\); .* check the indentation"):
        parse_strategy(text, "pns-26")


def test_failures_come_in_file_order_and_a_flood_is_cut_short():
    """A wrong first move breaks every branch below it: the verdict lists the failures from the
    top of the file, ten of them, and counts the rest."""
    text = TREE.replace("black d3>d4", "black b4>d4", 1)
    verdict, ok = verify_strategy(text, "pns-26")
    assert not ok and len(verdict) == 11 and verdict[-1].endswith("more failures (the first usually explains the rest)")
    lines = [int(v.split("pns-26:")[1].split(":")[0]) for v in verdict[:-1]]
    assert lines == sorted(lines) and lines[0] == 15  # the edited line
    shown = CliRunner().invoke(main, ["verify", "--json", "-"], input=text)
    assert len(json.loads(shown.output)["errors"]) > 10  # JSON keeps every failure


def test_a_short_race_certificate_fails():
    text = TREE.replace("black race b4-d4 c5-d5 d5-d1 d1-e1", "black race b4-d4 c5-d5 d5-d1", 1)
    verdict, ok = verify_strategy(text)
    assert not ok and any("race certificate refused" in v for v in verdict)


def test_a_wrong_race_certificate_fails():
    text = TREE.replace("black race b4-d4 c5-d5 d5-d1 d1-e1", "black race d1-e1 b4-d4 c5-d5 d5-d1", 1)
    verdict, ok = verify_strategy(text)
    assert not ok and any("race certificate refused" in v for v in verdict)


def test_goal_too_short_fails():
    verdict, ok = verify_strategy(TREE.replace("goal: black wins in 5", "goal: black wins in 4"))
    assert not ok and any("more than the goal's 4" in v for v in verdict)


def test_goal_too_long_fails():  # a win in 5 claimed as a win in 6 would earn a star and a grade it has not
    verdict, ok = verify_strategy(TREE.replace("goal: black wins in 5", "goal: black wins in 6"))
    assert not ok and any("every branch wins within 5 turns of black: the goal is a win in 5, not 6" in v for v in verdict)


def test_a_move_that_does_not_win_fails():
    verdict, ok = verify_strategy(SUITS_ROW + "goal: red wins in 1\ntree:\nred b1>b2\n")
    assert not ok and any("not answered" in v for v in verdict)


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace("goal: black wins in 5", "goal: red wins in 5"), "black is to move"),
    (lambda t: t.replace("goal: black wins in 5", "goal: black wins soon"), "the goal reads"),
    (lambda t: t.replace("tree:\n", ""), "no 'tree:' line"),
    (lambda t: t.replace("black d3>d4", "black d3>d9"), "is not a square"),
    (lambda t: t.replace("black d3>d4", "green d3>d4"), "a tree line reads"),
    (lambda t: t.replace("goal: black wins in 5", "goal: black wins in 0"), "N a whole number from 1 to 99"),
    (lambda t: t.replace("goal: black wins in 5", "goal: black wins in 100"), "N a whole number from 1 to 99"),
    (lambda t: t.replace("goal: black wins in 5\n", ""), "no 'goal:' line"),
    (lambda t: t.replace("goal: black wins in 5\n", "") + "goal: black wins in 5\n",
     r":\d+: the 'goal:' line comes after 'tree:' \(line \d+\): the goal goes above the tree"),
    (lambda t: t.replace("\n  red", "\n\tred", 1), r":\d+: the tree is indented with spaces \(two a level\), not tabs"),
    (lambda t: t.replace("\n  red", "\n\u00a0\u00a0red", 1),
     r":\d+: the tree is indented with plain spaces \(two a level\); this line has U\+00A0 before its move"),
    (lambda t: t + "black a1-a2\n", r":\d+: the tree has one first move of black, on line \d+; this line is not indented"),
    (lambda t: t[:t.index("tree:") + 6], "the tree is empty"),
    (lambda t: t.replace("tree:\n", "goal: black wins in 4\ntree:\n"), r":\d+: a second 'goal:' line \(the first is line \d+\)"),
    (lambda t: t[:t.index("tree:") + 6] + "red a1-a2\n", r":\d+: the tree starts with Black's first move .* not Red's"),
    (lambda t: t.replace("    black race b4-d4 c5-d5 d5-d1 d1-e1\n", "    black race b4-d4 c5-d5 d5-d1 d1-e1\n      black a1-a2\n", 1),
     r":18: a race certificate \(line 17\) ends its branch"),
    (lambda t: t.replace("  red d2>a2\n", " red d2>a2\n", 1),
     r":18: this Red line is nested under Red's d2>a2 \(line 16\); each line answers the one it is indented under"),
    (lambda t: t.replace("  red d2>b2\n", " red d2>b2\n", 1),
     r":18: this line is indented 1 space, the other answers to line 15 2 spaces: answers to one move line up"),
    (lambda t: t.replace("    black race b4-d4 c5-d5 d5-d1 d1-e1\n", "    black race b4-d4 c5-d5 d5-d1 d1-e1\n      red a1-a2\n", 1),
     r":18: a race certificate \(line 17\) ends its branch: nothing may be indented under it"),
])
def test_unreadable_strategies_are_input_errors(edit, message):
    with pytest.raises(InputError, match=message):
        parse_strategy(edit(TREE))


def test_a_strategy_with_a_stock_names_the_stock_line():
    deal = G.deal(7)  # to_text: game, deal, rules, to move, quiet, stock (line 6), rows
    text = G.to_text(deal) + f"goal: {deal.side} wins in 3\ntree:\n{deal.side} a1-a2\n"
    with pytest.raises(InputError, match=r"^s.txt:6: a strategy starts once the stock is empty"):
        parse_strategy(text, "s.txt")


def test_goal_words_in_any_case_and_a_byte_order_mark(tmp_path):
    tree = parse_strategy(TREE.replace("goal: black wins in 5", "Goal: Black WINS In 5"))
    assert tree.winner == "black" and tree.n == 5
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TREE.encode())
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output


def test_verify_json_and_show_for_a_strategy_file(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text(TREE)
    result = CliRunner().invoke(main, ["verify", str(good), "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0 and data["ok"] is True and "verified" in data["verdict"]
    assert data["game"] == "pack-n-stack" and data["goal"] == {"winner": "black", "n": 5}
    assert data["longest_branch"] == 5 and data["errors"] == []
    lines = TREE.splitlines()
    cut = lines.index("  red e5>b5")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines[:cut] + lines[cut + 2:]) + "\n")  # a reply left unanswered
    result = CliRunner().invoke(main, ["verify", str(bad), "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 1 and data["ok"] is False and "e5>b5 is not answered" in data["verdict"]
    first = data["errors"][0]
    # the verdict names the file and line first, as a solution's does; the reason is bare, beside its line
    assert first["line"] > 0 and first["reason"] == "after Black's d3>d4, Red's reply e5>b5 is not answered"
    assert data["verdict"].startswith(f"{bad}:{first['line']}: pack-n-stack deal ")
    result = CliRunner().invoke(main, ["verify", str(bad), "--show"])
    assert result.exit_code == 1 and "position where the first failure shows:" in result.output
    assert "to move: red" in result.output.split("first failure shows:")[1]  # after Black's move, Red replies
    data = json.loads(CliRunner().invoke(main, ["verify", str(bad), "--show", "--json"]).output)
    assert data["position"]["text"] == result.output.split("first failure shows:\n")[1]


def test_a_strategy_file_is_not_a_solution(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text(TREE)
    result = CliRunner().invoke(main, ["walkthrough", str(path), "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 2 and "a strategy file" in result.output and "dealgen verify" in result.output
    result = CliRunner().invoke(main, ["walkthrough", "pack-n-stack", "1", "-o", str(tmp_path / "w.pdf")])
    assert result.exit_code == 2 and "dealgen play pack-n-stack N -o GAME.txt" in result.output
    assert list(tmp_path.iterdir()) == [path]


def test_a_position_already_drawn_has_nothing_to_win():
    verdict, ok = verify_strategy(TREE.replace("quiet: 0", "quiet: 20"), "pns-26")
    assert not ok and "the game is already over (drawn: 20 turns in a row without a pack)" in verdict[0]


def test_moves_in_any_case_answer_the_same_replies():
    """A1>B1 is a1>b1, as in game records: an upper-case reply answers its move, and the
    same reply in two cases is one reply given twice."""
    upper = TREE.replace("  red e5>b5\n", "  red E5>B5\n", 1)
    assert upper != TREE
    verdict, ok = verify_strategy(upper, "pns-26")
    assert ok, verdict
    lines = TREE.rstrip("\n").splitlines()
    twice = "\n".join(lines + [lines[-2].upper().replace("RED", "red").replace("BLACK", "black"), lines[-1]]) + "\n"
    verdict, ok = verify_strategy(twice)
    assert not ok and any("given twice" in v for v in verdict), verdict


def test_moves_checked_counts_each_move_a_race_certificate_replays():
    """A strategy that is one race certificate checks that plan's moves, each of them."""
    plan = "c1-b1"
    lines, ok = verify_strategy(SUITS_ROW + f"goal: red wins in 1\ntree:\nred race {plan}\n")
    assert ok and "1 move checked, 1 race certificate" in lines[0], lines
    two = (SUITS_ROW.replace("AD/2D/3D/4D/5D/6D/7D/8D/9D/TD/JD/QD  KD  -", "AD/2D/3D/4D/5D/6D/7D/8D/9D/TD/JD  QD  KD")
           .replace("KC  -  -  -  -", "KC  -  -  -  QS").replace("9S/TS/JS/QS", "9S/TS/JS"))  # Black needs two packs too
    lines, ok = verify_strategy(two + "goal: red wins in 2\ntree:\nred race c1-b1 d1-b1\n")
    assert ok and "2 moves checked, 1 race certificate" in lines[0], lines
