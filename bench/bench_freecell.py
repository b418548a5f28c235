"""Benchmark: the FreeCell family's pure-Python solver on a range of deals, beside fc-solve.

    python bench/bench_freecell.py [--game freecell] [--deals 1-1000] [--max-states 200000] [--no-fcs]

Solves each deal in this one process (one core) and prints: solved / certified unsolvable /
unknown, the CPU seconds in all and per deal, the slowest deals, and the median and 90th
percentile solution length. Where Debian's freecell-solver-bin is installed (and not --no-fcs),
runs ``fc-solve -l lg -m -snx`` on the same deals, one at a time on one core, and prints its time
and solution lengths beside ours (every fc-solve solution verified by our engine too).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import time

from dealgen.games import get_game
from dealgen.solution import stream_solution
from dealgen.solve import solve_deal
from dealgen.verify import replay_steps

FCS_GAMES = {"freecell": "freecell", "bakers-game": "bakers_game", "eight-off": "eight_off",
             "seahaven-towers": "seahaven_towers"}
PRESET = ("-l", "lg")  # fc-solve's "looking-glass" preset, as freecell-solver-range-parallel-solve -l lg runs


def ours(game_name: str, numbers: range, max_states: int) -> None:
    counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
    lengths: list[int] = []
    slow: list[tuple[float, int]] = []
    began = time.process_time()
    for number in numbers:
        t = time.process_time()
        result = solve_deal(game_name, number, max_states=max_states, grade=False)
        slow.append((time.process_time() - t, number))
        counts[result.verdict] += 1
        if result.verdict == "solved":
            lengths.append(len(result.moves))
        elif result.verdict == "unsolvable":
            assert result.extra["certified"]
    spent = time.process_time() - began
    print(f"dealgen (pure Python, one core): {len(numbers)} deals in {spent:.1f} CPU s "
          f"({spent / len(numbers) * 1000:.0f} ms a deal); solved {counts['solved']}, certified unsolvable "
          f"{counts['unsolvable']}, unknown {counts['unknown']}")
    if lengths:
        print(f"  solution length: median {statistics.median(lengths):g}, "
              f"p90 {sorted(lengths)[int(len(lengths) * 0.9)]}")
    print("  slowest deals: " + ", ".join(f"{n} ({s:.1f} s)" for s, n in sorted(slow, reverse=True)[:5]))


def fc_solve(game_name: str, numbers: range) -> None:
    game = get_game(game_name)
    lengths: list[int] = []
    unsolved = 0
    spent = 0.0
    env = {**os.environ, "FREECELL_SOLVER_QUIET": "1"}
    for number in numbers:
        board = game.export(game.deal(number), "fcs")
        before = os.times()
        out = subprocess.run(["fc-solve", "--game", FCS_GAMES[game_name], *PRESET, "-m", "-snx", "-"], input=board,
                             capture_output=True, text=True, env=env).stdout
        after = os.times()
        spent += (after.children_user - before.children_user) + (after.children_system - before.children_system)
        if "I could not solve this game." in out:
            unsolved += 1
            continue
        head, steps = stream_solution(out, f"fc-solve {number}", {"game": game_name, "deal": str(number)})
        verdict = replay_steps(head, steps)
        assert verdict.ok, verdict.line()
        lengths.append(verdict.moves_played)
    print(f"fc-solve (-l lg, one core): {len(numbers)} deals in {spent:.1f} CPU s; "
          f"reported unsolved {unsolved}; every solution verified by dealgen's engine")
    if lengths:
        print(f"  solution length: median {statistics.median(lengths):g}, "
              f"p90 {sorted(lengths)[int(len(lengths) * 0.9)]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="freecell", choices=sorted(FCS_GAMES))
    parser.add_argument("--deals", default="1-1000", metavar="FIRST-LAST")
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument("--no-fcs", action="store_true", help="Skip fc-solve.")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    numbers = range(first, last + 1)
    print(f"{args.game} deals {args.deals}, budget {args.max_states:,} states")
    ours(args.game, numbers, args.max_states)
    if not args.no_fcs and shutil.which("fc-solve"):
        fc_solve(args.game, numbers)


if __name__ == "__main__":
    main()
