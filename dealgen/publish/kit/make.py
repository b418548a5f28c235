"""Daily kits: the ``dealgen daily`` run. The days are planned (``days``: the date's own deal, or
a seed catalog's entry in a series; every entry verified first), every name their files take is
checked before any work, and each day's files are drawn in memory (``dayfiles``) and written
whole or not at all.

``publish_days`` yields one line a day as the day is written, for the command line to print.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from ...errors import InputError
from ...fileio import KeyTwiceGiven, check_free, parse_json, planned_folder, read_text, write_files
from ...specs import DayPlan
from .dayfiles import FIXED_NAMES, STALE, day_files
from .days import day_stem, plan_days
from .theme import DEFAULT, load_theme

__all__ = ["check_day_free", "check_day_names", "day_stem", "publish_days", "write_day"]


def publish_days(days: DayPlan, output: str, theme_path: str | None = None, mono: bool = False,
                 jobs: Any = 0) -> Iterator[str]:
    """The kits of the ``days`` planned, into the folder ``output``, the images in the theme of
    ``theme_path`` (in greys only with ``mono``); ``jobs``: processes (0: one a core) or a Dask
    cluster. Yields a line for each day written."""
    theme = DEFAULT if theme_path is None else load_theme(theme_path)
    plan = plan_days(days, jobs)
    folder = planned_folder(output)
    check_day_names(folder, plan.stems, plan.problem)
    for stem, puzzle in plan.fixed.items():  # before any work: a series' days are free
        check_day_free(folder, stem, puzzle)
    first_day = plan.dates[0]
    for day in plan.days():
        check_day_free(folder, day.stem, day.puzzle)
        files = day_files(day, theme, mono)
        write_day(folder, files, day.date, first_day)
        yield f"{day.date.isoformat()} ({day.date.strftime('%A')}): {day.how}; wrote {len(files)} files to {folder}"


def write_day(folder: Path, files: dict, day, first_day) -> None:
    """One day's files, whole or not at all (the folder made now, when missing: a run that fails
    first leaves none); a failure after the first day says that the days before it stay written.
    Solution pages an earlier, longer run of the day left (and long descriptions it wrote) are removed
    once the new set is in."""
    try:
        write_files(folder, files)
    except InputError as err:
        if day == first_day:
            raise
        raise InputError(f"{err} ({day.isoformat()}'s files); the days before it are written") from None
    stem = next(name[:-5] for name in files if name.endswith(".json"))
    for old in folder.glob(f"{stem}-*"):
        if STALE.fullmatch(old.name[len(stem):]) and old.name not in files and old.is_file():
            old.unlink()


def check_day_names(folder: Path, stems: list[str], problem: bool) -> None:
    """Before any work: no name a day's files take is a folder (or a device) in ``folder``,
    so a run of many days does not stop part way."""
    if folder.is_dir():
        for stem in stems:
            for suffix in FIXED_NAMES + (("-strategy.txt",) if problem else ()):
                check_free(folder / f"{stem}{suffix}")


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
