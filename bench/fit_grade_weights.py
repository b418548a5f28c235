"""Fit a game's grading weights on its calibration sample (issue 48), and print them.

    dealgen scan penguin 1001-3000 --rules parlett --jobs 2 -o /tmp/cal.jsonl
    python bench/fit_grade_weights.py /tmp/cal.jsonl --cap players_lost=0.5 [--metrics A,B,...] [--jobs 2]
                                      [--played FILE]

The person-like players play every solved deal of the scan again with fresh noise
(``dealgen.validation.fresh_play``); every split of the weights in steps of 0.1 over the
metrics is tried, and the one whose effort score best orders that win rate (most negative
Spearman) is printed, with each metric's own Spearman for comparison. ``--played FILE`` keeps
the fresh games (JSON, deal -> games): a later run with the same file reads them instead of
playing again, to try other metrics or caps. The weights that ship
are in ``dealgen/grade.py`` (``WEIGHTS``) and the game modules (``grade_weights``); the deals a
calibration fits on must not be the deals it is validated on (``dealgen calibrate --validate``).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from dealgen.validation import fit_weights, fresh_play, spearman, win_rate

CANDIDATES = "min_cells,states_expanded,expanded_share,solution_length,players_lost"  # (max_cells: 2 values in 2000 deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scan", help="a graded scan of the calibration sample (JSON lines)")
    parser.add_argument("--metrics", default=CANDIDATES, help=f"the metrics to weigh (default {CANDIDATES})")
    parser.add_argument("--cap", action="append", default=[], metavar="METRIC=W",
                        help="the most weight a metric may get (e.g. players_lost=0.5); repeatable")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--played", metavar="FILE", help="keep the fresh games here, or read them if it exists")
    args = parser.parse_args()
    records = [json.loads(line) for line in open(args.scan, encoding="utf-8")]
    solved = [r for r in records if r["verdict"] == "solved"]
    game, rules = solved[0]["game"], solved[0]["rules"]
    names = args.metrics.split(",")
    start = time.perf_counter()
    kept = Path(args.played) if args.played else None
    if kept is not None and kept.is_file():
        played = {int(deal): games for deal, games in json.loads(kept.read_text(encoding="utf-8")).items()}
    else:
        played = fresh_play(game, rules, [r["deal"] for r in solved], args.jobs)
        if kept is not None:
            kept.write_text(json.dumps(played) + "\n", encoding="utf-8")
    print(f"{game} {rules}: {len(solved)} solved deals of {len(records)}, fresh games in "
          f"{time.perf_counter() - start:.1f} s")
    rates = [win_rate(played[r["deal"]]) for r in solved]
    print(f"players' win rate: {sum(rates) / len(rates):.3f} on average")
    for name in names:
        values = [r["metrics"].get(name, 0) for r in solved]
        print(f"  {name:<16} alone: Spearman {spearman(values, rates):+.3f}, {len(set(values))} distinct values")
    caps = {name: float(w) for name, w in (cap.split("=") for cap in args.cap)}
    weights, rho = fit_weights(solved, played, names, caps=caps)
    print(f"best weights: {weights}  Spearman {rho:+.3f}")


if __name__ == "__main__":
    main()
