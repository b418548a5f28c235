"""Benchmark: the FreeCell family's solver on a range of deals, beside Freecell Solver.

    python bench/bench_freecell.py [--game freecell] [--deals 1-1000] [--max-states 200000] [--no-fcs]
    python bench/bench_freecell.py --scan [--deals 1-32000] [--rounds 2] [--length-step 1]

Default: solves each deal in this one process (one core, whichever search core is in use) and
prints: solved / certified unsolvable / unknown, the CPU seconds in all and per deal, the slowest
deals, and the median and 90th percentile solution length. Where Debian's freecell-solver-bin is
installed (and not --no-fcs), runs ``fc-solve -l lg -m -snx`` on the same deals, one at a time on
one core, and prints its time and solution lengths beside ours (every fc-solve solution verified
by our engine too).

``--scan`` (FreeCell, Microsoft's deals): the issue's race, side by side in one run, one core
each, in turns (``--rounds``; the machine is shared, so the best of each is the figure least
disturbed by other work): the command ``dealgen scan freecell FIRST-LAST --jobs 1 --no-grade``
(a process: start-up, dealing, the search, shortening, two engine replays of every solution,
certifying audits and the JSON lines included) against ``freecell-solver-range-parallel-solve
FIRST LAST 1 -l lg`` (fc-solve's own range solver: its search alone, no solution printed). Times
are CPU seconds of each child process (getrusage), with the load averages. Then every deal's
verdict (each unsolvable one must be certified), and solution lengths: ours from the scan file,
fc-solve's from ``fc-solve -l lg -m -snx`` on every ``--length-step``-th deal, each replayed by our
engine (the moves it plays, foundation moves included, as ours are counted).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dealgen.games import get_game
from dealgen.solution import stream_solution
from dealgen.solve import core, solve_deal
from dealgen.verify import replay_steps

ROOT = Path(__file__).resolve().parents[1]

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
    print(f"dealgen ({core.describe()}, one core): {len(numbers)} deals in {spent:.1f} CPU s "
          f"({spent / len(numbers) * 1000:.0f} ms a deal); solved {counts['solved']}, certified unsolvable "
          f"{counts['unsolvable']}, unknown {counts['unknown']}")
    if lengths:
        print(f"  solution length: median {statistics.median(lengths):g}, "
              f"p90 {sorted(lengths)[int(len(lengths) * 0.9)]}")
    print("  slowest deals: " + ", ".join(f"{n} ({s:.1f} s)" for s, n in sorted(slow, reverse=True)[:5]))


def fc_solve(game_name: str, numbers: range) -> list[int]:
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
    return lengths


# -- the race: dealgen scan against fc-solve's range solver ----------------------------------
def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], **kw) -> tuple[float, float, subprocess.CompletedProcess]:
    cpu, t = children_cpu(), time.perf_counter()
    run = subprocess.run(cmd, check=True, **kw)
    return time.perf_counter() - t, children_cpu() - cpu, run


def race(first: int, last: int, rounds: int, length_step: int) -> None:
    deals = f"{first}-{last}"
    print(f"FreeCell (Microsoft deals) {deals}, one core each, {rounds} round(s) in turn; dealgen core: "
          f"{core.describe()}; load average {load()}", flush=True)
    ours, theirs = [], []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "scan.jsonl"
        for round_ in range(1, rounds + 1):
            out.unlink(missing_ok=True)
            wall, cpu, _ = timed([sys.executable, "-c", "from dealgen.cli import main; main()", "scan", "freecell",
                                  deals, "--jobs", "1", "--no-grade", "-o", str(out)], cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            fwall, fcpu, fcs = timed(["freecell-solver-range-parallel-solve", str(first), str(last), "1", "-l", "lg"],
                                     capture_output=True, text=True)
            ours.append((wall, cpu))
            theirs.append((fwall, fcpu))
            print(f"round {round_}: dealgen scan {wall:7.2f} s wall {cpu:7.2f} s CPU | fc-solve range {fwall:7.2f} s "
                  f"wall {fcpu:7.2f} s CPU | ratio {cpu / fcpu:.2f} CPU | load {load()}", flush=True)
        records = [json.loads(line) for line in out.read_text().splitlines()]
    wall, cpu = min(w for w, _ in ours), min(c for _, c in ours)
    fwall, fcpu = min(w for w, _ in theirs), min(c for _, c in theirs)
    n = last - first + 1
    print(f"best of each: dealgen scan {cpu:.2f} s CPU ({1000 * cpu / n:.2f} ms a deal), fc-solve {fcpu:.2f} s CPU "
          f"({1000 * fcpu / n:.3f} ms a deal)")
    print(f"RATIO dealgen scan / fc-solve range solver, {deals}: {cpu / fcpu:.2f} CPU, {wall / fwall:.2f} wall "
          f"(target at most 1.5, aim 1)")
    by = {v: [r["deal"] for r in records if r["verdict"] == v] for v in ("solved", "unsolvable", "unknown")}
    uncertified = [r["deal"] for r in records if r["verdict"] == "unsolvable" and not r.get("certified")]
    unsolved_fcs = [int(line.split()[3]) for line in fcs.stdout.splitlines() if line.startswith("Unsolved Board No.")]
    expanded = [r["metrics"]["states_expanded"] for r in records]
    print(f"dealgen verdicts: solved {len(by['solved'])}, certified unsolvable {by['unsolvable']} "
          f"(uncertified {uncertified}), undecided {by['unknown']}; positions expanded: mean "
          f"{statistics.mean(expanded):.0f}, median {statistics.median(expanded):g}, most {max(expanded)}")
    print(f"fc-solve range solver: unsolved {unsolved_fcs}")
    ours_len = {r["deal"]: len(r["moves"]) for r in records if r["verdict"] == "solved"}
    sample = range(first, last + 1, length_step)
    print(f"solution lengths on {len(sample)} deals (every {length_step}):", flush=True)
    mine = [ours_len[d] for d in sample if d in ours_len]
    print(f"  dealgen: median {statistics.median(mine):g}, p90 {sorted(mine)[int(len(mine) * 0.9)]}")
    fcs_len = fc_solve("freecell", sample)
    print(f"LENGTH RATIO dealgen / fc-solve (medians): {statistics.median(mine) / statistics.median(fcs_len):.3f} "
          f"(target at most 1, aim 0.8); load average {load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="freecell", choices=sorted(FCS_GAMES))
    parser.add_argument("--deals", default="1-1000", metavar="FIRST-LAST")
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument("--no-fcs", action="store_true", help="Skip fc-solve.")
    parser.add_argument("--scan", action="store_true", help="The race: dealgen scan against fc-solve's range solver.")
    parser.add_argument("--rounds", type=int, default=2, help="--scan: turns of each.")
    parser.add_argument("--length-step", type=int, default=1, help="--scan: fc-solve's lengths on every Nth deal.")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    if args.scan:
        race(first, last, args.rounds, args.length_step)
        return
    numbers = range(first, last + 1)
    print(f"{args.game} deals {args.deals}, budget {args.max_states:,} states")
    ours(args.game, numbers, args.max_states)
    if not args.no_fcs and shutil.which("fc-solve"):
        fc_solve(args.game, numbers)


if __name__ == "__main__":
    main()
