"""Which puzzle each day publishes: the days `dealgen daily` and `dealgen site` share.

A plan is made from the command's options before any work (dates checked, a catalog read and
every entry it will publish verified: the gate), then yields its days one at a time, each
with its verified puzzle: a deal and its solution, or a problem and its strategy.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from ...errors import CheckFailed, InputError
from ...games import Game, get_game
from ...grade import GRADES, load_calibration
from ...solution import Solution
from ...solve import problem_kit
from ...specs import DayPlan
from ...version import __version__
from ..catalog import Catalog, ProblemEntry, failure_line, read_matching_catalog
from ..daily import day_range, parse_date, parse_week, pick, series_days, series_order, window_start


def day_stem(game: Game, rules: str, day: dt.date) -> str:
    """GAME-DATE, or GAME-RULES-DATE (``Game.file_stem``)."""
    return f"{game.file_stem(rules)}-{day.isoformat()}"


@dataclass(frozen=True)
class Day:
    """One day's puzzle, verified: a deal with its solution, or a problem (``entry``)."""

    date: dt.date
    game: Game
    rules: str
    grade: str
    solution: Solution | None = None
    percentile: float | None = None
    metrics: dict[str, Any] = field(default_factory=dict)
    entry: ProblemEntry | None = None
    series: dict[str, Any] | None = None
    how: str = ""  # how the day's puzzle was found, for the command's report

    @property
    def stem(self) -> str:
        return day_stem(self.game, self.rules, self.date)

    @property
    def deal(self) -> int:
        return self.entry.deal if self.entry is not None else self.solution.deal  # type: ignore[union-attr]

    @property
    def puzzle(self) -> dict[str, int]:
        """What a published day must keep: its deal (and a problem's turn)."""
        return {"deal": self.deal, "turn": self.entry.turn} if self.entry is not None else {"deal": self.deal}

    def record(self) -> dict[str, Any]:
        """The day's JSON, which `dealgen verify` replays."""
        if self.entry is not None:
            question = problem_kit(self.game).solution(self.entry.strategy_text(self.game), self.entry.source)[0]
            record = {"date": self.date.isoformat(), "game": self.game.name, "rules": self.rules,
                      **self.entry.to_json(), "question": question, "verified_by": f"dealgen {__version__}"}
        else:
            solution = self.solution
            record = {"date": self.date.isoformat(), "game": self.game.name, "rules": self.rules,
                      "deal": solution.deal, "grade": self.grade, "percentile": self.percentile,
                      "metrics": self.metrics, "solution": list(solution.moves), "verified_by": f"dealgen {__version__}"}
            if solution.outcome != "won":  # as in a catalog: a record that ends otherwise says how
                record["outcome"] = solution.outcome
        if self.series is not None:
            record["series"] = self.series
        return record

    def record_bytes(self) -> bytes:
        return (json.dumps(self.record(), indent=1, ensure_ascii=False) + "\n").encode("utf-8")


@dataclass
class Plan:
    """The days a run publishes, known before any work: their stems (for name checks), the
    puzzles already fixed (a series'), and ``days()`` to find and verify them one by one."""

    game: Game
    rules: str
    dates: list[dt.date]
    problem: bool
    days: Callable[[], Iterator[Day]]
    fixed: dict[str, dict[str, int]] = field(default_factory=dict)  # stem -> puzzle, for a series

    @property
    def stems(self) -> list[str]:
        return [day_stem(self.game, self.rules, day) for day in self.dates]


def plan_days(days: DayPlan, jobs: Any) -> Plan:
    """The plan for the ``days`` `dealgen daily` (and `dealgen site`) publish; ``jobs``: processes
    (0: one a core) or a Dask cluster. Bad options are InputError, before any work."""
    date_text, count, week_text = days.start_text, days.count, days.week
    if days.catalog is not None or days.series_start is not None:
        week = parse_week(week_text, GRADES) if week_text is not None else None
        return _series_plan(days, week)
    from ..daily import DEFAULT_WEEK

    g = get_game(days.game_name)
    rules = g.check_rules(days.rules)
    first = parse_date(date_text) if date_text is not None else dt.datetime.now(dt.timezone.utc).date()
    dates = day_range(first, count)
    weekly = parse_week(week_text, GRADES) if week_text is not None else DEFAULT_WEEK
    window_start(first)  # refuses dates before the series began, before anything is made
    if problem_kit(g) is not None:
        return Plan(g, g.default_rules, dates, True, lambda: _problem_days(g, rules, dates, weekly, jobs))
    if load_calibration(g.name, rules) is None:
        raise InputError(f"{g.name} ({rules} rules) has no grade calibration yet: run `dealgen calibrate` first")
    return Plan(g, rules, dates, False, lambda: _deal_days(g, rules, dates, weekly, jobs))


def _deal_days(g: Game, rules: str, dates: list[dt.date], weekly: tuple[str, ...], jobs: int) -> Iterator[Day]:
    from ...scan import solve_many

    def graded(deals: range) -> Iterator[tuple[str | None, Any]]:
        results = solve_many(g.name, deals, rules, jobs)  # in deal order, solved ahead on every core
        try:
            for result in results:
                yield (result.grade if result.recorded else None), result
        finally:
            results.close()

    for day in dates:
        chosen = pick(day, weekly, graded)
        result = chosen.found
        yield Day(day, g, rules, result.grade, result.to_solution(), result.percentile, result.metrics,
                  how=f"deal {chosen.deal}, {chosen.grade} (tried {chosen.tried})")


def _problem_days(game: Game, rules: str, dates: list[dt.date], weekly: tuple[str, ...], jobs: int) -> Iterator[Day]:
    """The day's deal is the first in its window with a problem of the weekday's grade, and the
    problem is the strongest of that grade in the deal's endgame."""
    from ..problemset import find_many

    for day in dates:
        wanted = weekly[day.weekday()]

        def graded(deals: range, wanted: str = wanted) -> Iterator[tuple[str | None, Any]]:  # (called at once)
            results = find_many(game, deals, jobs)  # each deal's problems, in deal order, found ahead
            try:
                for problems in results:
                    mine = [p for p in problems if p["grade"] == wanted]
                    yield (wanted if mine else None), mine
            finally:
                results.close()

        chosen = pick(day, weekly, graded)
        p = max(chosen.found, key=lambda p: (p["stars"], p["n"], -p["turn"]))
        entry = ProblemEntry(p["deal"], p["turn"], p["grade"], p["stars"], p["n"], tuple(p["position"]),
                             tuple(p["strategy"]), p["metrics"])
        verdict = entry.verify(Catalog(game.name, rules, (entry,)))  # the gate: nothing unverified is drawn
        if not verdict.ok:
            raise CheckFailed(f"nothing written: {failure_line(verdict)}")
        yield Day(day, game, game.default_rules, entry.grade, entry=entry,
                  how=f"deal {chosen.deal} turn {entry.turn}, {entry.grade} (tried {chosen.tried})")


def _series_plan(days: DayPlan, week: tuple[str, ...] | None) -> Plan:
    """A seed catalog's entries one a day from the series start: in the catalog's order, or the
    weekday's grade with ``week``. Every entry used is verified here, before any work."""
    catalog, series_start, date_text, count = days.catalog, days.series_start_text, days.start_text, days.count
    if catalog is None:
        raise InputError("--series-start goes with --catalog: it dates a catalog's first entry")
    if series_start is None:
        raise InputError("--catalog needs --series-start YYYY-MM-DD, the day its first entry is published")
    cat = read_matching_catalog(catalog, days.game, days.rules)
    start = parse_date(series_start)
    first = parse_date(date_text) if date_text is not None else start
    picks = series_days(start, first, count, *series_order(start, [e.grade for e in cat.entries], week))
    g = get_game(cat.game)
    problem = cat.entries[0].kind == "problem"
    fixed = {}
    for day, i in picks:
        entry = cat.entries[i]
        fixed[day_stem(g, cat.rules, day)] = ({"deal": entry.deal, "turn": entry.turn} if problem
                                              else {"deal": entry.deal})

    def days() -> Iterator[Day]:
        for _, i in picks:  # the gate: every entry verified before the first day is drawn
            verdict = cat.entries[i].verify(cat)
            if not verdict.ok:
                raise CheckFailed(f"{catalog}: nothing written: {failure_line(verdict)}")
        for day, i in picks:
            entry = cat.entries[i]
            series = {"catalog": cat.title or Path(catalog).name, "entry": i + 1, "start": start.isoformat()}
            if week is not None:
                series["week"] = list(week)
            how = f"entry {i + 1} of {len(cat.entries)}, {getattr(entry, 'source', f'deal {entry.deal}')}, {entry.grade}"
            if problem:
                yield Day(day, g, cat.rules, entry.grade, entry=entry, series=series, how=how)
            else:
                yield Day(day, g, cat.rules, entry.grade, cat.solution(entry), entry.percentile, entry.metrics,
                          series=series, how=how)

    return Plan(g, cat.rules, [day for day, _ in picks], problem, days, fixed)
