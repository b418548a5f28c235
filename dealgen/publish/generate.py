"""Graded selection: scan deal numbers, solve and grade them, keep the first that fill each band.

Like a bridge deal generator (dealer, redeal): a start or a master seed, a filter (the
grade mix), how many to keep, and a count of how many were tried. Deals are taken in a
fixed order and solved results arrive in that order whatever the number of processes,
so the same arguments always give the same catalog.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ..deals import MAX_DEAL, is_whole
from ..errors import CheckFailed, InputError, did_you_mean
from .catalog import Catalog, Entry

SEEDED_MAX = 10**12  # deals drawn from a master seed lie below this


def parse_mix(text: str, grades: tuple[str, ...]) -> dict[str, int]:
    """``easy:10,medium:10`` -> {"easy": 10, "medium": 10}, in the order of ``grades``."""
    mix: dict[str, int] = {}
    if not text.strip():
        raise InputError(f"--mix is empty: give grade:count pairs, e.g. easy:10,hard:5 (grades: {', '.join(grades)})")
    for part in text.split(","):
        name, sep, count = part.strip().partition(":")
        if not sep or not is_whole(count.strip()):
            raise InputError(f"--mix: '{part.strip()}' should look like grade:count, e.g. easy:10")
        if name not in grades:
            raise InputError(f"--mix: unknown grade '{name}'{did_you_mean(name, grades)}: use {', '.join(grades)}")
        if name in mix:
            raise InputError(f"--mix: grade '{name}' is given twice")
        mix[name] = int(count)
    if sum(mix.values()) < 1:
        raise InputError("--mix asks for no deals at all")
    return {g: mix[g] for g in grades if mix.get(g)}


def even_mix(count: int, grades: tuple[str, ...]) -> dict[str, int]:
    """``count`` deals spread evenly over the bands, the remainder to the easier ones."""
    if count < 1:
        raise InputError(f"--count must be at least 1, got {count}")
    base, extra = divmod(count, len(grades))
    mix = {g: base + (1 if i < extra else 0) for i, g in enumerate(grades)}
    return {g: n for g, n in mix.items() if n}


def unfilled(counts: dict[str, int], wanted: dict[str, int], tried: int, max_tries: int) -> str | None:
    """Why a selection failed ("could not fill 'easy' (found 6 of 20) ..."), or None when every
    band is full; the band "any" (problems of any grade) is a plain count."""
    short = [(g, counts[g], n) for g, n in wanted.items() if counts[g] < n]
    if not short:
        return None
    if [g for g, _, _ in short] == ["any"]:
        _, found, n = short[0]
        return f"could not find {n} problem{'s' if n != 1 else ''} (found {found}) {tries_note(tried, max_tries, mixed=False)}"
    bands = ", ".join(f"'{g}' (found {found} of {n})" for g, found, n in short)
    return f"could not fill the grade band{'s' if len(short) > 1 else ''} {bands} {tries_note(tried, max_tries)}"


def tries_note(tried: int, max_tries: int, mixed: bool = True) -> str:
    """Why a selection stopped short: the --max-tries it used up, or the deal numbers it ran out
    of; ``mixed`` when grade bands were asked for (then changing --mix is a way out too)."""
    deals = f"{tried} deal{'s' if tried != 1 else ''}"
    if tried < max_tries:
        return f"before the deal numbers ran out at {MAX_DEAL} (tried {deals}; give a lower --start)"
    return f"within --max-tries {max_tries} (tried {deals}; raise --max-tries{' or change --mix' if mixed else ''})"


def candidates(start: int | None, seed: int | None) -> Iterator[int]:
    """Deal numbers in order from ``start``, or drawn from a master ``seed`` (documented:
    Python's Mersenne Twister seeded with the integer, ``randrange(1, 10**12)`` per draw,
    repeats skipped), so a seed names a whole reproducible sequence."""
    if seed is None:
        number = 1 if start is None else start
        while number <= MAX_DEAL:
            yield number
            number += 1
        return
    rng = random.Random(seed)
    seen: set[int] = set()
    while True:
        number = rng.randrange(1, SEEDED_MAX)
        if number not in seen:
            seen.add(number)
            yield number


@dataclass
class Selection:
    catalog: Catalog
    tried: int
    wanted: dict[str, int]
    kept: dict[str, int]
    seen: dict[str, int] = field(default_factory=dict)  # graded deals met per band
    unsolved: int = 0  # deals without a record to print (unsolvable, or the budget ran out)
    lacking: str = "without a solution"  # what ``unsolved`` counts, in words

    def report(self) -> str:
        bands = ", ".join(f"{g} {self.kept.get(g, 0)}/{n} (of {self.seen.get(g, 0)} met)" for g, n in self.wanted.items())
        return (f"tried {self.tried} deals, kept {sum(self.kept.values())}: {bands}; "
                f"{self.unsolved} {self.lacking}")


MAX_TRIES = 10**9  # more deals than any run could solve


def check_selection(start: int | None, seed: int | None, max_tries: int, jobs: Any) -> None:
    """InputError for selection options out of range (solitaires and problems alike)."""
    if start is not None and seed is not None:
        raise InputError("give --start or --seed, not both")
    if start is not None and not 0 <= start <= MAX_DEAL:
        raise InputError(f"--start must be a deal number from 0 to {MAX_DEAL}, not {start}")
    if not 1 <= max_tries <= MAX_TRIES:
        raise InputError(f"--max-tries must be from 1 to {MAX_TRIES:,}, got {max_tries}")
    if isinstance(jobs, int) and jobs < 0:  # (else a connected cluster)
        raise InputError(f"--jobs must be 0 (all cores) or more, not {jobs}")


def select(
    game: str,
    rules: str,
    mix: dict[str, int],
    numbers: Iterable[int],
    max_tries: int,
    solve_all: Callable[[Iterable[int]], Iterator[Any]],
    title: str = "",
    selection_info: dict[str, Any] | None = None,
    progress: Callable[[int, dict[str, int]], None] | None = None,
) -> Selection:
    """Keep the first deals, in the order of ``numbers``, that fill each band of ``mix``.

    ``solve_all`` maps deal numbers to solve results (``SolveResult``: moves, metrics, grade,
    percentile, whether a record was found and how it ends) in the same order; it may work
    ahead in parallel and is closed early. A deal with a record and a grade is a candidate: a
    solution, or for a game that plays itself a record of a loss (Perpetual Motion's puzzles
    ask whether the deal comes out).
    """
    kept: dict[str, list[Entry]] = {g: [] for g in mix}
    seen: dict[str, int] = {}
    tried = unsolved = 0
    results = solve_all(itertools.islice(numbers, max_tries))
    try:
        for result in results:
            tried += 1
            if not result.recorded or result.grade is None:
                unsolved += 1
            else:
                seen[result.grade] = seen.get(result.grade, 0) + 1
                band = kept.get(result.grade)
                if band is not None and len(band) < mix[result.grade]:
                    band.append(Entry(result.deal, result.grade, result.percentile, result.metrics, tuple(result.moves),
                                      outcome=result.outcome))
            if progress is not None:
                progress(tried, {g: len(v) for g, v in kept.items()})
            if all(len(kept[g]) == n for g, n in mix.items()):
                break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    counts = {g: len(v) for g, v in kept.items()}
    failed = unfilled(counts, mix, tried, max_tries)
    if failed:
        if unsolved:  # a budget too small leaves every deal unsolved: say so, not only "raise --max-tries"
            failed += (f"; {unsolved} of the {tried} had no solution within the solver's budget"
                       f"{' (raise --max-states)' if unsolved * 2 > tried else ''}")
        raise CheckFailed(failed)
    # easiest first, and within a band by percentile, so a book's difficulty rises smoothly
    entries = tuple(e for g in mix for e in sorted(kept[g], key=lambda e: (e.percentile, e.deal)))
    catalog = Catalog(game, rules, entries, title=title,
                      selection={**(selection_info or {}), "mix": mix, "tried": tried, "kept": len(entries)})
    return Selection(catalog, tried, mix, counts, seen, unsolved)


def select_graded(game: str, rules: str, mix: dict[str, int], start: int | None = None, seed: int | None = None,
                  max_tries: int = 5000, jobs: int = 0, max_states: int | None = None, title: str = "",
                  progress: Callable[[int, dict[str, int]], None] | None = None) -> Selection:
    """The whole selection: deals solved and graded in ``jobs`` processes (0 = all cores)."""
    from ..grade import load_calibration
    from ..scan import solve_many

    check_selection(start, seed, max_tries, jobs)
    calibration = load_calibration(game, rules)
    if calibration is None:
        raise InputError(f"{game} ({rules} rules) has no grade calibration yet: "
                         f"run `dealgen calibrate {game} --rules {rules}` first")
    if max_states is None:  # the budget the cut points were measured with, so efforts compare alike
        max_states = calibration.get("max_states")

    def solve_all(numbers: Iterable[int]) -> Iterator[Any]:
        return solve_many(game, numbers, rules, jobs=jobs, max_states=max_states)

    first = 1 if start is None else start  # the deal the scan starts from, as ``candidates`` has it
    info = {"start": first if seed is None else None, "seed": seed, "max_states": max_states, "max_tries": max_tries}
    return select(game, rules, mix, candidates(start, seed), max_tries, solve_all, title=title,
                  selection_info=info, progress=progress)
