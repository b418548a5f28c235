"""A second look at the Idiot's Delight deals a `free` scan left undecided (not a test).

    python bench/id_free_other_order.py SCAN.jsonl [--max-states N] [--jobs 2]

Each deal the scan file holds as undecided is searched again by the `free` solver with one
change: a phase's positions are dealt from in the opposite order, most cards left first
instead of fewest first. That order is often worse but finds some solutions the usual one
misses by millions of positions. Verdicts stay exact: a solution is replayed through the
engine before it counts, and "unsolvable" still means every line was followed. The scan's
solver keeps its own order (its effort counts and grades depend on it), so this prints a
second opinion and the win-rate range over the scan's deals once it is counted in.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from pathlib import Path

from bench_idiots_delight import print_rates  # beside this script, which Python puts on the path

from dealgen.deals import shuffled_pack
from dealgen.scan import read_done
from dealgen.solution import Solution
from dealgen.solve.idiots_delight import FreeSearch
from dealgen.verify import replay


class MostCardsFirst(FreeSearch):
    def undominated(self, positions: list[int]) -> list[int]:
        return super().undominated(positions)[::-1]


def solve(task: tuple[int, int]) -> tuple[int, str, int, float]:
    deal, max_states = task
    pack = shuffled_pack(deal)
    start = time.perf_counter()
    found = MostCardsFirst([[c] for c in pack[:4]], pack[4:]).run(max_states)
    if found.verdict == "solved":
        verdict = replay(Solution("idiots-delight", deal, "free", tuple(found.moves)))
        if not verdict.ok:
            raise SystemExit(f"deal {deal}: the solution does not replay: {verdict.line()}")
    return deal, found.verdict, found.expanded, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scan", type=Path)
    parser.add_argument("--max-states", type=int, default=3_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    records = read_done(args.scan, "idiots-delight", "free")
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    for record in records.values():
        counts[record["verdict"]] += 1
    undecided = sorted(d for d, r in records.items() if r["verdict"] == "unknown")
    print(f"{args.scan}: {len(records)} deals, {counts}; searching the {len(undecided)} undecided again, "
          f"most cards first, {args.max_states:,} positions each")
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for deal, verdict, expanded, seconds in pool.imap(solve, [(d, args.max_states) for d in undecided]):
            print(f"  deal {deal}: {verdict} ({expanded:,} positions, {seconds:.1f} s)", flush=True)
            if verdict != "unknown":
                counts["unknown"] -= 1
                counts[verdict] += 1
    print(f"counted in: {counts} ({time.perf_counter() - start:.0f} s)")
    print_rates(counts["solved"], counts["unknown"], len(records))

if __name__ == "__main__":
    main()
