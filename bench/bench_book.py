"""Benchmark: from nothing to a verified 50-puzzle 6 x 9 in book (issue 5; target under 60 s).

    python bench/bench_book.py [--count 50] [--layout 6x9] [--jobs 0] [--start 1] [-o output/bench-book.pdf]

Prints the time of each stage (select = scan, solve and grade in parallel; verify = replay
every solution; render = typeset the PDF and embed the catalog), the total, and the peak
memory of this process and of its worker processes.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

from dealgen.fileio import write_atomic
from dealgen.grade import GRADES
from dealgen.publish.books.book import BookInfo, typeset
from dealgen.publish.books.layout import load_layout
from dealgen.publish.catalog import verify_catalog
from dealgen.publish.generate import even_mix, select_graded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--layout", default="6x9")
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("-o", "--output", default="output/bench-book.pdf")
    args = parser.parse_args()

    stages: dict[str, float] = {}
    began = time.perf_counter()
    layout = load_layout(args.layout)

    t = time.perf_counter()
    selection = select_graded("penguin", "parlett", even_mix(args.count, GRADES), start=args.start, jobs=args.jobs)
    stages["select (scan, solve, grade)"] = time.perf_counter() - t

    t = time.perf_counter()
    verdicts = verify_catalog(selection.catalog)
    stages["verify (replay every solution)"] = time.perf_counter() - t
    if not all(v.ok for v in verdicts):
        sys.exit("verification failed: " + next(v.line() for v in verdicts if not v.ok))

    t = time.perf_counter()
    pdf = typeset(selection.catalog, layout, BookInfo("Penguin Puzzles", f"{args.count} graded deals"))
    write_atomic(args.output, pdf)
    stages["render (typeset, embed the catalog)"] = time.perf_counter() - t
    total = time.perf_counter() - began

    print(f"book: {args.count} puzzles, layout {layout.name}, {len(pdf) / 1e6:.2f} MB -> {args.output}")
    print(f"selection: {selection.report()}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    for name, seconds in stages.items():
        print(f"  {name:34s} {seconds:7.2f} s")
    print(f"  {'total':34s} {total:7.2f} s   (target: under 60 s)")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory: {own:.0f} MB in this process, {workers:.0f} MB in the largest worker")


if __name__ == "__main__":
    main()
