"""Scaling on a Dask cluster: one scan, run locally and on a cluster of one and of two workers.

    python bench/bench_cluster.py [--deals 1-2000] [--game penguin] [--repeat N]

Runs ``dealgen scan GAME DEALS --no-grade`` with ``--jobs 1``, with ``--jobs 2``, and with
``--cluster`` on a scheduler of this machine (127.0.0.1) with one worker, then two (each
``--nworkers 1 --nthreads 1``, Dask's sampling profiler off as the cluster guide advises, on with
``--profile``); prints each run's wall time (the whole command) and the scan's own
time, the ratio from one worker to two, and checks every output is the same bytes as
``--jobs 1``'s. Workers have imported dealgen before they are timed. With ``--repeat N`` each
run is made N times in turns and its fastest scan is kept (the machine's other work varies). Run it from the repository
root (the workers import dealgen from here); the figures depend on what else the machine is
doing, so the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).with_name("dask")
ENV = {**{k: v for k, v in os.environ.items() if k != "DEALGEN_CLUSTER"}, "PYTHONPATH": str(ROOT),
       # the workers as the cluster guide starts them: Dask's sampling profiler off (--profile keeps it)
       "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False"}
CLI = [sys.executable, "-c", "from dealgen.cli import main; main()"]


def run_scan(game: str, deals: str, how: list[str], out: Path) -> tuple[float, float]:
    """(wall seconds of the command, the seconds its summary reports for the scan)."""
    out.unlink(missing_ok=True)
    began = time.monotonic()
    done = subprocess.run([*CLI, "scan", game, deals, "--no-grade", *how, "-o", str(out)], cwd=ROOT, env=ENV,
                          capture_output=True, text=True)
    wall = time.monotonic() - began
    if done.returncode:
        sys.exit(f"scan {' '.join(how)} failed: {done.stderr}")
    return wall, float(re.search(r"this run: \d+ deals in ([\d.]+) s", done.stdout).group(1))


def start(args: list[str], log: Path) -> subprocess.Popen:
    return subprocess.Popen([str(DASK), *args], cwd=ROOT, env=ENV, stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-2000")
    parser.add_argument("--game", default="penguin")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="leave Dask's sampling profiler on in the workers")
    args = parser.parse_args()
    if args.profile:
        ENV["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "True"
    from distributed import Client

    from dealgen.solve.core import describe

    print(f"dealgen scan {args.game} {args.deals} --no-grade; {os.cpu_count()} cores; search core: {describe()}; "
          f"Dask profiler {'on' if args.profile else 'off'} in the workers")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows: list[tuple[str, float, float]] = []
    outputs: dict[str, Path] = {}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)

        def timed(label: str, how: list[str]) -> None:
            outputs[label] = tmp / f"{len(outputs)}.jsonl"
            runs = [run_scan(args.game, args.deals, how, outputs[label]) for _ in range(args.repeat)]
            rows.append((label, *min(runs, key=lambda run: run[1])))

        timed("--jobs 1", ["--jobs", "1"])
        timed("--jobs 2", ["--jobs", "2"])
        processes = [start(["scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", "127.0.0.1:0"],
                           tmp / "scheduler.log")]
        try:
            while not (found := re.search(r"Scheduler at:\s+(tcp://\S+)", (tmp / "scheduler.log").read_text())):
                time.sleep(0.1)
            address = found.group(1)
            with Client(address, set_as_default=False) as client:
                for workers in (1, 2):
                    processes.append(start(["worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"],
                                           tmp / f"worker{workers}.log"))
                    client.wait_for_workers(workers, timeout=120)
                    client.run(__import__, "dealgen.scan")  # imported before the clock starts, as a pool's would be
                    timed(f"cluster, {workers} worker{'s' * (workers > 1)}", ["--cluster", address])
        finally:
            for process in processes:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        reference = outputs["--jobs 1"].read_bytes()
        same = {label: path.read_bytes() == reference for label, path in outputs.items() if label != "--jobs 1"}
    print(f"{'run':<20} {'wall s':>7} {'scan s':>7} {'deals/s':>8}")
    count = _count(args.deals)
    for label, wall, seconds in rows:
        print(f"{label:<20} {wall:>7.2f} {seconds:>7.2f} {count / seconds:>8.1f}")
    scans = {label: seconds for label, _, seconds in rows}
    print(f"1 -> 2 workers: {scans['cluster, 1 worker'] / scans['cluster, 2 workers']:.2f}x faster; "
          f"--jobs 1 -> --jobs 2: {scans['--jobs 1'] / scans['--jobs 2']:.2f}x; "
          f"2 workers vs --jobs 2: {scans['--jobs 2'] / scans['cluster, 2 workers']:.2f}x the speed")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("outputs identical to --jobs 1: " + ", ".join(f"{label} {'yes' if ok else 'NO'}" for label, ok in same.items()))
    if not all(same.values()):
        sys.exit(1)


def _count(deals: str) -> int:
    first, _, last = deals.partition("-")
    return int(last or first) - int(first) + 1


if __name__ == "__main__":
    main()
