"""Benchmark: the compiled search core against the pure-Python one and Freecell Solver (issue 40).

    python bench/bench_core.py                  # everything (about 10-20 minutes on a loaded machine)
    python bench/bench_core.py --quick          # deals 1-200, no 1-10000 run, no book

Side by side in one run, on the same deals (Penguin, parlett rules):
- ``dealgen scan penguin A-B --jobs 1 --no-grade -o FILE``, the command itself (a process,
  start-up included; every verdict exact, every solution replayed by the engine), with the
  compiled core, in turns with fc-solve (below), and once with ``DEALGEN_PURE_PYTHON=1``; the
  two scan files must be byte-identical;
- Freecell Solver's library (``libfreecell-solver.so.0`` through ctypes, one instance recycled,
  the time around ``solve_board``: the C search alone), and its ``fc-solve`` process per deal;
  the issue's target: the scan at most 0.5x the library's time, for 1-1000; 1-10000 reported;
- a verified 50-puzzle book from nothing (``bench/bench_book.py``: select, verify, typeset),
  on each core, with the PDFs compared byte for byte;
- memory per solve: tracemalloc's peak around ``solve_deal`` (the compiled core allocates
  through PyMem_Raw*, which tracemalloc counts), median and largest, each core.

Times are wall-clock and CPU (this process and its children, from getrusage): the machine is
shared, so the load averages are printed with the figures, and the ratios of CPU times are the
steadier ones. fc-solve's Penguin is an approximation (see bench_solver.py): it cannot pack the
rank below the beak on the beak, so it may give up on deals dealgen solves.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver import fc_solve_library, fc_solve_process  # noqa: E402

from dealgen.games.penguin import PENGUIN  # noqa: E402
from dealgen.solve import core, solve_deal  # noqa: E402


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def env(pure: bool) -> dict[str, str]:
    out = {**os.environ, "PYTHONPATH": str(ROOT)}
    out.pop(core.PURE_ENV, None)
    if pure:
        out[core.PURE_ENV] = "1"
    return out


def scan(deals: str, pure: bool, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``dealgen scan penguin DEALS --jobs 1 --no-grade -o OUT``."""
    out.unlink(missing_ok=True)
    cmd = [sys.executable, "-c", "from dealgen.cli import main; main()",
           "scan", "penguin", deals, "--jobs", "1", "--no-grade", "-o", str(out)]
    cpu, t = children_cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env(pure), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t, children_cpu() - cpu


def fc_solve(numbers: range) -> tuple[dict[int, tuple[str, float]] | None, float, float]:
    boards = {n: PENGUIN.export(PENGUIN.deal(n), "fcs") for n in numbers}
    cpu, t = time.process_time(), time.perf_counter()
    results = fc_solve_library(boards)
    return results, time.perf_counter() - t, time.process_time() - cpu


def verdicts(path: Path) -> dict[int, str]:
    import json

    return {rec["deal"]: rec["verdict"] for rec in map(json.loads, path.read_text().splitlines())}


def compare(label: str, deals: str, numbers: range, tmp: Path, python: bool, rounds: int) -> None:
    """The scan and fc-solve's library in turns, ``rounds`` times (the machine is shared: the
    best of each is the figure least disturbed by other work), then the pure-Python scan once."""
    print(f"\n== {label}: deals {deals} (parlett), {rounds} round(s) in turn; load average {load()}", flush=True)
    new = tmp / f"scan-{deals}-compiled.jsonl"
    ours, theirs = [], []
    for round_ in range(1, rounds + 1):
        wall, cpu = scan(deals, False, new)
        ours.append((wall, cpu))
        results, fwall, fcpu = fc_solve(numbers)
        if results is None:
            print("fc-solve library: libfreecell-solver.so.0 not found; timing its process per deal instead")
            with tempfile.TemporaryDirectory() as folder:
                boards = {n: PENGUIN.export(PENGUIN.deal(n), "fcs") for n in numbers}
                cpu0, t = children_cpu(), time.perf_counter()
                results = fc_solve_process(boards, Path(folder))
                fwall, fcpu = time.perf_counter() - t, children_cpu() - cpu0
        theirs.append((fwall, fcpu))
        print(f"round {round_}: dealgen scan (compiled core) {wall:7.2f} s wall {cpu:7.2f} s CPU | fc-solve "
              f"{fwall:7.2f} s wall {fcpu:7.2f} s CPU | ratio {wall / fwall:.3f} wall, {cpu / fcpu:.3f} CPU | "
              f"load {load()}", flush=True)
    wall, cpu = min(w for w, _ in ours), min(c for _, c in ours)
    fwall, fcpu = min(w for w, _ in theirs), min(c for _, c in theirs)
    print(f"best of each: dealgen scan {wall:.2f} s wall {cpu:.2f} s CPU ({1000 * wall / len(numbers):.2f} ms a deal); "
          f"fc-solve {fwall:.2f} s wall {fcpu:.2f} s CPU")
    print(f"RATIO dealgen scan / fc-solve library, {deals}: {wall / fwall:.3f} wall, {cpu / fcpu:.3f} CPU "
          f"(target for 1-1000: at most 0.5)")
    mine = verdicts(new)
    counts = {v: list(mine.values()).count(v) for v in ("solved", "unsolvable", "unknown")}
    others = {v: [r for r, _ in results.values()].count(v) for v in ("solved", "unsolvable", "unknown")}
    differ = [n for n in numbers if mine[n] != results[n][0]]
    print(f"verdicts: dealgen {counts}; fc-solve {others}; {len(differ)} deal(s) differ "
          f"{differ[:12]}{' ...' if len(differ) > 12 else ''}")
    if python:
        old = tmp / f"scan-{deals}-python.jsonl"
        pwall, pcpu = scan(deals, True, old)
        same = old.read_bytes() == new.read_bytes()
        print(f"dealgen scan, pure-Python core: {pwall:.2f} s wall {pcpu:.2f} s CPU; compiled/pure "
              f"{wall / pwall:.3f} wall, {cpu / pcpu:.3f} CPU; the two scan files {'are byte-identical' if same else 'DIFFER'}")
    print(f"load average after: {load()}", flush=True)


def book(tmp: Path, count: int) -> None:
    print(f"\n== a verified {count}-puzzle book from nothing (bench_book.py --jobs 1); load average {load()}",
          flush=True)
    pdfs = {}
    for label, pure in (("compiled core", False), ("pure-Python core", True)):
        pdfs[label] = tmp / f"book-{'python' if pure else 'compiled'}.pdf"
        cpu, t = children_cpu(), time.perf_counter()
        run = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_book.py"), "--count", str(count),
                              "--jobs", "1", "-o", str(pdfs[label])], cwd=ROOT, env=env(pure),
                             capture_output=True, text=True, check=True)
        wall, cpu = time.perf_counter() - t, children_cpu() - cpu
        stages = "; ".join(f"{m.group(1).split(' (')[0]} {m.group(2)} s"
                           for m in re.finditer(r"^  (\w[^\n]*?)\s+([\d.]+) s", run.stdout, re.M))
        print(f"{label:17s} {wall:8.2f} s wall {cpu:8.2f} s CPU   ({stages})", flush=True)
    a, b = (p.read_bytes() for p in pdfs.values())
    print(f"PDFs {'byte-identical' if a == b else 'DIFFER'}; load average after: {load()}")


def memory(numbers: range) -> None:
    print(f"\n== memory per solve (tracemalloc peak around solve_deal, --no-grade), deals "
          f"{numbers.start}-{numbers.stop - 1} and the hardest of 1-1000 (460, 133); load average {load()}")
    for label, pure in (("compiled core", False), ("pure-Python core", True)):
        if pure:
            os.environ[core.PURE_ENV] = "1"
        else:
            os.environ.pop(core.PURE_ENV, None)
        peaks = {}
        for n in [*numbers, 460, 133]:
            solve_deal("penguin", n, grade=False)  # (warm: modules, caches)
            tracemalloc.start()
            r = solve_deal("penguin", n, grade=False)
            peaks[n] = (tracemalloc.get_traced_memory()[1], r.metrics["states_seen"])
            tracemalloc.stop()
        sizes = [p for p, _ in peaks.values()]
        per = statistics.median(p / s for p, s in peaks.values())
        print(f"{label:17s} median {statistics.median(sizes) / 1024:8.0f} KiB, largest {max(sizes) / 2**20:7.1f} MiB "
              f"(deal 460: {peaks[460][0] / 2**20:.1f} MiB for {peaks[460][1]:,} positions); "
              f"median {per:.0f} bytes a position seen")
    os.environ.pop(core.PURE_ENV, None)


def deal_range(text: str) -> str:
    if text and not re.fullmatch(r"\d+-\d+", text):
        raise argparse.ArgumentTypeError(f"{text!r}: give FIRST-LAST, e.g. 1-10000, or '' to skip")
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="deals 1-200 only; no 1-10000 run, no book")
    ap.add_argument("--big", default="1-10000", type=deal_range, help="the second, compiled-only range, FIRST-LAST ('' to skip)")
    ap.add_argument("--book", type=int, default=50, help="puzzles in the book (0 to skip)")
    ap.add_argument("--rounds", type=int, default=3, help="turns of scan and fc-solve on the first range")
    args = ap.parse_args()
    if core.built() is None:
        sys.exit("the compiled core is not built: pip install -e . (needs a C compiler)")
    print(f"{os.cpu_count()} cores; load average at start {load()}; dealgen core: {core.describe()}")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        first = "1-200" if args.quick else "1-1000"
        a, b = map(int, first.split("-"))
        wall, cpu = scan("1-1", False, tmp / "startup.jsonl")
        print(f"start-up: `dealgen scan penguin 1-1 ...` takes {wall:.2f} s wall {cpu:.2f} s CPU", flush=True)
        compare("compiled core, fc-solve, pure-Python core", first, range(a, b + 1), tmp, python=True,
                rounds=args.rounds)
        if args.big and not args.quick:
            a, b = map(int, args.big.split("-"))
            compare("compiled core against fc-solve", args.big, range(a, b + 1), tmp, python=False, rounds=1)
        if args.book and not args.quick:
            book(tmp, args.book)
    memory(range(1, 101))
    print(f"\nload average at end: {load()}")


if __name__ == "__main__":
    main()
