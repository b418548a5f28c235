"""Runs on a Dask cluster (issue 41): a real scheduler and two workers on 127.0.0.1, started as
the docs say (`dask scheduler`, `dask worker`), give the same bytes as `--jobs 1`, also when a
worker is killed mid-scan and when the scan is stopped with Ctrl-C and resumed."""

from __future__ import annotations

import itertools
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")  # the `cluster` extra (.ci/run installs it)

from dealgen.cluster import Batching, connect  # noqa: E402
from dealgen.errors import InputError  # noqa: E402

from .conftest import hearing_ctrl_c  # noqa: E402
from .test_scan import _first_waits_for_the_others  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).with_name("dask")
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}  # every process imports this checkout's dealgen
ENV.pop("DEALGEN_CLUSTER", None)
CLI = [sys.executable, "-c", "from dealgen.cli import main; main()"]
SCAN = ["scan", "penguin", "1-300"]  # graded: some 4 s on one core, long enough to kill a worker in
STARTUP = 60  # seconds a scheduler or worker may take to come up on a busy machine


def dealgen(*args: str, env: dict | None = None, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], cwd=ROOT, env=env or ENV, capture_output=True, text=True, timeout=timeout)


class LocalDask:
    """A scheduler and workers, each a process of its own session (killed as a whole machine would be)."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        log = (tmp / "scheduler.log").open("w")
        self.scheduler = subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                           "--dashboard-address", "127.0.0.1:0"], cwd=ROOT, env=ENV,
                                          stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.workers: list[subprocess.Popen] = []
        deadline = time.monotonic() + STARTUP
        while not (found := re.search(r"Scheduler at:\s+(tcp://\S+)", (tmp / "scheduler.log").read_text())):
            assert self.scheduler.poll() is None and time.monotonic() < deadline, (tmp / "scheduler.log").read_text()
            time.sleep(0.1)
        self.address = found.group(1)

    def add_worker(self) -> subprocess.Popen:
        log = (self.tmp / f"worker-{len(self.workers)}.log").open("w")
        worker = subprocess.Popen([str(DASK), "worker", self.address, "--nworkers", "1", "--nthreads", "1",
                                   "--no-dashboard"], cwd=ROOT, env=ENV, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
        self.workers.append(worker)
        return worker

    def wait_for(self, count: int) -> None:
        with connect(self.address) as cluster:
            cluster.client.wait_for_workers(count, timeout=STARTUP)

    def busy_worker(self) -> subprocess.Popen:
        """A worker process with tasks in hand now."""
        with connect(self.address) as cluster:
            busy = [address for address, tasks in cluster.client.processing().items() if tasks]
            assert busy, "no worker was busy: the work had finished"
            pid = cluster.client.run(os.getpid, workers=busy[:1])[busy[0]]
        return next(w for w in self.workers if w.poll() is None and os.getpgid(pid) == w.pid)  # (its session)

    def kill(self, process: subprocess.Popen) -> None:
        try:
            os.killpg(process.pid, signal.SIGKILL)  # the worker and its nanny: gone without a word
        except ProcessLookupError:
            pass
        process.wait(timeout=30)

    def close(self) -> None:
        for process in [*self.workers, self.scheduler]:
            self.kill(process)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    cluster = LocalDask(tmp_path_factory.mktemp("dask"))
    try:
        for _ in range(2):
            cluster.add_worker()
        cluster.wait_for(2)
        yield cluster
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> bytes:
    """SCAN's lines from `--jobs 1`."""
    path = tmp_path_factory.mktemp("reference") / "scan.jsonl"
    result = dealgen(*SCAN, "--jobs", "1", "-o", str(path))
    assert result.returncode == 0, result.stderr
    return path.read_bytes()


def lines_in(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def wait_for_lines(path: Path, count: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while lines_in(path) < count:
        assert process.poll() is None, "the scan ended before the moment it was to be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_a_cluster_scan_writes_the_same_bytes_with_a_worker_killed_mid_scan(dask_cluster, reference, tmp_path) -> None:
    out = tmp_path / "scan.jsonl"
    scan = subprocess.Popen([*CLI, *SCAN, "--cluster", dask_cluster.address, "-o", str(out)], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_lines(out, 30, scan)
        victim = dask_cluster.busy_worker()
        dask_cluster.kill(victim)
        killed_at = lines_in(out)
        stdout, stderr = scan.communicate(timeout=180)
    finally:
        if scan.poll() is None:
            scan.kill()
        dask_cluster.add_worker()  # two again, for the tests that follow
    assert scan.returncode == 0, stderr
    assert killed_at < 300, "the scan was over before the worker was killed"
    assert out.read_bytes() == reference  # no deal lost, none twice, in deal order
    assert "deals: 300  solved: 300" in stdout and "this run: 300 deals" in stdout
    dask_cluster.wait_for(2)


def test_ctrl_c_keeps_the_finished_lines_and_the_cluster_scan_resumes(dask_cluster, reference, tmp_path) -> None:
    out = tmp_path / "scan.jsonl"
    env = {**ENV, "DEALGEN_CLUSTER": dask_cluster.address}  # the address from the environment
    scan = subprocess.Popen([*CLI, *SCAN, "-o", str(out)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=hearing_ctrl_c)
    try:
        wait_for_lines(out, 1, scan)  # (lines come in bursts once a slow batch is back: wait for no more)
        scan.send_signal(signal.SIGINT)
        _, stderr = scan.communicate(timeout=60)
    finally:
        if scan.poll() is None:
            scan.kill()
    assert scan.returncode == 130, stderr
    assert "dealgen: interrupted" in stderr and "Traceback" not in stderr
    kept = out.read_bytes()
    finished = kept.count(b"\n")
    assert 1 <= finished < 300 and reference.startswith(kept)  # whole lines, in order
    again = dealgen(*SCAN, "-o", str(out), env=env)
    assert again.returncode == 0, again.stderr
    assert out.read_bytes() == reference
    assert f"this run: {300 - finished} deals" in again.stdout
    assert re.search(r"\d+/\d+ done, [\d.]+ deals/s, \d+:\d\d:\d\d elapsed, \d+:\d\d:\d\d left", again.stderr)


def test_generate_on_the_cluster_gives_the_same_catalog(dask_cluster, tmp_path) -> None:
    local = dealgen("generate", "penguin", "--count", "4", "--jobs", "1", "-o", str(tmp_path / "local.json"))
    assert local.returncode == 0, local.stderr
    remote = dealgen("generate", "penguin", "--count", "4", "--jobs", "3", "--cluster", dask_cluster.address,
                     "-o", str(tmp_path / "cluster.json"))
    assert remote.returncode == 0, remote.stderr
    assert "--jobs 3 counts local processes" in remote.stderr  # said, not silently dropped
    assert (tmp_path / "cluster.json").read_bytes() == (tmp_path / "local.json").read_bytes()


def test_calibrate_on_the_cluster_gives_the_same_cut_points(dask_cluster, tmp_path) -> None:
    for name, how in (("local", ["--jobs", "1"]), ("cluster", ["--cluster", dask_cluster.address])):
        result = dealgen("calibrate", "penguin", "--deals", "1-40", *how, "-o", str(tmp_path / f"{name}.json"))
        assert result.returncode == 0, result.stderr
    assert (tmp_path / "cluster.json").read_bytes() == (tmp_path / "local.json").read_bytes()


def test_problems_on_the_cluster_print_and_write_what_one_process_does(dask_cluster, tmp_path) -> None:
    runs = {}
    for name, how in (("local", ["--jobs", "1"]), ("cluster", ["--cluster", dask_cluster.address])):
        # deals 18-21 give three problems; --seconds leaves their proofs (under a second each) unhurried
        result = dealgen("problems", "pack-n-stack", "--deals", "18-21", "--seconds", "30", *how,
                         "-o", str(tmp_path / name))
        assert result.returncode == 0, result.stderr
        runs[name] = (result.stdout, result.stderr, {p.name: p.read_bytes() for p in (tmp_path / name).iterdir()})
    assert runs["cluster"] == runs["local"] and len(runs["local"][2]) == 3


def test_results_come_in_order_from_an_endless_stream_and_stop_when_closed(dask_cluster) -> None:
    with connect(dask_cluster.address) as cluster:
        results = cluster.results(itertools.count(), _square)
        assert list(itertools.islice(results, 300)) == [n * n for n in range(300)]
        results.close()  # what was submitted ahead is cancelled, nothing waits
        assert list(cluster.results(iter(()), _square)) == []


def test_one_slow_batch_does_not_leave_the_other_workers_idle(dask_cluster, tmp_path) -> None:
    with connect(dask_cluster.address) as cluster:
        results = list(cluster.results([(str(tmp_path), n) for n in range(300)], _first_waits_for_the_others))
    assert results[0] >= 100  # the other worker went on, far past the batches sent ahead, while task 0 ran
    assert results[1:] == list(range(1, 300))


def _square(n: int) -> int:
    return n * n


def _fails_once(task: tuple[str, int]) -> int:
    """Raises the first time it meets each number (a marker file remembers), then gives it back."""
    folder, n = task
    marker = Path(folder) / str(n)
    if not marker.exists():
        marker.touch()
        raise RuntimeError(f"first try of {n}")
    return n


def _always_fails(n: int) -> int:
    raise RuntimeError(f"deal {n} cannot be solved here")


def test_a_task_that_raises_is_tried_again_and_one_that_always_fails_stops_the_run(dask_cluster, tmp_path) -> None:
    from dealgen.errors import CheckFailed

    with connect(dask_cluster.address) as cluster:
        assert list(cluster.results([(str(tmp_path), n) for n in range(5)], _fails_once)) == list(range(5))
        results = cluster.results(iter(range(3)), _always_fails)
        with pytest.raises(CheckFailed, match=r"the tasks 0 to 0 failed: RuntimeError: deal 0 cannot be solved here"):
            next(results)


def test_batches_grow_to_fill_a_quarter_second_but_start_at_one() -> None:
    size = Batching()
    assert size.next() == 1
    size.measured(1, 0.01)
    assert size.next() == 25
    size.measured(25, 25 * 2.0)  # slow tasks: one at a time again
    assert size.next() == 1


def test_cluster_local_stops_on_a_terminals_ctrl_c_and_resumes(reference, tmp_path) -> None:
    """`--cluster local` starts its own workers; a terminal's Ctrl-C (the whole process group: the
    workers too) stops the run with the finished lines kept and no worker's traceback."""
    out = tmp_path / "scan.jsonl"
    short = [*SCAN[:2], "1-120"]
    scan = subprocess.Popen([*CLI, *short, "--cluster", "local", "--jobs", "2", "-o", str(out)], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=hearing_ctrl_c)
    try:
        wait_for_lines(out, 1, scan)
        os.killpg(scan.pid, signal.SIGINT)
        _, stderr = scan.communicate(timeout=60)
    finally:
        if scan.poll() is None:
            os.killpg(scan.pid, signal.SIGKILL)
    assert scan.returncode == 130, stderr
    assert "Traceback" not in stderr and "Warning" not in stderr and stderr.endswith("dealgen: interrupted\n")
    kept = out.read_bytes()
    assert 1 <= kept.count(b"\n") < 120 and reference.startswith(kept)
    again = dealgen(*short, "--cluster", "local", "--jobs", "1", "-o", str(out))
    assert again.returncode == 0, again.stderr
    assert out.read_bytes() == b"".join(reference.splitlines(keepends=True)[:120])
    assert "Traceback" not in again.stderr and "Warning" not in again.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("address, said", [
    (f"tcp://127.0.0.1:{_free_port()}", "Timed out trying to connect"),
    ("no-port-here", "missing port number"),
    ("   ", "an empty address"),
], ids=["nothing-listening", "no-port", "blank"])  # (ids without the port: -n 2 workers collect alike)
def test_a_cluster_that_cannot_be_reached_is_one_line_and_exit_2_before_any_work(tmp_path, address, said) -> None:
    out = tmp_path / "scan.jsonl"
    result = dealgen(*SCAN, "--cluster", address, "-o", str(out))
    assert result.returncode == 2
    assert result.stderr.startswith("dealgen: error: --cluster") and result.stderr.count("\n") == 1, result.stderr
    assert said in result.stderr and not out.exists() and result.stdout == ""


def test_connect_refuses_what_is_no_address() -> None:
    with pytest.raises(InputError, match="an empty address"):
        with connect(""):
            pass


@pytest.mark.parametrize("command", ["scan", "generate", "calibrate", "book", "daily", "site", "problems"])
def test_every_command_with_jobs_takes_a_cluster(command) -> None:
    from click.testing import CliRunner

    from dealgen.cli import main

    text = CliRunner().invoke(main, [command, "--help"]).output
    assert "--jobs" in text and "--cluster ADDRESS" in text and "DEALGEN_CLUSTER" in text


def _profiling() -> bool:
    import dask

    return dask.config.get("distributed.worker.profile.enabled")


def test_cluster_local_starts_its_workers_without_dasks_sampling_profiler() -> None:
    """The profiler samples each worker's stack every 10 ms: 15-25% of a busy worker's time."""
    with connect("local", processes=1) as cluster:
        assert list(cluster.client.run(_profiling).values()) == [False]


def test_with_every_worker_gone_the_client_says_it_waits(monkeypatch, caplog) -> None:
    """Issue 52: the tasks wait at the scheduler for a worker; the user is told so, not left
    with a silent terminal, and told again when one comes back."""
    import logging
    import threading

    import dealgen.cluster

    monkeypatch.setattr(dealgen.cluster, "NO_WORKERS_SECONDS", 0.5)
    with caplog.at_level(logging.INFO, logger="dealgen"), connect("local", processes=1) as cluster:
        local = cluster.client.cluster
        local.scale(0)
        deadline = time.monotonic() + 30
        while cluster.threads() and time.monotonic() < deadline:
            time.sleep(0.05)
        got: list[int] = []
        runner = threading.Thread(target=lambda: got.extend(cluster.results(range(3), _square)))
        runner.start()
        while "no workers; waiting" not in caplog.text and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "cluster local: no workers; waiting for one to join" in caplog.text
        local.scale(1)
        runner.join(60)
    assert got == [0, 1, 4]
    assert "worker thread again; the work goes on" in caplog.text
