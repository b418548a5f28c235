"""Daily kits: the ``dealgen daily`` run. Each day's puzzle is picked (the date's own deal, or a
seed catalog's entry in a series), every name its files take is checked before any work, the
files are drawn in memory (the square and wide images, the walkthrough as PDF and PNG, the
day's JSON, and a problem's strategy file) and written whole or not at all.

``publish_days`` yields one line a day as the day is written, for the command line to print.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from .. import __version__
from ..errors import CheckFailed, InputError
from ..fileio import KeyTwiceGiven, check_free, parse_json, planned_folder, read_text, write_files
from ..games import get_game
from ..grade import GRADES, load_calibration
from ..solve import problem_kit
from .catalog import Catalog, ProblemEntry, failure_line, read_matching_catalog
from .daily import (
    IMAGE_SIZES,
    day_range,
    day_scene,
    day_words,
    grade_mark,
    parse_date,
    parse_week,
    pick,
    series_days,
    series_order,
    window_start,
)


def publish_days(game: str, date_text: str | None, days: int, week: str, rules: str | None, catalog: str | None,
                 series_start: str | None, mono: bool, jobs: int, output: str, *, week_given: bool = True,
                 game_given: bool = True) -> Iterator[str]:
    """The days from ``date_text`` (default: today, UTC), ``days`` of them, into the folder
    ``output``: each date's own deal of its weekday's grade in ``week``, or with ``catalog`` and
    ``series_start`` the catalog's entries one a day. ``week_given``/``game_given``: whether the
    week and the game were chosen (a series follows a week only when given, and refuses a
    catalog of another game only when one was named). Yields a line for each day written."""
    from ..scan import solve_many

    if catalog is not None or series_start is not None:
        yield from _daily_series(game if game_given else None, date_text, days,
                                 parse_week(week, GRADES) if week_given else None, rules, catalog, series_start, mono,
                                 output)
        return
    g = get_game(game)
    rules = g.check_rules(rules)
    first = parse_date(date_text) if date_text is not None else dt.datetime.now(dt.timezone.utc).date()
    dates = day_range(first, days)
    weekly = parse_week(week, GRADES)
    window_start(first)  # refuses dates before the series began, before anything is made
    if problem_kit(g) is not None:
        yield from _daily_problems(g, rules, dates, weekly, mono, jobs, output)
        return
    if load_calibration(g.name, rules) is None:
        raise InputError(f"{g.name} ({rules} rules) has no grade calibration yet: run `dealgen calibrate` first")
    folder = planned_folder(output)
    check_day_names(folder, [day_stem(g, rules, day) for day in dates], False)

    def graded(deals: range) -> Iterator[tuple[str | None, Any]]:
        results = solve_many(g.name, deals, rules, jobs)  # in deal order, solved ahead on every core
        try:
            for result in results:
                yield (result.grade if result.recorded else None), result
        finally:
            results.close()

    first_day = dates[0]
    for day in dates:
        chosen = pick(day, weekly, graded)
        check_day_free(folder, day_stem(g, rules, day), {"deal": chosen.deal})
        result = chosen.found
        files = day_files(g, rules, day, result.to_solution(), result.grade, result.percentile, result.metrics, mono)
        write_day(folder, files, day, first_day)
        yield (f"{day.isoformat()} ({day.strftime('%A')}): deal {chosen.deal}, {chosen.grade} "
               f"(tried {chosen.tried}); wrote {len(files)} files to {folder}")


def write_day(folder: Path, files: dict, day, first_day) -> None:
    """One day's files, whole or not at all (the folder made now, when missing: a run that fails
    first leaves none); a failure after the first day says that the days before it stay written."""
    try:
        write_files(folder, files)
    except InputError as err:
        if day == first_day:
            raise
        raise InputError(f"{err} ({day.isoformat()}'s files); the days before it are written") from None


DAY_FILES = ("-square.png", "-wide.png", "-solution.pdf", "-solution.png", ".json")  # a problem's adds -strategy.txt


def check_day_names(folder: Path, stems: list[str], problem: bool) -> None:
    """Before any work: no name a day's files take is a folder (or a device) in ``folder``,
    so a run of many days does not stop part way."""
    if folder.is_dir():
        for stem in stems:
            for suffix in DAY_FILES + (("-strategy.txt",) if problem else ()):
                check_free(folder / f"{stem}{suffix}")


def day_stem(game, rules: str, day) -> str:
    """GAME-DATE, or GAME-RULES-DATE (``Game.file_stem``)."""
    return f"{game.file_stem(rules)}-{day.isoformat()}"


def check_day_free(folder: Path, stem: str, puzzle: dict) -> None:
    """A date always maps to one puzzle: refuse to replace a day already in ``folder`` with a
    different puzzle (a recalibration, or a catalog series into the same folder)."""
    path = folder / f"{stem}.json"
    if not path.exists():
        return
    try:
        old = parse_json(read_text(path, "day record"), str(path))  # (a byte-order mark is fine)
        held = {key: old[key] for key in puzzle}
    except KeyTwiceGiven:
        raise
    except (OSError, ValueError, KeyError, TypeError, InputError):
        raise InputError(f"{path}: exists and is not a dealgen day record; move it away or give another -o folder") from None
    if held != puzzle:
        def name(p: dict) -> str:
            return " ".join(f"{key} {value}" for key, value in p.items())
        raise InputError(f"{path}: this date is already published as {name(held)}; this run would replace it with "
                         f"{name(puzzle)}. Give another -o folder, or remove that day's files first")


def _daily_series(game, date_text, days: int, week, rules, catalog, series_start, mono: bool,
                  output: str) -> Iterator[str]:
    """Daily files from a seed catalog, one entry a day from the series start: the catalog's
    order, or the weekday's grade with ``week``; ``game`` None when not named."""
    if catalog is None:
        raise InputError("--series-start goes with --catalog: it dates a catalog's first entry")
    if series_start is None:
        raise InputError("--catalog needs --series-start YYYY-MM-DD, the day its first entry is published")
    cat = read_matching_catalog(catalog, game, rules)
    start = parse_date(series_start)
    first = parse_date(date_text) if date_text is not None else start
    picks = series_days(start, first, days, *series_order(start, [e.grade for e in cat.entries], week))
    folder = planned_folder(output)
    g = get_game(cat.game)
    check_day_names(folder, [day_stem(g, cat.rules, day) for day, _ in picks], cat.entries[0].kind == "problem")
    for day, i in picks:  # before any work: the days free, every entry verified (the gate)
        entry = cat.entries[i]
        check_day_free(folder, day_stem(g, cat.rules, day),
                        {"deal": entry.deal, "turn": entry.turn} if entry.kind == "problem" else {"deal": entry.deal})
    for _, i in picks:
        verdict = cat.entries[i].verify(cat)
        if not verdict.ok:
            raise CheckFailed(f"{catalog}: nothing written: {failure_line(verdict)}")
    first_day = picks[0][0]
    for day, i in picks:
        entry = cat.entries[i]
        series = {"catalog": cat.title or Path(catalog).name, "entry": i + 1, "start": start.isoformat()}
        if week is not None:
            series["week"] = list(week)
        if entry.kind == "problem":
            files = problem_day_files(g, day, entry, mono, series)
        else:
            files = day_files(g, cat.rules, day, cat.solution(entry), entry.grade, entry.percentile,
                               entry.metrics, mono, series)
        write_day(folder, files, day, first_day)
        yield (f"{day.isoformat()} ({day.strftime('%A')}): entry {i + 1} of {len(cat.entries)}, "
               f"{getattr(entry, 'source', f'deal {entry.deal}')}, {entry.grade}; wrote {len(files)} files to {folder}")


def day_files(game, rules: str, day, solution, grade: str, percentile: float, metrics: dict, mono: bool,
               series: dict | None = None) -> dict[str, bytes]:
    """Every file of one day, drawn in memory first; ``series`` names the catalog entry it comes from."""
    from ..render.pdf import walkthrough_pdf_bytes
    from ..render.png import fitting_dpi, png_bytes
    from ..render.registry import DiagramOptions, position_scene
    from ..render.walkthrough import build_walkthrough, overview_scene

    dated = day_words(day)
    wt = replace(build_walkthrough(solution, grade=grade), dated=dated)  # replays through the engine again
    stem = day_stem(game, rules, day)
    title = f"{game.title} · {dated}"
    subtitle = (f"{game.pysolfc_label(solution.deal)} · {grade.capitalize()} "
                f"{grade_mark(grade, GRADES)} · {game.rules_label(rules)}")
    diagram = position_scene(game, game.deal(solution.deal, rules), DiagramOptions(mono=mono, caption=False))
    files = {f"{stem}-{kind}.png": png_bytes(day_scene(diagram, title, subtitle, size), size=size)
             for kind, size in IMAGE_SIZES.items()}
    files[f"{stem}-solution.pdf"] = walkthrough_pdf_bytes(wt, mono)[0]
    sheet = overview_scene(wt, mono)
    files[f"{stem}-solution.png"] = png_bytes(sheet, dpi=fitting_dpi(sheet, 150))  # a long record: less than 150
    record = {"date": day.isoformat(), "game": game.name, "rules": rules, "deal": solution.deal,
              "grade": grade, "percentile": percentile, "metrics": metrics,
              "solution": list(solution.moves), "verified_by": f"dealgen {__version__}"}
    if solution.outcome != "won":  # as in a catalog: a record that ends otherwise says how
        record["outcome"] = solution.outcome
    if series is not None:
        record["series"] = series
    files[f"{stem}.json"] = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    return files


def _daily_problems(game, rules: str, dates, weekly, mono: bool, jobs: int, output: str) -> Iterator[str]:
    """Daily problems: the day's deal is the first in its window with a problem of the weekday's
    grade, and the problem is the strongest of that grade in the deal's endgame."""
    from .problemset import find_many

    folder = planned_folder(output)
    check_day_names(folder, [day_stem(game, game.default_rules, day) for day in dates], True)
    first_day = dates[0]
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
        check_day_free(folder, day_stem(game, game.default_rules, day), {"deal": entry.deal, "turn": entry.turn})
        verdict = entry.verify(Catalog(game.name, rules, (entry,)))  # the gate: nothing unverified is drawn
        if not verdict.ok:
            raise CheckFailed(f"nothing written: {failure_line(verdict)}")
        files = problem_day_files(game, day, entry, mono)
        write_day(folder, files, day, first_day)
        yield (f"{day.isoformat()} ({day.strftime('%A')}): deal {chosen.deal} turn {entry.turn}, {entry.grade} "
               f"(tried {chosen.tried}); wrote {len(files)} files to {folder}")


def problem_day_files(game, day, entry, mono: bool, series: dict | None = None) -> dict[str, bytes]:
    """Every file of one day's problem, drawn in memory first; ``series`` as for day_files."""
    from ..render.pdf import problem_pdf_bytes
    from ..render.png import fitting_dpi, png_bytes
    from ..render.problem import deeper, solution_scene
    from ..render.registry import DiagramOptions, position_scene

    kit = problem_kit(game)
    question, lines, complete = kit.solution(entry.strategy_text(game), entry.source)
    state = entry.state(game, game.default_rules)
    stem = day_stem(game, game.default_rules, day)
    title = f"{game.title} · {day_words(day)}"
    subtitle = (f"{question} · {entry.grade.capitalize()} {grade_mark(entry.grade, GRADES)} · from deal #{entry.deal}"
                f" · {game.rules_label(game.default_rules)}")
    diagram = position_scene(game, state, DiagramOptions(mono=mono, caption=False))
    files = {f"{stem}-{kind}.png": png_bytes(day_scene(diagram, title, subtitle, size), size=size)
             for kind, size in IMAGE_SIZES.items()}
    heading = f"{title}: {question}"
    # the whole strategy, as a file dealgen verify replays: the lines drawn may stop short of it
    files[f"{stem}-strategy.txt"] = entry.strategy_text(game).encode("utf-8")
    more = None if complete else deeper(f"{stem}-strategy.txt")
    files[f"{stem}-solution.pdf"] = problem_pdf_bytes(game, state, heading, lines, more, mono)
    sheet = solution_scene(game, state, heading, lines, more, mono)
    files[f"{stem}-solution.png"] = png_bytes(sheet, dpi=fitting_dpi(sheet, 150))
    record = {"date": day.isoformat(), "game": game.name, "rules": game.default_rules, **entry.to_json(),
              "question": question, "verified_by": f"dealgen {__version__}"}
    if series is not None:
        record["series"] = series
    files[f"{stem}.json"] = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    return files
