"""Grade cut points for Idiot's Delight free and Perpetual Motion recursive: shipped,
used when solving, and enough for a graded book of either."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.grade import GRADES, data_path, grade_of, load_calibration, read_calibration, weights_for
from dealgen.solve import solve_deal

NEW = [("idiots-delight", "free"), ("perpetual-motion", "recursive")]


@pytest.mark.parametrize("game, rules", NEW)
def test_calibration_is_shipped_for_the_rule_set(game: str, rules: str) -> None:
    data = read_calibration(data_path(game, rules))
    assert (data["game"], data["rules"], data["sample"], data["deals"]) == (game, rules, "deals 1-2000", 2000)
    assert data["weights"] == weights_for(game)
    assert data["solved"] >= 500 and all(len(v) == data["graded"] for v in data["reference"].values())
    # Perpetual Motion's puzzles ask whether the deal comes out: its cycling deals are graded too
    assert data["graded"] == (data["deals"] if game == "perpetual-motion" else data["solved"])
    assert data["scores"] == sorted(data["scores"])
    assert data["command"].startswith(f"dealgen calibrate {game} --rules {rules} --deals 1-2000")
    assert load_calibration(game, rules) is not None


@pytest.mark.parametrize("game, rules, deal", [("idiots-delight", "free", 6), ("perpetual-motion", "recursive", 1)])
def test_a_won_deal_gets_a_grade(game: str, rules: str, deal: int) -> None:
    result = solve_deal(game, deal, rules, max_states=20_000)
    assert result.verdict == "solved"
    assert result.grade in GRADES and result.grade == grade_of(result.percentile)


@pytest.mark.parametrize("game, rules", NEW)
def test_graded_book_for_the_rule_set(game: str, rules: str, tmp_path: Path) -> None:
    book = tmp_path / f"{game}-{rules}.pdf"
    result = CliRunner().invoke(main, ["book", "--game", game, "--rules", rules, "--count", "2",
                                       "--mix", "easy:1,hard:1", "--jobs", "1", "--max-states", "20000",
                                       "-o", str(book)])
    assert result.exit_code == 0, result.output
    assert CliRunner().invoke(main, ["verify", str(book)]).exit_code == 0


def test_selection_uses_the_calibration_budget_by_default() -> None:
    # free deals are graded with the budget their cut points were measured with, not the solver's default
    from dealgen.publish.generate import select_graded

    assert load_calibration("idiots-delight", "free")["max_states"] == 20_000
    grade = solve_deal("idiots-delight", 6, "free", max_states=20_000).grade
    chosen = select_graded("idiots-delight", "free", {g: int(g == grade) for g in GRADES}, start=6,
                           max_tries=1, jobs=1)
    assert chosen.catalog.selection["max_states"] == 20_000
