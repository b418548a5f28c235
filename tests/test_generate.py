"""Graded selection logic, with a stand-in grader so the rule 'first that fill each band' is checked exactly."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from dealgen.deals import MAX_DEAL
from dealgen.errors import CheckFailed, InputError
from dealgen.publish.generate import candidates, even_mix, parse_mix, select, unfilled

GRADES = ("easy", "medium", "hard", "expert")


@dataclass
class Fake:
    deal: int
    verdict: str
    grade: str | None
    percentile: float = 50.0
    metrics: dict | None = None
    moves: tuple = ()

    @property
    def recorded(self) -> bool:
        return self.verdict == "solved"

    @property
    def outcome(self) -> str:
        return "won"


def fake_solve(numbers):
    for n in numbers:
        if n % 7 == 0:
            yield Fake(n, "unknown", None)
        else:
            yield Fake(n, "solved", GRADES[n % 4], percentile=float(100 - n), metrics={})


def test_keeps_the_first_deals_of_each_band_in_order() -> None:
    sel = select("penguin", "parlett", {"easy": 2, "hard": 1}, candidates(1, None), 100, fake_solve)
    deals = [e.deal for e in sel.catalog.entries]
    # easy = n % 4 == 0 -> 4, 8; hard = n % 4 == 2 -> 2; within a band by percentile (higher n first here)
    assert deals == [8, 4, 2]
    assert sel.tried == 8 and sel.kept == {"easy": 2, "hard": 1}
    assert sel.catalog.selection["tried"] == 8


def test_unsolved_deals_are_counted_and_skipped() -> None:
    sel = select("penguin", "parlett", {"medium": 3}, candidates(1, None), 100, fake_solve)
    assert [e.deal for e in sel.catalog.entries] == sorted([1, 5, 9], reverse=True)
    assert sel.unsolved == 1  # deal 7


def test_a_band_that_cannot_be_filled_fails_clearly() -> None:
    with pytest.raises(CheckFailed, match=r"'expert' \(found 1 of 5\) within --max-tries 10"):
        select("penguin", "parlett", {"expert": 5}, candidates(1, None), 10, fake_solve)
    # the last deal numbers, not the tries, run out first
    with pytest.raises(CheckFailed, match=r"'expert' \(found 0 of 5\) before the deal numbers ran out at 10+ \(tried 1 deal;"):
        select("penguin", "parlett", {"expert": 5}, candidates(MAX_DEAL, None), 10, fake_solve)
    # a budget too small to solve most deals is named as the cause, beside --max-tries
    with pytest.raises(CheckFailed, match=r"; 1 of the 10 had no solution within the solver's budget$"):
        select("penguin", "parlett", {"expert": 5}, candidates(1, None), 10, fake_solve)

    def unsolvable(numbers):
        return (Fake(n, "unknown", None) for n in numbers)

    with pytest.raises(CheckFailed, match=r"; 10 of the 10 had no solution within the solver's budget \(raise --max-states\)$"):
        select("penguin", "parlett", {"expert": 5}, candidates(1, None), 10, unsolvable)


def test_mix_parsing() -> None:
    assert parse_mix("hard:2,easy:1", GRADES) == {"easy": 1, "hard": 2}
    assert even_mix(10, GRADES) == {"easy": 3, "medium": 3, "hard": 2, "expert": 2}
    for bad, words in [("easy", "grade:count"), ("silly:2", "unknown grade"), ("easy:0", "no deals"),
                       ("easy:1,easy:2", "twice"), ("easy:-1", "grade:count")]:
        with pytest.raises(InputError, match=words):
            parse_mix(bad, GRADES)
    with pytest.raises(InputError, match="at least 1"):
        even_mix(0, GRADES)


def test_candidates_are_reproducible() -> None:
    first = list(zip(range(50), candidates(None, 42)))
    assert first == list(zip(range(50), candidates(None, 42)))
    assert len({n for _, n in first}) == 50
    assert list(zip(range(3), candidates(100, None))) == [(0, 100), (1, 101), (2, 102)]


# -- the real pipeline: solver, grader and parallel workers ------------------------------
def test_generate_is_reproducible_and_verified(tmp_path) -> None:
    from click.testing import CliRunner

    from dealgen.cli import main
    from dealgen.publish.catalog import read_catalog

    runner = CliRunner()
    outputs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"c{jobs}.json"
        result = runner.invoke(main, ["generate", "penguin", "--mix", "easy:2,medium:1", "--start", "1",
                                      "--jobs", jobs, "-o", str(path)])
        assert result.exit_code == 0, result.output
        assert "tried" in result.output and "kept 3" in result.output
        outputs.append(path.read_bytes())
    assert outputs[0] == outputs[1]  # same arguments, same catalog, whatever the number of processes
    catalog = read_catalog(tmp_path / "c1.json")
    assert [e.grade for e in catalog.entries] == ["easy", "easy", "medium"]
    assert runner.invoke(main, ["verify", str(tmp_path / "c1.json")]).exit_code == 0


def test_generate_bad_input(tmp_path) -> None:
    from click.testing import CliRunner

    from dealgen.cli import main

    runner = CliRunner()
    for args, words in [(["--count", "0"], "--count must be at least 1"),
                        (["--mix", "easy:1", "--count", "3"], "disagrees with --mix"),
                        (["--mix", ""], "--mix is empty"),
                        (["--start", "1", "--seed", "2"], "not both"),
                        (["--seed", "-1"], "not in the range x>=0"),  # as play and problems
                        (["--max-tries", "0"], "--max-tries must be from 1 to 1,000,000,000, got 0"),
                        (["--max-tries", str(2**63)], "--max-tries must be from 1 to 1,000,000,000"),
                        (["-o", str(tmp_path / "c.pdf")], "c.pdf: a catalog is JSON; give a file name ending in .json"),
                        (["--count", "99999999999999999999"], "99999999999999999999 puzzles need at least as many deals"),
                        (["--rules", "loose"], "unknown rule set"),
                        (["-o", str(tmp_path / "none" / "c.json")], "does not exist")]:
        result = runner.invoke(main, ["generate", "penguin", *args])
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)


def test_a_catalogs_default_name_counts_what_it_holds(tmp_path, monkeypatch) -> None:
    """--mix easy:1 writes penguin-1.json, never over a 40-deal catalog's penguin-40.json."""
    from click.testing import CliRunner

    from dealgen.cli import main

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["generate", "penguin", "--mix", "easy:1", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "output").iterdir()] == ["penguin-1.json"]


def test_a_band_left_short_says_how_many_were_found_of_how_many() -> None:
    assert unfilled({"easy": 20, "hard": 3}, {"easy": 20, "hard": 5}, 100, 100).startswith(
        "could not fill the grade band 'hard' (found 3 of 5) within --max-tries 100")
    both = unfilled({"easy": 6, "hard": 3}, {"easy": 20, "hard": 5}, 100, 100)
    assert both.startswith("could not fill the grade bands 'easy' (found 6 of 20), 'hard' (found 3 of 5)")
    assert unfilled({"any": 2}, {"any": 8}, 7, 9).startswith("could not find 8 problems (found 2) before the deal")
    assert unfilled({"any": 2}, {"any": 8}, 9, 9).endswith("(tried 9 deals; raise --max-tries)")  # no --mix asked
    assert unfilled({"easy": 20}, {"easy": 20}, 100, 100) is None
