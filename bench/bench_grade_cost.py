"""Benchmark: what the person-like players in the grade cost (issues 48 and 50).

    python bench/bench_grade_cost.py [--game penguin] [--rules R] [--deals 1-100] [--scan 1-10000] [--jobs 2]
                                     [--skip-scan] [--skip-book]

Prints, on the same machine in one run:
- the players alone: the population's games (``solve.people.population``) per deal, compiled
  (Penguin) and pure Python, and the solver with its grading metrics but no players, on ``--deals``;
- the graded scan: ``dealgen scan GAME 1-10000 --jobs 2`` (Penguin's target, issue 48: under
  5 minutes), wall-clock and the CPU of its processes;
- the default book: ``dealgen book --game GAME --jobs 2`` (40 fresh deals, ten of each grade;
  Penguin's target under 15 s), the same.
``--game freecell`` (or another of the family) measures the FreeCell family's players, which are
pure Python only. The machine may be shared: the load average is printed beside the figures, and
CPU seconds are the steadier measure.
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

from dealgen.games import Game, get_game
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


def per_deal(game: Game, rules: str, deals: range, pure: bool) -> float:
    """Milliseconds of CPU per deal for the whole population's games."""
    if pure:
        os.environ[core.PURE_ENV] = "1"
    try:
        code = game.rule_sets.index(rules)
        start = time.process_time()
        for deal in deals:
            population(game, game.deal(deal, rules), code)
        return 1000 * (time.process_time() - start) / len(deals)
    finally:
        os.environ.pop(core.PURE_ENV, None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="penguin")
    parser.add_argument("--rules", default=None, help="the rule set (default: the game's first)")
    parser.add_argument("--deals", default="1-100")
    parser.add_argument("--scan", default="1-10000")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-scan", action="store_true")
    parser.add_argument("--skip-book", action="store_true")
    args = parser.parse_args()
    game = get_game(args.game)
    rules = game.check_rules(args.rules)
    penguin = game.name == "penguin"
    deals = parse_range(args.deals)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; compiled core: {core.describe()}")
    start = time.process_time()
    for deal in deals:
        solve_deal(game, deal, rules, grade=False)
    solver = 1000 * (time.process_time() - start) / len(deals)
    compiled = f"compiled {per_deal(game, rules, deals, False):.1f} ms CPU a deal, " if penguin else ""
    print(f"{game.name} ({rules}) players ({GAMES} games a deal), deals {args.deals}: {compiled}"
          f"pure Python {per_deal(game, rules, deals, True):.1f} ms CPU a deal; the solver without grading "
          f"metrics {solver:.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_scan:
            wall, cpu = timed_command(["scan", game.name, args.scan, "--rules", rules, "--jobs", str(args.jobs),
                                       "-o", str(Path(tmp) / "scan.jsonl")])
            print(f"dealgen scan {game.name} {args.scan} --jobs {args.jobs}: {wall:.1f} s wall, {cpu:.1f} s CPU"
                  f"{' (target under 300 s)' if penguin and args.scan == '1-10000' else ''}; load average "
                  f"{os.getloadavg()[0]:.1f}")
        if not args.skip_book:
            wall, cpu = timed_command(["book", "--game", game.name, "--jobs", str(args.jobs), "-o",
                                       str(Path(tmp) / "book.pdf")])
            print(f"dealgen book --game {game.name} --jobs {args.jobs} (40 puzzles): {wall:.1f} s wall, {cpu:.1f} s "
                  f"CPU{' (target under 15 s)' if penguin else ''}; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
