"""Perpetual Motion win rates over a range of deals, both rule sets (not a test).

    python bench/bench_perpetual_motion.py [FIRST-LAST]     (default 1-10000)

Prints, per rule set: games won with a 95% Wilson score interval, the mean number of
passes in a won game (with a normal-approximation 95% interval), how the lost games
cycle, and the time taken. RULES.md's reference for ``classic`` on 1-10000: 54.0% +/- 1.0,
127.5 passes per won game.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from dealgen.deals import shuffled_pack
from dealgen.errors import InputError
from dealgen.scan import parse_range, wilson
from dealgen.solve.perpetual_motion import play_out


def main(first: int, last: int) -> None:
    n = last - first + 1
    packs = [shuffled_pack(d) for d in range(first, last + 1)]
    for rules in ("classic", "recursive"):
        start = time.perf_counter()
        results = [play_out(pack, rules) for pack in packs]
        took = time.perf_counter() - start
        won = [r for r in results if r.verdict == "won"]
        lost = [r for r in results if r.verdict == "cycles"]
        lo, hi = wilson(len(won), n)
        passes = [r.passes for r in won]
        mean = statistics.fmean(passes)
        half = 1.96 * statistics.stdev(passes) / math.sqrt(len(passes))
        print(f"{rules}: deals {first}-{last}: won {len(won)} of {n} = {100 * len(won) / n:.2f}% "
              f"(95% Wilson {100 * lo:.2f}-{100 * hi:.2f}%)")
        print(f"  passes per won game: mean {mean:.1f} (95% {mean - half:.1f}-{mean + half:.1f}), "
              f"median {statistics.median(passes):g}, max {max(passes)}")
        if lost:
            lengths = sorted({r.cycle_length for r in lost})
            print(f"  cycles: {len(lost)} games; repeat found at pass {min(r.passes for r in lost)}-"
                  f"{max(r.passes for r in lost)}; cycle lengths {lengths}; cards left "
                  f"{statistics.fmean(52 - r.discarded for r in lost):.1f} on average")
        print(f"  time {took:.1f} s ({n / took:.0f} deals/s, one process)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("range", nargs="?", default="1-10000", metavar="FIRST-LAST")
    try:
        deals = parse_range(parser.parse_args().range)
    except InputError as err:
        parser.error(str(err))
    main(deals.start, deals.stop - 1)
