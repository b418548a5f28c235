"""Benchmark: page counts and typeset times of print-ready books (issues 38 and 51).

    python bench/bench_print.py [--hard CATALOG.json] [--jobs 0] [--walkthrough]

Typesets the default book (seeds/penguin-40.json, 6 x 9 in, compact answers: target at most
68 pages, what issue 51 found) and a 100-puzzle hard book (--mix hard:100: target at most 150
pages; from CATALOG, else a fresh selection, whose time is printed apart), with --walkthrough the
same books with
walkthroughs for comparison; for each: pages, typeset seconds, and preflight's verdict and time.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dealgen.publish.books.book import BookInfo, typeset  # noqa: E402
from dealgen.publish.books.layout import load_layout  # noqa: E402
from dealgen.publish.books.preflight import preflight_book  # noqa: E402
from dealgen.publish.catalog import read_catalog  # noqa: E402
from dealgen.publish.generate import select_graded  # noqa: E402


def measure(name: str, catalog, solutions: str, target: int | None) -> None:
    layout = load_layout("6x9")
    began, cpu = time.perf_counter(), time.process_time()
    pdf = typeset(catalog, layout, BookInfo("Penguin Puzzles", solutions=solutions))
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    began, check_cpu = time.perf_counter(), time.process_time()
    report = preflight_book(pdf, name)
    checked, check_cpu = time.perf_counter() - began, time.process_time() - check_cpu
    goal = f" (target <= {target}: {'met' if pages <= target else 'MISSED'})" if target else ""
    print(f"{name:34s} {solutions:11s} {pages:4d} pages{goal:24s} typeset {seconds:6.1f} s ({cpu:5.1f} s CPU)   "
          f"preflight {'pass' if report.ok else 'FAIL'} {checked:5.1f} s ({check_cpu:5.1f} s CPU)   "
          f"{len(pdf) / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hard", default=None, help="a catalog of 100 hard deals (default: select them afresh)")
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--walkthrough", action="store_true", help="also the walkthrough books, for comparison")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    default = read_catalog(ROOT / "seeds" / "penguin-40.json")
    if args.hard:
        hard = read_catalog(args.hard)
    else:
        began = time.perf_counter()
        hard = select_graded("penguin", "parlett", {"hard": 100}, jobs=args.jobs).catalog
        print(f"selected 100 hard deals in {time.perf_counter() - began:.1f} s")
    for solutions in ("key", "walkthrough") if args.walkthrough else ("key",):
        measure("default (40 puzzles, 6x9)", default, solutions, 68 if solutions == "key" else None)
        measure(f"--mix hard:100 ({len(hard.entries)} puzzles, 6x9)", hard, solutions,
                150 if solutions == "key" else None)


if __name__ == "__main__":
    main()
