"""Idiot's Delight win rates over a range of deals under both rule sets (not a test).

    python bench/bench_idiots_delight.py [FIRST-LAST] [--rules strict|free] [--max-states N]

Each deal is solved exactly, by the solver ``dealgen solve`` uses for the rule set
(``search`` for strict, ``search_free`` for free): ``solved`` or ``unsolvable`` after
every line was followed, or ``unknown`` if the states budget ran out first. The budget
counts the same positions as ``dealgen scan --max-states``, so the same budget gives
the same verdicts as the scan. Prints, per rule set: the counts, the win rate with a
95% Wilson score interval over the decided deals, and when some deals are unknown the
range from counting them all lost to counting them all won (with the interval's ends
for those two cases), effort percentiles, the slowest deal, time and throughput.
"""

from __future__ import annotations

import argparse
import time

from dealgen.deals import shuffled_pack
from dealgen.scan import wilson
from dealgen.solve.idiots_delight import search, search_free

DEFAULT_STATES = {"strict": 100_000, "free": 100_000}


def pct(values: list[int], q: float) -> int:
    return values[min(len(values) - 1, int(len(values) * q))] if values else 0


def print_rates(won: int, unknown: int, n: int) -> None:
    """The win rate over the decided deals with its interval, and with undecided deals the range
    from counting them all lost to counting them all won."""
    decided = n - unknown
    lo, hi = wilson(won, decided)
    print(f"  win rate over the {decided} decided deals {100 * won / max(decided, 1):.2f}% "
          f"(95% Wilson {100 * lo:.2f}-{100 * hi:.2f}%)")
    if unknown:
        lo, _ = wilson(won, n)
        _, hi = wilson(won + unknown, n)
        print(f"  over all {n}: {100 * won / n:.2f}% if every unknown deal is lost, "
              f"{100 * (won + unknown) / n:.2f}% if every one is won (95% Wilson {100 * lo:.2f}-{100 * hi:.2f}%)")


def run(rules: str, first: int, last: int, max_states: int) -> None:
    n = last - first + 1
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    effort: list[int] = []
    slowest = (0.0, 0)
    start = time.perf_counter()
    for deal in range(first, last + 1):
        pack = shuffled_pack(deal)
        t = time.perf_counter()
        stacks, stock = [[c] for c in pack[:4]], pack[4:]
        found = (search_free(stacks, stock, max_states) if rules == "free"
                 else search(stacks, stock, False, max_states))
        slowest = max(slowest, (time.perf_counter() - t, deal))
        counts[found.verdict] += 1
        effort.append(found.expanded)
    took = time.perf_counter() - start
    won, unknown = counts["solved"], counts["unknown"]
    effort.sort()
    print(f"{rules}: deals {first}-{last}: solved {won}, unsolvable {counts['unsolvable']}, unknown {unknown} "
          f"(budget {max_states:,} states)")
    print_rates(won, unknown, n)
    print(f"  states expanded: median {pct(effort, 0.5)}, 90% {pct(effort, 0.9)}, 99% {pct(effort, 0.99)}, "
          f"max {effort[-1]}; slowest deal {slowest[1]} ({slowest[0]:.2f} s)")
    print(f"  time {took:.1f} s ({n / took:.0f} deals/s, {1000 * took / n:.1f} ms per deal, one process)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("range", nargs="?", default="1-10000")
    parser.add_argument("--rules", choices=("strict", "free"), action="append")
    parser.add_argument("--max-states", type=int, default=None,
                        help="states budget per deal (default: 100,000 for both, as in docs/development/benchmarks.md)")
    args = parser.parse_args()
    a, _, b = args.range.partition("-")
    for rules in args.rules or ("strict", "free"):
        run(rules, int(a), int(b or a), args.max_states or DEFAULT_STATES[rules])


if __name__ == "__main__":
    main()
