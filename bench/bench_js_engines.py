"""The site's JavaScript engines against the Python engines at length: the differential playouts
of tests/test_js_engines.py (which runs about 500), here ``--scale`` times as many, from another
seed if asked. Prints the counts and the time each side took; exits 1 on any disagreement.

    python bench/bench_js_engines.py                 # 4 x the suite's plan: about 2,000 playouts
    python bench/bench_js_engines.py --scale 20 --seed 7

Needs node (apt-get install nodejs).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_js_engines import NODE, PLAN, playouts_for, replay_in_js  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=4, help="playouts per game and rule set, times the suite's")
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()
    if NODE is None:
        print("node is not installed (apt-get install nodejs)")
        return 2
    plan = {key: (count * args.scale, most) for key, (count, most) in PLAN.items()}
    began = time.perf_counter()
    playouts = playouts_for(plan, args.seed)
    made = time.perf_counter() - began
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        done, report = replay_in_js(playouts, Path(tmp))
        replayed = time.perf_counter() - began
    if report is None:
        print(done.stderr)
        return 1
    ends: dict[str, int] = {}
    for p in playouts:
        key = f"{p['game']} {p['rules']} {p['end_status']}"
        ends[key] = ends.get(key, 0) + 1
    print(f"playouts: {report['playouts']}, moves: {report['moves']:,}, refused tokens: {report['refusals']:,}")
    print(f"Python engines: {made:.1f} s to play them; JS engines: {replayed:.1f} s to replay them")
    print("ends: " + ", ".join(f"{k} {n}" for k, n in sorted(ends.items())))
    print(f"disagreements: {len(report['failures'])}")
    for failure in report["failures"][:3]:
        print(json.dumps(failure)[:2000])
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
