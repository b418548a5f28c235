"""Benchmark: the compiled audit against the Python audits, and what certifying Penguin deals costs.

    python bench/bench_audit.py            # everything (about 15 minutes of CPU)
    python bench/bench_audit.py --quick    # samples (about 4 minutes)

1. Audit speed: the same audits (unsolvable deals of each Penguin rule set and of the FreeCell
   family, whole searches) run by ``_audit_core.c`` and by ``audit.py`` / ``freecell_audit.py``;
   positions a second each, and a check that both give the same result (verdict, count, line).
2. The cost of certifying Penguin deals: ``dealgen scan penguin 1-100000 --jobs 1 --no-grade -o FILE``
   (1-10000 with --quick), run in this process with the compiled search core, once with the
   compiled audit and once with the Python audit, in CPU seconds; a tenth of the million-deal scan
   of docs/research/penguin-winnability.md (112 of its 1,156 unsolvable deals and 2 of its 10
   undecided ones lie in 1-100000), so ten times it projects the million in CPU-hours, beside the
   3.4 that scan measured and the issue's aim of 1.5. Then the certified unsolvable deals of
   docs/data/penguin-parlett-unsolvable.txt (all 1,156; every 10th with --quick), each solved
   and certified as a scan task does, compiled throughout.

CPU times are this process's (time.process_time): the machine is shared, so wall time would say
more about the neighbours than about the audit.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dealgen.games.freecell import BAKERS_GAME, FREECELL, SEAHAVEN_TOWERS  # noqa: E402
from dealgen.games.penguin import PENGUIN  # noqa: E402
from dealgen.scan import scan  # noqa: E402
from dealgen.solve import audit as penguin_audit  # noqa: E402
from dealgen.solve import core, freecell_audit, record_verdict, solve_deal  # noqa: E402

MILLION = 1_000_000
MEASURED_HOURS = 3.4  # the million-deal scan with the Python audit (penguin-winnability.md)
AIM_HOURS = 1.5

# (game, rules, deal): audits the Python side finishes in seconds
SPEED_STARTS = [(PENGUIN, "parlett", n) for n in (8854, 3114, 1126, 1888)] + \
    [(PENGUIN, "supermove", n) for n in (3118, 277)] + [(PENGUIN, "single", n) for n in (1122, 1608)] + \
    [(FREECELL, None, 11982), (BAKERS_GAME, None, 23), (BAKERS_GAME, None, 49), (SEAHAVEN_TOWERS, None, 21)]
LARGE_STARTS = [(SEAHAVEN_TOWERS, None, 34)]  # 2.5 million positions: the compiled audit only


def run_audit(game, rules, number: int, budget: int):
    state = game.deal(number, rules)
    if game is PENGUIN:
        return penguin_audit.audit(state.beak, state.columns, state.cells, state.home, state.rules, budget)
    lay = game.layout
    return freecell_audit.audit(lay.ncols, lay.build == "alternate", lay.empty == "kings", state.columns,
                                state.cells, state.home, budget)


def timed(func, *args):
    start = time.process_time()
    out = func(*args)
    return out, time.process_time() - start


def set_pure(pure: bool) -> None:
    if pure:
        os.environ[core.PURE_ENV] = "1"
    else:
        os.environ.pop(core.PURE_ENV, None)


def audit_speed(quick: bool) -> None:
    print("## 1. Audit speed: compiled against Python (the same search; CPU seconds)\n")
    print("| game | deal | outcome | positions | compiled s | Python s | compiled pos/s | Python pos/s | x |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    starts = SPEED_STARTS[::3] if quick else SPEED_STARTS
    fast_total = plain_total = positions_total = 0.0
    for game, rules, number in starts:
        set_pure(False)
        fast, fast_s = timed(run_audit, game, rules, number, 3_000_000)
        set_pure(True)
        plain, plain_s = timed(run_audit, game, rules, number, 3_000_000)
        set_pure(False)
        if fast != plain:
            sys.exit(f"the audits differ on {game.name} {number}: {fast} against {plain}")
        fast_total += fast_s
        plain_total += plain_s
        positions_total += fast.positions
        name = game.name + (f" ({rules})" if rules else "")
        print(f"| {name} | {number} | {fast.outcome} | {fast.positions:,} | {fast_s:.3f} | {plain_s:.2f} | "
              f"{fast.positions / fast_s:,.0f} | {plain.positions / plain_s:,.0f} | {plain_s / fast_s:.0f} |",
              flush=True)
    print(f"| all | | | {positions_total:,.0f} | {fast_total:.2f} | {plain_total:.1f} | "
          f"{positions_total / fast_total:,.0f} | {positions_total / plain_total:,.0f} | "
          f"{plain_total / fast_total:.0f} |")
    if not quick:
        for game, rules, number in LARGE_STARTS:
            found, seconds = timed(run_audit, game, rules, number, 10_000_000)
            print(f"\nCompiled only: {game.name} {number}: {found.outcome}, {found.positions:,} positions in "
                  f"{seconds:.1f} s ({found.positions / seconds:,.0f} a second)")
    print()


def scan_cpu(deals: range, python_audit: bool) -> tuple[float, dict[str, int]]:
    """CPU seconds of ``dealgen scan penguin A-B --jobs 1 --no-grade -o FILE`` (in this process),
    the compiled search core throughout, the audit compiled or in Python; and the verdicts."""
    saved = penguin_audit.compiled
    if python_audit:
        penguin_audit.compiled = lambda: None  # the Python audit beside the compiled search
    try:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.process_time()
            report = scan("penguin", deals, "parlett", jobs=1, path=Path(tmp) / "scan.jsonl", grade=False)
            seconds = time.process_time() - start
            verdicts = Counter(record_verdict(json.loads(line))
                               for line in (Path(tmp) / "scan.jsonl").read_text().splitlines())
    finally:
        penguin_audit.compiled = saved
    del report
    return seconds, dict(verdicts)


def unsolvable_cost(numbers) -> list[float]:
    """CPU seconds of each deal's scan task (``solve_deal(...).record()``), all compiled."""
    out = []
    for number in numbers:
        start = time.process_time()
        solve_deal("penguin", number, grade=False).record()
        out.append(time.process_time() - start)
    return out


def certification_cost(quick: bool) -> None:
    print("## 2. Certifying Penguin deals (parlett, default budget, --no-grade; CPU)\n")
    last = 10_000 if quick else 100_000
    deals = range(1, last + 1)
    scale = MILLION / last
    print("| audit | deals | solved | unsolvable | unknown | CPU s | a million, projected | against 3.4 h |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    hours = {}
    for python_audit in (False, True):
        seconds, verdicts = scan_cpu(deals, python_audit)
        kind = "Python" if python_audit else "compiled"
        hours[kind] = seconds * scale / 3600
        print(f"| {kind} | 1-{last:,} | {verdicts.get('solved', 0):,} | {verdicts.get('unsolvable', 0)} | "
              f"{verdicts.get('unknown', 0)} | {seconds:.0f} | {hours[kind]:.2f} CPU-hours | "
              f"{hours[kind] / MEASURED_HOURS:.2f}x |", flush=True)
    print(f"\nThe aim: {AIM_HOURS} CPU-hours; measured in the million-deal scan with the Python audit: "
          f"{MEASURED_HOURS} (the code of that run, on a local cluster; see penguin-winnability.md). The compiled "
          f"audit saves {1 - hours['compiled'] / hours['Python']:.0%} of the scan's CPU with the Python audit.")
    unsolvable = [int(line) for line in (ROOT / "docs/data/penguin-parlett-unsolvable.txt").read_text().split("\n")
                  if line.strip().isdigit()]
    sample = unsolvable[::10] if quick else unsolvable
    costs = unsolvable_cost(sample)
    print(f"\nThe certified unsolvable deals of the million, search and compiled audit: {len(sample)} of "
          f"{len(unsolvable)}, mean {1000 * statistics.mean(costs):.1f} ms, median {1000 * statistics.median(costs):.1f} "
          f"ms, largest {max(costs):.2f} s; all {len(unsolvable)} together "
          f"{statistics.mean(costs) * len(unsolvable) / 60:.1f} CPU-minutes.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="samples (about 4 minutes)")
    args = parser.parse_args()
    if penguin_audit.built() is None or core.built() is None:
        sys.exit("the compiled audit and search core must be built (pip install -e .)")
    print(f"load averages: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    audit_speed(args.quick)
    certification_cost(args.quick)


if __name__ == "__main__":
    main()
