"""Daily deals: a date always maps to the same deal.

The mapping: each date owns a window of 1000 deal numbers starting at
``DAILY_BASE + 1000 * (days since 2000-01-01)``; the day's deal is the first number in
its window whose grade is the grade wanted for that weekday (Monday easiest, Sunday
hardest by default); a deal with a solution has a grade, and so does a Perpetual Motion
deal that goes round forever (its puzzle asks whether the deal comes out). Windows never
overlap, so no two dates share a deal, and the numbers (from 10^7 up) are ordinary
PySolFC game numbers. The grade depends on the
shipped cut points; a published day's JSON file records its deal number, so a later
recalibration never changes what was published.

A series can instead be made from a seed catalog: its entries one a day from a start date,
in the catalog's order or following a week of grades, so a date still always maps to the
same puzzle.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..errors import CheckFailed, InputError, did_you_mean

DAILY_BASE = 10_000_000
WINDOW = 1000
EPOCH = dt.date(2000, 1, 1)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DEFAULT_WEEK = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")

MAX_DAYS = 366  # days one run publishes: a year ahead, never a runaway folder of files


def day_words(day: dt.date) -> str:
    """A date as the day's images print it: "Sunday 22 November 2026", no-break spaces keeping
    "22 November 2026" on one line (a narrow title breaks after the weekday, or not at all)."""
    return f"{day.strftime('%A')} {day.day}\u00a0{day.strftime('%B')}\u00a0{day.year}"


def parse_date(text: str) -> dt.date:
    """YYYY-MM-DD, or InputError saying what is wrong: the form, or a day the calendar lacks."""
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):  # fromisoformat alone takes 20261123, 2026-W48-1
        try:
            return dt.date.fromisoformat(text.strip())
        except ValueError:
            pass
    parts = re.fullmatch(r"([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})", text.strip())
    if parts is None:
        raise InputError(f"'{text}' is not a date in the form YYYY-MM-DD, e.g. 2026-11-23")
    try:
        day = dt.date(*map(int, parts.groups()))
    except ValueError:
        raise InputError(f"'{text}' is not a date that exists: use YYYY-MM-DD, e.g. 2026-11-23") from None
    raise InputError(f"'{text}': write the date with two-digit month and day, {day.isoformat()}")


def parse_week(text: str, grades: tuple[str, ...]) -> tuple[str, ...]:
    """Seven comma-separated grade names, Monday first."""
    week = tuple(part.strip() for part in text.split(","))
    if len(week) != 7:
        raise InputError(f"--week needs seven grades, Monday to Sunday, separated by commas; got {len(week)}")
    for grade in week:
        if grade not in grades:
            raise InputError(f"--week: unknown grade '{grade}'{did_you_mean(grade, grades)}: use {', '.join(grades)}")
    return week


def window_start(date: dt.date) -> int:
    days = (date - EPOCH).days
    if days < 0:
        raise InputError(f"daily deals start on {EPOCH.isoformat()}; {date.isoformat()} is earlier")
    return DAILY_BASE + WINDOW * days


@dataclass(frozen=True)
class DailyPick:
    date: dt.date
    deal: int
    grade: str
    tried: int
    found: Any = None  # what grading the deal gave (its solve result, its problems)


def pick(date: dt.date, week: tuple[str, ...], graded: Callable[[range], Iterator[tuple[str | None, Any]]]) -> DailyPick:
    """The date's deal: the first in its window whose grade is the weekday's.

    ``graded(deals)`` yields, for each deal in order, its grade (None when it has no verified
    solution) and what grading found; it may work ahead in other processes, and is closed
    once the deal is found (which stops them)."""
    wanted = week[date.weekday()]
    start = window_start(date)
    results = graded(range(start, start + WINDOW))
    try:
        for offset, (grade, found) in enumerate(results):
            if grade == wanted:
                return DailyPick(date, start + offset, wanted, offset + 1, found)
    finally:
        results.close()
    raise CheckFailed(f"{date.isoformat()}: no '{wanted}' deal among {start}-{start + WINDOW - 1}")


def day_range(first: dt.date, days: int) -> list[dt.date]:
    """``days`` dates from ``first``; InputError when that is fewer than one or runs off the calendar."""
    if not 1 <= days <= MAX_DAYS:
        raise InputError(f"--days must be from 1 to {MAX_DAYS} (a year) a run, not {days}")
    if days > (dt.date.max - first).days + 1:
        raise InputError(f"--days {days} from {first.isoformat()} runs past {dt.date.max.isoformat()}, the last date there is")
    return [first + dt.timedelta(days=k) for k in range(days)]


def series_order(start: dt.date, grades: list[str], week: tuple[str, ...] | None) -> tuple[list[int], str]:
    """The entry (0-based index) each day of a catalog series publishes, from ``start``, and
    what ends the series. Without ``week``: the entries in the catalog's order. With it: each
    day the next entry, in the catalog's order, of its weekday's grade, until a day's grade
    has none left (entries of other grades, or left over, are not published)."""
    if week is None:
        return list(range(len(grades))), f"the catalog's {len(grades)} entries"
    left = {grade: [i for i, g in enumerate(grades) if g == grade][::-1] for grade in week}
    order: list[int] = []
    while True:
        weekday = (start.weekday() + len(order)) % 7
        wanted = week[weekday]
        if not left[wanted]:
            break
        order.append(left[wanted].pop())
    count = grades.count(wanted)
    return order, (f"the catalog has {count} '{wanted}' entr{'y' if count == 1 else 'ies'}, and the week "
                   f"asks for one more on a {WEEKDAYS[weekday].capitalize()}")


def series_days(start: dt.date, first: dt.date, days: int, order: list[int], ends: str) -> list[tuple[dt.date, int]]:
    """Each of the ``days`` dates from ``first`` with the entry (0-based) it publishes, in a
    series that publishes ``order`` one a day from ``start`` (``ends`` says what ends it);
    InputError when a date is outside the series (checked before a date is made)."""
    k = (first - start).days
    if k < 0:
        raise InputError(f"{first.isoformat()} is before the series starts ({start.isoformat()}, --series-start)")
    if not order:
        raise InputError(f"the series is empty: {ends}")
    if k + days > len(order):
        last = (f"to {(start + dt.timedelta(days=len(order) - 1)).isoformat()}"
                if len(order) - 1 <= (dt.date.max - start).days else "past the calendar's end")
        span = f"{days} day{'s' if days > 1 else ''} from {first.isoformat()} run{'' if days > 1 else 's'}"
        raise InputError(f"{span} past the series' end: it runs from {start.isoformat()} {last} ({ends})")
    return list(zip(day_range(first, days), order[k:k + days]))


# -- what a day publishes -------------------------------------------------------------
IMAGE_SIZES = {"square": (1080, 1080), "wide": (1200, 630)}  # social posts, link previews


def grade_mark(grade: str, grades: tuple[str, ...]) -> str:
    """``easy`` -> ★☆☆☆: the grade as a mark readers take in at a glance."""
    level = grades.index(grade) + 1 if grade in grades else 0
    return "★" * level + "☆" * (len(grades) - level)
