"""Graded selection of "to play and win" problems, for games with a problem kit.

Deals are taken in the same order as for solitaires (``generate.candidates``: from --start,
or drawn from --seed); each deal's endgame gives its problems (``kit.find``, in processes,
results in deal order), and at most one problem per deal is kept: the strongest (most
stars, then the longest win, then the earliest) whose grade band still has room. The proof
search is bounded by a node count, not by time, so the same arguments give the same catalog
on any machine.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..errors import CheckFailed
from ..games import Game
from ..solve import problem_kit
from .catalog import Catalog, ProblemEntry
from .generate import Selection, candidates, check_selection, unfilled

if TYPE_CHECKING:
    from ..scan import Workers


def _find(task: tuple) -> list[dict[str, Any]]:
    game, deal = task
    from ..games import get_game

    return problem_kit(get_game(game)).find(deal)


def find_many(game: Game, numbers, jobs: Workers) -> Iterator[list[dict[str, Any]]]:
    """Each deal's problems, in deal order, found ahead in ``jobs`` processes (0 = all cores)
    or on a cluster."""
    from ..scan import in_parallel, workers

    return in_parallel(((game.name, n) for n in numbers), workers(jobs), _find)


def select_problems(game: Game, rules: str, mix: dict[str, int] | None, count: int, start: int | None = None,
                    seed: int | None = None, max_tries: int = 5000, jobs: Workers = 0, title: str = "",
                    progress: Callable[[int, dict[str, int]], None] | None = None) -> Selection:
    """``count`` problems of any grade (``mix`` None), or the bands of ``mix``, from the first
    deals that have them; easiest first in the catalog."""
    check_selection(start, seed, max_tries, jobs)
    from ..grade import GRADES

    wanted = dict(mix) if mix else {"any": count}
    kept: dict[str, list[ProblemEntry]] = {g: [] for g in wanted}
    seen: dict[str, int] = {}
    tried = without = 0

    def room(grade: str) -> str | None:
        band = grade if grade in kept else ("any" if "any" in kept else None)
        return band if band is not None and len(kept[band]) < wanted[band] else None

    results = find_many(game, itertools.islice(candidates(start, seed), max_tries), jobs)
    try:
        for found in results:
            tried += 1
            if not found:
                without += 1
            for grade in ({"any"} if "any" in kept else {p["grade"] for p in found}):
                if found:
                    seen[grade] = seen.get(grade, 0) + 1  # deals offering the band
            fitting = [p for p in found if room(p["grade"]) is not None]
            if fitting:
                best = max(fitting, key=lambda p: (p["stars"], p["n"], -p["turn"]))
                kept[room(best["grade"])].append(ProblemEntry(
                    best["deal"], best["turn"], best["grade"], best["stars"], best["n"], tuple(best["position"]),
                    tuple(best["strategy"]), best["metrics"]))
            if progress is not None:
                progress(tried, {g: len(v) for g, v in kept.items()})
            if all(len(kept[g]) == n for g, n in wanted.items()):
                break
    finally:
        results.close()
    counts = {g: len(v) for g, v in kept.items()}
    failed = unfilled(counts, wanted, tried, max_tries)
    if failed:
        raise CheckFailed(failed)
    order = {g: i for i, g in enumerate(GRADES)}
    entries = tuple(sorted((e for band in kept.values() for e in band),
                           key=lambda e: (order.get(e.grade, len(order)), e.stars, e.n, e.deal)))
    first = 1 if start is None else start  # the deal the scan starts from, as ``candidates`` has it
    info = {"start": first if seed is None else None, "seed": seed, "max_tries": max_tries,
            "mix": wanted, "tried": tried, "kept": len(entries),
            "search": "search-vs-search self-play; forced wins after the stock ran out"}
    catalog = Catalog(game.name, rules, entries, title=title, selection=info)
    return Selection(catalog, tried, wanted, counts, seen, without, lacking="without a problem")
