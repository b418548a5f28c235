"""Grades from solver effort, calibrated on a reference sample of real deals.

A deal's effort metrics are counts from the solver (never seconds). Each metric is
placed among the same metric's values over the reference sample (a mid-rank
percentile, so ties share the middle), the per-metric percentiles are averaged with
the game's weights (``Game.grade_weights``; ``WEIGHTS`` are Penguin's and the default), and
that *effort score* is placed among the reference deals' own scores: that is the deal's
percentile (0-100). Bands are cut at fixed percentiles (``BANDS``), so about 40% of deals are easy, 35% medium, 18% hard and 7% expert.

The reference values and cut points ship in ``dealgen/data/grades-<game>-<rules>.json``;
``dealgen calibrate`` recomputes them (see ``dealgen.scan.calibration``, which ranks a scan's records).
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from .errors import InputError
from .fileio import parse_json

SCHEMA = "dealgen-grades"
VERSION = 1

# what each metric says about a person's work, and how much it counts: fitted on the calibration
# sample (bench/fit_grade_weights.py, deals 1001-3000 under parlett), the players' part held to
# half so that the grade stays the solver's effort with a person-like solver's counted in
WEIGHTS: dict[str, float] = {
    "players_lost": 0.5,  # games the person-like players lost (solve/people): how hard for a person
    "min_cells": 0.2,  # fewest flipper cells that suffice: how tight the deal is
    "expanded_share": 0.2,  # positions expanded per position seen: few options at each turn
    "solution_length": 0.1,  # how long the walkthrough is
}
GRADES = ("easy", "medium", "hard", "expert")
BANDS = (40.0, 75.0, 93.0)  # percentile where medium, hard and expert begin


def weights_for(game: str) -> dict[str, float]:
    """The game's grading metrics and weights (``Game.grade_weights``), else ``WEIGHTS``."""
    from .games import get_game

    return dict(get_game(game).grade_weights or WEIGHTS)


def data_path(game: str, rules: str) -> Path:
    return Path(str(resources.files("dealgen") / "data" / f"grades-{game}-{rules}.json"))


@lru_cache(maxsize=None)
def load_calibration(game: str, rules: str) -> dict[str, Any] | None:
    """The shipped calibration for a game and rule set, or None when there is none."""
    path = data_path(game, rules)
    if not path.is_file():
        return None
    return read_calibration(path)


def read_calibration(path: str | Path) -> dict[str, Any]:
    try:
        data = parse_json(Path(path).read_text(encoding="utf-8"), str(path))
    except (OSError, ValueError, InputError) as err:
        raise InputError(f"{path}: cannot read the grade calibration ({err})") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or data.get("version") != VERSION:
        raise InputError(f"{path}: not a dealgen grade calibration (schema {SCHEMA} version {VERSION})")
    return data


def mid_rank(values: list[float], x: float) -> float:
    """Percent of ``values`` below x, counting ties as half (values sorted)."""
    if not values:
        return 50.0
    lo, hi = bisect_left(values, x), bisect_right(values, x)
    return 100.0 * (lo + (hi - lo) / 2) / len(values)


def effort_score(metrics: Mapping[str, Any], reference: Mapping[str, list[float]],
                 weights: Mapping[str, float] = WEIGHTS) -> float:
    """Weighted mean of the metrics' percentiles among the reference values (0-100)."""
    total = used = 0.0
    for name, weight in weights.items():
        if name in metrics and name in reference:
            total += weight * mid_rank(reference[name], float(metrics[name]))
            used += weight
    if not used:
        raise InputError(f"none of the grading metrics ({', '.join(weights)}) is present")
    return total / used


def grade_of(percentile: float, bands: tuple[float, ...] = BANDS) -> str:
    return GRADES[bisect_right(list(bands), percentile)]


def grade_metrics(game_name: str, rules: str, metrics: Mapping[str, Any]) -> tuple[str | None, float | None]:
    """(grade, percentile) of a deal with a solution or record; (None, None) when the game and rule set
    have no calibration yet or the metrics lack what grading needs."""
    data = load_calibration(game_name, rules)
    if data is None or not any(name in metrics for name in data["weights"]):
        return None, None
    score = effort_score(metrics, data["reference"], data["weights"])
    percentile = round(mid_rank(data["scores"], score), 1)
    return grade_of(percentile, tuple(data["bands"])), percentile


def careful_odds(won: int, played: int) -> str:
    """How often a careful player wins, in a reader's words: "about 7 games in 10", "about one
    game in 12", "hardly ever" (no win at all)."""
    rate = won / played if played else 0.0
    if rate >= 0.95:
        return "nearly every game"
    if rate >= 0.45:
        return f"about {round(10 * rate)} games in 10"
    if won:
        n = round(1 / rate)
        return f"about one game in {round(n, 2 - len(str(n)))}"  # (two figures: 714 is "700-odd", said 710)
    return "hardly ever"


def grade_words(game: str, rules: str) -> list[str]:
    """What each grade means to a reader, one line a grade ("Expert: a careful player wins about
    one game in 12."), from the shipped calibration: the careful person-like player's games on
    its sample (``solve.people``). A game without players (nothing to choose) says where each
    grade lies among deals instead, after its ``Game.grade_note``. [] without a calibration."""
    from .games import get_game

    data = load_calibration(game, rules)
    if data is None:
        return []
    rates = data.get("careful_games") or {}
    note = get_game(game).grade_note
    bounds = [0.0, *data["bands"], 100.0]
    lines = [note] if note and not rates else []
    for index, grade in enumerate(GRADES):
        if rates.get(grade):
            lines.append(f"{grade.capitalize()}: a careful player wins {careful_odds(*rates[grade])}.")
            continue
        share = f"{bounds[index + 1] - bounds[index]:g}%"
        where = ("the easiest " if index == 0 else "the hardest " if index == len(GRADES) - 1 else "the next ") + share
        lines.append(f"{grade.capitalize()}: {where} of deals.")
    return lines


def grades_section(game: str, rules: str) -> str:
    """``grade_words`` as a how-to-play section (books and the daily site), one paragraph so that
    it stays together; "" without them. After the first grade, "a careful player wins" goes
    without saying."""
    lines = grade_words(game, rules)
    if not lines:
        return ""
    said = " ".join(lines[:1] + [line.replace(": a careful player wins ", ": ", 1) for line in lines[1:]])
    return "\n\n## The grades\n" + said + "\n"


def dumps(data: dict[str, Any]) -> str:
    """A calibration as JSON: one top-level key a line, each value compact."""
    lines = [f" {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"
