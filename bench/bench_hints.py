"""How quickly the page's Hint answers: positions random play reaches in a week's deals of each
game and rule set (tests/test_js_hints.py's positions, more of them), each answered as the Hint
button does (solver.js ``advise``: the position's verdict and, when it is lost, the latest
winnable position before it) by node on this machine, without the day's verified line to lean
on. Prints, per rule set and in all, the time distribution (p50, p99, max), the share answered
within 1 s, the share where the position itself is not known (the budget ran out: the page says
it does not know), and the share of lost positions where looking back ran out of budget before
a winnable one was found (the page says "no win from here" without how far to undo).

    python bench/bench_hints.py                      # 200 positions per deal: 7,000 in all
    python bench/bench_hints.py --per-deal 50 --budget 20000
    python bench/bench_hints.py --family --per-deal 40   # FreeCell, Baker's Game, Eight Off, Seahaven Towers

Needs node (apt-get install nodejs).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_js_hints import BUDGET, FAMILY, NODE, PER_DEAL, positions, run_js  # noqa: E402


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(name: str, results: list[dict]) -> str:
    ms = [r["ms"] for r in results]
    quick = sum(1 for m in ms if m <= 1000) / len(ms)
    unknown = sum(1 for r in results if r["advice"]["here"] is None) / len(ms)
    lost = [r for r in results if r["advice"]["here"] is False]
    short = sum(1 for r in lost if r["advice"]["verdict"] == "unknown") / max(1, len(lost))
    return (f"{name:<24} {len(ms):>6} {quantile(ms, 0.5):>8.1f} {quantile(ms, 0.99):>8.1f} {max(ms):>8.1f} "
            f"{quick:>8.2%} {unknown:>8.2%} {len(lost) / len(ms):>6.0%} {short:>10.2%}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-deal", type=int, default=200, help="positions per deal (the start and random play's)")
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--budget", type=int, default=BUDGET, help="positions each search may expand (the page's)")
    parser.add_argument("--family", action="store_true", help="the FreeCell family's four games instead")
    args = parser.parse_args()
    sets = [(name, "standard") for name in FAMILY] if args.family else list(PER_DEAL)
    if NODE is None:
        print("node is not installed (apt-get install nodejs)")
        return 2
    began = time.perf_counter()
    todo = positions({key: args.per_deal for key in sets}, args.seed)
    print(f"{len(todo)} positions made by the Python engine in {time.perf_counter() - began:.1f} s; "
          f"budget {args.budget:,} positions a search, looking back at most {3 * args.budget:,}")
    with tempfile.TemporaryDirectory() as tmp:
        results = run_js(todo, Path(tmp), args.budget)
    print(f"{'game, rules':<24} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'<= 1 s':>8} {'unknown':>8} "
          f"{'lost':>6} {'no undo':>10}")
    for key in sets:
        mine = [r for p, r in zip(todo, results) if (p["game"], p["rules"]) == key]
        print(row(" ".join(key), mine))
    print(row("all", results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
