"""Benchmark: what the person-like players in the grade cost (issue 48).

    python bench/bench_grade_cost.py [--deals 1-100] [--scan 1-10000] [--jobs 2] [--skip-scan] [--skip-book]

Prints, on the same machine in one run:
- the players alone: the population's games (``solve.people.population``) per deal, compiled
  and pure Python, and the solver with its grading metrics but no players, on ``--deals``;
- the graded scan the issue budgets: ``dealgen scan penguin 1-10000 --jobs 2`` (target under
  5 minutes), wall-clock and the CPU of its processes;
- the default book: ``dealgen book --jobs 2`` (40 fresh Penguin deals, ten of each grade; target
  under 15 s), the same.
The machine may be shared: the load average is printed beside the figures, and CPU seconds are
the steadier measure.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dealgen.games.penguin import PENGUIN
from dealgen.scan import parse_range
from dealgen.solve import core, solve_deal
from dealgen.solve.people import GAMES, population


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_command(args: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of a dealgen command run as a process."""
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run([str(Path(sys.executable).parent / "dealgen"), *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, children_cpu() - cpu


def per_deal(deals: range, pure: bool) -> float:
    """Milliseconds of CPU per deal for the whole population's games."""
    if pure:
        os.environ[core.PURE_ENV] = "1"
    try:
        start = time.process_time()
        for deal in deals:
            population(PENGUIN, PENGUIN.deal(deal, "parlett"))
        return 1000 * (time.process_time() - start) / len(deals)
    finally:
        os.environ.pop(core.PURE_ENV, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-100")
    parser.add_argument("--scan", default="1-10000")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-scan", action="store_true")
    parser.add_argument("--skip-book", action="store_true")
    args = parser.parse_args()
    deals = parse_range(args.deals)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; compiled core: {core.describe()}")
    start = time.process_time()
    for deal in deals:
        solve_deal("penguin", deal, grade=False)
    solver = 1000 * (time.process_time() - start) / len(deals)
    print(f"players ({GAMES} games a deal), deals {args.deals}: compiled {per_deal(deals, False):.1f} ms CPU a deal, "
          f"pure Python {per_deal(deals, True):.1f} ms; the solver without grading metrics {solver:.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_scan:
            wall, cpu = timed_command(["scan", "penguin", args.scan, "--jobs", str(args.jobs), "-o",
                                       str(Path(tmp) / "scan.jsonl")])
            print(f"dealgen scan penguin {args.scan} --jobs {args.jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU "
                  f"(target under 300 s); load average {os.getloadavg()[0]:.1f}")
        if not args.skip_book:
            wall, cpu = timed_command(["book", "--jobs", str(args.jobs), "-o", str(Path(tmp) / "book.pdf")])
            print(f"dealgen book --jobs {args.jobs} (40 puzzles): {wall:.1f} s wall, {cpu:.1f} s CPU (target under "
                  f"15 s); load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
