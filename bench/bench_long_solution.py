"""Benchmark: how fast, and in how little memory, a solution file of megabytes is refused (not a test).

    python bench/bench_long_solution.py              # 5,000,000 extra moves (a 15 MB file)
    python bench/bench_long_solution.py --eager      # also the old way: every move read before the replay
    python bench/bench_long_solution.py --extra 1000000

The file is Penguin deal 1's solution (the solver's) followed by ``--extra`` tokens ``1h``:
the game is won at the solution's last move, so the first extra move is refused. Figures:
- ``dealgen verify FILE`` as a command: wall time, and the peak resident memory of its process
  (VmHWM, Linux), next to the same for the solution alone (start-up and imports: the floor);
- in this process, the verify command's own work (reading, checking, the streamed replay):
  the best of three times, and tracemalloc's peak of the memory it allocates;
- with ``--eager``, in a process of its own, reading every move first (``parse_solution``)
  and replaying after, as verify did before: the cost that streaming avoids.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's dealgen, whatever is installed

# In a child: its own peak resident memory, written to standard error at exit (VmHWM counts
# this process's memory alone; getrusage's maxrss would count the parent it was forked from).
PEAK = """
import atexit, sys, time
began = time.perf_counter()
def peak():
    try:
        kb = next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:"))
    except OSError:
        kb = "0"
    sys.stderr.write(f"\\nPEAK {kb} {time.perf_counter() - began:.3f}\\n")
atexit.register(peak)
"""
EAGER = PEAK + """
from dealgen.fileio import read_text
from dealgen.solution import parse_solution
from dealgen.verify import replay
print(replay(parse_solution(read_text(sys.argv[1], "solution file"), sys.argv[1])).line())
"""
VERIFY = PEAK + "from dealgen.cli import main\nmain()\n"

from dealgen.fileio import read_text  # noqa: E402
from dealgen.solution import stream_solution  # noqa: E402
from dealgen.solve import solve_deal  # noqa: E402
from dealgen.verify import replay_steps  # noqa: E402


def child(code: str, *args: str) -> tuple[float, float, str]:
    """``code`` run in a process of its own: its seconds (from its start), its peak MiB resident,
    and the first line it prints."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True)
    kb, seconds = done.stderr.rsplit("PEAK ", 1)[1].split()
    output = (done.stdout + done.stderr.rsplit("PEAK ", 1)[0]).strip()
    return float(seconds), int(kb) / 1024, output.splitlines()[0] if output else ""


def streamed(path: Path):
    head, steps = stream_solution(read_text(path, "solution file"), str(path))
    return replay_steps(head, steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extra", type=int, default=5_000_000, help="moves after the winning one (default 5,000,000)")
    parser.add_argument("--eager", action="store_true", help="also time reading every move before the replay")
    args = parser.parse_args()

    solution = solve_deal("penguin", 1, grade=False).to_solution()
    with tempfile.TemporaryDirectory() as folder:
        alone = Path(folder) / "solution.sol"
        alone.write_text(solution.format())
        long = Path(folder) / "long.sol"
        line = " ".join(["1h"] * 12) + "\n"
        with open(long, "w") as handle:
            handle.write(solution.format())
            handle.write(line * (args.extra // 12) + " ".join(["1h"] * (args.extra % 12)) + "\n")
        size = long.stat().st_size
        print(f"file: penguin deal 1's solution ({len(solution.moves)} moves) and {args.extra:,} moves '1h': "
              f"{size / 1e6:.1f} MB ({size / 2**20:.1f} MiB)")

        base = child(VERIFY, "verify", str(alone))
        full = child(VERIFY, "verify", str(long))
        print(f"dealgen verify, the solution alone:  {base[0]:7.2f} s  {base[1]:7.1f} MiB peak resident  ({base[2]})")
        print(f"dealgen verify, the long file:       {full[0]:7.2f} s  {full[1]:7.1f} MiB peak resident")
        print(f"  {full[2]}")

        times = []
        for _ in range(3):
            began = time.perf_counter()
            verdict = streamed(long)
            times.append(time.perf_counter() - began)
        tracemalloc.start()
        streamed(long)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        print(f"in process, read, streamed replay:   {min(times):7.2f} s  {peak:7.1f} MiB allocated at peak "
              f"(the text itself: {size / 2**20:.1f} MiB); refused at move {verdict.error.move}")
        if args.eager:
            eager = child(EAGER, str(long))
            print(f"every move read first, then replayed: {eager[0]:6.2f} s  {eager[1]:7.1f} MiB peak resident "
                  f"(its own process)")
            print(f"  {eager[2]}")


if __name__ == "__main__":
    main()
