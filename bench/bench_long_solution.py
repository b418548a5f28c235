"""Benchmark: how fast, and in how little memory, a solution file of megabytes is refused (not a test).

    python bench/bench_long_solution.py              # 5,000,000 extra moves (a 15 MB file)
    python bench/bench_long_solution.py --eager      # also the old way: every move read before the replay
    python bench/bench_long_solution.py --extra 1000000

The file is Penguin deal 1's solution (the solver's) followed by ``--extra`` tokens ``1h``:
the game is won at the solution's last move, so the first extra move is refused. Figures:
- ``dealgen verify FILE`` as a command, wall time and peak resident memory of its process
  (``wait4``), next to the same for the solution alone (start-up and imports: the floor);
- in this process, the verify command's own work (reading, checking, the streamed replay)
  timed, with tracemalloc's peak of the memory it allocates;
- with ``--eager``, the same for reading every move first (``parse_solution``) and
  replaying after, as verify did before: the cost that streaming avoids.
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

from dealgen.fileio import read_text  # noqa: E402
from dealgen.solution import parse_solution, stream_solution  # noqa: E402
from dealgen.solve import solve_deal  # noqa: E402
from dealgen.verify import replay, replay_steps  # noqa: E402


def command(path: Path) -> tuple[float, float, str]:
    """``dealgen verify path`` in a process of its own: seconds, peak MB resident, its first line."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", "from dealgen.cli import main; main()", "verify", str(path)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = child.stdout.read().decode()
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # (reaped by wait4)
    seconds = time.perf_counter() - began
    return seconds, usage.ru_maxrss / 1024, output.splitlines()[0] if output else ""


def measured(work) -> tuple[float, float, object]:
    """``work()`` timed, with the peak of what it allocates (MB, tracemalloc)."""
    tracemalloc.start()
    began = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - began
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, peak, result


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
              f"{size / 2**20:.1f} MB")

        base = command(alone)
        full = command(long)
        print(f"dealgen verify, the solution alone:   {base[0]:6.2f} s  {base[1]:7.1f} MB peak resident  ({base[2]})")
        print(f"dealgen verify, the long file:        {full[0]:6.2f} s  {full[1]:7.1f} MB peak resident")
        print(f"  {full[2]}")

        def streamed():
            head, steps = stream_solution(read_text(long, "solution file"), str(long))
            return replay_steps(head, steps)

        seconds, peak, verdict = measured(streamed)
        print(f"in process, streamed (verify's way):  {seconds:6.2f} s  {peak:7.1f} MB allocated at peak "
              f"(the text itself: {size / 2**20:.1f} MB); refused at move {verdict.error.move}")
        if args.eager:
            def eager():
                return replay(parse_solution(read_text(long, "solution file"), str(long)))

            seconds, peak, verdict = measured(eager)
            print(f"in process, every move read first:    {seconds:6.2f} s  {peak:7.1f} MB allocated at peak; "
                  f"refused at move {verdict.error.move}")


if __name__ == "__main__":
    main()
