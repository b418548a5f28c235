"""The Penguin winnability study: figures from a (large) certified scan, read as a stream.

    dealgen scan penguin 1-1000000 --no-grade -o parlett.jsonl        # hours; resumable
    python bench/winnability_study.py parlett.jsonl [--unsolvable-out FILE]

Prints the deals covered (and any gaps), the win rate over the decided deals with its 95%
Wilson interval, the certified unsolvable deals (one in how many), the effort distribution
(positions the search expanded for a solved deal, audit positions for an unsolvable one,
solution lengths) and the two published estimates set beside it: Parlett's "about 90%" and a
reader's "fewer than 1 in 1,500 deals cannot be won", and the unsolvable deals counted by blocks of
100,000 (a rate that drifted along the deal numbers would show there). With --unsolvable-out the certified
unsolvable deal numbers are written to FILE, one a line, with a header naming the scan.
Lines are parsed one at a time, so a million-deal file needs little memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealgen.fileio import write_atomic  # noqa: E402
from dealgen.scan import wilson  # noqa: E402


def percentile(sorted_values: list[int], q: float) -> int:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0
    rank = max(1, -(-len(sorted_values) * q // 100))
    return sorted_values[int(rank) - 1]


def decades(values: list[int]) -> list[tuple[str, int]]:
    """How many values fall in each power of ten: 1-9, 10-99, ..."""
    counts: dict[int, int] = {}
    for v in values:
        counts[len(str(max(v, 1))) - 1] = counts.get(len(str(max(v, 1))) - 1, 0) + 1
    return [(f"{10 ** d:,}-{10 ** (d + 1) - 1:,}", counts[d]) for d in sorted(counts)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scan", type=Path)
    parser.add_argument("--unsolvable-out", type=Path, help="write the certified unsolvable deals here")
    parser.add_argument("--block", type=int, default=100_000, help="count unsolvable deals by blocks this long")
    args = parser.parse_args()

    rules: str | None = None
    deals: list[int] = []
    searched: list[int] = []
    audited: list[tuple[int, int]] = []  # (deal, audit positions)
    lengths: list[int] = []
    unknown: list[int] = []
    with args.scan.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            r = json.loads(line)
            if r.get("game") != "penguin":
                sys.exit(f"{args.scan}:{number}: not a Penguin scan line")
            if rules is None:
                rules = r["rules"]
            elif r["rules"] != rules:
                sys.exit(f"{args.scan}:{number}: rules {r['rules']!r}, the file began with {rules!r}")
            deals.append(r["deal"])
            if r["verdict"] == "solved":
                searched.append(r["metrics"]["states_expanded"])
                lengths.append(len(r["moves"]))
            elif r["verdict"] == "unsolvable":
                if r.get("certified") is not True:
                    sys.exit(f"{args.scan}:{number}: deal {r['deal']} is unsolvable but not certified")
                audited.append((r["deal"], r["metrics"]["audit_positions"]))
            else:
                unknown.append(r["deal"])
    if not deals:
        sys.exit(f"{args.scan}: no scan lines")

    deals.sort()
    first, last = deals[0], deals[-1]
    gaps = last - first + 1 - len(set(deals))
    solved, lost = len(searched), len(audited)
    decided = solved + lost
    low, high = wilson(solved, decided)
    print(f"Penguin ({rules}), deals {first:,}-{last:,}: {len(deals):,} scanned"
          + (f", {gaps:,} missing in that range" if gaps else ""))
    print(f"solved {solved:,}, certified unsolvable {lost:,}, undecided {len(unknown):,}")
    print(f"win rate {100 * solved / decided:.3f}% (95% interval {100 * low:.3f}-{100 * high:.3f}%, Wilson)")
    if lost:
        lo_lost, hi_lost = 1 - high, 1 - low
        print(f"unsolvable: 1 deal in {decided / lost:,.0f} (95% interval 1 in {1 / hi_lost:,.0f} "
              f"to 1 in {1 / lo_lost:,.0f})")
    print("against the published estimates:")
    print(f"  Parlett, 'about 90%' of deals come out: the interval's low end is {100 * low:.2f}%")
    # the claim holds where even the interval's top unsolvable rate is below 1/1500
    if 1 - low < 1 / 1500:
        verdict = "borne out (the whole interval is below 1 in 1,500)"
    elif 1 - high > 1 / 1500:
        verdict = "contradicted (the whole interval is above 1 in 1,500)"
    else:
        verdict = "not settled (the interval straddles 1 in 1,500)"
    print(f"  a reader, 'fewer than 1 in 1,500 cannot be won': {verdict}")

    if last - first + 1 >= 2 * args.block:  # is the rate the same all along? (a drift would show a bias)
        print(f"certified unsolvable by {args.block:,} deals:")
        blocks: dict[int, int] = {}
        for d, _ in audited:
            blocks[(d - first) // args.block] = blocks.get((d - first) // args.block, 0) + 1
        for b in range((last - first) // args.block + 1):
            start = first + b * args.block
            end = min(last, start + args.block - 1)
            print(f"  {start:>9,}-{end:>9,}: {blocks.get(b, 0):>4}")

    searched.sort()
    lengths.sort()
    print("\neffort, positions the search expanded for a solved deal:")
    print("  " + "  ".join(f"p{q:g} {percentile(searched, q):,}" for q in (50, 90, 99, 99.9, 100)))
    for band, count in decades(searched):
        print(f"  {band:>17}: {count:>9,} ({100 * count / solved:.3f}%)")
    if audited:
        audits = sorted(a for _, a in audited)
        print("effort, positions the audit visited to certify an unsolvable deal:")
        print("  " + "  ".join(f"p{q:g} {percentile(audits, q):,}" for q in (50, 90, 100)))
    print("solution length (moves): " + "  ".join(f"p{q:g} {percentile(lengths, q)}" for q in (50, 90, 99, 100)))
    if unknown:
        print(f"undecided deals: {' '.join(map(str, unknown[:50]))}{' ...' if len(unknown) > 50 else ''}")

    if args.unsolvable_out:
        header = (f"# PySolFC Penguin deals {first}-{last}, {rules} rules: the {lost} deals dealgen certified "
                  f"unsolvable\n# (the solver exhausted the deal and the independent audit agreed). "
                  f"From: {args.scan.name}\n")
        write_atomic(args.unsolvable_out, header + "".join(f"{d}\n" for d, _ in sorted(audited)))
        print(f"\nwrote {args.unsolvable_out} ({lost} deals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
