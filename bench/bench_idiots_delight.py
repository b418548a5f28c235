"""Idiot's Delight win rates over a range of deals under both rule sets (not a test).

    python bench/bench_idiots_delight.py [FIRST-LAST] [--rules strict|free] [--max-states N]

Each deal is solved exactly (``dealgen.solve.idiots_delight.search``): ``solved`` or
``unsolvable`` after every line was followed, or ``unknown`` if the states budget ran
out first. Prints, per rule set: the counts, the win rate with a 95% Wilson score
interval (when some deals are unknown: the interval from counting them all lost to
counting them all won), effort percentiles, the slowest deal, time and throughput.
"""

from __future__ import annotations

import argparse
import time

from dealgen.deals import shuffled_pack
from dealgen.scan import wilson
from dealgen.solve.idiots_delight import search

def pct(values: list[int], q: float) -> int:
    return values[min(len(values) - 1, int(len(values) * q))] if values else 0


def run(rules: str, first: int, last: int, max_states: int) -> None:
    n = last - first + 1
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    effort: list[int] = []
    slowest = (0.0, 0)
    start = time.perf_counter()
    for deal in range(first, last + 1):
        pack = shuffled_pack(deal)
        t = time.perf_counter()
        found = search([[c] for c in pack[:4]], pack[4:], rules == "free", max_states)
        slowest = max(slowest, (time.perf_counter() - t, deal))
        counts[found.verdict] += 1
        effort.append(found.expanded)
    took = time.perf_counter() - start
    won, unknown = counts["solved"], counts["unknown"]
    lo, _ = wilson(won, n)
    _, hi = wilson(won + unknown, n)
    rate = f"{100 * won / n:.2f}%" if not unknown else f"{100 * won / n:.2f}%-{100 * (won + unknown) / n:.2f}%"
    effort.sort()
    print(f"{rules}: deals {first}-{last}: solved {won}, unsolvable {counts['unsolvable']}, unknown {unknown} "
          f"(budget {max_states:,} states)")
    print(f"  win rate {rate} (95% Wilson {100 * lo:.2f}-{100 * hi:.2f}%)")
    print(f"  states expanded: median {pct(effort, 0.5)}, 90% {pct(effort, 0.9)}, 99% {pct(effort, 0.99)}, "
          f"max {effort[-1]}; slowest deal {slowest[1]} ({slowest[0]:.2f} s)")
    print(f"  time {took:.1f} s ({n / took:.0f} deals/s, {1000 * took / n:.1f} ms per deal, one process)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("range", nargs="?", default="1-10000")
    parser.add_argument("--rules", choices=("strict", "free"), action="append")
    parser.add_argument("--max-states", type=int, default=100_000)
    args = parser.parse_args()
    a, _, b = args.range.partition("-")
    for rules in args.rules or ("strict", "free"):
        run(rules, int(a), int(b or a), args.max_states)


if __name__ == "__main__":
    main()
