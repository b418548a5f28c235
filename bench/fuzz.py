"""Fuzzing for longer: the suite's properties (tests/fuzzing.py) on fresh inputs, with counts (not a test).

    python bench/fuzz.py                          # 300 inputs a reader, every reader
    python bench/fuzz.py --examples 2000 --readers solution,catalog
    python bench/fuzz.py --seed 7 --keep fuzz-failures/

Each reader's seeds (valid files dealgen reads) are mutated by hypothesis and run through the
command line in this process; the property is the suite's (exit 0, 1 or 2 and no traceback,
one error line for bad input, JSON for --json, nothing half-written, and whatever is accepted
replays through the engine here). Unlike the suite, the inputs are fresh on every run (a
random seed, or --seed), a failure does not stop the run, and nothing is shrunk: the counts
say how many inputs were tried, how they exited, and which broke the property; --keep saves
each failing input with what went wrong. Exit status 1 when any input failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's dealgen and tests, whatever is installed

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzzing import READERS, Fuzzer, describe, keep  # noqa: E402


def fuzz(fuzzer: Fuzzer, reader: str, examples: int, seed: int | None, kept: Path | None, failures: list) -> Counter:
    """Run ``examples`` inputs through ``reader``'s property; the counts by exit code."""
    counts: Counter = Counter()

    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data) -> None:
        given_input = data.draw(fuzzer.inputs(reader))
        outcome = fuzzer.check(reader, given_input.label, given_input.data, as_json=data.draw(st.booleans()))
        counts["tried"] += 1
        counts[f"exit {outcome.code}"] += 1
        if outcome.problem is not None:
            counts["failed"] += 1
            failures.append(outcome)
            if kept is not None:
                keep(outcome, kept, len(failures))

    if seed is not None:
        run = hypothesis_seed(seed)(run)
    run()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=300, help="inputs a reader (default 300)")
    parser.add_argument("--readers", default=",".join(READERS), help=f"which (default all: {','.join(READERS)})")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis's random seed (default: a fresh one)")
    parser.add_argument("--keep", type=Path, default=None, help="save each failing input in this folder")
    args = parser.parse_args()
    readers = [name.strip() for name in args.readers.split(",") if name.strip()]
    unknown = [name for name in readers if name not in READERS]
    if unknown:
        parser.error(f"unknown reader(s) {', '.join(unknown)}: choose from {', '.join(READERS)}")

    failures: list = []
    totals: Counter = Counter()
    with tempfile.TemporaryDirectory() as work:
        began = time.monotonic()
        fuzzer = Fuzzer(Path(work))
        print(f"seeds made in {time.monotonic() - began:.1f} s; {args.examples} inputs a reader")
        print(f"{'reader':10} {'tried':>7} {'exit 0':>7} {'exit 1':>7} {'exit 2':>7} {'other':>6} {'failed':>7} "
              f"{'seconds':>8}")
        for reader in readers:
            began = time.monotonic()
            counts = fuzz(fuzzer, reader, args.examples, args.seed, args.keep, failures)
            other = counts["tried"] - sum(counts[f"exit {code}"] for code in (0, 1, 2))
            print(f"{reader:10} {counts['tried']:7} {counts['exit 0']:7} {counts['exit 1']:7} {counts['exit 2']:7} "
                  f"{other:6} {counts['failed']:7} {time.monotonic() - began:8.1f}", flush=True)
            totals.update(counts)
    other = totals["tried"] - sum(totals[f"exit {code}"] for code in (0, 1, 2))
    print(f"{'all':10} {totals['tried']:7} {totals['exit 0']:7} {totals['exit 1']:7} {totals['exit 2']:7} "
          f"{other:6} {totals['failed']:7}")
    for outcome in failures[:10]:
        print(describe(outcome))
    if len(failures) > 10:
        print(f"... and {len(failures) - 10} more" + (f" (all saved in {args.keep})" if args.keep else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
