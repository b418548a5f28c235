"""Benchmark: what hostile inputs cost, in time and peak memory (not a test).

    python bench/bench_hostile.py                       # this checkout
    python bench/bench_hostile.py --code /work/main     # another checkout's dealgen, for a before/after

Each case is a `dealgen` command in a process of its own, in a scratch folder; the figures are
its wall time and its peak resident memory (the child's own, from wait4), next to its exit code
and the first line it says. The cases (issue 52): the crafted PDFs of ``tests/fuzzing.py``
(``hostile_pdfs``) given to `verify` and to `book --catalog`; a 16 MB solution of one legal
cycle (Penguin deal 35, ``3a a3`` again and again) to `verify` and `walkthrough`; a 15 MB
solution whose moves go on past the win on one line; a strategy file of 40,000 failing
branches. A case is stopped after ``--timeout`` seconds and under ``--memory`` MB of address space.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzzing import hostile_pdfs  # noqa: E402


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    """(name, dealgen arguments) for each case, its input written into ``folder``."""
    catalog = json.loads((ROOT / "seeds" / "penguin-40.json").read_text())
    catalog["deals"] = catalog["deals"][:1]
    out = []
    for name, data in hostile_pdfs(json.dumps(catalog).encode()).items():
        (folder / f"{name}.pdf").write_bytes(data)
        out.append((f"verify {name}.pdf", ["verify", f"{name}.pdf"]))
    out.append(("book --catalog attachment-bomb.pdf", ["book", "--catalog", "attachment-bomb.pdf", "-o", "b.pdf"]))
    (folder / "cycle.sol").write_text("game: penguin\ndeal: 35\n" + "3a a3 " * ((16 * 2**20 - 40) // 6) + "\n")
    out.append(("verify cycle.sol (16 MB)", ["verify", "cycle.sol"]))
    out.append(("walkthrough cycle.sol (16 MB)", ["walkthrough", "cycle.sol", "-o", "w.pdf"]))
    solution = (ROOT / "tests" / "data" / "penguin-1-fcsolve.sol").read_text().rstrip("\n")
    (folder / "oneline.sol").write_text(solution + " " + "1h " * 5_000_000 + "\n")
    out.append(("verify oneline.sol (15 MB, one line)", ["verify", "oneline.sol"]))
    lines = (ROOT / "tests" / "data" / "pns-26-strategy.txt").read_text().splitlines()
    reply = next(k for k, line in enumerate(lines) if line.startswith("  red "))
    (folder / "many.txt").write_text("\n".join(lines[:reply + 2] + lines[reply:reply + 2] * 40_000
                                               + lines[reply + 2:]) + "\n")
    out.append(("verify many.txt (40,000 failing branches)", ["verify", "many.txt"]))
    return out


def run(code: Path, folder: Path, args: list[str], timeout: float, memory: int) -> tuple[float, float, str, str]:
    """Seconds, peak MB, exit code and the first line said, of ``dealgen ARGS`` from ``code``."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory * 2**20, memory * 2**20))

    began = time.monotonic()
    child = subprocess.Popen([sys.executable, "-c", "from dealgen.cli import main; main()", *args], cwd=folder,
                             env={**os.environ, "PYTHONPATH": str(code)}, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, preexec_fn=limit)
    try:
        said, _ = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        said, _ = child.communicate()
        code_text = "timeout"
    else:
        code_text = str(child.returncode)
    seconds = time.monotonic() - began
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # (the largest child so far)
    first = next((line for line in said.decode("utf-8", "replace").splitlines() if line.strip()), "")
    return seconds, peak, code_text, first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose dealgen runs (default: this one)")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--memory", type=int, default=4000, help="MB of address space a case may take")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        print(f"dealgen from {args.code}")
        print(f"{'case':44} {'seconds':>8} {'peak MB':>8} {'exit':>7}  first line")
        for name, command in cases(folder):
            # each case in a fresh process whose peak is its own: a helper process per case
            helper = subprocess.run([sys.executable, __file__, "--one", json.dumps([str(args.code), str(folder),
                                     command, args.timeout, args.memory])], capture_output=True, text=True)
            seconds, peak, code, first = json.loads(helper.stdout)
            print(f"{name:44} {seconds:8.2f} {peak:8.0f} {code:>7}  {first[:110]}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        code, folder, command, timeout, memory = json.loads(sys.argv[2])
        print(json.dumps(run(Path(code), Path(folder), command, timeout, memory)))
    else:
        main()
