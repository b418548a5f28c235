"""Benchmark: dealgen's Penguin solver against Freecell Solver, side by side (not a test).

    python bench/bench_solver.py                   # deals 1-1000, parlett, scan ratio on 1-100
    python bench/bench_solver.py --deals 1-100     # a quick run
    python bench/bench_solver.py --grade           # also time solving with grading metrics

fc-solve gets dealgen's ``fcs`` export (ranks relabelled so the beak is the Ace) with 7
freecells, 7 stacks, suit building, kings-only spaces and unlimited sequence moves, and
is timed two ways:
- ``fc-solve (process)``: the Debian ``fc-solve`` binary, one process per deal, wall time
  around ``subprocess.run`` (what a script calling it per deal pays, start-up included);
- ``fc-solve (in-process)``: ``libfreecell-solver.so.0`` through ctypes, one instance
  recycled between deals, wall time around ``solve_board`` (the C search alone).
dealgen is timed in this process around ``solve_deal(..., grade=False)``: verdict,
solution, the shortening pass and the engine replay every solution must pass (the
engine replay is also shown on its own). Deals run one after another on one core.

Disagreements are listed; fc-solve forbids packing the rank below the beak on the beak,
which these rules allow, so dealgen may solve a deal fc-solve gives up on, never the
reverse.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import dealgen.verify
from dealgen.games.penguin import PENGUIN
from dealgen.scan import parse_range, scan
from dealgen.solve import solve_deal

FCS_ARGS = ["--freecells-num", "7", "--stacks-num", "7", "--sequences-are-built-by", "suit",
            "--empty-stacks-filled-by", "kings", "--sequence-move", "unlimited"]
LIBRARY = "libfreecell-solver.so.0"


def fc_solve_process(boards: dict[int, str], tmp: Path, fcs_args: list[str] = FCS_ARGS) -> dict[int, tuple[str, float]]:
    exe = shutil.which("fc-solve")
    if exe is None:
        sys.exit("fc-solve is not installed (Debian: apt-get install freecell-solver-bin)")
    out = {}
    for n, board in boards.items():
        path = tmp / f"{n}.fcs"
        path.write_text(board)
        t = time.perf_counter()
        run = subprocess.run([exe, *fcs_args, str(path)], capture_output=True, text=True)
        dt = time.perf_counter() - t
        text = run.stdout
        verdict = ("solved" if "This game is solveable" in text else
                   "unsolvable" if "I could not solve this game" in text else "unknown")
        out[n] = (verdict, dt)
    return out


def fc_solve_library(boards: dict[int, str]) -> dict[int, tuple[str, float]] | None:
    try:
        lib = ctypes.CDLL(LIBRARY)
    except OSError:
        return None
    lib.freecell_solver_user_alloc.restype = ctypes.c_void_p
    for name in ("solve_board", "recycle", "free", "set_num_freecells", "set_num_stacks",
                 "set_sequences_are_built_by_type", "set_empty_stacks_filled_by", "set_sequence_move"):
        getattr(lib, f"freecell_solver_user_{name}").argtypes = (
            [ctypes.c_void_p, ctypes.c_char_p] if name == "solve_board" else
            [ctypes.c_void_p] if name in ("recycle", "free") else [ctypes.c_void_p, ctypes.c_int])
    user = ctypes.c_void_p(lib.freecell_solver_user_alloc())
    lib.freecell_solver_user_set_num_freecells(user, 7)
    lib.freecell_solver_user_set_num_stacks(user, 7)
    lib.freecell_solver_user_set_sequences_are_built_by_type(user, 1)  # FCS_SEQ_BUILT_BY_SUIT
    lib.freecell_solver_user_set_empty_stacks_filled_by(user, 1)  # FCS_ES_FILLED_BY_KINGS_ONLY
    lib.freecell_solver_user_set_sequence_move(user, 1)  # unlimited
    codes = {0: "solved", 1: "unsolvable"}
    out = {}
    for n, board in boards.items():
        data = board.encode()
        t = time.perf_counter()
        code = lib.freecell_solver_user_solve_board(user, data)
        dt = time.perf_counter() - t
        lib.freecell_solver_user_recycle(user)
        out[n] = (codes.get(code, "unknown"), dt)
    lib.freecell_solver_user_free(user)
    return out


def dealgen_runs(deals: range, grade: bool) -> tuple[dict[int, tuple[str, float]], dict[int, str], float, int]:
    replay_time = [0.0]
    original = dealgen.verify.replay

    def timed_replay(solution):  # instrumentation only: the same replay, timed
        t = time.perf_counter()
        try:
            return original(solution)
        finally:
            replay_time[0] += time.perf_counter() - t

    dealgen.verify.replay = timed_replay
    out, why, moves = {}, {}, 0
    try:
        for n in deals:
            t = time.perf_counter()
            r = solve_deal("penguin", n, "parlett", grade=grade)
            out[n] = (r.verdict, time.perf_counter() - t)
            moves += len(r.moves)
            if r.verdict != "solved":
                why[n] = r.explanation or f"budget: {r.budget}"
    finally:
        dealgen.verify.replay = original
    return out, why, replay_time[0], moves


def row(name: str, results: dict[int, tuple[str, float]], base: float | None) -> str:
    verdicts = [v for v, _ in results.values()]
    times = [t for _, t in results.values()]
    total = sum(times)
    ratio = f"{total / base:7.2f}" if base else "      -"
    return (f"{name:28s} {verdicts.count('solved'):6d} {verdicts.count('unsolvable'):6d} "
            f"{verdicts.count('unknown'):6d} {total:9.2f} {statistics.median(times) * 1000:9.2f} {ratio}")


def scan_rates(deal_range: str) -> None:
    """Deals per second of a default scan (with grading) with one and with two processes."""
    sdeals = parse_range(deal_range)
    rates = {}
    for jobs in (1, 2):
        with tempfile.TemporaryDirectory() as tmp:
            report = scan("penguin", sdeals, "parlett", jobs, path=Path(tmp) / "scan.jsonl")
        rates[jobs] = report.rate
        print(f"\nscan {deal_range} --jobs {jobs} (with grading): {report.new} deals in "
              f"{report.seconds:.2f} s, {report.rate:.2f} deals/s", end="")
    print(f"\n--jobs 2 / --jobs 1 rate: {rates[2] / rates[1]:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", default="1-1000", help="range of deals (default 1-1000)")
    ap.add_argument("--scan-deals", default="1-100", help="range for the --jobs 1 vs 2 scan rates ('' to skip)")
    ap.add_argument("--grade", action="store_true", help="also time dealgen with the grading metrics")
    ap.add_argument("--scan-only", action="store_true", help="only the --jobs 1 vs 2 scan rates")
    args = ap.parse_args()
    if args.scan_only:
        print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
        scan_rates(args.scan_deals)
        print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return
    deals = parse_range(args.deals)
    print(f"deals {args.deals} (parlett); load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores", flush=True)
    boards = {n: PENGUIN.export(PENGUIN.deal(n), "fcs") for n in deals}

    with tempfile.TemporaryDirectory() as tmp:
        fcs_proc = fc_solve_process(boards, Path(tmp))
    fcs_lib = fc_solve_library(boards)
    ours, why, replay_total, moves = dealgen_runs(deals, grade=False)

    print(f"\n{'tool':28s} {'solved':>6s} {'unsolv':>6s} {'unknwn':>6s} {'total s':>9s} {'median ms':>9s} {'dealgen/x':>7s}")
    total = sum(t for _, t in ours.values())
    print(row("dealgen solve", ours, None))
    print(row("fc-solve (process)", fcs_proc, None) + f"   dealgen/fc-solve = {total / sum(t for _, t in fcs_proc.values()):.2f}")
    if fcs_lib is not None:
        print(row("fc-solve (in-process)", fcs_lib, None) + f"   dealgen/fc-solve = {total / sum(t for _, t in fcs_lib.values()):.2f}")
    else:
        print(f"fc-solve (in-process): {LIBRARY} not found")
    print(f"  of dealgen's {total:.2f} s, {replay_total:.2f} s is the engine replay of {moves} solution moves "
          f"({1000 * replay_total / max(moves, 1):.2f} ms a move); search and shortening {total - replay_total:.2f} s")
    if args.grade:
        graded, _, _, _ = dealgen_runs(deals, grade=True)
        print(row("dealgen solve + grade", graded, None) +
              f"   (grading metrics add {sum(t for _, t in graded.values()) - total:.2f} s)")

    print("\ndisagreements (dealgen vs fc-solve process / in-process):")
    count = 0
    for n in deals:
        mine, theirs = ours[n][0], fcs_proc[n][0]
        lib = fcs_lib[n][0] if fcs_lib else theirs
        if mine != theirs or lib != theirs:
            count += 1
            print(f"  deal {n}: dealgen {mine}, fc-solve {theirs} / {lib}")
            if mine == "unsolvable":
                print(f"    dealgen: {why[n]}")
            elif mine == "solved" and theirs != "solved":
                print("    dealgen's solution replays and wins through the engine; fc-solve cannot pack the "
                      "rank below the beak on the beak (or its default scan gave up)")
    print(f"  {count} deal(s)")
    for n, text in why.items():
        if ours[n][0] == "unsolvable" and fcs_proc[n][0] != "solved":
            print(f"  deal {n} unsolvable for both; dealgen: {text}")

    if args.scan_deals:
        scan_rates(args.scan_deals)
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
