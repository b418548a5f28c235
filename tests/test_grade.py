"""Grading: percentiles among a reference sample, bands, the shipped calibration."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import dealgen.grade as grade
from dealgen.cli import main
from dealgen.grade import BANDS, GRADES, effort_score, grade_metrics, grade_of, read_calibration
from dealgen.scan import calibration


def record(deal: int, **metrics) -> dict:
    return {"game": "penguin", "deal": deal, "rules": "parlett", "verdict": "solved", "metrics": metrics}


SAMPLE = [record(n, min_cells=n % 8, expanded_share=n / 400, solution_length=60 + n % 40, players_lost=n % 13,
                 careful_won=4 - n % 5) for n in range(1, 401)]


def test_bands() -> None:
    assert grade_of(0) == "easy" and grade_of(100) == "expert"
    assert [grade_of(b - 0.01) for b in BANDS] == list(GRADES[:-1])
    assert [grade_of(b) for b in BANDS] == list(GRADES[1:])


def test_mid_rank_counts_ties_as_half() -> None:
    assert grade.mid_rank([1, 2, 2, 3], 2) == 50.0
    assert grade.mid_rank([1, 2, 3, 4], 0) == 0.0
    assert grade.mid_rank([1, 2, 3, 4], 9) == 100.0


def test_more_effort_never_scores_lower() -> None:
    ref = calibration("penguin", "parlett", SAMPLE, "test")["reference"]
    base = {"min_cells": 3, "expanded_share": 0.5, "solution_length": 80, "players_lost": 5}
    for name in base:
        harder = {**base, name: base[name] + 2}
        assert effort_score(harder, ref) >= effort_score(base, ref)
    assert effort_score({**base, "min_cells": 7}, ref) > effort_score(base, ref)


def test_calibration_cuts_the_sample_into_the_documented_bands(monkeypatch) -> None:
    data = calibration("penguin", "parlett", SAMPLE + [{"deal": 999, "verdict": "unknown", "metrics": {}}], "test")
    assert (data["deals"], data["solved"]) == (401, 400)
    monkeypatch.setattr(grade, "load_calibration", lambda game, rules: data)
    graded = [grade_metrics("penguin", "parlett", r["metrics"]) for r in SAMPLE]
    shares = {g: sum(1 for label, _ in graded if label == g) / len(graded) for g in GRADES}
    edges = [0.0, *BANDS, 100.0]
    for g, lo, hi in zip(GRADES, edges, edges[1:]):
        assert abs(shares[g] - (hi - lo) / 100) < 0.06, (g, shares)
    for label, pct in graded:
        assert 0 <= pct <= 100 and label == grade_of(pct)


def test_no_calibration_means_no_grade(monkeypatch) -> None:
    monkeypatch.setattr(grade, "load_calibration", lambda game, rules: None)
    assert grade_metrics("penguin", "parlett", {"min_cells": 3}) == (None, None)


def test_shipped_calibration_covers_a_large_reference_sample() -> None:
    data = read_calibration(grade.data_path("penguin", "parlett"))
    assert data["deals"] >= 2000 and data["solved"] >= 2000 * 0.95
    assert data["game"] == "penguin" and data["rules"] == "parlett"
    assert all(len(values) == data["solved"] for values in data["reference"].values())
    assert data["scores"] == sorted(data["scores"])


def test_solved_deal_is_graded_with_a_percentile() -> None:
    from dealgen.solve import solve_deal

    r = solve_deal("penguin", 3)
    assert r.grade in GRADES and 0 <= r.percentile <= 100
    assert r.grade == grade_of(r.percentile)
    assert r.metrics["min_cells"] <= r.metrics["max_cells"] and "players_lost" in r.metrics
    assert r.to_json()["grade"] == r.grade


def test_cli_calibrate_writes_a_readable_file(tmp_path) -> None:
    out = tmp_path / "g.json"
    result = CliRunner().invoke(main, ["calibrate", "penguin", "--deals", "2-3", "--jobs", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = read_calibration(out)
    assert data["sample"] == "deals 2-3" and data["solved"] == 2
    assert json.loads(out.read_text())["bands"] == list(BANDS)
    assert data["command"] == "dealgen calibrate penguin --rules parlett --deals 2-3"
    scan = tmp_path / "s.jsonl"  # figures from a kept scan say so: its lines may have had other budgets
    args = ["calibrate", "penguin", "--deals", "2-3", "--jobs", "1", "--from-scan", str(scan), "-o", str(out)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert read_calibration(out)["command"].endswith(f"--deals 2-3 --from-scan {scan}")
    one = CliRunner().invoke(main, ["calibrate", "penguin", "--deals", "5", "-o", str(tmp_path / "one.json")])
    assert one.exit_code == 2 and "give two or more" in one.output  # at once, with no scan


def test_calibrate_refuses_an_ungraded_scan_and_writing_over_it(tmp_path) -> None:
    scan = tmp_path / "s.jsonl"
    assert CliRunner().invoke(main, ["scan", "penguin", "2-3", "--jobs", "1", "--no-grade", "-o", str(scan)]).exit_code == 0
    before = scan.read_bytes()
    out = tmp_path / "g.json"
    args = ["calibrate", "penguin", "--deals", "2-3", "--jobs", "1", "--from-scan", str(scan)]
    result = CliRunner().invoke(main, [*args, "-o", str(out)])
    lacks = "deal 2's scan record lacks players_lost, min_cells, expanded_share (a scan made with --no-grade?)"
    assert result.exit_code == 2 and lacks in result.output
    result = CliRunner().invoke(main, [*args, "-o", str(scan)])
    assert result.exit_code == 2 and "--from-scan and -o name the same file" in result.output, result.output
    assert scan.read_bytes() == before and not out.exists()


def test_bad_calibration_file(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"schema": "something else"}')
    with pytest.raises(Exception, match="not a dealgen grade calibration"):
        read_calibration(path)


def test_grades_in_a_readers_words(monkeypatch) -> None:
    assert grade.careful_odds(9, 10) == "about 9 games in 10"
    assert grade.careful_odds(1, 12) == "about one game in 12"
    assert grade.careful_odds(3, 700) == "about one game in 230"
    assert grade.careful_odds(0, 560) == "hardly ever"
    data = calibration("penguin", "parlett", SAMPLE, "test")
    won, played = data["careful_games"]["easy"]
    assert played == 4 * sum(1 for r in SAMPLE if grade_of(grade_metrics_of(data, r)) == "easy")
    monkeypatch.setattr(grade, "load_calibration", lambda game, rules: data)
    lines = grade.grade_words("penguin", "parlett")
    assert lines[0] == f"Easy: a careful player wins {grade.careful_odds(won, played)}."
    assert [line.split(":")[0] for line in lines] == ["Easy", "Medium", "Hard", "Expert"]
    section = grade.grades_section("penguin", "parlett")
    assert section.startswith("\n\n## The grades\n" + lines[0] + " Medium: ") and section.count("careful") == 1


def grade_metrics_of(data: dict, r: dict) -> float:
    score = effort_score(r["metrics"], data["reference"], data["weights"])
    return round(grade.mid_rank(data["scores"], round(score, 6)), 1)


def test_a_game_with_nothing_to_choose_says_so() -> None:
    lines = grade.grade_words("perpetual-motion", "classic")
    assert lines[0].startswith("Nothing is chosen in this game") and lines[1] == "Easy: the easiest 40% of deals."
    assert "## The grades" in grade.grades_section("perpetual-motion", "classic")
    assert grade.grades_section("pack-n-stack", "standard") == ""


def test_the_daily_site_says_the_grades_under_their_heading() -> None:
    from dealgen.games.penguin import PENGUIN
    from dealgen.publish.site.make import rules_html

    html = rules_html(PENGUIN, "parlett")
    words = grade.grades_section("penguin", "parlett").split("\n")[3]
    assert f"<h3>The grades</h3>\n<p>{words}</p>" in html.replace("&#x27;", "'")
    assert "<h3>Moves</h3>\n<p>The exposed card" in html  # (a heading, then its paragraph: not one heading)
